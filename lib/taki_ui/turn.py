"""A person's turn as the app plays it: their hand on the table, keys to
moves, the colour of a COLOR card, the card just drawn. Functions of the
App (taki_ui.app) they are given, which holds the state they change.

Which cards are lit, what a key means and why a key does nothing come from
the core (taki_ui.hand, Game.check): a card is lit because `legal_moves`
listed it, and a refusal says the core's reason.
"""

from boards import K_A, K_B, K_DOWN, K_LEFT, K_RIGHT, K_SELECT, K_UP
from taki_core.cards import COLOR, NTYPES
from taki_core.game import (
    F_LAST, M_ACCEPT, M_CLOSE, M_COLOR, M_DRAW, M_END, M_LAST, P_KING, P_PLUS3, P_RUN,
)

from taki_ui import lights, strings, watch
from taki_ui.hand import mark_playable, turn_keys
from taki_ui.players import NO_MOVE
from taki_ui.states import S_COLOUR, S_DREW, S_PASS, S_TURN


def show(app, new_turn=True, cursor=-1):
    """The current player's hand: a new turn's with the cursor at its
    start, else on the lit card nearest to where it was, or exactly at
    `cursor` (back from the pause menu)."""
    g = app.game
    seat = g.current()
    app.viewer = seat
    mark_playable(g, app.moves, app.playable)
    n = g.hand(seat, app.hand)
    passed = app.state == S_PASS
    built = app.table is None and not passed  # back from the pause menu
    t = app.on_table(S_TURN)
    if built:
        app.stage.ready_pass(True)  # the next pass then only names who
    if not (passed and t.ready):  # (else as ready() drew it: nothing has moved since)
        _public(app, t)
    t.ready = False
    old = t.cursor if t.n else 0
    if new_turn:
        old = 0
        app.lights.tune(lights.TURN)
    if cursor < 0:
        cursor = _nearest_lit(app, old, n)
    t.show_hand(app.hand, n, app.playable, cursor, new_turn or built)
    app.lights.colour(g.color())


def ready(app, t):
    """Behind the pass screen, a loop pass after it is shown: the public part
    of the next turn (the top line, the grid, the keys) drawn on table t,
    kept aside with its hand hidden, and the row laid out for as many cards
    as it holds (public too), so that A draws only the hand (show finds the
    rest as it is)."""
    _public(app, t)
    g = app.game
    t.lay(g.hand_size(g.current()))
    t.ready = True


def _public(app, t):
    """A turn's table but the hand: the top line, the grid, the keys."""
    g = app.game
    t.hide_chooser()
    t.show_table(g, app.names)
    t.show_keys(turn_keys(g))


def go_on(app):
    """The same person goes on after their move: its answer at once (the
    card on the pile, its place in the hand empty), the hand closed up, the
    grid and the keys at the next loop pass, once that is on the panel
    (watch.catch_up)."""
    g = app.game
    mark_playable(g, app.moves, app.playable)
    n = g.hand(g.current(), app.hand)
    t = app.on_table(S_TURN)
    t.show_top(g)
    t.cursor_next = _nearest_lit(app, t.cursor if t.n else 0, n)  # the cursor then
    t.lift(t.cursor)
    t.behind = 3  # (rest.end: 4 after the refresh; rest.begin: the rest)
    app.lights.colour(g.color())


def _nearest_lit(app, k, n):
    """The lit card nearest to position k (k itself when none is lit)."""
    k = max(0, min(k, n - 1))
    for d in range(n):
        for i in (k - d, k + d):
            if 0 <= i < n and app.playable[app.hand[i]]:
                return i
    return k


