"""Make the folder that goes onto a CIRCUITPY drive (desktop only).

    python -m sim.build.bundle OUT                 write the bundle into OUT
    python -m sim.build.bundle --to /media/CIRCUITPY
                                             copy it onto a mounted board,
                                             writing only files that differ
    --py                                     .py source instead of .mpy

The bundle is the device code (code.py, boards/, taki_core/, lib/taki_ui/
with its data files) plus, in lib/, exactly the Adafruit library modules the
device code imports, found by parsing imports recursively and taken from the
pinned PyPI packages installed in this environment (requirements.txt).
Imports inside a `try: ... except ImportError` are optional (typing hints,
fallbacks) and are neither required nor bundled. An import that is neither
CircuitPython built-in, nor project code, nor an installed library is an
error.

Every module but code.py is compiled by CircuitPython 10's own mpy-cross
(sim.build.mpy runs it), which is what a 10.x board loads; it saves the board
compiling them at each start, not heap: a module's bytecode is in RAM
either way. --py keeps the source, for reading and editing, and for
CircuitPython 9.x, which cannot load 10.x's .mpy files. Copying onto a
drive reads its boot_out.txt and refuses a CircuitPython the files do not
fit. Where a module is written as .mpy, a .py of the same module left on the
drive would be loaded instead (.py wins): such a file is removed, and named.

`circup install -r requirements-device.txt` installs the same libraries as
.mpy files for the board's CircuitPython version.
"""

import argparse
import ast
import os
import re
import shutil
import sys
import sysconfig
import tempfile

from sim import ROOT

FLASH_BYTES = 2 * 1024 * 1024  # the PyBadge's / PyGamer's QSPI flash: CIRCUITPY
CLUSTER = 512  # FAT allocation unit assumed for the on-disk estimate

# Modules built into CircuitPython 10 on the SAMD51 boards (PyBadge, PyBadge
# LC, PyGamer): the firmware has them, the bundle must not. Kept short on
# purpose: an import outside it and outside the bundle fails the check.
# binascii (with crc32): CIRCUITPY_BINASCII and CIRCUITPY_ZLIB follow
# CIRCUITPY_FULL_BUILD (py/circuitpy_mpconfig.mk, 10.2.1), which only the
# SAMD21 block of ports/atmel-samd/mpconfigport.mk turns off.
BUILTINS = frozenset((
    "adafruit_bus_device", "adafruit_pixelbuf", "analogio", "array", "audiobusio",
    "audiocore", "audioio", "audiomixer", "binascii", "bitbangio", "bitmaptools", "board",
    "builtins", "busdisplay", "busio", "collections", "digitalio", "displayio", "errno",
    "fontio", "fourwire", "gc", "io", "json", "keypad", "math", "microcontroller",
    "micropython", "neopixel_write", "nvm", "os", "pwmio", "random", "re", "rtc",
    "storage", "struct", "supervisor", "sys", "terminalio", "time", "touchio",
    "traceback", "usb_cdc", "vectorio", "watchdog",
))

# Project code on the device, relative to ROOT -> where it goes on CIRCUITPY.
PROJECT = (("code.py", "code.py"), ("boards", "boards"), ("taki_core", "taki_core"),
           (os.path.join("lib", "taki_ui"), os.path.join("lib", "taki_ui")),
           (os.path.join("lib", "taki_ui", "lang"), os.path.join("lib", "taki_ui", "lang")))
PROJECT_PACKAGES = ("boards", "taki_core", "taki_ui")


def site_packages():
    return sysconfig.get_paths()["purelib"]


DATA = (".bmp", ".bin")  # files the device code reads (cards.bmp, lang/*.bin)
MANIFEST = "lib/taki_ui/files.txt"  # each module's size ("path size" lines; taki_ui.files)
MPY_MAJOR = 10  # the CircuitPython whose .mpy format the bundle's .mpy files have


