"""Computer players (issue 4): easy, normal and hard, on the device's budget.

    from taki_core.bots import Bots, EASY, NORMAL, HARD, NO_MOVE
    bots = Bots(seed)                    # once: every buffer is made here
    bots.seed(deal_seed)                 # at each deal, for exact replays
    m = bots.choose(game, seat, level)   # then game.apply(m)

``choose`` answers two questions. For ``seat == game.current()`` it returns
that seat's move (never NO_MOVE while the game runs). For any other seat
during an active +3 (phase P_PLUS3) it answers "does this seat break the
+3 now?": ``M_BREAK + seat`` or NO_MOVE. A move that leaves the bot holding
one card carries F_LAST ("last card", R5.1).

Levels:

- EASY plays a random legal move of its own.
- NORMAL scores each legal move (``_value``): cards shed now, TAKI runs
  ended on their most useful action and closed, KING and +3 Breaker kept
  for defence, +2 stacked rather than drawing, colours it holds most of,
  STOP/+2 against a player about to win, a Breaker or KING against a +3.
- HARD first looks through its own turn for a way to empty its hand now
  (finish.py: KING after KING, a PLUS before the TAKI, a run closed on its
  PLUS, a KING against a +3 with the last card behind it). Otherwise it
  plays what simulated games against NORMAL showed to win more: a
  KING is the one last card that always wins, so it keeps it for the end
  (using it only with three cards or fewer, never just to cancel a +3); a
  SUPERTAKI with nothing to run is kept too; a Breaker can never be the
  winning card, so it sheds it rather than draw; it empties colours it
  holds one card of, prizes a run less and a lone TAKI more, keeps a +2
  until the next player is close to winning; and it counts the cards
  played (the discard pile is public): it leaves colours the others are
  short of, and holds its +3 while a Breaker is unaccounted for (a break
  would make it draw three) unless the other choice is drawing. A PLUS it
  cannot follow still beats drawing: it sheds one card and draws one.

A bot sees only what a player at the table sees: its own hand, the discard
pile, hand sizes and the public state. It never looks at the draw pile or
another hand, and uses ``legal_moves`` only for its own moves (the M_BREAK
entries of other seats are dropped). A decision allocates nothing (buffers
are made in __init__, scores are small ints) and is deterministic: ties are
broken with the bot's own taki_core.rng generator.
"""

from micropython import const

from taki_core import rng
from taki_core.cards import (
    BREAK, COLOR, COLOUR_OF, KING, NTYPES, PLUS3, S_DIR, S_PLUS, S_PLUS2,
    S_STOP, S_TAKI, SUPERTAKI, SYMBOL_OF,
)
from taki_core.finish import Finish
from taki_core.game import (
    F_LAST, M_ACCEPT, M_BREAK, M_CLOSE, M_COLOR, M_DRAW, M_END, M_LAST, NMOVES,
    P_KING, P_OVER, P_PLUS3, P_RUN, P_TURN,
)

EASY = const(1)
NORMAL = const(2)
HARD = const(3)
NO_MOVE = const(-1)

# Scores are in tenths of a card shed (small ints, no floats).
_CARD = const(10)
_WIN = const(1000)
_LONE = const(2)      # a TAKI alone: one card, but its run stays open for the next
_THREAT = const(20)   # stopping a player who is about to win
_RESERVE = const(16)  # NORMAL: a KING kept answers a +2 stack or a +3 later
_HOARD = const(100)   # HARD: a KING kept is a sure last card
_WILD = const(8)      # NORMAL: a COLOR or SUPERTAKI kept rescues a later turn
_SUPER = const(14)    # HARD: what a SUPERTAKI kept is worth
# HARD's other weights differ from NORMAL's where scoring every choice of
# HARD in ~7,600 sampled positions by 200 simulated continuations each
# showed better moves (and 100,000 games confirmed it): the README says how.
_H_EMPTY = const(4)        # a colour fewer to wait for
_H_RUN_CARD = const(6)     # a card shed in a run (NORMAL: a whole _CARD)
_H_LONE_SUPER = const(-6)  # a SUPERTAKI with nothing to run: kept for the end
_H_PLUS2_FAR = const(-1)   # a +2 kept while the next player is far from winning
_H_DIR_NEAR = const(4)     # turning away from a next player about to win
_H_PLUS3_THREAT = const(8)  # a +3 when someone is about to win (NORMAL: _THREAT)
_H_PLUS_ALONE = const(5)   # a PLUS nothing can follow (NORMAL: a whole _CARD)


