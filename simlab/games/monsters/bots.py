"""Monsters on Board: bot strategies (numba), chosen by integer id inside the kernel.

Every bot is an id plus a parameter vector, so one compiled kernel plays any line-up. The game
loop asks a bot for every decision:

``decide_draft`` the car position of the die to take; ``decide_activate`` the Driveway die to
activate next (Grunt movement); ``decide_place`` the die and row of the next Swamp-Jack
placement (the last die left gives Malice); ``decide_action`` whether to perform a pending
action and its targets (in ``st.dec``: swap r1,c1,r2,c2; promote r,c,delta -- r = ``DRIVEWAY``
for the die on Driveway space c, turned to face ``dec[3]``; Minion m,space; move Grunt colour;
call / feed row); ``decide_spook`` pass (0), buy a Ghost (1: position, target) or an Arch Monster
(2: position); ``decide_arch`` which Arch Monster card to discard for its back action (-1:
none), asked at every decision point of the owner's ("At any time"): before and after each
Grunt movement, after each Swamp-Jack placement and after the Malice die, before each of its
Spook turns, and before final scoring. The order of same-coloured Grunts and of the actions
they land on is chosen in ``bots_moves.py``.

``random`` (id 0)
    Uniform over the legal choices of every decision (an action is performed with probability
    1/2, the Spook phase passes with probability 1/2 and otherwise buys a uniform legal item;
    a Ghost goes where greedy puts it, :func:`ghost_target`).
``greedy`` (1)
    Immediate value: Spook Juice and Malice gained now (``juice``, ``malice`` per point),
    Grunt steps (``grunt``) and arrivals in the final area (``final`` x the matching dice the
    player holds + 1), rank placed in a row within its Spider Jack value (``rank``; beyond it
    ``rank`` x ``beyond``), Summoning progress (``summon``), ``prophecy`` (1) x the change of
    its own Prophecy card's ``prophecy_progress`` for every draft pick (the die's best row),
    placement, swap and promote/demote, a flat value per Ghost (``ghost``) plus its icons, and
    each Arch Monster by its own scoring condition: the points it adds on the current position
    plus ``arch`` x the share of the game left (:func:`arch_gain`), bought against ``cost`` per
    Malice spent; a card is discarded for its back action when that action is worth more than
    the card kept (:func:`decide_arch`). The Prophecy progress reads each row's spots up to
    its Spider Jack die + ``prophecy_reach`` (2: the spots a Feed may still keep; 0 read only
    the dice kept now, when most conditions read as impossible for most of the game), and a
    Feed adds ``prophecy_keep`` (1) x the progress of keeping one more spot of its row
    (``values.feed_prophecy``). In solo 2 it plays against the automaton
    (``values_solo``): ``sj_deny`` (1) x what the die Spider Jack takes next from the car it
    leaves is worth to him, subtracted from a draft pick; ``sj_ghost`` (1) x what the Ghost
    his un-scored die's rank takes is worth to him (multi-coloured Ghosts match every colour)
    against an average Ghost, added to buying it on the first Spook turn; ``sj_pay`` (1): under
    Prophecy +1 a Prophecy point counts ``1 + sj_pay``, under Summoning +1 a die a Feed keeps.
``prophet`` (2)
    greedy with ``prophecy`` = 2: its Prophecy card counts double.
``weights`` (3)
    The same evaluation with every weight a parameter (for sweeps and the tuner).
``lookahead`` (4)
    Flat Monte Carlo (``lookahead.py``): for the draft pick, the Swamp-Jack placement and each
    Spook turn it keeps the ``width`` best options by the greedy evaluation (passing always
    kept) and plays each in ``playouts`` continuations to the end of the game (hidden
    information resampled, every seat played by its own bot -- a lookahead seat by greedy with
    its weights --, common random numbers), taking the best mean of win share + score margin /
    100. Its parameters are greedy's weights (used for the other
    decisions and the pre-ranking) plus ``playouts`` (8), ``width`` (6), ``horizon`` (0: to
    the end of the game; h: the decision's round and h - 1 more, then every seat's running
    score, ``shape.running_score``) and ``race`` (0: every option plays ``playouts``; n:
    successive halving, n playouts each round, the better half goes on).
``search`` (4, the game's default search, ``Game.search_bot``)
    The lookahead with ``race`` 2 (8 playouts, width 6, to the end of the game).
``first`` (5, bench only: ``simlab bench``'s rules-alone line-up, left out of listings)
    The first legal option of every decision in the custom-bot option order below, doing
    before declining: every action on its first legal target, the first affordable Ghost (on
    its first legal place) or Arch Monster, the first card discarded; no evaluation.
``noise`` adds a uniform [0, noise) draw from the game's stream to every option's value, so
identical deterministic bots do not replay one game.

Ties. No decision compares players (each works on its own board; the draft and the markets are
shared), so no decision depends on seat numbers. Options that the bot values the same (within
``TIE``) -- identical dice in a Fearmobile or a Driveway, identical rows, identical market items
at positions of the same cost, identical cards in hand, Grunts equally far behind -- are broken
from the game's random stream, never by car position, row, slot or loop order: every
evaluating decision is a tie-aware argmax (:func:`argmax_step`: each of k tied options wins with
probability 1/k; the stream is drawn from only on a tie, so with ``noise`` > 0 it almost never
is), the Malice die and the Minion's target included; the ``random`` bot is uniform anyway; the
lookahead bot orders options of equal greedy value from the stream (``lookahead.py``). A
choice the bot's evaluation does not make at all is not a tie: a Minion comes from its starting
spot (all alike), a Ghost with no Grunt to meet goes to the first legal space along the path.

Custom bots (``@simlab.bot("monsters", params={...})``, bot id ``CUSTOM_ID`` = 63)
---------------------------------------------------------------------------------
A custom bot is a numba function ``fn(A, st, seat, kind, option, params) -> float`` that scores
one legal option of one decision; the kernel asks it about every legal option and takes the
highest score; options that score the same (within ``TIE``) are drawn from the game's random
stream, each of k tied options with probability 1/k, as for the built-in bots
(``bot_base.custom_pick``), so a bot that prefers an option (skipping, keeping its cards) must
score it higher. It makes every decision the built-in
bots make; Spook Juice and Malice icons are always performed (Malice only below the cap), as
for the built-ins. ``kind`` and the meaning of ``option``:

``KIND_DRAFT`` (0)
    Which die to take: ``option = f * 4 + k``, car position ``k`` (0 front .. 3 rear) of
    Fearmobile ``f`` (``st.fm_col[f, k]`` colour, ``st.fm_face[f, k]`` face; the rank is
    ``A.face_rank[colour, face]``, the icons ``A.face_act[colour, face, :]``).
``KIND_ACTIVATE`` (1)
    Grunt movement, the Driveway die to activate next: ``option = k`` (``st.drv_col[seat, k]``,
    not yet activated: ``st.drv_moved[seat, k] == 0``).
``KIND_PLACE`` (2)
    Swamp-Jack, the next placement: ``option = k * 3 + row``, Driveway die ``k`` into the
    leftmost empty spot of ``row`` (0 top .. 2 bottom); the die left after 3 placements gives
    Malice.
``KIND_SWAP`` (3)
    ``option`` 0 skip, else ``1 + x * 32 + y`` with ``x = r1 * 8 + c1 < y = r2 * 8 + c2``: swap
    the dice at (r1, c1) and (r2, c2) of the Order.
``KIND_PROMOTE`` (4)
    ``option`` 0 skip, else ``1 + (r * 8 + c) * 2 + up``: the die at (r, c) one rank up
    (``up`` 1) or down (0); ``r = DRIVEWAY`` (3) is the die on Driveway space ``c``, which
    turns to a face of its colour showing the new rank (uniform among such faces, a draw
    from the game's stream when there are several). The die just placed is not
    offered.
``KIND_MINION`` (5)
    ``option`` 0 skip, else ``1 + m * 64 + s``: Minion ``m`` (0..5) to free path space ``s``.
``KIND_GRUNT`` (6)
    ``option`` 0 skip, else ``1 + colour``: move the Grunts of that colour.
``KIND_CALL`` (7), ``KIND_FEED`` (8)
    ``option`` 0 skip, else ``1 + row``: call Spider Jack on that row (advance its Summoning
    tracker) / feed the Spider Jack die of that row (+1).
``KIND_SPOOK`` (9)
    A Spook-phase turn: ``option`` 0 pass, ``1 + k * 64 + t`` buy the Ghost at market position
    ``k`` (0 left .. 4 right, cost ``A.ghost_cost[k]``) and put it on target ``t`` (a free path
    space of its colour, or a gain-Grunt spot for a gain-Grunt Ghost), ``ARCH_OPTION + k`` (1000
    + k) buy the Arch Monster at position ``k`` (cost ``A.arch_cost[k]``).
``KIND_ARCH`` (10), ``KIND_ARCH_FINAL`` (11)
    At each decision point of the seat's during the game (see ``decide_arch`` above) / before
    final scoring: ``option`` 0 keep the cards, ``1 + i`` discard card ``st.arch[seat, i]`` for
    its back action (``A.cards.m_back``); asked again after each discard.
``KIND_GRUNT_ORDER`` (12)
    Several Grunts of one colour move: ``option`` = a Grunt slot (``st.grunt_col/grunt_pos``);
    they move in the order of their scores, highest first (equal scores: in an order drawn
    from the game's stream). The
    actions they land on are performed in the built-in bots' order (``bots_moves.py``).

What a bot reads (read-only; a custom bot must not write to ``st``): ``A`` (``rules.py``
``MonstersArrays``: ``face_rank``, ``face_act``/``face_juice``, ``space_colour``,
``space_act``, ``ghost_colour``, ``ghost_act``, ``ghost_gain``, ``ghost_cost``, ``arch_cost``,
``malice_cap``, ``malice_chart``, ``cards`` (scoring data), ...) and ``st``
(``state.py`` ``MonstersState``: the seat's ``order_col/order_rank/order_n[seat]``,
``sj[seat]``, ``summon[seat]``, ``juice``, ``malice``, ``grunt_col/grunt_pos[seat]``,
``minion_pos``, ``ghost_at``, ``arch[seat, :n_arch[seat]]``, ``prophecy[seat]`` (other
players' cards are hidden), the markets ``gmarket``/``amarket``, ``fm_col/fm_face``,
``drv_col/drv_face``, ``info[I_ROUND]``). Example: buy the Arch Monster that costs most::

    import simlab
    from simlab.games.monsters.bots import ARCH_OPTION, KIND_SPOOK

    @simlab.bot("monsters", params={"cost": 1.0})
    def collector(A, st, seat, kind, option, params):
        if kind == KIND_SPOOK and option >= ARCH_OPTION:
            return params[0] * A.arch_cost[option - ARCH_OPTION]
        return 0.0

A worked strategy is ``examples/custom_bots/monsters.py``.
"""

