"""The reference engine's Town and actions: Grunts moving along the path (Grunt Movement, Move
Grunt), the actions a Grunt lands on or a die, a Summoning tracker space or a discarded Arch
Monster shows, each performed at once with its consequences (by recursion, in the order the
rulebook asks for), and Summon Spider Jack scoring.

Mixed into :class:`~simlab.games.monsters.reference.ReferenceGame` (see ``reference_base``).
The choices the rulebook leaves to the player are asked of the kernel's decision functions: the
order of same-coloured Grunts and of the actions they land on (``bots_moves``), whether and how
to perform each action (``bots.decide_action``, its choice in ``view.dec``) and which Arch
Monster card to discard (``bots.decide_arch``).
"""

from __future__ import annotations

from simlab.games.monsters import bots, bots_moves
from simlab.games.monsters.actions import (
    A_CALL,
    A_FEED,
    A_GAIN_GRUNT,
    A_GRUNT,
    A_JUICE,
    A_MALICE,
    A_MINION,
    A_PROMOTE,
    A_SWAP,
    COLOURS,
    SUMMON,
    icon_text,
)
from simlab.games.monsters.reference_base import ROW_NAMES, SOLO2, Player, ReferenceBase
from simlab.games.monsters.state import (
    B_ACTIONS,
    B_SUMMON,
    C_ACTIONS_DONE,
    C_ACTIONS_SKIPPED,
    C_ARCH_USED,
    C_FINAL_ARRIVALS,
    C_GRUNT_MOVES,
    C_ILLEGAL,
    C_SUMMON_MISSED,
    C_SUMMONS,
    GAIN_SPOT,
    LANDED,
    N_MINIONS,
    ROWS,
    S_ARCH_USED,
    S_SUMMONS,
    START,
    X_CALL,
    X_DEMOTE,
    X_DISCARD,
    X_FEED,
    X_GRUNT,
    X_JUICE,
    X_MALICE,
    X_MINION,
    X_PROMOTE,
    X_SKIP,
    X_SWAP,
)

#: the choice an action performed counts as (Promote/Demote: by its direction)
_ACTION_CHOICE = {A_SWAP: X_SWAP, A_MINION: X_MINION, A_GRUNT: X_GRUNT, A_JUICE: X_JUICE,
                  A_CALL: X_CALL, A_FEED: X_FEED, A_MALICE: X_MALICE}


