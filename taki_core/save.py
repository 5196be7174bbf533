"""Save and restore a game as a compact bytes blob (164 bytes, any table size).

Layout: b"T", version, the 44 scalar bytes of the state, every seat's cards,
the draw pile, the discard pile (cards as types, bottom first), then a
CRC-16 of all that precedes it. ``unpack`` checks everything (length,
version, checksum, that the 116 cards are exactly the deck, that every
field is in range and agrees with the others: a state that play can reach)
before it touches the game, so a corrupt blob is refused whole and never
half-loaded, and a restored game always plays on.

Not used during turns: packing allocates the blob.
"""

from micropython import const

from taki_core import rng
from taki_core.cards import (
    BREAK, COLOR, COLOUR_OF, COPIES, DECK_SIZE, KING, NTYPES, PLUS3, S_PLUS,
    S_PLUS2, SUPERTAKI, SYMBOL_OF,
)
from taki_core.game import Game
from taki_core.table import (
    AT_DISC, AT_DLEN, AT_DRAW, AT_HAND, AT_HSIZE, AT_IDLE, AT_LEADPOS,
    AT_MOVED, AT_OWE, AT_RUNN, AT_XLEN, FLAG_OFFSETS, HEAD_SIZE, MAX_PLAYERS,
    P_KING, P_OVER, P_PLUS, P_PLUS3, P_RUN, P_TURN, STATE_SIZE,
)

MAGIC = const(0x54)  # "T"
VERSION = const(1)
BLOB_SIZE = const(164)  # 2 + HEAD_SIZE + DECK_SIZE + 2

S_OK = const(0)
S_SIZE = const(1)
S_MAGIC = const(2)
S_VERSION = const(3)
S_CHECKSUM = const(4)
S_INVALID = const(5)
SAVE_ERROR_NAMES = ("ok", "wrong_size", "not_a_save", "unknown_version",
                    "bad_checksum", "invalid_state")


def crc16(data, n, poly, crc):
    """A CRC-16 of data[:n]: generator `poly`, start value `crc`, MSB first."""
    for i in range(n):
        crc ^= data[i] << 8
        for _ in range(8):
            crc = ((crc << 1) ^ poly) if crc & 0x8000 else crc << 1
        crc &= 0xFFFF
    return crc


def checksum(data, n):
    """CRC-16/CCITT of data[:n]. Not Fletcher-16: its mod-255 sums cannot
    tell 0x00 from 0xFF, and erased flash reads as 0xFF."""
    return crc16(data, n, 0x1021, 0xFFFF)


def pack(game):
    """The whole game state as bytes."""
    s = game.s
    out = bytearray(BLOB_SIZE)
    out[0] = MAGIC
    out[1] = VERSION
    out[2:2 + HEAD_SIZE] = s[:HEAD_SIZE]
    i = 2 + HEAD_SIZE
    for p in range(s[0]):
        i += game.hand(p, memoryview(out)[i:])
    for at, n in ((AT_DRAW, s[AT_DLEN]), (AT_DISC, s[AT_XLEN])):
        out[i:i + n] = s[at:at + n]
        i += n
    c = checksum(out, i)
    out[i] = c >> 8
    out[i + 1] = c & 0xFF
    return bytes(out)


def unpack(game, blob):
    """Load a blob into game; return S_OK or an S_* error (game untouched)."""
    if not isinstance(blob, (bytes, bytearray)) or len(blob) != BLOB_SIZE:
        return S_SIZE
    if blob[0] != MAGIC:
        return S_MAGIC
    if blob[1] != VERSION:
        return S_VERSION
    n = BLOB_SIZE - 2
    if checksum(blob, n) != (blob[n] << 8) | blob[n + 1]:
        return S_CHECKSUM
    scratch = Game()
    if not _rebuild(scratch.s, blob) or not _valid(scratch):
        return S_INVALID
    game.s[:] = scratch.s
    game.players = scratch.s[0]
    return S_OK


