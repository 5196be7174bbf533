"""Restores never crash (issue 13): a blob with a valid checksum is either
refused by ``save.unpack`` or is a state the engine plays on from, to the
end of the game, without an exception.

``unpack`` checks the state as a whole (save._valid). Here: every state that
play reaches is accepted (a finished game's too); each impossible combination
is refused, field by field and at each bound; and 100,000+ random mutations
of real saves (bytes of the head, cards moved or swapped between hands and
piles with the deck kept whole, the impossible combinations) are each
refused or played on with random legal moves, checking that legal_moves,
check and apply agree along the way.
"""

import binascii
import os
import random
import time

import pytest

from core_play import census, listed, pick
from taki_core import rng, save
from taki_core.cards import BREAK, COLOR, COPIES, DECK_SIZE, card_type
from taki_core.game import (
    F_LAST, Game, M_DRAW, M_END, NMOVES, P_KING, P_OVER, P_PLUS, P_PLUS3, P_RUN, P_TURN,
)
from taki_core.table import (
    AT_COLOR, AT_CUR, AT_DECL, AT_DIR, AT_DLEN, AT_HSIZE, AT_IDLE, AT_LEAD,
    AT_LEADPOS, AT_MOVED, AT_N, AT_OWE, AT_P3BY, AT_PEND, AT_PHASE, AT_RNG,
    AT_RUNC, AT_RUNN, AT_RUNOPEN, AT_STAGE, AT_TOUR, AT_WIN, AT_XLEN,
    HEAD_SIZE, UNSET,
)

# sim/testing/mutate.py sets TAKI_MUTATE: each mutant then gets a shorter fuzz.
MUTATIONS = 4000 if os.environ.get("TAKI_MUTATE") else 100000
H = 2                  # the state head starts at blob[2]
CARDS = H + HEAD_SIZE  # then every card: hands, draw pile, discard pile
END = CARDS + DECK_SIZE


def fast_checksum(data, n):
    """save.checksum (CRC-16/CCITT-FALSE) in C, so the fuzz spends its time
    on the state checks; test_fast_checksum_is_the_real_one pins them equal."""
    return binascii.crc_hqx(bytes(data[:n]), 0xFFFF)


@pytest.fixture
def fast_crc(monkeypatch):
    monkeypatch.setattr(save, "checksum", fast_checksum)


def seal(blob):
    """The blob with a valid checksum again."""
    c = fast_checksum(blob, END)
    blob[END] = c >> 8
    blob[END + 1] = c & 0xFF
    return bytes(blob)


def edit(blob, **fields):
    """The blob with head fields set (AT_ names without AT_, e.g. PHASE=1)."""
    b = bytearray(blob)
    for name, v in fields.items():
        b[H + globals()["AT_" + name]] = v
    return seal(b)


def loads(blob):
    return save.unpack(Game(), blob) == save.S_OK


# --------------------------------------------------------- states of play

def states(seeds, uniform=False):
    """The game at every state of random games: moves as pick() makes them,
    or any legal move at all (odder states: long hands, reshuffles). Seeds
    0..8, 27..35, ... are tournaments; seed % 9 sets the table size."""
    g = Game()
    buf = bytearray(NMOVES)
    for seed in seeds:
        r = random.Random(seed)
        players = 2 + seed % 9
        tour = seed // 9 % 3 == 0 and not (uniform and players > 3)
        g.reset(players, seed, first=r.randrange(players), tournament=tour)
        while True:
            yield g
            if g.over():
                break
            if uniform:
                g.apply(buf[r.randrange(g.legal_moves(buf))] | (F_LAST if r.random() < .5 else 0))
            else:
                g.apply(pick(r, listed(g)))


BASES = {}


