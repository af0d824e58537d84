"""Profiles of a datasheet: models and weapons, characteristics, abilities and transports, unit type and class."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from xml.etree.ElementTree import Element

from ost.core.catalogue import ModelProfile, WeaponProfile
from ost.core.roles import UnitType
from ost.formats.bsdata.entries import _Child, _Raw
from ost.formats.bsdata.schema import _LOCAL
from ost.formats.bsdata.scope import Switches, _Scope

#: Keywords that make a vehicle a walker (9th-edition data has no WALKER keyword).
WALKER_KEYWORDS = frozenset(
    {"WALKER", "DREADNOUGHT", "DREADNOUGHTS", "SENTINEL", "SENTINELS", "KILLA KANS", "DEFF DREAD", "DEFF DREADS"}
)
#: Vehicles and monsters with this many wounds or more are heavy (class 4).
HEAVY_WOUNDS = 10
_WEAPON_ABILITIES_MAX = 40
_LEADING_NUMBER = re.compile(r"^\s*(\d{1,9})(?!\d)")  # harden (fuzz): a 4,400-digit "W" is no number


def unit_type_and_class(keywords: Iterable[str], wounds: int) -> tuple[UnitType, int]:
    """Unit type and class from English BattleScribe keywords (see docs/bsdata-import.md).

    Infantry is class 1; cavalry, bikers, beasts and swarms class 2; vehicles,
    walkers and monsters class 3, or 4 from :data:`HEAVY_WOUNDS` wounds;
    aircraft and buildings 4; anything TITANIC 5.
    """
    words = {k.upper() for k in keywords}
    titanic = "TITANIC" in words
    heavy = 5 if titanic else 4
    if "BUILDING" in words:
        return UnitType.FORTIFICATION, heavy
    if "AIRCRAFT" in words:
        return UnitType.AIRCRAFT, heavy
    if "VEHICLE" in words or "WALKER" in words:
        kind = UnitType.WALKER if words & WALKER_KEYWORDS else UnitType.VEHICLE
        return kind, heavy if titanic or wounds >= HEAVY_WOUNDS else 3
    if "MONSTER" in words:
        return UnitType.MONSTER, heavy if titanic or wounds >= HEAVY_WOUNDS else 3
    if "SWARM" in words:
        return UnitType.SWARM, 2
    if "CAVALRY" in words:
        return UnitType.CAVALRY, 2
    if "BIKER" in words or "BIKERS" in words:
        return UnitType.BIKE, 2
    if "BEAST" in words or "BEASTS" in words:
        return UnitType.BEAST, 2
    if "INFANTRY" in words:
        return UnitType.INFANTRY, 1
    return UnitType.OTHER, heavy if titanic else 1


def _characteristics(profile: Element) -> dict[str, str]:
    values: dict[str, str] = {}
    for part in profile:
        if _LOCAL.get(part.tag) == "characteristics":
            for item in part:
                values[item.get("name") or ""] = (item.text or "").strip()
    return values


_PROFILE_FIELDS = {"M": "m", "WS": "ws", "BS": "bs", "S": "s", "T": "t", "W": "w", "A": "a", "Ld": "ld", "Save": "sv"}


def _model_profile(profile: Element) -> ModelProfile:
    values = _characteristics(profile)
    data: dict[str, object] = {"name": profile.get("name") or "?"}
    extra: dict[str, str] = {}
    for key, value in values.items():
        target = _PROFILE_FIELDS.get(key)
        if target:
            data[target] = value or "-"
        elif key:
            extra[key] = value
    if extra:
        data["extra"] = extra
    return ModelProfile.model_validate(data)


def _weapon_profile(profile: Element) -> WeaponProfile:
    values = _characteristics(profile)
    abilities = values.get("Abilities", "").strip()
    if abilities in ("-", "–"):
        abilities = ""
    return WeaponProfile(
        name=profile.get("name") or "?",
        range=values.get("Range") or "-",
        type=values.get("Type") or "-",
        s=values.get("S") or "-",
        ap=values.get("AP") or "-",
        d=values.get("D") or "-",
        abilities=abilities if len(abilities) <= _WEAPON_ABILITIES_MAX else "",
    )


def _wounds(profiles: Iterable[ModelProfile]) -> tuple[int | None, int | None]:
    """Wounds of the first profile that gives a number (the unit's main model), and the most of any."""
    first: int | None = None
    most: int | None = None
    for profile in profiles:
        match = _LEADING_NUMBER.match(profile.w)
        if match:
            value = int(match.group(1))
            first = value if first is None else first
            most = value if most is None else max(most, value)
    return first, most


def _text_of(element: Element) -> str:
    """Description text of an ability profile or a rule."""
    parts: list[str] = []
    for item in element.iter():
        local = _LOCAL.get(item.tag)
        if local in ("characteristic", "description") and item.text:
            parts.append(item.text)
    return " ".join(parts)


def ability_text(element: Element) -> str:
    """The rules text of an ability: a profile's "Description" (else its only text), a rule's description.

    Lines are kept (the data lists options on lines of their own); spaces within a
    line are collapsed and empty lines dropped.
    """
    parts: list[str] = []
    if _LOCAL.get(element.tag) == "profile":
        values = _characteristics(element)
        text = values.get("Description")
        if text is None:
            text = " ".join(v for v in values.values() if v)
        parts.append(text)
    else:
        parts.extend(item.text for item in element if _LOCAL.get(item.tag) == "description" and item.text)
    lines = (" ".join(line.split()) for part in parts for line in part.splitlines())
    return "\n".join(line for line in lines if line)


def _profile_wounds(profiles: Iterable[Element]) -> int | None:
    """The most wounds of these Unit profiles (damage brackets repeat the model), None when none says."""
    most: int | None = None
    for profile in profiles:
        text = _characteristics(profile).get("W", "")
        match = _LEADING_NUMBER.match(text)
        if match:
            value = int(match.group(1))
            most = value if most is None else max(most, value)
    return most


_VARIANT_NAME = re.compile(r"\(([^()]{1,60})\)\s*$")


def _for_faction(profiles: list[Element], scope: _Scope) -> list[Element]:
    """Of profiles named per faction ("Transport (Space Marines)"), the one of a catalogue in ``scope``."""
    if len(profiles) < 2:
        return profiles
    names = [" ".join(f.name.split()).casefold() for f in scope.files]
    matching = []
    for profile in profiles:
        found = _VARIANT_NAME.search(profile.get("name") or "")
        if found and any(found.group(1).strip().casefold() in name for name in names):
            matching.append(profile)
    return matching if len(matching) == 1 else profiles


@functools.lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    """Upper-case words, a plural "s" dropped ("Heavy Weapon Team" and "HEAVY WEAPONS TEAMS" are alike)."""
    return tuple(w[:-1] if len(w) > 3 and w.endswith("S") else w for w in _WORD.findall(text.upper()))


_WORD = re.compile(r"[A-Z0-9'’-]+")


def _closest_profile(name: str, profiles: Sequence[ModelProfile]) -> ModelProfile | None:
    """The datasheet's profile of a model whose entry has none, from the words of their names.

    A profile whose name the model's name holds wins ("Assault Terminator
    Sergeant" is a "Terminator Sergeant", "Servitor (Heavy Bolter)" a
    "Servitor"), the longest first; else the one sharing the most words, the
    shortest first ("Devastator Marine Sergeant" is a "Space Marine Sergeant",
    "Devastator Marine" a "Space Marine"). None when no word is shared.
    """
    words = _words(name)
    best: ModelProfile | None = None
    best_score = (False, 0, 0)
    for profile in profiles:
        label = _words(profile.name)
        if not label:
            continue
        size = len(label)
        held = any(words[i : i + size] == label for i in range(len(words) - size + 1))
        shared = len(set(label) & set(words))
        score = (held, size if held else shared, -size)
        if shared and score > best_score:
            best, best_score = profile, score
    return best


# --- what the unit entry holds -------------------------------------------------------------------------------------


def model_entries(
    scope: _Scope, raw: _Raw, link_raw: _Raw | None, depth: int = 0, seen: set[tuple[int, int]] | None = None
) -> list[tuple[_Raw, ...]]:
    """The model entries of a unit (through its groups), each as (entry, link) raws.

    Each group (with its link) is searched once (``seen``): a shared group
    linking on to itself would otherwise be walked once per path, which grows
    as the breadth to the power of the depth (harden, found by the fuzz campaign).
    """
    found: list[tuple[_Raw, ...]] = []
    seen = set() if seen is None else seen
    if depth > 6:
        return found
    entries, groups = scope.children(raw, link_raw)
    for child in [*entries, *groups]:
        if child.hidden:
            continue
        if child.raw.type == "model":
            found.append((child.raw, child.link_raw) if child.link_raw else (child.raw,))
        elif child.raw.kind == "group" and (id(child.raw), id(child.link_raw)) not in seen:
            seen.add((id(child.raw), id(child.link_raw)))
            found.extend(model_entries(scope, child.raw, child.link_raw, depth + 1, seen))
    return found


def abilities_and_transports(
    scope: _Scope, raw: _Raw, link_raw: _Raw | None, depth: int = 0
) -> tuple[list[Element], list[Element], Switches]:
    """Ability profiles and rules of the unit and its models, its transport profiles, and what options switch.

    Only the entry itself, its groups and its model entries are searched,
    not wargear: relics and traits are options, not the datasheet's rules.
    A profile or info link that a modifier hides for this datasheet is left
    out (an Ultramarines Captain's "Death Visions" show only once he is a
    Death Company Captain; an ability of one catalogue is hidden in another's):
    its conditions are evaluated as for a price (:func:`.conditions.hidden_now`),
    and one Ost cannot evaluate (it needs the roster) keeps the ability.

    Except when taking one of the unit's own entries turns it over
    (:func:`.conditions.switched_by`): an ability shown only with a banner is
    kept in the list, and the switches say which entries grant it (or, for one
    an option takes away, which entries hide it).
    """
    from ost.formats.bsdata.conditions import hidden_now, switched_by  # conditions builds on the scope, as this module

    raws = (raw, link_raw) if link_raw is not None else (raw,)
    pending: dict[Element, tuple[bool, tuple[str, ...]]] = {}

    def shown(element: Element) -> bool:
        # Hidden outright stays hidden (unless an option shows it); a modifier's unknown condition keeps it.
        outright = element.get("hidden") == "true"
        hidden = hidden_now(scope, element, raws)
        if hidden is None:
            return not outright
        if element not in pending and (hidden or not outright):
            ids = switched_by(scope, element, raws, hidden)
            if ids:
                pending[element] = (hidden, ids)
        return not hidden and not outright

    # The entry itself and those above it are what "ancestor" conditions look at (as for transports).
    scope.push(raws)
    try:
        profiles = scope.profiles_of(raws, shown=shown)
        rules = scope.profiles_of(raws, rules=True, shown=shown)
        switches: Switches = {}
        if pending:
            profiles, rules = _switched(scope, raws, shown, pending, profiles, rules, switches)
        abilities = [p for p in profiles if p.get("typeName") == "Abilities" and p.get("name") != "Transport"]
        abilities.extend(rules)
        transports = [
            p
            for p in profiles
            if p.get("typeName") == "Transport" or (p.get("typeName") == "Abilities" and p.get("name") == "Transport")
        ]
        # A transport stays as the minimum configuration shows it.
        transports = [p for p in transports if not switches.get(p, (False, ()))[0]]
        if depth > 6:
            return abilities, transports, switches
        entries, groups = scope.children(raw, link_raw)
        for child in [*entries, *groups]:
            if child.hidden or child.raw.not_gear:
                continue
            if child.raw.kind == "group" or child.raw.type in ("model", "unit"):
                more, carried, switched = _child_abilities(scope, child, depth + 1)
                abilities.extend(more)
                transports.extend(carried)
                for element, switch in switched.items():
                    switches.setdefault(element, switch)
    finally:
        scope.pop()
    return abilities, transports, switches


def _switched(
    scope: _Scope,
    raws: tuple[_Raw, ...],
    shown: Callable[[Element], bool],
    pending: dict[Element, tuple[bool, tuple[str, ...]]],
    profiles: list[Element],
    rules: list[Element],
    switches: Switches,
) -> tuple[list[Element], list[Element]]:
    """Read the profiles and rules again with each switch turned (an info link counts for all it holds).

    What shows only with the switch turned is granted by its entries; what goes
    missing is taken away by them. Both are kept in the lists returned and
    recorded in ``switches``.
    """
    by_ids: dict[tuple[bool, tuple[str, ...]], set[Element]] = {}
    for element, switch in pending.items():
        by_ids.setdefault(switch, set()).add(element)
    profiles, rules = list(profiles), list(rules)
    for (hidden, ids), elements in by_ids.items():

        def turned(element: Element, elements: set[Element] = elements, hidden: bool = hidden) -> bool:
            return hidden if element in elements else shown(element)

        for now, is_rules in ((profiles, False), (rules, True)):
            other = scope.profiles_of(raws, rules=is_rules, shown=turned)
            if hidden:
                for element in other:
                    if element not in now:
                        now.append(element)
                        switches.setdefault(element, (True, ids))
            else:
                for element in now:
                    if element not in other:
                        switches.setdefault(element, (False, ids))
    return profiles, rules


def _child_abilities(scope: _Scope, child: _Child, depth: int) -> tuple[list[Element], list[Element], Switches]:
    """A child's abilities, transports and switches, memoised, read in its own file's scope like its summary."""
    link_raw = child.link_raw if child.link_raw is not None and not child.link_raw.plain else None
    home = scope.shared.homes.get(child.element)
    if home is not None and home is not scope.owner and link_raw is None:
        scope = scope.shared.scope_of(home)
    key: tuple[object, ...] = (child.raw, link_raw)
    # Read for each primary catalogue when a condition asked which one it is (kept under the catalogue's id).
    catalogue = scope.context.catalogue if scope.context is not None else ""
    known = scope._abilities.get(key) or scope._abilities.get((*key, catalogue))
    if known is None:
        scope._abilities[key] = ([], [], {})  # a cycle of links adds nothing
        asked = scope.shared.catalogue_asked
        known = abilities_and_transports(scope, child.raw, link_raw, depth)
        if scope.shared.catalogue_asked != asked:
            del scope._abilities[key]
            key = (*key, catalogue)
        scope._abilities[key] = known
    return known


# --- invulnerable saves --------------------------------------------------------------------------------------------

#: Clauses: lines, sentences and the part after a label ("Battle Round 1+ - Inured to Suffering: …").
_CLAUSE = re.compile(r"(?<=[.!;:])\s+")
_GRANT = re.compile(
    r"(?P<subject>[^.,;:\n]{1,60}?)\s+(?:has|have|gains?|receives?)\s+an?\s+(?P<value>[2-6])\+\s*invulner[a-z]+\s+save"
    r"(?:\s+against\s+(?P<against>ranged|shooting|melee|close combat|psychic)\b)?",
    re.IGNORECASE,
)
#: "…, and a 5+ invulnerable save against melee attacks": a second save in the same sentence.
_AND_GRANT = re.compile(
    r"\band\s+an?\s+(?P<value>[2-6])\+\s*invulner[a-z]+\s+save(?:\s+against\s+(?P<against>ranged|shooting|melee)\b)?",
    re.IGNORECASE,
)
#: "While this model has any void shields, it has…": the model's own state, still its save.
_OWN_STATE = re.compile(r"^while\s+this\s+(?:model|unit)\b[^,]{0,80},\s*", re.IGNORECASE)
#: Subjects that are not this unit's models for good (another unit, a choice, a moment), or not a subject at all.
_NOT_OURS = re.compile(
    r"\b(?:friendly|enemy|that|within|select|selected|any|until|if|when|whilst|while|add|or|each time|on top)\b",
    re.IGNORECASE,
)
_WHOLE_UNIT = re.compile(
    r"^(?:(?:all|every|each)\s+)?(?:(?:the\s+)?models?\s+in\s+this\s+units?|(?:this|the)\s+(?:model|unit|bearer)|it"
    r"|this\s+transport)$",
    re.IGNORECASE,
)
_NAMED_MODELS = re.compile(
    r"^(?:this\s+unit['\"’]?s\s+(?P<own>.+?)(?:\s+models?)?|(?:all\s+)?(?P<kind>.+?)\s+models(?:\s+in\s+this\s+unit)?)$",
    re.IGNORECASE,
)
_OTHER_MODELS = re.compile(r"^other\s+models\s+in\s+this\s+unit$", re.IGNORECASE)
#: A line that makes what follows depend on a choice or a moment ("If this unit has the Grim Resolve tactic…:").
_GATE = re.compile(r"^(?:if|when|once|at the start|in your|each time)\b.*:\s*$", re.IGNORECASE)
_AGAINST = {"ranged": "ranged", "shooting": "ranged", "melee": "melee", "close combat": "melee", "psychic": "psychic"}


def invulnerable_grants(text: str) -> list[tuple[int, str | None, str | None]]:
    """The invulnerable saves an ability's (English) text gives this unit's own models, for good.

    Each grant is ``(value, against, who)``: the save (4 for "4+"), what it is
    against (``"ranged"``, ``"melee"``, ``"psychic"``; None: every attack) and
    whom it names (None: every model of the unit; ``"*others"``: the models no
    other grant names; else the name of a model, "This unit's RIPTIDE model"
    is ``"RIPTIDE"``). Saves given to other units (auras, "select one friendly
    unit"), for a while ("until your next Command phase"), on a choice or an
    event ("If this unit has the … Chapter Tactic:") are not grants.
    """
    found: list[tuple[int, str | None, str | None]] = []
    gated = False
    for line in text.splitlines():
        line = line.strip().lstrip("-•* ").strip()
        if gated and not line:
            continue
        if _GATE.match(line):
            gated = True
            continue
        if gated:
            continue
        for clause in _CLAUSE.split(line):
            clause = _OWN_STATE.sub("", clause.strip().lstrip("-•* "))
            match = _GRANT.match(clause)
            if match is None:
                continue
            subject = " ".join(match.group("subject").split())
            if _NOT_OURS.search(subject):
                continue
            who: str | None
            if _WHOLE_UNIT.match(subject):
                who = None
            elif _OTHER_MODELS.match(subject):
                who = "*others"
            else:
                named = _NAMED_MODELS.match(subject)
                who = (named.group("own") or named.group("kind")) if named else subject
            found.append((int(match.group("value")), _AGAINST.get((match.group("against") or "").lower()), who))
            more = _AND_GRANT.search(clause, match.end())
            if more is not None:
                found.append((int(more.group("value")), _AGAINST.get((more.group("against") or "").lower()), who))
    return found


def invulnerable_column(grants: Iterable[tuple[int, str | None]]) -> str:
    """The Inv column of a model from its grants: "4+", "5+ / 4+ (melee)"; "-" when none.

    The best save against every attack is kept, and a save against some attacks
    only when it is better than that one (the condition in English brackets,
    which the presenter words in the reader's language).
    """
    best: dict[str | None, int] = {}
    for value, against in grants:
        best[against] = min(value, best.get(against, 7))
    overall = best.pop(None, None)
    parts = [f"{overall}+"] if overall is not None else []
    parts.extend(
        f"{value}+ ({against})"
        for against, value in sorted(best.items(), key=lambda item: (item[1], item[0] or ""))
        if overall is None or value < overall
    )
    return " / ".join(parts) or "-"


# --- damage tables -------------------------------------------------------------------------------------------------

_DAMAGE_TYPE = re.compile(r"wound track|stat damage|damage table", re.IGNORECASE)
_DAMAGE_COLUMNS = {
    "m": "m",
    "move": "m",
    "movement": "m",
    "ws": "ws",
    "bs": "bs",
    "s": "s",
    "strength": "s",
    "a": "a",
    "attacks": "a",
    "t": "t",
    "ld": "ld",
    "sv": "sv",
    "save": "sv",
}
_REMAINING = ("remaining w", "wounds", "remaining wounds", "w")


def is_damage_profile(profile: Element) -> bool:
    """A row of a damage table.

    A Wound Track or Stat Damage type, or a type of the catalogue's own (not a Unit profile) with a
    remaining-wounds column ("Triumph of Saint Katherine Wounds").
    """
    type_name = profile.get("typeName") or ""
    if _DAMAGE_TYPE.search(type_name) is not None:
        return True
    return type_name.casefold() != "unit" and any(
        k.casefold() in ("remaining w", "remaining wounds") for k in _characteristics(profile)
    )


_BRACKET_NAME = re.compile(
    r"^(?P<base>.+?)\s+\d+\s*\(\s*(?P<most>\d+)\s*[-–]\s*\d+\+?\s*wounds?\s*\)\s*$", re.IGNORECASE
)


def fold_bracket_profiles(profiles: Sequence[ModelProfile]) -> list[ModelProfile]:
    """Brackets written as model profiles of their own folded into the profile they stand for.

    Some data gives a damage table as Unit profiles named "<model> 1 (9-18 wounds)", "<model> 2
    (5-8 wounds)"… next to the model's profile that says "*". The "*" take the values of the bracket
    for the most wounds, and the bracket profiles are dropped: they are no models.
    """
    starred = {p.name.strip().casefold(): p for p in profiles if "*" in (p.m, p.ws, p.bs, p.s, p.t, p.a, p.ld, p.sv)}
    if not starred:
        return list(profiles)
    brackets: dict[str, list[tuple[int, ModelProfile]]] = {}
    for profile in profiles:
        match = _BRACKET_NAME.match(profile.name)
        if match is not None and match.group("base").strip().casefold() in starred:
            brackets.setdefault(match.group("base").strip().casefold(), []).append((int(match.group("most")), profile))
    if not brackets:
        return list(profiles)
    dropped = {id(p) for rows in brackets.values() for _, p in rows}
    result: list[ModelProfile] = []
    for profile in profiles:
        if id(profile) in dropped:
            continue
        rows = brackets.get(profile.name.strip().casefold())
        if rows:
            top = max(rows, key=lambda row: row[0])[1]
            update = {
                f: getattr(top, f)
                for f in ("m", "ws", "bs", "s", "t", "a", "ld", "sv")
                if getattr(profile, f).strip() == "*" and getattr(top, f).strip() not in ("", "*")
            }
            profile = profile.model_copy(update=update) if update else profile
        result.append(profile)
    return result


@dataclass(frozen=True)
class Bracket:
    """The top row of one damage table.

    ``named`` maps a profile field ("m", "bs", "a") to its value where the table names its column
    (by the column's own name or a header row). ``unnamed`` holds, in column order, the values of
    numbered columns nothing names ("Characteristic 1", "Characteristic 2"…, a Wound Track without
    its header row): they stand for the characteristics the model profile leaves to the table
    (its ``*``), in the profile's order, so they are only used when the counts agree.
    """

    named: dict[str, str]
    unnamed: tuple[str, ...] = ()

    def fill(self, starred: Sequence[str]) -> dict[str, str]:
        """Values for the ``starred`` fields (in profile order) this row gives."""
        values = {f: v for f, v in self.named.items() if f in starred}
        rest = [f for f in starred if f not in values]
        if self.unnamed and len(self.unnamed) == len(rest):
            values.update(zip(rest, self.unnamed, strict=True))
        return values


_NUMBERED_COLUMN = re.compile(r"^\s*(?:characteristic|char\.?|stat|column)\s*\d+\s*$", re.IGNORECASE)


def top_bracket(profiles: Sequence[Element]) -> dict[str, Bracket]:
    """The top row of each damage table among ``profiles``, by table name.

    A table's rows share a name but for a trailing number ("Baal Predator 1", "Cult Chimera (1)");
    the top row is the one for the most remaining wounds. Columns are named after the
    characteristic ("Movement", "BS", "Attacks") or numbered, with a header row (no remaining
    wounds) naming them ("Characteristic 1" = "M"); numbered columns with no header row are
    kept in order (:class:`Bracket`).
    """
    tables: dict[str, list[dict[str, str]]] = {}
    for profile in profiles:
        if not is_damage_profile(profile):
            continue
        name = re.sub(r"\s*(?:\(\d+\)|\[\d+\]|\d+)\s*$", "", profile.get("name") or "").strip().casefold()
        tables.setdefault(name, []).append(_characteristics(profile))
    found: dict[str, Bracket] = {}
    for name, rows in tables.items():
        remaining = next((k for k in rows[0] if k.casefold() in _REMAINING), None)
        if remaining is None:
            continue
        header = next((r for r in rows if not r.get(remaining, "").strip()), None)
        best: dict[str, str] | None = None
        best_wounds = -1
        for row in rows:
            wounds = _LEADING_NUMBER.match(row.get(remaining, ""))
            if wounds is not None and int(wounds.group(1)) > best_wounds:
                best, best_wounds = row, int(wounds.group(1))
        if best is None:
            continue
        values: dict[str, str] = {}
        unnamed: list[str] = []
        for column, value in best.items():
            if column == remaining:
                continue
            label = header.get(column, column) if header is not None else column
            target = _DAMAGE_COLUMNS.get(label.strip().casefold())
            if target and value.strip():
                values[target] = value.strip()
            elif header is None and _NUMBERED_COLUMN.match(column) and value.strip():
                unnamed.append(value.strip())
        if values or unnamed:
            found[name] = Bracket(values, tuple(unnamed))
    return found
