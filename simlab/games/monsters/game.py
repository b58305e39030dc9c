"""Monsters on Board: the public game module (validate -> arrays -> kernel -> tables).

Registered as ``monsters``; use it through :func:`simlab.simulate` or the ``simlab`` command.
Regular game: 2-4 players (``--set mode=regular``). Solo: ``-p 1 --set mode=solo1`` (score
against ``target``) or ``-p 1 --set mode=solo2 --set difficulty=3`` (versus Spider Jack).

Scores: Spook Juice from actions and Summon scoring during the game plus final scoring
(final-area Grunts, Prophecy, Arch Monsters; ``scoring.py``). Winners: the top score, ties
broken by final-area Grunts, then Malice, then shared (so not always exactly the top scores).
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np

from simlab.core.shape import shape_metrics
from simlab.errors import SimlabError
from simlab.games.monsters import bots as _bots
from simlab.games.monsters import nb
from simlab.games.monsters import nb_family as nf
from simlab.games.monsters.actions import ACTION_NAMES
from simlab.games.monsters.rules import (
    MODES,
    MODIFIERS,
    MonstersArrays,
    MonstersRules,
    make_rules,
)
from simlab.games.monsters.shape import shape_players
from simlab.games.monsters.state import (
    BREAKDOWN,
    CHOICE_NAMES,
    COUNTER_NAMES,
    END_NAMES,
    SEAT_NAMES,
    SOURCES,
    MonstersLineup,
    new_agg,
    new_state,
)
from simlab.games.registry import BotInfo, Game

_RULE_DOCS = {
    "players": "players: 2-4 (regular, family), 1 (solo1, solo2)",
    "mode": "regular | family | solo1 (beat a target score) | solo2 (versus Spider Jack)",
    "difficulty": "solo2 difficulty level 0..7 (assumed ladder, data/difficulty.toml)",
    "sj_court_monsters": "solo2: extra Grunts in his Court 0/1/2 (-1: from the level)",
    "sj_court_ghosts": "solo2: random Ghosts in his Court 0/2/4 (-1: from the level)",
    "court_ghosts_plus3": "solo2: Ghosts of the +3 modifier 'four' in all (default) or 'six' "
                          "(2 + 4)",
    "multi_ghost_matches": "solo2: multi-coloured Ghosts in his Court match 'every' colour "
                           "(default) or 'none'",
    "sj_summoning": "solo2: he gains your missed Summon scoring 0/1 (-1: from the level)",
    "sj_unscored": "solo2: un-scored die 0 bag / 1 Court / 2 scored + Court (-1: level)",
    "sj_prophecy": "solo2: he gains your missed Prophecy points 0/1 (-1: from the level)",
    "prophecy_plus_one": "solo2 Prophecy +1 pays: max_minus_score (default) | unmet (full "
                         "points of conditions met nowhere) | half",
    "target": "solo1: score that counts as a win (assumed 100)",
    "family_tie": "family: ties 'shared' (default; ages unknown), 'seat' (lowest seat wins) or "
                  "'random' (a tied player drawn)",
    "spooked_count": "Arch Monster Spooked per Grunt: 'area' (its area's number, default) or "
                     "'spaces' (the Town spaces it has moved through)",
    "rounds": "rounds (rulebook 6)",
    "dice": "36 Lord die faces RANK:ICONS by colour (assumed; set dice.COLOUR.FACE)",
    "town": "Town spaces AREA:COLOUR:ICONS in path order (assumed; set town.I)",
    "ghosts": "42 Ghosts COLOUR:ICONS (assumed; set ghosts.I)",
    "solo_cards": "30 Spider Jack cards (assumed; set solo_cards.I)",
    "malice_chart": "Malice for ranks 1..6 (assumed; rank 6 -> 3 is the rulebook's)",
    "ghost_cost": "Ghost cost by market position, left to right (assumed)",
    "arch_cost": "Arch Monster cost by market position, left to right (assumed)",
}


class MonstersPrepared(NamedTuple):
    """What the runner ships to workers: rule arrays and the line-up."""

    arrays: MonstersArrays
    lineup: MonstersLineup
    #: the rules' Prophecy and Arch Monster files ("" = shipped), for the reference engine
    card_files: tuple = ("", "")


def _compile_look(A, lu) -> None:
    """Compile (or load) the lookahead bot's entry point for this line-up before the kernel: it
    compiles the all-greedy playouts through the same game-loop functions, which numba would
    otherwise meet while they are being compiled for this line-up and link as recursive calls
    by symbol (broken once cached). It compiles ``look`` itself, for the plain int64 signature
    the kernel calls (``bots.ask_look``), the rules, the state and the line-up by reference
    (``ref.py``): a call from Python would run its Python shim."""
    from numba import typeof

    from simlab.core.ref import Ref
    from simlab.games.monsters.bots import KIND_SPOOK
    from simlab.games.monsters.lookahead import look

    args = (A, new_state(A), lu, np.int64(0), np.int64(KIND_SPOOK), np.int64(0),
            np.zeros(4, np.uint64))
    look.compile(tuple(Ref(typeof(a)) if i < 3 else typeof(a) for i, a in enumerate(args)))


def _located(overrides) -> list[str]:
    """Every problem, located (file, entry, field), of the data files a rule override names
    (``data.KIND = FILE``): added to the rules' own error, which names the rule field only."""
    import tomllib
    from pathlib import Path

    from simlab.games.monsters.data import located_errors
    from simlab.games.monsters.rules import DATA

    out = []
    for path, value in (overrides or {}).items():
        if not str(path).startswith("data.") or not value:
            continue
        kind = str(path)[5:]
        p = Path(str(value))
        if not p.exists() and "/" not in str(value) and (DATA / f"{value}.toml").is_file():
            p = DATA / f"{value}.toml"
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue  # the rules' own error says why it cannot be read
        out += located_errors(kind, data, str(p))
    return out


