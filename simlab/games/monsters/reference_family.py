"""Monsters on Board, family mode, in plain Python: the reference engine for ``nb_family.py``.

Written from the rulebook (readings in ``nb_family``'s module doc) with Python lists, not the
kernel's helpers. It reads the same random stream in the same order as the kernel (Prophecy
deal; each round every Fearmobile's 4 dice, colour then face; then the bots' draws) and asks the
kernel's bot functions (``bots_family``) for decisions on a state it builds from its own (the
area 12 leftover move too: ``decide_continue``, asked after a return with steps left), so
that kernel and reference must agree game for game (scores, winners, every aggregate). Final
Prophecy scoring uses the plain-Python twin ``reference_scoring``.
"""

from __future__ import annotations

import numpy as np

from simlab.core.rng import new_stream, randint
from simlab.games.monsters.actions import COLOURS
from simlab.games.monsters.bots_family import (
    decide_continue,
    decide_pick,
    decide_promote,
    decide_row,
    decide_swap,
)
from simlab.games.monsters.cards import load_cards
from simlab.games.monsters.nb_family import (
    FAMILY_BREAKDOWN,
    FAMILY_COUNTER_NAMES,
    FAMILY_SEAT_NAMES,
    PICKS,
    TIE_RANDOM,
    TIE_SEAT,
    TIES,
    FamilyPrepared,
    new_family_agg,
    new_family_state,
)
from simlab.games.monsters.reference_base import record_game
from simlab.games.monsters.reference_scoring import prophecy_score
from simlab.games.monsters.reference_shape import reference_family_running_scores, reference_record
from simlab.games.monsters.state import CHOICE_NAMES, END_NAMES

ROW_NAMES = ("top", "middle", "bottom")
EFFECT = {1: "promote", 2: "swap", 3: "return"}


