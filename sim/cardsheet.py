"""Draw the card sprite sheet and store it as lib/taki_ui/cards.bmp (desktop
only; the board reads the file, see taki_ui.cardart).

    python -m sim.cardsheet           write lib/taki_ui/cards.bmp
    python -m sim.cardsheet --check   exit 1 if the shipped file differs

One 20x28 tile per card face in palette indices (see cardart's docstring),
19 tiles (and a spare) in a 400x28 4-bit BMP: a 14-byte file header, a 40-byte
BITMAPINFOHEADER, 16 palette entries, rows bottom-up (200 bytes each, so no
padding). The palette in the file is only for people looking at it; on the
board each card slot has its own.
"""

import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "lib", "taki_ui", "cards.bmp")

W = 20
H = 28
NTILES = 19
BACK = 18
SHEET_W = 400

# 1-bit pictures, '#' = ink, drawn at 2x in the middle of the card.
_DIGITS = {
    "1": ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "3": ("####.", "....#", "...#.", "..##.", "....#", "#...#", ".###."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
}
_ART = (
    # +2
    ("........", "..#..###", "..#.#..#", "#####..#", "..#...#.", "..#..#..", "....####"),
    # STOP: a hand-up octagon
    (".######.", "########", "##....##", "########", "##....##", "########", ".######."),
    # DIR: two arrows
    ("...#....", "..######", "...#....", "........", "....#...", "######..", "....#..."),
    # PLUS
    ("...##...", "...##...", "########", "########", "...##...", "...##...", "........"),
    # TAKI
    ("###.###.", ".#..#.#.", ".#..###.", ".#..#.#.", "........", "#.#.###.", "##...#..",
     "#.#.###."),
    None,  # COLOR: the four quarters, no ink
    # SUPERTAKI: the quarters with a T
    ("########", "########", "...##...", "...##...", "...##...", "...##...", "...##..."),
    # KING: a crown
    ("#..##..#", "#..##..#", "##.##.##", "########", "########", "........", "########"),
    # +3
    ("........", "..#..###", "..#....#", "#####.##", "..#....#", "..#....#", "....###."),
    # +3BREAK: the +3 crossed out
    ("#.......", ".##..###", "..##...#", "####.###", "..#.##.#", "..#..##.", "....###."),
)

# What people see when they open the file (the board uses its own palettes).
_VIEW = (0x003018, 0xFFFFFF, 0x303030, 0xF0F0F0, 0xD02020, 0x20A040, 0x2050E0, 0xE0C000)


class Sheet:
    """SHEET_W x H palette indices."""

    def __init__(self):
        self.px = bytearray(SHEET_W * H)

    def fill(self, x1, y1, x2, y2, v):
        for y in range(y1, y2):
            self.px[y * SHEET_W + x1:y * SHEET_W + x2] = bytes((v,)) * (x2 - x1)

    def __setitem__(self, xy, v):
        self.px[xy[1] * SHEET_W + xy[0]] = v

    def __getitem__(self, xy):
        return self.px[xy[1] * SHEET_W + xy[0]]


def _stamp(sheet, x0, y0, rows, value):
    """Draw a row-string picture at 2x with its top-left at (x0, y0)."""
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c == "#":
                sheet.fill(x0 + 2 * x, y0 + 2 * y, x0 + 2 * x + 2, y0 + 2 * y + 2, value)


def _face(sheet, tile, quarters):
    x0 = tile * W
    sheet.fill(x0, 0, x0 + W, H, 3)
    sheet.fill(x0 + 1, 1, x0 + W - 1, H - 1, 2)
    if quarters:
        for q in range(4):
            qx = x0 + 2 + (q % 2) * 8
            qy = 3 + (q // 2) * 11
            sheet.fill(qx, qy, qx + 8, qy + 11, 4 + q)
    for x, y in ((0, 0), (W - 1, 0), (0, H - 1), (W - 1, H - 1)):
        sheet[x0 + x, y] = 0


def draw():
    """The whole sheet."""
    sheet = Sheet()
    for s in range(8):
        _face(sheet, s, False)
        _stamp(sheet, s * W + 5, 7, _DIGITS["13456789"[s]], 1)
    for i, art in enumerate(_ART):
        tile = 8 + i
        _face(sheet, tile, tile in (13, 14))
        if art is not None:
            _stamp(sheet, tile * W + 2, 14 - len(art), art, 1)
    _face(sheet, BACK, False)
    for y in range(3, H - 3, 4):  # a simple hatched back
        sheet.fill(BACK * W + 3, y, BACK * W + W - 3, y + 2, 1)
    return sheet


def bmp(sheet):
    """The sheet as the bytes of a 4-bit BMP file."""
    row = SHEET_W // 2
    pal = b"".join(struct.pack("<BBBB", c & 255, c >> 8 & 255, c >> 16, 0)
                   for c in _VIEW + (0,) * (16 - len(_VIEW)))
    offset = 14 + 40 + len(pal)
    size = offset + row * H
    out = bytearray(struct.pack("<2sIHHI", b"BM", size, 0, 0, offset))
    out += struct.pack("<IiiHHIIiiII", 40, SHEET_W, H, 1, 4, 0, row * H, 2835, 2835, 16, 0)
    out += pal
    for y in range(H - 1, -1, -1):  # bottom-up
        for x in range(0, SHEET_W, 2):
            out.append(sheet[x, y] << 4 | sheet[x + 1, y])
    return bytes(out)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    data = bmp(draw())
    if "--check" in argv:
        with open(OUT, "rb") as f:
            same = f.read() == data
        print("cards.bmp is up to date" if same else
              "cards.bmp differs from what sim.cardsheet draws: run python -m sim.cardsheet")
        return 0 if same else 1
    with open(OUT, "wb") as f:
        f.write(data)
    print("wrote %s (%d bytes)" % (os.path.relpath(OUT, ROOT), len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
