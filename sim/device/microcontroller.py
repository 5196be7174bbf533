"""Stand-in for CircuitPython's `microcontroller`: pins and a non-volatile memory."""

import _simhw


class Pin:
    """A named pin; the simulator only needs it to be an object with a name."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class _Cpu:
    frequency = 120_000_000
    temperature = 25.0


cpu = _Cpu()
watchdog = _simhw.watchdog
nvm = _simhw.nvm  # a bytearray; on the device it is flash that survives power-off


def reset():
    raise SystemExit("microcontroller.reset()")
