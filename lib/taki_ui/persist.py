"""The app's saves: settings, names and the game in progress, kept in the
board's nvm (a file in the simulator) through taki_ui.store's two slots.

The app saves after every completed turn (the core wrote EV_TURN, or the
game ended), on a new deal and when the sound is switched in the pause
menu; setup changes are saved with the new deal they start. On start
`load()` says whether there is a game to offer ("Resume game?").

Payload (PAYLOAD bytes, this layout is store.FORMAT 1):
    0    settings (settings.PACKED_SIZE bytes: counts, kinds, names)
    114  1 if a game is in progress, else 0
    115  the computer players' PRNG state (4 bytes, big-endian)
    119  the core's packed game (taki_core.save, BLOB_SIZE bytes)
"""

from micropython import const
from taki_core import rng, save
from taki_core.game import EV_BLOCKED, EV_CAP, EV_TURN, EV_WIN

from taki_ui import settings as settings_mod
from taki_ui.store import R_BAD, R_OK, Store

_HAS_GAME = const(114)  # settings_mod.PACKED_SIZE
_CPU = const(115)
_GAME = const(119)
PAYLOAD = const(283)  # _GAME + save.BLOB_SIZE

# load() results
L_NONE = const(0)  # nothing saved: defaults
L_SETTINGS = const(1)  # settings and names restored, no game in progress
L_GAME = const(2)  # ... and a game to resume
L_BAD = const(3)  # a save was there but could not be used: ignored


def _accept(body):
    return settings_mod.valid(body) and body[_HAS_GAME] <= 1


class Saves:
    def __init__(self, nvm, settings, game, cpu):
        self.store = Store(nvm, PAYLOAD)
        self.settings = settings
        self.game = game
        self.cpu = cpu
        self.buf = bytearray(PAYLOAD)
        self.ev_seen = 0  # game events looked at by turn_done()
        self.writes = 0  # nvm writes made (tests, wear figures)

    def load(self):
        """Restore settings (and the game into self.game); an L_* code."""
        r = self.store.read(_accept)
        if r != R_OK:
            return L_BAD if r == R_BAD else L_NONE
        body = self.store.payload
        settings_mod.unpack(self.settings, body)
        if not body[_HAS_GAME]:
            return L_SETTINGS
        # unpack checks the blob whole (checksum, the deck, every field) and
        # leaves the game untouched when it refuses it
        if save.unpack(self.game, bytes(body[_GAME:PAYLOAD])) != save.S_OK:
            return L_BAD
        if self.game.over():
            return L_SETTINGS
        x = (body[_CPU] << 24) | (body[_CPU + 1] << 16) | (body[_CPU + 2] << 8) | body[_CPU + 3]
        if 1 <= x < rng.P:
            self.cpu.x = x
        self.mark()
        return L_GAME

    def mark(self):
        """The game's events so far are not a completed turn (a new deal,
        a restored game)."""
        self.ev_seen = self.game.ev_total

    def turn_done(self):
        """Whether a turn ended (or the game did) since the last call."""
        g = self.game
        total = g.ev_total
        done = total - self.ev_seen > EV_CAP  # the ring wrapped: surely
        k = max(self.ev_seen, total - EV_CAP)
        while k < total and not done:
            code = g.event(k, 0)
            done = code == EV_TURN or code == EV_WIN or code == EV_BLOCKED
            k += 1
        self.ev_seen = total
        return done

    def save(self, in_game):
        """Write settings, names and (if in_game and not over) the game."""
        buf = self.buf
        g = self.game
        self.settings.pack_into(buf)
        for i in range(_HAS_GAME, PAYLOAD):
            buf[i] = 0
        if in_game and not g.over():
            buf[_HAS_GAME] = 1
            x = self.cpu.x
            buf[_CPU] = x >> 24
            buf[_CPU + 1] = (x >> 16) & 0xFF
            buf[_CPU + 2] = (x >> 8) & 0xFF
            buf[_CPU + 3] = x & 0xFF
            buf[_GAME:PAYLOAD] = save.pack(g)
        if buf == self.store.payload:
            return  # the same as the newest record: spare the flash
        if self.store.write(buf):
            self.writes += 1
