"""HARD's finishing search (finish.py, issue 16): for each way RULES.md lets a
hand be emptied in one turn, a position where it must find the win; hands
it must not claim; the node bound; and known answers over many positions,
checked against a brute-force search of the engine itself."""

import hashlib
import random

import pytest

from test_bots import table, wins_this_turn
from taki_core import finish
from taki_core.bots import HARD, Bots
from taki_core.cards import COLOR, DECK_SIZE, KING, PLUS3, SUPERTAKI, canonical_deck, card_type
from taki_core.game import (
    F_LAST, Game, M_ACCEPT, M_BREAK, M_CLOSE, M_DRAW, M_END, M_LAST, NMOVES, P_KING,
    P_PLUS, P_TURN,
)


def search(g):
    """finish.move as HARD calls it for the seat to act: (move, nodes)."""
    b = Bots(1)
    b.hard = True
    b._scan(g, g.current())
    m = b.finish.move(g, g.phase(), b.hs, b.colour, b.openc)
    return m, b.finish.nodes


def can_empty(g, seat):
    """Brute force over the engine: can seat empty its hand this turn?"""
    buf = bytearray(NMOVES)
    for i in range(g.legal_moves(buf)):
        m = buf[i]
        if m in (M_DRAW, M_END, M_ACCEPT, M_LAST) or m >= M_BREAK:
            continue
        h = Game()
        h.s[:] = g.s
        h.players = g.players
        assert h.apply(m | F_LAST) == 0
        if h.over():
            if h.winner() == seat:
                return True
        elif h.current() == seat and h.phase() != P_TURN and can_empty(h, seat):
            return True
    return False


def c(name):
    return card_type(name)


OTHERS = ["B1 B3", "G1 G3"]

# (why, hand, discard, arrange keywords, the first move of the winning line)
WINS = [
    ("a number as the last card", "R5", "R8", {}, c("R5")),
    ("a number matching by symbol", "G8", "R8", {}, c("G8")),
    ("+2 as the last card: a win, no stack (R6.2)", "Y+2", "R+2", {}, c("Y+2")),
    ("STOP as the last card", "RSTOP", "R8", {}, c("RSTOP")),
    ("DIR as the last card", "RDIR", "R8", {}, c("RDIR")),
    ("COLOR as the last card", "COLOR", "R8", {}, COLOR),
    ("+3 as the last card: a win, not active (R6.2)", "+3", "R8", {}, PLUS3),
    ("KING as the last card", "KING", "R8", {}, KING),
    ("a lone TAKI as the last card (R12.1)", "GTAKI", "G8", {}, c("GTAKI")),
    ("SUPERTAKI as the last card", "SUPERTAKI", "R8", {}, SUPERTAKI),
    ("KING frees any card (R9.2)", "KING G5", "R8", {}, KING),
    ("KING then COLOR", "KING COLOR", "R8", {}, KING),
    ("KING then +3", "KING +3", "R8", {}, KING),
    ("KING after KING", "KING KING B5", "R8", {}, KING),
    ("PLUS then a card (R9.1)", "RPLUS R5", "R8", {}, c("RPLUS")),
    ("PLUS then a PLUS by symbol, then its colour", "RPLUS GPLUS G5", "R8", {}, c("RPLUS")),
    ("a run of the colour (R8.2)", "RTAKI R5 R7", "R8", {}, c("RTAKI")),
    ("a run ended by COLOR as its last card", "RTAKI R5 COLOR", "R8", {}, c("RTAKI")),
    ("a run with its PLUS inside, not last (R12.1)", "RTAKI RPLUS R5", "BTAKI", {}, c("RTAKI")),
    ("a PLUS before a lone TAKI", "RTAKI RPLUS", "R8", {}, c("RPLUS")),
    ("SUPERTAKI starts a run in the active colour", "SUPERTAKI B5 B7", "B8", {}, SUPERTAKI),
    ("a PLUS, then a run ended by its last card, a KING kept for nothing",
     "GTAKI G5 GPLUS KING", "G8", {}, c("GPLUS")),
    ("a run closed on its PLUS, then a PLUS by symbol and its colour",
     "GTAKI G5 GPLUS BPLUS B5", "RTAKI", {"color": 0}, c("GTAKI")),
    ("a run closed on its PLUS, then a PLUS and its colour",
     "RTAKI R5 RPLUS BPLUS B5", "R8", {}, c("RTAKI")),
    ("+2 as the last card on a +2 stack (R7.3)", "G+2", "R8 R+2", {"pending": 2}, c("G+2")),
    ("KING on a +2 stack, then a card", "KING B4", "R8 R+2", {"pending": 4}, KING),
    ("KING on an active +3, then a card", "KING R5", "G8 +3", {"plus3_by": 2, "color": 1}, KING),
    ("inside one's run: the rest of the colour", "R5 R7", "R8 RTAKI", {"run": 0, "run_open": False},
     c("R5")),
    ("inside one's run: close on the PLUS that leads, then a KING",
     "KING", "R8 RTAKI RPLUS", {"run": 0, "run_open": False}, M_CLOSE),
    ("inside one's run: COLOR ends it as the last card", "COLOR", "R8 RTAKI R5",
     {"run": 0, "run_open": False}, COLOR),
    ("continuing a run left open (R8.6)", "B5 B7", "R8 BTAKI", {"run": 2, "run_open": True, "color": 2},
     c("B5")),
    ("SUPERTAKI, then a run whose first card is type 0 (R1)", "SUPERTAKI R1 R5", "R8", {}, SUPERTAKI),
    ("on a COLOR lead: a PLUS of the named colour, listed after another colour",
     "BPLUS RPLUS R5", "R8 COLOR", {"color": 2}, c("BPLUS")),
    ("inside one's run of the last colour: SUPERTAKI before the COLOR that ends it",
     "SUPERTAKI COLOR", "R8 YTAKI", {"run": 3, "run_open": False}, SUPERTAKI),
    ("inside one's run: three runs, two of them closed on their PLUS, COLOR last",
     "R5 RPLUS GPLUS GPLUS GTAKI G5 BPLUS BTAKI B5 COLOR", "R8 RTAKI", {"run": 0, "run_open": False},
     c("R5")),
]


