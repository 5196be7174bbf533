"""The pin names of `board` on each simulated board, as CircuitPython 10.2.1
defines them (ports/atmel-samd/boards/{pybadge,pygamer}/pins.c). The
PyBadge LC runs the PyBadge's firmware. Shared by the desktop stand-ins
(sim/device) and the CircuitPython-VM ones (sim/vm/cpboard): a pin the app
names must exist on the real board, or the simulator would hide the bug.
"""

PYBADGE = (
    "A0", "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9",
    "D0", "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "D10", "D11", "D12",
    "LED", "D13", "RX", "TX", "SDA", "SCL", "SCK", "MISO", "MOSI",
    "NEOPIXEL", "LIGHT", "ACCELEROMETER_INTERRUPT", "SPEAKER", "SPEAKER_ENABLE",
    "BUTTON_LATCH", "BUTTON_OUT", "BUTTON_CLOCK",
    "TFT_LITE", "TFT_MOSI", "TFT_SCK", "TFT_RST", "TFT_CS", "TFT_DC",
)
# The PyGamer has the same, plus its SD card slot and the joystick.
PYGAMER = PYBADGE + ("SD_CS", "JOYSTICK_X", "JOYSTICK_Y")


def names(board_id):
    return PYGAMER if board_id == "pygamer" else PYBADGE
