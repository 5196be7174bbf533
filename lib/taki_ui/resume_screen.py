"""At power-on, when a game was saved: resume it (A) or not (B)."""

import displayio
from boards import K_A, K_B, SCREEN_H

from taki_ui import strings, text, watch, widgets


class ResumeScreen:
    def __init__(self, lines, game, names):
        self.group = g = displayio.Group()
        lh = text.lang.lh
        tall = lh > text.LINE_H
        if tall:  # a taller script: its own size, not doubled
            lines.take(g, 8, 14, widgets.HILITE, strings.RESUME_TITLE)
        else:
            big = displayio.Group(scale=2, x=8, y=14)
            g.append(big)
            lines.take(big, 0, 0, widgets.HILITE, strings.RESUME_TITLE)
        lines.take(g, 2, 48 if tall else 52, widgets.FG, strings.RESUME_TOURNAMENT
                   if game.tournament() else strings.RESUME_NORMAL, game.players)
        lines.take(g, 2, 48 + lh + 4 if tall else 68, widgets.FG, strings.RESUME_NEXT,
                   names[game.current()])
        lines.take(g, 2, SCREEN_H - lh if tall else 110, widgets.HILITE, strings.RESUME_KEYS)

    def key(self, app, k):
        if k == K_A:
            watch.begin(app)
        elif k == K_B:
            app.to_setup()  # the save stays until the next deal
