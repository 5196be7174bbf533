"""A seat nobody named is called in the language's own words (issue 22, item
4): its PLAYER text with the seat's number in Latin digits, and its
PLAYER_SHORT in the table's grid; never the English "Player 2" / "P2"."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from sim.build import texts  # noqa: E402
from sim.testing import harness, shots  # noqa: E402

harness.install()

from taki_ui import settings, strings, text  # noqa: E402

SHAPED = [c for c in text.LANGS if c in texts.SHAPED]
OTHER = [c for c in text.LANGS if c != "en"]


def _words(code, name, n):
    return dict(texts.table_of(code))[name].replace("{n}", str(n))


@pytest.mark.parametrize("code", OTHER)
def test_the_setup_calls_an_unnamed_seat_in_its_language(code):
    sim = shots._started(4, (0, 1), lang=code)
    sim.app.screen.show()
    shown = sim.screen_text()
    for _ in range(8):  # down the rows: the seats scroll into view
        sim.press("DOWN")
        shown += sim.screen_text()
    for s in range(4):
        assert _words(code, "PLAYER", s + 1) in shown, (code, s, shown)
    assert "Player" not in shown and "P2" not in shown


@pytest.mark.parametrize("code", OTHER)
def test_the_grid_shows_the_language_s_short_form(code):
    sim = shots._started(4, (0, 1, 2, 3), lang=code)
    sim.press("UP", "A", "A")  # start; the first player is ready
    rows = [ln.text for ln in sim.app.table.seat_rows]
    for s in range(4):
        assert rows[s].startswith(_words(code, "PLAYER_SHORT", s + 1)), (code, rows)


@pytest.mark.parametrize("code", SHAPED)
def test_a_short_form_too_wide_for_its_cell_is_the_seat_s_number(code):
    """The tournament's cells leave 3 columns (18 px) beside a two-digit hand:
    where the picture is wider the cell says "#3" instead; no name's pixels
    reach its count's column."""
    sim = shots._started(4, (0, 1, 2, 3), lang=code)
    sim.app.settings.tournament = True
    sim.press("UP", "A", "A")
    deck = [c + str(n) for n in (1, 3, 4, 5, 6, 7, 8, 9) for c in "RGY" for _ in range(2)]  # not B5; 2 is +2
    table = [deck[10 * s:10 * s + 10] for s in range(4)]
    harness.arrange(sim, 4, table, ["B5"], humans=(0, 1, 2, 3), tournament=True)
    sim.press("A")  # the first player is ready: the table
    t = sim.app.table
    assert sim.app.game.tournament() and all(sim.app.game.hand_size(s) == 10 for s in range(4))
    for s in range(4):
        row = t.seat_rows[s]
        if text.fits(strings.PLAYER_SHORT, s + 1, width=3 * text.CHAR_W):
            assert row.text.startswith(_words(code, "PLAYER_SHORT", s + 1)), (code, row.text)
        else:
            assert row.text.startswith("#%d10/" % (s + 1)), (code, row.text)  # drawn items, unspaced
        count_x = 4 * text.CHAR_W  # "10" from the cell's 5th column
        # (Sindhi: the grid mirrored, its line from x=0, the cell's start at 160 - 48)
        xs = range(112 - count_x, 112) if text.lang.rtl else range(count_x)
        ink = [x for x in xs if any(row.bitmap[x, y] for y in range(row.bitmap.height))]
        assert ink and ink[-1] < xs[-1] + 1, (code, s)
    # the wide scripts use the fallback, Sindhi's one letter fits
    assert (t.seat_rows[0].text[0] == "#") == (code != "sd")


def test_a_default_name_is_saved_as_blanks_and_renamed_from_blank():
    sim = shots._started(3, (0, 1), lang="hi")
    st = sim.app.settings
    assert settings.default_seat(st.names[2]) == 2
    buf = bytearray(settings.PACKED_SIZE)
    st.pack_into(buf)
    assert settings.valid(buf)  # marks never reach the record: blanks do
    at = settings.PACKED_SIZE - (settings.MAX_SEATS - 2) * settings.NAME_LEN
    assert bytes(buf[at:at + settings.NAME_LEN]) == b" " * settings.NAME_LEN
    st.speak("en")
    assert st.names[2] == "Player 3"  # the default follows the language
    st.speak("as")
    assert settings.default_seat(st.names[2]) == 2
