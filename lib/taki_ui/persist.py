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
The payload's layout is taki_ui.payload's. This module only keeps the
state and decides when to write: the reading and writing are
taki_ui.saving's, loaded for a read or a write and forgotten after (its
code and what it brings are about 7 KB of the board's heap).
"""

from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from micropython import const
from taki_core.game import EV_BLOCKED, EV_CAP, EV_STAGE, EV_WIN

from taki_ui.payload import HAS_GAME, L_BAD, L_GAME, L_NONE, L_SETTINGS, PAYLOAD  # noqa: F401 (L_*: load()'s results)
from taki_ui.records import AREA, K_EMPTY
from taki_ui.unload import forget

PERIOD_MS = const(600000)  # 10 min: the most play a power cut loses; writes' spacing
IDLE_MS = const(20000)  # no key for 20 s while a person is expected: put down
SETUP_IDLE_MS = const(5000)  # on the setup screen, changed settings: 5 s

# what saving brings in, forgotten after each use (what else the app holds
# is not: settings, the core's game)
_LOADED = ("taki_ui.saving", "taki_ui.store", "taki_ui.tally", "taki_ui.records",
           "taki_core.save")


def _saving():
    from taki_ui import saving

    return saving


def _done():
    for name in _LOADED:
        forget(name)


class Saves:
    def __init__(self, nvm, settings, game, cpu):
        self.nvm = nvm
        self.newest = bytearray(PAYLOAD)  # the newest record's payload (what load() found, the last write)
        self.seq = 0  # the store's state between two uses (taki_ui.store.Store)
        self.slot = 1
        self.area = bytearray(AREA)  # each name's record (taki_ui.records' layout)
        self.rec_loaded = K_EMPTY  # what load() found of the records
        self.settings = settings
        self.game = game
        self.cpu = cpu
        self.buf = bytearray(PAYLOAD)
        self.in_game = False  # a game is being played (saved with the settings)
        self.since = -1  # ticks of the first change not yet written; -1: none
        self.settings_changed = False  # ... and whether the settings changed
        self.last = ticks_add(ticks_ms(), -PERIOD_MS)  # ticks of the last write
        self.ev_seen = 0  # game events looked at by milestone()
        # the game just ended is still to be counted in the records (settle)
        self.tally_due = False
        self.writes = 0  # nvm writes made (tests, wear figures)

    def load(self):
        """Restore settings (and the game into self.game); an L_* code."""
        r = _saving().load(self)
        _done()
        return r

    @property
    def records(self):
        """Each name's record (a taki_ui.records.Records over self.area;
        the Records screen, tests)."""
        from taki_ui.records import Records

        self.settle()
        return Records(self.area)

    def hints(self, seat):
        """Whether hints are on for seat (the records' first two bytes: a
        bit per seat)."""
        return (((self.area[0] << 8) | self.area[1]) >> seat) & 1 == 1

    def set_hints(self, seat, on):
        a = self.area
        m = (a[0] << 8) | a[1]
        m = (m | (1 << seat)) if on else (m & ~(1 << seat))
        a[0] = m >> 8
        a[1] = m & 0xFF

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
        return self.newest[HAS_GAME] == 1

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
            # once: the game's last event. Counted in the records by settle(),
            # not in the pass of the last move: loading the records' code
            # and counting takes ~130 ms on a SAMD51
            self.tally_due = True
        return seen

    def settle(self):
        """Count the game that ended in the records, if not yet (before a
        write, the Records screen, the next deal)."""
        if self.tally_due:
            self.tally_due = False
            # the game is over: the bots' code goes before the records' comes
            # in (a write can count it while the table is still shown, before
            # the standings make room)
            self.cpu.unload()
            _saving().game_over(self)
            _done()

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
        unless the newest record holds exactly that already; whether it
        was something new."""
        self.settle()
        wrote = _saving().write(self)
        _done()
        if wrote is None:
            return False  # the same as the newest record: spare the flash
        self.last = ticks_ms()
        if wrote:
            self.writes += 1
        return True
