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
own objects. Final scoring uses the plain-Python twin ``scoring_ref``. Kernel and reference must
agree game for game (scores, winners, every aggregate); the tests check that they do.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from simlab.core.rng import new_stream, randint
from simlab.games.monsters import bots, bots_moves
from simlab.games.monsters.actions import (
    A_CALL,
    A_FEED,
    A_GAIN_GRUNT,
    A_GRUNT,
    A_JUICE,
    A_MALICE,
    A_MINION,
    A_PROMOTE,
    A_SWAP,
    COLOURS,
    GHOST_COLOURS,
    MULTI,
    SUMMON,
    icon_text,
)
from simlab.games.monsters.cards import load_cards
from simlab.games.monsters.reference_view import write_full_state
from simlab.games.monsters.rules import PROPHECY_PLUS_ONE
from simlab.games.monsters.scoring_ref import final_score, sj_prophecy_bonus
from simlab.games.monsters.shape_ref import reference_record, reference_running_scores
from simlab.games.monsters.state import (
    B_ACTIONS,
    B_ARCH,
    B_FINAL,
    B_PROPHECY,
    B_SUMMON,
    BREAKDOWN,
    C_ACTIONS_DONE,
    C_ACTIONS_SKIPPED,
    C_ARCH_BOUGHT,
    C_ARCH_USED,
    C_COURT_DICE,
    C_DICE_BAD,
    C_DRAWN,
    C_EMPTY_MARKET,
    C_FINAL_ARRIVALS,
    C_GAIN_GRUNTS,
    C_GAMES,
    C_GHOSTS_BOUGHT,
    C_GRUNT_BAD,
    C_GRUNT_MOVES,
    C_ILLEGAL,
    C_MALICE_BAD,
    C_MINION_BAD,
    C_NO_GRUNT,
    C_PASSES,
    C_ROUNDS,
    C_SHARED,
    C_SJ_DICE_SCORED,
    C_SJ_GHOSTS,
    C_SJ_POINTS,
    C_SJ_WINS,
    C_SOLO_DISCARD_A,
    C_SOLO_DISCARD_G,
    C_SPOOK_TURNS,
    C_SUMMON_MISSED,
    C_SUMMONS,
    C_TIEBREAK,
    C_TO_BAG,
    C_TO_BOX,
    COLS,
    COUNTER_NAMES,
    GAIN_SPOT,
    I_JUST_COL,
    I_JUST_ROW,
    I_ROUND,
    LANDED,
    MALICE_BINS,
    MAX_ARCH,
    MAX_GRUNTS,
    N_BREAK,
    N_MINIONS,
    PICKS,
    ROWS,
    S_ARCH,
    S_ARCH_USED,
    S_FINAL_GRUNTS,
    S_FIRST,
    S_GHOSTS,
    S_GRUNTS,
    S_MALICE_END,
    S_MALICE_GAINED,
    S_MALICE_SPENT,
    S_MALICE_WASTED,
    S_PASSES,
    S_SUMMONS,
    SCORE_BINS,
    SEAT_NAMES,
    START,
    new_agg,
    new_state,
    no_look,
)

REGULAR, FAMILY, SOLO1, SOLO2 = range(4)
ROW_NAMES = ("top", "middle", "bottom")
MARKET = 5
_DEFAULT_CARDS = []


def default_cards():
    if not _DEFAULT_CARDS:
        _DEFAULT_CARDS.append(load_cards())
    return _DEFAULT_CARDS[0]


#: the decisions the lookahead bot searches, by the kernel's decision function
_SEARCHED = {bots.decide_draft: bots.KIND_DRAFT, bots.decide_place: bots.KIND_PLACE,
             bots.decide_spook: bots.KIND_SPOOK}

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


