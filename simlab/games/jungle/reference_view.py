"""Jungle Rumble's reference engine, the bots' view (a mixin of
:class:`~simlab.games.jungle.reference.ReferenceGame`): the kernel's array state
(:class:`~simlab.games.jungle.state.JungleState`) built from the reference's own objects, which
the kernel's bot functions are asked with (``ask``). A family's table is written again only when
it changed (``dirty``); everything else at every question.
"""

from __future__ import annotations

from simlab.games.jungle.state import (
    I_ACTIVE,
    I_FASIDE,
    I_FIRST,
    I_FOLLOW,
    I_FOOD_RES,
    I_FSUP,
    I_GOLD_RES,
    I_IMPROV,
    I_PEN_LEFT,
    I_ROUND,
    I_SASIDE,
    I_SSUP,
    I_TRIGGER,
    I_TURN,
    M_FOOD,
    M_GOLD,
    M_UNSET,
)


def neighbours(cell):
    """The four cells orthogonally next to ``cell`` (inside the table or not)."""
    r, c = cell
    return [(r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c)]


class BotsView:
    """``make_view`` and ``ask``; the game's state (``players``, ``tile_food``, ``box``, ...)
    and table helpers (``cell_id``, ``free_cells``, ...) come from the game."""

    def make_view(self):
        """The kernel's array view of this state, for asking bots."""
        st = self.view
        for q, pl in enumerate(self.players):
            st.food[q] = pl.food
            st.gold[q] = pl.gold
            st.awake[q] = pl.awake
            st.asleep[q] = pl.asleep
            st.nm[q] = len(pl.merchants)
            for i, (kind, goods) in enumerate(pl.merchants):
                st.mkind[q, i] = M_FOOD if kind == "food" else (M_GOLD if kind == "gold"
                                                                 else M_UNSET)
                st.mgoods[q, i] = goods
            st.score_base[q] = self.base_points(pl)
            for f in range(self.n_p):
                st.held[q, f] = pl.tiles.get(f, 0)
            st.penal[q] = pl.penalties
            if self.dirty[q]:
                self.dirty[q] = False
                st.field[q, :] = 0
                st.wet[q, :] = 0
                st.stick[q, :] = 0
                for c in pl.fields:
                    st.field[q, self.cell_id(c)] = 1
                    st.wet[q, self.cell_id(c)] = self.irrigated(pl, c)
                for e in pl.sticks:
                    st.stick[q, self.edge_id(e)] = 1
                st.nbr_fields[q, :] = 0
                st.cell_sticks[q, :] = 0
                for c in pl.fields:
                    for o in neighbours(c):
                        if self.inside(o):
                            st.nbr_fields[q, self.cell_id(o)] += 1
                for e in pl.sticks:
                    for c in e:
                        if self.inside(c):
                            st.cell_sticks[q, self.cell_id(c)] += 1
                st.nfield[q] = len(pl.fields)
                st.nstick[q] = len(pl.sticks)
                st.nwet[q] = self.n_irrigated(pl)
                free = self.free_edges(pl)
                st.free_e[q] = len(free)
                st.ledge[q, :len(free)] = [self.edge_id(e) for e in free]  # increasing
                cells = self.free_cells(pl)
                st.nlcell[q] = len(cells)
                st.lcell[q, :len(cells)] = [self.cell_id(c) for c in cells]
                st.inner_e[q] = sum(1 for a, b in free if a in pl.fields and b in pl.fields)
                st.wet_free[q] = len(self.wet_free_cells(pl))
                rows = [c[0] for c in pl.fields]
                cols = [c[1] for c in pl.fields]
                st.box[q, :] = [min(rows), max(rows), min(cols), max(cols)]
        for t in range(5):
            st.tile_food[t] = self.tile_food[t]
            st.tile_used[t] = self.used[t]
        st.info[:] = 0
        st.info[I_ROUND] = self.round
        st.info[I_FIRST] = self.first
        st.info[I_ACTIVE] = self.active
        st.info[I_TRIGGER] = self.trigger
        st.info[I_FSUP] = self.supply["field"]
        st.info[I_SSUP] = self.supply["stick"]
        st.info[I_TURN] = self.turn
        st.info[I_FOLLOW] = self.follow_act
        box = self.box
        st.info[I_FOOD_RES], st.info[I_GOLD_RES], st.info[I_IMPROV] = (
            box["food"], box["gold"], box["improvised"])
        st.info[I_PEN_LEFT], st.info[I_FASIDE], st.info[I_SASIDE] = (
            box["penalties"], box["field"], box["stick"])
        return st

    def ask(self, fn, q, *args) -> int:
        return int(fn(self.A, self.make_view(), self.lineup, q, self.rng, *args))

