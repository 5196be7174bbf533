"""Room for every text as drawn (issue 22, item 3): on every screen of the
README's walk, in every language, with the widest names, no text is cut by
the screen's edge or its line, or shares a pixel with another text or with
the cards (sim.testing.layout reads the displayio tree pixel by pixel)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from sim.testing import harness, layout, shots  # noqa: E402

harness.install()

from taki_ui import text  # noqa: E402


@pytest.mark.parametrize("code", text.LANGS)
def test_no_text_is_cut_or_covered_on_any_screen(code):
    bad = []
    cut = harness.cut()
    screens = 0
    for name, sim in shots.walk(code, long=True):
        bad += [(name, kind, what) for kind, what in layout.defects(sim, cut)]
        cut = harness.cut()
        screens += 1
    assert screens == 18
    assert bad == []


@pytest.mark.parametrize("code", text.LANGS)
def test_the_colour_choice_at_ten_seats_covers_no_text(code):
    # the choice lies over the hand's rows, nearest the grid's fifth row
    # (the walk's games have four seats)
    sim = harness.Sim(render=False, lang=code)
    for s in range(10):
        sim.app.names[s] = shots.LONGEST[s]
    hands = [["COLOR", "G5", "R3"], ["Y1"], ["Y4"], ["Y5"], ["B1"], ["B4"], ["G1"], ["G3"],
             ["G4"], ["B5"]]
    harness.arrange(sim, 10, hands, ["R7"], humans=tuple(range(10)))
    sim.press("A")  # the pass screen
    harness.cursor_to(sim, "COLOR")
    cut = harness.cut()
    sim.press("A")
    assert sim.app.table.chooser is not None
    assert layout.defects(sim, cut) == []


def test_a_notice_over_half_the_grid_is_found(monkeypatch):
    # without the grid stepping aside, a tall script's notice on two lines
    # cuts the grid's first rows in half (what the issue saw)
    def no_aside(table):
        table._aside = lambda on: None

    harness.each_table(None, no_aside, monkeypatch)
    found = []
    for name, sim in shots.walk("ml", long=True):
        if name == "14-refusal":
            found = layout.defects(sim)
            break
    kinds = {k for k, _ in found}
    assert kinds == {"covered"} and len(found) >= 2, found


def test_text_off_the_screen_and_text_on_text_are_found():
    sim = harness.Sim()  # setup
    lines = [ln for _, _, _, ln in sim.lines_placed() if ln.text.strip()]
    assert layout.defects(sim) == []
    a, b = lines[0], lines[1]
    y = b.y
    b.y = a.y  # one text over another, seen through (an opaque one hides it whole: no defect)
    b.palette.make_transparent(0)
    try:
        found = layout.defects(sim)
    finally:
        b.y = y
        b.palette.make_opaque(0)
    assert ("covered", a.text) in found and ("covered", b.text) in found
    x = a.x
    a.x = 150  # most of it off the right edge
    try:
        assert ("cut", a.text) in layout.defects(sim)
    finally:
        a.x = x
