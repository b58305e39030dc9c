"""Monsters on Board: bot strategies (numba), chosen by integer id inside the kernel.

Every bot is an id plus a parameter vector, so one compiled kernel plays any line-up. The game
loop asks a bot for every decision:

``decide_draft`` the car position of the die to take; ``decide_activate`` the Driveway die to
activate next (Grunt movement); ``decide_place`` the die and row of the next Swamp-Jack
placement (the last die left gives Malice); ``decide_action`` whether to perform a pending
action and its targets (in ``st.dec``: swap r1,c1,r2,c2; promote r,c,delta -- r = ``DRIVEWAY``
for the die on Driveway space c, turned to face ``dec[3]``; Minion m,space; move Grunt colour;
call / feed row); ``decide_spook`` pass (0), buy a Ghost (1: position, target) or an Arch Monster
(2: position); ``decide_arch`` which Arch Monster card to discard for its back action (-1:
none), asked at every decision point of the owner's ("At any time"): before and after each
Grunt movement, after each Swamp-Jack placement and after the Malice die, before each of its
Spook turns, and before final scoring. The order of same-coloured Grunts and of the actions
they land on is chosen in ``bots_moves.py``.

``random`` (id 0)
    Uniform over the legal choices of every decision (an action is performed with probability
    1/2, the Spook phase passes with probability 1/2 and otherwise buys a uniform legal item;
    a Ghost goes where greedy puts it, :func:`ghost_target`).
``greedy`` (1)
    Immediate value: Spook Juice and Malice gained now (``juice``, ``malice`` per point),
    Grunt steps (``grunt``) and arrivals in the final area (``final`` x the matching dice the
    player holds + 1), rank placed in a row within its Spider Jack value (``rank``; beyond it
    ``rank`` x ``beyond``), Summoning progress (``summon``), ``prophecy`` (1) x the change of
    its own Prophecy card's ``prophecy_progress`` for every draft pick (the die's best row),
    placement, swap and promote/demote, a flat value per Ghost (``ghost``) plus its icons, and
    each Arch Monster by its own scoring condition: the points it adds on the current position
    plus ``arch`` x the share of the game left (:func:`arch_gain`), bought against ``cost`` per
    Malice spent; a card is discarded for its back action when that action is worth more than
    the card kept (:func:`decide_arch`).
``prophet`` (2)
    greedy with ``prophecy`` = 2: its Prophecy card counts double.
``weights`` (3)
    The same evaluation with every weight a parameter (for sweeps and the tuner).
``lookahead`` (4)
    Flat Monte Carlo (``lookahead.py``): for the draft pick, the Swamp-Jack placement and each
    Spook turn it keeps the ``width`` best options by the greedy evaluation (passing always
    kept) and plays each in ``playouts`` continuations to the end of the game (hidden
    information resampled, every seat played by its own bot -- a lookahead seat by greedy with
    its weights --, common random numbers), taking the best mean of win share + score margin /
    100. Its parameters are greedy's weights (used for the other
    decisions and the pre-ranking) plus ``playouts`` (8) and ``width`` (6).
``noise`` adds a uniform [0, noise) draw from the game's stream to every option's value, so
identical deterministic bots do not replay one game.

Ties. No decision compares players (each works on its own board; the draft and the markets are
shared), so no decision depends on seat numbers. Options that the bot values the same (within
``TIE``) -- identical dice in a Fearmobile or a Driveway, identical rows, identical market items
at positions of the same cost, identical cards in hand, Grunts equally far behind -- are broken
from the game's random stream, never by car position, row, slot or loop order: every
evaluating decision is a tie-aware argmax (:func:`argmax_step`: each of k tied options wins with
probability 1/k; the stream is drawn from only on a tie, so with ``noise`` > 0 it almost never
is), the Malice die and the Minion's target included; the ``random`` bot is uniform anyway; the
lookahead bot orders options of equal greedy value from the stream (``lookahead.py``). A
choice the bot's evaluation does not make at all is not a tie: a Minion comes from its starting
spot (all alike), a Ghost with no Grunt to meet goes to the first legal space along the path.

Custom bots (``@simlab.bot("monsters", params={...})``, bot id ``CUSTOM_ID`` = 63)
---------------------------------------------------------------------------------
A custom bot is a numba function ``fn(A, st, seat, kind, option, params) -> float`` that scores
one legal option of one decision; the kernel asks it about every legal option and takes the
highest score (ties: the first option in the order below; a custom bot that wants a fair
tie-break adds a small random draw of its own to its scores). It makes every decision the built-in
bots make; Spook Juice and Malice icons are always performed (Malice only below the cap), as
for the built-ins. ``kind`` and the meaning of ``option``:

``KIND_DRAFT`` (0)
    Which die to take: ``option = f * 4 + k``, car position ``k`` (0 front .. 3 rear) of
    Fearmobile ``f`` (``st.fm_col[f, k]`` colour, ``st.fm_face[f, k]`` face; the rank is
    ``A.face_rank[colour, face]``, the icons ``A.face_act[colour, face, :]``).
``KIND_ACTIVATE`` (1)
    Grunt movement, the Driveway die to activate next: ``option = k`` (``st.drv_col[seat, k]``,
    not yet activated: ``st.drv_moved[seat, k] == 0``).
``KIND_PLACE`` (2)
    Swamp-Jack, the next placement: ``option = k * 3 + row``, Driveway die ``k`` into the
    leftmost empty spot of ``row`` (0 top .. 2 bottom); the die left after 3 placements gives
    Malice.
``KIND_SWAP`` (3)
    ``option`` 0 skip, else ``1 + x * 32 + y`` with ``x = r1 * 8 + c1 < y = r2 * 8 + c2``: swap
    the dice at (r1, c1) and (r2, c2) of the Order.
``KIND_PROMOTE`` (4)
    ``option`` 0 skip, else ``1 + (r * 8 + c) * 2 + up``: the die at (r, c) one rank up
    (``up`` 1) or down (0); ``r = DRIVEWAY`` (3) is the die on Driveway space ``c``, which
    turns to the first face of its colour showing the new rank. The die just placed is not
    offered.
``KIND_MINION`` (5)
    ``option`` 0 skip, else ``1 + m * 64 + s``: Minion ``m`` (0..5) to free path space ``s``.
``KIND_GRUNT`` (6)
    ``option`` 0 skip, else ``1 + colour``: move the Grunts of that colour.
``KIND_CALL`` (7), ``KIND_FEED`` (8)
    ``option`` 0 skip, else ``1 + row``: call Spider Jack on that row (advance its Summoning
    tracker) / feed the Spider Jack die of that row (+1).
``KIND_SPOOK`` (9)
    A Spook-phase turn: ``option`` 0 pass, ``1 + k * 64 + t`` buy the Ghost at market position
    ``k`` (0 left .. 4 right, cost ``A.ghost_cost[k]``) and put it on target ``t`` (a free path
    space of its colour, or a gain-Grunt spot for a gain-Grunt Ghost), ``ARCH_OPTION + k`` (1000
    + k) buy the Arch Monster at position ``k`` (cost ``A.arch_cost[k]``).
``KIND_ARCH`` (10), ``KIND_ARCH_FINAL`` (11)
    At each decision point of the seat's during the game (see ``decide_arch`` above) / before
    final scoring: ``option`` 0 keep the cards, ``1 + i`` discard card ``st.arch[seat, i]`` for
    its back action (``A.cards.m_back``); asked again after each discard.
``KIND_GRUNT_ORDER`` (12)
    Several Grunts of one colour move: ``option`` = a Grunt slot (``st.grunt_col/grunt_pos``);
    they move in the order of their scores, highest first (equal scores: slot order). The
    actions they land on are performed in the built-in bots' order (``bots_moves.py``).

What a bot reads (read-only; a custom bot must not write to ``st``): ``A`` (``rules.py``
``MonstersArrays``: ``face_rank``, ``face_act``/``face_juice``, ``space_colour``,
``space_act``, ``ghost_colour``, ``ghost_act``, ``ghost_gain``, ``ghost_cost``, ``arch_cost``,
``malice_cap``, ``malice_chart``, ``cards`` (scoring data), ...) and ``st``
(``state.py`` ``MonstersState``: the seat's ``order_col/order_rank/order_n[seat]``,
``sj[seat]``, ``summon[seat]``, ``juice``, ``malice``, ``grunt_col/grunt_pos[seat]``,
``minion_pos``, ``ghost_at``, ``arch[seat, :n_arch[seat]]``, ``prophecy[seat]`` (other
players' cards are hidden), the markets ``gmarket``/``amarket``, ``fm_col/fm_face``,
``drv_col/drv_face``, ``info[I_ROUND]``). Example: buy the Arch Monster that costs most::

    import simlab
    from simlab.games.monsters.bots import ARCH_OPTION, KIND_SPOOK

    @simlab.bot("monsters", params={"cost": 1.0})
    def collector(A, st, seat, kind, option, params):
        if kind == KIND_SPOOK and option >= ARCH_OPTION:
            return params[0] * A.arch_cost[option - ARCH_OPTION]
        return 0.0

A worked strategy is ``examples/custom_bots/monsters.py``.
"""

