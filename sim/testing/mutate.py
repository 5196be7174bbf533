"""Mutation testing of the rules core (issue 16), with mutmut
(requirements-mutate.txt, which `make mutate` installs; the tests do not
need it).

    python -m sim.testing.mutate [--jobs N] [MUTANT_NAME_GLOB...]   run, then report
    python -m sim.testing.mutate --report                           report the last run
    python -m sim.testing.mutate --survivors                        each survivor's diff

mutmut copies the project into ``mutants/``, makes every mutant of every
function of ``taki_core/`` (setup.cfg says which tests run: the core tests,
not the slow MicroPython, VM and UI ones) and runs, for each mutant, the
tests that call the mutated function, stopping at the first failure. A
second run only tests what changed since. Not in CI: a whole run takes
two hours or more on two cores. A mutant that loops forever is stopped by
mutmut's own timeout (setup.cfg: 3 times its tests' recorded time, in wall
time) and counts as killed.

The report counts, per module: mutants, killed (a test failed or timed
out), equivalent (listed in tests/MUTANTS.md, with why each cannot change
behaviour), survived, not run yet (an interrupted run goes on where it
stopped), and the score killed / (mutants run - equivalent). Exit status 1
if a module scores under 95%, a run is incomplete, or a listed equivalent
is no longer a mutant at all (the list went stale), else 0.

Loaded by pytest as a plugin (``-p sim.testing.mutate``, from setup.cfg) it only
orders the tests of a run fastest first, by the durations mutmut recorded,
so that most mutants die in a fraction of a second.
"""

import argparse
import json
import os
import re
import subprocess
import sys

from sim import ROOT

MUTANTS = os.path.join(ROOT, "mutants")
LIST = os.path.join(ROOT, "tests", "MUTANTS.md")
TARGET = 0.95
KILLED = {1, 3, 24, -24, 36, 152, 255, -9, -11}  # a failure, or a timeout/crash
MODULES = ("cards", "rng", "table", "game", "save", "finish", "bots")


NOT_INSTALLED = ("mutmut is not installed here: `make mutate` installs it "
                 "(requirements-mutate.txt), then runs this")


def installed():
    import importlib.util

    return importlib.util.find_spec("mutmut") is not None


def _mutmut():
    exe = os.path.join(os.path.dirname(sys.executable), "mutmut")
    return [exe] if os.path.exists(exe) else [sys.executable, "-m", "mutmut"]


def results():
    """{module: {mutant name: exit code or None}} from mutants/taki_core/*.meta."""
    out = {}
    for mod in MODULES:
        path = os.path.join(MUTANTS, "taki_core", mod + ".py.meta")
        if os.path.exists(path):
            with open(path) as f:
                out[mod] = json.load(f)["exit_code_by_key"]
    return out


def equivalents():
    """Mutant names listed in tests/MUTANTS.md (the first column of its table)."""
    names = set()
    with open(LIST, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\|\s*`?(taki_core\.[\w.ǁ]+__mutmut_\d+)`?\s*\|", line)
            if m:
                names.add(m.group(1))
    return names


def report(res, equiv):
    """Print the table; return 1 if a module is under the target, a run is
    incomplete or the list went stale, else 0."""
    status = 0
    print("%-8s %8s %8s %8s %8s %8s %8s" % (
        "module", "mutants", "killed", "equiv", "survived", "not run", "score"))
    all_names = set()
    for mod, codes in res.items():
        all_names |= set(codes)
        n = len(codes)
        killed = sum(1 for c in codes.values() if c in KILLED)
        eq = sum(1 for k, c in codes.items() if k in equiv and c not in KILLED)
        todo = sum(1 for k, c in codes.items() if c is None and k not in equiv)
        left = n - killed - eq - todo
        score = killed / (n - eq - todo) if n - eq - todo else 1.0
        print("%-8s %8d %8d %8d %8d %8d %7.1f%%" % (mod, n, killed, eq, left, todo, 100 * score))
        if score < TARGET or todo:
            status = 1
    stale = sorted(equiv - all_names)
    if stale and len(res) == len(MODULES):
        print("listed as equivalent but no longer mutants:", *stale, sep="\n  ")
        status = 1
    wrong = sorted(k for codes in res.values() for k, c in codes.items() if k in equiv and c in KILLED)
    if wrong:
        print("listed as equivalent but killed (remove them from tests/MUTANTS.md):", *wrong, sep="\n  ")
    return status


def survivors(res, equiv):
    return sorted(k for codes in res.values() for k, c in codes.items()
                  if c is not None and c not in KILLED and k not in equiv)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim.testing.mutate")
    ap.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    ap.add_argument("--report", action="store_true", help="only report the last run")
    ap.add_argument("--survivors", action="store_true", help="show each survivor's diff")
    ap.add_argument("names", nargs="*", help="mutant names or globs to (re)test")
    args = ap.parse_args(argv)
    os.chdir(ROOT)
    if not installed() and not args.report:
        print(NOT_INSTALLED, file=sys.stderr)
        return 2
    if not args.report and not args.survivors:
        env = dict(os.environ, TAKI_MUTATE="1")
        cmd = _mutmut() + ["run", "--max-children", str(args.jobs)] + args.names
        code = subprocess.run(cmd, env=env).returncode
        if code:
            return code
    res = results()
    equiv = equivalents()
    if args.survivors:
        for name in survivors(res, equiv):
            subprocess.run(_mutmut() + ["show", name])
        return 0
    left = survivors(res, equiv)
    if left:
        print("survived (not listed in tests/MUTANTS.md):", *left, sep="\n  ")
    return report(res, equiv)


# ------------------------------------------------------------ pytest plugin

FIRST = ("tests/test_core_known.py", "tests/test_core_codes.py", "tests/test_bots_decisions.py")


def pytest_collection_modifyitems(session, config, items):
    """The known-answer tests first (they pin whole games: most mutants die
    there), then the fastest first (durations from mutmut's stats run)."""
    path = os.path.join(os.getcwd(), "mutmut-stats.json")
    if not os.path.exists(path):
        return
    with open(path) as f:
        dur = json.load(f).get("duration_by_test", {})

    def key(item):
        d = dur.get(item.nodeid, dur.get("mutants/" + item.nodeid, 1e9))
        return (not item.nodeid.startswith(FIRST), d)

    items.sort(key=key)


if __name__ == "__main__":
    sys.exit(main())
