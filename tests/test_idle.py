"""Rest when idle (issue 23, item 1): the loop sleeps when nothing is due,
the backlight dims after a minute without a key while the game waits for a
person, then it saves and goes dark with the NeoPixels off; the first key
only wakes it. A game of computers being watched is not idle."""

from sim.testing import harness

harness.install()

from boards import K_RIGHT  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import lights, rest  # noqa: E402

DIM_MS = lights._DIM_MS  # (private: a public const would take the board's heap)
DARK_MS = lights._DARK_MS
LIT, DIMMED, DARK = 0, 1, 2  # Lights.level


def run_for(sim, ms, each=None):
    """Step the app until ms of virtual time have passed (nobody presses)."""
    hw = sim.hw_state
    end = hw.ticks_ms() + ms
    while hw.ticks_ms() < end:
        sim.step()
        if each is not None:
            each()


def started(save=None):
    """Two people, the deal made: the pass screen waits for Player 1."""
    sim = harness.Sim(render=False, save=save)
    sim.app.next_seed = 5
    sim.press("UP", "A")
    assert sim.app.state == A.S_PASS
    return sim


def shown(sim):
    return [px.shown for px in sim.hw_state.pixels]


# --- the loop sleeps --------------------------------------------------------------
def test_the_loop_sleeps_a_poll_interval_when_nothing_is_due():
    sim = started()
    hw = sim.hw_state
    n, ms = hw.slept
    t0 = hw.ticks_ms()
    for _ in range(50):
        sim.step()
    assert hw.slept == [n + 50, ms + 50 * rest.POLL_MS]  # every pass slept, 20 ms each
    assert hw.ticks_ms() - t0 == 50 * rest.POLL_MS  # and that is all the time that passed
    assert hw.REST_MS == rest.POLL_MS


def step_slept(sim):
    """One pass; the ms it slept."""
    n = sim.hw_state.slept[1]
    sim.step()
    return sim.hw_state.slept[1] - n


def test_a_pass_that_reads_a_key_or_leaves_work_due_does_not_sleep():
    sim = started()
    hw = sim.hw_state
    app = sim.app
    hw.press("A")
    assert step_slept(sim) == 0 and app.state == A.S_TURN  # the key: the hand
    sim.settle()
    hw.battery_mv[0] = 3500  # the battery runs low: the save's mark goes up ...
    while not app.saving:
        slept = step_slept(sim)
    assert slept == 0  # ... and its write comes at the next pass, not after a sleep
    assert step_slept(sim) > 0 and not app.saving  # written: nothing due, it sleeps


def test_the_notices_of_a_computer_s_move_follow_without_a_sleep_between():
    sim = computers()
    app = sim.app
    seen = 0
    for _ in range(20000):
        slept = step_slept(sim)
        if app.notices.pending() and not app.notice_on:  # the next notice is due now
            assert slept == 0
            seen += 1
            if seen == 20:
                return
    raise AssertionError("no notices followed each other")


def computers(seed=3, players=4):
    """A game of normal computers only, started; nobody presses from now on."""
    sim = harness.Sim(render=False)
    app = sim.app
    st = app.settings
    st.players = players
    for s in range(players):
        st.kinds[s] = 2
    app.next_seed = seed
    sim.press("UP")
    sim.hw_state.press("A")  # start (settle() would play the whole game)
    while app.state == A.S_SETUP:
        sim.step()
    return sim


def test_a_sleep_ends_when_the_next_thing_is_due_not_a_poll_later():
    from adafruit_ticks import ticks_add

    sim = started()
    hw = sim.hw_state
    app = sim.app
    app.notice(0)  # a notice (its time runs on every screen) ...
    t0 = hw.ticks_ms()
    app.notice_until = ticks_add(t0, 1107)  # ... due to go off the 20 ms grid
    slept = []
    while app.notice_on:
        n = hw.slept[1]
        sim.step()
        slept.append(hw.slept[1] - n)
    assert sum(slept[:-1]) == 1107 and slept[-2] == 7  # gone on the ms it was due
    assert set(slept[:-2]) == {rest.POLL_MS}


def test_a_key_on_an_ordinary_screen_acts_in_the_pass_that_reads_it():
    sim = harness.Sim(render=False)
    hw = sim.hw_state
    assert sim.app.state == A.S_SETUP and sim.screen_text()
    row = sim.app.screen.row
    t0 = hw.ticks_ms()
    hw.press("DOWN")
    sim.step()
    assert sim.app.screen.row == row + 1 and hw.ticks_ms() == t0


# --- dim, dark, wake --------------------------------------------------------------
def test_no_key_for_a_minute_dims_the_backlight():
    sim = started()
    d = sim.display
    run_for(sim, DIM_MS - 100)
    assert d.brightness == 1.0 and sim.app.lights.level == LIT
    run_for(sim, 200)
    assert d.brightness == lights.DIM and sim.app.lights.level == DIMMED
    assert any(c != (0, 0, 0) for c in shown(sim)[0])  # the NeoPixels still glow
    assert sim.app.state == A.S_PASS