from __future__ import annotations

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.rng import randint, uniform
from simlab.games.monsters.actions import (
    A_CALL,
    A_FEED,
    A_GRUNT,
    A_JUICE,
    A_MALICE,
    A_MINION,
    A_PROMOTE,
    A_SWAP,
    MULTI,
    SUMMON,
)
from simlab.games.monsters.cards import M_SINGLE_GRUNT
from simlab.games.monsters.engine import (
    can_place_ghost,
    free_for_piece,
    next_space,
    row_sum,
)
from simlab.games.monsters.ref import rule
from simlab.games.monsters.scoring import (
    arch_score,
    final_score,
    progress_lines,
    progress_of_lines,
)
from simlab.games.monsters.state import (
    COLS,
    I_JUST_COL,
    I_JUST_ROW,
    I_ROUND,
    MAX_GRUNTS,
    N_MINIONS,
    ROWS,
)

BOT_RANDOM, BOT_GREEDY, BOT_PROPHET, BOT_WEIGHTS, BOT_LOOKAHEAD = range(5)
#: the decisions a custom bot scores (module docstring: the option codes of each kind)
(KIND_DRAFT, KIND_ACTIVATE, KIND_PLACE, KIND_SWAP, KIND_PROMOTE, KIND_MINION, KIND_GRUNT,
 KIND_CALL, KIND_FEED, KIND_SPOOK, KIND_ARCH, KIND_ARCH_FINAL, KIND_GRUNT_ORDER) = range(13)
KIND_NAMES = ("draft", "activate", "place", "swap", "promote", "minion", "grunt", "call", "feed",
              "spook", "arch", "arch_final", "grunt_order")
#: a promote/demote target in the Driveway: "row" DRIVEWAY, "column" = Driveway space
DRIVEWAY = 3
#: Spook-phase option codes (custom bots): pass 0, Ghost 1 + position * 64 + target,
#: Arch Monster ARCH_OPTION + position
ARCH_OPTION = 1000
PARAMS = ("juice", "malice", "grunt", "final", "rank", "beyond", "summon", "prophecy", "ghost",
          "arch", "cost", "icon", "noise")
N_PARAMS = len(PARAMS)
(W_JUICE, W_MALICE, W_GRUNT, W_FINAL, W_RANK, W_BEYOND, W_SUMMON, W_PROPHECY, W_GHOST, W_ARCH,
 W_COST, W_ICON, W_NOISE) = range(N_PARAMS)

_GREEDY = (1.0, 1.5, 0.6, 3.0, 0.6, 0.15, 1.0, 1.0, 2.0, 6.0, 1.2, 0.8, 0.3)
_PROPHET = (1.0, 1.5, 0.6, 3.0, 0.6, 0.15, 1.0, 2.0, 2.0, 6.0, 1.2, 0.8, 0.3)
#: lookahead: the greedy weights (its other decisions and the pre-ranking) + its budget
LOOK_PARAMS = PARAMS + ("playouts", "width")
W_PLAYOUTS, W_WIDTH = N_PARAMS, N_PARAMS + 1

#: name -> (id, parameter names, defaults, one-line description)
BOTS = {
    "random": (BOT_RANDOM, (), (), "uniform over the legal choices of every decision"),
    "greedy": (BOT_GREEDY, PARAMS, _GREEDY,
               "immediate Spook Juice, Malice, Grunt, Prophecy and Arch Monster value"),
    "prophet": (BOT_PROPHET, PARAMS, _PROPHET, "greedy with its Prophecy card counted double"),
    "weights": (BOT_WEIGHTS, PARAMS, _GREEDY,
                "linear evaluation with every weight a parameter (for sweeps and tuning)"),
}
#: The lookahead bot enters the kernel through the line-up (``lu.look``). Its playouts run the
#: game loop's own functions for the all-greedy line-up, so its entry point must be compiled
#: (or loaded) on its own before the kernel (``game._compile_look``) and the kernel must call it
#: with exactly that signature: plain int64 arguments, never literal constants (the decisions
#: pass ``KIND_...`` and the solo loops seat 0 as literals), hence :func:`ask_look`. Otherwise
#: numba compiles a second, literal-typed ``look`` while the loop is being compiled, links the
#: playouts' calls into the loop as recursive calls by symbol, and the kernel crashes once
#: loaded from the disk cache (tests/monsters/test_lookahead.py checks the single signature).
LOOKAHEAD = (BOT_LOOKAHEAD, LOOK_PARAMS, _GREEDY + (8.0, 6.0),
             "flat Monte Carlo over greedy playouts for draft, placement and Spook buys")
