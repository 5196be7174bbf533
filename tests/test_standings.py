"""The game's end: the standings on adafruit_displayio_layout's GridLayout,
each half one adafruit_display_text bitmap_label (issue 26,
item 4), loaded with the screen and forgotten when it is left."""

import os
import re
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.testing import harness  # noqa: E402

harness.install()

from adafruit_display_text.bitmap_label import Label  # noqa: E402
from adafruit_displayio_layout.layouts.grid_layout import GridLayout  # noqa: E402

from taki_ui import app as A  # noqa: E402
from taki_ui import text, unload  # noqa: E402

# seat 0 goes out with its last card; the others keep what _LEFT says
_PLAIN = [c + str(n) for n in (1, 4, 6, 7, 8, 9) for c in "GBY"]  # none plays on R3
_LEFT = (3, 1, 4, 1, 5, 2, 2, 6, 3)  # seats 1..9 (the deck has each card twice)
HANDS = [["R5"]] + [(_PLAIN * 2)[sum(_LEFT[:s]):][:k] for s, k in enumerate(_LEFT)]


def _over(lang="en", names=None, tournament=False):
    # as at power-on: no screen's module left imported by another test (one
    # left on the standings would keep over_screen, which then imports nothing)
    for name in unload.DISPLAY_LIBS + ("taki_ui.over_screen", "taki_ui.records_screen"):
        sys.modules.pop(name, None)
    sim = harness.Sim(render=False, lang=lang)
    for s, name in enumerate(names or ()):
        sim.app.names[s] = name
    harness.arrange(sim, 10, HANDS, ["R3"], humans=range(10))
    if sim.app.state == A.S_PASS:
        sim.press("A")
    sim.app.cpu.brain()  # the bots' code loaded, as a computer's move does
    sim.press("SELECT", "A")  # "last card!", then the card: the game is over
    while sim.app.state != A.S_OVER:
        sim.press("A")
    if tournament:  # the same end, told as a tournament's (a stage field more)
        from taki_ui import watch

        sim.app.game.tournament = lambda: True
        watch.game_over(sim.app)
    return sim


def _grid(sim):
    # (by name: the libraries are imported again each time the screen is shown)
    grids = [e for e in sim.app.screen.group if type(e).__name__ == GridLayout.__name__]
    assert len(grids) == 1
    return grids[0]


def test_the_standings_are_a_grid_of_labels_in_place_order():
    sim = _over()
    grid = _grid(sim)
    assert [type(c["content"]).__name__ for c in _cells(grid)] == [Label.__name__] * 2  # a half
    rows = sim.texts()[-6:-1]
    # winner first, then fewer cards, then the lower seat (R10.3)
    assert rows == ["1.P1      0  6.P2      3", "2.P3      1  7.P10     3",
                    "3.P5      1  8.P4      4", "4.P7      2  9.P6      5",
                    "5.P8      2 10.P9      6"]
    # the libraries took the room of the bots' code and the card sheet ...
    assert sim.app.stage._cards is None and "taki_core.bots" not in sys.modules
    assert "adafruit_displayio_layout.layouts.grid_layout" in sys.modules
    sim.press("B")
    assert sim.app.state == A.S_SETUP
    for name in unload.DISPLAY_LIBS + ("taki_ui.over_screen",):  # ... and went with it
        assert name not in sys.modules, name


def test_the_libraries_code_is_free_while_the_screen_after_the_standings_is_built(monkeypatch):
    # as the Records screen's (tests/test_records.py): B builds setup before
    # the standings' key returns; their module's names let the libraries go
    sim = _over()
    from taki_ui import setup_screen  # (imported again when it is shown again)

    seen = harness.libraries_held(sim, "over_screen", setup_screen.SetupScreen, monkeypatch, "B")
    assert sim.app.state == A.S_SETUP and seen == [[True, True]]


def _cells(grid):
    """The grid's cells: content, grid_position, cell_size (the library's own
    record of what add_content was given)."""
    return grid._cell_content_list


def test_a_tournament_s_standings_have_the_stage_and_sindhi_s_run_from_the_right():
    en = _grid(_over(names=["Noa"], tournament=True))
    sd_sim = _over("sd", names=["Noa"], tournament=True)
    sd = _grid(sd_sim)
    assert sd.x + sd.width == 160 and en.x == 0  # at the right edge, as its lines are
    # each half's cells mirrored in the grid's 26 columns, as wide as its texts
    spans = sorted((c["grid_position"][0], c["cell_size"][0]) for c in _cells(en))
    assert spans == [(0, 12), (13, 12)]
    assert sorted((26 - c - n, n) for c, n in spans) == sorted(
        (c["grid_position"][0], c["cell_size"][0]) for c in _cells(sd))
    for c in _cells(en) + _cells(sd):
        assert {len(t) for t in c["content"].text.split("\n")} == {c["cell_size"][0]}
    rows = sd_sim.texts()
    # the cards, the stage (0: a game that is no tournament), the name, and
    # "1." beside it as bidi orders it; the halves from the right too
    assert "3  0     .6  0  0  Noa.1" in rows  # (a default name: a picture)
    text.lang.load("en")


def test_a_default_name_too_wide_for_its_cells_is_its_number():
    sim = _over("ml")
    shown = sim.texts()
    # Malayalam's word for seat 10 is wider than its name's cells and the
    # blank column after them: "#10", digits as every number is; the
    # others are the word (a picture, over the grid)
    assert re.findall(r"#(\d+)", " ".join(shown)) == ["10"]
    text.lang.load("en")
