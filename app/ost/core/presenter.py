"""A datasheet (and a unit of a list) as a player reads it: one presentation, three renderings.

The CLI (``ost catalogue show``), the window's datasheet pane and the PDF
cards all show :class:`DatasheetView`, built here once and already in the
reader's language (French or English). It is plain data: texts and numbers,
no layout.

What it settles, so that no renderer decides it again:

- the profile rows, one per model kind (with the kind's count in the unit),
  with the invulnerable save in its own column when the datasheet has one
  (read from a profile column or from an ability's text);
- the weapons the unit *carries*. A datasheet that gives its model kinds a
  default loadout: what its models carry (:mod:`ost.core.wargear`), each
  weapon once with how many carry it ("2× Lance-flammes"), replaced weapons
  gone, chosen relics, powers and traits with their text (:attr:`DatasheetView.chosen`).
  Otherwise (older and imported data): the datasheet's default wargear, plus the
  weapons of the options taken, minus the weapons an option replaces when the
  catalogue says so (:attr:`WargearOption.replaces`). Either way options the
  catalogue lacks keep the profiles the list gave (:attr:`Unit.extra_options`). A
  weapon belongs to an item or option when its name is the item's name, or the
  name followed by a mode in brackets ("Lance-missiles (frag)");
  weapons no option names are default wargear. Without a unit, every weapon
  of the datasheet is shown;
- a characteristic written ``*`` (damage-table vehicles) as the top row of the
  data's damage table (:attr:`ModelProfile.top`), the value MAC HAMMER 40K plays;
- weapon types in the reader's language ("Lourde 1" / "Heavy 1");
- abilities with the summary of the glossary, or the datasheet's own text; an
  ability an option grants (:attr:`Datasheet.granted_abilities`) shows for a unit only
  when it takes that option, and on the datasheet alone with "(avec X)" /
  "(with X)"; one an option takes away (:attr:`AbilityRef.removed_by`) goes
  from a unit that takes it, and reads "(sans X)" / "(without X)" on the datasheet;
- PV per model kind and the value of one PV (``ost.core.scoring``), the
  control factor, and the transport capacity in words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from ost.core.armylist import Unit, unit_composition, unit_label
from ost.core.catalogue import (
    AbilityRef,
    Catalogue,
    Datasheet,
    ModelKind,
    ModelProfile,
    WargearOption,
    WeaponProfile,
)
from ost.core.i18n import Bilingual, pick
from ost.core.scoring import UnitScore, format_value, pv_value_text, score_unit
from ost.core.text import counted, fold
from ost.core.wargear import carried, choice_labels, effective_loadout, item_weapons, warlord_items


def words(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


def plural(count: int, singular: str, many: str) -> str:
    """``count`` and the right form of the noun ("1 model", "2 models"; French: 0 and 1 are singular)."""
    return f"{count} {singular if count <= 1 else many}"


# --- weapon types ----------------------------------------------------------------------------

#: Weapon type words, French and English (folded French -> (French, English)).
_TYPE_WORDS: tuple[tuple[str, str], ...] = (
    ("Tir Rapide", "Rapid Fire"),
    ("Lourde", "Heavy"),
    ("Assaut", "Assault"),
    ("Pistolet", "Pistol"),
    ("Grenade", "Grenade"),
    ("Mêlée", "Melee"),
    ("Artillerie", "Artillery"),
    ("Salve", "Salvo"),
)
_TYPE_PATTERN = re.compile(
    r"\b(" + "|".join(re.escape(w) for pair in _TYPE_WORDS for w in pair) + r"|melee|tir rapide)\b", re.IGNORECASE
)
_TYPE_BY_FOLD: dict[str, tuple[str, str]] = {}
for _fr, _en in _TYPE_WORDS:
    _TYPE_BY_FOLD[fold(_fr)] = (_fr, _en)
    _TYPE_BY_FOLD[fold(_en)] = (_fr, _en)


def weapon_type(text: str, lang: str) -> str:
    """A weapon type in ``lang``: "Lourde D6" -> "Heavy D6", "Rapid Fire 1" -> "Tir Rapide 1"."""

    def swap(match: re.Match[str]) -> str:
        pair = _TYPE_BY_FOLD.get(fold(match.group(0)))
        if pair is None:
            return match.group(0)
        return pair[0] if lang == "fr" else pair[1]

    return _TYPE_PATTERN.sub(swap, text)


# --- invulnerable saves ----------------------------------------------------------------------

_INV_COLUMNS = frozenset({"inv", "invu", "invul", "invulnerable", "sv inv", "sv invu", "inv sv", "invuln"})
_INV_TEXT = (
    re.compile(r"invuln[ée]rable[^0-9.;]{0,24}?([2-6])\s*\+", re.IGNORECASE),
    re.compile(r"([2-6])\s*\+\s*invuln", re.IGNORECASE),
)


#: What may follow an invulnerable save in an ability's text and limit it ("5+ contre les tirs").
_INV_CONDITION = re.compile(
    r"(?:invuln[ée]rable[^0-9.;]{0,24}?[2-6]\s*\+|[2-6]\s*\+\s*invuln\w*(?: save)?)\s*"
    r"((?:contre|face aux|against|vs\.?|en |in |from )[^.;,]{2,60})",
    re.IGNORECASE,
)
#: Conditions said in one language only: the other's words.
_CONDITION_WORDS = (
    ("contre les tirs", "against ranged attacks"),
    ("contre les attaques de tir", "against ranged attacks"),
    ("contre les attaques de mêlée", "against melee attacks"),
    ("en mêlée", "in melee"),
)


def invulnerable_condition(sheet: Datasheet) -> Bilingual | None:
    """The condition an ability puts on the datasheet's invulnerable save ("contre les tirs"), if any.

    The Big Mek's and the Astraeus' 5+ hold against ranged attacks only: a
    profile table that prints "5+" must say so.
    """
    if any("(" in p.extra.get("Inv", "") for p in sheet.profiles):
        return None  # the Inv column says the condition itself ("5+ (tir)": imported data)
    for ability in sheet.abilities:
        found_fr = _INV_CONDITION.search(ability.text or "")
        found_en = _INV_CONDITION.search(ability.text_en or "")
        if found_fr is None and found_en is None:
            continue
        fr = found_fr.group(1).strip() if found_fr else None
        en = found_en.group(1).strip() if found_en else None
        for words_fr, words_en in _CONDITION_WORDS:
            if fr is None and en is not None and fold(en) == fold(words_en):
                fr = words_fr
            if en is None and fr is not None and fold(fr) == fold(words_fr):
                en = words_en
        return Bilingual(fr=fr or en or "", en=en or fr or "")
    return None


#: What a save in an Inv column is limited to, as imported data writes it ("5+ (ranged)"), in each language.
_INV_AGAINST = {"ranged": ("tir", "shooting"), "melee": ("mêlée", "melee"), "psychic": ("psychique", "psychic")}
_INV_BRACKET = re.compile(r"\(([a-z]+)\)")


def invulnerable_save(sheet: Datasheet, profile: ModelProfile | None = None, lang: str = "fr") -> str | None:
    """The invulnerable save ("4+") of ``profile`` (a column of its own) or of the datasheet (an ability's text).

    A column decides alone, "-" meaning none (imported datasheets write one on every profile: the importer
    has read which abilities give the model a save); a save it limits to some attacks ("5+ (ranged)") is
    worded in ``lang``: "5+ (tir)", "5+ (shooting)".
    """
    if profile is not None:
        for name, value in profile.extra.items():
            if fold(name).replace(".", "").strip() in _INV_COLUMNS:
                value = value.strip()
                if value in ("", "-"):
                    return None
                return _INV_BRACKET.sub(lambda m: f"({_against(m.group(1), lang)})", value)
    for ability in sheet.abilities:
        text = f"{ability.name} {ability.text or ''} {ability.text_en or ''}"
        for pattern in _INV_TEXT:
            found = pattern.search(text)
            if found:
                return f"{found.group(1)}+"
    return None


def _against(word: str, lang: str) -> str:
    pair = _INV_AGAINST.get(word)
    return word if pair is None else pair[0 if lang == "fr" else 1]


# --- the view ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProfileRow:
    """One line of the profile table: a model kind's characteristics (``count`` of them in the unit)."""

    name: str
    values: tuple[str, ...]
    count: int | None = None


@dataclass(frozen=True)
class WeaponRow:
    """A weapon as printed; ``origin`` is "default", "option" (taken or on offer) or "list" (the list's own)."""

    name: str
    range: str
    type: str
    s: str
    ap: str
    d: str
    abilities: str = ""
    origin: str = "default"
    #: How many the unit took (options), 0 for default wargear.
    count: int = 0

    @property
    def label(self) -> str:
        return counted(self.count, self.name)


@dataclass(frozen=True)
class AbilityRow:
    name: str
    summary: str = ""
    #: The glossary key when this is a special ability of seed 001.
    key: str | None = None
    parameter: str | None = None


@dataclass(frozen=True)
class KindPV:
    """The PV of one model kind of a unit: ``count`` models of ``wounds_each`` PV."""

    name: str
    count: int
    wounds_each: int
    #: Destruction value of one model of the kind: its points (its share of the unit plus its wargear).
    value_each: str

    @property
    def wounds(self) -> int:
        return self.count * self.wounds_each


@dataclass(frozen=True)
class UnitFacts:
    """What a unit of a list adds to its datasheet: size, cost, PV per kind, value, control."""

    name: str
    models: int
    points: int
    kinds: tuple[KindPV, ...]
    wounds: int | None
    pv_value: str
    control_factor: int
    options: tuple[str, ...]
    warlord: bool = False
    reserve: bool = False

    def pv_line(self, lang: str) -> str:
        """PV summed per kind, in words: "9 × 1 + Boss Nob 2 = 11 PV" (one kind: "10 × 1 = 10 PV").

        Kinds of several models come first; the first of them goes unnamed (the
        unit's bulk), every other kind is named.
        """
        unit = words(lang, "PV", "W")
        if self.wounds is None:
            return words(lang, "PV inconnus", "wounds unknown")
        if not self.kinds:
            return f"0 {unit}"
        ordered = sorted(self.kinds, key=lambda k: k.count <= 1)
        parts: list[str] = []
        for index, kind in enumerate(ordered):
            if index == 0:
                parts.append(f"{kind.count} × {kind.wounds_each}")
            elif kind.count == 1:
                parts.append(f"{kind.name} {kind.wounds_each}")
            else:
                parts.append(f"{kind.name} {kind.count} × {kind.wounds_each}")
        return f"{' + '.join(parts)} = {self.wounds} {unit}"


@dataclass(frozen=True)
class DatasheetView:
    """A datasheet (and maybe one unit of a list) ready to print, in one language."""

    lang: str
    id: str
    name: str
    faction: str
    role: str
    unit_type: str
    unit_class: int
    models: str
    cost: str
    wounds_note: str
    profile_head: tuple[str, ...]
    profiles: tuple[ProfileRow, ...]
    weapon_head: tuple[str, ...]
    weapons: tuple[WeaponRow, ...]
    #: Options taken that have no weapon profile (wargear, or a weapon the catalogue gives no profile).
    other_wargear: tuple[str, ...]
    abilities: tuple[AbilityRow, ...]
    keywords: tuple[str, ...]
    faction_keywords: tuple[str, ...]
    transport: str | None
    control_factor: int
    independent_character: bool
    non_operational: bool
    linked_character: bool
    unit: UnitFacts | None = None
    #: Relics, psychic powers, warlord traits and other chosen items with a text, with their count.
    chosen: tuple[AbilityRow, ...] = ()
    #: Options on offer (catalogue view only): "Lance-flammes (+5 pts)".
    options: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def special_abilities(self) -> tuple[AbilityRow, ...]:
        return tuple(a for a in self.abilities if a.key is not None)

    @property
    def own_abilities(self) -> tuple[AbilityRow, ...]:
        return tuple(a for a in self.abilities if a.key is None)


def label(lang: str, key: str) -> str:
    """Headings and labels the renderings share ("weapons" -> "Armes" / "Weapons")."""
    fr, en = _LABELS[key]
    return fr if lang == "fr" else en


_LABELS: dict[str, tuple[str, str]] = {
    "profile": ("Profil", "Profile"),
    "weapons": ("Armes", "Weapons"),
    "abilities": ("Capacités", "Abilities"),
    "special": ("Capacités spéciales", "Special abilities"),
    "keywords": ("Mots-clefs", "Keywords"),
    "faction_keywords": ("Mots-clefs de faction", "Faction keywords"),
    "transport": ("Transport", "Transport"),
    "wargear": ("Équipement sans profil", "Wargear without a profile"),
    "options": ("Options", "Options"),
    "models": ("Figurines", "Models"),
    "points": ("Points", "Points"),
    "control": ("Contrôle", "Control"),
    "pv_value": ("1 PV =", "1 W ="),
    "pv": ("PV", "Wounds"),
    "in_list": ("Dans la liste", "In the list"),
    "class": ("classe", "class"),
    "independent": ("Personnage indépendant (9 PV ou moins).", "Independent character (9 wounds or fewer)."),
    "non_operational": (
        "Non opérationnelle : ne tient jamais les objectifs (contrôle ×0, hors total de destruction).",
        "Non-operational: never holds objectives (control ×0, left out of the destruction total).",
    ),
    "linked": (
        "Personnage Lié : rejoint une unité de son détachement.",
        "Linked Character: joins a unit of its detachment.",
    ),
    "all_weapons": (
        "Toutes les armes de la fiche ; « option » : seulement si elle est prise.",
        "Every weapon of the datasheet; “option”: only when taken.",
    ),
    "option": ("option", "option"),
    "from_list": ("profil donné par la liste", "profile given by the list"),
}

_PROFILE_HEAD = {
    "fr": ("", "M", "CC", "CT", "F", "E", "PV", "A", "Cd", "Sv"),
    "en": ("", "M", "WS", "BS", "S", "T", "W", "A", "Ld", "Sv"),
}
_INV_HEAD = {"fr": "Inv", "en": "Inv"}
_WEAPON_HEAD = {
    "fr": ("Arme", "Portée", "Type", "F", "PA", "D"),
    "en": ("Weapon", "Range", "Type", "S", "AP", "D"),
}


def weapon_head(lang: str) -> tuple[str, ...]:
    """The heading of a weapon table in ``lang``."""
    return _WEAPON_HEAD["fr" if lang == "fr" else "en"]


def present(sheet: Datasheet, catalogue: Catalogue, lang: str, unit: Unit | None = None) -> DatasheetView:
    """The view of ``sheet`` in ``lang``; with ``unit``, the view of that unit of a list (its weapons, PV, value)."""
    faction = catalogue.factions.get(sheet.faction)
    faction_name = sheet.faction
    if faction is not None:
        faction_name = faction.name_en if lang == "en" and faction.name_en else faction.name
    models = str(sheet.min_models) if sheet.min_models == sheet.max_models else f"{sheet.min_models}–{sheet.max_models}"
    cost = f"{sheet.points} pts"
    if sheet.points_per_model:
        cost += words(lang, f" (+{sheet.points_per_model}/fig. en plus)", f" (+{sheet.points_per_model}/extra model)")
    composition = unit_composition(unit, sheet) if unit is not None else None
    profiles, head = _profiles(sheet, lang, composition)
    score = score_unit(unit, catalogue) if unit is not None else None
    chosen: tuple[AbilityRow, ...] = ()
    other: tuple[str, ...] = ()
    if unit is None:
        weapons = _all_weapons(sheet, lang)
    elif sheet.has_loadouts or unit.loadout or unit.upgrades:
        weapons, other, chosen = loadout_weapons(sheet, unit, lang)
    else:
        weapons, other = carried_weapons(sheet, unit, lang)
    return DatasheetView(
        lang=lang,
        id=sheet.id,
        name=sheet.label(lang),
        faction=faction_name,
        role=sheet.role.label(lang),
        unit_type=sheet.unit_type.label(lang),
        unit_class=sheet.unit_class,
        models=models,
        cost=cost,
        wounds_note=_wounds_note(sheet, lang),
        profile_head=head,
        profiles=profiles,
        weapon_head=_WEAPON_HEAD["fr" if lang == "fr" else "en"],
        weapons=weapons,
        other_wargear=other,
        abilities=_abilities(sheet, catalogue, lang, unit),
        keywords=tuple(sheet.keywords),
        faction_keywords=tuple(_faction_keywords(sheet, unit)),
        transport=transport_words(sheet, lang),
        control_factor=score.control_factor if score is not None else _control(sheet),
        independent_character=sheet.is_independent_character,
        non_operational=sheet.never_holds_objectives,
        linked_character=sheet.linked_character,
        unit=_unit_facts(unit, score, sheet, lang) if unit is not None and score is not None else None,
        chosen=chosen,
        options=tuple(_offer(o, lang) for o in sheet.options) if unit is None else (),
    )


def _control(sheet: Datasheet) -> int:
    from ost.core.scoring import control_factor

    return control_factor(sheet.role, sheet.never_holds_objectives)


def _wounds_note(sheet: Datasheet, lang: str) -> str:
    """PV per model kind: "Boss Nob 2 PV, Boy 1 PV" (one kind: "2 PV/fig.")."""
    unit = words(lang, "PV", "W")
    if len(sheet.kinds) <= 1:
        return words(lang, f"{sheet.wounds} PV/fig.", f"{sheet.wounds} W/model")
    return ", ".join(f"{k.label(lang)} {k.wounds} {unit}" for k in sheet.kinds)


def _offer(option: WargearOption, lang: str) -> str:
    each = words(lang, "/fig.", "/model") if option.per_model else ""
    return f"{option.name} (+{option.points} pts{each})"


def _profile_of(sheet: Datasheet, kind: ModelKind) -> ModelProfile | None:
    if not sheet.profiles:
        return None
    wanted = fold(kind.profile or kind.name)
    for profile in sheet.profiles:
        if fold(profile.name) == wanted:
            return profile
    return sheet.profiles[0] if kind.profile is None and len(sheet.kinds) == 1 else None


def _profiles(
    sheet: Datasheet, lang: str, composition: Mapping[str, int] | None
) -> tuple[tuple[ProfileRow, ...], tuple[str, ...]]:
    """One row per model kind that has a profile, then the profiles no kind names (a vehicle's other models)."""
    head: tuple[str, ...] = _PROFILE_HEAD["fr" if lang == "fr" else "en"]
    invs = {id(p): invulnerable_save(sheet, p, lang) for p in sheet.profiles}
    with_inv = any(v is not None for v in invs.values())
    if with_inv:
        head = (*head, _INV_HEAD["fr" if lang == "fr" else "en"])

    def values(profile: ModelProfile, wounds: str | None = None) -> tuple[str, ...]:
        row = (
            profile.value("m"),
            profile.value("ws"),
            profile.value("bs"),
            profile.value("s"),
            profile.value("t"),
            wounds or profile.value("w"),
            profile.value("a"),
            profile.value("ld"),
            profile.value("sv"),
        )
        return (*row, invs[id(profile)] or "-") if with_inv else row

    rows: list[ProfileRow] = []
    used: set[int] = set()
    for kind in sheet.kinds:
        profile = _profile_of(sheet, kind)
        if profile is None:
            continue
        count = composition.get(kind.id, 0) if composition is not None else None
        if composition is not None and count == 0:
            used.add(id(profile))
            continue
        used.add(id(profile))
        # One kind: the profile's own name (French), or the kind's English name when it has one.
        name = profile.name if len(sheet.kinds) == 1 and (lang == "fr" or not kind.name_en) else kind.label(lang)
        wounds = profile.w if profile.w not in ("", "-") else str(kind.wounds)
        rows.append(ProfileRow(name, values(profile, wounds), count))
    for profile in sheet.profiles:
        if id(profile) not in used:
            rows.append(ProfileRow(profile.name, values(profile)))
    return tuple(rows), head


# --- weapons ---------------------------------------------------------------------------------------


def _base_name(name: str) -> str:
    """A weapon's name without its mode: "Lance-missiles (frag)" -> "lance-missiles"."""
    folded = fold(name)
    for cut in (" (", " - ", " – ", ": "):
        if cut in folded:
            folded = folded.split(cut, 1)[0]
    return folded.strip()


def option_weapons(sheet: Datasheet, option: WargearOption) -> list[WeaponProfile]:
    """The datasheet's weapon profiles that ``option`` gives (by name, every mode of it)."""
    names = {fold(option.name), fold(option.id).replace("-", " "), _base_name(option.name)}
    return [w for w in sheet.weapons if fold(w.name) in names or _base_name(w.name) in names]


def _default_weapon_ids(sheet: Datasheet) -> set[int]:
    """The weapon profiles some model kind carries by default (their items in a kind's loadout)."""
    found: set[int] = set()
    for kind in sheet.kinds:
        for item_id in kind.loadout:
            item = sheet.wargear_map.get(item_id)
            found.update(id(w) for w in item_weapons(sheet, item, item.name if item else item_id))
    return found


def loadout_weapons(
    sheet: Datasheet, unit: Unit, lang: str
) -> tuple[tuple[WeaponRow, ...], tuple[str, ...], tuple[AbilityRow, ...]]:
    """What ``unit`` carries by its loadout: weapons once with counts, wargear without a profile, chosen texts.

    Then, as on every unit, the option counters it took and the list's own
    options (their stated profiles).
    """
    weapons, items = carried(unit, sheet)
    defaults = _default_weapon_ids(sheet)
    rows = [_row(c.weapon, lang, "default" if id(c.weapon) in defaults else "option", c.count) for c in weapons]
    other: list[str] = []
    chosen: list[AbilityRow] = []
    for item in items:
        shown = counted(item.count, item.label(lang))
        if item.summary(lang):
            chosen.append(AbilityRow(shown, item.summary(lang)))
        else:
            other.append(shown)
    legacy_rows, legacy_other = _taken_options(sheet, unit, lang)
    seen = {fold(r.name) for r in rows}
    rows += [r for r in legacy_rows if fold(r.name) not in seen]
    return tuple(rows), (*other, *legacy_other), tuple(chosen)


def _taken_options(sheet: Datasheet, unit: Unit, lang: str) -> tuple[list[WeaponRow], list[str]]:
    """The weapons of the option counters ``unit`` took and of the list's own options; the others by name."""
    rows: list[WeaponRow] = []
    other: list[str] = []
    for option_id, count in unit.options.items():
        if count <= 0:
            continue
        option = sheet.option_map.get(option_id)
        if option is None:
            other.append(counted(count, option_id))
            continue
        found = option_weapons(sheet, option)
        if not found:
            other.append(counted(count, option.name))
        rows.extend(_row(w, lang, "option", count) for w in found)
    for stated in unit.extra_options:
        if stated.count <= 0:
            continue
        if not stated.weapons:
            other.append(counted(stated.count, stated.name))
        rows.extend(_row(w, lang, "list", stated.count) for w in stated.weapons)
    return rows, other


def _row(weapon: WeaponProfile, lang: str, origin: str, count: int = 0) -> WeaponRow:
    return WeaponRow(
        name=weapon.label(lang),
        range=weapon_type(weapon.range, lang),  # "Mêlée" / "Melee"
        type=weapon_type(weapon.type, lang),
        s=weapon.s,
        ap=weapon.ap,
        d=weapon.d,
        abilities=weapon.note(lang),
        origin=origin,
        count=count,
    )


def _all_weapons(sheet: Datasheet, lang: str) -> tuple[WeaponRow, ...]:
    if sheet.has_loadouts:
        defaults = _default_weapon_ids(sheet)
        return tuple(_row(w, lang, "default" if id(w) in defaults else "option") for w in sheet.weapons)
    optional = {id(w) for o in sheet.options for w in option_weapons(sheet, o)}
    return tuple(_row(w, lang, "option" if id(w) in optional else "default") for w in sheet.weapons)


def carried_weapons(sheet: Datasheet, unit: Unit, lang: str) -> tuple[tuple[WeaponRow, ...], tuple[str, ...]]:
    """The weapons ``unit`` carries, and the options it took that have no weapon profile.

    Default wargear (weapons no option names), minus weapons an option taken
    by every model replaces; then the weapons of each option taken; then the
    list's own options (their stated profiles).
    """
    by_option: dict[str, list[WeaponProfile]] = {o.id: option_weapons(sheet, o) for o in sheet.options}
    optional = {id(w) for found in by_option.values() for w in found}
    replaced: set[str] = set()
    for option_id, count in unit.options.items():
        option = sheet.option_map.get(option_id)
        if option is not None and count > 0 and option.replaces and count >= max(1, unit.models):
            replaced.update(fold(name) for name in option.replaces)
    rows: list[WeaponRow] = [
        _row(w, lang, "default")
        for w in sheet.weapons
        if id(w) not in optional and fold(w.name) not in replaced and _base_name(w.name) not in replaced
    ]
    taken, other = _taken_options(sheet, unit, lang)
    return (*rows, *taken), tuple(other)


# --- abilities, keywords, transport -------------------------------------------------------------


def taken_ids(unit: Unit, sheet: Datasheet) -> set[str]:
    """The ids of what ``unit`` takes: wargear items its models carry, its upgrades, the option counters it took."""
    taken = {option_id for option_id, count in unit.options.items() if count > 0}
    taken.update(entry.item for entry in unit.upgrades if entry.item and entry.count > 0)
    if unit.warlord:  # the data's "Warlord" selection is the list's warlord mark (Yarrick's Voice of Command)
        taken.update(warlord_items(sheet))
    if sheet.has_loadouts or unit.loadout:
        for group in effective_loadout(unit, sheet):
            taken.update(entry.item for entry in group.wargear if entry.item and entry.count > 0)
    return taken


def options_switch_abilities(sheet: Datasheet) -> bool:
    """Whether an option of ``sheet`` grants or takes away one of its abilities (else every unit has them all)."""
    return bool(sheet.granted_abilities) or any(a.removed_by for a in sheet.abilities)


def has_ability(ability: AbilityRef, taken: set[str]) -> bool:
    """Whether a unit that takes ``taken`` (see :func:`taken_ids`) has ``ability``: granted, not taken away."""
    if ability.granted_by and taken.isdisjoint(ability.granted_by):
        return False
    return not (ability.removed_by and not taken.isdisjoint(ability.removed_by))


def _switch_names(sheet: Datasheet, ids: list[str], lang: str) -> str:
    """What grants or takes an ability away, by name: "Death Company Captain", "A ou B"."""
    names: list[str] = []
    for item_id in ids:
        item = sheet.wargear_map.get(item_id)
        option = sheet.option_map.get(item_id)
        if item is not None:
            name = (item.name_en or item.name) if lang == "en" else item.name
        else:
            name = option.name if option is not None else item_id
        name = " ".join(name.split())  # "Chapter Command:  Chapter Champion": a double space in the data
        if name not in names:
            names.append(name)
    return pick(lang, fr=" ou ", en=" or ").join(names)


def _switch_note(sheet: Datasheet, ability: AbilityRef, lang: str) -> str:
    """The note after an ability an option switches: " (avec X)" / " (with X)", " (sans X)" / " (without X)"."""
    if ability.granted_by:
        names = _switch_names(sheet, ability.granted_by, lang)
        return pick(lang, fr=f" (avec {names})", en=f" (with {names})")
    if ability.removed_by:
        names = _switch_names(sheet, ability.removed_by, lang)
        return pick(lang, fr=f" (sans {names})", en=f" (without {names})")
    return ""


def _abilities(sheet: Datasheet, catalogue: Catalogue, lang: str, unit: Unit | None = None) -> tuple[AbilityRow, ...]:
    """The abilities as printed: a unit's those it has (options taken), the datasheet's all, options named."""
    switched = options_switch_abilities(sheet)
    taken = taken_ids(unit, sheet) if unit is not None and switched else set()
    rows: list[AbilityRow] = []
    for ability in (*sheet.abilities, *sheet.granted_abilities):
        note = ""
        if switched:
            if unit is not None and not has_ability(ability, taken):
                continue
            note = _switch_note(sheet, ability, lang) if unit is None else ""
        entry = catalogue.ability(ability.name)
        if entry is not None:
            name = entry.name(lang)
            shown = f"{name} ({ability.parameter})" if ability.parameter else name
            # The datasheet's own text in the reader's language, else the glossary's, else its text in the
            # other language (imported data is English: a French reader gets the glossary's French first).
            own = ability.text if lang == "fr" else ability.text_en
            summary = own or entry.summary(lang) or ability.summary(lang) or ""
            rows.append(AbilityRow(shown + note, summary, entry.key, ability.parameter))
        else:
            rows.append(AbilityRow(ability.label(lang) + note, ability.summary(lang) or ""))
    return tuple(rows)


def _faction_keywords(sheet: Datasheet, unit: Unit | None) -> list[str]:
    """Faction keywords, a placeholder followed by the unit's value: "<CHAPITRE> = ULTRAMARINES"."""
    if unit is None:
        return list(sheet.faction_keywords)
    values = {fold(k): v for k, v in unit.placeholders.items() if v.strip()}
    return [f"{k} = {values[fold(k)]}" if fold(k) in values else k for k in sheet.faction_keywords]


def _models_with(keywords: list[str], min_wounds: int | None, max_wounds: int | None) -> tuple[str, str]:
    """Who a transport rule is about: "figurines MÉGA-ARMURE de 3 PV ou plus" and its English."""
    fr = "figurines" + (f" {' '.join(keywords)}" if keywords else "")
    en = (f"{' '.join(keywords)} " if keywords else "") + "models"
    if min_wounds is not None and min_wounds == max_wounds:
        fr += f" de {min_wounds} PV"
        en += f" with {min_wounds} wounds"
    elif min_wounds is not None and max_wounds is not None:
        fr += f" de {min_wounds} à {max_wounds} PV"
        en += f" with {min_wounds} to {max_wounds} wounds"
    elif min_wounds is not None:
        fr += f" de {min_wounds} PV ou plus"
        en += f" with {min_wounds} or more wounds"
    elif max_wounds is not None:
        fr += f" de {max_wounds} PV ou moins"
        en += f" with {max_wounds} or fewer wounds"
    return fr, en


def transport_words(sheet: Datasheet, lang: str) -> str | None:
    """What a transport carries, in words: "12 figurines d'infanterie ; pas de MÉGA-ARMURE"."""
    t = sheet.transport
    if t is None:
        return None
    if t.capacity is None:
        text = words(lang, "capacité inconnue", "capacity unknown")
    else:
        text = plural(t.capacity, "place", "places")
    if t.allowed:
        who = words(lang, " ou ", " or ").join(" ".join(a) for a in t.allowed)
        text += words(lang, f" : figurines {who}", f": {who} models")
    else:
        walkers = t.capacity is not None and t.capacity >= 6
        text += words(
            lang,
            " : infanterie" + (", marcheurs (2 places chacun)" if walkers else ""),
            ": infantry" + (", walkers (2 places each)" if walkers else ""),
        )
    if t.forbidden:
        text += words(lang, f" ; pas de {', '.join(t.forbidden)}", f"; no {', '.join(t.forbidden)}")
    for rule in t.space:
        who_fr, who_en = _models_with(rule.keywords, rule.min_wounds, rule.max_wounds)
        text += words(
            lang,
            f" ; {who_fr} : {rule.space} places chacune",
            f"; {who_en}: {rule.space} places each",
        )
    for limit in t.wound_limits:
        who_fr, who_en = _models_with(limit.keywords, limit.min_wounds, None)
        if limit.unless:
            unless = " ".join(limit.unless)
            who_fr += f" (sauf {unless})"
            who_en += f" (unless {unless})"
        text += words(lang, f" ; pas de {who_fr}", f"; no {who_en}")
    if not t.verified and t.text:
        text += words(lang, f" (non vérifié : {t.text})", f" (unverified: {t.text})")
    return text


def _unit_facts(unit: Unit, score: UnitScore, sheet: Datasheet, lang: str) -> UnitFacts:
    kinds: tuple[KindPV, ...] = ()
    if score.kinds is not None:
        kinds = tuple(
            KindPV(k.label(lang), k.count, k.wounds_each, format_value(score.kind_value(k), lang)) for k in score.kinds
        )
    options = option_labels(unit, sheet, lang)
    return UnitFacts(
        name=unit_label(unit, sheet, lang),
        models=unit.models,
        points=score.points,
        kinds=kinds,
        wounds=score.wounds,
        pv_value=pv_value_text(score, lang),
        control_factor=score.control_factor,
        options=tuple(options),
        warlord=unit.warlord,
        reserve=unit.reserve,
    )


def option_labels(unit: Unit, sheet: Datasheet | None, lang: str = "fr") -> list[str]:
    """The unit's options as "2× Lance-flammes" (chosen wargear named in ``lang``).

    The catalogue's (unknown ones by their id), then the list's own, then the
    wargear its models chose beyond their defaults and its upgrades.
    """
    shown: list[str] = []
    for option_id, count in unit.options.items():
        if count <= 0:
            continue
        option = sheet.option_map.get(option_id) if sheet is not None else None
        name = option.name if option is not None else option_id
        shown.append(counted(count, name))
    extras = [counted(o.count, o.name) for o in unit.extra_options if o.count > 0]
    shown += extras
    if sheet is not None and (unit.loadout or unit.upgrades):
        # An upgrade the catalogue lacks is kept twice by a reader: priced among the list's own options,
        # described among the upgrades (for its rule on the cards); it is named once.
        said = {fold(extra) for extra in extras}
        shown += [text for text in choice_labels(unit, sheet, lang) if fold(text) not in said]
    return shown


def unit_line(view: DatasheetView) -> str:
    """The unit's facts in one line: "10 fig. · 80 pts · 9 × 1 + Boss Nob 2 = 11 PV · 1 PV = 8 (Boss Nob 4)…"."""
    facts = view.unit
    if facts is None:
        return ""
    lang = view.lang
    parts = [
        words(lang, f"{facts.models} fig.", plural(facts.models, "model", "models")),
        f"{facts.points} pts",
        facts.pv_line(lang),
        f"{label(lang, 'pv_value')} {facts.pv_value}",
        words(lang, f"contrôle ×{facts.control_factor}", f"control ×{facts.control_factor}"),
    ]
    return " · ".join(parts)