class MonstersGame(Game):
    """Monsters on Board (2-4 players; solo modes 1 and 2): dice draft, Grunts, Spider Jack."""

    name = "monsters"
    title = "Monsters on Board"
    min_players = 1
    max_players = 4
    default_players = 3
    default_bots = ("greedy", "prophet", "random")
    compile_seconds = (55.0, 125.0)  # cold compile without / with a lookahead seat
    bench_bots = ("first",)          # the rules alone (bot_base.BOTS["first"])
    search_bot = "search"            # the lookahead racing its options (bot_base)
    search_param = "playouts"
    search_budgets = (4, 8)
    winners_are_top_scores = False
    seat_keys = ("wins", "score_sum", "score_sumsq", "score_hist", "seat", "breakdown", "draft",
                 "malice_hist", "src", "choice")
    # explaining a result (issue 40): one set of names for every mode (state.py)
    score_sources = SOURCES
    choice_names = CHOICE_NAMES
    end_names = END_NAMES
    length_unit = "rounds"

    def bots(self) -> dict[str, BotInfo]:
        return {name: BotInfo(name, bid, tuple(params), tuple(defaults), doc)
                for name, (bid, params, defaults, doc) in _bots.BOTS.items()}

    def rule_options(self) -> list[dict]:
        base = MonstersRules()
        return [{"name": f.name, "default": getattr(base, f.name),
                 "doc": _RULE_DOCS.get(f.name, "assumed data, see data/*.toml")}
                for f in dataclasses.fields(MonstersRules)]

    def make_rules(self, players: int, overrides: dict | None = None, where: str = "rules"):
        try:
            return make_rules(self.check_players(players), overrides, where)
        except SimlabError as e:
            found = _located(overrides)
            if not found:
                raise
            raise SimlabError(f"{e}\n  located in the data files (format and what the "
                              f"rulebook states; `simlab data monsters check` reads a whole "
                              f"folder):" + "".join(f"\n  {x}" for x in found[:20])) from None

    def compile_estimate(self, prepared) -> float:
        if isinstance(prepared, nf.FamilyPrepared):
            return 20.0  # the family-mode kernel (nb_family.py)
        return super().compile_estimate(prepared)

    def warm_lineups(self, everything: bool = False) -> list[tuple[str, object]]:
        out = super().warm_lineups(everything)
        if everything:
            rules = self.make_rules(3, {"mode": "family"})
            out.append(("family mode", self.prepare(rules, self.lineup("greedy", 3))))
        return out

    def lineup(self, bots, players: int, where: str = "bots"):
        if bots is None and players == 1:
            bots = "greedy"
        return super().lineup(bots, players, where)

    def prepare(self, rules: MonstersRules, lineup) -> MonstersPrepared:
        ids, params = self.bot_vectors(lineup, _bots.N_PARAMS)
        if rules.mode == "family":
            family = [n for n, (bid, *_) in _bots.BOTS.items() if bid != _bots.BOT_LOOKAHEAD]
            known = {_bots.BOTS[n][0] for n in family}
            for b, i in zip(lineup, ids, strict=True):
                if int(i) not in known:
                    raise SimlabError(f"bots: {b.label} has no family-mode decisions; family "
                                      f"mode plays {', '.join(family)} (and their saved "
                                      f"variants)")
            return nf.FamilyPrepared(rules.to_arrays(), nf.family_arrays(rules),
                                            MonstersLineup(ids, params), str(rules.prophecy_file),
                                            str(rules.arch_file))
        A = rules.to_arrays()
        custom = self.custom_function(lineup, A)
        files = (rules.prophecy_file, rules.arch_file)
        if np.any(ids == _bots.BOT_LOOKAHEAD):
            from simlab.games.monsters.lookahead import look, new_scratch

            return MonstersPrepared(A, MonstersLineup(ids, params, custom, look,
                                                      new_scratch(A, params.shape[1])), files)
        return MonstersPrepared(A, MonstersLineup(ids, params, custom), files)

    def kernel_state(self, arrays):
        return new_state(arrays)

    def run_batch(self, prepared: MonstersPrepared, seed: int, start: int, count: int,
                  keep_rows: bool):
        A = prepared.arrays
        if isinstance(prepared, nf.FamilyPrepared):
            agg = nf.new_family_agg(A.n_players)
            rows = self.new_rows(count, A.n_players, keep_rows)
            nf.run_batch_family(A, prepared.family, nf.new_family_state(A), prepared.lineup,
                                np.zeros(4, np.uint64), seed, start, count, agg, rows)
            return self.rows_output(agg, rows, keep_rows)
        p = A.n_players
        agg = new_agg(p)
        rows = self.new_rows(count, p, keep_rows)
        lu = prepared.lineup
        if lu.scratch is not None:  # lookahead: scratch of its own (threads share `prepared`)
            from simlab.games.monsters.lookahead import new_scratch

            _compile_look(A, lu)
            lu = lu._replace(scratch=new_scratch(A, lu.params.shape[1]))
        nb.run_batch(A, self.kernel_state(A), lu, np.zeros(4, np.uint64), seed, start, count, agg,
                     rows)
        return self.rows_output(agg, rows, keep_rows)

    def reference_game(self, prepared: MonstersPrepared, seed: int, game: int,
                       log: bool = False, names=None):
        if isinstance(prepared, nf.FamilyPrepared):
            from simlab.games.monsters.reference_family import ReferenceFamilyGame

            g = ReferenceFamilyGame(prepared, seed, game, log=log, names=names)
        else:
            from simlab.games.monsters.reference import ReferenceGame

            if prepared.lineup.scratch is not None:
                _compile_look(prepared.arrays, prepared.lineup)

            cards = None
            if any(prepared.card_files):  # a scenario's own card files
                from simlab.games.monsters.cards import load_cards

                pf, af = prepared.card_files
                cards = load_cards(pf or None, af or None)
            g = ReferenceGame(prepared.arrays, prepared.lineup, seed, game, log=log,
                              names=names, cards=cards)
        scores, winners = g.play()
        return scores, winners, g.agg._asdict(), g.lines

    def inert_overrides(self, rules: MonstersRules, overrides: dict) -> list[str]:
        """The overrides no rule of ``rules.mode`` plays (``_INERT``), and the solo-2 options
        the modifiers in force leave unread, one sentence each."""
        out = []
        mods = rules.modifiers() if rules.mode == "solo2" else {}
        every_set = all(getattr(rules, f"sj_{m}") != -1 for m in MODIFIERS)
        for path in overrides or {}:
            head = str(path) if str(path).startswith("data.") else str(path).split(".")[0]
            why = _INERT.get(head, {}).get(rules.mode)
            if why is None and rules.mode == "solo2":
                if head == "prophecy_plus_one" and mods["prophecy"] == 0:
                    why = "solo 2 reads it only with the Prophecy +1 modifier, which is off"
                elif head == "court_ghosts_plus3" and mods["court_ghosts"] != 4:
                    why = "solo 2 reads it only with the Ghost +3 modifier (sj_court_ghosts 4)"
                elif head in ("difficulty", "difficulty_levels", "data.difficulty") and \
                        every_set:
                    why = "every modifier is set one by one (sj_*), so no level is read"
            if why:
                out.append(f"{path}: {why}")
        return out

    def always_has_winner(self, rules: MonstersRules) -> bool:
        return not rules.mode.startswith("solo")

    def invariants(self, agg: dict, n_games: int, rules: MonstersRules) -> list[str]:
        if rules.mode == "family":
            return _family_invariants(agg, n_games, rules) + _choice_invariants(agg, n_games,
                                                                                rules)
        c = {name: int(agg["counters"][i]) for i, name in enumerate(COUNTER_NAMES)}
        problems = _choice_invariants(agg, n_games, rules)
        if c["games"] != n_games:
            problems.append(f"{c['games']} games counted, {n_games} played")
        if c["rounds"] != n_games * rules.rounds:
            problems.append(f"rounds {c['rounds']} != {n_games} x {rules.rounds}")
        for key, what in (("dice_not_conserved", "Lord dice not all accounted for"),
                          ("malice_out_of_range", "Malice left 0..cap"),
                          ("grunt_errors", "Grunt bookkeeping broken"),
                          ("minion_errors", "Minion bookkeeping broken"),
                          ("illegal_bot_choices", "bots made illegal choices")):
            if c[key]:
                problems.append(f"{what} {c[key]} times")
        if c["dice_drawn"] - c["dice_to_bag"] != (c["court_dice"]
                                                   + n_games * 3 * rules.rounds * rules.players):
            problems.append("dice drawn - returned to the bag != dice in Orders + Court")
        if np.any(np.asarray(agg["score_hist"]).sum(axis=1) != n_games):
            problems.append("score histogram does not count every game")
        if not np.array_equal(np.asarray(agg["breakdown"]).sum(axis=1),
                              np.asarray(agg["score_sum"])):
            problems.append("score by source does not add up to the scores")
        seat = np.asarray(agg["seat"])
        if int(seat[:, SEAT_NAMES.index("first_player")].sum()) != n_games:
            problems.append("first players do not count every game")
        if "actions" in agg:
            act = np.asarray(agg["actions"])
            if int(act[:, 0].sum()) != c["actions_done"] or \
                    int(act[:, 1].sum()) != c["actions_skipped"]:
                problems.append("actions by id do not add up to the actions performed/skipped")
            ch = _choices(agg)
            performed = sum(int(ch[k].sum()) for k in _ACTION_CHOICES)
            if performed != int(act[:, 0].sum()) or int(ch["action_skipped"].sum()) != \
                    int(act[:, 1].sum()):
                problems.append("choices of actions do not add up to the actions performed/"
                                "skipped")
        ch = _choices(agg)
        for choice, name in (("ghost_bought", "ghosts"), ("arch_monster_bought", "arch_bought"),
                             ("spook_pass", "spook_passes"),
                             ("arch_monster_discarded", "arch_used")):
            if not np.array_equal(ch[choice], seat[:, SEAT_NAMES.index(name)]):
                problems.append(f"choices {choice} != the seats' {name}")
        if not (ch["die_to_malice"] == n_games * rules.rounds).all():
            problems.append("choices: not one die to the Malice spot per round")
        return problems

    def metrics(self, agg: dict, n_games: int, rules: MonstersRules, lineup) -> dict:
        if rules.mode == "family":
            return _family_metrics(agg, n_games, rules, lineup)
        n = max(n_games, 1)
        counters = {name: int(agg["counters"][i]) for i, name in enumerate(COUNTER_NAMES)}
        bd = np.asarray(agg["breakdown"])
        seat = np.asarray(agg["seat"])
        dr = np.asarray(agg["draft"])
        mh = np.asarray(agg["malice_hist"])
        act = np.asarray(agg.get("actions", np.zeros((len(ACTION_NAMES), 2))))
        p = bd.shape[0]
        out = {
            "score_by_source": [{"seat": s + 1, "bot": lineup[s].label,
                                 **{name: float(bd[s, j]) / n for j, name in
                                    enumerate(BREAKDOWN)}} for s in range(p)],
            "draft_position": [{"seat": s + 1, "bot": lineup[s].label,
                                "mean_rank": [float(dr[s, k, 1]) / max(dr[s, k, 0], 1)
                                              for k in range(dr.shape[1])],
                                "mean_icons": [float(dr[s, k, 2]) / max(dr[s, k, 0], 1)
                                               for k in range(dr.shape[1])]}
                               for s in range(p)],
            "malice": [{"seat": s + 1, "bot": lineup[s].label,
                        **{k: float(seat[s, SEAT_NAMES.index(f"malice_{k}")]) / n
                           for k in ("gained", "spent", "wasted")},
                        "left_after_spook_hist": [int(x) for x in mh[s]]} for s in range(p)],
            "per_game": {name: v / n for name, v in counters.items()},
            "actions": {ACTION_NAMES[a]: {"performed_per_game": float(act[a, 0]) / n,
                                          "skipped_per_game": float(act[a, 1]) / n}
                        for a in range(act.shape[0]) if ACTION_NAMES[a] != "gain_grunt"},
            "seat_metrics": [{"seat": s + 1, "bot": lineup[s].label,
                              **{name: float(seat[s, i]) / n for i, name in
                                 enumerate(SEAT_NAMES)}} for s in range(p)],
            "game_shape": self.shape(agg, rules, p),
        }
        if rules.mode == "solo2":
            h = np.asarray(agg["sj_hist"])
            x = np.arange(h.size)
            mean = float((h * x).sum()) / n
            out["spider_jack"] = {"mean_score": mean,
                                  "sd_score": float(np.sqrt((h * (x - mean) ** 2).sum()
                                                            / max(n - 1, 1))),
                                  "player_win_share": 1 - counters["sj_wins"] / n,
                                  "difficulty": rules.difficulty,
                                  "modifiers": rules.modifiers()}
        return out

    @staticmethod
    def shape(agg: dict, rules: MonstersRules, p: int) -> dict:
        """The game-shape measures (``shape.py``: running scores after each round but the
        last; solo 2 compares the player with Spider Jack, solo 1 has no shape)."""
        if "shape_counters" not in agg:
            return {}
        out = shape_metrics({"counters": agg["shape_counters"], "lead_hist": agg["lead_hist"],
                             "margin_hist": agg["margin_hist"],
                             "leader_wins": agg["leader_wins"]},
                            shape_players(MODES.index(rules.mode), p), "round")
        if rules.mode == "solo2":
            out["lines"] = ["player", "Spider Jack (wins ties)"]
        elif rules.mode == "solo1":
            out["note"] = "solo 1: one player against a fixed target, no opponent: not recorded"
        return out

    def summary_lines(self, metrics: dict) -> list[str]:
        if metrics.get("family"):
            return _family_summary_lines(metrics)
        lines = ["seat  " + "  ".join(f"{b:>17}" for b in BREAKDOWN) + "   (mean points)"]
        for row in metrics["score_by_source"]:
            lines.append(f"{row['seat']:>4}  " + "  ".join(f"{row[b]:17.2f}" for b in BREAKDOWN))
        lines.append("")
        lines.append("seat  malice gained/spent/wasted per game   mean rank at picks 1..4")
        for m, d in zip(metrics["malice"], metrics["draft_position"], strict=True):
            lines.append(f"{m['seat']:>4}  {m['gained']:6.2f} {m['spent']:6.2f} "
                         f"{m['wasted']:6.2f}                   "
                         + " ".join(f"{x:4.2f}" for x in d["mean_rank"]))
        if "spider_jack" in metrics:
            sj = metrics["spider_jack"]
            lines += ["", f"Spider Jack (difficulty {sj['difficulty']}): mean score "
                          f"{sj['mean_score']:.1f}, player wins {100 * sj['player_win_share']:.1f}%"]
        return lines

    def figures(self, points: list) -> list:
        from simlab.games.monsters.plots import figures

        return figures(points)


