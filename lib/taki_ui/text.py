"""Text on the screen: the texts of a language, and a pool of lines that
every screen draws into.

A line (Line) is a TileGrid, a two-colour Palette and the line's state,
made once at start-up: in the board's font the TileGrid's tiles are the
firmware font's own glyphs (terminalio.FONT keeps them in one bitmap), a
tile a character, as displayio's Terminal draws; in a shaped script it
shows a one-bit bitmap the words' pictures are blitted into
(taki_ui.pictures). Either way the TileGrid is a window as wide as the
screen that slides to lie over the text: displayio's refresh computes
every pixel a layer covers, a blank one as dearly as an inked one. A
screen takes the lines it needs when it is built and the app gives them
all back when the screen is left, so changing screens makes no text
objects. What a line shows is composed into a row of character cells, and
only the cells that changed change their tiles; a line asked to show what
it shows draws nothing. (An adafruit_display_text bitmap_label costs 1.1-1.4
KB and 12.7 ms on a SAMD51 to change its text, a tile line 0.4 ms; see the
README's "Benchmarks".)

The texts themselves are not in the heap: lang/<language>.bin (made from the
table lang/<language>.txt by `python -m sim.build.lang`, opened as a Texts)
holds them, and a text is read from it into a small buffer when a line shows
it. A text's places are filled in then: a name or a number as it is, a
colour by its word, a card by its name. The language in use is one object,
`lang` (a Language): its Texts, how tall its lines are, which way they run,
the buffers its texts are composed in; the screens read it (text.lang.lh,
text.lang.rtl), the setup changes it (text.lang.load). Text is monospaced,
6 pixels a character, 26 characters a line; a character the font lacks
shows as "?".
"""

import displayio
import terminalio
from boards import CHAR_W, LINE_H
from boards import FONT_FIRST as _FIRST
from boards import FONT_GLYPHS as _COUNT
from boards import SCREEN_W as WIDTH
from micropython import const

from taki_ui import strings
from taki_ui.unload import forget

