"""The TAKI rules (RULES.md R1-R12): legal moves and their effects.

``Game`` extends ``Table`` (table.py: the state buffer, dealing, drawing,
queries, events) with what may be played and what it does. A turn only
indexes bytes and does small-int arithmetic: listing moves and applying any
move allocates nothing. Moves and error codes are small ints; see the
package docstring for the move encoding.

    g = Game(); g.reset(4, seed=1)
    n = g.legal_moves(buf)        # buf: bytearray(NMOVES)
    err = g.apply(buf[0])         # 0 or E_*; a refused move changes nothing
"""

from micropython import const

from taki_core.cards import (
    BREAK, COLOR, COLOUR_OF, KING, NTYPES, PLUS3, S_DIR, S_PLUS, S_PLUS2, S_STOP,
    S_TAKI, SUPERTAKI, SYMBOL_OF,
)
# Phases and events are re-exported so callers need only taki_core.game.
from taki_core.table import (  # noqa: F401 (events and phases are re-exported)
    AT_COLOR, AT_CUR, AT_DECL, AT_DIR, AT_HAND, AT_HSIZE, AT_IDLE, AT_LEAD,
    AT_MOVED, AT_N, AT_OWE, AT_P3BY, AT_PEND, AT_PHASE, AT_RUNC, AT_RUNN,
    AT_RUNOPEN, AT_STAGE, AT_TOUR, AT_WIN, EVENT_NAMES, EV_ACCEPT, EV_BLOCKED,
    EV_BREAK, EV_CAP, EV_CLOSED, EV_COLOR, EV_DIR, EV_DRAW, EV_LAST, EV_NODRAW,
    EV_PENALTY, EV_PLAY, EV_PLUS3, EV_RESHUFFLE, EV_RUN_OPEN, EV_SKIP,
    EV_STACK, EV_STAGE, EV_TURN, EV_WIN, MAX_PLAYERS, PHASE_NAMES, P_KING,
    P_OVER, P_PLUS, P_PLUS3, P_RUN, P_TURN, STATE_SIZE, Table, UNSET,
)

# --- moves -----------------------------------------------------------------
M_COLOR = const(57)   # + colour: COLOR naming that colour
M_DRAW = const(61)
M_CLOSE = const(62)
M_END = const(63)
M_ACCEPT = const(64)
M_LAST = const(65)
M_BREAK = const(66)   # + seat: that seat breaks the active +3
NMOVES = const(76)    # moves are 0..NMOVES-1; also a big enough move buffer
F_LAST = const(0x80)  # flag on any move: declare "last card" first

# --- errors (R11) ----------------------------------------------------------
E_GAME_OVER = const(1)
E_NOT_YOUR_TURN = const(2)
E_UNKNOWN_MOVE = const(3)
E_NOT_IN_HAND = const(4)
E_NO_MATCH = const(5)
E_STACK = const(6)
E_PLUS3 = const(7)
E_RUN_COLOUR = const(8)
E_DRAW_IN_RUN = const(9)
E_DRAW_KING = const(10)
E_LONE_TAKI = const(11)
E_NO_RUN = const(12)
E_NO_COLOR = const(13)
E_NOTHING_DONE = const(14)
E_MUST_PLAY = const(15)
E_NO_PLUS3 = const(16)
E_OWN_PLUS3 = const(17)
E_UNKNOWN_CARD = const(18)
ERROR_NAMES = (
    "ok", "game_over", "not_your_turn", "unknown_move", "card_not_in_hand",
    "does_not_match", "stack_active", "plus3_active", "run_colour_only",
    "draw_in_run", "draw_after_king", "cannot_close_lone_taki",
    "no_run_to_close", "missing_color", "nothing_done", "must_play_or_draw",
    "no_plus3", "own_plus3", "unknown_card",
)


