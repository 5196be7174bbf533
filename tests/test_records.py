"""Issue 25: each name's record, kept with the save (taki_ui.records)."""

import random
import sys

import pytest
from hypothesis import given, settings, strategies as st

from sim.testing import harness

harness.install()

from taki_core.save import checksum  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import payload, persist, records, store  # noqa: E402
from taki_ui.saving import seal  # noqa: E402
from taki_ui.records import (  # noqa: E402
    C_BEST, C_HINTS, C_PLAYED, C_TPLAYED, C_TWON, C_WON, K_DROPPED, K_EMPTY, K_OK,
    NO_BEST, ROW, ROWS,
)
from taki_ui.tally import Tally  # noqa: E402
from taki_ui.settings import CPU_HARD, CPU_NORMAL, HUMAN, NAME_LEN  # noqa: E402

NVM = 8192


class FakeGame:
    """The few accessors Records.game_over reads."""

    def __init__(self, players, winner, tournament=False, stages=()):
        self.players = players
        self._w = winner
        self._t = tournament
        self._st = list(stages) + [0] * 10

    def tournament(self):
        return self._t

    def winner(self):
        return self._w

    def stage(self, p):
        return self._st[p]


class FakeSettings:
    def __init__(self, names, kinds=None):
        self.names = list(names)
        self.kinds = bytearray(kinds if kinds is not None else [HUMAN] * len(names))


def row_of(rec, name):
    for r in range(rec.used()):
        if rec.level(r) == HUMAN and rec.name(r) == name:
            return r
    return -1


def reload(rec):
    out = bytearray(records.AREA)
    seal(rec.buf, out, 0)
    again = Tally()
    return again.load(out, 0), again


# --- the rows ---------------------------------------------------------------------

def test_a_game_counts_once_per_name_and_the_winner_s_win():
    rec = Tally()
    st_ = FakeSettings(["Ann", "Bo", "x", "y"], [HUMAN, HUMAN, CPU_NORMAL, CPU_NORMAL])
    rec.game_over(FakeGame(4, 1), st_)
    assert rec.used() == 3  # two NORMAL computers are one row
    a, b = row_of(rec, "Ann"), row_of(rec, "Bo")
    cpu = [r for r in range(3) if rec.level(r) == CPU_NORMAL]
    assert len(cpu) == 1
    assert [rec.get(a, c) for c in (C_PLAYED, C_WON, C_HINTS)] == [1, 0, 0]
    assert [rec.get(b, c) for c in (C_PLAYED, C_WON, C_HINTS)] == [1, 1, 0]
    assert rec.get(cpu[0], C_PLAYED) == 1 and rec.get(cpu[0], C_WON) == 0
    rec.game_over(FakeGame(4, 3), st_)  # the second NORMAL computer wins
    assert rec.get([r for r in range(3) if rec.level(r) == CPU_NORMAL][0], C_WON) == 1
    assert rec.get(row_of(rec, "Ann"), C_PLAYED) == 2


def test_hints_count_in_the_winner_s_record_and_are_kept_per_seat():
    rec = Tally()
    rec.set_hints(0, True)
    assert rec.hints(0) and not rec.hints(1)
    st_ = FakeSettings(["Ann", "Bo"])
    rec.game_over(FakeGame(2, 0), st_)
    rec.game_over(FakeGame(2, 1), st_)
    assert rec.get(row_of(rec, "Ann"), C_HINTS) == 1
    assert rec.get(row_of(rec, "Bo"), C_HINTS) == 0
    r, again = reload(rec)
    assert r == K_OK and again.hints(0) and not again.hints(1)
    rec.set_hints(0, False)
    assert not rec.hints(0)


def test_a_tournament_counts_as_one_with_the_lowest_stage_reached():
    rec = Tally()
    st_ = FakeSettings(["Ann", "Bo", "Cy"])
    rec.game_over(FakeGame(3, 2, True, [5, 2, 0]), st_)
    rec.game_over(FakeGame(3, 0, True, [0, 6, 1]), st_)
    ann, bo, cy = (row_of(rec, n) for n in ("Ann", "Bo", "Cy"))
    assert [rec.get(ann, c) for c in (C_TPLAYED, C_TWON, C_BEST, C_PLAYED)] == [2, 1, 0, 0]
    assert [rec.get(bo, c) for c in (C_TPLAYED, C_TWON, C_BEST)] == [2, 0, 2]
    assert [rec.get(cy, c) for c in (C_TPLAYED, C_TWON, C_BEST)] == [2, 1, 0]
    assert reload(rec)[0] == K_OK


