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

    # 6. the explanation (where points came from, what was chosen, how games ended)
    if getattr(game, "explains", False):
        check_explanation(game, agg, rows, n_games)

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


def check_explanation(game, agg: dict, rows: dict, n_games: int) -> None:
    """The explanation rows and aggregates of a batch (``Game.score_sources`` and the rest):
    every key and shape there, the sources summing to each seat's score, the rows adding up to
    the aggregates, every game's end named and its length positive."""
    p = rows["score"].shape[1]
    shapes = {"src": (p, len(game.score_sources)), "choice": (p, len(game.choice_names)),
              "ends": (len(game.end_names),), "length": (2,)}
    for k, shape in shapes.items():
        if k not in agg or np.asarray(agg[k]).shape != shape:
            raise ConformanceError(f"explanation aggregate {k!r}: expected shape {shape}, got "
                                   f"{np.asarray(agg[k]).shape if k in agg else 'none'}")
    for k in ("src", "choice"):
        if k not in game.seat_keys:
            raise ConformanceError(f"explanation aggregate {k!r} must be a seat key")
    rshapes = {"length": (n_games,), "end": (n_games,),
               "source": (n_games, p, len(game.score_sources)),
               "choice": (n_games, p, len(game.choice_names))}
    for k, shape in rshapes.items():
        if k not in rows or np.asarray(rows[k]).shape != shape:
            raise ConformanceError(f"explanation row {k!r}: expected shape {shape}, got "
                                   f"{np.asarray(rows[k]).shape if k in rows else 'none'}")
    src = np.asarray(rows["source"])
    bad = np.nonzero((src.sum(axis=2) != rows["score"]).any(axis=1))[0]
    if len(bad):
        g = int(bad[0])
        raise ConformanceError(f"game {g}: points by source {src[g].tolist()} do not sum to "
                               f"the scores {rows['score'][g].tolist()}")
    if not np.array_equal(src.sum(axis=0), np.asarray(agg["src"])):
        raise ConformanceError("points by source: the rows do not add up to the aggregates")
    if not np.array_equal(np.asarray(rows["choice"]).sum(axis=0), np.asarray(agg["choice"])):
        raise ConformanceError("choices: the rows do not add up to the aggregates")
    if (np.asarray(rows["choice"]) < 0).any():
        raise ConformanceError("choices: a negative count")
    end = np.asarray(rows["end"])
    if ((end < 0) | (end >= len(game.end_names))).any():
        raise ConformanceError(f"a game's end {int(end[(end < 0) | (end >= len(game.end_names))][0])}"
                               f" is not one of {game.end_names}")
    counts = np.bincount(end, minlength=len(game.end_names))
    if not np.array_equal(counts, np.asarray(agg["ends"])):
        raise ConformanceError(f"ends: the rows count {counts.tolist()}, the aggregates "
                               f"{np.asarray(agg['ends']).tolist()}")
    length = np.asarray(rows["length"], dtype=np.int64)
    if (length < 1).any():
        raise ConformanceError(f"game {int(np.nonzero(length < 1)[0][0])} has length < 1")
    if list(np.asarray(agg["length"])) != [int(length.sum()), int((length ** 2).sum())]:
        raise ConformanceError("length: the rows do not add up to the aggregates")


# --------------------------------------------------------------------------- bot fairness
# A bot treats its opponents by what they hold, never by where they sit. Two checks:
# ``check_seat_symmetry`` where the rules make the seats symmetric (the opponents' win shares
# must be equal), ``check_even_split`` on hand-built positions where two opponents are in
# identical situations (the bot's choice between them must split evenly over seeded games).


class FairnessError(AssertionError):
    """A bot treats seats in identical situations differently; the message gives the figures."""


def homogeneity_p(counts, totals) -> float:
    """p-value of the chi-square test that the success shares ``counts / totals`` are equal."""
    from scipy.stats import chi2_contingency

    counts = np.asarray(counts, dtype=float)
    totals = np.asarray(totals, dtype=float)
    table = np.stack([counts, totals - counts])
    if (table.sum(axis=1) == 0).any():
        return 1.0
    return float(chi2_contingency(table, correction=False)[1])


def detectable_difference(n: int, share: float, alpha: float, k: int) -> float:
    """The spread of shares (max - min, two seats apart by it, the rest in between) that the
    chi-square test of ``k`` seats with ``n`` games each rejects at ``alpha`` half the time."""
    from scipy.stats import chi2

    crit = chi2.ppf(1.0 - alpha, k - 1)  # the noncentrality rejected half the time is ~crit
    var = max(share * (1.0 - share), 1e-9)
    # two seats at -delta/2 and +delta/2: noncentrality n * delta^2 / (2 var)
    return float(np.sqrt(2.0 * var * crit / n))


def check_seat_symmetry(game, rules, x: str, y: str, n_games: int, seed: int,
                        alpha: float = 1e-6, batch: int = 5000) -> dict:
    """Bot ``x`` in seat 1, bot ``y`` in every other seat, seats not rotated: the ``y`` seats'
    win shares (a shared win counts for each winner) must be equal (chi-square at ``alpha``).

    For games whose rules make the seats symmetric (Jelly's simultaneous rounds); a bot that
    breaks ties by seat index or loop order fails it. Returns the shares, the p-value and the
    difference the run could see; raises :class:`FairnessError`.
    """
    n_p = rules.players
    lineup = game.lineup([x] + [y] * (n_p - 1), n_p)
    prepared = game.prepare(rules, lineup)
    wins = np.zeros(n_p, dtype=np.int64)
    done = 0
    while done < n_games:
        k = min(batch, n_games - done)
        agg, _ = game.run_batch(prepared, seed, done, k, False)
        wins += np.asarray(agg["wins"])[:, 1:].sum(axis=1)
        done += k
    ys = wins[1:]
    p = homogeneity_p(ys, np.full(len(ys), n_games))
    shares = wins / n_games
    see = detectable_difference(n_games, float(shares[1:].mean()), alpha, len(ys))
    out = {"x": x, "y": y, "games": n_games, "shares": shares.tolist(), "p": p,
           "detectable": see}
    if p < alpha:
        raise FairnessError(f"{x} in seat 1 against {y}: the {y} seats win "
                            f"{', '.join(f'{s:.1%}' for s in shares[1:])} over {n_games} games "
                            f"(chi-square p = {p:.2g} < {alpha:g}): it treats them by seat")
    return out


def check_even_split(choices, options, alpha: float = 1e-6, what: str = "choice") -> dict:
    """Choices a bot made between ``options`` (opponents, slots...) in identical situations over
    seeded repetitions: each must be one of the options, every option must occur, and the
    counts must fit an even split (chi-square goodness of fit at ``alpha``)."""
    from scipy.stats import chisquare

    choices = [int(c) for c in choices]
    options = [int(o) for o in options]
    bad = sorted({c for c in choices if c not in options})
    if bad:
        raise FairnessError(f"{what}: chose {bad}, none of the symmetric options {options}")
    counts = np.array([choices.count(o) for o in options], dtype=float)
    p = float(chisquare(counts)[1]) if counts.sum() > 0 else 0.0
    out = {"options": options, "counts": counts.astype(int).tolist(), "p": p}
    if (counts == 0).any() or p < alpha:
        raise FairnessError(f"{what}: between identical options {options} the bot chose "
                            f"{counts.astype(int).tolist()} times over {len(choices)} seeded "
                            f"repetitions (p = {p:.2g}): not an even split")
    return out
