"""The audit's strategy landscape, sensitivity screen and assumed-data spread
(:mod:`simlab.analysis.audit` runs them).

* **Strategies**: every bot but the bench and search bots (plus the plugin bots) against
  every other, head to head: ``ceil(P / 2)`` seats of one and the rest of the other, and the
  reverse split too when ``P`` is odd, every seating. A pairing's value is the first bot's
  share of the pair's wins per seat held; the *pairwise meta-game* is the zero-sum game of
  those values minus one half, whose maximin mixture (:func:`simlab.report.metagame.nash_zero_sum`)
  is the Nash mixture; the bootstrap resamples the games (the same resample for every
  pairing) for its intervals. Each bot then plays one seat against fields of rising strength
  (greedy, tuned, the cheaper search budget): a result that is significantly above the fair
  share against one field and below it against another *flips with strength*.
* **Sensitivity**: the game's mixed line-up (every seating) under each rule setting. Numeric
  options are screened with the Morris method (SALib; four levels, trajectories in the unit
  cube mapped to each option's range: a reading's range is its default and alternatives, any
  other option's +-25% of its default, whole numbers kept whole), the effect of an option is
  its mu* (the mean absolute elementary effect, i.e. the change over its whole range) on the
  seat spread (best minus worst seat's win share) and on each bot's win share per seat; a
  mu* under twice the Monte Carlo noise an elementary effect carries (from the base table's
  bootstrap) is *no effect found*. Every other reading is tried one alternative at a time,
  its change paired with the base table (the same games). Options that change nothing played
  (solo options at a table, :func:`simlab.games.table.inert_settings`), the table size,
  modelling bounds and seeds are left out, and said so.
* **Assumed data**: each generator's alternatives (seeds 1..K), the equal-greedy first-player
  effect, the mixed line-up's seat spread and bots' shares for each; median, range and the
  shipped data's percentile.
"""

from __future__ import annotations

import math
import warnings

import numpy as np

from simlab.analysis.audit_cells import interval, state, wmean
from simlab.core.seating import count_distinct
from simlab.errors import SimlabError

#: Morris levels (delta = levels / (2 (levels - 1)) of the unit range per step)
LEVELS = 4
DELTA = LEVELS / (2 * (LEVELS - 1))


def strategy_bots(g) -> list[str]:
    """The bots of the landscape: built-in bots but the bench and search bots, then the
    custom and saved bots loaded by ``--plugin``."""
    skip = set(getattr(g, "bench_bots", ())) | {g.search_bot}
    out = [b for b in g.bots() if b not in skip]
    for name, info in g.all_bots().items():
        if name not in g.bots() and name not in out and g.search_param not in info.params:
            out.append(name)
    return out


def mixed_lineup(g, players: int, names: list[str]):
    """The game's mixed line-up; where it holds one bot only, that bot and the others of the
    landscape in turn (so bots' shares can move)."""
    lu = g.lineup(None, players)
    if len({b.label for b in lu}) > 1:
        return lu
    first = lu[0].label
    order = [first] + [n for n in names if n != first and n != "random"] + ["random"]
    return g.lineup([order[i % len(order)] for i in range(players)], players)


def _per_seat(cell, label: str, lineup) -> np.ndarray:
    held = sum(1 for b in lineup if b.label == label)
    return cell.bot[:, cell.labels.index(label)].astype(np.float64) / max(held, 1)


