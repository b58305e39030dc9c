"""The Monsters on Board replay's board picture: one SVG per step from the reference engine's
objects (``replay.py`` cuts the steps).

Top: the round and phase, the Fearmobiles, the Ghost and Arch Monster markets (cost by
position), Spider Jack's hand, card and Court (solo). Then one panel per seat, in the seat's
colour: Spook Juice, Malice (0..cap), Prophecy card, Arch Monster cards held; the Town track
(12 areas of coloured spaces with their icons, neighborhoods shaded, Grunts as rings, Minions
as black diamonds, Ghosts as small tabs with their colour, the start and gain-Grunt spots on the
left, the final area on the right); the Order of Spider Jack (3 rows of up to 6 dice, the
Spider Jack die of each row on its left, dice beyond it faded: trimmed at final scoring) with
the Summoning tracker of each row; the Driveway (4 dice; a tick once activated).

What the step changed is outlined in red (a die placed, a Grunt moved, a Ghost or card bought,
a number changed). The SVG is written one element group per line, and a seat's Town background
(the same at every step) is one line of its own: the replay page stores each distinct line once
(``simlab.report.replay``), so the many steps of a game cost little.
"""

from __future__ import annotations

import html

from simlab.games.monsters.actions import (
    A_CALL,
    A_FEED,
    A_GAIN_GRUNT,
    A_GRUNT,
    A_JUICE,
    A_MALICE,
    A_MINION,
    A_PROMOTE,
    A_SWAP,
    COLOURS,
    GHOST_COLOURS,
    SUMMON,
)
from simlab.games.monsters.state import COLS, GAIN_SPOT, ROWS, START


def _empty_slot(x: float, y: float, width: float) -> str:
    """A market position left empty: a dashed outline of the card's size."""
    return (f'<rect x="{x}" y="{y}" width="{width}" height="30" fill="none" stroke="#ccc" '
            f'stroke-dasharray="3 2"/>')


#: seat colours (Okabe-Ito)
SEAT = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#F0E442")
#: Lord die / Grunt / space colours, in COLOURS order, and a readable ink on each
DIE = {"blue": "#4a7fd4", "green": "#3f9f4f", "pink": "#ec8ac8", "orange": "#f08c2c",
       "purple": "#8d62c4", "yellow": "#f1d33a", "multi": "#ffffff"}
TINT = {"blue": "#d8e4f7", "green": "#d6eed9", "pink": "#fbe0f0", "orange": "#fde2c8",
        "purple": "#e6dcf3", "yellow": "#fbf3c4"}
DIE_INK = {"blue": "#fff", "green": "#fff", "pink": "#000", "orange": "#000", "purple": "#fff",
           "yellow": "#000", "multi": "#000"}
CHANGED = "#d62728"
FONT = "DejaVu Sans,Arial,Helvetica,sans-serif"
INK = "#1d1d1f"
MUTED = "#6b6f76"
#: icon codes on the board (the legend spells them out)
ICON = {A_SWAP: "sw", A_PROMOTE: "±", A_MINION: "Mi", A_GRUNT: "Gr", A_CALL: "ca",
        A_FEED: "fe", A_MALICE: "ma", A_GAIN_GRUNT: "+G"}
LEGEND = ("Board: per seat the Town track (areas 1-12 left to right, neighborhoods shaded; a "
          "space's colour and icons; Grunts are rings, Minions black diamonds, Ghosts small "
          "tabs above their space; start and gain-Grunt spots on the left, the final area on "
          "the right), the Order of Spider Jack (the black square is the row's Spider Jack "
          "die, faded dice would be trimmed at final scoring; 'call n/N' the Summoning "
          "tracker), the Driveway (a tick: activated), Spook Juice, Malice and the cards held. "
          "Icons: jN Spook Juice, ma Malice, ca call Spider Jack, fe feed Spider Jack, "
          "± promote/demote, sw swap, Mi move Minion, Gr move Grunt, +G gain a Grunt, "
          "★ Summon Spider Jack scoring. Red outlines: what the step changed.")

W = 1000
TOP = 150          # height of the top band (markets)
PANEL = 176        # height of a seat's panel
X0 = 92            # first Town space
SW = 23            # Town space width


def esc(text) -> str:
    return html.escape(str(text), quote=True)


