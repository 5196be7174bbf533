"""python -m sim.bench speed: how fast the game answers on a PyBadge, as
Cortex-M4 code (desktop only).

The bundle as the board gets it (.mpy) plays scripted games under
../shared/circuitpython/arm (sim.vm.armvm: CircuitPython 10.2.1 compiled for a
Cortex-M4, run by qemu-arm with an instruction-counting plugin and the
SAMD51 cycle model of its bin/marks.py). The desktop simulator plays each
game first and records its keys (sim.vm.device_tier.record); the ARM VM replays
them on the stand-ins of sim/vm/cpboard, with the `board` of sim/vm/cpboard/arm,
whose DISPLAY refreshes through the VM's `takirender` (displayio's own
BusDisplay refresh as a PyBadge's ST7735R is set up; it counts the pixels a
refresh sends). The replay must end as the simulator's did.

Each loop pass of the app is one span (sim/vm/cpboard/arm/board.py: from the
end of the last pass's refresh to the end of its own), in ms on a 120 MHz
SAMD51 (mid model), plus the SPI time of the pixels it sent (16 bit at 24
MHz). What a pass was is told from the key it read and the app's state
before and after (taki_ui.states), which the driver notes outside the spans
(sim/vm/cpboard/arm/speed.py):

    cursor_ms       LEFT/RIGHT in a person's turn (S_TURN -> S_TURN)
    play_ms         A that played a card (S_TURN or S_COLOUR, the hand one card less),
                    or on a COLOR card, that opened its colour choice (S_COLOUR)
    pass_ms         a turn's end -> the pass screen shown (the pass that enters S_PASS
                    from the table)
    pass_to_hand_ms A on the pass screen -> the hand shown
    cpu_move_ms     a computer's move shown (S_WATCH, no key, the game's events moved on)
    (draw           B that drew a card, its hand shown to its owner (S_TURN -> S_DREW):
                    not in the figure line, in each game's line above it)
    px_play         pixels a card play sends
    reads_pass_sd   file reads (read calls) of the pass that shows the pass screen
    boot_ms         code.py's first line -> the first screen (the first start's
                    language question) shown

Each figure is the worst case over the scripted games: play, pass,
pass_to_hand, px_play and reads_pass in English, or with _ml / _sd in
Malayalam / Sindhi; cursor_ms, cpu_move_ms and boot_ms over every game in
every language. File system time is not modelled (the reads are counted); the model
is about +-20 % (see ../shared/circuitpython/arm/README.md).

Games: "4 mixed" (2 people, an easy and a hard computer) in English,
Malayalam and Sindhi; "4 computers"; "10 people tournament" cut short CUT
presses after its first tournament stage change (the whole game is 346,880
loop passes, many minutes under qemu).
"""

import array
import os
import random
import re
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from sim.vm import armvm, cpvm
from sim.vm import device_tier as dt

ARM_STANDINS = os.path.join(dt.cpvm.STANDINS, "arm")
COLS = 9  # ints per pass in passes.bin (speed.py)
CUT = 40  # presses after the tournament's first stage change
GAMES = (("4 mixed", None), ("4 mixed ml", None), ("4 mixed sd", None),
         ("4 computers", None), ("10 people tournament", ("stage", CUT)))
FIELDS = ("cursor_ms", "play_ms", "play_ms_ml", "play_ms_sd", "pass_ms", "pass_ms_sd",
          "pass_to_hand_ms", "pass_to_hand_ms_ml", "pass_to_hand_ms_sd", "cpu_move_ms",
          "px_play", "px_play_sd", "reads_pass_sd", "boot_ms")

def states():
    from sim.testing import harness

    harness.install()
    from taki_ui import states

    return states


class _Cut(Exception):
    pass


