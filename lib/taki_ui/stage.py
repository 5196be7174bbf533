"""What the display shows: one screen at a time, each in a root group of
its own.

A screen is built when it is shown, from the pools made here once (the text
lines, the card slots), and let go when another is shown: a new root, so
the display sends the new frame once, each pixel computed once, instead of
the old screen's areas and the new one's. Between people's hands the table
is kept built while a side screen (SIDE: the pass screen, the +3 prompt)
is shown in a root of its own, and shown again as it was; the pass screen
is kept too (built with the table, or a loop pass after it when the table
was a key's answer), and told the next name. The modules of
the screens other than the table are imported when their screen is shown
and forgotten when it goes (their bytecode is heap too), but the pass
screen's (KEPT), and the pause menu's while its card help is shown; the
table's is let go only for a screen that needs the room (let_cards_go). No layer lies under the screens: where nothing is
drawn the panel is black, which displayio's refresh fills for a couple of
instructions a pixel (a full-screen shape cost ~150 a pixel on every
frame). Above every screen, a small mark in the top right corner: a save
being written, or a low battery.
"""


import gc

import bitmaptools
import displayio
from boards import SCREEN_H, SCREEN_W
from micropython import const

from taki_ui import cardart, text, widgets
from taki_ui.table_screen import SLOTS  # (a const: the bundle puts in its value, no import)
from taki_ui.unload import forget

LINES = const(17)  # text lines in the pool: the table's 10 and the pass screen's 5, or
# the +3 prompt's 7
LINES_KEPT = const(12)  # of them, made at the start and kept: the most any one screen shows
# the screen between every two people's turns: its module stays imported
# (an import from flash is ~15 ms of each pass screen; ~0.7 KB of heap)
# until a screen needs the room (let_cards_go)
KEPT = "pass_screen"
# screens shown while the table is kept (Stage.show). Not the pause menu:
# back from it the table would only be drawn (66-73 ms, not 93-109, on the
# ARM model), but the table and the menu together (and the save that a
# pause writes) did not fit a 128 KB heap after the Records screen had been
# shown ("2 records sd": 105,600 B live, a 606-byte block not found)
SIDE = (KEPT, "plus3_screen")
MARK_NONE = const(-1)
MARK_SAVE = const(0)  # a floppy disk: do not switch off
MARK_LOW = const(1)  # a battery with one red bar
_MW = const(12)
_MH = const(10)


