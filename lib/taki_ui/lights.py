"""The NeoPixels show the active colour; short tunes mark turns, penalties, wins.
The backlight dims, and then it and the pixels go dark, while nobody plays."""

from micropython import const

from taki_ui.cardart import COLOURS

# A hot-seat player may think for a minute; longer, the device was most
# likely put down: dim (still readable), then dark after 5 minutes in all.
DIM_MS = const(60000)
DARK_MS = const(300000)
DIM = 0.2  # backlight while dimmed (1.0 full)
LIT = const(0)
DIMMED = const(1)
DARK = const(2)

SAVING = 0xFFFFFF

TURN = ((660, 70), (0, 30), (880, 90))
PENALTY = ((330, 120), (220, 220))
WIN = ((523, 110), (659, 110), (784, 110), (1047, 300))
BUMP = ((150, 60),)  # a key that does nothing here
SILENCE = ((0, 1),)


class Lights:
    def __init__(self, board, settings):
        self.board = board
        self.settings = settings
        self._colour = -2
        self.level = LIT

    def colour(self, c):
        """Show colour c (0..3) on all five pixels; -1 turns them off."""
        if c == self._colour:
            return
        self._colour = c
        if self.level != DARK:
            self.board.pixels.fill(COLOURS[c] if c >= 0 else 0)

    def idle(self, quiet):
        """quiet: ms nobody has pressed a key while the game waits for a
        person. Dims the backlight after DIM_MS; True once DARK_MS have
        passed (the app saves first, then calls dark())."""
        if self.level == LIT and quiet >= DIM_MS:
            self.level = DIMMED
            self.board.backlight(DIM)
        return self.level == DIMMED and quiet >= DARK_MS

    def dark(self):
        self.level = DARK
        self.board.backlight(0)
        self.board.pixels.fill(0)

    def wake(self):
        """Full light again; True if it was dimmed or dark (that key only
        wakes: a held arrow does not repeat from it either)."""
        if self.level == LIT:
            return False
        self.level = LIT
        self.board.backlight(1.0)
        c = self._colour
        self.board.pixels.fill(COLOURS[c] if c >= 0 else 0)
        self.board.let_go()
        return True

    def saving(self, on):
        """While a save is written: the pixels at both ends white, the middle
        one dark (a pattern no game colour makes); then the colour again."""
        if self.level == DARK:
            return  # they stay dark (a low battery's save)
        px = self.board.pixels
        c = COLOURS[self._colour] if self._colour >= 0 else 0
        if on:
            px.fill(0)
            px[0] = px[4] = SAVING
        else:
            px.fill(c)

    def tune(self, notes):
        if self.settings.sound:
            self.board.tone(notes)

    def silence(self):
        self.board.tone(SILENCE)
