"""Run code.py under CircuitPython's VM on the board stand-ins (tests and
benchmarks only).

    drive.py game CODE SCHEDULE [--watch TEXT]... [--crash-at N] [--no-terminalio]
                                 replay a recorded key schedule through the
                                 code.py at CODE; print the heap figures and
                                 how the game ended. --watch: the first loop
                                 pass a line of text shows TEXT (WATCH lines);
                                 --crash-at: the first Game.apply at or after
                                 loop pass N fills the heap (MemoryError, as
                                 a turn that runs out of memory); --no-terminalio:
                                 the firmware has no terminalio (ja/ko/ru);
                                 --marks: an ARM-model marker at each pass
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
import watchdog  # noqa: F401


def game(code_py, path, opts=()):
    _vmhw.schedule(path)
    with open(code_py) as f:
        code = compile(f.read(), "code.py", "exec")
    ns = {"__name__": "__main__"}
    watch = {}
    opts = list(opts)
    tools = None
    if opts:  # (loaded only then: the stand-ins' heap stays what it was)
        import _vmtools as tools
    while opts:
        o = opts.pop(0)
        if o == "--watch":
            watch[opts.pop(0)] = -1
        elif o == "--crash-at":
            tools.crash_at(int(opts.pop(0)))
        elif o == "--no-terminalio":
            tools.hide("terminalio")
        elif o == "--marks":  # spans for the ARM model: no heap measure in them
            _vmhw.marks = True
            _vmhw.measure = False
    if watch:
        _vmhw.on_step = lambda: tools.look(ns, watch)
    gc.collect()
    _vmhw.base = gc.mem_alloc()
    if _vmhw.marks:
        sys.stderr.write("start\n")
    end = "DONE"
    try:
        exec(code, ns)
    except _vmhw.Done:
        pass
    except _vmhw.Reload:
        end = "RELOAD"
    _vmhw.on_step = None
    print("END %s step=%d" % (end, _vmhw.steps))
    for t in watch:
        print("WATCH %d %s" % (watch[t], t))
    if tools is not None or ns.get("app") is None:  # the app is gone: room to look
        import _vmtools

        for row in _vmtools.screen():
            print("SCREEN %s" % row)
    dog = _vmhw.watchdog
    print("DOG mode=%s timeout=%d feeds=%d gap=%d" % (dog.mode, dog.timeout, dog.feeds, dog.gap))
    print("PIXELS %s" % " ".join("%02x" % b for b in _vmhw.pixels))
    app = ns.get("app")
    if app is None:
        return
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
    game(sys.argv[2], sys.argv[3], sys.argv[4:])
else:
    imports(sys.argv[2:])
