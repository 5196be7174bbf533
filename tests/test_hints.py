"""Issue 25: a hint is the NORMAL computer's move for the hand on screen,
with a reason code that matches the move's kind (taki_core.hints)."""

import random

from taki_core import hints
from taki_core.bots import NORMAL, NO_MOVE, Bots
from taki_core.cards import (
    BREAK, COLOR, COLOUR_OF, KING, PLUS3, S_PLUS2, S_TAKI, SUPERTAKI, SYMBOL_OF,
)
from taki_core.game import (
    F_LAST, M_ACCEPT, M_CLOSE, M_COLOR, M_DRAW, M_END, NMOVES, P_KING, P_PLUS, P_PLUS3,
    P_RUN, Game,
)


def kind_matches(g, m, w):
    """Whether reason w describes move m in game g (before m)."""
    m &= ~F_LAST
    card = m < M_COLOR
    col = card and m < COLOR
    buf = bytearray(NMOVES)
    cards_legal = any(buf[i] < M_DRAW for i in range(g.legal_moves(buf)))
    return {
        hints.W_DRAW: m == M_DRAW and not cards_legal,
        hints.W_DRAW_BETTER: m == M_DRAW and cards_legal,
        hints.W_COLOUR: col and COLOUR_OF[m] == g.color(),
        hints.W_SYMBOL: col and g.leading() < COLOR and SYMBOL_OF[m] == SYMBOL_OF[g.leading()],
        hints.W_PLUS2: col and SYMBOL_OF[m] == S_PLUS2 and g.pending() > 0,
        hints.W_RUN: g.phase() == P_RUN and card,
        hints.W_CLOSE: m == M_CLOSE,
        hints.W_TAKI: m == SUPERTAKI or (col and SYMBOL_OF[m] == S_TAKI),
        hints.W_CHANGE: m == COLOR or M_COLOR <= m < M_DRAW,
        hints.W_KING: m == KING,
        hints.W_BREAK: m == BREAK,
        hints.W_ACCEPT: m == M_ACCEPT and g.phase() == P_PLUS3,
        hints.W_END: m == M_END,
        hints.W_PLUS3: m == PLUS3,
        hints.W_PLUS: g.phase() == P_PLUS and card,
        hints.W_FREE: g.phase() == P_KING and card,
    }[w]


def test_hints_are_normal_s_choice_at_every_position_of_300_deals_with_the_right_reason():
    seen = set()
    positions = 0
    for deal in range(300):
        r = random.Random(deal)
        g = Game()
        g.reset(r.randrange(2, 7), deal, tournament=deal % 5 == 0)
        bots = Bots(deal)
        for _ in range(3000):
            if g.over():
                break
            seat = g.current()
            x = bots.x
            m, w = hints.hint(bots, g)
            assert bots.x == x  # asking changes nothing the computers draw on
            twin = Bots(1)
            twin.x = x
            assert m == twin.choose(g, seat, NORMAL) and m != NO_MOVE
            assert 0 <= w < hints.NWHY and kind_matches(g, m, w), (deal, m, w)
            assert g.check(m) == 0  # a hint is always a legal move
            seen.add(w)
            positions += 1
            # play on: the hint itself or another seat's computer choice
            if r.random() < 0.5:
                m = bots.choose(g, seat, 1 + r.randrange(3))
            assert g.apply(m) == 0
    assert positions > 20000
    # every reason the NORMAL player can give came up
    assert seen >= {hints.W_DRAW, hints.W_COLOUR, hints.W_SYMBOL, hints.W_PLUS2, hints.W_RUN,
                    hints.W_CLOSE, hints.W_TAKI, hints.W_CHANGE, hints.W_KING, hints.W_BREAK,
                    hints.W_ACCEPT, hints.W_PLUS3, hints.W_PLUS, hints.W_FREE}, seen
