"""The reference engine's pieces and plumbing: Monsters on Board's :class:`Grunt` and
:class:`Player`, the words of the game log, the counters, the bots' view of the position, the
bag of Lord dice, Malice and Spook Juice.

:class:`ReferenceBase` is the root of :class:`~simlab.games.monsters.reference.ReferenceGame`,
which mixes the rules in from ``reference_round`` (a round; Arrival, Draft, Grunt Movement,
Swamp-Jack), ``reference_town`` (the Town and the actions), ``reference_spook`` (the Spook phase
and the markets), ``reference_solo`` (the Spider Jack automaton) and ``reference_end`` (final
scoring and the game's records). Every piece works on the game's objects, which
``ReferenceGame.__init__`` and ``ReferenceGame.setup`` create (listed in ``ReferenceGame``'s
docstring).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from simlab.core.rng import randint
from simlab.games.monsters import bots
from simlab.games.monsters.actions import COLOURS, GHOST_COLOURS, icon_text
from simlab.games.monsters.cards import load_cards
from simlab.games.monsters.reference_view import write_automaton, write_full_state
from simlab.games.monsters.state import (
    C_DRAWN,
    C_MALICE_BAD,
    C_TO_BAG,
    I_JUST_COL,
    I_JUST_ROW,
    I_ROUND,
    MAX_ARCH,
    MAX_GRUNTS,
    N_MINIONS,
    S_MALICE_GAINED,
    S_MALICE_SPENT,
    S_MALICE_WASTED,
    SOURCES,
    START,
)

REGULAR, FAMILY, SOLO1, SOLO2 = range(4)
ROW_NAMES = ("top", "middle", "bottom")
MARKET = 5
_DEFAULT_CARDS = []


def default_cards():
    """The shipped Prophecy and Arch Monster cards, loaded once (``cards.load_cards()``)."""
    if not _DEFAULT_CARDS:
        _DEFAULT_CARDS.append(load_cards())
    return _DEFAULT_CARDS[0]


#: the decisions the lookahead bot searches, by the kernel's decision function
_SEARCHED = {bots.decide_draft: bots.KIND_DRAFT, bots.decide_place: bots.KIND_PLACE,
             bots.decide_spook: bots.KIND_SPOOK}


def record_game(agg, counters, seats, sources, picks, rounds: int, scores, winners, choices,
                end: int, source_names):
    """Add one game of a reference engine (either mode) to its aggregates ``agg``: the
    counters, the per-seat counters, the score by source (lists in the aggregates' order,
    named ``source_names``), the draft's picks (per seat and pick: rank and icon sums), wins
    (k-way) and scores; the explanation: points by ``SOURCES``, the seats' ``choices`` (by
    ``CHOICE_NAMES``), the game's ``end`` (an ``END_NAMES`` index) and its length."""
    k = sum(bool(w) for w in winners)
    agg.counters[:] += counters
    agg.ends[end] += 1
    agg.length[:] += [rounds, rounds * rounds]
    for q, s in enumerate(scores):
        agg.seat[q] += seats[q]
        agg.breakdown[q] += sources[q]
        for name, v in zip(source_names, sources[q], strict=True):
            agg.src[q, SOURCES.index(name)] += v
        agg.choice[q] += choices[q]
        for i, (rank, icons) in enumerate(picks[q]):
            agg.draft[q, i] += [rounds, rank, icons]
        if winners[q]:
            agg.wins[q, k] += 1
        agg.score_sum[q] += s
        agg.score_sumsq[q] += s * s
        agg.score_hist[q, min(max(s, 0), agg.score_hist.shape[1] - 1)] += 1


@dataclass
class Grunt:
    """A Grunt figure: its colour and where it stands (START, GAIN_SPOT, a path space, or S =
    the final area)."""

    colour: int
    pos: int = START


@dataclass
class Player:
    """One player's board and holdings."""

    grunts: list = field(default_factory=list)
    minions: list = field(default_factory=lambda: [START] * N_MINIONS)
    ghosts: dict = field(default_factory=dict)        # path space -> Ghost
    gain_spots: list = field(default_factory=list)    # Ghost on each gain-Grunt spot or None
    rows: list = field(default_factory=lambda: [[], [], []])  # Order: [colour, rank] per die
    sj: list = field(default_factory=list)            # Spider Jack die of each row
    summon: list = field(default_factory=lambda: [0, 0, 0])   # Summoning trackers
    driveway: list = field(default_factory=lambda: [None] * 4)  # [colour, face, activated]
    arch: list = field(default_factory=list)          # Arch Monster cards in front of them
    prophecy: int = -1
    juice: int = 0
    malice: int = 0


