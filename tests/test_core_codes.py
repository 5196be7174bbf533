"""Every event and every refusal code is distinct, named, and asserted where
it arises (issue 16): a scenario move names the events it causes and the
reason it is refused (sim/testing/scenario.py), and together the scenarios of
tests/scenarios assert each one."""

import json
import os

from taki_core import cards, game, save, table
from taki_core.game import ERROR_NAMES, EVENT_NAMES, PHASE_NAMES

HERE = os.path.dirname(__file__)
OURS = os.path.join(HERE, "scenarios")


def constants(module, prefix):
    return {k: v for k, v in vars(module).items() if k.startswith(prefix) and isinstance(v, int)}


def test_event_codes_are_distinct_and_named():
    ev = constants(table, "EV_")
    ev.pop("EV_CAP")
    assert sorted(ev.values()) == list(range(1, len(EVENT_NAMES)))
    for name, code in ev.items():
        assert EVENT_NAMES[code] == name[3:].lower(), name
    assert EVENT_NAMES[0] == "" and len(set(EVENT_NAMES)) == len(EVENT_NAMES)
    assert table.EV_CAP == 32


def test_refusal_codes_are_distinct_and_named():
    errors = constants(game, "E_")
    assert sorted(errors.values()) == list(range(1, len(ERROR_NAMES)))
    assert len(set(ERROR_NAMES)) == len(ERROR_NAMES) and ERROR_NAMES[0] == "ok"
    assert {name: ERROR_NAMES[code] for name, code in errors.items()} == {
        "E_GAME_OVER": "game_over", "E_NOT_YOUR_TURN": "not_your_turn",
        "E_UNKNOWN_MOVE": "unknown_move", "E_NOT_IN_HAND": "card_not_in_hand",
        "E_NO_MATCH": "does_not_match", "E_STACK": "stack_active",
        "E_PLUS3": "plus3_active", "E_RUN_COLOUR": "run_colour_only",
        "E_DRAW_IN_RUN": "draw_in_run", "E_DRAW_KING": "draw_after_king",
        "E_LONE_TAKI": "cannot_close_lone_taki", "E_NO_RUN": "no_run_to_close",
        "E_NO_COLOR": "missing_color", "E_NOTHING_DONE": "nothing_done",
        "E_MUST_PLAY": "must_play_or_draw", "E_NO_PLUS3": "no_plus3",
        "E_OWN_PLUS3": "own_plus3", "E_UNKNOWN_CARD": "unknown_card",
    }


def test_phase_and_move_codes():
    assert [getattr(table, "P_" + n.upper()) for n in PHASE_NAMES] == list(range(6))
    assert (game.M_COLOR, game.M_DRAW, game.M_CLOSE, game.M_END, game.M_ACCEPT,
            game.M_LAST, game.M_BREAK, game.NMOVES, game.F_LAST) == (
        57, 61, 62, 63, 64, 65, 66, 76, 0x80)


def test_save_result_codes_by_value_and_name():
    """By value, not by name (issue 24): with S_SIZE changed to 0, a blob of
    the wrong size came back as 0, which is S_OK, and every test comparing
    against save.S_SIZE still passed. persist.py tells ok from refused by
    comparing with S_OK, so 0 must be ok and nothing else."""
    codes = constants(save, "S_")
    for imported in ("S_PLUS", "S_PLUS2"):  # card symbols save.py imports
        assert codes.pop(imported) == getattr(cards, imported)
    assert {name: (code, save.SAVE_ERROR_NAMES[code]) for name, code in codes.items()} == {
        "S_OK": (0, "ok"), "S_SIZE": (1, "wrong_size"), "S_MAGIC": (2, "not_a_save"),
        "S_VERSION": (3, "unknown_version"), "S_CHECKSUM": (4, "bad_checksum"),
        "S_INVALID": (5, "invalid_state"),
    }
    assert len(save.SAVE_ERROR_NAMES) == 6
    assert (save.MAGIC, save.VERSION, save.BLOB_SIZE) == (0x54, 1, 164)


def test_colourless_cards_symbols_and_colours():
    """Pinned by value (issue 24): SYMBOL_OF[PLUS3] changed to the Breaker's
    symbol passed every core test, since a colourless card is playable
    without matching. Each colourless card has a symbol of its own (13..17),
    none a coloured card's (0..12), and no colour."""
    assert (cards.COLOR, cards.SUPERTAKI, cards.KING, cards.PLUS3, cards.BREAK,
            cards.NTYPES) == (52, 53, 54, 55, 56, 57)
    assert [cards.SYMBOL_OF[t] for t in range(52, 57)] == [13, 14, 15, 16, 17]
    assert cards.SYMBOL_OF[cards.PLUS3] == 16 and cards.SYMBOL_OF[cards.BREAK] == 17
    assert [cards.COLOUR_OF[t] for t in range(52, 57)] == [4] * 5 and cards.NO_COLOR == 4
    assert [cards.NAMES[t] for t in range(52, 57)] == ["COLOR", "SUPERTAKI", "KING", "+3", "+3BREAK"]
    # the coloured ones: colour * 13 + symbol, symbols 0..12
    assert list(cards.SYMBOL_OF[:52]) == [t % 13 for t in range(52)]
    assert list(cards.COLOUR_OF[:52]) == [t // 13 for t in range(52)]
    assert len(cards.SYMBOL_OF) == len(cards.COLOUR_OF) == 57


def asserted():
    """Event names and refusal reasons that our scenarios assert."""
    events, reasons = set(), set()
    for name in sorted(os.listdir(OURS)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(OURS, name)) as f:
            doc = json.load(f)
        for mv in doc.get("moves", []):
            events |= {ev[0] for ev in mv.get("events", [])}
            if mv.get("refusal"):
                reasons.add(mv["refusal"])
        for r in doc.get("expect", {}).get("rejected", []):
            if isinstance(r, list) and len(r) > 1 and r[1]:
                reasons.add(r[1])
    return events, reasons


def test_every_event_and_refusal_is_asserted_by_a_scenario():
    events, reasons = asserted()
    assert events == set(EVENT_NAMES[1:])
    # unknown_move cannot be written as a scenario move (test_core_api has it)
    assert reasons == set(ERROR_NAMES[1:]) - {"unknown_move"}
