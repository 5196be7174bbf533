"""Bot decisions on fixed positions, level by level (issue 16): each test
is a position where one part of the scoring decides the move."""

import pytest

from test_bots import decide, table
from taki_core.bots import EASY, HARD, NORMAL, Bots
from taki_core.cards import card_type
from taki_core.game import M_COLOR, M_DRAW

SMART = (NORMAL, HARD)


def c(name):
    return card_type(name)


@pytest.mark.parametrize("level", SMART)
def test_king_then_the_last_card_beats_the_card_alone(level):
    # R3 alone leaves the KING; KING first frees R3 as the last card: a win
    g = table(["KING R3", "B1 B3 B4"], "R9")
    assert decide(g, level) & 0x7F == c("KING")


@pytest.mark.parametrize("level, move", [(NORMAL, M_DRAW), (HARD, c("+3BREAK"))])
def test_a_king_whose_free_card_is_a_breaker_is_kept(level, move):
    # after the KING only the Breaker would be left to play, and it draws
    # three: normal draws, hard sheds the Breaker (it never wins, R6.2)
    g = table(["KING +3BREAK", "B1 B3 B4"], "R9")
    assert decide(g, level) & 0x7F == move


def test_top_colour_is_the_colour_held_most_ties_to_the_first():
    b = Bots(1)
    for counts, top in (([0, 0, 0, 0], 0), ([1, 0, 0, 0], 0), ([0, 3, 1, 2], 1),
                        ([0, 1, 3, 2], 2), ([1, 1, 1, 2], 3), ([2, 2, 0, 2], 0), ([0, 2, 2, 1], 1)):
        b.ncol[:] = bytes(counts)
        assert b._top_colour() == top, counts


def test_easy_plays_any_legal_move_from_its_own_generator():
    g = table(["R3 R4 R5 R6 COLOR", "B1 B3 B4"], "R9")
    b = Bots(7)
    seen = {b.choose(g, 0, EASY) for _ in range(60)}
    assert {c("R3"), c("R4"), c("R5"), c("R6"), M_DRAW} <= seen
    assert {M_COLOR + k for k in range(4)} <= seen
