"""At the very first start: which language? Each shown in its own words
and script (its own line, as tall as that script needs)."""

import displayio
from boards import K_A, K_DOWN, K_UP
from micropython import const

from taki_ui import strings, text, widgets
from taki_ui.states import A_DONE, A_NONE

_Y0 = const(13)
_ROW_H = const(18)
_X = const(14)


class LangScreen:
    def __init__(self, lines, code):
        self.group = g = displayio.Group()
        lines.take(g, 2, 0, widgets.HILITE, "TAKI")
        lines.take(g, 124, 0, widgets.DIM, "^v A")  # no words: none is read yet
        self.rows = []
        for i, c in enumerate(text.LANGS):
            ln = _name_line(c)
            ln.x = _X
            ln.y = _Y0 + i * _ROW_H + (_ROW_H - ln.bitmap.height) // 2
            g.append(ln.tile)
            self.rows.append(ln)
        self.cursor = lines.take(g, 2, 0, widgets.HILITE, ">")
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
        text.forget_pictures()  # unless the language chosen draws them

    def chosen(self):
        return text.LANGS[self.at]

    def key(self, k):
        if k == K_UP or k == K_DOWN:
            self.at = (self.at + (1 if k == K_DOWN else -1)) % len(text.LANGS)
            self._show()
        elif k == K_A:
            return A_DONE
        return A_NONE


def _name_line(code):
    """A line (not the pool's: as tall as that language's) showing language
    `code`'s own name, LANG_NAME from its own file; its code if that file
    cannot be read. Only what the name needs is read and checked here: the
    whole file is checked when the language is chosen (text.load)."""
    try:
        t = text.Texts(code, False)
    except OSError:
        ln = text.Line(text.LH)
        ln.set(code)
        return ln
    mine = text._texts
    saved = (text.LH, text.PIXELS, text.RTL, text._lat_y, text._space, text._scratch,
             text._pictures)
    text._texts = None  # _use would close the language in use
    text._use(t)
    try:
        ln = text.Line(text.LH)
        ln.ltr = True  # one word, at the list's left edge like the others
        ln.show(strings.LANG_NAME)
    finally:
        t.f.close()
        text._texts = mine
        (text.LH, text.PIXELS, text.RTL, text._lat_y, text._space, text._scratch,
         text._pictures) = saved
    return ln
