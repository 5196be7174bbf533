"""Issue 25: the hint on a person's turn (DOWN), hints on/off per seat in
setup, kept in the records' hints mask, and never on a screen where another
player's hand could be seen."""

import random

import pytest

from sim.testing import harness

harness.install()

from taki_core import hints  # noqa: E402
from taki_core.bots import NORMAL, Bots  # noqa: E402
from taki_core.cards import COLOR, NTYPES  # noqa: E402
from taki_core.game import F_LAST, M_COLOR  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import strings, text  # noqa: E402
from taki_ui.records import C_HINTS, C_WON  # noqa: E402
from taki_ui.settings import CPU_NORMAL, HUMAN  # noqa: E402

# each reason code's English line (the order of lang/en.txt's HINT_* texts)
REASONS = {
    hints.W_DRAW: "No card fits: B draws one",
    hints.W_DRAW_BETTER: "B: draw, keep these cards",
    hints.W_COLOUR: "Same colour as the pile",
    hints.W_SYMBOL: "Same picture as the pile",
    hints.W_PLUS2: "It answers the +2",
    hints.W_RUN: "Keeps your TAKI run going",
    hints.W_CLOSE: "B closes your TAKI run",
    hints.W_TAKI: "Starts a run of its colour",
    hints.W_CHANGE: "Changes the colour",
    hints.W_KING: "KING goes on anything",
    hints.W_BREAK: "Breaks the +3",
    hints.W_ACCEPT: "B: take the three cards",
    hints.W_END: "Nothing to add: end turn",
    hints.W_PLUS3: "+3: everyone else draws 3",
    hints.W_PLUS: "One more card after PLUS",
    hints.W_FREE: "After KING any card goes",
}
OFF = "Hints are off (setup: SEL)"
HINT_TEXTS = set(REASONS.values()) | {OFF}
LANGS = ["en", "ml", "hi", "as", "sd", "tl"]


def test_every_reason_code_has_its_text_in_the_core_s_order():
    assert len(REASONS) == hints.NWHY
    for w, line in REASONS.items():
        assert text.lang.load("en")
        ln = text.Line()
        ln.show(strings.HINT_DRAW + w)
        assert ln.text == line, w
    assert strings.HINT_FREE - strings.HINT_DRAW == hints.NWHY - 1


def _setup(sim, kinds, hinted):
    """On the setup screen: seats of `kinds`, SELECT on the seats in `hinted`."""
    app = sim.app
    st = app.settings
    st.players = len(kinds)
    for s, k in enumerate(kinds):
        st.kinds[s] = k
    app.to_setup(0)
    for s in hinted:
        while app.screen.seat() != s:
            sim.press("DOWN")
        sim.press("SELECT")


def _start(sim):
    while sim.app.screen.row != sim.app.screen.count() - 1:
        sim.press("DOWN")
    sim.press("A")


def _expected(app):
    """NORMAL's move for the hand on screen, from a twin of the app's bots."""
    twin = Bots(1)
    twin.x = app.cpu.x
    m = twin.choose(app.game, app.game.current(), NORMAL)
    return m, hints.why(app.game, m)


def _check_hint(sim, hinted, seen):
    """DOWN on a person's turn: cursor and reason as NORMAL says, or 'off'."""
    app = sim.app
    t = app.table
    seat = app.game.current()
    before = t.cursor
    x = app.cpu.x
    m, w = _expected(app)
    sim.press("DOWN")
    assert app.state == A.S_TURN and app.cpu.x == x  # nothing the computers draw on moves
    if seat not in hinted:
        assert t.bottom.text == OFF and t.cursor == before
        seen.add("off")
        return
    assert t.bottom.text == REASONS[w], (w, t.bottom.text)
    c = m & ~F_LAST
    c = COLOR if M_COLOR <= c < M_COLOR + 4 else c
    if c < NTYPES:
        assert app.hand[t.cursor] == c  # the cursor is on the card NORMAL plays
    else:
        assert t.cursor == before  # a draw or a key's move: the cursor stays
    seen.add(w)


