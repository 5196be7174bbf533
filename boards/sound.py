"""Short tones on the board's speaker, without blocking the game loop.

One looping square-wave sample is made at start-up; a note is that sample
played at a sample rate of pitch * length. A tune is a tuple of
(frequency, milliseconds) pairs, stepped by `tick()`.
"""

import array

import audiocore
import audioio
import board
import digitalio
from adafruit_ticks import ticks_add, ticks_diff, ticks_ms

_WAVE_LEN = 16


class Tone:
    def __init__(self):
        self._enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self._enable.switch_to_output(value=False)
        wave = array.array("H", [0] * _WAVE_LEN)
        for i in range(_WAVE_LEN):
            # A quiet square wave: loud ones are harsh on the tiny speaker.
            wave[i] = 0x8000 + (0x1800 if i < _WAVE_LEN // 2 else -0x1800)
        self._sample = audiocore.RawSample(wave, sample_rate=8000)
        self._out = audioio.AudioOut(board.SPEAKER)
        self.tune = ()  # what is playing (the board's rest() reads it and due)
        self._i = 0
        self.due = 0  # when its note ends

    def play(self, tune):
        self.tune = tune
        self._i = 0
        self._start_note()

    def _start_note(self):
        freq, ms = self.tune[self._i]
        self.due = ticks_add(ticks_ms(), ms)
        if freq:
            self._sample.sample_rate = freq * _WAVE_LEN
            self._enable.value = True
            self._out.play(self._sample, loop=True)
        else:
            self._out.stop()

    def tick(self):
        if not self.tune or ticks_diff(ticks_ms(), self.due) < 0:
            return
        self._i += 1
        if self._i < len(self.tune):
            self._start_note()
        else:
            self.tune = ()
            self._out.stop()
            self._enable.value = False
