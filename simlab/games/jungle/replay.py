"""Jungle Rumble, one game step by step: the reference engine's game drawn after every step.

:func:`replay` plays game ``game`` of seed ``seed`` with the reference engine
(:class:`~simlab.games.jungle.reference.ReferenceGame`, on the kernel's random stream) and cuts
it into the steps a designer follows: the setup; per turn the active player's wake-up, each kind
of goods sold to its merchants, its action (the tile taken and the kittens sent, with the fields
and sticks placed or kittens recruited), each follower's follow or pass, and the feeding; the
end of each round (food on the unchosen tiles); the final scoring. Each step has the reference
engine's own log lines, the board after it as SVG and the running scores (the final scoring's
formula on the position, as the game-shape code counts it).

A step where a bot decided carries the :class:`~simlab.core.replay.Decision`: the options with
the values the bot gave them, computed by the bots' own functions on the state the bot saw
(``option_value`` for the action and follow of the evaluation bots, with the noise each option
drew from the game's stream; the ``lookahead`` bot's playout means, from the same playouts it
ran; a custom bot's scores). The value of each option is recomputed beside the bot's call and
checked against its choice (and, where it draws, against the random stream it consumed): a
disagreement is recorded in :attr:`Recorder.problems` and shown in the decision's note, never
hidden.
"""

from __future__ import annotations

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.replay import Decision, Option, Replay, Step
from simlab.core.rng import next_u64, randint, seed_stream, uniform
from simlab.games.jungle import bots, family, lookahead, turn
from simlab.games.jungle.greedy import W_ASLEEP, W_FOLLOW, W_NOISE, option_value, wet_free_cells
from simlab.games.jungle.reference import ReferenceGame
from simlab.games.jungle.replay_board import Board
from simlab.games.jungle.rules import A_FIELDS, A_FOOD, ACTIONS, N_TILES
from simlab.games.jungle.state import (
    C_FIELDS_ASIDE,
    C_STICKS_ASIDE,
    I_ACTIVE,
    K_ASLEEP,
    K_AWAKE,
    M_FOOD,
    M_GOLD,
    JungleLineup,
)


def score_note(A) -> str:
    """What the running score counts, with the points of the rules played (``A``: the rule
    arrays of the game)."""
    food = ("reserve food with 1 per awake kitten" + (f" / {A.food_per_point}"
                                                       if A.food_per_point != 1 else ""))
    return ("Running score: each family's score if the game ended now, the final scoring on "
            f"the position (kittens {A.kitten_points}, sticks 1 or 2, merchants' gold "
            f"{A.merchant_gold_points} and food {A.merchant_food_points}, reserve gold "
            f"{A.gold_points}, {food}, penalties -{A.penalty}): the score the game-shape "
            "measures record after each round. The last step shows the final scores.")


def legend(A) -> str:
    """The board's legend for the rules played (``A``): the pieces, and the box's limits where
    the rules set them."""
    box = []
    if A.food_limit:
        box.append(f"food units left in the box (of {A.food_limit})")
    if A.gold_limit and not (A.improvise_gold and not A.food_limit):
        box.append(f"coins left in the box (of {A.gold_limit}"
                   + (", then improvised from food tokens)" if A.improvise_gold else ")"))
    if A.penalty_limit:
        box.append(f"penalty tokens left (of {A.penalty_limit})")
    if A.field_aside >= 0:
        box.append(f"set-aside pieces left (of {A.field_aside} fields and {A.stick_aside} "
                   "sticks)")
    return ("Each family: awake workers (filled discs), sleeping workers (open discs with z), "
            "merchants (boxes: the goods they trade and the units they hold; ? before their "
            "first sale), food, gold and penalty tokens in the reserve; its fields on its own "
            "table (green: irrigated, tan: earth) with the sticks on their edges (brown bars; "
            "a stick between two fields scores 2). Action tiles: "
            + ("the two actions of each (variant: the active player plays one, followers the "
               "other), " if A.variant else "")
            + "the food lying on each, who took it this round and sent how many kittens, and "
              "who followed. \"holds P2×1\": a kitten taken from P2's family."
            + (" Under the supply, the box: " + "; ".join(box) + "." if box else "")
            + " Orange outlines and yellow marks: what the step changed.")


