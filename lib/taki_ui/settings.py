"""What the setup screen chooses, and keeping it across power-offs (nvm).

Kinds per seat: 0 human, 1..3 computer easy / normal / hard (the level is
kept for the computer-players module). Names default to "Player N".
"""

from micropython import const

from taki_ui import strings

MAX_SEATS = const(10)
NAME_LEN = const(10)
HUMAN = const(0)
CPU_EASY = const(1)
CPU_NORMAL = const(2)
CPU_HARD = const(3)

_MAGIC = const(0x7A)
_VERSION = const(1)
# nvm layout: magic, version, players, first, tournament, sound, 10 kinds,
# then 10 names of NAME_LEN bytes (space padded)
_KINDS = const(6)
_NAMES = const(16)
NVM_SIZE = const(_NAMES + MAX_SEATS * NAME_LEN)


def default_name(seat):
    return strings.PLAYER % (seat + 1)


class Settings:
    def __init__(self):
        self.players = 2
        self.first = 0
        self.tournament = False
        self.sound = True
        self.kinds = bytearray(MAX_SEATS)
        self.names = [default_name(i) for i in range(MAX_SEATS)]
        for i in range(1, MAX_SEATS):
            self.kinds[i] = CPU_NORMAL  # seat 1 is a person, the rest computers
        self.kinds[1] = HUMAN

    def is_human(self, seat):
        return self.kinds[seat] == HUMAN

    def humans(self):
        n = 0
        for s in range(self.players):
            if self.kinds[s] == HUMAN:
                n += 1
        return n

    def save(self, nvm):
        """Write to nvm (only when something changed: flash wears out)."""
        if nvm is None or len(nvm) < NVM_SIZE:
            return
        buf = bytearray(NVM_SIZE)
        buf[0] = _MAGIC
        buf[1] = _VERSION
        buf[2] = self.players
        buf[3] = self.first
        buf[4] = 1 if self.tournament else 0
        buf[5] = 1 if self.sound else 0
        buf[_KINDS:_KINDS + MAX_SEATS] = self.kinds
        for s in range(MAX_SEATS):
            name = self.names[s].encode()[:NAME_LEN]
            at = _NAMES + s * NAME_LEN
            for i in range(NAME_LEN):
                buf[at + i] = name[i] if i < len(name) else 32
        if nvm[0:NVM_SIZE] != buf:
            nvm[0:NVM_SIZE] = buf

    def load(self, nvm):
        """Read from nvm; keep the defaults if it holds nothing valid."""
        if nvm is None or len(nvm) < NVM_SIZE or nvm[0] != _MAGIC or nvm[1] != _VERSION:
            return False
        if not 2 <= nvm[2] <= MAX_SEATS or nvm[3] >= nvm[2]:
            return False
        self.players = nvm[2]
        self.first = nvm[3]
        self.tournament = nvm[4] == 1
        self.sound = nvm[5] == 1
        for s in range(MAX_SEATS):
            self.kinds[s] = min(nvm[_KINDS + s], CPU_HARD)
            at = _NAMES + s * NAME_LEN
            name = bytes(nvm[at:at + NAME_LEN]).decode().strip()
            self.names[s] = name if name else default_name(s)
        return True
