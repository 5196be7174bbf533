"""Saves that survive a flat battery: the two-slot store, torn writes at
every byte offset, corrupt and foreign saves, and the app's resume prompt."""

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402

from sim.testing import harness  # noqa: E402

harness.install()

from taki_core import save  # noqa: E402
from taki_core.game import Game  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import persist, records, store  # noqa: E402
from taki_ui.players import Computer  # noqa: E402
from taki_ui.settings import Settings  # noqa: E402

NVM = 8192
SIZE = persist.PAYLOAD


def payload(i):
    r = random.Random(i)
    return bytes(r.randrange(256) for _ in range(SIZE))


def saved(n):
    """An nvm holding n saves, payload(1) .. payload(n)."""
    nvm = bytearray(b"\xff" * NVM)
    s = store.Store(nvm, SIZE)
    assert s.read() == store.R_EMPTY
    for i in range(1, n + 1):
        assert s.write(payload(i))
    return nvm


def newest(nvm):
    s = store.Store(nvm, SIZE)
    r = s.read()
    return r, (bytes(s.payload) if r == store.R_OK else None)


def flash(data=None):
    """The simulator's model of the SAMD51's nvm (sim/device/_simhw.Nvm):
    every write erases the whole block and programs it back in order."""
    import _simhw

    nvm = _simhw.Nvm(NVM)
    bytearray.__setitem__(nvm, slice(0, NVM), data if data is not None else b"\xff" * NVM)
    return nvm


def test_record_fits_a_slot_and_two_slots_fit_the_samd51_nvm():
    assert store.HEAD + SIZE + store.TAIL <= store.SLOT_SIZE
    assert store.NVM_NEEDED <= NVM  # CIRCUITPY_INTERNAL_NVM_SIZE on SAMD51
    assert persist.PAYLOAD == 119 + save.BLOB_SIZE + 2 + records.AREA  # the language, the records


def test_newest_save_wins_and_slots_alternate():
    for n in range(1, 6):
        assert newest(saved(n)) == (store.R_OK, payload(n))
    nvm = saved(2)
    a = nvm[:store.SLOT_SIZE]
    b = nvm[store.SLOT_SIZE:2 * store.SLOT_SIZE]
    assert store.parse(a, SIZE)[0] == 1 and store.parse(b, SIZE)[0] == 2


def test_sequence_numbers_wrap_around():
    nvm = bytearray(b"\xff" * NVM)
    s = store.Store(nvm, SIZE)
    s.read()
    s.seq = 0xFFFFFE
    for i in range(4):  # seq 0xFFFFFF, 0, 1, 2
        s.write(payload(i))
        assert newest(nvm) == (store.R_OK, payload(i))


def test_the_flash_model_erases_the_block_then_programs_it_in_order():
    import _simhw

    nvm = flash(bytes(range(256)) * 32)
    nvm.cut_after = 0  # the power goes before the write starts: nothing changes
    with pytest.raises(_simhw.PowerCut):
        nvm[100:102] = b"ab"
    assert bytes(nvm) == bytes(range(256)) * 32
    nvm.cut_after = 1  # after the erase: all of it reads 0xFF
    with pytest.raises(_simhw.PowerCut):
        nvm[100:102] = b"ab"
    assert bytes(nvm) == b"\xff" * NVM
    nvm = flash(bytes(range(256)) * 32)
    nvm.cut_after = 1 + 7  # the erase and 7 units of 16 bytes: 112 bytes back, new ones too
    with pytest.raises(_simhw.PowerCut):
        nvm[100:102] = b"ab"
    want = bytearray(bytes(range(256)) * 32)
    want[100:102] = b"ab"
    assert bytes(nvm[:112]) == bytes(want[:112]) and bytes(nvm[112:]) == b"\xff" * (NVM - 112)
    nvm[0:1] = b"z"  # a write that is not cut programs the whole block back
    assert nvm.writes == 2 and nvm[0] == ord("z") and bytes(nvm[1:112]) == bytes(want[1:112])
    assert bytes(nvm[112:]) == b"\xff" * (NVM - 112)  # what the cut lost stays lost
    assert _simhw.STEPS == 1 + NVM // 16


