"""The game as a state machine of screens: the loop and the flow between them.

One screen is shown at a time (taki_ui.stage; the table stays built beside
the pass screen). `step()` is one pass of the main loop: read a key, let
timers run, refresh the display (taki_ui.rest). A key goes to its state's
handler (KEYS): a screen's own `key(app, k)` (its module is loaded only
while it is shown), or on the table a person's turn (taki_ui.turn), the +3
Breaker's (taki_ui.plus3_flow: rest.plus3), the public table's (taki_ui.watch).
The rules are the core's (`legal_moves`, the event ring, `check`). Hands stay
private: one is on screen only in S_TURN / S_COLOUR / S_BREAK / S_DREW, after
its owner confirmed on the pass screen, unless the same person has held the
device since with no public screen between (`viewer`).
"""

from adafruit_ticks import ticks_add, ticks_ms
from boards import K_A, K_START
from micropython import const
from taki_core.cards import NTYPES
from taki_core.game import M_ACCEPT, M_DRAW, M_END, NMOVES, P_PLUS3, Game

from taki_ui import lights, notices, persist, rest, stage, turn, watch
from taki_ui.battery import Battery
from taki_ui.notices import SEAT_A, SEAT_B
from taki_ui.players import NO_MOVE, Computer
from taki_ui.settings import Settings
from taki_ui.stage import Stage
from taki_ui.states import (  # (all: tests read the states here too)
    S_BREAK, S_COLOUR, S_DREW, S_HELP, S_LANG, S_OVER, S_PASS, S_PAUSE, S_PLUS3, S_RENAME,
    S_RECORDS, S_RESUME, S_SETUP, S_TURN, S_WATCH)

NOTICE_MS = const(1100)  # how long a notice stays
CPU_MS = const(700)  # pause before a computer's move, so people can follow


def _watch_key(app, k):
    if k == K_A:
        app.until = app.notice_until = ticks_ms()  # hurry up


# The key handler of each state, KEYS[state](app, k); None: the screen's own,
# screen.key(app, k) (the states of screens whose modules load only while shown)
KEYS = [None] * (S_RECORDS + 1)  # S_RECORDS: the last state
KEYS[S_TURN] = turn.key
KEYS[S_COLOUR] = turn.colour_key
KEYS[S_BREAK] = lambda app, k: rest.plus3().break_key(app, k)  # (its code: rest.plus3)
KEYS[S_DREW] = lambda app, k: k == K_A and watch.watch(app, CPU_MS)  # A: on
KEYS[S_WATCH] = _watch_key
KEYS = tuple(KEYS)


