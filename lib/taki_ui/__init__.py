"""taki_ui: the TAKI game's screens and state machine, drawn with displayio.

`app.App(board)` is the whole game; `board` is a driver from `boards/`.
"""
