"""Card codes, names and the 116-card deck (RULES.md R1).

A card *type* is a small int 0..56; the two (or four) copies of a type are
identical, so the engine stores types, never copies.

    coloured:   type = colour * 13 + symbol     (colour 0..3, symbol 0..12)
    colourless: COLOR=52 SUPERTAKI=53 KING=54 PLUS3=55 BREAK=56

Symbols 0..7 are the numbers 1 3 4 5 6 7 8 9, then +2 STOP DIR PLUS TAKI.
A colourless type's symbol is 13..17, so it never equals a coloured one.
"""

from micropython import const

RED = const(0)
GREEN = const(1)
BLUE = const(2)
YELLOW = const(3)
NO_COLOR = const(4)
COLOR_LETTERS = "RGBY"

S_PLUS2 = const(8)
S_STOP = const(9)
S_DIR = const(10)
S_PLUS = const(11)
S_TAKI = const(12)

COLOR = const(52)
SUPERTAKI = const(53)
KING = const(54)
PLUS3 = const(55)
BREAK = const(56)
NTYPES = const(57)
DECK_SIZE = const(116)

_SYMBOLS = ("1", "3", "4", "5", "6", "7", "8", "9", "+2", "STOP", "DIR", "PLUS", "TAKI")
_COLOURLESS = ("COLOR", "SUPERTAKI", "KING", "+3", "+3BREAK")

# Names made once at import, so card_name() returns a shared str (no allocation).
NAMES = tuple(c + s for c in COLOR_LETTERS for s in _SYMBOLS) + _COLOURLESS

# Lookup tables: indexing a bytes object allocates nothing.
COLOUR_OF = bytes([t // 13 for t in range(52)] + [NO_COLOR] * 5)
SYMBOL_OF = bytes([t % 13 for t in range(52)] + [13, 14, 15, 16, 17])
COPIES = bytes([2] * 52 + [4, 2, 2, 2, 2])


def card_name(t):
    """'R5', 'G+2', 'COLOR', ... for a type; '?' for anything else."""
    if 0 <= t < NTYPES:
        return NAMES[t]
    return "?"


def card_type(name):
    """The type of a card name ('R5', '+3BREAK'), or -1 if there is none."""
    for t in range(NTYPES):
        if NAMES[t] == name:
            return t
    return -1


def color_index(letter):
    """0..3 for 'R', 'G', 'B', 'Y'; -1 otherwise."""
    if isinstance(letter, str) and len(letter) == 1:
        return COLOR_LETTERS.find(letter)
    return -1


def is_coloured(t):
    return t < 52


def canonical_deck(buf, start=0):
    """Write the 116 types in the canonical order of SCENARIOS.md into buf."""
    i = start
    for t in range(NTYPES):
        for _ in range(COPIES[t]):
            buf[i] = t
            i += 1
    return i - start
