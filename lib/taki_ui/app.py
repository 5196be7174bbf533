"""The game as a state machine of screens.

One App is made at start-up with every screen in a PageLayout; `step()` is
one pass of the main loop: read a key, let timers run, refresh the display.
The rules are the core's: what may be played comes from `legal_moves`, what
happened from the event ring. Hands stay private: a hand is on screen only in
S_TURN / S_COLOUR / S_BREAK, after its owner confirmed on the pass screen.
"""

import displayio
from adafruit_displayio_layout.layouts.page_layout import PageLayout
from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from boards import K_A, K_B, K_LEFT, K_RIGHT, K_SELECT, K_START, K_UP
from micropython import const
from taki_core.cards import COLOR, NTYPES
from taki_core.game import (
    M_ACCEPT, M_CLOSE, M_COLOR, M_DRAW, M_END, M_LAST, NMOVES,
    P_KING, P_PLUS3, P_RUN, Game,
)

from taki_ui import cardart, lights, notices, strings, widgets
from taki_ui import pause_screen, persist, plus3_screen, rename_screen, setup_screen
from taki_ui.hand import mark_playable, turn_keys
from taki_ui.over_screen import OverScreen
from taki_ui.pass_screen import PassScreen
from taki_ui.players import NO_MOVE, Computer
from taki_ui.plus3_flow import Plus3Flow
from taki_ui.resume_screen import ResumeScreen
from taki_ui.settings import Settings
from taki_ui.states import (
    S_BREAK, S_COLOUR, S_OVER, S_PASS, S_PAUSE, S_PLUS3, S_RENAME, S_RESUME, S_SETUP, S_TURN,
    S_WATCH,
)
from taki_ui.table_screen import TableScreen


NOTICE_MS = const(1100)  # how long a notice stays
CPU_MS = const(700)  # pause before a computer's move, so people can follow


