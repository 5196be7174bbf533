"""The +3 answer: a public prompt, shown with no hand on screen, asking who
answers it: the next player (with a KING or a +3 Breaker, or by accepting:
everyone else draws 3), or someone who breaks it with a +3 Breaker. The
prompt lists people, never cards: who holds a Breaker stays hidden.
"""

import displayio
from boards import K_A, K_DOWN, K_LEFT, K_RIGHT, K_UP, SCREEN_H
from micropython import const

from taki_ui import plus3_flow, strings, text, turn, watch, widgets
from taki_ui.states import S_WATCH

_Y0 = const(60)
_ROW_H = const(16)


class Plus3Screen:
    def __init__(self, lines, names, by, nxt, candidates, nc):
        """by: seat of the +3; nxt: the next player; candidates: the first
        nc entries are the seats of the people who may try to break it."""
        self.group = g = displayio.Group()
        lh = text.lang.lh
        tall = lh > text.LINE_H
        lines.take(g, 2, 0 if tall else 4, widgets.HILITE, strings.P3_TITLE, names[by])
        text.show2(lines.take(g, 2, lh if tall else 20, widgets.FG),
                   lines.take(g, 2, 2 * lh if tall else 32, widgets.FG), strings.P3_EXPLAIN)
        if tall:  # a taller script: the choices say who, without the question
            y0, row_h = 3 * lh + 4, lh
        else:
            lines.take(g, 2, 46, widgets.FG, strings.P3_LINE)
            y0, row_h = _Y0, _ROW_H
        self.answer = lines.take(g, 2, y0, widgets.FG)
        self.breaking = lines.take(g, 2, y0 + row_h, widgets.FG)
        lines.take(g, 2, SCREEN_H - lh, widgets.DIM, strings.P3_KEYS)
        self.names = names
        self.nxt = nxt
        self.candidates = bytes(candidates[:nc])
        self.nc = nc
        self.ci = 0
        self.row = 0
        self._show()

    @property
    def breaker(self):
        return self.candidates[self.ci]

    def _show(self):
        a = self.answer
        a.clear()
        a.put(0, ">" if self.row == 0 else " ")
        a.put_text(2, strings.P3_ANSWER, self.names[self.nxt])
        a.done()
        b = self.breaking
        b.clear()
        if self.nc:
            b.put(0, ">" if self.row == 1 else " ")
            col = b.put_text(2, strings.P3_BREAK, self.names[self.breaker])
            if self.nc > 1:
                b.put(col + 1, "<>")
        b.done()

    def key(self, app, k):
        """UP/DOWN: answer or break; LEFT/RIGHT: who breaks; A: the device
        goes to that person (a computer answers at once)."""
        if k == K_UP or k == K_DOWN:
            if self.nc:
                self.row = 1 - self.row
        elif (k == K_LEFT or k == K_RIGHT) and self.row == 1:
            self.ci = (self.ci + (1 if k == K_RIGHT else -1)) % self.nc
        elif k == K_A:
            if self.row == 1:
                watch.hand_over(app, self.breaker, plus3_flow.show_break, strings.PASS_BREAK)
            elif app.settings.is_human(self.nxt):
                watch.hand_over(app, self.nxt, turn.show, strings.PASS_ANSWER)
            else:
                app.on_table(S_WATCH)
                app.computer(self.nxt)
            return
        self._show()