# ---------------------------------------------------------------------------- strategies
def strategies(ctx, names: list[str], levels: list[str], bots: dict):
    """The landscape (pairwise table, dominance, Nash mixture, results against fields of
    rising strength) and the mixed line-up the sensitivity screen plays."""
    from simlab.report.metagame import nash_zero_sum

    g, p = ctx.g, ctx.players
    choice = {n: g.lineup([n], 1)[0] for n in names}
    k = len(names)
    ka = (p + 1) // 2
    splits = [(ka, p - ka)] + ([(p - ka, ka)] if p - ka != ka else [])
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    weight = count_distinct(["a"] * ka + ["b"] * (p - ka))
    # games per seating of each pair from that pair's own cost: the pairs share the part's
    # seconds equally, so a dear bot (a lookahead seat) gets fewer games without taking them
    # from the cheap pairs
    n_of = {(i, j): ctx.budget.games("pairs", max(len(pairs) * len(splits), 1),
                                     ctx.budget.cost([names[i], names[j]]), weight)
            for i, j in pairs}
    reps = None
    value = np.full((k, k), 0.5)
    pair_rows = []
    ctx.prefetch([{"lineup": [choice[names[i]]] * na + [choice[names[j]]] * nb,
                   "games": n_of[i, j]}
                  for i, j in pairs for na, nb in splits], "strategies, head to head")
    for i, j in pairs:
        a, b = choice[names[i]], choice[names[j]]
        n = n_of[i, j]
        ra = np.zeros(n)
        rb = np.zeros(n)
        held_a = held_b = 0
        for na, nb in splits:
            lu = [a] * na + [b] * nb
            cell = ctx.cell(lu, n, what=f"{a.label} v {b.label}")
            ra += cell.bot[:, cell.labels.index(a.label)]
            rb += cell.bot[:, cell.labels.index(b.label)]
            held_a += na
            held_b += nb
        ra /= held_a
        rb /= held_b
        w = ctx.w(n)
        ma, mb = wmean(w, ra[:, None])[:, 0], wmean(w, rb[:, None])[:, 0]
        boot = ma / np.maximum(ma + mb, 1e-12)
        if reps is None:
            reps = np.full((w.shape[0], k, k), 0.5)
        reps[:, i, j], reps[:, j, i] = boot, 1.0 - boot
        v = float(ra.mean() / max(ra.mean() + rb.mean(), 1e-12))
        value[i, j], value[j, i] = v, 1.0 - v
        ci = interval(boot, 0.0, 1.0)
        pair_rows.append({"bot": a.label, "against": b.label, "share_of_pair_wins": v,
                          "share_ci": ci, "games": n * len(splits),
                          "verdict": {1: f"{a.label} wins", -1: f"{b.label} wins",
                                      0: "no difference found"}[state(ci, 0.5)]})
    out = {"bots": names, "pairwise": pair_rows, "pairwise_matrix": value.tolist()}
    if k >= 2:
        nash, val = nash_zero_sum(value - 0.5)
        boot_nash = np.array([nash_zero_sum(r - 0.5)[0] for r in reps[: min(len(reps), 100)]])
        out["nash"] = [{"bot": names[i], "weight": float(nash[i]),
                        "weight_ci": interval(boot_nash[:, i], 0.0, 1.0)} for i in range(k)]
        dom = [names[i] for i in range(k) if all(
            interval(reps[:, i, j], 0.0, 1.0)[0] > 0.5 for j in range(k) if j != i)]
        out["dominant"] = dom[0] if dom else None
    else:
        out["nash"], out["dominant"] = [], None
    out["fields"] = _fields(ctx, names, choice, levels, bots)
    out["headline"] = _strategy_headline(out)
    out["flip_headline"] = _flip_headline(out)
    return out, mixed_lineup(g, p, names)


