"""Is the copy of the game whole? Checked at every start, before the game's
modules are imported (code.py), then forgotten (its code is heap).

A module cut short (a copy to CIRCUITPY interrupted, a board unplugged while
it was written) does not fail its import on CircuitPython 10: the .mpy
reader reads past its end and the board hangs. So `python -m sim.build.bundle`
writes files.txt beside this module: every module's path and size; a module
missing or of another size stops the game with the file's name and what to
do (code.py's crash screen). Without files.txt (copied by hand), nothing is
checked. Data files are not in it: their readers check them and fall back
(taki_ui.sheet, taki_ui.text).
"""

import os
import sys


def check():
    """Raise OSError naming the first module missing or of the wrong size."""
    here = __file__[:__file__.rfind("files")]  # .../lib/taki_ui/
    root = here[:here.rfind("lib/taki_ui/")]
    try:
        f = open(here + "files.txt")
    except OSError:
        f = None  # not copied by the bundle tool: nothing to check against
    bad = None
    if f is not None:
        with f:
            for line in f:
                name, _, size = line.strip().partition(" ")
                try:
                    n = os.stat(root + name)[6]
                except OSError:
                    bad = name + " is missing"
                    break
                if n != int(size):
                    bad = name + " is damaged (cut short?)"
                    break
    sys.modules.pop(__name__, None)  # checked once: forget this module
    pkg = sys.modules.get("taki_ui")
    if pkg is not None and hasattr(pkg, "files"):
        delattr(pkg, "files")
    if bad is not None:
        raise OSError(bad + ": copy the game onto the board again (python -m sim.build.bundle)")
