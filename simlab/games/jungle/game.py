"""Jungle Rumble: the public game module (validate -> arrays -> kernel -> tables).

Registered as ``jungle``; use it through :func:`simlab.simulate` or the ``simlab`` command.

Scores: a player's score is the rulebook's final scoring (kittens, sticks, merchants' goods,
reserve gold and food, penalties). The highest score wins; tied top scores share the victory
(the rulebook has no tie-break), so the winners are exactly the top scores.
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np

from simlab.core.shape import shape_metrics
from simlab.games.jungle import bots as _bots
from simlab.games.jungle import lookahead, nb
from simlab.games.jungle.rules import ACTIONS, JungleArrays, JungleRules, make_rules
from simlab.games.jungle.state import (
    BREAKDOWN,
    CHOICE_NAMES,
    COUNTER_NAMES,
    END_NAMES,
    SEAT_NAMES,
    JungleLineup,
    new_agg,
    new_state,
)
from simlab.games.registry import BotInfo, Game

_RULE_DOCS = {
    "players": "players, 2-4",
    "field_supply": "board supply of field tiles for 2,3,4 players (rulebook 22,25,30)",
    "stick_supply": "board supply of irrigation sticks for 2,3,4 players (rulebook 22,25,28)",
    "start_from_supply": "the start pieces (2 fields, 1 stick each) come out of those counts",
    "merchant_kind_at": "first_sale (a merchant's first sale fixes its goods) | recruit",
    "food_yields": "food for 1..6 kittens (rulebook 2,5,8,12,16,20; a follower gets the first)",
    "max_send": "kittens the active player may send (rulebook 6)",
    "max_family": "kitten tiles per family (rulebook 6); more are taken from opponents",
    "start_workers": "awake workers at the start (rulebook 2)",
    "start_food": "food at the start (rulebook: none)",
    "variant": "two-action tiles (followers take the other action)",
    "variant_tiles": "the 5 variant tiles (assumed food+irrigation,irrigation+gold,...)",
    "food_per_kitten": "feeding: food per kitten (rulebook 2)",
    "fire_food": "food for firing a kitten (rulebook 3)",
    "penalty": "points lost per unfed kitten (rulebook 3)",
    "kitten_points": "points per kitten (rulebook 3)",
    "merchant_gold_points": "points per gold on merchants (rulebook 3)",
    "merchant_food_points": "points per food on merchants (rulebook 2)",
    "gold_points": "points per gold in the reserve (rulebook 1)",
    "food_per_point": "reserve food per point (rulebook 2)",
    "grid": "side of each player's table in cells (assumed 11, a modelling bound)",
    "max_rounds": "safety bound on rounds (a modelling guard)",
    "food_limit": "food units in the box, 0 = unlimited (the box: 36 tokens of 1, 2, 5 units)",
    "gold_limit": "gold coins in the box, 0 = unlimited (rulebook 20)",
    "improvise_gold": "beyond the coins, gold is improvised from the food tokens (rulebook)",
    "penalty_limit": "penalty tokens in the box, 0 = unlimited (the box: 5)",
    "set_aside": "unlimited (rulebook: not limited) | box (34 fields, 32 sticks in all)",
}


class JunglePrepared(NamedTuple):
    """What the runner ships to workers: rule arrays and the line-up."""

    arrays: JungleArrays
    lineup: JungleLineup


def hist_quantile(hist: np.ndarray, q: float) -> float:
    """The smallest value whose cumulative share reaches ``q`` in a histogram (NaN if empty)."""
    n = hist.sum()
    if n <= 0:
        return float("nan")
    return float(np.searchsorted(np.cumsum(hist), q * n - 1e-9))


class JungleGame(Game):
    """Jungle Rumble (2-4 players): send kittens to work, follow or pass, feed the family."""

    name = "jungle"
    title = "Jungle Rumble"
    min_players = 2
    max_players = 4
    default_players = 4
    default_bots = ("greedy", "farmer", "trader", "breeder")
    compile_seconds = (12.0, 30.0)  # cold compile without / with a lookahead seat
    winners_are_top_scores = True
    seat_keys = ("wins", "score_sum", "score_sumsq", "score_hist", "seat", "breakdown",
                 "food_hist", "family_sum", "src", "choice")
    #: the final scoring's parts (``state.BREAKDOWN``): kittens, sticks, merchants' gold and
    #: food, reserve gold and food (with the awake kittens' food), penalty tokens (negative)
    score_sources = BREAKDOWN
    #: what each seat chose (``state.CHOICE_NAMES``): its actions as active player and the
    #: kittens it sent, its follows by action and its passes, recruits by role, kittens taken,
    #: units sold to merchants, food paid to wake kittens, kittens fired and left unfed
    choice_names = CHOICE_NAMES
    #: how a game ends (``state.END_NAMES``): the rulebook's three triggers, the reading
    #: ``no_workers_end`` and the modelling bound ``max_rounds`` (``modelling_round_bound``)
    end_names = END_NAMES
    length_unit = "rounds"
    #: ``first``: the first legal option at every decision, for ``simlab bench`` (rules alone)
    bench_bots = _bots.BENCH_BOTS
    #: the default search (issue 38): ``search``, the lookahead's search on the action only
    #: (follows by the greedy rule); at least as strong as lookahead(playouts=8) against
    #: greedy at >= 10x its games/s (DESIGN.md, "Where each bot decides")
    search_bot = "search"
    search_param = "playouts"
    search_budgets = (1, 4)

    def bots(self) -> dict[str, BotInfo]:
        return {name: BotInfo(name, bid, tuple(params), tuple(defaults), doc)
                for name, (bid, params, defaults, doc) in _bots.BOTS.items()}

    def rule_options(self) -> list[dict]:
        base = JungleRules()
        return [{"name": f.name, "default": getattr(base, f.name),
                 "doc": _RULE_DOCS.get(f.name, "")} for f in dataclasses.fields(JungleRules)]

    def make_rules(self, players: int, overrides: dict | None = None, where: str = "rules"):
        return make_rules(self.check_players(players), overrides, where)

    def prepare(self, rules: JungleRules, lineup) -> JunglePrepared:
        ids, params = self.bot_vectors(lineup, _bots.N_PARAMS)
        A = rules.to_arrays()
        return JunglePrepared(A, JungleLineup(ids, params, self.custom_function(lineup, A)))

    def kernel_state(self, arrays):
        return new_state(arrays.n_players, arrays.n_cells, arrays.n_edges)

    def run_batch(self, prepared: JunglePrepared, seed: int, start: int, count: int,
                  keep_rows: bool):
        A = prepared.arrays
        p = A.n_players
        agg = new_agg(p, A.max_rounds)
        rows = self.new_rows(count, p, keep_rows)
        st = self.kernel_state(A)
        rng = np.zeros(4, np.uint64)
        sim = lookahead.new_scratch(A, prepared.lineup)
        if sim is None:
            nb.run_batch(A, st, prepared.lineup, rng, seed, start, count, agg, rows)
        else:
            nb.run_batch_search(A, st, prepared.lineup, rng, seed, start, count, agg, rows, sim)
        return self.rows_output(agg, rows, keep_rows)

    def reference_game(self, prepared: JunglePrepared, seed: int, game: int, log: bool = False,
                       names=None):
        from simlab.games.jungle.reference import ReferenceGame

        g = ReferenceGame(prepared.arrays, prepared.lineup, seed, game, log=log, names=names)
        scores, winners = g.play()
        return scores, winners, g.agg._asdict(), g.lines

    def inert_overrides(self, rules: JungleRules, overrides: dict) -> list[str]:
        """The overrides that change nothing played under ``rules``: the variant's tiles without
        the variant (a data folder's ``action_tiles.toml`` too), the gold limit while gold is
        improvised from unlimited food, improvising with unlimited gold, a supply count of
        another player count, a food yield for more kittens than may be sent."""
        out = []
        paths = [str(k) for k in overrides]
        k = rules.players - 2
        for path in paths:
            name, _, index = path.partition(".")
            if name == "variant_tiles" and not rules.variant:
                out.append(f"{path}: the variant tiles are played only with variant = true "
                           "(--set variant=true, or variant = true in the scenario's [rules]); "
                           "without it each tile's one-action side is played and the pairs "
                           "change nothing")
            elif name == "gold_limit" and rules.gold_limit and rules.improvise_gold and \
                    not rules.food_limit:
                out.append(f"{path}: beyond the box's coins gold is improvised from the food "
                           "tokens (improvise_gold = true) and food is unlimited (food_limit = "
                           "0), so any number of coins plays as unlimited gold")
            elif name == "improvise_gold" and not rules.gold_limit:
                out.append(f"{path}: gold is unlimited (gold_limit = 0): no coin is ever "
                           "improvised")
            elif name in ("field_supply", "stick_supply") and index.isdigit() and \
                    int(index) != k:
                out.append(f"{path}: the count for {int(index) + 2} players; this game has "
                           f"{rules.players} (its count is {name}.{k})")
            elif name == "food_yields" and index.isdigit() and \
                    int(index) >= rules.max_send:
                out.append(f"{path}: the yield of {int(index) + 1} kittens; no more than "
                           f"max_send = {rules.max_send} may be sent")
        return out

    def invariants(self, agg: dict, n_games: int, rules: JungleRules) -> list[str]:
        c = {name: int(agg["counters"][i]) for i, name in enumerate(COUNTER_NAMES)}
        p = rules.players
        ends = np.asarray(agg["end_reasons"])
        problems = []
        if c["round_cap_hits"]:
            problems.append(f"{c['round_cap_hits']} games hit the round bound "
                            f"({rules.max_rounds})")
        if c["illegal_bot_choices"]:
            problems.append(f"bots made {c['illegal_bot_choices']} illegal choices")
        if c["negative_tokens"]:
            problems.append(f"food or gold went negative {c['negative_tokens']} times")
        if c["box_not_conserved"]:
            problems.append(f"the box's food, gold or penalty tokens were not conserved in "
                            f"{c['box_not_conserved']} games")
        if c["family_out_of_range"]:
            problems.append(f"family sizes out of range or tiles lost "
                            f"{c['family_out_of_range']} times")
        if int(ends.sum()) != n_games or int(ends[0]) != 0:
            problems.append(f"end reasons {ends.tolist()} do not count {n_games} games")
        board_f, board_s = rules.board_supply()
        for what, start, supply in (("fields", 2, board_f), ("sticks", 1, board_s)):
            took = c[f"{what}_from_supply"]
            left = c[f"{what[:-1]}_supply_left"]
            if took + left != n_games * supply:
                problems.append(f"{what} supply not conserved: taken {took} + left {left} != "
                                f"{n_games * supply}")
            board = c[f"{what}_on_boards"]
            if board != n_games * p * start + took + c[f"{what}_set_aside"]:
                problems.append(f"{what} on the boards ({board}) != start + supply + set-aside")
        want = (n_games * p * rules.start_workers + c["kittens_recruited"] - c["kittens_taken"]
                - c["kittens_fired"])
        if c["kittens_at_end"] != want:
            problems.append(f"kittens not conserved: {c['kittens_at_end']} at the end != start + "
                            f"recruited - taken - fired = {want}")
        if c["kittens_at_end"] > n_games * p * rules.max_family:
            problems.append("more kittens in play than kitten tiles")
        hist = np.asarray(agg["length_hist"])
        if int(hist.sum()) != n_games or hist[rules.max_rounds + 1:].any():
            problems.append(f"a game took more than {rules.max_rounds} rounds or was not counted")
        if c["turns"] != c["rounds"] * p:
            problems.append("turns != rounds x players")
        if np.any(np.asarray(agg["score_hist"]).sum(axis=1) != n_games):
            problems.append("score histogram does not count every game")
        seat = np.asarray(agg["seat"])
        if int(seat[:, SEAT_NAMES.index("first_player")].sum()) != n_games:
            problems.append("first players do not count every game")
        if not np.array_equal(np.asarray(agg["breakdown"]).sum(axis=1),
                              np.asarray(agg["score_sum"])):
            problems.append("score breakdown does not add up to the scores")
        fh = np.asarray(agg["food_hist"])
        if int(fh.sum()) != c["rounds"] * p:
            problems.append("food records do not count every player's rounds")
        acts = np.asarray(agg["actions"])
        if int(acts[0].sum()) != c["turns"] or int(acts[1].sum()) != c["follows"]:
            problems.append("action counts do not add up to turns and follows")
        if c["follows"] + c["pass_wake_ups"] + c["pass_food"] != c["turns"] * (p - 1):
            problems.append("every other player must follow or pass on every turn")
        problems += self._choice_problems(agg, c, acts)
        return problems

    @staticmethod
    def _choice_problems(agg: dict, c: dict, acts: np.ndarray) -> list[str]:
        """The seats' choices (``choice``) against the game's own counters."""
        ch = np.asarray(agg["choice"]).sum(axis=0)
        k = {name: int(ch[i]) for i, name in enumerate(CHOICE_NAMES)}
        want = {"action_" + a: int(acts[0, i]) for i, a in enumerate(ACTIONS)}
        want |= {"follow_" + a: int(acts[1, i]) for i, a in enumerate(ACTIONS)}
        want |= {"kittens_sent": int(acts[2].sum()),
                 "passes": c["pass_wake_ups"] + c["pass_food"],
                 "kittens_taken": c["kittens_taken"], "sold_food": c["food_sold"],
                 "sold_gold": c["gold_sold"], "paid_wake_ups": c["paid_wake_ups"],
                 "fired": c["kittens_fired"], "unfed": c["penalties"]}
        out = [f"choices: {name} {k[name]} != {v} counted by the game"
               for name, v in want.items() if k[name] != v]
        if k["recruit_worker"] + k["recruit_merchant"] != c["kittens_recruited"]:
            out.append("choices: recruits by role do not add up to the kittens recruited")
        if not np.array_equal(np.asarray(agg["src"]), np.asarray(agg["breakdown"])):
            out.append("points by source differ from the score breakdown")
        if not np.array_equal(np.asarray(agg["ends"]), np.asarray(agg["end_reasons"])[1:]):
            out.append("ends differ from the end reasons")
        return out

    def metrics(self, agg: dict, n_games: int, rules: JungleRules, lineup) -> dict:
        n = max(n_games, 1)
        ends = np.asarray(agg["end_reasons"])
        counters = {name: int(agg["counters"][i]) for i, name in enumerate(COUNTER_NAMES)}
        hist = np.asarray(agg["length_hist"])
        bd = np.asarray(agg["breakdown"])
        seat = np.asarray(agg["seat"])
        fh = np.asarray(agg["food_hist"])
        fam = np.asarray(agg["family_sum"])
        p = bd.shape[0]
        food_by_round, family = [], []
        for s in range(p):
            reached = fh[s].sum(axis=1)
            last = int(np.max(np.nonzero(reached)[0])) + 1 if reached.any() else 0
            food_by_round.append({
                "seat": s + 1, "bot": lineup[s].label,
                "rounds": list(range(1, last + 1)),
                "games": [int(x) for x in reached[:last]],
                "median": [hist_quantile(fh[s, r], 0.5) for r in range(last)],
                "p10": [hist_quantile(fh[s, r], 0.1) for r in range(last)],
                "p90": [hist_quantile(fh[s, r], 0.9) for r in range(last)],
                "mean": [float((fh[s, r] * np.arange(fh.shape[2])).sum() / reached[r])
                         for r in range(last)],
            })
            family.append({"seat": s + 1, "bot": lineup[s].label,
                           "rounds": list(range(1, last + 1)),
                           "mean": [float(fam[s, r]) / reached[r] for r in range(last)]})
        acts = np.asarray(agg["actions"])
        actions = {a: {"chosen_per_game": float(acts[0, i]) / n,
                       "followed_per_game": float(acts[1, i]) / n,
                       "workers_per_choice": float(acts[2, i]) / acts[0, i] if acts[0, i] else 0.0,
                       "chosen_share": float(acts[0, i]) / max(int(acts[0].sum()), 1)}
                   for i, a in enumerate(ACTIONS)}
        turns = max(counters["turns"], 1)
        board_f, board_s = rules.board_supply()
        return {
            "board_supply": {"fields": board_f, "sticks": board_s,
                             "start_from_supply": bool(rules.start_from_supply)},
            "score_breakdown": [{"seat": s + 1, "bot": lineup[s].label,
                                 **{name: float(bd[s, j]) / n for j, name in
                                    enumerate(BREAKDOWN)}} for s in range(p)],
            "food_reserve_by_turn": food_by_round,
            "starvation": {
                "penalties_per_game": counters["penalties"] / n,
                "firings_per_game": counters["kittens_fired"] / n,
                "by_seat": [{"seat": s + 1, "bot": lineup[s].label,
                             "penalties": float(seat[s, SEAT_NAMES.index("penalties")]) / n,
                             "fired": float(seat[s, SEAT_NAMES.index("fired")]) / n}
                            for s in range(p)],
            },
            "actions": actions,
            "food_on_unchosen_tiles": {
                "per_game": counters["tile_food_taken"] / n,
                "per_turn": counters["tile_food_taken"] / turns,
            },
            "end_reasons": {name: float(ends[i + 1]) / n for i, name in enumerate(END_NAMES)},
            "game_length_rounds": float((hist * np.arange(hist.size)).sum()) / n,
            "game_length_hist": [int(x) for x in hist],
            "game_shape": shape_metrics({"counters": agg["shape_counters"],
                                         "lead_hist": agg["lead_hist"],
                                         "margin_hist": agg["margin_hist"],
                                         "leader_wins": agg["leader_wins"]}, p, "round"),
            "family_size_by_round": family,
            "per_game": {name: v / n for name, v in counters.items()},
            "choices_per_game": [{"seat": s + 1, "bot": lineup[s].label,
                                  **{name: float(agg["choice"][s, j]) / n
                                     for j, name in enumerate(CHOICE_NAMES)}}
                                 for s in range(p)],
            "seat_metrics": [{"seat": s + 1, "bot": lineup[s].label,
                              **{name: float(seat[s, i]) / n for i, name in
                                 enumerate(SEAT_NAMES)}} for s in range(p)],
        }

    def summary_lines(self, metrics: dict) -> list[str]:
        lines = ["seat  " + "  ".join(f"{b:>14}" for b in BREAKDOWN) + "   (mean points)"]
        for row in metrics["score_breakdown"]:
            lines.append(f"{row['seat']:>4}  " + "  ".join(f"{row[b]:14.2f}" for b in BREAKDOWN))
        acts = metrics["actions"]
        lines += ["", "action       chosen/game  followed/game  workers/choice"]
        for a, v in acts.items():
            lines.append(f"{a:<12} {v['chosen_per_game']:11.2f}  {v['followed_per_game']:13.2f}"
                         f"  {v['workers_per_choice']:14.2f}")
        ends = metrics["end_reasons"]
        sup = metrics.get("board_supply")
        if sup:
            lines += ["", f"board supply at the start: {sup['fields']} fields, {sup['sticks']} "
                          f"sticks ({'after' if sup['start_from_supply'] else 'besides'} the start "
                          f"pieces)"]
        lines += ["", f"per game: {metrics['game_length_rounds']:.2f} rounds, "
                      f"{metrics['starvation']['penalties_per_game']:.2f} penalties, "
                      f"{metrics['starvation']['firings_per_game']:.2f} kittens fired, "
                      f"{metrics['food_on_unchosen_tiles']['per_game']:.2f} food taken from "
                      f"tiles; end: " + ", ".join(f"{k} {100 * v:.1f}%" for k, v in ends.items())]
        return lines

    def figures(self, points: list) -> list:
        from simlab.games.jungle.plots import jungle_figures

        return jungle_figures(points)


GAME = JungleGame()
