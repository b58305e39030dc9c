"""Monsters on Board's readings catalogue (``simlab/games/monsters/readings.py``): sound entries
in every mode (the quotes are checked against the rulebook for every game in
``tests/test_readings.py``)."""

from __future__ import annotations

from pathlib import Path

from simlab.core.readings import check_catalogue, settable
from simlab.games.monsters.game import GAME
from simlab.games.monsters.readings import READINGS


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
