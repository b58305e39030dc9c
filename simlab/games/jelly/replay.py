"""Attack of the Jelly Monster, replayed step by step (``simlab replay jelly``).

The reference engine (:class:`~simlab.games.jelly.reference.ReferenceGame`) plays the game on
the kernel's random stream; :class:`_Recorder` watches it through the methods it already has
(``make_view`` before every bot decision, ``place``, ``after_last_die``, ``score_district``,
``score_center``, ``play_round``, ``say``) and cuts its log into steps: the start of a round,
every roll-and-place (and every roll with nothing placed), lock-down and timer flip, the timer
running out, each district scored, the city center, the round's end and the game's end.

Each bot decision is shown with the values the bot's own functions give its options on the
state it saw (a copy of the view and of the random stream at that moment, so the game is not
disturbed): the evaluator bots' ``evaluate_place`` in its recording mode (every legal choice
with its score), the lookahead bot's playouts (``playout_finish`` per option, the same seeds),
the lock-down values of ``evaluate_lock``'s formula. When the bot's choice is not the best of
those values, the step says so (a bug to report, not to hide).
"""

from __future__ import annotations

import html
import math
import re
from functools import lru_cache

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.replay import Decision, Option, Replay, Step
from simlab.core.rng import next_u64, seed_stream
from simlab.games.jelly import bots, lookahead, roster
from simlab.games.jelly.data import icon_words
from simlab.games.jelly.dice import do_place
from simlab.games.jelly.evaluator import evaluate_place
from simlab.games.jelly.reference import ReferenceGame, describe_atom
from simlab.games.jelly.rules import ADJ_EITHER, R_ADJ
from simlab.games.jelly.state import (
    I_POD_STACK,
    JellyState,
    new_scratch,
    new_search,
)
from simlab.games.jelly.timer import lock_ok, next_gap
from simlab.games.jelly.valuation import controls, zone_worth

#: Okabe-Ito, one colour per seat, and a readable text colour on each
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442")
INK_ON = ("#ffffff", "#000000", "#ffffff", "#000000", "#ffffff", "#000000", "#000000")
CHANGED = "#fff3bf"       # fill of the district (or center) a step changed
TARGET = "#c0392b"        # the Target marker
MAX_OPTIONS = 12          # options listed per decision (the best ones and the chosen one)
BOT_NAMES = {v[0]: k for k, v in bots.BOTS.items()}


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def colour(q: int) -> str:
    return COLOURS[q % len(COLOURS)]


def ink(q: int) -> str:
    return INK_ON[q % len(INK_ON)]


# ----------------------------------------------------------------------------- rewards in words
def zone_short(A, d: int, z: int) -> str:
    """A zone of district ``d`` in a few words, for the board (arrows name their district)."""
    parts = []
    for atom in A.rewards[d, z]:
        if int(atom[0]) == 0:
            break
        if int(atom[0]) == R_ADJ:
            step = int(atom[1])
            n_d = A.n_districts
            if step == ADJ_EITHER:
                parts.append(f"reward of d{(d - 1) % n_d} or d{(d + 1) % n_d}")
            else:
                side = "left" if step == A.left_step else "right"
                parts.append(f"d{(d + step) % n_d}'s reward ({side})")
            continue
        parts.append(_icon_short(describe_atom(atom, A.left_step)))
    return " + ".join(parts) or "nothing"


def _icon_short(text: str) -> str:
    name, *args = text.split(":")
    sub = {"pod": "pod"}
    if name == "jelly":
        return f"{args[0]} jelly"
    if name == "discard_pod":
        return "lose a pod"
    if name == "per_pod":
        return f"{args[0]} jelly per pod"
    if name == "each_gives":
        return f"each gives {args[0]}"
    if name == "give_each":
        return f"give {args[0]} to each"
    if name == "by_dice":
        lo, hi = (sub.get(x, x.replace("jelly", "") + " jelly") for x in args[1:3])
        return f"≤{args[0]} dice: {lo}, else {hi}"
    if name == "podium":
        return f"top {args[0]}, 2nd {args[1]}"
    if name == "podium_present":
        return f"top {args[0]}, others here {args[1]}"
    return icon_words(text)


