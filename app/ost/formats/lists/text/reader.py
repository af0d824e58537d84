"""Army lists pasted as text, and Ost lists written out as text.

Four layouts are read, and may be mixed:

- BattleScribe's text export: ``++ Detachment (Faction) [costs] ++``,
  ``+ Role +``, ``Unit [N PL, N pts]: gear, gear`` and nested
  ``. 3x Model: gear`` or ``• 9x Boy`` lines; its full form adds
  ``Selections:``, ``Categories:``, ``Rules:``… lines under each unit and
  model line, and writes configuration choices as ``Clan Kultur`` followed
  by ``Selections: Goffs``;
- the official app: a title line with points, ALL-CAPS role sections
  ("HQ", "TROOPS"), ``Unit (N points)`` followed by ``• 1x Model`` and
  ``◦ gear`` bullet lines;
- New Recruit / WTC compact forms: ``+ KEY: value`` headers, ``Char1:``
  labels, ``1x Unit (N pts): gear``;
- plain lines: ``3x Unit (N pts)``, ``Unit - N pts``, or a bare unit name.

Every line is accounted for in the :class:`~ost.formats.lists.reading.ReadingReport`:
a unit (matched to the catalogue with a confidence, or kept as an unknown
unit when the line clearly is one), a recognised header, setting or detail, or
a line not understood, reported with its number. Every guess is a warning
with its line. Nothing is dropped silently.

A count before or after a name (``3x Rhino``, ``Tactical Squad 10x``,
``Squad x10``) is the number of models; for a datasheet of one model it is
the number of units. Model lines give the unit's size and, under a datasheet
with several model kinds, its composition. Prices written are kept as the
list states them (``Unit.stated_points``, ``ArmyList.stated_total``), and
priced wargear the catalogue lacks as ``Unit.extra_options``. Sub-faction
lines ("Chapter: Ultramarines") fill the placeholders they name.

Every pattern runs in time linear in its line (see the note above them).

:func:`export_text` writes an Ost list in the BattleScribe-like form, so that
reading it back gives the same list (see its docstring for what a text
cannot hold).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz, process

from ost.core.armylist import (
    ArmyList,
    Carried,
    Detachment,
    ListOrigin,
    ModelGroup,
    StatedOption,
    Unit,
    UnitSnapshot,
    snapshot_of,
    unit_points,
)
from ost.core.catalogue import Catalogue, Datasheet, ModelKind, WargearKind, WargearOption
from ost.core.roles import Role
from ost.core.text import fold, is_placeholder, slug
from ost.formats.lists.reading import (
    GUESS_THRESHOLD,
    MATCH_THRESHOLD,
    IgnoredEntry,
    ListReadError,
    MatchedUnit,
    NameMatch,
    NameMatcher,
    ReadingReport,
    UnknownEntry,
    majority_faction,
    match_option,
    name_key,
    names_match,
    shorten,
)

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

# Every pattern here runs in time linear in the line (tests/test_patterns_linear.py checks
# them all on long adversarial runs): no two unbounded quantifiers over overlapping
# characters follow each other or nest, and nothing starts with an unbounded run that a
# search would retry from every position. Trimming, fences and "the last match" are
# done in Python instead.

# "2 000", "2.000", "2,000" and narrow/non-breaking spaces are thousands separators.
_NUM = r"\d{1,3}(?:[ .,\u00a0\u202f]\d{3})+(?!\d)|\d{1,7}"
_NUMBER = re.compile(_NUM)
_POINTS = re.compile(rf"(?<![\w.,])({_NUM})(?:[.,]0+)?\s*(?:pts|pt|points?)(?![a-z])\.?", re.IGNORECASE)
_BRACKET = re.compile(r"\[([^\[\]]{0,300})\]")
_PAREN = re.compile(r"\(([^()]{0,300})\)")
#: A bracket with power level or command points only ("(10 PL)", "[-1CP]"): not part of a name.
_OTHER_COSTS = re.compile(r"[\[(]\s*[-+]?\d{1,4}\s*(?:PL|CP|PP)(?:\s*,\s*[-+]?\d{1,4}\s*(?:PL|CP|PP))*\s*[\])]", re.I)
#: "(55)" at the end of a name or before its colon: points, or a model count (see ``_Header.bare``).
_BARE_PAREN = re.compile(r"\(\s*(\d{1,5})\s*\)\s*(?=:|$)")
_COUNT_BEFORE = re.compile(r"^(\d{1,4})\s*[x×]\s*(?=\S)", re.IGNORECASE)
#: A count after a single-spaced name: "Squad x10", "Squad 10x", "Squad (x10)", "Squad (10x)", and
#: "Squad (10)" when the points are written apart ("Squad (10) (180 pts)").
_COUNT_AFTER = re.compile(r"(?<![^ (])\(?(?:[x×] ?(\d{1,4})|(\d{1,4}) ?[x×])\)?$|(?<= )\((\d{1,4})\)$", re.IGNORECASE)
_LABEL = re.compile(r"^((?:char|unit|perso|unite)\s*\d{1,3})\s*:\s*", re.IGNORECASE)
#: A custom name in quotes; the spaces inside are trimmed in Python.
_CUSTOM = re.compile(r"«([^»]{1,200})»|“([^”]{1,200})”|\"([^\"]{1,200})\"")
_SEPARATOR = re.compile(r"[=+\-_*#~.·•&]{1,}")
_FOOTER = re.compile(
    r"^(?:created with|exported (?:with|from)|généré|genere|made with|app:|data:|app version|data version"
    r"|warhammer 40,?000(?: app)?$|battlescribe$|new recruit$)",
    re.IGNORECASE,
)
_DOTS = re.compile(r"^(\.{1,6})\s+(?=\S)")
_BULLET = re.compile(r"^([•◦○▪■▫□‣∙●◆◇➢►»>]|[-–—*])\s+")
_BULLET_LEVEL = {"•": 1, "●": 1, "◆": 1, "►": 1, "➢": 1, "◦": 2, "○": 2, "◇": 2, "▪": 3, "■": 3, "▫": 3, "□": 3}
_LIMIT = re.compile(
    r"^(?:points? limit|limite(?: de points)?|game size|taille(?: de (?:la )?partie)?|format|battle size"
    r"|taille de bataille)\b",
    re.IGNORECASE,
)
_BATTLE_SIZE = re.compile(
    r"^(?:combat patrol|incursion|strike force|onslaught|patrouille|force de frappe|assaut|offensive)\b",
    re.IGNORECASE,
)
_TOTAL = re.compile(r"^(?:total(?: army points)?|total de l'armée|points totaux)\b", re.IGNORECASE)
_PLACEHOLDER_VALUE = re.compile(r"^(<[^<>]{1,40}>)\s*[=:]\s*(.{1,60})$")
_NOT_DIGIT = re.compile(r"\D")
_PLURAL_S = re.compile(r"s\b", re.IGNORECASE)

#: A cost bracket that gives a power level: BattleScribe's HTML export writes one on every unit's heading
#: ("Warboss [5 PL, 95pts]") and none on what the unit holds ("Boss Nob [18pts]").
_PL = re.compile(r"\d\s*PL\b", re.IGNORECASE)
#: A profile table's heading row of BattleScribe's HTML export, copied without its tabs.
_TABLE_HEAD = re.compile(
    r"^(?:unit|weapon|abilities|psychic power|psyker|transport|wound track|explosion|stat damage)"
    r" +(?:m|range|description|warp charge|cast|capacity|remaining|dice roll|characteristic)(?: |$)",
    re.IGNORECASE,
)
#: One HTML tag (bounded: the tags of BattleScribe's export are short); block tags end a line.
_TAG = re.compile(r"<(/?)([a-zA-Z!][a-zA-Z0-9-]{0,10})[^<>]{0,2000}>")
_BLOCK_TAGS = {"h1", "h2", "h3", "h4", "h5", "p", "li", "tr", "br", "div", "ul", "table"}
_CELL_TAGS = {"td", "th"}
_ENTITIES = {"&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&apos;": "'", "&nbsp;": " ", "&amp;": "&"}

_WARLORD = {fold(w) for w in ("Warlord", "Seigneur de guerre", "Seigneur de Guerre (Warlord)")}
_RESERVE = {fold(w) for w in ("Reserve", "Reserves", "In reserve", "Réserve", "En réserve", "Réserves")}
_CONFIG_SECTIONS = {
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
_OTHER_SECTIONS = {
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
_UNSLOTTED_SECTIONS = {
    fold(s)
    for s in ("Agent of the Imperium", "Agents of the Imperium", "Primarch | Daemon Primarch | Supreme Commander")
}
_NON_MODEL_PREFIXES = tuple(
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
_DETAIL_KEYS = {
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
#: (folded names inside the brackets, English and French). "" fills a datasheet's only placeholder.
_SUBFACTIONS: dict[str, tuple[str, ...]] = {
    "chapter": ("chapter", "chapitre"),
    "chapitre": ("chapter", "chapitre"),
    "clan": ("clan",),
    "craftworld": ("craftworld", "vaisseau-monde", "vaisseau monde"),
    "vaisseau-monde": ("craftworld", "vaisseau-monde", "vaisseau monde"),
    "dynasty": ("dynasty", "dynastie"),
    "dynastie": ("dynasty", "dynastie"),
    "sept": ("sept",),
    "hive fleet": ("hive fleet", "flotte-ruche", "flotte ruche"),
    "flotte-ruche": ("hive fleet", "flotte-ruche", "flotte ruche"),
    "regiment": ("regiment",),
    "forge world": ("forge world", "monde-forge", "monde forge"),
    "monde-forge": ("forge world", "monde-forge", "monde forge"),
    "order": ("order", "ordre"),
    "ordre": ("order", "ordre"),
    "legion": ("legion",),
    "kabal": ("kabal", "cabale"),
    "cabale": ("kabal", "cabale"),
    "household": ("household", "maisonnee"),
    "maisonnee": ("household", "maisonnee"),
    "sub-faction": ("",),
    "subfaction": ("",),
    "sous-faction": ("",),
}
#: Words after the sub-faction's name in a configuration line ("Craftworld Selection", "Clan Kultur").
_SUBFACTION_SUFFIXES = ("selection", "choice", "kultur", "affiliation", "choix")


def _subfaction_of(key: str) -> str | None:
    """The sub-faction a configuration key names ("Craftworld Selection" -> "craftworld"), if any."""
    folded = " ".join(_BRACKET.sub(" ", fold(key)).split())
    for suffix in _SUBFACTION_SUFFIXES:
        if folded.endswith(" " + suffix):
            folded = folded[: -len(suffix) - 1]
    return folded if folded in _SUBFACTIONS else None


def _fills(subfaction: str, placeholder: str, placeholders: tuple[str, ...]) -> bool:
    """Whether a sub-faction choice fills ``placeholder`` (one of a datasheet's ``placeholders``)."""
    inner = fold(placeholder.strip("<> "))
    names = _SUBFACTIONS[subfaction]
    return inner in names or inner.replace("-", " ") in names or (names == ("",) and len(placeholders) == 1)


def decode_text(data: bytes, source: str) -> str:
    """Text from bytes: UTF-8 (with or without BOM), UTF-16 with a BOM, else Windows-1252.

    Raises :class:`ListReadError` for data that is too large or binary.
    """
    if len(data) > MAX_TEXT_BYTES:
        raise ListReadError(source, f"the text is larger than {MAX_TEXT_BYTES // (1024 * 1024)} MB: not an army list")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise ListReadError(source, "not readable UTF-16 text") from None
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    controls = sum(1 for ch in text if (ord(ch) < 32 and ch not in "\t\n\r\f") or ch == "\x7f")
    if "\x00" in text or controls > max(2, len(text) // 100):
        raise ListReadError(source, "binary data, not a text list")
    return text


# --- parsing one line ----------------------------------------------------------------


def _int(text: str) -> int:
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
    return start, _int(last.group(1))


def _without_trailing_points(text: str) -> str:
    trailing = _trailing_points(text)
    return text[: trailing[0]] if trailing is not None else text


def _fenced(text: str) -> tuple[int, str] | None:
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


def _header_field(text: str) -> tuple[str, str] | None:
    """A "+ KEY: value" line of the compact layouts: its key and value."""
    if not text.startswith("+") or ":" not in text:
        return None
    key, _, value = text[1:].partition(":")
    key = key.strip()
    if not 2 <= len(key) <= 40 or "+" in key:
        return None
    return key, value.strip()


def _trailing_paren(text: str) -> tuple[str, str | None]:
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
    return _int(found[-1]) if found else None


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


@dataclass
class _Header:
    """A line that may name a unit: ``Char1: 3x Name « Custom » [costs]: gear``."""

    name: str
    count: int | None = None
    points: int | None = None
    custom: str | None = None
    label: str | None = None
    gear: list[str] = field(default_factory=list)
    #: ``points`` came from a bare number in brackets ("Squad (10)"): a model count when it fits the datasheet.
    bare: bool = False


def _cost_group(rest: str) -> re.Match[str] | None:
    """The first bracket that gives points ("[5 PL, 90pts]", "(90 points)"), else a bare "(N)" at the end."""
    for pattern in (_BRACKET, _PAREN):
        for group in pattern.finditer(rest):
            if _POINTS.search(group.group(1)):
                return group
    return _BARE_PAREN.search(rest)


def parse_header(text: str) -> _Header | None:
    """Split a unit line into its parts; None when no name is left."""
    rest = text.strip()
    label = None
    found = _LABEL.match(rest)
    if found:
        label = found.group(1)
        rest = rest[found.end() :]
    points: int | None = None
    bare = False
    gear_text = ""
    cost = _cost_group(rest)
    if cost is not None:
        bare = cost.re is _BARE_PAREN
        points = _int(cost.group(1)) if bare else points_in(cost.group(1))
        name_part = rest[: cost.start()]
        after = rest[cost.end() :].strip()
        # Several cost groups ("[5 PL] [90pts]"): drop the others from the name.
        name_part = _BRACKET.sub(" ", name_part)
        if after.startswith(":"):
            gear_text = after[1:]
        elif after:
            gear_text = _BRACKET.sub(lambda m: m.group(1), after)
    else:
        trailing = _trailing_points(rest)
        if trailing is not None and trailing[0] > 0:
            points = trailing[1]
            rest = rest[: trailing[0]]
        name_part, sep, gear_text = rest.partition(": ")
        if not sep and name_part.endswith(":"):
            name_part = name_part[:-1]
    name_part = _OTHER_COSTS.sub(" ", name_part)
    custom = None
    quoted = _CUSTOM.search(name_part)
    if quoted is not None:
        custom = " ".join(next(g for g in quoted.groups() if g is not None).split()) or None
        name_part = name_part[: quoted.start()] + " " + name_part[quoted.end() :]
    name = " ".join(name_part.split()).strip(" -–—:,.")
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
    if count is not None:
        count = min(count, MAX_COUNT)
    return _Header(
        name=name, count=count, points=points, custom=custom, label=label, gear=split_items(gear_text), bare=bare
    )


@dataclass
class _Item:
    """A wargear or model line under a unit, with its own nested items."""

    line: int
    level: int
    name: str
    count: int | None
    children: list[_Item] = field(default_factory=list)
    #: Points written on the line itself ("5x Gizmo [100 pts]").
    points: int | None = None

    @property
    def times(self) -> int:
        return self.count if self.count is not None else 1


def _item(line: int, level: int, text: str) -> _Item | None:
    label, sep, value = text.partition(":")
    if _PLACEHOLDER_VALUE.match(text.strip()) or (sep and value.strip() and _subfaction_of(label) is not None):
        # "<CHAPITRE>: ULTRAMARINES" and "Chapter: Ultramarines" are one mark, not a name followed by gear.
        return _Item(line, level, text.strip(), None)
    header = parse_header(text)
    if header is None:
        return None
    item = _Item(line, level, header.name, header.count, points=header.points)
    for sub in header.gear:
        child = _item(line, level + 1, sub)
        if child is not None:
            item.children.append(child)
    return item


@dataclass
class _Pending:
    """A unit line and what follows it, resolved once the whole text is read."""

    line: int
    text: str
    header: _Header
    detachment: Detachment
    hint: str | None
    role: Role | None
    indent: int
    items: list[_Item] = field(default_factory=list)
    #: Items of a "Selections:" line under the unit, read like the gear on its own line.
    selections: list[tuple[int, str]] = field(default_factory=list)
    child_indent: int | None = None
    units: list[Unit] = field(default_factory=list)

    def add(self, item: _Item) -> None:
        """Attach ``item`` under the last item of a lower level, or to the unit."""
        siblings = self.items
        while siblings and siblings[-1].level < item.level:
            siblings = siblings[-1].children
        siblings.append(item)


# --- the reader ------------------------------------------------------------------------


class _TextReader:
    def __init__(self, catalogue: Catalogue, source: str, matcher: NameMatcher | None = None) -> None:
        self.catalogue = catalogue
        self.source = source
        self.matcher = matcher if matcher is not None and matcher.catalogue is catalogue else NameMatcher(catalogue)
        self.report = ReadingReport(source=source, format="text")
        self.army = ArmyList()
        self.pending: list[_Pending] = []
        self.current: _Pending | None = None
        self.section_role: Role | None = None
        self.section_kind = "units"
        self.document_hint: str | None = None
        self.detachment_hints: dict[str, str | None] = {}
        self.declared_total: int | None = None
        self.seen_content = False
        self.layouts: set[str] = set()
        self.warlord_hint: str | None = None
        #: The last nested line and its unit: a "Selections:" line below it gives its gear.
        self.last_item: tuple[_Pending, _Item] | None = None
        #: The configuration line a "Selections:" line gives the choice of ("Clan Kultur").
        self.config_key: tuple[int, str] | None = None
        #: The line naming the list's faction ("Necrons" in the app's heading), if any.
        self.faction_line: int | None = None
        #: The game system a BattleScribe title names ("Warhammer 40,000 9th Edition").
        self.game_system: str | None = None
        #: Sub-faction choices: detachment id ("" before any) -> [(sub-faction, value, line)].
        self.subfactions: dict[str, list[tuple[str, str, int]]] = {}
        #: The text is BattleScribe's HTML export, copied as text or given as HTML.
        self.html = False

    # -- line by line -----------------------------------------------------------------

    def read(self, text: str) -> tuple[ArmyList, ReadingReport]:
        if _is_html(text):
            text = html_to_text(text)
        lines = text.splitlines()
        if len(lines) > MAX_LINES:
            raise ListReadError(self.source, f"{len(lines)} lines: too long to be an army list (at most {MAX_LINES})")
        self.html = _looks_like_html_export(lines)
        if self.html:
            self.layouts.add("battlescribe-html")
        for number, raw in enumerate(lines, 1):
            if self.html and raw.count("\t") >= 2:
                # A row of a profile table (the datasheet's, which Ost has): recognised, not read.
                self._ignore(number, " ".join(raw.split()), "profile")
                continue
            self._line(number, raw.replace("\t", "    ").rstrip())
        self._finish()
        return self.army, self.report

    def _html_line(self, number: int, text: str) -> bool:
        """A line of BattleScribe's HTML export copied as text (see :func:`_looks_like_html_export`).

        Headings carry no fences there: the force ("Patrol Detachment -2CP
        (Orks) [costs]"), the sections ("HQ [5 PL, 95pts]", "Configuration"),
        each unit ("Warboss [5 PL, 95pts]", with a power level) and what each
        holds ("Boss Nob [18pts]", "Craftworlds Warlord", without one), then
        ``Selections:``, ``Categories:``… lines and profile tables.
        """
        if _TABLE_HEAD.match(text):
            self._ignore(number, text, "profile")
            return True
        key, sep, _ = text.partition(":")
        if sep and fold(key) in _DETAIL_KEYS and fold(key) != "selections" and self.section_kind != "config":
            self._ignore(number, text, "details")
            return True
        bracket = _BRACKET.search(text)
        name = " ".join(_BRACKET.sub(" ", text).split())
        head, paren = _trailing_paren(name)
        if paren is not None and bracket is not None and self.seen_content and self._names_a_force(head, paren):
            self._new_detachment(name, self.matcher.faction_of(paren) or self.matcher.faction_of(name))
            self.section_role, self.section_kind = None, "units"
            self.current = None
            self._ignore(number, text, "detachment")
            return True
        if not sep and self.seen_content and len(name) <= 60 and self._set_section(name):
            self.current = None
            self._ignore(number, text, "section")
            return True
        current = self.current
        if current is None or self.section_kind == "config" or (sep and fold(key) == "selections"):
            return False
        powered = bracket is not None and _PL.search(bracket.group(1)) is not None
        if powered:
            return False  # a unit's heading
        item = _item(number, 1, text)
        if item is None:
            return False
        current.add(item)
        self.last_item = (current, item)
        self._ignore(number, text, "model or upgrade")
        return True

    def _names_a_force(self, head: str, paren: str) -> bool:
        """Whether "head (paren)" names a force: a detachment, or a faction in brackets that no datasheet is."""
        if "detachment" in fold(head) or "detachement" in fold(head):
            return True
        if self.matcher.faction_of(paren) is None:
            return False
        found = self.matcher.best(head, None)
        return found is None or found.score < MATCH_THRESHOLD

    def _ignore(self, number: int, text: str, reason: str) -> None:
        self.report.ignored.append(IgnoredEntry(where="", text=shorten(text), reason=reason, line=number))

    def _not_understood(self, number: int, text: str, guess: NameMatch | None = None) -> None:
        self.report.unknown.append(
            UnknownEntry(
                kind="line",
                where="",
                text=shorten(text),
                line=number,
                guess=guess.sheet.name if guess is not None and guess.score >= GUESS_THRESHOLD else None,
                guess_confidence=guess.confidence if guess is not None and guess.score >= GUESS_THRESHOLD else None,
            )
        )

    def _line(self, number: int, line: str) -> None:
        stripped = line.strip()
        if not stripped:
            return
        if len(stripped) > MAX_LINE_CHARS:
            self._not_understood(number, stripped)
            return
        indent = len(line) - len(line.lstrip())
        if _SEPARATOR.fullmatch(stripped):
            self._ignore(number, stripped, "separator")
            return
        if _FOOTER.match(stripped):
            self._ignore(number, stripped, "footer")
            return
        if self.html and self._html_line(number, stripped):
            return
        if self._structure(number, stripped):
            return
        if self._details(number, stripped):
            return
        if self._child(number, stripped, indent):
            return
        if self._setting(number, stripped):
            return
        if self._subfaction_line(number, stripped):
            return
        if self._role_section(number, stripped):
            return
        self._unit_line(number, stripped, indent)

    def _details(self, number: int, text: str) -> bool:
        """``Selections:``, ``Categories:``, ``Rules:``… lines of BattleScribe's full export.

        The selections of a unit are read like the gear on its own line, those
        of a model line as that model's gear, those of a configuration line
        ("Clan Kultur" then "Selections: Goffs") as its choice. The rest
        describes the datasheet, which Ost has: recognised, not read.
        """
        key, sep, value = text.partition(":")
        if not sep or fold(key) not in _DETAIL_KEYS:
            return False
        if fold(key) != "selections":
            # Only under a unit or a configuration line, and never with a price: "Transport: Rhino
            # (75 pts)" in a plain list is a unit.
            if (self.current is None and self.section_kind != "config") or points_in(value) is not None:
                return False
            self.layouts.add("battlescribe")
            self._ignore(number, text, "details")
            return True
        self.layouts.add("battlescribe")
        if self.section_kind == "config" and self.config_key is not None:
            self._config_choice(number, self.config_key[1], value)
            return True
        current = self.current
        if current is None:
            self._not_understood(number, text)
            return True
        target = self.last_item[1] if self.last_item is not None and self.last_item[0] is current else None
        for piece in split_items(value):
            if target is None:
                current.selections.append((number, piece))
            else:
                child = _item(number, target.level + 1, piece)
                if child is not None:
                    target.children.append(child)
        self._ignore(number, text, "selections")
        return True

    def _subfaction_line(self, number: int, text: str) -> bool:
        """A sub-faction choice ("Chapter: Ultramarines", "Craftworld Selection: Saim-Hann").

        In a configuration section, a line without a colon names a choice that
        follows on a ``Selections:`` line ("Clan Kultur", then "Selections: Goffs").
        """
        key, sep, value = text.partition(":")
        subfaction = _subfaction_of(key)
        if sep and subfaction is not None and value.strip():
            self._config_choice(number, key, value)
            return True
        if self.section_kind == "config" and not sep:
            self.config_key = (number, _BRACKET.sub(" ", text).strip())
            self._ignore(number, text, "configuration")
            return True
        return False

    def _bare_subfaction(self, number: int, text: str) -> bool:
        """A sub-faction named alone in the app's heading ("Necrons", "Incursion (1000 points)", "Sautekh").

        Only before any unit, after the faction's line, and for a short name
        (three words at most, no digits): it fills each unit's only
        placeholder, and the report says so (and says when it fills none).
        """
        words = text.split()
        if self.pending or self.faction_line is None or not 1 <= len(words) <= 3:
            return False
        if any(not (ch.isalpha() or ch in " '’-") for ch in text):
            return False
        self._choose("sub-faction", text.strip(), number)
        self.report.warn(
            f"« {text.strip()} » lu comme la sous-faction de l'armée.",
            f"“{text.strip()}” read as the army's sub-faction.",
            number,
        )
        self._ignore(number, text, "sub-faction")
        return True

    def _choose(self, subfaction: str, value: str, number: int) -> None:
        """Record a sub-faction choice for the current detachment (before any: for the whole list)."""
        where = self.army.detachments[-1].id if self.army.detachments else ""
        self.subfactions.setdefault(where, []).append((subfaction, value, number))

    def _config_choice(self, number: int, key: str, value: str) -> None:
        subfaction = _subfaction_of(key)
        choice = " ".join(_BRACKET.sub(" ", value).split()).strip(" .:")
        text = f"{' '.join(key.split())}: {choice}"
        if subfaction is not None and choice:
            self._choose(subfaction, choice, number)
            self._ignore(number, text, "sub-faction")
        elif _LIMIT.match(key) and points_in(value) is not None:
            self.army.points_limit = points_in(value)
            self._ignore(number, text, "points limit")
        else:
            self._ignore(number, text, "configuration")

    def _structure(self, number: int, text: str) -> bool:
        """``+++ roster +++``, ``++ detachment ++``, ``+ Role +`` and ``+ KEY: value`` lines."""
        fence = _fenced(text)
        if fence is not None and fence[0] >= 3:
            self.layouts.add("battlescribe")
            inner = fence[1]
            # "+++ Name (Game System) [costs] +++": the game system in brackets is the data the list was built with.
            name, system = _trailing_paren(_BRACKET.sub(" ", inner).strip())
            self.game_system = self.game_system or system
            if name and not self.army.name:
                self.army.name = " ".join(name.split())
            total = points_in(inner)
            if total is not None:
                self.declared_total = total
            self._ignore(number, text, "title")
            self.current = None
            return True
        if fence is not None and fence[0] == 2:
            self.layouts.add("battlescribe")
            inner = fence[1]
            self.current = None
            if fold(inner).startswith("total"):
                total = points_in(inner)
                if total is not None:
                    self.declared_total = total
                self._ignore(number, text, "total")
                return True
            name = " ".join(_BRACKET.sub(" ", inner).split())
            self._new_detachment(name, self.matcher.faction_of(name))
            self.section_role, self.section_kind = None, "units"
            self._ignore(number, text, "detachment")
            return True
        header = _header_field(text)
        if header is not None:
            self.layouts.add("compact")
            self._header_field(number, text, *header)
            return True
        if fence is not None and "+" not in fence[1]:
            self.current = None
            self.seen_content = True
            # "+ HQ [5 PL, 90pts] +": the costs of a section are not part of its name.
            title = " ".join(_BRACKET.sub(" ", fence[1]).split())
            if not self._set_section(title):
                self.section_role, self.section_kind = None, "other"
                self.report.warn(
                    f"Section « {shorten(title, 60)} » inconnue : ses unités gardent le rôle de leur fiche.",
                    f"Unknown section “{shorten(title, 60)}”: its units keep their datasheet's role.",
                    number,
                )
            self._ignore(number, text, "section")
            return True
        return False

    def _header_field(self, number: int, text: str, key: str, value: str) -> None:
        field_key = fold(key)
        if "point" in field_key or field_key.startswith("total"):
            total = points_in(value) if points_in(value) is not None else (_int(value) if value.strip() else None)
            if total:
                self.declared_total = total
        elif "faction" in field_key:
            hint = self.matcher.faction_of(value)
            self.document_hint = hint or self.document_hint
        elif "detachment" in field_key or "detachement" in field_key:
            if not self.army.detachments:
                self._new_detachment(" ".join(value.split()), self.document_hint)
            elif not self.army.detachments[-1].name:
                self.army.detachments[-1].name = " ".join(value.split())
        elif "warlord" in field_key or "seigneur" in field_key:
            self.warlord_hint = value
        elif _subfaction_of(key) is not None and value.strip():
            self._config_choice(number, key, value)
            return
        self._ignore(number, text, "header")

    def _set_section(self, title: str) -> bool:
        key = fold(title.strip(" :=#*-"))
        if key in _CONFIG_SECTIONS:
            self.section_role, self.section_kind = None, "config"
            return True
        if key in _OTHER_SECTIONS:
            self.section_role, self.section_kind = None, "units"
            return True
        if key in _UNSLOTTED_SECTIONS:
            self.section_role, self.section_kind = Role.UNSLOTTED, "unslotted"
            return True
        for candidate in (title, title.rstrip("sS"), _PLURAL_S.sub("", title)):
            try:
                role = Role.parse(candidate.strip(" :=#*-"))
            except ValueError:
                continue
            self.section_role = role
            self.section_kind = "unslotted" if role is Role.UNSLOTTED else "units"
            return True
        return False

    def _role_section(self, number: int, text: str) -> bool:
        """A line that is only a role name: "HQ", "TROUPES", "== Élite ==", "Fast Attack:"."""
        core = text.strip(" :=#*-_")
        if not core or len(core) > 40 or any(ch.isdigit() for ch in core) or "[" in core or "(" in core:
            return False
        if not self._set_section(core):
            return False
        if core.isupper():
            self.layouts.add("app")
        self.current = None
        self.seen_content = True
        self._ignore(number, text, "section")
        return True

    def _setting(self, number: int, text: str) -> bool:
        """Points limit, battle size and total lines."""
        value: int | None = None
        if _LIMIT.match(text) or (_BATTLE_SIZE.match(text) and points_in(text) is not None):
            # "Battle Size [12CP]" gives command points; its size follows on a "Selections:" line.
            sized = fold(text).startswith(("battle size", "taille de bataille"))
            value = points_in(text) if sized else _number_in(text)
            if value:
                self.army.points_limit = value
                self._ignore(number, text, "points limit")
                return True
        if _TOTAL.match(text):
            value = _number_in(text)
            if value:
                self.declared_total = value
                self._ignore(number, text, "total")
                return True
        return False

    def _child(self, number: int, text: str, indent: int) -> bool:
        """A nested line (``. 3x Model: gear``, ``• 1x Model``, ``◦ gear``, an indented line)."""
        current = self.current
        dots = _DOTS.match(text)
        bullet = _BULLET.match(text)
        if dots is not None:
            if current is None:
                self._not_understood(number, text)
                return True
            level = len(dots.group(1))
            body = text[dots.end() :]
        elif bullet is not None:
            if current is None:
                return False  # a bulleted unit line
            mark = bullet.group(1)
            body = text[bullet.end() :]
            if indent <= current.indent and self._names_a_unit(body, current, plain_bullet=mark not in _BULLET_LEVEL):
                return False
            level = _BULLET_LEVEL.get(mark) or self._indent_level(current, indent)
        elif current is not None and indent > current.indent and points_in(text) is None:
            level = self._indent_level(current, indent)
            body = text
        else:
            return False
        item = _item(number, level, body)
        if item is None:
            self._not_understood(number, text)
            return True
        self.layouts.add("battlescribe" if dots is not None else "app")
        current.add(item)
        self.last_item = (current, item)
        return True

    def _names_a_unit(self, body: str, current: _Pending, *, plain_bullet: bool) -> bool:
        """Whether a bulleted line at the unit's margin starts a new unit rather than adding to it.

        A "•" line does when it names a datasheet and gives points; a "-" or
        "*" line (plain lists use them for units) when it names a datasheet.
        Neither does when it names a model kind or an option of the unit above.
        """
        header = parse_header(body)
        if header is None:
            return False
        if not plain_bullet and header.points is None:
            return False
        # "• 9x Boy [72 pts]" under Boyz is one of its models, however close "Boy" comes to a datasheet.
        own = self.matcher.match(current.header.name, current.hint)
        if own is not None and (_kind_named(own.sheet, header.name) or match_option(own.sheet, header.name)):
            return False
        found = self.matcher.best(header.name, current.hint)
        return found is not None and found.score >= MATCH_THRESHOLD

    @staticmethod
    def _indent_level(current: _Pending, indent: int) -> int:
        if current.child_indent is None:
            current.child_indent = indent
        return 1 + max(0, indent - current.child_indent) // 2

    def _unit_line(self, number: int, text: str, indent: int) -> None:
        body = text
        bullet = _BULLET.match(text)
        if bullet is not None:
            body = text[bullet.end() :]
        header = parse_header(body)
        self.current = None
        if header is None:
            self._not_understood(number, text)
            return
        if header.label:
            self.layouts.add("compact")
        hint = self._hint()
        found = self.matcher.best(header.name, hint)
        matched = found is not None and found.score >= MATCH_THRESHOLD
        if not matched and ": " in header.name:
            # "HQ: Captain", "Transport: Rhino": a label before the datasheet's name.
            rest = header.name.partition(": ")[2].strip()
            after_label = self.matcher.best(rest, hint)
            if after_label is not None and after_label.score >= MATCH_THRESHOLD:
                header.name, found, matched = rest, after_label, True
        if self.section_kind == "config":
            self.config_key = (number, header.name)
            self._ignore(number, text, "configuration")
            return
        clearly_unit = header.points is not None or header.count is not None or header.label is not None
        if not matched and not self.seen_content and header.count is None and header.label is None:
            # The first line: a title ("My army (1995 points)") or the faction.
            if not self.army.name:
                self.army.name = _title_of(text)
            if header.points is not None:
                self.declared_total = header.points
            faction = self.matcher.faction_of(text)
            self.document_hint = faction or self.document_hint
            if faction is not None and fold(header.name) == fold(text):
                self.faction_line = number  # the list is named after its faction
            self._ignore(number, text, "title")
            self.seen_content = True
            return
        if not matched and not clearly_unit:
            faction = self.matcher.faction_of(text)
            if faction is not None and fold(header.name) == fold(text):
                self.document_hint = faction
                self.faction_line = number
                self._ignore(number, text, "faction")
                return
            if self._bare_subfaction(number, text):
                return
            self._not_understood(number, text, found)
            return
        if not matched and self.section_kind == "unslotted" and header.points is None:
            self._not_understood(number, text, found)
            return
        self.seen_content = True
        detachment = self._detachment()
        pending = _Pending(number, text, header, detachment, hint, self.section_role, indent)
        self.pending.append(pending)
        self.current = pending
        if len(self.pending) > MAX_UNITS:
            raise ListReadError(self.source, f"more than {MAX_UNITS} units: not an army list")

    # -- detachments and hints ----------------------------------------------------------

    def _new_detachment(self, name: str, hint: str | None) -> Detachment:
        detachment = Detachment(id=f"d{len(self.army.detachments) + 1}", name=name)
        self.army.detachments.append(detachment)
        self.detachment_hints[detachment.id] = hint
        self.seen_content = True
        return detachment

    def _detachment(self) -> Detachment:
        if not self.army.detachments:
            return self._new_detachment("", self.document_hint)
        return self.army.detachments[-1]

    def _hint(self) -> str | None:
        if self.army.detachments:
            hint = self.detachment_hints.get(self.army.detachments[-1].id)
            if hint:
                return hint
        return self.document_hint

    # -- resolving units ----------------------------------------------------------------

    def _finish(self) -> None:
        exact = [
            m.sheet
            for p in self.pending
            if (m := self.matcher.best(p.header.name, p.hint)) is not None and m.score >= 100
        ]
        fallback = majority_faction(exact)
        unit_number = 0
        for pending in self.pending:
            hint = pending.hint or fallback
            found = self.matcher.best(pending.header.name, hint)
            sheet = found.sheet if found is not None and found.score >= MATCH_THRESHOLD else None
            for unit in self._units(pending, sheet):
                unit_number += 1
                unit.id = f"u{unit_number}"
                pending.detachment.units.append(unit)
                pending.units.append(unit)
                self._record(pending, unit, sheet, found)
        if self.warlord_hint:
            self._mark_warlord(self.warlord_hint)
        self._apply_subfactions()
        self.army.stated_total = self.declared_total
        self.army.origin = ListOrigin(format="text", data=self.game_system)
        if not self.army.detachments and not self.pending:
            first = next(iter(self.report.unknown_lines), None)
            detail = f" (line {first.line}: “{first.text}”)" if first is not None else ""
            raise ListReadError(self.source, f"no army list found in this text{detail}")
        self.report.layout = self._layout()
        self.report.unknown.sort(key=lambda u: u.line or 0)
        self._check_total()

    def _layout(self) -> str:
        for name in ("battlescribe", "app", "compact"):
            if name in self.layouts:
                return name
        return "plain"

    def _check_total(self) -> None:
        if self.declared_total is None:
            return
        read = sum(p.header.points or 0 for p in self.pending)
        if read and read != self.declared_total:
            self.report.warn(
                f"Le texte annonce {self.declared_total} points, les unités lues en font {read} : "
                "une ligne a peut-être été mal lue.",
                f"The text states {self.declared_total} points, the units read add up to {read}: "
                "a line may have been misread.",
            )

    def _mark_warlord(self, text: str) -> None:
        label = _LABEL.match(text.strip())
        name = text.strip()[label.end() :] if label else text.strip()
        for pending in self.pending:
            by_label = label is not None and pending.header.label is not None
            if (by_label and fold(pending.header.label or "") == fold(label.group(1) if label else "")) or (
                not by_label and fold(pending.header.name) == fold(name)
            ):
                if pending.units:
                    pending.units[0].warlord = True
                return

    def _apply_subfactions(self) -> None:
        """Fill the placeholders the sub-faction lines name, for the units of their detachment.

        A choice written before any detachment holds for the whole list. A
        unit's own value (written on its line) wins. A choice that fills no
        unit's placeholder is reported.
        """
        used: set[int] = set()
        for detachment in self.army.detachments:
            choices = [*self.subfactions.get("", []), *self.subfactions.get(detachment.id, [])]
            for unit in detachment.units:
                sheet = self.catalogue.get(unit.datasheet)
                if sheet is None:
                    continue
                holes = sheet.faction_placeholders
                for subfaction, value, line in choices:
                    for placeholder in holes:
                        if _fills(subfaction, placeholder, holes) and placeholder not in unit.placeholders:
                            unit.placeholders[placeholder] = value.upper()
                            used.add(line)
        for _subfaction, value, line in sorted(c for choices in self.subfactions.values() for c in choices):
            if line not in used:
                self.report.warn(
                    f"« {value} » ne remplit le mot-clé d'aucune unité ; ignoré.",
                    f"“{value}” fills no unit's keyword; left out.",
                    line,
                )

    def _units(self, pending: _Pending, sheet: Datasheet | None) -> list[Unit]:
        header = pending.header
        flags = _Flags()
        gear: list[_Item] = []
        inline_models: list[_Item] = []
        inline = [(pending.line, text) for text in header.gear] + pending.selections
        for line, text in inline:
            item = _item(line, 1, text)
            if item is None:
                continue
            # BattleScribe writes childless models on the unit's own line: "Boyz [..]: 10x Boy".
            (inline_models if _names_a_model(item, sheet) else gear).append(item)
        model_items: list[_Item] = []
        #: Gear written on model lines: an option the unit's line already gives is not taken twice
        #: (Ost's own export writes options on the unit's line and each model's wargear below).
        model_gear: set[int] = set()
        owners: dict[int, str] = {}
        for item in pending.items:
            if item.level == 1 and _is_model(item, sheet):
                model_items.append(item)
                gear.extend(item.children)
                model_gear.update(id(i) for i in _flatten(item.children))
                owners.update((id(i), item.name) for i in _flatten(item.children))
            else:
                gear.append(item)
        # A model both listed among the selections and written below (BattleScribe's full export) counts once.
        below = {name_key(i.name) for i in model_items}
        model_items += [i for i in inline_models if name_key(i.name) not in below]
        count, points = header.count, header.points
        # "Squad (10)": a model count when it fits the datasheet's size, else points.
        fits = sheet is not None and points is not None and 1 <= points <= sheet.max_models and sheet.max_models > 1
        if header.bare and fits and not model_items:
            count, points = points, None
            self.report.warn(
                f"« {header.name} » : ({count}) lu comme un nombre de figurines.",
                f"“{header.name}”: ({count}) read as a number of models.",
                pending.line,
            )
        copies = 1
        composition: dict[str, int] = {}
        if model_items:
            models = sum(i.times for i in model_items)
            if sheet is not None and len(sheet.kinds) > 1:
                counts = self._composition(pending, sheet, model_items)
                models = sum(counts.values())
                # The datasheet's default split is not written down: the unit follows its size.
                composition = {} if counts == sheet.default_composition(models) else counts
        elif count is not None:
            models = count
            if sheet is not None and sheet.max_models == 1 and count > 1:
                copies, models = count, 1
        elif sheet is not None:
            models = sheet.min_models
            if sheet.min_models > 1:
                self.report.warn(
                    f"« {header.name} » : nombre de figurines absent ; Ost compte le minimum ({models}).",
                    f"“{header.name}”: no model count given; Ost counts the minimum ({models}).",
                    pending.line,
                )
        else:
            models = 1
        if copies > 1:
            self.report.warn(
                f"« {header.name} » ×{copies} : fiche d'une figurine, lue comme {copies} unités.",
                f"“{header.name}” ×{copies}: a one-model datasheet, read as {copies} units.",
                pending.line,
            )
        options: dict[str, int] = {}
        extra: list[StatedOption] = []
        noted: list[str] = []
        from_unit_line: set[str] = set()
        for item in _flatten(gear):
            if flags.take(item.name):
                continue
            option = _owned_option(sheet, owners.get(id(item)), item.name) if sheet is not None else None
            if option is not None and id(item) in model_gear and option.id in from_unit_line:
                continue
            if option is not None:
                options[option.id] = options.get(option.id, 0) + item.times
                if id(item) not in model_gear:
                    from_unit_line.add(option.id)
            elif item.points is not None and sheet is not None:
                extra.append(StatedOption(name=item.name, count=item.times, points=item.points))
                self.report.warn(
                    f"« {header.name} » : « {item.name} » ({item.points} pts) n'est pas une option de la fiche ; "
                    "gardé avec le prix du texte.",
                    f"“{header.name}”: “{item.name}” ({item.points} pts) is no option of the datasheet; "
                    "kept at the text's price.",
                    item.line,
                )
            elif not item.children:
                noted.append(f"{item.name} ×{item.count}" if item.count and item.count > 1 else item.name)
        if points is None:
            child_points = [i.points for i in pending.items if i.points is not None]
            points = sum(child_points) if child_points else None
        per_copy = round(points / copies) if points is not None else None
        placeholders = dict(flags.placeholders)
        if sheet is not None:
            holes = sheet.faction_placeholders
            for subfaction, value in flags.subfactions:
                for placeholder in holes:
                    if _fills(subfaction, placeholder, holes):
                        placeholders[placeholder] = value.upper()
        loadout = _loadout(sheet, model_items, models, composition)
        units: list[Unit] = []
        for _ in range(copies):
            if sheet is not None:
                snapshot = snapshot_of(sheet)
                datasheet_id = sheet.id
            else:
                snapshot = UnitSnapshot(
                    name=header.name, role=pending.role or Role.UNSLOTTED, points=max(0, per_copy or 0)
                )
                datasheet_id = "text:" + (slug(header.name) or "unit")
            units.append(
                Unit(
                    id="new",
                    datasheet=datasheet_id,
                    snapshot=snapshot,
                    models=models,
                    composition=dict(composition),
                    options=dict(options),
                    extra_options=[o.model_copy() for o in extra],
                    stated_points=per_copy,
                    source=(sheet.source or None) if sheet is not None else None,
                    placeholders=dict(placeholders),
                    warlord=flags.warlord,
                    reserve=flags.reserve,
                    custom_name=header.custom,
                    notes="Équipement lu : " + ", ".join(noted) if noted else "",
                    loadout=[g.model_copy(deep=True) for g in loadout],
                )
            )
        return units

    def _composition(self, pending: _Pending, sheet: Datasheet, model_items: list[_Item]) -> dict[str, int]:
        """Models of each kind (kind id -> count) from the model lines.

        Each line goes to the kind its name comes closest to ("17x Ork Boy W/
        Slugga" is an "Ork Boy"); a line close to no kind goes to the kind that
        takes the bulk of the unit, and the report says so. A leading kind no
        line names is the unit's own entry when the unit bears its name (a
        Dark Apostle with his Disciples): it counts its minimum.
        """
        counts = {k.id: 0 for k in sheet.kinds}
        named: set[str] = set()
        bulk = sheet.kinds[sheet.bulk_index]
        for item in model_items:
            kind = _kind_named(sheet, item.name)
            if kind is None:
                kind = bulk
                self.report.warn(
                    f"« {item.name} » : aucun type de figurine de « {sheet.name} » ne porte ce nom ; "
                    f"compté comme « {bulk.name} ».",
                    f"“{item.name}”: no model kind of “{sheet.name}” has this name; counted as “{bulk.name}”.",
                    item.line,
                )
            else:
                named.add(kind.id)
            counts[kind.id] += item.times
        for kind in sheet.kinds:
            if kind.min and kind.id not in named and not counts[kind.id] and _close(kind.name, pending.header.name):
                counts[kind.id] = kind.min
                self.report.warn(
                    f"« {pending.header.name} » : la ligne de l'unité compte pour {kind.min} « {kind.name} ».",
                    f"“{pending.header.name}”: the unit's own line counts as {kind.min} “{kind.name}”.",
                    pending.line,
                )
        return counts

    def _record(self, pending: _Pending, unit: Unit, sheet: Datasheet | None, found: NameMatch | None) -> None:
        text = shorten(pending.text)
        if sheet is not None and found is not None:
            self.report.matched.append(
                MatchedUnit(
                    where="",
                    text=text,
                    unit_id=unit.id,
                    datasheet_id=sheet.id,
                    datasheet_name=sheet.name,
                    confidence=found.confidence,
                    method=found.method,
                    line=pending.line,
                    points_read=pending.header.points,
                )
            )
        else:
            guess = found if found is not None and found.score >= GUESS_THRESHOLD else None
            self.report.unknown.append(
                UnknownEntry(
                    kind="unit",
                    where="",
                    text=text,
                    line=pending.line,
                    unit_id=unit.id,
                    guess=guess.sheet.name if guess is not None else None,
                    guess_confidence=guess.confidence if guess is not None else None,
                )
            )


def _owned_option(sheet: Datasheet, owner: str | None, name: str) -> WargearOption | None:
    """The option ``name`` is, or the one named for the model that takes it ("Boss Nob – Power Klaw")."""
    if owner:
        key = name_key(f"{owner} {name}")
        for option in sheet.options:
            if key in (name_key(option.name), name_key(option.id)):
                return option
    return match_option(sheet, name)


def _loadout(
    sheet: Datasheet | None, model_items: list[_Item], models: int, composition: dict[str, int]
) -> list[ModelGroup]:
    """Each model line's wargear, as groups of identical models (``Unit.loadout``).

    Kept only when the lines account for every model of each kind, so that the
    loadout agrees with the unit's composition; an item the catalogue knows
    points to it, and one whose name is a weapon of the datasheet is a weapon.
    """
    if sheet is None or not model_items or not any(i.children for i in model_items):
        return []
    weapons = {name_key(w.name) for w in sheet.weapons}
    items = {name_key(i.name): i for i in sheet.wargear}
    groups: list[ModelGroup] = []
    for line in model_items:
        kind = _kind_named(sheet, line.name) or sheet.kinds[sheet.bulk_index]
        carried = []
        for child in _flatten(line.children):
            key = name_key(child.name)
            known = items.get(key)
            kind_of: WargearKind = known.kind if known is not None else ("weapon" if key in weapons else "wargear")
            carried.append(Carried(item=known.id if known else None, name=child.name, kind=kind_of, count=child.times))
        groups.append(ModelGroup(kind=kind.id, count=line.times, wargear=carried))
    counts: dict[str, int] = {}
    for group in groups:
        counts[group.kind] = counts.get(group.kind, 0) + group.count
    wanted = {k: n for k, n in sheet.composition(models, composition).items() if n}
    return groups if counts == wanted else []


def _title_of(text: str) -> str:
    """A title line without its points ("My army (1995 points)" -> "My army")."""
    for pattern in (_BRACKET, _PAREN):
        text = pattern.sub(lambda m: " " if _POINTS.search(m.group(1)) else m.group(0), text)
    text = _without_trailing_points(text)
    return " ".join(text.split()).strip(" -–—:")


def _number_in(text: str) -> int | None:
    """The points a setting line gives: "N pts" if written, else its last number."""
    value = points_in(text)
    if value is not None:
        return value
    last = _last(_NUMBER, text)
    return _int(last.group(0)) if last else None


def _flatten(items: list[_Item]) -> list[_Item]:
    out: list[_Item] = []
    stack = list(reversed(items))
    while stack:
        item = stack.pop()
        out.append(item)
        stack.extend(reversed(item.children))
    return out


def _close(name: str, other: str) -> bool:
    """Whether two names are the same, loosely ("Ork Boy W/ Slugga & Choppa" and "Ork Boy")."""
    key, other_key = name_key(name), name_key(other)
    if not key or not other_key:
        return False
    return key == other_key or fuzz.token_set_ratio(key, other_key) >= MATCH_THRESHOLD


#: English words of model lines and the French ones Ost's kinds are named with (compared after folding).
_KIND_WORDS = {
    "sergeant": "sergent",
    "sergeants": "sergent",
    "veterans": "veteran",
    "biker": "motard",
    "bikers": "motard",
    "guardsman": "garde",
    "guardsmen": "garde",
}
#: Words that name a unit's leader: a line with one goes to a kind with one, a line without to a kind without.
_LEADER_WORDS = frozenset(
    {"sergent", "boss", "champion", "exarch", "tempestor", "superior", "commandant", "leader", "chef", "sarge", "alpha"}
)


def _kind_key(name: str) -> str:
    return " ".join(_KIND_WORDS.get(word, word) for word in name_key(name).split())


def _kind_named(sheet: Datasheet, name: str) -> ModelKind | None:
    """The model kind of ``sheet`` that ``name`` names: exactly, else the closest loosely.

    "17x Ork Boy W/ Slugga & Choppa" names the "Boy"; a leader's line goes to
    the leader's kind and a trooper's to a trooper's even where both kinds
    share the trooper's name ("Intercessor Sergeant" and "Intercessor" beside
    "Sergent Intercessor" and "Intercessor"; English "Sergeant" is the
    catalogue's "Sergent").
    """
    key = _kind_key(name)
    candidates: list[tuple[float, int, ModelKind]] = []
    for index, kind in enumerate(sheet.kinds):
        kind_key = _kind_key(kind.name)
        if kind_key == key:
            return kind
        score = max(fuzz.ratio(key, kind_key), fuzz.token_set_ratio(key, kind_key))
        if score >= MATCH_THRESHOLD:
            candidates.append((score, -index, kind))
    leading = _LEADER_WORDS & set(key.split())
    led = [c for c in candidates if bool(leading & set(_kind_key(c[2].name).split())) == bool(leading)]
    return max(led or candidates, key=lambda c: c[:2])[2] if candidates else None


@lru_cache(maxsize=4096)
def _keys(names: tuple[str, ...]) -> tuple[str, ...]:
    """The comparison keys of a datasheet's weapon and ability names (asked for every line under its units)."""
    return tuple(name_key(n) for n in names)


def _gear_name(item: _Item, sheet: Datasheet) -> bool:
    """Whether an item names one of the datasheet's options, weapons or abilities."""
    if match_option(sheet, item.name):
        return True
    others = _keys(tuple(w.name for w in sheet.weapons) + tuple(a.name for a in sheet.abilities))
    if not others:
        return False
    key = name_key(item.name)
    return key in others or process.extractOne(key, others, scorer=fuzz.ratio, score_cutoff=MATCH_THRESHOLD) is not None


def _names_a_model(item: _Item, sheet: Datasheet | None) -> bool:
    """Whether an item written on a unit's own line names one of its datasheet's models.

    Without a count the name must be a model's exactly ("Runtherd"); with one,
    a close match will do ("10x Boy" for "Ork Boy"). Weapons, abilities and
    options never count, whatever their names share with a model's.
    """
    if sheet is None or sheet.max_models == 1 or item.points is not None or _gear_name(item, sheet):
        return False
    key = name_key(item.name)
    models = _keys(tuple(p.name for p in sheet.profiles) + tuple(k.name for k in sheet.kinds))
    if item.count is None:
        return key in models
    return any(key == other or fuzz.token_set_ratio(key, other) >= MATCH_THRESHOLD for other in models)


def _is_model(item: _Item, sheet: Datasheet | None) -> bool:
    """Whether a first-level line under a unit gives models (rather than wargear).

    A line that names a model kind of the datasheet does, whatever else it
    says; one that names an option, a weapon or an ability does not. Under a
    datasheet of one model, only a line with the datasheet's own name is a
    model (a Commander's Gun Drones are wargear); under a larger unit, any
    other line is (troopers named after their weapons, "Grey Knight (Sword)").
    """
    key = fold(item.name)
    if key in _WARLORD or key in _RESERVE or _PLACEHOLDER_VALUE.match(item.name):
        return False
    if key.startswith(_NON_MODEL_PREFIXES) or _subfaction_of(item.name.partition(":")[0]) is not None:
        return False
    if sheet is None:
        return item.count is not None or bool(item.children)
    if len(sheet.kinds) > 1 and _kind_named(sheet, item.name) is not None:
        return True
    if _gear_name(item, sheet):
        return False
    if sheet.max_models == 1:
        return names_match(sheet, item.name)
    return True


@dataclass
class _Flags:
    """Marks written as wargear: warlord, reserve, placeholder values."""

    warlord: bool = False
    reserve: bool = False
    placeholders: dict[str, str] = field(default_factory=dict)
    #: Sub-faction choices written as gear ("Chapter: Ultramarines"): (sub-faction, value).
    subfactions: list[tuple[str, str]] = field(default_factory=list)

    def take(self, name: str) -> bool:
        key = fold(name)
        label, sep, value = name.partition(":")
        subfaction = _subfaction_of(label) if sep else None
        if subfaction is not None and value.strip():
            self.subfactions.append((subfaction, " ".join(value.split())))
            return True
        if key in _WARLORD:
            self.warlord = True
            return True
        if key in _RESERVE:
            self.reserve = True
            return True
        placeholder = _PLACEHOLDER_VALUE.match(name.strip())
        if placeholder:
            self.placeholders[placeholder.group(1).upper()] = placeholder.group(2).strip()
            return True
        return False


def _is_html(text: str) -> bool:
    """An HTML page (BattleScribe's export saved or pasted as source)."""
    head = text.lstrip()[:2000].casefold()
    return head.startswith(("<!doctype html", "<html")) or ('class="battlescribe"' in head and "<body" in head)


def html_to_text(text: str) -> str:
    """The text a browser shows of an HTML page: a line per heading, paragraph and table row, cells tab-separated."""
    out: list[str] = []
    position = 0
    lowered = text.casefold()
    for skip in ("<style", "<script", "<head"):
        while (start := lowered.find(skip, position)) >= 0:
            end = lowered.find("</" + skip[1:], start)
            end = len(text) if end < 0 else lowered.find(">", end) + 1 or len(text)
            text = text[:start] + text[end:]
            lowered = lowered[:start] + lowered[end:]
    for tag in _TAG.finditer(text):
        out.append(text[position : tag.start()])
        name = tag.group(2).casefold()
        if name in _BLOCK_TAGS:
            out.append("\n")
        elif name in _CELL_TAGS and not tag.group(1):
            out.append("\t")
        position = tag.end()
    out.append(text[position:])
    plain = "".join(out)
    for entity, char in _ENTITIES.items():
        plain = plain.replace(entity, char)
    return "\n".join(_clean_cells(line) for line in plain.splitlines() if line.strip())


def _clean_cells(line: str) -> str:
    """One line of the page: spaces collapsed, table cells kept apart by tabs."""
    cells = [" ".join(cell.replace("\u00a0", " ").split()) for cell in line.split("\t")]
    return "\t".join(c for c in cells if c) if len(cells) > 1 else cells[0]


def _looks_like_html_export(lines: list[str]) -> bool:
    """BattleScribe's HTML export copied as text: detail lines and cost brackets, but no "+" fences.

    Its text export fences the roster, each force and each section with
    "+"; the HTML export writes them as plain headings, which a reader of
    the text layouts would take for units.
    """
    details = fenced = powered = 0
    for line in lines[:MAX_LINES]:
        text = line.strip()
        if _fenced(text) is not None:
            fenced += 1
        key, sep, _ = text.partition(":")
        if sep and fold(key) in ("selections", "categories"):
            details += 1
        bracket = _BRACKET.search(text)
        if bracket is not None and _PL.search(bracket.group(1)):
            powered += 1
    return fenced == 0 and details >= 2 and powered >= 2


def read_text(
    text: str, catalogue: Catalogue, source: str = "text", *, matcher: NameMatcher | None = None
) -> tuple[ArmyList, ReadingReport]:
    """Read a pasted army list; raises :class:`ListReadError` when no list is found.

    ``matcher`` (for ``catalogue``) may be shared by the reads of a batch.
    """
    return _TextReader(catalogue, source, matcher).read(text)


# --- writing ---------------------------------------------------------------------------


def _custom(name: str | None) -> str:
    return f" « {name} »" if name else ""


def export_text(army: ArmyList, catalogue: Catalogue, lang: str = "fr") -> str:
    """An Ost list as BattleScribe-like text that :func:`read_text` reads back.

    Detachments, units (in order), model counts and the models of each kind,
    options, options the catalogue lacks (with their stated price), custom
    names, warlord and reserve marks, placeholder values and prices survive
    the round trip. A unit's price is the one its list stated, else Ost's;
    the title's total is the list's stated total, else the sum of the prices
    written. Transports and linked characters do not (the text has no way to
    say them), nor the units' notes.
    """
    fr = lang == "fr"
    prices = {id(u): _price(u, catalogue) for _, u in army.units()}
    total = army.stated_total if army.stated_total is not None else sum(prices.values())
    out = [f"+++ {_clean(army.name) or ('Liste' if fr else 'List')} [{total} pts] +++"]
    if army.points_limit is not None:
        out.append(f"Limite de points : {army.points_limit}" if fr else f"Points limit: {army.points_limit}")
    for index, detachment in enumerate(army.detachments, 1):
        det_points = sum(prices[id(u)] for u in detachment.units)
        default = f"Détachement {index}" if fr else f"Detachment {index}"
        out += ["", f"++ {_clean(detachment.name) or default} [{det_points} pts] ++"]
        role: Role | None = None
        for unit in detachment.units:
            sheet = catalogue.get(unit.datasheet)
            unit_role = sheet.role if sheet is not None else unit.snapshot.role
            if unit_role is not role:
                role = unit_role
                out += ["", f"+ {role.label(lang)} +", ""]
            out += _unit_lines(unit, sheet, prices[id(unit)], fr)
    return "\n".join(out) + "\n"


def _price(unit: Unit, catalogue: Catalogue) -> int:
    return unit.stated_points if unit.stated_points is not None else unit_points(unit, catalogue)


def _clean(text: str) -> str:
    """Text safe inside a line of the export (no line breaks, no "+" fences, no brackets)."""
    return " ".join(text.replace("[", "(").replace("]", ")").split()).strip("+ ")


def _counted(count: int, name: str) -> str:
    return f"{count}x {name}" if count != 1 else name


def _carried(item: Carried) -> str:
    """One carried thing as BattleScribe's export writes it; a carried model (a drone) with its weapons."""
    text = _counted(item.count, _clean(item.name))
    if item.kind == "wargear" and item.weapons and all(w.name != item.name for w in item.weapons):
        text += " (" + ", ".join(_clean(w.name) for w in item.weapons) + ")"
    return text


def _loadout_lines(unit: Unit, sheet: Datasheet | None, name: str) -> list[str]:
    """One line per group of identical models, with what each model carries (BattleScribe's model lines).

    A one-model unit whose model is the unit itself is written as one model line all the same,
    so that its weapons are read back as its gear.
    """
    kinds = {k.id: k.name for k in sheet.kinds} if sheet is not None else {}
    lines = []
    for group in unit.loadout:
        model = _clean(kinds.get(group.kind, group.kind)) or name
        line = f". {group.count}x {model}"
        if group.wargear:
            line += ": " + ", ".join(_carried(c) for c in group.wargear)
        lines.append(line)
    return lines


def _unit_lines(unit: Unit, sheet: Datasheet | None, price: int, fr: bool) -> list[str]:
    name = _clean(sheet.name if sheet is not None else unit.snapshot.name)
    gear: list[str] = []
    if sheet is not None:
        names = {o.id: o.name for o in sheet.options}
        for option_id, count in unit.options.items():
            gear.append(_counted(count, _clean(names.get(option_id, option_id))))
    for extra in unit.extra_options:
        gear.append(f"{_counted(extra.count, _clean(extra.name))} [{extra.points} pts]")
    written = {fold(g) for g in gear}
    for upgrade in unit.upgrades:
        text = _carried(upgrade)
        if fold(text) not in written:
            written.add(fold(text))
            gear.append(text)
    if unit.warlord:
        gear.append("Seigneur de guerre" if fr else "Warlord")
    if unit.reserve:
        gear.append("Réserve" if fr else "Reserve")
    for placeholder, value in unit.placeholders.items():
        if is_placeholder(placeholder) and value.strip():
            gear.append(f"{placeholder} = {_clean(value)}")
    custom = unit.custom_name.replace("»", "").replace("«", "") if unit.custom_name else None
    head = f"{name}{_custom(_clean(custom) if custom else None)} [{price} pts]"
    lines = [head + (": " + ", ".join(gear) if gear else "")]
    if unit.loadout:
        return lines + _loadout_lines(unit, sheet, name)
    if sheet is not None and len(sheet.kinds) > 1:
        # One line per kind; a leading kind with none is written too, so it is not taken for the unit's own line.
        counts = sheet.composition(unit.models, unit.composition)
        for kind in sheet.kinds:
            if counts[kind.id] or kind.min:
                lines.append(f". {counts[kind.id]}x {_clean(kind.name)}")
        if len(lines) == 1:
            lines.append(f". 0x {_clean(sheet.kinds[sheet.bulk_index].name)}")
        return lines
    single = sheet.max_models == 1 if sheet is not None else False
    if not (single and unit.models == 1) and not (sheet is None and unit.models == 1):
        lines.append(f". {unit.models}x {name}")
    return lines
