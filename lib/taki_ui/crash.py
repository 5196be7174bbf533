"""When the game cannot go on: what the player sees (code.py calls this
only then; its bytecode is never in the heap during a game).

no_font(): the firmware has no terminalio (CircuitPython's ja, ko and ru
builds leave it out for the PyBadge and PyGamer), so no screen can show a
word: one line on the serial console says which builds work, and the
NeoPixels show NO_FONT on pixels 0, 2 and 4 (the README explains it).

crashed(e, hw): an exception escaped the game. The app is already let go
(code.py drops it and collects: a MemoryError is the likely cause), so this
screen is built from almost nothing: one TileGrid over the firmware font's
own bitmap (terminalio.FONT), in English with a warning sign, since the
language files may be what failed. The traceback goes to the serial
console. Nothing is written to nvm: the last good save stays, and the next
start offers to resume it. A restarts (supervisor.reload()).
"""

import gc

from boards import CHAR_W, LINE_H, SCREEN_H, SCREEN_W
from micropython import const

COLS = const(SCREEN_W // CHAR_W)  # the font's cells on the screen
ROWS = const(SCREEN_H // LINE_H)
NO_FONT = 0xC000FF  # magenta: a colour the game never shows on its pixels
CRASH = 0xFF0000  # all five red: the game stopped
NO_FONT_LINE = ("TAKI needs terminalio, which CircuitPython's ja, ko and ru builds leave out: "
                "install CircuitPython 10 for this board in any other language (en_US, de_DE, "
                "es, fr, ...) from circuitpython.org, then copy the game again")


def no_font():
    """Say why the game cannot start here, and wait (the pixels stay lit)."""
    print(NO_FONT_LINE)
    try:
        import board
        import neopixel

        px = neopixel.NeoPixel(board.NEOPIXEL, 5, brightness=0.1, auto_write=False)
        for i in range(5):
            px[i] = NO_FONT if i % 2 == 0 else 0
        px.show()
    except (ImportError, AttributeError, ValueError) as e:  # no pixels to light: the line is all
        print("(no NeoPixels: %r)" % e)
    import time

    while True:
        time.sleep(1)


def rows(e, can_restart=True):
    """The crash screen's lines for exception e (at most ROWS, COLS wide)."""
    out = ["/!\\ Something went wrong:",
           "press A to restart" if can_restart else "press reset to restart", "",
           type(e).__name__]
    out += wrap(str(e), ROWS - len(out) - (2 if isinstance(e, ImportError) else 0))
    if isinstance(e, ImportError):  # a module of the game is missing or damaged
        out += ["", "Copy the game again."]
    return out


def wrap(s, n):
    """s in at most n lines of COLS: broken at spaces, a longer word after
    a "/" (a path), else cut."""
    out = []
    line = ""
    for word in s.split():
        while len(word) > COLS:
            if line:
                out.append(line)
                line = ""
            cut = word.rfind("/", 0, COLS) + 1 or COLS
            out.append(word[:cut])
            word = word[cut:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= COLS:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out[:n]


def show(display, lines):
    """lines on the screen in the firmware's font, white on dark red."""
    import displayio
    import terminalio

    pal = displayio.Palette(2)
    pal[0] = 0x600000
    pal[1] = 0xFFFFFF
    grid = displayio.TileGrid(terminalio.FONT.bitmap, pixel_shader=pal, width=COLS,
                              height=ROWS, tile_width=CHAR_W, tile_height=LINE_H, x=2, y=4,
                              default_tile=0)
    for r in range(len(lines)):
        s = lines[r]
        for c in range(min(len(s), COLS)):
            o = ord(s[c]) - 32
            grid[c, r] = o if 0 <= o < 95 else 31  # 31: "?"
    root = displayio.Group()
    root.append(grid)
    display.root_group = root
    display.refresh()
    return grid


def crashed(e, hw):
    """The crash screen for e until A is pressed, then a restart. hw: the
    board driver (None if it could not be made: no keys, reset restarts)."""
    try:
        import traceback

        traceback.print_exception(e)
    except ImportError:
        print(repr(e))
    from microcontroller import watchdog

    watchdog.feed()  # (if code.py turned it on) the screen's own passes feed it on
    if hw is not None:
        display = hw.display
        display.root_group = None  # the game's last screen: its objects go too
        gc.collect()
        try:
            hw.pixels.fill(CRASH)
        except Exception:  # the pixels are not what failed, or not worth a second error
            pass
    else:
        import board as pins

        display = pins.DISPLAY
    show(display, rows(e, hw is not None))
    import supervisor

    if hw is not None:
        from boards import K_A
    while True:
        if hw is None:
            watchdog.feed()  # a hang here restarts too (code.py turned it on)
        else:
            hw.tick()  # feeds the watchdog; a note that was sounding ends
            if hw.key() == K_A:
                supervisor.reload()
        display.refresh()