# ------------------------------------------------------------------ overrides no mode reads
_SOLO2 = ("difficulty", "sj_court_monsters", "sj_court_ghosts", "sj_summoning", "sj_unscored",
          "sj_prophecy", "multi_ghost_matches", "prophecy_plus_one", "court_ghosts_plus3",
          "court_die_points", "court_ghost_points", "court_grunt_points", "difficulty_levels",
          "data.difficulty")
_SOLO = ("solo_cards", "data.solo_cards")
_FAMILY = ("family_tie", "family_area_actions", "family_area12_juice", "family_minion_spaces",
           "data.family")
#: what the family engine never reads: Ghosts, Arch Monsters, Malice, the Spider Jack dice,
#: the Summoning track, the Grunt supply, the regular game's rounds ("Ghosts and Arch Monster
#: Cards are not used"; every die counts; the Minion spaces end the game)
_NOT_FAMILY = ("ghosts", "data.ghosts", "ghost_cost", "arch_cost", "data.market", "arch_file",
               "data.arch_monsters", "malice_chart", "malice_cap", "data.malice", "rounds",
               "gain_grunt_spots", "summon_track", "sj_start", "sj_max", "grunts_per_colour",
               "spooked_count", "area_public")
_INERT: dict[str, dict[str, str]] = {}
for _path in _SOLO2:
    _INERT[_path] = {m: f"a solo 2 (versus Spider Jack) option; mode {m} plays none of it"
                     for m in ("regular", "family", "solo1")}