def _fields(ctx, names, choice, levels, bots) -> list[dict]:
    """Each bot in one seat against a field of each strength (every seating)."""
    g, p = ctx.g, ctx.players
    lo = f"search:{min(g.search_budgets)}"
    field_levels = [lv for lv in levels if lv in ("greedy", "tuned") or lv == lo]
    field_levels = [lv for lv in field_levels if bots.get(lv) is not None]
    rows = []

    def games(name, lv):
        part = "fields:search" if lv.startswith("search:") else "fields"
        cost = (ctx.budget.cost([name]) + (p - 1) * ctx.budget.cost([lv])) / p
        cells = len(names) * sum(1 for x in field_levels if (x.startswith("search:"))
                                 == lv.startswith("search:"))
        return ctx.budget.games(part, cells, cost, p)

    ctx.prefetch([{"lineup": [choice[name]] + [bots[lv]] * (p - 1), "games": games(name, lv)}
                  for name in names for lv in field_levels
                  if bots[lv].label != choice[name].label], "strategies, against fields")
    for name in names:
        me = choice[name]
        res = []
        for lv in field_levels:
            opp = bots[lv]
            if opp.label == me.label:
                continue
            n = games(name, lv)
            cell = ctx.cell([me] + [opp] * (p - 1), n, what=f"{me.label} v {lv} field")
            sh = cell.bot[:, cell.labels.index(me.label)].astype(np.float64)
            ci = interval(wmean(ctx.w(cell.n), sh[:, None])[:, 0], 0.0, 1.0)
            res.append({"field": lv, "field_bot": opp.label, "win_share": float(sh.mean()),
                        "win_share_ci": ci, "fair": 1.0 / p, "games": cell.n,
                        "state": state(ci, 1.0 / p)})
        states = [r["state"] for r in res]
        if not res:
            verdict = "n/a"
        elif 1 in states and -1 in states:
            verdict = "bot-dependent"
        elif all(s == states[0] != 0 for s in states):
            verdict = "robust"
        elif not any(states):
            verdict = "no effect found"
        else:
            verdict = "undecided"
        rows.append({"bot": me.label, "against": res, "flips": 1 in states and -1 in states,
                     "verdict": verdict})
    return rows


def _strategy_headline(st: dict) -> str:
    if not st["pairwise"]:
        return ""
    fields = {r["bot"]: r for r in st["fields"]}
    dom = st.get("dominant")
    if dom:
        mine = [r for r in st["pairwise"] if dom in (r["bot"], r["against"])]

        def share(r):
            return r["share_of_pair_wins"] if r["bot"] == dom else 1 - r["share_of_pair_wins"]

        def ci(r):
            c = r["share_ci"]
            return c if r["bot"] == dom else [1 - c[1], 1 - c[0]]

        worst = min(mine, key=share)
        other = worst["against"] if worst["bot"] == dom else worst["bot"]
        f = fields.get(dom, {})
        lost = [a["field"] for a in f.get("against", []) if a["state"] < 0]
        verdict = "bot-dependent" if f.get("flips") else "robust"
        if lost and not f.get("flips"):
            verdict = f"robust among the strategies, though it loses to {', '.join(lost)}"
        c = ci(worst)
        return (f"{dom} beats every other strategy head to head: even against {other} it takes "
                f"{100 * share(worst):.1f}% [{100 * c[0]:.1f}, {100 * c[1]:.1f}] of the pair's "
                f"wins per seat (even: 50%), every seating"
                + (f"; alone against fields of rising strength it wins {_field_words(f)}"
                   if f.get("against") else "")
                + f": {verdict}.")
    mix = sorted(st["nash"], key=lambda r: -r["weight"])
    parts = ", ".join(f"{r['bot']} {100 * r['weight']:.0f}% [{100 * r['weight_ci'][0]:.0f}, "
                      f"{100 * r['weight_ci'][1]:.0f}]" for r in mix if r["weight_ci"][1] > 0.01)
    return (f"No strategy beats every other head to head; the Nash mixture of the pairwise "
            f"meta-game is {parts or 'undecided'}: no dominant strategy found.")


def _field_words(f: dict) -> str:
    return "; ".join(f"{100 * r['win_share']:.1f}% [{100 * r['win_share_ci'][0]:.1f}, "
                     f"{100 * r['win_share_ci'][1]:.1f}] against {r['field']}"
                     for r in f["against"]) + f" (fair {100 * f['against'][0]['fair']:.1f}%)" \
        if f.get("against") else "was not measured"