class App(Plus3Flow):
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

        sheet = cardart.make_sheet()
        self.setup = setup_screen.SetupScreen(self.settings)
        self.rename = rename_screen.RenameScreen()
        self.passing = PassScreen()
        self.table = TableScreen(sheet)
        self.plus3 = plus3_screen.Plus3Screen()
        self.over = OverScreen()
        self.pause = pause_screen.PauseScreen()
        self.resuming = ResumeScreen()
        self.pages = PageLayout(x=0, y=0)
        for name, scr in (("setup", self.setup), ("rename", self.rename),
                          ("pass", self.passing), ("table", self.table),
                          ("plus3", self.plus3), ("over", self.over),
                          ("pause", self.pause), ("resume", self.resuming)):
            self.pages.add_content(scr.group, name)
        root = displayio.Group()
        # One background under all pages: a page change redraws only what
        # differs, not a full-screen rectangle per page.
        root.append(widgets.box(0, 0, 160, 128, widgets.BG)[0])
        root.append(self.pages)
        # We refresh once per loop pass: no half-drawn screens.
        self.display.auto_refresh = False
        self.display.root_group = root

        self.state = S_SETUP
        self.viewer = -1  # the person whose hand may be shown without passing
        self.breaker = -1
        self.until = 0  # S_WATCH: nothing happens before this time
        self.notice_until = 0
        self.p3_asked = False  # computers were asked whether they break this +3
        self.resume = S_SETUP
        self._to_setup()
        if loaded == persist.L_GAME:
            self.resuming.show(self.game, self.names)
            self._show("resume", S_RESUME)
        elif loaded == persist.L_BAD:
            self.setup.notice(strings.SAVE_BAD)

    # --- the loop -------------------------------------------------------------
    def run(self):
        while True:
            self.step()

    def step(self):
        k = self.board.key()
        if k >= 0:
            self._key(k)
        self._tick()
        self.board.tick()
        self.display.refresh()

    def busy(self):
        """True while something will happen without a key (tests wait for it)."""
        return self.state == S_WATCH or self.notices.pending() or not self.table.notice.hidden

    def _show(self, page, state):
        if self.pages.showing_page_name != page:
            self.pages.show_page(page_name=page)
        self.state = state

    # --- keys -----------------------------------------------------------------
    def _key(self, k):
        st = self.state
        if k == K_START and st not in (S_SETUP, S_RENAME, S_PAUSE, S_RESUME):
            self.resume = st
            self.resume_page = self.pages.showing_page_name
            self.pause.show(self.settings.sound)
            self._show("pause", S_PAUSE)
        elif st == S_SETUP:
            act = self.setup.key(k)
            if act == setup_screen.START:
                self.new_game()  # saves the setup too
            elif act == setup_screen.SOUND_CHANGED:
                self.lights.silence()
            elif act == setup_screen.RENAME:
                s = self.setup.seat()
                self.rename.start(s, self.names[s])
                self._show("rename", S_RENAME)
        elif st == S_RENAME:
            act = self.rename.key(k)
            if act == rename_screen.DONE:
                self.names[self.rename.seat] = self.rename.result()
            if act != rename_screen.NOTHING:
                self._to_setup()
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
            act = self.plus3.key(k)
            if act == plus3_screen.ANSWER:
                self._plus3_answer()
            elif act == plus3_screen.BREAK:
                self._hand_over(self.plus3.breaker, S_BREAK, strings.PASS_BREAK)
        elif st == S_OVER:
            if k == K_A:
                self.new_game()
            elif k == K_B:
                self._to_setup()
        elif st == S_PAUSE:
            act = self.pause.key(k)
            if act == pause_screen.SOUND:
                self.settings.sound = not self.settings.sound
                self.saves.save(True)
                self.lights.silence()
                self.pause.show(self.settings.sound)
            elif act == pause_screen.SETUP:
                self._to_setup()
            elif act == pause_screen.RESUME:
                self._show(self.resume_page, self.resume)
        elif st == S_RESUME:
            if k == K_A:
                self._begin()
            elif k == K_B:
                self._to_setup()  # the save stays until the next deal

    def _turn_key(self, k):
        g = self.game
        if k == K_LEFT or k == K_RIGHT:
            self.table.move_cursor(1 if k == K_RIGHT else -1, self.hand, self.playable)
            return
        ph = g.phase()
        m = NO_MOVE
        if k == K_A:
            t = self._card()
            if t < 0 or not self.playable[t]:
                self._notice(strings.CANNOT)
                self.lights.tune(lights.BUMP)
                return
            if t == COLOR:
                self.colour_sel = g.color()
                self.table.chooser.show(self.colour_sel)
                self.table.show_keys(strings.CHOOSE_KEYS)
                self.state = S_COLOUR
                return
            m = t
        elif k == K_B:
            m = (M_CLOSE if ph == P_RUN else M_END if ph == P_KING
                 else M_ACCEPT if ph == P_PLUS3 else M_DRAW)
        elif k == K_UP and ph == P_RUN:
            m = M_END
        elif k == K_SELECT:
            m = M_LAST
        if m != NO_MOVE and g.check(m) == 0:
            self._apply(m)

    def _colour_key(self, k):
        if k == K_LEFT or k == K_RIGHT:
            self.colour_sel = (self.colour_sel + (1 if k == K_RIGHT else 3)) % 4
            self.table.chooser.show(self.colour_sel)
        elif k == K_B:
            self.table.chooser.hide()
            self._show_turn(False)
        elif k == K_A:
            self.table.chooser.hide()
            self._apply(M_COLOR + self.colour_sel)

    def _card(self):
        t = self.table
        return self.hand[t.cursor] if 0 <= t.cursor < t.n else -1

    # --- moving the game on ---------------------------------------------------
    def new_game(self):
        st = self.settings
        seed = self.next_seed if self.next_seed is not None else ticks_ms()
        self.game.reset(st.players, seed, first=st.first, tournament=st.tournament)
        self.cpu.seed(seed + 1)
        self._begin()
        self.saves.save(True)

    def _begin(self):
        """Play on from the game as it is (a new deal or a restored one)."""
        self.saves.mark()
        self.notices.reset(self.game)
        self.viewer = -1
        self.p3_asked = False
        self.table.show_notice("")
        self._watch(0)

    def _apply(self, m):
        err = self.game.apply(m)
        if err:  # cannot happen: we only send listed moves; keep playing anyway
            self._notice(strings.CANNOT)
            return
        self._after_move()

    def _after_move(self):
        g = self.game
        if self.saves.turn_done():
            self.saves.save(True)  # a flat battery now loses nothing
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
        g = self.game
        cur = g.current()
        status = strings.NEXT if self.settings.is_human(cur) else strings.PLAYING
        self.table.show_table(g, self.names, status % self.names[cur])
        self.table.show_backs(g.hand_size(g.current()))
        self.table.show_keys(strings.KEYS_WAIT)
        self.lights.colour(g.color())
        self._show("table", S_WATCH)
        self.until = ticks_add(ticks_ms(), delay)

    def _tick(self):
        now = ticks_ms()
        if not self.table.notice.hidden and ticks_diff(now, self.notice_until) >= 0:
            if self.notices.pending():
                self._notice(self.notices.pop())
            else:
                self.table.show_notice("")
        elif self.table.notice.hidden and self.notices.pending():
            self._notice(self.notices.pop())
        if self.state != S_WATCH or ticks_diff(now, self.until) < 0:
            return
        if self.notices.pending() or not self.table.notice.hidden:
            return
        g = self.game
        cur = g.current()
        if g.over():
            self.over.show(g, self.names)
            self._show("over", S_OVER)
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
        self.table.hide_hand()
        self.passing.show(self.names[seat], why)
        self._show("pass", S_PASS)

    # --- showing a hand -------------------------------------------------------
    def _show_turn(self, new_turn):
        g = self.game
        seat = g.current()
        mark_playable(g, self.moves, self.playable)
        n = g.hand(seat, self.hand)
        cursor = self.table.cursor if not new_turn else 0
        if new_turn:
            for i in range(n):
                if self.playable[self.hand[i]]:
                    cursor = i
                    break
            self.lights.tune(lights.TURN)
        self.table.show_table(g, self.names, strings.TURN_OF % self.names[seat])
        self.table.show_hand(self.hand, n, self.playable, max(0, cursor))
        self.table.show_keys(turn_keys(g))
        self.lights.colour(g.color())
        self._show("table", S_TURN)

    def _notice(self, text):
        self.table.show_notice(text)
        self.notice_until = ticks_add(ticks_ms(), NOTICE_MS)

    def _sounds(self):
        snd = self.notices.sound
        self.notices.sound = notices.SOUND_NONE
        if snd == notices.SOUND_WIN:
            self.lights.tune(lights.WIN)
        elif snd == notices.SOUND_PENALTY:
            self.lights.tune(lights.PENALTY)

    def _to_setup(self):
        self.lights.colour(-1)
        self.setup.show()
        self._show("setup", S_SETUP)
