"""What a Monsters on Board replay step says a play did, in words: the explanation's choice
names (``CHOICE_NAMES``) as a designer reads them, for the regular and the family replay."""

from __future__ import annotations

CHOICE_WORDS = {"die_to_top_row": "a die to the top row", "die_to_middle_row":
                "a die to the middle row", "die_to_bottom_row": "a die to the bottom row",
                "die_to_malice": "a die to the Gain Malice spot", "swap": "swaps 2 dice",
                "promote": "promotes a die", "demote": "demotes a die",
                "move_minion": "moves a Minion", "move_grunt": "moves a Grunt",
                "spook_juice": "takes Spook Juice", "call_spider_jack": "calls Spider Jack",
                "feed_spider_jack": "feeds Spider Jack", "gain_malice": "gains Malice",
                "action_skipped": "skips an action", "ghost_bought": "buys a Ghost",
                "arch_monster_bought": "buys an Arch Monster", "spook_pass": "passes",
                "arch_monster_discarded": "discards an Arch Monster",
                "area12_go_on": "goes on from area 12", "area12_stay": "stays in area 12",
                "minion_to_top_row": "a Minion to the top row",
                "minion_to_middle_row": "a Minion to the middle row",
                "minion_to_bottom_row": "a Minion to the bottom row"}


def choice_words(counted) -> list[str]:
    """``[(name, times), ...]`` of the choices a step counted, in words (``x2`` when more than
    once); names without words of their own are spelled out."""
    out = []
    for name, k in counted:
        if k > 0:
            w = CHOICE_WORDS.get(name, name.replace("_", " "))
            out.append(w if k == 1 else f"{w} x{k}")
    return out
