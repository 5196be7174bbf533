"""Renaming a seat: a letter at a time with the arrows."""

from boards import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_UP
from micropython import const

from taki_ui import strings, widgets
from taki_ui.settings import NAME_LEN

_X0 = const(20)
_Y0 = const(50)

NOTHING = const(0)
DONE = const(1)
CANCEL = const(2)


class RenameScreen:
    def __init__(self):
        self.group = widgets.screen()
        self.title = widgets.label("", 2, 4, 26, widgets.HILITE)
        self.group.append(self.title)
        self.name = widgets.label("", _X0, _Y0, NAME_LEN, scale=2)
        self.group.append(self.name)
        self.cursor, _ = widgets.box(_X0, _Y0 + 26, 12, 2, widgets.HILITE)
        self.group.append(self.cursor)
        self.group.append(widgets.label(strings.RENAME_KEYS, 2, 100, 26, widgets.DIM))
        self.group.append(widgets.label(strings.RENAME_KEYS2, 2, 114, 26, widgets.DIM))
        self.chars = bytearray(NAME_LEN)
        self.pos = 0
        self.seat = 0

    def start(self, seat, name):
        self.seat = seat
        widgets.set_text(self.title, strings.RENAME_TITLE % (seat + 1))
        for i in range(NAME_LEN):
            self.chars[i] = ord(name[i]) if i < len(name) else 32
        self.pos = 0
        self._show()

    def _show(self):
        widgets.set_text(self.name, str(self.chars, "ascii"))
        self.cursor.x = _X0 + self.pos * 12

    def result(self):
        return str(self.chars, "ascii").strip()

    def key(self, k):
        if k == K_A:
            return DONE if self.result() else NOTHING
        if k == K_B:
            return CANCEL
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
        return NOTHING
