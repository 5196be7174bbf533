"""Small helpers that a broken core could get wrong unnoticed (issue 16):
declared(), arrange() with an explicit red, colour letters, card names and
the table's queries."""

import pytest

from taki_core.cards import (
    BREAK, COLOR, COLOR_LETTERS, COPIES, DECK_SIZE, KING, NO_COLOR, NTYPES, PLUS3,
    SUPERTAKI, canonical_deck, card_name, card_type, color_index, is_coloured,
)
from taki_core.game import (
    F_LAST, Game, M_BREAK, M_COLOR, M_DRAW, M_LAST, NMOVES, P_PLUS3, P_RUN, P_TURN,
)


def t(name):
    return card_type(name)


def rest_of(*groups):
    left = list(COPIES)
    for g in groups:
        for x in g:
            left[x] -= 1
    return [x for x in range(NTYPES) for _ in range(left[x])]


def arranged(hands, discard, **kw):
    hands = [[t(n) for n in h.split()] for h in hands]
    disc = [t(n) for n in discard.split()]
    g = Game()
    g.arrange(len(hands), hands, disc, rest_of(*hands, disc), **kw)
    return g


@pytest.mark.parametrize("letter, index", [
    ("R", 0), ("G", 1), ("B", 2), ("Y", 3),
    ("X", -1), ("r", -1), ("", -1), ("RG", -1), ("RR", -1), (None, -1), (0, -1), (["R"], -1),
])
def test_color_index_reads_only_the_four_letters(letter, index):
    assert color_index(letter) == index


def test_card_names_types_and_colours():
    assert COLOR_LETTERS == "RGBY" and NO_COLOR == 4
    assert (card_name(0), card_name(8), card_name(12), card_name(51)) == ("R1", "R+2", "RTAKI", "YTAKI")
    assert [card_name(x) for x in range(COLOR, NTYPES)] == ["COLOR", "SUPERTAKI", "KING", "+3", "+3BREAK"]
    assert card_name(NTYPES) == "?" and card_name(-1) == "?" and card_name(255) == "?"
    assert card_type("+3BREAK") == BREAK and card_type("R1") == 0 and card_type("YTAKI") == 51
    assert card_type("NOPE") == -1 and card_type("r1") == -1
    assert is_coloured(51) and not is_coloured(COLOR) and not is_coloured(BREAK)
    buf = bytearray(DECK_SIZE + 5)
    assert canonical_deck(buf, 3) == DECK_SIZE
    assert buf[:3] == bytes(3) and buf[3] == 0 and buf[3 + DECK_SIZE - 1] == BREAK
    assert [buf[3:3 + DECK_SIZE].count(x) for x in range(NTYPES)] == list(COPIES)


def test_declared_is_true_only_once_declared_in_this_turn():
    g = arranged(["R5 R6 G7", "B1 B3"], "R8")
    assert not g.declared()
    assert g.apply(M_LAST) == 0 and g.declared()
    assert g.apply(t("R5")) == 0  # the turn ends
    assert not g.declared()
    assert g.apply(M_DRAW | F_LAST) == 0
    assert not g.declared()  # declared with the draw, then seat 0's new turn


def test_arrange_takes_an_explicit_red_and_defaults_to_the_lead():
    g = arranged(["R5", "B1"], "G8", color=0)
    assert g.color() == 0
    assert arranged(["R5", "B1"], "G8").color() == 1
    assert arranged(["R5", "B1"], "Y8", color=2).color() == 2


