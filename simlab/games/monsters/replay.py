"""Monsters on Board, one game step by step (``simlab replay monsters``).

The reference engine (:class:`~simlab.games.monsters.reference.ReferenceGame`, on the kernel's
random stream) plays game ``game`` of seed ``seed``; :class:`_Recorder` watches it through the
methods it already has and cuts its log into the steps a designer follows:

- the setup (Prophecy cards, markets; solo 2: Spider Jack's colour, deck and Court);
- each round's Arrival (the Fearmobiles' dice);
- every draft pick (one step per player and pick; solo: Spider Jack's pick by his card's symbol
  is a step of its own);
- every Driveway die activated (Grunt movement: the Grunts moved and the actions they landed on,
  with their consequences);
- every Swamp-Jack placement (the die, its row and the actions on it) and the Malice die;
- every Arch Monster card discarded for its back action;
- every Spook-phase turn (a Ghost bought and where it goes, an Arch Monster bought, a pass);
  solo 2: Spider Jack's scoring of his dice and his purchase; solo 1: the market discards;
- the final scoring.

A step where a bot decided (draft pick, activation, placement, Spook turn, discard) carries the
:class:`~simlab.core.replay.Decision` with the options the bot weighed and its values for them,
read from the bot's own functions on the state it saw: the evaluating bots (greedy, prophet,
weights) leave each option's value in the state's ``optv`` when they draft, activate and place
(read right after the engine asked them); the Malice die is the bot's ``argmax_step`` over
``values.malice_value`` minus the die's best placement; a Spook turn is valued by
``values.ghost_value`` / ``values.arch_gain`` minus ``cost`` x Malice (passing 0), as
``bots_spook.decide_spook`` does; a discard by ``values.icon_value`` of the back action minus the
card kept (``card_points`` / ``held_score``, ``arch`` x ``game_left``), as ``decide_arch`` does.
The ``noise`` each option drew (``bots.jitter``) is drawn again from a copy of the stream as the
bot found it and added to the shown value; the copy must then stand where the bot left the
stream, else the noise is not shown. The ``lookahead`` bot's options are the candidates
``lookahead.candidates`` keeps and their values the mean of the playouts it ran
(``scratch.cval``); a random bot's options are listed without values, a custom bot's too.
Where the bot's choice is not the best of those values (beyond ``bots.TIE``) the step says so
and :attr:`_Recorder.problems` records it (a bug to report, not to hide). The family mode is replayed by ``replay_family``.
"""

from __future__ import annotations

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.replay import Decision, Option, Replay, Step
from simlab.core.rng import uniform
from simlab.games.monsters import bots, values, values_solo
from simlab.games.monsters.actions import COLOURS
from simlab.games.monsters.reference import ReferenceGame
from simlab.games.monsters.reference_base import MARKET, ROW_NAMES, SOLO1, SOLO2
from simlab.games.monsters.reference_shape import reference_running_scores
from simlab.games.monsters.replay_svg import LEGEND, Drawer, arch_short, back_short
from simlab.games.monsters.replay_words import choice_words
from simlab.games.monsters.state import CHOICE_NAMES, COLS, ROWS, MonstersState

SCORE_NOTE = ("Running score: each player's Spook Juice plus what final scoring would give on "
              "the position now (final-area Grunts, Prophecy card, Arch Monsters, each row "
              "trimmed to its Spider Jack die), as the game-shape measures count it after each "
              "round; the last step shows the final scores.")
BOT_NAMES = {v[0]: k for k, v in bots.BOTS.items()}
#: the explanation's choice names (``state.CHOICE_NAMES``) in words, for what a play did
MAX_OPTIONS = 14


def _copy(st) -> MonstersState:
    return MonstersState(*[np.array(a, copy=True) for a in st])


