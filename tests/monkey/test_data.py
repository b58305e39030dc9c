"""Monkey Fun's data files (``simlab data monkey export|check``): board.toml and deck.toml.

The untouched export reads cleanly as the default rules; an edited board or deck is read, its
difference named, and plays as the same ``--set`` overrides do; every kind of bad entry gives a
located error (the CLI exits 2 without a traceback); what the rulebook implies but does not
forbid (the solo square's fields off the inner square, fields no hand can name) is a warning;
a scenario with ``data = "DIR"`` plays with the folder.
"""

from __future__ import annotations

import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest

import simlab
from simlab.errors import SimlabError, SimlabWarning
from simlab.games.monkey.data import FILES, RULEBOOK_CARDS, board_text, deck_text
from simlab.games.monkey.game import GAME
from simlab.games.monkey.rules import MIXED_BOARD, layout_shuffled, layout_spiral
from tests.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]


def cli(*args):
    """``simlab data monkey ARGS`` (warnings shown as the CLI shows them): returncode, stdout,
    stderr."""
    return run_cli("data", "monkey", *args, cwd=ROOT)


def cli_here(capsys, *args):
    """The same command in this process (faster): (exit code, stdout, stderr)."""
    from simlab.cli.main import main

    shown = warnings.showwarning
    try:
        with pytest.raises(SystemExit) as e:
            main(["data", "monkey", *args])
    finally:
        warnings.showwarning = shown
    out = capsys.readouterr()
    return e.value.code, out.out, out.err


def located(errors, path, error):
    return any(e.startswith(f"{path}: {error}") for e in errors)


@pytest.fixture
def folder(tmp_path, capsys):
    """A folder written by `simlab data monkey export`."""
    d = tmp_path / "components"
    code, out, _ = cli_here(capsys, "export", str(d))
    assert code == 0 and "wrote" in out
    return d


def edit(path: Path, old: str, new: str):
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def test_files_are_generated_from_the_data_in_play():
    assert [f.name for f in FILES] == ["board.toml", "deck.toml"]
    board = tomllib.loads(board_text())["board"]
    assert [x for r in range(1, 7) for x in board[f"row{r}"]] == list(MIXED_BOARD)
    assert tuple(GAME.make_rules(4).arrangement()) == MIXED_BOARD
    copies = tomllib.loads(deck_text())["copies"]
    assert [copies[str(v)] for v in range(1, 11)] == list(GAME.make_rules(4).deck)
    assert sum(copies.values()) == RULEBOOK_CARDS == 55
    for text in (board_text(), deck_text()):  # documented: the rulebook quoted, assumed
        assert "ASSUMED" in text and '"' in text and "rulebook" in text
    assert "55 cards" in deck_text() and "maximum: 36" in board_text()


def test_untouched_export_is_the_default_rules(folder):
    found = GAME.check_data(folder)
    assert found.errors == [] and sorted(found.read) == ["board.toml", "deck.toml"]
    assert found.differences == {"board.toml": [], "deck.toml": []}
    assert found.overrides == {}
    for n in (1, 2, 3, 4):
        assert GAME.make_rules(n, found.overrides) == GAME.make_rules(n)
    r = cli("check", str(folder))
    assert r.returncode == 0 and "same as the defaults" in r.stdout and r.stderr == ""


def test_an_edited_board_plays_like_the_same_set(folder):
    edit(folder / "board.toml", "row1 = [29, 19,", "row1 = [19, 29,")
    found = GAME.check_data(folder)
    assert found.errors == []
    swapped = [19, 29] + list(MIXED_BOARD[2:])
    assert found.overrides == {"board": swapped}
    assert found.differences["board.toml"] == [
        f"board.row1: {swapped[:6]!r} (default {list(MIXED_BOARD[:6])!r})"]
    r = cli("check", str(folder))
    assert r.returncode == 0 and "board.row1: [19, 29" in r.stdout
    kw = dict(players=3, bots="greedy,blocker,row", games=400, seed=9, keep_games=True)
    mine = simlab.simulate("monkey", data=folder, **kw)
    same = simlab.simulate("monkey", rules={"board": ",".join(map(str, swapped))}, **kw)
    default = simlab.simulate("monkey", **kw)
    assert mine.rules.arrangement() == tuple(swapped)
    assert np.array_equal(mine.rows["score"], same.rows["score"])
    assert not np.array_equal(mine.rows["score"], default.rows["score"])


