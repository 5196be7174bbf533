"""Game over: the winner, and the standings (by stage in a tournament)."""

import displayio
from boards import K_A, K_B, SCREEN_H
from micropython import const

from taki_ui import settings, strings, text, watch, widgets

_CELL = const(13)  # a place's cell: " 1.Mama 8 13" and a space: cells never touch


class OverScreen:
    def __init__(self, lines, game, names):
        self.group = g = displayio.Group()
        top_line = lines.take(g, 2, 1, widgets.DIM, strings.GAME_OVER)
        w = game.winner()
        tour = game.tournament()
        wins = strings.WINS_TOURNAMENT if tour else strings.WINS
        lh = text.LH
        if lh > text.LINE_H:
            # a taller script: the winner's name over "wins the game!" (each
            # translation reads on from the name), in place of "Game over"
            top_line.y = 0
            if w >= 0:  # (right to left: the name at the right edge)
                top_line.colour(widgets.HILITE)
                top_line.set(names[w])
                lines.take(g, 2, lh, widgets.HILITE, wins)
            else:
                top_line.colour(widgets.HILITE)
                top_line.show(strings.NO_WINNER)
                lines.take(g, 2, lh, widgets.DIM, strings.GAME_OVER)
            lines.take(g, 2, 2 * lh, widgets.DIM, strings.STANDINGS if tour
                       else strings.CARDS_LEFT)
            top = 3 * lh + 2 - text.lat_y()
        else:
            big = displayio.Group(scale=2, x=2, y=13)
            g.append(big)
            if w >= 0:
                lines.take(big, 0, 0, widgets.HILITE, names[w], ltr=True)
            else:
                lines.take(big, 0, 0, widgets.HILITE, strings.NO_WINNER)
            lines.take(g, 2, 38, widgets.HILITE, wins)
            lines.take(g, 2, 52, widgets.DIM, strings.STANDINGS if tour else strings.CARDS_LEFT)
            top = 64
        n = game.players
        order = bytearray(n)
        for i in range(n):
            order[i] = i
        # winner first, then lower stage, fewer cards, lower seat (R10.3)
        for i in range(1, n):
            j = i
            while j > 0 and _rank(game, order[j], w) < _rank(game, order[j - 1], w):
                order[j], order[j - 1] = order[j - 1], order[j]
                j -= 1
        short = settings.shorts(names, n, 4)
        # ten places in two columns of five (right to left: the columns and
        # each cell's parts from the right, "1." as the bidirectional
        # algorithm puts it beside a name: ".1")
        for row in range(5):
            ln = lines.take(g, 0, top + row * 10, widgets.FG,
                            bg=text.CLEAR)  # 10 px apart: each over the last
            ln.clear()
            for col in range(2):
                i = col * 5 + row
                if i >= n:
                    continue
                s = order[i]
                at = col * _CELL
                ln.put(at + (1 if i < 9 else 0), i + 1)
                ln.put(at + 2, ".")
                ln.put(at + 3, short[s])
                if tour:
                    ln.put(at + 8, game.stage(s))
                h = game.hand_size(s)
                ln.put(at + 12 - (3 if h > 99 else 2 if h > 9 else 1), h)
            ln.done()
        lines.take(g, 2, SCREEN_H - lh, widgets.DIM, strings.OVER_KEYS)

    def key(self, app, k):
        """A: a new deal with the same setup; B: back to setup."""
        if k == K_A:
            watch.new_game(app)
        elif k == K_B:
            app.to_setup()


def _rank(game, s, winner):
    if s == winner:
        return -1
    return (game.stage(s) * 200 + game.hand_size(s)) * 16 + s
