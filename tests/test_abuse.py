"""Held and mashed buttons, a full key queue, a jittering joystick: the app
stays responsive and the game stays valid."""

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.testing import harness  # noqa: E402

_simhw = harness.install()

from boards import K_RIGHT  # noqa: E402
from taki_core import save  # noqa: E402
from taki_core.cards import DECK_SIZE  # noqa: E402
from taki_core.game import Game  # noqa: E402
from taki_ui import app as A  # noqa: E402

KEYS = _simhw.KEY_NAMES


def check_game(app):
    g = app.game
    n = sum(g.hand_size(s) for s in range(g.players)) + g.draw_count() + g.discard_count()
    assert n == DECK_SIZE  # no card lost or duplicated
    assert save.unpack(Game(), save.pack(g)) == save.S_OK  # every field valid
    if app.state == A.S_TURN:  # a hand on screen is its owner's, after the pass
        assert app.viewer == g.current() and app.settings.is_human(g.current())


def finish(sim, seed):
    """A person plays on to the end: the app still answers keys."""
    rnd = random.Random(seed)
    for _ in range(8000):
        if sim.app.state in (A.S_SETUP, A.S_RESUME):
            sim.press("UP", "A") if sim.app.state == A.S_SETUP else sim.press("A")
            continue
        k = harness.robot_key(sim, rnd)
        if k is None:
            break
        sim.press(k)
        check_game(sim.app)
    assert sim.app.state == A.S_OVER


def test_mashing_every_button_mid_game():
    sim = harness.Sim(render=False)
    sim.app.next_seed = 8
    sim.press("RIGHT", "UP", "A")  # 3 players: 2 people and a computer
    rnd = random.Random(2)
    hw = sim.hw_state
    for burst in range(60):
        # a burst of presses faster than the app reads them, no settling
        for _ in range(rnd.randrange(1, 12)):
            hw.press(rnd.choice(KEYS))
        for _ in range(rnd.randrange(1, 30)):
            sim.step()
            check_game(sim.app)
    sim.settle()
    finish(sim, 3)


def test_a_full_key_queue_is_dropped_not_replayed():
    sim = harness.Sim(render=False)
    sim.app.next_seed = 4
    sim.press("UP", "A")
    assert sim.app.state == A.S_PASS
    kp = sim.hw_state.keypads[0]
    for _ in range(200):  # a button mashed while the app was busy: 64 fit
        kp._push(K_RIGHT, True)
        kp._push(K_RIGHT, False)
    assert kp.events.overflowed
    sim.step()  # the stale backlog is dropped at the next read
    assert not kp.events.overflowed and len(kp.events) == 0
    assert sim.app.state == A.S_PASS
    sim.press("A")  # and the next real press works
    assert sim.app.state == A.S_TURN
    check_game(sim.app)


def test_a_held_button_is_one_press_a_held_arrow_repeats():
    sim = harness.Sim(render=False)
    kp = sim.hw_state.keypads[0]
    kp._push(0, True)  # B goes down and stays down: one press, however long
    for _ in range(200):
        sim.step()
    kp._push(0, False)
    sim.settle()
    sim.app.settings.players = 10  # 15 rows: no wrapping round below
    row = sim.app.screen.row
    kp._push(5, True)  # DOWN goes down and stays down: it repeats
    for _ in range(20):  # 0.4 s: within the repeat delay, one press
        sim.step()
    assert sim.app.screen.row == row + 1
    for _ in range(40):  # 0.8 s more: repeats every 110 ms
        sim.step()
    moved = sim.app.screen.row - row
    assert 5 <= moved <= 8
    kp._push(5, False)
    sim.settle()
    for _ in range(100):
        sim.step()
    assert sim.app.screen.row - row == moved  # let go: no more


def stick_presses(sim, values):
    """Presses the PyGamer driver makes while the stick's Y reads `values`."""
    hw = sim.hw_state
    n = 0
    for v in values:
        hw.joystick[1] = v
        if sim.board.key() >= 0:
            n += 1
    hw.joystick[1] = hw.JOY_CENTRE
    sim.board.key()
    return n


def test_a_joystick_jittering_at_its_threshold_is_one_press():
    sim = harness.Sim(board="pygamer", render=False)
    from boards import pygamer

    # resting on the DOWN threshold, wobbling across it by 1..300 each read
    wobble = [pygamer._HIGH + (1 if i % 2 == 0 else -(1 + (i * 37) % 300)) for i in range(400)]
    steady = [pygamer._HIGH + 1] * 400
    # the wobble makes exactly the presses of a steady hold: one, then the
    # auto-repeat; without hysteresis it made one per crossing (~200)
    assert stick_presses(sim, wobble) == stick_presses(sim, steady)
    short = [pygamer._HIGH + (1 if i % 2 == 0 else -200) for i in range(10)]  # < repeat delay
    assert stick_presses(sim, short) == 1


def test_jitter_near_but_inside_the_threshold_makes_no_press():
    sim = harness.Sim(board="pygamer", render=False)
    hw = sim.hw_state
    from boards import pygamer

    row = sim.app.screen.row
    hw.joystick[0] = pygamer._LOW + 1  # just inside: no direction
    for i in range(300):
        hw.joystick[1] = pygamer._HIGH - 1 - (i % 50)
        sim.step()
    assert sim.app.screen.row == row


def test_pygamer_mashed_game_stays_valid():
    sim = harness.Sim(board="pygamer", render=False)
    sim.app.next_seed = 12
    sim.press("UP", "A")
    rnd = random.Random(5)
    hw = sim.hw_state
    for _ in range(400):
        k = rnd.choice(KEYS)
        hw.press(k)
        if rnd.random() < 0.3:
            hw.joystick[0] = rnd.choice((16000, 15999, 16001, 49000, 49001, 32768))
        sim.step()
        check_game(sim.app)
    hw.joystick[0] = hw.JOY_CENTRE
    sim.settle()
    finish(sim, 6)
