"""Monkey Fun's readings of the board and the deck (issue 39): ``field_one_corner`` (the side
"marked with a "1" in one corner" read as field 1 in a corner), ``board_side`` (the second side
of the double-sided board), the ``falling`` deck under which the no-play rule fires (and is
played right), and the settings that change nothing played (``inert_overrides``)."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_conformance
from simlab.errors import SimlabError
from simlab.games.monkey.game import GAME
from simlab.games.monkey.reference import ReferenceGame
from simlab.games.monkey.rules import (
    CORNER_CELLS,
    DECKS,
    INNER_CELLS,
    MIXED_BOARD,
    MIXED_BOARD_CORNER,
    RULEBOOK_INNER,
    SECOND_BOARD,
    board_problems,
    layout_shuffled,
)
from simlab.games.monkey.state import C_RESHUFFLES, COUNTER_NAMES


def test_field_one_corner_moves_field_1_into_a_corner_of_the_first_side():
    assert GAME.make_rules(4).arrangement() == MIXED_BOARD
    assert MIXED_BOARD.index(1) not in CORNER_CELLS  # the default reading: 1 is on an edge
    rules = GAME.make_rules(4, {"field_one_corner": True})
    board = rules.arrangement()
    assert board == MIXED_BOARD_CORNER and board.index(1) in CORNER_CELLS
    changed = [c for c in range(36) if board[c] != MIXED_BOARD[c]]
    assert sorted(board[c] for c in changed) == [1, 28]  # the smallest change: one swap
    assert rules.board_problems() == [] and board_problems(board, True) == []
    assert not np.array_equal(rules.to_arrays().number, GAME.make_rules(4).to_arrays().number)


def test_field_one_corner_on_shuffled_boards_and_explicit_ones():
    corners = set()
    for seed in range(40):
        plain = layout_shuffled(seed)
        assert plain == GAME.make_rules(4, {"layout": "shuffled",
                                            "layout_seed": seed}).arrangement()
        board = GAME.make_rules(4, {"layout": "shuffled", "layout_seed": seed,
                                    "field_one_corner": True}).arrangement()
        assert sorted(board) == list(range(1, 37)) and board.index(1) in CORNER_CELLS
        assert set(RULEBOOK_INNER) <= {board[c] for c in INNER_CELLS}
        corners.add(board.index(1))
    assert corners == set(CORNER_CELLS)
    # an explicit board plays as given; the reading warns when its 1 is not in a corner
    rules = GAME.make_rules(4, {"board": list(MIXED_BOARD), "field_one_corner": True})
    assert rules.arrangement() == MIXED_BOARD
    assert any("field 1 is not in a corner" in w for w in GAME.rule_warnings(rules))
    assert GAME.rule_warnings(GAME.make_rules(4, {"board": list(MIXED_BOARD)})) == []


def test_board_side_second_is_the_assumed_second_side():
    rules = GAME.make_rules(4, {"board_side": "second"})
    assert rules.arrangement() == SECOND_BOARD == layout_shuffled(2)
    assert rules.board_problems() == []
    assert set(RULEBOOK_INNER) <= {SECOND_BOARD[c] for c in INNER_CELLS}
    with pytest.raises(SimlabError, match="rules.board_side: expected one of first, second"):
        GAME.make_rules(4, {"board_side": "back"})
    # the second side is not the one "marked with a 1": the corner reading leaves it alone
    both = GAME.make_rules(4, {"board_side": "second", "field_one_corner": True})
    assert both.arrangement() == SECOND_BOARD and both.board_problems() == []


@pytest.mark.parametrize("players,bots,over", [
    (4, "greedy,random,row,blocker", {"field_one_corner": True}),
    (2, "greedy", {"board_side": "second"}),
    (1, "solo", {"board_side": "second"}),
])
def test_both_engines_play_the_board_readings(players, bots, over):
    rules = GAME.make_rules(players, over)
    check_conformance(GAME, rules, GAME.lineup(bots, players), n_games=30, seed=8)


def test_named_decks():
    assert GAME.make_rules(4, {"deck": "rising"}).deck == DECKS["rising"] == tuple(range(1, 11))
    falling = GAME.make_rules(4, {"deck": "falling"}).deck
    assert falling == tuple(range(10, 0, -1)) and sum(falling) == 55
    assert GAME.make_rules(4, {"deck": "9,8,7"}).deck == (9, 8, 7)  # copies, as before
    with pytest.raises(SimlabError, match="rules.deck"):
        GAME.make_rules(4, {"deck": "tumbling"})


class _Watch(ReferenceGame):
    """The reference engine, checking each discarded hand independently of its rules code."""

    discards = 0

    def discard_hand(self, p):
        hand = list(self.hands[p])
        sums = {sum(v for i, v in enumerate(hand) if m >> i & 1)
                for m in range(1, 1 << len(hand)) if bin(m).count("1") <= self.A.max_play}
        for n in sums:  # every field the hand can name is closed to p: another player owns it
            if n <= 36:
                rc = self.where[n]
                assert rc in self.owner and self.owner[rc] != p, (hand, n)
        supply, box, pile = self.supply[p], self.box[p], list(self.discard_pile)
        shuffles = int(self.agg.counters[C_RESHUFFLES])
        super().discard_hand(p)
        assert self.supply[p] == supply - 1 and self.box[p] == box + 1  # 1 monkey to the box
        if int(self.agg.counters[C_RESHUFFLES]) == shuffles:  # the whole hand discarded
            assert self.discard_pile == pile + hand
        assert len(self.hands[p]) == self.A.hand_size  # 4 new cards
        _Watch.discards += 1


def test_the_no_play_rule_fires_under_the_falling_deck_and_is_played_right():
    rules = GAME.make_rules(4, {"deck": "falling"})
    prep = GAME.prepare(rules, GAME.lineup("greedy", 4))
    n = 300
    agg, rows = GAME.run_batch(prep, 1, 0, n, True)
    c = dict(zip(COUNTER_NAMES, agg["counters"], strict=True))
    assert c["hands_discarded"] > 0.1 * n  # about 0.25 a game (0 with the default deck)
    assert c["monkeys_boxed_from_supply"] == c["hands_discarded"]
    games = np.nonzero(rows["choice"][:, :, GAME.choice_names.index("discard_hand")].sum(1))[0]
    _Watch.discards = 0
    for g in games[:6]:
        ref = _Watch(prep.arrays, prep.lineup, 1, int(g))
        scores, winners = ref.play_game()
        assert scores == rows["score"][g].tolist()
    assert _Watch.discards >= 6
    # kernel and reference agree on such games, counter for counter
    check_conformance(GAME, rules, GAME.lineup("greedy", 4), n_games=20, seed=1,
                      n_reference=20)
    base, _ = GAME.run_batch(GAME.prepare(GAME.make_rules(4), GAME.lineup("greedy", 4)), 1, 0,
                             n, False)
    assert base["counters"][COUNTER_NAMES.index("hands_discarded")] == 0


def _inert(players, over):
    return GAME.inert_overrides(GAME.make_rules(players, over), over)


@pytest.mark.parametrize("players,over,inert", [
    (4, {"solo_rounds": 10, "solo_max_towers": 2, "solo_min_round": 8,
         "solo_max_per_field": 3}, ["solo_rounds", "solo_max_towers", "solo_min_round",
                                    "solo_max_per_field"]),
    (1, {"owner_may_place": False, "tie_break": "owned", "solo_min_round": 10},
     ["owner_may_place", "tie_break", "solo_min_round"]),
    (1, {"solo_min_round": 18}, []),
    (4, {"layout_seed": 5}, ["layout_seed"]),
    (4, {"layout": "shuffled", "layout_seed": 5, "board_side": "second"}, ["board_side"]),
    (4, {"layout": "spiral", "field_one_corner": True}, ["field_one_corner"]),
    (4, {"board_side": "second", "field_one_corner": True}, ["field_one_corner"]),
    (1, {"field_one_corner": True}, ["field_one_corner"]),
    (4, {"board": list(SECOND_BOARD), "layout": "shuffled", "board_side": "second"},
     ["layout", "board_side"]),
    (4, {"field_one_corner": True, "board_side": "first", "owner_may_place": False}, []),
    (1, {"layout": "shuffled", "layout_seed": 3, "field_one_corner": True}, []),
])
def test_inert_overrides_name_what_changes_nothing(players, over, inert):
    found = _inert(players, over)
    assert sorted(f.split(":")[0] for f in found) == sorted(f"rules.{k}" for k in inert)


@pytest.mark.parametrize("players,bots,over", [
    (4, "greedy,random,row,blocker", {"solo_rounds": 10, "solo_max_towers": 1,
                                      "solo_min_round": 3}),
    (1, "solo", {"tie_break": "owned", "owner_may_place": False, "solo_min_round": 9,
                 "field_one_corner": True}),
    (1, "greedy", {"field_one_corner": True}),
    (4, "greedy", {"layout": "shuffled", "layout_seed": 4, "board_side": "second"}),
])
def test_what_is_reported_inert_plays_the_same_games(players, bots, over):
    assert len(_inert(players, over)) == len(over) - (2 if "layout" in over else 0)
    base = {k: v for k, v in over.items() if k in ("layout", "layout_seed")}
    rows = []
    for o in (base, over):
        prep = GAME.prepare(GAME.make_rules(players, o), GAME.lineup(bots, players))
        rows.append(GAME.run_batch(prep, 4, 0, 200, True)[1])
    assert np.array_equal(rows[0]["score"], rows[1]["score"])
    assert np.array_equal(rows[0]["choice"], rows[1]["choice"])
