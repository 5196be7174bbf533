"""From repo to board: the CIRCUITPY bundle, the device requirements for
circup, and the check that the device code imports only what a PyBadge has
and compiles under MicroPython."""

import os
import re
import subprocess
import sys
from importlib import metadata

import pytest

from sim import bundle, mpy

ROOT = bundle.ROOT
PY = sys.executable


def pins():
    out = {}
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if "==" in line:
                name, ver = line.split("==")
                out[name.strip().lower().replace("_", "-")] = ver.strip()
    return out


def device_requirements():
    with open(os.path.join(ROOT, "requirements-device.txt")) as f:
        return sorted(ln.strip() for ln in f if ln.strip() and not ln.startswith("#"))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("bundle") / "CIRCUITPY"
    r = subprocess.run([PY, "-m", "sim.bundle", str(out)], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    files = sorted(os.path.relpath(os.path.join(d, n), out)
                   for d, _, names in os.walk(out) for n in names)
    return out, files, r.stdout


def test_bundle_has_the_device_code_and_only_the_imported_libraries(built):
    out, files, _ = built
    project = sorted(dst for _, dst in bundle.project_files())
    assert "code.py" in files and "boards/pybadge.py" in files
    assert "taki_core/game.py" in files and "lib/taki_ui/app.py" in files
    libs = sorted(f for f in files if f.startswith("lib/") and not f.startswith("lib/taki_ui/"))
    assert sorted(set(files) - set(libs)) == project
    # exactly the modules the app's imports reach, nothing else of those packages
    assert libs == [
        "lib/adafruit_display_text/__init__.py",
        "lib/adafruit_display_text/bitmap_label.py",
        "lib/adafruit_displayio_layout/__init__.py",
        "lib/adafruit_displayio_layout/layouts/__init__.py",
        "lib/adafruit_displayio_layout/layouts/grid_layout.py",
        "lib/adafruit_displayio_layout/layouts/page_layout.py",
        "lib/adafruit_ticks.py",
        "lib/neopixel.py",
    ]
    # source only: MicroPython's mpy-cross output would not load on CircuitPython
    assert all(f.endswith(".py") for f in files)
    assert not any(f.startswith(("sim/", "tests/")) or "__pycache__" in f for f in files)


def test_bundled_libraries_are_the_pinned_pypi_packages(built):
    out, files, _ = built
    pinned = pins()
    site = bundle.site_packages()
    owners = metadata.packages_distributions()
    for f in files:
        if not f.startswith("lib/") or f.startswith("lib/taki_ui/"):
            continue
        rel = f[len("lib/"):]
        top = rel.split("/")[0].replace(".py", "")
        dists = owners[top]
        assert len(dists) == 1, (top, dists)
        dist = dists[0].lower().replace("_", "-")
        assert dist in pinned, "%s comes from %s, which requirements.txt does not pin" % (f, dist)
        assert metadata.version(dists[0]) == pinned[dist]
        with open(os.path.join(site, rel), "rb") as a, open(os.path.join(out, f), "rb") as b:
            assert a.read() == b.read()


def test_size_is_reported_and_fits_the_flash(built):
    out, files, stdout = built
    m = re.search(r"(\d+) files, (\d+) bytes .* of the PyBadge's 2 MB flash", stdout)
    assert m, stdout
    total = sum(os.path.getsize(os.path.join(out, f)) for f in files)
    assert int(m.group(1)) == len(files) and int(m.group(2)) == total
    assert total < bundle.FLASH_BYTES // 4
    print("bundle: %s" % stdout.strip().splitlines()[-1])


def test_device_requirements_name_the_bundled_libraries():
    libs = {p.split(os.sep)[1].replace(".py", "") for p in bundle.closure()}
    assert device_requirements() == sorted(libs)


def test_copy_to_a_drive_writes_only_what_differs(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\n")
    (drive / "settings.toml").write_text("# the user's\n")

    def to():
        r = subprocess.run([PY, "-m", "sim.bundle", "--to", str(drive)], cwd=ROOT,
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        return r.stdout

    first = to()
    n = int(re.search(r"(\d+) of (\d+) files changed", first).group(1))
    assert n == int(re.search(r"of (\d+) files changed", first).group(1)) > 30
    # the last file written is code.py (saving it restarts the board)
    assert first.strip().splitlines()[n].endswith("wrote code.py")
    assert "0 of" in to()
    # one file differs (same size, other content) and one is left over
    p = drive / "lib" / "taki_ui" / "strings.py"
    data = bytearray(p.read_bytes())
    data[-2] ^= 1
    p.write_bytes(bytes(data))
    (drive / "taki_core" / "old_module.py").write_text("X = 1\n")
    third = to()
    assert "1 of" in third and "wrote lib/taki_ui/strings.py" in third
    assert "left alone): taki_core/old_module.py" in third
    assert (drive / "taki_core" / "old_module.py").exists()
    assert (drive / "settings.toml").read_text() == "# the user's\n"
    # an old CircuitPython gets a warning
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 7.3.3 on 2022; PyBadge\n")
    assert "warning" in to()


# --- the device imports nothing the board lacks --------------------------------

def test_device_code_imports_only_builtins_and_bundled_libraries():
    libs = bundle.closure()  # raises ImportProblem with every bad import
    for src, dst in bundle.project_files():
        for mod, opt in bundle.imports(src):
            top = mod.split(".")[0]
            assert (top in bundle.BUILTINS or top in bundle.PROJECT_PACKAGES or opt is not False
                    or any(p.startswith(os.path.join("lib", top)) for p in libs)), (dst, mod)
    # the stand-ins of the simulator never reach the device
    assert not any("sim" in p.split(os.sep) for p in libs.values() if "site-packages" not in p)


def test_import_check_refuses_what_circuitpython_lacks(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import threading\nfrom dataclasses import dataclass\n"
                   "try:\n    import typing\nexcept ImportError:\n    pass\n"
                   "import displayio\nfrom taki_ui import strings\n")
    with pytest.raises(bundle.ImportProblem) as e:
        bundle.closure(files=[(str(bad), "lib/taki_ui/bad.py")])
    msg = str(e.value)
    assert "threading" in msg and "dataclasses" in msg
    assert "typing" not in msg and "displayio" not in msg and "strings" not in msg


def test_every_device_module_compiles_under_micropython():
    files = [src for src, _ in bundle.project_files()] + sorted(bundle.closure().values())
    assert len(files) > 30
    assert mpy.compile_check_files(files) == {}


def test_micropython_compile_check_has_teeth():
    assert mpy.compile_check("match x:\n    case 1:\n        pass\n", "m.py") is not None
