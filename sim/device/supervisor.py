"""Stand-in for CircuitPython's `supervisor`: ticks_ms from the simulated clock."""

import _simhw


def ticks_ms():
    return _simhw.ticks_ms()