class App:
    def __init__(self, board):
        self.board = board
        self.display = board.display
        self.settings = Settings()
        self.game = Game()
        self.cpu = Computer()
        # settings, names and any game in progress, from the last save
        self.saves = persist.Saves(board.nvm, self.settings, self.game, self.cpu)
        loaded = self.saves.load()
        self.moves = bytearray(NMOVES)
        self.hand = bytearray(116)
        self.playable = bytearray(NTYPES)
        self.notices = notices.Notices()
        self.lights = lights.Lights(board, self.settings)
        self.next_seed = None  # tests and demos may fix the deal
        self.names = self.settings.names
        self.stage = Stage(self.display)
        self.battery = Battery(board)
        self.saving = False  # the saving mark is up: the write comes at the next loop pass
        self.last_key = ticks_ms()
        self.at_milestone = False
        self.state = S_SETUP
        self.viewer = -1  # who holds the device, privately, since the last public screen
        self.until = 0  # S_WATCH: nothing happens before this time
        self.told_next = 0  # S_WATCH: the bottom line says who is next (watch.tick)
        self.notice_on = False
        self.notice_until = 0
        self.p3_asked = False  # computers were asked whether they break this +3
        self.breaker = -1  # S_BREAK: who breaks the +3, and
        self.declare = False  # whether they said "last card"
        self.colour_sel = 0  # S_COLOUR: the colour chosen
        self.resume = S_SETUP  # the state a pause goes back to
        self.passing_for = 0
        self.after_pass = turn.show  # what the pass screen shows next
        self.pass_why = -1
        self.help_card = -1
        self.paused_at = 0  # the hand's cursor when the game was paused
        self.setup_row = 0  # the setup screen's row while a seat is renamed (or records shown)
        self.warning = -1  # a text the setup screen shows first
        from taki_ui import start  # once: its code is forgotten after

        start.first_screen(self, loaded)
        stage.drop("start")

    def run(self):
        while True:
            self.step()

    def step(self):
        # (small: its frame is on the pystack under every key's deepest calls)
        rest.begin(self)
        k = self.board.key()
        if k >= 0:
            self.last_key = ticks_ms()
            if not self.lights.wake(self.last_key):  # a key that wakes it does nothing else
                self._key(k)
        self._tick()
        rest.end(self, k)

    def _key(self, k):
        st = self.state
        if k == K_START and st not in (S_SETUP, S_RENAME, S_PAUSE, S_RESUME, S_HELP, S_LANG,
                                       S_RECORDS):
            self.resume = st
            self.help_card = turn.card(self) if st in (S_TURN, S_COLOUR, S_DREW, S_BREAK) else -1
            self.paused_at = self.table.cursor if self.help_card >= 0 else 0
            self.pause()
        elif KEYS[st] is None:  # (called here: a frame less under its drawing)
            go = self.screen.key(self, k)
            if go is not None:  # the next screen, now that the key's frame (its code) is gone
                go()
        else:
            KEYS[st](self, k)

    def busy(self):
        """True while something will happen without a key (tests wait for it)."""
        t = self.table  # (its rest may be a pass behind a move's answer: taki_ui.watch)
        behind = (t is not None and t.behind != 0) or self.stage.pass_due or self.stage.kept_due
        if self.state == S_DREW:  # the notices wait for A
            return self.saving or behind
        return (self.state == S_WATCH or self.saving or self.notices.pending()
                or self.notice_on or behind)

    @property
    def screen(self):
        return self.stage.screen

    @property
    def table(self):
        """The table screen while it is shown, else None."""
        return self.stage.table

    def enter(self, state, module, cls, *args):
        """Show screen taki_ui.<module>.<cls> (see Stage.show), in state."""
        self.stage.show(module, cls, *args)
        self.state = state
        self.board.let_go()  # an arrow held for the last screen does not run on in this one

    def on_table(self, state):
        """The table screen (built if another screen is shown), in state."""
        if self.table is None:
            self.stage.show(None, None)  # (not enter(): a frame less under its drawing)
            self.board.let_go()
            if self.notice_on:
                self._draw_notice()
        self.state = state
        return self.table

    def pause(self):
        self.enter(S_PAUSE, "pause_screen", "PauseScreen", self.settings.sound)
        rest.save_now(self)  # the player may be about to switch off
        if not self.saving:
            self.screen.saved()  # nothing new to write: it is saved

    def apply(self, m):
        err = self.game.apply(m)
        if err:  # cannot happen: we only send moves check() accepted
            watch.refusal(self, err)
            return
        self.after_move()

    def after_move(self):
        g = self.game
        self.saves.changed()
        if self.saves.milestone():
            self.at_milestone = True
        quiet = self.viewer if self.state in (S_TURN, S_COLOUR, S_BREAK) else -1
        self.notices.feed(g, quiet)
        watch.sounds(self)
        if g.phase() != P_PLUS3:
            self.p3_asked = False
            rest.plus3_done()
        if (not g.over() and g.phase() != P_PLUS3 and g.current() == self.viewer
                and self.state in (S_TURN, S_COLOUR)):
            turn.go_on(self)  # the same person goes on
        else:
            watch.watch(self, CPU_MS)

    def _tick(self):
        rest.save_tick(self)
        if not watch.tick(self):
            return
        # the public table's notices are done and its time is up: the next thing
        g = self.game
        cur = g.current()
        if g.over():
            self.saves.in_game = False  # the next write holds no game to resume
            watch.game_over(self)
        elif g.phase() == P_PLUS3:
            rest.plus3().start(self)
        elif self.settings.is_human(cur):
            watch.hand_over(self, cur, turn.show, -1)
        else:
            self.computer(cur)

    def computer(self, seat):
        m = self.cpu.move(self.game, seat, self.settings.kinds[seat])
        if m == NO_MOVE or self.game.apply(m):
            # no choice or a refused one (the state is unchanged): the plain way on
            for m in (M_DRAW, M_END, M_ACCEPT):
                if self.game.apply(m) == 0:
                    break
        self.after_move()

    def notice(self, n, a=0, b=0, seats=0):
        """Show text n on the table for NOTICE_MS (-1 takes it away); places
        listed in seats (SEAT_A, SEAT_B) are seats, shown by name. Its time
        runs on screens without a table too."""
        self.notice_on = n >= 0
        self._notice_args = (n, a, b, seats)
        if self.table is not None:
            self._draw_notice()
        if n >= 0:
            self.notice_until = ticks_add(ticks_ms(), NOTICE_MS)

    def _draw_notice(self):
        n, a, b, seats = self._notice_args
        names = self.names
        self.table.show_notice(n, names[a] if seats & SEAT_A else a,
                               names[b] if seats & SEAT_B else b)

    def back_to_setup(self):
        """The setup again at the row it was left from (a rename, the Records)."""
        self.to_setup(self.setup_row)

    def to_setup(self, row=0):
        if self.saves.in_game:
            self.saves.in_game = False  # the game is left: nothing to resume
            self.saves.changed(settings=True)  # written as a setup change is
        self.viewer = -1
        self.lights.colour(-1)
        self.stage.show("setup_screen", "SetupScreen", self.settings, self.saves,
                        row)  # (as on_table)
        self.state = S_SETUP
        self.board.let_go()
        if self.warning >= 0:
            self.screen.notice(self.warning)
            self.warning = -1
