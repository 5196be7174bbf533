"""Adafruit PyGamer: 4 buttons on a shift register plus an analog joystick.

The joystick is turned into the same LEFT/RIGHT/UP/DOWN presses as the
PyBadge's buttons: a press when the stick leaves the dead band, then
auto-repeat while it is held.
"""

import analogio
import board
from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from micropython import const

from boards import K_DOWN, K_LEFT, K_RIGHT, K_UP, NO_KEY, pybadge
from boards.pybadge import REPEAT_DELAY, REPEAT_EVERY

_LOW = const(16000)  # stick readings below / above these are a direction
_HIGH = const(49000)
# Hysteresis: a direction held is let go only once the stick is this much
# back inside the threshold, so a stick resting on it (jitter) makes one
# press, not one per wobble.
_LET_GO = const(4000)


class Board(pybadge.Board):
    """The PyBadge's board, with 4 buttons and the joystick for the arrows."""

    name = "pygamer"

    def __init__(self):
        # B, A, START, SELECT: the same key numbers as on the PyBadge.
        super().__init__(key_count=4)
        self._jx = analogio.AnalogIn(board.JOYSTICK_X)
        self._jy = analogio.AnalogIn(board.JOYSTICK_Y)
        self._held = NO_KEY
        self._repeat_at = 0
        self._still = NO_KEY  # a direction let go of: no repeat until the stick moves

    def _stick(self):
        h = self._held
        d = _axis(self._jx.value, h, K_LEFT, K_RIGHT)
        return d if d != NO_KEY else _axis(self._jy.value, h, K_UP, K_DOWN)

    def key(self):
        """The next key press (a logical key number), or -1."""
        k = pybadge.Board.key(self)
        if k != NO_KEY:
            return k
        d = self._stick()
        now = ticks_ms()
        if d != self._held:
            self._held = d
            self._still = NO_KEY
            self._repeat_at = ticks_add(now, REPEAT_DELAY)
            return d
        if d != NO_KEY and d != self._still and ticks_diff(now, self._repeat_at) >= 0:
            self._repeat_at = ticks_add(now, REPEAT_EVERY)
            return d
        return NO_KEY

    def let_go(self):
        """Forget the held arrow, the stick's too: it repeats no more until
        the stick moves."""
        pybadge.Board.let_go(self)
        self._still = self._held

    def rest(self, ms):
        # the stick is read, not scanned: it wakes for its repeat, as buttons do
        if self._held != NO_KEY and self._held != self._still:
            d = ticks_diff(self._repeat_at, ticks_ms())
            if d < ms:
                ms = d
        pybadge.Board.rest(self, ms)


def _axis(v, held, low, high):
    """The direction one axis of the stick shows: `low` below _LOW, `high`
    above _HIGH, the one held let go only _LET_GO back inside; else NO_KEY."""
    if v < (_LOW + _LET_GO if held == low else _LOW):
        return low
    if v > (_HIGH - _LET_GO if held == high else _HIGH):
        return high
    return NO_KEY
