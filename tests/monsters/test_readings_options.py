"""Monsters on Board's readings as rule options (issue 39): ``spooked_count`` (the Arch Monster
"Spooked" as the area's number or the Town spaces moved through), ``family_tie`` (the family
tie "the youngest tied player wins": shared, the lowest seat, or a tied player drawn from the
stream), both in the kernel and the reference engine; and ``inert_overrides`` (options the mode
in play never reads)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_even_split
from simlab.core.rng import new_stream
from simlab.games.monsters import nb_family, reference_scoring, scoring
from simlab.games.monsters.cards import M_SPOOKED
from simlab.games.monsters.game import GAME
from simlab.games.monsters.reference_base import default_cards
from simlab.games.monsters.rules import make_rules

S = 36  # the shipped Town's path spaces (tests/monsters/positions.py)


# ---------------------------------------------------------------- spooked_count
@pytest.mark.parametrize("reading,want", [("area", 0 + 4 + 13), ("spaces", 0 + 13 + 37)])
def test_spooked_counts_the_area_or_the_spaces_moved_through(reading, want):
    """Blue Grunts on a start spot, on path space 12 (area 4, the 13th space) and in the final
    area: 'area' counts 0 + 4 + 13, 'spaces' 0 + 13 + 37 (36 spaces, then the final space)."""
    A = make_rules(3, {"spooked_count": reading}).to_arrays()
    assert A.n_spaces == S and A.space_area[12] == 4
    card = int(np.flatnonzero((A.cards.m_kind == M_SPOOKED) & (A.cards.m_col_a == 0))[0])
    m = default_cards().arch[card]
    gc = np.array([0, 0, 0, 1] + [-1] * 8)
    gp = np.array([-1, 12, S, 20] + [-1] * 8)
    col = np.full((3, 6), -1)
    rank = np.zeros((3, 6), np.int64)
    sj = np.ones(3, np.int64)
    ghost_at = np.full(S, -1)
    minions = np.full(6, -1)
    k = scoring.arch_score(A.cards, card, col, rank, sj, A.space_area, A.area_public, gc, gp,
                           ghost_at, minions)
    r = reference_scoring.arch_score(m, col, rank, sj, A.space_area, A.area_public, gc, gp,
                                     ghost_at, minions, reading)
    assert k == r == m.points * want


def test_spooked_spaces_pays_more_in_play():
    def arch(reading):
        rules = GAME.make_rules(3, {"spooked_count": reading})
        agg, _ = GAME.run_batch(GAME.prepare(rules, GAME.lineup("greedy", 3)), 4, 0, 300, False)
        return float(np.asarray(agg["breakdown"])[:, 4].sum()) / 300

    assert arch("spaces") > arch("area") + 3   # measured 40.7 vs 69.1 over 20,000 games


# ---------------------------------------------------------------- family_tie
def _tied(tie, seed):
    """A family game's end on a hand-built position: seats 1 and 2 (0-based) tie at the top."""
    rules = GAME.make_rules(3, {"mode": "family", "family_tie": tie})
    prep = GAME.prepare(rules, GAME.lineup("greedy", 3))
    A, F = prep.arrays, prep.family
    st = nb_family.new_family_state(A)
    nb_family.new_game(A, F, st, new_stream(seed, 0))
    st.juice[:] = [30, 41, 41]
    st.supply[:] = F.n_minions - F.rounds
    st.minions[:] = F.minion_spaces
    k = nb_family.game_end(A, F, st, new_stream(seed, 1))
    return int(k), [int(x) for x in st.winners], [int(x) for x in st.scores]


def test_family_tie_shared_seat_and_random():
    k, w, scores = _tied("shared", 1)
    assert scores == [30, 41, 41] and k == 2 and w == [0, 1, 1]
    assert _tied("seat", 1)[:2] == (1, [0, 1, 0])
    choices = []
    for seed in range(400):
        k, w, _ = _tied("random", seed)
        assert k == 1 and w[0] == 0
        choices.append(w.index(1))
    check_even_split(choices, [1, 2], what="family_tie = random")


def test_family_tie_random_kernel_and_reference_agree_on_tied_games():
    rules = GAME.make_rules(2, {"mode": "family", "family_tie": "random"})
    prep = GAME.prepare(rules, GAME.lineup("greedy", 2))
    agg, rows = GAME.run_batch(prep, 5, 0, 600, True)
    tied = np.flatnonzero(rows["score"][:, 0] == rows["score"][:, 1])
    assert len(tied) >= 3 and (rows["winner"][tied].sum(axis=1) == 1).all()
    for g in tied[:4]:
        scores, winners, _, _ = GAME.reference_game(prep, 5, int(g))
        assert list(winners) == list(rows["winner"][g]) and list(scores) == list(rows["score"][g])
    names = nb_family.FAMILY_COUNTER_NAMES
    c = dict(zip(names, (int(x) for x in agg["counters"]), strict=True))
    assert c["random_tie_breaks"] == c["top_score_ties"] == len(tied) and c["shared_wins"] == 0


# ---------------------------------------------------------------- inert_overrides
def _inert(players, mode, over, extra=None):
    rules = GAME.make_rules(players, {"mode": mode, **(extra or {}), **over})
    return [line.split(":")[0] for line in GAME.inert_overrides(rules, over)]


def test_inert_overrides_by_mode():
    over = {"family_tie": "seat", "difficulty": 3, "target": 120, "dice.pink.0": "2:swap",
            "solo_cards.0": "blue:highest/white:lowest/green:highest", "spooked_count": "spaces"}
    assert _inert(3, "regular", over) == ["family_tie", "difficulty", "target", "solo_cards.0"]
    fam = {"ghosts.3": "blue:call", "malice_chart": [1, 1, 2, 2, 3, 3], "spooked_count": "spaces",
           "rounds": 5, "dice.pink.0": "2:swap", "family_tie": "seat", "difficulty": 2}
    assert _inert(3, "family", fam) == ["ghosts.3", "malice_chart", "spooked_count", "rounds",
                                        "difficulty"]
    assert _inert(1, "solo1", {"difficulty": 2, "target": 90, "family_tie": "seat"}) == \
        ["difficulty", "family_tie"]
    assert _inert(1, "solo2", {"target": 90, "spooked_count": "spaces"}) == ["target"]


def test_inert_solo2_options_follow_the_modifiers():
    plus = {"prophecy_plus_one": "half", "court_ghosts_plus3": "six"}
    assert _inert(1, "solo2", plus, {"difficulty": 0}) == ["prophecy_plus_one",
                                                            "court_ghosts_plus3"]
    assert _inert(1, "solo2", plus, {"sj_prophecy": 1, "sj_court_ghosts": 4}) == []
    every = {f"sj_{m}": 0 for m in ("court_monsters", "court_ghosts", "summoning", "unscored",
                                    "prophecy")}
    assert _inert(1, "solo2", {"difficulty": 5}, every) == ["difficulty"]
    assert _inert(1, "solo2", {"difficulty": 5}) == []