class Stage:
    def __init__(self, display):
        self.display = display
        self.lines = text.Pool(LINES, LINES_KEPT)
        # the card sheet, read once and kept: 4,480 B in one block, which a
        # heap the Records' libraries came and went through may not have
        # again (their qstrs stay where they were loaded)
        self._sheet = None
        self._cards = None
        self.missing = None  # cards.bmp's name when it could not be used
        # the next screen needs room (let_cards_go): 1 the word table's, 2 the
        # text lines' too; what was let go for the screen shown (show)
        self._roomy = 0
        self._let_go = 0
        self._read_cards()  # now: the start says if cards.bmp is missing
        self.root = None
        self.screen = None
        self.table = None  # the screen, while it is the table
        self.kept = None  # the table, while the pass screen is shown instead
        self._pass = None  # the pass screen, while the table is kept (shown or not)
        self._troot = None  # the kept table's root, and the pass screen's
        self._proot = None
        self._module = None  # the screen module imported for the screen shown
        self.pass_due = False  # the pass screen is to be built at the next loop pass (ready_pass)
        # the table went aside for the pass screen: its public part for the
        # next turn is to be drawn at the next loop pass (taki_ui.rest.begin)
        self.kept_due = False
        self.marks = _marks()
        display.auto_refresh = False  # the app refreshes once per loop pass

    @property
    def cards(self):
        """The card slots over the card sheet (made again after
        let_cards_go; the sheet is read from cards.bmp once)."""
        if self._cards is None:
            self._read_cards()
        return self._cards

    def _read_cards(self):
        if self._sheet is None:
            from taki_ui import sheet as reader  # only while it reads: its code goes after

            self._sheet, self.missing = reader.load()
            drop("sheet")
        self._cards = [cardart.Card(self._sheet) for _ in range(1 + SLOTS)]  # (more: TableScreen._more)

    def let_cards_go(self, lines=False):
        """Free the card slots (2.3-3.2 KB) for a screen that shows no
        cards and needs the room (the Records); the next screen that shows
        cards makes them again. Until the screen after it, a language of
        pictures is drawn from the file, without its word table in memory
        (text.hold_words: now, as the screen's module may be imported
        before it is shown); lines: the text lines go too and the next
        screen makes the ones it takes (the standings, whose libraries need
        one block where the lines lay)."""
        self._cards = None
        cardart.Card.pals = None  # (their palettes too)
        drop("table_screen")  # its code too (6.3 KB), made again with the table
        text.lang.hold_words(False)
        if self._module != KEPT:
            drop(KEPT)
        self._roomy = 2 if lines else 1  # see show

    def mark(self, kind):
        """Show MARK_SAVE or MARK_LOW in the corner, or MARK_NONE."""
        m = self.marks
        if kind == MARK_NONE:
            m.hidden = True
            m.x = SCREEN_W  # off the screen while hidden: see table_screen._park
        else:
            m[0] = kind
            m.x = SCREEN_W - _MW
            m.hidden = False

    def show(self, module, cls, *args):
        """Let the screen shown go, then build and show
        taki_ui.<module>.<cls>(lines, *args); module None: the table.

        Between people's hands the table is kept built while a screen of
        SIDE is shown instead (the pass screen, the +3 prompt), each in a
        root group of its own, and comes back as it was; the pass screen
        (KEPT) stays built too, and is told the next name."""
        if module in SIDE and (self.table is not None or self.kept is not None) \
                and not self._roomy:
            return self._side(module, cls, *args)
        if module is None and self.kept is not None:
            return self._uncover()
        self._leave()
        was = self._module
        if was != module:
            # the pause menu's module stays imported while its card help is
            # shown, so that going back imports nothing (~27 ms of the way
            # back); no table is built while either is shown
            if was != KEPT and not (was == "pause_screen" and module == "help_screen"):
                drop(was)
            if was == "help_screen" and module != "pause_screen":
                drop("pause_screen")
            self._module = module
        if self._roomy:
            if self._roomy == 2:
                # the lines made at the start lie together: let go, their room
                # is one block for this screen's libraries (the pool makes the
                # lines it takes as it takes them)
                self.lines.trim()
            self._let_go = self._roomy
            self._roomy = 0
            # what was let go is free before the libraries come in, and the
            # allocator looks for room from the heap's start again (it goes on
            # from where it last found some until it runs out)
            gc.collect()
        elif self._let_go:
            if self._let_go == 2:
                # the screen after: all the lines made again at once, in the
                # room the libraries left, not scattered between what comes
                # next
                self.lines.trim()
                self.lines.refill()
            text.lang.hold_words(True)
            self._let_go = 0
        self.lines.fit()  # the language may have changed its line height
        if module is None:
            # its module is loaded with it, and kept until a screen needs the
            # room (let_cards_go)
            from taki_ui.table_screen import TableScreen

            self.screen = self.table = TableScreen(self.lines, self.cards)
        else:
            mod = __import__("taki_ui." + module, None, None, (cls,))
            self.screen = getattr(mod, cls)(self.lines, *args)
            if module == KEPT:
                self._pass = self.screen
        self.root.insert(0, self.screen.group)  # under the marks
        return self.screen

    def clear(self):
        """Let the screen shown go now (an empty root until the next is
        shown), and what let_cards_go let go with it: before a module whose
        libraries need the room is imported."""
        self._leave()
        if self._roomy == 2:
            self.lines.trim()
        gc.collect()

    def _leave(self):
        """Let the screens shown (and kept) go now, under a new root that
        shows nothing until the next screen is built into it: nothing holds
        their objects then, so their heap is free for the next one's (the
        standings' libraries need the table's), and for what is let go or
        made again before it. The panel changes only at the loop's refresh,
        when the next screen is whole."""
        for old in (self.screen, self.kept):
            if old is not None and hasattr(old, "close"):
                old.close()
        if self.screen is not None:
            self.lines.release()
            # its tree goes now: the old screen object itself lives on while
            # its key() (which called this) runs, under the next screen's making
            self.screen.group = None
        self.screen = self.table = self.kept = self._pass = self._troot = self._proot = None
        if self.root is not None:
            self.root.remove(self.marks)
        self.root = displayio.Group()
        self.root.append(self.marks)
        self.display.root_group = self.root

    def let_pass_go(self, code=True):
        """The pass screen, kept beside the table, goes (the game is over,
        or another side screen needs its lines: the next pass makes it
        again); code: its module too, unless it is shown."""
        p = self._pass
        if p is None or self.screen is p:
            return
        self._proot = None  # its root, and its lines with it
        for ln in p.taken:
            if ln is not None:
                self.lines.give(ln)
        self.lines.release_extra()
        self._pass = None
        if code and self._module != KEPT:
            drop(KEPT)

    def ready_pass(self, later=False):
        """Build the pass screen beside the table shown, if it is not (a new
        deal): the first pass then only tells it the name, as every pass
        after it does. later: at the next loop pass (taki_ui.rest.begin), not
        in the answer to this one's key (the table drawn whole is enough for it)."""
        self.pass_due = later
        if not later and self._pass is None and self.table is not None:
            mod = __import__("taki_ui." + KEPT, None, None, ("PassScreen",))
            self._pass = mod.PassScreen(self.lines, "")
            self._proot = displayio.Group()
            self._proot.append(self._pass.group)

    def tell_pass(self, name):
        """The pass screen kept beside the table told the next name ahead
        (watch.tick), if it is built; showing it then draws nothing new."""
        if self._pass is not None:
            self._pass.show(name)

    def _side(self, module, cls, *args):
        """A SIDE screen instead of the table or of another one (see show)."""
        t = self.table
        if t is not None:  # the table goes aside, its hand hidden (it shows the next one)
            t.hide_hand()
            self.kept = t
            self.kept_due = module == KEPT
            self.table = None
            self._troot = self.root
        else:
            self._drop_side()
        p = self._pass if module == KEPT else None
        if p is not None:
            p.show(*args)
            root = self._proot
        else:
            if module != KEPT:
                self.let_pass_go(False)  # its lines for this one (its code stays)
            # (built here, not in a function of its own: a frame less under
            # the screen's drawing, on the deepest path of the pystack)
            mod = __import__("taki_ui." + module, None, None, (cls,))
            p = getattr(mod, cls)(self.lines, *args)
            root = displayio.Group()
            root.append(p.group)
            if module == KEPT:
                self._pass = p
                self._proot = root
        self._module = module
        self.screen = p
        self._swap(root)
        return p

    def _drop_side(self):
        """The side screen shown goes, unless it is the pass screen (kept)."""
        old = self.screen
        if old is not None and old is not self._pass:
            self.lines.release_group(old.group)
            old.group = None
            drop(self._module)

    def _uncover(self):
        """The table again, as it was when it went aside."""
        self._drop_side()
        t = self.kept
        self.kept = None
        self.kept_due = False
        self._module = None
        self.screen = self.table = t
        self._swap(self._troot)
        self._troot = None
        return t

    def _swap(self, root):
        """Show root (the table's or a side screen's), the marks moved to
        it. Another root is a whole new frame for the display: each pixel
        computed once, where nothing is drawn for a couple of instructions.
        Only what changed would be less, but here that is nearly all of the
        screen, in areas that overlap, each computed anew."""
        self.root.remove(self.marks)
        root.append(self.marks)
        self.root = root
        self.display.root_group = root