def cut_at_every_step(history):
    """For a store holding saves payload(1..history), cut the next write
    (payload(99)) at every step of the flash model; what loads after each."""
    import _simhw

    base = bytes(saved(history))
    out = []
    for cut in range(_simhw.STEPS + 1):
        nvm = flash(base)
        s = store.Store(nvm, SIZE)
        assert s.read() == (store.R_OK if history else store.R_EMPTY)
        nvm.cut_after = cut
        try:
            s.write(payload(99))
        except _simhw.PowerCut:
            pass
        out.append(newest(nvm))
    return out


def test_a_write_cut_at_every_step_keeps_the_new_save_or_the_previous():
    # The slots are the block's first two pages: the erase and the first
    # page are the window where a cut loses both; after them the slot in
    # page 0 is back (whichever it holds), and page 1 follows.
    import _simhw

    rec_units = -(-(store.HEAD + SIZE + store.TAIL) // 16)  # units of a record
    for history in (1, 2, 3, 4):  # the new save goes to slot 1, 0, 1, 0
        results = cut_at_every_step(history)
        lost = [cut for cut, (r, _) in enumerate(results) if r != store.R_OK]
        # inside the window: from the erase until page 0's record is programmed
        assert lost == list(range(1, 1 + rec_units)), (history, lost)
        for cut, (r, got) in enumerate(results):
            if r == store.R_OK:
                assert got in (payload(99), payload(history)), (history, cut)
        assert results[0] == (store.R_OK, payload(history))  # not started
        assert results[-1] == (store.R_OK, payload(99))  # done
        # writing slot 0 (page 0), the new save is there as soon as it is back
        new_in_page0 = history % 2 == 0
        first_new = next(c for c, (r, got) in enumerate(results) if got == payload(99))
        assert first_new == (1 + rec_units if new_in_page0
                             else 1 + store.SLOT_SIZE // _simhw.UNIT + rec_units)


def test_the_first_save_ever_cut_short_reads_as_empty_not_a_crash():
    for r, got in cut_at_every_step(0)[:-1]:
        assert r in (store.R_EMPTY, store.R_BAD) or got == payload(99)


def test_any_flipped_byte_of_the_newest_save_falls_back_to_the_previous():
    base = saved(2)  # seq 2 is in slot 1
    at = store.SLOT_SIZE
    for i in range(store.HEAD + SIZE + store.TAIL):
        for flip in (0x01, 0x80, 0xFF):
            nvm = bytearray(base)
            nvm[at + i] ^= flip
            assert newest(nvm) == (store.R_OK, payload(1)), (i, flip)


def test_foreign_and_damaged_saves_are_refused():
    # another program's data, zeros, a future format, a payload of another size
    assert newest(bytearray(NVM))[0] == store.R_EMPTY
    assert newest(bytearray(b"\xff" * NVM))[0] == store.R_EMPTY
    junk = bytearray(random.Random(5).randrange(256) for _ in range(NVM))
    assert newest(junk)[0] == store.R_BAD
    nvm = saved(1)
    nvm[2] = store.FORMAT + 1
    assert newest(nvm)[0] == store.R_BAD
    nvm = saved(1)
    assert store.Store(nvm, SIZE - 1).read() == store.R_BAD
    assert store.Store(bytearray(100), SIZE).read() == store.R_NO_NVM
    assert store.Store(None, SIZE).read() == store.R_NO_NVM
    assert not store.Store(None, SIZE).write(payload(1))


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=0, max_size=2 * store.SLOT_SIZE), st.integers(0, 2 * store.SLOT_SIZE))
def test_loading_any_bytes_never_crashes(data, at):
    nvm = saved(2)
    nvm[at:at + len(data)] = data
    del nvm[NVM:]
    g, stt = Game(), Settings()
    r = persist.Saves(nvm, stt, g, Computer()).load()
    assert r in (persist.L_NONE, persist.L_SETTINGS, persist.L_GAME, persist.L_BAD)
    assert 2 <= stt.players <= 10 and stt.first < stt.players
    if r == persist.L_GAME:
        assert save.unpack(Game(), save.pack(g)) == save.S_OK


# --- the app -------------------------------------------------------------------

def play_keys(sim, n, seed=1):
    rnd = random.Random(seed)
    for _ in range(n):
        k = harness.robot_key(sim, rnd)
        if k is None:
            return
        sim.press(k)


MINUTE = 60000


def wait(sim, ms):
    """Let ms of time pass with nobody pressing anything (the app runs on)."""
    sim.hw_state.advance(ms)
    sim.step()
    sim.settle()


