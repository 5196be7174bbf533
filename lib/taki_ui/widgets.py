"""Small drawing helpers shared by the screens: labels, boxes, colours.

Labels are bitmap_labels in the built-in 6x12 font. Texts are padded to a
fixed width per label, so an update reuses the label's bitmap (bitmap_label
makes a new one only when the size changes) and nothing is allocated for the
display while playing.
"""

import displayio
import terminalio
import vectorio
from adafruit_display_text import bitmap_label
from adafruit_displayio_layout.layouts.grid_layout import GridLayout

FONT = terminalio.FONT
CHAR_W = 6
LINE_H = 12

BG = 0x003018  # the green of a card table
FG = 0xFFFFFF
DIM = 0x80A090
HILITE = 0xFFD000
BAR = 0x001008


def label(text, x, y, width, color=FG, scale=1, bg=None):
    """A label with its top-left at (x, y), `width` characters wide."""
    lb = bitmap_label.Label(
        FONT,
        text=pad(text, width),
        color=color,
        background_color=bg,
        scale=scale,
        anchor_point=(0, 0),
        anchored_position=(x, y),
        save_text=True,
    )
    return lb


def ten_labels(x, y, w, h, width):
    """A GridLayout of 10 labels in 2 columns of 5 (one per seat), and the
    labels in seat order: made once, their text updated in place."""
    grid = GridLayout(x=x, y=y, width=w, height=h, grid_size=(2, 5))
    cells = []
    for i in range(10):
        lb = label("", 0, 0, width)
        cells.append(lb)
        grid.add_content(lb, grid_position=(i // 5, i % 5), cell_size=(1, 1),
                         layout_cells=False)
    grid.layout_cells()
    return grid, cells


def set_text(lb, text):
    """Change a label's text only if it differs. Texts keep the length the
    label was made with (its width), so its bitmap is reused."""
    text = pad(text, len(lb.text))
    if lb.text != text:
        lb.text = text


def pad(text, width):
    if len(text) >= width:
        return text[:width]
    return text + " " * (width - len(text))


def box(x, y, w, h, color):
    """A filled rectangle; returns (shape, palette) so its colour can change."""
    pal = displayio.Palette(1)
    pal[0] = color
    return vectorio.Rectangle(pixel_shader=pal, x=x, y=y, width=w, height=h), pal


def screen():
    """A page of the app. Pages have no background of their own: the app
    keeps one under all pages."""
    return displayio.Group()
