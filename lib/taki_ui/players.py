"""Computer players: the app's one call for a computer seat's move.

The decisions are taki_core.bots' (level 1 easy .. 3 hard, as the setup
stores it per seat). One Bots object serves every computer seat; it reads
the table as it is (own hand, discard pile, sizes), so it needs no history.
The bots' code is loaded at the first computer move: a table of people
only never pays its heap.
"""

from micropython import const
from taki_core import rng

from taki_ui.unload import forget

NO_MOVE = const(-1)  # = taki_core.bots.NO_MOVE (a test keeps them equal)


class Computer:
    def __init__(self):
        self.bots = None
        self._x = rng.seed_state(1)

    # The bots' generator state, saved with the game so a resumed game
    # plays on exactly as it would have.
    @property
    def x(self):
        return self.bots.x if self.bots is not None else self._x

    @x.setter
    def x(self, value):
        if self.bots is not None:
            self.bots.x = value
        self._x = value

    def seed(self, seed):
        self.x = rng.seed_state(seed)

    def move(self, game, seat, level):
        """The move for `seat`, or NO_MOVE. `seat` is the seat to act, or
        (during an active +3) another seat that may break it out of turn."""
        return self.brain().choose(game, seat, level)

    def brain(self):
        """The Bots (made at the first computer move or hint)."""
        if self.bots is None:
            from taki_core.bots import Bots

            self.bots = Bots(1)
            self.bots.x = self._x
        return self.bots

    def unload(self):
        """Let the bots' code go (a screen that needs the room, the Records);
        the next move or hint loads it again, on the same generator state."""
        if self.bots is not None:
            self._x = self.bots.x
            self.bots = None
            forget("taki_core.bots")
            forget("taki_core.finish")  # (the bots' import: its module stays otherwise)
            forget("taki_core.hints")  # (a hint's)
