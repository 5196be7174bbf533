"""Lines of pictures: the shaped scripts' texts (lang/<code>.bin version 3,
made by sim/build/lang.py), laid out in pixels, right to left for Sindhi.

Loaded only while such a language is in use (taki_ui.text.use): an English
or Tagalog game never has this code in its heap. A text is a row of items:
a word's picture (its pieces of 32 pixels read from the file straight into
a scratch Bitmap's memory, each blitted onto the line), a space, a run of
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


# What it draws from, given by taki_ui.text (use(); this module imports no
# text: text loads it): the Texts in use, text's scratch buffers, and what
# that language's header says
_t = None
_bufs = None
_digits = bytearray(10)
# a 32-pixel-wide piece of a word's picture, read from the file straight
# into this Bitmap's own memory (the file keeps each piece as a 32-pixel-wide
# one-bit Bitmap lays its rows out: no pixel is read one by one), then
# blitted onto the line; _mv: that memory (None where a Bitmap is no buffer,
# as Blinka's on the desktop: bitmaptools.readinto reads the same bytes)
_scratch = None
_mv = None
# the word table, in memory (a read less a word): 4 bytes a word, its
# picture's place (3 bytes) and its width (hold). Not for the first start's
# question (a Texts opened not full): it shows one name a language, read
# from the file as it goes (_entry; the columns too)
_table = None
_entry = bytearray(4)
_at = 0  # where the picture of the word _width measured starts in the file
_rtl = False
_space = 0
lat_y = 0  # where the board's font sits on a line (text.lat_y)
cut = 0  # what did not fit (text.cut takes it over when this module goes; sim.testing.harness.cut)


def use(t, bufs):
    """Draw from Texts t (its file open), with text's scratch buffers bufs."""
    global _t, _bufs, _scratch, _mv, _rtl, _space, lat_y
    h = t.head
    _t = t
    _bufs = bufs
    hold(False)  # (the last language's, before the next's are made)
    _scratch = _mv = None
    _scratch = displayio.Bitmap(_PIECE, h[8], 2)
    try:
        _mv = memoryview(_scratch)
    except TypeError:
        _mv = None
    _rtl = h[3] & 1 == 1
    _space = h[10]
    lat_y = h[9]
    hold(True)


def hold(on):
    """Keep the word table in memory (on), or let it go (a screen that
    needs its ~0.9 KB: taki_ui.stage, let_cards_go), reading each word's
    entry from the file until it is held again."""
    global _table
    if on and _table is not None:
        return
    _table = None
    t = _t
    if not on or not t.full:
        return
    h = t.head
    _table = bytearray(4 * (h[12] | h[13] << 8))
    t.f.seek(t.words)
    t.f.readinto(_table)


def _width(i):
    """Word i's width; its picture's place left in _at."""
    global _at
    e = _table
    j = 4 * i
    if e is None:
        t = _t
        t.f.seek(t.words + j)
        t.f.readinto(_entry)
        e = _entry
        j = 0
    _at = e[j] | e[j + 1] << 8 | e[j + 2] << 16
    return e[j + 3]


def fits(n, a, b, c, lines, width):
    """text.fits for pictures: each line within `width` pixels."""
    two = parts(n)
    if two and lines < 2:
        return False
    if not two:
        return _measure(n, a, b, c, -1) <= width
    return _measure(n, a, b, c, 0) <= width and _measure(n, a, b, c, 1) <= width


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


def put(ln, col, s):
    """Line.put: a name or a number, in the board's font (a default name:
    the language's words for it)."""
    global _ln, _dir, cut
    m = _mark(s)
    if m >= 0:  # put_text's work, here: a frame less on the pystack (Line.set)
        k = _seat_number(s)
        _dir = 1
        x = col * CHAR_W
        _ln = ln
        if _rtl and not ln.ltr:
            x = _end(ln) - x
            _dir = -1
        # drawn from where it starts, so one walk: its width is where the pen stops
        w = (_walk(m, k, None, None, -1, 0, x) - x) * _dir
        if x - (w if _dir < 0 else 0) < 0 or x + (w if _dir > 0 else 0) > _room(ln):
            cut += 1
        _ln = None
        return col + (w + CHAR_W - 1) // CHAR_W
    if isinstance(s, int):
        k = _int_digits(s)
        w = k * CHAR_W
    else:
        k = -1
        w = len(s) * CHAR_W
    x = col * CHAR_W
    if _rtl and not ln.ltr:
        x = _end(ln) - x - w
        if s == ">":  # the menu cursor, now at the right edge, points at its row
            s = "<"
    _put_latin(ln, s, k, x)
    return col + w // CHAR_W