class Recorder(ReferenceGame):
    """The reference engine, recording a replay: the board, log lines and decisions of each
    step (``snaps``), and every disagreement between a bot's choice and the values recomputed
    for its options (``problems``)."""

    def __init__(self, arrays, lineup, seed: int, game: int, names):
        super().__init__(arrays, lineup, seed, game, log=True, names=names)
        self.snaps: list[dict] = []
        self.problems: list[str] = []
        self._from = 0            # first log line of the step being recorded
        self._decisions: list[Decision] = []
        self._performed: list[tuple] = []  # perform() calls of the step: (seat, action, n)
        self.placed: dict = {}    # tile -> {"seat", "act", "n", "followers": [(seat, act)]}
        self._acted_tile = -1     # the tile of this turn's action

    # ------------------------------------------------------------------ step cuts
    def setup(self):
        super().setup()
        self._cut("setup", -1)

    def wake_up(self, p: int):
        super().wake_up(p)
        self._cut("wake-up", p)

    def feed(self, p: int):
        super().feed(p)
        self._cut("feeding", p)

    def perform(self, q: int, a: int, n: int):
        self._performed.append((q, a, n))
        super().perform(q, a, n)

    def step_done(self, phase: str, seat: int) -> None:
        if phase == "action":
            t = next(x for x in range(N_TILES) if self.used[x] and x not in self.placed)
            _, a, n = self._performed[0]
            self.placed[t] = {"seat": seat, "act": a, "n": n, "followers": []}
            self._acted_tile = t
        elif phase == "follow":
            mine = [x for x in self._performed if x[0] == seat]
            if mine:
                self.placed[self._acted_tile]["followers"].append((seat, mine[0][1]))
        elif phase == "round end":
            self.placed = {}
        self._cut(phase, seat)

    def finish(self):
        """The final scoring: the log lines after the last round (awake kittens' food, the
        score of each family, the winners)."""
        self._cut("end", -1, final=True)

    def _cut(self, phase: str, seat: int, final: bool = False):
        lines = self.lines[self._from:]
        self._from = len(self.lines)
        dec = self._decisions[0] if self._decisions else None
        if dec is not None and len(self._decisions) > 1:
            more = "; ".join(f"{d.what}: {d.chosen}" + (f" ({d.note})" if "BUG" in d.note
                                                         else "")
                             for d in self._decisions[1:])
            note = dec.note.rstrip()
            if note and not note.endswith("."):
                note += "."
            dec.note = (note + " " if note else "") + "Then: " + more + "."
        self._decisions = []
        self._performed = []
        players = []
        for pl in self.players:
            players.append({"food": pl.food, "gold": pl.gold, "awake": pl.awake,
                            "asleep": pl.asleep, "merchants": [list(m) for m in pl.merchants],
                            "penalties": pl.penalties, "fields": set(pl.fields),
                            "sticks": set(pl.sticks), "wet": {c for c in pl.fields
                                                              if self.irrigated(pl, c)},
                            "tiles": dict(pl.tiles)})
        self.snaps.append({
            "phase": phase, "seat": seat, "round": self.round, "turn": self.turn,
            "first": self.first, "active": self.active, "trigger": self.trigger,
            "supply": (self.supply["field"], self.supply["stick"]),
            "box": dict(self.box),
            "aside": (int(self.agg.counters[C_FIELDS_ASIDE]),
                      int(self.agg.counters[C_STICKS_ASIDE])),
            "tile_food": list(self.tile_food), "used": list(self.used),
            "placed": {t: {**v, "followers": list(v["followers"])}
                       for t, v in self.placed.items()},
            "acted": self._acted_tile if phase in ("action", "follow") else -1,
            "players": players, "log": lines, "decision": dec,
            "scores": [int(s) for s in (self.scores if final else self.running_scores())],
        })

    # ------------------------------------------------------------------ decisions
    def ask(self, fn, q, *args) -> int:
        st = self.make_view()
        before = self.rng.copy()
        code = super().ask(fn, q, *args)
        explain = _EXPLAIN.get(fn)
        if explain is not None:
            d = explain(self, st, q, before, code, *args)
            if d is not None:
                self._decisions.append(d)
        return code

    def bug(self, d: Decision, text: str) -> Decision:
        """Record a disagreement between the bot's choice and the recomputed values."""
        self.problems.append(f"turn {self.turn}, {self.names[d.seat]}, {d.what}: {text}")
        d.note = (d.note + " " if d.note else "") + f"BUG: {text}"
        return d


