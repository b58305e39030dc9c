"""The replay page on a hand-made replay: the contract's checks, the page in a browser, errors."""

from __future__ import annotations

import pytest

from simlab.core.replay import Decision, Option, Replay, Step, check_replay
from simlab.errors import SimlabError
from simlab.report.replay import replay_html, write_replay
from tests.replay_browser import assert_page_works, rendered, selftest


def _replay(n=5) -> Replay:
    steps = [Step(phase=f"round {i // 2 + 1}", log=[f"P1 places die {i}", "</script><b>x</b>"],
                  svg=(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40">'
                       f'<rect x="{10 * i}" y="5" width="10" height="10"/></svg>'),
                  decision=Decision(1, "where to place the 3s", "district 2",
                                    [Option("district 1", 1.5), Option("district 2", 2.0, True)])
                  if i % 2 else None,
                  scores=[i, 2 * i]) for i in range(n)]
    return Replay(["P1(greedy)", "P2(random)"], steps, [4, 8], [False, True])


def test_contract_finds_problems():
    assert check_replay(_replay()) == []
    bad = _replay()
    bad.steps[0].svg = "<div>"
    bad.steps[1].decision.options[0].chosen = True  # two chosen
    bad.steps[2].scores = [1.0]
    bad.final_scores = [1]
    errs = check_replay(bad)
    assert len(errs) == 4, errs


def test_page_escapes_log_text():
    text = replay_html(_replay(), game_title="Test", seed=3, game_index=2, command="c")
    assert "</script><b>x</b>" not in text  # the JSON cannot close its script element
    assert "Game 2 of seed 3" in text


def test_page_works_in_a_browser(tmp_path):
    path = write_replay(tmp_path / "r.html", _replay(7), game_title="Test", seed=1, game_index=0)
    res = selftest(path)
    assert_page_works(res, 7)
    assert res["final_scores"] == [4, 8] and res["last_scores"] == [6, 12]


def test_address_opens_a_step(tmp_path):
    page = write_replay(tmp_path / "r.html", _replay(5), game_title="T", seed=1, game_index=0)
    assert '<span id="counter">step 3 of 5</span>' in rendered(page, "#step=3")
    assert '<span id="counter">step 5 of 5</span>' in rendered(page, "#step=99")  # clamped
    assert '<span id="counter">step 1 of 5</span>' in rendered(page)


def test_one_step_page(tmp_path):
    path = write_replay(tmp_path / "one.html", _replay(1), game_title="T", seed=1, game_index=0)
    assert_page_works(selftest(path), 1)


def test_cli_errors(tmp_path):
    import subprocess
    import sys

    def run(*args):
        return subprocess.run([sys.executable, "-m", "simlab.cli.main", "replay", *args],
                              capture_output=True, text=True)

    r = run("jelly", "--out", str(tmp_path / "x.txt"))
    assert r.returncode == 2 and "expected a .html or .htm file name" in r.stderr
    r = run("jelly", "--out", str(tmp_path / "nope" / "x.html"))
    assert r.returncode == 2 and "does not exist" in r.stderr
    r = run("chess", "--out", str(tmp_path / "x.html"))
    assert r.returncode == 2 and "unknown game" in r.stderr
    assert "Traceback" not in r.stderr


def test_api_checks_arguments():
    import simlab

    with pytest.raises(SimlabError, match="game_index"):
        simlab.replay("jelly", game_index=-1)
    with pytest.raises(SimlabError, match="seed"):
        simlab.replay("jelly", seed=-5)
