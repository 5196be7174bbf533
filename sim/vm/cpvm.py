"""CircuitPython 10's own VM, driven from the desktop (tests and
benchmarks only; never on a device).

The tools are the ones in ../shared/circuitpython/bin (its README and
BUILD.md say how they were built and how to rebuild them from source):
`mpy-cross` makes the .mpy files 10.x boards load (sim.build.mpy runs it); `circuitpython-unix32-
displayio` is the 32-bit unix port with displayio's real C objects, the
board's object model (floats take no heap) and the SAMD51's 2048-byte
pystack; the `-pystack1536` copy is the same with less pystack, for a
margin test. Set TAKI_CIRCUITPYTHON to another folder holding these files
to use your own build.

    tools()            the bin folder, or None when the tools are missing
    compile_packages   project packages compiled beside a guest (mpy-cross: sim.build.mpy)
    standins(dir)      the board stand-ins of sim/vm/cpboard (+ the pin table)
    run(...)           a script in the VM with a given heap: (exit code, output)
    guest(code, ...)   a snippet with project packages compiled beside it
"""

import os
import shutil
import subprocess
import tempfile

from sim import ROOT
from sim.build.mpy import DEFAULT_BIN, ENV, MPY_CROSS, compile_py, folder  # noqa: F401 (armvm: DEFAULT_BIN)

VM = "circuitpython-unix32-displayio"
VM_1536 = "circuitpython-unix32-displayio-pystack1536"
VM_PLAIN = "circuitpython-unix32-boardlike"
PYSTACKS = ((VM_1536, 1536), (VM, 2048))  # the builds shipped, smallest first
STANDINS = os.path.join(ROOT, "sim", "vm", "cpboard")
PINS = os.path.join(ROOT, "sim", "device", "_pins.py")


def tools():
    """The folder with mpy-cross and the VMs, or None."""
    d = folder()
    if all(os.access(os.path.join(d, n), os.X_OK) for n in (MPY_CROSS, VM, VM_1536)):
        return d
    return None


def missing():
    """Why the CircuitPython tests cannot run here (one line)."""
    return ("CircuitPython 10.2.1 tools not found in %s (set %s to a folder with mpy-cross "
            "and %s; the README says how to build them)" % (folder(), ENV, VM))


def binary(name):
    d = tools()
    if d is None:
        raise FileNotFoundError(missing())
    return os.path.join(d, name)


def standins(out):
    """The board stand-ins for the VM (and the pin table), in out; return out.
    Source, not .mpy: compiled they took more of the VM's heap, not less."""
    os.makedirs(out, exist_ok=True)
    for name in sorted(os.listdir(STANDINS)):
        if name.endswith(".py"):
            shutil.copyfile(os.path.join(STANDINS, name), os.path.join(out, name))
    shutil.copyfile(PINS, os.path.join(out, "_pins.py"))
    return out


def run(script, args=(), heap="128K", path=(), cwd=None, vm=VM, timeout=900):
    """Run script (a file) in the VM: -X heapsize=heap, MICROPYPATH=path.
    Returns (exit code, stdout + stderr). A traceback goes to stdout."""
    env = {"MICROPYPATH": ":".join(path), "PATH": os.environ.get("PATH", "")}
    r = subprocess.run([binary(vm), "-X", "heapsize=%s" % heap, script] + list(args),
                       env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return r.returncode, r.stdout + r.stderr


def compile_packages(packages, out, mpy=True):
    """Project packages (folders of ROOT, e.g. "taki_core") into out/, as .mpy
    (or .py); return out."""
    for pkg in packages:
        src_dir = os.path.join(ROOT, pkg)
        for name in sorted(os.listdir(src_dir)):
            if not name.endswith(".py"):
                continue
            src = os.path.join(src_dir, name)
            dst = os.path.join(out, pkg, name)
            if mpy:
                compile_py(src, dst[:-3] + ".mpy", "%s/%s" % (pkg, name))
            else:
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copyfile(src, dst)
    return out


class GuestError(RuntimeError):
    """The snippet failed in the VM (the message holds its output)."""


def guest(code, packages=("taki_core",), heap="256K", vm=VM, mpy=True, timeout=900):
    """Run the snippet `code` in the VM beside `packages` (compiled); its
    output, or GuestError with the output if it ended with an error."""
    with tempfile.TemporaryDirectory() as tmp:
        compile_packages(packages, tmp, mpy)
        script = os.path.join(tmp, "guest.py")
        with open(script, "w") as f:
            f.write(code)
        rc, out = run(script, heap=heap, path=(tmp,), cwd=tmp, vm=vm, timeout=timeout)
    if rc:
        raise GuestError("exit %d:\n%s" % (rc, out[-3000:]))
    return out
