"""Exact field-reach odds for Monkey Fun (pure Python integers, no sampling).

On their turn a player plays 1, 2, 3 or 4 of their hand cards and places a monkey on the field
numbered with the cards' total. The board has fields 1..36, so a hand *reaches* field ``s`` when
some subset of 1..4 of its cards sums to ``s``. This module gives, for every number ``s``, the
probability that a hand reaches it: either a fresh hand of 4 cards drawn without replacement from
the deck, or one given hand (probabilities 0 or 1). Ownership and blocked fields are ignored: these
are the odds on an empty board.

The deck is scenario data. The rulebook only says "55 cards"; the default assumes values 1..10
with ``v`` copies of value ``v`` (1 + 2 + ... + 10 = 55), see ``/work/shared/rules/README.md``.
Any deck can be given as a count per value.

Everything is computed exactly:

* :func:`reach_odds` enumerates the multisets of hand values ``(c_1, ..., c_V)`` with
  ``c_1 + ... + c_V = hand_size`` and ``c_v <= n_v``. Each is weighted by its multivariate
  hypergeometric count ``prod_v C(n_v, c_v)`` (the number of hands of distinct cards giving those
  values), out of ``C(N, hand_size)`` hands. The reachable sums of one multiset come from a small
  bitset dynamic programme over its cards. Integer weights are summed per field and divided once,
  so each probability is the correctly rounded float of an exact rational.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from numbers import Integral

from simlab.errors import SimlabError

DEFAULT_DECK = tuple(range(1, 11))
"""Assumed default deck: ``DEFAULT_DECK[v - 1]`` copies of value ``v`` (55 cards, values 1..10)."""

HAND_SIZE = 4
"""Cards in hand after drawing back up."""

MAX_CARDS = 4
"""Most cards a player may play in one turn."""

N_FIELDS = 36
"""Fields on the board, numbered 1..36."""

MAX_VALUES = 36
"""Largest card value (length of a deck's count list) accepted by :func:`reach_odds`."""

MAX_COPIES = 5000
"""Largest number of copies of one value accepted by :func:`reach_odds`."""

MAX_HAND_SIZE = 8
"""Largest hand size accepted by :func:`reach_odds`."""

MAX_MULTISETS = 100_000
"""Most multisets of hand values a fresh-hand enumeration may visit (keeps it under 1 s)."""

BAR_WIDTH = 25
"""Characters of the text bar of a probability of 1 in :func:`format_reach_table`."""


def _is_int(value) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


def _check_deck(deck_counts) -> tuple[int, ...]:
    """The deck as a tuple of counts per value 1..len, or SimlabError naming ``--deck``."""
    if deck_counts is None:
        return DEFAULT_DECK
    expected = (f"expected a count of cards for each value 1..V (V at most {MAX_VALUES}), each "
                f"a whole number 0..{MAX_COPIES}, e.g. 1,2,3,4,5,6,7,8,9,10")
    if isinstance(deck_counts, (str, bytes)) or not isinstance(deck_counts, Sequence):
        raise SimlabError(f"--deck: {expected}; got {deck_counts!r}")
    if not 1 <= len(deck_counts) <= MAX_VALUES:
        raise SimlabError(f"--deck: {expected}; got {len(deck_counts)} counts")
    for count in deck_counts:
        if not _is_int(count) or not 0 <= count <= MAX_COPIES:
            raise SimlabError(f"--deck: {expected}; got {count!r} in {list(deck_counts)!r}")
    deck = tuple(int(c) for c in deck_counts)
    if sum(deck) == 0:
        raise SimlabError(f"--deck: {expected}; the deck has no cards")
    return deck


def _check_int(value, option: str, low: int, high: int, what: str) -> int:
    if not _is_int(value) or not low <= value <= high:
        raise SimlabError(f"{option}: expected {what}, a whole number {low}..{high}, "
                          f"got {value!r}")
    return int(value)


def _describe_deck(deck: tuple[int, ...]) -> str:
    if deck == DEFAULT_DECK:
        return "the default deck (value v has v copies)"
    return "the deck (" + ", ".join(f"{c}x{v}" for v, c in enumerate(deck, start=1) if c) + ")"


def _check_hand(hand, deck: tuple[int, ...], hand_size: int) -> list[int]:
    """The hand as a list of card values, or SimlabError naming ``--hand``."""
    top = len(deck)
    expected = (f"expected 1 to {hand_size} card values, each 1..{top} and present in "
                f"{_describe_deck(deck)} in those quantities")
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence):
        raise SimlabError(f"--hand: {expected}; got {hand!r}")
    if not 1 <= len(hand) <= hand_size:
        raise SimlabError(f"--hand: {expected}; got {len(hand)} cards")
    for value in hand:
        if not _is_int(value) or not 1 <= value <= top:
            raise SimlabError(f"--hand: {expected}; got the value {value!r}")
    values = [int(v) for v in hand]
    for value, count in sorted(Counter(values).items()):
        if count > deck[value - 1]:
            raise SimlabError(f"--hand: {expected}; got {count} cards of value {value} but the "
                              f"deck holds {deck[value - 1]}")
    return values


