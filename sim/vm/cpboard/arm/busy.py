"""Replay a recorded game through code.py under the ARM VM, for the share of
its time the CPU is busy (sim.bench device's busy_pct; never on a board).

    busy.py CODE SCHEDULE

MICROPYPATH as for speed.py (this folder first: its `board`, whose display
refreshes through takirender). Three markers only: "S" just before
code.py's first line, "W" at the end of the second loop pass after the last
key was pressed (from there on the game runs or waits by itself) and "E"
when the replay stops; the refreshes here send no marker and collect no
heap figure. At the end one GAME line as drive.py prints, with px= the
pixels the refreshes sent and wclock= the virtual clock at "W".
"""

import gc
import sys

import _vmhw
import adafruit_pixelbuf  # noqa: F401 (loaded before code.py, as drive.py does)
import analogio  # noqa: F401
import audiocore  # noqa: F401
import audioio  # noqa: F401
import board
import digitalio  # noqa: F401
import keypad  # noqa: F401
import microcontroller  # noqa: F401
import neopixel_write  # noqa: F401
import supervisor  # noqa: F401
import takirender
import time  # noqa: F401 (the stand-in: its sleep moves the virtual clock)


_after = [0, 0]  # passes since the last key was queued; the clock at "W"


def _refresh(self, target_frames_per_second=None, minimum_frames_per_second=0):
    takirender.refresh()
    if _vmhw._at < 0:
        _after[0] += 1
        if _after[0] == 3:
            sys.stderr.write("W\n")
            _after[1] = _vmhw.clock
    _vmhw.heartbeat()
    return True


def game(code_py, path):
    _vmhw.measure = False  # no collection per pass: it would be counted
    _vmhw.schedule(path)
    board._Display.refresh = _refresh  # no markers per pass
    ns = {"__name__": "__main__"}
    with open(code_py) as f:
        code = compile(f.read(), "code.py", "exec")
    gc.collect()
    sys.stderr.write("S\n")
    try:
        exec(code, ns)
    except _vmhw.Done:
        pass
    sys.stderr.write("E\n")
    app = ns["app"]
    g = app.game
    sizes = ",".join(str(g.hand_size(s)) for s in range(g.players))
    print("GAME steps=%d over=%d winner=%d events=%d clock=%d sleeps=%d slept=%d px=%d "
          "wclock=%d hands=%s"
          % (_vmhw.steps, g.over(), g.winner(), g.ev_total, _vmhw.clock, _vmhw.sleeps,
             _vmhw.slept, takirender.stat(0), _after[1], sizes))


game(sys.argv[1], sys.argv[2])
