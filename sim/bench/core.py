"""``python -m sim.bench core``: the rules engine's speed and memory figures.

- CPython turns/s: random legal play at a 4-player table (a "turn" is one
  applied move, the unit a random agent loop steps by);
- CircuitPython 10 (its own VM, sim.vm.cpvm): bytes asked of the heap per
  turn, with the heap locked around every turn (any allocation would raise
  MemoryError: the figure is micropython.mem_total()'s growth, which also
  counts requests the lock refused, and gc.mem_alloc() must not move);
- CircuitPython heap held by the core (.mpy, as it ships) and a 10-player
  game, in a 64 KB heap.

``--compare-uno`` adds the same random-agent loop over RLCard's pure-Python
UNO engine, if ``rlcard`` is installed (``pip install rlcard==1.2.0``).
"""

import random
import re
import sys
import time

from taki_core.game import NMOVES, Game

# Plays seeded games in the VM with the heap locked around every turn. The
# agent prefers card plays (pure random play drags tournaments on) and draws
# its choices from the core's own small-int generator. Every 6th game is a
# tournament (stage refills), the others have 2..10 players.
GUEST_GAMES = """
import gc, micropython
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
    most = 0
    for gi in range(games):
        x = rng.step(x)
        tour = gi % 6 == 5
        players = 2 + x % 3 if tour else 2 + x % 9
        most = max(most, players)
        g.reset(players, gi + seed, gi % players, tour)
        while not g.over():
            total = micropython.mem_total()
            held = gc.mem_alloc()
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
            asked += micropython.mem_total() - total
            alloc += gc.mem_alloc() - held
            if err:
                print("refused", gi, m, err)
            turns += 1
    print("games", games, "turns", turns, "alloc_bytes", alloc, "asked", asked, "most", most)

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


def guest_games(games, seed=1):
    """Run GUEST_GAMES in CircuitPython's VM; return its figures as a dict."""
    from sim.vm import cpvm

    out = cpvm.guest(GUEST_GAMES.format(games=games, seed=seed))
    m = re.search(r"games (\d+) turns (\d+) alloc_bytes (-?\d+) asked (\d+) most (\d+)", out)
    if not m or "refused" in out:
        raise RuntimeError(out[-2000:])
    keys = ("games", "turns", "alloc_bytes", "asked_bytes", "most_players")
    return dict(zip(keys, map(int, m.groups())))


def guest_heap(heap="64K", mpy=True):
    """(heap bytes held by the core and a 10-player game, bytes free), in
    CircuitPython's VM with a heap of `heap`."""
    from sim.vm import cpvm

    out = cpvm.guest(GUEST_HEAP, heap=heap, mpy=mpy)
    m = re.search(r"heap (\d+) free (\d+)", out)
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
    asked = figures["asked_bytes"] // figures["turns"]
    print("CircuitPython: %(games)d games (up to %(most_players)d players, tournaments too), "
          "%(turns)d turns with the heap locked" % figures)
    print("CircuitPython: bytes asked of the heap in all those turns: %(asked_bytes)d; "
          "heap growth: %(alloc_bytes)d" % figures)
    heap, free = guest_heap()
    print("CircuitPython: core (.mpy) + 10-player game hold %d bytes; %d of a 64 KB heap free"
          % (heap, free))
    print("core: turns_per_s=%.0f alloc_per_turn=%d heap_bytes=%d" % (tps, asked, heap))
    return 0
