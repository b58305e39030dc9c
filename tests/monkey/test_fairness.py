"""Bot fairness in Monkey Fun: in identical situations a bot's choice splits evenly.

Seats legitimately differ in Monkey Fun (seat 1 moves first towards a row), so the check is on
hand-built positions (row-major board, see ``positions.py``): two opponents, two board places or
two card subsets that are identical for the bot, holdings and what the rules give each. Every
built-in bot is asked (``bots.decide``, as the kernel and the reference engine ask it) over
2,000 seeded repetitions, each with its own random stream, and
:func:`~simlab.core.conformance.check_even_split` fails unless its choices split evenly: ties
must be broken from the game's random stream, never by seat or by loop order (hand slot,
bitmask, seat index).

The evaluation bots (greedy, row, blocker, weights) tell any two fields apart by their numbers
(the ``cost`` of the cards naming a field and the ``field`` points term), so two *places* are
identical for them only with those two weights at 0: the place and opponent positions ask them
so (``cost=0,field=0``); the card-subset and leader positions ask them with their defaults.

Positions (P = the deciding seat):

- ``win``: P holds fields 15, 22, 29; field 8 completes the diagonal and is named by the hand
  ``[3, 5, 2, 6]`` as 3+5 or 2+6 (same cost, same win; every other field it names is owned by
  the opponent): which cards.
- ``block``: single-card plays; two opponents each hold a 3-of-4 column threat, mirrored
  (fields 1, 7, 13 and 6, 12, 18); P's hand ``[1, 1, 6, 6]`` breaks either: whom to block (the
  blocker's and weights' "leader" term: the opponent with most threats, tied here).
- ``place``: single-card plays; P holds fields 3, 4; fields 2 and 5 extend the row
  symmetrically: which place.
- ``dump``: single-card plays, P's last monkey, everyone else is out: field 1 is one
  opponent's majority, field 6 the other's, and P's monkey changes neither (the game ends with
  the same scores): whose field (the lookahead bot sees an exact tie).
- ``solo`` / ``tower``: the solo planner's one free square field the hand names (8 = 3+5 =
  2+6; the cards kept name no other free field either way), and its tower field (8 again, a
  tower already: no new minus points) when no free square field can be named: which cards;
  asked of the planner and of its search (`solo(playouts=3)`).
- ``owned``: P owns field 2 and the hand ``[1, 1, 2, 2]`` names fields 1..6 (2 as 2 or 1+1):
  the random bot leaves its own field out (the monkey would go to the box) and is uniform over
  the other plays; when every play names its own field it is uniform over those.
"""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.conformance import FairnessError, check_even_split
from simlab.core.rng import new_stream
from simlab.games.monkey import bots, engine, policies
from simlab.games.monkey.bots import search_state
from simlab.games.monkey.game import GAME

from .positions import build

REPS = 400
SEED = 20240611
NEUTRAL = "(cost=0,field=0)"  # the evaluation bots' field-number terms off: places identical
EVAL_BOTS = ("greedy", "row", "blocker", "weights")
LOOKAHEAD = "lookahead(playouts=2)"


def setup(players, bot, seat, **overrides):
    """Rule arrays (row-major board) and a line-up with ``bot`` in ``seat`` (random elsewhere)."""
    rules = GAME.make_rules(players, {"layout": "row-major", **overrides})
    names = ["random"] * players
    names[seat] = bot
    prep = GAME.prepare(rules, GAME.lineup(names, players))
    return prep.arrays, prep.lineup


def ask(A, lineup, st, p, reps=REPS):
    """The card subsets (bitmasks) the bot of seat p chooses in ``st`` over seeded streams."""
    sim = search_state(lineup, A.n_players, A.n_cards)
    out = []
    for r in range(reps):
        rng = new_stream(SEED, r)
        out.append(int(bots.decide(A, st, sim, lineup, p, rng)))
    return out


def field_of(st, p, m) -> int:
    """The field a card subset names: the sum of its cards."""
    return int(sum(int(st.hand[p, j]) for j in range(int(st.hand_n[p])) if m >> j & 1))


