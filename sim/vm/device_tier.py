"""The device tier: whole games of the real code.py under CircuitPython 10's
own VM, with the heap measured after every pass of the app's loop (desktop
only; tests/test_device.py and `python -m sim.bench device` use it).

How a game gets there: the desktop simulator plays it first (people played
by sim.testing.harness.robot_key, from power-on through the setup screen to the game
over screen) and records at which pass of the app's loop each key was
pressed. The VM then runs the bundle as the board gets it (.mpy compiled by
CircuitPython's mpy-cross, code.py as it is) on the stand-ins of
sim/vm/cpboard, which press the same keys at the same passes on a virtual clock
that moves as the simulator's does. So the VM plays the very same game, and
its end (winner, events, hands) must equal the simulator's: a game that
goes another way on the board's VM is a failure too.
"""

import os
import random
import re
import shutil
import tempfile

from sim.vm import cpvm

def setup_keys(players=2, kinds=None, tournament=False):
    """Keys from power-on (the setup screen, defaults: 2 people) to the first
    deal. kinds: {seat: presses of RIGHT on its row} (a seat's kind cycles
    human, easy, normal, hard; seat 0 starts human, the others normal, seat 1
    human). Setup rows: 0 players, 1 youngest, 2 game, 3 sound, 4.. one per
    seat, then the language, then "Start the game"."""
    keys = ["RIGHT"] * (players - 2)
    row = 0
    if tournament:
        keys += ["DOWN", "DOWN", "RIGHT"]
        row = 2
    for seat in sorted(kinds or {}):
        keys += ["DOWN"] * (4 + seat - row) + ["RIGHT"] * kinds[seat]
        row = 4 + seat
    return keys + ["DOWN"] * (5 + players - row) + ["A"]  # past the language row


GAMES = {
    "2 people": dict(keys=setup_keys(), seed=1),
    # two people, an easy and a hard computer; Player 1 first opens the pause
    # menu's card help and looks through two more cards (its screen and the
    # help texts are measured too)
    "4 mixed": dict(keys=setup_keys(4, {2: 3, 3: 1}) + [
        "A", "START", "DOWN", "DOWN", "A", "RIGHT", "RIGHT", "B", "B"], seed=2),
    # ten people, to the end of the tournament
    "10 people tournament": dict(keys=setup_keys(10, {s: 2 for s in range(2, 10)}, True),
                                 seed=3),
    # normal, hard, easy, normal: nobody presses a key after "Start the game"
    "4 computers": dict(keys=setup_keys(4, {0: 2, 1: 3, 2: 3}), seed=4),
}
# a person and a normal computer on a board that keeps 16 names' records
# (records_nvm): the Records screen from setup, then from the pause menu in
# the game (its libraries, display_text and displayio_layout, come and go
# with it)
GAMES["2 records"] = dict(
    keys=["START", "DOWN", "B"] + setup_keys(2, {1: 2}) + [
        "A", "START", "DOWN", "DOWN", "DOWN", "A", "DOWN", "DOWN", "B", "B"],
    seed=22, records=True)  # (a short game: 3,377 loop passes)
# "4 mixed" in each other language: its texts (pictures of the shaped
# scripts, read from flash) on every screen of a game, the card help too
BASE = tuple(GAMES)  # the English games (sim.bench device)
LANGUAGES = ("ml", "hi", "as", "sd", "tl")
for _code in LANGUAGES:
    GAMES["4 mixed " + _code] = dict(GAMES["4 mixed"], lang=_code)
# the Records screen in Sindhi: pictures, lines 17 px tall, the table mirrored
GAMES["2 records sd"] = dict(GAMES["2 records"], lang="sd")


class Recorded:
    def __init__(self, name, path, steps, end, nvm=None):
        self.name = name
        self.nvm = nvm  # the board's nvm at power-on (None: erased)
        self.path = path  # the schedule file: "step keynumber" lines, then "step END"
        self.steps = steps
        self.end = end  # how the game ended in the simulator (see summary)


