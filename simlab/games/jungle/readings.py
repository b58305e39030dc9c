"""Jungle Rumble: the readings catalogue (``simlab readings jungle``).

Every place where the code chooses what the rulebook (``shared/rules/jungle-rumble.txt``) does
not settle, with the sentence it reads, the default, the alternatives and why; and the component
data the rulebook does not print (``assumed``, with the file that holds it). Settable readings
are rule options of :class:`~simlab.games.jungle.rules.JungleRules`; ``fixed`` ones are hard-coded
in both engines today (``nb.py`` and ``reference.py``), listed so a designer knows they are there.
The module docstring of ``rules.py`` describes the same choices in prose.
"""

from __future__ import annotations

from simlab.core.readings import Reading
from simlab.games.jungle.data import CONSTRAINTS

RULES_FILE = "simlab/games/jungle/rules.py"

READINGS: list[Reading] = [
    # ------------------------------------------------------------------ rule options
    Reading(
        name="start_food",
        rule="Each player starts, in his personal supply, with: 2 kitten tiles corresponding "
             "to his personal board (family), 2 field tiles, and 1 irrigation stick.",
        default=0,
        alternatives=(1, 2, 4),
        why="The start supply lists no food, so players start with none (their two irrigated "
            "fields cover 2 of the 4 food their kittens need; the first turn must find food).",
    ),
    Reading(
        name="start_from_supply",
        rule="For 4 players, take 30 field tiles and 28 irrigation sticks. Put the remaining "
             "elements aside, they may be used at the end of the game. ... Each player starts, "
             "in his personal supply, with: 2 kitten tiles corresponding to his personal board "
             "(family), 2 field tiles, and 1 irrigation stick.",
        default=True,
        alternatives=(False,),
        why="The box holds 34 field tiles and 32 irrigation sticks. With 4 players, 30 fields "
            "on the board and 8 start fields would need 38 (the box has 34), and 28 + 4 sticks "
            "would leave none set aside, yet the rulebook uses the set-aside pieces after the "
            "last one is taken. So the start pieces come out of the counted pieces: the board "
            "holds 18/19/22 fields and 20/22/24 sticks for 2/3/4 players. False: the counts "
            "are the board supply and the start pieces come from elsewhere.",
    ),
    Reading(
        name="merchant_kind_at",
        rule="A merchant may sell only one type of merchandise until the end of the game. This "
             "means a merchant that trades with gold will not be able to accept anything other "
             "than gold for the rest of the game",
        default="first_sale",
        alternatives=("recruit",),
        why="The rulebook fixes what a merchant trades by what it trades: the first unit it "
            "takes (\"a merchant that trades with gold\"). At hiring it only asks worker or "
            "merchant. recruit: the kind is chosen together with the role (one decision per "
            "recruit; a bot that waits loses little).",
    ),
    Reading(
        name="grid",
        rule="One field tile must be placed adjacent orthogonally to another field tile and can "
             "no longer be moved once positioned.",
        default=11,
        alternatives=(7, 15, 31),
        why="The rulebook puts no bound on a player's fields; the engines keep them on a square "
            "table of this side, the start in the middle. 11 hardly ever binds: against a "
            "table of 31, 0.01% of games change with the default mixed line-up (greedy, "
            "farmer, trader, breeder; 11.9 rounds a game), 0.01-0.02% with 3 or 4 greedy, none "
            "with 2 farmers, 0.7% with 2 random bots (32 rounds a game), win shares equal within "
            "0.01 point (20,000 games, seed 1, each line-up).",
        assumed=True,
    ),
    # ------------------------------------------------------------------ the box's limits
    Reading(
        name="food_limit",
        rule="36 food tokens (worth 1, 2 and 5 units) ... Place food tokens of 1, 2 and 5 "
             "units, and gold coins near the scoring board. If, at any moment during the game, "
             "you run out of gold coins, you can improvise money using the food tokens. "
             "Although some other resources used in a game are limited by the number of "
             "players: ... For 4 players, take 30 field tiles and 28 irrigation sticks.",
        default=0,
        alternatives=(96, 41, 173),
        why="0 = unlimited. The box's food is 36 tokens of 1, 2 and 5 units, but the split is "
            "not printed: 41 to 173 units (96 if 12 of each, an assumption); and the rulebook "
            "names fields and sticks as the limited resources, improvising money when coins "
            "run out. It is silent on an empty food reserve; with a limit the engines read: a "
            "take gets what is left (the food action, +1 food at the wake-up or a pass, a fired "
            "kitten's 3, the unchosen tiles' food in tile order), a food action offers no more "
            "kittens than the fewest whose yield reaches what is left, paid food and a fired "
            "merchant's goods go back, the end's food for awake kittens is a valuation (no "
            "take). Measured against unlimited (20,000 games, seed 1): at 96, 12.7% of 4-greedy "
            "games change (win shares within 0.1 point), 1.4% of 3-greedy games, 2.3% with the "
            "default mixed line-up (greedy, farmer, trader, breeder); at 41 every game of 3 or 4 "
            "greedy changes, scores fall by 6 (3 greedy) to 10 points (4 greedy), and 93.9% of "
            "the mixed line-up's games: farmer gains 1.6 points of win share, greedy 1.1, "
            "breeder loses 2.0, trader 0.7.",
    ),
    Reading(
        name="gold_limit",
        rule="20 gold coin tokens ... If, at any moment during the game, you run out of gold "
             "coins, you can improvise money using the food tokens.",
        default=20,
        alternatives=(0, 10, 40),
        why="The box's 20 coins (0 = unlimited). Beyond them gold is improvised from food "
            "tokens (improvise_gold), so while food is unlimited (food_limit = 0) 20 plays as "
            "unlimited: the default games are those of unlimited gold. Coins in play: the "
            "mixed line-up (greedy, farmer, trader, breeder) improvises 6.3 coins a game, 4 "
            "greedy 0.1, 3 greedy 0.002 (20,000 games, seed 1).",
    ),
    Reading(
        name="improvise_gold",
        rule="If, at any moment during the game, you run out of gold coins, you can improvise "
             "money using the food tokens.",
        default=True,
        alternatives=(False,),
        why="The rulebook's own answer to running out of coins. Each improvised coin takes one "
            "food unit out of the food reserve while it is in play (it matters only with a "
            "food_limit); a payment gives improvised coins back first, their food to the food "
            "reserve. False: no gold once the box's coins are out (a gold action offers no "
            "more kittens than coins left); measured (20,000 games, seed 1): with the default "
            "mixed line-up 80.4% of games change, farmer +1.4 points of win share (45.8% -> "
            "47.2%, +-0.1), breeder -1.5, greedy +0.3, trader -0.2; 3.4% of 4-greedy games and "
            "0.3% of 3-greedy games change, shares within 0.03 point.",
    ),
    Reading(
        name="penalty_limit",
        rule="5 penalty tokens ... For each kitten that he does not feed, the player takes a "
             "penalty token \"-3 points\".",
        default=0,
        alternatives=(5,),
        why="0 = unlimited: the rulebook limits fields and sticks only (and improvises coins), "
            "and says nothing of the sixth unfed kitten, which a limit must read anew. With a "
            "limit the engines read the feeding's \"two choices\" as one once the tokens are "
            "out: a kitten that cannot be fed is fired (a sleeping worker first, then an awake "
            "one, then the merchant with fewest goods), and no more kittens go unfed by choice "
            "than there are tokens left. Measured at 5 (20,000 games, seed 1): 1.1% of games "
            "change with the default mixed line-up (greedy, farmer, trader, breeder), 0.2% with "
            "4 greedy, 0.4% with 3 greedy, win shares equal within 0.01 point; random bots "
            "(about 30 penalties a game) are another matter.",
    ),
    Reading(
        name="set_aside",
        rule="Put the remaining elements aside, they may be used at the end of the game. ... "
             "Note that the number of field tiles and irrigation sticks is not limited. When a "
             "player takes the last item, the other players always have the opportunity to "
             "follow that action and take more items. In this case, use the field tiles and "
             "irrigation sticks set aside at the beginning of the game.",
        default="unlimited",
        alternatives=("box",),
        why="The rulebook says the pieces are not limited. box: the box's 34 fields and 32 "
            "sticks less the counts taken (4 of each set aside at 4 players, 9 and 7 at 3, 12 "
            "and 10 at 2); once they are out an action takes no more pieces than are left. "
            "Measured (20,000 games, seed 1): it changes 0.04% of games with the default mixed "
            "line-up (greedy, farmer, trader, breeder), under 0.05% with 3 or 4 greedy.",
    ),
    # ------------------------------------------------------------------ component data
    Reading(
        name="variant_tiles",
        rule="In this scenario, there are 2 different actions pictured on each action tile. "
             "Each of the actions is therefore present on 2 different action tiles.",
        default="5 tiles, the cycle food+irrigation, irrigation+gold, gold+recruit, "
                "recruit+fields, fields+food",
        alternatives=("--set variant_tiles=food+gold,gold+irrigation,... (5 pairs)",
                      "rules.variant_tiles = [...] in a scenario file",
                      "simlab data jungle export DIR: action_tiles.toml, checked against the "
                      "rulebook by simlab data jungle check DIR"),
        why="The pairs are pictured, not printed; a cycle puts every action on exactly two "
            "tiles, each time with a different partner (shared rules README). Used only with "
            "variant=true. The rulebook allows 22 distinct pairings (tiles and the two sides "
            "of a tile unordered; two identical tiles are not forbidden): 12 single cycles "
            "through the five actions, the default among them, and 10 with a triangle of three "
            "actions and two identical tiles; the generator variant_tiles (data.py) draws them "
            "(seeds 1-22: each once). Measured over the 22 (variant, 4 players, the default "
            "mixed line-up greedy, farmer, trader, breeder in seats 1-4, 10,000 games each, "
            "seed 1): greedy wins 13.7-53.6% (median 44.1, default 48.0), farmer 22.0-67.9% "
            "(39.9, 42.5), trader 0.5-23.9% (5.8, 5.5), breeder 0.6-20.5% (7.6, 4.0).",
        assumed=True,
        file=RULES_FILE,
        generator=True,
        constraints=CONSTRAINTS,
    ),
    # ------------------------------------------------------------------ fixed in the engines
    Reading(
        name="follower_food_yield",
        rule="Food: The active player that chooses this action can send 1/2/3/4/5/6 awake "
             "kittens, to take 2/5/8/12/16/20 food units.",
        default="a follower's one kitten gets the 1-kitten yield (food_yields[0], 2 food)",
        alternatives=("a follower gets its kitten's share of a larger team: food_yields[n] - "
                      "food_yields[n - 1] for the active player's n kittens",
                      "a follower gets 1 food"),
        why="A follower sends exactly one kitten, and the table gives what one kitten gathers "
            "(shared rules README).",
        fixed=True,
    ),
    Reading(
        name="free_wake_always_taken",
        rule="If only one of his kittens is asleep, he can wake him up for free.",
        default="a free wake-up is always taken (the one sleeper at the wake-up phase; a "
                "sleeper when passing)",
        alternatives=("the player may leave the sleeper asleep",),
        why="Waking for free is never worse: an awake worker can work, and when all kittens "
            "are awake a pass or the next wake-up gives +1 food instead.",
        fixed=True,
    ),
    Reading(
        name="sold_goods_order",
        rule="If the player has several merchants, each one of them can receive only one unit "
             "of merchandise (1 food or 1 gold coin).",
        default="the player chooses how many units of a kind to sell; they go to its merchants "
                "of that kind in recruitment order",
        alternatives=("to the merchants of the kind with fewest goods first",
                      "the player chooses the merchant of each unit"),
        why="Which merchant holds a unit matters only if that merchant is fired or taken later "
            "(its goods are lost); recruitment order is the simplest rule both engines share.",
        fixed=True,
    ),
    Reading(
        name="send_needs_capacity",
        rule="For each kitten sent, player must spend 1 gold to recruit a new kitten.",
        default="an active player sends at most as many kittens as the action can use (gold "
                "for recruits, free edges for sticks, free table cells for fields); a follower "
                "needs an awake worker and room for one unit, else it passes",
        alternatives=("kittens may be sent to no effect (they only fall asleep)",),
        why="A kitten sent to no effect only falls asleep; passing (a free wake-up or +1 food) "
            "is always better, so the engines do not offer it.",
        fixed=True,
    ),
    Reading(
        name="stick_edge",
        rule="An irrigation can only be placed by a non-irrigated edge of one, or two, fields "
             "and can not be moved once positioned.",
        default="any edge of one of the player's fields without a stick (an edge takes one "
                "stick), also next to a field already irrigated",
        alternatives=("only edges touching a field that is not yet irrigated",),
        why="\"Non-irrigated edge\" reads as an edge without a stick: the rulebook adds that "
            "irrigating the same field several times grants extra victory points.",
        fixed=True,
    ),
    Reading(
        name="variant_tile_blocked",
        rule="This action will not be able to be chosen by the other players during this "
             "round.",
        default="the chosen tile (both its actions) is taken for the round; the same action on "
                "another tile stays available",
        alternatives=("the action chosen is blocked on every tile for the round",),
        why="The active player \"takes\" the tile in front of him; in the normal game tile and "
            "action are the same thing, and in the variant the tile is what is taken.",
        fixed=True,
    ),
    Reading(
        name="fire_when_short",
        rule="If a player can't or doesn't want to feed a kitten, two choices are available to "
             "him:",
        default="a player chooses how many kittens go unfed (penalties), at least those its "
                "food cannot feed; firing is offered only when short of food",
        alternatives=("a player may also fire kittens when it has the food",),
        why="Keeping a kitten unfed is a choice the bots make (the evaluation bots when 2 food "
            "are worth more to them than the -3 penalty; random uniformly). Firing a kitten "
            "one could feed trades 3 points for 3 food plus its saved ration; it is offered "
            "when short, where it matters.",
        fixed=True,
    ),
    Reading(
        name="unfed_kittens",
        rule="For each kitten that he does not feed, the player takes a penalty token "
             "\"-3 points\".",
        default="unfed kittens = ceil(shortfall / 2); food is spent on whole rations only, the "
                "rest stays in the reserve",
        alternatives=("all food is spent, then ceil(rest / 2) penalties",
                      "unfed kittens = floor(shortfall / 2) (a part-fed kitten counts as fed)"),
        why="A kitten is fed with its 2 food or not at all; the saving of irrigated fields "
            "lowers the total need first, as the rulebook's example computes it.",
        fixed=True,
    ),
    Reading(
        name="fired_tile_family",
        rule="In this case, the kitten tile is put back into the reserve, the player takes 3 "
             "units of food from the reserve that can be used to feed his remaining kittens.",
        default="the tile returns to its family's reserve; a player gives up tiles of its own "
                "family first, else of the lowest-numbered other family",
        alternatives=("the player chooses which family's tile goes", "drawn at random"),
        why="Foreign tiles come only from taking kittens, which ends the game with the round, "
            "so the choice almost never matters; a fixed order keeps both engines simple.",
        fixed=True,
    ),
    Reading(
        name="victim_choice",
        rule="A player may only take the opponent's kittens if the reserve of his kittens is "
             "empty, that is, he already has his 6 kittens in play and must recruit a seventh "
             "one, or more.",
        default="the recruiter chooses the opponent (any with a kitten), for each recruit",
        alternatives=("the opponent with the largest family", "the next opponent clockwise"),
        why="The rulebook names no victim, so it is the recruiter's choice (a bot decision).",
        fixed=True,
    ),
    Reading(
        name="kitten_given_up",
        rule="A player takes the other player's kitten(s) with the \"recruiting\" action.",
        default="the victim gives up a sleeping worker, else an awake worker, else the merchant "
                "with fewest goods (the first recruited of equals; goods back to the reserve); "
                "the recruiter then chooses its role anew",
        alternatives=("the recruiter chooses the kitten", "the victim chooses the kitten"),
        why="The victim gives up what it misses least; a taken kitten is a recruit, so it "
            "becomes a worker or merchant at once like any other.",
        fixed=True,
    ),
    Reading(
        name="no_workers_end",
        rule="The game ends when one of the following tree [sic] conditions are met:",
        default="when no player has a worker left the game ends with that round (end reason "
                "no_workers)",
        alternatives=("play on to the round bound max_rounds",),
        why="Merchants are never sent and recruiting needs a worker, so no piece can ever be "
            "taken again and none of the three end conditions can come.",
        fixed=True,
    ),
    Reading(
        name="end_food_merchants",
        rule="Each awake kitten at the end of the game is worth 1 unit of food to the player "
             "who controls it.",
        default="awake workers and merchants (which are always awake) give 1 food each",
        alternatives=("only awake workers give food",),
        why="Merchants are placed on their awake side and never sleep, so they are awake "
            "kittens.",
        fixed=True,
    ),
    Reading(
        name="stick_points_at_end",
        rule="Each irrigation stick yields 1 or 2 points, depending on whether it irrigates 1 "
             "or 2 fields.",
        default="counted at the end: 2 when fields lie on both sides of its edge then, else 1",
        alternatives=("counted when placed (a later field beside an outer stick adds nothing)",),
        why="Scoring happens at the end of the game, and a field placed next to a stick is "
            "irrigated by it at once, so the stick irrigates both.",
        fixed=True,
    ),
    Reading(
        name="tied_winners",
        rule="The player with the highest score at the end, wins the game and becomes the new "
             "mayor of Meowtopia!",
        default="tied top scores share the victory",
        alternatives=("a tie-break (most kittens, then most gold)",),
        why="The rulebook gives no tie-break.",
        fixed=True,
    ),
]
