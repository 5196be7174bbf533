"""Short notices made from the core's event ring ("Player 2 is skipped").

The core writes public events (code, a, b) into a ring; this reads the ones
not yet seen and queues a line of text for each that people should notice.
The queue is a fixed ring of strings, so a busy turn drops the oldest ones.
"""

from micropython import const
from taki_core.cards import card_name
from taki_core.game import (
    EV_ACCEPT, EV_BLOCKED, EV_BREAK, EV_CAP, EV_CLOSED, EV_COLOR, EV_DIR, EV_DRAW,
    EV_LAST, EV_NODRAW, EV_PENALTY, EV_PLAY, EV_PLUS3, EV_RESHUFFLE, EV_RUN_OPEN,
    EV_SKIP, EV_STACK, EV_STAGE, EV_WIN,
)

from taki_ui import strings

_CAP = const(16)

# what an event asks the speaker for
SOUND_NONE = const(0)
SOUND_PENALTY = const(1)
SOUND_WIN = const(2)


class Notices:
    def __init__(self):
        self.seen = 0  # events read so far (the core's ev_total)
        self._q = [""] * _CAP
        self._head = 0
        self._n = 0
        self.sound = SOUND_NONE  # strongest sound asked for since last read

    def reset(self, game):
        self.seen = game.ev_total
        self._n = 0

    def pending(self):
        return self._n > 0

    def pop(self):
        text = self._q[self._head]
        self._head = (self._head + 1) % _CAP
        self._n -= 1
        return text

    def _push(self, text):
        if self._n == _CAP:
            self.pop()
        self._q[(self._head + self._n) % _CAP] = text
        self._n += 1

    def feed(self, game, names, quiet_seat=-1):
        """Queue notices for the new events; plays of quiet_seat are not
        announced (its player just made them)."""
        total = game.ev_total
        if total - self.seen > EV_CAP:
            self.seen = total - EV_CAP  # the ring has overwritten older ones
        while self.seen < total:
            k = self.seen
            self.seen += 1
            code = game.event(k, 0)
            a = game.event(k, 1)
            b = game.event(k, 2)
            text = _text(code, a, b, names, quiet_seat)
            if text:
                self._push(text)
            if code == EV_PENALTY and self.sound < SOUND_PENALTY:
                self.sound = SOUND_PENALTY
            elif code == EV_WIN or code == EV_BLOCKED:
                self.sound = SOUND_WIN


def _text(code, a, b, names, quiet_seat):
    if code == EV_PLAY:
        return "" if a == quiet_seat else strings.N_PLAY % (names[a], card_name(b))
    if code == EV_COLOR:
        return strings.N_COLOR % (names[a], strings.COLOUR_NAMES[b])
    if code == EV_DRAW:
        return strings.N_DRAW % (names[a], b)
    if code == EV_PENALTY:
        return strings.N_PENALTY % (names[a], b)
    if code == EV_SKIP:
        return strings.N_SKIP % names[a]
    if code == EV_DIR:
        return strings.N_DIR
    if code == EV_STACK:
        return strings.N_STACK % (b, names[a])
    if code == EV_RUN_OPEN:
        return strings.N_RUN_OPEN
    if code == EV_CLOSED:
        return strings.N_CLOSED
    if code == EV_LAST:
        return strings.N_LAST % names[a]
    if code == EV_PLUS3:
        return strings.N_PLUS3 % names[a]
    if code == EV_BREAK:
        return strings.N_BREAK % (names[a], names[b])
    if code == EV_ACCEPT:
        return strings.N_ACCEPT
    if code == EV_STAGE:
        return strings.N_STAGE % (names[a], b)
    if code == EV_WIN:
        return strings.N_WIN % names[a]
    if code == EV_BLOCKED:
        return strings.N_BLOCKED % names[a]
    if code == EV_RESHUFFLE:
        return strings.N_RESHUFFLE
    if code == EV_NODRAW:
        return strings.N_NODRAW
    return ""
