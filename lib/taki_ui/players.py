"""Computer players: one call picks a seat's move.

When taki_core.bots exists, its `choose(game, seat, level)` decides (level
1 easy .. 3 hard, as stored by the setup). Until then a computer plays a
random legal card when it has one, else draws / closes / ends at random,
and declares "last card" with the card that leaves it one. The random
numbers come from the core's own PRNG, so a seed replays a whole game.
"""

from taki_core import rng
from taki_core.game import F_LAST, M_BREAK, M_DRAW, M_LAST, NMOVES, P_PLUS3

try:
    from taki_core import bots
except ImportError:
    bots = None

NO_MOVE = -1


class Computer:
    def __init__(self):
        self.buf = bytearray(NMOVES)
        self.x = rng.seed_state(1)

    def seed(self, seed):
        self.x = rng.seed_state(seed)

    def _rand(self, n):
        self.x = rng.step(self.x)
        return self.x % n

    def move(self, game, seat, level):
        """The move for `seat`, or NO_MOVE. `seat` is the seat to act, or
        (during an active +3) another seat that may break it out of turn."""
        if bots is not None:
            return bots.choose(game, seat, level)
        if seat != game.current():
            return self._break(game, seat)
        buf = self.buf
        n = game.legal_moves(buf)
        cards = 0  # card plays first in buf, the rest after them
        rest = 0
        for i in range(n):
            m = buf[i]
            if m == M_LAST or m >= M_BREAK:
                continue
            if m < M_DRAW:
                buf[cards] = m
                cards += 1
            else:
                # keep the non-card moves at the end, past the cards
                buf[NMOVES - 1 - rest] = m
                rest += 1
        if cards and (game.phase() != P_PLUS3 or self._rand(4)):
            m = buf[self._rand(cards)]
        elif rest:
            m = buf[NMOVES - 1 - self._rand(rest)]
        else:
            return NO_MOVE
        if m < M_DRAW and game.hand_size(seat) == 2:
            m |= F_LAST
        return m

    def _break(self, game, seat):
        m = M_BREAK + seat
        if game.check(m) != 0 or self._rand(2):
            return NO_MOVE
        if game.hand_size(seat) == 2:
            m |= F_LAST
        return m