# ----------------------------------------------------------------------------- the recorder
class _Recorder(ReferenceGame):
    """The reference engine, cutting its log into replay steps as it plays."""

    def __init__(self, prepared, seed: int, game: int, names: list[str]):
        super().__init__(prepared.arrays, prepared.lineup, seed, game, log=True, names=names)
        self.steps: list[Step] = []
        self.cut = 0                  # first log line not yet in a step
        self.snap = None              # (view, stream) copies at the last make_view
        self.n_views = 0
        self.t = 0.0
        self.ghosts: dict[int, list] = {}   # district -> dice cancelled there this round
        self.results: dict[int, str] = {}   # district -> what its scoring gave this round
        self.prev_jelly = [p.jelly for p in self.players]
        self.mismatches: list[str] = []
        self.search_scratch = None    # the replay's own lookahead scratch (the game's untouched)
        self.scratch2 = new_scratch(self.n_p, self.n_d)
        self.seat_of = {name: q for q, name in enumerate(self.names)}
        self.rnd = 0                  # the round on the board (play() moves self.round first)
        self.rdrone = 0               # and its Drone
        self.center_result = ""       # what the city center's scoring gave this round
        self.prev_pods = [p.pods for p in self.players]

    # ------------------------------------------------------------------ hooks on the engine
    def make_view(self):
        st = super().make_view()
        self.snap = (JellyState(*[np.array(a, copy=True) for a in st]), self.rng.copy())
        self.n_views += 1
        return st

    def say(self, text: str):
        if (text.startswith("Round ") or text.startswith("End:")) and self._pending() and \
                self.lines[-1].startswith("  Holdings"):
            self.emit(f"Round {self.rnd + 1} · end of the round", "round end")
        super().say(text)
        m = re.match(r"\s*t=\s*([\d.]+) (.+?) (rolls \[.*\] and places nothing|flips the sand)",
                     text)
        if not m:
            return
        self.t = float(m.group(1))
        q = self.seat_of[m.group(2)]
        if "places nothing" in text:
            self.emit(f"Round {self.rnd + 1} · {self.names[q]} places nothing and rolls again",
                      "placing", actor=q, decision=self.place_decision(q, None))
        else:
            self.emit(f"Round {self.rnd + 1} · {self.names[q]} flips the sand timer",
                      "placing", actor=q, decision=self.flip_decision(q), timer=True)

    def play_round(self):
        # play_round's own reset, done first here too so the round's start can be drawn
        for dist in self.districts:
            dist.dice.clear()
            dist.target = 0
            dist.locked_by = -1
        self.center.clear()
        self.flipped = False
        self.deadline = float("inf")
        for p in self.players:
            p.dice_in_hand = self.A.dice
        self.ghosts.clear()
        self.results.clear()
        self.center_result = ""
        self.t = 0.0
        self.rnd, self.rdrone = self.round, self.drone
        self.emit(f"Round {self.round + 1} of {self.A.rounds} · start: the Drone points at "
                  f"district {self.drone}", "round start")
        super().play_round()
        if self._pending():
            lost = {}
            for line in self.lines[self.cut:]:
                m = re.match(r"\s*(.+) loses (\d+) unplaced dice", line)
                if m:
                    lost[self.seat_of[m.group(1)]] = int(m.group(2))
            if math.isfinite(self.deadline):
                self.t = self.deadline
            self.emit(f"Round {self.rnd + 1} · the sand timer runs out", "placing", lost=lost,
                      timer=True)

    def place(self, q, v, d, arg, t, rolled):
        snap = self.snap
        n_center = len(self.center)
        target = self.districts[d].target
        super().place(q, v, d, arg, t, rolled)
        self.t = t
        removed = self.center[-1] if len(self.center) > n_center else None
        what = f"places a {v} on district {d}"
        if removed is not None:
            what += f" and removes {self.names[removed[0]]}'s {removed[1]}"
        elif self.districts[d].target != target:
            what += f" and moves the Target to zone {self.districts[d].target}"
        self.emit(f"Round {self.rnd + 1} · {self.names[q]} {what}", "placing", actor=q,
                  district=d, new_die=len(self.districts[d].dice) - 1, removed=removed,
                  decision=self.place_decision(q, (v, d, arg), snap))

    def after_last_die(self, q):
        n0 = self.n_views
        before = [dist.locked_by for dist in self.districts]
        super().after_last_die(q)
        if self.n_views == n0:
            return  # no lock-down was possible: the bot was not asked
        locked = [d for d in range(self.n_d) if self.districts[d].locked_by != before[d]]
        d = locked[0] if locked else -1
        text = f"locks down district {d}" if d >= 0 else "locks down no district"
        self.emit(f"Round {self.rnd + 1} · {self.names[q]} {text}", "placing", actor=q,
                  district=d if d >= 0 else None, decision=self.lock_decision(q, d))

    def score_district(self, d):
        before = list(self.districts[d].dice)
        jelly0 = [(p.jelly, p.pods) for p in self.players]
        super().score_district(d)
        after = list(self.districts[d].dice)
        gone = list(before)
        for die in after:
            gone.remove(die)
        self.ghosts[d] = gone
        totals = [self.surviving_total(d, q) for q in range(self.n_p)]
        best = max(totals)
        if best == 0:
            self.results[d] = "no controlling player"
        else:
            ctrl = [q for q in range(self.n_p) if totals[q] == best]
            gains = []
            for p in self.players:
                dj, dp = p.jelly - jelly0[p.seat][0], p.pods - jelly0[p.seat][1]
                if dj or dp:
                    gains.append(f"P{p.seat + 1} {dj:+d}" + (f" {dp:+d} pod" if dp else ""))
            self.results[d] = (f"P{'+P'.join(str(q + 1) for q in ctrl)} control"
                               f"{'s' if len(ctrl) == 1 else ''}: "
                               + (", ".join(gains) if gains else "no change"))
        self.emit(f"Round {self.rnd + 1} · scoring district {d}: {self.results[d]}",
                  "scoring", district=d)

    def score_center(self):
        pods = [p.pods for p in self.players]
        super().score_center()
        got = [q for q in range(self.n_p) if self.players[q].pods > pods[q]]
        if got:
            self.center_result = (" and ".join(f"P{q + 1}" for q in got)
                                  + (" takes" if len(got) == 1 else " take")
                                  + " a jelly-pod (most dice)")
        else:
            self.center_result = "no jelly-pod taken" + (" (too few left)" if self.center
                                                         else " (no dice)")
        self.emit(f"Round {self.rnd + 1} · scoring the city center", "scoring",
                  center=True)

    # ------------------------------------------------------------------ steps
    def _pending(self) -> bool:
        return len(self.lines) > self.cut

    def running(self) -> list[float]:
        half = (self.A.pod_sides + 1) / 2.0
        return [float(p.jelly + half * p.pods) for p in self.players]

    def emit(self, title: str, kind: str, decision=None, **hl):
        log = self.lines[self.cut:]
        self.cut = len(self.lines)
        svg = self.draw(title, kind, **hl)
        self.prev_jelly = [p.jelly for p in self.players]
        self.prev_pods = [p.pods for p in self.players]
        self.steps.append(Step(phase=title, log=list(log), svg=svg, decision=decision,
                               scores=self.running()))

    # ------------------------------------------------------------------ decisions
    def _copy(self, snap):
        st, rng = snap
        return JellyState(*[np.array(a, copy=True) for a in st]), rng.copy()

    def _search(self):
        if self.search_scratch is None:
            self.search_scratch = new_search(self.n_p, self.n_d)
        return self.search_scratch

    def _label(self, v: int, d: int, arg: int, st=None) -> str:
        if v == 0:
            return "place nothing, roll again"
        text = f"a {v} on district {d}"
        if arg >= 0 and v <= 2:
            text += f", removing {self.names[arg // 8]}'s {arg % 8}"
        elif arg >= 0 and v <= 4:
            text += f", Target to zone {arg} ({zone_short(self.A, d, arg)})"
            if st is not None:
                ctrl = self._controllers(st, d)
                if ctrl:
                    text += " · controls now: " + ", ".join(f"P{q + 1}" for q in ctrl)
        return text

    def _controllers(self, st, d) -> list[int]:
        best = int(st.eff[d].max())
        return [] if best <= 0 else [q for q in range(self.n_p) if int(st.eff[d, q]) == best]

    def _check(self, q, what, chosen, best_label):
        if chosen != best_label:
            msg = (f"{self.names[q]} {what}: the bot chose {chosen!r} but its values put "
                   f"{best_label!r} first")
            self.mismatches.append(msg)
            return f" MISMATCH (a bug to report): {msg}."
        return ""

    def place_decision(self, q, chosen, snap=None):
        """A roll step's decision: chosen is (value, district, arg) or None (placed nothing)."""
        snap = snap or self.snap
        bid = int(self.lineup.ids[q])
        w = self.lineup.params[q]
        st0, _ = snap
        rolled = [v for v in range(1, 7) for _ in range(int(st0.roll[v]))]
        what = f"which of its dice {rolled} to place, where, with which effect"
        v, d, arg = chosen if chosen is not None else (0, -1, -1)
        chosen_label = self._label(v, d, arg, st0)
        if bid == bots.BOT_LOOKAHEAD and self.search is not None:
            return self._lookahead_place(q, snap, what, (v, d, arg))
        if bid == CUSTOM_ID:
            return self._custom_place(q, snap, what, (v, d, arg))
        if bid == bots.BOT_RANDOM:
            n_open = int(sum(1 for e in range(self.n_d) if st0.locked[e] < 0))
            n_values = sum(1 for u in range(1, 7) if st0.roll[u] > 0)
            opts = [Option(chosen_label, None, True)] if v else []
            opts.append(Option(f"any other of the {n_open * n_values - (1 if v else 0)} "
                               f"(rolled value, open district) pairs", None, False))
            opts.append(Option(self._label(0, -1, -1), None, v == 0))
            note = (f"random bot: chosen at random (places nothing with chance "
                    f"{w[roster.RP_PASS]:g}; otherwise a rolled die and an open district "
                    f"uniformly, the die's effect with chance {w[roster.RP_EFFECT]:g})")
            return Decision(q, what, chosen_label, opts, "value", note)
        # the evaluator bots: every legal choice with its score, on a copy of what they saw
        st, rng = self._copy(snap)
        S = self._search()
        n, bv, bd, barg = evaluate_place(self.A, st, w, q, S.codes, S.scores, rng)
        scored = [(float(S.scores[i]), int(S.codes[i])) for i in range(int(n))]
        st_w, _ = self._copy(snap)
        wait = bool(bots.can_wait(self.A, st_w, q))
        threshold = max(float(w[roster.W_PASS_BELOW]),
                        float(w[roster.W_WAIT]) if wait else -math.inf)
        best = max((s for s, _ in scored), default=-math.inf)
        opts = []
        for s, c in scored:
            cv, cd, ca = int(bots.code_value(c)), int(bots.code_district(c)), \
                int(bots.code_arg(c))
            opts.append(Option(self._label(cv, cd, ca, st0), s, (cv, cd, ca) == (v, d, arg)))
        opts.sort(key=lambda o: (-o.value, not o.chosen))
        passed = Option(self._label(0, -1, -1), threshold if math.isfinite(threshold) else None,
                        v == 0)
        keep = opts[:MAX_OPTIONS]
        keep += [o for o in opts[MAX_OPTIONS:] if o.chosen]
        keep.append(passed)
        keep.sort(key=lambda o: -(o.value if o.value is not None else -1e300))
        note = self._eval_note(q, w, st, wait, threshold, len(scored))
        if not scored or best < threshold:
            note += self._check(q, "placement", chosen_label, self._label(0, -1, -1))
        elif not any(o.chosen and o.value == best for o in opts):
            top = next(o.label for o in opts if o.value == best)
            note += self._check(q, "placement", chosen_label, top)
        if (int(bv), int(bd), int(barg)) != (v, d, arg):
            note += self._check(q, "placement (evaluate_place on the same state)",
                                chosen_label, self._label(int(bv), int(bd), int(barg), st0))
        return Decision(q, what, chosen_label, keep, "score", note)

    def _custom_place(self, q, snap, what, chosen):
        """A custom bot's roll step: its function's value of every legal option, in the order
        it scores them (district, value, effect: none, target moves, removals), then placing
        nothing; it takes the first best."""
        A = self.A
        w = self.lineup.params[q]
        st, _ = self._copy(snap)
        opts, best, best_key = [], -math.inf, None
        for d in range(self.n_d):
            if st.locked[d] >= 0:
                continue
            z0 = int(st.target[d])
            for v in range(1, 7):
                if st.roll[v] == 0:
                    continue
                args = [-1]
                if v in (3, 4):
                    args += [z for z in (z0 - 1, z0 + 1) if 0 <= z <= 2]
                elif v <= 2:
                    args += [o * 8 + u for o in range(self.n_p) for u in range(1, 7)
                             if st.dice[d, o, u] > 0]
                for a in args:
                    x = float(self.lineup.custom(A, st, q, bots.KIND_PLACE,
                                                 int(bots.place_code(v, d, a)), w))
                    opts.append(Option(self._label(v, d, a, st), x, (v, d, a) == tuple(chosen)))
                    if best_key is None or x > best:
                        best, best_key = x, (v, d, a)
        x = float(self.lineup.custom(A, st, q, bots.KIND_PLACE, 0, w))
        opts.append(Option(self._label(0, -1, -1), x, chosen[0] == 0))
        if best_key is None or x > best:
            best_key = (0, -1, -1)
        chosen_label = self._label(*chosen, st)
        note = (f"custom bot: its function's value of each of the {len(opts)} legal options; "
                f"the first best is taken (the best {MAX_OPTIONS} shown)")
        if best_key != tuple(chosen):
            note += self._check(q, "placement", chosen_label, self._label(*best_key, st))
        opts = [o for o in opts if math.isfinite(o.value)] + \
            [Option(o.label, None, o.chosen) for o in opts if not math.isfinite(o.value)]
        opts.sort(key=lambda o: (-(o.value if o.value is not None else -1e300), not o.chosen))
        keep = opts[:MAX_OPTIONS] + [o for o in opts[MAX_OPTIONS:] if o.chosen]
        return Decision(q, what, chosen_label, keep, "custom value", note)

    def _eval_note(self, q, w, st, wait, threshold, n_scored) -> str:
        name = BOT_NAMES.get(int(self.lineup.ids[q]), "bot")
        terms = [f"{bots.EVAL_PARAMS[i]} {w[i]:g}" for i in range(roster.W_TARGET + 1)
                 if w[i] != 0]
        note = (f"{name}: each legal choice scored by its weights ({', '.join(terms)}); "
                f"{n_scored} choices, the best {MAX_OPTIONS} shown. It places nothing and "
                f"rolls again when the best scores below {threshold:g} (pass_below "
                f"{w[roster.W_PASS_BELOW]:g}; wait {w[roster.W_WAIT]:g} "
                f"{'applies: time allows another roll' if wait else 'does not apply: no time'}"
                f").")
        if w[roster.W_LEADER] != 0 or w[roster.W_DENY] != 0:
            leader, best = -1, -1e18
            for o in range(self.n_p):
                if o == q:
                    continue
                s = st.jelly[o] + bots.POD_VALUE * st.pods[o]
                if s > best or (s == best and st.rank_p[o] < st.rank_p[leader]):
                    best, leader = s, o
            note += (f" It attacks the leader, {self.names[leader]} (most jelly, a pod at "
                     f"{bots.POD_VALUE:g}: {best:g}), with weight {w[roster.W_LEADER]:g}, and "
                     f"every opponent's take with deny {w[roster.W_DENY]:g}.")
        return note

    def _lookahead_place(self, q, snap, what, chosen):
        A = self.A
        w = self.lineup.params[q]
        plays = max(1, int(w[roster.LA_PLAYOUTS]))
        width = max(1, int(w[roster.LA_WIDTH]))
        horizon = int(max(0.0, min(w[roster.LA_HORIZON], 99.0)))
        st, rng = self._copy(snap)
        S = self._search()
        sc = self.scratch2
        chosen_label = self._label(*chosen, st)
        n, _v, _d, _a = evaluate_place(A, st, S.w, q, S.codes, S.scores, rng)
        note = (f"lookahead: greedy's {width} best placements, each played out {plays} times "
                f"(every seat greedy{', to the end of the round' if horizon == 0 else ''}"
                f"{f', then {horizon} more rounds' if horizon else ''}); value: the mean "
                f"result (win share, 1/k for a k-way tie, + score / 10000)")
        if n == 0:
            return Decision(q, what, chosen_label, [], "mean playout result", note)
        k = int(lookahead._top_options(S, int(n), width, st.rank_d))
        wait = bool(bots.can_wait(A, st, q))
        cands = [int(S.codes[int(S.cand[i])]) for i in range(k)] + ([0] if wait else [])
        greedy = {int(S.codes[int(S.cand[i])]): float(S.scores[int(S.cand[i])])
                  for i in range(k)}
        if k == 1 and not wait:
            c = cands[0]
            lab = self._label(int(bots.code_value(c)), int(bots.code_district(c)),
                              int(bots.code_arg(c)), st)
            return Decision(q, what, chosen_label, [Option(lab, greedy[c], True)],
                            "greedy's score", note + "; one option and no time to wait: "
                            "taken without playouts")
        base = np.uint64(next_u64(rng))
        t = st.next_time[q]
        opts = []
        best, best_c = -1e18, cands[0]
        for c in cands:
            cv, cd, ca = (int(bots.code_value(c)), int(bots.code_district(c)),
                          int(bots.code_arg(c))) if c else (0, -1, -1)
            tot = 0.0
            for j in range(plays):
                lookahead.copy_state(st, S.sim)
                seed_stream(base, np.uint64(j), S.rng)
                if c != 0:
                    do_place(S.sim, q, cv, cd, ca, S.agg)
                if S.sim.n_left[q] == 0:
                    lookahead.playout_after_last(A, S.sim, q, t, S.w, S.agg, np.int64(-2),
                                          np.int64(-1), S.rng)
                S.sim.next_time[q] = t + next_gap(A, S.sim, q, S.rng)
                tot += lookahead.playout_finish(A, S.sim, q, S, sc, horizon)
            lab = self._label(cv, cd, ca, st)
            if c:
                lab += f" (greedy {greedy[c]:.2f})"
            opts.append(Option(lab, tot / plays, (cv, cd, ca) == tuple(chosen)))
            if tot > best:
                best, best_c = tot, c
        opts.sort(key=lambda o: -o.value)  # stable: on an exact tie the bot's (first) leads
        note += "; placing nothing is tried too (time allows another roll)" if wait else ""
        bc = (int(bots.code_value(best_c)), int(bots.code_district(best_c)),
              int(bots.code_arg(best_c))) if best_c else (0, -1, -1)
        if bc != tuple(chosen):
            note += self._check(q, "placement", chosen_label, self._label(*bc, st))
        return Decision(q, what, chosen_label, opts, "mean playout result", note)

    def lock_decision(self, q, d):
        A = self.A
        st0, _ = self.snap
        bid = int(self.lineup.ids[q])
        w = self.lineup.params[q]
        lockable = [e for e in range(self.n_d) if lock_ok(st0.locked, st0.ndice, e,
                                                                 self.n_p,
                                                                 A.lock_requires_dice)]
        label = {-1: "no lock-down"} | {e: f"lock down district {e}" for e in lockable}
        what = "which district to lock down with its screen"
        if bid == bots.BOT_LOOKAHEAD and self.search is not None:
            st, rng = self._copy(self.snap)
            S = self._search()
            bots.shuffle_ranks(st, rng)
            base = np.uint64(next_u64(rng))
            plays = max(1, int(w[roster.LA_PLAYOUTS]))
            opts, best, best_d = [], -1e18, -1
            for e in [-1, *lockable]:
                tot = float(lookahead.lookahead_options(A, st, self.lineup, q, base, self.scratch2,
                                                  S, np.int64(e), np.int64(-1)))
                opts.append(Option(label[e], tot / plays, e == d))
                if tot > best or (tot == best and e >= 0 and best_d >= 0
                                  and st.rank_d[e] < st.rank_d[best_d]):
                    best, best_d = tot, e
            note = ("lookahead: no lock-down and each legal one played out (the timer then "
                    "flipped as greedy does); value: the mean result")
            note += self._check(q, "lock-down", label[d], label[best_d])
            return Decision(q, what, label[d], opts, "mean playout result", note)
        if bid == CUSTOM_ID:
            st, _ = self._copy(self.snap)
            opts, best, best_d = [], -math.inf, None
            for e in [-1, *lockable]:
                x = float(self.lineup.custom(A, st, q, bots.KIND_LOCK, e, w))
                opts.append(Option(label[e], x if math.isfinite(x) else None, e == d))
                if best_d is None or x > best:
                    best, best_d = x, e
            note = "custom bot: its function's value of each option; the first best is taken"
            if best_d != d:
                note += self._check(q, "lock-down", label[d], label[best_d])
            return Decision(q, what, label[d], opts, "custom value", note)
        if bid == bots.BOT_RANDOM:
            opts = [Option(label[e], None, e == d) for e in [-1, *lockable]]
            note = (f"random bot: locks down with chance {w[roster.RP_LOCK]:g}, a lockable "
                    f"district at random")
            return Decision(q, what, label[d], opts, "value", note)
        if not w[roster.W_LOCK] > 0.5:
            return Decision(q, what, label[d], [Option(label[-1], None, d == -1)], "value",
                            f"lock weight {w[roster.W_LOCK]:g} <= 0.5: this bot never locks")
        st = st0
        opts = [Option(label[-1], 0.0, d == -1)]
        best, best_d = 0.0, -1
        for e in lockable:
            if not controls(st.eff, e, q, self.n_p):
                continue
            margin = min([int(st.eff[e, q])] + [int(st.eff[e, q] - st.eff[e, o])
                                               for o in range(self.n_p) if o != q])
            value = float(zone_worth(A.rewards, st.target, self.n_d, e, st.target[e],
                                     st.nlive[e, q], st.info[I_POD_STACK] > 0, st.pods[q],
                                     st.jelly[q], self.n_p))
            x = value / (1.0 + margin)
            opts.append(Option(label[e] + f" (target worth {value:g}, lead {margin})", x,
                               e == d))
            if x > best:
                best, best_d = x, e
        if d >= 0 and not any(o.chosen for o in opts):
            opts.append(Option(label[d], None, True))
        opts.sort(key=lambda o: -(o.value if o.value is not None else -1e300))
        note = ("evaluator: of the districts it controls, locks the one whose take is most "
                "at risk: target value / (1 + its lead); none when no value is above 0")
        chosen_value = next(o.value for o in opts if o.chosen)
        if chosen_value is None or chosen_value < best:
            note += self._check(q, "lock-down", label[d], label[best_d])
        return Decision(q, what, label[d], opts, "target / (1 + lead)", note)

    def flip_decision(self, q):
        A = self.A
        bid = int(self.lineup.ids[q])
        w = self.lineup.params[q]
        what = "whether to flip the sand timer now (every die placed)"
        if bid == bots.BOT_LOOKAHEAD and self.search is not None:
            st, rng = self._copy(self.snap)
            S = self._search()
            base = np.uint64(next_u64(rng))
            plays = max(1, int(w[roster.LA_PLAYOUTS]))
            keep = float(lookahead.lookahead_options(A, st, self.lineup, q, base, self.scratch2, S,
                                               np.int64(-3), np.int64(0)))
            flip = float(lookahead.lookahead_options(A, st, self.lineup, q, base, self.scratch2, S,
                                               np.int64(-3), np.int64(1)))
            note = "lookahead: keeping and flipping played out; value: the mean result"
            note += self._check(q, "timer flip", "flip", "flip" if flip > keep else "keep")
            return Decision(q, what, "flip", [Option("keep the timer", keep / plays, False),
                                              Option("flip", flip / plays, True)],
                            "mean playout result", note)
        opts = [Option("keep the timer", None, False), Option("flip", None, True)]
        if bid == bots.BOT_RANDOM:
            return Decision(q, what, "flip", opts, "value",
                            f"random bot: flips with chance {w[roster.RP_FLIP]:g} at each moment")
        if bid == CUSTOM_ID:
            st, _ = self._copy(self.snap)
            keep, flip = (float(self.lineup.custom(A, st, q, bots.KIND_FLIP, k, w))
                          for k in (0, 1))
            note = "custom bot: its function's value of keeping and of flipping"
            if not flip > keep:
                note += self._check(q, "timer flip", "flip", "keep the timer")
            return Decision(q, what, "flip",
                            [Option("keep the timer", keep if math.isfinite(keep) else None),
                             Option("flip", flip if math.isfinite(flip) else None, True)],
                            "custom value", note)
        st, _ = self._copy(self.snap)
        stand = [float(bots.standing(A, st, o)) for o in range(self.n_p)]
        left = [o for o in range(self.n_p) if o != q and st.n_left[o] > 0]
        note = ("evaluator: flips while an opponent still has dice, when it stands at least "
                "as well as every opponent or an opponent with dice left stands better. "
                "Standing (jelly, a pod at 3.5, the target rewards of the districts it "
                "controls): " + ", ".join(f"P{o + 1} {s:g}" for o, s in enumerate(stand))
                + "; dice left: " + (", ".join(f"P{o + 1} {int(st.n_left[o])}" for o in left)
                                     or "none"))
        return Decision(q, what, "flip", opts, "value", note)

    # ------------------------------------------------------------------ the board
    def draw(self, title: str, kind: str, actor=None, district=None, new_die=None,
             removed=None, center=False, lost=None, timer=False, final=None) -> str:
        return draw_board(self, title, kind, actor=actor, district=district, new_die=new_die,
                          removed=removed, center=center, lost=lost or {}, timer=timer,
                          final=final)


