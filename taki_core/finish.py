"""HARD's look-ahead through its own turn: a way to empty the hand now?

    f = Finish(hand, ncol)   # the bot's own count buffers, shared
    t = f.move(game, phase, hand_size, colour, open_run_colour)

A turn can shed many cards: KING frees a card, PLUS asks for another, a
TAKI run sheds a colour and, closed on a PLUS, goes on. Played card by card
the obvious way, a hand such as KING KING, or PLUS SUPERTAKI, or a run with
its PLUS and a KING behind it, is drawn on instead of played out. ``move``
searches the orders that matter on the hand counts alone (the bot's own
cards and the public state, nothing hidden), changing the counts in place
and putting them back, so it allocates nothing; a quick necessary test
skips the search for most hands, and a bound on the cards tried keeps the
worst decision within the device's budget.
"""

from micropython import const

from taki_core.cards import (
    BREAK, COLOR, COLOUR_OF, KING, PLUS3, S_PLUS, S_PLUS2, S_TAKI, SUPERTAKI,
    SYMBOL_OF,
)
from taki_core.game import M_CLOSE, P_KING, P_PLUS, P_PLUS3, P_RUN

_NODES = const(20)  # most cards tried per decision (wins need far fewer)


class Finish:
    """Searches one player's turn for a line that empties their hand."""

    def __init__(self, hand, ncol):
        self.hand = hand  # counts per card type, changed and restored
        self.ncol = ncol  # coloured cards per colour, kept in step
        self.hs = 0       # hand size during the search
        self.nodes = 0    # cards tried this decision

    def move(self, game, ph, hs, colour, openc):
        """The first move of a turn that empties the hand (a card type, COLOR
        for any COLOR move, or M_CLOSE), or -1. ``hs`` is the hand size,
        ``colour`` the active colour, ``openc`` the colour of a run left open
        for us (255 if none); ``ph`` is the game's phase."""
        hand = self.hand
        self.hs = hs
        t = game.leading()
        lead_plus = ph == P_RUN and t < COLOR and SYMBOL_OF[t] == S_PLUS
        runc = game.run_color() if ph == P_RUN else openc
        if hand[BREAK] or not self._may(runc, lead_plus):
            return -1  # an own-turn Breaker never wins (R6.2)
        self.nodes = 0
        a = colour
        if ph == P_RUN:
            w = self._run(runc, lead_plus)
        elif ph == P_KING:
            w = self._free(a)
        elif ph == P_PLUS3:  # a KING cancels the +3 and frees a card
            w = KING if hand[KING] and self._try(KING, a, 255) else -1
        elif ph == P_PLUS:
            w = self._match(a, S_PLUS, 255, 0)
        else:
            w = self._match(a, SYMBOL_OF[t], openc, game.pending())
        return w

    def _may(self, runc, lead_plus):
        """A quick necessary test. A card that ends a turn (a number, +2,
        STOP, DIR, COLOR, +3) goes in a run of its colour or is the last
        card; every run but the last is left by closing it on a PLUS."""
        hand = self.hand
        extra = hand[COLOR] + hand[PLUS3]
        if extra > 1:
            return False
        runs = 0     # colours holding such cards
        exits = 0    # ... and a PLUS of their own to close a run on
        single = 0   # ... with just one: it could be the last card instead
        enter = 0    # ... and no TAKI of their own or run in force to start
        for c in range(4):
            base = c * 13
            k = 0
            for t in range(base, base + S_PLUS):
                k += hand[t]
            if k:
                runs += 1
                if k == 1:
                    single = 1
                if hand[base + S_PLUS] or (c == runc and lead_plus):
                    exits += 1
                if not hand[base + S_TAKI] and c != runc:
                    enter += 1
        if single and not extra:
            runs -= 1
            enter -= 1  # (the colour left out may be one without a TAKI)
        return runs - 1 <= exits and enter <= hand[SUPERTAKI]

    def _match(self, a, lsym, oc, pend):
        """A card to play on colour a / symbol lsym (or continuing an open
        run of colour oc) that starts a winning line, or -1."""
        hand = self.hand
        if pend:  # a +2 stack: a +2 as the last card, or a KING
            if self.hs == 1:
                for t in range(S_PLUS2, COLOR, 13):
                    if hand[t]:
                        return t
            return KING if hand[KING] and self._try(KING, a, 255) else -1
        ncol = self.ncol
        for c in range(4):
            if not ncol[c]:
                continue
            if c == a or c == oc:
                lo = c * 13
                hi = lo + 13
            elif lsym < 13:
                lo = c * 13 + lsym
                hi = lo + 1
            else:
                continue
            for t in range(lo, hi):
                if hand[t] and self._try(t, a, oc):
                    return t
            if self.nodes >= _NODES:
                return -1
        for t in range(COLOR, BREAK):
            if hand[t] and self._try(t, a, oc):
                return t
        return -1

    def _free(self, a):
        """After a KING: any card but a Breaker (R9.2)."""
        hand = self.hand
        ncol = self.ncol
        for c in range(4):
            if ncol[c]:
                for t in range(c * 13, c * 13 + 13):
                    if hand[t] and self._try(t, a, 255):
                        return t
                if self.nodes >= _NODES:
                    return -1
        for t in range(COLOR, BREAK):
            if hand[t] and self._try(t, a, 255):
                return t
        return -1

    def _try(self, t, a, oc):
        """Whether playing t (outside a run) leads to an empty hand."""
        if self.nodes >= _NODES:
            return False  # a bound on the work, not on the rules
        self.nodes += 1
        hand = self.hand
        hand[t] -= 1
        self.hs -= 1
        left = self.hs
        if t < COLOR:
            c = COLOUR_OF[t]
            sym = SYMBOL_OF[t]
            self.ncol[c] -= 1
            if c == oc:  # continues the open run (R8.6)
                ok = (sym != S_PLUS) if left == 0 else self._run(c, sym == S_PLUS) >= 0
            elif sym == S_PLUS:  # a last PLUS must still draw (R6.2)
                ok = left > 0 and self._match(c, S_PLUS, 255, 0) >= 0
            elif sym == S_TAKI:
                ok = left == 0 or self._run(c, False) >= 0
            else:
                ok = left == 0
        elif t == SUPERTAKI:
            ok = left == 0 or self._run(oc if oc < 4 else a, False) >= 0
        elif t == KING:
            ok = left == 0 or self._free(a) >= 0
        else:  # COLOR or +3 end the turn
            ok = left == 0
        hand[t] += 1
        self.hs += 1
        if t < COLOR:
            self.ncol[COLOUR_OF[t]] += 1
        return ok

    def _run(self, c, lead_plus):
        """Inside our run of colour c: the move of a winning line, or -1.
        Either every card left goes into the run, ending on one that is not
        a PLUS (R12.1) or on a COLOR; or the run closes on a PLUS (R8.4) and
        the rest is played after it."""
        hand = self.hand
        base = c * 13
        k = self.ncol[c]
        pl = hand[base + S_PLUS]
        sp = hand[SUPERTAKI]
        co = hand[COLOR]
        hs = self.hs
        if k + sp + co == hs and co <= 1 and k - pl + sp + co:
            if pl:
                return base + S_PLUS  # PLUS cards first: they must not be last
            for t in range(base, base + 13):
                if hand[t]:
                    return t
            return SUPERTAKI if sp else COLOR
        if not pl and not (lead_plus and k == 0):
            return -1
        if pl:  # the run sheds every c card and SUPERTAKI, a PLUS last
            # the 14 counts put back afterwards (0..2 each) are packed 2 bits
            # apiece: 28 bits, still a small int, so no buffer per level
            saved = 0
            for t in range(base, base + 13):
                saved = saved * 4 + hand[t]
                hand[t] = 0
            saved = saved * 4 + sp
            hand[SUPERTAKI] = 0
            self.ncol[c] = 0
            self.hs = hs - k - sp
        ok = self.hs > 0 and self._match(c, S_PLUS, 255, 0) >= 0
        if pl:
            hand[SUPERTAKI] = saved & 3
            for t in range(base + 12, base - 1, -1):
                saved >>= 2
                hand[t] = saved & 3
            self.ncol[c] = k
            self.hs = hs
        if not ok:
            return -1
        if k > pl:
            for t in range(base, base + 13):
                if hand[t] and t != base + S_PLUS:
                    return t
        if pl and sp:
            return SUPERTAKI
        return base + S_PLUS if pl else M_CLOSE
