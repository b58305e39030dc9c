"""Array layouts shared by the Jelly kernel, its bots and the reference engine.

The bots read a :class:`JellyState`; the kernel mutates one in place, and the reference engine
builds one from its own readable state before asking a bot for a decision.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simlab.core.custom import no_custom
from simlab.core.shape import LEAD_BINS, MARGIN_BINS, MAX_CHECKPOINTS, N_SHAPE_COUNTERS
from simlab.games.jelly.roster import BOT_LOOKAHEAD, GREEDY_W

# info slots
I_ROUND, I_POD_STACK, I_FLIPPED, I_DRONE = range(4)

# global counters (JellyAgg.counters)
C_CANCELLED, C_TIMER_LOST, C_REMOVALS, C_MOVES, C_CENTER_PODS, C_LOCKS, C_FLIPS = range(7)
C_PASSES, C_PLACED, C_STEP_CAP, C_EITHER_DISAGREE, C_PODS_SHORT, C_STEPS = range(7, 13)
C_BOUND_LOST, C_BOUND_ENDS, C_BOUND_FLIPS = range(13, 16)
#: ``step_cap_hits``: rounds that reached the modelling bound on roll steps
#: (``max_steps_per_round``); of them, ``rounds_ended_by_bound`` ended there (their unplaced
#: dice ``dice_lost_to_bound``, not to the timer) and ``bound_flips`` had the timer flipped
#: there (reading ``round_end_without_flip``); ``timer_flips`` are the players' flips
COUNTER_NAMES = ("dice_cancelled", "dice_lost_to_timer", "removals", "target_moves",
                 "center_pods", "lock_downs", "timer_flips", "passes", "dice_placed",
                 "step_cap_hits", "either_disagreements", "pods_short", "roll_steps",
                 "dice_lost_to_bound", "rounds_ended_by_bound", "bound_flips")
# per-seat counters (JellyAgg.seat)
S_CANCELLED, S_TIMER_LOST, S_REMOVALS, S_MOVES, S_CENTER_PODS, S_CONTROLS, S_PLACED = range(7)
S_PODS_END, S_BOUND_LOST = 7, 8
SEAT_NAMES = ("dice_cancelled", "dice_lost_to_timer", "removals", "target_moves", "center_pods",
              "districts_controlled", "dice_placed", "pods_at_end", "dice_lost_to_bound")
SCORE_BINS = 256  # score histogram: one bin per jelly, the last bin holds >= 255

# explaining a result (``Game.score_sources`` / ``choice_names`` / ``end_names``): where a
# seat's points came from (JellyAgg.src; they sum to its score) ...
SRC_START, SRC_DISTRICT, SRC_PODIUM, SRC_RECEIVED, SRC_GIVEN, SRC_PODS = range(6)
SOURCE_NAMES = ("starting_jelly", "district_rewards", "podium_places", "gifts_received",
                "gifts_given", "jelly_pods")
# ... what its bot chose (JellyAgg.choice): a roll step is one of the first four; a cancelling
# placement is also one of the first three ...
CH_PLACE, CH_REMOVE, CH_MOVE, CH_ROLL_AGAIN, CH_CANCELLING, CH_LOCK, CH_FLIP = range(7)
CHOICE_NAMES = ("placements", "removals", "target_moves", "roll_agains",
                "cancelling_placements", "lock_downs", "timer_flips")
# ... and how the game ended (JellyAgg.ends): every game ends after its rounds; one in which a
# round was ended by the modelling bound on its roll steps is an end of its own
END_ROUNDS, END_STEP_BOUND = range(2)
END_NAMES = ("rounds", "step_bound")  # step_bound: a round reached max_steps_per_round


class JellyState(NamedTuple):
    """Mutable state of one game (arrays only)."""

    dice: np.ndarray       # (D, P, 7) int64: dice of player p showing value v on district d
    eff: np.ndarray        # (D, P) int64: total of values held exactly once (survives cancel)
    ndice: np.ndarray      # (D, P) int64: dice of player p on district d
    center: np.ndarray     # (P,) int64: dice of player p on the city center
    target: np.ndarray     # (D,) int64: zone of the Target marker (0 = first zone)
    locked: np.ndarray     # (D,) int64: player whose screen locks the district, or -1
    jelly: np.ndarray      # (P,) int64
    pods: np.ndarray       # (P,) int64: jelly-pods held
    n_left: np.ndarray     # (P,) int64: dice not yet placed this round
    roll: np.ndarray       # (7,) int64: the acting player's current roll, counts per value
    info: np.ndarray       # (4,) int64: round, pod stack, timer flipped, drone district
    next_time: np.ndarray  # (P,) float64: when each player acts next (interleaving clock)
    values: np.ndarray     # (P, D, 3) float64: bots' scratch, the opponents' zone values (deny)
    deadline: np.ndarray   # (1,) float64: when the flipped sand timer runs out (inf before)
    nlive: np.ndarray      # (D, P) int64: dice of p on d that survive cancellation (values
    #                        held exactly once): the count a 'number of dice' reward reads
    rank_d: np.ndarray     # (D,) int64: bots' scratch, a random order of the districts (ties)
    rank_p: np.ndarray     # (P,) int64: bots' scratch, a random order of the players (ties)
    bound: np.ndarray      # (2, D) float64: bots' scratch, upper bounds of a decision's scores
    #                        on each district: its placements and moves (0), its removals (1)
    tops: np.ndarray       # (4, D) int64: bots' scratch, per district for the deciding player:
    #                        the best opponent total, its owner, the best without him, podium
    zone_val: np.ndarray   # (P, D, 3) float64: kept by the bots (``bestfirst.refresh_zones``),
    #                        a memo: p's value of each zone of d with one more die there that
    #                        survives cancellation (``zone_worth``), valid while zone_key holds
    zone_key: np.ndarray   # (P, D) int64: what zone_val[p, d] was computed from (``zone_key``:
    #                        p's surviving dice on d, the neighbours' targets, p's jelly and
    #                        pods, pods left); 0: never computed
    rerolls: np.ndarray    # (P,) int64: rolls in a row each player made this round without
    #                        placing a die (``roll_again_limit``; ``timer.may_roll_again``)


class JellyLineup(NamedTuple):
    """Bots of the seats: integer ids, parameter vectors (see roster.py) and the line-up's custom
    bot function (``simlab.core.custom``; seats with id ``CUSTOM_ID`` use it)."""

    ids: np.ndarray     # (P,) int64
    params: np.ndarray  # (P, K) float64
    custom: object = no_custom


class JellyAgg(NamedTuple):
    """Aggregates a batch fills (all integers, so sums do not depend on batching)."""

    wins: np.ndarray          # (P, P+1): games seat s won in a k-way tie
    score_sum: np.ndarray     # (P,)
    score_sumsq: np.ndarray   # (P,)
    score_hist: np.ndarray    # (P, SCORE_BINS)
    district_control: np.ndarray  # (D,) rounds with a controlling player
    district_jelly: np.ndarray    # (D,) net jelly the controlling players gained there
    district_pods: np.ndarray     # (D,) pods the controlling players gained there
    counters: np.ndarray      # (len(COUNTER_NAMES),)
    seat: np.ndarray          # (P, len(SEAT_NAMES))
    shape_counters: np.ndarray  # (N_SHAPE_COUNTERS,) game shape (simlab.core.shape)
    lead_hist: np.ndarray     # (LEAD_BINS,)
    margin_hist: np.ndarray   # (MARGIN_BINS,)
    leader_wins: np.ndarray   # (MAX_CHECKPOINTS, 2)
    src: np.ndarray           # (P, len(SOURCE_NAMES)) points by source (sum: score_sum)
    choice: np.ndarray        # (P, len(CHOICE_NAMES)) decisions by kind
    ends: np.ndarray          # (len(END_NAMES),) games by how they ended
    length: np.ndarray        # (2,) sum and sum of squares of the roll steps per game


class JellyScratch(NamedTuple):
    """Scratch arrays of the kernel (so that rule helpers never allocate)."""

    order: np.ndarray    # (P,) int64: gift order
    ctrl: np.ndarray     # (P,) bool: controlling players of the district being scored
    pmask: np.ndarray    # (P,) bool: players due a jelly-pod
    jel0: np.ndarray     # (P,) int64: jelly before a district's reward
    pod0: np.ndarray     # (P,) int64: pods before a district's reward
    scores: np.ndarray   # (P,) int64: final scores of the current game
    winners: np.ndarray  # (P,) bool
    rng: np.ndarray      # (4,) uint64: the current game's stream
    cp: np.ndarray       # (MAX_CHECKPOINTS, P) int64: running scores after each round
    src0: np.ndarray     # (P, len(SOURCE_NAMES)) int64: agg.src when the game began
    ch0: np.ndarray      # (P, len(CHOICE_NAMES)) int64: agg.choice when the game began
    mark: np.ndarray     # (2,) int64: the roll-step and step-bound counters when it began


class JellySearch(NamedTuple):
    """Scratch of the ``lookahead`` bot (allocated once per batch, never inside a rule)."""

    sim: JellyState       # the playout's copy of the game
    agg: JellyAgg         # playouts' counters (thrown away)
    rng: np.ndarray       # (4,) uint64: the playout's own stream
    codes: np.ndarray     # (K,) int64: option codes of a decision
    scores: np.ndarray    # (K,) float64: their greedy evaluation
    cand: np.ndarray      # (K,) int64: indices of the options tried
    result: np.ndarray    # (P,) int64: final scores of a playout
    w: np.ndarray         # (N_PARAMS,) float64: greedy's weights, the playouts' policy


def new_search(n_players: int, n_districts: int) -> JellySearch:
    """Allocate the lookahead scratch (K: every placement code fits). Kernels take it as their
    ``S`` argument only when a seat plays ``lookahead`` (see :func:`search_for`)."""
    k = n_districts * 512 + 1
    return JellySearch(new_state(n_players, n_districts), new_agg(n_players, n_districts),
                       np.zeros(4, np.uint64), np.zeros(k, np.int64), np.zeros(k, np.float64),
                       np.zeros(k, np.int64), np.zeros(n_players, np.int64),
                       GREEDY_W.copy())


def search_for(lineup: JellyLineup, n_players: int, n_districts: int) -> JellySearch | None:
    """The lookahead scratch when a seat of ``lineup`` plays ``lookahead``, else None: the
    kernel is then compiled without the search (a smaller, faster-compiling entry point)."""
    if np.any(np.asarray(lineup.ids) == BOT_LOOKAHEAD):
        return new_search(n_players, n_districts)
    return None


def new_scratch(n_players: int, n_districts: int | None = None) -> JellyScratch:
    """Allocate scratch arrays (``n_districts`` is accepted for symmetry with the other
    allocators; the scratch is sized by the players only)."""
    p = n_players
    return JellyScratch(np.zeros(p, np.int64), np.zeros(p, np.bool_), np.zeros(p, np.bool_),
                        np.zeros(p, np.int64), np.zeros(p, np.int64), np.zeros(p, np.int64),
                        np.zeros(p, np.bool_), np.zeros(4, np.uint64),
                        np.zeros((MAX_CHECKPOINTS, p), np.int64),
                        np.zeros((p, len(SOURCE_NAMES)), np.int64),
                        np.zeros((p, len(CHOICE_NAMES)), np.int64), np.zeros(2, np.int64))


def new_state(n_players: int, n_districts: int) -> JellyState:
    """Allocate a zeroed state."""
    p, d = n_players, n_districts
    i8 = np.int64
    return JellyState(np.zeros((d, p, 7), i8), np.zeros((d, p), i8), np.zeros((d, p), i8),
                      np.zeros(p, i8), np.zeros(d, i8), np.full(d, -1, i8), np.zeros(p, i8),
                      np.zeros(p, i8), np.zeros(p, i8), np.zeros(7, i8), np.zeros(4, i8),
                      np.zeros(p, np.float64), np.zeros((p, d, 3), np.float64),
                      np.full(1, np.inf), np.zeros((d, p), i8), np.arange(d, dtype=i8),
                      np.arange(p, dtype=i8), np.zeros((2, d), np.float64),
                      np.zeros((4, d), i8), np.zeros((p, d, 3), np.float64),
                      np.zeros((p, d), i8), np.zeros(p, i8))


def new_agg(n_players: int, n_districts: int) -> JellyAgg:
    """Allocate zeroed aggregates."""
    p, d = n_players, n_districts
    i8 = np.int64
    return JellyAgg(np.zeros((p, p + 1), i8), np.zeros(p, i8), np.zeros(p, i8),
                    np.zeros((p, SCORE_BINS), i8), np.zeros(d, i8), np.zeros(d, i8),
                    np.zeros(d, i8), np.zeros(len(COUNTER_NAMES), i8),
                    np.zeros((p, len(SEAT_NAMES)), i8), np.zeros(N_SHAPE_COUNTERS, i8),
                    np.zeros(LEAD_BINS, i8), np.zeros(MARGIN_BINS, i8),
                    np.zeros((MAX_CHECKPOINTS, 2), i8), np.zeros((p, len(SOURCE_NAMES)), i8),
                    np.zeros((p, len(CHOICE_NAMES)), i8), np.zeros(len(END_NAMES), i8),
                    np.zeros(2, i8))