def _flip_headline(st: dict) -> str:
    flips = [r for r in st["fields"] if r["flips"]]
    if flips:
        r = flips[0]
        more = f" ({len(flips) - 1} more bots flip)" if len(flips) > 1 else ""
        return (f"{r['bot']}'s result flips with the strength of its opponents: "
                f"{_field_words(r)}{more}: bot-dependent.")
    tried = {a["field"] for r in st["fields"] for a in r["against"]}
    if not tried:
        return ""
    worst = [(r["bot"], a) for r in st["fields"] for a in r["against"] if a["state"] < 0]
    best = [(r["bot"], a) for r in st["fields"] for a in r["against"] if a["state"] > 0]
    parts = []
    for words, found in (("beats", best), ("loses to", worst)):
        if found:
            b, a = max(found, key=lambda x: abs(x[1]["win_share"] - x[1]["fair"]))
            parts.append(f"the clearest: {b} {words} the {a['field']} field with "
                         f"{100 * a['win_share']:.1f}% [{100 * a['win_share_ci'][0]:.1f}, "
                         f"{100 * a['win_share_ci'][1]:.1f}] (fair {100 * a['fair']:.1f}%)")
    return (f"No bot's result flips as the field grows stronger ({len(st['fields'])} bots, one "
            f"seat each against {', '.join(sorted(tried))}, every seating; "
            + ("; ".join(parts) or "no result differs from the fair share") +
            "): robust.")


# ---------------------------------------------------------------------------- sensitivity
def _numeric(x) -> bool:
    return isinstance(x, int | float | np.integer | np.floating) and not isinstance(x, bool)


def _try(g, players, over) -> bool:
    try:
        g.make_rules(players, over)
        return True
    except (SimlabError, ValueError, TypeError):
        return False


def sensitivity_plan(ctx) -> tuple[list, list, list]:
    """(Morris factors, categorical (name, alternative) pairs, what was left out)."""
    from simlab.core.readings import settable

    g, p = ctx.g, ctx.players
    readings = {r.name: r for r in g.readings() if settable(r)}
    factors, cats, skipped = [], [], []
    seen = set()
    for opt in g.rule_options():
        name, d = opt["name"], opt.get("default")
        doc = str(opt.get("doc", opt.get("description", ""))).lower()
        if name == "players" or "<" in name or name in ctx.overrides:
            continue
        if not _numeric(d):
            continue
        if any(w in doc for w in ("modelling", "safety", "seed")):
            skipped.append(f"{name}: a modelling bound or seed, not a rule")
            seen.add(name)
            continue
        r = readings.get(name)
        integer = isinstance(d, int | np.integer)
        if r is not None and all(_numeric(a) for a in r.alternatives) and d > 0 and \
                all(a > 0 for a in r.alternatives):
            lo, hi = min([d, *r.alternatives]), max([d, *r.alternatives])
        elif r is not None:
            continue  # a reading with a special value (0 = none): one alternative at a time
        elif d == 0 or d < 0:
            skipped.append(f"{name}: default {d!r}, no range of its own to screen (set it "
                           f"with --set to audit another value)")
            seen.add(name)
            continue
        else:
            lo, hi = 0.75 * d, 1.25 * d
            if integer:
                lo, hi = math.floor(lo), math.ceil(hi)
                if hi - lo < 3:
                    lo, hi = max(d - 1, 1 if d >= 1 else d - 1), max(d - 1, 1) + 3
        if integer:
            lo, hi = int(lo), int(hi)
            if (hi - lo) % (LEVELS - 1):
                hi = lo + (LEVELS - 1) * math.ceil((hi - lo) / (LEVELS - 1))
        vals = [lo, hi]
        if not all(_try(g, p, {**ctx.overrides, name: v}) for v in vals):
            skipped.append(f"{name}: the rules refuse the range {lo}..{hi}")
            seen.add(name)
            continue
        if _inert(g, p, ctx.overrides, name, hi):
            skipped.append(f"{name}: changes nothing played at this table")
            seen.add(name)
            continue
        factors.append({"name": name, "default": d, "range": [lo, hi], "integer": integer})
        seen.add(name)
    base = g.make_rules(p, dict(ctx.overrides))
    for name, r in readings.items():
        if name in seen or name in ctx.overrides or any(f["name"] == name for f in factors):
            continue
        for alt in r.alternatives:
            try:
                alt_rules = g.make_rules(p, {**ctx.overrides, name: alt})
            except (SimlabError, ValueError, TypeError) as e:
                skipped.append(f"{name} = {alt!r}: not playable here ({e})")
                continue
            if _same(alt_rules, base):
                skipped.append(f"{name} = {alt!r}: the same rules as the default here")
                continue
            cats.append((name, alt))
    only = ctx.settings.get("only")
    if only is not None:
        factors = [f for f in factors if f["name"] in only]
        cats = [c for c in cats if c[0] in only]
    return factors, cats, skipped