def _game(sim, rnd, hinted, seen):
    """A scripted game (harness.robot_key) with DOWN pressed at the start of
    each of a person's positions, and on every screen where no hand of the
    one holding the device is shown: never a hint there."""
    app = sim.app
    last = None
    for _ in range(6000):
        st = app.state
        if st == A.S_TURN and last not in ("LEFT", "RIGHT"):
            _check_hint(sim, hinted, seen)
            app.__dict__.pop("_robot_target", None)
        elif st in (A.S_PASS, A.S_WATCH, A.S_DREW):
            shown = sim.texts()
            sim.press("DOWN")  # the pass screen, a computer's turn, a drawn card
            assert app.state == st or st == A.S_WATCH
            assert not HINT_TEXTS & set(sim.texts()), (st, sim.texts())
            if st == A.S_PASS:
                assert sim.texts() == shown  # DOWN changes nothing there
                seen.add("pass")
        k = harness.robot_key(sim, rnd)
        if k is None:
            return
        sim.press(k)
        last = k
    raise AssertionError("no end")


def test_a_person_with_hints_is_shown_normal_s_card_and_why_others_are_told_they_are_off():
    """Two people (hints on for the first only) and a computer, whole games:
    every hint is NORMAL's move with its reason's text; the second person is
    told hints are off; the pass screen and the computer's turn never show a
    hint; the first person's wins count as won with hints."""
    seen = set()
    wins = 0
    for seed in range(1, 12):
        if wins and seed > 3:
            break  # three games, and one of them won by the person with hints
        sim = harness.Sim(render=False)
        _setup(sim, [HUMAN, HUMAN, CPU_NORMAL], hinted=[0])
        assert [sim.app.saves.records.hints(s) for s in range(3)] == [True, False, False]
        sim.app.next_seed = seed
        _start(sim)
        _game(sim, random.Random(seed), {0}, seen)
        g = sim.app.game
        assert g.over()
        rec = sim.app.saves.records
        me = [r for r in range(rec.used())
              if rec.level(r) == HUMAN and rec.name(r) == sim.app.names[0]][0]
        assert rec.get(me, C_HINTS) == rec.get(me, C_WON) == (1 if g.winner() == 0 else 0)
        other = [r for r in range(rec.used())
                 if rec.level(r) == HUMAN and rec.name(r) == sim.app.names[1]][0]
        assert rec.get(other, C_HINTS) == 0  # no hints: a win is not one with hints
        wins += g.winner() == 0
    assert wins >= 1  # the record's count was seen going up
    assert {"off", "pass", hints.W_COLOUR, hints.W_DRAW} <= seen, seen


def test_moving_the_cursor_brings_the_keys_back():
    sim = harness.Sim(render=False)
    _setup(sim, [HUMAN, CPU_NORMAL], hinted=[0])
    sim.app.next_seed = 5
    _start(sim)
    if sim.app.state == A.S_PASS:
        sim.press("A")
    assert sim.app.state == A.S_TURN
    t = sim.app.table
    keys = t.bottom.text
    sim.press("DOWN")
    assert t.bottom.text in REASONS.values() and t.hinting
    sim.press("RIGHT")
    assert t.bottom.text == keys and not t.hinting


def test_hints_load_only_with_the_first_hint():
    """A game of people only: neither the hints nor the bots' code is loaded
    until DOWN asks (their heap: the README's figures)."""
    import sys

    for name in ("taki_core.hints", "taki_core.bots"):
        sys.modules.pop(name, None)
    sim = harness.Sim(render=False)
    _setup(sim, [HUMAN, HUMAN], hinted=[0, 1])
    _start(sim)
    sim.press("A")  # the pass screen
    assert sim.app.state == A.S_TURN
    assert "taki_core.hints" not in sys.modules and sim.app.cpu.bots is None
    sim.press("DOWN")
    assert "taki_core.hints" in sys.modules and sim.app.cpu.bots is not None
    assert sim.app.table.bottom.text in REASONS.values()


