"""Monsters on Board: the bots break ties from the game's random stream, never by seat, loop
order or slot (``simlab.core.conformance.check_even_split``).

No Monsters decision picks between opponents (each player works on their own board; the draft
and the markets are shared), so the identical situations are identical options: two identical
dice in a Fearmobile or a Driveway, identical rows of the Order, identical Ghosts or Arch
Monsters at market positions of the same cost, two Grunts whose next spaces are alike, two
identical Arch Monster cards in hand. Each hand-built position is asked of every built-in bot
(``bots.BOTS``, the lookahead bot with a small budget, and ``weights(noise=0)``: a zero-noise
bot still has to break its ties from the stream) over 2,000 seeded streams, the way the kernel
and the reference engine ask it (the lookahead seat's draft, placement and Spook turns through
``bots.ask_look``, everything else through the decision function), in the regular game and
both solo modes; the family-mode bots (``bots_family.py``) on positions of their own. The
choices must split evenly between the identical options.
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import check_even_split
from simlab.core.rng import seed_stream
from simlab.games.monsters import bots, bots_family, bots_moves, nb, nb_family
from simlab.games.monsters.actions import (
    A_CALL,
    A_FEED,
    A_GRUNT,
    A_JUICE,
    A_MINION,
    A_PROMOTE,
    A_SWAP,
    MULTI,
)
from simlab.games.monsters.game import GAME
from simlab.games.monsters.state import (
    I_FIRST,
    I_GTOP,
    I_PASSES,
    I_ROUND,
    I_SPOOK_N,
    I_SPOOK_STAGE,
    I_UNSCORED,
    new_state,
    no_look,
)
from tests.monsters.positions import FINAL, face, put_grunt

REPS = 400
SEED = 20_240
BOTS = ("random", "greedy", "prophet", "weights", "weights(noise=0)",
        "lookahead(playouts=1,width=3)")
MODES = (("regular", 3, {}), ("solo1", 1, {"mode": "solo1"}),
         ("solo2", 1, {"mode": "solo2", "difficulty": 3}))
SKIP = None  # a decision not to act (random passes / skips half the time): not counted
LETTERS = {"B": 0, "G": 1, "P": 2, "O": 3, "U": 4, "Y": 5}
ROW_CARD = 0  # Prophecy card 01: row conditions only (rows are interchangeable)


def _die(A, text):
    c = LETTERS[text[0]]
    return c, face(A, c, int(text[1]))


class Case:
    """One mode and bot: rules, line-up, a set-up state and the engine's way of asking."""

    def __init__(self, mode, players, over, bot, extra=None):
        over = dict(over, **(extra or {}))
        self.rules = GAME.make_rules(players, over)
        prep = GAME.prepare(self.rules, GAME.lineup([bot] * players, players))
        self.A = prep.arrays
        self.lu = prep.lineup
        self.plain = self.lu._replace(look=no_look, scratch=None)
        self.mode = mode
        self.bot = bot
        self.P = self.A.n_players
        self.rng = np.zeros(4, np.uint64)
        seed_stream(np.uint64(7), np.uint64(0), self.rng)
        self.st = new_state(self.A)
        nb.new_game(self.A, self.st, self.rng)
        st = self.st
        st.info[I_ROUND] = 1
        st.info[I_FIRST] = 0
        st.prophecy[0] = ROW_CARD
        for q in range(1, self.P):
            st.prophecy[q] = q
        st.fm_col[:, :] = -1
        st.drv_col[:, :] = -1
        st.drv_moved[:, :] = 0
        if mode == "solo2":  # Spider Jack scored 3 dice; his un-scored one waits
            st.sj_col[:] = -1
            st.sj_col[2], st.sj_face[2] = _die(self.A, "O3")
            st.info[I_UNSCORED] = 2
        elif mode == "solo1":
            for k, d in enumerate(("B2", "G5", "P3", "Y1")):
                st.sj_col[k], st.sj_face[k] = _die(self.A, d)

    @property
    def random(self):
        return self.bot == "random"

    @property
    def look(self):
        return self.bot.startswith("lookahead")

    # ------------------------------------------------------------------ building positions
    def fearmobile(self, f, text):
        """Fearmobile f, front to rear, ``-`` an empty car position."""
        for k, d in enumerate(text.split()):
            if d == "-":
                self.st.fm_col[f, k] = -1
            else:
                self.st.fm_col[f, k], self.st.fm_face[f, k] = _die(self.A, d)

    def driveway(self, p, text, moved=0):
        for k, d in enumerate(text.split()):
            self.st.drv_col[p, k], self.st.drv_face[p, k] = _die(self.A, d)
            self.st.drv_moved[p, k] = moved

    def row(self, p, r, text):
        st = self.st
        st.order_col[p, r] = -1
        st.order_rank[p, r] = 0
        dice = text.split()
        for k, d in enumerate(dice):
            st.order_col[p, r, k], st.order_rank[p, r, k] = LETTERS[d[0]], int(d[1])
        st.order_n[p, r] = len(dice)

    def settle_bag(self):
        """The bag holds every die not on the table (the lookahead plays on from here)."""
        st = self.st
        out = np.zeros(6, np.int64)
        for c in st.fm_col.ravel():
            out[c] += c >= 0
        for c in st.drv_col.ravel():
            out[c] += c >= 0
        for c in st.order_col.ravel():
            out[c] += c >= 0
        for c in st.sj_col:
            out[c] += c >= 0
        out += st.court_dice
        st.bag[:] = self.A.dice_per_colour - out
        assert (st.bag >= 0).all()

    def draft_step(self, step, mine):
        """Pick ``step`` of a draft, seat 0 to pick from ``mine``; every other Fearmobile,
        Driveway and Spider Jack's picks as far along as that step."""
        rest = ("P5 O2 G6 U1", "Y2 B6 O5 P3", "U4 G1 B3 O6")
        f = (0 - step) % self.P if self.mode == "regular" else step % 2
        for g in range(self.st.fm_col.shape[0]):
            left = " ".join(rest[g % 3].split()[:4 - step] + ["-"] * step)
            self.fearmobile(g, mine if g == f else left)
        for q in range(self.P):
            if step:
                self.driveway(q, " ".join(["B4", "G2", "P1"][:step]))
        if self.mode != "regular":
            self.st.sj_col[:] = -1
            for k in range(step):
                self.st.sj_col[k], self.st.sj_face[k] = _die(self.A, ["O4", "U2", "Y3"][k])
        self.settle_bag()
        return f

    def swamp(self, mine):
        """Seat 0's Swamp-Jack phase (its Grunts moved), the others still to play theirs."""
        self.driveway(0, mine, moved=1)
        for q in range(1, self.P):
            self.driveway(q, "P5 O2 G6 U1")
        self.settle_bag()

    def spook(self, malice, ghosts, arch):
        """Seat 0's first Spook turn with ``malice`` and the markets given (ids, -1 empty)."""
        st = self.st
        st.malice[:] = 0
        st.malice[0] = malice
        st.gmarket[:] = ghosts
        st.amarket[:] = arch
        st.info[I_GTOP] = self.A.n_ghosts  # the stack is exhausted: no refill of empty spots
        st.info[I_SPOOK_STAGE] = 0 if self.mode == "solo2" else 1
        if self.mode == "solo2":   # his un-scored die's rank 1 takes position #1 (index 4): the
            st.sj_col[:] = -1      # Ghosts at the other positions are alike to him too
            st.sj_col[3] = 0
            st.sj_face[3] = int(np.flatnonzero(self.A.face_rank[0] == 1)[0])
            st.info[I_UNSCORED] = 3
        st.info[I_PASSES] = 0
        st.info[I_SPOOK_N] = 0
        self.settle_bag()

    def grunts_final(self, p, but=()):
        """Every Grunt of p in the final area except those of the colours ``but``."""
        for c in range(6):
            if c not in but:
                put_grunt(self.st, p, c, c, FINAL)

    # ------------------------------------------------------------------ asking
    def ask(self, fn, p, *args):
        """p's bot's answer to ``fn`` (``bots.decide_*``) as the engines ask it: the lookahead
        seat's draft, placement and Spook turn through the search, then (no option, or any
        other decision) the decision function with the line-up without the search."""
        kind = {bots.decide_draft: bots.KIND_DRAFT, bots.decide_place: bots.KIND_PLACE,
                bots.decide_spook: bots.KIND_SPOOK}.get(fn)
        if kind is not None and self.look:
            arg = args[0] if kind == bots.KIND_DRAFT else 0
            x = int(bots.ask_look(self.A, self.st, self.lu, p, kind, arg, self.rng))
            if x >= 0:
                return int(bots.spook_code(self.A, self.st, p, x, self.rng)) \
                    if kind == bots.KIND_SPOOK else x
        return int(fn(self.A, self.st, self.plain, p, *args, self.rng))

    def choices(self, choose, reps=REPS):
        return _choices(self, choose, reps)

    def split(self, what, options, choose):
        """``choose()`` over REPS seeded streams (60 per option where there are many, so each
        can occur) must split evenly between ``options``."""
        return check_even_split(self.choices(choose, max(REPS, 60 * len(options))), options,
                                what=f"{self.mode} {self.bot}: {what}")


