"""Right-to-left screens mirrored (issue 22, item 2): on the walk's
screens, each text of the Sindhi screen stands where the same text of the
Malayalam screen stands, mirrored (its start at the mirrored start, or its
end at the mirrored end, within 3 px). Malayalam, not English, is the
reference: the tall scripts share one layout (a screen in a taller script
shows less), and Malayalam is its left-to-right form. The same text is the
line that shows the same texts, or else the same line of the pool
(sim.testing.layout.text_boxes' key); cards and shapes are matched by kind
and width at the mirrored place. A right-to-left
line ends where a left-to-right one at its place starts, from the right
edge (taki_ui.pictures._end)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from sim.testing import harness, layout, shots  # noqa: E402

harness.install()

from taki_ui import text  # noqa: E402

SLACK = 3
# screens that are mirrored whole
MIRRORED = ("03-pass", "04-turn", "05-computer-turn", "06-colour", "07-taki-run", "08-plus3-prompt",
            "09-break", "11-tournament-over", "13-card-help", "14-refusal", "15-drew",
            "16-ten-players", "17-records", "01-setup", "10-pause", "12-leave")
# their texts are mirrored, and the rest is by rule: a typed name is Latin,
# written left to right in every language, so the rename's ten letter slots
# and the cursor under the one being edited keep that order (the field is
# centred on the screen: its box is its own mirror)
TEXTS_ONLY = ("02-rename",)
# The language question shows every language, each in its own script: it
# is not a Sindhi screen.
NOT_SINDHI = ("00-language",)


def _boxes(code):
    out = {}
    for name, sim in shots.walk(code, long=True):
        out[name] = {b[0]: b for b in layout.text_boxes(sim)}
        out[name, "elements"] = {b[0]: b for b in layout.element_boxes(sim)}
        t = sim.app.table
        out[name, "fan"] = t.hand_y if t is not None and t.fan else None
    text.lang.load("en")
    return out


def _unmirrored_elements(ltr, rtl):
    """Cards and shapes of the left-to-right screen with no element of the
    same kind and size at the mirror of their place on the Sindhi screen
    (each used once; heights of lines differ, so rows are not compared),
    and the Sindhi elements left over."""
    w = layout.SCREEN_W - 1
    left = list(rtl.values())
    bad = []
    for a in ltr.values():
        for b in left:
            if (b[1] == a[1] and abs((b[4] - b[2]) - (a[4] - a[2])) <= SLACK
                    and abs(b[2] - (w - a[4])) <= SLACK and abs(b[4] - (w - a[2])) <= SLACK):
                left.remove(b)
                break
        else:
            bad.append((a[1], a[2:]))
    return bad + [("only right to left", b[1], b[2:]) for b in left]


@pytest.fixture(scope="module")
def walks():
    return _boxes("ml"), _boxes("sd")


def _unmirrored(ltr, rtl):
    """The texts of a screen's Sindhi form that are not the mirror of the
    left-to-right form's, and the texts that only one of them shows."""
    bad = sorted(set(ltr) ^ set(rtl), key=str)
    for k in ltr:
        if k not in rtl:
            continue
        a, b = ltr[k], rtl[k]
        start = abs(b[4] - (layout.SCREEN_W - 1 - a[2])) <= SLACK
        end = abs(b[2] - (layout.SCREEN_W - 1 - a[4])) <= SLACK
        if not (start or end):
            bad.append((k, a[1], a[2:], b[2:]))
    return bad


def test_every_screen_of_the_walk_is_listed(walks):
    ml, sd = walks
    assert sorted(n for n in sd if isinstance(n, str)) == sorted(MIRRORED + TEXTS_ONLY + NOT_SINDHI)


def _row_apart(elements, hand_y):
    """An overlapping hand's cards (and the shape under the lifted one) out
    of the elements, and the box they cover together. Each card shows its
    left edge, where its mark is, in either direction (the card art is not
    mirrored: taki_ui.table_screen), so the row is mirrored whole, not card
    by card."""
    rest, row = {}, []
    for k, b in elements.items():
        if hand_y is not None and b[3] >= hand_y - 4 and b[5] < hand_y + 28 + 4:
            row.append(b)
        else:
            rest[k] = b
    box = (min(b[2] for b in row), min(b[3] for b in row), max(b[4] for b in row),
           max(b[5] for b in row)) if row else None
    return rest, len(row), box


def _element_defects(ltr, rtl, name):
    """Screen name's cards and shapes not at their mirror (also
    sim.bench lang), an overlapping hand's row compared whole."""
    a, na, abox = _row_apart(ltr[name, "elements"], ltr[name, "fan"])
    b, nb, bbox = _row_apart(rtl[name, "elements"], rtl[name, "fan"])
    bad = _unmirrored_elements(a, b)
    w = layout.SCREEN_W - 1
    if ltr[name, "fan"] != rtl[name, "fan"] or na != nb:
        bad.append(("the hand's row", na, nb))
    elif abox and not (abs(bbox[0] - (w - abox[2])) <= SLACK
                       and abs(bbox[2] - (w - abox[0])) <= SLACK):
        bad.append(("the hand's row", abox, bbox))
    return bad


@pytest.mark.parametrize("name", MIRRORED + TEXTS_ONLY)
def test_the_sindhi_screen_is_the_mirror_of_the_left_to_right_one(walks, name):
    ml, sd = walks
    assert len(sd[name]) >= 3
    assert _unmirrored(ml[name], sd[name]) == []
    if name not in TEXTS_ONLY:
        assert _element_defects(ml, sd, name) == []


def test_a_text_at_the_wrong_side_is_found(walks):
    ml, sd = walks
    moved = dict(sd["03-pass"])
    k, (key, t, x0, y0, x1, y1) = next(iter(moved.items()))
    moved[k] = (key, t, x0 - 40, y0, x1 - 40, y1)  # 40 px off its mirror
    assert _unmirrored(ml["03-pass"], moved) == [(k, ml["03-pass"][k][1], ml["03-pass"][k][2:],
                                                  moved[k][2:])]


def test_an_overlapping_hand_is_compared_as_a_row_and_a_moved_one_is_found(walks):
    ml, sd = walks
    name = "07-taki-run"  # a TAKI run in a hand of more than 8 cards
    assert ml[name, "fan"] is not None and _element_defects(ml, sd, name) == []
    moved = dict(sd)
    els = dict(sd[name, "elements"])
    for k, b in els.items():
        if b[3] >= sd[name, "fan"] - 4:
            els[k] = b[:2] + (b[2] - 40, b[3], b[4] - 40, b[5])
    moved[name, "elements"] = els
    assert [d[0] for d in _element_defects(ml, moved, name)] == ["the hand's row"]


def test_the_pass_screen_s_name_stands_at_the_right_edge_in_sindhi(walks):
    ml, sd = walks
    name = [b for b in sd["03-pass"].values() if b[1].startswith("WWWWWWWWW")]
    assert len(name) == 1 and name[0][4] >= layout.SCREEN_W - 1 - 4 - SLACK


def test_the_card_help_s_card_stands_at_the_right_in_sindhi():
    sim = harness.Sim(lang="sd")
    from taki_ui import help_screen

    screen = help_screen.HelpScreen(sim.app.stage.lines, sim.app.stage.cards, 0)
    try:
        assert screen._big.x + 2 * 20 == layout.SCREEN_W - 4  # a 20-px card at 2x, 4 px from the edge
    finally:
        screen.close()
        sim.app.stage.lines.release()
    text.lang.load("en")
