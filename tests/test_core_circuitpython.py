"""taki_core under CircuitPython 10's own VM (the displayio build: the board's
object model and pystack), as .mpy compiled by CircuitPython's mpy-cross:
turns allocate nothing, and the core with a 10-player game is small."""

import pytest

from sim.vm import cpvm
from sim.bench import core as bench_core

pytestmark = pytest.mark.skipif(cpvm.tools() is None, reason=cpvm.missing())


def test_fifty_random_games_allocate_nothing_in_any_turn():
    # Every turn (listing moves, choosing, applying) runs with the heap locked:
    # one allocation anywhere would raise MemoryError and fail the run.
    # mem_total() counts every request made of the heap, refused ones too.
    figures = bench_core.guest_games(50, seed=3)
    assert figures["games"] == 50
    assert figures["turns"] > 5000
    assert figures["most_players"] == 10  # and every 6th game a tournament
    assert figures["asked_bytes"] == 0 and figures["alloc_bytes"] == 0


def test_the_lock_would_catch_an_allocation():
    out = cpvm.guest("import micropython\nmicropython.heap_lock()\n"
                     "try:\n    x = [0] * 4\nexcept MemoryError:\n    x = None\n"
                     "micropython.heap_unlock()\nprint(x is None)\n")
    assert out.strip() == "True"


def test_compiled_core_and_a_ten_player_game_fit_a_64k_heap():
    held, free = bench_core.guest_heap("64K")
    assert 0 < held < 32 * 1024
    assert free > 16 * 1024
