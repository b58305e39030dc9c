"""Jungle Rumble's replay (simlab/games/jungle/replay.py): the steps, decisions and scores of a
game as the reference engine plays it, against the kernel's row of that game, and the page in
a browser."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import simlab
from simlab.errors import SimlabError
from simlab.games.jungle import nb
from simlab.games.jungle.game import GAME
from simlab.games.jungle.replay import record, replay
from simlab.games.jungle.rules import ACTIONS
from simlab.report.replay import write_replay
from tests.replay_browser import assert_page_works, selftest
from tests.replay_checks import assert_is_the_kernel_game, kernel_row

ROOT = Path(__file__).resolve().parents[2]
ARTIFACT = ROOT / "test-artifacts" / "replay-jungle.png"

CASES = [
    # (players, bots, rule overrides, seed, game)
    (4, "greedy,farmer,trader,breeder", {}, 1, 0),
    (3, "random,weights(noise=0),trader", {"variant": True}, 5, 3),
    (2, "breeder,random", {"variant": True, "merchant_kind_at": "recruit"}, 7, 2),
    (4, "breeder,trader,breeder,trader", {"max_family": 4}, 2, 2),  # kittens taken, fired
]


def _table(players, bots, overrides):
    rules = GAME.make_rules(players, overrides)
    lineup = GAME.lineup(bots, players)
    names = [f"P{s + 1}({b.label})" for s, b in enumerate(lineup)]
    return GAME.prepare(rules, lineup), names


def _check_decisions(rep, rec):
    """Every decision names the option the bot took (the log says what happened), and the
    chosen option has the best value wherever the bot has values."""
    assert rec.problems == []
    n = 0
    for st in rep.steps:
        d = st.decision
        if d is None:
            continue
        assert "BUG" not in d.note
        if d.options:
            chosen = [o for o in d.options if o.chosen]
            assert len(chosen) == 1 and chosen[0].label.startswith(d.chosen.split(",")[0])
            vals = [o.value for o in d.options if o.value is not None]
            if vals and chosen[0].value is not None:
                assert chosen[0].value >= max(vals) - 1e-9, (st.phase, d)
        text = "\n".join(st.log)
        if d.what.startswith("which tile"):
            m = re.search(r"takes tile (\d) .* plays (\w+) and sends (\d) kitten", text)
            assert m, text
            t, a, k = int(m.group(1)), m.group(2), int(m.group(3))
            assert d.chosen.startswith(f"tile {t} ")
            assert f", {k} kitten" in d.chosen and a in d.chosen
            n += 1
        elif d.what.startswith("follow on"):
            followed = " follows on " in text
            assert d.chosen.startswith("follow") == followed, (d.chosen, text)
        elif d.what.startswith("how many sleeping"):
            k = int(re.search(r"pays (\d+) food to wake", text).group(1))
            assert d.chosen == ("wake none" if k == 0 else f"wake {k} (pay {k} food)")
        elif d.what.startswith("how much"):
            k, kind = re.search(r"sells (\d+) (\w+) to its", text).groups()
            assert d.chosen == f"sell {k} {kind}"
    assert n >= 5  # a turn's action at least every round


@pytest.mark.parametrize("players,bots,overrides,seed,game", CASES)
def test_replay_matches_kernel_and_reference(players, bots, overrides, seed, game):
    prepared, names = _table(players, bots, overrides)
    rec = record(prepared, seed, game, names)
    rep = replay(prepared, seed, game, names)
    # final scores and winners: the kernel's row of that game; nothing lost or duplicated:
    # the steps' lines are the reference engine's whole log
    lines = assert_is_the_kernel_game(rep, GAME, prepared, names, seed, game)
    # the last step shows the final scores; the round ends show the game-shape checkpoints
    assert rep.steps[-1].scores == rep.final_scores
    ends = [st.scores for st in rep.steps if st.phase.endswith("end of the round")]
    assert ends == [list(c) for c in rec.checkpoints]
    _check_decisions(rep, rec)
    # one step per wake-up, action, follower and feeding of every turn
    turns = sum(1 for x in lines if re.match(r"  turn \d+:", x))
    phases = [st.phase for st in rep.steps]
    assert sum(p.endswith("wakes up") for p in phases) == turns
    assert sum(p.endswith("takes an action tile") for p in phases) == turns
    assert sum(p.endswith("follows or passes") for p in phases) == turns * (players - 1)
    assert sum(p.endswith("feeds its family") for p in phases) == turns
    for st in rep.steps:
        assert st.svg.startswith("<svg") and 'viewBox="0 0 800 ' in st.svg


def test_variant_steps_show_both_actions():
    prepared, names = _table(3, "greedy,random,farmer", {"variant": True})
    rep = replay(prepared, 3, 1, names)
    tiles = prepared.arrays.tile_act
    assert any(tiles[t, 0] != tiles[t, 1] for t in range(5))
    acts = [st for st in rep.steps if st.phase.endswith("takes an action tile")]
    for st in acts:
        # the chosen side and the followers' action are named, and the board shows both
        assert "; followers " in st.decision.chosen
        assert any(f"{ACTIONS[a]} | {ACTIONS[b]}" in st.svg for a, b in tiles)
    # followers follow on the other action of the tile
    for i, st in enumerate(rep.steps):
        m = re.search(r"plays (\w+) and sends", "\n".join(st.log))
        if not m:
            continue
        t = int(re.search(r"takes tile (\d)", "\n".join(st.log)).group(1))
        a = ACTIONS.index(m.group(1))
        other = ACTIONS[tiles[t, 1] if tiles[t, 0] == a else tiles[t, 0]]
        nxt = rep.steps[i + 1]
        if nxt.decision is not None and nxt.decision.what.startswith("follow on"):
            assert nxt.decision.what == f"follow on {other} or pass"


def test_running_scores_are_the_kernels():
    """The running score of a step is nb.running_score on the position (the game-shape
    measure), for every seat at every step of a game."""
    from simlab.games.jungle.reference import ReferenceGame

    prepared, names = _table(3, "greedy,trader,breeder", {})
    rec = record(prepared, 4, 0, names)
    # replay the game again, comparing at each step cut the kernel's function on the view
    seen = []

    class Check(ReferenceGame):
        def step_done(self, phase, seat):
            st = self.make_view()
            seen.append(([int(nb.running_score(self.A, st, q)) for q in range(self.n_p)],
                         self.running_scores()))

    Check(prepared.arrays, prepared.lineup, 4, 0).play()
    assert seen and all(a == b for a, b in seen)
    cuts = [s["scores"] for s in rec.snaps if s["phase"] in ("sale", "action", "follow",
                                                              "round end")]
    assert cuts == [b for _, b in seen]


def test_lookahead_values_are_its_playouts():
    prepared, names = _table(2, "lookahead(playouts=3,width=3),greedy", {})
    rec = record(prepared, 4, 1, names)
    rep = replay(prepared, 4, 1, names)
    assert (rep.final_scores, rep.winners) == kernel_row(GAME, prepared, 4, 1)
    _check_decisions(rep, rec)
    looks = [st.decision for st in rep.steps if st.decision is not None
             and st.decision.seat == 0 and st.decision.value_label == "playout mean"]
    assert any(d.what.startswith("which tile") for d in looks)
    assert any(d.what.startswith("follow on") for d in looks)
    for d in looks:
        if d.what.startswith("which tile"):
            assert 2 <= len(d.options) <= 3 and "greedy" in d.options[0].label


def test_random_bot_has_no_values():
    prepared, names = _table(2, "random", {})
    rep = replay(prepared, 9, 0, names)
    decided = [st.decision for st in rep.steps if st.decision is not None]
    assert decided and all(o.value is None for d in decided for o in d.options)
    assert all("random" in d.note for d in decided if d.options)


def test_page_in_a_browser(tmp_path):
    prepared, names = _table(4, "greedy,farmer,trader,breeder", {"variant": True})
    rep = replay(prepared, 2, 0, names)
    page = write_replay(tmp_path / "jungle.html", rep, game_title="Jungle Rumble", seed=2,
                        game_index=0, command="simlab replay jungle --seed 2")
    res = selftest(page, screenshot=ARTIFACT)
    assert_page_works(res, len(rep.steps))
    assert res["last_scores"] == res["final_scores"] == rep.final_scores
    assert ARTIFACT.is_file() and ARTIFACT.stat().st_size > 10_000


def test_api_and_cli(tmp_path):
    out = tmp_path / "j.html"
    rep = simlab.replay("jungle", seed=3, game_index=2, players=2, bots=["greedy", "farmer"],
                        rules={"variant": True}, out=out)
    assert out.is_file() and "Jungle Rumble" in out.read_text()
    prepared, _ = _table(2, "greedy,farmer", {"variant": True})
    assert (rep.final_scores, rep.winners) == kernel_row(GAME, prepared, 3, 2)
    with pytest.raises(SimlabError, match="game_index"):
        simlab.replay("jungle", game_index=-1)
    with pytest.raises(SimlabError, match="unknown bot"):
        simlab.replay("jungle", bots=["greedy", "nosuchbot"], players=2)

    def run(*args):
        return subprocess.run([sys.executable, "-m", "simlab.cli.main", "replay", "jungle",
                               *args], capture_output=True, text=True)

    r = run("--game", "-1", "--out", str(tmp_path / "x.html"))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    r = run("-b", "greedy,nosuchbot", "-p", "2", "--out", str(tmp_path / "x.html"))
    assert r.returncode == 2 and "nosuchbot" in r.stderr and "Traceback" not in r.stderr
    r = run("-p", "2", "-b", "greedy,trader", "--seed", "5", "--game", "1",
            "--out", str(tmp_path / "ok.html"))
    assert r.returncode == 0, r.stderr
    assert "steps; final scores" in r.stdout and (tmp_path / "ok.html").is_file()


def test_every_kind_of_step_is_drawn():
    """A game with merchants, fired and taken kittens and an end trigger: the board shows
    them."""
    prepared, names = _table(4, "breeder,trader,breeder,trader", {"max_family": 4})
    rec = record(prepared, 2, 2, names)
    phases = {s["phase"] for s in rec.snaps}
    assert phases == {"setup", "wake-up", "sale", "action", "follow", "feeding", "round end",
                      "end"}
    rep = replay(prepared, 2, 2, names)
    whats = {st.decision.what for st in rep.steps if st.decision is not None}
    assert {"whether to fire a kitten for 3 food", "how much gold to sell to its merchants",
            "how many kittens to leave unfed"} <= whats
    notes = " ".join(st.decision.note for st in rep.steps if st.decision is not None)
    assert "whom to take a kitten from" in notes and "the recruit's role" in notes
    taken = [i for i, st in enumerate(rep.steps) if "takes a kitten from" in " ".join(st.log)]
    assert taken and re.search(r"holds P\d×1", rep.steps[taken[0]].svg)
    assert any(re.search(r">(gold|food) [1-9]", st.svg) for st in rep.steps)  # merchants' goods
    assert "End triggered: a kitten was taken" in rep.steps[-2].svg
    assert all(st.svg.count("<svg") == 1 for st in rep.steps)


def test_the_legend_and_the_score_note_come_from_the_rules_played():
    over = {"kitten_points": 4, "penalty": 5, "merchant_gold_points": 4, "variant": True}
    prepared, names = _table(2, "greedy,trader", over)
    rep = replay(prepared, 3, 0, names)
    assert "kittens 4" in rep.score_note and "kittens 3" not in rep.score_note
    assert "penalties -5" in rep.score_note and "merchants' gold 4" in rep.score_note
    assert "variant" in rep.legend and "the box" not in rep.legend
    plain, names = _table(2, "greedy,trader", {})
    rep = replay(plain, 3, 0, names)
    assert "kittens 3" in rep.score_note and "penalties -3" in rep.score_note
    assert "variant" not in rep.legend


def test_the_box_is_drawn_where_the_rules_limit_it():
    over = {"food_limit": 50, "improvise_gold": False, "penalty_limit": 5, "set_aside": "box"}
    prepared, names = _table(3, "greedy,trader,breeder", over)
    rec = record(prepared, 2, 1, names)
    rep = replay(prepared, 2, 1, names)
    assert rep.problems == rec.problems == []
    assert "food units left in the box (of 50)" in rep.legend
    assert "penalty tokens left (of 5)" in rep.legend and "set-aside" in rep.legend
    assert all("Left in the box: food " in st.svg and "penalty tokens " in st.svg
               and "set-aside " in st.svg for st in rep.steps)
    food = [s["box"]["food"] for s in rec.snaps]
    assert food[0] == 50 and len(set(food)) > 1


@pytest.mark.parametrize("players,bots,overrides,seed,game", CASES + [
    (3, "first,random,lookahead(playouts=2,width=2)", {"variant": True}, 4, 0)])
def test_every_step_where_a_bot_chose_says_what_it_chose(players, bots, overrides, seed, game):
    from simlab.games.jungle.replay import Recorder

    asked: list[list[str]] = [[]]

    class Counting(Recorder):
        def ask(self, fn, q, *args):
            code = super().ask(fn, q, *args)
            asked[-1].append(getattr(fn, "__name__", str(fn)))
            return code

        def _cut(self, phase, seat, final=False):
            super()._cut(phase, seat, final)
            asked.append([])

    prepared, names = _table(players, bots, overrides)
    rec = Counting(prepared.arrays, prepared.lineup, seed, game, names)
    rec.play()
    rec.finish()
    assert rec.problems == []
    assert len(asked) == len(rec.snaps) + 1
    for snap, calls in zip(rec.snaps, asked, strict=False):
        d = snap["decision"]
        if not calls:
            assert d is None, snap["phase"]
            continue
        # the first choice is the step's decision, each later one a "Then:" entry
        assert d is not None and d.chosen and d.chosen != "?", (snap["phase"], calls)
        then = d.note.split("Then: ", 1)[1].split("; ") if len(calls) > 1 else []
        assert len(then) == len(calls) - 1, (calls, d.note)
        assert all(": " in t and not t.endswith(": ") for t in then)
