"""Known answers (issue 16): what a seed deals, what a game does, what a save
holds, byte for byte. The README promises that the same seed gives the same
game everywhere, and resuming an old save depends on it: a change to the
generator, the shuffle, an event, a refusal code or the save format must
fail here, loudly and on purpose (then: ``python -m tests.known`` prints the
new figures; a new save format also needs save.VERSION bumped)."""

import pytest

from known import BOT_GAMES, GAMES, bot_game, digest, random_game, summary
from taki_core import rng, save
from taki_core.cards import card_name
from taki_core.game import Game
from taki_core.table import AT_DLEN, AT_DRAW, HEAD_SIZE, STATE_SIZE


def test_generator_known_values():
    assert [rng.seed_state(s) for s in (0, 1, 7, 2**40, -5)] == [
        322795154, 645590308, 434877654, 636846512, 533507808]
    x = rng.seed_state(1)
    seq = []
    for _ in range(5):
        x = rng.step(x)
        seq.append(x)
    assert seq == [921119019, 959357550, 501254987, 515745002, 324531019]
    assert rng.step(rng.P - 1) == rng.P - 16808  # -1 * A mod P
    assert rng.step(1) == 16808
    # Schrage's form gives exactly 1 (no wrap) for the inverse of A
    assert rng.step(pow(16808, rng.P - 2, rng.P)) == 1 == 16808 * 1016183403 % rng.P


def names(g, seat):
    buf = bytearray(116)
    return " ".join(card_name(t) for t in buf[:g.hand(seat, buf)])


def test_the_deal_of_seed_1_card_by_card():
    g = Game()
    g.reset(2, 1)
    assert names(g, 0) == "R8 RPLUS G3 G4 G9 G+2 YDIR +3BREAK"
    assert names(g, 1) == "R5 R5 G6 B6 B8 BSTOP Y5 Y6"
    assert card_name(g.leading()) == "G8" and g.discard_count() == 1
    top_first = [card_name(g.s[AT_DRAW + i]) for i in range(g.s[AT_DLEN] - 1, -1, -1)]
    assert " ".join(top_first) == (
        "B9 B1 Y4 R1 YTAKI G5 BPLUS R9 RDIR R+2 G1 G1 RPLUS R+2 RDIR R7 COLOR Y7 "
        "+3 GTAKI G5 B7 YSTOP R9 Y1 B+2 G4 BTAKI SUPERTAKI Y6 Y7 SUPERTAKI R1 G8 "
        "B5 G6 YPLUS Y3 Y+2 YSTOP KING GDIR Y8 R6 R3 Y5 COLOR B5 R4 KING R4 +3 "
        "B6 B8 B4 G7 B+2 B7 G+2 Y3 B3 YTAKI GDIR G3 GTAKI +3BREAK RTAKI BDIR "
        "BTAKI Y9 RTAKI COLOR R6 GSTOP B3 YPLUS Y8 Y4 YDIR Y9 G9 Y1 R8 RSTOP B1 "
        "GPLUS BPLUS GPLUS GSTOP G7 BDIR RSTOP B9 B4 R3 BSTOP COLOR Y+2 R7")
    assert g._get_rng() == 42714576


@pytest.mark.parametrize("players, seed, first, tournament, state, x", [
    (2, 1, 0, False, "5dd04638ae437ed8", 42714576),
    (4, 7, 0, False, "f8d60e16dc0cd9c9", 170858304),
    (10, 3, 2, True, "4e9a428892652eee", 300414923),
    (3, 12345, 1, False, "4bab6f02b178f39c", 54625038),
])
def test_deals_are_pinned(players, seed, first, tournament, state, x):
    g = Game()
    g.reset(players, seed, first=first, tournament=tournament)
    assert len(g.s) == STATE_SIZE
    assert (digest(g.s), g._get_rng()) == (state, x)


def test_a_colourless_first_card_goes_back_at_a_known_place():
    """R2.3: seeds whose first turned card is colourless; the card goes back
    at a position the generator picks, and the deal is pinned all the same."""
    class Watch(Game):
        def _insert_draw(self, t, pos):
            self.put.append((card_name(t), pos))
            Game._insert_draw(self, t, pos)

    g = Watch()
    found = []
    for seed in range(200):
        g.put = []
        g.reset(3, seed)
        if g.put:
            found.append((seed, g.put, card_name(g.leading()), digest(g.s)))
    assert found[:3] == KNOWN_COLOURLESS_LEADS


KNOWN_COLOURLESS_LEADS = [
    (22, [("SUPERTAKI", 20)], "Y7", "0d983f1fcf5ac9ad"),
    (24, [("+3", 75), ("+3", 62), ("+3BREAK", 85)], "RDIR", "83165cf42d465f23"),
    (35, [("COLOR", 34)], "R4", "82cd46a9f3d39d17"),
]


