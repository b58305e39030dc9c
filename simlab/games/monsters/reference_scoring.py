"""Monsters on Board final scoring in plain, readable Python: the twin of ``scoring.py``.

Same inputs, same results (``tests/monsters/test_scoring_agreement.py`` checks thousands of
random positions). Written independently of the kernel: rows are assigned to a row card's
conditions by trying every assignment (``itertools.permutations``), a column card's conditions by
trying every subset; lines are Python lists. See ``cards.py`` for the condition kinds and
``scoring.py`` for the meaning of ``progress``.
"""

from __future__ import annotations

from itertools import combinations, permutations

from simlab.games.monsters.cards import (
    N_COLS,
    N_ROWS,
    ArchMonster,
    Cards,
    Condition,
    ProphecyCard,
    card_max,
)

GONE = "gone"    # no kept die and none can come (trimmed, or the grid is final)
EMPTY = "empty"  # no die yet, one can still be placed (progress only)


def spot(order_col, order_rank, keep, partial, r, c):
    """``(colour, rank)`` of the kept die at row r, column c, else ``EMPTY`` or ``GONE``."""
    if c < keep[r]:
        if order_col[r][c] >= 0:
            return int(order_col[r][c]), int(order_rank[r][c])
        if partial:
            return EMPTY
    return GONE


def is_die(x) -> bool:
    return isinstance(x, tuple)


def line(order_col, order_rank, keep, partial, axis, index):
    """The spots of row ``index`` (left to right) or column ``index`` (top to bottom)."""
    if axis == "row":
        return [spot(order_col, order_rank, keep, partial, index, c) for c in range(N_COLS)]
    return [spot(order_col, order_rank, keep, partial, r, index) for r in range(N_ROWS)]


def feasible(values, op) -> bool:
    """Can the unknown (None) ranks 1..6 make ``a op b = c``?"""
    choices = [[v] if v is not None else range(1, 7) for v in values]
    for a in choices[0]:
        for b in choices[1]:
            for c in choices[2]:
                if (a + b if op == "+" else a * b) == c:
                    return True
    return False


def pattern_credit(cond: Condition, ranks: tuple, spots: list) -> float:
    """One rank pattern (with the condition's colours) on this line: its points when every
    shown spot matches, partial credit while it still can, 0 once it cannot."""
    need = done = 0
    for j in range(max(len(cond.spot_colours), len(ranks))):
        want_c = cond.spot_colours[j] if cond.spot_colours else -1
        want_r = ranks[j] if ranks else 0
        if want_c < 0 and want_r == 0:
            continue
        need += 1
        x = spots[j]
        if x == GONE:
            return 0.0
        if is_die(x):
            if (want_c >= 0 and x[0] != want_c) or (want_r > 0 and x[1] != want_r):
                return 0.0
            done += 1
    return cond.points * done / need


