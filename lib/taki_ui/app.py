"""The game as a state machine of screens: the loop and the flow between them.

One screen exists at a time (taki_ui.stage builds it when it is entered and
lets it go when it is left). `step()` is one pass of the main loop: read a
key, let timers run, refresh the display.
The rules are the core's: what may be played comes from `legal_moves`, what
happened from the event ring, why a key does nothing from `check`. Hands
stay private: a hand is on screen only in S_TURN / S_COLOUR / S_BREAK /
S_DREW, and only after its owner confirmed on the pass screen, unless the same
person has held the device since with no public screen between (`viewer`).
A person's turn is taki_ui.turn's, the +3 answer taki_ui.plus3_flow's.
"""

from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from boards import K_A, K_B, K_START
from micropython import const
from taki_core.cards import NTYPES
from taki_core.game import M_ACCEPT, M_DRAW, M_END, NMOVES, P_PLUS3, Game

from taki_ui import lights, notices, persist, stage, strings, text
from taki_ui import settings as settings_mod
from taki_ui.battery import Battery
from taki_ui.notices import SEAT_A, SEAT_B
from taki_ui.players import NO_MOVE, Computer
from taki_ui.plus3_flow import Plus3Flow
from taki_ui.settings import Settings
from taki_ui.states import (
    A_CHANGED, A_DONE, A_HELP, A_LANG, A_NONE, A_RENAME, A_RESUME, A_SETUP, A_SOUND, A_START,
    S_BREAK, S_COLOUR, S_DREW, S_HELP, S_LANG, S_OVER, S_PASS, S_PAUSE, S_PLUS3, S_RENAME,
    S_RESUME, S_SETUP, S_TURN, S_WATCH,
)
from taki_ui.stage import Stage
from taki_ui.turn import Turns

NOTICE_MS = const(1100)  # how long a notice stays
CPU_MS = const(700)  # pause before a computer's move, so people can follow
NEXT_MS = const(500)  # "Next: ..." shows this long before a computer moves
# The longest the loop sleeps: the keypad scans every 20 ms in the background
# and queues presses, so a key waits at most one scan more
POLL_MS = const(20)


