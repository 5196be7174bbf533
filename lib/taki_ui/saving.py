"""Reading and writing the save that taki_ui.persist keeps (the payload's
layout is there). Loaded only while a save is read or written, or a game's
end is counted in the records: this code, the slots' (taki_ui.store) and the
core's packing (taki_core.save) are about 5 KB of heap on the board (and the
records' code, taki_ui.records, 3 KB more for a read or a game's end), and a
write comes a few times an hour."""

from taki_core import rng, save
from taki_ui import settings as settings_mod
from taki_ui.records import AREA as _AREA
from taki_ui.store import R_BAD, R_OK, Store

from taki_ui.payload import (CPU as _CPU, GAME as _GAME, HAS_GAME as _HAS_GAME, LANG as _LANG,
                             REC as _REC, L_BAD, L_GAME, L_NONE, L_SETTINGS, PAYLOAD)


def _accept(body):
    return settings_mod.valid(body) and body[_HAS_GAME] <= 1


def _store(s):
    """The slots as the Saves s last left them."""
    st = Store(s.nvm, PAYLOAD, old_size=_REC, payload=s.newest)
    st.seq = s.seq
    st.slot = s.slot
    return st


def _keep(s, st):
    s.seq = st.seq
    s.slot = st.slot


def load(s):
    """Saves.load()."""
    st = _store(s)
    r = st.read(_accept)
    _keep(s, st)
    if r != R_OK:
        return L_BAD if r == R_BAD else L_NONE
    body = s.newest
    settings_mod.unpack(s.settings, body)
    s.settings.lang = chr(body[_LANG]) + chr(body[_LANG + 1])
    from taki_ui.tally import Tally

    s.rec_loaded = Tally(s.area).load(body, _REC)
    if not body[_HAS_GAME]:
        return L_SETTINGS
    # unpack checks the blob whole (checksum, the deck, every field) and
    # leaves the game untouched when it refuses it
    g = s.game
    if save.unpack(g, bytes(body[_GAME:_LANG])) != save.S_OK:
        return L_BAD
    if g.players != s.settings.players or g.tournament() != s.settings.tournament:
        return L_BAD  # a game the saved setup did not start: not ours
    if g.over():
        return L_SETTINGS
    x = (body[_CPU] << 24) | (body[_CPU + 1] << 16) | (body[_CPU + 2] << 8) | body[_CPU + 3]
    if 1 <= x < rng.P:
        s.cpu.x = x
    s.mark()
    s.in_game = True
    return L_GAME


def write(s):
    """Saves.save(): None when the newest record holds it already, else
    whether it was written."""
    buf = s.buf
    g = s.game
    s.settings.pack_into(buf)
    for i in range(_HAS_GAME, PAYLOAD):
        buf[i] = 0
    lang = s.settings.lang
    seal(s.area, buf, _REC)
    buf[_LANG] = ord(lang[0])
    buf[_LANG + 1] = ord(lang[1])
    if s.in_game and not g.over():
        buf[_HAS_GAME] = 1
        x = s.cpu.x
        buf[_CPU] = x >> 24
        buf[_CPU + 1] = (x >> 16) & 0xFF
        buf[_CPU + 2] = (x >> 8) & 0xFF
        buf[_CPU + 3] = x & 0xFF
        buf[_GAME:_LANG] = save.pack(g)
    s.since = -1
    s.settings_changed = False
    if buf == s.newest:
        return None  # the same as the newest record
    st = _store(s)
    wrote = st.write(buf)
    _keep(s, st)
    return wrote


def game_over(s):
    """Count the game that just ended in each name's record."""
    from taki_ui.tally import Tally

    Tally(s.area).game_over(s.game, s.settings)


def seal(area, out, at):
    """The records' area into out[at:], its check (the last two bytes:
    CRC-16/CCITT of the rest, which records.Records.load checks) put in
    first. Here, not in taki_ui.records: a save in the pause menu then
    needs no records code (3 KB beside the table's)."""
    n = _AREA - 2
    c = save.checksum(area, n)
    area[n] = c >> 8
    area[n + 1] = c & 0xFF
    out[at:at + _AREA] = area
