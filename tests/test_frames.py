"""What the panel shows stays right (issue 26, item 3): whole scripted games
through the bundle under CircuitPython's displayio with takirender, the
PyBadge's own partial refresh, and after every refresh that sent pixels the
frame it left equals the same group tree drawn from scratch
(sim/vm/cpboard/arm/frames.py; ../shared/circuitpython/arm/README.md,
"Frames"). A difference is a pixel that changed without being marked
dirty: a PyBadge would keep the old one there. The x86 takirender build
needs no qemu. Its heap is not the board's (two 40 KB frames are read into
it): these runs prove the frames, tests/test_device.py the heap.

The same frames are held against the desktop simulator's (Blinka's
displayio) picture of the same pass of the same game, drawn whole while
the game is recorded: the simulator shows what the board shows, pixel for
pixel, at every pass where either sent pixels.
"""

import os
import re
import tempfile

import numpy as np
import pytest

from sim.bench import speed as bench_speed
from sim.testing import harness
from sim.vm import cpvm

VM = "circuitpython-unix32-displayio-takirender"
GAMES = ("4 mixed", "4 mixed sd", "4 mixed ml", "2 records", "4 computers")
# people and computers in three scripts, the Records screen (display_text's
# labels in displayio_layout's GridLayout); the computers' game in test-all
FAST = GAMES[:4]


def _have():
    d = cpvm.tools()
    return d is not None and os.access(os.path.join(d, VM), os.X_OK)


pytestmark = pytest.mark.skipif(not _have(), reason="%s not found (%s)" % (VM, cpvm.missing()))


def _replay(dev, rec, keep):
    with tempfile.TemporaryDirectory(dir=dev.root) as cwd:
        with open(os.path.join(cwd, "nvm.bin"), "wb") as f:
            f.write(b"\xff" * 8192 if rec.nvm is None else rec.nvm)  # erased: the first start
        rc, out = cpvm.run(os.path.join(dev.arm, "frames.py"),
                           (os.path.join(dev.bundle, "code.py"), rec.path, keep), heap="300K",
                           path=(dev.arm,) + dev.path(), cwd=cwd, vm=VM)
    vm = {int(f[:-4]): np.fromfile(os.path.join(keep, f), dtype="<u2")
          for f in os.listdir(keep)}  # takirender writes plain RGB565, little-endian
    return rc, out, vm


def _record(name, tmp):
    """Record the game as sim.bench speed does, and the simulator's whole
    frame (RGB565) after every pass that sent pixels: (recording, {pass: frame})."""
    harness.install()
    from displayio._area import Area
    from taki_ui import app as A

    shots = {}
    passes = [0]
    init, step = A.App.__init__, A.App.step

    def counted_init(self, board):
        passes[0] = 0  # power-on: the first pass is 1, as on the VM
        shots.clear()  # (a simulator that made the game's nvm before it)
        init(self, board)

    def shot_step(self):
        d = self.display
        sent = d.refreshes
        passes[0] += 1
        step(self)
        if d.refreshes != sent:
            n = 160 * 128
            buf = memoryview(bytearray(2 * n))
            mask = memoryview(bytearray((n // 32 + 1) * 4)).cast("I")
            d._core.fill_area(Area(0, 0, 160, 128), mask, buf)  # the tree drawn whole
            shots[passes[0]] = np.frombuffer(bytes(buf), dtype=">u2").copy()

    A.App.__init__, A.App.step = counted_init, shot_step
    try:
        rec = bench_speed.record(name, tmp)
    finally:
        A.App.__init__, A.App.step = init, step
    return rec, shots


def _against(shots, vm):
    """How the simulator's frames and the VM's differ: passes only one sent
    pixels at, and (pass, pixels that differ) where both did."""
    differ = []
    for k in sorted(set(shots) & set(vm)):
        n = int((shots[k] != vm[k]).sum())
        if n:
            differ.append((k, n))
    return sorted(set(shots) - set(vm)), sorted(set(vm) - set(shots)), differ, len(set(shots) & set(vm))


def _frames(tmp, names=FAST):
    dev = bench_speed.build(os.path.join(tmp, "dev"))
    out = {}
    for name in names:
        rec, shots = _record(name, tmp)
        keep = os.path.join(tmp, re.sub(r"\W+", "-", name))
        os.makedirs(keep)
        rc, text, vm = _replay(dev, rec, keep)
        sim_only, vm_only, differ, common = _against(shots, vm)
        game = re.search(r"^GAME steps=(\d+) over=(\d) winner=(-?\d+) events=(\d+)", text, re.M)
        checked = re.search(r"^CHECKED refreshes=(\d+)$", text, re.M)
        out[name] = {
            "rc": rc, "tail": text[-2000:],
            "same_game": bool(game) and [int(v) for v in game.groups()] == [
                rec.steps, rec.end["over"], rec.end["winner"], rec.end["events"]],
            "checked": int(checked.group(1)) if checked else 0,
            "diffs": re.findall(r"^DIFF .*$", text, re.M),
            "sim_only": sim_only, "vm_only": vm_only, "differ": differ, "common": common,
        }
    return out


def _result(shared, name):
    """The game's figures: FAST's made once per run together, the others each
    on its own (only when its slow test runs)."""
    if name in FAST:
        return shared.get("frames-games", _frames)[name]
    return shared.get("frames-" + re.sub(r"\W+", "-", name), lambda d: _frames(d, [name]))[name]


PARAMS = [n if n in FAST else pytest.param(n, marks=pytest.mark.slow) for n in GAMES]


@pytest.mark.parametrize("name", PARAMS)
def test_every_refresh_leaves_the_panel_as_a_full_redraw_would(shared, name):
    r = _result(shared, name)
    assert r["rc"] == 0 and r["same_game"], r["tail"]
    assert r["checked"] > 100  # every step that sent pixels, the game's whole length
    assert r["diffs"] == []


@pytest.mark.parametrize("name", PARAMS)
def test_the_simulator_shows_what_the_board_shows(shared, name):
    r = _result(shared, name)
    assert r["rc"] == 0 and r["same_game"], r["tail"]
    # the same passes sent pixels, and each frame is the same, pixel for pixel
    assert r["sim_only"] == [] and r["vm_only"] == []
    assert r["common"] == r["checked"] > 100
    assert r["differ"] == []


def test_a_frame_that_differs_is_found():
    a = np.zeros(160 * 128, dtype=np.uint16)
    b = a.copy()
    b[5] = 0x0081
    assert _against({1: a, 2: a}, {1: a, 2: b, 3: a}) == ([], [3], [(2, 1)], 2)


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
