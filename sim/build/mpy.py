"""CircuitPython 10's compiler, mpy-cross: .py -> the .mpy files 10.x boards load.

mpy-cross sits with the VMs in ../shared/circuitpython/bin, or in the folder
$TAKI_CIRCUITPYTHON names (its README and BUILD.md say how it was built);
sim.vm.cpvm runs the VMs from the same folder. Here, not in sim.vm, because
the bundle needs the compiler and not the VMs.

-O3 leaves out the line-number tables: a module's bytecode is heap on the
board, and the tables were 3.3-3.6 KB of the game's live peak (93.7 -> 90.4
KB in the "4 mixed" game, 98.6 -> 95.0 in Sindhi). A traceback then still
names each file and function, with "line 1"; the `.py` bundle (--py) keeps
the lines for debugging. (-O1 and up also drop `assert`s: the device code
has none.)
"""

import os
import subprocess

from sim import ROOT

ENV = "TAKI_CIRCUITPYTHON"
DEFAULT_BIN = os.path.normpath(os.path.join(ROOT, "..", "shared", "circuitpython", "bin"))
MPY_CROSS = "mpy-cross"


def folder():
    """The folder the CircuitPython tools are looked for in."""
    return os.environ.get(ENV) or DEFAULT_BIN


def compile_py(src, dst, name):
    """Compile src (.py) to dst (.mpy); `name` is the path tracebacks show
    (without line numbers: -O3, see above)."""
    exe = os.path.join(folder(), MPY_CROSS)
    if not os.access(exe, os.X_OK):
        raise FileNotFoundError("CircuitPython 10.2.1's %s not found in %s (set %s to a folder "
                                "with it; the README says how to build it)"
                                % (MPY_CROSS, folder(), ENV))
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    r = subprocess.run([exe, "-O3", "-s", name, "-o", dst, src], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("mpy-cross %s: %s" % (name, (r.stdout + r.stderr).strip()))
