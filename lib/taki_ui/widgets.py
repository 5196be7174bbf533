"""Colours and small shapes shared by the screens."""

import displayio
import vectorio

FG = 0xFFFFFF
DIM = 0x80A090
HILITE = 0xFFD000
BAR = 0x001008


def box(x, y, w, h, color):
    """A filled rectangle; returns (shape, palette) so its colour can change."""
    pal = displayio.Palette(1)
    pal[0] = color
    return vectorio.Rectangle(pixel_shader=pal, x=x, y=y, width=w, height=h), pal


class Placed:
    """What a screen shows as one TileGrid, `tile` (a text line, a card):
    its place and whether it is hidden are the TileGrid's own."""

    x = property(lambda self: self.tile.x, lambda self, v: setattr(self.tile, "x", v))
    y = property(lambda self: self.tile.y, lambda self, v: setattr(self.tile, "y", v))
    hidden = property(lambda self: self.tile.hidden,
                      lambda self, v: setattr(self.tile, "hidden", v))
