"""More Jungle Rumble rules on both engines (kernel ``nb.py`` and reference ``reference.py``):
the first player token passing left each round, the stick-supply end trigger, the
``no_workers`` end, an action tile exclusive within a round, sending zero workers, follows that
are not possible (Recruit without gold, Irrigation without a free edge), feeding by the active
player only, and the end coming at the end of the trigger's round and not one round later.

Rulebook "Order of play", "Action phase", "The feeding phase", "End of the round", "End of the
game"; readings in ``simlab/games/jungle/rules.py`` (default rules: the board supply is after the
start pieces, 18/19/22 fields and 20/22/24 sticks).

Whole games are played on both engines from the same stream (``new_stream(seed, game)``). The
reference calls ``check()`` after every turn; :func:`ref_game` wraps it to record, per turn,
``(round, turn, active, trigger, workers of every seat)``, a view of the game independent of the
engines' own end-of-game logic.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import numpy as np
import pytest

from simlab.core.rng import new_stream, randint
from simlab.games.jungle import bots, family, nb, turn
from simlab.games.jungle.reference import ReferenceGame
from simlab.games.jungle.rules import A_FOOD, A_GOLD, A_IRRIG, A_RECRUIT, N_TILES
from simlab.games.jungle.state import (
    C_FOLLOWS,
    C_ILLEGAL,
    C_PASS_FOOD,
    C_PASS_WAKE,
    C_ROUNDS,
    C_STICKS_ASIDE,
    C_STICKS_SUPPLY,
    C_TILE_FOOD,
    C_TURNS,
    E_CAP,
    E_FIELD,
    E_NONE,
    E_STICK,
    E_STUCK,
    E_TAKEN,
    I_ACTIVE,
    I_FIRST,
    I_FSUP,
    I_ROUND,
    I_SSUP,
    I_TRIGGER,
    I_TURN,
    S_FIRST,
    new_agg,
    new_state,
)

from .positions import arrays, build, lineup, rng_of, same

SEED = 11
FOOD_TILE, IRRIG_TILE, GOLD_TILE, RECRUIT_TILE, FIELDS_TILE = range(5)
#: every edge of the start fields (5,4), (5,5): the one between them and the six outer ones
ALL_START_EDGES = [((5, 4), (5, 5)), ((4, 4), (5, 4)), ((5, 4), (6, 4)), ((5, 3), (5, 4)),
                   ((4, 5), (5, 5)), ((5, 5), (6, 5)), ((5, 5), (5, 6))]
QUIET = {"noise": 0}  # evaluation bots without the noise draw: deterministic choices
ALWAYS_FOLLOW = ("weights", {"follow": -1000, **QUIET})
NEVER_FOLLOW = ("weights", {"follow": 1000, **QUIET})


class Turn(NamedTuple):
    round: int
    turn: int
    active: int
    trigger: int
    workers: tuple


# ------------------------------------------------------------------------------ helpers
def ref_game(A, lu, seed, game, log=True):
    """A whole reference game; returns ``(g, turns)`` with a :class:`Turn` after every turn."""
    g = ReferenceGame(A, lu, seed, game, log=log)
    turns: list[Turn] = []
    check = g.check_tokens

    def recording_check():
        check()
        turns.append(Turn(g.round, g.turn, g.active, g.trigger,
                          tuple(pl.awake + pl.asleep for pl in g.players)))

    g.check_tokens = recording_check
    g.play()
    return g, turns


def ref_end(g) -> int:
    """The reference game's end reason (index E_*)."""
    assert int(g.agg.end_reasons.sum()) == 1
    return int(np.argmax(g.agg.end_reasons))


def kernel_game(A, lu, seed, game):
    """The same game on the kernel (``nb.play_game``); returns ``(st, end reason)``."""
    st = new_state(A.n_players, A.n_cells, A.n_edges)
    end, _ = nb.play_game(A, st, lu, new_stream(seed, game), new_agg(A.n_players, A.max_rounds))
    return st, int(end)


