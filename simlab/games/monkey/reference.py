"""Monkey Fun in plain, readable Python: the test oracle and the game log.

This engine re-implements every rule on its own data structures (a board of fields holding
monkeys per player, hands as lists, draw and discard piles as lists) and draws from the same
random stream as the kernel, in the same order. Decisions are the only thing it borrows: it shows
the kernel's bot function a :class:`~simlab.games.monkey.state.MonkeyState` built from its own
state and applies the card subset it chooses. Kernel and reference must agree game for game; the
tests check that they do.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import ceil

import numpy as np

from simlab.core.rng import new_stream, randint
from simlab.core.shape import record_shape
from simlab.games.monkey import bots, engine
from simlab.games.monkey.rules import MODE_QUICK, MODE_SOLO, N_CELLS, SIDE
from simlab.games.monkey.state import (
    C_BOARD_END,
    C_BOXED_BOARD,
    C_BOXED_SUPPLY,
    C_CARDS_DRAWN,
    C_CARDS_PLAYED,
    C_DISCARDS,
    C_FINAL_REMOVED,
    C_FIRST_UNPLAYABLE,
    C_ILLEGAL,
    C_OWNED,
    C_OWNER_EXTRA,
    C_OWNER_EXTRA_VOLUNTARY,
    C_PLACED,
    C_RESHUFFLES,
    C_SUPPLY_END,
    C_TOWER_MONKEYS,
    C_TOWERS,
    C_TURN_CAP,
    C_TURNS,
    E_NONE,
    E_POINTS,
    E_ROW,
    E_SOLO_LOSS,
    E_SOLO_WIN,
    E_SQUARE,
    END_NAMES,
    I_CUR,
    I_LAST,
    I_NDISC,
    I_NDRAW,
    I_TOWERS,
    I_TURN,
    N_TENTHS,
    S_BOXED_BOARD,
    S_DISCARDS,
    S_FIELDS,
    S_OWNED,
    S_PLACED,
    S_POINTS,
    S_ROW_WINS,
    SCORE_BINS,
    SOLO_BINS,
    SOLO_OFFSET,
    SRC_LAST,
    SRC_MAJORITY,
    SRC_OWNED,
    SRC_TOWERS,
    W_POINTS,
    W_ROW,
    W_SOLO_EARLY,
    W_SOLO_ROUNDS,
    W_SOLO_STUCK,
    W_SOLO_WIN,
    W_SQUARE,
    W_TURN_CAP,
    WAY_NAMES,
    X_BLOCK,
    X_BUILD,
    X_CARDS_1,
    X_CONTEST,
    X_COVER,
    X_DISCARD,
    X_MAJORITY,
    X_NEW_TOWER,
    X_OWN_FIELD,
    X_RAISE_TOWER,
    X_TAKE_FIELD,
    MonkeyState,
    new_agg,
    new_state,
)

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (-1, 1))  # horizontal, vertical, both diagonals


class ReferenceGame:
    """One game of Monkey Fun, played rule by rule with a readable log.

    Parameters
    ----------
    arrays : MonkeyArrays
        The rules, as given to the kernel.
    lineup : MonkeyLineup
        Bot ids and parameters (decisions are asked from ``bots.decide``).
    seed, game : int
        The run's seed and this game's index: the random stream is that of ``(seed, game)``.
    log : bool
        Keep a readable log in ``self.lines``.
    """

    def __init__(self, arrays, lineup, seed: int, game: int, log: bool = False, names=None):
        A = arrays
        self.A = A
        self.lineup = lineup
        self.rng = new_stream(seed, game)
        self.n_p = A.n_players
        self.solo = A.mode == MODE_SOLO
        self.quick = A.mode == MODE_QUICK
        # the board: field number at (row, col); monkeys[(row, col)][player]
        self.number = {(r, c): int(A.number[r * SIDE + c]) for r in range(SIDE)
                       for c in range(SIDE)}
        self.where = {n: rc for rc, n in self.number.items()}
        # the winning shapes: rows of 4 in the four directions, 2x2 squares in the quick game
        self.shapes = [[(r + k * dr, c + k * dc) for k in range(4)]
                       for dr, dc in DIRECTIONS for r in range(SIDE) for c in range(SIDE)
                       if 0 <= r + 3 * dr < SIDE and 0 <= c + 3 * dc < SIDE]
        if self.quick:
            self.shapes += [[(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                            for r in range(SIDE - 1) for c in range(SIDE - 1)]
        self.monkeys = {rc: [0] * self.n_p for rc in self.number}
        self.owner: dict[tuple[int, int], int] = {}
        self.supply = [A.monkeys] * self.n_p
        self.box = [0] * self.n_p
        self.hands: list[list[int]] = [[] for _ in range(self.n_p)]
        self.draw_pile: list[int] = []  # the top card is the last one
        self.discard_pile: list[int] = []
        self.turn = 0
        self.last_field: tuple[int, int] | None = None
        self.agg = new_agg(self.n_p, A.len_bins)
        self.view = new_state(self.n_p, A.n_cards)
        self.sim = bots.search_state(lineup, self.n_p, A.n_cards)  # lookahead playouts, or None
        self.log_on = log
        self.lines: list[str] = []
        self.names = names or [f"P{q + 1}" for q in range(self.n_p)]
        self.scores: list[int] = []
        self.winners: list[bool] = []

    # ----------------------------------------------------------------- helpers
    def say(self, text: str):
        if self.log_on:
            self.lines.append(text)

    def count(self, i: int, by: int = 1):
        self.agg.counters[i] += by

    def majority(self, rc) -> int:
        """Strictly more monkeys than every other player; an owned field is the owner's."""
        if rc in self.owner:
            return self.owner[rc]
        counts = self.monkeys[rc]
        top = max(counts)
        if top == 0 or counts.count(top) > 1:
            return -1
        return counts.index(top)

    def inner(self, rc) -> bool:
        return 1 <= rc[0] <= SIDE - 2 and 1 <= rc[1] <= SIDE - 2

    def towers(self) -> list[tuple[int, int]]:
        return [rc for rc, m in self.monkeys.items() if m[0] >= 2] if self.solo else []

    def shuffle(self, cards: list[int]):
        """Fisher-Yates from the top, one draw from the game's stream per card."""
        for i in range(len(cards) - 1, 0, -1):
            j = int(randint(self.rng, i + 1))
            cards[i], cards[j] = cards[j], cards[i]

    def refill(self, p: int, count_it: bool = True):
        """Step 3 (draw cards): draw back up to the hand size; reshuffle the discard pile when
        the pile runs out."""
        while len(self.hands[p]) < self.A.hand_size:
            if not self.draw_pile:
                if not self.discard_pile:
                    break
                self.draw_pile = list(self.discard_pile)
                self.discard_pile = []
                self.shuffle(self.draw_pile)
                self.count(C_RESHUFFLES)
                self.say(f"    the draw pile is empty: the discard pile ({len(self.draw_pile)} "
                         "cards) is shuffled into a new draw pile")
            self.hands[p].append(self.draw_pile.pop())
            if count_it:
                self.count(C_CARDS_DRAWN)

    def may_place(self, p: int, rc) -> bool:
        """Nobody but the owner places on an owned field, and the owner only under the reading
        owner_may_place (solo: see ``solo_tiers``)."""
        if rc not in self.owner:
            return True
        return self.owner[rc] == p and bool(self.A.owner_may_place)

    def solo_tiers(self):
        """Solo: free square fields, or if none can be reached, minus-tower fields."""
        free = {rc for rc in self.number if self.inner(rc) and self.monkeys[rc][0] == 0}
        n_towers = len(self.towers())
        tower = {rc for rc in self.number if self.inner(rc)
                 and 1 <= self.monkeys[rc][0] < self.A.solo_max_per_field
                 and (self.monkeys[rc][0] >= 2 or n_towers < self.A.solo_max_towers)}
        return free, tower

    def legal_plays(self, p: int) -> list[tuple[int, tuple[int, int]]]:
        """(card subset as a bitmask over hand positions, field) for every legal play, in
        increasing bitmask order."""
        hand = self.hands[p]
        plays = []
        for k in range(1, min(self.A.max_play, len(hand)) + 1):
            for idx in combinations(range(len(hand)), k):
                total = sum(hand[i] for i in idx)
                if 1 <= total <= N_CELLS:
                    plays.append((sum(1 << i for i in idx), self.where[total]))
        plays.sort()
        if self.solo:
            free, tower = self.solo_tiers()
            ok = [x for x in plays if x[1] in free]
            return ok if ok else [x for x in plays if x[1] in tower]
        return [x for x in plays if self.may_place(p, x[1])]

    def make_view(self, p: int) -> MonkeyState:
        """The kernel's array view of this state, for asking bots."""
        st = self.view
        for rc, counts in self.monkeys.items():
            cell = rc[0] * SIDE + rc[1]
            st.counts[cell, :] = counts
            st.owner[cell] = self.owner.get(rc, -1)
            st.maj[cell] = self.majority(rc)
        st.supply[:] = self.supply
        st.boxed[:] = self.box
        st.hand[:] = 0
        for q, hand in enumerate(self.hands):
            st.hand[q, : len(hand)] = hand
            st.hand_n[q] = len(hand)
        st.draw[: len(self.draw_pile)] = self.draw_pile
        st.discard[: len(self.discard_pile)] = self.discard_pile
        st.info[:] = 0
        st.info[I_NDRAW] = len(self.draw_pile)
        st.info[I_NDISC] = len(self.discard_pile)
        st.info[I_TURN] = self.turn
        st.info[I_TOWERS] = len(self.towers())
        lf = self.last_field
        st.info[I_LAST] = lf[0] * SIDE + lf[1] if lf else 0
        st.info[I_CUR] = p
        engine.sync_board(self.A, st)
        return st

    def cell(self, rc) -> int:
        return rc[0] * SIDE + rc[1]

    # ----------------------------------------------------------------- a turn
    def place_monkey(self, p: int, rc):
        """Step 2 (place one monkey) from p's supply on field rc, then ownership (not in solo;
        solo: a second monkey on a field makes it a minus tower)."""
        agg = self.agg
        self.supply[p] -= 1
        self.monkeys[rc][p] += 1
        self.last_field = rc
        self.count(C_PLACED)
        agg.seat[p, S_PLACED] += 1
        agg.field_played[self.cell(rc)] += 1
        n = self.number[rc]
        self.say(f"    {self.names[p]} places a monkey on field {n} (row {rc[0]}, col {rc[1]}): "
                 f"monkeys there {self.monkeys[rc]}")
        if self.solo:
            if self.monkeys[rc][p] >= 2:
                self.count(C_TOWER_MONKEYS)
                if self.monkeys[rc][p] == 2:
                    self.count(C_TOWERS)
                self.say(f"    minus tower on field {n}: {self.monkeys[rc][p]} monkeys")
            return
        if self.owner.get(rc) == p:
            self.monkeys[rc][p] -= 1
            self.box[p] += 1
            self.count(C_BOXED_BOARD)
            self.count(C_OWNER_EXTRA)
            agg.seat[p, S_BOXED_BOARD] += 1
            self.say(f"    field {n} is {self.names[p]}'s: the owner keeps exactly 2, the new "
                     "monkey goes to the box")
            return
        self.resolve_ownership(p, rc)

    def resolve_ownership(self, p: int, rc):
        """The field belongs to you: 2 more monkeys than every other player -> p owns it, keeps
        2 monkeys there, every other monkey on it goes to the box."""
        agg = self.agg
        n = self.number[rc]
        others = [self.monkeys[rc][q] for q in range(self.n_p) if q != p]
        if self.monkeys[rc][p] < max(others) + 2:
            return
        self.owner[rc] = p
        self.count(C_OWNED)
        agg.seat[p, S_OWNED] += 1
        agg.field_owned[self.cell(rc)] += 1
        boxed = []
        for q in range(self.n_p):
            extra = self.monkeys[rc][q] - (2 if q == p else 0)
            if extra > 0:
                self.monkeys[rc][q] -= extra
                self.box[q] += extra
                self.count(C_BOXED_BOARD, extra)
                agg.seat[q, S_BOXED_BOARD] += extra
                boxed.append(f"{extra} of {self.names[q]}")
        self.say(f"    field {n} now belongs to {self.names[p]} (2 more than everyone); "
                 f"to the box: {', '.join(boxed) or 'none'}")

    def check_win(self, q: int) -> int:
        """End of the game (immediate): E_ROW if q holds the majority on 4 connected fields in
        a row, E_SQUARE for a 2x2 square (quick game), else E_NONE."""
        quick = self.quick
        mine = {rc for rc in self.number if self.majority(rc) == q}
        for (r, c) in mine:
            for dr, dc in DIRECTIONS:
                if all((r + k * dr, c + k * dc) in mine for k in range(4)):
                    return E_ROW
        if quick:
            for (r, c) in mine:
                if {(r, c + 1), (r + 1, c), (r + 1, c + 1)} <= mine:
                    return E_SQUARE
        return E_NONE

    def play_turn(self, p: int) -> int:
        """One turn of p: its bot's play among the legal plays (``bots.decide``; the kernel's
        ``legal_plays`` + ``choose`` in ``nb.play_game``), then :meth:`take_turn`; returns the
        end reason (E_NONE to go on)."""
        A = self.A
        hand = self.hands[p]
        self.say(f"  turn {self.turn}: {self.names[p]} holds {hand} "
                 f"(supply {self.supply[p]})")
        plays = self.legal_plays(p)
        if not plays and self.turn == 1:
            self.count(C_FIRST_UNPLAYABLE)
        if not plays:
            end = self.take_turn(p, 0)
            if not self.solo:
                self.agg.choice[p, X_DISCARD] += 1
            return end
        m = int(bots.decide(A, self.make_view(p), self.sim, self.lineup, p, self.rng))
        if m not in dict(plays):
            self.count(C_ILLEGAL)
            m = plays[0][0]
        rc = dict(plays)[m]
        if self.owner.get(rc) == p and any(self.owner.get(x) != p for _, x in plays):
            self.count(C_OWNER_EXTRA_VOLUNTARY)
            self.say("    (a voluntary boxing: another field was open)")
        before, owner_before = self.majority(rc), self.owner.get(rc, -1)
        threats = 0 if self.solo else self.threats(p)
        end = self.take_turn(p, m)
        self.count_choice(p, rc, bin(m).count("1"), before, owner_before, threats)
        return end

    def threats(self, p: int) -> int:
        """Choice ``block``: the (opponent, shape) pairs where an opponent of p could complete
        the shape with its next monkey: the majority on 3 of its fields, none owned by another
        player, and one more monkey on the fourth (not owned) would take its majority."""
        n = 0
        held = {}   # each field's majority, worked out once for this count
        for shape in self.shapes:
            owners = {self.owner[rc] for rc in shape if rc in self.owner}
            if len(owners) > 1:   # fields owned by two players: no one completes it
                continue
            for q in (owners or range(self.n_p)):   # an owned field leaves only its owner
                if q == p:
                    continue
                rest = []
                for rc in shape:
                    if rc not in held:
                        held[rc] = self.majority(rc)
                    if held[rc] != q:
                        rest.append(rc)
                        if len(rest) > 1:
                            break
                if len(rest) != 1 or rest[0] in self.owner:
                    continue
                counts = self.monkeys[rest[0]]
                if counts[q] + 1 > max(x for r, x in enumerate(counts) if r != q):
                    n += 1
        return n

    def count_choice(self, p: int, rc, cards: int, before: int, owner_before: int,
                     threats_before: int):
        """What p's play of ``cards`` cards onto field rc chose (``before``: rc's majority
        before it, ``owner_before`` its owner or -1, ``threats_before``: :meth:`threats` then),
        into the aggregate ``choice``: the cards, then solo the kind of placement, otherwise
        each effect that holds."""
        ch = self.agg.choice[p]
        ch[X_CARDS_1 + min(cards, 4) - 1] += 1
        if self.solo:
            n = self.monkeys[rc][p]
            ch[X_COVER if n == 1 else X_NEW_TOWER if n == 2 else X_RAISE_TOWER] += 1
            return
        if owner_before == p:
            ch[X_OWN_FIELD] += 1
            return
        after = self.majority(rc)
        if after == p and before != p:
            ch[X_MAJORITY] += 1
            if any(rc in shape and all(self.owner.get(x, p) == p for x in shape)
                   and sum(self.majority(x) == p for x in shape) >= 2 for shape in self.shapes):
                ch[X_BUILD] += 1  # a line still open to p holding 2 or more of its majorities
        if before >= 0 and before != p and after != before:
            ch[X_CONTEST] += 1
        if self.owner.get(rc) == p:
            ch[X_TAKE_FIELD] += 1
        if self.threats(p) < threats_before:
            ch[X_BLOCK] += 1

    def discard_hand(self, p: int):
        """No playable cards: discard the hand, box one monkey from the supply, draw a new hand
        (4 cards: the hand size)."""
        hand = self.hands[p]
        self.discard_pile.extend(hand)
        self.hands[p] = []
        self.supply[p] -= 1
        self.box[p] += 1
        self.count(C_DISCARDS)
        self.count(C_BOXED_SUPPLY)
        self.agg.seat[p, S_DISCARDS] += 1
        self.say(f"    no playable card: {self.names[p]} discards {hand}, boxes a monkey "
                 f"from the supply and draws {self.A.hand_size}")
        self.refill(p)

    def play_cards(self, p: int, m: int) -> list[int]:
        """Step 1 (play cards): the cards of subset m go to the discard pile (in hand order);
        returns them."""
        hand = self.hands[p]
        played = [v for i, v in enumerate(hand) if (m >> i) & 1]
        self.hands[p] = [v for i, v in enumerate(hand) if not (m >> i) & 1]
        self.discard_pile.extend(played)
        self.count(C_CARDS_PLAYED, len(played))
        self.say(f"    plays {'+'.join(map(str, played))} = {sum(played)}")
        return played

    def square_complete(self) -> bool:
        """Solo goal: every field of the inner 4x4 square holds a monkey."""
        return all(self.monkeys[x][0] > 0 for x in self.number if self.inner(x))

    def take_turn(self, p: int, m: int) -> int:
        """A turn of p with card subset m (0: no playable card): play, place, ownership, check
        the end, draw; returns the end reason (E_NONE to go on)."""
        A = self.A
        if m == 0:
            if self.solo:  # not even a minus tower: the solo game is lost
                self.say("    no free square field and no minus tower can be reached: "
                         "the solo game is lost")
                return E_SOLO_LOSS
            self.discard_hand(p)
            return E_NONE
        played = self.play_cards(p, m)
        rc = self.where[sum(played)]
        self.place_monkey(p, rc)
        if self.solo:
            if self.square_complete():
                if self.turn >= A.solo_min_round:
                    self.say(f"    the square is complete in round {self.turn}: solo win")
                    return E_SOLO_WIN
                self.say(f"    the square is complete before round {A.solo_min_round}: lost")
                return E_SOLO_LOSS
        else:
            for q in range(self.n_p):  # only the placing player can have completed a shape
                shape = self.check_win(q)
                if shape != E_NONE:
                    self.say(f"    win check: {self.names[q]} holds a "
                             f"{'row of 4' if shape == E_ROW else '2x2 square'}")
                    assert q == p, "a shape completed by another player's placement"
                    return shape
            self.say("    win check: no row" + (" or square" if self.quick else ""))
        self.refill(p)
        return E_NONE

    # ----------------------------------------------------------------- the end
    def final_scoring(self, count: bool):
        """Remove minorities; a tied top count removes all; sum the fields each player holds.
        Returns (points, highest field for the tie-break, points by source: per seat the
        fields held by a majority and those owned by the 2-more rule)."""
        points = [0] * self.n_p
        best = [0] * self.n_p
        src = [[0, 0] for _ in range(self.n_p)]
        for rc in sorted(self.number, key=lambda x: self.number[x]):
            counts = self.monkeys[rc]
            total = sum(counts)
            if total == 0:
                continue
            top = max(counts)
            n = self.number[rc]
            if counts.count(top) > 1:
                if count:
                    self.count(C_FINAL_REMOVED, total)
                    self.say(f"    field {n}: {counts}: tied top count, all monkeys removed")
                continue
            q = counts.index(top)
            if count:
                self.count(C_FINAL_REMOVED, total - top)
                self.agg.field_scored[self.cell(rc)] += 1
                self.agg.seat[q, S_FIELDS] += 1
                self.say(f"    field {n}: {counts}: {self.names[q]} keeps it ({n} points)")
            points[q] += n
            src[q][1 if self.owner.get(rc) == q else 0] += n
            if self.A.tie_break == 0 or self.owner.get(rc) == q:  # "owned": the 2-more rule
                best[q] = max(best[q], n)
        return points, best, src

    def new_game(self):
        """Setup: the deck shuffled, 4 cards to each player in turn (the board is empty and the
        supplies full from ``__init__``)."""
        self.draw_pile = [int(v) for v in self.A.deck]
        self.shuffle(self.draw_pile)
        for q in range(self.n_p):
            self.refill(q, count_it=False)
        self.say("Setup: deck shuffled, hands dealt: " + "; ".join(
            f"{self.names[q]} {self.hands[q]}" for q in range(self.n_p)))

    def turn_bound(self) -> int:
        """End by rounds (solo: after ``solo_rounds`` rounds the game is lost) or by the turn
        cap (a modelling guard, counted); returns the end reason or E_NONE."""
        A = self.A
        if self.solo and self.turn >= A.solo_rounds:
            self.say(f"  {A.solo_rounds} rounds without completing the square: lost")
            return E_SOLO_LOSS
        if self.turn >= A.max_turns:
            self.count(C_TURN_CAP)
            return E_SOLO_LOSS if self.solo else E_POINTS
        return E_NONE

    def next_player(self, p: int) -> int:
        """Turn order: clockwise from p, skipping players without monkeys in supply; -1 if
        none."""
        waiting = [(p + k) % self.n_p for k in range(1, self.n_p + 1)
                   if self.supply[(p + k) % self.n_p] > 0]
        return waiting[0] if waiting else -1

    def play_game(self):
        """Play the whole game; returns (scores, winners)."""
        A = self.A
        agg = self.agg
        self.new_game()
        p = 0
        trail = [[0] * self.n_p]   # game shape: running scores after turn t (0: the start)
        while True:
            capped = agg.counters[C_TURN_CAP]
            end = self.turn_bound()
            if end != E_NONE:
                way = W_TURN_CAP if agg.counters[C_TURN_CAP] > capped else W_SOLO_ROUNDS
                break
            self.turn += 1
            end = self.play_turn(p)
            total = (len(self.draw_pile) + len(self.discard_pile)
                     + sum(len(h) for h in self.hands))
            assert total == A.n_cards, f"cards not conserved: {total} != {A.n_cards}"
            if not self.solo:
                trail.append(self.running_scores())
            if end != E_NONE:
                way = {E_ROW: W_ROW, E_SQUARE: W_SQUARE, E_SOLO_WIN: W_SOLO_WIN}.get(end)
                if way is None:  # a solo loss on the turn: nothing to place, or too early
                    way = W_SOLO_EARLY if self.square_complete() else W_SOLO_STUCK
                break
            q = self.next_player(p)
            if q < 0:
                end = E_SOLO_LOSS if self.solo else E_POINTS
                way = W_SOLO_ROUNDS if self.solo else W_POINTS
                self.say("  no monkeys left to place" + ("" if self.solo else ": final scoring"))
                break
            p = q
        for q in range(self.n_p):
            assert self.supply[q] + sum(m[q] for m in self.monkeys.values()) + self.box[q] \
                == A.monkeys, "monkeys not conserved"
        self.count(C_TURNS, self.turn)
        self.count(C_SUPPLY_END, sum(self.supply))
        self.count(C_BOARD_END, sum(sum(m) for m in self.monkeys.values()))
        scores, winners = self.finish_game(end, p)
        agg.end_reasons[end] += 1
        agg.length_hist[min(self.turn, agg.length_hist.shape[0] - 1)] += 1
        agg.ends[way] += 1
        agg.length[0] += self.turn
        agg.length[1] += self.turn ** 2
        self.way = way
        k = sum(winners)
        for q, s in enumerate(scores):
            if winners[q]:
                agg.wins[q, k] += 1
            agg.score_sum[q] += s
            agg.score_sumsq[q] += s * s
            agg.score_hist[q, min(max(s, 0), SCORE_BINS - 1)] += 1
        if not self.solo:
            self.record_game_shape(trail, scores, winners)
        self.say(f"End ({END_NAMES[end - 1]}: {WAY_NAMES[way]}) after {self.turn} turns; winner"
                 + ("s" if k > 1 else "") + ": "
                 + ", ".join(self.names[q] for q in range(self.n_p) if winners[q]))
        self.scores, self.winners = scores, winners
        return scores, winners

    def running_scores(self) -> list[int]:
        """Game shape: each player's score if the game ended now (final scoring on the current
        position, nothing changed or counted)."""
        return self.final_scoring(False)[0]

    def record_game_shape(self, trail, scores, winners):
        """Game shape (not solo): checkpoint i (1..9) = the running scores after turn
        ceil(i * T / 10) of the T turns, at most T - 1 (so before the end; turn 0 is the
        start), then the final scores and winners (simlab.core.shape.record_shape)."""
        turns = self.turn
        cp = np.zeros((N_TENTHS, self.n_p), np.int64)
        for i in range(1, N_TENTHS + 1):
            t = max(min(ceil(Fraction(i * turns, 10)), turns - 1), 0)
            cp[i - 1] = trail[t]
        self.trail, self.checkpoints = trail, cp
        record_shape(cp, N_TENTHS, np.asarray(scores, np.int64), np.asarray(winners, np.int64),
                     self.n_p, self.agg.shape_counters, self.agg.lead_hist,
                     self.agg.margin_hist, self.agg.leader_wins)

    def solo_score(self) -> int:
        """Solo score: the number of the field of the last monkey minus the minus-tower
        fields."""
        minus = sum(self.number[rc] for rc in self.towers())
        pts = self.number[self.last_field] - minus
        self.say(f"Solo score: last field {self.number[self.last_field]} - towers "
                 f"{minus} = {pts}")
        return pts

    def finish_game(self, end: int, p: int):
        """Scores and winners of a game that ended with ``end`` on p's turn."""
        agg = self.agg
        if self.solo:
            if end == E_SOLO_WIN:
                pts = self.solo_score()
                agg.solo_hist[min(max(pts + SOLO_OFFSET, 0), SOLO_BINS - 1)] += 1
                last = self.number[self.last_field]
                agg.src[0, SRC_LAST] += last  # the sources: last field plus, towers minus
                agg.src[0, SRC_TOWERS] += pts - last
                scores = [pts]
                winners = [True]
            else:
                scores = [0]
                winners = [False]
        else:
            points, best, src = self.final_scoring(end == E_POINTS)
            for q in range(self.n_p):
                agg.src[q, SRC_MAJORITY] += src[q][0]
                agg.src[q, SRC_OWNED] += src[q][1]
            if end in (E_ROW, E_SQUARE):
                winners = [q == p for q in range(self.n_p)]
                agg.seat[p, S_ROW_WINS] += 1
            else:
                top = max(points)
                tied = [q for q in range(self.n_p) if points[q] == top]
                hi = max(best[q] for q in tied)
                winners = [q in tied and best[q] == hi for q in range(self.n_p)]
                if len(tied) > 1:
                    self.say(f"  tie at {top} points: the highest field held decides "
                             f"({', '.join(f'{self.names[q]} {best[q]}' for q in tied)})")
            for q in range(self.n_p):
                agg.seat[q, S_POINTS] += points[q]
            scores = list(points)
            self.say("Points: " + ", ".join(f"{self.names[q]} {points[q]}"
                                            for q in range(self.n_p)))
        return scores, winners


def board_text(arrays) -> list[str]:
    """The board's field numbers as 6 lines of text."""
    num = np.asarray(arrays.number).reshape(SIDE, SIDE)
    return [" ".join(f"{int(x):2d}" for x in row) for row in num]
