"""Auto-balance: planted roots and minima are found; a real rule parameter is balanced."""

import math

import numpy as np
import pytest

from simlab.analysis.balance import (
    Evaluation,
    balance,
    balance_report,
    find_min,
    find_root,
    parse_target,
)
from simlab.errors import SimlabError


def _noisy(fn, seed=0):
    """A deterministic rough response: the planted function plus a fixed pseudo-noise per value
    (as with common random numbers: the same value always gives the same answer)."""
    def ev(v):
        r = np.random.default_rng([seed, int(abs(v) * 1e6) % 2**32]).normal(0, 0.002)
        return Evaluation(v, fn(v) + r, 0.004, 1000)
    return ev


def test_planted_root_real():
    root, evs, found = find_root(_noisy(lambda v: 0.30 + 0.05 * (v - 2.7)), 0, 10, 0.30)
    assert found and abs(root - 2.7) < 0.15
    assert len(evs) <= 7 + 8


def test_planted_root_decreasing_and_integer():
    root, _, found = find_root(lambda v: Evaluation(v, 10.0 - 2.0 * v, 0.1, 100), -3, 12,
                               3.4, integer=True)
    assert found and root == 3.0  # 10 - 6 = 4 is nearer 3.4 than 10 - 8 = 2
    root, _, found = find_root(lambda v: Evaluation(v, 10.0 - 2.0 * v, 0.1, 100), -3, 12,
                               2.2, integer=True)
    assert found and root == 4.0  # 10 - 8 = 2 is nearer 2.2 than 10 - 6 = 4


def test_target_out_of_range_is_reported_not_found():
    root, _, found = find_root(lambda v: Evaluation(v, v, 0.01, 10), 0, 1, 5.0)
    assert not found and root == 1.0


def test_planted_minimum():
    best, _ = find_min(_noisy(lambda v: 0.01 + 0.02 * (v - 3.3) ** 2, seed=2), 0, 8)
    assert abs(best - 3.3) < 0.3
    best_i, _ = find_min(lambda v: Evaluation(v, abs(v - 5), 0.01, 10), 0, 20, integer=True)
    assert best_i == 5.0


@pytest.mark.parametrize("text, kind, entity, value", [
    ("seat_spread=0.01", "seat_spread", None, 0.01),
    ("win_share:farmer=0.3", "win_share", "farmer", 0.3),
    ("score_margin:seat 2=-1.5", "score_margin", "seat 2", -1.5),
])
def test_parse_target(text, kind, entity, value):
    t = parse_target(text)
    assert (t.kind, t.entity, t.value) == (kind, entity, value)


@pytest.mark.parametrize("text, msg", [("spread=0.1", "unknown target"),
                                       ("win_share", "KIND=VALUE"),
                                       ("win_share=2", "between 0 and 1"),
                                       ("seat_spread:farmer=0.1", "no entity")])
def test_parse_target_errors(text, msg):
    with pytest.raises(SimlabError, match=msg):
        parse_target(text)


def test_balance_last_seat_starting_jelly(tmp_path):
    """Identical greedy bots: the fourth seat's win share rises with its starting jelly, and
    equal seats (25%) come at the rulebook's 2 jelly."""
    sc = {"name": "b", "game": "jelly", "players": 4, "bots": "greedy", "seed": 2,
          "games": 3000}
    res = balance(sc, "rules.seat_starting_jelly.3", "win_share:seat 4=0.25",
                  value_range=(0, 6), progress=False, work_dir=tmp_path)
    assert res.met and res.integer and res.value == 2.0
    assert res.lo <= 2.0 <= res.hi
    resp = [e["response"] for e in res.evaluations]
    assert resp == sorted(resp)  # more jelly, more wins (same games at every value)
    assert abs(res.response - 0.25) < 4 * math.sqrt(0.25 * 0.75 / 3000)
    html = balance_report(res, tmp_path / "balance.html")
    assert "Response of the win share of seat 4" in html.read_text() or html.exists()
    again = balance(sc, "rules.seat_starting_jelly.3", "win_share:seat 4=0.25",
                    value_range=(0, 6), progress=False, work_dir=tmp_path)
    assert again.resumed == len(again.evaluations) and again.value == res.value


@pytest.mark.parametrize("param, target, rng, msg", [
    ("rules.layout", "seat_spread=0.02", None, "not a numeric rule"),
    ("nonsense.path.x.y", "seat_spread=0.02", None, "unknown rule"),
    ("bot.9.cancel", "win_share=0.3", None, "seat must be"),
    ("rules.timer_seconds", "seat_spread=0.02", (3, 1), "LO < HI"),
])
def test_balance_bad_input(param, target, rng, msg):
    sc = {"name": "b", "game": "jelly", "players": 4, "bots": "greedy", "seed": 2,
          "games": 100}
    with pytest.raises(SimlabError, match=msg):
        balance(sc, param, target, value_range=rng, progress=False)
