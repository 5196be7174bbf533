"""Each name's record (taki_ui.records): a row per name, most games won
first; A clears the row under the cursor, SELECT every row, each after
"Are you sure?". Reached from setup (START) and from the pause menu; B goes
back there. A clearing goes with the next save (the way back writes it)."""

import displayio
import terminalio
from adafruit_display_text.bitmap_label import Label
from adafruit_displayio_layout.layouts.grid_layout import GridLayout
from boards import CHAR_W, K_A, K_B, K_DOWN, K_SELECT, K_START, K_UP, SCREEN_H, SCREEN_W
from micropython import const

from taki_ui import strings, text, unload, widgets
from taki_ui.records import C_BEST, C_HINTS, C_PLAYED, C_TPLAYED, C_TWON, C_WON, NO_BEST
from taki_ui.settings import HUMAN, NAME_LEN
from taki_ui.states import S_PAUSE, S_RECORDS

_ROW_H = const(10)  # the Latin font's rows, each over the last
_COLS = const(26)  # the table's grid: a column a character of the font
_ASK_ONE = const(1)
_ASK_ALL = const(2)
# (first grid column, columns) of the table's columns, left to right; in
# Sindhi each is mirrored (_span), the way its texts run
_WHO = (0, 1 + NAME_LEN)  # the cursor, then the name (a computer's: from column 1)
_GAMES = (12, 7)  # "999/999", the "/" in one column down the table
_TOURS = (20, 5)  # "99/99"


def show(app, back):
    """The Records screen; B goes back to state back (S_SETUP or S_PAUSE)."""
    unload.make_room(app)  # its libraries need it (done already where it is reached from)
    app.enter(S_RECORDS, "records_screen", "RecordsScreen", app.saves.records, back)
    app.screen.show()  # (here, not in __init__: a label's drawing is deep, the pystack small)


def _span(col):
    """(first column, columns) of a table column, mirrored in Sindhi."""
    first, n = col
    return (_COLS - first - n, n) if text.lang.rtl else col


