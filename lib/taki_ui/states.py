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

# What a key press on a screen asks the app to do (a screen's key() returns it)
A_NONE = const(0)
A_START = const(1)  # setup: start the game
A_RENAME = const(2)  # setup: rename the selected seat
A_SOUND = const(3)  # setup, pause: the sound was switched
A_DONE = const(4)  # rename: keep the new name
A_CANCEL = const(5)  # rename: keep the old one
A_RESUME = const(6)  # pause: back to the game
A_SETUP = const(7)  # pause: back to setup
A_ANSWER = const(8)  # +3 prompt: the next player answers
A_BREAK = const(9)  # +3 prompt: the chosen person breaks it
A_CHANGED = const(10)  # setup: a setting changed
A_HELP = const(11)  # pause: what does this card do?
A_LANG = const(12)  # setup: the language changed
