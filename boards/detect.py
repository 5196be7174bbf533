"""Which board this is: its driver.

A module of its own, not in boards/__init__.py: the drivers import the key
numbers and screen sizes from the package, so the package must not import
them back (tests/test_structure.py: no import circles).
"""


def detect():
    """The driver for the board we run on (PyGamer if it has a joystick)."""
    import board

    if hasattr(board, "JOYSTICK_X"):
        from boards.pygamer import Board
    else:
        # PyBadge and PyBadge LC: same buttons, same pins.
        from boards.pybadge import Board
    return Board()
