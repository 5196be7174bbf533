"""Computer players: the app's one call for a computer seat's move.

The decisions are taki_core.bots' (level 1 easy .. 3 hard, as the setup
stores it per seat). One Bots object serves every computer seat; it reads
the table as it is (own hand, discard pile, sizes), so it needs no history.
"""

from taki_core.bots import NO_MOVE, Bots  # noqa: F401 (NO_MOVE for the app)


class Computer:
    def __init__(self):
        self.bots = Bots(1)

    # The bots' generator state, saved with the game so a resumed game
    # plays on exactly as it would have.
    @property
    def x(self):
        return self.bots.x

    @x.setter
    def x(self, value):
        self.bots.x = value

    def seed(self, seed):
        self.bots.seed(seed)

    def move(self, game, seat, level):
        """The move for `seat`, or NO_MOVE. `seat` is the seat to act, or
        (during an active +3) another seat that may break it out of turn."""
        return self.bots.choose(game, seat, level)
