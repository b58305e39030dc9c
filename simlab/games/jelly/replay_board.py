"""Attack of the Jelly Monster replayed: the board of a step drawn as SVG (``replay.py``'s
pictures): the districts clockwise around the city center, each with its entrance's dice in
placement order (owner's colour, value), the totals after cancellation, its three zones and the
Target marker; the players' table (jelly, pods, dice left, the running score).

Plain Python; it reads the recorder (``replay._Recorder``, a reference engine that watches its
own game) passed to :func:`draw_board` and imports nothing of ``replay.py``.
"""

from __future__ import annotations

import html
import math
from functools import lru_cache

from simlab.games.jelly.data import icon_words
from simlab.games.jelly.reference import describe_atom
from simlab.games.jelly.rules import ADJ_EITHER, R_ADJ

#: Okabe-Ito, one colour per seat, and a readable text colour on each
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442")
INK_ON = ("#ffffff", "#000000", "#ffffff", "#000000", "#ffffff", "#000000", "#000000")
CHANGED = "#fff3bf"       # fill of the district (or center) a step changed
TARGET = "#c0392b"        # the Target marker


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def colour(q: int) -> str:
    return COLOURS[q % len(COLOURS)]


def ink(q: int) -> str:
    return INK_ON[q % len(INK_ON)]


# ----------------------------------------------------------------------------- rewards in words
def zone_short(A, d: int, z: int) -> str:
    """A zone of district ``d`` in a few words, for the board (arrows name their district)."""
    parts = []
    for atom in A.rewards[d, z]:
        if int(atom[0]) == 0:
            break
        if int(atom[0]) == R_ADJ:
            step = int(atom[1])
            n_d = A.n_districts
            if step == ADJ_EITHER:
                parts.append(f"reward of d{(d - 1) % n_d} or d{(d + 1) % n_d}")
            else:
                side = "left" if step == A.left_step else "right"
                parts.append(f"d{(d + step) % n_d}'s reward ({side})")
            continue
        parts.append(_icon_short(describe_atom(atom, A.left_step)))
    return " + ".join(parts) or "nothing"


def _icon_short(text: str) -> str:
    name, *args = text.split(":")
    sub = {"pod": "pod"}
    if name == "jelly":
        return f"{args[0]} jelly"
    if name == "discard_pod":
        return "lose a pod"
    if name == "per_pod":
        return f"{args[0]} jelly per pod"
    if name == "each_gives":
        return f"each gives {args[0]}"
    if name == "give_each":
        return f"give {args[0]} to each"
    if name == "by_dice":
        lo, hi = (sub.get(x, x.replace("jelly", "") + " jelly") for x in args[1:3])
        return f"≤{args[0]} dice: {lo}, else {hi}"
    if name == "podium":
        return f"top {args[0]}, 2nd {args[1]}"
    if name == "podium_present":
        return f"top {args[0]}, others here {args[1]}"
    return icon_words(text)


# ----------------------------------------------------------------------------- SVG
BOX_W, BOX_H = 290, 200       # a district's box
CENTER_W, CENTER_H = 270, 196  # the city center's
GAP = 14


MIN_WIDTH = 960               # the players' table needs it


