"""The conformance harness every game's tests call (in the spirit of pgx's ``api_test``).

``check_conformance(game, rules, lineup)`` plays seeded games and fails with a readable message
unless:

1. every game ends within its bound and the game's invariants hold (``game.invariants``);
2. the same (seed, game) replays identically, alone or inside any batch;
3. aggregates do not depend on how the games are cut into batches;
4. the kernel and the reference engine agree game for game (scores, winners, every counter);
5. the winners are exactly the players with the top score, and win counters add up.
"""

from __future__ import annotations

import numpy as np


class ConformanceError(AssertionError):
    """A game broke the contract; the message says which check and which game."""


def _agg_equal(a: dict, b: dict) -> list[str]:
    return [k for k in a if not np.array_equal(np.asarray(a[k]), np.asarray(b[k]))]


def _add(total: dict | None, part: dict) -> dict:
    if total is None:
        return {k: np.array(v, copy=True) for k, v in part.items()}
    for k in total:
        total[k] = total[k] + part[k]
    return total


def check_conformance(game, rules, lineup, n_games: int = 200, seed: int = 12345,
                      n_reference: int | None = None) -> dict:
    """Run all checks on ``n_games`` games; ``n_reference`` of them against the reference.

    Returns the aggregate dict of the run (for further test-specific checks).
    """
    prepared = game.prepare(rules, lineup)
    agg, rows = game.run_batch(prepared, seed, 0, n_games, True)

    # 1. bounds and invariants
    problems = game.invariants(agg, n_games, rules)
    if problems:
        raise ConformanceError("invariants broken: " + "; ".join(problems))

    # 5. winners are the top scores (where the game says so), and win counters add up
    scores, winners = rows["score"], rows["winner"]
    if game.winners_are_top_scores:
        top = scores.max(axis=1, keepdims=True)
        if not np.array_equal(winners, scores == top):
            bad = int(np.nonzero((winners != (scores == top)).any(axis=1))[0][0])
            raise ConformanceError(f"game {bad}: winners {winners[bad]} are not the top "
                                   f"scores {scores[bad]}")
    n_won = int(winners.any(axis=1).sum())
    if game.always_has_winner(rules) and n_won != n_games:
        raise ConformanceError(f"{n_games - n_won} games have no winner")
    wins = np.asarray(agg["wins"])
    k = np.arange(wins.shape[1], dtype=float)
    k[0] = np.inf
    if not np.isclose((wins / k).sum(), n_won):
        raise ConformanceError(f"win shares add up to {(wins / k).sum()} over {n_won} games "
                               f"with a winner")
    per_game_k = winners.sum(axis=1)
    for kk in range(1, wins.shape[1]):
        if int(wins[:, kk].sum()) != int(kk * (per_game_k == kk).sum()):
            raise ConformanceError(f"{kk}-way win counters disagree with the per-game rows")
    if not np.array_equal(np.asarray(agg["score_sum"]), scores.sum(axis=0)):
        raise ConformanceError("score sums in the aggregates differ from the per-game rows")

    # 2. replay: the same (seed, game) alone gives the same game
    for g in sorted({0, n_games // 2, n_games - 1}):
        _, one = game.run_batch(prepared, seed, g, 1, True)
        if not np.array_equal(one["score"][0], scores[g]):
            raise ConformanceError(f"game {g} replayed alone gives {one['score'][0]}, "
                                   f"in the batch {scores[g]}")
    agg2, rows2 = game.run_batch(prepared, seed, 0, n_games, True)
    if _agg_equal(agg, agg2) or not np.array_equal(rows2["score"], scores):
        raise ConformanceError("the same run twice gives different results")

    # 3. batching does not matter
    cut = max(1, n_games // 3)
    parts = None
    for s, c in ((0, cut), (cut, n_games - cut)):
        if c > 0:
            parts = _add(parts, game.run_batch(prepared, seed, s, c, False)[0])
    diff = _agg_equal(agg, parts)
    if diff:
        raise ConformanceError(f"aggregates depend on batching: {', '.join(diff)}")

    # 4. kernel and reference agree game for game
    n_ref = n_games if n_reference is None else min(n_reference, n_games)
    for g in range(n_ref):
        r_scores, r_winners, r_agg, _ = game.reference_game(prepared, seed, g)
        k_agg, k_rows = game.run_batch(prepared, seed, g, 1, True)
        if list(map(int, r_scores)) != list(map(int, k_rows["score"][0])):
            raise ConformanceError(f"game {g} of seed {seed}: kernel scores "
                                   f"{list(k_rows['score'][0])}, reference {list(r_scores)}")
        if list(map(bool, r_winners)) != list(map(bool, k_rows["winner"][0])):
            raise ConformanceError(f"game {g} of seed {seed}: winners differ")
        diff = _agg_equal(k_agg, r_agg)
        if diff:
            raise ConformanceError(f"game {g} of seed {seed}: kernel and reference differ in "
                                   f"{', '.join(diff)}: "
                                   + "; ".join(f"{d}: {k_agg[d]} vs {r_agg[d]}" for d in diff))
    return agg
