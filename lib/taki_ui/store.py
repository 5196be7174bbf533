"""Two alternating save slots in non-volatile memory, so that a write cut
short by a flat battery leaves the previous save readable.

A record (one per slot):

    0  "TS"               magic: this program wrote it
    2  FORMAT             layout of the record and its payload
    3  seq (3 bytes, BE)  save counter; the newer valid slot wins
    6  length (2, BE)     payload length
    8  payload
    .  check (2 bytes): CRC-16/T10-DIF of everything before it
    .  seq again (3 bytes, BE): the commit mark

A save goes to the slot NOT holding the newest record. A record whose write
stopped short fails its check, or its commit mark still holds the slot's
old sequence number (its low byte always differs: a slot's seq moves on by
2 per rewrite); either way it is refused, and the other slot is the latest.
The check catches everything else (flipped bits, another program's data).
It is not the core blob's CRC-16/CCITT: a record ending in a blob that ends
in that CRC would then check the same whatever blob it held.

The sequence number is 24-bit with wrap-around comparison, so it stays a
small int on CircuitPython (no long-int allocation) and never runs out.

On the SAMD51 every write, however small, erases the whole 8 KB nvm block
and programs it back page by page from the first (ASF4's flash_write;
sim/device/_simhw.py models it). The slots are the block's first
2 x SLOT_SIZE bytes, so a power cut after the erase and the first slot's
record loses nothing: slot 0 is back (the new save or the previous one), and
slot 1 holds the other. A cut during the erase or slot 0's programming loses
both slots: load() then finds nothing valid, and the app starts with the
defaults and a notice, never a crash. No other flash the game could write
survives on these boards (CIRCUITPY is the computer's drive), so the
settings cannot be kept out of that window.

Allocates only in read() (one slot's worth) and in write() (the record
buffer is made once per Store and reused).
"""

from micropython import const
from taki_core.save import crc16

M0 = const(0x54)  # "T"
M1 = const(0x53)  # "S"
FORMAT = const(4)  # 4: the payload ends in the records (3: in the language)
HEAD = const(8)
TAIL = const(5)  # checksum + commit mark
SLOT_SIZE = const(608)  # a record of the game, settings and records (38 units)
NVM_NEEDED = const(2 * SLOT_SIZE)
_SEQ_MASK = const(0xFFFFFF)
_SEQ_HALF = const(0x800000)

# read() results
R_EMPTY = const(0)  # erased or zeroed: nothing was ever saved
R_OK = const(1)
R_BAD = const(2)  # something is there, but no slot is valid
R_NO_NVM = const(3)  # this board has no (or too small an) nvm


def check(data, n):
    """CRC-16/T10-DIF (polynomial 0x8BB7, init 0) of data[:n]: another
    polynomial than the blob's own CRC, so a blob's CRC never makes the
    record's."""
    return crc16(data, n, 0x8BB7, 0)


def newer(a, b):
    """Whether 24-bit sequence number a comes after b (wrapping)."""
    return a != b and ((a - b) & _SEQ_MASK) < _SEQ_HALF


def _seq_at(buf, i):
    return (buf[i] << 16) | (buf[i + 1] << 8) | buf[i + 2]


def _put_seq(buf, i, seq):
    buf[i] = seq >> 16
    buf[i + 1] = (seq >> 8) & 0xFF
    buf[i + 2] = seq & 0xFF  # the low byte last: it differs on every rewrite


def parse(rec, size, fmt=FORMAT):
    """(seq, payload start, payload length) of a valid record in rec, or None."""
    if len(rec) < HEAD + TAIL or rec[0] != M0 or rec[1] != M1 or rec[2] != fmt:
        return None
    n = (rec[6] << 8) | rec[7]
    if n != size or HEAD + n + TAIL > len(rec):
        return None
    end = HEAD + n
    if check(rec, end) != (rec[end] << 8) | rec[end + 1]:
        return None
    seq = _seq_at(rec, 3)
    if _seq_at(rec, end + 2) != seq:
        return None  # torn: the write stopped before its last byte
    return seq, HEAD, n


def _blank(rec):
    first = rec[0]
    if first != 0xFF and first != 0:
        return False
    for b in rec:
        if b != first:
            return False
    return True


class Store:
    """Records of exactly `size` payload bytes in nvm[base : base + 2 * SLOT_SIZE]."""

    def __init__(self, nvm, size, base=0, old_size=0, payload=None):
        if HEAD + size + TAIL > SLOT_SIZE:
            raise ValueError("payload too big for a slot")
        self.nvm = nvm
        self.size = size
        self.base = base
        self.seq = 0  # of the newest valid record
        self.slot = 1  # holding it; the next write goes to the other one
        # read() puts the newest payload here (a caller's buffer, kept
        # between two Stores: taki_ui.saving)
        self.payload = bytearray(size) if payload is None else payload
        self._rec = None  # write buffer, made at the first write
        # the previous FORMAT's payload length: such a record is read too,
        # its payload padded with zeros (an update keeps the game and names)
        self.old_size = old_size

    def usable(self):
        return self.nvm is not None and len(self.nvm) >= self.base + NVM_NEEDED

    def read(self, accept=None):
        """Find the newest valid record; copy its payload to self.payload.

        accept(payload) may refuse a record whose checksum is fine but
        whose content is not (another version's, out of range): the older
        slot is tried then. Returns R_OK, R_EMPTY, R_BAD or R_NO_NVM.
        """
        if not self.usable():
            return R_NO_NVM
        found = []
        blank = 0
        for slot in (0, 1):
            at = self.base + slot * SLOT_SIZE
            rec = self.nvm[at:at + SLOT_SIZE]
            got = parse(rec, self.size)
            if got is None and self.old_size:
                got = parse(rec, self.old_size, FORMAT - 1)
            if got is not None:
                found.append((got[0], slot, rec, got[2]))
            elif _blank(rec):
                blank += 1
        if len(found) == 2 and newer(found[0][0], found[1][0]):
            found.reverse()  # the older first
        while found:
            seq, slot, rec, n = found.pop()  # the newest left
            body = rec[HEAD:HEAD + n]
            if n < self.size:
                body += bytes(self.size - n)
            if accept is None or accept(body):
                self.payload[:] = body
                self.seq = seq
                self.slot = slot
                return R_OK
        # nothing usable: the next write starts over in slot 0
        self.seq = 0
        self.slot = 1
        return R_EMPTY if blank == 2 else R_BAD

    def write(self, payload):
        """Save payload (exactly `size` bytes) into the other slot, in one
        nvm write; after it, that slot holds the newest record."""
        if not self.usable():
            return False
        n = self.size
        rec = self._rec
        if rec is None:
            rec = self._rec = bytearray(HEAD + n + TAIL)
        seq = (self.seq + 1) & _SEQ_MASK
        slot = 1 - self.slot
        rec[0] = M0
        rec[1] = M1
        rec[2] = FORMAT
        _put_seq(rec, 3, seq)
        rec[6] = n >> 8
        rec[7] = n & 0xFF
        rec[HEAD:HEAD + n] = payload
        end = HEAD + n
        c = check(rec, end)
        rec[end] = c >> 8
        rec[end + 1] = c & 0xFF
        _put_seq(rec, end + 2, seq)
        at = self.base + slot * SLOT_SIZE
        self.nvm[at:at + len(rec)] = rec
        self.payload[:] = payload
        self.seq = seq
        self.slot = slot
        return True