def summary(app):
    """How the game ended, and the virtual clock and the loop's sleeps by
    then (the VM's stand-ins must move their clock as the simulator's)."""
    import _simhw

    g = app.game
    return dict(over=int(g.over()), winner=g.winner(), events=g.ev_total,
                hands=",".join(str(g.hand_size(s)) for s in range(g.players)),
                clock=_simhw._now, sleeps=_simhw.slept[0], slept=_simhw.slept[1])


def records_nvm(lang="en"):
    """An nvm as a board leaves it that has kept the records of 16 names
    (taki_ui.records) at their widest: ten-letter names, the three computer
    levels, every count at its top. Its settings are the first start's, in
    the language lang."""
    from sim.testing import harness

    sim = harness.Sim(render=False, lang=lang)
    from taki_ui import persist, records, tally  # (on the path once the simulator is)

    rec = tally.Tally(sim.app.saves.area)
    for i in range(records.ROWS):
        key = bytearray(b" " * records.NAME_LEN)
        if i < 3:
            key[0] = 1 + i  # a computer level's row
        else:
            key[:] = b"Wilhelmi%02d" % i
        r = rec.seen(key)
        at = 2 + r * records.ROW
        won = 999 - i
        rec.buf[at + records.C_PLAYED:at + records.C_PLAYED + 6] = bytes(
            (999 >> 8, 999 & 255, won >> 8, won & 255, 0, i))
        rec.buf[at + records.C_TPLAYED:at + records.C_BEST + 1] = bytes((99, 99 - i, i % 9))
    sim.app.saves.changed(settings=True)
    sim.hw_state.advance(persist.SETUP_IDLE_MS)
    sim.step()
    sim.settle()
    assert rec.used() == records.ROWS and sim.hw_state.nvm.writes == 1
    nvm = bytes(sim.hw_state.nvm)
    harness.install()  # the nvm let go
    return nvm


def start_nvm(name, out_dir, nvm=None, tag=""):
    """The nvm GAMES[name] starts on (nvm, or the records of records_nvm
    for a game that asks for them; None: erased) and the file that holds
    it for the simulator (None: none)."""
    spec = GAMES[name]
    if nvm is None and spec.get("records"):
        nvm = records_nvm(spec.get("lang", "en"))
    if nvm is None:
        return None, None
    save = os.path.join(out_dir, re.sub(r"\W+", "-", name + tag) + ".nvm")
    with open(save, "wb") as f:
        f.write(nvm)
    return nvm, save


def record(name, out_dir, files=None, nvm=None, lang=None, tag=""):
    """Play GAMES[name] in the desktop simulator; write its schedule.
    files: a folder standing in for lib/taki_ui (a damaged cards.bmp or
    lang/*.bin there is what the game reads); nvm: the board's nvm at
    power-on (bytes; default erased); lang: the language chosen at the first
    start (default the game's); tag: added to the schedule's file name."""
    from sim.testing import harness

    spec = GAMES[name]
    nvm, save = start_nvm(name, out_dir, nvm, tag)
    harness.install()
    from taki_ui import cardart, states, text

    saved = cardart.__file__, text.__file__
    try:
        if files is not None:  # the modules find their data files beside them
            text.lang.load("en")  # (English's layout, to start from)
            cardart.__file__ = os.path.join(files, "cardart.py")
            text.__file__ = os.path.join(files, "text.py")
            text.lang.use(text.Texts("en")).f.close()  # read the texts again, from there
        sim = harness.Sim(render=False, lang=None, save=save)  # the first start is recorded too
        names = sim.hw_state.KEY_NAMES
        lines = []

        def press(k):
            lines.append("%d %d" % (sim.steps, names.index(k)))
            sim.press(k)

        first = []
        if sim.app.state == states.S_LANG:  # erased (or unreadable) nvm: the question
            first = ["DOWN"] * text.LANGS.index(lang or spec.get("lang", "en")) + ["A"]
        for k in first + spec["keys"]:
            press(k)
        harness.play(sim, random.Random(spec["seed"]), limit=20000, on_key=None,
                     press=press)
        end = summary(sim.app)
    finally:
        if files is not None:
            cardart.__file__, text.__file__ = saved
            text.lang.use(text.Texts("en")).f.close()  # the shipped files again
            text.lang.forget_pictures()
        harness.install()  # the nvm file let go
    assert end["over"], "%s: the simulator's game did not end" % name
    lines.append("%d END" % sim.steps)
    path = os.path.join(out_dir, re.sub(r"\W+", "-", name + tag) + ".keys")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return Recorded(name, path, sim.steps, end, nvm)


