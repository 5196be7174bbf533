"""What the setup screen chooses; taki_ui.persist keeps it across power-offs.

Kinds per seat: 0 human, 1..3 computer easy / normal / hard (the level is
kept for the computer-players module). Names default to "Player N".
"""

from micropython import const

from taki_ui import strings, text

MAX_SEATS = const(10)
NAME_LEN = const(10)
HUMAN = const(0)
CPU_EASY = const(1)
CPU_NORMAL = const(2)
CPU_HARD = const(3)

# The settings' part of a save record (taki_ui.persist, taki_ui.store):
# players, first, tournament, sound, 10 kinds, then 10 names of NAME_LEN
# bytes (space padded)
_KINDS = const(4)
_NAMES = const(_KINDS + MAX_SEATS)
PACKED_SIZE = const(_NAMES + MAX_SEATS * NAME_LEN)


# Where the language's texts are pictures (the shaped scripts) a seat's
# default name is one control character that taki_ui.pictures draws as the
# language's own PLAYER (chr(LONG + seat)) or PLAYER_SHORT (chr(SHORT + seat))
# text with the seat's number: a typed name is ASCII 32..126 (rename_screen),
# so the two never meet; it is never saved (pack_into keeps it as blanks).
LONG = const(1)
SHORT = const(17)


def default_name(seat):
    """"Player 3": the table's PLAYER text filled in (at start-up, on a
    change of language). In the shaped scripts, its mark (LONG above)."""
    if text.lang.pixels:
        return chr(LONG + seat)
    text.compose(strings.PLAYER, seat + 1)
    return text.composed()


def default_seat(name):
    """The seat whose default name (either form) `name` is, or -1."""
    if len(name) == 1 and ord(name) < 32:
        o = ord(name)
        return o - SHORT if o >= SHORT else o - LONG
    return -1


_memo = [None, None]  # shorts()' last question and answer


def shorts(names, players, width):
    """Each seat's name in at most `width` characters, no two alike: a
    default name as "P3" (the language's PLAYER_SHORT), a name that fits as
    it is, a longer one cut; a
    cut name that would read like another ends in its seat number instead
    ("Mommy" beside "Mom" is "Mo4"). Made once per screen: it allocates;
    the same question again (the table is built for every hand) is not
    worked out again (12 ms on a SAMD51 for 4 seats: default names are read
    from the language's file). The list is shared: do not change it."""
    key = (players, width, text.lang.gen, tuple(names[:players]))
    if _memo[0] == key:
        return _memo[1]
    out = []
    for s in range(players):
        name = names[s]
        if name == default_name(s):
            if text.lang.pixels:
                name = chr(SHORT + s)
            else:
                text.compose(strings.PLAYER_SHORT, s + 1)
                name = text.composed()
        out.append(name)
    plain = [name[:width].lower() for name in out]
    cut = [name[:width] for name in out]
    for s in range(players):
        if len(out[s]) > width:
            for t in range(players):
                if t != s and plain[t] == plain[s]:
                    tag = str(s + 1)
                    cut[s] = out[s][:width - len(tag)] + tag
                    break
    _memo[0] = key
    _memo[1] = cut
    return cut


class Settings:
    def __init__(self):
        self.players = 2
        self.first = 0
        self.tournament = False
        self.sound = True
        self.kinds = bytearray(MAX_SEATS)
        self.names = [default_name(i) for i in range(MAX_SEATS)]
        for i in range(1, MAX_SEATS):
            self.kinds[i] = CPU_NORMAL  # seat 1 is a person, the rest computers
        self.kinds[1] = HUMAN
        self.lang = "en"  # the language's code (taki_ui.text.LANGS)

    def speak(self, code):
        """Speak language `code` from now on (taki_ui.text); False if it fell
        back to English. Names that were the old language's default names
        become the new language's."""
        old = [default_name(s) for s in range(MAX_SEATS)]
        ok = text.lang.load(code)
        self.lang = text.lang.texts.code
        for s in range(MAX_SEATS):
            if self.names[s] == old[s]:
                self.names[s] = default_name(s)
        return ok

    def is_human(self, seat):
        return self.kinds[seat] == HUMAN

    def humans(self):
        n = 0
        for s in range(self.players):
            if self.kinds[s] == HUMAN:
                n += 1
        return n

    def pack_into(self, buf):
        """Write the settings into buf[:PACKED_SIZE]."""
        buf[0] = self.players
        buf[1] = self.first
        buf[2] = 1 if self.tournament else 0
        buf[3] = 1 if self.sound else 0
        buf[_KINDS:_KINDS + MAX_SEATS] = self.kinds
        for s in range(MAX_SEATS):
            # a default name is kept as blanks: it is "Player 3" in the
            # language of the day (unpack)
            name = b"" if self.names[s] == default_name(s) else self.names[s].encode()
            at = _NAMES + s * NAME_LEN
            for i in range(NAME_LEN):
                buf[at + i] = name[i] if i < len(name) else 32


def valid(buf):
    """Whether buf holds settings this version can use (every field in range)."""
    if not 2 <= buf[0] <= MAX_SEATS or buf[1] >= buf[0] or buf[2] > 1 or buf[3] > 1:
        return False
    for s in range(MAX_SEATS):
        if buf[_KINDS + s] > CPU_HARD:
            return False
    for i in range(_NAMES, PACKED_SIZE):
        if not 32 <= buf[i] < 127:  # the rename screen only makes ASCII
            return False
    return True


def unpack(st, buf):
    """Load settings st from buf (checked with valid() first)."""
    st.players = buf[0]
    st.first = buf[1]
    st.tournament = buf[2] == 1
    st.sound = buf[3] == 1
    for s in range(MAX_SEATS):
        st.kinds[s] = buf[_KINDS + s]
        at = _NAMES + s * NAME_LEN
        name = bytes(buf[at:at + NAME_LEN]).decode().strip()
        st.names[s] = name if name else default_name(s)
