"""Adapter to the Prophecy and Arch Monster cards of ``cards.py`` (the scoring module's data):
:func:`card_arrays` gives ``cards.CardArrays``; the kernels read the Arch Monster back actions
(``m_back``/``m_back_amount``) and hand the whole tuple to ``scoring.final_score``.
"""

from __future__ import annotations


def card_arrays(prophecy: str = "", arch: str = ""):
    """The card arrays for the kernels (``prophecy``/``arch``: data files, "" = shipped)."""
    from simlab.games.monsters.cards import load_cards

    return load_cards(prophecy or None, arch or None).to_arrays()
