"""Monsters on Board's assumed component data (``simlab data monsters``): ten files.

The export is the data the game reads (the shipped files under a header), it reads back to
exactly the default rules, an edit becomes the rule override ``--set`` would make (and plays
like it, from a data folder or a scenario), and every kind of bad entry is located, from
Python and from the CLI.
"""

from __future__ import annotations

import re
import tomllib

import numpy as np
import pytest

import simlab
from simlab.errors import SimlabWarning
from simlab.games.monsters.cards import load_cards
from simlab.games.monsters.data import FILES, HEADERS
from simlab.games.monsters.rules import DATA, DATA_KINDS, MonstersRules, load_data, make_rules
from simlab.games.registry import get_game
from simlab.scenario import load_scenario
from tests.arrays import arrays_equal
from tests.cli import run_cli

G = get_game("monsters")
NAMES = ["dice.toml", "town.toml", "malice.toml", "market.toml", "ghosts.toml",
         "solo_cards.toml", "difficulty.toml", "family.toml", "prophecy.toml",
         "arch_monsters.toml"]


def _export(folder, names=None):
    folder.mkdir(parents=True, exist_ok=True)
    for f in FILES:
        if names is None or f.name in names:
            (folder / f.name).write_text(f.default_text())
    return folder


def _edit(path, old: str, new: str):
    """Replace ``old`` by ``new`` once in the data (below the exported header)."""
    text = path.read_text()
    head = HEADERS[path.stem]
    assert text.startswith(head) and old in text[len(head):], old
    path.write_text(head + text[len(head):].replace(old, new, 1))


def _cli(*args):
    return run_cli(*args)


def test_the_export_is_the_data_the_game_reads(tmp_path):
    assert [f.name for f in G.data_files()] == NAMES
    _export(tmp_path)
    defaults = MonstersRules()
    for kind in DATA_KINDS:   # the rules' loader reads the export to the default fields
        for field, value in load_data(kind, tmp_path / f"{kind}.toml").items():
            assert getattr(defaults, field) == value, (kind, field)
        text = (tmp_path / f"{kind}.toml").read_text()
        assert text.endswith((DATA / f"{kind}.toml").read_text())   # the shipped file itself
        assert "ASSUMED" in text and "simlab data monsters check" in text
    shipped = load_cards()
    mine = load_cards(tmp_path / "prophecy.toml", tmp_path / "arch_monsters.toml")
    assert mine.prophecy == shipped.prophecy and mine.arch == shipped.arch
    assert '"42 Ghost tokens"' in (tmp_path / "ghosts.toml").read_text()
    assert '"If the Rank is 6, gain 3 Malice"' in (tmp_path / "malice.toml").read_text()


