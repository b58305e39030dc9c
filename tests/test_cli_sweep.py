"""`simlab sweep` and `simlab report` from the command line."""

from __future__ import annotations

import json

import pandas as pd

from tests.cli import run_cli


def run(*args, cwd=None):
    return run_cli(*args, cwd=cwd)


SCENARIO = """# Question: does a shorter timer change seat balance?
name = "cli-test"
game = "jelly"
players = 3
bots = "greedy,random,spread"
seed = 9
games = 300

[sweep.params]
"rules.timer_seconds" = [1, 3]
"""


def test_sweep_writes_results_and_report(tmp_path):
    f = tmp_path / "s.toml"
    f.write_text(SCENARIO)
    out = tmp_path / "out"
    r = run("sweep", str(f), "--out", str(out), "--quiet", "--backend", "serial")
    assert r.returncode == 0, r.stderr
    assert "report:" in r.stdout and "seat advantage p" in r.stdout
    for name in ("report.html", "results.parquet", "results.csv", "manifest.json"):
        assert (out / name).is_file()
    assert list(out.glob("*.png"))
    man = json.loads((out / "manifest.json").read_text())
    assert man["scenario_text"] == SCENARIO
    assert man["seed"] == 9 and man["games_played"] == 3 * 300
    assert man["dependencies"]["numpy"]
    frame = pd.read_parquet(out / "results.parquet")
    assert set(frame["label"]) == {"baseline", "rules.timer_seconds=1", "rules.timer_seconds=3"}
    # rebuild the report from stored results, to another file
    html = tmp_path / "again.html"
    r2 = run("report", str(out), "-o", str(html))
    assert r2.returncode == 0, r2.stderr
    assert html.is_file() and "data:image/png;base64," in html.read_text()
    # resume: nothing left to play, same results
    r3 = run("sweep", str(f), "--out", str(out), "--quiet", "--resume", "--backend", "serial")
    assert r3.returncode == 0 and "3 point(s) resumed" in r3.stdout
    pd.testing.assert_frame_equal(frame, pd.read_parquet(out / "results.parquet"))


def test_default_output_folder_is_reports_name(tmp_path):
    f = tmp_path / "s.toml"
    f.write_text(SCENARIO.replace("[sweep.params]\n\"rules.timer_seconds\" = [1, 3]\n", ""))
    r = run("sweep", str(f), "-q", "--backend", "serial", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "reports" / "cli-test" / "report.html").is_file()


def test_bad_scenario_exit_2_all_errors_nothing_written(tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text('game = "jelly"\ngams = 10\n[rules]\ntimer_secnds = 1\n')
    out = tmp_path / "out"
    r = run("sweep", str(f), "--out", str(out))
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert "gams" in r.stderr and "did you mean 'games'" in r.stderr
    assert "timer_secnds" in r.stderr and str(f) in r.stderr
    assert not out.exists()


def test_bad_cli_values_exit_2(tmp_path):
    f = tmp_path / "s.toml"
    f.write_text(SCENARIO)
    for args in (["sweep", str(tmp_path / "missing.toml")],
                 ["sweep", str(f), "--backend", "gpu"],
                 ["sweep", str(f), "--scheduler", "tcp://127.0.0.1:1"],
                 ["report", str(tmp_path / "nothing")],
                 ["report", str(tmp_path), "-o", str(tmp_path / "x.txt")]):
        r = run(*args)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert r.stderr.startswith("simlab: error:") and "Traceback" not in r.stderr


def test_shipped_scenario_help_mentions_examples():
    r = run("sweep", "--help")
    assert r.returncode == 0 and "scenarios/jelly-seat-balance.toml" in r.stdout
