"""Monkey Fun: bot strategies (numba), chosen by integer id inside the kernel.

Every bot is an id plus a parameter vector, so one compiled kernel plays any line-up. A decision
is a card subset (bitmask over the hand slots), which names the field; bots enumerate the legal
subsets with the rules' own :func:`~simlab.games.monkey.engine.legal_plays` (so every bot obeys
the solo rules too) and keep the best one. This module holds the bot table and the decision
(:func:`decide`); the one-step policies are in ``policies.py``, the searching bots in
``search.py``.

Ties (fairness): a bot treats its opponents by what they hold, never by where they sit. Plays of
equal value (within ``EPS``) are a tie, broken uniformly at random from the game's stream (the
``rng`` the kernel passes; one draw per further tied play), never by hand slot or bitmask order;
card subsets that play the same cards from other hand slots (two 3s in hand) are one play, so
they do not weigh twice. Ties between opponents (the ``leader``) are broken the same way, never
by seat. No random number is drawn without a tie, so the stream moves only when it decides.

``random`` (id 0)
    Uniform over the legal (field, card subset) plays that add a monkey somewhere useful: a
    play naming a field the bot owns (the monkey would go to the box) is left out unless it is
    the only kind of play there is (then uniform over all). The lookahead bot's playouts use it.
``greedy`` (1), ``row`` (2), ``blocker`` (3), ``weights`` (4)
    One linear evaluation of every legal play, with different default weights. Features of
    placing on field c (majority = strictly most monkeys, or owner):

    - ``win``: the placement completes a winning row (square in the quick game);
    - ``majority``: the bot gains the majority of c; ``ownership``: c becomes the bot's;
    - ``line2`` / ``line3``: change in the bot's open shapes (no cell owned by another player)
      holding at least 2 / 3 of its majorities;
    - ``block``: opponents' open 3-of-4 threats stopped: one of the three majorities broken, or
      the empty (or contested) fourth field taken so that one monkey no longer completes the
      row; ``leader``: the same for the opponent with most threats (then most majority fields;
      tied opponents: one drawn at random);
    - ``contest``: c had an opponent's majority that the placement breaks or takes;
    - ``focus``: the most of its majorities in one open shape through c (builds one line);
    - ``cost``: cards played + their sum / 10 (a negative weight keeps cheap cards);
    - ``field``: field number / 36 when the bot gains the majority (end-of-game points).

    greedy: majorities, threats, ownership, cheap cards, and it stops the opponents' lines as a
    builder values its own (``block`` 8 at 2 players, where it was tuned against the roster;
    at P players :func:`share_denial` divides it by P - 1, the players the denial serves:
    2.67 at 4, where the old greedy's 2 sat); row: builds the line where it has most
    majorities; blocker: breaks the leader's threats and claims contested fields; weights:
    every weight a parameter.
``lookahead`` (5)
    Flat Monte Carlo: every legal play is tried in ``playouts`` random playouts to the end
    (random bots, as ``random``), after shuffling the cards the bot cannot see (opponents' hands
    and the draw pile) together and dealing them back; keeps the best mean win share (+ points
    / 10000).
    Subsets playing the same cards are tried once; exact ties are drawn at random.
``solo`` (6)
    Solo planner. A free square field must be played when one can be named; the bot takes the
    one hardest to reach first (``reach``: the exact chance that a fresh hand names it, as
    ``simlab odds monkey`` computes), so the easy sums are left for the last rounds, when few
    fields are free. With two free fields left it chooses which to leave for last, the one
    that completes the square and scores its number: the one whose chance to be named in the
    rounds that remain, times (1 + ``score`` * number / 36), is highest (the timing of the
    completion in rounds 16-20). Minus towers (forced): on an existing tower when one can be
    named (no new minus points), else on the lowest field. ``keep`` adds the share of the
    free fields the kept cards name by themselves; ``cost`` (cards and their sum) separates
    plays naming the same field; equal plays drawn at random. ``ahead`` looks one draw ahead
    with the cards counted: the cards not seen are the deck less the hand and the face-up
    discard pile; for each play, the exact chance (every multiset of the cards drawn back to
    4, hypergeometric) that the next round's hand covers a free square field, less the chance
    that it cannot (no field at all: lost; only a minus tower while the free fields left need
    every round that remains); a short draw pile draws all of it, then from the reshuffled
    discard pile. ``count`` 1 reads ``reach`` from the cards not seen (a hand drawn from them)
    instead of a fresh deck. Defaults: reach 3, keep 0, ahead 16, count 0 (tuned on 5,000 games
    of seed 2; ``count`` 1 measured 1-2 points of success lower). ``playouts`` >= 1 (at most 64)
    searches: every legal play is tried in that many playouts to the end of the game (the
    unseen draw pile reshuffled, the heuristic above playing on, every play on the same draws),
    scored success + score / 1000; the bot keeps the heuristic's play unless another one is
    better by two standard errors of the paired difference (a few noisy playouts do not
    overrule the plan), else the best of those.
``search`` (8)
    greedy's evaluation (its weights are the bot's first 11 parameters, greedy's defaults,
    ``block`` shared as greedy's) picks its ``candidates`` best distinct plays; each is tried in
    ``playouts`` playouts to the end in which every seat plays that evaluation, the cards the bot
    cannot see dealt afresh, playout j of every candidate on the same stream (common random
    numbers); the best mean win share (+ points / 10000) is played, ties drawn. The game's
    default search (``MonkeyGame.search_bot``).
``first`` (7, a bench bot: ``MonkeyGame.bench_bots``)
    The first legal play in the kernel's order (increasing bitmask), with no evaluation and no
    draw from the stream: ``simlab bench`` times the rules alone with it. Not a strategy (it
    favours the low hand slots); left out of listings and populations.

Custom bots (``@simlab.bot("monkey", params={...})``, bot id ``CUSTOM_ID`` = 63)
-------------------------------------------------------------------------------
A custom bot is a numba function ``fn(A, st, seat, kind, option, params) -> float`` that scores
one legal play; the kernel asks it about every legal play and takes the highest score; plays
scored alike (within ``EPS``) are a tie drawn from the game's stream over the distinct plays,
exactly as the built-in bots draw theirs (see above), so a custom bot never favours a hand slot
or a bitmask order. A turn has exactly one decision, the
play (which cards, hence which field); everything else in a turn is forced by the rules
(placement on the named field, ownership, drawing, discarding an unplayable hand). The decision
comes in three kinds, so a bot knows which rule made the list of legal plays:

``KIND_PLAY`` (0)
    Normal and quick game: play cards naming a field where the seat may place (not a field
    another player owns).
``KIND_SOLO`` (1)
    Solo variant, a free field of the inner 4x4 square can be named: every legal play names one.
``KIND_TOWER`` (2)
    Solo variant, no free square field can be named: every legal play builds or raises a minus
    tower (a square field already holding the seat's monkey; its number is a minus point).

``option`` is, for every kind, the *index* ``i`` of the play in the kernel's list of legal plays
(``0 <= i < n``, the plays in increasing bitmask order):

- ``st.masks[option]``: the card subset, a bitmask over the hand slots (bit ``j`` set: the card
  ``st.hand[seat, j]`` is played; slots ``0 .. st.hand_n[seat] - 1``);
- ``st.cells[option]``: the cell of the field it names (``r * 6 + c``, row ``r`` and column
  ``c`` from the top-left); its field number is ``A.number[cell]``.

What a bot reads (all read-only; a custom bot must not write to ``st``):

- ``A`` (:class:`~simlab.games.monkey.rules.MonkeyArrays`): ``A.n_players``, ``A.mode``
  (``MODE_NORMAL`` 0, ``MODE_QUICK`` 1, ``MODE_SOLO`` 2), ``A.number[cell]`` (field number),
  ``A.cell_of[n]`` (cell of field number ``n``), ``A.inner[cell]`` (1 in the inner 4x4 square),
  ``A.shapes[s, 0..3]`` (the 4 cells of winning shape ``s``: rows of 4, quick game also 2x2
  squares), ``A.shape_kind[s]``, ``A.cell_shapes[cell, k]`` for ``k < A.n_cell_shapes[cell]``
  (the shapes through a cell), ``A.monkeys``, ``A.hand_size``, ``A.max_play``,
  ``A.solo_max_towers``, ``A.solo_max_per_field``, ``A.solo_rounds``, ``A.solo_min_round``.
- ``st`` (:class:`~simlab.games.monkey.state.MonkeyState`): ``st.counts[cell, q]`` (monkeys of
  seat ``q`` on a cell), ``st.owner[cell]`` (owning seat or -1), ``st.maj[cell]`` (seat with the
  majority, the owner on an owned field, or -1), ``st.supply[q]``, ``st.boxed[q]``,
  ``st.hand[seat, j]`` / ``st.hand_n[seat]`` (the bot's own hand; other hands are hidden
  information a fair bot leaves alone), ``st.masks`` / ``st.cells`` (the legal plays, see
  above), ``st.info[I_TURN]`` (turn number, 1-based; the round in solo), ``st.info[I_TOWERS]``
  (solo: minus-tower fields so far), ``st.info[I_NDRAW]`` / ``st.info[I_NDISC]`` (pile sizes),
  ``st.discard[0 .. st.info[I_NDISC] - 1]`` (the face-up discard pile).
- ``params``: the bot's parameters (``float64``, in the order of its ``params`` dict; the vector
  may be longer, padded with zeros).

Example: a bot that prefers fields of the highest number and, among plays naming one field, the
fewest cards::

    import simlab

    @simlab.bot("monkey", params={"cards": 0.5})
    def high(A, st, seat, kind, option, params):
        m = st.masks[option]
        k = 0
        for j in range(st.hand_n[seat]):
            k += (m >> j) & 1
        return A.number[st.cells[option]] - params[0] * k

A worked strategy (extend the longest open line) is ``examples/custom_bots/monkey.py``.
"""
from __future__ import annotations

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.ref import rule
from simlab.games.monkey.engine import legal_plays
from simlab.games.monkey.policies import (
    EVAL_PARAMS,
    N_PARAMS,
    P_PLAYOUTS,
    SOLO_PARAMS,
    W_BLOCK,
    evaluation_play,
    random_play,
    seat_bounds,
    solo_choice,
    tie_play,
)
from simlab.games.monkey.rules import MODE_SOLO
from simlab.games.monkey.search import lookahead, search_play, solo_search
from simlab.games.monkey.state import I_BOUNDS, I_KEEP, MonkeyState, new_state