class Game(Table):
    """One TAKI table with its rules. Create once; ``reset`` or ``arrange`` a deal."""

    def reset(self, players, seed, first=0, tournament=False):
        """Shuffle and deal a new game (R2); seat `first` begins (R2.4)."""
        self._deal(players, seed, first, tournament)
        self._start_turn()

    def actor(self, move):
        """The seat that makes this move (the breaker for M_BREAK + s)."""
        b = move & 0x7F
        if M_BREAK <= b < M_BREAK + MAX_PLAYERS:
            return b - M_BREAK
        return self.s[AT_CUR]

    # ------------------------------------------------------ legal moves
    def check(self, move):
        """0 if the move is legal now, else the E_* reason. Changes nothing."""
        s = self.s
        ph = s[AT_PHASE]
        if ph == P_OVER:
            return E_GAME_OVER
        if move < 0 or move > 255:
            return E_UNKNOWN_MOVE
        m = move & 0x7F
        if m >= NMOVES:
            return E_UNKNOWN_MOVE
        cur = s[AT_CUR]
        if m >= M_BREAK:
            b = m - M_BREAK
            if b >= s[AT_N]:
                return E_NOT_YOUR_TURN
            if ph != P_PLUS3:
                return E_NO_PLUS3
            if b == s[AT_P3BY]:
                return E_OWN_PLUS3
            if s[AT_HAND + b * NTYPES + BREAK] == 0:
                return E_NOT_IN_HAND
            return 0
        if m == M_LAST:
            return 0
        if m == M_ACCEPT:
            return 0 if ph == P_PLUS3 else E_NO_PLUS3
        if ph == P_PLUS3:  # R9.5: only KING, a break, accept or "last card"
            if m == KING or m == BREAK:
                return E_NOT_IN_HAND if s[AT_HAND + cur * NTYPES + m] == 0 else 0
            return E_PLUS3
        if m == M_DRAW:
            if ph == P_RUN:
                return E_DRAW_IN_RUN
            if ph == P_KING:
                return E_DRAW_KING
            return 0
        if m == M_CLOSE:
            if ph != P_RUN:
                return E_NO_RUN
            if s[AT_RUNN] == 1 and self._lead_is_taki():
                return E_LONE_TAKI  # R8.5
            return 0
        if m == M_END:
            if ph == P_RUN or ph == P_KING:
                return 0
            return E_MUST_PLAY if ph == P_PLUS else E_NOTHING_DONE
        t = COLOR if m >= M_COLOR else m
        if s[AT_HAND + cur * NTYPES + t] == 0:
            return E_NOT_IN_HAND
        if m == COLOR:
            return E_NO_COLOR
        return self._playable(t)

    def _playable(self, t):
        """Whether the current player may play card type t (held) now."""
        s = self.s
        ph = s[AT_PHASE]
        if ph == P_KING:
            return 0  # R9.2: any card, ignoring matching
        if ph == P_RUN:  # R8.2
            if t < COLOR:
                return 0 if COLOUR_OF[t] == s[AT_RUNC] else E_RUN_COLOUR
            return 0 if t == COLOR or t == SUPERTAKI else E_RUN_COLOUR
        if s[AT_PEND]:  # R7.3: only +2 and KING on a stack
            if t == KING or (t < COLOR and SYMBOL_OF[t] == S_PLUS2):
                return 0
            return E_STACK
        if t >= COLOR:
            return 0  # R3.4
        if COLOUR_OF[t] == s[AT_COLOR] or SYMBOL_OF[t] == SYMBOL_OF[s[AT_LEAD]]:
            return 0
        if s[AT_RUNOPEN] and COLOUR_OF[t] == s[AT_RUNC]:
            return 0  # continuing an open run (R8.6)
        return E_NO_MATCH

    def legal_moves(self, buf):
        """Write every legal move into buf (>= NMOVES bytes); return the count.

        A legal move stays legal with F_LAST added; those are not listed.
        This is the hot path of every bot and UI refresh, so it walks only
        the card types that can match instead of asking check() for each.
        """
        s = self.s
        ph = s[AT_PHASE]
        if ph == P_OVER:
            return 0
        base = AT_HAND + s[AT_CUR] * NTYPES
        n = 0
        if ph == P_PLUS3:
            if s[base + KING]:
                buf[n] = KING
                n += 1
            if s[base + BREAK]:
                buf[n] = BREAK
                n += 1
            for b in range(s[AT_N]):
                if b != s[AT_P3BY] and s[AT_HAND + b * NTYPES + BREAK]:
                    buf[n] = M_BREAK + b
                    n += 1
            buf[n] = M_ACCEPT
            buf[n + 1] = M_LAST
            return n + 2
        if ph == P_KING:  # any card at all
            n = self._list(buf, n, base, 0, COLOR)
            n = self._list(buf, n, base, COLOR, NTYPES)
            buf[n] = M_END
        elif ph == P_RUN:  # the run's colour, SUPERTAKI, COLOR
            rc = s[AT_RUNC] * 13
            n = self._list(buf, n, base, rc, rc + 13)
            n = self._list(buf, n, base, COLOR, SUPERTAKI + 1)
            if not (s[AT_RUNN] == 1 and self._lead_is_taki()):
                buf[n] = M_CLOSE
                n += 1
            buf[n] = M_END
        elif s[AT_PEND]:  # a +2 stack: +2s and KING
            t = S_PLUS2
            while t < COLOR:
                if s[base + t]:
                    buf[n] = t
                    n += 1
                t += 13
            if s[base + KING]:
                buf[n] = KING
                n += 1
            buf[n] = M_DRAW
        else:  # start of a turn or after PLUS: matching, colourless, open run
            ac = s[AT_COLOR]
            oc = s[AT_RUNC] if s[AT_RUNOPEN] and s[AT_RUNC] != ac else 9
            n = self._list(buf, n, base, ac * 13, ac * 13 + 13)
            if oc < 4:
                n = self._list(buf, n, base, oc * 13, oc * 13 + 13)
            lead = s[AT_LEAD]
            if lead < COLOR:
                t = SYMBOL_OF[lead]
                for c in range(4):
                    if c != ac and c != oc and s[base + t]:
                        buf[n] = t
                        n += 1
                    t += 13
            n = self._list(buf, n, base, COLOR, NTYPES)
            buf[n] = M_DRAW
        buf[n + 1] = M_LAST
        return n + 2

    def _list(self, buf, n, base, lo, hi):
        """Append the held types lo..hi-1 as play moves (COLOR as 4 moves)."""
        s = self.s
        for t in range(lo, hi):
            if s[base + t]:
                if t == COLOR:
                    for c in range(4):
                        buf[n] = M_COLOR + c
                        n += 1
                else:
                    buf[n] = t
                    n += 1
        return n

    # ------------------------------------------------------------ apply
    def apply(self, move):
        """Make a move for its actor; return 0, or an E_* code and change nothing."""
        err = self.check(move)
        if err:
            return err
        s = self.s
        m = move & 0x7F
        if m >= M_BREAK or (m == BREAK and s[AT_PHASE] == P_PLUS3):
            # R9.5: a break into a +3 (the next player's own one included);
            # a declaration made with it counts for the break (R5.4).
            self._break(self.actor(move) if m >= M_BREAK else s[AT_CUR], move & F_LAST)
            return 0
        if move & F_LAST or m == M_LAST:
            s[AT_DECL] = 1
            self._ev(EV_LAST, s[AT_CUR], 0)
        if m == M_LAST:
            pass
        elif m == M_ACCEPT:
            self._accept()
        elif m == M_DRAW:
            self._draw_move()
        elif m == M_CLOSE:
            self._close()
        elif m == M_END:
            if s[AT_PHASE] == P_RUN:
                self._ev(EV_RUN_OPEN, s[AT_CUR], s[AT_RUNC])
            self._end_turn(0)
        elif m >= M_COLOR:
            self._play(COLOR, m - M_COLOR)
        else:
            self._play(m, 0)
        return 0

    def _play(self, t, named):
        s = self.s
        cur = s[AT_CUR]
        ph = s[AT_PHASE]
        if ph == P_TURN and s[AT_RUNOPEN]:  # R8.6
            s[AT_RUNOPEN] = 0
            if t == SUPERTAKI or (t < COLOR and COLOUR_OF[t] == s[AT_RUNC]):
                s[AT_PHASE] = ph = P_RUN  # continues the open run
                s[AT_RUNN] = 0
            else:
                s[AT_RUNC] = UNSET  # the run ends, then t acts normally
        self._take(cur, t)
        self._discard(t, t == BREAK)  # an own-turn break is transparent
        if t < COLOR:
            s[AT_COLOR] = COLOUR_OF[t]
        elif t == COLOR:
            s[AT_COLOR] = named
        self._ev(EV_PLAY, cur, t)
        if t == COLOR:
            self._ev(EV_COLOR, cur, named)
        left = s[AT_HSIZE + cur]
        s[AT_OWE] = 1 if left == 1 else 0
        if ph == P_RUN:
            s[AT_RUNN] += 1
            if t == COLOR:  # R8.2: ends the run as closed, and the turn
                s[AT_RUNC] = UNSET
                if left == 0:
                    self._emptied(t)
                else:
                    self._end_turn(0)
            elif left == 0:  # R6.1/R12.1: the run counts as closed
                self._close()
            return
        if t == KING:  # R9.2: cancels a +2 stack or an active +3
            s[AT_PEND] = 0
            s[AT_P3BY] = UNSET
        elif t == BREAK:  # R9.4: own-turn break, its player draws 3
            self._draw(cur, 3)
        if s[AT_HSIZE + cur] == 0 and not (t < COLOR and SYMBOL_OF[t] == S_PLUS):
            self._emptied(t)  # R6.2: a PLUS as last card must still draw
            return
        self._effect(t)

    def _effect(self, t):
        """The action of a card played normally or closing a run."""
        s = self.s
        if t < COLOR:
            sym = SYMBOL_OF[t]
            if sym == S_PLUS:
                s[AT_PHASE] = P_PLUS  # R9.1
                return
            if sym == S_TAKI:
                s[AT_RUNC] = COLOUR_OF[t]  # R8.1
                s[AT_RUNN] = 1
                s[AT_PHASE] = P_RUN
                return
        elif t == SUPERTAKI:
            s[AT_RUNC] = s[AT_COLOR]
            s[AT_RUNN] = 1
            s[AT_PHASE] = P_RUN
            return
        elif t == KING:
            s[AT_PHASE] = P_KING
            return
        self._finish(t)

    def _finish(self, t):
        """Apply a turn-ending card's action, then end the turn."""
        s = self.s
        skip = 0
        if t < COLOR:
            sym = SYMBOL_OF[t]
            if sym == S_PLUS2:
                s[AT_PEND] += 2
            elif sym == S_STOP:
                skip = 1
            elif sym == S_DIR:
                s[AT_DIR] ^= 1
                self._ev(EV_DIR, s[AT_CUR], s[AT_DIR])
        elif t == PLUS3:
            s[AT_P3BY] = s[AT_CUR]
            self._ev(EV_PLUS3, s[AT_CUR], 0)
        self._end_turn(skip)

    def _close(self):
        """End the current run as closed: its last card acts (R8.4)."""
        s = self.s
        self._ev(EV_CLOSED, s[AT_CUR], s[AT_RUNC])
        s[AT_RUNC] = UNSET
        t = s[AT_LEAD]
        if s[AT_HSIZE + s[AT_CUR]] == 0 and not (t < COLOR and SYMBOL_OF[t] == S_PLUS):
            self._emptied(t)
        elif t == SUPERTAKI or (t < COLOR and SYMBOL_OF[t] == S_TAKI):
            self._end_turn(0)  # a TAKI closing a run has no further effect
        else:
            self._effect(t)

    def _emptied(self, t):
        """R6.1 / R10.2: the current player emptied their hand with card t."""
        s = self.s
        cur = s[AT_CUR]
        s[AT_RUNC] = UNSET
        st = s[AT_STAGE + cur]
        if s[AT_TOUR] and st > 1:
            s[AT_STAGE + cur] = st - 1  # R10.2: a stage down, refill, go on
            self._ev(EV_STAGE, cur, st - 1)
            self._draw(cur, st - 1)
            s[AT_OWE] = 0
            if t == SUPERTAKI or t == KING or (t < COLOR and SYMBOL_OF[t] == S_TAKI):
                self._end_turn(0)
            else:
                self._finish(t)
            return
        self._win(cur)

    def _win(self, seat):
        s = self.s
        if s[AT_TOUR]:
            s[AT_STAGE + seat] = 0
        s[AT_WIN] = seat
        s[AT_CUR] = seat
        s[AT_PEND] = 0  # R6.1: no further effect of the winning card
        s[AT_P3BY] = UNSET
        s[AT_RUNC] = UNSET
        s[AT_RUNOPEN] = 0
        s[AT_PHASE] = P_OVER
        self._ev(EV_WIN, seat, 0)

    def _draw_move(self):
        s = self.s
        cur = s[AT_CUR]
        n = s[AT_PEND]
        if n:  # R7.3: the whole stack, and the turn is lost
            s[AT_PEND] = 0
            self._draw(cur, n)
        else:
            self._draw(cur, 1)
        self._end_turn(0)

    def _accept(self):
        """R9.5/R12.6: all but the +3's player draw 3, from the next player on."""
        s = self.s
        p3 = s[AT_P3BY]
        s[AT_P3BY] = UNSET
        self._ev(EV_ACCEPT, p3, 0)
        seat = s[AT_CUR]
        for _ in range(s[AT_N] - 1):
            self._draw(seat, 3)
            seat = self._next(seat, 1)
            if seat == p3:
                seat = self._next(seat, 1)
        s[AT_OWE] = 0
        s[AT_PHASE] = P_TURN

    def _break(self, b, declared):
        """R9.5: seat b breaks the active +3; its player draws 3 instead."""
        s = self.s
        p3 = s[AT_P3BY]
        s[AT_P3BY] = UNSET
        self._take(b, BREAK)
        self._discard(BREAK, False)
        self._ev(EV_PLAY, b, BREAK)
        self._ev(EV_BREAK, b, p3)
        if declared:
            self._ev(EV_LAST, b, 0)
        self._draw(p3, 3)
        s[AT_PHASE] = P_TURN
        left = s[AT_HSIZE + b]
        if left == 0:
            st = s[AT_STAGE + b]
            if s[AT_TOUR] and st > 1:  # R12.3: after the +3's player drew
                s[AT_STAGE + b] = st - 1
                self._ev(EV_STAGE, b, st - 1)
                self._draw(b, st - 1)
            else:
                self._win(b)
        elif left == 1 and not declared:  # R5.4
            self._draw(b, 4)
            self._ev(EV_PENALTY, b, 4)

    # ------------------------------------------------------ turn order
    def _end_turn(self, skip):
        """Last-card check, idle count, then the next player's turn."""
        s = self.s
        cur = s[AT_CUR]
        if s[AT_OWE] and not s[AT_DECL] and s[AT_HSIZE + cur] == 1:  # R5.2
            s[AT_OWE] = 0
            self._draw(cur, 4)
            self._ev(EV_PENALTY, cur, 4)
        if s[AT_MOVED]:
            s[AT_IDLE] = 0
        else:
            s[AT_IDLE] += 1
            if s[AT_IDLE] >= s[AT_N]:  # R4.4: blocked game
                self._blocked()
                return
        if skip:
            nxt = self._next(cur, 1)
            self._ev(EV_SKIP, nxt, 0)
            cur = nxt
        s[AT_CUR] = self._next(cur, 1)
        self._start_turn()

    def _start_turn(self):
        s = self.s
        s[AT_MOVED] = 0
        s[AT_DECL] = 0
        s[AT_OWE] = 0
        s[AT_RUNN] = 0
        s[AT_RUNOPEN] = 1 if s[AT_RUNC] != UNSET else 0
        s[AT_PHASE] = P_PLUS3 if s[AT_P3BY] != UNSET else P_TURN
        self._ev(EV_TURN, s[AT_CUR], 0)
        if s[AT_PEND]:
            self._ev(EV_STACK, s[AT_CUR], s[AT_PEND])

    def _blocked(self):
        """R4.4/R12.4: fewest cards wins (tournament: lowest stage first)."""
        s = self.s
        best = 0
        for p in range(1, s[AT_N]):
            if s[AT_TOUR]:
                if s[AT_STAGE + p] > s[AT_STAGE + best]:
                    continue
                if s[AT_STAGE + p] < s[AT_STAGE + best]:
                    best = p
                    continue
            if s[AT_HSIZE + p] < s[AT_HSIZE + best]:
                best = p
        self._ev(EV_BLOCKED, best, 0)
        self._win(best)
