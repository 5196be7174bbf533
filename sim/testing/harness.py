"""Run the real app on the simulated board (desktop only).

`install()` puts the board stand-ins of sim/device/ in front of the import
path (ahead of Blinka's own `board`, `keypad`, ...), then `lib/` and the
project root, as CircuitPython's /lib and / are. `Sim` builds the app
exactly as code.py does and steps it; tests drive it with key names and
look at what is drawn.
"""

import os
import sys

from sim import ROOT

CHAR_W = 6  # a column of the board's font (boards.CHAR_W)

DEVICE = os.path.join(ROOT, "sim", "device")
LIB = os.path.join(ROOT, "lib")

# Modules the stand-ins replace, and modules that bind to them at import.
_STANDINS = ("board", "keypad", "neopixel", "microcontroller", "digitalio", "analogio",
             "audioio", "audiocore", "supervisor", "terminalio", "bitmaptools", "_simhw",
             "_simdisplay")
_BOUND = ("adafruit_ticks", "boards", "boards.pybadge", "boards.pygamer", "boards.sound")


def cut():
    """What the screens could not fit so far: taki_ui.text.lang.cut, and while
    a shaped script's language is in use, what its pictures' lines could not
    (the language takes that over when it lets its Pictures go)."""
    from taki_ui import text

    p = text.lang.pics
    return text.lang.cut + (p.cut if p is not None else 0)


def paths():
    """The board stand-ins, lib/ and the project root in front of the import path."""
    for p in (ROOT, LIB, DEVICE):
        if p in sys.path:
            sys.path.remove(p)
        sys.path.insert(0, p)