# ----------------------------------------------------------------------------- SVG
BOX_W, BOX_H = 290, 200       # a district's box
CENTER_W, CENTER_H = 270, 196  # the city center's
GAP = 14


MIN_WIDTH = 960               # the players' table needs it


@lru_cache(maxsize=32)
def _layout(n_d: int):
    """The centre of each district's box on an ellipse (district 0 at the top, clockwise):
    of the ellipses that keep the boxes and the city center apart, the one giving the
    narrowest drawing that is not much taller than wide; and the drawing's width."""
    def spots(rx, ry):
        return [(rx * math.sin(2 * math.pi * d / n_d), -ry * math.cos(2 * math.pi * d / n_d))
                for d in range(n_d)]

    def apart(a, b, w1, h1, w2, h2):
        return abs(a[0] - b[0]) >= (w1 + w2) / 2 + GAP or abs(a[1] - b[1]) >= (h1 + h2) / 2 + GAP

    best = None
    for ratio in (0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2):
        rx = 150.0
        while rx < 3000:
            pos = spots(rx, rx * ratio)
            if all(apart(pos[i], pos[j], BOX_W, BOX_H, BOX_W, BOX_H)
                   for i in range(n_d) for j in range(i + 1, n_d)) and \
                    all(apart(q, (0, 0), BOX_W, BOX_H, CENTER_W, CENTER_H) for q in pos):
                break
            rx += 5
        w = max(x for x, _ in pos) - min(x for x, _ in pos) + BOX_W
        h = max(y for _, y in pos) - min(y for _, y in pos) + BOX_H
        cost = max(w, h * 1.15)
        if best is None or cost < best[0]:
            best = (cost, pos)
    pos = best[1]
    xs = [x for x, _ in pos]
    ys = [y for _, y in pos]
    width = max(MIN_WIDTH, max(xs) - min(xs) + BOX_W + 32)
    cx = width / 2 - (max(xs) + min(xs)) / 2
    cy = 10 + BOX_H / 2 - min(ys)
    return BOX_W, BOX_H, cx, cy, [(cx + x, cy + y) for x, y in pos], width


