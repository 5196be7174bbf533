"""Colours and small shapes shared by the screens."""

import displayio
import vectorio

BG = 0x003018  # the green of a card table
FG = 0xFFFFFF
DIM = 0x80A090
HILITE = 0xFFD000
BAR = 0x001008


def box(x, y, w, h, color):
    """A filled rectangle; returns (shape, palette) so its colour can change."""
    pal = displayio.Palette(1)
    pal[0] = color
    return vectorio.Rectangle(pixel_shader=pal, x=x, y=y, width=w, height=h), pal
