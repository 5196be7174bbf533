"""Game over: the winner, and the standings (by stage in a tournament)."""

import displayio
import terminalio
from adafruit_display_text.bitmap_label import Label
from adafruit_displayio_layout.layouts.grid_layout import GridLayout
from boards import CHAR_W, K_A, K_B, SCREEN_H, SCREEN_W
from micropython import const

from taki_ui import settings, strings, text, unload, watch, widgets

_ROW_H = const(10)  # the Latin font's rows, each over the last
_ROWS = const(5)  # ten places in two halves of five
_COLS = const(26)  # the standings' grid: a column a character of the font
_HALF = const(13)  # a half's columns: " 1.Mama 8 13" and a space: halves never touch
# a half's row (_row): " 1." to "10.", the name, a space, a tournament's
# stage (at most 9: 10 seats), the cards left in 3 columns, right-aligned
_NAME = const(3)  # the name's first column in its half
_WHO = const(4)  # a name's columns (settings.shorts)


class OverScreen:
    def __init__(self, lines, game, names):
        self.group = g = displayio.Group()
        top_line = lines.take(g, 2, 1, widgets.DIM, strings.GAME_OVER)
        w = game.winner()
        tour = game.tournament()
        wins = strings.WINS_TOURNAMENT if tour else strings.WINS
        lh = text.lang.lh
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
            top = 3 * lh + 2
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
        # each seat's name in its four columns: a seat nobody named is the
        # language's word in the shaped scripts, a picture drawn by a line
        # of the pool over its cells (None here), or "#3" where that picture
        # is wider than its cells and the blank column after them (Malayalam's
        # for seat 10: it ran into the stage's digit), as in the table's grid
        short = settings.shorts(names, n, _WHO)
        who = []
        for s in range(n):
            name = short[s]
            if text.lang.pixels and settings.default_seat(name) >= 0:
                if text.fits(strings.PLAYER_SHORT, s + 1, width=(_WHO + 1) * CHAR_W):
                    name = None
                else:
                    name = "#%d" % (s + 1)
            who.append(name)
        rtl = text.lang.rtl
        rows = min(n, _ROWS)
        # The standings: a GridLayout of one column a character, at the left
        # edge (in Sindhi at the right one, as the pool's lines place their
        # columns); each half is one multi-line Label in the cells it spans
        # (a Label is 1.1 KB of heap: a Label a field did not fit the board
        # with the pictures of the shaped scripts), its monospaced fields
        # aligned; the halves and their fields mirrored in Sindhi.
        gw = _COLS * CHAR_W
        grid = GridLayout(x=SCREEN_W - gw if rtl else 0, y=top, width=gw,
                          height=rows * _ROW_H, grid_size=(_COLS, rows))
        spacing = _ROW_H / text.LINE_H + 0.01
        for half in range((n + _ROWS - 1) // _ROWS):
            first = half * _ROWS
            cells = "\n".join(_row(first + k, s, game, who, tour, rtl)
                               for k, s in enumerate(order[first:first + _ROWS]))
            lab = Label(terminalio.FONT, text=cells, color=widgets.FG,
                        line_spacing=spacing)
            col, span = _span(half * _HALF, _HALF - 1, rtl)
            grid.add_content(lab, grid_position=(col, 0), cell_size=(span, rows),
                             layout_cells=False)
        grid.layout_cells()
        g.append(grid)  # (under the lines of pictures)
        for k in range(rows):  # a line a row, over both halves (the pool is small)
            ln = None
            for i in range(k, n, _ROWS):
                s = order[i]
                if who[s] is None:  # the language's own word for the seat
                    if ln is None:
                        ln = lines.take(g, 0, top - text.lang.lat_y + k * _ROW_H, widgets.FG,
                                        bg=text.CLEAR)
                        ln.clear()
                    ln.put(i // _ROWS * _HALF + _NAME, short[s])
            if ln is not None:
                ln.done()
        lines.take(g, 2, SCREEN_H - lh, widgets.DIM, strings.OVER_KEYS)

    def close(self):
        """Leaving the screen: the libraries' code goes with it, now (this
        module's names held it while its key() runs; the stage forgets the
        module, so they are imported again with it)."""
        global Label, GridLayout
        unload.forget_display_libs()
        Label = GridLayout = None
        unload.forget("taki_ui.over_screen")  # (shown again: imported again, names and all)

    def key(self, app, k):
        """A: a new deal with the same setup; B: back to setup."""
        if k == K_A:
            watch.new_game(app)
        elif k == K_B:
            app.to_setup()


def _span(first, n, rtl):
    """(first column, columns) of a half, mirrored right to left."""
    return (_COLS - first - n, n) if rtl else (first, n)


def _row(place, s, game, who, tour, rtl):
    """Seat s's row of a half, at 0-based place: the place, the name, the
    stage (a tournament's) and the cards left, each as wide as its field, so
    the columns of the monospaced font stay aligned. Right to left the
    fields run from the right ("1." beside a name reads ".1" there, the way
    the bidirectional algorithm orders it); a number still reads left to
    right. (No str.rjust on the board.)"""
    name = who[s] or ""  # (None: a picture, a line of the pool draws it)
    stage = "%d" % game.stage(s) if tour else " "
    if rtl:
        return "%-3d%s %4s.%-2d" % (game.hand_size(s), stage, name, place + 1)
    return "%2d.%-4s %s%3d" % (place + 1, name, stage, game.hand_size(s))


def _rank(game, s, winner):
    if s == winner:
        return -1
    return (game.stage(s) * 200 + game.hand_size(s)) * 16 + s
