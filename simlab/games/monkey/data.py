"""Monkey Fun's assumed component data as files a designer edits (the board and the deck), and
the seeded generators of the alternatives the rulebook allows (:data:`GENERATORS`).

``simlab data monkey export DIR`` writes ``board.toml`` (the 6x6 arrangement of the field numbers
1..36, or a named generator) and ``deck.toml`` (how many cards show each value), each generated
from the data the game really plays (``MonkeyRules()``: :data:`~simlab.games.monkey.rules.MIXED_BOARD`
and :data:`~simlab.games.monkey.rules.DEFAULT_DECK`) and documented with what the rulebook states
of it. ``check`` reads them back as the rule overrides ``--set`` takes (``board``, ``layout``,
``layout_seed``, ``deck``) and locates every error; what the rulebook states is checked there
(a 6x6 board with each of 1..36 once, a deck of 55 cards), what it implies is warned about
(fields 3, 17, 31 and 36 outside the inner square of the solo variant: the game's rule
warnings; fields no hand of cards can name). An untouched export reads as no change at all.
"""

from __future__ import annotations

import warnings

import numpy as np

from simlab.core.data import DataFile, DataGenerator
from simlab.errors import SimlabWarning
from simlab.games.monkey.rules import (
    LAYOUTS,
    N_CELLS,
    SIDE,
    MonkeyRules,
    board_problems,
    layout_row_major,
    layout_shuffled,
    layout_spiral,
)

#: the rulebook's card count ("Contents (for 4 players) ... 55 cards")
RULEBOOK_CARDS = 55
ROWS = tuple(f"row{r + 1}" for r in range(SIDE))
#: the fixed named layouts (``layout = "..."`` in board.toml)
LAYOUT_FUNCTIONS = {"row-major": layout_row_major, "spiral": layout_spiral}


def _default() -> MonkeyRules:
    return MonkeyRules()


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# --------------------------------------------------------------------------- board.toml
def board_text() -> str:
    """``board.toml`` as shipped: the arrangement the game plays, row by row, documented."""
    rules = _default()
    board = rules.arrangement()
    cells = [r * SIDE + c for r in range(1, SIDE - 1) for c in range(1, SIDE - 1)]
    inner = ", ".join(str(board[c]) for c in cells)
    sums = [sum(board[r * SIDE:(r + 1) * SIDE]) for r in range(SIDE)] + \
        [sum(board[c::SIDE]) for c in range(SIDE)]
    lines = [
        "# Monkey Fun: the game board (simlab data monkey export). ASSUMED component data: the",
        "# rulebook does not print the board, so simlab plays an arrangement of its own until you",
        "# type in the printed side here.",
        "#",
        "# What the rulebook states of the board:",
        '#   "Place your monkeys ... on the field that shows the number of your played card(s)";',
        '#   a turn plays 1 to 4 cards and adds them up, so the fields carry the numbers a sum',
        "#   can name; simlab reads a 6x6 board with each of the numbers 1..36 exactly once",
        "#   (rows of 4 fit on it horizontally, vertically and diagonally).",
        '#   "The board is shaded so that the numbers are easy to read: the darker the field,',
        '#   the higher the number."',
        '#   Solo variant: "The fields of the square should lie in the middle of the board. Do not',
        '#   place monkeys on the edge fields of the board." (the inner 4x4 square: rows 2-5,',
        '#   columns 2-5); "You place your last monkey on field 31 and thereby complete the',
        '#   square. However, you have built one minus tower on field 17 and one on field 3."',
        '#   and "(maximum: 36)": so fields 3, 17, 31 and 36 lie in the inner square.',
        '#   "Place the game board on the table with a side of your choice. For your first game,',
        '#   use the board side marked with a "1" in one corner." (the board is double-sided;',
        "#   a data folder holds one side: export a second folder for the other side).",
        "#",
        "# The shipped arrangement (layout \"mixed\", MIXED_BOARD in simlab/games/monkey/rules.py)",
        "# is assumed: 3, 17, 31 and 36 inside the inner square, the numbers scattered (the rows",
        f"# and columns sum to {min(sums)}..{max(sums)}, the inner square to "
        f"{sum(board[c] for c in cells)}; its fields are",
        f"# {inner}).",
        "#",
        "# Format: [board] with row1 (top) to row6 (bottom), each a list of the 6 field numbers",
        "# from left to right; which edge is \"top\" does not matter (rows, columns and diagonals",
        "# play alike). `simlab data monkey check` reports, located: a row that is not 6 whole",
        "# numbers, a number outside 1..36, a number twice, a number missing; it warns (the board",
        "# still plays) when 3, 17, 31 or 36 lies outside the inner square.",
        "# Instead of the rows you may name a generator:  layout = \"mixed\" | \"shuffled\" (a random",
        "# board the rulebook allows; with layout_seed = N) | \"spiral\" | \"row-major\" (stress",
        "# layouts that break the rulebook: warned).",
        "",
        "[board]",
    ]
    for r in range(SIDE):
        row = ", ".join(f"{board[r * SIDE + c]:2d}" for c in range(SIDE))
        where = {0: "top row", SIDE - 1: "bottom row"}.get(r, "edge, inner square, edge")
        lines.append(f"{ROWS[r]} = [{row}]   # {where}")
    return "\n".join(lines) + "\n"


