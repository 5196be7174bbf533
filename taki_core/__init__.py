"""taki_core: the TAKI rules engine (RULES.md), allocation-free during turns.

Runs unchanged on CircuitPython, MicroPython and CPython. It knows no display
and no button: it is driven by moves (small ints) and tells what happened
through a fixed-size event ring.

Quick use (OpenSpiel-like)::

    from taki_core.game import Game, NMOVES
    g = Game()                       # once: buffers for 10 players, 116 cards
    g.reset(4, seed=7)               # a new deal (tournament=True for R10)
    moves = bytearray(NMOVES)        # caller-owned buffer
    while not g.over():
        n = g.legal_moves(moves)     # writes legal moves, returns how many
        err = g.apply(moves[0])      # 0, or an error code (state untouched)

Cards (``taki_core.cards``): a card type is 0..56. Coloured types are
``colour * 13 + symbol`` (colours R G B Y = 0..3; symbols 1 3 4 5 6 7 8 9
+2 STOP DIR PLUS TAKI = 0..12); then COLOR=52 SUPERTAKI=53 KING=54 PLUS3=55
BREAK=56 (+3 Breaker). ``card_name(t)`` gives 'R5', 'G+2', '+3BREAK'.

Moves (``taki_core.game``), one byte each:

    0..51, 53..56   play a card of that type (56 during an active +3: the
                    player to act answers with their +3 Breaker)
    52              COLOR without a colour: always refused (missing_color)
    M_COLOR + c     play COLOR naming colour c (57..60)
    M_DRAW 61       draw one card, or the +2 stack; after PLUS, the forced draw
    M_CLOSE 62      declare "closed TAKI" and end the run
    M_END 63        end the turn (leave a run open, or after KING)
    M_ACCEPT 64     nobody answers the active +3 (sent as the next player's move)
    M_LAST 65       declare "last card"
    M_BREAK + s     seat s plays a +3 Breaker into the active +3 (66..75)
    | F_LAST 0x80   on any move: declare "last card", then make the move

Error codes are small ints (``E_*``); ``ERROR_NAMES[e]`` is the snake_case
reason ('does_not_match', 'not_your_turn', ...). Phases: P_TURN, P_RUN,
P_PLUS, P_KING, P_PLUS3, P_OVER (``PHASE_NAMES``).

Modules: cards (types, names), rng (the generator), table (state buffer,
dealing, drawing, queries, events), game (the rules), save, bots.

Save/restore: ``taki_core.save.pack(game)`` gives a compact bytes blob with a
version byte and a checksum; ``unpack(game, blob)`` returns 0 or an error code
and loads nothing unless the whole blob is valid.
"""
