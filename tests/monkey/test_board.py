"""The board of Monkey Fun: the default ``mixed`` board satisfies what the rulebook states (fields
3, 17, 31 and 36 in the inner square: the solo example and maximum), shuffled boards keep those
four inside, the stress layouts break it and are warned about (stderr, reports), an explicit
board is validated, and ``simlab games --json`` shows the board in play."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest

from simlab.errors import SimlabError, SimlabWarning
from simlab.games.monkey.game import GAME
from simlab.games.monkey.rules import (
    INNER_CELLS,
    MIXED_BOARD,
    MonkeyRules,
    board_problems,
    layout_shuffled,
    layout_spiral,
)
from simlab.sweep import run_sweep
from tests.cli import run_cli


def cli(*args):
    return run_cli(*args)


def test_default_board_satisfies_the_rulebook_and_is_scattered():
    board = MonkeyRules().arrangement()
    assert board == MIXED_BOARD and sorted(board) == list(range(1, 37))
    assert board_problems(board) == []
    inner = {board[c] for c in INNER_CELLS}
    assert {3, 17, 31, 36} <= inner
    g = np.array(board).reshape(6, 6)
    # scattered: every row and column sums to 111 +- 1, the inner square to its average 296
    assert np.all(np.abs(g.sum(axis=0) - 111) <= 1) and np.all(np.abs(g.sum(axis=1) - 111) <= 1)
    assert g[1:5, 1:5].sum() == 296
    for r in range(6):  # no two low (1..9) or two high (28..36) fields side by side
        for c in range(6):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < 6 and cc < 6:
                    a, b = g[r, c], g[rr, cc]
                    assert not (a <= 9 and b <= 9) and not (a >= 28 and b >= 28)


@pytest.mark.parametrize("seed", range(40))
def test_shuffled_boards_keep_the_rulebook_fields_inside(seed):
    board = layout_shuffled(seed)
    assert sorted(board) == list(range(1, 37)) and board_problems(board) == []


def test_shuffled_boards_differ_by_seed_and_scatter_the_rest():
    boards = {layout_shuffled(s) for s in range(30)}
    assert len(boards) == 30
    # where 1 lies is spread over the board (not always the same cell)
    assert len({b.index(1) for b in boards}) > 10


def test_stress_layouts_break_the_rulebook():
    spiral = board_problems(layout_spiral())
    assert len(spiral) == 1 and "17 and 3" in spiral[0]
    rm = board_problems(tuple(range(1, 37)))
    assert len(rm) == 2 and "36" in rm[0] and "31 and 3" in rm[1]
    assert GAME.rule_warnings(MonkeyRules(layout="spiral"))
    assert GAME.rule_warnings(MonkeyRules()) == []


@pytest.mark.parametrize("board,msg", [
    (tuple(range(1, 36)), "35 numbers; missing 36"),
    (tuple(range(1, 36)) + (35,), "missing 36; repeated or out of range 35"),
    (tuple(range(2, 38)), "missing 1; repeated or out of range 37"),
])
def test_an_explicit_board_is_validated(board, msg):
    with pytest.raises(SimlabError, match="rules.board: expected 36 field numbers") as e:
        GAME.make_rules(4, {"board": ",".join(map(str, board))})
    assert msg in str(e.value)


def test_an_explicit_board_plays_and_is_warned_about_when_it_breaks_the_rulebook():
    import simlab

    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        res = simlab.simulate("monkey", players=2, bots="random", games=50,
                              rules={"board": ",".join(map(str, range(1, 37)))})
    texts = [str(w.message) for w in got if issubclass(w.category, SimlabWarning)]
    assert len(texts) == 2 and all("breaks the rulebook" in t for t in texts)
    assert res.metrics["board"] == list(range(1, 37))
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        simlab.simulate("monkey", players=2, bots="random", games=50)
    assert not [w for w in got if issubclass(w.category, SimlabWarning)]


def test_cli_warns_on_stderr_and_errors_name_the_field():
    proc = cli("simulate", "monkey", "-p", "2", "-b", "random", "-n", "50", "--set",
               "layout=spiral")
    assert proc.returncode == 0
    assert "simlab: warning: rules: layout spiral breaks the rulebook: fields 17 and 3" \
        in proc.stderr
    assert "Traceback" not in proc.stderr
    proc = cli("simulate", "monkey", "-n", "50", "--set", "board=1,2,3")
    assert proc.returncode == 2 and "rules.board: expected 36 field numbers" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_games_json_carries_the_default_board():
    proc = cli("games", "--json")
    assert proc.returncode == 0
    monkey = next(g for g in json.loads(proc.stdout)["games"] if g["game"] == "monkey")
    assert monkey["board"] == list(MIXED_BOARD)
    text = cli("games").stdout
    assert "default board" in text and "29 19 13  7 15 28" in text


def test_report_flags_points_that_break_the_rulebook(tmp_path):
    spec = {"game": "monkey", "players": 2, "games": 60, "seed": 3, "bots": "random",
            "compare": {"spiral": {"layout": "spiral"}}}
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        run_sweep(spec, out=tmp_path / "r", backend="serial", progress=False, report=True)
    assert any("point spiral" in str(w.message) for w in got
               if issubclass(w.category, SimlabWarning))
    html = (tmp_path / "r" / "report.html").read_text()
    assert "Breaks the rulebook" in html
    assert "Point spiral: layout spiral breaks the rulebook" in html
    assert "Point baseline" not in html


def test_a_solo_report_speaks_of_success_not_seats(tmp_path):
    spec = {"game": "monkey", "players": 1, "games": 300, "seed": 3, "bots": "solo",
            "compare": {"row-major": {"layout": "row-major"}}}
    run_sweep(spec, out=tmp_path / "s", backend="serial", progress=False, report=True)
    html = (tmp_path / "s" / "report.html").read_text()
    assert "In the baseline, the one player (solo) succeeds in" in html
    assert "the success rate +" in html
    assert "fair 100.0%" not in html and "no seat has a significant advantage" not in html