BOT_RANDOM, BOT_GREEDY, BOT_ROW, BOT_BLOCKER, BOT_WEIGHTS, BOT_LOOKAHEAD, BOT_SOLO, BOT_FIRST, \
    BOT_SEARCH = range(9)
#: the decisions a custom bot scores (see the module docstring); ``option`` is the play's index
KIND_PLAY, KIND_SOLO, KIND_TOWER = range(3)
KIND_NAMES = ("play", "solo", "tower")
#: name -> (id, parameter names, defaults, one-line description)
BOTS = {
    "random": (BOT_RANDOM, (), (), "uniform over the legal plays"),
    "greedy": (BOT_GREEDY, EVAL_PARAMS,
               (1000.0, 3.0, 1.5, 1.0, 3.0, 8.0, 0.0, 0.5, 0.0, -0.3, 1.0),
               "the play that most improves its majorities, threats and ownerships and stops "
               "the opponents' (block: at 2 players, shared by P - 1 opponents); cheap cards "
               "first"),
    "row": (BOT_ROW, EVAL_PARAMS,
            (1000.0, 1.0, 0.5, 1.0, 3.0, 1.0, 0.0, 0.0, 2.0, -0.2, 0.0),
            "builds the line where it has most majorities"),
    "blocker": (BOT_BLOCKER, EVAL_PARAMS,
                (1000.0, 1.0, 1.0, 0.3, 1.0, 3.0, 5.0, 2.0, 0.0, -0.2, 0.3),
                "breaks the leader's 3-of-4 threats and claims contested fields"),
    "weights": (BOT_WEIGHTS, EVAL_PARAMS,
                (1000.0, 2.0, 1.0, 1.0, 2.0, 1.0, 1.0, 1.0, 0.5, -0.2, 0.5),
                "linear evaluation with every weight a parameter (for sweeps and tuning)"),
    "lookahead": (BOT_LOOKAHEAD, ("playouts",), (8.0,),
                  "flat Monte Carlo: random playouts per legal play, unseen cards resampled"),
    "solo": (BOT_SOLO, SOLO_PARAMS, (3.0, 0.0, 1.0, 0.001, 0.0, 16.0, 0.0),
             "solo planner: counts the cards seen and looks one draw ahead (the chance the "
             "next round covers a free field), hardest-to-reach free field first, leaves the "
             "last field worth waiting for, towers that add the fewest minus points; "
             "playouts > 0 searches"),
    "search": (BOT_SEARCH, EVAL_PARAMS + ("playouts", "candidates"),
               (1000.0, 3.0, 1.5, 1.0, 3.0, 8.0, 0.0, 0.5, 0.0, -0.3, 1.0, 4.0, 3.0),
               "greedy's best candidates, each tried in playouts where every seat plays "
               "greedy's evaluation (common random numbers)"),
    "first": (BOT_FIRST, (), (), "bench only: the first legal play (in bitmask order), no "
                                 "evaluation: times the rules alone (simlab bench)"),
}


