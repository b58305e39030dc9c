"""Monsters on Board: the readings catalogue (``simlab readings monsters``).

Every place where the code of Monsters on Board chooses what the rulebook
(``/work/shared/rules/monsters-on-board.txt``) does not settle, and every piece of component
data it assumes (the rulebook pictures the dice, the board, the Ghosts and the cards but does
not print them). Settable readings are rule options of :class:`~.rules.MonstersRules`; the
component data lives in ``data/*.toml`` and is replaced by path (``--set dice.blue.0=...``,
``--set data.ghosts=FILE``); readings marked ``fixed`` are hard-coded in both engines today
(``nb.py`` / ``reference.py``, ``nb_family.py`` / ``reference_family.py``, ``scoring.py`` /
``reference_scoring.py``). ``tests/monsters/test_readings.py`` checks that each quote is the
rulebook's text.
"""

from __future__ import annotations

from simlab.core.readings import Reading
from simlab.games.monsters.data import C_COST, C_DICE, C_GHOSTS, C_MALICE, C_SOLO

_DATA = "simlab/games/monsters/data/"

READINGS: list[Reading] = [
    # ------------------------------------------------------------------ settable readings
    Reading(
        name="family_tie",
        rule="If there is a tie, the youngest tied player wins!",
        default="shared",
        alternatives=("seat", "random"),
        why="A simulation has no ages. 'shared': every tied player wins (1/k each), which "
            "treats tied bots alike but is not the rule (the rulebook names one winner); "
            "'seat': the lowest seat stands in for the youngest player, one winner, a seat "
            "advantage by construction; 'random': one tied player drawn from the game's "
            "stream (ages nobody knows, alike for every seat), one winner as the rule asks. "
            "Measured (family mode, 100,000 games each, seed 11; a tie at the top in 1.8 / "
            "2.7 / 3.1% of games): with 2 greedy bots seat 1 wins 50.95% under 'seat' against "
            "50.04% 'shared' and 50.05% 'random'; 3 greedy: 34.29, 33.36, 32.35% by seat "
            "under 'seat' (chi-square p = 4e-19), 33.40, 33.34, 33.26% 'shared', 33.39, "
            "33.35, 33.26% 'random'; 4 greedy: 25.73, 25.34, 24.62, 24.32% under 'seat' "
            "(p = 2e-14), within 0.2 points of 25% under the other two. 'seat' is the only "
            "reading that moves seat balance: by +0.9 to +1.0 points for seat 1 with greedy "
            "players, more where ties are more frequent.",
    ),
    Reading(
        name="spooked_count",
        rule="Spooked: Each Town space the Grunt has moved through, including the one they "
             "are currently on, counts as being 'Spooked'. If you have multiple Grunts of "
             "the required type, add up their total Spooked spaces together! (Gain equal to "
             "the area's number where each required Grunt is.)",
        default="area",
        alternatives=("spaces",),
        why="The card's text and its parenthesis disagree. 'area' follows the parenthesis: a "
            "Grunt counts the number of the area it stands on (start 0, the final area 13; "
            "see spooked_areas). 'spaces' follows the first sentence: it counts the Town "
            "spaces of the path it has moved through, the one it stands on included (path "
            "space s is the (s + 1)-th; the final space, 'Grunts on the final space', the "
            "(S + 1)-th, 37 on the shipped Town). Both engines and the bots' valuation of the "
            "card read the option. Measured (20,000 games each, seed 21): 3 greedy bots score "
            "Arch Monster points 13.6 -> 23.0 a seat (total 145.8 -> 154.3); greedy, prophet, "
            "random: 18.7 / 17.6 / 0.3 -> 36.0 / 31.7 / 0.3, greedy's win share 52.5 -> "
            "53.8%; solo 2 at difficulty 3, greedy beats Spider Jack 20.0% -> 46.3% (Arch "
            "Monster points 24.0 -> 56.7).",
    ),
    Reading(
        name="target",
        rule="Note your highest score somewhere and initial it. If you beat that score, put a "
             "line through it, and add your newest high score.",
        default=100,
        alternatives=(80, 120, 150),
        why="Solo mode 1 has no opponent, only a high score to beat; a game counts as won "
            "when the score reaches a target, assumed 100.",
        assumed=True,
    ),
    Reading(
        name="gain_grunt_spots",
        rule="place it on an empty matching-icon space (found at the beginning of your Grunt "
             "track).",
        default=4,
        alternatives=(2, 3, 6),
        why="The rulebook does not say how many gain-Grunt spots a board has; 4 lets a player "
            "gain a few Grunts (36 Grunts in the box, 6 per colour) without emptying the "
            "supply.",
        assumed=True,
    ),
    Reading(
        name="multi_ghost_matches",
        rule="When scoring his Court, he scores Spook Juice for all of his Lord dice, Ghost "
             "tokens, and Monster figures that match the newly added Lord die (including the "
             "new Lord die itself)",
        default="every",
        alternatives=("none",),
        why="Solo 2: 'every' counts a multi-coloured Ghost in his Court as matching the die of "
            "any colour he scores, since 'Multi-colored Ghosts can be placed on any color Grunt "
            "space.'; 'none' reads a multi-coloured Ghost as matching no single colour. "
            "Its size depends on the player's policy (which Ghosts the player leaves him) and "
            "on the level, so every figure names the population it was measured with (solo "
            "2, 20,000 games each, seed 16; Spider Jack's mean score under every minus none, "
            "+-0.5): difficulty 0 -- greedy +22.2 (the player wins 45.4% vs 73.2%), prophet "
            "+22.2 (45.2 vs 72.9%), weights(ghost=0) +19.6 (32.4 vs 56.3%), weights(ghost=20) "
            "+23.8 (36.3 vs 64.8%), weights(cost=0) +17.5 (16.7 vs 33.1%), weights(ghost=-20) "
            "+12.9 (1.4 vs 3.3%), random +12.9 (0.0% either way); difficulty 7 -- greedy "
            "+43.0 (0.9 vs 6.1%), weights(ghost=20) +44.5 (0.7 vs 5.1%), random +33.5.",
    ),
    Reading(
        name="prophecy_plus_one",
        rule="Difficulty +1: Spider Jack gains any Spook Juice that you could have scored from "
             "your Prophecy Card, but didn't.",
        default="max_minus_score",
        alternatives=("unmet", "half"),
        why="Solo 2 with the Prophecy +1 modifier. 'max_minus_score': the card's maximum "
            "(capped at 50) minus what it scored, 'could have scored' read against the card "
            "itself, simple to check at the table. 'unmet': the full points of each condition "
            "of the card met on no line of the finished Order (a row card's condition on none "
            "of the rows, a column card's on its column), at most max_minus_score: a condition "
            "met in part or on a row another condition used pays nothing. 'half': half of "
            "max_minus_score rounded down, a softer table reading. Measured (greedy, "
            "difficulty 0 with Prophecy +1 alone, 20,000 games, seed 16): the player wins "
            "17.7% / 20.5% / 28.9% (Spider Jack 199.9 / 197.1 / 183.7 points), against 45.4% "
            "(167.7) without the modifier: under every reading the strongest single '+'.",
    ),
    Reading(
        name="court_ghosts_plus3",
        rule="Difficulty +2: Place 2 random Ghost tokens into Spider Jack's Court. Difficulty "
             "+3: Place 4 additional random Ghost Tokens to Spider Jack's Court.",
        default="four",
        alternatives=("six",),
        why="Solo 2, the Ghost modifier sj_court_ghosts = 4 (+3). 'four': the two Ghost "
            "modifiers are alternatives, as the Monster ones (+1: 1, +2: 2) read, so +3 means "
            "4 Ghosts in all; 'six': 'additional' is cumulative, 2 + 4 = 6 Ghosts in his Court "
            "at setup. Measured (greedy, difficulty 0 with court_ghosts = 4 alone, 20,000 "
            "games, seed 16): the player wins 11.5% under four vs 4.8% under six (Spider "
            "Jack 209.7 vs 230.4 points; 45.4% and 167.7 with no Ghosts).",
    ),
    # ------------------------------------------------------------------ component data
    Reading(
        name="dice",
        rule="78 Lord Dice, 13 in each color",
        default="all dice of a colour share one face table: ranks 1..6 once each, low ranks "
                "carry more icons, each colour with an icon theme",
        alternatives=("--set dice.COLOUR.FACE=RANK:ICON+ICON (one face)",
                      "--set data.dice=FILE (a whole face table)"),
        why="The rulebook pictures the dice but prints no faces; ranks 1..6 on every colour keep "
            "the Order, Malice and the Prophecy cards working, the icons trade off against rank.",
        assumed=True,
        file=_DATA + "dice.toml",
        generator=True,
        constraints=C_DICE,
    ),
    Reading(
        name="town",
        rule="There are 12 Town areas marked from 1-12: Town areas that show action icons are "
             "called Public areas. Town areas with no actions are called Neighborhood areas.",
        default="36 path spaces in 12 areas, 6 spaces per colour, area 1 holds one space of each "
                "colour",
        alternatives=("--set town.I=AREA:COLOUR:ICON+ICON (one space)",
                      "--set data.town=FILE (a whole track)"),
        why="The board is pictured, not printed; 6 spaces per colour let a Grunt reach the final "
            "area in about 7 moves, so final-area scoring matters.",
        assumed=True,
        file=_DATA + "town.toml",
    ),
    Reading(
        name="area_public",
        rule="Town areas with no actions are called Neighborhood areas.",
        default="areas 4, 8 and 12 are neighborhoods, the others public",
        alternatives=("--set area_public.I=true|false (area I + 1)",
                      "--set data.town=FILE"),
        why="The family side's special areas are 4, 8 and 12, which suggests the neighborhoods; "
            "the Arch Monsters that count Ghosts and Minions in neighborhoods read it.",
        assumed=True,
        file=_DATA + "town.toml",
    ),
    Reading(
        name="summon_track",
        rule="Call Spider Jack — Advance any one Summoning tracker (to the right) 1 space. If "
             "moved onto an Action icon, immediately perform that Action.",
        default="start, malice, summon, feed, summon, juice:2, summon (the same under every "
                "row; a tracker at the end stops)",
        alternatives=("--set summon_track.I=ICON|summon|'' (one space)",
                      "--set data.town=FILE"),
        why="The track is pictured, not printed; summon icons on every other space make calling "
            "Spider Jack worth feeding him first.",
        assumed=True,
        file=_DATA + "town.toml",
    ),
    Reading(
        name="malice_chart",
        rule="gain Malice based on the die's Rank (its number), according to the chart (see "
             "example right). ... For example: If the Rank is 6, gain 3 Malice.",
        default="ranks 1..6 give 1, 1, 2, 2, 3, 3 Malice (rank 6 -> 3 is the rulebook's)",
        alternatives=("--set malice_chart.I=N (rank I + 1)", "--set data.malice=FILE"),
        why="Only the rank-6 entry is printed; a chart rising to it makes the 4th die a real "
            "trade-off against placing a high rank.",
        assumed=True,
        file=_DATA + "malice.toml",
        generator=True,
        constraints=C_MALICE,
    ),
    Reading(
        name="ghost_cost",
        rule="Lower your Malice tracker by the value shown directly below your chosen Ghost.",
        default="3, 2, 2, 1, 1 Malice by market position, left (newest) to right",
        alternatives=("--set ghost_cost.I=N", "--set data.market=FILE"),
        why="The costs are printed on the main board, not in the text; the newest Ghost costs "
            "most, the oldest (rightmost) least.",
        assumed=True,
        file=_DATA + "market.toml",
        generator=True,
        constraints=C_COST,
    ),
    Reading(
        name="arch_cost",
        rule="Lower your Malice tracker by the value shown directly above your chosen Arch "
             "Monster.",
        default="5, 4, 4, 3, 3 Malice by market position, left (newest) to right",
        alternatives=("--set arch_cost.I=N", "--set data.market=FILE"),
        why="Printed on the main board, not in the text; an Arch Monster scores more than a "
            "Ghost, so it costs more (at most 8 Malice can be held).",
        assumed=True,
        file=_DATA + "market.toml",
        generator=True,
        constraints=C_COST,
    ),
    Reading(
        name="ghosts",
        rule="Shuffle all 42 Ghost tokens and make any number of face-down stacks in the middle "
             "of the main board.",
        default="42 Ghosts: per colour one gain-Grunt, Spook Juice, Juice + Malice, call, feed + "
                "Juice, promote + swap; 6 multi-coloured with one icon",
        alternatives=("--set ghosts.I=COLOUR:ICON+ICON (one Ghost)",
                      "--set data.ghosts=FILE"),
        why="The tokens are not printed; the list uses only the rulebook's icons and the "
            "gain-Grunt Ghost it describes, spread evenly over the colours.",
        assumed=True,
        file=_DATA + "ghosts.toml",
        generator=True,
        constraints=C_GHOSTS,
    ),
    Reading(
        name="solo_cards",
        rule="Locate the 10 Spider Jack cards that show this color of die on their faces (Return "
             "the remaining 20 Spider Jack cards to the box).",
        default="30 cards of three symbols (colour or white, highest or lowest); every colour on "
                "exactly 10 cards",
        alternatives=("--set solo_cards.I=COLOUR:highest/white:lowest/... (one card)",
                      "--set data.solo_cards=FILE"),
        why="The cards are not printed; solo mode 2's setup needs each colour on exactly 10 of "
            "the 30 cards, which the list keeps (each pair of colours on two cards).",
        assumed=True,
        file=_DATA + "solo_cards.toml",
        generator=True,
        constraints=C_SOLO,
    ),
    Reading(
        name="difficulty_levels",
        rule="There are a total of 7 Difficulty \"+\"s that can be added to your experience.",
        default="level N: a set of modifiers worth exactly N '+'s, of those the one nearest an "
                "even spacing of the measured win share (data/difficulty.toml)",
        alternatives=("--set data.difficulty=difficulty_even (an evenly spaced ladder, the "
                      "'+' count not kept)",
                      "--set difficulty_levels.I=court_monsters=1/court_ghosts=2/...",
                      "--set sj_court_ghosts=4 ... (one modifier, overriding the level)",
                      "--set data.difficulty=FILE"),
        why="The modifiers the rulebook lists add up to 9 '+'s, not 7, so which set makes each "
            "level is a choice. Level N keeps the rulebook's names (Easy +0..+2, Normal "
            "+3..+4, Difficult +5..+6, Monstrous +7): it is worth exactly N '+'s, and every "
            "set of at most 7 '+'s was measured (greedy, 10,000 games each, seed 16) to pick "
            "per level the one nearest an even spacing from level 0 to the hardest 7-'+' set. "
            "The '+'s do not allow an even ladder, and this one is not evenly spaced: the "
            "player's win share by level is 45.4, 37.5, 27.6, 20.3, 13.7, 9.0, 5.6, 0.9% "
            "(greedy, 20,000 games, seed 16; steps of 3.4 to 9.9 points), because no two '+'s "
            "cost less than 17.9 points and 'Prophecy +1' alone costs 27.7 points, far more "
            "than any other single '+' (7.9 to 12.1 points per '+'; "
            "scenarios/monsters-solo-modifiers.toml), so it enters only at level 7. "
            "data/difficulty_even.toml is evenly spaced instead (45.4, 37.6, 33.8, 26.6, "
            "19.5, 13.6, 7.7, 0.9%; its levels are worth 0, 1, 1, 2, 3, 2, 4, 7 '+'s). The "
            "Ghost +3 modifier (court_ghosts = 4) puts 4 Ghosts in all, or 6 with "
            "court_ghosts_plus3 = six.",
        assumed=True,
        file=_DATA + "difficulty.toml",
    ),
    Reading(
        name="data.prophecy",
        rule="Each Prophecy card can score a maximum of 50 Spook Juice, see the Prophecy Cards "
             "section.",
        default="12 cards built from the rulebook's descriptions of cards 01-12; numbers it does "
                "not print are assumed (each marked in the file)",
        alternatives=("--set data.prophecy=FILE",),
        why="The rulebook describes the cards only in part; the shipped list keeps every printed "
            "number and condition and fills the rest so each card can reach 40-50.",
        assumed=True,
        file=_DATA + "prophecy.toml",
    ),
    Reading(
        name="data.arch_monsters",
        rule="Shuffle all 72 Arch Monster cards together to form the face-down Arch Monster "
             "deck; place it anywhere beside the main board.",
        default="72 cards: 9 of each of the 8 scoring kinds the rulebook describes, printed "
                "points; colours and back actions assumed",
        alternatives=("--set data.arch_monsters=FILE",),
        why="The rulebook describes the eight kinds, not the cards; 9 of each with the printed "
            "numbers, colours rotated, and each back action 9 times.",
        assumed=True,
        file=_DATA + "arch_monsters.toml",
    ),
    Reading(
        name="family_board",
        rule="Use the Family Mode side of the player boards.",
        default="the regular side's Town track (town.toml) with family.toml's area effects "
                "(4 promote/demote, 8 swap, 12 juice and back to start)",
        alternatives=("--set data.town=FILE (the family engine reads the same track)",
                      "--set data.family=FILE (the area effects)"),
        why="The family side is not printed; its neighborhood rewards are the rulebook's, and "
            "reusing the regular track keeps one assumed layout.",
        assumed=True,
        file=_DATA + "family.toml",
        fixed=True,
    ),
    # ------------------------------------------------------------------ hard-coded readings
    Reading(
        name="draft_order",
        rule="Each player simultaneously takes 1 Lord die - from the Fearmobile in front of "
             "themselves - and places it on an empty Driveway space on their player board.",
        default="simultaneous: each player picks from the Fearmobile in front, then every "
                "Fearmobile passes left (seat p to seat p + 1)",
        alternatives=("draft in turn order (the rulebook's 'advanced' option)",),
        why="Simultaneous picking is the rule; the turn-order draft is an option the rulebook "
            "offers for longer play. Left is p -> p + 1 with seats numbered clockwise.",
        fixed=True,
    ),
    Reading(
        name="grunt_move_order",
        rule="Move each of your Grunts (in any order you choose) - that match the die's color - "
             "to the next matching-colored Town space",
        default="the player's choice: the bot orders the Grunts (bots_moves.decide_grunt_order: "
                "evaluating bots try every order and take the one whose Grunts advance furthest "
                "and land best; random shuffles; ties from the game's stream)",
        alternatives=("the Grunt furthest along first (the engines before 2026-12: it forbids "
                      "leapfrogging)",),
        why="The rulebook leaves the order to the player, and it matters: a Grunt skips a space "
            "another Grunt stands on, so moving the rear one first lets it jump the front one, "
            "which then moves on from there -- both gain a space. Not a reading any more: a "
            "decision, in both engines.",
        fixed=True,
    ),
    Reading(
        name="space_action_order",
        rule="Perform the Action(s) each Grunt just ended their movement on (those printed on "
             "the board or on Ghosts, if any, in any order).",
        default="the player's choice over all the actions one move's Grunts landed on "
                "(bots_moves.decide_action_order: evaluating bots change the Order first -- "
                "Feed, Promote/Demote, Swap --, then Call Spider Jack, Move Minion before Move "
                "Grunt, then Spook Juice and Malice; random shuffles); actions caused by actions "
                "(a Grunt moved onto an action, a Summoning tracker onto an icon) at once, "
                "before the rest",
        alternatives=("printed icons first, then the Ghost's (the engines before 2026-12)",
                      "caused actions after the pending ones"),
        why="'In any order' is the player's; the order matters (feeding a Spider Jack die "
            "before calling him on that row scores more dice). 'Immediately perform that "
            "Action' for the Summoning track asks for caused actions at once.",
        fixed=True,
    ),
    Reading(
        name="no_free_space",
        rule="The final area is special; it may contain any number of Grunts. Grunts on the "
             "final space cannot move anymore.",
        default="a Grunt with no free matching space ahead moves into the final area",
        alternatives=("it stays where it is",),
        why="Spaces taken by Minions and Grunts are skipped, so the next space of the colour "
            "beyond the last one is the final area, which holds any number of Grunts.",
        fixed=True,
    ),
    Reading(
        name="promote_scope",
        rule="Promote or Demote a Lord — Plus or minus one of your Lord Dice (anywhere) by 1. "
             "You cannot: change the die you just placed (the one allowing you to perform this "
             "action)",
        default="any die of one's own Order or Driveway (the Malice die among them): a Driveway "
                "die turns to a face of its colour showing the new rank, icons included; the die "
                "just placed is protected only for its own icons and keeps its protection when "
                "swapped; Town spaces, Ghosts, Arch Monster backs and the Summoning track protect "
                "no die",
        alternatives=("Order dice only (the engines before 2026-12)",
                      "the protection stays with the spot, not the die"),
        why="'(anywhere)' covers every die of the player's, and the Driveway holds the player's "
            "dice; a die's rank is the face it shows, so a Driveway die is turned (with "
            "several faces of that rank, the player picks: evaluating bots the best, random "
            "and custom bots (which do not score faces) uniformly, from the game's stream).",
        fixed=True,
    ),
    Reading(
        name="ghost_purchase",
        rule="After placing the Ghost here, place a new matching-colored Grunt on top of the "
             "Ghost, from the supply.",
        default="a gain-Grunt Ghost needs an empty gain-Grunt spot and comes without a Grunt "
                "when the supply has none of its colour; any other Ghost needs a free space of "
                "its colour",
        alternatives=("a gain-Grunt Ghost cannot be bought when the supply is out of its colour",),
        why="A Ghost must be placed when bought, so a purchase with nowhere to put it is not "
            "allowed; the rulebook does not forbid buying it when the supply is empty.",
        fixed=True,
    ),
    Reading(
        name="empty_market_spot",
        rule="Refill: Slide all remaining Ghosts to the right and place a new Ghost in the "
             "leftmost spot (taken from those face down in the middle of the main board).",
        default="when the stack or the deck is exhausted the spot stays empty and cannot be "
                "bought",
        alternatives=("reshuffle the discarded cards into a new deck",),
        why="The rulebook says nothing of an exhausted stack; it rarely happens (42 Ghosts, 72 "
            "cards), and leaving the spot empty invents nothing.",
        fixed=True,
    ),
    Reading(
        name="arch_discard_timing",
        rule="At any time (even during an opponents turn and final scoring), flip over an Arch "
             "Monster card that is in front of yourself to perform one action showing on its "
             "back",
        default="at every decision point of the owner's: before and after each Grunt movement, "
                "after each Swamp-Jack placement and after the Malice die, before each of "
                "their Spook turns, and just before final scoring",
        alternatives=("also during an opponent's turn (between any two actions of anyone's)",
                      "two points only: after one's Swamp-Jack phase and before final scoring "
                      "(the engines before 2026-12)"),
        why="Every moment at which the owner's own play can change what a back action is "
            "worth; an opponent's turn changes only the shared draft and markets, which no "
            "back action touches. Evaluating bots discard a card when its back action is "
            "worth more than the card kept (its condition on the current position plus "
            "'arch' x the share of the game left).",
        fixed=True,
    ),
    Reading(
        name="spooked_areas",
        rule="Gain equal to the area's number where each required Grunt is.",
        default="a Grunt on its starting spot counts 0, in the final area 13",
        alternatives=("the final area counts 12", "the final area counts 0"),
        why="The final area comes after area 12 on the path, so it is read as area 13; the "
            "starting spot is before area 1.",
        fixed=True,
    ),
    Reading(
        name="prophecy_full_columns",
        rule="Cards that score by Column score the matching-position column on your board",
        default="a column condition needs all 3 dice of its column kept (a trimmed or missing "
                "die fails it)",
        alternatives=("a column condition reads only the kept dice of the column",),
        why="The column cards picture full columns; reading only the kept dice would let a "
            "nearly empty column meet a total or colour condition.",
        fixed=True,
    ),
    Reading(
        name="solo1_automaton_dice",
        rule="After you draft 1 die (page 5), the AI will draft a die based on the face-up solo "
             "card (see Gameplay and Drafting Dice in Solo Mode 2).",
        default="the automaton drafts by solo mode 2's preferences and its 4 dice go back to "
                "the bag at the end of the round",
        alternatives=("its dice go to the box",),
        why="Solo mode 1 gives the automaton no use for its dice; returning them keeps the bag "
            "as in a normal round.",
        fixed=True,
    ),
    Reading(
        name="solo2_tie",
        rule="In this mode, you will compete against Spider Jack and attempt to outscore him "
             "after six rounds of play.",
        default="the player wins only with a higher score (a tie goes to Spider Jack)",
        alternatives=("a tie is broken by final-area Grunts and Malice as in the regular game",),
        why="'Outscore' asks for strictly more Spook Juice; Spider Jack has no Grunts or Malice "
            "for the regular tie-breaks.",
        fixed=True,
    ),
    Reading(
        name="solo2_missing_colour",
        rule="Color matching current selection symbol (White means no color preference)",
        default="if no die of the symbol's colour is in the Fearmobile, no colour preference for "
                "that pick (rank, then closest to the front)",
        alternatives=("he takes the die closest to the front",),
        why="The preferences are listed 'in order from top to bottom': when the first cannot be "
            "met, the next ones decide.",
        fixed=True,
    ),
    Reading(
        name="solo2_score_tie",
        rule="If there is still a tie, you may select which Lord die to score.",
        default="his earlier pick is scored",
        alternatives=("the player's best choice (the un-scored die that buys him the worst "
                      "Ghost)", "a random one"),
        why="The choice is the human player's; a fixed rule keeps the automaton deterministic "
            "and the two dice score the same now.",
        fixed=True,
    ),
    Reading(
        name="solo2_rank6_purchase",
        rule="If the die is Rank 6, Spider Jack will take the Ghost tokens in positions #1 and "
             "#5.",
        default="both Ghosts at once, then slide and refill; then the Arch Monsters at #1 and #5 "
                "are discarded the same way; an empty position is skipped",
        alternatives=("take #1, refill, then take #5 of the refilled market",),
        why="Both positions are named before any refill, so both are read from the market as "
            "it stands.",
        fixed=True,
    ),
    Reading(
        name="solo2_summoning_missed",
        rule="Difficulty +1: Spider Jack gains any Spook Juice that you could have scored when "
             "summoning Spider Jack, but didn't (because your Spider Jack die was too low).",
        default="at each Summon scoring he gains the ranks of the row's dice beyond the Spider "
                "Jack value",
        alternatives=("counted once at final scoring, on the finished rows",),
        why="The missed points are what the same summon would have scored with a high enough "
            "Spider Jack die, known at the moment of the summon.",
        fixed=True,
    ),
    Reading(
        name="family_pass_right",
        rule="Pass Fearmobiles: Give the Fearmobile (with all the dice in it) to the player to "
             "your right.",
        default="seat p gives to seat p - 1 (the regular game passes left, p to p + 1)",
        alternatives=("pass left, as in the regular game",),
        why="Seats are numbered clockwise and the regular draft passes left, so right is the "
            "other way.",
        fixed=True,
    ),
    Reading(
        name="family_grunt_steps",
        rule="Move your matching-color Grunt forward 1 space for each icon (of any type) on "
             "this die (the one you just placed).",
        default="one step = the next space of the Grunt's colour; after the last one it enters "
                "the final area and the rest of the move (and later moves) are lost",
        alternatives=("one step = the next space of any colour",),
        why="'Blue minions move along blue spaces': the regular game's movement, one space of "
            "the colour per icon.",
        fixed=True,
    ),
    Reading(
        name="family_area_trigger",
        rule="Each time a Minion moves on or through any space in area 4 or 8, you may do the "
             "following:",
        default="each step of the moving Grunt that lands on a space of area 4, 8 or 12 "
                "triggers it ('Minion' read as the Grunt)",
        alternatives=("only the space where the move ends",),
        why="In family mode only Grunts move on the path ('you move blue Minion 2 spaces'), and "
            "'on or through' counts every space stepped on.",
        fixed=True,
    ),
    Reading(
        name="family_area12_leftover",
        rule="Area 12: Score 12 Spook Juice, then immediately move this Grunt to its starting "
             "position. (If you have movement left over from the die, you can use it to "
             "continue moving this Grunt.)",
        default="the player's choice, asked after each return with steps left: the evaluation "
                "bots go on when their value of the steps left, walked from the starting spot "
                "(grunt per step, icon per area 4 / 8 reached, the area 12 juice if reached "
                "again), is positive, else the Grunt stays and the rest of the move is given "
                "up; random goes on with probability 1/2 (a draw from the game's stream)",
        alternatives=("the leftover steps are always used (the engines before this choice)",
                      "the leftover steps are always lost"),
        why="'Can' makes the leftover move optional. In family mode moving on is never worse "
            "(it brings the Grunt toward area 12 again and area 4 / 8 actions are optional), "
            "so the shipped greedy, prophet and weights bots always go on; a weights bot that "
            "values steps at 0 or less stops. Family mode has no custom-bot hook, so no "
            "custom decision kind.",
        fixed=True,
    ),
    Reading(
        name="family_promote_any_die",
        rule="Area 4: Promote or Demote a Lord — Choose any 1 Lord dice; plus or minus its Rank "
             "(number) by 1.",
        default="any die of the Order, the one just placed included; ranks stay 1..6",
        alternatives=("not the die just placed (as the regular action)",),
        why="Here the Town space gives the action, not the die, and the family text says 'any "
            "1 Lord dice'.",
        fixed=True,
    ),
    Reading(
        name="family_no_trimming",
        rule="Score Spook Juice for your Prophecy card (as normal, up to 50 Spook Juice each).",
        default="every die counts for the Prophecy card (no Spider Jack trimming)",
        alternatives=("trim each row to its Spider Jack die (value 1)",),
        why="The family rules never mention Spider Jack dice and nothing can feed them; "
            "trimming to 1 would leave almost nothing to score.",
        fixed=True,
    ),
]