def project_files():
    """(source path, path on CIRCUITPY) of every device module of the project
    and of the data files beside them."""
    out = []
    for src, dst in PROJECT:
        path = os.path.join(ROOT, src)
        if os.path.isfile(path):
            out.append((path, dst))
            continue
        for name in sorted(os.listdir(path)):
            if name.endswith((".py",) + DATA) and os.path.isfile(os.path.join(path, name)):
                out.append((os.path.join(path, name), os.path.join(dst, name)))
    return out


def _optional(node, parents):
    """Whether an import sits in a try whose handlers catch ImportError."""
    for p in parents:
        if isinstance(p, ast.Try) and any(
            h.type is None or any(n in ast.dump(h.type) for n in ("ImportError", "Exception"))
            for h in p.handlers
        ):
            if any(node is x or _contains(x, node) for x in p.body):
                return True
    return False


def _contains(tree, node):
    return any(n is node for n in ast.walk(tree))


def imports(path, package=""):
    """[(module, optional)] imported by the file at path. `package` is the
    file's package (for relative imports)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    out = []

    def visit(node, parents):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((a.name, _optional(node, parents)))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(p for p in parts + ([base] if base else []) if p)
            opt = _optional(node, parents)
            out.append((base, opt))
            for a in node.names:
                # `from pkg import mod` may name a submodule
                out.append((base + "." + a.name, None if not opt else True))
        for child in ast.iter_child_nodes(node):
            visit(child, parents + [node])

    visit(tree, [])
    return out


def _library_file(module, site):
    """The installed .py of module (a package's __init__.py), or None."""
    rel = module.replace(".", os.sep)
    for cand in (os.path.join(site, rel + ".py"), os.path.join(site, rel, "__init__.py")):
        if os.path.isfile(cand):
            return cand
    return None


class ImportProblem(Exception):
    pass


def closure(site=None, files=None):
    """Library files the device code needs: {path on CIRCUITPY (lib/...): source}.
    Raises ImportProblem listing every import the device would lack.
    files: (source, path on CIRCUITPY) of the device code (default: the project's)."""
    site = site or site_packages()
    todo = []
    for path, dst in (project_files() if files is None else files):
        pkg = os.path.dirname(dst).replace(os.sep, ".").replace("lib.", "")
        todo.append((path, pkg, dst))
    seen_lib = {}
    problems = []
    done = set()
    while todo:
        path, pkg, where = todo.pop()
        if path in done:
            continue
        done.add(path)
        if not path.endswith(".py"):
            continue
        for mod, opt in imports(path, pkg):
            if not mod:
                continue
            top = mod.split(".")[0]
            if top in BUILTINS or top in PROJECT_PACKAGES:
                continue
            # a library module, and every package __init__ on the way to it
            parts = mod.split(".")
            found_all = True
            for i in range(1, len(parts) + 1):
                sub = ".".join(parts[:i])
                f = _library_file(sub, site)
                if f is None:
                    found_all = False
                    break
                rel = os.path.relpath(f, site)
                if rel not in seen_lib:
                    seen_lib[rel] = f
                    sub_pkg = sub if f.endswith("__init__.py") else ".".join(parts[:i - 1])
                    todo.append((f, sub_pkg, rel))
            if not found_all and opt is False:
                problems.append("%s imports %s: not built into CircuitPython, not in "
                                "the project, not an installed library" % (where, mod))
    if problems:
        raise ImportProblem("\n".join(sorted(set(problems))))
    return {os.path.join("lib", rel): src for rel, src in sorted(seen_lib.items())}


def contents():
    """{path on CIRCUITPY: source path} of the whole bundle."""
    out = {dst: src for src, dst in project_files()}
    out.update(closure())
    return out


def _on_disk(n):
    return (n + CLUSTER - 1) // CLUSTER * CLUSTER


def write(out, mpy=True):
    """Write the bundle into directory `out`; return (files, bytes, on-disk bytes).
    mpy: every module but code.py compiled by CircuitPython 10's mpy-cross,
    with the constants it takes from other modules put in, and its own made
    private where no other module names them (sim.build.inline)."""
    from sim.build import inline, mpy as mpy_cross

    files = contents()
    sources = {}
    if mpy:
        for dst, src in files.items():
            if dst.endswith(".py") and dst != "code.py":
                with open(src, encoding="utf-8") as f:
                    sources[inline.module_name(dst)] = f.read()
        consts = inline.constants(sources)
        inlined = {m: inline.inline(src, m, consts) for m, src in sources.items()}
        with open(files["code.py"], encoding="utf-8") as f:
            top = f.read()
        # then each module's own constants private, where nothing else names them
        sources = {m: inline.privatize(src, [top] + [o for n, o in inlined.items() if n != m])
                   for m, src in inlined.items()}
    total = disk = 0
    sizes = []
    for dst, src in sorted(files.items()):
        path = os.path.join(out, dst)
        os.makedirs(os.path.dirname(path) or out, exist_ok=True)
        if mpy and dst.endswith(".py") and dst != "code.py":
            path = path[:-3] + ".mpy"
            source = sources[inline.module_name(dst)]
            with tempfile.TemporaryDirectory() as tmp:
                inlined = os.path.join(tmp, os.path.basename(src))
                with open(inlined, "w", encoding="utf-8") as f:
                    f.write(source)
                mpy_cross.compile_py(inlined, path, dst)
        else:
            shutil.copyfile(src, path)
        n = os.path.getsize(path)
        total += n
        disk += _on_disk(n)
        if path.endswith((".py", ".mpy")) and dst != "code.py":
            sizes.append("%s %d" % (os.path.relpath(path, out).replace(os.sep, "/"), n))
    # every module's size, for taki_ui.files: a module cut short (a copy
    # interrupted) would hang the board's import, so the game checks first
    path = os.path.join(out, MANIFEST)
    with open(path, "w") as f:
        f.write("\n".join(sorted(sizes)) + "\n")
    n = os.path.getsize(path)
    return len(files) + 1, total + n, disk + _on_disk(n)


def _same(a, b):
    if not os.path.isfile(b) or os.path.getsize(a) != os.path.getsize(b):
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def sync(src_dir, drive):
    """Copy the bundle in src_dir onto drive, only files that differ;
    code.py last (saving it restarts the board). Returns (changed, extra,
    removed): the files written; project files on the drive not in the
    bundle (reported, never deleted); and the .py files removed because the
    bundle writes their module as .mpy (the .py would be loaded instead)."""
    rels = []
    for d, _, names in os.walk(src_dir):
        for name in names:
            rels.append(os.path.relpath(os.path.join(d, name), src_dir))
    rels.sort(key=lambda r: (r == "code.py", r))
    removed = []
    for rel in rels:
        stale = os.path.join(drive, rel[:-4] + ".py")
        if rel.endswith(".mpy") and os.path.isfile(stale):
            os.remove(stale)
            removed.append(rel[:-4] + ".py")
    changed = []
    for rel in rels:
        a = os.path.join(src_dir, rel)
        b = os.path.join(drive, rel)
        if _same(a, b):
            continue
        os.makedirs(os.path.dirname(b) or drive, exist_ok=True)
        shutil.copyfile(a, b)
        changed.append(rel)
    if changed and hasattr(os, "sync"):
        os.sync()  # a FAT drive unplugged with writes in the cache gets corrupted
    extra = []
    for _, dst in PROJECT[1:]:
        d = os.path.join(drive, dst)
        if os.path.isdir(d):
            for name in sorted(os.listdir(d)):
                rel = os.path.join(dst, name)
                if name.endswith((".py", ".mpy")) and rel not in rels:
                    extra.append(rel)
    return changed, extra, removed


def refusal(ver, mpy):
    """Why a board running CircuitPython `ver` cannot take this bundle, or
    None. .mpy files load only on the major version that made them."""
    major = ver.split(".")[0]
    if not major.isdigit() or int(major) < 9:
        return ("the board runs CircuitPython %s; the game needs 10.x (or 9.x with --py). "
                "Install CircuitPython 10 first (see the README)." % ver)
    if mpy and int(major) != MPY_MAJOR:
        return ("the board runs CircuitPython %s, which cannot load the .mpy files made for "
                "%d.x. Update the board to CircuitPython %d.x, or copy the source with --py "
                "(it needs more of the board's RAM: see the README)." % (ver, MPY_MAJOR, MPY_MAJOR))
    return None


def circuitpython_version(drive):
    """'9.2.1' from the drive's boot_out.txt, or None."""
    try:
        with open(os.path.join(drive, "boot_out.txt")) as f:
            first = f.readline()
    except OSError:
        return None
    words = first.split()
    if "CircuitPython" in words:
        i = words.index("CircuitPython")
        if i + 1 < len(words):
            return words[i + 1].rstrip(";")
    return None


def report(files, total, disk):
    pct = 100.0 * disk / FLASH_BYTES
    print("%d files, %d bytes (%.1f KB; %.1f KB on a FAT drive), %.1f%% of the "
          "PyBadge's 2 MB flash" % (files, total, total / 1024, disk / 1024, pct))
    if disk > FLASH_BYTES:
        print("TOO BIG for the 2 MB flash", file=sys.stderr)
        return False
    return True


def readme_lines():
    """The tool's report for the .mpy and the .py bundle, as the README quotes them."""
    import contextlib
    import io

    out = []
    for mpy in (True, False):
        with tempfile.TemporaryDirectory() as tmp:
            n, total, disk = write(tmp, mpy)
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            report(n, total, disk)
        out.append(buf.getvalue().strip().splitlines()[-1])
    return out


def update_readme(path):
    """Put the two size lines of the README (indented, one after the other)
    up to date; tests/test_bundle.py checks them."""
    import re

    with open(path) as f:
        text = f.read()
    pat = re.compile(r"    \d+ files, \d+ bytes \(.*\n    \d+ files, \d+ bytes \(.*\n")
    if not pat.search(text):
        raise SystemExit("%s has no bundle size lines to update" % path)
    text = pat.sub(lambda m: "".join("    %s\n" % ln for ln in readme_lines()), text, count=1)
    with open(path, "w") as f:
        f.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.build.bundle",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", help="directory to write the bundle into")
    ap.add_argument("--to", metavar="CIRCUITPY", help="copy onto this mounted drive")
    ap.add_argument("--py", action="store_true",
                    help="keep the modules as .py source (CircuitPython 9.x; reading, editing)")
    ap.add_argument("--readme", action="store_true",
                    help="put the README's two bundle size lines up to date")
    args = ap.parse_args(argv)
    mpy = not args.py
    if args.readme:
        update_readme(os.path.join(ROOT, "README.md"))
        return 0
    if not args.out and not args.to:
        ap.error("give OUT, or --to /path/to/CIRCUITPY")
    try:
        if args.out:
            if os.path.exists(args.out) and os.listdir(args.out):
                ap.error("%s exists and is not empty" % args.out)
            n, total, disk = write(args.out, mpy)
            print("Bundle written to %s" % args.out)
            ok = report(n, total, disk)
            if not ok:
                return 1
        if args.to:
            if not os.path.isdir(args.to):
                ap.error("%s is not a directory (is the board mounted?)" % args.to)
            ver = circuitpython_version(args.to)
            if ver is None:
                print("note: no boot_out.txt in %s: is it a CIRCUITPY drive? The bundle is "
                      "made for CircuitPython %d.x." % (args.to, MPY_MAJOR))
            elif refusal(ver, mpy):
                print("Nothing copied: %s" % refusal(ver, mpy), file=sys.stderr)
                return 1
            with tempfile.TemporaryDirectory() as tmp:
                n, total, disk = write(tmp, mpy)
                if not report(n, total, disk):
                    return 1
                changed, extra, removed = sync(tmp, args.to)
            for rel in removed:
                print("  removed %s (its .mpy is in the bundle; the .py would load instead)"
                      % rel)
            for rel in changed:
                print("  wrote %s" % rel)
            print("%d of %d files changed on %s" % (len(changed), n, args.to))
            for rel in extra:
                print("  not in the bundle (left alone): %s" % rel)
    except ImportProblem as e:
        print("The device code imports what the board lacks:\n%s" % e, file=sys.stderr)
        return 1
    except FileNotFoundError as e:  # no CircuitPython mpy-cross here
        print("%s\nOr write the .py bundle with --py." % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
