"""CircuitPython 10.2.1 as Cortex-M4 code under qemu-arm, with executed
instructions counted between markers (desktop only: benchmarks and tests).

The tools are ../shared/circuitpython/arm (its README.md: the VM
`bin/circuitpython-arm-m4`, the counting plugin run by `bin/qcount`, and
`bin/marks.py`, the SAMD51 cycle model used here as a library). Set
TAKI_CIRCUITPYTHON_ARM to another folder holding bin/qcount,
bin/circuitpython-arm-m4 and bin/marks.py to use your own build.

Markers: every write() the guest makes to fd 2 is one marker; write each as
one call with one line, `sys.stderr.write("name\\n")` (print(..., file=
sys.stderr) makes several). Two markers back to back cost 522 instructions.

    available()            True when qemu-arm and the arm folder are here
    missing()              why not (one line), or None
    run(script, args=(), heap="128K", path=(), cwd=None, timeout=900)
                           the script under the ARM VM (MICROPYPATH=path, as
                           sim.vm.cpvm.run): a Run
    Run.rc, Run.out        exit status; the guest's stdout (tracebacks go there)
    Run.names              the markers' lines, in order (the guest's stderr)
    Run.rows               the counters after each marker, then at exit: one
                           dict of running totals per row (len(names) + 1 rows)
    Run.span(i, j)         the counters from marker i to marker j (j=-1: exit)
    timing(d, px=0)        a span's counters as figures: {"insns", "cycles":
                           (low, mid, high), "ms": (low, mid, high),
                           "spi_ms"}; px pixels sent to the panel add their SPI
                           time (16 bit at 24 MHz) to each ms figure
    ms(d, px=0, model="mid")  one of those figures
    marks()                the arm folder's bin/marks.py, imported by path
    folder()               the arm folder in use

The model is about +-20 % (the arm README: calibrated on pystone against
published Metro M4 rates). File system time (FatFS on QSPI flash) is not
in it; the counters `sys_read`, `sys_seek`, `sys_open` say how many calls.
"""

import importlib.util
import os
import shutil
import subprocess
import tempfile

from sim.vm import cpvm

ENV = "TAKI_CIRCUITPYTHON_ARM"
DEFAULT = os.path.join(os.path.dirname(cpvm.DEFAULT_BIN), "arm")
VM = "circuitpython-arm-m4"
QEMU = "qemu-arm"


def folder():
    return os.environ.get(ENV) or DEFAULT


def _bin(name):
    return os.path.join(folder(), "bin", name)


def missing():
    """Why the ARM runs cannot happen here (one line), or None."""
    q = os.environ.get("QEMU_ARM") or QEMU
    if shutil.which(q) is None:
        return "qemu-arm not found (apt-get install qemu-user): no ARM timing"
    for name in ("qcount", VM, "marks.py", "libtcount.so"):
        if not os.path.exists(_bin(name)):
            return "the ARM VM is missing: no %s (set %s to the arm folder)" % (_bin(name), ENV)
    return None


def available():
    return missing() is None


_marks = None


def marks():
    """bin/marks.py of the arm folder, imported by path (its cycle model)."""
    global _marks
    if _marks is None:
        spec = importlib.util.spec_from_file_location("taki_arm_marks", _bin("marks.py"))
        _marks = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_marks)
    return _marks


class Run:
    def __init__(self, rc, out, names, rows):
        self.rc = rc
        self.out = out
        self.names = names
        self.rows = rows

    def span(self, i, j=-1):
        """Counters from marker i to marker j (indexes into names; -1: exit)."""
        return marks().delta(self.rows[i], self.rows[j])


def run(script, args=(), heap="128K", path=(), cwd=None, timeout=900):
    """Run script (a file) under the ARM VM with the counting plugin."""
    why = missing()
    if why:
        raise FileNotFoundError(why)
    env = {"MICROPYPATH": ":".join(path), "PATH": os.environ.get("PATH", "")}
    if os.environ.get("QEMU_ARM"):
        env["QEMU_ARM"] = os.environ["QEMU_ARM"]
    with tempfile.TemporaryDirectory(prefix="taki-arm-") as tmp:
        log = os.path.join(tmp, "counts.log")
        r = subprocess.run([_bin("qcount"), log, _bin(VM), "-X", "heapsize=%s" % heap, script]
                           + list(args), env=env, cwd=cwd, capture_output=True, timeout=timeout)
        rows = marks().read(log) if os.path.exists(log) else []
    names = r.stderr.decode("utf-8", "replace").splitlines()
    out = r.stdout.decode("utf-8", "replace")
    if rows and len(rows) != len(names) + 1:
        raise RuntimeError("%d markers in the log, %d lines on stderr: write each marker as "
                           "one line in one call\n%s" % (len(rows) - 1, len(names), out[-2000:]))
    return Run(r.returncode, out, names, rows)


def ms(d, px=0, model="mid"):
    """Milliseconds on a 120 MHz SAMD51, px pixels' SPI time included."""
    return marks().ms(d, model, px=px)


def timing(d, px=0):
    m = marks()
    return {"insns": d["insns"],
            "cycles": tuple(m.cycles(d, **m.MODELS[k]) for k in ("low", "mid", "high")),
            "ms": tuple(m.ms(d, k, px=px) for k in ("low", "mid", "high")),
            "spi_ms": 1000.0 * px * m.PX_BITS / m.SPI_HZ}
