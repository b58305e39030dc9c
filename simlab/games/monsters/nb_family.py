"""Monsters on Board, family mode: the game loop (numba) and its batch entry point.

Family mode (rulebook "Family Mode") as modelled here; readings where the text is silent are
marked *reading*:

- Setup: Minions stay in a supply (6 per player), no Ghosts, no Arch Monsters, no Malice; each
  player gets one random Prophecy card (distinct cards, dealt like the regular game); one Grunt
  of each colour on its starting spot. The family side of the board is the Town track of
  ``town.toml`` (*assumed* by ``family.toml``) with the area effects of ``family.toml``
  (area 4 promote/demote, area 8 swap, area 12 ``area12_juice`` Spook Juice and back to start).
- Round: every Fearmobile gets 4 random dice from the bag, rolled. Then three steps, each: every
  player takes 1 die from the Fearmobile in front of them and places it in any row of their
  Order in the leftmost empty spot; their Grunt of the die's colour moves 1 space per icon (of
  any type) on the die; every Fearmobile passes to the player on the RIGHT (*reading*: seats go
  clockwise and the regular game passes left, p -> p+1, so right is p -> p-1: after t passes
  player p holds the Fearmobile that started in front of player p+t). When 1 die is left in each
  Fearmobile it goes back to the bag.
- Grunt movement (*reading*, consistent with the regular game): one step = to the next space of
  the Grunt's colour along the path. Grunts skip spaces holding a Minion or another Grunt, but in
  family mode no Minion or Ghost is on the path and each player has one Grunt per colour on
  single-coloured spaces, so no space is ever occupied. After the last space of its colour the
  Grunt enters the final area, where (as in the regular game) it never moves again: the rest of
  that move and every later move of that colour are lost (counted). The final area scores
  nothing in family mode.
- Each step that lands on a space of area 4 (on or through): the player *may* promote or demote
  one Lord die of their Order by 1 (ranks stay 1..6); *reading*: any die, the one just placed
  included (the regular rule forbids the die whose icon gives the action; here the Town space
  gives it). Area 8: the player *may* swap any 2 dice of their Order (faces kept). Area 12: score
  the family ``area12_juice`` (12) and the Grunt goes straight back to its starting spot; with
  steps left over from the die the player *may* go on moving it from there ("you can use it":
  ``bots_family.decide_continue``, asked once per return with steps left; a Grunt that stays
  gives up the rest of that move, counted in ``steps_declined``).
- End of round: each player puts a Minion from the supply on an empty Minion space of a row of
  their choice (``minion_spaces_per_row``, 2 each) and scores the rank total of all dice of that
  row. The game ends when all Minion spaces are filled (6 rounds with 3 x 2 spaces; *reading*:
  the ``rounds`` rule of the regular game is not used in family mode).
- Game end: Prophecy card as normal (capped at 50); *reading*: no Spider Jack trimming in family
  mode (the family rules never mention it and nothing can feed Spider Jack dice), so every die
  counts (keep = 6 spots per row). Winner: most Spook Juice. Tie: "the youngest tied player
  wins" -- ages are unknown, so the rule option ``family_tie`` is ``shared`` (default: every tied
  player wins, 1/k each), ``seat`` (the lowest seat index stands in for the youngest) or
  ``random`` (one tied player drawn from the game's stream, only on a tie). Tied top scores
  are counted either way.

Aggregates use the keys of the regular game (wins, score_sum, score_sumsq, score_hist,
breakdown, seat, draft, malice_hist, counters), with family contents: ``breakdown`` by
``FAMILY_BREAKDOWN``, ``seat`` by ``FAMILY_SEAT_NAMES``, ``draft`` (P, 3 picks, 3),
``malice_hist`` always zero (no Malice), ``counters`` by ``FAMILY_COUNTER_NAMES``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simlab.core.jit import batch
from simlab.core.ref import ref, rule
from simlab.core.rng import randint, seed_stream
from simlab.core.shape import (
    LEAD_BINS,
    MARGIN_BINS,
    MAX_CHECKPOINTS,
    N_SHAPE_COUNTERS,
    record_shape,
)
from simlab.errors import SimlabError
from simlab.games.monsters.bots_family import (
    COLS,
    FA_NONE,
    FA_PROMOTE,
    FA_RETURN,
    FA_SWAP,
    ROWS,
    START,
    decide_continue,
    decide_pick,
    decide_promote,
    decide_row,
    decide_swap,
    free_spaces,
    icon_count,
    next_step,
    row_total,
)
from simlab.games.monsters.engine import (
    deal_prophecy,
    fill_fearmobile,
    record_game,
    spots_held,
    swap_dice,
    write_row,
)
from simlab.games.monsters.scoring import prophecy_score
from simlab.games.monsters.shape import family_checkpoint
from simlab.games.monsters.state import (
    N_CHOICE,
    X_DEMOTE,
    X_GO_ON,
    X_MINION_ROW,
    X_PROMOTE,
    X_ROW,
    X_SKIP,
    X_STAY,
    X_SWAP,
    explain_agg,
)

N_MINIONS = 6
PICKS = 3               # dice each player takes per round (4 per Fearmobile, 1 left)
SCORE_BINS = 401        # as the regular game
MALICE_BINS = 9
TIE_SHARED, TIE_SEAT, TIE_RANDOM = 0, 1, 2
TIES = ("shared", "seat", "random")   # rules.FAMILY_TIES
AREA_EFFECTS = {"none": FA_NONE, "promote": FA_PROMOTE, "swap": FA_SWAP,
                "juice_and_return": FA_RETURN}

FAMILY_COUNTER_NAMES = (
    "games", "rounds", "dice_drawn", "dice_to_bag", "dice_checks", "dice_not_conserved",
    "minion_errors", "illegal_bot_choices", "grunt_steps", "steps_lost_final_area",
    "final_area_arrivals", "area4_landings", "area4_uses", "area8_landings", "area8_uses",
    "area12_returns", "top_score_ties", "shared_wins", "seat_tie_breaks",
    "area12_continues", "area12_stops", "steps_declined", "random_tie_breaks")
(C_GAMES, C_ROUNDS, C_DRAWN, C_TO_BAG, C_CHECKS, C_DICE_BAD, C_MINION_BAD, C_ILLEGAL, C_STEPS,
 C_LOST, C_FINAL, C_A4, C_A4_USED, C_A8, C_A8_USED, C_A12, C_TIES, C_SHARED,
 C_SEAT_TIE, C_A12_GO, C_A12_STOP, C_DECLINED, C_RANDOM_TIE) = range(len(FAMILY_COUNTER_NAMES))
FAMILY_SEAT_NAMES = ("grunt_steps", "area4_uses", "area8_uses", "area12_returns",
                     "final_area_grunts", "minions_top", "minions_middle", "minions_bottom",
                     "order_dice")
(S_STEPS, S_A4, S_A8, S_A12, S_FINAL, S_MIN0, S_MIN1, S_MIN2,
 S_ORDER) = range(len(FAMILY_SEAT_NAMES))
FAMILY_BREAKDOWN = ("rows", "area12", "prophecy")
B_ROWS, B_AREA12, B_PROPHECY = range(3)
I_ROUND, I_STEP = range(2)


class FamilyArrays(NamedTuple):
    """Family-mode data for the kernel (the rest comes from ``MonstersArrays``)."""

    area_act: np.ndarray       # (14,) FA_* effect of each area number (0 and 13 none)
    minion_spaces: np.ndarray  # (3,) Minion spaces per row of the Order
    juice12: int               # Spook Juice of a return area
    rounds: int                # sum of the Minion spaces
    tie: int                   # TIE_SHARED, TIE_SEAT or TIE_RANDOM
    n_minions: int             # Minions in each player's supply


class FamilyState(NamedTuple):
    """Mutable state of one family game. P players (P Fearmobiles)."""

    info: np.ndarray         # (4,) I_ROUND, I_STEP
    bag: np.ndarray          # (6,) dice per colour in the bag
    fm_col: np.ndarray       # (P, 4) Fearmobile f (started in front of player f), -1 empty
    fm_face: np.ndarray      # (P, 4) face index 0..5
    order_col: np.ndarray    # (P, 3, 6) -1 empty
    order_rank: np.ndarray   # (P, 3, 6) 0 empty
    order_n: np.ndarray      # (P, 3)
    grunt_pos: np.ndarray    # (P, 6) Grunt of colour c: -1 start, 0..S-1 path, S final area
    minions: np.ndarray      # (P, 3) Minions on the Minion spaces of each row
    supply: np.ndarray       # (P,) Minions left in the supply
    juice: np.ndarray        # (P,) Spook Juice during the game
    prophecy: np.ndarray     # (P,) Prophecy card
    keep: np.ndarray         # (3,) 6 6 6: every spot counts for the Prophecy
    dec: np.ndarray          # (8,) a bot's decision
    scores: np.ndarray       # (P,)
    winners: np.ndarray      # (P,)
    bd: np.ndarray           # (P, 3) this game's score by source
    ev: np.ndarray           # (len(FAMILY_COUNTER_NAMES),)
    sev: np.ndarray          # (P, len(FAMILY_SEAT_NAMES))
    pick: np.ndarray         # (P, PICKS, 2) this game's rank / icon sums at pick 1..3
    cp: np.ndarray           # (MAX_CHECKPOINTS, P) game shape: running scores after each round
    ch: np.ndarray           # (P, N_CHOICE) this game's choices by kind (state.CHOICE_NAMES)


class FamilyAgg(NamedTuple):
    """Aggregates (integers; the regular game's keys, family contents: module doc)."""

    wins: np.ndarray          # (P, P+1): games seat s won in a k-way tie
    score_sum: np.ndarray     # (P,)
    score_sumsq: np.ndarray   # (P,)
    score_hist: np.ndarray    # (P, SCORE_BINS)
    breakdown: np.ndarray     # (P, 3) FAMILY_BREAKDOWN
    seat: np.ndarray          # (P, len(FAMILY_SEAT_NAMES))
    draft: np.ndarray         # (P, PICKS, 3): picks, rank sum, icon sum at pick 1..3
    malice_hist: np.ndarray   # (P, MALICE_BINS): always 0 (no Malice in family mode)
    counters: np.ndarray      # (len(FAMILY_COUNTER_NAMES),)
    shape_counters: np.ndarray  # (N_SHAPE_COUNTERS,) game shape (simlab.core.shape; shape.py)
    lead_hist: np.ndarray     # (LEAD_BINS,)
    margin_hist: np.ndarray   # (MARGIN_BINS,)
    leader_wins: np.ndarray   # (MAX_CHECKPOINTS, 2)
    src: np.ndarray           # (P, N_SRC) points by source (state.SOURCES), summed over games
    choice: np.ndarray        # (P, N_CHOICE) choices by kind (state.CHOICE_NAMES)
    ends: np.ndarray          # (len(END_NAMES),) games by how they ended
    length: np.ndarray        # (2,) sum and sum of squares of the rounds played


class FamilyPrepared(NamedTuple):
    """What the runner ships to workers for a family game."""

    arrays: object            # MonstersArrays
    family: FamilyArrays
    lineup: object            # MonstersLineup
    prophecy_file: str
    arch_file: str


def new_family_state(A) -> FamilyState:
    p = A.n_players
    i8 = np.int64

    def z(*shape):
        return np.zeros(shape, i8)

    return FamilyState(z(4), z(6), z(p, 4), z(p, 4), z(p, ROWS, COLS), z(p, ROWS, COLS),
                       z(p, ROWS), z(p, 6), z(p, ROWS), z(p), z(p), z(p),
                       np.full(ROWS, COLS, i8), z(8), z(p), z(p), z(p, 3),
                       z(len(FAMILY_COUNTER_NAMES)), z(p, len(FAMILY_SEAT_NAMES)),
                       z(p, PICKS, 2), z(MAX_CHECKPOINTS, p), z(p, N_CHOICE))


def new_family_agg(p: int) -> FamilyAgg:
    i8 = np.int64
    return FamilyAgg(np.zeros((p, p + 1), i8), np.zeros(p, i8), np.zeros(p, i8),
                     np.zeros((p, SCORE_BINS), i8), np.zeros((p, 3), i8),
                     np.zeros((p, len(FAMILY_SEAT_NAMES)), i8), np.zeros((p, PICKS, 3), i8),
                     np.zeros((p, MALICE_BINS), i8), np.zeros(len(FAMILY_COUNTER_NAMES), i8),
                     np.zeros(N_SHAPE_COUNTERS, i8), np.zeros(LEAD_BINS, i8),
                     np.zeros(MARGIN_BINS, i8), np.zeros((MAX_CHECKPOINTS, 2), i8),
                     *explain_agg(p))


def family_arrays(rules, tie: str | None = None) -> FamilyArrays:
    """Family data of ``rules`` as arrays; ``tie`` overrides ``rules.family_tie``."""
    where = "rules"
    tie = getattr(rules, "family_tie", "shared") if tie is None else tie
    if tie not in TIES:
        raise SimlabError(f"{where}.family_tie: expected one of {', '.join(TIES)}, got {tie!r}")
    act = np.zeros(14, np.int64)
    for item in rules.family_area_actions:
        k, _, v = str(item).partition(":")
        if not k.strip().isdigit() or not 1 <= int(k) <= 12:
            raise SimlabError(f"{where}.family_area_actions: area must be 1..12, got {item!r}")
        if v.strip() not in AREA_EFFECTS:
            raise SimlabError(f"{where}.family_area_actions: unknown effect {v!r}; known: "
                              f"{', '.join(AREA_EFFECTS)}")
        act[int(k)] = AREA_EFFECTS[v.strip()]
    ms = tuple(int(x) for x in rules.family_minion_spaces)
    if len(ms) != ROWS or min(ms) < 0 or sum(ms) < 1:
        raise SimlabError(f"{where}.family_minion_spaces: expected 3 counts >= 0 with at least "
                          f"one space, got {ms!r}")
    rounds = sum(ms)
    if rounds > N_MINIONS or PICKS * rounds > ROWS * COLS:
        raise SimlabError(f"{where}.family_minion_spaces: at most {N_MINIONS} spaces in all "
                          f"(Minions in the supply, dice the Order holds), got {ms!r}")
    if 6 * rules.dice_per_colour < rules.players * (PICKS * (rounds - 1) + 4):
        raise SimlabError(f"{where}.dice_per_colour: not enough dice for {rules.players} "
                          f"family players over {rounds} rounds")
    return FamilyArrays(act, np.array(ms, np.int64), int(rules.family_area12_juice), rounds,
                        TIES.index(tie), N_MINIONS)


# ------------------------------------------------------------------------------ rules
@rule
def new_game(A, F, st, rng):
    """Setup: dice in the bag, Grunts on their start spots, Minions in the supply, Prophecy
    cards dealt (distinct, as in the regular game: ``engine.deal_prophecy``)."""
    st.info[:] = 0
    for c in range(6):
        st.bag[c] = A.dice_per_colour
    st.fm_col[:, :] = -1
    st.fm_face[:, :] = 0
    st.order_col[:, :, :] = -1
    st.order_rank[:, :, :] = 0
    st.order_n[:, :] = 0
    st.grunt_pos[:, :] = START
    st.minions[:, :] = 0
    st.juice[:] = 0
    st.keep[:] = COLS
    st.scores[:] = 0
    st.winners[:] = 0
    st.bd[:, :] = 0
    st.ev[:] = 0
    st.sev[:, :] = 0
    st.pick[:, :, :] = 0
    st.ch[:, :] = 0
    st.supply[:] = F.n_minions
    deal_prophecy(A, st, rng)


@rule
def check_dice(A, st):
    """Dice conservation: bag + Fearmobiles + Orders = all Lord dice."""
    n = 0
    for c in range(6):
        n += st.bag[c]
    for f in range(st.fm_col.shape[0]):
        for k in range(4):
            if st.fm_col[f, k] >= 0:
                n += 1
    for p in range(A.n_players):
        for r in range(ROWS):
            n += st.order_n[p, r]
    st.ev[C_CHECKS] += 1
    if n != 6 * A.dice_per_colour:
        st.ev[C_DICE_BAD] += 1


@rule(inline=True)
def promote(A, F, st, lu, p, rng):
    """Area 4: the player may promote or demote one die of their Order by 1."""
    st.ev[C_A4] += 1
    if decide_promote(A, F, st, lu, p, rng) == 0:
        st.ch[p, X_SKIP] += 1
        return
    r = st.dec[0]
    c = st.dec[1]
    d = st.dec[2]
    st.ch[p, X_PROMOTE if d > 0 else X_DEMOTE] += 1
    if r < 0 or r >= ROWS or c < 0 or c >= st.order_n[p, r] or (d != 1 and d != -1) or \
            st.order_rank[p, r, c] + d < 1 or st.order_rank[p, r, c] + d > 6:
        st.ev[C_ILLEGAL] += 1
        return
    st.order_rank[p, r, c] += d
    st.ev[C_A4_USED] += 1
    st.sev[p, S_A4] += 1


@rule(inline=True)
def swap(A, F, st, lu, p, rng):
    """Area 8: the player may swap two dice of their Order (faces kept)."""
    st.ev[C_A8] += 1
    if decide_swap(A, F, st, lu, p, rng) == 0:
        st.ch[p, X_SKIP] += 1
        return
    st.ch[p, X_SWAP] += 1
    d = st.dec
    if not spots_held(st, p, d[0], d[1], d[2], d[3]) or (d[0] == d[2] and d[1] == d[3]):
        st.ev[C_ILLEGAL] += 1
        return
    swap_dice(st, p, d[0], d[1], d[2], d[3])
    st.ev[C_A8_USED] += 1
    st.sev[p, S_A8] += 1


@rule(inline=True)
def move_grunt(A, F, st, lu, p, c, n, rng):
    """Move p's Grunt of colour c n steps (module doc), with the area effects on the way; after
    an area 12 return the player chooses whether the steps left go on."""
    S = A.n_spaces
    for i in range(n):
        pos = st.grunt_pos[p, c]
        if pos >= S:
            st.ev[C_LOST] += n - i
            return
        pos = next_step(A, pos, c)
        st.grunt_pos[p, c] = pos
        st.ev[C_STEPS] += 1
        st.sev[p, S_STEPS] += 1
        if pos >= S:
            st.ev[C_FINAL] += 1
            continue
        e = F.area_act[A.space_area[pos]]
        if e == FA_PROMOTE:
            promote(A, F, st, lu, p, rng)
        elif e == FA_SWAP:
            swap(A, F, st, lu, p, rng)
        elif e == FA_RETURN:
            st.juice[p] += F.juice12
            st.bd[p, B_AREA12] += F.juice12
            st.ev[C_A12] += 1
            st.sev[p, S_A12] += 1
            st.grunt_pos[p, c] = START
            left = n - 1 - i
            if left > 0:
                if decide_continue(A, F, st, lu, p, c, left, rng) == 0:
                    st.ev[C_A12_STOP] += 1
                    st.ev[C_DECLINED] += left
                    st.ch[p, X_STAY] += 1
                    return
                st.ev[C_A12_GO] += 1
                st.ch[p, X_GO_ON] += 1


@rule(inline=True)
def take_and_place(A, F, st, lu, p, t, rng):
    """Step t of a round for player p: take a die from the Fearmobile in front, place it, move
    the Grunt of its colour."""
    fm = (p + t) % A.n_players
    d = decide_pick(A, F, st, lu, p, fm, rng)
    k = d // 3
    r = d % 3
    if d < 0 or k >= 4 or st.fm_col[fm, k] < 0 or st.order_n[p, r] >= COLS:
        st.ev[C_ILLEGAL] += 1
        d = -1
        for kk in range(4):
            for rr in range(ROWS):
                if d < 0 and st.fm_col[fm, kk] >= 0 and st.order_n[p, rr] < COLS:
                    d = kk * 3 + rr
        k = d // 3
        r = d % 3
    st.ch[p, X_ROW + r] += 1
    c = st.fm_col[fm, k]
    f = st.fm_face[fm, k]
    st.fm_col[fm, k] = -1
    rank = A.face_rank[c, f]
    col = st.order_n[p, r]
    st.order_col[p, r, col] = c
    st.order_rank[p, r, col] = rank
    st.order_n[p, r] = col + 1
    n = icon_count(A, c, f)
    st.pick[p, t, 0] += rank
    st.pick[p, t, 1] += n
    move_grunt(A, F, st, lu, p, c, n, rng)


@rule(inline=True)
def end_of_round(A, F, st, lu, rng):
    """The last die of each Fearmobile to the bag; each player scores a row with a Minion."""
    for f in range(A.n_players):
        for k in range(4):
            if st.fm_col[f, k] >= 0:
                st.bag[st.fm_col[f, k]] += 1
                st.ev[C_TO_BAG] += 1
                st.fm_col[f, k] = -1
    check_dice(A, st)
    for p in range(A.n_players):
        r = decide_row(A, F, st, lu, p, rng)
        if r < 0 or r >= ROWS or free_spaces(F, st, p, r) <= 0:
            st.ev[C_ILLEGAL] += 1
            r = -1
            for rr in range(ROWS):
                if r < 0 and free_spaces(F, st, p, rr) > 0:
                    r = rr
        st.minions[p, r] += 1
        st.ch[p, X_MINION_ROW + r] += 1
        st.supply[p] -= 1
        pts = row_total(st, p, r)
        st.juice[p] += pts
        st.bd[p, B_ROWS] += pts


@rule
def play_round(A, F, st, lu, rng):
    """A family round: every Fearmobile filled, three take-place-move steps, the end of the
    round."""
    for f in range(A.n_players):
        fill_fearmobile(st, f, rng, C_DRAWN)
    for t in range(PICKS):
        st.info[I_STEP] = t
        for p in range(A.n_players):
            take_and_place(A, F, st, lu, p, t, rng)
        check_dice(A, st)
    end_of_round(A, F, st, lu, rng)


@rule
def game_end(A, F, st, rng):
    """Prophecy (every die counts), bookkeeping checks, winners; returns the number of
    winners."""
    P = A.n_players
    S = A.n_spaces
    for p in range(P):
        ps = prophecy_score(A.cards, st.prophecy[p], st.order_col[p], st.order_rank[p],
                            st.keep)
        st.bd[p, B_PROPHECY] = ps
        st.scores[p] = st.juice[p] + ps
        placed = 0
        for r in range(ROWS):
            placed += st.minions[p, r]
            st.sev[p, S_MIN0 + r] += st.minions[p, r]
            st.sev[p, S_ORDER] += st.order_n[p, r]
            if st.minions[p, r] > F.minion_spaces[r]:
                st.ev[C_MINION_BAD] += 1
        if placed + st.supply[p] != F.n_minions or placed != F.rounds:
            st.ev[C_MINION_BAD] += 1
        for c in range(6):
            if st.grunt_pos[p, c] >= S:
                st.sev[p, S_FINAL] += 1
    top = st.scores[0]
    for p in range(P):
        top = max(top, st.scores[p])
    nt = 0
    for p in range(P):
        if st.scores[p] == top:
            nt += 1
    if nt > 1:
        st.ev[C_TIES] += 1
    # "the youngest tied player wins": seat -- the first tied seat; random -- the i-th tied
    # seat, i drawn from the game's stream (only on a tie); shared -- every tied player
    one = -1
    if nt > 1 and F.tie == TIE_SEAT:
        one = 0
    elif nt > 1 and F.tie == TIE_RANDOM:
        one = randint(rng, nt)
    k = 0
    i = 0
    for p in range(P):
        w = st.scores[p] == top
        if w and one >= 0:
            w = i == one
            i += 1
        st.winners[p] = 1 if w else 0
        k += st.winners[p]
    if nt > 1:
        if F.tie == TIE_SEAT:
            st.ev[C_SEAT_TIE] += 1
        elif F.tie == TIE_RANDOM:
            st.ev[C_RANDOM_TIE] += 1
        else:
            st.ev[C_SHARED] += 1
    return k


@rule
def play_game(A, F, st, lu, rng):
    """A whole family game (the running scores after each round but the last: game shape,
    ``shape.py``); returns the number of winners."""
    new_game(A, F, st, rng)
    for rd in range(F.rounds):
        st.info[I_ROUND] = rd + 1
        play_round(A, F, st, lu, rng)
        if rd + 1 < F.rounds:
            family_checkpoint(A, st, rd)
    k = game_end(A, F, st, rng)
    st.ev[C_ROUNDS] += F.rounds
    st.ev[C_GAMES] += 1
    return k


@rule
def record_result(A, st, k, agg):
    """Add one finished game to the aggregates (``engine.record_game``)."""
    record_game(A, st, k, agg, st.info[I_ROUND])


@batch
def run_batch_family(A, F, st, lu, rng, seed, start, count, agg, rows):
    """Play family games start..start+count-1 of ``seed`` into ``agg``; per-game ``rows``
    (``registry.GameRows``) when they have a row per game. The rules below get the NamedTuples
    by reference (``ref.py``)."""
    play_batch_family(ref(A), ref(F), ref(st), ref(lu), rng, seed, start, count, ref(agg),
                      ref(rows))


@rule
def play_batch_family(A, F, st, lu, rng, seed, start, count, agg, rows):
    """:func:`run_batch_family`'s loop (game shape: the rounds before the last one, then the
    final scores)."""
    for i in range(count):
        seed_stream(np.uint64(seed), np.uint64(start + i), rng)
        k = play_game(A, F, st, lu, rng)
        record_result(A, st, k, agg)
        record_shape(st.cp, F.rounds - 1, st.scores, st.winners, A.n_players,
                     agg.shape_counters, agg.lead_hist, agg.margin_hist, agg.leader_wins)
        if rows.score.shape[0] > 0:
            write_row(A, st, i, rows, F.rounds)
