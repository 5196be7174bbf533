"""The table: leading card, colour, +2 stack / +3, direction, every player's
card count (and stage), whose turn it is, and one hand as a row of cards.

Everything is made once; showing another state changes texts, tile indices,
palette entries and positions. It draws what it is told: which cards are
playable is decided by the app from the core's legal moves.
"""

import displayio
from micropython import const

from taki_ui import cardart, strings, widgets

SLOTS = const(8)  # cards of the hand visible at once
_HAND_X = const(4)
_HAND_Y = const(86)
_STEP = const(19)
_RAISE = const(4)  # the card under the cursor sits higher
_INFO_Y = const(70)


def short_name(name, seat):
    """At most 4 characters for the players' grid ("P3" for default names)."""
    if name == strings.PLAYER % (seat + 1):
        return strings.PLAYER_SHORT % (seat + 1)
    return name[:4]


class TableScreen:
    def __init__(self, sheet):
        g = widgets.screen()
        self.group = g
        self.status = widgets.label("", 2, 1, 26, widgets.HILITE)
        g.append(self.status)
        # the leading card, twice the size of a hand card
        lead = displayio.Group(scale=2, x=4, y=13)
        self.lead, self.lead_pal = cardart.new_slot(sheet)
        lead.append(self.lead)
        g.append(lead)
        # every player's card count: 2 columns of 5
        self.grid, self.cells = widgets.ten_labels(50, 13, 110, 56, 9)
        g.append(self.grid)
        # active colour swatch, colour name, direction, +2 stack / +3
        self.swatch, self.swatch_pal = widgets.box(4, _INFO_Y + 1, 10, 10, 0)
        g.append(self.swatch)
        self.info = widgets.label("", 18, _INFO_Y, 23)
        g.append(self.info)
        # the hand
        self.slots = []
        self.pals = []
        for i in range(SLOTS):
            tg, pal = cardart.new_slot(sheet, _HAND_X + i * _STEP, _HAND_Y)
            tg.hidden = True
            self.slots.append(tg)
            self.pals.append(pal)
            g.append(tg)
        self.more = widgets.label("", 110, _INFO_Y, 8, widgets.DIM)
        g.append(self.more)
        # a notice covers the info row for a moment
        self.notice = widgets.label("", 0, _INFO_Y - 1, 27, widgets.HILITE, bg=widgets.BAR)
        self.notice.hidden = True
        g.append(self.notice)
        self.keys = widgets.label("", 2, 116, 26, widgets.DIM)
        g.append(self.keys)
        self.chooser = _Chooser()
        g.append(self.chooser.group)
        self.first = 0  # index in the hand of the leftmost slot
        self.cursor = -1
        self.n = 0

    # --- the public part ------------------------------------------------------
    def show_table(self, game, names, status):
        widgets.set_text(self.status, status)
        cardart.paint(self.lead, self.lead_pal, game.leading())
        cur = game.current()
        tour = game.tournament()
        for s in range(10):
            lb = self.cells[s]
            if s >= game.players:
                widgets.set_text(lb, "")
                continue
            mark = ">" if s == cur else " "
            short = short_name(names[s], s)
            if tour:
                text = "%s%-3s%2d/%d" % (mark, short[:3], game.hand_size(s), game.stage(s))
            else:
                text = "%s%-4s %2d" % (mark, short, game.hand_size(s))
            widgets.set_text(lb, text)
        c = game.color()
        self.swatch_pal[0] = cardart.COLOURS[c]
        info = strings.COLOUR_NAMES[c] + " " + (
            strings.DIR_RIGHT if game.direction() > 0 else strings.DIR_LEFT)
        if game.pending():
            info += " " + strings.STACK % game.pending()
        elif game.plus3_by() >= 0:
            info += " " + strings.PLUS3_ON
        elif game.run_color() >= 0:
            info += " " + strings.RUN
        widgets.set_text(self.info, info)

    def show_status(self, text):
        widgets.set_text(self.status, text)

    def show_keys(self, text):
        widgets.set_text(self.keys, text)

    def show_notice(self, text):
        if text:
            widgets.set_text(self.notice, text)
        self.notice.hidden = not text

    # --- the hand -------------------------------------------------------------
    def show_hand(self, hand, n, playable, cursor):
        """Show n cards of `hand` (card types); playable[t] says which are lit."""
        self.n = n
        self.cursor = min(cursor, n - 1)
        self._scroll()
        self._paint(hand, playable)

    def show_backs(self, n):
        """A face-down hand of n cards: the public view of someone's turn."""
        self.n = n
        self.cursor = -1
        self.first = 0
        for i in range(SLOTS):
            tg = self.slots[i]
            tg.hidden = i >= n
            if i < n:
                cardart.paint(tg, self.pals[i], -1)
                tg.y = _HAND_Y
        widgets.set_text(self.more, "%d" % n if n > SLOTS else "")

    def hide_hand(self):
        self.n = 0
        self.cursor = -1
        for tg in self.slots:
            tg.hidden = True
        widgets.set_text(self.more, "")

    def _scroll(self):
        """Keep the cursor in view; True if the visible cards changed."""
        first = self.first
        if self.cursor < first:
            first = max(0, self.cursor)
        elif self.cursor >= first + SLOTS:
            first = self.cursor - SLOTS + 1
        first = max(0, min(first, self.n - SLOTS))
        changed = first != self.first
        self.first = first
        return changed

    def _paint(self, hand, playable):
        for i in range(SLOTS):
            k = self.first + i
            tg = self.slots[i]
            if k < self.n:
                t = hand[k]
                cardart.paint(tg, self.pals[i], t, not playable[t])
                tg.y = _HAND_Y - (_RAISE if k == self.cursor else 0)
                tg.hidden = False
            else:
                tg.hidden = True
        if self.n > SLOTS:
            widgets.set_text(self.more, "%d-%d/%d" % (self.first + 1, self.first + SLOTS, self.n))
        else:
            widgets.set_text(self.more, "")

    def move_cursor(self, step, hand, playable):
        """Move the cursor; only two cards move unless the row scrolls."""
        if self.n == 0:
            return
        old = self.cursor
        self.cursor = (self.cursor + step) % self.n
        if self._scroll():
            self._paint(hand, playable)
            return
        if old >= 0:
            self.slots[old - self.first].y = _HAND_Y
        self.slots[self.cursor - self.first].y = _HAND_Y - _RAISE


class _Chooser:
    """The colour choice for a COLOR card, over the hand."""

    def __init__(self):
        self.group = displayio.Group(y=_INFO_Y - 2)
        bg, _ = widgets.box(0, 0, 160, 46, widgets.BAR)
        self.group.append(bg)
        self.group.append(widgets.label(strings.CHOOSE_COLOUR, 2, 1, 26))
        self.frame, _ = widgets.box(0, 14, 34, 26, widgets.HILITE)
        self.group.append(self.frame)
        self.names = []
        for c in range(4):
            sw, _ = widgets.box(8 + c * 38, 17, 28, 20, cardart.COLOURS[c])
            self.group.append(sw)
        self.group.hidden = True
        self.sel = 0

    def show(self, sel):
        self.sel = sel
        self.frame.x = 5 + sel * 38
        self.group.hidden = False

    def hide(self):
        self.group.hidden = True
