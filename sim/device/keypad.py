"""Stand-in for CircuitPython's `keypad`: ShiftRegisterKeys fed by the simulator.

Reading the queue is the app's heartbeat: each read lets the simulator feed
the next scripted key and pump the window's events (the virtual clock moves
when the app sleeps: _simhw.sleep). The keys' physical state is kept, so
that `reset()` reports a key still down as pressed again, as CircuitPython's
does.
"""

from collections import deque

import _simhw


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = 0

    @property
    def released(self):
        return not self.pressed

    def __eq__(self, other):
        return self.key_number == other.key_number and self.pressed == other.pressed

    def __hash__(self):
        return self.key_number

    def __repr__(self):
        return "<Event: key_number %d %s>" % (
            self.key_number,
            "pressed" if self.pressed else "released",
        )


class EventQueue:
    def __init__(self, max_events=64):
        self._q = deque()
        self._max = max_events
        self.overflowed = False

    def _next(self):
        if not self._q:
            _simhw.poll()
        if not self._q:
            _simhw.idle_polls += 1
            return None
        return self._q.popleft()

    def get(self):
        item = self._next()
        if item is None:
            return None
        ev = Event(item[0], item[1])
        ev.timestamp = item[2]
        return ev

    def get_into(self, event):
        item = self._next()
        if item is None:
            return False
        event.key_number, event.pressed, event.timestamp = item
        return True

    def clear(self):
        self._q.clear()
        self.overflowed = False

    def __len__(self):
        return len(self._q)

    def __bool__(self):
        return len(self._q) > 0


class ShiftRegisterKeys:
    def __init__(
        self,
        *,
        clock,
        data,
        latch,
        value_to_latch=True,
        key_count,
        value_when_pressed,
        interval=0.02,
        max_events=64,
        debounce_threshold=1,
    ):
        self.key_count = key_count
        self.events = EventQueue(max_events)
        self.down = set()  # keys held down now
        self.resets = 0
        _simhw.keypads.append(self)

    def _push(self, key, pressed):
        q = self.events
        if pressed:
            self.down.add(key)
        else:
            self.down.discard(key)
        if len(q._q) >= q._max:
            q.overflowed = True  # as CircuitPython: a full queue drops new events
            return
        q._q.append((key, pressed, _simhw.ticks_ms()))

    def reset(self):
        """As CircuitPython's: every key is taken as released, so a key down
        now makes a new press event (the queue itself is left as it is)."""
        self.resets += 1
        for k in sorted(self.down):
            q = self.events
            if len(q._q) >= q._max:
                q.overflowed = True
            else:
                q._q.append((k, True, _simhw.ticks_ms()))

    def deinit(self):
        if self in _simhw.keypads:
            _simhw.keypads.remove(self)
