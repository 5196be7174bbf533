"""Each player name's record, kept with the save (taki_ui.persist): games
played and won (and won with hints on), tournaments played and won, and the
best (lowest) tournament stage reached. One fixed bytearray, changed only when
a game or a tournament ends, so nothing is allocated during turns.

Layout (AREA bytes, the end of the save's payload):
    0    hints: a bit per seat (setup's "hints" column), big-endian
    2    ROWS rows of ROW bytes, the most recently seen first:
         0  name (NAME_LEN bytes, space padded; a computer level: its
            level code 1..3 and spaces, shown as the level's name)
         10 games played   12 games won   14 games won with hints (16-bit BE)
         16 tournaments played   17 tournaments won
         18 best stage: the fewest cards a tournament stage dealt them
            (0: won one; NO_BEST: none played)
    .    check: CRC-16/CCITT of all the above
A row of zeros is empty. The least recently seen row is forgotten first.
"""

from micropython import const
from taki_core.save import checksum

from taki_ui.settings import CPU_HARD, HUMAN, MAX_SEATS, NAME_LEN

ROWS = const(16)
ROW = const(19)
_ROWS_AT = const(2)
_CHECK = const(_ROWS_AT + ROWS * ROW)
AREA = const(_CHECK + 2)
NO_BEST = const(255)

# the columns' offsets in a row
C_PLAYED = const(10)
C_WON = const(12)
C_HINTS = const(14)
C_TPLAYED = const(16)
C_TWON = const(17)
C_BEST = const(18)

# load() results
K_EMPTY = const(0)  # nothing kept yet (or a save from before records)
K_OK = const(1)
K_DROPPED = const(2)  # some or all rows failed their check and were dropped


