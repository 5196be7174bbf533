"""The game in other languages (issue 15): the setting, the first start's
question, texts that fit, no English left on any screen, and what happens
when a language's file is missing or damaged."""

import os
import re
import shutil

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest  # noqa: E402

from sim.build import lang, texts  # noqa: E402
from sim.testing import harness, shots  # noqa: E402

harness.install()

from taki_ui import app as A  # noqa: E402
from taki_ui import persist, rest, settings, strings, text  # noqa: E402
from test_opaque_lines import not_bars  # noqa: E402

LONG = "WWWWWWWWWW"  # the widest name the rename screen makes
LATIN = [c for c in text.LANGS if c not in texts.SHAPED]
SHAPED = [c for c in text.LANGS if c in texts.SHAPED]
OTHER = [c for c in text.LANGS if c != "en"]
TWO = ("N_", "NO_", "DREW", "LAST_EARLY", "ONLY_BREAKER", "SAVED", "SURE", "P3_EXPLAIN",
       "NAME_", "LANG_BAD")


def _fills(value):
    """Every way to fill a text's places that could make it longest: each
    colour, each card, each symbol; names and numbers at their widest."""
    options = []
    for p in texts.places(value):
        k = texts.kind(p)
        if k == texts.K_COLOUR:
            options.append(range(4))
        elif k == texts.K_CARD:
            options.append(range(57))
        elif k == texts.K_TEXT:
            options.append(range(strings.SYM_1, strings.SYM_TAKI + 1))
        else:
            options.append((116,) if p == "n" else (LONG,))
    combos = [[]]
    for o in options:
        combos = [c + [v] for c in combos for v in o]
    return combos


@pytest.mark.parametrize("code", LATIN)
def test_every_text_fits_its_lines_in_every_language(code):
    assert text.lang.load(code)
    table = texts.table_of("en")
    for name, value in table:
        n = getattr(strings, name)
        if name.startswith("HELP_") and name != "HELP_KEYS":
            # the help screen: 3 lines of 18 beside the card, then 2 of 26
            k = text.compose(n)
            at = 0
            for width in (18, 18, 18, 26, 26):
                at = text.split_at(at, k, width)
                at += 1 if at < k else 0
            assert at >= k, (code, name)
            continue
        lines = 2 if name.startswith(TWO) else 1
        for args in _fills(value):
            assert text.fits(n, *args, lines=lines), (code, name, args)
    # lines that share their row with more, or start further right
    pause = max(text.compose(strings.RESUME), text.compose(strings.CARD_HELP),
                text.compose(strings.RECORDS),
                text.compose(strings.NEW_GAME),
                text.compose(strings.SOUND_IS, strings.ON),
                text.compose(strings.SOUND_IS, strings.OFF))
    assert 2 + pause <= 25, code  # the pause menu's rows sit at x=8: 25 columns show
    assert 2 + text.compose(strings.P3_BREAK, LONG) + 3 <= 26, code  # then " <>"
    colour = max(text.compose(strings.RED + c) for c in range(4))
    on = max(text.compose(strings.STACK, 16), text.compose(strings.PLUS3_ON),
             text.compose(strings.RUN))
    assert colour + 4 + on <= 24, code  # the table's top line, at x=16: "Red >> +3 on!"


@pytest.mark.parametrize("code", LATIN)
def test_setup_labels_and_values_never_meet(code):
    """A setup row's label and its value (the widest of each) leave a gap."""
    assert text.lang.load(code)
    labels = [strings.PLAYERS, strings.STARTS, strings.MODE, strings.SOUND, strings.LANGUAGE]
    values = [strings.ON, strings.OFF, strings.MODE_NORMAL, strings.MODE_TOURNAMENT,
              strings.LANG_NAME] + [strings.KIND_HUMAN + i for i in range(4)]
    widest = max(max(text.compose(v) for v in values), text.compose(strings.PLAYER, 10),
                 len(LONG))  # a value, a default name, a typed name
    for label in labels:
        assert 1 + text.compose(label) + 1 + widest <= 25, (code, label)
    assert text.compose(strings.PLAYER, 10) <= len(LONG), code  # a default name is a name
    kinds = max(text.compose(strings.KIND_HUMAN + i) for i in range(4))
    assert 1 + max(len(LONG), text.compose(strings.PLAYER, 10)) + 1 + kinds <= 25, code


