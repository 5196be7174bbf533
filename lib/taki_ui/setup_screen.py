"""The setup screen: players, who starts, game kind, sound, each seat."""

import displayio
from boards import K_A, K_DOWN, K_LEFT, K_RIGHT, K_UP
from micropython import const

from taki_ui import strings, widgets
from taki_ui.settings import CPU_HARD, MAX_SEATS
from taki_ui.states import A_CHANGED, A_NONE, A_RENAME, A_SOUND, A_START

ROWS = const(8)  # rows visible at once
_Y0 = const(16)
_ROW_H = const(12)
R_PLAYERS = const(0)
R_FIRST = const(1)
R_MODE = const(2)
R_SOUND = const(3)
R_SEAT0 = const(4)



def _row(left, right):
    return widgets.pad(left, 25 - len(right)) + right


class SetupScreen:
    def __init__(self, lines, settings, row=0):
        self.settings = settings
        self.group = displayio.Group()
        lines.take(self.group, 2, 1, widgets.HILITE, text=strings.SETUP_TITLE)
        self.rows = [lines.take(self.group, 8, _Y0 + i * _ROW_H, widgets.FG)
                     for i in range(ROWS)]
        self.marker = lines.take(self.group, 1, _Y0, widgets.HILITE, text=">")
        self.keys = lines.take(self.group, 2, 116, widgets.DIM)
        self.row = row
        self.top = 0
        self.show()

    def count(self):
        return R_SEAT0 + self.settings.players + 1

    def seat(self):
        """The seat of the selected row, or -1."""
        s = self.row - R_SEAT0
        return s if 0 <= s < self.settings.players else -1

    def _text(self, r):
        st = self.settings
        if r == R_PLAYERS:
            return _row(strings.PLAYERS, str(st.players))
        if r == R_FIRST:
            return _row(strings.STARTS, st.names[st.first])
        if r == R_MODE:
            return _row(strings.MODE, strings.MODE_TOURNAMENT if st.tournament else strings.MODE_NORMAL)
        if r == R_SOUND:
            return _row(strings.SOUND, strings.ON if st.sound else strings.OFF)
        s = r - R_SEAT0
        if s < st.players:
            return _row(st.names[s], strings.KINDS[st.kinds[s]])
        return strings.START_GAME

    def show(self):
        """Redraw every row (on entering the screen and after a change)."""
        n = self.count()
        if self.row >= n:
            self.row = n - 1
        if self.row < self.top:
            self.top = self.row
        elif self.row >= self.top + ROWS:
            self.top = self.row - ROWS + 1
        if self.top > max(0, n - ROWS):
            self.top = max(0, n - ROWS)
        for i in range(ROWS):
            r = self.top + i
            self.rows[i].set(self._text(r) if r < n else "")
        self.marker.y = _Y0 + (self.row - self.top) * _ROW_H
        self.keys.set(strings.SETUP_KEYS_SEAT if self.seat() >= 0 else strings.SETUP_KEYS)

    def notice(self, text):
        """A line in place of the key help, until the next key."""
        self.keys.set(text)

    def _change(self, step):
        st = self.settings
        r = self.row
        if r == R_PLAYERS:
            st.players = min(MAX_SEATS, max(2, st.players + step))
            if st.first >= st.players:
                st.first = st.players - 1
        elif r == R_FIRST:
            st.first = (st.first + step) % st.players
        elif r == R_MODE:
            st.tournament = not st.tournament
        elif r == R_SOUND:
            st.sound = not st.sound
            return A_SOUND
        elif self.seat() >= 0:
            s = self.seat()
            st.kinds[s] = (st.kinds[s] + step) % (CPU_HARD + 1)
        else:
            return A_NONE
        return A_CHANGED

    def key(self, k):
        """Handle one logical key; return what the app should do."""
        act = A_NONE
        if k == K_UP:
            self.row = (self.row - 1) % self.count()
        elif k == K_DOWN:
            self.row = (self.row + 1) % self.count()
        elif k == K_LEFT:
            act = self._change(-1)
        elif k == K_RIGHT:
            act = self._change(1)
        elif k == K_A:
            if self.row == self.count() - 1:
                return A_START
            if self.seat() >= 0:
                return A_RENAME
            act = self._change(1)
        self.show()
        return act