BOTS["lookahead"] = LOOKAHEAD


@rule
def ask_look(A, st, lu, p, kind, arg, rng):
    """The lookahead bot's decision (``lookahead.look`` through the line-up), always called with
    plain int64 arguments: the one signature ``game._compile_look`` compiles first."""
    return lu.look(A, st, lu, np.int64(p), np.int64(kind), np.int64(arg), rng)


def bot_vector(name: str, overrides: dict | None = None):
    """The parameter vector of a bot with overrides (tests and the reference)."""
    import numpy as np

    _, params, defaults, _ = BOTS[name]
    v = np.zeros(N_PARAMS)
    v[: len(defaults)] = defaults
    for k, x in (overrides or {}).items():
        v[params.index(k)] = x
    return v


@rule
def jitter(rng, w):
    """A uniform [0, noise) draw (0 without noise; no draw then)."""
    if w[W_NOISE] > 0:
        return uniform(rng) * w[W_NOISE]
    return 0.0


#: options whose values differ by at most this much are tied (broken from the game's stream)
TIE = 1e-9


@rule
def argmax_step(v, bv, ties, rng):
    """One more option of value ``v`` in a tie-aware argmax whose best so far is ``bv``, held by
    ``ties`` tied options (0: ``bv`` is a threshold -- skip, pass -- not an option).

    Returns ``(take, ties)``: a value above ``bv`` (by more than ``TIE``) is taken and starts a
    new tie of 1; one equal to it (within ``TIE``) joins the tie and is taken with probability
    1/ties, drawn from the game's stream ``rng`` (reservoir sampling: each of k tied options
    ends up chosen with probability 1/k, whatever their order). No draw without a tie. The
    caller updates ``bv`` only when ``ties`` comes back 1 (a new best)."""
    if v > bv + TIE:
        return True, 1
    if ties > 0 and v >= bv - TIE:
        ties += 1
        return randint(rng, ties) == 0, ties
    return False, ties


@rule
def icon_value(A, st, p, a, j, w):
    """Rough immediate value of one action icon for p."""
    if a == A_JUICE:
        return j * w[W_JUICE]
    if a == A_MALICE:
        return w[W_MALICE] if st.malice[p] < A.malice_cap else 0.0
    if a == A_CALL:
        best = 0.0
        for r in range(ROWS):
            if st.summon[p, r] < A.track_len - 1:
                nx = A.track_act[st.summon[p, r] + 1]
                v = 0.0
                if nx == SUMMON:
                    v = row_sum(st, p, r, st.sj[p, r]) * w[W_JUICE]
                elif nx >= 0:
                    v = w[W_ICON]
                v += w[W_SUMMON] * 0.5
                if v > best:
                    best = v
        return best
    return w[W_ICON]


@rule(inline=True)
def final_value(A, st, p, c, w):
    """Value of a Grunt of colour c reaching the final area: ``final`` x (matching dice + 1)."""
    n = 1
    for r in range(ROWS):
        for k in range(st.order_n[p, r]):
            if st.order_col[p, r, k] == c:
                n += 1
    return w[W_FINAL] * n


@rule
def space_value(A, st, p, s, w):
    """Value of the actions a Grunt landing on space s performs (printed and Ghost)."""
    v = 0.0
    for k in range(A.space_act.shape[1]):
        if A.space_act[s, k] >= 0:
            v += icon_value(A, st, p, A.space_act[s, k], A.space_juice[s, k], w)
    g = st.ghost_at[p, s]
    if g >= 0:
        for k in range(A.ghost_act.shape[1]):
            if A.ghost_act[g, k] >= 0:
                v += icon_value(A, st, p, A.ghost_act[g, k], A.ghost_juice[g, k], w)
    return v


@rule
def colour_value(A, st, p, c, w):
    """Value of moving p's Grunts of colour c once (each to its next free space)."""
    S = A.n_spaces
    v = 0.0
    for g in range(MAX_GRUNTS):
        if st.grunt_col[p, g] == c and st.grunt_pos[p, g] < S:
            s = next_space(A, st, p, st.grunt_pos[p, g], c)
            if s >= S:
                v += final_value(A, st, p, c, w)
            else:
                v += w[W_GRUNT] + space_value(A, st, p, s, w)
    return v


@rule
def face_value(A, st, p, c, f, w, base):
    """Value of a die (colour c, face f) for the draft: its icons, its colour's move, its rank
    and its Prophecy progress (``base``: :func:`prog` of p's Order, called just before)."""
    v = colour_value(A, st, p, c, w)
    for k in range(A.face_act.shape[2]):
        a = A.face_act[c, f, k]
        if a >= 0:
            v += icon_value(A, st, p, a, A.face_juice[c, f, k], w)
    r = A.face_rank[c, f]
    return v + w[W_RANK] * r * 0.7 + 0.1 * w[W_MALICE] * A.malice_chart[r - 1] + \
        die_prophecy(A, st, p, c, r, w, base)


@rule
def prog(A, st, p, w):
    """Prophecy progress of p's Order (0 when the bot ignores it): ``prophecy_progress``, its
    condition values kept in ``st.pv[0]`` for :func:`prog_at`."""
    k = st.prophecy[p]
    if w[W_PROPHECY] == 0.0 or k < 0:
        return 0.0
    progress_lines(A.cards, k, st.order_col[p], st.order_rank[p], st.sj[p], st.pv[0], 7, 63)
    return progress_of_lines(A.cards, k, st.pv[0])


@rule
def prog_at(A, st, p, w, rows, cols):
    """:func:`prog` of p's Order changed since p's last :func:`prog` call only in the rows /
    columns of bit sets ``rows`` / ``cols`` (a bot trying a placement, promotion or swap):
    only the conditions reading a changed line are evaluated again (the same value)."""
    k = st.prophecy[p]
    if w[W_PROPHECY] == 0.0 or k < 0:
        return 0.0
    for i in range(st.pv.shape[1]):
        st.pv[1, i] = st.pv[0, i]
    progress_lines(A.cards, k, st.order_col[p], st.order_rank[p], st.sj[p], st.pv[1], rows,
                   cols)
    return progress_of_lines(A.cards, k, st.pv[1])


