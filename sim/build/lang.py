"""The shaped languages' text files: from lang/<code>.txt to pictures the
board shows, and the writer of every language's file (desktop only):

    python -m sim.build.lang           write lib/taki_ui/strings.py and lang/*.bin
    python -m sim.build.lang --check   exit 1 if a written file is not up to date

(a test checks they are up to date). The languages drawn in characters are
sim.build.texts' format; this module shapes and draws the others.

Malayalam, Hindi, Assamese and Sindhi need shaping the board cannot do, so
every word is shaped and drawn here (sim.build.shape) and stored as a one-bit
picture; a text is a list of items the board lays out on a line:

    32          a space (the script's own width)
    33..126     an ASCII character, drawn with the board's font (button
                names, +2, a file name)
    1..12       a place, as in English's file: 1 + 3 * kind + argument
    31          where the second line starts (` | ` in the table)
    128 + hi, lo   word number hi * 256 + lo: a picture

File (little-endian):

    0   "TX", version 2, flags (1: right to left), count (2), 0, 0
    8   line height, Latin y (where the board's font sits on the line),
        space width, 0, words (2), 0, 0
    16  the CRC-32 of what the first start's question reads (the header's
        first 16 bytes, the offsets, the text LANG_NAME, its words' table
        entries and pictures), the CRC-32 of the whole file (sim.build.texts.finish)
    24  count + 1 offsets (2 bytes) of the texts, the texts
    .   per word: its picture's offset (3 bytes) and width (1 byte)
    .   the pictures: a word of width w is ceil(w / 32) pieces of 32 pixels,
        each `line height` rows of 4 bytes, a byte's highest bit the leftmost
        of its 8 pixels: the memory of a 32-pixel-wide one-bit displayio
        Bitmap (CircuitPython 10), which the board reads a piece into whole
        (taki_ui.pictures; version 2 was 8-pixel columns, read a pixel at
        a time)

Words are stored once, however many texts use them.
"""

import os
import re
import sys

from sim import ROOT
from sim.build import order as bidi_order
from sim.build import shape, texts

VERSION = 3
PIECE = 32  # a picture's pieces, pixels wide (taki_ui.pictures._PIECE)
HEAD = texts.HEAD
BREAK = 31
SPLIT = " | "
LATIN_W = 6  # the board's font (terminalio: 6x12)
LATIN_H = 12
LATIN_BASE = 10  # rows of the board's font above its baseline
TOKEN = re.compile(r"\{[a-z_]+\}| |[^ {]+")
MIXED = re.compile(r"[\x21-\x7e]+|[^\x00-\x7e]+")  # ASCII runs, and the script's between them
MAX_WORD = 255


def _lines(text):
    parts = text.split(SPLIT)
    if len(parts) > 2:
        raise ValueError("more than two lines: %r" % text)
    return parts


def tokens(text):
    """[(kind, value)] of a text: ("place", name), ("space", None),
    ("ascii", s), ("word", s), ("break", None)."""
    out = []
    for i, part in enumerate(_lines(text)):
        if i:
            out.append(("break", None))
        for tok in TOKEN.findall(part):
            if tok.startswith("{"):
                out.append(("place", tok[1:-1]))
            elif tok == " ":
                out.append(("space", None))
            else:  # a word's digits and signs ("3খন", "+3ৰ") are the board's: one digit style a screen
                for run in MIXED.findall(tok):
                    out.append(("ascii" if ord(run[0]) < 127 else "word", run))
    return out


def _stand_in(place):
    """What the bidirectional algorithm reads for a place (an isolate: only
    its direction inside matters): a name, a number, or a text of the language."""
    k = texts.kind(place)
    if k == texts.K_PLAIN:
        return "0" if place == "n" else "x"
    return "\u0628"


