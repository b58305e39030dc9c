"""Monsters on Board's replay (``simlab replay monsters``): the reference engine's game, step by
step, in every mode ``simlab simulate`` plays (regular, solo 1, solo 2, family).

Its final scores are the kernel's row of that game, its steps hold the whole log once, every
decision shown is the one the bot took and the best of the values the bot's own functions give
(with the noise it drew), the board is drawn at every step, and the page works in headless
Chromium.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import simlab
from simlab.errors import SimlabError
from simlab.games.registry import get_game
from simlab.report.replay import write_replay
from tests.replay_browser import assert_page_works, selftest
from tests.replay_checks import (
    assert_boards_self_contained,
    assert_is_the_kernel_game,
    decided_steps,
    kernel_row,
)

G = get_game("monsters")
ROOT = Path(__file__).resolve().parents[2]
ARTIFACT = ROOT / "test-artifacts" / "replay-monsters.png"

CASES = [
    # (players, bots, rules, seed, game)
    (3, ["greedy", "prophet", "random"], {}, 0, 1),
    (4, ["weights(noise=0)", "random", "greedy", "prophet"], {}, 3, 2),
    (1, ["greedy"], {"mode": "solo2", "difficulty": 5}, 2, 1),
    (1, ["prophet"], {"mode": "solo1"}, 2, 1),
    (3, ["greedy", "random", "prophet"], {"mode": "family"}, 2, 1),
]


def _table(players, bots, rules):
    lineup = G.lineup(bots, players)
    prepared = G.prepare(G.make_rules(players, rules), lineup)
    names = [f"P{s + 1}({b.label})" for s, b in enumerate(lineup)]
    return prepared, names


def _check(rep, prepared, names, seed, game, family=False):
    assert rep.problems == []
    # the kernel's row of that game; the steps hold the reference engine's whole log, in order
    lines = assert_is_the_kernel_game(rep, G, prepared, names, seed, game)
    kinds = [st.phase for st in rep.steps]
    if family:
        picks = [ln for ln in lines if re.match(r"  P\d\(.*\) takes .* into the", ln)]
        assert sum(1 for k in kinds if re.search(r"· pick \d: ", k)) == len(picks)
    else:
        picks = [ln for ln in lines if re.match(r"    P\d\(.*\) takes .* from Fearmobile", ln)]
        acts = [ln for ln in lines if re.match(r"   activates ", ln)]
        places = [ln for ln in lines if re.match(r"   places ", ln)]
        spook = [ln for ln in lines if re.match(r"    P\d\(.*\) (buys|passes)", ln)]
        assert sum(1 for k in kinds if "· draft pick" in k) == len(picks)
        assert sum(1 for k in kinds if "· Grunt movement:" in k) == len(acts)
        assert sum(1 for k in kinds if "places a die" in k) == len(places)
        assert sum(1 for k in kinds if "· Spook phase:" in k) == len(spook)
        assert sum(1 for k in kinds if "Arrival" in k) == prepared.arrays.rounds
    # every decision is the bot's: the die / row / purchase its log shows, one option chosen,
    # the best value where the bot has values
    for st, d, chosen in decided_steps(rep, names):
        assert len(chosen) == 1 and d.chosen.split(" → ")[0] == chosen[0].label
        if "draft pick" in st.phase:
            die = re.search(r"takes (.+?) from Fearmobile", st.log[-1]).group(1)
            assert d.chosen.startswith(die)
        if "places a die" in st.phase:
            placed = next(ln for ln in st.log if ln.startswith("   places "))
            die, row = re.search(r"places (.+?) in the (\w+) row", placed).groups()
            assert f", {die}, in the {row} row" in d.chosen
        if "· Spook phase:" in st.phase and "passes" in st.phase:
            assert d.chosen.startswith("pass →")
        values = [o.value for o in d.options if o.value is not None]
        if values and chosen[0].value is not None:
            assert chosen[0].value >= max(values) - 1e-9, (st.phase, d)
    assert all(st.scores is not None for st in rep.steps)
    assert rep.steps[-1].scores == [float(s) for s in rep.final_scores]
    assert_boards_self_contained(rep)


@pytest.mark.parametrize("players,bots,rules,seed,game", CASES)
def test_replay_is_the_kernel_game(players, bots, rules, seed, game):
    prepared, names = _table(players, bots, rules)
    rep = G.replay(prepared, seed, game, names)
    _check(rep, prepared, names, seed, game, family=rules.get("mode") == "family")
    # the same through the public API and simulate's rows
    res = simlab.simulate("monsters", players=players, bots=bots, rules=rules, games=game + 1,
                          seed=seed, keep_games=True, backend="serial", progress=False)
    row = res.games.iloc[game]
    assert rep.final_scores == [int(row[f"score_{s + 1}"]) for s in range(players)]
    assert rep.winners == [bool(row[f"winner_{s + 1}"]) for s in range(players)]


def test_decisions_carry_the_bots_values_and_noise():
    prepared, names = _table(3, ["greedy", "prophet", "random"], {})
    rep = G.replay(prepared, 0, 1, names)
    greedy = [st.decision for st in rep.steps if st.decision and st.decision.seat == 0]
    kinds = {d.what.split(" ")[0] + " " + d.what.split(" ")[1] for d in greedy}
    assert {"which die", "which Driveway", "what to"} <= kinds
    draft = [d for d in greedy if d.what.startswith("which die to take")]
    assert draft and all(d.value_label == "value + noise" for d in draft)
    assert all("noise" in o.label for d in draft for o in d.options)
    place = [d for d in greedy if d.what.startswith("which die to place")]
    assert place and all("kept for the Malice spot" in d.note for d in place)
    spook = [d for d in greedy if d.what.startswith("what to buy")]
    assert spook and all(any(o.label == "pass" for o in d.options) for d in spook)
    rnd = [st.decision for st in rep.steps if st.decision and st.decision.seat == 2]
    assert rnd and all("random" in d.note for d in rnd)
    assert all(o.value is None for d in rnd for o in d.options)
    assert "Running score" in rep.score_note and "Town track" in rep.legend


def test_solo2_shows_what_the_automaton_did():
    prepared, names = _table(1, ["greedy"], {"mode": "solo2", "difficulty": 5})
    rep = G.replay(prepared, 2, 1, names)
    kinds = [st.phase for st in rep.steps]
    assert sum("Spider Jack scores 3 of his dice" in k for k in kinds) == 6
    assert sum("Spider Jack takes Ghosts" in k for k in kinds) == 6
    assert sum("Spider Jack drafts by his card" in k for k in kinds) == 6 * 4
    sj = next(st for st in rep.steps if "scores 3 of his dice" in st.phase)
    assert "highest rank first" in sj.svg and "Spider Jack (automaton)" in sj.svg
    assert "Spider Jack (the automaton) scored" in rep.score_note


@pytest.mark.parametrize("seed,game", [(2, 1)])
def test_lookahead_decisions_are_its_playouts(seed, game):
    bots = ["lookahead(playouts=2,width=3)", "greedy"]
    prepared, names = _table(2, bots, {})
    rep = G.replay(prepared, seed, game, names)
    _check(rep, prepared, names, seed, game)
    la = [st.decision for st in rep.steps if st.decision and st.decision.seat == 0
          and not st.decision.what.startswith("which Driveway")
          and not st.decision.what.startswith("whether")]
    searched = [d for d in la if any(o.value is not None for o in d.options)]
    assert searched and all("playouts" in d.note for d in searched)
    assert all(len(d.options) <= 3 for d in searched)


def test_page_works_in_a_browser_and_stays_small(tmp_path):
    page = tmp_path / "monsters.html"
    rep = simlab.replay("monsters", seed=0, game_index=1, players=3,
                        bots=["greedy", "prophet", "random"], out=page)
    text = page.read_text()
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert len(rep.steps) > 250 and page.stat().st_size < 1_500_000   # shared SVG lines
    res = selftest(page, screenshot=ARTIFACT)
    assert_page_works(res, len(rep.steps))
    assert res["final_scores"] == rep.final_scores
    assert res["last_scores"] == [float(s) for s in rep.final_scores]
    assert ARTIFACT.is_file() and ARTIFACT.stat().st_size > 10_000
    fam = tmp_path / "family.html"
    rep = simlab.replay("monsters", seed=2, game_index=1, players=3, rules={"mode": "family"},
                        out=fam)
    assert_page_works(selftest(fam), len(rep.steps))


def test_bad_input():
    with pytest.raises(SimlabError, match="game_index"):
        simlab.replay("monsters", game_index=-1)
    with pytest.raises(SimlabError, match="unknown bot"):
        simlab.replay("monsters", bots=["greedy", "nobot", "random"])

    def run(*args):
        return subprocess.run([sys.executable, "-m", "simlab.cli.main", "replay", "monsters",
                               *args], capture_output=True, text=True, cwd=ROOT)

    for args in (("--game", "-1"), ("-b", "greedy,nobot,random"), ("--set", "dice.blue.0=9:x")):
        r = run(*args, "--out", "x.html")
        assert r.returncode == 2 and "Traceback" not in r.stderr, (args, r.stderr)
        assert not (ROOT / "x.html").exists()


def test_cli_writes_the_page(tmp_path):
    out = tmp_path / "m.html"
    r = subprocess.run([sys.executable, "-m", "simlab.cli.main", "replay", "monsters", "-p", "1",
                        "--set", "mode=solo2", "--set", "difficulty=3", "-s", "4", "-g", "2",
                        "--out", str(out)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert out.is_file() and "steps; final scores" in r.stdout
    prepared, names = _table(1, None, {"mode": "solo2", "difficulty": 3})
    scores, _ = kernel_row(G, prepared, 4, 2)
    assert f" {scores[0]}" in r.stdout
    page = write_replay(tmp_path / "again.html", G.replay(prepared, 4, 2, names),
                        game_title=G.title, seed=4, game_index=2)
    assert "Spider Jack" in page.read_text()


def test_discards_show_the_bots_values():
    prepared, names = _table(2, ["greedy", "prophet"], {})
    rep = G.replay(prepared, 1, 3, names)
    _check(rep, prepared, names, 1, 3)
    discards = [st.decision for st in rep.steps if "discards an Arch Monster" in st.phase]
    assert discards and all(d.what.startswith("whether to discard") for d in discards)
    for d in discards:
        keep = next(o for o in d.options if o.label == "keep every card")
        chosen = next(o for o in d.options if o.chosen)
        assert keep.value == 0.0 and chosen.value > keep.value
        assert "Value of a discard" in d.note


def test_legend_is_written_from_the_rules_played():
    prepared, names = _table(3, ["greedy", "first", "random"],
                             {"ghost_cost": (4, 3, 2, 2, 1), "rounds": 5})
    rep = G.replay(prepared, 0, 1, names)
    assert "Rules played: 3 players (regular mode), 5 rounds" in rep.legend
    assert "Ghosts cost 4/3/2/2/1" in rep.legend and "automaton" not in rep.legend
    prepared, names = _table(1, ["greedy"], {"mode": "solo2", "difficulty": 5})
    rep = G.replay(prepared, 2, 1, names)
    assert "1 player against Spider Jack" in rep.legend and "difficulty +5" in rep.legend
    prepared, names = _table(1, ["greedy"], {"mode": "solo2", "difficulty": 0})
    rep = G.replay(prepared, 2, 1, names)
    assert "difficulty +0 (the plain automaton)" in rep.legend
    prepared, names = _table(1, ["prophet"], {"mode": "solo1"})
    assert "solo mode 1" in G.replay(prepared, 2, 1, names).legend
    prepared, names = _table(3, ["greedy", "random", "prophet"], {"mode": "family"})
    assert "3 players (family mode)" in G.replay(prepared, 2, 1, names).legend


def test_every_chosen_play_says_what_it_did():
    prepared, names = _table(3, ["greedy", "first", "random"], {})
    rep = G.replay(prepared, 0, 1, names)
    decided = [st for st in rep.steps if st.decision is not None]
    assert decided and all(" → " in st.decision.chosen for st in decided)
    for st in decided:
        did = st.decision.chosen.split(" → ")[1]
        if "· Spook phase:" in st.phase and "buys" in st.phase:
            assert "buys a Ghost" in did or "buys an Arch Monster" in did
        if "places a die" in st.phase:
            assert re.search(r"a die to the (top|middle|bottom) row", did)
