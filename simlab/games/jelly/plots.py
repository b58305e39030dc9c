"""Attack of the Jelly Monster's own report figures (``JellyGame.figures``).

From each point's metrics (:meth:`JellyGame.metrics`): how often each district is controlled,
the mean reward value taken there, and the dice lost / actions used per game. With a few points
the bars are grouped by point; with many (a sweep) each quantity becomes a line over the points.
Made with :mod:`simlab.core.plots` (matplotlib object API, Okabe-Ito palette).
"""

from __future__ import annotations

import numpy as np

from simlab.core import plots

#: at most this many points are drawn as grouped bars; more become lines over the points
MAX_GROUPED = 5

EVENTS = (
    ("dice_lost_to_cancellation", "dice lost to\ncancellation"),
    ("dice_lost_to_timer", "dice lost to\nthe timer"),
    ("removals_used", "removals"),
    ("target_moves_used", "Target moves"),
    ("pods_won_at_city_center", "pods won at\nthe city center"),
)


def _district_labels(metrics: list[dict]) -> list[str]:
    n = max(len(m["districts"]) for m in metrics)
    labels = []
    for d in range(n):
        faces = {m["districts"][d]["face"] for m in metrics if d < len(m["districts"])}
        labels.append(f"district {d}\n{faces.pop()}" if len(faces) == 1 else f"district {d}")
    return labels


def _district_values(metrics: list[dict], key: str, n: int) -> list[np.ndarray]:
    out = []
    for m in metrics:
        v = np.full(n, np.nan)
        for d, row in enumerate(m["districts"]):
            v[d] = row[key]
        out.append(v)
    return out


def _by_district(points, metrics, key, *, title_text, ylabel, percent, value_fmt):
    labels = _district_labels(metrics)
    values = _district_values(metrics, key, len(labels))
    names = [p.point["label"] for p in points]
    if len(points) <= MAX_GROUPED:
        return plots.grouped_bars(labels, list(zip(names, values, strict=True)),
                                  title_text=title_text, xlabel="district (face in play)",
                                  ylabel=ylabel, percent=percent, value_fmt=value_fmt)
    series = [(lab.replace("\n", " "), [v[d] for v in values])
              for d, lab in enumerate(labels)]
    return plots.lines_by_point([p.point["index"] for p in points], series,
                                title_text=title_text, ylabel=ylabel, percent=percent,
                                point_labels=names)


def figures(points: list) -> list:
    """``(name, title, Figure)`` (or with a caption) for the report, from the points' Jelly
    metrics."""
    points = [p for p in points if p.metrics and p.metrics.get("districts")]
    if not points:
        return []
    timing = speed_timer_figures(points) + slow_wins_figures(points)
    metrics = [p.metrics for p in points]
    which = " (each point)" if len(points) > 1 else ""
    pod_values = {m.get("pod_value", 3.5) for m in metrics}
    pod_note = (f"a pod counts {pod_values.pop():g}" if len(pod_values) == 1
                else "a pod counts its die's mean roll")
    out = [
        ("district-control", "District control",
         _by_district(points, metrics, "controlled_share",
                      title_text=f"How often each district is controlled{which}",
                      ylabel="rounds with a controlling player", percent=True,
                      value_fmt="{:.0%}")),
        ("district-reward", "Reward value per district",
         _by_district(points, metrics, "mean_reward_value",
                      title_text=f"Mean reward value taken per control{which}",
                      ylabel=f"jelly per control ({pod_note})",
                      percent=False, value_fmt="{:.1f}")),
    ]
    labels = [lab for _, lab in EVENTS]
    values = [[float(m.get(k, np.nan)) for k, _ in EVENTS] for m in metrics]
    if len(points) <= MAX_GROUPED:
        fig = plots.grouped_bars(labels, [(p.point["label"], v) for p, v in
                                          zip(points, values, strict=True)],
                                 title_text=f"Dice lost and actions per game{which}",
                                 xlabel="", ylabel="mean per game (all players)",
                                 value_fmt="{:.2f}")
    else:
        series = [(lab.replace("\n", " "), [v[i] for v in values])
                  for i, lab in enumerate(labels)]
        fig = plots.lines_by_point([p.point["index"] for p in points], series,
                                   title_text="Dice lost and actions per game (each point)",
                                   ylabel="mean per game (all players)",
                                   point_labels=[p.point["label"] for p in points])
    out.append(("events", "Dice lost and actions per game", fig))
    return timing + out


