"""TAKI for the Adafruit PyBadge / PyBadge LC / PyGamer.

Find the board, build the game, run its loop. Everything else is in
boards/ (the hardware) and lib/taki_ui/ (the game's screens).
"""

# On the desktop this file shadows the standard library's `code` module
# (pdb imports it): run only as the main program, as CircuitPython runs it.
if __name__ == "__main__":
    import boards
    from taki_ui.app import App

    app = App(boards.detect())
    app.run()