class TownActions(ReferenceBase):
    """The Town (path, Grunts, Minions, Ghosts) and the actions."""

    # ------------------------------------------------------------------ the Town
    def taken(self, pl: Player, s: int) -> bool:
        """A Minion or a Grunt stands on path space s."""
        return s in pl.minions or any(g.pos == s for g in pl.grunts)

    def next_space(self, pl: Player, pos: int, c: int) -> int:
        """The next space of colour c after ``pos`` without a Minion or Grunt (a Grunt on a
        start or gain-Grunt spot starts at the beginning of the path); the final area if none."""
        for s in range(pos + 1 if pos >= 0 else 0, self.S):
            if self.A.space_colour[s] == c and not self.taken(pl, s):
                return s
        return self.S

    def free_for_piece(self, pl: Player, s: int) -> bool:
        return not self.taken(pl, s) and s not in pl.ghosts

    def space_actions(self, pl: Player, s: int) -> list:
        """What a Grunt landing on s performs: the printed icons, then the Ghost's."""
        out = self.icons(self.A.space_act[s], self.A.space_juice[s])
        if s in pl.ghosts:
            g = pl.ghosts[s]
            out += [(a, j) for a, j in self.icons(self.A.ghost_act[g], self.A.ghost_juice[g])
                    if a != A_GAIN_GRUNT]  # acts only when the Ghost is bought
        return out

    def move_grunts(self, p: int, c: int):
        """Move each of p's Grunts of colour c once, "in any order you choose" (p's bot
        orders them, ``bots_moves.decide_grunt_order``), each to the next free space of its
        colour; then perform the actions they landed on, "in any order" (p's bot orders them,
        ``bots_moves.decide_action_order``)."""
        pl = self.players[p]
        slots = [i for i, g in enumerate(pl.grunts) if g.colour == c and g.pos < self.S]
        if len(slots) > 1:
            self.view.perm[:len(slots)] = slots
            self.ask(bots_moves.decide_grunt_order, p, c, len(slots))
            slots = [int(x) for x in self.view.perm[:len(slots)]]
        acts = []
        for i in slots:
            g = pl.grunts[i]
            s = self.next_space(pl, g.pos, c)
            self.say(f"    {COLOURS[c]} Grunt moves from "
                     f"{'its start spot' if g.pos == START else 'a gain-Grunt spot' if g.pos == GAIN_SPOT else self.space_text(g.pos)}"
                     f" to {self.space_text(s)}")
            g.pos = s
            self.count(C_GRUNT_MOVES)
            if s >= self.S:
                self.count(C_FINAL_ARRIVALS)
            else:
                acts += self.space_actions(pl, s)
        acts = acts[:LANDED]
        if len(acts) > 1:
            self.view.lact[:len(acts)] = [a for a, _ in acts]
            self.view.ljuice[:len(acts)] = [j for _, j in acts]
            self.ask(bots_moves.decide_action_order, p, len(acts))
            acts = [(int(a), int(j)) for a, j in zip(self.view.lact[:len(acts)],
                                                     self.view.ljuice[:len(acts)], strict=True)]
        if acts:
            self.say(f"    actions landed on, in {self.names[p]}'s order: {self.icon_list(acts)}")
        self.perform_all(p, acts, just=False)

    # ------------------------------------------------------------------ actions
    def perform_all(self, p: int, icons: list, just: bool):
        for a, j in icons:
            self.perform(p, a, j, just)

    def perform(self, p: int, a: int, j: int, just: bool):
        """Ask p's bot about one action; perform it (its consequences at once) or skip it."""
        if self.ask(bots.decide_action, p, a, j, 1 if just else 0) == 0:
            self.count(C_ACTIONS_SKIPPED)
            self.agg.actions[a, 1] += 1
            self.chose(p, X_SKIP)
            self.say(f"      {self.names[p]} skips {icon_text(a, j)}")
            return
        d = [int(x) for x in self.view.dec]
        self.count(C_ACTIONS_DONE)
        self.agg.actions[a, 0] += 1
        if a == A_PROMOTE:
            self.chose(p, X_PROMOTE if d[2] > 0 else X_DEMOTE)
        elif a in _ACTION_CHOICE:
            self.chose(p, _ACTION_CHOICE[a])
        {A_JUICE: self.act_juice, A_MALICE: self.act_malice, A_SWAP: self.act_swap,
         A_PROMOTE: self.act_promote, A_MINION: self.act_minion, A_GRUNT: self.act_grunt,
         A_CALL: self.act_call, A_FEED: self.act_feed}.get(a, self.act_none)(p, j, d, just)

    def illegal(self, p: int, what: str):
        self.count(C_ILLEGAL)
        self.say(f"      {self.names[p]}'s bot chose an illegal {what}: skipped")

    def act_none(self, p, j, d, just):
        pass

    def act_juice(self, p, j, d, just):
        self.gain_juice(p, j, B_ACTIONS, "Gain Spook Juice")

    def act_malice(self, p, j, d, just):
        self.gain_malice(p, max(j, 1), "Gain Malice")

    def act_swap(self, p, j, d, just):
        rows = self.players[p].rows
        r1, c1, r2, c2 = d[:4]
        if not (0 <= r1 < ROWS and 0 <= r2 < ROWS and 0 <= c1 < len(rows[r1])
                and 0 <= c2 < len(rows[r2])):
            return self.illegal(p, "swap")
        rows[r1][c1], rows[r2][c2] = rows[r2][c2], rows[r1][c1]
        if self.just_placed in ((r1, c1), (r2, c2)):  # the die just placed moves with it
            self.just_placed = (r2, c2) if self.just_placed == (r1, c1) else (r1, c1)
        self.say(f"      {self.names[p]} swaps {ROW_NAMES[r1]} row die {c1 + 1} and "
                 f"{ROW_NAMES[r2]} row die {c2 + 1}")

    def act_promote(self, p, j, d, just):
        if d[0] == bots.DRIVEWAY:  # "one of your Lord Dice (anywhere)": a Driveway die
            return self.promote_driveway(p, d)
        rows = self.players[p].rows
        r, c, dd = d[:3]
        if not (0 <= r < ROWS and 0 <= c < len(rows[r]) and dd in (1, -1)) or \
                (just and self.just_placed == (r, c)):
            return self.illegal(p, "promote/demote")
        if not 1 <= rows[r][c][1] + dd <= 6:
            return self.illegal(p, "promote/demote")
        rows[r][c][1] += dd
        self.say(f"      {self.names[p]} {'promotes' if dd > 0 else 'demotes'} the "
                 f"{ROW_NAMES[r]} row die {c + 1} to {rows[r][c][1]}")

    def promote_driveway(self, p, d):
        """Promote/Demote a die on p's Driveway: it turns to face ``d[3]``, of rank +- 1."""
        drive = self.players[p].driveway
        k, dd, f2 = d[1:4]
        if not (0 <= k < 4 and drive[k] is not None and dd in (1, -1)
                and 0 <= f2 < self.A.face_rank.shape[1]
                and self.rank(drive[k][0], f2) == self.rank(drive[k][0], drive[k][1]) + dd):
            return self.illegal(p, "promote/demote")
        old = self.die_text(drive[k][0], drive[k][1])
        drive[k][1] = f2
        self.say(f"      {self.names[p]} {'promotes' if dd > 0 else 'demotes'} the Driveway "
                 f"die {old} to {self.die_text(drive[k][0], f2)}")

    def act_minion(self, p, j, d, just):
        pl = self.players[p]
        m, s = d[:2]
        if not (0 <= m < N_MINIONS and 0 <= s < self.S and self.free_for_piece(pl, s)):
            return self.illegal(p, "Minion move")
        pl.minions[m] = s
        self.say(f"      {self.names[p]} moves Minion {m} to {self.space_text(s)}")

    def act_grunt(self, p, j, d, just):
        if not 0 <= d[0] <= 5:
            return self.illegal(p, "Grunt colour")
        self.say(f"      {self.names[p]} moves its {COLOURS[d[0]]} Grunts (Move Grunt)")
        self.move_grunts(p, d[0])

    def act_call(self, p, j, d, just):
        r = d[0]
        if not 0 <= r < ROWS:
            return self.illegal(p, "row")
        pl = self.players[p]
        if pl.summon[r] >= self.A.track_len - 1:
            self.say(f"      the {ROW_NAMES[r]} Summoning tracker is at the end of its track")
            return
        pl.summon[r] += 1
        t = pl.summon[r]
        a = int(self.A.track_act[t])
        self.say(f"      {self.names[p]} calls Spider Jack: the {ROW_NAMES[r]} Summoning "
                 f"tracker moves to space {t}"
                 + (" (Summon!)" if a == SUMMON else
                    f" ({icon_text(a, int(self.A.track_juice[t]))})" if a >= 0 else ""))
        if a == SUMMON:
            self.summon_scoring(p, r)
        elif a >= 0:
            self.perform(p, a, int(self.A.track_juice[t]), just=False)

    def act_feed(self, p, j, d, just):
        r = d[0]
        if not 0 <= r < ROWS:
            return self.illegal(p, "row")
        pl = self.players[p]
        if pl.sj[r] < self.A.sj_max:
            pl.sj[r] += 1
        self.say(f"      {self.names[p]} feeds Spider Jack: the {ROW_NAMES[r]} row's die shows "
                 f"{pl.sj[r]}")

    def summon_scoring(self, p: int, r: int):
        """The ranks of the leftmost ``sj`` dice of the row; solo 2 with the summoning
        modifier, Spider Jack gains the ranks beyond."""
        pl = self.players[p]
        ranks = [rk for _, rk in pl.rows[r]]
        v = sum(ranks[:pl.sj[r]])
        missed = sum(ranks) - v
        self.count(C_SUMMONS)
        self.seat(p, S_SUMMONS)
        self.count(C_SUMMON_MISSED, missed)
        self.gain_juice(p, v, B_SUMMON, f"Summon Spider Jack scoring of the {ROW_NAMES[r]} row, "
                                        f"{pl.sj[r]} dice")
        if self.mode == SOLO2 and self.A.summoning == 1 and missed:
            self.sj_score += missed
            self.say(f"      Spider Jack gains the {missed} missed (now {self.sj_score})")

    # ------------------------------------------------------------------ Arch Monster discards
    def use_arch(self, p: int, final: bool):
        """Arch Monster discards: while p's bot names a card, box it and do its back action."""
        pl = self.players[p]
        while pl.arch:
            i = self.ask(bots.decide_arch, p, 1 if final else 0)
            if not 0 <= i < len(pl.arch):
                break
            card = pl.arch.pop(i)
            self.count(C_ARCH_USED)
            self.seat(p, S_ARCH_USED)
            self.chose(p, X_DISCARD)
            self.just_placed = None
            self.say(f"    {self.names[p]} discards {self.arch_text(card)} for its back action")
            self.perform(p, int(self.A.cards.m_back[card]), int(self.A.cards.m_back_amount[card]),
                         just=False)
