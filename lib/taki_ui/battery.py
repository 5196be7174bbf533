"""The battery: low when the LiPo is nearly empty (the app then saves and
shows a mark). On the PyBadge and the PyGamer, A6 reads half its voltage
(boards/: Board.battery_mv). A reading no LiPo gives means there is no
divider to read (a floating or grounded pin): no mark and no save for it,
for the rest of the power-on."""

from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from micropython import const

# A LiPo reads 4.2 V full, about 3.7 V at half and 3.6 V with about a tenth
# left, then falls fast; near 3.4 V the board's 3.3 V regulator drops out. So
# 3.6 V leaves minutes of play to save in and to find the charger.
LOW_MV = const(3600)
OK_MV = const(3750)  # back above this (charging): no longer low
# A LiPo is never below 2.5 V (its protection cuts off near 3.0 V) nor above
# 4.5 V (charged to 4.2 V); the board stops near 3.4 V anyway.
_NONE_BELOW_MV = const(2500)
_NONE_ABOVE_MV = const(4500)
_EVERY_MS = const(5000)
_READINGS = const(3)  # low this many times in a row: not a dip under a tone


class Battery:
    def __init__(self, board):
        self.board = board
        self.low = False
        self._at = ticks_ms()
        self._count = 0  # low readings in a row; -1: a reading showed there is no divider

    def check(self):
        """Read the battery now and then; True once, when it has just turned low."""
        now = ticks_ms()
        if self._count < 0 or ticks_diff(now, self._at) < 0:
            return False
        self._at = ticks_add(now, _EVERY_MS)
        mv = self.board.battery_mv()
        if mv < _NONE_BELOW_MV or mv > _NONE_ABOVE_MV:
            self._count = -1  # read no more
            self.low = False
            return False
        if self.low:
            if mv > OK_MV:
                self.low = False
            return False
        self._count = self._count + 1 if mv < LOW_MV else 0
        if self._count >= _READINGS:
            self.low = True
            self._count = 0
            return True
        return False
