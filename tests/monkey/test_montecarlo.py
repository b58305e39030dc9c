"""Monte Carlo figures of the Monkey kernel against exact values, with binomial tolerances at a
tiny p (alpha = 1e-9) and fixed seeds.

With identical bots in every seat the seat win shares are NOT equal (the first player moves
first towards a row), so the exact facts checked here are about the deal: the first hand of
seat 1 is a uniformly random 4-card subset of the deck, and in the solo variant that hand has
no playable card exactly when no subset of 1-4 of its cards sums to an inner-square field.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest

from simlab.core.stats import binomial_tolerance
from simlab.games.monkey.game import GAME
from simlab.games.monkey.state import COUNTER_NAMES

pytestmark = pytest.mark.slow  # a long statistical run (make test runs it)

ALPHA = 1e-9


def exact_unplayable(deck_counts, fields, hand=4):
    """P(no subset of a random ``hand``-card hand sums to a number in ``fields``): exact
    enumeration of the hand's value multiset with hypergeometric weights."""
    values = [v + 1 for v, c in enumerate(deck_counts) for _ in range(c)]
    n = len(values)
    total = 0
    bad = 0
    # enumerate multisets of values via combinations of card positions, grouped by values
    seen = {}
    for idx in combinations(range(n), hand):
        key = tuple(values[i] for i in idx)
        seen[key] = seen.get(key, 0) + 1
    for key, w in seen.items():
        total += w
        sums = {sum(s) for k in range(1, hand + 1) for s in combinations(key, k)}
        if not sums & fields:
            bad += w
    assert total == comb(n, hand)
    return bad / total


@pytest.mark.parametrize("layout,inner", [
    ("spiral", set(range(21, 37))),
    ("row-major", {8, 9, 10, 11, 14, 15, 16, 17, 20, 21, 22, 23, 26, 27, 28, 29}),
])
def test_first_solo_hand_unplayable_matches_exact_odds(layout, inner):
    rules = GAME.make_rules(1, {"layout": layout})
    # the first hand is dealt (and counted) before any bot chooses, so the quick random bot
    # plays the rest of each game (the solo planner's lookahead would take 40 s here)
    prep = GAME.prepare(rules, GAME.lineup("random", 1))
    n = 100_000
    agg, _ = GAME.run_batch(prep, 31, 0, n, False)
    freq = agg["counters"][COUNTER_NAMES.index("first_hand_unplayable")] / n
    p = exact_unplayable(rules.deck, inner)
    assert abs(freq - p) <= binomial_tolerance(p, n, ALPHA)


def test_first_hand_with_a_small_deck_of_high_cards():
    # deck: five 20s and five 30s, max 4 cards: the first hand (4 of 10 cards) is unplayable
    # in a normal game exactly when... every single card (20 or 30) is a field: never. In the
    # solo row-major board 20 is inner and 30 is not: unplayable iff no 20 and no 10+...;
    # sums of 30s are 30, 60, ... -> unplayable iff the hand is four 30s: C(5,4)/C(10,4).
    deck = [0] * 36
    deck[19] = 5
    deck[29] = 5
    rules = GAME.make_rules(1, {"layout": "row-major", "deck": ",".join(map(str, deck))})
    prep = GAME.prepare(rules, GAME.lineup("random", 1))   # counted before any choice
    n = 60_000
    agg, _ = GAME.run_batch(prep, 3, 0, n, False)
    freq = agg["counters"][COUNTER_NAMES.index("first_hand_unplayable")] / n
    p = comb(5, 4) / comb(10, 4)
    assert abs(freq - p) <= binomial_tolerance(p, n, ALPHA)


def test_every_field_is_equally_likely_first_for_a_random_bot_is_not_assumed():
    # a sanity figure that IS exact: in the normal game every 1-card play is legal on turn 1,
    # and a random bot picks uniformly among legal subsets; the first placement is always made
    # (no first hand is unplayable with cards 1..10)
    rules = GAME.make_rules(2)
    prep = GAME.prepare(rules, GAME.lineup("random", 2))
    agg, _ = GAME.run_batch(prep, 4, 0, 20_000, False)
    assert agg["counters"][COUNTER_NAMES.index("first_hand_unplayable")] == 0
