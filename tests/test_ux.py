"""A newcomer's playtest, point by point (issue 14): what each screen says and
shows, read from the simulator's pixels and drawn texts. (Card art and colour
marks: tests/test_cardart.py; sound: tests/test_sound.py.)"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from sim.testing import harness  # noqa: E402

harness.install()

from boards import K_UP  # noqa: E402
from sim.build.texts import english as en  # noqa: E402
from taki_core.cards import (BREAK, DECK_SIZE, NTYPES, SYMBOL_OF,  # noqa: E402
                              canonical_deck, card_type)
from taki_core.game import EV_LAST, P_PLUS  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import cardart, strings, text  # noqa: E402
from taki_ui.table_screen import FAN, SLOTS  # noqa: E402

LONG = "Wwwwwwwwww"  # a name as wide as names get


def game_with(hands, discard, humans=None, players=None, names=None, render=False,
              current=0, **kw):
    sim = harness.Sim(render=render)
    n = players or len(hands)
    if names:
        for s, name in enumerate(names):
            sim.app.names[s] = name
    harness.arrange(sim, n, hands, discard, humans=humans, current=current, **kw)
    return sim


def to_hand(sim):
    if sim.app.state == A.S_PASS:
        sim.press("A")
    assert sim.app.state == A.S_TURN


cursor_to = harness.cursor_to


# --- 0. a hand is never shown without the pass screen after a public one --------

FACE = [c for c in cardart.COLOURS] + [cardart.BODY_NONE] + [
    cardart.dim(c) for c in list(cardart.COLOURS) + [cardart.BODY_NONE]]


def _near(p, c):
    return abs(p[0] - (c >> 16)) < 9 and abs(p[1] - (c >> 8 & 255)) < 5 and abs(
        p[2] - (c & 255)) < 9


class Frames:
    """Every frame the simulated TFT shows, classified from its pixels:
    HAND (card faces in the hand's row), PASS (the pass screen's heading),
    PUBLIC (the table with nothing face up, or the +3 prompt), or OTHER."""

    def __init__(self, sim):
        self.sim = sim
        self.seen = []
        sim.display.render = True
        self.pass_band = None
        refresh = sim.display.refresh

        def watching(*a, **k):
            before = sim.display.pixels_sent
            r = refresh(*a, **k)
            if sim.display.pixels_sent != before:
                self._classify()
            return r

        sim.display.refresh = watching
        sim.display.redraw()  # the frame already on screen counts too
        self._classify()

    def _band(self):
        surf = self.sim.display.surface()
        return tuple(tuple(surf.get_at((x, y)))[:3] for y in range(14, 26) for x in range(2, 110, 2))

    def _classify(self):
        sim = self.sim
        surf = sim.display.surface()
        if sim.app.state == A.S_PASS and self.pass_band is None:
            self.pass_band = self._band()  # the heading, as the pass screen draws it
        faces = 0
        for y in range(80, 113, 2):
            for x in range(4, 156, 2):
                p = tuple(surf.get_at((x, y)))[:3]
                if any(_near(p, c) for c in FACE):
                    faces += 1
        if faces > 40 and sim.app.state not in (A.S_HELP, A.S_PAUSE):
            kind = "HAND"
        elif self.pass_band is not None and self._band() == self.pass_band:
            kind = "PASS"
        elif sim.app.state in (A.S_WATCH, A.S_PLUS3, A.S_OVER):
            kind = "PUBLIC"
        else:
            kind = "OTHER"
        if not self.seen or self.seen[-1] != kind:
            self.seen.append(kind)

    def check(self):
        """Each HAND follows a PASS, or a HAND of the same person with only
        private screens (pause, help) between."""
        last = None
        for kind in self.seen:
            if kind == "HAND":
                assert last in ("PASS", "HAND"), self.seen
            if kind in ("HAND", "PASS", "PUBLIC"):
                last = kind
        return self.seen


def test_the_issue_s_route_breaking_a_plus3_after_a_public_prompt_passes_first():
    # Player 1 person, Player 2 computer, Player 3 person; Player 1 plays, the
    # computer plays +3; on the prompt, Player 1 chooses to break it
    sim = game_with([["R5", "+3BREAK", "G7", "B1"], ["+3", "R6", "R7", "Y1"],
                     ["B3", "B4", "B5", "+3BREAK"]], ["R3"], humans=(0, 2))
    frames = Frames(sim)
    sim.press("A")  # Player 1 takes the device
    cursor_to(sim, "R5")
    sim.press("A")  # plays; the computer answers with its +3
    assert sim.app.state == A.S_PLUS3
    sim.press("DOWN")  # the "break it" row
    while sim.app.screen.breaker != 0:
        sim.press("RIGHT")
    sim.press("A")  # Player 1 will break it...
    assert sim.app.state == A.S_PASS and "Player 1" in sim.screen_text()  # ...after passing
    sim.press("A")
    assert sim.app.state == A.S_BREAK
    frames.check()
    assert frames.seen[-3:] == ["PUBLIC", "PASS", "HAND"]


@pytest.mark.parametrize("route", ["turn", "run", "plus", "king", "colour", "answer",
                                   "after computers", "resume"])
def test_every_route_to_a_hand_goes_through_the_pass_screen(route, tmp_path):
    hands = [["RTAKI", "R5", "R6", "RPLUS", "KING", "COLOR", "G1", "+3"],
             ["Y1", "Y3", "KING", "Y5"], ["B1", "B3", "B4", "B5"]]
    if route == "after computers":
        sim = game_with(hands, ["R3"], humans=(0,))
    else:
        sim = game_with(hands[:2], ["R3"], humans=(0, 1))
    frames = Frames(sim)
    sim.press("A")
    if route == "run":
        cursor_to(sim, "RTAKI")
        sim.press("A")
        cursor_to(sim, "R5")
        sim.press("A", "B")
    elif route == "plus":
        cursor_to(sim, "RPLUS")
        sim.press("A")
        assert sim.app.game.phase() == P_PLUS
        cursor_to(sim, "R5")
        sim.press("A")
    elif route == "king":
        cursor_to(sim, "KING")
        sim.press("A")
        cursor_to(sim, "G1")
        sim.press("A")
    elif route == "colour":
        cursor_to(sim, "COLOR")
        sim.press("A", "RIGHT", "A")
    elif route == "answer":
        cursor_to(sim, "+3")
        sim.press("A")
    elif route == "resume":
        cursor_to(sim, "R5")
        sim.press("A", "START")
        assert sim.hw_state.nvm.writes >= 1  # the pause menu saved the game
        sim.power_cycle()
        sim2 = sim
        frames = Frames(sim2)
        assert sim2.app.state == A.S_RESUME
        sim2.press("A")
        assert sim2.app.state == A.S_PASS
        sim2.press("A")
        frames.check()
        assert frames.seen[-2:] == ["PASS", "HAND"]
        return
    else:  # turn, after computers
        cursor_to(sim, "R5")
        sim.press("A")
    # the next person's hand (or Player 1's again, after computers) comes after a pass
    while sim.app.state != A.S_TURN:
        if sim.app.state == A.S_OVER:
            break
        sim.press("A")
    frames.check()
    assert frames.seen.count("HAND") >= 2 and "PASS" in frames.seen[frames.seen.index("HAND") + 1:]


# --- 1. the top and bottom lines never overlap, at any hand size ---------------

def ink(sim):
    """(text, {(x, y)} of its ink pixels) of each visible text line."""
    out = []
    for x0, y0, scale, ln in sim.lines_placed():
        px = set()
        for x, y in harness.ink(ln):
            for dy in range(scale):
                for dx in range(scale):
                    px.add((x0 + x * scale + dx, y0 + y * scale + dy))
        out.append((ln.text, px))
    return out


def no_two_texts_share_a_pixel(sim):
    lines = ink(sim)
    for i, (ta, a) in enumerate(lines):
        for tb, b in lines[i + 1:]:
            assert not (a & b), "%r and %r share pixels" % (ta, tb)
    return lines


@pytest.mark.parametrize("players,tour", [(2, False), (10, True)])
def test_no_two_texts_share_a_pixel_at_any_hand_size(players, tour):
    deck = bytearray(DECK_SIZE)
    canonical_deck(deck)
    deck = list(deck)
    most = DECK_SIZE - 1 - 3 * (players - 1)  # the others keep 3, one card leads
    names = [LONG[:9] + str(s) for s in range(players)]
    sizes = list(range(1, 12)) + [30, 57, most]
    for n in sizes:
        hand = deck[:n]
        rest = deck[n:]
        others = [rest[3 * i:3 * i + 3] for i in range(players - 1)]
        lead = rest[3 * (players - 1)]
        from taki_core.cards import card_name
        hands = [[card_name(t) for t in hand]] + [[card_name(t) for t in h] for h in others]
        sim = game_with(hands, [card_name(lead)], humans=tuple(range(players)), names=names,
                        tournament=tour)
        to_hand(sim)
        sim.press("RIGHT")
        cut = harness.cut()
        lines = no_two_texts_share_a_pixel(sim)
        assert len(lines) >= 5 and harness.cut() == cut, n
        t = sim.app.table
        shown = FAN if n > SLOTS else SLOTS  # more than SLOTS: they overlap
        assert t.right.hidden == (t.first + shown >= n)  # an arrow: more cards that way
        assert t.left.hidden == (t.first == 0)



FAN_HAND = ["R1", "R5", "R8", "G3", "G7", "B5", "B9", "Y3", "Y7", "Y9", "RTAKI", "BTAKI",
            "KING", "COLOR"]


def _fan(n, lang="en"):
    sim = harness.Sim(render=True, lang=lang)
    harness.arrange(sim, 2, [FAN_HAND[:n], ["Y1", "Y4"]], ["R3"], humans=(0, 1))
    to_hand(sim)
    return sim


def _key_px(sim, key):
    d = sim.display
    sim.hw_state.press(key)
    before = d.pixels_sent
    sim.step()
    px = d.pixels_sent - before
    sim.settle()
    return px


@pytest.mark.parametrize("lang", ["en", "sd"])
@pytest.mark.parametrize("n", [9, 12])
def test_nine_to_twelve_cards_overlap_and_the_cursor_card_is_whole(n, lang):
    # More than SLOTS cards: all of them on the row at once, each over the
    # one before it (Sindhi: at its left), so that each card's mark and left
    # edge show; the card under the cursor is drawn whole over its
    # neighbours, raised, the row under it cleared. A cursor move sends its
    # two places only: no scroll, whose every card is sent again (4,676 px).
    sim = _fan(n, lang)
    t = sim.app.table
    assert t.fan and t.first == 0 and t.left.hidden and t.right.hidden  # no scrolling
    rtl = lang == "sd"
    hand = sim.app.hand
    px = []
    for _ in range(n + 1):  # round the row and back to its start
        sim.display.redraw()
        k = t.cursor
        for i in range(n):
            tg = t.slots[i].tile
            assert not tg.hidden and t.slots[i].tile[1] == SYMBOL_OF[hand[i]] and tg.y == t.hand_y
            # its left edge (Sindhi too: the card art is not mirrored)
            x = tg.x + 2
            if i != k and not (i == k + (-1 if rtl else 1)):  # (the whole card covers that one)
                want = t.slots[i].tile.pixel_shader[2]
                assert _near(sim.pixel(x, t.hand_y + 14), want), (i, k)
        top = t.top.tile
        assert not top.hidden and top.x == t.slots[k].tile.x and top.y == t.hand_y - 4
        assert t.top.tile[1] == SYMBOL_OF[hand[k]] and t.top.tile.pixel_shader[2] == t.slots[k].tile.pixel_shader[2]
        assert _near(sim.pixel(top.x + 17, t.hand_y + 14), t.top.tile.pixel_shader[2])  # its right edge
        assert sim.pixel(top.x + 10, t.hand_y + 25) == (0, 0, 0)  # the row cleared under it
        px.append(_key_px(sim, "LEFT" if rtl else "RIGHT"))
    assert t.cursor == 1 % n
    # next to the last place: the two places' union; round the row: both
    assert px == [1024] * (n - 1) + [1280, 1024], px


def test_past_twelve_cards_eight_sit_side_by_side_and_scroll_as_eight_or_fewer_do():
    # Overlapping, a scroll would send all twelve cards again (8,036 px, 37
    # ms on the ARM model in the whole ten-seat tournament, whose hands
    # reach 37 cards): past FAN the row is side by side, as it was (4,676
    # px, 22 ms a scroll)
    sim = _fan(13)
    t = sim.app.table
    assert not t.fan and [t.slots[i].tile.x for i in range(2)] == [4, 23]
    assert sum(not s.tile.hidden for s in t.slots) == SLOTS and not t.right.hidden
    for _ in range(SLOTS - 1):
        sim.press("RIGHT")
    assert t.first == 0 and t.left.hidden
    sim.press("RIGHT")  # past the 8th: the row scrolls by one
    assert t.first == 1 and t.cursor == SLOTS and not t.left.hidden
    assert t.slots[SLOTS - 1].tile.y == t.hand_y - 4  # raised in its slot
    # eight cards or fewer: side by side, the cursor's card raised in its
    # slot; what an overlapping hand needs is not made until one overlaps
    sim = _fan(8)
    t = sim.app.table
    assert not t.fan and t.top is None and len(t.slots) == SLOTS
    assert len(sim.app.stage.cards) == 1 + SLOTS
    assert [t.slots[i].tile.x for i in range(2)] == [4, 23]
    assert t.slots[t.cursor].tile.y == t.hand_y - 4

# --- 2. notices say it in words, under the name of the one who moved --------------

def test_a_computer_move_is_told_under_its_name_before_the_turn_passes():
    sim = game_with([["R5", "G7", "Y1"], ["RDIR", "R8", "B1"], ["Y3", "Y4", "Y5"]], ["R3"],
                    humans=(0, 2), current=1, settle=False)
    seen = []
    for _ in range(400):
        sim.step()
        t = sim.app.table
        if t is not None:
            said = " ".join(ln.text for ln in t.notice if not ln.hidden)  # 1 or 2 lines
            seen.append((t.bottom.text, said or True))
        if sim.app.state == A.S_PASS:
            break
    told = [s for s in seen if s[1] is not True]
    assert told and all(b == "Player 2's move" for b, _ in told)  # the mover's name meanwhile
    assert any("Player 2 reversed the direction." in n for _, n in told)
    assert any("Player 2 plays Red Reverse." in n for _, n in told)
    after = seen[seen.index(told[-1]) + 1:]
    assert after and after[-1][0].startswith("Next: ")  # then who is next


# --- 3. a refusal says why, from the core's reason ----------------------------

def test_refusals_say_why_in_the_players_terms():
    sim = game_with([["G7", "R5", "Y+2"], ["R8", "R9"]], ["R3"], humans=(0, 1))
    to_hand(sim)
    cursor_to(sim, "G7")
    assert glance(sim, "A") == "Play Red, or the same picture as the top card."
    sim.settle()
    # a +2 on you: answer it with +2 or KING, or draw
    sim = game_with([["R+2", "R5", "G1"], ["R8", "B+2", "G6"]], ["R3"], humans=(0, 1))
    to_hand(sim)
    cursor_to(sim, "R+2")
    sim.press("A", "A")  # Player 2 takes the device
    cursor_to(sim, "R8")
    sim.press("A")
    assert sim.notices[-1] == "A +2 is on you: play a +2 or KING, or draw."
    # a PLUS needs a second card
    sim = game_with([["RPLUS", "G7", "B1"], ["R8", "R9"]], ["R3"], humans=(0, 1))
    to_hand(sim)
    cursor_to(sim, "RPLUS")
    sim.press("A")
    cursor_to(sim, "G7")
    sim.press("A")
    assert sim.notices[-1] == "Play Red, or the same picture as the top card."
    # in a run, only the run's colour
    sim = game_with([["RTAKI", "R5", "G5", "B1"], ["R8", "R9"]], ["R3"], humans=(0, 1))
    to_hand(sim)
    cursor_to(sim, "RTAKI")
    sim.press("A")
    cursor_to(sim, "G5")
    sim.press("A")
    assert sim.notices[-1] == "In the TAKI run, only Red cards."
    # the penalty names the rule
    sim = game_with([["R5", "R6"], ["Y3", "Y4", "Y5"]], ["R3"], humans=(0, 1))
    to_hand(sim)
    sim.press("A")
    assert 'Player 1 did not call "last card": draws 4.' in sim.notices


def test_every_refusal_of_the_core_has_its_own_words_in_order():
    from taki_core.game import ERROR_NAMES

    first = strings.NO_GAME_OVER
    for err in range(1, len(ERROR_NAMES)):
        name = __import__("sim.build.texts", fromlist=["name_of"]).name_of(first + err - 1)
        assert name.startswith("NO_"), (err, name)
    assert len(ERROR_NAMES) - 1 == strings.NO_UNKNOWN_CARD - strings.NO_GAME_OVER + 1


# --- 4. nothing is ever cut ------------------------------------------------------

def test_every_text_fits_its_lines_with_the_longest_names_and_numbers():
    from sim.build import texts

    table = texts.read_table(os.path.join(texts.LANG, "en.txt"))
    two = ("N_", "NO_", "DREW", "LAST_EARLY", "ONLY_BREAKER", "SAVED", "SURE", "P3_EXPLAIN",
           "NAME_")
    for name, value in table:
        if name.startswith("HELP_") and name != "HELP_KEYS":
            continue  # the help screen gives them five lines: below
        args = []
        for p in texts.places(value):
            k = texts.kind(p)
            if k == texts.K_COLOUR:
                args.append(3)  # Yellow, the longest colour word
            elif k == texts.K_CARD:
                args.append(card_type("YDIR"))  # "Yellow Reverse", the longest card name
            elif k == texts.K_TEXT:
                args.append(strings.SYM_DIR)
            else:
                args.append(116 if p == "n" else LONG)
        lines = 2 if name.startswith(two) else 1
        assert text.fits(getattr(strings, name), *args, lines=lines), (name, value)
    for name, value in table:  # the help screen: 3 lines of 18 beside the card, 2 of 26
        if name.startswith("HELP_") and name != "HELP_KEYS":
            k = text.compose(getattr(strings, name))
            at = 0
            for width in (18, 18, 18, 26, 26):
                at = text.split_at(at, k, width)
                at += 1 if at < k else 0
            assert at >= k, name


def test_a_ten_player_tournament_with_long_names_cuts_nothing():
    import random

    sim = harness.Sim(render=False)
    st = sim.app.settings
    st.players = 10
    st.tournament = True
    for s in range(10):
        sim.app.names[s] = LONG[:9] + str(s)
        st.kinds[s] = 0 if s < 3 else 2
    sim.app.next_seed = 4
    cut = harness.cut()
    sim.press("UP", "A")
    harness.play(sim, random.Random(5), limit=8000)
    assert sim.app.state == A.S_OVER and harness.cut() == cut
    assert no_two_texts_share_a_pixel(sim)


# --- 5. the tournament table: headings, columns apart, a legend ---------------------

def test_the_tournament_table_has_a_heading_and_columns_that_never_touch():
    names = ["Mom", "Dad", "Gran", "Mommy", "Dave", "Wwwwwwww1", "Wwwwwwww2", "Al", "Bo", "Cy"]
    deck = bytearray(DECK_SIZE)
    canonical_deck(deck)
    from taki_core.cards import card_name
    cards = [card_name(t) for t in deck]
    hands = [cards[13 * i:13 * i + 13] if i == 1 else cards[13 * i:13 * i + 3] for i in range(10)]
    used = sum((h for h in hands), [])
    lead = [c for c in cards if c not in used][0]
    sim = game_with(hands, [lead], humans=tuple(range(10)), names=names, tournament=True)
    to_hand(sim)
    shown = sim.screen_text()
    assert en("TOUR_LEGEND") in shown  # the heading says what the numbers are
    t = sim.app.table
    cells = [t.seat_text(s) for s in range(10)]
    assert cells[1].split()[-1] == "13/8"  # Dad holds 13 cards at stage 8
    assert all(len(c) < 9 or c[-1] == " " for c in cells), cells  # a blank between columns
    shorts = [c.split()[0] for c in cells]
    assert len(set(shorts)) == 10  # no two names look the same
    assert no_two_texts_share_a_pixel(sim)


def glance(sim, key):
    """Press a key and read the notice it brings, as the screen shows it."""
    sim.hw_state.press(key)
    for _ in range(3):
        sim.step()
    t = sim.app.table
    return " ".join(ln.text for ln in t.notice if not ln.hidden)


# --- 7. after a play the cursor goes to the nearest card that can be played -----

def raised(sim):
    """The card drawn raised above the hand's row, from the pixels: (slot, its
    body colour: the commonest colour on its face)."""
    from collections import Counter

    from taki_ui.table_screen import _HAND_X, _HAND_Y, _STEP

    sim.display.redraw()
    bg = sim.pixel(2, _HAND_Y - 3)  # the table, left of every card
    for i in range(SLOTS):
        x = _HAND_X + i * _STEP
        if sim.pixel(x + 6, _HAND_Y - 3) != bg:  # only a raised card reaches up there
            face = Counter(sim.pixel(x + dx, _HAND_Y - 4 + dy)
                           for dx in range(1, cardart.W - 1) for dy in range(1, cardart.H - 1))
            return i, face.most_common(1)[0][0]
    return None


def test_after_a_play_the_cursor_is_on_a_lit_card_not_a_dimmed_one():
    # in the TAKI run only red goes: after RTAKI the cursor leaves the green 5
    sim = game_with([["RTAKI", "G5", "G6", "R8", "B1"], ["Y1", "Y4"]], ["R3"], humans=(0, 1),
                    render=True)
    to_hand(sim)
    cursor_to(sim, "RTAKI")
    at = sim.app.table.cursor
    sim.press("A")
    t = sim.app.table
    assert sim.app.hand[at] != card_type("R8")  # the old place holds a dimmed card
    slot, colour = raised(sim)
    assert slot == t.cursor - t.first and sim.app.hand[t.cursor] == card_type("R8")
    assert _near(colour, cardart.COLOURS[0])  # a red card at full brightness
    # nothing left to play in the run: the cursor stays, and the keys say B
    sim.press("A")  # R8
    assert "B close" in sim.screen_text() and not any(
        sim.app.playable[sim.app.hand[i]] for i in range(t.n))


# --- 8. "last card" only when it counts; the colour picker's frame ------------

def test_select_with_three_cards_says_why_it_does_nothing():
    sim = game_with([["R5", "R6", "G1"], ["Y1", "Y4"]], ["R3"], humans=(0, 1))
    to_hand(sim)
    events = sim.app.game.ev_total
    shown = glance(sim, "SELECT")
    assert shown == '"Last card" is for 1 or 2 cards; you have 3.'  # on screen, 2 lines
    sim.settle()
    assert sim.notices[-1] == shown and sim.app.game.ev_total == events
    assert "Last card!" not in " ".join(sim.notices)
    # with two cards it counts (a play can leave one): announced
    sim = game_with([["R5", "R6"], ["Y1", "Y4"]], ["R3"], humans=(0, 1))
    to_hand(sim)
    sim.press("SELECT")
    assert sim.notices[-1] == "Player 1: Last card!"
    assert any(sim.app.game.event(k, 0) == EV_LAST for k in range(sim.app.game.ev_total))


def _lum(p):
    return 0.3 * p[0] + 0.59 * p[1] + 0.11 * p[2]


def test_the_colour_picker_frame_shows_around_every_colour():
    sim = game_with([["COLOR", "G5"], ["Y1", "Y4"]], ["R3"], humans=(0, 1), render=True)
    to_hand(sim)
    cursor_to(sim, "COLOR")
    sim.press("A")
    assert sim.app.state == A.S_COLOUR
    # the picker over the hand's rows from y0 (the card under the cursor
    # raised 4 px); its swatches from y0 + 6, the frame 4 px above them, the
    # black ring inside it 2 px above (table_screen: drawn at half size)
    y0 = 84 - 4
    mid = y0 + 16  # a row through the swatches
    for c in range(4):
        while sim.app.colour_sel != c:
            sim.press("RIGHT")
        sim.display.redraw()
        x = 8 + c * 38  # the swatch's left edge
        swatch = sim.pixel(x + 14, y0 + 6 + 2)
        assert _near(swatch, cardart.COLOURS[c])
        ring = [sim.pixel(x - 1, mid), sim.pixel(x + 14, y0 + 5)]  # beside, above
        outer = [sim.pixel(x - 3, mid), sim.pixel(x + 14, y0 + 3)]
        for p in ring:  # the ring next to the colour stands out from it
            assert abs(_lum(p) - _lum(swatch)) > 60, (c, p, swatch)
        for p in outer:  # and the ring round that stands out from the background
            assert abs(_lum(p) - _lum(sim.pixel(x - 6, mid))) > 60, (c, p)
        other = 8 + ((c + 1) % 4) * 38  # an unselected colour has no frame
        assert sim.pixel(other - 1, mid) == sim.pixel(other - 6, mid)


# --- 9. the +3 prompt asks, and is skipped when nobody can act ------------------

def states_until(sim, want, limit=3000):
    seen = []
    for _ in range(limit):
        sim.step()
        if not seen or seen[-1] != sim.app.state:
            seen.append(sim.app.state)
        if sim.app.state in want:
            break
    return seen


def test_a_computer_s_plus3_asks_a_question_only_of_someone_who_can_act():
    # one person (no Breaker, not next) and two computers: no prompt at all
    sim = game_with([["R5", "G7", "B1"], ["+3", "G8", "B9"], ["Y3", "Y4", "Y5"]], ["R3"],
                    humans=(0,), current=1, settle=False)
    seen = states_until(sim, (A.S_PASS, A.S_TURN))
    assert A.S_PLUS3 not in seen
    assert "Player 2 plays +3: everyone else draws 3!" in sim.notices
    # the person holds a Breaker: the prompt asks, and names the answers
    sim = game_with([["R5", "+3BREAK", "B1"], ["+3", "G8", "B9"], ["Y3", "Y4", "Y5"]], ["R3"],
                    humans=(0,), current=1, settle=False)
    states_until(sim, (A.S_PLUS3,))
    assert sim.app.state == A.S_PLUS3
    shown = sim.screen_text()
    assert "Player 2 played +3!" in shown and "Who answers it?" in shown
    assert "> Player 3 answers" in shown and "Player 1 breaks it" in shown
    # the person is next: straight to them, to answer it in their turn
    sim = game_with([["R5", "G7", "B1"], ["+3", "G8", "B9"]], ["R3"], humans=(0,), current=1,
                    settle=False)
    states_until(sim, (A.S_PASS, A.S_PLUS3))
    assert sim.app.state == A.S_PASS and "to answer the +3" in sim.screen_text()


def test_after_drawing_the_drawn_card_is_shown_to_its_owner_then_the_turn_passes():
    sim = game_with([["G5", "B6"], ["Y1", "Y4"]], ["R3"], humans=(0, 1), render=True)
    to_hand(sim)
    top = sim.app.game.leading()
    sim.press("B")  # nothing to play: draw
    assert sim.app.state == A.S_DREW and sim.app.viewer == 0  # still Player 1's eyes
    drawn = sim.app.hand[sim.app.table.cursor]
    from sim.build.texts import card_name as say

    assert sim.notices[-1] == "You drew %s." % say(drawn)
    assert "You drew %s." % say(drawn) in " ".join(sim.texts())
    assert "A: OK" in sim.screen_text()
    slot, _ = raised(sim)
    assert slot == sim.app.table.cursor - sim.app.table.first  # the drawn card, raised
    assert sim.app.game.leading() == top
    sim.press("START", "B")  # a pause keeps it so
    assert sim.app.state == A.S_DREW and raised(sim)[0] == slot
    sim.press("A")  # OK: the device goes on
    assert sim.app.state == A.S_PASS and "Player 2" in sim.screen_text()


def test_a_draw_is_answered_by_the_hand_then_the_rest_of_the_table_a_pass_later():
    # The draw's pass shows what B did (the hand with the drawn card, under
    # the cursor, and what was drawn); the grid and the keys follow at the
    # next loop pass, before a key is read (watch.catch_up): 59 -> 36 ms in
    # Sindhi on the ARM model, 11,759 -> 6,678 px (sim.bench speed's "draw")
    sim = game_with([["G5", "B6"], ["Y1", "Y4"]], ["R3"], humans=(0, 1), render=True)
    to_hand(sim)
    t = sim.app.table
    assert "2" in t.seat_text(0) and "A play" in sim.screen_text()
    sim.hw_state.press("B")
    sim.step()  # the draw's pass
    assert sim.app.state == A.S_DREW and t.behind == 6  # the rest is due
    drawn = sim.app.hand[t.cursor]
    assert t.n == 3 and raised(sim)[0] == t.cursor - t.first
    assert not t.slots[t.cursor - t.first].hidden
    from sim.build.texts import card_name as say

    assert "You drew %s." % say(drawn) in " ".join(sim.texts())
    assert "A play" in sim.screen_text() and "2" in t.seat_text(0)  # not yet
    assert sim.app.busy()  # (tests and the loop wait for the rest)
    sim.step()  # the next pass: the rest
    assert t.behind == 0 and not sim.app.busy()
    assert "A: OK" in sim.screen_text() and "3" in t.seat_text(0)



def test_a_draw_past_eight_cards_moves_no_card_the_next_turn_overlaps_them():
    # The row is laid out (side by side, or overlapping past SLOTS) when a
    # turn shows the hand; a draw keeps it (every card moving cost 11,068
    # px, 53 ms on the ARM model, against 5,878 and 33 ms), and scrolls to
    # the drawn card if it must (no key moves the cursor before A).
    hand = ["G5", "G6", "G7", "G8", "B5", "B6", "B7", "B8"]
    sim = game_with([hand, ["Y1", "Y4"]], ["R3"], humans=(0, 1), render=True)
    to_hand(sim)
    t = sim.app.table
    xs = [t.slots[i].tile.x for i in range(SLOTS)]
    sim.press("B")
    assert sim.app.state == A.S_DREW and t.n == 9 and not t.fan
    assert [t.slots[i].tile.x for i in range(SLOTS)] == xs and t.top is None
    assert 0 <= t.cursor - t.first < SLOTS and raised(sim)[0] == t.cursor - t.first
    sim.press("A")  # Player 2's turn: they draw too
    to_hand(sim)
    sim.press("B", "A")
    to_hand(sim)  # Player 1 again, 9 cards: overlapping
    assert sim.app.viewer == 0 and sim.app.state == A.S_TURN
    t = sim.app.table
    assert t.n == 9 and t.fan and not t.top.hidden and t.right.hidden

def test_back_to_setup_asks_first_and_B_keeps_the_game():
    sim = game_with([["G5", "B6"], ["Y1", "Y4"]], ["R3"], humans=(0, 1))
    to_hand(sim)
    sim.press("START", "UP")  # the last row: back to setup
    assert "> Back to setup" in sim.screen_text()
    sim.press("A")
    assert "Leave this game?" in sim.texts() and "A: yes, leave   B: no" in sim.texts()
    sim.press("B")
    assert sim.app.state == A.S_PAUSE and "Leave this game?" not in sim.screen_text()
    sim.press("A")  # the question again, then yes
    sim.press("A")
    assert sim.app.state == A.S_SETUP


# --- 10. renaming: delete, quick letters, refusals; names told apart -------------

def test_rename_deletes_with_select_and_a_held_key_runs_through_the_alphabet():
    sim = harness.Sim(render=False)
    sim.press("DOWN", "DOWN", "DOWN", "DOWN", "A")  # rename seat 1: "Player 1"
    assert sim.app.state == A.S_RENAME
    sim.press("SELECT")  # deletes the P: the rest moves left
    assert sim.app.screen.result().rstrip() == "layer 1"
    assert "SEL del" in sim.screen_text()
    kp = sim.hw_state.keypads[0]
    kp._push(K_UP, True)  # held: 'l' runs on through the letters
    for _ in range(60):  # 1.2 s
        sim.step()
    kp._push(K_UP, False)
    sim.settle()
    got = sim.app.screen.result()[0]
    assert ord(got) - ord("l") >= 5  # many letters for one press
    sim.press("A")
    assert sim.app.names[0].startswith(got)


def test_a_blank_or_taken_name_is_refused_with_a_reason():
    sim = harness.Sim(render=False)
    sim.press("DOWN", "DOWN", "DOWN", "DOWN", "A")
    for _ in range(10):
        sim.press("SELECT")
    sim.press("A")
    assert sim.app.state == A.S_RENAME
    assert "A name needs one letter at least." in " ".join(sim.texts())
    sim.press("B")
    assert sim.app.names[0] == "Player 1"
    # seat 1 named like seat 2 ("player 2", any case)
    assert sim.app.state == A.S_SETUP
    sim.press("A")
    assert sim.app.state == A.S_RENAME and sim.app.screen.pos == 0
    for _ in range(7):
        sim.press("RIGHT")
    sim.press("UP")  # "Player 1" -> "Player 2"
    sim.press("A")
    assert sim.app.state == A.S_RENAME
    assert "Seat 2 already has that name." in " ".join(sim.texts())
    assert sim.app.names[0] == "Player 1"


def test_the_setup_list_shows_that_more_rows_are_above_or_below():
    sim = harness.Sim(render=False)
    sim.app.settings.players = 10
    sim.app.screen.show()
    lines = sim.texts()
    assert lines[-2].endswith("v") and not any(ln.endswith("^") for ln in lines)
    for _ in range(15):
        sim.press("DOWN")  # past the language, to "Start the game"
    lines = sim.texts()
    assert "Start the game" in lines[-2] and any(ln.endswith("^") for ln in lines[:3])
    assert not lines[-2].endswith("v")


def test_names_alike_are_told_apart_on_the_table_and_the_standings():
    names = ["Wwwwwwww1", "Wwwwwwww2", "Wwwwwwww3", "Player 4"]
    sim = game_with([["R5"], ["G5", "G6"], ["B5", "B6"], ["Y5", "Y6"]], ["R3"],
                    humans=(0, 1, 2, 3), names=names)
    to_hand(sim)
    cells = [sim.app.table.seat_text(s).split()[0] for s in range(4)]
    assert cells == ["Www1", "Www2", "Www3", "P4"]
    sim.press("SELECT", "A")  # Player 1 goes out: the standings
    while sim.app.state != A.S_OVER:
        sim.press("A")
    shown = sim.screen_text()
    for short in ("Www2", "Www3", "P4"):
        assert short in shown
    assert "Wwwwwwww1" in shown  # the winner, in full


# --- 12. the active colour's swatch carries the colour's mark --------------------

def test_the_active_colour_swatch_carries_its_mark():
    from sim.build import cardsheet

    marks = [[[ch == "#" for ch in row] for row in m] for m in cardsheet.MARKS]
    for c, lead in enumerate(("R3", "G3", "B3", "Y3")):
        sim = game_with([["R5", "G7"], ["Y1", "Y4"]], [lead], humans=(0, 1), render=True)
        to_hand(sim)
        sim.display.redraw()
        ink = cardart.ink(c)
        body = cardart.COLOURS[c]

        def dist(p, q):
            return sum((a - b) ** 2 for a, b in zip(p, (q >> 16, q >> 8 & 255, q & 255)))

        seen = [[dist(sim.pixel(4 + x, 3 + y), ink) < dist(sim.pixel(4 + x, 3 + y), body)
                 for x in range(5)] for y in range(5)]
        assert seen == marks[c], c


# --- 13. card help, from the pause menu ---------------------------------------------

def test_card_help_explains_the_card_under_the_cursor_and_browses():
    sim = game_with([["R5", "KING", "G7"], ["Y1", "Y4"]], ["R3"], humans=(0, 1), render=True)
    to_hand(sim)
    cursor_to(sim, "KING")
    sim.press("START", "DOWN", "DOWN")
    assert "> What does this card do?" in sim.screen_text()
    sim.press("A")
    assert sim.app.state == A.S_HELP
    shown = " ".join(sim.texts())
    assert "KING" in shown and "Goes on anything and stops +2 or +3." in shown
    assert no_two_texts_share_a_pixel(sim)
    # the big card is the KING's picture (the hand is hidden)
    assert raised(sim) is None
    sim.press("RIGHT")  # the next kind: the +3
    assert "Everyone else draws 3, unless someone breaks it." in " ".join(sim.texts())
    sim.press("B")
    assert sim.app.state == A.S_PAUSE
    sim.press("B")
    assert sim.app.state == A.S_TURN and sim.app.hand[sim.app.table.cursor] == card_type("KING")
