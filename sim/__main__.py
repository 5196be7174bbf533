"""The TAKI simulator: the device's code.py on a simulated PyBadge / PyGamer.

    python -m sim                         a window: the screen, the NeoPixels, the keys, the tones
    python -m sim --headless --script FILE --shots DIR
                                          press the script's keys, one PNG per step
    python -m sim --demo --shots DIR      computers play a whole game; a PNG per frame

Options: --board pybadge|pygamer, --scale N (window size), --save FILE (the
board's nvm: settings, names and the game in progress; the window keeps it
in DEFAULT_SAVE unless --save is given, headless runs start erased unless
--save is given), --no-save (window: start erased, keep nothing). A script is key
names (A B START SELECT UP DOWN LEFT RIGHT) separated by spaces or lines;
`#` starts a comment. A step ends when the app has been quiet (no key read,
nothing drawn) for 3 s of simulated time.
"""

import argparse
import os
import runpy
import sys

from sim.testing import harness

ROOT = harness.ROOT
QUIET_POLLS = 150  # 3 s of 20 ms polls: longer than any of the app's timers

# the window's key map (also in the window's legend and the README)
KEYMAP = {
    "left": "LEFT", "right": "RIGHT", "up": "UP", "down": "DOWN",
    "z": "B", "x": "A", "return": "START", "space": "SELECT",
}
# English at the first start's question, all seats computers, then start: --demo's keys
DEMO_SCRIPT = "A RIGHT RIGHT DOWN DOWN DOWN DOWN RIGHT DOWN RIGHT DOWN DOWN DOWN DOWN A"


