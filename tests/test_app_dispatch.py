"""App without mixins (issue 24, item 3): a key goes through KEYS, one
handler per state; the screens handle their own keys, so their modules (and
the power-on's) are loaded only while they are needed."""

import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.testing import harness  # noqa: E402

harness.install()

from taki_ui import app as A  # noqa: E402
from taki_ui import plus3_flow, states, turn  # noqa: E402

STATES = sorted(v for k, v in vars(states).items() if k.startswith("S_"))
SCREENS = (states.S_SETUP, states.S_RENAME, states.S_PASS, states.S_PLUS3, states.S_OVER,
           states.S_PAUSE, states.S_RESUME, states.S_HELP, states.S_LANG, states.S_RECORDS)


def test_keys_holds_one_handler_for_every_state(monkeypatch):
    assert STATES == list(range(len(A.KEYS))) and len(STATES) == 15
    assert A.KEYS[states.S_TURN] is turn.key
    assert A.KEYS[states.S_COLOUR] is turn.colour_key
    # S_BREAK's: plus3_flow's, through rest.plus3 (its code loaded only while a +3 waits)
    from taki_ui import rest

    assert rest.plus3().break_key.__name__ == plus3_flow.break_key.__name__
    got = []

    class Flow:
        break_key = staticmethod(lambda app, k: got.append((app, k)))

    monkeypatch.setattr(rest, "plus3", lambda: Flow)
    A.KEYS[states.S_BREAK]("app", 7)
    assert got == [("app", 7)]
    # None: the screen shown handles the key itself (its key(app, k))
    assert [s for s in STATES if A.KEYS[s] is None] == sorted(SCREENS)
    on_table = [A.KEYS[s] for s in STATES if s not in SCREENS]
    assert len(set(on_table)) == 5 and all(callable(h) for h in on_table)


def test_every_screen_with_a_state_of_its_own_handles_its_keys():
    import importlib

    for mod, cls in (("setup_screen", "SetupScreen"), ("rename_screen", "RenameScreen"),
                     ("pass_screen", "PassScreen"), ("plus3_screen", "Plus3Screen"),
                     ("over_screen", "OverScreen"), ("pause_screen", "PauseScreen"),
                     ("resume_screen", "ResumeScreen"), ("help_screen", "HelpScreen"),
                     ("lang_screen", "LangScreen"), ("records_screen", "RecordsScreen")):
        key = getattr(importlib.import_module("taki_ui." + mod), cls).key
        assert key.__code__.co_varnames[:3] == ("self", "app", "k"), mod


def test_app_is_one_class_without_mixins_in_under_250_lines():
    assert A.App.__bases__ == (object,)
    with open(A.__file__) as f:
        assert len(f.readlines()) < 250


def test_a_screen_s_module_is_loaded_only_while_it_is_shown_but_the_pass_screen_s():
    sim = harness.Sim(render=False)
    assert sim.app.state == A.S_SETUP and "taki_ui.setup_screen" in sys.modules
    assert "taki_ui.start" not in sys.modules  # the power-on's code is forgotten
    sim.press("UP", "A")  # start: two people, the pass screen first
    assert sim.app.state == A.S_PASS
    assert "taki_ui.setup_screen" not in sys.modules and "taki_ui.pass_screen" in sys.modules
    sim.press("A")
    # kept for the next pass (stage.KEPT): an import each time was 15 ms on a board
    assert sim.app.state == A.S_TURN and "taki_ui.pass_screen" in sys.modules
    sim.press("START")
    assert sim.app.state == A.S_PAUSE and "taki_ui.pause_screen" in sys.modules
    sim.press("B")  # back to the hand, exactly as it was
    assert sim.app.state == A.S_TURN and "taki_ui.pause_screen" not in sys.modules


def test_the_pause_menu_s_module_stays_while_its_card_help_is_shown():
    # going back from the help imports nothing (Stage.show); both go with
    # the menu, before the table is built again
    sim = harness.Sim(render=False)
    sim.press("UP", "A", "A", "START", "DOWN", "DOWN")  # two people; the hand; the menu
    assert sim.app.state == A.S_PAUSE
    sim.press("A")  # "What does this card do?"
    assert sim.app.state == A.S_HELP
    assert "taki_ui.help_screen" in sys.modules and "taki_ui.pause_screen" in sys.modules
    menu = sys.modules["taki_ui.pause_screen"]
    sim.press("B")
    assert sim.app.state == A.S_PAUSE and "taki_ui.help_screen" not in sys.modules
    assert sys.modules["taki_ui.pause_screen"] is menu  # not imported again
    sim.press("B")  # back to the hand
    assert sim.app.state == A.S_TURN
    assert "taki_ui.help_screen" not in sys.modules and "taki_ui.pause_screen" not in sys.modules



def test_back_from_the_pause_menu_the_pass_screen_is_made_a_loop_pass_later():
    # The table is built again and drawn whole as the key's answer; the pass
    # screen beside it (stage.KEPT) at the next pass, before a key is read
    # (rest.begin): back to the hand 103 / 123 / 120 -> 93 / 109 / 107 ms on
    # the ARM model (English / Malayalam / Sindhi)
    sim = harness.Sim(render=False)
    sim.press("UP", "A", "A")  # two people; the first hand
    stage = sim.app.stage
    assert stage._pass is not None  # built beside the table
    sim.press("START")
    assert sim.app.state == A.S_PAUSE and stage._pass is None and sim.app.table is None
    sim.hw_state.press("B")
    sim.step()  # back to the hand: the table, not yet the pass screen
    assert sim.app.state == A.S_TURN and sim.app.table is not None
    assert stage.pass_due and stage._pass is None and sim.app.busy()
    sim.step()  # the next pass makes it
    assert stage._pass is not None and not stage.pass_due and not sim.app.busy()
    sim.press("B", "A")  # a card drawn, then the device goes on
    assert sim.app.state == A.S_PASS
    assert sim.app.screen is stage._pass  # the one made then, told the next name