# ---------------------------------------------------------------------- option labels
def _side_label(rec: Recorder, t: int, side: int) -> str:
    """A tile and the action played on it."""
    return f"tile {t} {ACTIONS[rec.tiles[t][side]]}"


def _action_label(rec: Recorder, code: int) -> str:
    """An option of the action decision: ``tile 3 fields, 2 kittens; followers recruit (+1
    food on the tile)``."""
    t, side, n = code // 16, (code // 8) % 2, code % 8
    food = rec.tile_food[t]
    out = f"{_side_label(rec, t, side)}, {n} kitten{'s' if n != 1 else ''}"
    if rec.A.variant:
        out += f"; followers {ACTIONS[rec.tiles[t][1 - side]]}"
    return out + (f" (+{food} food on the tile)" if food else "")


FIRST_NOTE = "the bench bot's first legal option (no evaluation)"
CUSTOM_NOTE = ("the custom bot's highest score; options within 1e-9 of it are tied and drawn "
               "uniformly from the game's stream")


def _custom_choice(before, codes, vals):
    """The option a custom bot takes among ``codes`` scored ``vals`` (the kernel's tie draws,
    ``bots.tie_step``, replayed on a copy of the stream as it was before the decision), and
    the stream after it."""
    rng = before.copy()
    best, pick, nt = -np.inf, codes[0], 0
    for c, v in zip(codes, vals, strict=True):
        best, pick, nt = bots.tie_step(float(v), int(c), best, pick, nt, rng)
    return int(pick), rng


def _options(codes, values, chosen, label) -> list[Option]:
    """Options best first (ties in the bot's order), the chosen one marked."""
    order = sorted(range(len(codes)), key=lambda i: -values[i] if values[i] is not None else 0)
    return [Option(label(codes[i]), None if values[i] is None else float(values[i]),
                   codes[i] == chosen) for i in order]


def _action_codes(rec: Recorder, st, p: int, w) -> list[tuple]:
    """The (code, action, n) of every option of the action decision, in the bots' loop order
    (free tiles, sides, 0 .. the most the bot may send)."""
    A = rec.A
    out = []
    for t in range(N_TILES):
        if st.tile_used[t] == 1:
            continue
        for side in range(2 if A.variant else 1):
            a = int(A.tile_act[t, side])
            lim = int(family.send_limit(A, st, p, a))
            if w is not None:
                lim = min(lim, int(w[bots.W_SEND]))
            for n in range(lim + 1):
                out.append((t * 16 + side * 8 + n, a, n))
    return out