def subset_sums(cards: Sequence[int], max_cards: int = MAX_CARDS) -> int:
    """Bitmask of the totals of every subset of 1..``max_cards`` of ``cards``.

    Bit ``s`` of the result is set when some subset of between 1 and ``max_cards`` cards (each
    card used at most once) sums to ``s``.

    Examples
    --------
    >>> mask = subset_sums([3, 5, 7, 7])
    >>> [s for s in range(mask.bit_length()) if mask >> s & 1]
    [3, 5, 7, 8, 10, 12, 14, 15, 17, 19, 22]
    """
    # by_count[j]: bitmask of the totals of exactly j cards (bit 0 = the empty subset)
    by_count = [1] + [0] * max_cards
    for used, value in enumerate(cards, start=1):
        for j in range(min(used, max_cards), 0, -1):
            by_count[j] |= by_count[j - 1] << value
    mask = 0
    for j in range(1, max_cards + 1):
        mask |= by_count[j]
    return mask


def _hand_multisets(deck: tuple[int, ...], size: int, start: int = 0) -> Iterator[
        tuple[tuple[int, ...], int]]:
    """Yield ``(values, ways)``: each multiset of ``size`` values from ``deck[start:]`` (values
    as a sorted tuple) with its number of hands ``prod_v C(n_v, c_v)``."""
    if size == 0:
        yield (), 1
        return
    if start == len(deck):
        return
    value = start + 1
    for c in range(min(size, deck[start]), -1, -1):
        ways = math.comb(deck[start], c)
        for rest, rest_ways in _hand_multisets(deck, size - c, start + 1):
            yield (value,) * c + rest, ways * rest_ways


@cache
def _reach_counts(deck: tuple[int, ...], hand_size: int, max_cards: int, n_fields: int):
    """Integer counts over all ``C(N, hand_size)`` fresh hands.

    Returns ``(per_sum, total, no_play, fields_sum)``: hands reaching each total (index = total),
    the number of hands, hands reaching no board field, and the sum over hands of the number of
    board fields reached.
    """
    board = ((1 << n_fields) - 1) << 1  # bits 1..n_fields
    per_sum: list[int] = []
    total = no_play = fields_sum = 0
    for values, ways in _hand_multisets(deck, hand_size):
        mask = subset_sums(values, max_cards)
        total += ways
        on_board = (mask & board).bit_count()
        fields_sum += ways * on_board
        if on_board == 0:
            no_play += ways
        if mask.bit_length() > len(per_sum):
            per_sum.extend([0] * (mask.bit_length() - len(per_sum)))
        s = mask >> 1
        index = 1
        while s:
            if s & 1:
                per_sum[index] += ways
            s >>= 1
            index += 1
    assert total == math.comb(sum(deck), hand_size)
    return tuple(per_sum), total, no_play, fields_sum