@lru_cache(maxsize=32)
def _layout(n_d: int):
    """The centre of each district's box on an ellipse (district 0 at the top, clockwise):
    of the ellipses that keep the boxes and the city center apart, the one giving the
    narrowest drawing that is not much taller than wide; and the drawing's width."""
    def spots(rx, ry):
        return [(rx * math.sin(2 * math.pi * d / n_d), -ry * math.cos(2 * math.pi * d / n_d))
                for d in range(n_d)]

    def apart(a, b, w1, h1, w2, h2):
        return abs(a[0] - b[0]) >= (w1 + w2) / 2 + GAP or abs(a[1] - b[1]) >= (h1 + h2) / 2 + GAP

    best = None
    for ratio in (0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2):
        rx = 150.0
        while rx < 3000:
            pos = spots(rx, rx * ratio)
            if all(apart(pos[i], pos[j], BOX_W, BOX_H, BOX_W, BOX_H)
                   for i in range(n_d) for j in range(i + 1, n_d)) and \
                    all(apart(q, (0, 0), BOX_W, BOX_H, CENTER_W, CENTER_H) for q in pos):
                break
            rx += 5
        w = max(x for x, _ in pos) - min(x for x, _ in pos) + BOX_W
        h = max(y for _, y in pos) - min(y for _, y in pos) + BOX_H
        cost = max(w, h * 1.15)
        if best is None or cost < best[0]:
            best = (cost, pos)
    pos = best[1]
    xs = [x for x, _ in pos]
    ys = [y for _, y in pos]
    width = max(MIN_WIDTH, max(xs) - min(xs) + BOX_W + 32)
    cx = width / 2 - (max(xs) + min(xs)) / 2
    cy = 10 + BOX_H / 2 - min(ys)
    return BOX_W, BOX_H, cx, cy, [(cx + x, cy + y) for x, y in pos], width


def _fit(chars: int, size: float, room: float, bold: bool = False) -> str:
    """A ``textLength`` squeezing a line of about ``chars`` characters at font ``size`` into
    ``room`` pixels when it would not fit (estimated width; no font metrics in a plain SVG)."""
    est = chars * size * (0.62 if bold else 0.56)
    return f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"' if est > room * 1.04 \
        else ""


def _die(x, y, s, q, v, *, new=False, ghost=None) -> str:
    """A die of seat q showing v at (x, y), size s; ghost: 'cancelled' or 'removed'."""
    out = []
    if ghost is None:
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{s}" height="{s}" rx="3" '
                   f'fill="{colour(q)}" stroke="{"#000" if new else "#333"}" '
                   f'stroke-width="{3 if new else 0.6}"/>')
        out.append(f'<text x="{x + s / 2:.1f}" y="{y + s * 0.72:.1f}" text-anchor="middle" '
                   f'font-size="{s * 0.68:.0f}" font-weight="700" fill="{ink(q)}">{v}</text>')
    else:
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{s}" height="{s}" rx="3" '
                   f'fill="#fff" stroke="{colour(q)}" stroke-width="1.6" '
                   f'stroke-dasharray="3 2"/>')
        out.append(f'<text x="{x + s / 2:.1f}" y="{y + s * 0.72:.1f}" text-anchor="middle" '
                   f'font-size="{s * 0.68:.0f}" fill="{colour(q)}">{v}</text>')
        if ghost == "cancelled":
            out.append(f'<path d="M{x + 2:.1f},{y + 2:.1f} L{x + s - 2:.1f},{y + s - 2:.1f} '
                       f'M{x + s - 2:.1f},{y + 2:.1f} L{x + 2:.1f},{y + s - 2:.1f}" '
                       f'stroke="#000" stroke-width="2.2"/>')
    return "".join(out)