for _path in _SOLO:
    _INERT[_path] = {m: f"Spider Jack's solo cards; mode {m} has no automaton"
                     for m in ("regular", "family")}
_INERT["target"] = {m: f"solo 1's target score; mode {m} has none"
                    for m in ("regular", "family", "solo2")}
for _path in _FAMILY:
    _INERT[_path] = {m: f"a family-mode option; mode {m} plays none of it"
                     for m in ("regular", "solo1", "solo2")}
for _path in _NOT_FAMILY:
    _INERT.setdefault(_path, {})["family"] = ("family mode never reads it (no Ghosts, Arch "
                                              "Monsters, Malice, Spider Jack dice, Summoning "
                                              "track or Grunt supply; the Minion spaces set "
                                              "the rounds)")


# ------------------------------------------------------------------ the explanation's checks
_ACTION_CHOICES = ("swap", "promote", "demote", "move_minion", "move_grunt", "spook_juice",
                   "call_spider_jack", "feed_spider_jack", "gain_malice")


def _choices(agg: dict) -> dict:
    """The ``choice`` aggregate as {name: per-seat counts}."""
    ch = np.asarray(agg["choice"])
    return {name: ch[:, j] for j, name in enumerate(CHOICE_NAMES)}


def _choice_invariants(agg: dict, n_games: int, rules) -> list[str]:
    """What the explanation aggregates must satisfy in every mode: every game has one end and
    its rounds, every seat placed 3 dice a round into its rows."""
    out = []
    rounds = nf.family_arrays(rules).rounds if rules.mode == "family" else rules.rounds
    if int(np.asarray(agg["ends"]).sum()) != n_games:
        out.append("ends do not count every game")
    if list(np.asarray(agg["length"])) != [n_games * rounds, n_games * rounds * rounds]:
        out.append(f"game lengths are not {rounds} rounds each")
    ch = _choices(agg)
    placed = ch["die_to_top_row"] + ch["die_to_middle_row"] + ch["die_to_bottom_row"]
    if not (placed == 3 * n_games * rounds).all():
        out.append("choices: not 3 dice into the rows per round")
    if rules.mode == "family":
        seat = np.asarray(agg["seat"])
        minions = np.stack([ch[f"minion_to_{r}_row"] for r in ("top", "middle", "bottom")], 1)
        if not np.array_equal(minions, seat[:, nf.S_MIN0:nf.S_MIN2 + 1]):
            out.append("choices: Minion rows != the Minions on each row")
        c = {name: int(agg["counters"][i]) for i, name in enumerate(nf.FAMILY_COUNTER_NAMES)}
        if int(ch["area12_go_on"].sum()) != c["area12_continues"] or \
                int(ch["area12_stay"].sum()) != c["area12_stops"]:
            out.append("choices: area 12 go on / stay != the leftover counters")
        if int((ch["promote"] + ch["demote"] + ch["swap"] + ch["action_skipped"]).sum()) != \
                c["area4_landings"] + c["area8_landings"]:
            out.append("choices: area 4 / 8 decisions != the landings")
    return out