def _speeds(value) -> tuple[float, ...]:
    """A ``rules.speeds`` value (text '0.5,1,1,1' or a list) as numbers."""
    if isinstance(value, str):
        return tuple(float(x) for x in value.split(",") if x.strip())
    return tuple(float(x) for x in (value or ()))


def _speed_seat(points) -> int | None:
    """The seat whose speed the points vary (0-based), or None."""
    speeds = [_speeds(p.point["params"].get("rules.speeds")) for p in points]
    if len({s for s in speeds}) < 2 or not all(speeds):
        return None
    n = len(speeds[0])
    varying = [s for s in range(n) if len({sp[s] for sp in speeds if len(sp) > s}) > 1]
    return varying[0] if len(varying) == 1 else None


def speed_timer_figures(points: list) -> list:
    """For a grid over one seat's speed (``rules.speeds``) and the sand timer
    (``rules.timer_seconds``): heatmaps of that seat's win share and of the dice lost to the
    timer, and a caption that says in words how much speed matters against cleverness."""
    pts = [p for p in points if not p.point.get("baseline") and p.metrics
           and set(p.point.get("params", {})) == {"rules.speeds", "rules.timer_seconds"}]
    seat = _speed_seat(pts) if pts else None
    if seat is None:
        return []
    speeds = sorted({_speeds(p.point["params"]["rules.speeds"])[seat] for p in pts})
    timers = sorted({float(p.point["params"]["rules.timer_seconds"]) for p in pts})
    share = np.full((len(speeds), len(timers)), np.nan)
    lost_seat = np.full_like(share, np.nan)
    lost_all = np.full_like(share, np.nan)
    players = int(pts[0].point["players"])
    bot = pts[0].point["lineups"][0][seat] if pts[0].point.get("lineups") else f"seat {seat + 1}"
    for p in pts:
        i = speeds.index(_speeds(p.point["params"]["rules.speeds"])[seat])
        j = timers.index(float(p.point["params"]["rules.timer_seconds"]))
        share[i, j] = float(np.asarray(p.seat_shares)[..., seat].mean())
        lost_seat[i, j] = p.metrics["seat_metrics"][seat]["dice_lost_to_timer"]
        lost_all[i, j] = p.metrics["dice_lost_to_timer"]
    fair = 1.0 / players
    rows = [f"{s:g}" for s in speeds]
    cols = [f"{t:g} s" for t in timers]
    panels = [
        {"matrix": share, "row_labels": rows, "col_labels": cols, "xlabel": "sand timer",
         "ylabel": f"speed of seat {seat + 1} ({bot})", "title": f"Seat {seat + 1} win share",
         "cbar_label": f"win share (fair {100 * fair:.0f}%)", "fmt": lambda v: f"{100 * v:.0f}%",
         "percent_cbar": True, "vmin": 0.0, "vmax": 1.0},
        {"matrix": lost_seat, "row_labels": rows, "col_labels": cols, "xlabel": "sand timer",
         "ylabel": f"speed of seat {seat + 1}", "title": f"Seat {seat + 1}: dice lost",
         "cbar_label": "dice per game", "fmt": lambda v: f"{v:.1f}", "vmin": 0.0},
        {"matrix": lost_all, "row_labels": rows, "col_labels": cols, "xlabel": "sand timer",
         "ylabel": f"speed of seat {seat + 1}", "title": "All seats: dice lost",
         "cbar_label": "dice per game", "fmt": lambda v: f"{v:.1f}", "vmin": 0.0},
    ]
    fig = plots.heatmap_panels(panels, title_text="Speed against the sand timer "
                               "(dice lost to the timer per game)",
                               height=max(4.2, 1.6 + 0.55 * len(rows)))
    return [("speed-timer", "Speed against the sand timer", speed_words(
        speeds, timers, share, lost_seat, seat, bot, fair), fig)]


