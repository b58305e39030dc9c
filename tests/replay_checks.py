"""Shared by the four games' replay tests: a replay is the kernel's game and the reference's log.

A replay page is played by the reference engine on the kernel's random stream, so its final
scores and winners must be row ``game`` of the kernel's batch, and its steps must hold the
reference engine's whole log, once and in order.
"""

from __future__ import annotations

from simlab.core.replay import check_replay


def kernel_row(game_obj, prepared, seed: int, game: int) -> tuple[list[int], list[bool]]:
    """Final scores and winner flags of game ``game`` of ``seed`` as the kernel plays it."""
    _, rows = game_obj.run_batch(prepared, seed, game, 1, True)
    return [int(x) for x in rows["score"][0]], [bool(x) for x in rows["winner"][0]]


def assert_is_the_kernel_game(rep, game_obj, prepared, names, seed: int, game: int,
                              kernel: bool = True) -> list[str]:
    """Check a replay against the kernel's row (``kernel=False``: only the reference's, for a
    bot the kernel cannot run) and the reference engine's log; return the log's lines."""
    assert check_replay(rep) == []
    ref_scores, ref_winners, _, lines = game_obj.reference_game(prepared, seed, game, log=True,
                                                                names=names)
    assert rep.final_scores == [int(x) for x in ref_scores]
    assert rep.winners == [bool(x) for x in ref_winners]
    if kernel:
        assert (rep.final_scores, rep.winners) == kernel_row(game_obj, prepared, seed, game)
    assert [line for st in rep.steps for line in st.log] == lines
    return lines


def assert_boards_self_contained(rep) -> None:
    """Every step's board is an SVG with a viewBox that loads nothing from outside."""
    for st in rep.steps:
        assert st.svg.startswith("<svg") and 'viewBox="0 0 ' in st.svg
        assert "<image" not in st.svg and "http" not in st.svg.replace(
            'xmlns="http://www.w3.org/2000/svg"', "")


def decided_steps(rep, names):
    """The steps with a decision, each as (step, decision, chosen options): the decision names
    its seat's bot in the step's title (each game checks how many options are chosen)."""
    for st in rep.steps:
        d = st.decision
        if d is None:
            continue
        assert names[d.seat] in st.phase
        yield st, d, [o for o in d.options if o.chosen]