KINDS = {
    "deal": lambda g: True,
    "deal4": lambda g: g.players == 4 and not g.tournament(),
    "tour": lambda g: g.tournament() and g.phase() == P_TURN and g.players == 4,
    "turn": lambda g: g.phase() == P_TURN and g.draw_count() < 60 and g.players == 3,
    "stack": lambda g: g.pending() >= 4,
    "run": lambda g: g.phase() == P_RUN and g.s[AT_RUNN] >= 2,
    "open": lambda g: g.run_open(),
    "plus": lambda g: g.phase() == P_PLUS and g.hand_size(g.current()) > 1 and not g.tournament(),
    "king": lambda g: g.phase() == P_KING,
    "plus3": lambda g: g.phase() == P_PLUS3 and g.players > 2,
    "over": lambda g: g.over() and not g.tournament(),
    "tour_over": lambda g: g.over() and g.tournament(),
    "owe": lambda g: g.s[AT_OWE] == 1,
    "under_break": lambda g: g.discard_top() == BREAK and g.leading() != BREAK,
    "under_break_turn": lambda g: (g.discard_top() == BREAK and g.leading() < COLOR
                                   and g.phase() == P_TURN and not g.pending()
                                   and g.run_color() < 0),
    "red_stack": lambda g: g.pending() and g.color() == 0,
    "run_not_red": lambda g: g.phase() == P_RUN and g.run_color() > 0,
    "open_not_red": lambda g: g.run_open() and g.run_color() > 0,
    "one_card": lambda g: (g.phase() == P_TURN and g.hand_size(g.current()) == 1
                           and not g.tournament()),
    "ten": lambda g: g.players == 10 and not g.tournament(),
    "r1_leads": lambda g: g.leading() == 0 and g.discard_count() == 1,
}


def base(kind):
    """Real saves of a few kinds: the first state of play (in seed order)
    of each kind, found in one pass."""
    if not BASES:
        for g in states(range(1000)):
            for k, pred in KINDS.items():
                if k not in BASES and pred(g):
                    BASES[k] = save.pack(g)
            if len(BASES) == len(KINDS):
                break
    return BASES[kind]


def field(blob, at):
    return blob[H + at]


# ------------------------------------------------------------ acceptance

def test_fast_checksum_is_the_real_one():
    for _, g in zip(range(50), states(range(3))):
        blob = save.pack(g)
        assert fast_checksum(blob, END) == save.checksum(blob, END)
        assert blob[END:] == bytes([save.checksum(blob, END) >> 8, save.checksum(blob, END) & 0xFF])


def test_every_state_that_play_reaches_is_accepted(fast_crc):
    """After every move of many games, odd ones included (uniformly random
    moves: long hands, reshuffles, blocked games), the save is accepted."""
    h = Game()
    seen = set()
    runs = ((range(16), False), (range(27, 31), False), (range(100, 106), True))
    if os.environ.get("TAKI_MUTATE"):
        runs = ((range(4), False), (range(27, 28), False), (range(100, 101), True))
    for seeds, uniform in runs:
        for g in states(seeds, uniform):
            blob = save.pack(g)
            assert save.unpack(h, blob) == save.S_OK, list(blob[H:CARDS])
            assert h.s == g.s
            seen.add(g.phase())
    assert seen == {P_TURN, P_RUN, P_PLUS, P_KING, P_PLUS3, P_OVER}


def test_a_finished_game_is_accepted(fast_crc):
    for kind in ("over", "tour_over"):
        blob = base(kind)
        assert field(blob, AT_PHASE) == P_OVER
        h = Game()
        assert save.unpack(h, blob) == save.S_OK
        assert h.over() and h.winner() == h.current() >= 0
        assert listed(h) == []


def blocked_game():
    """Two players hold every card but the leading R8, and both draw nothing:
    two idle turns in a row end the game (R4.4)."""
    rest = [t for t in range(57) for _ in range(COPIES[t])]
    rest.remove(card_type("R8"))
    g = Game()
    g.arrange(2, [rest[:60], rest[60:]], [card_type("R8")], [])
    assert g.apply(M_DRAW) == 0 and g.apply(M_DRAW) == 0
    assert g.over() and g.s[AT_IDLE] == 2 and g.winner() == 1
    return g


def test_a_blocked_game_is_accepted(fast_crc):
    """Its save, idle counter at n, still loads; n + 1 idle turns do not."""
    blob = save.pack(blocked_game())
    assert loads(blob)
    assert not loads(edit(blob, IDLE=3))
    assert not loads(edit(blob, PHASE=P_TURN, WIN=UNSET))  # n idle turns: over


