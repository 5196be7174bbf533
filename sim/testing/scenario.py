"""Conformance runner for JSON rule scenarios (../shared/SCENARIOS.md).

    python -m sim.testing.scenario FILE_OR_DIR...

Prints one JSON line per scenario; exit status 2 if any file was not a valid
scenario, else 1 if any ``expect`` failed, else 0. Desktop only.

Beyond ../shared/SCENARIOS.md (a compatible extension: old files read the
same, and each output line only gains a key):

- A move may carry ``"events"``: the exact list of events that move causes,
  in order, each ``[name, a, b]`` with the names of EVENT_NAMES (``play``,
  ``color``, ``draw``, ``stage``, ...). ``a`` is a seat (0 for
  ``reshuffle``); ``b`` is a card name for ``play``, a colour letter for
  ``color``, ``run_open`` and ``closed``, else a number (cards drawn, stack
  size, new stage, the +3's seat for ``break``, 1 for ``dir`` when the
  direction is now -1, 0 when the event has none). ``null`` for ``a`` or
  ``b`` matches anything. Only the moves that carry ``"events"`` are checked.
- A move may carry ``"refusal"``: the reason it must be refused with
  (``"not_your_turn"``, ...), or ``null``: it must be accepted.
- The output line has ``"events"``: for each move, the list of events it
  caused, in the form above. A failed expectation of a move is reported in
  ``failed`` as the field ``"moves[i].events"`` or ``"moves[i].refusal"``.
"""

import json
import os
import sys

from taki_core import cards
from taki_core.cards import COLOR_LETTERS, COPIES, DECK_SIZE, NTYPES, card_name, card_type
from taki_core.game import (
    BREAK, ERROR_NAMES, EVENT_NAMES, EV_CAP, EV_CLOSED, EV_COLOR, EV_PLAY,
    EV_RUN_OPEN, E_GAME_OVER, E_NOT_YOUR_TURN, E_UNKNOWN_CARD, F_LAST, Game,
    M_ACCEPT, M_BREAK, M_CLOSE, M_COLOR, M_DRAW, M_END, M_LAST, P_PLUS3,
    PHASE_NAMES,
)

MOVE_KEYS = ("play", "draw", "close", "end", "break", "accept")
MODIFIERS = ("seat", "last", "color", "events", "refusal")
STATE_FIELDS = (
    "hands", "hand_sizes", "draw_count", "discard_top", "leading", "color",
    "current", "direction", "pending_draw", "plus3_by", "run", "run_open",
    "phase", "stages", "winner", "over",
)
SETUP_KEYS = (
    "players", "hands", "discard", "draw", "current", "direction", "color",
    "tournament", "stages", "seed", "phase",
)


class Invalid(Exception):
    """The file is not a valid scenario; the message says why."""


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _types(names, what):
    if not isinstance(names, list):
        raise Invalid(what + " must be a list of card names")
    out = []
    for name in names:
        t = card_type(name) if isinstance(name, str) else -1
        if t < 0:
            raise Invalid("unknown card name %r in %s" % (name, what))
        out.append(t)
    return out


def _colour(letter, what):
    if not isinstance(letter, str) or cards.color_index(letter) < 0:
        raise Invalid("%s must be one of R, G, B, Y, not %r" % (what, letter))
    return cards.color_index(letter)


