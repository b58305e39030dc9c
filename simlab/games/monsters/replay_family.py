"""Monsters on Board's family mode, one game step by step (``replay.py`` sends it here).

The family reference engine (:class:`~simlab.games.monsters.reference_family.ReferenceFamilyGame`,
on the kernel's random stream) plays the game; :class:`_FamilyRecorder` cuts its log into the
setup, each round's Fearmobiles, every "take and place" (one step per player and pick: the die
taken, its row, the Grunt moved one space per icon and the neighborhood effects on the way),
each round's end (the dice left go back to the bag, every player's Minion scores a row) and the
game's end (Prophecy cards).

A take-and-place step carries the bot's decision: every (die, row) it could choose, valued by
the family bots' own ``bots_family.pick_value`` on the state it saw (its Prophecy base
``bots_family.prog``), the random bot's options without values. The rows chosen at the round's
end are listed in that step's note with the row totals the bots compare.
"""

from __future__ import annotations

import numpy as np

from simlab.core.replay import Decision, Option, Replay, Step
from simlab.core.rng import uniform
from simlab.games.monsters import bots_family
from simlab.games.monsters.actions import COLOURS
from simlab.games.monsters.bot_base import BOT_RANDOM, BOTS, TIE, W_NOISE
from simlab.games.monsters.reference_family import ROW_NAMES, ReferenceFamilyGame
from simlab.games.monsters.reference_shape import reference_family_running_scores
from simlab.games.monsters.replay_svg import (
    CHANGED,
    DIE,
    FONT,
    INK,
    MUTED,
    SEAT,
    SW,
    TINT,
    X0,
    W,
    die,
    esc,
    t,
)
from simlab.games.monsters.replay_words import choice_words
from simlab.games.monsters.state import COLS, ROWS

SCORE_NOTE = ("Running score: Spook Juice (rows scored by Minions, area 12) plus the Prophecy "
              "card on the Order now (every die counts in family mode), as the game-shape "
              "measures count it after each round; the last step shows the final scores.")
LEGEND = ("Family mode board: per seat the Town track (family side: area 4 promote/demote, "
          "area 8 swap, area 12 Spook Juice and back to the start), one Grunt per colour "
          "(rings), the Order of Spider Jack (3 rows of up to 6 dice) with the Minions placed "
          "on each row (scored rows) and Spook Juice. Red outlines: what the step changed.")
BOT_NAMES = {v[0]: k for k, v in BOTS.items()}
TOP = 78
PANEL = 150
EFFECTS = {1: "±", 2: "sw", 3: "+J back"}


