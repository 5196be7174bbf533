"""A text line is transparent (text.Pool.take's default): over the panel's
black a transparent pixel costs displayio's refresh less than an opaque one
(no colour to convert), and over a card, a shape or another line it must be
transparent anyway. The only lines with a background are bars themselves
(a notice): opaque in widgets.BAR, they cover
the top lines on purpose. Every screen the README shows, in English here;
the other languages in tests/test_lang.py's walk of the same screens, which
calls not_bars."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.testing import harness, shots  # noqa: E402

harness.install()

from taki_ui import widgets  # noqa: E402


def opaque(sim):
    """The visible lines with a background: (line, its colour)."""
    return [(ln, ln.palette[0]) for _, _, _, ln in sim.lines_placed()
            if not ln.palette.is_transparent(0)]


def not_bars(sim):
    """The visible lines with a background other than a bar's."""
    return [ln.text for ln, bg in opaque(sim) if bg != widgets.BAR]


def test_only_bars_have_a_background():
    seen = 0
    for name, sim in shots.walk("en"):
        seen += len(opaque(sim))
        assert not_bars(sim) == [], name
    assert seen >= 4  # the notices are bars


def test_the_check_sees_a_line_with_a_background():
    sim = harness.Sim(render=False)
    sim.press("UP", "A", "A")  # two people; the first hand
    t = sim.app.table
    assert t is not None and not_bars(sim) == []
    ln = sim.app.stage.lines.take(t.group, 0, t.hand_y + 4, widgets.FG, "over the cards",
                                  bg=0x000000)
    assert not_bars(sim) == ["over the cards"]
    sim.app.stage.lines.give(ln)
