"""The table: TAKI's state in one fixed buffer, and how cards move.

``Table`` keeps the whole game in one bytearray ``s`` sized for 10 players
and 116 cards (offsets ``AT_*`` below): hands as counts per card type (a
hand is a multiset), the draw and discard piles as stacks of types (top =
last), and every scalar. It deals, draws (reshuffling when the pile runs
out), answers queries and keeps the event ring; the rules that decide what
may happen live in ``game.py``. Nothing here allocates after ``__init__``
except ``arrange`` (scenarios and tests).
"""

from micropython import const

from taki_core import rng
from taki_core.cards import COLOR, COLOUR_OF, NTYPES, S_TAKI, SUPERTAKI, SYMBOL_OF, canonical_deck

MAX_PLAYERS = const(10)
HAND_START = const(8)

# --- phases ----------------------------------------------------------------
P_TURN = const(0)     # start of a turn (an open run may wait)
P_RUN = const(1)      # inside one's own TAKI run
P_PLUS = const(2)     # must play a card or draw after PLUS
P_KING = const(3)     # may play one free card after KING, or end
P_PLUS3 = const(4)    # an active +3 waits for its answer
P_OVER = const(5)
PHASE_NAMES = ("turn", "run", "plus", "king", "plus3", "over")

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

# --- state layout: offsets into Table.s (public, for game.py and save.py) --
AT_N = const(0)
AT_TOUR = const(1)
AT_CUR = const(2)
AT_DIR = const(3)       # 0: +1, 1: -1
AT_PHASE = const(4)
AT_COLOR = const(5)     # active colour 0..3
AT_LEAD = const(6)      # leading card type
AT_LEADPOS = const(7)   # its index in the discard pile
AT_PEND = const(8)      # +2 stack
AT_P3BY = const(9)      # seat of the active +3, or UNSET
AT_RUNC = const(10)     # colour of the run in force, or UNSET
AT_RUNOPEN = const(11)  # a run left open waits at the start of this turn
AT_RUNN = const(12)     # cards this player put into the run this turn
AT_MOVED = const(13)    # a card moved during this turn (R4.4)
AT_DECL = const(14)     # "last card" declared this turn
AT_OWE = const(15)      # own play left exactly one card (R5.1)
AT_IDLE = const(16)     # idle turns in a row
AT_WIN = const(17)      # winner or UNSET
AT_DLEN = const(18)     # cards in the draw pile
AT_XLEN = const(19)     # cards in the discard pile
AT_RNG = const(20)      # 4 bytes, little-endian, < 2**30
AT_STAGE = const(24)    # 10 stages
AT_HSIZE = const(34)    # 10 hand sizes
HEAD_SIZE = const(44)   # s[:HEAD_SIZE] holds every scalar
AT_HAND = const(44)     # 10 x 57 counts
AT_DRAW = const(614)    # draw pile, bottom first
AT_DISC = const(730)    # discard pile, bottom first
STATE_SIZE = const(846)
UNSET = const(255)
FLAG_OFFSETS = (AT_TOUR, AT_DIR, AT_RUNOPEN, AT_MOVED, AT_DECL, AT_OWE)  # each 0 or 1


