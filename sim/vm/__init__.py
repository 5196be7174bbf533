"""The VM tier: the game under CircuitPython 10.2.1's own VMs instead of CPython.

    cpvm.py         mpy-cross and the 32-bit unix VMs of ../shared/circuitpython/bin
                    (or $TAKI_CIRCUITPYTHON): compile, run a guest, measure heap
    device_tier.py  the shipped bundle's code.py started as a board starts it, through
                    scripted games on the stand-ins (recorded from the simulator)
    armvm.py        the same under qemu-arm on the Cortex-M4 build (../shared/circuitpython/arm):
                    instruction and cycle counts
    cpboard/        the board stand-ins the VMs import (board, keypad, time, ...);
                    cpboard/arm/ the ARM run's own board and drivers

May import: sim.build (the bundle it runs, mpy-cross), sim.testing.harness (device_tier records
its games in the simulator), the device code. The files of cpboard/ run inside the
VM, not in CPython: they import only what CircuitPython has.
"""