class ReferenceBase:
    """The helpers every rule of the reference engine uses: the log's words, the counters, the
    bots' view, the bag, Malice and Spook Juice (the rules are mixed in: module doc)."""

    # ------------------------------------------------------------------ words for the log
    def say(self, text: str):
        if self.log_on:
            self.lines.append(text)

    def rank(self, c: int, f: int) -> int:
        return int(self.A.face_rank[c, f])

    def icons(self, acts, juice) -> list:
        return [(int(a), int(j)) for a, j in zip(acts, juice, strict=True) if a >= 0]

    def die_icons(self, c: int, f: int) -> list:
        return self.icons(self.A.face_act[c, f], self.A.face_juice[c, f])

    def icon_list(self, icons) -> str:
        return "+".join(icon_text(a, j) for a, j in icons) or "no icons"

    def die_text(self, c: int, f: int) -> str:
        return f"{COLOURS[c]} {self.rank(c, f)} [{self.icon_list(self.die_icons(c, f))}]"

    def space_text(self, s: int) -> str:
        if s >= self.S:
            return "the final area"
        return f"space {s} (area {int(self.A.space_area[s])}, {COLOURS[int(self.A.space_colour[s])]})"

    def ghost_text(self, g: int) -> str:
        icons = self.icons(self.A.ghost_act[g], self.A.ghost_juice[g])
        return f"Ghost {g} ({GHOST_COLOURS[int(self.A.ghost_colour[g])]}, {self.icon_list(icons)})"

    def arch_text(self, card: int) -> str:
        m = self.cards.arch[card]
        back = icon_text(int(self.A.cards.m_back[card]), int(self.A.cards.m_back_amount[card]))
        return f"Arch Monster {card} ({m.kind}, back: {back})"

    # ------------------------------------------------------------------ counters
    def count(self, i: int, by: int = 1):
        self.ev[i] += by

    def seat(self, p: int, i: int, by: int = 1):
        self.sev[p][i] += by

    def chose(self, p: int, i: int):
        """p's bot made a choice of kind ``CHOICE_NAMES[i]``."""
        self.ch[p][i] += 1

    # ------------------------------------------------------------------ the bots' view
    def sync(self, p: int):
        """Write this position into the kernel's state arrays, for p's bot to read: the
        Fearmobiles, the markets, the supply and p's own board (no bot decision looks at
        another player's board, so theirs are not written) -- except for the ``lookahead`` bot,
        which plays on from the whole state (``reference_view``)."""
        st = self.view
        for f, car in enumerate(self.fearmobiles):
            st.fm_col[f] = [d[0] if d else -1 for d in car]
            st.fm_face[f] = [d[1] if d else 0 for d in car]
        st.gmarket[:] = [-1 if g is None else g for g in self.gmarket]
        st.amarket[:] = [-1 if m is None else m for m in self.amarket]
        st.supply[:] = self.supply
        if self.lu.ids[p] == bots.BOT_LOOKAHEAD:
            write_full_state(self, st)
        else:
            self.write_board(p)
            if self.mode == SOLO2:   # the solo-2 bots read the automaton (values_solo)
                write_automaton(self, st)
        st.info[I_ROUND] = self.round  # the bots value the share of the game left
        st.info[I_JUST_ROW] = self.just_placed[0] if self.just_placed else -1
        st.info[I_JUST_COL] = self.just_placed[1] if self.just_placed else 0
        return st

    def write_board(self, p: int):
        """Write p's board into the kernel's state arrays."""
        st = self.view
        pl = self.players[p]
        st.drv_col[p] = [d[0] if d else -1 for d in pl.driveway]
        st.drv_face[p] = [d[1] if d else 0 for d in pl.driveway]
        st.drv_moved[p] = [d[2] if d else 0 for d in pl.driveway]
        st.order_col[p] = -1
        st.order_rank[p] = 0
        for r, row in enumerate(pl.rows):
            st.order_n[p, r] = len(row)
            for c, (colour, rank) in enumerate(row):
                st.order_col[p, r, c] = colour
                st.order_rank[p, r, c] = rank
        st.sj[p] = pl.sj
        st.summon[p] = pl.summon
        st.malice[p] = pl.malice
        st.juice[p] = pl.juice
        n = len(pl.grunts)
        st.grunt_col[p] = [g.colour for g in pl.grunts] + [-1] * (MAX_GRUNTS - n)
        st.grunt_pos[p] = [g.pos for g in pl.grunts] + [START] * (MAX_GRUNTS - n)
        st.minion_pos[p] = pl.minions
        st.occ[p] = 0
        for s in pl.minions:
            if s >= 0:
                st.occ[p, s] = 1
        for g in pl.grunts:
            if 0 <= g.pos < self.S:
                st.occ[p, g.pos] = 2
        st.ghost_at[p] = -1
        for s, g in pl.ghosts.items():
            st.ghost_at[p, s] = g
        st.gain_spot[p, :len(pl.gain_spots)] = [-1 if g is None else g for g in pl.gain_spots]
        st.arch[p] = pl.arch + [-1] * (MAX_ARCH - len(pl.arch))
        st.n_arch[p] = len(pl.arch)
        st.prophecy[p] = pl.prophecy

    def ask(self, fn, p, *args) -> int:
        """p's bot's answer from the kernel's decision function ``fn`` (``bots.decide_*``).

        In a line-up with a lookahead seat, that seat's searched decisions (draft, placement,
        Spook turn) are asked of the search itself (``bots.ask_look``, then as the kernel
        turns its answer into a decision), and every decision function is called with the
        line-up without the search: the kernel takes the same branches (the lookahead seat
        falls back on greedy when the search has no option; nothing else looks at the
        search), and the functions called from here are the twins a line-up without a
        lookahead seat compiles, not a copy of the search in each."""
        st = self.sync(p)
        if self.plain_lu is None:
            return int(fn(self.A, st, self.lu, p, *args, self.rng))
        kind = _SEARCHED.get(fn)
        if kind is not None and self.lu.ids[p] == bots.BOT_LOOKAHEAD:
            arg = args[0] if kind == bots.KIND_DRAFT else 0
            x = int(bots.ask_look(self.A, st, self.lu, p, kind, arg, self.rng))
            if x >= 0:
                return int(bots.spook_code(self.A, st, p, x, self.rng)) \
                    if kind == bots.KIND_SPOOK else x
        return int(fn(self.A, st, self.plain_lu, p, *args, self.rng))

    # ------------------------------------------------------------------ dice and the bag
    def draw_die(self) -> int:
        """One random Lord die from the bag (each die equally likely): its colour."""
        k = int(randint(self.rng, sum(self.bag)))
        for c in range(6):
            if k < self.bag[c]:
                self.bag[c] -= 1
                self.count(C_DRAWN)
                return c
            k -= self.bag[c]
        raise AssertionError("empty bag")

    def to_bag(self, c: int):
        self.bag[c] += 1
        self.count(C_TO_BAG)

    def shuffle(self, items: list):
        """Fisher-Yates from the end (the kernel's order of draws)."""
        for i in range(len(items) - 1, 0, -1):
            j = int(randint(self.rng, i + 1))
            items[i], items[j] = items[j], items[i]

    # ------------------------------------------------------------------ Malice and Spook Juice
    def gain_malice(self, p: int, n: int, why: str):
        pl = self.players[p]
        got = min(n, self.A.malice_cap - pl.malice)
        pl.malice += got
        self.seat(p, S_MALICE_GAINED, got)
        self.seat(p, S_MALICE_WASTED, n - got)
        self.say(f"      {self.names[p]} gains {got} Malice ({why}; now {pl.malice})"
                 + (f", {n - got} lost above the cap" if got < n else ""))

    def spend_malice(self, p: int, n: int):
        pl = self.players[p]
        pl.malice -= n
        self.seat(p, S_MALICE_SPENT, n)
        if pl.malice < 0:
            self.count(C_MALICE_BAD)

    def gain_juice(self, p: int, n: int, source: int, why: str):
        self.players[p].juice += n
        self.bd[p][source] += n
        self.say(f"      {self.names[p]} gains {n} Spook Juice ({why}; now "
                 f"{self.players[p].juice})")
