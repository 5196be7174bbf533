"""Computer players (taki_core.bots): legal, fair, deterministic, every phase."""

import copy
import os
import random
from collections import Counter

import pytest

from sim.bench.bots import play
from taki_core.bots import EASY, HARD, NORMAL, NO_MOVE, Bots
from taki_core.cards import DECK_SIZE, NTYPES, canonical_deck, card_type
from taki_core.game import (
    EV_CAP, EV_PENALTY, F_LAST, M_ACCEPT, M_BREAK, M_CLOSE, M_COLOR, M_DRAW,
    M_END, M_LAST, NMOVES, P_KING, P_PLUS, P_PLUS3, P_RUN, P_TURN, Game,
)
from taki_core.table import AT_DLEN, AT_DRAW, AT_HAND, AT_HSIZE

LEVELS = (EASY, NORMAL, HARD)
SMART = (NORMAL, HARD)
# sim/testing/mutate.py sets TAKI_MUTATE: every mutant runs the tests below, so the
# long sweeps take a fifth of their games there (the known-answer games of
# test_core_known.py pin every bot move of eleven games besides).
SWEEP = 5 if os.environ.get("TAKI_MUTATE") else 1


def table(hands, discard, **kw):
    """A Game arranged from card names; the draw pile is the rest of the deck."""
    hands = [[card_type(n) for n in h.split()] for h in hands]
    disc = [card_type(n) for n in discard.split()]
    deck = bytearray(DECK_SIZE)
    canonical_deck(deck)
    rest = list(deck)
    for t in sum(hands, []) + disc:
        rest.remove(t)
    g = Game()
    g.arrange(len(hands), hands, disc, rest, **kw)
    return g


def decide(g, level, seat=None):
    return Bots(5).choose(g, g.current() if seat is None else seat, level)


def card(m):
    return m & 0x7F


def wins_this_turn(g, level):
    """Let the seat to act play at level until the game ends; it must not
    hand the turn on, and must be the winner."""
    seat = g.current()
    while not g.over():
        assert g.current() == seat, "the turn ended"
        assert g.apply(decide(g, level)) == 0
    return g.winner() == seat


# ------------------------------------------------------------ whole games

class Watch:
    """on_move hook: checks each bot move and counts what the bots did."""

    def __init__(self, levels):
        self.levels = levels
        self.seen = 0
        self.did = Counter()

    def __call__(self, g, m):
        assert g.check(m) == 0
        actor = g.actor(m)
        b = card(m)
        if actor != g.current():
            assert b == M_BREAK + actor  # out of turn only to break a +3
        lv = self.levels[actor]
        ph = g.phase()
        self.did[lv, "phase", ph] += 1
        if b >= M_COLOR and b < M_DRAW:
            self.did[lv, "colour"] += 1
        if m & F_LAST:
            self.did[lv, "last card"] += 1
        if ph == P_PLUS3:
            self.did[lv, "+3 answer", "break" if b == 56 or b >= M_BREAK else b] += 1
        if ph == P_TURN and g.pending():
            self.did[lv, "stack", "draw" if b == M_DRAW else "play"] += 1
        if ph == P_RUN and b in (M_CLOSE, M_END):
            self.did[lv, "run", b] += 1

    def after(self, g):
        """Nobody ever pays the 4-card penalty: bots never forget "last card"."""
        assert g.ev_total - self.seen <= EV_CAP
        for k in range(self.seen, g.ev_total):
            assert g.event(k, 0) != EV_PENALTY
        self.seen = g.ev_total


def play_watched(g, b, levels, seed, tournament=False):
    w = Watch(levels)
    w.seen = g.ev_total

    def hook(game, m):
        w.after(game)
        w(game, m)

    winner = play(g, b, levels, seed, cap=30000, tournament=tournament, on_move=hook)
    w.after(g)
    assert winner >= 0, "game did not finish"
    return w.did