@pytest.mark.parametrize("why, hand, discard, kw, first", WINS, ids=[w[0] for w in WINS])
def test_hard_finds_each_way_to_empty_its_hand(why, hand, discard, kw, first):
    g = table([hand] + OTHERS, discard, **kw)
    assert can_empty(g, 0), why
    m, nodes = search(g)
    assert m == first, why
    assert nodes <= 20
    assert wins_this_turn(table([hand] + OTHERS, discard, **kw), HARD), why


def test_hard_finds_the_win_from_the_middle_of_a_turn():
    g = table(["KING KING B5"] + OTHERS, "R8")
    assert g.apply(KING) == 0 and g.phase() == P_KING
    assert search(g)[0] == KING  # the second KING frees B5
    g = table(["RPLUS R5"] + OTHERS, "R8")
    assert g.apply(c("RPLUS")) == 0 and g.phase() == P_PLUS
    assert search(g)[0] == c("R5")
    g = table(["RPLUS GPLUS G5"] + OTHERS, "R8")
    assert g.apply(c("RPLUS")) == 0
    assert search(g)[0] == c("GPLUS")


# (why, hand, discard, arrange keywords)
NO_WIN = [
    ("a PLUS as the last card must draw (R6.2)", "RPLUS", "R8", {}),
    ("an own-turn +3BREAK never wins (R6.2)", "+3BREAK", "R8", {}),
    ("a Breaker with a winning card", "+3BREAK R5", "R8", {}),
    ("a card that does not match", "G5", "R8", {}),
    ("COLOR and +3 both end the turn", "COLOR +3", "R8", {}),
    ("two numbers of two colours", "R5 G5", "R8", {}),
    ("a number on a +2 stack", "R5", "R8 R+2", {"pending": 2}),
    ("a +2 with another card on a stack", "G+2 G5", "R8 R+2", {"pending": 2}),
    ("a run whose PLUS would be last", "RTAKI RPLUS G5", "B8", {}),
    ("a run that cannot hold another colour", "RTAKI R5 G7", "R8", {}),
    ("KING and two ending cards", "KING R5 G5", "B8", {}),
    ("no KING against a +3", "R5", "G8 +3", {"plus3_by": 2, "color": 1}),
    ("inside one's run with another colour left", "R5 G7", "R8 RTAKI", {"run": 0, "run_open": False}),
    # an arranged table (play keeps the two equal): the engine's run goes on
    # in the open run's colour, so the SUPERTAKI cannot lead the reds out
    ("SUPERTAKI continues a run left open in the run's colour, not the active one (R8.6)",
     "SUPERTAKI R5 R7", "B8 R8", {"run": 2, "run_open": True, "color": 0}),
]


@pytest.mark.parametrize("why, hand, discard, kw", NO_WIN, ids=[w[0] for w in NO_WIN])
def test_hard_claims_no_win_that_is_not_there(why, hand, discard, kw):
    g = table([hand] + OTHERS, discard, **kw)
    assert not can_empty(g, 0), why
    assert search(g)[0] == -1, why


# ------------------------------------------------------------ node bound

