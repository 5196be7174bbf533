"""Stand-in for CircuitPython's `analogio`: the PyGamer joystick axes."""

import _simhw


class AnalogIn:
    def __init__(self, pin):
        self._axis = 1 if pin.name.endswith("Y") else 0

    @property
    def value(self):
        return _simhw.joystick[self._axis]

    def deinit(self):
        pass