class Build:
    """A shaped language: its words drawn, its texts encoded."""

    def __init__(self, code):
        self.code = code
        self.face = shape.face(code)
        self.table = texts.table_of(code)
        english = texts.table_of("en")
        texts.check_translation(code, self.table, english)
        self.english = english
        mine = dict(self.table)
        self.words = []  # in first use order
        self.index = {}
        for name, _ in english:
            for kind, value in tokens(mine[name]):
                if kind == "word" and value not in self.index:
                    self.index[value] = len(self.words)
                    self.words.append(value)
        self.drawn = {}
        top, bottom = 99, -1
        for w in self.words:
            width, rows = self.face.draw(w)
            if width > MAX_WORD:
                raise ValueError("%s: word %r is %d px wide" % (code, w, width))
            for gid, *_ in self.face.shape(w):
                if gid == 0:
                    raise ValueError("%s: the font has no glyph for part of %r" % (code, w))
            self.drawn[w] = (width, rows)
            ink = [i for i, r in enumerate(rows) if any(r)]
            if ink:
                top = min(top, ink[0])
                bottom = max(bottom, ink[-1])
        # the board's font sits on the script's baseline: the line holds both
        base = self.face.ascender
        top = min(top, base - LATIN_BASE)
        bottom = max(bottom, base - LATIN_BASE + LATIN_H - 1)
        self.top = top
        self.height = bottom - top + 1
        self.latin_y = base - LATIN_BASE - top
        self.space = max(2, self.face.width(" "))
        self.rtl = self.face.direction == "rtl"

    # --- widths, as the board lays the line out ----------------------------------
    def word_width(self, w):
        return self.drawn[w][0]

    def part_width(self, toks, place_width):
        """Pixels of a line's tokens; place_width(name) for each place."""
        x = 0
        for kind, value in toks:
            if kind == "space":
                x += self.space
            elif kind == "ascii":
                x += LATIN_W * len(value)
            elif kind == "word":
                x += self.word_width(value)
            elif kind == "place":
                x += place_width(value)
        return x

    def parts(self, name):
        """The tokens of text `name`, line by line."""
        out = [[]]
        for tok in tokens(dict(self.table)[name]):
            if tok[0] == "break":
                out.append([])
            else:
                out[-1].append(tok)
        return out

    def width_of(self, name, place_width):
        """The widest line of text `name`."""
        return max(self.part_width(p, place_width) for p in self.parts(name))

    # --- the file -------------------------------------------------------------------
    def ordered(self, text):
        """Text's tokens in the order the board draws them, line by line
        (sim.build.order: the bidirectional algorithm)."""
        out = []
        line = []
        for tok in tokens(text) + [("break", None)]:
            if tok[0] != "break":
                line.append(tok)
                continue
            if out:
                out.append(tok)
            out += bidi_order.line(line, self.rtl, _stand_in)
            line = []
        return out

    def encode(self, text, order):
        out = bytearray()
        for kind, value in self.ordered(text):
            if kind == "space":
                out.append(32)
            elif kind == "ascii":
                out += value.encode("ascii")
            elif kind == "break":
                out.append(BREAK)
            elif kind == "place":
                out.append(1 + 3 * texts.kind(value) + order.index(value))
            else:
                i = self.index[value]
                out += bytes((128 | (i >> 8), i & 255))
        return bytes(out)

    def picture(self, w):
        """The stored picture of word w: pieces of PIECE pixels, each its
        rows as a PIECE-pixel-wide one-bit Bitmap keeps them in memory."""
        width, rows = self.drawn[w]
        rows = rows[self.top:self.top + self.height]
        out = bytearray()
        for c in range(0, width, PIECE):
            for r in rows:
                for k in range(0, PIECE, 8):  # a byte: 8 pixels, the leftmost its highest bit
                    b = 0
                    for i in range(8):
                        if c + k + i < width and r[c + k + i]:
                            b |= 0x80 >> i
                    out.append(b)
        return bytes(out)

    def data(self):
        mine = dict(self.table)
        blobs = [self.encode(mine[name], texts.places(text)) for name, text in self.english]
        at = HEAD + 2 * (len(blobs) + 1)
        offsets = []
        for b in blobs:
            offsets.append(at)
            at += len(b)
        offsets.append(at)
        if at > 0xFFFF:
            raise ValueError("%s: the texts are too long for 16-bit offsets" % self.code)
        pics = [self.picture(w) for w in self.words]
        directory = bytearray()
        pic_at = at + 4 * len(self.words)
        for w, p in zip(self.words, pics):
            directory += bytes((pic_at & 255, (pic_at >> 8) & 255, pic_at >> 16,
                                self.word_width(w)))
            pic_at += len(p)
        table = bytearray()
        for o in offsets:
            table += bytes((o & 255, o >> 8))
        n = len(blobs)
        head = bytes((84, 88, VERSION, 1 if self.rtl else 0, n & 255, n >> 8, 0, 0,
                      self.height, self.latin_y, self.space, 0,
                      len(self.words) & 255, len(self.words) >> 8, 0, 0))
        name = blobs[[k for k, _ in self.english].index("LANG_NAME")]
        parts = [table, name]
        for kind, value in tokens(mine["LANG_NAME"]):
            if kind == "word":
                i = self.index[value]
                parts += [directory[4 * i:4 * i + 4], pics[i]]
        return texts.finish(head, table + b"".join(blobs) + directory + b"".join(pics), parts)