@pytest.mark.parametrize("players", range(2, 11))
def test_bots_play_only_legal_moves_and_never_forget_last_card(players):
    # play() asserts that every move is accepted; Watch checks the rest.
    r = random.Random(players)
    g = Game()
    b = Bots()
    did = Counter()
    for game in range(12):
        levels = [r.choice(LEVELS) for _ in range(players)]
        did += play_watched(g, b, levels, 1000 * players + game, tournament=game % 4 == 3)
    for lv in LEVELS:
        if any(k[0] == lv for k in did):
            assert did[lv, "phase", P_TURN] > 0


def test_bots_handle_every_phase():
    """Over many games, normal and hard meet and answer every situation."""
    g = Game()
    b = Bots()
    did = Counter()
    for seed in range(150):
        players = 2 + seed % 5
        levels = [SMART[(seed + s) % 2] for s in range(players)]
        did += play_watched(g, b, levels, seed, tournament=seed % 10 == 9)
    for lv in SMART:
        for ph in (P_TURN, P_RUN, P_PLUS, P_KING, P_PLUS3):
            assert did[lv, "phase", ph] > 0, (lv, ph)
        for key in (("colour",), ("last card",), ("+3 answer", "break"),
                    ("+3 answer", M_ACCEPT), ("stack", "play"), ("run", M_CLOSE),
                    ("run", M_END)):
            assert did[(lv,) + key] > 0, (lv, key)
    assert did[NORMAL, "+3 answer", 54] > 0  # a KING against a +3
    # hard keeps its KING unless it then empties its hand (see below)
    assert did[HARD, "+3 answer", M_ACCEPT] > did[HARD, "+3 answer", 54]


def test_a_tournament_between_bots_finishes():
    g = Game()
    did = play_watched(g, Bots(), [HARD, NORMAL, EASY, NORMAL], 77, tournament=True)
    assert sum(did.values()) > 0
    assert g.stage(g.winner()) == 0


def test_same_seed_replays_the_same_game():
    def moves(seed):
        out = []
        play(Game(), Bots(), [EASY, NORMAL, HARD, HARD], seed,
             on_move=lambda g, m: out.append(m))
        return out

    assert moves(3) == moves(3)
    assert moves(3) != moves(4)


# ------------------------------------------------- hidden information

def scramble(g, seat, r):
    """Deal every card the seat cannot see (other hands, draw pile) anew:
    same hand sizes, same public state, different hidden cards."""
    s = g.s
    hidden = []
    for p in range(g.players):
        if p != seat:
            for t in range(NTYPES):
                hidden += [t] * s[AT_HAND + p * NTYPES + t]
                s[AT_HAND + p * NTYPES + t] = 0
    hidden += list(s[AT_DRAW:AT_DRAW + s[AT_DLEN]])
    r.shuffle(hidden)
    for p in range(g.players):
        if p != seat:
            for _ in range(s[AT_HSIZE + p]):
                s[AT_HAND + p * NTYPES + hidden.pop()] += 1
    for i in range(s[AT_DLEN]):
        s[AT_DRAW + i] = hidden.pop()
    assert not hidden


def test_decisions_ignore_what_the_bot_cannot_see():
    """Changing opponents' hidden cards (and the draw pile) changes nothing
    a bot decides, at every level, for the seat to act and for breakers."""
    r = random.Random(1)
    g = Game()
    b = Bots(9)
    checked = Counter()
    for seed in range(0, 40, SWEEP):
        players = 2 + seed % 9
        g.reset(players, seed)
        while not g.over():
            seats = range(players) if g.phase() == P_PLUS3 else (g.current(),)
            for seat in seats:
                for lv in LEVELS:
                    twin = Game()
                    twin.s[:] = g.s
                    twin.players = g.players
                    scramble(twin, seat, r)
                    b2 = copy.deepcopy(b)
                    mine = b.choose(g, seat, lv)
                    assert b2.choose(twin, seat, lv) == mine
                    assert b2.x == b.x  # same random draws too
                    checked[lv] += 1
            m = b.choose(g, g.current(), NORMAL)
            assert g.apply(m) == 0
    assert min(checked.values()) > 1000 // SWEEP


