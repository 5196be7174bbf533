"""Stand-in for the built-in `adafruit_pixelbuf` under CircuitPython's VM
(the board has it in C): just what the neopixel library uses."""


class PixelBuf:
    def __init__(self, size, *, byteorder="BGR", brightness=1.0, auto_write=False,
                 header=None, trailer=None):
        self._n = size
        self._order = byteorder
        self._buf = bytearray(size * len(byteorder))
        self.brightness = brightness
        self.auto_write = auto_write

    def __len__(self):
        return self._n

    def __setitem__(self, i, color):
        bpp = len(self._order)
        for c in range(bpp):
            ch = self._order[c]
            v = (color >> 16) & 255 if ch == "R" else (color >> 8) & 255 if ch == "G" else (
                color & 255 if ch == "B" else 0)
            self._buf[i * bpp + c] = int(v * self.brightness)
        if self.auto_write:
            self.show()

    def fill(self, color):
        a = self.auto_write
        self.auto_write = False
        for i in range(self._n):
            self[i] = color
        self.auto_write = a
        if a:
            self.show()

    def show(self):
        self._transmit(self._buf)
