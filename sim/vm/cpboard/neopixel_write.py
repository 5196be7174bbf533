"""Stand-in for the built-in `neopixel_write` under CircuitPython's VM."""

import _vmhw


def neopixel_write(pin, buf):
    _vmhw.pixels = bytes(buf)
