"""The NeoPixels show the active colour; short tunes mark turns, penalties, wins."""

from taki_ui.cardart import COLOURS

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

    def colour(self, c):
        """Show colour c (0..3) on all five pixels; -1 turns them off."""
        if c == self._colour:
            return
        self._colour = c
        self.board.pixels.fill(COLOURS[c] if c >= 0 else 0)

    def saving(self, on):
        """While a save is written: the pixels at both ends white, the middle
        one dark (a pattern no game colour makes); then the colour again."""
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