def _choices(case, choose, reps=REPS):
    """``choose()`` over ``reps`` seeded streams (stream i of SEED in the case's ``rng``); SKIP
    answers are left out."""
    out = []
    for i in range(reps):
        seed_stream(np.uint64(SEED), np.uint64(i), case.rng)
        case.st.dec[:] = -1
        c = choose()
        if c is not SKIP:
            out.append(c)
    return out


def _cases():
    for mode, players, over in MODES:
        for bot in BOTS:
            yield pytest.param(mode, players, over, bot, id=f"{mode}-{bot}")


CASES = list(_cases())


# ---------------------------------------------------------------------- the draft
@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_draft_two_identical_dice_left(mode, players, over, bot):
    """Third pick: the Fearmobile holds two identical dice (car positions 1 and 3)."""
    c = Case(mode, players, over, bot)
    f = c.draft_step(2, "- Y4 - Y4")
    c.split("which of two identical dice to draft", [1, 3],
            lambda: c.ask(bots.decide_draft, 0, f))


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_draft_four_identical_dice(mode, players, over, bot):
    """First pick of a round: four identical dice in the Fearmobile."""
    c = Case(mode, players, over, bot)
    f = c.draft_step(0, "G4 G4 G4 G4")
    c.split("which of four identical dice to draft", [0, 1, 2, 3],
            lambda: c.ask(bots.decide_draft, 0, f))


