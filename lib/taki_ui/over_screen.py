"""Game over: the winner, and the standings (by stage in a tournament)."""

from taki_ui import strings, widgets
from taki_ui.table_screen import short_name


class OverScreen:
    def __init__(self):
        self.group = widgets.screen()
        self.group.append(widgets.label(strings.GAME_OVER, 2, 1, 26, widgets.DIM))
        self.winner = widgets.label("", 2, 13, 12, widgets.HILITE, scale=2)
        self.group.append(self.winner)
        self.wins = widgets.label("", 2, 38, 26, widgets.HILITE)
        self.group.append(self.wins)
        self.head = widgets.label("", 2, 52, 26, widgets.DIM)
        self.group.append(self.head)
        # ten places in two columns of five
        self.grid, self.cells = widgets.ten_labels(0, 64, 160, 50, 13)
        self.group.append(self.grid)
        self.group.append(widgets.label(strings.OVER_KEYS, 2, 116, 26, widgets.DIM))
        self.order = bytearray(10)

    def show(self, game, names):
        w = game.winner()
        tour = game.tournament()
        widgets.set_text(self.winner, names[w] if w >= 0 else strings.NO_WINNER)
        widgets.set_text(self.wins, strings.WINS_TOURNAMENT if tour else strings.WINS)
        widgets.set_text(self.head, strings.STANDINGS if tour else strings.CARDS_LEFT)
        n = game.players
        order = self.order
        for i in range(n):
            order[i] = i
        # winner first, then lower stage, fewer cards, lower seat (R10.3)
        for i in range(1, n):
            j = i
            while j > 0 and _rank(game, order[j], w) < _rank(game, order[j - 1], w):
                order[j], order[j - 1] = order[j - 1], order[j]
                j -= 1
        for i in range(10):
            if i >= n:
                widgets.set_text(self.cells[i], "")
                continue
            s = order[i]
            short = short_name(names[s], s)
            if tour:
                text = strings.STANDING % (i + 1, short, game.stage(s), game.hand_size(s))
            else:
                text = strings.STANDING_CARDS % (i + 1, short, game.hand_size(s))
            widgets.set_text(self.cells[i], text)


def _rank(game, s, winner):
    if s == winner:
        return -1
    return (game.stage(s) * 200 + game.hand_size(s)) * 16 + s
