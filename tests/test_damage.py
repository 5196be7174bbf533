"""Damaged or missing files never crash (issue 23, item 2), in the device
tier: per damage case, the file is damaged in a copy of the .mpy bundle (and
the same way in what the simulator reads), the simulator records a whole
"4 mixed" game with it (GAME), and CircuitPython 10.2.1's VM replays that game
through code.py. The game must end as in the simulator and the notice must
be on the screen; where nothing can show text (English itself broken), the
game stops with a screen and a console line that name the file and the fix.

One VM run per damage case: the card sheet, a language drawn in pictures
(Malayalam: its word table and pictures are checked too), English, the
settings record in nvm, and the game's own modules. (The simulator's own
handling of each damage: test_a_damaged_card_sheet_gives_plain_faces_drawn_in_code
and tests/test_lang.py.)"""

import os
import re
import shutil

import pytest

from sim.testing import harness
from sim.vm import cpvm, device_tier

needs_cp = pytest.mark.skipif(cpvm.tools() is None, reason=cpvm.missing())

LIB = os.path.join(harness.ROOT, "lib", "taki_ui")
CARDS_NOTICE = "cards.bmp missing: recopy"
LANG_NOTICE = "Language file bad: English"
SAVE_NOTICE = "Old save unreadable: reset"
FIX = "copy the game onto the board again"
# cut at several lengths (inside the header, inside what follows it, one
# byte short), empty, a garbage header, flipped bytes in the middle, missing
HOWS = ("cut-10", "cut-half", "cut-1", "empty", "header", "middle", "missing")


