"""Bot benchmark: win rates of the levels and their CPU cost per decision on the board.

    python -m sim.bench bots [--games N] [--cpu-games K] [--jobs J]

Win rates: N four-player games per match-up (the tested bot's seat rotates,
deal i uses seed i); a game still running after CAP moves counts as a loss
for the tested bot and is reported. 95% confidence intervals are Wilson
intervals. CPU: K games per level played under CircuitPython 10.2.1
compiled for the Cortex-M4 (sim/vm/armvm.py: qemu-arm counts the executed ARM
instructions between markers), every decision made under heap_lock, so an
allocating decision fails the run; "turn" is one random-play turn of the
core (legal_moves + apply) measured the same way. A decision's figure is
its instructions less those of an empty marked span.
"""

import math
import sys
from multiprocessing import Pool

from taki_core.bots import EASY, HARD, NORMAL, NO_MOVE, Bots
from taki_core.game import P_PLUS3, Game

CAP = 4000  # moves; bots finish a 4-player game in ~100
PLAYERS = 4
MATCHUPS = (("normal_vs_easy", NORMAL, EASY), ("hard_vs_normal", HARD, NORMAL),
            ("hard_vs_easy", HARD, EASY))


def play(game, bots, levels, seed, cap=CAP, tournament=False, first=0, on_move=None):
    """Play one game between bots; return the winner, or -1 if capped.

    ``levels[s]`` is seat s's level. During an active +3 every other seat is
    asked first whether it breaks (in turn order after the player to act),
    much as the app does. ``on_move(game, move)`` is called before each apply.
    Raises AssertionError on any refused move.
    """
    n = len(levels)
    game.reset(n, seed, first=first, tournament=tournament)
    bots.seed(seed)
    moves = 0
    while not game.over():
        if moves >= cap:
            return -1
        m = NO_MOVE
        cur = game.current()
        if game.phase() == P_PLUS3:
            for k in range(1, n):
                s = (cur + k * game.direction()) % n
                if s != game.plus3_by():
                    m = bots.choose(game, s, levels[s])
                    if m != NO_MOVE:
                        break
        if m == NO_MOVE:
            m = bots.choose(game, cur, levels[cur])
        if on_move is not None:
            on_move(game, m)
        err = game.apply(m)
        assert err == 0, "refused move %d (error %d) seed %d" % (m, err, seed)
        moves += 1
    return game.winner()


def _chunk(args):
    """Worker: (tested level, others' level, seeds) -> (wins, capped)."""
    hero, other, seeds = args
    game = Game()
    bots = Bots()
    wins = capped = 0
    for seed in seeds:
        seat = seed % PLAYERS
        levels = [other] * PLAYERS
        levels[seat] = hero
        w = play(game, bots, levels, seed)
        if w == seat:
            wins += 1
        elif w < 0:
            capped += 1
    return wins, capped


def wilson(k, n, z=1.96):
    """95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def win_rates(games, jobs=2):
    """{name: (wins, games, capped)} for each match-up."""
    out = {}
    step = max(1, games // (8 * jobs))
    with Pool(jobs) as pool:
        for name, hero, other in MATCHUPS:
            tasks = [(hero, other, range(i, min(games, i + step)))
                     for i in range(0, games, step)]
            wins = capped = 0
            for w, c in pool.map(_chunk, tasks):
                wins += w
                capped += c
            out[name] = (wins, games, capped)
    return out


# ------------------------------------------------- ARM instructions (the board's CPU)

# Guest script: plays games with one level at every seat, each decision
# (bots.choose) and each random-play core turn between two markers, under
# heap_lock. A span's marker names its kind: "1" "2" "3" a level's decision,
# "t" a core turn, "b" an empty span (the markers' and heap_lock's own cost);
# "e" ends it.
_GUEST = """
import gc, micropython, sys
from taki_core import rng
from taki_core.bots import Bots, NO_MOVE
from taki_core.game import Game, NMOVES, P_PLUS3

mark = sys.stderr.write
MARKS = ('b\\n', '1\\n', '2\\n', '3\\n')

def empty_spans(k):
    for _ in range(k):
        mark('b\\n')
        micropython.heap_lock()
        micropython.heap_unlock()
        mark('e\\n')

def marked_choose(bots, g, s, lvl):
    m0 = gc.mem_alloc()
    mark(MARKS[lvl])
    micropython.heap_lock()
    m = bots.choose(g, s, lvl)
    micropython.heap_unlock()
    mark('e\\n')
    if gc.mem_alloc() != m0:
        raise MemoryError('decision allocated')
    return m

def marked_turn(g, buf, x):
    mark('t\\n')
    micropython.heap_lock()
    n = g.legal_moves(buf)
    g.apply(buf[x % n])
    micropython.heap_unlock()
    mark('e\\n')

empty_spans(20)
g = Game()
bots = Bots(1)
for lvl in LEVELS:
    for seed in range(GAMES):
        g.reset(4, seed)
        bots.seed(seed)
        moves = 0
        while not g.over() and moves < 1500:
            m = NO_MOVE
            cur = g.current()
            if g.phase() == P_PLUS3:
                for k in range(1, 4):
                    s = (cur + k * g.direction()) % 4
                    if s != g.plus3_by():
                        m = marked_choose(bots, g, s, lvl)
                        if m != NO_MOVE:
                            break
            if m == NO_MOVE:
                m = marked_choose(bots, g, cur, lvl)
            if g.apply(m):
                raise ValueError('refused move')
            moves += 1
