"""Monsters on Board's explanation of a result (issue 40): the points by source, the choices by
kind, how a game ended and its length, in every mode. The counts on hand-built positions (a
placement, the Malice die, an action performed or skipped, Promote against Demote, a Spook turn,
an Arch Monster discard; family mode's pick, area 4 / 8 / 12 and Minion row), the rows against
the aggregates and the reference engine through the conformance harness, and what each end
means."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_conformance
from simlab.core.rng import new_stream
from simlab.games.monsters import engine, nb_family, perform, phases
from simlab.games.monsters.actions import A_JUICE, A_MALICE, A_PROMOTE, A_SWAP
from simlab.games.monsters.game import GAME
from simlab.games.monsters.rules import make_rules
from simlab.games.monsters.state import (
    BREAKDOWN,
    CHOICE_NAMES,
    END_NAMES,
    SOURCES,
    X_DISCARD,
    X_MALICE_DIE,
    X_PASS,
    X_ROW,
    new_state,
)

from .positions import B, G, P, act, driveway, position, row, script

__all__ = ["script"]

X = {name: i for i, name in enumerate(CHOICE_NAMES)}


def test_the_game_declares_its_explanation():
    assert GAME.explains and GAME.length_unit == "rounds"
    assert GAME.score_sources == SOURCES and SOURCES[:5] == BREAKDOWN
    assert GAME.score_sources[5:] == ("end_of_round_rows", "area12")
    assert {"src", "choice"} <= set(GAME.seat_keys)
    assert len(set(CHOICE_NAMES)) == len(CHOICE_NAMES) and len(set(END_NAMES)) == len(END_NAMES)


# ---------------------------------------------------------------- regular game, kernel
def test_each_placement_counts_its_row_and_the_fourth_die_the_malice_spot(script):
    A, st, lu, rng = position()
    driveway(A, st, 0, "B1 G2 P3 B4")
    script.take_gains = False
    script.place = [(0, 2), (1, 2), (3, 0)]   # B1, G2 to the bottom row, B4 to the top; P3 left
    phases.swamp_phase(A, st, lu, 0, rng)
    assert st.ch[0, X_ROW] == 1 and st.ch[0, X_ROW + 1] == 0 and st.ch[0, X_ROW + 2] == 2
    assert st.ch[0, X_MALICE_DIE] == 1 and st.ch[1].sum() == 0


def test_actions_count_by_kind_promote_against_demote_and_skips(script):
    A, st, lu, rng = position()
    row(st, 0, 0, "B3 G4")
    script.action = [(0, 1, -1), None, (0, 0, 1), (0, 0, 0, 1)]
    for a in (A_PROMOTE, A_PROMOTE, A_PROMOTE, A_SWAP):
        act(A, st, lu, rng, 0, a)
    act(A, st, lu, rng, 0, A_JUICE, juice=2)
    act(A, st, lu, rng, 0, A_MALICE, juice=1)
    got = {name: int(st.ch[0, i]) for name, i in X.items() if st.ch[0, i]}
    assert got == {"demote": 1, "action_skipped": 1, "promote": 1, "swap": 1, "spook_juice": 1,
                   "gain_malice": 1}
    assert list(st.order_rank[0, 0, :2]) == [3, 4] and list(st.order_col[0, 0, :2]) == [G, B]


def test_spook_turns_and_arch_discards_are_counted(script):
    A, st, lu, rng = position()
    st.malice[0] = 8
    st.dec[0] = int(np.flatnonzero(st.amarket >= 0)[-1])
    assert phases.spook_apply(A, st, 0, 2)            # an Arch Monster
    assert not phases.spook_apply(A, st, 0, 0)        # a pass
    assert st.ch[0, X["arch_monster_bought"]] == 1 and st.ch[0, X_PASS] == 1
    script.arch = [0]
    perform.use_arch(A, st, lu, 0, 0, rng)            # its back action (skipped unless a gain)
    assert st.ch[0, X_DISCARD] == 1 and st.n_arch[0] == 0


def test_an_illegal_purchase_is_a_pass(script):
    A, st, lu, rng = position()
    st.malice[0] = 0
    st.dec[0] = 0
    assert not phases.spook_apply(A, st, 0, 2)        # not enough Malice
    assert st.ch[0, X_PASS] == 1 and st.ch[0, X["arch_monster_bought"]] == 0


# ---------------------------------------------------------------- how a game ends
@pytest.mark.parametrize("mode,won,end", [
    ("regular", 1, "last_round"), ("regular", 0, "last_round"),
    ("family", 1, "minion_spaces_filled"), ("solo1", 1, "target_met"),
    ("solo1", 0, "target_missed"), ("solo2", 1, "beat_spider_jack"),
    ("solo2", 0, "lost_to_spider_jack")])
def test_end_kind(mode, won, end):
    players = 1 if mode.startswith("solo") else 2
    A = make_rules(players, {"mode": mode}).to_arrays()
    st = new_state(A)
    st.winners[0] = won
    assert END_NAMES[engine.end_kind.py_func(A, st)] == end


# ---------------------------------------------------------------- family mode, kernel
def _family(bots="greedy(noise=0)", players=2):
    rules = GAME.make_rules(players, {"mode": "family"})
    prep = GAME.prepare(rules, GAME.lineup(bots, players))
    st = nb_family.new_family_state(prep.arrays)
    nb_family.new_game(prep.arrays, prep.family, st, new_stream(1, 0))
    return prep.arrays, prep.family, st, prep.lineup


def test_family_pick_row_and_minion_row():
    A, F, st, lu = _family()
    rng = new_stream(2, 0)
    for f in range(2):
        engine.fill_fearmobile(st, f, rng, nb_family.C_DRAWN)
    nb_family.take_and_place(A, F, st, lu, 0, 0, rng)
    placed = st.order_n[0].copy()
    assert [st.ch[0, X_ROW + r] for r in range(3)] == list(placed) and placed.sum() == 1
    nb_family.end_of_round(A, F, st, lu, rng)
    for p in range(2):
        assert [st.ch[p, X["minion_to_top_row"] + r] for r in range(3)] == list(st.minions[p])


def test_family_area_actions_are_counted():
    A, F, st, lu = _family("random")
    put = [(B, 3), (G, 4), (P, 5)]
    for c, (col, rank) in enumerate(put):
        st.order_col[0, 0, c], st.order_rank[0, 0, c] = col, rank
    st.order_n[0, 0] = 3
    seen = np.zeros(len(CHOICE_NAMES), np.int64)
    for seed in range(40):
        rng = new_stream(seed, 0)
        before = st.ch[0].copy()
        nb_family.promote(A, F, st, lu, 0, rng)
        nb_family.swap(A, F, st, lu, 0, rng)
        d = st.ch[0] - before
        assert d[X["promote"]] + d[X["demote"]] + d[X["action_skipped"]] + d[X["swap"]] == 2
        seen += d
    for name in ("promote", "demote", "swap", "action_skipped"):
        assert seen[X[name]] > 0, name


def test_family_area12_leftover_go_on_or_stay():
    for grunt, kind, other in ((0.6, "area12_go_on", "area12_stay"),
                               (-5.0, "area12_stay", "area12_go_on")):
        A, F, st, lu = _family(f"weights(noise=0,grunt={grunt},icon=0,juice=0,prophecy=0)")
        for c in range(6):   # a colour whose path reaches a return area (area 12)
            spaces = [s for s in range(A.n_spaces) if A.space_colour[s] == c]
            ret = [i for i, s in enumerate(spaces)
                   if F.area_act[A.space_area[s]] == nb_family.FA_RETURN and i > 0]
            if ret:
                break
        st.grunt_pos[0, c] = spaces[ret[0] - 1]
        nb_family.move_grunt(A, F, st, lu, 0, c, 3, new_stream(1, 0))
        assert st.ch[0, X[kind]] == 1 and st.ch[0, X[other]] == 0


# ---------------------------------------------------------------- rows and aggregates, every mode
@pytest.mark.parametrize("players,bots,over", [
    (3, "greedy,prophet,random", {}),
    (2, "greedy,random", {"mode": "family"}),
    (1, "random", {"mode": "solo1"}),
    (1, "greedy", {"mode": "solo2", "difficulty": 5}),
])
def test_explanation_conforms_in_every_mode(players, bots, over):
    rules = GAME.make_rules(players, over)
    lineup = GAME.lineup(bots, players)
    agg = check_conformance(GAME, rules, lineup, n_games=6, seed=8, n_reference=2)
    _, rows = GAME.run_batch(GAME.prepare(rules, lineup), 8, 0, 6, True)
    assert (rows["length"] == 6).all()
    src = rows["source"]
    if over.get("mode") == "family":
        assert not src[:, :, [0, 1, 2, 4]].any() and src[:, :, 5].all()
    else:
        assert not src[:, :, 5:].any()
    ends = {END_NAMES[e] for e in rows["end"]}
    want = {"regular": {"last_round"}, "family": {"minion_spaces_filled"},
            "solo1": {"target_met", "target_missed"},
            "solo2": {"beat_spider_jack", "lost_to_spider_jack"}}[rules.mode]
    assert ends <= want
    assert int(agg["choice"][:, X["die_to_malice"]].sum()) == (0 if rules.mode == "family"
                                                               else 6 * 6 * players)