def _marks():
    """The two marks, drawn once into a 2-tile bitmap: (BAR, white, red)."""
    bm = displayio.Bitmap(2 * _MW, _MH, 4)
    fill = bitmaptools.fill_region
    fill(bm, 1, 0, 11, 10, 1)  # a floppy disk: the body,
    fill(bm, 3, 0, 8, 3, 0)  # the shutter
    fill(bm, 3, 6, 9, 10, 0)  # and the label
    fill(bm, 12, 2, 23, 8, 1)  # a battery: the case,
    fill(bm, 13, 3, 22, 7, 0)  # hollow,
    fill(bm, 23, 4, 24, 6, 1)  # its cap,
    fill(bm, 14, 4, 16, 6, 2)  # one red bar left
    pal = displayio.Palette(3)
    pal[0] = widgets.BAR
    pal[1] = widgets.FG
    pal[2] = 0xFF2020
    tg = displayio.TileGrid(bm, pixel_shader=pal, tile_width=_MW, tile_height=_MH,
                            x=SCREEN_W, y=0)
    tg.hidden = True  # and off the screen (Stage.mark)
    return tg


def drop(module):
    """Forget the module taki_ui.<module> (None: nothing to drop): its code is heap."""
    if module is not None:
        forget("taki_ui." + module)
