"""``python -m sim.bench core``: the rules engine's speed and memory figures.

- CPython turns/s: random legal play at a 4-player table (a "turn" is one
  applied move, the unit a random agent loop steps by);
- MicroPython bytes allocated per turn, with the heap locked around every
  turn (any allocation would raise MemoryError; the figure is the growth of
  gc.mem_alloc());
- MicroPython heap held by the imported core plus a 10-player game, with the
  core compiled by MicroPython's mpy-cross as it would ship (and, for
  reference, imported from .py source);
- MicroPython instructions (wasm fuel) per turn.

``--compare-uno`` adds the same random-agent loop over RLCard's pure-Python
UNO engine, if ``rlcard`` is installed (``pip install rlcard==1.2.0``).
"""

import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

from taki_core.game import NMOVES, Game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Plays seeded games in the guest with the heap locked around every turn.
# The agent prefers card plays (pure random play drags tournaments on) and
# draws its choices from the core's own small-int generator.
GUEST_GAMES = """
import gc, micropython, time
from taki_core.game import Game, NMOVES, M_DRAW, M_BREAK, F_LAST
from taki_core import rng

def play(games, seed):
    # Locals only: assigning a new global would grow the module dict.
    g = Game()
    buf = bytearray(NMOVES)
    x = rng.seed_state(seed)
    turns = 0
    alloc = 0
    asked = 0
    fuel = 0
    for gi in range(games):
        x = rng.step(x)
        tour = gi % 6 == 5
        players = 2 + x % 3 if tour else 2 + x % 9
        g.reset(players, gi + seed, gi % players, tour)
        while not g.over():
            total = micropython.mem_total()
            held = gc.mem_alloc()
            t0 = time.ticks_us()
            micropython.heap_lock()
            n = g.legal_moves(buf)
            x = rng.step(x)
            k = 0
            for i in range(n):
                if buf[i] < M_DRAW or buf[i] >= M_BREAK:
                    k += 1
            m = buf[x % n]
            if k and x % 10:
                k = x % k
                for i in range(n):
                    if buf[i] < M_DRAW or buf[i] >= M_BREAK:
                        if k == 0:
                            m = buf[i]
                            break
                        k -= 1
            if x & 64:
                m |= F_LAST
            err = g.apply(m)
            micropython.heap_unlock()
            d = time.ticks_diff(time.ticks_us(), t0)
            alloc += gc.mem_alloc() - held
            asked += micropython.mem_total() - total
            fuel += d  # may outgrow a small int: outside the measured span
            if err:
                print("refused", gi, m, err)
            turns += 1
    print("games", games, "turns", turns, "alloc_bytes", alloc, "fuel", fuel, "asked", asked)

play({games}, {seed})
"""

# Heap held after importing the core and dealing a 10-player game.
GUEST_HEAP = """
import gc
gc.collect()
a0 = gc.mem_alloc()
from taki_core.game import Game
from taki_core import save
from taki_core import rng
g = Game()
g.reset(10, 7, 0, True)
buf = bytearray(76)
x = 5
for i in range(300):  # play on inside the small heap
    x = rng.step(x)
    n = g.legal_moves(buf)
    if n:
        g.apply(buf[x % n])
gc.collect()
print("heap", gc.mem_alloc() - a0, "free", gc.mem_free())
"""


def mpy_compiled_core(dest):
    """taki_core compiled to .mpy by MicroPython's mpy-cross, in dest/taki_core."""
    exe = shutil.which("mpy-cross") or os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    out = os.path.join(dest, "taki_core")
    os.makedirs(out, exist_ok=True)
    src = os.path.join(ROOT, "taki_core")
    for name in sorted(os.listdir(src)):
        if name.endswith(".py"):
            subprocess.run([exe, "-o", os.path.join(out, name[:-3] + ".mpy"),
                            os.path.join(src, name)], check=True)
    return out