# ------------------------------------------------------------------ the positions
def win_position(bot):
    """P holds 15, 22, 29 (a diagonal); 3+5 or 2+6 names field 8 and completes it; every other
    field the hand names is the opponent's (owned), so field 8 is the only play."""
    A, lineup = setup(2, bot, 0)
    board = {f: [1, 0] for f in (15, 22, 29)}
    owned = (2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 16)
    board.update({f: [0, 2] for f in owned})
    st, _ = build(A, board=board, owner={f: 1 for f in owned},
                  hands=[[3, 5, 2, 6], [9, 9, 9, 9]], draw=[7] * 10, turn=30,
                  supply=[17, 9])
    return A, lineup, st, 0


def block_position(bot, players, p, a, b):
    """Opponents a and b hold mirrored column threats (a: 1, 7, 13, b: 6, 12, 18); p's single
    cards 1 (hand slots 0, 1) and 6 (slots 2, 3) break either. Both orders of the seats are
    asked, so that neither the lower seat nor the first hand slot can pass for a fair choice."""
    A, lineup = setup(players, bot, p, max_cards_per_play=1)
    board = {}
    for f in (1, 7, 13):
        board[f] = [1 if q == a else 0 for q in range(players)]
    for f in (6, 12, 18):
        board[f] = [1 if q == b else 0 for q in range(players)]
    hands = [[9, 9, 9, 9] for _ in range(players)]
    hands[p] = [1, 1, 6, 6]
    supply = [17 if q in (a, b) else 20 for q in range(players)]
    st, _ = build(A, board=board, hands=hands, draw=[7] * 10, turn=7, supply=supply)
    return A, lineup, st, p


def place_position(bot):
    A, lineup = setup(2, bot, 0, max_cards_per_play=1)
    st, _ = build(A, board={3: [1, 0], 4: [1, 0], 33: [0, 1], 34: [0, 1]},
                  hands=[[2, 2, 5, 5], [9, 9, 9, 9]], draw=[7] * 10, turn=5,
                  supply=[18, 18])
    return A, lineup, st, 0


def dump_position(bot):
    """Seat 0's last monkey; field 1 is seat 1's majority, field 6 seat 2's, 2 vs 1 vs 0:
    one more monkey of seat 0 changes neither, and nobody else has a monkey left."""
    A, lineup = setup(3, bot, 0, max_cards_per_play=1)
    st, _ = build(A, board={1: [0, 2, 1], 6: [0, 1, 2], 20: [3, 0, 0]},
                  hands=[[1, 1, 6, 6], [9, 9, 9, 9], [9, 9, 9, 9]], draw=[7] * 10, turn=60,
                  supply=[1, 0, 0])
    return A, lineup, st, 0


def solo_position(bot, tower):
    A, lineup = setup(1, bot, 0)
    inner = [8, 9, 10, 11, 14, 15, 16, 17, 20, 21, 22, 23, 26, 27, 28, 29]
    if tower:  # every square field but 29 (out of reach) taken, field 8 already a tower
        board = {f: [1] for f in inner if f != 29}
        board[8] = [2]
        turn = 16
    else:  # every other square field the hand names taken (9 = 3+6, 10 = 3+5+2, 11, 14, 16):
        # 8 is the one free field it can name, as 3+5 or 2+6
        board = {f: [1] for f in (9, 10, 11, 14, 16)}
        turn = 6
    st, _ = build(A, board=board, hands=[[3, 5, 2, 6]], draw=[7] * 10, turn=turn)
    return A, lineup, st, 0


# ------------------------------------------------------------------ the checks
@pytest.mark.parametrize("bot", EVAL_BOTS + (LOOKAHEAD,))
def test_which_cards_for_the_winning_field(bot):
    A, lineup, st, p = win_position(bot)
    masks = ask(A, lineup, st, p, reps=REPS if bot != LOOKAHEAD else 300)
    assert {field_of(st, p, m) for m in masks} == {8}
    # 3+5 is hand slots 0, 1 (mask 3), 2+6 slots 2, 3 (mask 12)
    check_even_split(masks, [3, 12], what=f"{bot}: 3+5 or 2+6 to win on field 8")


