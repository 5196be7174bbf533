"""python -m sim.bench where KIND [GAME] [--all] [--wrap=W,...] [--gc]: where the worst pass of
a kind of sim.bench speed spends its time on a PyBadge (desktop only).

KIND is one of speed's kinds (cursor, play, pass, pass_to_hand, cpu_move,
boot); GAME one of its games ("4 mixed" by default). The game is recorded
and replayed as sim.bench speed does, but through sim/vm/cpboard/arm/where.py,
which puts a marker around every call of the game's Python functions. For
the worst pass of the kind (--all: every one) it prints the calls as a
tree: ms inclusive (mid model), instructions, and the calls' count. The
markers cost ~260 instructions each, so a pass takes longer here than in
speed's figures; "refresh" is the display's refresh, SPI included.
--gc: the heap collected after every pass (outside it): a pass then shows
no collection of its own (how much of it one was).
"""

import os
import re
import shutil
import sys
import tempfile

from sim.bench import speed
from sim.vm import armvm

HEAP = "512K"  # the wrappers' heap besides the game's
# what is wrapped unless --wrap says (see sim/vm/cpboard/arm/where.py)
# (the game's deepest calls leave room for a few wrappers on the pystack)
WRAP = ("stage.Stage.show,table_screen.TableScreen,turn.show,turn.key,pass_screen,"
        "watch.tick,watch.watch,players,notices,lights,rest,persist")


def replay(dev, rec, wrap=WRAP, gc=False):
    return speed.run_driver(dev, rec, "where.py", (wrap, "gc" if gc else "-"), heap=HEAP,
                            timeout=3600)


class Node:
    def __init__(self, name):
        self.name = name
        self.kids = {}
        self.calls = 0
        self.d = None

    def add(self, d):
        if self.d is None:
            self.d = dict(d)
        else:
            for k, v in d.items():
                self.d[k] = self.d.get(k, 0) + v


def tree(run, i, j):
    """The calls between marker i and marker j, as a Node tree."""
    root = Node("pass")
    stack = [(root, i)]
    for m in range(i + 1, j + 1):
        name = run.names[m]
        if name.startswith("+"):
            node = stack[-1][0].kids.setdefault(name[1:], Node(name[1:]))
            node.calls += 1
            stack.append((node, m))
        elif name.startswith("-") and len(stack) > 1:
            node, at = stack.pop()
            node.add(run.span(at, m))
        elif name == "R":
            stack.append((stack[-1][0].kids.setdefault("refresh", Node("refresh")), m))
            stack[-1][0].calls += 1
        elif name == "A" and len(stack) > 1:
            node, at = stack.pop()
            node.add(run.span(at, m))
    while len(stack) > 1:  # the refresh (ends at j), or a call left by an exception
        node, at = stack.pop()
        node.add(run.span(at, j))
    root.add(run.span(i, j))
    return root


def show(node, px, depth=0, out=print, floor=0.2):
    ms = armvm.ms(node.d, px if node.name in ("refresh", "pass") else 0)
    if depth and ms < floor:
        return
    out("%s%-*s %8.1f ms %10d insns %5d calls" % ("  " * depth, 60 - 2 * depth, node.name, ms,
                                                 node.d["insns"], node.calls))
    for k in sorted(node.kids.values(), key=lambda n: -n.d["insns"]):
        show(k, px, depth + 1, out, floor)


def main(argv):
    why = armvm.missing() or (None if speed.cpvm.tools() else speed.cpvm.missing())
    if why:
        print("where: not measured: %s" % why)
        return 1
    wrap = WRAP
    for a in argv:
        if a.startswith("--wrap="):
            wrap = a[len("--wrap="):]
    args = [a for a in argv if not a.startswith("--")]
    if not args:
        print(__doc__.strip())
        return 2
    kind = args[0]
    name = args[1] if len(args) > 1 else "4 mixed"
    cut = dict(speed.GAMES).get(name)
    S = speed.states()
    tmp = tempfile.mkdtemp(prefix="taki-where-")
    try:
        dev = speed.build(os.path.join(tmp, "dev"))
        shutil.copyfile(os.path.join(speed.ARM_STANDINS, "where.py"),
                        os.path.join(dev.arm, "where.py"))
        rec = speed.record(name, tmp, cut)
        run, rows = replay(dev, rec, wrap, "--gc" in argv)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if run.rc != 0 or not re.search(r"^GAME ", run.out, re.M):
        print("where: the replay failed:\n" + run.out[-3000:])
        return 1
    stats = [n[1:] for n in run.names if n.startswith("=")]  # areas and chunks, a pass each
    ends = [k for k, n in enumerate(run.names) if n == "A"]
    starts = [0] + [k for k, n in enumerate(run.names) if n == "B"]
    passes = []
    prev = None
    for n in range(1, min(len(ends), rec.steps) + 1):
        p = speed.Pass(n, rows[n], prev, run.span(starts[n - 1], ends[n - 1]))
        p.span = (starts[n - 1], ends[n - 1])
        passes.append(p)
        prev = p
    ps = speed.kinds(passes, S).get(kind) or []
    if not ps:
        print("where: no pass of kind %r in %r" % (kind, name))
        return 1
    for p in (ps if "--all" in argv else [max(ps, key=lambda p: p.ms)]):
        print("pass %d (%s, %d px, %s, %d reads):" % (p.n, kind, p.px, stats[p.n - 1], p.reads))
        show(tree(run, *p.span), p.px)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
