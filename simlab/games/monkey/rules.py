"""Monkey Fun: rules and component data (board layouts, deck) as frozen, validated dataclasses.

Everything the kernel needs is here and nowhere else; :meth:`MonkeyRules.to_arrays` turns it into
plain numpy arrays. Readings of the rulebook (see ``shared/rules/README.md``) and the choices made
where it is silent are documented on the fields; data the rulebook does not print is marked
*assumed*.

Readings where the rulebook is silent:

- the owner of a field may still place there (only *other* players may not; rule option
  ``owner_may_place``); the field keeps exactly 2 of the owner's monkeys, so such a monkey goes
  straight to the box;
- ownership is checked right after each placement, then the immediate win (row of 4, quick: also
  a 2x2 square); only the placing player can complete a shape, so the check is for them;
- the final tie-break ("the player who owns the field with the highest number") compares the
  highest-numbered field each tied player holds with a majority at the end (rule option
  ``tie_break``; ``owned``: only fields owned by the 2-more rule); still tied: a shared win;
- solo: there is no ownership (it needs other players); a tower field's number is deducted once
  however tall the tower; completing the square before ``solo_min_round`` is a loss;
- the deck is dealt one hand at a time from seat 1; a drawn-out pile is refilled by shuffling the
  discard pile (in discard order, Fisher-Yates from the game's stream) whenever a card is needed.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from simlab.core.params import apply_overrides, coerce
from simlab.errors import SimlabError

SIDE = 6
N_CELLS = SIDE * SIDE
MAX_HAND = 6  # subsets of a hand are bitmasks below 2**MAX_HAND
MAX_SHAPES_PER_CELL = 16
MODES = ("normal", "quick", "solo")
MODE_NORMAL, MODE_QUICK, MODE_SOLO = range(3)
SHAPE_ROW, SHAPE_SQUARE = 0, 1
LAYOUTS = ("mixed", "spiral", "row-major", "shuffled")
TIE_BREAKS = ("majority", "owned")
#: the board is double-sided ("1 game board (double-sided)"): the first-game side "marked with a
#: 1 in one corner", and the other one
BOARD_SIDES = ("first", "second")
#: the corners of the board (cells): reading ``field_one_corner`` puts field 1 in one of them
CORNER_CELLS = (0, SIDE - 1, (SIDE - 1) * SIDE, SIDE * SIDE - 1)
#: fields the rulebook places in the inner 4x4 square: the solo example completes the square on
#: field 31 with minus towers on 17 and 3, and the solo maximum is 36
RULEBOOK_INNER = (3, 17, 31, 36)
#: *assumed* default board ``mixed`` (row by row). The printed board is not in the rulebook; this
#: arrangement satisfies what the rulebook does say: 3, 17, 31 and 36 lie in the inner square
#: (solo example and maximum), and the numbers are scattered (the shading remark: "the darker
#: the field, the higher the number" helps read a board where neighbours differ). It was made
#: once by simulated annealing (numpy seed 2026) over arrangements with those four numbers
#: inside, minimising the spread of the row, column and diagonal sums around 111 and of the
#: inner square's sum around 296 (the averages), with no two of 1..9 and no two of 28..36
#: orthogonally adjacent: every row and column sums to 110..112, the inner square to 296, so
#: no region of the board is easier than another.
MIXED_BOARD = (29, 19, 13, 7, 15, 28,
               5, 32, 18, 33, 23, 1,
               24, 12, 3, 14, 31, 27,
               25, 6, 22, 36, 10, 11,
               20, 16, 21, 17, 2, 35,
               8, 26, 34, 4, 30, 9)
#: *assumed* first side under reading ``field_one_corner`` (field 1 in a corner of the side
#: marked "1"): :data:`MIXED_BOARD` with field 1 and the corner field above it (28) swapped, the
#: smallest change that puts 1 in a corner (3, 17, 31 and 36 stay inside; the rows 1 and 2 then
#: sum to 84 and 139, the columns keep 110..112)
MIXED_BOARD_CORNER = (29, 19, 13, 7, 15, 1,
                      5, 32, 18, 33, 23, 28,
                      24, 12, 3, 14, 31, 27,
                      25, 6, 22, 36, 10, 11,
                      20, 16, 21, 17, 2, 35,
                      8, 26, 34, 4, 30, 9)
#: *assumed* second side of the board (``board_side = "second"``): the rulebook prints neither
#: side; this is draw 2 of the rulebook-consistent generator (``layout_shuffled(2)``, fields 3,
#: 17, 31 and 36 inside the inner square and nothing else assumed: its rows sum to 80..129, the
#: inner square to 276), written out so that it stays the same board whatever the generator
SECOND_BOARD = (20, 8, 33, 14, 34, 13,
                7, 9, 22, 26, 5, 11,
                30, 21, 29, 31, 17, 1,
                32, 6, 12, 3, 16, 24,
                19, 18, 10, 36, 15, 27,
                23, 35, 25, 2, 4, 28)
#: *assumed* default deck: v copies of value v for v = 1..10 (55 cards, as the box says)
DEFAULT_DECK = tuple(range(1, 11))
#: named decks (``--set deck=NAME``): ``rising`` is the default; ``falling`` (11 - v copies of
#: value v, 55 cards) is as consistent with the rulebook (an 11 from two cards, 3, 17, 31 and 36
#: nameable) and the no-play rule fires under it (readings ``deck``)
DECKS = {"rising": DEFAULT_DECK, "falling": tuple(range(10, 0, -1))}


def layout_row_major() -> tuple[int, ...]:
    """Fields 1..36 row by row from the top-left corner (row-major, 36 numbers)."""
    return tuple(range(1, N_CELLS + 1))


def layout_spiral() -> tuple[int, ...]:
    """1 in the top-left corner, clockwise spiralling inward: the outer ring holds 1..20, the
    inner 4x4 square 21..36 and the centre 33..36 (row-major, 36 numbers)."""
    grid = [[0] * SIDE for _ in range(SIDE)]
    r, c, dr, dc = 0, 0, 0, 1
    for n in range(1, N_CELLS + 1):
        grid[r][c] = n
        nr, nc = r + dr, c + dc
        if not (0 <= nr < SIDE and 0 <= nc < SIDE) or grid[nr][nc]:
            dr, dc = dc, -dr
            nr, nc = r + dr, c + dc
        r, c = nr, nc
    return tuple(x for row in grid for x in row)


INNER_CELLS = tuple(r * SIDE + c for r in range(1, SIDE - 1) for c in range(1, SIDE - 1))


def layout_shuffled(seed: int, one_corner: bool = False) -> tuple[int, ...]:
    """A random arrangement from ``seed`` that the rulebook allows: 3, 17, 31 and 36 on random
    cells of the inner square, the other 32 numbers uniformly on the other cells (numpy's
    PCG64; not the game's stream: the layout is component data, fixed for a run): uniform over
    the boards that keep what the rulebook states. ``one_corner`` (reading
    ``field_one_corner``): field 1 also on a random corner, the other 31 numbers uniformly on
    the remaining cells."""
    rng = np.random.default_rng(int(seed))
    board = [0] * N_CELLS
    inner = [INNER_CELLS[i] for i in rng.permutation(len(INNER_CELLS))]
    for n, c in zip(RULEBOOK_INNER, inner, strict=False):
        board[c] = n
    if one_corner:
        board[CORNER_CELLS[int(rng.integers(len(CORNER_CELLS)))]] = 1
    rest = [n for n in range(1, N_CELLS + 1) if n not in RULEBOOK_INNER and n not in board]
    free = [c for c in range(N_CELLS) if board[c] == 0]
    for c, i in zip(free, rng.permutation(len(rest)), strict=True):
        board[c] = rest[i]
    return tuple(board)


def board_problems(board, one_corner: bool = False) -> list[str]:
    """The rulebook constraints an arrangement (36 numbers row by row) breaks, one sentence
    each; empty when it satisfies all of them (fields 3, 17, 31 and 36 in the inner square;
    with ``one_corner``, the first side under reading ``field_one_corner``: field 1 in a
    corner)."""
    inner = {board[c] for c in INNER_CELLS}
    out = []
    if one_corner and board.index(1) not in CORNER_CELLS:
        out.append("field 1 is not in a corner, but the reading field_one_corner reads the "
                   "first-game side \"marked with a \"1\" in one corner\" as field 1 in a corner")
    if 36 not in inner:
        out.append("field 36 is not in the inner 4x4 square, but the rulebook's solo maximum "
                   "is 36 (\"maximum: 36\"), which needs it there")
    missing = [n for n in (31, 17, 3) if n not in inner]
    if missing:
        out.append("field" + ("s " if len(missing) > 1 else " ")
                   + " and ".join(map(str, missing)) + (" are" if len(missing) > 1 else " is")
                   + " not in the inner 4x4 square, but the rulebook's solo example completes "
                     "the square on field 31 with minus towers on fields 17 and 3")
    return out


def _shapes(quick: bool):
    """All rows of 4 connected fields (horizontal, vertical, both diagonals) then, in the quick
    game, all 2x2 squares: ``(cells (S, 4), kind (S,))``."""
    cells, kind = [], []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
        for r in range(SIDE):
            for c in range(SIDE):
                rr, cc = r + 3 * dr, c + 3 * dc
                if 0 <= rr < SIDE and 0 <= cc < SIDE:
                    cells.append([(r + k * dr) * SIDE + c + k * dc for k in range(4)])
                    kind.append(SHAPE_ROW)
    if quick:
        for r in range(SIDE - 1):
            for c in range(SIDE - 1):
                cells.append([r * SIDE + c, r * SIDE + c + 1, (r + 1) * SIDE + c,
                              (r + 1) * SIDE + c + 1])
                kind.append(SHAPE_SQUARE)
    return np.array(cells, dtype=np.int64), np.array(kind, dtype=np.int64)


class MonkeyArrays(NamedTuple):
    """The rules as arrays and scalars for ``nb.py`` (no Python objects)."""

    number: np.ndarray       # (36,) int64: field number of cell r*6+c
    cell_of: np.ndarray      # (37,) int64: cell of field number n (cell_of[0] = -1)
    inner: np.ndarray        # (36,) int64: 1 for the inner 4x4 square (solo)
    shapes: np.ndarray       # (S, 4) int64: cells of each winning shape
    shape_kind: np.ndarray   # (S,) int64: SHAPE_ROW or SHAPE_SQUARE
    cell_shapes: np.ndarray  # (36, MAX_SHAPES_PER_CELL) int64: shapes through a cell
    n_cell_shapes: np.ndarray  # (36,) int64
    deck: np.ndarray         # (N,) int64: card values in value order (shuffled each game)
    n_players: int
    n_cards: int
    hand_size: int
    max_play: int
    monkeys: int
    mode: int
    owner_may_place: int     # 1: the owner may place on its own field (the monkey is boxed)
    tie_break: int           # index into TIE_BREAKS
    reach: np.ndarray        # (37,) float64: chance a fresh hand reaches field number n (exact)
    solo_max_towers: int
    solo_max_per_field: int
    solo_rounds: int
    solo_min_round: int
    max_turns: int
    len_bins: int
    tenth: np.ndarray        # (37,) float64: n / 10 (the bots' card cost looks it up)
    shape_mask: np.ndarray   # (S,) int64: bit c set for each cell c of shape s
    star: np.ndarray         # (36,) int64: bit x set for each cell x sharing a shape with c
    others: np.ndarray       # (36, MAX_SHAPES_PER_CELL, 3) int64: the cells of shape
    #                          cell_shapes[c, k] other than c


@dataclass(frozen=True)
class MonkeyRules:
    """Rules of Monkey Fun, with every choice the rulebook leaves open.

    Attributes
    ----------
    players : int
        2 to 4; 1 for the solo variant.
    mode : str
        ``normal`` (row of 4 wins), ``quick`` (a 2x2 square of majority fields also wins) or
        ``solo`` (cover the inner 4x4 square; needs ``players = 1``).
    monkeys : int
        Monkeys per player (rulebook: 20).
    hand_size : int
        Cards in hand (rulebook: 4); at most 6.
    max_cards_per_play : int
        Cards that may be played together (rulebook: 1 to 4).
    deck : tuple of int
        Copies of each card value 1, 2, ... (*assumed*: v copies of value v for v = 1..10, 55
        cards; the rulebook prints only the count). :func:`make_rules` also takes a name of
        :data:`DECKS` (``rising``: the default, ``falling``: 11 - v copies of value v).
    layout : str
        Board arrangement when ``board`` is empty: ``mixed`` (*assumed* default,
        :data:`MIXED_BOARD`: numbers scattered, 3, 17, 31 and 36 in the inner square as the
        rulebook requires), ``shuffled`` (a random arrangement by ``layout_seed`` with those four
        numbers inside), or the stress layouts ``spiral`` (1 in a corner spiralling inward: the
        inner square holds 21..36) and ``row-major`` (1..36 row by row), which break the
        rulebook's constraints (a warning says so).
    layout_seed : int
        Seed of the ``shuffled`` layout.
    board_side : str
        The side of the double-sided board when ``layout`` is ``mixed``: ``first`` (the
        first-game side "marked with a 1": :data:`MIXED_BOARD`) or ``second`` (the other side,
        *assumed*: :data:`SECOND_BOARD`); reading ``board_side``.
    field_one_corner : bool
        Reading ``field_one_corner``: the first side "marked with a "1" in one corner" has field
        1 in a corner (the ``mixed`` first side becomes :data:`MIXED_BOARD_CORNER`, ``shuffled``
        boards put 1 on a random corner, an explicit board with 1 elsewhere is warned about);
        False (default): the "1" is a mark on the side, not a field.
    board : tuple of int
        An explicit arrangement: 36 field numbers row by row (each of 1..36 once); a board that
        breaks a rulebook constraint plays, with a warning (see :func:`board_problems`).
    owner_may_place : bool
        The owner of a field may still play cards naming it (the monkey goes to the box, the
        field keeps exactly 2); False: an owned field is closed to everyone (reading
        ``owner_may_place``).
    tie_break : str
        Equal totals at the end: ``majority`` (the tied player holding the highest-numbered field
        with a majority at the end wins) or ``owned`` (only fields owned by the 2-more rule
        count); still tied: a shared win (reading ``tie_break``).
    solo_max_towers : int
        Minus towers allowed in the solo variant (rulebook: 4).
    solo_max_per_field : int
        Monkeys allowed on one field in the solo variant (rulebook: 5).
    solo_rounds : int
        Rounds of the solo variant (rulebook: 20).
    solo_min_round : int
        First round in which completing the square wins (rulebook: 16).
    max_turns : int
        Safety bound on turns (a modelling guard: every turn places or boxes a monkey from a
        supply, so a game never needs more than ``monkeys * players`` turns). Hits are counted and
        reported as an invariant violation.
    """

    players: int = 4
    mode: str = "normal"
    monkeys: int = 20
    hand_size: int = 4
    max_cards_per_play: int = 4
    deck: tuple[int, ...] = DEFAULT_DECK
    layout: str = "mixed"
    layout_seed: int = 0
    board_side: str = "first"
    field_one_corner: bool = False
    board: tuple[int, ...] = ()
    owner_may_place: bool = True
    tie_break: str = "majority"
    solo_max_towers: int = 4
    solo_max_per_field: int = 5
    solo_rounds: int = 20
    solo_min_round: int = 16
    max_turns: int = 1000

    def __post_init__(self):
        def bad(name, what, got):
            raise SimlabError(f"rules.{name}: expected {what}, got {got!r}")

        if self.mode not in MODES:
            bad("mode", "one of " + ", ".join(MODES), self.mode)
        if self.mode == "solo" and self.players != 1:
            bad("players", "1 player in the solo variant (mode=solo)", self.players)
        if self.mode != "solo" and not 2 <= self.players <= 4:
            bad("players", "2 to 4 players (1 only with mode=solo)", self.players)
        if not 1 <= self.monkeys <= 200:
            bad("monkeys", "1 to 200 monkeys per player", self.monkeys)
        if not 1 <= self.hand_size <= MAX_HAND:
            bad("hand_size", f"1 to {MAX_HAND} cards", self.hand_size)
        if not 1 <= self.max_cards_per_play <= self.hand_size:
            bad("max_cards_per_play", f"1 to hand_size ({self.hand_size})",
                self.max_cards_per_play)
        if not 1 <= len(self.deck) <= N_CELLS or min(self.deck) < 0:
            bad("deck", "1 to 36 counts >= 0 (copies of value 1, 2, ...)", self.deck)
        n = sum(self.deck)
        if not self.players * self.hand_size < n <= 5000:
            bad("deck", f"more than players * hand_size ({self.players * self.hand_size}) and "
                        f"at most 5000 cards in all", self.deck)
        if self.layout not in LAYOUTS:
            bad("layout", "one of " + ", ".join(LAYOUTS), self.layout)
        if self.board and (len(self.board) != N_CELLS
                           or sorted(self.board) != list(range(1, N_CELLS + 1))):
            seen = [n for n in range(1, N_CELLS + 1) if n not in self.board]
            extra = sorted({n for n in self.board if not 1 <= n <= N_CELLS
                            or list(self.board).count(n) > 1})
            detail = f"{len(self.board)} numbers"
            if seen:
                detail += "; missing " + ",".join(map(str, seen))
            if extra:
                detail += "; repeated or out of range " + ",".join(map(str, extra))
            bad("board", f"36 field numbers row by row, each of 1..36 once ({detail})",
                self.board)
        if self.board_side not in BOARD_SIDES:
            bad("board_side", "one of " + ", ".join(BOARD_SIDES), self.board_side)
        if not isinstance(self.field_one_corner, bool):
            bad("field_one_corner", "true or false", self.field_one_corner)
        if not isinstance(self.owner_may_place, bool):
            bad("owner_may_place", "true or false", self.owner_may_place)
        if self.tie_break not in TIE_BREAKS:
            bad("tie_break", "one of " + ", ".join(TIE_BREAKS), self.tie_break)
        if not 0 <= self.solo_max_towers <= 16:
            bad("solo_max_towers", "0 to 16", self.solo_max_towers)
        if not 1 <= self.solo_max_per_field <= 100:
            bad("solo_max_per_field", "1 to 100", self.solo_max_per_field)
        if not 1 <= self.solo_rounds <= (self.monkeys if self.mode == "solo" else 200):
            bad("solo_rounds", f"1 to monkeys ({self.monkeys}) in the solo variant",
                self.solo_rounds)
        if not 1 <= self.solo_min_round <= self.solo_rounds:
            bad("solo_min_round", f"1 to solo_rounds ({self.solo_rounds})", self.solo_min_round)
        if not 1 <= self.max_turns <= 100_000:
            bad("max_turns", "1 to 100000", self.max_turns)

    def arrangement(self) -> tuple[int, ...]:
        """The board in play: 36 field numbers row by row."""
        if self.board:
            return tuple(self.board)
        if self.layout == "row-major":
            return layout_row_major()
        if self.layout == "shuffled":
            return layout_shuffled(self.layout_seed, self.field_one_corner)
        if self.layout == "spiral":
            return layout_spiral()
        if self.board_side == "second":
            return SECOND_BOARD
        return MIXED_BOARD_CORNER if self.field_one_corner else MIXED_BOARD

    def first_side(self) -> bool:
        """Is the board in play the first-game side (the one "marked with a 1")? Every board
        but the ``mixed`` layout's second side is read as it."""
        return bool(self.board) or self.layout != "mixed" or self.board_side == "first"

    def board_problems(self) -> list[str]:
        """The rulebook constraints the board in play breaks (empty: none), see
        :func:`board_problems`."""
        return board_problems(self.arrangement(), self.field_one_corner and self.first_side())

    def to_arrays(self) -> MonkeyArrays:
        """The rules as arrays for the kernel."""
        number = np.array(self.arrangement(), dtype=np.int64)
        cell_of = np.full(N_CELLS + 1, -1, dtype=np.int64)
        cell_of[number] = np.arange(N_CELLS)
        inner = np.zeros(N_CELLS, dtype=np.int64)
        for r in range(1, SIDE - 1):
            for c in range(1, SIDE - 1):
                inner[r * SIDE + c] = 1
        shapes, kind = _shapes(self.mode == "quick")
        cell_shapes = np.full((N_CELLS, MAX_SHAPES_PER_CELL), -1, dtype=np.int64)
        n_cell = np.zeros(N_CELLS, dtype=np.int64)
        shape_mask = np.zeros(len(shapes), dtype=np.int64)
        star = np.zeros(N_CELLS, dtype=np.int64)
        for s, cells in enumerate(shapes):
            for c in cells:
                cell_shapes[c, n_cell[c]] = s
                n_cell[c] += 1
                shape_mask[s] |= 1 << int(c)
            for c in cells:
                star[c] |= shape_mask[s]
        others = np.zeros((N_CELLS, MAX_SHAPES_PER_CELL, 3), dtype=np.int64)
        for c in range(N_CELLS):
            for k in range(n_cell[c]):
                others[c, k] = [x for x in shapes[cell_shapes[c, k]] if x != c]
        deck = np.repeat(np.arange(1, len(self.deck) + 1, dtype=np.int64),
                         np.array(self.deck, dtype=np.int64))
        solo = self.mode == "solo"
        len_bins = (self.solo_rounds if solo else self.monkeys * self.players) + 2
        return MonkeyArrays(number, cell_of, inner, shapes, kind, cell_shapes, n_cell, deck,
                            int(self.players), int(deck.size), int(self.hand_size),
                            int(self.max_cards_per_play), int(self.monkeys),
                            MODES.index(self.mode), int(self.owner_may_place),
                            TIE_BREAKS.index(self.tie_break),
                            reach_table(self.deck, self.hand_size, self.max_cards_per_play),
                            int(self.solo_max_towers),
                            int(self.solo_max_per_field), int(self.solo_rounds),
                            int(self.solo_min_round), int(self.max_turns), int(len_bins),
                            np.arange(N_CELLS + 1, dtype=np.float64) / 10.0, shape_mask, star,
                            others)


@functools.lru_cache(maxsize=32)
def _reach(deck: tuple[int, ...], hand_size: int, max_cards: int) -> tuple[float, ...]:
    from simlab.games.monkey.odds import reach_odds

    try:
        res = reach_odds(list(deck), max_cards=max_cards, hand_size=hand_size)
        out = [0.0] * (N_CELLS + 1)
        for f in res["fields"]:
            if 1 <= f["field"] <= N_CELLS:
                out[f["field"]] = float(f["p_reachable"])
        return tuple(out)
    except SimlabError:  # too many hand multisets to enumerate: a fixed-seed estimate
        rng = np.random.default_rng(20261202)
        cards = np.repeat(np.arange(1, len(deck) + 1), np.array(deck))
        hits = np.zeros(N_CELLS + 1)
        n = 20_000
        for _ in range(n):
            hand = rng.choice(cards, size=hand_size, replace=False)
            sums = set()
            for m in range(1, 1 << hand_size):
                if bin(m).count("1") <= max_cards:
                    sums.add(int(sum(hand[i] for i in range(hand_size) if m >> i & 1)))
            for t in sums:
                if 1 <= t <= N_CELLS:
                    hits[t] += 1
        return tuple(float(x) / n for x in hits)


def reach_table(deck, hand_size: int, max_cards: int) -> np.ndarray:
    """(37,) float64: the exact chance that a fresh hand of ``hand_size`` cards from ``deck``
    (copies per value) reaches field number n with 1..``max_cards`` cards (``simlab odds
    monkey``; a fixed-seed estimate for decks too large to enumerate). Entry 0 is 0."""
    return np.array(_reach(tuple(int(x) for x in deck), int(hand_size), int(max_cards)),
                    dtype=np.float64)


def make_rules(players: int = 4, overrides: dict | None = None,
               where: str = "rules") -> MonkeyRules:
    """Build validated rules for ``players`` with ``overrides`` (``{field: value}``).

    One player means the solo variant: ``mode`` defaults to ``solo`` then.
    """
    overrides = dict(overrides or {})
    players = coerce(overrides.pop("players", players), int, f"{where}.players")
    deck = overrides.get("deck")
    if isinstance(deck, str) and deck.strip() in DECKS:
        overrides["deck"] = DECKS[deck.strip()]
    base = MonkeyRules(players=1, mode="solo") if players == 1 else MonkeyRules(players=players)
    return apply_overrides(base, overrides, where)


RULE_OPTIONS = [f.name for f in dataclasses.fields(MonkeyRules)]
