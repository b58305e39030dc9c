"""Monsters on Board's readings catalogue (``simlab/games/monsters/readings.py``): sound entries,
and every quote is the rulebook's own text."""

from __future__ import annotations

from pathlib import Path

import pytest

from simlab.core.readings import check_catalogue, settable
from simlab.games.monsters.game import GAME
from simlab.games.monsters.readings import READINGS

RULEBOOK = Path("/work/shared/rules/monsters-on-board.txt")


def test_catalogue_is_sound():
    assert check_catalogue(READINGS, GAME.make_rules, GAME.default_players) == []
    for players, mode in ((1, "solo1"), (1, "solo2"), (3, "family")):
        rules = GAME.make_rules(players, {"mode": mode})
        for r in READINGS:
            if settable(r):
                assert getattr(rules, r.name) == r.default, (mode, r.name)


def test_component_data_names_its_file():
    root = Path(__file__).resolve().parents[2]
    for r in READINGS:
        if r.file:
            assert r.assumed, r.name
            assert (root / r.file).is_file(), r.file


@pytest.mark.skipif(not RULEBOOK.is_file(), reason="the rulebook is not on this machine")
def test_quotes_are_the_rulebooks_text():
    text = " ".join(RULEBOOK.read_text().split())
    for r in READINGS:
        for part in r.rule.split(" ... "):
            assert " ".join(part.split()) in text, f"{r.name}: {part!r} is not in the rulebook"
