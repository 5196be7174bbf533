"""The engine's API: dealing, names, the generator, events, refusals."""

from hypothesis import given, strategies as st

from core_play import census
from taki_core import rng
from taki_core.cards import (
    BREAK, COLOR, COPIES, DECK_SIZE, NAMES, card_name, card_type, canonical_deck,
)
from taki_core.game import (
    ERROR_NAMES, EV_DRAW, EV_PLAY, EV_TURN, E_GAME_OVER, E_NOT_IN_HAND,
    E_UNKNOWN_MOVE, M_DRAW, M_LAST, NMOVES, P_TURN, Game,
)


def test_deck_has_116_cards_with_the_printed_counts():
    assert sum(COPIES) == DECK_SIZE == 116
    buf = bytearray(DECK_SIZE)
    assert canonical_deck(buf) == 116
    names = [card_name(t) for t in buf]
    assert names[:4] == ["R1", "R1", "R3", "R3"]
    assert names[-12:] == ["COLOR"] * 4 + ["SUPERTAKI"] * 2 + ["KING"] * 2 + ["+3"] * 2 + ["+3BREAK"] * 2
    assert "R2" not in NAMES and names.count("G+2") == 2


def test_card_names_round_trip():
    for t, name in enumerate(NAMES):
        assert card_type(name) == t
    assert card_type("R2") == -1 and card_type("") == -1 and card_name(99) == "?"


@given(st.integers(2, 10), st.integers(0, 2**64), st.booleans())
def test_reset_deals_eight_each_and_a_coloured_leading_card(players, seed, tournament):
    g = Game()
    g.reset(players, seed, tournament=tournament)
    assert [g.hand_size(p) for p in range(players)] == [8] * players
    assert g.draw_count() == 116 - 8 * players - 1
    assert g.discard_count() == 1 and g.leading() < COLOR
    assert g.color() == g.leading() // 13
    assert g.phase() == P_TURN and g.current() == 0 and g.direction() == 1
    assert census(g) == list(COPIES)
    assert [g.stage(p) for p in range(players)] == ([8] * players if tournament else [0] * players)


def test_first_player_is_chosen_at_setup():
    g = Game()
    g.reset(5, 3, first=3)
    assert g.current() == 3


@given(st.integers(0, 2**80))
def test_generator_stays_a_small_int(seed):
    x = rng.seed_state(seed)
    for _ in range(200):
        assert 1 <= x < rng.P < 2**30
        x = rng.step(x)


def test_generator_is_the_lehmer_sequence():
    x = rng.seed_state(42)
    for _ in range(100):
        nxt = rng.step(x)
        assert nxt == x * 16808 % rng.P
        x = nxt


def test_a_new_game_holds_its_fixed_buffers_and_no_seats_until_reset():
    # the core's whole memory is these two arrays (ARCHITECTURE.md: sized
    # once, never grown); the UI bounds its seat loops by players, which is
    # 0 until a deal or a load
    from taki_core.table import EV_CAP, STATE_SIZE
    g = Game()
    assert (len(g.s), len(g.ev), g.ev_total, g.players) == (STATE_SIZE, 3 * EV_CAP, 0, 0)
    assert not any(g.s) and not any(g.ev)
    g.reset(4, 7)
    assert (len(g.s), len(g.ev), g.players) == (STATE_SIZE, 3 * EV_CAP, 4)


def test_refusals_name_their_reason_and_change_nothing():
    g = Game()
    g.reset(3, 11)
    before = bytes(g.s)
    assert g.apply(NMOVES) == E_UNKNOWN_MOVE
    assert g.apply(-1) == E_UNKNOWN_MOVE
    # a move is one byte: a legal move with bits above it is no move at all
    # (even though its low 7 bits name a legal one)
    buf = bytearray(NMOVES)
    legal = buf[0] if g.legal_moves(buf) else M_DRAW
    assert g.check(legal) == 0
    for bad in (256, 256 + M_DRAW, legal + 256, legal + 512, legal - 256, legal - 128 * 1024):
        assert g.check(bad) == E_UNKNOWN_MOVE, bad
        assert g.apply(bad) == E_UNKNOWN_MOVE, bad
    missing = next(t for t in range(57) if g.hand_count(0, t) == 0 and t != 52)
    assert g.apply(missing) == E_NOT_IN_HAND
    assert ERROR_NAMES[E_NOT_IN_HAND] == "card_not_in_hand"
    assert bytes(g.s) == before


def test_events_report_plays_draws_and_turns():
    g = Game()
    g.reset(2, 5)
    start = g.ev_total
    assert g.apply(M_DRAW) == 0
    codes = [g.event(k, 0) for k in range(start, g.ev_total)]
    assert codes == [EV_DRAW, EV_TURN]
    assert g.event(start, 1) == 0 and g.event(start, 2) == 1
    assert g.event(start + 1, 1) == 1
    buf = bytearray(NMOVES)
    n = g.legal_moves(buf)
    card = next(m for m in buf[:n] if m < 57)
    start = g.ev_total
    assert g.apply(card | 0x80) == 0
    assert EV_PLAY in [g.event(k, 0) for k in range(start, g.ev_total)]


def test_game_over_refuses_everything():
    g = Game()
    g.arrange(2, [[card_type("R5")], [card_type("G5")]], [card_type("R8")],
              _rest(["R5", "G5", "R8"]))
    assert g.apply(card_type("R5")) == 0
    assert g.over() and g.winner() == 0
    for m in (M_DRAW, M_LAST, 0, BREAK):
        assert g.apply(m) == E_GAME_OVER


def _rest(named):
    left = list(COPIES)
    for n in named:
        left[card_type(n)] -= 1
    return [t for t in range(57) for _ in range(left[t])]
