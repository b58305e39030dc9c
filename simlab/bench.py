"""Speed figures (``simlab bench``): measured, printed, never asserted in tests.

Each game's cold compile first (full run only): ``simlab simulate GAME --games 1000`` in an empty
temporary numba cache, its wall time and peak memory (and Jelly with a lookahead seat, the
larger kernel).

Monkey Fun (4 players), Jungle Rumble (3 players) and Monsters on Board (3 greedy players; solo 2)
get kernel games per second and the speed-up over their reference engines too (Monsters: once
its reference engine exists); Monkey Fun also the exact odds table's time and the
lookahead bot's cost per decision.

For Attack of the Jelly Monster with 4 players: kernel games per second on one core per line-up,
the speed-up over the reference engine on the same games, games per second with 2 jobs and the
scaling factor, the wall time of a warm ``simlab simulate jelly --games 1000``; a sweep's
overhead over its kernel time and the build time of a 100-point report; one tuning run per game
(weights against greedy, 2 jobs); the peak memory of the whole process tree (main process and
loky workers; shared library pages counted once) of a 1- and a 10-million-game run (quick: 0.1
and 1 million).

The yardstick (``../shared/perf/yardstick.py``, a fixed one-round numba kernel) runs at the start
and the end; the kernels of issue #18's targets are reported as ratios to it (:data:`TARGETS`),
because the machines drift. ``simlab bench --profile`` prints each game's ``profile.py`` rows
instead: where its time goes. ``simlab bench pig`` (a game written in plain Python, issue 42)
measures that game alone: its plain-Python loop and its numba kernel, and their ratio.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import numpy as np

#: speed floors against regression (issue 38): kernel games/s on one core as a ratio to the
#: yardstick's one-round games/s measured in the same minutes (machines drift, the ratio does
#: not). The greedy line-ups' floors are the lowest ratios the trustworthy bots have measured;
#: the rules alone (the bench-only ``first`` bot: no decision cost) floors are the rules' cost
#: measured when they were set (Jelly about 12 us a game, Monsters about 35 us, with the
#: yardstick near 170,000): a slower rule engine shows apart from a smarter bot.
#: Jelly's greedy answers a waiter since issue 38 (the ``hold`` term: the jelly at risk from
#: the opponents' dice still to come, at every decision), which costs it 2.3x (15,700 -> 6,900
#: games/s, yardstick ~240k): its floor is re-based on that; the engine and the evaluation
#: without the term keep the old floor as ``greedy(hold=0)``.
TARGETS = {
    "jelly-greedy-4": ("Jelly, 4 greedy players (floor)", 0.025),
    "jelly-greedy-hold0-4": ("Jelly, 4 greedy(hold=0) players (floor)", 0.055),
    "monkey-greedy-4": ("Monkey Fun, 4 greedy players (floor)", 0.20),
    "jungle-greedy-3": ("Jungle Rumble, 3 greedy players (floor)", 0.20),
    "monsters-greedy-3": ("Monsters on Board, 3 greedy players (floor)", 0.012),
    "jelly-first-4": ("Jelly, rules alone, 4 players (floor)", 0.49),
    "monsters-first-3": ("Monsters on Board, rules alone, 3 players (floor)", 0.17),
}
#: the default search of each game at least as strong as lookahead(playouts=8) (within its
#: interval) at this many times its games/s, measured in the same run
SEARCH_SPEEDUP = 10.0
#: scaling with 2 jobs
SCALING_TARGET = 1.9
#: the table each game's rules-alone and search rows play: players
BENCH_PLAYERS = {"jelly": 4, "monkey": 4, "jungle": 3, "monsters": 3}
MEMORY_LIMIT_MB = 500.0

LINEUPS = {
    "random": ["random"] * 4,
    "greedy": ["greedy"] * 4,
    "greedy-hold0": ["greedy(hold=0)"] * 4,
    "mixed": ["greedy", "random", "spread", "saboteur"],
}


def find_yardstick() -> str | None:
    """The yardstick script: ``$SIMLAB_YARDSTICK``, else ``../shared/perf/yardstick.py`` beside
    the checkout (where the project's machines keep it); None when there is none."""
    env = os.environ.get("SIMLAB_YARDSTICK")
    if env:
        return env if os.path.isfile(env) else None
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(os.path.dirname(here), "shared", "perf", "yardstick.py")
    return path if os.path.isfile(path) else None


def yardstick(path: str | None = None) -> float | None:
    """One-round games per second of the fixed yardstick kernel (``python yardstick.py``),
    run in a fresh process; None when the script is not found or fails."""
    path = path or find_yardstick()
    if path is None:
        return None
    env = {k: v for k, v in os.environ.items() if k != "SIMLAB_NUMBA_CACHE_SET"}
    env.pop("NUMBA_CACHE_DIR", None)  # the yardstick keeps its own cache
    try:
        out = subprocess.run([sys.executable, path], capture_output=True, text=True, env=env,
                             timeout=300, check=True).stdout
        return float(out.split()[0])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def target_rows(rows: list[dict], yard: float | None) -> list[dict]:
    """One row per target of :data:`TARGETS` and the memory target: measured, target, met."""
    out = []
    by_key = {r["target_key"]: r for r in rows if r.get("target_key")}
    for key, (label, target) in TARGETS.items():
        r = by_key.get(key)
        if r is None or r.get("games_per_s") is None:
            continue
        ratio = r["games_per_s"] / yard if yard else None
        out.append({"target": label, "games_per_s": r["games_per_s"], "ratio": ratio,
                    "goal": f">= {target:g} x yardstick",
                    "met": None if ratio is None else bool(ratio >= target)})
    for r in rows:
        if r.get("kind") == "search" and r.get("vs_lookahead8"):
            v = r["vs_lookahead8"]
            ratio = v["speedup"]
            strong = v["at_least_as_strong"]
            out.append({"target": f"{r['game']}: default search ({r['bots']}) vs "
                                  f"lookahead(playouts=8)",
                        "games_per_s": r["games_per_s"], "ratio": None,
                        "measured": f"{ratio:.1f}x the games/s; win share "
                                    f"{100 * r['win_share']:.1f}% vs {100 * v['win_share']:.1f}%",
                        "goal": f">= {SEARCH_SPEEDUP:g}x, as strong",
                        "met": bool(ratio >= SEARCH_SPEEDUP and strong)})
        if "scaling_vs_1_job" in r:
            out.append({"target": f"{r['game']}: scaling with 2 jobs", "games_per_s": None,
                        "ratio": None, "measured": f"{r['scaling_vs_1_job']:.2f}x",
                        "goal": f">= {SCALING_TARGET:g}x",
                        "met": bool(r["scaling_vs_1_job"] >= SCALING_TARGET)})
    for backend, what in (("threads", "one process"), ("loky", "all processes")):
        mem = sorted((r for r in rows
                      if str(r.get("target_key", "")).startswith(f"memory-{backend}-")),
                     key=lambda r: int(r["target_key"].rsplit("-", 1)[1]))
        if not mem:
            continue
        peaks = [r["peak_mb"] for r in mem]
        flat = max(peaks) <= 1.1 * min(peaks) + 20
        games = " / ".join(f"{int(r['target_key'].rsplit('-', 1)[1]) // 1_000_000:g}M"
                           if int(r['target_key'].rsplit('-', 1)[1]) >= 1_000_000 else
                           f"{int(r['target_key'].rsplit('-', 1)[1]):,}" for r in mem)
        out.append({"target": f"peak memory, {games} games, 2 jobs {backend} ({what})",
                    "games_per_s": None, "ratio": None,
                    "measured": " / ".join(f"{p:.0f} MB" for p in peaks),
                    "goal": f"< {MEMORY_LIMIT_MB:.0f} MB and flat",
                    "met": bool(max(peaks) < MEMORY_LIMIT_MB and flat)})
    return out


def _kernel_rate(game, prepared, seconds: float, seed: int = 11) -> tuple[float, int]:
    """Games per second of ``prepared`` on one core, measured as the yardstick measures itself,
    and the games of one timed window.

    One game is played first, untimed: a line-up's first call loads its kernel from the disk
    cache and links the code its bots call (the lazy libraries), which is not play. Counted, it
    read Jelly's 4 greedy at 4,365 games/s in a 1.5 s window where the kernel plays 7,000.
    Then a batch is doubled until it takes a quarter of ``seconds``, and the same games are
    timed twice more: the best of the three is the rate (the yardstick's best of three runs),
    so a neighbour's burst on the machine lowers one window, not the figure."""
    game.run_batch(prepared, seed, 0, 1, False)
    n = 256
    while True:
        t0 = time.perf_counter()
        game.run_batch(prepared, seed, 0, n, False)
        el = time.perf_counter() - t0
        if el >= seconds / 4 or n >= 200_000:
            break
        n = min(n * 2, 200_000)
    best = n / max(el, 1e-9)
    for _ in range(2):
        t0 = time.perf_counter()
        game.run_batch(prepared, seed, 0, n, False)
        best = max(best, n / max(time.perf_counter() - t0, 1e-9))
    return best, n


def _reference_speedup(game, prepared, n_games: int, seed: int = 5) -> float:
    # one game first: the shims of the rules the reference engine asks compile (or load) on
    # their first call, which is not the engine's speed
    game.reference_game(prepared, seed, n_games)
    t0 = time.perf_counter()
    for g in range(n_games):
        game.reference_game(prepared, seed, g)
    ref = (time.perf_counter() - t0) / n_games
    reps = max(1, int(2000 / n_games))
    t0 = time.perf_counter()
    for _ in range(reps):
        game.run_batch(prepared, seed, 0, n_games, False)
    ker = (time.perf_counter() - t0) / (reps * n_games)
    return ref / ker


def _cli_wall(args: list[str]) -> float:
    cmd = [sys.executable, "-m", "simlab.cli.main", *args]
    subprocess.run(cmd, check=True, capture_output=True)  # warm the cache and imports
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - t0


def _smaps_mb(pid: int) -> dict[str, float]:
    """``/proc/PID/smaps_rollup`` in MB (Rss, Pss, Private_Clean, Private_Dirty, ...)."""
    out = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3 and parts[-1] == "kB":
                out[parts[0].rstrip(":")] = int(parts[1]) / 1024
    return out


def _tree_memory_mb(pid: int) -> tuple[float, float]:
    """Memory of a process and all its descendants (Linux /proc), MB: (the process's resident
    memory plus each descendant's private memory, the RSS sum). Worker processes map the same
    shared libraries as the main process (Python, numpy, LLVM: about 90 MB each), so summing
    their RSS counts those pages once per process; the first figure counts them once."""
    children: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(d))
            except (OSError, ValueError, IndexError):
                pass
    once = rss_sum = 0.0
    stack = [(pid, True)]
    while stack:
        p, top = stack.pop()
        try:
            m = _smaps_mb(p)
        except OSError:
            continue
        rss_sum += m.get("Rss", 0.0)
        once += m.get("Rss", 0.0) if top else \
            m.get("Private_Clean", 0.0) + m.get("Private_Dirty", 0.0)
        stack.extend((c, False) for c in children.get(p, []))
    return once, rss_sum


