"""Shared helpers for the core tests: card census and a random player."""

from taki_core.cards import COPIES, DECK_SIZE
from taki_core.game import F_LAST, M_BREAK, M_DRAW, M_LAST, NMOVES, Game
from taki_core.table import AT_DRAW


def census(g):
    """How many of each card type are on the table, everywhere."""
    count = [0] * len(COPIES)
    buf = bytearray(DECK_SIZE)
    for p in range(g.players):
        for t in buf[:g.hand(p, buf)]:
            count[t] += 1
    for i in range(g.draw_count()):
        count[g.s[AT_DRAW + i]] += 1
    for i in range(g.discard_count()):
        count[g.discard_card(i)] += 1
    return count


def clone(g):
    c = Game()
    c.s[:] = g.s
    c.players = g.players
    return c


def pick(r, moves):
    """A random move, usually a card (pure random play makes endless games)."""
    plays = [m for m in moves if m < M_DRAW or m >= M_BREAK]
    if plays and r.random() < 0.9:
        m = r.choice(plays)
    else:
        m = r.choice([m for m in moves if m != M_LAST] or moves)
    return m | F_LAST if r.random() < 0.5 else m


def listed(g):
    buf = bytearray(NMOVES)
    return list(buf[:g.legal_moves(buf)])
