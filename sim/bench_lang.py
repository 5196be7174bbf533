"""`python -m sim.bench lang`: the game's languages, measured (issue 15).

For each language: how many texts, the flash its text file takes (pictures
of the words for the shaped scripts), the texts that do not fit where the
screens show them (sim.lang.overflow; for the languages drawn in the
board's font, tests/test_lang.py's own checks), the screens of the README's
walk (sim.shots.walk) that show English or cut something, and the device
tier's live heap at its peak for a whole game in that language
(CircuitPython 10's own VM; skipped with a reason where it is absent).
Ends with one line:

    lang: languages=<n> strings=<n> flash_bytes=<n> overflow=<n> english_left=<n> heap_peak=<bytes>
"""

import os
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def english_left(code):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "tests"))
    try:
        import test_lang
    finally:
        sys.path.pop(0)
    from taki_ui import text

    cut = text.cut
    try:
        left = test_lang.english_left(code)
    except AssertionError:  # a screen cut something: counted with the English left
        left = {"cut": True}
    return len(left) + (text.cut != cut and "cut" not in left)


def main(argv):
    from sim import cpvm, device_tier, harness, lang, texts

    harness.install()
    from taki_ui import strings, text

    t0 = time.time()
    flash = overflow = left = 0
    rows = {}
    for code in text.LANGS:
        path = os.path.join(texts.LANG, code + ".bin")
        size = os.path.getsize(path)
        over = len(lang.overflow(code)) if code in texts.SHAPED else 0
        eng = english_left(code) if code != "en" else 0
        flash += size
        overflow += over
        left += eng
        rows[code] = [size, over, eng, None]
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
                rows[code][3] = device_tier.live_peak(fig)
            peak = max(r[3] for r in rows.values())
    print("  %-4s %8s %8s %8s %10s" % ("lang", "flash B", "overflow", "english", "heap peak"))
    for code, (size, over, eng, heap) in rows.items():
        print("  %-4s %8d %8d %8d %10s" % (code, size, over, eng, heap if heap else "-"))
    print("  (%.0f s)" % (time.time() - t0))
    print("lang: languages=%d strings=%d flash_bytes=%d overflow=%d english_left=%d heap_peak=%s"
          % (len(text.LANGS), strings.COUNT, flash, overflow, left,
             peak if peak is not None else "skipped"))
    return 0
