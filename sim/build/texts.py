"""The game's texts: from the table lib/taki_ui/lang/<language>.txt to what the
board reads (desktop only).

The tables and the file format of the languages drawn in characters
(sim.build.lang draws the shaped ones and writes every file:
`python -m sim.build.lang`).

lang/en.txt is the table: `NAME = text` lines, places in {braces}. The names'
order numbers the texts; strings.py (generated) gives each name its number
as a const, and lang/<code>.bin holds a language's texts for taki_ui.text:

    "TX", version, 0, count (2 bytes, LE), 0, 0, line height 12, 0, space
    width 6, then zeros to byte 16 (the header of sim.build.lang's pictures,
    which a file in characters does not use), then two CRC-32s (4 bytes
    each, LE; see finish()), then from byte 24 count + 1 offsets (2 bytes,
    LE) from the start of the file, then the texts one after the other.

The CRC-32s are binascii.crc32 (zlib's), which CircuitPython 10.2.1 has in C
on the PyBadge and PyGamer (CIRCUITPY_BINASCII and CIRCUITPY_ZLIB follow
CIRCUITPY_FULL_BUILD on the SAMD51), so checking a file costs its reads: at
byte 16 the CRC-32 of what the first start's question reads to show the
language's own name, at byte 20 that of the whole file (taki_ui.text).

Every other lang/<code>.txt translates en.txt: the same names, each once (in
any order; the .bin follows English's), the same places (anywhere in the
sentence: a place's number is its order in the English text).

A text is ASCII; a byte below 32 is a place: 1 + 3 * kind + i, where i is
the place's argument (0, 1, 2: in the order the English text first names
them) and kind is how it is drawn: 0 as it is (a name, a number), 1 a colour
(its word), 2 a card (its name), 3 another text (its number). The kind comes
from the place's name: {colour...} a colour, {card...} a card, {symbol...} a
text, anything else as it is. A line
break is not stored: the board breaks a text where it must.

For the tests and tools: english(name, *args) gives the English text with
its places filled in, as the board draws it.
"""

import binascii
import os
import re

from sim import ROOT

LANG = os.path.join(ROOT, "lib", "taki_ui", "lang")
STRINGS = os.path.join(ROOT, "lib", "taki_ui", "strings.py")
VERSION = 1
HEAD = 24  # the header: 16 bytes of fields, the question's CRC-32, the file's CRC-32
MAX_ARGS = 3
K_PLAIN, K_COLOUR, K_CARD, K_TEXT = 0, 1, 2, 3
PLACE = re.compile(r"\{([a-z_]+)\}")


def read_table(path):
    """[(name, text)] in file order."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if " = " not in line:
                raise ValueError("%s:%d: not `NAME = text`: %r" % (path, n, line))
            name, text = line.split(" = ", 1)
            if not re.fullmatch(r"[A-Z][A-Z0-9_]*", name):
                raise ValueError("%s:%d: bad name %r" % (path, n, name))
            out.append((name, text))
    names = [n for n, _ in out]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise ValueError("%s: names twice: %s" % (path, ", ".join(sorted(dup))))
    return out


def places(text):
    """The place names of a text, in the order it first names them."""
    seen = []
    for p in PLACE.findall(text):
        if p not in seen:
            seen.append(p)
    return seen


def kind(place):
    if place.startswith("colour"):
        return K_COLOUR
    if place.startswith("card"):
        return K_CARD
    if place.startswith(("symbol", "state")):  # another text: a symbol's, On / Off
        return K_TEXT
    return K_PLAIN


def encode(text, order):
    """The bytes of a text; order: its places' names, as English orders them."""
    out = bytearray()
    pos = 0
    for m in PLACE.finditer(text):
        out += text[pos:m.start()].encode("ascii")
        p = m.group(1)
        i = order.index(p)
        out.append(1 + 3 * kind(p) + i)
        pos = m.end()
    out += text[pos:].encode("ascii")
    return bytes(out)


def finish(head, body, name):
    """The file: head (the header's first 16 bytes), the CRC-32 of head and
    of the parts in `name` (what the first start's question reads to show
    the language's own name: the offsets, its text, and in a file of
    pictures each of its words' table entry and picture, in the order the
    text names them), the CRC-32 of the header's first 20 bytes and of
    body, then body (everything after the header)."""
    assert len(head) == 16
    q = binascii.crc32(head)
    for part in name:
        q = binascii.crc32(part, q)
    head = bytes(head) + q.to_bytes(4, "little")
    return head + binascii.crc32(body, binascii.crc32(head)).to_bytes(4, "little") + bytes(body)