def test_setup_marks_hinted_seats_toggles_them_with_select_and_keeps_them():
    sim = harness.Sim(render=False)
    app = sim.app
    assert app.screen.keys.text == "<> change  START records"
    _setup(sim, [HUMAN, CPU_NORMAL], hinted=[])
    while app.screen.seat() != 0:
        sim.press("DOWN")
    assert app.screen.keys.text == "<> kind A rename SEL hints"
    row = app.screen.rows[app.screen.row - app.screen.top]
    assert "?" not in row.text
    sim.press("SELECT")
    assert app.saves.records.hints(0) and "?" in row.text
    sim.press("SELECT")
    assert not app.saves.records.hints(0) and "?" not in row.text
    sim.press("SELECT", "DOWN")  # on again; then the computer's seat
    sim.press("SELECT")
    assert not app.saves.records.hints(1)
    assert app.screen.keys.text == "Hints are for people only"
    sim.press("UP", "RIGHT")  # seat 0 becomes a computer: its hints go off
    assert not app.saves.records.hints(0)
    sim.press("LEFT", "SELECT")  # a person again, hints on
    assert app.saves.records.hints(0)
    _start(sim)
    sim.press("START")  # the pause menu writes at once; the hints mask goes with the records
    sim.power_cycle()
    assert sim.app.saves.records.hints(0) and not sim.app.saves.records.hints(1)


@pytest.mark.parametrize("code", LANGS)
def test_the_mark_never_meets_the_name_or_the_kind_in_any_language(code):
    """A person's seat named with the widest name: its "?" has a place of
    its own on the row (no pixel of the row without it), in every language."""
    sim = harness.Sim(render=False, lang=code)
    app = sim.app
    app.names[0] = "WWWWWWWWWW"
    _setup(sim, [HUMAN, HUMAN], hinted=[])
    while app.screen.seat() != 0:
        sim.press("DOWN")
    row = app.screen.rows[app.screen.row - app.screen.top]

    def ink():
        return sorted({x for x, _ in harness.ink(row)})

    cut = harness.cut()
    without = set(ink())
    sim.press("SELECT")
    mark = set(ink()) - without
    assert mark and harness.cut() == cut
    lo, hi = min(mark), max(mark)
    assert not any(lo - 4 <= x <= hi + 4 for x in without), code  # a gap on each side


# --- Sindhi: the Records screen and the hint line, mirrored ----------------------

def _runs(xs, gap=6):
    """Runs of inked columns, joined where they are less than `gap` apart
    (a blank cell between two elements leaves 7 or more)."""
    out = []
    for x in sorted(xs):
        if out and x - out[-1][1] < gap:
            out[-1][1] = x
        else:
            out.append([x, x])
    return out


def _ink(x0, scale, ln):
    return [x0 + x * scale for x in sorted({x for x, _ in harness.ink(ln)})]


def _records_screen(code):
    from test_records import FakeGame, FakeSettings

    from taki_ui.tally import Tally

    sim = harness.Sim(render=False, lang=code)
    rec = Tally(sim.app.saves.area)
    st_ = FakeSettings(["WWWWWWWWWW", "Mo", "Ann"])
    for w in (0, 1, 0, 2, 0):
        rec.game_over(FakeGame(3, w), st_)
    rec.game_over(FakeGame(3, 1, True, [2, 0, 5]), st_)
    sim.press("START")
    assert sim.app.state == A.S_RECORDS
    return sim


def _elements(sim):
    """The Records screen's elements: (rows, texts), each a list of inked
    runs (a row of the table: its GridLayout's labels, and a line naming a
    computer) or (first, last) inked column (a text), top to bottom."""
    scr = sim.app.screen
    grid = scr.grid
    out_rows = []
    for i in range(len(scr.order[scr.top:scr.top + scr.nrows])):
        ink = []
        for lab in scr.cols:  # row i: its band of each column's label
            bm = lab.bitmap
            if bm is None:
                continue
            bx, by = lab.bounding_box[:2]
            x0 = grid.x + lab.x + bx
            band = range(i * 10, min(bm.height, i * 10 + 10))
            ink += [x0 + x for x in range(bm.width) if any(bm[x, y] for y in band)]
        for ln in scr.words:
            if ln.tile.y == scr.top_y + i * 10:
                ink += _ink(ln.tile.x, 1, ln)
        out_rows.append(_runs(ink))
    out_texts = []
    words = {id(ln) for ln in scr.words}
    for x, y, scale, ln in sim.lines_placed():
        if isinstance(ln, harness.LabelLine) or id(ln) in words:
            continue
        ink = _ink(x, scale, ln)
        if ink:
            out_texts.append((min(ink), max(ink)))
    return out_rows, out_texts


