"""The table: the active colour, direction and what is on (+2 stack, +3, a
TAKI run), every player's cards left (and stage), the leading card, one hand
as a row of cards, and a line for whose move it is or what the keys do.

    y   0  colour, direction, +2 stack / +3 / TAKI run    (a notice covers
    y  12  the grid's heading: cards left (/ stage)        these two lines)
    y  23  the players, 2 columns of 5; the current one highlighted
    y  24  the leading card (twice a hand card's size) on the left, below
           a notice's two lines
    y  84  the hand: 8 cards side by side, or 9 to 12 overlapping; past 12,
           8 side by side, arrows at the edges when there are more
    y 116  whose move it is, or the keys

In a language whose lines are taller (the shaped scripts: text.lang.lh up to
19), the grid's heading shares the top line, shown while nothing is on
(+2 stack, +3, run); the colour is the swatch and its mark; the grid, the
leading card and the hand move to make room for the taller lines. In a
right-to-left language (Sindhi) the table is mirrored whole: the swatch and
the leading card at the right, the grid's columns and each cell from the
right, the hand's first card at the right (LEFT and RIGHT move the cursor
the way it looks), the colour choice's row from the right. There a
notice's second line lies over the grid and the leading card: they step
aside while it shows (text cut in half by it could not be read).

Built when the table is shown, from the app's pools (text lines, cards);
showing another state changes texts, tile indices, palette entries and
positions. It draws what it is told: which cards are playable is decided by
the app from the core's legal moves.
"""

import bitmaptools
import displayio
import vectorio
from boards import CHAR_W, SCREEN_H, SCREEN_W
from micropython import const

from taki_ui import cardart, settings, strings, text, widgets

SLOTS = const(8)  # cards of the hand side by side
FAN = const(12)  # cards of the hand shown at once, overlapping (more than SLOTS)
CARDS = const(14)  # the app's Cards at most: the leading card, FAN slots, the one lifted
_HAND_X = const(4)
_HAND_Y = const(84)
_STEP = const(19)
_FAN_STEP = const(12)  # (FAN - 1) * _FAN_STEP + cardart.W: the hand's width, 152
_RAISE = const(4)  # the card under the cursor sits higher
_GRID_X = const(48)
_GRID_Y = const(23)
_ROW_H = const(11)
_CELL = const(9)  # characters of a player's cell, its last always blank
_CELL_W = const(54)
# the colour choice's picture (TableScreen.show_chooser): its palette.
# Yellow is 0, the card sheet's clear pixels, and _LIGHT 1, its ink: a
# yellow swatch's mark is dark (see show_chooser)
_LIGHT = const(1)  # the frame, the marks' ink but on yellow
_DARK = const(2)
_BAR = const(3)
_SWATCH = const(4)  # + colour, but yellow's
_FRAME_Y = const(1)  # the swatches' frames' top row (of its half-size pixels)
_LEAD_Y = const(24)  # the leading card: clear of a notice's two lines (2 x 12)
CURRENT = 0x1C5A3C  # behind the current player's cell
_OFF = SCREEN_H  # below the screen: where a hidden notice line waits (_park)


def _park(ln, hidden, y):
    """Hide or show a line (at y). A hidden one also waits below the screen:
    displayio 10.2.1 takes a TileGrid that is hidden during a full refresh
    (a new screen) for drawn, and redraws its area on the next refresh (two
    notice lines: 3,840 px, 6,080 in the tall scripts, on the first key of
    every table); off the screen, that area is nothing."""
    ln.hidden = hidden
    ln.y = _OFF if hidden else y


def _swatch(c):
    """Colour c's value in the colour choice's picture (yellow: 0)."""
    return 0 if c == 3 else _SWATCH + c


def _mx(rtl, x, w):
    """Where a thing w pixels wide placed at x stands: mirrored right to left."""
    return SCREEN_W - x - w if rtl else x


def _show(item, shown):
    """Show or hide a shape; one shown again while shown is redrawn whole
    (displayio 10.2.1's hidden setter)."""
    if item.hidden == shown:
        item.hidden = not shown


def _away(tg):
    """Hide a card's TileGrid below the screen (as _park)."""
    if not tg.hidden:
        tg.hidden = True
    tg.y = _OFF


