"""Monsters on Board in plain, readable Python: the test oracle and the game log.

Regular game (2-4 players), solo mode 1 and solo mode 2 (the Spider Jack automaton with every
difficulty modifier), written from the rulebook with the readings of ``rules.py`` on its own
objects: a :class:`Player` holds a Driveway (list of dice), the Order of Spider Jack (three lists
of ``[colour, rank]``), Grunts (list of :class:`Grunt`, in the order they joined the board),
Minion positions, Ghosts by path space, Arch Monster cards (a list), Malice and Spook Juice; the
markets are lists of five, the Ghost stack and the Arch Monster deck are lists drawn from the
top. Pending actions are performed by recursion (an action's consequences at once, before the
rest), which is the order the rulebook asks for.

It draws from the same random stream as the kernel in the same order (setup shuffles, Prophecy
deal, first player, solo decks and Court; each round every Fearmobile's 4 dice, colour then
face; then the bots' own draws) and asks the kernel's bot functions (``bots.decide_*``) for every
decision, showing them a :class:`~simlab.games.monsters.state.MonstersState` written from its
own objects. Final scoring uses the plain-Python twin ``reference_scoring``. Kernel and reference must
agree game for game (scores, winners, every aggregate); the tests check that they do.

:class:`ReferenceGame` is assembled here from one module per part of the rules:

- ``reference_base``: :class:`Grunt`, :class:`Player`, the log's words, the counters, the bots'
  view (``sync``, ``ask``), the bag, Malice and Spook Juice;
- ``reference_round``: a round, and its phases 1-4 (Arrival, Draft, Grunt Movement, Swamp-Jack);
- ``reference_town``: the Town (Grunt moves) and the actions, Summon scoring, Arch Monster
  discards;
- ``reference_spook``: phase 5, the Spook phase, and the markets;
- ``reference_solo``: the solo rules, the Spider Jack automaton;
- ``reference_end``: final scoring, the winners and the game's records;

and this module: the game's objects (``__init__``, ``setup``) and the game (``play``).
"""

from __future__ import annotations

from simlab.core.rng import new_stream, randint
from simlab.games.monsters.reference_base import (
    FAMILY,
    MARKET,
    REGULAR,
    ROW_NAMES,
    SOLO1,
    SOLO2,
    Grunt,
    Player,
    default_cards,
)
from simlab.games.monsters.reference_end import GameEnd
from simlab.games.monsters.reference_round import RoundPhases
from simlab.games.monsters.reference_shape import reference_record, reference_running_scores
from simlab.games.monsters.reference_solo import SpiderJack
from simlab.games.monsters.reference_spook import SpookPhase
from simlab.games.monsters.reference_town import TownActions
from simlab.games.monsters.state import (
    C_COURT_DICE,
    C_GAMES,
    C_ROUNDS,
    COUNTER_NAMES,
    N_BREAK,
    N_CHOICE,
    PICKS,
    ROWS,
    S_FIRST,
    SEAT_NAMES,
    new_agg,
    new_state,
    no_look,
)

__all__ = ["FAMILY", "MARKET", "REGULAR", "ROW_NAMES", "SOLO1", "SOLO2", "Grunt", "Player",
           "ReferenceGame", "default_cards"]


