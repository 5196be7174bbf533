"""The device tier: whole games of the real code.py under CircuitPython 10's
own VM, with the heap measured after every pass of the app's loop (desktop
only; tests/test_device.py and `python -m sim.bench device` use it).

How a game gets there: the desktop simulator plays it first (people played
by sim.harness.robot_key, from power-on through the setup screen to the game
over screen) and records at which pass of the app's loop each key was
pressed. The VM then runs the bundle as the board gets it (.mpy compiled by
CircuitPython's mpy-cross, code.py as it is) on the stand-ins of
sim/cpboard, which press the same keys at the same passes on a virtual clock
that moves as the simulator's does. So the VM plays the very same game, and
its end (winner, events, hands) must equal the simulator's: a game that
goes another way on the board's VM is a failure too.
"""

import os
import random
import re
import shutil
import tempfile

from sim import cpvm

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
# "4 mixed" in each other language: its texts (pictures of the shaped
# scripts, read from flash) on every screen of a game, the card help too
BASE = tuple(GAMES)  # the English games (sim.bench device)
LANGUAGES = ("ml", "hi", "as", "sd", "tl")
for _code in LANGUAGES:
    GAMES["4 mixed " + _code] = dict(GAMES["4 mixed"], lang=_code)


class Recorded:
    def __init__(self, name, path, steps, end):
        self.name = name
        self.path = path  # the schedule file: "step keynumber" lines, then "step END"
        self.steps = steps
        self.end = end  # how the game ended in the simulator (see _summary)


def _summary(app):
    """How the game ended, and the virtual clock and the loop's sleeps by
    then (the VM's stand-ins must move their clock as the simulator's)."""
    import _simhw

    g = app.game
    return dict(over=int(g.over()), winner=g.winner(), events=g.ev_total,
                hands=",".join(str(g.hand_size(s)) for s in range(g.players)),
                clock=_simhw._now, sleeps=_simhw.slept[0], slept=_simhw.slept[1])


def record(name, out_dir):
    """Play GAMES[name] in the desktop simulator; write its schedule."""
    from sim import harness

    spec = GAMES[name]
    sim = harness.Sim(render=False, lang=None)  # the first start's question is recorded too
    from taki_ui import text

    names = sim.hw_state.KEY_NAMES
    lines = []

    def press(k):
        lines.append("%d %d" % (sim.steps, names.index(k)))
        sim.press(k)

    for k in ["DOWN"] * text.LANGS.index(spec.get("lang", "en")) + ["A"] + spec["keys"]:
        press(k)
    harness.play(sim, random.Random(spec["seed"]), limit=20000, on_key=None,
                 press=press)
    end = _summary(sim.app)
    assert end["over"], "%s: the simulator's game did not end" % name
    lines.append("%d END" % sim.steps)
    path = os.path.join(out_dir, re.sub(r"\W+", "-", name) + ".keys")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return Recorded(name, path, sim.steps, end)


class Device:
    """The bundle (.mpy) and the stand-ins, built once into a folder."""

    def __init__(self, root=None, mpy=True):
        self.root = root or tempfile.mkdtemp(prefix="taki-device-")
        self.bundle = os.path.join(self.root, "CIRCUITPY")
        self.standins = os.path.join(self.root, "standins")
        for d in (self.bundle, self.standins):
            if os.path.isdir(d):
                shutil.rmtree(d)
        cpvm.bundle_tree(self.bundle, mpy=mpy)
        cpvm.standins(self.standins)
        self.driver = os.path.join(self.standins, "drive.py")

    def path(self):
        return (self.bundle, os.path.join(self.bundle, "lib"), self.standins)

    def play(self, rec, heap="128K", vm=cpvm.VM):
        """Replay a recorded game in the VM: (ok, figures, output). Each run
        has a folder of its own, with the board's nvm erased."""
        with tempfile.TemporaryDirectory(dir=self.root) as cwd:
            with open(os.path.join(cwd, "nvm.bin"), "wb") as f:
                f.write(b"\xff" * 8192)  # erased flash
            rc, out = cpvm.run(self.driver, ("game", os.path.join(self.bundle, "code.py"),
                                             rec.path), heap=heap, path=self.path(), cwd=cwd,
                               vm=vm)
        m = re.search(r"^GAME (.*)$", out, re.M)
        if rc or not m:
            return False, None, out
        fig = {}
        for word in m.group(1).split():
            k, v = word.split("=")
            fig[k] = v if k == "hands" else int(v)
        same = all(fig[k] == v for k, v in rec.end.items()) and fig["steps"] == rec.steps
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
    from sim import bundle

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