_builds = {}


def build(code):
    if code not in _builds:
        _builds[code] = Build(code)
    return _builds[code]


# --- does every text fit where the screens put it? ---------------------------------

ROOM = 156  # a line at x=2, 2 pixels from the right edge
NAME_W = 60  # the widest name: 10 letters of the board's font
NUM_W = 18  # three digits
# Texts whose place is narrower than a whole line (text.Line._room, less
# what shares the line), in pixels; every other text gets ROOM.
BOXES = {
    # the pause menu's rows: at x=8, after the cursor's two columns
    "RESUME": 138, "CARD_HELP": 138, "NEW_GAME": 138, "RECORDS": 138,
    # the table's top line: at x=16, after ">> "
    "STACK": 124, "PLUS3_ON": 124, "RUN": 124,
    # the grid's heading, at x=34 on that line
    "CARDS_HEAD": 124, "TOUR_LEGEND": 124,
    # the +3 prompt's choices, after the cursor (and "<>" after a breaker)
    "P3_ANSWER": 144, "P3_BREAK": 126,
    # the resume title, at x=8
    "RESUME_TITLE": 150,
}
# setup rows: a label from column 1, its value ending at column 25 (150 px)
LABELS = ("PLAYERS", "STARTS", "MODE", "SOUND", "LANGUAGE")
VALUES = ("ON", "OFF", "MODE_NORMAL", "MODE_TOURNAMENT", "LANG_NAME",
          "KIND_HUMAN", "KIND_EASY", "KIND_NORMAL", "KIND_HARD")
CARD_NAMES_BOX = 108  # the help screen's title, beside the card (x=50)
# A right-to-left line ends where a left-to-right one at its place starts,
# from the right edge (taki_ui.pictures._end): a line at x loses x - 2 px
# there (the pause menu's rows and the resume title at 8, the table's top
# line at 16)
RTL_LESS = {"RESUME": 6, "CARD_HELP": 6, "NEW_GAME": 6, "RECORDS": 6, "RESUME_TITLE": 6,
            "SOUND_IS": 6, "STACK": 14, "PLUS3_ON": 14, "RUN": 14, "CARDS_HEAD": 14,
            "TOUR_LEGEND": 14}
CARD_NAMES_RTL = 108  # there the card stands at the right, its name from x=110 leftwards


# texts the screens show over two lines (text.show2): a translation breaks
# them with " | "; every other text has one line
TWO_LINES = ("N_", "NO_", "DREW", "LAST_EARLY", "ONLY_BREAKER", "SAVED", "P3_EXPLAIN", "NAME_",
             "HELP_")


def _notice(name):
    return name.startswith(("N_", "NO_")) or name in ("LAST_EARLY", "DREW", "DREW_MORE")


