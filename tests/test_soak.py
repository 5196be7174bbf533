"""The soak: 200 whole computer games through the real app loop, back to
back, with power cuts at random turns (some in the middle of a save) and
the game restored from nvm each time. No card may be lost or duplicated,
every restore must give the last completed turn, and memory must not grow
from game to game.

Time is simulated (sim/device/_simhw): an idle poll stands for 1 s here
instead of 20 ms, so the app's timers (a computer's 0.7 s, a notice's
1.1 s) run out at the next poll or two -- the same loop, fewer passes.
A power cut is simulated as the board sees it: the app is dropped mid-step
and a new board driver and App start on the same nvm (Sim.power_cycle).
"""

import gc
import os
import random
import time
import tracemalloc

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim import harness  # noqa: E402

harness.install()

import _simhw  # noqa: E402
from taki_core import save  # noqa: E402
from taki_core.cards import DECK_SIZE  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import persist, store  # noqa: E402

GAMES = int(os.environ.get("SOAK_GAMES", "200"))
TRACE_EVERY = 40
CUT_EVERY = 150  # a power cut at about one save in this many
REC_LEN = store.HEAD + persist.PAYLOAD + store.TAIL


def cards(g):
    return sum(g.hand_size(s) for s in range(g.players)) + g.draw_count() + g.discard_count()


def test_soak_200_computer_games_with_power_cuts(monkeypatch, capsys):
    rnd = random.Random(2024)
    fig = {"games": 0, "turns": 0, "saves": 0, "restores": 0, "torn": 0}
    last = {"blob": None}  # the game as the newest complete save holds it
    orig_save = persist.Saves.save

    def saving(self, in_game):
        r = rnd.random()
        if r < 1.0 / CUT_EVERY / 2:
            # the battery dies during this write, somewhere in the record
            _simhw.nvm.cut_after = rnd.randrange(REC_LEN)
            fig["torn"] += 1
        orig_save(self, in_game)  # raises PowerCut when torn
        fig["saves"] += 1
        g = self.game
        last["blob"] = save.pack(g) if in_game and not g.over() else None
        if r > 1 - 1.0 / CUT_EVERY / 2:
            raise _simhw.PowerCut("just after a save")

    monkeypatch.setattr(persist.Saves, "save", saving)
    orig_done = persist.Saves.turn_done

    def counting(self):
        done = orig_done(self)
        fig["turns"] += done
        return done

    monkeypatch.setattr(persist.Saves, "turn_done", counting)

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
            sim.power_cycle()
            fig["restores"] += 1
            app = sim.app
            if last["blob"] is None:
                assert app.state == A.S_SETUP  # no game to resume: none offered
            else:
                assert app.state == A.S_RESUME
                assert save.pack(app.game) == last["blob"]  # the last completed turn
                assert cards(app.game) == DECK_SIZE
            return False

    objs = []  # live Python objects after each game (gc.get_objects)
    peaks = []  # tracemalloc peak of every TRACE_EVERY-th game
    t0 = time.time()
    i = 0
    while fig["games"] < GAMES:
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

    assert fig["games"] == GAMES and fig["turns"] > 50 * GAMES
    assert fig["restores"] >= 40 and fig["torn"] >= 20
    # memory: once the first games have warmed every cache, the live
    # objects after a game stay level
    early = sum(objs[10:30]) / 20
    late = sum(objs[-20:]) / 20
    with capsys.disabled():
        print("\nsoak: %d games, %d turns, %d saves, %d power cuts restored (%d mid-write); "
              "peak memory allocated within a game (tracemalloc, %d sampled games) %.0f KB; "
              "live objects after games 11-30 %.0f, after the last 20 %.0f; %.0f s"
              % (fig["games"], fig["turns"], fig["saves"], fig["restores"], fig["torn"],
                 len(peaks), max(peaks) / 1024, early, late, secs))
    assert late < early * 1.01 + 200, "memory grows from game to game"
    assert hw.nvm is _simhw.nvm
