"""Every seating of a line-up: all distinct orders up to 24, a balanced design beyond (each bot in
each seat and directly after each other bot equally often), the same set however the line-up
is listed; the seating-order test holds its level on a null and finds a planted order effect;
a rotated run answers the same for a reordered line-up."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import simlab
from simlab.core.seated import order_test
from simlab.core.seating import (
    MAX_ALL,
    balanced_cycles,
    count_distinct,
    cyclic_orders,
    seatings,
    walecki,
)


def _seat_counts(seats):
    return Counter((s, x.labels[s]) for x in seats for s in range(len(x.labels))
                   for _ in range(x.weight))


def _after_counts(seats):
    n = len(seats[0].labels)
    return Counter((x.labels[s], x.labels[(s + 1) % n]) for x in seats for s in range(n)
                   for _ in range(x.weight))


@pytest.mark.parametrize("labels", [list("ab"), list("abc"), list("abcd"), list("aab"),
                                    list("aabb"), list("abbb")])
def test_every_distinct_seating_when_few(labels):
    seats = seatings(labels)
    assert len(seats) == count_distinct(labels) <= MAX_ALL
    assert len({x.labels for x in seats}) == len(seats)
    assert all(sorted(x.labels) == sorted(labels) for x in seats)
    counts = _seat_counts(seats)
    for lab in set(labels):      # each bot in each seat as often as its copies allow
        assert len({counts[(s, lab)] for s in range(len(labels))}) == 1


@pytest.mark.parametrize("n", [3, 5, 6, 7, 8])
def test_balanced_cycles_use_every_ordered_pair_equally(n):
    cycles = balanced_cycles(n)
    arcs = Counter((c[i], c[(i + 1) % n]) for c in cycles for i in range(n))
    assert all(sorted(c) == list(range(n)) for c in cycles)
    assert len(arcs) == n * (n - 1) and len(set(arcs.values())) == 1


def test_walecki_cycles_are_hamiltonian_and_disjoint():
    for n in (3, 5, 7, 9):
        edges = set()
        for c in walecki(n):
            assert sorted(c) == list(range(n))
            for i in range(n):
                e = frozenset((c[i], c[(i + 1) % n]))
                assert e not in edges
                edges.add(e)
        assert len(edges) == n * (n - 1) // 2


def test_five_different_bots_get_a_balanced_set():
    seats = seatings(list("edcba"))
    assert len(seats) == 20 < 120            # not every permutation
    assert set(_seat_counts(seats).values()) == {4}      # each bot 4 times in each seat
    assert set(_after_counts(seats).values()) == {5}     # each ordered neighbour pair 5 times
    assert len(cyclic_orders(seats)) == 4


def test_the_set_does_not_depend_on_the_listing_order():
    for labels in (list("abcd"), list("abcde"), list("aabcd")):
        a = seatings(labels)
        b = seatings(labels[::-1])
        assert [(x.labels, x.weight) for x in a] == [(x.labels, x.weight) for x in b]


def test_cyclic_shifts_share_their_cyclic_order():
    seats = seatings(list("abc"))
    orders = cyclic_orders(seats)
    assert orders == [("a", "b", "c"), ("a", "c", "b")]
    assert sum(1 for x in seats if x.order == ("a", "b", "c")) == 3


def test_order_test_holds_its_level_and_finds_an_effect():
    """On per-game vectors with mean zero the p-values are uniform (about 5% below 0.05);
    with a planted shift they are tiny."""
    rng = np.random.default_rng(1)
    ps = []
    for _ in range(400):
        d = rng.normal(size=(300, 4))
        ps.append(order_test(d.sum(axis=0), d.T @ d, 300))
    rate = np.mean(np.array(ps) < 0.05)
    assert 0.02 < rate < 0.09, rate
    d = rng.normal(size=(1000, 4)) + np.array([0.3, 0, 0, 0])
    assert order_test(d.sum(axis=0), d.T @ d, 1000) < 1e-6
    z = np.zeros((10, 3))
    assert order_test(z.sum(axis=0), z.T @ z, 10) == 1.0    # no difference at all


def test_rotated_runs_give_the_same_answer_for_a_reordered_line_up():
    """Jungle's farmer wins about 69% seated farmer, greedy, trader and 33% seated greedy,
    farmer, trader (the order effect); every seating makes the answer the same whichever
    order the line-up is listed in, and names the order effect."""
    kw = dict(players=3, games=300, seed=4, rotate=True, backend="serial", progress=False)
    a = simlab.simulate("jungle", bots=["farmer", "greedy", "trader"], **kw)
    b = simlab.simulate("jungle", bots=["greedy", "trader", "farmer"], **kw)
    sa = a.summary("bot").set_index("bot")
    sb = b.summary("bot").set_index("bot")
    assert np.array_equal(sa.loc[["farmer", "greedy", "trader"]].to_numpy(),
                          sb.loc[["farmer", "greedy", "trader"]].to_numpy())
    d = a.to_dict()
    assert {x["bot"] for x in d["bots"]} == {"farmer", "greedy", "trader"}
    assert d["seatings"] == 6 and len(d["seat_orders"]) == 2
    assert d["order_p"] < 1e-6          # the order matters for these bots
    farmer = [next(x["win_share"] for x in o["bots"] if x["bot"] == "farmer")
              for o in d["seat_orders"]]
    assert max(farmer) - min(farmer) > 0.2
    assert "seat order matters" in a.table()
    assert all(r["bot"] == "(rotated)" for r in d["seats"])
