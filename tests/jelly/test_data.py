"""Jelly's assumed component data (``simlab data jelly``): the district boards file.

The export is the data the game plays, it reads back to exactly the default rules, an edit
becomes the same rule override ``--set`` would make (and plays like it, from a data folder
or a scenario), and every kind of bad entry is located, from Python and from the CLI.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib

import numpy as np
import pytest

import simlab
from simlab.games.jelly.data import FILES, default_text, read_boards, zone_words
from simlab.games.jelly.rules import default_faces, default_layouts, make_rules
from simlab.games.registry import get_game
from simlab.scenario import load_scenario
from tests.arrays import arrays_equal

G = get_game("jelly")


def _export(folder):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "boards.toml").write_text(default_text())
    return folder / "boards.toml"


def _edit(folder, old: str, new: str, count: int = 1):
    path = folder / "boards.toml"
    text = path.read_text()
    assert text.count(old) >= count, old
    path.write_text(text.replace(old, new, count))


def test_the_export_is_the_data_the_game_plays():
    assert [f.name for f in G.data_files()] == ["boards.toml"] and FILES[0].name == "boards.toml"
    data = tomllib.loads(default_text())
    faces, layouts = default_faces(), default_layouts()
    assert set(data["faces"]) == set(faces) and len(faces) == 16
    for name, face in faces.items():
        assert tuple(data["faces"][name]["zones"]) == face.zones
        assert data["faces"][name]["green"] == face.green
    assert {k: tuple(v) for k, v in data["layouts"].items()} == layouts
    text = default_text()
    assert "ASSUMED" in text and "8 District Boards (double-sided)" in text
    assert "# 3A: board 3, side A (assumed), green lights." in text
    assert zone_words("by_dice:2:jelly7:pod") == "7 jelly with at most 2 dice here, else a jelly-pod"


def test_untouched_export_reads_to_the_default_rules(tmp_path):
    _export(tmp_path)
    found = G.check_data(tmp_path)
    assert found.errors == [] and found.read == ["boards.toml"] and found.missing == []
    assert found.differences == {"boards.toml": []}
    assert found.overrides == {}
    for n in (3, 4, 5):
        assert make_rules(n, found.overrides) == make_rules(n)
        assert arrays_equal(make_rules(n, found.overrides).to_arrays(),
                             make_rules(n).to_arrays())
    r = subprocess.run([sys.executable, "-m", "simlab.cli.main", "data", "jelly", "check",
                        str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 0 and "boards.toml: same as the defaults" in r.stdout


def test_an_edited_face_is_the_same_override_as_set(tmp_path):
    _export(tmp_path)
    _edit(tmp_path, 'zones = ["pod", "jelly:5", "jelly:1"]', 'zones = ["pod", "jelly:9", "jelly:1"]')
    found = G.check_data(tmp_path)
    assert found.errors == []
    assert found.overrides == {"faces.3A": "pod,jelly:9,jelly:1"}
    assert found.differences["boards.toml"] == [
        "faces.3A.zones: ['pod', 'jelly:9', 'jelly:1'] (default ['pod', 'jelly:5', 'jelly:1'])"]
    rules = make_rules(4, found.overrides)
    assert rules.faces["3A"].zones == ("pod", "jelly:9", "jelly:1")
    assert rules.district_faces()[2] == "3A"
    assert not arrays_equal(rules.to_arrays(), make_rules(4).to_arrays())
    r = subprocess.run([sys.executable, "-m", "simlab.cli.main", "data", "jelly", "check",
                        str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "1 difference from the defaults" in r.stdout and "faces.3A.zones" in r.stdout

    kw = dict(players=4, bots=["greedy", "spread", "saboteur", "weights"], games=300, seed=5,
              backend="serial", progress=False)
    base = simlab.simulate("jelly", **kw)
    mine = simlab.simulate("jelly", data=tmp_path, **kw)
    same = simlab.simulate("jelly", rules={"faces.3A.1": "jelly:9"}, **kw)
    assert mine.rules.faces["3A"].zones[1] == "jelly:9"
    # district 2 (face 3A) now pays 9 jelly in its second zone: the games differ
    assert mine.metrics["districts"][2] != base.metrics["districts"][2]
    assert not np.array_equal(mine.agg["score_sum"], base.agg["score_sum"])
    # ... exactly as with the same --set override
    for key in ("wins", "score_sum", "score_sumsq", "district_jelly", "counters"):
        assert np.array_equal(mine.agg[key], same.agg[key]), key


def test_layouts_green_and_new_boards(tmp_path):
    _export(tmp_path)
    # a reordered default layout, a layout of the designer's own, a green flag moved
    _edit(tmp_path, 'mixed = ["1A", "2B", "3A", "4B", "5A", "6B", "7A", "8B"]',
          'mixed = ["8B", "7A", "6B", "5A", "4B", "3A", "2B", "1A"]\n'
          'pods = ["3A", "1B", "6B", "5A", "2A", "4A", "7B"]')
    _edit(tmp_path, '[faces.7B]\ngreen = false', '[faces.7B]\ngreen = true')
    found = G.check_data(tmp_path)
    assert found.errors == []
    assert found.overrides == {"faces.7B.green": True,
                               "layouts.mixed": "8B,7A,6B,5A,4B,3A,2B,1A",
                               "layouts.pods": "3A,1B,6B,5A,2A,4A,7B"}
    assert "layouts.pods: ['3A', '1B', '6B', '5A', '2A', '4A', '7B'] (new)" in \
        found.differences["boards.toml"]
    r = make_rules(4, found.overrides)
    assert r.district_faces() == ("8B", "7A", "6B", "5A", "4B", "3A") and r.faces["7B"].green
    assert make_rules(5, {**found.overrides, "layout": "pods"}).district_faces() == \
        ("3A", "1B", "6B", "5A", "2A", "4A", "7B")
    # the real boards numbered differently: board 9 instead of board 8
    _export(tmp_path / "nine")
    path = tmp_path / "nine" / "boards.toml"
    text = path.read_text()
    for a, b in (("[faces.8A]", "[faces.9A]"), ("[faces.8B]", "[faces.9B]"),
                 ('"8A"', '"9A"'), ('"8B"', '"9B"')):
        assert a in text
        text = text.replace(a, b)
    path.write_text(text)
    found = G.check_data(tmp_path / "nine")
    assert found.errors == [], found.errors
    assert found.overrides["faces.9A"] == "jelly:6,jelly:3,jelly:5+discard_pod"
    assert found.overrides["faces.9A.green"] is True
    assert found.overrides["layouts.beginner"] == "1A,2A,3A,4A,5A,6A,7A,9A"
    assert make_rules(5, {**found.overrides, "layout": "beginner"}).faces["9A"].green


BAD = [
    # (old text, new text, what the error says)
    ('zones = ["pod", "jelly:5", "jelly:1"]', 'zones = ["pod", "jely:5", "jelly:1"]',
     "boards.toml: faces.3A: zones[1]: expected a reward (jelly:N"),
    ('zones = ["pod", "jelly:5", "jelly:1"]', 'zones = ["pod", "jelly:5"]',
     "boards.toml: faces.3A: zones: expected a list of 3 zones (rulebook: \"Each district has "
     "3 zones\"), got ['pod', 'jelly:5']"),
    ('zones = ["pod", "jelly:5", "jelly:1"]', 'zones = "pod"',
     "boards.toml: faces.3A: zones: expected a list of 3 zones"),
    ('zones = ["pod", "jelly:5", "jelly:1"]', 'zones = ["pod", "jelly:5", 7]',
     "boards.toml: faces.3A: zones[2]: expected reward text such as 'jelly:5'"),
    ('zones = ["pod", "jelly:5", "jelly:1"]', 'zones = ["pod", "jelly:5", "pod"]',
     "boards.toml: faces.3A: zones: expected three different rewards (rulebook: \"Each "
     "district has 3 zones, each showing a different reward\")"),
    ('zones = ["pod", "jelly:5", "jelly:1"]', 'zones = ["pod", "jelly:5", "jelly:1+pod+pod+pod"]',
     "boards.toml: faces.3A: zones[2]: expected a reward (jelly:N"),
    ('zones = ["pod", "jelly:5", "jelly:1"]', 'zones = ["pod", "jelly:-5", "jelly:1"]',
     "amounts must be >= 0"),
    ('zones = ["jelly:6", "each_gives:1", "discard_pod"]',
     'zones = ["jelly:6", "each_gives:3", "discard_pod"]',
     "boards.toml: faces.2B: zones[1]: expected each_gives:1 or 2 (rulebook: \"Each player "
     "gives you 1 or 2 Jelly\"), got 'each_gives:3'"),
    ('zones = ["jelly:4", "pod", "jelly:8+give_each:1"]',
     'zones = ["jelly:4", "pod", "jelly:8+give_each:2"]',
     "boards.toml: faces.7A: zones[2]: expected give_each:1 (rulebook: \"Give 1 Jelly"),
    ('zones = ["each_gives:1", "per_pod:2", "jelly:5"]',
     'zones = ["each_gives:1", "per_pod:3", "jelly:5"]',
     "boards.toml: faces.7B: zones[1]: expected per_pod:2 (rulebook: \"2 Jelly per Jelly-pod"),
    ('zones = ["by_dice:1:jelly5:pod", "jelly:0", "jelly:9"]',
     'zones = ["by_dice:0:jelly5:pod", "jelly:0", "jelly:9"]',
     "boards.toml: faces.8B: zones[0]: expected by_dice:K with K >= 1"),
    ('[faces.1A]\ngreen = true', '[faces.1A]\ngreen = "yes"',
     "boards.toml: faces.1A: green: expected true or false, got 'yes'"),
    ('[faces.1A]\ngreen = true', '[faces.1A]\ngreen = true\ncolour = "red"',
     "boards.toml: faces.1A: colour: expected only the fields zones and green, got 'colour'"),
    ('[faces.1A]', '[faces.1C]',
     "boards.toml: faces.1C: name: expected <board number><side A or B> such as 3A, "
     "got '1C'"),
    ('[faces.1B]\ngreen = false\nzones = ["jelly:5", "pod", "jelly:0"]\n', '',
     "boards.toml: faces.1B: expected both sides of board 1 (rulebook: \"8 District Boards "
     "(double-sided)\"), got only side A"),
    ('[faces.8A]', '[faces.9A]',
     "boards.toml: faces: expected 8 boards (rulebook: \"8 District Boards (double-sided)\"), "
     "got 9 (1, 2, 3, 4, 5, 6, 7, 8, 9)"),
    ('mixed = ["1A", "2B", "3A", "4B", "5A", "6B", "7A", "8B"]',
     'mixed = ["1A", "2B", "3A", "4B", "5A", "6B", "7A", "9B"]',
     "boards.toml: layouts.mixed: [7]: expected a face of [faces] such as 1A, got '9B'"),
    ('mixed = ["1A", "2B", "3A", "4B", "5A", "6B", "7A", "8B"]',
     'mixed = ["1A", "2B", "3A", "4B", "5A", "6B"]',
     "boards.toml: layouts.mixed: expected at least 7 faces, enough for the largest table"),
    ('mixed = ["1A", "2B", "3A", "4B", "5A", "6B", "7A", "8B"]',
     'mixed = ["1A", "2B", "3A", "4B", "5A", "6B", "7A", "1B"]',
     "boards.toml: layouts.mixed: expected each board at most once (rulebook: \"Attach a "
     "District board (with either side up) to each connector\"), got 1A and 1B"),
    ('mixed = ["1A", "2B", "3A", "4B", "5A", "6B", "7A", "8B"]',
     'mixed = "1A,2B"', "boards.toml: layouts.mixed: expected a list of face names"),
    ('mixed = ["1A", "2B", "3A", "4B", "5A", "6B", "7A", "8B"]', '',
     "boards.toml: layouts.mixed: expected a layout named mixed"),
    ('beginner = ["1A", "2A", "3A", "4A", "5A", "6A", "7A", "8A"]',
     'beginner = ["1A", "2A", "3A", "4A", "5A", "6A", "7A", "8B"]',
     "boards.toml: layouts.beginner: expected the green sides (rulebook: \"If this is your "
     "first game, we recommend using only districts with green lights\"), got 8B while 8A "
     "(green) is not used"),
    ('\n[layouts]\n', '\n[layouts]\nextra = 1\n',
     "boards.toml: layouts.extra: expected a list of face names"),
    ('# Attack of the Jelly', 'players = 4\n# Attack of the Jelly',
     "boards.toml: players: expected only [faces.*] and [layouts] tables, got 'players'"),
    ('[faces.1A]', '[faces.1A',
     "boards.toml: not valid TOML"),
]


@pytest.mark.parametrize("old,new,message", BAD, ids=[m[2][13:60] for m in BAD])
def test_every_kind_of_bad_entry_is_located(tmp_path, old, new, message):
    _export(tmp_path)
    _edit(tmp_path, old, new)
    found = G.check_data(tmp_path)
    assert any(message in e for e in found.errors), found.errors
    assert all(str(tmp_path / "boards.toml") in e for e in found.errors), found.errors
    with pytest.raises(simlab.SimlabError, match="problem"):
        G.data_overrides(tmp_path)


def test_check_exits_2_with_the_located_errors(tmp_path):
    _export(tmp_path)
    _edit(tmp_path, 'zones = ["jelly:6", "each_gives:1", "discard_pod"]',
          'zones = ["jelly:6", "each_gives:3", "discard_pod"]')
    _edit(tmp_path, '[faces.1A]\ngreen = true', '[faces.1A]\ngreen = "yes"')
    (tmp_path / "notes.toml").write_text("x = 1\n")
    r = subprocess.run([sys.executable, "-m", "simlab.cli.main", "data", "jelly", "check",
                        str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "faces.2B: zones[1]: expected each_gives:1 or 2" in r.stderr
    assert "faces.1A: green: expected true or false" in r.stderr
    assert "notes.toml: not a data file of this game" in r.stderr
    r = subprocess.run([sys.executable, "-m", "simlab.cli.main", "simulate", "jelly", "-n",
                        "10", "--data", str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "each_gives" in r.stderr


def test_read_without_the_rules():
    """The reader alone (no make_rules after it): a missing faces or layouts table."""
    ov, errs = read_boards({"layouts": {}}, "b.toml")
    assert ov == {} and any(e.startswith("b.toml: faces: expected [faces.<board><side>]")
                            for e in errs)
    _ov, errs = read_boards(tomllib.loads(default_text().split("[layouts]")[0]), "b.toml")
    assert errs == ["b.toml: layouts: expected a [layouts] table, got none"]


def test_a_scenario_plays_with_its_data_folder(tmp_path):
    _export(tmp_path / "boards")
    _edit(tmp_path / "boards", 'zones = ["pod", "jelly:5", "jelly:1"]',
          'zones = ["pod", "jelly:9", "jelly:1"]')
    (tmp_path / "s.toml").write_text(
        'game = "jelly"\nplayers = 4\nbots = ["greedy", "spread", "saboteur", "weights"]\n'
        'seed = 5\ngames = 300\ndata = "boards"\n')
    sc, _ = load_scenario(tmp_path / "s.toml")
    assert sc.rules == {"faces.3A": "pod,jelly:9,jelly:1"}
    res = simlab.run_scenario(tmp_path / "s.toml", backend="serial", progress=False)
    same = simlab.simulate("jelly", players=4, bots=["greedy", "spread", "saboteur", "weights"],
                           games=300, seed=5, backend="serial", progress=False,
                           rules={"faces.3A.1": "jelly:9"})
    assert np.array_equal(res.points[0].seat_agg["score_sum"], same.agg["score_sum"])
    assert np.array_equal(res.points[0].seat_agg["wins"], same.agg["wins"])
