"""Game over: the winner, and the standings (by stage in a tournament)."""

import displayio

from taki_ui import strings, widgets
from taki_ui.table_screen import short_name


class OverScreen:
    def __init__(self, lines, game, names):
        self.group = g = displayio.Group()
        lines.take(g, 2, 1, widgets.DIM, text=strings.GAME_OVER)
        w = game.winner()
        tour = game.tournament()
        big = displayio.Group(scale=2, x=2, y=13)
        g.append(big)
        lines.take(big, 0, 0, widgets.HILITE, text=names[w] if w >= 0 else strings.NO_WINNER)
        lines.take(g, 2, 38, widgets.HILITE,
                   text=strings.WINS_TOURNAMENT if tour else strings.WINS)
        lines.take(g, 2, 52, widgets.DIM, text=strings.STANDINGS if tour else strings.CARDS_LEFT)
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
        # ten places in two columns of five
        for row in range(5):
            text = ""
            for col in range(2):
                i = col * 5 + row
                if i < n:
                    s = order[i]
                    short = short_name(names[s], s)
                    if tour:
                        cell = strings.STANDING % (i + 1, short, game.stage(s), game.hand_size(s))
                    else:
                        cell = strings.STANDING_CARDS % (i + 1, short, game.hand_size(s))
                    text += widgets.pad(cell, 13)
            lines.take(g, 0, 64 + row * 10, widgets.FG, text=text)
        lines.take(g, 2, 116, widgets.DIM, text=strings.OVER_KEYS)


def _rank(game, s, winner):
    if s == winner:
        return -1
    return (game.stage(s) * 200 + game.hand_size(s)) * 16 + s
