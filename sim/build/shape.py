"""Shaping and drawing the complex scripts, on the desktop (issue 15).

A PyBadge has no shaping engine: Malayalam and Devanagari reorder vowel signs
and form conjuncts, Assamese has its own letters, Sindhi is Arabic script,
joined and right to left. So the build shapes each text here with HarfBuzz
(uharfbuzz) and draws it with FreeType (freetype-py) in one bit per pixel,
and the board only shows the pictures. Both wheels carry their C libraries,
so requirements.txt alone installs them. The fonts are the Noto Sans UI
families (OFL, sim/build/fonts/, from Debian's fonts-noto-ui-core 20201225).

    python -m sim.build.shape <lang> "text"     width in pixels, and the picture
    python -m sim.build.shape <lang> "text" -w  width in pixels only
"""

import os
import sys

import freetype
import uharfbuzz as hb

FONTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fonts")

# language: (font file, pixel size, HarfBuzz script, direction). Sizes are
# the smallest legible in one bit per pixel (measured for the issue); Hindi
# at 13, not 12, so that the candrabindu, anusvara and ai signs (ँ ं ै) stand
# a pixel apart (issue 22): every text still fits, the line stays 16 px
# (14 px makes 9 texts overflow and a 17 px line).
SCRIPTS = {
    "ml": ("NotoSansMalayalamUI-Regular.ttf", 14, "Mlym", "ltr"),
    "hi": ("NotoSansDevanagariUI-Regular.ttf", 13, "Deva", "ltr"),
    "as": ("NotoSansBengaliUI-Regular.ttf", 14, "Beng", "ltr"),
    "sd": ("NotoSansArabicUI-Regular.ttf", 16, "Arab", "rtl"),
}
HB_LANG = {"ml": "ml", "hi": "hi", "as": "as", "sd": "sd"}

# How a glyph becomes one bit per pixel. FreeType's hinted mono rendering
# snaps Arabic's nukta dots to the pixel grid, and at 16 px it fuses the
# groups that tell Sindhi's letters apart (the four dots of ٿ and ڀ, the
# three of ث and ٽ) into 4x1 bars, so ث, ٽ and ٿ look alike (issue 22).
# Unhinted, rendered in grey and cut at half ink, the dot groups keep their
# shape (tests/test_dots.py), with strokes a pixel thinner. The Indic
# scripts stay hinted: their sizes were chosen and checked hinted (Hindi's
# signs a pixel apart at 13 px). Widths are HarfBuzz's advances either way;
# only the pictures differ.
GREY_CUT = {"sd": 128}


class Face:
    """One language's font at its size: shape, measure, draw."""

    def __init__(self, lang):
        name, self.size, self.script, self.direction = SCRIPTS[lang]
        self.lang = lang
        path = os.path.join(FONTS, name)
        with open(path, "rb") as f:
            data = f.read()
        self.hb_font = hb.Font(hb.Face(data))
        self.hb_font.scale = (self.size * 64, self.size * 64)
        self.ft = freetype.Face(path)
        self.ft.set_pixel_sizes(0, self.size)
        m = self.ft.size
        self.ascender = (m.ascender + 63) >> 6
        self.descender = (-m.descender + 63) >> 6

    def shape(self, s):
        """[(glyph id, x advance, x offset, y offset)] in pixels * 64, in
        visual order (left to right on the screen)."""
        buf = hb.Buffer()
        buf.add_str(s)
        buf.guess_segment_properties()
        buf.script = self.script
        buf.language = HB_LANG[self.lang]
        buf.direction = self.direction
        hb.shape(self.hb_font, buf, {"kern": True, "liga": True})
        return [(i.codepoint, p.x_advance, p.x_offset, p.y_offset)
                for i, p in zip(buf.glyph_infos, buf.glyph_positions)]

    def width(self, s):
        """Advance width of s in whole pixels."""
        return (sum(g[1] for g in self.shape(s)) + 32) >> 6

    def draw(self, s):
        """(width, rows): s drawn in one bit per pixel; rows is a list of
        bytearrays of 0/1, ascender + descender tall, baseline at ascender."""
        glyphs = self.shape(s)
        width = (sum(g[1] for g in glyphs) + 32) >> 6
        height = self.ascender + self.descender
        rows = [bytearray(width + 2) for _ in range(height)]
        pen = 0
        cut = GREY_CUT.get(self.lang)
        if cut is None:
            flags = freetype.FT_LOAD_RENDER | freetype.FT_LOAD_TARGET_MONO
        else:
            flags = freetype.FT_LOAD_RENDER | freetype.FT_LOAD_NO_HINTING
        for gid, adv, xo, yo in glyphs:
            self.ft.load_glyph(gid, flags)
            slot = self.ft.glyph
            bm = slot.bitmap
            x0 = ((pen + xo + 32) >> 6) + slot.bitmap_left
            y0 = self.ascender - slot.bitmap_top - ((yo + 32) >> 6)
            pitch = bm.pitch
            buf = bm.buffer
            for y in range(bm.rows):
                yy = y0 + y
                if not 0 <= yy < height:
                    continue
                for x in range(bm.width):
                    if cut is None:
                        on = buf[y * pitch + (x >> 3)] & (0x80 >> (x & 7))
                    else:
                        on = buf[y * pitch + x] >= cut
                    if on:
                        xx = x0 + x
                        if 0 <= xx < width + 2:
                            rows[yy][xx] = 1
            pen += adv
        # ink that spills a pixel or two past the advance is kept
        while width < len(rows[0]) and any(r[width] for r in rows):
            width += 1
        return width, [r[:width] for r in rows]


_faces = {}


def face(lang):
    if lang not in _faces:
        _faces[lang] = Face(lang)
    return _faces[lang]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    only_width = "-w" in argv
    argv = [a for a in argv if a != "-w"]
    if len(argv) != 2 or argv[0] not in SCRIPTS:
        print(__doc__.strip().splitlines()[-1])
        return 2
    f = face(argv[0])
    w, rows = f.draw(argv[1])
    print("%s: %d px wide, %d px tall (size %d)" % (argv[0], w, len(rows), f.size))
    if only_width:
        return 0
    for r in rows:
        print("".join("#" if v else "." for v in r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