def peak_memory(n_games: int, backend: str = "loky", jobs: int = 2,
                bots: str = "random") -> dict:
    """Wall time and peak memory of ``simlab.simulate("jelly", games=n_games)`` in a fresh
    process: the peak of the whole process tree, sampled every 0.2 s (``peak_mb``: the main
    process's resident memory plus its workers' private memory, shared library pages counted
    once; ``rss_sum_mb``: the RSS of every process added up; on systems without /proc, the
    largest single process). The same run
    with 1,000 games goes first, so the kernels are in the cache: a process that compiles holds
    the compiler's memory, which says nothing about the games (earlier benches' 10M-game
    figures of 0.5 to 1.7 GB moved with the compile's memory, not with the games)."""
    warm = ("import simlab; "
            f"simlab.simulate('jelly', players=4, bots={bots!r}, games=1000, seed=1, jobs=1, "
            "backend='serial', progress=False)")
    subprocess.run([sys.executable, "-c", warm], check=True, capture_output=True)
    code = ("import time, simlab; t=time.perf_counter(); "
            f"simlab.simulate('jelly', players=4, bots={bots!r}, games={n_games}, seed=1, "
            f"jobs={jobs}, backend={backend!r}, progress=False); "
            "print(time.perf_counter()-t)")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    peak = rss_peak = 0.0
    tree = os.path.isfile(f"/proc/{os.getpid()}/smaps_rollup")
    while proc.poll() is None:
        if tree:
            once, rss_sum = _tree_memory_mb(proc.pid)
            peak, rss_peak = max(peak, once), max(rss_peak, rss_sum)
        time.sleep(0.2)
    out, err = proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"memory run failed: {err.strip()[-400:]}")
    if not tree:
        import resource

        peak = rss_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"wall_s": float(out.split()[-1]), "peak_mb": peak, "rss_sum_mb": rss_peak}


