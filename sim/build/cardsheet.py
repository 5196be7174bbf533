"""Draw the card sprite sheet and store it as lib/taki_ui/cards.bmp (desktop
only; the board reads the file, see taki_ui.cardart).

    python -m sim.build.cardsheet           write lib/taki_ui/cards.bmp
    python -m sim.build.cardsheet --check   exit 1 if the shipped file (or the strip
                                      table in cardart.py) differs

A card is 20x28 pixels and is shown as four 20x7 *strips* (a TileGrid of
1x4 tiles): the top strip carries the colour's mark (one strip per colour,
shared by the 13 symbols; colourless cards and the back have their own),
the three others the face's picture. Strips that several faces share (the
blank bottoms) are stored once, so the sheet holds fewer pixels than 19 whole
faces did. The sheet is one row of NSTRIPS strips in a 4-bit BMP: a 14-byte
file header, a 40-byte BITMAPINFOHEADER, 16 palette entries, rows bottom-up
(SHEET_W / 2 bytes each, a multiple of 4, so no padding). The palette in the
file is only for people looking at it; on the board each card slot has its
own (see cardart's docstring for the indices).

Where the strips go:
    0..18               the second strip (rows 7..13) of face f, at index f,
                        so a card's tile 1 says which face it shows
    MARK0 + c           the top strip of a card of colour c (its mark)
    MARK_CELLS          one strip holding the four marks alone, 5x7 cells
                        on transparent (tiles of 5x7: MARK_CELLS * 4 + c),
                        for the colour swatch and the colour picker
    the rest            the other strips, deduplicated; cardart.STRIPS gives,
                        for face f, its top, third and bottom strip at
                        STRIPS[3f], [3f + 1], [3f + 2]
"""

import ast
import os
import struct
import sys

from sim import ROOT

OUT = os.path.join(ROOT, "lib", "taki_ui", "cards.bmp")
CARDART = os.path.join(ROOT, "lib", "taki_ui", "cardart.py")
SHEET = os.path.join(ROOT, "lib", "taki_ui", "sheet.py")  # SHEET_SUM

W = 20
H = 28
SH = 7  # strip height
NFACES = 19  # 13 symbols, COLOR SUPERTAKI KING +3 +3BREAK, the back
BACK = 18
MARK0 = 19  # top strips with a colour's mark: MARK0 + c
MARK_CELLS = 23  # the four marks alone, 5x7 cells
MARK_X = 2  # where the mark sits on a card (its 5x5 box)
MARK_Y = 2

FACE_NAMES = ("1", "3", "4", "5", "6", "7", "8", "9", "+2", "STOP", "DIR", "PLUS", "TAKI",
              "COLOR", "SUPERTAKI", "KING", "+3", "+3BREAK", "back")

# Palette indices (cardart): 0 transparent, 1 ink, 2 body, 3 border, 4..7
# red green blue yellow. In the pictures below: '.' leaves a pixel as it is,
# '#' ink, 'o' body (carves ink away), 'r' 'g' 'b' 'y' the four colours.
_CODE = {"#": 1, "o": 2, "r": 4, "g": 5, "b": 6, "y": 7}

# The colours' marks, 5x5, in the card's ink: red a heart, green a triangle,
# blue a hollow square, yellow a cross. Four outlines unlike each other
# (solid with a notch on top, solid and pointed, hollow, two thin lines),
# each at least 12 of its 25 pixels away from every other, so they tell the
# colours apart without the colours.
MARK_NAMES = ("heart", "triangle", "square", "cross")
MARKS = (
    ("##.##",
     "#####",
     "#####",
     ".###.",
     "..#.."),
    ("..#..",
     ".###.",
     ".###.",
     "#####",
     "#####"),
    ("#####",
     "#...#",
     "#...#",
     "#...#",
     "#####"),
    ("#...#",
     ".#.#.",
     "..#..",
     ".#.#.",
     "#...#"),
)

# Digits 5x7, drawn at 2x (2-pixel strokes).
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
# Narrow digits 4x7 (at 2x) for +2 and +3, and the plus beside them (1x).
_SMALL = {
    "2": (".##.", "#..#", "...#", "..#.", ".#..", "#...", "####"),
    "3": ("###.", "...#", "...#", ".##.", "...#", "...#", "###."),
}
_PLUS_SMALL = ("..##..", "..##..", "######", "######", "..##..", "..##..")

