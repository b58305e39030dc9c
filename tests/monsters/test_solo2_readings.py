"""Solo mode 2's three settable readings, each in both engines (the kernel's source run as plain
Python through the ``script`` fixture, and ``reference.py``), on hand-built positions:

- ``multi_ghost_matches``: "he scores Spook Juice for all of his Lord dice, Ghost tokens, and
  Monster figures that match the newly added Lord die" -- does a multi-coloured Ghost match?
- ``prophecy_plus_one``: what "Difficulty +1: Spider Jack gains any Spook Juice that you could
  have scored from your Prophecy Card, but didn't" pays at final scoring;
- ``court_ghosts_plus3``: how many Ghosts "Difficulty +3: Place 4 additional random Ghost
  Tokens" puts in his Court.

Then the kernel and the reference agree game for game with each non-default value (and the
value changes the results). Expected values are worked out by hand in the comments.
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.errors import SimlabError
from simlab.games.monsters import nb, solo
from simlab.games.monsters import reference_scoring as ref
from simlab.games.monsters import scoring as nbs
from simlab.games.monsters.actions import MULTI
from simlab.games.monsters.game import GAME
from simlab.games.monsters.reference import ReferenceGame
from simlab.games.monsters.rules import make_rules
from simlab.games.monsters.state import B_PROPHECY, I_GTOP, I_SJ_SCORE, I_UNSCORED

from .positions import B, G, P, Y, face, lineup, position, script
from .scoring_support import ARR, CARDS, card_index, grid, keep
from .test_reference_agreement import assert_agree

__all__ = ["script"]


def kernel(seed=1, **over):
    """A set-up solo-2 game in the kernel's code: ``(A, st, lu, rng)``."""
    return position(1, seed=seed, mode="solo2", **over)


def reference(seed=1, **over):
    """The same set-up game in the reference engine."""
    A = make_rules(1, {"mode": "solo2", **over}).to_arrays()
    g = ReferenceGame(A, lineup(["random"]), seed, 0)
    g.setup()
    return A, g


# ---------------------------------------------------------------- the options themselves
def test_options_are_validated_and_reach_the_arrays():
    A = make_rules(1, {"mode": "solo2"}).to_arrays()
    assert (A.multi_matches, A.prophecy_plus_one, A.plus3_ghosts) == (1, 0, 4)
    A = make_rules(1, {"mode": "solo2", "multi_ghost_matches": "none",
                       "prophecy_plus_one": "half", "court_ghosts_plus3": "six"}).to_arrays()
    assert (A.multi_matches, A.prophecy_plus_one, A.plus3_ghosts) == (0, 2, 6)
    assert make_rules(1, {"prophecy_plus_one": "unmet"}).to_arrays().prophecy_plus_one == 1
    for name, bad in (("multi_ghost_matches", "some"), ("prophecy_plus_one", "all"),
                      ("court_ghosts_plus3", "4")):
        with pytest.raises(SimlabError, match=f"rules.{name}"):
            make_rules(1, {name: bad})


# ---------------------------------------------------------------- multi_ghost_matches
def _court(court_dice, court_ghost, court_grunt):
    """His Court: 1 yellow die, a pink and 2 multi-coloured Ghosts, a blue Grunt."""
    court_dice[:] = [0] * 6
    court_ghost[:] = [0] * 7
    court_grunt[:] = [0] * 6
    court_dice[Y] = 1
    court_ghost[P] = 1
    court_ghost[MULTI] = 2
    court_grunt[B] = 1


# every: Y 1 die + 2 multi x 2 = 5, P (1 + 2) x 2 = 6, B 2 x 2 + Grunt 3 = 7, G 2 x 2 = 4;
# none: the multi-coloured Ghosts match no colour: Y 1, P 2, B 3, G 0
COURT = {"every": {Y: 5, P: 6, B: 7, G: 4}, "none": {Y: 1, P: 2, B: 3, G: 0}}


@pytest.mark.parametrize("value", ["every", "none"])
def test_court_points_of_multi_ghosts_both_engines(script, value):
    A, st, lu, rng = kernel(multi_ghost_matches=value)
    _court(st.court_dice, st.court_ghost, st.court_grunt)
    assert {c: int(solo.court_points(A, st, c)) for c in COURT[value]} == COURT[value]
    _, g = reference(multi_ghost_matches=value)
    _court(g.court_dice, g.court_ghost, g.court_grunt)
    assert {c: g.court_points(c) for c in COURT[value]} == COURT[value]