def install(board="pybadge", headless=True, scale=4, save=None):
    """Make `import board` (and the rest) give the simulated `board` kind.
    nvm starts erased, or from the file `save` (kept up to date there)."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # headless: notes recorded, not played
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    paths()
    import _simhw

    if "board" in sys.modules:
        import displayio

        displayio.release_displays()
        for name in ("board", "_simdisplay") + _BOUND:
            sys.modules.pop(name, None)
    for name in ("keypad", "neopixel", "microcontroller", "digitalio", "analogio", "supervisor",
                 "terminalio", "bitmaptools"):
        mod = sys.modules.get(name)
        if mod is not None and not getattr(mod, "__file__", "").startswith(DEVICE):
            del sys.modules[name]  # Blinka's, imported before us
    _simhw.BOARD = board
    _simhw.HEADLESS = headless
    _simhw.SCALE = scale
    _simhw.reset()
    _simhw.use_file(save)
    import board as _board  # noqa: F401  (creates DISPLAY)

    _bind_time()
    from taki_ui import text

    text.lang.trace = True  # lines keep what they drew: tests read the shaped scripts too
    text.lang.words = _Words()
    return _simhw


def _bind_time():
    """Import the board drivers with `time` standing for the simulated
    board's: its sleep is _simhw.sleep (the virtual clock, headless), the rest
    is the host's. Their dependencies come first, with the host's `time`."""
    import importlib
    import types

    import _simhw

    for name in ("adafruit_ticks", "boards", "boards.sound"):
        importlib.import_module(name)
    host = sys.modules["time"]
    board_time = types.ModuleType("time")
    for k in dir(host):
        if not k.startswith("__"):
            setattr(board_time, k, getattr(host, k))
    board_time.sleep = _simhw.sleep
    sys.modules["time"] = board_time
    try:
        for name in ("boards.pybadge", "boards.pygamer"):
            importlib.import_module(name)
    finally:
        sys.modules["time"] = host


class _Words:
    """(language, word number) -> the word (taki_ui.text.words)."""

    def __getitem__(self, key):
        from sim.build import lang

        code, i = key
        return lang.build(code).words[i]


class Sim:
    """The app on a simulated board, stepped by hand.

    step() is one pass of the app's main loop; press() queues key presses
    and runs the app until it waits for a person again.
    """

    def __init__(self, board="pybadge", headless=True, render=True, save=None, lang="en"):
        self.hw_state = install(board, headless, save=save)
        self.render = render
        self.lang = lang  # chosen when the first start asks (None: left asking)
        self.steps = 0  # passes of the app's loop since power-on (sim.vm.device_tier)
        self._boot()

    def _boot(self):
        from boards.detect import detect
        from taki_ui import text
        from taki_ui.app import App

        # Power-on: a board's modules start afresh, so English's line height
        # and no pictures until the app loads its language (a game before in
        # this process may have left another: tests/test_frames.py saw it)
        text.lang.load("en")

        self.board = detect()
        self.app = App(self.board)  # as code.py does
        self.display = self.board.display
        self.display.render = self.render
        self._record_notices()
        self.settle()
        if self.lang is not None:
            self.choose_language(self.lang)

    def choose_language(self, code):
        """At the first start's language question: choose `code` (keys)."""
        from taki_ui import states, text

        if self.app.state != states.S_LANG:
            return
        while self.app.screen.chosen() != code:
            self.press("DOWN")
        self.press("A")

    def _record_notices(self):
        """Keep every notice the app shows, in English, in self.notices."""
        from sim.build import texts

        app = self.app
        show = app.notice
        self.notices = []

        def record(n, a=0, b=0, seats=0):
            if n >= 0:
                self.notices.append(texts.shown(n, app.names[a] if seats & 1 else a,
                                                app.names[b] if seats & 2 else b))
            show(n, a, b, seats)

        app.notice = record

    def power_cycle(self):
        """A flat battery, then power-on: a new board driver and app on the
        same nvm (and the same simulated TFT); all else is forgotten."""
        h = self.hw_state
        for kp in list(h.keypads):
            kp.deinit()
        del h.pixels[:]
        del h._feed[:]
        h._hold = 0
        h.joystick[0] = h.joystick[1] = h.JOY_CENTRE
        h.nvm.cut_after = -1
        self.app = None
        self.steps = 0
        self._boot()

    def step(self):
        self.app.step()
        self.steps += 1

    def settle(self, limit=200000):
        """Step until the feed is empty and the app waits for a key."""
        h = self.hw_state
        for _ in range(limit):
            self.app.step()
            self.steps += 1
            if not h.pending() and not self.app.busy():
                return
        raise RuntimeError("the app never settled")

    def press(self, *names):
        for name in names:
            self.hw_state.press(name)
            self.settle()

    def shot(self, path):
        self.display.save(path)

    # --- looking at what is drawn -------------------------------------------
    def texts(self):
        """Texts of every label visible on the screen, top to bottom. The
        pieces of a table's row (display_text labels in the cells of a
        GridLayout, and lines at that row) are joined into one text, each
        piece at its column (taki_ui.text: CHAR_W pixels a column)."""
        placed = self.lines_placed(True)
        table_rows = {y for x, y, scale, ln in placed if isinstance(ln, LabelLine)}
        out = []
        at = {}  # y -> where its row is in out
        for x, y, scale, ln in placed:
            if y not in table_rows:
                out.append(ln.text)
                continue
            if y not in at:
                at[y] = len(out)
                out.append({})
            for i, ch in enumerate(ln.text):
                if ch != " ":
                    out[at[y]][x // CHAR_W + i] = ch
        for k, e in enumerate(out):
            if isinstance(e, dict):
                out[k] = "".join(e.get(i, " ") for i in range(max(e) + 1)) if e else ""
        return [t.strip() for t in out if t.strip()]

    def lines_shown(self):
        """(x, y, scale, text) of every visible text line, top to bottom (the
        lines of display_text labels too)."""
        return [(x, y, scale, ln.text) for x, y, scale, ln in self.lines_placed(True)]

    def lines_placed(self, labels=False):
        """(x, y, scale, line) of every visible line of the pool (taki_ui.text),
        top to bottom: where the screen shows it; labels: each line of a
        display_text label as well, as a LabelLine (its text only)."""
        lines = {id(ln.tile): ln for ln in self.app.stage.lines.lines}
        for ln in getattr(self.app.screen, "rows", None) or ():  # a screen's own lines
            lines.setdefault(id(ln.tile), ln)
        out = []
        _walk(self.display.root_group, 0, 0, 1, lines, out, labels)
        out.sort(key=lambda e: (e[1], e[0]))
        return out

    def screen_text(self):
        return "\n".join(self.texts())

    def pixel(self, x, y):
        if not self.display.render:
            self.display.redraw()
        return tuple(self.display.surface().get_at((x, y)))[:3]


def libraries_held(sim, module, next_cls, monkeypatch, key):
    """Tests: press key on the screen of taki_ui.<module> (the Records, the
    standings), which leaves it for a screen of class next_cls (built
    before the key returns); for each such build, whether the Label and
    GridLayout the module named were garbage by then: [[True, True]] when
    its names let the libraries go as it was left. (The screen must have
    imported the libraries itself: none left in sys.modules before it, nor
    named by a test module.)"""
    import gc
    import weakref

    mod = sys.modules["taki_ui." + module]
    held = [weakref.ref(mod.Label), weakref.ref(mod.GridLayout)]
    seen = []
    real = next_cls.__init__

    def built(self, *args):
        gc.collect()
        seen.append([r() is None for r in held])
        real(self, *args)

    monkeypatch.setattr(next_cls, "__init__", built)
    sim.press(key)
    return seen


def each_table(sim, fn, monkeypatch=None):
    """Call fn(table) with every TableScreen the app builds or shows again
    from now on (tests: the table's module is forgotten and imported again
    when a screen needs the room, so a patch of its class would not last).
    sim: that simulator's app; or, with monkeypatch, every app (Stage.show
    patched for the test)."""
    from taki_ui import stage as _stage

    show = _stage.Stage.show

    def watched(stage, module, cls, *args):
        screen = show(stage, module, cls, *args)
        if stage.table is not None:
            fn(stage.table)
        return screen

    if monkeypatch is not None:
        monkeypatch.setattr(_stage.Stage, "show", watched)
    else:
        st = sim.app.stage
        st.show = lambda module, cls, *args: watched(st, module, cls, *args)


def ink(ln):
    """The inked pixels of a line of the pool (taki_ui.text.Line), {(x, y)}
    from its column 0's top left: a line of pictures' bitmap, or the firmware
    font's glyphs that a line in the board's font shows."""
    from boards import CHAR_W, LINE_H, SCREEN_W

    out = set()
    if ln.bitmap is not None:
        bm = ln.bitmap
        for y in range(bm.height):
            for x in range(SCREEN_W):
                if bm[x, y]:
                    out.add((x, y))
        return out
    import terminalio

    font = terminalio.FONT.bitmap
    for k, v in enumerate(ln.shown):
        if v > 1:
            for y in range(LINE_H):
                for x in range(CHAR_W):
                    if font[(v - 1) * CHAR_W + x, y]:
                        out.add((k * CHAR_W + x, y))
    return out


def _walk(group, ox, oy, scale, lines, out, labels):
    """Collect the pool's lines (taki_ui.text) that are visible in group."""
    if group.hidden:
        return
    ox += group.x * scale
    oy += group.y * scale
    scale *= group.scale
    for item in group:
        if hasattr(item, "line_spacing") and hasattr(item, "text"):  # a display_text label
            if labels and not item.hidden:
                _label_lines(item, ox, oy, scale, out)
        elif hasattr(item, "append"):
            _walk(item, ox, oy, scale, lines, out, labels)
        elif id(item) in lines and not item.hidden:  # (x: where its column 0 stands)
            ln = lines[id(item)]
            out.append((ox + ln.x * scale, oy + item.y * scale, scale, ln))


class LabelLine:
    """A line of an adafruit_display_text label, as lines_placed gives it."""

    def __init__(self, s):
        self.text = s


def _label_lines(lab, ox, oy, scale, out):
    """Each line of the label lab's text, where it stands (its box's top left)."""
    x0, y0 = lab.bounding_box[:2]
    x = ox + (lab.x + x0) * scale
    y = oy + (lab.y + y0) * scale
    pitch = int(lab.line_spacing * lab.font.get_bounding_box()[1])
    for i, s in enumerate(lab.text.split("\n")):
        out.append((x, y + i * pitch * scale, scale, LabelLine(s)))


def cursor_to(sim, name):
    """Move the hand's cursor (RIGHT presses) to the card named `name`."""
    from taki_core.cards import card_type

    t = sim.app.table
    for _ in range(t.n):
        if sim.app.hand[t.cursor] == card_type(name):
            return
        sim.press("RIGHT")
    raise AssertionError("no %s in the hand" % name)


def robot_key(sim, rnd):
    """A key a person might press now: plays a lit card when there is one,
    else draws / closes / ends. Used by the tests and the demo. None when
    the game is over (or not started)."""
    from taki_core.cards import BREAK
    from taki_core.game import M_CLOSE, P_RUN
    from taki_ui import app as A

    app = sim.app
    st = app.state
    if st == A.S_PASS or st == A.S_DREW:
        return "A"
    if st == A.S_COLOUR:
        return rnd.choice(("A", "RIGHT", "A"))
    if st == A.S_PLUS3:
        if app.screen.row == 0 and app.screen.nc and rnd.random() < 0.3:
            return "DOWN"
        return "A"
    if st == A.S_BREAK:
        return "A" if app.playable[BREAK] and app.hand[app.table.cursor] == BREAK else "B"
    if st == A.S_PAUSE:
        return "B"
    if st != A.S_TURN:
        return None
    g = app.game
    t = app.table
    lit = [i for i in range(t.n) if app.playable[app.hand[i]]]
    if lit and (g.phase() == P_RUN or rnd.random() < 0.9):
        if not hasattr(app, "_robot_target") or app._robot_target not in lit:
            app._robot_target = rnd.choice(lit)
        target = app._robot_target
        if t.cursor != target:  # the shorter way (RIGHT moves back in a mirrored hand)
            step = 1 if (target - t.cursor) % t.n <= t.n // 2 else -1
            return "RIGHT" if t.step(True) == step else "LEFT"
        if g.hand_size(g.current()) == 2 and not g.declared():
            return "SELECT"
        del app._robot_target
        return "A"
    if g.phase() == P_RUN and g.check(M_CLOSE) != 0:
        return "UP"
    return "B"


def play(sim, rnd, limit=5000, on_key=None, press=None):
    """Press robot keys until the game is over; return how many.
    press(key) stands in for sim.press (sim.vm.device_tier records them)."""
    for i in range(limit):
        k = robot_key(sim, rnd)
        if k is None:
            return i
        if on_key is not None:
            on_key(k)
        (press or sim.press)(k)
    raise RuntimeError("no end after %d keys" % limit)


def arrange(sim, players, hands, discard, current=0, humans=None, settle=True, **kw):
    """Tests: start the app on an exact table (taki_core's Game.arrange).
    hands: lists of card names per seat; discard: names, leading card last;
    the draw pile is the rest of the deck in canonical order."""
    from taki_core.cards import DECK_SIZE, card_type, canonical_deck
    from taki_ui import watch

    app = sim.app
    st = app.settings
    st.players = players
    for s in range(players):
        st.kinds[s] = 0 if humans is None or s in humans else 2
    deck = bytearray(DECK_SIZE)
    canonical_deck(deck)
    rest = list(deck)
    hands_t = [[card_type(n) for n in h] for h in hands]
    disc_t = [card_type(n) for n in discard]
    for t in [t for h in hands_t for t in h] + disc_t:
        rest.remove(t)
    app.game.arrange(players, hands_t, disc_t, rest, current=current, **kw)
    app.notices.reset(app.game)
    app.viewer = -1
    app.p3_asked = False
    app.saves.in_game = True  # as a game started from the setup screen
    app.saves.mark()
    watch.watch(app, 0)
    if settle:
        sim.settle()

