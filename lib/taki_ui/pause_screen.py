"""The pause menu (START): resume, sound on/off, card help, each name's
records, back to setup (which asks first: the game in progress would be left)."""

import displayio
from boards import K_A, K_B, K_DOWN, K_START, K_UP, LINE_H, SCREEN_H
from micropython import const

from taki_ui import rest, strings, text, turn, unload, watch, widgets
from taki_ui.states import (
    S_BREAK, S_COLOUR, S_DREW, S_HELP, S_OVER, S_PASS, S_PAUSE, S_PLUS3, S_TURN,
)

_ROWS = const(5)
_Y0 = const(28)  # five rows of _ROW_H end over the two lines of what is said (y=90)
_ROW_H = const(LINE_H)  # (five rows: no gap between them)
_RECORDS_ROW = const(3)
_SETUP_ROW = const(4)


class PauseScreen:
    def __init__(self, lines, sound):
        self.group = g = displayio.Group()
        lh = text.lang.lh
        if lh > text.LINE_H:
            # a taller script: no room for the title; what is said takes the
            # bottom two lines, the keys' line while it shows
            y0, row_h, said = 1, lh, (SCREEN_H - 2 * lh, SCREEN_H - lh)
        else:
            big = displayio.Group(scale=2, x=44, y=4)
            g.append(big)
            lines.take(big, 0, 0, widgets.HILITE, strings.PAUSED)
            y0, row_h, said = _Y0, _ROW_H, (90, 102)
        # a taller script may show fewer rows than there are (they scroll)
        nrows = min(_ROWS, (SCREEN_H - 2 * lh - y0) // row_h) if lh > text.LINE_H else _ROWS
        self.rows = [lines.take(g, 8, y0 + i * row_h, widgets.FG) for i in range(nrows)]
        self.top = 0
        self.said = (lines.take(g, 2, said[0], widgets.HILITE),
                     lines.take(g, 2, said[1], widgets.HILITE))
        self.keys = lines.take(g, 2, SCREEN_H - lh, widgets.DIM,
                               strings.PAUSE_KEYS)
        self.row = 0
        self.sound = sound
        self.asking = False  # "Leave this game?" is on screen
        self._draw()

    def _draw(self, was=-1):
        """The rows; was: the row the cursor left when nothing else changed:
        then only that row and the cursor's are drawn again, unless the rows
        scrolled (a row of pictures is words read from the file)."""
        n = len(self.rows)
        top = self.top
        if self.row < self.top:
            self.top = self.row
        elif self.row >= self.top + n:
            self.top = self.row - n + 1
        if self.top != top:
            was = -1
        for k, ln in enumerate(self.rows):
            i = self.top + k
            if was >= 0 and i != was and i != self.row:
                continue
            ln.clear()
            ln.put(0, ">" if i == self.row else " ")
            if i == 0:
                ln.put_text(2, strings.RESUME)
            elif i == 1:
                # one text: the colon where the language puts it, beside its word
                ln.put_text(2, strings.SOUND_IS, strings.ON if self.sound else strings.OFF)
            elif i == 2:
                ln.put_text(2, strings.CARD_HELP)
            elif i == _RECORDS_ROW:
                ln.put_text(2, strings.RECORDS)
            else:
                ln.put_text(2, strings.NEW_GAME)
            ln.done()

    def show(self, sound):
        """The sound row; a change since the save takes "Saved" away."""
        self.sound = sound
        self._draw()
        self._say(-1)

    def _say(self, n, second=-1):
        """Text n over the two lines for what is said (-1: nothing); second:
        a text for the second line, else n takes two if it needs them."""
        a, b = self.said
        if n < 0:
            a.set("")
            b.set("")
        elif second >= 0:
            a.show(n)
            b.show(second)
        else:
            text.show2(a, b, n)
        self.keys.hidden = n >= 0 and text.lang.lh > text.LINE_H

    def saved(self):
        """Everything is in flash: say so."""
        if not self.asking:
            self._say(strings.SAVED)

    def key(self, app, k):
        if self.asking:  # "Leave this game?"
            self.asking = False
            self._say(-1)
            if k == K_A:
                if app.saves.settings_changed:
                    rest.save_now(app)  # the sound switched in the menu
                app.to_setup()  # (from here: a frame less under its drawing)
            return
        was = self.row  # (the cursor's row: all that UP and DOWN change)
        if k == K_UP:
            self.row = (self.row - 1) % _ROWS
        elif k == K_DOWN:
            self.row = (self.row + 1) % _ROWS
        elif k == K_A and self.row == _SETUP_ROW:
            self.asking = True
            self._say(strings.SURE, strings.SURE_KEYS)
            return
        elif k == K_A and self.row == 1:
            st = app.settings
            st.sound = not st.sound
            app.saves.changed(settings=True)
            app.lights.silence()
            self.show(st.sound)  # no longer "Saved"
            return
        elif k == K_A and self.row == _RECORDS_ROW:
            unload.make_room(app)  # before its module comes in
            from taki_ui import records_screen

            records_screen.show(app, S_PAUSE)
            return
        elif k == K_A and self.row == 2:
            app.enter(S_HELP, "help_screen", "HelpScreen", app.stage.cards,
                      app.help_card if app.help_card >= 0 else app.game.leading())
            return
        elif k == K_B or k == K_START or k == K_A:  # resume (A on the first row)
            # back to the screen of the state the menu interrupted (called from
            # here, not a function of its own: a frame less under its drawing)
            if app.saves.settings_changed:
                rest.save_now(app)  # the sound switched in the menu
            st = app.resume
            if st == S_TURN or st == S_COLOUR:
                turn.show(app, False, app.paused_at)
            elif st == S_DREW:
                turn.show_drawn(app, app.viewer, app.paused_at)
            elif st == S_BREAK:
                rest.plus3().show_break(app)  # (a +3's code: not loaded with the menu)
            elif st == S_PLUS3:
                rest.plus3().public(app)
            elif st == S_PASS:
                app.enter(S_PASS, "pass_screen", "PassScreen", app.names[app.passing_for],
                          app.pass_why)
            elif st == S_OVER:
                watch.game_over(app)
            else:
                watch.watch(app)  # S_WATCH: its timers run on
            return
        self._draw(was)
