"""Attack of the Jelly Monster: the readings catalogue (``simlab readings jelly``).

Every place where the engines choose what the rulebook does not settle, with the sentence it
reads; every number of the real-time model the rulebook does not give; and the component data
the rulebook does not print. Settable entries are rule options of ``rules.JellyRules``.
"""

from __future__ import annotations

from simlab.core.readings import Reading
from simlab.games.jelly.data import FACE_CONSTRAINTS

BOARDS = "simlab/games/jelly/boards.toml"

READINGS = [
    Reading(
        "drone_step",
        "Rotate the city center and the Drone 90 degrees so that each player is facing a "
        "different district.",
        0, (1, 2),
        "The Drone sits on the city center and turns with it, so it keeps pointing at the "
        "same district: scoring starts there every round (what changes is which district "
        "faces each player). 1 reads the Drone as advancing one district a round."),
    Reading(
        "give_each_short",
        "Note: If you do not have enough Jelly to give to the other players, choose who you "
        "give your Jelly to.",
        "bot", ("poorest_first",),
        "The rulebook makes it the giver's choice, so the giver's bot chooses (the built-in "
        "bots pay the weakest player first, so the leader gets least; ties from the game's "
        "random stream). The same choice applies to a player short of jelly for an 'each "
        "player gives you' reward with tied controllers. poorest_first pays the players with "
        "the fewest jelly first."),
    Reading(
        "adjacent_orientation",
        "The arrow indicates which adjacent district you gain the reward from (left or right) "
        "or if you choose the adjacent district (either).",
        "entrance", ("center",),
        "Players sit outside the city, each facing a district from its entrance side, so left "
        "and right are read as a player at the entrance sees them: 'left' is the next district "
        "clockwise. center reads them from the city center looking out (the counter-clockwise "
        "neighbour). Documented in boards.toml."),
    Reading(
        "lock_requires_dice",
        "After placing your last die, you MAY lock down a district by placing your player "
        "screen around the dice placed on that district entrance.",
        True, (False,),
        "A screen is placed 'around the dice' on an entrance, so an entrance without dice "
        "cannot be locked down."),
    Reading(
        "pod_sides",
        "At the end of the game, roll a die for each Jelly-pod you have to determine its "
        "value. The die result is the number of Jelly contained in that Jelly-pod.",
        6, (3, 10),
        "The game's dice are six-sided (shared rules README: a jelly-pod is worth a d6)."),
    Reading(
        "speeds",
        "Each round, players act simultaneously, in no specific turn order.",
        (), ("0.85,1,1,1",),
        "Every player is assumed equally quick (speed 1); a per-seat multiplier (time divided "
        "by it) lets a designer ask how much speed matters.", assumed=True),
    Reading(
        "roll_seconds",
        "Roll all your available dice inside your player screen. ... Either: place one of "
        "your dice on a district entrance. ... OR do not place a die.",
        1.5, (1.0, 2.5),
        "Gathering, rolling and placing a die takes a player about one and a half seconds.",
        assumed=True),
    Reading(
        "think_seconds",
        "Repeat this step until you have placed all your dice:",
        0.5, (0.0, 1.0),
        "Every step needs a moment of decision, whatever is on the table.", assumed=True),
    Reading(
        "weigh_seconds",
        "Repeat this step until you have placed all your dice:",
        0.04, (0.0, 0.1),
        "The decision grows with what a player weighs: each die of the roll on each open "
        "district adds 0.04 s (7 dice on 6 districts: 1.7 s), so a round of 7 dice takes "
        "about 21 s at speed 1 and rolling again costs real time.", assumed=True),
    Reading(
        "time_jitter",
        "Each round, players act simultaneously, in no specific turn order.",
        0.3, (0.1, 0.5),
        "A step's time varies by up to 30% either way (uniform): no two players act in "
        "lock-step.", assumed=True),
    Reading(
        "watch_seconds",
        "After a player has placed all their dice, they MAY flip the sand timer.",
        1.0, (0.5, 2.0),
        "'MAY' sets no moment: a player with every die placed may flip at any later time; "
        "the model lets it reconsider every second, whatever its speed.", assumed=True),
    Reading(
        "round_end_without_flip",
        "Repeat this step until you have placed all your dice: ... OR do not place a die. ... "
        "After a player has placed all their dice, they MAY flip the sand timer.",
        "step_bound", ("flip_at_bound",),
        "When players keep rolling again and no finished player flips the timer, nothing in "
        "the rulebook ends the round. The model bounds a round at max_steps_per_round roll "
        "steps and by default ends it there; the dice not placed are lost to the bound, "
        "counted apart from the timer (metrics rounds_at_step_bound, dice_lost_to_bound; a run "
        "in which any round reaches it warns). flip_at_bound reads a table that will not wait "
        "for ever as flipping the timer at the bound: everyone then has the timer's seconds "
        "(at twice the bound the round ends as by step_bound). No built-in bot at its defaults "
        "reaches the bound. Measured (4 players, default rules, 2,000 games, seed 1): "
        "greedy(wait=10) in seat 1 against three greedy(flip=0) reaches it in every round and "
        "wins 0.0% by step_bound, 89.5% by flip_at_bound (91.7% with roll_again_limit=3); four "
        "greedy(wait=10) place no die at all by step_bound, 50.8 of 112 a game by "
        "flip_at_bound."),
    Reading(
        "roll_again_limit",
        "Either: place one of your dice on a district entrance. Then, use the die's effect "
        "(optional). OR do not place a die.",
        0, (3, 10),
        "The rulebook sets no limit on rolling again without placing a die: 0, none. With a "
        "limit N a player's roll after N rolls in a row without placing must place a die "
        "(where one is legal); every bot keeps it. A limit ends by a rule the stand-off "
        "round_end_without_flip otherwise leaves to the bound. Measured (4 players, 2,000 "
        "games, seed 1): greedy(wait=10) in seat 1 against three greedy(flip=0) wins 91.7% "
        "with a limit of 3, 92.9% with 10 (0.0% without); against three greedy the limit of "
        "3 changes nothing (the waiter rolls again 2.6 times a round)."),
    Reading(
        "max_steps_per_round",
        "Repeat this step until you have placed all your dice:",
        1000, (200, 5000),
        "The modelling bound on the roll steps of a round (no rule sets one): 1,000 roll "
        "steps, some 2,000 seconds at speed 1, where a round with every die placed takes "
        "about 21. What happens there is the reading round_end_without_flip.",
        assumed=True),
    Reading(
        "arrow_podium",
        "Adjacent district (arrow): Gain the target reward from the adjacent district. Score "
        "the district following the normal rules. ... The following rewards can be gained by "
        "more than just the controlling player(s) based on their ranking.",
        "scored_district", ("controllers_only",),
        "'Gain the target reward' takes the neighbour's reward as this district's own, so a "
        "podium reached through an arrow ranks the players on the district scored: its second "
        "highest total (or every other player with a die there) is paid too, and the bots "
        "value it so. controllers_only reads the arrow as the controlling players' reward "
        "alone: only the highest total's amount is gained. The shipped mixed layout has no "
        "arrow next to a podium, so it plays the same under both."),
    Reading(
        "facing",
        "Rotate the city center and the Drone 90 degrees so that each player is facing a "
        "different district.",
        "no effect: no rule reads which district a player faces",
        ("a rule that gave the district a player faces a part in play (the rulebook has "
         "none)",),
        "Facing a district decides only which boards a player sees up close: any player may "
        "place on any district entrance, and no rule of placing, scoring or timing reads who "
        "faces what. The model has no seat-to-district relation, so the rotation changes "
        "nothing played and no seat is favoured by it (the Drone's part of the sentence is "
        "the drone_step reading).", fixed=True),
    Reading(
        "jelly_supply",
        "80 Jelly Tokens (45 1-point tokens, 25 5-point tokens, and 10 10-point tokens) ... "
        "Sort the Jelly tokens by value (1, 5, and 10 points) and place them near the board to "
        "create the supply.",
        "unlimited: a reward is paid in full whatever the players already hold",
        ("a supply of 270 jelly (the tokens' value), rewards paid while it lasts",),
        "The tokens are change; the rulebook does not say what happens when the supply runs "
        "out, so the engines pay every reward in full. Jelly only leaves the supply (gifts move "
        "it between players), so the total held at the end is the most it ever was. Measured "
        "(default rules, 20,000 games, seed 1): the players hold more than 270 jelly at the "
        "end in 12.4% of games of 5 greedy at 5 players, 0.6% of 4 greedy at 4, and in none "
        "of the default mixed line-up at 3, 4 or 5 players or of 3 greedy.", fixed=True),
    Reading(
        "n_districts",
        "Attach a District board (with either side up) to each connector of the city center.",
        None, (5, 6, 7),
        "The connectors per player count are not printed; seven Target markers for five "
        "players suggest players + 2 districts (None = players + 2).", assumed=True),
    Reading(
        "faces",
        "8 District Boards (double-sided)",
        "16 faces built from the rulebook's reward catalogue (every reward type appears)",
        ("--set faces.3A.1=pod", "--set faces.3A='jelly:4,pod,jelly:0'",
         "a [rules] table of faces in a scenario"),
        "The rulebook lists the reward types but does not print its boards' faces. The "
        "generator faces draws alternatives that keep every constraint the rulebook states "
        "(sweep data.faces = SEED; robustness context data:faces).",
        assumed=True, file=BOARDS, generator=True, constraints=FACE_CONSTRAINTS),
    Reading(
        "layout",
        "Note: If this is your first game, we recommend using only districts with green "
        "lights on the outer wall.",
        "mixed (1A 2B 3A 4B 5A 6B 7A 8B, cut to the districts in play)",
        ("beginner (the green A sides)", "advanced (B sides)", "--set districts=1A,2B,..."),
        "Which sides are green is not printed: the A sides are marked green; the default mixes "
        "both sides so every reward type is in play.", assumed=True, file=BOARDS),
    Reading(
        "center_pods_short",
        "In case of a tie, each tied player takes a Jelly-pod from the stack.",
        "when too few pods remain for every tied player, none of them takes one",
        ("the tied players take what is left in seat order", "the stack is never short"),
        "The rulebook settles the shortage for the Jelly-pod reward ('If there are not enough "
        "Jelly-pods for all tied players, none of them takes a Jelly-pod'); the city center's "
        "tie rule is read the same way.", fixed=True),
    Reading(
        "by_dice_counts_survivors",
        "This reward changes depending on the number of dice placed by the controlling "
        "player.",
        "the dice that survive cancellation", ("every die placed, cancelled ones included",),
        "Cancelled dice are returned and 'not taken into account for the rest of the round', "
        "so they are not counted (the bots value the reward on the same count).", fixed=True),
    Reading(
        "podium_second_needs_dice",
        "Each player with second highest dice total gains 4 Jelly (regardless of the number of "
        "players with the highest dice total).",
        "the highest total below the top, above 0", ("a total of 0 can be second",),
        "A total of 0 never controls a district; it is read as no place on the podium either.",
        fixed=True),
    Reading(
        "adjacent_reward_one_level",
        "Adjacent district (arrow): Gain the target reward from the adjacent district. Score "
        "the district following the normal rules.",
        "an arrow in the adjacent district's target reward gives nothing",
        ("follow arrows further",),
        "Following arrows further could loop around the city; the reward of the neighbour's "
        "other icons is gained, its arrow is not followed.", fixed=True),
    Reading(
        "remove_own_die",
        "1 or 2: You MAY remove any other die already placed on THIS district entrance.",
        "any die but the one just placed, the player's own included", ("opponents' dice only",),
        "'Any other die' names no colour, so a player may remove one of their own (to undo a "
        "cancellation, for instance).", fixed=True),
    Reading(
        "short_giver_gives_what_it_has",
        "Each player gives you 1 or 2 Jelly: In case of a tie, the tied controlling players do "
        "not give Jelly to each other.",
        "a player with too little jelly gives what it has", ("nothing is given",),
        "No jelly can be given that a player does not have; the rulebook's note on 'give 1 to "
        "each' treats a short giver the same way.", fixed=True),
]
