"""`python -m sim.testing.scenario`: output form, exit codes and malformed files."""

import json
import os
import subprocess
import sys

import pytest

from sim.testing.scenario import Invalid, run_scenario

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

GOOD = {
    "name": "colour match",
    "setup": {"players": 2, "hands": [["R5", "G7"], ["B3"]], "discard": ["R8"]},
    "moves": [{"play": "R5", "last": True}],
    "expect": {"current": 1, "hand_sizes": [1, 1], "rejected": []},
}


def run_cli(tmp_path, docs):
    paths = []
    for i, doc in enumerate(docs):
        p = tmp_path / ("%02d.json" % i)
        p.write_text(doc if isinstance(doc, str) else json.dumps(doc))
        paths.append(str(p))
    proc = subprocess.run([sys.executable, "-m", "sim.testing.scenario"] + paths, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()]


def test_passing_scenario_exits_0_with_one_json_line(tmp_path):
    code, lines = run_cli(tmp_path, [GOOD])
    assert code == 0
    (line,) = lines
    assert line["ok"] is True and line["name"] == "colour match"
    assert line["rejected"] == [] and line["state"]["current"] == 1
    assert set(line["state"]) >= {"hands", "draw_count", "leading", "phase", "winner", "over"}


def test_failed_expect_exits_1_and_names_the_field(tmp_path):
    bad = dict(GOOD, expect={"current": 0})
    code, lines = run_cli(tmp_path, [GOOD, bad])
    assert code == 1
    assert lines[1]["ok"] is False
    assert lines[1]["failed"] == [{"field": "current", "expected": 0, "actual": 1}]


def test_directory_is_read_in_name_order(tmp_path):
    for name in ("b.json", "a.json"):
        (tmp_path / name).write_text(json.dumps(dict(GOOD, name=name)))
    proc = subprocess.run([sys.executable, "-m", "sim.testing.scenario", str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert [json.loads(l)["name"] for l in proc.stdout.splitlines()] == ["a.json", "b.json"]


MALFORMED = [
    ("not json", "{nope"),
    ("unknown card in setup", dict(GOOD, setup={"players": 2, "hands": [["R10"], []]})),
    ("too many copies", dict(GOOD, setup={"players": 2, "hands": [["R5", "R5", "R5"], []]})),
    ("seat count", dict(GOOD, setup={"players": 3, "hands": [["R5"], []]})),
    ("players out of range", dict(GOOD, setup={"players": 11, "hands": [[]] * 11})),
    ("move not an object", dict(GOOD, moves=["R5"])),
    ("no move key", dict(GOOD, moves=[{"seat": 0}])),
    ("two move keys", dict(GOOD, moves=[{"play": "R5", "draw": True}])),
    ("unknown move key", dict(GOOD, moves=[{"play": "R5", "colour": "R"}])),
    ("wrong value type", dict(GOOD, moves=[{"break": "1"}])),
]


@pytest.mark.parametrize("why,doc", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_file_exits_2_with_an_error_line(tmp_path, why, doc):
    code, lines = run_cli(tmp_path, [doc, GOOD])
    assert code == 2
    assert "error" in lines[0] and lines[0]["error"]
    assert lines[1]["ok"] is True  # the runner goes on with the other files


def test_rule_breaking_moves_are_rejected_not_malformed():
    doc = dict(GOOD, moves=[
        {"play": "G9"},                 # not held
        {"play": "NOPE"},               # no such card
        {"play": "COLOR"},              # not held either
        {"break": 1},                   # no active +3
        {"draw": True, "seat": 1},      # not seat 1's turn
        {"play": "R5", "last": True},
    ], expect={"rejected": [[0, "card_not_in_hand"], [1, "unknown_card"],
                            [2, "card_not_in_hand"], [3, "no_plus3"], [4, "not_your_turn"]]})
    result = run_scenario(doc)
    assert result["ok"], result.get("failed")


def test_color_card_needs_a_valid_colour():
    doc = {"setup": {"players": 2, "hands": [["COLOR", "G1"], ["B3"]], "discard": ["R8"]},
           "moves": [{"play": "COLOR"}, {"play": "COLOR", "color": "X"},
                     {"play": "COLOR", "color": "B"}]}
    result = run_scenario(doc)
    assert result["rejected"] == [[0, "missing_color"], [1, "missing_color"]]
    assert result["state"]["color"] == "B"


def test_invalid_setup_raises_invalid():
    with pytest.raises(Invalid):
        run_scenario({"setup": {"players": 2, "hands": [[], []], "color": "Q"}})


# ------------------------------------------- events and refusals of a move

def test_each_move_reports_its_events_and_may_expect_them():
    doc = dict(GOOD, moves=[
        {"play": "G7", "refusal": "does_not_match", "events": []},
        {"play": "R5", "last": True, "refusal": None,
         "events": [["last", 0, 0], ["play", 0, "R5"], ["turn", 1, None]]},
    ], expect={"rejected": [[0, "does_not_match"]]})
    result = run_scenario(doc)
    assert result["ok"], result.get("failed")
    assert result["events"] == [[], [["last", 0, 0], ["play", 0, "R5"], ["turn", 1, 0]]]


def test_a_wrong_event_or_refusal_fails_and_names_the_move():
    doc = dict(GOOD, moves=[
        {"play": "G7", "refusal": "not_your_turn"},
        {"play": "R5", "last": True, "events": [["play", 0, "R5"]]},
    ], expect={})
    result = run_scenario(doc)
    assert not result["ok"]
    assert result["failed"] == [
        {"field": "moves[0].refusal", "expected": "not_your_turn", "actual": "does_not_match"},
        {"field": "moves[1].events", "expected": [["play", 0, "R5"]],
         "actual": [["last", 0, 0], ["play", 0, "R5"], ["turn", 1, 0]]},
    ]
    doc["moves"] = [{"play": "R5", "last": True, "refusal": "does_not_match"}]
    assert run_scenario(doc)["failed"] == [
        {"field": "moves[0].refusal", "expected": "does_not_match", "actual": None}]


@pytest.mark.parametrize("move", [
    {"play": "R5", "events": "play"},
    {"play": "R5", "events": [["played", 0, "R5"]]},
    {"play": "R5", "events": [["play", 0]]},
    {"play": "R5", "events": [["play", [0], 1]]},
    {"play": "R5", "refusal": "nope"},
    {"play": "R5", "refusal": "ok"},
    {"play": "R5", "refusal": 3},
])
def test_malformed_event_or_refusal_expectations_are_invalid(move):
    with pytest.raises(Invalid):
        run_scenario(dict(GOOD, moves=[move]))


def test_cli_line_carries_the_events(tmp_path):
    code, lines = run_cli(tmp_path, [GOOD])
    assert code == 0 and lines[0]["events"] == [[["last", 0, 0], ["play", 0, "R5"], ["turn", 1, 0]]]
