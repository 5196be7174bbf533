"""The setup screen: players, who starts, game kind, sound, each seat."""

import displayio
from boards import K_A, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_START, K_UP, LINE_H, SCREEN_H
from micropython import const

from taki_ui import strings, text, unload, watch, widgets
from taki_ui.settings import CPU_HARD, HUMAN, MAX_SEATS, default_seat
from taki_ui.states import S_RENAME, S_SETUP

ROWS = const(8)  # rows visible at once
_Y0 = const(16)
_X = const(2)
_R_PLAYERS = const(0)
_R_FIRST = const(1)
_R_MODE = const(2)
_R_SOUND = const(3)
_R_SEAT0 = const(4)
_VALUE_END = const(25)  # values end at this column; the last one shows ^ v
_MARK = const(12)  # "?" a column after a seat's name (10 at most): hints on


class SetupScreen:
    def __init__(self, lines, settings, saves, row=0):
        """saves: taki_ui.persist.Saves, which keeps each seat's hints on/off
        (with the records)."""
        self.settings = settings
        self.saves = saves
        self.group = displayio.Group()
        lh = text.lang.lh
        tall = lh > text.LINE_H
        lines.take(self.group, 2, 0 if tall else 1, widgets.HILITE, strings.SETUP_TITLE)
        # a taller script shows fewer rows at once (and scrolls)
        self.nrows = (SCREEN_H - 2 * lh) // lh if tall else ROWS
        self.rows = [lines.take(self.group, _X, lh + i * lh if tall else _Y0 + i * LINE_H,
                                widgets.FG) for i in range(self.nrows)]
        self.keys = lines.take(self.group, 2, SCREEN_H - lh, widgets.DIM)
        self.row = row
        self.top = 0
        self.note = -1  # a text shown in place of the key help until the next key
        self.show()

    def count(self):
        return _R_SEAT0 + self.settings.players + 2  # the seats, the language, start

    def seat(self):
        """The seat of the selected row, or -1."""
        s = self.row - _R_SEAT0
        return s if 0 <= s < self.settings.players else -1

    def _draw(self, ln, r):
        """Row r into line ln: the cursor, a label, its value on the right."""
        st = self.settings
        ln.clear()
        ln.put(0, ">" if r == self.row else " ")
        if r == _R_PLAYERS:
            ln.put_text(1, strings.PLAYERS)
            ln.put(_VALUE_END - (2 if st.players > 9 else 1), st.players)
        elif r == _R_FIRST:
            ln.put_text(1, strings.STARTS)
            name = st.names[st.first]
            if default_seat(name) >= 0:  # the language's words: as wide as they draw
                ln.put_text(_VALUE_END, strings.PLAYER, st.first + 1, right=True)
            else:
                ln.put(_VALUE_END - len(name), name)
        elif r == _R_MODE:
            ln.put_text(1, strings.MODE)
            ln.put_text(_VALUE_END, strings.MODE_TOURNAMENT if st.tournament
                        else strings.MODE_NORMAL, right=True)
        elif r == _R_SOUND:
            ln.put_text(1, strings.SOUND)
            ln.put_text(_VALUE_END, strings.ON if st.sound else strings.OFF, right=True)
        elif r - _R_SEAT0 < st.players:
            s = r - _R_SEAT0
            ln.put(1, st.names[s])
            if self.saves.hints(s):
                ln.put(_MARK, "?")
            ln.put_text(_VALUE_END, strings.KIND_HUMAN + st.kinds[s], right=True)
        elif r == self.count() - 2:
            ln.put_text(1, strings.LANGUAGE)
            ln.put_text(_VALUE_END, strings.LANG_NAME, right=True)
        else:
            ln.put_text(1, strings.START_GAME)

    def show(self, was=-1):
        """Redraw every row (on entering the screen and after a change);
        was: the row the cursor left when nothing else changed: then only
        that row and the cursor's are drawn again, unless the rows scrolled
        (a row of pictures is words read from the file and drawn anew)."""
        top = self.top
        n = self.count()
        if self.row >= n:
            self.row = n - 1
        if self.row < self.top:
            self.top = self.row
        elif self.row >= self.top + self.nrows:
            self.top = self.row - self.nrows + 1
        if self.top > max(0, n - self.nrows):
            self.top = max(0, n - self.nrows)
        if self.top != top:
            was = -1
        for i in range(self.nrows):
            r = self.top + i
            if was >= 0 and r != was and r != self.row:
                continue
            ln = self.rows[i]
            if r < n:
                self._draw(ln, r)
            else:
                ln.clear()
            # more rows above or below the visible eight: say so at the edge
            if i == 0 and self.top > 0:
                ln.put(_VALUE_END, "^")
            elif i == self.nrows - 1 and self.top + self.nrows < n:
                ln.put(_VALUE_END, "v")
            ln.done()
        if self.note >= 0:
            self.keys.show(self.note)
        else:
            self.keys.show(strings.SETUP_KEYS_SEAT if self.seat() >= 0 else strings.SETUP_KEYS)

    def notice(self, n):
        """Text n in place of the key help, until the next key."""
        self.note = n
        self.keys.show(n)

    def _change(self, app, step):
        """LEFT/RIGHT (A on a row that is not a seat) on the selected row;
        True if the language changed."""
        st = self.settings
        r = self.row
        if r == _R_PLAYERS:
            st.players = min(MAX_SEATS, max(2, st.players + step))
            if st.first >= st.players:
                st.first = st.players - 1
        elif r == _R_FIRST:
            st.first = (st.first + step) % st.players
        elif r == _R_MODE:
            st.tournament = not st.tournament
        elif r == _R_SOUND:
            st.sound = not st.sound
            app.lights.silence()
        elif self.seat() >= 0:
            s = self.seat()
            st.kinds[s] = (st.kinds[s] + step) % (CPU_HARD + 1)
            self.saves.set_hints(s, False)  # hints are a person's: off when the kind changes
        elif r == self.count() - 2:
            langs = text.LANGS
            at = langs.index(st.lang) if st.lang in langs else 0
            if not st.speak(langs[(at + step) % len(langs)]):
                app.warning = strings.LANG_BAD  # setup says so when it is shown again
            app.saves.changed(settings=True)
            return True
        else:
            return False  # the start row
        app.saves.changed(settings=True)
        return False

    def key(self, app, k):
        """One key: a setting changed, a seat renamed, or the game started."""
        self.note = -1
        was = -1  # the row the cursor leaves, if that is all that changes
        if k == K_UP:
            was = self.row
            self.row = (self.row - 1) % self.count()
        elif k == K_DOWN:
            was = self.row
            self.row = (self.row + 1) % self.count()
        elif k == K_A and self.row == self.count() - 1:
            watch.new_game(app)
            return
        elif k == K_START:
            app.setup_row = self.row  # where setup comes back to
            unload.make_room(app)  # before its module comes in
            from taki_ui import records_screen

            records_screen.show(app, S_SETUP)
            return
        elif k == K_SELECT and self.seat() >= 0:
            s = self.seat()
            if self.settings.kinds[s] != HUMAN:
                self.notice(strings.HINT_CPU)
                return
            self.saves.set_hints(s, not self.saves.hints(s))
            app.saves.changed(settings=True)  # kept with the records, written as a setup change is
        elif k == K_A and self.seat() >= 0:
            app.setup_row = self.row  # where setup comes back to
            app.enter(S_RENAME, "rename_screen", "RenameScreen", self.seat(), app.names,
                      self.settings.players)
            return
        elif k == K_LEFT or k == K_RIGHT or k == K_A:
            if self._change(app, -1 if k == K_LEFT else 1):
                app.to_setup(self.row)  # every text anew, in the new language
                return
        self.show(was)