def reach_odds(deck_counts: Sequence[int] | None = None, hand: Sequence[int] | None = None,
               max_cards: int = MAX_CARDS, hand_size: int = HAND_SIZE,
               n_fields: int = N_FIELDS) -> dict:
    """Exact chance that a hand can reach each field total by playing 1..``max_cards`` cards.

    Parameters
    ----------
    deck_counts : sequence of int, optional
        Cards per value: ``deck_counts[v - 1]`` copies of value ``v``, values 1..len (at most 36
        values, 0..5000 copies each). Default: values 1..10 with ``v`` copies of ``v`` (55 cards,
        assumed; the rulebook prints only the card count).
    hand : sequence of int, optional
        A given hand: 1..``hand_size`` card values, each 1..len(deck) and available in the deck in
        those quantities. Without it, a fresh hand of ``hand_size`` cards drawn without
        replacement from the full deck.
    max_cards : int
        Most cards that may be played together, at least 1 (the rules: 4). A value above the
        hand size means "any number of the hand's cards".
    hand_size : int
        Cards in a fresh hand, 1..8 and at most the deck size (the rules: 4). A fresh hand may
        have at most 100,000 multisets of values (always true for the default deck).
    n_fields : int
        Fields on the board, numbered 1..n_fields (the rules: 36), at least 1.

    Returns
    -------
    dict
        ``"deck"`` : list of int, the counts per value.
        ``"hand"`` : list of int (the given hand) or None (a fresh hand).
        ``"hand_size"``, ``"max_cards"``, ``"n_fields"`` : int, the settings.
        ``"fields"`` : list of dict, one per total ``s`` = 1..max(highest reachable total,
        ``n_fields``) -- every board field is listed, even when no hand reaches it -- each with
        ``"field"`` (int ``s``), ``"p_reachable"`` (float, P(some subset of 1..max_cards cards
        sums to ``s``)) and ``"on_board"`` (bool, ``s <= n_fields``).
        ``"expected_fields_reachable"`` : float, expected number of distinct board fields
        1..n_fields the hand reaches.
        ``"p_no_play"`` : float, probability that no board field is reachable (the turn becomes
        "no playable cards": discard the hand and box a monkey).

    Raises
    ------
    SimlabError
        For a bad deck (message names ``--deck``), hand (``--hand``), ``max_cards``
        (``--max-cards``), ``hand_size`` (``--hand-size``) or ``n_fields``, saying what is
        expected.

    Notes
    -----
    For a fresh hand the multisets of values are enumerated with their multivariate
    hypergeometric weights ``prod_v C(n_v, c_v) / C(N, hand_size)`` (715 multisets for the default
    deck), and the reachable totals of each by a bitset dynamic programme over its cards. Sums of
    integer weights are divided once at the end. Expected fields reachable is the sum of the board
    fields' probabilities (linearity of expectation), also computed from integer counts. Blocked
    (owned) fields are not modelled: these are the odds on an empty board.

    Examples
    --------
    >>> result = reach_odds()
    >>> result["fields"][0]  # field 1 needs the single 1 in the deck: 4 draws out of 55
    {'field': 1, 'p_reachable': 0.07272727272727272, 'on_board': True}
    >>> [f["field"] for f in reach_odds(hand=[3, 5])["fields"] if f["p_reachable"] == 1.0]
    [3, 5, 8]
    """
    deck = _check_deck(deck_counts)
    n_cards = sum(deck)
    hand_size = _check_int(hand_size, "--hand-size", 1, min(MAX_HAND_SIZE, n_cards),
                           f"the number of cards in a hand (the deck has {n_cards} cards)")
    max_cards = _check_int(max_cards, "--max-cards", 1, 60,
                           "the most cards played together")
    n_fields = _check_int(n_fields, "n_fields", 1, 10_000, "the number of board fields")
    max_cards = min(max_cards, hand_size)

    if hand is None:
        bound = math.comb(sum(1 for c in deck if c) + hand_size - 1, hand_size)
        if bound > MAX_MULTISETS:
            raise SimlabError(f"--hand-size: a fresh hand of {hand_size} cards from "
                              f"{sum(1 for c in deck if c)} card values has up to {bound} value "
                              f"combinations, more than {MAX_MULTISETS} to enumerate; give a "
                              f"smaller hand size or fewer values (or a --hand)")
        per_sum, total, no_play, fields_sum = _reach_counts(deck, hand_size, max_cards,
                                                            n_fields)
        hand_out = None
    else:
        hand_out = _check_hand(hand, deck, hand_size)
        mask = subset_sums(hand_out, max_cards)
        per_sum = tuple(mask >> s & 1 for s in range(mask.bit_length()))
        total = 1
        fields_sum = sum(per_sum[1:n_fields + 1])
        no_play = int(fields_sum == 0)

    n_rows = max(len(per_sum) - 1, n_fields)
    fields = [
        {"field": s, "p_reachable": (per_sum[s] if s < len(per_sum) else 0) / total,
         "on_board": s <= n_fields}
        for s in range(1, n_rows + 1)
    ]
    return {
        "deck": list(deck),
        "hand": hand_out,
        "hand_size": hand_size,
        "max_cards": max_cards,
        "n_fields": n_fields,
        "fields": fields,
        "expected_fields_reachable": fields_sum / total,
        "p_no_play": no_play / total,
    }