def test_an_edited_deck_plays_like_the_same_set(folder):
    edit(folder / "deck.toml", "1 = 1 ", "1 = 2 ")
    edit(folder / "deck.toml", "10 = 10", "10 = 9 ")
    found = GAME.check_data(folder)
    assert found.errors == []
    assert found.overrides == {"deck": [2, 2, 3, 4, 5, 6, 7, 8, 9, 9]}
    assert found.differences["deck.toml"] == ["copies.1: 2 (default 1)",
                                              "copies.10: 9 (default 10)"]
    kw = dict(players=2, bots="greedy,row", games=400, seed=4, keep_games=True)
    mine = simlab.simulate("monkey", data=folder, **kw)
    same = simlab.simulate("monkey", rules={"deck": "2,2,3,4,5,6,7,8,9,9"}, **kw)
    assert np.array_equal(mine.rows["score"], same.rows["score"])
    assert not np.array_equal(mine.rows["score"],
                              simlab.simulate("monkey", **kw).rows["score"])
    # the solo variant reads the same folder (data files are checked at every player count)
    solo = simlab.simulate("monkey", players=1, games=50, seed=1, data=folder)
    assert solo.rules.deck == (2, 2, 3, 4, 5, 6, 7, 8, 9, 9)


def test_a_named_generator(tmp_path):
    (tmp_path / "board.toml").write_text('[board]\nlayout = "shuffled"\nlayout_seed = 3\n')
    found = GAME.check_data(tmp_path)
    assert found.errors == [] and found.missing == ["deck.toml"]
    assert found.overrides == {"layout": "shuffled", "layout_seed": 3}
    assert GAME.make_rules(4, found.overrides).arrangement() == layout_shuffled(3)
    (tmp_path / "board.toml").write_text('[board]\nlayout = "mixed"\n')
    assert GAME.check_data(tmp_path).overrides == {}


BAD_BOARDS = [
    ("row1 = [29, 19, 13,  7, 15, 28]", "row1 = [29, 19, 13,  7, 15]",
     "board.row1: expected 6 field numbers (columns 1-6), got 5"),
    ("row2 = [ 5, 32,", "row2 = [ 5, 40,", "board.row2: column 2: expected a field number "
     "from 1 to 36, got 40"),
    ("row3 = [24, 12,", "row3 = [24, 12.5,", "board.row3: column 2: expected a field number "
     "from 1 to 36, got 12.5"),
    ("row4 = [25,  6,", "row4 = [25, \"6\",", "board.row4: column 2: expected a field number "
     "from 1 to 36, got '6'"),
    ("row5 = [20, 16,", "row5 = [20, 29,", "board.row5: column 2: expected each field number "
     "once, got 29 again (also at board.row1 column 1)"),
    ("row5 = [20, 16,", "row5 = [20, 29,", "board: expected each of the field numbers 1..36 "
     "once, got none of 16"),
    ("row6 = [ 8, 26, 34,  4, 30,  9]   # bottom row", "", "board.row6: expected a row of 6 "
     "field numbers, got nothing"),
    ("row6 = [ 8, 26, 34,  4, 30,  9]", "row6 = 8", "board.row6: expected a list of 6 field "
     "numbers, got 8"),
    ("[board]\n", "[board]\nrow7 = [1, 2, 3, 4, 5, 6]\n", "board.row7: unknown entry "
     "(expected row1..row6, or layout and layout_seed)"),
    ("[board]\n", "[board]\nlayout = \"spiral\"\n", "board.layout: expected either the rows "
     "row1..row6 or a layout, got both"),
    ("[board]\n", "sides = 2\n[board]\n", "sides: unknown entry (expected a [board] table)"),
    ("[board]\n", "[boards]\n", "board: expected a [board] table with row1..row6 (or layout = "
     "...), got nothing"),
]


@pytest.mark.parametrize("old,new,error", BAD_BOARDS)
def test_bad_board_entries_are_located(folder, old, new, error, capsys):
    edit(folder / "board.toml", old, new)
    found = GAME.check_data(folder)
    assert located(found.errors, folder / "board.toml", error), found.errors
    code, _, err = cli_here(capsys, "check", str(folder))
    assert code == 2 and f"simlab: error: {folder / 'board.toml'}: {error}" in err
    assert "Traceback" not in err
    with pytest.raises(SimlabError, match="board.toml"):
        simlab.simulate("monkey", games=10, data=folder)


BAD_LAYOUTS = [
    ('layout = "circle"', "board.layout: expected one of mixed, spiral, row-major, shuffled, "
     "got 'circle'"),
    ('layout = "spiral"\nlayout_seed = 4', "board.layout_seed: expected only with layout = "
     "\"shuffled\", got 4 with layout 'spiral'"),
    ('layout = "shuffled"\nlayout_seed = -1', "board.layout_seed: expected a whole number >= "
     "0, got -1"),
    ("layout_seed = 4", "board: expected row1..row6 (6 field numbers each) or a layout, got "
     "neither"),
]


@pytest.mark.parametrize("body,error", BAD_LAYOUTS)
def test_bad_layouts_are_located(tmp_path, body, error):
    (tmp_path / "board.toml").write_text(f"[board]\n{body}\n")
    errors = GAME.check_data(tmp_path).errors
    assert len(errors) == 1 and located(errors, tmp_path / "board.toml", error), errors


