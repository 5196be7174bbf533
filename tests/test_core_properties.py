"""Property tests over random seeded games (hypothesis picks the tables)."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from core_play import census, clone, listed, pick
from taki_core import save
from taki_core.cards import COPIES
from taki_core.game import F_LAST, Game, NMOVES

tables = st.tuples(st.integers(2, 10), st.integers(0, 2**31), st.booleans())
SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_checked(players, seed, tournament, limit):
    """Play one game, checking the invariants after every move."""
    r = random.Random(seed)
    g = Game()
    g.reset(players, seed, first=r.randrange(players), tournament=tournament)
    restored = Game()
    moves_made = 0
    while not g.over():
        assert census(g) == list(COPIES)
        moves = listed(g)
        assert moves, "a game that is not over always has a move"
        for m in moves:  # every listed move is accepted (with or without F_LAST)
            assert clone(g).apply(m | (F_LAST if r.random() < 0.5 else 0)) == 0
        before, events = bytes(g.s), g.ev_total
        for m in r.sample(range(256), 12):  # unlisted moves are refused, changing nothing
            if m & 0x7F not in moves:
                assert g.apply(m) != 0
                assert bytes(g.s) == before and g.ev_total == events
        if r.random() < 0.1:  # save and restore anywhere
            assert save.unpack(restored, save.pack(g)) == 0
            assert bytes(restored.s) == bytes(g.s)
        assert g.apply(pick(r, moves)) == 0
        moves_made += 1
        assert moves_made < limit, "game did not end"
    assert census(g) == list(COPIES)
    assert g.winner() >= 0 and g.current() == g.winner()
    assert listed(g) == [] and g.apply(0) != 0
    if tournament:
        assert g.stage(g.winner()) == 0
    return moves_made


@SLOW
@given(tables)
def test_normal_games_keep_every_invariant_and_end(table):
    players, seed, _ = table
    play_checked(players, seed, False, 20000)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables)
def test_tournaments_keep_every_invariant_and_end(table):
    players, seed, _ = table
    play_checked(players, seed, True, 60000)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 10), st.integers(0, 2**40), st.booleans())
def test_uniformly_random_play_ends_too(players, seed, tournament):
    """Any legal move at all, "last card" included: the game still ends."""
    r = random.Random(seed)
    g = Game()
    g.reset(players, seed, tournament=tournament and players <= 3)
    buf = bytearray(NMOVES)
    for _ in range(400000):
        if g.over():
            break
        n = g.legal_moves(buf)
        assert g.apply(buf[r.randrange(n)]) == 0
    assert g.over()
    assert census(g) == list(COPIES)


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 10), st.integers(0, 2**40), st.booleans())
def test_same_seed_same_game(players, seed, tournament):
    a, b = Game(), Game()
    a.reset(players, seed, tournament=tournament)
    b.reset(players, seed, tournament=tournament)
    assert a.s == b.s
    r1, r2 = random.Random(seed), random.Random(seed)
    for _ in range(300):
        if a.over():
            break
        assert a.apply(pick(r1, listed(a))) == 0
        assert b.apply(pick(r2, listed(b))) == 0
        assert a.s == b.s


@settings(max_examples=60, deadline=None)
@given(tables)
def test_listed_moves_are_exactly_the_moves_check_accepts(table):
    """legal_moves takes shortcuts; check() is the definition it must agree with."""
    players, seed, tournament = table
    r = random.Random(seed)
    g = Game()
    g.reset(players, seed, tournament=tournament)
    for _ in range(400):
        if g.over():
            break
        moves = listed(g)
        assert len(moves) == len(set(moves))
        assert set(moves) == {m for m in range(NMOVES) if g.check(m) == 0}
        g.apply(pick(r, moves))