# --------------------------------------------------- one phase at a time

@pytest.mark.parametrize("level", SMART)
def test_run_sheds_the_colour_ends_on_its_action_and_closes(level):
    # Next player holds one card: the run must end on the STOP, then close.
    g = table(["RTAKI R3 RSTOP R7 G5 G6", "B1", "B3 B4 B5"], "R4")
    seq = []
    while g.current() == 0 and not g.over():
        m = decide(g, level)
        seq.append(card(m))
        assert g.apply(m) == 0
    assert seq[0] == card_type("RTAKI")
    assert sorted(seq[1:3]) == sorted([card_type("R3"), card_type("R7")])
    assert seq[3:] == [card_type("RSTOP"), M_CLOSE]
    assert g.current() == 2  # the player holding one card was skipped


@pytest.mark.parametrize("level", SMART)
def test_a_lone_taki_is_left_open(level):
    g = table(["RTAKI G5 G6", "B1 B3"], "R4")
    assert g.apply(card_type("RTAKI")) == 0
    assert g.phase() == P_RUN and decide(g, level) == M_END


@pytest.mark.parametrize("level", SMART)
def test_a_run_that_empties_the_hand_wins(level):
    g = table(["GTAKI G+2 GPLUS G8", "B1 B3"], "G4")
    assert wins_this_turn(g, level)


@pytest.mark.parametrize("level", SMART)
def test_stacks_plus2_instead_of_drawing(level):
    g = table(["Y+2 KING R3 B5 G6", "B1 B3 B4"], "G8 G+2", pending=2)
    assert decide(g, level) == card_type("Y+2")


@pytest.mark.parametrize("level", SMART)
def test_answers_plus3_with_breaker_then_king_or_accepts(level):
    p3 = ["B1 B3 B4", "R3 +3BREAK KING G6", "G1 +3BREAK", "Y1 Y3"]
    g = table(p3, "G8 +3", current=1, plus3_by=0)
    assert decide(g, level) == 56  # own Breaker as the answer
    assert decide(g, level, seat=2) == M_BREAK + 2 | F_LAST  # leaves one card
    assert decide(g, level, seat=3) == NO_MOVE  # nothing to break with
    assert decide(g, level, seat=0) == NO_MOVE  # not one's own +3
    g = table(["B1 B3 B4", "R3 KING G6", "Y1 Y3"], "G8 +3", current=1, plus3_by=0)
    # normal cancels it; hard keeps its KING for the end and draws with the table
    assert decide(g, level) == (card_type("KING") if level == NORMAL else M_ACCEPT)
    g = table(["B1 B3 B4", "R3 KING", "Y1 Y3"], "G8 +3", current=1, plus3_by=0)
    assert card(decide(g, level)) == card_type("KING")  # ... and R3 after it wins
    g = table(["B1 B3 B4", "R3 G6", "Y1 Y3"], "G8 +3", current=1, plus3_by=0)
    assert decide(g, level) == M_ACCEPT


def test_easy_may_or_may_not_break():
    g = table(["B1 B3 B4", "R3 G6", "G1 G4 +3BREAK"], "G8 +3", current=1, plus3_by=0)
    b = Bots(3)
    seen = {b.choose(g, 2, EASY) for _ in range(40)}
    assert seen == {NO_MOVE, M_BREAK + 2}


@pytest.mark.parametrize("level", SMART)
def test_colour_named_is_the_one_held_most(level):
    g = table(["COLOR B1 B3 B4 G7", "R1 R3"], "Y5")
    assert decide(g, level) == M_COLOR + 2