def read_board(data: dict, where: str) -> tuple[dict, list[str]]:
    """``board.toml`` -> overrides (``board``, or ``layout``/``layout_seed``) and errors."""
    errors: list[str] = []
    for key in data:
        if key != "board":
            errors.append(f"{where}: {key}: unknown entry (expected a [board] table)")
    table = data.get("board")
    if not isinstance(table, dict):
        errors.append(f"{where}: board: expected a [board] table with row1..row6 (or layout = "
                      f"...), got {'nothing' if table is None else repr(table)}")
        return {}, errors
    known = set(ROWS) | {"layout", "layout_seed"}
    for key in table:
        if key not in known:
            errors.append(f"{where}: board.{key}: unknown entry (expected row1..row6, or layout "
                          "and layout_seed)")
    has_rows = any(r in table for r in ROWS)
    if has_rows and ("layout" in table or "layout_seed" in table):
        errors.append(f"{where}: board.layout: expected either the rows row1..row6 or a layout, "
                      f"got both (layout = {table.get('layout')!r})")
        return {}, errors
    if not has_rows:
        ov, errs, board = _read_layout(table, where)
    else:
        ov, errs, board = _read_rows(table, where)
    errors += errs
    if errors:
        return {}, errors
    _warn_board(board, where)
    default = _default()
    if board == default.arrangement() and ov.get("layout", default.layout) == default.layout:
        return {}, []  # the shipped board: no change to the rules
    return ov, []


def _read_layout(table, where):
    layout = table.get("layout")
    if layout is None:
        return {}, [f"{where}: board: expected row1..row6 (6 field numbers each) or a layout, "
                    "got neither"], None
    if layout not in LAYOUTS:
        return {}, [f"{where}: board.layout: expected one of {', '.join(LAYOUTS)}, got "
                    f"{layout!r}"], None
    ov = {"layout": layout}
    seed = table.get("layout_seed")
    if seed is not None:
        if layout != "shuffled":
            return {}, [f"{where}: board.layout_seed: expected only with layout = \"shuffled\", "
                        f"got {seed!r} with layout {layout!r}"], None
        if not _whole(seed) or seed < 0:
            return {}, [f"{where}: board.layout_seed: expected a whole number >= 0, got "
                        f"{seed!r}"], None
        ov["layout_seed"] = seed
    board = {"mixed": lambda: _default().arrangement(),
             "shuffled": lambda: layout_shuffled(ov.get("layout_seed", 0)),
             **LAYOUT_FUNCTIONS}[layout]()
    return ov, [], tuple(board)


