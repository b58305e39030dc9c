"""Hand-built Monsters on Board positions for the rule tests (tests/monsters/test_rules_*.py).

The kernel's rule helpers (``engine.py``) and phases (``nb.py``) are numba functions that are also
plain Python (``.py_func``). The ``script`` fixture switches the Monsters modules to their plain
Python twins for the length of one test (no compile; the same source as the kernel) and replaces
the bots' decisions with a :class:`Script` whose answers a test queues by hand, so a test sets
up a position, runs one rule and compares with the rulebook. The ``pure`` fixture does the same
but keeps the real bots (used to play whole games in plain Python).

Default Town (``data/town.toml``), path order (index: area colour icons) -- the tests rely on it:
  area 1: 0 blue juice:2, 1 orange malice, 2 green call, 3 purple -, 4 pink feed, 5 yellow promote
  area 2: 6 blue juice:1, 7 green swap, 8 pink grunt
  area 3: 9 yellow minion, 10 orange juice:3, 11 purple call+juice:1
  area 4: 12 blue, 13 green, 14 pink, 15 purple                   (neighborhood)
  area 5: 16 orange -, 17 yellow malice+juice:1, 18 purple feed
  area 6: 19 pink juice:2, 20 blue call
  area 7: 21 green promote, 22 orange malice, 23 yellow -
  area 8: 24 blue, 25 pink, 26 purple                             (neighborhood)
  area 9: 27 yellow grunt, 28 green juice:2
  area 10: 29 orange call, 30 purple swap, 31 blue juice:1+feed
  area 11: 32 yellow malice, 33 green juice:3
  area 12: 34 pink, 35 orange                                     (neighborhood)
  36 = the final area. Summoning track: start, malice, summon, feed, summon, juice:2, summon.
Lord dice (``data/dice.toml``): every colour has the ranks 1..6 once, face index = rank - 1.
"""

from __future__ import annotations

import numpy as np
import pytest
from numba.core.registry import CPUDispatcher

from simlab.core.rng import seed_stream
from simlab.games.monsters import (
    bot_base,
    bots,
    bots_actions,
    bots_dice,
    bots_moves,
    bots_spook,
    engine,
    nb,
    perform,
    phases,
    solo,
    values,
)
from simlab.games.monsters.bots import BOTS, bot_vector
from simlab.games.monsters.rules import make_rules
from simlab.games.monsters.state import I_BOX, MonstersLineup, new_state

B, G, P, ORANGE, U, Y = range(6)  # blue green pink orange purple(U) yellow
LETTERS = {"B": B, "G": G, "P": P, "O": ORANGE, "U": U, "Y": Y}
FINAL = 36
#: the kernel's modules run as plain Python (``_plain``): the game loop, its phases and the bots
MODULES = (engine, nb, phases, perform, solo, bots, bot_base, bots_dice, bots_actions, bots_spook,
           bots_moves, values)
_OWN = {m.__name__ for m in MODULES}


def _plain(monkeypatch):
    for mod in MODULES:
        for name, obj in list(vars(mod).items()):
            if isinstance(obj, CPUDispatcher) and obj.py_func.__module__ in _OWN:
                monkeypatch.setattr(mod, name, obj.py_func)


