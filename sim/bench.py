"""Benchmarks that print figures (desktop only).

    python -m sim.bench core            rules engine: CPython speed, CircuitPython alloc/heap
    python -m sim.bench ui              pixels the display refreshes per action
    python -m sim.bench bots [--games N]   bot win rates and ARM instructions per decision
    python -m sim.bench device [--py]   heap, pystack, allocation of the whole game under
                                        CircuitPython 10's own VM
    python -m sim.bench saves           flash writes an hour, what a power cut can lose
    python -m sim.bench lang            languages: flash of their texts, fit, English left,
                                        heap of a whole game in each under the VM
    python -m sim.bench speed           ms per key press, screen and computer move on a
                                        PyBadge, as Cortex-M4 code under qemu-arm
    python -m sim.bench watchdog        the start and the longest loop pass on the ARM
                                        model, against the watchdog's 16 s

Each prints its figures and ends with one summary line (``core: ...``,
``ui: ...``, ``bots: ...``, ``device: ...``, ``saves: ...``, ``lang: ...``,
``speed: ...``, ``watchdog: ...``). Tests check
behaviour; these report speed and size.
"""

import sys

SUITES = {"core": "sim.bench_core", "ui": "sim.bench_ui", "bots": "sim.bench_bots",
          "device": "sim.bench_device", "saves": "sim.bench_saves", "lang": "sim.bench_lang",
          "speed": "sim.bench_speed", "watchdog": "sim.bench_watchdog"}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in SUITES:
        print(__doc__.strip())
        return 2
    module = __import__(SUITES[argv[0]], None, None, ["main"])
    return module.main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
