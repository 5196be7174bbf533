"""Card art: one indexed sprite sheet, read from cards.bmp at start-up.

The sheet has one 20x28 tile per card *face* (13 symbols, 5 colourless cards,
a card back). It is drawn on the desktop (`python -m sim.cardsheet`, which
also checks the shipped file) and stored as a 4-bit BMP beside this module,
so the board keeps only the pixels (5,600 bytes of heap) and none of the
drawing code. A card's colour is not in the sheet: each card on screen (a
Card, made once) is a TileGrid with its own small Palette, so showing another
card, colouring it or dimming it changes a tile index and palette entries,
never objects.

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
SHEET_W = const(400)  # NTILES * W, rounded up to whole 32-bit words and tiles
FILE = "cards.bmp"

# Card colours (RGB888), and their dim versions for cards that cannot be played.
COLOURS = (0xD02020, 0x20A040, 0x2050E0, 0xE0C000)
BODY_NONE = 0x303030  # colourless cards
INK_LIGHT = 0xFFFFFF
INK_DARK = 0x000000
BORDER = 0xF0F0F0
BACK_BODY = 0x802040


def sheet_path():
    """cards.bmp beside this module (on the board: /lib/taki_ui/)."""
    return __file__[:__file__.rfind("cardart")] + FILE


def load_sheet(path=None):
    """The sprite sheet as a Bitmap, and None; or, when the file is missing
    or not the sheet this version draws, a sheet of blank cards and a
    one-line reason (the game goes on, the symbols are missing)."""
    sheet = displayio.Bitmap(SHEET_W, H, 16)
    try:
        with open(path or sheet_path(), "rb") as f:
            head = f.read(54)
            if (len(head) < 54 or head[0:2] != b"BM" or _u32(head, 18) != SHEET_W
                    or _u32(head, 22) != H or head[28] != 4 or _u32(head, 30) != 0):
                raise ValueError
            f.seek(_u32(head, 10))
            bitmaptools.readinto(sheet, f, 4, reverse_pixels_in_element=True, reverse_rows=True)
        return sheet, None
    except (OSError, ValueError):
        for t in range(NTILES):  # blank faces, so the game still shows colours
            bitmaptools.fill_region(sheet, t * W, 0, t * W + W, H, 3)
            bitmaptools.fill_region(sheet, t * W + 1, 1, t * W + W - 1, H - 1, 2)
        return sheet, "cards.bmp"


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


def dim(c):
    """About a third of the brightness: 'not playable now'."""
    return ((c >> 16 & 255) // 3) << 16 | ((c >> 8 & 255) // 3) << 8 | (c & 255) // 3


def _paint(tilegrid, palette, t, dimmed):
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


class Card:
    """A card on screen, made once and repainted in place. A screen appends
    `layer` to its group (and removes it when it is left)."""

    def __init__(self, sheet):
        self.palette = displayio.Palette(8)
        self.palette.make_transparent(0)
        self.tile = displayio.TileGrid(sheet, pixel_shader=self.palette, width=1, height=1,
                                       tile_width=W, tile_height=H)
        self.layer = self.tile

    def paint(self, t, dimmed=False):
        """Show card type t (or -1 for a face-down card)."""
        _paint(self.tile, self.palette, t, dimmed)

    @property
    def face(self):
        """The sheet's tile shown (BACK for a face-down card)."""
        return self.tile[0]

    @property
    def x(self):
        return self.layer.x

    @x.setter
    def x(self, v):
        self.layer.x = v

    @property
    def y(self):
        return self.layer.y

    @y.setter
    def y(self, v):
        self.layer.y = v

    @property
    def hidden(self):
        return self.layer.hidden

    @hidden.setter
    def hidden(self, v):
        self.layer.hidden = v
