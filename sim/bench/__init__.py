"""The benchmarks: each module one figure, each with main(argv) that prints
its figures and ends with one summary line; `python -m sim.bench NAME` runs one
(sim/bench/__main__.py). They may import everything in sim/ and the device
code; nothing imports them but the tests that check their machinery.

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
    python -m sim.bench pybadger [DIR]  the heap Adafruit's PyBadger library would take
                                        (downloads it with pip)

Each prints its figures and ends with one summary line (``core: ...``,
``ui: ...``, ``bots: ...``, ``device: ...``, ``saves: ...``, ``lang: ...``,
``speed: ...``, ``watchdog: ...``, ``pybadger: ...``). Tests check
behaviour; these report speed and size.
"""