COLS = const(WIDTH // CHAR_W)  # characters that fit a line
_UNKNOWN = const(63 - _FIRST)  # "?"
_MAX = const(112)  # the longest text, its places filled in (the help: 5 lines)

# The languages offered, in the order the setup shows them: English, then
# the rulebook's (../shared/seeds).
LANGS = ("en", "ml", "hi", "as", "sd", "tl")

_GLYPH_TILES = const(27)  # a line's window in the board's font: 162 px, to the screen's edge from 0
_TW = const(8)  # a line of pictures' window: tiles of 8-pixel columns of its bitmap
_PIC_TILES = const(WIDTH // _TW)
CLEAR = const(-1)  # a line's background: none, what is under it shows (Pool.take)


class Texts:
    """The texts of one language, read from lang/<code>.bin (kept open).

    The file is checked when it is opened: its header, the offsets, and
    (full) a CRC-32 of the whole file (binascii.crc32 is C in the firmware,
    so the check costs little more than the reads). The first start's
    question opens each file without the CRC and checks only what it shows
    (taki_ui.lang_screen). A damaged or missing file raises OSError with
    what to do, and Language.load falls back to English."""

    def __init__(self, code="en", full=True):
        path = __file__[:__file__.rfind("text")] + "lang/" + code + ".bin"
        self.code = code
        self.full = full  # checked whole (the first start's question: only what it shows)
        self.f = None
        try:
            self.f = open(path, "rb")
            from taki_ui import langfile  # (its code only while it checks)

            langfile.check(self, full, lang.bufs[0])
        except (OSError, ValueError):
            if self.f is not None:
                self.f.close()
            raise OSError("lib/taki_ui/lang/%s.bin is missing or damaged: copy the game "
                          "onto the board again (python -m sim.build.bundle)" % code)
        finally:
            if full:  # (the first start's question opens six, partly: kept meanwhile)
                forget("taki_ui.langfile")

    def read(self, n, buf):
        """Text n into buf; its length."""
        o = self.offsets
        at = o[2 * n] | o[2 * n + 1] << 8
        end = o[2 * n + 2] | o[2 * n + 3] << 8
        self.f.seek(at)
        self.f.readinto(buf)
        return min(end - at, _MAX)


class Language:
    """The language in use (one, `lang` below, made at import): the Texts it
    draws from, what its file's header says about its lines, and the
    buffers its texts are composed in.

    lh: its lines' height; pixels: its texts are pictures (the shaped
    scripts, version 3 files) laid out in pixels, drawn by `pics` (a
    taki_ui.pictures.Pictures, its code loaded only meanwhile), else
    characters of the board's font in cells (version 1); rtl: laid out
    right to left (Sindhi); lat_y: where the board's font sits on its lines;
    texts.code: its code (once load() was called: the app does at start-up).
    gen counts the languages put in use: a line remembers what it shows by
    number (Line.show), and one language's number 5 is not another's. cut
    counts characters that did not fit where they were put (tests: never
    any; pics.cut too, while it draws)."""

    # (the class's until tests set them: no room in the board's instance)
    trace = False  # tests: lines keep what they drew (Line.text)
    words = None  # tests: (language, word number) -> the word (sim.build.lang), for Line.text

    def __init__(self):
        self.texts = None
        self.lh = LINE_H
        self.pixels = False
        self.rtl = False
        self.lat_y = 0
        self.pics = None
        self.gen = 0
        self.cut = 0
        self.cells = bytearray(_MAX)  # a text being composed: glyph numbers + 1, 0 blank
        # a text, and the texts in its places (scratch; pictures walks them too)
        self.bufs = (bytearray(_MAX), bytearray(_MAX), bytearray(_MAX))

    def load(self, code="en"):
        """Use the texts of language `code` (at start-up, and when the setup
        changes the language). A missing or damaged file, or a code this
        version does not know, gives English instead: False then (the app
        says so in one line), else True."""
        t = self.texts
        if t is not None and t.code == code:
            return True
        if code in LANGS:
            try:
                self._use(Texts(code))
                return True
            except OSError as e:
                print(e)  # the board's serial console: what to do about it
        if self.texts is None or self.texts.code != "en":
            self._use(Texts("en"))
        return False

    def _use(self, t):
        """Draw from Texts t, the one it replaces closed (load, tests)."""
        old = self.use(t)
        if old is not None:
            old.f.close()
        self.forget_pictures()  # unless t draws pictures

    def use(self, t):
        """Draw from Texts t from now on; the Texts drawn from until now (not
        closed: the first start's question shows each language's name from
        its own file, then gives the one in use back)."""
        old = self.texts
        self.texts = t
        self.gen += 1
        h = t.head
        self.pixels = h[2] == 3
        self.rtl = self.pixels and h[3] & 1 == 1
        self.lh = h[8]
        self.lat_y = h[9] if self.pixels else 0
        p = self.pics
        if p is not None:  # its scratch and word table go before the next's are made
            self.cut += p.cut
            self.pics = None
        if self.pixels:
            from taki_ui import pictures  # its code: only while it is needed

            self.pics = pictures.Pictures(t, self.bufs)  # it imports no text: what it draws from
        return old

    def forget_pictures(self):
        """Drop taki_ui.pictures (its bytecode is heap) while no language in
        use draws pictures: the first start's question loads it to show them."""
        if self.pixels:
            return
        import sys

        p = self.pics
        if p is not None:
            self.cut += p.cut  # what its lines could not fit stays counted
            self.pics = None
        sys.modules.pop("taki_ui.pictures", None)
        pkg = sys.modules["taki_ui"]
        if hasattr(pkg, "pictures"):
            delattr(pkg, "pictures")

    def hold_words(self, on):
        """A language of pictures: keep its word table in memory (on, as when
        it is loaded), or let it go for a screen that needs the room
        (taki_ui.pictures.Pictures.hold)."""
        if self.pixels:
            self.pics.hold(on)


lang = Language()

_BLANK = bytes(COLS)  # a line's cells, cleared
# a character's cell is its glyph's number + 1: "?" for one the font lacks
# (arithmetic, not a table: its 256 bytes are heap, and composing is a few
# dozen characters a line, not where a key's time goes)
_END = const(_FIRST + _COUNT)  # the first code past the font's glyphs
_QCELL = const(1 + _UNKNOWN)


def _put_char(o, at):
    if at < _MAX:
        lang.cells[at] = o - _FIRST + 1 if _FIRST <= o < _END else _QCELL
    else:
        lang.cut += 1
    return at + 1


def _put_str(s, at):
    cells = lang.cells
    for c in s:  # iterating a str allocates nothing; indexing it would
        if at < _MAX:
            o = ord(c)
            cells[at] = o - _FIRST + 1 if _FIRST <= o < _END else _QCELL
        else:
            lang.cut += 1
        at += 1
    return at


def _put_int(v, at):
    d = 1  # the place of v's first digit: they go left to right, no buffer
    while d * 10 <= v:
        d *= 10
    while d:
        at = _put_char(48 + v // d % 10, at)
        d //= 10
    return at


def _put_arg(v, kind, at, depth):
    if kind == strings.PLACE_COLOUR:
        return _put_text(strings.RED + v, None, None, None, at, depth)
    if kind == strings.PLACE_CARD:
        if v >= 52:
            return _put_text(strings.COLOR_CARD + v - 52, None, None, None, at, depth)
        return _put_text(strings.CARD, v // 13, strings.SYM_1 + v % 13, None, at, depth)
    if kind == strings.PLACE_TEXT:
        return _put_text(v, None, None, None, at, depth)
    if isinstance(v, int):
        return _put_int(v, at)
    return _put_str(v, at)


def _put_text(n, a, b, c, at, depth=0):
    la = lang
    if la.texts is None:
        la.load()
    buf = la.bufs[depth]
    cells = la.cells
    for k in range(la.texts.read(n, buf)):
        o = buf[k]
        if o >= 32:  # (_put_char's work, here: a call less a character)
            if at < _MAX:
                cells[at] = o - _FIRST + 1 if o < _END else _QCELL
            else:
                la.cut += 1
            at += 1
        else:
            i = (o - 1) % 3
            at = _put_arg(a if i == 0 else b if i == 1 else c, (o - 1) // 3, at, depth + 1)
    return at


def compose(n, a=None, b=None, c=None):
    """Text n with its places filled in, into the composing cells; its length."""
    k = min(_put_text(n, a, b, c, 0), _MAX)
    if k < _MAX:
        lang.cells[k] = 0  # the end, for composed()
    return k


def compose_str(s):
    return min(_put_str(s, 0), _MAX)


def composed(n=-1):
    """The composed cells as a str (at start-up and in tests: it allocates)."""
    cells = lang.cells
    k = 0
    while k < _MAX and (k < n or n < 0 and cells[k]):
        k += 1
    return "".join(chr(_FIRST + cells[i] - 1) if cells[i] else " " for i in range(k))


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
    cells = lang.cells
    while k > start and cells[k] != 1:  # cell 1: glyph 0, the space
        k -= 1
    return k if k > start else start + width


def _key(ln):
    """The language in use and where line ln stands, as one number (Line.show)."""
    return lang.gen << 10 | (ln.X & 1023)


class Line:
    """One line of text, placed in a screen's group as one TileGrid (`tile`).

    In the board's font (a language of characters): a TileGrid over the
    firmware font's own bitmap, a glyph a tile, as displayio's Terminal
    draws; what a line shows is composed into a row of character cells, and
    a cell that changed is one tile index changed (no pixel is copied). In
    a language of pictures: a one-bit Bitmap drawn into (taki_ui.pictures),
    shown through a TileGrid of its 8-pixel columns.

    Either way the TileGrid is a window as wide as the screen onto the
    line's content, slid so that what lies on the screen is the text and
    as little blank as can be (a blank pixel costs the display's refresh
    as much as an inked one): the text's end at the window's end, or its
    start at the window's start, whichever leaves less blank on the screen.
    `x` is where the line's column 0 stands; `tile.x` where the window does."""

    # (few attributes: a line is made 16 times, and an object's attributes
    # are a table on the heap that grows as it fills, 48 B more past 12;
    # these stay the class's until a line needs its own: a line of pictures
    # has 12, none of them cells or shown)
    drew = None  # tests (trace): what it drew, in order
    ltr = False  # laid out left to right even in Sindhi (names, numbers only)
    cells = None  # (the board's font) what is to be shown: glyph numbers + 1, 0 blank
    shown = None  # (the board's font) what the tiles show

    def __init__(self, height=LINE_H):
        pal = displayio.Palette(2)
        pal.make_transparent(0)  # until a colour() gives it a background
        if lang.pixels:  # drawn as pictures (the language in use when made)
            self.tile = displayio.TileGrid(displayio.Bitmap(WIDTH, height, 2), pixel_shader=pal,
                                           width=_PIC_TILES, height=1, tile_width=_TW,
                                           tile_height=height)
        else:
            self.tile = displayio.TileGrid(terminalio.FONT.bitmap, pixel_shader=pal,
                                           width=_GLYPH_TILES, height=1, tile_width=CHAR_W,
                                           tile_height=LINE_H, default_tile=0)
            self.cells = bytearray(COLS)
            self.shown = bytearray(COLS)
        self.X = 0  # where column 0 stands (x)
        self.s = 0  # the window's first tile: tile j shows column s + j (Latin) or chunk s + j
        # the window's place and the columns it shows (pictures); the columns
        # of ink shown, lo << 8 | hi (the board's font)
        self.span = -1
        self.group = None  # the group it sits in while a screen uses it
        if lang.trace:
            self.drew = []  # tests: what it drew, in order
            self.said = []  # tests: the texts it shows (pictures), as numbers
        # what was drawn since the last clear: the columns of pixels (pictures:
        # a clear fills only those, so a refresh sends only what changed) or
        # the cells written (the board's font)
        self.lo = 0
        self.hi = WIDTH if self.cells is None else COLS
        # what show() drew last: text n with places a, b, c, in the language
        # and at the x of `key` (_key), while nothing else was drawn since
        # (clear forgets it); the same again draws nothing
        self.n = -1
        self.a = self.b = self.c = None
        self.key = -1

    # --- where (the window's place follows the line's) -------------------------
    @property
    def x(self):
        return self.X

    @x.setter
    def x(self, v):
        self.X = v
        self.tile.x = v + (CHAR_W if self.cells is not None else _TW) * self.s

    @property
    def pics(self):
        """Drawn as pictures (the language in use when it was made)."""
        return self.cells is None

    @property
    def bitmap(self):
        """What a line of pictures is drawn into (taki_ui.pictures); None in
        the board's font (its TileGrid shows the font's own bitmap)."""
        return self.tile.bitmap if self.cells is None else None

    @property
    def palette(self):
        """Its two colours: 0 the background (transparent: none), 1 the ink."""
        return self.tile.pixel_shader

    @property
    def height(self):
        return LINE_H if self.cells is not None else self.tile.bitmap.height

    y = property(lambda self: self.tile.y, lambda self, v: setattr(self.tile, "y", v))
    hidden = property(lambda self: self.tile.hidden,
                      lambda self, v: setattr(self.tile, "hidden", v))

    # --- what a line shows -----------------------------------------------------
    def set(self, s):
        """Show the str s (what it shows already: nothing is drawn)."""
        if self.n == -2 and s == self.a and self.key == _key(self):
            return
        self.clear()
        self.put(0, s)
        self.done()
        self.n = -2  # (show's memory: -2, a str)
        self.a = s
        self.key = _key(self)

    def show(self, n, a=None, b=None, c=None):
        """Show text n, its places filled with a, b, c (what it shows
        already: nothing is drawn, nothing sent to the panel)."""
        if n == self.n and a == self.a and b == self.b and c == self.c and self.key == _key(self):
            return
        self.clear()
        # straight there, not through put_text: a frame less on the deepest
        # path of the pystack (a screen built as a key's answer)
        if self.cells is None:  # pictures
            lang.pics.put_text(self, 0, n, a, b, c, False, -1)
        else:
            self.place(0, 0, compose(n, a, b, c))
        self.done()
        self.n = n
        self.a = a
        self.b = b
        self.c = c
        self.key = _key(self)

    def clear(self):
        self.n = -1
        if self.cells is None:  # pictures
            lang.pics.clear(self)
            return
        if self.drew is not None:
            self.drew = None if not lang.trace else []
        self.cells[:] = _BLANK  # (copied in C: no loop, nothing allocated)
        self.lo = COLS  # the columns written since (place): none
        self.hi = 0

    def put(self, col, s):
        """Write the str (or int) s from column col; the column after it."""
        self.n = -1
        if self.cells is None:  # pictures
            return lang.pics.put(self, col, s)
        n = _put_int(s, 0) if isinstance(s, int) else compose_str(s)
        return self.place(col, 0, n)

    def put_text(self, col, n, a=None, b=None, c=None, right=False, part=-1):
        """Write text n from column col (right=True: ending there); the
        column after it. part: a two-line text's first (0) or second (1)
        line (pictures; -1: all of it)."""
        self.n = -1
        if self.cells is None:  # pictures
            return lang.pics.put_text(self, col, n, a, b, c, right, part)
        k = compose(n, a, b, c)
        return self.place(col - k if right else col, 0, k)

    def place(self, col, start, n):
        """Copy n composed cells from start to column col; the column after."""
        self.n = -1
        cells = self.cells
        src = lang.cells
        end = col + n
        if col < self.lo:
            self.lo = max(col, 0)
        if end > self.hi:
            self.hi = min(end, COLS)
        for k in range(start, start + n):
            if 0 <= col < COLS:
                cells[col] = src[k]
            elif src[k] > 1:
                lang.cut += 1  # a character that does not fit the line
            col += 1
        return col

    def done(self):
        """Show what was put since the last clear: the cells that changed
        (pictures are drawn at once), and the window over the text."""
        if self.cells is None:  # pictures
            lo = self.lo
            hi = self.hi
            if hi <= lo:  # nothing drawn: the whole bitmap is blank
                self._slide(-1, -1, 0)
                return
            lo //= _TW
            hi = (hi + _TW - 1) // _TW
            # a column of the bitmap the text leaves blank, for the window's
            # tiles off the text (needed only when there is one)
            self._slide(lo, hi, 0 if lo > 0 else hi)
            return
        cells = self.cells
        shown = self.shown
        # the ink among the columns written (place), blanks and spaces off its ends
        lo = self.lo
        hi = self.hi
        while lo < hi and cells[lo] <= 1:
            lo += 1
        while hi > lo and cells[hi - 1] <= 1:
            hi -= 1
        if lo >= hi:
            lo = hi = -1
        old = self.s
        was = self.span  # the ink shown until now: lo << 8 | hi
        if self._slide(lo, hi, COLS):  # all tiles: the window moved
            shown[:] = cells
            self.span = lo << 8 | hi if lo >= 0 else 0
            return
        self.span = lo << 8 | hi if lo >= 0 else 0
        # what changed lies where ink is now or was before
        a = min(lo if lo >= 0 else COLS, was >> 8 if was > 0 else COLS)
        b = max(hi, was & 255 if was > 0 else 0)
        tg = self.tile
        for k in range(a, b):
            v = cells[k]
            if v != shown[k]:
                shown[k] = v
                j = k - old
                if 0 <= j < _GLYPH_TILES:
                    tg[j] = v - 1 if v > 1 else 0

    def _slide(self, lo, hi, blank):
        """Place the window over columns (tiles' widths) lo..hi-1 of the
        content (-1, -1: none; the window waits off the screen); blank: a
        column of pictures with no ink. True if it moved (every tile set)."""
        pics = self.cells is None
        n = _PIC_TILES if pics else _GLYPH_TILES
        tw = _TW if pics else CHAR_W
        X = self.X
        if lo < 0:
            s = -2 * n  # off the screen, left of it
        elif not self.tile.pixel_shader.is_transparent(0):
            s = 0  # a bar: as wide as the screen, from x
        else:
            # the text's end at the window's end: blank on the screen left of
            # the text; its start at the window's start: blank right of it
            right = hi - n
            left_blank = X + tw * lo - max(0, X + tw * right)
            right_blank = min(WIDTH, X + tw * (lo + n)) - (X + tw * hi)
            s = right if left_blank < right_blank else lo
        if pics:
            span = s << 16 | (lo & 255) << 8 | (hi & 255)
            if span == self.span:  # the same columns where they were
                return False
            self.span = span
        elif s == self.s:
            return False
        self.s = s
        tg = self.tile
        tg.x = X + tw * s
        if pics:
            for j in range(n):
                k = s + j
                tg[j] = k if lo <= k < hi else blank
        else:
            cells = self.cells
            for j in range(n):
                k = s + j
                v = cells[k] if 0 <= k < COLS else 0
                tg[j] = v - 1 if v > 1 else 0
        return True

    @property
    def text(self):
        """What the line shows, as a str (tests, tools: it allocates). For
        pictures, what was drawn, in reading order (lang.words: the words)."""
        d = self.drew
        if d:  # drawn as pictures: d[0] is the language
            words = lang.words
            return "".join(p if isinstance(p, str) else words[d[0], p] for p in d[1:]).rstrip()
        return "".join(chr(_FIRST + i - 1) if i else " " for i in self.shown).rstrip()

    # --- how ---------------------------------------------------------------------
    def colour(self, fg, bg=None):
        """Ink colour, and a background (CLEAR: none; None: as it was). A
        line with a background is as wide as the screen (a bar)."""
        pal = self.tile.pixel_shader
        pal[1] = fg
        bar = not pal.is_transparent(0)
        if bg == CLEAR:
            pal.make_transparent(0)
        elif bg is not None:
            pal[0] = bg
            pal.make_opaque(0)
        if bar != (not pal.is_transparent(0)):
            self.done()  # the window placed again: a bar is as wide as the screen


def show2(first, second, n, a=None, b=None, c=None):
    """Text n over two lines, broken at a space (pictures: where the
    translation says), the second blank if it fits one; whether it took two."""
    p = lang.pics
    if p is not None:  # the break is where the translation put it
        two = p.parts(n)
        first.clear()
        p.put_text(first, 0, n, a, b, c, False, 0 if two else -1)
        first.done()
        second.clear()
        if two:
            p.put_text(second, 0, n, a, b, c, False, 1)
        second.done()
        return two
    k = compose(n, a, b, c)
    at = split(k)
    first.clear()
    first.place(0, 0, at)
    first.done()
    second.clear()
    skip = 1 if at < k and lang.cells[at] == 1 else 0
    second.place(0, at + skip, k - at - skip)
    second.done()
    return at < k


def fits(n, a=None, b=None, c=None, lines=1, width=WIDTH - 4):
    """Whether text n, filled in, fits `lines` lines (tests, layout);
    width: of a line of pictures, in pixels."""
    if lang.pixels:
        return lang.pics.fits(n, a, b, c, lines, width)
    k = compose(n, a, b, c)
    if lines == 1:
        return k <= COLS
    at = split(k)
    return k - at - (1 if at < k and lang.cells[at] == 1 else 0) <= COLS * (lines - 1)


class Pool:
    """Lines lent to the screens: `base` made at once and kept, up to n in
    all made as they are taken (the table with the pass screen beside it
    needs more than any one screen), the ones past base let go with the
    screens that took them (release)."""

    def __init__(self, n, base):
        self.n = n
        self.base = base
        self.lines = [Line(lang.lh) for _ in range(base)]

    def fit(self):
        """Lines as tall as the language in use needs (when it changed,
        between two screens: no line is lent)."""
        if self.lines and (self.lines[0].height != lang.lh or self.lines[0].pics != lang.pixels):
            n = len(self.lines)
            self.lines = None
            self.lines = [Line(lang.lh) for _ in range(n)]

    def trim(self):
        """Let every line go (none is lent): a screen that needs their room
        for its code; take() makes lines again, up to the pool's size."""
        self.lines = []

    def refill(self):
        """Make the lines trim() let go, up to base."""
        while len(self.lines) < self.base:
            self.lines.append(Line(lang.lh))

    def take(self, group, x, y, fg, text=None, a=None, b=None, c=None, bg=CLEAR,
             ltr=False):
        """A free line, placed at (x, y) in group, showing text (a str, or a
        text's number with its places a, b, c), ink fg on bg: CLEAR (none)
        over the panel's black or over other things, or the colour of a box
        it covers (the refresh stops at an opaque pixel instead of going on
        to the box; over nothing, a transparent pixel costs less than an
        opaque one: no colour to convert);
        ltr: laid out left to right in every language (names, numbers)."""
        for ln in self.lines:
            if ln.group is None:
                break
        else:  # every line lent, or trimmed (trim): one made again, up to the pool's size
            if len(self.lines) >= self.n:
                raise MemoryError("text line pool is empty")
            ln = Line(lang.lh)
            self.lines.append(ln)
        ln.group = group
        if ln.ltr != ltr:
            ln.ltr = ltr
        ln.x = x
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

    def give(self, ln):
        """One line back to the pool."""
        ln.group.remove(ln.tile)
        ln.group = None

    def release_group(self, group):
        """The lines lent to group (or to a Group in it) back; those past
        base go (a screen left while the table stays: taki_ui.stage)."""
        for ln in self.lines:
            g = ln.group
            if g is not None and (g is group or g in group):
                self.give(ln)
        self.release_extra()

    def release(self):
        """Every line back to the pool (the screen that used them is left);
        those past base go."""
        for ln in self.lines:
            if ln.group is not None:
                self.give(ln)
        self.release_extra()

    def release_extra(self):
        """Let the lines past base go, those not lent."""
        k = len(self.lines) - 1
        while len(self.lines) > self.base and k >= 0:
            if self.lines[k].group is None:
                self.lines.pop(k)
            k -= 1

    def used(self):
        n = 0
        for ln in self.lines:
            if ln.group is not None:
                n += 1
        return n