@rule
def die_prophecy(A, st, p, c, rank, w, base):
    """``prophecy`` x the most a die (colour c, rank) adds to p's Prophecy progress placed at
    the end of one of its rows (0 when the bot ignores its card or all rows are full);
    ``base`` is :func:`prog` of p's Order, called just before (one call for all the dice of a
    decision)."""
    if w[W_PROPHECY] == 0.0 or st.prophecy[p] < 0:
        return 0.0
    best = -1e18
    for r in range(ROWS):
        col = st.order_n[p, r]
        if col < COLS:
            st.order_col[p, r, col] = c
            st.order_rank[p, r, col] = rank
            st.order_n[p, r] = col + 1
            d = prog_at(A, st, p, w, 1 << r, 1 << col) - base
            st.order_col[p, r, col] = -1
            st.order_rank[p, r, col] = 0
            st.order_n[p, r] = col
            if d > best:
                best = d
    return w[W_PROPHECY] * best if best > -1e17 else 0.0


@rule
def held_score(A, st, p, skip, extra):
    """Final-area Grunt and Arch Monster points of p's current position (final scoring as if
    the game ended now, Prophecy left out) with the cards p holds except index ``skip`` (-1:
    all) plus card ``extra`` (-1: none)."""
    n = 0
    for i in range(st.n_arch[p]):
        if i != skip:
            st.opt[n] = st.arch[p, i]
            n += 1
    if extra >= 0:
        st.opt[n] = extra
        n += 1
    final_score(A.cards, A.space_area, A.area_public, st.order_col[p], st.order_rank[p],
                st.sj[p], st.grunt_col[p], st.grunt_pos[p], st.ghost_at[p], st.minion_pos[p],
                -1, st.opt, n, st.tmp)
    return st.tmp[0] + st.tmp[2]


@rule
def game_left(A, st, final):
    """Share of the game still to play after this round (0 at final scoring)."""
    if final == 1:
        return 0.0
    return max(0, A.rounds - st.info[I_ROUND]) / A.rounds


@rule
def card_points(A, st, p, card):
    """The points Arch Monster ``card`` scores on p's current position, for any card but a
    ``single_grunt`` one (whose points depend on the other cards: :func:`held_score`):
    final scoring adds the other kinds' points card by card."""
    return arch_score(A.cards, card, st.order_col[p], st.order_rank[p], st.sj[p],
                      A.space_area, A.area_public, st.grunt_col[p], st.grunt_pos[p],
                      st.ghost_at[p], st.minion_pos[p])


@rule
def arch_gain(A, st, p, card, w):
    """What buying Arch Monster ``card`` is worth to p: the points its own scoring condition
    adds on the current position (with the cards p holds) plus ``arch`` x the share of the game
    left, for what the condition may still gain."""
    if A.cards.m_kind[card] == M_SINGLE_GRUNT:
        gain = held_score(A, st, p, -1, card) - held_score(A, st, p, -1, -1)
    else:
        gain = card_points(A, st, p, card)
    return gain + w[W_ARCH] * game_left(A, st, 0)


# ------------------------------------------------------------------------------ draft etc.
@rule  # asked by the reference engine (through its twin)
def decide_draft(A, st, lu, p, f, rng):
    """Car position (0 front .. 3 rear) of the die p takes from Fearmobile f."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == CUSTOM_ID:
        best = -1
        bv = 0.0
        for k in range(4):
            if st.fm_col[f, k] >= 0:
                v = lu.custom(A, st, p, KIND_DRAFT, f * 4 + k, w)
                if best < 0 or v > bv:
                    bv = v
                    best = k
        return best
    if bid == BOT_LOOKAHEAD:
        k = ask_look(A, st, lu, p, KIND_DRAFT, f, rng)
        if k >= 0:
            return k
    if bid == BOT_RANDOM:
        n = 0
        for k in range(4):
            if st.fm_col[f, k] >= 0:
                n += 1
        i = randint(rng, n)
        for k in range(4):
            if st.fm_col[f, k] >= 0:
                if i == 0:
                    return k
                i -= 1
        return -1
    best = -1
    bv = -1e18
    nt = 0
    base = prog(A, st, p, w)
    for k in range(4):
        if st.fm_col[f, k] >= 0:
            v = face_value(A, st, p, st.fm_col[f, k], st.fm_face[f, k], w, base) + \
                jitter(rng, w)
            take, nt = argmax_step(v, bv, nt, rng)
            if take:
                best = k
                if nt == 1:
                    bv = v
    return best


@rule  # asked by the reference engine (through its twin)
def decide_activate(A, st, lu, p, rng):
    """Driveway die p activates next (Grunt movement)."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == CUSTOM_ID:
        best = -1
        bv = 0.0
        for k in range(4):
            if st.drv_moved[p, k] == 0:
                v = lu.custom(A, st, p, KIND_ACTIVATE, k, w)
                if best < 0 or v > bv:
                    bv = v
                    best = k
        return best
    if bid == BOT_RANDOM:
        n = 0
        for k in range(4):
            if st.drv_moved[p, k] == 0:
                n += 1
        i = randint(rng, n)
        for k in range(4):
            if st.drv_moved[p, k] == 0:
                if i == 0:
                    return k
                i -= 1
        return -1
    best = -1
    bv = -1e18
    nt = 0
    for k in range(4):
        if st.drv_moved[p, k] == 0:
            v = colour_value(A, st, p, st.drv_col[p, k], w) + jitter(rng, w)
            take, nt = argmax_step(v, bv, nt, rng)
            if take:
                best = k
                if nt == 1:
                    bv = v
    return best


@rule
def place_value(A, st, p, k, r, w, base):
    """Value of placing Driveway die k in row r: its icons plus its rank in the row."""
    c = st.drv_col[p, k]
    f = st.drv_face[p, k]
    rank = A.face_rank[c, f]
    col = st.order_n[p, r]
    v = 0.0
    for i in range(A.face_act.shape[2]):
        a = A.face_act[c, f, i]
        if a >= 0:
            v += icon_value(A, st, p, a, A.face_juice[c, f, i], w)
    if col < st.sj[p, r] + 2:
        v += w[W_RANK] * rank
    else:
        v += w[W_BEYOND] * rank
    if w[W_PROPHECY] != 0.0:
        st.order_col[p, r, col] = c
        st.order_rank[p, r, col] = rank
        st.order_n[p, r] = col + 1
        v += w[W_PROPHECY] * (prog_at(A, st, p, w, 1 << r, 1 << col) - base)
        st.order_col[p, r, col] = -1
        st.order_rank[p, r, col] = 0
        st.order_n[p, r] = col
    return v


