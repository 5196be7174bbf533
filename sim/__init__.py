"""Desktop-only tools around the device code (nothing here ships).

    sim/__main__.py  the simulator (`python -m sim`); its board stand-ins are
                     sim/device/, put on sys.path as top-level modules
    sim/testing/     what the tests drive the game with (harness, scenario, shots, mutate)
    sim/vm/          CircuitPython 10's own VMs (cpvm, device_tier, armvm) and their
                     board stand-ins (cpboard/, cpboard/arm/)
    sim/build/       what makes what ships (bundle, inline, texts, lang, shape, glossary,
                     cardsheet, cardpics, fonts/)
    sim/bench/       the figures (`python -m sim.bench NAME`)

Floors: bench uses all the others; testing, build and vm use each other (device_tier records
its games with the harness), never in a circle; all of them may import the
device code (lib/taki_ui, taki_core, boards); the device code never imports sim.
"""

import os

# the checkout's root, the one place a module of sim/ finds it (a module's own
# __file__ changes depth when it moves)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
