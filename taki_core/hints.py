"""A hint for the player to act: the move the NORMAL computer would make with
that hand, and why, as a small reason code (the UI turns it into words).

    from taki_core.hints import hint
    move, why = hint(bots, game)   # bots: a taki_core.bots.Bots

It sees what NORMAL sees (its own hand, the public table) and leaves the
bots' random generator as it was, so asking for a hint never changes how the
computers play on (a resumed game still replays exactly). Allocates nothing.
"""

from micropython import const

from taki_core.bots import NORMAL
from taki_core.cards import (
    BREAK, COLOR, COLOUR_OF, KING, PLUS3, S_PLUS2, S_TAKI, SUPERTAKI, SYMBOL_OF,
)
from taki_core.game import (
    F_LAST, M_ACCEPT, M_CLOSE, M_COLOR, M_DRAW, M_END, P_KING, P_PLUS, P_PLUS3, P_RUN,
)

# why (in order: the texts' order in the UI's table)
W_DRAW = const(0)         # you can't play: draw a card
W_DRAW_BETTER = const(1)  # drawing keeps your cards for later
W_COLOUR = const(2)       # same colour as the pile
W_SYMBOL = const(3)       # same symbol as the pile
W_PLUS2 = const(4)        # answers the +2
W_RUN = const(5)          # keeps your TAKI run going
W_CLOSE = const(6)        # closes your run
W_TAKI = const(7)         # starts a run of its colour
W_CHANGE = const(8)       # changes the colour
W_KING = const(9)         # KING: goes on anything
W_BREAK = const(10)       # breaks the +3
W_ACCEPT = const(11)      # take the three cards
W_END = const(12)         # end your turn
W_PLUS3 = const(13)       # +3: everyone else draws three
W_PLUS = const(14)        # one more card after the PLUS
W_FREE = const(15)        # after the KING any card goes
NWHY = const(16)


def hint(bots, game):
    """(move, W_* reason) for game.current(): NORMAL's choice, F_LAST kept."""
    x = bots.x
    m = bots.choose(game, game.current(), NORMAL)
    bots.x = x  # the computers' draws go on as if nobody had asked
    return m, why(game, m)


def why(game, m):
    """The reason code for move m in the game as it is (before m)."""
    m &= ~F_LAST
    ph = game.phase()
    if m == M_DRAW:
        n = game.legal_moves(bots_scratch)
        for i in range(n):
            k = bots_scratch[i]
            if k < M_DRAW:
                return W_DRAW_BETTER
        return W_DRAW
    if m == M_CLOSE:
        return W_CLOSE
    if m == M_END:
        return W_END
    if m == M_ACCEPT:
        return W_ACCEPT
    if m == BREAK:
        return W_BREAK
    if m >= M_COLOR or m == COLOR:
        return W_CHANGE
    if ph == P_RUN:
        return W_RUN
    if m == KING:
        return W_KING
    if ph == P_PLUS3:
        return W_KING  # (the only other answer: KING and BREAK are above)
    if game.pending() and m < COLOR and SYMBOL_OF[m] == S_PLUS2:
        return W_PLUS2
    if m == PLUS3:
        return W_PLUS3
    if m == SUPERTAKI or (m < COLOR and SYMBOL_OF[m] == S_TAKI):
        return W_TAKI
    if ph == P_PLUS:
        return W_PLUS
    if ph == P_KING:
        return W_FREE
    lead = game.leading()
    if m < COLOR and lead < COLOR and SYMBOL_OF[m] == SYMBOL_OF[lead] and (
            COLOUR_OF[m] != game.color()):
        return W_SYMBOL
    return W_COLOUR


bots_scratch = bytearray(80)  # legal moves, for why() (made once)
