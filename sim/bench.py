"""Benchmarks that print figures (desktop only).

    python -m sim.bench core            rules engine: CPython speed, MicroPython alloc/heap/fuel
    python -m sim.bench ui              pixels the display refreshes per action
    python -m sim.bench bots [--games N]   bot win rates and MicroPython fuel per decision

Each prints its figures and ends with one summary line (``core: ...``,
``ui: ...``, ``bots: ...``). Tests check behaviour; these report speed.
"""

import sys

SUITES = {"core": "sim.bench_core", "ui": "sim.bench_ui", "bots": "sim.bench_bots"}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in SUITES:
        print(__doc__.strip())
        return 2
    module = __import__(SUITES[argv[0]], None, None, ["main"])
    return module.main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