def test_arrange_sets_every_part_of_a_position():
    g = arranged(["R5 KING", "B1", "G1 G3"], "R8 RTAKI", current=1, direction=-1, run=0,
                 run_open=True, seed=9)
    assert (g.current(), g.direction(), g.run_color(), g.run_open(), g.phase()) == (1, -1, 0, True, P_TURN)
    assert g.discard_count() == 2 and g.discard_card(0) == t("R8") and g.discard_top() == t("RTAKI")
    assert g.leading() == t("RTAKI") and g.pending() == 0 and g.plus3_by() == -1
    assert g.draw_count() == DECK_SIZE - 7 and g.hand_count(0, KING) == 1 and g.hand_size(2) == 2
    assert g.winner() == -1 and not g.over() and not g.tournament()
    assert [g.stage(p) for p in range(3)] == [0, 0, 0]
    own = arranged(["R5 R6", "B1"], "R8 RTAKI", run=0, run_open=False)
    assert (own.phase(), own.run_open(), own.s[12]) == (P_RUN, False, 1)
    own = arranged(["R5 R6", "B1"], "R8 R7", run=0, run_open=False)
    assert own.s[12] == 2  # more than the TAKI in the run: it may close
    p3 = arranged(["R5", "B1 +3BREAK", "G1"], "R8 +3", plus3_by=2, current=0)
    assert (p3.phase(), p3.plus3_by()) == (P_PLUS3, 2)
    tour = arranged(["R5", "B1"], "R8", tournament=True, stages=[3, 1])
    assert tour.tournament() and [tour.stage(0), tour.stage(1)] == [3, 1]
    assert [arranged(["R5", "B1"], "R8", tournament=True).stage(p) for p in (0, 1)] == [8, 8]
    stack = arranged(["R5", "B1"], "R8 R+2", pending=4)
    assert stack.pending() == 4


def test_actor_names_the_breaker_or_the_player_to_act():
    g = arranged(["R5", "B1 +3BREAK", "G1 +3BREAK"], "R8 +3", plus3_by=0, current=1)
    assert g.actor(M_BREAK + 2) == 2 and g.actor((M_BREAK + 2) | F_LAST) == 2
    assert g.actor(M_BREAK + 9) == 9 and g.actor(M_BREAK + 10) == 1
    assert g.actor(M_LAST) == 1 and g.actor(KING) == 1 and g.actor(M_BREAK - 1) == 1
    buf = bytearray(NMOVES)
    moves = list(buf[:g.legal_moves(buf)])
    assert moves == [BREAK, M_BREAK + 1, M_BREAK + 2, 64, M_LAST]
    assert g.check(M_BREAK + 0) != 0 and g.check(M_BREAK + 3) != 0


def test_queries_of_a_game_in_play():
    g = Game()
    g.reset(3, 4, first=2)
    assert g.current() == 2 and g.players == 3
    assert g.event(g.ev_total - 1, 0) == 1 and g.event(g.ev_total - 1, 1) == 2  # turn of seat 2
    buf = bytearray(NMOVES)
    n = g.legal_moves(buf)
    colours = [m for m in buf[:n] if M_COLOR <= m < M_COLOR + 4]
    assert colours == [] or colours == [M_COLOR, M_COLOR + 1, M_COLOR + 2, M_COLOR + 3]
    assert SUPERTAKI < KING < PLUS3 < BREAK


def test_a_blocked_game_goes_to_the_lowest_stage_then_fewest_cards_then_lower_seat():
    """R4.4 / R12.4 against a direct reading of the rule, over many tables."""
    import random
    r = random.Random(44)
    deck = [x for x in range(NTYPES) for _ in range(COPIES[x])]
    for _ in range(300):
        n = r.randint(2, 10)
        tour = r.random() < 0.6
        r.shuffle(deck)
        sizes = [r.randint(1, 6) for _ in range(n)]
        hands, at = [], 0
        for k in sizes:
            hands.append(deck[at:at + k])
            at += k
        lead = next(x for x in deck[at:] if x < COLOR)
        rest = deck[at:]
        rest.remove(lead)
        stages = [r.randint(1, 3) for _ in range(n)]
        g = Game()
        g.arrange(n, hands, [lead], rest, tournament=tour, stages=stages,
                  current=r.randrange(n))
        g._blocked()
        key = [((stages[p] if tour else 0), sizes[p], p) for p in range(n)]
        best = min(range(n), key=lambda p: key[p])
        assert (g.winner(), g.current(), g.over()) == (best, best, True)
        assert [g.stage(p) for p in range(n)] == [
            0 if p == best or not tour else stages[p] for p in range(n)]
        assert g.event(g.ev_total - 2, 0) == 17 and g.event(g.ev_total - 2, 1) == best


def test_arrange_defaults_and_edges():
    from taki_core import rng
    g = arranged(["R5", "B1"], "R8")
    assert g._get_rng() == rng.seed_state(1)  # seed 1 unless told
    assert arranged(["R5", "B1"], "R8", seed=5)._get_rng() == rng.seed_state(5)
    g = arranged(["RDIR G1", "B1", "Y1"], "R8", direction=-1)
    assert g.s[3] == 1 and g.direction() == -1
    assert g.apply(t("RDIR")) == 0 and g.direction() == 1 and g.current() == 1
    g = arranged(["R5", "B1"], "R8 KING")  # a colourless lead, no colour given: red
    assert g.color() == 0
    g = arranged(["R5", "B1 +3BREAK", "G1"], "R8 +3", plus3_by=0, current=1)
    assert (g.plus3_by(), g.phase()) == (0, P_PLUS3)


