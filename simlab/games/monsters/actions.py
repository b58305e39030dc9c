"""Monsters on Board: colour and action identifiers shared by every module (see DESIGN.md).

Action ids are the back page of the rulebook. An icon list is an int array padded with -1; the
Spook Juice amount of a ``juice`` icon sits at the same index of a parallel array.
"""

from __future__ import annotations

COLOURS = ("blue", "green", "pink", "orange", "purple", "yellow")
N_COLOURS = 6
MULTI = 6  #: the multi-coloured Ghost (placeable on any colour's Grunt space)
GHOST_COLOURS = COLOURS + ("multi",)

(A_SWAP, A_PROMOTE, A_MINION, A_GRUNT, A_JUICE, A_CALL, A_GAIN_GRUNT, A_FEED,
 A_MALICE) = range(9)
N_ACTIONS = 9
#: icon names used in the data files, by action id
ACTION_NAMES = ("swap", "promote", "minion", "grunt", "juice", "call", "gain_grunt", "feed",
                "malice")
#: Summoning-track entry: Summon Spider Jack scoring of the row (not an action of its own)
SUMMON = 9
NOTHING = -1

MAX_ICONS = 4  #: icons per die face, Town space, Ghost or track space (padded with -1)


def parse_icon(text: str, where: str) -> tuple[int, int]:
    """``"juice:3"`` -> (A_JUICE, 3); ``"call"`` -> (A_CALL, 0)."""
    from simlab.errors import SimlabError

    t = str(text).strip().lower()
    if t.startswith("juice"):
        amount = t[5:].lstrip(":")
        if not amount.isdigit() or not 0 <= int(amount) <= 99:
            raise SimlabError(f"{where}: Spook Juice icon must be 'juice:N' with N 0..99, "
                              f"got {text!r}")
        return A_JUICE, int(amount)
    if t not in ACTION_NAMES:
        raise SimlabError(f"{where}: unknown action icon {text!r}; known: "
                          f"{', '.join(ACTION_NAMES)} (juice as juice:N)")
    return ACTION_NAMES.index(t), 0


def icon_text(act: int, juice: int) -> str:
    """The data-file name of an icon."""
    return f"juice:{juice}" if act == A_JUICE else ACTION_NAMES[act]