@pytest.mark.parametrize("level", LEVELS)
def test_last_card_is_declared_with_the_move(level):
    g = table(["R3 G5", "B1 B3"], "R4")
    m = decide(g, level)
    assert card(m) == M_DRAW or m & F_LAST
    # inside a run: the card that leaves one carries the declaration
    g = table(["R3 R5 G5", "B1 B3"], "R4 RTAKI", run=0, run_open=False)
    while g.current() == 0:
        m = decide(g, level)
        if card(m) < M_DRAW:
            assert bool(m & F_LAST) == (g.hand_size(0) == 2)
        assert g.apply(m) == 0
    assert g.hand_size(0) == 1 or level == EASY  # no penalty drawn


@pytest.mark.parametrize("level", SMART)
def test_stop_or_plus2_against_a_player_about_to_win(level):
    g = table(["R3 R5 RSTOP G6 B7", "Y1", "B1 B3 B4", "G1 G3 G4"], "R4")
    assert decide(g, level) == card_type("RSTOP")
    g = table(["R3 R5 R+2 G6 B7", "Y1", "B1 B3 B4", "G1 G3 G4"], "R4")
    assert decide(g, level) == card_type("R+2")


@pytest.mark.parametrize("level", SMART)
def test_plus_is_followed_by_a_card(level):
    g = table(["RPLUS R3 G6 B7", "B1 B3 B4"], "R4")
    assert decide(g, level) == card_type("RPLUS")
    assert g.apply(card_type("RPLUS")) == 0 and g.phase() == P_PLUS
    assert decide(g, level) == card_type("R3")


@pytest.mark.parametrize("level", SMART)
def test_free_card_after_king_starts_the_biggest_run(level):
    g = table(["KING BTAKI B1 B3 B5 G6 Y7", "R1 R3"], "R4")
    assert g.apply(card_type("KING")) == 0 and g.phase() == P_KING
    assert decide(g, level) == card_type("BTAKI")


@pytest.mark.parametrize("level", SMART)
def test_king_is_kept_when_a_plain_card_will_do(level):
    g = table(["KING R3 G4 B5 Y6", "B1 B3 B4"], "R9")
    assert decide(g, level) == card_type("R3")


@pytest.mark.parametrize("level", SMART)
def test_a_winning_card_is_played(level):
    g = table(["COLOR", "B1 B3 B4"], "R4")
    assert card(decide(g, level)) in range(M_COLOR, M_COLOR + 4)
    g = table(["KING", "B1 B3 B4"], "R4 R+2", pending=2)
    assert decide(g, level) == card_type("KING")


@pytest.mark.parametrize("level", SMART)
def test_two_kings_win_together(level):
    g = table(["KING KING", "B1 B3 B4"], "R4")
    assert wins_this_turn(g, level)


# Hands that one turn can empty, though not card by card in the obvious
# order: a PLUS before the TAKI, a run closed on its PLUS, KING after KING.
ONE_TURN = [
    (["RPLUS SUPERTAKI", "B1 B3"], "R7", {}),
    (["BTAKI BPLUS", "G1 G3"], "B1", {}),
    (["YSTOP YPLUS YPLUS", "G1 G3"], "Y4", {}),
    (["B3 BPLUS SUPERTAKI KING", "Y1 Y3"], "G8", {}),
    (["G4 GTAKI KING KING", "B1 B3"], "Y3", {}),
    (["RSTOP RDIR RPLUS KING KING", "G1 G3"], "R4 RTAKI", {"run": 0}),
    (["BTAKI COLOR KING", "G1 G3"], "R4 RTAKI", {"run": 0}),
    (["Y6 YPLUS YPLUS SUPERTAKI KING", "G1 G3"], "R5", {}),
    (["KING B4", "G1 G3"], "R4 R+2", {"pending": 2}),
    (["B1 B3", "R+2 KING", "Y1 Y3"], "G8 +3", {"current": 1, "plus3_by": 0}),
]