@pytest.mark.parametrize("bot", ["blocker", "weights"]
                         + [b + NEUTRAL for b in EVAL_BOTS])
@pytest.mark.parametrize("players,p,a,b", [(3, 0, 1, 2), (3, 0, 2, 1), (3, 1, 0, 2),
                                           (4, 2, 0, 3), (4, 3, 2, 1)])
def test_whose_threat_to_block(bot, players, p, a, b):
    A, lineup, st, p = block_position(bot, players, p, a, b)
    masks = ask(A, lineup, st, p)
    blocked = [int(st.maj[A.cell_of[field_of(st, p, m)]]) for m in masks]
    check_even_split(blocked, [a, b], what=f"{bot} in seat {p + 1} of {players}: block seat "
                                           f"{a + 1} or seat {b + 1}")


@pytest.mark.parametrize("bot", [b + NEUTRAL for b in EVAL_BOTS])
def test_which_of_two_mirrored_places(bot):
    A, lineup, st, p = place_position(bot)
    fields = [field_of(st, p, m) for m in ask(A, lineup, st, p)]
    check_even_split(fields, [2, 5], what=f"{bot}: extend 3-4 to field 2 or field 5")


@pytest.mark.parametrize("bot", [LOOKAHEAD] + [b + NEUTRAL for b in EVAL_BOTS])
def test_whose_field_to_spend_the_last_monkey_on(bot):
    A, lineup, st, p = dump_position(bot)
    masks = ask(A, lineup, st, p, reps=REPS if bot != LOOKAHEAD else 300)
    whose = [int(st.maj[A.cell_of[field_of(st, p, m)]]) for m in masks]
    check_even_split(whose, [1, 2], what=f"{bot}: last monkey on seat 2's or seat 3's field")


# ahead=0: the planner's one-draw lookahead reads which cards stay in the hand (3+5 leaves
# 2 and 6, 2+6 leaves 3 and 5), so the two plays are identical only without it
@pytest.mark.parametrize("bot", ["solo(ahead=0)", "solo(playouts=3,ahead=0)"])
@pytest.mark.parametrize("tower", [False, True])
def test_solo_which_cards_for_the_field(tower, bot):
    A, lineup, st, p = solo_position(bot, tower)
    masks = ask(A, lineup, st, p, reps=REPS if bot == "solo(ahead=0)" else 300)
    assert {field_of(st, p, m) for m in masks} == {8}
    kind = "tower" if tower else "free field"
    check_even_split(masks, [3, 12], what=f"{bot}: 3+5 or 2+6 to field 8 ({kind})")


@pytest.mark.parametrize("position", ["win", "block", "place", "dump", "solo", "tower"])
def test_random_is_uniform_over_the_legal_plays(position):
    make = {"win": lambda: win_position("random"),
            "block": lambda: block_position("random", 3, 0, 1, 2),
            "place": lambda: place_position("random"),
            "dump": lambda: dump_position("random"),
            "solo": lambda: solo_position("random", False),
            "tower": lambda: solo_position("random", True)}[position]
    A, lineup, st, p = make()
    n = engine.legal_plays(A, st, p)
    legal = sorted(int(m) for m in st.masks[:n])
    check_even_split(ask(A, lineup, st, p), legal, what=f"random: legal plays ({position})")


