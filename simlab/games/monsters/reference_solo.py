"""The reference engine's solo rules: the Spider Jack automaton.

Solo 1 and 2: he drafts by the face-up solo card's symbols (colour, then highest or lowest rank,
then closest to the front of the car; the 4th die is simply his). Solo 1: at the end of each
Spook phase the rightmost Ghost and Arch Monster are discarded (twice without a purchase).
Solo 2: his deck and Court by a random die's colour (difficulty: more Grunts and Ghosts in his
Court), his scoring of 3 of his 4 dice with the matching Court, and his single purchase by his
un-scored die in the Spook phase. His final Prophecy bonus (difficulty) is in ``reference_end``.

Mixed into :class:`~simlab.games.monsters.reference.ReferenceGame` (see ``reference_base``).
"""

from __future__ import annotations

from simlab.core.rng import randint
from simlab.games.monsters.actions import COLOURS, GHOST_COLOURS, MULTI
from simlab.games.monsters.reference_base import MARKET, ReferenceBase
from simlab.games.monsters.state import (
    C_SJ_DICE_SCORED,
    C_SJ_GHOSTS,
    C_SJ_POINTS,
    C_SOLO_DISCARD_A,
    C_SOLO_DISCARD_G,
)


class SpiderJack(ReferenceBase):
    """The solo automaton (his hand ``sj_dice``, ``unscored`` die, deck, Court and score)."""

    # ------------------------------------------------------------------ his draft (solo 1 and 2)
    def solo_draft(self):
        """Solo (1 and 2): the player picks, then the automaton picks from the other Fearmobile
        by the face-up card's symbol (the 4th die is simply his), and the Fearmobiles switch."""
        card = self.deck[self.round - 1]
        syms = [(int(self.A.card_col[card, i]), int(self.A.card_high[card, i]))
                for i in range(3)]
        self.say("  Spider Jack's card: " + " / ".join(
            f"{'white' if c < 0 else COLOURS[c]} {'highest' if h else 'lowest'}"
            for c, h in syms))
        self.sj_dice = []
        for step in range(4):
            f = step % 2
            self.say(f"  Draft, pick {step + 1}:")
            self.player_pick(0, f, step)
            car = self.fearmobiles[1 - f]
            k = self.sj_pick(car, syms[step]) if step < 3 else \
                next(i for i in range(4) if car[i] is not None)
            self.sj_dice.append(car[k])
            self.say(f"    Spider Jack takes {self.die_text(*car[k])} from Fearmobile {2 - f}")
            car[k] = None

    def sj_pick(self, car: list, symbol) -> int:
        """The symbol's colour (white, or none of it in the car: any colour), then the highest
        or lowest rank, then closest to the front of the car (position 0)."""
        want, high = symbol
        dice = [(k, d) for k, d in enumerate(car) if d is not None]
        if any(d[0] == want for _, d in dice):
            dice = [(k, d) for k, d in dice if d[0] == want]
        ranks = [self.rank(*d) for _, d in dice]
        best = max(ranks) if high else min(ranks)
        return next(k for (k, _), r in zip(dice, ranks, strict=True) if r == best)

    # ------------------------------------------------------------------ solo 1: his discards
    def discard_right(self, n: int):
        """Solo 1: discard the rightmost Ghost and Arch Monster n times (refilling)."""
        for _ in range(n):
            k = max((i for i in range(MARKET) if self.gmarket[i] is not None), default=None)
            if k is not None:
                self.say(f"    discarded: {self.ghost_text(self.gmarket[k])}")
                self.gmarket[k] = None
                self.count(C_SOLO_DISCARD_G)
            self.refill(self.gmarket, self.gstack)
            k = max((i for i in range(MARKET) if self.amarket[i] is not None), default=None)
            if k is not None:
                self.say(f"    discarded: {self.arch_text(self.amarket[k])}")
                self.amarket[k] = None
                self.count(C_SOLO_DISCARD_A)
            self.refill(self.amarket, self.adeck)

    # ------------------------------------------------------------------ solo 2: setup
    def setup_spider_jack(self):
        """Solo 2: a random die's colour picks his 10 cards and his Grunt (the die goes back);
        difficulty: extra Grunts of other colours and random Ghosts in his Court."""
        A = self.A
        k = int(randint(self.rng, sum(self.bag)))
        col = 0
        for c in range(6):
            if k < self.bag[c]:
                col = c
                break
            k -= self.bag[c]
        self.deck = [i for i in range(int(A.n_cards)) if A.card_shows[i, col] == 1]
        self.shuffle(self.deck)
        self.court_grunt[col] += 1
        self.supply[col] -= 1
        for _ in range(int(A.court_monsters)):
            options = [c for c in range(6) if self.court_grunt[c] == 0 and self.supply[c] > 0]
            if not options:
                break
            c = options[int(randint(self.rng, len(options)))]
            self.court_grunt[c] += 1
            self.supply[c] -= 1
        ghosts = int(A.court_ghosts)
        if ghosts == 4:  # the +3 modifier: 4 Ghosts in all, or 2 + 4 (court_ghosts_plus3)
            ghosts = int(A.plus3_ghosts)
        for _ in range(ghosts):
            if self.gstack:
                self.court_ghost[int(A.ghost_colour[self.gstack.pop(0)])] += 1
        self.say(f"  Spider Jack's colour is {COLOURS[col]}; his deck has {len(self.deck)} "
                 f"cards; his Court: Grunts "
                 + ", ".join(f"{COLOURS[c]} x{n}" for c, n in enumerate(self.court_grunt) if n)
                 + "; Ghosts " + (", ".join(f"{GHOST_COLOURS[c]} x{n}"
                                            for c, n in enumerate(self.court_ghost) if n) or "none"))

    # ------------------------------------------------------------------ solo 2: his scoring
    def court_points(self, c: int) -> int:
        """His Court's points for colour c (multi-coloured Ghosts: ``multi_ghost_matches``)."""
        A = self.A
        ghosts = self.court_ghost[c] + (self.court_ghost[MULTI] if A.multi_matches else 0)
        return (A.court_die_points * self.court_dice[c]
                + A.court_ghost_points * ghosts
                + A.court_grunt_points * self.court_grunt[c])

    def sj_score_dice(self):
        """Solo 2: he scores 3 of his 4 dice, highest rank first (ties: the die whose matching
        Court would score more, then the earlier pick): the rank, then the die joins his Court
        and he scores the matching Court. The last die stays un-scored."""
        left = list(range(4))
        for _ in range(3):
            def key(k):
                c, f = self.sj_dice[k]
                return (self.rank(c, f), self.court_points(c) + self.A.court_die_points)
            best = max(left, key=key)  # max keeps the first of equal keys
            left.remove(best)
            c, f = self.sj_dice[best]
            self.sj_dice[best] = None  # into his Court
            self.court_dice[c] += 1
            pts = self.rank(c, f) + self.court_points(c)
            self.sj_score += pts
            self.count(C_SJ_POINTS, pts)
            self.count(C_SJ_DICE_SCORED)
            self.say(f"  Spider Jack scores {self.die_text(c, f)}: {self.rank(c, f)} + Court "
                     f"{self.court_points(c)} = {pts} (now {self.sj_score})")
        self.unscored = self.sj_dice[left[0]]  # stays in his hand until the Spook phase ends

    # ------------------------------------------------------------------ solo 2: his Spook phase
    def sj_spook_phase(self):
        """Solo 2: "you always have the opportunity to make the first purchase"; then Spider
        Jack makes a single purchase (:meth:`sj_buy`), then you make any number more. His
        un-scored die goes back to the bag, or (difficulty) into his Court, scored first by
        its rank with ``unscored == 2``."""
        A = self.A
        self.spook_stage, self.spook_passes, self.spook_bought = 0, 0, 0
        self.spook_turn(0)
        self.say(f"    Spider Jack's un-scored die: {self.die_text(*self.unscored)}")
        self.sj_buy()
        self.spook_stage = 1
        self.spook_until_passes(0)
        c, f = self.unscored
        if A.unscored == 0:
            self.to_bag(c)
        else:
            if A.unscored == 2:
                pts = self.rank(c, f)
                self.sj_score += pts
                self.count(C_SJ_POINTS, pts)
                self.say(f"    Spider Jack scores his un-scored die: {pts} (now "
                         f"{self.sj_score})")
            self.court_dice[c] += 1
            self.say("    the un-scored die joins his Court")
        self.unscored = None
        self.sj_dice = []

    def sj_buy(self):
        """Solo 2: he takes the Ghost at the position (counted 1..5 from the right) equal to
        his un-scored die's rank (rank 6: positions #1 and #5), refill; then the Arch Monsters
        at the same positions are discarded, refill."""
        r = self.rank(*self.unscored)
        positions = [1, 5] if r == 6 else [r]
        idx = [MARKET - q for q in positions]
        for k in idx:
            g = self.gmarket[k]
            if g is not None:
                self.court_ghost[int(self.A.ghost_colour[g])] += 1
                self.gmarket[k] = None
                self.count(C_SJ_GHOSTS)
                self.say(f"    Spider Jack takes {self.ghost_text(g)} (position #{MARKET - k}) "
                         f"into his Court")
        self.refill(self.gmarket, self.gstack)
        for k in idx:
            if self.amarket[k] is not None:
                self.say(f"    discarded: {self.arch_text(self.amarket[k])}")
                self.amarket[k] = None
        self.refill(self.amarket, self.adeck)