def record(name, out_dir, cut=None):
    """Play dt.GAMES[name] in the desktop simulator and write its schedule,
    as sim.vm.device_tier.record does; cut: None (the whole game), ("keys", n)
    (stop before the n+1-th key) or ("stage", n) (n keys after the first
    tournament stage change)."""
    from sim.testing import harness

    spec = dt.GAMES[name]
    nvm, save = dt.start_nvm(name, out_dir)  # (records kept: no first start)
    sim = harness.Sim(render=False, lang=None, save=save)  # the first start's question too
    from taki_core.table import HAND_START
    from taki_ui import text

    names = sim.hw_state.KEY_NAMES
    lines = []
    left = [cut[1] if cut and cut[0] == "keys" else -1]

    def press(k):
        g = sim.app.game
        if cut and cut[0] == "stage" and left[0] < 0 and g.tournament() and any(
                g.stage(s) != HAND_START for s in range(g.players)):
            left[0] = cut[1]
        if left[0] == 0:
            raise _Cut()
        if left[0] > 0:
            left[0] -= 1
        lines.append("%d %d" % (sim.steps, names.index(k)))
        sim.press(k)

    try:
        first = [] if nvm else ["DOWN"] * text.LANGS.index(spec.get("lang", "en")) + ["A"]
        for k in first + spec["keys"]:
            press(k)
        harness.play(sim, random.Random(spec["seed"]), limit=20000, on_key=None, press=press)
    except _Cut:
        pass
    end = dt.summary(sim.app)
    if cut is None:
        assert end["over"], "%s: the simulator's game did not end" % name
    lines.append("%d END" % sim.steps)
    path = os.path.join(out_dir, re.sub(r"\W+", "-", name) + ".keys")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    harness.install()  # the nvm file let go
    return dt.Recorded(name, path, sim.steps, end, nvm)


def build(root=None):
    """The bundle and the stand-ins (sim.vm.device_tier.Device), and the ARM
    run's own stand-ins in root/arm."""
    dev = dt.Device(root)
    arm = os.path.join(dev.root, "arm")
    if os.path.isdir(arm):
        shutil.rmtree(arm)
    os.makedirs(arm)
    for n in sorted(os.listdir(ARM_STANDINS)):
        if n.endswith(".py"):
            shutil.copyfile(os.path.join(ARM_STANDINS, n), os.path.join(arm, n))
    dev.arm = arm
    return dev


class Pass:
    """One loop pass of the replay: what it did and what it cost."""

    def __init__(self, n, row, before, counts):
        (_, self.px, self.key, self.state, self.cur, self.hand_last, self.events,
         self.human, self.hand_cur) = row
        self.n = n
        self.before = before  # the previous pass (None for the first)
        self.counts = counts
        self.ms = armvm.ms(counts, self.px)
        self.reads = counts["sys_read"]


class Replay:
    def __init__(self, rec, ok, passes, out):
        self.rec = rec
        self.ok = ok  # the game ended as the simulator's did
        self.passes = passes
        self.out = out


HEAP = "160K"  # a PyBadge's ~146.5 KB free at code.py, plus the ~14 KB the stand-ins hold


def run_driver(dev, rec, driver="speed.py", args=(), heap=HEAP, timeout=900):
    """A recording replayed under the ARM VM by a driver of sim/vm/cpboard/arm
    that writes passes.bin: (the armvm.Run, {pass: its row of COLS ints})."""
    with tempfile.TemporaryDirectory(dir=dev.root) as cwd:
        with open(os.path.join(cwd, "nvm.bin"), "wb") as f:
            f.write(b"\xff" * 8192 if rec.nvm is None else rec.nvm)  # erased: the first start
        run = armvm.run(os.path.join(dev.arm, driver),
                        (os.path.join(dev.bundle, "code.py"), rec.path) + tuple(args),
                        heap=heap, path=(dev.arm,) + dev.path(), cwd=cwd, timeout=timeout)
        raw = array.array("i")
        p = os.path.join(cwd, "passes.bin")
        if os.path.exists(p):
            with open(p, "rb") as f:
                raw.frombytes(f.read())
    rows = {}
    for i in range(0, len(raw) - COLS + 1, COLS):
        if raw[i]:
            rows[raw[i]] = tuple(raw[i:i + COLS])
    return run, rows


def replay(dev, rec, heap=HEAP):
    """Replay a recording under the ARM VM: a Replay."""
    run, rows = run_driver(dev, rec, heap=heap)
    m = re.search(r"^GAME (.*)$", run.out, re.M)
    ok = run.rc == 0 and m is not None
    if ok:
        fig = {}
        for word in m.group(1).split():
            k, v = word.split("=")
            fig[k] = v if k == "hands" else int(v)
        ok = all(fig[k] == v for k, v in rec.end.items()) and fig["steps"] == rec.steps
    passes = []
    # markers: "S", then per pass "R", "A", "B" (the replay stops when the
    # pass after the last reads its keys: the last pass has its "B" too)
    if ok and run.names[:1] == ["S"] and len(run.names) == 3 * rec.steps + 1:
        prev = None
        for n in range(1, rec.steps + 1):
            start = 0 if n == 1 else 3 * (n - 1)
            p = Pass(n, rows[n], prev, run.span(start, 3 * (n - 1) + 2))
            passes.append(p)
            prev = p
    else:
        ok = False
    return Replay(rec, ok, passes, run.out)


