"""Take-away Nim, written only from docs/your-own-game.md (the proof that the doc suffices).

The rules, as a rulebook would print them: "Deal `piles` piles of 1 to `most` counters each.
Players take turns; a turn removes 1 to `take` counters from one pile. The game ends when the
last counter is taken." The rulebook does not say who wins then: a reading, ``last_wins``
(default: the player who takes the last counter wins; the alternative is misere, where that
player loses and every other player shares the win).

No chance after the deal, so the only randomness is the deal (``start``) and the bots' ties.
With two players and ``last_wins``, the first player wins under perfect play exactly when the
XOR of the piles' Grundy values (``pile % (take + 1)``) is not zero: the ``grundy`` bot plays
that way, and ``tests/plugin_games/test_nim.py`` checks it game by game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import simlab
from simlab.games.python import Reading


@dataclass(frozen=True)
class NimRules:
    """The rules of take-away Nim."""

    players: int = 2
    piles: int = field(default=3, metadata={"doc": "piles dealt"})
    most: int = field(default=7, metadata={"doc": "counters per pile at most (1 to most)"})
    take: int = field(default=3, metadata={"doc": "counters a turn takes at most"})
    last_wins: bool = field(default=True, metadata={
        "doc": "reading: the player who takes the last counter wins (false: loses)"})

    def __post_init__(self):
        if isinstance(self.players, bool) or not 2 <= self.players <= 4:
            raise ValueError(f"players: expected 2 to 4 players, got {self.players!r}")
        if not 1 <= self.piles <= 8:
            raise ValueError(f"piles: expected 1 to 8 piles, got {self.piles!r}")
        if not 1 <= self.most <= 50:
            raise ValueError(f"most: expected 1 to 50 counters, got {self.most!r}")
        if not 1 <= self.take <= 50:
            raise ValueError(f"take: expected 1 to 50 counters, got {self.take!r}")
        if not isinstance(self.last_wins, bool):
            raise ValueError(f"last_wins: expected true or false, got {self.last_wins!r}")


@dataclass
class NimState:
    """The piles, the seat to move, who took last (-1: nobody yet), the moves played and the
    counters each seat took."""

    piles: list
    seat: int = 0
    last: int = -1
    moves: int = 0
    taken: list = field(default_factory=list)
    emptied: int = 0


class Nim(simlab.PythonGame):
    """Take-away Nim: take 1 to `take` counters from one pile; the last counter decides."""

    name = "nim"
    title = "Take-away Nim"
    rules = NimRules
    min_players, max_players, default_players = 2, 4, 2
    default_bots = ("grundy", "greedy")
    readings = (
        Reading("last_wins", "The game ends when the last counter is taken.", True, (False,),
                "The rulebook does not say who wins; the usual game (normal play) gives the win "
                "to the player who takes the last counter, misere to everyone else."),
    )
    score_sources = ("last counter",)
    choice_names = ("single", "several")
    end_names = ("empty",)
    checkpoint_name = "round"
    counters = ("piles_emptied",)
    seat_counters = ("taken",)

    def start(self, rules, rng):
        return NimState([rng.randint(rules.most) + 1 for _ in range(rules.piles)],
                        taken=[0] * rules.players)

    def to_move(self, rules, state):
        return state.seat

    def moves(self, rules, state):
        return tuple((i, n) for i, p in enumerate(state.piles)
                     for n in range(1, min(rules.take, p) + 1))

    def play(self, rules, state, move, rng):
        i, n = move
        state.piles[i] -= n
        if state.piles[i] == 0:
            state.emptied += 1
        state.taken[state.seat] += n
        state.last = state.seat
        state.moves += 1
        state.seat = (state.seat + 1) % rules.players

    def end(self, rules, state):
        return "empty" if sum(state.piles) == 0 else None

    def scores(self, rules, state):
        if sum(state.piles) > 0:
            return [0] * rules.players
        if rules.last_wins:
            return [int(s == state.last) for s in range(rules.players)]
        return [int(s != state.last) for s in range(rules.players)]

    def choice(self, rules, state, move):
        return "single" if move[1] == 1 else "several"

    def checkpoint(self, rules, state):
        return state.moves % rules.players == 0

    def counts(self, rules, state):
        return {"piles_emptied": state.emptied}

    def seat_counts(self, rules, state):
        return [[t] for t in state.taken]

    def copy(self, state):
        return NimState(list(state.piles), state.seat, state.last, state.moves,
                        list(state.taken), state.emptied)

    def describe(self, rules, before, move, after):
        i, n = move
        return f"takes {n} from pile {i + 1}: piles {after.piles}"

    def show(self, rules, state):
        return "\n".join(f"pile {i + 1}: {'o' * p}" for i, p in enumerate(state.piles))

    def check(self, rules, state):
        problems = []
        if any(p < 0 for p in state.piles):
            problems.append("a pile went negative")
        if sum(state.piles) != 0:
            problems.append("the game ended with counters left")
        return problems


def grundy_sum(piles, take: int) -> int:
    """The XOR of the piles' Grundy values in the take-1-to-`take` game."""
    x = 0
    for p in piles:
        x ^= p % (take + 1)
    return x


@Nim.bot(params={"slip": 0.0},
         doc="a move to a zero Grundy sum if there is one, else random; random with chance slip")
def grundy(rules, state, seat, moves, rng, params):
    """A move to a zero Grundy sum when there is one (perfect play for two players when the last
    counter wins), else a random legal move; ties between good moves from the stream. With
    probability ``slip`` a random legal move instead (an imperfect player)."""
    if params["slip"] > 0 and rng.random() < params["slip"]:
        return rng.choice(moves)
    good = []
    for i, n in moves:
        after = list(state.piles)
        after[i] -= n
        if grundy_sum(after, rules.take) == 0:
            good.append((i, n))
    return rng.choice(good) if good else rng.choice(moves)