BAD_DECKS = [
    ("3 = 3 ", "3 = -1", "copies.3: count: expected a whole number of cards >= 0, got -1"),
    ("3 = 3 ", "3 = 2.5", "copies.3: count: expected a whole number of cards >= 0, got 2.5"),
    ("3 = 3 ", "eleven = 3", "copies.eleven: value: expected a card value from 1 to 36, got "
     "'eleven'"),
    ("3 = 3 ", "40 = 3", "copies.40: value: expected a card value from 1 to 36, got '40'"),
    ("3 = 3 ", "3 = 2 ", "copies: total: expected 55 cards in all (the rulebook's contents: "
     "\"55 cards\"), got 54"),
    ("[copies]\n", "[cards]\n", "copies: expected a [copies] table of value = count entries, "
     "got nothing"),
]


@pytest.mark.parametrize("old,new,error", BAD_DECKS)
def test_bad_deck_entries_are_located(folder, old, new, error, capsys):
    edit(folder / "deck.toml", old, new)
    found = GAME.check_data(folder)
    assert located(found.errors, folder / "deck.toml", error), found.errors
    code, _, err = cli_here(capsys, "check", str(folder))
    assert code == 2 and f"simlab: error: {folder / 'deck.toml'}: {error}" in err
    assert "Traceback" not in err


def test_bad_toml_and_stray_files(folder):
    (folder / "deck.toml").write_text("[copies\n")
    (folder / "cards.toml").write_text("x = 1\n")
    r = cli("check", str(folder))  # the CLI as a designer runs it
    assert r.returncode == 2 and "deck.toml: not valid TOML" in r.stderr
    assert "cards.toml: not a data file of this game" in r.stderr and "Traceback" not in r.stderr


def test_rule_warnings_are_reported_by_check(folder, tmp_path):
    # 36 swapped with 29 (a corner): the solo maximum needs 36 in the inner square
    edit(folder / "board.toml", "row1 = [29,", "row1 = [36,")
    edit(folder / "board.toml", "row4 = [25,  6, 22, 36,", "row4 = [25,  6, 22, 29,")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        found = GAME.check_data(folder)
    assert found.errors == []
    texts = [str(w.message) for w in seen if issubclass(w.category, SimlabWarning)]
    assert any("board.toml: board: field 36 is not in the inner 4x4 square" in t for t in texts)
    r = cli("check", str(folder))
    assert r.returncode == 0
    assert "simlab: warning:" in r.stderr and "field 36 is not in the inner 4x4 square" in r.stderr
    # the game's own rule warnings say the same of the rules the folder makes
    rules = GAME.make_rules(4, found.overrides)
    assert any("field 36 is not in the inner 4x4 square" in w for w in GAME.rule_warnings(rules))
    # a stress layout by name
    spiral = tmp_path / "spiral"
    spiral.mkdir()
    (spiral / "board.toml").write_text('[board]\nlayout = "spiral"\n')
    r = cli("check", str(spiral))
    assert r.returncode == 0 and "simlab: warning:" in r.stderr and "field 3" in r.stderr
    assert GAME.make_rules(4, GAME.check_data(spiral).overrides).arrangement() == \
        layout_spiral()
    # a deck whose cards cannot name every field: plays, with a warning
    ones = tmp_path / "ones"
    ones.mkdir()
    (ones / "deck.toml").write_text("[copies]\n1 = 50\n9 = 5\n")
    r = cli("check", str(ones))
    assert r.returncode == 0 and "no play of 1 to 4 cards of this deck names fields" in r.stderr


def test_a_scenario_plays_with_its_data_folder(folder, tmp_path):
    from simlab.scenario import load_scenario

    edit(folder / "board.toml", "row1 = [29, 19,", "row1 = [19, 29,")
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\ngame = "monkey"\nplayers = 2\nbots = ["greedy", "row"]\n'
                    'seed = 3\ngames = 300\ndata = "components"\n')
    sc, _ = load_scenario(path)
    swapped = [19, 29] + list(MIXED_BOARD[2:])
    assert sc.rules == {"board": swapped} and sc.data is None
    res = simlab.run_scenario(path)
    mine = simlab.simulate("monkey", players=2, bots=["greedy", "row"], seed=3, games=300,
                           rules={"board": swapped})
    seats = res.frame[res.frame["level"] == "seat"].sort_values("seat")
    assert np.allclose(seats["mean_score"].to_numpy(), mine.agg["score_sum"] / 300)
    default = simlab.simulate("monkey", players=2, bots=["greedy", "row"], seed=3, games=300)
    assert not np.array_equal(mine.agg["score_sum"], default.agg["score_sum"])
    # [rules] win over the folder
    path.write_text(path.read_text() + '[rules]\nlayout = "spiral"\nboard = ""\n')
    sc, _ = load_scenario(path)
    assert GAME.make_rules(2, sc.rules).arrangement() == layout_spiral()
