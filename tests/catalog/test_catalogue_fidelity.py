"""The shipped catalogue says what the final 9th-edition BattleScribe data says.

Every shipped datasheet names its counterpart (``counterpart:``, a BattleScribe
entry id in the sample ``../shared/bsdata-9e``). The sample is read through the
importer (one reader of BattleScribe data) and each field is compared: role,
size, points, wounds, model kinds, what each kind's models carry by default (kind
by kind and model by model: a ``kinds`` departure cannot hide it), model
profiles (characteristics), weapons (each
shipped weapon is one of the datasheet's in the data: range, S, AP, D), priced
wargear options (ids are slugs of the data's names), keywords and faction keywords (through
``catalog/keywords.yaml``, French -> English), identity, unit type, transport
capacity with its allowed and forbidden keywords, its space rules and its wound
limits. (Linked
characters are a MAC HAMMER rule, seed 001: the data has nothing to compare.) A
difference passes only when the datasheet lists the field under
``departures`` with its reason (a deliberate house choice); the failure lists
every other one.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, ROOT
from ost.core.catalogue import (
    Catalogue,
    Datasheet,
    SpaceRule,
    TransportCapacity,
    WargearGroup,
    WargearItem,
    WargearLimit,
    WeaponProfile,
)
from ost.core.presenter import weapon_type
from ost.core.resources import shipped_catalogue_dir
from ost.core.text import fold, keyword_key, slug
from ost.formats.bsdata import BsImport, read_bsdata
from ost.formats.catalog_source import KEYWORDS_FILE, read_faction_upgrades, read_keyword_table
from ost.formats.yamltext import load_yaml

pytestmark = [pytest.mark.bsdata, pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)]

#: Imported factions in the order a counterpart is looked up (a library entry shows up in several).
FACTION_ORDER = (
    "bs-orks",
    "bs-necrons",
    "bs-imperium-astra-militarum",
    "bs-imperium-adeptus-astartes-ultramarines",
    "bs-warhammer-40-000-9th-edition",
)

Table = dict[str, tuple[str, ...]]


@pytest.fixture(scope="module")
def sample() -> BsImport:
    return read_bsdata([BSDATA_SAMPLE])


@pytest.fixture(scope="module")
def by_entry(sample: BsImport) -> dict[str, Datasheet]:
    """Imported datasheets by BattleScribe entry id, the shipped factions' catalogues first."""
    rank = {faction: i for i, faction in enumerate(FACTION_ORDER)}
    found: dict[str, Datasheet] = {}
    for sheet in sorted(sample.datasheets, key=lambda s: rank.get(s.faction, len(rank))):
        if sheet.source_id:
            found.setdefault(sheet.source_id, sheet)
    return found


@pytest.fixture(scope="module")
def table() -> Table:
    """French keyword key (accents folded) -> its English spellings."""
    return {keyword_key(k): v for k, v in read_keyword_table(shipped_catalogue_dir() / KEYWORDS_FILE).items()}


def english(keyword: str, table: Table) -> set[str]:
    """The English spellings of a shipped keyword (the keyword itself when the table has none)."""
    return {keyword_key(k) for k in table.get(keyword_key(keyword), (keyword,))}


def same_words(ours: Iterable[str], theirs: Iterable[str], table: Table) -> bool:
    """Whether two keyword collections are the same once ours are translated (order aside)."""
    mine = [english(k, table) for k in ours]
    other = {keyword_key(k) for k in theirs}
    if len(mine) != len(other):
        return False
    return all(spellings & other for spellings in mine) and all(
        any(word in spellings for spellings in mine) for word in other
    )


def shown(words: Iterable[str]) -> str:
    return "[" + ", ".join(words) + "]"


def transport_differences(
    ours: TransportCapacity | None, theirs: TransportCapacity | None, table: Table
) -> dict[str, str]:
    out: dict[str, str] = {}
    if ours is None or theirs is None:
        if (ours is None) != (theirs is None):
            out["transport"] = (
                f"Ost {'none' if ours is None else ours.capacity}, data {'none' if theirs is None else theirs.capacity}"
            )
        return out
    if ours.capacity != theirs.capacity:
        out["transport.capacity"] = f"Ost {ours.capacity}, data {theirs.capacity}"
    if len(ours.allowed) != len(theirs.allowed) or not all(
        any(same_words(a, b, table) for b in theirs.allowed) for a in ours.allowed
    ):
        out["transport.allowed"] = f"Ost {ours.allowed}, data {theirs.allowed}"
    if not same_words(ours.forbidden, theirs.forbidden, table):
        out["transport.forbidden"] = f"Ost {ours.forbidden}, data {theirs.forbidden}"

    def bounds(rule: SpaceRule) -> tuple[int, int | None, int | None]:
        return rule.space, rule.min_wounds, rule.max_wounds

    mine = sorted((r.space, len(r.keywords), r.min_wounds or 0, r.max_wounds or 0) for r in ours.space)
    other = sorted((r.space, len(r.keywords), r.min_wounds or 0, r.max_wounds or 0) for r in theirs.space)
    if mine != other or not all(
        any(bounds(r) == bounds(t) and same_words(r.keywords, t.keywords, table) for t in theirs.space)
        for r in ours.space
    ):
        shown_ours = [(r.keywords, *bounds(r)) for r in ours.space]
        shown_theirs = [(r.keywords, *bounds(r)) for r in theirs.space]
        out["transport.space"] = f"Ost {shown_ours}, data {shown_theirs}"
    if len(ours.wound_limits) != len(theirs.wound_limits) or not all(
        any(
            o.min_wounds == t.min_wounds
            and same_words(o.keywords, t.keywords, table)
            and same_words(o.unless, t.unless, table)
            for t in theirs.wound_limits
        )
        for o in ours.wound_limits
    ):
        shown_ours = [(w.keywords, w.min_wounds, w.unless) for w in ours.wound_limits]
        shown_theirs = [(w.keywords, w.min_wounds, w.unless) for w in theirs.wound_limits]
        out["transport.wound_limits"] = f"Ost {shown_ours}, data {shown_theirs}"
    return out


