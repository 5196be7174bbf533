"""The board's tones in the simulator: recorded headless (frequency, duration,
start), played through pygame's mixer in the window; the sound setting
governs both."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from sim.testing import harness  # noqa: E402

harness.install()

import pygame  # noqa: E402
import pytest  # noqa: E402

import audioio  # noqa: E402  (the stand-in, from sim/device)
from taki_ui import app as A  # noqa: E402
from taki_ui import lights  # noqa: E402


@pytest.fixture
def sim(monkeypatch):
    """A 2-person game started, waiting for Player 1 to take the device; the
    virtual clock in 1 ms polls so that each note is timed to the ms (at the
    default 20 ms a note ends at the first poll at or after its end)."""
    pygame.mixer.quit()  # as a fresh headless run (a window test may have opened it)
    s = harness.Sim(render=False)
    monkeypatch.setattr(s.hw_state, "POLL_MS", 1)
    s.press("UP", "A")
    assert s.app.state == A.S_PASS
    return s


def quiet(sim, ms=1000, limit=200000):
    """Let the clock run on for `ms` (longer than any tune), then no note sounds."""
    hw = sim.hw_state
    end = hw.ticks_ms() + ms
    for _ in range(limit):
        if hw.ticks_ms() >= end:
            break
        sim.step()
    assert all(d is not None for _, d, _ in hw.tones), "a note never ended"


def expected(tune, t0):
    """A tune's notes as the record has them: rests are gaps."""
    out = []
    for freq, ms in tune:
        if freq:
            out.append((freq, ms, t0))
        t0 += ms
    return out


def recorded_tune(sim, tune, since=0):
    """The notes recorded from `since` on are `tune`, from its first note's start."""
    quiet(sim)
    got = sim.hw_state.tones[since:]
    assert got, "no tone"
    assert got == expected(tune, got[0][2])
    return got


def table(sim, hands, discard):
    harness.arrange(sim, len(hands), hands, discard, humans=(0, 1))
    if sim.app.state == A.S_PASS:
        sim.press("A")


def test_taking_the_device_plays_the_turn_tune(sim):
    hw = sim.hw_state
    assert hw.tones == [] and hw.speaker is None
    sim.press("A")  # Player 1 takes the device
    assert sim.app.state == A.S_TURN
    assert hw.tones[0][:2] == (660, None)  # sounding now
    got = recorded_tune(sim, lights.TURN)
    assert got[0][2] < got[1][2]
    assert hw.sounds == [660, 880]
    assert pygame.mixer.get_init() is None  # headless: no mixer


def test_at_the_default_poll_a_note_ends_within_one_poll():
    sim = harness.Sim(render=False)
    hw = sim.hw_state
    assert hw.POLL_MS == 20
    sim.press("UP", "A", "A")
    quiet(sim)
    want = expected(lights.TURN, hw.tones[0][2])
    assert [f for f, _, _ in hw.tones] == [f for f, _, _ in want]
    steps = [i for i, (f, _) in enumerate(lights.TURN) if f]  # notes and rests before
    for (_, d, t), (_, ms, t_want), i in zip(hw.tones, want, steps):
        assert ms <= d < ms + hw.POLL_MS
        assert t_want <= t < t_want + i * hw.POLL_MS + 1  # each step late by < 1 poll


def test_a_forgotten_last_card_plays_the_penalty_tune(sim):
    sim.press("A")
    table(sim, [["R5", "R6"], ["Y3", "Y4", "Y5"]], ["R3"])
    quiet(sim)
    n0 = len(sim.hw_state.tones)
    sim.press("A")  # R5 without SELECT: a penalty
    assert sim.app.game.hand_size(0) == 5
    recorded_tune(sim, lights.PENALTY, n0)


def test_the_last_card_plays_the_win_tune(sim):
    sim.press("A")
    table(sim, [["R6"], ["Y3", "Y4", "Y5"]], ["R3"])
    quiet(sim)
    n0 = len(sim.hw_state.tones)
    sim.press("A")
    assert sim.app.state == A.S_OVER
    recorded_tune(sim, lights.WIN, n0)


