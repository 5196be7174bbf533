"""The order a line of a shaped language is drawn in: the Unicode
Bidirectional Algorithm (python-bidi, pinned in requirements.txt), applied
here at build time, since the board cannot (desktop only).

The board draws a text's items one after another in the language's
direction (from the right edge in Sindhi), each word a picture and each
run of ASCII left to right. So a line is stored in its visual order read
in the language's direction: what the algorithm puts rightmost comes first
in Sindhi, and a run of ASCII holds its characters as they stand on the
screen, left to right.

How the algorithm reads a line (`logical`): every place filled in at run
time is an isolate, as Unicode advises for text inserted into a message,
so it keeps its place whatever it holds (a name or a number: its first
strong letter gives its direction; a colour, a card, a symbol: a text of
the language, in the language's direction, ordered as a line of its own
by this same module); a card's name ("+2", "+3") is a left-to-right isolate too, so it
reads as on the card. Everything else is as the translator wrote it: a key
hint "A:" in Sindhi stands as ":A", its colon on the reading side.
"""

import re

import bidi
from bidi.mirror import MIRRORED

LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
CARD_NAME = re.compile(r"\+\d")  # "+2", "+3": one unit, as printed on the card
_LEVEL = re.compile(r"Level\(\s*(\d+)")


def _split_ascii(value):
    """An ASCII token's parts: card names apart from what surrounds them."""
    out = []
    pos = 0
    for m in CARD_NAME.finditer(value):
        if m.start() > pos:
            out.append((False, value[pos:m.start()]))
        out.append((True, m.group()))
        pos = m.end()
    if pos < len(value):
        out.append((False, value[pos:]))
    return out


def logical(toks, place_text):
    """The line as the algorithm reads it, and each character's owner: the
    index of its token in toks, or (index, j) for an ASCII token's j-th
    character. place_text(name): what stands for a place (isolated here)."""
    chars = []
    owners = []

    def add(s, owner):
        for c in s:
            chars.append(c)
            owners.append(owner)

    for i, (kind, value) in enumerate(toks):
        if kind == "space":
            add(" ", i)
        elif kind == "word":
            add(value, i)
        elif kind == "place":
            add(FSI, None)
            add(place_text(value), i)
            add(PDI, None)
        elif kind == "ascii":
            j = 0
            for card, part in _split_ascii(value):
                if card:
                    add(LRI, None)
                for c in part:
                    add(c, (i, j))
                    j += 1
                if card:
                    add(PDI, None)
        else:
            raise ValueError("a line holds no %r" % kind)
    return "".join(chars), owners


def levels(text, rtl):
    """The algorithm's embedding level of each character of text (rules up
    to I2, from python-bidi's own result; L1: trailing spaces and isolate
    marks to the paragraph's level)."""
    info = bidi.get_display(text, base_dir="R" if rtl else "L", debug=True)
    at = info.index("levels:")
    per_byte = [int(v) for v in _LEVEL.findall(info[at:info.index("]", at)])]
    out = []
    b = 0
    for c in text:
        out.append(per_byte[b])
        b += len(c.encode("utf-8"))
    if len(per_byte) != b:
        raise ValueError("python-bidi gave %d levels for %d bytes" % (len(per_byte), b))
    base = 1 if rtl else 0
    k = len(text)
    while k and text[k - 1] in " " + LRI + RLI + FSI + PDI:  # L1: the line's end
        k -= 1
        out[k] = base
    return out


def visual(n, lv):
    """L2: the indices 0..n-1 in left-to-right screen order."""
    order = list(range(n))
    if not n:
        return order
    top = max(lv)
    low = min(v for v in lv if v % 2) if any(v % 2 for v in lv) else top + 1
    for level in range(top, low - 1, -1):
        i = 0
        while i < n:
            if lv[order[i]] >= level:
                j = i
                while j < n and lv[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order


def line(toks, rtl, place_text):
    """A line's tokens in the order the board draws them (see the module's
    text). A word must come out whole: the board draws it as one picture."""
    text, owners = logical(toks, place_text)
    lv = levels(text, rtl)
    screen = [i for i in visual(len(text), lv) if owners[i] is not None]
    if rtl:
        screen.reverse()  # the board's pen starts at the right edge
    out = []
    done = set()
    run = []  # ASCII characters, in the order the board's pen meets them

    def flush():
        if run:
            s = "".join(run[::-1] if rtl else run)  # a run reads left to right
            out.append(("ascii", s))
            run.clear()

    last = None
    for i in screen:
        o = owners[i]
        if isinstance(o, tuple):
            c = text[i]
            if lv[i] % 2:  # L4: a mirrored glyph in a right-to-left run
                c = MIRRORED.get(c, c)
            run.append(c)
            last = None
            continue
        flush()
        if o == last:
            continue  # the same word or place, further on
        if o in done and toks[o][0] != "space":
            raise ValueError("%r is split by the bidirectional order" % (toks[o][1],))
        done.add(o)
        out.append(toks[o])
        last = o
    flush()
    return out
