"""Card art: one indexed sprite sheet, drawn once at start-up.

The sheet has one 20x28 tile per card *face* (13 symbols, 5 colourless cards,
a card back). A card's colour is not in the sheet: each card slot is a
TileGrid with its own small Palette, so showing another card, colouring it or
dimming it changes a tile index and palette entries, never objects.

Palette indices of the sheet:
    0 transparent (round corners)   1 ink   2 card body   3 border
    4..7 red, green, blue, yellow (the quarters of COLOR / SUPERTAKI)
"""

import bitmaptools
import displayio
from micropython import const
from taki_core.cards import COLOUR_OF, NO_COLOR, SYMBOL_OF

W = const(20)
H = const(28)
BACK = const(18)  # tile of a face-down card
NTILES = const(19)

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


def _stamp(sheet, x0, y0, rows, value):
    """Draw a row-string picture at 2x with its top-left at (x0, y0)."""
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c == "#":
                bitmaptools.fill_region(sheet, x0 + 2 * x, y0 + 2 * y, x0 + 2 * x + 2,
                                        y0 + 2 * y + 2, value)


def _face(sheet, tile, quarters):
    x0 = tile * W
    bitmaptools.fill_region(sheet, x0, 0, x0 + W, H, 3)
    bitmaptools.fill_region(sheet, x0 + 1, 1, x0 + W - 1, H - 1, 2)
    if quarters:
        for q in range(4):
            qx = x0 + 2 + (q % 2) * 8
            qy = 3 + (q // 2) * 11
            bitmaptools.fill_region(sheet, qx, qy, qx + 8, qy + 11, 4 + q)
    for x, y in ((0, 0), (W - 1, 0), (0, H - 1), (W - 1, H - 1)):
        sheet[x0 + x, y] = 0


def make_sheet():
    """The sprite sheet Bitmap (made once; about 2.5 KB)."""
    sheet = displayio.Bitmap(W * NTILES, H, 8)
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
        bitmaptools.fill_region(sheet, BACK * W + 3, y, BACK * W + W - 3, y + 2, 1)
    return sheet


# Card colours (RGB888), and their dim versions for cards that cannot be played.
COLOURS = (0xD02020, 0x20A040, 0x2050E0, 0xE0C000)
BODY_NONE = 0x303030  # colourless cards
INK_LIGHT = 0xFFFFFF
INK_DARK = 0x000000
BORDER = 0xF0F0F0
BACK_BODY = 0x802040


def dim(c):
    """About a third of the brightness: 'not playable now'."""
    return ((c >> 16 & 255) // 3) << 16 | ((c >> 8 & 255) // 3) << 8 | (c & 255) // 3


def new_palette():
    p = displayio.Palette(8)
    p.make_transparent(0)
    return p


def paint(tilegrid, palette, t, dimmed=False):
    """Show card type t (or -1 for a face-down card) in a one-tile slot."""
    if t < 0:
        tilegrid[0] = BACK
        body, ink = BACK_BODY, 0xE0A0B0
    else:
        tilegrid[0] = SYMBOL_OF[t]
        c = COLOUR_OF[t]
        if c == NO_COLOR:
            body, ink = BODY_NONE, INK_LIGHT
        else:
            body = COLOURS[c]
            ink = INK_DARK if c == 3 else INK_LIGHT
    border = BORDER
    if dimmed:
        body, ink, border = dim(body), dim(ink), 0x606060
    palette[1] = ink
    palette[2] = body
    palette[3] = border
    for q in range(4):
        palette[4 + q] = dim(COLOURS[q]) if dimmed else COLOURS[q]


def new_slot(sheet, x=0, y=0):
    """A card slot: (TileGrid, Palette). Made at start-up, repainted in place."""
    pal = new_palette()
    tg = displayio.TileGrid(sheet, pixel_shader=pal, width=1, height=1,
                            tile_width=W, tile_height=H, x=x, y=y)
    return tg, pal