# ---------------------------------------------------------------------- the action
def _explain_action(rec: Recorder, st, p, before, code, sim):
    A, lu = rec.A, rec.lineup
    bid = int(lu.ids[p])
    what = "which tile to take and how many kittens to send"
    chosen = _action_label(rec, code)
    if bid in (bots.BOT_RANDOM, bots.BOT_FIRST):
        opts = []
        for t in range(N_TILES):
            if st.tile_used[t] == 1:
                continue
            for side in range(2 if A.variant else 1):
                lim = int(family.send_limit(A, st, p, int(A.tile_act[t, side])))
                opts.append(Option(f"{_side_label(rec, t, side)}, 0-{lim} kittens"
                                   + (f"; followers {ACTIONS[rec.tiles[t][1 - side]]}"
                                      if A.variant else ""), None,
                                   (t, side) == (code // 16, (code // 8) % 2)))
        if bid == bots.BOT_FIRST:
            t = max(x for x in range(N_TILES) if st.tile_used[x] == 0)
            d = Decision(p, what, chosen, opts, note=FIRST_NOTE + ": the last free tile, its "
                         "first side, every kitten it may send")
            want = t * 16 + int(family.send_limit(A, st, p, int(A.tile_act[t, 0])))
            if want != code:
                rec.bug(d, f"its first option is {_action_label(rec, want)}")
            return d
        return Decision(p, what, chosen, opts,
                        note="chosen at random: a free tile (and side) uniformly, then the "
                             "number of kittens uniformly from 0 to the most it can send")
    if bid == CUSTOM_ID:
        w = lu.params[p]
        codes = [c for c, _, _ in _action_codes(rec, st, p, None)]
        vals = [float(lu.custom(A, st, p, bots.KIND_ACTION, c, w)) for c in codes]
        best, rng = _custom_choice(before, codes, vals)
        d = Decision(p, what, chosen, _options(codes, vals, code, lambda c: _action_label(rec, c)),
                     value_label="custom bot's score", note=CUSTOM_NOTE)
        if best != code:
            rec.bug(d, f"the custom bot's best option is {_action_label(rec, best)}")
        elif not np.array_equal(rng, rec.rng):
            rec.bug(d, "the tie draws do not match the random stream the bot used")
        return d
    w = lu.params[p]
    if bid == bots.BOT_LOOKAHEAD and sim is not None:
        return _explain_lookahead_action(rec, st, p, before, code, sim, what, chosen)
    # the evaluation bots: option_value (+ the noise each option drew), decide_action's loop
    rng = before.copy()
    opts = _action_codes(rec, st, p, w)
    noise = float(w[W_NOISE])
    wetc = -1
    codes, vals, base = [], [], []
    best, pick, nt = -1e18, -1, 0
    for c, a, n in opts:
        t = c // 16
        if a == A_FIELDS and wetc < 0:
            wetc = int(wet_free_cells(A, st, p))
        v = float(option_value(A, st, p, a, n, st.tile_food[t], w, wetc, True))
        base.append(v)
        if noise > 0:
            v += noise * float(uniform(rng))
        if v > best + 1e-9:
            best, pick, nt = v, c, 1
        elif v >= best - 1e-9:
            nt += 1
            if randint(rng, nt) == 0:
                pick = c
        codes.append(c)
        vals.append(v)
    note = ("value: the bot's one-turn evaluation of the option (score after this turn's "
            "feeding plus its weighted extras, minus food security and sleeping kittens)")
    if noise > 0:
        note += f", plus its noise draw from the game's stream (noise {noise:g})"
    d = Decision(p, what, chosen, _options(codes, vals, code, lambda c: _action_label(rec, c)),
                 value_label="evaluation", note=note + ".")
    if pick != code:
        rec.bug(d, f"the best value is {_action_label(rec, pick)}, the bot took {chosen}")
    elif not np.array_equal(rng, rec.rng):
        rec.bug(d, "the values' draws do not match the random stream the bot used")
    return d


def _explain_lookahead_action(rec, st, p, before, code, sc, what, chosen):
    """The lookahead bot: its candidates (the best ``width`` by the greedy evaluation, left at
    the front of its scratch) and the mean result of the playouts it ran for each."""
    A, lu = rec.A, rec.lineup
    w = lu.params[p]
    plays, width, horizon = (max(0, int(w[bots.W_PLAYOUTS])), max(1, int(w[bots.W_WIDTH])),
                             max(0, int(w[bots.W_HORIZON])))
    n = len(_action_codes(rec, st, p, w))
    m = min(width, n)
    codes = [int(c) for c in sc.codes[:m]]
    greedy = [float(v) for v in sc.vals[:m]]
    m = int(lookahead._within_margin(sc, m, w)) if m > 1 else m
    rest = n - m
    if m <= 1 or plays == 0:
        why = ("width 1 or no playouts" if plays == 0 or min(width, n) <= 1 else
               f"no other option within {float(w[bots.W_MARGIN]):g} points of the best")
        d = Decision(p, what, chosen, _options(codes, greedy, code,
                                               lambda c: _action_label(rec, c)),
                     value_label="greedy value",
                     note=f"no search at this decision ({why}): the best option by the greedy "
                          "evaluation.")
        if codes[0] != code:
            rec.bug(d, f"the bot's first candidate is {_action_label(rec, codes[0])}")
        return d
    base = _last_draw(before, rec.rng)
    pl = JungleLineup(sc.ids, sc.params, lu.custom)
    means, best, pick = [], -1e18, codes[0]
    for c in codes[:m]:
        tot = 0.0
        for r in range(plays):
            seed_stream(base, np.uint64(r), sc.rng)
            lookahead._copy_state(st, sc.st)
            turn.play_action(A, sc.st, pl, p, sc.rng, c)
            turn.feed(A, sc.st, pl, p, sc.rng)
            k = turn.play_on(A, sc.st, pl, p, sc.rng, horizon)
            tot += float(lookahead._result(A, sc.st, k, p))
        if tot > best + 1e-9:
            best, pick = tot, c
        means.append(tot / plays)
    opts = [Option(f"{_action_label(rec, c)} (greedy {g:.2f})", v, c == code)
            for c, g, v in sorted(zip(codes[:m], greedy[:m], means, strict=True),
                                  key=lambda x: -x[2])]
    d = Decision(p, what, chosen, opts, value_label="playout mean",
                 note=f"the best {m} of {n} options by the greedy evaluation, each played on "
                      f"in {plays} continuations ({'to the end' if not horizon else f'{horizon} rounds'}"
                      f"); value: mean win share + (score - best other score) / 1000"
                      + (f"; the other {rest} options ranked lower by the greedy evaluation"
                         if rest else "") + ".")
    if pick != code:
        rec.bug(d, f"the best playout mean is {_action_label(rec, pick)}")
    return d


def _last_draw(before: np.ndarray, after: np.ndarray) -> np.uint64:
    """The last 64-bit draw between two states of the stream (the playouts' common seed)."""
    s = before.copy()
    x = None
    for _ in range(100_000):
        if np.array_equal(s, after):
            if x is None:
                break
            return np.uint64(x)
        x = next_u64(s)
    raise AssertionError("the bot's draws could not be followed on the stream")


# ---------------------------------------------------------------------- follow or pass
def _explain_follow(rec: Recorder, st, q, before, code, a, sim):
    A, lu = rec.A, rec.lineup
    bid = int(lu.ids[q])
    what = f"follow on {ACTIONS[a]} or pass"
    follow = f"follow on {ACTIONS[a]} with one kitten"
    pas = "pass (wake a kitten for free)" if st.asleep[q] > 0 else "pass (+1 food)"
    labels = {1: follow, 0: pas}
    chosen = labels[code]
    if bid == bots.BOT_RANDOM:
        return Decision(q, what, chosen, [Option(follow, None, code == 1),
                                          Option(pas, None, code == 0)],
                        note="chosen at random (one in two)")
    if bid == bots.BOT_FIRST:
        d = Decision(q, what, chosen, [Option(follow, None, code == 1),
                                       Option(pas, None, code == 0)],
                     note=FIRST_NOTE + ": follow")
        if code != 1:
            rec.bug(d, "its first option is to follow")
        return d
    if bid == CUSTOM_ID:
        w = lu.params[q]
        vals = [float(lu.custom(A, st, q, bots.KIND_FOLLOW, o, w)) for o in (0, 1)]
        d = Decision(q, what, chosen, _options([0, 1], vals, code, labels.get),
                     value_label="custom bot's score", note=CUSTOM_NOTE)
        if _custom_choice(before, [0, 1], vals)[0] != code:
            rec.bug(d, "the custom bot scored the other option higher")
        return d
    w = lu.params[q]
    wetc = int(wet_free_cells(A, st, q)) if a == A_FIELDS else 0
    vf = float(option_value(A, st, q, a, 1, 0, w, wetc, False))
    if st.asleep[q] > 0:
        vp = (float(option_value(A, st, q, A_FOOD, 0, 0, w, 0, False))
              + float(w[W_ASLEEP]))
    else:
        vp = float(option_value(A, st, q, A_FOOD, 0, 1, w, 0, False))
    thr = float(w[W_FOLLOW])
    greedy = 1 if vf - vp > thr else 0
    if bid == bots.BOT_LOOKAHEAD and sim is not None and int(w[bots.W_PLAYOUTS]) > 0 \
            and w[bots.W_FOLLOW_SEARCH] > 0:
        plays, horizon = int(w[bots.W_PLAYOUTS]), max(0, int(w[bots.W_HORIZON]))
        rng = before.copy()
        base = np.uint64(next_u64(rng))
        pl = JungleLineup(sim.ids, sim.params, lu.custom)
        p = int(st.info[I_ACTIVE])
        k = (q - p + A.n_players) % A.n_players
        means, best, pick = {}, -1e18, greedy
        for j in range(2):
            f = greedy if j == 0 else 1 - greedy
            tot = 0.0
            for r in range(plays):
                seed_stream(base, np.uint64(r), sim.rng)
                lookahead._copy_state(st, sim.st)
                turn.follow_or_pass(A, sim.st, pl, q, a, f == 1, sim.rng)
                turn.followers(A, sim.st, pl, p, a, k + 1, sim.rng)
                turn.feed(A, sim.st, pl, p, sim.rng)
                kk = turn.play_on(A, sim.st, pl, p, sim.rng, horizon)
                tot += float(lookahead._result(A, sim.st, kk, q))
            if tot > best + 1e-9:
                best, pick = tot, f
            means[f] = tot / plays
        d = Decision(q, what, chosen, [Option(labels[f], means[f], f == code)
                                       for f in sorted(means, key=lambda f: -means[f])],
                     value_label="playout mean",
                     note=f"each played on in {plays} continuations; value: mean win share + "
                          f"(score - best other score) / 1000 (greedy would "
                          f"{'follow' if greedy else 'pass'}: {vf:.2f} against {vp:.2f}).")
        if pick != code:
            rec.bug(d, f"the best playout mean is to {labels[pick]}")
        return d
    vals = {1: vf, 0: vp + thr}
    note = ("value: the bot's evaluation after following (one kitten asleep, the action's "
            "gain) and after passing (")
    note += ("a kitten woken" if st.asleep[q] > 0 else "+1 food") + ")"
    if thr:
        note += f"; passing includes the bot's follow threshold {thr:g}"
    d = Decision(q, what, chosen, _options([1, 0], [vals[1], vals[0]], code, labels.get),
                 value_label="evaluation", note=note + ".")
    if greedy != code:
        rec.bug(d, f"the evaluation says {labels[greedy]}")
    return d


# ---------------------------------------------------------------------- rule-based decisions
_RULE = {
    "wake": "the evaluation bots wake what they can afford beyond this turn's need (at most "
            "`send`)",
    "sell": "the evaluation bots sell gold always and food beyond this turn's need + "
            "`sell_margin`",
    "fire": "the evaluation bots fire a sleeping worker first (then an awake one, then the "
            "merchant with fewest goods) when `fire` or more food is missing, never their last "
            "kitten",
    "unfed": "the evaluation bots feed every kitten they can unless a ration ({ration} food) "
             "is worth more to them than the penalty (-{penalty})",
}


def _by_rule(rec, q, what, chosen_i, labels, rule):
    """A decision taken by a rule rather than by values: its options without values."""
    bid = int(rec.lineup.ids[q])
    note = ("chosen at random" if bid == bots.BOT_RANDOM else
            FIRST_NOTE + "." if bid == bots.BOT_FIRST else
            CUSTOM_NOTE if bid == CUSTOM_ID else
            f"{rule} (a rule of the bot: no values).")
    return Decision(q, what, labels[chosen_i],
                    [Option(lab, None, i == chosen_i) for i, lab in enumerate(labels)],
                    note=note)


def _explain_wake(rec, st, p, before, code):
    mx = int(min(st.asleep[p], st.food[p]))
    labels = [f"wake {k} (pay {k} food)" if k else "wake none" for k in range(mx + 1)]
    if not 0 <= code <= mx:
        return None
    return _by_rule(rec, p, "how many sleeping kittens to wake for 1 food each", code, labels,
                    _RULE["wake"] + f": food {int(st.food[p])}, need "
                                    f"{int(family.field_need(rec.A, st, p))}")


def _explain_sell(rec, st, p, before, code, kind):
    name = "food" if kind == M_FOOD else "gold"
    mx = int(min(family.sale_slots(st, p, kind), st.food[p] if kind == M_FOOD else st.gold[p]))
    if not 0 <= code <= mx:
        return None
    labels = [f"sell {k} {name}" for k in range(mx + 1)]
    return _by_rule(rec, p, f"how much {name} to sell to its merchants", code, labels,
                    _RULE["sell"])


def _explain_fire(rec, st, p, before, code):
    codes, labels = [-1], ["keep every kitten (unfed ones cost penalties)"]
    if st.asleep[p] > 0:
        codes.append(K_ASLEEP)
        labels.append("fire a sleeping worker")
    if st.awake[p] > 0:
        codes.append(K_AWAKE)
        labels.append("fire an awake worker")
    for i in range(int(st.nm[p])):
        kind = {M_FOOD: "food", M_GOLD: "gold"}.get(int(st.mkind[p, i]), "no")
        codes.append(2 + i)
        labels.append(f"fire merchant {i + 1} ({kind} goods, {int(st.mgoods[p, i])} held)")
    if code not in codes:
        return None
    return _by_rule(rec, p, f"whether to fire a kitten for {rec.A.fire_food} food",
                    codes.index(code), labels, _RULE["fire"])


def _explain_unfed(rec, st, p, before, code, lo, hi):
    if not lo <= code <= hi:
        return None
    labels = [f"leave {u} kitten{'s' if u != 1 else ''} unfed" for u in range(lo, hi + 1)]
    return _by_rule(rec, p, "how many kittens to leave unfed", code - lo, labels,
                    _RULE["unfed"].format(ration=rec.A.food_per_kitten,
                                          penalty=rec.A.penalty))


def _explain_role(rec, st, p, before, code):
    roles = ("a worker", "a food merchant", "a gold merchant")
    if rec.A.kind_at_recruit == 0:
        roles = ("a worker", "a merchant", "a merchant")
    return Decision(p, "the recruit's role", roles[code] if 0 <= code <= 2 else "?")


def _explain_victim(rec, st, p, before, code):
    fam = int(family.kittens(st, code)) if 0 <= code < rec.n_p else 0
    return Decision(p, "whom to take a kitten from",
                    f"{rec.names[code]} ({fam} kittens)" if 0 <= code < rec.n_p else "?")


def _explain_field(rec, st, p, before, code):
    return Decision(p, "where the field goes", str(rec.cell_of(code)))


def _explain_stick(rec, st, p, before, code):
    if not 0 <= code < rec.A.n_edges:
        return Decision(p, "where the stick goes", "?")
    a, b = rec.edge_of(code)
    return Decision(p, "where the stick goes", f"between {a} and {b}")


_EXPLAIN = {
    lookahead.decide_action_search: _explain_action,
    lookahead.decide_follow_search: _explain_follow,
    bots.decide_wake: _explain_wake,
    bots.decide_sell: _explain_sell,
    bots.decide_fire: _explain_fire,
    bots.decide_unfed: _explain_unfed,
    bots.decide_role: _explain_role,
    bots.decide_victim: _explain_victim,
    bots.decide_field: _explain_field,
    bots.decide_stick: _explain_stick,
}


# ---------------------------------------------------------------------- the replay
def record(prepared, seed: int, game: int, names: list[str]) -> Recorder:
    """Play game ``game`` of seed ``seed`` with the recording reference engine."""
    rec = Recorder(prepared.arrays, prepared.lineup, seed, game, names)
    rec.play()
    rec.finish()
    return rec


def _phase(rec: Recorder, s: dict) -> str:
    if s["phase"] == "setup":
        return "setup"
    if s["phase"] == "end":
        return f"end of the game after {s['round']} rounds"
    if s["phase"] == "round end":
        return f"round {s['round']}: end of the round"
    who = rec.names[s["seat"]]
    what = {"wake-up": "wakes up", "sale": "sells to its merchants",
            "action": "takes an action tile", "follow": "follows or passes",
            "feeding": "feeds its family"}[s["phase"]]
    return (f"round {s['round']}, turn {s['turn']} ({rec.names[s['active']]}'s turn): "
            f"{who} {what}")


def replay(prepared, seed: int, game: int, names: list[str]) -> Replay:
    """Game ``game`` of seed ``seed`` step by step (see the module docstring)."""
    rec = record(prepared, seed, game, names)
    board = Board(rec)
    steps = [Step(phase=_phase(rec, s), log=s["log"], svg=board.svg(i), decision=s["decision"],
                  scores=s["scores"]) for i, s in enumerate(rec.snaps)]
    return Replay.played(names, steps, rec.scores, rec.winners, score_note(rec.A),
                         legend(rec.A), rec.problems)
