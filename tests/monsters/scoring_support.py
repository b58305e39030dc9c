"""Hand-built grids and towns for the final-scoring tests (both engines side by side)."""

from __future__ import annotations

import numpy as np

from simlab.games.monsters import reference_scoring as ref
from simlab.games.monsters import scoring as nbs
from simlab.games.monsters.cards import ArchMonster, Cards, Condition, ProphecyCard, load_cards

LETTERS = {"B": 0, "G": 1, "P": 2, "O": 3, "U": 4, "Y": 5}  # U = purple
CARDS = load_cards()
ARR = CARDS.to_arrays()
N_SPACES = 36  # synthetic town: area a holds spaces 3(a-1) .. 3(a-1)+2
NEIGHBORHOODS = (4, 8, 12)


def grid(*rows: str):
    """``grid("B6 G5 P4", "", "Y1")`` -> (order_col, order_rank); rows top to bottom, dice left
    to right as colour letter + rank (B blue, G green, P pink, O orange, U purple, Y yellow)."""
    col = np.full((3, 6), -1, dtype=np.int64)
    rank = np.zeros((3, 6), dtype=np.int64)
    for r, text in enumerate(rows):
        for c, die in enumerate(text.split()):
            col[r, c] = LETTERS[die[0]]
            rank[r, c] = int(die[1])
    return col, rank


def keep(*k):
    return np.array(k if k else (6, 6, 6), dtype=np.int64)


def card_index(card_id: int, cards: Cards = CARDS) -> int:
    return [c.id for c in cards.prophecy].index(card_id)


def prophecy(card_id, col, rank, kp=None, cards: Cards = CARDS):
    """Score of a card on both engines (asserted equal)."""
    kp = keep() if kp is None else kp
    k = card_index(card_id, cards)
    a = nbs.prophecy_score(cards.to_arrays() if cards is not CARDS else ARR, k, col, rank, kp)
    b = ref.prophecy_score(cards, k, col, rank, kp)
    assert a == b
    return a


def progress(card_id, col, rank, kp=None, cards: Cards = CARDS):
    kp = keep() if kp is None else kp
    k = card_index(card_id, cards)
    a = nbs.prophecy_progress(cards.to_arrays() if cards is not CARDS else ARR, k, col, rank, kp)
    b = ref.prophecy_progress(cards, k, col, rank, kp)
    assert abs(a - b) < 1e-9
    return a


def one_card(*conditions: Condition) -> Cards:
    """Cards with a single Prophecy card made of ``conditions`` (id 1)."""
    return Cards((ProphecyCard(1, "test", tuple(conditions)),), CARDS.arch)


def town():
    """``space_area`` (36 spaces, 3 per area) and ``area_public`` (4, 8, 12 neighborhoods)."""
    space_area = np.repeat(np.arange(1, 13, dtype=np.int64), 3)
    area_public = np.ones(14, dtype=np.int64)
    area_public[list(NEIGHBORHOODS)] = 0
    return space_area, area_public


def space(area: int, i: int = 0) -> int:
    return 3 * (area - 1) + i


def arch_index(kind: str, colours: tuple[str, ...] = (), cards: Cards = CARDS) -> int:
    want = tuple(LETTERS_BY_NAME[c] for c in colours)
    for i, m in enumerate(cards.arch):
        if m.kind == kind and m.colours == want:
            return i
    raise KeyError((kind, colours))


LETTERS_BY_NAME = {"blue": 0, "green": 1, "pink": 2, "orange": 3, "purple": 4, "yellow": 5}


def final(col, rank, sj=None, grunts=(), ghosts=(), minions=(), prophecy_card=-1, arch=(),
          n_arch=None, cards: Cards = CARDS):
    """``final_score`` on both engines (asserted equal): grunts = [(colour letter, position)],
    ghosts = spaces holding a Ghost, minions = Minion positions; position "F" = final area."""
    space_area, area_public = town()
    sj = keep() if sj is None else np.asarray(sj, dtype=np.int64)
    gc = np.full(12, -1, dtype=np.int64)
    gp = np.full(12, -1, dtype=np.int64)
    for i, (c, p) in enumerate(grunts):
        gc[i] = LETTERS[c]
        gp[i] = N_SPACES if p == "F" else p
    ghost_at = np.full(N_SPACES, -1, dtype=np.int64)
    for j, s in enumerate(ghosts):
        ghost_at[s] = j
    mp = np.full(6, -1, dtype=np.int64)
    mp[:len(minions)] = minions
    ac = np.array(list(arch) + [0] * (8 - len(arch)), dtype=np.int64)
    n = len(arch) if n_arch is None else n_arch
    out = np.zeros(3, dtype=np.int64)
    C = ARR if cards is CARDS else cards.to_arrays()
    nbs.final_score(C, space_area, area_public, col, rank, sj, gc, gp, ghost_at, mp,
                    prophecy_card, ac, n, out)
    want = ref.final_score(cards, space_area, area_public, col, rank, sj, gc, gp, ghost_at, mp,
                           prophecy_card, ac, n)
    assert tuple(int(x) for x in out) == want
    return want


def same_arch_twice(kind: str, colours: tuple[int, ...] = ()) -> Cards:
    """Cards whose Arch Monster list is two identical cards of ``kind``."""
    return Cards(CARDS.prophecy, (ArchMonster(1, kind, colours), ArchMonster(2, kind, colours)))