def test_then_it_saves_and_goes_dark_with_the_neopixels_off(tmp_path):
    sim = started(save=str(tmp_path / "nvm.bin"))
    hw = sim.hw_state
    app = sim.app
    hw.nvm.log = []
    assert app.saves.pending()  # the deal is not written yet: 10 minutes may pass first
    quiet_from = app.lights.still  # the last key
    went_dark = []

    def watch():
        if app.lights.level == DARK and not went_dark:
            went_dark.append(hw.ticks_ms())

    run_for(sim, DARK_MS + 1000, watch)
    assert sim.display.brightness == 0 and app.lights.level == DARK
    assert shown(sim) == [[(0, 0, 0)] * 5]
    assert not app.saves.pending() and app.saves.holds_game()
    assert len(hw.nvm.log) == 1 and hw.nvm.log[0] <= went_dark[0]  # saved, then dark
    assert DARK_MS <= went_dark[0] - quiet_from < DARK_MS + 100
    n = hw.nvm.writes
    run_for(sim, 3 * DARK_MS)
    assert hw.nvm.writes == n  # dark stays dark, nothing more to write


def test_going_dark_with_nothing_new_writes_nothing():
    sim = harness.Sim(render=False)  # the setup screen
    run_for(sim, 10000)  # the language chosen is written (5 s without a key)
    n = sim.hw_state.nvm.writes
    assert not sim.app.saves.pending()
    run_for(sim, DARK_MS)
    assert sim.app.lights.level == DARK and sim.hw_state.nvm.writes == n


def test_the_key_that_wakes_it_does_nothing_else():
    sim = started()
    app = sim.app
    run_for(sim, DARK_MS + 1000)
    assert app.lights.level == DARK
    sim.press("A")
    assert app.state == A.S_PASS  # woken, still waiting for Player 1
    assert sim.display.brightness == 1.0 and app.lights.level == LIT
    assert shown(sim)[0] == [harness_colour(sim)] * 5  # the active colour again
    sim.press("A")  # now A acts
    assert app.state == A.S_TURN


def harness_colour(sim):
    """The active colour as the NeoPixel stand-in shows it (brightness 0.1)."""
    c = lights.COLOURS[sim.app.game.color()]
    b = sim.hw_state.pixels[0].brightness
    return (int(((c >> 16) & 255) * b), int(((c >> 8) & 255) * b), int((c & 255) * b))


def test_a_key_while_dimmed_only_wakes_too():
    sim = started()
    app = sim.app
    sim.press("A")  # Player 1 takes the device: the hand
    cur = app.table.cursor
    run_for(sim, DIM_MS + 100)
    assert app.lights.level == DIMMED
    sim.press("RIGHT")
    assert app.table.cursor == cur and app.lights.level == LIT
    sim.press("RIGHT")
    assert app.table.cursor != cur


def test_a_held_arrow_that_wakes_it_does_not_repeat():
    sim = started()
    hw = sim.hw_state
    app = sim.app
    sim.press("A")
    cur = app.table.cursor
    run_for(sim, DIM_MS + 100)
    hw.key_event(K_RIGHT, True)  # goes down and stays down
    run_for(sim, 2000)  # far past the repeat delay
    assert app.table.cursor == cur and app.lights.level == LIT
    hw.key_event(K_RIGHT, False)
    sim.settle()
    sim.press("RIGHT")
    assert app.table.cursor != cur


def test_a_watched_game_of_computers_never_dims():
    sim = computers(seed=2, players=10)  # a game of about 4 minutes
    app = sim.app
    levels = set()
    run_for(sim, 3 * DIM_MS, lambda: levels.add(app.lights.level))
    assert not app.game.over() and app.state != A.S_OVER
    assert levels == {LIT} and sim.display.brightness == 1.0
    while app.state != A.S_OVER:  # the game's end waits for a person: that is idle
        sim.step()
    run_for(sim, DIM_MS + 100)
    assert app.lights.level == DIMMED


def test_the_pause_menu_dims_too():
    sim = started()
    sim.press("START")
    assert sim.app.state == A.S_PAUSE
    run_for(sim, DIM_MS + 100)
    assert sim.app.lights.level == DIMMED


def test_a_low_battery_in_the_dark_saves_without_lighting_the_pixels():
    sim = started()
    hw = sim.hw_state
    app = sim.app
    run_for(sim, DARK_MS + 1000)
    assert app.lights.level == DARK
    app.saves.changed()  # something to write
    hw.battery_mv[0] = 3500
    lit = []
    run_for(sim, 20000, lambda: lit.append(shown(sim) != [[(0, 0, 0)] * 5]))
    assert app.battery.low and not app.saves.pending()
    assert not any(lit)
