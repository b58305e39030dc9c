"""The questions of :mod:`simlab.analysis.robustness`: a context (bot population or reading),
the tables it plays, and the findings each kind of scenario claims (with the statistic that
measures each)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np

from simlab.core.rng import new_stream, uniform
from simlab.errors import SimlabError
from simlab.games.registry import BotChoice

#: parameters never jittered (budgets, switches, counts)
NOT_JITTERED = {"playouts", "width", "horizon", "noise", "end", "early_rounds"}
#: tie-noise value for bots with a ``noise`` parameter in the noise population
TIE_NOISE = 0.5
#: a sweep's significant changes checked as findings, the largest first
MAX_SWEEP_FINDINGS = 8


# ---------------------------------------------------------------------------- contexts
@dataclass
class Context:
    """One column of the findings table: a bot population or a reading alternative."""

    key: str
    name: str                 # in words
    kind: str                 # "population", "lineup", "reading" or "data"
    bot: BotChoice | None     # the population's bot in every seat (None: the line-up)
    games: int
    noise: bool = False
    rules: dict = field(default_factory=dict)   # reading: {rule: alternative}; data: overrides
    note: str = ""
    replace: tuple | None = None   # lineup: (label left out, BotChoice that takes its seats)
    group: str = ""           # data: the generator's context (``data:<name>``) it belongs to
    seed: int = 0             # data: the generated alternative's seed


@dataclass
class Config:
    """A table to play: rules overrides and the line-up(s), each in its seat rotations."""

    rules: dict
    lineups: list             # list of list[BotChoice]
    tags: list                # per line-up, per seat: the base bot's label (feature names)

    def key(self) -> str:
        return json.dumps([sorted(self.rules.items(), key=str),
                           [[b.label for b in lu] for lu in self.lineups], self.tags],
                          default=str)


# ---------------------------------------------------------------------------- findings
@dataclass
class Finding:
    """A headline finding: ``stat`` of the configurations ``build`` gives in a context."""

    key: str
    text: str                 # what is claimed, e.g. "seat 1's win share against the fair 25%"
    unit: str                 # "share" or "points"
    ref: float                # the value of 'no effect'
    build: object             # context -> dict name -> Config, or a str: why it does not apply
    stat: object              # getter(name, feature) -> (B+1,) array  ->  (B+1,) array
    level: bool = False       # solo win rate: no reference, compared by overlap
    bot: str = ""             # a bot's finding: the bot kept in its seats in populations
    bounded: bool = False     # a statistic bounded below by 0 (a spread): percentile interval


@dataclass
class Cell:
    value: float = float("nan")
    lo: float = float("nan")
    hi: float = float("nan")
    state: int = 0            # +1 / -1 above / below ref with significance, 0 not
    na: str = ""              # why the finding does not apply in this context
    games: int = 0
    se: float = float("nan")  # bootstrap standard error (intervals: value +- z se)
    change: tuple | None = None   # (change, lo, hi) from the line-up, paired on the same games
    label: str = ""           # the context as this finding plays it ("breeder vs all greedy")
    spread: dict | None = None    # a data context: the values over its generated alternatives

    def sd(self) -> float:
        """The standard error (from the 95% interval where not given)."""
        return self.se if np.isfinite(self.se) else (self.hi - self.lo) / 3.92


def _params_of(g, b: BotChoice) -> dict:
    info = g.all_bots()[b.name]
    out = dict(zip(info.params, info.defaults, strict=True))
    out.update(dict(b.overrides))
    return out


def jittered(g, b: BotChoice, seed: int, seat: int, jitter: float) -> BotChoice:
    """``b`` with each weight multiplied by a factor uniform in ``1 +- jitter`` (a stream of
    its own per seed and seat), and a tie-noise parameter ``noise`` set where it has one."""
    params = _params_of(g, b)
    if not params:
        return b
    rng = new_stream(int(seed), 1_000_003 + seat)
    out = {}
    for k, v in params.items():
        if k in NOT_JITTERED:
            out[k] = v
        else:
            out[k] = float(v) * (1.0 - jitter + 2.0 * jitter * float(uniform(rng)))
    if "noise" in out and not out["noise"]:
        out["noise"] = TIE_NOISE
    return BotChoice(b.name, tuple(out.items()))


# ---------------------------------------------------------------------------- populations
class Populations:
    """How a context turns a base line-up into the table it plays."""

    def __init__(self, g, seed, jitter):
        self.g, self.seed, self.jitter = g, seed, jitter

    def table(self, ctx: Context, base: list, keep: str | None = None):
        """``(line-up, tags)``: the context's bots, tagged with the base line-up's labels (the
        features are the base bots'). ``keep``: this bot keeps its seats (a bot finding)."""
        tags = [b.label for b in base]
        if ctx.noise:
            return ([jittered(self.g, b, self.seed, s, self.jitter)
                     for s, b in enumerate(base)], tags)
        if ctx.replace is not None:
            out, rep = ctx.replace
            lu = [rep if b.label == out else b for b in base]
            return lu, [rep.label if b.label == out else b.label for b in base]
        if ctx.bot is None:
            return list(base), tags
        lu = [b if keep is not None and b.label == keep else ctx.bot for b in base]
        return lu, [b.label if keep is not None and b.label == keep else ctx.bot.label
                    for b in base]


def apply_point(g, sc, pops, ctx, params: dict, keep=None):
    """The Config of a sweep point or compare variant (``params``: parameter path -> value) in
    a context, or a reason it does not apply."""
    from simlab.scenario import split_params
    from simlab.sweep import _apply_bot_param

    rules, players, bot_params = split_params(params, True)
    players = players or (sc.players if sc.players is not None else g.default_players)
    base = g.lineup(sc.bots, players)
    lu, tags = pops.table(ctx, base, keep)
    for kind, value in bot_params:
        new = _apply_bot_param(lu, kind, value)
        if kind[0] == "bots" and new == lu:
            return f"no seat plays {kind[1]}"
        lu = new
    return Config(rules, [lu], [tags])


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%" if abs(100 * x - round(100 * x)) < 1e-9 else f"{100 * x:.1f}%"


def check_question(sc) -> None:
    """Refuse a scenario whose question is a bot's strength ([tune], [skill]): robustness asks
    about the game (checked before any game is played or any bot tuned)."""
    if sc.kind in ("tune", "skill"):
        raise SimlabError(f"robustness: scenario {sc.name}: a [{sc.kind}] table asks about a "
                          f"bot's strength, not about the game; run robustness on a scenario "
                          f"that uses the bot (a single point, [compare], [sweep], [tournament] "
                          f"or [balance])")


def findings_of(g, sc, players, pops, eng, head: Context) -> tuple[str, list]:
    """The question in words and its findings (module docstring)."""
    base = g.lineup(sc.bots, players)
    labels = list(dict.fromkeys(b.label for b in base))
    fair = 1.0 / players
    kind = sc.kind
    F = []

    def single(params):
        def build(ctx, keep=None):
            return {"x": apply_point(g, sc, pops, ctx, params, keep)}
        return build

    def by_bot(build, b):
        def inner(ctx):
            if ctx.bot is not None and ctx.bot.label == b:
                return f"every seat plays {b}"
            if ctx.replace is not None and ctx.replace[0] == b:
                return f"{b} is left out of this line-up"
            cfg = build(ctx, keep=b)
            return cfg if all(isinstance(v, Config) for v in cfg.values()) else \
                next(v for v in cfg.values() if isinstance(v, str))
        return inner

    def seats_only(build):
        def inner(ctx):
            cfg = build(ctx)
            bad = [v for v in cfg.values() if isinstance(v, str)]
            return bad[0] if bad else cfg
        return inner

    check_question(sc)
    if kind == "single":
        question = (f"Question: who wins {g.title} with {', '.join(b.label for b in base)} "
                    f"({players} players)?")
        build = single({})
        if players == 1:
            F.append(Finding("win", "the player's win rate", "share", 0.0, seats_only(build),
                             lambda m: m("x", ("seat", 0)), level=True))
            return question, F
        for s in range(players):
            F.append(Finding(f"seat{s + 1}", f"seat {s + 1}'s win share against the fair "
                             f"{_pct(fair)}", "share", 0.0, seats_only(build),
                             lambda m, s=s: m("x", ("seat", s)) - fair))
        if len(labels) > 1:
            for b in labels:
                F.append(Finding(f"bot:{b}", f"{b}'s win share per seat against the fair "
                                 f"{_pct(fair)}, in this line-up", "share", 0.0,
                                 by_bot(build, b),
                                 lambda m, b=b: m("x", ("bot", b)) - fair, bot=b))
        return question, F
    if kind == "compare":
        question = (f"Question: what do the variants {', '.join(sc.compare)} change against "
                    f"the baseline?")
        for name, over in sc.compare.items():
            def build(ctx, keep=None, over=over):
                return {"base": apply_point(g, sc, pops, ctx, {}, keep),
                        "v": apply_point(g, sc, pops, ctx, over, keep)}
            for s in range(players):
                F.append(Finding(f"{name}:seat{s + 1}", f"{name}: change of seat {s + 1}'s "
                                 f"win share", "share", 0.0, seats_only(build),
                                 lambda m, s=s: m("v", ("seat", s)) - m("base", ("seat", s))))
            if len(labels) > 1:
                for b in labels:
                    F.append(Finding(f"{name}:bot:{b}", f"{name}: change of {b}'s win share "
                                     f"per seat", "share", 0.0, by_bot(build, b),
                                     lambda m, b=b: m("v", ("bot", b)) - m("base", ("bot", b)),
                                     bot=b))
            F.append(Finding(f"{name}:score", f"{name}: change of the mean score", "points",
                             0.0, seats_only(build),
                             lambda m: m("v", ("score",)) - m("base", ("score",))))
        return question, F
    if kind == "sweep":
        from simlab.report.tables import fairest

        sr = eng.sweep_result
        ranked = fairest(sr)
        by_index = {int(r.point["index"]): r for r in sr.points}
        best_row, worst_row = ranked
        best = by_index[int(best_row["point"])].point
        worst = by_index[int(worst_row["point"])].point
        if best["index"] == worst["index"]:
            raise SimlabError(f"robustness: scenario {sc.name}: the sweep has fewer than two "
                              f"points to compare")
        question = (f"Question: which point of the sweep over {', '.join(sc.sweep.params)} is "
                    f"fairest? (seat spread, every seating, as the sweep's report ranks them: "
                    f"fairest {best['label']}, least fair {worst['label']})")

        def build(ctx, keep=None):
            return {"best": apply_point(g, sc, pops, ctx, best["params"], keep),
                    "worst": apply_point(g, sc, pops, ctx, worst["params"], keep)}

        def spread(m, name, P):
            x = np.stack([m(name, ("seat", s)) for s in range(P)])
            return x.max(axis=0) - x.min(axis=0)

        pb = int(best["params"].get("players", players))
        pw = int(worst["params"].get("players", players))
        F.append(Finding("fairer", f"{best['label']} is fairer than {worst['label']} (seat "
                         f"spread of the second minus the first)", "share", 0.0,
                         seats_only(build),
                         lambda m: spread(m, "worst", pw) - spread(m, "best", pb)))
        F.append(Finding("best", f"the seat spread at {best['label']}", "share", 0.0,
                         seats_only(lambda ctx, keep=None: {"best": build(ctx)["best"]}),
                         lambda m: spread(m, "best", pb), level=True, bounded=True))
        # the sweep's own significant findings: each point's changes its report lists
        frame = sr.frame
        sig = frame[frame["significant"] & ~frame["baseline"] & frame["p_value"].notna()]
        sig = sig.reindex(sig["diff"].abs().sort_values(ascending=False).index).head(
            MAX_SWEEP_FINDINGS)
        for r in sig.itertuples():
            point = by_index[int(r.point)].point
            params = point["params"]

            def build2(ctx, keep=None, params=params):
                return {"base": apply_point(g, sc, pops, ctx, {}, keep),
                        "v": apply_point(g, sc, pops, ctx, params, keep)}
            if r.level == "seat":
                s_ = int(r.seat) - 1
                F.append(Finding(f"sweep:{r.point}:seat{s_ + 1}", f"{point['label']}: change "
                                 f"of seat {s_ + 1}'s win share (the sweep: "
                                 f"{100 * r.diff:+.1f} points)", "share", 0.0,
                                 seats_only(build2),
                                 lambda m, s_=s_: m("v", ("seat", s_)) - m("base", ("seat", s_))))
            else:
                b = r.entity
                F.append(Finding(f"sweep:{r.point}:bot:{b}", f"{point['label']}: change of "
                                 f"{b}'s win share per seat (the sweep: {100 * r.diff:+.1f} "
                                 f"points)", "share", 0.0, by_bot(build2, b),
                                 lambda m, b=b: m("v", ("bot", b)) - m("base", ("bot", b)),
                                 bot=b))
        return question, F
    if kind == "tournament":
        bots = [g.lineup([b], 1)[0] for b in sc.tournament.bots]

        def pair(ctx, a, b):
            if ctx.bot is not None:
                return "the bots are the question (a tournament plays its own bots)"
            lus, tags = [], []
            orders = [(a, b)] + ([(b, a)] if players % 2 else [])
            for x, y in orders:
                lu0 = [[x, y][s % 2] for s in range(players)]
                lu, tg = pops.table(ctx, lu0)
                lus.append(lu)
                tags.append(tg)
            return {"pair": Config({}, lus, tags)}

        mean_share = {}
        beats = {}
        for a in bots:
            vals = []
            for b in bots:
                if b is a:
                    continue
                f = Finding("", "", "share", 0.0, lambda ctx, a=a, b=b: pair(ctx, a, b),
                            lambda m, a=a: m("pair", ("bot_total", a.label)) - 0.5)
                c = eng.cell(f, head)
                vals.append(c.value)
                beats.setdefault(a.label, []).append(c.state > 0)
            mean_share[a.label] = float(np.mean(vals))
        dom = [a for a in bots if all(beats[a.label])]
        top = dom[0] if dom else max(bots, key=lambda a: mean_share[a.label])
        question = (f"Question: which bot of {', '.join(b.label for b in bots)} dominates? "
                    + (f"({top.label} beats every other head to head)" if dom else
                       f"(none beats every other; {top.label} has the highest mean share)"))
        for b in bots:
            if b is top:
                continue
            F.append(Finding(f"{top.label}>{b.label}", f"{top.label}'s share of the wins "
                             f"against {b.label} above one half", "share", 0.0,
                             lambda ctx, b=b: pair(ctx, top, b),
                             lambda m: m("pair", ("bot_total", top.label)) - 0.5))
        return question, F
    if kind == "balance":
        from simlab.scenario import parse_target

        res = eng.balance_result
        tgt = parse_target(sc.balance.target)
        question = (f"Question: which {sc.balance.param} meets {tgt.label} = {tgt.value:g}? "
                    f"(found {res.value:.4g}, 95% {res.lo:.4g} to {res.hi:.4g})")
        build = single({sc.balance.param: res.value})

        def measure(m):
            ent = tgt.entity
            if tgt.kind == "seat_spread":
                x = np.stack([m("x", ("seat", s)) for s in range(players)])
                return x.max(axis=0) - x.min(axis=0) - tgt.value
            if ent is None or ent.lower().startswith("seat"):
                s = int(ent.split()[-1]) - 1 if ent else 0
                if tgt.kind == "win_share":
                    return m("x", ("seat", s)) - tgt.value
                mine = m("x", ("seat_score", s))
                others = (players * m("x", ("score",)) - mine) / (players - 1)
                return mine - others - tgt.value
            lab = next((b for b in labels if b == ent or b.split("(")[0] == ent), ent)
            if tgt.kind == "win_share":
                return m("x", ("bot", lab)) - tgt.value
            k = sum(b.label == lab for b in base)
            mine = m("x", ("bot_score", lab))
            others = (players * m("x", ("score",)) - k * mine) / max(players - k, 1)
            return mine - others - tgt.value

        ent = tgt.entity
        bot_ent = ent is not None and not ent.lower().startswith("seat")
        F.append(Finding("target", f"{tgt.label} at {sc.balance.param} = {res.value:.4g}, "
                         f"minus the target {tgt.value:g}", "share" if tgt.kind != "score_margin"
                         else "points", 0.0,
                         by_bot(build, next((b for b in labels if b.split("(")[0] == ent), ent))
                         if bot_ent else seats_only(build), measure))
        return question, F
    raise SimlabError(f"robustness: scenario {sc.name}: nothing to check")
