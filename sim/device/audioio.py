"""Stand-in for CircuitPython's `audioio.AudioOut`: records the notes, and in
the window plays them through pygame's mixer.

The board (boards/sound.py) plays one looping 16-sample square wave, its
pitch set by the sample's rate: a note is `play(sample, loop=True)` and lasts
until `stop()` or the next `play()`. Each note goes into `_simhw.tones` as
(frequency Hz, duration ms, start ms) on the board's clock (headless: the
virtual one); the duration is None while the note still sounds.
`_simhw.sounds` keeps the frequency of each play. When `_simhw.speaker` is
set (window mode: `open_speaker()`), it plays the very same wave.
"""

import array

import _simhw

MIX_RATE = 22050  # the mixer's samples per second
QUIESCENT = 0x8000  # the DAC's middle: silence in the board's unsigned samples


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=QUIESCENT):
        self.playing = False
        self._note = None  # the entry of _simhw.tones this output is sounding

    def play(self, sample, *, loop=False):
        self._end()
        buf = sample.buffer
        freq = sample.sample_rate // max(1, len(buf))
        _simhw.sounds.append(freq)
        now = _simhw.ticks_ms()
        if loop:
            note = (freq, None, now)  # lasts until stop() or the next play()
        else:
            note = (freq, len(buf) * 1000 // max(1, sample.sample_rate), now)
        _simhw.tones.append(note)
        self._note = note if loop else None
        self.playing = loop
        if _simhw.speaker is not None:
            _simhw.speaker.play(buf, sample.sample_rate, loop)

    def stop(self):
        self._end()
        self.playing = False
        if _simhw.speaker is not None:
            _simhw.speaker.stop()

    def deinit(self):
        self.stop()

    def _end(self):
        """The note sounding now ends now: its duration goes into the record."""
        note = self._note
        self._note = None
        if note is None:
            return
        tones = _simhw.tones
        for i in range(len(tones) - 1, -1, -1):  # gone if _simhw.reset() ran since
            if tones[i] is note:
                freq, _, start = note
                tones[i] = (freq, (_simhw.ticks_ms() - start) & 0x1FFFFFFF, start)
                return


def synth(buffer, sample_rate, rate=MIX_RATE, n=None):
    """The board's sample `buffer` (unsigned 16-bit, QUIESCENT in the middle)
    played at `sample_rate`, as `n` signed 16-bit samples at the mixer's
    `rate` (default: one second, a whole number of the board's waves when
    sample_rate is a multiple of len(buffer), so it loops without a click)."""
    if n is None:
        n = rate
    size = len(buffer)
    out = array.array("h", bytes(2 * n))
    for i in range(n):
        out[i] = buffer[(i * sample_rate // rate) % size] - QUIESCENT
    return out


class Mixer:
    """Window mode: each note the board plays, played by pygame's mixer."""

    def __init__(self):
        import pygame

        self._pg = pygame
        # pygame.init() may have opened the mixer in its own format: ours is
        # fixed (mono, signed 16-bit) so that synth()'s bytes are its samples.
        pygame.mixer.quit()
        pygame.mixer.init(frequency=MIX_RATE, size=-16, channels=1, buffer=512,
                          allowedchanges=0)
        self._cache = {}
        self._sound = None

    def play(self, buffer, sample_rate, loop):
        self.stop()
        key = (sample_rate, loop, bytes(buffer))
        snd = self._cache.get(key)
        if snd is None:
            n = None if loop else max(1, len(buffer) * MIX_RATE // max(1, sample_rate))
            snd = self._pg.mixer.Sound(buffer=synth(buffer, sample_rate, MIX_RATE, n).tobytes())
            self._cache[key] = snd
        snd.play(loops=-1 if loop else 0)
        self._sound = snd

    def stop(self):
        if self._sound is not None:
            self._sound.stop()
            self._sound = None


def open_speaker():
    """A Mixer, or None (and one line saying why) where there is no sound."""
    try:
        return Mixer()
    except Exception as e:  # pygame.error: no audio device or driver
        print("No sound: %s" % (str(e) or type(e).__name__))
        return None
