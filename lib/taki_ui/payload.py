"""The save's payload, as taki_ui.persist keeps it and taki_ui.saving reads
and writes it (store.FORMAT 4; a FORMAT 3 save, which ended at _REC, is read
with no records), and what reading it found. Constants only: on the board
they are put into the code that uses them (sim.build.inline), so this module
is never loaded there.

    0    settings (settings.PACKED_SIZE bytes: counts, kinds, names)
    114  1 if a game is in progress, else 0
    115  the computer players' PRNG state (4 bytes, big-endian)
    119  the core's packed game (taki_core.save, BLOB_SIZE bytes)
    283  the language's code (2 ASCII letters; one the game does not know
         gives English and a notice, and keeps the rest)
    285  each name's record (taki_ui.records, records.AREA bytes). Changed
         only when a game or a tournament ends, and written with the next
         save (no write of its own): a power cut loses at most that update.
"""

from micropython import const
from taki_core.save import BLOB_SIZE

from taki_ui.records import AREA
from taki_ui.settings import PACKED_SIZE

HAS_GAME = const(PACKED_SIZE)
CPU = const(HAS_GAME + 1)
GAME = const(CPU + 4)
LANG = const(GAME + BLOB_SIZE)
REC = const(LANG + 2)
PAYLOAD = const(REC + AREA)

# what Saves.load() found
L_NONE = const(0)  # nothing saved: defaults
L_SETTINGS = const(1)  # settings and names restored, no game in progress
L_GAME = const(2)  # ... and a game to resume
L_BAD = const(3)  # a save was there but could not be used: to be cleared
