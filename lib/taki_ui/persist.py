"""The app's saves: settings, names and the game in progress, kept in the
board's nvm (through taki_ui.store's two slots), and when to write them.

Every write erases and rewrites the SAMD51's whole 8 KB nvm block, which is
rated for 10,000 erases. So the latest state lives in RAM and goes to flash
only when it matters (the README's "Saved games and settings" gives the
numbers and why):

- at most one automatic write per PERIOD_MS (10 minutes): when a change has
  waited PERIOD_MS (so a power cut loses at most that much play), or, once
  PERIOD_MS has passed since the last write, as soon as the device waits for
  a person who has pressed nothing for IDLE_MS (it was put down), or at a
  milestone (the game's end, a tournament stage);
- on the setup screen, changed settings (or a game left for setup) as soon
  as no key has come for SETUP_IDLE_MS, however recent the last write;
- at once, when the player asks for it in effect: the pause menu opens, a
  new name is kept, the battery runs low, a save that cannot be used is
  cleared. Starting a game writes nothing by itself: its settings ride with
  the deal (at most PERIOD_MS), so that an hour of play costs 6 writes, not 7.
Nothing is written when nothing changed since the last write.

On start `load()` says whether there is a game to offer ("Resume game?").

Payload (PAYLOAD bytes, store.FORMAT 4; a FORMAT 3 save, which ended at 285,
is read with no records):
    0    settings (settings.PACKED_SIZE bytes: counts, kinds, names)
    114  1 if a game is in progress, else 0
    115  the computer players' PRNG state (4 bytes, big-endian)
    119  the core's packed game (taki_core.save, BLOB_SIZE bytes)
    283  the language's code (2 ASCII letters; one the game does not know
         gives English and a notice, and keeps the rest)
    285  each name's record (taki_ui.records, records.AREA bytes). Changed
         only when a game or a tournament ends, and written with the next
         save (no write of its own): a power cut loses at most that update.
"""

from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from micropython import const
from taki_core import rng, save
from taki_core.game import EV_BLOCKED, EV_CAP, EV_STAGE, EV_WIN

from taki_ui import records as records_mod
from taki_ui import settings as settings_mod
from taki_ui.store import R_BAD, R_OK, Store

_HAS_GAME = const(settings_mod.PACKED_SIZE)  # the layout above (sim.build.inline puts the numbers in)
_CPU = const(_HAS_GAME + 1)
_GAME = const(_CPU + 4)
_LANG = const(_GAME + save.BLOB_SIZE)
_REC = const(_LANG + 2)
PAYLOAD = const(_REC + records_mod.AREA)

PERIOD_MS = const(600000)  # 10 min: the most play a power cut loses; writes' spacing
IDLE_MS = const(20000)  # no key for 20 s while a person is expected: put down
SETUP_IDLE_MS = const(5000)  # on the setup screen, changed settings: 5 s

# load() results
L_NONE = const(0)  # nothing saved: defaults
L_SETTINGS = const(1)  # settings and names restored, no game in progress
L_GAME = const(2)  # ... and a game to resume
L_BAD = const(3)  # a save was there but could not be used: to be cleared


def _accept(body):
    return settings_mod.valid(body) and body[_HAS_GAME] <= 1


