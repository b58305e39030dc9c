"""Attack of the Jelly Monster, replayed step by step (``simlab replay jelly``).

The reference engine (:class:`~simlab.games.jelly.reference.ReferenceGame`) plays the game on
the kernel's random stream; :class:`_Recorder` watches it through the methods it already has
(``make_view`` before every bot decision, ``begin_round``, ``do_place``, ``after_last_die``,
``score_district``, ``score_center``, ``play_round``, ``say``) and cuts its log into steps: the start of a round,
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

import math
import re

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.replay import Decision, Option, Replay, Step
from simlab.core.rng import next_u64, seed_stream
from simlab.games.jelly import bots, lookahead, roster
from simlab.games.jelly.dice import do_place
from simlab.games.jelly.evaluator import evaluate_place
from simlab.games.jelly.reference import ReferenceGame
from simlab.games.jelly.replay_board import draw_board, zone_short
from simlab.games.jelly.rules import ADJ_ORIENTATION, GIVE_SHORT, R_ADJ, ROUND_END
from simlab.games.jelly.state import (
    I_POD_STACK,
    JellyState,
    new_scratch,
    new_search,
)
from simlab.games.jelly.timer import lock_ok, next_gap
from simlab.games.jelly.valuation import _icon, controls, zone_worth

MAX_OPTIONS = 12          # options listed per decision (the best ones and the chosen one)
BOT_NAMES = {v[0]: k for k, v in bots.BOTS.items()}


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
        self.pending: list[tuple[str, Decision]] = []  # choices made while scoring a district

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

    def begin_round(self):
        super().begin_round()
        self.ghosts.clear()
        self.results.clear()
        self.center_result = ""
        self.t = 0.0
        self.rnd, self.rdrone = self.round, self.drone
        self.emit(f"Round {self.round + 1} of {self.A.rounds} · start: the Drone points at "
                  f"district {self.drone}", "round start")

    def play_round(self):
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

    def do_place(self, q, v, d, arg, t, rolled):
        snap = self.snap
        n_center = len(self.center)
        target = self.districts[d].target
        super().do_place(q, v, d, arg, t, rolled)
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
        title = f"Round {self.rnd + 1} · scoring district {d}: {self.results[d]}"
        pending, self.pending = self.pending, []
        if not pending:
            self.emit(title, "scoring", district=d)
        for i, (what, dec) in enumerate(pending):  # a step for each choice made in scoring
            self.emit(f"{title} · {self.names[dec.seat]} {what}" if i == 0 else
                      f"Round {self.rnd + 1} · in scoring district {d}, "
                      f"{self.names[dec.seat]} {what}", "scoring", district=d, decision=dec)

    # ------------------------------------------------------------------ choices in scoring
    def choose_either(self, q, d):
        pick = super().choose_either(q, d)
        self.pending.append((f"takes district {pick}'s target reward",
                             self.either_decision(q, d, pick)))
        return pick

    def choose_gift_order(self, giver, recipients):
        order = super().choose_gift_order(giver, recipients)
        self.pending.append((f"is short of jelly and pays {self.names[order[0]]} first",
                             self.gift_decision(giver, order)))
        return order

    def either_decision(self, q, d, pick) -> Decision:
        """An 'adjacent: either' choice: each neighbour's target reward, as the bot values it
        (the built-in bots: ``valuation.either_choice``'s sums of ``_icon``)."""
        A = self.A
        st, _ = self._copy(self.snap)
        bid = int(self.lineup.ids[q])
        w = self.lineup.params[q]
        what = f"which neighbour's target reward district {d}'s 'adjacent: either' gives"

        def label(nb):
            return f"district {nb}'s {zone_short(A, nb, int(st.target[nb]))}"

        if bid == bots.BOT_FIRST or bid == CUSTOM_ID:
            sides = [(d + A.left_step) % self.n_d, (d - A.left_step) % self.n_d]
        else:
            sides = [(d - 1) % self.n_d, (d + 1) % self.n_d]
        if bid == bots.BOT_FIRST:
            return Decision(q, what, label(pick), [Option(label(nb), None, nb == pick)
                                                   for nb in sides], "value",
                            "first (a bench bot): its first option, the left neighbour")
        if bid == CUSTOM_ID:
            opts = [Option(label(nb), float(self.lineup.custom(A, st, q, bots.KIND_EITHER, nb,
                                                               w)), nb == pick)
                    for nb in sides]
            opts = [Option(o.label, o.value if math.isfinite(o.value) else None, o.chosen)
                    for o in opts]
            note = "custom bot: its function's value of each neighbour; a tie drawn at random"
            note += self._custom_tie(q, "'either' reward", opts, label(pick))
            return Decision(q, what, label(pick), opts, "custom value", note)
        nd = int(st.nlive[d, q])
        pod_ok = int(st.info[I_POD_STACK]) > 0
        values = []
        for nb in sides:
            z = int(st.target[nb])
            values.append(sum(float(_icon(A.rewards, nb, z, j, nd, pod_ok, st.pods[q],
                                          st.jelly[q], self.n_p))
                              for j in range(A.rewards.shape[2])
                              if int(A.rewards[nb, z, j, 0]) not in (0, R_ADJ)))
        opts = [Option(label(nb), v, nb == pick) for nb, v in zip(sides, values, strict=True)]
        note = (f"{BOT_NAMES.get(bid, 'bot')}: the neighbour whose target reward is worth more "
                f"to it (a pod at {bots.POD_VALUE:g}; an arrow there gives nothing; a tie: "
                f"district {sides[1]}); tied controllers who choose differently get nothing")
        best = sides[0] if values[0] > values[1] else sides[1]
        if best != pick:
            note += self._check(q, "'either' reward", label(pick), label(best))
        return Decision(q, what, label(pick), opts, "value to it", note)

    def gift_decision(self, giver, order) -> Decision:
        """A giver short of jelly: whom it pays first, by its bot's key (``bots._gift_key``:
        the lowest first; the ``give_each_short`` reading)."""
        A = self.A
        st, _ = self._copy(self.snap)
        bid = int(self.lineup.ids[giver])
        what = "whom to pay first, short of jelly for every recipient"
        chosen = f"pay {self.names[order[0]]} first"
        if A.give_short == 1:
            key, how = [float(st.jelly[r]) for r in order], \
                "reading give_each_short = poorest_first: the fewest jelly first"
            label = "jelly (the fewest paid first)"
        elif bid in (bots.BOT_RANDOM, bots.BOT_FIRST):
            key, how = [None] * len(order), "its bot pays in a random order"
            label = "value"
        elif bid == CUSTOM_ID:
            w = self.lineup.params[giver]
            key = [float(self.lineup.custom(A, st, giver, bots.KIND_GIFT, r, w)) for r in order]
            how, label = "custom bot: the recipient it scores highest first", "custom value"
        else:
            key = [float(bots.standing(A, st, r)) for r in order]
            how = (f"{BOT_NAMES.get(bid, 'bot')}: the weakest first (standing: jelly, a pod at "
                   f"{bots.POD_VALUE:g}, the rewards it controls), so the leader gets least")
            label = "standing (the lowest paid first)"
        opts = [Option(f"pay {self.names[r]} first", k if k is None or math.isfinite(k)
                       else None, i == 0) for i, (r, k) in enumerate(zip(order, key,
                                                                           strict=True))]
        note = (f"{how}; ties in the decision's random order. It pays "
                + ", ".join(self.names[r] for r in order) + " in that order.")
        return Decision(giver, what, chosen, opts, label, note)

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
        if bid == bots.BOT_FIRST:
            return Decision(q, what, chosen_label, [Option(chosen_label, None, True)], "value",
                            "first (a bench bot): the first legal option, no evaluation (the "
                            "lowest open district, the lowest rolled value, no effect)")
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

    def _custom_tie(self, q, what, opts, chosen_label) -> str:
        """The note of a custom bot's decision: the best of its function's values is taken, a
        tie drawn at random (as the kernel's ``bots._keep_best`` draws it); a choice that is
        not among the best is a mismatch."""
        values = [o.value for o in opts if o.value is not None and math.isfinite(o.value)]
        best = max(values, default=None)
        tied = [o for o in opts if o.value is not None and o.value == best]
        note = ""
        if len(tied) > 1:
            note = (f"; {len(tied)} options tie at the best value {best:g}: one drawn at random "
                    f"from the game's stream")
        chosen = next((o for o in opts if o.chosen), None)
        if best is not None and (chosen is None or chosen.value != best):
            note += self._check(q, what, chosen_label, tied[0].label)
        return note

    def _custom_place(self, q, snap, what, chosen):
        """A custom bot's roll step: its function's value of every legal option, in the order
        it scores them (district, value, effect: none, target moves, removals), then placing
        nothing (while the roll_again_limit allows); it takes the best, a tie at random."""
        A = self.A
        w = self.lineup.params[q]
        st, _ = self._copy(snap)
        opts = []
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
        if not opts or bots.may_roll_again(A, st, q):
            x = float(self.lineup.custom(A, st, q, bots.KIND_PLACE, 0, w))
            opts.append(Option(self._label(0, -1, -1), x, chosen[0] == 0))
        chosen_label = self._label(*chosen, st)
        note = (f"custom bot: its function's value of each of the {len(opts)} legal options; "
                f"the best is taken, a tie drawn at random (the best {MAX_OPTIONS} shown)")
        note += self._custom_tie(q, "placement", opts, chosen_label)
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
                    S.sim.rerolls[q] = 0
                else:
                    S.sim.rerolls[q] += 1
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
        if bid == bots.BOT_FIRST:
            return Decision(q, what, label[d], [Option(label[e], None, e == d)
                                                for e in [-1, *lockable]], "value",
                            "first (a bench bot): its first option, no lock-down")
        if bid == CUSTOM_ID:
            st, _ = self._copy(self.snap)
            opts = []
            for e in [-1, *lockable]:
                x = float(self.lineup.custom(A, st, q, bots.KIND_LOCK, e, w))
                opts.append(Option(label[e], x if math.isfinite(x) else None, e == d))
            note = ("custom bot: its function's value of each option; the best is taken, a tie "
                    "drawn at random")
            note += self._custom_tie(q, "lock-down", opts, label[d])
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
            opts = [Option("keep the timer", keep if math.isfinite(keep) else None),
                    Option("flip", flip if math.isfinite(flip) else None, True)]
            note = ("custom bot: its function's value of keeping and of flipping; a tie drawn "
                    "at random")
            note += self._custom_tie(q, "timer flip", opts, "flip")
            return Decision(q, what, "flip", opts, "custom value", note)
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


# ----------------------------------------------------------------------------- entry point
def score_note(A) -> str:
    """What the running score counts, with the pod die of the rules played."""
    sides = int(A.pod_sides)
    return (f"Running score: the jelly held plus a jelly-pod's mean roll for each pod "
            f"((sides + 1) / 2 = {(sides + 1) / 2:g} for the d{sides} a pod is rolled on), "
            f"the running score of the game-shape measures (lead changes, leader-wins curve); "
            f"the last step shows the final scores, every pod rolled.")


def rules_legend(A) -> str:
    """The rules the game was played with, in words, from its arrays (``JellyArrays``): the
    numbers of the rulebook as set, the timing model and every reading."""
    def n(x):
        return f"{x:g}"

    start = sorted({int(x) for x in A.start_jelly})
    speeds = sorted({float(x) for x in A.speeds})
    short = {v: k for k, v in GIVE_SHORT.items()}[int(A.give_short)]
    left = {v: k for k, v in ADJ_ORIENTATION.items()}[int(A.left_step)]
    end = {v: k for k, v in ROUND_END.items()}[int(A.end_without_flip)]
    arrows = A.rewards[..., 0] == R_ADJ
    podium = "controllers_only" if arrows.any() and (A.rewards[..., 2][arrows] == 1).all() \
        else "scored_district"
    parts = [
        f"{A.n_players} players, {A.n_districts} districts, {A.rounds} rounds, {A.dice} dice "
        f"each, a {n(A.timer_seconds)}-second sand timer, {A.pods} jelly-pods worth a "
        f"d{A.pod_sides} each, "
        + (f"{start[0]} starting jelly each" if len(start) == 1 else
           "starting jelly by seat " + ", ".join(str(int(x)) for x in A.start_jelly)),
        f"the Drone at district {A.drone_start}" + (f", advancing {A.drone_step} a round"
                                                    if A.drone_step else ", kept all game"),
        f"a step {n(A.roll_seconds)} s to roll and place + {n(A.think_seconds)} s to decide + "
        f"{n(A.weigh_seconds)} s per die and open district, +-{n(100 * A.time_jitter)}%, a "
        f"finished player looks up every {n(A.watch_seconds)} s"
        + ("" if speeds == [1.0] else ", speeds by seat " + ", ".join(n(x) for x in A.speeds)),
        "readings: a lock-down " + ("needs" if A.lock_requires_dice else "does not need")
        + f" dice on the entrance; a short giver: {short}; an arrow's left: {left}; a podium "
        f"through an arrow: {podium}; rolling again: "
        + (f"at most {A.roll_again_limit} in a row" if A.roll_again_limit else "no limit")
        + f"; a round no flip ends: {end} at {A.max_steps} roll steps",
    ]
    return "Rules played: " + "; ".join(parts) + "."


def replay(prepared, seed: int, game: int, names: list[str]) -> Replay:
    """Replay game ``game`` of seed ``seed`` with the reference engine, step by step."""
    g = _Recorder(prepared, seed, game, names)
    scores, winners = g.play_game()
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
    legend = (rules_legend(prepared.arrays) + " "
              "Board: the districts clockwise from district 0 (top), each with the dice on its "
              "entrance in placement order (owner's colour, value), the totals after "
              "cancellation (the controlling total underlined), its three zones from the "
              "entrance (the first zone on top) and the Target marker; the city center holds "
              "the dice removed by 1s and 2s. Zone numbers are those of the log (0 = first).")
    if g.mismatches:
        legend += " BOT MISMATCHES (a bug to report): " + "; ".join(g.mismatches)
    rep = Replay.played(names, g.steps, scores, winners, score_note(prepared.arrays), legend)
    rep.mismatches = list(g.mismatches)
    return rep
