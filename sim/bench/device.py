"""`python -m sim.bench device`: the game on the board's budget, measured under
CircuitPython 10's own VM (sim.vm.device_tier, sim.vm.cpvm).

    python -m sim.bench device [--py]

Plays the device tier's scripted games (2 people; 4 seats of people and
computers; 10 people, a whole tournament; 4 computers) through the .mpy
bundle's code.py and prints, then one summary line:

    peak_heap     the most live heap of any game after any pass of its loop
                  (gc.collect, gc.mem_alloc), less what the VM's board
                  stand-ins hold (firmware on a board)
    min_heap      the smallest -X heapsize, in 4 KB steps, at which every game
                  completes (fragmentation and passing peaks included; the
                  stand-ins are in it too)
    imports_heap  live heap of every module of the bundle imported at once
                  (the screens other than the table are never all loaded)
    alloc_per_turn  bytes asked of the heap per core turn and per bot
                  decision, heap locked (50 random games of 2-10 players with
                  tournaments; 27 bot games)
    pystack_min   the smallest pystack of the VMs shipped (1536, 2048) at
                  which every game completes
    busy_pct      the share of its time the CPU works in the scripted "4 mixed"
                  game (two people, two computers; each person's key comes as
                  soon as the game waits, so people never think): executed
                  cycles under the ARM model (sim.vm.armvm, mid model, takirender's
                  refreshes) over the virtual wall-clock ms * 120 MHz, the
                  wall clock being the loop's sleeps. Also busy_watch_pct (the
                  "4 computers" game, nobody pressing) and busy_wait_pct (the
                  setup screen waiting 30 s for a key). Without qemu-arm: -1.

--py measures the .py bundle (CircuitPython 9.x) the same way, too.
"""

import os
import re
import sys
import tempfile
import time

from sim.vm import cpvm, device_tier
from sim.bench import core as bench_core

# Import order for the per-module figures: dependencies first, so a figure
# is the module's own bytecode, names and objects (a qstr pool that grows
# during an import lands on that module: about 1 KB of noise).
BREAKDOWN = (
    "adafruit_ticks", "neopixel", "boards", "boards.sound", "boards.pybadge",
    "taki_core.cards", "taki_core.rng", "taki_core.table", "taki_core.game", "taki_core.save",
    "taki_core.finish", "taki_core.bots", "taki_core.hints",
    "taki_ui.states", "taki_ui.widgets", "taki_ui.text", "taki_ui.cardart",
    "taki_ui.settings", "taki_ui.store", "taki_ui.persist", "taki_ui.players", "taki_ui.lights",
    "taki_ui.notices", "taki_ui.hand", "taki_ui.table_screen", "taki_ui.stage", "taki_ui.turn",
    "taki_ui.plus3_flow", "taki_ui.app",
    "taki_ui.setup_screen", "taki_ui.rename_screen", "taki_ui.pass_screen",
    "taki_ui.pause_screen", "taki_ui.over_screen", "taki_ui.resume_screen",
    "taki_ui.plus3_screen", "taki_ui.help_screen", "taki_ui.lang_screen", "taki_ui.pictures",
)


def all_complete(dev, recs, heap, vm=cpvm.VM, jobs=2):
    return all(ok for _, ok, _, _ in device_tier.play_all(dev, recs, heap, vm, jobs))


def min_heap(dev, recs, lo_k=32, hi_k=160, jobs=2):
    """Smallest heap (bytes, a multiple of 4 KB) at which all games complete."""
    if not all_complete(dev, recs, "%dK" % hi_k, jobs=jobs):
        return None
    lo, hi = lo_k // 4, hi_k // 4  # in 4 KB units: lo fails (assumed), hi passes
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if all_complete(dev, recs, "%dK" % (mid * 4), jobs=jobs):
            hi = mid
        else:
            lo = mid
    return hi * 4 * 1024


def bots_alloc(games=27):
    """Bytes grown over the bots' decisions, heap locked (tests/test_bots_fuel's guest)."""
    sys.path.insert(0, os.path.join(cpvm.ROOT, "tests"))
    try:
        from test_bots_fuel import GUEST
    finally:
        sys.path.pop(0)
    out = cpvm.guest(GUEST.replace("GAMES", str(games)))
    words = out.split()
    return int(words[words.index("decisions") + 1]), int(words[words.index("grown") + 1])


WAIT_S = 30  # busy_wait_pct: seconds the setup screen waits for a key


def record_wait(out_dir, seconds=WAIT_S):
    """A recording of the first start: the language chosen, then nothing
    pressed for `seconds` (the setup screen waits)."""
    from sim.testing import harness

    sim = harness.Sim(render=False, lang=None)
    hw = sim.hw_state
    lines = ["%d %d" % (sim.steps, hw.KEY_NAMES.index("A"))]
    sim.press("A")
    end = hw.ticks_ms() + seconds * 1000
    while hw.ticks_ms() < end:
        sim.step()
    lines.append("%d END" % sim.steps)
    path = os.path.join(out_dir, "wait.keys")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return device_tier.Recorded("wait", path, sim.steps, device_tier.summary(sim.app))