class Saves:
    def __init__(self, nvm, settings, game, cpu):
        self.store = Store(nvm, PAYLOAD, old_size=_REC)
        self.records = records_mod.Records()
        self.rec_loaded = records_mod.K_EMPTY  # what load() found of the records
        self.settings = settings
        self.game = game
        self.cpu = cpu
        self.buf = bytearray(PAYLOAD)
        self.in_game = False  # a game is being played (saved with the settings)
        self.since = -1  # ticks of the first change not yet written; -1: none
        self.settings_changed = False  # ... and whether the settings changed
        self.last = ticks_add(ticks_ms(), -PERIOD_MS)  # ticks of the last write
        self.ev_seen = 0  # game events looked at by milestone()
        self.writes = 0  # nvm writes made (tests, wear figures)

    def load(self):
        """Restore settings (and the game into self.game); an L_* code."""
        r = self.store.read(_accept)
        if r != R_OK:
            return L_BAD if r == R_BAD else L_NONE
        body = self.store.payload
        settings_mod.unpack(self.settings, body)
        self.settings.lang = chr(body[_LANG]) + chr(body[_LANG + 1])
        self.rec_loaded = self.records.load(body, _REC)
        if not body[_HAS_GAME]:
            return L_SETTINGS
        # unpack checks the blob whole (checksum, the deck, every field) and
        # leaves the game untouched when it refuses it
        g = self.game
        if save.unpack(g, bytes(body[_GAME:_LANG])) != save.S_OK:
            return L_BAD
        if g.players != self.settings.players or g.tournament() != self.settings.tournament:
            return L_BAD  # a game the saved setup did not start: not ours
        if g.over():
            return L_SETTINGS
        x = (body[_CPU] << 24) | (body[_CPU + 1] << 16) | (body[_CPU + 2] << 8) | body[_CPU + 3]
        if 1 <= x < rng.P:
            self.cpu.x = x
        self.mark()
        self.in_game = True
        return L_GAME

    # --- what changed ------------------------------------------------------------
    def changed(self, settings=False):
        """Something to save: the game moved on, or (settings=True) the
        settings or names changed."""
        if self.since < 0:
            self.since = ticks_ms()
        if settings:
            self.settings_changed = True

    def pending(self):
        return self.since >= 0

    def holds_game(self):
        """Whether the newest write holds a game in progress."""
        return self.store.payload[_HAS_GAME] == 1

    def mark(self):
        """The game's events so far are seen (a new deal, a restored game)."""
        self.ev_seen = self.game.ev_total

    def milestone(self):
        """Whether the game ended or a tournament stage passed since the last call."""
        g = self.game
        total = g.ev_total
        k = max(self.ev_seen, total - EV_CAP)
        seen = False
        while k < total and not seen:
            code = g.event(k, 0)
            seen = code == EV_STAGE or code == EV_WIN or code == EV_BLOCKED
            k += 1
        self.ev_seen = total
        if seen and g.over() and self.in_game:
            self.records.game_over(g, self.settings)  # once: the game's last event
        return seen

    def due(self, waiting, last_key, milestone, setup=False):
        """Whether an automatic write is due now. waiting: the app waits for
        a person; last_key: ticks of the last key; milestone: see above;
        setup: the setup screen is shown."""
        if self.since < 0:
            return False
        now = ticks_ms()
        if ticks_diff(now, self.since) >= PERIOD_MS:
            return True
        quiet = ticks_diff(now, last_key)
        if setup and self.settings_changed and quiet >= SETUP_IDLE_MS:
            return True  # the setup was changed, then the device put down
        if ticks_diff(now, self.last) < PERIOD_MS:
            return False
        return milestone or (waiting and quiet >= IDLE_MS)

    # --- writing -------------------------------------------------------------------
    def save(self):
        """Write settings, names and (while a game is in progress) the game,
        unless the newest record holds exactly that already."""
        buf = self.buf
        g = self.game
        self.settings.pack_into(buf)
        for i in range(_HAS_GAME, PAYLOAD):
            buf[i] = 0
        lang = self.settings.lang
        self.records.pack_into(buf, _REC)
        buf[_LANG] = ord(lang[0])
        buf[_LANG + 1] = ord(lang[1])
        if self.in_game and not g.over():
            buf[_HAS_GAME] = 1
            x = self.cpu.x
            buf[_CPU] = x >> 24
            buf[_CPU + 1] = (x >> 16) & 0xFF
            buf[_CPU + 2] = (x >> 8) & 0xFF
            buf[_CPU + 3] = x & 0xFF
            buf[_GAME:_LANG] = save.pack(g)
        self.since = -1
        self.settings_changed = False
        if buf == self.store.payload:
            return False  # the same as the newest record: spare the flash
        self.last = ticks_ms()
        if self.store.write(buf):
            self.writes += 1
        return True