GAME_FIGURES = {
    (2, 1, False, 0): (63, 0, "48a6d3747ba5c1df", "b7be3ca5a6a05da9", "a743290351545806"),
    (3, 5, False, 2): (62, 2, "83333f50d1c05fc6", "4bb133f41203fd03", "031e29202e1843d1"),
    (4, 7, False, 1): (78, 1, "64501fd16bf615fe", "1968462596788667", "d8eebc8ff22e5bd1"),
    (6, 11, False, 0): (28, 0, "8a106f7b7a3a11a4", "492ff644cf299f71", "664b79a3f8a6c299"),
    (10, 3, False, 4): (166, 8, "16b4ecf7b38713be", "b7e5d1594628ed51", "e1373cacd40698eb"),
    (2, 8, True, 1): (1488, 0, "bc2ac2a0ab11bc0b", "17580a60f6561b1b", "675781d6622ae79d"),
    (3, 2, True, 0): (946, 2, "6fa636f594e3d499", "d01dfd1d65ccbe09", "e7dd730125e2c7f2"),
    (5, 21, True, 3): (1825, 1, "be50b9acab4b6f1f", "d745874ea64b194d", "82c189789fd36785"),
}


@pytest.mark.parametrize("args", GAMES, ids=[str(a) for a in GAMES])
def test_whole_games_are_pinned(args):
    """Moves, winner, final state, every event and every check() answer in
    every state reached (each move, with and without "last card")."""
    s = summary(*args)
    assert (s["moves"], s["winner"], s["state"], s["events"], s["checks"]) == GAME_FIGURES[args], s


def test_pinned_games_meet_most_events():
    seen = set()
    for args in GAMES:
        seen |= set(summary(*args, checks=False)["counts"])
    assert seen >= {"turn", "play", "color", "draw", "penalty", "skip", "dir", "stack",
                    "run_open", "closed", "last", "plus3", "break", "accept", "stage",
                    "win", "reshuffle"}


BOT_FIGURES = {
    ((1, 2), 1, False): (1, 51, "9dde49574d6286a3", "cb7c008c779ac788"),
    ((2, 3), 2, False): (1, 45, "a07a1183a0f5d13e", "026a7d41a4a58c1b"),
    ((3, 3), 3, False): (1, 28, "a8436c9af4cc5ed6", "531755fdffaa0a4d"),
    ((3, 2, 1), 4, False): (0, 23, "a915705309f92483", "0654255adcd3e597"),
    ((2, 2, 2, 2), 5, False): (1, 106, "235349ba8a3ab1ec", "1bf6ea8114930e4b"),
    ((3, 2, 3, 2), 6, False): (2, 36, "9c52a655bea9558b", "5feff7ed2e0dfdd4"),
    ((3, 1, 2, 3, 1), 7, False): (2, 131, "fed83ec4d9d9af9f", "6d2acb35f526eb04"),
    ((3, 2, 2, 2, 2, 2, 2, 2, 2, 2), 8, False): (5, 107, "d3a256d9656ea396", "52136bda670007de"),
    ((3, 2), 9, True): (0, 462, "a6d88f9fa88f457a", "7aad7702392e9821"),
    ((3, 3, 2), 10, True): (0, 273, "d3e0d13db7070b3f", "ca49f0494f17733e"),
    ((1, 3, 2, 3), 11, True): (1, 694, "78a441d39c9a7b3e", "afc2e4e78f039270"),
}


@pytest.mark.parametrize("args", BOT_GAMES, ids=[str(a) for a in BOT_GAMES])
def test_bot_games_are_pinned(args):
    """Levels 1 easy, 2 normal, 3 hard: every move of the game is pinned."""
    b = bot_game(*args)
    assert (b["winner"], b["moves"], b["digest"], b["state"]) == BOT_FIGURES[args], b


# ------------------------------------------------------------------ saves

DEAL_BLOB = (
    "5401020000000001130000ffff000000000000ff6301d0c58b02000000000000000000000808"
    "0000000000000000060b0e0f141531380303111e20232a2b052f3423011c21092412161825181a"
    "090627142e31292d321b1604340c2e26240c38190e17331b28151f22121c201e370236021d342a"
    "01042d1736302f2832111d1300352c2b35260f222707301f1019372c34050a080b0d0d080a0725"
    "103300291a2113c4c1")


def test_the_save_of_a_deal_byte_for_byte():
    g = Game()
    g.reset(2, 1)
    blob = save.pack(g)
    assert blob.hex() == DEAL_BLOB
    assert len(blob) == save.BLOB_SIZE == 2 + HEAD_SIZE + 116 + 2
    h = Game()
    assert save.unpack(h, bytes.fromhex(DEAL_BLOB)) == save.S_OK and h.s == g.s


@pytest.mark.parametrize("args, cap, blob, crc", [
    ((4, 7, False, 1), 40, "ddba870c2334e905", "05df"),
    ((3, 2, True, 0), 300, "ab5b0e552f9a93ed", "2a1c"),
    ((6, 11, False, 0), 20000, "7439f64d9ad5584e", "1653"),  # a finished game
    ((10, 3, False, 4), 100, "2718352171a06426", "d66b"),
])
def test_saves_of_fixed_games_are_pinned(args, cap, blob, crc):
    g, _, _ = random_game(*args, cap=cap, checks=False)
    b = save.pack(g)
    assert (digest(b), b[-2:].hex()) == (blob, crc)
    h = Game()
    assert save.unpack(h, b) == save.S_OK and h.s == g.s


def test_checksum_is_crc16_ccitt_false():
    assert save.checksum(b"123456789", 9) == 0x29B1  # the catalogue's check value
    assert save.checksum(b"", 0) == 0xFFFF
    assert save.checksum(b"\x00", 1) == 0xE1F0
    assert save.checksum(b"\xff", 1) == 0xFF00
    assert save.checksum(b"123456789xyz", 9) == 0x29B1  # only the first n bytes
