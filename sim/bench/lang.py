"""`python -m sim.bench lang`: the game's languages, measured (issue 15).

For each language: how many texts, the flash its text file takes (pictures
of the words for the shaped scripts), the texts that do not fit where the
screens show them (sim.build.lang.overflow; for the languages drawn in the
board's font, tests/test_lang.py's own checks), the screens of the README's
walk (sim.testing.shots.walk) that show English or cut something, and the device
tier's live heap at its peak for a whole game in that language
(CircuitPython 10's own VM; skipped with a reason where it is absent).
Ends with one line:

    lang: languages=<n> strings=<n> flash_bytes=<n> overflow=<n> english_left=<n> mirror_defects=<n> cut_or_covered=<n> heap_peak=<bytes>

mirror_defects: on the walk's Sindhi screens (the language question aside),
the texts, cards and shapes not at the mirror of the same ones on the
Malayalam screen (the same tall layout, left to right; tests/test_mirror.py,
whose rules for the rename's left-to-right name field and for the rows of
lists that scroll hold here too).

cut_or_covered: the texts that the walk's screens, with the widest names,
show cut by the screen's edge or their line, or over another text or a card
(sim.testing.layout; tests/test_layout.py asserts 0).
"""

import os
import sys
import tempfile
import time

from sim import ROOT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def english_left(code):
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    try:
        import test_lang
    finally:
        sys.path.pop(0)
    from sim.testing import harness

    cut = harness.cut()
    try:
        left = test_lang.english_left(code)
    except AssertionError:  # a screen cut something: counted with the English left
        left = {"cut": True}
    return len(left) + (harness.cut() != cut and "cut" not in left)


def mirror_defects():
    """Texts and elements of Sindhi's screens not where their mirror is."""
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    try:
        import test_mirror as m
    finally:
        sys.path.pop(0)
    ltr, rtl = m._boxes("ml"), m._boxes("sd")
    n = 0
    for name in rtl:
        if not isinstance(name, str) or name in m.NOT_SINDHI:
            continue
        n += len(m._unmirrored(ltr[name], rtl[name]))
        if name not in m.TEXTS_ONLY:
            n += len(m._element_defects(ltr, rtl, name))
    return n


def cut_or_covered(code):
    """Texts cut or covered on the walk's screens in language `code`."""
    from sim.testing import harness, layout, shots

    n = 0
    cut = harness.cut()
    for _, sim in shots.walk(code, long=True):
        n += len(layout.defects(sim, cut))
        cut = harness.cut()
    return n


class _Counting:
    """A text file that counts its reads (seek, read, readinto)."""

    def __init__(self, f):
        self.f = f
        self.n = 0

    def seek(self, *a):
        self.n += 1
        return self.f.seek(*a)

    def readinto(self, b):
        self.n += 1
        return self.f.readinto(b)

    def read(self, *a):
        self.n += 1
        return self.f.read(*a)

    def __getattr__(self, name):
        return getattr(self.f, name)


def reads(code):
    """File operations (seeks and reads) to draw the pass screen, then the
    table with a hand, of a two-person game in language `code`."""
    from sim.testing import harness
    from taki_ui import text

    sim = harness.Sim(render=False, lang=code)
    sim.press("UP")  # to "Start the game"
    t = text.Texts(code)  # the same texts again, held here to count on
    text.lang.use(t).f.close()
    counter = t.f = _Counting(t.f)
    sim.press("A")
    out = {"pass": counter.n}
    counter.n = 0
    sim.press("A")
    out["turn"] = counter.n
    t.f = counter.f
    return out


_ODB = r'''
import gc, displayio
gc.collect()
base = gc.mem_alloc()
f = open("line.bmp", "rb")
odb = displayio.OnDiskBitmap(f)
tg = displayio.TileGrid(odb, pixel_shader=odb.pixel_shader)
gc.collect()
a = gc.mem_alloc() - base
del tg, odb
f.close()
gc.collect()
base = gc.mem_alloc()
bm = displayio.Bitmap(160, 17, 2)
p = displayio.Palette(2)
tg = displayio.TileGrid(bm, pixel_shader=p)
gc.collect()
print("ODB", a, "POOLED", gc.mem_alloc() - base)
'''


