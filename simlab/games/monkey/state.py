"""Array layouts shared by the Monkey Fun kernel, its bots and the reference engine.

The bots read a :class:`MonkeyState`; the kernel mutates one in place, and the reference engine
builds one from its own readable state before asking a bot for a decision. A second state of the
same shape is the bots' scratch board for playouts (the ``lookahead`` bot).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simlab.core.custom import no_custom
from simlab.core.shape import LEAD_BINS, MARGIN_BINS, MAX_CHECKPOINTS, N_SHAPE_COUNTERS
from simlab.games.monkey.rules import MAX_HAND, N_CELLS, SIDE

# info slots
I_NDRAW, I_NDISC, I_TURN, I_TOWERS, I_LAST, I_CUR, I_END = range(7)
#: info slot: 1 when the game keeps the evaluation bots' data (``fval``/``fok``, ``kb``...):
#: set by the kernel's game loop when a seat plays an evaluation bot, 0 elsewhere (playouts,
#: positions set up by hand), where the rules leave that data alone and the bots do not read it
I_KEEP = 7
#: info slot: bit q set when seat q keeps upper bounds of its field values (``kb``)
I_BOUNDS = 8
#: info slot: how the game ended, an index into :data:`WAY_NAMES` (the explanation's ``ends``)
I_WAY = 9
N_INFO = 10

# end reasons (MonkeyAgg.end_reasons)
E_NONE, E_ROW, E_SQUARE, E_POINTS, E_SOLO_WIN, E_SOLO_LOSS = range(6)
END_NAMES = ("row", "square", "points", "solo_win", "solo_loss")  # reasons 1..5

# the explanation of a result (``Game.score_sources``, ``choice_names``, ``end_names``): where
# each seat's points came from (summing to its score), what it chose turn by turn, how the game
# ended (finer than the end reasons: the solo loss by its cause, the modelling bound apart)
#: score sources: normal and quick game, the final scoring's field numbers by how the field was
#: held at the end (a majority, or owned by the 2-more rule; a row-ended game scores them too);
#: solo, the last field's number (plus) and the minus-tower fields (minus; 0 on a loss)
SRC_MAJORITY, SRC_OWNED, SRC_LAST, SRC_TOWERS = range(4)
SOURCE_NAMES = ("majority_fields", "owned_fields", "last_field", "minus_towers")
#: choices (per seat and game; a placement may count in several of the placement kinds):
#: plays by the number of cards (4plus: 4, or more when hand_size allows), the placement's
#: effect (normal and quick game: gains the field's majority, gains it in a line still open to
#: the seat holding 2 of its majorities or more, blocks an opponent's line one monkey from
#: complete, breaks an opponent's majority, takes the field by the 2-more rule, a monkey on the
#: seat's own field that goes to the box), hands discarded (no playable card; forced), and in
#: solo the placement's kind (covers a free square field, builds a minus tower, raises one)
(X_CARDS_1, X_CARDS_2, X_CARDS_3, X_CARDS_4, X_MAJORITY, X_BUILD, X_BLOCK, X_CONTEST,
 X_TAKE_FIELD, X_OWN_FIELD, X_DISCARD, X_COVER, X_NEW_TOWER, X_RAISE_TOWER) = range(14)
CHOICE_NAMES = ("cards_1", "cards_2", "cards_3", "cards_4plus", "gain_majority", "build",
                "block", "contest", "take_field", "own_field", "discard_hand", "cover",
                "new_tower", "raise_tower")
#: how a game ends: a row of 4, a 2x2 square (quick), the supplies run out (final scoring),
#: solo won, solo lost with no field to name even by a minus tower, solo lost when the rounds
#: (or the monkeys) run out, solo lost by completing the square too early (solo_min_round),
#: and the modelling bound max_turns (not a rule: counted apart)
(W_ROW, W_SQUARE, W_POINTS, W_SOLO_WIN, W_SOLO_STUCK, W_SOLO_ROUNDS, W_SOLO_EARLY,
 W_TURN_CAP) = range(8)
WAY_NAMES = ("row", "square", "points", "solo_win", "solo_stuck", "solo_rounds", "solo_early",
             "turn_cap")

# global counters (MonkeyAgg.counters)
(C_TURNS, C_PLACED, C_DISCARDS, C_BOXED_SUPPLY, C_BOXED_BOARD, C_OWNED, C_RESHUFFLES,
 C_CARDS_PLAYED, C_CARDS_DRAWN, C_CARD_ERRORS, C_TURN_CAP, C_SUPPLY_END, C_BOARD_END,
 C_ILLEGAL, C_FIRST_UNPLAYABLE, C_TOWER_MONKEYS, C_TOWERS, C_FINAL_REMOVED,
 C_OWNER_EXTRA, C_OWNER_EXTRA_VOLUNTARY) = range(20)
COUNTER_NAMES = ("turns", "monkeys_placed", "hands_discarded", "monkeys_boxed_from_supply",
                 "monkeys_boxed_from_board", "fields_owned", "reshuffles", "cards_played",
                 "cards_drawn", "card_conservation_errors", "turn_cap_hits", "supply_at_end",
                 "board_at_end", "illegal_bot_choices", "first_hand_unplayable",
                 "tower_monkeys", "towers_built", "final_minority_removed",
                 "owner_extra_boxed", "owner_extra_voluntary")
# per-seat counters (MonkeyAgg.seat)
S_PLACED, S_DISCARDS, S_BOXED_BOARD, S_OWNED, S_ROW_WINS, S_POINTS, S_FIELDS = range(7)
SEAT_NAMES = ("monkeys_placed", "hands_discarded", "monkeys_boxed_from_board", "fields_owned",
              "immediate_wins", "points_at_end", "fields_scored")

SCORE_BINS = 667  # points are at most 1 + 2 + ... + 36 = 666
SOLO_OFFSET = 150  # solo score histogram: bin = score + SOLO_OFFSET (scores -150..36)
SOLO_BINS = SOLO_OFFSET + 37
N_MASKS = 1 << MAX_HAND
#: winning shapes at most: rows of 4 (horizontal, vertical, both diagonals) and the quick game's
#: 2x2 squares on the 6x6 board (54 + 25)
MAX_SHAPES = 2 * SIDE * (SIDE - 3) + 2 * (SIDE - 3) ** 2 + (SIDE - 1) ** 2
#: ``MonkeyState.lines``: bit OWNED + q is set when player q owns a field of the shape (below
#: it, 4 bits per player count the player's majorities in the shape)
OWNED = 16
#: game shape (simlab.core.shape): checkpoints at the tenths of the game, i/10 for i = 1..9
N_TENTHS = 9


class MonkeyState(NamedTuple):
    """Mutable state of one game (arrays only)."""

    counts: np.ndarray   # (36, P) int64: monkeys of player p on cell c
    owner: np.ndarray    # (36,) int64: owner of the cell or -1
    maj: np.ndarray      # (36,) int64: player with the majority (or owner) or -1
    supply: np.ndarray   # (P,) int64: monkeys still to place
    boxed: np.ndarray    # (P,) int64: monkeys in the box
    hand: np.ndarray     # (P, MAX_HAND) int64: card values, slots 0..hand_n-1
    hand_n: np.ndarray   # (P,) int64
    draw: np.ndarray     # (N,) int64: draw pile, top card at draw[n_draw - 1]
    discard: np.ndarray  # (N,) int64: discard pile in discard order
    info: np.ndarray     # (N_INFO,) int64: draw/discard sizes, turn, towers, last cell, ...
    masks: np.ndarray    # (N_MASKS,) int64: legal card subsets (bitmasks over hand slots)
    cells: np.ndarray    # (N_MASKS,) int64: the cell each legal subset names
    vals: np.ndarray     # (N_MASKS,) float64: bots' scratch values
    pool: np.ndarray     # (N,) int64: bots' scratch (unseen cards)
    scores: np.ndarray   # (P,) int64: final scores
    winners: np.ndarray  # (P,) int64: 1 for winners
    best: np.ndarray     # (P,) int64: highest scoring field (tie-break)
    points: np.ndarray   # (P,) int64: points (field numbers held at the end)
    ev: np.ndarray       # (len(COUNTER_NAMES),) int64: this game's counters
    sev: np.ndarray      # (P, len(SEAT_NAMES)) int64: this game's per-seat counters
    fev: np.ndarray      # (3, 36) int64: this game's placements, ownerships, scored fields
    sub: np.ndarray      # (4,) uint64: bots' scratch random stream (solo search)
    run: np.ndarray      # (P,) int64: game shape: running scores (final scoring on the position)
    trail: np.ndarray    # (turns + 1, P) int64: running scores after turn t (row 0: the start)
    cp: np.ndarray       # (N_TENTHS, P) int64: running scores at the checkpoint turns
    lines: np.ndarray    # (MAX_SHAPES,) int64: per winning shape s (A.shapes): bits 4q..4q+3
    #                      the fields of s where player q has the majority, bit OWNED + q set
    #                      if q owns a field of s (kept up to date with maj and owner)
    psum: np.ndarray     # (N_MASKS,) int64: card total of each subset of the hand legal_plays
    #                      last enumerated (bitmask over its slots)
    pk: np.ndarray       # (N_MASKS,) int64: cards in each such subset
    closed: np.ndarray   # (P,) int64: bit n set: player q may not place on field number n
    #                      (owned by another player; by q too when owner_may_place is off)
    fval: np.ndarray     # (P, 36) float64: the evaluation bots' kept value of each field for
    #                      seat q (``policies.evaluation_play``), valid where ``fok`` says so
    fok: np.ndarray      # (P,) int64: bit c set: ``fval[q, c]`` is still the value of field c
    #                      for q (nothing it reads has changed since; the rules clear the bits)
    flead: np.ndarray    # (P,) int64: the leader ``fval[q]`` was computed against
    kb: np.ndarray       # (P, 36) float64: an upper bound of field c's value for seat q,
    #                      valid where ``kbv`` says so; the rules raise it when the value can
    #                      rise (``policies.seat_bounds``)
    kbv: np.ndarray      # (P,) int64: bit c set: ``kb[q, c]`` is an upper bound
    kgain: np.ndarray    # (P,) int64: bit c set: q's monkey on c would gain its majority (as
    #                      when ``kb[q, c]`` was set; it holds while ``kbv`` does)
    kinc: np.ndarray     # (P, 11) float64: seat q's rises of a bound (``policies.seat_bounds``)
    pcost: np.ndarray    # (N_MASKS,) float64: legal play i's cards plus their sum / 10
    #                      (``legal_plays`` lists it with ``masks``/``cells``; ``play_cost``)
    xsrc: np.ndarray     # (P, len(SOURCE_NAMES)) int64: this game's points by source
    xch: np.ndarray      # (P, len(CHOICE_NAMES)) int64: this game's choices by kind
    ic: np.ndarray       # (4, 37) int64: solo planner's scratch (card counting, by value:
    #                      the unseen cards, a draw's pool, its values, the drawn indices)
    fc: np.ndarray       # (37,) float64: solo planner's counted reach of each field number
    hb: np.ndarray       # (N + MAX_HAND,) int64: solo planner's scratch hand (kept + drawn)
    ss: np.ndarray       # (2, N_MASKS) int64: solo planner's scratch subset sums and sizes


class MonkeyLineup(NamedTuple):
    """Bots of the seats: integer ids, parameter vectors and the line-up's custom bot function
    (see bots.py; ``no_custom`` when no seat plays a custom bot)."""

    ids: np.ndarray     # (P,) int64
    params: np.ndarray  # (P, K) float64
    custom: object = no_custom  # numba function (A, st, seat, kind, option, params) -> float


class MonkeyAgg(NamedTuple):
    """Aggregates a batch fills (all integers, so sums do not depend on batching)."""

    wins: np.ndarray          # (P, P+1): games seat s won in a k-way tie
    score_sum: np.ndarray     # (P,)
    score_sumsq: np.ndarray   # (P,)
    score_hist: np.ndarray    # (P, SCORE_BINS)
    end_reasons: np.ndarray   # (6,): games per end reason (index E_*)
    length_hist: np.ndarray   # (len_bins,): games by number of turns
    field_played: np.ndarray  # (36,) by cell: monkeys placed
    field_owned: np.ndarray   # (36,) by cell: games in which it became owned
    field_scored: np.ndarray  # (36,) by cell: points-ended games in which someone scored it
    solo_hist: np.ndarray     # (SOLO_BINS,): solo successes by score + SOLO_OFFSET
    counters: np.ndarray      # (len(COUNTER_NAMES),)
    seat: np.ndarray          # (P, len(SEAT_NAMES))
    shape_counters: np.ndarray  # (N_SHAPE_COUNTERS,) game shape (simlab.core.shape)
    lead_hist: np.ndarray     # (LEAD_BINS,)
    margin_hist: np.ndarray   # (MARGIN_BINS,)
    leader_wins: np.ndarray   # (MAX_CHECKPOINTS, 2)
    src: np.ndarray           # (P, len(SOURCE_NAMES)): points by source (a seat key)
    choice: np.ndarray        # (P, len(CHOICE_NAMES)): choices by kind (a seat key)
    ends: np.ndarray          # (len(WAY_NAMES),): games by how they ended
    length: np.ndarray        # (2,): sum and sum of squares of the game length in turns


def new_state(n_players: int, n_cards: int, turns: int = 0) -> MonkeyState:
    """Allocate a zeroed state; ``turns``: the most turns a game can take (the game-shape trail
    has a row per turn; 0 for the bots' views and playout boards, which keep none)."""
    p, n = n_players, n_cards
    i8 = np.int64
    return MonkeyState(np.zeros((N_CELLS, p), i8), np.full(N_CELLS, -1, i8),
                       np.full(N_CELLS, -1, i8), np.zeros(p, i8), np.zeros(p, i8),
                       np.zeros((p, MAX_HAND), i8), np.zeros(p, i8), np.zeros(n, i8),
                       np.zeros(n, i8), np.zeros(N_INFO, i8), np.zeros(N_MASKS, i8),
                       np.zeros(N_MASKS, i8), np.zeros(N_MASKS, np.float64), np.zeros(n, i8),
                       np.zeros(p, i8), np.zeros(p, i8), np.zeros(p, i8), np.zeros(p, i8),
                       np.zeros(len(COUNTER_NAMES), i8), np.zeros((p, len(SEAT_NAMES)), i8),
                       np.zeros((3, N_CELLS), i8), np.zeros(4, np.uint64), np.zeros(p, i8),
                       np.zeros((turns + 1, p), i8), np.zeros((N_TENTHS, p), i8),
                       np.zeros(MAX_SHAPES, i8), np.zeros(N_MASKS, i8), np.zeros(N_MASKS, i8),
                       np.zeros(p, i8), np.zeros((p, N_CELLS)), np.zeros(p, i8),
                       np.full(p, -1, i8), np.zeros((p, N_CELLS)), np.zeros(p, i8),
                       np.zeros(p, i8), np.zeros((p, 11)), np.zeros(N_MASKS),
                       np.zeros((p, len(SOURCE_NAMES)), i8), np.zeros((p, len(CHOICE_NAMES)), i8),
                       np.zeros((4, N_CELLS + 1), i8), np.zeros(N_CELLS + 1),
                       np.zeros(n + MAX_HAND, i8), np.zeros((2, N_MASKS), i8))


def new_agg(n_players: int, len_bins: int) -> MonkeyAgg:
    """Allocate zeroed aggregates."""
    p = n_players
    i8 = np.int64
    return MonkeyAgg(np.zeros((p, p + 1), i8), np.zeros(p, i8), np.zeros(p, i8),
                     np.zeros((p, SCORE_BINS), i8), np.zeros(6, i8), np.zeros(len_bins, i8),
                     np.zeros(N_CELLS, i8), np.zeros(N_CELLS, i8), np.zeros(N_CELLS, i8),
                     np.zeros(SOLO_BINS, i8), np.zeros(len(COUNTER_NAMES), i8),
                     np.zeros((p, len(SEAT_NAMES)), i8), np.zeros(N_SHAPE_COUNTERS, i8),
                     np.zeros(LEAD_BINS, i8), np.zeros(MARGIN_BINS, i8),
                     np.zeros((MAX_CHECKPOINTS, 2), i8), np.zeros((p, len(SOURCE_NAMES)), i8),
                     np.zeros((p, len(CHOICE_NAMES)), i8), np.zeros(len(WAY_NAMES), i8),
                     np.zeros(2, i8))