def draw_board(g, title: str, kind: str, *, actor=None, district=None,
               new_die=None, removed=None, center=False, lost=None, timer=False,
               final=None) -> str:
    A = g.A
    n_p = g.n_p
    bw, bh, cx, cy, pos, width = _layout(g.n_d)
    top = 40
    rows_y = top + max(y for _, y in pos) + bh / 2 + 34
    height = rows_y + 14 + 30 * n_p + 76
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="15" '
           f'role="img" aria-label="{_e(title)}">',
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="#fff"/>']
    # caption: round, clock, timer, pod stack
    timer_hl = timer
    lost = lost or {}
    timer_text = ("sand timer not flipped" if not g.flipped else
                  f"sand timer flipped: runs out at t = {g.deadline:.2f} s") + \
        f" · jelly-pods in the stack: {g.pod_stack}"
    clock = f" · t = {g.t:.2f} s" if kind == "placing" else f" · {kind}"
    out.append(f'<text x="14" y="26" font-size="20" font-weight="700">Round '
               f'{g.rnd + 1} of {A.rounds}{_e(clock)}</text>')
    if timer_hl:
        out.append(f'<rect x="{width - 14 - 7.1 * len(timer_text) - 8:.0f}" y="8" '
                   f'width="{7.1 * len(timer_text) + 16:.0f}" height="26" rx="4" '
                   f'fill="{CHANGED}" stroke="#000" stroke-width="1.5"/>')
    out.append(f'<text x="{width - 14:.0f}" y="26" font-size="15" text-anchor="end" '
               f'fill="#333">{_e(timer_text)}</text>')
    out.append(f'<g transform="translate(0,{top})">')
    # the city center: the dice removed by 1s and 2s (most dice: a jelly-pod)
    x0, y0 = cx - CENTER_W / 2, cy - CENTER_H / 2
    out.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{CENTER_W}" height="{CENTER_H}" '
               f'rx="16" fill="{CHANGED if center or removed else "#f3f5f8"}" '
               f'stroke="{"#000" if center else "#666"}" stroke-width="{3 if center else 1.2}"/>')
    out.append(f'<text x="{cx:.1f}" y="{y0 + 24:.1f}" text-anchor="middle" font-size="17" '
               f'font-weight="700">City center</text>')
    out.append(f'<text x="{cx:.1f}" y="{y0 + 45:.1f}" text-anchor="middle" fill="#333">'
               f'Drone ▸ district {g.rdrone} (scored first)</text>')
    out.append(f'<text x="{x0 + 12:.1f}" y="{y0 + 68:.1f}" font-size="14" fill="#333">'
               f'removed dice (most: a jelly-pod)</text>')
    s = 22 if len(g.center) <= 20 else 15
    per_row = int((CENTER_W - 24) // (s + 3))
    for i, (o, v) in enumerate(g.center[:2 * per_row]):
        out.append(_die(x0 + 12 + (i % per_row) * (s + 3), y0 + 76 + (i // per_row) * (s + 3),
                        s, o, v, new=removed is not None and i == len(g.center) - 1))
    if not g.center:
        out.append(f'<text x="{x0 + 12:.1f}" y="{y0 + 94:.1f}" fill="#777">none yet</text>')
    if len(g.center) > 2 * per_row:
        out.append(f'<text x="{x0 + CENTER_W - 12:.1f}" y="{y0 + 142:.1f}" font-size="13" '
                   f'text-anchor="end">+{len(g.center) - 2 * per_row} more</text>')
    if g.center_result:
        text = f"→ {g.center_result}"
        out.append(f'<text x="{cx:.1f}" y="{y0 + CENTER_H - 38:.1f}" text-anchor="middle" '
                   f'font-size="14" font-weight="700"{_fit(len(text), 14, CENTER_W - 16, True)}>'
                   f'{_e(text)}</text>')
    counts = [sum(1 for o, _ in g.center if o == q) for q in range(n_p)]
    chars = sum(len(f"P{q + 1}: {c} · ") for q, c in enumerate(counts))
    out.append(f'<text x="{cx:.1f}" y="{y0 + CENTER_H - 14:.1f}" text-anchor="middle"'
               f'{_fit(chars, 15, CENTER_W - 16, True)}>'
               + " · ".join(f'<tspan fill="{colour(q)}" font-weight="700">P{q + 1}: {c}'
                            f'</tspan>' for q, c in enumerate(counts)) + "</text>")
    for d in range(g.n_d):
        out.append(_district(g, d, pos[d], bw, bh, kind, changed=d == district,
                             new_die=new_die if d == district else None,
                             removed=removed if d == district else None))
    out.append("</g>")
    # the players: dice in hand, jelly (and this step's change), pods, running score
    y = rows_y
    cols = (300, 510, 620, 740)
    out.append(f'<text x="14" y="{y:.0f}" font-weight="700" font-size="16">Players</text>')
    heads = ("dice in hand", "jelly", "jelly-pods",
             "final (pods rolled)" if final
             else f"score (jelly + {(A.pod_sides + 1) / 2:g}/pod)")
    for xc, head in zip(cols, heads, strict=True):
        out.append(f'<text x="{xc}" y="{y:.0f}" font-size="14" fill="#444">{head}</text>')
    half = (A.pod_sides + 1) / 2.0
    for q, p in enumerate(g.players):
        yy = y + 10 + 30 * q
        if q == actor:
            out.append(f'<rect x="6" y="{yy:.0f}" width="{width - 12:.0f}" height="28" rx="4" '
                       f'fill="{CHANGED}" stroke="#000" stroke-width="1.5"/>')
        out.append(f'<rect x="14" y="{yy + 5:.0f}" width="18" height="18" rx="3" '
                   f'fill="{colour(q)}"/>')
        bold = ' font-weight="700"' if q == actor else ""
        out.append(f'<text x="40" y="{yy + 20:.0f}"{bold}>{_e(g.names[q])}'
                   f'{" ◂ acts" if q == actor else ""}</text>')
        for i in range(p.dice_in_hand):
            out.append(f'<rect x="{cols[0] + i * 20}" y="{yy + 6:.0f}" width="16" height="16" '
                       f'rx="3" fill="none" stroke="{colour(q)}" stroke-width="2.2"/>')
        if lost.get(q):
            out.append(f'<text x="{cols[0]}" y="{yy + 20:.0f}" fill="#aa2222" '
                       f'font-weight="700">{lost[q]} lost to the timer</text>')
        elif p.dice_in_hand == 0:
            out.append(f'<text x="{cols[0]}" y="{yy + 20:.0f}" fill="#777">none</text>')
        dj = p.jelly - g.prev_jelly[q]
        delta = (f' <tspan fill="{"#117733" if dj > 0 else "#aa2222"}" font-weight="700">'
                 f'({dj:+d})</tspan>') if dj else ""
        out.append(f'<text x="{cols[1]}" y="{yy + 20:.0f}">{p.jelly}{delta}</text>')
        dp = p.pods - g.prev_pods[q]
        delta = (f' <tspan fill="{"#117733" if dp > 0 else "#aa2222"}" font-weight="700">'
                 f'({dp:+d})</tspan>') if dp else ""
        out.append(f'<text x="{cols[2]}" y="{yy + 20:.0f}">{p.pods}{delta}</text>')
        if final:
            score, rolled = final[q]
            won = " ★ wins" if score == max(v for v, _ in final.values()) else ""
            out.append(f'<text x="{cols[3]}" y="{yy + 20:.0f}" font-weight="700">{score}'
                       f'<tspan font-weight="400" fill="#444"> (pods: {_e(rolled) or "none"})'
                       f'</tspan>{won}</text>')
        else:
            out.append(f'<text x="{cols[3]}" y="{yy + 20:.0f}">{p.jelly + half * p.pods:g}'
                       f'</text>')
    ly = y + 10 + 30 * n_p + 20
    legend = (
        f'<tspan fill="{TARGET}" font-weight="700">◎</tspan> the Target marker (zone 0 is the '
        f'first zone, next to the entrance) · underlined: the controlling total',
        '<tspan font-weight="700">bold outline</tspan>: the die just placed · dashed: removed '
        'to the city center · ✕: cancelled (same colour, same value)',
        'thick coloured border, "locked": locked down by that player\'s screen (returned '
        'before scoring) · yellow: what this step changed')
    for i, line in enumerate(legend):
        out.append(f'<text x="14" y="{ly + 19 * i:.0f}" font-size="14" fill="#333">{line}</text>')
    out.append("</svg>")
    return "".join(out)


def _district(g, d: int, centre, bw, bh, kind, *, changed, new_die,
              removed) -> str:
    A = g.A
    dist = g.districts[d]
    x, y = centre[0] - bw / 2, centre[1] - bh / 2
    # "After the sand timer runs out, return any player screen ... Then, score each district"
    lock = dist.locked_by if kind in ("placing", "round start") else -1
    out = [f'<g aria-label="district {d}">']
    out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bw:.0f}" height="{bh}" rx="7" '
               f'fill="{CHANGED if changed else "#fff"}" '
               f'stroke="{colour(lock) if lock >= 0 else ("#000" if changed else "#888")}" '
               f'stroke-width="{6 if lock >= 0 else (3 if changed else 1.3)}"/>')
    out.append(f'<text x="{x + 10:.1f}" y="{y + 22:.1f}" font-weight="700" font-size="17">'
               f'District {d}</text>')
    badges = []
    if lock >= 0:
        badges.append(f'<tspan fill="{colour(lock)}" font-weight="700">locked: P{lock + 1}'
                      f'</tspan>')
    if d == g.rdrone:
        badges.append('<tspan fill="#333" font-weight="700">◂ Drone</tspan>')
    if badges:
        out.append(f'<text x="{x + bw - 10:.1f}" y="{y + 22:.1f}" text-anchor="end" '
                   f'font-size="15">{" ".join(badges)}</text>')
    # the entrance: dice in placement order, then this round's removed / cancelled ones
    items = [(o, v, None, i == new_die) for i, (o, v) in enumerate(dist.dice)]
    if removed is not None:
        items.append((removed[0], removed[1], "removed", False))
    items += [(o, v, "cancelled", False) for (o, v) in g.ghosts.get(d, ())]
    s = 24 if len(items) <= 20 else 17
    per_row = int((bw - 20) // (s + 3))
    if not items:
        out.append(f'<text x="{x + 10:.1f}" y="{y + 50:.1f}" font-size="14" fill="#777">'
                   f'no dice on the entrance</text>')
    for i, (o, v, ghost, new) in enumerate(items[:2 * per_row]):
        out.append(_die(x + 10 + (i % per_row) * (s + 3), y + 32 + (i // per_row) * (s + 3),
                        s, o, v, new=new, ghost=ghost))
    if len(items) > 2 * per_row:
        out.append(f'<text x="{x + bw - 10:.1f}" y="{y + 96:.1f}" text-anchor="end" '
                   f'font-size="13">+{len(items) - 2 * per_row} more</text>')
    # totals after cancellation (the controlling total underlined), the scoring's result
    totals = [g.surviving_total(d, q) for q in range(g.n_p)]
    best = max(totals)
    parts = []
    chars = 7
    for q in range(g.n_p):
        if totals[q] > 0 or any(o == q for o, _ in dist.dice):
            w = ' font-weight="700" text-decoration="underline"' \
                if totals[q] == best and best > 0 else ""
            parts.append(f'<tspan fill="{colour(q)}"{w}>P{q + 1} {totals[q]}</tspan>')
            chars += len(f"P{q + 1} {totals[q]} · ")
    ty = y + 32 + 2 * 27 + 16
    out.append(f'<text x="{x + 10:.1f}" y="{ty:.1f}" font-size="15"'
               f'{_fit(chars, 15, bw - 20)}>totals '
               + (" · ".join(parts) if parts else '<tspan fill="#777">—</tspan>') + "</text>")
    if d in g.results:
        text = f"→ {g.results[d]}"
        out.append(f'<text x="{x + 10:.1f}" y="{ty + 19:.1f}" font-size="14" '
                   f'font-weight="700"{_fit(len(text), 14, bw - 20, True)}>{_e(text)}</text>')
    # the zones, the first (next to the entrance) on top; the Target marker's highlighted
    zy = y + bh - 3 * 23 - 5
    for z in range(3):
        yy = zy + 23 * z
        here = dist.target == z
        if here:
            out.append(f'<rect x="{x + 4:.1f}" y="{yy:.1f}" width="{bw - 8:.0f}" height="22" '
                       f'rx="4" fill="#fbe0da"/>')
            out.append(f'<text x="{x + 9:.1f}" y="{yy + 17:.1f}" fill="{TARGET}" '
                       f'font-size="17" font-weight="700">◎</text>')
        weight = ' font-weight="700"' if here else ""
        text = zone_short(A, d, z)
        fit = _fit(len(text) + 3, 15, bw - 40, here)
        out.append(f'<text x="{x + 30:.1f}" y="{yy + 16:.1f}" font-size="15"{weight}{fit}>'
                   f'<title>zone {z} of district {d}: {_e(g.zone_name(d, z))}</title>'
                   f'<tspan fill="#777">{z}:</tspan> {_e(text)}</text>')
    out.append("</g>")
    return "".join(out)
