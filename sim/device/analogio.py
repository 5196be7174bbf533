"""Stand-in for CircuitPython's `analogio`: the PyGamer joystick axes, and A6,
which on the PyBadge and the PyGamer reads half the battery's voltage."""

import _simhw

REFERENCE_MV = 3300


class AnalogIn:
    reference_voltage = 3.3

    def __init__(self, pin):
        self._pin = pin.name

    @property
    def value(self):
        if self._pin == "A6":  # a 1:2 divider on the LiPo, 16-bit reading of 0..3.3 V
            return min(65535, _simhw.battery_mv[0] * 65536 // (2 * REFERENCE_MV))
        return _simhw.joystick[1 if self._pin.endswith("Y") else 0]

    def deinit(self):
        pass