def put_text(ln, col, n, a, b, c, right, part):
    """Line.put_text: text n from column col (right: ending there), mirrored
    in a right-to-left language unless the line is ltr; the column after."""
    global _ln, _dir, cut
    if ln.drew is not None:
        ln.said.append(n)  # tests: which texts the line shows
    _dir = 1  # (no _measure, _lay: a frame less on the pystack)
    x = col * CHAR_W
    if right:  # where it starts depends on its width: measured first
        _ln = None
        x -= _walk(n, a, b, c, part, 0, 0)
    # else drawn from where it starts, so one walk: its width is where the pen stops
    _ln = ln
    if _rtl and not ln.ltr:
        end = _end(ln) - x
        _dir = -1
        w = end - _walk(n, a, b, c, part, 0, end)
        if end - w < 0:
            cut += 1
    else:
        w = _walk(n, a, b, c, part, 0, x) - x
        if x + w > _room(ln):
            cut += 1
    _ln = None
    return (x + w + CHAR_W - 1) // CHAR_W


def _int_digits(v):
    """v's digits into _digits, lowest first; how many."""
    k = 0
    while True:
        _digits[k] = 48 + v % 10
        v //= 10
        k += 1
        if v == 0:
            return k


def clear(ln):
    if ln.hi > ln.lo:
        # all of it: Bitmap.fill writes 32-bit words, fill_region a pixel at
        # a time (~50 instructions each); the line's window shows only the
        # text's columns anyway, and a bitmap behind a window of many tiles is
        # redrawn whole when it changes (displayio 10.2.1)
        ln.bitmap.fill(0)
    ln.lo = WIDTH
    ln.hi = 0
    if ln.drew is not None:
        ln.drew = [_t.code]  # tests: the language, then what was drawn
        ln.said = []


def _glyph(bm, o, x):
    global cut
    if x < 0 or x + CHAR_W > WIDTH:
        cut += 1
        return
    i = o - _FIRST
    if not 0 <= i < _COUNT:
        i = _UNKNOWN
    if i:
        bitmaptools.blit(bm, terminalio.FONT.bitmap, x, lat_y, x1=i * CHAR_W, y1=0,
                         x2=i * CHAR_W + CHAR_W, y2=LINE_H)


def _put_latin(ln, s, k, x):
    """A name (str s) or a number (its k digits in _digits) in the board's
    font, left to right from x, on a line of pictures. The glyphs are blitted
    here, not by _glyph: a frame less at the deepest point of a text's walk."""
    global cut
    bm = ln.bitmap
    n = len(s) if k < 0 else k
    # the pixels drawn on (clear fills only those); here, not in a function
    # of its own: a frame less at the deepest point of a text's walk
    if x < ln.lo:
        ln.lo = x if x > 0 else 0
    if x + n * CHAR_W > ln.hi:
        ln.hi = x + n * CHAR_W if x + n * CHAR_W < WIDTH else WIDTH
    j = 0
    while j < n:
        o = (ord(s[j]) if k < 0 else _digits[k - 1 - j]) - _FIRST
        if x < 0 or x + CHAR_W > WIDTH:
            cut += 1
        else:
            if not 0 <= o < _COUNT:
                o = _UNKNOWN
            if o:
                bitmaptools.blit(bm, terminalio.FONT.bitmap, x, lat_y, x1=o * CHAR_W, y1=0,
                                 x2=o * CHAR_W + CHAR_W, y2=LINE_H)
        x += CHAR_W
        j += 1
    if ln.drew is not None:
        ln.drew.append(s if k < 0 else str(s))


def _word(ln, i, w, x):
    """Word i's picture, w wide, at x: its 32-pixel pieces read from the
    file, from _at (_width(i) just said where)."""
    global cut
    f = _t.f
    f.seek(_at)
    bm = ln.bitmap
    if x < 0 or x + w > WIDTH:
        cut += 1
    # the pixels drawn on (clear fills only those); here, not in a function
    # of its own: a frame less at the deepest point of a text's walk
    if x < ln.lo:
        ln.lo = x if x > 0 else 0
    if x + w > ln.hi:
        ln.hi = x + w if x + w < WIDTH else WIDTH
    c = 0
    while c < w:
        if _mv is not None:
            f.readinto(_mv)
        else:
            bitmaptools.readinto(_scratch, f, 1, reverse_pixels_in_element=True)
        at = x + c  # the piece's columns lo..hi-1 that lie on the line
        lo = -at if at < 0 else 0
        hi = min(_PIECE, w - c, WIDTH - at)
        if lo < hi:
            bitmaptools.blit(bm, _scratch, at + lo, 0, x1=lo, y1=0, x2=hi, y2=_scratch.height,
                             skip_source_index=0)
        c += _PIECE
    if ln.drew is not None:
        ln.drew.append(i)


