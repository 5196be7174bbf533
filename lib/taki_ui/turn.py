"""A person's turn as the app plays it: their hand on the table, keys to
moves, the colour of a COLOR card. A part of App (taki_ui.app).

Which cards are lit and what a key means come from the core (taki_ui.hand):
a card is lit because `legal_moves` listed it.
"""

from boards import K_A, K_B, K_LEFT, K_RIGHT, K_SELECT, K_UP
from taki_core.cards import COLOR
from taki_core.game import M_ACCEPT, M_CLOSE, M_COLOR, M_DRAW, M_END, M_LAST, P_KING, P_PLUS3, P_RUN

from taki_ui import lights, strings
from taki_ui.hand import mark_playable, turn_keys
from taki_ui.players import NO_MOVE
from taki_ui.states import S_COLOUR, S_TURN


class Turns:
    def _show_turn(self, new_turn):
        g = self.game
        seat = g.current()
        mark_playable(g, self.moves, self.playable)
        n = g.hand(seat, self.hand)
        t = self._on_table(S_TURN)
        t.hide_chooser()
        cursor = t.cursor if not new_turn else 0
        if new_turn:
            for i in range(n):
                if self.playable[self.hand[i]]:
                    cursor = i
                    break
            self.lights.tune(lights.TURN)
        t.show_table(g, self.names, strings.TURN_OF % self.names[seat])
        t.show_hand(self.hand, n, self.playable, max(0, cursor))
        t.show_keys(turn_keys(g))
        self.lights.colour(g.color())

    def _turn_key(self, k):
        g = self.game
        t = self.table
        if k == K_LEFT or k == K_RIGHT:
            t.move_cursor(1 if k == K_RIGHT else -1, self.hand, self.playable)
            return
        ph = g.phase()
        m = NO_MOVE
        if k == K_A:
            c = self._card()
            if c < 0 or not self.playable[c]:
                self._notice(strings.CANNOT)
                self.lights.tune(lights.BUMP)
                return
            if c == COLOR:
                self.colour_sel = g.color()
                t.show_chooser(self.colour_sel)
                t.show_keys(strings.CHOOSE_KEYS)
                self.state = S_COLOUR
                return
            m = c
        elif k == K_B:
            m = (M_CLOSE if ph == P_RUN else M_END if ph == P_KING
                 else M_ACCEPT if ph == P_PLUS3 else M_DRAW)
        elif k == K_UP and ph == P_RUN:
            m = M_END
        elif k == K_SELECT:
            m = M_LAST
        if m != NO_MOVE and g.check(m) == 0:
            self._apply(m)

    def _colour_key(self, k):
        if k == K_LEFT or k == K_RIGHT:
            self.colour_sel = (self.colour_sel + (1 if k == K_RIGHT else 3)) % 4
            self.table.show_chooser(self.colour_sel)
        elif k == K_B:
            self._show_turn(False)
        elif k == K_A:
            self.table.hide_chooser()
            self._apply(M_COLOR + self.colour_sel)

    def _card(self):
        t = self.table
        return self.hand[t.cursor] if 0 <= t.cursor < t.n else -1
