"""Monsters on Board's assumed component data as files a designer edits (``simlab data monsters``).

The rulebook pictures most components without printing them; simlab plays *assumed* data kept in
one documented TOML file per kind under ``simlab/games/monsters/data/``, the very files the game
reads (``rules.load_data`` for ``dice, town, malice, market, ghosts, solo_cards, difficulty,
family``; ``cards.load_cards`` for ``prophecy`` and ``arch_monsters``). ``export`` writes each of
them as the game reads it, under a header saying what the rulebook states of that kind and what
``check`` enforces, so an untouched export is the game's own data, byte for byte below the
header.

``check`` reads a designer's copy into the rule overrides ``--set`` takes: one entry per changed
element where the rules have element paths (``dice.pink.0``, ``town.5``, ``ghosts.3``,
``solo_cards.7``, ``difficulty_levels.2``, ``summon_track.1``, ``malice_chart.0``,
``ghost_cost.4``, ``area_public.3``...), the scalar fields (``malice_cap``,
``gain_grunt_spots``, ``family_area12_juice``...), and ``data.KIND = FILE`` (the designer's file)
when a list changes length (a Town of another size, another number of Ghosts) or for the card
files (``data.prophecy``, ``data.arch_monsters``), which the rules take only as files. Every
error is located ``"<file>: <entry>: <field>: expected <what>, got <value>"``; the counts the
rulebook prints (42 Ghosts, 30 solo cards, 12 Town areas, 12 Prophecy cards, 72 Arch Monsters,
Malice above 8 lost, rank 6 gives 3 Malice, ...) are checked. The alternative difficulty ladder
``data/difficulty_even.toml`` is not a file of its own: it is another ``difficulty.toml``
(``--set data.difficulty=difficulty_even``, or copy its levels into your difficulty.toml).

``GENERATORS`` draw seeded alternatives to the data solo difficulty rests on most (the Lord
dice, the Ghosts, Spider Jack's cards, the Malice chart, the market costs): each keeps every
constraint the rulebook states of its kind (``constraints``, quoted) and no other, as rule
overrides (``Game.generated_overrides``); the readings catalogue marks the same entries
``generator``.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

from simlab.core.data import DataFile, DataGenerator
from simlab.errors import SimlabError, SimlabWarning
from simlab.games.monsters.actions import ACTION_NAMES, COLOURS, GHOST_COLOURS, MAX_ICONS
from simlab.games.monsters.rules import (
    DATA,
    MODIFIER_RANGE,
    MODIFIERS,
    N_AREAS,
    N_LEVELS,
    MonstersRules,
)

#: what the rulebook prints of each kind (quoted in the files and in the errors)
RB_DICE = "78 Lord Dice, 13 in each color"
RB_RANK = "increase a die above Rank '6' or below '1'"
RB_GHOSTS = "42 Ghost tokens"
RB_GAIN = ("When you buy a Ghost showing this icon, do not place the Ghost on a Grunt path space "
           "as normal; instead, place it on an empty matching-icon space")
RB_AREAS = "There are 12 Town areas marked from 1-12"
RB_PUBLIC = ("Town areas that show action icons are called Public areas. Town areas with no "
             "actions are called Neighborhood areas.")
RB_MALICE6 = "If the Rank is 6, gain 3 Malice"
RB_CAP = "Any Malice gained above 8 is lost!"
RB_MARKET = "Place 1 random face-up Ghost token above each marked spot ... (to place 5 in total)"
RB_CARDS = "30 Solo Cards"
RB_TEN = "Locate the 10 Spider Jack cards that show this color of die on their faces"
RB_LEVELS = "Easy: +0 ... +2; Normal: +3 ... +4; Difficult: +5 ... +6; Monstrous: +7"
RB_AREA4 = "Area 4: Promote or Demote a Lord"
RB_AREA8 = "Area 8: Swap 2 Lords"
RB_AREA12 = ("Area 12: Score 12 Spook Juice, then immediately move this Grunt to its starting "
             "position")
RB_MINION = "Each row has 2 Minion spaces, so each row will be scored twice during the game"
RB_PROPHECY = "12 Prophecy cards"
RB_PCAP = "Each Prophecy card can score a maximum of 50 Spook Juice"
RB_ARCH = "72 Arch Monster cards"

N_GHOSTS, N_SOLO, N_PROPHECY, N_ARCH, MALICE_CAP, MARKET = 42, 30, 12, 72, 8, 5
ICONS = ", ".join(ACTION_NAMES[:4]) + ", juice:N, " + ", ".join(ACTION_NAMES[5:])
#: a modifier value -> its Difficulty "+"s (rulebook: +1/+2 monsters, +2/+3 Ghosts, ...)
PLUSES = {"court_monsters": {0: 0, 1: 1, 2: 2}, "court_ghosts": {0: 0, 2: 2, 4: 3},
          "summoning": {0: 0, 1: 1}, "unscored": {0: 0, 1: 1, 2: 2}, "prophecy": {0: 0, 1: 1}}
#: family board neighborhoods (rulebook), area -> effect
FAMILY_ACTIONS = {"4": "promote", "8": "swap", "12": "juice_and_return"}


def _show(v) -> str:
    """A value as the designer typed it (TOML's true/false)."""
    if isinstance(v, bool):
        return str(v).lower()
    return repr(v)


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _shipped(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


# ------------------------------------------------------------------------ the checks' bricks
class _Errors(list):
    """Errors located in one file: ``add(entry, field, what, got)``."""

    def __init__(self, where: str):
        super().__init__()
        self.where = where

    def add(self, entry: str, what: str, got, field: str = ""):
        loc = f"{self.where}: {entry}" + (f": {field}" if field else "")
        self.append(f"{loc}: expected {what}, got {_show(got)}")

    def keys(self, data, known: tuple, entry: str = ""):
        """Unknown keys of a table."""
        if not isinstance(data, dict):
            return
        for k in data:
            if k not in known:
                self.add(f"{entry}.{k}" if entry else k,
                         f"only the entries {', '.join(known)}", k)


def _icon_problem(text) -> str | None:
    """Why ``text`` is not an action icon name (None when it is one)."""
    if not isinstance(text, str):
        return "an icon name (text)"
    t = text.strip().lower()
    if t.startswith("juice"):
        amount = t[5:].lstrip(":")
        return None if amount.isdigit() and 0 <= int(amount) <= 99 else \
            "juice:N with N 0..99 (Spook Juice)"
    return None if t in ACTION_NAMES else f"an icon: one of {ICONS}"


def _icons(err: _Errors, icons, entry: str, lo: int = 0, ghost: bool = False):
    """Check a list of icons; returns the "+"-joined text or None."""
    if not isinstance(icons, list) or not lo <= len(icons) <= MAX_ICONS:
        err.add(entry, f"a list of {lo} to {MAX_ICONS} icons ({ICONS})", icons, "icons")
        return None
    ok = True
    for i, icon in enumerate(icons):
        why = _icon_problem(icon)
        if why:
            err.add(entry, why, icon, f"icons[{i}]")
            ok = False
        elif icon.strip().lower() == "gain_grunt" and not ghost:
            err.add(entry, f"no gain_grunt (only Ghosts show it; rulebook: \"{RB_GAIN}\")",
                    icon, f"icons[{i}]")
            ok = False
    return "+".join(str(x) for x in icons) if ok else None


def _colour(err: _Errors, v, entry: str, names=COLOURS, field: str = "colour"):
    if not isinstance(v, str) or v.strip().lower() not in names:
        err.add(entry, f"a colour: one of {', '.join(names)}", v, field)
        return None
    return v.strip().lower()


def _int(err: _Errors, v, entry: str, lo: int, hi: int, field: str = "", why: str = ""):
    if not _whole(v) or not lo <= v <= hi:
        err.add(entry, f"a whole number {lo}..{hi}" + (f" ({why})" if why else ""), v, field)
        return None
    return v


def _elements(field: str, mine: tuple, default: tuple, path, element=None) -> dict:
    """Per-element overrides (``field.I``) of what changed, or ``data.KIND = file`` when the
    list changed length."""
    if len(mine) != len(default):
        return dict(path)
    return {(element(i) if element else f"{field}.{i}"): v
            for i, (v, d) in enumerate(zip(mine, default, strict=True)) if v != d}


def _resolved(where: str) -> str:
    return str(Path(where).resolve())


# ------------------------------------------------------------------------ headers
def _header(kind: str, *lines: str) -> str:
    top = [f"# simlab data monsters: {kind}.toml, exported from the data the game plays",
           f"# (simlab/games/monsters/data/{kind}.toml). Edit it to your real components, check it",
           "# with `simlab data monsters check FOLDER`, play with --data FOLDER (or data = \"FOLDER\"",
           "# in a scenario). What the rulebook states of it, checked:"]
    return "\n".join(top + [f"#   {x}" for x in lines]) + "\n#\n"


HEADERS = {
    "dice": _header(
        "dice", f"\"{RB_DICE}\": one table per colour ({', '.join(COLOURS)}), 6 faces each;",
        f"ranks 1..6 (\"{RB_RANK}\"); 0 to {MAX_ICONS} icons per face, no gain_grunt (Ghosts only).",
        "The faces themselves are ASSUMED (see below)."),
    "town": _header(
        "town", f"\"{RB_AREAS}\": 12 [[area]] tables, in path order;",
        f"\"{RB_PUBLIC}\": public = true exactly for the areas with an action icon;",
        "every space a colour and 0..4 icons (no gain_grunt); gain_grunt_spots 0..6;",
        "summon_track: the start spot then up to 11 spaces (\"\", \"summon\" or an icon).",
        "The layout is ASSUMED (see below)."),
    "malice": _header(
        "malice", f"chart: 6 values 0..20 for ranks 1..6; chart[5] = 3 (\"{RB_MALICE6}\");",
        f"cap = {MALICE_CAP} (\"{RB_CAP}\"). The other ranks are ASSUMED."),
    "market": _header(
        "market", f"5 positions per market (\"{RB_MARKET}\"); ghost_cost and arch_cost: 5",
        "costs 0..50 each, left to right. The costs are ASSUMED (printed on the main board)."),
    "ghosts": _header(
        "ghosts", f"\"{RB_GHOSTS}\": exactly {N_GHOSTS} [[ghost]] tables; a colour (or multi)",
        "and 1..4 icons; a gain_grunt Ghost has one colour and no other icon",
        f"(\"{RB_GAIN}\"). The list is ASSUMED."),
    "solo_cards": _header(
        "solo_cards", f"\"{RB_CARDS}\": exactly {N_SOLO} [[card]] tables of 3 symbols",
        "\"COLOUR:highest|lowest\" (white: no colour preference);",
        f"\"{RB_TEN}\": every colour on exactly 10 cards. The cards are ASSUMED."),
    "difficulty": _header(
        "difficulty", f"{N_LEVELS} [[level]] tables (levels 0..7), each modifier one of the",
        "rulebook's values: " + "; ".join(f"{m} {'/'.join(map(str, MODIFIER_RANGE[m]))}"
                                          for m in MODIFIERS) + ";",
        f"\"{RB_LEVELS}\": a level whose \"+\"s differ from its number is warned about",
        "(the ladder is ASSUMED; data/difficulty_even.toml is another ladder, used with",
        "--set data.difficulty=difficulty_even)."),
    "family": _header(
        "family", f"area_actions: 4 = promote (\"{RB_AREA4}\"), 8 = swap (\"{RB_AREA8}\"),",
        f"12 = juice_and_return (\"{RB_AREA12}\"); area12_juice = 12;",
        f"minion_spaces_per_row = [2, 2, 2] (\"{RB_MINION}\")."),
    "prophecy": _header(
        "prophecy", f"\"{RB_PROPHECY}\": exactly {N_PROPHECY} [[card]] tables, ids unique;",
        f"cap = 50 (\"{RB_PCAP}\"); every condition as cards.py documents it",
        "(kinds, spots, points). The cards are ASSUMED from the rulebook's partial descriptions."),
    "arch_monsters": _header(
        "arch_monsters", f"\"{RB_ARCH}\": exactly {N_ARCH} cards, ids unique; kinds the eight the",
        "rulebook prints; colours, points, thresholds and back actions as cards.py documents",
        "them. The list is ASSUMED (the rulebook prints the kinds, not the cards)."),
}


def _text(kind: str):
    def default_text() -> str:
        return HEADERS[kind] + _shipped(f"{kind}.toml")
    default_text.__doc__ = f"``{kind}.toml`` as the game reads it, under a checked-rules header."
    return default_text


# ------------------------------------------------------------------------ readers
def read_dice(data: dict, where: str):
    err = _Errors(where)
    err.keys(data, COLOURS)
    faces = []
    for c in COLOURS:
        table = data.get(c)
        if not isinstance(table, dict) or not isinstance(table.get("faces"), list) \
                or len(table["faces"]) != 6:
            err.add(c, f"6 faces ({{ rank = 1..6, icons = [...] }}; rulebook: \"{RB_DICE}\")",
                    table.get("faces") if isinstance(table, dict) else table, "faces")
            continue
        err.keys(table, ("faces",), c)
        for i, f in enumerate(table["faces"]):
            entry = f"{c}.faces[{i}]"
            if not isinstance(f, dict):
                err.add(entry, "a table { rank = N, icons = [...] }", f)
                continue
            err.keys(f, ("rank", "icons"), entry)
            rank = _int(err, f.get("rank"), entry, 1, 6, "rank", f"rulebook: \"{RB_RANK}\"")
            icons = _icons(err, f.get("icons"), entry)
            if rank is not None and icons is not None:
                faces.append(f"{rank}:{icons}")
    if err:
        return {}, list(err)
    default = MonstersRules().dice
    return _elements("dice", tuple(faces), default, {},
                     lambda i: f"dice.{COLOURS[i // 6]}.{i % 6}"), []


def read_town(data: dict, where: str):
    err = _Errors(where)
    err.keys(data, ("gain_grunt_spots", "summon_track", "area"))
    spots = _int(err, data.get("gain_grunt_spots"), "gain_grunt_spots", 0, 6)
    track = data.get("summon_track")
    if not isinstance(track, list) or not 1 <= len(track) <= 12:
        err.add("summon_track", "a list of 1 to 12 entries (the start spot first)", track)
    else:
        for i, t in enumerate(track):
            if not isinstance(t, str) or (t.strip() not in ("", "summon")
                                          and _icon_problem(t) is not None):
                err.add(f"summon_track[{i}]", f"\"\", \"summon\" or an icon ({ICONS})", t)
            elif t.strip().lower() == "gain_grunt":
                err.add(f"summon_track[{i}]", "no gain_grunt (only Ghosts show it)", t)
    areas = data.get("area")
    spaces, public = [], []
    if not isinstance(areas, list) or len(areas) != N_AREAS:
        err.add("area", f"{N_AREAS} [[area]] tables (rulebook: \"{RB_AREAS}\")",
                f"{len(areas)} areas" if isinstance(areas, list) else areas)
        areas = areas if isinstance(areas, list) else []
    for a, area in enumerate(areas):
        entry = f"area[{a}] (area {a + 1})"
        if not isinstance(area, dict):
            err.add(entry, "a table with public and spaces", area)
            continue
        err.keys(area, ("public", "spaces"), entry)
        pub = area.get("public")
        if not isinstance(pub, bool):
            err.add(entry, "true or false", pub, "public")
        sp = area.get("spaces")
        if not isinstance(sp, list) or not sp:
            err.add(entry, "a list of spaces { colour = ..., icons = [...] }", sp, "spaces")
            continue
        any_icon = False
        for s, space in enumerate(sp):
            se = f"{entry}.spaces[{s}]"
            if not isinstance(space, dict):
                err.add(se, "a table { colour = ..., icons = [...] }", space)
                continue
            err.keys(space, ("colour", "icons"), se)
            col = _colour(err, space.get("colour"), se)
            icons = _icons(err, space.get("icons"), se)
            if icons:
                any_icon = True
            if col is not None and icons is not None:
                spaces.append(f"{a + 1}:{col}:{icons}")
        if isinstance(pub, bool) and pub != any_icon:
            err.add(entry, f"public = {str(any_icon).lower()} (rulebook: \"{RB_PUBLIC}\")", pub,
                    "public")
        public.append(pub)
    if not 6 <= len(spaces) <= 120 and not err:
        err.add("area", "6 to 120 Town spaces in all", len(spaces))
    if err:
        return {}, list(err)
    d = MonstersRules()
    path = {"data.town": _resolved(where)}
    if len(spaces) != len(d.town) or len(track) != len(d.summon_track):
        return path, []
    ov = _elements("town", tuple(spaces), d.town, path)
    ov.update(_elements("area_public", tuple(public), d.area_public, path))
    ov.update(_elements("summon_track", tuple(str(t) for t in track), d.summon_track, path))
    if spots != d.gain_grunt_spots:
        ov["gain_grunt_spots"] = spots
    return ov, []


def read_malice(data: dict, where: str):
    err = _Errors(where)
    err.keys(data, ("chart", "cap"))
    chart = data.get("chart")
    if not isinstance(chart, list) or len(chart) != 6:
        err.add("chart", "6 values, the Malice for ranks 1..6", chart)
    else:
        for i, v in enumerate(chart):
            _int(err, v, f"chart[{i}]", 0, 20, why=f"Malice for rank {i + 1}")
        if not err and chart[5] != 3:
            err.add("chart[5]", f"3 for rank 6 (rulebook: \"{RB_MALICE6}\")", chart[5])
    cap = data.get("cap")
    if cap != MALICE_CAP or not _whole(cap):
        err.add("cap", f"{MALICE_CAP} (rulebook: \"{RB_CAP}\")", cap)
    if err:
        return {}, list(err)
    d = MonstersRules()
    return _elements("malice_chart", tuple(chart), d.malice_chart, {}), []


def read_market(data: dict, where: str):
    err = _Errors(where)
    err.keys(data, ("ghost_cost", "arch_cost"))
    d = MonstersRules()
    ov = {}
    for name in ("ghost_cost", "arch_cost"):
        v = data.get(name)
        if not isinstance(v, list) or len(v) != MARKET:
            err.add(name, f"{MARKET} costs, left to right (rulebook: \"{RB_MARKET}\")", v)
            continue
        if all(_int(err, x, f"{name}[{i}]", 0, 50) is not None for i, x in enumerate(v)):
            ov.update(_elements(name, tuple(v), getattr(d, name), {}))
    return ({}, list(err)) if err else (ov, [])


def read_ghosts(data: dict, where: str):
    err = _Errors(where)
    err.keys(data, ("ghost",))
    raw = data.get("ghost")
    if not isinstance(raw, list) or len(raw) != N_GHOSTS:
        err.add("ghost", f"{N_GHOSTS} [[ghost]] tables (rulebook: \"{RB_GHOSTS}\")",
                f"{len(raw)} Ghosts" if isinstance(raw, list) else raw)
        raw = raw if isinstance(raw, list) else []
    ghosts = []
    for i, g in enumerate(raw):
        entry = f"ghost[{i}]"
        if not isinstance(g, dict):
            err.add(entry, "a table { colour = ..., icons = [...] }", g)
            continue
        err.keys(g, ("colour", "icons"), entry)
        col = _colour(err, g.get("colour"), entry, GHOST_COLOURS)
        icons = _icons(err, g.get("icons"), entry, lo=1, ghost=True)
        if col is None or icons is None:
            continue
        if "gain_grunt" in icons.lower().split("+") and (icons.count("+") or col == "multi"):
            err.add(entry, f"a gain_grunt Ghost of one colour with no other icon (rulebook: "
                           f"\"{RB_GAIN}\")", f"{col}: {icons}", "icons")
            continue
        ghosts.append(f"{col}:{icons}")
    if err:
        return {}, list(err)
    return _elements("ghosts", tuple(ghosts), MonstersRules().ghosts,
                     {"data.ghosts": _resolved(where)}), []


def read_solo_cards(data: dict, where: str):
    err = _Errors(where)
    err.keys(data, ("card",))
    raw = data.get("card")
    if not isinstance(raw, list) or len(raw) != N_SOLO:
        err.add("card", f"{N_SOLO} [[card]] tables (rulebook: \"{RB_CARDS}\")",
                f"{len(raw)} cards" if isinstance(raw, list) else raw)
        raw = raw if isinstance(raw, list) else []
    cards, shows = [], dict.fromkeys(COLOURS, 0)
    for i, c in enumerate(raw):
        entry = f"card[{i}] (card {i + 1})"
        if not isinstance(c, dict):
            err.add(entry, "a table { symbols = [...] }", c)
            continue
        err.keys(c, ("symbols",), entry)
        syms = c.get("symbols")
        if not isinstance(syms, list) or len(syms) != 3:
            err.add(entry, "3 symbols \"COLOUR:highest|lowest\" (first, second, third pick)",
                    syms, "symbols")
            continue
        ok, seen = True, set()
        for k, s in enumerate(syms):
            col, _, hl = str(s).partition(":")
            col, hl = col.strip().lower(), hl.strip().lower()
            if not isinstance(s, str) or col not in COLOURS + ("white",) or \
                    hl not in ("highest", "lowest"):
                err.add(entry, "COLOUR:highest or COLOUR:lowest, COLOUR one of "
                               f"{', '.join(COLOURS)} or white", s, f"symbols[{k}]")
                ok = False
            elif col != "white":
                seen.add(col)
        if ok:
            cards.append("/".join(str(s).strip().lower() for s in syms))
            for col in seen:
                shows[col] += 1
    if not err:
        for col, n in shows.items():
            if n != 10:
                err.add(f"card (colour {col})", f"{col} on 10 cards (rulebook: \"{RB_TEN}\")",
                        f"{n} cards")
    if err:
        return {}, list(err)
    return _elements("solo_cards", tuple(cards), MonstersRules().solo_cards,
                     {"data.solo_cards": _resolved(where)}), []


def _pluses(level: dict) -> int:
    return sum(PLUSES[m][level[m]] for m in MODIFIERS)


def read_difficulty(data: dict, where: str):
    err = _Errors(where)
    err.keys(data, ("level",))
    raw = data.get("level")
    if not isinstance(raw, list) or len(raw) != N_LEVELS:
        err.add("level", f"{N_LEVELS} [[level]] tables, levels 0..{N_LEVELS - 1}",
                f"{len(raw)} levels" if isinstance(raw, list) else raw)
        raw = raw if isinstance(raw, list) else []
    levels, odd = [], []
    for i, lv in enumerate(raw):
        entry = f"level[{i}] (level {i})"
        if not isinstance(lv, dict):
            err.add(entry, f"a table of the modifiers {', '.join(MODIFIERS)}", lv)
            continue
        err.keys(lv, MODIFIERS, entry)
        ok = True
        for m in MODIFIERS:
            v = lv.get(m)
            if not _whole(v) or v not in MODIFIER_RANGE[m]:
                err.add(entry, f"one of {', '.join(map(str, MODIFIER_RANGE[m]))}", v, m)
                ok = False
        if ok:
            levels.append("/".join(f"{m}={lv[m]}" for m in MODIFIERS))
            if _pluses(lv) != i:
                odd.append(f"level {i} is worth {_pluses(lv)} \"+\"s")
    if err:
        return {}, list(err)
    if odd:
        warnings.warn(f"{where}: the rulebook names the levels by their \"+\"s ({RB_LEVELS}): "
                      + "; ".join(odd), SimlabWarning, stacklevel=2)
    return _elements("difficulty_levels", tuple(levels), MonstersRules().difficulty_levels,
                     {}), []


def read_family(data: dict, where: str):
    err = _Errors(where)
    err.keys(data, ("area_actions", "area12_juice", "minion_spaces_per_row"))
    acts = data.get("area_actions")
    quotes = {"4": RB_AREA4, "8": RB_AREA8, "12": RB_AREA12}
    if not isinstance(acts, dict):
        err.add("area_actions", "a table { 4 = \"promote\", 8 = \"swap\", "
                                "12 = \"juice_and_return\" }", acts)
    else:
        for k in acts:
            if k not in FAMILY_ACTIONS:
                err.add(f"area_actions.{k}", "only the neighborhoods 4, 8 and 12", k)
        for k, v in FAMILY_ACTIONS.items():
            if acts.get(k) != v:
                err.add(f"area_actions.{k}", f"\"{v}\" (rulebook: \"{quotes[k]}\")", acts.get(k))
    if data.get("area12_juice") != 12 or not _whole(data.get("area12_juice")):
        err.add("area12_juice", f"12 (rulebook: \"{RB_AREA12}\")", data.get("area12_juice"))
    if data.get("minion_spaces_per_row") != [2, 2, 2]:
        err.add("minion_spaces_per_row", f"[2, 2, 2] (rulebook: \"{RB_MINION}\")",
                data.get("minion_spaces_per_row"))
    return ({}, list(err)) if err else ({}, [])


_CARD_ERR = re.compile(r"^(?P<head>.*?: card (?P<id>\S+?))(?P<rest>(,.*)?:.*)$")


def _card_message(msg: str, where: str, i: int, cid) -> str:
    """cards.py's message (``FILE: card 3, condition 2, field 'kind': expected ...``) in the
    workbench's form ``FILE: card[i] (id 3): condition 2: kind: expected ...``."""
    msg = msg.removeprefix(f"{where}: ").removeprefix(f"{where}: ")
    msg = re.sub(r"^card #?\S+?(,|:)", "", msg).strip(" ,:")
    msg = re.sub(r"(^|,)\s*field '([^']+)'", r": \2", msg).lstrip(": ")
    return f"{where}: card[{i}] (id {cid}): {msg}"


def _read_cards(data: dict, where: str, parse, n: int, rb: str, top: tuple, extra=None):
    from simlab.games.monsters.cards import load_cards

    err = _Errors(where)
    err.keys(data, top)
    raw = data.get("card")
    if not isinstance(raw, list) or len(raw) != n:
        err.add("card", f"{n} cards (rulebook: \"{rb}\")",
                f"{len(raw)} cards" if isinstance(raw, list) else raw)
        raw = raw if isinstance(raw, list) else []
    ids = {}
    for i, c in enumerate(raw):
        if not isinstance(c, dict):
            err.add(f"card[{i}]", "a table", c)
            continue
        one = {k: v for k, v in data.items() if k != "card"}
        one["card"] = [dict(c, id=c.get("id", i + 1))]
        try:
            parse(one, where)
        except SimlabError as e:
            err.append(_card_message(str(e), where, i, one["card"][0]["id"]))
            continue
        cid = one["card"][0]["id"]
        if cid in ids:
            err.add(f"card[{i}]", f"an id of its own (card[{ids[cid]}] has it too)", cid, "id")
        ids.setdefault(cid, i)
    if extra:
        extra(err, data)
    if err:
        return None, list(err)
    return load_cards(), []


def read_prophecy(data: dict, where: str):
    from simlab.games.monsters.cards import parse_prophecy

    def cap(err, d):
        if d.get("cap") != 50 or not _whole(d.get("cap")):
            err.add("cap", f"50 (rulebook: \"{RB_PCAP}\")", d.get("cap"))

    shipped, errs = _read_cards(data, where, parse_prophecy, N_PROPHECY, RB_PROPHECY,
                                ("cap", "card"), cap)
    if errs:
        return {}, errs
    _cap, cards = parse_prophecy(data, where)
    if cards == shipped.prophecy:
        return {}, []
    return {"data.prophecy": _resolved(where)}, []


def read_arch(data: dict, where: str):
    from simlab.games.monsters.cards import parse_arch_monsters

    shipped, errs = _read_cards(data, where, parse_arch_monsters, N_ARCH, RB_ARCH, ("card",))
    if errs:
        return {}, errs
    if parse_arch_monsters(data, where) == shipped.arch:
        return {}, []
    return {"data.arch_monsters": _resolved(where)}, []


FILES = [
    DataFile("dice.toml", "the 6 faces of the Lord dice of each colour", _text("dice"),
             read_dice),
    DataFile("town.toml", "the Town track: 12 areas of coloured spaces and their icons, the "
             "gain-Grunt spots, the Summoning track", _text("town"), read_town),
    DataFile("malice.toml", "the Malice chart (Malice by rank of the 4th die) and its cap",
             _text("malice"), read_malice),
    DataFile("market.toml", "the Ghost and Arch Monster costs by market position",
             _text("market"), read_market),
    DataFile("ghosts.toml", "the 42 Ghost tokens: colour and icons", _text("ghosts"),
             read_ghosts),
    DataFile("solo_cards.toml", "the 30 Spider Jack solo cards: three selection symbols each",
             _text("solo_cards"), read_solo_cards),
    DataFile("difficulty.toml", "solo mode 2: the modifiers of difficulty levels 0..7",
             _text("difficulty"), read_difficulty),
    DataFile("family.toml", "family mode: the neighborhoods' effects, area 12's Spook Juice, "
             "the Minion spaces per row", _text("family"), read_family),
    DataFile("prophecy.toml", "the 12 Prophecy cards and their scoring conditions",
             _text("prophecy"), read_prophecy),
    DataFile("arch_monsters.toml", "the 72 Arch Monster cards: kind, colours, back action",
             _text("arch_monsters"), read_arch),
]


#: the reader of each kind the rules load with ``data.KIND = FILE`` (``rules.load_data``,
#: ``cards.load_cards``)
READERS = {f.name.removesuffix(".toml"): f.read for f in FILES}


def located_errors(kind: str, data, where: str) -> list[str]:
    """What is wrong with a parsed data file of ``kind``, each error located
    ``"<file>: <entry>: <field>: expected ..., got ..."`` (the ``check`` of its ``FILES``
    entry); ``MonstersGame.make_rules`` adds them to the rules' error when the rules refuse a
    ``data.KIND = FILE`` override (the rules name the field, not the file's entry)."""
    read = READERS.get(kind)
    if read is None or not isinstance(data, dict):
        return []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return read(data, where)[1]


# ------------------------------------------------------------------ generators (issue 39)
# Seeded alternatives to the assumed data a headline figure rests on (solo difficulty: Spider
# Jack's cards and Ghosts, the dice, the Malice chart, the market costs). Each draw keeps every
# constraint the rulebook states of its kind (quoted) and no other: the shipped files keep
# more (named in ``default``). Where the rulebook bounds nothing, a draw needs a distribution;
# each says which values it draws, and that the rulebook allows others.
def _rng(seed: int, salt: int):
    import numpy as np

    return np.random.default_rng([int(seed), salt])


_DIE_ICONS = ("swap", "promote", "minion", "grunt", "juice", "call", "feed", "malice")


def _icon_text(rng, names, lo: int, hi: int) -> str:
    """lo..hi icons drawn uniformly from ``names`` (juice amounts 1..5)."""
    out = []
    for _ in range(int(rng.integers(lo, hi + 1))):
        a = names[int(rng.integers(len(names)))]
        out.append(f"juice:{int(rng.integers(1, 6))}" if a == "juice" else a)
    return "+".join(out)


def draw_dice(seed: int, players: int) -> dict:
    """Lord die faces: every face a rank 1..6 and 0..3 icons of the dice's actions."""
    rng = _rng(seed, 1)
    return {f"dice.{c}.{i}": f"{int(rng.integers(1, 7))}:{_icon_text(rng, _DIE_ICONS, 0, 3)}"
            for c in COLOURS for i in range(6)}


def draw_ghosts(seed: int, players: int) -> dict:
    """42 Ghosts: a colour of the six or multi-coloured; 1..2 action icons, or (at least one
    Ghost) the gain-Grunt icon alone on a single-coloured Ghost."""
    rng = _rng(seed, 2)
    gain = set(int(x) for x in rng.choice(N_GHOSTS, int(rng.integers(1, 13)), replace=False))
    out = {}
    for i in range(N_GHOSTS):
        if i in gain:
            out[f"ghosts.{i}"] = f"{COLOURS[int(rng.integers(6))]}:gain_grunt"
        else:
            col = GHOST_COLOURS[int(rng.integers(len(GHOST_COLOURS)))]
            out[f"ghosts.{i}"] = f"{col}:{_icon_text(rng, _DIE_ICONS, 1, 2)}"
    return out


def draw_solo_cards(seed: int, players: int) -> dict:
    """30 cards of three symbols (a colour or white, highest or lowest), every colour shown on
    exactly 10 cards: the colours of each card drawn so (column sums 10, at most 3 colours a
    card), then its symbols (its colours once each, the other places white or one of its
    colours again, in a random order)."""
    import numpy as np

    rng = _rng(seed, 3)
    while True:  # 10 cards per colour, at most 3 colours per card (rejection: rarely repeats)
        shows = np.zeros((N_SOLO, 6), bool)
        ok = True
        for c in rng.permutation(6):
            room = np.flatnonzero(shows.sum(axis=1) < 3)
            if len(room) < 10:
                ok = False
                break
            shows[rng.choice(room, 10, replace=False), c] = True
        if ok:
            break
    out = {}
    for i in range(N_SOLO):
        cols = [COLOURS[c] for c in np.flatnonzero(shows[i])]
        syms = cols + [(["white"] + cols)[int(rng.integers(len(cols) + 1))]
                       for _ in range(3 - len(cols))]
        syms = [syms[k] for k in rng.permutation(3)]
        out[f"solo_cards.{i}"] = "/".join(f"{s}:{('lowest', 'highest')[int(rng.integers(2))]}"
                                          for s in syms)
    return out


def draw_malice_chart(seed: int, players: int) -> dict:
    """Malice for ranks 1..5 drawn from 0..8 (rank 6 gives 3)."""
    rng = _rng(seed, 4)
    return {f"malice_chart.{i}": int(rng.integers(0, MALICE_CAP + 1)) for i in range(5)}


def _draw_costs(name: str, salt: int):
    def draw(seed: int, players: int) -> dict:
        rng = _rng(seed, salt)
        return {f"{name}.{i}": int(rng.integers(1, MALICE_CAP + 1)) for i in range(MARKET)}

    draw.__doc__ = f"{name}: each of the 5 market positions a cost drawn from 1..8 Malice."
    return draw


#: the constraints the rulebook states, per generator (quoted, with where)
C_DICE = (f"13 dice of each colour, all of a colour alike (\"{RB_DICE}\", Components; one face "
          "table per colour is the data's format)",
          f"ranks 1..6 (Promote or Demote: \"You cannot: {RB_RANK}\")",
          "icons are the back page's actions; never Gain 1 Grunt (\"This icon can only be found "
          "on Ghosts\", Actions)")
C_GHOSTS = (f"{N_GHOSTS} Ghosts (\"{RB_GHOSTS}\", Components)",
            "each of one colour or multi-coloured (\"Multi-colored Ghosts can be placed on any "
            "color Grunt space\", Buy one Ghost token)",
            "each shows action icons (\"Perform the Action(s) each Grunt just ended their "
            "movement on (those printed on the board or on Ghosts\", Grunt Movement Phase)",
            "at least one shows the gain-Grunt icon, alone, on a Ghost of one colour (\"Ghosts "
            "do nothing when you place them, except for one: ... place a new matching-colored "
            "Grunt on top of the Ghost\", Buy one Ghost token)")
C_SOLO = (f"{N_SOLO} cards (\"{RB_CARDS}\", Components)",
          "three symbols a card, for the first, second and third pick (\"Use the first symbol "
          "(the furthest left) for the first selection, the middle symbol for the second "
          "selection, the third (rightmost) symbol for the third selection\", Solo Mode 2)",
          "each symbol a colour or white, and highest or lowest (\"Color matching current "
          "selection symbol (White means no color preference)\"; \"Rank - highest or lowest - "
          "based on current selection symbol\", Drafting Dice)",
          f"every colour on exactly 10 cards (\"{RB_TEN} (Return the remaining 20 Spider Jack "
          "cards to the box)\", Solo Mode 2 setup)")
C_MALICE = (f"rank 6 gives 3 Malice (\"For example: {RB_MALICE6}\", Swamp-Jack Phase)",
            "Malice by the die's rank, from a chart (\"gain Malice based on the die's Rank "
            "(its number), according to the chart\", Swamp-Jack Phase)")
C_COST = ("a cost in Malice per market position (\"Lower your Malice tracker by the value shown "
          "directly below [above] your chosen Ghost [Arch Monster]\", Spook Phase)",
          "5 positions (\"to place 5 in total\", Main Board Setup)")

GENERATORS = [
    DataGenerator("dice", "Lord die faces: random ranks 1..6 and 0..3 icons a face", C_DICE,
                  draw_dice, "dice.toml: each colour has the ranks 1..6 once, low ranks carry "
                  "more icons, a theme per colour (not stated); draws: ranks uniform, 0..3 "
                  "icons (as many as a shipped face shows at most; the rulebook bounds none) "
                  "uniform over the dice's 8 actions, juice 1..5 (the rulebook pictures 5)"),
    DataGenerator("ghosts", "42 Ghosts: random colours (multi included) and icons", C_GHOSTS,
                  draw_ghosts, "ghosts.toml: 6 per colour (one gain-Grunt each) and 6 "
                  "multi-coloured (not stated); draws: 1..12 gain-Grunt Ghosts, the others' "
                  "colours uniform over the 7, 1..2 icons (as many as a shipped Ghost shows), "
                  "juice 1..5"),
    DataGenerator("solo_cards", "30 Spider Jack cards: random symbols, every colour on 10 cards",
                  C_SOLO, draw_solo_cards, "solo_cards.toml: each pair of colours on two cards, "
                  "two colours and one white symbol a card (not stated); draws: any colour "
                  "sets of at most 3 with the column sums 10, symbols and highest/lowest "
                  "uniform"),
    DataGenerator("malice_chart", "the Malice chart: ranks 1..5 random, rank 6 -> 3", C_MALICE,
                  draw_malice_chart, "malice.toml: 1, 1, 2, 2, 3, 3, rising with the rank (not "
                  "stated); draws: 0..8 each (the cap; more is allowed and would be lost)"),
    DataGenerator("ghost_cost", "Ghost costs by market position: random 1..8", C_COST,
                  _draw_costs("ghost_cost", 5), "market.toml: 3, 2, 2, 1, 1 (newest dearest, "
                  "not stated); draws: 1..8 each (0 and more than 8 are allowed, not drawn)"),
    DataGenerator("arch_cost", "Arch Monster costs by market position: random 1..8", C_COST,
                  _draw_costs("arch_cost", 6), "market.toml: 5, 4, 4, 3, 3 (not stated); draws: "
                  "1..8 each (0 and more than 8 are allowed, not drawn)"),
]