# ------------------------------------------------------------------ family mode's tables
def _family_invariants(agg: dict, n_games: int, rules) -> list[str]:
    """Broken conservation laws and bounds of family aggregates, in words."""
    F = nf.family_arrays(rules)
    P = rules.players
    c = {name: int(agg["counters"][i]) for i, name in enumerate(nf.FAMILY_COUNTER_NAMES)}
    seat = np.asarray(agg["seat"])
    out = []
    if c["games"] != n_games:
        out.append(f"{c['games']} games counted, {n_games} played")
    if c["rounds"] != n_games * F.rounds:
        out.append(f"rounds {c['rounds']} != {n_games} x {F.rounds}")
    if c["dice_checks"] != n_games * F.rounds * (nf.PICKS + 1):
        out.append(f"{c['dice_checks']} dice conservation checks, expected "
                   f"{n_games * F.rounds * (nf.PICKS + 1)}")
    for key, what in (("dice_not_conserved", "Lord dice not all accounted for (78)"),
                      ("minion_errors", "Minion bookkeeping broken"),
                      ("illegal_bot_choices", "bots made illegal choices")):
        if c[key]:
            out.append(f"{what} {c[key]} times")
    if c["dice_drawn"] != n_games * F.rounds * 4 * P:
        out.append("dice drawn != 4 per Fearmobile per round")
    if c["dice_drawn"] - c["dice_to_bag"] != n_games * F.rounds * nf.PICKS * P:
        out.append("dice drawn - returned != dice in the Orders")
    held = int(seat[:, nf.FAMILY_SEAT_NAMES.index("order_dice")].sum())
    if held != n_games * F.rounds * nf.PICKS * P:
        out.append("Orders do not hold 3 dice per round")
    minions = seat[:, nf.S_MIN0:nf.S_MIN2 + 1]
    if not np.array_equal(minions.sum(axis=0), n_games * P * F.minion_spaces):
        out.append("Minion spaces not all filled exactly once")
    if c["area4_uses"] > c["area4_landings"] or c["area8_uses"] > c["area8_landings"]:
        out.append("more area 4/8 actions than landings")
    if c["area12_continues"] + c["area12_stops"] > c["area12_returns"]:
        out.append("more area 12 leftover choices than returns")
    if c["steps_declined"] < c["area12_stops"]:
        out.append("an area 12 stop declined no step")
    if np.any(np.asarray(agg["score_hist"]).sum(axis=1) != n_games):
        out.append("score histogram does not count every game")
    bd = np.asarray(agg["breakdown"])
    if not np.array_equal(bd.sum(axis=1), np.asarray(agg["score_sum"])):
        out.append("score by source does not add up to the scores")
    if not np.array_equal(bd[:, nf.B_AREA12], F.juice12 * seat[:, nf.S_A12]):
        out.append("area 12 juice != returns x juice")
    wins = np.asarray(agg["wins"])
    if F.tie != nf.TIE_SHARED and wins[:, 2:].sum():
        out.append(f"shared wins under family_tie = {nf.TIES[F.tie]}")
    if np.asarray(agg["malice_hist"]).sum():
        out.append("Malice recorded in family mode")
    return out


