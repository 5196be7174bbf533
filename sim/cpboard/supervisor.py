"""Stand-in for `supervisor` under CircuitPython's VM: the virtual clock."""

import _vmhw


def ticks_ms():
    return _vmhw.clock & 0x1FFFFFFF