def test_behind_the_pass_screen_the_next_turn_s_table_is_drawn_but_not_its_hand(monkeypatch):
    # A loop pass after the pass screen is shown, the table kept aside gets
    # the next turn's top line, grid and keys, and its row laid out; A then
    # draws only the hand (the ten-seat tournament's pass to the hand 82.1 ->
    # 77.7 ms on the ARM model, Malayalam's 80.2 -> 73.3). The hand itself
    # is not drawn before A (tests/test_ui_games.py: no card while the pass
    # screen is shown).
    from taki_ui import table_screen

    sim = harness.Sim(render=False)
    sim.press("UP", "A", "A")  # two people; the first hand
    stage = sim.app.stage
    sim.hw_state.press("B")
    sim.step()  # a card drawn
    sim.settle()
    sim.hw_state.press("A")  # the device goes on
    for _ in range(2000):
        sim.step()
        if sim.app.state == A.S_PASS:  # the pass that shows the pass screen
            break
    assert sim.app.state == A.S_PASS and stage.kept_due and sim.app.busy()
    kept = stage.kept
    assert not kept.ready and kept.bottom.text == "Next: Player 2"  # as it went aside
    sim.step()  # the next pass: the table behind it
    assert not stage.kept_due and kept.ready and not sim.app.busy()
    assert kept.bottom.text.startswith("A play") and all(s.hidden for s in kept.slots)
    calls = []
    for name in ("show_table", "show_keys"):
        monkeypatch.setattr(table_screen.TableScreen, name,
                            lambda self, *a, name=name: calls.append(name))
    sim.press("A")
    assert sim.app.state == A.S_TURN and sim.app.table is kept and not kept.ready
    assert calls == [] and not kept.slots[0].hidden  # the hand only


def test_while_next_names_a_person_the_pass_screen_beside_the_table_is_told_it(monkeypatch):
    # A loop pass after "Next: ..." is drawn, the pass screen kept beside
    # the table draws the name (not shown); the pass that shows it then only
    # swaps the screens: Sindhi's 59.0 -> 52.1 ms on the ARM model, 16 -> 6
    # file reads (tests/test_speed.py)
    from taki_ui import text

    sim = harness.Sim(render=False)
    sim.press("UP", "A", "A")  # two people; the first hand
    stage = sim.app.stage
    p = stage._pass
    sim.press("B", "A")  # a card drawn, then the device goes on
    sim.press("A")  # Player 2's hand
    sim.hw_state.press("B")
    sim.step()
    sim.settle()
    sim.hw_state.press("A")  # Player 2 drew: the device goes on
    told = was = None
    for _ in range(2000):
        sim.step()
        if sim.app.state == A.S_WATCH and was == 1 and sim.app.told_next == 2:
            told = p.name.text  # the pass after "Next": before the pass screen is shown
        was = sim.app.told_next
        if sim.app.state == A.S_PASS:
            break
    assert told == "Player 1" and sim.app.screen is p
    drawn = []
    monkeypatch.setattr(text.Line, "done", lambda self: drawn.append(self.text))
    p.show("Player 1")  # what the pass that showed it did: nothing new to draw
    assert drawn == []


def test_the_plus3_code_is_loaded_while_next_shows_before_a_plus3_and_goes_after():
    # taki_ui.plus3_flow is 1.1 KB of heap on the board: a game holds it only
    # while a +3 waits for its answer. It is read in at a loop pass while
    # "Next" shows (told_next 2), not in the answer's own pass (45 file reads
    # on the ARM model), and let go once the +3 is answered (App.after_move)
    from taki_core.game import P_PLUS3

    from taki_ui import rest

    class Game:
        p = P_PLUS3

        def phase(self):
            return self.p

    class Stage:
        pass_due = kept_due = False
        table = None

    class App:
        saving = False
        stage = Stage()
        game = Game()
        told_next = 1

    rest.plus3_done()  # (whatever an earlier test left)
    app = App()
    rest.begin(app)  # "Next" not told yet
    assert "taki_ui.plus3_flow" not in sys.modules
    app.game.p = P_PLUS3 + 1
    app.told_next = 2
    rest.begin(app)  # "Next" told, but no +3 waits
    assert "taki_ui.plus3_flow" not in sys.modules
    app.game.p = P_PLUS3
    rest.begin(app)
    assert "taki_ui.plus3_flow" in sys.modules
    rest.begin(app)  # while the +3 waits it stays
    assert rest.plus3() is sys.modules["taki_ui.plus3_flow"]
    rest.plus3_done()  # answered
    assert "taki_ui.plus3_flow" not in sys.modules
    rest.plus3_done()  # (not loaded: nothing to let go)
    assert "taki_ui.plus3_flow" not in sys.modules


def test_a_move_that_answers_the_plus3_lets_its_code_go():
    sim = harness.Sim(render=False)
    sim.press("UP", "A", "A")  # two people; the first hand
    import taki_ui.plus3_flow  # noqa: F401  (as if a +3 had waited)
    from taki_core.game import P_PLUS3

    assert sim.app.game.phase() != P_PLUS3
    sim.app.after_move()  # a move was made: no +3 waits now
    assert "taki_ui.plus3_flow" not in sys.modules