def _rebuild(s, blob):
    """Lay the blob out as a state buffer; False if the card counts do not fit."""
    head = blob[2:2 + HEAD_SIZE]
    s[:HEAD_SIZE] = head
    players = s[0]
    if not 2 <= players <= MAX_PLAYERS:
        return False
    if any(s[AT_HSIZE + p] for p in range(players, MAX_PLAYERS)):
        return False
    sizes = [s[AT_HSIZE + p] for p in range(players)]
    if sum(sizes) + s[AT_DLEN] + s[AT_XLEN] != DECK_SIZE:
        return False
    cards = blob[2 + HEAD_SIZE:2 + HEAD_SIZE + DECK_SIZE]
    count = bytearray(NTYPES)  # (MicroPython's bytes have no count(int))
    for t in cards:
        if t >= NTYPES:
            return False
        count[t] += 1
    if count != COPIES:
        return False
    i = 0
    for p, size in enumerate(sizes):
        for t in cards[i:i + size]:
            s[AT_HAND + p * NTYPES + t] += 1
        i += size
    for at, k in ((AT_DRAW, s[AT_DLEN]), (AT_DISC, s[AT_XLEN])):
        s[at:at + k] = cards[i:i + k]
        i += k
    return len(s) == STATE_SIZE


def _valid(g):
    """The state as a whole is one that play can reach (issue 13), read
    through the game's accessors: each field in range and agreeing with
    the others, so that a restored game always plays on (RULES.md cited)."""
    s = g.s
    n = g.players = s[0]
    ph = g.phase()
    cur = g.current()
    win = g.winner()
    over = ph == P_OVER
    mid = P_RUN <= ph <= P_KING  # a card was played and the turn goes on
    top = g.discard_count() - 1
    lp = s[AT_LEADPOS]
    lead = g.leading()
    runc = g.run_color()
    runn = s[AT_RUNN]
    pend = g.pending()
    if not (cur < n and ph <= P_OVER and g.color() <= 3 and lp <= top
            and g.discard_card(lp) == lead and 1 <= g._get_rng() < rng.P
            and all(s[i] <= 1 for i in FLAG_OFFSETS)):
        return False
    # R3.1/R12.7: only own-turn Breakers lie on the leading card
    if any(g.discard_card(i) != BREAK for i in range(lp + 1, top + 1)):
        return False
    # R10: stages 1..8 in a tournament, 0 for its winner and outside one
    for p in range(MAX_PLAYERS):
        st = g.stage(p)
        if st > 8 or (st > 0) != (p < n and g.tournament() and p != win):
            return False
    hs = [g.hand_size(p) for p in range(n)]
    # the card a phase waits on leads, on top (R7.3, R9.1, R9.2, R9.3, R8)
    want = (S_PLUS2 if pend else 0, 0, S_PLUS, KING, PLUS3, 0)[ph]
    return ((lead >= COLOR or g.color() == COLOUR_OF[lead])  # R3.2
            and (not want or (want in (lead, SYMBOL_OF[lead]) and lp == top))
            and pend >> 1 <= 8 and not pend & 1  # eight +2 cards, two each
            and (not pend or (ph == P_TURN and runc < 0))
            and (g.plus3_by() >= 0) == (ph == P_PLUS3)
            and (ph != P_PLUS3 or g.plus3_by() == g._next(cur, -1))
            # a run in force: its colour leads, and it is ours or left open
            and (runc < 0 or (g.color() == runc and lp == top and (
                lead == SUPERTAKI or COLOUR_OF[lead] == runc)))
            and g.run_open() == (ph == P_TURN and runc >= 0)
            and (runc >= 0) == (ph == P_RUN or g.run_open())
            and runn <= 29 and (runn > 0 or ph != P_RUN) and (runn == 0 or mid or over)
            and (ph == P_TURN or over or s[AT_MOVED] == (ph != P_PLUS3))
            and (not s[AT_OWE] or (mid and hs[cur] == 1))  # R5.1
            and s[AT_IDLE] < n + over  # R4.4: n idle turns end the game
            and (win < 0) != over and (not over or win == cur)  # R6.1
            # R6.1/R10.2: an empty hand ends the game or goes down a stage;
            # one may stay empty after a last PLUS or when nothing was left to
            # draw (R4.3), and a run or a KING's free card needs a card
            and hs.count(0) <= 1 + (ph == P_PLUS or over)
            and (hs[cur] > 0 or not mid or ph == P_PLUS))