def record_crash(out_dir, name="2 people", keys=12):
    """GAMES[name] as the simulator plays it with a turn that fails: after
    `keys` robot keys the pause menu is opened (it saves) and left, and the
    next core move raises MemoryError. On the board code.py then shows the
    crash screen, A restarts it on the same nvm, and the game is resumed
    (taken here as a power cycle: the crash screen writes nothing).

    Returns (before, after, crash_at, nvm): `before` is the schedule to the
    crash, then A at the crash screen; `after` (a Recorded) from the restart
    (A on "Resume game?") to the end; crash_at the loop pass from which the
    next Game.apply fails (drive.py --crash-at); nvm the simulator's nvm at
    the crash, which the board must still hold after it."""
    from sim.testing import harness

    spec = GAMES[name]
    sim = harness.Sim(render=False, lang=None)
    from taki_core import game as core
    from taki_ui import states

    names = sim.hw_state.KEY_NAMES
    lines = []

    def press(k):
        lines.append("%d %d" % (sim.steps, names.index(k)))
        sim.press(k)

    for k in ["A"] + spec["keys"]:  # English at the first start, then the setup
        press(k)
    rnd = random.Random(spec["seed"])
    for _ in range(keys):
        press(harness.robot_key(sim, rnd))
    press("START")  # the pause menu saves at once ...
    press("B")  # ... and B goes back to the game
    crash_at = sim.steps
    real = core.Game.apply

    def failing(self, m):
        if sim.steps >= crash_at:
            raise MemoryError("memory allocation failed")
        return real(self, m)

    core.Game.apply = failing
    try:
        harness.play(sim, rnd, press=press)
        raise AssertionError("%s: no move after the pause menu" % name)
    except MemoryError:
        pass
    finally:
        core.Game.apply = real
    nvm = bytes(sim.hw_state.nvm)
    lines.append("%d %d" % (sim.steps + 4, names.index("A")))  # A on the crash screen
    before = os.path.join(out_dir, "crash-before.keys")
    with open(before, "w") as f:
        f.write("\n".join(lines) + "\n")
    import _simhw

    # the restart, on the same nvm; the VM's run after it starts its clock at 0
    start = dict(clock=_simhw._now, sleeps=_simhw.slept[0], slept=_simhw.slept[1])
    sim.power_cycle()
    assert sim.app.state == states.S_RESUME, sim.app.state
    lines = []
    press("A")  # "Resume game?": yes
    harness.play(sim, rnd, limit=20000, press=press)
    end = summary(sim.app)
    for k, v in start.items():
        end[k] -= v
    assert end["over"]
    lines.append("%d END" % sim.steps)
    after = os.path.join(out_dir, "crash-after.keys")
    with open(after, "w") as f:
        f.write("\n".join(lines) + "\n")
    harness.install()
    return before, Recorded(name + " resumed", after, sim.steps, end), crash_at, nvm


