"""Memory stays flat as games grow: no kernel allocates per game.

Numba's runtime counts every array its compiled code allocates (``NUMBA_NRT_STATS=1``, read
before numba is imported, hence a fresh interpreter). A batch may allocate a fixed number of
arrays (the per-batch state and scratch); a batch of many games must allocate exactly as many as
a batch of few. A kernel that allocated inside its game loop would be caught here, whatever the
batch size.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

CODE = """
import json, sys
from numba.core.runtime import rtsys
from simlab.games.registry import get_game
game, players, bots, sets = sys.argv[1], int(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
g = get_game(game)
prep = g.prepare(g.make_rules(players, sets), g.lineup(bots, players))
g.run_batch(prep, 1, 0, 2, False)  # compiled or loaded from the cache
out = []
for n in (5, 60):
    a = rtsys.get_allocation_stats()
    g.run_batch(prep, 3, 0, n, False)
    b = rtsys.get_allocation_stats()
    out.append([b.alloc - a.alloc, b.free - a.free])
print(json.dumps(out))
"""

CASES = [
    ("jelly", 4, "greedy,random,spread,saboteur", {}),
    ("jelly", 4, "lookahead,greedy,greedy,greedy", {}),
    ("monkey", 4, "greedy", {}),
    ("monkey", 1, "solo", {"mode": "solo"}),
    ("jungle", 3, "greedy", {}),
    ("monsters", 3, "greedy", {}),
    ("monsters", 1, "greedy", {"mode": "solo2", "difficulty": 3}),
    ("monsters", 3, "greedy", {"mode": "family"}),
]


@pytest.mark.parametrize(("game", "players", "bots", "sets"), CASES,
                         ids=[f"{c[0]}-{c[2]}-{'-'.join(map(str, c[3].values()))}"
                              for c in CASES])
def test_allocations_do_not_grow_with_games(game, players, bots, sets):
    env = {**os.environ, "NUMBA_NRT_STATS": "1", "MPLBACKEND": "Agg"}
    r = subprocess.run([sys.executable, "-c", CODE, game, str(players), bots, json.dumps(sets)],
                       capture_output=True, text=True, env=env, timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    (few_alloc, few_free), (many_alloc, many_free) = json.loads(r.stdout.strip().splitlines()[-1])
    assert many_alloc == few_alloc, (f"{game} {bots}: {few_alloc} allocations for 5 games, "
                                     f"{many_alloc} for 60: the kernel allocates per game")
    assert many_free == many_alloc, f"{game} {bots}: {many_alloc - many_free} arrays not freed"


def test_the_count_sees_an_allocating_loop():
    """The same count catches a compiled loop that allocates an array per iteration."""
    code = """
import json
import numpy as np
from numba import njit
from numba.core.runtime import rtsys

@njit
def per_game(n):
    s = 0.0
    for i in range(n):
        a = np.zeros(8)
        a[i % 8] = i
        s += a.sum()
    return s

per_game(1)
out = []
for n in (5, 60):
    a = rtsys.get_allocation_stats()
    per_game(n)
    out.append(rtsys.get_allocation_stats().alloc - a.alloc)
print(json.dumps(out))
"""
    env = {**os.environ, "NUMBA_NRT_STATS": "1"}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                       timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    few, many = json.loads(r.stdout.strip().splitlines()[-1])
    assert many > few