def _read_rows(table, where):
    errors, board, seen = [], [], {}
    for key in ROWS:
        row = table.get(key)
        entry = f"{where}: board.{key}"
        if row is None:
            errors.append(f"{entry}: expected a row of {SIDE} field numbers, got nothing")
            continue
        if not isinstance(row, list):
            errors.append(f"{entry}: expected a list of {SIDE} field numbers, got {row!r}")
            continue
        if len(row) != SIDE:
            errors.append(f"{entry}: expected {SIDE} field numbers (columns 1-{SIDE}), got "
                          f"{len(row)}: {row!r}")
        for c, v in enumerate(row[:SIDE]):
            if not _whole(v) or not 1 <= v <= N_CELLS:
                errors.append(f"{entry}: column {c + 1}: expected a field number from 1 to "
                              f"{N_CELLS}, got {v!r}")
            elif v in seen:
                errors.append(f"{entry}: column {c + 1}: expected each field number once, got "
                              f"{v} again (also at board.{seen[v]})")
            else:
                seen[v] = f"{key} column {c + 1}"
        board += list(row[:SIDE])
    missing = [n for n in range(1, N_CELLS + 1) if n not in seen]
    if missing and len(board) == N_CELLS:
        errors.append(f"{where}: board: expected each of the field numbers 1..{N_CELLS} once, "
                      f"got none of {', '.join(map(str, missing))}")
    if errors:
        return {}, errors, None
    return {"board": [int(v) for v in board]}, [], tuple(board)


def _warn_board(board, where):
    """The game's rule warnings for this arrangement (what the rulebook implies it breaks)."""
    for p in board_problems(board):
        warnings.warn(f"{where}: board: {p} (the board plays; the results may not be the "
                      "rulebook's game)", SimlabWarning, stacklevel=3)


# --------------------------------------------------------------------------- deck.toml
def deck_text() -> str:
    """``deck.toml`` as shipped: the copies of each card value the game plays, documented."""
    deck = _default().deck
    total = sum(deck)
    lines = [
        "# Monkey Fun: the deck (simlab data monkey export). ASSUMED component data: the rulebook",
        "# prints how many cards there are, not their values.",
        "#",
        "# What the rulebook states of the cards:",
        '#   "Contents (for 4 players) ... 55 cards";',
        '#   "If you play 2 or more cards, add together all the numbers on the played cards and',
        '#   use the total."; "Blue plays 2 cards. Together they show the number 11."',
        "#   A turn plays 1 to 4 cards and names the field of their sum (fields 1..36).",
        "#",
        f"# The shipped deck is assumed: v copies of value v for v = 1..{len(deck)} "
        f"(1 + 2 + ... + {len(deck)} = {total}",
        "# cards, the printed count; 1 to 4 cards of values up to 10 can name every field 1..36).",
        "#",
        "# Format: [copies], one entry per card value: value = number of cards showing it (a value",
        "# left out has no cards). `simlab data monkey check` reports, located: a value that is not",
        "# a whole number from 1 to 36, a count that is not a whole number >= 0, and a deck that",
        f"# does not hold {RULEBOOK_CARDS} cards in all (the rulebook's count); it warns when some "
        "field",
        "# can never be named by 1 to 4 cards of the deck.",
        "",
        "[copies]",
    ]
    for v, k in enumerate(deck, start=1):
        lines.append(f"{v} = {k:<3d}  # cards showing {v}")
    return "\n".join(lines) + "\n"


