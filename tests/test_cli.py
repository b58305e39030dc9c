"""Tests for the ``simlab`` command, run as a subprocess like a designer would."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from collections import Counter

import numpy as np
import pandas as pd
import pytest

import simlab
from tests.cli import run_cli

PLAYERS = 4


def run(*args, cwd=None, timeout=120):
    return run_cli(*args, cwd=cwd)


def assert_usage_error(proc, *words):
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("simlab: error:")
    for w in words:
        assert w in lines[0], f"{w!r} not in {lines[0]!r}"


# ----------------------------------------------------------------- bad input
@pytest.mark.parametrize("args,words", [
    (["simulate", "jelly", "--players", "9", "-n", "10", "-q"], ["players", "9"]),
    (["simulate", "jelly", "--bots", "nope", "-n", "10", "-q"], ["bots", "'nope'"]),
    (["simulate", "jelly", "--bots", "greedy,random", "-n", "10", "-q"], ["bots"]),
    (["simulate", "jelly", "--bots", "greedy(tak=1)", "-n", "10", "-q"], ["'tak'", "take"]),
    (["simulate", "jelly", "--games", "0"], ["--games"]),
    (["simulate", "jelly", "--games", "ten"], ["--games"]),
    (["simulate", "jelly", "--backend", "gpu"], ["--backend", "gpu"]),
    (["simulate", "jelly", "--jobs", "0"], ["--jobs"]),
    (["simulate", "jelly", "--seed", "-1"], ["--seed"]),
    (["simulate", "jelly", "--set", "nope=1", "-n", "10", "-q"], ["nope"]),
    (["simulate", "jelly", "--set", "timer_seconds", "-n", "10", "-q"], ["--set"]),
    (["simulate", "jelly", "--set", "timer_seconds=abc", "-n", "10", "-q"], ["timer_seconds"]),
    (["simulate", "jelly", "--set", "faces.3A.1=jelly:x", "-n", "10", "-q"], ["faces.3A"]),
    (["simulate", "jelly", "--out", "x.txt", "-n", "10", "-q"], ["--out", "x.txt"]),
    (["simulate", "jelly", "--out", "missing_dir/x.csv", "-n", "10", "-q"], ["--out"]),
    (["simulate", "nogame"], ["nogame", "jelly"]),
    (["simulate"], ["GAME"]),
    (["trace", "nogame"], ["nogame"]),
    (["trace", "jelly", "--game", "-1"], ["--game"]),
    (["trace", "jelly", "--players", "2"], ["players"]),
    (["odds", "jelly", "--mine", "-1"], ["--mine"]),
    (["odds", "jelly", "--mine", "31"], ["--mine"]),
    (["odds", "jelly", "--mine", "3", "--theirs", "a,b"], ["--theirs"]),
    (["odds", "jelly"], ["--mine"]),
    (["odds", "nogame", "--mine", "1"], ["nogame"]),
    (["nocommand"], ["nocommand"]),
    (["simulate", "jelly", "--no-such-option"], ["--no-such-option"]),
])
def test_bad_input_exits_2_with_one_line(args, words, tmp_path):
    assert_usage_error(run(*args, cwd=tmp_path), *words)


def test_bad_out_writes_nothing(tmp_path):
    proc = run("simulate", "jelly", "--out", "x.txt", "-n", "10", "-q", cwd=tmp_path)
    assert proc.returncode == 2
    assert list(tmp_path.iterdir()) == []


# ----------------------------------------------------------------- simulate
@pytest.fixture(scope="module")
def sim_json():
    proc = run("simulate", "jelly", "--games", 2000, "--seed", 11, "--json", "--quiet")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_simulate_json_keys(sim_json):
    d = sim_json
    assert {"game", "players", "games", "seed", "seats", "seat_advantage_p", "districts",
            "dice_lost_to_cancellation", "dice_lost_to_timer", "removals_used",
            "target_moves_used", "pods_won_at_city_center"} <= set(d)
    assert d["game"] == "jelly" and d["games"] == 2000 and d["seed"] == 11
    assert d["players"] == PLAYERS and len(d["seats"]) == PLAYERS
    for s in d["seats"]:
        assert {"seat", "bot", "win_share", "win_share_ci", "sole_wins", "shared_wins",
                "mean_score", "mean_score_ci"} <= set(s)
        assert s["win_share_ci"][0] <= s["win_share"] <= s["win_share_ci"][1]
    assert sum(s["win_share"] for s in d["seats"]) == pytest.approx(1.0)
    for dist in d["districts"]:
        assert {"controlled_share", "mean_reward_jelly", "mean_reward_pods"} <= set(dist)


def test_simulate_json_equals_library(sim_json):
    res = simlab.simulate("jelly", games=2000, seed=11, backend="serial", progress=False)
    assert sim_json == json.loads(json.dumps(res.to_dict()))


def test_simulate_jobs_do_not_change_json(sim_json):
    proc = run("simulate", "jelly", "--games", 2000, "--seed", 11, "--json", "--quiet",
               "--jobs", 2, "--backend", "threads")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == sim_json


def test_simulate_set_changes_results(sim_json):
    proc = run("simulate", "jelly", "--games", 500, "--seed", 11, "--json", "--quiet",
               "--set", "rounds=1", "--set", "faces.1A.1=pod")
    assert proc.returncode == 0, proc.stderr
    d = json.loads(proc.stdout)
    assert max(s["mean_score"] for s in d["seats"]) < min(s["mean_score"]
                                                          for s in sim_json["seats"])
    assert d["districts"][0]["zones"][1] == "pod"


@pytest.fixture(scope="module")
def out_files(tmp_path_factory):
    """--out in both formats for the same run, and the text output."""
    folder = tmp_path_factory.mktemp("out")
    procs = {}
    for ext in ("csv", "parquet"):
        procs[ext] = run("simulate", "jelly", "--games", 300, "--seed", 5, "--quiet",
                         "--out", folder / f"games.{ext}")
        assert procs[ext].returncode == 0, procs[ext].stderr
    return folder, procs


@pytest.mark.parametrize("ext", ["csv", "parquet"])
def test_out_one_row_per_game(out_files, ext):
    folder, procs = out_files
    path = folder / f"games.{ext}"
    df = pd.read_csv(path) if ext == "csv" else pd.read_parquet(path)
    head = (["game"] + [f"bot_{s}" for s in range(1, 5)] + [f"score_{s}" for s in range(1, 5)]
            + [f"winner_{s}" for s in range(1, 5)])
    assert list(df.columns)[:len(head)] == head
    assert len(df) == 300
    assert df["game"].tolist() == list(range(300))
    scores = df[[f"score_{s}" for s in range(1, 5)]].to_numpy()
    winners = df[[f"winner_{s}" for s in range(1, 5)]].to_numpy().astype(bool)
    assert np.array_equal(winners, scores == scores.max(axis=1, keepdims=True))
    # the text table is still printed, and names the file
    out = procs[ext].stdout
    assert "win share" in out and "seat advantage" in out
    assert f"games.{ext}" in out
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_out_csv_equals_parquet(out_files):
    folder, _ = out_files
    a = pd.read_csv(folder / "games.csv")
    b = pd.read_parquet(folder / "games.parquet")
    assert list(a.columns) == list(b.columns)
    for col in a.columns:
        assert a[col].astype(str).tolist() == b[col].astype(str).tolist(), col


def test_out_rows_match_summary(out_files):
    folder, procs = out_files
    df = pd.read_csv(folder / "games.csv")
    res = simlab.simulate("jelly", games=300, seed=5, backend="serial", progress=False)
    assert np.allclose(res.summary()["mean_score"],
                       df[[f"score_{s}" for s in range(1, 5)]].mean().to_numpy())


# ----------------------------------------------------------------- trace
FINAL_RE = re.compile(r"P(\d+)\([^)]*\) (-?\d+)")


def parse_final_scores(stdout: str) -> list[int]:
    line = [ln for ln in stdout.splitlines() if ln.startswith("Final scores:")]
    assert len(line) == 1, stdout[-500:]
    pairs = FINAL_RE.findall(line[0])
    assert [int(p) for p, _ in pairs] == list(range(1, len(pairs) + 1))
    return [int(s) for _, s in pairs]


@pytest.mark.parametrize("extra,game_index", [
    ([], 0),
    ([], 37),
    (["--bots", "greedy,random,spread,saboteur", "--set", "timer_seconds=2"], 12),
    (["--players", "3", "--bots", "spread"], 5),
])
def test_trace_final_scores_equal_out_row(tmp_path, extra, game_index):
    seed = 9
    csv = tmp_path / "g.csv"
    sim = run("simulate", "jelly", "--seed", seed, "--games", 40, "--quiet", "--out", csv,
              *extra)
    assert sim.returncode == 0, sim.stderr
    row = pd.read_csv(csv).iloc[game_index]
    n = sum(1 for c in row.index if c.startswith("score_"))
    want = [int(row[f"score_{s}"]) for s in range(1, n + 1)]

    tr = run("trace", "jelly", "--seed", seed, "--game", game_index, *extra)
    assert tr.returncode == 0, tr.stderr
    assert parse_final_scores(tr.stdout) == want

    trj = run("trace", "jelly", "--seed", seed, "--game", game_index, "--json", *extra)
    assert trj.returncode == 0, trj.stderr
    d = json.loads(trj.stdout)
    assert d["scores"] == want
    assert d["winners"] == [bool(row[f"winner_{s}"]) for s in range(1, n + 1)]
    assert d["seed"] == seed and d["game_index"] == game_index
    assert isinstance(d["log"], list) and d["log"]


def test_trace_log_mentions_rounds():
    tr = run("trace", "jelly", "--seed", 1, "--game", 7)
    assert tr.returncode == 0, tr.stderr
    for r in range(1, 5):
        assert f"Round {r}" in tr.stdout
    assert "Scoring" in tr.stdout


# ----------------------------------------------------------------- odds
def brute_mean_total(n: int) -> float:
    """Expected sum of the values shown by exactly one of ``n`` dice (others cancel)."""
    total = 0
    for outcome in itertools.product(range(1, 7), repeat=n):
        c = Counter(outcome)
        total += sum(v for v, k in c.items() if k == 1)
    return total / 6**n


def test_odds_json():
    proc = run("odds", "jelly", "--mine", 3, "--theirs", "2,4", "--json")
    assert proc.returncode == 0, proc.stderr
    d = json.loads(proc.stdout)
    assert {"control_alone", "tie", "mean_total"} <= set(d)
    assert 0.0 < d["control_alone"] < 1.0
    assert 0.0 < d["tie"] < 1.0
    assert d["control_alone"] + d["tie"] <= 1.0
    assert 0.0 < d["mean_total"] <= 21.0
    assert d["mean_total"] == pytest.approx(brute_mean_total(3), abs=1e-12)


def test_odds_alone_controls_unless_all_cancel():
    d = json.loads(run("odds", "jelly", "--mine", 2, "--json").stdout)
    assert d["control_alone"] == pytest.approx(5 / 6)  # two dice cancel only on a double
    assert d["tie"] == 0.0


def test_odds_text():
    proc = run("odds", "jelly", "--mine", 3, "--theirs", "2,4")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip()


# ----------------------------------------------------------------- games
def test_games_json():
    proc = run("games", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    jelly = [g for g in data["games"] if g["game"] == "jelly"]
    assert len(jelly) == 1
    jelly = jelly[0]
    bots = {b["name"]: b for b in jelly["bots"]}
    assert set(bots) == {"random", "greedy", "spread", "saboteur", "weights", "lookahead"}
    assert set(bots["random"]["params"]) == {"pass", "effect", "flip", "lock"}
    for name in ("greedy", "spread", "saboteur", "weights"):
        assert {"take", "cancel", "target", "pass_below"} <= set(bots[name]["params"])
    # the listed defaults are what the registry uses
    from simlab.games.registry import get_game

    info = get_game("jelly").bots()
    for name, b in bots.items():
        assert b["params"] == dict(zip(info[name].params, info[name].defaults, strict=True))
    assert jelly["players"] == [3, 5]
    assert "timer_seconds" in {r["name"] for r in jelly["rules"]}


def test_games_text():
    proc = run("games")
    assert proc.returncode == 0, proc.stderr
    for word in ("jelly", "greedy", "weights", "timer_seconds"):
        assert word in proc.stdout


# ----------------------------------------------------------------- help and version
@pytest.mark.parametrize("cmd", [[], ["games"], ["simulate"], ["trace"], ["odds"],
                                 ["odds", "jelly"], ["bench"]])
def test_help(cmd):
    proc = run(*cmd, "--help")
    assert proc.returncode == 0, proc.stderr
    assert "Example" in proc.stdout
    assert "Usage" in proc.stdout


def test_short_help_and_no_args():
    assert run("simulate", "-h").returncode == 0
    proc = run()
    assert proc.returncode == 0
    assert "simulate" in proc.stdout


def test_version():
    proc = run("--version")
    assert proc.returncode == 0
    assert simlab.__version__ in proc.stdout
    assert proc.stdout.startswith("simlab")


def test_console_script_installed():
    from pathlib import Path

    script = Path(sys.executable).with_name("simlab")
    if not script.exists():
        pytest.skip("console script not installed next to this interpreter")
    proc = subprocess.run([str(script), "--version"], capture_output=True, text=True)
    assert proc.returncode == 0 and simlab.__version__ in proc.stdout


def test_the_in_process_runner_puts_the_process_state_back():
    """``tests.cli.run_cli`` runs the CLI in this process: ``--quiet`` (a process-wide switch
    of the compile notice) must not stay on for the tests that follow (it did, and a compile
    notice test in the same worker failed)."""
    from simlab.core.compiling import is_quiet

    assert not is_quiet()
    proc = run("simulate", "jelly", "-n", 10, "-q")
    assert proc.returncode == 0, proc.stderr
    assert not is_quiet()