def only_tile(st, g, t):
    """Every action tile but t was already chosen this round (forces the active's tile)."""
    st.tile_used[:] = 1
    st.tile_used[t] = 0
    g.used = [x != t for x in range(N_TILES)]


def recording_asks(g):
    """Wrap the reference's ``ask``: returns the list of ``(decision name, seat)`` asked."""
    asked = []
    ask = g.ask

    def rec(fn, q, *args):
        asked.append((fn.__name__, q))
        return ask(fn, q, *args)

    g.ask = rec
    return asked


def kernel_action(st, g, lu, p):
    """The kernel's action phase for p on a copy of the reference's stream; returns the stream."""
    rng = rng_of(g)
    turn.action_phase(g.A, st, lu, p, rng)
    return rng


ROUND_LINE = re.compile(r"^Round (\d+) \(first player P(\d+)\)")
TURN_LINE = re.compile(r"^  turn (\d+): P(\d+) \(")
ACTION_LINE = re.compile(r"^    action: P(\d+) takes tile (\d) \(.*?\) with (\d+) food on it")
FEED_LINE = re.compile(r"^    feeding: P(\d+) has")
END_ROUND_LINE = re.compile(r"^  end of round (\d+): \+1 food on each unchosen tile -> \[(.*)\]")


# ------------------------------------------------------------------------------ 1. first player
def test_first_player_of_round_one_is_the_streams_first_draw():
    # setup draws the first player from the game's stream before anything else, on both
    # engines; over 40 games every seat of a 4-player game is drawn
    for players in (2, 3, 4):
        A = arrays(players)
        lu = lineup(["greedy"] * players)
        seen = set()
        for game in range(40):
            want = int(randint(new_stream(SEED, game), players))
            g = ReferenceGame(A, lu, SEED, game)
            g.setup()
            st = new_state(players, A.n_cells, A.n_edges)
            nb.setup(A, st, new_stream(SEED, game))
            assert g.first == st.info[I_FIRST] == want
            seen.add(want)
        assert seen == set(range(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_player_token_passes_to_the_left_each_round(players):
    A = arrays(players)
    lu = lineup(["greedy"] * players)
    firsts = set()
    for game in range(5):
        f = int(randint(new_stream(SEED, game), players))
        firsts.add(f)
        g, turns = ref_game(A, lu, SEED, game)
        rounds = g.round
        assert rounds >= 3
        # the log: round r's first player is f + r - 1 (seat numbers P1.. are 1-based)
        heads = [(int(m.group(1)), int(m.group(2)) - 1) for m in map(ROUND_LINE.match, g.lines)
                 if m]
        assert heads == [(r, (f + r - 1) % players) for r in range(1, rounds + 1)]
        # the turns of round r: clockwise from that first player, every seat once
        for r in range(1, rounds + 1):
            assert [t.active for t in turns if t.round == r] == \
                [(f + r - 1 + k) % players for k in range(players)]
        # the logged turn lines agree with the recorded actives
        assert [int(m.group(2)) - 1 for m in map(TURN_LINE.match, g.lines) if m] == \
            [t.active for t in turns]
        assert list(g.agg.seat[:, S_FIRST]) == [int(q == f) for q in range(players)]
        # the kernel: the same game, the same first player, the token of the last round
        st, end = kernel_game(A, lu, SEED, game)
        assert same(st, g) and end == ref_end(g)
        assert st.info[I_ROUND] == rounds and st.info[I_TURN] == rounds * players
        assert list(st.sev[:, S_FIRST]) == [int(q == f) for q in range(players)]
        assert st.info[I_FIRST] == (f + rounds - 1) % players
        assert st.info[I_ACTIVE] == (f + rounds - 1 + players - 1) % players
        # the kernel's token after k rounds (stopped by the round bound after round k): it has
        # passed k times
        for k in (1, 2):
            stk, endk = kernel_game(arrays(players, max_rounds=k), lu, SEED, game)
            assert endk == E_CAP and stk.info[I_ROUND] == k
            assert stk.info[I_FIRST] == (f + k) % players
            assert stk.info[I_ACTIVE] == (f + k - 1 + players - 1) % players
    assert len(firsts) > 1  # the games do not all start with the same seat


# ------------------------------------------------------------------------------ 2. last stick
def test_taking_the_last_stick_triggers_the_end_then_set_aside_sticks_are_used():
    A = arrays(2)
    # two sticks left, one taken: no trigger yet
    st, g, lu = build(A, [{"awake": 3}, {}], supply=(5, 2))
    turn.perform(A, st, lu, 0, A_IRRIG, 1, rng_of(g))
    g.perform(0, A_IRRIG, 1)
    assert same(st, g)
    assert st.info[I_TRIGGER] == g.trigger == E_NONE
    assert st.info[I_SSUP] == g.supply["stick"] == 1
    # one left, three taken: the first is the board's last (trigger), two from the set-aside
    st, g, lu = build(A, [{"awake": 3}, {}], supply=(5, 1))
    turn.perform(A, st, lu, 0, A_IRRIG, 3, rng_of(g))
    g.perform(0, A_IRRIG, 3)
    assert same(st, g)
    assert st.info[I_TRIGGER] == g.trigger == E_STICK
    assert st.info[I_SSUP] == g.supply["stick"] == 0
    assert st.info[I_FSUP] == g.supply["field"] == 5  # fields untouched
    assert st.ev[C_STICKS_SUPPLY] == g.agg.counters[C_STICKS_SUPPLY] == 1
    assert st.ev[C_STICKS_ASIDE] == g.agg.counters[C_STICKS_ASIDE] == 2
    assert st.nstick[0] == 4


def test_followers_take_set_aside_sticks_after_the_last_one():
    # the active player takes the board's last stick; both followers still follow on
    # Irrigation and take set-aside sticks; the trigger stays the stick trigger
    A = arrays(3)
    bots_ = [("weights", {"send": 1, "stick": 50, **QUIET}), ALWAYS_FOLLOW, ALWAYS_FOLLOW]
    st, g, lu = build(A, [{"awake": 2}, {"awake": 2}, {"awake": 2}], bots=bots_, supply=(5, 1))
    only_tile(st, g, IRRIG_TILE)
    kernel_action(st, g, lu, 0)
    g.action_phase(0)
    assert same(st, g)
    assert st.aev[0, A_IRRIG] == 1 and st.aev[2, A_IRRIG] == 1 and st.aev[1, A_IRRIG] == 2
    assert st.info[I_TRIGGER] == g.trigger == E_STICK
    assert st.ev[C_STICKS_SUPPLY] == g.agg.counters[C_STICKS_SUPPLY] == 1
    assert st.ev[C_STICKS_ASIDE] == g.agg.counters[C_STICKS_ASIDE] == 2
    assert list(st.nstick) == [2, 2, 2]


def test_stick_trigger_ends_the_game_at_the_end_of_that_round_not_at_once():
    # 4 farmers, a board supply of 8 sticks (12 counted less the 4 start sticks): the last one
    # goes in round 3, on the turn of the round's 1st, 2nd or 3rd player; the game ends at the
    # end of that round, after the remaining players' turns
    players = 4
    A = arrays(players, stick_supply=(22, 25, 12))
    assert (A.field_supply, A.stick_supply) == (22, 8)
    lu = lineup(["farmer"] * players)
    positions = set()
    for game in range(12):
        g, turns = ref_game(A, lu, SEED, game)
        if ref_end(g) != E_STICK:
            continue
        i0 = next(i for i, t in enumerate(turns) if t.trigger != E_NONE)
        r0 = turns[i0].round
        pos = sum(1 for t in turns[:i0] if t.round == r0)  # turns of r0 before the trigger
        after = turns[i0 + 1:]
        # the rest of the round is played, and nothing more
        assert [t.round for t in after] == [r0] * (players - 1 - pos)
        assert g.round == r0 and g.turn == r0 * players
        positions.add(pos)
        assert any("the last stick of the supply is taken" in x for x in g.lines)
        # every stick on the boards: the start ones, the board supply's 8, the set-aside ones
        aside = int(g.agg.counters[C_STICKS_ASIDE])
        assert int(g.agg.counters[C_STICKS_SUPPLY]) == 8
        assert sum(len(pl.sticks) for pl in g.players) == players + 8 + aside
        # the kernel plays the same game to the same end
        st, end = kernel_game(A, lu, SEED, game)
        assert same(st, g) and end == E_STICK
        assert st.info[I_ROUND] == r0 and st.info[I_TURN] == r0 * players
        assert st.ev[C_STICKS_SUPPLY] == 8 and st.ev[C_STICKS_ASIDE] == aside
        assert st.info[I_SSUP] == 0
        # and not before: bounded at one round less, the kernel's game has no trigger yet
        if r0 > 1:
            stb, endb = kernel_game(arrays(players, stick_supply=(22, 25, 12),
                                           max_rounds=r0 - 1), lu, SEED, game)
            assert endb == E_CAP and stb.info[I_TRIGGER] == E_NONE and stb.info[I_SSUP] > 0
    # triggers on the round's first turn (three more turns follow) and mid-round were seen
    assert 0 in positions and len(positions) >= 2


# ------------------------------------------------------------------------------ 3. no workers
def test_no_workers_on_positions():
    A = arrays(3)
    merchants_only = [{"awake": 0, "merchants": [("food", 1)]},
                      {"awake": 0, "merchants": [("gold", 0), ("food", 2)]},
                      {"awake": 0, "merchants": [("gold", 3)]}]
    st, g, lu = build(A, merchants_only)
    assert turn.no_workers(A, st)
    for what in ("asleep", "awake"):  # one worker of any kind anywhere: not stuck
        st, g, lu = build(A, [dict(s) for s in merchants_only])
        getattr(st, what)[2] = 1
        assert not turn.no_workers(A, st)
    st, g, lu = build(A, [{"awake": 0}, {"awake": 0}, {"awake": 0}])  # no kittens at all
    assert turn.no_workers(A, st)


def test_game_without_workers_ends_with_that_round():
    # a harsh game (1 worker at the start, 4 food per kitten, supplies that never run out):
    # random players fire workers and keep merchants until no one has a worker
    players = 2
    A = arrays(players, start_workers=1, food_per_kitten=4, field_supply=(500, 500, 500),
               stick_supply=(500, 500, 500))
    lu = lineup(["random"] * players)
    found = 0
    for game in range(40):
        st, end = kernel_game(A, lu, SEED, game)
        if end != E_STUCK:
            continue
        found += 1
        g, turns = ref_game(A, lu, SEED, game)
        assert ref_end(g) == E_STUCK and same(st, g)
        rounds = g.round
        assert st.info[I_ROUND] == rounds and rounds >= 2
        assert st.info[I_TRIGGER] == g.trigger == E_NONE
        assert all(pl.awake + pl.asleep == 0 for pl in g.players)
        assert int((st.awake + st.asleep).sum()) == 0 and int(st.nm.sum()) > 0
        # at the end of every earlier round someone still had a worker; at the end of the last
        # one no one has: the game ended with the first round without workers
        ends = {t.round: t.workers for t in turns}  # the last turn of each round
        assert sum(ends[rounds]) == 0
        assert all(sum(ends[r]) > 0 for r in range(1, rounds))
        assert any("no player has a worker left" in x for x in g.lines)
        # the kernel did not end earlier either: bounded at one round less, it hits the bound
        stc, endc = kernel_game(arrays(players, start_workers=1, food_per_kitten=4,
                                       field_supply=(500, 500, 500),
                                       stick_supply=(500, 500, 500), max_rounds=rounds - 1),
                                lu, SEED, game)
        assert endc == E_CAP and int((stc.awake + stc.asleep).sum()) > 0
        if found == 3:
            break
    assert found == 3


# ------------------------------------------------------------------------------ 4. tiles
def test_a_tile_chosen_this_round_cannot_be_chosen_again():
    A = arrays(2)
    glutton = ("weights", {"food": 10, "send": 2, **QUIET})
    # control: with the Food tile free, this bot takes it
    st, g, lu = build(A, [{}, {"awake": 2}], bots=["greedy", glutton])
    kernel_action(st, g, lu, 1)
    g.action_phase(1)
    assert same(st, g) and st.aev[0, A_FOOD] == 1 and st.tile_used[FOOD_TILE] == 1
    # the Food tile chosen earlier in the round (by seat 0): seat 1 takes another tile
    st, g, lu = build(A, [{}, {"awake": 2}], bots=["greedy", glutton])
    st.tile_used[FOOD_TILE] = 1
    g.used[FOOD_TILE] = True
    kernel_action(st, g, lu, 1)
    g.action_phase(1)
    assert same(st, g)
    assert st.aev[0, A_FOOD] == 0 and st.aev[0].sum() == 1
    assert st.tile_used[FOOD_TILE] == 1 and st.tile_used.sum() == 2
    assert [int(x) for x in st.tile_used] == [int(x) for x in g.used]
    assert st.ev[C_ILLEGAL] == g.agg.counters[C_ILLEGAL] == 0


@pytest.mark.parametrize("name", ["random", "greedy", "farmer", "trader", "breeder", "weights"])
def test_bots_only_choose_free_tiles(name):
    A = arrays(3)
    st, g, lu = build(A, [{"gold": 2, "food": 3}, {}, {}], bots=[name, "greedy", "greedy"])
    for used in ([1, 1, 0, 1, 1], [0, 1, 1, 1, 0], [1, 0, 1, 0, 0]):
        st.tile_used[:] = used
        free = {t for t in range(N_TILES) if not used[t]}
        for r in range(30):
            code = int(bots.decide_action(A, st, lu, 0, np.array([r + 1, 3, 5, 7], np.uint64)))
            assert code // 16 in free


def test_tiles_are_exclusive_within_a_round_free_next_round_and_gather_food():
    # whole games, from the reference log: no tile twice in a round, a tile's food is what the
    # unchosen rounds put on it, +1 on each unchosen tile at the end of a round; tiles chosen
    # in one round are chosen again in the next
    again = 0
    for players in (3, 4):
        A = arrays(players)
        lu = lineup(["greedy", "farmer", "trader", "breeder"][:players])
        for game in range(3):
            g, _ = ref_game(A, lu, SEED, game)
            food = [0] * N_TILES
            used: set = set()
            last: set = set()
            rounds = 0
            for line in g.lines:
                m = ACTION_LINE.match(line)
                if m:
                    t, got = int(m.group(2)), int(m.group(3))
                    assert t not in used
                    assert got == food[t]
                    food[t] = 0
                    used.add(t)
                    continue
                m = END_ROUND_LINE.match(line)
                if m:
                    rounds += 1
                    assert len(used) == players
                    for t in range(N_TILES):
                        if t not in used:
                            food[t] += 1
                    assert [int(x) for x in m.group(2).split(",")] == food
                    again += len(used & last)
                    last, used = used, set()
            assert rounds == g.round
            assert food == g.tile_food
            st, _ = kernel_game(A, lu, SEED, game)
            assert list(st.tile_food) == g.tile_food and not st.tile_used.any()
            assert st.ev[C_TILE_FOOD] == g.agg.counters[C_TILE_FOOD]
    assert again > 0


def test_end_of_round_frees_the_tiles_for_the_next_round():
    # kernel end_round: the chosen tiles return (taken again next round, with no food), the
    # unchosen ones gain 1 food
    A = arrays(2)
    glutton = ("weights", {"food": 10, "send": 2, **QUIET})
    st, g, lu = build(A, [{}, {"awake": 2}], bots=["greedy", glutton], tile_food=[0, 0, 2, 0, 1])
    st.tile_used[:] = [1, 1, 0, 0, 0]
    nb.end_round(A, st, new_agg(2, A.max_rounds))
    assert list(st.tile_used) == [0] * 5 and list(st.tile_food) == [0, 0, 3, 1, 2]
    turn.action_phase(A, st, lu, 1, np.array([1, 2, 3, 4], np.uint64))
    assert st.tile_used[FOOD_TILE] == 1 and st.aev[0, A_FOOD] == 1


# ------------------------------------------------------------------------------ 5. zero workers
def test_active_player_may_send_no_kitten_and_opponents_still_follow_or_pass():
    # the active player's bot sends no one (send 0): it takes the Gold tile for its 3 food;
    # seat 1 still follows on Gold (1 coin), seat 2 passes and wakes its sleeping kitten
    A = arrays(3)
    bots_ = [("weights", {"send": 0, **QUIET}), ALWAYS_FOLLOW, NEVER_FOLLOW]
    st, g, lu = build(A, [{"awake": 2}, {"awake": 2}, {"awake": 1, "asleep": 1}], bots=bots_,
                      tile_food=[0, 0, 3, 0, 0])
    kernel_action(st, g, lu, 0)
    g.action_phase(0)
    assert same(st, g)
    assert st.aev[0, A_GOLD] == 1 and st.aev[2, A_GOLD] == 0 and st.aev[1, A_GOLD] == 1
    assert st.tile_used[GOLD_TILE] == 1 and st.tile_food[GOLD_TILE] == 0
    assert (st.awake[0], st.asleep[0], st.food[0], st.gold[0]) == (2, 0, 3, 0)
    assert (st.awake[1], st.asleep[1], st.gold[1]) == (1, 1, 1)
    assert (st.awake[2], st.asleep[2], st.food[2]) == (2, 0, 0)
    assert st.ev[C_FOLLOWS] == 1 and st.ev[C_PASS_WAKE] == 1 and st.ev[C_ILLEGAL] == 0


def test_active_player_without_awake_kittens_still_plays_a_tile_for_the_others():
    # every kitten of the active player asleep: it sends none, and both opponents follow on
    # Food (the 1-kitten yield, 2 food each)
    A = arrays(3)
    bots_ = [("weights", QUIET), ALWAYS_FOLLOW, ALWAYS_FOLLOW]
    st, g, lu = build(A, [{"awake": 0, "asleep": 2, "food": 1}, {"awake": 1}, {"awake": 2}],
                      bots=bots_)
    only_tile(st, g, FOOD_TILE)
    assert family.send_limit(A, st, 0, A_FOOD) == 0
    kernel_action(st, g, lu, 0)
    g.action_phase(0)
    assert same(st, g)
    assert (st.awake[0], st.asleep[0], st.food[0]) == (0, 2, 1)
    assert st.aev[0, A_FOOD] == 1 and st.aev[2, A_FOOD] == 0 and st.aev[1, A_FOOD] == 2
    assert list(st.food[1:]) == [2, 2] and list(st.awake[1:]) == [0, 1]
    assert st.ev[C_ILLEGAL] == g.agg.counters[C_ILLEGAL] == 0


# ------------------------------------------------------------------------------ 6. no follow
def test_no_follow_on_recruit_without_gold():
    # Recruit: seat 1 (no gold) would always follow but cannot: it passes (every kitten
    # awake: +1 food) and is never asked; seat 2 (1 gold) follows and recruits
    A = arrays(3)
    recruiter = ("weights", {"send": 1, "kitten": 50, **QUIET})
    spec = [{"gold": 2, "food": 6}, {"gold": 0, "food": 4}, {"gold": 1, "food": 4}]
    st, g, lu = build(A, spec, bots=[recruiter, ALWAYS_FOLLOW, ALWAYS_FOLLOW])
    only_tile(st, g, RECRUIT_TILE)
    assert not turn.can_follow(A, st, 1, A_RECRUIT) and g.capacity(1, A_RECRUIT) == 0
    assert turn.can_follow(A, st, 2, A_RECRUIT) and g.capacity(2, A_RECRUIT) == 1
    asked = recording_asks(g)
    kernel_action(st, g, lu, 0)
    g.action_phase(0)
    assert same(st, g)
    assert st.aev[0, A_RECRUIT] == 1 and st.aev[2, A_RECRUIT] == 1 and st.aev[1, A_RECRUIT] == 1
    assert family.kittens(st, 0) == 3 and st.gold[0] == 1
    assert (family.kittens(st, 1), st.awake[1], st.food[1], st.gold[1]) == (2, 2, 5, 0)
    assert family.kittens(st, 2) == 3 and st.gold[2] == 0 and st.asleep[2] == 1
    assert st.ev[C_FOLLOWS] == 1 and st.ev[C_PASS_FOOD] == 1
    follows = [q for name, q in asked if name.startswith("decide_follow")]
    assert follows == [2]


def test_no_follow_on_irrigation_without_a_free_edge():
    # Irrigation: every edge of seat 1's fields has a stick; it passes (wakes its sleeping
    # kitten) without being asked; seat 2 follows and places a stick
    A = arrays(3)
    irrigator = ("weights", {"send": 1, "stick": 50, **QUIET})
    spec = [{"food": 4}, {"awake": 1, "asleep": 1, "sticks": ALL_START_EDGES}, {}]
    st, g, lu = build(A, spec, bots=[irrigator, ALWAYS_FOLLOW, ALWAYS_FOLLOW])
    only_tile(st, g, IRRIG_TILE)
    assert st.free_e[1] == 0 and st.nstick[1] == 7 and not g.free_edges(g.players[1])
    assert not turn.can_follow(A, st, 1, A_IRRIG) and g.capacity(1, A_IRRIG) == 0
    asked = recording_asks(g)
    kernel_action(st, g, lu, 0)
    g.action_phase(0)
    assert same(st, g)
    assert st.aev[0, A_IRRIG] == 1 and st.aev[1, A_IRRIG] == 1
    assert (st.nstick[1], st.awake[1], st.asleep[1]) == (7, 2, 0)
    assert st.nstick[2] == 2 and st.asleep[2] == 1
    assert st.ev[C_FOLLOWS] == 1 and st.ev[C_PASS_WAKE] == 1
    assert [q for name, q in asked if name.startswith("decide_follow")] == [2]


@pytest.mark.parametrize("action", ["recruit", "irrigation"])
def test_kernel_never_asks_a_follower_who_cannot_follow(action):
    # the blocked seat 1 played by "random" (a follow decision would draw from the stream)
    # and by an always-follower: the kernel plays both line-ups identically, stream included
    A = arrays(3)
    if action == "recruit":
        active = ("weights", {"send": 1, "kitten": 50, **QUIET})
        spec = [{"gold": 2, "food": 6}, {"gold": 0, "food": 4}, {"gold": 1, "food": 4}]
        tile = RECRUIT_TILE
    else:
        active = ("weights", {"send": 1, "stick": 50, **QUIET})
        spec = [{"food": 4}, {"awake": 1, "asleep": 1, "sticks": ALL_START_EDGES}, {}]
        tile = IRRIG_TILE
    out = []
    for blocked in ("random", ALWAYS_FOLLOW):
        st, g, lu = build(A, spec, bots=[active, blocked, ALWAYS_FOLLOW])
        only_tile(st, g, tile)
        rng = kernel_action(st, g, lu, 0)
        out.append((st, rng))
    (s1, r1), (s2, r2) = out
    assert np.array_equal(r1, r2)
    for name in ("food", "gold", "awake", "asleep", "nm", "stick", "field", "tile_used"):
        assert np.array_equal(getattr(s1, name), getattr(s2, name)), name
    assert s1.ev[C_FOLLOWS] == s2.ev[C_FOLLOWS] == 1


# ------------------------------------------------------------------------------ 7. feeding
def test_only_the_active_player_feeds():
    # three hungry families of 4 kittens (need 2 * 4 - 2 irrigated = 6). A whole turn of seat
    # 0 on Food: it wakes (+1), gathers, feeds. Seat 1 follows (+2 food) and seat 2 passes
    # (+1 food): neither feeds, neither takes a penalty.
    A = arrays(3)
    bots_ = [("weights", {"send": 2, "food": 1, **QUIET}), ALWAYS_FOLLOW, NEVER_FOLLOW]
    spec = [{"food": 3, "awake": 4}, {"food": 3, "awake": 4}, {"food": 0, "awake": 4}]
    st, g, lu = build(A, spec, bots=bots_)
    only_tile(st, g, FOOD_TILE)
    turn.take_turn(A, st, lu, 0, rng_of(g))
    g.turn += 1
    g.active = 0
    g.wake_up(0)
    g.sell_goods(0)
    g.action_phase(0)
    g.feed(0)
    assert same(st, g)
    n = int(st.aev[2, A_FOOD])
    assert 1 <= n <= 2 and st.awake[0] == 4 - n
    assert st.food[0] == 3 + 1 + int(A.yields[n - 1]) - 6 and st.penal[0] == 0
    assert st.food[1] == 3 + 2 and st.penal[1] == 0 and st.awake[1] == 3
    assert st.food[2] == 0 + 1 and st.penal[2] == 0
    assert list(st.penal) == [p.penalties for p in g.players]


def test_each_turn_has_one_feeding_of_the_active_player():
    # whole reference games: between two turn lines there is exactly one feeding line, the
    # active player's
    for players in (2, 4):
        A = arrays(players)
        g, _ = ref_game(A, lineup(["greedy", "random", "farmer", "breeder"][:players]), SEED, 1)
        active = None
        fed = []
        for line in g.lines:
            m = TURN_LINE.match(line)
            if m:
                if active is not None:
                    assert fed == [active]
                active, fed = int(m.group(2)), []
            m = FEED_LINE.match(line)
            if m:
                fed.append(int(m.group(1)))
        assert fed == [active]


# ------------------------------------------------------------------------------ 8. end round
@pytest.mark.parametrize("players", [2, 3, 4])
def test_game_ends_exactly_at_the_end_of_the_triggers_round(players):
    # the trigger's round r comes from the reference's per-turn records (not from its end
    # logic); both engines must play exactly r rounds. On the kernel, r is found on its own
    # too: bounded at r - 1 rounds, its game hits the bound with no trigger yet.
    A = arrays(players)
    names = ["greedy", "random", "farmer", "trader"][:players]
    lu = lineup(names)
    reasons = set()
    for game in range(4):
        g, turns = ref_game(A, lu, SEED, game, log=False)
        trig = [t for t in turns if t.trigger != E_NONE]
        assert trig, "the game ended without a trigger"
        r = trig[0].round
        reasons.add(trig[0].trigger)
        assert ref_end(g) == trig[0].trigger in (E_FIELD, E_STICK, E_TAKEN)
        assert g.round == r
        assert g.agg.counters[C_ROUNDS] == r and g.agg.counters[C_TURNS] == r * players
        st, end = kernel_game(A, lu, SEED, game)
        assert end == trig[0].trigger and same(st, g)
        assert st.info[I_ROUND] == r
        assert st.ev[C_ROUNDS] == r and st.ev[C_TURNS] == r * players
        if r > 1:
            stb, endb = kernel_game(arrays(players, max_rounds=r - 1), lu, SEED, game)
            assert endb == E_CAP and stb.info[I_ROUND] == r - 1
            assert stb.info[I_TRIGGER] == E_NONE
    assert reasons


def test_batches_end_at_the_triggers_round():
    # the production batch kernel (GAME.run_batch): its game-length histogram is the one of the
    # trigger rounds the reference records
    from simlab.games.jungle.game import GAME

    players, n = 3, 12
    rules = GAME.make_rules(players)
    lineup_ = GAME.lineup("greedy,random,breeder", players)
    prep = GAME.prepare(rules, lineup_)
    agg, _ = GAME.run_batch(prep, SEED, 0, n, False)
    want = np.zeros_like(agg["length_hist"])
    for game in range(n):
        g, turns = ref_game(prep.arrays, prep.lineup, SEED, game, log=False)
        want[next(t.round for t in turns if t.trigger != E_NONE)] += 1
    assert np.array_equal(agg["length_hist"], want)
