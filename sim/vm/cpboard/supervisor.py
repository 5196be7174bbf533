"""Stand-in for `supervisor` under CircuitPython's VM: the virtual clock;
reload() ends the run (the test starts code.py again)."""

import _vmhw


def ticks_ms():
    return _vmhw.clock & 0x1FFFFFFF


def reload():
    raise _vmhw.Reload()
