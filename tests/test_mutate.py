"""sim/testing/mutate.py, the mutation run's report (issue 16): its verdicts, and the
list of equivalent mutants kept true without a two-hour run."""

import importlib
import re

from sim.testing import mutate

NAME = re.compile(r"taki_core\.(\w+)\.(?:xǁ(\w+)ǁ|x_)(\w+?)__mutmut_(\d+)$")


def test_every_listed_equivalent_names_a_function_of_the_core():
    # a listed mutant of a function that was renamed or removed is stale; the
    # run reports it too, but only after a whole run
    names = mutate.equivalents()
    assert len(names) >= 100
    for name in names:
        m = NAME.match(name)
        assert m, name
        mod, cls, fn, _ = m.groups()
        assert mod in mutate.MODULES, name
        owner = importlib.import_module("taki_core." + mod)
        if cls:
            owner = getattr(owner, cls)
        assert callable(getattr(owner, fn, None)), name


def test_each_equivalent_is_listed_once_with_a_reason():
    rows = {}
    with open(mutate.LIST, encoding="utf-8") as f:
        for line in f:
            if line.startswith("| `taki_core."):
                cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
                assert len(cells) == 4 and all(cells), line
                name = cells[0].strip("`")
                assert name not in rows, name
                rows[name] = cells[3]
    assert set(rows) == mutate.equivalents()


def _codes(killed, survived, todo, equiv=()):
    codes = {"k%d" % i: 1 for i in range(killed)}
    codes.update(("s%d" % i, 0) for i in range(survived))
    codes.update(("t%d" % i, None) for i in range(todo))
    codes.update((e, 0) for e in equiv)
    return codes


def test_the_report_fails_under_95_percent_or_while_mutants_are_left(capsys):
    ok = {"game": _codes(95, 5, 0), "save": _codes(10, 0, 0, ["e1", "e2"])}
    assert mutate.report(ok, {"e1", "e2"}) == 0
    out = capsys.readouterr().out
    assert "95.0%" in out and "100.0%" in out
    assert mutate.report({"game": _codes(94, 6, 0)}, set()) == 1
    assert mutate.report({"game": _codes(10, 0, 1)}, set()) == 1  # not all run
    # an equivalent the list names is left out of the score; a survivor is not
    assert mutate.report({"game": _codes(19, 0, 0, ["e1"])}, {"e1"}) == 0
    assert mutate.report({"game": _codes(19, 1, 0)}, set()) == 0  # 95%: the target
    assert mutate.report({"game": _codes(18, 2, 0)}, set()) == 1


def test_timeouts_and_crashes_count_as_kills_and_survivors_are_named():
    res = {"game": {"a": -24, "b": 36, "c": -9, "d": 0, "e": 0}}
    assert mutate.survivors(res, {"e"}) == ["d"]
    assert mutate.report({"game": {"a": -24, "b": 36, "c": -9}}, set()) == 0


def test_a_stale_listing_fails_a_whole_run(capsys):
    whole = {mod: _codes(1, 0, 0) for mod in mutate.MODULES}
    assert mutate.report(whole, {"taki_core.game.xǁGameǁgone__mutmut_1"}) == 1
    assert "no longer mutants" in capsys.readouterr().out


def test_without_mutmut_a_run_says_how_to_install_it(monkeypatch, capsys):
    # the tests need no mutmut (requirements-mutate.txt is for `make mutate`)
    monkeypatch.setattr(mutate, "installed", lambda: False)
    assert mutate.main(["--jobs", "1"]) == 2
    assert "make mutate" in capsys.readouterr().err
    assert mutate.main(["--report"]) in (0, 1)  # the report reads mutants/, no mutmut