def _fit(chars: int, size: float, room: float, bold: bool = False) -> str:
    """A ``textLength`` squeezing a line of about ``chars`` characters at font ``size`` into
    ``room`` pixels when it would not fit (estimated width; no font metrics in a plain SVG)."""
    est = chars * size * (0.62 if bold else 0.56)
    return f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if est > room * 1.04 \
        else ""


def _die(x, y, s, q, v, *, new=False, ghost=None) -> str:
    """A die of seat q showing v at (x, y), size s; ghost: 'cancelled' or 'removed'."""
    out = []
    if ghost is None:
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{s}" height="{s}" rx="3" '
                   f'fill="{colour(q)}" stroke="{"#000" if new else "#333"}" '
                   f'stroke-width="{3 if new else 0.6}"/>')
        out.append(f'<text x="{x + s / 2:.1f}" y="{y + s * 0.72:.1f}" text-anchor="middle" '
                   f'font-size="{s * 0.68:.0f}" font-weight="700" fill="{ink(q)}">{v}</text>')
    else:
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{s}" height="{s}" rx="3" '
                   f'fill="#fff" stroke="{colour(q)}" stroke-width="1.6" '
                   f'stroke-dasharray="3 2"/>')
        out.append(f'<text x="{x + s / 2:.1f}" y="{y + s * 0.72:.1f}" text-anchor="middle" '
                   f'font-size="{s * 0.68:.0f}" fill="{colour(q)}">{v}</text>')
        if ghost == "cancelled":
            out.append(f'<path d="M{x + 2:.1f},{y + 2:.1f} L{x + s - 2:.1f},{y + s - 2:.1f} '
                       f'M{x + s - 2:.1f},{y + 2:.1f} L{x + 2:.1f},{y + s - 2:.1f}" '
                       f'stroke="#000" stroke-width="2.2"/>')
    return "".join(out)


