"""What each pass of the app's loop (taki_ui.app) does besides the game:
write the saves when they are due (a mark in the corner while it happens),
dim the lights and go dark while nobody comes, feed the watchdog, refresh,
and sleep until the next thing due. Functions of the App they are given.
"""

import gc

from adafruit_ticks import ticks_add, ticks_diff, ticks_ms
from micropython import const
from taki_core.game import P_PLUS3

from taki_ui import stage, turn, unload, watch
from taki_ui.states import S_DREW, S_PAUSE, S_SETUP, S_WATCH

# The longest the loop sleeps: the keypad scans every 20 ms in the background
# and queues presses, so a key waits at most one scan more
POLL_MS = const(20)
# Garbage is collected while the loop only waits, once the free heap is
# below LOW_FREE: it would be collected soon anyway, when an allocation
# finds the heap full, and a collection of the game's ~100 KB heap takes
# ~55 ms on a SAMD51, which a key's answer or a computer's move would pay
LOW_FREE = const(16384)
GC_MS = const(120)  # nothing due for this long: a collection is not in the way
KEY_IDLE_MS = const(1000)  # or no key for this long
LOOK_MS = const(4000)  # (each look is CPU time a waiting board could sleep)
GARBAGE = const(2048)  # allocated since the last collection here: another is worth it
# ticks of the next look at the heap; the heap free after the last
# collection here (one is worth it only once garbage has come since)
_look = [0, 1 << 30]


def save_now(app):
    """Write what changed (if anything did): the mark goes up at this
    loop pass's refresh, the write comes at the next (it blocks)."""
    if app.saves.pending() and not app.saving:
        app.saving = True
        app.stage.mark(stage.MARK_SAVE)
        app.lights.saving(True)


def begin(app):
    """The pass's start: the write save_now asked for; what a move's answer
    left for this pass (the rest of the table: watch.catch_up; the pass
    screen beside a table built anew), before a key is read, so that the key
    meets the table whole; the public part of the next turn's table behind
    the pass screen, so that its A draws only the hand; the +3's code)."""
    if app.saving:
        write(app)
    s = app.stage
    if s.pass_due:  # (Stage.ready_pass)
        s.ready_pass()
    if s.kept_due:  # (Stage._side)
        s.kept_due = False
        if app.after_pass is turn.show:
            turn.ready(app, s.kept)
    t = s.table
    if t is not None and t.behind and not t.behind & 1:
        watch.catch_up(app)
    if app.told_next == 2 and app.game.phase() == P_PLUS3:
        # the +3's code read in while "Next" shows before its answer, not in
        # the answer's pass (45 file reads: Sindhi's pass 52 -> 72 ms on the
        # ARM model); a look-up once it is loaded
        plus3()


def plus3():
    """taki_ui.plus3_flow, the +3's answer (App; the pause menu going back
    to it): its code is 1.1 KB of heap, loaded only while a +3 waits."""
    from taki_ui import plus3_flow

    return plus3_flow


def plus3_done():
    """The +3 is answered: its code goes (App.after_move, before the table
    shows the answer; not loaded: nothing is done, nothing allocated)."""
    unload.forget("taki_ui.plus3_flow")


def write(app):
    """The write save_now asked for, at the start of the next pass."""
    app.saving = False
    app.saves.save()
    app.stage.mark(stage.MARK_LOW if app.battery.low else stage.MARK_NONE)
    app.lights.saving(False)
    if app.state == S_PAUSE:
        app.screen.saved()


def save_tick(app):
    """A low battery, or the saves' own time (Saves.due): write now."""
    if app.battery.check():
        app.stage.mark(stage.MARK_LOW)
        save_now(app)
    elif app.saves.due(app.state != S_WATCH and app.state != S_PAUSE and not app.busy(),
                       app.last_key, app.at_milestone, app.state == S_SETUP):
        save_now(app)
    app.at_milestone = False


def end(app, k):
    """The pass's end: dim, or save and go dark, while nobody comes (a
    game that moves by itself is not idle); refresh; then sleep until the
    next thing due (not after a key: more may be queued)."""
    now = ticks_ms()
    st = app.state
    if st == S_WATCH or (st != S_DREW and (app.notices.pending() or app.notice_on)):
        app.lights.still = now
    elif app.lights.idle(now, app.saves.pending() or app.saving):
        save_now(app)  # saved first, then dark
    app.board.tick()  # feeds the watchdog too
    # a look at the heap, at most once every LOOK_MS of waiting: gc.mem_free()
    # walks the whole heap's table (~5 ms on the SAMD51); here, before the
    # refresh, so that it is this idle pass's work, not the next key's
    if k < 0 and ticks_diff(now, _look[0]) >= 0 and _idle(app, now):
        _look[0] = ticks_add(now, LOOK_MS)
        free = gc.mem_free()
        if free > _look[1]:
            _look[1] = free  # (a collection the allocator made, or what was let go)
        if free < LOW_FREE and free < _look[1] - GARBAGE:
            gc.collect()
            _look[1] = gc.mem_free()
    app.display.refresh()
    t = app.table
    if t is not None and t.behind & 1:
        t.behind += 1  # a move's answer is on the panel: the rest next (begin)
    if k < 0:
        app.board.rest(_due(app))


def _idle(app, now):
    """Whether the app will only wait for a while: nothing due for GC_MS
    (a computer's pause, a notice's time), or a person has pressed nothing
    for KEY_IDLE_MS. A collection then is not in the way of anything."""
    if ticks_diff(now, app.last_key) >= KEY_IDLE_MS:
        return True
    st = app.state
    if app.saving or st == S_DREW:
        return False
    if app.notice_on:
        t = app.notice_until
    elif st == S_WATCH and app.told_next and not app.notices.pending():
        t = app.until
    else:
        return False
    return ticks_diff(t, now) >= GC_MS


def _due(app):
    """ms until something happens without a key (0: now), at most POLL_MS."""
    t = app.table
    s = app.stage
    if app.saving or (t is not None and t.behind) or s.pass_due or s.kept_due:
        return 0  # (a move's answer is shown: its rest at once, begin)
    st = app.state
    if st == S_DREW:
        return POLL_MS
    if app.notice_on:
        t = app.notice_until
    elif app.notices.pending() or (st == S_WATCH and not app.told_next):
        return 0
    elif st == S_WATCH:
        t = app.until
    else:
        return POLL_MS
    t = ticks_diff(t, ticks_ms())
    return POLL_MS if t > POLL_MS else (t if t > 0 else 0)
