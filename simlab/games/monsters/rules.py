"""Monsters on Board: rules and component data as a frozen, validated dataclass.

Component data the rulebook does not print is *assumed* and lives in one readable TOML file per
kind under ``simlab/games/monsters/data/`` (every entry commented): ``dice.toml`` (Lord die
faces), ``town.toml`` (the Town track, gain-Grunt spots, the Summoning track), ``malice.toml``,
``market.toml`` (costs by market position), ``ghosts.toml`` (42 Ghosts), ``solo_cards.toml``
(30 Spider Jack cards), ``difficulty.toml`` (the solo-2 ladder) and ``family.toml``. They are
loaded into the compact text fields of :class:`MonstersRules`, so a scenario can replace any
entry (``--set dice.blue.0=1:call+feed``, ``--set town.5=2:pink:juice:3``,
``--set ghosts.0=multi:call``) or a whole file (``--set data.ghosts=my-ghosts.toml``).
:meth:`MonstersRules.to_arrays` turns everything into numpy arrays; kernels never read TOML.

Readings where the rulebook is silent or ambiguous (the rest is the rulebook):

- the draft is simultaneous: each player picks from the Fearmobile in front of them, then every
  Fearmobile passes left (player p's goes to p+1); 4 dice in P Fearmobiles, 4 picks each, so
  every Fearmobile empties;
- Grunt movement: the Grunts of the activated colour move one at a time, the one furthest along
  first (so a rear Grunt never gets blocked by a front one that is about to move on); then the
  actions each landed on are performed in that order, printed icons first, then the Ghost's;
  actions caused by actions (a Grunt moved by "move Grunt" lands on an action, a Summoning
  tracker moves onto an action) are performed at once, before the rest; a Grunt with no free
  matching space ahead goes to the final area;
- Promote/Demote changes a die in one's own Order (not Driveway dice: "the die you just placed"
  shows the action is about placed dice); from a Town space or a Ghost there is no "just placed"
  die; Swap exchanges any two dice of one's Order;
- a gain-Grunt Ghost can be bought only with an empty gain-Grunt spot (``gain_grunt_spots``,
  assumed 4); if the supply has no Grunt of its colour (36 Grunts, 6 per colour, minus those on
  boards and in Spider Jack's Court) the Ghost is placed without a Grunt. A normal Ghost can be
  bought only with a legal space for it;
- an empty market spot (stack or deck exhausted) cannot be bought;
- Arch Monster back actions are used at two decision points: after one's Swamp-Jack phase and
  just before final scoring (a used card is boxed and does not score);
- the dice left in a Fearmobile never exist in the regular game (every Fearmobile empties);
  the dice trimmed at final scoring go to the box;
- ties: most final-area Grunts, then most Malice, then a shared victory;
- solo 1: the automaton's 4 dice return to the bag at the end of the round; the "result" is the
  score, and a game counts as won when the score reaches ``target`` (assumed 100);
- solo 2: a tie goes to Spider Jack (you must *outscore* him). The first symbol's colour missing
  from the Fearmobile means no colour preference for that pick; multi-coloured Ghosts in his
  Court match every colour when he scores his Court (``multi_ghost_matches``); the rank-6
  purchase takes positions #1 and #5 at once, then the market slides and refills, then the Arch
  Monsters at #1 and #5 are discarded the same way; an empty position is simply skipped; the
  Prophecy +1 modifier pays the card's maximum minus your score (``prophecy_plus_one``); the
  Ghost +3 modifier means 4 Ghosts in all (``court_ghosts_plus3``).
"""

from __future__ import annotations

import dataclasses
import tomllib
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np

from simlab.core.params import coerce, suggest
from simlab.errors import SimlabError
from simlab.games.monsters.actions import (
    A_GAIN_GRUNT,
    COLOURS,
    GHOST_COLOURS,
    MAX_ICONS,
    MULTI,
    N_COLOURS,
    NOTHING,
    SUMMON,
    icon_text,
    parse_icon,
)

DATA = Path(__file__).parent / "data"
MODES = ("regular", "family", "solo1", "solo2")
MODE_REGULAR, MODE_FAMILY, MODE_SOLO1, MODE_SOLO2 = range(4)
N_AREAS = 12
FINAL_AREA = 13
MARKET = 5
N_LEVELS = 8
MODIFIERS = ("court_monsters", "court_ghosts", "summoning", "unscored", "prophecy")
MODIFIER_RANGE = {"court_monsters": (0, 1, 2), "court_ghosts": (0, 2, 4), "summoning": (0, 1),
                  "unscored": (0, 1, 2), "prophecy": (0, 1)}