# ---------------------------------------------------------------------- Grunt movement
@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_activate_identical_driveway_dice(mode, players, over, bot):
    """Two identical Driveway dice not yet activated (the other two are)."""
    c = Case(mode, players, over, bot)
    c.driveway(0, "B3 P4 B3 O2")
    c.st.drv_moved[0] = [0, 1, 0, 1]
    c.settle_bag()
    c.split("which of two identical Driveway dice to activate", [0, 2],
            lambda: c.ask(bots.decide_activate, 0))


# ---------------------------------------------------------------------- Swamp-Jack
@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_place_identical_dice_in_identical_rows(mode, players, over, bot):
    """Four identical Driveway dice, three empty rows: the die placed (and so the Malice die)
    and the row are both symmetric."""
    c = Case(mode, players, over, bot)
    c.swamp("Y4 Y4 Y4 Y4")
    xs = c.choices(lambda: c.ask(bots.decide_place, 0))
    check_even_split(xs, list(range(12)), what=f"{mode} {bot}: placement")
    check_even_split([x // 3 for x in xs], [0, 1, 2, 3], what=f"{mode} {bot}: die placed")
    check_even_split([x % 3 for x in xs], [0, 1, 2], what=f"{mode} {bot}: row")


# ---------------------------------------------------------------------- pending actions
def _action(c, a, j=0):
    def choose():
        if c.ask(bots.decide_action, 0, a, j, 0) == 0:
            return SKIP
        return int(c.st.dec[0])
    return choose


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_feed_identical_rows(mode, players, over, bot):
    c = Case(mode, players, over, bot)
    for r in range(3):
        c.row(0, r, "O3 G5")
    c.split("which identical row's Spider Jack die to feed", [0, 1, 2],
            _action(c, A_FEED))


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_call_identical_rows(mode, players, over, bot):
    c = Case(mode, players, over, bot)
    for r in range(3):
        c.row(0, r, "O3 G5")
    c.split("which identical row's Summoning tracker to advance", [0, 1, 2],
            _action(c, A_CALL))


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_move_grunt_two_alike_colours(mode, players, over, bot):
    """Blue and green Grunts one step before an empty neighborhood space each (area 2 to area
    4); the other Grunts in the final area."""
    c = Case(mode, players, over, bot)
    c.grunts_final(0, but=(0, 1))
    put_grunt(c.st, 0, 0, 0, 6)
    put_grunt(c.st, 0, 1, 1, 7)
    opts = list(range(6)) if c.random else [0, 1]
    c.split("which of two alike Grunt colours to move", opts, _action(c, A_GRUNT))


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_grunt_order_two_alike_grunts(mode, players, over, bot):
    """Two blue Grunts on the two starting spots: whichever moves first takes the first blue
    space and the other the next, so the orders are alike: which moves first splits evenly."""
    c = Case(mode, players, over, bot)
    c.grunts_final(0, but=(0,))
    put_grunt(c.st, 0, 0, 0, -1)
    put_grunt(c.st, 0, 6, 0, -2)

    def choose():
        c.st.perm[0], c.st.perm[1] = 0, 6
        c.ask(bots_moves.decide_grunt_order, 0, 0, 2)
        return int(c.st.perm[0])

    c.split("which of two alike Grunts moves first", [0, 6], choose)


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_promote_one_of_two_identical_driveway_dice(mode, players, over, bot):
    """An empty Order and two identical dice on the Driveway: which one turns."""
    c = Case(mode, players, over, bot)
    for r in range(3):
        c.row(0, r, "")
    c.driveway(0, "O3 O3")
    c.st.drv_col[0, 2:] = -1

    def choose():
        if c.ask(bots.decide_action, 0, A_PROMOTE, 0, 0) == 0:
            return SKIP
        assert c.st.dec[0] == bots.DRIVEWAY
        return int(c.st.dec[1])

    c.split("which of two identical Driveway dice to promote", [0, 1], choose)


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_minion_blocks_one_of_two_alike_spaces(mode, players, over, bot):
    """The same two Grunts: a Minion may block either one's next (empty) space."""
    c = Case(mode, players, over, bot)
    c.grunts_final(0, but=(0, 1))
    put_grunt(c.st, 0, 0, 0, 6)
    put_grunt(c.st, 0, 1, 1, 7)

    def choose():
        if c.ask(bots.decide_action, 0, A_MINION, 0, 0) == 0:
            return SKIP
        return int(c.st.dec[1])

    free = [s for s in range(c.A.n_spaces) if c.st.occ[0, s] == 0 and c.st.ghost_at[0, s] < 0]
    c.split("which Grunt's next space a Minion blocks", free if c.random else [12, 13], choose)


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_promote_one_of_two_identical_dice(mode, players, over, bot):
    c = Case(mode, players, over, bot)
    c.row(0, 0, "O3")
    c.row(0, 1, "O3")

    def choose():
        if c.ask(bots.decide_action, 0, A_PROMOTE, 0, 0) == 0:
            return SKIP
        assert c.st.dec[2] in (1, -1)
        return int(c.st.dec[0] * 8 + c.st.dec[1])

    c.split("which of two identical dice to promote", [0, 8], choose)


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_swap_with_one_of_two_identical_dice(mode, players, over, bot):
    """Row "B1 G4 G4 B6 B6" (Spider Jack 1): the B1 swaps with either B6 beyond it."""
    c = Case(mode, players, over, bot)
    c.row(0, 0, "B1 G4 G4 B6 B6")

    def choose():
        if c.ask(bots.decide_action, 0, A_SWAP, 0, 0) == 0:
            return SKIP
        d = c.st.dec
        x, y = sorted((int(d[0] * 8 + d[1]), int(d[2] * 8 + d[3])))
        return x * 32 + y

    pairs = [x * 32 + y for x in range(5) for y in range(x + 1, 5)]
    c.split("which identical die to swap with", pairs if c.random else [3, 4], choose)


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_arch_discard_one_of_two_identical_cards(mode, players, over, bot):
    """Before final scoring, two identical Arch Monster cards with a Call Spider Jack back
    (worth a summon of a 6)."""
    c = Case(mode, players, over, bot)
    card = int(np.flatnonzero(c.A.cards.m_back == A_CALL)[0])
    c.st.arch[0, :2] = card
    c.st.n_arch[0] = 2
    c.row(0, 0, "P6")
    c.st.summon[0, 0] = 1  # the next space of its Summoning track is a summon

    def choose():
        i = c.ask(bots.decide_arch, 0, 1)
        return SKIP if i < 0 else i

    c.split("which identical Arch Monster card to discard", [0, 1], choose)


# ---------------------------------------------------------------------- Spook phase
def _purchase(c):
    def choose():
        x = c.ask(bots.decide_spook, 0)
        if x == 0:
            return SKIP
        return int(c.st.dec[0]) + (0 if x == 1 else 10)
    return choose


def _ghost(A, colour, icon, juice=0):
    ok = (A.ghost_colour == colour) & (A.ghost_act[:, 0] == icon) & \
        (A.ghost_act[:, 1] < 0) & (A.ghost_juice[:, 0] == juice)
    return int(np.flatnonzero(ok)[0])


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_buy_one_of_two_identical_ghosts(mode, players, over, bot):
    """The same Ghost at market positions 1 and 2 (both cost 2), 2 Malice: buying either
    leaves the same market."""
    c = Case(mode, players, over, bot)
    g = _ghost(c.A, 0, A_JUICE, 3)
    other = _ghost(c.A, 1, A_JUICE, 3)
    c.spook(2, [other, g, g, -1, -1], list(c.st.amarket))
    c.split("which of two identical Ghosts to buy", [1, 2], _purchase(c))


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_buy_one_of_two_identical_arch_monsters(mode, players, over, bot):
    """The same Arch Monster at positions 3 and 4 (both cost 3), 3 Malice, no Ghost for
    sale."""
    c = Case(mode, players, over, bot)
    a = [int(x) for x in c.st.amarket]
    c.spook(3, [-1] * 5, a[:3] + [a[3], a[3]])
    c.split("which of two identical Arch Monsters to buy", [13, 14], _purchase(c))


@pytest.mark.parametrize("mode,players,over,bot", CASES)
def test_ghost_goes_before_one_of_two_alike_grunts(mode, players, over, bot):
    """A multi-coloured Ghost; the pink and purple Grunts on their starting spots, the next
    spaces of both empty (area 1, no icons); the other Grunts in the final area. The Ghost
    goes on the space one of the two rearmost Grunts lands on next."""
    c = Case(mode, players, over, bot, {"town.4": "1:pink:"})
    c.grunts_final(0, but=(2, 4))
    g = int(np.flatnonzero((c.A.ghost_colour == MULTI) & (c.A.ghost_gain == 0))[0])
    assert c.A.space_colour[3] == 4 and c.A.space_colour[4] == 2
    c.spook(2, [-1, g, -1, -1, -1], [-1] * 5)

    def choose():
        x = c.ask(bots.decide_spook, 0)
        if x != 1:
            return SKIP
        return int(c.st.dec[1])

    c.split("which of two alike spaces a Ghost goes on", [3, 4], choose)


# ---------------------------------------------------------------------- family mode
FAMILY_BOTS = ("random", "greedy", "prophet", "weights", "weights(noise=0)")


class FamilyCase:
    def __init__(self, bot, players=3):
        rules = GAME.make_rules(players, {"mode": "family"})
        prep = GAME.prepare(rules, GAME.lineup([bot] * players, players))
        self.A, self.F, self.lu = prep.arrays, prep.family, prep.lineup
        self.bot = bot
        self.random = bot == "random"
        self.rng = np.zeros(4, np.uint64)
        seed_stream(np.uint64(7), np.uint64(0), self.rng)
        self.st = nb_family.new_family_state(self.A)
        nb_family.new_game(self.A, self.F, self.st, self.rng)
        self.st.prophecy[0] = ROW_CARD

    def row(self, p, r, text):
        st = self.st
        dice = text.split()
        for k, d in enumerate(dice):
            st.order_col[p, r, k], st.order_rank[p, r, k] = LETTERS[d[0]], int(d[1])
        st.order_n[p, r] = len(dice)

    def split(self, what, options, choose):
        return check_even_split(_choices(self, choose), options,
                                what=f"family {self.bot}: {what}")


@pytest.mark.parametrize("bot", FAMILY_BOTS)
def test_family_pick_identical_dice_identical_rows(bot):
    c = FamilyCase(bot)
    for k in range(4):
        c.st.fm_col[1, k], c.st.fm_face[1, k] = _die(c.A, "G4")
    xs = _choices(c, lambda: int(bots_family.decide_pick(c.A, c.F, c.st, c.lu, 0, 1, c.rng)))
    check_even_split(xs, list(range(12)), what=f"family {bot}: pick")
    check_even_split([x // 3 for x in xs], [0, 1, 2, 3], what=f"family {bot}: die picked")
    check_even_split([x % 3 for x in xs], [0, 1, 2], what=f"family {bot}: row")


@pytest.mark.parametrize("bot", FAMILY_BOTS)
def test_family_promote_one_of_two_identical_dice(bot):
    c = FamilyCase(bot)
    c.row(0, 0, "O3")
    c.row(0, 1, "O3")

    def choose():
        if bots_family.decide_promote(c.A, c.F, c.st, c.lu, 0, c.rng) == 0:
            return SKIP
        return int(c.st.dec[0] * 8 + c.st.dec[1])

    c.split("which of two identical dice to promote", [0, 8], choose)


@pytest.mark.parametrize("bot", FAMILY_BOTS)
def test_family_swap_with_one_of_two_identical_rows(bot):
    """Row 0 (two Minion spaces free) holds a 1, rows 1 and 2 (one free each) a 6 each."""
    c = FamilyCase(bot)
    c.row(0, 0, "O1")
    c.row(0, 1, "O6")
    c.row(0, 2, "O6")
    c.st.minions[0] = [0, 1, 1]

    def choose():
        if bots_family.decide_swap(c.A, c.F, c.st, c.lu, 0, c.rng) == 0:
            return SKIP
        d = c.st.dec
        x, y = sorted((int(d[0] * 8 + d[1]), int(d[2] * 8 + d[3])))
        return x * 32 + y

    opts = [0 * 32 + 8, 0 * 32 + 16, 8 * 32 + 16] if c.random else [0 * 32 + 8, 0 * 32 + 16]
    c.split("which identical row's 6 to swap in", opts, choose)


@pytest.mark.parametrize("bot", FAMILY_BOTS)
def test_family_row_identical_rows(bot):
    c = FamilyCase(bot)
    for r in range(3):
        c.row(0, r, "O3 G5")
    c.split("which identical row takes the Minion", [0, 1, 2],
            lambda: int(bots_family.decide_row(c.A, c.F, c.st, c.lu, 0, c.rng)))