def _mirror(a, b):
    return 159 - b, 159 - a


def test_sindhi_lays_the_records_and_the_hint_out_as_the_mirror_of_english():
    """Each element's box in Sindhi is the mirror of its box in English
    (x -> 159 - x), within 3 pixels. Where a box may differ, and why:
    - a row's names and numbers are the board's font in both: the whole box
      mirrors (a glyph's ink is not centred in its 6-pixel cell, hence the
      3 pixels); "a/b" still reads a/b (numbers read left to right);
    - a translated text (title, legend, details, keys, the hint) is another
      word of another width: only the edge it starts from mirrors (English's
      left edge is Sindhi's right edge);
    - heights differ (Sindhi's lines are taller): only the order of the
      lines is compared, and the rows both show."""
    en_rows, en_texts = _elements(_records_screen("en"))
    sd_rows, sd_texts = _elements(_records_screen("sd"))
    n = min(len(en_rows), len(sd_rows))
    assert n >= 3  # the three names
    for er, sr in zip(en_rows[:n], sd_rows[:n]):
        want = sorted(_mirror(a, b) for a, b in er)
        got = sorted(tuple(r) for r in sr)
        assert len(want) == len(got), (er, sr)
        for (wa, wb), (ga, gb) in zip(want, got):
            assert abs(wa - ga) <= 3 and abs(wb - gb) <= 3, (want, got)
    assert len(en_texts) == len(sd_texts)
    for (ea, _), (_, sb) in zip(en_texts, sd_texts):
        assert abs(ea - (159 - sb)) <= 3, (en_texts, sd_texts)
    # the hint line, on the table
    edges = {}
    for code in ("en", "sd"):
        sim = harness.Sim(render=False, lang=code)
        _setup(sim, [HUMAN, CPU_NORMAL], hinted=[0])
        sim.app.next_seed = 5
        _start(sim)
        if sim.app.state == A.S_PASS:
            sim.press("A")
        sim.press("DOWN")
        t = sim.app.table
        assert t.hinting
        ink = _ink(t.bottom.tile.x, 1, t.bottom)
        edges[code] = (min(ink), max(ink))
    assert abs(edges["en"][0] - (159 - edges["sd"][1])) <= 3, edges


# --- the device tier: a hint asked, on the board's VM ------------------------------

def test_games_with_a_hint_asked_fit_the_device_budgets_on_the_1536_byte_pystack():
    """Seat 0 with hints on (SELECT in setup) asks one hint on its first turn
    (which loads taki_core.hints, and the bots in a game of people only):
    the game ends on CircuitPython 10's VM as in the simulator, within 128 KB,
    on a 1536-byte pystack, under tests/test_device.py's budgets (96 KB; a
    shaped language 104 KB)."""
    from sim.vm import cpvm, device_tier as D

    if cpvm.tools() is None:
        pytest.skip(cpvm.missing())
    on = ["DOWN"] * 4 + ["SELECT"] + ["UP"] * 4  # seat 0's row: hints on, back to the top
    games = {
        "2 people hint": dict(keys=on + D.setup_keys() + ["A", "DOWN"], seed=1),
        "4 mixed hint": dict(keys=on + D.setup_keys(4, {2: 3, 3: 1}) + ["A", "DOWN"], seed=2),
    }
    games["4 mixed hint sd"] = dict(games["4 mixed hint"], lang="sd")
    D.GAMES.update(games)
    import shutil

    dev = D.Device()  # (a short folder name, as test_device's: each module's path is heap)
    try:
        recs = [D.record(n, dev.root) for n in games]
        for rec in recs:  # the scripted keys, then the robot's to the end
            with open(rec.path) as f:
                assert len(f.read().split("\n")) > len(games[rec.name]["keys"]) + 10
        runs = D.play_all(dev, recs, heap="128K", vm=cpvm.VM_1536)
    finally:
        for n in games:
            del D.GAMES[n]
        shutil.rmtree(dev.root)
    for rec, ok, fig, out in runs:
        assert fig is not None, out[-3000:]
        assert ok, (rec.name, fig, rec.end)
        budget = 104 * 1024 if rec.name.endswith(" sd") else 96 * 1024
        assert D.live_peak(fig) <= budget, (rec.name, D.live_peak(fig))


