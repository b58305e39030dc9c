"""Monkey Fun: the public game module (validate -> arrays -> kernel -> tables).

Registered as ``monkey``; use it through :func:`simlab.simulate` or the ``simlab`` command.

Scores: a player's score is the points the rulebook's final scoring gives (field numbers held
after minority removal, also computed when a row ends the game). The winner is not always the top
score: a row of 4 wins at once whatever the points, and tied totals go to the highest scoring
field. Solo: the one seat wins on a success (scoring the solo score) and has no win on a loss
(score 0), so its win share is the success rate.

Game shape (``game_shape``, simlab.core.shape; not in solo, where one player has no lead to
speak of): the running score after a turn is final scoring on that position (the game does not
score as it goes); checkpoint i (1..9) is the running scores after turn ceil(i * T / 10) of the
game's T turns, at most T - 1 (``nb.tenth_turn``), then the final scores.
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np

from simlab.core.shape import shape_metrics
from simlab.games.monkey import bots as _bots
from simlab.games.monkey import nb
from simlab.games.monkey.rules import SIDE, MonkeyArrays, MonkeyRules, make_rules
from simlab.games.monkey.state import (
    CHOICE_NAMES,
    COUNTER_NAMES,
    E_SOLO_LOSS,
    END_NAMES,
    SEAT_NAMES,
    SOLO_OFFSET,
    SOURCE_NAMES,
    W_TURN_CAP,
    WAY_NAMES,
    X_CARDS_1,
    X_CARDS_4,
    X_DISCARD,
    X_NEW_TOWER,
    MonkeyLineup,
    new_agg,
    new_state,
)
from simlab.games.registry import BotInfo, Game

_RULE_DOCS = {
    "players": "players, 2-4 (1 = solo variant)",
    "mode": "normal | quick (2x2 squares also win) | solo",
    "monkeys": "monkeys per player (rulebook 20)",
    "hand_size": "cards in hand (rulebook 4)",
    "max_cards_per_play": "cards played together at most (rulebook 4)",
    "deck": "copies of card values 1,2,... (assumed 1,2,...,10: 55 cards), or a named deck: "
            "rising (the default) | falling (11 - v copies of v: the no-play rule fires)",
    "layout": "board: mixed (assumed default) | shuffled (by layout_seed) | stress layouts "
              "spiral, row-major (break the rulebook: warned)",
    "layout_seed": "seed of the shuffled layout (3, 17, 31, 36 always in the inner square)",
    "board_side": "side of the double-sided board (layout mixed): first (marked 1) | second "
                  "(assumed)",
    "field_one_corner": "read the first side \"marked with a 1 in one corner\" as field 1 in a "
                        "corner",
    "board": "explicit board: 36 field numbers row by row (overrides layout)",
    "owner_may_place": "the owner may still play its own field (the monkey is boxed)",
    "tie_break": "equal totals: majority (highest field held) | owned (highest field owned)",
    "solo_max_towers": "solo: minus-tower fields allowed (rulebook 4)",
    "solo_max_per_field": "solo: monkeys on one field at most (rulebook 5)",
    "solo_rounds": "solo: rounds (rulebook 20)",
    "solo_min_round": "solo: first round a completed square wins (rulebook 16)",
    "max_turns": "safety bound on turns (a modelling guard)",
}


class MonkeyPrepared(NamedTuple):
    """What the runner ships to workers: rule arrays and the line-up."""

    arrays: MonkeyArrays
    lineup: MonkeyLineup


class MonkeyGame(Game):
    """Monkey Fun (2-4 players, solo variant): card sums place monkeys, majorities, rows of 4."""

    name = "monkey"
    title = "Monkey Fun"
    min_players = 1
    max_players = 4
    default_players = 4
    default_bots = ("greedy", "random", "row", "blocker")
    compile_seconds = (8.0, 15.0)  # cold compile without / with a lookahead seat
    winners_are_top_scores = False
    seat_keys = ("wins", "score_sum", "score_sumsq", "score_hist", "seat", "src", "choice")
    # the explanation of a result (state.py documents each name): the score is the final
    # scoring's points (a row-ended game scores them too: the row wins, whatever the points,
    # and shows as the end "row", not as points), by how each field was held; solo, the last
    # field plus and the minus towers minus (a loss scores 0)
    score_sources = SOURCE_NAMES
    choice_names = CHOICE_NAMES
    end_names = WAY_NAMES
    length_unit = "turns"
    #: the decision-free bot that times the rules alone (``simlab bench``), see bots.py
    bench_bots = ("first",)
    #: the default search (issue 38 section 2): greedy's 3 best candidates, each in 4 playouts
    #: where every seat plays greedy's evaluation; the ladder's budgets are its playouts
    search_bot = "search"
    search_param = "playouts"
    search_budgets = (2, 8)

    def bots(self) -> dict[str, BotInfo]:
        return {name: BotInfo(name, bid, tuple(params), tuple(defaults), doc)
                for name, (bid, params, defaults, doc) in _bots.BOTS.items()}

    def rule_options(self) -> list[dict]:
        base = MonkeyRules()
        return [{"name": f.name, "default": getattr(base, f.name),
                 "doc": _RULE_DOCS.get(f.name, "")} for f in dataclasses.fields(MonkeyRules)]

    def make_rules(self, players: int, overrides: dict | None = None, where: str = "rules"):
        return make_rules(self.check_players(players), overrides, where)

    def describe(self) -> dict:
        return {"board": list(MonkeyRules().arrangement())}

    def rule_warnings(self, rules: MonkeyRules) -> list[str]:
        what = ("the board " + ",".join(map(str, rules.board)) if rules.board
                else f"layout {rules.layout}")
        return [f"{what} breaks the rulebook: {p}" for p in rules.board_problems()]

    def inert_overrides(self, rules: MonkeyRules, overrides: dict) -> list[str]:
        """The overrides that change nothing played under ``rules``: the solo variant's limits
        in a 2-4 player game, ownership and the tie-break in the solo variant (one player),
        ``solo_min_round`` up to 16 (the square needs 16 rounds), and the board options another
        one overrides (an explicit board over the layout, the seed of a layout that is not
        ``shuffled``, the side of a layout that is not ``mixed``, ``field_one_corner`` where
        the board in play is not one it moves)."""
        out = []
        solo = rules.mode == "solo"
        names = {str(k).split(".")[0]: k for k in overrides}

        def say(name, why):
            if name in names:
                out.append(f"rules.{names[name]}: {why}")

        if not solo:
            for name in ("solo_max_towers", "solo_max_per_field", "solo_rounds",
                         "solo_min_round"):
                say(name, f"a rule of the solo variant; it changes nothing in a "
                          f"{rules.players}-player game (mode {rules.mode})")
        else:
            say("owner_may_place", "the solo variant has no ownership (it needs other players)")
            say("tie_break", "the solo variant has one player: no tie to break")
            if rules.solo_min_round <= 16:
                say("solo_min_round", "the square's 16 fields need 16 rounds, so any first "
                                      "winning round up to 16 plays alike")
        if rules.board:
            for name in ("layout", "layout_seed", "board_side"):
                say(name, "an explicit board (rules.board) is played instead")
            say("field_one_corner", "an explicit board (rules.board) is played as given (the "
                                    "reading only warns when its field 1 is not in a corner)")
        else:
            if rules.layout != "shuffled":
                say("layout_seed", f"only the shuffled layout has a seed (layout {rules.layout})")
            if rules.layout != "mixed":
                say("board_side", f"the sides are those of the mixed layout (layout "
                                  f"{rules.layout})")
            if rules.layout in ("spiral", "row-major"):
                say("field_one_corner", f"the {rules.layout} layout has field 1 in a corner "
                                        "already")
            elif rules.layout == "mixed" and rules.board_side == "second":
                say("field_one_corner", "the reading moves field 1 on the first side; the "
                                        "second side is played")
            elif rules.layout == "mixed" and solo:
                say("field_one_corner", "on the mixed first side the reading swaps two edge "
                                        "fields (1 and 28), which the solo variant never plays")
        return out

    def lineup(self, bots, players: int, where: str = "bots"):
        if bots is None and players == 1:
            bots = "solo"
        return super().lineup(bots, players, where)

    def prepare(self, rules: MonkeyRules, lineup) -> MonkeyPrepared:
        ids, params = self.bot_vectors(lineup, _bots.N_PARAMS)
        _bots.share_denial(ids, params, rules.players)  # greedy's block at P players
        A = rules.to_arrays()
        return MonkeyPrepared(A, MonkeyLineup(ids, params, self.custom_function(lineup, A)))

    def kernel_state(self, arrays):
        return new_state(arrays.n_players, arrays.n_cards, arrays.len_bins)

    def run_batch(self, prepared: MonkeyPrepared, seed: int, start: int, count: int,
                  keep_rows: bool):
        A = prepared.arrays
        p = A.n_players
        agg = new_agg(p, A.len_bins)
        rows = self.new_rows(count, p, keep_rows)
        # the game-shape trail needs a row per turn: len_bins exceeds the turn bound
        nb.run_batch(A, self.kernel_state(A), _bots.search_state(prepared.lineup, p, A.n_cards),
                     prepared.lineup, np.zeros(4, np.uint64), seed, start, count, agg, rows)
        return self.rows_output(agg, rows, keep_rows)

    def reference_game(self, prepared: MonkeyPrepared, seed: int, game: int, log: bool = False,
                       names=None):
        from simlab.games.monkey.reference import ReferenceGame

        g = ReferenceGame(prepared.arrays, prepared.lineup, seed, game, log=log, names=names)
        scores, winners = g.play_game()
        return scores, winners, g.agg._asdict(), g.lines

    def always_has_winner(self, rules: MonkeyRules) -> bool:
        return rules.mode != "solo"

    def invariants(self, agg: dict, n_games: int, rules: MonkeyRules) -> list[str]:
        c = {name: int(agg["counters"][i]) for i, name in enumerate(COUNTER_NAMES)}
        p = rules.players
        ends = np.asarray(agg["end_reasons"])
        problems = []
        if c["turn_cap_hits"]:
            problems.append(f"{c['turn_cap_hits']} games hit the turn bound ({rules.max_turns})")
        if c["card_conservation_errors"]:
            problems.append(f"cards not conserved after {c['card_conservation_errors']} turns")
        if c["illegal_bot_choices"]:
            problems.append(f"bots chose {c['illegal_bot_choices']} illegal plays")
        if int(ends.sum()) != n_games or int(ends[0]) != 0:
            problems.append(f"end reasons {ends.tolist()} do not count {n_games} games")
        total = n_games * p * rules.monkeys
        got = c["monkeys_placed"] + c["monkeys_boxed_from_supply"] + c["supply_at_end"]
        if got != total:
            problems.append(f"monkeys not conserved: placed {c['monkeys_placed']} + boxed from "
                            f"supply {c['monkeys_boxed_from_supply']} + supply left "
                            f"{c['supply_at_end']} != {total}")
        if c["monkeys_placed"] - c["monkeys_boxed_from_board"] != c["board_at_end"]:
            problems.append("monkeys on the board at the end != placed - boxed from the board")
        bound = rules.solo_rounds if rules.mode == "solo" else rules.monkeys * p
        hist = np.asarray(agg["length_hist"])
        if int(hist.sum()) != n_games or hist[bound + 1:].any():
            problems.append(f"a game took more than {bound} turns or was not counted")
        if c["turns"] > n_games * bound:
            problems.append("more turns than the bound allows")
        if np.any(np.asarray(agg["score_hist"]).sum(axis=1) != n_games):
            problems.append("score histogram does not count every game")
        wins = np.asarray(agg["wins"])
        k = np.arange(wins.shape[1], dtype=float)
        k[0] = np.inf
        expected = n_games - (int(ends[E_SOLO_LOSS]) if rules.mode == "solo" else 0)
        if not np.isclose((wins / k).sum(), expected):
            problems.append("win shares do not add up to the games with a winner")
        seat = np.asarray(agg["seat"])
        if int(seat[:, 4].sum()) != int(ends[1] + ends[2]):
            problems.append("immediate wins per seat do not add up to row and square ends")
        if int(np.asarray(agg["field_owned"]).sum()) != c["fields_owned"]:
            problems.append("owned fields per field do not add up")
        if int(np.asarray(agg["field_played"]).sum()) != c["monkeys_placed"]:
            problems.append("placements per field do not add up")
        if int(np.asarray(agg["solo_hist"]).sum()) != int(ends[4]):
            problems.append("solo score histogram does not count every solo success")
        if not 0 <= c["owner_extra_voluntary"] <= c["owner_extra_boxed"]:
            problems.append("voluntary boxings are not a part of the owner's boxed monkeys")
        if rules.mode == "solo" and (c["hands_discarded"] or c["fields_owned"]):
            problems.append("discards or ownership in the solo variant")
        problems += self._explanation_problems(agg, n_games, c)
        return problems

    @staticmethod
    def _explanation_problems(agg: dict, n_games: int, c: dict) -> list[str]:
        """The explanation aggregates against the counters they must agree with."""
        problems = []
        src = np.asarray(agg["src"])
        if not np.array_equal(src.sum(axis=1), np.asarray(agg["score_sum"])):
            problems.append("points by source do not add up to the scores")
        ch = np.asarray(agg["choice"])
        plays = int(ch[:, X_CARDS_1:X_CARDS_4 + 1].sum())
        if plays != c["monkeys_placed"]:
            problems.append(f"plays by cards ({plays}) != monkeys placed ({c['monkeys_placed']})")
        if int(ch[:, X_DISCARD].sum()) != c["hands_discarded"]:
            problems.append("hands discarded by seat do not add up")
        if int(ch[:, X_NEW_TOWER].sum()) != c["towers_built"]:
            problems.append("new minus towers do not add up to the towers built")
        if int(np.asarray(agg["ends"]).sum()) != n_games:
            problems.append("the ways games ended do not count every game")
        if int(np.asarray(agg["ends"])[W_TURN_CAP]) != c["turn_cap_hits"]:
            problems.append("games ended by the turn bound != its hits")
        if int(np.asarray(agg["length"])[0]) != c["turns"]:
            problems.append("the game lengths do not add up to the turns")
        return problems

    def summary_lines(self, metrics: dict) -> list[str]:
        ends = metrics["end_reasons"]
        lines = [f"games end by: row of 4 {100 * ends['row']:.1f}%, 2x2 square "
                 f"{100 * ends['square']:.1f}%, points {100 * ends['points']:.1f}%"
                 + (f", solo win {100 * ends['solo_win']:.1f}%, solo loss "
                    f"{100 * ends['solo_loss']:.1f}%" if ends["solo_win"] + ends["solo_loss"]
                    else ""),
                 f"per game: {metrics['game_length_turns']:.1f} turns, "
                 f"{metrics['hands_discarded_per_game']:.2f} hands discarded, "
                 f"{metrics['monkeys_boxed_per_game']:.2f} monkeys boxed ("
                 f"{metrics['boxed']['by_ownership']:.2f} by fields taken, "
                 f"{metrics['boxed']['voluntary']:.2f} voluntary, "
                 f"{metrics['boxed']['forced']:.2f} forced)"]
        fields = sorted(metrics["fields"], key=lambda f: -f["played"])
        lines.append("most played fields: " + ", ".join(f"{f['field']} ({f['played']:.2f})"
                                                        for f in fields[:6]))
        if "solo" in metrics:
            so = metrics["solo"]
            lines.append(f"solo: success rate {100 * so['success_rate']:.2f}%, mean score of "
                         f"successes {so['mean_score_success']:.2f}")
        return lines

    def metrics(self, agg: dict, n_games: int, rules: MonkeyRules, lineup) -> dict:
        n = max(n_games, 1)
        ends = np.asarray(agg["end_reasons"])
        end_reasons = {name: float(ends[i + 1]) / n for i, name in enumerate(END_NAMES)}
        hist = np.asarray(agg["length_hist"])
        mean_len = float((hist * np.arange(hist.size)).sum()) / n
        counters = {name: int(agg["counters"][i]) for i, name in enumerate(COUNTER_NAMES)}
        points_games = int(ends[3])
        board = rules.arrangement()
        fields = []
        for f in range(1, 37):
            cell = board.index(f)
            fields.append({
                "field": f, "row": cell // SIDE, "col": cell % SIDE,
                "played": float(agg["field_played"][cell]) / n,
                "owned": float(agg["field_owned"][cell]) / n,
                "won_at_end": (float(agg["field_scored"][cell]) / points_games
                               if points_games else 0.0),
            })
        seat = np.asarray(agg["seat"])
        seats = [{"seat": s + 1, "bot": lineup[s].label,
                  **{name: float(seat[s, i]) / n for i, name in enumerate(SEAT_NAMES)}}
                 for s in range(seat.shape[0])]
        out = {
            "end_reasons": end_reasons,
            "game_length_turns": mean_len,
            "game_length_hist": [int(x) for x in hist],
            "fields": fields,
            "hands_discarded_per_game": counters["hands_discarded"] / n,
            "monkeys_boxed_per_game": (counters["monkeys_boxed_from_supply"]
                                       + counters["monkeys_boxed_from_board"]) / n,
            # what boxes them: a field taken (the others' monkeys there), an owner's play on its
            # own field while another field was open (voluntary), or forced (an unplayable hand,
            # or an owner whose every play names its own field)
            "boxed": {
                "by_ownership": (counters["monkeys_boxed_from_board"]
                                 - counters["owner_extra_boxed"]) / n,
                "voluntary": counters["owner_extra_voluntary"] / n,
                "forced": (counters["monkeys_boxed_from_supply"] + counters["owner_extra_boxed"]
                           - counters["owner_extra_voluntary"]) / n,
            },
            "board": list(board),
            "seat_metrics": seats,
        }
        if rules.mode != "solo":
            out["game_shape"] = shape_metrics({"counters": agg["shape_counters"],
                                               "lead_hist": agg["lead_hist"],
                                               "margin_hist": agg["margin_hist"],
                                               "leader_wins": agg["leader_wins"]},
                                              rules.players, "tenth")
        if rules.mode == "solo":
            sh = np.asarray(agg["solo_hist"])
            wins = int(sh.sum())
            mean = float((sh * (np.arange(sh.size) - SOLO_OFFSET)).sum()) / wins if wins else 0.0
            out["solo"] = {"games": int(n_games), "success_rate": wins / n,
                           "mean_score_success": mean, "score_hist": [int(x) for x in sh],
                           "offset": SOLO_OFFSET}
        return out

    def figures(self, points: list) -> list:
        from simlab.games.monkey.plots import monkey_figures

        return monkey_figures(points)


GAME = MonkeyGame()
