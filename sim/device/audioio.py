"""Stand-in for CircuitPython's `audioio.AudioOut`: records what was played.

The simulator stays silent; tests read `_simhw.sounds` (one entry per play:
the tone's frequency, from the sample's rate and length).
"""

import _simhw


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.playing = False

    def play(self, sample, *, loop=False):
        _simhw.sounds.append(sample.sample_rate // max(1, len(sample.buffer)))
        self.playing = True

    def stop(self):
        self.playing = False

    def deinit(self):
        self.playing = False
