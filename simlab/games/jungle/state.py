"""Array layouts shared by the Jungle Rumble kernel, its bots and the reference engine.

The bots read a :class:`JungleState`; the kernel mutates one in place, and the reference engine
builds one from its own readable state before asking a bot for a decision.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simlab.core.custom import no_custom
from simlab.core.shape import LEAD_BINS, MARGIN_BINS, MAX_CHECKPOINTS, N_SHAPE_COUNTERS
from simlab.games.jungle.rules import N_ACTIONS, N_TILES

# info slots (I_FOLLOW: the action followers take while they decide, -1 otherwise; the box:
# I_FOOD_RES food units and I_GOLD_RES coins in the common reserve, I_IMPROV coins improvised
# from food tokens in play, I_PEN_LEFT penalty tokens left, I_FASIDE / I_SASIDE set-aside
# fields / sticks left; each meaningful only where its rule sets a limit)
(I_ROUND, I_FIRST, I_ACTIVE, I_TRIGGER, I_FSUP, I_SSUP, I_TURN, I_NCAND, I_FOLLOW, I_FOOD_RES,
 I_GOLD_RES, I_IMPROV, I_PEN_LEFT, I_FASIDE, I_SASIDE) = range(15)
N_INFO = 15

# end reasons (JungleAgg.end_reasons; JungleAgg.ends and the rows' ``end`` count E_* - 1):
# the rulebook's three (the last field tile, the last stick, an opponent's kitten taken), the
# reading ``no_workers_end`` and the modelling bound ``max_rounds`` (no rule ends the game there)
E_NONE, E_FIELD, E_STICK, E_TAKEN, E_STUCK, E_CAP = range(6)
END_NAMES = ("last_field", "last_stick", "kitten_taken", "no_workers",
             "modelling_round_bound")  # 1..5

# merchant kinds
M_FOOD, M_GOLD, M_UNSET = 0, 1, 2  # M_UNSET: a merchant whose kind comes with its first sale
# roles of a recruit (bot decision)
ROLE_WORKER, ROLE_FOOD_MERCHANT, ROLE_GOLD_MERCHANT = range(3)
# kittens to fire / give up: 0 a sleeping worker, 1 an awake worker, 2 + i merchant slot i
K_ASLEEP, K_AWAKE, K_MERCHANT = 0, 1, 2

# global counters (JungleAgg.counters)
(C_TURNS, C_ROUNDS, C_ROUND_CAP, C_FIELDS_SUPPLY, C_FIELDS_ASIDE, C_STICKS_SUPPLY,
 C_STICKS_ASIDE, C_FIELDS_BOARD, C_STICKS_BOARD, C_FSUP_END, C_SSUP_END, C_RECRUITED, C_TAKEN,
 C_FIRED, C_PENALTIES, C_KITTENS_END, C_NEGATIVE, C_ILLEGAL, C_WAKE_FREE, C_WAKE_PAID,
 C_AWAKE_BONUS, C_PASS_WAKE, C_PASS_FOOD, C_FOLLOWS, C_SOLD_FOOD, C_SOLD_GOLD, C_TILE_FOOD,
 C_FAMILY_BAD, C_FIRST_FOOD, C_GOODS_LOST, C_FOOD_SHORT, C_GOLD_IMPROVISED, C_FORCED_FIRE,
 C_BOX_BAD) = range(34)
COUNTER_NAMES = ("turns", "rounds", "round_cap_hits", "fields_from_supply", "fields_set_aside",
                 "sticks_from_supply", "sticks_set_aside", "fields_on_boards", "sticks_on_boards",
                 "field_supply_left", "stick_supply_left", "kittens_recruited", "kittens_taken",
                 "kittens_fired", "penalties", "kittens_at_end", "negative_tokens",
                 "illegal_bot_choices", "free_wake_ups", "paid_wake_ups", "all_awake_bonus",
                 "pass_wake_ups", "pass_food", "follows", "food_sold", "gold_sold",
                 "tile_food_taken", "family_out_of_range", "first_action_food",
                 "merchant_goods_lost", "food_short_in_reserve", "gold_improvised",
                 "fired_for_want_of_a_penalty_token", "box_not_conserved")
# per-seat counters (JungleAgg.seat)
(S_FIRST, S_PENALTIES, S_FIRED, S_RECRUITED, S_TAKEN, S_LOST, S_FIELDS, S_STICKS,
 S_MERCHANTS, S_FOLLOWS) = range(10)
SEAT_NAMES = ("first_player", "penalties", "fired", "recruited", "took_kittens",
              "lost_kittens", "fields_at_end", "sticks_at_end", "merchants_at_end", "follows")
# what each seat chose (JungleState.ch, JungleAgg.choice): the active player's actions (by
# action) and the kittens it sent, the follows (by the action followed) and the passes (by
# choice or without an awake worker: the rulebook's "passes" either way), the recruits by role
# (worker or merchant) and the kittens taken from opponents, the units sold to merchants, the
# food paid to wake kittens, the kittens fired and those left unfed (penalty tokens)
CHOICE_NAMES = ("action_food", "action_irrigation", "action_gold", "action_recruit",
                "action_fields", "kittens_sent", "follow_food", "follow_irrigation",
                "follow_gold", "follow_recruit", "follow_fields", "passes", "recruit_worker",
                "recruit_merchant", "kittens_taken", "sold_food", "sold_gold", "paid_wake_ups",
                "fired", "unfed")
CH_ACTION, CH_SENT, CH_FOLLOW, CH_PASS = 0, 5, 6, 11  # CH_ACTION + a, CH_FOLLOW + a
(CH_RECRUIT_WORKER, CH_RECRUIT_MERCHANT, CH_TAKEN, CH_SOLD_FOOD, CH_SOLD_GOLD, CH_WAKE_PAID,
 CH_FIRED, CH_UNFED) = range(12, 20)
N_CHOICE = len(CHOICE_NAMES)
# score breakdown (JungleAgg.breakdown; JungleAgg.src and the rows' ``source`` too): the final
# scoring's parts, summing to the score
BREAKDOWN = ("kittens", "sticks", "merchants_gold", "merchants_food", "reserve_gold",
             "reserve_food", "penalties")
N_BREAK = len(BREAKDOWN)

SCORE_BINS = 301   # score histogram: one bin per point (negative scores in bin 0)
ROUND_BINS = 40    # per-round records: rounds 1..40, later rounds in the last bin
FOOD_BINS = 64     # food reserve histogram: 0..63, more in the last bin
MAX_MERCH = 24     # merchant slots per player (every kitten tile of 4 families)


class JungleState(NamedTuple):
    """Mutable state of one game (arrays only)."""

    food: np.ndarray      # (P,) food tokens in the reserve
    gold: np.ndarray      # (P,) gold coins in the reserve
    awake: np.ndarray     # (P,) awake workers
    asleep: np.ndarray    # (P,) sleeping workers
    nm: np.ndarray        # (P,) merchants
    mkind: np.ndarray     # (P, MAX_MERCH) kind of merchant slot i (M_FOOD / M_GOLD / M_UNSET)
    mgoods: np.ndarray    # (P, MAX_MERCH) units on merchant slot i
    held: np.ndarray      # (P, P): kitten tiles of family f in player p's family
    penal: np.ndarray     # (P,) penalty tokens
    field: np.ndarray     # (P, NC) 1 where p has a field
    wet: np.ndarray       # (P, NC) 1 where p's field is irrigated
    stick: np.ndarray     # (P, NE) 1 where p has a stick
    nfield: np.ndarray    # (P,) fields
    nstick: np.ndarray    # (P,) sticks
    nwet: np.ndarray      # (P,) irrigated fields
    free_e: np.ndarray    # (P,) free edges next to p's fields (where a stick may go)
    inner_e: np.ndarray   # (P,) free edges between two of p's fields
    wet_free: np.ndarray  # (P,) free cells with one of p's sticks on an edge (a field placed
    #                       there is irrigated at once; greedy.wet_free_cells counts them)
    box: np.ndarray       # (P, 4) bounding box of p's fields: rmin, rmax, cmin, cmax
    tile_food: np.ndarray  # (N_TILES,) food on each action tile
    tile_used: np.ndarray  # (N_TILES,) 1 when chosen this round
    info: np.ndarray      # (N_INFO,)
    cand: np.ndarray      # (max(NC, NE),) scratch: legal cells / edges
    scores: np.ndarray    # (P,) final scores
    winners: np.ndarray   # (P,) 1 for winners
    bd: np.ndarray        # (P, N_BREAK) this game's score breakdown
    ev: np.ndarray        # (len(COUNTER_NAMES),) this game's counters
    sev: np.ndarray       # (P, len(SEAT_NAMES)) this game's per-seat counters
    ch: np.ndarray        # (P, N_CHOICE) this game's choices of each seat (CHOICE_NAMES)
    aev: np.ndarray       # (3, N_ACTIONS) this game's actions chosen, followed, workers sent
    cp: np.ndarray        # (MAX_CHECKPOINTS, P) this game's running scores after each round
    lcell: np.ndarray     # (P, NC) the cells where p may place a field (free, next to one of
    #                       p's fields), increasing: the first nlcell[p], kept as fields are placed
    nlcell: np.ndarray    # (P,) p's legal cells
    ledge: np.ndarray     # (P, NE) the edges where p may place a stick (free, of one of p's
    #                       fields), increasing: the first free_e[p], kept as pieces are placed
    nbr_fields: np.ndarray  # (P, NC) p's fields orthogonally next to each cell, kept as
    #                         fields are placed
    cell_sticks: np.ndarray  # (P, NC) p's sticks on the edges of each cell, kept as sticks
    #                          are placed
    score_base: np.ndarray  # (P,) p's points apart from its reserve food: kittens, sticks,
    #                         reserve gold, merchants' goods, penalty tokens; kept by every rule
    #                         that changes one of them (family.base_points counts them)


class JungleLineup(NamedTuple):
    """Bots of the seats: integer ids, parameter vectors and the line-up's custom bot function
    (see bots.py; ``no_custom`` when no seat plays a custom bot)."""

    ids: np.ndarray     # (P,) int64
    params: np.ndarray  # (P, K) float64
    custom: object = no_custom  # numba function (A, st, seat, kind, option, params) -> float


#: most options of the action decision: tiles x sides x (0..MAX_SEND workers, in codes of 8)
MAX_OPTIONS = 80


class JungleScratch(NamedTuple):
    """Scratch for the ``lookahead`` bot's playouts, allocated once per batch (or reference
    game) outside the kernels: a state to play on, the playout line-up (each seat's own bot; greedy for lookahead and custom seats),
    the options of a decision with their greedy values, and a stream for the playouts."""

    st: JungleState
    ids: np.ndarray     # (P,) int64: the playout line-up (with the line-up's custom function)
    params: np.ndarray  # (P, K) float64
    codes: np.ndarray   # (MAX_OPTIONS,) int64
    vals: np.ndarray    # (MAX_OPTIONS,) float64
    rng: np.ndarray     # (4,) uint64


class JungleAgg(NamedTuple):
    """Aggregates a batch fills (all integers, so sums do not depend on batching)."""

    wins: np.ndarray          # (P, P+1): games seat s won in a k-way tie
    score_sum: np.ndarray     # (P,)
    score_sumsq: np.ndarray   # (P,)
    score_hist: np.ndarray    # (P, SCORE_BINS)
    breakdown: np.ndarray     # (P, N_BREAK): points by source, summed over games
    food_hist: np.ndarray     # (P, ROUND_BINS, FOOD_BINS): food at the end of each round
    family_sum: np.ndarray    # (P, ROUND_BINS): family size at the end of each round, summed
    seat: np.ndarray          # (P, len(SEAT_NAMES))
    actions: np.ndarray       # (3, N_ACTIONS): chosen, followed, workers sent by the active
    end_reasons: np.ndarray   # (6,): games per end reason (index E_*)
    length_hist: np.ndarray   # (max_rounds + 2,): games by rounds played
    counters: np.ndarray      # (len(COUNTER_NAMES),)
    shape_counters: np.ndarray  # (N_SHAPE_COUNTERS,) game shape (simlab.core.shape)
    lead_hist: np.ndarray     # (LEAD_BINS,)
    margin_hist: np.ndarray   # (MARGIN_BINS,)
    leader_wins: np.ndarray   # (MAX_CHECKPOINTS, 2)
    src: np.ndarray           # (P, N_BREAK): points by source (the explanation: = breakdown)
    choice: np.ndarray        # (P, N_CHOICE): choices by kind (CHOICE_NAMES)
    ends: np.ndarray          # (len(END_NAMES),): games by how they ended (end_reasons[1:])
    length: np.ndarray        # (2,): sum and sum of squares of the rounds played


def new_state(n_players: int, n_cells: int, n_edges: int) -> JungleState:
    """Allocate a zeroed state."""
    p = n_players
    i8 = np.int64

    def z(*shape):
        return np.zeros(shape, i8)

    return JungleState(z(p), z(p), z(p), z(p), z(p), z(p, MAX_MERCH), z(p, MAX_MERCH), z(p, p),
                       z(p), z(p, n_cells), z(p, n_cells), z(p, n_edges), z(p), z(p), z(p), z(p),
                       z(p), z(p), z(p, 4), z(N_TILES), z(N_TILES), z(N_INFO),
                       z(max(n_cells, n_edges)), z(p), z(p), z(p, N_BREAK),
                       z(len(COUNTER_NAMES)), z(p, len(SEAT_NAMES)), z(p, N_CHOICE),
                       z(3, N_ACTIONS),
                       z(MAX_CHECKPOINTS, p), z(p, n_cells), z(p), z(p, n_edges),
                       z(p, n_cells), z(p, n_cells), z(p))


def new_agg(n_players: int, max_rounds: int) -> JungleAgg:
    """Allocate zeroed aggregates."""
    p = n_players
    i8 = np.int64
    return JungleAgg(np.zeros((p, p + 1), i8), np.zeros(p, i8), np.zeros(p, i8),
                     np.zeros((p, SCORE_BINS), i8), np.zeros((p, N_BREAK), i8),
                     np.zeros((p, ROUND_BINS, FOOD_BINS), i8), np.zeros((p, ROUND_BINS), i8),
                     np.zeros((p, len(SEAT_NAMES)), i8), np.zeros((3, N_ACTIONS), i8),
                     np.zeros(6, i8), np.zeros(max_rounds + 2, i8),
                     np.zeros(len(COUNTER_NAMES), i8), np.zeros(N_SHAPE_COUNTERS, i8),
                     np.zeros(LEAD_BINS, i8), np.zeros(MARGIN_BINS, i8),
                     np.zeros((MAX_CHECKPOINTS, 2), i8), np.zeros((p, N_BREAK), i8),
                     np.zeros((p, N_CHOICE), i8), np.zeros(len(END_NAMES), i8),
                     np.zeros(2, i8))