def _family_metrics(agg: dict, n_games: int, rules, lineup) -> dict:
    """Family-mode metrics (JSON-able)."""
    n = max(n_games, 1)
    c = {name: int(agg["counters"][i]) for i, name in enumerate(nf.FAMILY_COUNTER_NAMES)}
    bd = np.asarray(agg["breakdown"])
    seat = np.asarray(agg["seat"])
    dr = np.asarray(agg["draft"])
    p = bd.shape[0]
    return {
        "family": True,
        "score_by_source": [{"seat": s + 1, "bot": lineup[s].label,
                             **{name: float(bd[s, j]) / n for j, name in
                                enumerate(nf.FAMILY_BREAKDOWN)}} for s in range(p)],
        "draft_position": [{"seat": s + 1, "bot": lineup[s].label,
                            "mean_rank": [float(dr[s, k, 1]) / max(dr[s, k, 0], 1)
                                          for k in range(nf.PICKS)],
                            "mean_icons": [float(dr[s, k, 2]) / max(dr[s, k, 0], 1)
                                           for k in range(nf.PICKS)]} for s in range(p)],
        "seat_metrics": [{"seat": s + 1, "bot": lineup[s].label,
                          **{name: float(seat[s, i]) / n for i, name in
                             enumerate(nf.FAMILY_SEAT_NAMES)}} for s in range(p)],
        "per_game": {name: v / n for name, v in c.items()},
        "tie_rule": nf.TIES[nf.family_arrays(rules).tie],
        "tie_share": c["top_score_ties"] / n,
        "game_shape": shape_metrics({"counters": agg["shape_counters"],
                                     "lead_hist": agg["lead_hist"],
                                     "margin_hist": agg["margin_hist"],
                                     "leader_wins": agg["leader_wins"]}, p, "round"),
    }


def _family_summary_lines(metrics: dict) -> list[str]:
    """Lines under the balance table for a family game."""
    lines = ["seat  " + "  ".join(f"{b:>9}" for b in nf.FAMILY_BREAKDOWN) + "   (mean points)"]
    for row in metrics["score_by_source"]:
        lines.append(f"{row['seat']:>4}  " + "  ".join(f"{row[b]:9.2f}"
                                                      for b in nf.FAMILY_BREAKDOWN))
    g = metrics["per_game"]
    lines += ["", f"per game: area 4 used {g['area4_uses']:.2f}/{g['area4_landings']:.2f}, "
                  f"area 8 used {g['area8_uses']:.2f}/{g['area8_landings']:.2f}, area 12 "
                  f"returns {g['area12_returns']:.2f} (leftover used "
                  f"{g['area12_continues']:.2f}, declined {g['area12_stops']:.2f}); "
                  f"top-score ties {100 * metrics['tie_share']:.1f}% ({metrics['tie_rule']})"]
    return lines


GAME = MonstersGame()
