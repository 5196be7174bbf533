"""`python -m sim.bench device`: the game on the board's budget, measured under
CircuitPython 10's own VM (sim.device_tier, sim.cpvm).

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

--py measures the .py bundle (CircuitPython 9.x) the same way, too.
"""

import os
import re
import sys
import tempfile
import time

from sim import bench_core, cpvm, device_tier

# Import order for the per-module figures: dependencies first, so a figure
# is the module's own bytecode, names and objects (a qstr pool that grows
# during an import lands on that module: about 1 KB of noise).
BREAKDOWN = (
    "adafruit_ticks", "neopixel", "boards", "boards.sound", "boards.pybadge",
    "taki_core.cards", "taki_core.rng", "taki_core.table", "taki_core.game", "taki_core.save",
    "taki_core.finish", "taki_core.bots",
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
    print("device: peak_heap=%d min_heap=%d imports_heap=%d alloc_per_turn=%d pystack_min=%d"
          % (fig["peak"], fig["min_heap"], fig["imports"], alloc, fig["pystack"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
