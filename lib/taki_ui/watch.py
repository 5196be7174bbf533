"""The game between people's hands: a deal begun, the public table
(S_WATCH: every hand face down, a move's notices one after another, then who
is next, a moment before it happens), the device handed to the next person;
what comes after the table's time is App._tick's (taki_ui.app). Also the
notices' sounds and the notice saying why a key did nothing. Functions of the
App they are given. The notices' time runs on every screen, the table's or not.
"""

import gc

from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from micropython import const

from taki_ui import lights, notices, strings, unload
from taki_ui.hand import turn_keys
from taki_ui.states import S_DREW, S_OVER, S_PASS, S_WATCH

NEXT_MS = const(500)  # "Next: ..." shows this long before a computer moves


def new_game(app):
    """A new deal with the settings' seats, then play."""
    st = app.settings
    app.saves.settle()  # the last game counted before this one is dealt
    seed = app.next_seed if app.next_seed is not None else ticks_ms()
    app.game.reset(st.players, seed, first=st.first, tournament=st.tournament)
    app.cpu.seed(seed + 1)
    begin(app)
    app.saves.changed()  # a new deal to save, with the setup


def game_over(app):
    """The standings. Their display libraries need the room: the bots' code
    and the card slots go (the next deal makes them again)."""
    unload.make_room(app, lines=True)
    # the game counted in the records now (not in the last move's pass: ~130
    # ms on a SAMD51), when the table's heap is free and before the
    # standings' libraries come in
    app.saves.settle()
    gc.collect()
    app.enter(S_OVER, "over_screen", "OverScreen", app.game, app.names)


def begin(app):
    """Play on from the game as it is (a new deal or a restored one)."""
    app.saves.mark()
    app.saves.in_game = True
    app.notices.reset(app.game)
    app.viewer = -1
    app.p3_asked = False
    app.notice(-1)
    watch(app, 0)


def watch(app, delay=-1):
    """The table as everyone may see it: the move's answer at once (the
    card on the pile, the colour, the direction), the rest of it (the hand
    face down, the grid, who moved) at the next loop pass, once that is on
    the panel: a key is answered by what it did, in a frame of its own;
    then notices and computer moves play out, the first not before `delay`
    ms (-1: when it was due). From now on nobody holds the device privately
    (the next hand needs the pass screen first). A table built anew is
    drawn whole at once."""
    g = app.game
    app.viewer = -1
    if g.over():
        app.stage.let_pass_go()  # its heap for the records' and the standings' code
    built = app.table is None
    t = app.on_table(S_WATCH)
    if delay >= 0:
        app.until = ticks_add(ticks_ms(), delay)
    if built:
        public(app)
        app.stage.ready_pass(True)  # the next pass then only names who
    else:
        t.show_top(g)
        t.behind = 1  # (rest.end: 2 after the refresh; rest.begin: the rest)


def catch_up(app):
    """What a move's answer left for the next pass (taki_ui.rest.begin):
    the public table's rest (watch), or the same person's (turn.go_on: the
    hand without the card, the grid, the keys, the colour choice closed)."""
    t = app.table
    if t.behind == 2:
        public(app)
        return
    g = app.game
    if t.behind == 6:  # after a draw (turn.show_drawn)
        t.behind = 0
        t.show_table(g, app.names)
        t.show_keys(strings.KEYS_DREW)
        return
    t.behind = 0
    t.hide_chooser()
    t.show_grid(g, app.names)
    t.show_hand(app.hand, g.hand_size(g.current()), app.playable, t.cursor_next, False)
    t.show_keys(turn_keys(g))


def public(app):
    """The public table whole: no hand but face-down cards, the grid, whose
    move the notices tell or who is next."""
    g = app.game
    t = app.table
    t.behind = 0
    t.hide_chooser()
    t.show_table(g, app.names)
    t.show_backs(g.hand_size(g.current()))
    actor = app.notices.actor
    if (app.notices.pending() or app.notice_on) and 0 <= actor < g.players:
        t.show_status(strings.MOVED, app.names[actor])  # whose move the notices tell
        app.told_next = 0
    else:
        _tell_next(app)
    app.lights.colour(g.color())


def _tell_next(app):
    g = app.game
    cur = g.current()
    app.table.show_status(strings.NEXT if app.settings.is_human(cur) else strings.PLAYING,
                          app.names[cur])
    app.told_next = 1  # (2: the pass screen told too, tick)


def tick(app):
    """A loop pass: the next notice when one's time is up; on the public
    table, once the notices are done, who is next; True when it is time to
    go on (App._tick goes on itself: a frame less under the deepest drawing)."""
    now = ticks_ms()
    if app.state == S_DREW:
        return False  # "You drew ..." stays until A; the public notices wait
    t = app.table
    if t is not None and t.behind & 1:
        return False  # a move's answer is not on the panel yet: nothing more now
    n = app.notices
    if (ticks_diff(now, app.notice_until) >= 0) if app.notice_on else n.pending():
        if n.pending():
            n.pop()
            app.notice(n.text, n.a, n.b, n.seats)
        else:
            app.notice(-1)
    if app.state != S_WATCH or n.pending() or app.notice_on:
        return False
    if not app.told_next:
        # the notices of a move are done: now say who is next, a moment
        # before it happens
        _tell_next(app)
        app.until = ticks_add(now, NEXT_MS)
        if app.cpu.bots is None and not app.settings.is_human(app.game.current()):
            app.cpu.brain()  # the bots' code now, while "Next" shows: not in the move's time
        return False
    if ticks_diff(now, app.until) >= 0:
        return True
    if app.told_next == 1:
        # a pass later, while "Next" shows a person who is to get the
        # device: the pass screen kept beside the table says the name
        # already (drawn, not shown), so that the pass that shows it only
        # swaps the screens (Sindhi's worst pass 59.0 -> 52.0 ms on the ARM model)
        app.told_next = 2
        g = app.game
        cur = g.current()
        if app.settings.is_human(cur) and cur != app.viewer and not g.over():
            app.stage.tell_pass(app.names[cur])
    return False


def hand_over(app, seat, then, why):
    """Before a hand is shown (then(app): turn.show or plus3_flow.show_break):
    the pass screen, unless that person has held the device since their last
    hand, with nothing public between; why: what for (a text), or -1."""
    app.passing_for = seat
    app.after_pass = then
    if seat == app.viewer:
        then(app)
        return
    app.viewer = -1
    app.pass_why = why
    app.enter(S_PASS, "pass_screen", "PassScreen", app.names[seat], why)


def refusal(app, err):
    """Why the key did nothing: the core's reason, in words."""
    g = app.game
    a = g.run_color() if g.run_color() >= 0 else g.color()
    app.notice(strings.NO_GAME_OVER + err - 1, a)
    app.lights.tune(lights.BUMP)


def sounds(app):
    """The sound the notices of a move asked for (a win, a penalty)."""
    n = app.notices
    snd = n.sound
    n.sound = notices.SOUND_NONE
    if snd == notices.SOUND_WIN:
        app.lights.tune(lights.WIN)
    elif snd == notices.SOUND_PENALTY:
        app.lights.tune(lights.PENALTY)