def _sweep_rows(quick: bool) -> list[dict]:
    """A 40-point Jelly sweep of 20,000 games per point (quick: 10 x 2,000), serial: its wall
    time against the sum of its kernel time; and the build time of a 100-point report."""
    import tempfile

    from simlab.sweep import build_report, run_sweep

    n_points, games = (10, 2_000) if quick else (40, 20_000)
    spec = {"game": "jelly", "games": games, "seed": 1, "bots": "random",
            "sweep": {"params": {"rules.timer_seconds": [2.0 + 0.5 * i
                                                         for i in range(n_points - 1)]}}}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        res = run_sweep(spec, out=f"{tmp}/s", backend="serial", progress=False, report=False)
        kernel = sum(p.kernel_s for p in res.points)
        rows.append({"game": "jelly", "bots": "random,random,random,random", "jobs": 1,
                     "games_per_s": round(res.games_played / res.wall_s, 1),
                     "speedup_vs_reference": None,
                     "measure": f"sweep of {n_points} points x {games:,} games (serial)",
                     "wall_s": round(res.wall_s, 2), "kernel_s": round(kernel, 2),
                     "overhead_pct": round(100 * (res.wall_s / kernel - 1), 1)})
        spec100 = {**spec, "games": 200, "sweep": {"params": {"rules.timer_seconds": [
            2.0 + 0.2 * i for i in range(99)]}}}
        run_sweep(spec100, out=f"{tmp}/r", backend="serial", progress=False, report=False)
        t0 = time.perf_counter()
        build_report(f"{tmp}/r")
        build = time.perf_counter() - t0
        rows.append({"game": "jelly", "bots": "random,random,random,random", "jobs": 1,
                     "games_per_s": None, "speedup_vs_reference": None,
                     "measure": "report build time, 100-point sweep",
                     "wall_s": round(build, 2)})
    return rows


