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
from simlab.games.jelly.rules import (
    ADJ_EITHER,
    POD_VALUE,
    R_ADJ,
    R_PODIUM,
    R_PODIUM_PRESENT,
    JellyArrays,
    JellyRules,
    atom_kind,
    make_rules,
)
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
    "max_steps_per_round": "modelling bound on roll steps per round (no rule sets one)",
    "round_end_without_flip": "what ends a round no flip ends: step_bound | flip_at_bound "
                              "(reading)",
    "roll_again_limit": "rolls in a row without placing a die, 0 = no limit (reading)",
    "arrow_podium": "a podium reached through an arrow: scored_district | controllers_only "
                    "(reading)",
    "speeds": "per-seat speed multipliers, e.g. 1,1,1.5,1 (time / speed)",
    "drone_start": "district the Drone points to in round 1",
    "drone_step": "districts the Drone advances per round (reading: 0)",
    "lock_requires_dice": "a lock-down needs a die on that district entrance (reading)",
    "give_each_short": "giver short of jelly: bot (its choice) | poorest_first (reading)",
    "adjacent_orientation": "an arrow's left: entrance (clockwise) | center (reading)",
}


def _arrow_reaches_podium(A: JellyArrays) -> bool:
    """Does an arrow in play (left, right or either) point at a district with a podium?"""
    rw = A.rewards
    n_d = A.n_districts
    podium = np.isin(rw[..., 0], (R_PODIUM, R_PODIUM_PRESENT)).any(axis=(1, 2))
    for d, z, i in zip(*np.nonzero(rw[..., 0] == R_ADJ), strict=True):
        steps = (-1, 1) if rw[d, z, i, 1] == ADJ_EITHER else (int(rw[d, z, i, 1]),)
        if any(podium[(d + s) % n_d] for s in steps):
            return True
    return False


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
    #: ``first``: the first legal option, no evaluation (``simlab bench`` times the rules)
    bench_bots = _roster.BENCH_BOTS

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
        lost = c["dice_lost_to_timer"] + c["dice_lost_to_bound"]
        if c["dice_placed"] + lost != dice_total:
            problems.append(f"dice not conserved: placed {c['dice_placed']} + lost {lost} != "
                            f"{dice_total}")
        if c["dice_cancelled"] + c["removals"] > c["dice_placed"]:
            problems.append("more dice cancelled or removed than placed")
        # the bound (reading round_end_without_flip): flip_at_bound ends a round at twice it
        bound = rules.max_steps_per_round * (2 if rules.round_end_without_flip ==
                                             "flip_at_bound" else 1)
        if c["roll_steps"] > n_games * rules.rounds * bound:
            problems.append("a round ran past its step bound")
        if not c["rounds_ended_by_bound"] <= c["step_cap_hits"] <= n_games * rules.rounds or \
                c["bound_flips"] > c["step_cap_hits"]:
            problems.append("the step-bound counters do not nest (ended, flipped <= reached "
                            "<= rounds)")
        if c["dice_lost_to_bound"] and not c["rounds_ended_by_bound"]:
            problems.append("dice lost to the step bound in no round it ended")
        if seat[:, 7].sum() > n_games * rules.pods:
            problems.append("more jelly-pods held at the end than the stack has")
        if c["center_pods"] > n_games * rules.pods:
            problems.append("more center pods than the stack has")
        if np.any(np.asarray(agg["score_hist"]).sum(axis=1) != n_games):
            problems.append("score histogram does not count every game")
        if seat[:, 6].sum() != c["dice_placed"] or seat[:, 1].sum() != c["dice_lost_to_timer"] \
                or seat[:, 8].sum() != c["dice_lost_to_bound"]:
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
        bound = metrics["rounds_at_step_bound"]
        if bound["reached"]:
            lines.append(f"rounds at the step bound (no rule ends them): {bound['reached']} of "
                         f"{metrics['rounds_played']}, {bound['ended']} ended there "
                         f"({metrics['dice_lost_to_bound']:.2f} dice per game lost to it), "
                         f"{bound['timer_flipped']} had the timer flipped there")
        return lines

    def result_warnings(self, metrics: dict, rules) -> list[str]:
        """Rounds that reached the modelling bound on roll steps: no rule of the rulebook ended
        them (players kept rolling again and no finished player flipped the timer)."""
        bound = metrics.get("rounds_at_step_bound") or {}
        n = int(bound.get("reached", 0))
        if not n:
            return []
        total = int(metrics.get("rounds_played", 0)) or 1
        how = (f"the timer was flipped there in {bound.get('timer_flipped', 0)} and "
               f"{bound.get('ended', 0)} ended at twice the bound"
               if rules.round_end_without_flip == "flip_at_bound" else
               f"they ended there, {metrics.get('dice_lost_to_bound', 0.0):.2f} dice per game "
               f"lost to the bound (not the timer)")
        return [f"{n} of {total} rounds ({n / total:.1%}) reached the modelling bound of "
                f"max_steps_per_round={rules.max_steps_per_round} roll steps: players kept "
                f"rolling again and no finished player flipped the timer, which no rule of the "
                f"rulebook ends; by the reading round_end_without_flip="
                f"{rules.round_end_without_flip} {how}. Results rest on that reading "
                f"(see simlab readings jelly; roll_again_limit is another)."]

    def seats_identical(self, rules) -> str:
        """Jelly's rounds are simultaneous: no seat plays first, faces a district (the Drone
        points at a district, not a player) or scores first; seats differ only by the per-seat
        options ``speeds`` and ``seat_starting_jelly``, and by who acts first at an exact tie
        of moments, which a time jitter of 0 makes certain (the lower seat)."""
        if rules.speeds and len(set(rules.speeds)) > 1:
            return ""
        if rules.seat_starting_jelly and len(set(rules.seat_starting_jelly)) > 1:
            return ""
        if rules.time_jitter <= 0:
            return ""
        return ("players act simultaneously at "
                "jittered moments of the same speed and start with the same jelly, no seat "
                "faces or scores a district first (the Drone points at a district), and ties "
                "between players are broken from the game's random stream")

    def inert_overrides(self, rules, overrides: dict) -> list[str]:
        """Overrides that change nothing played: faces and layouts not in play, green flags
        (a layout's recommendation only), a Drone step of a whole turn, readings of rewards
        no district in play shows, per-seat lists that repeat one value."""
        faces = set(rules.district_faces())
        kinds = {atom_kind(t) for f in faces for z in rules.faces[f].zones
                 for t in z.split("+")}
        arrows = {t.strip() for f in faces for z in rules.faces[f].zones for t in z.split("+")
                  if t.strip().startswith("adjacent")}
        out = []
        for path in overrides:
            parts = str(path).split(".")
            if parts[0] == "faces" and len(parts) >= 2:
                if parts[-1] == "green":
                    out.append(f"{path}: a green flag only marks a side recommended for a "
                               f"first game; no rule reads it in play")
                elif parts[1] not in faces:
                    out.append(f"{path}: face {parts[1]} is not in play (districts "
                               f"{', '.join(rules.district_faces())})")
            elif parts[0] == "layouts" and len(parts) == 2 and not rules.districts and \
                    parts[1] != rules.layout:
                out.append(f"{path}: layout {parts[1]} is not the one played "
                           f"({rules.layout})")
            elif path == "layout" and rules.districts:
                out.append("layout: districts names the faces in play, so no layout is read")
            elif path == "drone_step" and (rules.rounds == 1 or
                                           rules.drone_step % rules.num_districts == 0):
                out.append(f"drone_step: {rules.drone_step} districts a round leaves the Drone "
                           f"where it starts"
                           + (" (one round)" if rules.rounds == 1 else
                              f" ({rules.num_districts} districts)"))
            elif path == "give_each_short" and not kinds & {"each_gives", "give_each"}:
                out.append("give_each_short: no district in play gives jelly from player to "
                           "player")
            elif path == "adjacent_orientation" and not arrows - {"adjacent:either"}:
                out.append("adjacent_orientation: no district in play shows a left or right "
                           "arrow")
            elif path == "arrow_podium" and not _arrow_reaches_podium(rules.to_arrays()):
                out.append("arrow_podium: no arrow in play points at a district with a podium "
                           "reward")
            elif path in ("speeds", "seat_starting_jelly"):
                vals = getattr(rules, path)
                if path == "seat_starting_jelly" and vals and set(vals) == {rules.starting_jelly}:
                    out.append(f"seat_starting_jelly: every seat starts with "
                               f"{rules.starting_jelly}, as starting_jelly gives")
                elif path == "speeds" and vals and set(vals) == {1.0}:
                    out.append("speeds: every seat at speed 1, the default")
        return out

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
        bound = {"reached": counters["step_cap_hits"], "ended": counters["rounds_ended_by_bound"],
                 "timer_flipped": counters["bound_flips"]}
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
            "dice_lost_to_bound": per_game["dice_lost_to_bound"],
            "rounds_played": rounds,
            "rounds_at_step_bound": bound,
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
