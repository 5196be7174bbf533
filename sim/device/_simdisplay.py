"""The simulated 160x128 TFT: blinka-displayio's PyGameDisplay, kept honest.

PyGameDisplay redraws the whole frame on every refresh; a real display only
gets the dirty areas. This subclass sends only the dirty areas (so the
screenshots show exactly what a device would, stale pixels included) and
counts the pixels sent, for `sim.bench.ui`. The 160x128 frame lives in an
off-screen surface; in window mode it is scaled into the window next to the
NeoPixels and the key map.
"""

import busdisplay
import displayio
import numpy as np
import pygame
from blinka_displayio_pygamedisplay import PyGameDisplay
from displayio._area import Area

import _simhw


def _fix_hidden_by_parent():
    """A layer put into a Group takes that Group's hiddenness, as
    CircuitPython's displayio does (shared-module/displayio/Group.c,
    _add_layer): blinka-displayio 2.7.1 keeps whatever it had, so a text
    line taken from a hidden screen into a shown one stayed invisible on
    the desktop alone (the pass screen kept hidden beside the table)."""
    insert = displayio.Group.insert
    setitem = displayio.Group.__setitem__

    def _inherit(group, layer):
        if isinstance(layer, (displayio.Group, displayio.TileGrid)):
            layer._set_hidden_by_parent(group._hidden_group or group._hidden_by_parent)

    def fixed_insert(self, index, layer):
        insert(self, index, layer)
        _inherit(self, layer)

    def fixed_setitem(self, index, layer):
        setitem(self, index, layer)
        _inherit(self, layer)

    if not getattr(displayio.Group, "_taki_fixed", False):
        displayio.Group.insert = fixed_insert
        displayio.Group.__setitem__ = fixed_setitem
        displayio.Group._taki_fixed = True


def _fix_full_refresh():
    """A full refresh (a new root group) leaves every TileGrid in it drawn,
    as CircuitPython's displayio does (displayio_tilegrid_finish_refresh
    clears what changed unconditionally): blinka-displayio 2.7.1 clears it
    only for a TileGrid whose own areas the refresh asked for, which a full
    refresh does not, so the refresh after a screen change sent the new
    screen's layers again on the desktop alone (the same frame; seen once a
    loop pass came between a screen change and the next key)."""
    prepare = displayio.TileGrid._prepare_full_refresh

    def fixed_prepare(self):
        prepare(self)
        self._needs_refresh = False  # drawn whole now: _finish_refresh clears it

    if not getattr(displayio.TileGrid, "_taki_fixed", False):
        displayio.TileGrid._prepare_full_refresh = fixed_prepare
        displayio.TileGrid._taki_fixed = True


_fix_hidden_by_parent()
_fix_full_refresh()

WIDTH = 160
HEIGHT = 128
LEGEND = (
    "Arrows  move",
    "Z / X   B / A",
    "Enter   START",
    "Space   SELECT",
    "Esc     quit",
)
MARK_SCALE = 3  # the colour marks beside the NeoPixels, 5x5 pixels each at 3x
COLOUR_WORDS = ("red", "green", "blue", "yellow")
_marks = []  # (name, 5x5 rows of bools) per colour, read once from the card sheet


def colour_marks():
    """The four colours' marks as the cards show them: (name, rows) each,
    read from cards.bmp through taki_ui.cardart (so they cannot drift)."""
    if not _marks:
        from sim.build.cardsheet import MARK_NAMES
        from taki_ui import cardart
        from taki_ui import sheet as sheet_mod

        sheet, _ = sheet_mod.load()
        x0 = cardart.MARK_CELLS * cardart.W
        for c, name in enumerate(MARK_NAMES):
            rows = [[sheet[x0 + c * cardart.MARK_W + x, y] == 1 for x in range(cardart.MARK_W)]
                    for y in range(cardart.MARK_W)]
            _marks.append((name, rows))
    return _marks


def pixel_colour(rgb):
    """Which game colour (0..3) a NeoPixel shows, or -1 (off, white, other)."""
    from taki_ui import cardart

    m = max(rgb)
    if not m:
        return -1
    best, far = -1, 0.25
    for c, col in enumerate(cardart.COLOURS):
        want = (col >> 16, col >> 8 & 255, col & 255)
        wm = max(want)
        d = max(abs(v / m - w / wm) for v, w in zip(rgb, want))
        if d < far:
            best, far = c, d
    return best


