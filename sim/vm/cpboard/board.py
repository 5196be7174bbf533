"""Stand-in for `board` under CircuitPython's VM: the real boards' pins
(_pins.py) and a DISPLAY that keeps the root group and counts refreshes."""

import _pins
import _vmhw
from microcontroller import Pin

board_id = "pybadge"

for _name in _pins.names(board_id):
    globals()[_name] = Pin(_name)


class _Display:
    width = 160
    height = 128
    rotation = 0

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0

    def refresh(self, target_frames_per_second=None, minimum_frames_per_second=0):
        _vmhw.heartbeat()
        return True


DISPLAY = _Display()
