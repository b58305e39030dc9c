"""The reference engine's round: phases 1 to 4 of the rulebook, and the checks at the end of
a round.

1) Arrival: each Fearmobile is filled with 4 random Lord dice (colour from the bag, then face).
2) Draft: each player takes 1 die at a time onto their Driveway until each has 4 (solo: with
   Spider Jack, ``reference_solo``). 3) Grunt Movement: each Driveway die is activated in turn,
   moving the player's Grunts of its colour (``reference_town``). 4) Swamp-Jack: 3 dice are
   placed in the Order of Spider Jack, each performing its icons; the 4th goes on the Gain Malice
   spot and back to the bag. Phase 5, the Spook phase, is in ``reference_spook``.

Mixed into :class:`~simlab.games.monsters.reference.ReferenceGame` (see ``reference_base``).
The draft pick, the die to activate and the placement are the kernel's decisions
(``bots.decide_draft``, ``decide_activate``, ``decide_place``).
"""

from __future__ import annotations

from simlab.core.rng import randint
from simlab.games.monsters import bots
from simlab.games.monsters.reference_base import ROW_NAMES, SOLO1, SOLO2, ReferenceBase
from simlab.games.monsters.state import (
    C_DICE_BAD,
    C_GRUNT_BAD,
    C_ILLEGAL,
    C_MALICE_BAD,
    C_MINION_BAD,
    COLS,
    ROWS,
    X_MALICE_DIE,
    X_ROW,
)


