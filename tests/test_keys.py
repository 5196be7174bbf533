"""Keys (issue 23, item 3), on both boards' stand-ins: an overflowed queue is
dropped, the keypad starts afresh and a held arrow is forgotten; presses
faster than the loop are all handled, in order; an arrow held across a
screen change does not run on in the new screen."""

import pytest

from sim.testing import harness

harness.install()

from boards import K_A, K_B, K_RIGHT, K_UP  # noqa: E402
from taki_ui import app as A  # noqa: E402

BOARDS = ("pybadge", "pygamer")


def run_for(sim, ms):
    hw = sim.hw_state
    end = hw.ticks_ms() + ms
    while hw.ticks_ms() < end:
        sim.step()


def at_turn(board):
    """Two people; Player 1 holds the device and sees the hand."""
    sim = harness.Sim(board=board, render=False)
    sim.app.next_seed = 5
    sim.press("UP", "A", "A")
    assert sim.app.state == A.S_TURN and sim.app.table.n == sim.app.game.hand_size(0) == N0
    return sim


N0 = 8  # cards in a hand dealt to two


def buttons(sim):
    return sim.hw_state.keypads[0]


def fill_queue(sim, key=K_B):
    """Press and release `key` until the keypad's queue is full (the last
    may leave it down: the tests' next event, lost, releases it)."""
    kp = buttons(sim)
    down = False
    while len(kp.events) < 64:
        down = not down
        kp._push(key, down)
    assert not kp.events.overflowed


def test_an_arrow_held_through_an_overflow_stops_repeating():
    sim = at_turn("pybadge")
    hw = sim.hw_state
    t = sim.app.table
    cur = t.cursor
    hw.key_event(K_RIGHT, True)  # RIGHT goes down and stays down
    run_for(sim, 1000)
    assert t.cursor != cur  # pressed, then repeating
    fill_queue(sim)  # mashed buttons ...
    hw.key_event(K_RIGHT, False)  # ... and RIGHT's release is lost
    assert buttons(sim).events.overflowed
    sim.step()
    cur = t.cursor
    run_for(sim, 2000)
    assert t.cursor == cur  # no repeat: the held arrow was forgotten
    assert buttons(sim).resets == 1 and not buttons(sim).events.overflowed
    assert sim.app.state == A.S_TURN  # and none of the 32 stale B presses drew a card
    assert sim.app.game.hand_size(0) == N0
    sim.press("RIGHT")
    assert t.cursor != cur  # the next press works


def test_an_arrow_still_down_after_an_overflow_is_pressed_again():
    sim = at_turn("pybadge")
    hw = sim.hw_state
    t = sim.app.table
    hw.key_event(K_RIGHT, True)
    run_for(sim, 1000)
    fill_queue(sim)
    hw.key_event(K_B, False)  # lost: the queue is full; RIGHT stays down
    cur = t.cursor
    sim.step()  # the overflow: the keypad is reset and reports RIGHT pressed
    assert t.cursor == (cur + 1) % t.n  # that press, read at once
    run_for(sim, 1000)
    assert t.cursor != (cur + 1) % t.n  # and it repeats again, as a key held


@pytest.mark.parametrize("board", BOARDS)
def test_an_overflow_drops_the_stale_presses(board):
    sim = at_turn(board)
    fill_queue(sim, K_B)  # 32 draws, stale by now
    buttons(sim)._push(K_B, False)  # lost
    assert buttons(sim).events.overflowed
    run_for(sim, 1000)
    assert sim.app.state == A.S_TURN and sim.app.game.hand_size(0) == N0


@pytest.mark.parametrize("board", BOARDS)
def test_presses_faster_than_the_loop_are_each_handled_in_order(board):
    sim = harness.Sim(board=board, render=False)
    hw = sim.hw_state
    app = sim.app
    app.next_seed = 5
    sim.press("UP", "A")
    assert app.state == A.S_PASS
    kp = buttons(sim)
    for k in (K_A, K_B):  # between two passes: take the device, then draw
        kp._push(k, True)
        kp._push(k, False)
    n = hw.slept[0]
    sim.step()
    assert app.state == A.S_TURN
    sim.step()
    assert hw.slept[0] == n  # no sleep while keys wait
    assert app.game.hand_size(0) == N0 + 1 and app.state == A.S_DREW


def test_a_burst_of_arrows_moves_the_cursor_once_each():
    sim = at_turn("pybadge")
    t = sim.app.table
    cur = t.cursor
    kp = buttons(sim)
    for _ in range(5):
        kp._push(K_RIGHT, True)
        kp._push(K_RIGHT, False)
    n = sim.hw_state.slept[0]
    for _ in range(5):
        sim.step()
    assert t.cursor == (cur + 5) % t.n and sim.hw_state.slept[0] == n
    sim.settle()
    assert t.cursor == (cur + 5) % t.n


def to_rename(board):
    """The rename screen of Player 1 (setup: DOWN to seat 0's row, A)."""
    sim = harness.Sim(board=board, render=False)
    for _ in range(4):
        sim.press("DOWN")
    sim.press("A")
    assert sim.app.state == A.S_RENAME
    return sim


def hold_up(sim, down):
    """UP goes down (down=True) or up: a button, or the PyGamer's stick."""
    hw = sim.hw_state
    if hw.BOARD == "pygamer":
        hw.joystick[1] = 0 if down else hw.JOY_CENTRE
    else:
        hw.key_event(K_UP, down)


@pytest.mark.parametrize("board", BOARDS)
def test_an_arrow_held_across_a_screen_change_does_not_run_on(board):
    sim = to_rename(board)
    app = sim.app
    hold_up(sim, True)
    name0 = app.screen.result()
    run_for(sim, 1000)
    assert app.screen.result() != name0  # held UP runs through the letters
    sim.press("A")  # done, UP still held: the setup screen
    assert app.state == A.S_SETUP
    row = app.screen.row
    run_for(sim, 2000)
    assert app.state == A.S_SETUP and app.screen.row == row  # no repeat here
    hold_up(sim, False)
    run_for(sim, 200)
    assert app.screen.row == row
    sim.press("UP")
    assert app.screen.row != row  # pressed anew, it acts


@pytest.mark.parametrize("board", BOARDS)
def test_a_held_arrow_repeats_while_the_screen_stays(board):
    sim = to_rename(board)
    app = sim.app
    hold_up(sim, True)
    seen = set()
    end = sim.hw_state.ticks_ms() + 2000
    while sim.hw_state.ticks_ms() < end:
        sim.step()
        seen.add(app.screen.result())
    assert len(seen) >= 10  # 450 ms, then one letter every 110 ms