def test_no_run_no_plus3_no_winner_read_as_minus_one():
    g = arranged(["R5", "B1"], "R8")
    assert (g.run_color(), g.plus3_by(), g.winner()) == (-1, -1, -1)


def test_legal_moves_agree_with_check_on_arranged_open_runs():
    """An arranged table may leave a run open in another colour than the
    active one (play never does: the run's colour is the active one);
    legal_moves still lists exactly what check() accepts."""
    for run, color in ((0, 1), (2, 3), (3, 0)):
        g = arranged(["R5 G5 B5 Y5 R7 G1 B1 Y3 GTAKI SUPERTAKI", "B1 B3"], "R8 RTAKI",
                     run=run, run_open=True, color=color)
        buf = bytearray(NMOVES)
        listed = set(buf[:g.legal_moves(buf)])
        assert listed == {m for m in range(NMOVES) if g.check(m) == 0}
        assert run * 13 + 3 in listed or run == 0  # the run's 5 continues it


def test_accepting_a_plus3_makes_every_other_player_draw_3_in_turn():
    """R9.5 with three and four players: each one but the +3's player draws
    3, from the next player on (a mutant that lost the next seat after the
    first draw, or skipped two seats at the +3's player, went unnoticed)."""
    for n in (3, 4):
        hands = ["R5 G7"] + ["B1 Y3 G4"] * (n - 1)
        g = arranged(hands, "R3 +3", plus3_by=0, current=1, color=0)
        assert g.phase() == P_PLUS3
        before = [g.hand_size(p) for p in range(n)]
        assert g.apply(64) == 0  # M_ACCEPT
        assert [g.hand_size(p) - before[p] for p in range(n)] == [0] + [3] * (n - 1)
        assert g.current() == 1 and g.phase() == P_TURN


def test_a_breaker_s_last_card_at_stage_2_refills_not_wins_r12_3():
    """R12.3: in a tournament a breaker who empties their hand at stage 2
    steps down to stage 1 and draws 1 (after the +3's player drew 3); only
    at stage 1 is it a win."""
    g = arranged(["R5 G7", "B1 Y3", "+3BREAK"], "R3 +3", plus3_by=0, current=1, color=0,
                 tournament=True, stages=[3, 3, 2])
    assert g.apply(M_BREAK + 2) == 0
    assert not g.over() and g.stage(2) == 1 and g.hand_size(2) == 1
    assert g.hand_size(0) == 5  # the +3's player drew 3
    g = arranged(["R5 G7", "B1 Y3", "+3BREAK"], "R3 +3", plus3_by=0, current=1, color=0,
                 tournament=True, stages=[3, 3, 1])
    assert g.apply(M_BREAK + 2) == 0
    assert g.over() and g.winner() == 2


@pytest.mark.parametrize("last", ["KING", "SUPERTAKI", "GTAKI"])
def test_a_tournament_stage_ends_the_turn_on_king_supertaki_or_taki_r10_2(last):
    """R10.2: emptying the hand at stage 2 with a KING, a SUPERTAKI or a TAKI
    moves to stage 1, refills one card and ends the turn at once: no second
    play (KING), no run (SUPERTAKI, TAKI)."""
    g = arranged([last, "B1 Y3", "R4 G5"], "G3", tournament=True, stages=[2, 3, 3],
                 current=0)
    assert g.apply(t(last)) == 0
    assert not g.over() and g.stage(0) == 1 and g.hand_size(0) == 1
    assert g.current() == 1 and g.phase() == P_TURN


def test_an_open_run_in_another_colour_lists_its_cards_and_no_more_r8_6():
    """R8.6 on an arranged table (play keeps a run's colour active): the
    cards of the open run's colour are listed beside the active colour's,
    and not the first card of the colour after it."""
    g = arranged(["G5 B1 Y9", "R7"], "R3", run=1, run_open=True, color=0)
    buf = bytearray(NMOVES)
    n = g.legal_moves(buf)
    plays = sorted(m for m in buf[:n] if m < 57)
    assert plays == [t("G5")]
