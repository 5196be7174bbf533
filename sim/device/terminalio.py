"""Stand-in for CircuitPython's `terminalio`: FONT as the board has it.

On the board, terminalio.FONT is the Terminus 6x12 font (ter-u12n) with all
its glyphs side by side in one Bitmap (`FONT.bitmap`, 570x12 for ASCII 32..126)
and `get_glyph(c).tile_index` the glyph's place in it; the game draws text
by copying glyphs out of that bitmap. Blinka's terminalio loads the same
font but keeps one bitmap per glyph, so this builds the board's layout from
it once. tests/test_device.py checks it pixel for pixel against the real
firmware's font in CircuitPython's VM.
"""

import bitmaptools
import displayio
from fontio import BuiltinFont, Glyph

_FIRST = 32
_COUNT = 95  # ASCII 32..126
_W = 6
_H = 12


class _BoardFont:
    def __init__(self):
        src = BuiltinFont()
        self.bitmap = displayio.Bitmap(_COUNT * _W, _H, 2)
        for i in range(_COUNT):
            g = src.get_glyph(_FIRST + i)
            bitmaptools.blit(self.bitmap, g.bitmap, i * _W, 0)

    def get_bounding_box(self):
        return (_W, _H)

    def get_glyph(self, codepoint):
        i = codepoint - _FIRST
        if not 0 <= i < _COUNT:
            return None
        return Glyph(self.bitmap, i, _W, _H, 0, 0, _W, 0)


FONT = _BoardFont()
