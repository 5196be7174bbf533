"""What the display shows: one screen at a time.

A screen is built when it is shown, from the pools made here once (the text
lines, the card slots), and let go when another is shown. The modules of the
screens other than the table are imported when their screen is shown and
forgotten when it goes (their bytecode is heap too). Each screen gets a new
root group, so the display sends the new frame once instead of the old
screen's areas and the new one's.
"""

import sys

import displayio
from micropython import const

from taki_ui import cardart, text, widgets
from taki_ui.table_screen import SLOTS, TableScreen

LINES = const(12)  # text lines in the pool: the most any screen shows


class Stage:
    def __init__(self, display):
        self.display = display
        self.lines = text.Pool(LINES)
        sheet, self.missing = cardart.load_sheet()  # missing: the sheet file was not there
        self.slots = [cardart.new_slot(sheet) for _ in range(1 + SLOTS)]
        self.background = widgets.box(0, 0, 160, 128, widgets.BG)[0]
        self.root = None
        self.screen = None
        self.table = None  # the screen, while it is the table
        self._module = None  # the screen module imported for the screen shown
        display.auto_refresh = False  # the app refreshes once per loop pass

    def show(self, module, cls, *args):
        """Let the screen shown go, then build and show
        taki_ui.<module>.<cls>(lines, *args); module None: the table."""
        old = self.screen
        if old is not None:
            if hasattr(old, "close"):
                old.close()
            self.lines.release()
        self.screen = self.table = None
        if self._module != module:
            _drop(self._module)
            self._module = module
        if module is None:
            self.screen = self.table = TableScreen(self.lines, self.slots)
        else:
            mod = __import__("taki_ui." + module, None, None, (cls,))
            self.screen = getattr(mod, cls)(self.lines, *args)
        if self.root is not None:
            self.root.remove(self.background)
        self.root = displayio.Group()
        self.root.append(self.background)
        self.root.append(self.screen.group)
        self.display.root_group = self.root
        return self.screen


def _drop(module):
    """Forget the screen module taki_ui.<module> (None: nothing to drop)."""
    if module is not None:
        sys.modules.pop("taki_ui." + module, None)
        pkg = sys.modules["taki_ui"]
        if hasattr(pkg, module):
            delattr(pkg, module)
