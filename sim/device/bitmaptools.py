"""Stand-in for CircuitPython's `bitmaptools`: Blinka's, with fast paths.

On the board bitmaptools is C. Blinka's is pure Python and moves one pixel
at a time, which made drawing text (a fill and a glyph copy per character,
see taki_ui.text) most of the simulator's run time. Here `fill_region` and
`blit` between bitmaps of fewer than 8 bits per pixel work a whole row at a
time on Blinka's packed words, and so does `readinto` of 1-bit pixels into
a 1-bit bitmap (a shaped word's picture, taki_ui.pictures: most of a
shaped language's run time after the two others); they write the same
pixels, mark the same dirty area and raise the same errors as Blinka's
(tests/test_ui_sim.py compares them). Every other case, and everything
else, is Blinka's own.
"""

import importlib.util
import os
import struct
import sys
from array import array

from displayio import Bitmap


def _blinka():
    """Blinka's bitmaptools package, which this module's name hides."""
    here = os.path.dirname(os.path.abspath(__file__))
    for d in sys.path:
        init = os.path.join(d, "bitmaptools", "__init__.py")
        if os.path.abspath(d) != here and os.path.isfile(init):
            spec = importlib.util.spec_from_file_location("_blinka_bitmaptools", init)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            return mod
    raise ImportError("Blinka's bitmaptools is not installed")


_b = _blinka()
for _name in dir(_b):
    if not _name.startswith("__"):
        globals()[_name] = getattr(_b, _name)


def _packed(bm):
    return type(bm) is Bitmap and bm._bits_per_value < 8 and not bm._read_only


def _row(bm, y):
    """Row y as one int, pixel 0 in the highest bits."""
    n = bm._stride
    at = y * n
    return int.from_bytes(struct.pack(">%dI" % n, *bm._data[at:at + n]), "big")


def _put_row(bm, y, r):
    n = bm._stride
    at = y * n
    bm._data[at:at + n] = array(bm._data.typecode, struct.unpack(">%dI" % n, r.to_bytes(4 * n, "big")))


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    if not _packed(dest_bitmap) or value & dest_bitmap._value_reject:
        return _b.fill_region(dest_bitmap, x1, y1, x2, y2, value)
    bm = dest_bitmap
    x1, y1 = max(x1, 0), max(y1, 0)
    x2, y2 = min(x2, bm.width), min(y2, bm.height)
    if x1 >= x2 or y1 >= y2:
        return None
    bm.dirty(x1, y1, x2, y2)
    b = bm._bits_per_value
    bits = bm._stride * 32
    n = x2 - x1
    pattern = 0
    for _ in range(n):
        pattern = (pattern << b) | value
    shift = bits - x2 * b
    mask = ((1 << (n * b)) - 1) << shift
    for y in range(y1, y2):
        _put_row(bm, y, (_row(bm, y) & ~mask) | (pattern << shift))
    return None


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None,
         skip_source_index=None, skip_dest_index=None):
    d, s = dest_bitmap, source_bitmap
    if (not _packed(d) or type(s) is not Bitmap or s._bits_per_value != d._bits_per_value
            or d is s or skip_dest_index is not None):
        return _b.blit(d, s, x, y, x1=x1, y1=y1, x2=x2, y2=y2,
                       skip_source_index=skip_source_index, skip_dest_index=skip_dest_index)
    x2 = s.width if x2 is None else x2
    y2 = s.height if y2 is None else y2
    if x1 > x2:
        x1, x2 = x2, x1
    if y1 > y2:
        y1, y2 = y2, y1
    x2, y2 = min(x2, s.width), min(y2, s.height)
    dx1, dy1 = max(x, 0), max(y, 0)
    dx2, dy2 = min(x + x2 - x1, d.width), min(y + y2 - y1, d.height)
    if dx1 >= dx2 or dy1 >= dy2:
        return None
    ox, oy = x1 - x, y1 - y
    if dx1 + ox < 0 or dy1 + oy < 0:
        raise ValueError("Index %r is out of range" % ((dx1 + ox, dy1 + oy),))
    d.dirty(dx1, dy1, dx2, dy2)
    b = d._bits_per_value
    n = (dx2 - dx1) * b
    field = (1 << n) - 1
    skip = skip_source_index
    if n <= 32:  # a glyph, a card: at most two words of a row each side
        _blit_narrow(d, s, dx1, dy1, dy2, ox, oy, b, n, field, skip)
        return None
    s_shift = s._stride * 32 - (dx2 + ox) * b
    d_shift = d._stride * 32 - dx2 * b
    for dy in range(dy1, dy2):
        bits = (_row(s, dy + oy) >> s_shift) & field
        keep = field if skip is None else _not_skipped(bits, n, b, skip)
        _put_row(d, dy, (_row(d, dy) & ~(keep << d_shift)) | ((bits & keep) << d_shift))
    return None