def _inert(g, players, over, name, value) -> bool:
    """Whether ``name = value`` changes nothing played (the game says so, or the kernel's
    rule arrays equal the audit rules' ones; a game whose prepared table holds no arrays, a
    plain-Python game, is never judged inert this way)."""
    from simlab.games.table import _arrays_of

    try:
        rules = g.make_rules(players, {**over, name: value})
        if g.inert_overrides(rules, {name: value}):
            return True
        lu = g.lineup(None, players)
        ref = _arrays_of(g.prepare(g.make_rules(players, dict(over)), lu))
        one = _arrays_of(g.prepare(rules, lu))
    except Exception:  # noqa: BLE001 - a value valid only with others: screened anyway
        return False
    return bool(ref) and len(ref) == len(one) and all(
        a.shape == b.shape and np.array_equal(a, b) for a, b in zip(ref, one, strict=True))


def _same(a, b) -> bool:
    try:
        return bool(a == b)
    except (ValueError, TypeError):
        return repr(a) == repr(b)


def _outputs(cell, lineup) -> dict:
    """The screened outputs of a table: seat spread, each bot's win share per seat."""
    share = cell.seat.astype(np.float64).mean(axis=0)
    out = {"seat spread": float(share.max() - share.min())}
    for lab in dict.fromkeys(b.label for b in lineup):
        out[f"{lab}'s win share"] = float(_per_seat(cell, lab, lineup).mean())
    return out


def _boot_outputs(ctx, cell, lineup) -> dict:
    w = ctx.w(cell.n)
    bs = wmean(w, cell.seat.astype(np.float64))
    out = {"seat spread": bs.max(axis=1) - bs.min(axis=1)}
    for lab in dict.fromkeys(b.label for b in lineup):
        out[f"{lab}'s win share"] = wmean(w, _per_seat(cell, lab, lineup)[:, None])[:, 0]
    return out


def _morris_point(factors, row) -> dict:
    """The rule overrides of a Morris point (unit cube -> each option's range)."""
    over = {}
    for f, u in zip(factors, row, strict=True):
        lo, hi = f["range"]
        v = lo + float(u) * (hi - lo)
        over[f["name"]] = int(round(v)) if f["integer"] else float(v)
    return over


