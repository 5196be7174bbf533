"""Text on the screen: the texts of a language, and a pool of line bitmaps
that every screen draws into.

A line is a 160x12 one-bit Bitmap, a two-colour Palette and a TileGrid
(about 0.5 KB), made once at start-up. A screen takes the lines it needs
when it is built and the app gives them all back when the screen is left,
so changing screens makes no text objects. What a line shows is composed
into a row of character cells, then only the cells that changed are redrawn:
glyphs are copied from the board's built-in font (terminalio.FONT keeps
every glyph in one bitmap) with bitmaptools.blit. (An adafruit_display_text
label costs 1.1-1.4 KB each and 16 KB of library; see the README's "Memory
on the board".)

The texts themselves are not in the heap: lang/<language>.bin (made from the
table lang/<language>.txt by `python -m sim.texts`) holds them, and a text
is read from it into a small buffer when a line shows it. A text's places
are filled in then: a name or a number as it is, a colour by its word, a
card by its name. Text is monospaced, 6 pixels a character, 26 characters
a line; a character the font lacks shows as "?".
"""

import bitmaptools
import displayio
import terminalio
from micropython import const

from taki_ui import strings

CHAR_W = const(6)
LINE_H = const(12)
WIDTH = const(160)
COLS = const(26)  # characters that fit a line
_FIRST = const(32)  # the font bitmap holds ASCII 32..126, in order
_COUNT = const(95)
_UNKNOWN = const(31)  # "?"
_MAX = const(64)  # the longest text, its places filled in
_K_COLOUR = const(1)  # place kinds (sim/texts.py)
_K_CARD = const(2)
_K_TEXT = const(3)

_cells = bytearray(2 * _MAX)  # a text being composed: glyph numbers + 1, 0 blank
_bufs = (bytearray(_MAX), bytearray(_MAX), bytearray(_MAX))  # a text, and the texts in its places
_digits = bytearray(10)
_texts = None
cut = 0  # characters that did not fit where they were put (tests: never any)


class Texts:
    """The texts of one language, read from lang/<code>.bin (kept open)."""

    def __init__(self, code="en"):
        path = __file__[:__file__.rfind("text")] + "lang/" + code + ".bin"
        try:
            self.f = open(path, "rb")
            head = self.f.read(6)
            if len(head) != 6 or head[0:2] != b"TX" or head[2] != 1:
                raise ValueError
            n = head[4] | head[5] << 8
            self.offsets = bytearray(2 * (n + 1))
            if self.f.readinto(self.offsets) != len(self.offsets) or n < strings.COUNT:
                raise ValueError
        except (OSError, ValueError):
            raise OSError("lib/taki_ui/lang/%s.bin is missing or damaged: copy the game "
                          "onto the board again (python -m sim.bundle)" % code)

    def read(self, n, buf):
        """Text n into buf; its length."""
        o = self.offsets
        at = o[2 * n] | o[2 * n + 1] << 8
        end = o[2 * n + 2] | o[2 * n + 3] << 8
        self.f.seek(at)
        self.f.readinto(buf)
        return min(end - at, _MAX)


def load(code="en"):
    """Read the texts of a language (at start-up)."""
    global _texts
    _texts = Texts(code)


def _put_char(o, at):
    global cut
    if at < _MAX:
        i = o - _FIRST
        _cells[at] = 1 + (i if 0 <= i < _COUNT else _UNKNOWN)
    else:
        cut += 1
    return at + 1


def _put_str(s, at):
    for c in s:  # iterating a str allocates nothing; indexing it would
        at = _put_char(ord(c), at)
    return at


def _put_int(v, at):
    k = 0
    while True:
        _digits[k] = 48 + v % 10
        v //= 10
        k += 1
        if v == 0:
            break
    while k:
        k -= 1
        at = _put_char(_digits[k], at)
    return at


