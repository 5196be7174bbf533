"""Every text the screens show, in one table (English).

A translation is another module with the same names; the screens only ever
use these names. Texts with a %s or %d are filled in by the screens. Widths:
the screen is 26 characters of the built-in font wide.
"""

TITLE = "TAKI"
PLAYER = "Player %d"  # default names: Player 1 .. Player 10
PLAYER_SHORT = "P%d"  # a default name where 4 characters fit

# setup
SETUP_TITLE = "TAKI  -  new game"
PLAYERS = "Players"
STARTS = "Youngest"  # starts the game (R2.4)
MODE = "Game"
MODE_NORMAL = "Normal"
MODE_TOURNAMENT = "Tournament"
SOUND = "Sound"
ON = "On"
OFF = "Off"
KINDS = ("Human", "CPU easy", "CPU normal", "CPU hard")
START_GAME = "Start the game"
SETUP_KEYS = "^v row  <> change  A ok"
SETUP_KEYS_SEAT = "<> kind  A rename  ^v row"

# rename
RENAME_TITLE = "Name for seat %d"
RENAME_KEYS = "^v letter  <> move"
RENAME_KEYS2 = "A done   B cancel"
NAME_CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-"

# pass the device
PASS_TO = "Pass the device to"
PASS_READY = "A: I am %s"
PASS_HIDE = "(hand hidden)"
PASS_BREAK = "to break the +3"
PASS_ANSWER = "to answer the +3"

# table
TURN_OF = "%s's turn"
BREAK_OF = "%s: break the +3?"
PLAYING = "%s is playing..."
NEXT = "Next: %s"
COLOUR_NAMES = ("Red", "Green", "Blue", "Yellow")
STACK = "+2 x%d"
PLUS3_ON = "+3 on!"
RUN = "TAKI run"
DIR_LEFT = "<<"
DIR_RIGHT = ">>"
KEYS_TURN = "A play B draw SEL last"
KEYS_RUN = "A add B close ^ open"
KEYS_RUN_LONE = "A add  ^ end turn"
KEYS_PLUS = "A play  B draw"
KEYS_KING = "A play any  B end turn"
KEYS_PLUS3 = "A play  B accept"
KEYS_BREAK = "A break  B back"
KEYS_WAIT = "A: skip"
CANNOT = "Can't play that now"
NO_BREAKER = "No +3 Breaker: B back"

# colour choice
CHOOSE_COLOUR = "Choose the colour"
CHOOSE_KEYS = "<> colour A ok B back"

# +3 answer (a public screen)
P3_TITLE = "%s played +3!"
P3_LINE = "Everyone else draws 3,"
P3_LINE2 = "unless it is answered:"
P3_ANSWER = "%s answers"
P3_BREAK = "Break: < %s >"
P3_KEYS = "^v choose  A ok"

# notices, from the core's events
N_PLAY = "%s: %s"
N_COLOR = "%s names %s"
N_DRAW = "%s draws %d"
N_PENALTY = "Penalty: %s draws %d"
N_SKIP = "%s is skipped"
N_DIR = "Direction reversed"
N_STACK = "+2 stack: %d for %s"
N_RUN_OPEN = "TAKI run left open"
N_CLOSED = "Closed TAKI!"
N_LAST = "%s: Last card!"
N_PLUS3 = "%s plays +3!"
N_BREAK = "%s breaks %s's +3"
N_ACCEPT = "Everyone draws 3"
N_STAGE = "%s: stage %d"
N_WIN = "%s wins!"
N_BLOCKED = "Blocked: %s wins"
N_RESHUFFLE = "Discards reshuffled"
N_NODRAW = "No cards left to draw"

# resume a saved game (at power-on)
RESUME_TITLE = "Resume game?"
RESUME_PLAYERS = "%d players, %s"
RESUME_NEXT = "Next: %s"
RESUME_KEYS = "A resume   B new game"
SAVE_BAD = "Old save unreadable: reset"
CARDS_MISSING = "cards.bmp missing: copy again"

# pause menu
PAUSED = "Paused"
RESUME = "Resume"
NEW_GAME = "Back to setup"
PAUSE_KEYS = "^v choose  A ok"
SAVED = "Saved. You can switch off now."

# game over
GAME_OVER = "Game over"
WINS = "wins the game!"
WINS_TOURNAMENT = "wins the tournament!"
NO_WINNER = "Nobody wins"
STANDINGS = "Standings: stage, cards"
CARDS_LEFT = "Cards left"
STANDING = "%2d.%-5s%2d %2d"
STANDING_CARDS = "%2d.%-5s %4d"
OVER_KEYS = "A again  B setup"