def build_table(setup):
    """Check a scenario's setup and return Game.arrange() keyword arguments."""
    if not isinstance(setup, dict):
        raise Invalid("setup must be an object")
    for key in setup:
        if key not in SETUP_KEYS:
            raise Invalid("unknown setup key %r" % key)
    n = setup.get("players")
    if not _is_int(n) or not 2 <= n <= 10:
        raise Invalid("players must be a whole number from 2 to 10")
    hands = setup.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise Invalid("hands must list one hand for each of the %d seats" % n)
    hands = [_types(h, "hands[%d]" % i) for i, h in enumerate(hands)]
    draw = _types(setup.get("draw", []), "draw")
    discard = setup.get("discard")
    discard = _types(discard, "discard") if discard else []
    used = [0] * NTYPES
    for t in [t for h in hands for t in h] + draw + discard:
        used[t] += 1
        if used[t] > COPIES[t]:
            raise Invalid("more copies of %s than the deck has (%d)" % (card_name(t), COPIES[t]))
    rest = [t for t in range(NTYPES) for _ in range(COPIES[t] - used[t])]
    if not discard:  # default leading card: the first of the rest
        if not rest:
            raise Invalid("no card left to lead")
        discard = [rest.pop(0)]
    draw = draw + rest
    assert sum(len(h) for h in hands) + len(draw) + len(discard) == DECK_SIZE
    args = {"players": n, "hands": hands, "discard": discard, "draw": draw}
    cur = setup.get("current", 0)
    if not _is_int(cur) or not 0 <= cur < n:
        raise Invalid("current must be a seat from 0 to %d" % (n - 1))
    args["current"] = cur
    d = setup.get("direction", 1)
    if d not in (1, -1) or isinstance(d, bool):
        raise Invalid("direction must be 1 or -1")
    args["direction"] = d
    if setup.get("color") is not None:
        args["color"] = _colour(setup["color"], "color")
    elif discard[-1] >= cards.COLOR:
        raise Invalid("a colourless leading card needs a color")
    tour = setup.get("tournament", False)
    if not isinstance(tour, bool):
        raise Invalid("tournament must be true or false")
    args["tournament"] = tour
    stages = setup.get("stages")
    if stages is not None:
        if not tour:
            raise Invalid("stages are for a tournament only")
        if (not isinstance(stages, list) or len(stages) != n
                or not all(_is_int(s) and 1 <= s <= 8 for s in stages)):
            raise Invalid("stages must list a stage from 1 to 8 for each seat")
        args["stages"] = stages
    seed = setup.get("seed", 1)
    if not _is_int(seed):
        raise Invalid("seed must be a whole number")
    args["seed"] = seed
    phase = setup.get("phase")
    if phase is not None:
        if not isinstance(phase, dict):
            raise Invalid("phase must be an object")
        for key, v in phase.items():
            if key == "run":
                args["run"] = _colour(v, "phase.run")
            elif key == "run_open":
                if not isinstance(v, bool):
                    raise Invalid("phase.run_open must be true or false")
                args["run_open"] = v
            elif key == "pending_draw":
                if not _is_int(v) or v < 0 or v > 16:
                    raise Invalid("phase.pending_draw must be a whole number from 0 to 16")
                args["pending"] = v
            elif key == "plus3_by":
                if not _is_int(v) or not 0 <= v < n or v == cur:
                    raise Invalid("phase.plus3_by must be a seat other than current")
                args["plus3_by"] = v
            else:
                raise Invalid("unknown phase key %r" % key)
    return args


def _expected_events(events, i):
    if not isinstance(events, list):
        raise Invalid("move %d: events takes a list of [name, a, b]" % i)
    for ev in events:
        if (not isinstance(ev, list) or len(ev) != 3 or ev[0] not in EVENT_NAMES[1:]
                or not all(v is None or _is_int(v) or isinstance(v, str) for v in ev[1:])):
            raise Invalid("move %d: an event is [name, a, b] with a name of %s, not %r"
                          % (i, "/".join(EVENT_NAMES[1:]), ev))
    return events


