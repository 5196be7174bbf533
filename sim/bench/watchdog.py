"""`python -m sim.bench watchdog`: can the game's loop feed a 16 s watchdog?
Measured on the ARM model of a 120 MHz SAMD51 (../shared/circuitpython/arm:
CircuitPython 10.2.1 as Cortex-M4 code under qemu-arm, instructions counted,
a cycle model; about +-20 %), desktop only.

The device tier's games run there through code.py (sim.vm.device_tier; the
stand-ins' drive.py --marks writes a marker at the end of every pass of the
app's loop). Prints, per game, the start (code.py's first line to the end of
the first pass, the first start's language question and its checks of every
language file included) and the longest pass after it, in ms (mid, and the
model's slow end), then one summary line:

    watchdog: timeout_s=16 start_ms=... pass_ms_max=... pass_ms_max_en=...

(the slow end's figures; pass_ms_max_en: the English games alone). Needs
qemu-arm (`apt-get install qemu-user`) and the arm folder; says so and exits
2 without them.
"""

import os
import shutil
import subprocess
import sys
import tempfile

from sim.vm import cpvm, device_tier

ARM = os.path.normpath(os.path.join(cpvm.ROOT, "..", "shared", "circuitpython", "arm"))
GAMES = ("4 mixed", "4 computers", "4 mixed ml")
TIMEOUT_S = 16  # code.py's watchdog.timeout: the SAMD51's longest


def missing():
    """Why the ARM model cannot run here, or ''."""
    if shutil.which("qemu-arm") is None:
        return "qemu-arm not found (apt-get install qemu-user)"
    if not os.access(os.path.join(ARM, "bin", "qcount"), os.X_OK):
        return "the ARM model is not in %s" % ARM
    if cpvm.tools() is None:
        return cpvm.missing()
    return ""


def passes(dev, rec, root):
    """[ms (mid, high)] of each span: the start, then every pass of the loop."""
    sys.path.insert(0, os.path.join(ARM, "bin"))
    try:
        import marks
    finally:
        sys.path.pop(0)
    cwd = tempfile.mkdtemp(dir=root)
    with open(os.path.join(cwd, "nvm.bin"), "wb") as f:
        f.write(b"\xff" * 8192)
    log = os.path.join(cwd, "counts.log")
    env = {"MICROPYPATH": ":".join(dev.path()), "PATH": os.environ.get("PATH", "")}
    with open(os.path.join(cwd, "marks.txt"), "w") as err:
        r = subprocess.run([os.path.join(ARM, "bin", "qcount"), log,
                            os.path.join(ARM, "bin", "circuitpython-arm-m4"), "-X", "heapsize=128K",
                            dev.driver, "game", os.path.join(dev.bundle, "code.py"), rec.path,
                            "--marks"], env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=err,
                           text=True, timeout=1800)
    if r.returncode or "GAME " not in r.stdout:
        raise RuntimeError("%s did not run on the ARM model:\n%s" % (rec.name, r.stdout[-2000:]))
    rows = marks.read(log)
    return [(marks.ms(marks.delta(a, b), "mid"), marks.ms(marks.delta(a, b), "high"))
            for a, b in zip(rows, rows[1:-1])]  # the last row is END: the driver's report


def main(argv):
    why = missing()
    if why:
        print("watchdog: cannot measure: %s" % why)
        return 2
    print("ARM model (%s), the .mpy bundle's code.py, a marker per loop pass:" % ARM)
    start = longest = longest_en = 0.0
    with tempfile.TemporaryDirectory(prefix="taki-wd-") as root:
        dev = device_tier.Device(root)
        for rec in device_tier.record_all(root, GAMES):
            spans = passes(dev, rec, root)
            s = spans[0]
            p = max(spans[1:], key=lambda m: m[1])
            print("  %-14s start %7.1f ms (slow end %7.1f); longest of %d passes %6.1f ms (%6.1f)"
                  % (rec.name, s[0], s[1], len(spans) - 1, p[0], p[1]))
            start = max(start, s[1])
            longest = max(longest, p[1])
            if rec.name.split()[-1] not in device_tier.LANGUAGES:
                longest_en = max(longest_en, p[1])
    print("watchdog: timeout_s=%d start_ms=%d pass_ms_max=%d pass_ms_max_en=%d"
          % (TIMEOUT_S, start, longest, longest_en))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
