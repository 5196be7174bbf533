"""The speed benchmark's machinery (sim.vm.armvm, sim.bench.speed): short
scripted games replayed as Cortex-M4 code under qemu-arm, each loop pass
told apart by key and state. What is asserted is deterministic (pixels a
refresh sends, file reads, which passes are which), never a time."""

import os
import subprocess
import sys

import pytest

from sim.vm import armvm, cpvm
from sim.bench import speed as bench_speed

ROOT = cpvm.ROOT
need_arm = pytest.mark.skipif(not armvm.available() or cpvm.tools() is None,
                              reason=armvm.missing() or cpvm.missing())
CUT = ("keys", 45)  # the language, setup, and the first few turns of each seat
SHORT = [("4 mixed", CUT), ("4 mixed sd", CUT), ("4 mixed ml", CUT)]


def test_without_qemu_the_benchmark_says_so_in_one_line_and_fails(tmp_path):
    env = dict(os.environ, QEMU_ARM=str(tmp_path / "no-qemu-arm"))
    r = subprocess.run([sys.executable, "-m", "sim.bench", "speed"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    assert r.stdout.strip().splitlines() == [
        "speed: not measured: qemu-arm not found (apt-get install qemu-user): no ARM timing"]


@need_arm
def test_armvm_counts_between_markers_and_takirender_counts_pixels(tmp_path):
    script = tmp_path / "s.py"
    script.write_text(
        "import sys, displayio, takirender\n"
        "b = displayio.Bitmap(160, 128, 2)\n"
        "p = displayio.Palette(2)\n"
        "g = displayio.Group()\n"
        "g.append(displayio.TileGrid(b, pixel_shader=p))\n"
        "takirender.show(g)\n"
        "sys.stderr.write('full\\n')\n"
        "print(takirender.refresh())\n"
        "sys.stderr.write('pixel\\n')\n"
        "b[3, 4] = 1\n"
        "print(takirender.refresh())\n"
        "sys.stderr.write('end\\n')\n")
    r = armvm.run(str(script), cwd=str(tmp_path))
    assert r.rc == 0, r.out
    assert r.out.split() == ["20480", "1"]
    assert r.names == ["full", "pixel", "end"] and len(r.rows) == 4
    full, one = r.span(0, 1), r.span(1, 2)
    assert full["insns"] > 50 * one["insns"] > 0  # a whole frame against one pixel
    t = armvm.timing(full, px=20480)
    assert t["insns"] == full["insns"]
    low, mid, high = t["ms"]
    assert low < mid < high and mid == pytest.approx(armvm.ms(full, px=20480))
    assert t["spi_ms"] == pytest.approx(20480 * 16 / 24e6 * 1000)  # 13.7 ms a frame


@pytest.fixture(scope="module")
def short():
    if not armvm.available() or cpvm.tools() is None:
        pytest.skip(armvm.missing() or cpvm.missing())
    reps, S = bench_speed.run_games(SHORT, out=lambda s: None)
    return {r.rec.name: r for r in reps}, S


@need_arm
def test_the_short_games_end_on_the_arm_vm_as_in_the_simulator(short):
    reps, _ = short
    for name, r in reps.items():
        assert r.ok, (name, r.out[-2000:])
        assert len(r.passes) == r.rec.steps


@need_arm
def test_each_kind_of_pass_is_found_and_sends_what_it_sent(short):
    reps, S = short
    en = bench_speed.kinds(reps["4 mixed"].passes, S)
    sd = bench_speed.kinds(reps["4 mixed sd"].passes, S)
    ml = bench_speed.kinds(reps["4 mixed ml"].passes, S)
    for k in (en, sd, ml):
        (boot,) = k["boot"]
        assert boot.state == S.S_LANG and boot.px == 20480  # the question, a whole frame
        assert all(p.before.state == S.S_PASS for p in k["pass_to_hand"])
        assert all(p.state == S.S_PASS for p in k["pass"])
        # a card played, or a COLOR card's colour choice opened
        assert all(p.hand_last == p.before.hand_cur - 1 or p.state == S.S_COLOUR
                   for p in k["play"])
    assert any(p.state == S.S_COLOUR for p in en["play"] + ml["play"])
    # a cursor move: two cards' outlines, 2 x 640 px, the first move after the
    # hand is shown too (the notice lines wait off the screen while hidden:
    # hidden on the screen, displayio redrew their area after a new screen,
    # 3,960 px in English, 6,200 in Sindhi; table_screen._park)
    assert [p.px for p in en["cursor"]] == [1280, 1280, 1280, 1280]
    assert [p.px for p in sd["cursor"]] == [1280, 1280, 1280, 1280]
    # (a play's pass also sends what else changed in it: since the loop sleeps
    # to the next thing due, a notice can end in another pass than before).
    # A card whose tiles did not change is not redrawn (cardart._paint): it
    # was 13899, 10059, 14211, 13805 and 17389 in English; the last is the
    # colour chooser closing, each of its shapes marked on its own since it
    # is emptied before it goes (tests/test_panel_groups.py). Issue 22's room
    # for every text (tests/test_layout.py) changed them again: the bar a row
    # lower and shorter (-100 px a move in English), the chooser stopping at
    # the bottom line (-420), Sindhi's grid heading on a line from x=16 (+242),
    # the grid and leading card stepping aside under a tall chooser (+510 in
    # Malayalam's chooser closing); they were 8819, 9379, 14211, 9033, 18899;
    # 25623, 26183, 32823; 23647, 24207, 30207, 25701. Sindhi's mirrored
    # grid (its rows' lines from x=0: 160 px wide, not 112) sent 4,560 more
    # (30425, 30985, 37625); then a line of pictures was made to clear only
    # the pixels it drew (pictures.clear), not its whole width; Sindhi drawn
    # unhinted (its dots apart, sim/build/shape.py) has lines 17 px tall, not
    # 19: 16517, 17077, 36637 before
    # Lines only as wide as their text (taki_ui.text.Line's window) and only
    # what changed drawn again (TableScreen.show_table, Line.show): 8395,
    # 8973, 14555, 9779, 18083; 10761, 11339, 25889; 10829, 11407, 26195,
    # 22335. Since a play's pass draws its answer (the card's strips that
    # changed on the pile, the top line; the same person's hand when they
    # go on) and the rest of the table comes at the next pass (watch.public):
    # 4115 and 6825 where the same person went on, their hand closed up at
    # once; it empties the card's place since, and closes up at the next pass
    # A on a COLOR card opens its colour choice (6728 in English, 7738 in
    # Malayalam: the hand's rows and the key line); counted as a play since
    # it answers one. It sent 43040 (58000 in Sindhi) as vectorio shapes over
    # a background taller than the hand, the grid and the leading card
    # stepping aside in the tall scripts; 8648 and 10458 with a title over
    # the top line
    assert [p.px for p in en["play"]] == [1155, 1715, 3475, 3475, 6728, 2275]
    assert [p.px for p in sd["play"]] == [1155, 1715, 5947]
    assert [p.px for p in ml["play"]] == [1155, 1715, 6185, 6185, 7738]
    # B that drew: the hand with the drawn card and what was drawn; the top
    # line, the grid and the keys a pass later (turn.show_drawn): 8593, 8173;
    # 11759, 11339 (Sindhi); 11827, 11407 (Malayalam) when drawn at once
    assert [p.px for p in en["draw"]] == [5878, 5458]
    assert [p.px for p in sd["draw"]] == [6678, 6258]
    assert [p.px for p in ml["draw"]] == [6678, 6258]
    assert all(p.state == S.S_DREW for k in (en, sd, ml) for p in k["draw"])
    # every screen change is the whole frame once
    assert {p.px for k in (en, sd, ml) for p in k["pass"] + k["pass_to_hand"]} == {20480}
    # file reads of the pass screen: English draws its text in code, Sindhi
    # reads its pictures of text from flash (both read the screen's module,
    # its key handler among it, when it is imported; a default seat name is
    # the language's PLAYER pictures since issue 22: +238 reads in Sindhi,
    # +180 in Malayalam, one read per 8-pixel column of its words; the pass
    # screen's module a read longer since its name stands at the right in Sindhi;
    # Sindhi's unhinted words, 17 rows tall, not 19: fewer bytes to read,
    # 96 and 122 reads fewer: 976 and 1237 before). Since a word's picture
    # is read whole, in one read (bitmaptools.readinto read a row at a time
    # from the file), and the word table is in memory: 880 and 1115 in
    # Sindhi, 922 and 1063 in Malayalam before. Since the pass screen's
    # module stays imported between turns, its 21 reads are gone from each
    # pass (24, 42 and 39 before)
    # Since the pass screen stays built beside the table and a line showing
    # what it showed is not drawn again, a pass reads only the next name's
    # texts (the first builds the screen)
    # (15, 10, 10, 10, 16 and 13, 9, 9, 9, 12 before a word's picture was read
    # in pieces of 32 pixels, a read each, straight into a Bitmap's memory;
    # the first pass built the screen, 2, 18 and 19 reads, before it was built
    # with the table; 13, 13, 13, 13, 20 and 12, 12, 12, 12, 16 before a text
    # not ending at its column was drawn in one walk, not measured first). A
    # +3 pass says what for in the "(hand hidden)" line: the pass after it
    # reads that text again (English's last, 1 before)
    # Since the pass screen is told the name while "Next" shows it (a loop
    # pass before: watch.tick), the pass that shows it reads nothing but the
    # +3 pass's purpose (1, 1, 1, 1, 2, 2; 10, 10, 10, 10, 16; 9, 9, 9, 9,
    # 12 before)
    assert [p.reads for p in en["pass"]] == [0, 0, 0, 0, 1, 0]
    assert [p.reads for p in sd["pass"]] == [0, 0, 0, 0, 6]
    assert [p.reads for p in ml["pass"]] == [0, 0, 0, 0, 3]


@need_arm
def test_the_figure_line_has_every_field(short):
    reps, S = short
    line = bench_speed.line(bench_speed.figures(list(reps.values()), S))
    assert line.startswith("speed: ")
    words = line[len("speed: "):].split()
    assert [w.split("=")[0] for w in words] == list(bench_speed.FIELDS)
    for w in words:
        float(w.split("=")[1])  # a figure, not "-"


def test_where_says_why_without_qemu(tmp_path):
    env = dict(os.environ, QEMU_ARM=str(tmp_path / "no-qemu-arm"))
    r = subprocess.run([sys.executable, "-m", "sim.bench", "where", "cursor"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    assert r.stdout.strip().splitlines() == [
        "where: not measured: qemu-arm not found (apt-get install qemu-user): no ARM timing"]


@need_arm
def test_where_shows_a_cursor_move_call_by_call():
    # sim.bench where: the worst pass of a kind, as a tree of the calls in it
    r = subprocess.run([sys.executable, "-m", "sim.bench", "where", "cursor", "4 mixed"],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    out = r.stdout.splitlines()
    assert out[0].startswith("pass ") and ("(cursor, 1280 px, " in out[0] or "(cursor, 1024 px, " in out[0]) and " areas " in out[0]
    names = [line.split()[0] for line in out[1:]]
    assert names[0] == "pass" and "refresh" in names
    assert "table_screen.TableScreen.move_cursor" in names
    ms = {line.split()[0]: float(line.split()[1]) for line in out[1:]}
    assert 0 < ms["table_screen.TableScreen.move_cursor"] < ms["pass"]
