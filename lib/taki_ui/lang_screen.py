"""At the very first start: which language? Each shown in its own words
and script (its own line, as tall as that script needs)."""

import displayio
from boards import K_A, K_DOWN, K_UP, LINE_H
from micropython import const

from taki_ui import strings, text, widgets
from taki_ui.unload import forget

_Y0 = const(LINE_H + 1)  # the first row, under the title's line
_ROW_H = const(18)  # six rows fit under it (Sindhi's name, 19 tall, overlaps by a pixel)
_X = const(14)  # the names' left edge, right of the cursor


class LangScreen:
    def __init__(self, lines, code):
        self.group = g = displayio.Group()
        lines.take(g, 2, 0, widgets.HILITE, "TAKI")
        lines.take(g, 124, 0, widgets.DIM, "^v A")  # no words: none is read yet
        self.rows = []
        for i, c in enumerate(text.LANGS):
            ln = _name_line(c)
            ln.x = _X
            ln.y = _Y0 + i * _ROW_H + (_ROW_H - ln.height) // 2
            g.append(ln.tile)
            self.rows.append(ln)
        text.lang.forget_pictures()  # the names are drawn: its code goes while English is in use
        self.cursor = lines.take(g, 2, 0, widgets.HILITE, ">", bg=text.CLEAR)  # over the rows
        self.at = text.LANGS.index(code) if code in text.LANGS else 0
        self._show()

    def _show(self):
        self.cursor.y = _Y0 + self.at * _ROW_H + 3
        for i, ln in enumerate(self.rows):
            ln.colour(widgets.HILITE if i == self.at else widgets.FG)

    def close(self):
        for ln in self.rows:
            self.group.remove(ln.tile)
        self.rows = None
        text.lang.forget_pictures()  # unless the language chosen draws them
        forget("taki_ui.langfile")  # (the names' files are checked: its code goes)

    def chosen(self):
        return text.LANGS[self.at]

    def key(self, app, k):
        """UP/DOWN: the next language; A speaks it, on to setup."""
        if k == K_UP or k == K_DOWN:
            self.at = (self.at + (1 if k == K_DOWN else -1)) % len(text.LANGS)
            self._show()
        elif k == K_A:
            if not app.settings.speak(self.chosen()):
                app.warning = strings.LANG_BAD
            app.saves.changed(settings=True)
            app.to_setup()


def _name_line(code):
    """A line (not the pool's: as tall as that language's) showing language
    `code`'s own name, LANG_NAME from its own file; its code if that file
    cannot be read. Only what the name needs is read and checked here: the
    whole file is checked when the language is chosen (text.load)."""
    t = None
    try:
        t = text.Texts(code, False)
        h = t.head
        ok = _name_crc(t) == h[16] | h[17] << 8 | h[18] << 16 | h[19] << 24
    except (OSError, ValueError):
        ok = False
    if not ok:
        if t is not None:
            t.f.close()
        ln = text.Line(text.lang.lh)
        ln.set(code)
        return ln
    if text.lang.texts is None:  # a language in use (English at the first start) to give back
        text.lang.load()
    mine = text.lang.use(t)
    try:
        ln = text.Line(text.lang.lh)
        ln.ltr = True  # one word, at the list's left edge like the others
        ln.show(strings.LANG_NAME)
    finally:
        t.f.close()
        text.lang.use(mine)
    return ln


def _name_crc(t):
    """The CRC-32 of what showing language t's own name reads (sim.build.texts.
    finish): the header's first 16 bytes, the offsets, the text LANG_NAME,
    and in a file of pictures its words' table entries and pictures."""
    from binascii import crc32

    buf = text.lang.bufs[1]
    n = t.read(strings.LANG_NAME, buf)
    crc = crc32(memoryview(buf)[:n], crc32(t.offsets, crc32(t.head[:16])))
    if t.head[2] == 3:
        crc = _crc_words(t, buf, n, crc, crc32)
    return crc


def _crc_words(t, s, n, crc, crc32):
    """The CRC-32 on from crc over the table entries and pictures of the
    words that text s[:n] names, in order (what taki_ui.pictures reads to
    show it: an entry is its picture's place, 3 bytes, and its width; sim/build/
    lang.py). Here, not in pictures: only the question needs it. A word
    past the table is damage (ValueError)."""
    f = t.f
    h = t.head
    e = memoryview(text.lang.bufs[2])[:4]
    buf = text.lang.bufs[0]
    i = 0
    while i < n:
        if s[i] < 128:
            i += 1
            continue
        w = (s[i] - 128) << 8 | s[i + 1]
        i += 2
        if w >= h[12] | h[13] << 8:
            raise ValueError
        f.seek(t.words + 4 * w)
        if f.readinto(e) != 4:
            raise ValueError
        crc = crc32(e, crc)
        f.seek(e[0] | e[1] << 8 | e[2] << 16)
        left = (e[3] + 31) // 32 * 4 * h[8]  # (taki_ui.langfile.picture_size)
        while left:
            got = f.readinto(memoryview(buf)[:min(left, len(buf))])
            if not got:
                raise ValueError
            crc = crc32(memoryview(buf)[:got], crc)
            left -= got
    return crc
