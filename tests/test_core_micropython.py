"""taki_core runs unchanged under real MicroPython, allocation-free and small."""

import glob
import os

import pytest

from sim import bench_core, mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_fifty_random_games_allocate_nothing_in_any_turn():
    # Every turn (listing moves, choosing, applying) runs with the heap locked:
    # one allocation anywhere would raise MemoryError and fail the run.
    figures = bench_core.guest_games(50, seed=3)
    assert figures["games"] == 50
    assert figures["turns"] > 5000
    assert figures["alloc_bytes"] == 0


def test_compiled_core_and_a_ten_player_game_fit_a_64k_heap():
    held, free = bench_core.guest_heap(64 * 1024, compiled=True)
    assert 0 < held < 32 * 1024
    assert free > 16 * 1024


def test_official_build_sees_no_heap_growth_per_turn():
    """Second opinion from the npm MicroPython build: gc.mem_alloc deltas."""
    script = """
import gc
from taki_core.game import Game, NMOVES
from taki_core import rng
def play():
    g = Game()
    buf = bytearray(NMOVES)
    x = rng.seed_state(9)
    grown = 0
    turns = 0
    gc.collect()
    gc.disable()
    for gi in range(6):
        g.reset(2 + gi, gi)
        while not g.over() and turns < 4000:
            a = gc.mem_alloc()
            n = g.legal_moves(buf)
            x = rng.step(x)
            g.apply(buf[x % n])
            grown += gc.mem_alloc() - a
            turns += 1
    gc.enable()
    print("turns", turns, "grown", grown)
play()
"""
    try:
        res = mpy.run_node(script)
    except mpy.NodeMissing as e:
        pytest.fail(str(e))
    res.check()
    turns, grown = (int(v) for v in res.stdout.split()[1::2])
    assert turns > 500 and grown == 0


def test_core_source_is_accepted_by_micropython():
    files = sorted(glob.glob(os.path.join(ROOT, "taki_core", "*.py")))
    assert mpy.compile_check_files(files) == {}