@pytest.mark.parametrize("hands, discard, kw", ONE_TURN)
def test_hard_empties_its_hand_when_one_turn_can(hands, discard, kw):
    assert wins_this_turn(table(hands, discard, **kw), HARD)


def can_empty(g, seat):
    """Brute force over the engine: can seat empty its hand this turn?"""
    buf = bytearray(NMOVES)
    for i in range(g.legal_moves(buf)):
        m = buf[i]
        if m in (M_DRAW, M_END, M_ACCEPT, M_LAST) or m >= M_BREAK:
            continue
        h = copy.deepcopy(g)
        assert h.apply(m | F_LAST) == 0
        if h.over():
            if h.winner() == seat:
                return True
        elif h.current() == seat and h.phase() != P_TURN and can_empty(h, seat):
            return True
    return False


def test_hard_never_misses_a_turn_that_empties_its_hand():
    """Over many games against normal players: whenever a brute-force search
    of the rules finds a turn that empties hard's hand, hard plays one; and
    hard spends a KING on a +3 only in such a turn."""
    g = Game()
    b = Bots()
    chances = Counter()
    for seed in range(0, 300, SWEEP):
        hero = seed % 4
        levels = [NORMAL] * 4
        levels[hero] = HARD
        state = {"must": False}

        def hook(game, m):
            if game.current() != hero:
                assert not state["must"], "seed %d: hard missed a winning turn" % seed
            elif game.actor(m) == hero and game.phase() in (P_TURN, P_PLUS3):
                state["must"] = can_empty(game, hero)
                chances[game.phase()] += state["must"]
                if game.phase() == P_PLUS3 and card(m) == 54:
                    assert state["must"], "seed %d: KING spent on a +3" % seed
        play(g, b, levels, seed, on_move=hook)
        assert not state["must"] or g.winner() == hero
    assert chances[P_TURN] > 50 // SWEEP


def test_hard_plays_a_plus_it_cannot_follow_rather_than_draw():
    # shed the PLUS, draw one: the hand keeps its size, drawing would grow it
    g = table(["RPLUS G3 B5 Y7", "B1 B3 B4"], "R4")
    assert decide(g, HARD) == card_type("RPLUS")
    g = table(["RPLUS R3 B5 Y7", "B1 B3 B4"], "R4")
    assert decide(g, HARD) == card_type("RPLUS")  # ... and R3 follows it


def test_hard_holds_its_plus3_while_a_breaker_is_unseen_but_not_to_draw():
    g = table(["+3 R3 B5 Y7", "B1 B3 B4", "G1 G3 G4"], "R4")
    assert decide(g, HARD) == card_type("R3")
    g = table(["+3 G3 B5 Y7", "B1 B3 B4", "G1 G3 G4"], "R4")
    assert decide(g, HARD) == card_type("+3")


def test_hard_sheds_a_breaker_normal_keeps_it():
    g = table(["+3BREAK G3 G4", "B1 B3 B4"], "R5")
    assert decide(g, HARD) == 56
    assert decide(g, NORMAL) == M_DRAW


def test_hard_keeps_its_king_when_stuck_normal_spends_it():
    g = table(["KING G3 G4 B6 B7", "B1 B3 B4"], "R5")
    assert decide(g, HARD) == M_DRAW
    assert decide(g, NORMAL) == card_type("KING")


# ------------------------------------------------------------ strength

def win_rate(hero, other, games):
    g = Game()
    b = Bots()
    wins = 0
    for seed in range(games):
        levels = [other] * 4
        levels[seed % 4] = hero
        wins += play(g, b, levels, seed) == seed % 4
    return wins / games


def test_normal_beats_easy_and_hard_beats_normal():
    # Fixed seeds: the figures are exact, not flaky (parity is 25%).
    assert win_rate(NORMAL, EASY, 300) > 0.6
    assert win_rate(HARD, NORMAL, 1500) > 0.28
