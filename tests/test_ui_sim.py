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
    script.write_text("# start a 2-person game\nUP A\nA  # Player 1 takes the device\nRIGHT\n")
    shots = tmp_path / "shots"
    r = run_sim("--headless", "--script", str(script), "--shots", str(shots))
    assert r.returncode == 0, r.stderr
    names = sorted(os.listdir(shots))
    assert names == ["000-start.png", "001-up.png", "002-a.png", "003-a.png", "004-right.png"]
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
    from sim.ui_bench import FRAME_PX, ui_bench

    r = ui_bench()
    # a cursor move redraws two cards, not the screen
    assert 0 < r["cursor_px"] < FRAME_PX // 10
    assert r["cursor_px"] < r["play_px"] < r["screen_px"]
    r2 = subprocess.run([PY, "-m", "sim.ui_bench"], cwd=ROOT, capture_output=True, text=True,
                        timeout=240, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    last = r2.stdout.strip().splitlines()[-1]
    assert last == "ui: cursor_px=%d play_px=%d screen_px=%d" % (
        r["cursor_px"], r["play_px"], r["screen_px"])