#: values of the solo-2 readings that are rule options (``to_arrays`` turns them into numbers)
MULTI_GHOST_MATCHES = ("every", "none")
PROPHECY_PLUS_ONE = ("max_minus_score", "unmet", "half")
COURT_GHOSTS_PLUS3 = ("four", "six")
#: the Arch Monster "Spooked": the area's number where the Grunt is, or the Town spaces it has
#: moved through (the one it stands on included)
SPOOKED_COUNT = ("area", "spaces")
#: family mode's tie, "the youngest tied player wins" (ages unknown): every tied player wins,
#: the lowest seat stands in for the youngest, or a tied player drawn from the game's stream
FAMILY_TIES = ("shared", "seat", "random")
DATA_KINDS = ("dice", "town", "malice", "market", "ghosts", "solo_cards", "difficulty", "family")


# ------------------------------------------------------------------------ TOML -> text codes
def _icons(lst) -> str:
    return "+".join(str(x) for x in lst)


def load_data(kind: str, path: str | Path | None = None) -> dict:
    """Read one data file (``kind`` in DATA_KINDS) into the text fields it defines: ``path``
    a file, or the bare name of a file shipped in ``data/`` (``difficulty_even``); None: the
    kind's default file."""
    p = Path(path) if path else DATA / f"{kind}.toml"
    if path and not p.exists() and (DATA / f"{path}.toml").is_file() and "/" not in str(path):
        p = DATA / f"{path}.toml"
    where = f"rules.data.{kind}"
    try:
        d = tomllib.loads(p.read_text())
    except OSError as e:
        raise SimlabError(f"{where}: cannot read {p}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise SimlabError(f"{where}: {p} is not valid TOML: {e}") from None
    try:
        if kind == "dice":
            return {"dice": tuple(f"{f['rank']}:{_icons(f['icons'])}" for c in COLOURS
                                  for f in d[c]["faces"])}
        if kind == "town":
            spaces = tuple(f"{a + 1}:{s['colour']}:{_icons(s['icons'])}"
                           for a, area in enumerate(d["area"]) for s in area["spaces"])
            return {"town": spaces,
                    "area_public": tuple(bool(a["public"]) for a in d["area"]),
                    "gain_grunt_spots": int(d["gain_grunt_spots"]),
                    "summon_track": tuple(str(x) for x in d["summon_track"])}
        if kind == "malice":
            return {"malice_chart": tuple(int(x) for x in d["chart"]),
                    "malice_cap": int(d["cap"])}
        if kind == "market":
            return {"ghost_cost": tuple(int(x) for x in d["ghost_cost"]),
                    "arch_cost": tuple(int(x) for x in d["arch_cost"])}
        if kind == "ghosts":
            return {"ghosts": tuple(f"{g['colour']}:{_icons(g['icons'])}" for g in d["ghost"])}
        if kind == "solo_cards":
            return {"solo_cards": tuple("/".join(c["symbols"]) for c in d["card"])}
        if kind == "difficulty":
            return {"difficulty_levels": tuple(
                "/".join(f"{m}={int(lv[m])}" for m in MODIFIERS) for lv in d["level"])}
        if kind == "family":
            acts = d["area_actions"]
            return {"family_area_actions": tuple(f"{k}:{v}" for k, v in acts.items()),
                    "family_area12_juice": int(d["area12_juice"]),
                    "family_minion_spaces": tuple(int(x) for x in d["minion_spaces_per_row"])}
    except (KeyError, TypeError, ValueError) as e:
        raise SimlabError(f"{where}: {p} lacks or misspells an entry ({e})") from None
    raise SimlabError(f"rules.data: unknown data kind {kind!r}{suggest(kind, DATA_KINDS)}; "
                      f"known: {', '.join(DATA_KINDS)}")


_DEFAULTS: dict = {}
for _k in DATA_KINDS:
    _DEFAULTS.update(load_data(_k))


# ------------------------------------------------------------------------ parsing helpers
def parse_icon_list(text: str, where: str) -> tuple[list[int], list[int]]:
    """``"call+juice:2"`` -> ([A_CALL, A_JUICE], [0, 2]); ``""`` -> ([], [])."""
    parts = [s for s in str(text).split("+") if s.strip()]
    if len(parts) > MAX_ICONS:
        raise SimlabError(f"{where}: at most {MAX_ICONS} icons, got {text!r}")
    acts, juice = [], []
    for s in parts:
        a, j = parse_icon(s, where)
        acts.append(a)
        juice.append(j)
    return acts, juice


def parse_face(text: str, where: str):
    """``"2:juice:3+feed"`` -> (rank, actions, juice)."""
    rank, _, icons = str(text).partition(":")
    if not rank.strip().isdigit() or not 1 <= int(rank) <= 6:
        raise SimlabError(f"{where}: a die face is 'RANK:ICON+ICON' with RANK 1..6, got {text!r}")
    acts, juice = parse_icon_list(icons, where)
    if A_GAIN_GRUNT in acts:
        raise SimlabError(f"{where}: gain_grunt is only found on Ghosts, got {text!r}")
    return int(rank), acts, juice


def parse_colour(text: str, where: str, multi: bool = False) -> int:
    names = GHOST_COLOURS if multi else COLOURS
    t = str(text).strip().lower()
    if t not in names:
        raise SimlabError(f"{where}: unknown colour {text!r}{suggest(t, names)}; known: "
                          f"{', '.join(names)}")
    return names.index(t)


def parse_space(text: str, where: str):
    """``"3:pink:juice:2+call"`` -> (area, colour, actions, juice)."""
    parts = str(text).split(":", 2)
    if len(parts) < 2 or not parts[0].strip().isdigit():
        raise SimlabError(f"{where}: a Town space is 'AREA:COLOUR:ICON+ICON', got {text!r}")
    area = int(parts[0])
    if not 1 <= area <= N_AREAS:
        raise SimlabError(f"{where}: area must be 1..{N_AREAS}, got {area}")
    col = parse_colour(parts[1], where)
    acts, juice = parse_icon_list(parts[2] if len(parts) > 2 else "", where)
    if A_GAIN_GRUNT in acts:
        raise SimlabError(f"{where}: gain_grunt is only found on Ghosts, got {text!r}")
    return area, col, acts, juice


def parse_ghost(text: str, where: str):
    """``"multi:call"`` -> (colour, actions, juice)."""
    col, _, icons = str(text).partition(":")
    c = parse_colour(col, where, multi=True)
    acts, juice = parse_icon_list(icons, where)
    if A_GAIN_GRUNT in acts and (len(acts) != 1 or c == MULTI):
        raise SimlabError(f"{where}: a gain-Grunt Ghost has one colour and no other icon, "
                          f"got {text!r}")
    return c, acts, juice


def parse_card(text: str, where: str):
    """``"blue:highest/white:lowest/pink:lowest"`` -> [(colour or -1, highest 1/0)] x 3."""
    syms = str(text).split("/")
    if len(syms) != 3:
        raise SimlabError(f"{where}: a solo card has 3 symbols 'COLOUR:highest|lowest' joined by "
                          f"'/', got {text!r}")
    out = []
    for s in syms:
        col, _, hl = s.partition(":")
        c = -1 if col.strip().lower() == "white" else parse_colour(col, where)
        if hl.strip().lower() not in ("highest", "lowest"):
            raise SimlabError(f"{where}: a symbol's rank preference is 'highest' or 'lowest', "
                              f"got {s!r}")
        out.append((c, 1 if hl.strip().lower() == "highest" else 0))
    return out


def parse_level(text: str, where: str) -> dict:
    """``"court_monsters=1/court_ghosts=0/..."`` -> {modifier: value}."""
    out = {}
    for part in str(text).split("/"):
        k, _, v = part.partition("=")
        k = k.strip()
        if k not in MODIFIERS:
            raise SimlabError(f"{where}: unknown modifier {k!r}{suggest(k, MODIFIERS)}; known: "
                              f"{', '.join(MODIFIERS)}")
        if not v.strip().isdigit() or int(v) not in MODIFIER_RANGE[k]:
            raise SimlabError(f"{where}: {k} must be one of {MODIFIER_RANGE[k]}, got {v!r}")
        out[k] = int(v)
    for k in MODIFIERS:
        out.setdefault(k, 0)
    return out


def _track(text: str, where: str) -> tuple[int, int]:
    t = str(text).strip().lower()
    if t == "":
        return NOTHING, 0
    if t == "summon":
        return SUMMON, 0
    a, j = parse_icon(t, where)
    if a == A_GAIN_GRUNT:
        raise SimlabError(f"{where}: gain_grunt is only found on Ghosts")
    return a, j


# ------------------------------------------------------------------------ arrays
class MonstersArrays(NamedTuple):
    """The rules as arrays and scalars for the kernels (no Python objects)."""

    face_rank: np.ndarray     # (6 colours, 6 faces) rank 1..6
    face_act: np.ndarray      # (6, 6, MAX_ICONS) action ids, -1 padded
    face_juice: np.ndarray    # (6, 6, MAX_ICONS) Spook Juice of a juice icon
    space_area: np.ndarray    # (S,) 1..12
    space_colour: np.ndarray  # (S,) 0..5
    space_act: np.ndarray     # (S, MAX_ICONS)
    space_juice: np.ndarray   # (S, MAX_ICONS)
    area_public: np.ndarray   # (14,) 1 for public areas (index = area number)
    track_act: np.ndarray     # (L,) Summoning track: action id, SUMMON or -1 (index 0 = start)
    track_juice: np.ndarray   # (L,)
    malice_chart: np.ndarray  # (6,) Malice for rank 1..6
    ghost_cost: np.ndarray    # (5,) by market position, left to right
    arch_cost: np.ndarray     # (5,)
    ghost_colour: np.ndarray  # (NG,) 0..5 or MULTI
    ghost_act: np.ndarray     # (NG, MAX_ICONS)
    ghost_juice: np.ndarray   # (NG, MAX_ICONS)
    ghost_gain: np.ndarray    # (NG,) 1 for gain-Grunt Ghosts
    card_col: np.ndarray      # (NC, 3) solo card symbol colour (-1 white)
    card_high: np.ndarray     # (NC, 3) 1 highest, 0 lowest
    card_shows: np.ndarray    # (NC, 6) 1 if the card shows the colour
    cards: tuple              # cards.CardArrays (Prophecy, Arch Monsters; scoring.py reads it)
    n_players: int
    mode: int
    n_spaces: int
    track_len: int
    n_ghosts: int
    n_cards: int
    n_arch: int
    n_prophecy: int
    malice_cap: int
    rounds: int
    dice_per_colour: int
    grunts_per_colour: int
    gain_spots: int
    sj_start: int
    sj_max: int
    court_monsters: int
    court_ghosts: int         # solo 2: the Ghost modifier 0, 2 (+2) or 4 (+3)
    summoning: int
    unscored: int
    prophecy_bonus: int
    target: int
    court_die_points: int
    court_ghost_points: int
    court_grunt_points: int
    multi_matches: int        # solo 2: 1 multi-coloured Ghosts in his Court match every colour
    prophecy_plus_one: int    # solo 2: index in PROPHECY_PLUS_ONE (the Prophecy +1 payment)
    plus3_ghosts: int         # solo 2: Ghosts the +3 modifier (court_ghosts 4) puts: 4 or 6
    # the Town path by colour (``town_tables``): where a Grunt of a colour can go next
    col_next: np.ndarray      # (S+1, 6) first space of colour c at or after position s (S: none)
    col_after: np.ndarray     # (S,) the next space of space s's colour after s (S: none)
    col_count: np.ndarray     # (S+1, 6) spaces of colour c before position s


def town_tables(space_colour: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The Town path by colour, for the kernels: ``col_next[s, c]`` the first space of colour
    c at or after position s, ``col_after[s]`` the next space of s's colour after s (both S when
    there is none), ``col_count[s, c]`` how many spaces of colour c lie before position s."""
    S = len(space_colour)
    nxt = np.full((S + 1, 6), S, np.int64)
    after = np.full(S, S, np.int64)
    count = np.zeros((S + 1, 6), np.int64)
    for s in range(S - 1, -1, -1):
        nxt[s] = nxt[s + 1]
        after[s] = nxt[s + 1, space_colour[s]]
        nxt[s, space_colour[s]] = s
    for s in range(S):
        count[s + 1] = count[s]
        count[s + 1, space_colour[s]] += 1
    return nxt, after, count


# ------------------------------------------------------------------------ rules
@dataclass(frozen=True)
class MonstersRules:
    """Rules of Monsters on Board, with every choice the rulebook leaves open (module doc).

    Attributes
    ----------
    players : int
        2 to 4 (regular, family); 1 for the solo modes.
    mode : str
        ``regular``, ``family`` (played by the family engine), ``solo1`` (beat your own score)
        or ``solo2`` (versus the Spider Jack automaton).
    difficulty : int
        Solo 2: the level 0..7 of ``difficulty_levels`` (the modifier set, *assumed* ladder).
    sj_court_monsters, sj_court_ghosts, sj_summoning, sj_unscored, sj_prophecy : int
        Solo 2 difficulty modifiers one by one (-1: take the level's value): extra Grunts of
        other colours in his Court (0/1/2: +1/+2), random Ghosts in his Court (0/2/4: +2/+3;
        4 puts 6 Ghosts with ``court_ghosts_plus3 = "six"``),
        he gains the Summon scoring you missed (+1), the un-scored die goes to his Court (1: +1)
        or is scored and goes to his Court (2: +2), he gains the Prophecy points you missed (+1).
    target : int
        Solo 1: the score that counts as a win (*assumed* 100; the rulebook only keeps a high
        score).
    rounds : int
        Rounds (rulebook 6).
    dice_per_colour, grunts_per_colour : int
        Lord dice (13) and Grunt figures (6) per colour in the box (rulebook).
    sj_start, sj_max : int
        Spider Jack die start value (1) and maximum (6) (rulebook).
    court_die_points, court_ghost_points, court_grunt_points : int
        Solo 2 Court scoring per matching die (1), Ghost (2) and Grunt figure (3) (rulebook).
    multi_ghost_matches : str
        Solo 2: do multi-coloured Ghosts in his Court match the die he scores? ``every``
        (default: they match every colour) or ``none`` (they match no colour).
    prophecy_plus_one : str
        Solo 2, the Prophecy +1 modifier ("the Spook Juice you could have scored from your
        Prophecy card, but didn't"): ``max_minus_score`` (default: the card's maximum, capped,
        minus what it scored), ``unmet`` (the full points of each condition met on no line,
        at most ``max_minus_score``) or ``half`` (half of ``max_minus_score``, rounded down).
    court_ghosts_plus3 : str
        Solo 2, the Ghost +3 modifier (``sj_court_ghosts = 4``): ``four`` (default: 4 Ghosts
        in his Court in all) or ``six`` (cumulative with the +2's: 2 + 4 = 6 Ghosts).
    dice : tuple of str
        36 die faces, colour by colour (blue, green, pink, orange, purple, yellow), each
        ``"RANK:ICON+ICON"`` (*assumed*, ``data/dice.toml``); set one with ``dice.pink.0``.
    town : tuple of str
        Town path spaces in order, ``"AREA:COLOUR:ICON+ICON"`` (*assumed*, ``data/town.toml``).
    area_public : tuple of bool
        Areas 1..12: public (True) or neighborhood.
    gain_grunt_spots : int
        Gain-Grunt Ghost spots (*assumed* 4).
    summon_track : tuple of str
        Summoning track: start spot then spaces, each "", "summon" or an icon (*assumed*).
    malice_chart : tuple of int
        Malice for ranks 1..6 (*assumed* except rank 6 -> 3); ``malice_cap`` 8 (rulebook).
    ghost_cost, arch_cost : tuple of int
        Market costs by position, left to right (*assumed*, ``data/market.toml``).
    ghosts : tuple of str
        42 Ghosts, ``"COLOUR:ICON+ICON"`` (*assumed*, ``data/ghosts.toml``).
    solo_cards : tuple of str
        30 Spider Jack cards, ``"COLOUR:highest/white:lowest/..."`` (*assumed*).
    difficulty_levels : tuple of str
        Levels 0..7 as modifier sets (*assumed* ladder, ``data/difficulty.toml``).
    family_area_actions, family_area12_juice, family_minion_spaces
        Family-mode data (``data/family.toml``), for the family engine.
    family_tie : str
        Family mode's tie rule, "the youngest tied player wins": ages are unknown, so
        ``shared`` (default: every tied player wins), ``seat`` (the lowest seat stands in
        for the youngest) or ``random`` (a tied player drawn from the game's stream).
    spooked_count : str
        The Arch Monster "Spooked" per Grunt: ``area`` (default: the number of the area it
        stands on, start 0, final area 13) or ``spaces`` (the Town spaces it has moved
        through, the one it stands on included: path space s counts s + 1, the final space
        S + 1).
    prophecy_file, arch_file : str
        Prophecy / Arch Monster card files (``cards.py``; "" = the shipped *assumed* lists;
        also settable as ``data.prophecy`` / ``data.arch_monsters``).
    """

    players: int = 3
    mode: str = "regular"
    difficulty: int = 0
    sj_court_monsters: int = -1
    sj_court_ghosts: int = -1
    sj_summoning: int = -1
    sj_unscored: int = -1
    sj_prophecy: int = -1
    target: int = 100
    rounds: int = 6
    dice_per_colour: int = 13
    grunts_per_colour: int = 6
    sj_start: int = 1
    sj_max: int = 6
    court_die_points: int = 1
    court_ghost_points: int = 2
    court_grunt_points: int = 3
    multi_ghost_matches: str = "every"
    prophecy_plus_one: str = "max_minus_score"
    court_ghosts_plus3: str = "four"
    dice: tuple[str, ...] = _DEFAULTS["dice"]
    town: tuple[str, ...] = _DEFAULTS["town"]
    area_public: tuple[bool, ...] = _DEFAULTS["area_public"]
    gain_grunt_spots: int = _DEFAULTS["gain_grunt_spots"]
    summon_track: tuple[str, ...] = _DEFAULTS["summon_track"]
    malice_chart: tuple[int, ...] = _DEFAULTS["malice_chart"]
    malice_cap: int = _DEFAULTS["malice_cap"]
    ghost_cost: tuple[int, ...] = _DEFAULTS["ghost_cost"]
    arch_cost: tuple[int, ...] = _DEFAULTS["arch_cost"]
    ghosts: tuple[str, ...] = _DEFAULTS["ghosts"]
    solo_cards: tuple[str, ...] = _DEFAULTS["solo_cards"]
    difficulty_levels: tuple[str, ...] = _DEFAULTS["difficulty_levels"]
    family_area_actions: tuple[str, ...] = _DEFAULTS["family_area_actions"]
    family_area12_juice: int = _DEFAULTS["family_area12_juice"]
    family_minion_spaces: tuple[int, ...] = _DEFAULTS["family_minion_spaces"]
    family_tie: str = "shared"
    spooked_count: str = "area"
    prophecy_file: str = ""
    arch_file: str = ""

    def __post_init__(self):
        def bad(name, what, got):
            raise SimlabError(f"rules.{name}: expected {what}, got {got!r}")

        for name, values in (("multi_ghost_matches", MULTI_GHOST_MATCHES),
                             ("prophecy_plus_one", PROPHECY_PLUS_ONE),
                             ("court_ghosts_plus3", COURT_GHOSTS_PLUS3),
                             ("spooked_count", SPOOKED_COUNT), ("family_tie", FAMILY_TIES)):
            if getattr(self, name) not in values:
                bad(name, " or ".join(values), getattr(self, name))

        if self.mode not in MODES:
            bad("mode", f"one of {', '.join(MODES)}", self.mode)
        solo = self.mode.startswith("solo")
        if solo and self.players != 1:
            bad("players", f"1 player for mode {self.mode} (use -p 1)", self.players)
        if not solo and not 2 <= self.players <= 4:
            bad("players", f"2 to 4 players for mode {self.mode} (1 player: mode solo1 or "
                           f"solo2)", self.players)
        if not 0 <= self.difficulty < N_LEVELS:
            bad("difficulty", f"a level 0..{N_LEVELS - 1}", self.difficulty)
        for m in MODIFIERS:
            v = getattr(self, f"sj_{m}")
            if v != -1 and v not in MODIFIER_RANGE[m]:
                bad(f"sj_{m}", f"-1 (from the difficulty level) or one of {MODIFIER_RANGE[m]}",
                    v)
        if not 0 <= self.target <= 10_000:
            bad("target", "0 to 10000", self.target)
        if not 1 <= self.rounds <= 6:
            bad("rounds", "1 to 6 (the Order holds 18 dice)", self.rounds)
        if not 5 <= self.dice_per_colour <= 40:
            bad("dice_per_colour", "5 to 40", self.dice_per_colour)
        if not 1 <= self.grunts_per_colour <= 12:
            bad("grunts_per_colour", "1 to 12", self.grunts_per_colour)
        if not 1 <= self.sj_start <= self.sj_max <= 6:
            bad("sj_start", "1 <= sj_start <= sj_max <= 6", (self.sj_start, self.sj_max))
        for name in ("court_die_points", "court_ghost_points", "court_grunt_points",
                     "family_area12_juice"):
            if not 0 <= getattr(self, name) <= 100:
                bad(name, "0 to 100", getattr(self, name))
        if len(self.dice) != 36:
            bad("dice", "36 faces (6 per colour)", len(self.dice))
        for i, f in enumerate(self.dice):
            parse_face(f, f"rules.dice.{COLOURS[i // 6]}.{i % 6}")
        if not 6 <= len(self.town) <= 120:
            bad("town", "6 to 120 Town spaces", len(self.town))
        last = 0
        for i, s in enumerate(self.town):
            area = parse_space(s, f"rules.town.{i}")[0]
            if area < last:
                bad(f"town.{i}", "areas in path order (non-decreasing)", s)
            last = area
        if len(self.area_public) != N_AREAS:
            bad("area_public", f"{N_AREAS} flags", self.area_public)
        if not 0 <= self.gain_grunt_spots <= 6:
            bad("gain_grunt_spots", "0 to 6", self.gain_grunt_spots)
        if not 1 <= len(self.summon_track) <= 12:
            bad("summon_track", "1 to 12 entries (start spot first)", self.summon_track)
        for i, t in enumerate(self.summon_track):
            _track(t, f"rules.summon_track.{i}")
        if len(self.malice_chart) != 6 or min(self.malice_chart) < 0 or \
                max(self.malice_chart) > 20:
            bad("malice_chart", "6 values (ranks 1..6) of 0 to 20", self.malice_chart)
        if not 1 <= self.malice_cap <= 50:
            bad("malice_cap", "1 to 50", self.malice_cap)
        for name in ("ghost_cost", "arch_cost"):
            v = getattr(self, name)
            if len(v) != MARKET or min(v) < 0 or max(v) > 50:
                bad(name, f"{MARKET} costs (left to right) of 0 to 50", v)
        if not 5 <= len(self.ghosts) <= 200:
            bad("ghosts", "5 to 200 Ghosts", len(self.ghosts))
        for i, g in enumerate(self.ghosts):
            parse_ghost(g, f"rules.ghosts.{i}")
        if len(self.solo_cards) < 1:
            bad("solo_cards", "at least one card", self.solo_cards)
        for i, c in enumerate(self.solo_cards):
            parse_card(c, f"rules.solo_cards.{i}")
        if len(self.difficulty_levels) != N_LEVELS:
            bad("difficulty_levels", f"{N_LEVELS} levels (0..7)", len(self.difficulty_levels))
        for i, lv in enumerate(self.difficulty_levels):
            parse_level(lv, f"rules.difficulty_levels.{i}")
        if self.mode == "solo2":
            for c in range(N_COLOURS):
                if not any(s[c] for s in self.card_shows()):
                    bad("solo_cards", f"cards showing every colour (none shows "
                                      f"{COLOURS[c]})", self.solo_cards)
        r = self.rounds - 1
        if self.mode.startswith("solo"):
            used = 3 * r + 4 * r + 8
        else:
            used = self.players * (3 * r + 4)
        if 6 * self.dice_per_colour < used:
            bad("dice_per_colour", f"enough dice for the Orders, Fearmobiles and Court "
                                   f"({used} in the last round)", self.dice_per_colour)

    # ------------------------------------------------------------------ derived
    def modifiers(self) -> dict:
        """The solo-2 modifiers in force: the level's, overridden one by one."""
        lv = parse_level(self.difficulty_levels[self.difficulty], "rules.difficulty_levels")
        for m in MODIFIERS:
            v = getattr(self, f"sj_{m}")
            if v != -1:
                lv[m] = v
        return lv

    def card_shows(self) -> np.ndarray:
        """(n_cards, 6): 1 where a solo card shows a colour (its symbols' colours)."""
        out = np.zeros((len(self.solo_cards), N_COLOURS), np.int64)
        for i, c in enumerate(self.solo_cards):
            for col, _ in parse_card(c, "rules.solo_cards"):
                if col >= 0:
                    out[i, col] = 1
        return out

    def to_arrays(self) -> MonstersArrays:
        """The rules as arrays for the kernel."""
        from simlab.games.monsters.cards_io import card_arrays

        i8 = np.int64
        face_rank = np.zeros((6, 6), i8)
        face_act = np.full((6, 6, MAX_ICONS), -1, i8)
        face_juice = np.zeros((6, 6, MAX_ICONS), i8)
        for i, f in enumerate(self.dice):
            r, a, j = parse_face(f, "rules.dice")
            face_rank[i // 6, i % 6] = r
            face_act[i // 6, i % 6, :len(a)] = a
            face_juice[i // 6, i % 6, :len(j)] = j
        S = len(self.town)
        sa = np.zeros(S, i8)
        sc = np.zeros(S, i8)
        sact = np.full((S, MAX_ICONS), -1, i8)
        sj = np.zeros((S, MAX_ICONS), i8)
        for i, s in enumerate(self.town):
            area, col, a, j = parse_space(s, "rules.town")
            sa[i], sc[i] = area, col
            sact[i, :len(a)] = a
            sj[i, :len(j)] = j
        pub = np.zeros(FINAL_AREA + 1, i8)
        pub[1:N_AREAS + 1] = [int(b) for b in self.area_public]
        L = len(self.summon_track)
        ta = np.full(L, -1, i8)
        tj = np.zeros(L, i8)
        for i, t in enumerate(self.summon_track):
            ta[i], tj[i] = _track(t, "rules.summon_track")
        NG = len(self.ghosts)
        gc = np.zeros(NG, i8)
        ga = np.full((NG, MAX_ICONS), -1, i8)
        gj = np.zeros((NG, MAX_ICONS), i8)
        gg = np.zeros(NG, i8)
        for i, g in enumerate(self.ghosts):
            c, a, j = parse_ghost(g, "rules.ghosts")
            gc[i] = c
            ga[i, :len(a)] = a
            gj[i, :len(j)] = j
            gg[i] = 1 if A_GAIN_GRUNT in a else 0
        NC = len(self.solo_cards)
        cc = np.zeros((NC, 3), i8)
        ch = np.zeros((NC, 3), i8)
        for i, c in enumerate(self.solo_cards):
            for k, (col, hi) in enumerate(parse_card(c, "rules.solo_cards")):
                cc[i, k], ch[i, k] = col, hi
        C = card_arrays(self.prophecy_file, self.arch_file)._replace(
            spooked_spaces=SPOOKED_COUNT.index(self.spooked_count))
        m = self.modifiers() if self.mode == "solo2" else dict.fromkeys(MODIFIERS, 0)
        return MonstersArrays(
            face_rank, face_act, face_juice, sa, sc, sact, sj, pub, ta, tj,
            np.array(self.malice_chart, i8), np.array(self.ghost_cost, i8),
            np.array(self.arch_cost, i8), gc, ga, gj, gg, cc, ch, self.card_shows(),
            C, int(self.players), MODES.index(self.mode), S, L, NG, NC,
            int(C.m_back.shape[0]), int(C.p_max.shape[0]), int(self.malice_cap), int(self.rounds),
            int(self.dice_per_colour), int(self.grunts_per_colour), int(self.gain_grunt_spots),
            int(self.sj_start), int(self.sj_max), m["court_monsters"], m["court_ghosts"],
            m["summoning"], m["unscored"], m["prophecy"], int(self.target),
            int(self.court_die_points), int(self.court_ghost_points),
            int(self.court_grunt_points), int(self.multi_ghost_matches == "every"),
            PROPHECY_PLUS_ONE.index(self.prophecy_plus_one),
            6 if self.court_ghosts_plus3 == "six" else 4, *town_tables(sc))

    def describe_icons(self, acts, juice) -> str:
        """Readable icon list (for logs)."""
        return "+".join(icon_text(int(a), int(j)) for a, j in zip(acts, juice, strict=True)
                        if a >= 0) or "-"


# ------------------------------------------------------------------------ overrides
_ELEMENT_FIELDS = ("dice", "town", "ghosts", "solo_cards", "difficulty_levels", "summon_track",
                   "malice_chart", "ghost_cost", "arch_cost", "area_public")


def _element(rules_fields: dict, path: str, value, where: str):
    """``dice.pink.0`` / ``town.5`` / ``ghosts.3``: replace one element of a data tuple."""
    head, *rest = path.split(".")
    cur = list(rules_fields[head])
    if head == "dice" and len(rest) == 2:
        c = parse_colour(rest[0], f"{where}.{path}")
        if not rest[1].isdigit() or not 0 <= int(rest[1]) < 6:
            raise SimlabError(f"{where}.{path}: face index must be 0..5")
        idx = c * 6 + int(rest[1])
    elif len(rest) == 1 and rest[0].isdigit():
        idx = int(rest[0])
    else:
        raise SimlabError(f"{where}.{path}: expected {head}.INDEX"
                          + (" or dice.COLOUR.FACE" if head == "dice" else ""))
    if not 0 <= idx < len(cur):
        raise SimlabError(f"{where}.{path}: index out of range 0..{len(cur) - 1}")
    hints = {"malice_chart": int, "ghost_cost": int, "arch_cost": int, "area_public": bool}
    cur[idx] = coerce(value, hints.get(head, str), f"{where}.{path}")
    rules_fields[head] = tuple(cur)


def make_rules(players: int = 3, overrides: dict | None = None,
               where: str = "rules") -> MonstersRules:
    """Build validated rules for ``players`` with ``overrides`` (``{path: value}``).

    Paths: any field name; ``data.KIND = FILE`` replaces a whole data file (kinds
    ``dice, town, malice, market, ghosts, solo_cards, difficulty, family``); ``dice.COLOUR.FACE``,
    ``town.I``, ``ghosts.I``, ``solo_cards.I``, ``difficulty_levels.I`` ... replace one entry.
    One player means solo (``mode`` defaults to ``solo2``).
    """
    overrides = dict(overrides or {})
    players = coerce(overrides.pop("players", players), int, f"{where}.players")
    fields = {f.name: f for f in dataclasses.fields(MonstersRules)}
    hints = typing.get_type_hints(MonstersRules)
    vals = {name: f.default for name, f in fields.items()}
    vals["players"] = players
    if players == 1:
        vals["mode"] = "solo2"
    for alias, name in (("data.prophecy", "prophecy_file"), ("data.arch_monsters", "arch_file")):
        if alias in overrides:
            overrides[name] = overrides.pop(alias)
    for path in [p for p in overrides if p.startswith("data.")]:
        kind = path[5:]
        if kind not in DATA_KINDS:
            raise SimlabError(f"{where}.{path}: unknown data kind {kind!r}"
                              f"{suggest(kind, DATA_KINDS)}; known: {', '.join(DATA_KINDS)}")
        vals.update(load_data(kind, overrides.pop(path)))
    for path in [p for p in overrides if "." in p]:
        if path.split(".")[0] not in _ELEMENT_FIELDS:
            raise SimlabError(f"{where}: unknown rule path {path!r}; element paths exist for "
                              f"{', '.join(_ELEMENT_FIELDS)}")
        _element(vals, path, overrides.pop(path), where)
    for path, value in overrides.items():
        if path not in fields:
            raise SimlabError(f"{where}: unknown rule {path!r}{suggest(path, fields)}; "
                              f"known: {', '.join(sorted(fields))}")
        vals[path] = coerce(value, hints[path], f"{where}.{path}")
    return MonstersRules(**vals)


RULE_OPTIONS = [f.name for f in dataclasses.fields(MonstersRules)]
