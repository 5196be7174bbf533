"""Lines of pictures: the shaped scripts' texts (lang/<code>.bin version 3,
made by sim/build/lang.py), laid out in pixels, right to left for Sindhi.

Loaded only while such a language is in use (taki_ui.text.Language.use
makes a Pictures for it, what it draws with): an English or Tagalog game
never has this code in its heap. A text is a row of items: a word's picture
(its pieces of 32 pixels read from the file straight into a scratch
Bitmap's memory, each blitted onto the line), a space, a run of
ASCII in the board's font (button names, +2), a place (a name or a number
in the board's font; a colour, a card, a symbol: another text). A
right-to-left line is laid out from its right end; a run of Latin letters
or digits inside it still reads left to right.
"""

import bitmaptools
import displayio
import terminalio
from boards import CHAR_W, LINE_H
from boards import FONT_FIRST as _FIRST
from boards import FONT_GLYPHS as _COUNT
from boards import SCREEN_W as WIDTH
from micropython import const

from taki_ui import strings

_UNKNOWN = const(63 - _FIRST)  # "?"
# A name of one control character is a seat's default name, drawn as the
# language's own words (taki_ui.settings.default_name): chr(_LONG + seat) is
# its PLAYER text, chr(_SHORT + seat) its PLAYER_SHORT, the number in digits
_LONG = const(1)
_SHORT = const(17)
_BREAK = const(31)  # where a text's second line starts (sim/build/lang.py)
_PIECE = const(32)  # a word's picture in the file: pieces this wide (sim/build/lang.py)


def _room(ln):
    """The width a line lays out in: to 2 pixels from the screen's right
    edge (or its own left margin, if less)."""
    x = ln.X
    return WIDTH - x - (x if x < 2 else 2)


def _end(ln):
    """Where a right-to-left line's text ends: the mirror of where a
    left-to-right one starts (its left margin, from the right edge)."""
    return WIDTH - 2 * ln.X


def _mark(v):
    """The text that draws default name v, or -1 (v: a name or a number)."""
    if isinstance(v, str) and len(v) == 1 and ord(v) < 32:
        return strings.PLAYER_SHORT if ord(v) >= _SHORT else strings.PLAYER
    return -1


def _seat_number(v):
    o = ord(v)
    return o - _SHORT + 1 if o >= _SHORT else o - _LONG + 1