class ReferenceGame(RoundPhases, TownActions, SpookPhase, SpiderJack, GameEnd):
    """One game of Monsters on Board (regular, solo 1 or solo 2), rule by rule, with a log.

    ``play()`` returns (scores, winners); ``agg`` (a MonstersAgg of this one game) and ``lines``
    (the readable log when ``log``) after.

    The game's objects, which every part of the rules reads and writes: ``A`` (the rules'
    ``MonstersArrays``), ``P`` players, ``mode``, ``S`` path spaces, ``cards``, ``rng`` (the
    game's stream), ``round``, ``first`` (player); ``players`` (:class:`Player`), ``bag`` (dice
    per colour), ``supply`` (Grunts per colour), ``fearmobiles`` (lists of 4 ``(colour,
    face)`` or None), ``gstack`` / ``adeck`` (face-down, drawn from the front), ``gmarket`` /
    ``amarket`` (5 each, None empty), ``boxed`` (dice trimmed to the box), ``just_placed``;
    Spider Jack's ``deck``, ``sj_dice``, ``unscored``, ``court_dice`` / ``court_ghost`` /
    ``court_grunt``, ``sj_score``; the Spook-phase bookkeeping ``spook_passes``,
    ``spook_bought``, ``spook_stage``; the records ``agg``, ``ev`` (counters), ``sev``
    (per seat), ``bd`` (score by source), ``picks``; the bots' ``view`` (a ``MonstersState``),
    ``lu`` / ``plain_lu`` (line-ups); ``lines`` (the log).
    """

    #: the ``lookahead`` bot is shown the whole game state (``reference_view``)
    full_view = True

    # ------------------------------------------------------------------ the game's objects
    def __init__(self, arrays, lineup, seed: int, game: int, log: bool = False, names=None,
                 cards=None):
        A = arrays
        self.A = A
        self.lu = lineup
        #: a lookahead line-up's decisions are asked with the line-up without the search (see
        #: :meth:`ask`); None for other line-ups
        self.plain_lu = (lineup._replace(look=no_look, scratch=None)
                         if lineup.scratch is not None else None)
        self.rng = new_stream(seed, game)
        self.P = int(A.n_players)
        self.mode = int(A.mode)
        self.S = int(A.n_spaces)
        self.cards = cards if cards is not None else default_cards()
        if cards is None and int(A.cards.m_back.shape[0]) != len(self.cards.arch):
            raise ValueError("reference: these rules use other card files; pass cards=")
        self.log_on = log
        self.lines: list[str] = []
        self.names = list(names) if names else [f"P{p + 1}" for p in range(self.P)]
        self.view = new_state(A)
        self.agg = new_agg(self.P)
        self.ev = [0] * len(COUNTER_NAMES)
        self.sev = [[0] * len(SEAT_NAMES) for _ in range(self.P)]
        self.bd = [[0] * N_BREAK for _ in range(self.P)]
        self.picks = [[[0, 0] for _ in range(PICKS)] for _ in range(self.P)]
        self.ch = [[0] * N_CHOICE for _ in range(self.P)]   # choices by kind (CHOICE_NAMES)
        self.just_placed = None    # (row, column) of the die whose icons are being performed
        self.boxed = 0
        self.round = 0
        # Spook-phase bookkeeping, as the kernel keeps it for the lookahead bot: consecutive
        # passes and purchases so far in this run of turns; solo 2: stage 0 in his single first
        # turn, 1 after
        self.spook_passes = 0
        self.spook_bought = 0
        self.spook_stage = 1

    def setup(self):
        """Main Board and Player Setup: the bag, the supply, each player's board (6 Grunts on
        their start spots, Spider Jack dice at ``sj_start``), the Ghost stack and Arch Monster
        deck shuffled into their markets, a Prophecy card each, the first player; solo 1: the
        shuffled solo deck; solo 2: Spider Jack's deck and Court (``setup_spider_jack``)."""
        A, P = self.A, self.P
        self.bag = [int(A.dice_per_colour)] * 6
        self.supply = [int(A.grunts_per_colour) - P] * 6
        self.court_dice = [0] * 6
        self.court_ghost = [0] * 7
        self.court_grunt = [0] * 6
        self.sj_score = 0
        self.players = []
        for _ in range(P):
            pl = Player()
            pl.grunts = [Grunt(c) for c in range(6)]
            pl.gain_spots = [None] * int(A.gain_spots)
            pl.sj = [int(A.sj_start)] * ROWS
            self.players.append(pl)
        self.fearmobiles = [[None] * 4 for _ in range(2 if self.mode >= SOLO1 else P)]
        self.sj_dice = []
        self.gstack = list(range(int(A.n_ghosts)))
        self.shuffle(self.gstack)
        self.adeck = list(range(int(A.n_arch)))
        self.shuffle(self.adeck)
        self.gmarket = [None] * MARKET
        self.amarket = [None] * MARKET
        self.refill(self.gmarket, self.gstack)
        self.refill(self.amarket, self.adeck)
        dealt = []
        for _ in range(P):
            while True:
                k = int(randint(self.rng, A.n_prophecy))
                if k not in dealt or A.n_prophecy < P:
                    dealt.append(k)
                    break
        for pl, k in zip(self.players, dealt, strict=True):
            pl.prophecy = k
        self.first = int(randint(self.rng, P)) if self.mode < SOLO1 else 0
        self.seat(self.first, S_FIRST)
        self.say(f"Setup: {P} player(s), mode {('regular', 'family', 'solo1', 'solo2')[self.mode]}"
                 f"; Prophecy cards "
                 + ", ".join(f"{self.names[p]} {self.cards.prophecy[k].name}"
                             for p, k in enumerate(dealt))
                 + f"; {self.names[self.first]} is the first player")
        self.say("  Ghost market: " + ", ".join(self.ghost_text(g) for g in self.gmarket))
        self.say("  Arch Monster market: " + ", ".join(self.arch_text(m) for m in self.amarket))
        self.deck = []
        if self.mode == SOLO1:
            self.deck = list(range(int(A.n_cards)))
            self.shuffle(self.deck)
        elif self.mode == SOLO2:
            self.setup_spider_jack()

    # ------------------------------------------------------------------ the game
    def play(self):
        """Play the whole game; returns (scores, winners)."""
        self.setup()
        checkpoints = []   # game shape: the running scores after each round but the last
        for rnd in range(1, int(self.A.rounds) + 1):
            self.round = rnd
            self.play_round()
            if rnd < self.A.rounds:
                checkpoints.append(reference_running_scores(self))
        scores, winners = self.final_scoring()
        self.count(C_ROUNDS, int(self.A.rounds))
        self.count(C_GAMES)
        self.count(C_COURT_DICE, sum(self.court_dice))
        self.record(scores, winners)
        if self.mode == SOLO2:    # the player and Spider Jack, who wins unless outscored
            reference_record(self.agg, checkpoints, [scores[0], self.sj_score],
                             [winners[0], not winners[0]])
        elif self.mode != SOLO1:  # solo 1: no opponent, no shape (shape.py)
            reference_record(self.agg, checkpoints, scores, winners)
        self.checkpoints = checkpoints
        self.scores, self.winners = scores, winners
        return scores, winners
