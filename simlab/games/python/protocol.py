"""The protocol of a game written in plain Python (the designer's side; docs/your-own-game.md).

A designer subclasses :class:`PythonGame` in a file (``--plugin game.py``) or a package (a
``simlab.games`` entry point) and writes six methods: :meth:`~PythonGame.start`,
:meth:`~PythonGame.to_move`, :meth:`~PythonGame.moves`, :meth:`~PythonGame.play`,
:meth:`~PythonGame.end` and :meth:`~PythonGame.scores`. Everything else has a default: the
optional methods below say what simlab asks and what it assumes when a game leaves them out.
:mod:`simlab.games.python.adapter` turns the class into a :class:`simlab.games.registry.Game`,
so every command runs on it.

The rules are a frozen dataclass with a ``players`` field (validated in ``__post_init__``:
raise ``ValueError`` with ``"field: expected ..., got ..."``); the state is any Python object
the game's methods read and change; a move is a hashable value (a number, a string, a tuple of
them); randomness comes only from the ``rng`` argument (:class:`simlab.games.python.stream.
Stream`), so game ``g`` of seed ``s`` is always the same game.

A bot is a function ``bot(rules, state, seat, moves, rng, params) -> move`` registered with
``@MyGame.bot(params={...})``; ``random``, ``greedy``, ``weights`` (when the game declares
``value_params``) and ``lookahead`` come free (:mod:`simlab.games.python.freebots`).
"""

from __future__ import annotations

import copy as _copy

from simlab.games.python.spec import make_bot