def key(app, k):
    """S_TURN: a key of the person whose hand is shown."""
    g = app.game
    t = app.table
    if k == K_LEFT or k == K_RIGHT:
        t.move_cursor(t.step(k == K_RIGHT), app.hand, app.playable)
        if t.hinting:  # the hint was about the card the cursor left
            t.show_keys(turn_keys(g))
        return
    if k == K_DOWN:
        hint(app)
        return
    ph = g.phase()
    m = NO_MOVE
    if k == K_A:
        c = card(app)
        if c < 0:
            return
        if c == COLOR and app.playable[c]:
            app.colour_sel = g.color()
            t.show_chooser(app.colour_sel)
            t.show_keys(strings.CHOOSE_KEYS)
            app.state = S_COLOUR
            return
        m = c if c != COLOR else M_COLOR + g.color()
    elif k == K_B:
        m = (M_CLOSE if ph == P_RUN else M_END if ph == P_KING
             else M_ACCEPT if ph == P_PLUS3 else M_DRAW)
    elif k == K_UP and ph == P_RUN:
        m = M_END
    elif k == K_SELECT:
        n = g.hand_size(g.current())
        if n > 2:  # "last card" counts only when a play can leave one (R5.1)
            app.notice(strings.LAST_EARLY, n)
            return
        m = M_LAST
    if m == NO_MOVE:
        return
    err = g.check(m)
    if err:
        watch.refusal(app, err)
        return
    if m == M_DRAW:
        _draw(app)
    else:
        app.apply(m)


def hint(app):
    """DOWN on a person's turn (their hand on screen, nobody else's): the
    cursor to the card the NORMAL computer would play with this hand (it
    stays put for a draw or a key's move), and why on the bottom line. With
    hints off for the seat (setup), the line says so."""
    g = app.game
    t = app.table
    if not app.saves.hints(g.current()):
        t.show_hint(strings.HINT_OFF)
        return
    from taki_core.hints import hint as normal_s  # at the first hint: no hint, no heap

    m, why = normal_s(app.cpu.brain(), g)
    c = m & ~F_LAST
    if M_COLOR <= c < M_COLOR + 4:
        c = COLOR  # the card, whose colour is chosen after A
    if 0 <= c < NTYPES:
        for i in range(t.n):
            if app.hand[i] == c:
                t.set_cursor(i, app.hand, app.playable)
                break
    t.show_hint(strings.HINT_DRAW + why)


def _draw(app):
    """Draw, then show the hand with what was drawn (to its owner only)
    before the turn passes on."""
    g = app.game
    seat = g.current()
    hand = app.hand
    before = g.hand(seat, hand)
    held = app.playable  # scratch, no allocation: how many of each kind were held
    for t in range(len(held)):
        held[t] = 0
    for i in range(before):
        held[hand[i]] += 1
    g.apply(M_DRAW)
    app.saves.changed()
    app.saves.milestone()
    got = g.hand_size(seat) - before
    app.notices.feed(g, seat)
    watch.sounds(app)
    if got <= 0:
        watch.watch(app, 0)
        return
    n = g.hand(seat, hand)
    new = 0  # the first card (in type order) not held before: a drawn one
    while new < n - 1 and held[hand[new]]:
        held[hand[new]] -= 1
        new += 1
    show_drawn(app, seat, new, True)
    if got == 1:
        app.notice(strings.DREW, hand[new])
    else:
        app.notice(strings.DREW_MORE, got)


def show_drawn(app, seat, cursor, later=False):
    """Seat's hand after their draw (the turn has passed on), every card at
    its brightness (nothing is to be played now), the cursor on the drawn
    card; A goes on. later: the draw's answer (the hand, what was drawn) at
    once, the top line, the grid and the keys at the next loop pass
    (watch.catch_up)."""
    g = app.game
    n = g.hand(seat, app.hand)
    for i in range(len(app.playable)):
        app.playable[i] = 1
    t = app.on_table(S_DREW)
    t.show_hand(app.hand, n, app.playable, cursor, False)
    if later:
        t.behind = 5  # (rest.end: 6 after the refresh; rest.begin: the rest)
    else:
        t.show_table(g, app.names)
        t.show_keys(strings.KEYS_DREW)


def colour_key(app, k):
    """S_COLOUR: LEFT/RIGHT pick the colour of the COLOR card, A plays it."""
    if k == K_LEFT or k == K_RIGHT:
        app.colour_sel = (app.colour_sel + app.table.step(k == K_RIGHT)) % 4
        app.table.show_chooser(app.colour_sel)
    elif k == K_B:
        show(app, False)
    elif k == K_A:
        app.apply(M_COLOR + app.colour_sel)  # (the colour choice closes with the public table)


def card(app):
    """The card under the table's cursor, or -1."""
    t = app.table
    return app.hand[t.cursor] if t is not None and 0 <= t.cursor < t.n else -1