def default_save():
    """Where the window keeps the simulated board's nvm between runs."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "taki-sim", "nvm.bin")


def read_script(path):
    keys = []
    with open(path) as f:
        for line in f:
            for word in line.split("#", 1)[0].split():
                name = word.upper()
                if name not in harness_keys():
                    raise SystemExit("%s: unknown key %r" % (path, word))
                keys.append(name)
    return keys


def harness_keys():
    harness.paths()
    import _simhw

    return _simhw.KEY_NAMES


def run_code():
    """Run the device's code.py, as the board would; supervisor.reload()
    (the crash screen's A) runs it again on the same nvm, with the game's
    modules imported afresh, as the board restarts its VM."""
    import _simhw

    os.chdir(ROOT)
    while True:
        try:
            runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
            return
        except _simhw.Reload:
            for kp in list(_simhw.keypads):
                kp.deinit()
            del _simhw.pixels[:]
            _simhw.watchdog.__init__()
            for name in list(sys.modules):
                if name.split(".")[0] in ("taki_ui", "taki_core", "boards", "adafruit_ticks"):
                    del sys.modules[name]


class _Done(BaseException):
    """Not an Exception: code.py's crash screen lets it by, as Ctrl-C."""


def headless(board, keys, shots, every_frame=False, max_frames=2000, save=None):
    """Feed keys to code.py one step at a time; save PNGs into `shots`."""
    hw = harness.install(board, headless=True, save=save)
    import board as board_mod

    display = board_mod.DISPLAY
    os.makedirs(shots, exist_ok=True)
    state = {"i": 0, "frames": 0, "sent": 0, "label": "start"}

    def shot(label):
        n = state["frames"]
        path = os.path.join(shots, "%03d-%s.png" % (n, label.lower()))
        display.save(path)
        state["frames"] = n + 1
        if state["frames"] >= max_frames:
            raise _Done()

    def hook():
        if every_frame and display.pixels_sent != state["sent"]:
            state["sent"] = display.pixels_sent
            shot("frame")
        if hw.pending() or hw.idle_polls < QUIET_POLLS:
            return
        if not every_frame:
            shot(state["label"])
        if state["i"] >= len(keys):
            raise _Done()
        state["label"] = keys[state["i"]]
        hw.press(keys[state["i"]])
        state["i"] += 1

    hw.poll_hook = hook
    try:
        run_code()
    except _Done:
        pass
    finally:
        hw.poll_hook = None
    print("%d steps, %d PNGs in %s" % (state["i"], state["frames"], shots))


def window_available():
    """Whether SDL can open a window here; the reason if not."""
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return "no DISPLAY or WAYLAND_DISPLAY is set"
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return "SDL_VIDEODRIVER=%s" % os.environ["SDL_VIDEODRIVER"]
    try:
        import pygame

        pygame.display.init()
        pygame.display.quit()
    except Exception as e:  # pygame.error: SDL could not start a video driver
        return str(e)
    return ""


def windowed(board, scale, save=None):
    hw = harness.install(board, headless=False, scale=scale, save=save)
    import time

    import board as board_mod
    import pygame

    display = board_mod.DISPLAY
    held = {}
    last = {"pixels": None, "t": 0.0}

    def hook():
        busy = False
        for ev in pygame.event.get():
            busy = True
            if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                raise SystemExit(0)
            if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                name = KEYMAP.get(pygame.key.name(ev.key))
                if name is None:
                    continue
                down = ev.type == pygame.KEYDOWN
                k = hw.KEY_NAMES.index(name)
                if board == "pygamer" and k >= 4:
                    # the joystick: held while the arrow key is held
                    if down:
                        held[name] = True
                        hw.press(name)
                        hw._feed[-1] = ("joy", hw._feed[-1][1], 10**9)
                    else:
                        held.pop(name, None)
                        hw._hold = 1
                else:
                    hw.key_event(k, down)
            if ev.type == pygame.WINDOWEXPOSED:
                display.draw_window()
        colours = [tuple(p.shown) for p in hw.pixels]
        now = time.monotonic()
        if colours != last["pixels"] and now - last["t"] > 0.1:
            last["pixels"] = colours
            last["t"] = now
            display.draw_window()
        if not busy:
            time.sleep(0.005)  # the app polls its keys in a tight loop

    hw.poll_hook = hook
    import audioio

    hw.speaker = audioio.open_speaker()  # the board's tones, through pygame's mixer
    display.draw_window()
    try:
        run_code()
    finally:
        if hw.speaker is not None:
            hw.speaker.stop()
            hw.speaker = None


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim", description=__doc__.split("\n")[0])
    ap.add_argument("--board", choices=("pybadge", "pybadgelc", "pygamer"), default="pybadge")
    ap.add_argument("--scale", type=int, default=4)
    ap.add_argument("--headless", action="store_true", help="no window: run a script")
    ap.add_argument("--script", help="file of key names for --headless")
    ap.add_argument("--shots", default="out/shots", help="directory for the PNGs")
    ap.add_argument("--demo", action="store_true", help="computers play a game; save every frame")
    ap.add_argument("--max-frames", type=int, default=2000)
    ap.add_argument("--save", metavar="FILE", help="keep the board's nvm (saves) in FILE")
    ap.add_argument("--no-save", action="store_true", help="window: start erased, keep nothing")
    args = ap.parse_args(argv)

    if args.demo:
        headless(args.board, DEMO_SCRIPT.split(), args.shots, every_frame=True,
                 max_frames=args.max_frames, save=args.save)
        return 0
    if args.headless:
        if not args.script:
            ap.error("--headless needs --script FILE")
        headless(args.board, read_script(args.script), args.shots, max_frames=args.max_frames,
                 save=args.save)
        return 0
    why = window_available()
    if why:
        print("The simulator cannot open a window here (%s)." % why)
        print("Use the headless mode instead, for example:")
        print("  python -m sim --headless --script FILE --shots DIR")
        print("  python -m sim --demo --shots DIR")
        return 2
    save = None if args.no_save else (args.save or default_save())
    print("Saves (settings, the game in progress): %s" % (save or "not kept"))
    windowed(args.board, args.scale, save)
    return 0


if __name__ == "__main__":
    sys.exit(main())
