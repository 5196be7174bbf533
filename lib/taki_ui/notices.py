"""Notices made from the core's event ring ("Player 2 is skipped.").

The core writes public events (code, a, b) into a ring; this reads the ones
not yet seen and queues, for each that people should notice, a text of the
table (taki_ui.strings) and its two places. The queue is fixed arrays, so a
notice allocates nothing; a busy turn drops the oldest ones. A place that is
a seat is kept as the seat (the screen fills in the name).
"""

from micropython import const
from taki_core.game import (
    EV_BLOCKED, EV_BREAK, EV_CAP, EV_COLOR, EV_DRAW, EV_PENALTY, EV_PLAY, EV_PLUS3, EV_WIN,
)

from taki_ui import strings

_CAP = const(16)
SEAT_A = const(1)  # place a is a seat (its name is shown)
SEAT_B = const(2)

# what an event asks the speaker for
SOUND_NONE = const(0)
SOUND_PENALTY = const(1)
SOUND_WIN = const(2)


class Notices:
    def __init__(self):
        self.seen = 0  # events read so far (the core's ev_total)
        self._text = bytearray(_CAP)
        self._a = bytearray(_CAP)
        self._b = bytearray(_CAP)
        self._seats = bytearray(_CAP)
        self._head = 0
        self._n = 0
        self.sound = SOUND_NONE  # strongest sound asked for since last read
        # the notice popped last: its text, places and which places are seats
        self.text = 0
        self.a = 0
        self.b = 0
        self.seats = 0
        self.actor = -1  # the seat whose move the newest notices are about

    def reset(self, game):
        self.seen = game.ev_total
        self._n = 0

    def pending(self):
        return self._n > 0

    def pop(self):
        """The oldest notice into text, a, b, seats."""
        h = self._head
        self.text = self._text[h]
        self.a = self._a[h]
        self.b = self._b[h]
        self.seats = self._seats[h]
        self._head = (h + 1) % _CAP
        self._n -= 1

    def push(self, text, a=0, b=0, seats=0):
        if self._n == _CAP:
            self.pop()
        i = (self._head + self._n) % _CAP
        self._text[i] = text
        self._a[i] = a
        self._b[i] = b
        self._seats[i] = seats
        self._n += 1

    def feed(self, game, quiet_seat=-1):
        """Queue notices for the new events; plays of quiet_seat are not
        announced (its player just made them, in their own hand)."""
        total = game.ev_total
        if total - self.seen > EV_CAP:
            self.seen = total - EV_CAP  # the ring has overwritten older ones
        while self.seen < total:
            k = self.seen
            self.seen += 1
            code = game.event(k, 0)
            a = game.event(k, 1)
            b = game.event(k, 2)
            if code == EV_PLAY or code == EV_COLOR or code == EV_DRAW or code == EV_PLUS3:
                self.actor = a
            self._event(code, a, b, quiet_seat)
            if code == EV_PENALTY and self.sound < SOUND_PENALTY:
                self.sound = SOUND_PENALTY
            elif code == EV_WIN or code == EV_BLOCKED:
                self.sound = SOUND_WIN

    def _event(self, code, a, b, quiet_seat):
        if code < EV_PLAY or code == EV_PLAY and a == quiet_seat:
            return  # a turn begins; a play its player just made in their own hand
        # the notices' texts (lang/en.txt) are in the order of the event codes
        # (taki_core.table), N_DRAW_ONE after N_DRAW: no table, no chain of ifs
        if code == EV_DRAW and b == 1:
            n = strings.N_DRAW_ONE
        elif code <= EV_DRAW:
            n = strings.N_PLAY + code - EV_PLAY
        else:
            n = strings.N_PENALTY + code - EV_PENALTY
        # place a is a seat in every one (a text without places shows none)
        self.push(n, a, b, SEAT_A | SEAT_B if code == EV_BREAK else SEAT_A)