class Script:
    """Decisions queued by a test. Every decision asked is logged in ``log``.

    ``action``: one entry per action other than Spook Juice / Malice (those are always taken):
    ``None`` skips it, a tuple performs it with those targets in ``st.dec``; empty queue: skip.
    ``draft``/``activate``/``arch``: indices (empty: first legal / -1); ``place``: ``(k, row)``;
    ``spook``: ``0`` pass, ``(1, position, target)`` Ghost, ``(2, position)`` Arch Monster.
    ``grunt_order``: lists of Grunt slots, the order of one move (empty: slot order);
    ``action_order``: lists of indices into the landed actions (empty: as landed).
    """

    def __init__(self):
        self.draft, self.activate, self.place, self.action = [], [], [], []
        self.spook, self.arch, self.log = [], [], []
        self.grunt_order, self.action_order = [], []
        self.take_gains = True   # False: Spook Juice and Malice icons are skipped too

    def decide_draft(self, A, st, lu, p, f, rng):
        self.log.append(("draft", int(p), int(f)))
        if self.draft:
            return self.draft.pop(0)
        return int(np.flatnonzero(st.fm_col[f] >= 0)[0])

    def decide_activate(self, A, st, lu, p, rng):
        self.log.append(("activate", int(p)))
        if self.activate:
            return self.activate.pop(0)
        return int(np.flatnonzero(st.drv_moved[p] == 0)[0])

    def decide_place(self, A, st, lu, p, rng):
        self.log.append(("place", int(p)))
        k, r = self.place.pop(0)
        return 3 * k + r

    def decide_action(self, A, st, lu, p, a, j, just, rng):
        from simlab.games.monsters.state import I_JUST_COL, I_JUST_ROW
        self.log.append(("action", int(p), int(a), int(j), int(just),
                         tuple(int(x) for x in st.order_n[p]),
                         (int(st.info[I_JUST_ROW]), int(st.info[I_JUST_COL]))))
        if a in (4, 8):  # A_JUICE, A_MALICE
            return 1 if self.take_gains else 0
        if not self.action:
            return 0
        x = self.action.pop(0)
        if x is None:
            return 0
        st.dec[:len(x)] = x
        return 1

    def decide_spook(self, A, st, lu, p, rng):
        self.log.append(("spook", int(p)))
        x = self.spook.pop(0) if self.spook else 0
        if not x:
            return 0
        st.dec[:len(x) - 1] = x[1:]
        return x[0]

    def decide_arch(self, A, st, lu, p, final, rng):
        self.log.append(("arch", int(p), int(final)))
        return self.arch.pop(0) if self.arch else -1

    def decide_grunt_order(self, A, st, lu, p, c, n, rng):
        slots = [int(x) for x in st.perm[:n]]
        self.log.append(("grunt_order", int(p), int(c), tuple(slots)))
        if self.grunt_order:
            order = self.grunt_order.pop(0)
            assert sorted(order) == sorted(slots), (order, slots)
            st.perm[:n] = order
        return 0

    def decide_action_order(self, A, st, lu, p, m, rng):
        acts = [(int(a), int(j)) for a, j in zip(st.lact[:m], st.ljuice[:m], strict=True)]
        self.log.append(("action_order", int(p), tuple(acts)))
        if self.action_order:
            idx = self.action_order.pop(0)
            assert sorted(idx) == list(range(m)), idx
            st.lact[:m] = [acts[i][0] for i in idx]
            st.ljuice[:m] = [acts[i][1] for i in idx]
        return 0

    def offered(self, kind="action"):
        return [e[1:] for e in self.log if e[0] == kind]


@pytest.fixture
def pure(monkeypatch):
    """Plain-Python kernel with the real bots."""
    _plain(monkeypatch)


@pytest.fixture
def script(monkeypatch):
    """Plain-Python kernel with scripted decisions: returns the :class:`Script`."""
    _plain(monkeypatch)
    s = Script()
    for name in ("decide_draft", "decide_activate", "decide_place", "decide_action",
                 "decide_spook", "decide_arch", "decide_grunt_order", "decide_action_order"):
        # where the phases ask (phases, perform) and the reference engine asks (bots,
        # bots_moves): every module of the plain kernel that names the decision
        for mod in MODULES:
            if hasattr(mod, name):
                monkeypatch.setattr(mod, name, getattr(s, name))
    return s


def lineup(names) -> MonstersLineup:
    ids = np.array([BOTS[n][0] for n in names], np.int64)
    return MonstersLineup(ids, np.stack([bot_vector(n) for n in names]))


def position(players=2, seed=1, bot="random", **over):
    """A freshly set-up game (``nb.new_game``): ``(A, st, lu, rng)``. Prophecy cards removed."""
    A = make_rules(players, over).to_arrays()
    assert A.n_spaces == FINAL, "the tests assume the default Town (see the module docstring)"
    st = new_state(A)
    rng = np.zeros(4, np.uint64)
    seed_stream(np.uint64(seed), np.uint64(0), rng)
    nb.new_game(A, st, rng)
    st.prophecy[:] = -1
    return A, st, lineup([bot] * players), rng


def face(A, c, rank):
    """Face index of colour c showing ``rank``."""
    return int(np.flatnonzero(A.face_rank[c] == rank)[0])


def die(text):
    """``"B6"`` -> (colour, rank)."""
    return LETTERS[text[0]], int(text[1])


def row(st, p, r, text):
    """Fill row r of p's Order with ``"B6 G5 P4"`` (left to right)."""
    st.order_col[p, r] = -1
    st.order_rank[p, r] = 0
    dice = text.split()
    for k, d in enumerate(dice):
        st.order_col[p, r, k], st.order_rank[p, r, k] = die(d)
    st.order_n[p, r] = len(dice)


def driveway(A, st, p, text):
    """p's Driveway dice ``"P1 B4 O1 G6"`` (colour + rank)."""
    for k, d in enumerate(text.split()):
        c, r = die(d)
        st.drv_col[p, k], st.drv_face[p, k], st.drv_moved[p, k] = c, face(A, c, r), 0


def fearmobile(A, st, f, text):
    """Fearmobile f, front (car position 0) to rear: ``"G3 B2 B5 P1"``."""
    for k, d in enumerate(text.split()):
        c, r = die(d)
        st.fm_col[f, k], st.fm_face[f, k] = c, face(A, c, r)