def _put_arg(v, kind, at, depth):
    if kind == _K_COLOUR:
        return _put_text(strings.RED + v, None, None, None, at, depth)
    if kind == _K_CARD:
        if v >= 52:
            return _put_text(strings.COLOR_CARD + v - 52, None, None, None, at, depth)
        return _put_text(strings.CARD, v // 13, strings.SYM_1 + v % 13, None, at, depth)
    if kind == _K_TEXT:
        return _put_text(v, None, None, None, at, depth)
    if isinstance(v, int):
        return _put_int(v, at)
    return _put_str(v, at)


def _put_text(n, a, b, c, at, depth=0):
    if _texts is None:
        load()
    buf = _bufs[depth]
    for k in range(_texts.read(n, buf)):
        o = buf[k]
        if o >= 32:
            at = _put_char(o, at)
        else:
            i = (o - 1) % 3
            at = _put_arg(a if i == 0 else b if i == 1 else c, (o - 1) // 3, at, depth + 1)
    return at


def compose(n, a=None, b=None, c=None):
    """Text n with its places filled in, into the composing cells; its length."""
    k = min(_put_text(n, a, b, c, 0), _MAX)
    if k < _MAX:
        _cells[k] = 0  # the end, for composed()
    return k


def compose_str(s):
    return min(_put_str(s, 0), _MAX)


def composed(n=-1):
    """The composed cells as a str (at start-up and in tests: it allocates)."""
    k = 0
    while k < _MAX and (k < n or n < 0 and _cells[k]):
        k += 1
    return "".join(chr(_FIRST + _cells[i] - 1) if _cells[i] else " " for i in range(k))


def split(n):
    """Where composed text of length n breaks into two lines: the last space
    that lets the first line hold at most COLS characters (COLS if none)."""
    return split_at(0, n, COLS)


def split_at(start, n, width):
    """Where the composed text from `start` (n long in all) breaks to fit
    `width` cells: at the last space that lets it, else after `width`."""
    if n - start <= width:
        return n
    k = start + width
    while k > start and _cells[k] != 1:  # cell 1: glyph 0, the space
        k -= 1
    return k if k > start else start + width


class Line:
    def __init__(self):
        self.bitmap = displayio.Bitmap(WIDTH, LINE_H, 2)
        self.palette = displayio.Palette(2)
        self.tile = displayio.TileGrid(self.bitmap, pixel_shader=self.palette)
        self.cells = bytearray(COLS)  # what is to be shown: glyph numbers + 1, 0 blank
        self.shown = bytearray(COLS)  # what the bitmap shows
        self.group = None  # the group it sits in while a screen uses it

    # --- what a line shows -----------------------------------------------------
    def set(self, s):
        """Show the str s."""
        self.clear()
        self.put(0, s)
        self.done()

    def show(self, n, a=None, b=None, c=None):
        """Show text n, its places filled with a, b, c."""
        self.clear()
        self.put_text(0, n, a, b, c)
        self.done()

    def clear(self):
        cells = self.cells
        for k in range(COLS):
            cells[k] = 0

    def put(self, col, s):
        """Write the str (or int) s from column col; the column after it."""
        n = _put_int(s, 0) if isinstance(s, int) else compose_str(s)
        return self.place(col, 0, n)

    def put_text(self, col, n, a=None, b=None, c=None, right=False):
        """Write text n from column col (right=True: ending there); the
        column after it."""
        k = compose(n, a, b, c)
        return self.place(col - k if right else col, 0, k)

    def place(self, col, start, n):
        """Copy n composed cells from start to column col; the column after."""
        global cut
        cells = self.cells
        for k in range(n):
            if 0 <= col < COLS:
                cells[col] = _cells[start + k]
            elif _cells[start + k] > 1:
                cut += 1  # a character that does not fit the line
            col += 1
        return col

    def done(self):
        """Draw the cells that changed since the last time."""
        cells = self.cells
        shown = self.shown
        first = COLS
        last = -1
        for k in range(COLS):
            if cells[k] != shown[k]:
                shown[k] = cells[k]
                if k < first:
                    first = k
                last = k
        if last < 0:
            return
        bm = self.bitmap
        font = terminalio.FONT.bitmap
        bitmaptools.fill_region(bm, first * CHAR_W, 0, last * CHAR_W + CHAR_W, LINE_H, 0)
        for k in range(first, last + 1):
            i = shown[k]
            if i > 1:  # not blank, not a space
                i -= 1
                bitmaptools.blit(bm, font, k * CHAR_W, 0, x1=i * CHAR_W, y1=0,
                                 x2=i * CHAR_W + CHAR_W, y2=LINE_H)

    @property
    def text(self):
        """What the line shows, as a str (tests, tools: it allocates)."""
        return "".join(chr(_FIRST + i - 1) if i else " " for i in self.shown).rstrip()

    # --- where and how ---------------------------------------------------------
    @property
    def x(self):
        return self.tile.x

    @x.setter
    def x(self, value):
        self.tile.x = value

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


def show2(first, second, n, a=None, b=None, c=None):
    """Text n over two lines, broken at a space (the second blank if it fits
    one); whether it took two."""
    k = compose(n, a, b, c)
    at = split(k)
    first.clear()
    first.place(0, 0, at)
    first.done()
    second.clear()
    skip = 1 if at < k and _cells[at] == 1 else 0
    second.place(0, at + skip, k - at - skip)
    second.done()
    return at < k


def fits(n, a=None, b=None, c=None, lines=1):
    """Whether text n, filled in, fits `lines` lines (tests, layout)."""
    k = compose(n, a, b, c)
    if lines == 1:
        return k <= COLS
    at = split(k)
    return k - at - (1 if at < k and _cells[at] == 1 else 0) <= COLS * (lines - 1)


class Pool:
    """n lines, lent to the screen on show."""

    def __init__(self, n):
        self.lines = [Line() for _ in range(n)]

    def take(self, group, x, y, fg, text=None, a=None, b=None, c=None, bg=None):
        """A free line, placed at (x, y) in group, showing text (a str, or a
        text's number with its places a, b, c), ink fg on bg (None: clear)."""
        for ln in self.lines:
            if ln.group is None:
                ln.group = group
                ln.tile.x = x
                ln.tile.y = y
                ln.tile.hidden = False
                ln.colour(fg, bg)
                if text is None:
                    ln.set("")
                elif isinstance(text, int):
                    ln.show(text, a, b, c)
                else:
                    ln.set(text)
                group.append(ln.tile)
                return ln
        raise MemoryError("text line pool is empty")

    def give(self, ln):
        """One line back to the pool."""
        ln.group.remove(ln.tile)
        ln.group = None

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
