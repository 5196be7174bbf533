"""What each pass of the app's loop (taki_ui.app) does besides the game:
write the saves when they are due (a mark in the corner while it happens),
dim the lights and go dark while nobody comes, feed the watchdog, refresh,
and sleep until the next thing due. Functions of the App they are given.
"""

from adafruit_ticks import ticks_diff, ticks_ms
from micropython import const

from taki_ui import stage
from taki_ui.states import S_DREW, S_PAUSE, S_SETUP, S_WATCH

# The longest the loop sleeps: the keypad scans every 20 ms in the background
# and queues presses, so a key waits at most one scan more
POLL_MS = const(20)


def save_now(app):
    """Write what changed (if anything did): the mark goes up at this
    loop pass's refresh, the write comes at the next (it blocks)."""
    if app.saves.pending() and not app.saving:
        app.saving = True
        app.stage.mark(stage.MARK_SAVE)
        app.lights.saving(True)


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
    app.display.refresh()
    if k < 0:
        app.board.rest(_due(app))


def _due(app):
    """ms until something happens without a key (0: now), at most POLL_MS."""
    if app.saving:
        return 0
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
