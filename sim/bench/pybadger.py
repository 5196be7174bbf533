"""What Adafruit's PyBadger library would cost the board's heap (desktop only;
the measurement behind the README's choice of TAKI's own dimming code).

    python -m sim.bench pybadger [FOLDER]

Downloads adafruit-circuitpython-pybadger 4.0.10 and the libraries its
PyBadge module imports (pip download --no-deps into FOLDER, default a
temporary one), compiles them with CircuitPython's mpy-cross and imports
them one by one under CircuitPython 10.2.1's VM beside the game's bundle
and board stand-ins (sim.vm.device_tier.Device.imports' driver), printing the
live heap each adds. The package's __init__ picks the board by
os.uname(), which the unix VM lacks, and pybadge.py makes its PyBadge()
at import, which needs board.I2C(): so pybadger_base.py and pybadge.py are
imported as flat modules, without that last line (the figure is the
library's code; the instance's objects come on top).
"""

import os
import re
import subprocess
import sys
import tempfile
import zipfile

from sim.build import mpy as mpy_cross
from sim.vm import cpvm, device_tier

PACKAGES = ("adafruit-circuitpython-pybadger==4.0.10", "adafruit-circuitpython-display-text",
            "adafruit-circuitpython-display-shapes", "adafruit-circuitpython-miniqr",
            "adafruit-circuitpython-lis3dh", "adafruit-circuitpython-bitmap-font",
            "adafruit-circuitpython-busdevice")
ORDER = ("adafruit_ticks", "neopixel", "adafruit_display_text",
         "adafruit_display_text.bitmap_label", "adafruit_bitmap_font.bitmap_font",
         "adafruit_display_shapes.rect", "adafruit_miniqr", "pybadger_base",
         "adafruit_bus_device.i2c_device", "adafruit_lis3dh", "pybadger_pybadge")
GAME_HAS = ("adafruit_ticks", "neopixel")  # the game imports these anyway


def fetch(folder):
    wheels = os.path.join(folder, "wheels")
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", wheels]
                   + list(PACKAGES), check=True)
    lib = os.path.join(folder, "lib")
    for name in sorted(os.listdir(wheels)):
        with zipfile.ZipFile(os.path.join(wheels, name)) as z:
            z.extractall(lib)
    pkg = os.path.join(lib, "adafruit_pybadger")
    with open(os.path.join(pkg, "pybadger_base.py")) as f:
        base = f.read()
    with open(os.path.join(lib, "pybadger_base.py"), "w") as f:
        f.write(base)
    with open(os.path.join(pkg, "pybadge.py")) as f:
        badge = f.read().replace("from adafruit_pybadger.pybadger_base import",
                                 "from pybadger_base import")
    badge = re.sub(r"^pybadge = PyBadge\(\)", "# (the instance left out)", badge, flags=re.M)
    with open(os.path.join(lib, "pybadger_pybadge.py"), "w") as f:
        f.write(badge)
    return lib


def compile_tree(lib, out):
    for root, _, files in os.walk(lib):
        if ".dist-info" in root:
            continue
        for n in files:
            if n.endswith(".py"):
                p = os.path.join(root, n)
                rel = os.path.relpath(p, lib)
                mpy_cross.compile_py(p, os.path.join(out, rel[:-3] + ".mpy"), rel)
    return out


def main(argv):
    folder = argv[0] if argv else tempfile.mkdtemp(prefix="taki-pybadger-")
    mpy = compile_tree(fetch(folder), os.path.join(folder, "mpy"))
    dev = device_tier.Device(os.path.join(folder, "device"))
    rc, out = cpvm.run(dev.driver, ["imports"] + list(ORDER), heap="1M",
                       path=(mpy,) + dev.path(), cwd=dev.bundle)
    if rc:
        print(out[-2000:])
        return 1
    per = {m: int(n) for m, n in re.findall(r"^IMPORT (\S+) (\d+)$", out, re.M)}
    for m in ORDER:
        print("  %-36s %6d" % (m, per[m]))
    extra = sum(per[m] for m in ORDER if m not in GAME_HAS)
    print("pybadger: heap_bytes=%d (beyond adafruit_ticks and neopixel, which the game has)"
          % extra)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
