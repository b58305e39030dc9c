"""Jungle Rumble: compiled loops that time the bot and rule functions for ``profile.py``
(``simlab bench --profile``). The kernels never call them: they are compiled only when the
profile runs. Each calls one function ``reps`` times on a prepared state (the NamedTuples by
reference, as the kernels pass them) and returns a sum so that nothing is optimised away."""

from __future__ import annotations

from numba import njit

from simlab.core.ref import ref
from simlab.games.jungle import bots, lookahead
from simlab.games.jungle.board import legal_cells, legal_edges, stick_points
from simlab.games.jungle.greedy import (
    _greedy_follow,
    greedy_action,
    position,
    standings,
    wet_free_cells,
)


@njit(cache=True, nogil=True)
def loop_action(A, st, w, p, rng, reps):
    """``reps`` calls of greedy's action decision (:func:`greedy.greedy_action`)."""
    s = 0
    for _ in range(reps):
        s += greedy_action(ref(A), ref(st), p, w, rng)
    return s


@njit(cache=True, nogil=True)
def loop_follow(A, st, w, p, a, reps):
    """``reps`` calls of greedy's follow decision (:func:`greedy._greedy_follow`)."""
    s = 0
    for _ in range(reps):
        s += _greedy_follow(ref(A), ref(st), w, p, a)
    return s


@njit(cache=True, nogil=True)
def loop_field(A, st, lu, p, rng, reps):
    """``reps`` calls of the field placement (:func:`bots.decide_field`)."""
    s = 0
    for _ in range(reps):
        s += bots.decide_field(ref(A), ref(st), ref(lu), p, rng)
    return s


@njit(cache=True, nogil=True)
def loop_stick(A, st, lu, p, rng, reps):
    """``reps`` calls of the stick placement (:func:`bots.decide_stick`)."""
    s = 0
    for _ in range(reps):
        s += bots.decide_stick(ref(A), ref(st), ref(lu), p, rng)
    return s


@njit(cache=True, nogil=True)
def loop_legal(A, st, p, reps):
    """``reps`` calls of the legal cells and edges (:func:`board.legal_cells`,
    :func:`board.legal_edges`)."""
    s = 0
    for _ in range(reps):
        s += legal_cells(ref(A), ref(st), p) + legal_edges(ref(A), ref(st), p)
    return s


@njit(cache=True, nogil=True)
def loop_standings(A, st, p, reps):
    """``reps`` calls of the end term's position and standings (:func:`greedy.position`,
    :func:`greedy.standings`)."""
    s = 0.0
    for _ in range(reps):
        e = position(ref(A), ref(st), p)
        mine, best = standings(ref(A), ref(st), p)
        s += mine - best + e.food
    return s


@njit(cache=True, nogil=True)
def loop_wet_free(A, st, p, reps):
    """``reps`` calls of the scan of free cells next to a stick (:func:`greedy.wet_free_cells`)."""
    s = 0
    for _ in range(reps):
        s += wet_free_cells(ref(A), ref(st), p)
    return s


@njit(cache=True, nogil=True)
def loop_stick_points(A, st, p, reps):
    """``reps`` calls of the final scoring's scan of stick points (:func:`board.stick_points`)."""
    s = 0
    for _ in range(reps):
        s += stick_points(ref(A), ref(st), p)
    return s


@njit(cache=True, nogil=True)
def loop_search(A, st, lu, p, rng, sim, reps):
    """``reps`` calls of the lookahead's action decision
    (:func:`lookahead.decide_action_search`)."""
    s = 0
    for _ in range(reps):
        s += lookahead.decide_action_search(ref(A), ref(st), ref(lu), p, rng, ref(sim))
    return s