def test_the_node_bound_stops_the_search_and_claims_nothing():
    """Positions where the search tries its 20 cards: it answers -1 at the
    bound (a budget on the device's time, not a rule), also where a win
    exists beyond it; and it never tries a 21st card."""
    assert finish._NODES == 20
    no_win = table(["G5 G+2 B1 BTAKI Y5 YPLUS SUPERTAKI KING"] + OTHERS, "YTAKI")
    assert not can_empty(no_win, 0)
    assert search(no_win) == (-1, 20)
    beyond = table(["RPLUS G5 GPLUS Y+2 YPLUS YTAKI KING"] + OTHERS, "B5")
    assert can_empty(beyond, 0)
    assert search(beyond) == (-1, 20)
    found = table(["RPLUS RTAKI B3 BPLUS YPLUS SUPERTAKI"] + OTHERS, "R5")
    assert can_empty(found, 0)
    assert search(found) == (c("RTAKI"), 20)  # found with the last card allowed


# ------------------------------------------------- many positions at once

SPECIAL = ([KING, KING, SUPERTAKI, SUPERTAKI, COLOR, PLUS3]
           + [k * 13 + s for s in (11, 11, 12, 12, 8) for k in range(4)])


def positions(seed, count):
    """Random tables for seat 0: hands of 1..8 cards rich in KING, PLUS,
    TAKI, SUPERTAKI, COLOR and +2; at the start of a turn, on a +2 stack,
    inside a run, with a run left open, or facing a +3."""
    r = random.Random(seed)
    for _ in range(count):
        deck = bytearray(DECK_SIZE)
        canonical_deck(deck)
        deck = list(deck)
        r.shuffle(deck)
        mine = []
        for _ in range(r.choice((1, 2, 3, 4, 5, 6, 7, 8))):
            if r.random() < 0.6:
                t = r.choice([t for t in SPECIAL if t in deck])
            else:
                t = next(t for t in deck if t < 52 and t % 13 < 8)
            deck.remove(t)
            mine.append(t)
        hands = [mine, deck[:5], deck[5:10]]
        rest = deck[10:]
        lead = next(t for t in rest if t < 52)
        rest.remove(lead)
        disc = [lead]
        kind = r.randrange(5)
        kw = {}
        if kind == 1 and lead % 13 == 8:
            kw = {"pending": 2 * r.randint(1, 3)}
        elif kind == 1:
            p2 = next((t for t in rest if t < 52 and t % 13 == 8), None)
            if p2 is not None:
                rest.remove(p2)
                disc.append(p2)
                kw = {"pending": 2 * r.randint(1, 3)}
        elif kind == 2:
            kw = {"run": lead // 13, "run_open": False}
        elif kind == 3:
            kw = {"run": lead // 13, "run_open": True}
        elif kind == 4 and PLUS3 in rest:
            rest.remove(PLUS3)
            disc.append(PLUS3)
            kw = {"plus3_by": 2, "color": lead // 13}
        g = Game()
        g.arrange(3, hands, disc, rest, **kw)
        yield g


def test_no_false_claims_and_the_wins_it_finds_over_many_positions():
    """Against brute force: never a claimed win that is not there; every win
    found within the bound; the figures pinned."""
    wins = found = at_bound = 0
    for g in positions(17, 1500):
        m, nodes = search(g)
        w = can_empty(g, 0)
        assert w or m == -1
        assert nodes <= 20
        wins += w
        found += m >= 0
        at_bound += nodes == 20
        if w and nodes < 20:
            assert m >= 0
    assert (wins, found, at_bound) == (KNOWN_WINS, KNOWN_FOUND, KNOWN_AT_BOUND)


KNOWN_WINS, KNOWN_FOUND, KNOWN_AT_BOUND = 99, 95, 16


def test_search_answers_are_pinned():
    """Every answer (move, nodes tried) over 6,000 positions, digested."""
    h = hashlib.sha256()
    for g in positions(18, 6000):
        m, nodes = search(g)
        h.update(bytes((m & 0xFF, nodes)))
    assert h.hexdigest()[:16] == KNOWN_DIGEST


KNOWN_DIGEST = "81cdd3a827608106"


def test_nothing_matches_a_colorless_lead_by_symbol():
    """A COLOR leads (symbol 13): only the active colour and colourless
    cards are tried; a card of the next colour is never taken for a match."""
    g = table(["R5 G1 SUPERTAKI"] + OTHERS, "R8 COLOR", color=2)
    assert not can_empty(g, 0)
    assert search(g) == (-1, 1)  # the SUPERTAKI alone is tried


def test_the_quick_test_skips_hands_without_enough_plus_cards():
    """Two colours to shed after the run in force, neither with a PLUS to
    close its run on (the PLUS that leads closes only the run in force):
    the quick test refuses the hand before a card is tried."""
    g = table(["KING GTAKI G5 G7 BTAKI B5 B7"] + OTHERS, "R8 RTAKI RPLUS", run=0, run_open=False)
    assert not can_empty(g, 0)
    assert search(g) == (-1, 0)