def condition_credit(cond: Condition, spots: list) -> float:
    """Points the condition gains on this line (full points when met; with ``EMPTY`` spots,
    partial credit while it can still be met, see ``scoring.prophecy_progress``)."""
    if cond.kind == "pattern":
        # any one of the alternative rank patterns (card 01: ascending or descending) will do
        return max(pattern_credit(cond, ranks, spots) for ranks in cond.rank_patterns)
    if cond.kind == "equation":
        xs = [spots[j] for j in cond.spots]
        if GONE in xs:
            return 0.0
        vals = [x[1] if is_die(x) else None for x in xs]
        if not feasible(vals, cond.op):
            return 0.0
        return cond.points * sum(v is not None for v in vals) / 3
    if cond.kind == "groups":
        w = cond.width
        total = 0.0
        for g in range(N_COLS // w):
            cells = [spots[r][c] for r in range(N_ROWS) for c in range(g * w, g * w + w)]
            if GONE in cells:
                continue
            dice = [x for x in cells if is_die(x)]
            ne = len(cells) - len(dice)
            s = sum(x[1] for x in dice)
            if s + ne > cond.hi or s + 6 * ne < cond.lo:
                continue
            total += len(dice) / (len(dice) + ne)
        bc = cond.by_count()
        whole = int(total)
        if whole >= 6:
            return float(bc[6])
        return bc[whole] + (bc[whole + 1] - bc[whole]) * (total - whole)
    # the scope: the first `span` spots (all there), or every spot still there
    if cond.span:
        scope = spots[:cond.span]
        if GONE in scope:
            return 0.0
    else:
        scope = [x for x in spots if x != GONE]
    dice = [x for x in scope if is_die(x)]
    nf, ne = len(dice), len(scope) - len(dice)
    if nf + ne < cond.min_dice:
        return 0.0
    frac = nf / (nf + ne)
    colours = {x[0] for x in dice}
    if cond.kind == "of_a_kind":
        ranks = [x[1] for x in dice]
        most = max((ranks.count(v) for v in range(1, 7)), default=0)
        first = cond.counts[0]
        bc = cond.by_count()
        if most >= first:
            return float(bc[most])
        if most + ne >= first:
            return bc[first] * most / first
        return 0.0
    if cond.kind == "same_colour":
        ok = len(colours) <= 1
    elif cond.kind == "all_match":
        ok = all((cond.colour < 0 or x[0] == cond.colour) and (cond.rank == 0 or x[1] == cond.rank)
                 for x in dice)
    elif cond.kind == "sum":
        s = sum(x[1] for x in dice)
        ok = s + ne <= cond.hi and s + 6 * ne >= cond.lo
    elif cond.kind == "colours":
        ok = len(colours) <= cond.n and len(colours) + ne >= cond.n
    elif cond.kind == "alternate":
        ok = all(not (is_die(x) and is_die(y) and x[1] % 2 == y[1] % 2)
                 for x, y in zip(scope, scope[1:], strict=False))
    else:  # pragma: no cover - validated kinds
        raise AssertionError(cond.kind)
    return cond.points * frac if ok else 0.0


def card_credit(card: ProphecyCard, order_col, order_rank, keep, partial: bool,
                cap: int) -> float:
    """Best total over the allowed uses of rows/columns, capped."""
    conds = card.conditions
    if card.axis == "row":
        rows = [line(order_col, order_rank, keep, partial, "row", r) for r in range(N_ROWS)]
        value = [[condition_credit(c, rows[r]) for r in range(N_ROWS)] for c in conds]
        best = 0.0
        # each row serves one condition or none: try every injective choice of conditions
        for k in range(0, min(N_ROWS, len(conds)) + 1):
            for chosen in permutations(range(len(conds)), k):
                for rows_used in permutations(range(N_ROWS), k):
                    best = max(best, sum(value[i][r] for i, r in zip(chosen, rows_used,
                                                                         strict=True)))
    else:
        grid = [line(order_col, order_rank, keep, partial, "row", r) for r in range(N_ROWS)]
        value = []
        for c in conds:
            if c.kind == "groups":
                value.append(condition_credit(c, grid))
            else:
                value.append(condition_credit(c, line(order_col, order_rank, keep, partial,
                                                      "column", c.column)))
        best = 0.0
        for k in range(len(conds) + 1):
            for subset in combinations(range(len(conds)), k):
                masks = [conds[i].column_mask for i in subset]
                if any(masks[a] & masks[b] for a in range(k) for b in range(a)):
                    continue  # a column may serve one condition only
                best = max(best, sum(value[i] for i in subset))
    return min(best, float(cap))


def prophecy_score(cards: Cards, card: int, order_col, order_rank, keep) -> int:
    """Prophecy Spook Juice of card index ``card`` on a finished grid (kept dice: the first
    ``keep[r]`` spots of row r)."""
    return int(round(card_credit(cards.prophecy[card], order_col, order_rank, keep, False,
                                 cards.prophecy_cap)))


def prophecy_unmet(cards: Cards, card: int, order_col, order_rank, keep) -> int:
    """Full points of the card's conditions met on no line of a finished grid (a row card's
    condition on none of the rows, a column card's on its own column)."""
    total = 0
    for cond in cards.prophecy[card].conditions:
        if cond.axis == "row":
            lines = [line(order_col, order_rank, keep, False, "row", r) for r in range(N_ROWS)]
        elif cond.kind == "groups":
            lines = [[line(order_col, order_rank, keep, False, "row", r) for r in range(N_ROWS)]]
        else:
            lines = [line(order_col, order_rank, keep, False, "column", cond.column)]
        if not any(condition_credit(cond, x) > 0 for x in lines):
            total += cond.max_points
    return total


def sj_prophecy_bonus(cards: Cards, reading: str, card: int, score: int, order_col, order_rank,
                      keep) -> int:
    """Solo 2 "Prophecy +1" (``rules.PROPHECY_PLUS_ONE``): what Spider Jack gains from the
    player's card that scored ``score``: ``max_minus_score`` the card's maximum minus the
    score, ``unmet`` the full points of the conditions met on no line (at most that), ``half``
    half of it rounded down."""
    missed = max(0, card_max(cards.prophecy[card], cards.prophecy_cap) - score)
    if reading == "unmet":
        return min(missed, prophecy_unmet(cards, card, order_col, order_rank, keep))
    if reading == "half":
        return missed // 2
    return missed


def prophecy_progress(cards: Cards, card: int, order_col, order_rank, keep) -> float:
    """Partial-credit value of a grid still being filled (see ``scoring.prophecy_progress``)."""
    return card_credit(cards.prophecy[card], order_col, order_rank, keep, True,
                       cards.prophecy_cap)


# ---------------------------------------------------------------------------------------------
# Arch Monsters and final-area Grunts


def grunt_area(space_area, pos) -> int:
    """Area number of a Grunt position: 0 at a start / gain-Grunt spot, 13 in the final area."""
    if pos < 0:
        return 0
    if pos >= len(space_area):
        return 13
    return int(space_area[pos])


def spooked(space_area, pos, spooked_count: str = "area") -> int:
    """What a Grunt at ``pos`` counts for the ``spooked`` card: "the area's number where each
    required Grunt is" (``area``), or "Each Town space the Grunt has moved through, including
    the one they are currently on" (``spaces``: the spaces of the path up to its own, the final
    space after the last)."""
    if spooked_count == "area":
        return grunt_area(space_area, pos)
    return 0 if pos < 0 else min(pos, len(space_area)) + 1


def arch_score(m: ArchMonster, order_col, order_rank, sj, space_area, area_public, grunt_col,
               grunt_pos, ghost_at, minion_pos, spooked_count: str = "area") -> int:
    """Spook Juice of one Arch Monster card (``single_grunt`` scores in the Grunt step: 0)."""
    kept = [[(int(order_col[r][c]), int(order_rank[r][c])) if c < sj[r] and order_col[r][c] >= 0
             else None for c in range(N_COLS)] for r in range(N_ROWS)]
    neighborhoods = [a for a in range(1, 13) if not area_public[a]]

    def in_area(pos, a):
        return 0 <= pos < len(space_area) and space_area[pos] == a

    if m.kind == "adjacent_pair":
        a, b = m.colours
        pairs = 0
        for r in range(N_ROWS):
            for c in range(N_COLS):
                for r2, c2 in ((r, c + 1), (r + 1, c)):
                    if r2 < N_ROWS and c2 < N_COLS and kept[r][c] and kept[r2][c2]:
                        if {kept[r][c][0], kept[r2][c2][0]} == {a, b} or \
                                (a == b and kept[r][c][0] == a == kept[r2][c2][0]):
                            pairs += 1
        return m.points * pairs
    if m.kind == "spooked":
        return m.points * sum(spooked(space_area, p, spooked_count)
                              for g, p in zip(grunt_col, grunt_pos, strict=True)
                              if g == m.colours[0])
    ghosts = [s for s in range(len(space_area)) if ghost_at[s] >= 0]
    if m.kind == "ghosts_in_neighborhoods":
        return m.points * sum(1 for s in ghosts if not area_public[space_area[s]])
    if m.kind == "ghosts_in_one_neighborhood":
        most = max((sum(1 for s in ghosts if space_area[s] == a) for a in neighborhoods),
                   default=0)
        return m.points if most >= m.threshold else 0
    if m.kind == "minions_in_one_neighborhood":
        most = max((sum(1 for p in minion_pos if in_area(p, a)) for a in neighborhoods),
                   default=0)
        return m.points if most >= m.threshold else 0
    if m.kind == "adjacent_columns":
        col_sum = [sum(kept[r][c][1] for r in range(N_ROWS) if kept[r][c]) for c in range(N_COLS)]
        best = max(col_sum[c] + col_sum[c + 1] for c in range(N_COLS - 1))
        return m.points if best >= m.threshold else 0
    if m.kind == "row_colour":
        best = max(sum(1 for x in kept[r] if x and x[0] == m.colours[0]) for r in range(N_ROWS))
        return m.points if best >= m.threshold else 0
    return 0  # single_grunt


def final_score(cards: Cards, space_area, area_public, order_col, order_rank, sj, grunt_col,
                grunt_pos, ghost_at, minion_pos, prophecy_card, arch_cards, n_arch,
                spooked_count: str = "area"):
    """``(final-area Grunts, Prophecy, Arch Monsters)``, as ``scoring.final_score``
    (``spooked_count``: the rule option)."""
    owned = [cards.arch[int(i)] for i in list(arch_cards)[:n_arch] if i >= 0]
    dice = [sum(1 for r in range(N_ROWS) for c in range(min(int(sj[r]), N_COLS))
                if order_col[r][c] == colour) for colour in range(6)]
    final = len(space_area)
    grunts = 0
    for colour in range(6):
        there = sum(1 for g, p in zip(grunt_col, grunt_pos, strict=True)
                    if g == colour and p == final)
        # the best single-Grunt cards of this colour, one Grunt each
        bonus = sorted((m.points for m in owned if m.kind == "single_grunt"
                        and m.colours[0] == colour and m.points > cards.per_die), reverse=True)
        per_grunt = bonus[:there] + [cards.per_die] * max(0, there - len(bonus))
        grunts += sum(per_grunt) * dice[colour]
    prophecy = 0
    if prophecy_card >= 0:
        prophecy = prophecy_score(cards, int(prophecy_card), order_col, order_rank, sj)
    arch = sum(arch_score(m, order_col, order_rank, sj, space_area, area_public, grunt_col,
                          grunt_pos, ghost_at, minion_pos, spooked_count) for m in owned)
    return grunts, prophecy, arch