# He scores B5 P5 G1 Y2 (highest first; B5 before P5: its Court scores more) with the Court
# above less its yellow die.
# every: B5 5 + (die 1 + 2 multi x 2 + Grunt 3) = 13; P5 5 + (1 + 3 Ghosts x 2) = 12;
#        Y2 2 + (1 + 2 x 2) = 7: 32, G1 un-scored
# none:  B5 5 + (1 + 3) = 9; P5 5 + (1 + 2) = 8; Y2 2 + 1 = 3: 20, G1 un-scored
SCORED = {"every": 32, "none": 20}
DICE = ((B, 5), (P, 5), (G, 1), (Y, 2))


@pytest.mark.parametrize("value", ["every", "none"])
def test_scoring_his_dice_with_multi_ghosts_both_engines(script, value):
    A, st, lu, rng = kernel(multi_ghost_matches=value)
    _court(st.court_dice, st.court_ghost, st.court_grunt)
    st.court_dice[Y] = 0
    for k, (c, r) in enumerate(DICE):
        st.sj_col[k], st.sj_face[k] = c, face(A, c, r)
    st.info[I_SJ_SCORE] = 0
    solo.sj_score_dice(A, st)
    assert st.info[I_SJ_SCORE] == SCORED[value] and st.info[I_UNSCORED] == 2
    assert list(st.court_dice) == [1, 0, 1, 0, 0, 1]
    _, g = reference(multi_ghost_matches=value)
    _court(g.court_dice, g.court_ghost, g.court_grunt)
    g.court_dice[Y] = 0
    g.sj_dice = [(c, face(A, c, r)) for c, r in DICE]
    g.sj_score = 0
    g.sj_score_dice()
    assert g.sj_score == SCORED[value] and g.unscored == (G, face(A, G, 1))
    assert g.court_dice == [1, 0, 1, 0, 0, 1]


# ---------------------------------------------------------------- prophecy_plus_one
# card id, grid rows, kept dice per row -> (score, max_minus_score, unmet, half)
BONUS = [
    # card 01 (max 44: pattern 6 5 4 3 20, of a kind 4/6/8/10, 4 leftmost one colour 14): the
    # pattern on the top row, three 2s in the middle: 24; the colour condition met nowhere: 14
    (1, ("B6 G5 P4 O3 Y1 U2", "B2 G2 P2 O1 Y5 U6", "B1 G3 P5 O6 Y2 U4"), (6, 6, 6),
     (24, 20, 14, 10)),
    # the same grid with the top row trimmed to 3 dice: the pattern is gone too: 4 scored,
    # unmet 20 + 14 = 34 (below 44 - 4 = 40)
    (1, ("B6 G5 P4 O3 Y1 U2", "B2 G2 P2 O1 Y5 U6", "B1 G3 P5 O6 Y2 U4"), (3, 6, 6),
     (4, 40, 34, 20)),
    # card 01: the pattern and the colour condition both only on the top row, which serves one
    # of them: 20 scored; the colour condition was met, so only of-a-kind (10) is unmet
    (1, ("B6 B5 B4 B3 G1 G2", "G1 P2 O3 Y4 U5 B6", "G1 P2 O3 Y4 U5 B6"), (6, 6, 6),
     (20, 24, 10, 12)),
    # card 02 (groups of 2 columns totalling 24+: 1 group 10, 2: 25, 3: 45): one group, 10 --
    # the condition is met in part, nothing is unmet
    (2, ("B6 G6 P1 O1 Y1 U1",) * 3, (6, 6, 6), (10, 35, 0, 17)),
    # card 02: no group: 0, unmet 45
    (2, ("B1 G1 P1 O1 Y1 U1",) * 3, (6, 6, 6), (0, 45, 45, 22)),
    # card 03 (a column totalling 10: 6 8 10 12 14 18, 68 capped at 50): no column: unmet 68,
    # at most the capped maximum minus the score, 50
    (3, ("B6 G6 P6 O6 Y6 U6",) * 3, (6, 6, 6), (0, 50, 50, 25)),
    # card 03: the rightmost column totals 10 (18): 50 - 18 = 32 bounds the unmet 68 - 18
    (3, ("B6 G6 P6 O6 Y6 U4", "B6 G6 P6 O6 Y6 U3", "B6 G6 P6 O6 Y6 U3"), (6, 6, 6),
     (18, 32, 32, 16)),
]
READINGS = ("max_minus_score", "unmet", "half")


@pytest.mark.parametrize("card,rows,kept,want", BONUS)
def test_prophecy_bonus_by_reading_both_scoring_engines(card, rows, kept, want):
    col, rank = grid(*rows)
    kp = keep(*kept)
    k = card_index(card)
    score = int(nbs.prophecy_score(ARR, k, col, rank, kp))
    assert score == ref.prophecy_score(CARDS, k, col, rank, kp) == want[0]
    for i, name in enumerate(READINGS):
        a = int(nbs.sj_prophecy_bonus(ARR, i, k, score, col, rank, kp))
        b = ref.sj_prophecy_bonus(CARDS, name, k, score, col, rank, kp)
        assert a == b == want[1 + i], name


