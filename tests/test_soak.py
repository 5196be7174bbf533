"""The soak: 50 whole computer games (200 in `make test-all`) through the
real app loop, back to back, with power cuts at random moments of saves
(some in the middle of the flash write, at a random step of its erase and
page programming) and the game restored from nvm each time. No card may be lost or duplicated, every
restore must give the newest save or, for a cut during a write, the one
before it (or nothing, for a cut in the write's erase window), and memory
must not grow from game to game.

Time is simulated (sim/device/_simhw): an idle poll stands for 1 s here
instead of 20 ms, so the app's timers (a computer's 0.7 s, a notice's
1.1 s) run out at the next poll or two -- the same loop, fewer passes, and
the saves come every 10 minutes of that clock (taki_ui.persist).
A power cut is simulated as the board sees it: the app is dropped mid-step
and a new board driver and App start on the same nvm (Sim.power_cycle).
"""

import gc
import os
import random
import time
import tracemalloc

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.testing import harness  # noqa: E402

harness.install()

import _simhw  # noqa: E402
from taki_core import save  # noqa: E402
from taki_core.cards import DECK_SIZE  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import persist, store  # noqa: E402

import pytest  # noqa: E402

# SOAK_GAMES sets the long soak's length (200: the figure)
LONG = int(os.environ.get("SOAK_GAMES", "200"))
TRACE_EVERY = 40
TORN = 0.25  # a power cut in the middle of this share of the writes
AFTER = 0.2  # ... and just after this share
REC_UNITS = -(-(store.HEAD + persist.PAYLOAD + store.TAIL) // _simhw.UNIT)


def cards(g):
    return sum(g.hand_size(s) for s in range(g.players)) + g.draw_count() + g.discard_count()


def _blob(saves):
    g = saves.game
    return save.pack(g) if saves.in_game and not g.over() else None


def test_soak_50_computer_games_with_power_cuts(monkeypatch, capsys):
    """50 games: the memory check's two windows (games 11-30, 31-50) apart."""
    soak(50, monkeypatch, capsys)


@pytest.mark.slow
def test_soak_200_computer_games_with_power_cuts(monkeypatch, capsys):
    soak(LONG, monkeypatch, capsys)


def soak(games, monkeypatch, capsys):
    rnd = random.Random(2024)
    fig = {"games": 0, "turns": 0, "saves": 0, "restores": 0, "torn": 0, "lost": 0}
    last = {"blob": None, "was": None, "cut": -1}  # the newest save's game; the one before
    orig_save = persist.Saves.save

    def saving(self):
        r = rnd.random()
        last["cut"] = -1
        if last.get("booting"):
            r = 1 - AFTER  # no cut in the save a restart makes (one cut at a time: the bookkeeping below)
        if r < TORN:
            # the battery dies during this write, at some step of the flash's
            # erase and page programming
            last["cut"] = _simhw.nvm.cut_after = rnd.randrange(_simhw.STEPS + 1)
            fig["torn"] += 1
        last["was"] = last["blob"]
        blob = _blob(self)
        if r < TORN:
            last["blob"] = blob  # a write cut short may or may not have landed
        wrote = orig_save(self)  # raises PowerCut when cut
        fig["saves"] += wrote
        last["blob"] = blob
        last["was"] = blob
        if r > 1 - AFTER:
            raise _simhw.PowerCut("just after a save")
        return wrote

    monkeypatch.setattr(persist.Saves, "save", saving)
    orig_changed = persist.Saves.changed

    def counting(self, settings=False):
        fig["turns"] += not settings
        orig_changed(self, settings)

    monkeypatch.setattr(persist.Saves, "changed", counting)

    sim = harness.Sim(render=False)
    hw = sim.hw_state
    monkeypatch.setattr(_simhw, "POLL_MS", 1000)

    def configure(i):
        st = sim.app.settings
        st.players = 2 + i % 4
        st.tournament = i % 100 == 7  # a tournament is ~8 games long: two
        for s in range(10):
            st.kinds[s] = 1 + (i + s) % 3  # computers, every level
        sim.app.next_seed = 1000 + i

    def press(*keys):
        """Press keys; a power cut anywhere in the loop restarts the board."""
        try:
            sim.press(*keys)
            return True
        except _simhw.PowerCut:
            last["booting"] = True
            sim.power_cycle()
            last["booting"] = False
            fig["restores"] += 1
            app = sim.app
            cut = last["cut"]
            if 1 <= cut <= REC_UNITS:  # in the erase window: both slots may be gone
                fig["lost"] += 1
                assert app.state in (A.S_SETUP, A.S_RESUME)
                if app.state == A.S_SETUP:
                    last["blob"] = last["was"] = None
                    return False
            got = save.pack(app.game) if app.state == A.S_RESUME else None
            assert got in (last["blob"], last["was"]), cut  # the newest save, or the one before
            assert app.state == (A.S_SETUP if got is None else A.S_RESUME)
            if got is not None:
                assert cards(app.game) == DECK_SIZE
            last["blob"] = last["was"] = got
            last["cut"] = -1
            return False

    objs = []  # live Python objects after each game (gc.get_objects)
    peaks = []  # tracemalloc peak of every TRACE_EVERY-th game
    t0 = time.time()
    i = 0
    while fig["games"] < games:
        traced = fig["games"] % TRACE_EVERY == TRACE_EVERY // 2
        if traced and not tracemalloc.is_tracing():
            tracemalloc.start()  # ~10x slower: only a sample of the games
        configure(i)
        i += 1
        if sim.app.state == A.S_SETUP:
            sim.app.screen.row = sim.app.screen.count() - 1  # "Start the game"
        press("A")  # from setup or game over: a new deal, played to the end
        while sim.app.state == A.S_RESUME:  # a cut came: resume, play on
            press("A")
        if sim.app.state == A.S_SETUP:
            continue  # the cut came during the deal's own save: deal again
        assert sim.app.state == A.S_OVER
        g = sim.app.game
        assert g.over() and g.winner() >= 0 and cards(g) == DECK_SIZE
        fig["games"] += 1
        if tracemalloc.is_tracing():
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
        gc.collect()
        objs.append(len(gc.get_objects()))
    secs = time.time() - t0

    assert fig["games"] == games and fig["turns"] > 50 * games
    # at least 1 restore in 8 games and 3 cuts mid-write in 40 (200 games: 25, 15)
    assert fig["restores"] >= games // 8 and fig["torn"] >= games * 3 // 40
    # memory: once the first games have warmed every cache, the live
    # objects after a game stay level
    early = sum(objs[10:30]) / 20
    late = sum(objs[-20:]) / 20
    with capsys.disabled():
        print("\nsoak: %d games, %d moves, %d saves, %d power cuts restored (%d mid-write, "
              "%d of them in the erase window); peak memory allocated within a game "
              "(tracemalloc, %d sampled games) %.0f KB; live objects after games 11-30 %.0f, "
              "after the last 20 %.0f; %.0f s"
              % (fig["games"], fig["turns"], fig["saves"], fig["restores"], fig["torn"],
                 fig["lost"], len(peaks), max(peaks) / 1024, early, late, secs))
    assert late < early * 1.01 + 200, "memory grows from game to game"
    assert hw.nvm is _simhw.nvm
