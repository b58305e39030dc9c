"""Hand-built Jungle Rumble positions for the rule tests (tests/jungle/test_rules_*.py).

A position is the same situation set up twice: once as the kernel's state (``nb.py``) and once as
a :class:`ReferenceGame` whose players are assigned by hand. The helpers then run one rule on
both engines so that a test compares both against a hand-computed expectation.

Cells are ``(row, col)`` on the default 11 x 11 table; every player starts with fields at
(5, 4) and (5, 5) and the stick between them. ``players``: one dict per seat with any of
``food, gold, awake, asleep, penalties, merchants`` (list of ``(kind, goods)``, kind ``None``
before the first sale), ``fields`` (cells),
``sticks`` (pairs of cells); fields and sticks replace the start when given.
"""

from __future__ import annotations

import numpy as np

from simlab.games.jungle import board, nb
from simlab.games.jungle.bots import BOTS, bot_vector
from simlab.games.jungle.family import base_points
from simlab.games.jungle.reference import ReferenceGame, edge
from simlab.games.jungle.rules import make_rules
from simlab.games.jungle.state import I_FSUP, I_ROUND, I_SSUP, I_TURN, JungleLineup, new_state

START_FIELDS = [(5, 4), (5, 5)]
START_STICKS = [((5, 4), (5, 5))]


def arrays(players: int = 2, **overrides):
    """Rule arrays with rule overrides."""
    return make_rules(players, overrides).to_arrays()


def lineup(names) -> JungleLineup:
    """A line-up from bot names or ``(name, {param: value})`` pairs."""
    ids, vecs = [], []
    for n in names:
        name, over = (n, {}) if isinstance(n, str) else n
        ids.append(BOTS[name][0])
        vecs.append(bot_vector(name, over))
    return JungleLineup(np.array(ids, np.int64), np.stack(vecs))


def build(A, players, bots=None, tile_food=None, supply=None, round_=1, turn=2):
    """The position on both engines: returns ``(st, g, lu)``."""
    n_p = A.n_players
    lu = lineup(bots or ["greedy"] * n_p)
    g = ReferenceGame(A, lu, 0, 0)
    g.setup()
    st = new_state(n_p, A.n_cells, A.n_edges)
    rng = np.array(g.rng, copy=True)
    nb.setup(A, st, np.zeros(4, np.uint64) + rng)
    for q, spec in enumerate(players):
        pl = g.players[q]
        fields = list(spec.get("fields", START_FIELDS))
        sticks = [edge(*s) for s in spec.get("sticks", START_STICKS)]
        pl.food = spec.get("food", 0)
        pl.gold = spec.get("gold", 0)
        pl.awake = spec.get("awake", 2)
        pl.asleep = spec.get("asleep", 0)
        pl.penalties = spec.get("penalties", 0)
        pl.merchants = [[k, v] for k, v in spec.get("merchants", [])]
        pl.tiles = {q: pl.family}
        pl.fields = set(fields)
        pl.sticks = set(sticks)
        g.dirty[q] = True
        st.food[q], st.gold[q], st.awake[q], st.asleep[q] = pl.food, pl.gold, pl.awake, pl.asleep
        st.penal[q] = pl.penalties
        st.nm[q] = len(pl.merchants)
        for i, (k, v) in enumerate(pl.merchants):
            st.mkind[q, i] = {"food": 0, "gold": 1, None: 2}[k]
            st.mgoods[q, i] = v
        st.held[q, :] = 0
        st.held[q, q] = pl.family
        st.field[q, :] = 0
        st.wet[q, :] = 0
        st.stick[q, :] = 0
        st.nbr_fields[q, :] = 0
        st.cell_sticks[q, :] = 0
        st.nfield[q] = st.nstick[q] = st.nwet[q] = st.free_e[q] = st.inner_e[q] = 0
        st.wet_free[q] = st.nlcell[q] = 0
        st.box[q, :] = [fields[0][0], fields[0][0], fields[0][1], fields[0][1]]
        for c in fields:
            board.place_field(A, st, q, g.cell_id(c))
        for s in sticks:
            board.place_stick(A, st, q, g.edge_id(s))
        st.score_base[q] = base_points(A, st, q)
    if tile_food is not None:
        g.tile_food = list(tile_food)
        st.tile_food[:] = tile_food
    if supply is not None:
        g.supply = {"field": supply[0], "stick": supply[1]}
        st.info[I_FSUP], st.info[I_SSUP] = supply
    g.round = st.info[I_ROUND] = round_
    g.turn = st.info[I_TURN] = turn
    return st, g, lu


def rng_of(g):
    return np.array(g.rng, copy=True)


def same(st, g) -> bool:
    """The kernel state equals the reference's view of its own state (every field bots read)."""
    v = g.make_view()
    for name in ("food", "gold", "awake", "asleep", "nm", "held", "penal", "field", "wet",
                 "stick", "nfield", "nstick", "nwet", "free_e", "inner_e", "wet_free",
                 "nbr_fields", "cell_sticks", "score_base", "tile_food"):
        if not np.array_equal(getattr(st, name), getattr(v, name)):
            raise AssertionError(f"{name}: kernel {getattr(st, name)} reference "
                                 f"{getattr(v, name)}")
    for q in range(st.food.shape[0]):
        n = st.nm[q]
        assert np.array_equal(st.mgoods[q, :n], v.mgoods[q, :n])
        assert np.array_equal(st.mkind[q, :n], v.mkind[q, :n])
        # the legal cells and edges the placements keep, as the reference finds them
        assert st.nlcell[q] == v.nlcell[q]
        assert np.array_equal(st.lcell[q, :st.nlcell[q]], v.lcell[q, :v.nlcell[q]])
        assert np.array_equal(st.ledge[q, :st.free_e[q]], v.ledge[q, :v.free_e[q]])
    return True


def both(st, g, lu, kernel_fn, ref_fn, *args):
    """Run a kernel phase ``kernel_fn(A, st, lu, *args, rng)`` and the reference's method."""
    rng = rng_of(g)
    out_k = kernel_fn(g.A, st, lu, *args, rng)
    out_r = ref_fn(*args)
    return out_k, out_r


def set_box(st, g, food=None, gold=None, improvised=0, penalties=None, field=None,
            stick=None):
    """The box's counts in both engines (what is left in the common reserve; None: as the
    rules' setup left it)."""
    from simlab.games.jungle.state import (
        I_FASIDE,
        I_FOOD_RES,
        I_GOLD_RES,
        I_IMPROV,
        I_PEN_LEFT,
        I_SASIDE,
    )

    for key, slot, value in (("food", I_FOOD_RES, food), ("gold", I_GOLD_RES, gold),
                             ("improvised", I_IMPROV, improvised),
                             ("penalties", I_PEN_LEFT, penalties), ("field", I_FASIDE, field),
                             ("stick", I_SASIDE, stick)):
        if value is not None:
            g.box[key] = value
            st.info[slot] = value


def box_of(st) -> dict:
    """The kernel's box counts, named as the reference's ``box``."""
    from simlab.games.jungle.state import (
        I_FASIDE,
        I_FOOD_RES,
        I_GOLD_RES,
        I_IMPROV,
        I_PEN_LEFT,
        I_SASIDE,
    )

    return {"food": int(st.info[I_FOOD_RES]), "gold": int(st.info[I_GOLD_RES]),
            "improvised": int(st.info[I_IMPROV]), "penalties": int(st.info[I_PEN_LEFT]),
            "field": int(st.info[I_FASIDE]), "stick": int(st.info[I_SASIDE])}
