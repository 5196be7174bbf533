"""Stand-in for CircuitPython's `board` on a PyBadge, PyBadge LC or PyGamer.

Which board is simulated is chosen by the simulator (`_simhw.BOARD`) before
this module is imported; `DISPLAY` is the simulated TFT.
"""

import _simhw
from microcontroller import Pin
from _simdisplay import SimDisplay

board_id = _simhw.BOARD

for _name in (
    "BUTTON_CLOCK",
    "BUTTON_OUT",
    "BUTTON_LATCH",
    "NEOPIXEL",
    "SPEAKER",
    "SPEAKER_ENABLE",
    "LIGHT",
    "TFT_BACKLIGHT",
    "A0",
    "A1",
    "A2",
    "D13",
):
    globals()[_name] = Pin(_name)

if _simhw.BOARD == "pygamer":
    JOYSTICK_X = Pin("JOYSTICK_X")
    JOYSTICK_Y = Pin("JOYSTICK_Y")

DISPLAY = SimDisplay(window=not _simhw.HEADLESS, scale=_simhw.SCALE)


def _new_display():
    """Simulator only: a fresh TFT (tests need one display at a time)."""
    global DISPLAY
    import displayio

    displayio.release_displays()
    DISPLAY = SimDisplay(window=not _simhw.HEADLESS, scale=_simhw.SCALE)
    return DISPLAY
