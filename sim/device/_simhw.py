"""Shared state of the simulated board (desktop only).

The stand-in modules next to this file (board, keypad, neopixel, ...) are
thin fronts over this one: the clock, the key feed, the display, the
NeoPixel colours and the sound log live here so that the simulator and the
tests can drive and inspect them.

Time: in headless mode the clock is virtual and moves only when the app
sleeps (its board's time.sleep, `sleep` below: the app rests when nothing is
due), so a scripted game runs as fast as the CPU allows and is
deterministic. In window mode it is the real clock, and sleeps are real.
"""

import gc
import os
import time

import boards  # sim.testing.harness puts the project root on the path first

if not hasattr(gc, "mem_free"):
    # CircuitPython's count of the free heap (taki_ui.rest collects while
    # the loop waits once it runs low): the desktop's heap is not the
    # board's, so here it never runs low and the desktop collects as it does
    gc.mem_free = lambda: 1 << 30

# Configuration, set by sim.testing.harness before `board` is imported.
BOARD = "pybadge"  # "pybadge" | "pybadgelc" | "pygamer"
HEADLESS = True
SCALE = 4
REST_MS = 20  # the app's longest sleep (taki_ui.app.POLL_MS): a sleep of nothing due
POLL_MS = 20  # virtual time such a sleep stands for (tests raise it to hurry, lower it to time finely)

# the keys by number, named as boards/__init__.py numbers them (K_A = 1: "A")
KEY_NAMES = tuple(n[2:] for n in sorted((n for n in dir(boards) if n.startswith("K_")),
                                        key=lambda n: getattr(boards, n)))
JOY_CENTRE = 32768

_now = 0
_t0 = time.monotonic()
display = None
keypads = []  # live ShiftRegisterKeys stand-ins
joystick = [JOY_CENTRE, JOY_CENTRE]  # x, y values the AnalogIn stand-ins read
pixels = []  # live NeoPixel stand-ins
battery_mv = [4000]  # the LiPo's voltage (A6 reads half of it); tests lower it
sounds = []  # the frequency (Hz) of each AudioOut.play, for the tests
tones = []  # (frequency Hz, duration ms, start ms) of each note; duration None while it sounds
speaker = None  # window mode: plays the notes through pygame's mixer (audioio.Mixer)
NVM_SIZE = 8192  # CIRCUITPY_INTERNAL_NVM_SIZE on SAMD51 (PyBadge, PyGamer)


class Reload(BaseException):
    """supervisor.reload(): sim.__main__ runs code.py again (as the board
    restarts its VM); not an Exception, so code.py's handler lets it by."""


class WatchDog:
    """microcontroller.watchdog: its settings and how often it was fed (no
    timer runs: the simulated clock does not measure the CPU's time)."""

    def __init__(self):
        self.timeout = 0.0
        self.mode = None
        self.feeds = 0

    def feed(self):
        if self.mode is not None:
            self.feeds += 1


watchdog = WatchDog()


class PowerCut(Exception):
    """Raised by a write that `Nvm.cut_after` cut short (tests)."""


PAGE = 512  # SAMD51 NVM page
UNIT = 16  # a quad-word: the smallest unit the SAMD51 programs
STEPS = 1 + NVM_SIZE // UNIT  # of one write: the erase, then every unit of every page


class Nvm(bytearray):
    """microcontroller.nvm on a SAMD51, as CircuitPython 10 writes it: any
    write, however small, reads the whole 8 KB block, changes the bytes in
    RAM, erases the block (every byte 0xFF) and programs it back page by page
    from the first, 16 bytes at a time (ASF4's flash_write). A power cut can
    land after any of those STEPS: `cut_after = k` lets the next write do its
    first k steps (k = 0: none; k = 1: the erase only; k = 1 + n: the erase and
    the first n units), then raises PowerCut. It can live in a file too."""

    path = None  # when set, every write is written through to this file
    cut_after = -1  # >= 0: the next write stops after this many steps (PowerCut)
    writes = 0  # writes that started (each an erase of the whole block)
    log = None  # a list: each write's virtual time (ms) is appended (benchmarks)
    record = None  # a list: (time, block before, block after) of each write

    def __setitem__(self, i, v):
        if not isinstance(i, slice):
            i = slice(i, i + 1)
            v = bytes((v,))
        start, stop, step = i.indices(len(self))
        if step != 1 or stop - start != len(v):
            raise ValueError("nvm slices keep their length")  # as CircuitPython
        self.writes += 1
        if self.log is not None:
            self.log.append(_now)
        block = bytearray(self)  # read the block, change it in RAM
        block[start:stop] = v
        if self.record is not None:
            self.record.append((_now, bytes(self), bytes(block)))
        cut = self.cut_after
        self.cut_after = -1
        steps = STEPS if cut < 0 else min(cut, STEPS)
        if steps >= 1:
            bytearray.__setitem__(self, slice(0, NVM_SIZE), b"\xff" * NVM_SIZE)  # the erase
            n = (steps - 1) * UNIT  # units programmed, in order from the start
            bytearray.__setitem__(self, slice(0, n), block[:n])
        self._flush()
        if cut >= 0:
            raise PowerCut("power cut after %d of %d steps of a write" % (steps, STEPS))

    def _flush(self):
        if self.path is not None:
            tmp = self.path + ".tmp"
            with open(tmp, "wb") as f:
                f.write(self)
            os.replace(tmp, self.path)  # the file itself is never half-written