def put_grunt(st, p, slot, c, pos):
    """Grunt slot ``slot`` of colour c at ``pos`` (-1 start, -2 gain spot, space, 36 final)."""
    old = st.grunt_pos[p, slot]
    if st.grunt_col[p, slot] >= 0 and 0 <= old < FINAL:
        st.occ[p, old] = 0
    st.grunt_col[p, slot] = c
    st.grunt_pos[p, slot] = pos
    if 0 <= pos < FINAL:
        st.occ[p, pos] = 2


def put_minion(st, p, m, pos):
    engine.move_minion(st, p, m, pos)


def ghost_of(A, colour, gain=False):
    """Index of the first Ghost of ``colour`` (6 = multi) with / without the gain-Grunt icon."""
    ok = (A.ghost_colour == colour) & (A.ghost_gain == (1 if gain else 0))
    return int(np.flatnonzero(ok)[0])


def dice_total(st):
    """Lord dice accounted for: bag, Fearmobiles, Driveways, Orders, solo dice, Court, box."""
    return int(engine.dice_in_play(st) + st.info[I_BOX])


def move(A, st, lu, rng, p, c, resolve=True):
    """Move p's Grunts of colour c (``perform.move_grunts``: the bot's orders), then perform what
    they landed on (``resolve``); returns the number of Grunts moved."""
    n = perform.move_grunts(A, st, lu, p, c, rng)
    if resolve:
        perform.resolve(A, st, lu, p, rng)
    return n


def act(A, st, lu, rng, p, a, juice=0, just=0):
    """Push one action and resolve the pending stack (what the kernel does for an icon)."""
    engine.push_action(st, a, juice, just)
    perform.resolve(A, st, lu, p, rng)


# ---------------------------------------------------------------- the same position, reference
def reference_of(A, st, lu, rng):
    """The reference engine (``reference.ReferenceGame``) set up on the kernel position ``st``:
    every player's board, the markets, the supply, the round and a copy of the stream ``rng``,
    so that a test can run one rule on both engines and compare (:func:`board_of`)."""
    from simlab.games.monsters.reference import Grunt, ReferenceGame

    g = ReferenceGame(A, lu, 1, 0, log=True)
    g.setup()
    for p, pl in enumerate(g.players):
        used = [int(i) for i in np.flatnonzero(st.grunt_col[p] >= 0)]
        assert used == list(range(len(used))), "reference_of: Grunt slots must be contiguous"
        pl.grunts = [Grunt(int(st.grunt_col[p, i]), int(st.grunt_pos[p, i])) for i in used]
        pl.minions = [int(x) for x in st.minion_pos[p]]
        pl.ghosts = {int(s): int(st.ghost_at[p, s]) for s in np.flatnonzero(st.ghost_at[p] >= 0)}
        pl.gain_spots = [None if x < 0 else int(x) for x in st.gain_spot[p, :A.gain_spots]]
        pl.rows = [[[int(st.order_col[p, r, c]), int(st.order_rank[p, r, c])]
                    for c in range(st.order_n[p, r])] for r in range(3)]
        pl.sj = [int(x) for x in st.sj[p]]
        pl.summon = [int(x) for x in st.summon[p]]
        pl.driveway = [None if st.drv_col[p, k] < 0 else
                       [int(st.drv_col[p, k]), int(st.drv_face[p, k]), int(st.drv_moved[p, k])]
                       for k in range(4)]
        pl.arch = [int(x) for x in st.arch[p, :st.n_arch[p]]]
        pl.prophecy = int(st.prophecy[p])
        pl.juice = int(st.juice[p])
        pl.malice = int(st.malice[p])
    g.gmarket = [None if x < 0 else int(x) for x in st.gmarket]
    g.amarket = [None if x < 0 else int(x) for x in st.amarket]
    g.supply = [int(x) for x in st.supply]
    g.round = int(st.info[0])
    g.rng = rng.copy()
    return g


BOARD = ("drv_col", "drv_face", "drv_moved", "order_col", "order_rank", "order_n", "sj",
         "summon", "juice", "malice", "grunt_col", "grunt_pos", "minion_pos", "ghost_at",
         "n_arch")


def board_of(g, p):
    """Player p's board in the reference game ``g``, as the kernel's arrays (a dict)."""
    g.write_board(p)
    return {k: np.array(getattr(g.view, k)[p]) for k in BOARD}


def assert_same_board(st, g, p):
    """The kernel position ``st`` and the reference game ``g`` agree on p's board."""
    ref = board_of(g, p)
    empty = np.asarray(st.drv_col[p]) < 0         # an empty Driveway space's face is no state
    for k in BOARD:
        mine = np.asarray(getattr(st, k)[p]).copy()
        theirs = ref[k].copy()
        if k in ("drv_face", "drv_moved"):
            mine[empty] = theirs[empty] = 0
        assert np.array_equal(mine, theirs), k
