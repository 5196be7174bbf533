"""The notices of the core's events (taki_ui.notices): which text each event
shows and which of its places are seats. notices works the text out from the
event code (the notices' texts in lang/en.txt follow the event codes), so
this pins every code to its text by name."""

from sim.testing import harness

harness.install()

from taki_core.game import EV_BREAK, EV_DRAW, EV_PLAY, EV_TURN, EVENT_NAMES  # noqa: E402
from taki_ui import strings  # noqa: E402
from taki_ui.notices import SEAT_A, SEAT_B, Notices  # noqa: E402


def notice(code, a=1, b=2, quiet_seat=-1):
    """(text, a, b, seats) of the notice event (code, a, b) makes, or None."""
    n = Notices()
    n._event(code, a, b, quiet_seat)
    if not n.pending():
        return None
    n.pop()
    return n.text, n.a, n.b, n.seats


def test_every_event_but_a_turn_shows_its_own_text_with_its_seats():
    assert notice(EV_TURN) is None
    for code in range(EV_PLAY, len(EVENT_NAMES)):
        name = "N_" + EVENT_NAMES[code].upper()
        seats = SEAT_A | SEAT_B if code == EV_BREAK else SEAT_A
        assert notice(code) == (getattr(strings, name), 1, 2, seats), name


def test_one_card_drawn_has_its_own_text_and_a_play_in_the_player_s_own_hand_none():
    assert notice(EV_DRAW, b=1)[0] == strings.N_DRAW_ONE
    assert notice(EV_DRAW, b=3)[0] == strings.N_DRAW
    assert notice(EV_PLAY, a=2, quiet_seat=2) is None
    assert notice(EV_PLAY, a=1, quiet_seat=2)[0] == strings.N_PLAY
