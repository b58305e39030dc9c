"""Rising strength: the ``tuned`` level of a strength ladder.

A headline read at rising strength (``[strength]`` in a scenario, audits) plays equal players
of each level: ``greedy``, ``tuned``, the search bot at two budgets. ``tuned`` is the
``weights`` bot tuned (:func:`simlab.analysis.tune.tune`) against greedy in every other seat,
on the scenario's rules; the tuned parameters are cached as a saved bot beside the results, so
a second run (or ``--resume``) does not tune again.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from pathlib import Path

from simlab.games.registry import BotChoice, get_game


def tuned_resolver(game: str, out_dir, budget: int = 20_000, seed: int = 0, jobs: int = 1,
                   backend: str = "loky", progress=None):
    """A ``resolve_bot(level, players, rules)`` for :func:`simlab.sweep.run_sweep`: the
    ``tuned`` level's bot (cached in ``out_dir``); None for any other level."""
    g = get_game(game)

    def resolve(level: str, players: int, rules: dict):
        if level != "tuned" or players < 2 or "weights" not in g.bots():
            return None
        from simlab.analysis.tune import tune
        from simlab.version import __version__

        key = hashlib.sha256(json.dumps([game, players, rules, seed, budget, __version__],
                                        sort_keys=True, default=str).encode()).hexdigest()[:12]
        path = Path(out_dir) / f"tuned-{key}.toml"
        if not path.is_file():
            res = tune(game, "greedy", players=players, budget=budget, seed=seed,
                       rules=dict(rules), jobs=jobs, backend=backend, progress=progress)
            path.parent.mkdir(parents=True, exist_ok=True)
            res.save(path, f"tuned_{key}")
        data = tomllib.loads(path.read_text())
        return BotChoice("weights", tuple((k, float(v)) for k, v in data["params"].items()))

    return resolve