def busy_run(dev, rec):
    """Replay rec under the ARM VM (sim/vm/cpboard/arm/busy.py): (cycles low,
    mid, high, virtual ms, pixels sent) of the whole game, or for the wait
    from its second pass after the key on; RuntimeError if it went another
    way."""
    from sim.vm import armvm
    from sim.bench import speed as bench_speed

    with tempfile.TemporaryDirectory(dir=dev.root) as cwd:
        with open(os.path.join(cwd, "nvm.bin"), "wb") as f:
            f.write(b"\xff" * 8192)
        run = armvm.run(os.path.join(dev.arm, "busy.py"),
                        (os.path.join(dev.bundle, "code.py"), rec.path), heap=bench_speed.HEAP,
                        path=(dev.arm,) + dev.path(), cwd=cwd)
    m = re.search(r"^GAME (.*)$", run.out, re.M)
    fig = {}
    for word in m.group(1).split() if m else ():
        k, v = word.split("=")
        fig[k] = v if k == "hands" else int(v)
    same = m and all(fig[k] == v for k, v in rec.end.items()) and fig["steps"] == rec.steps
    if run.rc or not same or run.names != ["S", "W", "E"]:
        raise RuntimeError("%s went another way under the ARM VM:\n%s" % (rec.name, run.out[-2000:]))
    if rec.name == "wait":  # from the setup screen shown on: the wait alone
        return armvm.timing(run.span(1, 2))["cycles"] + (fig["clock"] - fig["wclock"], 0)
    cyc = armvm.timing(run.span(0, 2))["cycles"]
    return cyc + (fig["clock"], fig["px"])


def busy(jobs=2):
    """{name: (busy % low, mid, high, spi %)} for "4 mixed", "4 computers" and
    the wait; None without the ARM VM (its reason printed)."""
    from concurrent.futures import ThreadPoolExecutor

    from sim.vm import armvm
    from sim.bench import speed as bench_speed

    why = armvm.missing()
    if why:
        print("  busy: " + why)
        return None
    with tempfile.TemporaryDirectory(prefix="taki-busy-") as tmp:
        dev = bench_speed.build(tmp)
        recs = [device_tier.record(n, tmp) for n in ("4 mixed", "4 computers")]
        recs.append(record_wait(tmp))
        with ThreadPoolExecutor(jobs) as pool:
            runs = list(pool.map(lambda r: busy_run(dev, r), recs))
    out = {}
    for rec, (lo, mid, hi, ms, px) in zip(recs, runs):
        wall = ms * 120e3  # cycles of 120 MHz in the virtual wall-clock time
        spi = 100.0 * px * 16 / 24e6 / (ms / 1000.0)
        out[rec.name] = (100 * lo / wall, 100 * mid / wall, 100 * hi / wall, spi)
        print("  %-12s %7d loop passes, %8.1f s: CPU busy %.1f%% (low %.1f, high %.1f), "
              "SPI %.1f%% (%d px)" % (rec.name, rec.steps, ms / 1000.0, out[rec.name][1],
                                      out[rec.name][0], out[rec.name][2], spi, px))
    return out


def measure(mpy=True, jobs=2):
    t0 = time.time()
    with tempfile.TemporaryDirectory(prefix="taki-bench-") as tmp:
        dev = device_tier.Device(tmp, mpy=mpy)
        recs = device_tier.record_all(tmp, device_tier.BASE)  # other languages: bench lang
        runs = device_tier.play_all(dev, recs, "1M", jobs=jobs)
        peak = 0
        for rec, ok, fig, out in runs:
            if not ok:
                raise RuntimeError("%s did not replay in the VM:\n%s" % (rec.name, out[-2000:]))
            live = device_tier.live_peak(fig)
            peak = max(peak, live)
            print("  %-22s %7d loop passes, live peak %6d B (stand-ins %d B)"
                  % (rec.name, fig["steps"], live, fig["base"]))
        least = min_heap(dev, recs, jobs=jobs)
        stack = None
        for vm, size in cpvm.PYSTACKS:
            if all_complete(dev, recs, "1M", vm=vm, jobs=jobs):
                stack = size
                break
        per, total = dev.imports(BREAKDOWN)
    print("  every game completes at -X heapsize=%s; pystack %s bytes is enough (%.0f s)"
          % ("%d" % least if least else "none up to 160K", stack, time.time() - t0))
    return dict(peak=peak, min_heap=least or 0, imports=total, per=per, pystack=stack or 0)


def main(argv):
    print("CircuitPython 10.2.1 VM (%s), the .mpy bundle:" % cpvm.VM)
    fig = measure(True)
    print("  live heap each module adds at import (all of them: %d B):" % fig["imports"])
    for name in BREAKDOWN:
        print("    %-28s %6d" % (name, fig["per"][name]))
    core = bench_core.guest_games(50)
    decisions, grown = bots_alloc()
    print("  heap locked: %d core turns asked %d bytes; %d bot decisions grew it by %d"
          % (core["turns"], core["asked_bytes"], decisions, grown))
    alloc = (core["asked_bytes"] + grown) // core["turns"]
    if "--py" in argv:
        print("the .py bundle (CircuitPython 9.x: each module compiled at import):")
        py = measure(False)
        print("device_py: peak_heap=%d min_heap=%d" % (py["peak"], py["min_heap"]))
    print("the ARM model (qemu-arm), the CPU's busy share of the time:")
    b = busy()

    def pct(name):
        return "%.1f" % b[name][1] if b else "-1"

    print("device: peak_heap=%d min_heap=%d imports_heap=%d alloc_per_turn=%d pystack_min=%d "
          "busy_pct=%s busy_watch_pct=%s busy_wait_pct=%s"
          % (fig["peak"], fig["min_heap"], fig["imports"], alloc, fig["pystack"],
             pct("4 mixed"), pct("4 computers"), pct("wait")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
