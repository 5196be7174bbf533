"""The TAKI rules (RULES.md R1-R12) over one fixed state buffer.

``Game`` keeps the whole table in one bytearray ``s`` sized for 10 players
and 116 cards, so a turn only indexes bytes and does small-int arithmetic:
listing moves, applying any move (draws, reshuffles, penalties, runs, stage
refills) allocates nothing. Moves and error codes are small ints; see the
package docstring for the move encoding.

    g = Game(); g.reset(4, seed=1)
    n = g.legal_moves(buf)        # buf: bytearray(NMOVES)
    err = g.apply(buf[0])         # 0 or E_*; a refused move changes nothing

Hands are kept as counts per card type (a hand is a multiset), the draw pile
and the discard pile as stacks of card types (top = last).
"""

from micropython import const

from taki_core import rng
from taki_core.cards import (
    BREAK, COLOR, COLOUR_OF, KING, NTYPES, PLUS3, S_DIR, S_PLUS,
    S_PLUS2, S_STOP, S_TAKI, SUPERTAKI, SYMBOL_OF, canonical_deck,
)

MAX_PLAYERS = const(10)
HAND_START = const(8)

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

# --- phases ----------------------------------------------------------------
P_TURN = const(0)     # start of a turn (an open run may wait)
P_RUN = const(1)      # inside one's own TAKI run
P_PLUS = const(2)     # must play a card or draw after PLUS
P_KING = const(3)     # may play one free card after KING, or end
P_PLUS3 = const(4)    # an active +3 waits for its answer
P_OVER = const(5)
PHASE_NAMES = ("turn", "run", "plus", "king", "plus3", "over")

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

# --- events: (code, a, b) in a ring; only public information ---------------
EV_TURN = const(1)      # a = seat whose turn begins
EV_PLAY = const(2)      # a = seat, b = card type
EV_COLOR = const(3)     # a = seat, b = colour named with COLOR
EV_DRAW = const(4)      # a = seat, b = cards drawn
EV_PENALTY = const(5)   # a = seat, b = cards drawn for not declaring
EV_SKIP = const(6)      # a = skipped seat
EV_DIR = const(7)       # a = seat, b = 1 if direction is now -1
EV_STACK = const(8)     # a = seat facing the +2 stack, b = its size
EV_RUN_OPEN = const(9)  # a = seat, b = colour of the run left open
EV_CLOSED = const(10)   # a = seat, b = colour of the run closed
EV_LAST = const(11)     # a = seat declared "last card"
EV_PLUS3 = const(12)    # a = seat who played +3
EV_BREAK = const(13)    # a = breaker, b = seat of the +3 (draws 3)
EV_ACCEPT = const(14)   # a = seat of the +3 (everyone else draws 3)
EV_STAGE = const(15)    # a = seat, b = new stage
EV_WIN = const(16)      # a = winner
EV_BLOCKED = const(17)  # a = winner of a blocked game
EV_RESHUFFLE = const(18)  # b = cards in the new draw pile
EV_NODRAW = const(19)   # a = seat that wanted cards but none were left
EVENT_NAMES = (
    "", "turn", "play", "color", "draw", "penalty", "skip", "dir", "stack",
    "run_open", "closed", "last", "plus3", "break", "accept", "stage", "win",
    "blocked", "reshuffle", "nodraw",
)
EV_CAP = const(32)