def icon_code(a: int, j: int) -> str:
    if a == A_JUICE:
        return f"j{j}"
    if a == SUMMON:
        return "★"
    return ICON.get(a, "?")


def t(x, y, s, size=11, anchor="start", fill=INK, weight="normal") -> str:
    w = ' font-weight="bold"' if weight == "bold" else ""
    a = f' text-anchor="{anchor}"' if anchor != "start" else ""
    f = f' fill="{fill}"' if fill != INK else ""
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{a}{f}{w}>{esc(s)}</text>'


def die(x, y, col: int, rank: int, size=20, changed=False, faded=False, label=None) -> str:
    name = COLOURS[col]
    op = ' opacity="0.35"' if faded else ""
    stroke = f' stroke="{CHANGED}" stroke-width="2.5"' if changed else ' stroke="#333"'
    txt = label if label is not None else str(rank)
    return (f'<g{op}><rect x="{x:g}" y="{y:g}" width="{size}" height="{size}" rx="3" '
            f'fill="{DIE[name]}"{stroke}/>'
            f'<text x="{x + size / 2:g}" y="{y + size * 0.72:g}" font-size="{size * 0.6:g}" '
            f'text-anchor="middle" fill="{DIE_INK[name]}" font-weight="bold">{esc(txt)}</text></g>')


