"""No Group is taken off the screen while it still holds a vectorio shape
(issue 26, item 3).

displayio 10.2.1 does not mark a removed Group's vectorio members dirty
(Group.c, displayio_group_get_previous_area has no branch for them: it
unions an area it never wrote), so a board keeps some of their pixels on
the panel: the colour chooser's 160x1 strip in the BAR colour after a COLOR
card (../shared/circuitpython/arm/calib/stale_row.py shows it in displayio
alone). Removing a shape itself, or a Group emptied first, marks what it
covered. Whole games of people in the simulator, every Group.remove and
Group.pop of the game's own code watched.
"""

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.testing import harness  # noqa: E402

harness.install()

import displayio  # noqa: E402
import vectorio  # noqa: E402

from taki_ui import app as A  # noqa: E402

SHAPES = (vectorio.Rectangle, vectorio.Polygon, vectorio.Circle)


def _shapes(group):
    n = 0
    for item in group:
        if isinstance(item, SHAPES):
            n += 1
        elif isinstance(item, displayio.Group):
            n += _shapes(item)
    return n


def _watch(monkeypatch):
    """[(what, shapes)] for each Group taken out that held shapes, and the
    number of Groups taken out that once held shapes (so the test sees the
    chooser close)."""
    bad = []
    seen = [0]
    remove, pop = displayio.Group.remove, displayio.Group.pop

    def check(item, how):
        if isinstance(item, displayio.Group):
            n = _shapes(item)
            if n:
                bad.append((how, n))

    def watched_remove(self, layer):
        check(layer, "remove")
        return remove(self, layer)

    def watched_pop(self, i=-1):
        check(self[i], "pop")
        return pop(self, i)

    def counted(table):  # each table the app shows (harness.each_table)
        hide = type(table).hide_chooser

        def counted_hide():
            if table.chooser is not None:
                seen[0] += 1
            return hide(table)

        table.hide_chooser = counted_hide

    monkeypatch.setattr(displayio.Group, "remove", watched_remove)
    monkeypatch.setattr(displayio.Group, "pop", watched_pop)
    return bad, seen, counted


def test_the_watch_sees_a_group_of_shapes_taken_out(monkeypatch):
    bad, _, _ = _watch(monkeypatch)
    root, g = displayio.Group(), displayio.Group()
    g.append(vectorio.Rectangle(pixel_shader=displayio.Palette(1), x=0, y=0, width=4, height=4))
    root.append(g)
    root.remove(g)
    assert bad == [("remove", 1)]


def test_whole_games_never_take_out_a_group_holding_shapes(monkeypatch):
    bad, closed, counted = _watch(monkeypatch)
    for seed in (1, 2, 3):
        sim = harness.Sim(render=False)
        sim.app.next_seed = seed
        harness.each_table(sim, counted)
        keys = ["RIGHT", "RIGHT"] + ["DOWN"] * 4  # four people
        keys += ["DOWN"] * 4 + ["DOWN", "A"]
        sim.press(*keys)
        assert sim.app.settings.players == 4
        harness.play(sim, random.Random(seed), limit=8000)
        assert sim.app.state == A.S_OVER
    assert closed[0] > 0  # the colour chooser was shown and closed
    assert not bad, bad
