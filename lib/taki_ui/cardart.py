"""Card art: one indexed sprite sheet, read from cards.bmp at start-up
(taki_ui.sheet, whose code goes once it is read).

A card is 20x28 pixels, shown as four 20x7 strips: a TileGrid of 1x4 tiles
(its four tile indices fit inside the TileGrid object, so a Card costs what
a one-tile TileGrid did). The top strip carries the card's colour *mark*, a
small shape per colour (red a heart, green a triangle, blue a hollow square,
yellow a cross) so that the colours can be told apart without seeing them; the three others show the face. The sheet (drawn on the
desktop by `python -m sim.build.cardsheet`, which also checks the shipped file and
the constants below) holds each distinct strip once: 64 strips, 4,480 bytes
of heap on the board. A card's colour is in its Palette, one of eleven
shared by the Cards (palettes()), so showing another card, colouring it or
dimming it changes tile indices and the palette, never objects.

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


_BACK_PAL = const(10)  # palettes(): 2 * colour + dimmed, then the back


def palettes():
    """The Cards' Palettes: 2 * colour + dimmed, then the back's (only the
    colourless faces use the sheet's values 4-7)."""
    out = []
    for k in range(11):
        c = k >> 1
        pal = displayio.Palette(8 if c == NO_COLOR else 4)
        pal.make_transparent(0)
        cs = (BACK_INK, BACK_BODY, BORDER) if k == _BACK_PAL else (
            ink(c) if c < 4 else INK_LIGHT, COLOURS[c] if c < 4 else BODY_NONE, BORDER) + COLOURS
        for q in range(1, len(pal)):
            pal[q] = dim(cs[q - 1]) if k & 1 else cs[q - 1]
        if k & 1:
            pal[3] = 0x606060
        out.append(pal)
    return out


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
    `tile` to its group (and removes it when it is left); `tile[1]` is the
    face shown (a symbol, SYMBOL_OF, or BACK: see STRIPS); its palette,
    `tile.pixel_shader`, is shared: read it, do not change it."""

    # palettes(), shared by every Card (a class attribute, not one a Card:
    # 20 B each); let go with the app's Cards (Stage.let_cards_go)
    pals = None

    def __init__(self, sheet):
        if Card.pals is None:
            Card.pals = palettes()
        self.tile = displayio.TileGrid(sheet, pixel_shader=Card.pals[_BACK_PAL], width=1,
                                       height=4, tile_width=W, tile_height=SH)
        self.shown = -3  # what paint() showed last: 2 * t + dimmed (none yet)

    def paint(self, t, dimmed=False):
        """Show card type t (or -1 for a face-down card)."""
        k = 2 * t + (1 if dimmed else 0)
        if k == self.shown:  # (each tile and the palette are compared too: less Python)
            return
        self.shown = k
        pals = Card.pals
        if pals is None:  # (a Card kept while the others were let go)
            pals = Card.pals = palettes()
        if t < 0:
            f = BACK
            c = NO_COLOR
            pal = pals[_BACK_PAL]
        else:
            f = SYMBOL_OF[t]
            c = COLOUR_OF[t]
            pal = pals[2 * c + (1 if dimmed else 0)]
        i = 3 * f
        tg = self.tile
        # a tile written is a tile redrawn, even the same one (displayio
        # 10.2.1's set_tile), and so is a palette set (positions are compared
        # first); written out, not a function's calls: up to 12 cards a key
        v = STRIPS[i] if c == NO_COLOR else MARK0 + c
        if tg[0] != v:
            tg[0] = v
        if tg[1] != f:
            tg[1] = f
        v = STRIPS[i + 1]
        if tg[2] != v:
            tg[2] = v
        v = STRIPS[i + 2]
        if tg[3] != v:
            tg[3] = v
        if tg.pixel_shader is not pal:
            tg.pixel_shader = pal