class ReferenceFamilyGame:
    """One family game; ``play()`` returns (scores, winners); ``agg`` and ``lines`` after."""

    def __init__(self, prepared: FamilyPrepared, seed: int, game: int, log: bool = False,
                 names=None):
        self.A = prepared.arrays
        self.F = prepared.family
        self.lu = prepared.lineup
        self.cards = load_cards(prepared.prophecy_file or None, prepared.arch_file or None)
        self.P = self.A.n_players
        self.rng = new_stream(seed, game)
        self.log_on = log
        self.names = list(names) if names else [f"P{p + 1}" for p in range(self.P)]
        self.lines: list[str] = []
        self.st = new_family_state(self.A)  # only to show the bots our position
        self.ev = dict.fromkeys(FAMILY_COUNTER_NAMES, 0)
        self.sev = [dict.fromkeys(FAMILY_SEAT_NAMES, 0) for _ in range(self.P)]
        self.bd = [dict.fromkeys(FAMILY_BREAKDOWN, 0) for _ in range(self.P)]
        self.ch = [dict.fromkeys(CHOICE_NAMES, 0) for _ in range(self.P)]   # choices by kind
        self.agg = new_family_agg(self.P)

    # ------------------------------------------------------------------ helpers
    def log(self, text: str):
        if self.log_on:
            self.lines.append(text)

    def area(self, pos: int) -> int:
        return int(self.A.space_area[pos])

    def effect(self, pos: int) -> int:
        return int(self.F.area_act[self.area(pos)])

    def die_text(self, col: int, face: int) -> str:
        return f"{COLOURS[col]} {int(self.A.face_rank[col, face])} ({self.icons(col, face)} icons)"

    def icons(self, col: int, face: int) -> int:
        return sum(1 for a in self.A.face_act[col, face] if a >= 0)

    def sync(self):
        """Write our position into the state the bots read."""
        st = self.st
        st.info[1] = self.step
        for f in range(self.P):
            for k in range(4):
                d = self.fm[f][k]
                st.fm_col[f, k] = -1 if d is None else d[0]
                st.fm_face[f, k] = 0 if d is None else d[1]
        for p in range(self.P):
            for r in range(3):
                row = self.order[p][r]
                st.order_n[p, r] = len(row)
                for c in range(6):
                    st.order_col[p, r, c] = row[c][0] if c < len(row) else -1
                    st.order_rank[p, r, c] = row[c][1] if c < len(row) else 0
                st.minions[p, r] = self.minions[p][r]
            for c in range(6):
                st.grunt_pos[p, c] = self.grunt[p][c]
            st.supply[p] = self.supply[p]
            st.juice[p] = self.juice[p]
            st.prophecy[p] = self.prophecy[p]
        st.keep[:] = 6
        return st

    # ------------------------------------------------------------------ the game
    def play(self):
        A, P = self.A, self.P
        self.reset()
        for _ in range(P):
            while True:
                k = int(randint(self.rng, A.n_prophecy))
                if k not in self.prophecy or A.n_prophecy < P:
                    self.prophecy.append(k)
                    break
        self.log(f"Setup: {P} players (family mode), Prophecy cards "
                 + ", ".join(f"{self.names[p]} #{self.prophecy[p] + 1}" for p in range(P)))
        for rd in range(self.F.rounds):
            self.round(rd + 1)
            if rd + 1 < self.F.rounds:
                self.checkpoints.append(reference_family_running_scores(self))
        return self.finish()

    def reset(self):
        """The setup without the Prophecy deal: full bag, empty Fearmobiles and Orders, Grunts
        on their starting spots, Minions in the supply (also for hand-built test positions)."""
        A, P = self.A, self.P
        self.bag = [int(A.dice_per_colour)] * 6
        self.fm = [[None] * 4 for _ in range(P)]
        self.order = [[[], [], []] for _ in range(P)]
        self.grunt = [[-1] * 6 for _ in range(P)]
        self.minions = [[0, 0, 0] for _ in range(P)]
        self.supply = [int(self.F.n_minions)] * P
        self.juice = [0] * P
        self.prophecy = []
        self.step = 0
        self.picks = [[[0, 0] for _ in range(PICKS)] for _ in range(P)]
        self.checkpoints = []   # game shape: the running scores after each round but the last

    def draw(self) -> int:
        total = sum(self.bag)
        k = int(randint(self.rng, total))
        for c in range(6):
            if k < self.bag[c]:
                self.bag[c] -= 1
                self.ev["dice_drawn"] += 1
                return c
            k -= self.bag[c]
        raise AssertionError("empty bag")

    def check_dice(self):
        n = sum(self.bag) + sum(d is not None for f in self.fm for d in f)
        n += sum(len(row) for rows in self.order for row in rows)
        self.ev["dice_checks"] += 1
        if n != 6 * self.A.dice_per_colour:
            self.ev["dice_not_conserved"] += 1

    def round(self, rd: int):
        A, P = self.A, self.P
        self.rounds_played = rd
        for f in range(P):
            for k in range(4):
                c = self.draw()
                self.fm[f][k] = (c, int(randint(self.rng, 6)))
        self.log(f"Round {rd}: Fearmobiles " + " | ".join(
            ", ".join(self.die_text(*d) for d in self.fm[f]) for f in range(P)))
        for t in range(PICKS):
            self.step = t
            for p in range(P):
                self.take_and_place(p, t)
            self.check_dice()
            if t < PICKS - 1:
                self.log("  Fearmobiles pass to the right")
        for f in range(P):
            for k in range(4):
                if self.fm[f][k] is not None:
                    self.bag[self.fm[f][k][0]] += 1
                    self.ev["dice_to_bag"] += 1
                    self.log(f"  last die of Fearmobile {f + 1} ({self.die_text(*self.fm[f][k])})"
                             " back to the bag")
                    self.fm[f][k] = None
        self.check_dice()
        self.log("  end of round:")
        for p in range(P):
            r = int(decide_row(A, self.F, self.sync(), self.lu, p, self.rng))
            free = [self.F.minion_spaces[i] - self.minions[p][i] for i in range(3)]
            if not (0 <= r < 3 and free[r] > 0):
                self.ev["illegal_bot_choices"] += 1
                r = next(i for i in range(3) if free[i] > 0)
            self.minions[p][r] += 1
            self.ch[p][f"minion_to_{ROW_NAMES[r]}_row"] += 1
            self.supply[p] -= 1
            pts = sum(rank for _, rank in self.order[p][r])
            self.juice[p] += pts
            self.bd[p]["rows"] += pts
            self.log(f"    {self.names[p]} puts a Minion on the {ROW_NAMES[r]} row: +{pts} "
                     f"(Spook Juice {self.juice[p]})")

    def take_and_place(self, p: int, t: int):
        A = self.A
        fm = (p + t) % self.P  # passed right t times: the Fearmobile of player p + t
        d = int(decide_pick(A, self.F, self.sync(), self.lu, p, fm, self.rng))
        k, r = d // 3, d % 3
        if not (d >= 0 and k < 4 and self.fm[fm][k] is not None and len(self.order[p][r]) < 6):
            self.ev["illegal_bot_choices"] += 1
            k, r = next((kk, rr) for kk in range(4) for rr in range(3)
                        if self.fm[fm][kk] is not None and len(self.order[p][rr]) < 6)
        col, face = self.fm[fm][k]
        self.fm[fm][k] = None
        self.ch[p][f"die_to_{ROW_NAMES[r]}_row"] += 1
        rank = int(A.face_rank[col, face])
        self.order[p][r].append([col, rank])
        n = self.icons(col, face)
        self.picks[p][t][0] += rank
        self.picks[p][t][1] += n
        self.log(f"  {self.names[p]} takes {self.die_text(col, face)} from Fearmobile {fm + 1} "
                 f"into the {ROW_NAMES[r]} row (spot {len(self.order[p][r])})")
        self.move(p, col, n)

    def move(self, p: int, col: int, n: int):
        """n steps along the spaces of colour col (no space is ever occupied in family mode)."""
        A, S = self.A, int(self.A.n_spaces)
        path = [s for s in range(S) if A.space_colour[s] == col]
        for i in range(n):
            pos = self.grunt[p][col]
            if pos >= S:
                self.ev["steps_lost_final_area"] += n - i
                self.log(f"    {COLOURS[col]} Grunt is in the final area: {n - i} steps lost")
                return
            nxt = [s for s in path if s > pos]
            pos = nxt[0] if nxt else S
            self.grunt[p][col] = pos
            self.ev["grunt_steps"] += 1
            self.sev[p]["grunt_steps"] += 1
            if pos >= S:
                self.ev["final_area_arrivals"] += 1
                self.log(f"    {COLOURS[col]} Grunt enters the final area")
                continue
            e = self.effect(pos)
            self.log(f"    {COLOURS[col]} Grunt to space {pos} (area {self.area(pos)})"
                     + (f": {EFFECT[e]}" if e else ""))
            if e == 1:
                self.promote(p)
            elif e == 2:
                self.swap(p)
            elif e == 3:
                j = int(self.F.juice12)
                self.juice[p] += j
                self.bd[p]["area12"] += j
                self.ev["area12_returns"] += 1
                self.sev[p]["area12_returns"] += 1
                self.grunt[p][col] = -1
                self.log(f"      +{j} Spook Juice, back to the start spot")
                left = n - 1 - i
                if left > 0:
                    if not decide_continue(self.A, self.F, self.sync(), self.lu, p, col, left,
                                           self.rng):
                        self.ev["area12_stops"] += 1
                        self.ev["steps_declined"] += left
                        self.ch[p]["area12_stay"] += 1
                        self.log(f"      stays there ({left} steps left unused)")
                        return
                    self.ev["area12_continues"] += 1
                    self.ch[p]["area12_go_on"] += 1
                    self.log(f"      goes on with the {left} steps left")

    def promote(self, p: int):
        self.ev["area4_landings"] += 1
        st = self.sync()
        if not decide_promote(self.A, self.F, st, self.lu, p, self.rng):
            self.ch[p]["action_skipped"] += 1
            self.log("      skipped")
            return
        r, c, d = (int(x) for x in st.dec[:3])
        self.ch[p]["promote" if d > 0 else "demote"] += 1
        row = self.order[p][r] if 0 <= r < 3 else []
        if not (0 <= c < len(row) and d in (-1, 1) and 1 <= row[c][1] + d <= 6):
            self.ev["illegal_bot_choices"] += 1
            return
        row[c][1] += d
        self.ev["area4_uses"] += 1
        self.sev[p]["area4_uses"] += 1
        self.log(f"      {ROW_NAMES[r]} row spot {c + 1} {'+' if d > 0 else '-'}1 -> {row[c][1]}")

    def swap(self, p: int):
        self.ev["area8_landings"] += 1
        st = self.sync()
        if not decide_swap(self.A, self.F, st, self.lu, p, self.rng):
            self.ch[p]["action_skipped"] += 1
            self.log("      skipped")
            return
        self.ch[p]["swap"] += 1
        r1, c1, r2, c2 = (int(x) for x in st.dec[:4])
        o = self.order[p]
        ok = 0 <= r1 < 3 and 0 <= r2 < 3 and 0 <= c1 < len(o[r1]) and 0 <= c2 < len(o[r2]) \
            and (r1, c1) != (r2, c2)
        if not ok:
            self.ev["illegal_bot_choices"] += 1
            return
        o[r1][c1], o[r2][c2] = o[r2][c2], o[r1][c1]
        self.ev["area8_uses"] += 1
        self.sev[p]["area8_uses"] += 1
        self.log(f"      swap {ROW_NAMES[r1]} {c1 + 1} <-> {ROW_NAMES[r2]} {c2 + 1}")

    def finish(self):
        P, F, S = self.P, self.F, int(self.A.n_spaces)
        scores = []
        self.log("Game end: Prophecy (every die counts)")
        for p in range(P):
            oc = [[d[0] for d in row] + [-1] * (6 - len(row)) for row in self.order[p]]
            orank = [[d[1] for d in row] + [0] * (6 - len(row)) for row in self.order[p]]
            ps = int(prophecy_score(self.cards, self.prophecy[p], oc, orank, [6, 6, 6]))
            self.bd[p]["prophecy"] = ps
            scores.append(self.juice[p] + ps)
            self.log(f"  {self.names[p]}: Prophecy #{self.prophecy[p] + 1} +{ps}, total "
                     f"{scores[p]}")
            for r, name in enumerate(("minions_top", "minions_middle", "minions_bottom")):
                self.sev[p][name] += self.minions[p][r]
                self.sev[p]["order_dice"] += len(self.order[p][r])
                if self.minions[p][r] > F.minion_spaces[r]:
                    self.ev["minion_errors"] += 1
            placed = sum(self.minions[p])
            if placed + self.supply[p] != F.n_minions or placed != F.rounds:
                self.ev["minion_errors"] += 1
            self.sev[p]["final_area_grunts"] += sum(1 for x in self.grunt[p] if x >= S)
        top = max(scores)
        tied = [p for p in range(P) if scores[p] == top]
        # "If there is a tie, the youngest tied player wins!" (rule option family_tie)
        if len(tied) > 1 and F.tie == TIE_SEAT:
            tied = tied[:1]
            self.ev["seat_tie_breaks"] += 1
        elif len(tied) > 1 and F.tie == TIE_RANDOM:
            tied = [tied[int(randint(self.rng, len(tied)))]]
            self.ev["random_tie_breaks"] += 1
        elif len(tied) > 1:
            self.ev["shared_wins"] += 1
        n_tied = sum(s == top for s in scores)
        if n_tied > 1:
            self.ev["top_score_ties"] += 1
        winners = [p in tied for p in range(P)]
        self.ev["rounds"] += F.rounds
        self.ev["games"] += 1
        self.log("Winner: " + ", ".join(self.names[p] for p in range(P) if winners[p])
                 + (f" (tie of {n_tied}, family_tie {TIES[F.tie]})" if n_tied > 1 else ""))
        self.record(scores, winners)
        reference_record(self.agg, self.checkpoints, scores, winners)
        return np.array(scores, np.int64), np.array(winners, bool)

    def record(self, scores, winners):
        """Add this game to ``agg`` (``reference_base.record_game``, in the family layouts)."""
        record_game(self.agg, [self.ev[n] for n in FAMILY_COUNTER_NAMES],
                    [[self.sev[p][n] for n in FAMILY_SEAT_NAMES] for p in range(self.P)],
                    [[self.bd[p][n] for n in FAMILY_BREAKDOWN] for p in range(self.P)],
                    self.picks, self.F.rounds, scores, winners,
                    [[self.ch[p][n] for n in CHOICE_NAMES] for p in range(self.P)],
                    END_NAMES.index("minion_spaces_filled"),
                    ("end_of_round_rows", "area12", "prophecy"))
