"""The +3 answer (R9.5) as the app plays it: computers may break at once,
then a public prompt (taki_ui.plus3_screen, whose keys say who answers); a
person who takes the device to break it sees only whether their +3 Breaker
may go. Functions of the App (taki_ui.app) they are given."""

from boards import K_A, K_B, K_LEFT, K_RIGHT, K_SELECT
from taki_core.cards import BREAK, NTYPES
from taki_core.game import F_LAST, M_BREAK

from taki_ui import strings, turn, watch
from taki_ui.notices import SEAT_A
from taki_ui.players import NO_MOVE
from taki_ui.states import S_BREAK, S_PLUS3


def start(app):
    """A +3 waits for its answer: computers first, then the people."""
    g = app.game
    by = g.plus3_by()
    if not app.p3_asked:  # computers may break it at once, out of turn
        app.p3_asked = True
        for s in range(g.players):
            if s != by and s != g.current() and not app.settings.is_human(s):
                m = app.cpu.move(g, s, app.settings.kinds[s])
                if m != NO_MOVE and g.apply(m) == 0:
                    app.after_move()
                    return
    public(app)


def public(app):
    """The public prompt: who answers the +3? Skipped when a single
    person plays with computers and cannot act on it: then their own
    hand is all it would have hidden."""
    g = app.game
    by = g.plus3_by()
    nxt = g.current()
    cand = app.moves  # scratch: the people who may try to break
    nc = 0
    for s in range(g.players):
        if s != by and app.settings.is_human(s):
            cand[nc] = s
            nc += 1
    if nc == 1 and cand[0] != nxt and g.check(M_BREAK + cand[0]):
        nc = 0  # the one person holds no +3 Breaker: the next (a computer) answers
    if nc == 0:
        app.computer(nxt)
        return
    if nc == 1 and cand[0] == nxt:
        watch.hand_over(app, nxt, turn.show, strings.PASS_ANSWER)  # they answer in their turn
        return
    app.viewer = -1  # a public screen
    app.enter(S_PLUS3, "plus3_screen", "Plus3Screen", app.names, by, nxt, cand, nc)


def break_key(app, k):
    """S_BREAK: the keys of the person who may break the +3."""
    if k == K_LEFT or k == K_RIGHT:
        app.table.move_cursor(app.table.step(k == K_RIGHT), app.hand, app.playable)
    elif k == K_SELECT:
        n = app.game.hand_size(app.breaker)
        if n > 2:
            app.notice(strings.LAST_EARLY, n)
            return
        app.declare = True
        app.notice(strings.N_LAST, app.breaker, 0, SEAT_A)
    elif k == K_B:
        public(app)
    elif k == K_A:
        c = turn.card(app)
        if c == BREAK and app.playable[BREAK]:
            app.apply(M_BREAK + app.breaker | (F_LAST if app.declare else 0))
        else:
            app.notice(strings.ONLY_BREAKER)


def show_break(app):
    """The hand of the person who took the device to break the +3: only
    their +3 Breaker lit, if it may go."""
    g = app.game
    s = app.passing_for
    app.breaker = s
    app.viewer = s
    app.declare = False
    pl = app.playable
    for t in range(NTYPES):
        pl[t] = 0
    ok = g.check(M_BREAK + s) == 0
    pl[BREAK] = 1 if ok else 0
    n = g.hand(s, app.hand)
    cursor = 0
    for i in range(n):
        if app.hand[i] == BREAK:
            cursor = i
    t = app.on_table(S_BREAK)
    t.show_table(g, app.names)
    t.show_hand(app.hand, n, pl, cursor)
    t.show_keys(strings.KEYS_BREAK if ok else strings.NO_BREAKER)
