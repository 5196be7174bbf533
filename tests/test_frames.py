"""What the panel shows stays right (issue 26, item 3): whole scripted games
through the bundle under CircuitPython's displayio with takirender, the
PyBadge's own partial refresh, and after every refresh that sent pixels the
frame it left equals the same group tree drawn from scratch
(sim/vm/cpboard/arm/frames.py; ../shared/circuitpython/arm/README.md,
"Frames"). A difference is a pixel that changed without being marked
dirty: a PyBadge would keep the old one there. The x86 takirender build
needs no qemu. Its heap is not the board's (two 40 KB frames are read into
it): these runs prove the frames, tests/test_device.py the heap.
"""

import os
import re
import tempfile

import pytest

from sim.bench import speed as bench_speed
from sim.vm import cpvm

VM = "circuitpython-unix32-displayio-takirender"
GAMES = ("4 mixed", "4 mixed sd", "4 mixed ml", "4 computers")


def _have():
    d = cpvm.tools()
    return d is not None and os.access(os.path.join(d, VM), os.X_OK)


pytestmark = pytest.mark.skipif(not _have(), reason="%s not found (%s)" % (VM, cpvm.missing()))


def _replay(dev, rec):
    with tempfile.TemporaryDirectory(dir=dev.root) as cwd:
        with open(os.path.join(cwd, "nvm.bin"), "wb") as f:
            f.write(b"\xff" * 8192)  # erased flash: the first start
        rc, out = cpvm.run(os.path.join(dev.arm, "frames.py"),
                           (os.path.join(dev.bundle, "code.py"), rec.path), heap="300K",
                           path=(dev.arm,) + dev.path(), cwd=cwd, vm=VM)
    return rc, out


def _frames(tmp):
    dev = bench_speed.build(os.path.join(tmp, "dev"))
    out = {}
    for name in GAMES:
        rec = bench_speed.record(name, tmp)
        rc, text = _replay(dev, rec)
        game = re.search(r"^GAME steps=(\d+) over=(\d) winner=(-?\d+) events=(\d+)", text, re.M)
        checked = re.search(r"^CHECKED refreshes=(\d+)$", text, re.M)
        out[name] = {
            "rc": rc, "tail": text[-2000:],
            "same_game": bool(game) and [int(v) for v in game.groups()] == [
                rec.steps, rec.end["over"], rec.end["winner"], rec.end["events"]],
            "checked": int(checked.group(1)) if checked else 0,
            "diffs": re.findall(r"^DIFF .*$", text, re.M),
        }
    return out


@pytest.fixture(scope="module")
def frames(shared):
    return shared.get("frames-games", _frames)


@pytest.mark.parametrize("name", GAMES)
def test_every_refresh_leaves_the_panel_as_a_full_redraw_would(frames, name):
    r = frames[name]
    assert r["rc"] == 0 and r["same_game"], r["tail"]
    assert r["checked"] > 100  # every step that sent pixels, the game's whole length
    assert r["diffs"] == []


def test_the_check_sees_pixels_left_on_the_panel(tmp_path):
    # A chooser-like Group with a vectorio box taken out whole: displayio
    # 10.2.1 leaves part of the box (the defect the game avoids).
    script = tmp_path / "s.py"
    script.write_text(
        "import displayio, vectorio, takirender\n"
        "root = displayio.Group()\n"
        "bg = displayio.Bitmap(160, 128, 1)\n"
        "root.append(displayio.TileGrid(bg, pixel_shader=displayio.Palette(1)))\n"
        "p = displayio.Palette(1)\n"
        "p[0] = 0x00ff00\n"
        "g = displayio.Group(y=74)\n"
        "g.append(vectorio.Rectangle(pixel_shader=p, x=0, y=0, width=160, height=44))\n"
        "t = displayio.TileGrid(displayio.Bitmap(156, 12, 2), pixel_shader=displayio.Palette(2), x=2, y=1)\n"
        "g.append(t)\n"
        "root.append(g)\n"
        "takirender.show(root)\n"
        "takirender.refresh()\n"
        "g.remove(t)\n"
        "root.remove(g)\n"
        "takirender.refresh()\n"
        "takirender.frame('f.raw')\n"
        "takirender.full('g.raw')\n"
        "print(open('f.raw', 'rb').read() == open('g.raw', 'rb').read())\n")
    rc, out = cpvm.run(str(script), cwd=str(tmp_path), heap="300K", vm=VM)
    assert rc == 0 and out.split() == ["False"], out
