"""The bots every plain-Python game gets for free: ``random``, ``greedy``, ``weights`` and
``lookahead``.

Each is a function of the protocol's bot arguments ``(rules, state, seat, moves, rng, params)``
that returns one of ``moves``; the thinking ones also have ``decide``, which returns the move and
the value it gave each option (what ``simlab replay`` shows). They know the game only through
its methods, treat every seat alike (the value is the deciding seat's), and break ties from the
game's stream. What they imagine (the outcome of a die, a playout) they draw from a stream of
their own, spawned from one number of the game's stream (:meth:`Stream.spawn`), so thinking
never peeks at the dice the game will roll and the same game always gets the same decisions.

* ``random``: a legal move, uniformly.
* ``greedy(samples=8)``: one ply: the move whose expected ``value`` for the deciding seat after
  it is highest, the expectation over ``samples`` imagined outcomes of the move (one when the
  move draws nothing).
* ``weights(..., samples=8)``: ``greedy`` with the game's ``value_params`` as its parameters
  (present when the game declares them): what ``simlab tune`` tunes.
* ``lookahead(playouts=8)``: flat Monte Carlo: each legal move followed by ``playouts``
  imagined games to the end, every seat played by the game's ``rollout_bot``; the move with the
  best share of wins for the deciding seat (a win shared by k counts 1/k; a playout stopped by
  ``max_moves`` counts as no win). Playout k of every move draws from the same imagined stream
  (common random numbers), so the moves are compared on the same luck.
"""

from __future__ import annotations

from simlab.games.python.stream import Stream

#: moves whose values are this close count as tied
TIE = 1e-12

FREE = ("random", "greedy", "weights", "lookahead")


def pick(values, moves, rng):
    """The move with the highest value; ties broken uniformly from the game's stream."""
    best = max(values)
    tied = [i for i, v in enumerate(values) if v >= best - TIE]
    return moves[tied[0] if len(tied) == 1 else tied[int(rng.random() * len(tied))]]


def random_bot(rules, state, seat, moves, rng, params):
    """a legal move, uniformly at random"""
    return moves[int(rng.random() * len(moves))]


class Greedy:
    """One-ply greedy over the game's ``value`` (``greedy`` and ``weights``)."""

    def __init__(self, impl):
        self.impl = impl

    def decide(self, rules, state, seat, moves, rng, params):
        impl = self.impl
        img = rng.spawn()
        samples = max(1, int(params.get("samples", 8)))
        values = []
        for m in moves:
            total, done = 0.0, 0
            for _ in range(samples):
                after = impl.copy(state)
                drew = img.draws
                new = impl.play(rules, after, m, img)
                total += float(impl.value(rules, after if new is None else new, seat, params))
                done += 1
                if img.draws == drew:  # nothing drawn: the value is exact
                    break
            values.append(total / done)
        return pick(values, moves, rng), values

    def __call__(self, rules, state, seat, moves, rng, params):
        return self.decide(rules, state, seat, moves, rng, params)[0]


class Lookahead:
    """Flat Monte Carlo over playouts by the game's ``rollout_bot`` (see the module)."""

    def __init__(self, impl, rollout, winners, bound: int):
        self.impl, self.rollout, self.winners, self.bound = impl, rollout, winners, bound

    def _playout(self, rules, state, seat, img) -> float:
        impl = self.impl
        fn, params = self.rollout
        for _ in range(self.bound):
            if impl.end(rules, state) is not None:
                won = self.winners(rules, state)
                return (1.0 / sum(1 for w in won if w)) if won[seat] else 0.0
            s = impl.to_move(rules, state)
            ms = impl.moves(rules, state)
            m = ms[0] if len(ms) == 1 else fn(rules, state, s, ms, img, params)
            new = impl.play(rules, state, m, img)
            if new is not None:
                state = new
        return 0.0

    def decide(self, rules, state, seat, moves, rng, params):
        impl = self.impl
        base = int(rng.random() * 2.0 ** 53)
        n = max(1, int(params.get("playouts", 8)))
        values = []
        for m in moves:
            won = 0.0
            for k in range(n):
                img = Stream(base, k)  # playout k of every move on the same numbers
                after = impl.copy(state)
                new = impl.play(rules, after, m, img)
                won += self._playout(rules, after if new is None else new, seat, img)
            values.append(won / n)
        return pick(values, moves, rng), values

    def __call__(self, rules, state, seat, moves, rng, params):
        return self.decide(rules, state, seat, moves, rng, params)[0]
