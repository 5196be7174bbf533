"""Between people's hands the table stays built (taki_ui.stage, issue 26):
the pass screen and the +3 prompt are shown instead of it, each in a root
group of its own (another root: one whole frame, each pixel computed once),
and the table comes back as it was, its hand hidden meanwhile; the pass
screen is built with the table and only told the next name. Any other
screen lets them all go. Also: garbage is collected only while the loop
waits and the heap is low, looked at every LOOK_MS then, and not again
before garbage has come since (taki_ui.rest)."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import gc  # noqa: E402

from sim.testing import harness  # noqa: E402

harness.install()

from sim.vm import device_tier  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import rest  # noqa: E402


def _two_people():
    sim = harness.Sim(render=False)
    sim.app.next_seed = 7
    sim.press(*device_tier.setup_keys())  # two people, the first pass screen
    assert sim.app.state == A.S_PASS
    return sim


def test_the_table_waits_beside_the_pass_screen_and_comes_back_as_it_was():
    sim = _two_people()
    app = sim.app
    st = app.stage
    sim.press("A")
    table, root = app.table, sim.display.root_group
    assert app.state == A.S_TURN and table is not None
    pass_screen = st._pass
    assert pass_screen is not None  # built with the table: the passes only name who
    for _ in range(3):  # turns of the two people: draw and go on
        sim.press("B")
        while app.state != A.S_PASS:
            sim.press("A") if app.state == A.S_DREW else sim.step()
        # the pass screen in a root of its own; the table aside, its hand hidden
        assert sim.display.root_group is not root and app.screen is pass_screen
        assert app.table is None and st.kept is table
        assert all(card.hidden for card in table.slots)
        assert table.group not in list(sim.display.root_group)
        name = app.names[app.passing_for]
        assert name in sim.screen_text()
        sim.press("A")
        # the same table, in its own root again
        assert app.table is table and sim.display.root_group is root
        assert app.state == A.S_TURN and not any(card.hidden for card in table.slots[:2])


def test_a_pass_for_the_plus3_says_what_for_in_place_of_the_hidden_hand():
    # the purpose of a +3 pass takes the "(hand hidden)" line, moved under
    # the name: no line more to make or to draw on that pass (the slowest)
    sim = harness.Sim(render=False)
    app = sim.app
    app.settings.players = 3
    sim.press("UP", "A")  # (the setup's last row: start)
    harness.arrange(sim, 3, [["+3", "R5", "G7"], ["Y3", "Y4", "Y5"], ["+3BREAK", "B1", "B3"]],
                    ["R3"], humans=(0, 1, 2))
    assert app.state == A.S_PASS
    assert sim.screen_text().splitlines()[2:] == ["(hand hidden)", "A: I am Player 1"]
    hidden_y = app.screen.hide.y
    sim.press("A")
    harness.cursor_to(sim, "+3")
    sim.press("A", "DOWN", "RIGHT", "A")  # Player 3 breaks it: the device goes to them
    assert app.state == A.S_PASS
    assert sim.screen_text().splitlines() == ["Pass the device to", "Player 3", "to break the +3",
                                              "A: I am Player 3"]
    lent = app.stage.lines.used()  # the table's, and the pass screen's beside it
    assert app.screen.hide.y < hidden_y
    sim.press("A", "A")  # the break
    while app.state != A.S_PASS:
        sim.step()
    assert sim.screen_text().splitlines()[2:] == ["(hand hidden)", "A: I am Player 2"]
    assert app.screen.hide.y == hidden_y and app.stage.lines.used() == lent


def test_another_screen_lets_the_kept_screens_go():
    sim = _two_people()
    app = sim.app
    sim.press("A", "B")  # a hand, drawn a card
    while app.state != A.S_PASS:
        sim.press("A") if app.state == A.S_DREW else sim.step()
    sim.press("START")  # the pause menu: a screen of its own
    assert app.state == A.S_PAUSE
    st = app.stage
    assert st.kept is None and st._pass is None and app.table is None
    # the pool's lines: only the pause menu's are lent, none past those made at the start
    assert len(st.lines.lines) == st.lines.base


def test_garbage_is_collected_only_while_the_loop_waits_and_the_heap_is_low(monkeypatch):
    sim = _two_people()
    app = sim.app
    looks, collections = [], []
    free = [1 << 20]
    monkeypatch.setattr(gc, "mem_free", lambda: (looks.append(1), free[0])[1])
    monkeypatch.setattr(gc, "collect", lambda: collections.append(1))
    rest._look[0] = app.last_key  # (a game before in this process looked last at its own time)
    rest._look[1] = 1 << 30
    for _ in range(45):  # the pass screen, a key pressed under a second ago: not waiting yet
        sim.step()
    assert not looks
    for _ in range(10):  # the person not there yet: waiting for a key
        sim.step()
    assert looks and not collections  # looked (the heap is not low): nothing collected
    n = len(looks)
    passes = rest.LOOK_MS // 20  # (a waiting pass sleeps 20 ms)
    for _ in range(passes - 10):  # no second look within LOOK_MS
        sim.step()
    assert len(looks) == n
    free[0] = 1000  # low
    for _ in range(20):  # past it: a look, and a collection (and a look after it)
        sim.step()
    assert len(looks) == n + 2 and collections == [1]
    for _ in range(passes + 10):  # as low still, nothing allocated since: not again
        sim.step()
    assert len(looks) == n + 3 and collections == [1]
    # a key's pass neither looks nor collects
    n = len(looks)
    sim.hw_state.press("A")
    sim.step()
    assert len(looks) == n and collections == [1]
