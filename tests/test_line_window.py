"""A text line is a window onto its text (taki_ui.text.Line, issue 26): the
display's refresh computes every pixel a layer covers, a blank one as dearly
as an inked one, so a line's TileGrid lies over its text and as little
blank as can be: in the board's font a tile a character over the firmware
font's glyphs, in the shaped scripts 8-pixel tiles of the line's bitmap.
What it shows is the same as a line drawn whole; a bar (a line with a
background) reaches the screen's edge."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import displayio  # noqa: E402
import pytest  # noqa: E402

from sim.testing import harness  # noqa: E402

harness.install()

from boards import CHAR_W, SCREEN_W  # noqa: E402
from taki_ui import strings, text, widgets  # noqa: E402


def _window(ln):
    """Screen columns (first, last + 1) the line's TileGrid covers."""
    tg = ln.tile
    x0 = max(0, tg.x)
    x1 = min(SCREEN_W, tg.x + tg.width * tg.tile_width)
    return x0, x1


def _ink_columns(ln):
    xs = {ln.x + x for x, _ in harness.ink(ln)}
    return min(xs), max(xs) + 1


def _drawn(ln):
    """{(x, y)} of the inked pixels as displayio composes the TileGrid."""
    tg = ln.tile
    bm = tg.bitmap
    per_row = bm.width // tg.tile_width
    out = set()
    for j in range(tg.width):
        t = tg[j]
        sx = (t % per_row) * tg.tile_width
        for y in range(tg.tile_height):
            for x in range(tg.tile_width):
                if bm[sx + x, y]:
                    out.add((tg.x + j * tg.tile_width + x - ln.x, y))
    return {p for p in out if 0 <= p[0] + ln.x < SCREEN_W}


@pytest.fixture(params=["en", "sd"])
def lang(request):
    text.lang.load(request.param)
    yield request.param
    text.lang.load("en")


# (right to left, a line at x ends at 160 - 2x: Sindhi's lines stand near 0)
@pytest.mark.parametrize("code, x", [("en", 0), ("en", 2), ("en", 48), ("en", 100),
                                     ("sd", 0), ("sd", 2), ("sd", 48)])
def test_a_line_covers_its_text_and_little_blank(code, x):
    text.lang.load(code)
    try:
        _covers(code, x)
    finally:
        text.lang.load("en")


def _covers(lang, x):
    g = displayio.Group()
    ln = text.Line(text.lang.lh)
    g.append(ln.tile)
    tile = CHAR_W if lang == "en" else 8
    for s in ("A", "Hi there", "P2 12"):
        ln.x = x
        ln.set(s)
        a, b = _ink_columns(ln)
        w0, w1 = _window(ln)
        assert w0 <= a and b <= w1  # the text is in the window
        # the blank on the screen: at most the tiles' rounding on each side,
        # or the line's own left margin (the window ends at the text's end)
        blank = (a - w0) + (w1 - b)
        assert blank <= min(x + tile, SCREEN_W - x - (b - a)) + 2 * tile, (s, x, w0, w1, a, b)
        # and it shows what the line holds
        assert _drawn(ln) == harness.ink(ln)


def test_a_text_shown_again_is_not_drawn_again(lang):
    ln = text.Line(text.lang.lh)
    drawn = []
    clear = ln.clear
    ln.clear = lambda: (drawn.append(1), clear())  # each drawing starts with a clear
    ln.show(strings.PASS_READY, "Noa")
    tiles = [ln.tile[j] for j in range(ln.tile.width)]
    ln.show(strings.PASS_READY, "Noa")
    assert len(drawn) == 1
    ln.show(strings.PASS_READY, "Mo")  # another name: drawn
    ln.set("Noa")
    ln.set("Noa")
    ln.x = 4  # elsewhere: a line of pictures lays out from where it stands
    ln.set("Noa")
    assert len(drawn) == 4
    text.lang.gen += 1  # as another language's texts are put in use
    ln.x = 0
    ln.show(strings.PASS_READY, "Noa")
    assert len(drawn) == 5 and [ln.tile[j] for j in range(ln.tile.width)] == tiles


def test_a_bar_reaches_the_screen_s_edge(lang):
    ln = text.Line(text.lang.lh)
    ln.colour(widgets.FG, widgets.BAR)
    ln.x = 0
    ln.set("Hi")
    assert _window(ln) == (0, SCREEN_W)
    ln.colour(widgets.FG, text.CLEAR)  # no background again: the window closes in
    w0, w1 = _window(ln)
    assert w1 - w0 < SCREEN_W // 2


def test_an_empty_line_waits_off_the_screen(lang):
    ln = text.Line(text.lang.lh)
    ln.x = 2
    ln.set("")
    w0, w1 = _window(ln)
    assert w1 <= w0
