"""Jungle Rumble replay: the board after each step as SVG (the families' tables of fields and
sticks, their kittens, merchants and reserves, the action tiles, the board supply), with what
the step changed outlined; drawn from the snapshots :class:`~simlab.games.jungle.replay.Recorder`
keeps (``replay.py``)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from simlab.games.jungle.rules import ACTIONS, N_TILES
from simlab.games.jungle.state import E_NONE

if TYPE_CHECKING:
    from simlab.games.jungle.replay import Recorder

#: seat colours (Okabe-Ito)
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442")
CHANGED = "#D55E00"    # outline of what the step changed
MARK = "#fff0a8"       # background of a number the step changed
EARTH = "#e8d5a9"      # a field on its earth side
WET = "#a9d8a0"        # a field on its irrigated side
STICK = "#6b3e12"      # an irrigation stick
FONT = "DejaVu Sans,Arial,Helvetica,sans-serif"
INK = "#1d1d1f"


# ---------------------------------------------------------------------- the board
def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _esc(x) -> str:
    return html.escape(str(x), quote=True)


def _text(x, y, s, size=12, anchor="start", weight="normal", fill=INK) -> str:
    """A text element (the font and ink are the <svg>'s, inherited; defaults left out)."""
    attrs = f'x="{x:.1f}" y="{y:.1f}" font-size="{size}"'
    if anchor != "start":
        attrs += f' text-anchor="{anchor}"'
    if weight != "normal":
        attrs += f' font-weight="{weight}"'
    if fill != INK:
        attrs += f' fill="{fill}"'
    return f"<text {attrs}>{_esc(s)}</text>"


def box_line(A, box: dict) -> str:
    """What the box has left where the rules limit it (``A``: the rule arrays), or ""."""
    parts = []
    if A.food_limit:
        parts.append(f"food {box['food']}")
    if A.gold_limit and not (A.improvise_gold and not A.food_limit):
        parts.append(f"coins {box['gold']}" + (f" (and {box['improvised']} improvised in "
                                               "play)" if box["improvised"] else ""))
    if A.penalty_limit:
        parts.append(f"penalty tokens {box['penalties']}")
    if A.field_aside >= 0:
        parts.append(f"set-aside {_count(box['field'], 'field')}, "
                     f"{_count(box['stick'], 'stick')}")
    return ("Left in the box: " + ", ".join(parts)) if parts else ""


class Board:
    """Draws the snapshots of a game (all of them known, so every step uses the same window
    of the families' tables and the same size)."""

    W = 800

    def __init__(self, rec: Recorder):
        self.rec = rec
        self.n = rec.n_p
        cells = [c for s in rec.snaps for pl in s["players"] for c in pl["fields"]]
        self.r0 = min(r for r, _ in cells)
        self.r1 = max(r for r, _ in cells)
        self.c0 = min(c for _, c in cells)
        self.c1 = max(c for _, c in cells)
        rows, cols = self.r1 - self.r0 + 1, self.c1 - self.c0 + 1
        self.cols = 2
        self.pw = (self.W - 30) / 2
        self.cs = max(12.0, min(34.0, (self.pw - 40) / cols, 300.0 / rows))
        self.grid_h = rows * self.cs
        self.ph = 96 + self.grid_h + 24
        # a line for the box where the rules limit it
        self.extra = 18 if box_line(rec.A, rec.snaps[0]["box"]) else 0
        self.top = 166 + self.extra

    def svg(self, i: int) -> str:
        s = self.rec.snaps[i]
        prev = self.rec.snaps[i - 1] if i > 0 else None
        prow = (self.n + self.cols - 1) // self.cols
        h = self.top + prow * (self.ph + 10) + 30
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.W} {h:.0f}" '
               f'font-family="{FONT}" fill="{INK}" role="img" '
               f'aria-label="Jungle Rumble board after step {i + 1}">',
               f'<rect x="0" y="0" width="{self.W}" height="{h:.0f}" fill="#ffffff"/>']
        out += self._header(s, prev)
        for q in range(self.n):
            x = 10 + (q % self.cols) * (self.pw + 10)
            y = self.top + (q // self.cols) * (self.ph + 10)
            out += self._family(s, prev, q, x, y)
        out += self._legend(h - 22)
        out.append("</svg>")
        return "".join(out)

    # -------------------------------------------------------------- top: round and tiles
    def _header(self, s, prev) -> list:
        rec = self.rec
        out = []
        rnd = f"Round {s['round']}" if s["round"] else "Setup"
        head = f"{rnd} · first player P{s['first'] + 1}"
        if s["phase"] not in ("setup", "round end", "end") and s["round"]:
            head += f" · turn {s['turn']}: P{s['active'] + 1} is the active player"
        if s["phase"] == "end":
            won = [f"P{q + 1}" for q in range(self.n) if rec.winners[q]]
            head = (f"End of the game after {s['round']} rounds · "
                    f"{' and '.join(won)} win{'s' if len(won) == 1 else ''}")
        out.append(_text(10, 20, head, 15, weight="bold"))
        fs, ss = s["supply"]
        fa, sa = s["aside"]
        sup = (f"Board supply: {_count(fs, 'field')}, {_count(ss, 'stick')} · taken from the "
               f"set-aside pieces: {_count(fa, 'field')}, {_count(sa, 'stick')}")
        box = box_line(rec.A, s["box"])
        if box:
            if prev is not None and prev["box"] != s["box"]:
                out.append(f'<rect x="8" y="45" width="{7.0 * len(box):.0f}" height="18" '
                           f'fill="{MARK}"/>')
            out.append(_text(10, 59, box, 13))
        ch = prev is not None and (prev["supply"] != s["supply"] or prev["aside"] != s["aside"])
        if ch:
            out.append(f'<rect x="8" y="27" width="{7.0 * len(sup):.0f}" height="18" '
                       f'fill="{MARK}"/>')
        out.append(_text(10, 41, sup, 13))
        if s["trigger"] != E_NONE:
            why = {1: "the last field of the supply was taken", 2: "the last stick of the "
                   "supply was taken", 3: "a kitten was taken"}.get(s["trigger"], "")
            out.append(_text(10, 59 + self.extra, f"End triggered: {why}; the game ends with "
                             "this round", 12, weight="bold", fill=CHANGED))
        tw = (self.W - 20 - 4 * 8) / N_TILES
        for t in range(N_TILES):
            x = 10 + t * (tw + 8)
            y = 68 + self.extra
            placed = s["placed"].get(t)
            acted = s["acted"] == t
            food_ch = prev is not None and prev["tile_food"][t] != s["tile_food"][t]
            stroke = CHANGED if acted else "#9aa0a6"
            out.append(f'<rect x="{x:.1f}" y="{y}" width="{tw:.1f}" height="88" rx="6" '
                       f'fill="{"#f3f4f6" if placed else "#fffdf5"}" stroke="{stroke}" '
                       f'stroke-width="{3 if acted else 1}"/>')
            a, b = rec.tiles[t]
            name = ACTIONS[a] if a == b else f"{ACTIONS[a]} | {ACTIONS[b]}"
            out.append(_text(x + tw / 2, y + 16, f"tile {t}", 10, anchor="middle",
                             fill="#5f6368"))
            out.append(_text(x + tw / 2, y + 32, name, 13 if a == b else 11.5, anchor="middle",
                             weight="bold"))
            food = s["tile_food"][t]
            took = prev["tile_food"][t] - food if prev is not None and food_ch else 0
            if food or food_ch:
                lab = f"{took} food taken with it" if took > 0 else f"{food} food on it"
                if food_ch:
                    out.append(f'<rect x="{x + tw / 2 - 3.2 * len(lab) - 4:.1f}" y="{y + 37}" '
                               f'width="{6.4 * len(lab) + 8:.1f}" height="16" fill="{MARK}"/>')
                out.append(_text(x + tw / 2, y + 49, lab, 11, anchor="middle"))
            if placed:
                q = placed["seat"]
                lab = f"P{q + 1}: {placed['n']} kitten" + \
                      ("s" if placed["n"] != 1 else "")
                if a != b:
                    lab += f" on {ACTIONS[placed['act']]}"
                out.append(f'<rect x="{x + 6:.1f}" y="{y + 55}" width="{tw - 12:.1f}" '
                           f'height="15" rx="3" fill="{COLOURS[q]}"/>')
                out.append(_text(x + tw / 2, y + 66.5, lab, 10.5, anchor="middle",
                                 fill="#ffffff", weight="bold"))
                fx = x + 8
                for fq, _ in placed["followers"]:
                    out.append(f'<circle cx="{fx + 6:.1f}" cy="{y + 79}" r="6" '
                               f'fill="{COLOURS[fq]}"/>')
                    out.append(_text(fx + 15, y + 83, f"P{fq + 1}", 10))
                    fx += 36
                if placed["followers"]:
                    out.append(_text(x + tw - 6, y + 83, "followed", 9.5, anchor="end",
                                     fill="#5f6368"))
        return out

    # -------------------------------------------------------------- a family
    def _family(self, s, prev, q, x, y) -> list:
        rec = self.rec
        col = COLOURS[q]
        pl = s["players"][q]
        pp = prev["players"][q] if prev is not None else pl
        me = s["seat"] == q
        out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{self.pw:.1f}" height="{self.ph:.1f}" '
               f'rx="6" fill="#ffffff" stroke="{col}" stroke-width="{4 if me else 1.5}"/>',
               f'<rect x="{x:.1f}" y="{y:.1f}" width="{self.pw:.1f}" height="24" rx="6" '
               f'fill="{col}"/>']
        score = s["scores"][q]
        lab = ("final score " if s["phase"] == "end" else "score now ") + str(score)
        if s["first"] == q:
            lab = "first player · " + lab
        title = rec.names[q]
        room = int((self.pw - 16 - 7.6 * len(lab)) / 7.8)
        if len(title) > room:
            title = title[:room - 1] + "…"
        out.append(_text(x + 8, y + 17, title, 13, weight="bold", fill="#ffffff"))
        out.append(_text(x + self.pw - 8, y + 17, lab, 13, anchor="end", weight="bold",
                         fill="#ffffff"))
        # reserve: food, gold, penalties
        yy = y + 44
        xx = x + 10
        for key, name in (("food", "food"), ("gold", "gold"), ("penalties", "penalties")):
            val = pl[key]
            txt = f"{name} {val}"
            wdt = 7.2 * len(txt) + 4
            if val != pp[key] and prev is not None:
                out.append(f'<rect x="{xx - 3:.1f}" y="{yy - 14}" width="{wdt:.1f}" '
                           f'height="19" rx="3" fill="{MARK}"/>')
            out.append(_text(xx, yy, txt, 13, weight="bold" if key != "penalties" or val
                             else "normal", fill="#1d1d1f" if key != "penalties" or not val
                             else CHANGED))
            xx += wdt + 14
        foreign = {f: k for f, k in pl["tiles"].items() if f != q and k}
        if foreign:  # kittens taken from other families
            out.append(_text(x + self.pw - 8, yy, "holds " + " ".join(
                f"P{f + 1}×{k}" for f, k in sorted(foreign.items())), 10.5, anchor="end",
                fill="#5f6368"))
        # kittens: workers, then merchants
        yy = y + 68
        xx = x + 18
        kid_ch = prev is not None and (pl["awake"], pl["asleep"], pl["merchants"]) != \
            (pp["awake"], pp["asleep"], pp["merchants"])
        if kid_ch:
            out.append(f'<rect x="{x + 4:.1f}" y="{yy - 13}" width="{self.pw - 8:.1f}" '
                       f'height="26" rx="4" fill="{MARK}"/>')
        for _ in range(pl["awake"]):
            out.append(f'<circle cx="{xx:.1f}" cy="{yy}" r="9" fill="{col}" stroke="#1d1d1f" '
                       f'stroke-width="0.8"/>')
            xx += 22
        for _ in range(pl["asleep"]):
            out.append(f'<circle cx="{xx:.1f}" cy="{yy}" r="9" fill="#ffffff" stroke="{col}" '
                       f'stroke-width="2.2"/>')
            out.append(_text(xx, yy + 4, "z", 11, anchor="middle", fill=col, weight="bold"))
            xx += 22
        if not pl["awake"] + pl["asleep"]:
            out.append(_text(xx - 8, yy + 4, "no workers", 11, fill="#5f6368"))
            xx += 70
        xx += 4
        for kind, goods in pl["merchants"]:
            lab = f"{kind if kind else '?'} {goods}"
            wdt = 8 + 6.6 * len(lab)
            out.append(f'<rect x="{xx - 9:.1f}" y="{yy - 10}" width="{wdt:.1f}" height="20" '
                       f'rx="3" fill="{col}" fill-opacity="0.18" stroke="{col}" '
                       f'stroke-width="1.5"/>')
            out.append(_text(xx - 5, yy + 4, lab, 11, weight="bold"))
            xx += wdt + 5
        parts = [f"{pl['awake']} awake", f"{pl['asleep']} asleep"]
        if pl["merchants"]:
            parts.append(f"{len(pl['merchants'])} merchant" +
                         ("s" if len(pl["merchants"]) > 1 else ""))
        wet = len(pl["wet"])
        parts2 = [_count(len(pl["fields"]), "field") + f" ({wet} irrigated)",
                  _count(len(pl["sticks"]), "stick")]
        out.append(_text(x + 10, y + 94, " · ".join(parts + parts2), 11, fill="#5f6368"))
        out += self._table(pl, pp if prev is not None else None, x, y + 104, col)
        return out

    def _table(self, pl, pp, x, y, col) -> list:
        cs = self.cs
        rows, cols = self.r1 - self.r0 + 1, self.c1 - self.c0 + 1
        x0 = x + (self.pw - cols * cs) / 2
        out = []
        for c in range(cols):  # column numbers above, row numbers at the left
            out.append(_text(x0 + (c + 0.5) * cs, y + 8, self.c0 + c, 8.5, anchor="middle",
                             fill="#9aa0a6"))
        y0 = y + 12
        for r in range(rows):
            out.append(_text(x0 - 4, y0 + (r + 0.5) * cs + 3, self.r0 + r, 8.5, anchor="end",
                             fill="#9aa0a6"))
        out.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{cols * cs:.1f}" '
                   f'height="{rows * cs:.1f}" fill="#fafafa" stroke="#eeeeee"/>')
        new_f = pl["fields"] - (pp["fields"] if pp else pl["fields"])
        for (r, c) in sorted(pl["fields"]):
            fill = WET if (r, c) in pl["wet"] else EARTH
            new = (r, c) in new_f
            out.append(f'<rect x="{x0 + (c - self.c0) * cs + 1:.1f}" '
                       f'y="{y0 + (r - self.r0) * cs + 1:.1f}" width="{cs - 2:.1f}" '
                       f'height="{cs - 2:.1f}" rx="2" fill="{fill}" '
                       f'stroke="{CHANGED if new else "#b9a77f"}" '
                       f'stroke-width="{3 if new else 0.8}"/>')
            if pp is not None and (r, c) in pl["wet"] and (r, c) not in pp["wet"] and not new:
                out.append(f'<rect x="{x0 + (c - self.c0) * cs + 3:.1f}" '
                           f'y="{y0 + (r - self.r0) * cs + 3:.1f}" width="{cs - 6:.1f}" '
                           f'height="{cs - 6:.1f}" rx="2" fill="none" stroke="{CHANGED}" '
                           f'stroke-width="1.5" stroke-dasharray="3 2"/>')
        new_s = pl["sticks"] - (pp["sticks"] if pp else pl["sticks"])
        for e in sorted(pl["sticks"]):
            (ra, ca), (rb, cb) = e
            if ra == rb:  # cells side by side: a vertical stick on the edge between them
                ex = x0 + (max(ca, cb) - self.c0) * cs
                x1 = x2 = ex
                y1 = y0 + (ra - self.r0) * cs + 3
                y2 = y1 + cs - 6
            else:
                ey = y0 + (max(ra, rb) - self.r0) * cs
                y1 = y2 = ey
                x1 = x0 + (ca - self.c0) * cs + 3
                x2 = x1 + cs - 6
            if e in new_s:
                out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                           f'stroke="{CHANGED}" stroke-width="9" stroke-linecap="round"/>')
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                       f'stroke="{STICK}" stroke-width="4.5" stroke-linecap="round"/>')
        return out

    def _legend(self, y) -> list:
        out = []
        x = 10
        items = [("disc", "awake worker"), ("sleep", "asleep"),
                 ("merchant", "merchant (goods, units)"), ("wet", "irrigated field"),
                 ("earth", "earth field"), ("stick", "stick"), ("new", "changed")]
        for kind, lab in items:
            if kind == "disc":
                out.append(f'<circle cx="{x + 7}" cy="{y + 7}" r="6" fill="#5f6368"/>')
            elif kind == "sleep":
                out.append(f'<circle cx="{x + 7}" cy="{y + 7}" r="6" fill="#fff" '
                           f'stroke="#5f6368" stroke-width="1.8"/>')
                out.append(_text(x + 7, y + 10, "z", 8, anchor="middle", fill="#5f6368"))
            elif kind == "merchant":
                out.append(f'<rect x="{x}" y="{y}" width="26" height="14" rx="2" '
                           f'fill="#5f6368" fill-opacity="0.18" stroke="#5f6368"/>')
                out.append(_text(x + 13, y + 11, "gold 2", 7.5, anchor="middle"))
                x += 12
            elif kind in ("wet", "earth"):
                out.append(f'<rect x="{x}" y="{y}" width="14" height="14" rx="2" '
                           f'fill="{WET if kind == "wet" else EARTH}" stroke="#b9a77f"/>')
            elif kind == "stick":
                out.append(f'<line x1="{x + 7}" y1="{y}" x2="{x + 7}" y2="{y + 14}" '
                           f'stroke="{STICK}" stroke-width="4.5" stroke-linecap="round"/>')
            else:
                out.append(f'<rect x="{x}" y="{y}" width="14" height="14" fill="{MARK}" '
                           f'stroke="{CHANGED}" stroke-width="2"/>')
            out.append(_text(x + 19, y + 11, lab, 11, fill="#5f6368"))
            x += 19 + 6.1 * len(lab) + 14
        return out
