"""The readings catalogue of every game: sound entries, the CLI, and sweeps naming readings."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from simlab.cli.main import cli
from simlab.core.readings import Reading, check_catalogue, differing, settable
from simlab.games.registry import get_game, list_games

ROOT = Path(__file__).resolve().parents[1]
RULEBOOKS = {"jelly": "attack-of-the-jelly-monster.txt", "monkey": "monkey-fun.txt",
             "jungle": "jungle-rumble.txt", "monsters": "monsters-on-board.txt"}


def rules_dir() -> Path | None:
    """The shared rulebooks: $SIMLAB_RULES_DIR, else ``../shared/rules`` beside the checkout
    (the workplace's layout), else /work/shared/rules."""
    for cand in (os.environ.get("SIMLAB_RULES_DIR"), ROOT.parent / "shared" / "rules",
                 "/work/shared/rules"):
        if cand and (Path(cand) / RULEBOOKS["jelly"]).is_file():
            return Path(cand)
    return None


@pytest.mark.skipif(rules_dir() is None, reason="the shared rulebooks are not on this machine "
                    "(set SIMLAB_RULES_DIR)")
@pytest.mark.parametrize("name", list_games())
def test_quotes_are_the_rulebooks_text(name):
    # every reading quotes its rulebook word for word ("..." or "[...]" joins quoted parts)
    text = " ".join((rules_dir() / RULEBOOKS[name]).read_text().split())
    for r in get_game(name).readings():
        for part in r.rule.replace("[...]", "...").split("..."):
            part = " ".join(part.split()).strip()
            if part:
                assert part in text, f"{name}.{r.name}: {part!r} is not in the rulebook"


@pytest.mark.parametrize("name", list_games())
def test_catalogue_is_sound(name):
    g = get_game(name)
    entries = g.readings()
    assert entries, f"{name} lists no readings"
    assert all(isinstance(r, Reading) for r in entries)
    assert check_catalogue(entries, g.make_rules, g.default_players) == []
    # component data is listed with the file that holds it, and it is assumed data
    data = [r for r in entries if r.file]
    assert data, f"{name} lists no assumed component data"
    assert all(r.assumed for r in data)
    # every settable reading is a rule option `simlab games` shows
    options = {o["name"] for o in g.rule_options()}
    assert {r.name for r in entries if settable(r)} <= options


def test_check_catalogue_finds_problems():
    g = get_game("jelly")
    bad = [Reading("no_such_rule", "x", 1, (), "y"),
           Reading("rounds", "Each round ...", 5, (), "z"),
           Reading("pods", "", 30, (-4,), "")]
    problems = check_catalogue(bad, g.make_rules, 4)
    assert any("no_such_rule" in p for p in problems)
    assert any("rounds: catalogue default 5" in p for p in problems)
    assert any("pods: needs the rulebook sentence" in p for p in problems)
    assert any("pods: alternative -4 is refused" in p for p in problems)


def test_differing_names_what_is_not_the_default():
    g = get_game("jelly")
    entries = g.readings()
    assert differing(entries, g.make_rules(4)) == []
    name = next(r for r in entries if settable(r) and r.alternatives)
    rules = g.make_rules(4, {name.name: name.alternatives[0]})
    assert [d[0] for d in differing(entries, rules)] == [name.name]


@pytest.mark.parametrize("name", list_games())
def test_cli_readings_json(name):
    res = CliRunner().invoke(cli, ["readings", name, "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["game"] == name
    assert len(data["readings"]) == len(get_game(name).readings())
    for r in data["readings"]:
        assert {"name", "rule", "default", "alternatives", "why", "assumed"} <= set(r)


def test_cli_readings_text_and_errors():
    res = CliRunner().invoke(cli, ["readings", "jelly"])
    assert res.exit_code == 0
    assert "drone_step" in res.output and "rulebook:" in res.output
    res = CliRunner().invoke(cli, ["readings", "chess"])
    assert res.exit_code == 2
