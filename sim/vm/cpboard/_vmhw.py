"""Shared state of the board stand-ins under CircuitPython's own VM (tests
and benchmarks only; never on a board).

The VM runs code.py unchanged. Its heartbeat is board.DISPLAY.refresh(),
which the app calls once per pass of its loop: there the heap is measured
(gc.collect, then gc.mem_alloc) and the keys of a recorded schedule are
fed, at the same loop pass the desktop simulator pressed them. The clock
is virtual and moves when the app sleeps (time.py's sleep: as long as asked,
at most POLL_MS), as in the simulator, so a replay is the same game, step
for step.
"""

import gc
import sys as _sys

POLL_MS = 20  # the app's longest sleep (taki_ui.app.POLL_MS)

clock = 0  # virtual milliseconds
steps = 0  # passes of the app's loop (display refreshes)
base = 0  # heap in use before code.py started (the stand-ins, this driver)
peak = 0  # the most heap in use after any step (gc.mem_alloc after gc.collect)
peak_step = 0
measure = True
queue = []  # (key number, pressed) waiting in the keypad's event queue
pixels = b""  # the last bytes neopixel_write sent
tones = 0  # notes started on the speaker
sleeps = 0  # the app's sleeps, and their ms in all
slept = 0

_sched = None
_at = -1  # loop pass after which the next key is pressed
_key = -1
_end = -1  # loop pass after which the run stops
done = False  # that pass is over: the next key read raises Done


class Done(BaseException):
    """The schedule is over: leaves code.py's endless loop (not an
    Exception: code.py's handler lets it by, as it lets Ctrl-C)."""


class Reload(BaseException):
    """supervisor.reload(): the run ends; the test starts code.py again on
    the same nvm.bin, as the board restarts its VM."""


class WatchDog:
    """microcontroller.watchdog: its settings, and the loop passes it was
    fed at (no timer runs: the virtual clock does not measure CPU time)."""

    def __init__(self):
        self.timeout = 0.0
        self.mode = None
        self.feeds = 0
        self.fed_at = -1  # the loop pass of the last feed
        self.gap = 0  # the most loop passes between two feeds

    def feed(self):
        if done:  # a screen that reads no keys (the crash screen before the
            raise Done()  # board is made) stops at its next pass too
        if self.mode is not None:
            self.feeds += 1
            if self.fed_at >= 0 and steps - self.fed_at > self.gap:
                self.gap = steps - self.fed_at
            self.fed_at = steps


watchdog = WatchDog()
on_step = None  # the driver's look at each pass (what the screen shows)
marks = False  # the ARM model: a marker at each pass's end (drive.py --marks)


def schedule(path):
    global _sched
    _sched = open(path)
    _next()


def _next():
    global _at, _key, _end
    _at = -1
    line = _sched.readline()
    if line:
        step, key = line.split()
        if key == "END":
            _end = int(step)
        else:
            _at = int(step)
            _key = int(key)


_after = 0  # gc.mem_alloc() right after the last collection


def heartbeat():
    global steps, peak, peak_step, _after, done
    if marks:
        _sys.stderr.write("p\n")  # one write, one marker (../shared/circuitpython/arm)
    steps += 1
    # A pass that allocated nothing cannot have raised the live heap: only
    # then is the collection skipped (it would find what the last one did).
    if measure and gc.mem_alloc() != _after:
        gc.collect()
        used = gc.mem_alloc()
        if used > peak:
            peak = used
            peak_step = steps
        _after = used
    while _at == steps:
        queue.append((_key, True))
        queue.append((_key, False))
        _next()
    if on_step is not None:
        on_step()
    if steps == _end:
        # the run stops when the next pass reads its keys: this pass ends
        # as in the simulator, its sleep included
        done = True
