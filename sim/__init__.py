"""Desktop-only tools around the device code (nothing here ships).

    sim/__main__.py  the simulator (`python -m sim`)
    sim/device/      the simulator's board stand-ins (board, keypad, displayio's
                     display, ...), put on sys.path as top-level modules
    sim/build/       what makes what ships (bundle, inline, mpy, texts, lang, shape,
                     cardsheet, fonts/) and the glossary
    sim/testing/     what the tests drive the game with (harness, scenario, mutate,
                     shots, cardpics)
    sim/vm/          CircuitPython 10's own VMs (cpvm, device_tier, armvm) and their
                     board stand-ins (cpboard/, cpboard/arm/)
    sim/bench/       the figures (`python -m sim.bench NAME`)

Floors, each importing only those below it: bench; vm (device_tier records its
games with the harness); testing and the simulator; device (its display reads
the card marks' names from build.cardsheet); build. All of them may import the
device code (lib/taki_ui, taki_core, boards); the device code never imports sim.
"""

import os

# the checkout's root, the one place a module of sim/ finds it (a module's own
# __file__ changes depth when it moves)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