def sensitivity(ctx, mixed) -> tuple[list, object]:
    """The ranked knobs (each with ``name`` and ``effect``, in win-share points as a
    fraction) and the base table of the mixed line-up."""
    from SALib.analyze import morris as morris_analyze
    from SALib.sample import morris as morris_sample

    factors, cats, skipped = sensitivity_plan(ctx)
    ctx.notes += [f"sensitivity: {s}" for s in skipped]
    x = np.zeros((0, len(factors)))
    if factors:
        problem = {"num_vars": len(factors), "names": [f["name"] for f in factors],
                   "bounds": [[0.0, 1.0]] * len(factors)}
        x = morris_sample.sample(problem, N=int(ctx.settings["morris_r"]), num_levels=LEVELS,
                                 seed=ctx.seed)
    points = len({tuple(r) for r in x}) + len(cats) + 1
    labels = [b.label for b in mixed]
    weight = count_distinct(labels)
    n = ctx.budget.games("sensitivity", points, ctx.budget.cost(labels), weight)
    specs = [{"lineup": mixed, "games": n}]
    for row in x:
        specs.append({"lineup": mixed, "games": n, "overrides": _morris_point(factors, row)})
    specs += [{"lineup": mixed, "games": n, "overrides": {name: alt}} for name, alt in cats]
    ctx.prefetch(specs, "sensitivity")
    base = ctx.cell(mixed, n, what="sensitivity, base")
    base_out = _outputs(base, mixed)
    base_boot = _boot_outputs(ctx, base, mixed)
    noise = {k: float(np.std(v)) * math.sqrt(2) / DELTA for k, v in base_boot.items()}
    ranked = []
    if factors:
        ys: dict[str, list] = {k: [] for k in base_out}
        for row in x:
            over = _morris_point(factors, row)
            cell = ctx.cell(mixed, n, overrides=over, what="sensitivity, Morris")
            for k, v in _outputs(cell, mixed).items():
                ys[k].append(v)
        with warnings.catch_warnings():   # one trajectory: its spread is undefined (NaN)
            warnings.simplefilter("ignore", RuntimeWarning)
            res = {k: morris_analyze.analyze(problem, x, np.asarray(v), num_levels=LEVELS,
                                             num_resamples=200, seed=ctx.seed)
                   for k, v in ys.items()}
        for i, f in enumerate(factors):
            eff = {k: float(r["mu_star"][i]) for k, r in res.items()}
            conf = {k: float(np.nan_to_num(r["mu_star_conf"][i], nan=eff[k]))
                    for k, r in res.items()}
            top = max(eff, key=lambda k: eff[k] / max(noise[k], 1e-12)
                      if eff[k] > 2 * noise[k] else eff[k] * 1e-6)
            real = eff[top] > 2 * noise[top]
            ranked.append({"name": f["name"], "kind": "numeric (Morris)",
                           "effect": eff[top], "moves": top,
                           "effect_ci": [max(eff[top] - conf[top], 0.0), eff[top] + conf[top]],
                           "how": f"{f['range'][0]:g} to {f['range'][1]:g}, default "
                                  f"{f['default']:g}; Morris mu* over the range",
                           "range": f["range"], "default": f["default"],
                           "effects": eff, "noise_floor": noise[top],
                           "verdict": "moves the balance" if real else "no effect found"})
    by_name: dict[str, dict] = {}
    for name, alt in cats:
        cell = ctx.cell(mixed, n, overrides={name: alt}, what=f"sensitivity, {name}")
        boot = _boot_outputs(ctx, cell, mixed)
        outs = _outputs(cell, mixed)
        changes = {k: outs[k] - base_out[k] for k in outs}
        cis = {k: interval(boot[k] - base_boot[k]) for k in outs}
        top = max(changes, key=lambda k: (state(cis[k]) != 0, abs(changes[k])))
        entry = {"alternative": alt, "moves": top, "change": changes[top],
                 "change_ci": cis[top], "changes": changes,
                 "significant": state(cis[top]) != 0}
        have = by_name.get(name)
        if have is None or (entry["significant"], abs(entry["change"])) > \
                (have["best"]["significant"], abs(have["best"]["change"])):
            by_name[name] = {"best": entry, "all": (have or {}).get("all", []) + [entry]}
        else:
            have["all"].append(entry)
    for name, v in by_name.items():
        b = v["best"]
        lo, hi = sorted(abs(c) for c in b["change_ci"])
        if b["change_ci"][0] <= 0 <= b["change_ci"][1]:
            lo = 0.0
        ranked.append({"name": name, "kind": "reading (one alternative at a time)",
                       "effect": abs(b["change"]), "effect_ci": [lo, hi], "moves": b["moves"],
                       "how": f"{name} = {b['alternative']!r} against the default, "
                              f"{b['change'] * 100:+.1f} points",
                       "alternatives": v["all"],
                       "verdict": "moves the balance" if b["significant"] else
                       "no effect found"})
    ranked.sort(key=lambda r: (r["verdict"] == "moves the balance", r["effect"]), reverse=True)
    for i, r in enumerate(ranked):
        r["rank"] = i + 1
    return ranked, base