def ondisk_vs_pooled():
    """Heap of a 160x17 one-bit line shown as an OnDiskBitmap (a BMP with a
    40-byte header, its file open) and as a pooled Bitmap + Palette +
    TileGrid, under CircuitPython 10's VM: (ondisk, pooled) bytes."""
    import struct

    from sim.vm import cpvm

    w, h = 160, 17
    pix = bytes((w + 31) // 32 * 4 * h)
    head = struct.pack("<2sIHHI", b"BM", 62 + len(pix), 0, 0, 62)
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 1, 0, len(pix), 2835, 2835, 2, 0)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "line.bmp"), "wb") as f:
            f.write(head + dib + bytes((0, 0, 0, 0, 255, 255, 255, 0)) + pix)
        script = os.path.join(tmp, "odb.py")
        with open(script, "w") as f:
            f.write(_ODB)
        rc, out = cpvm.run(script, heap="256K", path=(tmp,), cwd=tmp)
    words = out.split()
    return int(words[words.index("ODB") + 1]), int(words[words.index("POOLED") + 1])


def main(argv):
    from sim.build import lang, texts
    from sim.testing import harness
    from sim.vm import cpvm, device_tier

    harness.install()
    from taki_ui import strings, text

    t0 = time.time()
    flash = overflow = left = bad = 0
    rows = {}
    for code in text.LANGS:
        path = os.path.join(texts.LANG, code + ".bin")
        size = os.path.getsize(path)
        over = len(lang.overflow(code)) if code in texts.SHAPED else 0
        eng = english_left(code) if code != "en" else 0
        hit = cut_or_covered(code)
        flash += size
        overflow += over
        left += eng
        bad += hit
        rows[code] = [size, over, eng, hit, None]
    mirror = mirror_defects()
    peak = None
    if cpvm.tools() is None:
        print("  device tier skipped: %s" % cpvm.missing())
    else:
        with tempfile.TemporaryDirectory(prefix="taki-lang-") as tmp:
            dev = device_tier.Device(tmp)
            names = ["4 mixed"] + ["4 mixed " + c for c in device_tier.LANGUAGES]
            recs = device_tier.record_all(tmp, names)
            for rec, ok, fig, out in device_tier.play_all(dev, recs, "1M"):
                if not ok:
                    raise RuntimeError("%s did not replay in the VM:\n%s" % (rec.name, out[-2000:]))
                code = rec.name.split()[-1] if rec.name != "4 mixed" else "en"
                rows[code][4] = device_tier.live_peak(fig)
            peak = max(r[4] for r in rows.values())
        odb, pooled = ondisk_vs_pooled()
        print("  a 160x17 line: OnDiskBitmap + TileGrid %d B of heap (its file read a pixel at a"
              " time at every refresh: 2,720 reads), pooled Bitmap + Palette + TileGrid %d B"
              % (odb, pooled))
    print("  %-4s %8s %8s %8s %8s %10s %s" % ("lang", "flash B", "overflow", "english", "cut/cov",
                                               "heap peak", "file reads: pass screen, table"))
    for code, (size, over, eng, hit, heap) in rows.items():
        r = reads(code)
        print("  %-4s %8d %8d %8d %8d %10s %d, %d" % (code, size, over, eng, hit, heap if heap else "-",
                                                      r["pass"], r["turn"]))
    print("  (%.0f s)" % (time.time() - t0))
    print("lang: languages=%d strings=%d flash_bytes=%d overflow=%d english_left=%d mirror_defects=%d"
          " cut_or_covered=%d heap_peak=%s" % (len(text.LANGS), strings.COUNT, flash, overflow, left,
                                               mirror, bad, peak if peak is not None else "skipped"))
    return 0