# --------------------------------------------------------------- refusals

IMPOSSIBLE = [
    # (base, head fields, what is wrong)
    ("turn", dict(PHASE=P_RUN), "a run phase with no run colour"),
    ("run", dict(RUNN=255), "a run count out of range"),
    ("run", dict(RUNN=30), "more cards in one run than a colour, two SUPERTAKIs and a COLOR"),
    ("run", dict(RUNN=0), "inside a run with no card put in it"),
    ("king", dict(IDLE=255), "idle counter out of range"),
    ("king", dict(MOVED=0), "a KING's free card in a turn where no card moved"),
    ("plus", dict(MOVED=0), "after a PLUS in a turn where no card moved"),
    ("run", dict(MOVED=0), "inside a run in a turn where no card moved"),
    ("plus3", dict(MOVED=1), "an unanswered +3 in a turn where a card moved"),
    ("deal4", dict(N=7), "7 players, 3 of them without cards"),
    ("deal4", dict(N=6), "6 players, 2 of them without cards"),
    ("deal4", dict(N=3), "seat 3 holds cards but only 3 players"),
    ("deal4", dict(N=11), "11 players"),
    ("deal4", dict(N=1), "1 player"),
    ("tour", {"STAGE": 0, "TOUR": 1}, "a tournament seat at stage 0 while it runs"),
    ("deal4", dict(TOUR=1), "a tournament with every stage 0"),
    ("tour", dict(TOUR=0), "stages outside a tournament"),
    ("tour", dict(STAGE=9), "stage 9"),
    ("turn", dict(PHASE=P_PLUS3), "a +3 phase that nobody played"),
    ("turn", dict(PHASE=P_PLUS3, P3BY=0), "a +3 phase with no +3 leading"),
    ("plus3", dict(P3BY=UNSET), "an active +3 without its player"),
    ("plus3", dict(PHASE=P_TURN), "a +3's player with no +3 phase"),
    ("turn", dict(PHASE=P_PLUS), "after a PLUS with no PLUS leading"),
    ("turn", dict(PHASE=P_KING), "after a KING with no KING leading"),
    ("turn", dict(PEND=2), "a +2 stack with no +2 leading"),
    ("stack", dict(PEND=3), "an odd +2 stack"),
    ("stack", dict(PEND=18), "a +2 stack bigger than the 8 +2 cards"),
    ("stack", dict(PHASE=P_KING), "a KING phase over a +2 stack"),
    ("stack", dict(RUNC=0, RUNOPEN=1), "a +2 stack and an open run"),
    ("turn", dict(PHASE=6), "phase 6"),
    ("turn", dict(COLOR=4), "colour 4"),
    ("turn", dict(DIR=2), "direction flag 2"),
    ("turn", dict(DECL=2), "declared flag 2"),
    ("turn", dict(TOUR=2), "tournament flag 2"),
    ("turn", dict(RUNOPEN=2), "open-run flag 2"),
    ("turn", dict(OWE=1), "a last-card debt at the start of a turn"),
    ("owe", dict(OWE=2), "owe flag 2"),
    ("turn", dict(WIN=0), "a winner while the game runs"),
    ("over", dict(WIN=UNSET), "a finished game without a winner"),
    ("over", dict(PHASE=P_TURN), "a winner but the game runs on"),
    ("turn", dict(RUNOPEN=1), "an open run without a colour"),
    ("open", dict(RUNOPEN=0), "a run colour at the start of a turn, not open"),
    ("run", dict(RUNOPEN=1), "inside one's own run and open for oneself"),
    ("run", dict(RUNC=UNSET), "inside a run without its colour"),
    ("run", dict(RUNC=7), "run colour 7"),
    ("turn", dict(LEAD=card_type("KING")), "a leading card that is not where the pile says"),
    ("turn", dict(LEADPOS=200), "a leading card beyond the pile"),
    ("deal", dict(XLEN=0, DLEN=0), "an empty discard pile"),
    ("deal", dict(CUR=255), "current seat out of range"),
    ("deal", dict(P3BY=1), "a +3's player at the start of a game"),
    ("deal", dict(RNG=0, RNG1=0, RNG2=0, RNG3=0), "a generator stuck at 0"),
    ("deal", dict(RNG3=0x40), "a generator state of 2**30 or more"),
]


