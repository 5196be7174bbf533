"""The simulator's command line, and the UI refresh benchmark."""

import os
import subprocess
import sys

import pygame

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = sys.executable


def run_sim(*args, env=None, timeout=240):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([PY, "-m", "sim", *args], cwd=ROOT, env=e, capture_output=True,
                          text=True, timeout=timeout)


def test_headless_script_writes_a_png_per_step(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("A  # English, at the first start's question\n# start a 2-person game\n"
                      "UP A\nA  # Player 1 takes the device\nRIGHT\n")
    shots = tmp_path / "shots"
    r = run_sim("--headless", "--script", str(script), "--shots", str(shots))
    assert r.returncode == 0, r.stderr
    names = sorted(os.listdir(shots))
    assert names == ["000-start.png", "001-a.png", "002-up.png", "003-a.png", "004-a.png",
                     "005-right.png"]
    first = pygame.image.load(str(shots / names[0]))
    last = pygame.image.load(str(shots / names[-1]))
    assert first.get_size() == (160, 128)
    # the last step shows a hand: the screens differ
    assert pygame.image.tostring(first, "RGB") != pygame.image.tostring(last, "RGB")


def test_unknown_key_in_a_script_is_an_error(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("A JUMP\n")
    r = run_sim("--headless", "--script", str(script), "--shots", str(tmp_path))
    assert r.returncode != 0 and "JUMP" in (r.stderr + r.stdout)


def test_demo_plays_a_whole_game_of_computers(tmp_path):
    shots = tmp_path / "demo"
    r = run_sim("--demo", "--shots", str(shots))
    assert r.returncode == 0, r.stderr
    frames = sorted(os.listdir(shots))
    assert len(frames) > 30 and "PNGs in" in r.stdout
    first = pygame.image.load(str(shots / frames[0]))
    last = pygame.image.load(str(shots / frames[-1]))
    assert pygame.image.tostring(first, "RGB") != pygame.image.tostring(last, "RGB")


def test_without_a_display_it_offers_headless_mode():
    env = {"DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""}
    r = run_sim(env=env, timeout=60)
    assert r.returncode == 2
    assert "cannot open a window" in r.stdout and "--headless" in r.stdout


def test_ui_bench_figures():
    from sim.bench.ui import FRAME_PX, ui_bench

    r = ui_bench()
    # a cursor move redraws two cards, not the screen
    assert 0 < r["cursor_px"] < FRAME_PX // 10
    assert r["cursor_px"] < r["play_px"] < r["screen_px"]
    r2 = subprocess.run([PY, "-m", "sim.bench", "ui"], cwd=ROOT, capture_output=True, text=True,
                        timeout=240, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    last = r2.stdout.strip().splitlines()[-1]
    assert last == "ui: cursor_px=%d play_px=%d screen_px=%d" % (
        r["cursor_px"], r["play_px"], r["screen_px"])


def test_fast_bitmaptools_write_what_blinka_writes():
    # sim/device/bitmaptools.py works a row at a time where Blinka's moves one
    # pixel at a time: same pixels, same dirty area, same errors
    import random

    from sim.testing import harness

    harness.install()
    import bitmaptools
    import displayio

    blinka = bitmaptools._b
    assert bitmaptools.fill_region is not blinka.fill_region
    rnd = random.Random(1)
    for values in (2, 4, 16):  # 1, 2 and 4 bits per pixel
        for _ in range(200):
            w, h = rnd.randint(1, 70), rnd.randint(1, 20)
            a, b = displayio.Bitmap(w, h, values), displayio.Bitmap(w, h, values)
            src = displayio.Bitmap(rnd.randint(1, 50), rnd.randint(1, 15), values)
            for i in range(src.width * src.height):
                src[i] = rnd.randrange(values)
            for i in range(w * h):
                a[i] = b[i] = rnd.randrange(values)
            a._finish_refresh()
            b._finish_refresh()
            if rnd.random() < 0.5:
                args = (rnd.randint(-5, w + 5), rnd.randint(-5, h + 5), rnd.randint(-5, w + 5),
                        rnd.randint(-5, h + 5), rnd.randrange(values))
                bitmaptools.fill_region(a, *args)
                blinka.fill_region(b, *args)
            else:
                x, y = rnd.randint(-3, w), rnd.randint(-3, h)
                kw = dict(x1=rnd.randint(0, src.width), y1=rnd.randint(0, src.height),
                          x2=rnd.randint(0, src.width), y2=rnd.randint(0, src.height))
                errs = []
                for fn, dest in ((bitmaptools.blit, a), (blinka.blit, b)):
                    try:
                        fn(dest, src, x, y, **kw)
                        errs.append(None)
                    except ValueError:
                        errs.append("ValueError")
                assert errs[0] == errs[1]
            assert list(a._data) == list(b._data)
            da, db = a._dirty_area, b._dirty_area
            assert (da.x1 == da.x2 and db.x1 == db.x2) or (
                (da.x1, da.y1, da.x2, da.y2) == (db.x1, db.y1, db.x2, db.y2))


def test_fast_readinto_and_skipping_blit_write_what_blinka_writes():
    # the fast paths a shaped word's picture takes (taki_ui.pictures): a
    # 1-bit readinto, then a blit that skips the source's 0 pixels
    import io
    import random

    from sim.testing import harness

    harness.install()
    import bitmaptools
    import displayio

    blinka = bitmaptools._b
    assert bitmaptools.readinto is not blinka.readinto
    rnd = random.Random(2)

    def same(a, b):
        assert list(a._data) == list(b._data)
        da, db = a._dirty_area, b._dirty_area
        assert (da.x1 == da.x2 and db.x1 == db.x2) or (
            (da.x1, da.y1, da.x2, da.y2) == (db.x1, db.y1, db.x2, db.y2))

    for _ in range(300):
        w, h = rnd.randint(1, 40), rnd.randint(1, 16)
        a, b = displayio.Bitmap(w, h, 2), displayio.Bitmap(w, h, 2)
        for i in range(w * h):
            a[i] = b[i] = rnd.randrange(2)
        a._finish_refresh()
        b._finish_refresh()
        data = bytes(rnd.randrange(256) for _ in range(((w + 7) // 8) * h + rnd.randint(-3, 3)))
        kw = dict(reverse_pixels_in_element=rnd.random() < 0.5, reverse_rows=rnd.random() < 0.3)
        errs = []
        for fn, dest in ((bitmaptools.readinto, a), (blinka.readinto, b)):
            f = io.BytesIO(data)
            try:
                fn(dest, f, 1, **kw)
                errs.append(f.tell())
            except EOFError:
                errs.append("EOFError")
        assert errs[0] == errs[1], (w, h, len(data), kw)
        same(a, b)
    for values in (2, 4, 16):
        for _ in range(200):
            w, h = rnd.randint(1, 70), rnd.randint(1, 20)
            a, b = displayio.Bitmap(w, h, values), displayio.Bitmap(w, h, values)
            src = displayio.Bitmap(rnd.randint(1, 50), rnd.randint(1, 15), values)
            for i in range(src.width * src.height):
                src[i] = rnd.randrange(values)
            for i in range(w * h):
                a[i] = b[i] = rnd.randrange(values)
            a._finish_refresh()
            b._finish_refresh()
            x, y = rnd.randint(-3, w), rnd.randint(-3, h)
            kw = dict(x1=rnd.randint(0, src.width), y1=rnd.randint(0, src.height),
                      x2=rnd.randint(0, src.width), y2=rnd.randint(0, src.height),
                      skip_source_index=rnd.randrange(values + 1))
            errs = []
            for fn, dest in ((bitmaptools.blit, a), (blinka.blit, b)):
                try:
                    fn(dest, src, x, y, **kw)
                    errs.append(None)
                except ValueError:
                    errs.append("ValueError")
            assert errs[0] == errs[1]
            same(a, b)


def test_the_pins_the_game_names_exist_on_the_real_boards():
    # sim/device/_pins.py is CircuitPython 10.2.1's pins.c of the PyBadge and
    # the PyGamer; every board.X the device code reads must be there
    import ast

    from sim.build import bundle
    sys.path.insert(0, os.path.join(ROOT, "sim", "device"))
    try:
        import _pins
    finally:
        sys.path.pop(0)
    used = set()
    for src, _ in bundle.project_files():
        if src.endswith(".py"):
            with open(src) as f:
                tree = ast.parse(f.read())
            if not any(isinstance(n, ast.Import) and any(a.name == "board" for a in n.names)
                       for n in ast.walk(tree)):
                continue  # `board` there is the app's driver object, not the module
            for node in ast.walk(tree):
                if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                        and node.value.id == "board"):
                    used.add(node.attr)
    used -= {"DISPLAY"}
    assert {"BUTTON_CLOCK", "NEOPIXEL", "SPEAKER"} <= used
    joystick = {"JOYSTICK_X", "JOYSTICK_Y"}
    assert used - joystick <= set(_pins.PYBADGE) and used <= set(_pins.PYGAMER)
    assert "TFT_LITE" in _pins.PYBADGE and "TFT_BACKLIGHT" not in _pins.PYGAMER
