"""Stand-in for `audiocore` under CircuitPython's VM."""


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000):
        self.sample_rate = sample_rate

    def deinit(self):
        pass