class RecordsScreen:
    def __init__(self, lines, records, back):
        self.group = g = displayio.Group()
        self.lines = lines
        self.records = records
        self.back = back
        lh = text.lang.lh
        tall = lh > text.LINE_H
        lines.take(g, 2, 0 if tall else 1, widgets.HILITE, strings.RECORDS)
        lines.take(g, 2, lh if tall else 1 + lh, widgets.DIM, strings.RECORDS_HEAD)
        self.top_y = top = 2 * lh + 2 if tall else 2 * lh + 4
        bottom = SCREEN_H - 3 * lh  # two lines of the row's details, then the keys
        self.nrows = n = max(1, (bottom - top) // _ROW_H)
        # The table: a GridLayout of one column a character, a row a name;
        # each of its columns is one multi-line Label (a Label a cell would
        # cost 1.2 KB each), laid from the right in Sindhi. A computer's row
        # names its level, a text of the language (a picture in the shaped
        # scripts): drawn by a line of the pool over that row's cells.
        # (156 pixels wide: at the left edge, or in Sindhi at the right one,
        # as the pool's lines place their columns)
        w = _COLS * CHAR_W
        self.grid = grid = GridLayout(x=SCREEN_W - w if text.lang.rtl else 0, y=top, width=w,
                                      height=n * _ROW_H, grid_size=(_COLS, n))
        self.cols = []
        for col in (_WHO, _GAMES, _TOURS):
            lab = Label(terminalio.FONT, text="", color=widgets.FG,
                        line_spacing=_ROW_H / text.LINE_H + 0.01)
            first, w = _span(col)
            grid.add_content(lab, grid_position=(first, 0), cell_size=(w, n), layout_cells=False)
            self.cols.append(lab)
        grid.layout_cells()
        g.append(grid)
        self.words = []  # the pool's lines over the computers' rows, and the "none yet"
        self.more = (lines.take(g, 2, bottom, widgets.HILITE),
                     lines.take(g, 2, bottom + lh, widgets.HILITE))
        self.keys = lines.take(g, 2, SCREEN_H - lh, widgets.DIM)
        self.row = 0  # the cursor, in the sorted order
        self.top = 0
        self.asking = 0
        self.order = records.by_wins()

    def close(self):
        """Leaving the screen: the libraries' code goes with it, and the
        records' (the stage forgets this module)."""
        global Label, GridLayout
        unload.forget_display_libs()
        unload.forget("taki_ui.records")
        # what it holds goes now, not when its key() that left it returns:
        # the next screen is built meanwhile, in that room (see Stage.show);
        # the libraries' code too, which this module's names held (the stage
        # forgets the module, so they are imported again with it)
        self.grid = self.cols = self.records = self.order = self.words = None
        Label = GridLayout = None
        unload.forget("taki_ui.records_screen")  # (shown again: imported again, names and all)

    def _slots(self, r):
        """Rows of the grid that row r takes: a computer's level is a picture
        as tall as the language's lines in the shaped scripts, two rows of
        the Latin font (one everywhere else)."""
        return 2 if text.lang.lh > _ROW_H and self.records.level(r) != HUMAN else 1

    def _fits(self, first, last):
        """Whether the sorted rows first..last fit the grid's rows."""
        need = 0
        for k in range(first, last + 1):
            need += self._slots(self.order[k])
        return need <= self.nrows

    def show(self):
        order = self.order
        n = len(order)
        if self.row >= n:
            self.row = max(0, n - 1)
        if self.row < self.top:
            self.top = self.row
        while self.top < self.row and not self._fits(self.top, self.row):
            self.top += 1
        for ln in self.words:
            self.lines.give(ln)
        self.words = []
        shown = []
        used = 0
        for r in order[self.top:]:
            used += self._slots(r)
            if used > self.nrows and shown:
                break
            shown.append(r)
        cells = table(self.records, shown, self.row - self.top, text.lang.rtl, self._slots)
        for lab, s in zip(self.cols, cells):
            if lab.text != s:
                lab.text = s
        rec = self.records
        y = self.top_y
        for r in shown:
            lv = rec.level(r)
            if lv != HUMAN:  # the level's name, in the name's cells
                ln = self.lines.take(self.group, 0, y, widgets.FG, bg=text.CLEAR)
                ln.clear()
                ln.put_text(1, strings.KIND_HUMAN + lv)
                ln.done()
                self.words.append(ln)
            y += self._slots(r) * _ROW_H
        if not n:
            ln = self.lines.take(self.group, 0, self.top_y, widgets.FG, bg=text.CLEAR)
            ln.put_text(2, strings.RECORDS_NONE)
            ln.done()
            self.words.append(ln)
        a, b = self.more
        if self.asking:
            a.show(strings.RECORDS_SURE if self.asking == _ASK_ONE else strings.RECORDS_SURE_ALL)
            b.set("")
            self.keys.show(strings.RECORDS_SURE_KEYS)
            return
        if n:
            r = order[self.row]
            a.show(strings.RECORDS_HINTS, rec.get(r, C_HINTS))
            best = rec.get(r, C_BEST)
            if best == NO_BEST:
                b.show(strings.RECORDS_NO_BEST)
            else:
                b.show(strings.RECORDS_BEST, best)
        else:
            a.set("")
            b.set("")
        self.keys.show(strings.RECORDS_KEYS)

    def key(self, app, k):
        n = len(self.order)
        if self.asking:
            if k == K_A:
                if self.asking == _ASK_ONE:
                    self.records.clear(self.order[self.row])
                else:
                    self.records.clear_all()
                self.order = self.records.by_wins()
                app.saves.changed(settings=True)  # written as a setup change is
            self.asking = 0
        elif k == K_UP and n:
            self.row = (self.row - 1) % n
        elif k == K_DOWN and n:
            self.row = (self.row + 1) % n
        elif k == K_A and n:
            self.asking = _ASK_ONE
        elif k == K_SELECT and n:
            self.asking = _ASK_ALL
        elif k == K_B or k == K_START:
            # where it goes back to, built by the app once this returned: this
            # module's code is 3.5 KB of heap, held while this frame runs (the
            # Sindhi game with the Records failed for room at 128 KB, the heap
            # left in pieces; the pause menu writes a clearing at once)
            return app.pause if self.back == S_PAUSE else app.back_to_setup
        self.show()


def table(rec, rows, here, rtl, slots):
    """The texts of the table's three columns (the cursor and the name, games
    won/played, tournaments won/played) for the records' rows `rows`, the
    cursor on the `here`-th: a line per row of the grid, a row taking
    slots(row) of them (the rest blank). Each line is the width of its
    cells, so the columns of a monospaced font stay aligned; a computer's
    name is left blank (a line of the pool draws it). Counts are shown up to
    999 and 99, the "/" in one column; right to left (Sindhi) the columns are
    mirrored, a name stands at their right end, a count still reads
    "won/played", as numbers do there."""
    names, games, tours = [], [], []
    for i, r in enumerate(rows):
        name = rec.name(r) if rec.level(r) == HUMAN else ""
        if rtl:  # (no str.rjust on the board)
            names.append("%*s%s" % (NAME_LEN, name, "<" if i == here else " "))
        else:
            names.append("%s%-*s" % (">" if i == here else " ", NAME_LEN, name))
        games.append(_pair(rec.get(r, C_WON), rec.get(r, C_PLAYED), 999))
        tp = rec.get(r, C_TPLAYED)
        tours.append(_pair(rec.get(r, C_TWON), tp, 99) if tp else " ")
        for _ in range(slots(r) - 1):
            for col in (names, games, tours):
                col.append(" ")
    # (a blank line is a space: bitmap_label fails on a text of "\n"s alone)
    return tuple("\n".join(c) for c in (names, games, tours))


def _pair(a, b, top):
    """"a/b", a right-aligned in the width of top (so that the "/" of every
    row stands in one column), each at most top."""
    w = len(str(top))
    return "%*d/%-*d" % (w, min(a, top), w, min(b, top))
