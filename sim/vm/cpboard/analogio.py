"""Stand-in for `analogio` under CircuitPython's VM: A6 reads a charged
battery (4.0 V through the board's 1:2 divider), every other input the
middle of its range (a centred joystick)."""


class AnalogIn:
    reference_voltage = 3.3

    def __init__(self, pin):
        self.value = 39718 if pin.name == "A6" else 32768

    def deinit(self):
        pass