def parse_move(mv, i):
    """Check one move's form; return (kind, value, seat, last, color).
    Its expectations (events, refusal) are read by expectations()."""
    if not isinstance(mv, dict):
        raise Invalid("move %d is not an object" % i)
    kinds = [k for k in mv if k in MOVE_KEYS]
    for k in mv:
        if k not in MOVE_KEYS and k not in MODIFIERS:
            raise Invalid("move %d has an unknown key %r" % (i, k))
    if len(kinds) > 1:
        raise Invalid("move %d has two move keys: %s" % (i, ", ".join(kinds)))
    if not kinds:
        if "last" not in mv:
            raise Invalid("move %d has no move key" % i)
        kinds = ["last"]
    kind = kinds[0]
    value = mv[kind]
    if kind == "play" and not isinstance(value, str):
        raise Invalid("move %d: play takes a card name" % i)
    if kind == "break" and not _is_int(value):
        raise Invalid("move %d: break takes a seat number" % i)
    if kind in ("draw", "close", "end", "accept", "last") and value is not True:
        raise Invalid("move %d: %s takes true" % (i, kind))
    seat = mv.get("seat")
    if seat is not None and not _is_int(seat):
        raise Invalid("move %d: seat takes a seat number" % i)
    last = mv.get("last", False)
    if not isinstance(last, bool):
        raise Invalid("move %d: last takes true or false" % i)
    color = mv.get("color")
    if color is not None and not isinstance(color, str):
        raise Invalid("move %d: color takes a colour letter" % i)
    return kind, value, seat, last, color


def expectations(mv, i):
    """A move's own expectations: (events or None, refusal given?, refusal)."""
    events = _expected_events(mv["events"], i) if "events" in mv else None
    refusal = mv.get("refusal")
    if refusal is not None and refusal not in ERROR_NAMES[1:]:
        raise Invalid("move %d: refusal takes a reason of ERROR_NAMES or null, not %r"
                      % (i, refusal))
    return events, "refusal" in mv, refusal


def event_of(game, k):
    """Event number k in the scenario form [name, a, b]."""
    code, a, b = (game.event(k, f) for f in range(3))
    if code == EV_PLAY:
        b = card_name(b)
    elif code in (EV_COLOR, EV_RUN_OPEN, EV_CLOSED):
        b = COLOR_LETTERS[b]
    return [EVENT_NAMES[code], a, b]


def _events_match(expected, actual):
    return len(expected) == len(actual) and all(
        all(e is None or e == a for e, a in zip(ev, got)) for ev, got in zip(expected, actual))


def encode(game, kind, value, seat, last, color):
    """A parsed move as (move byte, 0), or (None, error code) if it cannot be made."""
    flag = F_LAST if last and kind != "last" else 0
    if kind == "play":
        t = card_type(value)
        if t < 0:
            return None, E_UNKNOWN_CARD
        if t == cards.COLOR:
            c = cards.color_index(color) if color is not None else -1
            move = M_COLOR + c if c >= 0 else cards.COLOR
        elif t == BREAK and game.phase() == P_PLUS3 and seat is not None:
            move = M_BREAK + seat if 0 <= seat < game.players else None
            if move is None:
                return None, E_NOT_YOUR_TURN
        else:
            move = t
    elif kind == "break":
        if not 0 <= value < 10:
            return None, E_NOT_YOUR_TURN
        move = M_BREAK + value
    else:
        move = {"draw": M_DRAW, "close": M_CLOSE, "end": M_END,
                "accept": M_ACCEPT, "last": M_LAST}[kind]
    if seat is not None and game.actor(move) != seat:
        return None, E_NOT_YOUR_TURN
    return move | flag, 0


def state_of(game):
    """The table in the scenario state form."""
    n = game.players
    buf = bytearray(DECK_SIZE)
    hands = []
    for p in range(n):
        k = game.hand(p, buf)
        hands.append([card_name(t) for t in buf[:k]])
    run = game.run_color()
    p3 = game.plus3_by()
    win = game.winner()
    return {
        "hands": hands,
        "hand_sizes": [game.hand_size(p) for p in range(n)],
        "draw_count": game.draw_count(),
        "discard_top": card_name(game.discard_top()),
        "leading": card_name(game.leading()),
        "color": COLOR_LETTERS[game.color()],
        "current": game.current(),
        "direction": game.direction(),
        "pending_draw": game.pending(),
        "plus3_by": None if p3 < 0 else p3,
        "run": None if run < 0 else COLOR_LETTERS[run],
        "run_open": game.run_open(),
        "phase": PHASE_NAMES[game.phase()],
        "stages": [game.stage(p) for p in range(n)] if game.tournament() else None,
        "winner": None if win < 0 else win,
        "over": game.over(),
    }