def guest_games(games, seed=1):
    """Run GUEST_GAMES in MicroPython; return its figures as a dict."""
    from sim import mpy
    res = mpy.run(GUEST_GAMES.format(games=games, seed=seed), fuel=10**13)
    res.check()
    m = re.search(r"games (\d+) turns (\d+) alloc_bytes (-?\d+) fuel (\d+) asked (\d+)",
                  res.stdout)
    if not m or "refused" in res.stdout:
        raise RuntimeError(res.stdout[-2000:])
    keys = ("games", "turns", "alloc_bytes", "fuel", "frame_asks")
    return dict(zip(keys, map(int, m.groups())))


def guest_heap(heap_bytes=64 * 1024, compiled=True):
    """Heap bytes held by the core and a 10-player game (in a heap of heap_bytes)."""
    from sim import mpy
    with tempfile.TemporaryDirectory() as tmp:
        pkg = mpy_compiled_core(tmp) if compiled else "taki_core"
        res = mpy.run(GUEST_HEAP, packages=(pkg,), heap_bytes=heap_bytes)
    res.check()
    m = re.search(r"heap (\d+) free (\d+)", res.stdout)
    return int(m.group(1)), int(m.group(2))


def cpython_turns_per_s(seconds=3.0, players=4):
    g = Game()
    buf = bytearray(NMOVES)
    r = random.Random(0)
    turns = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g.reset(players, games)
        games += 1
        while not g.over():
            n = g.legal_moves(buf)
            g.apply(buf[r.randrange(n)])
            turns += 1
    return turns / (time.perf_counter() - start), games


def uno_turns_per_s(seconds=3.0, players=4):
    """RLCard's UNO under the same loop; None if rlcard is not installed."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    g = UnoGame(num_players=players)
    g.np_random = np.random.RandomState(0)
    r = random.Random(0)
    turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g.init_game()
        while not g.is_over():
            legal = g.get_legal_actions()
            g.step(legal[r.randrange(len(legal))])
            turns += 1
    return turns / (time.perf_counter() - start)


def main(argv):
    games = 50
    if "--games" in argv:
        games = int(argv[argv.index("--games") + 1])
    tps, played = cpython_turns_per_s()
    print("CPython random play, 4 players: %.0f turns/s (%d games)" % (tps, played))
    if "--compare-uno" in argv:
        uno = uno_turns_per_s()
        if uno is None:
            print("UNO comparison skipped: pip install rlcard==1.2.0")
        else:
            print("RLCard UNO, same loop: %.0f turns/s; TAKI core is %.2fx" % (uno, tps / uno))
    figures = guest_games(games)
    alloc = figures["alloc_bytes"] // figures["turns"]
    fuel = figures["fuel"] // figures["turns"]
    print("MicroPython: %(games)d games, %(turns)d turns with the heap locked" % figures)
    print("MicroPython: heap bytes allocated in all those turns: %(alloc_bytes)d" % figures)
    # The unix port first asks the heap for big call frames and, refused
    # under the lock, puts them on the C stack (CircuitPython uses its
    # pystack); mem_total() counts those asks, so report them apart.
    print("MicroPython: frame bytes asked of the locked heap and put on the stack: %d/turn"
          % (figures["frame_asks"] // figures["turns"]))
    print("MicroPython: fuel per turn (legal_moves + choice + apply): %d" % fuel)
    heap, free = guest_heap()
    print("MicroPython: core (.mpy) + 10-player game hold %d bytes; %d of a 64 KB heap free"
          % (heap, free))
    heap_src, _ = guest_heap(1024 * 1024, compiled=False)
    print("MicroPython: same from .py source holds %d bytes (compiling game.py needs ~67 KiB)"
          % heap_src)
    print("core: turns_per_s=%.0f alloc_per_turn=%d heap_bytes=%d fuel_per_turn=%d"
          % (tps, alloc, heap, fuel))
    return 0
