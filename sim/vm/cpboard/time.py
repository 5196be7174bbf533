"""Stand-in for `time` under CircuitPython's VM (on MICROPYPATH it replaces
the built-in, whose other functions it passes on): sleep() moves the virtual
clock as the desktop simulator's does (sim/device/_simhw.sleep), so that a
replay is the same game, step for step."""

import sys

import _vmhw

_me = sys.modules.pop("time")  # hide this half-loaded module ...
_path = sys.path[:]
sys.path.clear()  # ... and the file system, so that the built-in is found
try:
    import time as _t
finally:
    sys.path.extend(_path)
    sys.modules["time"] = _me
for _k in dir(_t):
    if not _k.startswith("__"):
        globals()[_k] = getattr(_t, _k)


def sleep(seconds):
    ms = int(seconds * 1000 + 0.5)  # CircuitPython's time.sleep rounds so
    _vmhw.sleeps += 1
    _vmhw.slept += ms
    _vmhw.clock += ms if ms < _vmhw.POLL_MS else _vmhw.POLL_MS
