"""Each name's record (taki_ui.records): a row per name, most games won
first; A clears the row under the cursor, SELECT every row, each after
"Are you sure?". Reached from setup (START) and from the pause menu; B goes
back there. A clearing goes with the next save (the way back writes it)."""

import displayio
from boards import K_A, K_B, K_DOWN, K_SELECT, K_START, K_UP, SCREEN_H
from micropython import const

from taki_ui import strings, text, widgets
from taki_ui.records import C_BEST, C_HINTS, C_PLAYED, C_TPLAYED, C_TWON, C_WON, NO_BEST
from taki_ui.settings import HUMAN
from taki_ui.states import S_PAUSE, S_RECORDS

_ROW_H = const(10)  # the Latin font's rows, each over the last
_ASK_ONE = const(1)
_ASK_ALL = const(2)


def show(app, back):
    """The Records screen; B goes back to state back (S_SETUP or S_PAUSE)."""
    app.enter(S_RECORDS, "records_screen", "RecordsScreen", app.saves.records, back)


class RecordsScreen:
    def __init__(self, lines, records, back):
        self.group = g = displayio.Group()
        self.records = records
        self.back = back
        lh = text.LH
        tall = lh > text.LINE_H
        lines.take(g, 2, 0 if tall else 1, widgets.HILITE, strings.RECORDS)
        lines.take(g, 2, lh if tall else 1 + lh, widgets.DIM, strings.RECORDS_HEAD)
        top = 2 * lh + 2 if tall else 2 * lh + 4
        bottom = SCREEN_H - 3 * lh  # two lines of the row's details, then the keys
        self.nrows = max(1, (bottom - top) // _ROW_H)
        # (not ltr: in Sindhi the columns go from the right, as its texts do)
        self.rows = [lines.take(g, 0, top + i * _ROW_H, widgets.FG, bg=text.CLEAR)
                     for i in range(self.nrows)]
        self.more = (lines.take(g, 2, bottom, widgets.HILITE),
                     lines.take(g, 2, bottom + lh, widgets.HILITE))
        self.keys = lines.take(g, 2, SCREEN_H - lh, widgets.DIM)
        self.row = 0  # the cursor, in the sorted order
        self.top = 0
        self.asking = 0
        self.order = records.by_wins()
        self.show()

    def show(self):
        order = self.order
        n = len(order)
        if self.row >= n:
            self.row = max(0, n - 1)
        if self.row < self.top:
            self.top = self.row
        elif self.row >= self.top + self.nrows:
            self.top = self.row - self.nrows + 1
        for i, ln in enumerate(self.rows):
            ln.clear()
            k = self.top + i
            if k < n:
                draw_row(ln, self.records, order[k], k == self.row)
            elif k == 0:
                ln.put_text(2, strings.RECORDS_NONE)
            ln.done()
        a, b = self.more
        if self.asking:
            a.show(strings.RECORDS_SURE if self.asking == _ASK_ONE else strings.RECORDS_SURE_ALL)
            b.set("")
            self.keys.show(strings.RECORDS_SURE_KEYS)
            return
        if n:
            r = order[self.row]
            rec = self.records
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
            if self.back == S_PAUSE:
                app.pause()  # (which writes a clearing at once)
            else:
                app.to_setup(app.setup_row)
            return
        self.show()


def draw_row(ln, rec, r, here):
    """Row r of the records into line ln (26 columns): the cursor, the name
    (a computer: its level's name), games won/played, tournaments won/played
    (shown up to 999 and 99); in Sindhi each from the right (taki_ui.pictures
    mirrors every put). The one place a row is drawn (the lead moves tables
    onto GridLayout)."""
    ln.put(0, ">" if here else " ")
    lv = rec.level(r)
    if lv == HUMAN:
        ln.put(1, rec.name(r))
    else:
        ln.put_text(1, strings.KIND_HUMAN + lv)
    _pair(ln, 12, 3, rec.get(r, C_WON), rec.get(r, C_PLAYED))
    if rec.get(r, C_TPLAYED):
        _pair(ln, 20, 2, rec.get(r, C_TWON), rec.get(r, C_TPLAYED))


def _pair(ln, col, width, a, b):
    """"a/b" from column col, a right-aligned in width columns. Mirrored
    (Sindhi), the pair's place is mirrored but it still reads "a/b", as
    numbers do in Sindhi: its three parts swap places inside it."""
    top = 999 if width == 3 else 99
    a = min(a, top)
    b = min(b, top)
    da = 1 if a < 10 else 2 if a < 100 else 3
    db = 1 if b < 10 else 2 if b < 100 else 3
    start = col + width - da
    end = col + width + 1 + db
    if text.RTL:  # part at k, w wide -> at start + end - k - w, then mirrored
        ln.put(end - da, a)
        ln.put(start + db, "/")
        ln.put(start, b)
    else:
        ln.put(start, a)
        ln.put(start + da, "/")
        ln.put(start + da + 1, b)
