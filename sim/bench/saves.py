"""`python -m sim.bench saves`: what the save policy costs the board's flash,
and what a power cut can lose (desktop only; tests/test_saves.py uses it).

    python -m sim.bench saves [--seed N]

An evening of play in the desktop simulator, at a human pace, from one
power-on: the setup screen, a game of 2 people; back to setup, a game of 4
seats of people and computers; back to setup, a tournament of 10 people to its
end. People press a key every 1.5 s on average (0.5 to 2.5 s, never putting
the device down), computers move at the speed the app shows them. The
simulated nvm models the SAMD51's flash (every write erases the 8 KB block
and programs it back in 16-byte units; sim/device/_simhw.py) and keeps the
block as it was before and after each write. Then every write is cut at
every step, and what a power-on would load is checked: the new save, the one
before it, or, in the erase window, nothing. One line:

    saves: writes_per_hour writes_per_game_2p writes_per_game_4p
           writes_per_tournament_10p lost_minutes_max flash_years_1h_day
           cut_steps cut_lost

lost_minutes_max: the longest a change waited unwritten at any moment (what a
cut then loses); flash_years_1h_day: 10,000 erase cycles at that rate and an
hour of play a day.
"""

import random
import sys
import time

from sim.testing import harness

CYCLES = 10000  # SAMD5x NVM: minimum erase cycles per block
# (name, players, seat kinds: 0 person, 1 easy, 2 normal, 3 hard, tournament)
GAMES = (("2 people", 2, (0, 0), False),
         ("4 mixed", 4, (0, 0, 1, 3), False),
         ("10 people tournament", 10, (0,) * 10, True))


def setup_keys(st, players, kinds, tournament):
    """Keys that take the setup screen (first row selected) from settings st
    to this setup, then start the game."""
    keys = ["RIGHT" if players > st.players else "LEFT"] * abs(players - st.players)
    row = 0
    if bool(tournament) != st.tournament:
        keys += ["DOWN", "DOWN", "RIGHT"]
        row = 2
    for seat in range(players):
        cur = st.kinds[seat] if seat < 10 else 0
        n = (kinds[seat] - cur) % 4
        if n:
            keys += ["DOWN"] * (4 + seat - row) + ["RIGHT"] * n
            row = 4 + seat
    return keys + ["DOWN"] * (5 + players - row) + ["A"]  # past the language row


def evening(seed=1, poll_ms=20, every_ms=1500):
    """Play GAMES from one power-on at a human pace; return for each game
    {name, writes [(ms, block before, block after)], minutes, worst_ms: the
    longest a change waited}."""
    sim = harness.Sim(render=False)
    import _simhw
    from taki_ui import app as A

    _simhw.POLL_MS = poll_ms
    nvm = sim.hw_state.nvm
    nvm.record = []
    app = sim.app
    rnd = random.Random(seed)
    worst = [0]

    def watch():
        if app.saves.pending():
            worst[0] = max(worst[0], _simhw.ticks_ms() - app.saves.since)

    def press(k):
        sim.press(k)
        target = _simhw.ticks_ms() + rnd.randrange(every_ms - 1000, every_ms + 1001)
        while _simhw.ticks_ms() < target:
            sim.step()
            watch()

    out = []
    try:
        for name, players, kinds, tournament in GAMES:
            t0 = _simhw.ticks_ms()
            n0 = len(nvm.record)
            worst[0] = 0
            if app.state == A.S_OVER:
                press("B")  # back to setup
            assert app.state == A.S_SETUP and app.screen.row == 0, name
            for k in setup_keys(app.settings, players, kinds, tournament):
                press(k)
            harness.play(sim, rnd, limit=60000, press=press)
            assert app.game.over() and app.game.players == players, name
            watch()
            out.append(dict(name=name, writes=nvm.record[n0:],
                            minutes=(_simhw.ticks_ms() - t0) / 60000.0, worst_ms=worst[0]))
        return out
    finally:
        _simhw.POLL_MS = 20
        nvm.record = None


def cut_sweep(before, after):
    """Cut the write that turned `before` into `after` at every step; for each
    step what a power-on loads: "new", "old" or "lost" (a save was there and
    now none is). Also the distinct blocks per outcome (one of each, to boot
    the whole app on)."""
    harness.install()
    import _simhw
    from taki_ui import persist, store

    def loaded(block):
        s = store.Store(bytearray(block), persist.PAYLOAD)
        return bytes(s.payload) if s.read() == store.R_OK else None

    new, old = loaded(after), loaded(before)
    outcomes = []
    samples = {}
    for k in range(_simhw.STEPS + 1):
        block = bytearray(before) if k == 0 else bytearray(b"\xff" * len(before))
        if k >= 1:
            n = (k - 1) * _simhw.UNIT
            block[:n] = after[:n]
        got = loaded(block)
        what = "new" if got == new and got is not None else (
            "old" if got == old else ("lost" if got is None else "other"))
        outcomes.append(what)
        samples.setdefault(what, bytes(block))
    return outcomes, samples


def figures(results, sweeps):
    hours = sum(r["minutes"] for r in results) / 60.0
    writes = sum(len(r["writes"]) for r in results)
    per_hour = writes / hours
    by = {r["name"]: len(r["writes"]) for r in results}
    steps = sum(len(o) for o, _ in sweeps)
    lost = sum(o.count("lost") for o, _ in sweeps)
    return dict(writes_per_hour=per_hour, writes_2p=by["2 people"], writes_4p=by["4 mixed"],
                writes_10p=by["10 people tournament"],
                lost_minutes_max=max(r["worst_ms"] for r in results) / 60000.0,
                flash_years=CYCLES / max(per_hour, 1e-9) / 365.0, cut_steps=steps, cut_lost=lost,
                hours=hours, writes=writes)


def main(argv):
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 1
    t0 = time.time()
    results = evening(seed)
    sweeps = []
    for r in results:
        for _, before, after in r["writes"]:
            sweeps.append(cut_sweep(before, after))
        print("  %-22s %5.1f min of play, %2d writes at %s min; a change waited at most "
              "%.1f min" % (r["name"], r["minutes"], len(r["writes"]),
                            ",".join("%.1f" % (ms / 60000.0) for ms, _, _ in r["writes"]),
                            r["worst_ms"] / 60000.0))
    f = figures(results, sweeps)
    other = sum(o.count("other") for o, _ in sweeps)
    print("  %d writes in %.2f h of play; every write cut at each of its steps: %d cuts, "
          "%d lost both saves (the erase and the first page), %d gave neither the new nor the "
          "old save (%.0f s)" % (f["writes"], f["hours"], f["cut_steps"], f["cut_lost"], other,
                                 time.time() - t0))
    print("saves: writes_per_hour=%.2f writes_per_game_2p=%d writes_per_game_4p=%d "
          "writes_per_tournament_10p=%d lost_minutes_max=%.1f flash_years_1h_day=%.1f "
          "cut_steps=%d cut_lost=%d"
          % (f["writes_per_hour"], f["writes_2p"], f["writes_4p"], f["writes_10p"],
             f["lost_minutes_max"], f["flash_years"], f["cut_steps"], f["cut_lost"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