def _monkey_rows(quick: bool, say) -> list[dict]:
    """Monkey Fun, 4 players: kernel speed (random, greedy), speed-up over the reference; the
    solo variant's planner (heuristic and 16-playout search); the exact odds table's time, and
    the lookahead bot's cost per decision."""
    from simlab.games.monkey.odds import reach_odds
    from simlab.games.registry import get_game

    g = get_game("monkey")
    g.warm()
    rules = g.make_rules(4)
    secs = 1.5 if quick else 5.0
    rows = []
    for label in ("random", "greedy"):
        prep = g.prepare(rules, g.lineup(label, 4))
        say(f"monkey kernel, one core, {label} bots")
        rate, n = _kernel_rate(g, prep, secs)
        speed = _reference_speedup(g, prep, 20 if quick else 100)
        rows.append({"game": "monkey", "bots": ",".join([label] * 4), "jobs": 1,
                     "games_per_s": round(rate, 1), "speedup_vs_reference": round(speed, 1),
                     "measure": "kernel games per second on one core", "games": n,
                     "target_key": f"monkey-{label}-4"})
    solo = g.make_rules(1)
    for label in ("solo", "solo(playouts=16)"):
        prep = g.prepare(solo, g.lineup(label, 1))
        say(f"monkey kernel, one core, solo variant, {label}")
        rate, n = _kernel_rate(g, prep, secs if label == "solo" else secs / 2)
        rows.append({"game": "monkey", "bots": label, "jobs": 1,
                     "games_per_s": round(rate, 1), "speedup_vs_reference": None,
                     "measure": "kernel games per second on one core (solo, mixed board)",
                     "games": n})
    t0 = time.perf_counter()
    reach_odds()
    rows.append({"game": "monkey", "bots": "", "jobs": 1, "games_per_s": None,
                 "speedup_vs_reference": None, "measure": "exact odds table (simlab odds monkey)",
                 "wall_s": round(time.perf_counter() - t0, 4)})
    say("monkey lookahead bot")
    base = g.prepare(rules, g.lineup("random", 4))
    look = g.prepare(rules, g.lineup("lookahead,random,random,random", 4))
    n = 10 if quick else 40
    g.run_batch(look, 5, 0, 1, False)  # its own kernel: compiled (or loaded) before timing
    t0 = time.perf_counter()
    g.run_batch(base, 5, 0, n, False)
    t_base = time.perf_counter() - t0
    t0 = time.perf_counter()
    agg, _ = g.run_batch(look, 5, 0, n, False)
    t_look = time.perf_counter() - t0
    turns = float(np.asarray(agg["seat"])[0, 0]) if "seat" in agg else 0.0
    decisions = max(turns, 1.0)
    rows.append({"game": "monkey", "bots": "lookahead(playouts=8),random,random,random",
                 "jobs": 1, "games_per_s": round(n / t_look, 1), "speedup_vs_reference": None,
                 "measure": "lookahead bot: milliseconds per decision",
                 "ms_per_decision": round(1000 * (t_look - t_base) / decisions, 3),
                 "decisions": int(decisions)})
    return rows


def _jungle_rows(quick: bool, say) -> list[dict]:
    """Jungle Rumble, 3 players: kernel speed (random, greedy) and speed-up over the
    reference."""
    from simlab.games.registry import get_game

    g = get_game("jungle")
    g.warm()
    rules = g.make_rules(3)
    rows = []
    for label in ("random", "greedy"):
        prep = g.prepare(rules, g.lineup(label, 3))
        say(f"jungle kernel, one core, {label} bots")
        rate, n = _kernel_rate(g, prep, 1.5 if quick else 5.0)
        speed = _reference_speedup(g, prep, 10 if quick else 50)
        rows.append({"game": "jungle", "bots": ",".join([label] * 3), "jobs": 1,
                     "games_per_s": round(rate, 1), "speedup_vs_reference": round(speed, 1),
                     "measure": "kernel games per second on one core", "games": n,
                     "target_key": f"jungle-{label}-3"})
    return rows


