"""Sindhi's dot groups stay dots at 16 px (issue 22, item 5).

The letters of the beh family share one body and differ only by their dots
(ب one, ت ٻ ٺ two, ث پ ٽ three, ٿ ڀ four), so a reader tells them apart by
the dots alone. Each letter is drawn by the build's own renderer in its four
joining forms, and the ink above or below the dotless body (ٮ, drawn the same
way) is split into 4-connected groups: one group a dot."""

from sim.build import shape

FAMILY = {"ب": 1, "ت": 2, "ٻ": 2, "ٺ": 2, "ث": 3, "پ": 3, "ٽ": 3, "ٿ": 4, "ڀ": 4}
BODY = "ٮ"  # the dotless body the family is built on
TATWEEL = "ـ"
FORMS = ("%s", "%s" + TATWEEL, TATWEEL + "%s" + TATWEEL, TATWEEL + "%s")
# At 16 px Noto's dots stand less than a pixel apart where a form stacks them
# (the vertical pair of ٺ, the square of ٿ, ڀ's square between two joins):
# there two dots touch, whichever way the outline is cut to pixels (threshold
# and sub-pixel offsets swept for the issue). A pair reads as a short stroke
# above the tooth, still unlike any other letter's mark.
TOUCHING = {"ٺـ", "ـٺـ", "ٿـ", "ـٿـ", "ـڀـ"}


def _groups(pixels, diagonal=False):
    left = set(pixels)
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    n = 0
    while left:
        n += 1
        todo = [left.pop()]
        while todo:
            y, x = todo.pop()
            for dy, dx in steps:
                p = (y + dy, x + dx)
                if p in left:
                    left.remove(p)
                    todo.append(p)
    return n


def _ink(rows):
    return [(y, x) for y, r in enumerate(rows) for x, v in enumerate(r) if v]


def _misfits(face):
    """The forms whose dots do not show as their number of groups."""
    bad = set()
    for form in FORMS:
        _, body = face.draw(form % BODY)
        assert _groups(_ink(body), diagonal=True) == 1, "the body %r is broken" % (form % BODY)
        ys = [y for y, _ in _ink(body)]
        top, bottom = min(ys), max(ys)
        for ch, n in FAMILY.items():
            _, rows = face.draw(form % ch)
            dots = [(y, x) for y, x in _ink(rows) if not top <= y <= bottom]
            if _groups(dots) != n:
                bad.add(form % ch)
    return bad


def test_every_dot_of_sindhi_s_beh_family_stands_apart_but_where_the_font_stacks_them():
    bad = _misfits(shape.face("sd"))
    assert bad <= TOUCHING, sorted(bad - TOUCHING)
    # every letter shows its dots right where it stands alone, and the three
    # dots of ث, پ and ٽ, the likeliest to be misread, in every form
    assert not {f for f in bad if TATWEEL not in f}
    assert not {f for f in bad if f.strip(TATWEEL) in "ثپٽ"}


def test_the_check_finds_the_hinted_rendering_that_fused_the_dots(monkeypatch):
    # the rendering before issue 22: FreeType's hinted mono, dots snapped
    # into bars (26 of the 36 forms wrong)
    monkeypatch.setattr(shape, "GREY_CUT", {})
    bad = _misfits(shape.face("sd"))
    assert len(bad - TOUCHING) > 10