def test_the_least_recently_seen_name_is_forgotten_first():
    rec = Tally()
    names = ["N%d" % i for i in range(ROWS)]
    for i in range(ROWS - 1):  # with "Keep": every row used
        rec.game_over(FakeGame(2, 0), FakeSettings([names[i], "Keep"]))
    assert rec.used() == ROWS and row_of(rec, "Keep") == 0
    assert row_of(rec, "N0") == ROWS - 1
    rec.game_over(FakeGame(2, 0), FakeSettings([names[ROWS - 1], "Keep"]))
    assert rec.used() == ROWS
    assert row_of(rec, "N0") < 0  # the oldest went; the others stay
    assert all(row_of(rec, n) >= 0 for n in names[1:])
    assert rec.get(row_of(rec, "Keep"), C_PLAYED) == ROWS


def test_rows_sort_by_games_won_and_clear_one_or_all():
    rec = Tally()
    st_ = FakeSettings(["Ann", "Bo", "Cy"])
    for w in (1, 1, 2, 1, 2, 0):
        rec.game_over(FakeGame(3, w), st_)
    order = [rec.name(r) for r in rec.by_wins()]
    assert order == ["Bo", "Cy", "Ann"]
    rec.clear(row_of(rec, "Cy"))
    assert [rec.name(r) for r in rec.by_wins()] == ["Bo", "Ann"] and rec.used() == 2
    assert reload(rec)[0] == K_OK
    rec.clear_all()
    assert rec.used() == 0 and rec.by_wins() == []
    assert reload(rec)[0] == K_OK


def test_counts_stop_at_their_top_instead_of_wrapping():
    rec = Tally()
    rec.game_over(FakeGame(2, 0), FakeSettings(["Ann", "Bo"]))
    b = rec.buf
    at = 2 + row_of(rec, "Ann") * ROW + C_PLAYED
    b[at:at + 4] = b"\xff\xff\xff\xfe"
    rec.game_over(FakeGame(2, 0), FakeSettings(["Ann", "Bo"]))
    r = row_of(rec, "Ann")
    assert rec.get(r, C_PLAYED) == 0xFFFF and rec.get(r, C_WON) == 0xFFFF


# --- their check ---------------------------------------------------------------------

def _sealed(rec):
    out = bytearray(records.AREA)
    seal(rec.buf, out, 0)
    return out


def _reseal(out):
    c = checksum(out, records.AREA - 2)
    out[-2], out[-1] = c >> 8, c & 0xFF


def test_a_wrong_check_drops_them_all_a_bad_row_only_that_row():
    rec = Tally()
    rec.game_over(FakeGame(2, 0), FakeSettings(["Ann", "Bo"]))
    rec.game_over(FakeGame(2, 1), FakeSettings(["Cy", "Bo"]))
    out = _sealed(rec)
    out[5] ^= 1
    again = Tally()
    assert again.load(out, 0) == K_DROPPED and again.used() == 0
    # more won than played, in the middle row: that row alone goes
    out = _sealed(rec)
    mid = 2 + 1 * ROW
    assert bytes(out[mid:mid + 2]) == b"Cy"  # (Bo, Cy, Ann: the most recent first)
    out[mid + C_WON + 1] = 9
    _reseal(out)
    again = Tally()
    assert again.load(out, 0) == K_DROPPED
    assert [again.name(r) for r in range(again.used())] == ["Bo", "Ann"]
    assert reload(again)[0] == K_OK
    # a name twice, a name of bytes the rename screen cannot make, a stage past 8
    for edit in (lambda o: o.__setitem__(slice(mid, mid + 3), b"Bo "),
                 lambda o: o.__setitem__(mid + 1, 0x80),
                 lambda o: o.__setitem__(mid + C_TPLAYED, 1) or o.__setitem__(mid + C_BEST, 9)):
        out = _sealed(rec)
        edit(out)
        _reseal(out)
        again = Tally()
        assert again.load(out, 0) == K_DROPPED and again.used() == 2
    assert Tally().load(bytes(records.AREA), 0) == K_EMPTY


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=records.AREA, max_size=records.AREA), st.booleans())
def test_any_bytes_load_into_rows_that_pass_their_check(data, seal):
    data = bytearray(data)
    if seal:
        _reseal(data)
    rec = Tally()
    r = rec.load(data, 0)
    assert r in (K_EMPTY, K_OK, K_DROPPED)
    n = rec.used()
    assert all(rec._row_ok(i) for i in range(n))
    assert not any(rec.buf[2 + n * ROW:2 + ROWS * ROW])  # used rows first
    assert reload(rec)[0] in (K_OK, K_EMPTY)
    rec.game_over(FakeGame(2, 0), FakeSettings(["Ann", "Bo"]))  # and play on
    assert reload(rec)[0] == K_OK