def kinds(passes, S):
    """{kind: [Pass]} for the kinds of the figures (S: taki_ui.states)."""
    from boards import K_A, K_B, K_LEFT, K_RIGHT  # on the path once S is imported
    out = {"boot": passes[:1], "cursor": [], "play": [], "pass": [], "pass_to_hand": [],
           "cpu_move": [], "draw": []}
    table = (S.S_WATCH, S.S_TURN, S.S_DREW, S.S_COLOUR, S.S_PLUS3, S.S_BREAK)
    for p in passes[1:]:
        b = p.before
        if p.key in (K_LEFT, K_RIGHT) and b.state == S.S_TURN and p.state == S.S_TURN:
            out["cursor"].append(p)
        elif (p.key == K_A and b.state in (S.S_TURN, S.S_COLOUR)
              and p.hand_last == b.hand_cur - 1):
            out["play"].append(p)
        elif p.key == K_A and b.state == S.S_TURN and p.state == S.S_COLOUR:
            out["play"].append(p)  # a COLOR card: what answers A is its colour choice
        elif p.key == K_B and b.state == S.S_TURN and p.state == S.S_DREW:
            out["draw"].append(p)
        elif p.state == S.S_PASS and b.state in table:
            out["pass"].append(p)
        elif p.key == K_A and b.state == S.S_PASS and p.state in (S.S_TURN, S.S_BREAK):
            out["pass_to_hand"].append(p)
        elif (p.key < 0 and b.state == S.S_WATCH and p.events != b.events and not b.human
              and p.state != S.S_OVER):
            out["cpu_move"].append(p)
    return out


PER_LANGUAGE = ("play_ms", "pass_ms", "pass_to_hand_ms", "px_play", "reads_pass")


def figures(replays, S):
    """The figures of FIELDS from the replays, each the worst case: a field
    of PER_LANGUAGE is English without a suffix and that language with one
    (_ml, _sd); cursor_ms, cpu_move_ms and boot_ms are over every game in
    every language. A figure no game showed is None."""
    worst = {}

    def put(key, v):
        if key in FIELDS and (worst.get(key) is None or v > worst[key]):
            worst[key] = v

    for r in replays:
        lang = dt.GAMES[r.rec.name].get("lang", "en")
        sfx = "" if lang == "en" else "_" + lang
        for kind, ps in kinds(r.passes, S).items():
            for p in ps:
                vals = [(kind + "_ms", p.ms)]
                if kind == "play":
                    vals.append(("px_play", p.px))
                if kind == "pass":
                    vals.append(("reads_pass", p.reads))
                for key, v in vals:
                    put(key + sfx if key in PER_LANGUAGE else key, v)
    return {f: worst.get(f) for f in FIELDS}


def line(fig):
    def fmt(f, v):
        if v is None:
            return "%s=-" % f
        return "%s=%d" % (f, v) if f.startswith(("px_", "reads_")) else "%s=%.1f" % (f, v)

    return "speed: " + " ".join(fmt(f, fig[f]) for f in FIELDS)


def run_games(games, jobs=2, out=print):
    """Record and replay games [(name, cut)]: the replays, in order."""
    S = states()
    tmp = tempfile.mkdtemp(prefix="taki-speed-")
    try:
        dev = build(os.path.join(tmp, "dev"))
        recs = [record(n, tmp, cut) for n, cut in games]
        with ThreadPoolExecutor(jobs) as pool:
            reps = list(pool.map(lambda r: replay(dev, r), recs))
        for r in reps:
            out("%-22s passes=%d ok=%s" % (r.rec.name, r.rec.steps, r.ok))
        return reps, S
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv):
    why = armvm.missing() or (None if cpvm.tools() else cpvm.missing())
    if why:
        print("speed: not measured: %s" % why)
        return 1
    reps, S = run_games(GAMES)
    bad = [r for r in reps if not r.ok]
    for r in bad:
        print("%s: the ARM replay did not end as the simulator's game:\n%s"
              % (r.rec.name, r.out[-2000:]))
    if bad:
        return 1
    for r in reps:
        k = kinds(r.passes, S)
        print("%-22s %s" % (r.rec.name, " ".join(
            "%s=%d:%.1f" % (kind, len(ps), max(p.ms for p in ps)) for kind, ps in k.items()
            if ps)))
    boot = max((r.passes[0] for r in reps), key=lambda p: p.ms)
    t = armvm.timing(boot.counts, boot.px)
    print("boot (worst): %.0f / %.0f / %.0f ms (low / mid / high), %d instructions, %d file "
          "reads, %d px" % (t["ms"] + (t["insns"], boot.reads, boot.px)))
    print(line(figures(reps, S)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
