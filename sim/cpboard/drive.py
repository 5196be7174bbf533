"""Run code.py under CircuitPython's VM on the board stand-ins (tests and
benchmarks only).

    drive.py game CODE SCHEDULE  replay a recorded key schedule through the
                                 code.py at CODE; print the heap figures and
                                 how the game ended
    drive.py imports MOD...      import the modules one by one; print the live
                                 heap each one adds

MICROPYPATH holds the bundle, its lib/ and these stand-ins; the working
directory holds the board's nvm (nvm.bin).
"""

import gc
import sys

import _vmhw
import adafruit_pixelbuf  # noqa: F401 (the stand-ins sit in the base figure)
import analogio  # noqa: F401
import audiocore  # noqa: F401
import audioio  # noqa: F401
import board  # noqa: F401
import digitalio  # noqa: F401
import keypad  # noqa: F401
import microcontroller  # noqa: F401
import neopixel_write  # noqa: F401
import supervisor  # noqa: F401
import time  # noqa: F401 (the stand-in: its sleep moves the virtual clock)


def game(code_py, path):
    _vmhw.schedule(path)
    with open(code_py) as f:
        code = compile(f.read(), "code.py", "exec")
    ns = {"__name__": "__main__"}
    gc.collect()
    _vmhw.base = gc.mem_alloc()
    try:
        exec(code, ns)
    except _vmhw.Done:
        pass
    app = ns["app"]
    g = app.game
    sizes = ",".join(str(g.hand_size(s)) for s in range(g.players))
    print("GAME steps=%d base=%d peak=%d peak_step=%d over=%d winner=%d events=%d clock=%d "
          "sleeps=%d slept=%d hands=%s"
          % (_vmhw.steps, _vmhw.base, _vmhw.peak, _vmhw.peak_step, g.over(), g.winner(),
             g.ev_total, _vmhw.clock, _vmhw.sleeps, _vmhw.slept, sizes))


def imports(names):
    gc.collect()
    start = prev = gc.mem_alloc()
    for name in names:
        __import__(name)
        gc.collect()
        now = gc.mem_alloc()
        print("IMPORT %s %d" % (name, now - prev))
        prev = now
    print("IMPORTS %d" % (prev - start))


if sys.argv[1] == "game":
    game(sys.argv[2], sys.argv[3])
else:
    imports(sys.argv[2:])