# --- in the app, with the save ----------------------------------------------------------

def whole_game(sim, seed):
    n = harness.play(sim, random.Random(seed))
    assert sim.app.game.over() and n > 0


def started(kinds=None, seed=11, save=None):
    sim = harness.Sim(render=False, save=save)
    sim.app.next_seed = seed
    if kinds:
        for s, k in enumerate(kinds):
            sim.app.settings.kinds[s] = k
    sim.press("UP", "A")  # the setup as it is: a game of 2
    return sim


def test_records_survive_power_off_after_whole_scripted_games():
    sim = started(kinds=[HUMAN, CPU_HARD])
    for seed in (1, 2):
        whole_game(sim, seed)
        sim.press("START", "B")  # the pause menu saves; the record rides with it
        sim.app.next_seed = seed + 20
        sim.press("A")
    assert sim.hw_state.nvm.writes == 2  # the two pause menus': none of the records' own
    sim.power_cycle()
    rec = sim.app.saves.records
    assert sim.app.saves.rec_loaded == K_OK
    assert rec.used() == 2
    you = row_of(rec, sim.app.settings.names[0])
    cpu = 1 - you
    assert rec.level(cpu) == CPU_HARD
    assert rec.get(you, C_PLAYED) == 2 and rec.get(cpu, C_PLAYED) == 2
    assert rec.get(you, C_WON) + rec.get(cpu, C_WON) == 2


def test_the_game_s_end_written_before_the_standings_counts_it_without_the_bots(monkeypatch):
    # the game's end is a milestone: its write can come before the standings
    # have made room (the table still shown, the bots' code loaded), and it
    # counts the game in the records, whose code comes in then: the bots'
    # code goes first (on the board's 128 KB heap that was where a game
    # ran out of memory)
    sim = started(kinds=[HUMAN, CPU_HARD])
    seen = []
    real = persist._saving

    class Counting:  # taki_ui.saving as persist sees it, its game_over watched
        def __getattr__(self, name):
            return getattr(real(), name)

        def game_over(self, s):
            seen.append((sim.app.state, "taki_core.bots" in sys.modules))
            real().game_over(s)

    monkeypatch.setattr(persist, "_saving", Counting)
    whole_game(sim, 1)
    assert sim.app.state == A.S_OVER
    assert len(seen) == 1 and seen[0][0] != A.S_OVER, seen  # counted by the write
    assert seen[0][1] is False
    rec = sim.app.saves.records
    assert rec.get(row_of(rec, sim.app.settings.names[0]), C_PLAYED) == 1


