"""The +3 answer: a public prompt, shown with no hand on screen.

Any player but the +3's may take the device to break it with a +3 Breaker;
the next player may answer (with a KING, a Breaker, or by accepting). The
prompt lists people, never cards: who holds a Breaker stays hidden.
"""

from boards import K_A, K_DOWN, K_LEFT, K_RIGHT, K_UP
from micropython import const

from taki_ui import strings, widgets

NOTHING = const(0)
ANSWER = const(1)  # the next player answers
BREAK = const(2)  # self.breaker takes the device to break


class Plus3Screen:
    def __init__(self):
        self.group = widgets.screen()
        self.title = widgets.label("", 2, 4, 26, widgets.HILITE)
        self.group.append(self.title)
        self.group.append(widgets.label(strings.P3_LINE, 2, 22, 26))
        self.group.append(widgets.label(strings.P3_LINE2, 2, 34, 26))
        self.rows = (widgets.label("", 14, 60, 24), widgets.label("", 14, 76, 24))
        for lb in self.rows:
            self.group.append(lb)
        self.marker = widgets.label(">", 4, 60, 1, widgets.HILITE)
        self.group.append(self.marker)
        self.group.append(widgets.label(strings.P3_KEYS, 2, 116, 26, widgets.DIM))
        self.row = 0
        self.candidates = bytearray(10)  # seats that may try to break
        self.nc = 0
        self.ci = 0
        self.names = None

    def show(self, names, by, nxt, candidates, nc):
        """by: seat of the +3; nxt: the next player; candidates: human seats."""
        self.names = names
        for i in range(nc):
            self.candidates[i] = candidates[i]
        self.nc = nc
        self.ci = 0
        self.row = 0
        widgets.set_text(self.title, strings.P3_TITLE % names[by])
        widgets.set_text(self.rows[0], strings.P3_ANSWER % names[nxt])
        self._show()

    @property
    def breaker(self):
        return self.candidates[self.ci]

    def _show(self):
        if self.nc:
            widgets.set_text(self.rows[1], strings.P3_BREAK % self.names[self.breaker])
        else:
            widgets.set_text(self.rows[1], "")
        self.marker.y = 60 + self.row * 16

    def key(self, k):
        if k == K_UP or k == K_DOWN:
            if self.nc:
                self.row = 1 - self.row
        elif (k == K_LEFT or k == K_RIGHT) and self.row == 1:
            self.ci = (self.ci + (1 if k == K_RIGHT else -1)) % self.nc
        elif k == K_A:
            return BREAK if self.row == 1 else ANSWER
        self._show()
        return NOTHING
