"""Rulebook "Final Scoring" order (rows trimmed to the Spider Jack value first: trimmed dice score
nothing anywhere; final-area Grunts 3 per matching die) and the tie-breaks (most final-area
Grunts, then most Malice, then shared), on hand-built positions (plain-Python kernel)."""

from __future__ import annotations

from simlab.games.monsters import nb
from simlab.games.monsters.state import B_FINAL, I_BOX

from .positions import FINAL, B, G, P, position, put_grunt, row, script

__all__ = ["script"]


def test_rows_trimmed_to_spider_jack_value_before_scoring(script):
    A, st, lu, rng = position()
    row(st, 0, 0, "B1 B2 B3 B4")
    row(st, 0, 2, "B5 G6")
    st.sj[0] = [2, 1, 1]
    put_grunt(st, 0, B, B, FINAL)
    put_grunt(st, 0, G, G, FINAL)
    st.juice[0] = 10
    nb.final_scoring(A, st, lu, rng)
    # kept: B1 B2 (row 0), B5 (row 2): blue Grunt 3 x 3; the trimmed G6 gives the green one 0
    assert st.bd[0, B_FINAL] == 9 and st.scores[0] == 19
    assert st.info[I_BOX] == 3


def test_final_area_grunts_rulebook_examples(script):
    A, st, lu, rng = position()
    row(st, 1, 0, "B1 B2 B3 B4 G1 G2")
    row(st, 1, 1, "G3")
    st.sj[1] = [6, 6, 6]
    put_grunt(st, 1, B, B, FINAL)
    put_grunt(st, 1, 6, B, FINAL)
    put_grunt(st, 1, G, G, FINAL)
    put_grunt(st, 1, P, P, 34)             # not in the final area: nothing
    nb.final_scoring(A, st, lu, rng)
    assert st.bd[1, B_FINAL] == 3 * 2 * 4 + 1 * 3 * 3 == 33


def _tie(script, juice, finals, malice):
    A, st, lu, rng = position(len(juice))
    for p, (j, f, m) in enumerate(zip(juice, finals, malice, strict=True)):
        st.juice[p] = j
        st.malice[p] = m
        for k in range(f):
            put_grunt(st, p, k, k, FINAL)   # no dice: final-area Grunts score 0 here
    k = nb.final_scoring(A, st, lu, rng)
    return k, [int(x) for x in st.winners]


def test_highest_score_wins(script):
    assert _tie(script, [11, 10, 10], [0, 3, 2], [0, 8, 8]) == (1, [1, 0, 0])


def test_tie_most_final_area_grunts(script):
    assert _tie(script, [10, 10, 9], [1, 2, 5], [8, 0, 8]) == (1, [0, 1, 0])


def test_tie_then_most_malice(script):
    assert _tie(script, [10, 10, 10], [2, 2, 1], [3, 5, 8]) == (1, [0, 1, 0])


def test_tie_still_tied_shared(script):
    assert _tie(script, [10, 10, 10, 4], [2, 2, 2, 6], [4, 4, 4, 8]) == (3, [1, 1, 1, 0])