def test_an_update_cut_short_loses_at_most_that_game():
    import _simhw

    window = 1 + -(-(store.HEAD + persist.PAYLOAD + store.TAIL) // _simhw.UNIT)
    for cut in (1, window - 1, window, window + 20, _simhw.STEPS - 1):
        sim = started()
        whole_game(sim, 3)
        sim.press("START", "B")
        sim.app.next_seed = 5
        sim.press("A")
        whole_game(sim, 4)  # the second game's end, not yet written
        sim.hw_state.nvm.cut_after = cut
        try:
            sim.press("START")
            raise AssertionError("no write was made")
        except _simhw.PowerCut:
            pass
        sim.power_cycle()
        rec = sim.app.saves.records
        if cut < window:  # the erase and slot 0: both slots go, as the settings
            assert rec.used() == 0 and sim.app.state == A.S_SETUP, cut
            continue
        played = rec.get(0, C_PLAYED)
        assert played in (1, 2), cut  # the new save, or the one before it
        assert played == 2 or cut < _simhw.STEPS - 1
        assert rec.get(0, C_PLAYED) == rec.get(1, C_PLAYED)


def test_damaged_records_are_dropped_with_a_notice_the_rest_kept():
    from test_persist import _forge

    sim = started()
    whole_game(sim, 6)
    sim.press("RIGHT", "START", "B")
    nvm = sim.hw_state.nvm
    at = payload.REC + 2 + C_WON + 1

    def damage(body):
        body[at] = 7  # 7 games won of 1 played; the record's check made good
        c = checksum(body[payload.REC:], records.AREA - 2)
        body[persist.PAYLOAD - 2], body[persist.PAYLOAD - 1] = c >> 8, c & 0xFF

    _forge(nvm, damage)
    sim.power_cycle()
    assert sim.app.state == A.S_SETUP
    assert "Records unreadable" in sim.screen_text()
    assert sim.app.saves.records.used() == 1  # the other name's row is kept
    sim.press("DOWN")
    sim.settle()
    sim.hw_state.advance(persist.SETUP_IDLE_MS)
    sim.step()
    sim.settle()
    sim.power_cycle()  # the dropped row is not read again
    assert sim.app.saves.rec_loaded == K_OK and sim.app.saves.records.used() == 1
    assert "Records unreadable" not in sim.screen_text()


def test_a_save_from_before_the_records_keeps_its_game_and_names():
    """A FORMAT 3 record (no records after the language) still resumes."""
    sim = started()
    for _ in range(6):
        sim.press("A")
    sim.press("START", "B")
    nvm = sim.hw_state.nvm
    s = store.Store(nvm, persist.PAYLOAD)
    assert s.read() == store.R_OK
    old = bytes(s.payload[:payload.REC])
    rec = bytearray(b"\xff" * store.SLOT_SIZE)
    n = len(old)
    rec[0:3] = b"TS" + bytes((store.FORMAT - 1,))
    rec[3:6] = b"\x00\x00\x07"
    rec[6], rec[7] = n >> 8, n & 0xFF
    rec[8:8 + n] = old
    c = store.check(rec, 8 + n)
    rec[8 + n], rec[9 + n] = c >> 8, c & 0xFF
    rec[10 + n:13 + n] = b"\x00\x00\x07"
    nvm[0:2 * store.SLOT_SIZE] = bytes(rec) + b"\xff" * store.SLOT_SIZE
    sim.power_cycle()
    assert sim.app.state == A.S_RESUME  # no "unreadable"
    assert sim.app.saves.rec_loaded == K_EMPTY
    assert bytes(sim.app.saves.newest[:payload.REC]) == old
    assert NO_BEST == 255 and NAME_LEN == 10


# --- the Records screen ----------------------------------------------------------

def _filled(rec):
    """Rows at their widest: the longest name, every computer level, big counts."""
    rec = Tally(rec.buf)
    st_ = FakeSettings(["WWWWWWWWWW", "x", "y", "z", "Mo"], [HUMAN, 1, 2, 3, HUMAN])
    for w in (0, 1, 0, 4):
        rec.game_over(FakeGame(5, w), st_)
    rec.game_over(FakeGame(5, 0, True, [0, 3, 5, 8, 1]), st_)
    at = 2 + row_of(rec, "WWWWWWWWWW") * ROW
    rec.buf[at + C_PLAYED:at + C_PLAYED + 4] = b"\x03\xe7\x03\xe7"  # 999 of 999
    rec.buf[at + C_TPLAYED:at + C_TPLAYED + 2] = b"\x63\x63"  # 99 of 99


def test_the_screen_from_setup_sorts_by_wins_clears_after_sure_and_saves():
    sim = harness.Sim(render=False)
    rec = Tally(sim.app.saves.area)
    st_ = FakeSettings(["Ann", "Bo", "Cy"])
    for w in (1, 1, 2, 0, 1):
        rec.game_over(FakeGame(3, w), st_)
    sim.press("START")
    assert sim.app.state == A.S_RECORDS
    shown = sim.texts()
    assert shown[0] == "Records"
    rows = [ln for ln in shown if "/" in ln and ln.lstrip(" >").split()[0] in ("Ann", "Bo", "Cy")]
    # 3, 1, 1 won of 5: Cy was seen last
    assert [r.lstrip(" >").split()[0] for r in rows] == ["Bo", "Cy", "Ann"]
    assert rows[0].startswith(">Bo") and "3/5" in rows[0]
    sim.press("DOWN", "A")  # clear Cy's row: asked first
    assert "Clear this row? Sure?" in sim.texts()
    sim.press("B")  # no
    assert rec.used() == 3
    sim.press("A", "A")
    assert rec.used() == 2 and row_of(rec, "Cy") < 0
    sim.press("SELECT")
    assert "Clear all rows? Sure?" in sim.texts()
    sim.press("A")
    assert rec.used() == 0 and "No games played yet" in sim.texts()
    sim.press("B")
    assert sim.app.state == A.S_SETUP
    before = sim.hw_state.nvm.writes
    sim.hw_state.advance(persist.SETUP_IDLE_MS)
    sim.step()
    sim.settle()
    assert sim.hw_state.nvm.writes == before + 1  # the clearing, as a setup change
    sim.power_cycle()
    assert sim.app.saves.records.used() == 0 and sim.app.saves.rec_loaded == K_OK


def test_the_libraries_code_is_free_while_the_screen_after_the_records_is_built(monkeypatch):
    # the Records screen's key that leaves it builds the next screen before
    # it returns: the libraries' code must not be held by the Records
    # module's names meanwhile (on the board: ~14 KB of heap for that screen)
    from taki_ui import unload

    for name in unload.DISPLAY_LIBS:  # the screen's own import of them (as at power-on)
        sys.modules.pop(name, None)
    sim = started()
    sim.press("START", "DOWN", "DOWN", "DOWN", "A")
    assert sim.app.state == A.S_RECORDS
    from taki_ui import pause_screen  # (imported again when it is shown again)

    seen = harness.libraries_held(sim, "records_screen", pause_screen.PauseScreen, monkeypatch,
                                  "B")
    assert sim.app.state == A.S_PAUSE and seen == [[True, True]]


def test_the_screen_from_the_pause_menu_goes_back_to_it():
    sim = started()
    assert "taki_ui.pass_screen" in sys.modules  # two people: passed once
    sim.press("START", "DOWN", "DOWN", "DOWN")
    assert ">  Records" in " ".join(sim.texts()) or any(
        t.startswith(">") and "Records" in t for t in sim.texts())
    sim.app.cpu.brain()  # the bots' code loaded, as a hint or a computer's move does
    sim.press("A")
    assert sim.app.state == A.S_RECORDS and "No games played yet" in sim.texts()
    assert "adafruit_displayio_layout.layouts.grid_layout" in sys.modules
    # room for the libraries: the card slots, the bots' code and the pass
    # screen's module (kept between turns otherwise) are let go ...
    assert sim.app.stage._cards is None and "taki_core.bots" not in sys.modules
    assert "taki_ui.pass_screen" not in sys.modules
    sim.press("START")  # START goes back too, never a second pause
    assert sim.app.state == A.S_PAUSE
    # the screen's libraries and the records' code went with it (heap on the board)
    for name in ("adafruit_display_text", "adafruit_display_text.bitmap_label",
                 "adafruit_displayio_layout", "adafruit_displayio_layout.layouts",
                 "adafruit_displayio_layout.layouts.grid_layout", "taki_ui.records",
                 "taki_ui.records_screen"):
        assert name not in sys.modules, name
    sim.press("DOWN", "DOWN", "A")  # ... and come back: the card help shows a card
    assert sim.app.state == A.S_HELP and sim.app.stage._cards is not None
    sim.press("B", "B")
    assert sim.app.state in (A.S_PASS, A.S_TURN)
    if sim.app.state == A.S_PASS:
        sim.press("A")
    t = sim.app.table
    assert t.slots[0] is sim.app.stage.cards[1] and t.n > 0  # the hand, on the sheet read again


@pytest.mark.parametrize("from_pause", [True, False])
def test_the_way_back_is_built_after_the_screen_s_key_returned(monkeypatch, from_pause):
    # the records screen's code (3.5 KB of heap on the board) is not held by
    # its own key() frame while the next screen is built: key() returns what
    # comes next and the app calls it (the Sindhi game with the Records ran
    # out of room at 128 KB, in a heap left in pieces, the other way)
    import inspect

    sim = started() if from_pause else harness.Sim(render=False)
    sim.press(*(("START", "DOWN", "DOWN", "DOWN", "A") if from_pause else ("START",)))
    assert sim.app.state == A.S_RECORDS
    stage = type(sim.app.stage)
    real = stage.show
    held = []

    def show(self, module, cls, *a):
        held.append((module, [f.frame.f_globals["__name__"] for f in inspect.stack()]))
        return real(self, module, cls, *a)

    monkeypatch.setattr(stage, "show", show)
    sim.press("B")
    assert sim.app.state == (A.S_PAUSE if from_pause else A.S_SETUP)
    module, callers = held[0]
    assert module == ("pause_screen" if from_pause else "setup_screen")
    assert "taki_ui.app" in callers and "taki_ui.records_screen" not in callers


@pytest.mark.parametrize("code", ["en", "ml", "hi", "as", "sd", "tl"])
def test_the_screen_cuts_nothing_in_every_language(code):
    sim = harness.Sim(render=False, lang=code)
    _filled(sim.app.saves.records)
    cut = harness.cut()
    sim.press("START")
    assert sim.app.state == A.S_RECORDS
    for keys in ((), ("DOWN",), ("A",), ("B", "SELECT"), ("B",)):
        sim.press(*keys)
        assert harness.cut() == cut, (code, keys, sim.texts())
    sim.press("B")
    assert sim.app.state == A.S_SETUP
    sim.press("UP", "A")  # a game, then the pause menu's rows
    sim.press("START")
    assert harness.cut() == cut, (code, sim.texts())
