"""The game as a state machine of screens: the loop and the flow between them.

One screen exists at a time (taki_ui.stage builds it when it is entered and
lets it go when it is left). `step()` is one pass of the main loop: read a
key, let timers run, refresh the display.
The rules are the core's: what may be played comes from `legal_moves`, what
happened from the event ring. Hands stay private: a hand is on screen only in
S_TURN / S_COLOUR / S_BREAK, after its owner confirmed on the pass screen.
A person's turn is taki_ui.turn's, the +3 answer taki_ui.plus3_flow's.
"""

from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from boards import K_A, K_B, K_START
from micropython import const
from taki_core.cards import NTYPES
from taki_core.game import M_ACCEPT, M_DRAW, M_END, NMOVES, P_PLUS3, Game

from taki_ui import lights, notices, persist, stage, strings
from taki_ui.battery import Battery
from taki_ui.players import NO_MOVE, Computer
from taki_ui.plus3_flow import Plus3Flow
from taki_ui.settings import Settings
from taki_ui.states import (
    A_CHANGED, A_DONE, A_NONE, A_RENAME, A_RESUME, A_SETUP, A_SOUND, A_START, S_BREAK,
    S_COLOUR, S_OVER, S_PASS, S_PAUSE, S_PLUS3, S_RENAME, S_RESUME, S_SETUP, S_TURN, S_WATCH,
)
from taki_ui.stage import Stage
from taki_ui.turn import Turns

NOTICE_MS = const(1100)  # how long a notice stays
CPU_MS = const(700)  # pause before a computer's move, so people can follow


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
        self.viewer = -1  # the person whose hand may be shown without passing
        self.breaker = -1
        self.until = 0  # S_WATCH: nothing happens before this time
        self.notice_on = False
        self._notice_text = ""
        self.notice_until = 0
        self.p3_asked = False  # computers were asked whether they break this +3
        self.resume = S_SETUP  # the state a pause goes back to
        self.passing_for = 0
        self.pass_why = ""
        self.warning = strings.SAVE_BAD if loaded == persist.L_BAD else (
            strings.CARDS_MISSING if self.stage.missing else "")
        if loaded == persist.L_BAD:  # cleared at once: never offered again
            self.saves.changed(settings=True)
            self._save_now()
        if loaded == persist.L_GAME:
            self._enter(S_RESUME, "resume_screen", "ResumeScreen", self.game, self.names)
        else:
            self._to_setup()

    # --- the loop -------------------------------------------------------------
    def run(self):
        while True:
            self.step()

    def step(self):
        if self.saving:
            self._write()
        k = self.board.key()
        if k >= 0:
            self.last_key = ticks_ms()
            self._key(k)
        self._tick()
        self.board.tick()
        self.display.refresh()

    def busy(self):
        """True while something will happen without a key (tests wait for it)."""
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

    def _on_table(self, state):
        """The table screen (built if another screen is shown), in state."""
        if self.table is None:
            self._enter(state, None, None)
            if self.notice_on:
                self.table.show_notice(self._notice_text)
        self.state = state
        return self.table

    # --- keys -----------------------------------------------------------------
    def _key(self, k):
        st = self.state
        if k == K_START and st not in (S_SETUP, S_RENAME, S_PAUSE, S_RESUME):
            self.resume = st
            self._enter(S_PAUSE, "pause_screen", "PauseScreen", self.settings.sound)
            self._save_now()  # the player may be about to switch off
            if not self.saving:
                self.screen.saved()  # nothing new to write: it is saved
        elif st == S_SETUP:
            act = self.screen.key(k)
            if act == A_START:
                self.new_game()
            elif act == A_SOUND or act == A_CHANGED:
                self.saves.changed(settings=True)
                if act == A_SOUND:
                    self.lights.silence()
            elif act == A_RENAME:
                s = self.screen.seat()
                self.setup_row = self.screen.row
                self._enter(S_RENAME, "rename_screen", "RenameScreen", s, self.names[s])
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
            elif act == A_SETUP or act == A_RESUME:
                if self.saves.settings_changed:
                    self._save_now()  # the sound switched in the menu
                if act == A_SETUP:
                    self._to_setup()
                else:
                    self._back()
        elif st == S_RESUME:
            if k == K_A:
                self._begin()
            elif k == K_B:
                self._to_setup()  # the save stays until the next deal

    def _back(self):
        """Leave the pause menu: the screen of the state it interrupted."""
        st = self.resume
        if st == S_TURN or st == S_COLOUR:
            self._show_turn(False)
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
        self._notice("")
        self._watch(0)

    def _apply(self, m):
        err = self.game.apply(m)
        if err:  # cannot happen: we only send listed moves; keep playing anyway
            self._notice(strings.CANNOT)
            return
        self._after_move()

    def _after_move(self):
        g = self.game
        self.saves.changed()
        if self.saves.milestone():
            self._milestone = True
        quiet = self.viewer if self.state in (S_TURN, S_COLOUR, S_BREAK) else -1
        self.notices.feed(g, self.names, quiet)
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
        g = self.game
        cur = g.current()
        status = strings.NEXT if self.settings.is_human(cur) else strings.PLAYING
        t = self._on_table(S_WATCH)
        t.hide_chooser()
        t.show_table(g, self.names, status % self.names[cur])
        t.show_backs(g.hand_size(cur))
        t.show_keys(strings.KEYS_WAIT)
        self.lights.colour(g.color())

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

    def _tick(self):
        self._save_tick()
        now = ticks_ms()
        if self.notice_on and ticks_diff(now, self.notice_until) >= 0:
            self._notice(self.notices.pop() if self.notices.pending() else "")
        elif not self.notice_on and self.notices.pending():
            self._notice(self.notices.pop())
        if self.state != S_WATCH or ticks_diff(now, self.until) < 0:
            return
        if self.notices.pending() or self.notice_on:
            return
        g = self.game
        cur = g.current()
        if g.over():
            self.saves.in_game = False  # the next write holds no game to resume
            self._enter(S_OVER, "over_screen", "OverScreen", g, self.names)
        elif g.phase() == P_PLUS3:
            self._plus3()
        elif self.settings.is_human(cur):
            if cur == self.viewer:
                self._show_turn(True)
            else:
                self._hand_over(cur, S_TURN, "")
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
        the device already."""
        self.passing_for = seat
        self.state_after_pass = then
        if seat == self.viewer:
            if then == S_BREAK:
                self._show_break()
            else:
                self._show_turn(True)
            return
        self.pass_why = why
        self._enter(S_PASS, "pass_screen", "PassScreen", self.names[seat], why)

    def _notice(self, text):
        """Show a notice on the table for NOTICE_MS ("" takes it away). Its
        time runs on screens without a table too, as before."""
        self.notice_on = bool(text)
        self._notice_text = text
        if self.table is not None:
            self.table.show_notice(text)
        if text:
            self.notice_until = ticks_add(ticks_ms(), NOTICE_MS)

    def _sounds(self):
        snd = self.notices.sound
        self.notices.sound = notices.SOUND_NONE
        if snd == notices.SOUND_WIN:
            self.lights.tune(lights.WIN)
        elif snd == notices.SOUND_PENALTY:
            self.lights.tune(lights.PENALTY)

    def _to_setup(self, row=0):
        if self.saves.in_game:
            self.saves.in_game = False  # the game is left: nothing to resume
            self.saves.changed(settings=True)  # written as a setup change is
        self.lights.colour(-1)
        self._enter(S_SETUP, "setup_screen", "SetupScreen", self.settings, row)
        if self.warning:
            self.screen.notice(self.warning)
            self.warning = ""

