"""Text lines on the background are opaque in the background's colour
(text.Pool.take: the display's refresh stops at an opaque pixel, so they
draw faster), which is only right where nothing but the background lies
under them. Every screen the README shows: the frame with those lines made
transparent must be the frame as drawn, pixel for pixel (a line laid over
a shape, a card or another line must say bg=text.CLEAR). English here; the
other languages in tests/test_lang.py's walk of the same screens, which
calls cleared_differs."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import numpy as np  # noqa: E402

from sim.testing import harness, shots  # noqa: E402

harness.install()

from displayio._area import Area  # noqa: E402

from taki_ui import widgets  # noqa: E402


def _frame(display):
    n = 160 * 128
    buf = memoryview(bytearray(2 * n))
    mask = memoryview(bytearray((n // 32 + 1) * 4)).cast("I")
    display._core.fill_area(Area(0, 0, 160, 128), mask, buf)  # the tree drawn whole
    return np.frombuffer(bytes(buf), dtype=">u2").copy()


def _on_background(sim):
    """The visible lines whose background is the screen's colour, opaque."""
    return [ln for _, _, _, ln in sim.lines_placed()
            if not ln.palette.is_transparent(0) and ln.palette[0] == widgets.BG]


def cleared_differs(sim):
    """(lines on the background, pixels that change when they are made
    transparent)."""
    before = _frame(sim.display)
    lines = _on_background(sim)
    for ln in lines:
        ln.palette.make_transparent(0)
    after = _frame(sim.display)
    for ln in lines:
        ln.palette.make_opaque(0)
    return len(lines), int((before != after).sum())


def test_an_opaque_line_hides_nothing():
    lang = "en"
    seen = 0
    for name, sim in shots.walk(lang):
        n, differ = cleared_differs(sim)
        seen += n
        assert differ == 0, (lang, name, differ)
    assert seen > 50  # the screens do have such lines


def test_the_check_sees_a_line_laid_over_a_card():
    sim = harness.Sim(render=False)
    sim.press("UP", "A", "A")  # two people; the first hand
    t = sim.app.table
    assert t is not None
    ln = sim.app.stage.lines.take(t.group, 0, t.hand_y + 4, widgets.FG, "over the cards")
    n, differ = cleared_differs(sim)
    assert n > 0 and differ > 0
    sim.app.stage.lines.give(ln)