# What the walk below does, set for a whole text by _measure and _lay (the
# walk recurses into its places: a small frame keeps the pystack short)
_ln = None  # the line drawn on (None: only measuring)
_dir = 1  # the pen moves right (1) or left (-1, Sindhi)
_x = 0  # a second result of _run


def _measure(n, a, b, c, part):
    """Width of text n (part: -1 all, 0 its first line, 1 its second)."""
    global _ln, _dir
    _ln = None
    _dir = 1
    return _walk(n, a, b, c, part, 0, 0)


def _walk(n, a, b, c, part, depth, x):
    """Lay out text n's items from pen x; the pen after them. A colour, a
    card or a symbol in a place is a text of its own: walked straight from
    here (no frame between: the board's pystack is 2 KB)."""
    buf = _bufs[depth]
    k = _t.read(n, buf)
    i = 0
    if part == 1:  # the second line: after the break
        while i < k and buf[i] != _BREAK:
            i += 2 if buf[i] >= 128 else 1
        i += 1
    # A default name's words are walked in this same frame (a _walk more does
    # not fit the board's pystack under the +3 flow's pass screen): seat is its
    # number while in them, back where this text goes on (i << 16 | k)
    seat = 0
    back = 0
    while True:
        if i >= k:
            if not seat:
                break
            seat = 0
            buf = _bufs[depth]
            i = back >> 16
            k = back & 0xFFFF
            continue
        o = buf[i]
        if o == _BREAK:
            if part == 0:
                break
            o = 32  # the whole text on one line: the break is a space
        if o >= 128:  # a word's picture
            o = (o & 127) << 8 | buf[i + 1]
            w = _width(o)
            if _ln is not None:
                _word(_ln, o, w, x if _dir > 0 else x - w)
            x += _dir * w
            i += 2
            continue
        i += 1
        if o == 32:
            if _ln is not None and _ln.drew is not None:
                _ln.drew.append(" ")
            x += _dir * _space
        elif o > 32:  # ASCII: a run of them reads left to right
            i = _run(buf, i - 1, k, x)
            x = _x
        else:  # a place: its value (the default name's one place: the seat's number)
            if seat:
                v = seat
                o = -1
            else:
                o -= 1
                v = a if o % 3 == 0 else b if o % 3 == 1 else c
                o //= 3
            if o == strings.PLACE_COLOUR:
                x = _walk(strings.RED + v, None, None, None, -1, depth + 1, x)
            elif o == strings.PLACE_CARD and v >= 52:
                x = _walk(strings.COLOR_CARD + v - 52, None, None, None, -1, depth + 1, x)
            elif o == strings.PLACE_CARD:
                x = _walk(strings.CARD, v // 13, strings.SYM_1 + v % 13, None, -1, depth + 1, x)
            elif o == strings.PLACE_TEXT:
                x = _walk(v, None, None, None, -1, depth + 1, x)
            elif _mark(v) >= 0:  # a default name: the language's words, from here
                seat = _seat_number(v)
                back = i << 16 | k
                buf = _bufs[depth + 1]
                k = _t.read(_mark(v), buf)
                i = 0
            else:  # a name or a number in the board's font (not _latin's frame: the pystack)
                o = _int_digits(v) if isinstance(v, int) else -1
                w = (o if o >= 0 else len(v)) * CHAR_W
                if _ln is not None:
                    _put_latin(_ln, v, o, x if _dir > 0 else x - w)
                x += _dir * w
    return x


def _run(buf, i, k, x):
    """The ASCII from buf[i] on, left to right; the pen after it in _x; the
    index after it."""
    global _x
    j = i
    while j < k and 32 < buf[j] < 128:
        j += 1
    w = (j - i) * CHAR_W
    ln = _ln
    if ln is not None:
        p = x if _dir > 0 else x - w
        # the pixels drawn on (clear fills only those); here, not in a function
        # of its own: a frame less at the deepest point of a text's walk
        if p < ln.lo:
            ln.lo = p if p > 0 else 0
        if p + w > ln.hi:
            ln.hi = p + w if p + w < WIDTH else WIDTH
        for m in range(i, j):
            _glyph(ln.bitmap, buf[m], p)
            p += CHAR_W
        if ln.drew is not None:
            ln.drew.append(bytes(buf[i:j]).decode())
    _x = x + _dir * w
    return j


def parts(n):
    """Whether text n has a second line (pictures: a break in it)."""
    buf = _bufs[0]
    k = _t.read(n, buf)
    i = 0
    while i < k:
        if buf[i] == _BREAK:
            return True
        i += 2 if buf[i] >= 128 else 1
    return False