@rule(inline=True)
def play_kind(A, st, n):
    """The kind of the play decision whose n >= 1 legal plays are in st.masks/st.cells:
    KIND_PLAY (normal, quick), KIND_SOLO (solo, free square fields) or KIND_TOWER (solo, minus
    towers only; legal_plays lists free fields whenever there is one)."""
    if A.mode != MODE_SOLO:
        return KIND_PLAY
    return KIND_SOLO if st.counts[st.cells[0], 0] == 0 else KIND_TOWER


@rule(inline=True)
def start_keeping(A, st, lineup):
    """Start of a kernel game: when a seat plays an evaluation bot (``greedy``, ``row``,
    ``blocker``, ``weights``), the game keeps their field values and bounds (``I_KEEP``; the
    seats whose weights allow bounds in ``I_BOUNDS``, see ``policies.seat_bounds``)."""
    keep = 0
    bounds = 0
    for q in range(A.n_players):
        st.fok[q] = 0
        st.kbv[q] = 0
        st.flead[q] = -1
        if BOT_GREEDY <= lineup.ids[q] <= BOT_WEIGHTS:
            keep = 1
            if seat_bounds(A, st, q, lineup.params[q]):
                bounds |= 1 << q
    st.info[I_KEEP] = keep
    st.info[I_BOUNDS] = bounds


