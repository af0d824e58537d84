"""The shipped catalogue source: human-editable YAML files in ``catalog/``.

Layout::

    catalog/bands.yaml             the points-band table (seed 000)
    catalog/glossary.yaml          special abilities (seed 001), our summaries
    catalog/factions/<id>.yaml     one file per faction: ``faction`` and ``datasheets``

See ``docs/catalogue-format.md`` for every field. Reading is all or nothing:
the first problem raises :class:`SourceError` naming the file, the line and
the field, before anything is written anywhere.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ost.core.catalogue import (
    AbilityRef,
    Band,
    BandTable,
    Catalogue,
    Datasheet,
    Faction,
    GlossaryEntry,
    RoleLimit,
    WargearGroup,
    WargearItem,
    WargearLimit,
)
from ost.core.fileio import InputFileError, check_folder
from ost.core.model import ValidationError
from ost.core.resources import sources_fingerprint
from ost.core.roles import Role, UnitType
from ost.core.text import keyword_key, slug
from ost.formats.yamltext import Located, SourceError, load_yaml

SOURCE = "ost"

#: Friendly names accepted in datasheet entries -> Datasheet field.
_FIELD_ALIASES = {
    "factions": "faction_keywords",
    "nom_en": "name_en",
    "per_model": "points_per_model",
    "type": "unit_type",
    "class": "unit_class",
    "space": "transport_space",
}
_PROFILE_KEYS = {
    "name": "name",
    "nom": "name",
    "m": "m",
    "ws": "ws",
    "cc": "ws",
    "bs": "bs",
    "ct": "bs",
    "s": "s",
    "f": "s",
    "t": "t",
    "e": "t",
    "w": "w",
    "pv": "w",
    "a": "a",
    "ld": "ld",
    "cd": "ld",
    "sv": "sv",
    "save": "sv",
}
_WEAPON_KEYS = {
    "name": "name",
    "nom": "name",
    "name_en": "name_en",
    "nom_en": "name_en",
    "range": "range",
    "portee": "range",
    "portée": "range",
    "type": "type",
    "s": "s",
    "f": "s",
    "ap": "ap",
    "pa": "ap",
    "d": "d",
    "abilities": "abilities",
    "capacites": "abilities",
    "capacités": "abilities",
    "abilities_en": "abilities_en",
    "capacites_en": "abilities_en",
    "capacités_en": "abilities_en",
}
_MODELS = re.compile(r"^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*$")
_ABILITY = re.compile(r"^\s*(.+?)\s*\(([^()]*)\)\s*$")
_CELL = re.compile(r"^\s*(?:(\d+)\s*[-–]\s*(\d+))?\s*(?:\((\d+)\))?\s*$")


def parse_models(text: Any) -> tuple[int, int]:
    """``"5-10"`` -> (5, 10); ``1`` -> (1, 1)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text, text
    match = _MODELS.match(str(text))
    if not match:
        raise ValueError(f"expected a model count like 5 or 5-10, got {text!r}")
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) else low
    return low, high


def parse_ability(item: Any) -> AbilityRef:
    """``"Transport (12)"`` or ``{name: …, name_en: …, parameter: …, text: …, text_en: …}`` -> :class:`AbilityRef`."""
    if isinstance(item, str):
        match = _ABILITY.match(item)
        if match:
            return AbilityRef(name=match.group(1), parameter=match.group(2).strip() or None)
        return AbilityRef(name=item.strip())
    if isinstance(item, dict):
        return AbilityRef.model_validate(item)
    raise ValueError(f"expected an ability name or a mapping, got {item!r}")


def parse_cell(text: Any) -> RoleLimit:
    """A band-table cell: ``"2-4 (2)"``, ``"0-1 (1)"`` or ``"(2)"``."""
    match = _CELL.match(str(text))
    if not match or not any(match.groups()):
        raise ValueError(f"expected a cell like '2-4 (2)' or '(2)', got {text!r}")
    low, high, per_sheet = match.groups()
    return RoleLimit(
        min=int(low) if low else 0,
        max=int(high) if high else None,
        per_sheet=int(per_sheet) if per_sheet else None,
    )