def draw_board(g: _Recorder, title: str, kind: str, *, actor=None, district=None,
               new_die=None, removed=None, center=False, lost=None, timer=False,
               final=None) -> str:
    A = g.A
    n_p = g.n_p
    bw, bh, cx, cy, pos, width = _layout(g.n_d)
    top = 40
    rows_y = top + max(y for _, y in pos) + bh / 2 + 34
    height = rows_y + 14 + 30 * n_p + 76
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="15" '
           f'role="img" aria-label="{_e(title)}">',
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="#fff"/>']
    # caption: round, clock, timer, pod stack
    timer_hl = timer
    lost = lost or {}
    timer_text = ("sand timer not flipped" if not g.flipped else
                  f"sand timer flipped: runs out at t = {g.deadline:.2f} s") + \
        f" · jelly-pods in the stack: {g.pod_stack}"
    clock = f" · t = {g.t:.2f} s" if kind == "placing" else f" · {kind}"
    out.append(f'<text x="14" y="26" font-size="20" font-weight="700">Round '
               f'{g.rnd + 1} of {A.rounds}{_e(clock)}</text>')
    if timer_hl:
        out.append(f'<rect x="{width - 14 - 7.1 * len(timer_text) - 8:.0f}" y="8" '
                   f'width="{7.1 * len(timer_text) + 16:.0f}" height="26" rx="4" '
                   f'fill="{CHANGED}" stroke="#000" stroke-width="1.5"/>')
    out.append(f'<text x="{width - 14:.0f}" y="26" font-size="15" text-anchor="end" '
               f'fill="#333">{_e(timer_text)}</text>')
    out.append(f'<g transform="translate(0,{top})">')
    # the city center: the dice removed by 1s and 2s (most dice: a jelly-pod)
    x0, y0 = cx - CENTER_W / 2, cy - CENTER_H / 2
    out.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{CENTER_W}" height="{CENTER_H}" '
               f'rx="16" fill="{CHANGED if center or removed else "#f3f5f8"}" '
               f'stroke="{"#000" if center else "#666"}" stroke-width="{3 if center else 1.2}"/>')
    out.append(f'<text x="{cx:.1f}" y="{y0 + 24:.1f}" text-anchor="middle" font-size="17" '
               f'font-weight="700">City center</text>')
    out.append(f'<text x="{cx:.1f}" y="{y0 + 45:.1f}" text-anchor="middle" fill="#333">'
               f'Drone ▸ district {g.rdrone} (scored first)</text>')
    out.append(f'<text x="{x0 + 12:.1f}" y="{y0 + 68:.1f}" font-size="14" fill="#333">'
               f'removed dice (most: a jelly-pod)</text>')
    s = 22 if len(g.center) <= 20 else 15
    per_row = int((CENTER_W - 24) // (s + 3))
    for i, (o, v) in enumerate(g.center[:2 * per_row]):
        out.append(_die(x0 + 12 + (i % per_row) * (s + 3), y0 + 76 + (i // per_row) * (s + 3),
                        s, o, v, new=removed is not None and i == len(g.center) - 1))
    if not g.center:
        out.append(f'<text x="{x0 + 12:.1f}" y="{y0 + 94:.1f}" fill="#777">none yet</text>')
    if len(g.center) > 2 * per_row:
        out.append(f'<text x="{x0 + CENTER_W - 12:.1f}" y="{y0 + 142:.1f}" font-size="13" '
                   f'text-anchor="end">+{len(g.center) - 2 * per_row} more</text>')
    if g.center_result:
        text = f"→ {g.center_result}"
        out.append(f'<text x="{cx:.1f}" y="{y0 + CENTER_H - 38:.1f}" text-anchor="middle" '
                   f'font-size="14" font-weight="700"{_fit(len(text), 14, CENTER_W - 16, True)}>'
                   f'{_e(text)}</text>')
    counts = [sum(1 for o, _ in g.center if o == q) for q in range(n_p)]
    chars = sum(len(f"P{q + 1}: {c} · ") for q, c in enumerate(counts))
    out.append(f'<text x="{cx:.1f}" y="{y0 + CENTER_H - 14:.1f}" text-anchor="middle"'
               f'{_fit(chars, 15, CENTER_W - 16, True)}>'
               + " · ".join(f'<tspan fill="{colour(q)}" font-weight="700">P{q + 1}: {c}'
                            f'</tspan>' for q, c in enumerate(counts)) + "</text>")
    for d in range(g.n_d):
        out.append(_district(g, d, pos[d], bw, bh, kind, changed=d == district,
                             new_die=new_die if d == district else None,
                             removed=removed if d == district else None))
    out.append("</g>")
    # the players: dice in hand, jelly (and this step's change), pods, running score
    y = rows_y
    cols = (300, 510, 620, 740)
    out.append(f'<text x="14" y="{y:.0f}" font-weight="700" font-size="16">Players</text>')
    heads = ("dice in hand", "jelly", "jelly-pods",
             "final score (pods rolled)" if final
             else f"running score (jelly + {(A.pod_sides + 1) / 2:g} a pod)")
    for xc, head in zip(cols, heads, strict=True):
        out.append(f'<text x="{xc}" y="{y:.0f}" font-size="14" fill="#444">{head}</text>')
    half = (A.pod_sides + 1) / 2.0
    for q, p in enumerate(g.players):
        yy = y + 10 + 30 * q
        if q == actor:
            out.append(f'<rect x="6" y="{yy:.0f}" width="{width - 12:.0f}" height="28" rx="4" '
                       f'fill="{CHANGED}" stroke="#000" stroke-width="1.5"/>')
        out.append(f'<rect x="14" y="{yy + 5:.0f}" width="18" height="18" rx="3" '
                   f'fill="{colour(q)}"/>')
        bold = ' font-weight="700"' if q == actor else ""
        out.append(f'<text x="40" y="{yy + 20:.0f}"{bold}>{_e(g.names[q])}'
                   f'{" ◂ acts" if q == actor else ""}</text>')
        for i in range(p.dice_in_hand):
            out.append(f'<rect x="{cols[0] + i * 20}" y="{yy + 6:.0f}" width="16" height="16" '
                       f'rx="3" fill="none" stroke="{colour(q)}" stroke-width="2.2"/>')
        if lost.get(q):
            out.append(f'<text x="{cols[0]}" y="{yy + 20:.0f}" fill="#aa2222" '
                       f'font-weight="700">{lost[q]} lost to the timer</text>')
        elif p.dice_in_hand == 0:
            out.append(f'<text x="{cols[0]}" y="{yy + 20:.0f}" fill="#777">none</text>')
        dj = p.jelly - g.prev_jelly[q]
        delta = (f' <tspan fill="{"#117733" if dj > 0 else "#aa2222"}" font-weight="700">'
                 f'({dj:+d})</tspan>') if dj else ""
        out.append(f'<text x="{cols[1]}" y="{yy + 20:.0f}">{p.jelly}{delta}</text>')
        dp = p.pods - g.prev_pods[q]
        delta = (f' <tspan fill="{"#117733" if dp > 0 else "#aa2222"}" font-weight="700">'
                 f'({dp:+d})</tspan>') if dp else ""
        out.append(f'<text x="{cols[2]}" y="{yy + 20:.0f}">{p.pods}{delta}</text>')
        if final:
            score, rolled = final[q]
            won = " ★ wins" if score == max(v for v, _ in final.values()) else ""
            out.append(f'<text x="{cols[3]}" y="{yy + 20:.0f}" font-weight="700">{score}'
                       f'<tspan font-weight="400" fill="#444"> (pods: {_e(rolled) or "none"})'
                       f'</tspan>{won}</text>')
        else:
            out.append(f'<text x="{cols[3]}" y="{yy + 20:.0f}">{p.jelly + half * p.pods:g}'
                       f'</text>')
    ly = y + 10 + 30 * n_p + 20
    legend = (
        f'<tspan fill="{TARGET}" font-weight="700">◎</tspan> the Target marker (zone 0 is the '
        f'first zone, next to the entrance) · underlined: the controlling total',
        '<tspan font-weight="700">bold outline</tspan>: the die just placed · dashed: removed '
        'to the city center · ✕: cancelled (same colour, same value)',
        'thick coloured border, "locked": locked down by that player\'s screen (returned '
        'before scoring) · yellow: what this step changed')
    for i, line in enumerate(legend):
        out.append(f'<text x="14" y="{ly + 19 * i:.0f}" font-size="14" fill="#333">{line}</text>')
    out.append("</svg>")
    return "".join(out)


def _district(g: _Recorder, d: int, centre, bw, bh, kind, *, changed, new_die,
              removed) -> str:
    A = g.A
    dist = g.districts[d]
    x, y = centre[0] - bw / 2, centre[1] - bh / 2
    # "After the sand timer runs out, return any player screen ... Then, score each district"
    lock = dist.locked_by if kind in ("placing", "round start") else -1
    out = [f'<g aria-label="district {d}">']
    out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bw:.0f}" height="{bh}" rx="7" '
               f'fill="{CHANGED if changed else "#fff"}" '
               f'stroke="{colour(lock) if lock >= 0 else ("#000" if changed else "#888")}" '
               f'stroke-width="{6 if lock >= 0 else (3 if changed else 1.3)}"/>')
    out.append(f'<text x="{x + 10:.1f}" y="{y + 22:.1f}" font-weight="700" font-size="17">'
               f'District {d}</text>')
    badges = []
    if lock >= 0:
        badges.append(f'<tspan fill="{colour(lock)}" font-weight="700">locked: P{lock + 1}'
                      f'</tspan>')
    if d == g.rdrone:
        badges.append('<tspan fill="#333" font-weight="700">◂ Drone</tspan>')
    if badges:
        out.append(f'<text x="{x + bw - 10:.1f}" y="{y + 22:.1f}" text-anchor="end" '
                   f'font-size="15">{" ".join(badges)}</text>')
    # the entrance: dice in placement order, then this round's removed / cancelled ones
    items = [(o, v, None, i == new_die) for i, (o, v) in enumerate(dist.dice)]
    if removed is not None:
        items.append((removed[0], removed[1], "removed", False))
    items += [(o, v, "cancelled", False) for (o, v) in g.ghosts.get(d, ())]
    s = 24 if len(items) <= 20 else 17
    per_row = int((bw - 20) // (s + 3))
    if not items:
        out.append(f'<text x="{x + 10:.1f}" y="{y + 50:.1f}" font-size="14" fill="#777">'
                   f'no dice on the entrance</text>')
    for i, (o, v, ghost, new) in enumerate(items[:2 * per_row]):
        out.append(_die(x + 10 + (i % per_row) * (s + 3), y + 32 + (i // per_row) * (s + 3),
                        s, o, v, new=new, ghost=ghost))
    if len(items) > 2 * per_row:
        out.append(f'<text x="{x + bw - 10:.1f}" y="{y + 96:.1f}" text-anchor="end" '
                   f'font-size="13">+{len(items) - 2 * per_row} more</text>')
    # totals after cancellation (the controlling total underlined), the scoring's result
    totals = [g.surviving_total(d, q) for q in range(g.n_p)]
    best = max(totals)
    parts = []
    chars = 7
    for q in range(g.n_p):
        if totals[q] > 0 or any(o == q for o, _ in dist.dice):
            w = ' font-weight="700" text-decoration="underline"' \
                if totals[q] == best and best > 0 else ""
            parts.append(f'<tspan fill="{colour(q)}"{w}>P{q + 1} {totals[q]}</tspan>')
            chars += len(f"P{q + 1} {totals[q]} · ")
    ty = y + 32 + 2 * 27 + 16
    out.append(f'<text x="{x + 10:.1f}" y="{ty:.1f}" font-size="15"'
               f'{_fit(chars, 15, bw - 20)}>totals '
               + (" · ".join(parts) if parts else '<tspan fill="#777">—</tspan>') + "</text>")
    if d in g.results:
        text = f"→ {g.results[d]}"
        out.append(f'<text x="{x + 10:.1f}" y="{ty + 19:.1f}" font-size="14" '
                   f'font-weight="700"{_fit(len(text), 14, bw - 20, True)}>{_e(text)}</text>')
    # the zones, the first (next to the entrance) on top; the Target marker's highlighted
    zy = y + bh - 3 * 23 - 5
    for z in range(3):
        yy = zy + 23 * z
        here = dist.target == z
        if here:
            out.append(f'<rect x="{x + 4:.1f}" y="{yy:.1f}" width="{bw - 8:.0f}" height="22" '
                       f'rx="4" fill="#fbe0da"/>')
            out.append(f'<text x="{x + 9:.1f}" y="{yy + 17:.1f}" fill="{TARGET}" '
                       f'font-size="17" font-weight="700">◎</text>')
        weight = ' font-weight="700"' if here else ""
        text = zone_short(A, d, z)
        fit = _fit(len(text) + 3, 15, bw - 40, here)
        out.append(f'<text x="{x + 30:.1f}" y="{yy + 16:.1f}" font-size="15"{weight}{fit}>'
                   f'<title>zone {z} of district {d}: {_e(g.zone_name(d, z))}</title>'
                   f'<tspan fill="#777">{z}:</tspan> {_e(text)}</text>')
    out.append("</g>")
    return "".join(out)


# ----------------------------------------------------------------------------- entry point
SCORE_NOTE = ("Running score: the jelly held plus a jelly-pod's mean roll for each pod "
              "((sides + 1) / 2 = 3.5 for a d6), the running score of the game-shape measures "
              "(lead changes, leader-wins curve); the last step shows the final scores, every "
              "pod rolled.")


def replay(prepared, seed: int, game: int, names: list[str]) -> Replay:
    """Replay game ``game`` of seed ``seed`` with the reference engine, step by step."""
    g = _Recorder(prepared, seed, game, names)
    scores, winners = g.play()
    if g._pending():
        rolls = {}
        for line in g.lines[g.cut:]:
            m = re.match(r"End: (.+) -?\d+ jelly \+ pods \[(.*)\] = ", line)
            if m:
                rolls[g.seat_of[m.group(1)]] = m.group(2)
        g.emit("End of the game: jelly-pods rolled, " + ", ".join(
            f"{g.names[q]} {s}" for q, s in enumerate(scores)), "game end",
            final={q: (int(s), rolls.get(q, "")) for q, s in enumerate(scores)})
        g.steps[-1].scores = [float(s) for s in scores]
    legend = ("Board: the districts clockwise from district 0 (top), each with the dice on its "
              "entrance in placement order (owner's colour, value), the totals after "
              "cancellation (the controlling total underlined), its three zones from the "
              "entrance (the first zone on top) and the Target marker; the city center holds "
              "the dice removed by 1s and 2s. Zone numbers are those of the log (0 = first).")
    if g.mismatches:
        legend += " BOT MISMATCHES (a bug to report): " + "; ".join(g.mismatches)
    rep = Replay(list(names), g.steps, [int(s) for s in scores], [bool(w) for w in winners],
                 SCORE_NOTE, legend)
    rep.mismatches = list(g.mismatches)
    return rep
