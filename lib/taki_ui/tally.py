"""Keeping each name's record (taki_ui.records' layout): a game or a
tournament that just ended counted in, and the records checked as the save
is loaded. Loaded for those two moments only (taki_ui.saving), so its code
is not in the heap while the game or the Records screen is shown."""

from taki_core.save import checksum

from taki_ui.records import (C_BEST, C_HINTS, C_PLAYED, C_TPLAYED, C_TWON, C_WON, CHECK,
                             K_DROPPED, K_EMPTY, K_OK, LEARNER, NO_BEST, ROW, ROWS, ROWS_AT,
                             AREA, Records)
from taki_ui.settings import CPU_HARD, HUMAN, MAX_SEATS, NAME_LEN


class Tally(Records):
    def _seat_key(self, settings, seat):
        kind = settings.kinds[seat]
        if kind == HUMAN:
            return self.name_key(settings.names[seat])
        k = self.name_key("")
        k[0] = kind
        return k

    def seen(self, key):
        """Move key's row to the front (a new one forgets the oldest); its number (0)."""
        b = self.buf
        r = self.find(key)
        row = bytearray(ROW)
        if r < 0:
            r = ROWS - 1  # the least recently seen goes
            row[:NAME_LEN] = key
            row[C_BEST] = NO_BEST
        else:
            row[:] = b[ROWS_AT + r * ROW:ROWS_AT + (r + 1) * ROW]
        b[ROWS_AT + ROW:ROWS_AT + (r + 1) * ROW] = b[ROWS_AT:ROWS_AT + r * ROW]
        b[ROWS_AT:ROWS_AT + ROW] = row
        return 0

    def _add(self, row, col, n=1):
        at = ROWS_AT + row * ROW + col
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
            if settings.kinds[p] == HUMAN:  # a learner while any of its seats had hints
                at = ROWS_AT + r * ROW
                if any(self.hints(q) for q in seats):
                    self.buf[at] |= LEARNER
                else:
                    self.buf[at] &= ~LEARNER
            won = win in seats
            if tour:
                self._add(r, C_TPLAYED)
                if won:
                    self._add(r, C_TWON)
                at = ROWS_AT + r * ROW + C_BEST
                best = min(0 if q == win else game.stage(q) for q in seats)
                self.buf[at] = min(self.buf[at], best)
            else:
                self._add(r, C_PLAYED)
                if won:
                    self._add(r, C_WON)
                    if self.hints(win):
                        self._add(r, C_HINTS)

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
        if checksum(b, CHECK) != (b[CHECK] << 8) | b[CHECK + 1]:
            for i in range(AREA):
                b[i] = 0
            return K_DROPPED
        if (b[0] << 8 | b[1]) >> MAX_SEATS:
            b[0] = b[1] = 0
        dropped = False
        r = 0
        while r < ROWS:
            at = ROWS_AT + r * ROW
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
            if not b[ROWS_AT + r * ROW]:
                if any(b[ROWS_AT + r * ROW:CHECK]):
                    self.clear(r)
                    continue
                break
            r += 1
        return K_DROPPED if dropped else K_OK

    def _row_ok(self, r):
        b = self.buf
        at = ROWS_AT + r * ROW
        name = bytearray(b[at:at + NAME_LEN])
        name[0] &= ~LEARNER  # (a person's flag; a computer's row never has it)
        if 1 <= name[0] <= CPU_HARD:
            if any(c != 32 for c in name[1:]) or b[at] & LEARNER:
                return False
        elif name[0] == 32 or any(not 32 <= c < 127 for c in name):
            return False
        if self.find(name) < r:  # the same name in a row above
            return False
        g = self.get
        best = b[at + C_BEST]
        return (g(r, C_WON) <= g(r, C_PLAYED) and g(r, C_HINTS) <= g(r, C_WON)
                and g(r, C_TWON) <= g(r, C_TPLAYED)
                and (best <= 8 if g(r, C_TPLAYED) else best == NO_BEST))
