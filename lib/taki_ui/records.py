"""Each player name's record, kept with the save (taki_ui.persist): games
played and won (and won with hints on), tournaments played and won, and the
best (lowest) tournament stage reached. One fixed bytearray, changed only when
a game or a tournament ends, so nothing is allocated during turns. This
module reads and clears them (the Records screen); counting a game in and
checking them as they are loaded is taki_ui.tally's (its code is heap only
then).

Layout (AREA bytes, the end of the save's payload):
    0    hints: a bit per seat (setup's "hints" column), big-endian
    2    ROWS rows of ROW bytes, the most recently seen first:
         0  name (NAME_LEN bytes, space padded; a computer level: its
            level code 1..3 and spaces, shown as the level's name); a
            person's first byte has LEARNER set when the name last played
            with hints on (setup turns them on for a seat given that name)
         10 games played   12 games won   14 games won with hints (16-bit BE)
         16 tournaments played   17 tournaments won
         18 best stage: the fewest cards a tournament stage dealt them
            (0: won one; NO_BEST: none played)
    .    check: CRC-16/CCITT of all the above
A row of zeros is empty. The least recently seen row is forgotten first.
"""

from micropython import const
from taki_ui.settings import CPU_HARD, HUMAN, NAME_LEN

ROWS = const(16)
ROW = const(19)
ROWS_AT = const(2)
CHECK = const(ROWS_AT + ROWS * ROW)
AREA = const(CHECK + 2)
NO_BEST = const(255)
LEARNER = const(0x80)  # in a person's first name byte (names are ASCII)

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
        while n < ROWS and b[ROWS_AT + n * ROW]:
            n += 1
        return n

    def get(self, row, col):
        at = ROWS_AT + row * ROW + col
        if col < C_TPLAYED:
            return (self.buf[at] << 8) | self.buf[at + 1]
        return self.buf[at]

    def level(self, row):
        """The computer level of a row (1..3), or HUMAN for a person's name."""
        c = self.buf[ROWS_AT + row * ROW]
        return c if c <= CPU_HARD else HUMAN

    def name(self, row):
        """A person's row's name (allocates: the Records screen only)."""
        at = ROWS_AT + row * ROW
        raw = bytearray(self.buf[at:at + NAME_LEN])
        raw[0] &= ~LEARNER
        return bytes(raw).decode().strip()

    def learner(self, name):
        """Whether the person's name `name` last played with hints on."""
        r = self.find(self.name_key(name)) if name else -1
        return r >= 0 and self.buf[ROWS_AT + r * ROW] & LEARNER != 0

    def name_key(self, name):
        """A person's name as its row holds it (space padded; shared buffer)."""
        k = self._key
        raw = name.encode()
        for i in range(NAME_LEN):
            k[i] = raw[i] if i < len(raw) else 32
        return k

    def find(self, key):
        """The first row holding the name key (the learner flag aside), or -1."""
        b = self.buf
        for r in range(ROWS):
            at = ROWS_AT + r * ROW
            if b[at] & ~LEARNER == key[0] and b[at + 1:at + NAME_LEN] == key[1:]:
                return r
        return -1

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

    def clear(self, row):
        """Forget one row (the ones after it move up)."""
        b = self.buf
        end = ROWS_AT + ROWS * ROW
        at = ROWS_AT + row * ROW
        b[at:end - ROW] = b[at + ROW:end]
        for i in range(end - ROW, end):
            b[i] = 0

    def clear_all(self):
        b = self.buf
        for i in range(ROWS_AT, CHECK):
            b[i] = 0
