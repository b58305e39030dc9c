"""The reference engine's game end: final scoring, the winners, and the game's records.

Final scoring is the plain-Python twin ``reference_scoring`` (final-area Grunts, Prophecy, Arch
Monsters), after the last Arch Monster discards and trimming each row of the Order to its
Spider Jack die. Solo 1 is won at the target score; solo 2 against Spider Jack, who gains the
Prophecy points you missed with that difficulty modifier (``rules.PROPHECY_PLUS_ONE``).

Mixed into :class:`~simlab.games.monsters.reference.ReferenceGame` (see ``reference_base``).
"""

from __future__ import annotations

from simlab.games.monsters.reference_base import SOLO1, SOLO2, ReferenceBase, record_game
from simlab.games.monsters.reference_scoring import final_score, sj_prophecy_bonus
from simlab.games.monsters.rules import PROPHECY_PLUS_ONE, SPOOKED_COUNT
from simlab.games.monsters.state import (
    B_ARCH,
    B_FINAL,
    B_PROPHECY,
    BREAKDOWN,
    C_DICE_BAD,
    C_SHARED,
    C_SJ_WINS,
    C_TIEBREAK,
    C_TO_BOX,
    COLS,
    E_BEAT,
    E_LAST_ROUND,
    E_LOST,
    E_TARGET_MET,
    E_TARGET_MISSED,
    N_BREAK,
    ROWS,
    S_FINAL_GRUNTS,
    S_GRUNTS,
    S_MALICE_END,
    SCORE_BINS,
)


class GameEnd(ReferenceBase):
    """Final scoring and the game's records."""

    # ------------------------------------------------------------------ final scoring
    def final_scoring(self):
        """The last Arch Monster discards, trimming each row to its Spider Jack die (the rest
        to the box), final scoring (``reference_scoring.final_score``) and the winners: the top
        score, ties broken by final-area Grunts, then Malice, then shared; solo 1 against the
        target, solo 2 against Spider Jack (with his Prophecy bonus). Returns (scores,
        winners)."""
        A, P = self.A, self.P
        self.say("Final scoring")
        for i in range(P):
            self.use_arch((self.first + i) % P, final=True)
        scores, finals = [], []
        for p, pl in enumerate(self.players):
            trimmed = sum(max(0, len(pl.rows[r]) - pl.sj[r]) for r in range(ROWS))
            self.boxed += trimmed
            self.count(C_TO_BOX, trimmed)
            oc = [[row[c][0] if c < len(row) else -1 for c in range(COLS)] for row in pl.rows]
            orank = [[row[c][1] if c < len(row) else 0 for c in range(COLS)] for row in pl.rows]
            g, pr, ar = final_score(self.cards, A.space_area, A.area_public, oc, orank, pl.sj,
                                    [x.colour for x in pl.grunts], [x.pos for x in pl.grunts],
                                    [pl.ghosts.get(s, -1) for s in range(self.S)], pl.minions,
                                    pl.prophecy, pl.arch, len(pl.arch),
                                    SPOOKED_COUNT[int(A.cards.spooked_spaces)])
            self.bd[p][B_FINAL], self.bd[p][B_PROPHECY], self.bd[p][B_ARCH] = g, pr, ar
            score = pl.juice + g + pr + ar
            scores.append(score)
            fg = sum(1 for x in pl.grunts if x.pos == self.S)
            finals.append(fg)
            self.seat(p, S_FINAL_GRUNTS, fg)
            self.seat(p, S_MALICE_END, pl.malice)
            self.seat(p, S_GRUNTS, len(pl.grunts))
            self.say(f"  {self.names[p]}: Spider Jack dice {pl.sj}, {trimmed} dice trimmed to "
                     f"the box; " + ", ".join(f"{BREAKDOWN[b]} {self.bd[p][b]}"
                                              for b in range(N_BREAK))
                     + f" = {score} (Malice {pl.malice}, {fg} Grunts in the final area)")
        if self.dice_in_play() != 6 * A.dice_per_colour:  # trimmed dice are still in the rows
            self.count(C_DICE_BAD)
        if self.mode == SOLO1:
            won = scores[0] >= A.target
            self.say(f"  Solo 1: {scores[0]} against the target {A.target}: "
                     f"{'won' if won else 'not reached'}")
            return scores, [won]
        if self.mode == SOLO2:
            if A.prophecy_bonus == 1:
                # the one player's finished grid (oc, orank) from the loop above
                missed = sj_prophecy_bonus(self.cards, PROPHECY_PLUS_ONE[int(A.prophecy_plus_one)],
                                           self.players[0].prophecy, self.bd[0][B_PROPHECY], oc,
                                           orank, self.players[0].sj)
                self.sj_score += missed
                self.say(f"  Spider Jack gains the {missed} Prophecy points you missed")
            won = scores[0] > self.sj_score
            if not won:
                self.count(C_SJ_WINS)
            self.say(f"  Spider Jack {self.sj_score}, you {scores[0]}: "
                     f"{'you win' if won else 'Spider Jack wins'}")
            return scores, [won]
        top = max(scores)
        tied = [p for p in range(P) if scores[p] == top]
        if len(tied) > 1:
            self.count(C_TIEBREAK)
        best = max((finals[p], self.players[p].malice) for p in tied)
        winners = [p in tied and (finals[p], self.players[p].malice) == best for p in range(P)]
        if sum(winners) > 1:
            self.count(C_SHARED)
        self.say("Winner" + ("s" if sum(winners) > 1 else "") + ": "
                 + ", ".join(self.names[p] for p in range(P) if winners[p]))
        return scores, winners

    # ------------------------------------------------------------------ the game's records
    def record(self, scores, winners):
        """Add this game's counters, per-seat counters, score by source, draft statistics and
        score histograms to ``agg``."""
        if self.mode == SOLO1:
            end = E_TARGET_MET if winners[0] else E_TARGET_MISSED
        elif self.mode == SOLO2:
            end = E_BEAT if winners[0] else E_LOST
        else:
            end = E_LAST_ROUND
        record_game(self.agg, self.ev, self.sev, self.bd, self.picks, self.A.rounds, scores,
                    winners, self.ch, end, BREAKDOWN)
        if self.mode == SOLO2:
            self.agg.sj_hist[min(max(self.sj_score, 0), SCORE_BINS - 1)] += 1
