"""What a person's hand shows: which cards are lit, which keys do what.

Both come from the core: a card is lit because `legal_moves` listed it, a
key's meaning because of the phase and what `check` allows.
"""

from taki_core.cards import COLOR, NTYPES
from taki_core.game import M_CLOSE, M_COLOR, P_KING, P_PLUS, P_PLUS3, P_RUN

from taki_ui import strings


def mark_playable(game, moves, playable):
    """playable[t] = 1 for each card type the core lists as legal now."""
    for t in range(NTYPES):
        playable[t] = 0
    n = game.legal_moves(moves)
    for i in range(n):
        m = moves[i]
        if m < NTYPES:
            playable[m] = 1
        elif M_COLOR <= m < M_COLOR + 4:
            playable[COLOR] = 1


def turn_keys(game):
    """The key help for the current phase of a turn."""
    ph = game.phase()
    if ph == P_RUN:
        return strings.KEYS_RUN if game.check(M_CLOSE) == 0 else strings.KEYS_RUN_LONE
    if ph == P_PLUS:
        return strings.KEYS_PLUS
    if ph == P_KING:
        return strings.KEYS_KING
    if ph == P_PLUS3:
        return strings.KEYS_PLUS3
    return strings.KEYS_TURN
