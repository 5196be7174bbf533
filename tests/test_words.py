"""The words issue 22 (item 4) found missing or misplaced: one digit style
on a screen, the pause menu's colon beside its word, Latin-script texts in
the table's boxes, the words each table lacked."""

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from sim.build import glossary, lang, texts  # noqa: E402
from sim.testing import harness  # noqa: E402

harness.install()

from taki_ui import strings, text  # noqa: E402

SHAPED = [c for c in text.LANGS if c in texts.SHAPED]
LATIN = [c for c in text.LANGS if c not in texts.SHAPED]
OTHER = [c for c in text.LANGS if c != "en"]
NATIVE_DIGITS = re.compile("[\u0966-\u096f\u09e6-\u09ef\u0d66-\u0d6f\u0660-\u0669\u06f0-\u06f9]")


@pytest.mark.parametrize("code", SHAPED)
def test_every_digit_is_the_board_s_latin_digit(code):
    """No script's own digits, and no Latin digit or sign drawn in the
    script's font inside a word ("3খন"): the build splits them out, so
    they are drawn in the board's font like every number the game fills in."""
    for name, value in texts.table_of(code):
        assert not NATIVE_DIGITS.search(value), (code, name)
        for kind, tok in lang.tokens(value):
            if kind == "word":
                assert all(ord(c) > 126 for c in tok), (code, name, tok)
    assert ("ascii", "3") in lang.tokens(dict(texts.table_of("as"))["N_BREAK"])


def _ink(ln):
    return [x for x in range(text.WIDTH) if any(ln.bitmap[x, y] for y in range(ln.bitmap.height))]


@pytest.mark.parametrize("code", SHAPED)
def test_the_pause_menu_s_colon_stands_beside_its_word(code):
    """ "Sound: On" is one text: the colon follows the word at the script's
    own spacing (to its left in Sindhi), not at the next 6-pixel column."""
    assert text.lang.load(code)
    word = text.Line(text.lang.lh)
    word.show(strings.SOUND)
    row = text.Line(text.lang.lh)
    row.show(strings.SOUND_IS, strings.ON)
    w = _ink(word)
    ink = _ink(row)
    assert ink[0] == w[0] if not text.lang.rtl else ink[-1] == w[-1]  # the word where it was
    if text.lang.rtl:
        colon = [x for x in ink if x < w[0]]
        gap = w[0] - colon[-1] - 1
    else:
        colon = [x for x in ink if x > w[-1]]
        gap = colon[0] - w[-1] - 1
    assert 0 <= gap <= 3, (code, gap)
    # and the pause menu shows that text
    sim = harness.Sim(render=False, lang=code)
    sim.press("UP", "A", "A")  # start; the first player is ready
    sim.press("START")
    assert row.text in sim.screen_text()


@pytest.mark.parametrize("code", LATIN)
def test_latin_texts_fit_the_boxes_the_table_gives_them(code):
    """The table's heading, legend and status texts in the board's font,
    6 px a letter, within the box sim.build.lang gives the shaped scripts."""
    assert text.lang.load(code)
    for name, box in lang.BOXES.items():
        n = getattr(strings, name)
        k = text.compose(n, 116, 116, 116) if "{" in dict(texts.table_of(code))[name] else text.compose(n)
        assert k * text.CHAR_W <= box, (code, name, k * text.CHAR_W, box)


def test_the_missing_words_are_there():
    table = {code: dict(texts.table_of(code)) for code in OTHER}
    assert table["as"]["N_BREAK"].endswith("।")
    assert len(table["ml"]["STANDINGS"].split()) == 4  # place, name, stage, cards
    order, terms = glossary.table()
    english = terms[glossary.key("English (the language)")]
    for code in OTHER:
        assert "English" not in table[code]["LANG_BAD"], code
        assert english[code][0] in table[code]["LANG_BAD"], code
    short = terms[glossary.key("Player short (P{n})")]
    for code in OTHER:  # the grid's short form is the glossary's, in every language
        assert table[code]["PLAYER_SHORT"] == short[code][0], code
        assert table[code]["PLAYER"][0] == short[code][0][0], code  # its first letter


def test_a_contact_sheet_shows_every_screen_of_the_walk_with_the_longest_names(tmp_path):
    import pygame

    from sim.testing import sheets, shots

    path = str(tmp_path / "tl.png")
    names = sheets.sheet("tl", path)
    assert names == [n for n, _ in shots.walk("tl")]
    img = pygame.image.load(path)
    rows = (len(names) + sheets.COLS - 1) // sheets.COLS
    assert img.get_size() == (sheets.COLS * (320 + sheets.GAP) + sheets.GAP,
                              rows * (256 + sheets.CAPTION + sheets.GAP) + sheets.GAP)
    # the setup at 2x, top left: a seat's row shows the widest name
    sim = next(s for n, s in shots.walk("tl", long=True) if n == "01-setup")
    assert shots.LONGEST[0] in sim.screen_text()
