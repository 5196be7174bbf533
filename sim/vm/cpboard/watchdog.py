"""Stand-in for `watchdog` under CircuitPython's VM: WatchDogMode (the timer is
microcontroller.watchdog, see _vmhw.WatchDog)."""


class WatchDogMode:
    RAISE = "RAISE"
    RESET = "RESET"


class WatchDogTimeout(Exception):
    pass