# --- state layout (offsets into s) ----------------------------------------
_N = const(0)
_TOUR = const(1)
_CUR = const(2)
_DIR = const(3)       # 0: +1, 1: -1
_PHASE = const(4)
_COLOR = const(5)     # active colour 0..3
_LEAD = const(6)      # leading card type
_LEADPOS = const(7)   # its index in the discard pile
_PEND = const(8)      # +2 stack
_P3BY = const(9)      # seat of the active +3, or _NONE
_RUNC = const(10)     # colour of the run in force, or _NONE
_RUNOPEN = const(11)  # a run left open waits at the start of this turn
_RUNN = const(12)     # cards this player put into the run this turn
_MOVED = const(13)    # a card moved during this turn (R4.4)
_DECL = const(14)     # "last card" declared this turn
_OWE = const(15)      # own play left exactly one card (R5.1)
_IDLE = const(16)     # idle turns in a row
_WIN = const(17)      # winner or _NONE
_DLEN = const(18)     # cards in the draw pile
_XLEN = const(19)     # cards in the discard pile
_RNG = const(20)      # 4 bytes, little-endian, < 2**30
_STAGE = const(24)    # 10 stages
_HSIZE = const(34)    # 10 hand sizes
# Public offsets, for save.py: the scalars, then the piles.
HEAD_SIZE = const(44)   # s[:HEAD_SIZE] holds every scalar
HSIZE_AT = const(34)
DLEN_AT = const(18)
XLEN_AT = const(19)
HAND_AT = const(44)     # 10 x 57 counts
DRAW_AT = const(614)    # draw pile, bottom first
DISC_AT = const(730)    # discard pile, bottom first
LEADPOS_AT = const(7)
FLAG_OFFSETS = (1, 3, 11, 13, 14, 15)  # _TOUR _DIR _RUNOPEN _MOVED _DECL _OWE: 0 or 1
_HAND = const(44)
_DRAWP = const(614)
_DISC = const(730)
STATE_SIZE = const(846)
_NONE = const(255)


