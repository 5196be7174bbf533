"""A person's turn as the app plays it: their hand on the table, keys to
moves, the colour of a COLOR card, the card just drawn. A part of App
(taki_ui.app).

Which cards are lit, what a key means and why a key does nothing come from
the core (taki_ui.hand, Game.check): a card is lit because `legal_moves`
listed it, and a refusal says the core's reason.
"""

from boards import K_A, K_B, K_LEFT, K_RIGHT, K_SELECT, K_UP
from taki_core.cards import COLOR
from taki_core.game import (
    M_ACCEPT, M_CLOSE, M_COLOR, M_DRAW, M_END, M_LAST, P_KING, P_PLUS3, P_RUN,
)

from taki_ui import lights, strings
from taki_ui.hand import mark_playable, turn_keys
from taki_ui.players import NO_MOVE
from taki_ui.states import S_COLOUR, S_DREW, S_TURN


class Turns:
    def _show_turn(self, new_turn, cursor=-1):
        """The current player's hand; the cursor on the lit card nearest to
        where it was, or exactly at `cursor` (back from the pause menu)."""
        g = self.game
        seat = g.current()
        self.viewer = seat
        mark_playable(g, self.moves, self.playable)
        n = g.hand(seat, self.hand)
        t = self._on_table(S_TURN)
        t.hide_chooser()
        old = t.cursor if t.n else 0
        if new_turn:
            old = 0
            self.lights.tune(lights.TURN)
        t.show_table(g, self.names)
        if cursor < 0:
            cursor = self._nearest_lit(old, n)
        t.show_hand(self.hand, n, self.playable, cursor)
        t.show_keys(turn_keys(g))
        self.lights.colour(g.color())

    def _nearest_lit(self, k, n):
        """The lit card nearest to position k (k itself when none is lit)."""
        k = max(0, min(k, n - 1))
        for d in range(n):
            for i in (k - d, k + d):
                if 0 <= i < n and self.playable[self.hand[i]]:
                    return i
        return k

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
            if c < 0:
                return
            if c == COLOR and self.playable[c]:
                self.colour_sel = g.color()
                t.show_chooser(self.colour_sel)
                t.show_keys(strings.CHOOSE_KEYS)
                self.state = S_COLOUR
                return
            m = c if c != COLOR else M_COLOR + g.color()
        elif k == K_B:
            m = (M_CLOSE if ph == P_RUN else M_END if ph == P_KING
                 else M_ACCEPT if ph == P_PLUS3 else M_DRAW)
        elif k == K_UP and ph == P_RUN:
            m = M_END
        elif k == K_SELECT:
            n = g.hand_size(g.current())
            if n > 2:  # "last card" counts only when a play can leave one (R5.1)
                self._notice(strings.LAST_EARLY, n)
                return
            m = M_LAST
        if m == NO_MOVE:
            return
        err = g.check(m)
        if err:
            self._refusal(err)
            return
        if m == M_DRAW:
            self._draw()
        else:
            self._apply(m)

    def _draw(self):
        """Draw, then show the hand with what was drawn (to its owner only)
        before the turn passes on."""
        g = self.game
        seat = g.current()
        before = g.hand(seat, self.hand)
        held = self.playable  # scratch, no allocation: how many of each kind were held
        for t in range(len(held)):
            held[t] = 0
        for i in range(before):
            held[self.hand[i]] += 1
        g.apply(M_DRAW)
        self.saves.changed()
        self.saves.milestone()
        got = g.hand_size(seat) - before
        self.notices.feed(g, seat)
        self._sounds()
        if got <= 0:
            self._watch(0)
            return
        n = g.hand(seat, self.hand)
        new = 0  # the first card (in type order) not held before: a drawn one
        while new < n - 1 and held[self.hand[new]]:
            held[self.hand[new]] -= 1
            new += 1
        self._show_drawn(seat, new)
        if got == 1:
            self._notice(strings.DREW, self.hand[new])
        else:
            self._notice(strings.DREW_MORE, got)

    def _show_drawn(self, seat, cursor):
        """Seat's hand after their draw (the turn has passed on), every card at
        its brightness (nothing is to be played now), the cursor on the drawn
        card; A goes on."""
        g = self.game
        n = g.hand(seat, self.hand)
        for i in range(len(self.playable)):
            self.playable[i] = 1
        t = self._on_table(S_DREW)
        t.show_table(g, self.names)
        t.show_hand(self.hand, n, self.playable, cursor)
        t.show_keys(strings.KEYS_DREW)

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
        return self.hand[t.cursor] if t is not None and 0 <= t.cursor < t.n else -1

    def _card_to_explain(self):
        """The card under the cursor when the game was paused, or the leading card."""
        return self.help_card if self.help_card >= 0 else self.game.leading()
