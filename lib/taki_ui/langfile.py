"""Opening a language's file, lang/<code>.bin, and checking it: its header,
the offsets, and (full) a CRC-32 of the whole file; in a file of pictures
its word table and the pictures it points at. Loaded for that and forgotten
after (taki_ui.text.Texts): its code is heap, and a language is opened once
in a while."""

from boards import LINE_H
from micropython import const

from taki_ui import strings

_HEAD = const(24)  # see sim/build/texts.py (version 1) and sim/build/lang.py (version 3)
_MAX = const(112)  # the longest text (taki_ui.text)


def check(t, full, buf):
    """Read and check Texts t's file, t.f, just opened: t.head, t.offsets,
    t.words set; ValueError or OSError if it is damaged."""
    f = t.f
    t.head = head = f.read(_HEAD)
    if (len(head) != _HEAD or head[0] != 84 or head[1] != 88 or head[2] not in (1, 3)
            or (head[4] | head[5] << 8) != strings.COUNT or head[8] < LINE_H
            or head[9] + LINE_H > head[8]):
        raise ValueError
    n = strings.COUNT
    t.offsets = o = bytearray(2 * (n + 1))
    if f.readinto(o) != len(o):
        raise ValueError
    at = _HEAD + len(o)
    for i in range(n + 1):
        k = o[2 * i] | o[2 * i + 1] << 8
        if k < at or i < n and (o[2 * i + 2] | o[2 * i + 3] << 8) - k > _MAX:
            raise ValueError  # offsets go up, from the end of the table
        at = k
    t.words = at  # where the word table starts (pictures)
    if not full:
        return
    from binascii import crc32

    crc = crc32(o, crc32(head[:20]))  # the header but its own CRC, then the rest
    size = f.tell()
    while True:
        got = f.readinto(buf)
        if not got:
            break
        crc = crc32(buf if got == len(buf) else memoryview(buf)[:got], crc)
        size += got
    if crc != head[20] | head[21] << 8 | head[22] << 16 | head[23] << 24:
        raise ValueError
    if head[2] == 3:
        _check_pictures(t, size, buf)
    elif size != at:
        raise ValueError


def picture_size(w, lh):
    """Bytes of a word's picture w pixels wide on lines lh tall: pieces 32
    pixels wide, each lh rows of 4 bytes (taki_ui.pictures)."""
    return (w + 31) // 32 * 4 * lh


def _check_pictures(t, size, buf):
    """The word table of Texts t (its file just past the texts) and the
    pictures it points at, which follow each other to the file's end
    (`size`: the CRC-32 over all of it is checked above)."""
    f = t.f
    h = t.head
    words = h[12] | h[13] << 8
    at = t.words + 4 * words
    f.seek(t.words)
    while words:  # the table, len(buf) // 4 entries a read
        n = min(words, len(buf) // 4)
        if f.readinto(memoryview(buf)[:4 * n]) != 4 * n:
            raise ValueError
        for j in range(0, 4 * n, 4):
            if buf[j] | buf[j + 1] << 8 | buf[j + 2] << 16 != at:
                raise ValueError  # the pictures follow each other to the end
            at += picture_size(buf[j + 3], h[8])
        words -= n
    if at != size:
        raise ValueError