class Bots:
    """The computer players of a table; one object serves every seat."""

    def __init__(self, seed=1):
        self.moves = bytearray(NMOVES)
        self.hand = bytearray(NTYPES)  # own hand, counts per card type
        self.ncol = bytearray(4)       # own coloured cards per colour
        self.ucol = bytearray(4)       # HARD: unseen cards per colour
        self.fins = bytearray(4)       # best action to end a run of each colour
        self.plain = [0, 0, 0, 0]      # worth of a plain card of each colour
        self.score = [0] * NMOVES      # score of each legal move
        self.x = rng.seed_state(seed)
        self.hard = False
        self.hs = 0        # own hand size
        self.n = 2         # players
        self.nsize = 0     # next player's hand size
        self.psize = 0     # previous player's (the next one after a DIR)
        self.minopp = 0    # smallest opponent hand
        self.breakers = 0  # HARD: +3 Breakers nobody has seen played
        self.colour = 0    # active colour
        self.openc = 255   # colour of a run left open for us, or 255
        self.fdone = 0     # bit c: fins[c] is computed for this decision
        self.finish = Finish(self.hand, self.ncol)  # HARD's look-ahead

    def seed(self, seed):
        """Restart the bots' own generator (a seed replays a whole game).
        ``x`` is the whole state between decisions: saving it with a game
        makes a resumed game play on exactly as it would have."""
        self.x = rng.seed_state(seed)

    def choose(self, game, seat, level):
        """The move of ``seat`` at ``level`` (see the module docstring)."""
        ph = game.phase()
        if ph == P_OVER:
            return NO_MOVE
        if seat != game.current():
            return self._break_in(game, seat, level)
        n = self._own_moves(game)
        if level == EASY:
            m = self.moves[self._rand(n)]
        else:
            self.hard = level == HARD
            if self.hard or ph != P_PLUS3:
                self._scan(game, seat)
            m = NO_MOVE
            if self.hard:  # first: a turn that empties the hand now
                m = self.finish.move(game, ph, self.hs, self.colour, self.openc)
                if m == COLOR:
                    m = M_COLOR + self._top_colour()
            if m == NO_MOVE:
                if ph == P_PLUS3:
                    m = self._plus3_answer(n)
                elif ph == P_RUN:
                    m = self._run_move(game)
                else:
                    m = self._best(game, n, ph)
        # "last card" goes with any card that leaves one (R5.1)
        if m < M_DRAW and game.hand_size(seat) == 2:
            m |= F_LAST
        return m

    def _break_in(self, game, seat, level):
        """Out of turn, the only move is breaking an active +3 (R9.5)."""
        m = M_BREAK + seat
        if game.check(m) != 0:
            return NO_MOVE
        if level == EASY and self._rand(2):
            return NO_MOVE
        # NORMAL and HARD always break: the Breaker is made for this; it
        # saves us three cards and costs the +3's player three.
        if game.hand_size(seat) == 2:
            m |= F_LAST
        return m

    def _own_moves(self, game):
        """Legal moves of the player to act, without other seats' breaks
        and without a bare "last card" (it goes with a move as F_LAST)."""
        buf = self.moves
        n = game.legal_moves(buf)
        k = 0
        for i in range(n):
            m = buf[i]
            if m != M_LAST and m < M_BREAK:
                buf[k] = m
                k += 1
        return k

    def _rand(self, n):
        self.x = rng.step(self.x)
        return self.x % n

    def _scan(self, game, seat):
        """Own hand and the table around this seat, into buffers and ints,
        and what a plain card of each colour is worth (the same for all)."""
        hand = self.hand
        ncol = self.ncol
        for c in range(4):
            ncol[c] = 0
        for t in range(NTYPES):
            k = game.hand_count(seat, t)
            hand[t] = k
            if k and t < COLOR:
                ncol[COLOUR_OF[t]] += k
        n = game.players
        d = game.direction()
        self.n = n
        self.hs = game.hand_size(seat)
        self.nsize = game.hand_size((seat + d) % n)
        self.psize = game.hand_size((seat - d) % n)
        low = 255
        for s in range(n):
            k = game.hand_size(s)
            if s != seat and k < low:
                low = k
        self.minopp = low
        self.colour = game.color()
        self.openc = game.run_color() if game.run_open() else 255
        self.fdone = 0
        ucol = self.ucol
        if self.hard:
            # Unseen = neither in our hand nor on the (public) discard pile.
            for c in range(4):
                ucol[c] = 26 - ncol[c]
            b = 2 - hand[BREAK]
            for i in range(game.discard_count()):
                t = game.discard_card(i)
                if t < COLOR:
                    ucol[COLOUR_OF[t]] -= 1
                elif t == BREAK:
                    b -= 1
            self.breakers = b
        plain = self.plain
        for c in range(4):
            left = ncol[c] - 1
            # keep the colour on what we hold most of
            if self.hard:
                v = _CARD + (left if left < 4 else 4)
                if left == 0:
                    v += _H_EMPTY
                # a colour whose cards are mostly played is hard to follow
                v += (14 - ucol[c]) // 2
            else:
                v = _CARD + 2 * (left if left < 4 else 4)
            plain[c] = v

    def _best(self, game, n, ph):
        """The highest-scoring move; ties go to the bot's own random draw."""
        buf = self.moves
        score = self.score
        top = -30000
        ties = 0
        for i in range(n):
            m = buf[i]
            if m == M_DRAW:
                v = -_CARD * game.pending()  # 0 without a +2 stack
            elif m >= M_DRAW:
                v = 0  # M_END after a KING: keep the cards
            elif m >= M_COLOR:
                v = self._color_value(m - M_COLOR)
            else:
                v = self._value(m, ph)
            score[i] = v
            if v > top:
                top = v
                ties = 1
            elif v == top:
                ties += 1
        k = self._rand(ties) if ties > 1 else 0
        for i in range(n):
            if score[i] == top:
                if k == 0:
                    return buf[i]
                k -= 1
        return buf[0]

    # --------------------------------------------------------- the values
    def _value(self, t, ph):
        """What playing card type t now is worth (turn, PLUS or KING phase)."""
        hs = self.hs
        if t < COLOR:
            c = COLOUR_OF[t]
            sym = SYMBOL_OF[t]
            if hs == 1:
                # a last PLUS does not win (R6.2), but its forced draw
                # leaves one card, where drawing now would leave two
                return 5 if sym == S_PLUS else _WIN
            if sym == S_TAKI:
                if self.ncol[c] > 1:
                    return self._run(c, 0)
                # HARD: a lone TAKI is a card shed like any other
                return _CARD if self.hard else _LONE
            if c == self.openc and ph == P_TURN:
                return self._run(c, 0)  # continues the open run (R8.6)
            if sym < S_PLUS2:
                return self.plain[c]
            if sym == S_PLUS:
                if self._follow(t, 0):
                    return self.plain[c] + _CARD
                if self.hard:  # shed one, draw one: still better than drawing
                    # (the PLUS is its colour's only card: plain[c] >= 8)
                    return self.plain[c] - _H_PLUS_ALONE
                return self.plain[c] - _CARD
            return self.plain[c] + self._fin(t)
        if t == BREAK:
            # Own turn: shed one, draw three (R9.4). HARD sheds it rather
            # than draw: a Breaker can never be the card that wins.
            return 5 if self.hard else -2 * _CARD
        if hs == 1:
            return _WIN
        if t == SUPERTAKI:
            a = self.colour
            if self.ncol[a]:
                return self._run(a, 1) - (_SUPER if self.hard else _WILD)
            return _H_LONE_SUPER if self.hard else _LONE
        if t == KING:
            if ph == P_KING:  # a KING on a KING: only worth its free card
                return _CARD
            keep = _HOARD if self.hard and hs > 3 else _RESERVE
            return _CARD - keep + self._best_free()
        # PLUS3: every other player draws three, unless one breaks it
        v = 2 * _CARD
        if self.hard:
            if self.minopp <= 2:
                v += _H_PLUS3_THREAT
            if self.breakers:  # then only rather than drawing
                v -= 2 * _CARD - 1
        elif self.minopp <= 2:
            v += _THREAT
        return v

    def _color_value(self, c):
        if self.hs == 1:
            return _WIN
        if self.hard:
            return self.ncol[c]  # kept unless stuck: drawing scores 0
        return _CARD - _WILD + 2 * self.ncol[c]

    def _fin(self, t):
        """Worth of coloured card t's action when it acts (alone, or closing a run)."""
        sym = SYMBOL_OF[t]
        near = self.nsize <= 2
        if sym == S_STOP:
            if self.n == 2:
                return _CARD  # we play again
            return _THREAT if near else 4
        if sym == S_PLUS2:
            if near:
                return _THREAT
            return _H_PLUS2_FAR if self.hard else 5
        if sym == S_DIR:
            if self.n > 2 and near and self.psize > 2:
                return _H_DIR_NEAR if self.hard else 12
            return 0
        if sym == S_PLUS:
            return 8 if self._follow(t, 1) else -_CARD
        return 0

    def _follow(self, t, inrun):
        """After PLUS t, could we play another card? After a run its colour is spent."""
        hand = self.hand
        c = COLOUR_OF[t]
        if not inrun and self.ncol[c] > 1:
            return True
        for k in range(4):
            if k != c and hand[k * 13 + S_PLUS]:
                return True
        return hand[COLOR] or hand[SUPERTAKI] or hand[KING] or hand[PLUS3]

    def _run(self, c, extra):
        """Worth of a run in colour c shedding every c card we hold (plus
        ``extra`` cards not counted in c, e.g. the SUPERTAKI that starts it)."""
        hand = self.hand
        k = self.ncol[c]
        if k + hand[SUPERTAKI] + (1 if hand[COLOR] else 0) >= self.hs:
            return _WIN  # the run empties the hand (see _run_move)
        fins = self.fins
        if not self.fdone & (1 << c):  # the best last card, once per decision
            self.fdone |= 1 << c
            best = 0
            for t in range(c * 13 + S_PLUS2, c * 13 + S_TAKI):
                if hand[t]:
                    f = self._fin(t)
                    if f > best:
                        best = f
            fins[c] = best
        return (_H_RUN_CARD if self.hard else _CARD) * (k + extra) + fins[c]

    def _best_free(self):
        """Best card to play after a KING (any card, no matching), or 0 to end."""
        hand = self.hand
        plain = self.plain
        hand[KING] -= 1
        self.hs -= 1
        last = self.hs == 1  # KING and one more card: maybe a win
        best = 0
        for t in range(NTYPES):
            if hand[t]:  # a second KING too (its own free card)
                if t < COLOR and SYMBOL_OF[t] < S_PLUS2 and not last:
                    v = plain[COLOUR_OF[t]]  # a number: its colour decides
                elif t == COLOR:
                    v = self._color_value(self._top_colour())
                else:
                    v = self._value(t, P_KING)
                if v > best:
                    best = v
        hand[KING] += 1
        self.hs += 1
        return best

    def _top_colour(self):
        ncol = self.ncol
        best = 0
        for c in range(1, 4):
            if ncol[c] > ncol[best]:
                best = c
        return best

    # ---------------------------------------------------- phases of their own
    def _run_move(self, game):
        """Inside our run: shed the run's colour, the best action last, then close."""
        hand = self.hand
        c = game.run_color()
        k = self.ncol[c]
        base = c * 13
        if k + hand[SUPERTAKI] + (1 if hand[COLOR] else 0) >= self.hs:
            # everything goes: a PLUS first (it would not win last, R12.1),
            # then the rest, SUPERTAKI, and COLOR as the very last card
            if hand[base + S_PLUS]:
                return base + S_PLUS
            for sym in range(13):
                if hand[base + sym]:
                    return base + sym
            if hand[SUPERTAKI]:
                return SUPERTAKI
            if hand[COLOR]:
                return M_COLOR + c
        if k:  # (a card of colour c is held: the loop below sets pick)
            low = 30000
            for sym in range(13):
                if hand[base + sym]:
                    f = self._fin(base + sym)
                    if f < low:
                        low = f
                        pick = base + sym
            # the best action goes last; a PLUS we could not follow stays home
            if k > 1 or low >= 0 or game.check(M_CLOSE) != 0:
                return pick
        # closed, the last card acts and the next player cannot run on
        return M_CLOSE if game.check(M_CLOSE) == 0 else M_END

    def _plus3_answer(self, n):
        """Our answer to a +3 aimed at us: Breaker, else KING (NORMAL), else
        accept. HARD keeps its KING, a sure last card: everyone but the +3's
        player draws three, so the other two opponents lose no ground."""
        buf = self.moves
        best = M_ACCEPT
        for i in range(n):
            m = buf[i]
            if m == BREAK:
                return BREAK
            if m == KING and not self.hard:
                best = KING
        return best
