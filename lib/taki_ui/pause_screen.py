"""The pause menu (START): resume, sound on/off, back to setup."""

import displayio
from boards import K_A, K_B, K_DOWN, K_START, K_UP
from micropython import const

from taki_ui import strings, widgets
from taki_ui.states import A_NONE, A_RESUME, A_SETUP, A_SOUND

_ROWS = const(3)
_Y0 = const(44)
_ROW_H = const(16)


class PauseScreen:
    def __init__(self, lines, sound):
        self.group = g = displayio.Group()
        big = displayio.Group(scale=2, x=40, y=8)
        g.append(big)
        lines.take(big, 0, 0, widgets.HILITE, text=strings.PAUSED)
        lines.take(g, 20, _Y0, widgets.FG, text=strings.RESUME)
        self.sound = lines.take(g, 20, _Y0 + _ROW_H, widgets.FG)
        lines.take(g, 20, _Y0 + 2 * _ROW_H, widgets.FG, text=strings.NEW_GAME)
        self.marker = lines.take(g, 8, _Y0, widgets.HILITE, text=">")
        self.said = (lines.take(g, 2, 92, widgets.HILITE), lines.take(g, 2, 104, widgets.HILITE))
        lines.take(g, 2, 116, widgets.DIM, text=strings.PAUSE_KEYS)
        self.row = 0
        self.show(sound)

    def show(self, sound):
        """The sound row; a change since the save takes "Saved" away."""
        self.sound.set(strings.SOUND + ": " + (strings.ON if sound else strings.OFF))
        self.said[0].set("")
        self.said[1].set("")

    def saved(self):
        """Everything is in flash: say so (the sentence over two lines)."""
        first, rest = widgets.split(strings.SAVED, 26)
        self.said[0].set(first)
        self.said[1].set(rest)

    def key(self, k):
        if k == K_UP:
            self.row = (self.row - 1) % _ROWS
        elif k == K_DOWN:
            self.row = (self.row + 1) % _ROWS
        elif k == K_B or k == K_START:
            return A_RESUME
        elif k == K_A:
            return (A_RESUME, A_SOUND, A_SETUP)[self.row]
        self.marker.y = _Y0 + self.row * _ROW_H
        return A_NONE
