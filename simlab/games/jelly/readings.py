"""Attack of the Jelly Monster: the readings catalogue (``simlab readings jelly``).

Every place where the engines choose what the rulebook does not settle, with the sentence it
reads; every number of the real-time model the rulebook does not give; and the component data
the rulebook does not print. Settable entries are rule options of ``rules.JellyRules``.
"""

from __future__ import annotations

from simlab.core.readings import Reading

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
        "The rulebook lists the reward types but does not print its boards' faces.",
        assumed=True, file=BOARDS),
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
