"""The pause menu (START): resume, sound on/off, card help, back to setup
(which asks first: the game in progress would be left)."""

import displayio
from boards import K_A, K_B, K_DOWN, K_START, K_UP
from micropython import const

from taki_ui import strings, text, widgets
from taki_ui.states import A_HELP, A_NONE, A_RESUME, A_SETUP, A_SOUND

_ROWS = const(4)
_Y0 = const(32)
_ROW_H = const(14)
_SETUP_ROW = const(3)


class PauseScreen:
    def __init__(self, lines, sound):
        self.group = g = displayio.Group()
        big = displayio.Group(scale=2, x=44, y=4)
        g.append(big)
        lines.take(big, 0, 0, widgets.HILITE, strings.PAUSED)
        self.rows = [lines.take(g, 8, _Y0 + i * _ROW_H, widgets.FG) for i in range(_ROWS)]
        self.said = (lines.take(g, 2, 90, widgets.HILITE), lines.take(g, 2, 102, widgets.HILITE))
        lines.take(g, 2, 116, widgets.DIM, strings.PAUSE_KEYS)
        self.row = 0
        self.sound = sound
        self.asking = False  # "Leave this game?" is on screen
        self._draw()

    def _draw(self):
        for i, ln in enumerate(self.rows):
            ln.clear()
            ln.put(0, ">" if i == self.row else " ")
            if i == 0:
                ln.put_text(2, strings.RESUME)
            elif i == 1:
                col = ln.put_text(2, strings.SOUND)
                ln.put(col, ": ")
                ln.put_text(col + 2, strings.ON if self.sound else strings.OFF)
            elif i == 2:
                ln.put_text(2, strings.CARD_HELP)
            else:
                ln.put_text(2, strings.NEW_GAME)
            ln.done()

    def show(self, sound):
        """The sound row; a change since the save takes "Saved" away."""
        self.sound = sound
        self._draw()
        self.said[0].set("")
        self.said[1].set("")

    def saved(self):
        """Everything is in flash: say so."""
        if not self.asking:
            text.show2(self.said[0], self.said[1], strings.SAVED)

    def key(self, k):
        if self.asking:  # "Leave this game?"
            self.asking = False
            self.said[0].set("")
            self.said[1].set("")
            return A_SETUP if k == K_A else A_NONE
        if k == K_UP:
            self.row = (self.row - 1) % _ROWS
        elif k == K_DOWN:
            self.row = (self.row + 1) % _ROWS
        elif k == K_B or k == K_START:
            return A_RESUME
        elif k == K_A:
            if self.row == _SETUP_ROW:
                self.asking = True
                self.said[0].show(strings.SURE)
                self.said[1].show(strings.SURE_KEYS)
                return A_NONE
            return (A_RESUME, A_SOUND, A_HELP)[self.row]
        self._draw()
        return A_NONE
