"""What a card does: the card, its name, and one or two short lines (from
the pause menu). LEFT/RIGHT go through every kind of card."""

import displayio
from boards import K_A, K_B, K_LEFT, K_RIGHT, SCREEN_H, SCREEN_W
from micropython import const
from taki_core.cards import COLOR, COLOUR_OF, NO_COLOR, SYMBOL_OF

from taki_ui import strings, text, widgets

_KINDS = const(18)  # 13 pictures of a colour, then the 5 cards without one
# the help text of each picture: the numbers share one
_HELP = bytes((0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10))


class HelpScreen:
    def __init__(self, lines, cards, t):
        """t: the card to explain first (a card type)."""
        self.group = g = displayio.Group()
        # right to left (Sindhi): the card at the right, its name ending
        # where a left-to-right one starts (x=50), from the right edge
        big = displayio.Group(scale=2, x=SCREEN_W - 44 if text.lang.rtl else 4, y=14)
        self.card = cards[0]
        self._big = big
        big.append(self.card.tile)
        self.card.x = 0
        self.card.y = 0
        self.card.hidden = False
        self.title = lines.take(g, 2 if text.lang.rtl else 50, 20, widgets.HILITE)
        g.append(big)  # over the title's line: in Sindhi that line runs under the card
        self._title_col = 8 if text.lang.rtl else 0  # 48 px from the line's end: clear of the card
        lh = text.lang.lh
        if lh > text.LINE_H:
            # a taller script: the help's two lines (as the translation breaks
            # them) under the card
            self.lines = ()
            self.more = lines.take(g, 2, SCREEN_H - 3 * lh, widgets.FG)
            self.more2 = lines.take(g, 2, SCREEN_H - 2 * lh, widgets.FG)
        else:
            self.lines = [lines.take(g, 50, 36 + 12 * i, widgets.FG) for i in range(3)]
            self.more = lines.take(g, 2, 74, widgets.FG)
            self.more2 = lines.take(g, 2, 86, widgets.FG)
        lines.take(g, 2, SCREEN_H - lh, widgets.DIM, strings.HELP_KEYS)
        self.colour = COLOUR_OF[t] if COLOUR_OF[t] != NO_COLOR else 0
        self.kind = SYMBOL_OF[t]
        self._show()

    def close(self):
        self._big.remove(self.card.tile)

    def card_type(self):
        k = self.kind
        return self.colour * 13 + k if k < 13 else COLOR + k - 13

    def _show(self):
        t = self.card_type()
        self.card.paint(t)
        title = self.title
        title.clear()
        if t < COLOR:
            title.put_text(self._title_col, strings.CARD, self.colour, strings.SYM_1 + self.kind)
        else:
            title.put_text(self._title_col, strings.COLOR_CARD + t - COLOR)
        title.done()
        if text.lang.pixels:
            text.show2(self.more, self.more2, strings.HELP_NUMBER + _HELP[self.kind])
            return
        # the help: beside the card while it fits, then below it
        n = text.compose(strings.HELP_NUMBER + _HELP[self.kind])
        rows = (self.lines[0], self.lines[1], self.lines[2], self.more, self.more2)
        at = 0
        for i, ln in enumerate(rows):
            width = 18 if i < 3 else text.COLS  # beside the card, then the whole width
            ln.clear()
            if at < n:
                cut = text.split_at(at, n, width)
                ln.place(0, at, cut - at)
                at = cut + 1 if cut < n else n
            ln.done()

    def key(self, app, k):
        """LEFT/RIGHT: the next kind of card; A or B: back to the pause menu."""
        if k == K_B or k == K_A:
            app.pause()
        elif k == K_LEFT or k == K_RIGHT:
            self.kind = (self.kind + (1 if k == K_RIGHT else -1)) % _KINDS
            self._show()
