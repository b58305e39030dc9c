"""Attack of the Jelly Monster: the public game module (validate -> arrays -> kernel -> tables).

Registered as ``jelly``; use it through :func:`simlab.simulate` or the ``simlab`` command.
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np

from simlab.core.shape import shape_metrics
from simlab.games.jelly import nb
from simlab.games.jelly import roster as _roster
from simlab.games.jelly.rules import POD_VALUE, JellyArrays, JellyRules, make_rules
from simlab.games.jelly.state import (
    CHOICE_NAMES,
    COUNTER_NAMES,
    END_NAMES,
    SEAT_NAMES,
    SOURCE_NAMES,
    JellyLineup,
    new_agg,
    new_scratch,
    new_state,
    search_for,
)
from simlab.games.registry import BotInfo, Game

_RULE_DOCS = {
    "players": "players, 3-5",
    "rounds": "rounds per game (rulebook 4)",
    "dice": "dice per player (rulebook 7)",
    "n_districts": "districts in play (default players + 2, assumed)",
    "layout": "named layout of district faces: beginner | advanced | mixed",
    "districts": "face names clockwise, e.g. 1A,2B,3A,4B,5A,6B (overrides layout)",
    "starting_jelly": "jelly each player starts with (rulebook 2)",
    "seat_starting_jelly": "per-seat starting jelly, e.g. 2,2,2,3",
    "pods": "jelly-pods in the stack (rulebook 30)",
    "pod_sides": "a pod is worth a roll of this die at the end (d6)",
    "timer_seconds": "the sand timer, seconds (rulebook 10)",
    "roll_seconds": "seconds to roll and place a die at speed 1 (assumed 1.5)",
    "think_seconds": "decision seconds per step (assumed 0.5)",
    "weigh_seconds": "further decision seconds per die rolled x open district (assumed 0.04)",
    "time_jitter": "per-step randomness of the time, +- share (assumed 0.3)",
    "watch_seconds": "a finished player reconsiders flipping this often (assumed 1 s)",
    "max_steps_per_round": "safety bound on moments (rolls, flip checks) per round",
    "speeds": "per-seat speed multipliers, e.g. 1,1,1.5,1 (time / speed)",
    "drone_start": "district the Drone points to in round 1",
    "drone_step": "districts the Drone advances per round (reading: 0)",
    "lock_requires_dice": "a lock-down needs a die on that district entrance (reading)",
    "give_each_short": "giver short of jelly: bot (its choice) | poorest_first (reading)",
    "adjacent_orientation": "an arrow's left: entrance (clockwise) | center (reading)",
}


class JellyPrepared(NamedTuple):
    """What the runner ships to workers: rule arrays and the line-up."""

    arrays: JellyArrays
    lineup: JellyLineup


class JellyGame(Game):
    """Attack of the Jelly Monster (3-5 players): dice placement, cancellation, districts."""

    name = "jelly"
    title = "Attack of the Jelly Monster"
    min_players = 3
    max_players = 5
    default_players = 4
    default_bots = ("greedy", "random", "spread", "saboteur")
    compile_seconds = (22.0, 51.0)  # cold compile without / with a lookahead seat (bench)
    seat_keys = ("wins", "score_sum", "score_sumsq", "score_hist", "seat", "src", "choice")
    #: where a seat's points come from (they sum to its score): the two jelly it starts with,
    #: jelly from the supply as a district's controller (jelly, 2 per pod, number of dice, a
    #: podium's highest total), a podium's second place or presence, jelly other players gave
    #: it and (negative) jelly it gave them ('each player gives you', 'give 1 to each'), and
    #: its Jelly-pods rolled at the end
    score_sources = SOURCE_NAMES
    #: what its bot chose: a roll step places a die without effect, removes a die with a 1-2,
    #: moves a Target with a 3-4, or places nothing and rolls again; a cancelling placement
    #: (a value its colour already shows on that entrance) is also one of the first three;
    #: lock-downs and timer flips
    choice_names = CHOICE_NAMES
    #: every game ends after its rounds; "step_bound": a round of it ended at the modelling
    #: bound on roll steps (``max_steps_per_round``), which no rule sets
    end_names = END_NAMES
    #: a game's length: its roll steps (each a player rolling its dice, placing one or none;
    #: the rounds are always the same number)
    length_unit = "steps"

    def bots(self) -> dict[str, BotInfo]:
        return {name: BotInfo(name, bid, tuple(params), tuple(defaults), doc)
                for name, (bid, params, defaults, doc) in _roster.BOTS.items()}

    def rule_options(self) -> list[dict]:
        base = JellyRules()
        out = []
        for f in dataclasses.fields(JellyRules):
            if f.name in ("faces", "layouts"):
                continue
            out.append({"name": f.name, "default": getattr(base, f.name),
                        "doc": _RULE_DOCS.get(f.name, "")})
        out.append({"name": "faces.<FACE>.<ZONE>", "default": "see boards.toml",
                    "doc": "reward text of a zone (0-2) of a district face, e.g. "
                           "faces.3A.1=pod+jelly:2"})
        out.append({"name": "district.<I>.<ZONE>", "default": "",
                    "doc": "reward text of a zone of the face in play as district I"})
        out.append({"name": "faces.<FACE>.green", "default": "see boards.toml",
                    "doc": "the face has green lights (recommended for a first game)"})
        out.append({"name": "layouts.<NAME>", "default": "see boards.toml",
                    "doc": "face names of a named layout, clockwise, e.g. "
                           "layouts.mixed=1A,2B,3A,4B,5A,6B,7A,8B (a new name adds one)"})
        return out

    def make_rules(self, players: int, overrides: dict | None = None, where: str = "rules"):
        return make_rules(self.check_players(players), overrides, where)

    def prepare(self, rules: JellyRules, lineup) -> JellyPrepared:
        ids, params = self.bot_vectors(lineup, _roster.N_PARAMS)
        A = rules.to_arrays()
        return JellyPrepared(A, JellyLineup(ids, params, self.custom_function(lineup, A)))

    def kernel_state(self, arrays):
        return new_state(arrays.n_players, arrays.n_districts)

    def run_batch(self, prepared: JellyPrepared, seed: int, start: int, count: int,
                  keep_rows: bool):
        A = prepared.arrays
        p, d = A.n_players, A.n_districts
        agg = new_agg(p, d)
        rows = self.new_rows(count, p, keep_rows)
        lu = prepared.lineup
        nb.run_batch(A, self.kernel_state(A), lu, new_scratch(p, d), search_for(lu, p, d), seed,
                     start, count, agg, rows)
        return self.rows_output(agg, rows, keep_rows)

    def reference_game(self, prepared: JellyPrepared, seed: int, game: int, log: bool = False,
                       names=None):
        from simlab.games.jelly.reference import ReferenceGame

        g = ReferenceGame(prepared.arrays, prepared.lineup, seed, game, log=log, names=names)
        scores, winners = g.play_game()
        return scores, winners, g.agg._asdict(), g.lines

    def invariants(self, agg: dict, n_games: int, rules: JellyRules) -> list[str]:
        c = {name: int(agg["counters"][i]) for i, name in enumerate(COUNTER_NAMES)}
        seat = np.asarray(agg["seat"])
        p = rules.players
        problems = []
        dice_total = n_games * rules.rounds * p * rules.dice
        if c["dice_placed"] + c["dice_lost_to_timer"] != dice_total:
            problems.append(f"dice not conserved: placed {c['dice_placed']} + lost "
                            f"{c['dice_lost_to_timer']} != {dice_total}")
        if c["dice_cancelled"] + c["removals"] > c["dice_placed"]:
            problems.append("more dice cancelled or removed than placed")
        if c["step_cap_hits"] != 0:
            problems.append(f"{c['step_cap_hits']} rounds hit the step bound "
                            f"({rules.max_steps_per_round})")
        if c["roll_steps"] > n_games * rules.rounds * rules.max_steps_per_round:
            problems.append("a round ran past its step bound")
        if seat[:, 7].sum() > n_games * rules.pods:
            problems.append("more jelly-pods held at the end than the stack has")
        if c["center_pods"] > n_games * rules.pods:
            problems.append("more center pods than the stack has")
        if np.any(np.asarray(agg["score_hist"]).sum(axis=1) != n_games):
            problems.append("score histogram does not count every game")
        if seat[:, 6].sum() != c["dice_placed"] or seat[:, 1].sum() != c["dice_lost_to_timer"]:
            problems.append("per-seat dice counters do not add up to the totals")
        if np.asarray(agg["district_control"]).max(initial=0) > n_games * rules.rounds:
            problems.append("a district was controlled in more rounds than were played")
        if not np.array_equal(np.asarray(agg["src"]).sum(axis=1), np.asarray(agg["score_sum"])):
            problems.append("points by source do not add up to the scores")
        if int(np.asarray(agg["ends"]).sum()) != n_games:
            problems.append("ends do not count every game once")
        if int(agg["length"][0]) != c["roll_steps"]:
            problems.append("game lengths do not add up to the roll steps")
        return problems

    def summary_lines(self, metrics: dict) -> list[str]:
        lines = ["district  face  controlled  mean reward (jelly, pods)   zones"]
        for d in metrics["districts"]:
            lines.append(f"{d['district']:>8}  {d['face']:<4}  "
                         f"{100 * d['controlled_share']:9.1f}%  "
                         f"{d['mean_reward_jelly']:7.2f} jelly {d['mean_reward_pods']:5.2f} pods   "
                         f"{' | '.join(d['zones'])}")
        lines += ["", f"per game: {metrics['dice_lost_to_cancellation']:.2f} dice cancelled, "
                      f"{metrics['dice_lost_to_timer']:.2f} lost to the timer, "
                      f"{metrics['removals_used']:.2f} removals, "
                      f"{metrics['target_moves_used']:.2f} target moves, "
                      f"{metrics['pods_won_at_city_center']:.2f} pods won at the city center"]
        return lines

    def metrics(self, agg: dict, n_games: int, rules: JellyRules, lineup) -> dict:
        faces = rules.district_faces()
        rounds = n_games * rules.rounds
        districts = []
        for d, face in enumerate(faces):
            ctrl = int(agg["district_control"][d])
            jel = float(agg["district_jelly"][d])
            pods = float(agg["district_pods"][d])
            districts.append({
                "district": d,
                "face": face,
                "zones": list(rules.faces[face].zones),
                "controlled_share": ctrl / rounds if rounds else 0.0,
                "mean_reward_jelly": jel / ctrl if ctrl else 0.0,
                "mean_reward_pods": pods / ctrl if ctrl else 0.0,
                "mean_reward_value": (jel + POD_VALUE * pods) / ctrl if ctrl else 0.0,
            })
        counters = {name: int(agg["counters"][i]) for i, name in enumerate(COUNTER_NAMES)}
        per_game = {name: v / n_games for name, v in counters.items()}
        seat = agg["seat"]
        seats = [{"seat": s + 1, "bot": lineup[s].label,
                  **{name: float(seat[s, i]) / n_games for i, name in enumerate(SEAT_NAMES)}}
                 for s in range(seat.shape[0])]
        src = np.asarray(agg["src"])
        choice = np.asarray(agg["choice"])
        explain = {
            "score_sources": {name: [float(src[s, i]) / n_games for s in range(src.shape[0])]
                              for i, name in enumerate(SOURCE_NAMES)},
            "choices": {name: [float(choice[s, i]) / n_games for s in range(choice.shape[0])]
                        for i, name in enumerate(CHOICE_NAMES)},
            "ends": {name: int(agg["ends"][i]) for i, name in enumerate(END_NAMES)},
            "mean_length_steps": float(agg["length"][0]) / n_games if n_games else 0.0,
        }
        return {
            **explain,
            "districts": districts,
            "totals": counters,
            "per_game": per_game,
            "dice_lost_to_cancellation": per_game["dice_cancelled"],
            "dice_lost_to_timer": per_game["dice_lost_to_timer"],
            "removals_used": per_game["removals"],
            "target_moves_used": per_game["target_moves"],
            "pods_won_at_city_center": per_game["center_pods"],
            "seat_metrics": seats,
            "game_shape": shape_metrics({"counters": agg["shape_counters"],
                                         "lead_hist": agg["lead_hist"],
                                         "margin_hist": agg["margin_hist"],
                                         "leader_wins": agg["leader_wins"]},
                                        seat.shape[0], "round"),
        }

    def figures(self, points: list) -> list:
        from simlab.games.jelly.plots import figures

        return figures(points)


GAME = JellyGame()
