"""The pause menu (START): resume, sound on/off, back to setup."""

from boards import K_A, K_B, K_DOWN, K_START, K_UP
from micropython import const

from taki_ui import strings, widgets

NOTHING = const(0)
RESUME = const(1)
SOUND = const(2)
SETUP = const(3)
_ROWS = const(3)


class PauseScreen:
    def __init__(self):
        self.group = widgets.screen()
        self.group.append(widgets.label(strings.PAUSED, 40, 8, 6, widgets.HILITE, scale=2))
        self.rows = []
        for i in range(_ROWS):
            lb = widgets.label("", 20, 44 + i * 16, 22)
            self.rows.append(lb)
            self.group.append(lb)
        self.marker = widgets.label(">", 8, 44, 1, widgets.HILITE)
        self.group.append(self.marker)
        self.group.append(widgets.label(strings.PAUSE_KEYS, 2, 116, 26, widgets.DIM))
        self.row = 0

    def show(self, sound):
        self.row = 0
        widgets.set_text(self.rows[0], strings.RESUME)
        widgets.set_text(self.rows[1], strings.SOUND + ": " + (strings.ON if sound else strings.OFF))
        widgets.set_text(self.rows[2], strings.NEW_GAME)
        self.marker.y = 44

    def key(self, k):
        if k == K_UP:
            self.row = (self.row - 1) % _ROWS
        elif k == K_DOWN:
            self.row = (self.row + 1) % _ROWS
        elif k == K_B or k == K_START:
            return RESUME
        elif k == K_A:
            return (RESUME, SOUND, SETUP)[self.row]
        self.marker.y = 44 + self.row * 16
        return NOTHING
