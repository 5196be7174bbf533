"""Renaming a seat: a letter at a time with the arrows (held, they repeat),
SELECT deletes. A name must have a letter and differ from every other seat's."""

import displayio
from boards import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP, SCREEN_H
from micropython import const

from taki_ui import rest, strings, text, widgets
from taki_ui.settings import NAME_LEN, default_seat
from taki_ui.unload import forget

_X0 = const(20)
_Y0 = const(46)
# what a name may hold, in the order UP goes through them
NAME_CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-"


class RenameScreen:
    def __init__(self, lines, seat, names, players):
        self.group = g = displayio.Group()
        lh = text.lang.lh
        self.tall = tall = lh > text.LINE_H
        lines.take(g, 2, 0 if tall else 4, widgets.HILITE, strings.RENAME_TITLE, seat + 1)
        y = lh + 6 if tall else _Y0  # where the name's letters are
        big = displayio.Group(scale=2, x=_X0, y=y - 2 * text.lang.lat_y)
        g.append(big)
        self.name = lines.take(big, 0, 0, widgets.FG, bg=text.CLEAR, ltr=True)  # over the title
        self.cursor, _ = widgets.box(_X0, y + 26, 12, 2, widgets.HILITE)
        g.append(self.cursor)
        # why A did not take the name (a taller script: over the keys' lines)
        self.why = lines.take(g, 2, SCREEN_H - 2 * lh if tall else 80, widgets.HILITE)
        self.why2 = lines.take(g, 2, SCREEN_H - lh if tall else 90, widgets.HILITE)
        self.keys = (lines.take(g, 2, SCREEN_H - 2 * lh, widgets.DIM,
                                strings.RENAME_KEYS),
                     lines.take(g, 2, SCREEN_H - lh, widgets.DIM,
                                strings.RENAME_KEYS2))
        self.seat = seat
        self.names = names
        self.players = players
        name = names[seat]
        if default_seat(name) >= 0:
            name = ""  # the language's words for "Player 3": not letters to edit
        self.chars = bytearray(NAME_LEN)
        for i in range(NAME_LEN):
            self.chars[i] = ord(name[i]) if i < len(name) else 32
        self.pos = 0
        self._show()

    def _show(self):
        self.name.set(str(self.chars, "ascii"))
        self.cursor.x = _X0 + self.pos * 12

    def result(self):
        return str(self.chars, "ascii").strip()

    def _refusal(self):
        """Why the name cannot be kept (a text's number and its seat), or -1."""
        name = self.result()
        if not name:
            return strings.NAME_EMPTY, 0
        key = name.lower()
        for s in range(self.players):
            if s != self.seat and self.names[s].lower() == key:
                return strings.NAME_TAKEN, s + 1
        return -1, 0

    def _keys(self, shown):
        if self.tall:
            self.keys[0].hidden = self.keys[1].hidden = not shown

    def key(self, app, k):
        """A keeps the name (if it may be kept), B the old one: back to setup."""
        self.why.set("")
        self.why2.set("")
        self._keys(True)
        if k == K_A:
            why, seat = self._refusal()
            if why >= 0:
                text.show2(self.why, self.why2, why, seat)
                self._keys(False)
                return
            app.names[self.seat] = self.result()
            _learner(app, self.seat)
            app.saves.changed(settings=True)
            rest.save_now(app)  # a new name is worth a write at once
            app.back_to_setup()
            return
        if k == K_B:
            app.back_to_setup()
            return
        if k == K_LEFT:
            self.pos = (self.pos - 1) % NAME_LEN
        elif k == K_RIGHT:
            self.pos = (self.pos + 1) % NAME_LEN
        elif k == K_SELECT:  # delete: the letters after it move left
            c = self.chars
            for i in range(self.pos, NAME_LEN - 1):
                c[i] = c[i + 1]
            c[NAME_LEN - 1] = 32
        elif k == K_UP or k == K_DOWN:
            i = NAME_CHARS.find(chr(self.chars[self.pos]))
            i = (i + (1 if k == K_UP else -1)) % len(NAME_CHARS)
            self.chars[self.pos] = ord(NAME_CHARS[i])
        self._show()


def _learner(app, seat):
    """A name that last played with hints on (a learner, taki_ui.records)
    gets them on again in the seat it is given; nothing is turned off."""
    from taki_ui.records import Records

    if Records(app.saves.area).learner(app.names[seat]):
        app.saves.set_hints(seat, True)
    forget("taki_ui.records")  # (its code is heap; the Records screen loads it again)
