"""Monkey Fun: the readings catalogue (``simlab readings monkey``).

Every place where the engines (``nb.py``, ``reference.py``) choose a reading the rulebook
(``shared/rules/monkey-fun.txt``) does not settle, and every piece of component data the rulebook
does not print. The entries marked ``fixed`` are hard-coded in both engines today (listed so that
a designer knows they are there); ``layout``, ``board_side``, ``field_one_corner``,
``owner_may_place`` and ``tie_break`` are rule options; ``board`` and ``deck`` are assumed
component data held in ``rules.py``.

A measured size quoted here names the bots it was measured with (and the games and seed): a
reading's effect is a property of the rules *and* the players.
"""

from __future__ import annotations

from simlab.core.readings import Reading
from simlab.games.monkey.data import BOARD_CONSTRAINTS, DECK_CONSTRAINTS

RULES_PY = "simlab/games/monkey/rules.py"

READINGS: list[Reading] = [
    # ------------------------------------------------------------------ component data
    Reading(
        name="board",
        rule="The fields of the square should lie in the middle of the board. ... Example: You "
             "place your last monkey on field 31 and thereby complete the square. However, you "
             "have built one minus tower on field 17 and one on field 3. ... Try to finish the "
             "game with as high a total score as possible (maximum: 36).",
        default="6x6 fields 1..36, layout=mixed (MIXED_BOARD, row by row: 29 19 13 7 15 28 / "
                "5 32 18 33 23 1 / 24 12 3 14 31 27 / 25 6 22 36 10 11 / 20 16 21 17 2 35 / "
                "8 26 34 4 30 9), its first side (board_side: the second side is "
                "SECOND_BOARD)",
        alternatives=("--set layout=shuffled --set layout_seed=N (a random board the rulebook "
                      "allows: 3, 17, 31 and 36 in the inner square)",
                      "--set board=N1,N2,...,N36 (any arrangement, row by row: a printed side)",
                      "simlab data monkey export DIR, type the printed side into DIR/board.toml "
                      "(checked: 6 rows of 6, each of 1..36 once), then --data DIR or a "
                      "scenario's data = \"DIR\"",
                      "--set layout=spiral or layout=row-major (stress layouts that break the "
                      "rulebook; a warning says so)"),
        why="The printed board is not in the rulebook, but the solo variant pins four fields "
            "to the inner 4x4 square: its example completes the square on 31 with minus towers "
            "on 17 and 3, and its maximum of 36 needs 36 there. The shading remark (\"the "
            "darker the field, the higher the number\") suits a board where neighbours differ. "
            "MIXED_BOARD has those four fields inside and scattered numbers: every row and "
            "column sums to 110-112, the inner square to 296 (the averages), no two of 1..9 "
            "or of 28..36 side by side, so no region is easier than another. A board breaking "
            "the rulebook plays with a warning (on stderr and in the report). MIXED_BOARD is "
            "one choice among the boards the rulebook allows, and its balance is a constraint "
            "the rulebook does not state: the generator board (data.py; seeds 1, 2, ...: the "
            "shuffled layout of that seed) draws the others uniformly, keeping exactly the "
            "constraints listed. Measured with the solo bot (20,000 games each, seed 1): "
            "MIXED_BOARD 9.9% success; over generated boards 1..30 median 6.4%, range "
            "1.0-26.4%, quartiles 3.9-12.1%; MIXED_BOARD above 20 of the 30 (the 67th "
            "percentile).",
        assumed=True,
        file=RULES_PY,
        generator=True,
        constraints=BOARD_CONSTRAINTS,
    ),
    Reading(
        name="deck",
        rule="55 cards ... If you cannot place a monkey with any of your hand cards, even with a "
             "combination of several hand cards, do the following: - Place all your hand cards "
             "on the discard pile. - Return 1 of your monkeys to the box. - Draw 4 new cards.",
        default="55 cards: v copies of value v for v = 1..10 (DEFAULT_DECK = 1,2,...,10; "
                "--set deck=rising); under it the no-play rule can fire (a hand of four 10s "
                "with 10, 20 and 30 owned by others) but did not in 20,000 games (seed 1) of "
                "each of 4 greedy, 2 greedy, the default mixed line-up and solo, nor in 4,000 "
                "of 4 random",
        alternatives=("--set deck=falling (11 - v copies of value v: 10 ones ... one 10, 55 "
                      "cards, as consistent with the rulebook: 10 + 1 make 11, and 3, 17, 31 "
                      "and 36 = 10 + 9 + 9 + 8 can be named): the no-play rule fires 0.25 "
                      "times a game with 4 greedy, 0.005 with the default mixed line-up, "
                      "never with 2 greedy (20,000 games, seed 1); rows end 17% of 4-greedy "
                      "games (86% with the default deck), the solo bot never completes the "
                      "square",
                      "--set deck=C1,C2,...,Ck (copies of value 1, 2, ..., k; up to value 36)",
                      "simlab data monkey export DIR, type the real cards into DIR/deck.toml "
                      "(checked: 55 cards), then --data DIR or a scenario's data = \"DIR\""),
        why="1 + 2 + ... + 10 = 55 matches the printed card count, and values up to 10 let "
            "1-4 cards name every field 1..36 (the shared README's assumption). The rulebook's "
            "no-play rule says hands without a play exist; the default deck makes them so rare "
            "that the rule plays no part in the figures, so the falling deck is named as the "
            "alternative under which it does (tests/monkey/test_readings_monkey.py plays it). "
            "The generator deck (data.py) draws other decks the rulebook allows: a largest "
            "value M uniform in 1..36, the 55 values uniform up to M, kept when every listed "
            "constraint holds (that prior is the generator's choice, not the rulebook's). "
            "Measured over decks 1..30 (seed 1): the solo bot succeeds 0-60% (median 17.3%, "
            "20,000 games each; 9.9% with the default deck); with 4 greedy the no-play rule "
            "fires under 16 of them (up to 0.22 hands a game) and seat 1 wins 25.9-33.3% "
            "(4,000 games each).",
        assumed=True,
        file=RULES_PY,
        generator=True,
        constraints=DECK_CONSTRAINTS,
    ),
    # ------------------------------------------------------------------ rule options
    Reading(
        name="layout",
        rule="Place the game board on the table with a side of your choice. For your first "
             "game, use the board side marked with a \"1\" in one corner.",
        default="mixed",
        alternatives=("shuffled", "spiral", "row-major"),
        why="The named generator of the board when no explicit board is given: mixed is the "
            "assumed printed side (see board); shuffled draws other boards the rulebook allows "
            "(layout_seed), to tell how much the arrangement matters; spiral (inner square "
            "21..36) and row-major (1..36 row by row) are stress layouts that break the "
            "rulebook's solo example and are warned about.",
        assumed=True,
    ),
    Reading(
        name="board_side",
        rule="Place the game board on the table with a side of your choice. For your first "
             "game, use the board side marked with a \"1\" in one corner. ... 1 game board "
             "(double-sided)",
        default="first",
        alternatives=("second",),
        why="The board has two sides and the rulebook prints neither; the first-game side is "
            "the assumed MIXED_BOARD. The second side is assumed too: SECOND_BOARD, draw 2 of "
            "the rulebook-consistent board generator (3, 17, 31 and 36 inside, nothing else "
            "assumed; its rows sum to 80..129 where MIXED_BOARD's are balanced at 110..112). "
            "A side of the mixed layout only (other layouts and an explicit board have no "
            "second side: such a setting is reported as changing nothing). Measured (20,000 "
            "games, seed 1): the solo bot succeeds 21.3% on the second side against 9.9% on "
            "the first; 4 greedy: seat 1 wins 30.4% (28.8% on the first side), rows end 84% "
            "of games (86%).",
        assumed=True,
    ),
    Reading(
        name="field_one_corner",
        rule="For your first game, use the board side marked with a \"1\" in one corner.",
        default=False,
        alternatives=(True,),
        why="False: the \"1\" is a mark printed on the first-game side (side 1), saying "
            "nothing of where the fields lie. True: the mark is field 1, so the first side has "
            "field 1 in a corner: the mixed first side becomes MIXED_BOARD_CORNER (field 1 "
            "swapped with the corner field 28 above it, the smallest change), shuffled boards "
            "put 1 on a random corner, and an explicit board with 1 elsewhere is warned about. "
            "Measured (20,000 games, seed 1): 4 greedy, seat 1 wins 29.2% (28.8% when False); "
            "2 greedy 56.9% (56.7%); the default mixed line-up 52.0% (51.6%); solo unchanged "
            "(both cells are edge fields, which the solo variant does not play).",
    ),
    Reading(
        name="owner_may_place",
        rule="No other person may place any more monkeys on this field. ... take 2 of your "
             "monkeys and push them into the middle of the field. Return all other monkeys "
             "that were on this field to the box",
        default=True,
        alternatives=(False,),
        why="Only \"other\" persons are forbidden, so the owner may still play cards naming "
            "its field; \"take 2 of your monkeys\" and \"all other monkeys\" go to the box "
            "fixes the owner's count at 2, so the new monkey goes straight to the box (such a "
            "play is a placement, not a hand without playable cards). False: an owned field "
            "is closed to everyone, the owner included. Either way the random bot plays such "
            "a field only when it has no other play, and the report counts voluntary and "
            "forced boxing apart.",
    ),
    Reading(
        name="tie_break",
        rule="The player with the highest total wins. If there is a tie, the player who owns "
             "the field with the highest number wins.",
        default="majority",
        alternatives=("owned",),
        why="majority: at the end every field left holds one player's monkeys (the final "
            "scoring removes the rest), and the tied player holding the highest-numbered of "
            "them wins. owned: \"owns\" as in \"that field belongs to you permanently\", "
            "only fields owned by the 2-more rule count. Still tied (no such field, or equal): "
            "a shared win.",
    ),
    # ------------------------------------------------------------------ hard-coded readings
    Reading(
        name="majority",
        rule="you must have the majority of monkeys on each of these fields, i.e. you must "
             "have the most monkeys on every one of these fields.",
        default="strictly more monkeys than every other player on the field; an owned field "
                "counts as its owner's majority",
        alternatives=("a tie for the most monkeys also counts as majority for each tied player",),
        why="\"The most monkeys\" names one player; the final scoring removes tied top counts, "
            "so a tie is no majority there either (shared README).",
        fixed=True,
    ),
    Reading(
        name="ownership_margin",
        rule="As soon as you have 2 monkeys more than all other players on a field, that field "
             "belongs to you permanently.",
        default="at least 2 more monkeys than each other player there (checked right after "
                "each placement, for the placing player)",
        alternatives=("at least 2 more than all other players' monkeys there together",
                      "exactly 2 more (a larger lead does not make it owned)"),
        why="\"2 monkeys more than all other players\" read player by player, as the example "
            "(Blue has 2 monkeys more than all other players) and the shared README read it; "
            "only a placement changes the counts, so it is checked then.",
        fixed=True,
    ),
    Reading(
        name="unplayable_hand_boxes_from_supply",
        rule="If you cannot place a monkey with any of your hand cards, even with a combination "
             "of several hand cards, do the following: - Place all your hand cards on the "
             "discard pile. - Return 1 of your monkeys to the box. - Draw 4 new cards.",
        default="the boxed monkey comes from the player's supply (the ones in front of them)",
        alternatives=("the player boxes one of their monkeys from the board (their choice)",),
        why="\"Your monkeys\" are the 20 in front of each player at setup; boxing one is the "
            "price of a lost turn, and a player with no monkey on the board could not pay the "
            "other reading.",
        fixed=True,
    ),
    Reading(
        name="end_when_supplies_empty",
        rule="If no player manages to form such a row, the game ends when all players have "
             "placed all their 20 monkeys on the board.",
        default="boxed monkeys are gone: a player with no monkeys left in supply is skipped, "
                "and the game ends when no player has a monkey left to place",
        alternatives=("the game ends as soon as one player has no monkeys left to place",
                      "boxed monkeys return to the supply (a player places 20 in all)"),
        why="Monkeys returned to the box are \"not back in front of you\", so not every player "
            "can place all 20; the shared README reads the end as the end of the supplies.",
        fixed=True,
    ),
    Reading(
        name="win_check_after_placement",
        rule="The game ends immediately when a player has the majority of monkeys on 4 fields "
             "that form a row horizontally, vertically or diagonally.",
        default="checked right after each placement (ownership resolved first), before the "
                "player draws; only the placing player can complete a row",
        alternatives=("checked at the end of the turn, after drawing (same outcome today)",),
        why="\"Immediately\": the placement is the only step that changes majorities, and a "
            "placement can only add majorities of the placing player (shared README).",
        fixed=True,
    ),
    Reading(
        name="score_on_row_win",
        rule="The game ends immediately when a player has the majority of monkeys on 4 fields "
             "that form a row ... Now add up the numbers of all fields on which each player "
             "still has monkeys.",
        default="a game ended by a row still reports each player's final-scoring points "
                "(minority removal and field sums) as the score; the row wins whatever the "
                "points",
        alternatives=("score 0 for every player in a game ended by a row",),
        why="The rulebook scores only games that run out of monkeys; reporting the points also "
            "after a row keeps score statistics comparable, and the winner is the row's player.",
        fixed=True,
    ),
    Reading(
        name="reshuffle_when_needed",
        rule="If the draw pile has run out, shuffle the discard pile and place it as the new "
             "draw pile.",
        default="an empty draw pile is refilled from the whole discard pile when a card is "
                "next needed (so the cards just played are in it); the deal is one hand at a "
                "time from seat 1",
        alternatives=("reshuffle the moment the last card is drawn (the next play's cards are "
                      "not in the new pile)",),
        why="The sentence sits in step 3 (draw cards), after the played cards went onto the "
            "discard pile; the deal order does not change the distribution of hands.",
        fixed=True,
    ),
    Reading(
        name="first_player_seat_1",
        rule="Decide who starts the game and takes the first turn.",
        default="seat 1 starts; play passes clockwise (seat 1, 2, ...)",
        alternatives=("a random first player each game",),
        why="Seat order is the line-up's order, so the first player's advantage shows as seat "
            "1's figures (rotate the line-up to spread it).",
        fixed=True,
    ),
    Reading(
        name="solo_no_ownership",
        rule="As soon as you have 2 monkeys more than all other players on a field, that field "
             "belongs to you permanently. ... You may place several monkeys on a minus tower, "
             "but at most 5 monkeys in total on one field.",
        default="no ownership in the solo variant: a second monkey on a field makes a minus "
                "tower and stays there",
        alternatives=("ownership applies solo too (2 monkeys on a field make it owned)",),
        why="Ownership needs other players, and the solo text (the second sentence) lets towers "
            "grow to 5 monkeys, "
            "which ownership (keep exactly 2) would forbid.",
        fixed=True,
    ),
    Reading(
        name="solo_towers_count_fields",
        rule="You may build at most 4 minus towers. You may place several monkeys on a minus "
             "tower, but at most 5 monkeys in total on one field.",
        default="the limit counts tower fields (solo_max_towers = 4); raising an existing "
                "tower (up to solo_max_per_field = 5 monkeys) is always allowed",
        alternatives=("every monkey placed on a tower counts against the limit of 4",),
        why="\"Several monkeys on a minus tower\" makes a tower a field, not a monkey; the "
            "limits themselves are rule options.",
        fixed=True,
    ),
    Reading(
        name="solo_tower_points_once",
        rule="The numbers of your minus-tower fields are added together at the end of the game "
             "and count as minus points.",
        default="each tower field's number is deducted once, however tall the tower",
        alternatives=("deducted once per extra monkey on the tower",),
        why="The rulebook adds up the numbers of the tower fields (its example: towers on 17 "
            "and 3 deduct 20).",
        fixed=True,
    ),
    Reading(
        name="solo_early_square_loses",
        rule="You win if you occupy all fields of the square in the 16th to 20th round.",
        default="completing the square before round solo_min_round ends the game as a loss "
                "(impossible with the defaults: 16 fields need 16 rounds)",
        alternatives=("an early square wins", "an early square waits for round "
                      "solo_min_round (further monkeys go on towers)"),
        why="A literal reading of \"in the 16th to 20th round\"; it matters only when "
            "solo_min_round is raised above 16.",
        fixed=True,
    ),
]