class Table:
    """The cards and counters of one table; ``Game`` adds the rules."""

    def __init__(self):
        self.s = bytearray(STATE_SIZE)
        self.ev = bytearray(3 * EV_CAP)
        self.ev_total = 0  # events ever written; event k is at k % EV_CAP
        self.players = 0

    # ----------------------------------------------------------- setup
    def _deal(self, players, seed, first, tournament):
        """Shuffle and deal (R2); stages 8 in a tournament (R10.1)."""
        s = self.s
        self._clear(players, tournament, seed)
        s[AT_DLEN] = canonical_deck(s, AT_DRAW)
        self._shuffle_draw()
        for _ in range(HAND_START):
            for p in range(players):
                self._give(p, self._pop())
        for p in range(players):
            s[AT_STAGE + p] = HAND_START if tournament else 0
        t = self._pop()
        while t >= COLOR:  # R2.3: a colourless card may not lead
            self._insert_draw(t, self._rand(s[AT_DLEN]))
            t = self._pop()
        s[AT_DISC] = t
        s[AT_XLEN] = 1
        s[AT_LEAD] = t
        s[AT_COLOR] = COLOUR_OF[t]
        s[AT_P3BY] = UNSET
        s[AT_RUNC] = UNSET
        s[AT_WIN] = UNSET
        s[AT_CUR] = first

    def _clear(self, players, tournament, seed):
        """An empty table: no cards anywhere, the generator seeded."""
        s = self.s
        for i in range(STATE_SIZE):
            s[i] = 0
        self.players = players
        s[AT_N] = players
        s[AT_TOUR] = 1 if tournament else 0
        self._set_rng(rng.seed_state(seed))

    def arrange(self, players, hands, discard, draw, current=0, direction=1,
                color=-1, tournament=False, stages=None, seed=1, run=-1,
                run_open=True, pending=0, plus3_by=-1):
        """Set up an exact table (scenarios, tests). Lists hold card types;
        ``draw`` is top first and must complete the 116 cards."""
        s = self.s
        self._clear(players, tournament, seed)
        s[AT_CUR] = current
        s[AT_DIR] = 0 if direction == 1 else 1
        for p in range(players):
            for t in hands[p]:
                self._give(p, t)
            s[AT_STAGE + p] = (stages[p] if stages else HAND_START) if tournament else 0
        for i, t in enumerate(discard):
            s[AT_DISC + i] = t
        s[AT_XLEN] = len(discard)
        s[AT_LEADPOS] = len(discard) - 1
        s[AT_LEAD] = discard[-1]
        n = len(draw)
        for i, t in enumerate(draw):
            s[AT_DRAW + n - 1 - i] = t
        s[AT_DLEN] = n
        s[AT_COLOR] = color if color >= 0 else COLOUR_OF[discard[-1]] % 4
        s[AT_PEND] = pending
        s[AT_P3BY] = plus3_by if plus3_by >= 0 else UNSET
        s[AT_RUNC] = run if run >= 0 else UNSET
        s[AT_WIN] = UNSET
        s[AT_PHASE] = P_PLUS3 if plus3_by >= 0 else P_TURN
        if run >= 0:
            if run_open:
                s[AT_RUNOPEN] = 1
            else:  # inside the current player's own run
                s[AT_PHASE] = P_RUN
                s[AT_RUNN] = 1 if self._lead_is_taki() else 2

    # --------------------------------------------------------- queries
    def current(self):
        return self.s[AT_CUR]

    def phase(self):
        return self.s[AT_PHASE]

    def direction(self):
        return -1 if self.s[AT_DIR] else 1

    def color(self):
        return self.s[AT_COLOR]

    def leading(self):
        return self.s[AT_LEAD]

    def discard_top(self):
        return self.s[AT_DISC + self.s[AT_XLEN] - 1]

    def discard_count(self):
        return self.s[AT_XLEN]

    def discard_card(self, i):
        """The i-th card of the discard pile, bottom first (public)."""
        return self.s[AT_DISC + i]

    def draw_count(self):
        return self.s[AT_DLEN]

    def pending(self):
        return self.s[AT_PEND]

    def plus3_by(self):
        v = self.s[AT_P3BY]
        return -1 if v == UNSET else v

    def run_color(self):
        v = self.s[AT_RUNC]
        return -1 if v == UNSET else v

    def run_open(self):
        return self.s[AT_RUNOPEN] == 1

    def tournament(self):
        return self.s[AT_TOUR] == 1

    def stage(self, seat):
        return self.s[AT_STAGE + seat]

    def hand_size(self, seat):
        return self.s[AT_HSIZE + seat]

    def hand_count(self, seat, t):
        return self.s[AT_HAND + seat * NTYPES + t]

    def hand(self, seat, buf):
        """Write the seat's cards (types, sorted) into buf; return how many."""
        s = self.s
        base = AT_HAND + seat * NTYPES
        n = 0
        for t in range(NTYPES):
            for _ in range(s[base + t]):
                buf[n] = t
                n += 1
        return n

    def declared(self):
        return self.s[AT_DECL] == 1

    def winner(self):
        v = self.s[AT_WIN]
        return -1 if v == UNSET else v

    def over(self):
        return self.s[AT_PHASE] == P_OVER

    def event(self, k, field):
        """Field 0 (code), 1 (a) or 2 (b) of event number k."""
        return self.ev[(k % EV_CAP) * 3 + field]

    # ------------------------------------------------------ card moves
    def _next(self, seat, k):
        return (seat + (-k if self.s[AT_DIR] else k)) % self.s[AT_N]

    def _give(self, seat, t):
        s = self.s
        s[AT_HAND + seat * NTYPES + t] += 1
        s[AT_HSIZE + seat] += 1

    def _take(self, seat, t):
        s = self.s
        s[AT_HAND + seat * NTYPES + t] -= 1
        s[AT_HSIZE + seat] -= 1
        s[AT_MOVED] = 1

    def _discard(self, t, transparent):
        """Put t on the discard pile; it leads unless transparent (R3.1)."""
        s = self.s
        x = s[AT_XLEN]
        s[AT_DISC + x] = t
        if not transparent:
            s[AT_LEADPOS] = x
            s[AT_LEAD] = t
        s[AT_XLEN] = x + 1

    def _pop(self):
        s = self.s
        n = s[AT_DLEN] - 1
        s[AT_DLEN] = n
        t = s[AT_DRAW + n]
        s[AT_DRAW + n] = 0  # unused slots stay 0: a state has one byte form
        return t

    def _draw(self, seat, n):
        """Seat draws up to n cards, reshuffling when the pile runs out (R4.3)."""
        s = self.s
        got = 0
        while got < n:
            if s[AT_DLEN] == 0:
                self._reshuffle()
                if s[AT_DLEN] == 0:
                    break
            self._give(seat, self._pop())
            got += 1
        if got:
            s[AT_MOVED] = 1
            if seat == s[AT_CUR]:
                s[AT_OWE] = 0  # R5.3: a draw clears a debt
            self._ev(EV_DRAW, seat, got)
        if got < n:
            self._ev(EV_NODRAW, seat, n - got)
        return got

    def _reshuffle(self):
        """The discard pile but its top (and the leading card) becomes the draw pile."""
        s = self.s
        x = s[AT_XLEN]
        top = x - 1
        lp = s[AT_LEADPOS]
        n = 0
        for i in range(top):
            if i != lp:
                s[AT_DRAW + n] = s[AT_DISC + i]
                n += 1
        if n == 0:
            return
        if lp != top:  # a transparent break is on top: keep lead, then top
            s[AT_DISC] = s[AT_DISC + lp]
            s[AT_DISC + 1] = s[AT_DISC + top]
            s[AT_LEADPOS] = 0
            s[AT_XLEN] = 2
        else:
            s[AT_DISC] = s[AT_DISC + top]
            s[AT_LEADPOS] = 0
            s[AT_XLEN] = 1
        for i in range(s[AT_XLEN], x):
            s[AT_DISC + i] = 0
        s[AT_DLEN] = n
        self._shuffle_draw()
        self._ev(EV_RESHUFFLE, 0, n)

    def _insert_draw(self, t, pos):
        s = self.s
        n = s[AT_DLEN]
        i = n
        while i > pos:
            s[AT_DRAW + i] = s[AT_DRAW + i - 1]
            i -= 1
        s[AT_DRAW + pos] = t
        s[AT_DLEN] = n + 1

    # ------------------------------------------------------- randomness
    def _get_rng(self):
        s = self.s
        return s[AT_RNG] | (s[AT_RNG + 1] << 8) | (s[AT_RNG + 2] << 16) | (s[AT_RNG + 3] << 24)

    def _set_rng(self, x):
        s = self.s
        s[AT_RNG] = x & 0xFF
        s[AT_RNG + 1] = (x >> 8) & 0xFF
        s[AT_RNG + 2] = (x >> 16) & 0xFF
        s[AT_RNG + 3] = x >> 24

    def _rand(self, n):
        """A number in 0..n-1 from the game's generator."""
        x = rng.step(self._get_rng())
        self._set_rng(x)
        return x % n

    def _shuffle_draw(self):
        """Fisher-Yates over the draw pile, with the game's generator."""
        s = self.s
        x = self._get_rng()
        i = s[AT_DLEN] - 1
        while i > 0:
            x = rng.step(x)
            j = x % (i + 1)
            a = AT_DRAW + i
            b = AT_DRAW + j
            s[a], s[b] = s[b], s[a]
            i -= 1
        self._set_rng(x)

    # ------------------------------------------------------------ misc
    def _lead_is_taki(self):
        t = self.s[AT_LEAD]
        return t == SUPERTAKI or (t < COLOR and SYMBOL_OF[t] == S_TAKI)

    def _ev(self, code, a, b):
        i = (self.ev_total % EV_CAP) * 3
        ev = self.ev
        ev[i] = code
        ev[i + 1] = a
        ev[i + 2] = b
        self.ev_total += 1