def started(tmp_path=None, seed=11):
    sim = harness.Sim(render=False, save=str(tmp_path / "nvm.bin") if tmp_path else None)
    sim.app.next_seed = seed
    sim.press("UP", "A")  # the default setup, 2 people: nothing new to write
    return sim


def test_the_pause_menu_saves_shows_the_mark_and_power_on_offers_the_game(tmp_path):
    sim = started(tmp_path)
    assert sim.app.state == A.S_PASS and sim.app.saves.writes == 0
    play_keys(sim, 40)
    assert sim.app.saves.writes == 0  # a few minutes of play: nothing written yet
    sim.hw_state.press("START")
    sim.step()  # the pause menu, and the saving mark over it; the write comes next
    assert sim.app.saving and not sim.app.stage.marks.hidden
    assert sim.app.stage.marks[0] == 0  # the floppy disk
    assert sim.board.pixels.shown[2] == (0, 0, 0) and sim.board.pixels.shown[0] != (0, 0, 0)
    assert sim.hw_state.nvm.writes == 0
    sim.step()
    assert sim.hw_state.nvm.writes == 1 and sim.app.stage.marks.hidden
    assert "Saved. You can switch off now." in " ".join(sim.texts())
    blob = save.pack(sim.app.game)
    sim.press("B", "START")  # nothing new since: said at once, nothing written
    assert sim.hw_state.nvm.writes == 1 and "switch off now." in " ".join(sim.texts())
    # a new simulator run on the same file: the question, then the same game
    sim2 = harness.Sim(render=False, save=str(tmp_path / "nvm.bin"))
    assert sim2.app.state == A.S_RESUME
    text = sim2.screen_text()
    assert "Resume game?" in text and "A resume" in text
    sim2.press("START")  # no pause menu over the question
    assert sim2.app.state == A.S_RESUME
    sim2.press("A")
    assert save.pack(sim2.app.game) == blob
    assert sim2.app.state == A.S_PASS  # hands stay private: pass first
    assert sim2.hw_state.nvm.writes == 0  # resuming writes nothing
    sim3 = harness.Sim(render=False, save=str(tmp_path / "nvm.bin"))
    sim3.press("B")
    assert sim3.app.state == A.S_SETUP


def play_paced(sim, minutes, every_ms=1500, seed=1, check=None):
    """People pressing a key every every_ms for `minutes` of the simulated
    clock, a new game with the same setup after each game over."""
    rnd = random.Random(seed)
    end = sim.hw_state.ticks_ms() + minutes * MINUTE
    while sim.hw_state.ticks_ms() < end:
        k = harness.robot_key(sim, rnd)
        if k is None and sim.app.state == A.S_OVER:
            k = "A"
        if k is not None:
            sim.press(k)
        target = sim.hw_state.ticks_ms() + every_ms
        while sim.hw_state.ticks_ms() < target:
            sim.step()
            if check is not None:
                check()


def test_a_change_waits_at_most_ten_minutes_and_writes_are_ten_minutes_apart():
    sim = started()
    sim.hw_state.nvm.log = log = []
    app = sim.app
    worst = [0]

    def check():
        if app.saves.pending():
            worst[0] = max(worst[0], sim.hw_state.ticks_ms() - app.saves.since)

    play_paced(sim, 45, check=check)  # never put down: no idle write
    assert len(log) >= 4
    gaps = [b - a for a, b in zip(log, log[1:])]
    assert min(gaps) >= persist.PERIOD_MS  # at most 6 an hour
    assert worst[0] <= persist.PERIOD_MS + 100  # a change waits at most 10 minutes
    assert len(log) <= 45 // 10 + 1


def test_the_device_put_down_saves_once_ten_minutes_have_passed():
    sim = started()
    sim.hw_state.nvm.log = log = []
    wait(sim, persist.IDLE_MS + 1000)  # the deal, then put down: nothing written yet
    assert len(log) == 1  # the first write of this power-on: at once
    play_paced(sim, 2)
    wait(sim, persist.IDLE_MS + 1000)
    assert len(log) == 1  # 2 minutes after the last write: it waits
    sim.press("START", "B")  # the pause menu writes at once
    assert len(log) == 2
    wait(sim, persist.PERIOD_MS + MINUTE)  # lying on the table: nothing to write
    assert len(log) == 2
    play_paced(sim, 2, seed=2)
    since = sim.app.saves.since
    wait(sim, persist.IDLE_MS + 1000)  # put down 13 minutes after the last write
    assert len(log) == 3 and log[2] - log[1] >= persist.PERIOD_MS
    assert log[2] - since < persist.PERIOD_MS  # earlier than the 10 minutes would have


