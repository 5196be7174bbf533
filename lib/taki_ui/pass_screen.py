"""Pass the device: nobody's hand is on screen until its owner presses A.

Shown instead of the table, which stays built (taki_ui.stage: the pass
screen and the table are shown in turns between people's hands, each in a
root group of its own); kept too, and told the next name (show)."""

import displayio
from boards import K_A, SCREEN_H

from taki_ui import strings, text, widgets


class PassScreen:
    def __init__(self, lines, name, why=-1):
        """why: a text saying what for (to break the +3...), or -1."""
        self.group = g = displayio.Group()
        tall = text.lang.lh > text.LINE_H  # a taller script's lines: closer to the edges
        self.to = lines.take(g, 2, 4 if tall else 14, widgets.FG, strings.PASS_TO)
        # the name, twice the size; in the board's font wherever its line sits.
        # Right to left (Sindhi), the line ends at its bitmap's right edge: the
        # group stands so that this edge is 4 px from the screen's (160 * 2 - 156)
        big = displayio.Group(scale=2, x=-164 if text.lang.rtl else 4, y=36 - 2 * text.lang.lat_y)
        g.append(big)
        self.name = lines.take(big, 0, 0, widgets.HILITE)
        # "(hand hidden)"; on a pass with a purpose (the +3's), the purpose
        # instead, under the name: a line less to make and to draw on that
        # pass (it is the slowest: a line of pictures is ~3 ms of refresh)
        self.hide = lines.take(g, 2, 82 if tall else 84, widgets.DIM, strings.PASS_HIDE)
        self.ready = lines.take(g, 2, SCREEN_H - text.lang.lh if tall else 110, widgets.HILITE)
        self.taken = (self.to, self.name, self.hide, self.ready)  # (Stage.let_pass_go)
        self.show(name, why)

    def show(self, name, why=-1):
        """The person the device goes to, and what for (-1: nothing said);
        a line that says what it said last time is not drawn again."""
        self.name.set(name)
        ln = self.hide
        tall = text.lang.lh > text.LINE_H
        if why >= 0:
            ln.y = 62 if tall else 66
            ln.colour(widgets.FG)
            ln.show(why)
        else:
            ln.y = 82 if tall else 84
            ln.colour(widgets.DIM)
            ln.show(strings.PASS_HIDE)
        self.ready.show(strings.PASS_READY, name)

    def key(self, app, k):
        """A: the hand of the person the device was passed to."""
        if k == K_A:
            app.viewer = app.passing_for
            app.after_pass(app)
