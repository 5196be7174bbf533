"""The table: leading card, colour, +2 stack / +3, direction, every player's
card count (and stage), whose turn it is, and one hand as a row of cards.

Built when the table is shown, from the app's pools (text lines, card
slots); showing another state changes texts, tile indices, palette entries
and positions. It draws what it is told: which cards are playable is
decided by the app from the core's legal moves.
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
_SEATS_X = const(50)
_SEATS_Y = const(13)
_CELL = const(9)  # characters of a seat's cell


def short_name(name, seat):
    """At most 4 characters for the players' grid ("P3" for default names)."""
    if name == strings.PLAYER % (seat + 1):
        return strings.PLAYER_SHORT % (seat + 1)
    return name[:4]


class TableScreen:
    def __init__(self, lines, cards):
        """lines: the app's text pool; cards: its Cards, the first for the
        leading card, then SLOTS for the hand."""
        self.lines = lines
        self.group = g = displayio.Group()
        self.status = lines.take(g, 2, 1, widgets.HILITE)
        # the leading card, twice the size of a hand card
        self._lead_group = displayio.Group(scale=2, x=4, y=13)
        self.lead = cards[0]
        self._lead_group.append(self.lead.layer)
        g.append(self._lead_group)
        # every player's card count: 2 columns of 5, a line per row
        self.seat_rows = [lines.take(g, _SEATS_X, _SEATS_Y + (i * 56) // 5, widgets.FG)
                          for i in range(5)]
        # active colour swatch, colour name, direction, +2 stack / +3
        self.swatch, self.swatch_pal = widgets.box(4, _INFO_Y + 1, 10, 10, 0)
        g.append(self.swatch)
        self.info = lines.take(g, 18, _INFO_Y, widgets.FG)
        # the hand
        self.slots = cards[1:1 + SLOTS]
        for i, card in enumerate(self.slots):
            card.x = _HAND_X + i * _STEP
            card.y = _HAND_Y
            card.hidden = True
            g.append(card.layer)
        self.more = lines.take(g, 110, _INFO_Y, widgets.DIM)
        # a notice covers the info row for a moment
        self.notice = lines.take(g, 0, _INFO_Y - 1, widgets.HILITE, widgets.BAR)
        self.notice.hidden = True
        self.keys = lines.take(g, 2, 116, widgets.DIM)
        self.chooser = None  # the colour choice, while it is open
        self.first = 0  # index in the hand of the leftmost slot
        self.cursor = -1
        self.n = 0

    def close(self):
        """Give the card slots back (the lines go back with the screen)."""
        self.hide_chooser()
        self._lead_group.remove(self.lead.layer)
        for card in self.slots:
            self.group.remove(card.layer)

    # --- the public part ------------------------------------------------------
    def show_table(self, game, names, status):
        self.status.set(status)
        self.lead.paint(game.leading())
        cur = game.current()
        tour = game.tournament()
        for row in range(5):
            text = ""
            for s in (row, row + 5):
                if s >= game.players:
                    break
                mark = ">" if s == cur else " "
                short = short_name(names[s], s)
                if tour:
                    cell = "%s%-3s%2d/%d" % (mark, short[:3], game.hand_size(s), game.stage(s))
                else:
                    cell = "%s%-4s %2d" % (mark, short, game.hand_size(s))
                text += widgets.pad(cell, _CELL)
            self.seat_rows[row].set(text)
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
        self.info.set(info)

    def seat_text(self, seat):
        """The cell of a seat, as drawn (tests)."""
        row = self.seat_rows[seat % 5].text
        at = (seat // 5) * _CELL
        return row[at:at + _CELL]

    def show_status(self, text):
        self.status.set(text)

    def show_keys(self, text):
        self.keys.set(text)

    def show_notice(self, text):
        if text:
            self.notice.set(text)
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
            card = self.slots[i]
            card.hidden = i >= n
            if i < n:
                card.paint(-1)
                card.y = _HAND_Y
        self.more.set("%d" % n if n > SLOTS else "")

    def hide_hand(self):
        self.n = 0
        self.cursor = -1
        for card in self.slots:
            card.hidden = True
        self.more.set("")

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
            card = self.slots[i]
            if k < self.n:
                t = hand[k]
                card.paint(t, not playable[t])
                card.y = _HAND_Y - (_RAISE if k == self.cursor else 0)
                card.hidden = False
            else:
                card.hidden = True
        if self.n > SLOTS:
            self.more.set("%d-%d/%d" % (self.first + 1, self.first + SLOTS, self.n))
        else:
            self.more.set("")

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

    # --- the colour choice for a COLOR card, over the hand -------------------------
    def show_chooser(self, sel):
        if self.chooser is None:
            ch = displayio.Group(y=_INFO_Y - 2)
            bg, _ = widgets.box(0, 0, 160, 46, widgets.BAR)
            ch.append(bg)
            self._chooser_title = self.lines.take(ch, 2, 1, widgets.FG,
                                                  text=strings.CHOOSE_COLOUR)
            self._frame, _ = widgets.box(0, 14, 34, 26, widgets.HILITE)
            ch.append(self._frame)
            for c in range(4):
                sw, _ = widgets.box(8 + c * 38, 17, 28, 20, cardart.COLOURS[c])
                ch.append(sw)
            self.group.append(ch)
            self.chooser = ch
        self._frame.x = 5 + sel * 38

    def hide_chooser(self):
        if self.chooser is not None:
            self.lines.give(self._chooser_title)
            self.group.remove(self.chooser)
            self.chooser = None
            self._chooser_title = None
