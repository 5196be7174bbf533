"""Forgetting a module whose code is not needed for a while: on the board a
module's bytecode is heap, freed only once nothing holds the module (its
entry in sys.modules and its package's attribute)."""

import sys


def forget(name):
    """Forget the module `name` (dotted; not loaded: nothing happens, and
    nothing is allocated: a loop pass may ask)."""
    if sys.modules.pop(name, None) is None:
        return
    dot = name.rfind(".")
    if dot > 0:
        pkg = sys.modules.get(name[:dot])
        short = name[dot + 1:]
        if pkg is not None and hasattr(pkg, short):
            delattr(pkg, short)


# the display libraries the screens with tables load (Records, the
# standings): their code is heap, so they go when the screen is left
DISPLAY_LIBS = ("adafruit_display_text.bitmap_label", "adafruit_display_text",
                "adafruit_displayio_layout.layouts.grid_layout",
                "adafruit_displayio_layout.layouts", "adafruit_displayio_layout")


def forget_display_libs():
    for name in DISPLAY_LIBS:
        forget(name)


def make_room(app, lines=False):
    """Let the bots' code, the card slots and the table's code go (and the
    text lines: see Stage.let_cards_go) for a screen whose libraries need
    the room (the Records, the standings), before its module is imported.
    A computer's move, the table, the card help make them again."""
    app.cpu.unload()
    app.stage.let_cards_go(lines)
    app.stage.clear()  # and the screen shown, now: its heap too
