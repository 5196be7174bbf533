"""The app's states (taki_ui.app): one screen or step of the game each."""

from micropython import const

S_SETUP = const(0)
S_RENAME = const(1)
S_PASS = const(2)  # waiting for the next person to take the device
S_TURN = const(3)  # a person's turn, their hand on screen
S_COLOUR = const(4)  # choosing the colour of a COLOR card
S_WATCH = const(5)  # public table: notices, computer moves
S_PLUS3 = const(6)  # the public +3 prompt
S_BREAK = const(7)  # a person may break the +3 out of turn
S_OVER = const(8)
S_PAUSE = const(9)
S_RESUME = const(10)  # at power-on: a saved game, resume it?
S_HELP = const(11)  # what a card does (from the pause menu)
S_DREW = const(12)  # a person's hand after drawing, the new card shown
S_LANG = const(13)  # at the very first start: which language
S_RECORDS = const(14)  # each name's record (from setup or the pause menu; the last state)

