"""Plain card faces, drawn in code when cards.bmp is missing or damaged
(taki_ui.sheet.load, which passes cardart's layout): the card's symbol in letters of the board's
font (1, 3.. 9, +2, STP, ...), its colour's initial where the mark goes, so
that a game can still be played. Loaded only then, and forgotten after
drawing (its bytecode is heap)."""

import sys

import bitmaptools
import terminalio

# face f's label (cardart's face order: 1 3 4 5 6 7 8 9 +2 STOP DIR PLUS
# TAKI COLOR SUPERTAKI KING +3 +3BREAK, then the back)
LABELS = ("1", "3", "4", "5", "6", "7", "8", "9", "+2", "STP", "DIR", "+", "TAK", "COL",
          "SUP", "KNG", "+3", "BRK", "")
INITIALS = "RGBY"  # the marks: red, green, blue, yellow


def _glyph(sheet, ch, x, w=6):
    """ch in the board's font at x, squeezed into a strip's 7 rows: a glyph's
    8 rows of ink (2..9) less its middle one (6)."""
    font = terminalio.FONT.bitmap
    i = (ord(ch) - 32) * 6
    bitmaptools.blit(sheet, font, x, 0, x1=i, y1=2, x2=i + w, y2=6, skip_source_index=0)
    bitmaptools.blit(sheet, font, x, 4, x1=i, y1=7, x2=i + w, y2=10, skip_source_index=0)


def draw(sheet, W, SH, nfaces, mark0, cells, mark_w):
    """Fill cardart's sheet (strips W x SH; nfaces faces, the colour marks
    at strip mark0 + c, the swatches' marks in strip `cells`, mark_w wide)
    with plain faces; say so on the serial console."""
    print("lib/taki_ui/cards.bmp is missing or damaged: plain cards for now; copy the "
          "game onto the board again (python -m sim.build.bundle)")
    fill = bitmaptools.fill_region
    for x in range(0, sheet.width, W):  # a body with a border, in every strip
        fill(sheet, x, 0, x + W, SH, 3)
        fill(sheet, x + 1, 0, x + W - 1, SH, 2)
    for f in range(nfaces):  # strip f: face f's middle strip
        s = LABELS[f]
        x = f * W + (W - 6 * len(s)) // 2 + 1
        for ch in s:
            _glyph(sheet, ch, x)
            x += 6
    x = cells * W
    fill(sheet, x, 0, x + W, SH, 0)  # the swatches' marks: on transparent
    for c in range(4):
        _glyph(sheet, INITIALS[c], (mark0 + c) * W + 7)
        _glyph(sheet, INITIALS[c], x + c * mark_w, mark_w)
    sys.modules.pop(__name__, None)  # drawn once: forget this module
    pkg = sys.modules.get("taki_ui")
    if pkg is not None and hasattr(pkg, "plaincards"):
        delattr(pkg, "plaincards")
