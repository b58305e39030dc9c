"""Pig: the dice game, written in plain Python for simlab (the worked example of
docs/your-own-game.md).

The rules: 2 or more players take turns; on a turn a player rolls a die as often as they like;
each roll adds its pips to the turn total, but a 1 ends the turn and loses the turn total; a
player who holds instead banks the turn total. The first player to bank ``goal`` (100) points
wins. The game is played by::

    simlab simulate pig --plugin examples/games/pig/game.py -p 2 -b "hold(n=20)"

Where the rules are silent (a reading, ``simlab readings pig``): whether the players after the
one who reaches the goal still get their turn of the round (``finish_round``, default: no,
the first to reach the goal wins at once).

A turn's first move is always a roll (holding before rolling banks nothing and is not a move
the rules offer), so the engine plays it without asking the bot. The moves are ``"roll"`` and
``"hold"``; the scores are the banked points (one source, ``banked``); the game's length
counts turns (a bust is a turn), and a checkpoint closes each round (every seat has had a
turn), where the game-shape measures read the banked scores.

``kernel.py`` is the same game as a numba kernel (the hold and random bots); the conformance
harness checks it against this file game for game (``tests/plugin_games/test_pig.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from simlab.games.python import PythonGame, Reading

from .kernel import PigKernel


@dataclass(frozen=True)
class PigRules:
    """The rules of Pig (every field a ``--set`` option)."""

    players: int = 2
    goal: int = field(default=100, metadata={"doc": "points to bank to win (rulebook 100)"})
    die: int = field(default=6, metadata={"doc": "faces of the die, 1 to die (rulebook 6)"})
    finish_round: bool = field(default=False, metadata={
        "doc": "reading: the round is played out after a player reaches the goal"})

    def __post_init__(self):
        if isinstance(self.players, bool) or not 2 <= self.players <= 8:
            raise ValueError(f"players: expected 2 to 8 players, got {self.players!r}")
        if not 1 <= self.goal <= 10_000:
            raise ValueError(f"goal: expected a goal of 1 to 10000 points, got {self.goal!r}")
        if not 2 <= self.die <= 100:
            raise ValueError(f"die: expected a die of 2 to 100 faces, got {self.die!r}")
        if not isinstance(self.finish_round, bool):
            raise ValueError(f"finish_round: expected true or false, got {self.finish_round!r}")


READINGS = (
    Reading("finish_round",
            "The first player to score 100 or more points wins.",
            False, (True,),
            "As written the first player to reach the goal wins at once, so the players after "
            "them in the round never get their turn; many tables play the round out so that "
            "every player has had as many turns (then the top score wins, a tie shares the "
            "win). The alternative is there to measure what it does to the first seat's "
            "advantage."),
)


@dataclass
class PigState:
    """A game in progress: each seat's banked points, the seat to move and its turn total,
    the last roll, who reached the goal first (-1: nobody yet), and the counts the metrics
    read."""

    banked: list
    seat: int = 0
    turn: int = 0
    last: int = 0
    turns: int = 0
    reached: int = -1
    over: bool = False
    round_done: bool = False
    rolls: int = 0
    holds: int = 0
    busts: int = 0
    seat_turns: list = field(default_factory=list)
    seat_busts: list = field(default_factory=list)
    seat_lost: list = field(default_factory=list)


class Pig(PythonGame):
    """Pig (2-8 players): roll until you hold or roll a 1; first to 100 banked points wins."""

    name = "pig"
    title = "Pig"
    rules = PigRules
    min_players, max_players, default_players = 2, 8, 2
    default_bots = ("hold",)
    readings = READINGS
    score_sources = ("banked",)
    choice_names = ("roll", "hold")
    end_names = ("goal",)
    length_unit = "turns"
    checkpoint_name = "round"
    counters = ("rolls", "holds", "busts")
    seat_counters = ("turns", "busts", "points_lost")
    value_params = {"turn": 1.0, "win": 100.0}
    rollout_bot = "hold"  # lookahead's playouts: hold(n=20) for every seat (random play is poor)
    kernel = PigKernel()

    def start(self, rules, rng):
        p = rules.players
        return PigState([0] * p, seat_turns=[0] * p, seat_busts=[0] * p, seat_lost=[0] * p)

    def to_move(self, rules, state):
        return state.seat

    def moves(self, rules, state):
        return ("roll",) if state.turn == 0 else ("roll", "hold")

    def play(self, rules, state, move, rng):
        state.round_done = False
        s = state.seat
        if move == "roll":
            r = rng.die(rules.die)
            state.rolls += 1
            state.last = r
            if r != 1:
                state.turn += r
                return None
            state.busts += 1
            state.seat_busts[s] += 1
            state.seat_lost[s] += state.turn
        else:
            state.banked[s] += state.turn
            state.holds += 1
            if state.banked[s] >= rules.goal and state.reached < 0:
                state.reached = s
        state.turn = 0
        state.turns += 1
        state.seat_turns[s] += 1
        state.round_done = s == rules.players - 1
        state.seat = (s + 1) % rules.players
        if state.reached >= 0 and (state.round_done or not rules.finish_round):
            state.over = True
        return None

    def end(self, rules, state):
        return "goal" if state.over else None

    def scores(self, rules, state):
        return state.banked

    def choice(self, rules, state, move):
        return move

    def length(self, rules, state):
        return state.turns

    def checkpoint(self, rules, state):
        return state.round_done

    def counts(self, rules, state):
        return (state.rolls, state.holds, state.busts)

    def seat_counts(self, rules, state):
        return [(state.seat_turns[s], state.seat_busts[s], state.seat_lost[s])
                for s in range(rules.players)]

    def value(self, rules, state, seat, params):
        """The seat's banked lead over the best other seat, its unbanked turn total weighted
        by ``turn``, and ``win`` for a game it has won."""
        others = max(b for s, b in enumerate(state.banked) if s != seat)
        v = state.banked[seat] - others
        if state.seat == seat:
            v += params["turn"] * state.turn
        if state.over and state.banked[seat] == max(state.banked):
            v += params["win"]
        return v

    def copy(self, state):
        return PigState(list(state.banked), state.seat, state.turn, state.last, state.turns,
                        state.reached, state.over, state.round_done, state.rolls, state.holds,
                        state.busts, list(state.seat_turns), list(state.seat_busts),
                        list(state.seat_lost))

    def describe(self, rules, before, move, after):
        s = before.seat
        if move == "hold":
            return (f"holds: banks {before.turn}, {after.banked[s]} in all"
                    + (" and reaches the goal" if after.banked[s] >= rules.goal else ""))
        if after.last == 1:
            return f"rolls a 1: loses the turn's {before.turn}"
        return f"rolls a {after.last}: turn total {after.turn}"

    def show(self, rules, state):
        rows = [f"seat {s + 1}: {b:>4} banked" + (f", turn total {state.turn}"
                                                  if s == state.seat and not state.over else "")
                for s, b in enumerate(state.banked)]
        return "\n".join([f"goal {rules.goal}, last roll {state.last or '-'}"] + rows)

    def check(self, rules, state):
        problems = []
        if sum(state.seat_turns) != state.turns:
            problems.append("turns by seat do not add up to the turns")
        if state.holds + state.busts != state.turns:
            problems.append("every turn ends by a hold or a bust")
        if max(state.banked) < rules.goal:
            problems.append("the game ended with nobody at the goal")
        return problems


@Pig.bot(params={"n": 20.0})
def hold(rules, state, seat, moves, rng, params):
    """hold once the turn total reaches n, or as soon as holding reaches the goal"""
    if state.turn >= params["n"] or state.banked[seat] + state.turn >= rules.goal:
        return "hold"
    return "roll"