def format_reach_table(result: dict) -> str:
    """Render a :func:`reach_odds` result as a text table for the CLI.

    Parameters
    ----------
    result : dict
        The dictionary returned by :func:`reach_odds`.

    Returns
    -------
    str
        Lines without a trailing newline: the deck and hand, one row per total (field,
        probability in percent to 2 decimals, a bar of up to 25 ``#``; totals beyond the board
        are marked "off the board"), then the expected number of board fields reachable and the
        chance that no board field is reachable.

    Examples
    --------
    >>> print(format_reach_table(reach_odds(hand=[2], n_fields=3)))
    Deck: 55 cards, 10 values (value v has v copies; assumed)
    Hand: 2   (play 1 card)
    field  reachable
        1     0.00%
        2   100.00%  #########################
        3     0.00%
    Expected board fields reachable: 1.00 of 3
    No board field reachable:         0.00%
    """
    deck = result["deck"]
    kind = "value v has v copies; assumed" if tuple(deck) == DEFAULT_DECK else \
        ", ".join(f"{c}x{v}" for v, c in enumerate(deck, start=1) if c)
    max_cards = result["max_cards"]
    if result["hand"] is not None:
        max_cards = min(max_cards, len(result["hand"]))
    plays = "1 card" if max_cards == 1 else f"1 to {max_cards} cards"
    if result["hand"] is None:
        hand = f"a fresh hand of {result['hand_size']} cards   (play {plays})"
    else:
        hand = ", ".join(str(v) for v in result["hand"]) + f"   (play {plays})"
    lines = [f"Deck: {sum(deck)} cards, {len(deck)} values ({kind})", f"Hand: {hand}",
             "field  reachable"]
    for row in result["fields"]:
        p = row["p_reachable"]
        bar = "#" * round(BAR_WIDTH * p)
        line = f"{row['field']:5d}  {100 * p:7.2f}%  {bar}"
        if not row["on_board"]:
            line = f"{line:<{BAR_WIDTH + 18}}  (off the board)"
        lines.append(line.rstrip())
    lines.append(f"Expected board fields reachable: {result['expected_fields_reachable']:.2f} "
                 f"of {result['n_fields']}")
    lines.append(f"No board field reachable:       {100 * result['p_no_play']:6.2f}%")
    return "\n".join(lines)
