"""Pass the device: nobody's hand is on screen until its owner presses A."""

import displayio

from taki_ui import strings, widgets


class PassScreen:
    def __init__(self, lines, name, why=""):
        self.group = g = displayio.Group()
        lines.take(g, 2, 14, widgets.FG, text=strings.PASS_TO)
        big = displayio.Group(scale=2, x=4, y=36)
        g.append(big)
        lines.take(big, 0, 0, widgets.HILITE, text=name)
        lines.take(g, 2, 66, widgets.FG, text=why)
        lines.take(g, 2, 84, widgets.DIM, text=strings.PASS_HIDE)
        lines.take(g, 2, 110, widgets.HILITE, text=strings.PASS_READY % name)
