"""Card art: one indexed sprite sheet, read from cards.bmp at start-up
(taki_ui.sheet, whose code goes once it is read).

A card is 20x28 pixels, shown as four 20x7 strips: a TileGrid of 1x4 tiles
(its four tile indices fit inside the TileGrid object, so a Card costs what
a one-tile TileGrid did). The top strip carries the card's colour *mark*, a
small shape per colour (red a heart, green a triangle, blue a hollow square,
yellow a cross) so that the colours can be told apart without seeing them; the three others show the face. The sheet (drawn on the
desktop by `python -m sim.build.cardsheet`, which also checks the shipped file and
the constants below) holds each distinct strip once: 64 strips, 4,480 bytes
of heap on the board. A card's colour is not in the sheet: each card on
screen (a Card, made once) has its own small Palette, so showing another
card, colouring it or dimming it changes tile indices and palette entries,
never objects.

Palette indices of the sheet:
    0 transparent (round corners)   1 ink   2 card body   3 border
    4..7 red, green, blue, yellow (COLOR's quarters, SUPERTAKI's letters,
    KING's gold and stones, the +3 Breaker's bolt)
"""

import bitmaptools
import displayio
from micropython import const
from taki_core.cards import COLOUR_OF, NO_COLOR, SYMBOL_OF

from taki_ui.widgets import Placed

W = const(20)
H = const(28)
SH = const(7)  # a strip's height
BACK = const(18)  # face of a face-down card
NFACES = const(19)
MARK0 = const(19)  # the top strip of a card of colour c: MARK0 + c
MARK_CELLS = const(23)  # a strip of the four marks alone: 5x7 tiles MARK_CELLS * 4 + c
MARK_W = const(5)  # a mark is 5x5, in the top rows of its 5x7 tile
SHEET_W = const(1280)  # 64 strips of W
# For face f: its top strip (colourless faces), third and bottom strip. Face
# f's second strip is strip f, so tile 1 of a card says which face it shows.
STRIPS = (
    b"\x18\x19\x1a"  # 1
    b"\x18\x1b\x1c"  # 3
    b"\x18\x1d\x1e"  # 4
    b"\x18\x1f\x1c"  # 5
    b"\x18\x20\x1c"  # 6
    b"\x18\x21\x22"  # 7
    b"\x18\x23\x1c"  # 8
    b"\x18\x24\x25"  # 9
    b"\x18\x26\x27"  # +2
    b"\x18\x28\x29"  # STOP
    b"\x18\x2a\x2b"  # DIR
    b"\x18\x2c\x2d"  # PLUS
    b"\x18\x2e\x2f"  # TAKI
    b"\x30\x31\x32"  # COLOR
    b"\x33\x34\x35"  # SUPERTAKI
    b"\x18\x36\x37"  # KING
    b"\x18\x38\x39"  # +3
    b"\x18\x3a\x3b"  # +3BREAK
    b"\x3c\x3d\x3e"  # back
)

# Card colours (RGB888), and their dim versions for cards that cannot be played.
COLOURS = (0xD02020, 0x20A040, 0x2050E0, 0xE0C000)
BODY_NONE = 0x303030  # colourless cards
INK_LIGHT = 0xFFFFFF
INK_DARK = 0x000000
BORDER = 0xF0F0F0
BACK_BODY = 0x802040
BACK_INK = 0xE0A0B0


def dim(c):
    """About a third of the brightness: 'not playable now'."""
    return ((c >> 16 & 255) // 3) << 16 | ((c >> 8 & 255) // 3) << 8 | (c & 255) // 3


def ink(c):
    """The ink (symbols, marks) on a card of colour c: dark on yellow."""
    return INK_DARK if c == 3 else INK_LIGHT


def _tile(tilegrid, k, v):
    if tilegrid[k] != v:
        tilegrid[k] = v


_DIM_COLOURS = tuple(dim(c) for c in COLOURS)


def _paint(tilegrid, palette, t, dimmed, marks=True):
    if t < 0:
        f = BACK
        c = NO_COLOR
        body, fg = BACK_BODY, BACK_INK
    else:
        f = SYMBOL_OF[t]
        c = COLOUR_OF[t]
        if c == NO_COLOR:
            body, fg = BODY_NONE, INK_LIGHT
        else:
            body, fg = COLOURS[c], ink(c)
    i = 3 * f
    # a tile written is a tile redrawn, even the same one (displayio 10.2.1's
    # set_tile; palette entries and positions are compared first)
    _tile(tilegrid, 0, STRIPS[i] if c == NO_COLOR else MARK0 + c)
    _tile(tilegrid, 1, f)
    _tile(tilegrid, 2, STRIPS[i + 1])
    _tile(tilegrid, 3, STRIPS[i + 2])
    border = BORDER
    if dimmed:
        body, fg, border = dim(body), dim(fg), 0x606060
    palette[1] = fg
    palette[2] = body
    palette[3] = border
    if marks:  # (the four colours change only with dimming)
        cs = _DIM_COLOURS if dimmed else COLOURS
        for q in range(4):
            palette[4 + q] = cs[q]


def mark(card, c, x=0, y=0):
    """Colour c's mark alone, made once (it allocates a TileGrid and a
    Palette): 5x5 pixels with their top-left at (x, y), in the ink a card
    of that colour has, on transparent; lay it on a swatch of COLOURS[c].
    card: any Card (the mark comes from its sheet). show_mark() changes it."""
    pal = displayio.Palette(2)
    pal.make_transparent(0)
    tg = displayio.TileGrid(card.tile.bitmap, pixel_shader=pal, tile_width=MARK_W,
                            tile_height=SH, x=x, y=y)
    show_mark(tg, c)
    return tg


def show_mark(tg, c):
    """Make a mark() show colour c's mark (allocates nothing)."""
    tg[0] = MARK_CELLS * 4 + c
    tg.pixel_shader[1] = ink(c)


class Card(Placed):
    """A card on screen, made once and repainted in place. A screen appends
    `layer` to its group (and removes it when it is left)."""

    def __init__(self, sheet):
        self.palette = displayio.Palette(8)
        self.palette.make_transparent(0)
        self.tile = displayio.TileGrid(sheet, pixel_shader=self.palette, width=1, height=4,
                                       tile_width=W, tile_height=SH)
        self.layer = self.tile
        self.shown = -3  # what paint() showed last: 2 * t + dimmed (none yet)

    def paint(self, t, dimmed=False):
        """Show card type t (or -1 for a face-down card)."""
        k = 2 * t + (1 if dimmed else 0)
        was = self.shown
        if k != was:  # (each palette entry and tile is compared too: less Python)
            self.shown = k
            _paint(self.tile, self.palette, t, dimmed, was < -2 or (was & 1) != (k & 1))

    @property
    def face(self):
        """The face shown: a symbol (SYMBOL_OF), or BACK for a face-down card."""
        return self.tile[1]