def read_deck(data: dict, where: str) -> tuple[dict, list[str]]:
    """``deck.toml`` -> the ``deck`` override (copies of value 1, 2, ...) and errors."""
    errors: list[str] = []
    for key in data:
        if key != "copies":
            errors.append(f"{where}: {key}: unknown entry (expected a [copies] table)")
    table = data.get("copies")
    if not isinstance(table, dict) or not table:
        errors.append(f"{where}: copies: expected a [copies] table of value = count entries, got "
                      f"{'nothing' if not table else repr(table)}")
        return {}, errors
    counts: dict[int, int] = {}
    for key, k in table.items():
        entry = f"{where}: copies.{key}"
        v = int(key) if key.isdigit() else None
        if v is None or not 1 <= v <= N_CELLS:
            errors.append(f"{entry}: value: expected a card value from 1 to {N_CELLS}, got "
                          f"{key!r}")
            continue
        if v in counts:
            errors.append(f"{entry}: value: expected each card value once, got {v} again")
            continue
        if not _whole(k) or k < 0:
            errors.append(f"{entry}: count: expected a whole number of cards >= 0, got {k!r}")
            continue
        counts[v] = k
    if errors:
        return {}, errors
    total = sum(counts.values())
    if total != RULEBOOK_CARDS:
        errors.append(f"{where}: copies: total: expected {RULEBOOK_CARDS} cards in all (the "
                      f"rulebook's contents: \"{RULEBOOK_CARDS} cards\"), got {total}")
        return {}, errors
    top = max(v for v, k in counts.items() if k > 0)
    deck = [counts.get(v, 0) for v in range(1, top + 1)]
    _warn_deck(deck, where)
    if tuple(deck) == _default().deck:
        return {}, []  # the shipped deck: no change to the rules
    return {"deck": deck}, []


def _warn_deck(deck, where, max_cards: int = 4):
    """Fields no play of 1 to ``max_cards`` cards of the deck can name (the rulebook's
    placement needs every field nameable)."""
    reach = [set() for _ in range(max_cards + 1)]  # sums of exactly j cards
    reach[0].add(0)
    for v, k in enumerate(deck, start=1):
        for _ in range(k):
            for j in range(max_cards, 0, -1):
                reach[j] |= {s + v for s in reach[j - 1] if s + v <= N_CELLS}
    named = set().union(*reach[1:])
    never = [n for n in range(1, N_CELLS + 1) if n not in named]
    if never:
        warnings.warn(f"{where}: copies: no play of 1 to {max_cards} cards of this deck names "
                      f"field{'s' if len(never) > 1 else ''} {', '.join(map(str, never))} (the "
                      "deck plays; those fields stay empty)", SimlabWarning, stacklevel=3)


FILES = [
    DataFile("board.toml", "the 6x6 board: field numbers 1..36 row by row (assumed)",
             board_text, read_board),
    DataFile("deck.toml", "the 55 cards: copies of each value (assumed)", deck_text, read_deck),
]


# --------------------------------------------------------------------------- generators
#: what the rulebook states of the board, each kept by every generated board
BOARD_CONSTRAINTS = (
    "6x6 fields carrying the numbers 1..36, each once: the solo square \"should lie in the "
    "middle of the board. Do not place monkeys on the edge fields\" (a 4x4 square inside a ring "
    "of edge fields) and \"(maximum: 36)\" with plays that add card numbers (shared README: "
    "6x6 fields numbered 1..36)",
    "fields 3, 17 and 31 in the inner 4x4 square (Monkeys in a square, the example: \"You place "
    "your last monkey on field 31 and thereby complete the square. However, you have built one "
    "minus tower on field 17 and one on field 3.\")",
    "field 36 in the inner 4x4 square (Monkeys in a square: \"Try to finish the game with as "
    "high a total score as possible (maximum: 36).\")",
    "under the reading field_one_corner only: field 1 in a corner (Game Setup: \"use the board "
    "side marked with a \"1\" in one corner\"); the generated board follows the rules in force",
)