def full_health_stats(sheet: Datasheet) -> set[tuple[str, ...]]:
    """Characteristics of each model profile, damage-table rows below the top one left out."""
    rows = [p for p in sheet.profiles if p.w.strip()[:1].isdigit()]
    if any("[1]" in p.name for p in rows):
        rows = [p for p in rows if "[1]" in p.name or "[" not in p.name]
    return {
        tuple(v.replace('""', '"').strip() for v in (p.m, p.ws, p.bs, p.s, p.t, p.w, p.a, p.ld, p.sv)) for p in rows
    }


def _same_stats(mine: tuple[str, ...], data: tuple[str, ...]) -> bool:
    return all(a == b or a == "*" for a, b in zip(mine, data, strict=True))


#: Priced wargear the shipped catalogue leaves out: Legends items and another chapter's upgrades.
LEFT_OUT_WARGEAR = re.compile(r"Legends|Death Company", re.IGNORECASE)


def wargear_of(sheet: Datasheet) -> set[tuple[str, int, bool, int | None]]:
    """Priced options of an imported datasheet as (id, points, per model, max); ids are slugs of the data's names."""
    found: dict[str, tuple[str, int, bool, int | None]] = {}
    for o in sheet.options:
        if not LEFT_OUT_WARGEAR.search(o.name):
            found.setdefault(slug(o.name), (slug(o.name), o.points, o.per_model, o.max))  # the data repeats some
    return set(found.values())


def _stat(value: str) -> str:
    text = re.sub(r"\s+", "", value.replace('""', '"')).lower()
    text = {"util.": "user", "mêlée": "melee"}.get(text, text)
    return text + '"' if text.isdigit() else text  # the data writes some ranges without the inch mark


def weapon_stats(sheet: Datasheet) -> set[tuple[str, str, str, str]]:
    """Each weapon profile as (range, S, AP, D), French and English spellings made equal."""
    return {(_stat(w.range), _stat(w.s), _stat(w.ap), _stat(w.d)) for w in sheet.weapons}


def kinds_of(sheet: Datasheet) -> list[tuple[int, int, int, int]]:
    """Each kind as (min, max, wounds, price per model), leaders and bulk alike, sorted."""
    return sorted((k.min, k.max, k.wounds, k.points) for k in sheet.kinds)