# ---------------------------------------------------------------------------- assumed data
def _spread(values: list, shipped: float) -> dict:
    arr = np.asarray(values, dtype=float)
    return {"values": [float(v) for v in arr], "median": float(np.median(arr)),
            "min": float(arr.min()), "max": float(arr.max()), "shipped": float(shipped),
            "shipped_percentile": float((arr < shipped).mean() + 0.5 * (arr == shipped).mean())}


def data_spread(ctx, mixed, greedy) -> list[dict]:
    """Each data generator's alternatives: the headline figures' spread."""
    g, p = ctx.g, ctx.players
    gens = [gen for gen in g.data_generators()
            if f"data.{gen.name}" not in ctx.overrides and gen.name not in ctx.overrides]
    if not gens or greedy is None:
        return []
    k = int(ctx.settings["data_alternatives"])
    labels = [b.label for b in mixed]
    weight = count_distinct(labels)
    per = ctx.budget.cost(labels) * weight + ctx.budget.cost(["greedy"])
    n = ctx.budget.games("data", len(gens) * (k + 1), per)
    out = []
    specs = []
    for gen in gens:
        for seed in range(0, k + 1):
            over = {f"data.{gen.name}": seed} if seed else None
            if over and not _try(g, p, {**ctx.overrides, **over}):
                continue
            specs += [{"lineup": [greedy] * p, "games": n, "rotate": False, "overrides": over},
                      {"lineup": mixed, "games": n, "overrides": over}]
    ctx.prefetch(specs, "assumed data")
    for gen in gens:
        figs: dict[str, list] = {}
        cis = []
        shipped = None
        same = True   # every alternative plays the shipped data's games (data not in play)
        first = None
        # the alternatives' verdicts hold together at 95%: each interval at 1 - 0.05 / k
        level = 1.0 - 0.05 / max(k, 1)
        for seed in range(0, k + 1):
            over = {f"data.{gen.name}": seed} if seed else None
            if over and not _try(g, p, {**ctx.overrides, **over}):
                ctx.notes.append(f"data {gen.name} #{seed}: the rules refuse it at {p} players")
                continue
            gc = ctx.cell([greedy] * p, n, rotate=False, overrides=over,
                          what=f"data {gen.name} #{seed}")
            mc = ctx.cell(mixed, n, overrides=over, what=f"data {gen.name} #{seed}")
            sc = gc.seat_score.astype(np.float64)
            d = sc[:, 0] - sc[:, 1:].mean(axis=1)
            vals = {"first_player_points": float(d.mean()), **_outputs(mc, mixed)}
            boot = wmean(ctx.w(gc.n), d[:, None])[:, 0]
            if seed == 0:
                shipped = (vals, interval(boot, level=level))
                first = (gc.seat_score, mc.bot)
                continue
            same = same and np.array_equal(gc.seat_score, first[0]) and \
                np.array_equal(mc.bot, first[1])
            cis.append(interval(boot, level=level))
            for key, v in vals.items():
                figs.setdefault(key, []).append(v)
        if shipped is None or not cis:
            continue
        if same:
            ctx.notes.append(f"data {gen.name}: its generated alternatives play the same games "
                             f"as the shipped data here (that data does not arise in this game); "
                             f"left out of the spread")
            continue
        figures = {key: _spread(v, shipped[0][key]) for key, v in figs.items()}
        head = state(shipped[1])
        states = [state(c) for c in cis]
        if head and all(s == head for s in states):
            verdict = "robust"
        elif not head and not any(states):
            verdict = "no effect found"
        else:
            verdict = "data-dependent"
        out.append({"name": gen.name, "title": gen.title, "alternatives": len(cis),
                    "games": n, "level": level, "figures": figures, "shipped_ci": shipped[1],
                    "alternative_cis": cis, "verdict": verdict})
    return out
