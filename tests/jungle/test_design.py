"""simlab/games/jungle/DESIGN.md stays true: every kernel function, reference method and test
its tables name exists (a renamed function or test fails here, not in the next reader's head)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from simlab.games.jungle import board, bots, family, greedy, lookahead, nb, rules, turn
from simlab.games.jungle.readings import READINGS
from simlab.games.jungle.reference import ReferenceGame
from simlab.games.jungle.rules import JungleRules

ROOT = Path(__file__).resolve().parents[2]
DESIGN = ROOT / "simlab" / "games" / "jungle" / "DESIGN.md"
TESTS = ROOT / "tests" / "jungle"
RULE_FIELDS = {f.name for f in dataclasses.fields(JungleRules)}
KERNEL = (nb, turn, board, family, bots, greedy, lookahead, rules)


def _has(module, dotted: str) -> bool:
    obj = module
    for part in dotted.split("."):
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


def _rows(title: str) -> list[list[str]]:
    """The cells of the table under the heading ``title``."""
    text = DESIGN.read_text(encoding="utf-8")
    part = text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in part.splitlines() if line.startswith("| ")]
    return [[c.strip() for c in r.strip("|").split("|")] for r in rows[1:]]  # header out


def _names(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def test_the_rule_table_names_real_functions_methods_and_tests():
    rows = _rows("Rule -> kernel -> reference -> test (rulebook order)")
    assert len(rows) >= 30
    readings = {r.name for r in READINGS}
    for rule, kernel, reference, tests in rows:
        for name in _names(rule):  # the readings a rule rests on
            assert name in readings, (rule, name)
        for name in _names(kernel):  # a function (or Class.method) of a kernel module
            if name.startswith(("A.", "info[")) or "->" in name:
                continue
            assert any(_has(m, name) for m in KERNEL), (rule, name)
        for name in _names(reference):
            assert hasattr(ReferenceGame, name) or name in ("supply", "tiles"), (rule, name)
        current = None
        for name in _names(tests):
            if "::" in name:
                current, name = name.split("::")
            elif name.endswith(".py"):
                assert (TESTS / name).is_file(), name
                continue
            assert current is not None, (rule, name)
            src = (TESTS / current).read_text(encoding="utf-8")
            assert re.search(rf"^def {re.escape(name)}\(", src, re.M), (current, name)


def test_the_decision_table_names_the_bots_functions():
    rows = _rows("Where each bot decides")
    assert {r[2].split(" ")[0].strip("`") for r in rows} >= {
        "decide_wake", "decide_sell", "decide_action", "decide_follow", "decide_role",
        "decide_victim", "decide_fire", "decide_unfed", "decide_field", "decide_stick"}
    for row in rows:
        for name in _names(row[2]):
            mod, _, fn = name.rpartition(".")
            where = {"greedy": greedy, "lookahead": lookahead, "": bots}[mod]
            assert hasattr(where, fn), name
        for word in _names(row[3]):  # a parameter, a rule, or a helper the rule reads
            if word.isidentifier():
                assert word in greedy.PARAMS or word in RULE_FIELDS or \
                    any(hasattr(m, word) for m in (greedy, family)), (row[0], word)