class Pictures:
    """The drawing of one language's texts as pictures: what taki_ui.text's
    Lines call in a language of pictures. Made by taki_ui.text (this module
    imports no text) for the Texts t in use (its file open), with text's
    scratch buffers bufs (a text, and the texts in its places)."""

    def __init__(self, t, bufs):
        h = t.head
        self.t = t
        self.bufs = bufs
        # a number's digits, lowest first (_int_digits); a word's table entry
        # read from the file (_width: never while digits are in use)
        self.digits = bytearray(10)
        # a 32-pixel-wide piece of a word's picture, read from the file
        # straight into this Bitmap's own memory (the file keeps each piece as
        # a 32-pixel-wide one-bit Bitmap lays its rows out: no pixel is read
        # one by one), then blitted onto the line; mv: that memory (None where
        # a Bitmap is no buffer, as Blinka's on the desktop:
        # bitmaptools.readinto reads the same bytes)
        self.scratch = displayio.Bitmap(_PIECE, h[8], 2)
        try:
            self.mv = memoryview(self.scratch)
        except TypeError:
            self.mv = None
        # the word table, in memory (a read less a word): 4 bytes a word, its
        # picture's place (3 bytes) and its width (hold). Not for the first
        # start's question (a Texts opened not full): it shows one name a
        # language, read from the file as it goes (_width; the columns too)
        self.table = None
        self.at = 0  # where the picture of the word _width measured starts in the file
        self.space = h[10]
        self.lat_y = h[9]  # where the board's font sits on a line
        self.cut = 0  # what did not fit (text's Language takes it over when this goes)
        # what the walk below does, set for a whole text by put, put_text and
        # fits (the walk recurses into its places: a small frame keeps
        # the pystack short): the line drawn on (None: only measuring) and
        # the pen's way (1 right, -1 left: Sindhi)
        self.ln = None
        self.dir = 1
        self.hold(True)

    def hold(self, on):
        """Keep the word table in memory (on), or let it go (a screen that
        needs its ~0.9 KB: taki_ui.stage, let_cards_go), reading each word's
        entry from the file until it is held again."""
        if on and self.table is not None:
            return
        self.table = None
        t = self.t
        if not on or not t.full:
            return
        h = t.head
        self.table = bytearray(4 * (h[12] | h[13] << 8))
        t.f.seek(t.words)
        t.f.readinto(self.table)

    def _width(self, i):
        """Word i's width; its picture's place left in self.at."""
        e = self.table
        j = 4 * i
        if e is None:
            t = self.t
            t.f.seek(t.words + j)
            e = self.digits  # (its first 4 bytes: the entry; the next entries' after them)
            t.f.readinto(e)
            j = 0
        self.at = e[j] | e[j + 1] << 8 | e[j + 2] << 16
        return e[j + 3]

    def fits(self, n, a, b, c, lines, width):
        """text.fits for pictures: each line within `width` pixels."""
        two = self.parts(n)
        if two and lines < 2:
            return False
        self.ln = None  # measured, not drawn (the walk straight: a frame less on the pystack)
        self.dir = 1
        if not two:
            return self._walk(n, a, b, c, -1, 0, 0) <= width
        return (self._walk(n, a, b, c, 0, 0, 0) <= width
                and self._walk(n, a, b, c, 1, 0, 0) <= width)

    def put(self, ln, col, s):
        """Line.put: a name or a number, in the board's font (a default name:
        the language's words for it)."""
        m = _mark(s)
        if m >= 0:  # put_text's work, here: a frame less on the pystack (Line.set)
            k = _seat_number(s)
            d = 1
            x = col * CHAR_W
            self.ln = ln
            if self.t.head[3] & 1 and not ln.ltr:  # right to left (Sindhi)
                x = _end(ln) - x
                d = -1
            self.dir = d
            # drawn from where it starts, so one walk: its width is where the pen stops
            w = (self._walk(m, k, None, None, -1, 0, x) - x) * d
            if x - (w if d < 0 else 0) < 0 or x + (w if d > 0 else 0) > _room(ln):
                self.cut += 1
            self.ln = None
            return col + (w + CHAR_W - 1) // CHAR_W
        if isinstance(s, int):
            k = self._int_digits(s)
            w = k * CHAR_W
        else:
            k = -1
            w = len(s) * CHAR_W
        x = col * CHAR_W
        if self.t.head[3] & 1 and not ln.ltr:  # right to left (Sindhi)
            x = _end(ln) - x - w
            if s == ">":  # the menu cursor, now at the right edge, points at its row
                s = "<"
        self._put_latin(ln, s, k, x)
        return col + w // CHAR_W

    def put_text(self, ln, col, n, a, b, c, right, part):
        """Line.put_text: text n from column col (right: ending there),
        mirrored in a right-to-left language unless the line is ltr; the
        column after."""
        if ln.drew is not None:
            ln.said.append(n)  # tests: which texts the line shows
        self.dir = 1  # (the walk straight: a frame less on the pystack)
        x = col * CHAR_W
        if right:  # where it starts depends on its width: measured first
            self.ln = None
            x -= self._walk(n, a, b, c, part, 0, 0)
        # else drawn from where it starts, so one walk: its width is where the pen stops
        self.ln = ln
        if self.t.head[3] & 1 and not ln.ltr:  # right to left (Sindhi)
            end = _end(ln) - x
            self.dir = -1
            w = end - self._walk(n, a, b, c, part, 0, end)
            if end - w < 0:
                self.cut += 1
        else:
            w = self._walk(n, a, b, c, part, 0, x) - x
            if x + w > _room(ln):
                self.cut += 1
        self.ln = None
        return (x + w + CHAR_W - 1) // CHAR_W

    def _int_digits(self, v):
        """v's digits into self.digits, lowest first; how many."""
        d = self.digits
        k = 0
        while True:
            d[k] = 48 + v % 10
            v //= 10
            k += 1
            if v == 0:
                return k

    def clear(self, ln):
        if ln.hi > ln.lo:
            # all of it: Bitmap.fill writes 32-bit words, fill_region a pixel
            # at a time (~50 instructions each); the line's window shows only
            # the text's columns anyway, and a bitmap behind a window of many
            # tiles is redrawn whole when it changes (displayio 10.2.1)
            ln.tile.bitmap.fill(0)
        ln.lo = WIDTH
        ln.hi = 0
        if ln.drew is not None:
            ln.drew = [self.t.code]  # tests: the language, then what was drawn
            ln.said = []

    def _put_latin(self, ln, s, k, x):
        """A name (str s) or a number (its k digits in self.digits) in the
        board's font, left to right from x, on a line of pictures. The glyphs
        are blitted here, not by a method of their own: a frame less at the
        deepest point of a text's walk."""
        bm = ln.tile.bitmap
        n = len(s) if k < 0 else k
        # the pixels drawn on (clear fills only those); here, not in a method
        # of its own: a frame less at the deepest point of a text's walk
        if x < ln.lo:
            ln.lo = x if x > 0 else 0
        if x + n * CHAR_W > ln.hi:
            ln.hi = x + n * CHAR_W if x + n * CHAR_W < WIDTH else WIDTH
        d = self.digits
        y = self.lat_y
        j = 0
        while j < n:
            o = (ord(s[j]) if k < 0 else d[k - 1 - j]) - _FIRST
            if x < 0 or x + CHAR_W > WIDTH:
                self.cut += 1
            else:
                if not 0 <= o < _COUNT:
                    o = _UNKNOWN
                if o:
                    bitmaptools.blit(bm, terminalio.FONT.bitmap, x, y, x1=o * CHAR_W, y1=0,
                                     x2=o * CHAR_W + CHAR_W, y2=LINE_H)
            x += CHAR_W
            j += 1
        if ln.drew is not None:
            ln.drew.append(s if k < 0 else str(s))

    def _word(self, ln, i, w, x):
        """Word i's picture, w wide, at x: its 32-pixel pieces read from the
        file, from self.at (_width(i) just said where)."""
        f = self.t.f
        f.seek(self.at)
        bm = ln.tile.bitmap
        if x < 0 or x + w > WIDTH:
            self.cut += 1
        # the pixels drawn on (clear fills only those); here, not in a method
        # of its own: a frame less at the deepest point of a text's walk
        if x < ln.lo:
            ln.lo = x if x > 0 else 0
        if x + w > ln.hi:
            ln.hi = x + w if x + w < WIDTH else WIDTH
        sc = self.scratch
        mv = self.mv
        c = 0
        while c < w:
            if mv is not None:
                f.readinto(mv)
            else:
                bitmaptools.readinto(sc, f, 1, reverse_pixels_in_element=True)
            at = x + c  # the piece's columns lo..hi-1 that lie on the line
            lo = -at if at < 0 else 0
            hi = min(_PIECE, w - c, WIDTH - at)
            if lo < hi:
                bitmaptools.blit(bm, sc, at + lo, 0, x1=lo, y1=0, x2=hi, y2=sc.height,
                                 skip_source_index=0)
            c += _PIECE
        if ln.drew is not None:
            ln.drew.append(i)

    def _walk(self, n, a, b, c, part, depth, x):
        """Lay out text n's items from pen x; the pen after them. A colour, a
        card or a symbol in a place is a text of its own: walked straight
        from here (no frame between: the board's pystack is 2 KB)."""
        # (no more locals than these: three of its frames and _run's are the
        # deepest point of the board's pystack)
        buf = self.bufs[depth]
        k = self.t.read(n, buf)
        i = 0
        if part == 1:  # the second line: after the break
            while i < k and buf[i] != _BREAK:
                i += 2 if buf[i] >= 128 else 1
            i += 1
        # A default name's words are walked in this same frame (a _walk more
        # does not fit the board's pystack under the +3 flow's pass screen):
        # while in them, back is the seat's number and where this text goes
        # on, seat << 16 | i << 8 | k (one local: i, k < _MAX), else 0
        back = 0
        while True:
            if i >= k:
                if not back:
                    break
                buf = self.bufs[depth]
                i = back >> 8 & 255
                k = back & 255
                back = 0
                continue
            o = buf[i]
            if o == _BREAK:
                if part == 0:
                    break
                o = 32  # the whole text on one line: the break is a space
            if o >= 128:  # a word's picture
                o = (o & 127) << 8 | buf[i + 1]
                w = self._width(o)
                if self.ln is not None:
                    self._word(self.ln, o, w, x if self.dir > 0 else x - w)
                x += self.dir * w
                i += 2
                continue
            i += 1
            if o == 32:
                if self.ln is not None and self.ln.drew is not None:
                    self.ln.drew.append(" ")
                x += self.dir * self.space
            elif o > 32:  # ASCII: a run of them reads left to right
                o = self._run(buf, i - 1, k, x)  # the index after the run
                x += self.dir * (o - i + 1) * CHAR_W
                i = o
            else:  # a place: its value (the default name's one place: the seat's number)
                if back:
                    v = back >> 16
                    o = -1
                else:
                    o -= 1
                    v = a if o % 3 == 0 else b if o % 3 == 1 else c
                    o //= 3
                if o == strings.PLACE_COLOUR:
                    x = self._walk(strings.RED + v, None, None, None, -1, depth + 1, x)
                elif o == strings.PLACE_CARD and v >= 52:
                    x = self._walk(strings.COLOR_CARD + v - 52, None, None, None, -1, depth + 1, x)
                elif o == strings.PLACE_CARD:
                    x = self._walk(strings.CARD, v // 13, strings.SYM_1 + v % 13, None, -1,
                                   depth + 1, x)
                elif o == strings.PLACE_TEXT:
                    x = self._walk(v, None, None, None, -1, depth + 1, x)
                elif _mark(v) >= 0:  # a default name: the language's words, from here
                    back = _seat_number(v) << 16 | i << 8 | k
                    buf = self.bufs[depth + 1]
                    k = self.t.read(_mark(v), buf)
                    i = 0
                else:  # a name or a number in the board's font (not _latin's frame: the pystack)
                    o = self._int_digits(v) if isinstance(v, int) else -1
                    w = (o if o >= 0 else len(v)) * CHAR_W
                    if self.ln is not None:
                        self._put_latin(self.ln, v, o, x if self.dir > 0 else x - w)
                    x += self.dir * w
        return x

    def _run(self, buf, i, k, x):
        """The ASCII from buf[i] on, left to right from pen x; the index
        after it."""
        j = i
        while j < k and 32 < buf[j] < 128:
            j += 1
        w = (j - i) * CHAR_W
        ln = self.ln
        if ln is not None:
            p = x if self.dir > 0 else x - w
            # the pixels drawn on (clear fills only those); here, not in a
            # method of its own: a frame less at the deepest point of a
            # text's walk
            if p < ln.lo:
                ln.lo = p if p > 0 else 0
            if p + w > ln.hi:
                ln.hi = p + w if p + w < WIDTH else WIDTH
            # each glyph blitted here, not by a method of its own: a frame less
            # at the deepest point of a text's walk (a Sindhi notice naming a card)
            for m in range(i, j):
                if p < 0 or p + CHAR_W > WIDTH:
                    self.cut += 1
                else:
                    o = buf[m] - _FIRST  # (32 < buf[m] < 128)
                    if o >= _COUNT:
                        o = _UNKNOWN
                    bitmaptools.blit(ln.tile.bitmap, terminalio.FONT.bitmap, p, self.lat_y,
                                     x1=o * CHAR_W, y1=0, x2=o * CHAR_W + CHAR_W, y2=LINE_H)
                p += CHAR_W
            if ln.drew is not None:
                ln.drew.append(bytes(buf[i:j]).decode())
        return j

    def parts(self, n):
        """Whether text n has a second line (pictures: a break in it)."""
        buf = self.bufs[0]
        k = self.t.read(n, buf)
        i = 0
        while i < k:
            if buf[i] == _BREAK:
                return True
            i += 2 if buf[i] >= 128 else 1
        return False
