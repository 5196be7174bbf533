"""Replay a recorded game through code.py under the ARM VM and note what
each loop pass did (sim.bench speed; never on a board).

    speed.py CODE SCHEDULE

MICROPYPATH holds this folder first (its `board`: takirender's display),
then the bundle, its lib/ and the other stand-ins of sim/vm/cpboard, whose
keypad and clock replay the schedule at the same loop passes as the
simulator (_vmhw). Markers for the counting plugin: "S" just before
code.py's first line, then "R", "A", "B" at each loop pass (board.py).

Per pass, between its "A" and "B" (outside the measured spans), the state
the host needs to tell a card play from a cursor move or a pass screen is
put into a preallocated array, written to the file passes.bin (working
directory) each BLOCK passes: nothing is allocated there, so collections
come where the game alone puts them. Each pass is COLS 32-bit ints:
    pass px key state cur hand_of_last_cur events human_cur hand_of_cur
key is the key this pass read (-1: none), state the app's state after it,
hand_of_last_cur the hand size, after this pass, of the seat that was
current before it, hand_of_cur that of the seat current after it.
At the end one GAME line, as drive.py prints.
"""

import array
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
import time  # noqa: F401 (the stand-in: its sleep moves the virtual clock)

COLS = 9
BLOCK = 64
ns = {"__name__": "__main__"}
rec = array.array("i", bytes(4 * COLS * BLOCK))
out = None
last = [-1, -1]  # the seat current after the last pass; the key the next pass reads


def _next_key():
    for k, pressed in _vmhw.queue:
        if pressed:
            return k
    return -1


def after(px):
    s = _vmhw.steps + 1  # this pass (the heartbeat below counts it)
    i = (s % BLOCK) * COLS
    rec[i] = s
    rec[i + 1] = px
    rec[i + 2] = last[1]
    app = ns.get("app")
    if app is not None:
        g = app.game
        rec[i + 3] = app.state
        cur = g.current()
        rec[i + 4] = cur
        rec[i + 5] = g.hand_size(last[0]) if last[0] >= 0 else -1
        rec[i + 6] = g.ev_total
        rec[i + 7] = 1 if app.settings.is_human(cur) else 0
        rec[i + 8] = g.hand_size(cur)
        last[0] = cur
    if s % BLOCK == BLOCK - 1 or s == _vmhw._end:
        out.write(memoryview(rec)[:i + COLS] if s == _vmhw._end else rec)
    _vmhw.heartbeat()  # queues the keys of the next pass (or ends the replay)
    last[1] = _next_key()


def game(code_py, path):
    global out
    out = open("passes.bin", "wb")
    _vmhw.measure = False  # no collection per pass: it would be timed
    _vmhw.schedule(path)
    last[1] = _next_key()
    board.after = after
    with open(code_py) as f:
        code = compile(f.read(), "code.py", "exec")
    gc.collect()
    sys.stderr.write("S\n")
    try:
        exec(code, ns)
    except _vmhw.Done:
        pass
    out.close()
    app = ns["app"]
    g = app.game
    sizes = ",".join(str(g.hand_size(s)) for s in range(g.players))
    print("GAME steps=%d over=%d winner=%d events=%d clock=%d sleeps=%d slept=%d hands=%s"
          % (_vmhw.steps, g.over(), g.winner(), g.ev_total, _vmhw.clock, _vmhw.sleeps,
             _vmhw.slept, sizes))


if __name__ == "__main__":
    game(sys.argv[1], sys.argv[2])
