"""Array layouts shared by the Monsters on Board kernel, its bots and the reference engine.

Per-player arrays follow DESIGN.md (Order ``order_col/order_rank``, ``sj``, ``summon``, Grunt
slots ``grunt_col/grunt_pos`` with positions -1 start spot, -2 gain-Grunt spot, 0..S-1 path,
S final area; Minions at -1 (start spot) or a path space; ``ghost_at``). The kernel mutates one
:class:`MonstersState` in place; the reference engine builds one from its own state to ask a bot.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simlab.core.custom import no_custom
from simlab.core.ref import rule
from simlab.core.shape import LEAD_BINS, MARGIN_BINS, MAX_CHECKPOINTS, N_SHAPE_COUNTERS
from simlab.games.monsters.actions import N_ACTIONS
from simlab.games.monsters.cards import MAX_COND

MAX_GRUNTS = 12
N_MINIONS = 6
ROWS, COLS = 3, 6
DRIVE = 4           # Driveway spaces / dice per Fearmobile
MAX_ARCH = 24       # Arch Monster cards a player can hold
STACK = 96          # pending-action stack
LANDED = 64         # actions the Grunts of one move can land on (12 Grunts x printed + Ghost)
START, GAIN_SPOT = -1, -2
FAMILY, SOLO1, SOLO2 = 1, 2, 3  # A.mode of family mode and the solo modes (rules.MODES)

# info slots
(I_ROUND, I_FIRST, I_GTOP, I_ATOP, I_JUST_ROW, I_JUST_COL, I_SJ_SCORE, I_BOUGHT, I_SP,
 I_CARD, I_SJ_COLOUR, I_NDECK, I_DECKTOP, I_BOX, I_UNSCORED, I_ACTOR, I_PASSES, I_SPOOK_N,
 I_SPOOK_STAGE) = range(19)
N_INFO = 19
# I_PASSES, I_SPOOK_N, I_SPOOK_STAGE: Spook-phase bookkeeping (consecutive passes, purchases so
# far, solo 2: 0 during the single first turn, 1 after) so a lookahead bot can resume the phase

# global counters (MonstersAgg.counters)
(C_GAMES, C_ROUNDS, C_DICE_BAD, C_MALICE_BAD, C_GRUNT_BAD, C_MINION_BAD, C_ILLEGAL,
 C_DRAWN, C_TO_BAG, C_TO_BOX, C_GHOSTS_BOUGHT, C_ARCH_BOUGHT, C_ARCH_USED, C_SPOOK_TURNS,
 C_PASSES, C_GAIN_GRUNTS, C_NO_GRUNT, C_SUMMONS, C_SUMMON_MISSED, C_SOLO_DISCARD_G,
 C_SOLO_DISCARD_A, C_SJ_GHOSTS, C_SJ_DICE_SCORED, C_SJ_POINTS, C_SJ_WINS, C_ACTIONS_DONE,
 C_ACTIONS_SKIPPED, C_GRUNT_MOVES, C_FINAL_ARRIVALS, C_EMPTY_MARKET, C_SHARED, C_TIEBREAK,
 C_COURT_DICE) = range(33)
COUNTER_NAMES = ("games", "rounds", "dice_not_conserved", "malice_out_of_range",
                 "grunt_errors", "minion_errors", "illegal_bot_choices", "dice_drawn",
                 "dice_to_bag", "dice_to_box", "ghosts_bought", "arch_bought", "arch_used",
                 "spook_turns", "spook_passes", "gain_grunt_ghosts", "gain_grunt_no_supply",
                 "summons", "summon_points_missed", "solo_ghosts_discarded",
                 "solo_arch_discarded", "sj_ghosts_taken", "sj_dice_scored", "sj_points",
                 "sj_wins", "actions_done", "actions_skipped", "grunt_moves",
                 "final_area_arrivals", "empty_market_spots", "shared_wins",
                 "tie_breaks_used", "court_dice")
# per-seat counters (MonstersAgg.seat)
(S_FIRST, S_MALICE_GAINED, S_MALICE_SPENT, S_MALICE_WASTED, S_GHOSTS, S_ARCH, S_ARCH_USED,
 S_FINAL_GRUNTS, S_GRUNTS, S_MALICE_END, S_SUMMONS, S_PASSES) = range(12)
SEAT_NAMES = ("first_player", "malice_gained", "malice_spent", "malice_wasted", "ghosts",
              "arch_bought", "arch_used", "final_area_grunts", "grunts_at_end", "malice_at_end",
              "summons", "spook_passes")
# score by source (MonstersAgg.breakdown)
BREAKDOWN = ("actions", "summoning", "final_area_grunts", "prophecy", "arch_monsters")
B_ACTIONS, B_SUMMON, B_FINAL, B_PROPHECY, B_ARCH = range(5)
N_BREAK = 5

# explaining a result (Game.score_sources, choice_names, end_names; every mode shares them)
#: where a seat's points come from: the regular game's BREAKDOWN, then the family mode's own
#: ways of scoring (its Prophecy card scores under "prophecy")
SOURCES = BREAKDOWN + ("end_of_round_rows", "area12")
N_SRC = len(SOURCES)
SRC_ROWS, SRC_AREA12 = 5, 6
#: what a seat's bot chose, counted per seat and game: the row each die went to (Swamp-Jack,
#: the family pick) or the Malice spot; the actions performed by kind (Promote/Demote by
#: direction) and those skipped; the Spook turns (a Ghost, an Arch Monster, a pass); the Arch
#: Monster cards discarded for their back action; family mode's area 12 leftover (go on /
#: stay) and the row each Minion went to at the end of a round
CHOICE_NAMES = ("die_to_top_row", "die_to_middle_row", "die_to_bottom_row", "die_to_malice",
                "swap", "promote", "demote", "move_minion", "move_grunt", "spook_juice",
                "call_spider_jack", "feed_spider_jack", "gain_malice", "action_skipped",
                "ghost_bought", "arch_monster_bought", "spook_pass", "arch_monster_discarded",
                "area12_go_on", "area12_stay", "minion_to_top_row", "minion_to_middle_row",
                "minion_to_bottom_row")
(X_ROW, _X_ROW1, _X_ROW2, X_MALICE_DIE, X_SWAP, X_PROMOTE, X_DEMOTE, X_MINION, X_GRUNT, X_JUICE,
 X_CALL, X_FEED, X_MALICE, X_SKIP, X_GHOST, X_ARCH, X_PASS, X_DISCARD, X_GO_ON, X_STAY,
 X_MINION_ROW, _X_MINION_ROW1, _X_MINION_ROW2) = range(len(CHOICE_NAMES))
N_CHOICE = len(CHOICE_NAMES)
#: how a game ends: the regular game after its last round ("If the Round tracker is on 6,
#: proceed to Final Scoring"), family mode when every Minion space is filled, solo 1 with the
#: target reached or not, solo 2 with Spider Jack outscored or not (no modelling bound ends a
#: game: every phase ends by its own rule)
END_NAMES = ("last_round", "minion_spaces_filled", "target_met", "target_missed",
             "beat_spider_jack", "lost_to_spider_jack")
E_LAST_ROUND, E_FILLED, E_TARGET_MET, E_TARGET_MISSED, E_BEAT, E_LOST = range(len(END_NAMES))

SCORE_BINS = 401
MALICE_BINS = 9
PICKS = 4           # draft picks per round


class MonstersState(NamedTuple):
    """Mutable state of one game (arrays only). P players, F Fearmobiles, S path spaces."""

    info: np.ndarray        # (N_INFO,)
    bag: np.ndarray         # (6,) dice per colour in the bag
    fm_col: np.ndarray      # (F, 4) colour of the die at car position 0 (front) .. 3, -1 empty
    fm_face: np.ndarray     # (F, 4) face index 0..5
    drv_col: np.ndarray     # (P, 4) Driveway dice, -1 empty
    drv_face: np.ndarray    # (P, 4)
    drv_moved: np.ndarray   # (P, 4) 1 once activated in the Grunt movement phase
    order_col: np.ndarray   # (P, 3, 6) -1 empty
    order_rank: np.ndarray  # (P, 3, 6) 0 empty
    order_n: np.ndarray     # (P, 3) dice in each row
    sj: np.ndarray          # (P, 3) Spider Jack die values
    summon: np.ndarray      # (P, 3) Summoning tracker positions
    juice: np.ndarray       # (P,) Spook Juice from actions and summoning (score track)
    malice: np.ndarray      # (P,) 0..cap
    grunt_col: np.ndarray   # (P, MAX_GRUNTS) -1 unused
    grunt_pos: np.ndarray   # (P, MAX_GRUNTS)
    minion_pos: np.ndarray  # (P, N_MINIONS) -1 start spot, else a path space
    occ: np.ndarray         # (P, S) 0 free, 1 Minion, 2 Grunt
    ghost_at: np.ndarray    # (P, S) Ghost index or -1
    gain_spot: np.ndarray   # (P, 6) Ghost on a gain-Grunt spot or -1
    arch: np.ndarray        # (P, MAX_ARCH) Arch Monster cards held (unused ones)
    n_arch: np.ndarray      # (P,)
    prophecy: np.ndarray    # (P,) Prophecy card
    gmarket: np.ndarray     # (5,) Ghost at each market position (left to right), -1 empty
    gstack: np.ndarray      # (NG,) face-down Ghost stack (top at info[I_GTOP])
    amarket: np.ndarray     # (5,) Arch Monster card at each position, -1 empty
    adeck: np.ndarray       # (NA,) Arch Monster deck (top at info[I_ATOP])
    supply: np.ndarray      # (6,) Grunt figures left in the supply
    deck: np.ndarray        # (NC,) solo deck (cards in order; top at info[I_DECKTOP])
    sj_col: np.ndarray      # (4,) Spider Jack's drafted dice this round (solo), -1 none
    sj_face: np.ndarray     # (4,)
    court_dice: np.ndarray  # (6,) solo 2: dice in Spider Jack's Court by colour
    court_ghost: np.ndarray  # (7,) solo 2: Ghosts in his Court by colour (6 = multi)
    court_grunt: np.ndarray  # (6,) solo 2: Grunt figures in his Court
    stk_act: np.ndarray     # (STACK,) pending actions: action id
    stk_juice: np.ndarray   # (STACK,) Spook Juice of a juice action
    stk_just: np.ndarray    # (STACK,) 1 if performed from the die just placed
    dec: np.ndarray         # (8,) scratch: a bot's decision (targets)
    land: np.ndarray        # (MAX_GRUNTS,) scratch: where the Grunts of one move landed
    opt: np.ndarray         # (64,) scratch for bots
    optv: np.ndarray        # (64,) float scratch for bots
    tmp: np.ndarray         # (8,) scratch for final scoring
    scores: np.ndarray      # (P,) final scores
    winners: np.ndarray     # (P,)
    bd: np.ndarray          # (P, N_BREAK) this game's score by source
    ev: np.ndarray          # (len(COUNTER_NAMES),) this game's counters
    sev: np.ndarray         # (P, len(SEAT_NAMES)) this game's per-seat counters
    pick: np.ndarray        # (P, PICKS, 2) this game's draft: rank, immediate value of pick k
    aev: np.ndarray         # (N_ACTIONS, 2) this game's pending actions performed / skipped
    perm: np.ndarray        # (4 * MAX_GRUNTS,) scratch: the Grunts of one move and their order
    lact: np.ndarray        # (LANDED,) scratch: the actions the Grunts of one move landed on
    ljuice: np.ndarray      # (LANDED,) their Spook Juice amounts
    pv: np.ndarray          # (2, 3 * MAX_COND) float scratch: Prophecy values (values.prog_at)
    pvp: np.ndarray         # (P, 3 * MAX_COND) float: the Prophecy values of pgrid (values.prog)
    pbase: np.ndarray       # (P,) float: the Prophecy progress of pgrid
    pgrid: np.ndarray       # (P, 40) the Order, Spider Jack values and card pvp was computed on
    pgen: np.ndarray        # (P,) how many times pgrid changed
    app: np.ndarray         # (P, 3, 6, 6) float: progress with a die added (values.prog_append)
    appg: np.ndarray        # (P, 3, 6, 6) the pgen each app entry belongs to (-1: none)
    cp: np.ndarray          # (MAX_CHECKPOINTS, W) game shape: running scores after each round
    cp_end: np.ndarray      # (2, W) game shape: final scores, winners (W: shape.shape_players)
    ub: np.ndarray          # ((MAX_COND + 1) * 18,) float scratch: per-spot Prophecy bounds of
    #                         one Swap decision (bounds.swap_bounds fills it, bots_actions reads)
    ch: np.ndarray          # (P, N_CHOICE) this game's choices by kind (CHOICE_NAMES)
    pkeep: np.ndarray       # (P, ROWS) the spots of each row a bot's Prophecy progress reads
    #                         (values.prophecy_keep: the Spider Jack die + prophecy_reach)


@rule
def no_look(A, st, lu, p, kind, arg, rng):
    """The lookahead slot of a line-up without a lookahead seat (never called)."""
    return -1


no_look._set_uuid("simlab-monsters-no-look-v1")  # a stable type: kernels load from the cache


class MonstersLineup(NamedTuple):
    """Bots of the seats: integer ids and parameter vectors (see bots.py), the line-up's custom
    bot function (``no_custom`` when no seat plays one) and the lookahead bot's entry point and
    scratch (``no_look`` / None when no seat plays ``lookahead``; see ``lookahead.py``)."""

    ids: np.ndarray     # (P,) int64
    params: np.ndarray  # (P, K) float64
    custom: object = no_custom  # numba function (A, st, seat, kind, option, params) -> float
    look: object = no_look      # numba function (A, st, lu, p, kind, arg, rng) -> decision
    scratch: object = None      # lookahead.LookScratch (per thread) or None



class MonstersAgg(NamedTuple):
    """Aggregates a batch fills (all integers, so sums do not depend on batching)."""

    wins: np.ndarray          # (P, P+1): games seat s won in a k-way tie
    score_sum: np.ndarray     # (P,)
    score_sumsq: np.ndarray   # (P,)
    score_hist: np.ndarray    # (P, SCORE_BINS)
    breakdown: np.ndarray     # (P, N_BREAK) points by source, summed over games
    seat: np.ndarray          # (P, len(SEAT_NAMES))
    draft: np.ndarray         # (P, PICKS, 3): picks, rank sum, icon-count sum at pick 1..4
    malice_hist: np.ndarray   # (P, MALICE_BINS): Malice left at the end of each Spook phase
    counters: np.ndarray      # (len(COUNTER_NAMES),)
    sj_hist: np.ndarray       # (SCORE_BINS,) solo 2: Spider Jack's final score
    actions: np.ndarray       # (N_ACTIONS, 2): pending actions performed / skipped, by action id
    shape_counters: np.ndarray  # (N_SHAPE_COUNTERS,) game shape (simlab.core.shape; shape.py)
    lead_hist: np.ndarray     # (LEAD_BINS,)
    margin_hist: np.ndarray   # (MARGIN_BINS,)
    leader_wins: np.ndarray   # (MAX_CHECKPOINTS, 2)
    src: np.ndarray           # (P, N_SRC) points by source (SOURCES), summed over games
    choice: np.ndarray        # (P, N_CHOICE) choices by kind (CHOICE_NAMES)
    ends: np.ndarray          # (len(END_NAMES),) games by how they ended
    length: np.ndarray        # (2,) sum and sum of squares of the rounds played


def new_state(A) -> MonstersState:
    """Allocate a zeroed state for the arrays ``A`` of a rule set."""
    p = A.n_players
    f = 2 if A.mode >= 2 else p
    s = A.n_spaces
    i8 = np.int64

    def z(*shape):
        return np.zeros(shape, i8)

    return MonstersState(
        z(N_INFO), z(6), z(f, DRIVE), z(f, DRIVE), z(p, DRIVE), z(p, DRIVE), z(p, DRIVE),
        z(p, ROWS, COLS), z(p, ROWS, COLS), z(p, ROWS), z(p, ROWS), z(p, ROWS), z(p), z(p),
        z(p, MAX_GRUNTS), z(p, MAX_GRUNTS), z(p, N_MINIONS), z(p, s), z(p, s), z(p, 6),
        z(p, MAX_ARCH), z(p), z(p), z(5), z(max(A.n_ghosts, 1)), z(5), z(max(A.n_arch, 1)),
        z(6), z(max(A.n_cards, 1)), z(4), z(4), z(6), z(7), z(6), z(STACK), z(STACK),
        z(STACK), z(8), z(MAX_GRUNTS), z(64), np.zeros(64), z(8), z(p), z(p), z(p, N_BREAK),
        z(len(COUNTER_NAMES)), z(p, len(SEAT_NAMES)), z(p, PICKS, 2), z(N_ACTIONS, 2),
        z(4 * MAX_GRUNTS), z(LANDED), z(LANDED), np.zeros((2, 3 * MAX_COND)),
        np.zeros((p, 3 * MAX_COND)), np.zeros(p), np.full((p, 2 * ROWS * COLS + ROWS + 1), -9, i8),
        z(p), np.zeros((p, ROWS, COLS, 6)), np.full((p, ROWS, COLS, 6), -1, i8),
        z(MAX_CHECKPOINTS, max(p, 2)), z(2, max(p, 2)), np.zeros((MAX_COND + 1) * ROWS * COLS),
        z(p, N_CHOICE), z(p, ROWS))


def new_agg(n_players: int) -> MonstersAgg:
    """Allocate zeroed aggregates."""
    p = n_players
    i8 = np.int64
    return MonstersAgg(np.zeros((p, p + 1), i8), np.zeros(p, i8), np.zeros(p, i8),
                       np.zeros((p, SCORE_BINS), i8), np.zeros((p, N_BREAK), i8),
                       np.zeros((p, len(SEAT_NAMES)), i8), np.zeros((p, PICKS, 3), i8),
                       np.zeros((p, MALICE_BINS), i8),
                       np.zeros(len(COUNTER_NAMES), i8), np.zeros(SCORE_BINS, i8),
                       np.zeros((N_ACTIONS, 2), i8), np.zeros(N_SHAPE_COUNTERS, i8),
                       np.zeros(LEAD_BINS, i8), np.zeros(MARGIN_BINS, i8),
                       np.zeros((MAX_CHECKPOINTS, 2), i8), *explain_agg(p))


def explain_agg(p: int):
    """Zeroed explanation aggregates ``src``, ``choice``, ``ends``, ``length`` (both modes)."""
    i8 = np.int64
    return (np.zeros((p, N_SRC), i8), np.zeros((p, N_CHOICE), i8), np.zeros(len(END_NAMES), i8),
            np.zeros(2, i8))