#: what the rulebook states of the deck, each kept by every generated deck
DECK_CONSTRAINTS = (
    "55 cards (Contents (for 4 players): \"55 cards\")",
    "two cards that add up to 11 (Example turn: \"Blue plays 2 cards. Together they show the "
    "number 11.\")",
    "fields 3, 17 and 31 can be named by 1 to 4 cards (Monkeys in a square, the example: the "
    "last monkey on field 31, minus towers on 17 and 3)",
    "field 36 can be named by 1 to 4 cards (Monkeys in a square: \"(maximum: 36)\")",
)


def draw_board(seed: int, players: int) -> dict:
    """Board alternative ``seed`` (>= 1): the ``shuffled`` layout of that seed, uniform over the
    boards that keep :data:`BOARD_CONSTRAINTS` (``rules.layout_shuffled``; with the reading
    ``field_one_corner`` on, field 1 goes on a random corner too)."""
    return {"layout": "shuffled", "layout_seed": int(seed)}


def _nameable(counts: list[int], max_cards: int = 4) -> set[int]:
    """Field numbers 1..36 that 1 to ``max_cards`` cards of a deck (copies per value) name."""
    reach = [set() for _ in range(max_cards + 1)]
    reach[0].add(0)
    for v, k in enumerate(counts, start=1):
        for _ in range(min(k, max_cards)):
            for j in range(max_cards, 0, -1):
                reach[j] |= {t + v for t in reach[j - 1] if t + v <= N_CELLS}
    return set().union(*reach[1:]) - {0}


def deck_problems(counts) -> list[str]:
    """The constraints of :data:`DECK_CONSTRAINTS` a deck (copies of value 1, 2, ...) breaks."""
    counts = list(counts)
    out = []
    if sum(counts) != RULEBOOK_CARDS:
        out.append(f"{sum(counts)} cards, not {RULEBOOK_CARDS}")
    if not any(counts[a - 1] and 11 - a <= len(counts) and counts[10 - a] and a != 11 - a
               for a in range(1, min(10, len(counts)) + 1)):
        out.append("no two cards add up to 11")
    named = _nameable(counts)
    missing = [n for n in (3, 17, 31, 36) if n not in named]
    if missing:
        out.append("1 to 4 cards cannot name field" + ("s " if len(missing) > 1 else " ")
                   + ", ".join(map(str, missing)))
    return out


def draw_deck(seed: int, players: int) -> dict:
    """Deck alternative ``seed`` (>= 1): a largest card value M drawn uniformly from 1..36 (the
    deck option's range: a card above 36 could never be played), each of the 55 cards' value
    uniformly from 1..M, drawn again until every constraint of :data:`DECK_CONSTRAINTS` holds
    (numpy's PCG64 from the seed: deterministic). The prior (uniform values up to a uniform
    largest value) is the generator's choice, not a rulebook constraint."""
    rng = np.random.default_rng([int(seed), 55])
    while True:
        top = int(rng.integers(1, N_CELLS + 1))
        values = rng.integers(1, top + 1, size=RULEBOOK_CARDS)
        counts = np.bincount(values, minlength=top + 1)[1:]
        last = int(np.nonzero(counts)[0][-1]) + 1
        deck = [int(k) for k in counts[:last]]
        if not deck_problems(deck):
            return {"deck": tuple(deck)}


GENERATORS = [
    DataGenerator(
        "board", "a 6x6 arrangement of the fields 1..36 the rulebook allows (uniform over them)",
        BOARD_CONSTRAINTS, draw_board,
        default="layout mixed (MIXED_BOARD), which keeps these and, by choice, more: every row "
                "and column sums to 110..112 and the inner square to 296, no two of 1..9 or of "
                "28..36 side by side"),
    DataGenerator(
        "deck", "55 cards with the values the rulebook allows (largest value uniform in 1..36, "
                "values uniform up to it)",
        DECK_CONSTRAINTS, draw_deck,
        default="deck rising (v copies of value v for v = 1..10, DEFAULT_DECK), which keeps "
                "these and, by choice, more: values 1..10 only, every field 1..36 nameable"),
]