def test_random_leaves_out_plays_on_its_own_field():
    A, lineup = setup(2, "random", 0)
    st, _ = build(A, board={2: [2, 0]}, owner={2: 0}, hands=[[1, 1, 2, 2], [9, 9, 9, 9]],
                  draw=[7] * 10)
    n = engine.legal_plays(A, st, 0)
    useful = sorted(int(st.masks[i]) for i in range(n) if A.number[st.cells[i]] != 2)
    assert len(useful) < n  # plays naming field 2 are legal (the owner may place) ...
    check_even_split(ask(A, lineup, st, 0), useful, what="random: plays off its own field")
    # ... and under owner_may_place = false they are not legal at all
    A2, lineup2 = setup(2, "random", 0, owner_may_place=False)
    st2, _ = build(A2, board={2: [2, 0]}, owner={2: 0}, hands=[[1, 1, 2, 2], [9, 9, 9, 9]],
                   draw=[7] * 10)
    n2 = engine.legal_plays(A2, st2, 0)
    assert sorted(int(st2.masks[i]) for i in range(n2)) == useful
    # every play names its own field (1 as either 1; 1+1 = 2 is the opponent's): uniform over
    # those, a forced boxing
    st3, _ = build(A, board={1: [2, 0], 2: [0, 2]}, owner={1: 0, 2: 1},
                   hands=[[1, 1], [9, 9, 9, 9]], draw=[7] * 10)
    n3 = engine.legal_plays(A, st3, 0)
    assert {int(A.number[st3.cells[i]]) for i in range(n3)} == {1}
    check_even_split(ask(A, lineup, st3, 0), sorted(int(m) for m in st3.masks[:n3]),
                     what="random: only its own field")


def test_the_check_fails_for_a_bot_that_prefers_a_seat():
    # the check itself: a choice that always takes the first option is caught
    with pytest.raises(FairnessError, match="not an even split"):
        check_even_split([1] * 1500 + [2] * 500, [1, 2], what="first opponent")
    assert np.isfinite(check_even_split([1, 2] * 1000, [1, 2])["p"])


# ------------------------------------------------------------------ custom bots
@pytest.fixture(scope="module")
def custom_bots():
    """Two custom bots: ``flat`` scores every play alike, ``ends`` scores fields 2 and 5 alike
    (and above the rest): their choices are all ties, drawn from the game's stream as the
    built-in bots draw theirs (they had taken the first play in bitmask order)."""
    import simlab
    from simlab.core import custom

    @simlab.bot("monkey", params={"w": 1.0})
    def flat(A, st, seat, kind, option, params):
        """every play alike"""
        return params[0]

    @simlab.bot("monkey", params={"w": 1.0})
    def ends(A, st, seat, kind, option, params):
        """fields 2 and 5 alike"""
        n = A.number[st.cells[option]]
        return params[0] if n == 2 or n == 5 else 0.0

    yield
    custom.unregister("monkey", "flat")
    custom.unregister("monkey", "ends")


def test_custom_bots_draw_their_ties(custom_bots):
    A, lineup, st, p = win_position("flat")
    check_even_split(ask(A, lineup, st, p), [3, 12], what="custom flat: 3+5 or 2+6")
    A, lineup, st, p = block_position("flat", 3, 0, 1, 2)
    masks = ask(A, lineup, st, p)
    blocked = [int(st.maj[A.cell_of[field_of(st, p, m)]]) for m in masks]
    check_even_split(blocked, [1, 2], what="custom flat: block seat 2 or seat 3")
    A, lineup, st, p = place_position("ends")
    fields = [field_of(st, p, m) for m in ask(A, lineup, st, p)]
    check_even_split(fields, [2, 5], what="custom ends: field 2 or field 5")
    for tower in (False, True):  # every distinct legal play alike: uniform over them
        A, lineup, st, p = solo_position("flat", tower)
        n = engine.legal_plays(A, st, p)
        distinct = [int(m) for m in st.masks[:n] if policies.canonical(st, p, int(m))]
        assert len(distinct) >= 2
        check_even_split(ask(A, lineup, st, p), distinct, what=f"custom flat solo ({tower})")


def test_custom_bot_ties_agree_kernel_and_reference(custom_bots):
    from simlab.core.conformance import check_conformance

    for players, names in ((3, ["ends", "random", "greedy"]), (1, ["flat"])):
        rules = GAME.make_rules(players)
        check_conformance(GAME, rules, GAME.lineup(names, players), n_games=30, seed=9)
