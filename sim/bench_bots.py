"""Bot benchmark: win rates of the levels and their MicroPython fuel per decision.

    python -m sim.bench bots [--games N] [--fuel-games K] [--jobs J]

Win rates: N four-player games per match-up (the tested bot's seat rotates,
deal i uses seed i); a game still running after CAP moves counts as a loss
for the tested bot and is reported. 95% confidence intervals are Wilson
intervals. Fuel: K games per level played under real MicroPython
(sim/mpy.py), every decision timed with the fuel clock under heap_lock, so
an allocating decision fails the run; "turn" is one random-play turn of the
core (legal_moves + apply) measured the same way.
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


# ------------------------------------------------------------ MicroPython fuel

# Guest script: plays games with one level at every seat, times each decision
# (bots.choose) and each random-play core turn under heap_lock. Prints one
# line per level: "@@FUEL level count median worst".
_GUEST = """
import gc, micropython
from time import ticks_us, ticks_diff
from taki_core import rng
from taki_core.bots import Bots, NO_MOVE
from taki_core.game import Game, NMOVES, P_PLUS3

def timed_choose(bots, g, s, lvl, out):
    now = ticks_us
    diff = ticks_diff
    t0 = now()
    t1 = now()
    base = diff(t1, t0)
    m0 = gc.mem_alloc()
    micropython.heap_lock()
    t0 = now()
    m = bots.choose(g, s, lvl)
    t1 = now()
    micropython.heap_unlock()
    if gc.mem_alloc() != m0:
        raise MemoryError('decision allocated')
    out.append(diff(t1, t0) - base)
    return m

def timed_turn(g, buf, x, out):
    now = ticks_us
    diff = ticks_diff
    t0 = now()
    t1 = now()
    base = diff(t1, t0)
    micropython.heap_lock()
    t0 = now()
    n = g.legal_moves(buf)
    g.apply(buf[x % n])
    t1 = now()
    micropython.heap_unlock()
    out.append(diff(t1, t0) - base)

def report(name, fuels):
    fuels.sort()
    print('@@FUEL', name, len(fuels), fuels[len(fuels) // 2], fuels[-1], sum(fuels) // len(fuels))

g = Game()
bots = Bots(1)
for lvl in LEVELS:
    fuels = []
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
                        m = timed_choose(bots, g, s, lvl, fuels)
                        if m != NO_MOVE:
                            break
            if m == NO_MOVE:
                m = timed_choose(bots, g, cur, lvl, fuels)
            if g.apply(m):
                raise ValueError('refused move')
            moves += 1
    report(NAMES[lvl], fuels)
    fuels = None
turns = []
buf = bytearray(NMOVES)
x = rng.seed_state(7)
for seed in range(GAMES):
    g.reset(4, seed)
    moves = 0
    while not g.over() and moves < 300:
        x = rng.step(x)
        timed_turn(g, buf, x, turns)
        moves += 1
report('turn', turns)
"""


def fuel(games):
    """{name: (decisions, median, worst, mean)} for easy/normal/hard and 'turn'."""
    from sim import mpy

    script = ("LEVELS = (1, 2, 3)\nGAMES = %d\nNAMES = {1: 'easy', 2: 'normal', 3: 'hard'}\n"
              % games) + _GUEST
    res = mpy.run(script, packages=("taki_core",), fuel=2000 * 10**9).check()
    out = {}
    for line in res.stdout.splitlines():
        if line.startswith("@@FUEL "):
            _, name, count, med, worst, mean = line.split()
            out[name] = (int(count), int(med), int(worst), int(mean))
    return out


def _arg(argv, flag, default):
    if flag in argv:
        return int(argv[argv.index(flag) + 1])
    return default


def main(argv):
    games = _arg(argv, "--games", 2000)
    fuel_games = _arg(argv, "--fuel-games", 40)
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
    f = fuel(fuel_games)
    print("MicroPython fuel per decision, %d four-player games per level, heap locked"
          " (no decision allocated):" % fuel_games)
    for name in ("easy", "normal", "hard", "turn"):
        k, med, worst, mean = f[name]
        label = "random core turn" if name == "turn" else name
        print("  %-16s median %8d  mean %8d  worst %8d  (%d samples)"
              % (label, med, mean, worst, k))
    worst = f["hard"][2]
    print("hard worst decision = %.1fx the median random core turn, %.1fx the mean"
          " (budget 20x)" % (worst / f["turn"][1], worst / f["turn"][3]))
    print("bots: normal_vs_easy=%.1f%% hard_vs_normal=%.1f%% hard_vs_easy=%.1f%% "
          "hard_fuel_worst=%d" % (pct["normal_vs_easy"], pct["hard_vs_normal"],
                                  pct["hard_vs_easy"], worst))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
