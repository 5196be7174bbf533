"""Pass the device: nobody's hand is on screen until its owner presses A."""

import displayio

from taki_ui import strings, widgets


class PassScreen:
    def __init__(self, lines, name, why=-1):
        """why: a text saying what for (to break the +3...), or -1."""
        self.group = g = displayio.Group()
        lines.take(g, 2, 14, widgets.FG, strings.PASS_TO)
        big = displayio.Group(scale=2, x=4, y=36)
        g.append(big)
        lines.take(big, 0, 0, widgets.HILITE, name)
        if why >= 0:
            lines.take(g, 2, 66, widgets.FG, why)
        lines.take(g, 2, 84, widgets.DIM, strings.PASS_HIDE)
        lines.take(g, 2, 110, widgets.HILITE, strings.PASS_READY, name)