class RoundPhases(ReferenceBase):
    """A round and its phases 1-4 (Arrival, Draft, Grunt Movement, Swamp-Jack)."""

    # ------------------------------------------------------------------ the round
    def play_round(self):
        """One round: Arrival, Draft (solo 2: then Spider Jack scores his dice), each player's
        Grunt Movement and Swamp-Jack from the first player on, the Spook phase (solo 1: then
        his dice go back to the bag); the first player token passes left."""
        self.say(f"Round {self.round} (first player {self.names[self.first]})")
        self.arrival()
        self.draft()
        if self.mode == SOLO2:
            self.sj_score_dice()
        for i in range(self.P):
            p = (self.first + i) % self.P
            self.grunt_phase(p)
            self.swamp_phase(p)
        self.spook_phase()
        if self.mode == SOLO1:
            for d in self.sj_dice:
                if d is not None:
                    self.to_bag(d[0])
            self.sj_dice = []
        self.first = (self.first + 1) % self.P
        self.check_round()

    # ------------------------------------------------------------------ 1) Arrival
    def arrival(self):
        for f, car in enumerate(self.fearmobiles):
            for k in range(4):
                c = self.draw_die()
                car[k] = (c, int(randint(self.rng, 6)))
            self.say(f"  Arrival: Fearmobile {f + 1} holds "
                     + ", ".join(self.die_text(*d) for d in car))

    # ------------------------------------------------------------------ 2) Draft
    def draft(self):
        """Regular: each player picks from the Fearmobile in front of them, then the
        Fearmobiles pass left, until each has taken 4. Solo: :meth:`solo_draft`."""
        if self.mode >= SOLO1:
            self.solo_draft()
            return
        P = self.P
        for step in range(4):
            self.say(f"  Draft, pick {step + 1}:")
            for p in range(P):
                self.player_pick(p, (p - step) % P, step)

    def player_pick(self, p: int, f: int, pick: int):
        k = self.ask(bots.decide_draft, p, f)
        if not (0 <= k < 4 and self.fearmobiles[f][k] is not None):
            self.count(C_ILLEGAL)
            k = next(i for i in range(4) if self.fearmobiles[f][i] is not None)
        self.take_die(p, f, k, pick)

    def take_die(self, p: int, f: int, k: int, pick: int):
        c, face = self.fearmobiles[f][k]
        self.fearmobiles[f][k] = None
        self.players[p].driveway[pick] = [c, face, 0]
        self.picks[p][pick][0] += self.rank(c, face)
        self.picks[p][pick][1] += len(self.die_icons(c, face))
        self.say(f"    {self.names[p]} takes {self.die_text(c, face)} from Fearmobile {f + 1}")

    # ------------------------------------------------------------------ 3) Grunt Movement
    def grunt_phase(self, p: int):
        pl = self.players[p]
        self.say(f"  {self.names[p]}: Grunt movement")
        for _ in range(4):
            self.use_arch(p, final=False)
            k = self.ask(bots.decide_activate, p)
            if not (0 <= k <= 3) or pl.driveway[k][2] == 1:
                self.count(C_ILLEGAL)
                k = next(i for i in range(4) if pl.driveway[i][2] == 0)
            pl.driveway[k][2] = 1
            self.just_placed = None
            c = pl.driveway[k][0]
            self.say(f"   activates {self.die_text(c, pl.driveway[k][1])}")
            self.move_grunts(p, c)
        self.use_arch(p, final=False)

    # ------------------------------------------------------------------ 4) Swamp-Jack
    def swamp_phase(self, p: int):
        A = self.A
        pl = self.players[p]
        self.say(f"  {self.names[p]}: Swamp-Jack")
        for _ in range(3):
            x = self.ask(bots.decide_place, p)
            k, r = x // 3, x % 3
            if x < 0 or k > 3 or pl.driveway[k] is None or len(pl.rows[r]) >= COLS:
                self.count(C_ILLEGAL)
                k = next(i for i in range(4) if pl.driveway[i] is not None)
                r = next(i for i in range(ROWS) if len(pl.rows[i]) < COLS)
            c, face, _ = pl.driveway[k]
            pl.driveway[k] = None
            self.chose(p, X_ROW + r)
            pl.rows[r].append([c, self.rank(c, face)])
            self.just_placed = (r, len(pl.rows[r]) - 1)
            icons = self.die_icons(c, face)
            self.say(f"   places {self.die_text(c, face)} in the {ROW_NAMES[r]} row (spot "
                     f"{len(pl.rows[r])})")
            self.perform_all(p, icons, just=True)
            self.just_placed = None
            self.use_arch(p, final=False)
        for k in range(4):
            if pl.driveway[k] is not None:
                c, face, _ = pl.driveway[k]
                pl.driveway[k] = None
                self.say(f"   {self.die_text(c, face)} goes on the Gain Malice spot")
                self.chose(p, X_MALICE_DIE)
                self.gain_malice(p, int(A.malice_chart[self.rank(c, face) - 1]),
                                 f"rank {self.rank(c, face)}")
                self.to_bag(c)
        self.use_arch(p, final=False)

    # ------------------------------------------------------------------ end of the round
    def check_round(self):
        """Invariants: every Lord die accounted for, Malice in range, one piece per space."""
        if self.dice_in_play() + self.boxed != 6 * self.A.dice_per_colour:
            self.count(C_DICE_BAD)
        for pl in self.players:
            if not 0 <= pl.malice <= self.A.malice_cap:
                self.count(C_MALICE_BAD)
            spots = [g.pos for g in pl.grunts if 0 <= g.pos < self.S]
            mins = [m for m in pl.minions if m >= 0]
            if len(set(spots)) != len(spots) or any(m in spots for m in mins):
                self.count(C_GRUNT_BAD)
            if len(set(mins)) != len(mins):
                self.count(C_MINION_BAD)

    def dice_in_play(self) -> int:
        """Lord dice in the bag, Fearmobiles, Driveways, Orders (trimmed ones included),
        Spider Jack's hands and Court."""
        n = sum(self.bag) + sum(self.court_dice)
        n += sum(1 for car in self.fearmobiles for d in car if d is not None)
        n += sum(1 for d in self.sj_dice if d is not None)
        for pl in self.players:
            n += sum(1 for d in pl.driveway if d is not None) + sum(len(r) for r in pl.rows)
        return n
