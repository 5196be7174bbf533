"""`python -m sim.bench NAME [ARGS]`: runs sim/bench/NAME.py's main(ARGS)."""

import importlib
import sys

import sim.bench

NAMES = ("core", "ui", "bots", "device", "saves", "lang", "speed", "where", "watchdog",
         "pybadger")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in NAMES:
        print(sim.bench.__doc__.strip())
        return 2
    module = importlib.import_module("sim.bench." + argv[0])
    return module.main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
