"""The NeoPixels show the active colour; short tunes mark turns, penalties, wins.
The backlight dims, and then it and the pixels go dark, while nobody plays."""

from adafruit_ticks import ticks_diff, ticks_ms
from micropython import const

from taki_ui.cardart import COLOURS

# A hot-seat player may think for a minute; longer, the device was most
# likely put down: dim (still readable), then dark after 5 minutes in all.
_DIM_MS = const(60000)
_DARK_MS = const(300000)
DIM = 0.2  # the backlight while dimmed (1.0 full)
# self.level: 0 lit, 1 dimmed, 2 dark

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
        self.level = 0
        self.still = ticks_ms()  # since then nobody pressed and nothing moved

    def colour(self, c):
        """Show colour c (0..3) on all five pixels; -1 turns them off."""
        if c == self._colour:
            return
        self._colour = c
        if self.level < 2:
            self.board.pixels.fill(COLOURS[c] if c >= 0 else 0)

    def idle(self, now, unsaved):
        """The game waits for a person (the app sets `still` at each key
        and while the game moves by itself). The backlight dims _DIM_MS
        after `still`; after _DARK_MS it and the pixels go dark, once nothing
        is unsaved: True while that waits."""
        quiet = ticks_diff(now, self.still)
        lv = self.level
        if lv == 0 and quiet >= _DIM_MS:
            self.level = 1
            self.board.display.brightness = DIM
        elif lv == 1 and quiet >= _DARK_MS:
            if unsaved:
                return True
            self.level = 2
            self.board.display.brightness = 0
            self.board.pixels.fill(0)
        return False

    def wake(self, now):
        """A key at `now`: full light again; True if it was dimmed or dark
        (that key only wakes: a held arrow does not repeat from it either)."""
        self.still = now
        if not self.level:
            return False
        self.level = 0
        self.board.display.brightness = 1.0
        c = self._colour
        self._colour = -3
        self.colour(c)
        self.board.let_go()
        return True

    def saving(self, on):
        """While a save is written: the pixels at both ends white, the middle
        one dark (a pattern no game colour makes); then the colour again."""
        if self.level == 2:
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