def _same(field, expected, actual):
    if field == "hands":
        if not isinstance(expected, list) or len(expected) != len(actual):
            return False
        return all(isinstance(e, list) and sorted(map(str, e)) == sorted(a)
                   for e, a in zip(expected, actual))
    if field == "rejected":
        if not isinstance(expected, list) or len(expected) != len(actual):
            return False
        for e, a in zip(expected, actual):
            e = e if isinstance(e, list) else [e]
            if not e or e[0] != a[0] or (len(e) > 1 and e[1] is not None and e[1] != a[1]):
                return False
        return True
    return expected == actual and type(expected) is type(actual)


def run_scenario(doc, game=None):
    """Play one scenario document; return its result object (raises Invalid)."""
    if not isinstance(doc, dict):
        raise Invalid("a scenario must be a JSON object")
    table = build_table(doc.get("setup"))
    moves = doc.get("moves", [])
    if not isinstance(moves, list):
        raise Invalid("moves must be a list")
    parsed = [parse_move(mv, i) for i, mv in enumerate(moves)]
    wanted = [expectations(mv, i) for i, mv in enumerate(moves)]
    expect = doc.get("expect")
    if expect is not None:
        if not isinstance(expect, dict):
            raise Invalid("expect must be an object")
        for key in expect:
            if key not in STATE_FIELDS and key != "rejected":
                raise Invalid("expect names an unknown field %r" % key)
    game = game or Game()
    game.arrange(**table)
    rejected = []
    events = []
    failed = []
    for i, mv in enumerate(parsed):
        start = game.ev_total
        if game.over():
            err = E_GAME_OVER
        else:
            move, err = encode(game, *mv)
            if not err:
                err = game.apply(move)
        if err:
            rejected.append([i, ERROR_NAMES[err]])
        got = [event_of(game, k) for k in range(max(start, game.ev_total - EV_CAP), game.ev_total)]
        events.append(got)
        want_events, has_refusal, refusal = wanted[i]
        if want_events is not None and not _events_match(want_events, got):
            failed.append({"field": "moves[%d].events" % i, "expected": want_events, "actual": got})
        reason = ERROR_NAMES[err] if err else None
        if has_refusal and refusal != reason:
            failed.append({"field": "moves[%d].refusal" % i, "expected": refusal, "actual": reason})
    state = state_of(game)
    result = {"name": doc.get("name", ""), "state": state, "rejected": rejected, "events": events}
    for field, want in (expect or {}).items():
        got = rejected if field == "rejected" else state[field]
        if not _same(field, want, got):
            failed.append({"field": field, "expected": want, "actual": got})
    result["ok"] = not failed
    if failed:
        result["failed"] = failed
    return result


def scenario_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                if name.endswith(".json"):
                    yield os.path.join(path, name)
        else:
            yield path


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print("usage: python -m sim.testing.scenario FILE_OR_DIR...", file=sys.stderr)
        return 2
    status = 0
    game = Game()
    for path in scenario_files(argv):
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
            result = run_scenario(doc, game)
        except (OSError, ValueError, Invalid) as e:  # JSONDecodeError is a ValueError
            why = "not JSON: %s" % e if isinstance(e, ValueError) else str(e)
            print(json.dumps({"file": path, "error": why}))
            status = 2
            continue
        out = {"name": result.pop("name"), "file": path}
        out.update(result)
        print(json.dumps(out))
        if not result["ok"] and status == 0:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
