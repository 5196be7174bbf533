"""Notices made from the core's event ring ("Player 2 is skipped.").

The core writes public events (code, a, b) into a ring; this reads the ones
not yet seen and queues, for each that people should notice, a text of the
table (taki_ui.strings) and its two places. The queue is fixed arrays, so a
notice allocates nothing; a busy turn drops the oldest ones. A place that is
a seat is kept as the seat (the screen fills in the name).
"""

from micropython import const
from taki_core.game import (
    EV_ACCEPT, EV_BLOCKED, EV_BREAK, EV_CAP, EV_CLOSED, EV_COLOR, EV_DIR, EV_DRAW,
    EV_LAST, EV_NODRAW, EV_PENALTY, EV_PLAY, EV_PLUS3, EV_RESHUFFLE, EV_RUN_OPEN,
    EV_SKIP, EV_STACK, EV_STAGE, EV_WIN,
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
        p = self.push
        if code == EV_PLAY:
            if a != quiet_seat:
                p(strings.N_PLAY, a, b, SEAT_A)
        elif code == EV_COLOR:
            p(strings.N_COLOR, a, b, SEAT_A)
        elif code == EV_DRAW:
            if b == 1:
                p(strings.N_DRAW_ONE, a, 0, SEAT_A)
            else:
                p(strings.N_DRAW, a, b, SEAT_A)
        elif code == EV_PENALTY:
            p(strings.N_PENALTY, a, b, SEAT_A)
        elif code == EV_SKIP:
            p(strings.N_SKIP, a, 0, SEAT_A)
        elif code == EV_DIR:
            p(strings.N_DIR, a, 0, SEAT_A)
        elif code == EV_STACK:
            p(strings.N_STACK, a, b, SEAT_A)
        elif code == EV_RUN_OPEN:
            p(strings.N_RUN_OPEN, a, 0, SEAT_A)
        elif code == EV_CLOSED:
            p(strings.N_CLOSED, a, 0, SEAT_A)
        elif code == EV_LAST:
            p(strings.N_LAST, a, 0, SEAT_A)
        elif code == EV_PLUS3:
            p(strings.N_PLUS3, a, 0, SEAT_A)
        elif code == EV_BREAK:
            p(strings.N_BREAK, a, b, SEAT_A | SEAT_B)
        elif code == EV_ACCEPT:
            p(strings.N_ACCEPT)
        elif code == EV_STAGE:
            p(strings.N_STAGE, a, b, SEAT_A)
        elif code == EV_WIN:
            p(strings.N_WIN, a, 0, SEAT_A)
        elif code == EV_BLOCKED:
            p(strings.N_BLOCKED, a, 0, SEAT_A)
        elif code == EV_RESHUFFLE:
            p(strings.N_RESHUFFLE)
        elif code == EV_NODRAW:
            p(strings.N_NODRAW)