def speed_words(speeds, timers, share, lost, seat, bot, fair) -> str:
    """How much speed matters against cleverness, in words, from the grid's figures."""
    j = int(np.argmin([abs(t - 10.0) for t in timers]))
    col = share[:, j]
    i1 = int(np.argmin([abs(s - 1.0) for s in speeds]))
    lo, hi = int(np.argmin(speeds)), int(np.argmax(speeds))
    parts = [f"With the {timers[j]:g}-second timer, seat {seat + 1} ({bot}) wins "
             f"{100 * col[i1]:.0f}% at speed {speeds[i1]:g} (fair share {100 * fair:.0f}%): "
             f"its play alone is worth {100 * (col[i1] - fair):+.0f} points."]
    parts.append(f"Slowed to speed {speeds[lo]:g} it wins {100 * col[lo]:.0f}% and loses "
                 f"{lost[lo, j]:.1f} dice a game to the timer; at speed {speeds[hi]:g} it wins "
                 f"{100 * col[hi]:.0f}%.")
    swing = 100 * (np.nanmax(col) - np.nanmin(col))
    edge = 100 * abs(col[i1] - fair)
    parts.append(f"Speed moves its share by up to {swing:.0f} points, "
                 + ("more than" if swing > edge else "less than")
                 + f" the {edge:.0f} points its play is worth at equal speed"
                 + (": in this model speed matters more than cleverness." if swing > edge
                    else ": in this model cleverness matters more than speed."))
    slower_better = col[lo] > col[i1]
    if slower_better:
        parts.append("Being slower helps while the timer does not cut the dice short: a slower "
                     "player places later and sees more of the table.")
    return " ".join(parts)


#: the grid of ``scenarios/jelly-slow-wins.toml``: seconds per die, the sand timer and the
#: opponents' policy (a bot parameter of every greedy seat)
SLOW_WINS_PARAMS = {"rules.roll_seconds", "rules.timer_seconds"}


def _waiter(p) -> int | None:
    """The index (into ``bot_labels``) of the one bot that waits (``wait=`` in its label,
    a threshold above 1: it rolls again while the time allows), or None."""
    found = [i for i, lab in enumerate(p.bot_labels) if _wait_of(lab) > 1.0]
    return found[0] if len(found) == 1 else None


def _wait_of(label: str) -> float:
    """The ``wait`` parameter written in a bot label (0.0 when none is written)."""
    for part in label.replace(")", ",").split("(")[-1].split(","):
        k, _, v = part.strip().partition("=")
        if k == "wait":
            try:
                return float(v)
            except ValueError:
                return 0.0
    return 0.0


