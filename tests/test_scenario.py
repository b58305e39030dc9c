"""Scenario files: validation (all errors at once, file + key path + expectation, suggestions),
the shipped scenarios, and the points a scenario expands to."""

from __future__ import annotations

from pathlib import Path

import pytest

from simlab.scenario import ScenarioError, load_scenario
from simlab.sweep import plan

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "scenarios").glob("*.toml")) + sorted((ROOT / "scenarios" / "diff").glob("*.toml"))


def test_shipped_scenarios_exist_and_validate():
    names = {p.name for p in SHIPPED}
    assert {"jelly-seat-balance.toml", "jelly-district-rewards.toml",
            "jelly-bots.toml"} <= names
    for path in SHIPPED:
        sc, text = load_scenario(path)
        assert text.lstrip().startswith("#"), f"{path.name} needs a comment header"
        assert "question" in text.split("\n", 1)[0].lower(), path.name
        assert plan(sc)


def test_kinds_of_shipped_scenarios():
    kinds = {p.stem: load_scenario(p)[0].kind for p in SHIPPED}
    assert kinds["jelly-bots"] == "tournament"
    assert kinds["jelly-district-rewards"] == "sweep"


def test_all_errors_at_once_with_file_and_path(tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text('game = "jelly"\nplayrs = 4\ngames = 100\nbots = "greedy,nobot,random,spread"\n'
                 '[rules]\ntimer_secnds = 2\n[sweep.params]\n"bot.2.tak" = [1, 2]\n')
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    errs = e.value.errors
    text = "\n".join(errs)
    assert all(line.startswith(str(f)) for line in errs)
    assert "playrs" in text and "did you mean 'players'" in text
    assert "timer_secnds" in text and "did you mean 'timer_seconds'" in text
    assert "nobot" in text
    assert len(errs) >= 3


def test_missing_and_wrong_types(tmp_path):
    f = tmp_path / "s.toml"
    f.write_text('players = "four"\ngames = -3\n')
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    text = str(e.value)
    assert "game: required key is missing" in text
    assert "players" in text and "games" in text


def test_toml_syntax_error_names_file(tmp_path):
    f = tmp_path / "broken.toml"
    f.write_text('game = "jelly\n')
    with pytest.raises(ScenarioError, match="broken.toml: not valid TOML"):
        load_scenario(f)


def test_games_or_precision_required_and_exclusive():
    with pytest.raises(ScenarioError, match="games: required"):
        load_scenario({"game": "jelly"})
    with pytest.raises(ScenarioError, match="not both"):
        load_scenario({"game": "jelly", "games": 10, "precision": {"epsilon": 0.01}})


def test_sweep_path_errors():
    base = {"game": "jelly", "games": 10}
    with pytest.raises(ScenarioError, match="expected rules"):
        load_scenario({**base, "sweep": {"params": {"timer_seconds": [1, 2]}}})
    with pytest.raises(ScenarioError, match="seat must be 1..4"):
        load_scenario({**base, "sweep": {"params": {"bot.9.take": [1, 2]}}})
    with pytest.raises(ScenarioError, match="no seat plays"):
        load_scenario({**base, "bots": "random", "sweep": {"params": {"bots.greedy.take": [1]}}})
    with pytest.raises(ScenarioError, match="needs method"):
        load_scenario({**base, "sweep": {"params": {"rules.timer_seconds": {"low": 1,
                                                                           "high": 2}}}})
    with pytest.raises(ScenarioError, match="rules.district.0.0"):
        load_scenario({**base, "sweep": {"params": {"rules.district.0.0": ["jelly:x"]}}})


def test_grid_and_ranges_expand():
    sc, _ = load_scenario({"game": "jelly", "games": 10, "sweep": {"params": {
        "rules.timer_seconds": {"start": 1, "stop": 3, "step": 1},
        "rules.starting_jelly": [0, 5]}}})
    pts = plan(sc)
    assert pts[0].baseline and pts[0].label == "baseline"
    combos = [p.params for p in pts[1:]]
    assert combos == [{"rules.timer_seconds": a, "rules.starting_jelly": b}
                      for a in (1, 2, 3) for b in (0, 5)]
    assert all(isinstance(c["rules.timer_seconds"], int) for c in combos)
    assert len({p.id for p in pts}) == len(pts)


def test_sobol_points_in_range_and_reproducible():
    spec = {"game": "jelly", "games": 10, "seed": 5, "sweep": {"method": "sobol", "samples": 8,
            "params": {"rules.timer_seconds": {"low": 0.5, "high": 4.0},
                       "rules.starting_jelly": {"low": 0, "high": 6, "integer": True}}}}
    a = plan(load_scenario(spec)[0])
    b = plan(load_scenario(spec)[0])
    assert [p.params for p in a] == [p.params for p in b]
    assert len(a) == 9
    for p in a[1:]:
        assert 0.5 <= p.params["rules.timer_seconds"] <= 4.0
        assert p.params["rules.starting_jelly"] in range(0, 7)


def test_tournament_points_are_every_pair_with_rotation():
    sc, _ = load_scenario({"game": "jelly", "players": 3, "tournament": {
        "bots": ["random", "greedy", "spread"], "games": 10}})
    pts = plan(sc)
    assert [p.label for p in pts] == ["random vs greedy", "random vs spread",
                                      "greedy vs spread"]
    for p in pts:
        assert p.rotations == 3
        assert len(p.lineups) == 2  # odd table: A,B,A and B,A,B


def test_bot_parameter_sweep_changes_only_that_seat():
    sc, _ = load_scenario({"game": "jelly", "games": 10, "bots": "greedy",
                           "sweep": {"params": {"bot.2.take": [0.5]}}})
    p = plan(sc)[1]
    labels = [b.label for b in p.lineups[0]]
    assert labels == ["greedy", "greedy(take=0.5)", "greedy", "greedy"]
