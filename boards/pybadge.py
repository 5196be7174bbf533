"""Adafruit PyBadge / PyBadge LC: 8 buttons on a shift register.

An arrow held down repeats (after REPEAT_DELAY, then every REPEAT_EVERY), so
that a name or a long hand is quick to go through; other buttons press once.
"""

import time

import analogio
import board
import keypad
import microcontroller
import neopixel
from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from micropython import const

from boards import K_LEFT, K_RIGHT, NO_KEY
from boards.sound import Tone

REPEAT_DELAY = const(450)  # ms before a held arrow repeats
REPEAT_EVERY = const(110)


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
        self._dog = microcontroller.watchdog  # fed each pass (tick); code.py turns it on
        # A6 reads half the LiPo's voltage (the PyGamer has the same divider)
        self._battery = analogio.AnalogIn(board.A6)
        self._held_key = NO_KEY  # an arrow down now (it repeats)
        self._again = 0

    def key(self):
        """The next key press (a logical key number), or -1."""
        ev = self._event
        q = self._keys.events
        if q.overflowed:
            # Mashed or stuck buttons filled the queue: its presses are
            # stale by now. Drop them rather than act on them for seconds.
            # Events after it were lost, a release among them perhaps: the
            # scanner starts afresh (a key still down is reported pressed
            # again) and the held arrow is forgotten, or it would repeat
            # until pressed again.
            q.clear()
            self._keys.reset()
            self.let_go()
        while q.get_into(ev):
            k = ev.key_number
            if ev.pressed:
                if K_RIGHT <= k <= K_LEFT:  # an arrow (4..7)
                    self._held_key = k
                    self._again = ticks_add(ticks_ms(), REPEAT_DELAY)
                return k
            if k == self._held_key:
                self._held_key = NO_KEY
        if self._held_key != NO_KEY and ticks_diff(ticks_ms(), self._again) >= 0:
            self._again = ticks_add(ticks_ms(), REPEAT_EVERY)
            return self._held_key
        return NO_KEY

    def let_go(self):
        """Forget the held arrow: it repeats no more until it is pressed again."""
        self._held_key = NO_KEY

    def rest(self, ms):
        """Let the CPU idle for up to ms (time.sleep waits for interrupts; the
        keypad scans on and queues presses meanwhile), less if a held arrow's
        repeat or the next note of a tune is due sooner."""
        now = ticks_ms()
        if self._held_key != NO_KEY:
            d = ticks_diff(self._again, now)
            if d < ms:
                ms = d
        t = self._tone
        if t.tune:
            d = ticks_diff(t.due, now)
            if d < ms:
                ms = d
        if ms > 0:
            time.sleep(ms / 1000)

    def battery_mv(self):
        """The battery's voltage in millivolts (on USB power: the charger's)."""
        return self._battery.value * 6600 >> 16  # 2 x 3.3 V over 16 bits

    def tone(self, tune):
        self._tone.play(tune)

    def tick(self):
        """Once a pass of the loop: end a note that is due; feed the watchdog."""
        self._tone.tick()
        self._dog.feed()