class Records:
    def __init__(self, buf=None):
        self.buf = bytearray(AREA) if buf is None else buf  # (taki_ui.persist keeps one)
        self._key = bytearray(NAME_LEN)

    # --- reading -------------------------------------------------------------
    def used(self):
        """How many rows hold a name (they come first)."""
        b = self.buf
        n = 0
        while n < ROWS and b[_ROWS_AT + n * ROW]:
            n += 1
        return n

    def get(self, row, col):
        at = _ROWS_AT + row * ROW + col
        if col < C_TPLAYED:
            return (self.buf[at] << 8) | self.buf[at + 1]
        return self.buf[at]

    def level(self, row):
        """The computer level of a row (1..3), or HUMAN for a person's name."""
        c = self.buf[_ROWS_AT + row * ROW]
        return c if c <= CPU_HARD else HUMAN

    def name(self, row):
        """A person's row's name (allocates: the Records screen only)."""
        at = _ROWS_AT + row * ROW
        return bytes(self.buf[at:at + NAME_LEN]).decode().strip()

    def by_wins(self):
        """The used rows' numbers, most games won first (then tournaments
        won, then fewer games played, then the most recently seen)."""
        rows = list(range(self.used()))
        rows.sort(key=lambda r: (-self.get(r, C_WON), -self.get(r, C_TWON),
                                 self.get(r, C_PLAYED), r))
        return rows

    def hints(self, seat):
        return (((self.buf[0] << 8) | self.buf[1]) >> seat) & 1 == 1

    # --- changing --------------------------------------------------------------
    def set_hints(self, seat, on):
        m = (self.buf[0] << 8) | self.buf[1]
        m = (m | (1 << seat)) if on else (m & ~(1 << seat))
        self.buf[0] = m >> 8
        self.buf[1] = m & 0xFF

    def _seat_key(self, settings, seat):
        k = self._key
        kind = settings.kinds[seat]
        for i in range(NAME_LEN):
            k[i] = 32
        if kind != HUMAN:
            k[0] = kind
            return k
        raw = settings.names[seat].encode()
        n = min(len(raw), NAME_LEN)
        k[:n] = raw[:n]
        return k

    def _find(self, key):
        b = self.buf
        for r in range(ROWS):
            at = _ROWS_AT + r * ROW
            if b[at:at + NAME_LEN] == key:
                return r
        return -1

    def seen(self, key):
        """Move key's row to the front (a new one forgets the oldest); its number (0)."""
        b = self.buf
        r = self._find(key)
        row = bytearray(ROW)
        if r < 0:
            r = ROWS - 1  # the least recently seen goes
            row[:NAME_LEN] = key
            row[C_BEST] = NO_BEST
        else:
            row[:] = b[_ROWS_AT + r * ROW:_ROWS_AT + (r + 1) * ROW]
        b[_ROWS_AT + ROW:_ROWS_AT + (r + 1) * ROW] = b[_ROWS_AT:_ROWS_AT + r * ROW]
        b[_ROWS_AT:_ROWS_AT + ROW] = row
        return 0

    def _add(self, row, col, n=1):
        at = _ROWS_AT + row * ROW + col
        b = self.buf
        if col < C_TPLAYED:
            v = min(0xFFFF, ((b[at] << 8) | b[at + 1]) + n)
            b[at] = v >> 8
            b[at + 1] = v & 0xFF
        else:
            b[at] = min(0xFF, b[at] + n)

    def game_over(self, game, settings):
        """Count a game or a tournament that just ended, once per name (two
        computers of one level are one row). Allocates a little: at the end
        of a game only."""
        n = game.players
        tour = game.tournament()
        win = game.winner()
        done = []
        for p in range(n):
            key = bytes(self._seat_key(settings, p))
            if key in done:
                continue
            done.append(key)
            seats = [q for q in range(n) if bytes(self._seat_key(settings, q)) == key]
            r = self.seen(key)
            won = win in seats
            if tour:
                self._add(r, C_TPLAYED)
                if won:
                    self._add(r, C_TWON)
                at = _ROWS_AT + r * ROW + C_BEST
                best = min(0 if q == win else game.stage(q) for q in seats)
                self.buf[at] = min(self.buf[at], best)
            else:
                self._add(r, C_PLAYED)
                if won:
                    self._add(r, C_WON)
                    if self.hints(win):
                        self._add(r, C_HINTS)

    def clear(self, row):
        """Forget one row (the ones after it move up)."""
        b = self.buf
        end = _ROWS_AT + ROWS * ROW
        at = _ROWS_AT + row * ROW
        b[at:end - ROW] = b[at + ROW:end]
        for i in range(end - ROW, end):
            b[i] = 0

    def clear_all(self):
        b = self.buf
        for i in range(_ROWS_AT, _CHECK):
            b[i] = 0

    # --- the save (taki_ui.saving.seal puts the check in) --------------------------
    def load(self, src, at):
        """Take the records from src[at:at + AREA]; a K_* result. A wrong
        check drops them all, a row that cannot be (more won than played,
        a name the rename screen cannot make, one name twice) drops that row."""
        b = self.buf
        b[:] = src[at:at + AREA]
        blank = True
        for x in b:
            if x:
                blank = False
                break
        if blank:
            return K_EMPTY  # a save from before the records, or none kept
        if checksum(b, _CHECK) != (b[_CHECK] << 8) | b[_CHECK + 1]:
            for i in range(AREA):
                b[i] = 0
            return K_DROPPED
        if (b[0] << 8 | b[1]) >> MAX_SEATS:
            b[0] = b[1] = 0
        dropped = False
        r = 0
        while r < ROWS:
            at = _ROWS_AT + r * ROW
            if not any(b[at:at + ROW]):
                r += 1
                continue
            if self._row_ok(r):
                r += 1
                continue
            self.clear(r)
            dropped = True
        # used rows first: an empty row among them is closed up
        r = 0
        for _ in range(ROWS):
            if not b[_ROWS_AT + r * ROW]:
                if any(b[_ROWS_AT + r * ROW:_CHECK]):
                    self.clear(r)
                    continue
                break
            r += 1
        return K_DROPPED if dropped else K_OK

    def _row_ok(self, r):
        b = self.buf
        at = _ROWS_AT + r * ROW
        name = b[at:at + NAME_LEN]
        if 1 <= name[0] <= CPU_HARD:
            if any(c != 32 for c in name[1:]):
                return False
        elif name[0] == 32 or any(not 32 <= c < 127 for c in name):
            return False
        for q in range(r):
            if b[_ROWS_AT + q * ROW:_ROWS_AT + q * ROW + NAME_LEN] == name:
                return False
        g = self.get
        best = b[at + C_BEST]
        return (g(r, C_WON) <= g(r, C_PLAYED) and g(r, C_HINTS) <= g(r, C_WON)
                and g(r, C_TWON) <= g(r, C_TPLAYED)
                and (best <= 8 if g(r, C_TPLAYED) else best == NO_BEST))