class Device:
    """The bundle (.mpy) and the stand-ins, built once into a folder."""

    def __init__(self, root=None, mpy=True):
        self.root = root or tempfile.mkdtemp(prefix="taki-device-")
        self.bundle = os.path.join(self.root, "CIRCUITPY")
        self.standins = os.path.join(self.root, "standins")
        for d in (self.bundle, self.standins):
            if os.path.isdir(d):
                shutil.rmtree(d)
        from sim.build import bundle

        bundle.write(self.bundle, mpy=mpy)
        cpvm.standins(self.standins)
        self.driver = os.path.join(self.standins, "drive.py")

    def path(self):
        return (self.bundle, os.path.join(self.bundle, "lib"), self.standins)

    def copy(self, name):
        """A copy of the bundle (to damage a file in): its folder."""
        dst = os.path.join(self.root, name)
        if os.path.isdir(dst):
            shutil.rmtree(dst)
        shutil.copytree(self.bundle, dst)
        return dst

    def run(self, schedule, heap="128K", vm=cpvm.VM, bundle=None, nvm=None, args=()):
        """code.py of the bundle (or of the copy `bundle`) in the VM, the keys
        of the schedule file pressed, on an nvm erased or holding `nvm`:
        (exit code, output, the nvm when it ended). args: drive.py's options."""
        bundle = bundle or self.bundle
        with tempfile.TemporaryDirectory(dir=self.root) as cwd:
            # the drive, the stand-ins and the keys by short names in the run's
            # folder: the VM's paths (each module's __file__, sys.path, argv)
            # are then the same length wherever the run is, and so is its heap
            # (a longer temporary folder once moved a MemoryError into a game)
            for name, to in (("d", bundle), ("s", self.standins), ("k", schedule)):
                os.symlink(os.path.abspath(to), os.path.join(cwd, name))
            nvm_file = os.path.join(cwd, "nvm.bin")
            with open(nvm_file, "wb") as f:
                f.write(b"\xff" * 8192 if nvm is None else nvm)  # erased flash
            rc, out = cpvm.run(os.path.join("s", os.path.basename(self.driver)),
                               ("game", "d/code.py", "k") + tuple(args), heap=heap,
                               path=("d", "d/lib", "s"), cwd=cwd, vm=vm)
            with open(nvm_file, "rb") as f:
                after = f.read()
        return rc, out, after

    def play(self, rec, heap="128K", vm=cpvm.VM, bundle=None, nvm=None, args=()):
        """Replay a recorded game in the VM: (ok, figures, output). Each run
        has a folder of its own, with the board's nvm erased (or `nvm`);
        figures["nvm"] is the nvm at the end."""
        rc, out, after = self.run(rec.path, heap, vm, bundle,
                                  rec.nvm if nvm is None else nvm, args)
        m = re.search(r"^GAME (.*)$", out, re.M)
        if rc or not m:
            return False, None, out
        fig = {}
        for word in m.group(1).split():
            k, v = word.split("=")
            fig[k] = v if k == "hands" else int(v)
        same = all(fig[k] == v for k, v in rec.end.items()) and fig["steps"] == rec.steps
        fig["nvm"] = after
        return same, fig, out

    def imports(self, modules, heap="1M"):
        """{module: live heap it adds}, and the total, importing in order."""
        rc, out = cpvm.run(self.driver, ["imports"] + list(modules), heap=heap,
                           path=self.path(), cwd=self.bundle)
        if rc:
            raise RuntimeError(out)
        per = {m: int(n) for m, n in re.findall(r"^IMPORT (\S+) (\d+)$", out, re.M)}
        total = int(re.search(r"^IMPORTS (\d+)$", out, re.M).group(1))
        return per, total


def record_all(out_dir, names=None):
    """Record every game of GAMES (or those named), in order."""
    return [record(n, out_dir) for n in (names or GAMES)]


def play_all(dev, recs, heap="128K", vm=cpvm.VM, jobs=2):
    """Replay the recorded games in the VM, jobs at a time:
    [(recording, ok, figures, output)] in the order given."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(jobs) as pool:
        runs = list(pool.map(lambda r: dev.play(r, heap=heap, vm=vm), recs))
    return [(r,) + tuple(run) for r, run in zip(recs, runs)]


def live_peak(fig):
    """The game's own live heap at its peak: the VM's peak less what the
    stand-ins and the driver held before code.py started (on a board those
    are firmware, not heap)."""
    return fig["peak"] - fig["base"]


def device_modules():
    """Every module the bundle holds, as import names (the modules that only
    name constants, which the .mpy bundle puts into the code that uses them,
    are in it but never imported there)."""
    from sim.build import bundle

    names = []
    for dst in sorted(bundle.contents()):
        if not dst.endswith(".py") or dst == "code.py":
            continue
        mod = dst[:-3].replace(os.sep, ".")
        if mod.startswith("lib."):
            mod = mod[4:]
        if mod.endswith(".__init__"):
            mod = mod[:-9]
        names.append(mod)
    return names