def test_untouched_export_reads_to_the_default_rules(tmp_path):
    _export(tmp_path)
    found = G.check_data(tmp_path)
    assert found.errors == [] and found.read == NAMES and found.missing == []
    assert found.differences == {name: [] for name in NAMES}
    assert found.overrides == {}
    for n, ov in ((1, {}), (2, {}), (3, {}), (4, {}), (3, {"mode": "family"})):
        assert make_rules(n, {**found.overrides, **ov}) == make_rules(n, ov)
        assert arrays_equal(make_rules(n, found.overrides).to_arrays(),
                             make_rules(n).to_arrays())
    r = _cli("data", "monsters", "check", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "10 data files read, no errors" in r.stdout
    assert "dice.toml: same as the defaults" in r.stdout


def test_edits_are_the_overrides_set_takes(tmp_path):
    _export(tmp_path)
    _edit(tmp_path / "dice.toml", '{ rank = 1, icons = ["juice:4", "swap"] }',
          '{ rank = 1, icons = ["juice:5", "swap"] }')
    _edit(tmp_path / "ghosts.toml", 'colour = "blue"\nicons = ["juice:3"]',
          'colour = "blue"\nicons = ["juice:4"]')
    _edit(tmp_path / "market.toml", "ghost_cost = [3, 2, 2, 1, 1]", "ghost_cost = [3, 3, 2, 1, 1]")
    _edit(tmp_path / "malice.toml", "chart = [1, 1, 2, 2, 3, 3]", "chart = [0, 1, 2, 2, 3, 3]")
    _edit(tmp_path / "town.toml", "gain_grunt_spots = 4", "gain_grunt_spots = 3")
    _edit(tmp_path / "difficulty.toml", "court_monsters = 1\ncourt_ghosts = 0\nsummoning = 0\n"
          "unscored = 1", "court_monsters = 0\ncourt_ghosts = 2\nsummoning = 0\nunscored = 0")
    found = G.check_data(tmp_path)
    assert found.errors == []
    assert found.overrides == {"dice.pink.0": "1:juice:5+swap", "ghosts.1": "blue:juice:4",
                               "ghost_cost.1": 3, "malice_chart.0": 0, "gain_grunt_spots": 3,
                               "difficulty_levels.2": "court_monsters=0/court_ghosts=2/"
                                                      "summoning=0/unscored=0/prophecy=0"}
    assert found.differences["dice.toml"] == [
        "pink.faces[0].icons: ['juice:5', 'swap'] (default ['juice:4', 'swap'])"]
    assert found.differences["family.toml"] == []
    r = _cli("data", "monsters", "check", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "pink.faces[0].icons" in r.stdout and "ghost_cost" in r.stdout
    rules = make_rules(3, found.overrides)
    assert rules.dice[12] == "1:juice:5+swap" and rules.gain_grunt_spots == 3


def test_a_town_of_another_size_and_edited_cards_are_the_files(tmp_path):
    _export(tmp_path, ["town.toml", "prophecy.toml", "arch_monsters.toml"])
    _edit(tmp_path / "town.toml", '{ colour = "blue", icons = ["juice:1"] },',
          '{ colour = "blue", icons = ["juice:1"] },\n    { colour = "yellow", icons = ["feed"] },')
    _edit(tmp_path / "prophecy.toml", "points = 20", "points = 22")
    _edit(tmp_path / "arch_monsters.toml", 'colours = ["blue", "green"], back = "swap"',
          'colours = ["blue", "yellow"], back = "swap"')
    found = G.check_data(tmp_path)
    assert found.errors == []
    assert found.overrides == {
        "data.town": str((tmp_path / "town.toml").resolve()),
        "data.prophecy": str((tmp_path / "prophecy.toml").resolve()),
        "data.arch_monsters": str((tmp_path / "arch_monsters.toml").resolve())}
    rules = make_rules(2, found.overrides)
    assert len(rules.town) == len(MonstersRules().town) + 1 and rules.town[7] == "2:yellow:feed"
    cards = load_cards(rules.prophecy_file, rules.arch_file)
    assert cards.prophecy[0].conditions[0].points == 22 and cards.arch[0].colours == (0, 5)


def test_data_folder_plays_like_set_and_from_a_scenario(tmp_path):
    _export(tmp_path / "d", ["dice.toml"])
    _edit(tmp_path / "d" / "dice.toml", '{ rank = 6, icons = [] },                            #',
          '{ rank = 6, icons = ["juice:9"] },                  #')
    found = G.check_data(tmp_path / "d")
    assert found.overrides == {"dice.blue.5": "6:juice:9"}
    kw = dict(players=2, bots=["greedy", "random"], games=12, seed=3, backend="serial",
              progress=False)
    base = simlab.simulate("monsters", **kw)
    mine = simlab.simulate("monsters", data=tmp_path / "d", **kw)
    same = simlab.simulate("monsters", rules={"dice.blue.5": "6:juice:9"}, **kw)
    assert mine.rules.dice[5] == "6:juice:9"
    assert not np.array_equal(mine.agg["score_sum"], base.agg["score_sum"])
    for key in ("wins", "score_sum", "score_sumsq", "breakdown", "counters"):
        assert np.array_equal(mine.agg[key], same.agg[key]), key
    (tmp_path / "s.toml").write_text(
        'game = "monsters"\nplayers = 2\nbots = ["greedy", "random"]\nseed = 3\ngames = 12\n'
        'data = "d"\n')
    sc, _ = load_scenario(tmp_path / "s.toml")
    assert sc.rules == {"dice.blue.5": "6:juice:9"}
    res = simlab.run_scenario(tmp_path / "s.toml", backend="serial", progress=False)
    assert np.array_equal(res.points[0].seat_agg["score_sum"], mine.agg["score_sum"])
    assert np.array_equal(res.points[0].seat_agg["wins"], mine.agg["wins"])


BAD = [
    ("dice.toml", '{ rank = 2, icons = ["call", "promote"] }',
     '{ rank = 0, icons = ["call", "promote"] }',
     "dice.toml: blue.faces[1]: rank: expected a whole number 1..6"),
    ("dice.toml", '{ rank = 2, icons = ["call", "promote"] }',
     '{ rank = 2, icons = ["call", "gain_grunt"] }',
     "dice.toml: blue.faces[1]: icons[1]: expected no gain_grunt"),
    ("dice.toml", '{ rank = 2, icons = ["call", "promote"] }', '{ rank = 2, icons = ["kall"] }',
     "dice.toml: blue.faces[1]: icons[0]: expected an icon: one of"),
    ("dice.toml", '{ rank = 6, icons = [] },                            #', "#",
     "dice.toml: blue: faces: expected 6 faces"),
    ("town.toml", "[[area]]   # area 12", "[[areas]]   # area 12",
     "town.toml: area: expected 12 [[area]] tables"),
    ("town.toml", '{ colour = "blue", icons = ["juice:2"] }', '{ colour = "teal", icons = [] }',
     "town.toml: area[0] (area 1).spaces[0]: colour: expected a colour"),
    ("town.toml", "public = false", "public = true",
     "town.toml: area[3] (area 4): public: expected public = false"),
    ("town.toml", 'summon_track = ["", "malice"', 'summon_track = ["", "malise"',
     "town.toml: summon_track[1]: expected \"\", \"summon\" or an icon"),
    ("town.toml", "gain_grunt_spots = 4", "gain_grunt_spots = 9",
     "town.toml: gain_grunt_spots: expected a whole number 0..6, got 9"),
    ("malice.toml", "chart = [1, 1, 2, 2, 3, 3]", "chart = [1, 1, 2, 2, 3, 2]",
     "malice.toml: chart[5]: expected 3 for rank 6"),
    ("malice.toml", "cap = 8 ", "cap = 10 ", "malice.toml: cap: expected 8"),
    ("market.toml", "arch_cost = [5, 4, 4, 3, 3]", "arch_cost = [5, 4, 4, 3]",
     "market.toml: arch_cost: expected 5 costs"),
    ("market.toml", "arch_cost = [5, 4, 4, 3, 3]", "arch_cost = [5, 4, -4, 3, 3]",
     "market.toml: arch_cost[2]: expected a whole number 0..50, got -4"),
    ("ghosts.toml", 'colour = "blue"\nicons = ["juice:3"]', 'colour = "blu"\nicons = ["juice:3"]',
     "ghosts.toml: ghost[1]: colour: expected a colour"),
    ("ghosts.toml", 'icons = ["gain_grunt"]', 'icons = ["gain_grunt", "call"]',
     "ghosts.toml: ghost[0]: icons: expected a gain_grunt Ghost of one colour"),
    ("ghosts.toml", '[[ghost]]\ncolour = "multi"\nicons = ["feed"]', "",
     "ghosts.toml: ghost: expected 42 [[ghost]] tables (rulebook: \"42 Ghost tokens\"), "
     "got '41 Ghosts'"),
    ("solo_cards.toml", 'symbols = ["blue:highest", "green:highest", "white:lowest"]',
     'symbols = ["blue:highest", "green:highest"]',
     "solo_cards.toml: card[0] (card 1): symbols: expected 3 symbols"),
    ("solo_cards.toml", 'symbols = ["blue:highest", "green:highest", "white:lowest"]',
     'symbols = ["pink:highest", "green:highest", "white:lowest"]',
     "solo_cards.toml: card (colour blue): expected blue on 10 cards"),
    ("difficulty.toml", "court_ghosts = 0", "court_ghosts = 3",
     "difficulty.toml: level[0] (level 0): court_ghosts: expected one of 0, 2, 4, got 3"),
    ("family.toml", "area12_juice = 12", "area12_juice = 10",
     "family.toml: area12_juice: expected 12"),
    ("family.toml", '8 = "swap"', '8 = "promote"',
     "family.toml: area_actions.8: expected \"swap\""),
    ("family.toml", "minion_spaces_per_row = [2, 2, 2]", "minion_spaces_per_row = [2, 2]",
     "family.toml: minion_spaces_per_row: expected [2, 2, 2]"),
    ("prophecy.toml", 'kind = "pattern"', 'kind = "patern"',
     "prophecy.toml: card[0] (id 1): condition 1: kind: expected one of pattern"),
    ("prophecy.toml", "cap = 50", "cap = 60", "prophecy.toml: cap: expected 50"),
    ("prophecy.toml", "id = 2\n", "id = 1\n",
     "prophecy.toml: card[1]: id: expected an id of its own"),
    ("arch_monsters.toml", 'colours = ["blue", "green"], back = "swap"',
     'colours = ["blue"], back = "swap"',
     "arch_monsters.toml: card[0] (id 1): colours: expected 2 colour(s)"),
    ("arch_monsters.toml", 'kind = "spooked", colours = ["blue"], back = "promote"',
     'kind = "spooky", colours = ["blue"], back = "promote"',
     "arch_monsters.toml: card[9] (id 10): kind: expected one of adjacent_pair"),
]


@pytest.mark.parametrize(("name", "old", "new", "message"), BAD,
                         ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD)])