def test_nothing_is_written_when_nothing_changed():
    sim = started()
    wait(sim, 3 * persist.PERIOD_MS)
    assert sim.hw_state.nvm.writes == 1  # the deal, once the device was put down
    wait(sim, 3 * persist.PERIOD_MS)
    assert sim.hw_state.nvm.writes == 1
    play_keys(sim, 4)
    wait(sim, persist.PERIOD_MS + MINUTE)
    assert sim.hw_state.nvm.writes == 2
    for _ in range(5):
        assert sim.app.lights.level  # dark after 11 minutes: the first key wakes it
        sim.press("B", "START", "B")  # ... then the pause menu: saved already
        wait(sim, persist.PERIOD_MS + MINUTE)
    assert sim.hw_state.nvm.writes == 2


def test_setup_and_names_survive_a_power_off_without_a_game():
    sim = harness.Sim(render=False)
    st_ = sim.app.settings
    sim.press("RIGHT", "DOWN", "DOWN", "DOWN", "RIGHT")  # 3 players, sound off
    assert sim.hw_state.nvm.writes == 0  # not per key
    sim.press("DOWN", "A", "UP", "A")  # rename seat 1: 'Qlayer 1', kept at once
    assert sim.hw_state.nvm.writes == 1
    sim.press("DOWN", "RIGHT")  # seat 2 becomes a computer
    assert sim.hw_state.nvm.writes == 1
    wait(sim, persist.SETUP_IDLE_MS + 500)  # ... and the device is put down
    assert sim.hw_state.nvm.writes == 2
    sim.power_cycle()
    assert sim.app.state == A.S_SETUP
    st2 = sim.app.settings
    assert st2.players == 3 and not st2.sound and st2.names[0] == "Qlayer 1"
    assert st2.kinds[1] == 1 and "Qlayer 1" in sim.screen_text()
    assert st_ is not st2


def test_a_game_left_for_setup_is_not_offered_again():
    sim = started()
    play_keys(sim, 10)
    sim.press("START", "B")  # saved with the game
    sim.press("START", "UP", "A", "A")  # back to setup (the last row; and yes, leave it)
    wait(sim, persist.SETUP_IDLE_MS + 500)
    sim.power_cycle()
    assert sim.app.state == A.S_SETUP


def test_starting_with_new_settings_keeps_them_with_the_deal():
    sim = harness.Sim(render=False)
    sim.press("RIGHT")  # 3 players
    sim.press("UP", "A")  # start: nothing written yet (an hour of play costs 6 writes)
    assert sim.hw_state.nvm.writes == 0
    sim.press("START")  # the pause menu: setup and deal together
    assert sim.hw_state.nvm.writes == 1
    sim.power_cycle()
    assert sim.app.state == A.S_RESUME and sim.app.settings.players == 3


def test_low_battery_saves_once_and_shows_a_mark():
    from taki_ui import battery

    sim = started()
    play_keys(sim, 6)
    assert sim.app.saves.pending()
    sim.hw_state.battery_mv[0] = battery.LOW_MV - 50
    for _ in range(4):
        wait(sim, 5000)
    assert sim.app.battery.low and sim.hw_state.nvm.writes == 1
    assert not sim.app.stage.marks.hidden and sim.app.stage.marks[0] == 1  # the battery
    play_keys(sim, 6, seed=2)
    for _ in range(4):
        wait(sim, 5000)
    assert sim.hw_state.nvm.writes == 1  # once
    sim.hw_state.battery_mv[0] = 4100  # on the charger
    wait(sim, 6000)
    assert not sim.app.battery.low
    sim.press("START")  # the next write takes the mark away
    assert sim.app.stage.marks.hidden