def _arrow(x, right, y, pal):
    pts = [(0, 0), (3, 3), (0, 6)] if right else [(3, 0), (0, 3), (3, 6)]
    a = vectorio.Polygon(pixel_shader=pal, points=pts, x=x, y=y + 11)
    a.hidden = True
    return a


class TableScreen:
    def __init__(self, lines, cards):
        """lines: the app's text pool; cards: its Cards (the leading card,
        SLOTS for the hand; with the rest of FAN and the lifted one, up to
        CARDS, once a hand has overlapped: _more)."""
        self.lines = lines
        self.group = g = displayio.Group()
        lh = text.lang.lh
        tall = lh > text.LINE_H
        self.hand_y = hand_y = min(_HAND_Y, 127 - lh - cardart.H) if tall else _HAND_Y
        self.grid_y = _GRID_Y if not tall else lh + 2
        grid_at = self.grid_y - (text.lang.lat_y if tall else 0)  # Latin glyphs on the grid
        self.rtl = rtl = text.lang.rtl  # mirrored whole
        # the active colour: a swatch, its word, the direction, what is on
        self.info = lines.take(g, 16, 0, widgets.FG)
        # tall: on info's line, after ">> " (in Sindhi, from the right: left of it)
        self.head = lines.take(g, (16 if rtl else 34) if tall else _GRID_X, 0 if tall else 12,
                               widgets.DIM)
        self.head_col = 3 if tall and rtl else 0  # (Sindhi: ">> " is on its line)
        # (over the info line: in Sindhi its line runs under the swatch)
        self.swatch, self.swatch_pal = widgets.box(_mx(rtl, 2, 9), 1, 9, 9, 0)
        g.append(self.swatch)
        # on it the colour's mark, as the cards carry it (for colour-blind eyes)
        self.swatch_mark = cardart.mark(cards[0], 0, _mx(rtl, 4, cardart.MARK_W), 3)
        g.append(self.swatch_mark)
        # every player's cards left: 2 columns of 5, the current one on a bar
        # (a row lower than the grid's top: the heading's descenders stay clear)
        self.bar, _ = widgets.box(0, 0, _CELL_W - 4, _ROW_H - 1, CURRENT)
        self.bar.hidden = True
        g.append(self.bar)
        # Sindhi: from the right, the line from x=0 so that it ends at the
        # grid's mirror (160 - 48) 8 columns from its end, with room for both columns
        self.seat_rows = [lines.take(g, 0 if rtl else _GRID_X, grid_at + i * _ROW_H, widgets.FG,
                                     bg=text.CLEAR)  # over the bar
                          for i in range(5)]
        self.col0 = _GRID_X // CHAR_W if rtl else 0  # where the grid's cells start on the line
        self.shorts = None  # the players' names, short and unique (made once)
        # what the grid shows: each seat's cards left and stage (show_table
        # draws a row again only when they changed; 255: not drawn yet)
        self.drawn = bytearray(b"\xff" * 20)
        self.info_key = -1  # what the top line shows (show_table)
        # whether a seat's short picture fits `room` columns: bit room of
        # fit_yes, once bit room of fit_known says it was measured (_name)
        self.fit_known = bytearray(10)
        self.fit_yes = bytearray(10)
        # the leading card, twice the size of a hand card
        self._lead_group = displayio.Group(scale=2, x=_mx(rtl, 4, 2 * cardart.W),
                                           y=lh if tall else _LEAD_Y)
        self.lead = cards[0]
        self.lead.x = self.lead.y = 0
        self.lead.hidden = False
        self._lead_group.append(self.lead.tile)
        g.append(self._lead_group)
        # the hand: each card over the one before it (Sindhi: after it), so
        # that overlapping cards show their marks
        self.cards = cards
        self.slots = cards[1:1 + SLOTS]
        for i in range(SLOTS):
            j = SLOTS - 1 - i if rtl else i
            card = self.slots[j]
            card.x = _mx(rtl, _HAND_X + j * _STEP, cardart.W)
            _away(card.tile)
            g.append(card.tile)
        self.fan = False  # the hand shown overlapping
        self.top = self.gap = None
        if len(cards) > 1 + SLOTS:
            self._more()
        # the arrows: more cards before the first shown (left; Sindhi: right), after the last
        pal = displayio.Palette(1)  # (one for both)
        pal[0] = widgets.HILITE
        self.left = _arrow(157 if rtl else 0, rtl, hand_y, pal)
        self.right = _arrow(0 if rtl else 157, not rtl, hand_y, pal)
        g.append(self.left)
        g.append(self.right)
        self.bottom = lines.take(g, 2, SCREEN_H - lh, widgets.DIM)
        self.hinting = False  # the bottom line shows a hint (show_hint)
        # a notice covers the top two lines for a moment
        self.notice = (lines.take(g, 0, 0, widgets.HILITE, bg=widgets.BAR),
                       lines.take(g, 0, lh, widgets.HILITE, bg=widgets.BAR))
        for ln in self.notice:
            _park(ln, True, 0)
        self.covered = False  # the grid and the card are aside (_aside)
        # the public table behind the game (taki_ui.watch): 1 while a move's
        # answer waits for the panel, 2 once it is there, 0 when all is shown
        self.behind = 0
        self.cursor_next = 0  # where the cursor goes when the hand closes up (turn.go_on)
        self.ready = False  # drawn for the next turn behind the pass screen (turn.ready)
        self.bar_on = False  # the current player's bar, when not aside
        self.chooser = None  # the colour choice, while it is open
        self.first = 0  # index in the hand of the leftmost slot
        self.cursor = -1
        self.n = 0

    def close(self):
        """Give the cards back (the lines go back with the screen)."""
        self.hide_chooser()
        self._lead_group.remove(self.lead.tile)
        for card in self.slots:
            self.group.remove(card.tile)
        if self.top is not None:
            self.group.remove(self.top.tile)

    # --- the public part ------------------------------------------------------
    def show_table(self, game, names):
        """The public part as the game stands; only what changed since the
        last time is drawn again (a line redrawn is sent to the panel)."""
        self.show_top(game)
        self.show_grid(game, names)

    def show_grid(self, game, names):
        """Every player's cards left (and stage), the current one on the bar."""
        players = game.players
        tour = game.tournament()
        if self.shorts is None:
            self.shorts = settings.shorts(names, players, 3 if tour else 4)
            head = self.head
            head.clear()
            head.put_text(self.head_col, strings.TOUR_LEGEND if tour else strings.CARDS_HEAD)
            head.done()
        cur = game.current()
        drawn = self.drawn
        for row in range(5):
            same = True
            for col in range(2):
                s = row + 5 * col
                if s < players:
                    n = game.hand_size(s)
                    st = game.stage(s) if tour else 0
                    if drawn[2 * s] != n or drawn[2 * s + 1] != st:
                        drawn[2 * s] = n
                        drawn[2 * s + 1] = st
                        same = False
            if same:
                continue
            ln = self.seat_rows[row]
            ln.clear()
            for col in range(2):
                s = row + 5 * col
                if s < players:
                    self._cell(ln, self.col0 + col * _CELL, s, game, tour)
            ln.done()
        if 0 <= cur < players and not game.over():
            self.bar.x = _mx(self.rtl, _GRID_X - 2 + (cur // 5) * _CELL_W, _CELL_W - 4)
            self.bar.y = self.grid_y + 1 + (cur % 5) * _ROW_H
            self.bar_on = True
        else:
            self.bar_on = False
        _show(self.bar, self.bar_on and not self.covered)

    def show_top(self, game):
        """The leading card, and the top line: the active colour, play's
        direction, what is on (a move's answer on the screen, before the rest)."""
        self.lead.paint(game.leading())
        c = game.color()
        self.swatch_pal[0] = cardart.COLOURS[c]
        cardart.show_mark(self.swatch_mark, c)
        on = 0
        if game.pending():
            on = 1 + game.pending()
        elif game.plus3_by() >= 0:
            on = 1
        elif game.run_color() >= 0:
            on = 2
        key = (on << 4) | (c << 1) | (1 if game.direction() > 0 else 0)
        if key != self.info_key:
            self.info_key = key
            ln = self.info
            ln.clear()
            col = 0 if text.lang.pixels else ln.put_text(0, strings.RED + c) + 1
            # play's direction, as it goes on the grid (mirrored in Sindhi)
            col = ln.put(col, ">>" if (game.direction() > 0) != self.rtl else "<<")
            if game.pending():
                ln.put_text(col + 1, strings.STACK, game.pending())
            elif game.plus3_by() >= 0:
                ln.put_text(col + 1, strings.PLUS3_ON)
            elif game.run_color() >= 0:
                ln.put_text(col + 1, strings.RUN)
            ln.done()
        if text.lang.pixels:
            _show(self.head, not on)  # the top line holds one of them

    def _cell(self, ln, at, s, game, tour):
        """A player's cell: name, cards left (/ stage); its last column blank."""
        n = game.hand_size(s)
        digits = 3 if n > 99 else 2 if n > 9 else 1
        end = at + 6 if tour else at + 8  # "Mom 13/8", the "/" at end; "Mama  13"
        self._name(ln, at, s, end - digits - 1 - at)
        ln.put(end - digits, n)
        if tour:
            ln.put(end, "/")
            ln.put(end + 1, game.stage(s))

    def _name(self, ln, at, s, room):
        """Seat s's short name in `room` columns from column at. A default
        name in a shaped script is the language's PLAYER_SHORT picture;
        where that is wider than the room (the tournament's cells) it is
        "#3", digits as every number is."""
        name = self.shorts[s]
        if text.lang.pixels and settings.default_seat(name) >= 0 and not self._fits(s, room):
            ln.put(ln.put(at, "#"), s + 1)
        else:
            ln.put(at, name[:room])

    def _fits(self, s, room):
        """Whether seat s's PLAYER_SHORT fits room columns, measured once
        (a measure reads the language's file: the table is drawn every turn)."""
        bit = 1 << room
        if not self.fit_known[s] & bit:
            self.fit_known[s] |= bit
            if text.fits(strings.PLAYER_SHORT, s + 1, width=room * CHAR_W):
                self.fit_yes[s] |= bit
        return self.fit_yes[s] & bit != 0

    def seat_text(self, seat):
        """The cell of a seat, as drawn (tests)."""
        row = self.seat_rows[seat % 5].text
        at = (seat // 5) * _CELL
        return row[at:at + _CELL]

    def show_status(self, n, a=None):
        """Whose move it is (text n): the bottom line."""
        self.hinting = False
        self.bottom.colour(widgets.HILITE)
        self.bottom.show(n, a)

    def show_keys(self, n, a=None):
        """What the keys do (text n): the bottom line."""
        self.hinting = False
        self.bottom.colour(widgets.DIM)
        self.bottom.show(n, a)

    def show_hint(self, n):
        """A hint's reason (text n) in place of the keys, until a key
        changes what it is about (turn.key)."""
        self.bottom.colour(widgets.HILITE)
        self.bottom.show(n)
        self.hinting = True

    def show_notice(self, n, a=None, b=None):
        """Text n over the top two lines; -1 takes the notice away."""
        first, second = self.notice
        if n < 0:
            _park(first, True, 0)
            _park(second, True, 0)
            self._aside(False)
            return
        two = text.show2(first, second, n, a, b)
        _park(first, False, 0)
        _park(second, not two, text.lang.lh)
        self._aside(two)

    def _aside(self, aside):
        """The grid and the leading card step aside (hidden) in the tall
        scripts while a notice's second line lies over part of them, and
        come back after."""
        if text.lang.lh == text.LINE_H or aside == self.covered:
            return
        self.covered = aside
        self._lead_group.hidden = aside
        for ln in self.seat_rows:
            ln.hidden = aside
        _show(self.bar, not aside and self.bar_on)

    # --- the hand -------------------------------------------------------------
    def show_hand(self, hand, n, playable, cursor, lay=True):
        """Show n cards of `hand` (card types); playable[t] says which are lit.
        lay: side by side or overlapping as n needs; False keeps the row as
        it is (a draw, the hand closing up: no card moves, at most a scroll)."""
        self.n = n
        self.cursor = min(cursor, n - 1)
        if lay:
            self.lay(n)
        self._scroll()
        self._paint(hand, playable)

    def show_backs(self, n):
        """A face-down hand of n cards (side by side): the public view of
        someone's turn."""
        self.n = n
        self.cursor = -1
        self.first = 0
        self.lay(0)
        self._paint(None, None)

    def hide_hand(self):
        self.show_backs(0)

    def lay(self, n):
        """Place the slots for n cards: overlapping for SLOTS + 1 to FAN,
        else side by side, scrolling past SLOTS (overlapping, a scroll sends
        every card shown again, twelve of them, 8,036 px, 37 ms; side by
        side eight, 4,676 px, 22 ms). turn.ready: while the hand is hidden."""
        fan = SLOTS < n <= FAN
        if fan == self.fan:
            return
        if self.top is None:
            self._more()
        self.fan = fan
        step = _FAN_STEP if fan else _STEP
        rtl = self.rtl
        for i in range(FAN):
            self.slots[i].tile.x = _mx(rtl, _HAND_X + i * step, cardart.W)

    def _more(self):
        """What an overlapping hand needs besides SLOTS cards, made the first
        time a hand overlaps (in the app's pool from then on: 1 KB the
        games of smaller hands keep free): the rest of FAN's slots, under
        the others in Sindhi, and the card under the cursor drawn whole over
        them, raised, the row under it cleared (hiding its slot would send
        more pixels)."""
        cards = self.cards
        while len(cards) < CARDS:
            cards.append(cardart.Card(self.lead.tile.bitmap))
        g = self.group
        for card in cards[1 + SLOTS:1 + FAN]:
            _away(card.tile)
            at = g.index(self.slots[-1].tile)
            g.insert(at if self.rtl else at + 1, card.tile)
            self.slots.append(card)
        self.top = top = cards[1 + FAN]
        _away(top.tile)
        at = g.index(self.slots[0 if self.rtl else -1].tile) + 1
        g.insert(at, top.tile)
        self.gap, _ = widgets.box(0, self.hand_y + cardart.H - _RAISE, cardart.W, _RAISE, 0)
        self.gap.hidden = True
        g.insert(at + 1, self.gap)

    def _scroll(self):
        """Keep the cursor in view; True if the visible cards changed."""
        shown = FAN if self.fan else SLOTS
        first = self.first
        if self.cursor < first:
            first = max(0, self.cursor)
        elif self.cursor >= first + shown:
            first = self.cursor - shown + 1
        first = max(0, min(first, self.n - shown))
        changed = first != self.first
        self.first = first
        return changed

    def _paint(self, hand, playable):
        # (each card's TileGrid straight, not through Placed's properties: a
        # hand shown is up to twelve of them at a key's answer)
        first = self.first
        n = self.n
        fan = self.fan
        shown = FAN if fan else SLOTS
        cursor = -1 if fan else self.cursor  # (an overlapping hand: _lift)
        y = self.hand_y
        slots = self.slots
        for i in range(len(slots)):
            k = first + i
            card = slots[i]
            tg = card.tile
            if k < n and i < shown:
                if hand is None:  # (show_backs)
                    card.paint(-1)
                else:
                    t = hand[k]
                    card.paint(t, not playable[t])
                tg.y = y - _RAISE if k == cursor else y
                if tg.hidden:
                    tg.hidden = False
            else:
                _away(tg)
        self._lift(hand if fan else None, playable)
        # more cards to the left or to the right: the arrows say so
        _show(self.left, first > 0)
        _show(self.right, first + shown < n)

    def _lift(self, hand, playable):
        """An overlapping hand: the card under the cursor, whole and raised;
        hand None: none (one shown again would be drawn again)."""
        if hand is None:
            if self.top is not None:
                _away(self.top.tile)
                _show(self.gap, False)
            return
        tg = self.top.tile
        t = hand[self.cursor]
        self.top.paint(t, not playable[t])
        x = self.slots[self.cursor - self.first].tile.x
        tg.x = x
        tg.y = self.hand_y - _RAISE
        self.gap.x = x
        if tg.hidden:
            tg.hidden = False
            self.gap.hidden = False

    def lift(self, k):
        """The card at k of the hand leaves it (played): its slot empties."""
        i = k - self.first
        if 0 <= i < len(self.slots):
            _away(self.slots[i].tile)
            if k == self.cursor:
                self._lift(None, None)

    def step(self, right):
        """The cursor's step for RIGHT (right) or LEFT: the way it looks."""
        return (1 if right else -1) * (-1 if self.rtl else 1)

    def move_cursor(self, step, hand, playable):
        """Move the cursor; only two cards move unless the row scrolls."""
        if self.n == 0:
            return
        self.set_cursor((self.cursor + step) % self.n, hand, playable)

    def set_cursor(self, k, hand, playable):
        old = self.cursor
        self.cursor = k
        if self._scroll():
            self._paint(hand, playable)
        elif self.fan:
            self._lift(hand, playable)
        else:
            if 0 <= old - self.first < SLOTS:
                self.slots[old - self.first].y = self.hand_y
            self.slots[self.cursor - self.first].y = self.hand_y - _RAISE

    # --- the colour choice for a COLOR card, over the hand ------------------------
    def show_chooser(self, sel):
        """The colour choice over the hand, colour sel framed."""
        if self.chooser is None:
            # One picture over the hand's rows (the card under the cursor
            # too), drawn at half size under a scale-2 Group; the key line says
            # what it is for (shapes over a background sent their areas one
            # by one, twice the pixels: README, "Screen changes").
            top = self.hand_y - _RAISE
            h = _RAISE + cardart.H  # the frames (28 px) 2 px from its edges
            pal = displayio.Palette(7)
            pal[_BAR] = widgets.BAR
            pal[_LIGHT] = widgets.FG
            pal[_DARK] = 0
            for c in range(4):
                pal[_swatch(c)] = cardart.COLOURS[c]
            self._pic = displayio.Bitmap(SCREEN_W // 2, h // 2, 7)
            self._pic.fill(_BAR)
            ch = displayio.Group(scale=2, y=top)
            ch.append(displayio.TileGrid(self._pic, pixel_shader=pal))
            sheet = self.lead.tile.bitmap
            fill = bitmaptools.fill_region
            y = _FRAME_Y + 2
            for c in range(4):  # Sindhi: red at the right
                x = _mx(self.rtl, 8 + c * 38, 28) // 2
                fill(self._pic, x, y, x + 14, y + 10, _swatch(c))
                # its mark, as a card of that colour shows it: the sheet's 5x5
                # of ink (1) on clear (0); on yellow, dark ink: the square
                # dark, then the sheet's clear pixels copied over it, which
                # are yellow in this palette
                sx = (cardart.MARK_CELLS * 4 + c) * cardart.MARK_W
                skip = 0
                if cardart.ink(c) != cardart.INK_LIGHT:
                    fill(self._pic, x + 4, y + 3, x + 9, y + 8, _DARK)
                    skip = 1
                bitmaptools.blit(self._pic, sheet, x + 4, y + 3, x1=sx, y1=0,
                                 x2=sx + cardart.MARK_W, y2=cardart.MARK_W,
                                 skip_source_index=skip)
            self._frame(sel, True)
            self._sel = sel
            self.group.append(ch)
            self.chooser = ch
        elif sel != self._sel:
            self._frame(self._sel, False)
            self._frame(sel, True)
            self._sel = sel

    def _frame(self, c, on):
        """Frame colour c's swatch (white around black), or not: two rings
        of the colour choice's half-size pixels."""
        x = _mx(self.rtl, 4 + c * 38, 36) // 2
        y = _FRAME_Y
        w, h = 18, 14
        fill = bitmaptools.fill_region
        for v in (_LIGHT, _DARK) if on else (_BAR, _BAR):
            fill(self._pic, x, y, x + w, y + 1, v)
            fill(self._pic, x, y + h - 1, x + w, y + h, v)
            fill(self._pic, x, y + 1, x + 1, y + h - 1, v)
            fill(self._pic, x + w - 1, y + 1, x + w, y + h - 1, v)
            x += 1
            y += 1
            w -= 2
            h -= 2

    def hide_chooser(self):
        if self.chooser is not None:
            self.group.remove(self.chooser)
            self.chooser = self._pic = None