def build(table, english=None):
    """The .bin file of a language's table, in English's order (english:
    English's table; None: this is English)."""
    english = english or table
    texts = dict(table)
    blobs = [encode(texts[name], places(text)) for name, text in english]
    head = HEAD + 2 * (len(blobs) + 1)
    offsets = []
    at = head
    for b in blobs:
        offsets.append(at)
        at += len(b)
    offsets.append(at)
    if at > 0xFFFF:
        raise ValueError("the texts are too long for 16-bit offsets")
    table = bytearray()
    for o in offsets:
        table += bytes((o & 255, o >> 8))
    out = bytearray(b"TX")
    out += bytes((VERSION, 0, len(blobs) & 255, len(blobs) >> 8, 0, 0))
    out += bytes((12, 0, 6, 0, 0, 0, 0, 0))  # line height, font at y 0, space, no words
    name = blobs[[n for n, _ in english].index("LANG_NAME")]
    return finish(out, table + b"".join(blobs), (table, name))


def strings_module(table):
    lines = [
        '"""The game\'s texts by name (generated from lang/en.txt by `python -m sim.build.lang`:',
        "edit the table, not this file).",
        "",
        "Each name is its text's number in lang/<language>.bin, which taki_ui.text",
        "draws; the .mpy bundle puts the numbers straight into the code that uses",
        "them, so the names cost the board no heap. English is in the comments.",
        '"""',
        "",
        "from micropython import const",
        "",
        "COUNT = const(%d)" % len(table),
        "# what a text's place is filled with, if not a name or a number as it is",
        "PLACE_COLOUR = const(%d)" % K_COLOUR,
        "PLACE_CARD = const(%d)" % K_CARD,
        "PLACE_TEXT = const(%d)" % K_TEXT,
        "",
    ]
    for i, (name, text) in enumerate(table):
        # the English quoted: rows of one table, not words whose shapes repeat
        lines.append("%s = const(%d)  # %r" % (name, i, text))
    return "\n".join(lines) + "\n"


def check_table(table):
    """What must hold for the board to draw every text: ASCII, at most
    MAX_ARGS places."""
    for name, text in table:
        text.encode("ascii")
        if len(places(text)) > MAX_ARGS:
            raise ValueError("%s has more than %d places" % (name, MAX_ARGS))


def check_translation(code, table, english):
    """A translation has every name of English once and nothing else, and
    each text the same places as its English one."""
    names = [n for n, _ in table]
    want = [n for n, _ in english]
    missing = [n for n in want if n not in names]
    extra = [n for n in names if n not in want]
    if missing or extra:
        raise ValueError("lang/%s.txt: missing %s; not in en.txt %s" % (code, missing, extra))
    texts = dict(table)
    for name, text in english:
        if sorted(places(texts[name])) != sorted(places(text)):
            raise ValueError("lang/%s.txt: %s has places %s, English %s"
                             % (code, name, places(texts[name]), places(text)))


def languages():
    """The codes of every table in lang/, English first."""
    codes = sorted(f[:-4] for f in os.listdir(LANG) if f.endswith(".txt"))
    codes.remove("en")
    return ["en"] + codes


def table_of(code):
    return read_table(os.path.join(LANG, code + ".txt"))


_TABLE = None
SHAPED = ("ml", "hi", "as", "sd")  # scripts shaped on the desktop (sim.build.lang)


def english(name, *args):
    """The English text `name` with its places filled in from args (in the
    order the text first names them): a colour place takes 0..3, a card place
    a card type; as the board draws it."""
    global _TABLE
    if _TABLE is None:
        _TABLE = dict(read_table(os.path.join(LANG, "en.txt")))
    text = _TABLE[name]
    order = places(text)

    def fill(m):
        p = m.group(1)
        v = args[order.index(p)]
        if kind(p) == K_COLOUR:
            return english(("RED", "GREEN", "BLUE", "YELLOW")[v])
        if kind(p) == K_CARD:
            return card_name(v)
        if kind(p) == K_TEXT:
            return english(v)
        return str(v)

    return PLACE.sub(fill, text)


def name_of(n):
    """The name of text number n."""
    return read_table(os.path.join(LANG, "en.txt"))[n][0]


def shown(n, *args):
    """Text number n in English, its places filled in (as english())."""
    return english(name_of(n), *args)


SYMBOL_NAMES = ("SYM_1", "SYM_3", "SYM_4", "SYM_5", "SYM_6", "SYM_7", "SYM_8", "SYM_9",
                "SYM_PLUS2", "SYM_STOP", "SYM_DIR", "SYM_PLUS", "SYM_TAKI")
COLOURLESS = ("COLOR_CARD", "SUPERTAKI_CARD", "KING_CARD", "PLUS3_CARD", "BREAK_CARD")


def card_name(t):
    """A card type's name in English, as the board draws it."""
    if t >= 52:
        return english(COLOURLESS[t - 52])
    return english("CARD", t // 13, SYMBOL_NAMES[t % 13])