def _english_words(code):
    """Words of the English texts that the language's own texts never use
    (a language may keep TAKI, KING, STOP...: then they are its words too)."""
    mine = set()
    for _, value in texts.table_of(code):
        mine.update(w.lower() for w in re.findall(r"[A-Za-z]{2,}", value))
    eng = set()
    for _, value in texts.table_of("en"):
        eng.update(w.lower() for w in re.findall(r"[A-Za-z]{2,}", texts.PLACE.sub("", value)))
    return eng - mine - {"sel"}


def english_left(code):
    """The screens of the README's walk that show English in language
    `code`: {screen: [line, ...]} (names typed by the players excepted).
    Every screen must also cut nothing (sim.testing.harness.cut), and only bars may
    have a background (tests/test_opaque_lines.py)."""
    words = _english_words(code)
    found = {}
    cut = harness.cut()
    for name, sim in shots.walk(code):
        assert harness.cut() == cut, (code, name, sim.texts())
        assert not_bars(sim) == [], (code, name)  # a line over things is transparent
        if name == "00-language":
            continue  # every language's own name, English's too
        names = {w.lower() for n in sim.app.names for w in re.findall(r"[A-Za-z]{2,}", n)}
        for line in sim.texts():
            bad = [w for w in re.findall(r"[A-Za-z]{2,}", line)
                   if w.lower() in words and w.lower() not in names]
            if bad:
                found.setdefault(name, []).append(line)
    return found


@pytest.mark.parametrize("code", OTHER)
def test_no_english_is_left_on_any_screen_and_nothing_is_cut(code):
    assert english_left(code) == {}


@pytest.mark.parametrize("code", SHAPED)
def test_every_shaped_text_fits_where_the_screens_show_it(code):
    """Each text's widest line, with the widest name, number, colour, card,
    in the box its screen gives it (sim.build.lang.BOXES)."""
    assert lang.overflow(code) == []


def test_the_fit_check_finds_a_text_too_wide(monkeypatch):
    b = lang.build("hi")
    monkeypatch.setattr(b, "table", [(n, " ".join([v] * 6) if n == "RESUME" else v)
                                     for n, v in b.table])
    assert [o[0] for o in lang.overflow("hi")] == ["RESUME"]


@pytest.mark.parametrize("code", SHAPED)
def test_a_word_on_the_screen_is_the_picture_the_build_drew(code):
    """The board reads a word's 8-pixel columns into the line: the pixels
    are the shaped word's, at the language's line height."""
    b = lang.build(code)
    assert text.lang.load(code)
    ln = text.Line(text.lang.lh)
    ln.ltr = True
    ln.show(strings.LANG_NAME)
    word = dict(b.table)["LANG_NAME"]
    width, rows = b.drawn[word]
    rows = rows[b.top:b.top + b.height]
    got = [[ln.bitmap[x, y] for x in range(width)] for y in range(text.lang.lh)]
    assert got == [list(r) for r in rows]
    assert all(ln.bitmap[x, y] == 0 for x in range(width, text.WIDTH) for y in range(text.lang.lh))


