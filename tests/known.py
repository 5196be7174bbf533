"""Known-answer helpers (issue 16): replay fixed games and digest what happened.

A digest is the first 16 hex digits of a SHA-256 over the bytes of a record:
the state buffer, every event (code, a, b) in order, every answer of
check() in every state reached. The tests pin these digests, so any change
to the generator, the shuffle, an event, a refusal code or a rule fails
loudly; when a change is meant, print the new figures with

    .venv/bin/python -m tests.known      (from the project folder)

and say why in the commit.
"""

import hashlib
from collections import Counter

from taki_core import rng
from taki_core.game import EVENT_NAMES, F_LAST, M_BREAK, M_DRAW, M_LAST, NMOVES, Game


def digest(data):
    return hashlib.sha256(bytes(data)).hexdigest()[:16]


class Record:
    """Events and refusals of a game, as bytes to digest and names to read."""

    def __init__(self):
        self.events = bytearray()
        self.checks = bytearray()
        self.counts = Counter()
        self.seen = 0

    def take_events(self, g):
        for k in range(max(self.seen, g.ev_total - 32), g.ev_total):
            code, a, b = (g.event(k, f) for f in range(3))
            self.events += bytes((code, a, b))
            self.counts[EVENT_NAMES[code]] += 1
        self.seen = g.ev_total

    def take_checks(self, g):
        for m in range(NMOVES):
            self.checks.append(g.check(m))
            self.checks.append(g.check(m | F_LAST))
        self.checks.append(g.check(255))


def random_game(players, seed, tournament=False, first=0, cap=20000, checks=True):
    """A game of random legal moves chosen with the project's own generator
    (mostly cards, as people play; sometimes "last card"; sometimes an
    unlisted move, which must be refused and change nothing)."""
    g = Game()
    g.reset(players, seed, first=first, tournament=tournament)
    rec = Record()
    rec.take_events(g)
    x = rng.seed_state(seed + 1000)
    buf = bytearray(NMOVES)
    moves = 0
    while not g.over() and moves < cap:
        if checks:
            rec.take_checks(g)
        n = g.legal_moves(buf)
        plays = [m for m in buf[:n] if m < M_DRAW or m >= M_BREAK]
        x = rng.step(x)
        if plays and x % 10 < 9:
            m = plays[(x >> 4) % len(plays)]
        else:
            rest = [m for m in buf[:n] if m != M_LAST] or [M_LAST]
            m = rest[(x >> 4) % len(rest)]
        if (x >> 12) & 1:
            m |= F_LAST
        if (x >> 13) % 16 == 0:  # an unlisted move: refused, nothing changes
            bad = (x >> 17) % 256
            if bad & 0x7F not in buf[:n]:
                before = bytes(g.s)
                err = g.apply(bad)
                assert err and bytes(g.s) == before
                rec.checks.append(err)
        assert g.apply(m) == 0
        rec.take_events(g)
        moves += 1
    return g, moves, rec


def summary(players, seed, tournament=False, first=0, checks=True):
    g, moves, rec = random_game(players, seed, tournament, first, checks=checks)
    return {
        "moves": moves,
        "winner": g.winner(),
        "state": digest(g.s),
        "events": digest(rec.events),
        "checks": digest(rec.checks) if checks else None,
        "counts": dict(sorted(rec.counts.items())),
    }


def bot_game(levels, seed, tournament=False):
    """A whole game between bots (sim.bench.bots.play): every move digested."""
    from sim.bench.bots import play
    from taki_core.bots import Bots
    moves = bytearray()
    g = Game()
    winner = play(g, Bots(), levels, seed, tournament=tournament,
                  on_move=lambda game, m: moves.append(m & 0xFF))
    return {"winner": winner, "moves": len(moves), "digest": digest(moves), "state": digest(g.s)}


GAMES = [  # (players, seed, tournament, first)
    (2, 1, False, 0),
    (3, 5, False, 2),
    (4, 7, False, 1),
    (6, 11, False, 0),
    (10, 3, False, 4),
    (2, 8, True, 1),
    (3, 2, True, 0),
    (5, 21, True, 3),
]

BOT_GAMES = [  # (levels, seed, tournament)
    ((1, 2), 1, False),
    ((2, 3), 2, False),
    ((3, 3), 3, False),
    ((3, 2, 1), 4, False),
    ((2, 2, 2, 2), 5, False),
    ((3, 2, 3, 2), 6, False),
    ((3, 1, 2, 3, 1), 7, False),
    ((3, 2, 2, 2, 2, 2, 2, 2, 2, 2), 8, False),
    ((3, 2), 9, True),
    ((3, 3, 2), 10, True),
    ((1, 3, 2, 3), 11, True),
]


if __name__ == "__main__":
    for args in GAMES:
        print(args, summary(*args))
    for args in BOT_GAMES:
        print(args, bot_game(*args))
