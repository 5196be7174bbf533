"""Whole games through the real app in the headless simulator.

People are played by sim.testing.harness.robot_key (it presses keys like a person:
moves the cursor to a lit card, A, B...). After every key we check what is
drawn against the core: the card counts, the hand shown (face and dimming),
and that no hand is face up when it should not be.
"""

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.testing import harness  # noqa: E402

harness.install()

from taki_core.cards import COLOR, COLOUR_OF, NO_COLOR, SYMBOL_OF  # noqa: E402
from taki_core.game import M_COLOR, NMOVES  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import cardart  # noqa: E402
from taki_ui.settings import shorts  # noqa: E402
from taki_ui.table_screen import FAN, SLOTS  # noqa: E402


def legal_types(g):
    buf = bytearray(NMOVES)
    out = set()
    for i in range(g.legal_moves(buf)):
        m = buf[i]
        if m < 57:
            out.add(m)
        elif M_COLOR <= m < M_COLOR + 4:
            out.add(COLOR)
    return out


def expected_body(t, dimmed):
    c = COLOUR_OF[t]
    body = cardart.BODY_NONE if c == NO_COLOR else cardart.COLOURS[c]
    return cardart.dim(body) if dimmed else body


def check_drawn(sim, seen):
    app = sim.app
    g = app.game
    st = app.state
    seen.add(st)
    t = app.table
    page = type(app.screen).__name__
    text = sim.screen_text()
    if st == A.S_PASS:
        assert page == "PassScreen"
        assert "Pass the device to" in text
        assert app.names[app.passing_for] in text
        # no card of any hand is on screen: the table is kept under the pass
        # screen, hidden whole, and its hand's slots are hidden too, so that
        # the table comes back with no hand until its owner's is painted
        assert t is None and not card_tiles(sim.display.root_group)
        kept = app.stage.kept
        assert kept is None or all(s.hidden for s in kept.slots)
        return
    if st in (A.S_TURN, A.S_WATCH) and t.behind:
        # the first frame after a move: its answer (the card on the pile; the
        # same person going on: its place in their hand empty); the rest of
        # the table (the public hand face down, the hand closed up, the grid,
        # the keys) is drawn at the next loop pass, once this frame is on the panel
        assert page == "TableScreen" and t.lead.tile[1] == SYMBOL_OF[g.leading()]
        if st == A.S_WATCH:
            assert app.viewer == -1  # the hand shown is still the mover's, for one frame
        else:
            assert app.viewer == g.current() and t.slots[t.cursor - t.first].hidden
        return
    if st == A.S_DREW:
        # the drawer's hand, every card lit, the cursor on one; the draw's
        # first frame is that alone, the grid and the keys come a pass later
        assert page == "TableScreen" and app.settings.is_human(app.viewer)
        assert t.n == g.hand_size(app.viewer) and 0 <= t.cursor < t.n
        assert not t.slots[t.cursor - t.first].hidden
        if t.behind:
            return
        assert "A: OK" in text
    if st in (A.S_TURN, A.S_WATCH, A.S_DREW):
        assert page == "TableScreen"
        # every player's card count, as the core has it
        for s in range(g.players):
            cell = t.seat_text(s)
            assert shorts(app.names, g.players, 3)[s][:2] in cell
            assert ("%2d" % g.hand_size(s)) in cell
        # the current player's cell is on the bar (none once the game is over)
        assert highlighted(t) == (-1 if g.over() else g.current())
    if st == A.S_WATCH:
        # the public table: face-down cards only
        for tg in t.slots:
            assert tg.hidden or tg.tile[1] == cardart.BACK
    if st == A.S_TURN:
        seat = g.current()
        assert seat == app.viewer and app.settings.is_human(seat)
        buf = bytearray(116)
        n = g.hand(seat, buf)
        lit = legal_types(g)
        assert t.n == n
        shown = FAN if t.fan else SLOTS  # (overlapping: 9 to 12 cards)
        for i, tg in enumerate(t.slots):
            k = t.first + i
            if k >= n or i >= shown:
                assert tg.hidden
                continue
            card = buf[k]
            assert not tg.hidden and tg.tile[1] == SYMBOL_OF[card]
            # dimmed exactly when the core did not list the card
            assert t.slots[i].tile.pixel_shader[2] == expected_body(card, card not in lit)
        assert highlighted(t) == seat  # whose turn: the bar (the pass screen named them)


def highlighted(t):
    """The seat whose cell the table's bar is behind, or -1."""
    if t.bar.hidden:
        return -1
    col = (t.bar.x + 2 - 48) // 54
    row = (t.bar.y - 23) // 11
    return col * 5 + row


