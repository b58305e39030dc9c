"""Attack of the Jelly Monster in plain, readable Python: the test oracle and the game log.

This engine re-implements every rule on its own data structures (lists of dice on districts,
players with jelly and pods) and draws from the same random stream as the kernel, in the same
order. Decisions are the only thing it borrows: it shows the kernel's bot functions a
:class:`~simlab.games.jelly.state.JellyState` built from its own state and applies what they
choose. Kernel and reference must agree game for game; the tests check that they do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simlab.core.rng import d6, new_stream, randint, uniform
from simlab.core.shape import MAX_CHECKPOINTS, record_shape
from simlab.games.jelly import bots, nb
from simlab.games.jelly.rules import (
    ADJ_EITHER,
    CODE_NAMES,
    R_ADJ,
    R_BY_DICE,
    R_DISCARD,
    R_EACH_GIVES,
    R_GIVE_EACH,
    R_JELLY,
    R_PER_POD,
    R_POD,
    R_PODIUM,
    R_PODIUM_PRESENT,
)
from simlab.games.jelly.state import (
    C_BOUND_ENDS,
    C_BOUND_FLIPS,
    C_BOUND_LOST,
    C_CANCELLED,
    C_CENTER_PODS,
    C_EITHER_DISAGREE,
    C_FLIPS,
    C_LOCKS,
    C_MOVES,
    C_PASSES,
    C_PLACED,
    C_PODS_SHORT,
    C_REMOVALS,
    C_STEP_CAP,
    C_STEPS,
    C_TIMER_LOST,
    CH_CANCELLING,
    CH_FLIP,
    CH_LOCK,
    CH_MOVE,
    CH_PLACE,
    CH_REMOVE,
    CH_ROLL_AGAIN,
    END_ROUNDS,
    END_STEP_BOUND,
    S_BOUND_LOST,
    S_CANCELLED,
    S_CENTER_PODS,
    S_CONTROLS,
    S_MOVES,
    S_PLACED,
    S_PODS_END,
    S_REMOVALS,
    S_TIMER_LOST,
    SCORE_BINS,
    SRC_DISTRICT,
    SRC_GIVEN,
    SRC_PODIUM,
    SRC_PODS,
    SRC_RECEIVED,
    SRC_START,
    JellyState,
    new_agg,
    new_scratch,
    new_state,
    search_for,
)


@dataclass
class District:
    """A district in play: its dice (owner, value) in placement order, Target and lock."""

    index: int
    dice: list = field(default_factory=list)
    target: int = 0
    locked_by: int = -1


@dataclass
class Player:
    seat: int
    jelly: int
    pods: int = 0
    dice_in_hand: int = 0


class ReferenceGame:
    """One game of Attack of the Jelly Monster, played rule by rule with a readable log.

    Parameters
    ----------
    arrays : JellyArrays
        The rules, as given to the kernel.
    lineup : JellyLineup
        Bot ids and parameters (decisions are asked from ``bots``).
    seed, game : int
        The run's seed and this game's index: the random stream is that of ``(seed, game)``.
    log : bool
        Keep a readable log in ``self.lines``.
    """

    def __init__(self, arrays, lineup, seed: int, game: int, log: bool = False,
                 names=None, faces=None):
        self.A = arrays
        self.lineup = lineup
        self.rng = new_stream(seed, game)
        self.n_p = arrays.n_players
        self.n_d = arrays.n_districts
        self.players = [Player(q, int(arrays.start_jelly[q])) for q in range(self.n_p)]
        self.districts = [District(d) for d in range(self.n_d)]
        self.center: list[tuple[int, int]] = []
        self.pod_stack = arrays.pods
        self.round = 0
        self.drone = 0
        self.flipped = False
        self.next_time = [0.0] * self.n_p
        self.rerolls = [0] * self.n_p   # rolls in a row without placing, this round
        self.roll: list[int] = [0] * 7
        self.agg = new_agg(self.n_p, self.n_d)
        self.view = new_state(self.n_p, self.n_d)
        self.scratch = new_scratch(self.n_p, self.n_d)
        self.search = search_for(lineup, self.n_p, self.n_d)  # lookahead playouts (or None)
        self.deadline = float("inf")
        self.log_on = log
        self.lines: list[str] = []
        self.names = names or [f"P{q + 1}" for q in range(self.n_p)]
        self.faces = faces
        self.scores: list[int] = []
        self.winners: list[bool] = []

    # ----------------------------------------------------------------- helpers
    def say(self, text: str):
        if self.log_on:
            self.lines.append(text)

    def who(self, q: int) -> str:
        return f"{self.names[q]}"

    def dice_of(self, d: int, q: int) -> list[int]:
        return [v for (o, v) in self.districts[d].dice if o == q]

    def surviving_total(self, d: int, q: int) -> int:
        """Cancellation: a value counts only if q has exactly one die showing it here."""
        vals = self.dice_of(d, q)
        return sum(v for v in set(vals) if vals.count(v) == 1)

    def zone_name(self, d: int, z: int) -> str:
        row = self.A.rewards[d, z]
        parts = []
        for atom in row:
            if atom[0] == 0:
                break
            parts.append(describe_atom(atom, self.A.left_step))
        return "+".join(parts) or "nothing"

    def make_view(self) -> JellyState:
        """The kernel's array view of this state, for asking bots (built in plain lists and
        written to each array once: the bots are asked at every step)."""
        st = self.view
        n_v = st.dice.shape[2]
        dice = [[[0] * n_v for _q in range(self.n_p)] for _d in self.districts]
        for d, dist in enumerate(self.districts):
            for (o, v) in dist.dice:
                dice[d][o][v] += 1
        st.dice[:] = dice
        # cancellation: a value survives when its owner has exactly one die showing it
        st.ndice[:] = [[sum(row) for row in dd] for dd in dice]
        st.nlive[:] = [[row.count(1) for row in dd] for dd in dice]
        st.eff[:] = [[sum(v for v, c in enumerate(row) if c == 1) for row in dd] for dd in dice]
        st.target[:] = [dist.target for dist in self.districts]
        st.locked[:] = [dist.locked_by for dist in self.districts]
        center = [0] * self.n_p
        for (o, _v) in self.center:
            center[o] += 1
        st.center[:] = center
        for p in self.players:
            st.jelly[p.seat] = p.jelly
            st.pods[p.seat] = p.pods
            st.n_left[p.seat] = p.dice_in_hand
        st.next_time[:] = self.next_time
        st.rerolls[:] = self.rerolls
        st.roll[:] = self.roll
        st.info[:] = (self.round, self.pod_stack, int(self.flipped), self.drone)
        st.deadline[0] = self.deadline
        return st

    def lock_allowed(self, d: int) -> bool:
        dist = self.districts[d]
        if dist.locked_by >= 0:
            return False
        return (not self.A.lock_requires_dice) or len(dist.dice) > 0

    def jitter(self) -> float:
        j = self.A.time_jitter
        return 1.0 - j + 2.0 * j * uniform(self.rng)

    def step_time(self, q: int) -> float:
        """Seconds of q's next roll-and-place step: rolling, plus deciding over the dice in its
        roll and the open districts, jittered, divided by its speed."""
        A = self.A
        n_open = sum(1 for dist in self.districts if dist.locked_by < 0)
        base = A.roll_seconds + A.think_seconds + \
            A.weigh_seconds * self.players[q].dice_in_hand * n_open
        return base * self.jitter() / A.speeds[q]

    def watch_time(self, q: int) -> float:
        """Seconds until a player with every die placed next considers flipping the timer."""
        return self.A.watch_seconds * self.jitter()

    # ----------------------------------------------------------------- a round
    def begin_round(self):
        """Set up a round: empty entrances and city center, Targets back on the first zone, no
        locks, the timer unflipped, each player's seven dice in hand and first step time."""
        A = self.A
        for dist in self.districts:
            dist.dice.clear()
            dist.target = 0  # Target markers go back to the first zone
            dist.locked_by = -1
        self.center.clear()
        self.flipped = False
        for p in self.players:
            p.dice_in_hand = A.dice
            self.rerolls[p.seat] = 0
        for p in self.players:
            self.next_time[p.seat] = self.step_time(p.seat)
        self.deadline = float("inf")

    def next_actor(self) -> int:
        """Who acts next: the earliest moment of the players with dice left (or, before the
        timer is flipped, with none: they may flip it); -1 when every die is placed."""
        if not any(p.dice_in_hand > 0 for p in self.players):
            return -1
        able = [p.seat for p in self.players if p.dice_in_hand > 0 or not self.flipped]
        return min(able, key=lambda s: (self.next_time[s], s))

    def play_round(self):
        """Real time in seconds: the next moment is the earliest of every player's; a player
        with dice rolls and places one (or none), one without may flip the unflipped timer."""
        A = self.A
        self.begin_round()
        steps = 0
        bounded = False
        agg = self.agg
        while True:
            q = self.next_actor()
            if q < 0:
                break
            t = self.next_time[q]
            if t >= self.deadline:
                self.say(f"  the sand timer runs out at t={self.deadline:.2f} s")
                break
            player = self.players[q]
            if player.dice_in_hand > 0:
                if self.step_bound(steps, t):
                    bounded = True
                    break
                steps += 1
                self.roll = [0] * 7
                rolled = [d6(self.rng) for _ in range(player.dice_in_hand)]
                for v in rolled:
                    self.roll[v] += 1
                v, d, arg = nb.choose_place(A, self.make_view(), self.lineup, q, self.rng,
                                            self.scratch, self.search)
                v, d, arg = int(v), int(d), int(arg)
                legal = (1 <= v <= 6 and 0 <= d < self.n_d and self.roll[v] > 0
                         and self.districts[d].locked_by < 0)
                if legal:
                    self.do_place(q, v, d, arg, t, sorted(rolled))
                    self.rerolls[q] = 0
                    if player.dice_in_hand == 0:
                        self.after_last_die(q)
                else:
                    agg.counters[C_PASSES] += 1
                    agg.choice[q, CH_ROLL_AGAIN] += 1
                    self.rerolls[q] += 1
                    self.say(f"  t={t:5.2f} {self.who(q)} rolls {sorted(rolled)} and places "
                             f"nothing (rolls again)")
            if player.dice_in_hand == 0 and not self.flipped:
                if nb.choose_flip(A, self.make_view(), self.lineup, q, self.rng, self.scratch,
                                  self.search):
                    self.flipped = True
                    self.deadline = t + A.timer_seconds
                    agg.counters[C_FLIPS] += 1
                    agg.choice[q, CH_FLIP] += 1
                    self.say(f"  t={t:5.2f} {self.who(q)} flips the sand timer "
                             f"({A.timer_seconds:g} s left)")
            self.next_time[q] = t + (self.step_time(q) if player.dice_in_hand > 0
                                     else self.watch_time(q))
        self.end_round(steps, bounded)

    def step_bound(self, steps: int, t: float) -> bool:
        """The modelling bound on a round's roll steps, before roll step ``steps`` + 1 at
        ``t``: does the round end here? (reading ``round_end_without_flip``: ``step_bound``
        ends it at the bound, ``flip_at_bound`` flips the timer there and ends it only at
        twice the bound)"""
        A, agg = self.A, self.agg
        if steps < A.max_steps:
            return False
        if A.end_without_flip == 0:
            agg.counters[C_STEP_CAP] += 1
            agg.counters[C_BOUND_ENDS] += 1
            self.say(f"  the round reaches the bound of {A.max_steps} roll steps and ends "
                     f"there (no rule ends it: reading round_end_without_flip)")
            return True
        if steps == A.max_steps:
            agg.counters[C_STEP_CAP] += 1
            if not self.flipped:
                self.flipped = True
                self.deadline = t + A.timer_seconds
                agg.counters[C_BOUND_FLIPS] += 1
                self.say(f"  t={t:5.2f} the round reaches the bound of {A.max_steps} roll "
                         f"steps: the sand timer is flipped ({A.timer_seconds:g} s left)")
        if steps >= 2 * A.max_steps:
            agg.counters[C_BOUND_ENDS] += 1
            self.say(f"  the round reaches twice the bound of {A.max_steps} roll steps and "
                     f"ends there")
            return True
        return False

    def end_round(self, steps: int, bounded: bool = False):
        """The timer ran out, every die is placed, or (``bounded``) the step bound ended the
        round: unplaced dice are lost (to the timer, or to the bound)."""
        agg = self.agg
        agg.counters[C_STEPS] += steps
        for p in self.players:
            if p.dice_in_hand:
                self.say(f"  {self.who(p.seat)} loses {p.dice_in_hand} unplaced dice")
            if bounded:
                agg.counters[C_BOUND_LOST] += p.dice_in_hand
                agg.seat[p.seat, S_BOUND_LOST] += p.dice_in_hand
            else:
                agg.counters[C_TIMER_LOST] += p.dice_in_hand
                agg.seat[p.seat, S_TIMER_LOST] += p.dice_in_hand
            p.dice_in_hand = 0

    def do_place(self, q: int, v: int, d: int, arg: int, t: float, rolled):
        """Place a die of value v on district d, then use its effect if the bot chose to; the
        choice is counted by its kind (placing a value q already shows here: cancelling)."""
        agg = self.agg
        dist = self.districts[d]
        if v in self.dice_of(d, q):
            agg.choice[q, CH_CANCELLING] += 1
        dist.dice.append((q, v))
        self.players[q].dice_in_hand -= 1
        agg.counters[C_PLACED] += 1
        agg.seat[q, S_PLACED] += 1
        self.say(f"  t={t:5.2f} {self.who(q)} rolls {list(rolled)}, places a {v} on district {d}")
        kind = CH_PLACE
        if 0 <= arg and v <= 2:  # remove any other die on this district entrance to the center
            owner, value = arg // 8, arg % 8
            others = list(dist.dice[:-1])
            if (owner, value) in others and 0 <= owner < self.n_p:
                dist.dice.remove((owner, value))
                self.center.append((owner, value))
                agg.counters[C_REMOVALS] += 1
                agg.seat[q, S_REMOVALS] += 1
                kind = CH_REMOVE
                self.say(f"           and removes {self.who(owner)}'s {value} to the city center")
        elif 0 <= arg and v <= 4:  # move this district's Target marker to an adjacent zone
            if 0 <= arg <= 2 and abs(arg - dist.target) == 1:
                dist.target = arg
                agg.counters[C_MOVES] += 1
                agg.seat[q, S_MOVES] += 1
                kind = CH_MOVE
                self.say(f"           and moves the Target to zone {arg} "
                         f"({self.zone_name(d, arg)})")
        agg.choice[q, kind] += 1

    def after_last_die(self, q: int):
        """After the last die: optional lock-down of one district (the flip is a moment of
        its own, now or later)."""
        A = self.A
        if any(self.lock_allowed(d) for d in range(self.n_d)):
            d = int(nb.choose_lock(A, self.make_view(), self.lineup, q, self.rng, self.scratch,
                                   self.search))
            if d >= 0 and self.lock_allowed(d):
                self.districts[d].locked_by = q
                self.agg.counters[C_LOCKS] += 1
                self.agg.choice[q, CH_LOCK] += 1
                self.say(f"           {self.who(q)} locks down district {d}")

    # ----------------------------------------------------------------- scoring
    def give_pods(self, seats: list[int]) -> int:
        """Each listed player takes a pod; if too few remain for all of them, none does."""
        if not seats:
            return 0
        if self.pod_stack < len(seats):
            self.agg.counters[C_PODS_SHORT] += 1
            self.say(f"           not enough jelly-pods for {len(seats)} players: none taken")
            return 0
        self.pod_stack -= len(seats)
        for s in seats:
            self.players[s].pods += 1
        return len(seats)

    def pay(self, giver: int, recipients: list[int], a: int):
        """``giver`` gives ``a`` jelly to each recipient; short of jelly, it pays in the order
        its bot (or the ``give_each_short`` reading) gives."""
        P = self.players
        if not recipients:
            return
        src = self.agg.src
        if P[giver].jelly >= a * len(recipients):
            for r in recipients:
                P[giver].jelly -= a
                P[r].jelly += a
                src[giver, SRC_GIVEN] -= a
                src[r, SRC_RECEIVED] += a
            return
        order = self.choose_gift_order(giver, recipients)
        self.say(f"           {self.who(giver)} is short of jelly and pays "
                 f"{', '.join(self.who(r) for r in order)} in that order")
        for r in order:
            amount = min(a, P[giver].jelly)
            P[giver].jelly -= amount
            P[r].jelly += amount
            src[giver, SRC_GIVEN] -= amount
            src[r, SRC_RECEIVED] += amount

    def choose_gift_order(self, giver: int, recipients: list[int]) -> list[int]:
        """Whom ``giver``, short of jelly, pays first: its bot's order (``bots.gift_order``,
        by the ``give_each_short`` reading)."""
        mask = np.zeros(self.n_p, dtype=np.bool_)
        mask[recipients] = True
        order = np.zeros(self.n_p, dtype=np.int64)
        k = int(bots.gift_order(self.A, self.make_view(), self.lineup, giver, mask, order,
                                self.rng))
        return [int(r) for r in order[:k]]

    def gain(self, q: int, amount: int, source: int = SRC_DISTRICT):
        """Player q takes ``amount`` jelly from the supply, booked under ``source``."""
        self.players[q].jelly += amount
        self.agg.src[q, source] += amount

    def apply_icon(self, atom, d_scored: int, ctrl: list[int], places: bool = True):
        """One reward icon for the controllers ``ctrl`` of district ``d_scored``; a podium's
        places below them are paid only with ``places`` (reading ``arrow_podium`` for a reward
        reached through an arrow)."""
        kind, a, b = int(atom[0]), int(atom[1]), int(atom[2])
        P = self.players
        others = [q for q in range(self.n_p) if q not in ctrl]
        if kind == R_JELLY:
            for q in ctrl:
                self.gain(q, a)
        elif kind == R_POD:
            self.give_pods(ctrl)
        elif kind == R_DISCARD:
            for q in ctrl:
                if P[q].pods > 0:
                    P[q].pods -= 1
        elif kind == R_PER_POD:
            for q in ctrl:
                self.gain(q, a * P[q].pods)
        elif kind == R_EACH_GIVES:
            for g in others:  # each other player gives a to each controller
                self.pay(g, ctrl, a)
        elif kind == R_GIVE_EACH:
            for c in ctrl:  # tied controllers do not give to each other
                self.pay(c, others, a)
        elif kind == R_BY_DICE:
            pod_takers = []
            for q in ctrl:
                n_dice = len(self.dice_of(d_scored, q))
                sub_kind, amount = (atom[2], atom[3]) if n_dice <= a else (atom[4], atom[5])
                if sub_kind == 1:
                    pod_takers.append(q)
                else:
                    self.gain(q, int(amount))
            self.give_pods(pod_takers)
        elif kind == R_PODIUM:
            totals = [self.surviving_total(d_scored, q) for q in range(self.n_p)]
            top = max(totals)
            lower = [x for x in totals if 0 < x < top]
            second = max(lower) if lower else 0
            for q in range(self.n_p):
                if q in ctrl:
                    self.gain(q, a)
                elif places and second > 0 and totals[q] == second:
                    self.gain(q, b, SRC_PODIUM)
                    self.agg.district_jelly[d_scored] += b
        elif kind == R_PODIUM_PRESENT:
            for q in range(self.n_p):
                if q in ctrl:
                    self.gain(q, a)
                elif places and self.dice_of(d_scored, q):
                    self.gain(q, b, SRC_PODIUM)
                    self.agg.district_jelly[d_scored] += b

    def apply_zone(self, d: int, ctrl: list[int]):
        """The target reward of district d, icons left to right; an arrow's neighbour's
        target reward (its own arrows give nothing; its podium places by ``arrow_podium``)."""
        A = self.A
        z = self.districts[d].target
        for atom in A.rewards[d, z]:
            kind = int(atom[0])
            if kind == 0:
                break
            if kind != R_ADJ:
                self.apply_icon(atom, d, ctrl)
                continue
            places = int(atom[2]) == 0  # the arrow_podium reading
            if int(atom[1]) == ADJ_EITHER:
                picks = set()
                for q in ctrl:
                    picks.add(self.choose_either(q, d))
                if len(picks) != 1:
                    self.agg.counters[C_EITHER_DISAGREE] += 1
                    self.say("           tied controllers disagree on 'either': 0 jelly")
                    continue
                nb = picks.pop()
            else:
                nb = (d + int(atom[1])) % self.n_d
            znb = self.districts[nb].target
            self.say(f"           adjacent reward: district {nb}'s {self.zone_name(nb, znb)}")
            for atom2 in A.rewards[nb, znb]:
                if int(atom2[0]) == 0:
                    break
                if int(atom2[0]) != R_ADJ:  # an adjacent icon reached this way gives nothing
                    self.apply_icon(atom2, d, ctrl, places)

    def choose_either(self, q: int, d: int) -> int:
        """Controller ``q``'s neighbour for district ``d``'s 'adjacent: either' reward (its
        bot's choice: ``bots.decide_either``)."""
        return int(bots.decide_either(self.A, self.make_view(), self.lineup, q, d, self.rng))

    def score_district(self, d: int):
        agg = self.agg
        dist = self.districts[d]
        # cancellation: all dice of one colour showing the same value are removed
        for q in range(self.n_p):
            vals = self.dice_of(d, q)
            for v in set(vals):
                c = vals.count(v)
                if c >= 2:
                    agg.counters[C_CANCELLED] += c
                    agg.seat[q, S_CANCELLED] += c
                    dist.dice = [(o, x) for (o, x) in dist.dice if not (o == q and x == v)]
                    self.say(f"    district {d}: {self.who(q)}'s {c} dice showing {v} cancel")
        totals = [self.surviving_total(d, q) for q in range(self.n_p)]
        best = max(totals)
        if best == 0:
            self.say(f"    district {d}: no controlling player")
            return
        ctrl = [q for q in range(self.n_p) if totals[q] == best]
        before = [(p.jelly, p.pods) for p in self.players]
        self.say(f"    district {d}: totals {totals}; {', '.join(self.who(q) for q in ctrl)} "
                 f"control{'s' if len(ctrl) == 1 else ''} and gain{'s' if len(ctrl) == 1 else ''} "
                 f"{self.zone_name(d, dist.target)}")
        self.apply_zone(d, ctrl)
        changes = []
        for p in self.players:
            dj, dp = p.jelly - before[p.seat][0], p.pods - before[p.seat][1]
            if dj or dp:
                changes.append(f"{self.who(p.seat)} {dj:+d} jelly" + (f" {dp:+d} pod" if dp
                                                                     else ""))
        self.say("           -> " + (", ".join(changes) if changes else "no change"))
        agg.district_control[d] += 1
        for q in ctrl:
            agg.seat[q, S_CONTROLS] += 1
            agg.district_jelly[d] += self.players[q].jelly - before[q][0]
            agg.district_pods[d] += self.players[q].pods - before[q][1]

    def score_center(self):
        counts = [sum(1 for (o, _v) in self.center if o == q) for q in range(self.n_p)]
        best = max(counts)
        if best == 0:
            return
        tied = [q for q in range(self.n_p) if counts[q] == best]
        got = self.give_pods(tied)
        self.say(f"    city center: dice {counts}; "
                 f"{'pod to ' + ', '.join(self.who(q) for q in tied) if got else 'no pod'}")
        if got:
            self.agg.counters[C_CENTER_PODS] += got
            for q in tied:
                self.agg.seat[q, S_CENTER_PODS] += 1

    def score_round(self):
        """Every district from the Drone's clockwise, then the city center."""
        for k in range(self.n_d):
            self.score_district((self.drone + k) % self.n_d)
        self.score_center()

    # ----------------------------------------------------------------- a game
    def play_game(self):
        """Play the whole game; returns (scores, winners)."""
        A = self.A
        for p in self.players:
            self.agg.src[p.seat, SRC_START] += p.jelly
        checkpoints = []   # game shape: jelly + a pod's mean roll, doubled, after each round
        for r in range(A.rounds):
            self.round = r
            self.drone = (A.drone_start + r * A.drone_step) % self.n_d
            self.say(f"Round {r + 1} (Drone at district {self.drone})")
            self.play_round()
            self.say("  Scoring")
            self.score_round()
            self.say("  Holdings: " + ", ".join(f"{self.who(p.seat)} {p.jelly} jelly "
                                                f"{p.pods} pods" for p in self.players))
            checkpoints.append([2 * p.jelly + p.pods * (A.pod_sides + 1) for p in self.players])
        scores = []
        for p in self.players:
            rolls = [int(randint(self.rng, A.pod_sides)) + 1 for _ in range(p.pods)]
            scores.append(p.jelly + sum(rolls))
            self.agg.seat[p.seat, S_PODS_END] += p.pods
            self.agg.src[p.seat, SRC_PODS] += sum(rolls)
            self.say(f"End: {self.who(p.seat)} {p.jelly} jelly + pods {rolls} = {scores[-1]}")
        winners = self.record_result(scores)
        cp = np.zeros((MAX_CHECKPOINTS, self.n_p), np.int64)
        for i, row in enumerate(checkpoints[:-1][:MAX_CHECKPOINTS]):
            cp[i] = row
        record_shape(cp, len(checkpoints) - 1, np.asarray(scores, np.int64),
                     np.asarray(winners, np.int64), self.n_p, self.agg.shape_counters,
                     self.agg.lead_hist, self.agg.margin_hist, self.agg.leader_wins)
        # the game's length (its roll steps) and how it ended
        steps = int(self.agg.counters[C_STEPS])
        self.agg.length[:] = (steps, steps * steps)
        self.agg.ends[END_STEP_BOUND if self.agg.counters[C_STEP_CAP] else END_ROUNDS] += 1
        self.scores, self.winners = scores, winners
        return scores, winners

    def record_result(self, scores: list[int]) -> list[bool]:
        """End of game: the most jelly wins; tied players share the victory."""
        best = max(scores)
        winners = [s == best for s in scores]
        k = sum(winners)
        for q, s in enumerate(scores):
            if winners[q]:
                self.agg.wins[q, k] += 1
            self.agg.score_sum[q] += s
            self.agg.score_sumsq[q] += s * s
            self.agg.score_hist[q, min(max(s, 0), SCORE_BINS - 1)] += 1
        self.say("Winner" + ("s" if k > 1 else "") + ": " +
                 ", ".join(self.who(q) for q in range(self.n_p) if winners[q]))
        return winners


def describe_atom(atom, left_step: int = -1) -> str:
    """Text of one reward icon, in the syntax of ``boards.toml`` (an arrow in the rule arrays
    holds its neighbour's index step: ``left_step`` is the left one's)."""
    kind = int(atom[0])
    name = CODE_NAMES.get(kind, "?")
    a, b = int(atom[1]), int(atom[2])
    if kind in (R_POD, R_DISCARD):
        return name
    if kind == R_ADJ:
        return "adjacent:" + ("either" if a == 0 else "left" if a == left_step else "right")
    if kind == R_BY_DICE:
        def sub(k, v):
            return "pod" if k == 1 else f"jelly{v}"
        return f"by_dice:{a}:{sub(atom[2], atom[3])}:{sub(atom[4], atom[5])}"
    if kind in (R_PODIUM, R_PODIUM_PRESENT):
        return f"{name}:{a}:{b}"
    return f"{name}:{a}"