class SimDisplay(PyGameDisplay):
    def __init__(self, window=False, scale=4):
        self._window = None
        self._want_window = window
        self._scale = scale
        self.pixels_sent = 0  # running total of refreshed pixels
        self.refreshes = 0  # refreshes that sent something
        # False: count the dirty pixels but do not draw them (fast tests);
        # redraw() brings the frame up to date when someone looks at it.
        self.render = True
        super().__init__(width=WIDTH, height=HEIGHT, caption="TAKI simulator", auto_refresh=True)

    def _initialize(self, init_sequence):
        if self._want_window:
            pygame.init()
            pygame.display.set_caption(self._caption)
            w = WIDTH * self._scale + 150
            h = max(HEIGHT * self._scale, 260) + 16
            self._window = pygame.display.set_mode((w, h))
            self._font = pygame.font.Font(None, 22)
        self._pygame_screen = pygame.Surface((WIDTH, HEIGHT))

    def _get_refresh_areas(self):
        # The real dirty areas (BusDisplay's), not PyGameDisplay's whole frame.
        areas = busdisplay.BusDisplay._get_refresh_areas(self)
        n = 0
        for a in areas:
            x1, y1 = max(0, a.x1), max(0, a.y1)
            x2, y2 = min(WIDTH, a.x2), min(HEIGHT, a.y2)
            if x2 > x1 and y2 > y1:
                n += (x2 - x1) * (y2 - y1)
        if n:
            self.pixels_sent += n
            self.refreshes += 1
            _simhw.idle_polls = 0
        return areas

    def _refresh_area(self, area):
        """Draw one dirty area in one piece. (PyGameDisplay's own version
        splits an area of an odd number of pixels into pieces whose buffers
        come out one pixel short, and fails.)"""
        clipped = Area()
        if not self.render or not self._core.clip_area(area, clipped):
            return True
        w, h = clipped.width(), clipped.height()
        n = w * h
        buf = memoryview(bytearray((n + 1) // 2 * 4))
        mask = memoryview(bytearray((n // 32 + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buf)
        # RGB565, big-endian, as the TFT takes it
        px = np.frombuffer(bytes(buf[:2 * n]), dtype=">u2")
        rgb = np.column_stack(((px >> 11) * 255 // 31, (px >> 5 & 63) * 255 // 63,
                               (px & 31) * 255 // 31)).astype(np.uint8)
        self._pygame_screen.blit(pygame.image.frombuffer(rgb.tobytes(), (w, h), "RGB"),
                                 (clipped.x1, clipped.y1))
        return True

    def redraw(self):
        """Draw the whole frame now (after refreshes that were not drawn)."""
        render = self.render
        self.render = True
        self._core.full_refresh = True
        self.refresh()
        self.render = render

    def _refresh_display(self):
        busdisplay.BusDisplay._refresh_display(self)
        self._refresh_pending = False
        if self._window is not None:
            self.draw_window()

    def _background(self):
        # Refreshing happens on the app's thread (see sim.testing.harness), never here.
        pass

    def _release(self):
        if self._window is not None:
            pygame.display.quit()
            self._window = None

    def surface(self):
        """The 160x128 frame as the TFT shows it (a pygame Surface)."""
        return self._pygame_screen

    def save(self, path):
        if not self.render:
            self.redraw()
        pygame.image.save(self._pygame_screen, path)

    def _draw_mark(self, win, c, x, y):
        for my, row in enumerate(colour_marks()[c][1]):
            for mx, on in enumerate(row):
                if on:
                    win.fill((230, 230, 230), (x + mx * MARK_SCALE, y + my * MARK_SCALE,
                                               MARK_SCALE, MARK_SCALE))

    def draw_window(self):
        win = self._window
        s = self._scale
        win.fill((40, 40, 48))
        win.blit(pygame.transform.scale(self._pygame_screen, (WIDTH * s, HEIGHT * s)), (0, 0))
        if self.brightness < 1:  # the backlight dimmed or dark: the panel darker
            shade = pygame.Surface((WIDTH * s, HEIGHT * s))
            shade.set_alpha(int(255 * (1 - max(0.0, self.brightness))))
            win.blit(shade, (0, 0))
        x = WIDTH * s + 20
        # The five NeoPixels of the board, top to bottom, as on a PyBadge's edge.
        colours = _simhw.pixels[0].shown if _simhw.pixels else [(0, 0, 0)] * 5
        named = -1
        for i, c in enumerate(colours):
            # LEDs at 10% brightness look black on a monitor: scale them up.
            m = max(c) or 1
            shown = tuple(min(255, v * 255 // m) for v in c) if max(c) else (20, 20, 20)
            pygame.draw.circle(win, shown, (x + 12, 20 + i * 34), 12)
            # beside it the colour's mark, as on the cards (for colour-blind eyes)
            k = pixel_colour(c)
            if k >= 0:
                self._draw_mark(win, k, x + 32, 20 + i * 34 - 5 * MARK_SCALE // 2)
                named = k if named == -1 else named
        if named >= 0:  # and in words, under the pixels: "green: triangle"
            words = "%s: %s" % (COLOUR_WORDS[named], colour_marks()[named][0])
            win.blit(self._font.render(words, True, (220, 220, 220)), (x - 10, 172))
        for i, line in enumerate(LEGEND):
            img = self._font.render(line, True, (220, 220, 220))
            win.blit(img, (x - 10, 190 + i * 20))
        pygame.display.flip()
