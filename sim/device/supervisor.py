"""Stand-in for CircuitPython's `supervisor`: ticks_ms from the simulated clock;
reload() ends code.py, and sim.__main__ starts it again."""

import _simhw


def ticks_ms():
    return _simhw.ticks_ms()


def reload():
    raise _simhw.Reload()
