"""The reference engine's Spook phase (phase 5) and the markets: turns clockwise until all
players pass consecutively, each buying a Ghost (placed on a free space of its colour, or a
gain-Grunt spot) or an Arch Monster card, or passing; the markets slide right and refill from
the face-down stack. Solo 1's discards and solo 2's turn order are in ``reference_solo``.

Mixed into :class:`~simlab.games.monsters.reference.ReferenceGame` (see ``reference_base``).
The purchase is the kernel's decision (``bots.decide_spook``, its choice in ``view.dec``).
"""

from __future__ import annotations

from simlab.games.monsters import bots
from simlab.games.monsters.actions import COLOURS, MULTI
from simlab.games.monsters.reference_base import MARKET, SOLO1, Grunt, Player, ReferenceBase
from simlab.games.monsters.state import (
    C_ARCH_BOUGHT,
    C_EMPTY_MARKET,
    C_GAIN_GRUNTS,
    C_GHOSTS_BOUGHT,
    C_ILLEGAL,
    C_NO_GRUNT,
    C_PASSES,
    C_SPOOK_TURNS,
    GAIN_SPOT,
    MALICE_BINS,
    MAX_ARCH,
    MAX_GRUNTS,
    S_ARCH,
    S_GHOSTS,
    S_PASSES,
    X_ARCH,
    X_GHOST,
    X_PASS,
)


class SpookPhase(ReferenceBase):
    """The Spook phase and the Ghost and Arch Monster markets."""

    # ------------------------------------------------------------------ 5) Spook phase
    def spook_phase(self):
        """Turns clockwise from the first player until all pass consecutively (solo 1: the
        player's turns, then :meth:`discard_right`; solo 2: :meth:`sj_spook_phase`); the
        Malice histogram counts each player's Malice at its end."""
        self.say("  Spook phase:")
        if self.mode < SOLO1:
            self.spook_until_passes(self.first)
        elif self.mode == SOLO1:
            n = self.spook_until_passes(0)
            self.say(f"    end of the Spook phase: {n} purchase(s)")
            self.discard_right(1 if n > 0 else 2)
        else:
            self.sj_spook_phase()
        for p, pl in enumerate(self.players):
            self.agg.malice_hist[p, min(max(pl.malice, 0), MALICE_BINS - 1)] += 1

    def spook_until_passes(self, first: int) -> int:
        """Turns clockwise from ``first`` until all players pass consecutively."""
        passes, bought, p = 0, 0, first
        while passes < self.P:
            self.spook_passes, self.spook_bought = passes, bought
            if self.spook_turn(p):
                passes, bought = 0, bought + 1
            else:
                passes += 1
            p = (p + 1) % self.P
        return bought

    def spook_turn(self, p: int) -> bool:
        """One Spook-phase turn: buy a Ghost, buy an Arch Monster, or pass."""
        A = self.A
        pl = self.players[p]
        self.use_arch(p, final=False)
        self.count(C_SPOOK_TURNS)
        x = self.ask(bots.decide_spook, p)
        k, t = int(self.view.dec[0]), int(self.view.dec[1])
        if x == 1:
            if 0 <= k < MARKET and self.gmarket[k] is not None and \
                    A.ghost_cost[k] <= pl.malice and self.ghost_target_ok(pl, self.gmarket[k], t):
                self.buy_ghost(p, k, t)
                self.count(C_GHOSTS_BOUGHT)
                self.seat(p, S_GHOSTS)
                self.chose(p, X_GHOST)
                return True
            self.count(C_ILLEGAL)
        elif x == 2:
            if 0 <= k < MARKET and self.amarket[k] is not None and \
                    A.arch_cost[k] <= pl.malice and len(pl.arch) < MAX_ARCH:
                self.buy_arch(p, k)
                self.count(C_ARCH_BOUGHT)
                self.seat(p, S_ARCH)
                self.chose(p, X_ARCH)
                return True
            self.count(C_ILLEGAL)
        self.count(C_PASSES)
        self.seat(p, S_PASSES)
        self.chose(p, X_PASS)
        self.say(f"    {self.names[p]} passes (Malice {pl.malice})")
        return False

    # ------------------------------------------------------------------ the markets
    def ghost_target_ok(self, pl: Player, g: int, t: int) -> bool:
        A = self.A
        if A.ghost_gain[g] == 1:
            return 0 <= t < A.gain_spots and pl.gain_spots[t] is None
        if not (0 <= t < self.S and self.free_for_piece(pl, t)):
            return False
        return A.ghost_colour[g] == MULTI or A.space_colour[t] == A.ghost_colour[g]

    def buy_ghost(self, p: int, k: int, t: int):
        A = self.A
        pl = self.players[p]
        g = self.gmarket[k]
        self.spend_malice(p, int(A.ghost_cost[k]))
        self.gmarket[k] = None
        if A.ghost_gain[g] == 1:
            c = int(A.ghost_colour[g])
            pl.gain_spots[t] = g
            self.count(C_GAIN_GRUNTS)
            if self.supply[c] > 0 and len(pl.grunts) < MAX_GRUNTS:
                pl.grunts.append(Grunt(c, GAIN_SPOT))
                self.supply[c] -= 1
                what = f"on gain-Grunt spot {t} with a new {COLOURS[c]} Grunt"
            else:
                self.count(C_NO_GRUNT)
                what = f"on gain-Grunt spot {t} (no {COLOURS[c]} Grunt left in the supply)"
        else:
            pl.ghosts[t] = g
            what = f"on {self.space_text(t)}"
        self.say(f"    {self.names[p]} buys {self.ghost_text(g)} at position {k + 1} for "
                 f"{int(A.ghost_cost[k])} Malice and places it {what} (Malice {pl.malice})")
        self.refill(self.gmarket, self.gstack)

    def buy_arch(self, p: int, k: int):
        A = self.A
        pl = self.players[p]
        card = self.amarket[k]
        self.spend_malice(p, int(A.arch_cost[k]))
        pl.arch.append(card)
        self.amarket[k] = None
        self.say(f"    {self.names[p]} buys {self.arch_text(card)} at position {k + 1} for "
                 f"{int(A.arch_cost[k])} Malice (Malice {pl.malice})")
        self.refill(self.amarket, self.adeck)

    def refill(self, market: list, stack: list):
        """Slide the market right (keeping the order) and fill the empty spots from the top of
        the stack, the rightmost empty spot first; an exhausted stack leaves spots empty."""
        kept = [x for x in market if x is not None]
        market[:] = [None] * (MARKET - len(kept)) + kept
        for k in range(MARKET - len(kept) - 1, -1, -1):
            if stack:
                market[k] = stack.pop(0)
            else:
                self.count(C_EMPTY_MARKET)
