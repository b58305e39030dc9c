"""A custom Monkey Fun bot: ``liner`` extends its longest open line of majority fields.

Load it with ``--plugin examples/custom_bots/monkey.py`` (command line), ``plugins =
["examples/custom_bots/monkey.py"]`` (scenario files) or ``simlab.games.plugins.load_plugins``, then
use ``liner`` like a built-in bot::

    simlab simulate monkey --plugin examples/custom_bots/monkey.py --bots liner,greedy,random,row
    simlab simulate monkey --plugin examples/custom_bots/monkey.py -p 2 --bots "liner(line=3),random"

``--jobs 2`` works with every backend: worker processes import the plugin file again.

The view (see the docstring of ``simlab/games/monkey/bots.py``): the kernel calls ``liner`` once
per legal play of the seat's turn; ``option`` is the play's index into the legal plays, so
``st.cells[option]`` is the cell of the field the play names and ``st.masks[option]`` the cards
it uses (a bitmask over the slots of ``st.hand[seat]``). The bot reads ``A.cell_shapes`` /
``A.n_cell_shapes`` / ``A.shapes`` (the rows of 4 through a cell), ``st.counts`` (monkeys per
seat on a cell), ``st.owner`` and ``st.maj`` (owner, majority holder), and its own hand.

Strategy, normal and quick game (``kind == KIND_PLAY``):

- a play that completes a winning shape wins: take it;
- otherwise, if the monkey takes the majority of a field it did not hold, score ``majority + line
  * longest``, where ``longest`` is the most majority fields the seat would hold in one *open*
  shape through the field (no cell owned by another player): the bot grows its best line;
- a monkey on a field the seat already holds gains no field (on a field it owns it goes to the
  box: avoided);
- among plays to equally good fields, the fewest and lowest cards (``cards`` per card).

Solo variant (``KIND_SOLO`` / ``KIND_TOWER``): the lowest free square field first (the high
fields are worth more as the last, scoring monkey), minus towers on existing towers, else on the
lowest field.
"""

from __future__ import annotations

import simlab
from simlab.games.monkey.bots import KIND_PLAY, KIND_TOWER


@simlab.bot("monkey", params={"line": 1.0, "majority": 0.5, "cards": 0.1})
def liner(A, st, seat, kind, option, params):
    """extends its longest open line of majority fields; cheap plays first"""
    c = st.cells[option]
    m = st.masks[option]
    k = 0
    s = 0
    for j in range(st.hand_n[seat]):
        if (m >> j) & 1:
            k += 1
            s += st.hand[seat, j]
    cost = params[2] * (k + s / 10.0)
    if kind != KIND_PLAY:  # solo variant
        if kind == KIND_TOWER and st.counts[c, seat] >= 2:
            return 100.0 - cost  # raise an existing tower: no new minus field
        return -float(A.number[c]) - cost
    if st.owner[c] == seat:  # the owner keeps exactly 2: the monkey would go to the box
        return -100.0 - cost
    mine = st.counts[c, seat] + 1
    gets = True
    for q in range(A.n_players):
        if q != seat and st.counts[c, q] >= mine:
            gets = False
    if not gets or st.maj[c] == seat:  # no new majority (an extra monkey on a held field
        return -cost                    # only counts towards owning it)
    longest = 0
    for i in range(A.n_cell_shapes[c]):
        shape = A.cell_shapes[c, i]
        held = 0
        open_ = True
        for j in range(4):
            x = A.shapes[shape, j]
            if st.owner[x] >= 0 and st.owner[x] != seat:
                open_ = False
            if x == c or st.maj[x] == seat:
                held += 1
        if open_ and held > longest:
            longest = held
    if longest == 4:
        return 1e6  # completes a row (quick game: or a square): wins at once
    return params[1] + params[0] * longest - cost
