"""Adapter to the Arch Monster and Prophecy card data of ``cards.py`` (written by the scoring
module's author): the Arch Monster back actions the kernels perform and the number of Prophecy
cards. Until ``cards.py`` exists this module serves a temporary stand-in (72 cards whose back
actions cycle over the eight actions).
"""

from __future__ import annotations

import numpy as np

from simlab.games.monsters.actions import A_GAIN_GRUNT, A_JUICE, N_ACTIONS


def arch_back_actions():
    """(back action id per Arch Monster card, Spook Juice of a juice back, n Prophecy cards)."""
    try:
        from simlab.games.monsters import cards  # noqa: F401
    except ImportError:
        acts = [a for a in range(N_ACTIONS) if a != A_GAIN_GRUNT]
        back = np.array([acts[i % len(acts)] for i in range(72)], np.int64)
        juice = np.where(back == A_JUICE, 4, 0).astype(np.int64)
        return back, juice, 12
    return _from_cards()


def _from_cards():  # pragma: no cover - filled in when cards.py lands
    raise NotImplementedError
