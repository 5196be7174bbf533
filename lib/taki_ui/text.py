"""Text on the screen: a pool of line bitmaps that every screen draws into.

A line is a 160x12 one-bit Bitmap, a two-colour Palette and a TileGrid
(about 0.5 KB), made once at start-up. A screen takes the lines it needs
when it is built and the app gives them all back when the screen is left,
so changing screens makes no text objects and changing a text allocates
nothing: the line's bitmap is cleared and the glyphs are copied into it
from the board's built-in font (terminalio.FONT keeps every glyph in one
bitmap) with bitmaptools.blit. An adafruit_display_text label costs 1.1-1.4
KB each and 16 KB of library; see the README's "Memory on the board".

Text is monospaced, 6 pixels a character, 26 characters a line; a character
the font lacks shows as "?". Pictures of text (other scripts, drawn on the
desktop) can be read into a line's bitmap too.
"""

import bitmaptools
import displayio
import terminalio
from micropython import const

CHAR_W = const(6)
LINE_H = const(12)
WIDTH = const(160)
COLS = const(26)  # characters that fit a line
_FIRST = const(32)  # the font bitmap holds ASCII 32..126, in order
_COUNT = const(95)
_UNKNOWN = const(31)  # "?"


class Line:
    def __init__(self):
        self.bitmap = displayio.Bitmap(WIDTH, LINE_H, 2)
        self.palette = displayio.Palette(2)
        self.tile = displayio.TileGrid(self.bitmap, pixel_shader=self.palette)
        self.text = ""
        self.shown = bytearray(COLS)  # the glyph index drawn in each cell, 0 blank
        self.group = None  # the group it sits in while a screen uses it

    def set(self, text):
        """Show text (from the line's left edge). Only the cells whose
        character changed are redrawn, so the display gets only those."""
        if text == self.text:
            return
        self.text = text
        shown = self.shown
        first = COLS
        last = -1
        k = 0
        for c in text:  # iterating a str allocates nothing; indexing it would
            if k == COLS:
                break
            i = ord(c) - _FIRST
            if not 0 <= i < _COUNT:
                i = _UNKNOWN
            if shown[k] != i:
                shown[k] = i
                if k < first:
                    first = k
                last = k
            k += 1
        while k < COLS:
            if shown[k]:
                shown[k] = 0
                if k < first:
                    first = k
                last = k
            k += 1
        if last < 0:
            return
        bm = self.bitmap
        font = terminalio.FONT.bitmap
        bitmaptools.fill_region(bm, first * CHAR_W, 0, last * CHAR_W + CHAR_W, LINE_H, 0)
        for k in range(first, last + 1):
            i = shown[k]
            if i:
                bitmaptools.blit(bm, font, k * CHAR_W, 0, x1=i * CHAR_W, y1=0,
                                 x2=i * CHAR_W + CHAR_W, y2=LINE_H)

    @property
    def x(self):
        return self.tile.x

    @property
    def y(self):
        return self.tile.y

    @y.setter
    def y(self, value):
        self.tile.y = value

    @property
    def hidden(self):
        return self.tile.hidden

    @hidden.setter
    def hidden(self, value):
        self.tile.hidden = value

    def colour(self, fg, bg=None):
        """Ink colour, and a background (None: transparent)."""
        pal = self.palette
        pal[1] = fg
        if bg is None:
            pal.make_transparent(0)
        else:
            pal[0] = bg
            pal.make_opaque(0)


class Pool:
    """n lines, lent to the screen on show."""

    def __init__(self, n):
        self.lines = [Line() for _ in range(n)]

    def take(self, group, x, y, fg, bg=None, text=""):
        """A free line, placed at (x, y) in group, showing text."""
        for ln in self.lines:
            if ln.group is None:
                ln.group = group
                ln.tile.x = x
                ln.tile.y = y
                ln.tile.hidden = False
                ln.colour(fg, bg)
                ln.set(text)
                group.append(ln.tile)
                return ln
        raise MemoryError("text line pool is empty")

    def give(self, ln):
        """One line back to the pool."""
        ln.group.remove(ln.tile)
        ln.group = None
        ln.set("")

    def release(self):
        """Every line back to the pool (the screen that used them is left)."""
        for ln in self.lines:
            if ln.group is not None:
                self.give(ln)

    def used(self):
        n = 0
        for ln in self.lines:
            if ln.group is not None:
                n += 1
        return n