nvm = Nvm(NVM_SIZE)


def use_file(path):
    """Keep nvm in `path` (read it now if it exists; None: memory only)."""
    nvm.path = None
    if path is None:
        return
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    if os.path.exists(path):
        with open(path, "rb") as f:
            data = f.read(NVM_SIZE)
        bytearray.__setitem__(nvm, slice(0, len(data)), data)
    nvm.path = path
_feed = []  # pending actions: (kind, value, polls)
_hold = 0  # polls left before the joystick returns to centre
idle_polls = 0  # polls in a row that found nothing to do
poll_hook = None  # window mode: pumps pygame events


def ticks_ms():
    if HEADLESS:
        return _now & 0x1FFFFFFF
    return int((time.monotonic() - _t0) * 1000) & 0x1FFFFFFF


def advance(ms):
    global _now
    _now += ms


slept = [0, 0]  # sleeps the app asked for: how many, and their ms in all


def sleep(seconds):
    """time.sleep as the board code sees it (sim.testing.harness binds it there). A
    sleep to the next thing due lasts as asked; one of the whole REST_MS
    (nothing due) stands for POLL_MS."""
    ms = int(seconds * 1000 + 0.5)  # CircuitPython's time.sleep rounds so
    slept[0] += 1
    slept[1] += ms
    if not HEADLESS:
        time.sleep(seconds)
    elif ms >= REST_MS:
        advance(POLL_MS)
    else:
        advance(ms)


def press(name):
    """Queue one press-and-release of a logical key by name (A, B, LEFT...)."""
    k = KEY_NAMES.index(name)
    if BOARD == "pygamer" and k >= 4:
        # PyGamer: the directions come from the analog joystick.
        x, y = JOY_CENTRE, JOY_CENTRE
        if name == "LEFT":
            x = 0
        elif name == "RIGHT":
            x = 65535
        elif name == "UP":
            y = 0
        else:
            y = 65535
        _feed.append(("joy", (x, y), 2))
    else:
        _feed.append(("key", k, 0))


def pending():
    return len(_feed) > 0 or _hold > 0


def poll():
    """Called by the keypad stand-in each time the app reads its keys."""
    global _hold, idle_polls
    if poll_hook is not None:
        poll_hook()
    if _hold > 0:
        _hold -= 1
        if _hold == 0:
            joystick[0] = joystick[1] = JOY_CENTRE
        return
    if _feed:
        kind, value, polls = _feed.pop(0)
        if kind == "key":
            for kp in keypads:
                if value < kp.key_count:
                    kp._push(value, True)
                    kp._push(value, False)
        else:
            joystick[0], joystick[1] = value
            _hold = polls
        idle_polls = 0
        return


def key_event(k, pressed):
    """Window mode: a real key went down or up."""
    for kp in keypads:
        if k < kp.key_count:
            kp._push(k, pressed)


def reset():
    """Forget keys, pixels, sounds and pending input (between tests)."""
    global _now, _hold, idle_polls
    del keypads[:]
    del pixels[:]
    del sounds[:]
    del tones[:]
    del _feed[:]
    joystick[0] = joystick[1] = JOY_CENTRE
    _hold = 0
    idle_polls = 0
    _now = 0
    slept[0] = slept[1] = 0
    nvm.path = None
    nvm.cut_after = -1
    nvm.writes = 0
    nvm.log = None
    nvm.record = None
    battery_mv[0] = 4000
    watchdog.__init__()
    bytearray.__setitem__(nvm, slice(0, NVM_SIZE), b"\xff" * NVM_SIZE)  # erased flash


reset()