class Game:
    """One TAKI table. Create once; ``reset`` or ``arrange`` a deal."""

    def __init__(self):
        self.s = bytearray(STATE_SIZE)
        self.ev = bytearray(3 * EV_CAP)
        self.ev_total = 0  # events ever written; event k is at k % EV_CAP
        self.players = 0

    # ----------------------------------------------------------- setup
    def reset(self, players, seed, first=0, tournament=False):
        """Shuffle and deal a new game (R2); stages 8 in a tournament (R10.1)."""
        s = self.s
        for i in range(STATE_SIZE):
            s[i] = 0
        self.players = players
        s[_N] = players
        s[_TOUR] = 1 if tournament else 0
        self._set_rng(rng.seed_state(seed))
        s[_DLEN] = canonical_deck(s, _DRAWP)
        self._shuffle_draw()
        for _ in range(HAND_START):
            for p in range(players):
                self._give(p, self._pop())
        for p in range(players):
            s[_STAGE + p] = HAND_START if tournament else 0
        t = self._pop()
        while t >= COLOR:  # R2.3: a colourless card may not lead
            self._insert_draw(t, self._rand(s[_DLEN]))
            t = self._pop()
        s[_DISC] = t
        s[_XLEN] = 1
        s[_LEAD] = t
        s[_COLOR] = COLOUR_OF[t]
        s[_P3BY] = _NONE
        s[_RUNC] = _NONE
        s[_WIN] = _NONE
        s[_CUR] = first
        self._start_turn()

    def arrange(self, players, hands, discard, draw, current=0, direction=1,
                color=-1, tournament=False, stages=None, seed=1, run=-1,
                run_open=True, pending=0, plus3_by=-1):
        """Set up an exact table (scenarios, tests). Lists hold card types;
        ``draw`` is top first and must complete the 116 cards."""
        s = self.s
        for i in range(STATE_SIZE):
            s[i] = 0
        self.players = players
        s[_N] = players
        s[_TOUR] = 1 if tournament else 0
        s[_CUR] = current
        s[_DIR] = 0 if direction == 1 else 1
        self._set_rng(rng.seed_state(seed))
        for p in range(players):
            for t in hands[p]:
                self._give(p, t)
            s[_STAGE + p] = (stages[p] if stages else HAND_START) if tournament else 0
        for i, t in enumerate(discard):
            s[_DISC + i] = t
        s[_XLEN] = len(discard)
        s[_LEADPOS] = len(discard) - 1
        s[_LEAD] = discard[-1]
        n = len(draw)
        for i, t in enumerate(draw):
            s[_DRAWP + n - 1 - i] = t
        s[_DLEN] = n
        s[_COLOR] = color if color >= 0 else COLOUR_OF[discard[-1]] % 4
        s[_PEND] = pending
        s[_P3BY] = plus3_by if plus3_by >= 0 else _NONE
        s[_RUNC] = run if run >= 0 else _NONE
        s[_WIN] = _NONE
        s[_PHASE] = P_PLUS3 if plus3_by >= 0 else P_TURN
        if run >= 0:
            if run_open:
                s[_RUNOPEN] = 1
            else:  # inside the current player's own run
                s[_PHASE] = P_RUN
                s[_RUNN] = 1 if self._lead_is_taki() else 2

    # --------------------------------------------------------- queries
    def current(self):
        return self.s[_CUR]

    def phase(self):
        return self.s[_PHASE]

    def direction(self):
        return -1 if self.s[_DIR] else 1

    def color(self):
        return self.s[_COLOR]

    def leading(self):
        return self.s[_LEAD]

    def discard_top(self):
        return self.s[_DISC + self.s[_XLEN] - 1]

    def discard_count(self):
        return self.s[_XLEN]

    def discard_card(self, i):
        """The i-th card of the discard pile, bottom first (public)."""
        return self.s[_DISC + i]

    def draw_count(self):
        return self.s[_DLEN]

    def pending(self):
        return self.s[_PEND]

    def plus3_by(self):
        v = self.s[_P3BY]
        return -1 if v == _NONE else v

    def run_color(self):
        v = self.s[_RUNC]
        return -1 if v == _NONE else v

    def run_open(self):
        return self.s[_RUNOPEN] == 1

    def tournament(self):
        return self.s[_TOUR] == 1

    def stage(self, seat):
        return self.s[_STAGE + seat]

    def hand_size(self, seat):
        return self.s[_HSIZE + seat]

    def hand_count(self, seat, t):
        return self.s[_HAND + seat * NTYPES + t]

    def hand(self, seat, buf):
        """Write the seat's cards (types, sorted) into buf; return how many."""
        s = self.s
        base = _HAND + seat * NTYPES
        n = 0
        for t in range(NTYPES):
            for _ in range(s[base + t]):
                buf[n] = t
                n += 1
        return n

    def declared(self):
        return self.s[_DECL] == 1

    def winner(self):
        v = self.s[_WIN]
        return -1 if v == _NONE else v

    def over(self):
        return self.s[_PHASE] == P_OVER

    def actor(self, move):
        """The seat that makes this move (the breaker for M_BREAK + s)."""
        b = move & 0x7F
        if M_BREAK <= b < M_BREAK + MAX_PLAYERS:
            return b - M_BREAK
        return self.s[_CUR]

    def event(self, k, field):
        """Field 0 (code), 1 (a) or 2 (b) of event number k."""
        return self.ev[(k % EV_CAP) * 3 + field]

    # ------------------------------------------------------ legal moves
    def check(self, move):
        """0 if the move is legal now, else the E_* reason. Changes nothing."""
        s = self.s
        ph = s[_PHASE]
        if ph == P_OVER:
            return E_GAME_OVER
        if move < 0 or move > 255:
            return E_UNKNOWN_MOVE
        m = move & 0x7F
        if m >= NMOVES:
            return E_UNKNOWN_MOVE
        cur = s[_CUR]
        if m >= M_BREAK:
            b = m - M_BREAK
            if b >= s[_N]:
                return E_NOT_YOUR_TURN
            if ph != P_PLUS3:
                return E_NO_PLUS3
            if b == s[_P3BY]:
                return E_OWN_PLUS3
            if s[_HAND + b * NTYPES + BREAK] == 0:
                return E_NOT_IN_HAND
            return 0
        if m == M_LAST:
            return 0
        if m == M_ACCEPT:
            return 0 if ph == P_PLUS3 else E_NO_PLUS3
        if ph == P_PLUS3:  # R9.5: only KING, a break, accept or "last card"
            if m == KING or m == BREAK:
                return E_NOT_IN_HAND if s[_HAND + cur * NTYPES + m] == 0 else 0
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
            if s[_RUNN] == 1 and self._lead_is_taki():
                return E_LONE_TAKI  # R8.5
            return 0
        if m == M_END:
            if ph == P_RUN or ph == P_KING:
                return 0
            return E_MUST_PLAY if ph == P_PLUS else E_NOTHING_DONE
        t = COLOR if m >= M_COLOR else m
        if s[_HAND + cur * NTYPES + t] == 0:
            return E_NOT_IN_HAND
        if m == COLOR:
            return E_NO_COLOR
        return self._playable(t)

    def _playable(self, t):
        """Whether the current player may play card type t (held) now."""
        s = self.s
        ph = s[_PHASE]
        if ph == P_KING:
            return 0  # R9.2: any card, ignoring matching
        if ph == P_RUN:  # R8.2
            if t < COLOR:
                return 0 if COLOUR_OF[t] == s[_RUNC] else E_RUN_COLOUR
            return 0 if t == COLOR or t == SUPERTAKI else E_RUN_COLOUR
        if s[_PEND]:  # R7.3: only +2 and KING on a stack
            if t == KING or (t < COLOR and SYMBOL_OF[t] == S_PLUS2):
                return 0
            return E_STACK
        if t >= COLOR:
            return 0  # R3.4
        if COLOUR_OF[t] == s[_COLOR] or SYMBOL_OF[t] == SYMBOL_OF[s[_LEAD]]:
            return 0
        if s[_RUNOPEN] and COLOUR_OF[t] == s[_RUNC]:
            return 0  # continuing an open run (R8.6)
        return E_NO_MATCH

    def legal_moves(self, buf):
        """Write every legal move into buf (>= NMOVES bytes); return the count.

        A legal move stays legal with F_LAST added; those are not listed.
        This is the hot path of every bot and UI refresh, so it walks only
        the card types that can match instead of asking check() for each.
        """
        s = self.s
        ph = s[_PHASE]
        if ph == P_OVER:
            return 0
        base = _HAND + s[_CUR] * NTYPES
        n = 0
        if ph == P_PLUS3:
            if s[base + KING]:
                buf[n] = KING
                n += 1
            if s[base + BREAK]:
                buf[n] = BREAK
                n += 1
            for b in range(s[_N]):
                if b != s[_P3BY] and s[_HAND + b * NTYPES + BREAK]:
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
            rc = s[_RUNC] * 13
            n = self._list(buf, n, base, rc, rc + 13)
            n = self._list(buf, n, base, COLOR, SUPERTAKI + 1)
            if not (s[_RUNN] == 1 and self._lead_is_taki()):
                buf[n] = M_CLOSE
                n += 1
            buf[n] = M_END
        elif s[_PEND]:  # a +2 stack: +2s and KING
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
            ac = s[_COLOR]
            oc = s[_RUNC] if s[_RUNOPEN] and s[_RUNC] != ac else 9
            n = self._list(buf, n, base, ac * 13, ac * 13 + 13)
            if oc < 4:
                n = self._list(buf, n, base, oc * 13, oc * 13 + 13)
            lead = s[_LEAD]
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
        if m >= M_BREAK or (m == BREAK and s[_PHASE] == P_PLUS3):
            # R9.5: a break into a +3 (the next player's own one included);
            # a declaration made with it counts for the break (R5.4).
            self._break(self.actor(move) if m >= M_BREAK else s[_CUR], move & F_LAST)
            return 0
        if move & F_LAST or m == M_LAST:
            s[_DECL] = 1
            self._ev(EV_LAST, s[_CUR], 0)
        if m == M_LAST:
            pass
        elif m == M_ACCEPT:
            self._accept()
        elif m == M_DRAW:
            self._draw_move()
        elif m == M_CLOSE:
            self._close()
        elif m == M_END:
            if s[_PHASE] == P_RUN:
                self._ev(EV_RUN_OPEN, s[_CUR], s[_RUNC])
            self._end_turn(0)
        elif m >= M_COLOR:
            self._play(COLOR, m - M_COLOR)
        else:
            self._play(m, 0)
        return 0

    def _play(self, t, named):
        s = self.s
        cur = s[_CUR]
        ph = s[_PHASE]
        if ph == P_TURN and s[_RUNOPEN]:  # R8.6
            s[_RUNOPEN] = 0
            if t == SUPERTAKI or (t < COLOR and COLOUR_OF[t] == s[_RUNC]):
                s[_PHASE] = ph = P_RUN  # continues the open run
                s[_RUNN] = 0
            else:
                s[_RUNC] = _NONE  # the run ends, then t acts normally
        self._take(cur, t)
        self._discard(t, t == BREAK)  # an own-turn break is transparent
        if t < COLOR:
            s[_COLOR] = COLOUR_OF[t]
        elif t == COLOR:
            s[_COLOR] = named
        self._ev(EV_PLAY, cur, t)
        if t == COLOR:
            self._ev(EV_COLOR, cur, named)
        left = s[_HSIZE + cur]
        s[_OWE] = 1 if left == 1 else 0
        if ph == P_RUN:
            s[_RUNN] += 1
            if t == COLOR:  # R8.2: ends the run as closed, and the turn
                s[_RUNC] = _NONE
                if left == 0:
                    self._emptied(t)
                else:
                    self._end_turn(0)
            elif left == 0:  # R6.1/R12.1: the run counts as closed
                self._close()
            return
        if t == KING:  # R9.2: cancels a +2 stack or an active +3
            s[_PEND] = 0
            s[_P3BY] = _NONE
        elif t == BREAK:  # R9.4: own-turn break, its player draws 3
            self._draw(cur, 3)
        if s[_HSIZE + cur] == 0 and not (t < COLOR and SYMBOL_OF[t] == S_PLUS):
            self._emptied(t)  # R6.2: a PLUS as last card must still draw
            return
        self._effect(t)

    def _effect(self, t):
        """The action of a card played normally or closing a run."""
        s = self.s
        if t < COLOR:
            sym = SYMBOL_OF[t]
            if sym == S_PLUS:
                s[_PHASE] = P_PLUS  # R9.1
                return
            if sym == S_TAKI:
                s[_RUNC] = COLOUR_OF[t]  # R8.1
                s[_RUNN] = 1
                s[_PHASE] = P_RUN
                return
        elif t == SUPERTAKI:
            s[_RUNC] = s[_COLOR]
            s[_RUNN] = 1
            s[_PHASE] = P_RUN
            return
        elif t == KING:
            s[_PHASE] = P_KING
            return
        self._finish(t)

    def _finish(self, t):
        """Apply a turn-ending card's action, then end the turn."""
        s = self.s
        skip = 0
        if t < COLOR:
            sym = SYMBOL_OF[t]
            if sym == S_PLUS2:
                s[_PEND] += 2
            elif sym == S_STOP:
                skip = 1
            elif sym == S_DIR:
                s[_DIR] ^= 1
                self._ev(EV_DIR, s[_CUR], s[_DIR])
        elif t == PLUS3:
            s[_P3BY] = s[_CUR]
            self._ev(EV_PLUS3, s[_CUR], 0)
        self._end_turn(skip)

    def _close(self):
        """End the current run as closed: its last card acts (R8.4)."""
        s = self.s
        self._ev(EV_CLOSED, s[_CUR], s[_RUNC])
        s[_RUNC] = _NONE
        t = s[_LEAD]
        if s[_HSIZE + s[_CUR]] == 0 and not (t < COLOR and SYMBOL_OF[t] == S_PLUS):
            self._emptied(t)
        elif t == SUPERTAKI or (t < COLOR and SYMBOL_OF[t] == S_TAKI):
            self._end_turn(0)  # a TAKI closing a run has no further effect
        else:
            self._effect(t)

    def _emptied(self, t):
        """R6.1 / R10.2: the current player emptied their hand with card t."""
        s = self.s
        cur = s[_CUR]
        s[_RUNC] = _NONE
        st = s[_STAGE + cur]
        if s[_TOUR] and st > 1:
            s[_STAGE + cur] = st - 1  # R10.2: a stage down, refill, go on
            self._ev(EV_STAGE, cur, st - 1)
            self._draw(cur, st - 1)
            s[_OWE] = 0
            if t == SUPERTAKI or t == KING or (t < COLOR and SYMBOL_OF[t] == S_TAKI):
                self._end_turn(0)
            else:
                self._finish(t)
            return
        self._win(cur)

    def _win(self, seat):
        s = self.s
        if s[_TOUR]:
            s[_STAGE + seat] = 0
        s[_WIN] = seat
        s[_CUR] = seat
        s[_PEND] = 0  # R6.1: no further effect of the winning card
        s[_P3BY] = _NONE
        s[_RUNC] = _NONE
        s[_RUNOPEN] = 0
        s[_PHASE] = P_OVER
        self._ev(EV_WIN, seat, 0)

    def _draw_move(self):
        s = self.s
        cur = s[_CUR]
        n = s[_PEND]
        if n:  # R7.3: the whole stack, and the turn is lost
            s[_PEND] = 0
            self._draw(cur, n)
        else:
            self._draw(cur, 1)
        self._end_turn(0)

    def _accept(self):
        """R9.5/R12.6: all but the +3's player draw 3, from the next player on."""
        s = self.s
        p3 = s[_P3BY]
        s[_P3BY] = _NONE
        self._ev(EV_ACCEPT, p3, 0)
        seat = s[_CUR]
        for _ in range(s[_N] - 1):
            self._draw(seat, 3)
            seat = self._next(seat, 1)
            if seat == p3:
                seat = self._next(seat, 1)
        s[_OWE] = 0
        s[_PHASE] = P_TURN

    def _break(self, b, declared):
        """R9.5: seat b breaks the active +3; its player draws 3 instead."""
        s = self.s
        p3 = s[_P3BY]
        s[_P3BY] = _NONE
        self._take(b, BREAK)
        self._discard(BREAK, False)
        self._ev(EV_PLAY, b, BREAK)
        self._ev(EV_BREAK, b, p3)
        if declared:
            self._ev(EV_LAST, b, 0)
        self._draw(p3, 3)
        s[_PHASE] = P_TURN
        left = s[_HSIZE + b]
        if left == 0:
            st = s[_STAGE + b]
            if s[_TOUR] and st > 1:  # R12.3: after the +3's player drew
                s[_STAGE + b] = st - 1
                self._ev(EV_STAGE, b, st - 1)
                self._draw(b, st - 1)
            else:
                self._win(b)
        elif left == 1 and not declared:  # R5.4
            self._draw(b, 4)
            self._ev(EV_PENALTY, b, 4)

    def _end_turn(self, skip):
        """Last-card check, idle count, then the next player's turn."""
        s = self.s
        cur = s[_CUR]
        if s[_OWE] and not s[_DECL] and s[_HSIZE + cur] == 1:  # R5.2
            s[_OWE] = 0
            self._draw(cur, 4)
            self._ev(EV_PENALTY, cur, 4)
        if s[_MOVED]:
            s[_IDLE] = 0
        else:
            s[_IDLE] += 1
            if s[_IDLE] >= s[_N]:  # R4.4: blocked game
                self._blocked()
                return
        if skip:
            nxt = self._next(cur, 1)
            self._ev(EV_SKIP, nxt, 0)
            cur = nxt
        s[_CUR] = self._next(cur, 1)
        self._start_turn()

    def _start_turn(self):
        s = self.s
        s[_MOVED] = 0
        s[_DECL] = 0
        s[_OWE] = 0
        s[_RUNN] = 0
        s[_RUNOPEN] = 1 if s[_RUNC] != _NONE else 0
        s[_PHASE] = P_PLUS3 if s[_P3BY] != _NONE else P_TURN
        self._ev(EV_TURN, s[_CUR], 0)
        if s[_PEND]:
            self._ev(EV_STACK, s[_CUR], s[_PEND])

    def _blocked(self):
        """R4.4/R12.4: fewest cards wins (tournament: lowest stage first)."""
        s = self.s
        best = 0
        for p in range(1, s[_N]):
            if s[_TOUR]:
                if s[_STAGE + p] > s[_STAGE + best]:
                    continue
                if s[_STAGE + p] < s[_STAGE + best]:
                    best = p
                    continue
            if s[_HSIZE + p] < s[_HSIZE + best]:
                best = p
        self._ev(EV_BLOCKED, best, 0)
        self._win(best)

    # ------------------------------------------------------ card moves
    def _next(self, seat, k):
        return (seat + (-k if self.s[_DIR] else k)) % self.s[_N]

    def _give(self, seat, t):
        s = self.s
        s[_HAND + seat * NTYPES + t] += 1
        s[_HSIZE + seat] += 1

    def _take(self, seat, t):
        s = self.s
        s[_HAND + seat * NTYPES + t] -= 1
        s[_HSIZE + seat] -= 1
        s[_MOVED] = 1

    def _discard(self, t, transparent):
        """Put t on the discard pile; it leads unless transparent (R3.1)."""
        s = self.s
        x = s[_XLEN]
        s[_DISC + x] = t
        if not transparent:
            s[_LEADPOS] = x
            s[_LEAD] = t
        s[_XLEN] = x + 1

    def _pop(self):
        s = self.s
        n = s[_DLEN] - 1
        s[_DLEN] = n
        t = s[_DRAWP + n]
        s[_DRAWP + n] = 0  # unused slots stay 0: a state has one byte form
        return t

    def _draw(self, seat, n):
        """Seat draws up to n cards, reshuffling when the pile runs out (R4.3)."""
        s = self.s
        got = 0
        while got < n:
            if s[_DLEN] == 0:
                self._reshuffle()
                if s[_DLEN] == 0:
                    break
            self._give(seat, self._pop())
            got += 1
        if got:
            s[_MOVED] = 1
            if seat == s[_CUR]:
                s[_OWE] = 0  # R5.3: a draw clears a debt
            self._ev(EV_DRAW, seat, got)
        if got < n:
            self._ev(EV_NODRAW, seat, n - got)
        return got

    def _reshuffle(self):
        """The discard pile but its top (and the leading card) becomes the draw pile."""
        s = self.s
        x = s[_XLEN]
        top = x - 1
        lp = s[_LEADPOS]
        n = 0
        for i in range(top):
            if i != lp:
                s[_DRAWP + n] = s[_DISC + i]
                n += 1
        if n == 0:
            return
        if lp != top:  # a transparent break is on top: keep lead, then top
            s[_DISC] = s[_DISC + lp]
            s[_DISC + 1] = s[_DISC + top]
            s[_LEADPOS] = 0
            s[_XLEN] = 2
        else:
            s[_DISC] = s[_DISC + top]
            s[_LEADPOS] = 0
            s[_XLEN] = 1
        for i in range(s[_XLEN], x):
            s[_DISC + i] = 0
        s[_DLEN] = n
        self._shuffle_draw()
        self._ev(EV_RESHUFFLE, 0, n)

    def _insert_draw(self, t, pos):
        s = self.s
        n = s[_DLEN]
        i = n
        while i > pos:
            s[_DRAWP + i] = s[_DRAWP + i - 1]
            i -= 1
        s[_DRAWP + pos] = t
        s[_DLEN] = n + 1

    # ------------------------------------------------------- randomness
    def _get_rng(self):
        s = self.s
        return s[_RNG] | (s[_RNG + 1] << 8) | (s[_RNG + 2] << 16) | (s[_RNG + 3] << 24)

    def _set_rng(self, x):
        s = self.s
        s[_RNG] = x & 0xFF
        s[_RNG + 1] = (x >> 8) & 0xFF
        s[_RNG + 2] = (x >> 16) & 0xFF
        s[_RNG + 3] = x >> 24

    def _rand(self, n):
        """A number in 0..n-1 from the game's generator."""
        x = rng.step(self._get_rng())
        self._set_rng(x)
        return x % n

    def _shuffle_draw(self):
        """Fisher-Yates over the draw pile, with the game's generator."""
        s = self.s
        x = self._get_rng()
        i = s[_DLEN] - 1
        while i > 0:
            x = rng.step(x)
            j = x % (i + 1)
            a = _DRAWP + i
            b = _DRAWP + j
            s[a], s[b] = s[b], s[a]
            i -= 1
        self._set_rng(x)

    # ------------------------------------------------------------ misc
    def _lead_is_taki(self):
        t = self.s[_LEAD]
        return t == SUPERTAKI or (t < COLOR and SYMBOL_OF[t] == S_TAKI)

    def _ev(self, code, a, b):
        i = (self.ev_total % EV_CAP) * 3
        ev = self.ev
        ev[i] = code
        ev[i + 1] = a
        ev[i + 2] = b
        self.ev_total += 1
