"""How many pixels the display must refresh for typical UI actions.

displayio sends only dirty areas to the TFT; the simulated display counts
the pixels of the areas each refresh sends (overlapping areas count twice,
as they are sent twice). Measured on the real app in the headless simulator:

    cursor_px   one LEFT/RIGHT in a hand (the cursor card rises, the old one sinks)
    play_px     the refresh after pressing A on a playable card (turn over:
                the card leads, counts change, the hand turns face down)
    screen_px   a change of screen (the table to the pass-the-device screen)

    python -m sim.bench ui
"""

FRAME_PX = 160 * 128


def _refresh_px(sim, key):
    """Pixels sent by the one loop pass that handles `key`."""
    d = sim.display
    sim.hw_state.press(key)
    before = d.pixels_sent
    sim.step()  # reads the key, updates the screen, refreshes once
    px = d.pixels_sent - before
    sim.settle()
    return px


def ui_bench(seed=11):
    from sim.testing.harness import Sim

    sim = Sim(render=False)
    app = sim.app
    app.next_seed = seed
    sim.press("UP", "A")  # 2 people (the default setup): start
    sim.press("A")  # Player 1 takes the device
    from taki_ui import app as A

    assert app.state == A.S_TURN
    t = app.table
    # a cursor move that does not scroll the row
    t.move_cursor(-t.cursor, app.hand, app.playable)
    sim.step()
    cursor_px = _refresh_px(sim, "RIGHT")
    # play the first playable card
    lit = [i for i in range(t.n) if app.playable[app.hand[i]]]
    while t.cursor != lit[0]:
        sim.press("RIGHT" if t.cursor < lit[0] else "LEFT")
    play_px = _refresh_px(sim, "A")
    # the table gives way to the pass screen (or the other way round)
    while app.state not in (A.S_PASS, A.S_TURN):
        sim.press("A")
    screen_px = _refresh_px(sim, "A")
    return {"cursor_px": cursor_px, "play_px": play_px, "screen_px": screen_px,
            "frame_px": FRAME_PX}


def main(argv=None):
    r = ui_bench()
    for k in ("cursor_px", "play_px", "screen_px"):
        print("%-10s %6d  (%.1f%% of the 160x128 frame)" % (k, r[k], 100.0 * r[k] / FRAME_PX))
    print("ui: cursor_px=%d play_px=%d screen_px=%d" % (r["cursor_px"], r["play_px"], r["screen_px"]))


if __name__ == "__main__":
    main()
