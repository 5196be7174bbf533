"""Replay a recorded game through code.py and check, after every refresh
that sent pixels, that the panel's frame equals a full redraw of the same
group tree (tests/test_frames.py; never on a board).

    frames.py CODE SCHEDULE [DIR]

Run by ../shared/circuitpython/bin/circuitpython-unix32-displayio-takirender
(no qemu needed) or the ARM VM, MICROPYPATH as for speed.py: this folder
first (its `board`: takirender's display, which calls `after` once per
refresh), then the bundle, its lib/ and sim/vm/cpboard's other stand-ins.
takirender.frame() is what the partial refreshes left on the panel,
takirender.full() the tree drawn from scratch (arm/README.md, "Frames"):
where they differ, something changed pixels without marking them dirty and
a PyBadge keeps the old ones there. One line per differing refresh:
    DIFF pass=N px=SENT pixels=DIFFERING box=X0,Y0,X1,Y1
and at the end CHECKED refreshes=N and the GAME line drive.py prints.
With DIR, each of those frames is also kept as DIR/<pass>.raw (RGB565), to
hold against the desktop simulator's picture of the same pass.
"""

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

W = 160
H = 128
ns = {"__name__": "__main__"}
frame = bytearray(W * H * 2)
full = bytearray(W * H * 2)
checked = [0]
keep = sys.argv[3] if len(sys.argv) > 3 else None


def _load(path, buf):
    with open(path, "rb") as f:
        f.readinto(buf)


def _report(px):
    n = 0
    x0, y0, x1, y1 = W, H, -1, -1
    for i in range(0, W * H * 2, 2):
        if frame[i] != full[i] or frame[i + 1] != full[i + 1]:
            n += 1
            x, y = (i // 2) % W, (i // 2) // W
            x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
    print("DIFF pass=%d px=%d pixels=%d box=%d,%d,%d,%d" % (_vmhw.steps + 1, px, n, x0, y0, x1, y1))


def after(px):
    if px:
        takirender.frame("frame.raw")
        takirender.full("full.raw")
        _load("frame.raw", frame)
        _load("full.raw", full)
        checked[0] += 1
        if frame != full:
            _report(px)
        if keep:
            with open("%s/%d.raw" % (keep, _vmhw.steps + 1), "wb") as f:
                f.write(frame)
    _vmhw.heartbeat()  # queues the keys of the next pass (or ends the replay)


def game(code_py, path):
    _vmhw.measure = False
    _vmhw.schedule(path)
    board.after = after
    with open(code_py) as f:
        code = compile(f.read(), "code.py", "exec")
    try:
        exec(code, ns)
    except _vmhw.Done:
        pass
    app = ns["app"]
    g = app.game
    sizes = ",".join(str(g.hand_size(s)) for s in range(g.players))
    print("CHECKED refreshes=%d" % checked[0])
    print("GAME steps=%d over=%d winner=%d events=%d clock=%d sleeps=%d slept=%d hands=%s"
          % (_vmhw.steps, g.over(), g.winner(), g.ev_total, _vmhw.clock, _vmhw.sleeps,
             _vmhw.slept, sizes))


game(sys.argv[1], sys.argv[2])