class ReferenceGame:
    """One game of Monsters on Board (regular, solo 1 or solo 2), rule by rule, with a log.

    ``play()`` returns (scores, winners); ``agg`` (a MonstersAgg of this one game) and ``lines``
    (the readable log when ``log``) after.
    """

    #: the ``lookahead`` bot is shown the whole game state (``reference_view``)
    full_view = True

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
        self.just_placed = None    # (row, column) of the die whose icons are being performed
        self.boxed = 0
        self.round = 0
        # Spook-phase bookkeeping, as the kernel keeps it for the lookahead bot: consecutive
        # passes and purchases so far in this run of turns; solo 2: stage 0 in his single first
        # turn, 1 after
        self.spook_passes = 0
        self.spook_bought = 0
        self.spook_stage = 1

    # ------------------------------------------------------------------ small helpers
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

    def count(self, i: int, by: int = 1):
        self.ev[i] += by

    def seat(self, p: int, i: int, by: int = 1):
        self.sev[p][i] += by

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

    # ------------------------------------------------------------------ Malice and Juice
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

    # ------------------------------------------------------------------ the Town
    def taken(self, pl: Player, s: int) -> bool:
        """A Minion or a Grunt stands on path space s."""
        return s in pl.minions or any(g.pos == s for g in pl.grunts)

    def next_space(self, pl: Player, pos: int, c: int) -> int:
        """The next space of colour c after ``pos`` without a Minion or Grunt (a Grunt on a
        start or gain-Grunt spot starts at the beginning of the path); the final area if none."""
        for s in range(pos + 1 if pos >= 0 else 0, self.S):
            if self.A.space_colour[s] == c and not self.taken(pl, s):
                return s
        return self.S

    def free_for_piece(self, pl: Player, s: int) -> bool:
        return not self.taken(pl, s) and s not in pl.ghosts

    def space_actions(self, pl: Player, s: int) -> list:
        """What a Grunt landing on s performs: the printed icons, then the Ghost's."""
        out = self.icons(self.A.space_act[s], self.A.space_juice[s])
        if s in pl.ghosts:
            g = pl.ghosts[s]
            out += [(a, j) for a, j in self.icons(self.A.ghost_act[g], self.A.ghost_juice[g])
                    if a != A_GAIN_GRUNT]  # acts only when the Ghost is bought
        return out

    def move_grunts(self, p: int, c: int):
        """Move each of p's Grunts of colour c once, "in any order you choose" (p's bot
        orders them, ``bots_moves.decide_grunt_order``), each to the next free space of its
        colour; then perform the actions they landed on, "in any order" (p's bot orders them,
        ``bots_moves.decide_action_order``)."""
        pl = self.players[p]
        slots = [i for i, g in enumerate(pl.grunts) if g.colour == c and g.pos < self.S]
        if len(slots) > 1:
            self.view.perm[:len(slots)] = slots
            self.ask(bots_moves.decide_grunt_order, p, c, len(slots))
            slots = [int(x) for x in self.view.perm[:len(slots)]]
        acts = []
        for i in slots:
            g = pl.grunts[i]
            s = self.next_space(pl, g.pos, c)
            self.say(f"    {COLOURS[c]} Grunt moves from "
                     f"{'its start spot' if g.pos == START else 'a gain-Grunt spot' if g.pos == GAIN_SPOT else self.space_text(g.pos)}"
                     f" to {self.space_text(s)}")
            g.pos = s
            self.count(C_GRUNT_MOVES)
            if s >= self.S:
                self.count(C_FINAL_ARRIVALS)
            else:
                acts += self.space_actions(pl, s)
        acts = acts[:LANDED]
        if len(acts) > 1:
            self.view.lact[:len(acts)] = [a for a, _ in acts]
            self.view.ljuice[:len(acts)] = [j for _, j in acts]
            self.ask(bots_moves.decide_action_order, p, len(acts))
            acts = [(int(a), int(j)) for a, j in zip(self.view.lact[:len(acts)],
                                                     self.view.ljuice[:len(acts)], strict=True)]
        if acts:
            self.say(f"    actions landed on, in {self.names[p]}'s order: {self.icon_list(acts)}")
        self.perform_all(p, acts, just=False)

    # ------------------------------------------------------------------ actions
    def perform_all(self, p: int, icons: list, just: bool):
        for a, j in icons:
            self.perform(p, a, j, just)

    def perform(self, p: int, a: int, j: int, just: bool):
        """Ask p's bot about one action; perform it (its consequences at once) or skip it."""
        if self.ask(bots.decide_action, p, a, j, 1 if just else 0) == 0:
            self.count(C_ACTIONS_SKIPPED)
            self.agg.actions[a, 1] += 1
            self.say(f"      {self.names[p]} skips {icon_text(a, j)}")
            return
        d = [int(x) for x in self.view.dec]
        self.count(C_ACTIONS_DONE)
        self.agg.actions[a, 0] += 1
        {A_JUICE: self.act_juice, A_MALICE: self.act_malice, A_SWAP: self.act_swap,
         A_PROMOTE: self.act_promote, A_MINION: self.act_minion, A_GRUNT: self.act_grunt,
         A_CALL: self.act_call, A_FEED: self.act_feed}.get(a, self.act_none)(p, j, d, just)

    def illegal(self, p: int, what: str):
        self.count(C_ILLEGAL)
        self.say(f"      {self.names[p]}'s bot chose an illegal {what}: skipped")

    def act_none(self, p, j, d, just):
        pass

    def act_juice(self, p, j, d, just):
        self.gain_juice(p, j, B_ACTIONS, "Gain Spook Juice")

    def act_malice(self, p, j, d, just):
        self.gain_malice(p, max(j, 1), "Gain Malice")

    def act_swap(self, p, j, d, just):
        rows = self.players[p].rows
        r1, c1, r2, c2 = d[:4]
        if not (0 <= r1 < ROWS and 0 <= r2 < ROWS and 0 <= c1 < len(rows[r1])
                and 0 <= c2 < len(rows[r2])):
            return self.illegal(p, "swap")
        rows[r1][c1], rows[r2][c2] = rows[r2][c2], rows[r1][c1]
        if self.just_placed in ((r1, c1), (r2, c2)):  # the die just placed moves with it
            self.just_placed = (r2, c2) if self.just_placed == (r1, c1) else (r1, c1)
        self.say(f"      {self.names[p]} swaps {ROW_NAMES[r1]} row die {c1 + 1} and "
                 f"{ROW_NAMES[r2]} row die {c2 + 1}")

    def act_promote(self, p, j, d, just):
        if d[0] == bots.DRIVEWAY:  # "one of your Lord Dice (anywhere)": a Driveway die
            return self.promote_driveway(p, d)
        rows = self.players[p].rows
        r, c, dd = d[:3]
        if not (0 <= r < ROWS and 0 <= c < len(rows[r]) and dd in (1, -1)) or \
                (just and self.just_placed == (r, c)):
            return self.illegal(p, "promote/demote")
        if not 1 <= rows[r][c][1] + dd <= 6:
            return self.illegal(p, "promote/demote")
        rows[r][c][1] += dd
        self.say(f"      {self.names[p]} {'promotes' if dd > 0 else 'demotes'} the "
                 f"{ROW_NAMES[r]} row die {c + 1} to {rows[r][c][1]}")

    def promote_driveway(self, p, d):
        """Promote/Demote a die on p's Driveway: it turns to face ``d[3]``, of rank +- 1."""
        drive = self.players[p].driveway
        k, dd, f2 = d[1:4]
        if not (0 <= k < 4 and drive[k] is not None and dd in (1, -1)
                and 0 <= f2 < self.A.face_rank.shape[1]
                and self.rank(drive[k][0], f2) == self.rank(drive[k][0], drive[k][1]) + dd):
            return self.illegal(p, "promote/demote")
        old = self.die_text(drive[k][0], drive[k][1])
        drive[k][1] = f2
        self.say(f"      {self.names[p]} {'promotes' if dd > 0 else 'demotes'} the Driveway "
                 f"die {old} to {self.die_text(drive[k][0], f2)}")

    def act_minion(self, p, j, d, just):
        pl = self.players[p]
        m, s = d[:2]
        if not (0 <= m < N_MINIONS and 0 <= s < self.S and self.free_for_piece(pl, s)):
            return self.illegal(p, "Minion move")
        pl.minions[m] = s
        self.say(f"      {self.names[p]} moves Minion {m} to {self.space_text(s)}")

    def act_grunt(self, p, j, d, just):
        if not 0 <= d[0] <= 5:
            return self.illegal(p, "Grunt colour")
        self.say(f"      {self.names[p]} moves its {COLOURS[d[0]]} Grunts (Move Grunt)")
        self.move_grunts(p, d[0])

    def act_call(self, p, j, d, just):
        r = d[0]
        if not 0 <= r < ROWS:
            return self.illegal(p, "row")
        pl = self.players[p]
        if pl.summon[r] >= self.A.track_len - 1:
            self.say(f"      the {ROW_NAMES[r]} Summoning tracker is at the end of its track")
            return
        pl.summon[r] += 1
        t = pl.summon[r]
        a = int(self.A.track_act[t])
        self.say(f"      {self.names[p]} calls Spider Jack: the {ROW_NAMES[r]} Summoning "
                 f"tracker moves to space {t}"
                 + (" (Summon!)" if a == SUMMON else
                    f" ({icon_text(a, int(self.A.track_juice[t]))})" if a >= 0 else ""))
        if a == SUMMON:
            self.summon_scoring(p, r)
        elif a >= 0:
            self.perform(p, a, int(self.A.track_juice[t]), just=False)

    def act_feed(self, p, j, d, just):
        r = d[0]
        if not 0 <= r < ROWS:
            return self.illegal(p, "row")
        pl = self.players[p]
        if pl.sj[r] < self.A.sj_max:
            pl.sj[r] += 1
        self.say(f"      {self.names[p]} feeds Spider Jack: the {ROW_NAMES[r]} row's die shows "
                 f"{pl.sj[r]}")

    def summon_scoring(self, p: int, r: int):
        """The ranks of the leftmost ``sj`` dice of the row; solo 2 with the summoning
        modifier, Spider Jack gains the ranks beyond."""
        pl = self.players[p]
        ranks = [rk for _, rk in pl.rows[r]]
        v = sum(ranks[:pl.sj[r]])
        missed = sum(ranks) - v
        self.count(C_SUMMONS)
        self.seat(p, S_SUMMONS)
        self.count(C_SUMMON_MISSED, missed)
        self.gain_juice(p, v, B_SUMMON, f"Summon Spider Jack scoring of the {ROW_NAMES[r]} row, "
                                        f"{pl.sj[r]} dice")
        if self.mode == SOLO2 and self.A.summoning == 1 and missed:
            self.sj_score += missed
            self.say(f"      Spider Jack gains the {missed} missed (now {self.sj_score})")

    def use_arch(self, p: int, final: bool):
        """Arch Monster discards: while p's bot names a card, box it and do its back action."""
        pl = self.players[p]
        while pl.arch:
            i = self.ask(bots.decide_arch, p, 1 if final else 0)
            if not 0 <= i < len(pl.arch):
                break
            card = pl.arch.pop(i)
            self.count(C_ARCH_USED)
            self.seat(p, S_ARCH_USED)
            self.just_placed = None
            self.say(f"    {self.names[p]} discards {self.arch_text(card)} for its back action")
            self.perform(p, int(self.A.cards.m_back[card]), int(self.A.cards.m_back_amount[card]),
                         just=False)

    # ------------------------------------------------------------------ market
    def refill(self, market: list, stack: list):
        """Slide the market right (keeping the order) and fill the empty spots from the top of
        the stack, the rightmost empty spot first; an exhausted stack leaves spots empty."""
        kept = [x for x in market if x is not None]
        market[:] = [None] * (MARKET - len(kept)) + kept
        for k in range(MARKET - len(kept) - 1, -1, -1):
            if stack:
                market[k] = stack.pop(0)
            else:
                self.count(C_EMPTY_MARKET)

    def ghost_target_ok(self, pl: Player, g: int, t: int) -> bool:
        A = self.A
        if A.ghost_gain[g] == 1:
            return 0 <= t < A.gain_spots and pl.gain_spots[t] is None
        if not (0 <= t < self.S and self.free_for_piece(pl, t)):
            return False
        return A.ghost_colour[g] == MULTI or A.space_colour[t] == A.ghost_colour[g]

    def buy_ghost(self, p: int, k: int, t: int):
        A = self.A
        pl = self.players[p]
        g = self.gmarket[k]
        self.spend_malice(p, int(A.ghost_cost[k]))
        self.gmarket[k] = None
        if A.ghost_gain[g] == 1:
            c = int(A.ghost_colour[g])
            pl.gain_spots[t] = g
            self.count(C_GAIN_GRUNTS)
            if self.supply[c] > 0 and len(pl.grunts) < MAX_GRUNTS:
                pl.grunts.append(Grunt(c, GAIN_SPOT))
                self.supply[c] -= 1
                what = f"on gain-Grunt spot {t} with a new {COLOURS[c]} Grunt"
            else:
                self.count(C_NO_GRUNT)
                what = f"on gain-Grunt spot {t} (no {COLOURS[c]} Grunt left in the supply)"
        else:
            pl.ghosts[t] = g
            what = f"on {self.space_text(t)}"
        self.say(f"    {self.names[p]} buys {self.ghost_text(g)} at position {k + 1} for "
                 f"{int(A.ghost_cost[k])} Malice and places it {what} (Malice {pl.malice})")
        self.refill(self.gmarket, self.gstack)

    def buy_arch(self, p: int, k: int):
        A = self.A
        pl = self.players[p]
        card = self.amarket[k]
        self.spend_malice(p, int(A.arch_cost[k]))
        pl.arch.append(card)
        self.amarket[k] = None
        self.say(f"    {self.names[p]} buys {self.arch_text(card)} at position {k + 1} for "
                 f"{int(A.arch_cost[k])} Malice (Malice {pl.malice})")
        self.refill(self.amarket, self.adeck)

    # ------------------------------------------------------------------ setup
    def setup(self):
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

    def setup_spider_jack(self):
        """Solo 2: a random die's colour picks his 10 cards and his Grunt (the die goes back);
        difficulty: extra Grunts of other colours and random Ghosts in his Court."""
        A = self.A
        k = int(randint(self.rng, sum(self.bag)))
        col = 0
        for c in range(6):
            if k < self.bag[c]:
                col = c
                break
            k -= self.bag[c]
        self.deck = [i for i in range(int(A.n_cards)) if A.card_shows[i, col] == 1]
        self.shuffle(self.deck)
        self.court_grunt[col] += 1
        self.supply[col] -= 1
        for _ in range(int(A.court_monsters)):
            options = [c for c in range(6) if self.court_grunt[c] == 0 and self.supply[c] > 0]
            if not options:
                break
            c = options[int(randint(self.rng, len(options)))]
            self.court_grunt[c] += 1
            self.supply[c] -= 1
        ghosts = int(A.court_ghosts)
        if ghosts == 4:  # the +3 modifier: 4 Ghosts in all, or 2 + 4 (court_ghosts_plus3)
            ghosts = int(A.plus3_ghosts)
        for _ in range(ghosts):
            if self.gstack:
                self.court_ghost[int(A.ghost_colour[self.gstack.pop(0)])] += 1
        self.say(f"  Spider Jack's colour is {COLOURS[col]}; his deck has {len(self.deck)} "
                 f"cards; his Court: Grunts "
                 + ", ".join(f"{COLOURS[c]} x{n}" for c, n in enumerate(self.court_grunt) if n)
                 + "; Ghosts " + (", ".join(f"{GHOST_COLOURS[c]} x{n}"
                                            for c, n in enumerate(self.court_ghost) if n) or "none"))

    # ------------------------------------------------------------------ phases
    def arrival(self):
        for f, car in enumerate(self.fearmobiles):
            for k in range(4):
                c = self.draw_die()
                car[k] = (c, int(randint(self.rng, 6)))
            self.say(f"  Arrival: Fearmobile {f + 1} holds "
                     + ", ".join(self.die_text(*d) for d in car))

    def take_die(self, p: int, f: int, k: int, pick: int):
        c, face = self.fearmobiles[f][k]
        self.fearmobiles[f][k] = None
        self.players[p].driveway[pick] = [c, face, 0]
        self.picks[p][pick][0] += self.rank(c, face)
        self.picks[p][pick][1] += len(self.die_icons(c, face))
        self.say(f"    {self.names[p]} takes {self.die_text(c, face)} from Fearmobile {f + 1}")

    def player_pick(self, p: int, f: int, pick: int):
        k = self.ask(bots.decide_draft, p, f)
        if not (0 <= k < 4 and self.fearmobiles[f][k] is not None):
            self.count(C_ILLEGAL)
            k = next(i for i in range(4) if self.fearmobiles[f][i] is not None)
        self.take_die(p, f, k, pick)

    def draft(self):
        """Regular: each player picks from the Fearmobile in front of them, then the
        Fearmobiles pass left, until each has taken 4. Solo: the player picks, then the
        automaton picks from the other Fearmobile by the face-up card's symbol (the 4th die is
        simply his), and the Fearmobiles switch."""
        P = self.P
        if self.mode < SOLO1:
            for step in range(4):
                self.say(f"  Draft, pick {step + 1}:")
                for p in range(P):
                    self.player_pick(p, (p - step) % P, step)
            return
        card = self.deck[self.round - 1]
        syms = [(int(self.A.card_col[card, i]), int(self.A.card_high[card, i]))
                for i in range(3)]
        self.say("  Spider Jack's card: " + " / ".join(
            f"{'white' if c < 0 else COLOURS[c]} {'highest' if h else 'lowest'}"
            for c, h in syms))
        self.sj_dice = []
        for step in range(4):
            f = step % 2
            self.say(f"  Draft, pick {step + 1}:")
            self.player_pick(0, f, step)
            car = self.fearmobiles[1 - f]
            k = self.sj_pick(car, syms[step]) if step < 3 else \
                next(i for i in range(4) if car[i] is not None)
            self.sj_dice.append(car[k])
            self.say(f"    Spider Jack takes {self.die_text(*car[k])} from Fearmobile {2 - f}")
            car[k] = None

    def sj_pick(self, car: list, symbol) -> int:
        """The symbol's colour (white, or none of it in the car: any colour), then the highest
        or lowest rank, then closest to the front of the car (position 0)."""
        want, high = symbol
        dice = [(k, d) for k, d in enumerate(car) if d is not None]
        if any(d[0] == want for _, d in dice):
            dice = [(k, d) for k, d in dice if d[0] == want]
        ranks = [self.rank(*d) for _, d in dice]
        best = max(ranks) if high else min(ranks)
        return next(k for (k, _), r in zip(dice, ranks, strict=True) if r == best)

    def court_points(self, c: int) -> int:
        """His Court's points for colour c (multi-coloured Ghosts: ``multi_ghost_matches``)."""
        A = self.A
        ghosts = self.court_ghost[c] + (self.court_ghost[MULTI] if A.multi_matches else 0)
        return (A.court_die_points * self.court_dice[c]
                + A.court_ghost_points * ghosts
                + A.court_grunt_points * self.court_grunt[c])

    def sj_score_dice(self):
        """Solo 2: he scores 3 of his 4 dice, highest rank first (ties: the die whose matching
        Court would score more, then the earlier pick): the rank, then the die joins his Court
        and he scores the matching Court. The last die stays un-scored."""
        left = list(range(4))
        for _ in range(3):
            def key(k):
                c, f = self.sj_dice[k]
                return (self.rank(c, f), self.court_points(c) + self.A.court_die_points)
            best = max(left, key=key)  # max keeps the first of equal keys
            left.remove(best)
            c, f = self.sj_dice[best]
            self.sj_dice[best] = None  # into his Court
            self.court_dice[c] += 1
            pts = self.rank(c, f) + self.court_points(c)
            self.sj_score += pts
            self.count(C_SJ_POINTS, pts)
            self.count(C_SJ_DICE_SCORED)
            self.say(f"  Spider Jack scores {self.die_text(c, f)}: {self.rank(c, f)} + Court "
                     f"{self.court_points(c)} = {pts} (now {self.sj_score})")
        self.unscored = self.sj_dice[left[0]]  # stays in his hand until the Spook phase ends

    def grunt_phase(self, p: int):
        pl = self.players[p]
        self.say(f"  {self.names[p]}: Grunt movement")
        for _ in range(4):
            self.use_arch(p, final=False)
            k = self.ask(bots.decide_activate, p)
            if not (0 <= k <= 3) or pl.driveway[k][2] == 1:
                self.count(C_ILLEGAL)
                k = next(i for i in range(4) if pl.driveway[i][2] == 0)
            pl.driveway[k][2] = 1
            self.just_placed = None
            c = pl.driveway[k][0]
            self.say(f"   activates {self.die_text(c, pl.driveway[k][1])}")
            self.move_grunts(p, c)
        self.use_arch(p, final=False)

    def swamp_phase(self, p: int):
        A = self.A
        pl = self.players[p]
        self.say(f"  {self.names[p]}: Swamp-Jack")
        for _ in range(3):
            x = self.ask(bots.decide_place, p)
            k, r = x // 3, x % 3
            if x < 0 or k > 3 or pl.driveway[k] is None or len(pl.rows[r]) >= COLS:
                self.count(C_ILLEGAL)
                k = next(i for i in range(4) if pl.driveway[i] is not None)
                r = next(i for i in range(ROWS) if len(pl.rows[i]) < COLS)
            c, face, _ = pl.driveway[k]
            pl.driveway[k] = None
            pl.rows[r].append([c, self.rank(c, face)])
            self.just_placed = (r, len(pl.rows[r]) - 1)
            icons = self.die_icons(c, face)
            self.say(f"   places {self.die_text(c, face)} in the {ROW_NAMES[r]} row (spot "
                     f"{len(pl.rows[r])})")
            self.perform_all(p, icons, just=True)
            self.just_placed = None
            self.use_arch(p, final=False)
        for k in range(4):
            if pl.driveway[k] is not None:
                c, face, _ = pl.driveway[k]
                pl.driveway[k] = None
                self.say(f"   {self.die_text(c, face)} goes on the Gain Malice spot")
                self.gain_malice(p, int(A.malice_chart[self.rank(c, face) - 1]),
                                 f"rank {self.rank(c, face)}")
                self.to_bag(c)
        self.use_arch(p, final=False)

    def spook_turn(self, p: int) -> bool:
        """One Spook-phase turn: buy a Ghost, buy an Arch Monster, or pass."""
        A = self.A
        pl = self.players[p]
        self.use_arch(p, final=False)
        self.count(C_SPOOK_TURNS)
        x = self.ask(bots.decide_spook, p)
        k, t = int(self.view.dec[0]), int(self.view.dec[1])
        if x == 1:
            if 0 <= k < MARKET and self.gmarket[k] is not None and \
                    A.ghost_cost[k] <= pl.malice and self.ghost_target_ok(pl, self.gmarket[k], t):
                self.buy_ghost(p, k, t)
                self.count(C_GHOSTS_BOUGHT)
                self.seat(p, S_GHOSTS)
                return True
            self.count(C_ILLEGAL)
        elif x == 2:
            if 0 <= k < MARKET and self.amarket[k] is not None and \
                    A.arch_cost[k] <= pl.malice and len(pl.arch) < MAX_ARCH:
                self.buy_arch(p, k)
                self.count(C_ARCH_BOUGHT)
                self.seat(p, S_ARCH)
                return True
            self.count(C_ILLEGAL)
        self.count(C_PASSES)
        self.seat(p, S_PASSES)
        self.say(f"    {self.names[p]} passes (Malice {pl.malice})")
        return False

    def spook_until_passes(self, first: int) -> int:
        """Turns clockwise from ``first`` until all players pass consecutively."""
        passes, bought, p = 0, 0, first
        while passes < self.P:
            self.spook_passes, self.spook_bought = passes, bought
            if self.spook_turn(p):
                passes, bought = 0, bought + 1
            else:
                passes += 1
            p = (p + 1) % self.P
        return bought

    def discard_right(self, n: int):
        """Solo 1: discard the rightmost Ghost and Arch Monster n times (refilling)."""
        for _ in range(n):
            k = max((i for i in range(MARKET) if self.gmarket[i] is not None), default=None)
            if k is not None:
                self.say(f"    discarded: {self.ghost_text(self.gmarket[k])}")
                self.gmarket[k] = None
                self.count(C_SOLO_DISCARD_G)
            self.refill(self.gmarket, self.gstack)
            k = max((i for i in range(MARKET) if self.amarket[i] is not None), default=None)
            if k is not None:
                self.say(f"    discarded: {self.arch_text(self.amarket[k])}")
                self.amarket[k] = None
                self.count(C_SOLO_DISCARD_A)
            self.refill(self.amarket, self.adeck)

    def sj_buy(self):
        """Solo 2: he takes the Ghost at the position (counted 1..5 from the right) equal to
        his un-scored die's rank (rank 6: positions #1 and #5), refill; then the Arch Monsters
        at the same positions are discarded, refill."""
        r = self.rank(*self.unscored)
        positions = [1, 5] if r == 6 else [r]
        idx = [MARKET - q for q in positions]
        for k in idx:
            g = self.gmarket[k]
            if g is not None:
                self.court_ghost[int(self.A.ghost_colour[g])] += 1
                self.gmarket[k] = None
                self.count(C_SJ_GHOSTS)
                self.say(f"    Spider Jack takes {self.ghost_text(g)} (position #{MARKET - k}) "
                         f"into his Court")
        self.refill(self.gmarket, self.gstack)
        for k in idx:
            if self.amarket[k] is not None:
                self.say(f"    discarded: {self.arch_text(self.amarket[k])}")
                self.amarket[k] = None
        self.refill(self.amarket, self.adeck)

    def spook_phase(self):
        A = self.A
        self.say("  Spook phase:")
        if self.mode < SOLO1:
            self.spook_until_passes(self.first)
        elif self.mode == SOLO1:
            n = self.spook_until_passes(0)
            self.say(f"    end of the Spook phase: {n} purchase(s)")
            self.discard_right(1 if n > 0 else 2)
        else:
            self.spook_stage, self.spook_passes, self.spook_bought = 0, 0, 0
            self.spook_turn(0)
            self.say(f"    Spider Jack's un-scored die: {self.die_text(*self.unscored)}")
            self.sj_buy()
            self.spook_stage = 1
            self.spook_until_passes(0)
            c, f = self.unscored
            if A.unscored == 0:
                self.to_bag(c)
            else:
                if A.unscored == 2:
                    pts = self.rank(c, f)
                    self.sj_score += pts
                    self.count(C_SJ_POINTS, pts)
                    self.say(f"    Spider Jack scores his un-scored die: {pts} (now "
                             f"{self.sj_score})")
                self.court_dice[c] += 1
                self.say("    the un-scored die joins his Court")
            self.unscored = None
            self.sj_dice = []
        for p, pl in enumerate(self.players):
            self.agg.malice_hist[p, min(max(pl.malice, 0), MALICE_BINS - 1)] += 1

    def dice_in_play(self) -> int:
        """Lord dice in the bag, Fearmobiles, Driveways, Orders (trimmed ones included),
        Spider Jack's hands and Court."""
        n = sum(self.bag) + sum(self.court_dice)
        n += sum(1 for car in self.fearmobiles for d in car if d is not None)
        n += sum(1 for d in self.sj_dice if d is not None)
        for pl in self.players:
            n += sum(1 for d in pl.driveway if d is not None) + sum(len(r) for r in pl.rows)
        return n

    def check_round(self):
        """Invariants: every Lord die accounted for, Malice in range, one piece per space."""
        if self.dice_in_play() + self.boxed != 6 * self.A.dice_per_colour:
            self.count(C_DICE_BAD)
        for pl in self.players:
            if not 0 <= pl.malice <= self.A.malice_cap:
                self.count(C_MALICE_BAD)
            spots = [g.pos for g in pl.grunts if 0 <= g.pos < self.S]
            mins = [m for m in pl.minions if m >= 0]
            if len(set(spots)) != len(spots) or any(m in spots for m in mins):
                self.count(C_GRUNT_BAD)
            if len(set(mins)) != len(mins):
                self.count(C_MINION_BAD)

    def play_round(self):
        self.say(f"Round {self.round} (first player {self.names[self.first]})")
        self.arrival()
        self.draft()
        if self.mode == SOLO2:
            self.sj_score_dice()
        for i in range(self.P):
            p = (self.first + i) % self.P
            self.grunt_phase(p)
            self.swamp_phase(p)
        self.spook_phase()
        if self.mode == SOLO1:
            for d in self.sj_dice:
                if d is not None:
                    self.to_bag(d[0])
            self.sj_dice = []
        self.first = (self.first + 1) % self.P
        self.check_round()

    # ------------------------------------------------------------------ final scoring
    def final_scoring(self):
        A, P = self.A, self.P
        self.say("Final scoring")
        for i in range(P):
            self.use_arch((self.first + i) % P, final=True)
        scores, finals = [], []
        for p, pl in enumerate(self.players):
            trimmed = sum(max(0, len(pl.rows[r]) - pl.sj[r]) for r in range(ROWS))
            self.boxed += trimmed
            self.count(C_TO_BOX, trimmed)
            oc = [[row[c][0] if c < len(row) else -1 for c in range(COLS)] for row in pl.rows]
            orank = [[row[c][1] if c < len(row) else 0 for c in range(COLS)] for row in pl.rows]
            g, pr, ar = final_score(self.cards, A.space_area, A.area_public, oc, orank, pl.sj,
                                    [x.colour for x in pl.grunts], [x.pos for x in pl.grunts],
                                    [pl.ghosts.get(s, -1) for s in range(self.S)], pl.minions,
                                    pl.prophecy, pl.arch, len(pl.arch))
            self.bd[p][B_FINAL], self.bd[p][B_PROPHECY], self.bd[p][B_ARCH] = g, pr, ar
            score = pl.juice + g + pr + ar
            scores.append(score)
            fg = sum(1 for x in pl.grunts if x.pos == self.S)
            finals.append(fg)
            self.seat(p, S_FINAL_GRUNTS, fg)
            self.seat(p, S_MALICE_END, pl.malice)
            self.seat(p, S_GRUNTS, len(pl.grunts))
            self.say(f"  {self.names[p]}: Spider Jack dice {pl.sj}, {trimmed} dice trimmed to "
                     f"the box; " + ", ".join(f"{BREAKDOWN[b]} {self.bd[p][b]}"
                                              for b in range(N_BREAK))
                     + f" = {score} (Malice {pl.malice}, {fg} Grunts in the final area)")
        if self.dice_in_play() != 6 * A.dice_per_colour:  # trimmed dice are still in the rows
            self.count(C_DICE_BAD)
        if self.mode == SOLO1:
            won = scores[0] >= A.target
            self.say(f"  Solo 1: {scores[0]} against the target {A.target}: "
                     f"{'won' if won else 'not reached'}")
            return scores, [won]
        if self.mode == SOLO2:
            if A.prophecy_bonus == 1:
                # the one player's finished grid (oc, orank) from the loop above
                missed = sj_prophecy_bonus(self.cards, PROPHECY_PLUS_ONE[int(A.prophecy_plus_one)],
                                           self.players[0].prophecy, self.bd[0][B_PROPHECY], oc,
                                           orank, self.players[0].sj)
                self.sj_score += missed
                self.say(f"  Spider Jack gains the {missed} Prophecy points you missed")
            won = scores[0] > self.sj_score
            if not won:
                self.count(C_SJ_WINS)
            self.say(f"  Spider Jack {self.sj_score}, you {scores[0]}: "
                     f"{'you win' if won else 'Spider Jack wins'}")
            return scores, [won]
        top = max(scores)
        tied = [p for p in range(P) if scores[p] == top]
        if len(tied) > 1:
            self.count(C_TIEBREAK)
        best = max((finals[p], self.players[p].malice) for p in tied)
        winners = [p in tied and (finals[p], self.players[p].malice) == best for p in range(P)]
        if sum(winners) > 1:
            self.count(C_SHARED)
        self.say("Winner" + ("s" if sum(winners) > 1 else "") + ": "
                 + ", ".join(self.names[p] for p in range(P) if winners[p]))
        return scores, winners

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

    def record(self, scores, winners):
        agg = self.agg
        k = sum(winners)
        agg.counters[:] += self.ev
        for q in range(self.P):
            agg.seat[q] += self.sev[q]
            agg.breakdown[q] += self.bd[q]
            for i in range(PICKS):
                agg.draft[q, i] += [self.A.rounds, self.picks[q][i][0], self.picks[q][i][1]]
            if winners[q]:
                agg.wins[q, k] += 1
            s = scores[q]
            agg.score_sum[q] += s
            agg.score_sumsq[q] += s * s
            agg.score_hist[q, min(max(s, 0), SCORE_BINS - 1)] += 1
        if self.mode == SOLO2:
            agg.sj_hist[min(max(self.sj_score, 0), SCORE_BINS - 1)] += 1