buf = bytearray(NMOVES)
x = rng.seed_state(7)
for seed in range(GAMES):
    g.reset(4, seed)
    moves = 0
    while not g.over() and moves < 300:
        x = rng.step(x)
        marked_turn(g, buf, x)
        moves += 1
print('done')
"""

CPI = 2.08  # ../shared/circuitpython/arm/README.md: pystone's modelled cycles per instruction (mid)
_KINDS = {"1": "easy", "2": "normal", "3": "hard", "t": "turn", "b": "empty"}


def _spans(script):
    """Run a guest script on the ARM VM: {kind: [instructions of each
    span]}, each less the median empty span."""
    import os
    import tempfile

    from sim.vm import armvm

    from sim import ROOT as root
    with tempfile.TemporaryDirectory(prefix="taki-bots-") as tmp:
        path = os.path.join(tmp, "bots.py")
        with open(path, "w") as f:
            f.write(script)
        run = armvm.run(path, heap="256K", path=(root,), cwd=tmp, timeout=3600)
    if run.rc or "done" not in run.out:
        raise RuntimeError("the ARM VM: exit %d\n%s" % (run.rc, run.out[-3000:]))
    spans = {}
    for i, name in enumerate(run.names[:-1]):
        if name in _KINDS:
            assert run.names[i + 1] == "e", (i, name, run.names[i + 1])
            spans.setdefault(_KINDS[name], []).append(run.span(i, i + 1)["insns"])
    base = sorted(spans.pop("empty"))
    empty = base[len(base) // 2]
    return {k: [n - empty for n in v] for k, v in spans.items()}


def cpu(games, levels=(1, 2, 3)):
    """{name: (decisions, median, worst, mean)} for the levels (easy, normal,
    hard) and 'turn', in Cortex-M4 instructions."""
    script = "LEVELS = %r\nGAMES = %d\n" % (tuple(levels), games) + _GUEST
    out = {}
    for name, v in _spans(script).items():
        v.sort()
        out[name] = (len(v), v[len(v) // 2], v[-1], sum(v) // len(v))
    return out


def decision(setup, seat=0, level=3):
    """ARM instructions of one decision b.choose(g, seat, level) made after
    `setup` (a guest snippet that makes Game g and Bots b), heap locked."""
    script = setup + """
import gc, micropython, sys
mark = sys.stderr.write
for _ in range(21):
    mark('b\\n')
    micropython.heap_lock()
    micropython.heap_unlock()
    mark('e\\n')
m0 = gc.mem_alloc()
mark('3\\n')
micropython.heap_lock()
b.choose(g, SEAT, LEVEL)
micropython.heap_unlock()
mark('e\\n')
if gc.mem_alloc() != m0:
    raise MemoryError('decision allocated')
print('done')
""".replace("SEAT", str(seat)).replace("LEVEL", str(level))
    return _spans(script)["hard"][0]


def _arg(argv, flag, default):
    if flag in argv:
        return int(argv[argv.index(flag) + 1])
    return default


def main(argv):
    games = _arg(argv, "--games", 2000)
    cpu_games = _arg(argv, "--cpu-games", 40)
    jobs = _arg(argv, "--jobs", 2)
    rates = win_rates(games, jobs)
    print("win rates, %d four-player games per match-up (parity 25%%; a game still"
          " running after %d moves counts as lost):" % (games, CAP))
    pct = {}
    for name, _, _ in MATCHUPS:
        w, n, c = rates[name]
        lo, hi = wilson(w, n)
        pct[name] = 100.0 * w / n
        print("  %-15s %5.1f%%  95%% CI [%4.1f%%, %4.1f%%]  (%d wins, %d capped)"
              % (name, pct[name], 100 * lo, 100 * hi, w, c))
    f = cpu(cpu_games)
    print("Cortex-M4 instructions per decision, %d four-player games per level, heap"
          " locked (no decision allocated):" % cpu_games)
    for name in ("easy", "normal", "hard", "turn"):
        k, med, worst, mean = f[name]
        label = "random core turn" if name == "turn" else name
        print("  %-16s median %8d  mean %8d  worst %8d  (%d samples)"
              % (label, med, mean, worst, k))
    worst = f["hard"][2]
    print("hard worst decision = %.1fx the median random core turn, %.1fx the mean"
          " (budget 20x); about %.0f ms on a 120 MHz SAMD51 (%.1f cycles an instruction,"
          " the pystone calibration's mid CPI)" % (worst / f["turn"][1], worst / f["turn"][3],
                                                   worst * CPI / 120e3, CPI))
    print("bots: normal_vs_easy=%.1f%% hard_vs_normal=%.1f%% hard_vs_easy=%.1f%% "
          "hard_arm_insns_worst=%d" % (pct["normal_vs_easy"], pct["hard_vs_normal"],
                                  pct["hard_vs_easy"], worst))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
