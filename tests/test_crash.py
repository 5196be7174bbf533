"""When the game cannot go on (issue 23, items 5 and 7), under CircuitPython
10.2.1's VM: code.py as the board runs it.

- A turn that runs out of memory: the crash screen (the exception's name,
  "press A to restart"), the traceback on the serial console, the save in
  nvm exactly as it was, and A restarts (supervisor.reload()); the restart
  offers "Resume game?" and the game plays on to the end the simulator
  reached. The watchdog is on and fed on every pass, the crash screen's too.
- Firmware without terminalio (CircuitPython's ja, ko and ru builds): one
  console line saying which builds work, and the NeoPixels' pattern.
"""

import os
import re
import sys

import pytest

from sim.testing import harness
from sim.vm import cpvm, device_tier

needs_cp = pytest.mark.skipif(cpvm.tools() is None, reason=cpvm.missing())


@pytest.fixture(scope="module")
def dev(tmp_path_factory):
    if cpvm.tools() is None:
        pytest.skip(cpvm.missing())
    return device_tier.Device(str(tmp_path_factory.mktemp("crash")))


@pytest.fixture(scope="module")
def crash(dev):
    """The crash game: recorded in the simulator, then its two VM runs (to
    the crash and A; after the restart, to the end)."""
    before, after, crash_at, nvm = device_tier.record_crash(dev.root)
    rc, out, nvm_after = dev.run(before, args=("--crash-at", str(crash_at)))
    ok, fig, out2 = dev.play(after, nvm=nvm_after, args=("--watch", "Resume game?"))
    return dict(crash_at=crash_at, nvm=nvm, rc=rc, out=out, nvm_after=nvm_after,
                ok=ok, fig=fig, out2=out2, after=after)


def _screen(out):
    return [line[7:] for line in out.split("\n") if line.startswith("SCREEN ")]


def _dog(out):
    m = re.search(r"^DOG mode=(\S+) timeout=(\d+) feeds=(\d+) gap=(\d+)$", out, re.M)
    return m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))


@needs_cp
def test_a_turn_out_of_memory_shows_the_crash_screen_and_a_restarts(crash):
    out = crash["out"]
    assert crash["rc"] == 0, out[-3000:]
    # the traceback on the serial console, from inside the turn
    assert "Traceback (most recent call last):" in out
    assert re.search(r'File "lib/taki_ui/turn.py".*\n(.*\n)*MemoryError', out)
    # the screen, built after the game let its heap go
    shown = _screen(out)
    assert shown[:4] == ["/!\\ Something went wrong:", "press A to restart", "", "MemoryError"]
    # A on that screen: supervisor.reload(), a few passes after the crash
    m = re.search(r"^END RELOAD step=(\d+)$", out, re.M)
    assert m and int(m.group(1)) > crash["crash_at"]
    assert "GAME " not in out  # the app was let go
    # all five pixels red
    assert re.search(r"^PIXELS (00 19 00 ?){5}$", out, re.M)


@needs_cp
def test_the_crash_keeps_the_last_good_save(crash):
    # the nvm after the crash run is byte for byte what the simulator had
    # saved before the failing turn: nothing was written from a half-done state
    assert crash["nvm_after"] == crash["nvm"]
    assert crash["nvm"][:2] == b"TS"  # and it holds a save (the pause menu's)


@needs_cp
def test_after_the_restart_the_game_is_resumed_and_ends_as_in_the_simulator(crash):
    out2 = crash["out2"]
    assert crash["fig"] is not None, out2[-3000:]
    assert crash["ok"], (crash["fig"], crash["after"].end)
    m = re.search(r"^WATCH (-?\d+) Resume game\?$", out2, re.M)
    assert m and int(m.group(1)) > 0
    assert "Traceback" not in out2


@needs_cp
def test_the_watchdog_is_on_and_fed_every_pass(crash):
    # mode RESET, the SAMD51's longest timeout, no pass without a feed (the
    # game's, then the crash screen's)
    for out, fig in ((crash["out"], None), (crash["out2"], crash["fig"])):
        mode, timeout, feeds, gap = _dog(out)
        assert (mode, timeout, gap) == ("RESET", 16, 1)
        if fig is not None:
            assert feeds == fig["steps"]


NO_FONT_LINE = ("TAKI needs terminalio, which CircuitPython's ja, ko and ru builds leave out: "
                "install CircuitPython 10 for this board in any other language (en_US, de_DE, "
                "es, fr, ...) from circuitpython.org, then copy the game again")


@needs_cp
def test_firmware_without_terminalio_says_which_to_install_and_lights_the_pixels(dev):
    keys = os.path.join(dev.root, "nofont.keys")
    with open(keys, "w") as f:
        f.write("5 END\n")
    rc, out, nvm = dev.run(keys, args=("--no-terminalio",))
    assert rc == 0, out
    lines = out.split("\n")
    assert lines[0] == NO_FONT_LINE  # the first and only line before the run's own
    assert lines[1].startswith("END DONE")  # it waits (its sleep ends the run here)
    assert "Traceback" not in out and "GAME " not in out
    # magenta on pixels 0, 2 and 4 (GRB, at the game's 0.1 brightness), 1 and 3 dark
    m = re.search(r"^PIXELS (.*)$", out, re.M)
    px = bytes.fromhex(m.group(1).replace(" ", ""))
    assert [px[i:i + 3] for i in range(0, 15, 3)] == [b"\x00\x13\x19", b"\x00" * 3,
                                                       b"\x00\x13\x19", b"\x00" * 3,
                                                       b"\x00\x13\x19"]
    assert nvm == b"\xff" * 8192  # nothing written


