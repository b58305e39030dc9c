"""Shared by the replay tests: open a replay page in headless Chromium with ``#selftest``.

The page walks every step with its slider, presses the arrow keys and the buttons, and writes
what it showed into ``<pre id="selftest">``; Chromium's ``--dump-dom`` hands that back, and its
log on stderr tells of any console error. Without Chromium the test is skipped locally; on CI
(the CI environment variable is set) a missing Chromium is a failure, because .ci/run
installs it.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-logging=stderr", "--v=0")


def chromium() -> str:
    for cand in ("/usr/bin/chromium", shutil.which("chromium")):
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    if "CI" in os.environ:
        pytest.fail("chromium is not installed (looked for /usr/bin/chromium and chromium on "
                    "PATH); on CI it is required: install it with `apt-get install -y chromium`")
    pytest.skip("chromium is not installed (set CI=1 to make this a failure)")


def console_problems(log: str) -> list[str]:
    bad = []
    for line in log.splitlines():
        if "Uncaught" in line:
            bad.append(line)
        elif "CONSOLE" in line and re.search(r"error|ERROR:CONSOLE", line, re.I):
            bad.append(line)
    return bad


def selftest(page: Path, screenshot: Path | None = None) -> dict:
    """Run the page's self-test in headless Chromium: its result (steps, visited, problems,
    keys, buttons, final_scores, last_scores) plus ``console`` (console errors)."""
    chrome = chromium()
    with tempfile.TemporaryDirectory(prefix="simlab-chrome-") as profile:
        cmd = [chrome, *FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=20000",
               "--dump-dom", f"{Path(page).resolve().as_uri()}#selftest"]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        m = re.search(r'<pre id="selftest">(.*?)</pre>', r.stdout, re.S)
        assert m, f"the page wrote no self-test result; chromium said: {r.stderr[-2000:]}"
        out = json.loads(html.unescape(m.group(1)))
        out["console"] = console_problems(r.stderr)
        if screenshot is not None:
            screenshot.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([chrome, *FLAGS, f"--user-data-dir={profile}",
                            f"--screenshot={screenshot}", "--window-size=1280,1000",
                            Path(page).resolve().as_uri()], capture_output=True, timeout=300)
    return out


def assert_page_works(result: dict, n_steps: int) -> None:
    """The self-test saw every step drawn, the keys and buttons move, no console error."""
    assert result["console"] == [], result["console"]
    assert result["problems"] == [], result["problems"][:5]
    assert result["steps"] == n_steps and result["visited"] == n_steps
    last = n_steps - 1
    assert result["keys"] == [min(1, last), min(2, last), min(1, last), last, 0]
    assert result["buttons"] == [min(1, last), min(2, last), min(1, last), last, 0]


def rendered(page: Path, fragment: str = "") -> str:
    """The page's DOM after its script ran in headless Chromium (``fragment``: e.g. "#step=3")."""
    chrome = chromium()
    with tempfile.TemporaryDirectory(prefix="simlab-chrome-") as profile:
        cmd = [chrome, *FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=5000",
               "--dump-dom", f"{Path(page).resolve().as_uri()}{fragment}"]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=300).stdout
