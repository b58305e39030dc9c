"""A custom Monsters on Board bot: ``hoarder`` saves Malice for the most expensive Arch Monster.

Load it with ``--plugin examples/custom_bots/monsters.py`` (command line), ``plugins =
["examples/custom_bots/monsters.py"]`` (scenario files) or ``simlab.games.plugins.load_plugins``,
then use ``hoarder`` like a built-in bot::

    simlab simulate monsters --plugin examples/custom_bots/monsters.py --bots hoarder,greedy,random
    simlab simulate monsters --plugin examples/custom_bots/monsters.py --bots "hoarder(draft=0),greedy"

The view (see the docstring of ``simlab/games/monsters/bots.py``): the kernel calls ``hoarder``
once per legal option of each decision, ``kind`` says which decision (``KIND_*``) and
``option`` is the option's code. The bot reads the Fearmobiles (``st.fm_col``/``st.fm_face``),
its Driveway (``st.drv_col``/``st.drv_face``), its Malice (``st.malice[seat]``), the Arch Monster
market (``st.amarket``, costs ``A.arch_cost``) and the die tables (``A.face_rank``,
``A.malice_chart``).

Strategy (a Malice hoarder):

- draft (``KIND_DRAFT``): the die whose rank gives most Malice on the chart, then high ranks
  (``draft`` weights the Malice);
- Swamp-Jack (``KIND_PLACE``): high ranks into the row with fewest dice, so that the die left
  over for Malice is the best Malice die (a placement of the best Malice die is penalised);
- Spook phase (``KIND_SPOOK``): never a Ghost; the most expensive Arch Monster it can afford,
  and only when it costs at least ``min_cost`` (else pass and save);
- every other decision: skip actions and keep Arch Monster cards (option 0 scores highest),
  activate the Driveway dice in order (the kernel draws options that score the same from the
  game's random stream, as for the built-in bots, so the bot says what it prefers).
"""

from __future__ import annotations

import simlab
from simlab.games.monsters.bots import (
    ARCH_OPTION,
    KIND_ACTIVATE,
    KIND_DRAFT,
    KIND_PLACE,
    KIND_SPOOK,
)


@simlab.bot("monsters", params={"draft": 1.0, "min_cost": 3.0})
def hoarder(A, st, seat, kind, option, params):
    """saves Malice and buys the most expensive Arch Monster it can afford"""
    if kind == KIND_DRAFT:
        f = option // 4
        k = option % 4
        c = st.fm_col[f, k]
        rank = A.face_rank[c, st.fm_face[f, k]]
        return params[0] * A.malice_chart[rank - 1] + 0.1 * rank
    if kind == KIND_PLACE:
        k = option // 3
        row = option % 3
        rank = A.face_rank[st.drv_col[seat, k], st.drv_face[seat, k]]
        best = -1.0  # the best Malice die on the Driveway stays there
        for j in range(4):
            if st.drv_col[seat, j] >= 0:
                m = A.malice_chart[A.face_rank[st.drv_col[seat, j], st.drv_face[seat, j]] - 1]
                if m > best:
                    best = m
        mine = A.malice_chart[rank - 1]
        return rank - st.order_n[seat, row] - (10.0 if mine >= best else 0.0)
    if kind == KIND_SPOOK:
        if option >= ARCH_OPTION:
            cost = A.arch_cost[option - ARCH_OPTION]
            return cost if cost >= params[1] else -1.0
        if option > 0:
            return -1.0  # Ghosts: never
        return 0.0       # pass
    if kind == KIND_ACTIVATE:
        return -option   # the Driveway dice in order
    return 1.0 if option == 0 else 0.0  # skip the action, keep the cards
