"""Adafruit PyBadge / PyBadge LC: 8 buttons on a shift register."""

import analogio
import board
import keypad
import microcontroller
import neopixel

from boards.sound import Tone


class Board:
    name = "pybadge"

    def __init__(self, key_count=8):
        self.display = board.DISPLAY
        self._keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK,
            data=board.BUTTON_OUT,
            latch=board.BUTTON_LATCH,
            key_count=key_count,
            value_when_pressed=True,
        )
        self._event = keypad.Event()  # reused: reading keys allocates nothing
        self.pixels = neopixel.NeoPixel(board.NEOPIXEL, 5, brightness=0.1, auto_write=True)
        self._tone = Tone()
        self.nvm = microcontroller.nvm
        # A6 reads half the LiPo's voltage (the PyGamer has the same divider)
        self._battery = analogio.AnalogIn(board.A6)

    def key(self):
        """The next key press (a logical key number), or -1."""
        ev = self._event
        q = self._keys.events
        if q.overflowed:
            # Mashed or stuck buttons filled the queue: its presses are
            # stale by now. Drop them rather than act on them for seconds.
            q.clear()
        while q.get_into(ev):
            if ev.pressed:
                return ev.key_number
        return -1

    def battery_mv(self):
        """The battery's voltage in millivolts (on USB power: the charger's)."""
        return self._battery.value * 6600 >> 16  # 2 x 3.3 V over 16 bits

    def tone(self, tune):
        self._tone.play(tune)

    def tick(self):
        self._tone.tick()
