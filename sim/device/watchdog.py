"""Stand-in for CircuitPython's `watchdog`: WatchDogMode (the timer itself is
microcontroller.watchdog, see _simhw.WatchDog)."""


class WatchDogMode:
    RAISE = "RAISE"
    RESET = "RESET"


class WatchDogTimeout(Exception):
    pass