def overflow(code):
    """[(text, line width, box)] of every text of language `code` that does
    not fit where the screens show it, with names and numbers at their
    widest and every colour, card and symbol tried."""
    b = build(code)
    mine = dict(b.table)
    colours = max(b.width_of(n, None) for n in ("RED", "GREEN", "BLUE", "YELLOW"))
    symbols = max(b.width_of(n, None) for n in texts.SYMBOL_NAMES)
    cardw = max([b.width_of(n, None) for n in texts.COLOURLESS]
                + [b.part_width(b.parts("CARD")[0], lambda p: colours if p.startswith("colour")
                                else symbols)])

    def place(p):
        k = texts.kind(p)
        if k == texts.K_COLOUR:
            return colours
        if k == texts.K_CARD:
            return cardw
        if k == texts.K_TEXT:
            return symbols
        return NUM_W if p == "n" else name_w

    # a name is a typed one (NAME_W) or a seat's default, the language's own
    # PLAYER picture with the seat's number (taki_ui.settings.default_name)
    name_w = max(NAME_W, b.width_of("PLAYER", lambda p: NUM_W * 2 // 3))
    out = []
    for name, _ in b.english:
        if len(b.parts(name)) > 1 and not name.startswith(TWO_LINES):
            out.append((name, "two lines", "one"))
            continue
        box = BOXES.get(name, 160 if _notice(name) else ROOM)
        w = b.width_of(name, place)
        if name == "SOUND_IS":  # the pause menu's row: "Sound: On"
            onoff = max(b.width_of("ON", place), b.width_of("OFF", place))
            w = b.width_of(name, lambda p: onoff)
            box = 138
        if name in texts.COLOURLESS:
            box = CARD_NAMES_RTL if b.rtl else CARD_NAMES_BOX
        elif b.rtl:
            box -= RTL_LESS.get(name, 0)
        if w > box:
            out.append((name, w, box))
    names_box = CARD_NAMES_RTL if b.rtl else CARD_NAMES_BOX
    if cardw > names_box:
        out.append(("CARD", cardw, names_box))
    values = max(b.width_of(n, place) for n in VALUES)
    for label in LABELS:
        w = 6 + b.width_of(label, place) + 6 + max(values, NAME_W)
        if w > 150:
            out.append((label, w, 150))
    kinds = max(b.width_of(n, place) for n in VALUES if n.startswith("KIND_"))
    if 6 + NAME_W + 6 + kinds > 150:
        out.append(("KIND_*", 6 + NAME_W + 6 + kinds, 150))
    if "{" not in mine["WINS"] and b.width_of("WINS", place) > ROOM:
        out.append(("WINS", b.width_of("WINS", place), ROOM))
    return out


def flash(code):
    """Bytes of language `code`'s file, and of its pictures alone."""
    data = build(code).data()
    return len(data)


# --- the files ----------------------------------------------------------------

def outputs():
    """{path: content} of every file `python -m sim.build.lang` writes: strings.py,
    and lang/<code>.bin of every language (characters: sim.build.texts; shaped: here)."""
    english = texts.table_of("en")
    texts.check_table(english)
    out = {texts.STRINGS: texts.strings_module(english).encode(),
           os.path.join(texts.LANG, "en.bin"): texts.build(english)}
    for code in texts.languages()[1:]:
        if code in texts.SHAPED:  # shaped and drawn here
            out[os.path.join(texts.LANG, code + ".bin")] = build(code).data()
            continue
        table = texts.table_of(code)
        texts.check_translation(code, table, english)
        texts.check_table(table)
        out[os.path.join(texts.LANG, code + ".bin")] = texts.build(table, english)
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    stale = []
    for path, data in outputs().items():
        old = open(path, "rb").read() if os.path.exists(path) else None
        if old != data:
            stale.append(path)
            if "--check" not in argv:
                with open(path, "wb") as f:
                    f.write(data)
    rel = [os.path.relpath(p, ROOT) for p in stale]
    if "--check" in argv:
        print("not up to date (run python -m sim.build.lang): %s" % ", ".join(rel) if rel
              else "texts are up to date")
        return 1 if rel else 0
    print("wrote %s" % ", ".join(rel) if rel else "texts were up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
