"""Save and restore a game as a compact bytes blob (164 bytes, any table size).

Layout: b"T", version, the 44 scalar bytes of the state, every seat's cards,
the draw pile, the discard pile (cards as types, bottom first), then a
CRC-16 of all that precedes it. ``unpack`` checks everything
(length, version, checksum, that the 116 cards are exactly the deck, that
every field is in range) before it touches the game, so a corrupt blob is
refused whole and never half-loaded.

Not used during turns: packing allocates the blob.
"""

from micropython import const

from taki_core import rng
from taki_core.cards import COPIES, DECK_SIZE, NTYPES
from taki_core.game import Game
from taki_core.table import (
    AT_DISC, AT_DLEN, AT_DRAW, AT_HAND, AT_HSIZE, AT_LEADPOS, AT_XLEN,
    FLAG_OFFSETS, HEAD_SIZE, MAX_PLAYERS, P_OVER, STATE_SIZE,
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


def checksum(data, n):
    """CRC-16/CCITT of data[:n]. Not Fletcher-16: its mod-255 sums cannot
    tell 0x00 from 0xFF, and erased flash reads as 0xFF."""
    crc = 0xFFFF
    for i in range(n):
        crc ^= data[i] << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
        crc &= 0xFFFF
    return crc


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
    if any(t >= NTYPES for t in cards):
        return False
    if [cards.count(t) for t in range(NTYPES)] != list(COPIES):
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
    """Every field in range, read through the game's own accessors."""
    n = g.players = g.s[0]
    seats = range(n)
    ok = (g.current() in seats and g.phase() <= P_OVER and g.color() <= 3
          and g.discard_count() >= 1 and g.pending() <= 16 and g.pending() % 2 == 0
          and g.plus3_by() in range(-1, n) and g.run_color() in range(-1, 4)
          and g.winner() in range(-1, n) and (g.winner() >= 0) == g.over()
          and 1 <= g._get_rng() < rng.P
          and all(g.stage(p) <= 8 for p in seats))
    flags = all(g.s[i] <= 1 for i in FLAG_OFFSETS)
    lead_at = g.s[AT_LEADPOS]
    lead_ok = lead_at < g.discard_count() and g.discard_card(lead_at) == g.leading()
    return ok and flags and lead_ok
