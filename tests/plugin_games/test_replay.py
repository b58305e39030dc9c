"""The replay of a game in plain Python: the kernel's (or the batch loop's) game, the checked
loop's log once and in order, self-contained SVG boards, the free bots' decisions with their
values, and the page working in a browser (as the built-in games' replays are tested)."""

from __future__ import annotations

from pathlib import Path

from simlab.report.replay import write_replay

from ..replay_browser import assert_page_works, selftest
from ..replay_checks import assert_boards_self_contained, assert_is_the_kernel_game, decided_steps


def _replay(game, bots, seed, g, players=2):
    prep = game.prepare(game.make_rules(players), game.lineup(bots, players))
    names = [f"P{s + 1}({b})" for s, b in enumerate(prep.labels)]
    return prep, names, game.replay(prep, seed, g, names)


def test_a_pig_replay_is_the_kernels_game(pig):
    prep, names, rep = _replay(pig, "hold(n=20),random", 4, 9)
    lines = assert_is_the_kernel_game(rep, pig, prep, names, 4, 9)
    assert any("holds: banks" in line for line in lines)
    assert_boards_self_contained(rep)
    assert rep.steps[0].phase == "the start" and rep.steps[0].log == []


def test_free_bots_show_the_values_they_weighed(pig, nim):
    prep, names, rep = _replay(pig, "greedy,lookahead(playouts=4)", 2, 1)
    assert_is_the_kernel_game(rep, pig, prep, names, 2, 1, kernel=False)
    decided = list(decided_steps(rep, names))
    assert decided and all(len(chosen) == 1 for _, _, chosen in decided)
    for _, d, chosen in decided:
        best = max(o.value for o in d.options)
        assert chosen[0].value == best  # the chosen move has the best value (ties: from the stream)
    prep, names, rep = _replay(nim, "grundy,random", 3, 0)
    assert_is_the_kernel_game(rep, nim, prep, names, 3, 0)


def test_the_page_works_in_a_browser(pig, tmp_path: Path):
    prep, names, rep = _replay(pig, "greedy,hold", 5, 2)
    page = tmp_path / "pig.html"
    write_replay(page, rep, game_title="Pig", seed=5, game_index=2, command="simlab replay pig")
    assert_page_works(selftest(page), len(rep.steps))