_STOP = (  # a raised hand, palm out, thumb to the left
    "......##......",
    "...##.##.##...",
    "...##.##.##...",
    "...##.##.##.##",
    "...##.##.##.##",
    "...##.##.##.##",
    "...##.##.##.##",
    "...###########",
    "##.###########",
    "###.##########",
    ".#############",
    ".#############",
    "..############",
    "...##########.",
    "...#########..",
    "....########..",
    "....#######...",
)
_DIR = (  # two bold arrows, one each way
    "....#...........",
    "...##...........",
    "..##############",
    ".###############",
    "..##############",
    "...##...........",
    "....#...........",
    "................",
    "...........#....",
    "...........##...",
    "##############..",
    "###############.",
    "##############..",
    "...........##...",
    "...........#....",
)
_PLUS = (
    ".....####.....",
    ".....####.....",
    ".....####.....",
    ".....####.....",
    ".....####.....",
    "##############",
    "##############",
    "##############",
    "##############",
    ".....####.....",
    ".....####.....",
    ".....####.....",
    ".....####.....",
    ".....####.....",
)
_LETTERS = {
    "T": ("######", "######", "..##..", "..##..", "..##..", "..##..", "..##..", "..##.."),
    "A": (".####.", "##..##", "##..##", "##..##", "######", "######", "##..##", "##..##"),
    "K": ("##..##", "##.##.", "####..", "###...", "####..", "##.##.", "##..##", "##..##"),
    "I": ("######", "..##..", "..##..", "..##..", "..##..", "..##..", "..##..", "######"),
}
_CROWN = (  # gold, with red stones and a white band
    ".yy.....yy.....yy.",
    ".yy.....yy.....yy.",
    ".yy....yyyy....yy.",
    ".yyy...yyyy...yyy.",
    ".yyyy.yyyyyy.yyyy.",
    ".yyyyyyyyyyyyyyyy.",
    ".yyyyyyyyyyyyyyyy.",
    ".yyyrryyyrryyrryy.",
    ".yyyrryyyrryyrryy.",
    ".yyyyyyyyyyyyyyyy.",
    ".################.",
    ".################.",
)
_BOLT = (  # the +3 Breaker's bolt: its yellow span (x1, x2) row by row from row 7
    (16, 18), (15, 17), (14, 16), (13, 15), (12, 14), (11, 13), (10, 12), (9, 11),
    (8, 14), (11, 13), (10, 12), (9, 11), (8, 10), (7, 9), (6, 8), (5, 7), (4, 6),
    (3, 5), (2, 4))
_BACK = (  # a frame and a diamond
    "##############",
    "#............#",
    "#.....##.....#",
    "#....#..#....#",
    "#...#.##.#...#",
    "#..#.#..#.#..#",
    "#.#.#.##.#.#.#",
    "##.#.#..#.#.##",
    "#.#.#.##.#.#.#",
    "#..#.#..#.#..#",
    "#...#.##.#...#",
    "#....#..#....#",
    "#.....##.....#",
    "#............#",
    "##############",
)

# What people see when they open the file (the board uses its own palettes).
_VIEW = (0x003018, 0xFFFFFF, 0x303030, 0xF0F0F0, 0xD02020, 0x20A040, 0x2050E0, 0xE0C000)


class Face:
    """A W x H picture in palette indices."""

    def __init__(self):
        self.px = bytearray(W * H)

    def fill(self, x1, y1, x2, y2, v):
        for y in range(y1, y2):
            self.px[y * W + x1:y * W + x2] = bytes((v,)) * (x2 - x1)

    def put(self, x0, y0, rows, scale=1, value=None):
        """Draw a picture with its top-left at (x0, y0), each of its pixels
        scale x scale; value, if given, for every pixel that is not '.'."""
        for y, row in enumerate(rows):
            for x, c in enumerate(row):
                if c != ".":
                    v = _CODE[c] if value is None else value
                    self.fill(x0 + scale * x, y0 + scale * y,
                              x0 + scale * x + scale, y0 + scale * y + scale, v)

    def strip(self, k):
        return bytes(self.px[k * SH * W:(k + 1) * SH * W])

    def __getitem__(self, xy):
        return self.px[xy[1] * W + xy[0]]