def test_sindhi_reads_from_the_right_with_names_left_to_right_inside():
    assert text.lang.load("sd") and text.lang.rtl
    ln = text.Line(text.lang.lh)
    ln.x = 2
    ln.show(strings.PASS_READY, "Noa")  # "A: مان Noa آهيان", read from the right
    assert ln.text.startswith(":A ") and "Noa" in ln.text  # the algorithm's order (test_bidi)
    cols = [x for x in range(text.WIDTH) if any(ln.bitmap[x, y] for y in range(text.lang.lh))]
    assert 150 <= cols[-1] < 156  # ends at the right margin (156 wide from x=2)
    # ":" then "A" at the right end, as the bidirectional algorithm puts
    # them: A's glyph last, at the right margin; the colon on its reading side
    a = text.Line(text.lang.lh)
    a.ltr = True
    a.set(":A")
    tail = [[ln.bitmap[x, y] for y in range(text.lang.lh)] for x in range(144, 156)]
    assert tail == [[a.bitmap[x, y] for y in range(text.lang.lh)] for x in range(12)]
    # the name, in the middle, reads left to right too
    n = text.Line(text.lang.lh)
    n.ltr = True
    n.set("Noa")
    name = [[n.bitmap[x, y] for y in range(text.lang.lh)] for x in range(18)]
    row = [[ln.bitmap[x, y] for y in range(text.lang.lh)] for x in range(text.WIDTH)]
    assert any(row[x:x + 18] == name for x in range(text.WIDTH - 18))


def test_sindhi_points_the_menu_cursor_left_at_its_row():
    # on a right-to-left line the cursor sits at the right edge: it must point
    # left, at its row's label; the play-direction marks keep their sense (the
    # seats' grid stays left to right), and names are never changed
    def cols(ln):
        return [[ln.bitmap[x, y] for y in range(text.lang.lh)] for x in range(text.WIDTH)]

    assert text.lang.load("sd") and text.lang.rtl
    for put, shown in ((">", "<"), (">>", ">>"), ("<<", "<<"), ("Noa", "Noa"), ("A>", "A>")):
        ln = text.Line(text.lang.lh)
        ln.x = 2
        ln.clear()
        ln.put(0, put)
        ln.done()
        want = text.Line(text.lang.lh)
        want.ltr = True
        want.x = 2
        want.clear()
        want.put(26 - len(shown), shown)  # the same place, drawn left to right
        want.done()
        assert cols(ln) == cols(want), put
    ltr = text.Line(text.lang.lh)
    ltr.ltr = True
    ltr.clear()
    ltr.put(0, ">")
    ltr.done()
    assert ltr.text == ">"  # a left-to-right line is left alone
    sim = harness.Sim(lang="sd")
    assert sim.app.state == A.S_SETUP
    shown = [ln.text for ln in sim.app.screen.rows if ln.text.strip()]
    assert any(t.endswith("<") or t.startswith("<") for t in shown), shown
    assert not any(">" in t for t in shown), shown


def test_the_glossary_is_up_to_date_and_names_the_game_s_words_in_every_language():
    from sim.build import glossary

    with open(glossary.OUT, encoding="utf-8") as f:
        assert f.read() == glossary.markdown()
    order, terms = glossary.table()
    for term in ("card", "red", "green", "blue", "yellow", "player", "turn", "play", "draw",
                 "stop", "plus", "taki", "supertaki", "king", "+3 breaker", "last card", "win"):
        assert term in terms, term
        for code, _ in glossary.LANGS:
            assert terms[term].get(code, ("",))[0], (term, code)


def test_the_walk_would_see_english_if_a_text_were_not_translated(monkeypatch):
    """The check above can fail: with English's turn text in Tagalog, it does."""
    real = text.Texts.read

    def read(self, n, buf):
        if self.code == "tl" and n == strings.KEYS_TURN:
            return real(english, n, buf)
        return real(self, n, buf)

    english = text.Texts("en")
    monkeypatch.setattr(text.Texts, "read", read)
    assert "04-turn" in english_left("tl")


def test_the_first_start_asks_the_language_in_its_own_words_and_keeps_it():
    sim = harness.Sim(render=False, lang=None)
    assert sim.app.state == A.S_LANG
    shown = sim.texts()
    for code in text.LANGS:
        own = dict(texts.table_of(code))["LANG_NAME"]
        assert any(own in line for line in shown), (code, shown)
    sim.choose_language("tl")
    assert sim.app.state == A.S_SETUP and sim.app.settings.lang == "tl"
    assert "Simulan ang laro" in sim.screen_text()
    assert "Kalaro 1" in sim.screen_text()  # the default names speak it too
    sim.press("UP", "A", "START")  # start, pause: the pause menu saves
    sim.power_cycle()
    assert sim.app.state == A.S_RESUME and sim.app.settings.lang == "tl"
    resume = dict(texts.table_of("tl"))["RESUME_TITLE"]
    assert resume in sim.screen_text()
    sim.press("B")
    assert "Simulan ang laro" in sim.screen_text()


