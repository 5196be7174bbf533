"""The card pictures, read back from the simulated TFT's pixels: every face
recognisable and unlike the others at 1x, STOP a hand (not the old '='), the
+3 Breaker a +3 broken by a bolt, and every coloured card carrying its
colour's mark (dimmed too, in the hand and on the leading card), so that
colour-blind players can tell the colours apart; also under a deuteranopia
simulation, beside the NeoPixels in the simulator's window, and in the mark
tiles the screens lay on their colour swatches."""

import itertools
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.testing import harness  # noqa: E402

harness.install()

import pytest  # noqa: E402

from sim.build import cardsheet  # noqa: E402
from sim.testing import cardpics  # noqa: E402
from taki_core.cards import NO_COLOR, card_type  # noqa: E402
from taki_ui import cardart  # noqa: E402
from taki_ui import sheet as sheet_mod  # noqa: E402

MARKS = [[[ch == "#" for ch in row] for row in m] for m in cardsheet.MARKS]
# The STOP of the sheet before this change (8x7 at 2x, at (2, 7)): two bars
# in a frame, which read as '='.
OLD_STOP = (".######.", "########", "##....##", "########", "##....##", "########", ".######.")


# --- drawing cards on the simulated display -----------------------------------
def rgb(c):
    return (c >> 16, c >> 8 & 255, c & 255)


def near(a, b):
    """Two colours the same at the TFT's 5-6-5 bits."""
    return abs(a[0] - b[0]) < 9 and abs(a[1] - b[1]) < 5 and abs(a[2] - b[2]) < 9


def closer(p, a, b):
    """True if pixel p is nearer colour a than colour b."""
    return sum((x - y) ** 2 for x, y in zip(p, a)) < sum((x - y) ** 2 for x, y in zip(p, b))


