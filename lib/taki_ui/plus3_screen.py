"""The +3 answer: a public prompt, shown with no hand on screen.

Any player but the +3's may take the device to break it with a +3 Breaker;
the next player may answer (with a KING, a Breaker, or by accepting). The
prompt lists people, never cards: who holds a Breaker stays hidden.
"""

import displayio
from boards import K_A, K_DOWN, K_LEFT, K_RIGHT, K_UP
from micropython import const

from taki_ui import strings, widgets
from taki_ui.states import A_ANSWER, A_BREAK, A_NONE

_Y0 = const(60)
_ROW_H = const(16)


class Plus3Screen:
    def __init__(self, lines, names, by, nxt, candidates, nc):
        """by: seat of the +3; nxt: the next player; candidates: the first
        nc entries are the seats of the people who may try to break it."""
        self.group = g = displayio.Group()
        lines.take(g, 2, 4, widgets.HILITE, text=strings.P3_TITLE % names[by])
        lines.take(g, 2, 22, widgets.FG, text=strings.P3_LINE)
        lines.take(g, 2, 34, widgets.FG, text=strings.P3_LINE2)
        lines.take(g, 14, _Y0, widgets.FG, text=strings.P3_ANSWER % names[nxt])
        self.breaking = lines.take(g, 14, _Y0 + _ROW_H, widgets.FG)
        self.marker = lines.take(g, 4, _Y0, widgets.HILITE, text=">")
        lines.take(g, 2, 116, widgets.DIM, text=strings.P3_KEYS)
        self.names = names
        self.candidates = bytes(candidates[:nc])
        self.nc = nc
        self.ci = 0
        self.row = 0
        self._show()

    @property
    def breaker(self):
        return self.candidates[self.ci]

    def _show(self):
        self.breaking.set(strings.P3_BREAK % self.names[self.breaker] if self.nc else "")
        self.marker.y = _Y0 + self.row * _ROW_H

    def key(self, k):
        if k == K_UP or k == K_DOWN:
            if self.nc:
                self.row = 1 - self.row
        elif (k == K_LEFT or k == K_RIGHT) and self.row == 1:
            self.ci = (self.ci + (1 if k == K_RIGHT else -1)) % self.nc
        elif k == K_A:
            return A_BREAK if self.row == 1 else A_ANSWER
        self._show()
        return A_NONE