class _Counted:
    """A language file that counts the bytes read from it (into `got`)."""

    def __init__(self, path, got):
        self.f = open(path, "rb")
        self.name = os.path.basename(path)
        self.got = got
        got.setdefault(self.name, 0)

    def read(self, n=-1):
        b = self.f.read(n)
        self.got[self.name] += len(b)
        return b

    def readinto(self, buf):
        n = self.f.readinto(buf)
        self.got[self.name] += n
        return n

    def seek(self, *a):
        return self.f.seek(*a)

    def tell(self):
        return self.f.tell()

    def close(self):
        self.f.close()


def test_the_first_start_reads_only_the_names_then_the_chosen_file_whole(monkeypatch):
    """The question shows six names: it reads (and CRC-checks) only what each
    name needs; the whole file is read and checked once it is chosen."""
    got = {}
    monkeypatch.setattr(text, "open", lambda path, mode="r": _Counted(path, got),
                        raising=False)
    text.lang.texts = None  # as at power-on: nothing loaded yet
    sim = harness.Sim(render=False, lang=None)
    assert sim.app.state == A.S_LANG
    size = {c: os.path.getsize(os.path.join(LANG_DIR, c + ".bin")) for c in text.LANGS}
    asked = dict(got)
    assert set(asked) == {c + ".bin" for c in text.LANGS}
    for c in OTHER:
        # the header, the offsets, the name's text (and its words' pictures,
        # once to check, once to draw): a small part of the file
        assert asked[c + ".bin"] < 1100 and asked[c + ".bin"] < size[c] // 3, (c, asked)
    # English is the language in use while the question is up: read whole
    assert asked["en.bin"] >= size["en"]
    sim.choose_language("ml")
    assert sim.app.settings.lang == "ml" and text.lang.texts.code == "ml"
    more = {n: got[n] - asked.get(n, 0) for n in got}
    assert more.pop("ml.bin") >= size["ml"]  # chosen: checked whole
    # English was in use until then: some of its texts (the default names,
    # which the new language's replace), not the whole file again
    assert 0 < more.pop("en.bin") < size["en"] // 2
    assert not any(more.values()), more  # no other file read again


