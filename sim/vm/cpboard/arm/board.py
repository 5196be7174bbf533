"""Stand-in for `board` under the ARM VM (sim.bench speed; never on a board):
the real boards' pins and a DISPLAY whose refreshes are the VM's built-in
`takirender`, displayio's own BusDisplay refresh as a PyBadge's ST7735R is
set up (../shared/circuitpython/arm/README.md).

Each refresh is bracketed by markers for the counting plugin: "R" before
it starts, "A" when it is done; then the driver's bookkeeping (speed.py:
what this loop pass did) and the heartbeat of the replay (_vmhw), then "B",
where the next loop pass starts. So a loop pass is the span B -> A, and the
driver's own work stays outside every span but A -> B.
"""

import sys

import _pins
import _vmhw
import takirender
from microcontroller import Pin

board_id = "pybadge"

for _name in _pins.names(board_id):
    globals()[_name] = Pin(_name)

after = None  # speed.py's bookkeeping: called with the pixels each refresh sent


class _Display:
    width = 160
    height = 128
    rotation = 0

    def __init__(self):
        self._root = None
        self.auto_refresh = True
        self.brightness = 1.0

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, g):
        self._root = g
        takirender.show(g)

    def refresh(self, target_frames_per_second=None, minimum_frames_per_second=0):
        w = sys.stderr.write
        w("R\n")
        px = takirender.refresh()
        w("A\n")
        if after is None:
            _vmhw.heartbeat()
        else:
            after(px)  # the driver's bookkeeping, then the heartbeat
        w("B\n")
        return True


DISPLAY = _Display()
