"""Every rule scenario (ours and the shared examples) holds on the engine."""

import json
import os
import re

import pytest

from sim.testing.scenario import run_scenario

HERE = os.path.dirname(__file__)
OURS = os.path.join(HERE, "scenarios")
SHARED = os.path.join(HERE, "..", "..", "shared", "scenarios")


def _files(folder):
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json"))


ALL = _files(OURS) + _files(SHARED)


@pytest.mark.parametrize("path", ALL, ids=[os.path.basename(p) for p in ALL])
def test_scenario_holds(path):
    with open(path) as f:
        doc = json.load(f)
    result = run_scenario(doc)
    assert result["ok"], result.get("failed")


def test_shared_examples_are_present():
    assert len(_files(SHARED)) >= 10


def test_every_rule_has_scenarios_of_its_own():
    files = _files(OURS)
    assert len(files) >= 60
    rules = set()
    for path in files:
        with open(path) as f:
            doc = json.load(f)
        assert doc.get("expect"), path + " has no expect"
        m = re.match(r"R(\d+)", os.path.basename(path))
        assert m, path + " is not named after its rule"
        n = int(m.group(1))
        rules.add(n)
        cited = [int(re.match(r"R(\d+)", r).group(1)) for r in doc["rules"]]
        assert n in cited, path + " does not cite the rule it is named after"

    assert rules >= set(range(1, 13))
