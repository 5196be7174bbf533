"""Stand-in for `microcontroller` under CircuitPython's VM: Pin, and an nvm
kept in a file (nvm.bin in the working directory), so it takes no heap.
Reads and writes behave as the board's nvm.ByteArray: a slice read gives a
bytearray, a slice write must keep the length."""

import _vmhw


class Pin:
    def __init__(self, name):
        self.name = name


class _Nvm:
    def __init__(self, path, size):
        self._path = path
        self._size = size

    def __len__(self):
        return self._size

    def _span(self, i):
        if isinstance(i, slice):
            start = 0 if i.start is None else i.start
            stop = self._size if i.stop is None else i.stop
            return start, min(stop, self._size)
        if not 0 <= i < self._size:
            raise IndexError("index out of range")
        return i, -1

    def __getitem__(self, i):
        start, stop = self._span(i)
        with open(self._path, "rb") as f:
            f.seek(start)
            if stop < 0:
                return f.read(1)[0]
            return bytearray(f.read(stop - start))

    def __setitem__(self, i, v):
        start, stop = self._span(i)
        if stop < 0:
            v = bytes((v,))
        elif len(v) != stop - start:
            raise ValueError("Slice and value different lengths.")
        with open(self._path, "r+b") as f:
            f.seek(start)
            f.write(v)


nvm = _Nvm("nvm.bin", 8192)
watchdog = _vmhw.watchdog


class _Cpu:
    frequency = 120000000


cpu = _Cpu()