def test_the_question_shows_a_name_but_choosing_its_damaged_file_keeps_english(
        restore_files):
    """Damage outside the name is found when the file is chosen."""
    path = os.path.join(restore_files, "ml.bin")
    with open(path, "rb") as f:
        data = bytearray(f.read())
    data[len(data) // 2] ^= 0x20
    with open(path, "wb") as f:
        f.write(data)
    sim = harness.Sim(render=False, lang=None)
    own = dict(texts.table_of("ml"))["LANG_NAME"]
    assert any(own in line for line in sim.texts())
    sim.choose_language("ml")
    assert sim.app.state == A.S_SETUP and text.lang.texts.code == "en"
    assert "Language file bad: English" in sim.screen_text()


def test_a_name_damaged_shows_the_code_at_the_question(restore_files):
    """Damage in what the question reads: the language's code instead."""
    path = os.path.join(restore_files, "sd.bin")
    with open(path, "rb") as f:
        data = bytearray(f.read())
    data[30] ^= 1  # an offset, still in order: the question's CRC-32 finds it
    with open(path, "wb") as f:
        f.write(data)
    sim = harness.Sim(render=False, lang=None)
    assert "sd" in sim.texts()


def test_the_setup_row_changes_the_language_at_once():
    sim = harness.Sim(render=False)
    sim.press("UP", "UP")  # the row above "Start the game": the language
    assert ">Language" in sim.screen_text()
    tl = text.LANGS.index("tl")
    sim.press(*["RIGHT"] * tl)
    assert sim.app.settings.lang == "tl"
    assert "Wika" in sim.screen_text() and "Language" not in sim.screen_text()
    assert sim.app.names[0] == "Kalaro 1"
    sim.press("LEFT")  # the one before it: pictures of its script, its words for "Player 1"
    assert sim.app.settings.lang == text.LANGS[tl - 1] and text.lang.pixels
    assert sim.app.names[0] == settings.default_name(0) != "P1"
    player = dict(texts.table_of(text.LANGS[tl - 1]))["PLAYER"]
    assert player.replace("{n}", "1") in sim.screen_text()
    assert dict(texts.table_of(text.LANGS[tl - 1]))["LANGUAGE"] in sim.screen_text()
    sim.press(*["LEFT"] * (tl - 1))
    assert sim.app.settings.lang == "en" and "Language" in sim.screen_text()
    assert sim.app.names[0] == "Player 1"


def test_a_renamed_seat_keeps_its_name_when_the_language_changes():
    sim = harness.Sim(render=False)
    sim.app.names[1] = "Noa"
    sim.press("UP", "UP", "LEFT")  # the last language: Tagalog
    assert sim.app.names[1] == "Noa" and sim.app.names[0] == "Kalaro 1"


# --- bad input: a missing or damaged file, an unknown code --------------------------

LANG_DIR = os.path.join(harness.ROOT, "lib", "taki_ui", "lang")


@pytest.fixture
def restore_files(tmp_path, monkeypatch):
    """A copy of the language files for the game to read, its folder
    returned: a test damages the copy, never the checkout's files (which
    the tests running beside it in other workers read)."""
    copy = tmp_path / "lang"
    copy.mkdir()
    for f in os.listdir(LANG_DIR):
        if f.endswith(".bin"):
            shutil.copyfile(os.path.join(LANG_DIR, f), copy / f)
    # text.Texts finds lang/ beside its own file
    monkeypatch.setattr(text, "__file__", str(tmp_path / "text.py"))
    yield str(copy)
    monkeypatch.undo()
    text.lang.texts = None
    text.lang.load("en")


def _saved_in(code):
    """A board whose nvm holds settings in language `code`."""
    sim = harness.Sim(render=False)
    sim.app.settings.lang = code
    sim.app.saves.changed(settings=True)
    rest.save_now(sim.app)
    sim.step()  # the write comes at the next pass of the loop
    assert sim.app.saves.writes == 1
    return sim


def _damage(path, how):
    with open(path, "rb") as f:
        data = bytearray(f.read())
    if how == "missing":
        os.remove(path)
        return
    if how == "short":
        data = data[:len(data) // 2]
    elif how == "header":
        data[0] ^= 0xFF
    elif how == "count":
        data[4] ^= 1
    elif how == "offset":
        data[9] ^= 0x40
    elif how == "text":
        data[-3] ^= 0x20
    elif how == "empty":
        data = bytearray()
    with open(path, "wb") as f:
        f.write(data)


@pytest.mark.parametrize("how", ["missing", "short", "header", "count", "offset", "text", "empty"])
@pytest.mark.parametrize("code", OTHER)
def test_a_missing_or_damaged_language_file_gives_english_with_a_notice(
        code, how, restore_files, capsys):
    sim = _saved_in(code)
    _damage(os.path.join(restore_files, code + ".bin"), how)
    sim.power_cycle()
    assert sim.app.state == A.S_SETUP and text.lang.texts.code == "en"
    assert sim.app.settings.lang == code  # kept: a recopied file brings it back
    screen = sim.screen_text()
    assert "Language file bad: English" in screen and "Start the game" in screen
    assert "copy the game onto the board again" in capsys.readouterr().out
    assert sim.app.names[0] == "Player 1"  # the rest of the settings are kept
    # and the game plays on, in English
    sim.press("UP", "A")
    assert sim.app.state == A.S_PASS


@pytest.mark.parametrize("code", ["xx", "\x00\x00", "\xff\xff", "EN"])
def test_an_unknown_language_code_in_nvm_gives_english_with_a_notice(code):
    sim = _saved_in(code)
    sim.power_cycle()
    assert text.lang.texts.code == "en" and sim.app.names[0] == "Player 1"
    assert "Language file bad: English" in sim.screen_text()
    sim.press("UP", "UP", "LEFT", "RIGHT")  # a language chosen in the setup
    assert sim.app.settings.lang == "en"
    rest.save_now(sim.app)
    sim.step()
    sim.power_cycle()
    assert "Language file bad" not in sim.screen_text()


def test_damaged_english_itself_stops_with_what_to_do(restore_files):
    """English is the fallback: without it the board cannot speak at all,
    and the message (on the serial console) says what to do."""
    _damage(os.path.join(restore_files, "en.bin"), "text")
    text.lang.texts = None
    with pytest.raises(OSError, match="copy the game onto the board again"):
        text.lang.load("en")


def test_choosing_a_language_whose_file_is_damaged_stays_in_english(restore_files):
    sim = harness.Sim(render=False)
    _damage(os.path.join(restore_files, "tl.bin"), "text")
    sim.press("UP", "UP", "LEFT")
    assert sim.app.settings.lang == "en"
    assert "Language file bad: English" in sim.screen_text()


def test_the_language_files_are_what_the_tables_make():
    for path, data in lang.outputs().items():
        with open(path, "rb") as f:
            assert f.read() == data, path


def test_every_language_offered_has_its_table_and_its_own_name():
    for code in text.LANGS:
        table = dict(texts.table_of(code))
        assert table["LANG_NAME"] and table["TITLE"] == "TAKI"
        assert os.path.exists(os.path.join(LANG_DIR, code + ".bin"))


def test_a_settings_record_is_not_refused_for_its_language():
    """The language sits at the payload's end: an unknown one never costs
    the names or the game."""
    sim = _saved_in("zz")
    from taki_core.game import Game
    from taki_ui.players import Computer
    from taki_ui.settings import Settings

    st = Settings()
    assert persist.Saves(sim.board.nvm, st, Game(), Computer()).load() == persist.L_SETTINGS
    assert st.lang == "zz"


def test_shots_make_the_readme_s_pictures_of_every_language(tmp_path):
    shots.make(str(tmp_path), langs=["tl"])
    assert sorted(os.listdir(tmp_path / "tl")) == ["03-pass.png", "04-turn.png"]
    shutil.rmtree(tmp_path)


# Sindhi in `make test` (right to left, the tallest lines); the others are
# the same screens in other words (their texts' fit is checked for each in
# test_every_shaped_text_fits_..., their screens in the README's walk)
@pytest.mark.parametrize("code", [c if c == "sd" else pytest.param(c, marks=pytest.mark.slow)
                                  for c in OTHER])
def test_a_whole_tournament_plays_in_every_language_and_cuts_nothing(code):
    """Two people and a computer play a tournament to its end in the
    language: every screen of it (passes, turns, +3 prompts, notices,
    refusals the robot's keys meet, the standings) cuts no text."""
    import random

    sim = harness.Sim(render=False, lang=code)
    st = sim.app.settings
    st.players = 3
    st.tournament = True
    st.kinds[2] = 2
    sim.app.next_seed = 7
    cut = harness.cut()
    sim.press("UP", "A")
    harness.play(sim, random.Random(5), limit=30000)
    assert sim.app.state == A.S_OVER and sim.app.game.over()
    assert text.lang.texts.code == code and harness.cut() == cut
    own = dict(texts.table_of(code))["OVER_KEYS"].split()[-1]
    assert own in sim.screen_text()  # the standings screen, in the language


def test_all_languages_text_takes_under_200_kb_of_flash():
    total = sum(os.path.getsize(os.path.join(LANG_DIR, c + ".bin")) for c in text.LANGS)
    assert total < 200 * 1024
    # and the shaped ones share their words: each word's picture is stored once
    for code in SHAPED:
        b = lang.build(code)
        assert len(b.words) == len(set(b.words)) and lang.flash(code) == os.path.getsize(
            os.path.join(LANG_DIR, code + ".bin"))
