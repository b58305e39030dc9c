"""A custom Jungle Rumble bot: ``hoarder`` keeps a big food reserve and works for food.

Load it with ``--plugin examples/custom_bots/jungle.py`` (command line), ``plugins =
["examples/custom_bots/jungle.py"]`` (scenario files) or ``simlab.games.plugins.load_plugins``, then
use ``hoarder`` like a built-in bot::

    simlab simulate jungle --plugin examples/custom_bots/jungle.py --bots hoarder,greedy,random
    simlab simulate jungle --plugin examples/custom_bots/jungle.py -p 2 --bots "hoarder(food=2),greedy"

The view (see the docstring of ``simlab/games/jungle/bots.py``): the kernel calls ``hoarder``
once per legal option of each decision; ``kind`` says which decision (``KIND_*``) and ``option``
is the code the built-in bots return for it. The bot reads the seat's reserve (``st.food``,
``st.gold``), its kittens (``st.awake``, ``st.asleep``, ``st.nm``), its irrigated fields
(``st.nwet``), the food lying on the action tiles (``st.tile_food``), what a tile does
(``A.tile_act``), the food yields (``A.yields``) and, when following, the action followed
(``st.info[I_FOLLOW]``).

Strategy:

- action: food counts ``food`` per unit (the tile's food plus the yield of the workers sent);
  a recruit is worth ``kittens`` (3 points, but it eats 2 food a turn); gold and pieces are
  worth a little (``other`` per unit); a worker sent costs a bit (it sleeps);
- follow on food always (2 food for one worker), on anything else only while the reserve covers
  next turn's feeding;
- wake sleeping workers only with food to spare beyond the next feeding;
- merchants: sells gold (3 points each on a merchant) but never food; recruits become workers;
- short of food: never fires a kitten (penalties rather than a smaller family);
- victim: the opponent with the largest family; fields next to a stick (irrigated at once),
  sticks where they irrigate a dry field.
"""

from __future__ import annotations

import simlab
from simlab.games.jungle.bots import (
    KIND_ACTION,
    KIND_FIELD,
    KIND_FIRE,
    KIND_FOLLOW,
    KIND_ROLE,
    KIND_SELL_FOOD,
    KIND_SELL_GOLD,
    KIND_STICK,
    KIND_VICTIM,
    KIND_WAKE,
)
from simlab.games.jungle.family import field_need, kittens
from simlab.games.jungle.rules import A_FOOD, A_RECRUIT
from simlab.games.jungle.state import I_FOLLOW


@simlab.bot("jungle", params={"food": 1.0, "kittens": 2.0, "other": 0.8})
def hoarder(A, st, seat, kind, option, params):
    """Food hoarder: works for food, keeps a big reserve, never fires a kitten."""
    spare = st.food[seat] - field_need(A, st, seat)
    if kind == KIND_ACTION:
        t = option // 16
        n = option % 8
        a = A.tile_act[t, (option // 8) % 2]
        v = params[0] * st.tile_food[t] - 0.5 * n
        if a == A_FOOD:
            if n > 0:
                v += params[0] * A.yields[n - 1]
        elif a == A_RECRUIT:
            v += params[1] * n if spare >= 2 * n else -params[1] * n
        else:
            v += params[2] * n
        return v
    if kind == KIND_FOLLOW:
        if option == 0:
            return 0.5
        return 2.0 if st.info[I_FOLLOW] == A_FOOD or spare >= 2 else 0.0
    if kind == KIND_WAKE:
        return float(option) if spare - option >= 2 else -float(option)
    if kind == KIND_SELL_FOOD:
        return -float(option)
    if kind == KIND_SELL_GOLD:
        return float(option)
    if kind == KIND_ROLE:
        return 1.0 if option == 0 else 0.0
    if kind == KIND_FIRE:
        return 1.0 if option == -1 else 0.0
    if kind == KIND_VICTIM:
        return float(kittens(st, option))
    if kind == KIND_FIELD:
        v = 0.0
        for k in range(4):
            if st.stick[seat, A.cell_edges[option, k]] == 1:
                v = 10.0
            o = A.cell_nbrs[option, k]
            if o >= 0 and st.field[seat, o] == 1:
                v += 1.0
        return v
    if kind == KIND_STICK:
        v = 0.0
        for k in range(2):
            x = A.edge_cells[option, k]
            if x >= 0 and st.field[seat, x] == 1:
                v += 1.0 if st.wet[seat, x] == 1 else 10.0
        return v
    return 0.0
