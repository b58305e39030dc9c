"""Monsters on Board: Prophecy cards and Arch Monster cards as frozen, validated dataclasses.

The rulebook describes the 12 Prophecy cards only in part and prints none of the 72 Arch Monster
cards, so the shipped lists are *assumed* data (``data/prophecy.toml``,
``data/arch_monsters.toml``, every entry commented there). A designer replaces either file from a
scenario; :func:`load_cards` validates it and :meth:`Cards.to_arrays` turns it into the arrays the
kernels of ``scoring.py`` read (kernels never read TOML).

Prophecy cards are lists of *conditions* from a small catalogue (``CONDITION_KINDS``), so the
data file is the truth and the kernel is generic. A condition reads one *line* of the Order of
Spider Jack: a row (``axis = "row"``; rows are interchangeable, the best assignment of rows to
conditions is chosen) or the column at its own position (``axis = "column"``). Spots of a line
are numbered from 0: left to right in a row (up to 6), top to bottom in a column (3).

Condition kinds (fields in brackets; ``points`` is what the condition gains):

- ``pattern`` [ranks or patterns, colours]: the shown rank / colour at each shown spot
  (``0``/``"any"``: no requirement at that spot; a spot with no requirement needs no die);
  ``patterns`` instead of ``ranks`` lists alternative rank patterns (at most ``MAX_PATTERNS``,
  each read with the same ``colours``): the condition is met when any one of them is, on its
  line, and still gains its points once (card 01's ``[[6, 5, 4, 3], [3, 4, 5, 6]]``:
  "Ascending/Descending Ranks"); its progress is the best alternative's;
- ``of_a_kind`` [counts, points]: the most dice of one rank in the line; ``counts = [3, 4]`` and
  ``points = [4, 6]`` gain 4 for three of a kind, 6 for four (a larger count gains the entry of
  the largest listed count not above it);
- ``same_colour`` [span]: every die in the scope has one colour;
- ``all_match`` [colour and/or rank]: every die in the scope has that colour and/or rank;
- ``sum`` [lo, hi]: the rank total of the scope lies in ``lo..hi`` (``lo = hi``: exact total);
- ``colours`` [n]: exactly ``n`` different colours in the scope;
- ``alternate``: no two neighbouring dice of the scope are both even or both odd;
- ``equation`` [spots, op]: ``rank(a) op rank(b) = rank(c)`` for ``spots = [a, b, c]``, ``op``
  ``"+"`` or ``"*"`` (numbers do not wrap);
- ``groups`` [width, lo, hi, counts, points] (columns only, card 02): the columns are cut into
  groups of ``width`` neighbouring columns; a group meets the requirement when all its spots hold
  a die and its rank total lies in ``lo..hi``; the gain is by the number of groups that do.

The *scope* of a line condition: ``span = k > 0`` is the first ``k`` spots, each of which must
hold a kept die; ``span = 0`` is every kept die of the line, of which there must be at least
``min_dice``. Defaults: rows ``span = 0, min_dice = 1``; columns ``span = 3`` (the whole column,
so a column with a trimmed or missing die never scores: *assumed*).

A card is either a row card or a column card (mixing is rejected: a row and a column always
share a die, and each die may serve one condition only). Conditions of a column card that read
the same column exclude each other (the best choice is made).

Arch Monster kinds (rulebook "Arch Monster Cards"; ``points`` and ``threshold`` default to the
printed numbers): ``adjacent_pair`` (2 per orthogonally adjacent pair of kept dice of colours
``a`` and ``b``), ``spooked`` (``points`` x the area number of each Grunt of the colour: start 0,
final area 13), ``ghosts_in_neighborhoods`` (3 per Ghost on a neighborhood space),
``ghosts_in_one_neighborhood`` (8 once for 2+ Ghosts in one neighborhood),
``adjacent_columns`` (12 once if two neighbouring columns of kept dice total 30+),
``minions_in_one_neighborhood`` (10 once for 3+ Minions in one neighborhood), ``single_grunt``
(one Grunt of the colour in the final area gains 5 per matching die instead of 3),
``row_colour`` (10 once for 3+ kept dice of the colour in one row). Each card has a ``back``
action (``simlab.games.monsters.actions`` names, ``juice:N``) used when it is discarded.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import NamedTuple

import numpy as np

from simlab.errors import SimlabError
from simlab.games.monsters.actions import A_GAIN_GRUNT, A_MALICE, COLOURS, parse_icon

N_ROWS = 3
N_COLS = 6
MAX_COND = 8          #: conditions per Prophecy card (after expanding column lists)
MAX_PATTERNS = 4      #: alternative rank patterns of one ``pattern`` condition
MAX_ARCH_PER_DIE = 20  #: upper bound for a single-Grunt card's per-die gain

CONDITION_KINDS = ("pattern", "of_a_kind", "same_colour", "all_match", "sum", "colours",
                   "alternate", "equation", "groups")
(K_PATTERN, K_OF_A_KIND, K_SAME_COLOUR, K_ALL_MATCH, K_SUM, K_COLOURS, K_ALTERNATE, K_EQUATION,
 K_GROUPS) = range(9)
AX_ROW, AX_COL = 0, 1
OPS = ("+", "*")
OP_ADD, OP_MUL = 0, 1

ARCH_KINDS = ("adjacent_pair", "spooked", "ghosts_in_neighborhoods", "ghosts_in_one_neighborhood",
              "adjacent_columns", "minions_in_one_neighborhood", "single_grunt", "row_colour")
(M_ADJ_PAIR, M_SPOOKED, M_GHOSTS, M_GHOSTS_ONE, M_ADJ_COLUMNS, M_MINIONS_ONE, M_SINGLE_GRUNT,
 M_ROW_COLOUR) = range(8)
#: printed (rulebook) points and threshold of each kind, the defaults of a card
ARCH_DEFAULTS = {"adjacent_pair": (2, 0), "spooked": (1, 0), "ghosts_in_neighborhoods": (3, 0),
                 "ghosts_in_one_neighborhood": (8, 2), "adjacent_columns": (12, 30),
                 "minions_in_one_neighborhood": (10, 3), "single_grunt": (5, 0),
                 "row_colour": (10, 3)}
#: number of colours a kind names
ARCH_COLOURS = {"adjacent_pair": 2, "spooked": 1, "single_grunt": 1, "row_colour": 1}

_DATA = "simlab.games.monsters"


def _colour(v, what: str, allow_any: bool = False) -> int:
    if allow_any and (v is None or v in ("any", "")):
        return -1
    if isinstance(v, str) and v.lower() in COLOURS:
        return COLOURS.index(v.lower())
    raise SimlabError(f"{what}: expected a colour ({', '.join(COLOURS)}"
                      f"{' or any' if allow_any else ''}), got {v!r}")


def _int(v, what: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int | np.integer) or not lo <= v <= hi:
        raise SimlabError(f"{what}: expected an integer {lo}..{hi}, got {v!r}")
    return int(v)


def _ints(v, what: str, lo: int, hi: int, n_min: int = 0, n_max: int = 6) -> tuple[int, ...]:
    if not isinstance(v, list | tuple) or not n_min <= len(v) <= n_max:
        raise SimlabError(f"{what}: expected a list of {n_min} to {n_max} integers, got {v!r}")
    return tuple(_int(x, f"{what}[{i}]", lo, hi) for i, x in enumerate(v))


# ---------------------------------------------------------------------------------------------
# Prophecy cards


@dataclass(frozen=True)
class Condition:
    """One scoring condition of a Prophecy card (see the module doc for the kinds).

    Attributes
    ----------
    kind : str
        One of ``CONDITION_KINDS``.
    axis : str
        ``"row"`` (any row, rows interchangeable) or ``"column"`` (the column at ``column``).
    column : int
        0..5 for a column condition, -1 for a row condition.
    points : int
        Spook Juice gained (kinds other than ``of_a_kind`` and ``groups``).
    counts, count_points : tuple of int
        ``of_a_kind`` / ``groups``: gain ``count_points[i]`` from ``counts[i]`` dice / groups on.
    span, min_dice : int
        Scope of the line (see the module doc).
    spot_colours, spot_ranks : tuple of int
        ``pattern``: per spot, colour id or -1 (any), rank 1..6 or 0 (any).
    patterns : tuple of tuple of int
        ``pattern``: alternative rank patterns (instead of ``spot_ranks``), each per spot 1..6
        or 0 (any) and read with ``spot_colours``; the condition is met when any one is.
    colour, rank : int
        ``all_match``: colour id or -1, rank or 0 (at least one given).
    lo, hi : int
        ``sum`` and ``groups``: rank total range.
    n : int
        ``colours``: exact number of colours.
    spots : tuple of int
        ``equation``: the spots ``a, b, c`` of ``a op b = c``.
    op : str
        ``equation``: ``"+"`` or ``"*"``.
    width : int
        ``groups``: neighbouring columns per group (1, 2, 3 or 6).
    """

    kind: str
    axis: str = "row"
    column: int = -1
    points: int = 0
    counts: tuple[int, ...] = ()
    count_points: tuple[int, ...] = ()
    span: int = 0
    min_dice: int = 1
    spot_colours: tuple[int, ...] = ()
    spot_ranks: tuple[int, ...] = ()
    patterns: tuple[tuple[int, ...], ...] = ()
    colour: int = -1
    rank: int = 0
    lo: int = 0
    hi: int = 36
    n: int = 0
    spots: tuple[int, ...] = ()
    op: str = "+"
    width: int = 2

    def __post_init__(self):
        def bad(name, what, got):
            raise SimlabError(f"field '{name}': expected {what}, got {got!r}")

        if self.kind not in CONDITION_KINDS:
            bad("kind", f"one of {', '.join(CONDITION_KINDS)}", self.kind)
        if self.axis not in ("row", "column"):
            bad("axis", "'row' or 'column'", self.axis)
        length = N_COLS if self.axis == "row" else N_ROWS
        if self.axis == "row" and self.column != -1:
            bad("column", "no column for a row condition", self.column)
        if self.axis == "column" and not 0 <= self.column < N_COLS:
            bad("column", "a column 0..5", self.column)
        if self.kind == "groups" and self.axis != "column":
            bad("axis", "'column' for kind 'groups'", self.axis)
        if not 0 <= self.span <= length:
            bad("span", f"0..{length} spots", self.span)
        if not 1 <= self.min_dice <= length:
            bad("min_dice", f"1..{length} dice", self.min_dice)
        if self.kind in ("of_a_kind", "groups"):
            top = N_COLS // self.width if self.kind == "groups" and self.width in (1, 2, 3, 6) \
                else length
            if not self.counts or len(self.counts) != len(self.count_points):
                bad("counts", "a non-empty list as long as 'points'", self.counts)
            if list(self.counts) != sorted(set(self.counts)) or not 1 <= self.counts[0] or \
                    self.counts[-1] > top:
                bad("counts", f"increasing counts 1..{top}", self.counts)
            if min(self.count_points) < 0 or max(self.count_points) > 100:
                bad("points", "points 0..100", self.count_points)
        elif not 0 <= self.points <= 100:
            bad("points", "0..100", self.points)
        if self.patterns and self.kind != "pattern":
            bad("patterns", "no patterns except for kind 'pattern'", self.patterns)
        if self.kind == "pattern":
            if self.patterns and self.spot_ranks:
                bad("patterns", "either 'ranks' or 'patterns', not both",
                    (self.spot_ranks, self.patterns))
            if not 1 <= len(self.rank_patterns) <= MAX_PATTERNS:
                bad("patterns", f"1..{MAX_PATTERNS} rank patterns", self.patterns)
            nc = len(self.spot_colours)
            for ranks in self.rank_patterns:
                nr = len(ranks)
                if max(nc, nr) > length or (nc and nr and nc != nr):
                    bad("ranks", f"ranks/colours lists of the same length, at most {length} "
                        f"spots", (ranks, self.spot_colours))
                if not any(c >= 0 for c in self.spot_colours) and not any(ranks):
                    bad("ranks", "at least one spot with a rank or a colour",
                        (ranks, self.spot_colours))
                if any(not -1 <= c < len(COLOURS) for c in self.spot_colours) or \
                        any(not 0 <= r <= 6 for r in ranks):
                    bad("ranks", "ranks 0..6 and colours (or any)", (ranks, self.spot_colours))
        if self.kind == "all_match":
            if self.colour < 0 and self.rank == 0:
                bad("colour", "a colour and/or a rank", (self.colour, self.rank))
            if not -1 <= self.colour < len(COLOURS) or not 0 <= self.rank <= 6:
                bad("rank", "rank 0..6 and a colour", (self.colour, self.rank))
        if self.kind in ("sum", "groups") and not 0 <= self.lo <= self.hi <= 36:
            bad("lo", "0 <= lo <= hi <= 36", (self.lo, self.hi))
        if self.kind == "colours" and not 1 <= self.n <= len(COLOURS):
            bad("n", "1..6 colours", self.n)
        if self.kind == "equation":
            if len(self.spots) != 3 or len(set(self.spots)) != 3 or \
                    any(not 0 <= s < length for s in self.spots):
                bad("spots", f"3 different spots 0..{length - 1}", self.spots)
            if self.op not in OPS:
                bad("op", "'+' or '*'", self.op)
        if self.kind == "groups" and self.width not in (1, 2, 3, 6):
            bad("width", "1, 2, 3 or 6 columns", self.width)

    @property
    def rank_patterns(self) -> tuple[tuple[int, ...], ...]:
        """``pattern``: the alternative rank patterns (``spot_ranks`` alone when no
        ``patterns`` are given; an empty one means colours only)."""
        return self.patterns or (self.spot_ranks,)

    @property
    def max_points(self) -> int:
        """The most this condition can gain."""
        return max(self.count_points) if self.count_points else self.points

    @property
    def column_mask(self) -> int:
        """Columns this condition uses (bit c = column c; all columns for ``groups``)."""
        if self.axis != "column":
            return 0
        return (1 << N_COLS) - 1 if self.kind == "groups" else 1 << self.column

    def by_count(self) -> tuple[int, ...]:
        """Points for a count 0..6 (``of_a_kind``/``groups``): the entry of the largest listed
        count not above it, 0 below the first."""
        out = []
        for m in range(7):
            got = [p for c, p in zip(self.counts, self.count_points, strict=True) if c <= m]
            out.append(got[-1] if got else 0)
        return tuple(out)


@dataclass(frozen=True)
class ProphecyCard:
    """One Prophecy card: its conditions (each scores at most once; see the module doc)."""

    id: int
    name: str
    conditions: tuple[Condition, ...]
    note: str = ""

    def __post_init__(self):
        if not 1 <= len(self.conditions) <= MAX_COND:
            raise SimlabError(f"card {self.id}: expected 1..{MAX_COND} conditions, got "
                              f"{len(self.conditions)}")
        axes = {c.axis for c in self.conditions}
        if len(axes) > 1:
            raise SimlabError(f"card {self.id}: mixes row and column conditions (a row and a "
                              f"column always share a die; not supported)")

    @property
    def axis(self) -> str:
        return self.conditions[0].axis


def card_max(card: ProphecyCard, cap: int = 50) -> int:
    """The most the card can score: every condition at its best, on the allowed rows/columns
    (each row serves one condition of a row card; conditions of a column card that read the
    same column exclude each other), capped at ``cap``."""
    conds = card.conditions
    best = 0
    if card.axis == "row":
        for k in range(0, min(N_ROWS, len(conds)) + 1):
            for chosen in combinations(range(len(conds)), k):
                best = max(best, sum(conds[i].max_points for i in chosen))
    else:
        for k in range(len(conds) + 1):
            for subset in combinations(range(len(conds)), k):
                masks = [conds[i].column_mask for i in subset]
                if not any(masks[a] & masks[b] for a in range(k) for b in range(a)):
                    best = max(best, sum(conds[i].max_points for i in subset))
    return min(best, cap)


def _parse_condition(d: dict, where: str) -> list[Condition]:
    """One ``[[card.condition]]`` table as one or more conditions (one per listed column)."""
    if not isinstance(d, dict):
        raise SimlabError(f"{where}: expected a table, got {d!r}")
    known = {"kind", "axis", "columns", "points", "counts", "span", "min_dice", "ranks",
             "patterns", "colours", "colour", "rank", "lo", "hi", "n", "spots", "op", "width",
             "note"}
    for k in d:
        if k not in known:
            raise SimlabError(f"{where}: unknown field {k!r}; known: {', '.join(sorted(known))}")
    kind = d.get("kind")
    if kind not in CONDITION_KINDS:
        raise SimlabError(f"{where}, field 'kind': expected one of {', '.join(CONDITION_KINDS)}, "
                          f"got {kind!r}")
    axis = d.get("axis", "column" if kind == "groups" else "row")
    if axis not in ("row", "column"):
        raise SimlabError(f"{where}, field 'axis': expected 'row' or 'column', got {axis!r}")
    kw: dict = {"kind": kind, "axis": axis}
    f = f"{where}, field"
    counted = kind in ("of_a_kind", "groups")
    if counted:
        kw["counts"] = _ints(d.get("counts"), f"{f} 'counts'", 1, 6, 1, 6)
        kw["count_points"] = _ints(d.get("points"), f"{f} 'points'", 0, 100, 1, 6)
    for name in ("span", "min_dice", "lo", "hi", "n", "width"):
        if name in d:
            kw[name] = _int(d[name], f"{f} '{name}'", 0, 36)
    if axis == "column":
        kw.setdefault("span", N_ROWS)
    if "ranks" in d:
        kw["spot_ranks"] = _ints(d["ranks"], f"{f} 'ranks'", 0, 6, 0, 6)
    if "patterns" in d:
        v = d["patterns"]
        if not isinstance(v, list) or not 1 <= len(v) <= MAX_PATTERNS:
            raise SimlabError(f"{f} 'patterns': expected a list of 1 to {MAX_PATTERNS} rank "
                              f"lists, got {v!r}")
        kw["patterns"] = tuple(_ints(x, f"{f} 'patterns'[{i}]", 0, 6, 1, 6)
                               for i, x in enumerate(v))
    if "colours" in d:
        v = d["colours"]
        if not isinstance(v, list):
            raise SimlabError(f"{f} 'colours': expected a list of colours or 'any', got {v!r}")
        kw["spot_colours"] = tuple(_colour(x, f"{f} 'colours'[{i}]", True)
                                   for i, x in enumerate(v))
    if "colour" in d:
        kw["colour"] = _colour(d["colour"], f"{f} 'colour'", True)
    if "rank" in d:
        kw["rank"] = _int(d["rank"], f"{f} 'rank'", 0, 6)
    if "spots" in d:
        kw["spots"] = _ints(d["spots"], f"{f} 'spots'", 0, 5, 3, 3)
    if "op" in d:
        kw["op"] = d["op"]
    if axis == "row":
        if "columns" in d:
            raise SimlabError(f"{f} 'columns': a row condition has no columns (rows are "
                              f"interchangeable)")
        cols, pts = [-1], [0]
        if not counted:
            pts = [_int(d.get("points"), f"{f} 'points'", 0, 100)]
    elif kind == "groups":
        cols, pts = [0], [0]
    else:
        cols = list(_ints(d.get("columns"), f"{f} 'columns'", 0, N_COLS - 1, 1, N_COLS))
        if counted:
            pts = [0] * len(cols)
        else:
            p = d.get("points")
            if isinstance(p, list):
                pts = list(_ints(p, f"{f} 'points'", 0, 100, len(cols), len(cols)))
                if len(pts) != len(cols):
                    raise SimlabError(f"{f} 'points': expected one per column ({len(cols)}), "
                                      f"got {p!r}")
            else:
                pts = [_int(p, f"{f} 'points'", 0, 100)] * len(cols)
    out = []
    for c, p in zip(cols, pts, strict=True):
        try:
            out.append(Condition(column=c, points=p, **kw))
        except SimlabError as e:
            raise SimlabError(f"{where}: {e}") from None
    return out


def parse_prophecy(data: dict, where: str = "prophecy.toml") -> tuple[int, tuple[ProphecyCard, ...]]:
    """Parsed ``prophecy.toml`` contents: ``(cap, cards)``. Errors name file, card and field."""
    if not isinstance(data, dict):
        raise SimlabError(f"{where}: expected a table")
    for k in data:
        if k not in ("cap", "card"):
            raise SimlabError(f"{where}: unknown top-level key {k!r} (expected cap, card)")
    cap = _int(data.get("cap", 50), f"{where}: field 'cap'", 1, 500)
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        raise SimlabError(f"{where}: expected at least one [[card]]")
    cards, seen = [], set()
    for i, c in enumerate(raw):
        if not isinstance(c, dict):
            raise SimlabError(f"{where}: card #{i + 1}: expected a table")
        cid = c.get("id", i + 1)
        w = f"{where}: card {cid!r}"
        cid = _int(cid, f"{w}, field 'id'", 1, 999)
        if cid in seen:
            raise SimlabError(f"{w}: duplicate card id")
        seen.add(cid)
        for k in c:
            if k not in ("id", "name", "note", "condition"):
                raise SimlabError(f"{w}: unknown field {k!r} (expected id, name, note, condition)")
        conds = c.get("condition")
        if not isinstance(conds, list) or not conds:
            raise SimlabError(f"{w}: expected at least one [[card.condition]]")
        parsed = []
        for j, cd in enumerate(conds):
            parsed += _parse_condition(cd, f"{w}, condition {j + 1}")
        try:
            cards.append(ProphecyCard(cid, str(c.get("name", "")), tuple(parsed),
                                      str(c.get("note", ""))))
        except SimlabError as e:
            raise SimlabError(f"{where}: {e}") from None
    return cap, tuple(cards)


# ---------------------------------------------------------------------------------------------
# Arch Monster cards


@dataclass(frozen=True)
class ArchMonster:
    """One Arch Monster card (*assumed* list; the kinds and numbers are the rulebook's).

    Attributes
    ----------
    id : int
        Card number.
    kind : str
        One of ``ARCH_KINDS``.
    colours : tuple of int
        Colour ids the kind names (two for ``adjacent_pair``, one for ``spooked``,
        ``single_grunt``, ``row_colour``; none otherwise).
    points : int
        Gain (per pair, per area number, per Ghost, once, or per die for ``single_grunt``).
    threshold : int
        Ghosts / Minions / rank total / dice needed (kinds with a threshold).
    back : int
        Action id on the back (used when the card is discarded; ``gain_grunt`` is not allowed).
    back_amount : int
        Spook Juice of a ``juice`` back; Malice icons of a ``malice`` back (1); else 0.
    """

    id: int
    kind: str
    colours: tuple[int, ...] = ()
    points: int = -1
    threshold: int = -1
    back: int = A_MALICE
    back_amount: int = 1

    def __post_init__(self):
        def bad(name, what, got):
            raise SimlabError(f"card {self.id}, field '{name}': expected {what}, got {got!r}")

        if self.kind not in ARCH_KINDS:
            bad("kind", f"one of {', '.join(ARCH_KINDS)}", self.kind)
        pts, thr = ARCH_DEFAULTS[self.kind]
        if self.points < 0:
            object.__setattr__(self, "points", pts)
        if self.threshold < 0:
            object.__setattr__(self, "threshold", thr)
        nc = ARCH_COLOURS.get(self.kind, 0)
        if len(self.colours) != nc or any(not 0 <= c < len(COLOURS) for c in self.colours):
            bad("colours", f"{nc} colour(s)", self.colours)
        hi = MAX_ARCH_PER_DIE if self.kind == "single_grunt" else 100
        if not 0 <= self.points <= hi:
            bad("points", f"0..{hi}", self.points)
        if self.kind in ("ghosts_in_one_neighborhood", "minions_in_one_neighborhood",
                         "row_colour") and not 1 <= self.threshold <= 12:
            bad("threshold", "1..12", self.threshold)
        if self.kind == "adjacent_columns" and not 1 <= self.threshold <= 36:
            bad("threshold", "1..36", self.threshold)
        if not 0 <= self.back < A_MALICE + 1 or self.back == A_GAIN_GRUNT:
            bad("back", "an action (not gain_grunt, which only Ghosts show)", self.back)
        if self.back == A_MALICE and not 1 <= self.back_amount <= 8:
            bad("back", "1..8 Malice icons", self.back_amount)


def parse_arch_monsters(data: dict, where: str = "arch_monsters.toml"
                        ) -> tuple[ArchMonster, ...]:
    """Parsed ``arch_monsters.toml`` contents. Errors name file, card and field."""
    if not isinstance(data, dict):
        raise SimlabError(f"{where}: expected a table")
    for k in data:
        if k != "card":
            raise SimlabError(f"{where}: unknown top-level key {k!r} (expected card)")
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        raise SimlabError(f"{where}: expected a non-empty 'card' list")
    out, seen = [], set()
    for i, c in enumerate(raw):
        if not isinstance(c, dict):
            raise SimlabError(f"{where}: card #{i + 1}: expected a table")
        cid = c.get("id", i + 1)
        w = f"{where}: card {cid!r}"
        cid = _int(cid, f"{w}, field 'id'", 1, 9999)
        if cid in seen:
            raise SimlabError(f"{w}: duplicate card id")
        seen.add(cid)
        for k in c:
            if k not in ("id", "kind", "colours", "points", "threshold", "back", "malice"):
                raise SimlabError(f"{w}: unknown field {k!r} (expected id, kind, colours, "
                                  f"points, threshold, back)")
        kind = c.get("kind")
        if kind not in ARCH_KINDS:
            raise SimlabError(f"{w}, field 'kind': expected one of {', '.join(ARCH_KINDS)}, "
                              f"got {kind!r}")
        cols = c.get("colours", [])
        if not isinstance(cols, list):
            raise SimlabError(f"{w}, field 'colours': expected a list, got {cols!r}")
        cols = tuple(_colour(x, f"{w}, field 'colours'[{j}]") for j, x in enumerate(cols))
        if "back" not in c:
            raise SimlabError(f"{w}, field 'back': missing (the action on the card's back)")
        back, amount = parse_icon(c["back"], f"{w}, field 'back'")
        if back == A_MALICE:
            amount = _int(c.get("malice", 1), f"{w}, field 'malice'", 1, 8)
        pts = _int(c.get("points", -1), f"{w}, field 'points'", -1, 100)
        thr = _int(c.get("threshold", -1), f"{w}, field 'threshold'", -1, 36)
        try:
            out.append(ArchMonster(cid, kind, cols, pts, thr, back, amount))
        except SimlabError as e:
            raise SimlabError(f"{where}: {e}") from None
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Both, as arrays


class CardArrays(NamedTuple):
    """Prophecy (``p_*``, one row per card) and Arch Monster (``m_*``) data for the kernels."""

    p_ncond: np.ndarray      # (NP,) conditions per card
    p_axis: np.ndarray       # (NP,) AX_ROW / AX_COL
    p_overlap: np.ndarray    # (NP,) 1 if two conditions of a column card share a column
    p_max: np.ndarray        # (NP,) most the card can score (capped)
    p_kind: np.ndarray       # (NP, MAX_COND) K_*
    p_line: np.ndarray       # (NP, MAX_COND) column (-1 rows)
    p_mask: np.ndarray       # (NP, MAX_COND) column bit mask
    p_points: np.ndarray     # (NP, MAX_COND)
    p_by_count: np.ndarray   # (NP, MAX_COND, 7) points by count (of_a_kind, groups)
    p_first: np.ndarray      # (NP, MAX_COND) smallest count that gains (of_a_kind)
    p_span: np.ndarray       # (NP, MAX_COND)
    p_min: np.ndarray        # (NP, MAX_COND) min_dice
    p_lo: np.ndarray         # (NP, MAX_COND)
    p_hi: np.ndarray         # (NP, MAX_COND)
    p_n: np.ndarray          # (NP, MAX_COND) colours n / groups width
    p_colour: np.ndarray     # (NP, MAX_COND) all_match colour (-1 any)
    p_rank: np.ndarray       # (NP, MAX_COND) all_match rank (0 any)
    p_npat: np.ndarray       # (NP, MAX_COND) pattern: alternative rank patterns (1 usually)
    p_need: np.ndarray       # (NP, MAX_COND, MAX_PATTERNS, 6) pattern: spot has a requirement
    p_scol: np.ndarray       # (NP, MAX_COND, 6) pattern colour (-1 any), shared by the patterns
    p_srank: np.ndarray      # (NP, MAX_COND, MAX_PATTERNS, 6) pattern rank (0 any)
    p_eq: np.ndarray         # (NP, MAX_COND, 3) equation spots a, b, c
    p_op: np.ndarray         # (NP, MAX_COND) OP_ADD / OP_MUL
    m_kind: np.ndarray       # (NM,) M_*
    m_col_a: np.ndarray      # (NM,) first colour (-1 none)
    m_col_b: np.ndarray      # (NM,) second colour (-1 none)
    m_points: np.ndarray     # (NM,)
    m_threshold: np.ndarray  # (NM,)
    m_back: np.ndarray       # (NM,) action id on the back
    m_back_amount: np.ndarray  # (NM,) juice amount / malice icons
    p_cap: int
    per_die: int             # final-area Grunt: Spook Juice per matching die (rulebook 3)
    #: the ``spooked`` card's count per Grunt (rule option ``spooked_count``): 0 the area's
    #: number, 1 the Town spaces it has moved through (the rules set it)
    spooked_spaces: int = 0


@dataclass(frozen=True)
class Cards:
    """The Prophecy and Arch Monster card lists (``load_cards`` reads them from TOML).

    Card ``i`` of a list is index ``i`` in the arrays (``prophecy_card`` / ``arch_cards`` values).
    """

    prophecy: tuple[ProphecyCard, ...]
    arch: tuple[ArchMonster, ...]
    prophecy_cap: int = 50
    per_die: int = 3
    sources: tuple[str, str] = field(default=("", ""), compare=False)

    def __post_init__(self):
        if not self.prophecy or not self.arch:
            raise SimlabError("cards: expected at least one Prophecy and one Arch Monster card")
        if not 1 <= self.prophecy_cap <= 500:
            raise SimlabError(f"cards.prophecy_cap: expected 1..500, got {self.prophecy_cap!r}")
        if not 0 <= self.per_die <= 100:
            raise SimlabError(f"cards.per_die: expected 0..100, got {self.per_die!r}")

    def to_arrays(self) -> CardArrays:
        """The cards as arrays for ``scoring.py``."""
        npc, nm = len(self.prophecy), len(self.arch)
        z = lambda *s, v=0: np.full(s, v, dtype=np.int64)  # noqa: E731
        a = dict(p_ncond=z(npc), p_axis=z(npc), p_overlap=z(npc), p_max=z(npc),
                 p_kind=z(npc, MAX_COND), p_line=z(npc, MAX_COND, v=-1),
                 p_mask=z(npc, MAX_COND), p_points=z(npc, MAX_COND),
                 p_by_count=z(npc, MAX_COND, 7), p_first=z(npc, MAX_COND),
                 p_span=z(npc, MAX_COND), p_min=z(npc, MAX_COND), p_lo=z(npc, MAX_COND),
                 p_hi=z(npc, MAX_COND), p_n=z(npc, MAX_COND), p_colour=z(npc, MAX_COND, v=-1),
                 p_rank=z(npc, MAX_COND), p_npat=z(npc, MAX_COND),
                 p_need=z(npc, MAX_COND, MAX_PATTERNS, N_COLS),
                 p_scol=z(npc, MAX_COND, N_COLS, v=-1),
                 p_srank=z(npc, MAX_COND, MAX_PATTERNS, N_COLS),
                 p_eq=z(npc, MAX_COND, 3), p_op=z(npc, MAX_COND))
        for k, card in enumerate(self.prophecy):
            a["p_ncond"][k] = len(card.conditions)
            a["p_axis"][k] = AX_ROW if card.axis == "row" else AX_COL
            masks = [c.column_mask for c in card.conditions]
            a["p_overlap"][k] = int(any(masks[i] & masks[j] for i in range(len(masks))
                                        for j in range(i)))
            a["p_max"][k] = card_max(card, self.prophecy_cap)
            for i, c in enumerate(card.conditions):
                a["p_kind"][k, i] = CONDITION_KINDS.index(c.kind)
                a["p_line"][k, i] = c.column
                a["p_mask"][k, i] = masks[i]
                a["p_points"][k, i] = c.points
                if c.counts:
                    a["p_by_count"][k, i] = c.by_count()
                    a["p_first"][k, i] = c.counts[0]
                a["p_span"][k, i] = c.span
                a["p_min"][k, i] = c.min_dice
                a["p_lo"][k, i] = c.lo
                a["p_hi"][k, i] = c.hi
                a["p_n"][k, i] = c.width if c.kind == "groups" else c.n
                a["p_colour"][k, i] = c.colour
                a["p_rank"][k, i] = c.rank
                if c.kind == "pattern":
                    a["p_npat"][k, i] = len(c.rank_patterns)
                    for j, sc in enumerate(c.spot_colours):
                        a["p_scol"][k, i, j] = sc
                    for t, ranks in enumerate(c.rank_patterns):
                        for j in range(max(len(c.spot_colours), len(ranks))):
                            sc = c.spot_colours[j] if c.spot_colours else -1
                            sr = ranks[j] if ranks else 0
                            a["p_srank"][k, i, t, j] = sr
                            a["p_need"][k, i, t, j] = int(sc >= 0 or sr > 0)
                if c.spots:
                    a["p_eq"][k, i] = c.spots
                a["p_op"][k, i] = OPS.index(c.op)
        m = dict(m_kind=z(nm), m_col_a=z(nm, v=-1), m_col_b=z(nm, v=-1), m_points=z(nm),
                 m_threshold=z(nm), m_back=z(nm), m_back_amount=z(nm))
        for i, c in enumerate(self.arch):
            m["m_kind"][i] = ARCH_KINDS.index(c.kind)
            if c.colours:
                m["m_col_a"][i] = c.colours[0]
                m["m_col_b"][i] = c.colours[-1]
            m["m_points"][i] = c.points
            m["m_threshold"][i] = c.threshold
            m["m_back"][i] = c.back
            m["m_back_amount"][i] = c.back_amount
        return CardArrays(**a, **m, p_cap=int(self.prophecy_cap), per_die=int(self.per_die))


def _read(path, default: str) -> tuple[dict, str]:
    if path is None:
        text = resources.files(_DATA).joinpath("data", default).read_text()
        name = f"data/{default}"
    else:
        p = Path(path)
        name = str(p)
        try:
            text = p.read_text()
        except OSError as e:
            raise SimlabError(f"{name}: cannot read ({e.strerror})") from None
    try:
        return tomllib.loads(text), name
    except tomllib.TOMLDecodeError as e:
        raise SimlabError(f"{name}: not valid TOML ({e})") from None


def load_cards(prophecy=None, arch_monsters=None, per_die: int = 3) -> Cards:
    """Validated cards from ``prophecy.toml`` and ``arch_monsters.toml`` (paths; ``None`` = the
    shipped *assumed* files). ``per_die``: final-area Grunt gain per matching die (rulebook 3)."""
    pdata, pname = _read(prophecy, "prophecy.toml")
    mdata, mname = _read(arch_monsters, "arch_monsters.toml")
    cap, pcards = parse_prophecy(pdata, pname)
    arch = parse_arch_monsters(mdata, mname)
    return Cards(pcards, arch, cap, per_die, (pname, mname))