def cold_compile(game: str, games: int = 1000, extra: list[str] | None = None) -> dict:
    """Wall time and peak memory of ``simlab simulate GAME --games N`` in a fresh, empty numba
    cache (a temporary folder): what a designer's first run costs."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="simlab-cold-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "SIMLAB_NUMBA_CACHE_SET"}
        env["NUMBA_CACHE_DIR"] = cache
        cmd = [sys.executable, "-m", "simlab.cli.main", "simulate", game, "--games", str(games),
               "--quiet", *(extra or [])]
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        proc.stderr.close()
        proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"cold compile of {game} failed: {err.strip()[-400:]}")
    return {"wall_s": wall, "peak_mb": usage.ru_maxrss / 1024}


#: the cold-compile rows: (game, extra simulate options, label)
COLD = (("jelly", [], "default line-up"), ("monkey", [], "default line-up"),
        ("jungle", [], "default line-up"), ("monsters", [], "default line-up"),
        ("jelly", ["-b", "lookahead,greedy,greedy,greedy"], "lookahead line-up"))


def _cold_rows(quick: bool, say) -> list[dict]:
    """Each game's cold compile: ``simlab simulate GAME --games 1000`` in an empty cache (not
    with --quick: it takes a few minutes in all)."""
    rows = []
    for game, extra, label in (() if quick else COLD):
        say(f"cold compile, {game} ({label})")
        r = cold_compile(game, 1000, extra)
        rows.append({"game": game, "bots": label, "jobs": 1, "games_per_s": None,
                     "speedup_vs_reference": None,
                     "measure": "cold compile: `simulate --games 1000`, empty cache",
                     "wall_s": round(r["wall_s"], 1), "peak_mb": round(r["peak_mb"], 0)})
    return rows


def _monsters_rows(quick: bool, say) -> list[dict]:
    """Monsters on Board: kernel speed with 3 greedy bots (and the speed-up over the reference
    engine), solo 2 (difficulty 3) with one greedy bot, and the lookahead bot's games per second
    at its default budget."""
    from simlab.games.registry import get_game

    g = get_game("monsters")
    g.warm()
    secs = 1.5 if quick else 5.0
    rows = []
    for label, players, overrides, bots in (
            ("3 players", 3, {}, "greedy"),
            ("solo 2, difficulty 3", 1, {"mode": "solo2", "difficulty": 3}, "greedy")):
        prep = g.prepare(g.make_rules(players, overrides), g.lineup(bots, players))
        say(f"monsters kernel, one core, {label}, {bots} bots")
        rate, n = _kernel_rate(g, prep, secs)
        speed = _reference_speedup(g, prep, 10 if quick else 50)
        rows.append({"game": "monsters", "bots": ",".join([bots] * players), "jobs": 1,
                     "games_per_s": round(rate, 1),
                     "speedup_vs_reference": None if speed is None else round(speed, 1),
                     "measure": f"kernel games per second on one core ({label})", "games": n,
                     "target_key": f"monsters-{bots}-{players}"})
    say("monsters lookahead bot")
    prep = g.prepare(g.make_rules(3), g.lineup("lookahead,greedy,greedy", 3))
    n = 4 if quick else 20
    g.run_batch(prep, 5, 0, 1, False)
    t0 = time.perf_counter()
    g.run_batch(prep, 5, 0, n, False)
    wall = time.perf_counter() - t0
    rows.append({"game": "monsters", "bots": "lookahead(playouts=8),greedy,greedy", "jobs": 1,
                 "games_per_s": round(n / wall, 2), "speedup_vs_reference": None,
                 "measure": "lookahead bot (8 playouts, width 6), kernel games per second",
                 "wall_s": round(wall, 2), "kind": "search_lookahead8"})
    return rows


def _rules_alone_rows(quick: bool, say) -> list[dict]:
    """Each game with a decision-free line-up (its bench-only ``first`` bot in every seat): the
    rules' own cost, apart from any bot's."""
    from simlab.games.registry import get_game

    rows = []
    for game, players in BENCH_PLAYERS.items():
        g = get_game(game)
        if "first" not in g.bots():
            continue
        prep = g.prepare(g.make_rules(players), g.lineup("first", players))
        say(f"{game} kernel, one core, rules alone ({players} x first)")
        rate, n = _kernel_rate(g, prep, 1.5 if quick else 5.0)
        rows.append({"game": game, "bots": ",".join(["first"] * players), "jobs": 1,
                     "games_per_s": round(rate, 1), "speedup_vs_reference": None,
                     "measure": "rules alone: kernel games per second on one core",
                     "us_per_game": round(1e6 / rate, 2), "games": n, "kind": "rules_alone",
                     "target_key": f"{game}-first-{players}"})
    return rows


def _search_rows(quick: bool, say) -> list[dict]:
    """Each game's default search configuration against today's lookahead(playouts=8),
    measured in the same run one way: one seat of the bot against greedy in the others, in
    every seat in turn; games/s and win share with its interval."""
    from simlab.analysis.skill import strength
    from simlab.games.registry import BotChoice, get_game

    rows = []
    for game, players in BENCH_PLAYERS.items():
        g = get_game(game)
        if "lookahead" not in g.bots():
            continue
        n8 = 6 if quick else (40 if game == "monsters" else 150)
        default = BotChoice(g.search_bot).label
        say(f"{game}: lookahead(playouts=8) against greedy, {n8} games per seat")
        ref = strength(game, "lookahead(playouts=8)", games=n8, players=players, seed=21)
        rows.append({"game": game, "bots": ref["bot"] + " vs greedy", "jobs": 1,
                     "games_per_s": round(ref["games_per_s"], 2),
                     "speedup_vs_reference": None, "kind": "search_lookahead8",
                     "measure": "search: lookahead(playouts=8), one seat against greedy",
                     "win_share": ref["win_share"], "win_share_ci": ref["win_share_ci"],
                     "games": ref["games"]})
        if default == "lookahead" and g.search_bot == "lookahead":
            cfg = "lookahead"
        else:
            cfg = default
        ns = 4 * n8
        say(f"{game}: default search ({cfg}) against greedy, {ns} games per seat")
        cur = strength(game, cfg, games=ns, players=players, seed=21)
        lo8 = ref["win_share_ci"][0]
        rows.append({"game": game, "bots": cur["bot"] + " vs greedy", "jobs": 1,
                     "games_per_s": round(cur["games_per_s"], 2),
                     "speedup_vs_reference": None, "kind": "search",
                     "measure": "search: the default configuration, one seat against greedy",
                     "win_share": cur["win_share"], "win_share_ci": cur["win_share_ci"],
                     "games": cur["games"],
                     "vs_lookahead8": {"speedup": cur["games_per_s"] / ref["games_per_s"],
                                       "win_share": ref["win_share"],
                                       "at_least_as_strong": bool(cur["win_share_ci"][1]
                                                                  >= lo8 and
                                                                  cur["win_share"] >= lo8)}})
    return rows


#: one tuning run per game: (game, field, players)
TUNING = (("jelly", "greedy", 4), ("monkey", "greedy", 3), ("jungle", "greedy", 3),
          ("monsters", "greedy", 3))


def _tuning_rows(quick: bool, say) -> list[dict]:
    """One tuning run per game (the weights bot against greedy), 2 loky jobs: wall time,
    training games per second, and the validated gain over the untuned bot."""
    from simlab.analysis.tune import tune
    from simlab.games.registry import GAMES

    rows = []
    budget = 3_000 if quick else 40_000
    for game, field, players in (TUNING[:1] if quick else TUNING):
        if game not in GAMES:
            continue
        say(f"tuning, {game}")
        res = tune(game, field, players=players, budget=budget, seed=1, jobs=2,
                   validation_games=1_000 if quick else 4_000, progress=False)
        rows.append({"game": game, "bots": f"weights vs {field}", "jobs": 2,
                     "games_per_s": round(res.train_games / res.seconds, 1),
                     "speedup_vs_reference": None,
                     "measure": f"one tuning run, {res.train_games:,} training games",
                     "wall_s": round(res.seconds, 1),
                     "tuned_gain_pp": round(100 * res.diff, 1)})
    return rows


def run_bench(quick: bool = False, progress=None) -> list[dict]:
    """Measure and return a list of result rows (see module docstring)."""
    from simlab.core.runner import run_games
    from simlab.games.registry import get_game

    say = progress or (lambda msg: None)
    rows = _cold_rows(quick, say)  # first, while the machine is quiet
    say("yardstick (../shared/perf/yardstick.py)")
    yards = [yardstick()]
    g = get_game("jelly")
    g.warm()
    rules = g.make_rules(4)
    secs = 1.5 if quick else 5.0
    rates = {}
    for label, bots in LINEUPS.items():
        prep = g.prepare(rules, g.lineup(bots, 4))
        say(f"kernel, one core, {label} bots")
        rate, n = _kernel_rate(g, prep, secs)
        rates[label] = rate
        say(f"reference engine, {label} bots")
        speed = _reference_speedup(g, prep, 20 if quick else 100)
        rows.append({"game": "jelly", "bots": ",".join(bots), "jobs": 1,
                     "games_per_s": round(rate, 1), "speedup_vs_reference": round(speed, 1),
                     "measure": "kernel games per second on one core", "games": n,
                     "target_key": f"jelly-{label}-4"})
    say("runner, 2 jobs (loky)")
    for label in ("greedy",):
        prep = g.prepare(rules, g.lineup(LINEUPS[label], 4))
        n = int(rates[label] * (4 if quick else 12))
        t1 = run_games(g, prep, n, 3, jobs=1, backend="serial", progress=False).wall_s
        out = run_games(g, prep, n, 3, jobs=2, backend="loky", progress=False)
        run_games(g, prep, n, 3, jobs=2, backend="loky", progress=False)  # workers now warm
        out = run_games(g, prep, n, 3, jobs=2, backend="loky", progress=False)
        rows.append({"game": "jelly", "bots": ",".join(LINEUPS[label]), "jobs": 2,
                     "games_per_s": round(n / out.wall_s, 1), "speedup_vs_reference": None,
                     "measure": "runner games per second, 2 loky jobs",
                     "scaling_vs_1_job": round(t1 / out.wall_s, 2), "games": n})
    say("warm `simlab simulate jelly --games 1000`")
    wall = _cli_wall(["simulate", "jelly", "--games", "1000", "--quiet"])
    rows.append({"game": "jelly", "bots": ",".join(LINEUPS["mixed"]), "jobs": 1,
                 "games_per_s": round(1000 / wall, 1), "speedup_vs_reference": None,
                 "measure": "wall time of a warm `simlab simulate jelly --games 1000`",
                 "wall_s": round(wall, 3)})
    rows.extend(_monkey_rows(quick, say))
    rows.extend(_jungle_rows(quick, say))
    rows.extend(_monsters_rows(quick, say))
    rows.extend(_rules_alone_rows(quick, say))
    rows.extend(_search_rows(quick, say))
    say("sweep overhead and report build time")
    rows.extend(_sweep_rows(quick))
    rows.extend(_tuning_rows(quick, say))
    say("yardstick again")
    yards.append(yardstick())
    found = [y for y in yards if y]
    if found:
        rows.append({"game": "-", "bots": "", "jobs": 1, "games_per_s": round(min(found), 1),
                     "speedup_vs_reference": None,
                     "measure": "yardstick: one-round games/s (start, end)",
                     "yardstick": [None if y is None else round(y, 1) for y in yards]})
    yard = sum(found) / len(found) if found else None
    for r in rows:
        if "kind" not in r and "kernel games per second" in r.get("measure", ""):
            first = r["bots"].split(",")[0]
            r["kind"] = ("greedy" if first.startswith("greedy") else "rules_alone"
                         if first == "first"
                         else "random" if first == "random" else "other")
        if yard and r.get("games_per_s") and (r.get("target_key") or r.get("kind")):
            r["yardstick_ratio"] = round(r["games_per_s"] / yard, 6)
    counts = (100_000, 1_000_000) if quick else (1_000_000, 10_000_000)
    for backend in ("threads", "loky"):
        for n in counts:
            say(f"peak memory of a {n:,}-game run (random bots, 2 jobs, {backend})")
            r = peak_memory(n, backend=backend)
            what = "one process" if backend == "threads" else "main process + 2 workers"
            rows.append({"game": "jelly", "bots": ",".join(LINEUPS["random"]), "jobs": 2,
                         "games_per_s": round(n / r["wall_s"], 1), "speedup_vs_reference": None,
                         "measure": f"peak memory, {n:,} games, {backend} ({what})",
                         "peak_mb": round(r["peak_mb"], 1),
                         "rss_sum_mb": round(r["rss_sum_mb"], 1), "wall_s": round(r["wall_s"], 1),
                         "target_key": f"memory-{backend}-{n}"})
    return rows


def format_bench(rows: list[dict]) -> str:
    """Rows as a text table."""
    lines = [f"{'measure':<58} {'bots':<32} {'jobs':>4} {'games/s':>11}  other"]
    for r in rows:
        other = []
        if r.get("speedup_vs_reference") is not None:
            other.append(f"{r['speedup_vs_reference']:.0f}x reference")
        if "speedup_vs_python" in r:
            other.append(f"{r['speedup_vs_python']:.0f}x the plain-Python loop")
        if "scaling_vs_1_job" in r:
            other.append(f"scaling {r['scaling_vs_1_job']:.2f}")
        if "wall_s" in r:
            other.append(f"{r['wall_s']:.2f} s wall")
        if "ms_per_decision" in r:
            other.append(f"{r['ms_per_decision']:.3f} ms per decision")
        if "overhead_pct" in r:
            other.append(f"kernel {r['kernel_s']:.2f} s, overhead {r['overhead_pct']:.1f}%")
        if "peak_mb" in r:
            other.append(f"peak {r['peak_mb']:.0f} MB")
        if r.get("rss_sum_mb") and r["rss_sum_mb"] > r.get("peak_mb", 0) + 1:
            other.append(f"(RSS added up {r['rss_sum_mb']:.0f} MB)")
        if "tuned_gain_pp" in r:
            other.append(f"tuned {r['tuned_gain_pp']:+.1f} points over untuned")
        gps = "" if r["games_per_s"] is None else f"{r['games_per_s']:,.0f}"
        measure = f"{r['game']}: {r['measure']}"
        lines.append(f"{measure[:58]:<58} {r['bots'][:32]:<32} {r['jobs']:>4} "
                     f"{gps:>11}  {', '.join(other)}")
    lines.append(f"(machine: {os.cpu_count()} cores)")
    yards = next((r["yardstick"] for r in rows if "yardstick" in r), None)
    found = [y for y in (yards or []) if y]
    yard = sum(found) / len(found) if found else None
    targets = target_rows(rows, yard)
    if targets:
        lines.append("")
        lines.append("targets (issue 38): speed floors as ratios to the yardstick measured in "
                     "the same minutes" + (f" ({', '.join(f'{y:,.0f}' for y in found)} "
                                           "one-round games/s)" if found else
                                           " (yardstick not found: set SIMLAB_YARDSTICK)"))
        for t in targets:
            got = t.get("measured") or (f"{t['games_per_s']:,.1f} games/s" + (
                f" = {t['ratio']:.4g} x" if t["ratio"] is not None else ""))
            met = {True: "met", False: "NOT MET", None: "?"}[t["met"]]
            lines.append(f"  {t['target']:<58} {got:<30} goal {t['goal']:<26} {met}")
    return "\n".join(lines)


#: plugin games ``simlab bench NAME`` finds in the checkout's examples without ``--plugin``
EXAMPLE_GAMES = {"pig": os.path.join("examples", "games", "pig", "game.py")}


def example_game_file(name: str) -> str | None:
    """The example game ``name``'s file beside the checkout (``examples/games/...``), or None
    (an installed simlab has no examples)."""
    rel = EXAMPLE_GAMES.get(name)
    if rel is None:
        return None
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(here, rel)
    return path if os.path.isfile(path) else None


def _batch_rate(play, seconds: float) -> tuple[float, int]:
    """Games per second of ``play(start, count)`` over batches of doubling size."""
    n, start, t0 = 64, 0, time.perf_counter()
    while True:
        play(start, n)
        start += n
        el = time.perf_counter() - t0
        if el >= seconds:
            return start / el, start
        n = min(n * 2, 200_000)


def python_game_rows(name: str, quick: bool = False, progress=None) -> list[dict]:
    """A game written in plain Python (``simlab bench pig``): games per second on one core of
    its plain-Python loop and, when it has one, of its numba kernel on the same line-up (the
    kernel's first bot in every seat, the default table) and the ratio."""
    from simlab.games.registry import get_game

    say = progress or (lambda msg: None)
    g = get_game(name)
    kernel = getattr(g.impl, "kernel", None)
    players = g.default_players
    bot = kernel.bots[0] if kernel is not None and kernel.bots else g.default_bots[0]
    rules = g.make_rules(players)
    prep = g.prepare(rules, g.lineup(bot, players))
    g.warm_for([prep])
    secs = 1.5 if quick else 5.0
    bots = ",".join([bot] * players)
    say(f"{name}: plain Python, one core, {bots}")
    py_rate, n_py = _batch_rate(lambda s, c: g.run_python(prep, 3, s, c, False), secs)
    rows = [{"game": name, "bots": bots, "jobs": 1, "games_per_s": round(py_rate, 1),
             "speedup_vs_reference": None, "games": n_py,
             "measure": "plain-Python games per second on one core"}]
    if kernel is not None and g.plays_in_kernel(prep):
        say(f"{name}: numba kernel, one core, {bots}")
        k_rate, n_k = _batch_rate(lambda s, c: g.run_kernel(prep, 3, s, c, False), secs)
        rows.append({"game": name, "bots": bots, "jobs": 1, "games_per_s": round(k_rate, 1),
                     "speedup_vs_reference": None, "games": n_k,
                     "speedup_vs_python": round(k_rate / py_rate, 1),
                     "measure": "numba kernel games per second on one core"})
    return rows


def run_profile(games=None, quick: bool = False, progress=None) -> list[dict]:
    """Where each game's time goes: the rows of ``simlab/games/<game>/profile.py``'s
    ``profile(quick, say)`` (phase timings, decisions per game, bot evaluations per decision,
    microseconds per evaluation of the main bot functions)."""
    import importlib

    from simlab.games.registry import GAMES

    say = progress or (lambda msg: None)
    rows = []
    for name in games or list(GAMES):
        try:
            mod = importlib.import_module(f"simlab.games.{name}.profile")
        except ModuleNotFoundError:
            continue
        say(f"profile, {name}")
        rows.extend(mod.profile(quick=quick, say=say))
    return rows


def format_profile(rows: list[dict]) -> str:
    """Profile rows as a text table."""
    lines = [f"{'game':<9} {'measure':<72} {'value':>14}  unit"]
    for r in rows:
        v = r["value"]
        val = f"{v:,.3f}" if isinstance(v, float) and abs(v) < 100 else f"{v:,.0f}"
        lines.append(f"{r['game']:<9} {r['measure'][:72]:<72} {val:>14}  {r.get('unit', '')}")
    return "\n".join(lines)
