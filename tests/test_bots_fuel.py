"""The bots on the board's budget: their decisions allocate nothing (under
CircuitPython 10's own VM), cost at most 20 random core turns (Cortex-M4
instructions: CircuitPython 10.2.1 built for ARM, counted under qemu-arm by
sim.vm.armvm), and their modules compile from source in a small heap (the .py
bundle for CircuitPython 9.x)."""

import os

import pytest

from sim.vm import armvm, cpvm
from sim.bench import bots as bench_bots

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
needs_cp = pytest.mark.skipif(cpvm.tools() is None, reason=cpvm.missing())
needs_arm = pytest.mark.skipif(not armvm.available(), reason=armvm.missing() or "")

# Games of 2..10 players (every fourth a tournament), each seat at a level of
# its own, every decision (the seat to act and every breaker asked during a
# +3) made with the heap locked: one allocation raises MemoryError and fails
# the run; gc.mem_alloc() must not move either.
GUEST = """
import gc, micropython
from taki_core.bots import Bots, NO_MOVE
from taki_core.game import Game, P_PLUS3

def play():
    g = Game()
    b = Bots(3)
    decisions = 0
    grown = 0
    for gi in range(GAMES):
        n = 2 + gi % 9
        g.reset(n, gi, gi % n, gi % 4 == 3)
        b.seed(gi)
        moves = 0
        while not g.over() and moves < 3000:
            cur = g.current()
            m = NO_MOVE
            for k in range(n):
                s = (cur + k + 1) % n  # breakers first, the seat to act last
                if s != cur and (g.phase() != P_PLUS3 or s == g.plus3_by()):
                    continue
                held = gc.mem_alloc()
                micropython.heap_lock()
                m = b.choose(g, s, 1 + (s + gi) % 3)
                micropython.heap_unlock()
                grown += gc.mem_alloc() - held
                decisions += 1
                if m != NO_MOVE:
                    break
            if g.apply(m):
                print('refused', gi, m)
            moves += 1
        if not g.over():
            print('unfinished', gi)
    print('decisions', decisions, 'grown', grown)

play()
"""


@needs_cp
def test_decisions_allocate_nothing_at_any_table_size():
    out = cpvm.guest(GUEST.replace("GAMES", "27"))
    assert "refused" not in out and "unfinished" not in out, out
    words = out.split()
    assert int(words[words.index("decisions") + 1]) > 3000
    assert int(words[words.index("grown") + 1]) == 0


@needs_arm
def test_hard_decisions_stay_within_twenty_random_turns():
    f = bench_bots.cpu(6, levels=(2, 3))
    turn = f["turn"][1]  # median ARM instructions of one random-play core turn
    assert 20_000 < turn < 200_000  # 49,250 (6 games; 0.4 ms on the board)
    assert f["hard"][2] <= 20 * turn
    assert f["normal"][2] <= 20 * turn
    assert f["hard"][0] > 200 and f["normal"][0] > 200
    # A made-up worst case: one of every card type (58 cards) and a long
    # discard pile, so that every card is legal after a KING. (Its pile once
    # ended on a third copy of type 5, 117 cards: the unseen count went below
    # 0, which MicroPython's bytearray wrapped and CircuitPython's refuses.)
    setup = """
from taki_core.game import Game
from taki_core.bots import Bots
from taki_core.cards import DECK_SIZE, canonical_deck
deck = bytearray(DECK_SIZE)
canonical_deck(deck)
mine = []
rest = []
for t in deck:
    if t not in mine or t == 54:
        mine.append(t)
    else:
        rest.append(t)
disc = [rest.pop(0) for _ in range(41)]
g = Game()
g.arrange(3, [mine, rest[:8], rest[8:16]], disc, rest[16:], color=0)
g.apply(54)
b = Bots(1)
b.choose(g, 0, 3)
"""
    assert bench_bots.decision(setup) <= 20 * turn
    # Another: a hand that passes hard's quick test for a winning turn (every
    # colour has a TAKI, a PLUS for each run) but cannot win, so the search
    # runs until its bound, with a long discard pile as well.
    setup = SEARCH_SETUP.replace("HAND", SEARCH_HAND)
    assert bench_bots.decision(setup) <= 20 * turn


SEARCH_HAND = ("RPLUS RPLUS GPLUS GPLUS BPLUS BPLUS YPLUS YPLUS KING KING SUPERTAKI"
               " SUPERTAKI RTAKI GTAKI BTAKI YTAKI R5 G6")
SEARCH_SETUP = """
from taki_core.game import Game
from taki_core.bots import Bots
from taki_core.cards import DECK_SIZE, canonical_deck, card_type
deck = bytearray(DECK_SIZE)
canonical_deck(deck)
deck = list(deck)
mine = [card_type(x) for x in "HAND".split()]
for t in mine:
    deck.remove(t)
rest = [t for t in deck if t < 52]
other = [t for t in deck if t >= 52]
disc = [rest.pop(0) for _ in range(41)]
g = Game()
g.arrange(3, [mine, rest[:8], rest[8:16]], disc, rest[16:] + other, color=0)
b = Bots(1)
b.choose(g, 0, 3)
"""


@needs_cp
@pytest.mark.parametrize("name", ["bots.py", "finish.py"])
def test_bot_modules_compile_in_a_small_heap(name):
    # CircuitPython compiles a .py at import, in the device's heap (the .py
    # bundle, for CircuitPython 9.x).
    code = ("import gc\nwith open('taki_core/%s') as f:\n    src = f.read()\n"
            "compile(src, '%s', 'exec')\nprint('ok')\n" % (name, name))
    assert cpvm.guest(code, mpy=False, heap="56K").strip() == "ok"
