"""Tests for the exact Jelly Monster district odds (simlab.games.jelly.odds)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simlab.core.stats import binomial_tolerance
from simlab.errors import SimlabError
from simlab.games.jelly.odds import (
    control_odds,
    format_odds_table,
    surviving_total_distribution,
)

FACES = np.arange(1, 7)


def brute_surviving_total(dice) -> int:
    """Sum of the values shown by exactly one die (values shown twice or more cancel)."""
    counts = Counter(dice)
    return sum(value for value, count in counts.items() if count == 1)


def brute_control_odds(mine: int, theirs: list[int]) -> dict:
    """Exact odds as fractions by listing every ordered outcome of every die."""
    sizes = [mine, *theirs]
    n_dice = sum(sizes)
    control_alone = tie = total_sum = Fraction(0)
    weight = Fraction(1, 6**n_dice)
    for outcome in itertools.product(range(1, 7), repeat=n_dice):
        groups, start = [], 0
        for size in sizes:
            groups.append(outcome[start : start + size])
            start += size
        my_total = brute_surviving_total(groups[0])
        best_other = max((brute_surviving_total(g) for g in groups[1:]), default=-1)
        total_sum += my_total * weight
        if my_total > 0 and my_total > best_other:
            control_alone += weight
        elif my_total > 0 and my_total == best_other:
            tie += weight
    return {"control_alone": control_alone, "tie": tie, "mean_total": total_sum}


def simulated_totals(rng: np.random.Generator, n_games: int, n_dice: int) -> np.ndarray:
    """Surviving totals of ``n_dice`` random dice in each of ``n_games`` games (vectorised)."""
    dice = rng.integers(1, 7, size=(n_games, n_dice))
    counts = (dice[:, :, None] == FACES).sum(axis=1)  # shape (n_games, 6)
    return ((counts == 1) * FACES).sum(axis=1)


# --- surviving_total_distribution ------------------------------------------------------------


@pytest.mark.parametrize("n", range(9))
def test_pmf_sums_to_one(n):
    pmf = surviving_total_distribution(n)
    assert pmf.shape == (22,)
    assert np.all(pmf >= 0)
    assert pmf.sum() == pytest.approx(1.0, abs=1e-12)


def test_pmf_zero_dice_is_all_at_zero():
    pmf = surviving_total_distribution(0)
    assert pmf[0] == 1.0
    assert pmf[1:].sum() == 0.0


def test_pmf_one_die_is_uniform_on_1_to_6():
    pmf = surviving_total_distribution(1)
    assert pmf[0] == 0.0
    np.testing.assert_allclose(pmf[1:7], np.full(6, 1 / 6), rtol=0, atol=1e-15)
    assert pmf[7:].sum() == 0.0


def test_pmf_two_dice_hand_computed():
    pmf = surviving_total_distribution(2)
    assert pmf[0] == pytest.approx(1 / 6, abs=1e-15)  # doubles cancel
    assert pmf[3] == pytest.approx(2 / 36, abs=1e-15)  # (1, 2), (2, 1)
    assert pmf[7] == pytest.approx(6 / 36, abs=1e-15)  # (1,6) (6,1) (2,5) (5,2) (3,4) (4,3)
    assert pmf[11] == pytest.approx(2 / 36, abs=1e-15)  # (5, 6), (6, 5)
    assert pmf[2] == 0.0  # a 1 and a 1 cancel; no other way to make 2 with two dice
    assert pmf[12:].sum() == 0.0


@pytest.mark.parametrize("n", range(5))
def test_pmf_matches_enumeration(n):
    expected = np.zeros(22)
    for outcome in itertools.product(range(1, 7), repeat=n):
        expected[brute_surviving_total(outcome)] += 1
    expected /= 6**n
    np.testing.assert_allclose(surviving_total_distribution(n), expected, rtol=0, atol=1e-15)


def test_pmf_returns_fresh_array():
    pmf = surviving_total_distribution(3)
    pmf[:] = -1.0
    assert surviving_total_distribution(3).sum() == pytest.approx(1.0, abs=1e-12)


# --- control_odds --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        (1, [2]),
        (2, [2]),
        (3, [2]),
        (2, [1, 2]),
        (3, [1, 2]),
        (1, [3]),
        (3, [3]),
        (0, [2]),
        (2, [0]),
        (2, []),
    ],
)
def test_control_odds_match_brute_force(mine, theirs):
    exact = control_odds(mine, theirs)
    brute = brute_control_odds(mine, theirs)
    for key in ("control_alone", "tie", "mean_total"):
        assert exact[key] == pytest.approx(float(brute[key]), abs=1e-12), key
    assert exact["mine"] == mine
    assert exact["theirs"] == theirs


def test_control_odds_monte_carlo():
    mine, theirs, n_games = 4, [3, 5], 200_000
    exact = control_odds(mine, theirs)
    rng = np.random.default_rng(20240601)
    my_totals = simulated_totals(rng, n_games, mine)
    best_other = np.max([simulated_totals(rng, n_games, k) for k in theirs], axis=0)
    observed = {
        "control_alone": np.mean((my_totals > 0) & (my_totals > best_other)),
        "tie": np.mean((my_totals > 0) & (my_totals == best_other)),
        "p_zero": np.mean(my_totals == 0),
    }
    for key, freq in observed.items():
        p = exact[key]
        assert abs(freq - p) <= binomial_tolerance(p, n_games, alpha=1e-9), key


def test_symmetric_matchup():
    mine_side = control_odds(3, [3])
    other_side = control_odds(3, [3])
    assert mine_side["control_alone"] == pytest.approx(other_side["control_alone"], abs=1e-15)
    p_both_zero = mine_side["p_zero"] ** 2
    total = 2 * mine_side["control_alone"] + mine_side["tie"] + p_both_zero
    assert total == pytest.approx(1.0, abs=1e-12)


def test_asymmetric_sides_partition_outcomes():
    """P(I control alone) + P(they control alone) + P(tie) + P(both zero) = 1."""
    mine_side = control_odds(2, [4])
    other_side = control_odds(4, [2])
    assert mine_side["tie"] == pytest.approx(other_side["tie"], abs=1e-15)
    both_zero = mine_side["p_zero"] * other_side["p_zero"]
    total = mine_side["control_alone"] + other_side["control_alone"] + mine_side["tie"] + both_zero
    assert total == pytest.approx(1.0, abs=1e-12)


def test_no_opponents():
    result = control_odds(3, [])
    assert result["control_alone"] == pytest.approx(1 - result["p_zero"], abs=1e-15)
    assert result["tie"] == 0.0
    assert result["theirs"] == []


def test_no_dice_never_controls():
    result = control_odds(0, [1, 2])
    assert result["control_alone"] == 0.0
    assert result["tie"] == 0.0
    assert result["mean_total"] == 0.0
    assert result["p_zero"] == 1.0


def test_theirs_accepts_tuple_and_returns_list():
    result = control_odds(2, (1, 3))
    assert result["theirs"] == [1, 3]
    assert isinstance(result["control_alone"], float)


@pytest.mark.parametrize("mine", [-1, 31, 2.5, "3", None, True])
def test_bad_mine_raises(mine):
    with pytest.raises(SimlabError, match="--mine"):
        control_odds(mine, [2])


@pytest.mark.parametrize("theirs", [[-1], [31], [2, 1.5], ["2"], "23", 3, None, [False]])
def test_bad_theirs_raises(theirs):
    with pytest.raises(SimlabError, match="--theirs"):
        control_odds(2, theirs)


def test_error_message_says_what_was_expected():
    with pytest.raises(SimlabError, match=r"0 to 30"):
        control_odds(99, [])
    assert issubclass(SimlabError, ValueError)


@settings(deadline=None, max_examples=30)
@given(
    mine=st.integers(min_value=0, max_value=30),
    theirs=st.lists(st.integers(min_value=0, max_value=30), max_size=4),
)
def test_probabilities_are_valid(mine, theirs):
    result = control_odds(mine, theirs)
    for key in ("control_alone", "tie", "p_zero"):
        assert 0.0 <= result[key] <= 1.0, key
    assert result["control_alone"] + result["tie"] <= 1.0 + 1e-12
    assert 0.0 <= result["mean_total"] <= 21.0


# --- format_odds_table ---------------------------------------------------------------------


def test_format_odds_table():
    result = control_odds(4, [3, 5])
    text = format_odds_table(result)
    assert "3, 5" in text
    assert f"{100 * result['control_alone']:.2f}%" in text
    assert f"{100 * result['tie']:.2f}%" in text
    assert f"{100 * result['p_zero']:.2f}%" in text
    assert f"{result['mean_total']:.3f}" in text
    assert not text.endswith("\n")


def test_format_odds_table_no_opponents():
    text = format_odds_table(control_odds(1, []))
    assert "none" in text
    assert "100.00%" in text
    assert "3.500" in text
