"""Stand-in for `analogio` under CircuitPython's VM: every input reads the
middle of its range (a centred joystick)."""


class AnalogIn:
    reference_voltage = 3.3

    def __init__(self, pin):
        self.value = 32768

    def deinit(self):
        pass