def test_a_power_cut_during_a_save_keeps_the_new_or_the_previous_game():
    import _simhw

    def to_the_second_save():
        sim = started()
        play_keys(sim, 20, seed=4)
        sim.press("START", "B")  # saved
        first = save.pack(sim.app.game)
        play_keys(sim, 12, seed=5)
        assert not sim.app.game.over()
        return sim, first, save.pack(sim.app.game)

    window = 1 + -(-(store.HEAD + SIZE + store.TAIL) // 16)  # the erase and page 0's record
    for cut in (0, 1, window - 1, window, window + 20, _simhw.STEPS - 1):
        sim, first, second = to_the_second_save()
        assert first != second
        sim.hw_state.nvm.cut_after = cut
        try:
            sim.press("START")
            raise AssertionError("no write was made")
        except _simhw.PowerCut:
            pass
        sim.power_cycle()
        if 1 <= cut < window:  # inside the window: both slots are gone
            assert sim.app.state == A.S_SETUP
            continue
        assert sim.app.state == A.S_RESUME, cut
        sim.press("A")
        assert save.pack(sim.app.game) in (first, second), cut


def test_corrupt_or_foreign_save_is_cleared_with_a_notice():
    sim = harness.Sim(render=False)
    nvm = sim.hw_state.nvm
    junk = bytes(random.Random(9).randrange(256) for _ in range(2 * store.SLOT_SIZE))
    nvm[0:len(junk)] = junk
    sim.power_cycle()
    assert sim.app.state == A.S_SETUP
    assert "Old save unreadable" in sim.screen_text()
    assert sim.app.settings.players == 2  # the defaults
    assert sim.hw_state.nvm.writes == 2  # the junk, then the clearing write
    sim.press("DOWN")  # the notice goes with the next key
    assert "Old save unreadable" not in sim.screen_text()
    sim.power_cycle()  # never offered twice
    assert "Old save unreadable" not in sim.screen_text()


def _forge(nvm, edit):
    """Change the newest record's payload with edit(payload), then make its
    record check good again (as only a bug or another program would)."""
    s = store.Store(nvm, SIZE)
    assert s.read() == store.R_OK
    at = s.slot * store.SLOT_SIZE
    rec = bytearray(nvm[at:at + store.SLOT_SIZE])
    body = bytearray(rec[store.HEAD:store.HEAD + SIZE])
    edit(body)
    rec[store.HEAD:store.HEAD + SIZE] = body
    end = store.HEAD + SIZE
    c = store.check(rec, end)
    rec[end], rec[end + 1] = c >> 8, c & 0xFF
    nvm[at:at + store.SLOT_SIZE] = rec


def test_another_game_s_blob_in_a_slot_is_refused():
    sim = started(seed=3)
    play_keys(sim, 10)
    sim.press("START", "B")
    nvm = sim.hw_state.nvm
    good = bytes(nvm)
    s = store.Store(nvm, SIZE)
    s.read()
    at = s.slot * store.SLOT_SIZE
    g = Game()
    g.reset(7, 99)  # a 7-player game, a valid blob of its own
    rec = bytearray(nvm[at:at + store.SLOT_SIZE])
    rec[store.HEAD + 119:store.HEAD + 119 + save.BLOB_SIZE] = save.pack(g)
    nvm[at:at + store.SLOT_SIZE] = rec  # the record's check no longer holds
    assert persist.Saves(nvm, Settings(), Game(), Computer()).load() == persist.L_BAD
    # with the record's check made good, the blob disagrees with the setup
    nvm[0:NVM] = good
    _forge(nvm, lambda b: b.__setitem__(slice(119, 119 + save.BLOB_SIZE), save.pack(g)))
    assert persist.Saves(nvm, Settings(), Game(), Computer()).load() == persist.L_BAD
    sim.power_cycle()
    assert sim.app.state == A.S_SETUP and "Old save unreadable" in sim.screen_text()
    sim.power_cycle()
    assert "Old save unreadable" not in sim.screen_text()


def test_a_damaged_game_blob_is_refused_the_settings_kept():
    sim = harness.Sim(render=False)
    sim.press("RIGHT", "UP", "A")  # 3 players: written
    play_keys(sim, 10)
    sim.press("START", "B")
    nvm = sim.hw_state.nvm

    def damage(body):
        body[119 + 30] ^= 0x55  # inside the game blob, whose own CRC then fails

    _forge(nvm, damage)
    sim.power_cycle()
    assert sim.app.state == A.S_SETUP and "Old save unreadable" in sim.screen_text()
    assert sim.app.settings.players == 3
    sim.power_cycle()
    assert sim.app.state == A.S_SETUP and sim.app.settings.players == 3
