"""The test tools: what drives the real app on the simulated board, and what
checks the rules from outside.

    harness.py    the board stand-ins of sim/device/ installed, the app built as
                  code.py builds it and stepped (Sim); `python -m sim` runs on it too
    scenario.py   the JSON rule scenarios of ../shared/SCENARIOS.md
                  (`python -m sim.testing.scenario FILE_OR_DIR...`)
    mutate.py     mutation testing of taki_core with mutmut (`python -m sim.testing.mutate`;
                  a pytest plugin too: setup.cfg's `-p sim.testing.mutate`)
    shots.py      the README's screenshots (`python -m sim.testing.shots [DIR]`)
    cardpics.py   pictures of every card, also as colour-blind people see them
                  (`python -m sim.testing.cardpics [DIR]`): drawn by the simulator,
                  so here and not in sim.build

May import: sim.build (the texts, for what a screen says), sim/device/'s stand-ins
(through harness.install, as top-level modules), sim.ROOT and the device code.
Not sim.vm or sim.bench: those use this package.
"""
