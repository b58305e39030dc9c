"""Monsters on Board's game shape (``simlab.core.shape``): the running scores at the checkpoints.

**Checkpoints**: the end of each round before the last (after the Spook phase and its end-of-round
steps), then the final scores; with the rulebook's 6 rounds, 5 checkpoints.

**Running score** of a player at a checkpoint: what the final scoring's formula gives on the
position as it is, the Spook Juice gained so far included: Spook Juice on the score track plus
``scoring.final_score`` on the current Order, Town and cards (each row counted to its Spider Jack
die's value, final-area Grunts, the Prophecy card, the Arch Monster cards held). Nothing is
changed and nothing is decided: the Arch Monster discards a player may make before final scoring
are not made. The secret Prophecy card counts, as it does at final scoring (so the running score
and the final score are one formula and the last checkpoint compares with the end); on a grid
still being filled it gives the conditions already met, not a forecast (``prophecy_progress``'s
partial credit would be a bot's estimate, not a score). No incremental total of the state is
reused: the bots' Prophecy values in ``st.pv`` are that partial credit (and only kept by the
bots that read the card), so the kernel evaluates ``final_score`` once per player per
checkpoint.

**Solo 2** (versus Spider Jack): two score lines, the player (seat 1) and Spider Jack (seat 2),
whose score is a real score (the rulebook: "compete against Spider Jack and attempt to outscore
him"): his Spook Juice so far plus, with the Prophecy +1 modifier, what final scoring would pay
him from the player's card on the position now (the same formula as at the end). The player
wins only by outscoring him, so a tie is his win; the fair line is one half.
**Solo 1** (beat your own score): not recorded (``games`` 0): one player against a fixed
target has no opponent to lead or trail.
**Family mode** (``nb_family``): Spook Juice so far plus the Prophecy card on the current grid
(every die counts, as at its game end), after each round before the last.

The kernel functions (here) read :class:`~simlab.games.monsters.state.MonstersState` (``nb.py``) and
``nb_family.FamilyState``; ``reference_shape``'s functions compute the same numbers independently
for the reference engines from their own objects with ``reference_scoring`` (the conformance harness
compares the aggregates game for game).
"""

from __future__ import annotations

from simlab.core.ref import rule
from simlab.core.shape import MAX_CHECKPOINTS, record_shape
from simlab.games.monsters.rules import MODE_SOLO1, MODE_SOLO2
from simlab.games.monsters.scoring import final_score, prophecy_score, sj_prophecy_bonus
from simlab.games.monsters.state import I_SJ_SCORE

ROWS, COLS = 3, 6


def shape_players(mode: int, players: int) -> int:
    """Score lines the shape compares: solo 2 the player and Spider Jack, else the players."""
    return 2 if mode == MODE_SOLO2 else players


# ------------------------------------------------------------------------------ kernel
@rule
def running_score(A, st, p):
    """p's score if the game ended now (module doc): Spook Juice + ``final_score`` on the
    position; leaves p's Prophecy points in ``st.tmp[1]``. Nothing else changes."""
    final_score(A.cards, A.space_area, A.area_public, st.order_col[p], st.order_rank[p],
                st.sj[p], st.grunt_col[p], st.grunt_pos[p], st.ghost_at[p], st.minion_pos[p],
                st.prophecy[p], st.arch[p], st.n_arch[p], st.tmp)
    return st.juice[p] + st.tmp[0] + st.tmp[1] + st.tmp[2]


@rule
def sj_running_score(A, st, prophecy):
    """Solo 2: Spider Jack's score if the game ended now (the player's card scoring
    ``prophecy`` on the position, for the Prophecy +1 modifier)."""
    s = st.info[I_SJ_SCORE]
    if A.prophecy_bonus == 1:
        s += sj_prophecy_bonus(A.cards, A.prophecy_plus_one, st.prophecy[0], prophecy,
                               st.order_col[0], st.order_rank[0], st.sj[0])
    return s


@rule
def record_checkpoint(A, st, i):
    """The running scores at checkpoint ``i`` (after round i + 1) into ``st.cp[i]``."""
    if A.mode == MODE_SOLO1 or i >= MAX_CHECKPOINTS:
        return
    for p in range(A.n_players):
        st.cp[i, p] = running_score(A, st, p)
    if A.mode == MODE_SOLO2:
        st.cp[i, 1] = sj_running_score(A, st, st.tmp[1])


@rule
def record_game_shape(A, st, agg):
    """After final scoring: the game's checkpoints (the rounds before the last) and final
    scores into the shape aggregates (solo 2: the player and Spider Jack; solo 1: nothing)."""
    if A.mode == MODE_SOLO1:
        return
    n = A.n_players
    for q in range(n):
        st.cp_end[0, q] = st.scores[q]
        st.cp_end[1, q] = st.winners[q]
    if A.mode == MODE_SOLO2:
        n = 2
        st.cp_end[0, 1] = st.info[I_SJ_SCORE]
        st.cp_end[1, 1] = 1 - st.winners[0]
    record_shape(st.cp, A.rounds - 1, st.cp_end[0], st.cp_end[1], n, agg.shape_counters,
                 agg.lead_hist, agg.margin_hist, agg.leader_wins)


@rule
def family_checkpoint(A, st, i):
    """Family mode: the running scores after round i + 1 (Spook Juice + the Prophecy card on
    the current grid, every die counting) into ``st.cp[i]``."""
    if i >= MAX_CHECKPOINTS:
        return
    for p in range(A.n_players):
        st.cp[i, p] = st.juice[p] + prophecy_score(A.cards, st.prophecy[p], st.order_col[p],
                                                   st.order_rank[p], st.keep)
