"""Battery (issue 23, item 4): a reading no LiPo gives (below 2.5 V or above
4.5 V) means the board has no divider on A6: no low-battery mark and no
save for it, for the rest of the power-on; real LiPo readings work as
before."""

import pytest

from sim.testing import harness

harness.install()

from taki_ui import app as A  # noqa: E402
from taki_ui import battery, stage  # noqa: E402


def run_for(sim, ms):
    hw = sim.hw_state
    end = hw.ticks_ms() + ms
    while hw.ticks_ms() < end:
        sim.step()


def game(mv):
    """Two people, Player 1's hand shown; A6 reads a LiPo of mv (halved)."""
    sim = harness.Sim(render=False)
    sim.hw_state.battery_mv[0] = mv
    sim.app.next_seed = 5
    sim.press("UP", "A", "A")
    assert sim.app.state == A.S_TURN
    return sim


class Marks:
    """The marks the stage shows, in order."""

    def __init__(self, sim):
        self.seen = []
        st = sim.app.stage
        show = st.mark

        def mark(m):
            self.seen.append(m)
            show(m)

        st.mark = mark


def writes_in(mv, ms):
    """nvm writes in ms of a game left alone with A6 reading mv."""
    sim = game(mv)
    n = sim.hw_state.nvm.writes
    run_for(sim, ms)
    return sim.hw_state.nvm.writes - n


# (the stand-in's A6 reads 16 bits of 0..3.3 V: 2,490 and 4,510 mV stay
# outside the range after that rounding, 2,510 and 4,490 inside)
@pytest.mark.parametrize("mv", [0, 1200, 2490, 4510, 5000, 6599])
def test_a_reading_no_lipo_gives_means_no_sensor(mv):
    sim = game(mv)
    app = sim.app
    marks = Marks(sim)
    run_for(sim, 60000)  # twelve checks' worth
    assert app.battery._count == -1 and not app.battery.low  # (-1: no sensor)
    assert stage.MARK_LOW not in marks.seen
    sim.hw_state.battery_mv[0] = 3300  # a floating pin wanders into range: still nothing
    run_for(sim, 60000)
    assert not app.battery.low and stage.MARK_LOW not in marks.seen


def test_no_sensor_saves_no_more_than_a_good_battery():
    assert writes_in(0, 15000) == writes_in(4000, 15000) == 0  # 3 checks: nothing
    assert writes_in(3000, 15000) == 1  # (a LiPo at 3 V: low at the third)
    assert writes_in(0, 60000) == writes_in(4000, 60000) == 1  # the idle save only


@pytest.mark.parametrize("mv", [2510, 3000, 3590])
def test_a_low_lipo_still_shows_the_mark_and_saves(mv):
    sim = game(4000)
    app = sim.app
    marks = Marks(sim)
    writes = sim.hw_state.nvm.writes
    run_for(sim, 11000)
    assert app.battery._count >= 0 and not app.battery.low
    sim.hw_state.battery_mv[0] = mv
    run_for(sim, 20000)
    assert app.battery._count >= 0 and app.battery.low
    assert stage.MARK_LOW in marks.seen and sim.hw_state.nvm.writes == writes + 1


@pytest.mark.parametrize("mv", [3610, 4200, 4490])
def test_a_full_or_charging_lipo_is_a_sensor_and_not_low(mv):
    sim = game(mv)
    run_for(sim, 60000)
    assert sim.app.battery._count >= 0 and not sim.app.battery.low


def test_the_limits_are_a_lipo_s():
    assert battery._NONE_BELOW_MV == 2500 and battery._NONE_ABOVE_MV == 4500
    assert battery._NONE_BELOW_MV < battery.LOW_MV < battery.OK_MV < 4200 < battery._NONE_ABOVE_MV


def test_once_absent_the_pin_is_no_longer_read():
    sim = game(0)
    reads = []
    real = sim.board.battery_mv

    def counting():
        reads.append(1)
        return real()

    sim.board.battery_mv = counting
    run_for(sim, 60000)
    assert len(reads) <= 1