from __future__ import annotations

from simlab.games.monsters.bot_base import (  # noqa: F401  (the bots' public names)
    ARCH_OPTION,
    BOT_FIRST,
    BOT_GREEDY,
    BOT_LOOKAHEAD,
    BOT_PROPHET,
    BOT_RANDOM,
    BOT_WEIGHTS,
    BOTS,
    DRIVEWAY,
    KIND_ACTIVATE,
    KIND_ARCH,
    KIND_ARCH_FINAL,
    KIND_CALL,
    KIND_DRAFT,
    KIND_FEED,
    KIND_GRUNT,
    KIND_GRUNT_ORDER,
    KIND_MINION,
    KIND_NAMES,
    KIND_PLACE,
    KIND_PROMOTE,
    KIND_SPOOK,
    KIND_SWAP,
    LOOK_PARAMS,
    LOOKAHEAD,
    N_PARAMS,
    PARAMS,
    TIE,
    W_ARCH,
    W_BEYOND,
    W_COST,
    W_FINAL,
    W_GHOST,
    W_GRUNT,
    W_ICON,
    W_JUICE,
    W_MALICE,
    W_NOISE,
    W_PLAYOUTS,
    W_PROPHECY,
    W_RANK,
    W_SUMMON,
    W_WIDTH,
    argmax_step,
    ask_look,
    bot_vector,
    jitter,
)
from simlab.games.monsters.bots_actions import decide_action  # noqa: F401
from simlab.games.monsters.bots_dice import (  # noqa: F401
    decide_activate,
    decide_draft,
    decide_place,
)
from simlab.games.monsters.bots_spook import (  # noqa: F401
    decide_arch,
    decide_spook,
    ghost_target,
    spook_code,
)
