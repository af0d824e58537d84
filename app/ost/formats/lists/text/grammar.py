"""The shapes of a text list's lines: limits, patterns, word lists and the parsing of one line.

Nothing here knows the catalogue: a line is split into its parts (a name, a
count, points, a custom name, gear) and recognised by its shape (a fence, a
bullet, a header field, a setting). The reader (:mod:`.reader`) decides what
each line means for the list.

Every pattern runs in time linear in its line (see the note above them).
"""

from __future__ import annotations

import re

import msgspec

from ost.core.i18n import Bilingual
from ost.core.limits import OutOfBounds, over_bound
from ost.core.subfactions import Subfaction, subfaction_named
from ost.core.text import fold

#: Largest text Ost reads as a list.
MAX_TEXT_BYTES = 2 * 1024 * 1024
#: More lines than this is not an army list.
MAX_LINES = 5000
#: Longer lines are reported, not parsed.
MAX_LINE_CHARS = 1000
#: Most units one text may hold.
MAX_UNITS = 2000
#: Largest count Ost reads before a name ("3x").
MAX_COUNT = 1000

# Every pattern here runs in time linear in the line (tests/formats/lists/test_patterns_linear.py checks
# them all on long adversarial runs): no two unbounded quantifiers over overlapping
# characters follow each other or nest, and nothing starts with an unbounded run that a
# search would retry from every position. Trimming, fences and "the last match" are
# done in Python instead.

# "2 000", "2.000", "2,000" and narrow/non-breaking spaces are thousands separators.
_NUM = r"\d{1,3}(?:[ .,\u00a0\u202f]\d{3})+(?!\d)|\d{1,7}"
_NUMBER = re.compile(_NUM)
#: More digits than any count or price has (harden: refused rather than read in part).
_LONG_NUMBER = re.compile(r"\d{8,}")
_POINTS = re.compile(rf"(?<![\w.,])({_NUM})(?:[.,]0+)?\s*(?:pts|pt|points?)(?![a-z])\.?", re.IGNORECASE)
BRACKET = re.compile(r"\[([^\[\]]{0,300})\]")
PAREN = re.compile(r"\(([^()]{0,300})\)")
#: A bracket with power level or command points only ("(10 PL)", "[-1CP]"): not part of a name.
_OTHER_COSTS = re.compile(r"[\[(]\s*[-+]?\d{1,4}\s*(?:PL|CP|PP)(?:\s*,\s*[-+]?\d{1,4}\s*(?:PL|CP|PP))*\s*[\])]", re.I)
#: "(55)" at the end of a name or before its colon: points, or a model count (see ``Header.bare``).
_BARE_PAREN = re.compile(r"\(\s*(\d{1,5})\s*\)\s*(?=:|$)")
_COUNT_BEFORE = re.compile(r"^(\d{1,4})\s*[x×]\s*(?=\S)", re.IGNORECASE)
#: A count after a single-spaced name: "Squad x10", "Squad 10x", "Squad (x10)", "Squad (10x)", and
#: "Squad (10)" when the points are written apart ("Squad (10) (180 pts)").
_COUNT_AFTER = re.compile(r"(?<![^ (])\(?(?:[x×] ?(\d{1,4})|(\d{1,4}) ?[x×])\)?$|(?<= )\((\d{1,4})\)$", re.IGNORECASE)
LABEL = re.compile(r"^((?:char|unit|perso|unite)\s*\d{1,3})\s*:\s*", re.IGNORECASE)
#: A custom name in quotes; the spaces inside are trimmed in Python.
_CUSTOM = re.compile(r"«([^»]{1,200})»|“([^”]{1,200})”|\"([^\"]{1,200})\"")
SEPARATOR = re.compile(r"[=+\-_*#~.·•&]{1,}")
FOOTER = re.compile(
    r"^(?:created with|exported (?:with|from)|généré|genere|made with|app:|data:|app version|data version"
    r"|warhammer 40,?000(?: app)?$|battlescribe$|new recruit$)",
    re.IGNORECASE,
)
DOTS = re.compile(r"^(\.{1,6})\s+(?=\S)")
BULLET = re.compile(r"^([•◦○▪■▫□‣∙●◆◇➢►»>]|[-–—*])\s+")
BULLET_LEVEL = {"•": 1, "●": 1, "◆": 1, "►": 1, "➢": 1, "◦": 2, "○": 2, "◇": 2, "▪": 3, "■": 3, "▫": 3, "□": 3}
LIMIT_LINE = re.compile(
    r"^(?:points? limit|limite(?: de points)?|game size|taille(?: de (?:la )?partie)?|format|battle size"
    r"|taille de bataille)\b",
    re.IGNORECASE,
)
BATTLE_SIZE_LINE = re.compile(
    r"^(?:combat patrol|incursion|strike force|onslaught|patrouille|force de frappe|assaut|offensive)\b",
    re.IGNORECASE,
)
TOTAL_LINE = re.compile(r"^(?:total(?: army points)?|total de l'armée|points totaux)\b", re.IGNORECASE)
PLACEHOLDER_VALUE = re.compile(r"^(<[^<>]{1,40}>)\s*[=:]\s*(.{1,60})$")
_NOT_DIGIT = re.compile(r"\D")
PLURAL_S = re.compile(r"s\b", re.IGNORECASE)