def test_the_line_is_the_module_s_and_names_the_builds():
    harness.install()
    from taki_ui import crash

    assert crash.NO_FONT_LINE == NO_FONT_LINE
    assert crash.NO_FONT not in [c for c in __import__("taki_ui.cardart").cardart.COLOURS]


def test_the_crash_screen_fits_and_says_what_to_do(capsys):
    harness.install()
    from taki_ui import crash

    e = OSError("lib/taki_ui/lang/en.bin is missing or damaged: copy the game onto the "
                "board again (python -m sim.build.bundle)")
    rows = crash.rows(e)
    assert len(rows) <= crash.ROWS and all(len(r) <= crash.COLS for r in rows)
    assert rows[3] == "OSError" and " ".join(rows[4:]).startswith("lib/taki_ui/lang/en.bin is")
    rows = crash.rows(ImportError("no module named 'taki_ui.pause_screen'"))
    assert rows[-1] == "Copy the game again." and len(rows) <= crash.ROWS
    assert "taki_ui.pause_screen'" in " ".join(rows)
    assert crash.rows(MemoryError(), can_restart=False)[1] == "press reset to restart"
    assert crash.wrap("x" * 30 + " yy", 9) == ["x" * 26, "xxxx yy"]
    assert crash.wrap("lib/taki_ui/pause_screen.mpy is gone", 9) == [
        "lib/taki_ui/", "pause_screen.mpy is gone"]


# --- the simulator runs the same code.py: the crash screen, A, the restart ----
class _Stop(BaseException):  # not an Exception: code.py lets it by
    pass


def _font_rows(display):
    """The rows of the crash screen's TileGrid (the firmware font's bitmap)."""
    import terminalio

    for item in display.root_group or ():
        if getattr(item, "bitmap", None) is terminalio.FONT.bitmap:
            return ["".join(chr(32 + item[x, y]) for x in range(26)).rstrip()
                    for y in range(10)]
    return None


def test_the_simulator_shows_the_crash_screen_and_a_restarts_into_the_resume(capsys):
    """python -m sim runs code.py: a turn that fails there shows the same
    screen, and A (supervisor.reload()) runs code.py again on the same nvm."""
    import sim.__main__ as simmain

    hw = harness.install()
    import board as pins
    from taki_core import game as core

    display = pins.DISPLAY
    real = core.Game.apply
    calls = []

    def failing(self, m):
        calls.append(m)
        if len(calls) == 1:  # B draws a card: the turn fails, once
            raise MemoryError("memory allocation failed")
        return real(self, m)

    core.Game.apply = failing
    # English; 2 people, start; A on the pass screen; the pause menu saves
    # and B goes back; B draws (fails); A on the crash screen; A resumes
    keys = (["A"] + device_tier.setup_keys() + ["A", "START", "B", "B", "A", "A"])
    seen = {}

    def hook():
        if hw.pending() or hw.idle_polls < simmain.QUIET_POLLS:
            return
        rows = _font_rows(display)
        if rows is not None:
            seen.setdefault("crash", rows)
        if not keys:
            import gc

            cls = sys.modules["taki_ui.app"].App  # the one imported after the restart
            seen["app"] = [o for o in gc.get_objects() if type(o) is cls]
            raise _Stop()
        if keys[0] == "B" and len(keys) == 3:
            seen["before"] = bytes(hw.nvm)  # the save, just before the failing turn
        hw.press(keys.pop(0))

    hw.poll_hook = hook
    modules = dict(sys.modules)
    try:
        simmain.run_code()
    except _Stop:
        pass
    finally:
        hw.poll_hook = None
        core.Game.apply = real
        # the restart imported the game's modules afresh: the tests that run
        # after this one in the same process hold the first ones
        for name in [n for n in sys.modules if n not in modules or sys.modules[n] is not modules[n]]:
            if name.split(".")[0] in ("taki_ui", "taki_core", "boards", "adafruit_ticks"):
                del sys.modules[name]
        sys.modules.update({n: m for n, m in modules.items()
                            if n.split(".")[0] in ("taki_ui", "taki_core", "boards", "adafruit_ticks")})
    cap = capsys.readouterr()
    out = cap.out + cap.err  # CPython's traceback module writes to stderr
    assert seen["crash"][:4] == ["/!\\ Something went wrong:", "press A to restart", "",
                                 "MemoryError"]
    assert "Traceback" in out and "MemoryError: memory allocation failed" in out
    # the restart imported the game afresh (the failing apply went with the
    # old module), offered the saved game, and A went on with it
    assert len(seen["app"]) == 1
    app = seen["app"][0]
    from taki_ui import states

    assert app.saves.in_game and app.state in (states.S_PASS, states.S_WATCH, states.S_TURN)
    assert bytes(hw.nvm) == seen["before"]  # nothing written since the last good save
    assert _font_rows(display) is None  # the crash screen is gone
    assert hw.watchdog.mode == "RESET" and hw.watchdog.feeds > 0
    assert len(calls) == 1  # the new module's apply is the real one