class Drawer:
    """Draws the reference game ``g`` (its objects after a step); remembers what it drew last
    to outline the changes."""

    def __init__(self, g):
        self.g = g
        self.prev: dict = {}
        self.bg = [self._town_bg(p) for p in range(g.P)]

    # ------------------------------------------------------------------ static parts
    def panel_y(self, p: int) -> int:
        return TOP + p * PANEL

    def _town_bg(self, p: int) -> str:
        """A seat's Town track without pieces (the same at every step): one line."""
        g, A = self.g, self.g.A
        y = self.panel_y(p) + 30
        out = [f'<g font-family="{FONT}">']
        area_first = {}
        for s in range(g.S):
            area_first.setdefault(int(A.space_area[s]), s)
        for area, s0 in sorted(area_first.items()):
            n = sum(1 for s in range(g.S) if int(A.space_area[s]) == area)
            x = X0 + s0 * SW - 1
            pub = int(A.area_public[area]) == 1
            out.append(f'<rect x="{x}" y="{y - 12}" width="{n * SW}" height="{SW + 26}" '
                       f'fill="{"#ffffff" if pub else "#e4e4e4"}" stroke="#bbb"/>')
            out.append(t(x + 2, y - 3, f"{area}" + ("" if pub else " nbh"), 8, fill=MUTED))
        for s in range(g.S):
            x = X0 + s * SW
            c = COLOURS[int(A.space_colour[s])]
            out.append(f'<rect x="{x}" y="{y}" width="{SW - 2}" height="{SW - 2}" rx="2" '
                       f'fill="{TINT[c]}" stroke="{DIE[c]}" stroke-width="2"/>')
            codes = [icon_code(int(a), int(j)) for a, j in zip(A.space_act[s], A.space_juice[s],
                                                              strict=True) if a >= 0]
            if codes:
                out.append(t(x + SW / 2 - 1, y + SW + 8, " ".join(codes), 7.5, "middle"))
        xf = X0 + g.S * SW + 4
        out.append(f'<rect x="{xf}" y="{y - 12}" width="{W - xf - 4}" height="{SW + 26}" '
                   f'fill="#f3efe2" stroke="#bbb"/>')
        out.append(t(xf + 3, y - 3, "final area", 8, fill=MUTED))
        out.append(f'<rect x="6" y="{y - 12}" width="{X0 - 12}" height="{SW + 26}" '
                   f'fill="#f7f7f7" stroke="#bbb"/>')
        out.append(t(9, y - 3, "start / gain", 8, fill=MUTED))
        out.append("</g>")
        return "".join(out)

    # ------------------------------------------------------------------ the picture
    def draw(self, title: str, actor: int | None = None, note: str = "") -> str:
        g = self.g
        h = TOP + g.P * PANEL + 8
        cur: dict = {}
        lines = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {h}" '
                 f'font-family="{FONT}" role="img" aria-label="{esc(title)}">',
                 f'<rect width="{W}" height="{h}" fill="#fff"/>',
                 t(8, 18, title, 14, weight="bold")]
        if note:
            lines.append(t(8, 34, note, 11, fill=MUTED))
        lines += self.top(cur)
        for p in range(g.P):
            lines.append(self.bg[p])
            lines += self.seat(p, cur, actor == p)
        lines.append("</svg>")
        self.prev = cur
        return "\n".join(lines)

    def changed(self, cur: dict, key, value) -> bool:
        cur[key] = value
        return bool(self.prev) and self.prev.get(key) != value

    def top(self, cur: dict) -> list[str]:
        g, A = self.g, self.g.A
        out = []
        y = 44
        x = 8
        for f, car in enumerate(g.fearmobiles):
            parts = [t(x, y + 10, f"Fearmobile {f + 1}", 10, fill=MUTED)]
            for k, d in enumerate(car):
                key = ("fm", f, k)
                if d is None:
                    ch = self.changed(cur, key, None)
                    parts.append(f'<rect x="{x + k * 24}" y="{y + 14}" width="20" height="20" '
                                 f'fill="none" stroke="{CHANGED if ch else "#ccc"}" '
                                 f'stroke-dasharray="3 2"/>')
                else:
                    ch = self.changed(cur, key, tuple(d))
                    parts.append(die(x + k * 24, y + 14, d[0], g.rank(*d), changed=ch))
            out.append("\n".join(parts))
            x += 104
        y2 = y + 50
        xm = 8
        parts = [t(xm, y2 + 10, "Ghost market (cost)", 10, fill=MUTED)]
        for k, gh in enumerate(g.gmarket):
            xx = xm + k * 58
            ch = self.changed(cur, ("gm", k), gh)
            if gh is None:
                parts.append(_empty_slot(xx, y2 + 14, 54))
                continue
            cname = GHOST_COLOURS[int(A.ghost_colour[gh])]
            codes = " ".join(icon_code(int(a), int(j)) for a, j in
                             zip(A.ghost_act[gh], A.ghost_juice[gh], strict=True) if a >= 0)
            fill = DIE[cname] if cname != "multi" else "url(#rainbow)"
            stroke = f'stroke="{CHANGED}" stroke-width="2.5"' if ch else 'stroke="#333"'
            parts.append(f'<rect x="{xx}" y="{y2 + 14}" width="54" height="30" rx="8" '
                         f'fill="{fill if cname != "multi" else "#fff"}" {stroke}/>')
            if cname == "multi":
                for i, c in enumerate(COLOURS):
                    parts.append(f'<rect x="{xx + 3 + i * 8}" y="{y2 + 16}" width="8" '
                                 f'height="5" fill="{DIE[c]}"/>')
            parts.append(t(xx + 27, y2 + 36, codes, 10, "middle",
                           fill=DIE_INK[cname] if cname != "multi" else INK, weight="bold"))
            parts.append(t(xx + 27, y2 + 56, f"{int(A.ghost_cost[k])}", 10, "middle",
                           fill=MUTED))
        out.append("\n".join(parts))
        xa = 310
        parts = [t(xa, y2 + 10, "Arch Monster market (cost)", 10, fill=MUTED)]
        for k, m in enumerate(g.amarket):
            xx = xa + k * 76
            ch = self.changed(cur, ("am", k), m)
            if m is None:
                parts.append(_empty_slot(xx, y2 + 14, 72))
                continue
            stroke = f'stroke="{CHANGED}" stroke-width="2.5"' if ch else 'stroke="#555"'
            parts.append(f'<rect x="{xx}" y="{y2 + 14}" width="72" height="30" rx="3" '
                         f'fill="#f4f0fa" {stroke}/>')
            parts.append(t(xx + 36, y2 + 26, arch_short(g, m), 8.5, "middle"))
            parts.append(t(xx + 36, y2 + 39, f"#{m} back {back_short(g, m)}", 8, "middle",
                           fill=MUTED))
            parts.append(t(xx + 36, y2 + 56, f"{int(A.arch_cost[k])}", 10, "middle", fill=MUTED))
        out.append("\n".join(parts))
        out += self.automaton(cur, 700 if g.mode >= 2 else None)
        return out

    def automaton(self, cur: dict, x) -> list[str]:
        """Solo: Spider Jack's card, hand, and (solo 2) score and Court."""
        g = self.g
        if x is None:
            return []
        A = g.A
        y = 44
        parts = [f'<rect x="{x - 6}" y="{y - 4}" width="{W - x + 2}" height="104" rx="4" '
                 f'fill="#fbf7ee" stroke="#a58a4a"/>']
        solo2 = g.mode == 3
        head = "Spider Jack (automaton)"
        if solo2:
            ch = self.changed(cur, "sjscore", g.sj_score)
            head += f": {g.sj_score} Spook Juice"
            parts.append(t(x, y + 10, head, 11, fill=CHANGED if ch else INK, weight="bold"))
        else:
            parts.append(t(x, y + 10, head + " (solo 1: he only drafts)", 11, weight="bold"))
        if g.round >= 1 and len(g.deck) >= g.round:
            card = g.deck[g.round - 1]
            syms = " / ".join(f"{'white' if int(A.card_col[card, i]) < 0 else COLOURS[int(A.card_col[card, i])]}"
                              f" {'hi' if int(A.card_high[card, i]) else 'lo'}" for i in range(3))
            parts.append(t(x, y + 26, f"card: {syms}", 9.5))
        hand = [d for d in getattr(g, "sj_dice", []) if d is not None]
        parts.append(t(x, y + 44, "hand:", 9.5, fill=MUTED))
        for i, d in enumerate(hand):
            parts.append(die(x + 34 + i * 22, y + 31, d[0], g.rank(*d), size=18))
        if solo2:
            court = [f"{COLOURS[c]} {n}" for c, n in enumerate(g.court_dice) if n]
            grunts = [f"{COLOURS[c]}" + (f" x{n}" if n > 1 else "")
                      for c, n in enumerate(g.court_grunt) if n]
            ghosts = [f"{GHOST_COLOURS[c]} {n}" for c, n in enumerate(g.court_ghost) if n]
            ch = self.changed(cur, "court", (tuple(g.court_dice), tuple(g.court_ghost)))
            parts.append(t(x, y + 62, "Court Grunts: " + ", ".join(grunts), 9))
            parts.append(t(x, y + 75, "Court dice: " + (", ".join(court) or "none"), 9,
                           fill=CHANGED if ch else INK))
            parts.append(t(x, y + 88, "Court Ghosts: " + (", ".join(ghosts) or "none"), 9,
                           fill=CHANGED if ch else INK))
            un = getattr(g, "unscored", None)
            if un is not None:
                parts.append(t(x + 160, y + 44, f"un-scored: {COLOURS[un[0]]} {g.rank(*un)}", 9))
        return ["\n".join(parts)]

    def seat(self, p: int, cur: dict, acting: bool) -> list[str]:
        g, A = self.g, self.g.A
        pl = g.players[p]
        y0 = self.panel_y(p)
        col = SEAT[p % len(SEAT)]
        out = []
        frame = (f'<rect x="2" y="{y0 + 2}" width="{W - 4}" height="{PANEL - 6}" rx="5" '
                 f'fill="none" stroke="{col}" stroke-width="{4 if acting else 1.5}"/>')
        out.append(frame)
        # header: name, Spook Juice, Malice, Prophecy, first player
        chj = self.changed(cur, ("juice", p), pl.juice)
        chm = self.changed(cur, ("malice", p), pl.malice)
        head = [f'<rect x="6" y="{y0 + 6}" width="12" height="12" fill="{col}"/>',
                t(22, y0 + 16, g.names[p] + ("  (acting)" if acting else ""), 12, fill=col,
                  weight="bold"),
                t(250, y0 + 16, f"Spook Juice {pl.juice}", 11, fill=CHANGED if chj else INK,
                  weight="bold")]
        cap = int(A.malice_cap)
        head.append(t(370, y0 + 16, "Malice", 11, fill=CHANGED if chm else INK))
        for i in range(cap):
            fill = "#7b2d8b" if i < pl.malice else "#fff"
            head.append(f'<rect x="{410 + i * 11}" y="{y0 + 7}" width="10" height="10" '
                        f'fill="{fill}" stroke="#7b2d8b"/>')
        head.append(t(412 + cap * 11, y0 + 16, f"{pl.malice}/{cap}", 10))
        if pl.prophecy >= 0:
            head.append(t(540, y0 + 16, f"Prophecy: {g.cards.prophecy[pl.prophecy].name}", 10,
                          fill=MUTED))
        if g.first == p and g.P > 1:
            head.append(t(W - 10, y0 + 16, "first player", 10, "end", fill=MUTED))
        out.append("\n".join(head))
        out.append(self.pieces(p, cur))
        out.append(self.order(p, cur))
        return out

    def pieces(self, p: int, cur: dict) -> str:
        """Grunts, Minions and Ghosts on the Town track, start and gain-Grunt spots, final
        area."""
        g, A = self.g, self.g.A
        pl = g.players[p]
        y = self.panel_y(p) + 30
        parts = []
        for s, gh in sorted(pl.ghosts.items()):
            cname = GHOST_COLOURS[int(A.ghost_colour[gh])]
            ch = self.changed(cur, ("ghost", p, s), gh)
            x = X0 + s * SW
            stroke = CHANGED if ch else "#222"
            parts.append(f'<path d="M{x + 2} {y - 1} v-7 a8 6 0 0 1 17 0 v7 z" '
                         f'fill="{DIE[cname]}" stroke="{stroke}" stroke-width="{2 if ch else 1}"/>')
        occupied = {}
        for i, gr in enumerate(pl.grunts):
            occupied.setdefault(gr.pos, []).append((i, gr))
        for s in range(g.S):
            for i, gr in occupied.get(s, []):
                ch = self.changed(cur, ("grunt", p, i), gr.pos)
                x = X0 + s * SW + SW / 2 - 1
                parts.append(f'<circle cx="{x}" cy="{y + SW / 2 - 1}" r="7.5" '
                             f'fill="{DIE[COLOURS[gr.colour]]}" stroke="{CHANGED if ch else "#000"}" '
                             f'stroke-width="{3 if ch else 2}"/>')
        for m, s in enumerate(pl.minions):
            if 0 <= s < g.S:
                ch = self.changed(cur, ("minion", p, m), s)
                x = X0 + s * SW + SW / 2 - 1
                yy = y + SW / 2 - 1
                parts.append(f'<path d="M{x} {yy - 7} l6 7 l-6 7 l-6 -7 z" fill="#111" '
                             f'stroke="{CHANGED if ch else "#fff"}" stroke-width="1.5"/>')
        # start and gain-Grunt spots: small rings in a row
        waiting = [(i, gr) for i, gr in enumerate(pl.grunts) if gr.pos in (START, GAIN_SPOT)]
        for n, (i, gr) in enumerate(waiting):
            ch = self.changed(cur, ("grunt", p, i), gr.pos)
            x = 12 + (n % 6) * 12
            yy = y + 2 + (n // 6) * 13
            dash = ' stroke-dasharray="2 1.5"' if gr.pos == GAIN_SPOT else ""
            parts.append(f'<circle cx="{x}" cy="{yy + 4}" r="5" fill="{DIE[COLOURS[gr.colour]]}" '
                         f'stroke="{CHANGED if ch else "#000"}"{dash}/>')
        spots = sum(1 for s in pl.gain_spots if s is not None)
        parts.append(t(10, y + SW + 10, f"gain spots {spots}/{len(pl.gain_spots)}", 7.5,
                       fill=MUTED))
        final = [gr for gr in pl.grunts if gr.pos >= g.S]
        xf = X0 + g.S * SW + 10
        for n, gr in enumerate(final):
            i = pl.grunts.index(gr)
            ch = self.changed(cur, ("grunt", p, i), gr.pos)
            parts.append(f'<circle cx="{xf + (n % 5) * 9}" cy="{y + 5 + (n // 5) * 10}" r="4" '
                         f'fill="{DIE[COLOURS[gr.colour]]}" stroke="{CHANGED if ch else "#000"}"/>')
        return "\n".join(parts)

    def order(self, p: int, cur: dict) -> str:
        """The Order of Spider Jack, the Summoning trackers, the Driveway and the Arch Monster
        cards held."""
        g, A = self.g, self.g.A
        pl = g.players[p]
        y = self.panel_y(p) + 88
        parts = [t(10, y - 4, "Order of Spider Jack", 9, fill=MUTED)]
        L = int(A.track_len)
        for r in range(ROWS):
            yy = y + r * 25
            ch = self.changed(cur, ("sj", p, r), pl.sj[r])
            parts.append(f'<rect x="10" y="{yy}" width="20" height="20" rx="3" fill="#111" '
                         f'stroke="{CHANGED if ch else "#111"}" stroke-width="2.5"/>'
                         f'<text x="20" y="{yy + 15}" font-size="12" text-anchor="middle" '
                         f'fill="#fff" font-weight="bold">{pl.sj[r]}</text>')
            for c in range(COLS):
                x = 36 + c * 24
                if c < len(pl.rows[r]):
                    colr, rank = pl.rows[r][c]
                    ch = self.changed(cur, ("die", p, r, c), (colr, rank))
                    parts.append(die(x, yy, colr, rank, changed=ch, faded=c >= pl.sj[r]))
                else:
                    self.changed(cur, ("die", p, r, c), None)
                    parts.append(f'<rect x="{x}" y="{yy}" width="20" height="20" rx="3" '
                                 f'fill="none" stroke="#ccc"/>')
            ch = self.changed(cur, ("summon", p, r), pl.summon[r])
            nxt = pl.summon[r] + 1
            what = ""
            if nxt < L:
                a = int(A.track_act[nxt])
                what = " next ★" if a == SUMMON else (
                    f" next {icon_code(a, int(A.track_juice[nxt]))}" if a >= 0 else "")
            parts.append(t(184, yy + 14, f"call {pl.summon[r]}/{L - 1}{what}", 9,
                           fill=CHANGED if ch else INK))
        xd = 290
        parts.append(t(xd, y - 4, "Driveway", 9, fill=MUTED))
        for k, d in enumerate(pl.driveway):
            x = xd + k * 26
            if d is None:
                self.changed(cur, ("drv", p, k), None)
                parts.append(f'<rect x="{x}" y="{y}" width="22" height="22" rx="3" fill="none" '
                             f'stroke="#ccc" stroke-dasharray="3 2"/>')
                continue
            ch = self.changed(cur, ("drv", p, k), tuple(d))
            parts.append(die(x, y, d[0], g.rank(d[0], d[1]), size=22, changed=ch))
            codes = " ".join(icon_code(a, j) for a, j in g.die_icons(d[0], d[1]))
            parts.append(t(x + 11, y + 31, codes, 6.5, "middle"))
            if d[2]:
                parts.append(t(x + 11, y + 44, "✓", 11, "middle", fill="#2a7"))
        xa = 420
        ch = self.changed(cur, ("arch", p), tuple(pl.arch))
        parts.append(t(xa, y - 4, f"Arch Monsters held ({len(pl.arch)})", 9,
                       fill=CHANGED if ch else MUTED))
        for i, m in enumerate(pl.arch[:12]):
            x = xa + (i % 4) * 142
            yy = y + (i // 4) * 25
            parts.append(f'<rect x="{x}" y="{yy}" width="138" height="21" rx="3" '
                         f'fill="#f4f0fa" stroke="#555"/>')
            parts.append(t(x + 4, yy + 14, f"#{m} {arch_short(g, m)} · {back_short(g, m)}", 8.5))
        if len(pl.arch) > 12:
            parts.append(t(xa, y + 86, f"... and {len(pl.arch) - 12} more", 8.5))
        return "\n".join(parts)


def arch_short(g, m: int) -> str:
    """An Arch Monster card in a few words (kind and colours)."""
    card = g.cards.arch[m]
    words = {"adjacent_pair": "pairs", "spooked": "spooked",
             "ghosts_in_neighborhoods": "ghosts in nbh", "ghosts_in_one_neighborhood":
             "2 ghosts 1 nbh", "adjacent_columns": "2 cols 30+",
             "minions_in_one_neighborhood": "3 minions nbh", "single_grunt": "one Grunt",
             "row_colour": "3 in a row"}
    cols = "+".join(COLOURS[c][:3] if len(card.colours) > 1 else COLOURS[c]
                    for c in card.colours)
    return words.get(card.kind, card.kind) + (f" {cols}" if cols else "")


def back_short(g, m: int) -> str:
    return icon_code(int(g.A.cards.m_back[m]), int(g.A.cards.m_back_amount[m]))