def _blank(quarters=False):
    f = Face()
    f.fill(0, 0, W, H, 3)
    f.fill(1, 1, W - 1, H - 1, 2)
    for x, y in ((0, 0), (W - 1, 0), (0, H - 1), (W - 1, H - 1)):
        f.px[y * W + x] = 0
    return f


def _centre(rows, scale=1, top=8, bottom=26):
    """Top-left of a picture centred in the card below its top strip."""
    w, h = len(rows[0]) * scale, len(rows) * scale
    return (W - w) // 2, top + (bottom - top - h + 1) // 2


def _bolt(f, y0):
    """A yellow lightning bolt through the picture, edged in the body colour
    so that what it crosses looks broken."""
    for i, (x1, x2) in enumerate(_BOLT):
        y = y0 + i
        f.fill(max(1, x1 - 1), y, min(W - 1, x2 + 1), y + 1, 2)
        f.fill(x1, y, x2, y + 1, 7)


def _word(f, x0, y0, text, colours=None):
    for i, ch in enumerate(text):
        f.put(x0 + i * 8, y0, _LETTERS[ch], value=None if colours is None else colours[i])


def faces():
    """The 19 faces (numbers, +2 STOP DIR PLUS TAKI, COLOR SUPERTAKI KING +3
    +3BREAK, back), without marks: a coloured card's mark is its top strip."""
    out = []
    for d in "13456789":
        f = _blank()
        x, y = _centre(_DIGITS[d], 2)
        f.put(x, y, _DIGITS[d], 2)
        out.append(f)
    for d in "2":
        f = _blank()
        f.put(3, 14, _PLUS_SMALL)
        f.put(10, 10, _SMALL[d], 2)
        out.append(f)
    for art in (_STOP, _DIR, _PLUS):
        f = _blank()
        x, y = _centre(art)
        f.put(x, y, art)
        out.append(f)
    f = _blank()  # TAKI
    _word(f, 3, 8, "TA")
    _word(f, 3, 18, "KI")
    out.append(f)
    f = _blank()  # COLOR: the four colours, each with its mark carved in
    for q in range(4):
        qx, qy = 2 + (q % 2) * 8, 3 + (q // 2) * 11
        f.fill(qx, qy, qx + 8, qy + 11, 4 + q)
        f.put(qx + 2, qy + 3, MARKS[q], value=2)
    out.append(f)
    f = _blank()  # SUPERTAKI: TAKI in the four colours
    _word(f, 3, 8, "TA", (4, 5))
    _word(f, 3, 18, "KI", (6, 7))
    f.put(MARK_X, MARK_Y, ("rr.gg", "rr.gg", ".....", "bb.yy", "bb.yy"))  # where a mark would be
    out.append(f)
    f = _blank()  # KING: a gold crown
    x, y = _centre(_CROWN)
    f.put(x, y, _CROWN)
    out.append(f)
    for breaker in (False, True):  # +3, +3 Breaker
        f = _blank()
        f.put(3, 14, _PLUS_SMALL)
        f.put(10, 10, _SMALL["3"], 2)
        if breaker:
            _bolt(f, 7)
        out.append(f)
    f = _blank()  # the back
    f.put(3, 3, _BACK[:1])
    for y in range(4, 24):
        f.put(3, y, _BACK[1:2])
    f.put(3, 24, _BACK[:1])
    x, y = _centre(_BACK[2:13], top=4, bottom=24)
    f.put(x, y, _BACK[2:13])
    out.append(f)
    assert len(out) == NFACES
    return out


def mark_strip(c):
    """The top strip of a card of colour c: border, body and the mark."""
    f = _blank()
    f.put(MARK_X, MARK_Y, MARKS[c])
    return f.strip(0)


def mark_cells():
    """The four marks alone, ink on transparent, in 5x7 cells (the mark in
    the top five rows)."""
    px = bytearray(W * SH)
    for c in range(4):
        for y, row in enumerate(MARKS[c]):
            for x, ch in enumerate(row):
                if ch == "#":
                    px[y * W + c * 5 + x] = 1
    return bytes(px)


def layout():
    """(strips, table): the sheet's strips in order, and for each face its
    top, third and bottom strip (cardart.STRIPS)."""
    fs = faces()
    strips = [f.strip(1) for f in fs]
    strips += [mark_strip(c) for c in range(4)]
    strips.append(mark_cells())
    index = {}
    table = bytearray()
    for f in fs:
        for k in (0, 2, 3):
            s = f.strip(k)
            if s not in index:
                index[s] = len(strips)
                strips.append(s)
            table.append(index[s])
    if len(strips) % 2:
        strips.append(bytes(W * SH))  # whole 32-bit words per row
    return strips, bytes(table)


def sheet_width():
    return len(layout()[0]) * W


def bmp(strips):
    """The strips, side by side, as the bytes of a 4-bit BMP file."""
    width = len(strips) * W
    row = width // 2
    pal = b"".join(struct.pack("<BBBB", c & 255, c >> 8 & 255, c >> 16, 0)
                   for c in _VIEW + (0,) * (16 - len(_VIEW)))
    offset = 14 + 40 + len(pal)
    size = offset + row * SH
    out = bytearray(struct.pack("<2sIHHI", b"BM", size, 0, 0, offset))
    out += struct.pack("<IiiHHIIiiII", 40, width, SH, 1, 4, 0, row * SH, 2835, 2835, 16, 0)
    out += pal
    for y in range(SH - 1, -1, -1):  # bottom-up
        line = bytearray()
        for s in strips:
            line += s[y * W:(y + 1) * W]
        for x in range(0, width, 2):
            out.append(line[x] << 4 | line[x + 1])
    return bytes(out)


def pixel_sum(data):
    """taki_ui.sheet.SHEET_SUM: the sum of the BMP's pixel bytes, mod 65536 (the
    board checks it before it reads the sheet)."""
    return sum(data[struct.unpack_from("<I", data, 10)[0]:]) & 0xFFFF


def cardart_constants():
    """STRIPS and SHEET_W as cardart.py spells them, SHEET_SUM as sheet.py
    does (read, not imported)."""
    body = []
    for path in (CARDART, SHEET):
        with open(path) as f:
            body += ast.parse(f.read()).body
    out = {}
    for node in body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            name = getattr(node.targets[0], "id", None)
            if name in ("STRIPS", "SHEET_W", "MARK0", "MARK_CELLS", "NFACES", "BACK",
                        "SHEET_SUM"):
                v = node.value
                if isinstance(v, ast.Call):  # const(...)
                    v = v.args[0]
                out[name] = ast.literal_eval(v)
    return out


def check():
    """'' if cards.bmp and cardart's constants are what this module draws,
    else what differs."""
    strips, table = layout()
    want = {"STRIPS": table, "SHEET_W": len(strips) * W, "MARK0": MARK0,
            "MARK_CELLS": MARK_CELLS, "NFACES": NFACES, "BACK": BACK,
            "SHEET_SUM": pixel_sum(bmp(strips))}
    have = cardart_constants()
    bad = [k for k in want if have.get(k) != want[k]]
    if bad:
        return "cardart.py's %s differ: %s" % (", ".join(bad), ", ".join(
            "%s = %r" % (k, want[k]) for k in bad))
    with open(OUT, "rb") as f:
        if f.read() != bmp(strips):
            return "cards.bmp differs from what sim.build.cardsheet draws: run python -m sim.build.cardsheet"
    return ""


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    strips, table = layout()
    if "--check" in argv:
        why = check()
        print(why or "cards.bmp is up to date")
        return 1 if why else 0
    data = bmp(strips)
    with open(OUT, "wb") as f:
        f.write(data)
    print("wrote %s (%d bytes, %d strips; SHEET_W = %d)" % (
        os.path.relpath(OUT, ROOT), len(data), len(strips), len(strips) * W))
    print("sheet.py: SHEET_SUM = const(%d)" % pixel_sum(data))
    print("cardart.py: SHEET_W = const(%d), STRIPS = (" % (len(strips) * W))
    for f in range(NFACES):
        print('    b"%s"  # %s' % ("".join("\\x%02x" % v for v in table[3 * f:3 * f + 3]),
                                  FACE_NAMES[f]))
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