#: A cost bracket that gives a power level: BattleScribe's HTML export writes one on every unit's heading
#: ("Warboss [5 PL, 95pts]") and none on what the unit holds ("Boss Nob [18pts]").
POWER_LEVEL = re.compile(r"\d\s*PL\b", re.IGNORECASE)
#: A profile table's heading row of BattleScribe's HTML export, copied without its tabs.
TABLE_HEAD = re.compile(
    r"^(?:unit|weapon|abilities|psychic power|psyker|transport|wound track|explosion|stat damage)"
    r" +(?:m|range|description|warp charge|cast|capacity|remaining|dice roll|characteristic)(?: |$)",
    re.IGNORECASE,
)

WARLORD = {fold(w) for w in ("Warlord", "Seigneur de guerre", "Seigneur de Guerre (Warlord)")}
RESERVE = {fold(w) for w in ("Reserve", "Reserves", "In reserve", "Réserve", "En réserve", "Réserves")}
CONFIG_SECTIONS = {
    fold(s)
    for s in (
        "Configuration",
        "Stratagems",
        "Stratagèmes",
        "Enhancements",
        "Améliorations",
        "Rules",
        "Règles",
        "Selections",
        "Army Rules",
        "Detachment Rules",
        "Secondaries",
        "Secondary",
    )
}
OTHER_SECTIONS = {
    fold(s)
    for s in (
        "Characters",
        "Character",
        "Personnages",
        "Battleline",
        "Other Datasheets",
        "Other datasheet",
        "Allied Units",
        "Units",
        "Unités",
        "Epic Hero",
        "Dedicated Transports",
    )
}
#: BattleScribe slots outside the band table: their units count for points only.
UNSLOTTED_SECTIONS = {
    fold(s)
    for s in ("Agent of the Imperium", "Agents of the Imperium", "Primarch | Daemon Primarch | Supreme Commander")
}
NON_MODEL_PREFIXES = tuple(
    fold(p)
    for p in (
        "warlord",
        "seigneur de guerre",
        "relic",
        "relique",
        "trait",
        "stratagem",
        "stratagème",
        "enhancement",
        "amélioration",
        "psychic",
        "pouvoir",
        "power:",
        "detachment",
        "détachement",
        "chapter",
        "chapitre",
        "clan",
        "dynasty",
        "dynastie",
        "selections:",
        "categories:",
        "rules:",
    )
)
_WORDS = re.compile(r"[^\W\d_]", re.UNICODE)

#: Detail lines of BattleScribe's full text export, under a unit or a model line.
DETAIL_KEYS = {
    fold(k)
    for k in (
        "Selections",
        "Categories",
        "Rules",
        "Abilities",
        "Unit",
        "Weapon",
        "Psychic Power",
        "Psyker",
        "Wound Track",
        "Explosion",
        "Transport",
        "Keywords",
        "Faction Keywords",
        "Stat Damage",
        "Profiles",
    )
}
#: Sub-faction choices ("Chapter: Ultramarines", "Clan Kultur: Goffs") and the placeholders each fills