def test_sound_off_in_setup_records_and_plays_nothing(monkeypatch):
    sim = harness.Sim(render=False)
    hw = sim.hw_state
    played = []
    monkeypatch.setattr(hw, "speaker", Speaker(played))
    sim.press("DOWN", "DOWN", "DOWN", "RIGHT")  # the Sound row: off
    assert not sim.app.settings.sound
    sim.press("DOWN", "DOWN", "DOWN", "DOWN", "A")  # past the players, the language: Start
    assert sim.app.state == A.S_PASS
    sim.press("A")  # no turn tune
    table(sim, [["R5", "R6"], ["Y3", "Y4", "Y5"]], ["R3"])
    sim.press("A")  # no penalty tune
    assert sim.app.game.hand_size(0) == 5
    sim.press("A")  # Player 2 takes the device
    table(sim, [["R6"], ["Y3", "Y4", "Y5"]], ["R3"])
    sim.press("A")  # no win tune
    assert sim.app.state == A.S_OVER
    for _ in range(500):
        sim.step()
    assert hw.tones == [] and hw.sounds == []
    assert [c for c in played if c[0] == "play"] == []  # (switching it off stops it)


def test_sound_off_in_the_pause_menu_cuts_the_tune_and_silences(sim):
    hw = sim.hw_state
    sim.press("A")  # the turn tune starts...
    assert hw.tones[-1][1] is None
    sim.press("START", "DOWN", "A")  # ...and the pause menu turns the sound off
    assert not sim.app.settings.sound
    quiet(sim)
    assert hw.tones[-1][0] == 660 and hw.tones[-1][1] < 70  # cut short
    n0 = len(hw.tones)
    sim.press("B")  # back to the game
    table(sim, [["R5", "R6"], ["Y3", "Y4", "Y5"]], ["R3"])
    sim.press("A")  # a penalty, silent
    assert sim.app.game.hand_size(0) == 5
    quiet(sim)
    assert len(hw.tones) == n0
    # sound on again: the next turn has its tune
    sim.press("A", "START", "DOWN", "A", "B")
    assert sim.app.settings.sound and sim.app.state == A.S_TURN
    table(sim, [["G5", "G6"], ["Y3", "Y4", "Y5"]], ["G3"])
    recorded_tune(sim, lights.TURN, n0)


class Speaker:
    """Stands in for the window's Mixer: what AudioOut asks it to play."""

    def __init__(self, calls):
        self.calls = calls

    def play(self, buffer, sample_rate, loop):
        self.calls.append(("play", sample_rate // len(buffer), loop, bytes(buffer)))

    def stop(self):
        self.calls.append(("stop",))


def test_the_window_speaker_is_asked_for_each_note(sim, monkeypatch):
    calls = []
    monkeypatch.setattr(sim.hw_state, "speaker", Speaker(calls))
    sim.press("A")
    quiet(sim)
    # 660 Hz, the rest, 880 Hz, the end: each note looped until stopped
    assert [c[:3] for c in calls] == [("play", 660, True), ("stop",),
                                      ("play", 880, True), ("stop",)]
    assert calls[0][3] == calls[2][3] == bytes(board_wave())  # the board's own wave


def board_wave():
    """The wave boards/sound.py plays (16 unsigned 16-bit samples)."""
    from boards.sound import Tone

    return Tone()._sample.buffer


@pytest.mark.parametrize("freq", sorted({f for t in (lights.TURN, lights.PENALTY, lights.WIN,
                                                     lights.BUMP) for f, _ in t if f}))
def test_synth_makes_the_notes_frequency_for_a_second(freq):
    wave = board_wave()
    out = audioio.synth(wave, freq * len(wave), 22050)
    assert len(out) == 22050  # one second: loops as the board's sample does
    rising = sum(1 for i in range(len(out)) if out[i - 1] < 0 <= out[i])
    assert rising == freq
    assert set(out) == {0x1800, -0x1800}  # the board's quiet square wave
    assert len(audioio.synth(wave, freq * len(wave), 44100, n=441)) == 441


def test_the_mixer_plays_and_stops_a_note_on_sdls_dummy_driver():
    assert os.environ.get("SDL_AUDIODRIVER") == "dummy"  # no real device
    try:
        mixer = audioio.Mixer()
    except pygame.error as e:
        pytest.skip("no dummy audio driver: %s" % e)
    try:
        assert pygame.mixer.get_init() == (audioio.MIX_RATE, -16, 1)
        mixer.play(board_wave(), 660 * 16, True)
        assert pygame.mixer.get_busy()
        assert abs(mixer._sound.get_length() - 1.0) < 0.01
        mixer.stop()
        assert not pygame.mixer.get_busy()
    finally:
        pygame.mixer.quit()


def test_without_an_audio_device_the_window_stays_silent(monkeypatch, capsys):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    pygame.mixer.quit()
    assert audioio.open_speaker() is None
    out = capsys.readouterr().out
    assert out.startswith("No sound: ") and out.count("\n") == 1
