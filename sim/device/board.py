"""Stand-in for CircuitPython's `board` on a PyBadge, PyBadge LC or PyGamer.

Which board is simulated is chosen by the simulator (`_simhw.BOARD`) before
this module is imported; `DISPLAY` is the simulated TFT. The pins are the
real boards' (see _pins.py).
"""

import _pins
import _simhw
from microcontroller import Pin
from _simdisplay import SimDisplay

board_id = _simhw.BOARD

for _name in _pins.names(_simhw.BOARD):
    globals()[_name] = Pin(_name)

DISPLAY = SimDisplay(window=not _simhw.HEADLESS, scale=_simhw.SCALE)


def _new_display():
    """Simulator only: a fresh TFT (tests need one display at a time)."""
    global DISPLAY
    import displayio

    displayio.release_displays()
    DISPLAY = SimDisplay(window=not _simhw.HEADLESS, scale=_simhw.SCALE)
    return DISPLAY