def subfaction_of(key: str) -> Subfaction | None:
    """The sub-faction a line's key names ("Craftworld Selection [1 CP]" -> craftworld), if any."""
    return subfaction_named(BRACKET.sub(" ", key))


# --- parsing one line ----------------------------------------------------------------


def as_int(text: str) -> int:
    return int(_NOT_DIGIT.sub("", text) or "0")


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last match of ``pattern`` in ``text`` (a "(?!.*x)" look-ahead would rescan the rest from every match)."""
    found = None
    for found in pattern.finditer(text):  # noqa: B007
        pass
    return found


def _trailing_points(text: str) -> tuple[int, int] | None:
    """Where the points written at the end of ``text`` start, and their value ("Boyz - 90 pts" -> (4, 90)).

    The last "N pts" of the text, when only spaces follow it; a dash, colon or
    comma before it goes with it.
    """
    last = _last(_POINTS, text)
    if last is None or text[last.end() :].strip():
        return None
    start = len(text[: last.start()].rstrip())
    if start and text[start - 1] in "-–—:,":
        start = len(text[: start - 1].rstrip())
    return start, as_int(last.group(1))


def _without_trailing_points(text: str) -> str:
    trailing = _trailing_points(text)
    return text[: trailing[0]] if trailing is not None else text


def fenced(text: str) -> tuple[int, str] | None:
    """A line fenced with "+" on both sides: how many (the fewer of the two sides) and what is inside.

    "+++ Roster +++" -> (3, "Roster"); "++ Detachment ++" -> (2, …); "+ HQ +" -> (1, "HQ").
    """
    if len(text) < 2 or text[0] != "+" or text[-1] != "+":
        return None
    inner = text.strip("+")
    lead = len(text) - len(text.lstrip("+"))
    trail = len(text) - len(text.rstrip("+"))
    if not inner.strip():
        return None
    return min(lead, trail), inner.strip()


def header_field(text: str) -> tuple[str, str] | None:
    """A "+ KEY: value" line of the compact layouts: its key and value."""
    if not text.startswith("+") or ":" not in text:
        return None
    key, _, value = text[1:].partition(":")
    key = key.strip()
    if not 2 <= len(key) <= 40 or "+" in key:
        return None
    return key, value.strip()


def trailing_paren(text: str) -> tuple[str, str | None]:
    """``text`` without its last bracketed group, and that group's content.

    "Roster (Warhammer 40,000 9th Edition)" -> ("Roster", "Warhammer 40,000 9th Edition").
    """
    text = text.rstrip()
    if text.endswith(")"):
        start = text.rfind("(")
        if start >= 0 and ")" not in text[start:-1]:
            return text[:start].rstrip(), text[start + 1 : -1].strip() or None
    return text, None


def points_in(text: str) -> int | None:
    """The points a cost text gives ("[5 PL, -1CP, 90pts]" -> 90), if any."""
    found = _POINTS.findall(text)
    return as_int(found[-1]) if found else None


def split_items(text: str) -> list[str]:
    """Split a gear list at commas (and semicolons) outside brackets."""
    items: list[str] = []
    depth = 0
    current: list[str] = []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}" and depth:
            depth -= 1
        if ch in ",;" and depth == 0:
            items.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    items.append("".join(current).strip())
    return [i for i in items if i]


class Header(msgspec.Struct):
    """A line that may name a unit: ``Char1: 3x Name « Custom » [costs]: gear``."""

    name: str
    count: int | None = None
    points: int | None = None
    custom: str | None = None
    label: str | None = None
    gear: list[str] = msgspec.field(default_factory=list)
    #: ``points`` came from a bare number in brackets ("Squad (10)"): a model count when it fits the datasheet.
    bare: bool = False
    #: The name with its count as written ("2 × Bolter lourd"), when a count was read from it: some data
    #: names start with one.
    written: str | None = None


def _cost_group(rest: str) -> re.Match[str] | None:
    """The first bracket that gives points ("[5 PL, 90pts]", "(90 points)"), else a bare "(N)" at the end."""
    for pattern in (BRACKET, PAREN):
        for group in pattern.finditer(rest):
            if _POINTS.search(group.group(1)):
                return group
    return _BARE_PAREN.search(rest)


def parse_header(text: str, *, split: bool = True) -> Header | None:
    """Split a unit line into its parts; None when no name is left.

    Without a cost bracket, the first ": " ends the name and starts the gear
    ("1x Captain: Bolt pistol"); with ``split`` False it stays in the name, for
    the names that hold one ("Chapter Command: Chapter Master", "1: Gate of
    Infinity"): the reader tries both and keeps the one the datasheet knows.
    """
    rest = text.strip()
    label = None
    found = LABEL.match(rest)
    if found:
        label = found.group(1)
        rest = rest[found.end() :]
    points: int | None = None
    bare = False
    gear_text = ""
    cost = _cost_group(rest)
    if cost is not None:
        bare = cost.re is _BARE_PAREN
        points = as_int(cost.group(1)) if bare else points_in(cost.group(1))
        name_part = rest[: cost.start()]
        after = rest[cost.end() :].strip()
        # Several cost groups ("[5 PL] [90pts]"): drop the others from the name.
        name_part = BRACKET.sub(" ", name_part)
        if after.startswith(":"):
            gear_text = after[1:]
        elif after:
            gear_text = BRACKET.sub(lambda m: m.group(1), after)
    else:
        trailing = _trailing_points(rest)
        if trailing is not None and trailing[0] > 0:
            points = trailing[1]
            rest = rest[: trailing[0]]
        name_part, sep, gear_text = rest.partition(": ") if split else (rest, "", "")
        if not sep and name_part.endswith(":"):
            name_part = name_part[:-1]
    name_part = _OTHER_COSTS.sub(" ", name_part)
    custom = None
    quoted = _CUSTOM.search(name_part)
    if quoted is not None:
        custom = " ".join(next(g for g in quoted.groups() if g is not None).split()) or None
        name_part = name_part[: quoted.start()] + " " + name_part[quoted.end() :]
    name = " ".join(name_part.split()).strip(" -–—:,.")
    written = name
    count = None
    before = _COUNT_BEFORE.match(name)
    if before:
        count = int(before.group(1))
        name = name[before.end() :].strip()
    else:
        after_count = _COUNT_AFTER.search(name)
        if after_count and after_count.start() > 0:
            count = int(after_count.group(1) or after_count.group(2) or after_count.group(3))
            name = name[: after_count.start()].strip(" -–—:,.")
    if not name or not _WORDS.search(name):
        return None
    if count is not None and count > MAX_COUNT:  # harden: refused with a sentence, not read as 1000
        problem = over_bound(count, "models")
        assert problem is not None
        raise OutOfBounds(Bilingual.same(f"“{_clip(text)}”: ") + problem)
    return Header(
        name=name,
        count=count,
        points=points,
        custom=custom,
        label=label,
        gear=split_items(gear_text),
        bare=bare,
        written=written if count is not None else None,
    )


def title_of(text: str) -> str:
    """A title line without its points ("My army (1995 points)" -> "My army")."""
    for pattern in (BRACKET, PAREN):
        text = pattern.sub(lambda m: " " if _POINTS.search(m.group(1)) else m.group(0), text)
    text = _without_trailing_points(text)
    return " ".join(text.split()).strip(" -–—:")


def _clip(text: str) -> str:
    """A line of the source, cut short for a message."""
    text = text.strip()
    return text if len(text) <= 60 else text[:57] + "..."


def number_in(text: str) -> int | None:
    """The points a setting line gives: "N pts" if written, else its last number."""
    long_number = _LONG_NUMBER.search(text)
    if long_number is not None:  # harden: "2147483648 points" is not 648 points
        raise OutOfBounds(
            Bilingual(
                fr=f"“{_clip(text)}” : un nombre de {len(long_number.group())} chiffres, au-delà de tout ce qu'Ost lit",
                en=f"“{_clip(text)}”: a number of {len(long_number.group())} digits, beyond anything Ost reads",
            )
        )
    value = points_in(text)
    if value is not None:
        return value
    last = _last(_NUMBER, text)
    return as_int(last.group(0)) if last else None