@rule(inline=True)
def _custom(A, st, lineup, p, n, rng):
    """The line-up's custom function scores each of the n legal plays (option = its index into
    st.masks/st.cells); the best play's card subset, ties (within ``EPS``) drawn from the
    game's stream over the distinct plays as the built-in bots draw theirs
    (``policies.tie_play``). A score that is not a number (NaN) never leads; when every score
    is, the first play is taken."""
    kind = play_kind(A, st, n)
    w = lineup.params[p]
    best = -np.inf
    bm = st.masks[0]
    ties = 0
    for i in range(n):
        v = lineup.custom(A, st, p, kind, i, w)
        if v != v:  # NaN
            continue
        take, best, ties = tie_play(v, best, ties, st, p, st.masks[i], rng)
        if take:
            bm = st.masks[i]
    return bm


@rule  # asked by the reference engine (through its twin)
def decide(A, st, sim, lineup, p, rng):
    """A bot's play: the card subset (bitmask over p's hand slots) to play, 0 when no play is
    legal. ``sim`` is the lookahead bot's playout state, or None when no seat plays
    ``lookahead`` (the kernel then does not contain the search)."""
    n = legal_plays(A, st, p)
    if n == 0:
        return 0
    return choose(A, st, sim, lineup, p, n, rng)


