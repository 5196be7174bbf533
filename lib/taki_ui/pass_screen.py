"""Pass the device: nobody's hand is on screen until its owner presses A."""

import displayio
from boards import K_A, SCREEN_H

from taki_ui import strings, text, widgets


class PassScreen:
    def __init__(self, lines, name, why=-1):
        """why: a text saying what for (to break the +3...), or -1."""
        self.group = g = displayio.Group()
        tall = text.LH > text.LINE_H  # a taller script's lines: closer to the edges
        lines.take(g, 2, 4 if tall else 14, widgets.FG, strings.PASS_TO)
        # the name, twice the size; in the board's font wherever its line sits.
        # Right to left (Sindhi), the line ends at its bitmap's right edge: the
        # group stands so that this edge is 4 px from the screen's (160 * 2 - 156)
        big = displayio.Group(scale=2, x=-164 if text.RTL else 4, y=36 - 2 * text.lat_y())
        g.append(big)
        lines.take(big, 0, 0, widgets.HILITE, name)
        if why >= 0:
            lines.take(g, 2, 62 if tall else 66, widgets.FG, why)
        lines.take(g, 2, 82 if tall else 84, widgets.DIM, strings.PASS_HIDE)
        lines.take(g, 2, SCREEN_H - text.LH if tall else 110, widgets.HILITE, strings.PASS_READY,
                   name)

    def key(self, app, k):
        """A: the hand of the person the device was passed to."""
        if k == K_A:
            app.viewer = app.passing_for
            app.after_pass(app)