def apply_fields(blob, fields):
    b = bytearray(blob)
    for name, v in fields.items():
        if name.startswith("RNG") and name != "RNG":
            b[H + AT_RNG + int(name[3:])] = v
        elif name == "STAGE":
            b[H + AT_STAGE] = v
        else:
            b[H + globals()["AT_" + name]] = v
    return seal(b)


@pytest.mark.parametrize("kind, fields, why", IMPOSSIBLE, ids=[w for _, _, w in IMPOSSIBLE])
def test_impossible_states_are_refused(fast_crc, kind, fields, why):
    blob = base(kind)
    assert loads(blob)
    bad = apply_fields(blob, fields)
    assert bad != blob, why
    g = Game()
    before = bytes(g.s)
    assert save.unpack(g, bad) == save.S_INVALID, why
    assert bytes(g.s) == before


def set_rng(blob, x):
    return apply_fields(blob, {"RNG%d" % i: (x >> 8 * i) & 0xFF for i in range(4)})


def test_each_bound_holds_from_both_sides(fast_crc):
    n4 = base("deal4")
    assert loads(edit(n4, CUR=3)) and not loads(edit(n4, CUR=4))
    assert loads(edit(n4, IDLE=3)) and not loads(edit(n4, IDLE=4))
    over = base("over")
    n = field(over, AT_N)
    assert loads(edit(over, IDLE=n)) and not loads(edit(over, IDLE=n + 1))
    stack = base("stack")
    assert loads(edit(stack, PEND=16)) and not loads(edit(stack, PEND=18))
    assert loads(edit(stack, PEND=2)) and not loads(edit(stack, PEND=0, PHASE=P_KING))
    run = base("run")
    assert loads(edit(run, RUNN=29)) and not loads(edit(run, RUNN=30))
    assert loads(edit(run, RUNN=1)) and not loads(edit(run, RUNN=0))
    tour = base("tour")
    assert loads(edit(tour, STAGE=8)) and not loads(edit(tour, STAGE=9))
    assert loads(edit(tour, STAGE=1)) and not loads(edit(tour, STAGE=0))
    deal = base("deal")
    assert loads(set_rng(deal, rng.P - 1)) and not loads(set_rng(deal, rng.P))
    assert loads(set_rng(deal, 1)) and not loads(set_rng(deal, 0))
    # the colour of a coloured leading card is the active colour (R3.2)
    lead = field(deal, AT_LEAD)
    assert not loads(edit(deal, COLOR=(lead // 13 + 1) % 4))
    king = base("king")  # a colourless card leads: any colour
    assert all(loads(edit(king, COLOR=c)) for c in range(4))
    assert not loads(edit(king, COLOR=4))
    # the leading card is at its place: on top, or under own-turn Breakers
    top = field(deal, AT_XLEN) - 1
    assert not loads(edit(deal, LEADPOS=top + 1))
    ub = base("under_break")
    assert loads(ub)
    xlen = field(ub, AT_XLEN)
    assert field(ub, AT_LEADPOS) < xlen - 1
    lp = field(ub, AT_LEADPOS)
    assert loads(edit(ub, LEADPOS=xlen - 1, LEAD=BREAK))  # as if it broke a +3
    assert lp > 0
    under = ub[END - xlen + lp - 1]  # the card below the leading one
    assert not loads(edit(ub, LEADPOS=lp - 1, LEAD=under))  # a card over it not a Breaker
    assert not loads(edit(ub, PHASE=P_KING))


def test_each_whole_state_check_on_its_own(fast_crc):
    """States that only one check of save._valid refuses."""
    for kind in ("plus", "king", "plus3", "over"):  # a +2 stack outside a turn's start
        assert not loads(edit(base(kind), PEND=2)), kind
    # a stack and a red run left open: the lead is red, so only the stack check
    assert not loads(edit(base("red_stack"), RUNC=0, RUNOPEN=1))
    # a run in force of another colour than the active one and the lead's
    for kind in ("run_not_red", "open_not_red"):
        blob = base(kind)
        c = field(blob, AT_RUNC)
        for r in range(4):
            assert loads(edit(blob, RUNC=r)) == (r == c), (kind, r)
    # a run left open under own-turn Breakers: its last card would be on top
    ub = base("under_break_turn")
    assert loads(ub)
    assert not loads(edit(ub, RUNC=field(ub, AT_COLOR), RUNOPEN=1))
    # a last-card debt at the start of a turn, the hand holding one card
    assert not loads(edit(base("one_card"), OWE=1))
    # an 11th seat on a table of 10
    assert not loads(edit(base("ten"), N=11))
    assert not loads(edit(base("ten"), N=0))
    # ... also where a blob left half laid out would pass: R1 alone leads
    # (an empty discard pile reads as R1s) and the 11th seat's size byte is
    # the first hand count, 0
    g = Game()
    seed = next(s for s in range(1000) if g.reset(10, s) or g.leading() == 0)
    assert seed and g.discard_count() == 1
    blob = save.pack(g)
    assert loads(blob) and not loads(edit(blob, N=11))


def test_cards_that_are_not_the_deck_are_refused(fast_crc):
    """Not a card type, or one card type for another: refused before any
    state check. The base's discard pile is only its R1 (type 0), so a
    blob laid out half would look valid: the card checks must refuse."""
    blob = base("r1_leads")
    assert loads(blob)
    for v in (57, 58, 255):
        bad = bytearray(blob)
        bad[CARDS] = v  # seat 0's first card
        assert save.unpack(Game(), seal(bad)) == save.S_INVALID, v
    bad = bytearray(blob)
    bad[CARDS] = 54 if bad[CARDS] != 54 else 53  # a third KING, or a third SUPERTAKI
    assert save.unpack(Game(), seal(bad)) == save.S_INVALID


def test_empty_hands_only_where_the_rules_leave_them(fast_crc):
    """A running game has at most one empty hand (a seat that found nothing
    to draw, R4.3); one more after a last PLUS (R6.2) or once the game is
    over (the winner's). So a player count raised over empty seats fails."""
    n4 = base("deal4")
    assert loads(edit(n4, N=5))
    assert not loads(edit(n4, N=6))
    over = base("over")
    n = field(over, AT_N)
    assert n <= 8
    assert loads(edit(over, N=n + 1)) and not loads(edit(over, N=n + 2))
    plus = base("plus")
    n = field(plus, AT_N)
    assert n <= 7
    assert loads(edit(plus, N=n + 2)) and not loads(edit(plus, N=n + 3))
    # a run or a KING's free card needs a card to play (R6.1 ends the turn)
    for kind in ("run", "king"):
        blob = bytearray(base(kind))
        cur = blob[H + AT_CUR]
        n = blob[H + AT_N]
        size = blob[H + AT_HSIZE + cur]
        # the current player's cards go to the bottom of the draw pile
        start = CARDS + sum(blob[H + AT_HSIZE + p] for p in range(cur))
        mine = blob[start:start + size]
        rest = blob[start + size:CARDS + sum(blob[H + AT_HSIZE:H + AT_HSIZE + n])]
        blob[start:start + len(rest)] = rest
        blob[start + len(rest):start + len(rest) + size] = mine
        blob[H + AT_HSIZE + cur] = 0
        blob[H + AT_DLEN] += size
        blob[H + AT_OWE] = 0
        assert not loads(seal(blob)), kind


# ------------------------------------------------------------------- fuzz

def census_ok(g):
    return census(g) == list(COPIES)


def play_on(g, r, limit, check_every=0):
    """Random legal moves for up to limit moves (all of them: the game must
    end). Along the way legal_moves, check and apply must agree."""
    buf = bytearray(NMOVES)
    for k in range(limit):
        if g.over():
            assert g.legal_moves(buf) == 0 and g.check(M_END) != 0
            return True
        n = g.legal_moves(buf)
        assert n > 0
        moves = buf[:n]
        if check_every and k % check_every == 0:
            assert set(moves) == {m for m in range(NMOVES) if g.check(m) == 0}
            m = r.randrange(256)
            if m & 0x7F not in moves:
                before = bytes(g.s)
                assert g.apply(m) != 0 and bytes(g.s) == before
        m = pick(r, list(moves))
        assert g.check(m) == 0
        assert g.apply(m) == 0
    return g.over()


def mutate(r, blob):
    """One random mutation of a valid blob; returns (kind, new blob)."""
    b = bytearray(blob)
    k = r.randrange(9)
    if k <= 1:  # any byte of any head field, any value
        b[H + r.randrange(HEAD_SIZE)] = r.randrange(256)
    elif k == 2:  # a near value: off by one or two, or a telling one
        i = H + r.randrange(HEAD_SIZE)
        v = r.choice((b[i] + 1, b[i] - 1, b[i] + 2, 0, 1, 2, 8, 9, 10, 16, 254, 255))
        b[i] = v & 0xFF
    elif k == 3:  # two fields at once
        for _ in range(2):
            b[H + r.randrange(HEAD_SIZE)] = r.choice((0, 1, 2, 3, 4, 5, r.randrange(256)))
    elif k == 4:  # swap two cards anywhere: hands, draw pile, discard pile
        i, j = r.randrange(CARDS, END), r.randrange(CARDS, END)
        b[i], b[j] = b[j], b[i]
    elif k == 5:  # move a card from one hand or pile to another (deck kept)
        n = b[H + AT_N]
        segs = [H + AT_HSIZE + p for p in range(n)] + [H + AT_DLEN, H + AT_XLEN]
        src, dst = r.choice(segs), r.choice(segs)
        if b[src] == 0 or src == dst:
            return "move", None
        starts = {}
        at = CARDS
        for s in segs:
            starts[s] = at
            at += b[s]
        cards = list(b[CARDS:END])
        c = cards.pop(starts[src] - CARDS + r.randrange(b[src]))
        b[src] -= 1
        starts = {}
        at = 0
        for s in segs:
            starts[s] = at
            at += b[s]
        cards.insert(starts[dst] + r.randrange(b[dst] + 1), c)
        b[dst] += 1
        b[CARDS:END] = bytes(cards)
    elif k == 6:  # a card swap and a head byte
        i, j = r.randrange(CARDS, END), r.randrange(CARDS, END)
        b[i], b[j] = b[j], b[i]
        b[H + r.randrange(HEAD_SIZE)] = r.randrange(16)
    else:  # one of the impossible combinations, on any state
        fields = r.choice(IMPOSSIBLE)[1]
        return "impossible", apply_fields(blob, fields)
    return "kind%d" % k, seal(b)


def test_fuzz_every_mutation_is_refused_or_plays_on(fast_crc):
    r = random.Random(13)
    pool = [save.pack(g) for i, g in enumerate(states(range(40))) if i % 37 == 0]
    pool += [save.pack(g) for i, g in enumerate(states(range(200, 215), True)) if i % 97 == 0]
    pool += [base(k) for k in ("run", "plus", "king", "plus3", "stack", "open", "over",
                               "tour_over", "owe", "under_break")]
    assert len(pool) > 300
    g = Game()
    tried = refused = played = ended = 0
    per_kind = {}
    t0 = time.time()
    while tried < MUTATIONS:
        kind, bad = mutate(r, r.choice(pool))
        if bad is None:
            continue
        tried += 1
        err = save.unpack(g, bad)
        ok_kind = per_kind.setdefault(kind, [0, 0])
        if err:
            assert err == save.S_INVALID
            refused += 1
            ok_kind[0] += 1
            continue
        ok_kind[1] += 1
        again = Game()  # hands are multisets: pack sorts them, the state is the same
        assert save.unpack(again, save.pack(g)) == save.S_OK and again.s == g.s
        whole = played % 100 == 0
        if play_on(g, r, 200000 if whole else 12, check_every=20 if whole else 100):
            ended += 1
        played += 1
        if whole:
            assert g.over()
        assert census_ok(g)
    secs = time.time() - t0
    print("\nfuzz: %d mutations, %d refused, %d played on (%d to the end), %.1f s; %s"
          % (tried, refused, played, ended, secs, per_kind))
    assert refused > MUTATIONS // 5 and played > MUTATIONS // 20
    for kind, (no, yes) in per_kind.items():
        assert no > 0, kind
