"""Stand-in for the `neopixel` library: keeps the colours for the simulator."""

import _simhw


class NeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        self.n = n
        self.brightness = brightness
        self.auto_write = auto_write
        self._buf = [(0, 0, 0)] * n
        self.shown = [(0, 0, 0)] * n  # what the LEDs show (after brightness)
        _simhw.pixels.append(self)

    def __len__(self):
        return self.n

    def __setitem__(self, i, color):
        self._buf[i] = self._rgb(color)
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        return self._buf[i]

    def fill(self, color):
        c = self._rgb(color)
        for i in range(self.n):
            self._buf[i] = c
        if self.auto_write:
            self.show()

    def show(self):
        b = self.brightness
        self.shown = [(int(r * b), int(g * b), int(bl * b)) for r, g, bl in self._buf]

    def deinit(self):
        pass

    @staticmethod
    def _rgb(color):
        if isinstance(color, int):
            return ((color >> 16) & 255, (color >> 8) & 255, color & 255)
        return tuple(color[:3])