def card_tiles(group):
    """TileGrids of the card sheet shown anywhere in group (not hidden, nor
    in a hidden Group)."""
    n = 0
    if group.hidden:
        return 0
    for item in group:
        if hasattr(item, "append"):
            n += card_tiles(item)
        elif getattr(item, "tile_width", 0) == cardart.W and not item.hidden:
            n += 1
    return n


def press_and_check(sim, k, seen):
    """Press k; check the very first frame after it, then the settled one."""
    sim.hw_state.press(k)
    sim.step()
    check_drawn(sim, seen)  # e.g. a turn just ended: the card on the pile, then the hand face down
    sim.settle()
    check_drawn(sim, seen)


def play_game(sim, seed, max_keys=6000):
    rnd = random.Random(seed)
    seen = set()
    check_drawn(sim, seen)
    for _ in range(max_keys):
        k = harness.robot_key(sim, rnd)
        if k is None:
            break
        press_and_check(sim, k, seen)
    assert sim.app.state == A.S_OVER
    return seen


def winner_shown(sim):
    g = sim.app.game
    text = sim.screen_text()
    assert type(sim.app.screen).__name__ == "OverScreen"
    assert g.over() and g.winner() >= 0
    assert sim.app.names[g.winner()] in text
    return text


def test_two_people_play_a_whole_game():
    sim = harness.Sim(render=False)
    sim.app.next_seed = 7
    text = sim.screen_text()
    assert "Players" in text and "Start the game" in text
    sim.press("UP", "A")  # the default setup is two people; start
    seen = play_game(sim, 1)
    assert {A.S_PASS, A.S_TURN, A.S_WATCH, A.S_DREW, A.S_OVER} <= seen
    text = winner_shown(sim)
    assert "wins the game!" in text and "Place, name, cards left" in text
    # play again: a new deal, the pass screen first
    sim.press("A")
    assert sim.app.state == A.S_PASS
    sim.press("B")  # the pass screen ignores other keys
    assert sim.app.state == A.S_PASS


def setup_keys(players, computers):
    """Keys for the setup screen: `players` seats, the listed ones computers."""
    keys = ["RIGHT"] * (players - 2) + ["DOWN"] * 4
    for s in range(players):
        default_human = s < 2
        if default_human and s in computers:
            keys.append("RIGHT")  # Human -> CPU easy
        elif not default_human and s not in computers:
            keys += ["LEFT", "LEFT"]  # CPU normal -> easy -> Human
        keys.append("DOWN")
    keys += ["DOWN", "A"]  # past the language row, to the last: start
    return keys


def test_three_people_and_two_computers():
    sim = harness.Sim(render=False)
    sim.app.next_seed = 21
    for k in setup_keys(5, (1, 3)):
        sim.press(k)
    st = sim.app.settings
    assert st.players == 5
    assert [st.is_human(s) for s in range(5)] == [True, False, True, False, True]
    computer_turns = [0]
    passes = [0]
    orig = sim.app.computer

    def counting(seat):
        assert not sim.app.settings.is_human(seat)
        computer_turns[0] += 1
        # a computer's turn is public: no hand is face up
        assert all(tg.hidden or tg.tile[1] == cardart.BACK for tg in sim.app.table.slots)
        orig(seat)

    sim.app.computer = counting
    rnd = random.Random(3)
    seen = set()
    for _ in range(6000):
        if sim.app.state == A.S_PASS:
            passes[0] += 1
        k = harness.robot_key(sim, rnd)
        if k is None:
            break
        press_and_check(sim, k, seen)
    assert sim.app.state == A.S_OVER
    assert computer_turns[0] > 3 and passes[0] > 3
    winner_shown(sim)


def test_a_tournament_to_the_end():
    sim = harness.Sim(render=False)
    sim.app.next_seed = 5
    # 2 people + 1 computer, tournament
    keys = ["RIGHT", "DOWN", "DOWN", "RIGHT", "DOWN"] + ["DOWN"] * 3 + ["DOWN", "DOWN", "A"]
    for k in keys:
        sim.press(k)
    st = sim.app.settings
    assert st.players == 3 and st.tournament
    assert st.humans() == 2
    g = sim.app.game
    assert g.tournament()
    stages_seen = set()

    def watch(table):
        orig = type(table).show_table

        def watching(game, names):
            for s in range(game.players):
                stages_seen.add(game.stage(s))
            orig(table, game, names)
            for s in range(game.players):
                assert table.seat_text(s).rstrip().endswith("/%d" % game.stage(s))

        table.show_table = watching

    harness.each_table(sim, watch)
    play_game(sim, 2, max_keys=20000)
    text = winner_shown(sim)
    assert "wins the tournament!" in text and "Place, name, stage, cards" in text
    assert g.stage(g.winner()) == 0
    assert min(stages_seen) == 0 and 8 in stages_seen and len(stages_seen) > 3