class App(Turns, Plus3Flow):
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
        self._milestone = False
        self.state = S_SETUP
        self.viewer = -1  # who holds the device, privately, since the last public screen
        self.breaker = -1
        self.until = 0  # S_WATCH: nothing happens before this time
        self.told_next = False  # S_WATCH: the bottom line says who is next
        self.notice_on = False
        self.notice_until = 0
        self.p3_asked = False  # computers were asked whether they break this +3
        self.resume = S_SETUP  # the state a pause goes back to
        self.passing_for = 0
        self.pass_why = -1
        self.help_card = -1
        self.paused_at = 0  # the hand's cursor when the game was paused
        self.warning = strings.SAVE_BAD if loaded == persist.L_BAD else (
            strings.CARDS_MISSING if self.stage.missing else -1)
        if loaded == persist.L_BAD:  # cleared at once: never offered again
            self.saves.changed(settings=True)
            self._save_now()
        if loaded != persist.L_NONE and loaded != persist.L_BAD:
            chosen = self.settings.lang
            if not self._language(chosen):
                # its file is missing or damaged, or the code unknown: English
                # for now, and the choice kept (a recopied file brings it back)
                self.warning = strings.LANG_BAD
                self.settings.lang = chosen
        if loaded == persist.L_GAME:
            self._enter(S_RESUME, "resume_screen", "ResumeScreen", self.game, self.names)
        elif loaded == persist.L_NONE or loaded == persist.L_BAD:
            self._enter(S_LANG, "lang_screen", "LangScreen", self.settings.lang)
        else:
            self._to_setup()

    def _language(self, code):
        """Speak language `code` from now on; False if it fell back to English."""
        old = [settings_mod.default_name(s) for s in range(settings_mod.MAX_SEATS)]
        ok = text.load(code)
        self.settings.lang = text.language()
        self.settings.relabel(old)
        return ok

    # --- the loop -------------------------------------------------------------
    def run(self):
        while True:
            self.step()

    def step(self):
        # (small: its frame is on the pystack under every key's deepest calls)
        if self.saving:
            self._write()
        k = self.board.key()
        if k >= 0:
            self.last_key = ticks_ms()
            if not self.lights.wake(self.last_key):  # a key that wakes it does nothing else
                self._key(k)
        self._tick()
        self._rest(k)

    def _rest(self, k):
        """The pass's end: dim, or save and go dark, while nobody comes (a
        game that moves by itself is not idle); refresh; then sleep until the
        next thing due (not after a key: more may be queued)."""
        now = ticks_ms()
        st = self.state
        if st == S_WATCH or (st != S_DREW and (self.notices.pending() or self.notice_on)):
            self.lights.still = now
        elif self.lights.idle(now, self.saves.pending() or self.saving):
            self._save_now()  # saved first, then dark
        self.board.tick()
        self.display.refresh()
        if k < 0:
            self.board.rest(self._due())

    def _due(self):
        """ms until something happens without a key (0: now), at most POLL_MS."""
        if self.saving:
            return 0
        st = self.state
        if st == S_DREW:
            return POLL_MS
        if self.notice_on:
            t = self.notice_until
        elif self.notices.pending() or (st == S_WATCH and not self.told_next):
            return 0
        elif st == S_WATCH:
            t = self.until
        else:
            return POLL_MS
        t = ticks_diff(t, ticks_ms())
        return POLL_MS if t > POLL_MS else (t if t > 0 else 0)

    def busy(self):
        """True while something will happen without a key (tests wait for it)."""
        if self.state == S_DREW:  # the notices wait for A
            return self.saving
        return (self.state == S_WATCH or self.saving or self.notices.pending()
                or self.notice_on)

    @property
    def screen(self):
        return self.stage.screen

    @property
    def table(self):
        """The table screen while it is shown, else None."""
        return self.stage.table

    def _enter(self, state, module, cls, *args):
        """Show screen taki_ui.<module>.<cls> (see Stage.show), in state."""
        self.stage.show(module, cls, *args)
        self.state = state
        self.board.let_go()  # an arrow held for the last screen does not run on in this one

    def _on_table(self, state):
        """The table screen (built if another screen is shown), in state."""
        if self.table is None:
            self._enter(state, None, None)
            if self.notice_on:
                self._draw_notice()
        self.state = state
        return self.table

    # --- keys -----------------------------------------------------------------
    def _key(self, k):
        st = self.state
        if k == K_START and st not in (S_SETUP, S_RENAME, S_PAUSE, S_RESUME, S_HELP, S_LANG):
            self.resume = st
            self.help_card = self._card() if st in (S_TURN, S_COLOUR, S_DREW, S_BREAK) else -1
            self.paused_at = self.table.cursor if self.help_card >= 0 else 0
            self._pause()
        elif st == S_SETUP:
            act = self.screen.key(k)
            if act == A_START:
                self.new_game()
            elif act == A_LANG:
                ok = self._language(self.screen.lang)
                self.saves.changed(settings=True)
                self._to_setup(self.screen.row)
                if not ok:
                    self.screen.notice(strings.LANG_BAD)
            elif act == A_SOUND or act == A_CHANGED:
                self.saves.changed(settings=True)
                if act == A_SOUND:
                    self.lights.silence()
            elif act == A_RENAME:
                s = self.screen.seat()
                self.setup_row = self.screen.row
                self._enter(S_RENAME, "rename_screen", "RenameScreen", s, self.names,
                            self.settings.players)
        elif st == S_RENAME:
            act = self.screen.key(k)
            if act == A_DONE:
                self.names[self.screen.seat] = self.screen.result()
                self.saves.changed(settings=True)
                self._save_now()  # a new name is worth a write at once
            if act != A_NONE:
                self._to_setup(self.setup_row)
        elif st == S_PASS:
            if k == K_A:
                self.viewer = self.passing_for
                if self.state_after_pass == S_BREAK:
                    self._show_break()
                else:
                    self._show_turn(True)
        elif st == S_TURN:
            self._turn_key(k)
        elif st == S_COLOUR:
            self._colour_key(k)
        elif st == S_BREAK:
            self._break_key(k)
        elif st == S_DREW:
            if k == K_A:
                self._watch(CPU_MS)
        elif st == S_WATCH:
            if k == K_A:
                self.until = ticks_ms()  # hurry up
                self.notice_until = self.until
        elif st == S_PLUS3:
            self._plus3_key(k)
        elif st == S_OVER:
            if k == K_A:
                self.new_game()
            elif k == K_B:
                self._to_setup()
        elif st == S_PAUSE:
            act = self.screen.key(k)
            if act == A_SOUND:
                self.settings.sound = not self.settings.sound
                self.saves.changed(settings=True)
                self.lights.silence()
                self.screen.show(self.settings.sound)  # no longer "Saved"
            elif act == A_HELP:
                self._enter(S_HELP, "help_screen", "HelpScreen", self.stage.cards,
                            self._card_to_explain())
            elif act == A_SETUP or act == A_RESUME:
                if self.saves.settings_changed:
                    self._save_now()  # the sound switched in the menu
                if act == A_SETUP:
                    self._to_setup()
                else:
                    self._back()
        elif st == S_HELP:
            if k == K_B or k == K_A:
                self._pause()
            else:
                self.screen.key(k)
        elif st == S_LANG:
            if self.screen.key(k) == A_DONE:
                if not self._language(self.screen.chosen()):
                    self.warning = strings.LANG_BAD
                self.saves.changed(settings=True)
                self._to_setup()
        elif st == S_RESUME:
            if k == K_A:
                self._begin()
            elif k == K_B:
                self._to_setup()  # the save stays until the next deal

    def _pause(self):
        self._enter(S_PAUSE, "pause_screen", "PauseScreen", self.settings.sound)
        self._save_now()  # the player may be about to switch off
        if not self.saving:
            self.screen.saved()  # nothing new to write: it is saved

    def _back(self):
        """Leave the pause menu: the screen of the state it interrupted."""
        st = self.resume
        if st == S_TURN or st == S_COLOUR:
            self._show_turn(False, self.paused_at)
        elif st == S_DREW:
            self._show_drawn(self.viewer, self.paused_at)
        elif st == S_BREAK:
            self._show_break()
        elif st == S_PASS:
            self._enter(S_PASS, "pass_screen", "PassScreen", self.names[self.passing_for],
                        self.pass_why)
        elif st == S_PLUS3:
            self._public_plus3()
        elif st == S_OVER:
            self._enter(S_OVER, "over_screen", "OverScreen", self.game, self.names)
        else:
            self._public_table()  # S_WATCH: its timers run on

    # --- moving the game on ---------------------------------------------------
    def new_game(self):
        st = self.settings
        seed = self.next_seed if self.next_seed is not None else ticks_ms()
        self.game.reset(st.players, seed, first=st.first, tournament=st.tournament)
        self.cpu.seed(seed + 1)
        self._begin()
        self.saves.changed()  # a new deal to save, with the setup

    def _begin(self):
        """Play on from the game as it is (a new deal or a restored one)."""
        self.saves.mark()
        self.saves.in_game = True
        self.notices.reset(self.game)
        self.viewer = -1
        self.p3_asked = False
        self._notice(-1)
        self._watch(0)

    def _apply(self, m):
        err = self.game.apply(m)
        if err:  # cannot happen: we only send moves check() accepted
            self._refusal(err)
            return
        self._after_move()

    def _after_move(self):
        g = self.game
        self.saves.changed()
        if self.saves.milestone():
            self._milestone = True
        quiet = self.viewer if self.state in (S_TURN, S_COLOUR, S_BREAK) else -1
        self.notices.feed(g, quiet)
        self._sounds()
        if g.phase() != P_PLUS3:
            self.p3_asked = False
        if (not g.over() and g.phase() != P_PLUS3 and g.current() == self.viewer
                and self.state in (S_TURN, S_COLOUR)):
            self._show_turn(False)  # the same person goes on
        else:
            self._watch(CPU_MS)

    def _watch(self, delay):
        """Public table: the hand goes face down at once, then notices and
        computer moves play out."""
        self._public_table()
        self.until = ticks_add(ticks_ms(), delay)

    def _public_table(self):
        """The table as everyone may see it: from now on nobody holds the
        device privately (the next hand needs the pass screen first)."""
        g = self.game
        self.viewer = -1
        t = self._on_table(S_WATCH)
        t.hide_chooser()
        t.show_table(g, self.names)
        t.show_backs(g.hand_size(g.current()))
        actor = self.notices.actor
        if (self.notices.pending() or self.notice_on) and 0 <= actor < g.players:
            t.show_status(strings.MOVED, self.names[actor])  # whose move the notices tell
            self.told_next = False
        else:
            self._tell_next()
        self.lights.colour(g.color())

    def _tell_next(self):
        g = self.game
        cur = g.current()
        self.table.show_status(strings.NEXT if self.settings.is_human(cur) else strings.PLAYING,
                               self.names[cur])
        self.told_next = True

    def _tick(self):
        self._save_tick()
        now = ticks_ms()
        if self.state == S_DREW:
            return  # "You drew ..." stays until A; the public notices wait
        if self.notice_on and ticks_diff(now, self.notice_until) >= 0:
            if self.notices.pending():
                self._next_notice()
            else:
                self._notice(-1)
        elif not self.notice_on and self.notices.pending():
            self._next_notice()
        if self.state != S_WATCH:
            return
        if self.notices.pending() or self.notice_on:
            return
        if not self.told_next:
            # the notices of a move are done: now say who is next, a moment
            # before it happens
            self._tell_next()
            self.until = ticks_add(now, NEXT_MS)
            return
        if ticks_diff(now, self.until) < 0:
            return
        g = self.game
        cur = g.current()
        if g.over():
            self.saves.in_game = False  # the next write holds no game to resume
            self._enter(S_OVER, "over_screen", "OverScreen", g, self.names)
        elif g.phase() == P_PLUS3:
            self._plus3()
        elif self.settings.is_human(cur):
            self._hand_over(cur, S_TURN, -1)
        else:
            self._computer(cur)

    def _computer(self, seat):
        m = self.cpu.move(self.game, seat, self.settings.kinds[seat])
        if m == NO_MOVE or self.game.apply(m):
            # no choice or a refused one (the state is unchanged): the plain way on
            for m in (M_DRAW, M_END, M_ACCEPT):
                if self.game.apply(m) == 0:
                    break
        self._after_move()

    def _hand_over(self, seat, then, why):
        """Before a hand is shown: the pass screen, unless that person has
        held the device since their last hand, with nothing public between."""
        self.passing_for = seat
        self.state_after_pass = then
        if seat == self.viewer:
            if then == S_BREAK:
                self._show_break()
            else:
                self._show_turn(True)
            return
        self.viewer = -1
        self.pass_why = why
        self._enter(S_PASS, "pass_screen", "PassScreen", self.names[seat], why)

    # --- notices ----------------------------------------------------------------
    def _next_notice(self):
        n = self.notices
        n.pop()
        self._notice(n.text, n.a, n.b, n.seats)

    def _notice(self, n, a=0, b=0, seats=0):
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

    def _refusal(self, err):
        """Why the key did nothing: the core's reason, in words."""
        g = self.game
        a = g.run_color() if g.run_color() >= 0 else g.color()
        self._notice(strings.NO_GAME_OVER + err - 1, a)
        self.lights.tune(lights.BUMP)

    def _sounds(self):
        snd = self.notices.sound
        self.notices.sound = notices.SOUND_NONE
        if snd == notices.SOUND_WIN:
            self.lights.tune(lights.WIN)
        elif snd == notices.SOUND_PENALTY:
            self.lights.tune(lights.PENALTY)

    # --- saving -----------------------------------------------------------------
    def _save_now(self):
        """Write what changed (if anything did): the mark goes up at this
        loop pass's refresh, the write comes at the next (it blocks)."""
        if self.saves.pending() and not self.saving:
            self.saving = True
            self.stage.mark(stage.MARK_SAVE)
            self.lights.saving(True)

    def _write(self):
        self.saving = False
        self.saves.save()
        self.stage.mark(stage.MARK_LOW if self.battery.low else stage.MARK_NONE)
        self.lights.saving(False)
        if self.state == S_PAUSE:
            self.screen.saved()

    def _waiting(self):
        """Whether nothing happens until a person presses a key."""
        return self.state != S_WATCH and self.state != S_PAUSE and not self.busy()

    def _save_tick(self):
        if self.battery.check():
            self.stage.mark(stage.MARK_LOW)
            self._save_now()
        elif self.saves.due(self._waiting(), self.last_key, self._milestone,
                            self.state == S_SETUP):
            self._save_now()
        self._milestone = False

    def _to_setup(self, row=0):
        if self.saves.in_game:
            self.saves.in_game = False  # the game is left: nothing to resume
            self.saves.changed(settings=True)  # written as a setup change is
        self.viewer = -1
        self.lights.colour(-1)
        self._enter(S_SETUP, "setup_screen", "SetupScreen", self.settings, row)
        if self.warning >= 0:
            self.screen.notice(self.warning)
            self.warning = -1
