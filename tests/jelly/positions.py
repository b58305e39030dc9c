"""Hand-built Jelly Monster positions for the rule tests (tests/jelly/test_rules_*.py).

A position is the same situation set up twice: once as the kernel's arrays (``dice.py``, filled
through the kernel's own ``place_die``) and once as a :class:`ReferenceGame` whose districts and
players are assigned by hand. :func:`score_both` scores districts or the city center on both and
returns what each engine ends with, so that a test can compare both against a hand-computed
expectation.

Conventions used by every helper:

- ``placements``: ``{district: [(owner, value), ...]}`` in placement order;
- ``targets``: ``{district: zone}`` (default: every Target on the first zone, 0);
- ``jelly`` / ``pods``: one number per seat (default: the rules' starting jelly / no pods);
- ``pod_stack``: jelly-pods left in the stack (default: the rules' ``pods``);
- ``center``: ``[(owner, value), ...]`` dice already on the city center.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simlab.games.jelly.bots import bot_vector
from simlab.games.jelly.dice import apply_effect, place_die
from simlab.games.jelly.reference import ReferenceGame
from simlab.games.jelly.rules import JellyArrays, make_rules
from simlab.games.jelly.scoring import score_center, score_district
from simlab.games.jelly.state import (
    COUNTER_NAMES,
    I_POD_STACK,
    JellyLineup,
    new_agg,
    new_scratch,
    new_state,
)

# distinct shipped faces, so that overriding one district never touches another
BASE_FACES = ("1A", "2A", "3A", "4A", "5A", "6A", "7A", "8A")
BLANK = "jelly:0"

#: a board where every reward type of the catalogue is in play in the first zone (adjacent
#: arrows, either, by_dice, podiums, pods, gifts): rule overrides for ``GAME.make_rules``
EVERY_REWARD = {
    "district.0": "per_pod:2,pod,jelly:0",
    "district.1": "adjacent:either,jelly:3,pod",
    "district.2": "each_gives:2,give_each:1,jelly:1",
    "district.3": "by_dice:1:jelly6:pod,podium:2:4,jelly:2",
    "district.4": "podium_present:4:1,discard_pod,jelly:8+discard_pod",
    "district.5": "adjacent:left,adjacent:right,pod+jelly:2",
}


def board(players: int, *districts, **options) -> JellyArrays:
    """Rule arrays for ``players`` with one hand-written face per district, clockwise.

    Each district is either one zone text (the first zone; the other two zones are ``jelly:0``)
    or a sequence of three zone texts. ``options`` are further rule overrides
    (``pods=2``, ``pod_sides=1``...).
    """
    n = len(districts)
    overrides = {"n_districts": n, "districts": ",".join(BASE_FACES[:n])}
    for d, zones in enumerate(districts):
        if isinstance(zones, str):
            zones = (zones, BLANK, BLANK)
        overrides[f"district.{d}"] = tuple(zones)
    overrides.update(options)
    return make_rules(players, overrides).to_arrays()


def _arrays(rules) -> JellyArrays:
    return rules.to_arrays() if hasattr(rules, "to_arrays") else rules


def random_lineup(players: int) -> JellyLineup:
    """A line-up of ``random`` bots (decisions are never asked for in hand-built positions,
    but for a short giver's order under the ``give_each_short = bot`` reading)."""
    return JellyLineup(np.zeros(players, np.int64), np.tile(bot_vector("random"), (players, 1)))


def bot_lineup(players: int, name: str) -> JellyLineup:
    """Every seat playing the built-in bot ``name`` (e.g. for a giver's choice)."""
    from simlab.games.jelly.bots import BOTS

    return JellyLineup(np.full(players, BOTS[name][0], np.int64),
                       np.tile(bot_vector(name), (players, 1)))


def kernel_position(rules, placements=None, *, targets=None, jelly=None, pods=None,
                    pod_stack=None, center=()):
    """The position as kernel arrays: returns ``(A, st, agg, sc)``.

    Dice are put on the district entrances with the kernel's own ``dice.place_die`` (each die
    first goes into the placing player's roll, as in ``play_round``).
    """
    A = _arrays(rules)
    n_p, n_d = A.n_players, A.n_districts
    st, agg, sc = new_state(n_p, n_d), new_agg(n_p, n_d), new_scratch(n_p)
    st.info[I_POD_STACK] = A.pods if pod_stack is None else pod_stack
    st.jelly[:] = A.start_jelly if jelly is None else jelly
    st.pods[:] = 0 if pods is None else pods
    for d, zone in (targets or {}).items():
        st.target[d] = zone
    for d, dice in (placements or {}).items():
        for owner, value in dice:
            st.roll[value] += 1
            st.n_left[owner] += 1
            place_die(st, owner, value, d)
    for owner, _value in center:
        st.center[owner] += 1
    return A, st, agg, sc


def reference_position(rules, placements=None, *, targets=None, jelly=None, pods=None,
                       pod_stack=None, center=(), seed=0, game=0, lineup=None) -> ReferenceGame:
    """The same position as a :class:`ReferenceGame` set up by hand (``lineup``: default
    ``random_lineup``; its stream is that of ``(seed, game)``)."""
    A = _arrays(rules)
    g = ReferenceGame(A, lineup if lineup is not None else random_lineup(A.n_players), seed,
                      game)
    g.pod_stack = A.pods if pod_stack is None else pod_stack
    for q, p in enumerate(g.players):
        p.jelly = int(A.start_jelly[q]) if jelly is None else int(jelly[q])
        p.pods = 0 if pods is None else int(pods[q])
    for d, zone in (targets or {}).items():
        g.districts[d].target = zone
    for d, dice in (placements or {}).items():
        g.districts[d].dice = [(int(o), int(v)) for o, v in dice]
    g.center = [(int(o), int(v)) for o, v in center]
    return g


class Outcome(NamedTuple):
    """Holdings after scoring: jelly and pods per seat, pods left in the stack."""

    jelly: tuple[int, ...]
    pods: tuple[int, ...]
    pod_stack: int


class Scored(NamedTuple):
    """Both engines after scoring the same position."""

    kernel: Outcome
    reference: Outcome
    st: object            # the kernel's JellyState
    game: ReferenceGame
    kernel_agg: object    # the kernel's JellyAgg
    reference_agg: object  # the reference engine's JellyAgg


def counter(agg, name: str) -> int:
    """A global counter of an aggregate (a JellyAgg or its dict), by its name in COUNTER_NAMES."""
    counters = agg["counters"] if isinstance(agg, dict) else agg.counters
    return int(counters[COUNTER_NAMES.index(name)])


def score_engines(rules, placements=None, *, what=0, lineup=None, seed=0, game=0,
                  **position) -> Scored:
    """Build the position on both engines and score ``what`` on each.

    ``what`` is a district, a sequence of districts scored in that order (e.g. from the Drone's
    district clockwise), or ``"center"`` for the city center. Both engines score with the same
    line-up (default ``random_lineup``) and the same stream, that of ``(seed, game)``.
    """
    from simlab.core.rng import new_stream

    A, st, agg, sc = kernel_position(rules, placements, **position)
    lu = lineup if lineup is not None else random_lineup(A.n_players)
    g = reference_position(rules, placements, seed=seed, game=game, lineup=lu, **position)
    rng = new_stream(seed, game)
    if isinstance(what, str):
        assert what == "center", what
        score_center(A, st, agg, sc.ctrl)
        g.score_center()
    else:
        order = [what] if isinstance(what, int | np.integer) else list(what)
        for d in order:
            score_district(A, st, int(d), agg, sc, rng, lu)
            g.score_district(int(d))
    kern = Outcome(tuple(int(x) for x in st.jelly), tuple(int(x) for x in st.pods),
                   int(st.info[I_POD_STACK]))
    ref = Outcome(tuple(p.jelly for p in g.players), tuple(p.pods for p in g.players),
                  int(g.pod_stack))
    return Scored(kern, ref, st, g, agg, g.agg)


def score_both(rules, placements=None, *, what=0, **position) -> tuple[Outcome, Outcome]:
    """``(kernel outcome, reference outcome)`` of scoring ``what`` in the position."""
    s = score_engines(rules, placements, what=what, **position)
    return s.kernel, s.reference


def place_both(rules, placements, owner: int, value: int, district: int, arg: int, **position):
    """Place one more die (owner, value) on ``district`` and use its effect ``arg`` on both
    engines (kernel: ``dice.place_die`` + ``dice.apply_effect``; reference:
    ``ReferenceGame.do_place``).

    ``arg`` is ``owner * 8 + value`` of the die to remove (1-2), the new Target zone (3-4), or -1.
    Returns ``(A, st, agg, game)`` after the placement.
    """
    A, st, agg, _sc = kernel_position(rules, placements, **position)
    g = reference_position(rules, placements, **position)
    place_next(st, agg, g, owner, value, district, arg)
    return A, st, agg, g


def place_next(st, agg, g: ReferenceGame, owner: int, value: int, district: int, arg: int):
    """Place one more die and use its effect on an existing kernel state and reference game."""
    st.roll[value] += 1
    st.n_left[owner] += 1
    place_die(st, owner, value, district)
    apply_effect(st, owner, value, district, arg, agg)
    g.players[owner].dice_in_hand += 1
    g.do_place(owner, value, district, arg, 0.0, [value])


def kernel_dice(st, d: int) -> list[tuple[int, int]]:
    """Dice on district ``d`` of a kernel state as a sorted list of (owner, value)."""
    out = []
    n_p = st.dice.shape[1]
    for q in range(n_p):
        for v in range(1, 7):
            out += [(q, v)] * int(st.dice[d, q, v])
    return sorted(out)


def kernel_center(st) -> list[int]:
    """Dice of each seat on the kernel's city center."""
    return [int(x) for x in st.center]


def reference_center(g: ReferenceGame) -> list[int]:
    """Dice of each seat on the reference city center."""
    return [sum(1 for (o, _v) in g.center if o == q) for q in range(g.n_p)]


def reference_dice(g: ReferenceGame, d: int) -> list[tuple[int, int]]:
    """Dice on district ``d`` of a reference game as a sorted list of (owner, value)."""
    return sorted(g.districts[d].dice)