class PythonGame:
    """Base class of a game written in plain Python: subclass it and write the six required
    methods; declare the names below as class attributes.

    Attributes
    ----------
    name, title : str
        The game's name on the command line (``pig``) and its title (``Pig``).
    rules : type
        The rules: a frozen dataclass with a ``players: int`` field and a default for every
        field (``--set FIELD=VALUE`` changes one; ``field(metadata={"doc": "..."})`` describes
        it in ``simlab games``).
    min_players, max_players, default_players : int
    default_bots : tuple of str
        The line-up when none is given (cycled over the seats); default ``("greedy",)``.
    readings : tuple of simlab.core.readings.Reading
        Every place the rulebook is silent, as a rule option (``simlab readings NAME``).
    score_sources : tuple of str
        Where points come from; :meth:`sources` splits each seat's score over them (default:
        one source, ``("points",)``).
    choice_names : tuple of str
        The kinds of move; :meth:`choice` names each move's kind (default ``("move",)``).
    end_names : tuple of str
        The ways the rules end a game; :meth:`end` returns one of them.
    length_unit : str
        What :meth:`length` counts (default ``"moves"``: the moves played).
    checkpoint_name : str
        What a checkpoint is (default ``"round"``): the game-shape measures read the running
        scores at each (see :meth:`checkpoint`).
    counters, seat_counters : tuple of str
        The game's own per-game metrics (:meth:`counts`) and per-seat ones
        (:meth:`seat_counts`), added up over the games and reported per game.
    value_params : dict
        Weights of :meth:`value` with their defaults: the free ``weights`` bot (what ``simlab
        tune`` tunes) plays :meth:`value` with them as its parameters.
    rollout_bot : str
        The bot the free ``lookahead`` bot plays every seat with in its playouts.
    max_moves : int
        A modelling bound: a game still running after this many moves ends as ``"move
        bound"`` (reported as a warning, never silently).
    score_bins : int
        Bins of the score histograms (scores from 0; higher ones share the last bin).
    kernel : simlab.games.python.kernel.Kernel, optional
        The game's numba kernel (``docs/your-own-game.md``, "A path to speed"): line-ups of the
        bots it plays run in it, every other line-up in plain Python.
    """

    _simlab_protocol_base = True  # the defaults below are the protocol's (spec.written)

    name = ""
    title = ""
    rules = None
    min_players = 2
    max_players = 4
    default_players = None
    default_bots: tuple[str, ...] = ("greedy",)
    readings: tuple = ()
    score_sources: tuple[str, ...] = ("points",)
    choice_names: tuple[str, ...] = ("move",)
    end_names: tuple[str, ...] = ("end",)
    length_unit = "moves"
    checkpoint_name = "round"
    counters: tuple[str, ...] = ()
    seat_counters: tuple[str, ...] = ()
    value_params: dict = {}
    rollout_bot = "random"
    max_moves = 100_000
    score_bins = 256
    kernel = None

    # ------------------------------------------------------------------ required
    def start(self, rules, rng):
        """The state at the start of a game (set-up shuffles and draws come from ``rng``)."""
        raise NotImplementedError

    def to_move(self, rules, state) -> int:
        """The seat (0-based) that moves next."""
        raise NotImplementedError

    def moves(self, rules, state):
        """The legal moves of the seat to move: a non-empty list or tuple of hashable values
        (numbers, strings, tuples of them), always in the same order for the same state."""
        raise NotImplementedError

    def play(self, rules, state, move, rng):
        """Apply ``move`` (one of :meth:`moves`) of the seat to move, drawing any chance from
        ``rng``: change ``state`` in place and return None, or return the new state."""
        raise NotImplementedError

    def end(self, rules, state):
        """None while the game goes on; when it is over, the name (one of ``end_names``) of how
        it ended."""
        raise NotImplementedError

    def scores(self, rules, state):
        """Each seat's score, whole numbers (the running score during a game, the final score
        at its end)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ optional
    def sources(self, rules, state):
        """Each seat's final points by source (one list per seat, in the order of
        ``score_sources``, summing to its score). Default: all points from the one source."""
        return [[int(s)] for s in self.scores(rules, state)]

    def choice(self, rules, state, move) -> str:
        """The kind of ``move`` (one of ``choice_names``), asked before it is played. Default:
        the one kind there is."""
        return self.choice_names[0]

    def length(self, rules, state) -> int:
        """The game's length in ``length_unit`` at its end. Default: the moves played (the
        engine passes that count when the game does not write this method)."""
        raise NotImplementedError

    def checkpoint(self, rules, state) -> bool:
        """True after a move that completes a checkpoint (a round): the running scores are
        recorded there for the game-shape measures. Default: never."""
        return False

    def counts(self, rules, state):
        """The game's own counters at its end, one whole number per ``counters`` name (a
        list, or a dict by name)."""
        return ()

    def seat_counts(self, rules, state):
        """Per seat, one whole number per ``seat_counters`` name, at the game's end."""
        return ()

    def winners(self, rules, state):
        """Who won, one flag per seat. Default: every seat with the top score (a shared top
        shares the win)."""
        s = [int(x) for x in self.scores(rules, state)]
        top = max(s)
        return [x == top for x in s]

    def value(self, rules, state, seat, params) -> float:
        """How good ``state`` is for ``seat`` (the free ``greedy`` and ``weights`` bots take the
        move whose expected value is highest); ``params`` holds ``value_params`` by name.
        Default: the seat's score minus the best other seat's score."""
        s = self.scores(rules, state)
        others = [x for i, x in enumerate(s) if i != seat]
        return float(s[seat] - (max(others) if others else 0))

    def copy(self, state):
        """A copy of ``state`` that :meth:`play` may change without touching ``state`` (the
        free bots think on copies). Default: ``copy.deepcopy``."""
        return _copy.deepcopy(state)

    def describe(self, rules, before, move, after) -> str:
        """One line of the game's log for ``move`` (``simlab trace``): ``before`` and ``after``
        are the states around it. Default: the move and the scores after it."""
        return f"{move!r}; scores {list(self.scores(rules, after))}"

    def show(self, rules, state) -> str:
        """The state as text (a few lines), drawn under each step of ``simlab replay``.
        Default: its ``repr``."""
        return repr(state)

    def check(self, rules, state) -> list:
        """What is wrong with a finished game's state, in words (conservation laws, bounds);
        the conformance harness and ``simlab trace`` stop at the first problem."""
        return []

    # ------------------------------------------------------------------ what reports say
    def seats_identical(self, rules) -> str:
        """Why every seat is the same by construction under ``rules`` (no turn order, no
        facing: a simultaneous game), in words; "" when seats differ (the default). A seat test
        on such seats can only measure noise, and reports say so."""
        return ""

    def rule_warnings(self, rules) -> list:
        """What these (valid) rules break of what the rulebook states, one sentence each."""
        return []

    def inert_overrides(self, rules, overrides: dict) -> list:
        """Of a run's rule overrides, the ones that change nothing that is played under
        ``rules``, one sentence each naming the path."""
        return []

    # ------------------------------------------------------------------ bots
    @classmethod
    def bot(cls, params: dict | None = None, name: str | None = None, doc: str | None = None):
        """Register a bot of this game: ``@Pig.bot(params={"n": 20})`` over a function
        ``(rules, state, seat, moves, rng, params) -> move``; ``params`` holds the bot's
        parameters by name (a line-up overrides them as ``hold(n=25)``)."""

        def register(fn):
            where = f"{cls.__name__}.bot"
            b = make_bot(fn, name, params, doc, where)
            own = cls.__dict__.get("_bots")
            if own is None:
                own = {}
                cls._bots = own
            own[b.name] = b
            return fn

        return register

    @classmethod
    def own_bots(cls) -> dict:
        """The bots registered with :meth:`bot` on this class and its bases."""
        out = {}
        for klass in reversed(cls.__mro__):
            out.update(klass.__dict__.get("_bots", {}))
        return out

    @classmethod
    def as_simlab_game(cls, origin: tuple = ("module",)):
        """This game as a :class:`simlab.games.registry.Game` (what the registry holds):
        ``origin`` says how a worker process finds it again, ``("file", path)``,
        ``("entry point", name)`` or ``("module",)`` (the class's importable module)."""
        from simlab.games.python.adapter import adapt

        return adapt(cls, origin)
