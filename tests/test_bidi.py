"""Lines that mix scripts stand in the order of the Unicode Bidirectional
Algorithm (issue 22, item 1): what the board draws, read off the line it
drew, equals python-bidi's own display string of the same text, in every
shaped language, for every text, its places filled at run time."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import bidi  # noqa: E402
import pytest  # noqa: E402

from sim.build import lang, order, texts  # noqa: E402
from sim.testing import harness  # noqa: E402

harness.install()

from taki_ui import strings, text  # noqa: E402

SHAPED = [c for c in text.LANGS if c in texts.SHAPED]
NAME = "Noa"  # a name typed on the board: Latin, left to right
CONTROLS = dict.fromkeys(map(ord, order.LRI + order.RLI + order.FSI + order.PDI))
# the algorithm's L4 (a mirrored glyph at a right-to-left level) is the
# renderer's step, which python-bidi's display string leaves out: compare
# those glyphs as one, and check L4 apart (below)
SAME = str.maketrans("><)(][}{", "<<((([{{")


def _values(value):
    """Run-time values for a text's places: a name, a number, a colour, a
    card with a number (+2: its name, a left-to-right isolate), a symbol."""
    out = []
    for p in texts.places(value):
        k = texts.kind(p)
        if k == texts.K_TEXT:
            out.append(strings.ON if p == "state" else strings.SYM_PLUS2)
        else:  # green (1); card 21: green +2 (colour * 13 + symbol, SYM_1 + 8 = SYM_PLUS2)
            out.append({texts.K_COLOUR: 1, texts.K_CARD: 21}.get(k, 12 if p == "n" else NAME))
    return out


def _logical(table, name, args, part):
    """The text as the algorithm reads it (sim.build.order's rules, written
    out again here: each place an isolate, a text of the language in the
    language's direction, each card name "+N" a left-to-right one), its places filled with args in the order English
    names them."""
    english = dict(texts.table_of("en"))[name]
    names = texts.places(english)
    line = table[name].split(lang.SPLIT)
    src = " ".join(line) if part < 0 else line[part]
    out = ""
    for tok in lang.TOKEN.findall(src):
        if tok.startswith("{"):
            v = args[names.index(tok[1:-1])]
            k = texts.kind(tok[1:-1])
            if k == texts.K_COLOUR:
                inner = _logical(table, _name_of(strings.RED + v), [], -1)
            elif k == texts.K_CARD:
                sym = strings.SYM_1 + v % 13
                inner = _logical(table, "CARD", [v // 13, sym], -1)
            elif k == texts.K_TEXT:
                inner = _logical(table, _name_of(v), [], -1)
            else:  # a name, a number: first strong decides
                out += order.FSI + str(v) + order.PDI
                continue
            # a text of the language, in the language's direction
            out += (order.RLI if text.lang.rtl else order.LRI) + inner + order.PDI
        else:
            for card, piece in order._split_ascii(tok) if tok.isascii() else [(False, tok)]:
                out += order.LRI + piece + order.PDI if card else piece
    return out


def _name_of(n):
    return [k for k, v in vars(strings).items() if v == n and k.isupper() and not k.startswith("PLACE")][0]


def _drawn(code, name, args, part):
    """What the board drew for text `name`, as a display string: left to
    right on the screen (each word's letters as the algorithm displays them)."""
    n = getattr(strings, name)
    ln = text.Line(text.lang.lh)
    ln.x = 2
    ln.clear()
    ln.put_text(0, n, *(args + [None] * (3 - len(args))), part=part)
    ln.done()
    items = []
    for p in ln.drew[1:]:
        if isinstance(p, str):
            items.append(p)  # a space, a run of ASCII, a name or a number: left to right
        else:
            w = text.lang.words[code, p]
            items.append(w[::-1] if text.lang.rtl else w)  # a word: letters in the script's direction
    if text.lang.rtl:
        items.reverse()  # drawn from the right edge
    return "".join(items)


def _cases(code):
    table = dict(texts.table_of(code))
    for name, english in texts.table_of("en"):
        if name == "CARD" or not hasattr(strings, name):
            continue
        args = _values(english)
        for part in ((0, 1) if lang.SPLIT in table[name] else (-1,)):
            yield name, args, part


@pytest.mark.parametrize("code", SHAPED)
def test_every_text_is_drawn_in_the_algorithm_s_order(code):
    assert text.lang.load(code)
    table = dict(texts.table_of(code))
    mixed = 0
    for name, args, part in _cases(code):
        logical = _logical(table, name, args, part)
        want = bidi.get_display(logical, base_dir="R" if text.lang.rtl else "L").translate(CONTROLS)
        got = _drawn(code, name, args, part)
        assert got.translate(SAME) == want.translate(SAME), (name, part, logical)
        mixed += any(c.isascii() and c != " " for c in logical)
    assert mixed > 20  # key hints, card names, names and numbers: the mixed texts were checked


def test_sindhi_key_hints_stand_as_the_algorithm_puts_them():
    """"A: ..." in a right-to-left line: the colon on the reading side of A
    (":A" at the right edge); a card name keeps its own order ("+3:"); the
    arrows' pair keeps pointing the keys' ways (L4: mirrored in the run)."""
    assert text.lang.load("sd")
    for name, args, want in (("KEYS_WAIT", [], ":A"), ("HINT_PLUS3", [], ":+3"),
                             ("PASS_READY", [NAME], ":A"), ("SETUP_KEYS", [], "<>"),
                             ("BREAK_OF", [NAME], NAME)):
        got = _drawn("sd", name, args, -1)
        assert got.endswith(want), (name, got)
    assert "+3" in _drawn("sd", "BREAK_OF", [NAME], -1)


def test_the_order_of_a_line_by_the_rules():
    w = ("word", "\u0645\u0627\u0646")
    sp = ("space", None)
    assert order.line([("ascii", "A:"), sp, w], True, lambda p: "x") == [("ascii", ":A"), sp, w]
    assert order.line([("ascii", "+3:"), sp, w], True, lambda p: "x") == [("ascii", ":+3"), sp, w]
    assert order.line([("ascii", "<>"), sp, w], True, lambda p: "x") == [("ascii", "<>"), sp, w]
    # a name beside a card name: two isolates, each in its place
    toks = [("place", "name"), ("word", "\u060c"), sp, ("ascii", "+3"), sp, w]
    assert order.line(toks, True, lambda p: "x") == toks
    # left to right languages: as written
    assert order.line([("ascii", "A:"), sp, w], False, lambda p: "x") == [("ascii", "A:"), sp, w]


def test_the_files_hold_the_algorithm_s_order():
    # the written sd.bin is what the build makes now (test_lang checks every
    # file; this one names the reason when only the order is stale)
    b = lang.Build("sd")
    t = dict(b.table)
    assert b.ordered(t["KEYS_WAIT"])[0] == ("ascii", ":A")