@pytest.mark.parametrize("bonus", [0, 1])
@pytest.mark.parametrize("value", READINGS)
def test_final_scoring_pays_the_prophecy_bonus_both_engines(script, value, bonus):
    # the first row of BONUS: card 01 scores 24; he gains 20 / 14 / 10 with the modifier on
    rows = BONUS[0][1]
    want = BONUS[0][3][1 + READINGS.index(value)] if bonus else 0
    col, rank = grid(*rows)
    A, st, lu, rng = kernel(sj_prophecy=bonus, prophecy_plus_one=value)
    st.prophecy[0] = card_index(1)
    st.order_col[0], st.order_rank[0] = col, rank
    st.order_n[0] = 6
    st.sj[0] = 6
    st.info[I_SJ_SCORE] = 0
    nb.final_scoring(A, st, lu, rng)
    assert st.bd[0, B_PROPHECY] == 24 and st.info[I_SJ_SCORE] == want
    _, g = reference(sj_prophecy=bonus, prophecy_plus_one=value)
    pl = g.players[0]
    pl.prophecy = card_index(1)
    pl.rows = [[[int(col[r, c]), int(rank[r, c])] for c in range(6)] for r in range(3)]
    pl.sj = [6, 6, 6]
    g.sj_score = 0
    g.final_scoring()
    assert g.bd[0][B_PROPHECY] == 24 and g.sj_score == want


# ---------------------------------------------------------------- court_ghosts_plus3
# sj_court_ghosts 2 (+2) puts 2 Ghosts either way; 4 (+3) puts 4, or 2 + 4 = 6 with "six"
GHOSTS = [(0, "four", 0), (0, "six", 0), (2, "four", 2), (2, "six", 2), (4, "four", 4),
          (4, "six", 6)]


@pytest.mark.parametrize("modifier,value,n", GHOSTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_ghosts_in_his_court_after_setup_both_engines(script, modifier, value, n, seed):
    A, st, lu, rng = kernel(seed=seed, sj_court_ghosts=modifier, court_ghosts_plus3=value)
    assert st.court_ghost.sum() == n and st.info[I_GTOP] == 5 + n
    want = np.zeros(7, np.int64)
    for gh in st.gstack[5:5 + n]:   # the 5 of the market, then his from the top of the stack
        want[A.ghost_colour[gh]] += 1
    assert np.array_equal(st.court_ghost, want)
    _, g = reference(seed=seed, sj_court_ghosts=modifier, court_ghosts_plus3=value)
    assert g.court_ghost == [int(x) for x in want]
    assert len(g.gstack) == int(A.n_ghosts) - 5 - n


def test_six_needs_the_plus3_modifier(script):
    # level 5 has the +2 Ghost modifier: 2 Ghosts under either reading
    for value in ("four", "six"):
        A, st, lu, rng = kernel(difficulty=5, court_ghosts_plus3=value)
        assert A.court_ghosts == 2 and st.court_ghost.sum() == 2
        _, g = reference(difficulty=5, court_ghosts_plus3=value)
        assert sum(g.court_ghost) == 2


# ---------------------------------------------------------------- whole games
AGREE = [
    # (bots, solo-2 overrides, games, seed)
    ("greedy", {"multi_ghost_matches": "none"}, 120, 61),
    ("random", {"difficulty": 7, "multi_ghost_matches": "none"}, 80, 62),
    ("prophet", {"sj_prophecy": 1, "prophecy_plus_one": "unmet"}, 100, 63),
    ("greedy", {"sj_prophecy": 1, "prophecy_plus_one": "half"}, 80, 64),
    ("random", {"sj_court_ghosts": 4, "court_ghosts_plus3": "six"}, 80, 65),
]
DEFAULTS = {"multi_ghost_matches": "every", "prophecy_plus_one": "max_minus_score",
            "court_ghosts_plus3": "four"}


@pytest.mark.slow
@pytest.mark.parametrize("bots,over,n,seed", AGREE)
def test_kernel_and_reference_agree_with_each_value(bots, over, n, seed):
    overrides = {"mode": "solo2", **over}
    assert_agree(1, bots, overrides, n, seed)
    # the value is live: Spider Jack's scores differ from the default reading's on these games
    base = {k: DEFAULTS.get(k, v) for k, v in overrides.items()}
    runs = []
    for o in (overrides, base):
        prep = GAME.prepare(GAME.make_rules(1, o), GAME.lineup(bots, 1))
        agg, _ = GAME.run_batch(prep, seed, 0, n, False)
        runs.append(np.asarray(agg["sj_hist"]))
    assert not np.array_equal(*runs)