class Shot:
    """Cards painted by cardart, drawn side by side by the simulated TFT."""

    def __init__(self, cards, extra=()):
        import displayio

        harness.install()  # a fresh display
        sheet, missing = sheet_mod.load()
        assert missing is None
        self.cards = []
        g = displayio.Group()
        for i, (t, dimmed) in enumerate(cards):
            card = cardart.Card(sheet)
            card.paint(t, dimmed)
            card.x, card.y = 2 + (i % 7) * 22, 2 + (i // 7) * 30
            g.append(card.tile)
            self.cards.append(card)
        for item in extra:
            g.append(item)
        self.surface = cardpics.render(g, 160, max(64, 2 + 30 * ((len(cards) + 6) // 7)))

    def pixel(self, x, y):
        return tuple(self.surface.get_at((x, y)))[:3]

    def card_pixels(self, i):
        c = self.cards[i]
        return [[self.pixel(c.x + x, c.y + y) for x in range(cardart.W)] for y in range(cardart.H)]

    def ink_mask(self, i):
        """Card i's pixels that are ink (nearer its ink colour than its body)."""
        pal = self.cards[i].tile.pixel_shader
        ink, body = rgb(pal[1]), rgb(pal[2])
        return [[closer(p, ink, body) for p in row] for row in self.card_pixels(i)]


def mark_at(pixel, x, y, scale, ink, body):
    """The 5x5 mark box of a card drawn at (x, y), scale: True where ink."""
    return [[closer(pixel(x + (cardsheet.MARK_X + mx) * scale + scale // 2,
                          y + (cardsheet.MARK_Y + my) * scale + scale // 2), ink, body)
             for mx in range(5)] for my in range(5)]


def differ(a, b):
    return sum(1 for ra, rb in zip(a, b) for pa, pb in zip(ra, rb) if pa != pb)


def runs(row):
    """Separate runs of True in a row."""
    return sum(1 for i, v in enumerate(row) if v and (i == 0 or not row[i - 1]))


# --- the sheet ----------------------------------------------------------------
def test_the_shipped_sheet_and_cardart_constants_are_what_sim_cardsheet_draws():
    assert cardsheet.check() == ""


def test_each_face_differs_from_every_other_at_1x():
    # the 13 symbols in each colour, the 5 colourless cards, the back
    cards = [(c * 13 + s, False) for c in range(4) for s in range(13)]
    cards += [(t, False) for t in range(52, 57)] + [(-1, False)]
    shot = Shot(cards)
    px = [shot.card_pixels(i) for i in range(len(cards))]
    faces = [shot.cards[i].tile[1] for i in range(len(cards))]
    assert sorted(set(faces)) == list(range(cardart.NFACES))

    def apart(i, j):
        return sum(1 for ra, rb in zip(px[i], px[j]) for a, b in zip(ra, rb) if not near(a, b))

    worst = {}
    for i, j in itertools.combinations(range(len(cards)), 2):
        ti, tj = cards[i][0], cards[j][0]
        if 0 <= ti < 52 and 0 <= tj < 52 and ti // 13 != tj // 13:
            continue  # different colours: the colour and the mark tell them apart
        d = apart(i, j)
        key = tuple(sorted((faces[i], faces[j])))
        worst[key] = min(worst.get(key, d), d)
    assert len(worst) == cardart.NFACES * (cardart.NFACES - 1) // 2
    # at least 24 pixels (six of the 2x2 blocks the digits are drawn with):
    # 6/8 and 8/9 are the closest pair, as on printed cards
    assert min(worst.values()) >= 24, sorted((d, k) for k, d in worst.items())[:5]


def test_stop_is_a_raised_hand_not_an_equals_sign():
    shot = Shot([(card_type(n), False) for n in ("RSTOP", "GSTOP", "BSTOP", "YSTOP")])
    old = [[False] * cardart.W for _ in range(cardart.H)]
    for y, row in enumerate(OLD_STOP):
        for x, ch in enumerate(row):
            if ch == "#":
                for dy in (0, 1):
                    for dx in (0, 1):
                        old[7 + 2 * y + dy][2 + 2 * x + dx] = True
    for i in range(4):
        ink = shot.ink_mask(i)
        symbol = ink[7:]  # below the mark
        # fingers: a row crosses four separate strokes (an '=' has at most 2)
        assert max(runs(row) for row in symbol) >= 4
        assert max(runs(row) for row in old[7:]) <= 2
        # and a solid palm below them: 10 or more ink pixels side by side
        assert any(max(len(s) for s in "".join("#" if v else "." for v in row).split(".")) >= 10
                   for row in symbol)
        assert differ(ink, old) >= 80


def test_the_breaker_is_a_plus3_broken_by_a_bolt():
    shot = Shot([(card_type("+3"), False), (card_type("+3BREAK"), False)])
    plus3, breaker = shot.ink_mask(0), shot.ink_mask(1)
    yellow = rgb(cardart.COLOURS[3])
    bolt = [[near(p, yellow) for p in row] for row in shot.card_pixels(1)]
    # the +3 is still there: most of its ink is ink on the Breaker too
    kept = sum(1 for ra, rb in zip(plus3, breaker) for a, b in zip(ra, rb) if a and b)
    total = sum(map(sum, plus3))
    assert kept >= 0.7 * total
    # the bolt runs from the top of the picture to its bottom, through the +3
    rows = [y for y in range(cardart.H) if any(bolt[y])]
    assert len(rows) >= 16 and rows == list(range(rows[0], rows[-1] + 1))
    broken = sum(1 for ra, rb in zip(plus3, breaker) for a, b in zip(ra, rb) if a and not b)
    assert broken >= 8
    assert not any(any(r) for r in [[near(p, yellow) for p in row] for row in shot.card_pixels(0)])


def test_the_four_marks_are_unlike_each_other():
    assert len(MARKS) == 4 and len(cardsheet.MARK_NAMES) == 4
    for a, b in itertools.combinations(range(4), 2):
        assert differ(MARKS[a], MARKS[b]) >= 12, (a, b)  # of 25 pixels
    # and not one the other's outline: how many pixels, how many on the rim
    filled = [sum(map(sum, m)) for m in MARKS]
    rim = [sum(m[0]) + sum(m[4]) + sum(r[0] + r[4] for r in m[1:4]) for m in MARKS]
    assert len(set(zip(filled, rim))) == 4


def test_every_coloured_card_shows_its_colour_s_mark_dimmed_or_not():
    cards = [(c * 13 + s, d) for c in range(4) for s in (0, 5, 8, 9, 10, 12) for d in (False, True)]
    cards += [(t, d) for t in range(52, 57) for d in (False, True)] + [(-1, False)]
    shot = Shot(cards)
    for i, (t, dimmed) in enumerate(cards):
        card = shot.cards[i]
        pal = card.tile.pixel_shader
        seen = mark_at(shot.pixel, card.x, card.y, 1, rgb(pal[1]), rgb(pal[2]))
        c = NO_COLOR if t < 0 else t // 13 if t < 52 else NO_COLOR
        if c != NO_COLOR:
            assert seen == MARKS[c], (t, dimmed, seen)
        else:
            assert seen not in MARKS, t  # colourless cards and the back: no colour mark


def test_mark_tiles_for_the_swatch_and_the_colour_picker():
    import displayio
    import vectorio

    sheet, _ = sheet_mod.load()
    anchor = cardart.Card(sheet)
    items, marks = [], []
    for c in range(4):
        pal = displayio.Palette(1)
        pal[0] = cardart.COLOURS[c]
        items.append(vectorio.Rectangle(pixel_shader=pal, x=10 + c * 20, y=40, width=9, height=9))
        m = cardart.mark(anchor, (c + 1) % 4, 12 + c * 20, 42)
        cardart.show_mark(m, c)  # shown again with another colour: no new objects
        items.append(m)
        marks.append(m)
    shot = Shot([], items)
    for c in range(4):
        ink = rgb(cardart.ink(c))
        body = rgb(cardart.COLOURS[c])
        seen = [[closer(shot.pixel(12 + c * 20 + x, 42 + y), ink, body) for x in range(5)]
                for y in range(5)]
        assert seen == MARKS[c], c
        # around the mark, the swatch's colour shows through
        assert near(shot.pixel(10 + c * 20, 40), body) and near(shot.pixel(18 + c * 20, 48), body)


# --- in the game --------------------------------------------------------------
def _cards_on_screen(group, ox=0, oy=0, scale=1, out=None):
    """(TileGrid, x, y, scale) of every visible card on the screen."""
    out = [] if out is None else out
    if group.hidden:
        return out
    for item in group:
        if hasattr(item, "append"):
            s = scale * item.scale
            _cards_on_screen(item, ox + scale * item.x, oy + scale * item.y, s, out)
        elif getattr(item, "tile_width", 0) == cardart.W and not item.hidden:
            out.append((item, ox + scale * item.x, oy + scale * item.y, scale))
    return out


def test_the_hand_and_the_leading_card_show_the_marks_in_the_game():
    sim = harness.Sim(render=True)
    sim.app.settings.players = 2
    hand = ["R5", "G7", "B9", "Y3", "RSTOP", "GTAKI", "KING", "COLOR"]
    harness.arrange(sim, 2, [hand, ["Y4", "Y5"]], ["R1"], humans=(0, 1))
    sim.press("A")  # the device goes to Player 1: the hand shows
    sim.display.redraw()
    shown = _cards_on_screen(sim.display.root_group)
    colours = {}
    dimmed = 0
    for tg, x, y, s in shown:
        pal = tg.pixel_shader
        body = pal[2]
        c = next((k for k in range(4) if body in (cardart.COLOURS[k],
                                                   cardart.dim(cardart.COLOURS[k]))), NO_COLOR)
        dimmed += body != cardart.COLOURS[c] if c != NO_COLOR else 0
        seen = mark_at(sim.pixel, x, y, s, rgb(pal[1]), rgb(body))
        if c == NO_COLOR:
            assert seen not in MARKS
        else:
            assert seen == MARKS[c], (c, x, y, s)
            colours.setdefault(s, set()).add(c)
    assert colours[1] == {0, 1, 2, 3}  # the hand: every colour, each with its mark
    assert 0 in colours[2]  # the leading red 1, at 2x
    assert dimmed >= 2  # G7 and B9 cannot be played on a red 1


def test_under_deuteranopia_the_colours_still_differ_by_their_marks():
    cards = [(c * 13 + 3, d) for d in (False, True) for c in range(4)]
    shot = Shot(cards)
    import numpy as np

    for d in (0, 4):  # lit, dimmed
        masks, bodies = [], []
        for c in range(4):
            card = shot.cards[d + c]
            px = np.array(shot.card_pixels(d + c), dtype=np.uint8)
            seen = cardpics.simulate_rgb(px, cardpics.DEUTERANOPIA)
            pal = card.tile.pixel_shader
            ink, body = cardpics.simulate_rgb(np.array([rgb(pal[1]), rgb(pal[2])], dtype=np.uint8),
                                              cardpics.DEUTERANOPIA)
            box = seen[cardsheet.MARK_Y:cardsheet.MARK_Y + 5, cardsheet.MARK_X:cardsheet.MARK_X + 5]
            ink, body = tuple(ink.tolist()), tuple(body.tolist())
            masks.append([[closer(p, ink, body) for p in row] for row in box.tolist()])
            bodies.append(np.array(body))
        for c in range(4):
            assert masks[c] == MARKS[c], (d, c)
        for a, b in itertools.combinations(range(4), 2):
            assert differ(masks[a], masks[b]) >= 12
        if d == 0:
            # what the marks are for: to a deuteranope red and green are
            # nearly one colour (closer than a third of how far apart they are)
            seen = np.abs(bodies[0] - bodies[1]).sum()
            normal = sum(abs(x - y) for x, y in zip(rgb(cardart.COLOURS[0]), rgb(cardart.COLOURS[1])))
            assert seen < normal / 3


def test_the_pictures_in_docs_are_what_sim_cardpics_draws():
    import pygame

    one = cardpics.cards_surface()
    path = os.path.join(cardpics.ROOT, "docs", "cards", "cards-1x.png")
    shipped = pygame.image.load(path)
    assert shipped.get_size() == one.get_size()
    w, h = one.get_size()
    bad = [(x, y) for y in range(h) for x in range(w)
           if tuple(shipped.get_at((x, y)))[:3] != tuple(one.get_at((x, y)))[:3]]
    assert not bad, "run python -m sim.testing.cardpics: %d pixels differ" % len(bad)
    big = pygame.image.load(os.path.join(cardpics.ROOT, "docs", "cards", "cards-4x.png"))
    assert big.get_size() == (4 * w, 4 * h)


# --- the simulator's window: the NeoPixels' legend ------------------------------
@pytest.fixture
def window():
    h = harness.install()
    h.HEADLESS = False
    import board

    d = board._new_display()  # a window, on SDL's dummy video driver
    yield h, d
    h.HEADLESS = True
    harness.install()


def test_the_neopixel_legend_shows_the_colour_s_mark(window):
    import neopixel
    import board
    from _simdisplay import MARK_SCALE, WIDTH

    h, d = window
    px = neopixel.NeoPixel(board.NEOPIXEL, 5, brightness=0.1)  # as boards/pybadge.py
    x0 = WIDTH * d._scale + 20 + 32
    for c in range(4):
        px.fill(cardart.COLOURS[c])
        d.draw_window()
        for i in range(5):
            y0 = 20 + i * 34 - 5 * MARK_SCALE // 2
            seen = [[max(d._window.get_at((x0 + mx * MARK_SCALE + 1, y0 + my * MARK_SCALE + 1))[:3])
                     > 150 for mx in range(5)] for my in range(5)]
            assert seen == MARKS[c], (c, i)
    # a save's pattern (white ends, dark middle) and dark pixels: no mark
    for fill in (0xFFFFFF, 0):
        px.fill(fill)
        d.draw_window()
        y0 = 20 - 5 * MARK_SCALE // 2
        assert not any(max(d._window.get_at((x0 + mx * MARK_SCALE + 1, y0 + my * MARK_SCALE + 1))[:3])
                       > 150 for mx in range(5) for my in range(5))