def _not_skipped(bits, n, b, skip):
    """The mask of the pixels in bits (n bits, b a pixel) that are not `skip`."""
    pm = (1 << b) - 1
    if b == 1:
        return bits if skip == 0 else (~bits & ((1 << n) - 1) if skip == 1 else (1 << n) - 1)
    keep = 0
    for at in range(0, n, b):
        if (bits >> at) & pm != skip:
            keep |= pm << at
    return keep


def _blit_narrow(d, s, dx1, dy1, dy2, ox, oy, b, n, field, skip=None):
    sdata, ddata = s._data, d._data
    sn, dn = s._stride, d._stride
    sbit = (dx1 + ox) * b
    sw, s_shift = sbit >> 5, 64 - (sbit & 31) - n
    dbit = dx1 * b
    dw, d_shift = dbit >> 5, 64 - (dbit & 31) - n
    s2, d2 = sw + 1 < sn, dw + 1 < dn
    hole = ~(field << d_shift)
    for dy in range(dy1, dy2):
        at = (dy + oy) * sn + sw
        src = sdata[at] << 32 | (sdata[at + 1] if s2 else 0)
        bits = (src >> s_shift) & field
        at = dy * dn + dw
        if skip is None:
            win = (ddata[at] << 32 | (ddata[at + 1] if d2 else 0)) & hole | bits << d_shift
        else:
            keep = _not_skipped(bits, n, b, skip)
            win = ((ddata[at] << 32 | (ddata[at + 1] if d2 else 0)) & ~(keep << d_shift)
                   | (bits & keep) << d_shift)
        ddata[at] = win >> 32
        if d2:
            ddata[at + 1] = win & 0xFFFFFFFF


def readinto(bitmap, file, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
             swap_bytes=False, reverse_rows=False):
    bm = bitmap
    if (not _packed(bm) or bm._bits_per_value != 1 or bits_per_pixel != 1
            or element_size != 1 or swap_bytes):
        return _b.readinto(bitmap, file, bits_per_pixel, element_size,
                           reverse_pixels_in_element, swap_bytes, reverse_rows)
    w, h = bm.width, bm.height
    size = (w + 7) // 8
    bits = bm._stride * 32
    # a byte's pixels, first pixel in the highest bit (the bitmap's order)
    order = _MSB if reverse_pixels_in_element else _LSB
    data = file.read(size * h).translate(order)  # Blinka reads row by row: the same bytes
    rows = min(h, len(data) // size)
    mask = ((1 << w) - 1) << (bits - w)
    words = bm._data
    for y in range(rows):
        r = int.from_bytes(data[y * size:y * size + size], "big") >> (size * 8 - w) << (bits - w)
        yd = h - 1 - y if reverse_rows else y
        if bits == 32:  # a glyph or a word's 8-pixel column: one word a row
            words[yd] = (words[yd] & ~mask) | r
        else:
            _put_row(bm, yd, (_row(bm, yd) & ~mask) | r)
    if rows:
        bm.dirty(0, h - rows if reverse_rows else 0, w, h if reverse_rows else rows)
    if rows < h:
        raise EOFError()
    return None


_MSB = bytes(range(256))
_LSB = bytes(int("{:08b}".format(i)[::-1], 2) for i in range(256))
