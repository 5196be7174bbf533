"""Renaming a seat: a letter at a time with the arrows."""

import displayio
from boards import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_UP
from micropython import const

from taki_ui import strings, widgets
from taki_ui.settings import NAME_LEN
from taki_ui.states import A_CANCEL, A_DONE, A_NONE

_X0 = const(20)
_Y0 = const(50)



class RenameScreen:
    def __init__(self, lines, seat, name):
        self.group = g = displayio.Group()
        lines.take(g, 2, 4, widgets.HILITE, text=strings.RENAME_TITLE % (seat + 1))
        big = displayio.Group(scale=2, x=_X0, y=_Y0)
        g.append(big)
        self.name = lines.take(big, 0, 0, widgets.FG)
        self.cursor, _ = widgets.box(_X0, _Y0 + 26, 12, 2, widgets.HILITE)
        g.append(self.cursor)
        lines.take(g, 2, 100, widgets.DIM, text=strings.RENAME_KEYS)
        lines.take(g, 2, 114, widgets.DIM, text=strings.RENAME_KEYS2)
        self.seat = seat
        self.chars = bytearray(NAME_LEN)
        for i in range(NAME_LEN):
            self.chars[i] = ord(name[i]) if i < len(name) else 32
        self.pos = 0
        self._show()

    def _show(self):
        self.name.set(str(self.chars, "ascii"))
        self.cursor.x = _X0 + self.pos * 12

    def result(self):
        return str(self.chars, "ascii").strip()

    def key(self, k):
        if k == K_A:
            return A_DONE if self.result() else A_NONE
        if k == K_B:
            return A_CANCEL
        if k == K_LEFT:
            self.pos = (self.pos - 1) % NAME_LEN
        elif k == K_RIGHT:
            self.pos = (self.pos + 1) % NAME_LEN
        elif k == K_UP or k == K_DOWN:
            chars = strings.NAME_CHARS
            i = chars.find(chr(self.chars[self.pos]))
            i = (i + (1 if k == K_UP else -1)) % len(chars)
            self.chars[self.pos] = ord(chars[i])
        self._show()
        return A_NONE
