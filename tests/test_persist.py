"""Saves that survive a flat battery: the two-slot store, torn writes at
every byte offset, corrupt and foreign saves, and the app's resume prompt."""

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"

from hypothesis import given, settings, strategies as st  # noqa: E402

from sim import harness  # noqa: E402

harness.install()

from taki_core import save  # noqa: E402
from taki_core.game import Game  # noqa: E402
from taki_ui import app as A  # noqa: E402
from taki_ui import persist, store  # noqa: E402
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


class CutNvm(bytearray):
    """A write stores only its first `cut` bytes; the rest keep the old
    bytes (fill=None) or read as erased flash (fill=0xFF)."""

    def setup(self, cut, fill=None):
        self.cut = cut
        self.fill = fill
        return self

    def __setitem__(self, i, v):
        start, stop, _ = i.indices(len(self))
        n = min(self.cut, len(v))
        bytearray.__setitem__(self, slice(start, start + n), v[:n])
        if self.fill is not None:
            bytearray.__setitem__(self, slice(start + n, stop), bytes([self.fill]) * (stop - start - n))


def test_record_fits_a_slot_and_two_slots_fit_the_samd51_nvm():
    assert store.HEAD + SIZE + store.TAIL <= store.SLOT_SIZE
    assert store.NVM_NEEDED <= NVM  # CIRCUITPY_INTERNAL_NVM_SIZE on SAMD51
    assert persist.PAYLOAD == 119 + save.BLOB_SIZE


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


def test_a_write_cut_at_every_byte_offset_leaves_a_loadable_save():
    rec_len = store.HEAD + SIZE + store.TAIL
    for history in (1, 2, 3):  # the slot being rewritten: erased, or an old save
        base = saved(history)
        for fill in (None, 0xFF):
            for cut in range(rec_len + 1):
                nvm = CutNvm(base).setup(cut, fill)
                s = store.Store(nvm, SIZE)
                assert s.read() == store.R_OK
                s.write(payload(99))
                r, got = newest(nvm)
                assert r == store.R_OK, (history, fill, cut)
                want = payload(99) if cut == rec_len else payload(history)
                assert got == want, (history, fill, cut)
                if cut == rec_len:
                    continue
                # and the next save after power-on is good again
                nvm.cut = 1 << 30
                s2 = store.Store(nvm, SIZE)
                s2.read()
                s2.write(payload(100))
                assert newest(nvm) == (store.R_OK, payload(100))


def test_first_save_ever_cut_short_reads_as_bad_not_a_crash():
    for cut in range(0, store.HEAD + SIZE + store.TAIL, 7):
        nvm = CutNvm(b"\xff" * NVM).setup(cut)
        s = store.Store(nvm, SIZE)
        s.read()
        s.write(payload(1))
        r, _ = newest(nvm)
        assert r in (store.R_EMPTY, store.R_BAD)


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


def test_app_saves_every_turn_and_offers_resume(tmp_path):
    path = str(tmp_path / "nvm.bin")
    sim = harness.Sim(render=False, save=path)
    assert sim.app.state == A.S_SETUP  # nothing saved yet: no question
    sim.app.next_seed = 11
    sim.press("UP", "A")
    assert sim.app.saves.writes == 1  # the deal
    turns = [0]
    orig = sim.app.saves.save

    def counting(in_game):
        turns[0] += 1
        orig(in_game)

    sim.app.saves.save = counting
    play_keys(sim, 60)
    assert turns[0] >= 5
    g = sim.app.game
    blob = save.pack(g)
    assert os.path.getsize(path) == NVM
    # a new simulator run on the same file: the question, then the same game
    sim2 = harness.Sim(render=False, save=path)
    assert sim2.app.state == A.S_RESUME
    text = sim2.screen_text()
    assert "Resume game?" in text and "A resume" in text
    sim2.press("START")  # no pause menu over the question
    assert sim2.app.state == A.S_RESUME
    sim2.press("A")
    assert save.pack(sim2.app.game) == blob
    assert sim2.app.state == A.S_PASS  # hands stay private: pass first
    # B: to setup instead, with the saved settings
    sim3 = harness.Sim(render=False, save=path)
    sim3.press("B")
    assert sim3.app.state == A.S_SETUP


def test_a_power_cut_mid_save_resumes_the_previous_turn():
    sim = harness.Sim(render=False)
    sim.app.next_seed = 3
    sim.press("UP", "A")
    play_keys(sim, 20, seed=4)
    sim.power_cycle()
    sim.press("A")
    good = save.pack(sim.app.game)  # the last completed turn
    nvm = sim.hw_state.nvm
    nvm.cut_after = 100  # the next save stops 100 bytes in
    try:
        play_keys(sim, 200, seed=5)
        raise AssertionError("no save was attempted")
    except harness_power_cut():
        pass
    sim.power_cycle()
    assert sim.app.state == A.S_RESUME
    sim.press("A")
    assert save.pack(sim.app.game) == good


def harness_power_cut():
    import _simhw

    return _simhw.PowerCut


def test_settings_and_names_persist_without_a_game():
    sim = harness.Sim(render=False)
    st_ = sim.app.settings
    sim.press("RIGHT", "DOWN", "DOWN", "DOWN", "RIGHT")  # 3 players, sound off
    sim.press("DOWN", "A", "UP", "A")  # rename seat 1: 'Qlayer 1'
    sim.press("UP", "UP", "UP", "UP", "UP")  # to the last row
    sim.press("A")
    assert sim.app.state != A.S_SETUP
    sim.press("START", "DOWN", "DOWN", "A")  # pause, back to setup
    assert sim.app.state == A.S_SETUP
    assert st_.players == 3 and not st_.sound and st_.names[0] == "Qlayer 1"
    sim.power_cycle()
    assert sim.app.state == A.S_RESUME
    sim.press("B")
    st2 = sim.app.settings
    assert st2.players == 3 and not st2.sound and st2.names[0] == "Qlayer 1"
    assert "Qlayer 1" in sim.screen_text()


def test_corrupt_or_foreign_save_gives_a_notice_not_a_crash():
    sim = harness.Sim(render=False)
    nvm = sim.hw_state.nvm
    junk = bytes(random.Random(9).randrange(256) for _ in range(2 * store.SLOT_SIZE))
    nvm[0:len(junk)] = junk
    sim.power_cycle()
    assert sim.app.state == A.S_SETUP
    assert "Old save unreadable" in sim.screen_text()
    assert sim.app.settings.players == 2  # the defaults
    sim.press("DOWN")  # the notice goes with the next key
    assert "Old save unreadable" not in sim.screen_text()
    # a valid record whose game blob is damaged: settings kept, game refused
    sim.press("UP", "UP", "A")
    play_keys(sim, 10)
    sim.app.saves.save(True)
    slot = sim.app.saves.store.slot * store.SLOT_SIZE
    rec = bytearray(nvm[slot:slot + store.SLOT_SIZE])
    gat = store.HEAD + 119 + 30
    rec[gat] ^= 0x55  # inside the game blob...
    end = store.HEAD + SIZE
    c = store.checksum(rec, end)  # ...with the record's checksum made good again
    rec[end], rec[end + 1] = c >> 8, c & 0xFF
    nvm[slot:slot + store.SLOT_SIZE] = rec
    sim.power_cycle()
    assert sim.app.state == A.S_SETUP and "Old save unreadable" in sim.screen_text()