# --- a learner's name turns its hints on ----------------------------------------------

def test_a_name_that_played_with_hints_gets_them_again_in_any_seat():
    """A name is kept as a learner when it last played with hints on, and
    setup turns hints on for the seat it is typed into; playing a game
    without them clears it; a computer's row never is one."""
    from test_records import FakeGame, FakeSettings

    from taki_ui.records import LEARNER, Records
    from taki_ui.tally import Tally

    rec = Tally()
    st_ = FakeSettings(["Noa", "Mo"], [HUMAN, CPU_NORMAL])
    rec.set_hints(0, True)
    rec.game_over(FakeGame(2, 1), st_)
    assert rec.learner("Noa") and not rec.learner("Mo") and not rec.learner("")
    assert rec.name(0) == "Noa" or rec.name(1) == "Noa"  # the flag is not in the name
    assert all(not rec.buf[2 + r * 19] & LEARNER for r in range(2) if rec.level(r) != HUMAN)
    again = Tally()
    assert again.load(_sealed_area(rec), 0) == 1 and again.learner("Noa")  # kept, checked
    rec.set_hints(0, False)
    rec.game_over(FakeGame(2, 0), st_)
    assert not Records(rec.buf).learner("Noa")
    # a computer's row with the flag cannot be: dropped when loaded
    rec.set_hints(0, True)
    rec.game_over(FakeGame(2, 0), st_)
    cpu = [r for r in range(rec.used()) if rec.level(r) != HUMAN][0]
    rec.buf[2 + cpu * 19] |= LEARNER
    again = Tally()
    assert again.load(_sealed_area(rec), 0) == 2 and again.used() == 1 and again.learner("Noa")


def _sealed_area(rec):
    from taki_ui import records
    from taki_ui.saving import seal

    out = bytearray(records.AREA)
    seal(rec.buf, out, 0)
    return out


def test_setup_turns_hints_on_for_a_seat_renamed_to_a_learner():
    from test_records import FakeGame, FakeSettings

    from taki_ui.tally import Tally

    sim = harness.Sim(render=False)
    app = sim.app
    Tally(app.saves.area).game_over(FakeGame(2, 0), FakeSettings(["Kid", "Mo"]))
    assert not app.saves.hints(1)  # Kid played without hints: not a learner
    rec = Tally(app.saves.area)
    app.saves.set_hints(0, True)
    rec.game_over(FakeGame(2, 0), FakeSettings(["Kid", "Mo"]))  # now with hints
    app.saves.set_hints(0, False)
    _setup(sim, [HUMAN, HUMAN], hinted=[])
    for name, on in (("Mo", False), ("Kid", True)):
        while app.screen.seat() != 1:
            sim.press("DOWN")
        sim.press("A")
        assert app.state == A.S_RENAME
        for i in range(10):
            app.screen.chars[i] = ord(name[i]) if i < len(name) else 32
        sim.press("A")
        assert app.state == A.S_SETUP and app.settings.names[1] == name
        assert app.saves.hints(1) is on, name
    assert "?" in app.screen.rows[app.screen.row - app.screen.top].text
    assert "taki_ui.records" not in __import__("sys").modules  # its code went again
