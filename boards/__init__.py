"""The hardware layer: what every board's driver shares (the logical keys,
the screen and its font's sizes); boards.detect finds out which board this
is and returns its driver.

Every board module offers the same small interface (see pybadge.Board):
`display` (its `brightness` dims the backlight, the same on every board),
`pixels`, `key()` -> one logical key press or -1, `let_go()` (a held arrow
repeats no more until pressed again), `tone(notes)`, `tick()`, `rest(ms)`
(the CPU idles up to ms while the keypad queues presses), `nvm` and
`battery_mv()` (absurd where the board has no battery divider:
taki_ui.battery then ignores it). Logical keys are numbered as the PyBadge's shift
register numbers its buttons, so that board needs no translation.
"""

from micropython import const

K_B = const(0)
K_A = const(1)
K_START = const(2)
K_SELECT = const(3)
K_RIGHT = const(4)
K_DOWN = const(5)
K_UP = const(6)
K_LEFT = const(7)
NO_KEY = const(-1)

# What every board here shows text on
SCREEN_W = const(160)  # the screen (ST7735R), in pixels
SCREEN_H = const(128)
CHAR_W = const(6)  # a cell of the firmware's font (terminalio.FONT)
LINE_H = const(12)
FONT_FIRST = const(32)  # its glyphs: ASCII 32..126, in order
FONT_GLYPHS = const(95)
