"""The whole game state for the ``lookahead`` bot, written from the reference engine's objects.

The other bots read only the Fearmobiles, the markets, the supply and their own board
(``ReferenceGame.sync``). The lookahead bot plays each option to the end of the game from the
state it is given (``lookahead.py``), so it must see the kernel's whole
:class:`~simlab.games.monsters.state.MonstersState` as the kernel would hold it at that moment:
every board, the bag, the face-down Ghost stack and Arch Monster deck (the cards still in them,
in order, below their top index), the solo deck and Spider Jack's dice and Court, and the
round's bookkeeping (round, first player, boxed dice, Spook-phase passes, purchases and stage).
What it writes is what the kernel reads from there on; counters and per-game records are not
read by the rules, so they are left as they are.
"""

from __future__ import annotations

from simlab.games.monsters.state import (
    I_ATOP,
    I_BOX,
    I_CARD,
    I_FIRST,
    I_GTOP,
    I_NDECK,
    I_PASSES,
    I_ROUND,
    I_SJ_SCORE,
    I_SP,
    I_SPOOK_N,
    I_SPOOK_STAGE,
    I_UNSCORED,
)


def _write_stack(arr, n: int, cards: list) -> int:
    """A face-down pile of ``n`` cards drawn from its top index: the cards left, in order, at
    the end of ``arr[:n]`` (the drawn positions before them are never read). Returns the top
    index."""
    top = n - len(cards)
    arr[:top] = -1
    arr[top:n] = cards
    return top


def write_full_state(game, st) -> None:
    """Write the reference ``game``'s whole position into the kernel state ``st`` (every
    player's board, piles, solo automaton, round bookkeeping)."""
    for q in range(game.P):
        game.write_board(q)
    st.bag[:] = game.bag  # the Fearmobiles, markets and supply: ReferenceGame.sync
    st.info[I_ROUND] = game.round
    st.info[I_FIRST] = game.first
    st.info[I_GTOP] = _write_stack(st.gstack, int(game.A.n_ghosts), game.gstack)
    st.info[I_ATOP] = _write_stack(st.adeck, int(game.A.n_arch), game.adeck)
    st.info[I_BOX] = game.boxed
    st.info[I_SP] = 0  # no pending action when a bot drafts, places or shops
    st.info[I_PASSES] = game.spook_passes
    st.info[I_SPOOK_N] = game.spook_bought
    st.info[I_SPOOK_STAGE] = game.spook_stage
    write_automaton(game, st)


def write_automaton(game, st) -> None:
    """Write the reference ``game``'s Spider Jack automaton into the kernel state ``st``: his
    score, Court, deck and face-up card, his dice and the un-scored one (what the solo-2
    player's bots read, ``values_solo``)."""
    st.info[I_SPOOK_STAGE] = game.spook_stage
    st.info[I_SJ_SCORE] = game.sj_score
    st.court_dice[:] = game.court_dice
    st.court_ghost[:] = game.court_ghost
    st.court_grunt[:] = game.court_grunt
    st.deck[:] = -1
    st.deck[:len(game.deck)] = game.deck
    st.info[I_NDECK] = len(game.deck)
    st.info[I_CARD] = game.round - 1  # the face-up solo card is deck[round - 1]
    st.sj_col[:] = -1
    st.sj_face[:] = 0
    held = []
    for k, d in enumerate(game.sj_dice):
        if d is not None:
            st.sj_col[k] = d[0]
            st.sj_face[k] = d[1]
            held.append(k)
    if len(game.sj_dice) == 4 and len(held) == 1:  # solo 2 after he scored 3 of his 4 dice
        st.info[I_UNSCORED] = held[0]