class _FamilyRecorder(ReferenceFamilyGame):
    def __init__(self, prepared, seed: int, game: int, names: list[str]):
        super().__init__(prepared, seed, game, log=True, names=names)
        self.steps: list[Step] = []
        self.mark = None             # choices and Spook Juice after the last step
        self.cut = 0
        self.rd = 0
        self.prev: dict = {}
        self.problems: list[str] = []

    def pending(self) -> bool:
        return len(self.lines) > self.cut

    def emit(self, title: str, actor=None, decision=None, note: str = ""):
        if decision is not None:   # what the chosen play did (the options stay as weighed)
            decision.chosen += f" → {self.effects(decision.seat)}"
        self.mark = [(dict(self.ch[p]), self.juice[p]) for p in range(self.P)]
        log = self.lines[self.cut:]
        self.cut = len(self.lines)
        scores = [float(s) for s in reference_family_running_scores(self)]
        self.steps.append(Step(title, list(log), self.picture(title, actor, note), decision,
                               scores))

    def effects(self, p: int) -> str:
        """What p's play of this step did: the choices counted for it and its Spook Juice."""
        ch0, j0 = self.mark[p] if self.mark else ({}, 0)
        words = choice_words((name, n - ch0.get(name, 0)) for name, n in self.ch[p].items())
        if self.juice[p] != j0:
            words.append(f"{self.juice[p] - j0:+d} Spook Juice")
        return "; ".join(words) if words else "no action performed, no Spook Juice changed"

    # ------------------------------------------------------------------ hooks
    def round(self, rd: int):
        if self.pending():
            self.emit("Setup: Prophecy cards dealt (family mode: no Ghosts, Arch Monsters or "
                      "Malice)")
        self.rd = rd
        super().round(rd)
        rows = []
        for line in self.lines[self.cut:]:
            if "puts a Minion on the" in line:
                rows.append(line.strip())
        self.emit(f"Round {rd} · end of the round: the last dice back to the bag, each "
                  f"player's Minion scores a row", note=(
                      "each bot picks the row with an empty Minion space whose rank total "
                      "(times its juice weight) is highest; random bots pick at random"))

    def take_and_place(self, p: int, t_: int):
        if t_ == 0 and p == 0 and self.pending():
            self.emit(f"Round {self.rd} of {int(self.F.rounds)} · the Fearmobiles are filled")
        fm = (p + t_) % self.P
        before = [None if d is None else tuple(d) for d in self.fm[fm]]
        sizes = [len(r) for r in self.order[p]]
        st = self.sync()
        st = type(st)(*[np.array(a, copy=True) for a in st])
        options = self.pick_options(p, fm, st)
        rng0 = self.rng.copy()   # decide_pick's noise draws come first
        super().take_and_place(p, t_)
        k = next(i for i in range(4) if before[i] is not None and self.fm[fm][i] is None)
        r = next(i for i in range(ROWS) if len(self.order[p][i]) > sizes[i])
        chosen = self.pick_label(before[k], k, r, sizes[r])
        self.emit(f"Round {self.rd} · pick {t_ + 1}: {self.names[p]} takes "
                  f"{self.die_text(*before[k])} into the {ROW_NAMES[r]} row", p,
                  self.decided(p, fm, options, chosen, rng0))

    def pick_label(self, d, k, r, n) -> str:
        return (f"{self.die_text(*d)} (car position {k + 1}) into the {ROW_NAMES[r]} row "
                f"(spot {n + 1})")

    def pick_options(self, p: int, fm: int, st) -> list[Option]:
        w = self.lu.params[p]
        ev = int(self.lu.ids[p]) != BOT_RANDOM
        base = float(bots_family.prog(self.A, st, p, w)) if ev else 0.0
        out = []
        for k in range(4):
            d = self.fm[fm][k]
            if d is None:
                continue
            for r in range(ROWS):
                if len(self.order[p][r]) < COLS:
                    v = float(bots_family.pick_value(self.A, self.F, st, p, fm, k, r, w, base)) \
                        if ev else None
                    out.append(Option(self.pick_label(tuple(d), k, r, len(self.order[p][r])), v))
        return out

    def decided(self, p: int, fm: int, options: list[Option], chosen: str,
                rng0) -> Decision:
        bid = int(self.lu.ids[p])
        noise = float(self.lu.params[p][W_NOISE])
        label = "value"
        if bid != BOT_RANDOM and noise:
            # bots.jitter: one uniform draw per (die, row) the bot valued, in its loop's order
            # (the options' order), from the stream as it found it
            for o in options:
                d = float(uniform(rng0)) * noise
                if o.label == chosen:
                    chosen = o.label = f"{o.label} [{o.value:.2f} + noise {d:.2f}]"
                else:
                    o.label = f"{o.label} [{o.value:.2f} + noise {d:.2f}]"
                o.value += d
            label = "value + noise"
            noise = 0.0
        for o in options:
            o.chosen = o.label == chosen
        if not any(o.chosen for o in options):
            options.append(Option(chosen, None, True))
        if bid == BOT_RANDOM:
            note = "random bot: chosen at random among the legal (die, row) pairs (no values)"
        else:
            note = (f"{BOT_NAMES.get(bid, 'bot')} (family mode): bots_family.pick_value, the "
                    f"row's future scorings, the Grunt's steps and area effects, the Prophecy "
                    f"progress" + (", plus the random noise the bot drew for each option, "
                                   "replayed from the game's stream" if label != "value" else ""))
            best = max(o.value for o in options if o.value is not None)
            ch = next(o for o in options if o.chosen)
            if ch.value is None or ch.value < best - TIE - noise - 1e-9:
                msg = f"{self.names[p]} chose {chosen!r} but its values put another first"
                self.problems.append(msg)
                note += f" MISMATCH (a bug to report): {msg}."
            options.sort(key=lambda o: -o.value)
        kept = options[:14]
        if not any(o.chosen for o in kept):
            kept.append(next(o for o in options if o.chosen))
        return Decision(p, f"which die of Fearmobile {fm + 1} to take, into which row", chosen,
                        kept, value_label=label, note=note)

    # ------------------------------------------------------------------ the picture
    def changed(self, cur, key, value) -> bool:
        cur[key] = value
        return bool(self.prev) and self.prev.get(key) != value

    def picture(self, title: str, actor, note: str) -> str:
        A = self.A
        S = int(A.n_spaces)
        h = TOP + self.P * PANEL + 8
        cur: dict = {}
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {h}" '
               f'font-family="{FONT}" role="img" aria-label="{esc(title)}">',
               f'<rect width="{W}" height="{h}" fill="#fff"/>', t(8, 18, title, 14, weight="bold")]
        if note:
            out.append(t(8, 32, note, 10, fill=MUTED))
        parts = []
        for f in range(self.P):
            x = 8 + f * 110
            parts.append(t(x, 46, f"Fearmobile {f + 1}", 10, fill=MUTED))
            for k, d in enumerate(self.fm[f]):
                ch = self.changed(cur, ("fm", f, k), d)
                if d is None:
                    parts.append(f'<rect x="{x + k * 24}" y="50" width="20" height="20" '
                                 f'fill="none" stroke="#ccc" stroke-dasharray="3 2"/>')
                else:
                    parts.append(die(x + k * 24, 50, d[0], int(A.face_rank[d[0], d[1]]),
                                     changed=ch))
        out.append("\n".join(parts))
        for p in range(self.P):
            y0 = TOP + p * PANEL
            col = SEAT[p % len(SEAT)]
            out.append(self.town_bg(y0 + 30, S))
            parts = [f'<rect x="2" y="{y0 + 2}" width="{W - 4}" height="{PANEL - 6}" rx="5" '
                     f'fill="none" stroke="{col}" stroke-width="{4 if actor == p else 1.5}"/>',
                     f'<rect x="6" y="{y0 + 6}" width="12" height="12" fill="{col}"/>',
                     t(22, y0 + 16, self.names[p] + ("  (acting)" if actor == p else ""), 12,
                       fill=col, weight="bold")]
            ch = self.changed(cur, ("juice", p), self.juice[p])
            parts.append(t(250, y0 + 16, f"Spook Juice {self.juice[p]}", 11,
                           fill=CHANGED if ch else INK, weight="bold"))
            parts.append(t(400, y0 + 16, f"Prophecy: {self.cards.prophecy[self.prophecy[p]].name}"
                           if p < len(self.prophecy) else "", 10, fill=MUTED))
            y = y0 + 30
            for c in range(6):
                pos = self.grunt[p][c]
                ch = self.changed(cur, ("grunt", p, c), pos)
                stroke = CHANGED if ch else "#000"
                if 0 <= pos < S:
                    x = X0 + pos * SW + SW / 2 - 1
                    parts.append(f'<circle cx="{x}" cy="{y + SW / 2 - 1}" r="7.5" '
                                 f'fill="{DIE[COLOURS[c]]}" stroke="{stroke}" stroke-width="2"/>')
                elif pos < 0:
                    parts.append(f'<circle cx="{12 + c * 12}" cy="{y + 6}" r="5" '
                                 f'fill="{DIE[COLOURS[c]]}" stroke="{stroke}"/>')
                else:
                    xf = X0 + S * SW + 10
                    parts.append(f'<circle cx="{xf + c * 9}" cy="{y + 5}" r="4" '
                                 f'fill="{DIE[COLOURS[c]]}" stroke="{stroke}"/>')
            yo = y0 + 88
            parts.append(t(10, yo - 4, "Order of Spider Jack (Minions on the right: rows "
                                       "scored)", 9, fill=MUTED))
            for r in range(ROWS):
                yy = yo + r * 20
                for c in range(COLS):
                    x = 10 + c * 22
                    if c < len(self.order[p][r]):
                        colr, rank = self.order[p][r][c]
                        ch = self.changed(cur, ("die", p, r, c), (colr, rank))
                        parts.append(die(x, yy, colr, rank, size=18, changed=ch))
                    else:
                        self.changed(cur, ("die", p, r, c), None)
                        parts.append(f'<rect x="{x}" y="{yy}" width="18" height="18" rx="3" '
                                     f'fill="none" stroke="#ccc"/>')
                n = self.minions[p][r]
                ch = self.changed(cur, ("min", p, r), n)
                for i in range(int(self.F.minion_spaces[r])):
                    fill = "#111" if i < n else "#fff"
                    parts.append(f'<path d="M{150 + i * 18} {yy + 2} l7 7 l-7 7 l-7 -7 z" '
                                 f'fill="{fill}" stroke="{CHANGED if ch and i == n - 1 else "#111"}"'
                                 f' stroke-width="1.5"/>')
                total = sum(rank for _, rank in self.order[p][r])
                parts.append(t(196, yy + 13, f"row total {total}", 9, fill=MUTED))
            out.append("\n".join(parts))
        out.append("</svg>")
        self.prev = cur
        return "\n".join(out)

    def town_bg(self, y: int, S: int) -> str:
        A = self.A
        parts = ['<g>']
        first = {}
        for s in range(S):
            first.setdefault(int(A.space_area[s]), s)
        for area, s0 in sorted(first.items()):
            n = sum(1 for s in range(S) if int(A.space_area[s]) == area)
            eff = int(self.F.area_act[area])
            x = X0 + s0 * SW - 1
            parts.append(f'<rect x="{x}" y="{y - 12}" width="{n * SW}" height="{SW + 16}" '
                         f'fill="{"#e4e4e4" if eff else "#fff"}" stroke="#bbb"/>')
            parts.append(t(x + 2, y - 3, f"{area}" + (f" {EFFECTS.get(eff, '')}" if eff else ""),
                           8, fill=MUTED))
        for s in range(S):
            c = COLOURS[int(A.space_colour[s])]
            parts.append(f'<rect x="{X0 + s * SW}" y="{y}" width="{SW - 2}" height="{SW - 2}" '
                         f'rx="2" fill="{TINT[c]}" stroke="{DIE[c]}" stroke-width="2"/>')
        xf = X0 + S * SW + 4
        parts.append(f'<rect x="{xf}" y="{y - 12}" width="{W - xf - 4}" height="{SW + 16}" '
                     f'fill="#f3efe2" stroke="#bbb"/>')
        parts.append(t(xf + 3, y - 3, "final area", 8, fill=MUTED))
        parts.append(t(9, y - 3, "start", 8, fill=MUTED))
        parts.append("</g>")
        return "".join(parts)


def replay_family(prepared, seed: int, game: int, names: list[str]) -> Replay:
    """A family-mode game step by step (see the module doc)."""
    g = _FamilyRecorder(prepared, seed, game, names)
    scores, winners = g.play()
    g.emit("Game end: Prophecy cards scored (every die counts)")
    g.steps[-1].scores = [float(s) for s in scores]
    return Replay.played(names, g.steps, scores, winners, SCORE_NOTE,
                         LEGEND + " " + family_legend(g.A, g.F), g.problems)


def family_legend(A, F) -> str:
    """The family rules this game was played by, from its rule arrays."""
    tie = ("every tied player wins", "the lowest seat wins (for the youngest)",
           "a tied player drawn at random wins")[int(F.tie)]
    spaces = "/".join(str(int(x)) for x in F.minion_spaces)
    return (f"Rules played: {int(A.n_players)} players (family mode), {int(F.rounds)} rounds: "
            f"the game ends when every Minion space is filled ({spaces} in the top, middle and "
            f"bottom rows); area 12 gives {int(F.juice12)} Spook Juice and the Grunt goes back "
            f"to the start; 'the youngest tied player wins' (ages unknown): {tie}.")