@rule  # asked by the reference engine (through its twin)
def decide_place(A, st, lu, p, rng):
    """Die (Driveway index) and row of p's next Swamp-Jack placement: returns k * 3 + row."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == CUSTOM_ID:
        best = -1
        bv = 0.0
        for k in range(4):
            if st.drv_col[p, k] >= 0:
                for r in range(ROWS):
                    if st.order_n[p, r] < COLS:
                        v = lu.custom(A, st, p, KIND_PLACE, k * 3 + r, w)
                        if best < 0 or v > bv:
                            bv = v
                            best = k * 3 + r
        return best
    if bid == BOT_LOOKAHEAD:
        x = ask_look(A, st, lu, p, KIND_PLACE, 0, rng)
        if x >= 0:
            return x
    if bid == BOT_RANDOM:
        n = 0
        for k in range(4):
            if st.drv_col[p, k] >= 0:
                for r in range(ROWS):
                    if st.order_n[p, r] < COLS:
                        n += 1
        i = randint(rng, n)
        for k in range(4):
            if st.drv_col[p, k] >= 0:
                for r in range(ROWS):
                    if st.order_n[p, r] < COLS:
                        if i == 0:
                            return k * 3 + r
                        i -= 1
        return -1
    base = prog(A, st, p, w)
    # the Malice die: most Malice value against its best placement (ties from the stream)
    mal = -1
    mv = -1e18
    nt = 0
    for k in range(4):
        if st.drv_col[p, k] >= 0:
            bp = -1e18
            for r in range(ROWS):
                if st.order_n[p, r] < COLS:
                    st.optv[k * 3 + r] = place_value(A, st, p, k, r, w, base)  # kept below
                    bp = max(bp, st.optv[k * 3 + r])
            v = malice_value(A, st, p, k, w) - bp
            take, nt = argmax_step(v, mv, nt, rng)
            if take:
                mal = k
                if nt == 1:
                    mv = v
    best = -1
    bv = -1e18
    nt = 0
    for k in range(4):
        if st.drv_col[p, k] >= 0 and k != mal:
            for r in range(ROWS):
                if st.order_n[p, r] < COLS:
                    v = st.optv[k * 3 + r] + jitter(rng, w)
                    take, nt = argmax_step(v, bv, nt, rng)
                    if take:
                        best = k * 3 + r
                        if nt == 1:
                            bv = v
    return best


# ------------------------------------------------------------------------------ actions
@rule
def _cbest(A, st, lu, p, kind, option, bv, best):
    """One more option for a custom bot: (best value, best option) after scoring ``option``."""
    v = lu.custom(A, st, p, kind, option, lu.params[p])
    if v > bv:
        return v, option
    return bv, best


@rule
def custom_action(A, st, lu, p, a, jr, jc):
    """A custom bot's pending action (option 0 = skip, scored first; module docstring)."""
    w = lu.params[p]
    best = 0
    if a == A_SWAP:
        bv = lu.custom(A, st, p, KIND_SWAP, 0, w)
        for x in range(ROWS * 8):
            if x % 8 >= st.order_n[p, x // 8]:
                continue
            for y in range(x + 1, ROWS * 8):
                if y % 8 < st.order_n[p, y // 8]:
                    bv, best = _cbest(A, st, lu, p, KIND_SWAP, 1 + x * 32 + y, bv, best)
        if best > 0:
            x = (best - 1) // 32
            y = (best - 1) % 32
            st.dec[0], st.dec[1], st.dec[2], st.dec[3] = x // 8, x % 8, y // 8, y % 8
    elif a == A_PROMOTE:
        bv = lu.custom(A, st, p, KIND_PROMOTE, 0, w)
        for r in range(ROWS):
            for c in range(st.order_n[p, r]):
                if r == jr and c == jc:
                    continue
                for up in range(2):
                    rk = st.order_rank[p, r, c] + (1 if up == 1 else -1)
                    if 1 <= rk <= 6:
                        bv, best = _cbest(A, st, lu, p, KIND_PROMOTE, 1 + (r * 8 + c) * 2 + up,
                                          bv, best)
        for k in range(4):
            if st.drv_col[p, k] >= 0:
                for up in range(2):
                    if drive_face(A, st, p, k, 1 if up == 1 else -1) >= 0:
                        bv, best = _cbest(A, st, lu, p, KIND_PROMOTE,
                                          1 + (DRIVEWAY * 8 + k) * 2 + up, bv, best)
        if best > 0:
            x = (best - 1) // 2
            st.dec[0], st.dec[1], st.dec[2] = x // 8, x % 8, 1 if (best - 1) % 2 == 1 else -1
            if st.dec[0] == DRIVEWAY:
                st.dec[3] = drive_face(A, st, p, st.dec[1], st.dec[2])
    elif a == A_MINION:
        bv = lu.custom(A, st, p, KIND_MINION, 0, w)
        for m in range(N_MINIONS):
            for s in range(A.n_spaces):
                if free_for_piece(st, p, s):
                    bv, best = _cbest(A, st, lu, p, KIND_MINION, 1 + m * 64 + s, bv, best)
        if best > 0:
            st.dec[0], st.dec[1] = (best - 1) // 64, (best - 1) % 64
    elif a == A_GRUNT:
        bv = lu.custom(A, st, p, KIND_GRUNT, 0, w)
        for c in range(6):
            bv, best = _cbest(A, st, lu, p, KIND_GRUNT, 1 + c, bv, best)
        st.dec[0] = best - 1
    elif a == A_CALL or a == A_FEED:
        kind = KIND_CALL if a == A_CALL else KIND_FEED
        bv = lu.custom(A, st, p, kind, 0, w)
        for r in range(ROWS):
            ok = st.summon[p, r] < A.track_len - 1 if a == A_CALL else st.sj[p, r] < A.sj_max
            if ok:
                bv, best = _cbest(A, st, lu, p, kind, 1 + r, bv, best)
        st.dec[0] = best - 1
    return 1 if best > 0 else 0


@rule
def random_die(st, p, rng, skip_r, skip_c):
    """A uniform die of p's Order other than (skip_r, skip_c): r * 8 + c, or -1."""
    n = 0
    for r in range(ROWS):
        n += st.order_n[p, r]
    if skip_r >= 0:
        n -= 1
    if n <= 0:
        return -1
    i = randint(rng, n)
    for r in range(ROWS):
        for c in range(st.order_n[p, r]):
            if r == skip_r and c == skip_c:
                continue
            if i == 0:
                return r * 8 + c
            i -= 1
    return -1


@rule
def drive_face(A, st, p, k, d):
    """The first face of Driveway die k's colour showing its rank + d (-1: none)."""
    c = st.drv_col[p, k]
    rk = A.face_rank[c, st.drv_face[p, k]] + d
    for f in range(A.face_rank.shape[1]):
        if A.face_rank[c, f] == rk:
            return f
    return -1


@rule
def random_promote(A, st, p, jr, jc, rng):
    """The random bot's Promote/Demote: a uniform die of p's Order (not the one just placed)
    or Driveway, up or down by a fair draw (the other way at rank 1 or 6); a Driveway die
    turns to a face of the new rank (uniform among such faces)."""
    n = 0
    for r in range(ROWS):
        n += st.order_n[p, r]
    if jr >= 0:
        n -= 1
    nd = 0
    for k in range(4):
        if st.drv_col[p, k] >= 0:
            nd += 1
    if n + nd <= 0:
        return 0
    i = randint(rng, n + nd)
    d = 1 if uniform(rng) < 0.5 else -1
    if i < n:
        for r in range(ROWS):
            for c in range(st.order_n[p, r]):
                if r == jr and c == jc:
                    continue
                if i == 0:
                    rk = st.order_rank[p, r, c] + d
                    if rk < 1 or rk > 6:
                        d = -d
                    st.dec[0], st.dec[1], st.dec[2] = r, c, d
                    return 1
                i -= 1
        return 0
    i -= n
    for k in range(4):
        if st.drv_col[p, k] >= 0:
            if i == 0:
                if drive_face(A, st, p, k, d) < 0:
                    d = -d
                if drive_face(A, st, p, k, d) < 0:
                    return 0
                c = st.drv_col[p, k]
                rk = A.face_rank[c, st.drv_face[p, k]] + d
                m = 0
                for f in range(A.face_rank.shape[1]):
                    if A.face_rank[c, f] == rk:
                        m += 1
                j = randint(rng, m) if m > 1 else 0
                for f in range(A.face_rank.shape[1]):
                    if A.face_rank[c, f] == rk:
                        if j == 0:
                            st.dec[0], st.dec[1], st.dec[2], st.dec[3] = DRIVEWAY, k, d, f
                            return 1
                        j -= 1
            i -= 1
    return 0


@rule
def malice_value(A, st, p, k, w):
    """``malice`` x the Malice Driveway die k would give p as the Malice die (up to the cap)."""
    rank = A.face_rank[st.drv_col[p, k], st.drv_face[p, k]]
    room = A.malice_cap - st.malice[p]
    return w[W_MALICE] * min(A.malice_chart[rank - 1], room)


@rule
def drive_value(A, st, p, k, w, base):
    """What Driveway die k is worth as it shows now: the better of its best placement
    (:func:`place_value`) and the Malice it would give."""
    bp = -1e18
    for r in range(ROWS):
        if st.order_n[p, r] < COLS:
            bp = max(bp, place_value(A, st, p, k, r, w, base))
    return max(bp, malice_value(A, st, p, k, w))


@rule  # asked by the reference engine (through its twin)
def decide_action(A, st, lu, p, a, j, just, rng):
    """Perform (1, targets in st.dec) or skip (0) a pending action."""
    bid = lu.ids[p]
    w = lu.params[p]
    jr = st.info[I_JUST_ROW] if just == 1 else -1
    jc = st.info[I_JUST_COL] if just == 1 else -1
    if a == A_JUICE:
        return 1
    if a == A_MALICE:
        return 1 if st.malice[p] < A.malice_cap else 0
    if bid == CUSTOM_ID:
        return custom_action(A, st, lu, p, a, jr, jc)
    if bid == BOT_RANDOM:
        if uniform(rng) < 0.5:
            return 0
        if a == A_SWAP:
            x = random_die(st, p, rng, -1, -1)
            y = random_die(st, p, rng, -1, -1)
            if x < 0 or x == y:
                return 0
            st.dec[0], st.dec[1], st.dec[2], st.dec[3] = x // 8, x % 8, y // 8, y % 8
            return 1
        if a == A_PROMOTE:
            return random_promote(A, st, p, jr, jc, rng)
        if a == A_MINION:
            n = 0
            for s in range(A.n_spaces):
                if free_for_piece(st, p, s):
                    n += 1
            if n == 0:
                return 0
            i = randint(rng, n)
            for s in range(A.n_spaces):
                if free_for_piece(st, p, s):
                    if i == 0:
                        st.dec[1] = s
                        break
                    i -= 1
            st.dec[0] = randint(rng, N_MINIONS)
            return 1
        if a == A_GRUNT:
            st.dec[0] = randint(rng, 6)
            return 1
        if a == A_CALL or a == A_FEED:
            st.dec[0] = randint(rng, ROWS)
            return 1
        return 0
    # ---- evaluating bots
    if a == A_GRUNT:
        best = -1
        bv = 0.0
        nt = 0
        for c in range(6):
            v = colour_value(A, st, p, c, w)
            take, nt = argmax_step(v, bv, nt, rng)
            if take:
                best = c
                if nt == 1:
                    bv = v
        st.dec[0] = best
        return 1 if best >= 0 else 0
    if a == A_CALL:
        best = -1
        bv = -1e18
        nt = 0
        for r in range(ROWS):
            if st.summon[p, r] < A.track_len - 1:
                nx = A.track_act[st.summon[p, r] + 1]
                v = 0.0
                if nx == SUMMON:
                    v = row_sum(st, p, r, st.sj[p, r]) * w[W_JUICE]
                elif nx >= 0:
                    v = w[W_ICON]
                v += jitter(rng, w)
                take, nt = argmax_step(v, bv, nt, rng)
                if take:
                    best = r
                    if nt == 1:
                        bv = v
        st.dec[0] = best
        return 1 if best >= 0 and bv > 0 else 0
    if a == A_FEED:
        best = -1
        bv = -1e18
        nt = 0
        for r in range(ROWS):
            if st.sj[p, r] < A.sj_max:
                v = 0.5
                if st.order_n[p, r] > st.sj[p, r]:
                    v += st.order_rank[p, r, st.sj[p, r]]
                take, nt = argmax_step(v, bv, nt, rng)
                if take:
                    best = r
                    if nt == 1:
                        bv = v
        st.dec[0] = best
        return 1 if best >= 0 else 0
    if a == A_PROMOTE:
        base = prog(A, st, p, w)
        best = -1
        bv = 0.0
        nt = 0
        for r in range(ROWS):
            for c in range(st.order_n[p, r]):
                if r == jr and c == jc:
                    continue
                for d in (-1, 1):
                    rk = st.order_rank[p, r, c] + d
                    if rk < 1 or rk > 6:
                        continue
                    v = d * (w[W_RANK] if c < st.sj[p, r] + 2 else w[W_BEYOND])
                    if w[W_PROPHECY] != 0.0:
                        st.order_rank[p, r, c] = rk
                        v += w[W_PROPHECY] * (prog_at(A, st, p, w, 1 << r, 1 << c) - base)
                        st.order_rank[p, r, c] = rk - d
                    take, nt = argmax_step(v, bv, nt, rng)
                    if take:
                        best = (r * 8 + c) * 2 + (1 if d > 0 else 0)
                        if nt == 1:
                            bv = v
        # "one of your Lord Dice (anywhere)": a Driveway die turns to a face of rank +- 1
        bf = -1
        for k in range(4):
            cd = st.drv_col[p, k]
            if cd < 0:
                continue
            f0 = st.drv_face[p, k]
            r0 = A.face_rank[cd, f0]
            v0 = drive_value(A, st, p, k, w, base)
            for f2 in range(A.face_rank.shape[1]):
                d = A.face_rank[cd, f2] - r0
                if d != 1 and d != -1:
                    continue
                st.drv_face[p, k] = f2
                v = drive_value(A, st, p, k, w, base) - v0
                st.drv_face[p, k] = f0
                take, nt = argmax_step(v, bv, nt, rng)
                if take:
                    best = (DRIVEWAY * 8 + k) * 2 + (1 if d > 0 else 0)
                    bf = f2
                    if nt == 1:
                        bv = v
        if best < 0:
            return 0
        st.dec[0] = best // 2 // 8
        st.dec[1] = best // 2 % 8
        st.dec[2] = 1 if best % 2 == 1 else -1
        st.dec[3] = bf
        return 1
    if a == A_SWAP:
        base = prog(A, st, p, w)
        best = -1
        bv = 0.0
        nt = 0
        for x in range(ROWS * 8):
            r1 = x // 8
            c1 = x % 8
            if c1 >= st.order_n[p, r1]:
                continue
            for y in range(x + 1, ROWS * 8):
                r2 = y // 8
                c2 = y % 8
                if c2 >= st.order_n[p, r2]:
                    continue
                k1 = st.order_rank[p, r1, c1]
                k2 = st.order_rank[p, r2, c2]
                in1 = w[W_RANK] if c1 < st.sj[p, r1] + 2 else w[W_BEYOND]
                in2 = w[W_RANK] if c2 < st.sj[p, r2] + 2 else w[W_BEYOND]
                v = (k2 - k1) * in1 + (k1 - k2) * in2
                if w[W_PROPHECY] != 0.0:
                    q1 = st.order_col[p, r1, c1]
                    st.order_col[p, r1, c1] = st.order_col[p, r2, c2]
                    st.order_col[p, r2, c2] = q1
                    st.order_rank[p, r1, c1] = k2
                    st.order_rank[p, r2, c2] = k1
                    v += w[W_PROPHECY] * (prog_at(A, st, p, w, (1 << r1) | (1 << r2),
                                                  (1 << c1) | (1 << c2)) - base)
                    st.order_col[p, r2, c2] = st.order_col[p, r1, c1]
                    st.order_col[p, r1, c1] = q1
                    st.order_rank[p, r1, c1] = k1
                    st.order_rank[p, r2, c2] = k2
                take, nt = argmax_step(v, bv, nt, rng)
                if take:
                    best = x * 32 + y
                    if nt == 1:
                        bv = v
        if best < 0:
            return 0
        x = best // 32
        y = best % 32
        st.dec[0], st.dec[1], st.dec[2], st.dec[3] = x // 8, x % 8, y // 8, y % 8
        return 1
    if a == A_MINION:
        # block the next space of a Grunt that shows no action, so the Grunt jumps past it;
        # several such Grunts: one of them drawn from the stream
        S = A.n_spaces
        n = 0
        target = -1
        for g in range(MAX_GRUNTS):
            c = st.grunt_col[p, g]
            if c >= 0 and st.grunt_pos[p, g] < S:
                s = next_space(A, st, p, st.grunt_pos[p, g], c)
                if s < S and free_for_piece(st, p, s) and space_value(A, st, p, s, w) <= 0.0:
                    n += 1
                    if n == 1 or randint(rng, n) == 0:
                        target = s
        if target < 0:
            return 0
        m = 0  # a Minion from its starting spot (they are all alike)
        for i in range(N_MINIONS):
            if st.minion_pos[p, i] < 0:
                m = i
                break
        st.dec[0] = m
        st.dec[1] = target
        return 1
    return 0


# ------------------------------------------------------------------------------ Spook phase
@rule
def ghost_value(A, st, p, g, w):
    """Value of owning Ghost g (its icons once, or a new Grunt)."""
    if A.ghost_gain[g] == 1:
        return w[W_GHOST] + 4.0 * w[W_GRUNT] if st.supply[A.ghost_colour[g]] > 0 else 0.0
    v = w[W_GHOST]
    for k in range(A.ghost_act.shape[1]):
        if A.ghost_act[g, k] >= 0:
            v += icon_value(A, st, p, A.ghost_act[g, k], A.ghost_juice[g, k], w)
    return v


@rule
def ghost_target(A, st, p, g, rng):
    """Where p puts Ghost g: a gain-Grunt spot (the first empty one: they are all alike), or
    the free matching space that the rearmost matching Grunt will land on next (Grunts equally
    far behind, e.g. on their starting spots: one drawn from the stream ``rng``), else the first
    legal space along the path; -1 if none."""
    if A.ghost_gain[g] == 1:
        return can_place_ghost(A, st, p, g)
    S = A.n_spaces
    col = A.ghost_colour[g]
    bpos = S + 1
    best = -1
    n = 0
    for i in range(MAX_GRUNTS):
        c = st.grunt_col[p, i]
        if c >= 0 and st.grunt_pos[p, i] < S and (col == MULTI or c == col):
            s = next_space(A, st, p, st.grunt_pos[p, i], c)
            if s < S and st.ghost_at[p, s] < 0:
                if st.grunt_pos[p, i] < bpos:
                    bpos = st.grunt_pos[p, i]
                    best = s
                    n = 1
                elif st.grunt_pos[p, i] == bpos:
                    n += 1
                    if randint(rng, n) == 0:
                        best = s
    if best >= 0:
        return best
    return can_place_ghost(A, st, p, g)


@rule
def spook_code(A, st, p, x, rng):
    """Turn a lookahead Spook choice (0 pass, 1 + k Ghost at k, 6 + k Arch Monster at k) into
    decide_spook's answer (targets in st.dec; a Ghost's by :func:`ghost_target`)."""
    if x == 0:
        return 0
    if x <= 5:
        st.dec[0] = x - 1
        st.dec[1] = ghost_target(A, st, p, st.gmarket[x - 1], rng)
        return 1
    st.dec[0] = x - 6
    return 2


@rule
def custom_spook(A, st, lu, p):
    """A custom bot's Spook turn: pass (option 0, scored first), a Ghost on a legal target, an
    Arch Monster (module docstring)."""
    w = lu.params[p]
    bv = lu.custom(A, st, p, KIND_SPOOK, 0, w)
    best = 0
    for k in range(5):
        g = st.gmarket[k]
        if g >= 0 and A.ghost_cost[k] <= st.malice[p]:
            if A.ghost_gain[g] == 1:
                for t in range(A.gain_spots):
                    if st.gain_spot[p, t] < 0:
                        bv, best = _cbest(A, st, lu, p, KIND_SPOOK, 1 + k * 64 + t, bv, best)
            else:
                col = A.ghost_colour[g]
                for t in range(A.n_spaces):
                    if free_for_piece(st, p, t) and (col == MULTI or A.space_colour[t] == col):
                        bv, best = _cbest(A, st, lu, p, KIND_SPOOK, 1 + k * 64 + t, bv, best)
    for k in range(5):
        if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p] and \
                st.n_arch[p] < st.arch.shape[1]:
            bv, best = _cbest(A, st, lu, p, KIND_SPOOK, ARCH_OPTION + k, bv, best)
    if best == 0:
        return 0
    if best >= ARCH_OPTION:
        st.dec[0] = best - ARCH_OPTION
        return 2
    st.dec[0] = (best - 1) // 64
    st.dec[1] = (best - 1) % 64
    return 1


@rule  # asked by the reference engine (through its twin)
def decide_spook(A, st, lu, p, rng):
    """0 pass, 1 buy a Ghost (st.dec[0] position, st.dec[1] target), 2 buy an Arch Monster
    (st.dec[0] position)."""
    bid = lu.ids[p]
    w = lu.params[p]
    if bid == CUSTOM_ID:
        return custom_spook(A, st, lu, p)
    if bid == BOT_LOOKAHEAD:
        x = ask_look(A, st, lu, p, KIND_SPOOK, 0, rng)
        if x >= 0:
            return spook_code(A, st, p, x, rng)
    if bid == BOT_RANDOM:
        n = 0
        for k in range(5):
            g = st.gmarket[k]
            if g >= 0 and A.ghost_cost[k] <= st.malice[p] and can_place_ghost(A, st, p, g) >= 0:
                n += 1
            if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p]:
                n += 1
        if n == 0 or uniform(rng) < 0.5:
            return 0
        i = randint(rng, n)
        for k in range(5):
            g = st.gmarket[k]
            if g >= 0 and A.ghost_cost[k] <= st.malice[p] and can_place_ghost(A, st, p, g) >= 0:
                if i == 0:
                    st.dec[0] = k
                    st.dec[1] = ghost_target(A, st, p, g, rng)
                    return 1
                i -= 1
            if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p]:
                if i == 0:
                    st.dec[0] = k
                    return 2
                i -= 1
        return 0
    best = 0
    bk = 0
    bv = 0.0  # passing
    nt = 0
    for k in range(5):
        g = st.gmarket[k]
        if g >= 0 and A.ghost_cost[k] <= st.malice[p] and can_place_ghost(A, st, p, g) >= 0:
            v = ghost_value(A, st, p, g, w) - w[W_COST] * A.ghost_cost[k] + jitter(rng, w)
            take, nt = argmax_step(v, bv, nt, rng)
            if take:
                best = 1
                bk = k
                if nt == 1:
                    bv = v
        if st.amarket[k] >= 0 and A.arch_cost[k] <= st.malice[p] and \
                st.n_arch[p] < st.arch.shape[1]:
            v = arch_gain(A, st, p, st.amarket[k], w) - w[W_COST] * A.arch_cost[k] + \
                jitter(rng, w)
            take, nt = argmax_step(v, bv, nt, rng)
            if take:
                best = 2
                bk = k
                if nt == 1:
                    bv = v
    if best > 0:
        st.dec[0] = bk
    if best == 1:
        st.dec[1] = ghost_target(A, st, p, st.gmarket[bk], rng)
    return best