def slow_wins_figures(points: list) -> list:
    """For a grid over seconds per die (``rules.roll_seconds``), the sand timer
    (``rules.timer_seconds``) and one more parameter of the opponents (their policy, e.g.
    ``bots.greedy.hold``), with one bot that waits (rolls again while the time allows, to
    place its dice last): a heatmap of the waiter's win share per policy, and a caption that
    says in words how "slow wins" depends on each."""
    pts = []
    for p in points:
        keys = set(p.point.get("params", {}))
        if (p.point.get("baseline") or not p.metrics or not SLOW_WINS_PARAMS <= keys
                or len(keys) != 3 or _waiter(p) is None):
            continue
        pts.append(p)
    if not pts:
        return []
    pol_key = next(iter(set(pts[0].point["params"]) - SLOW_WINS_PARAMS))
    secs = sorted({float(p.point["params"]["rules.roll_seconds"]) for p in pts})
    timers = sorted({float(p.point["params"]["rules.timer_seconds"]) for p in pts})
    pols = sorted({float(p.point["params"][pol_key]) for p in pts})
    share = np.full((len(pols), len(secs), len(timers)), np.nan)
    waiter = pts[0].bot_labels[_waiter(pts[0])]
    players = int(pts[0].point["players"])
    for p in pts:
        i = pols.index(float(p.point["params"][pol_key]))
        j = secs.index(float(p.point["params"]["rules.roll_seconds"]))
        k = timers.index(float(p.point["params"]["rules.timer_seconds"]))
        w = _waiter(p)
        share[i, j, k] = float(np.asarray(p.bot_shares)[..., w].mean())
    fair = 1.0 / players
    panels = [{"matrix": share[i], "row_labels": [f"{s:g} s" for s in secs],
               "col_labels": [f"{t:g} s" for t in timers], "xlabel": "sand timer",
               "ylabel": "seconds to roll and place a die", "title": f"{pol_key} = {v:g}",
               "cbar_label": f"waiter's win share (fair {100 * fair:.0f}%)",
               "fmt": lambda x: f"{100 * x:.0f}%", "percent_cbar": True, "vmin": 0.0,
               "vmax": 1.0} for i, v in enumerate(pols)]
    fig = plots.heatmap_panels(panels, title_text=f"Slow wins: {waiter} against the others",
                               height=max(4.2, 1.6 + 0.55 * len(secs)))
    return [("slow-wins", "Slow wins", slow_words(secs, timers, pols, pol_key, share, waiter,
                                                  fair), fig)]


def slow_words(secs, timers, pols, pol_key, share, waiter, fair) -> str:
    """How the waiter's win share depends on seconds per die, the timer and the opponents'
    policy, in words, from the grid's figures (``share[policy, seconds, timer]``)."""
    k = int(np.argmin([abs(t - 10.0) for t in timers]))
    parts = [f"A player who waits ({waiter}: it rolls again while it can still place every "
             f"die before the timer can run out, so it places its dice last) against the "
             f"others, fair share {100 * fair:.0f}%."]
    for i, v in enumerate(pols):
        row = ", ".join(f"{100 * share[i, j, k]:.0f}% at {s:g} s a die"
                        for j, s in enumerate(secs))
        parts.append(f"With the {timers[k]:g}-second timer and {pol_key} = {v:g}: {row}.")
    j = int(np.argmin(secs))
    i = len(pols) - 1
    col = ", ".join(f"{100 * share[i, j, m]:.0f}% with {t:g} s" for m, t in enumerate(timers))
    parts.append(f"The timer at {secs[j]:g} s a die ({pol_key} = {pols[i]:g}): {col}.")
    swing = [100 * (np.nanmax(share[i, :, k]) - np.nanmin(share[i, :, k]))
             for i in range(len(pols))]
    over = [f"{pol_key} = {v:g}" for i, v in enumerate(pols) if np.nanmax(share[i]) > fair]
    parts.append(
        ("Slow wins (waiting beats the fair share somewhere in the grid) with "
         + " and ".join(over) if over else "Waiting never beats the fair share in this grid")
        + "; with the " + f"{timers[k]:g}-second timer seconds per die move the waiter's share "
        + "by up to " + ", ".join(f"{x:.0f}" for x in swing) + " points ("
        + ", ".join(f"{pol_key} = {v:g}" for v in pols) + ")"
        + (f"; the opponents' {pol_key} {pols[0]:g} -> {pols[-1]:g} moves it by "
           f"{-100 * np.nanmean(share[0] - share[-1]):+.0f} points on average over the grid."
           if len(pols) > 1 else "."))
    return " ".join(parts)
