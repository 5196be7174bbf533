"""The card sheet, read from lib/taki_ui/cards.bmp at start-up (taki_ui.stage
imports this module for that and forgets it after: its code is heap).

The file is checked before it is read: its header, its pixels' size (a copy
cut short would make bitmaptools.readinto raise EOFError) and their sum
(SHEET_SUM, which `python -m sim.build.cardsheet` keeps true). A missing or
damaged sheet gives plain faces drawn in code (taki_ui.plaincards) and a
one-line reason: the game goes on, and says so.
"""

import bitmaptools
import displayio
from micropython import const

from taki_ui import cardart
from taki_ui.cardart import MARK0, MARK_CELLS, MARK_W, NFACES, SH, SHEET_W, W

SHEET_SUM = const(35122)  # the pixel bytes' sum, mod 65536
FILE = "cards.bmp"


def path():
    """cards.bmp beside the package's modules (on the board: /lib/taki_ui/),
    found from cardart's path: it stays loaded (the tests point it elsewhere)."""
    f = cardart.__file__
    return f[:f.rfind("cardart")] + FILE


def load(where=None):
    """The sprite sheet as a Bitmap, and None; or plain faces and FILE."""
    sheet = displayio.Bitmap(SHEET_W, SH, 16)
    try:
        with open(where or path(), "rb") as f:
            head = f.read(54)
            if (len(head) < 54 or head[0:2] != b"BM" or _u32(head, 18) != SHEET_W
                    or _u32(head, 22) != SH or head[28] != 4 or _u32(head, 30) != 0):
                raise ValueError
            at = _u32(head, 10)
            f.seek(at)
            buf = bytearray(160)  # a 28th of the pixels
            size = total = 0
            while True:
                got = f.readinto(buf)
                if not got:
                    break
                size += got
                total += sum(buf) if got == len(buf) else sum(buf[:got])
            if size != SHEET_W // 2 * SH or total & 0xFFFF != SHEET_SUM:
                raise ValueError
            f.seek(at)
            bitmaptools.readinto(sheet, f, 4, reverse_pixels_in_element=True, reverse_rows=True)
        return sheet, None
    except (OSError, ValueError, EOFError):
        from taki_ui import plaincards  # only now: its code is heap

        plaincards.draw(sheet, W, SH, NFACES, MARK0, MARK_CELLS, MARK_W)
        return sheet, FILE


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24
