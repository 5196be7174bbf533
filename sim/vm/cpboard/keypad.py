"""Stand-in for `keypad` under CircuitPython's VM: the events come from the
replayed schedule (_vmhw.queue), each key pressed and released at once."""

import _vmhw


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed


class _Queue:
    overflowed = False

    def get_into(self, event):
        if _vmhw.done:
            raise _vmhw.Done()
        q = _vmhw.queue
        if not q:
            return False
        event.key_number, event.pressed = q.pop(0)
        return True

    def clear(self):
        del _vmhw.queue[:]

    def __len__(self):
        return len(_vmhw.queue)


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, key_count, value_when_pressed,
                 value_to_latch=True, interval=0.02, max_events=64, debounce_threshold=1):
        self.key_count = key_count
        self.events = _Queue()

    def reset(self):
        pass  # a scheduled key is released at once: none is down to report

    def deinit(self):
        pass
