"""The +3 answer (R9.5) as the app plays it: computers may break at once,
then a public prompt; a person who takes the device to break it sees only
whether their +3 Breaker may go. A part of App (taki_ui.app)."""

from boards import K_A, K_B, K_LEFT, K_RIGHT, K_SELECT
from taki_core.cards import BREAK, NTYPES
from taki_core.game import F_LAST, M_BREAK

from taki_ui import strings
from taki_ui.notices import SEAT_A
from taki_ui.players import NO_MOVE
from taki_ui.states import A_ANSWER, A_BREAK, S_BREAK, S_PLUS3, S_TURN, S_WATCH


class Plus3Flow:
    def _plus3(self):
        g = self.game
        by = g.plus3_by()
        if not self.p3_asked:  # computers may break it at once, out of turn
            self.p3_asked = True
            for s in range(g.players):
                if s != by and s != g.current() and not self.settings.is_human(s):
                    m = self.cpu.move(g, s, self.settings.kinds[s])
                    if m != NO_MOVE and g.apply(m) == 0:
                        self._after_move()
                        return
        self._public_plus3()

    def _public_plus3(self):
        """The public prompt: who answers the +3? Skipped when a single
        person plays with computers and cannot act on it: then their own
        hand is all it would have hidden."""
        g = self.game
        by = g.plus3_by()
        nxt = g.current()
        cand = self.moves  # scratch: the people who may try to break
        nc = 0
        for s in range(g.players):
            if s != by and self.settings.is_human(s):
                cand[nc] = s
                nc += 1
        if nc == 1 and cand[0] != nxt and g.check(M_BREAK + cand[0]):
            nc = 0  # the one person holds no +3 Breaker: the next (a computer) answers
        if nc == 0:
            self._computer(nxt)
            return
        if nc == 1 and cand[0] == nxt:
            self._hand_over(nxt, S_TURN, strings.PASS_ANSWER)  # they answer in their turn
            return
        self.viewer = -1  # a public screen
        self._enter(S_PLUS3, "plus3_screen", "Plus3Screen", self.names, by, nxt, cand, nc)

    def _plus3_key(self, k):
        act = self.screen.key(k)
        if act == A_ANSWER:
            nxt = self.game.current()
            if self.settings.is_human(nxt):
                self._hand_over(nxt, S_TURN, strings.PASS_ANSWER)
            else:
                self._on_table(S_WATCH)
                self._computer(nxt)
        elif act == A_BREAK:
            self._hand_over(self.screen.breaker, S_BREAK, strings.PASS_BREAK)

    def _break_key(self, k):
        if k == K_LEFT or k == K_RIGHT:
            self.table.move_cursor(1 if k == K_RIGHT else -1, self.hand, self.playable)
        elif k == K_SELECT:
            if self.game.hand_size(self.breaker) > 2:
                self._notice(strings.LAST_EARLY, self.game.hand_size(self.breaker))
                return
            self.declare = True
            self._notice(strings.N_LAST, self.breaker, 0, SEAT_A)
        elif k == K_B:
            self._public_plus3()
        elif k == K_A:
            c = self._card()
            if c == BREAK and self.playable[BREAK]:
                self._apply(M_BREAK + self.breaker | (F_LAST if self.declare else 0))
            else:
                self._notice(strings.ONLY_BREAKER)

    def _show_break(self):
        g = self.game
        s = self.passing_for
        self.breaker = s
        self.viewer = s
        self.declare = False
        pl = self.playable
        for t in range(NTYPES):
            pl[t] = 0
        ok = g.check(M_BREAK + s) == 0
        pl[BREAK] = 1 if ok else 0
        n = g.hand(s, self.hand)
        cursor = 0
        for i in range(n):
            if self.hand[i] == BREAK:
                cursor = i
        t = self._on_table(S_BREAK)
        t.show_table(g, self.names)
        t.show_hand(self.hand, n, pl, cursor)
        t.show_keys(strings.KEYS_BREAK if ok else strings.NO_BREAKER)
