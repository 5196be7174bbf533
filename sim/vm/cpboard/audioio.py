"""Stand-in for `audioio` under CircuitPython's VM: counts the notes."""

import _vmhw


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.playing = False

    def play(self, sample, *, loop=False):
        _vmhw.tones += 1
        self.playing = True

    def stop(self):
        self.playing = False

    def deinit(self):
        pass