def test_bad_entries_are_located(tmp_path, name, old, new, message):
    _export(tmp_path, [name])
    _edit(tmp_path / name, old, new)
    found = G.check_data(tmp_path)
    assert any(message in e for e in found.errors), found.errors
    assert all(e.startswith(str(tmp_path / name) + ": ") for e in found.errors), found.errors
    assert found.overrides == {}


def test_check_cli_exits_2_with_located_errors_and_no_traceback(tmp_path):
    _export(tmp_path, ["dice.toml", "solo_cards.toml"])
    _edit(tmp_path / "dice.toml", '{ rank = 2, icons = ["call", "promote"] }',
          '{ rank = 9, icons = ["call", "promote"] }')
    (tmp_path / "solo_cards.toml").write_text("card = [")
    (tmp_path / "stray.toml").write_text("x = 1\n")
    r = _cli("data", "monsters", "check", str(tmp_path))
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert f"{tmp_path / 'dice.toml'}: blue.faces[1]: rank: expected a whole number 1..6" \
        in r.stderr
    assert f"{tmp_path / 'solo_cards.toml'}: not valid TOML" in r.stderr
    assert f"{tmp_path / 'stray.toml'}: not a data file of this game" in r.stderr
    r = _cli("simulate", "monsters", "-n", "2", "--data", str(tmp_path))
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_a_ladder_that_breaks_the_plus_count_is_warned(tmp_path):
    _export(tmp_path, ["difficulty.toml"])
    (tmp_path / "difficulty.toml").write_text(
        HEADERS["difficulty"] + (DATA / "difficulty_even.toml").read_text().split("\n\n", 1)[1])
    with pytest.warns(SimlabWarning, match="level 2 is worth 1"):
        found = G.check_data(tmp_path)
    assert found.errors == []
    assert make_rules(1, found.overrides).difficulty_levels == \
        load_data("difficulty", "difficulty_even")["difficulty_levels"]
    assert tomllib.loads((tmp_path / "difficulty.toml").read_text())["level"][3][
        "court_monsters"] == 2


def test_set_data_file_errors_are_located(tmp_path):
    """``--set data.KIND=FILE``: the rules name the field they refuse; the game adds every
    problem of the file, located as ``check`` does."""
    _export(tmp_path, ["ghosts.toml", "dice.toml"])
    _edit(tmp_path / "ghosts.toml", 'colour = "blue"\nicons = ["juice:3"]',
          'colour = "teal"\nicons = ["juice:3"]')
    _edit(tmp_path / "dice.toml", '{ rank = 2, icons = ["call", "promote"] }', "{ rank = 2 }")
    for kind, message in (("ghosts", "ghosts.toml: ghost[1]: colour: expected a colour"),
                          ("dice", "dice.toml: blue.faces[1]: icons: expected a list")):
        with pytest.raises(simlab.SimlabError, match=re.escape(message)):
            G.make_rules(3, {f"data.{kind}": str(tmp_path / f"{kind}.toml")})
        r = _cli("simulate", "monsters", "-n", "2", "--set",
                 f"data.{kind}={tmp_path / f'{kind}.toml'}")
        assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr
