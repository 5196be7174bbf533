"""The save policy in whole games at a human pace (sim.bench.saves): the
flash budget, the most play a power cut can lose, and every step of every
write cut: each power-on after a cut offers the new save or the one before
it, except in the erase window, where both may be gone."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from sim.testing import harness  # noqa: E402
from sim.bench import saves as bench_saves

harness.install()

import _simhw  # noqa: E402
from taki_core import save  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import persist, store  # noqa: E402

WINDOW = -(-(store.HEAD + persist.PAYLOAD + store.TAIL) // _simhw.UNIT)  # page 0's record


@pytest.fixture
def sessions(shared):
    # the benchmark's evening (2 people, 4 mixed, a 10-person tournament), with
    # 200 ms polls instead of 20: the same kind of games, a tenth of the loop
    # passes (a change's wait is still timed to the poll, within the 0.5 s the
    # budget test allows); played once per run
    return shared.get("saves-evening", lambda _: bench_saves.evening(seed=2, poll_ms=200))


def test_the_flash_budget_and_the_most_a_cut_can_lose(sessions):
    f = bench_saves.figures(sessions, [])
    assert f["hours"] > 2  # the tournament alone is hours of play
    assert f["writes_per_hour"] <= 6
    assert f["lost_minutes_max"] <= 10 + 0.5 / 60  # a change waits 10 minutes at most
    assert f["flash_years"] >= 4.5  # 10,000 cycles at an hour a day
    assert f["writes_10p"] >= 6


def _boot(block):
    """Power on the whole app on an nvm holding block; the Sim."""
    sim = harness.Sim(render=False)
    bytearray.__setitem__(sim.hw_state.nvm, slice(0, len(block)), block)
    sim.power_cycle()
    return sim


def _game_in(block):
    s = store.Store(bytearray(block), persist.PAYLOAD)
    if s.read() != store.R_OK or not s.payload[114]:
        return None
    return bytes(s.payload[119:119 + save.BLOB_SIZE])


def _writes(sessions, part):
    """The evening's writes (49): the first of each game and every 12th
    after (part 0: 7 of them), or all the others (part 1)."""
    writes = [w for r in sessions for w in r["writes"]]
    assert len(writes) >= 8
    firsts = {id(r["writes"][0]) for r in sessions if r["writes"]}
    return [w for i, w in enumerate(writes) if (i % 12 == 0 or id(w) in firsts) != bool(part)]


@pytest.mark.parametrize("part", [0, pytest.param(1, marks=pytest.mark.slow)])
def test_every_step_of_every_write_cut_keeps_the_new_or_the_previous_save(sessions, part):
    """Each write cut at every step of it: `make test` sweeps 7 of the
    evening's writes (each one proves it), `make test-all` the rest too."""
    writes = _writes(sessions, part)
    assert writes
    lost = 0
    for _, before, after in writes:
        outcomes, samples = bench_saves.cut_sweep(before, after)
        assert len(outcomes) == _simhw.STEPS + 1
        assert "other" not in outcomes
        assert outcomes[0] == "old" and outcomes[-1] == "new"
        for k, what in enumerate(outcomes):
            if what == "lost":
                assert 1 <= k <= WINDOW, k  # only in the erase and page 0's record
        lost += outcomes.count("lost")
        # the whole app powers on from each outcome, and offers what it holds
        for what, block in samples.items():
            sim = _boot(block)
            want = _game_in(block)
            if want is None:
                assert sim.app.state == A.S_SETUP, what
                continue
            assert sim.app.state == A.S_RESUME, what
            assert want in (_game_in(after), _game_in(before))
            sim.press("A")
            assert save.pack(sim.app.game) == want
    assert lost > 0  # the window is real, and counted apart