def damage(data, how):
    """data damaged as `how` says (None: the file is gone)."""
    data = bytearray(data)
    if how == "missing":
        return None
    if how.startswith("cut-"):
        n = how[4:]
        return bytes(data[:len(data) // 2 if n == "half" else
                          (10 if n == "10" else len(data) - int(n))])
    if how == "empty":
        return b""
    if how == "header":
        data[:16] = b"GARBAGE-HEADER!!"
    elif how == "middle":
        for i in range(len(data) // 2, len(data) // 2 + 3):
            data[i] ^= 0x5A
    return bytes(data)


def _put(path, data):
    if data is None:
        if os.path.exists(path):
            os.remove(path)
    else:
        with open(path, "wb") as f:
            f.write(data)


@pytest.fixture(scope="module")
def dev(tmp_path_factory):
    if cpvm.tools() is None:
        pytest.skip(cpvm.missing())
    return device_tier.Device(str(tmp_path_factory.mktemp("damage")))


def damaged(dev, rel, how):
    """rel (a file of lib/taki_ui) damaged as `how`, both in a copy of the
    bundle and in a folder the simulator reads instead of lib/taki_ui:
    (that folder, the bundle copy)."""
    case = re.sub(r"\W+", "-", rel + "-" + how)
    files = os.path.join(dev.root, case + "-sim")
    if os.path.isdir(files):
        shutil.rmtree(files)
    os.makedirs(os.path.join(files, "lang"))
    shutil.copy(os.path.join(LIB, "cards.bmp"), files)
    for name in os.listdir(os.path.join(LIB, "lang")):
        if name.endswith(".bin"):
            shutil.copy(os.path.join(LIB, "lang", name), os.path.join(files, "lang"))
    with open(os.path.join(files, rel), "rb") as f:
        bad = damage(f.read(), how)
    _put(os.path.join(files, rel), bad)
    bundle = dev.copy(case)
    _put(os.path.join(bundle, "lib", "taki_ui", rel), bad)
    return files, bundle


def watched(out, text):
    """The loop pass at which a line first showed text (-1: never)."""
    m = re.search(r"^WATCH (-?\d+) %s$" % re.escape(text), out, re.M)
    assert m, out[-3000:]
    return int(m.group(1))


def screen(out):
    return [line[7:] for line in out.split("\n") if line.startswith("SCREEN ")]


def test_the_damage_cases_damage():
    data = bytes(range(256)) * 4
    assert damage(data, "missing") is None
    assert len(damage(data, "cut-10")) == 10 and len(damage(data, "cut-1")) == 1023
    assert len(damage(data, "cut-half")) == 512 and damage(data, "empty") == b""
    for how in ("header", "middle"):
        bad = damage(data, how)
        assert len(bad) == len(data) and bad != data


# --- in the simulator: what the board will draw --------------------------------
@pytest.mark.parametrize("how", HOWS)
def test_a_damaged_card_sheet_gives_plain_faces_drawn_in_code(how, tmp_path, capsys):
    harness.install()
    from taki_ui import cardart
    from taki_ui import sheet as sheet_mod

    path = str(tmp_path / "cards.bmp")
    with open(os.path.join(LIB, "cards.bmp"), "rb") as f:
        _put(path, damage(f.read(), how))
    sheet, why = sheet_mod.load(path)
    assert why == "cards.bmp"
    assert "lib/taki_ui/cards.bmp is missing or damaged" in capsys.readouterr().out

    def ink(x0, w=cardart.W):
        return sum(1 for x in range(x0, x0 + w) for y in range(cardart.SH) if sheet[x, y] == 1)

    faces = [ink(f * cardart.W) for f in range(cardart.NFACES)]
    assert all(faces[:-1]) and faces[-1] == 0  # every face its label; the back plain
    # the labels differ: a 5 is not a 6, STOP is not KING
    strips = [tuple(sheet[f * cardart.W + x, y] for x in range(cardart.W)
                    for y in range(cardart.SH)) for f in range(cardart.NFACES)]
    assert len(set(strips)) == cardart.NFACES
    # the colours' marks: their initials, on the cards and for the swatches
    assert all(ink((cardart.MARK0 + c) * cardart.W) for c in range(4))
    cells = cardart.MARK_CELLS * cardart.W
    assert all(ink(cells + c * cardart.MARK_W, cardart.MARK_W) for c in range(4))


def test_the_sheet_shipped_passes_its_own_check(capsys):
    harness.install()
    from taki_ui import cardart
    from taki_ui import sheet as sheet_mod

    sheet, why = sheet_mod.load()
    assert why is None and capsys.readouterr().out == ""


# --- in CircuitPython's VM: a whole game each -----------------------------------
@pytest.fixture(scope="module")
def settings_saved():
    """The board's nvm holding one save: the settings after the first start."""
    from taki_ui import rest, store

    sim = harness.Sim(render=False)
    sim.app.saves.changed(settings=True)
    rest.save_now(sim.app)
    sim.step()
    sim.step()
    data = bytes(sim.hw_state.nvm)
    slot1 = store.SLOT_SIZE
    harness.install()
    assert data[:2] == b"TS" and data[slot1:slot1 + 2] == b"\xff\xff"
    return data


NVM_HOWS = {
    # a write cut short: the record's second half never programmed
    "cut": lambda d: d[:150] + b"\xff" * (len(d) - 150),
    "header": lambda d: b"GARBAGE!" + d[8:],
    "middle": lambda d: d[:120] + bytes(b ^ 0x5A for b in d[120:123]) + d[123:],
    "zeroed": lambda d: b"\x00" * len(d),  # nothing ever saved, as erased: a first start
}
# the scripted game each damage is played through: people and computers,
# the pause menu and its card help (2,624 loop passes; "2 people" is 50,963)
GAME = "4 mixed"
# the game's own modules (.mpy): one cut short, one missing
MODULES = {"cut-half": "turn.mpy", "missing": "pause_screen.mpy"}
CASES = ([("cards.bmp", h) for h in HOWS] + [("lang/ml.bin", h) for h in HOWS]
         + [("lang/en.bin", h) for h in HOWS] + [("nvm", h) for h in sorted(NVM_HOWS)]
         + [("module", h) for h in sorted(MODULES)])


@pytest.fixture(scope="module")
def runs(shared, dev, settings_saved):
    """{(file, how): (recording or None, VM output, ok, figures)} of every
    case, made once per test run (the `shared` fixture: one worker makes it,
    the others read it)."""
    return shared.get("damage-runs", lambda _: _runs(dev, settings_saved))


def _runs(dev, settings_saved):
    """Every case: the simulator records (in turn) while the VM replays the
    one before (two at a time). Every damage of one file takes the simulator
    the same way (the plain faces, or English, with the same notice), so the
    simulator records one game per file, with the file missing, and the VM
    must play each damage to that game's very end."""
    from concurrent.futures import ThreadPoolExecutor

    def vm(rec, kw):
        if rec is None:
            rc, out, _ = dev.run(kw.pop("keys"), **kw)
            return None, out, rc == 0, None
        ok, fig, out = dev.play(rec, **kw)
        return rec, out, ok, fig

    jobs = {}
    recs = {}  # file (or way of the nvm) -> the simulator's game with it
    with ThreadPoolExecutor(2) as pool:
        for rel, how in CASES:
            tag = "-%s-%s" % (re.sub(r"\W+", "-", rel), how)
            if rel == "nvm":
                nvm = NVM_HOWS[how](settings_saved)
                # a record that fails its check is one way for the simulator,
                # an erased one (a first start) another
                way = "nvm-zeroed" if how == "zeroed" else "nvm-bad"
                if way not in recs:
                    recs[way] = device_tier.record(GAME, dev.root, nvm=nvm, tag=tag)
                rec = recs[way]
                notice = "^v A" if how == "zeroed" else SAVE_NOTICE  # zeroed: a first start
                kw = dict(nvm=nvm, args=("--watch", notice, "--watch", SAVE_NOTICE))
            elif rel in ("lang/en.bin", "module"):
                bundle = dev.copy("stop" + tag)
                name = rel if rel != "module" else MODULES[how]
                path = os.path.join(bundle, "lib", "taki_ui", name)
                with open(path, "rb") as f:
                    _put(path, damage(f.read(), how))
                keys = os.path.join(dev.root, "stop%s.keys" % tag)
                with open(keys, "w") as f:
                    f.write("30 END\n")  # no key: it must stop by itself
                rec, kw = None, dict(keys=keys, bundle=bundle)
            else:
                files, bundle = damaged(dev, rel, how)
                lang = "ml" if rel == "lang/ml.bin" else None
                if rel not in recs:
                    gone, _ = damaged(dev, rel, "missing")
                    recs[rel] = device_tier.record(GAME, dev.root, files=gone, lang=lang,
                                                   tag="-%s" % re.sub(r"\W+", "-", rel))
                rec = recs[rel]
                notice = CARDS_NOTICE if rel == "cards.bmp" else LANG_NOTICE
                kw = dict(bundle=bundle, args=("--watch", notice))
            jobs[rel, how] = pool.submit(vm, rec, kw)
        return {k: j.result() for k, j in jobs.items()}


def _whole_game(run):
    rec, out, ok, fig = run
    assert fig is not None, out[-3000:]  # a traceback or MemoryError ended it
    assert ok, (fig, rec.end)  # the game the simulator played, to its end
    return out


@needs_cp
@pytest.mark.parametrize("how", HOWS)
def test_a_damaged_card_sheet_plays_a_whole_game_with_a_notice(runs, how):
    out = _whole_game(runs["cards.bmp", how])
    assert watched(out, CARDS_NOTICE) > 0
    assert "lib/taki_ui/cards.bmp is missing or damaged" in out and FIX in out


@needs_cp
@pytest.mark.parametrize("how", HOWS)
def test_a_damaged_language_file_plays_a_whole_game_in_english_with_a_notice(runs, how):
    out = _whole_game(runs["lang/ml.bin", how])
    assert watched(out, LANG_NOTICE) > 0
    assert "lib/taki_ui/lang/ml.bin is missing or damaged" in out and FIX in out


@needs_cp
@pytest.mark.parametrize("how", HOWS)
def test_damaged_english_stops_with_the_file_and_the_fix_on_screen_and_console(runs, how):
    """English is every other language's fallback (and the default names'
    language): without it nothing can be said, so the game stops at
    power-on, on the firmware font's screen, and stays there."""
    _, out, ok, _ = runs["lang/en.bin", how]
    assert ok and "END DONE step=30" in out, out[-3000:]
    shown = screen(out)
    assert shown[0] == "/!\\ Something went wrong:" and "OSError" in shown
    text = " ".join(shown)
    assert "lib/taki_ui/lang/en.bin is" in text and FIX in text  # the file, and what to do
    assert "OSError: lib/taki_ui/lang/en.bin is missing or damaged: " + FIX in out  # console
    assert "GAME " not in out  # no game goes on


@needs_cp
@pytest.mark.parametrize("how", sorted(NVM_HOWS))
def test_a_damaged_save_plays_a_whole_game_from_the_defaults_with_a_notice(runs, how):
    out = _whole_game(runs["nvm", how])
    if how == "zeroed":
        assert watched(out, "^v A") > 0  # the first start's question
        assert watched(out, SAVE_NOTICE) < 0  # nothing was lost: nothing to say
    else:
        assert watched(out, SAVE_NOTICE) > 0


@needs_cp
@pytest.mark.parametrize("how", sorted(MODULES))
def test_a_module_cut_short_or_missing_stops_at_power_on_naming_it(runs, how):
    """A module cut short would hang its import (CircuitPython's .mpy reader
    reads on past the end): taki_ui.files checks every module's size first."""
    _, out, ok, _ = runs["module", how]
    assert ok and "END DONE step=30" in out, out[-3000:]
    name = "lib/taki_ui/" + MODULES[how]
    shown = screen(out)
    assert shown[0] == "/!\\ Something went wrong:" and "OSError" in shown
    assert name in "".join(shown) and FIX in " ".join(shown)  # (a long path: broken after a /)
    why = "is missing" if how == "missing" else "is damaged (cut short?)"
    assert "OSError: %s %s: %s" % (name, why, FIX) in out
    assert "GAME " not in out
