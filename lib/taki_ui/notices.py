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

# The notice of each event code: its text (_NONE: no notice), and which
# places it keeps: a, as a seat (SEAT_A), b (_B), b as a seat too (SEAT_B).
# Made at import (that code is not kept): a table, not a chain of ifs;
# above the class, as MicroPython's const() wants its names before use.
_NONE = const(255)
_B = const(4)
_TEXT = bytearray(b"\xff" * (EV_NODRAW + 1))
_PLACES = bytearray(EV_NODRAW + 1)
for _code, _n, _k in (
    (EV_PLAY, strings.N_PLAY, SEAT_A | _B),  # not for the quiet seat: _event
    (EV_COLOR, strings.N_COLOR, SEAT_A | _B),
    (EV_DRAW, strings.N_DRAW, SEAT_A | _B),  # one card: N_DRAW_ONE
    (EV_PENALTY, strings.N_PENALTY, SEAT_A | _B),
    (EV_SKIP, strings.N_SKIP, SEAT_A),
    (EV_DIR, strings.N_DIR, SEAT_A),
    (EV_STACK, strings.N_STACK, SEAT_A | _B),
    (EV_RUN_OPEN, strings.N_RUN_OPEN, SEAT_A),
    (EV_CLOSED, strings.N_CLOSED, SEAT_A),
    (EV_LAST, strings.N_LAST, SEAT_A),
    (EV_PLUS3, strings.N_PLUS3, SEAT_A),
    (EV_BREAK, strings.N_BREAK, SEAT_A | SEAT_B | _B),
    (EV_ACCEPT, strings.N_ACCEPT, 0),
    (EV_STAGE, strings.N_STAGE, SEAT_A | _B),
    (EV_WIN, strings.N_WIN, SEAT_A),
    (EV_BLOCKED, strings.N_BLOCKED, SEAT_A),
    (EV_RESHUFFLE, strings.N_RESHUFFLE, 0),
    (EV_NODRAW, strings.N_NODRAW, 0),
):
    _TEXT[_code] = _n
    _PLACES[_code] = _k
del _code, _n, _k


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
        n = _TEXT[code]
        if n == _NONE or code == EV_PLAY and a == quiet_seat:
            return
        k = _PLACES[code]
        if code == EV_DRAW and b == 1:
            n = strings.N_DRAW_ONE
            k = SEAT_A
        self.push(n, a if k & SEAT_A else 0, b if k & _B else 0, k & (SEAT_A | SEAT_B))

