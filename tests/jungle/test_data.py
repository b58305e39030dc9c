"""Jungle Rumble's data file (simlab/games/jungle/data.py): the variant tiles' action pairs as
a designer's action_tiles.toml, exported, checked against the rulebook, played."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.games.jungle.data import FILES, TILES_FILE, tiles_text
from simlab.games.jungle.game import GAME
from simlab.games.jungle.rules import DEFAULT_VARIANT_TILES, make_rules
from simlab.scenario import load_scenario
from tests.cli import run_cli

NEW = "food+gold,irrigation+gold,irrigation+recruit,recruit+fields,fields+food"


def _cli(*args):
    return run_cli("data", "jungle", *args)


def _export(folder):
    r = _cli("export", str(folder))
    assert r.returncode == 0, r.stderr
    return folder / TILES_FILE


def _edited(folder):
    """The export with tiles 0 and 2 retyped (still every action on two tiles)."""
    path = _export(folder)
    text = path.read_text()
    text = text.replace('actions = ["food", "irrigation"]', 'actions = ["food", "gold"]')
    text = text.replace('actions = ["gold", "recruit"]', 'actions = ["irrigation", "recruit"]')
    path.write_text(text)
    return path


def test_files_and_the_catalogue():
    assert [f.name for f in GAME.data_files()] == [TILES_FILE] == [f.name for f in FILES]
    assumed = [r for r in GAME.readings() if r.file]
    assert [r.name for r in assumed] == ["variant_tiles"]
    text = tiles_text()
    # generated from the rules' own default, every tile documented and marked assumed
    for pair in DEFAULT_VARIANT_TILES:
        a, b = pair.split("+")
        assert f'actions = ["{a}", "{b}"]' in text
    assert text.count("(assumed)") == 5 and "ASSUMED" in text
    assert "Each of the actions is therefore present on 2 different action tiles." in \
        " ".join(x.lstrip("# ") for x in text.splitlines())


def test_untouched_export_is_the_default(tmp_path):
    _export(tmp_path)
    found = GAME.check_data(tmp_path)
    assert found.errors == [] and found.read == [TILES_FILE] and found.missing == []
    assert found.differences == {TILES_FILE: []}
    assert found.overrides == {"variant_tiles": list(DEFAULT_VARIANT_TILES)}
    for n in (2, 3, 4):
        assert make_rules(n, found.overrides) == make_rules(n)
        assert make_rules(n, {**found.overrides, "variant": True}) == \
            make_rules(n, {"variant": True})
        a = make_rules(n, {**found.overrides, "variant": True}).to_arrays()
        assert np.array_equal(a.tile_act, make_rules(n, {"variant": True}).to_arrays().tile_act)
    r = _cli("check", str(tmp_path))
    assert r.returncode == 0 and "same as the defaults" in r.stdout


def test_edited_file_is_read_and_played(tmp_path):
    _edited(tmp_path)
    found = GAME.check_data(tmp_path)
    assert found.errors == []
    assert found.overrides == {"variant_tiles": NEW.split(",")}
    assert found.differences[TILES_FILE] == [
        "tile[0].actions: ['food', 'gold'] (default ['food', 'irrigation'])",
        "tile[2].actions: ['irrigation', 'recruit'] (default ['gold', 'recruit'])"]
    r = _cli("check", str(tmp_path))
    assert r.returncode == 0 and "2 differences from the defaults" in r.stdout
    assert "tile[0].actions" in r.stdout

    def run(**kw):
        res = simlab.simulate("jungle", players=3, bots=["greedy", "trader", "random"],
                              games=300, seed=3, keep_games=True, **kw)
        return res.rows["score"]

    variant = {"variant": True}
    mine = run(rules=variant, data=tmp_path)
    assert not np.array_equal(mine, run(rules=variant))        # the tiles change the game
    assert np.array_equal(mine, run(rules={**variant, "variant_tiles": NEW}))  # as --set
    assert np.array_equal(run(data=tmp_path), run())            # no variant: no difference
    # the replay draws the designer's tiles
    rep = simlab.replay("jungle", players=3, bots=["greedy", "trader", "random"],
                        rules=variant, data=tmp_path)
    assert "food | gold" in rep.steps[0].svg and "irrigation | recruit" in rep.steps[0].svg


BAD = [
    # (what the edit does, old text, new text, the located error)
    ("not TOML", 'actions = ["food", "irrigation"]', 'actions = ["food", ',
     "not valid TOML"),
    ("unknown entry", "[[tile]]\n# tile[0]", 'colour = "red"\n\n[[tile]]\n# tile[0]',
     f"{TILES_FILE}: colour: expected only [[tile]] tables (the action tiles), got "
     "colour = 'red'"),
    ("four tiles", '[[tile]]\n# tile[4]: fields and food (assumed)\nactions = ["fields", '
     '"food"]', "",
     f"{TILES_FILE}: tile: expected 5 action tiles (the rulebook's \"5 action tiles\"), "
     "got 4"),
    ("unknown field", 'actions = ["irrigation", "gold"]',
     'actions = ["irrigation", "gold"]\nname = "canal"',
     f"{TILES_FILE}: tile[1]: name: expected only actions = [two actions], got "
     "name = 'canal'"),
    ("no actions", 'actions = ["gold", "recruit"]', 'action = ["gold", "recruit"]',
     f"{TILES_FILE}: tile[2]: actions: expected the two actions of the tile's two-action side"),
    ("three actions", 'actions = ["food", "irrigation"]',
     'actions = ["food", "irrigation", "gold"]',
     f"{TILES_FILE}: tile[0]: actions: expected a list of two action names (e.g. actions = "
     "[\"food\", \"gold\"]), got ['food', 'irrigation', 'gold']"),
    ("a string", 'actions = ["food", "irrigation"]', 'actions = "food+irrigation"',
     f"{TILES_FILE}: tile[0]: actions: expected a list of two action names"),
    ("unknown action", 'actions = ["recruit", "fields"]', 'actions = ["recruit", "fishing"]',
     f"{TILES_FILE}: tile[3]: actions: expected actions of food, irrigation, gold, recruit, "
     "fields, got 'fishing'"),
    ("same action twice", 'actions = ["food", "irrigation"]', 'actions = ["food", "food"]',
     f"{TILES_FILE}: tile[0]: actions: expected two different actions (the rulebook: \"2 "
     "different actions pictured on each action tile\"), got ['food', 'food']"),
    ("an action on three tiles", 'actions = ["irrigation", "gold"]',
     'actions = ["food", "gold"]',
     f"{TILES_FILE}: tile: actions: expected 'food' on exactly 2 tiles (the rulebook: \"Each "
     "of the actions is therefore present on 2 different action tiles.\"), got 3 (tiles 0, "
     "1, 4)"),
    ("tiles as text", None, 'tile = ["food+irrigation"]\n',
     f"{TILES_FILE}: tile: expected 5 [[tile]] tables (the rulebook's \"5 action tiles\"), "
     "got ['food+irrigation']"),
]


@pytest.mark.parametrize("what,old,new,error", BAD, ids=[b[0] for b in BAD])
def test_bad_entries_are_located(tmp_path, what, old, new, error):
    path = _export(tmp_path)
    text = path.read_text()
    if old is None:
        text = new
    else:
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text)
    found = GAME.check_data(tmp_path)
    assert any(error in e for e in found.errors), found.errors
    r = _cli("check", str(tmp_path))
    assert r.returncode == 2 and error in r.stderr, r.stderr
    assert "Traceback" not in r.stderr
    if what == "an action on three tiles":  # and irrigation on one: both named
        assert any("expected 'irrigation' on exactly 2 tiles" in e and "got 1 (tile 0)" in e
                   for e in found.errors)
    with pytest.raises(simlab.SimlabError, match="problem"):
        simlab.simulate("jungle", games=10, data=tmp_path)


def test_stray_file_and_empty_folder(tmp_path):
    _export(tmp_path)
    (tmp_path / "kittens.toml").write_text("n = 6\n")
    r = _cli("check", str(tmp_path))
    assert r.returncode == 2 and "kittens.toml: not a data file of this game" in r.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    r = _cli("check", str(empty))
    assert r.returncode == 2 and "none of the game's data files" in r.stderr


def test_scenario_plays_with_the_data(tmp_path):
    _edited(tmp_path / "tiles")
    base = {"game": "jungle", "players": 3, "bots": ["greedy", "trader", "random"],
            "seed": 5, "games": 300}
    path = tmp_path / "mine.toml"
    path.write_text('game = "jungle"\nplayers = 3\nbots = ["greedy", "trader", "random"]\n'
                    'seed = 5\ngames = 300\ndata = "tiles"\n\n[rules]\nvariant = true\n')
    sc, _ = load_scenario(path)
    assert sc.data is None and sc.rules == {"variant_tiles": NEW.split(","), "variant": True}
    mine = simlab.run_scenario(path, jobs=1, backend="serial").frame
    same = simlab.run_scenario({**base, "rules": {"variant": True, "variant_tiles": NEW}},
                               jobs=1, backend="serial").frame
    default = simlab.run_scenario({**base, "rules": {"variant": True}}, jobs=1,
                                  backend="serial").frame
    cols = ["seat", "win_share", "mean_score"]
    assert mine[cols].equals(same[cols])
    assert not mine[cols].equals(default[cols])
    # a bad data folder: the scenario names it
    (tmp_path / "tiles" / TILES_FILE).write_text('[[tile]]\nactions = ["food", "food"]\n')
    with pytest.raises(simlab.SimlabError, match="data: .*tile\\[0\\]: actions"):
        load_scenario(path)
