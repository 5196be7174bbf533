"""TAKI for the Adafruit PyBadge / PyBadge LC / PyGamer.

Find the board, build the game, run its loop. Everything else is in
boards/ (the hardware) and lib/taki_ui/ (the game's screens). Should the
game stop on an error, taki_ui.crash says so on the screen and restarts it
on A; the watchdog restarts a game that hangs (the README's "When something
goes wrong" says why).
"""

# On the desktop this file shadows the standard library's `code` module
# (pdb imports it): run only as the main program, as CircuitPython runs it.
if __name__ == "__main__":
    try:
        import terminalio  # noqa: F401  (every screen draws with the firmware's font)
    except ImportError:  # CircuitPython's ja, ko and ru builds have none
        from taki_ui import crash

        crash.no_font()
    import gc

    board = app = None
    try:
        # first: a hang anywhere restarts the board. board.tick() feeds it on
        # every pass; none (nor the start) takes near 16 s, the SAMD51's most
        from microcontroller import watchdog
        from watchdog import WatchDogMode

        watchdog.timeout = 16
        watchdog.mode = WatchDogMode.RESET
        from taki_ui.files import check

        check()  # no module missing or cut short (its import would hang)
        check = None
        from boards.detect import detect
        from taki_ui.app import App

        board = detect()
        app = App(board)
        app.run()
    except Exception as e:  # noqa: BLE001  (Ctrl-C and a reload are not Exceptions)
        app = None  # the game's heap back first: the error may be a MemoryError
        gc.collect()
        from taki_ui import crash

        crash.crashed(e, board)
