"""Run: python tests/jungle/independent/farmer_check.py [GAMES]  (plain Python, no simlab)

The pure farmer of the independent engine against each scripted bot, one farmer seat against
copies of the other bot, every seat in turn: its win share (fair share 1/players)."""
import random
import sys
from pathlib import Path

try:  # as a package (the tests) or as a script
    from .bots import BOTS
    from .engine import play_many
except ImportError:
    sys.path.insert(0, str(Path(__file__).parent))
    from bots import BOTS  # noqa: E402
    from engine import play_many  # noqa: E402


def share(me, opp, players, games, seed=1, **kw):
    tot, sc = 0.0, [0.0, 0.0]
    for s in range(players):
        count = [0]  # the bots' streams: one counter a seat

        def make(s=s, c=count):
            c[0] += 1
            r = random.Random(seed * 7919 + c[0])
            return [(me if q == s else opp)(r) for q in range(players)]
        w, score, rounds = play_many(make, games, seed=seed + 101 * s, **kw)
        tot += w[s]
        sc[0] += score[s]
        sc[1] += (sum(score) - score[s]) / (players - 1)
    return tot / players, sc[0] / players, sc[1] / players, rounds


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    me = sys.argv[2] if len(sys.argv) > 2 else "farmer"
    opps = sys.argv[3].split(",") if len(sys.argv) > 3 else [b for b in BOTS if b != me]
    for opp in opps:
        for players in (2, 3, 4):
            sh, a, b, r = share(BOTS[me], BOTS[opp], players, games)
            print(f"{me} vs {players - 1} x {opp}, {players}p: win share {sh:.3f} "
                  f"(fair {1 / players:.3f}); score {a:.1f} vs {b:.1f}; {r:.1f} rounds",
                  flush=True)
