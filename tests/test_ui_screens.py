"""Each screen and control of the game, on exact tables (Game.arrange)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.testing import harness  # noqa: E402

harness.install()

from taki_core.cards import BREAK, COLOR, KING, card_type  # noqa: E402
from taki_core.game import P_KING, P_PLUS, P_PLUS3, P_RUN  # noqa: E402
from sim.build.texts import english as en  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import cardart  # noqa: E402


def started(players=2, humans=(0, 1)):
    sim = harness.Sim(render=False)
    sim.app.settings.players = players
    for s in range(players):
        sim.app.settings.kinds[s] = 0 if s in humans else 2
    sim.press("UP", "A")
    return sim


def table(sim, hands, discard, humans=(0, 1), **kw):
    harness.arrange(sim, len(hands), hands, discard, humans=humans, **kw)
    if sim.app.state == A.S_PASS:
        sim.press("A")


def harness_name(t):
    from taki_core.cards import card_name

    return card_name(t)


cursor_to = harness.cursor_to


def test_setup_rows_change_and_rename_persists():
    sim = harness.Sim(render=False)
    text = sim.screen_text()
    for row in ("Players", "Youngest", "Game", "Sound", "Player 1", "Player 2", "Start the game"):
        assert row in text
    sim.press("RIGHT")  # 3 players
    assert "Player 3" in sim.screen_text() and sim.app.settings.players == 3
    sim.press("DOWN", "DOWN", "RIGHT")  # tournament
    assert "Tournament" in sim.screen_text()
    sim.press("DOWN", "RIGHT")  # sound off
    assert not sim.app.settings.sound
    sim.press("DOWN", "A")  # rename seat 1
    assert sim.app.state == A.S_RENAME
    assert "Name for seat 1" in sim.screen_text()
    sim.press("UP")  # 'P' -> 'Q'
    sim.press("RIGHT", "DOWN", "A")  # 'l' -> 'k'
    assert sim.app.state == A.S_SETUP
    assert sim.app.names[0] == "Qkayer 1"
    assert "Qkayer 1" in sim.screen_text()
    sim.press("DOWN", "RIGHT")  # seat 2: Human -> CPU easy
    assert "CPU easy" in sim.screen_text()
    # rename, then cancel: nothing changes
    sim.press("A", "UP", "B")
    assert sim.app.names[1] == "Player 2"
    # the setup goes to nvm with the deal (here: at the pause menu), where the
    # next power-on finds it
    sim.press("DOWN", "DOWN", "DOWN", "A", "START")  # past the language, start
    from taki_core.game import Game
    from taki_ui import persist
    from taki_ui.players import Computer
    from taki_ui.settings import Settings

    again = Settings()
    assert persist.Saves(sim.board.nvm, again, Game(), Computer()).load() == persist.L_GAME
    assert again.names[0] == "Qkayer 1" and again.players == 3 and again.tournament
    assert not again.sound and again.kinds[1] == 1


def test_pass_screen_hides_the_hand_in_pixels():
    sim = started()
    sim.display.render = True
    sim.display.redraw()
    assert sim.app.state == A.S_PASS
    frame = sim.display.surface()
    card_colours = set(cardart.COLOURS) | {cardart.dim(c) for c in cardart.COLOURS}
    card_colours |= {cardart.BODY_NONE, cardart.BACK_BODY, cardart.BORDER}

    def card_pixels():
        n = 0
        for x in range(160):
            for y in range(128):
                r, g, b = tuple(frame.get_at((x, y)))[:3]
                # the TFT has 5-6-5 bits: compare colours at that precision
                for c in card_colours:
                    if (abs(r - (c >> 16)) < 9 and abs(g - (c >> 8 & 255)) < 5
                            and abs(b - (c & 255)) < 9):
                        n += 1
                        break
        return n

    assert card_pixels() == 0  # no card, face up or down, anywhere
    sim.press("A")
    assert sim.app.state == A.S_TURN
    assert card_pixels() > 8 * 20 * 28  # the leading card and the hand


def test_dimmed_cards_are_dim_on_screen():
    sim = started()
    table(sim, [["R5", "G7", "B9", "KING"], ["Y3", "Y4"]], ["R3"])
    sim.display.render = True
    sim.display.redraw()
    t = sim.app.table
    lit = {card_type("R5"), card_type("KING")}
    for i in range(t.n):
        c = sim.app.hand[t.first + i]
        tg = t.slots[i]
        # a pixel of the card's body, below the symbol
        r, g, b = sim.pixel(tg.x + 3, tg.y + 24)
        body = cardart.BODY_NONE if c == KING else cardart.COLOURS["RGBY".index(
            harness_name(c)[0])]
        want = body if c in lit else cardart.dim(body)
        assert abs(r - (want >> 16)) < 9 and abs(g - (want >> 8 & 255)) < 5, (i, c, r, g, b)
        assert abs(b - (want & 255)) < 9
    cursor_to(sim, "G7")
    sim.press("A")
    # why not, in the player's terms: the core's reason (does not match red)
    assert en("NO_MATCH", 0) in sim.notices and sim.app.state == A.S_TURN


def test_colour_choice():
    sim = started()
    table(sim, [["COLOR", "R5", "G7"], ["Y3", "Y4"]], ["B3"])
    cursor_to(sim, "COLOR")
    sim.press("A")
    assert sim.app.state == A.S_COLOUR and sim.app.table.chooser is not None
    # the hand's rows are the colours; the key line says what they are for
    assert "<> colour A ok B back" in sim.screen_text()
    sim.press("B")  # back: nothing played
    assert sim.app.state == A.S_TURN and sim.app.table.chooser is None
    sim.press("A", "LEFT", "LEFT", "A")  # from blue: green, red
    g = sim.app.game
    assert g.color() == 0 and g.leading() == COLOR
    assert "Player 1 picks Red." in sim.notices
    r, g, b = sim.board.pixels.shown[0]
    assert r > 3 * g and r > 3 * b


def test_taki_run_lone_then_closed():
    sim = started()
    table(sim, [["RTAKI", "R5", "RSTOP", "G7"], ["Y3", "Y4", "Y5"]], ["R3"])
    cursor_to(sim, "RTAKI")
    sim.press("A")
    g = sim.app.game
    assert g.phase() == P_RUN
    assert en("KEYS_RUN_LONE") in sim.screen_text()  # a lone TAKI cannot be closed
    cursor_to(sim, "RSTOP")
    sim.press("A")
    assert en("KEYS_RUN") in sim.screen_text()
    assert "TAKI run" in sim.screen_text()
    sim.press("B")  # closed TAKI: the STOP acts
    assert "Player 1 closes the TAKI run." in sim.notices
    assert "Player 2 is skipped." in sim.notices
    assert g.current() == 0 and sim.app.state == A.S_TURN


def test_taki_run_left_open():
    sim = started()
    table(sim, [["RTAKI", "R5", "G7"], ["Y3", "Y4", "Y5"]], ["R3"])
    cursor_to(sim, "RTAKI")
    sim.press("A", "UP")
    assert "Player 1 leaves the TAKI run open." in sim.notices
    assert sim.app.state == A.S_PASS and "Player 2" in sim.screen_text()


def test_plus_forces_a_card_and_king_frees_one():
    sim = started()
    table(sim, [["RPLUS", "KING", "G7", "B9"], ["Y3", "Y4", "Y5"]], ["R3"])
    cursor_to(sim, "RPLUS")
    sim.press("A")
    g = sim.app.game
    assert g.phase() == P_PLUS and en("KEYS_PLUS") in sim.screen_text()
    cursor_to(sim, "KING")
    sim.press("A")
    assert g.phase() == P_KING and en("KEYS_KING") in sim.screen_text()
    # after a KING every card is lit
    t = sim.app.table
    for i in range(t.n):
        assert t.slots[i].tile.pixel_shader[2] in cardart.COLOURS or t.slots[i].tile.pixel_shader[2] == cardart.BODY_NONE
    sim.press("B")  # end the turn
    assert g.current() == 1 and sim.app.state == A.S_PASS


def test_plus3_break_by_a_third_person():
    sim = started(3, (0, 1, 2))
    table(sim, [["+3", "R5", "G7"], ["Y3", "Y4", "Y5"], ["+3BREAK", "B1", "B3"]], ["R3"],
          humans=(0, 1, 2))
    cursor_to(sim, "+3")
    sim.press("A")
    g = sim.app.game
    assert g.phase() == P_PLUS3 and sim.app.state == A.S_PLUS3
    text = sim.screen_text()
    assert "Player 1 played +3!" in text and "Who answers it?" in text
    assert "> Player 2 answers" in text
    assert "Player 2 breaks it <>" in text  # people, not cards: nobody's hand shown
    sim.press("DOWN", "RIGHT")
    assert "> Player 3 breaks it <>" in sim.screen_text()
    sim.press("A")
    assert sim.app.state == A.S_PASS and "to break the +3" in sim.screen_text()
    sim.press("A")
    assert sim.app.state == A.S_BREAK
    t = sim.app.table
    assert sim.app.hand[t.cursor] == BREAK
    lit = [sim.app.playable[sim.app.hand[t.first + i]] for i in range(t.n)]
    assert lit.count(1) == 1
    sim.press("A")
    assert "Player 3 breaks the +3: Player 1 draws 3." in sim.notices
    assert g.phase() != P_PLUS3 and g.hand_size(0) == 2 + 3


def test_plus3_no_breaker_goes_back_then_accept():
    sim = started(3, (0, 1, 2))
    table(sim, [["+3", "R5", "G7"], ["Y3", "Y4", "Y5"], ["B1", "B3", "B4"]], ["R3"],
          humans=(0, 1, 2))
    cursor_to(sim, "+3")
    sim.press("A", "DOWN", "RIGHT", "A", "A")
    assert sim.app.state == A.S_BREAK and en("NO_BREAKER") in sim.screen_text()
    sim.press("B")
    assert sim.app.state == A.S_PLUS3
    assert sim.app.table is None  # the prompt screen: no card anywhere
    sim.press("A")  # back on the prompt, the first row: Player 2 answers
    assert sim.app.state == A.S_PASS and "to answer the +3" in sim.screen_text()
    sim.press("A")
    assert sim.app.state == A.S_TURN and en("KEYS_PLUS3") in sim.screen_text()
    sim.press("B")  # accept: everyone but Player 1 draws 3
    assert "The +3 stands: everyone else draws 3." in sim.notices
    g = sim.app.game
    assert g.hand_size(1) == 6 and g.hand_size(2) == 6


def test_plus3_answered_with_king():
    sim = started()
    table(sim, [["+3", "R5", "G7"], ["KING", "Y4", "Y5"]], ["R3"])
    cursor_to(sim, "+3")
    sim.press("A")
    # the one other person is the next player: no prompt, they answer in their turn
    assert sim.app.state == A.S_PASS and "to answer the +3" in sim.screen_text()
    sim.press("A")
    cursor_to(sim, "KING")
    sim.press("A")
    assert sim.app.game.phase() == P_KING


def test_last_card_and_penalty_notices_and_tones():
    sim = started()
    sounds = sim.hw_state.sounds
    n0 = len(sounds)
    table(sim, [["R5", "R6"], ["Y3", "Y4", "Y5"]], ["R3"])
    assert len(sounds) > n0  # your turn
    sim.press("SELECT", "A")
    assert "Player 1: Last card!" in sim.notices
    sim.press("A")  # Player 2 takes the device
    sim.press("B")  # draws, and sees what
    assert sim.app.state == A.S_DREW and sim.notices[-1].startswith("You drew ")
    sim.press("A")  # the turn passes on; everyone reads what happened
    assert "Player 2 draws a card." in sim.notices
    sim.press("A")
    # Player 1 plays the last card without... it is a win
    cursor_to(sim, "R6")
    sim.press("A")
    assert sim.app.state == A.S_OVER
    assert "Player 1" in sim.screen_text() and "wins the game!" in sim.screen_text()


def test_forgotten_last_card_is_a_penalty():
    sim = started()
    table(sim, [["R5", "R6"], ["Y3", "Y4", "Y5"]], ["R3"])
    sim.press("A")  # no SELECT
    assert 'Player 1 did not call "last card": draws 4.' in sim.notices
    assert sim.app.game.hand_size(0) == 5


def test_sound_off_is_silent_and_pause_menu():
    sim = started()
    table(sim, [["R5", "R6", "G1"], ["Y3", "Y4", "Y5"]], ["R3"])
    sim.press("START")
    assert sim.app.state == A.S_PAUSE and sim.app.table is None
    assert "Paused" in sim.screen_text() and "Sound: On" in sim.screen_text()
    sim.press("DOWN", "A")
    assert "Sound: Off" in sim.screen_text() and not sim.app.settings.sound
    sim.press("B")
    assert sim.app.state == A.S_TURN and sim.app.screen is sim.app.table
    n0 = len(sim.hw_state.sounds)
    sim.press("A", "A", "B", "A")  # a turn each: no tone at all
    assert len(sim.hw_state.sounds) == n0
    sim.press("START", "UP", "A")  # the last row: back to setup
    assert sim.app.state == A.S_PAUSE
    assert "Leave this game? A: yes, leave   B: no" in " ".join(sim.texts())
    sim.press("A")
    assert sim.app.state == A.S_SETUP


def test_neopixels_show_the_active_colour_dimmed():
    sim = started()
    table(sim, [["G5", "R6", "G1"], ["Y3", "Y4", "Y5"]], ["G3"])
    px = sim.board.pixels
    assert px.brightness <= 0.2
    r, g, b = px.shown[0]
    assert g > r and g > b and max(px.shown[0]) < 64  # green, dim
    assert len(set(px.shown)) == 1


def test_pygamer_joystick_moves_the_cursor():
    sim = harness.Sim(board="pygamer", render=False)
    assert sim.board.name == "pygamer"
    sim.press("DOWN")
    assert sim.app.screen.row == 1
    sim.press("UP", "UP", "A")  # to the last row: start
    assert sim.app.state == A.S_PASS
    sim.press("A")
    c = sim.app.table.cursor
    sim.press("RIGHT")
    assert sim.app.table.cursor == (c + 1) % sim.app.table.n


def test_pygamer_joystick_auto_repeat():
    sim = harness.Sim(board="pygamer", render=False)
    hw = sim.hw_state
    hw.joystick[1] = 65535  # hold the stick down
    rows = set()
    for _ in range(60):  # 1.2 s
        sim.step()
        rows.add(sim.app.screen.row)
    hw.joystick[1] = hw.JOY_CENTRE
    assert len(rows) >= 4  # one press, then repeats
    for _ in range(30):
        sim.step()
    r = sim.app.screen.row
    for _ in range(30):
        sim.step()
    assert sim.app.screen.row == r  # centred: no more moves


def test_a_cursor_move_in_setup_draws_only_the_two_rows_it_changes(monkeypatch):
    # (a row of pictures is words read from the file and drawn anew: in
    # Sindhi a move that drew every row took ~84 ms on the ARM model, ~27 now)
    from taki_ui import setup_screen

    sim = harness.Sim(render=False, lang="sd")
    assert sim.app.state == A.S_SETUP
    scr = sim.app.screen
    drawn = []
    real = setup_screen.SetupScreen._draw
    monkeypatch.setattr(setup_screen.SetupScreen, "_draw",
                        lambda self, ln, r: (drawn.append(r), real(self, ln, r)))
    shown = [ln.text for ln in scr.rows]
    sim.press("DOWN")
    assert scr.top == 0 and drawn == [0, 1]  # the row left, the cursor's
    assert [ln.text for ln in scr.rows][2:] == shown[2:]
    assert "<" in scr.rows[1].text and "<" not in scr.rows[0].text  # the cursor, at the right
    del drawn[:]
    while scr.row < scr.nrows - 1:
        sim.press("DOWN")
    del drawn[:]
    sim.press("DOWN")  # past the last row shown: the rows scroll, all drawn again
    assert scr.top == 1 and drawn == list(range(1, 1 + scr.nrows))
    del drawn[:]
    sim.press("RIGHT")  # a setting changed: every row again
    assert len(drawn) == scr.nrows
    sim.press("UP", "UP")
    assert "<" in scr.rows[scr.row - scr.top].text
    from taki_ui import text

    text.lang.load("en")


def test_a_cursor_move_in_the_pause_menu_draws_only_the_two_rows_it_changes(monkeypatch):
    # (in a language of pictures a row drawn again is its words read from
    # the file and blitted anew, even when it shows what it showed)
    from taki_ui import text

    sim = harness.Sim(render=False, lang="sd")
    sim.press("UP", "A")  # the setup as it is: a game of two
    sim.press("START")
    assert sim.app.state == A.S_PAUSE
    scr = sim.app.screen
    before = [ln.text for ln in scr.rows]
    cleared = []
    real = text.Line.clear
    monkeypatch.setattr(text.Line, "clear", lambda ln: (cleared.append(ln), real(ln)))
    sim.press("DOWN")
    assert [ln in cleared for ln in scr.rows] == [True, True] + [False] * (len(scr.rows) - 2)
    after = [ln.text for ln in scr.rows]
    assert "<" in after[1] and "<" not in after[0] and after[2:] == before[2:]
    text.lang.load("en")
