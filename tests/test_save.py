"""Save and restore: compact, exact, and refusing anything damaged."""

import random

import pytest

from core_play import listed, pick
from taki_core import save
from taki_core.game import Game


def played_game(players=10, seed=3, moves=150, tournament=True):
    g = Game()
    g.reset(players, seed, tournament=tournament)
    r = random.Random(seed)
    for _ in range(moves):
        if g.over():
            break
        g.apply(pick(r, listed(g)))
    return g


def test_blob_is_small_versioned_and_exact():
    g = played_game()
    blob = save.pack(g)
    assert len(blob) <= 512 and len(blob) == save.BLOB_SIZE
    assert blob[0] == save.MAGIC and blob[1] == save.VERSION
    h = Game()
    assert save.unpack(h, blob) == save.S_OK
    assert h.s == g.s and h.players == 10
    assert save.pack(h) == blob


def test_restored_game_plays_on_identically():
    g = played_game(4, 9, 40, False)
    h = Game()
    save.unpack(h, save.pack(g))
    r1, r2 = random.Random(1), random.Random(1)
    while not g.over():
        assert g.apply(pick(r1, listed(g))) == 0
        assert h.apply(pick(r2, listed(h))) == 0
        assert g.s == h.s


@pytest.mark.parametrize("cut", range(0, 164, 7))
def test_truncated_blob_is_refused(cut):
    blob = save.pack(played_game())
    h = played_game(3, 1, 5, False)
    before = bytes(h.s)
    assert save.unpack(h, blob[:cut]) == save.S_SIZE
    assert bytes(h.s) == before


def test_every_single_bit_flip_is_refused_and_loads_nothing():
    blob = save.pack(played_game())
    h = played_game(3, 1, 5, False)
    before = bytes(h.s)
    for i in range(len(blob)):
        for bit in range(8):
            bad = bytearray(blob)
            bad[i] ^= 1 << bit
            assert save.unpack(h, bytes(bad)) != save.S_OK, (i, bit)
            assert bytes(h.s) == before


def test_any_byte_replaced_by_0x00_or_0xff_is_refused():
    """Erased flash reads 0xFF: a checksum must tell it from 0x00."""
    blob = save.pack(played_game())
    h = Game()
    for i in range(len(blob)):
        for v in (0x00, 0xFF):
            if blob[i] != v:
                bad = bytearray(blob)
                bad[i] = v
                assert save.unpack(h, bytes(bad)) != save.S_OK, (i, v)


def test_wrong_magic_version_and_checksummed_nonsense_are_named():
    blob = bytearray(save.pack(played_game()))
    h = Game()
    assert save.unpack(h, b"") == save.S_SIZE
    assert save.unpack(h, "not bytes") == save.S_SIZE
    assert save.unpack(h, bytes([0x00]) + bytes(blob[1:])) == save.S_MAGIC
    v2 = bytearray(blob)
    v2[1] = 2
    assert save.unpack(h, bytes(v2)) == save.S_VERSION
    # Consistent checksum over an impossible state: an extra KING instead of a card.
    forged = bytearray(blob)
    forged[2 + 44] = 54 if forged[2 + 44] != 54 else 53
    c = save.checksum(forged, save.BLOB_SIZE - 2)
    forged[-2], forged[-1] = c >> 8, c & 0xFF
    assert save.unpack(h, bytes(forged)) == save.S_INVALID
    assert save.SAVE_ERROR_NAMES[save.S_INVALID] == "invalid_state"


def test_no_damaged_blob_is_ever_reported_as_ok():
    """Every refusal is one of the five error codes, by value, never 0 (ok):
    the tests above compare with save.S_* by name, which a changed constant
    would follow (issue 24). Wrong sizes, wrong types, a flipped bit in
    every byte, each field of the header: all refused, the game untouched."""
    blob = save.pack(played_game())
    h = played_game(3, 1, 5, False)
    before = bytes(h.s)
    damaged = [b"", "not bytes", None, 164, list(blob), memoryview(blob), blob + b"\x00",
               bytearray(blob[:-1]), bytes(164), b"\xff" * 164]
    damaged += [blob[:n] for n in range(0, 164, 13)]
    for i in range(len(blob)):
        bad = bytearray(blob)
        bad[i] ^= 0x5A
        damaged.append(bytes(bad))
    for bad in damaged:
        code = save.unpack(h, bad)
        assert code in (1, 2, 3, 4, 5), (code, bad)
        assert bytes(h.s) == before
    # and by kind, by value: wrong size 1, magic 2, version 3, checksum 4
    assert save.unpack(h, b"") == 1 and save.unpack(h, None) == 1
    assert save.unpack(h, b"\x00" + blob[1:]) == 2
    assert save.unpack(h, blob[:1] + b"\x02" + blob[2:]) == 3
    assert save.unpack(h, blob[:-1] + bytes([blob[-1] ^ 1])) == 4
    assert save.unpack(h, blob) == 0 and h.s == played_game().s