@rule  # asked by the reference engine (through its twin)
def decide_arch(A, st, lu, p, final, rng):
    """Index of the Arch Monster card p discards now for its back action (-1: none), asked at
    every decision point of p's (``final`` 1: just before final scoring). Evaluating bots
    discard the card whose back action (``icon_value`` now; Malice is worthless at final
    scoring) is worth most above what the card is worth kept: the points its condition gives
    on the current position plus ``arch`` x the share of the game left (:func:`arch_gain`'s
    measure); random: a uniform card with probability 1/10 at a decision point during the game
    (about once a round) and 1/4 at final scoring."""
    n = st.n_arch[p]
    if n == 0:
        return -1
    if lu.ids[p] == CUSTOM_ID:
        kind = KIND_ARCH_FINAL if final == 1 else KIND_ARCH
        bv = lu.custom(A, st, p, kind, 0, lu.params[p])
        best = 0
        for i in range(n):
            bv, best = _cbest(A, st, lu, p, kind, 1 + i, bv, best)
        return best - 1
    if lu.ids[p] == BOT_RANDOM:
        if uniform(rng) < (0.25 if final == 1 else 0.1):
            return randint(rng, n)
        return -1
    w = lu.params[p]
    left = w[W_ARCH] * game_left(A, st, final)
    # a card kept is worth at least ``left`` (its own points are never negative): when no back
    # action beats that, none is discarded and nothing is drawn (argmax_step), so skip the scoring
    worth = False
    for i in range(n):
        card = st.arch[p, i]
        back = icon_value(A, st, p, A.cards.m_back[card], A.cards.m_back_amount[card], w)
        if not (final == 1 and A.cards.m_back[card] == A_MALICE) and back - left > TIE:
            worth = True
    if not worth:
        return -1
    now = -1
    best = -1
    bv = 0.0  # keeping every card
    nt = 0
    for i in range(n):
        card = st.arch[p, i]
        back = icon_value(A, st, p, A.cards.m_back[card], A.cards.m_back_amount[card], w)
        if final == 1 and A.cards.m_back[card] == A_MALICE:
            back = 0.0
        if A.cards.m_kind[card] == M_SINGLE_GRUNT:
            if now < 0:
                now = held_score(A, st, p, -1, -1)
            kept = now - held_score(A, st, p, i, -1)
        else:
            kept = card_points(A, st, p, card)
        v = back - (kept + left)
        take, nt = argmax_step(v, bv, nt, rng)
        if take:
            best = i
            if nt == 1:
                bv = v
    return best
