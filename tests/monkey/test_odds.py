"""Tests for the exact Monkey Fun field-reach odds (simlab.games.monkey.odds)."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simlab.core.stats import binomial_tolerance
from simlab.errors import SimlabError
from simlab.games.monkey.odds import (
    DEFAULT_DECK,
    format_reach_table,
    reach_odds,
    subset_sums,
)
from tests.cli import run_cli

N_HANDS = math.comb(55, 4)  # 341,055


def p_of(result: dict, field: int) -> float:
    rows = [row for row in result["fields"] if row["field"] == field]
    assert len(rows) == 1, field
    return rows[0]["p_reachable"]


def deck_cards(counts) -> np.ndarray:
    """One entry per card: its value."""
    return np.repeat(np.arange(1, len(counts) + 1), counts)


def brute_subset_sums(hand, max_cards: int = 4) -> set[int]:
    return {sum(c) for k in range(1, min(max_cards, len(hand)) + 1)
            for c in itertools.combinations(hand, k)}


def subset_sum_matrix(hands: np.ndarray, max_cards: int = 4) -> np.ndarray:
    """Totals of every subset of 1..max_cards cards of each hand: shape (hands, subsets)."""
    size = hands.shape[1]
    cols = [hands[:, list(c)].sum(axis=1) for k in range(1, min(max_cards, size) + 1)
            for c in itertools.combinations(range(size), k)]
    return np.stack(cols, axis=1)


def reach_counts(sums: np.ndarray, top: int) -> np.ndarray:
    """Number of hands (rows of ``sums``) reaching each total 0..top."""
    counts = np.zeros(top + 1, dtype=np.int64)
    for s in range(1, top + 1):
        counts[s] = int(np.any(sums == s, axis=1).sum())
    return counts


# --- a given hand -----------------------------------------------------------------------------


def test_hand_reaches_exactly_its_subset_sums():
    hand = [3, 5, 7, 7]
    result = reach_odds(hand=hand)
    expected = brute_subset_sums(hand)
    assert expected == {3, 5, 7, 8, 10, 12, 14, 15, 17, 19, 22}
    reached = {row["field"] for row in result["fields"] if row["p_reachable"] == 1.0}
    assert reached == expected
    assert all(row["p_reachable"] in (0.0, 1.0) for row in result["fields"])
    assert result["hand"] == hand
    assert result["expected_fields_reachable"] == len(expected)
    assert result["p_no_play"] == 0.0
    # every board field is listed, even the unreachable ones
    assert [row["field"] for row in result["fields"]] == list(range(1, 37))
    assert all(row["on_board"] for row in result["fields"])


def test_hand_max_cards_limits_the_subsets():
    hand = [1, 2, 3, 4]
    assert {r["field"] for r in reach_odds(hand=hand, max_cards=1)["fields"]
            if r["p_reachable"]} == {1, 2, 3, 4}
    assert {r["field"] for r in reach_odds(hand=hand, max_cards=2)["fields"]
            if r["p_reachable"]} == brute_subset_sums(hand, 2)
    assert p_of(reach_odds(hand=hand, max_cards=2), 10) == 0.0
    assert p_of(reach_odds(hand=hand), 10) == 1.0


def test_hand_beyond_the_board_has_no_play():
    result = reach_odds(hand=[9, 10], n_fields=8)
    assert result["p_no_play"] == 1.0
    assert result["expected_fields_reachable"] == 0.0
    off = [row["field"] for row in result["fields"] if not row["on_board"]]
    assert off == list(range(9, 20))
    assert p_of(result, 19) == 1.0


def test_hand_of_four_tens_reaches_forty_off_the_board():
    result = reach_odds(hand=[10, 10, 10, 10])
    assert {r["field"] for r in result["fields"] if r["p_reachable"]} == {10, 20, 30, 40}
    assert not [r for r in result["fields"] if r["field"] == 40][0]["on_board"]
    assert result["expected_fields_reachable"] == 3.0


def test_subset_sums_bitmask():
    mask = subset_sums([3, 5, 7, 7])
    assert {s for s in range(mask.bit_length()) if mask >> s & 1} == \
        brute_subset_sums([3, 5, 7, 7])
    assert subset_sums([]) == 0
    assert subset_sums([2, 2], max_cards=1) == 1 << 2


# --- a fresh hand: formulas -------------------------------------------------------------------


def test_field_one_needs_the_single_one():
    # 1 - P(no card of value 1 in 4 draws from 55 with one 1) = 1 - C(54, 4) / C(55, 4) = 4/55
    result = reach_odds()
    assert p_of(result, 1) == pytest.approx(4 / 55, abs=1e-15)
    assert p_of(result, 1) == float(1 - Fraction(math.comb(54, 4), N_HANDS))


def test_field_two_needs_a_two():
    # 1 + 1 is impossible with a single 1, so field 2 needs one of the two 2s
    assert p_of(reach_odds(), 2) == pytest.approx(1 - math.comb(53, 4) / N_HANDS, abs=1e-15)


def test_top_fields_hand_computed():
    result = reach_odds()
    assert p_of(result, 40) == pytest.approx(math.comb(10, 4) / N_HANDS, abs=1e-15)
    assert p_of(result, 39) == pytest.approx(math.comb(10, 3) * 9 / N_HANDS, abs=1e-15)
    assert len(result["fields"]) == 40
    assert [row["field"] for row in result["fields"]] == list(range(1, 41))
    assert [row["on_board"] for row in result["fields"]] == [True] * 36 + [False] * 4


def test_single_card_plays_hand_computed():
    # max_cards = 1: field s <= 10 is reached iff a card of value s is drawn
    result = reach_odds(max_cards=1)
    for s in range(1, 11):
        expected = 1 - Fraction(math.comb(55 - s, 4), N_HANDS)
        assert p_of(result, s) == float(expected), s
    assert all(row["p_reachable"] == 0.0 for row in result["fields"][10:])


def test_hand_size_one():
    result = reach_odds(hand_size=1)
    for s in range(1, 11):
        assert p_of(result, s) == pytest.approx(s / 55, abs=1e-15)
    assert result["expected_fields_reachable"] == pytest.approx(1.0, abs=1e-12)


def test_probabilities_are_valid_and_consistent():
    result = reach_odds()
    ps = np.array([row["p_reachable"] for row in result["fields"]])
    assert np.all(ps >= 0) and np.all(ps <= 1)
    assert ps.sum() >= 0
    board = ps[:36]
    assert result["expected_fields_reachable"] == pytest.approx(board.sum(), abs=1e-12)
    assert result["p_no_play"] == 0.0  # every card value is itself a board field
    assert result["deck"] == list(DEFAULT_DECK)
    assert result["hand"] is None


def test_more_cards_never_reach_less():
    previous = None
    for k in range(1, 5):
        ps = np.array([row["p_reachable"] for row in reach_odds(max_cards=k)["fields"]])
        if previous is not None:
            assert np.all(ps[: len(previous)] >= previous - 1e-15)
        previous = ps


def test_uniform_deck_of_threes():
    result = reach_odds([0, 0, 4])
    assert {r["field"] for r in result["fields"] if r["p_reachable"] == 1.0} == {3, 6, 9, 12}
    assert sum(r["p_reachable"] for r in result["fields"]) == 4.0


def test_no_play_with_high_cards_on_a_small_board():
    # deck: one 1 and nine 5s; board fields 1..4: only the 1 can be played
    result = reach_odds([1, 0, 0, 0, 9], n_fields=4)
    assert result["p_no_play"] == pytest.approx(math.comb(9, 4) / math.comb(10, 4), abs=1e-15)
    assert result["expected_fields_reachable"] == pytest.approx(4 / 10, abs=1e-15)


# --- a fresh hand: brute force and Monte Carlo ------------------------------------------------


def test_default_deck_matches_brute_force_over_every_hand():
    values = deck_cards(DEFAULT_DECK)
    hands = values[np.array(list(itertools.combinations(range(55), 4)), dtype=np.int64)]
    assert len(hands) == N_HANDS
    sums = subset_sum_matrix(hands)
    counts = reach_counts(sums, 40)
    result = reach_odds()
    assert len(result["fields"]) == 40
    for row in result["fields"]:
        s = row["field"]
        assert row["p_reachable"] == float(Fraction(int(counts[s]), N_HANDS)), s
    on_board = sum(int(counts[s]) for s in range(1, 37))
    assert result["expected_fields_reachable"] == float(Fraction(on_board, N_HANDS))
    assert sums.max() == 40


@settings(deadline=None, max_examples=40)
@given(
    deck=st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=7).filter(
        lambda d: sum(d) >= 1),
    hand_size=st.integers(min_value=1, max_value=5),
    max_cards=st.integers(min_value=1, max_value=5),
    n_fields=st.integers(min_value=1, max_value=12),
)
def test_small_decks_match_brute_force(deck, hand_size, max_cards, n_fields):
    hand_size = min(hand_size, sum(deck))
    values = deck_cards(deck)
    total = math.comb(len(values), hand_size)
    reached = []
    for idx in itertools.combinations(range(len(values)), hand_size):
        reached.append(brute_subset_sums([int(values[i]) for i in idx], max_cards))
    top = max(max(r) for r in reached)
    result = reach_odds(deck, max_cards=max_cards, hand_size=hand_size, n_fields=n_fields)
    assert [row["field"] for row in result["fields"]] == list(range(1, max(top, n_fields) + 1))
    for row in result["fields"]:
        count = sum(row["field"] in r for r in reached)
        assert row["p_reachable"] == float(Fraction(count, total))
        assert row["on_board"] == (row["field"] <= n_fields)
    board = set(range(1, n_fields + 1))
    fields_sum = sum(len(r & board) for r in reached)
    no_play = sum(not (r & board) for r in reached)
    assert result["expected_fields_reachable"] == float(Fraction(fields_sum, total))
    assert result["p_no_play"] == float(Fraction(no_play, total))


def test_monte_carlo():
    n_hands = 200_000
    rng = np.random.default_rng(20240611)
    values = deck_cards(DEFAULT_DECK)
    idx = np.argpartition(rng.random((n_hands, 55)), 4, axis=1)[:, :4]  # 4 distinct cards
    counts = reach_counts(subset_sum_matrix(values[idx]), 40)
    result = reach_odds()
    for row in result["fields"]:
        p = row["p_reachable"]
        freq = counts[row["field"]] / n_hands
        assert abs(freq - p) <= binomial_tolerance(p, n_hands, alpha=1e-9), row["field"]


# --- validation -------------------------------------------------------------------------------


@pytest.mark.parametrize("hand", [[0, 5], [11], [1, 1], [1, 2, 3, 4, 5], [], [2.5], ["3"],
                                  [True], "37", 7, [10, 10, 10, 10, 10]])
def test_bad_hand_raises(hand):
    with pytest.raises(SimlabError, match="--hand"):
        reach_odds(hand=hand)


def test_bad_hand_message_says_what_is_expected():
    with pytest.raises(SimlabError, match=r"1 to 4 card values, each 1\.\.10") as info:
        reach_odds(hand=[1, 1])
    assert "2 cards of value 1" in str(info.value)
    assert "holds 1" in str(info.value)
    with pytest.raises(SimlabError, match=r"1\.\.3"):
        reach_odds([1, 1, 1], hand=[4])
    assert issubclass(SimlabError, ValueError)


def test_hand_checked_against_a_custom_deck():
    assert reach_odds([0, 4], hand=[2, 2, 2, 2])["expected_fields_reachable"] == 4.0
    with pytest.raises(SimlabError, match="--hand"):
        reach_odds([0, 4], hand=[1])


@pytest.mark.parametrize("deck", [[], [0, 0], [-1, 3], [1.5], "1,2", 5, [5001], [1] * 37])
def test_bad_deck_raises(deck):
    with pytest.raises(SimlabError, match="--deck"):
        reach_odds(deck)


@pytest.mark.parametrize(("kwargs", "option"), [
    ({"max_cards": 0}, "--max-cards"),
    ({"deck_counts": [2] * 20, "hand_size": 6}, "--hand-size"),
    ({"max_cards": 2.0}, "--max-cards"),
    ({"hand_size": 0}, "--hand-size"),
    ({"hand_size": 9}, "--hand-size"),
    ({"deck_counts": [2], "hand_size": 3}, "--hand-size"),
    ({"n_fields": 0}, "n_fields"),
])
def test_bad_settings_raise(kwargs, option):
    with pytest.raises(SimlabError, match=option):
        reach_odds(**kwargs)


def test_result_is_json_serialisable():
    result = reach_odds(hand=[3, 5, 7, 7])
    assert json.loads(json.dumps(result)) == result


# --- format_reach_table -----------------------------------------------------------------------


def test_format_reach_table_fresh_hand():
    result = reach_odds()
    text = format_reach_table(result)
    assert "55 cards" in text
    assert "fresh hand of 4 cards" in text
    assert f"{100 * p_of(result, 1):.2f}%" in text
    assert "(off the board)" in text
    assert f"{result['expected_fields_reachable']:.2f} of 36" in text
    assert not text.endswith("\n")
    lines = text.splitlines()
    assert len(lines) == 3 + 40 + 2


def test_format_reach_table_hand_has_full_bars():
    text = format_reach_table(reach_odds(hand=[3, 5, 7, 7]))
    assert "3, 5, 7, 7" in text
    row = next(line for line in text.splitlines() if line.split()[:1] == ["22"])
    assert "100.00%" in row and "#" * 25 in row
    row = next(line for line in text.splitlines() if line.split()[:1] == ["21"])
    assert "0.00%" in row and "#" not in row


# --- CLI --------------------------------------------------------------------------------------


def odds_cli(*args):
    return run_cli("odds", "monkey", *args)


def test_cli_json_fresh_hand():
    proc = odds_cli("--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert {"fields", "expected_fields_reachable", "p_no_play"} <= set(data)
    assert data["hand"] is None
    assert [row["field"] for row in data["fields"]] == list(range(1, 41))
    assert all({"field", "p_reachable"} <= set(row) for row in data["fields"])
    assert data["fields"][0]["p_reachable"] == pytest.approx(4 / 55, abs=1e-15)


def test_cli_json_hand():
    proc = odds_cli("--hand", "3,5,7,7", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["hand"] == [3, 5, 7, 7]
    assert {row["field"] for row in data["fields"] if row["p_reachable"] == 1.0} == \
        brute_subset_sums([3, 5, 7, 7])
    assert data["expected_fields_reachable"] == 11.0
    assert data["p_no_play"] == 0.0


def test_cli_table():
    proc = odds_cli("--hand", "3,5,7,7")
    assert proc.returncode == 0, proc.stderr
    assert "Expected board fields reachable: 11.00 of 36" in proc.stdout


@pytest.mark.parametrize("hand", ["0,5", "11", "1,1", "a", "1,2,3,4,5", ","])
def test_cli_bad_hand_exits_2(hand):
    proc = odds_cli("--hand", hand)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("simlab: error:")
    assert "--hand" in lines[0]


def test_cli_bad_deck_exits_2():
    proc = odds_cli("--deck", "0,0")
    assert proc.returncode == 2
    assert "--deck" in proc.stderr