@rule(inline=True)
def choose(A, st, sim, lineup, p, n, rng):
    """The play of p's bot among the n >= 1 legal plays ``legal_plays`` just listed in
    st.masks/st.cells (and tabulated in st.psum/st.pk): :func:`decide` without the listing,
    which the kernel has done already."""
    bid = lineup.ids[p]
    if bid == BOT_FIRST:  # the rules alone: no decision cost, no draw from the stream
        return st.masks[0]
    w = lineup.params[p]
    if bid == CUSTOM_ID:
        return _custom(A, st, lineup, p, n, rng)
    if bid == BOT_RANDOM:
        return random_play(A, st, p, n, rng)
    if sim is not None:  # None: no searching seat, numba prunes the search from the kernel
        if bid == BOT_LOOKAHEAD:
            plays = max(1, int(w[0]))
            return lookahead(A, st, sim, p, n, plays, rng, False, w)
        if bid == BOT_SEARCH:
            return search_play(A, st, sim, p, n, w, rng)
        if bid == BOT_SOLO and w[P_PLAYOUTS] >= 1.0 and A.mode == MODE_SOLO:
            return solo_search(A, st, sim, p, n, int(w[P_PLAYOUTS]), w, rng)
    if bid == BOT_SOLO:
        return solo_choice(A, st, p, n, w, rng)
    return evaluation_play(A, st, p, n, w, rng)


def share_denial(ids: np.ndarray, params: np.ndarray, players: int) -> None:
    """greedy's ``block`` weight is what stopping an opponent's 3-of-4 line is worth at a
    2-player table (tuned there against the roster: ``blocker``, ``row``, ``weights`` and the
    old greedy); at a table of P players the line's denial is shared by the P - 1 players who
    did not hold it, so greedy's seats play ``block / (P - 1)`` (in place, on the line-up's
    parameter matrix; the other bots' weights are played as given)."""
    if players > 2:
        sel = (ids == BOT_GREEDY) | (ids == BOT_SEARCH)
        params[sel, W_BLOCK] = params[sel, W_BLOCK] / (players - 1)


def needs_search(lineup) -> bool:
    """Does a seat of the line-up search (``lookahead``, or ``solo`` with ``playouts`` >= 1)?
    The kernel then gets a playout state; otherwise it is compiled without the search."""
    ids = np.asarray(lineup.ids)
    params = np.asarray(lineup.params)
    if np.any((ids == BOT_LOOKAHEAD) | (ids == BOT_SEARCH)):
        return True
    return bool(np.any((ids == BOT_SOLO) & (params[:, P_PLAYOUTS] >= 1.0)))


def bot_vector(name: str, overrides: dict | None = None) -> np.ndarray:
    """The parameter vector (length N_PARAMS) of bot ``name`` with named overrides."""
    _, names, defaults, _ = BOTS[name]
    vec = np.zeros(N_PARAMS, dtype=np.float64)
    vec[: len(defaults)] = defaults
    for k, v in (overrides or {}).items():
        vec[names.index(k)] = float(v)
    return vec

def search_state(lineup, n_players: int, n_cards: int) -> MonkeyState | None:
    """The playout state when a seat of ``lineup`` searches (``lookahead``, or ``solo`` with
    ``playouts`` > 0), else None: the kernel is then compiled without the search (a smaller
    entry point)."""
    if needs_search(lineup):
        return new_state(n_players, n_cards)
    return None