class _Recorder(ReferenceGame):
    """The reference engine, cutting its log into replay steps as it plays."""

    def __init__(self, prepared, seed: int, game: int, names: list[str], cards=None):
        super().__init__(prepared.arrays, prepared.lineup, seed, game, log=True, names=names,
                         cards=cards)
        self.steps: list[Step] = []
        self.cut = 0                 # first log line not yet in a step
        self.depth = 0               # actions being performed (nested)
        self.decision = None         # the decision of the step being played
        self.arch_decision = None
        self.problems: list[str] = []
        self.drawer = None
        self.mark = None             # holdings() after the last step

    # ------------------------------------------------------------------ steps
    def pending(self) -> bool:
        return len(self.lines) > self.cut

    def running(self) -> list[float]:
        return [float(x) for x in reference_running_scores(self)[:self.P]]

    def emit(self, title: str, actor=None, decision=None, note: str = ""):
        if self.drawer is None:
            self.drawer = Drawer(self)
        if decision is not None:   # what the chosen play did (the options stay as weighed)
            decision.chosen += f" → {self.effects(decision.seat)}"
        self.mark = self.holdings()
        log = self.lines[self.cut:]
        self.cut = len(self.lines)
        svg = self.drawer.draw(title, actor, note)
        self.steps.append(Step(phase=title, log=list(log), svg=svg, decision=decision,
                               scores=self.running()))

    def holdings(self):
        """Each seat's choice counts, Spook Juice and Malice now (what a step changed)."""
        return [(list(self.ch[p]), self.players[p].juice, self.players[p].malice)
                for p in range(self.P)]

    def effects(self, p: int) -> str:
        """What p's play of this step did: the explanation's choices it counted
        (``CHOICE_NAMES`` in words) and the Spook Juice and Malice it gained or paid."""
        ch0, j0, m0 = self.mark[p] if self.mark else ([0] * len(CHOICE_NAMES), 0, 0)
        ch, j, m = self.holdings()[p]
        words = choice_words((name, b - a) for name, a, b in zip(CHOICE_NAMES, ch0, ch,
                                                                  strict=True))
        if j != j0:
            words.append(f"{j - j0:+d} Spook Juice")
        if m != m0:
            words.append(f"{m - m0:+d} Malice")
        return "; ".join(words) if words else "no action performed, no Spook Juice or Malice changed"

    def where(self) -> str:
        return f"Round {self.round}" if self.round else "Setup"

    # ------------------------------------------------------------------ hooks on the engine
    def setup(self):
        super().setup()
        self.emit("Setup: Prophecy cards dealt, markets filled"
                  + ("; Spider Jack's deck and Court" if self.mode == SOLO2 else ""))

    def arrival(self):
        super().arrival()
        self.emit(f"Round {self.round} of {int(self.A.rounds)} · Arrival: the Fearmobiles are "
                  f"filled")

    def player_pick(self, p: int, f: int, pick: int):
        self.flush_automaton()
        super().player_pick(p, f, pick)

    def draft(self):
        super().draft()
        self.flush_automaton()

    def flush_automaton(self):
        """Solo: Spider Jack's last pick (said after the player's), as a step of its own."""
        if self.mode >= SOLO1 and any("Spider Jack takes" in line
                                      for line in self.lines[self.cut:]):
            self.emit(f"Round {self.round} · Spider Jack drafts by his card", note=(
                "the automaton: the symbol's colour, then the highest or lowest rank, then the "
                "die nearest the front of the car; his 4th die is simply his"))

    def take_die(self, p: int, f: int, k: int, pick: int):
        c, face = self.fearmobiles[f][k]
        super().take_die(p, f, k, pick)
        self.emit(f"Round {self.round} · draft pick {pick + 1}: {self.names[p]} takes "
                  f"{self.die_text(c, face)}", p, self.decision)
        self.decision = None

    def perform(self, p, a, j, just):
        discard = self.arch_decision if self.depth == 0 else None
        self.arch_decision = None
        self.depth += 1
        try:
            super().perform(p, a, j, just)
        finally:
            self.depth -= 1
        if discard is not None:   # the back action of a card use_arch just discarded
            self.emit(f"{self.where()} · {self.names[p]} discards an Arch Monster for its "
                      f"back action", p, discard)

    def move_grunts(self, p: int, c: int):
        super().move_grunts(p, c)
        if self.depth == 0:
            art = "an" if COLOURS[c][0] in "aeiou" else "a"
            self.emit(f"Round {self.round} · Grunt movement: {self.names[p]} activates {art} "
                      f"{COLOURS[c]} die", p, self.decision)
            self.decision = None

    def perform_all(self, p: int, icons: list, just: bool):
        super().perform_all(p, icons, just)
        if just and self.depth == 0:
            r, c = self.just_placed if self.just_placed else (-1, -1)
            where = f" in the {ROW_NAMES[r]} row" if r >= 0 else ""
            self.emit(f"Round {self.round} · Swamp-Jack: {self.names[p]} places a die{where}",
                      p, self.decision)
            self.decision = None

    def gain_malice(self, p: int, n: int, why: str):
        super().gain_malice(p, n, why)
        if why.startswith("rank ") and self.depth == 0:   # the 4th die on the Gain Malice spot
            self.emit(f"Round {self.round} · Swamp-Jack: {self.names[p]}'s 4th die gives "
                      f"Malice", p, note="the die the bot kept for Malice (see its last "
                                         "placement's decision)")

    def spook_turn(self, p: int) -> bool:
        bought = super().spook_turn(p)
        pl = self.players[p]
        self.emit(f"Round {self.round} · Spook phase: {self.names[p]} "
                  + ("buys" if bought else "passes") + f" (Malice {pl.malice})", p,
                  self.decision)
        self.decision = None
        return bought

    def spook_phase(self):
        super().spook_phase()
        if self.pending():
            self.emit(f"Round {self.round} · end of the Spook phase"
                      + (": solo 1 discards from the markets" if self.mode == SOLO1 else ""),
                      note="solo 1: the rightmost Ghost and Arch Monster are discarded (twice "
                           "after a Spook phase without a purchase)" if self.mode == SOLO1
                      else "")

    def sj_score_dice(self):
        super().sj_score_dice()
        self.emit(f"Round {self.round} · Spider Jack scores 3 of his dice", note=(
            "the automaton: highest rank first (ties: the die whose matching Court scores "
            "more): its rank, then the matching Court (dice 1, Ghosts 2, Grunts 3)"))

    def sj_buy(self):
        super().sj_buy()
        self.emit(f"Round {self.round} · Spider Jack takes Ghosts by his un-scored die", note=(
            "the automaton: the Ghost at the position (1..5 from the right) of his un-scored "
            "die's rank (6: positions 1 and 5) joins his Court; the Arch Monsters at the same "
            "positions are discarded"))

    def sj_spook_phase(self):
        super().sj_spook_phase()
        if self.pending():
            self.emit(f"Round {self.round} · Spider Jack's un-scored die", note=(
                "back to the bag, or (difficulty) into his Court, scored first with "
                "sj_unscored = 2"))

    def final_scoring(self):
        scores, winners = super().final_scoring()
        self.emit("Final scoring: rows trimmed to their Spider Jack die, final-area Grunts, "
                  "Prophecy, Arch Monsters")
        self.steps[-1].scores = [float(s) for s in scores]
        return scores, winners

    # ------------------------------------------------------------------ decisions
    def ask(self, fn, p, *args):
        self.rng0 = self.rng.copy()   # the stream as the bot found it (its noise draws)
        self.rng_after_malice = None
        x = super().ask(fn, p, *args)
        try:
            if fn is bots.decide_draft:
                self.decision = self.draft_decision(p, args[0], x)
            elif fn is bots.decide_activate:
                self.decision = self.activate_decision(p, x)
            elif fn is bots.decide_place:
                self.decision = self.place_decision(p, x)
            elif fn is bots.decide_spook:
                self.decision = self.spook_decision(p, x)
            elif fn is bots.decide_arch and x >= 0:
                self.arch_decision = self.discard_decision(p, x, args[0])
        except Exception as e:  # noqa: BLE001  (a replay must not change the game)
            self.problems.append(f"{self.names[p]}: the decision could not be shown ({e!r})")
        return x

    def kind(self, p: int) -> int:
        return int(self.lu.ids[p])

    def note_for(self, p: int) -> str:
        bid = self.kind(p)
        if bid == bots.BOT_RANDOM:
            return "random bot: chosen at random among the legal options (no values)"
        if bid == bots.BOT_FIRST:
            return "first (bench) bot: the first legal option, no values"
        if bid == CUSTOM_ID:
            return "custom bot: its own scores are not shown"
        if bid == bots.BOT_LOOKAHEAD:
            return ("lookahead: the candidates its greedy pre-ranking kept, valued by the mean "
                    "of its playouts (win share + score margin / 100)")
        w = self.lu.params[p]
        noise = float(w[bots.W_NOISE])
        return (f"{BOT_NAMES.get(bid, 'bot')}: the bot's immediate value of each option"
                + (f" (plus a random noise below {noise:g} the bot added)" if noise else ""))

    def evaluating(self, p: int) -> bool:
        return self.kind(p) in (bots.BOT_GREEDY, bots.BOT_PROPHET, bots.BOT_WEIGHTS)

    def add_noise(self, p: int, options: list[Option], order: list[str], exact: bool = True):
        """The noise the bot added to each option (``bots.jitter``: one uniform draw per option
        it valued, in its loop's ``order`` of labels), drawn again from a copy of the stream as
        the bot found it; kept when the copy then stands where the bot left the stream (or
        when ``exact`` is False: more draws followed), else noted. Returns the note."""
        noise = float(self.lu.params[p][bots.W_NOISE])
        if not noise or not self.evaluating(p):
            return ""
        rng = (self.rng_after_malice if self.rng_after_malice is not None else self.rng0).copy()
        self.rng_after_malice = None
        draws = {label: float(uniform(rng)) * noise for label in order}
        if exact and not np.array_equal(rng, self.rng):
            return (f" (the bot added a random noise below {noise:g} to each value; "
                    f"not shown: its draws could not be replayed)")
        for o in options:
            if o.label in draws and o.value is not None:
                d = draws[o.label]
                o.label += f" [{o.value:.2f} + noise {d:.2f}]"
                o.value += d
        return (f" Values include the random noise (below {noise:g}) the bot added to each "
                f"option, drawn from the game's stream as it did.")

    def finish(self, p: int, what: str, options: list[Option], chosen_label: str,
               note: str = "", value_label: str = "value", order=None,
               exact: bool = True, noisy: bool = True) -> Decision:
        """Sort the options, mark the chosen one, check it is the best value."""
        note = note or self.note_for(p)
        if order is not None:
            extra = self.add_noise(p, options, order, exact)
            if extra:
                note = note.replace(f" (plus a random noise below "
                                    f"{float(self.lu.params[p][bots.W_NOISE]):g} the bot added)",
                                    "") + extra
                if "[" in "".join(o.label for o in options):
                    value_label = "value + noise"
                    chosen_label = next((o.label for o in options
                                         if o.label.startswith(chosen_label + " [")),
                                        chosen_label)
        seen = False
        for o in options:
            o.chosen = o.label == chosen_label and not seen
            seen = seen or o.chosen
        if not any(o.chosen for o in options):
            options.append(Option(chosen_label, None, True))
        vals = [o.value for o in options if o.value is not None]
        if vals and self.kind(p) != bots.BOT_RANDOM:
            best = max(vals)
            ch = next(o for o in options if o.chosen)
            slack = bots.TIE + (0.0 if value_label == "value + noise" or not noisy
                                else float(self.lu.params[p][bots.W_NOISE]))
            if ch.value is None or ch.value < best - slack - 1e-9:
                msg = (f"{self.names[p]} ({what}): chose {chosen_label!r} "
                       f"({ch.value}) but its values put "
                       f"{max(options, key=lambda o: -1e18 if o.value is None else o.value).label!r} "
                       f"({best:g}) first")
                self.problems.append(msg)
                note += f" MISMATCH (a bug to report): {msg}."
            options.sort(key=lambda o: -1e18 if o.value is None else -o.value)
        if len(options) > MAX_OPTIONS:
            keep = options[:MAX_OPTIONS - 1]
            if not any(o.chosen for o in keep):
                keep.append(next(o for o in options if o.chosen))
            note += f" ({len(options) - len(keep)} more options not listed)"
            options = keep
        return Decision(p, what, chosen_label, options, value_label=value_label, note=note)

    def look_values(self, p: int, kind: int, f: int) -> dict | None:
        """A lookahead seat's searched options and their playout means, from its scratch (the
        candidates it kept: ``lookahead.candidates`` and ``_keep_best`` on the same state)."""
        from simlab.games.monsters import lookahead

        sc = self.lu.scratch
        w = self.lu.params[p]
        cand = np.zeros(lookahead.MAX_CAND, np.int64)
        cval = np.zeros(lookahead.MAX_CAND)
        n = int(lookahead.candidates(self.A, _copy(self.view), p, kind, f, w, cand, cval))
        n = min(n, max(1, int(w[bots.W_WIDTH])))
        if n <= 1:
            return None
        # the mean of its playouts (a racing search: the options still in the race at its end;
        # the others were dropped after fewer playouts and show no value)
        return {int(sc.cand[i]): float(sc.cval[i]) for i in range(n)
                if not np.isnan(sc.cval[i])}

    def draft_decision(self, p: int, f: int, k: int) -> Decision:
        car = self.fearmobiles[f]
        opts = {}
        for i, d in enumerate(car):
            if d is not None:
                opts[i] = f"{self.die_text(*d)} (car position {i + 1})"
        vals = {}
        if self.evaluating(p):
            vals = {i: float(self.view.optv[i]) for i in opts}
        elif self.kind(p) == bots.BOT_LOOKAHEAD:
            vals = self.look_values(p, bots.KIND_DRAFT, f) or {}
        options = [Option(label, vals.get(i)) for i, label in opts.items()
                   if not vals or i in vals]
        return self.finish(p, f"which die to take from Fearmobile {f + 1}", options,
                           opts.get(k, f"car position {k + 1}"), order=list(opts.values()))

    def activate_decision(self, p: int, k: int) -> Decision:
        pl = self.players[p]
        opts = {}
        for i, d in enumerate(pl.driveway):
            if d is not None and d[2] == 0:
                opts[i] = (f"Driveway die {i + 1}, {self.die_text(d[0], d[1])}: moves the "
                           f"{COLOURS[d[0]]} Grunts")
        vals = {i: float(self.view.optv[i]) for i in opts} if self.evaluating(p) else {}
        options = [Option(label, vals.get(i)) for i, label in opts.items()]
        return self.finish(p, "which Driveway die to activate next", options,
                           opts.get(k, f"Driveway die {k + 1}"), order=list(opts.values()))

    def place_decision(self, p: int, x: int) -> Decision:
        pl = self.players[p]
        opts = {}
        for k, d in enumerate(pl.driveway):
            if d is None:
                continue
            for r in range(ROWS):
                if len(pl.rows[r]) < COLS:
                    opts[k * 3 + r] = (f"Driveway die {k + 1}, {self.die_text(d[0], d[1])}, in "
                                       f"the {ROW_NAMES[r]} row (spot {len(pl.rows[r]) + 1})")
        note = ""
        vals = {}
        if self.evaluating(p):
            w = self.lu.params[p]
            st = _copy(self.view)
            vals = {o: float(self.view.optv[o]) for o in opts}
            mal = {}
            for k, d in enumerate(pl.driveway):
                if d is not None:
                    best = max(v for o, v in vals.items() if o // 3 == k)
                    mal[k] = float(values.malice_value(self.A, st, p, k, w)) - best
            # the bot's Malice die: its tie-aware argmax over the dice (bots.argmax_step, ties
            # drawn from the stream as it found it); the noise draws follow
            rng = self.rng0.copy()
            km, mv, nt = -1, -1e18, 0
            for k, v in mal.items():
                take, nt = bots.argmax_step(v, mv, nt, rng)
                if take:
                    km = k
                    if nt == 1:
                        mv = v
            self.rng_after_malice = rng
            d = pl.driveway[km]
            tie = sum(1 for v in mal.values() if v >= mv - bots.TIE) > 1
            note = (f"{self.note_for(p)}. The die kept for the Malice spot: "
                    f"{self.die_text(d[0], d[1])} (its Malice value minus its best placement, "
                    f"{mal[km]:.2f}, is the highest"
                    + (", tied: drawn from the stream" if tie else "") + "); its placements "
                    "are not options")
            vals = {o: v for o, v in vals.items() if o // 3 != km}
        elif self.kind(p) == bots.BOT_LOOKAHEAD:
            vals = self.look_values(p, bots.KIND_PLACE, 0) or {}
        options = [Option(label, vals.get(o)) for o, label in opts.items()
                   if not vals or o in vals]
        order = [label for o, label in opts.items() if o in vals] if self.evaluating(p) else None
        return self.finish(p, "which die to place in which row (the last die gives Malice)",
                           options, opts.get(x, f"option {x}"), note, order=order)

    def spook_decision(self, p: int, x: int) -> Decision:
        A = self.A
        pl = self.players[p]
        st = _copy(self.view)
        w = self.lu.params[p]
        ev = self.evaluating(p)
        look = self.look_values(p, bots.KIND_SPOOK, 0) if \
            self.kind(p) == bots.BOT_LOOKAHEAD else None
        options = [Option("pass", 0.0 if ev else (look or {}).get(0))]
        from simlab.games.monsters.engine import can_place_ghost

        for k in range(MARKET):
            g = self.gmarket[k]
            if g is not None and A.ghost_cost[k] <= pl.malice and \
                    int(can_place_ghost(A, st, p, g)) >= 0:
                v = None
                if ev:
                    v = float(values.ghost_value(A, st, p, g, w)) + \
                        float(values_solo.sj_ghost_denial(A, st, k, w)) - \
                        w[bots.W_COST] * int(A.ghost_cost[k])
                elif look is not None:
                    v = look.get(1 + k)
                options.append(Option(f"buy {self.ghost_text(g)} at position {k + 1} for "
                                      f"{int(A.ghost_cost[k])} Malice", v))
            m = self.amarket[k]
            if m is not None and A.arch_cost[k] <= pl.malice and len(pl.arch) < st.arch.shape[1]:
                v = None
                if ev:
                    v = float(values.arch_gain(A, st, p, m, w)) - w[bots.W_COST] * \
                        int(A.arch_cost[k])
                elif look is not None:
                    v = look.get(6 + k)
                options.append(Option(f"buy Arch Monster {m} ({arch_short(self, m)}, back "
                                      f"{back_short(self, m)}) at position {k + 1} for "
                                      f"{int(A.arch_cost[k])} Malice", v))
        if look is not None:
            options = [o for o in options if o.value is not None]
        k = int(self.view.dec[0])
        if x == 1:
            chosen = next(o.label for o in options if o.label.startswith(
                f"buy {self.ghost_text(self.gmarket[k])} at position {k + 1}")) \
                if self.gmarket[k] is not None else "buy a Ghost"
            t = int(self.view.dec[1])
            g = self.gmarket[k]
            if g is not None and A.ghost_gain[g] == 1:
                where = f"on gain-Grunt spot {t}"
            else:
                where = f"on {self.space_text(t)}"
            note = f"The Ghost goes {where} (bots_spook.ghost_target). "
        elif x == 2:
            chosen = next((o.label for o in options if o.label.startswith(
                f"buy Arch Monster {self.amarket[k]} ")), "buy an Arch Monster")
            note = ""
        else:
            chosen, note = "pass", ""
        return self.finish(p, "what to buy in the Spook phase (or pass)", options, chosen,
                           note + self.note_for(p) + (f"; value = the item's value - "
                                                      f"{w[bots.W_COST]:g} per Malice spent."
                                                      if ev else "."),
                           order=[o.label for o in options[1:]] if ev else None,
                           exact=x != 1)

    def discard_decision(self, p: int, i: int, final: int) -> Decision:
        """Keep every card (0) or discard one: the bot's value of a discard is its back
        action's ``values.icon_value`` (Malice worthless at final scoring) minus what the card
        is worth kept (``values.card_points``; a single-Grunt card: ``values.held_score``
        without it) minus ``arch`` x the share of the game left (``values.game_left``), as
        ``bots_spook.decide_arch`` weighs them."""
        from simlab.games.monsters.actions import A_MALICE
        from simlab.games.monsters.cards import M_SINGLE_GRUNT

        A = self.A
        pl = self.players[p]
        ev = self.evaluating(p)
        options = [Option("keep every card", 0.0 if ev else None)]
        st = _copy(self.view)
        w = self.lu.params[p]
        left = float(w[bots.W_ARCH]) * float(values.game_left(A, st, final)) if ev else 0.0
        now = float(values.held_score(A, st, p, -1, -1)) if ev else 0.0
        for j, m in enumerate(pl.arch):
            v = None
            if ev:
                back = float(values.icon_value(A, st, p, int(A.cards.m_back[m]),
                                               int(A.cards.m_back_amount[m]), w))
                if final == 1 and int(A.cards.m_back[m]) == A_MALICE:
                    back = 0.0
                if int(A.cards.m_kind[m]) == M_SINGLE_GRUNT:
                    kept = now - float(values.held_score(A, st, p, j, -1))
                else:
                    kept = float(values.card_points(A, st, p, m))
                v = back - (kept + left)
            options.append(Option(f"discard Arch Monster {m} ({arch_short(self, m)}) for its "
                                  f"back action {back_short(self, m)}", v))
        chosen = options[1 + i].label
        note = self.note_for(p).split(" (plus a random noise")[0]
        if ev:
            note += (f" (no noise in this decision). Value of a discard: its back action now minus the card kept (its "
                     f"points now + {float(w[bots.W_ARCH]):g} x the share of the game left)"
                     + (" (final scoring: Malice is worth nothing)" if final == 1 else ""))
        return self.finish(p, "whether to discard an Arch Monster card for its back action",
                           options, chosen, note=note, noisy=False)


#: the solo-2 difficulty modifiers' "+"s by value (``data/difficulty.toml``)
_PLUS = {"court_monsters": {1: 1, 2: 2}, "court_ghosts": {2: 2, 4: 3}, "summoning": {1: 1},
         "unscored": {1: 1, 2: 2}, "prophecy_bonus": {1: 1}}


def _list(xs) -> str:
    return "/".join(str(int(x)) for x in xs)


def solo_level(A) -> int:
    """The difficulty "+"s of the solo-2 modifiers in force (the level under the shipped
    ladder, where level N is a set worth N "+"s)."""
    return sum(_PLUS[m].get(int(getattr(A, m)), 0) for m in _PLUS)


def rules_legend(A) -> str:
    """The rules this game was played by, from its rule arrays ``A`` (nothing assumed here:
    every figure is read from the arrays the engines played)."""
    from simlab.games.monsters.rules import PROPHECY_PLUS_ONE

    mode = int(A.mode)
    if mode == SOLO2:
        who = "1 player against Spider Jack (solo mode 2: outscore him; a tie is his)"
    elif mode == SOLO1:
        who = (f"1 player (solo mode 1: beat your own score; the game counts as won at "
               f"{int(A.target)} points)")
    else:
        who = f"{int(A.n_players)} players (regular mode)"
    out = [f"Rules played: {who}, {int(A.rounds)} rounds; Malice for ranks 1-6 "
           f"{_list(A.malice_chart)} (at most {int(A.malice_cap)}); Ghosts cost "
           f"{_list(A.ghost_cost)} and Arch Monsters {_list(A.arch_cost)} Malice by market "
           f"position left to right; each row's Spider Jack die starts at {int(A.sj_start)} "
           f"(at most {int(A.sj_max)}); {int(A.n_prophecy)} Prophecy cards, "
           f"{int(A.n_arch)} Arch Monsters, {int(A.n_ghosts)} Ghosts."]
    if mode >= SOLO1:
        out.append("The automaton drafts by its solo card: the symbol's colour, then the "
                   "highest or lowest rank, then the die nearest the front of the car; its "
                   "4th die is simply his.")
    if mode == SOLO1:
        out.append("After each Spook phase the rightmost Ghost and Arch Monster are discarded "
                   "(two each when nothing was bought).")
    if mode == SOLO2:
        mods = []
        if A.court_monsters:
            mods.append(f"{int(A.court_monsters)} more Grunt(s) of other colours in his Court")
        if A.court_ghosts:
            n = int(A.plus3_ghosts) if int(A.court_ghosts) == 4 else 2
            mods.append(f"{n} random Ghosts in his Court")
        if A.summoning:
            mods.append("he gains the Summoning Spook Juice you miss (Spider Jack die too low)")
        if A.unscored == 1:
            mods.append("his un-scored die goes to his Court")
        elif A.unscored == 2:
            mods.append("his un-scored die is scored (its rank), then goes to his Court")
        if A.prophecy_bonus:
            mods.append(f"he gains what your Prophecy card could have scored but did not "
                        f"(read as {PROPHECY_PLUS_ONE[int(A.prophecy_plus_one)]})")
        level = solo_level(A)
        out.append(f"Solo 2 at difficulty +{level} (" + ("; ".join(mods) or
                                                         "the plain automaton") + ").")
        out.append(f"Spider Jack scores 3 of his 4 dice, highest rank first: the rank, then "
                   f"his Court matching the die's colour ({int(A.court_die_points)} a die, "
                   f"{int(A.court_ghost_points)} a Ghost, {int(A.court_grunt_points)} a Grunt"
                   + ("; multi-coloured Ghosts match every colour" if A.multi_matches else
                      "; multi-coloured Ghosts match no colour") + "); after your first "
                   "purchase he takes the Ghost at the market position of his un-scored "
                   "die's rank (6: positions 1 and 5).")
    return " ".join(out)


def _cards(prepared):
    if not any(prepared.card_files):
        return None
    from simlab.games.monsters.cards import load_cards

    pf, af = prepared.card_files
    return load_cards(pf or None, af or None)


def replay(prepared, seed: int, game: int, names: list[str]) -> Replay:
    """Game ``game`` of seed ``seed``, step by step (see the module doc)."""
    from simlab.games.monsters import nb_family

    if isinstance(prepared, nb_family.FamilyPrepared):
        from simlab.games.monsters.replay_family import replay_family

        return replay_family(prepared, seed, game, names)
    if prepared.lineup.scratch is not None:
        from simlab.games.monsters.game import _compile_look

        _compile_look(prepared.arrays, prepared.lineup)
    g = _Recorder(prepared, seed, game, names, _cards(prepared))
    scores, winners = g.play()
    if g.pending():
        g.emit("End of the game")
        g.steps[-1].scores = [float(s) for s in scores]
    note = SCORE_NOTE
    legend = LEGEND + " " + rules_legend(g.A)
    if g.mode == SOLO2:
        note += (f" Solo 2: Spider Jack (the automaton) scored {g.sj_score}; the player wins "
                 f"only by outscoring him.")
    elif g.mode == SOLO1:
        note += f" Solo 1: the game counts as won at {int(g.A.target)} points."
    return Replay.played(names, g.steps, scores, winners, note, legend, g.problems)
