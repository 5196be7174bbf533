"""sim/vm/cpvm.py: CircuitPython 10's own compiler and VM, as the tests use them."""

import os

import pytest

from sim.vm import cpvm

needs_cp = pytest.mark.skipif(cpvm.tools() is None, reason=cpvm.missing())


def test_missing_tools_say_where_they_were_looked_for(monkeypatch, tmp_path):
    monkeypatch.setenv(cpvm.ENV, str(tmp_path))
    assert cpvm.tools() is None
    why = cpvm.missing()
    assert str(tmp_path) in why and cpvm.ENV in why and "README" in why
    assert "\n" not in why  # a one-line skip reason


@needs_cp
def test_the_vm_is_circuitpython_10_2_1_with_the_board_s_object_model():
    out = cpvm.guest("import sys, gc\n"
                     "print(sys.implementation.name, sys.implementation.version[:3])\n"
                     "def f(y):\n    gc.collect()\n    a = gc.mem_alloc()\n    x = y * 3.0\n"
                     "    gc.collect()\n    return gc.mem_alloc() - a, x\n"
                     "print(f(1.5)[0])\n", packages=())
    assert out.split("\n")[:2] == ["circuitpython (10, 2, 1)", "0"]  # floats take no heap


@needs_cp
def test_the_heap_size_is_enforced():
    code = "x = bytearray(70000)\nprint('fits')\n"
    assert cpvm.guest(code, packages=(), heap="256K").strip() == "fits"
    with pytest.raises(cpvm.GuestError) as e:
        cpvm.guest(code, packages=(), heap="64K")
    assert "MemoryError" in str(e.value)


@needs_cp
def test_the_pystack_builds_differ_as_named():
    # a chain of calls that fits 2048 bytes of pystack but not 1536
    code = ("def f(n):\n    return 0 if n == 0 else 1 + f(n - 1)\n"
            "import micropython\nprint(f(DEPTH))\n")
    depth = 30
    assert cpvm.guest(code.replace("DEPTH", str(depth)), packages=()).strip() == str(depth)
    with pytest.raises(cpvm.GuestError) as e:
        cpvm.guest(code.replace("DEPTH", "45"), packages=(), vm=cpvm.VM_1536)
    assert "pystack exhausted" in str(e.value)
    assert cpvm.guest(code.replace("DEPTH", "45"), packages=()).strip() == "45"


@needs_cp
def test_compiled_packages_load_as_mpy():
    out = cpvm.guest("import taki_core.rng as r\nprint(r.__file__)\n")
    assert out.strip().endswith("taki_core/rng.mpy")
    out = cpvm.guest("import taki_core.rng as r\nprint(r.__file__)\n", mpy=False)
    assert out.strip().endswith("taki_core/rng.py")


@needs_cp
def test_standins_are_the_sim_s_with_the_real_pin_table(tmp_path):
    out = cpvm.standins(str(tmp_path / "s"))
    names = sorted(os.listdir(out))
    assert "board.py" in names and "_pins.py" in names and "drive.py" in names