def _table(located: Located, at: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise located.error(at, f"expected a mapping, got {type(value).__name__}")
    return value


def _items(located: Located, at: tuple[str | int, ...], value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise located.error(at, f"expected a list, got {type(value).__name__}")
    return value


def _rename(
    located: Located, at: tuple[str | int, ...], value: Any, keys: dict[str, str], *, allow_extra: bool
) -> dict[str, Any]:
    """Map friendly column names ("CC", "PV"…) to model fields; others go to ``extra``."""
    table = _table(located, at, value)
    out: dict[str, Any] = {}
    extra: dict[str, str] = {}
    for key, item in table.items():
        name = keys.get(key.strip().lower())
        if name is None:
            if allow_extra:
                extra[key] = str(item)
                continue
            raise located.error((*at, key), f"unknown field {key!r}", field=key)
        out[name] = str(item)
    if extra:
        out["extra"] = extra
    return out


_KIND_ALIASES = {"nom_en": "name_en", "models": "models", "per_model": "points", "pv": "wounds", "w": "wounds"}


def _kind(located: Located, at: tuple[str | int, ...], raw: Any) -> dict[str, Any]:
    """A model kind: ``{name, models: 1 | 4-9, wounds, per_model, space, profile, keywords, id}``."""
    table = _table(located, at, raw)
    out: dict[str, Any] = {}
    for key, value in table.items():
        name = _KIND_ALIASES.get(key, key)
        if name == "models":
            try:
                out["min"], out["max"] = parse_models(value)
            except ValueError as exc:
                raise located.error((*at, key), str(exc), field=key) from None
        elif name == "keywords":
            out["keywords"] = [str(v) for v in _items(located, (*at, key), value)]
        else:
            out[name] = value
    if "id" not in out and isinstance(out.get("name"), str):
        out["id"] = slug(out["name"])
    return out


def _datasheet(located: Located, at: tuple[str | int, ...], raw: Any, faction: Faction) -> Datasheet:
    table = _table(located, at, raw)
    data: dict[str, Any] = {"faction": faction.id, "source": SOURCE}
    origin: dict[str, str] = {}
    for key, value in table.items():
        here = (*at, key)
        name = _FIELD_ALIASES.get(key, key)
        origin[name] = key
        try:
            if name == "models":
                data["min_models"], data["max_models"] = parse_models(value)
            elif name == "role":
                data["role"] = Role.parse(str(value))
            elif name == "unit_type":
                data["unit_type"] = UnitType.parse(str(value))
            elif name == "abilities":
                data["abilities"] = [parse_ability(v) for v in _items(located, here, value)]
            elif name == "profiles":
                rows = _items(located, here, value)
                data["profiles"] = [_profile(located, (*here, i), v) for i, v in enumerate(rows)]
            elif name == "weapons":
                data["weapons"] = [
                    _rename(located, (*here, i), v, _WEAPON_KEYS, allow_extra=False)
                    for i, v in enumerate(_items(located, here, value))
                ]
            elif name in ("keywords", "faction_keywords", "aliases"):
                data[name] = [str(v) for v in _items(located, here, value)]
            elif name == "kinds":
                data["kinds"] = [_kind(located, (*here, i), v) for i, v in enumerate(_items(located, here, value))]
            else:
                data[name] = value
        except SourceError:
            raise
        except (ValueError, ValidationError) as exc:
            raise located.error(here, _first_line(exc), field=key) from None
    try:
        sheet = Datasheet.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        loc = tuple(error["loc"])
        if not loc and "min_models" in str(error["msg"]):
            loc = ("max_models",)  # the size check spans two fields; point at the size
        field = str(loc[0]) if loc else None
        shown_key: str | None = origin.get(field, field) if field else None
        if field in ("min_models", "max_models") and "models" in origin:
            shown_key = "models"
        path = (*at, shown_key, *loc[1:]) if shown_key else at
        shown = ".".join(str(p) for p in (shown_key, *loc[1:]) if p is not None) if shown_key else None
        message = str(error["msg"]).removeprefix("Value error, ")
        if error["type"] == "missing":
            message = "this field is required"
        elif error["type"] == "extra_forbidden":
            message = "unknown field"
        raise located.error(path, message, field=shown) from None
    problem = wargear_problem(sheet)
    if problem is not None:
        field, message = problem
        raise located.error((*at, field), message, field=field)
    return sheet


def _profile(located: Located, at: tuple[str | int, ...], raw: Any) -> dict[str, Any]:
    """A model profile; ``top`` (the damage table's top row for ``*`` values) takes the same column names."""
    table = dict(_table(located, at, raw))
    top = table.pop("top", None)
    out = _rename(located, at, table, _PROFILE_KEYS, allow_extra=True)
    if top is not None:
        out["top"] = _rename(located, (*at, "top"), top, _PROFILE_KEYS, allow_extra=False)
    return out


def wargear_problem(sheet: Datasheet) -> tuple[str, str] | None:
    """The first wargear reference of ``sheet`` that names nothing: (field, message), or None.

    Loadouts and choices name items of ``wargear``; choices name model kinds
    and enclosing groups of the datasheet, and a default among their items.
    """
    items = {item.id for item in sheet.wargear}
    kinds = {kind.id for kind in sheet.kinds}
    groups = {group.id for group in sheet.choices}
    for kind in sheet.kinds:
        for item_id in kind.loadout:
            if item_id not in items:
                return "kinds", f"kind {kind.id!r}: loadout names {item_id!r}, which is not in wargear"
    for group in sheet.choices:
        for item_id in (*group.items, *group.replaces, *group.item_limits):
            if item_id not in items:
                return "choices", f"choice {group.id!r} names {item_id!r}, which is not in wargear"
        for kind_id in group.kinds:
            if kind_id not in kinds:
                return "choices", f"choice {group.id!r} names kind {kind_id!r}, which the datasheet lacks"
        if group.within is not None and (group.within not in groups or group.within == group.id):
            return "choices", f"choice {group.id!r} is within {group.within!r}, which is not another choice"
        if group.default is not None and group.default not in group.items:
            return "choices", f"choice {group.id!r}: its default {group.default!r} is not one of its items"
    return None


def _first_line(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"])
        return f"{where}: {error['msg']}" if where else str(error["msg"])
    return str(exc).splitlines()[0]


def read_faction_file(path: Path) -> tuple[Faction, list[tuple[Datasheet, int | None]]]:
    """One faction file: its faction and its datasheets with their line numbers."""
    located = load_yaml(path)
    root = _table(located, (), located.value)
    unknown = set(root) - {"faction", "datasheets", "upgrades"}
    if unknown:
        key = sorted(unknown)[0]
        raise located.error((key,), f"unknown section {key!r} (expected 'faction', 'datasheets' and 'upgrades')")
    if "faction" not in root:
        raise SourceError(path, 1, "faction", "this section is required")
    head = dict(_table(located, ("faction",), root["faction"]))
    head.setdefault("id", path.stem)
    head.setdefault("source", SOURCE)
    try:
        faction = Faction.model_validate(head)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = str(error["loc"][0]) if error["loc"] else None
        raise located.error(("faction", field) if field else ("faction",), error["msg"], field=field) from None
    sheets: list[tuple[Datasheet, int | None]] = []
    for index, raw in enumerate(_items(located, ("datasheets",), root.get("datasheets", []))):
        at: tuple[str | int, ...] = ("datasheets", index)
        sheet = _datasheet(located, at, raw, faction)
        sheets.append((sheet, located.line((*at, "id"))))
    if "upgrades" in root:
        upgrades = _upgrades(located, root["upgrades"])
        sheets = [(with_upgrades(sheet, upgrades), line) for sheet, line in sheets]
    return faction, sheets


def read_faction_upgrades(path: Path) -> FactionUpgrades | None:
    """The ``upgrades:`` section of one faction file as read for its datasheets (None: it has none)."""
    located = load_yaml(path)
    root = _table(located, (), located.value)
    return _upgrades(located, root["upgrades"]) if "upgrades" in root else None


class FactionUpgrades:
    """A faction's once-per-unit picks (relics, warlord traits, psychic disciplines), offered by keyword.

    The YAML's ``upgrades:`` section: ``wargear`` (the items, each with an
    optional ``for``: keywords a datasheet needs to be offered it; a relic
    weapon's ``profiles``, written like a datasheet's ``weapons``, and the
    ids of the datasheet items it ``replaces``) and
    ``choices`` (unit choices, each with ``for``: the keywords a datasheet
    needs, and ``max_per_sheet``: datasheet id -> its own maximum, 0 for
    none). Written once per faction, they are added to every datasheet they
    fit when the file is read, each item at most once per unit; a
    datasheet's own choice of the same id wins.
    """

    def __init__(
        self,
        items: list[tuple[WargearItem, frozenset[str]]],
        choices: list[tuple[WargearGroup, frozenset[str], dict[str, int]]],
    ) -> None:
        self.items = items
        self.choices = choices


def _keys(values: Any) -> frozenset[str]:
    return frozenset(keyword_key(str(v)) for v in (values or []))


def _upgrades(located: Located, raw: Any) -> FactionUpgrades:
    table = _table(located, ("upgrades",), raw)
    unknown = set(table) - {"wargear", "choices"}
    if unknown:
        key = sorted(unknown)[0]
        raise located.error(("upgrades", key), "unknown field (expected 'wargear' and 'choices')", field=key)
    items: list[tuple[WargearItem, frozenset[str]]] = []
    for index, value in enumerate(_items(located, ("upgrades", "wargear"), table.get("wargear", []))):
        at: tuple[str | int, ...] = ("upgrades", "wargear", index)
        entry = dict(_table(located, at, value))
        needs = _keys(entry.pop("for", None))
        if "profiles" in entry:  # a relic weapon's rows, written like a datasheet's weapons
            rows = _items(located, (*at, "profiles"), entry["profiles"])
            entry["profiles"] = [
                _rename(located, (*at, "profiles", i), row, _WEAPON_KEYS, allow_extra=False)
                for i, row in enumerate(rows)
            ]
        try:
            items.append((WargearItem.model_validate(entry), needs))
        except ValidationError as exc:
            raise located.error(at, _first_line(exc)) from None
    known = {item.id for item, _ in items}
    choices: list[tuple[WargearGroup, frozenset[str], dict[str, int]]] = []
    for index, value in enumerate(_items(located, ("upgrades", "choices"), table.get("choices", []))):
        at = ("upgrades", "choices", index)
        entry = dict(_table(located, at, value))
        needs = _keys(entry.pop("for", None))
        per_sheet = {str(k): int(v) for k, v in dict(entry.pop("max_per_sheet", None) or {}).items()}
        try:
            group = WargearGroup.model_validate(entry)
        except ValidationError as exc:
            raise located.error(at, _first_line(exc)) from None
        if group.kinds:
            raise located.error((*at, "kinds"), "a faction's upgrade is a choice of the unit: no kinds", field="kinds")
        missing = [i for i in group.items if i not in known]
        if missing:
            raise located.error(
                (*at, "items"), f"names {missing[0]!r}, which is not in upgrades.wargear", field="items"
            )
        choices.append((group, needs, per_sheet))
    return FactionUpgrades(items, choices)


def with_upgrades(sheet: Datasheet, upgrades: FactionUpgrades) -> Datasheet:
    """``sheet`` offered the faction's upgrades its keywords allow (its own choices of the same ids kept)."""
    keys = frozenset(keyword_key(k) for k in (*sheet.keywords, *sheet.faction_keywords))
    own_groups = {g.id for g in sheet.choices}
    own_items = {i.id for i in sheet.wargear}
    open_items = {item.id: item for item, needs in upgrades.items if needs <= keys}
    added_groups: list[WargearGroup] = []
    for group, needs, per_sheet in upgrades.choices:
        if group.id in own_groups or not needs <= keys or per_sheet.get(sheet.id, 1) == 0:
            continue
        offered = [i for i in group.items if i in open_items]
        if not offered:
            continue
        # A relic, a trait or a power is one thing: a unit takes each at most once.
        once = {i: WargearLimit(max=1, per="unit") for i in offered if i not in group.item_limits}
        update: dict[str, Any] = {"items": offered, "item_limits": {**group.item_limits, **once}}
        if sheet.id in per_sheet:
            update["limit"] = group.limit.model_copy(update={"max": per_sheet[sheet.id]})
        added_groups.append(group.model_copy(update=update))
    if not added_groups:
        return sheet
    used = {i for g in added_groups for i in g.items}
    added_items = [open_items[i] for i in open_items if i in used and i not in own_items]
    # Built anew, not model_copy'd: a copy would keep the datasheet's cached tables (wargear_map…).
    fields = {name: getattr(sheet, name) for name in type(sheet).model_fields}
    fields.update(wargear=[*sheet.wargear, *added_items], choices=[*sheet.choices, *added_groups])
    return type(sheet).model_validate(fields)


def read_bands(path: Path) -> BandTable:
    located = load_yaml(path)
    root = _table(located, (), located.value)
    bands: list[Band] = []
    for index, raw in enumerate(_items(located, ("bands",), root.get("bands"))):
        at: tuple[str | int, ...] = ("bands", index)
        table = _table(located, at, raw)
        try:
            low, high = parse_models(table.get("points", ""))
        except ValueError as exc:
            raise located.error((*at, "points"), str(exc), field="points") from None
        limits: dict[Role, RoleLimit] = {}
        for role_name, cell in _table(located, (*at, "limits"), table.get("limits", {})).items():
            here = (*at, "limits", role_name)
            try:
                role = Role.parse(role_name)
                limits[role] = parse_cell(cell)
            except ValueError as exc:
                raise located.error(here, str(exc), field=f"limits.{role_name}") from None
        try:
            bands.append(
                Band(
                    label=str(table.get("label", f"{low}–{high}")),
                    points_min=low,
                    points_max=high,
                    max_detachments=table.get("detachments", 0),
                    limits=limits,
                )
            )
        except ValidationError as exc:
            raise located.error(at, _first_line(exc)) from None
    try:
        return BandTable(bands=bands)
    except ValidationError as exc:
        raise located.error(("bands",), _first_line(exc), field="bands") from None


def read_glossary(path: Path) -> list[GlossaryEntry]:
    located = load_yaml(path)
    root = _table(located, (), located.value)
    entries: list[GlossaryEntry] = []
    seen: dict[str, int | None] = {}
    for index, raw in enumerate(_items(located, ("abilities",), root.get("abilities"))):
        at: tuple[str | int, ...] = ("abilities", index)
        table = dict(_table(located, at, raw))
        table.setdefault("key", slug(str(table.get("name_fr", ""))))
        try:
            entry = GlossaryEntry.model_validate(table)
        except ValidationError as exc:
            error = exc.errors()[0]
            field = str(error["loc"][0]) if error["loc"] else None
            message = "this field is required" if error["type"] == "missing" else error["msg"]
            raise located.error((*at, field) if field else at, message, field=field) from None
        if entry.key in seen:
            raise located.error(
                (*at, "key"), f"duplicate ability {entry.key!r} (first at line {seen[entry.key]})", field="key"
            )
        seen[entry.key] = located.line(at)
        entries.append(entry)
    return entries


KEYWORDS_FILE = "keywords.yaml"


def read_keyword_table(path: Path) -> dict[str, tuple[str, ...]]:
    """``catalog/keywords.yaml``: each French keyword of the shipped catalogue -> its English name(s).

    The data sometimes spells one keyword two ways ("HEAVY WEAPONS TEAM",
    "HEAVY WEAPON TEAM"), so a value may be a list. Keys and values are upper
    case; a French keyword listed twice is refused.
    """
    located = load_yaml(path)
    root = _table(located, (), located.value)
    unknown = set(root) - {"keywords"}
    if unknown:
        key = sorted(unknown)[0]
        raise located.error((key,), f"unknown section {key!r} (expected 'keywords')")
    table: dict[str, tuple[str, ...]] = {}
    for french, english in _table(located, ("keywords",), root.get("keywords") or {}).items():
        here: tuple[str | int, ...] = ("keywords", french)
        names = english if isinstance(english, list) else [english]
        if not names or not all(isinstance(n, str) and n.strip() for n in names):
            raise located.error(here, "expected an English keyword or a list of them", field=str(french))
        key = str(french).strip().upper()
        if key in table:
            raise located.error(here, f"keyword {key!r} is listed twice", field=str(french))
        table[key] = tuple(n.strip().upper() for n in names)
    return table


def read_catalogue(folder: Path) -> Catalogue:
    """Read every source file of ``folder``; raises :class:`SourceError` on the first problem."""
    folder = Path(folder)
    try:  # harden: a FIFO, a device or a file is named as such, not "not found"
        check_folder(folder)
    except InputFileError as exc:
        reason = "not found" if exc.message_en == "no such file" else exc.message_en
        raise SourceError(folder, None, None, f"catalogue source folder {reason}") from None
    bands = read_bands(folder / "bands.yaml")
    glossary_path = folder / "glossary.yaml"
    glossary = read_glossary(glossary_path) if glossary_path.exists() else []
    factions: list[Faction] = []
    sheets: list[Datasheet] = []
    first_seen: dict[str, tuple[Path, int | None]] = {}
    faction_files = sorted((folder / "factions").glob("*.yaml"))
    if not faction_files:
        raise SourceError(folder / "factions", None, None, "no faction file (*.yaml) found")
    faction_seen: dict[str, Path] = {}
    for path in faction_files:
        faction, found = read_faction_file(path)
        if faction.id in faction_seen:
            raise SourceError(
                path, 1, "faction.id", f"faction {faction.id!r} is also defined in {faction_seen[faction.id].name}"
            )
        faction_seen[faction.id] = path
        factions.append(faction)
        for sheet, line in found:
            if sheet.id in first_seen:
                where, first_line = first_seen[sheet.id]
                raise SourceError(
                    path,
                    line,
                    "id",
                    f"duplicate datasheet id {sheet.id!r} (first defined in {where.name}, line {first_line})",
                )
            first_seen[sheet.id] = (path, line)
            sheets.append(sheet)
    return Catalogue(sheets, bands, glossary, factions)


def source_fingerprint(folder: Path) -> str:
    """A hash of every source file, to tell whether a database is up to date (see :mod:`ost.core.resources`)."""
    return sources_fingerprint(folder)