@functools.cache
def _rules() -> ModuleType:
    """tools/wargear_from_data.py: which of the data's wargear the shipped catalogue states (one set of rules)."""
    path = ROOT / "tools" / "wargear_from_data.py"
    spec = importlib.util.spec_from_file_location("wargear_from_data", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("wargear_from_data", module)
    spec.loader.exec_module(module)
    return module


LimitKey = tuple[int, int | None, str, int | None]
GroupKey = tuple[tuple[str, ...], frozenset[tuple[str, int]], frozenset[str], LimitKey, frozenset[tuple[str, LimitKey]]]


def _limit(limit: WargearLimit) -> LimitKey:
    return limit.min, limit.max, limit.per, limit.every


def _named(sheet: Datasheet, item_id: str) -> str:
    """An item by its English name (the data's), folded: what the two sides share."""
    item = sheet.wargear_map.get(item_id)
    return fold(item.name_en or item.name) if item is not None else item_id


def _group_key(sheet: Datasheet, group: WargearGroup, kinds: tuple[str, ...]) -> GroupKey:
    items = frozenset(
        (_named(sheet, i), sheet.wargear_map[i].points if i in sheet.wargear_map else 0) for i in group.items
    )
    limits = frozenset((_named(sheet, i), _limit(v)) for i, v in group.item_limits.items())
    return kinds, items, frozenset(_named(sheet, i) for i in group.replaces), _limit(group.limit), limits


def wargear_facts(sheet: Datasheet) -> tuple[list[tuple[str, frozenset[tuple[str, int]]]], list[GroupKey]]:
    """A shipped datasheet's default loadout per kind and its choices, items by English name."""
    loadouts = sorted(
        (k.id, frozenset((_named(sheet, i), n) for i, n in k.loadout.items())) for k in sheet.kinds if k.loadout
    )
    groups = sorted(
        (_group_key(sheet, g, tuple(sorted(g.kinds))) for g in sheet.choices if not faction_pick(sheet, g)), key=repr
    )
    return loadouts, groups


def faction_pick(sheet: Datasheet, group: WargearGroup) -> bool:
    """A unit's once-per-army pick (relics, warlord traits, a discipline): compared by ``test_faction_picks_*``."""
    kinds = {sheet.wargear_map[i].kind for i in group.items if i in sheet.wargear_map}
    return not group.kinds and bool(kinds) and kinds <= {"psychic", "trait", "relic"}


def data_wargear_facts(
    ours: Datasheet, theirs: Datasheet
) -> tuple[list[tuple[str, frozenset[tuple[str, int]]]], list[GroupKey]]:
    """The same of the data's datasheet as the importer reads it, kinds named as ours, by the tool's rules.

    The rules (tools/wargear_from_data.py): the choices the model kinds make (not the unit's
    once-per-army picks), Legends and damage-table items left out, an item a kind carries by default
    left out of that kind's groups, a price read free taken from the priced option of that item, and
    each priced option no choice holds a one-item choice of the unit.
    """
    rules = _rules()
    pairs = rules.paired_kinds(ours, theirs)
    loadout: dict[str, dict[str, int]] = {}
    for kind in theirs.kinds:
        for mine in pairs.get(kind.id, []):
            here = loadout.setdefault(mine, {})
            for item_id, count in rules.kept_loadout(theirs, kind).items():
                name = _named(theirs, item_id)
                here[name] = max(here.get(name, 0), count)
    loadouts = sorted((k, frozenset(v.items())) for k, v in loadout.items() if v)

    def priced(sheet: Datasheet, item_id: str) -> int:
        item = sheet.wargear_map[item_id]
        return item.points or rules.option_price(sheet, item.name)

    kept = rules.kept_groups(theirs)
    groups: list[GroupKey] = []
    for group in kept:
        kinds = tuple(sorted({k for data_kind in group.kinds for k in pairs.get(data_kind, [])}))
        key = _group_key(theirs, group, kinds)
        items = frozenset((_named(theirs, i), priced(theirs, i)) for i in group.items)
        groups.append((key[0], items, *key[2:]))
    for name, points, most in rules.extra_options(theirs, kept):
        groups.append(((), frozenset({(fold(name), points)}), frozenset(), (0, most, "unit", None), frozenset()))
    return loadouts, sorted(groups, key=repr)


Carries = frozenset[tuple[str, int]]


def _carries(sheet: Datasheet, loadout: dict[str, int]) -> Carries:
    return frozenset((_named(sheet, i), n) for i, n in loadout.items())


def kind_loadouts(ours: Datasheet, theirs: Datasheet) -> list[str]:
    """Where a model carries by default other than the data's, whatever the kinds' pairing.

    Two views that do not lean on :func:`paired_kinds` (which, when the kinds differ, pours every data
    kind into the shipped one its name contains): each shipped kind whose English name is a data kind's
    carries that kind's loadout; and the models of the smallest and of the largest unit, split over
    the kinds by default, carry the same things one by one (a merge of kinds that carry different
    things shows there, a ``kinds`` departure or not).
    """
    rules = _rules()
    theirs_by_name = {fold(k.name): k for k in theirs.kinds}
    out: list[str] = []
    for kind in ours.kinds:
        data = theirs_by_name.get(fold(kind.name_en))
        if data is None:
            continue
        mine, other = _carries(ours, kind.loadout), _carries(theirs, rules.kept_loadout(theirs, data))
        if mine != other:
            out.append(f"{kind.id} carries {sorted(mine)}, the data's {data.name} {sorted(other)}")
    for size in sorted({ours.min_models, ours.max_models}):
        mine = _unit_carries(ours, ours.default_composition(size), lambda k: k.loadout)
        other = _unit_carries(theirs, theirs.default_composition(size), lambda k: rules.kept_loadout(theirs, k))
        if mine != other:
            out.append(f"{size} models carry {mine}, the data's {other}")
    return out


def _unit_carries(sheet: Datasheet, composition: dict[str, int], loadout: Any) -> list[tuple[int, list[Any]]]:
    """Each model's default loadout in a unit of ``composition``, as (models, sorted items), sorted."""
    found: dict[Carries, int] = {}
    for kind in sheet.kinds:
        carries = _carries(sheet, loadout(kind))
        found[carries] = found.get(carries, 0) + composition.get(kind.id, 0)
    return sorted((n, sorted(c)) for c, n in found.items() if n)


def wargear_differences(ours: Datasheet, theirs: Datasheet) -> dict[str, str]:
    """``loadout`` and ``choices`` where a shipped datasheet with wargear states other than the data's."""
    if not ours.has_loadouts and not ours.choices:
        return {}
    out: dict[str, str] = {}
    mine, data = wargear_facts(ours), data_wargear_facts(ours, theirs)
    carried = kind_loadouts(ours, theirs)
    if mine[0] != data[0] or carried:
        out["loadout"] = "; ".join(carried) if carried else f"Ost {mine[0]}, data {data[0]}"
    if mine[1] != data[1]:
        only_mine = [g for g in mine[1] if g not in data[1]]
        only_data = [g for g in data[1] if g not in mine[1]]
        out["choices"] = f"Ost only {only_mine}, data only {only_data}"
    return out


def differences(ours: Datasheet, theirs: Datasheet, table: Table, *, kinds: bool) -> dict[str, str]:
    """Field -> "Ost x, data y" for every field where the shipped datasheet differs from the data."""
    out: dict[str, str] = {}

    def compare(field: str, mine: object, other: object) -> None:
        if mine != other:
            out[field] = f"Ost {mine}, data {other}"

    compare("role", ours.role.value, theirs.role.value)
    compare("models", (ours.min_models, ours.max_models), (theirs.min_models, theirs.max_models))
    compare("points", ours.points, theirs.points)
    if ours.max_models > ours.min_models or theirs.max_models > theirs.min_models:
        compare("per_model", ours.points_per_model, theirs.points_per_model)
    if kinds:
        compare("wounds", ours.wounds, theirs.wounds)
        compare("kinds", kinds_of(ours), kinds_of(theirs))
    else:
        # An importer that reads one kind gives the wounds of the unit's main models: compare the bulk kind.
        compare("wounds", ours.kinds[ours.bulk_index].wounds, theirs.wounds)
    if not same_words(ours.keywords, theirs.keywords, table):
        out["keywords"] = f"Ost {shown(ours.keywords)}, data {shown(theirs.keywords)}"
    if not same_words(ours.faction_keywords, theirs.faction_keywords, table):
        out["factions"] = f"Ost {shown(ours.faction_keywords)}, data {shown(theirs.faction_keywords)}"
    if not english(ours.identity_key, table) & {theirs.identity_key}:
        out["identity"] = f"Ost {ours.identity_key}, data {theirs.identity_key}"
    compare("type", ours.unit_type.value, theirs.unit_type.value)
    mine_options = {(o.id, o.points, o.per_model, o.max) for o in ours.options}
    if mine_options != wargear_of(theirs):
        out["options"] = f"Ost {sorted(mine_options, key=str)}, data {sorted(wargear_of(theirs), key=str)}"
    unknown_weapons = [
        w.name
        for w in ours.weapons
        if (_stat(w.range), _stat(w.s), _stat(w.ap), _stat(w.d)) not in weapon_stats(theirs)
    ]
    if unknown_weapons:
        out["weapons"] = f"Ost {unknown_weapons} match no weapon of the data's datasheet"
    mine_stats = full_health_stats(ours)
    theirs_stats = full_health_stats(theirs)
    # The importer fills a "*" from the top row of the damage table (MAC HAMMER 40K has none); a shipped
    # profile that still says "*" matches that value until the shipped catalogue states it too.
    if not all(any(_same_stats(mine, data) for data in theirs_stats) for mine in mine_stats):
        out["profiles"] = f"Ost {sorted(mine_stats)}, data {sorted(theirs_stats)}"
    out.update(transport_differences(ours.transport, theirs.transport, table))
    out.update(wargear_differences(ours, theirs))
    return out


def unexplained(field_differences: dict[str, str], departures: dict[str, str]) -> dict[str, str]:
    """Differences whose field (or its parent, ``transport`` for ``transport.space``) is not a departure."""
    return {
        field: text
        for field, text in field_differences.items()
        if field not in departures and field.split(".")[0] not in departures
    }


def importer_reads_kinds(sample: BsImport) -> bool:
    return any(len(sheet.kinds) > 1 for sheet in sample.datasheets)


def test_every_field_of_every_datasheet_matches_the_data(
    shipped: Catalogue, by_entry: dict[str, Datasheet], table: Table, sample: BsImport
) -> None:
    kinds = importer_reads_kinds(sample)
    problems: list[str] = []
    compared = 0
    for sheet in shipped:
        if sheet.counterpart is None:
            continue
        theirs = by_entry.get(sheet.counterpart)
        if theirs is None:
            continue  # test_every_counterpart_exists says so
        compared += 1
        for field, text in sorted(
            unexplained(differences(sheet, theirs, table, kinds=kinds), sheet.departures).items()
        ):
            problems.append(f"{sheet.id} ({theirs.name}) {field}: {text}")
    assert compared >= 100
    assert not problems, f"{len(problems)} unexplained differences:\n" + "\n".join(problems)


def test_model_kinds_match_the_data(shipped: Catalogue, by_entry: dict[str, Datasheet], sample: BsImport) -> None:
    if not importer_reads_kinds(sample):
        pytest.skip("the importer does not read model kinds yet: kinds are compared once it does")
    problems = [
        f"{sheet.id}: Ost {kinds_of(sheet)}, data {kinds_of(by_entry[sheet.counterpart])}"
        for sheet in shipped
        if sheet.counterpart in by_entry
        and "kinds" not in sheet.departures
        and kinds_of(sheet) != kinds_of(by_entry[sheet.counterpart])
    ]
    assert not problems, "\n".join(problems)


def test_every_datasheet_has_a_counterpart_or_says_why_not(shipped: Catalogue) -> None:
    missing = [s.id for s in shipped if s.counterpart is None and not s.departures.get("counterpart", "").strip()]
    assert not missing, f"datasheets with neither a counterpart nor a reason: {missing}"
    both = [s.id for s in shipped if s.counterpart is not None and "counterpart" in s.departures]
    assert not both


def test_every_counterpart_exists_in_the_sample(shipped: Catalogue, by_entry: dict[str, Datasheet]) -> None:
    unknown = [f"{s.id} -> {s.counterpart}" for s in shipped if s.counterpart and s.counterpart not in by_entry]
    assert not unknown, f"counterparts not in the sample: {unknown}"
    counterparts = [s.counterpart for s in shipped if s.counterpart]
    assert len(counterparts) == len(set(counterparts)), "two shipped datasheets name the same counterpart"


def test_every_departure_has_a_reason_and_a_known_field(shipped: Catalogue) -> None:
    known = {
        "counterpart",
        "role",
        "models",
        "points",
        "per_model",
        "wounds",
        "kinds",
        "keywords",
        "factions",
        "identity",
        "type",
        "profiles",
        "options",
        "weapons",
        "loadout",
        "choices",
        "transport",
        "transport.capacity",
        "transport.allowed",
        "transport.forbidden",
        "transport.space",
        "transport.wound_limits",
    }
    bad = [
        f"{s.id}: {field}"
        for s in shipped
        for field, reason in s.departures.items()
        if field not in known or len(reason.strip()) < 20
    ]
    assert not bad, bad


def test_the_keyword_table_covers_the_shipped_french_keywords(shipped: Catalogue, table: Table) -> None:
    """Words with French accents or articles are French: the table must say their English name."""
    french_marks = set("ÀÂÉÈÊËÎÏÔÙÛÜÇ'")
    untranslated = sorted(
        {
            k
            for s in shipped
            if s.counterpart
            for k in (*s.keywords, *s.faction_keywords)
            if set(k.upper()) & french_marks and keyword_key(k) not in table
        }
    )
    assert not untranslated, untranslated


def test_the_differences_are_found(shipped: Catalogue, by_entry: dict[str, Datasheet], table: Table) -> None:
    """The comparison is not blind: a wrong size, price, keyword or transport rule is reported."""
    boyz = shipped.get("ork-boyz")
    assert boyz is not None and boyz.counterpart is not None
    data = by_entry[boyz.counterpart]
    assert unexplained(differences(boyz, data, table, kinds=True), boyz.departures) == {}
    strong = boyz.profiles[0].model_copy(update={"a": "9"})
    wrong = boyz.model_copy(
        update={"max_models": 20, "points": 85, "keywords": [*boyz.keywords, "MÉGA-ARMURE"], "profiles": [strong]}
    )
    found = differences(wrong, data, table, kinds=True)
    # The added keyword comes last, so the copy's identity (its last keyword) differs too.
    assert set(unexplained(found, boyz.departures)) == {"models", "points", "keywords", "identity", "profiles"}
    gun = WeaponProfile(name="Fling géant", range='99"', type="Lourde 1", s="12", ap="-5", d="6")
    found = differences(boyz.model_copy(update={"weapons": [gun]}), data, table, kinds=True)
    assert set(unexplained(found, boyz.departures)) == {"weapons"}
    rhino = shipped.get("sm-rhino")
    assert rhino is not None and rhino.transport is not None and rhino.counterpart is not None
    loose = rhino.transport.model_copy(update={"allowed": [["INFANTERIE"]], "forbidden": ["TERMINATOR"]})
    found = differences(rhino.model_copy(update={"transport": loose}), by_entry[rhino.counterpart], table, kinds=False)
    assert set(unexplained(found, rhino.departures)) == {"transport.allowed", "transport.forbidden"}
    assert unexplained(found, {**rhino.departures, "transport": "une raison assez longue pour compter"}) == {}


def test_wargear_differences_are_found(shipped: Catalogue, by_entry: dict[str, Datasheet], table: Table) -> None:
    """A default loadout, a limit, a price or an item that is not the data's is a difference."""
    warriors = shipped.get("nec-guerriers")
    assert warriors is not None and warriors.counterpart is not None
    data = by_entry[warriors.counterpart]
    assert differences(warriors, data, table, kinds=True) == {}
    kind = warriors.kinds[0]
    other_gun = kind.model_copy(update={"loadout": {"faucheur-a-fission": 1}})
    assert set(differences(warriors.model_copy(update={"kinds": [other_gun]}), data, table, kinds=True)) == {"loadout"}
    (reapers,) = warriors.choices
    for changed in (
        reapers.model_copy(update={"limit": reapers.limit.model_copy(update={"max": 1})}),
        reapers.model_copy(update={"replaces": []}),
        reapers.model_copy(update={"items": []}),
    ):
        found = differences(warriors.model_copy(update={"choices": [changed]}), data, table, kinds=True)
        assert set(found) == {"choices"}
    dear = [w.model_copy(update={"points": 5}) if w.id == "faucheur-a-fission" else w for w in warriors.wargear]
    # Built anew: a copy would keep the item index (a cached property) of the original.
    priced = Datasheet.model_validate({**warriors.model_dump(), "wargear": [w.model_dump() for w in dear]})
    assert set(differences(priced, data, table, kinds=True)) == {"choices"}
    boyz = shipped.get("ork-boyz")
    assert boyz is not None and boyz.counterpart is not None
    # The Boyz' heavy weapon (1 per 10 models) is a departure: the importer reads the data's limit as 0.
    assert "every 10" in boyz.departures["choices"] or "10 figurines" in boyz.departures["choices"]
    assert set(differences(boyz, by_entry[boyz.counterpart], table, kinds=True)) == {"choices"}


def _merged_devastators(sheet: Datasheet) -> Datasheet:
    """The Devastator Squad as Ost shipped it before: the heavy weapon in every Devastator's hands, a bare Sergeant,
    the Sergeant's choices on the Devastators, excused by a ``kinds`` departure."""
    old = sheet.model_dump()
    old["kinds"] = [
        {**k, "min": 1 if k["id"] == "sergent" else 4, "loadout": {} if k["id"] == "sergent" else {**k["loadout"]}}
        for k in old["kinds"]
        if k["id"] in ("sergent", "devastator")
    ]
    old["kinds"][1]["loadout"]["lance-missiles"] = 1
    old["choices"] = [{**g, "kinds": ["devastator"]} for g in old["choices"]]
    merged = "une seule sorte de Devastator dans Ost, même profil et même prix"
    old["departures"] = {**old["departures"], "kinds": merged}
    return Datasheet.model_validate(old)


def test_a_kinds_departure_does_not_hide_what_the_models_carry(
    shipped: Catalogue, by_entry: dict[str, Datasheet], table: Table
) -> None:
    """Kinds merged under a departure are still compared model by model: the old Devastator Squad fails."""
    devastators = shipped.get("sm-escouade-devastator")
    assert devastators is not None and devastators.counterpart is not None
    data = by_entry[devastators.counterpart]
    assert [k.label("en") for k in devastators.kinds] == [k.name for k in data.kinds]
    assert "loadout" not in differences(devastators, data, table, kinds=True)
    merged = _merged_devastators(devastators)
    found = unexplained(differences(merged, data, table, kinds=True), merged.departures)
    assert set(found) == {"loadout"}
    assert "sergent carries [], the data's Devastator Marine Sergeant" in found["loadout"]
    assert "devastator carries" in found["loadout"] and "5 models carry" in found["loadout"]
    # Each view alone finds it: the kind of the same name, and the models of a default unit.
    renamed = merged.model_copy(update={"kinds": [k.model_copy(update={"name_en": "x"}) for k in merged.kinds]})
    assert "5 models carry" in kind_loadouts(renamed, data)[0]


def test_departures_are_counted(shipped: Catalogue) -> None:
    """The README quotes this count; it changes only with a deliberate choice."""
    count = sum(len(s.departures) for s in shipped)
    assert count == DEPARTURES, f"{count} deliberate departures (update DEPARTURES and the README)"


#: Deliberate departures from the data over the whole shipped catalogue (see the README).
DEPARTURES = 55


def test_catalog_folder_has_the_table() -> None:
    assert (Path(shipped_catalogue_dir()) / KEYWORDS_FILE).is_file()


def test_no_departure_is_stale(
    shipped: Catalogue, by_entry: dict[str, Datasheet], table: Table, sample: BsImport
) -> None:
    """A departure covers a real difference: once the data (or the importer) agrees, it goes."""
    kinds = importer_reads_kinds(sample)
    stale = []
    for sheet in shipped:
        if sheet.counterpart is None or sheet.counterpart not in by_entry:
            continue
        found = differences(sheet, by_entry[sheet.counterpart], table, kinds=kinds)
        for field in sheet.departures:
            if not any(f == field or f.startswith(field + ".") for f in found):
                stale.append(f"{sheet.id}: {field}")
    assert not stale, f"departures with no difference behind them: {stale}"


# --- the factions' relics, warlord traits and psychic disciplines -----------------------------------


@functools.cache
def _picks_tool() -> ModuleType:
    """tools/upgrades_from_data.py: the data's groups of relics, traits and powers of the shipped factions."""
    path = ROOT / "tools" / "upgrades_from_data.py"
    spec = importlib.util.spec_from_file_location("upgrades_from_data", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("upgrades_from_data", module)
    spec.loader.exec_module(module)
    return module


def _pick_name(name: str) -> str:
    """A pick's name as both sides share it: folded, without the data's numbering ("1) Veil of Time")
    or its kind before a colon ("Relic: Null Coat", "WT: Old Grudges", "Warlord Trait (Codex 1): Enduring Will")."""
    name = re.sub(r"^\s*\d+\s*[.)]\s*", "", name)
    return fold(re.sub(r"^\s*(Relic|WT|Warlord Trait)\s*(\([^)]*\))?\s*:\s*", "", name))


#: A pick of one sub-faction (a clan, a dynasty) names it in brackets; the shipped catalogue keeps
#: sub-factions as placeholders (<CLAN>, <DYNASTIE>), and leaves those picks out, with the Necrons'
#: Annihilation Legion (an army of renown) and the rulebook's trait their data's group lists (BRB).
SUB_FACTION_PICK = re.compile(
    r"\((Bad Moons|Blood Axes|Deathskullz|Evil Sunz|Freebooterz|Goffs|Snakebites"
    r"|Sautekh|Novokh|Nihilakh|Nephrekh|Mephrit|Szarekhan|Annihilation|BRB)\)(\s*$|:)",
    re.IGNORECASE,
)


def test_faction_picks_are_the_data_s() -> None:
    """Each shipped relic, warlord trait and power is one of the data's (English name, points), and none is missing."""
    data = _picks_tool().read_picks(BSDATA_SAMPLE)
    # As the faction file declares them (a relic no shipped datasheet may take, a PHOBOS one, is declared too).
    declared = {
        faction: load_yaml(shipped_catalogue_dir() / "factions" / f"{faction}.yaml").value["upgrades"]["wargear"]
        for faction in data
    }
    problems: list[str] = []
    for faction, kinds in data.items():
        for kind, picks in kinds.items():
            ours = {
                _pick_name(str(item.get("name_en") or item["name"])): int(item.get("points", 0))
                for item in declared[faction]
                if item.get("kind") == kind
            }
            theirs = {_pick_name(p.name): p.points for p in picks if not SUB_FACTION_PICK.search(p.name)}
            if ours != theirs:
                only_ours = sorted(set(ours.items()) - set(theirs.items()))
                only_data = sorted(set(theirs.items()) - set(ours.items()))
                problems.append(f"{faction} {kind}: Ost only {only_ours}, data only {only_data}")
    assert not problems, "\n".join(problems)


def test_faction_picks_go_to_the_data_s_characters_and_psykers(
    shipped: Catalogue, by_entry: dict[str, Datasheet]
) -> None:
    """Relics and traits go to CHARACTER datasheets, powers to PSYKERS with the data's number of them."""
    for sheet in shipped:
        if sheet.faction not in _picks_tool().GROUPS:
            continue
        picks = [g for g in sheet.choices if faction_pick(sheet, g)]
        kinds = {sheet.wargear_map[i].kind for g in picks for i in g.items}
        keys = {keyword_key(k) for k in sheet.keywords}
        assert ("trait" in kinds) == ("PERSONNAGE" in keys), sheet.id
        assert ("psychic" in kinds) == ("PSYKER" in keys), sheet.id
        theirs = by_entry.get(sheet.counterpart or "")
        for group in picks:
            if theirs is None or {sheet.wargear_map[i].kind for i in group.items} != {"psychic"}:
                continue
            names = {_pick_name(sheet.wargear_map[i].name_en) for i in group.items}
            (data_group,) = [
                g for g in theirs.choices if names & {_pick_name(theirs.wargear_map[i].name) for i in g.items}
            ]
            if data_group.limit.max:  # 0: a maximum the data sets under conditions (the Librarian's)
                assert group.limit.max == data_group.limit.max, sheet.id


def _only_for(text: str) -> str:
    """The sentences of a data text that say who may take it ("Librarian model only.", "COMMISSAR … only.")."""
    return " ".join(re.findall(r"[^.]*\bonly\b[^.]*\.", text)).upper()


def restriction_problems(faction: str, declared: list[dict[str, Any]], picks: Iterable[Any], table: Table) -> list[str]:
    """Where the ``for`` keywords of a faction's declared picks are not the data's (see the test below)."""
    ours = {_pick_name(str(item.get("name_en") or item["name"])): item for item in declared}
    problems: list[str] = []
    for pick in picks:
        if SUB_FACTION_PICK.search(pick.name):
            continue
        item = ours[_pick_name(pick.name)]
        mine = [english(k, table) for k in item.get("for") or []]
        needed = {keyword_key(n) for need in pick.needs for n in need}
        for need in pick.needs:
            if len(need) == 1 and not any(keyword_key(next(iter(need))) in words for words in mine):
                problems.append(f"{faction} {pick.name}: the data needs {sorted(need)}")
        said = _only_for(pick.text)
        for keyword, words in zip(item.get("for") or [], mine, strict=True):
            if not words & needed and not any(re.search(rf"\b{re.escape(w)}\b", said) for w in words):
                problems.append(f"{faction} {pick.name}: {keyword} is not the data's")
    return problems


def _declared(faction: str) -> list[dict[str, Any]]:
    return list(load_yaml(shipped_catalogue_dir() / "factions" / f"{faction}.yaml").value["upgrades"]["wargear"])


def test_faction_picks_are_restricted_as_the_data_s(table: Table) -> None:
    """A pick's ``for`` keywords are those the data hides it without, or that its text names ("Librarian model only").

    A data condition with alternatives ("INFANTRY or NOBLE") cannot be one ``for``: the summary says it.
    """
    data = _picks_tool().read_picks(BSDATA_SAMPLE)
    problems = [
        p
        for faction, kinds in data.items()
        for picks in kinds.values()
        for p in restriction_problems(faction, _declared(faction), picks, table)
    ]
    assert not problems, "\n".join(problems)


def test_a_pick_restricted_otherwise_than_the_data_is_found(table: Table) -> None:
    """The Null Coat without its COMMISSAR, Kurov's Aquila kept for OFFICERS, the Key for INFANTRY only (ok)."""
    relics = _picks_tool().read_picks(BSDATA_SAMPLE)["astra-militarum"]["relic"]
    declared = _declared("astra-militarum")
    for item in declared:
        if item["name_en"] == "Null Coat":
            item.pop("for")
        elif item["name_en"] == "Kurov's Aquila":
            item["for"] = ["OFFICIER"]
    assert restriction_problems("astra-militarum", declared, relics, table) == [
        "astra-militarum Relic: Kurov's Aquila: OFFICIER is not the data's",
        "astra-militarum Relic: Null Coat: the data needs ['Commissar']",
    ]


def test_faction_picks_name_the_data_s_entries() -> None:
    """A pick's ``bs_ids`` (how a roster's selection finds it) are its data entry's; the second round states them."""
    data = _picks_tool().read_picks(BSDATA_SAMPLE)
    problems: list[str] = []
    for faction, kinds in data.items():
        ours = {_pick_name(str(item.get("name_en") or item["name"])): item for item in _declared(faction)}
        for pick in (p for picks in kinds.values() for p in picks if not SUB_FACTION_PICK.search(p.name)):
            stated = ours[_pick_name(pick.name)].get("bs_ids")
            if stated is None and faction in ("astra-militarum", "necrons"):
                problems.append(f"{faction} {pick.name}: no bs_ids")
            elif stated is not None and pick.id not in stated:
                problems.append(f"{faction} {pick.name}: bs_ids {stated}, data {pick.id}")
    assert not problems, "\n".join(problems)


def _relic_weapon(weapon: Any) -> tuple[str, str, str, str, str]:
    """A relic weapon's (range, type, S, AP, D), French and English spellings made equal."""
    kind = re.sub(r"\s+", "", weapon_type(weapon.type, "en")).lower()
    s, ap, d = (_stat(v).rstrip('"') for v in (weapon.s, weapon.ap, weapon.d))
    return (_stat(weapon.range), kind, s, ap, d)


def relic_weapon_problems(items: Iterable[WargearItem], picks: Iterable[Any]) -> list[str]:
    """Where the shipped relic weapons' profiles and what they replace are not the data's (see below)."""
    ours = {_pick_name(item.name_en or item.name): item for item in items}
    problems: list[str] = []
    for pick in picks:
        if SUB_FACTION_PICK.search(pick.name):
            continue
        item = ours[_pick_name(pick.name)]
        mine = [_relic_weapon(w) for w in item.profiles]
        theirs = [_relic_weapon(w) for w in pick.weapons]
        if mine != theirs:
            problems.append(f"{pick.name}: profiles {mine}, data {theirs}")
        if [fold(w.name_en) for w in item.profiles] != [fold(w.name) for w in pick.weapons]:
            problems.append(f"{pick.name}: English names {[w.name_en for w in item.profiles]}, data's differ")
        text = fold(pick.text)
        for name in item.replaces:
            if fold(name) not in text:
                problems.append(f"{pick.name}: replaces {name!r}, which the data's text does not name")
        if "replaces" in text and not item.replaces:
            problems.append(f"{pick.name}: the data says what it replaces, Ost does not")
    return problems


def _shipped_upgrades(faction: str) -> list[WargearItem]:
    upgrades = read_faction_upgrades(shipped_catalogue_dir() / "factions" / f"{faction}.yaml")
    assert upgrades is not None
    return [item for item, _ in upgrades.items]


def test_relic_weapons_are_the_data_s() -> None:
    """A relic weapon's profiles (range, type, S, AP, D, English name) are the data's, and it replaces
    what the data's text says (names found in it); a pick the data gives no weapon profile has none."""
    data = _picks_tool().read_picks(BSDATA_SAMPLE)
    problems = [
        f"{faction} {p}"
        for faction, kinds in data.items()
        for p in relic_weapon_problems(_shipped_upgrades(faction), (p for picks in kinds.values() for p in picks))
    ]
    assert not problems, "\n".join(problems)
    weapons = sum(1 for faction in data for item in _shipped_upgrades(faction) if item.profiles)
    assert weapons == 20  # 7 Space Marines, 4 Orks, 5 Astra Militarum, 4 Necrons


def test_a_relic_weapon_off_the_data_is_found() -> None:
    """The Burning Blade with AP -4, without what it replaces, and replacing an axe the data never names."""
    picks = _picks_tool().read_picks(BSDATA_SAMPLE)["space-marines"]["relic"]
    items = _shipped_upgrades("space-marines")
    blade = next(i for i in items if i.id == "la-lame-ardente")
    wrath = next(i for i in items if i.id == "le-courroux-du-primarque")
    purgatorus = next(i for i in items if i.id == "purgatorus")
    changed = {
        blade.id: blade.model_copy(update={"profiles": [blade.profiles[0].model_copy(update={"ap": "-4"})]}),
        wrath.id: wrath.model_copy(update={"replaces": []}),
        purgatorus.id: purgatorus.model_copy(update={"replaces": ["Power axe"]}),
    }
    problems = relic_weapon_problems([changed.get(i.id, i) for i in items], picks)
    assert problems == [
        "The Primarch's Wrath: the data says what it replaces, Ost does not",
        "The Burning Blade: profiles [('melee', 'melee', '+3', '-4', '2')], data [('melee', 'melee', '+3', '-5', '2')]",
        "Purgatorus: replaces 'Power axe', which the data's text does not name",
    ]


def test_the_tool_proposes_the_data_s_kinds_under_our_names(shipped: Catalogue, by_entry: dict[str, Datasheet]) -> None:
    """``wargear_from_data.py --kinds``: the merged Devastators get back the data's three kinds, named in French
    after the shipped kinds of the same English names, their loadouts and choices the data's; a datasheet whose
    kinds are the data's keeps them; each kind's line keeps its English name."""
    rules = _rules()
    shipped_now = shipped.get("sm-escouade-devastator")
    assert shipped_now is not None and shipped_now.counterpart is not None
    data = by_entry[shipped_now.counterpart]
    namer = rules.Namer(shipped)
    proposal = rules.propose(_merged_devastators(shipped_now), data, namer, with_kinds=True)
    assert proposal.kinds is not None
    assert [(k.id, k.name, k.name_en, k.min, k.max, k.points) for k in proposal.kinds] == [
        ("sergent", "Sergent", "Devastator Marine Sergeant", 1, 1, 0),
        ("devastator", "Devastator", "Devastator Marine", 0, 9, 23),
        ("devastator-avec-arme-lourde", "Devastator avec arme lourde", "Devastator Marine w/Heavy Weapon", 0, 4, 23),
    ]
    assert {k: set(v) for k, v in proposal.loadouts.items()} == {k.id: set(k.loadout) for k in shipped_now.kinds}
    heavy = next(g for g in proposal.groups if g.name_en == "Heavy Weapons")
    assert heavy.kinds == ["devastator-avec-arme-lourde"] and heavy.replaces == ["lance-missiles"]
    assert rules.propose(shipped_now, data, namer, with_kinds=True).kinds is None
    line = rules.kind_line(proposal.kinds[2], proposal.sheet, proposal.loadouts["devastator-avec-arme-lourde"])
    assert 'name_en: "Devastator Marine w/Heavy Weapon"' in line and "models: 0-4" in line
    servitors = shipped.get("am-serviteurs")
    assert servitors is not None and servitors.counterpart is not None
    one_kind = Datasheet.model_validate(
        {**servitors.model_dump(), "kinds": [{"id": "model", "name": servitors.name, "min": 4, "max": 4}]}
    )
    names = [k.name for k in rules.propose(one_kind, by_entry[servitors.counterpart], namer, with_kinds=True).kinds]
    assert names == [
        "Serviteur (bolter lourd)",
        "Serviteur (multi-fuseur)",
        "Serviteur (canon à plasma)",
        "Serviteur (servo-bras)",
    ]
