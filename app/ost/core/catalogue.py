"""The catalogue: datasheets, the points-band table and the special-ability glossary.

These are msgspec structs (:mod:`ost.core.model`); the store (``ost.store``) persists them and
the validator reads them. :class:`Catalogue` bundles them with the indexes the
validator needs, so every check is a dictionary look-up.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from functools import cache, cached_property
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

import msgspec
from msgspec import Meta

from ost.core.limits import MAX_CATALOGUE
from ost.core.model import Model
from ost.core.roles import Role, UnitType
from ost.core.text import fold, is_placeholder, keyword_key

CHARACTER_KEYWORDS = frozenset({"CHARACTER", "PERSONNAGE"})
TRANSPORT_KEYWORDS = frozenset({"TRANSPORT"})
INDEPENDENT_CHARACTER_MAX_WOUNDS = 9
LINKED_CHARACTER_NAMES = frozenset({fold("Personnage Lié"), fold("Linked Character")})
#: Faction keywords that say "no faction" (BattleScribe's game system gives its fortifications
#: ``Faction: Unaligned``): they are no faction keyword (SPEC §3, Detachments and faction keywords).
UNALIGNED_KEYWORDS = frozenset(keyword_key(k) for k in ("UNALIGNED", "NON ALIGNÉ", "NON-ALIGNÉ"))


def faction_key_of(keyword: str) -> str | None:
    """The comparison key of a faction keyword, None for a placeholder or a "no faction" word."""
    if is_placeholder(keyword):
        return None
    key = keyword_key(keyword)
    return None if key in UNALIGNED_KEYWORDS else key


class _Model(Model, kw_only=True):
    """A catalogue model (:class:`~ost.core.model.Model`)."""


class _Auto:
    """The default of a datasheet field worked out from others unless given (see :meth:`Datasheet.__post_init__`)."""

    def __repr__(self) -> str:
        return "<worked out>"


#: Stands for "not given" in the fields a datasheet works out from its kinds or abilities when the data
#: does not state them; never left in a built datasheet.
_AUTO: Any = _Auto()


class ModelProfile(_Model, kw_only=True):
    """The characteristics of one kind of model, as printed (strings keep "2+", "*", "D6")."""

    name: str
    m: str = "-"
    ws: str = "-"
    bs: str = "-"
    s: str = "-"
    t: str = "-"
    w: str = "-"
    a: str = "-"
    ld: str = "-"
    sv: str = "-"
    extra: dict[str, str] = {}
    #: The top row of the data's damage table, for characteristics written ``*`` (field -> value:
    #: ``{"m": '12"', "bs": "4+", "a": "3"}``). MAC HAMMER 40K removes damage tables (seed 000):
    #: a model plays with these values, and the cards print them.
    top: dict[str, str] = {}

    def value(self, field: str) -> str:
        """The characteristic ``field`` as a model plays it: ``*`` read from :attr:`top` when it has it."""
        raw = str(getattr(self, field))
        return self.top.get(field, raw) if raw.strip() == "*" else raw


class WeaponProfile(_Model, kw_only=True):
    """A weapon's profile; ``name`` as the catalogue writes it (French), ``name_en`` its English (empty: unknown)."""

    name: str
    name_en: str = ""
    range: str = "-"
    type: str = "-"
    s: str = "-"
    ap: str = "-"
    d: str = "-"
    abilities: str = ""
    #: The English of ``abilities`` (the weapon's note); empty when the catalogue has none.
    abilities_en: str = ""

    def label(self, lang: str) -> str:
        """The weapon's name for a reader of ``lang``; English falls back to ``name``."""
        return (self.name_en or self.name) if lang == "en" else self.name

    def note(self, lang: str) -> str:
        """The weapon's note in ``lang``, falling back to the other language when that one is missing."""
        if lang == "fr":
            return self.abilities or self.abilities_en
        return self.abilities_en or self.abilities


class AbilityRef(_Model, kw_only=True, omit_defaults=True):
    """An ability of a datasheet: a special ability of the glossary or its own rule.

    ``parameter`` is the value in brackets ("12" for Transport (12), "5+" for
    Régénération (5+)); ``text`` is a short summary for abilities that are not
    in the glossary, ``text_en`` its English. ``name`` is the French name (the
    key glossary lookups use); ``name_en`` the English name of a datasheet's own
    ability (a glossary ability takes its English name from the glossary).

    ``granted_by``: the ability is the unit's only while it takes one of these
    (ids of the datasheet's :class:`WargearItem` entries or :class:`WargearOption`
    counters: a banner's aura, a jump pack's deep strike); ``removed_by``: the
    unit loses it once it takes one of these. Both empty (the default, and all
    data written before them): always the unit's.
    """

    name: str
    name_en: str | None = None
    parameter: str | None = None
    text: str | None = None
    text_en: str | None = None
    # Left out of dumps while empty (nearly every ability): stored datasheets keep their size. In JSON every
    # field holding its default is left out (``omit_defaults``: safe here, as msgspec tells a default by
    # identity for strings, and this class's defaults are None and empty lists only).
    granted_by: list[str] = []
    removed_by: list[str] = []

    omit_empty: ClassVar[frozenset[str]] = frozenset({"granted_by", "removed_by"})

    def label(self, lang: str) -> str:
        """The name shown to a reader of ``lang``, with its parameter; English falls back to ``name``."""
        name = (self.name_en or self.name) if lang == "en" else self.name
        return f"{name} ({self.parameter})" if self.parameter else name

    def summary(self, lang: str) -> str | None:
        """The datasheet's own text in ``lang``, falling back to the other language when that one is missing."""
        if lang == "fr":
            return self.text or self.text_en
        return self.text_en or self.text

    @property
    def display(self) -> str:
        return f"{self.name} ({self.parameter})" if self.parameter else self.name


class WargearOption(_Model, kw_only=True):
    id: str
    name: str
    points: Annotated[int, Meta(ge=0, le=MAX_CATALOGUE)] = 0
    #: True when the cost is paid for every model that takes it.
    per_model: bool = False
    max: Annotated[int, Meta(ge=0)] | None = None
    #: Names of the weapons this option takes the place of (dropped from a unit whose every model takes it).
    replaces: list[str] = []


WargearKind = Literal["weapon", "wargear", "psychic", "trait", "relic", "upgrade"]
"""What a wargear item is: players choose weapons and wargear per model, and powers,
warlord traits, relics and other upgrades per unit (or per character)."""


class WargearItem(_Model, kw_only=True):
    """One thing a model or a unit may carry: a weapon, wargear, a power, a trait, a relic.

    ``weapons`` names the :class:`WeaponProfile` entries of the datasheet this item
    gives (a combi-weapon gives two; empty: the profile named like the item, if any);
    ``abilities`` names the datasheet's :class:`AbilityRef` entries it grants (an
    invulnerable save from a storm shield). ``points`` is the price of one item.
    """

    id: Annotated[str, Meta(min_length=1)]
    name: Annotated[str, Meta(min_length=1)]
    name_en: str = ""
    kind: WargearKind = "weapon"
    points: Annotated[int, Meta(ge=0, le=MAX_CATALOGUE)] = 0
    weapons: list[str] = []
    abilities: list[str] = []
    #: Rules text of an item that is not a weapon (a relic, a power), when the data has one.
    text: str | None = None
    text_en: str | None = None
    #: BattleScribe ids of the entries this item is (rosters name them).
    bs_ids: list[str] = []
    #: The item's own weapon profiles (a relic weapon): a faction's pick, written once for
    #: every datasheet it is offered to, cannot name a datasheet's profile in ``weapons``.
    profiles: list[WeaponProfile] = []
    #: The datasheet items a bearer gives up for this one, any of them ("replaces a power
    #: sword or master-crafted power sword"), by name (French or English) or id: a faction's
    #: pick is written once for datasheets whose items' ids differ, and names no model's
    #: choice group, so a card drops one carried item of these per item taken.
    replaces: list[str] = []


class WargearLimit(_Model, kw_only=True):
    """How many of something may be taken.

    ``per`` says what the bounds count over: ``"model"`` (each model of the
    group's kinds), or ``"unit"`` (the whole unit). ``every``: the bounds are
    multiplied by the number of whole ``every``-model steps in the unit ("one
    model in five may take…": ``max=1, per="unit", every=5``).

    ``verified`` False: the data changes these bounds under a condition the
    import could not decide (a discipline the unit's mark opens, a count over
    the whole army); the bounds are the data's unchanged ones, shown as advice
    and never checked.
    """

    min: Annotated[int, Meta(ge=0)] = 0
    max: Annotated[int, Meta(ge=0)] | None = None
    per: Literal["model", "unit"] = "model"
    every: Annotated[int, Meta(ge=1)] | None = None
    verified: bool = True

    def bounds(self, models: int) -> tuple[int, int | None]:
        """``(min, max)`` for a unit (``per="unit"``) or a model (``per="model"``) of ``models`` models."""
        if self.every is None:
            return self.min, self.max
        steps = models // self.every
        return self.min * steps, None if self.max is None else self.max * steps


class WargearGroup(_Model, kw_only=True):
    """A choice: "replace the boltgun with one of…", "up to two of…", a psychic power.

    ``kinds`` are the model kind ids that make this choice (empty: the unit makes it
    once, as for powers, warlord traits and relics); ``items`` are the ids of the
    :class:`WargearItem` entries on offer, each with its own optional limit;
    ``replaces`` are ids of default items (from the kinds' loadout) a model gives up
    when it takes any item of the group; ``limit`` bounds how many items of the group
    are taken in all.

    ``within`` names an enclosing group (BattleScribe nests selection groups): the
    items of this group count toward that group's limit too. "One Space Marine may
    take a special weapon, one a heavy weapon, but only one of both below ten
    models" is a group "special or heavy" (``max=1, per="unit", every=5``) holding
    the two groups, each ``max=1, per="unit"``.

    ``marks``: the group is a model variant ("Space Marine w/Eviscerator", at
    most 1): a model carrying any of these items is one of its models, and the
    group's limit counts such models, each once, rather than items.

    ``default``: for a choice the unit makes that must be filled (a minimum of
    1 or more), the item the data takes when nothing else is chosen ("Mark of
    Chaos": Chaos Undivided), one of ``items``; a new unit starts with it
    (:func:`ost.core.wargear.starting_upgrades`). None: the data names none.

    ``fills``: what each model of its kinds carries by default *because of this
    choice*, item id -> count: the default it ``replaces``, or items of the
    choice it must take ("2 of: bolt pistol, boltgun", an entry of the group
    with a minimum). Only those defaults count toward its limits: a model's
    other defaults of the same items (another choice's default, a weapon it
    always carries) were not taken here. A Deff Dread's two big shootas, the
    defaults of its arms 3 and 4, are no pick of its arm 1, which offers a big
    shoota too; and taking a rokkit on arm 3 gives up one big shoota, not two.
    None: not known (a catalogue written by hand, or imported before Ost read
    it): every carried item of the choice counts, and a choice gives up all of
    what it replaces, as before.

    ``needs``: the choice is open only to a unit that takes one of these items
    (ids): the data shows a chapter's warlord traits only once the unit takes
    its "Warlord" selection, which the list's warlord mark stands for
    (:func:`ost.core.wargear.warlord_items`). Empty: open as it stands.

    ``subfactions``: the choice is open only to a unit of one of these
    sub-factions, as the data names the force's choice ("Ultramarines": the
    Relics of Macragge); ``subfaction_rivals`` are the same choice's other
    values, which close it ("Ultramarines Successor", "Emperor's Spears"). A
    unit whose placeholder value names none of them may take it
    (:func:`ost.core.wargear.subfaction_closed`). Empty: open to any.
    """

    id: Annotated[str, Meta(min_length=1)]
    name: str = ""
    name_en: str = ""
    kinds: list[str] = []
    items: list[str] = []
    item_limits: dict[str, WargearLimit] = {}
    replaces: list[str] = []
    limit: WargearLimit = msgspec.field(default_factory=WargearLimit)
    within: str | None = None
    bs_ids: list[str] = []
    marks: list[str] = []
    default: str | None = None
    fills: dict[str, Annotated[int, Meta(ge=0)]] | None = None
    needs: list[str] = []
    subfactions: list[str] = []
    subfaction_rivals: list[str] = []

    omit_empty: ClassVar[frozenset[str]] = frozenset({"default", "fills", "needs", "subfactions", "subfaction_rivals"})


def legacy_wargear(options: Iterable[WargearOption]) -> tuple[list[WargearItem], list[WargearGroup]]:
    """Priced options (the older shape) as wargear items, each in a one-item group the unit makes.

    An option becomes an item of the same id, name and price, and a unit-level
    group ``option:<id>`` bounded by the option's ``max`` (or, for a per-model
    option without one, by nothing: the validator's ``UNIT-OPTION`` check
    covers the counters). Its ``replaces`` (weapon names) stay on the option:
    the presenter reads them from there.
    """
    items: list[WargearItem] = []
    groups: list[WargearGroup] = []
    for option in options:
        items.append(WargearItem(id=option.id, name=option.name, kind="wargear", points=option.points))
        groups.append(
            WargearGroup(
                id=f"option:{option.id}",
                name=option.name,
                items=[option.id],
                limit=WargearLimit(max=option.max, per="unit"),
            )
        )
    return items, groups


class ModelKind(_Model, kw_only=True):
    """One kind of model of a unit: a Sergeant and Marines, a Boss Nob and Boyz.

    ``min``/``max`` bound how many models of this kind the unit holds;
    ``points`` is the cost of each model of this kind beyond the unit's
    minimum composition (the datasheet's ``points`` pays for that one);
    ``space`` is the places one model takes in a transport (None: the
    datasheet's default); ``profile`` names the :class:`ModelProfile` of the
    kind (None: the profile of the same name, else the first one);
    ``keywords`` are keywords this kind has beyond the datasheet's.
    """

    id: Annotated[str, Meta(min_length=1)]
    name: Annotated[str, Meta(min_length=1)]
    #: The kind's English name (empty: unknown; English readers then see ``name``).
    name_en: str = ""
    min: Annotated[int, Meta(ge=0)] = 0
    max: Annotated[int, Meta(ge=0)] = 1
    wounds: Annotated[int, Meta(ge=0)] = 1
    points: Annotated[int, Meta(ge=0, le=MAX_CATALOGUE)] = 0
    space: Annotated[int, Meta(ge=0)] | None = None
    profile: str | None = None
    keywords: list[str] = []
    #: BattleScribe ids of the entries that are models of this kind (rosters name them).
    bs_ids: list[str] = []
    #: What each model of this kind carries by default: wargear item id -> count.
    loadout: dict[str, Annotated[int, Meta(ge=0)]] = {}

    def label(self, lang: str) -> str:
        """The kind's name for a reader of ``lang``; English falls back to ``name``."""
        return (self.name_en or self.name) if lang == "en" else self.name

    def __post_init__(self) -> None:
        if self.max < self.min:
            raise ValueError(f"model kind {self.id!r}: max ({self.max}) is below min ({self.min})")


class SpaceRule(_Model, kw_only=True):
    """Models with all of ``keywords`` take ``space`` places in the transport.

    ``min_wounds``/``max_wounds`` narrow the rule to models with that many
    wounds ("each model with a Wounds characteristic of 3 or more takes the
    space of 2 models"); ``keywords`` may then be empty (any model).
    """

    keywords: list[str]
    space: Annotated[int, Meta(ge=0)]
    min_wounds: Annotated[int, Meta(ge=0)] | None = None
    max_wounds: Annotated[int, Meta(ge=0)] | None = None

    def applies(self, wounds: int) -> bool:
        """Whether a model with ``wounds`` wounds is within the rule's wound bounds (keywords aside)."""
        return (self.min_wounds is None or wounds >= self.min_wounds) and (
            self.max_wounds is None or wounds <= self.max_wounds
        )


class WoundLimit(_Model, kw_only=True):
    """Models too tough for a transport.

    Models with all of ``keywords`` (any model when empty) and ``min_wounds``
    wounds or more cannot embark, unless they have one of ``unless``
    ("non-CHARACTER models with a Wounds characteristic of 4 or more").
    """

    keywords: list[str] = []
    min_wounds: Annotated[int, Meta(ge=0)]
    unless: list[str] = []


class TransportCapacity(_Model, kw_only=True):
    """What a transport can carry (seed 001, Transport (X)).

    ``allowed`` lists alternatives: a unit may embark when it has every keyword
    of at least one alternative. With no alternative, infantry may embark, and
    walkers when the capacity is 6 or more. ``verified`` is False when the
    capacity came from text that could not be read completely; the validator
    then reports ``TRANSPORT-UNVERIFIED`` instead of guessing.
    """

    capacity: Annotated[int, Meta(ge=0)] | None = None
    allowed: list[list[str]] = []
    forbidden: list[str] = []
    space: list[SpaceRule] = []
    #: Models too tough to embark ("cannot transport DREADNOUGHT models with a Wounds characteristic of 13 or more").
    wound_limits: list[WoundLimit] = []
    text: str | None = None
    verified: bool = True


class Datasheet(_Model, kw_only=True):
    """One kind of unit (fiche d'unité)."""

    id: Annotated[str, Meta(min_length=1)]
    name: Annotated[str, Meta(min_length=1)]
    #: The datasheet's English name (empty: unknown, or ``name`` is English already: see :meth:`label`).
    name_en: str = ""
    faction: str = ""
    role: Role
    #: Overrides the identity key (default: the last keyword, upper-cased).
    identity: str | None = None
    keywords: list[str] = []
    faction_keywords: list[str] = []
    aliases: list[str] = []
    min_models: Annotated[int, Meta(ge=1)] = 1
    max_models: Annotated[int, Meta(ge=1)] = 1
    #: Cost of the unit at its minimum size.
    points: Annotated[int, Meta(ge=0, le=MAX_CATALOGUE)] = 0
    #: Cost of each model beyond the minimum (of the bulk kind when the datasheet has several kinds).
    points_per_model: Annotated[int, Meta(ge=0, le=MAX_CATALOGUE)] = _AUTO
    options: list[WargearOption] = []
    #: Every wargear item the datasheet knows (defaults and choices); see :class:`WargearItem`.
    wargear: list[WargearItem] = []
    #: The choices its models and the unit make; see :class:`WargearGroup`.
    choices: list[WargearGroup] = []
    #: Wounds of the datasheet's toughest model (a character's wounds); see :attr:`kinds` for each kind.
    wounds: Annotated[int, Meta(ge=0)] = _AUTO
    #: The kinds of model of a unit, leaders first. Empty in a source: one kind, made from
    #: the datasheet's size, wounds and ``points_per_model``; never empty once validated.
    kinds: list[ModelKind] = []
    unit_type: UnitType = UnitType.INFANTRY
    unit_class: Annotated[int, Meta(ge=1, le=10)] = 1
    #: Places one model takes in a transport (default: 1, a walker 2).
    transport_space: Annotated[int, Meta(ge=0)] | None = None
    profiles: list[ModelProfile] = []
    weapons: list[WeaponProfile] = []
    abilities: list[AbilityRef] = []
    #: Abilities only a unit that takes an option has, each naming what grants it (:attr:`AbilityRef.granted_by`):
    #: kept apart from :attr:`abilities`, which every unit of the datasheet has (the presenter shows both).
    granted_abilities: list[AbilityRef] = []
    transport: TransportCapacity | None = None
    #: Worked out from the abilities unless the data states it.
    linked_character: bool = _AUTO
    never_holds_objectives: bool = False
    legends: bool = False
    hidden: bool = False
    source: str = ""
    source_id: str | None = None
    source_revision: str | None = None
    #: BattleScribe ids (entry and entry-link ids) that name this datasheet in rosters.
    bs_ids: list[str] = []
    #: The BattleScribe entry id of the same datasheet in the 9th-edition data (shipped datasheets).
    counterpart: str | None = None
    #: Fields where a shipped datasheet departs from its counterpart on purpose: field -> reason.
    departures: dict[str, str] = {}

    omit_empty: ClassVar[frozenset[str]] = frozenset({"granted_abilities"})

    def __post_init__(self) -> None:
        """Check the size, and work out what the data leaves unstated: one kind when none, wounds, price per model.

        ``wounds``, ``points_per_model`` and ``linked_character`` are worked
        out only when not given (their default stands for "not given"), so a
        user's override sticks.
        """
        if type(self.role) is not Role:  # built by hand from the data's words: decoding gives members
            self.role = Role(self.role)
        if type(self.unit_type) is not UnitType:
            self.unit_type = UnitType(self.unit_type)
        wounds_given = self.wounds is not _AUTO
        per_model_given = self.points_per_model is not _AUTO
        if self.max_models < self.min_models:
            raise ValueError(f"max_models ({self.max_models}) is below min_models ({self.min_models})")
        if not self.kinds:
            if not wounds_given:
                self.wounds = 1
            if not per_model_given:
                self.points_per_model = 0
            self.kinds = [
                ModelKind(
                    id="model",
                    name=self.name,
                    name_en=self.name_en,
                    min=self.min_models,
                    max=self.max_models,
                    wounds=self.wounds,
                    points=self.points_per_model,
                    space=self.transport_space,
                )
            ]
        else:
            seen: set[str] = set()
            for kind in self.kinds:
                if kind.id in seen:
                    raise ValueError(f"duplicate model kind {kind.id!r}")
                seen.add(kind.id)
            if not wounds_given:
                self.wounds = max(k.wounds for k in self.kinds)
            bulk = self.kinds[self.bulk_index]
            if per_model_given and bulk.points != self.points_per_model:
                # An explicit price per model (a user's override) prices the bulk kind.
                self.kinds = [
                    k.model_copy(update={"points": self.points_per_model}) if i == self.bulk_index else k
                    for i, k in enumerate(self.kinds)
                ]
            else:
                self.points_per_model = bulk.points
        # Derived from the abilities unless given: a user's override to false must stick.
        if self.linked_character is _AUTO:
            self.linked_character = any(fold(a.name) in LINKED_CHARACTER_NAMES for a in self.abilities)

    def label(self, lang: str) -> str:
        """The datasheet's name for a reader of ``lang``; English falls back to ``name``."""
        return (self.name_en or self.name) if lang == "en" else self.name

    @cached_property
    def identity_key(self) -> str:
        """Datasheets with the same key count as one (seed 000: same last keyword)."""
        if self.identity:
            return keyword_key(self.identity)
        if self.keywords:
            return keyword_key(self.keywords[-1])
        return keyword_key(self.name)

    @cached_property
    def keyword_keys(self) -> frozenset[str]:
        """Keys of every keyword and faction keyword, placeholders included."""
        return frozenset(keyword_key(k) for k in (*self.keywords, *self.faction_keywords))

    @cached_property
    def plain_keyword_keys(self) -> frozenset[str]:
        """Keys of the (non-faction) keywords that are not placeholders."""
        return frozenset(keyword_key(k) for k in self.keywords if not is_placeholder(k))

    @cached_property
    def faction_keys(self) -> frozenset[str]:
        """Keys of the faction keywords that are not placeholders (nor ``UNALIGNED``, which names no faction)."""
        return frozenset(key for k in self.faction_keywords if (key := faction_key_of(k)) is not None)

    @cached_property
    def faction_placeholders(self) -> tuple[str, ...]:
        """The placeholder faction keywords (``<CHAPITRE>``), as written."""
        return tuple(k for k in self.faction_keywords if is_placeholder(k))

    def has_faction_keys(self, required: frozenset[str], values: Mapping[str, Iterable[str]]) -> bool:
        """Whether the faction keywords include every key of ``required``.

        A placeholder faction keyword (``<CHAPITRE>``) counts as any of the
        values given for it (``values``: placeholder key -> value keys): could
        this datasheet join units whose faction keywords are ``required``? An
        unaligned datasheet could join any (SPEC §3).
        """
        if self.is_unaligned:
            return True
        keys = self.faction_keys
        if required <= keys:
            return True
        if not self.faction_placeholders:
            return False
        filled = set(keys)
        for placeholder in self.faction_placeholders:
            filled.update(values.get(keyword_key(placeholder), ()))
        return required <= filled

    @property
    def is_unaligned(self) -> bool:
        """No faction keyword (none at all, or only ``UNALIGNED``): it joins any detachment (SPEC §3)."""
        return not self.faction_keys and not self.faction_placeholders

    @property
    def is_character(self) -> bool:
        return not CHARACTER_KEYWORDS.isdisjoint(self.keyword_keys)

    @property
    def is_independent_character(self) -> bool:
        """A CHARACTER with 9 wounds or fewer (seed 000, PERSONNAGE)."""
        return self.is_character and self.wounds <= INDEPENDENT_CHARACTER_MAX_WOUNDS

    @property
    def is_transport(self) -> bool:
        return (
            self.role is Role.DEDICATED_TRANSPORT
            or self.transport is not None
            or not TRANSPORT_KEYWORDS.isdisjoint(self.keyword_keys)
        )

    @property
    def model_space(self) -> int:
        """Places one model of this datasheet takes in a transport."""
        if self.transport_space is not None:
            return self.transport_space
        return 2 if self.unit_type is UnitType.WALKER else 1

    @cached_property
    def option_map(self) -> dict[str, WargearOption]:
        return {o.id: o for o in self.options}

    # -- wargear ---------------------------------------------------------------------

    @cached_property
    def offered(self) -> tuple[tuple[WargearItem, ...], tuple[WargearGroup, ...]]:
        """The wargear items and choice groups a unit of this datasheet chooses from.

        ``wargear``/``choices`` when the datasheet has choices; else its priced
        ``options`` mapped by :func:`legacy_wargear`, so older catalogues still
        offer their options through the one shape.
        """
        if self.choices or not self.options:
            return tuple(self.wargear), tuple(self.choices)
        items, groups = legacy_wargear(self.options)
        known = {item.id for item in items}
        return (*items, *(w for w in self.wargear if w.id not in known)), tuple(groups)

    @cached_property
    def wargear_map(self) -> dict[str, WargearItem]:
        """Every wargear item the datasheet knows (see :attr:`offered`), by id."""
        return {item.id: item for item in self.offered[0]}

    @cached_property
    def choice_map(self) -> dict[str, WargearGroup]:
        """Every choice group (see :attr:`offered`), by id."""
        return {group.id: group for group in self.offered[1]}

    @cached_property
    def choice_members(self) -> dict[str, frozenset[str]]:
        """Each choice group's items, those of the groups nested in it (``within``) included."""
        groups = self.choice_map
        out: dict[str, set[str]] = {g.id: set(g.items) for g in groups.values()}
        for group in groups.values():
            seen: set[str] = {group.id}
            parent = group.within
            while parent is not None and parent in groups and parent not in seen:
                out[parent].update(group.items)
                seen.add(parent)
                parent = groups[parent].within
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def choice_fills(self) -> dict[str, dict[str, int] | None]:
        """Each choice group's :attr:`~WargearGroup.fills`, those of the groups nested in it (``within``) added.

        None for a group whose own are not known (nor then those nested in it, summed).
        """
        groups = self.choice_map
        out: dict[str, dict[str, int] | None] = {
            g.id: None if g.fills is None else dict(g.fills) for g in groups.values()
        }
        for group in groups.values():
            if not group.fills:
                continue
            seen: set[str] = {group.id}
            parent = group.within
            while parent is not None and parent in groups and parent not in seen:
                known = out[parent]
                if known is not None:
                    for item_id, count in group.fills.items():
                        known[item_id] = known.get(item_id, 0) + count
                seen.add(parent)
                parent = groups[parent].within
        return out

    @cached_property
    def kind_offers(self) -> dict[str, frozenset[str]]:
        """Item ids each model kind may carry: its default loadout and every item of a choice its kind makes."""
        out: dict[str, set[str]] = {kind.id: set(kind.loadout) for kind in self.kinds}
        for group in self.choice_map.values():
            for kind_id in group.kinds:
                if kind_id in out:
                    out[kind_id].update(group.items)
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def choice_limits(self) -> dict[str, tuple[tuple[WargearLimit, frozenset[str], str | None], ...]]:
        """Each choice group's limits with the items each counts: ``(limit, items, item id or None)``.

        The group's own limit counts its members (:attr:`choice_members`),
        then each item's own limit counts that item. Checking a unit's wargear
        walks these; they depend on the datasheet alone.
        """
        members = self.choice_members
        return {
            g.id: (
                (g.limit, members[g.id], None),
                *((limit, frozenset({item_id}), item_id) for item_id, limit in g.item_limits.items()),
            )
            for g in self.choice_map.values()
        }

    @cached_property
    def unit_choice_items(self) -> frozenset[str]:
        """Items of the choices the unit makes once (groups open to no model kind: powers, relics…)."""
        return frozenset(i for g in self.choice_map.values() if not g.kinds for i in g.items)

    @cached_property
    def choice_pools(self) -> dict[str, tuple[WargearGroup, ...]]:
        """For each per-model choice, the other per-model choices of the same kinds that offer some of its items.

        A model's count of those items cannot tell which choice it filled
        ("Slot 1" … "Slot 4"); the check bounds them together.
        """
        members = self.choice_members
        groups = list(self.choice_map.values())
        return {
            g.id: tuple(
                other
                for other in groups
                if other.id != g.id
                and other.kinds == g.kinds
                and other.limit.per == "model"
                and members[other.id] & members[g.id]
            )
            for g in groups
        }

    @property
    def has_loadouts(self) -> bool:
        """Whether the datasheet says what its models carry (a default loadout on some kind)."""
        return any(kind.loadout for kind in self.kinds)

    # -- model kinds -------------------------------------------------------------

    @property
    def bulk_index(self) -> int:
        """The kind that takes the models beyond every kind's minimum: the widest range, the last on ties."""
        best, width = 0, -1
        for index, kind in enumerate(self.kinds):
            if kind.max - kind.min >= width:
                best, width = index, kind.max - kind.min
        return best

    @cached_property
    def kind_map(self) -> dict[str, ModelKind]:
        return {k.id: k for k in self.kinds}

    def default_composition(self, models: int) -> dict[str, int]:
        """How ``models`` models split over the kinds: every kind's minimum, leaders first, the rest in the bulk.

        "10 Boyz" gives 1 Boss Nob and 9 Boyz. Below the minimum, kinds listed
        first are filled first; above every maximum, the bulk kind takes the rest
        (the validator reports the size).
        """
        known = self.composition_table.get(models)
        # A copy made with other kinds shares this table (model_copy copies cached values): an
        # answer counts only for the very kinds it was worked out from.
        if known is None or known[0] is not self.kinds:
            known = self.composition_table[models] = (self.kinds, self._split(models))
        return dict(known[1])  # the caller's own: the table stays as it is

    @cached_property
    def composition_table(self) -> dict[int, tuple[list[ModelKind], dict[str, int]]]:
        """:meth:`default_composition` per model count, filled as it is asked (every check asks it of every unit)."""
        return {}

    def _split(self, models: int) -> dict[str, int]:
        counts = {k.id: 0 for k in self.kinds}
        left = max(0, models)
        for kind in self.kinds:
            take = min(kind.min, left)
            counts[kind.id] = take
            left -= take
        if left:
            bulk = self.kinds[self.bulk_index]
            order = [bulk, *(k for k in self.kinds if k is not bulk)]
            for kind in order:
                room = max(0, kind.max - counts[kind.id])
                take = min(room, left)
                counts[kind.id] += take
                left -= take
            counts[bulk.id] += left
        return counts

    @cached_property
    def base_composition(self) -> dict[str, int]:
        """The composition at the datasheet's minimum size: what ``points`` pays for."""
        return self.default_composition(self.min_models)

    def composition(self, models: int, explicit: Mapping[str, int] | None = None) -> dict[str, int]:
        """The unit's count of each kind: ``explicit`` when it names only known kinds, else the default split."""
        if explicit and all(kind_id in self.kind_map for kind_id in explicit):
            return {k.id: max(0, explicit.get(k.id, 0)) for k in self.kinds}
        return self.default_composition(models)

    def unit_wounds(self, composition: Mapping[str, int]) -> int:
        """PV of a unit of ``composition``: wounds summed over its kinds."""
        return sum(k.wounds * composition.get(k.id, 0) for k in self.kinds)

    def kind_space(self, kind: ModelKind) -> int:
        """Places one model of ``kind`` takes in a transport (before the transport's own space rules)."""
        return kind.space if kind.space is not None else self.model_space

    def cost(
        self, models: int, options: Mapping[str, int] | None = None, composition: Mapping[str, int] | None = None
    ) -> int:
        """Points of a unit of ``models`` models (split as ``composition``) with ``options`` (id -> count).

        The datasheet's points pay for its minimum composition; every model of a
        kind beyond (or short of) that composition adds (or saves) the kind's
        price. Never below 0.
        """
        counts = self.composition(models, composition)
        base = self.base_composition
        total = self.points + sum(k.points * (counts[k.id] - base[k.id]) for k in self.kinds)
        total = max(0, total)
        if options:
            by_id = self.option_map
            for option_id, count in options.items():
                option = by_id.get(option_id)
                if option is not None:
                    total += option.points * count
        return total


#: The fields that make most of a datasheet's size and that only a unit of the list (or the one datasheet
#: shown) reads: a :class:`LightDatasheet` leaves them out until one of them is read.
HEAVY_FIELDS = (
    "options",
    "wargear",
    "choices",
    "kinds",
    "profiles",
    "weapons",
    "abilities",
    "granted_abilities",
    "departures",
)
_HEAVY = frozenset(HEAVY_FIELDS)


class LightDatasheet(Datasheet, kw_only=True):
    """A datasheet built from its facts (every field but :data:`HEAVY_FIELDS`), its heavy fields read when first used.

    A command that checks one list or prints the catalogue's lines needs the
    whole datasheet of a few dozen datasheets and, of the thousands of others,
    only their facts: name, role, identity, faction keywords, Legends or
    hidden, source, BattleScribe ids, transport capacity. The store builds
    those from the small JSON text of the facts that it wrote itself from a
    validated datasheet (:meth:`from_facts`: no validation, trusted data); the
    first read of a heavy field validates the whole datasheet through
    ``full`` (the store's JSON, as :class:`Datasheet` is read otherwise) and
    fills them in. Data from outside Ost is never read this way.

    It is a :class:`Datasheet` in every respect (equality, dumps and copies
    read the heavy fields first). Until then its heavy fields are unset struct
    fields (reading one runs :meth:`__getattr__`), and the reader waits in the
    instance's ``__dict__`` (``_full``), outside the fields: it is never encoded.
    """

    def __post_init__(self) -> None:
        """Nothing to work out: built by :meth:`from_facts` from a validated datasheet's facts."""

    @classmethod
    def from_facts(cls, facts: dict[str, Any], full: Callable[[], Datasheet]) -> Datasheet:
        """The datasheet of ``facts`` (a JSON dump of a validated datasheet without its heavy fields, decoded).

        Facts that lack a field (written by an Ost that knew fewer) give the
        whole datasheet at once. (The store's kept facts are decoded straight
        into light datasheets instead: :meth:`lighten`.)
        """
        if facts.keys() != _FACT_SET:
            return full()
        facts["role"] = Role(facts["role"])
        facts["unit_type"] = UnitType(facts["unit_type"])
        if facts["transport"] is not None:
            facts["transport"] = msgspec.convert(facts["transport"], TransportCapacity)
        sheet = cls(**facts)
        for name in HEAVY_FIELDS:
            delattr(sheet, name)
        sheet.__dict__["_full"] = full
        return sheet

    @classmethod
    def lighten(cls, sheets: Iterable[tuple[LightDatasheet, Callable[[], Datasheet]]]) -> None:
        """Make light the datasheets msgspec decoded straight from complete facts, as :class:`DecodedFacts`.

        Decoded so, each holds None in its heavy fields: they are unset here
        (read whole through ``full`` when first used, as :meth:`from_facts`
        leaves them), and each becomes a :class:`LightDatasheet`. Decoding
        into the class in one go spares building each datasheet from a struct
        of its facts (a third of a deferred load's time).
        """
        heavy = HEAVY_FIELDS
        for sheet, full in sheets:
            for name in heavy:
                delattr(sheet, name)
            sheet.__class__ = cls
            sheet.__dict__["_full"] = full

    @property
    def is_whole(self) -> bool:
        """Whether the heavy fields are read (or never were to be read)."""
        return self.__dict__.get("_full") is None

    def _materialise(self) -> None:
        full = self.__dict__.get("_full")
        if full is not None:
            whole = full()
            for name in HEAVY_FIELDS:
                setattr(self, name, getattr(whole, name))
            self.__dict__.pop("_full", None)

    if not TYPE_CHECKING:  # a heavy field read for the first time: the whole datasheet is read

        def __getattr__(self, name: str) -> Any:
            if name in _HEAVY and self.__dict__.get("_full") is not None:
                self._materialise()
                return getattr(self, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Datasheet):
            return NotImplemented
        if any(getattr(self, name) != getattr(other, name) for name in FACT_FIELDS):
            return False  # told apart by their facts (ids first): neither is read whole
        return all(getattr(self, name) == getattr(other, name) for name in HEAVY_FIELDS)

    __hash__ = None  # type: ignore[assignment]  # as every datasheet: not hashable

    def model_dump(self, **kwargs: Any) -> dict[str, Any]:
        self._materialise()
        return super().model_dump(**kwargs)

    def model_dump_json(self, **kwargs: Any) -> str:
        self._materialise()
        return super().model_dump_json(**kwargs)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> LightDatasheet:
        self._materialise()
        return super().model_copy(update=update, deep=deep)

    def __repr__(self) -> str:
        self._materialise()
        return super().__repr__()

    def __reduce__(self) -> Any:
        self._materialise()
        return super().__reduce__()

    def __copy__(self) -> LightDatasheet:
        self._materialise()
        return msgspec.structs.replace(self)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> LightDatasheet:
        self._materialise()
        return super().model_copy(deep=True)


class DecodedFacts(LightDatasheet, kw_only=True):
    """What the store decodes its kept facts into: a :class:`LightDatasheet` whose heavy fields default to None.

    Only until :meth:`LightDatasheet.lighten` unsets them and makes each a
    :class:`LightDatasheet` (same fields, same layout): decoded as that
    class, each datasheet would make nine empty lists only to drop them
    (a seventh of a deferred load). The kept facts never hold a heavy field.
    """

    if not TYPE_CHECKING:  # (the same fields, other defaults: for msgspec only)
        options: Any = None
        wargear: Any = None
        choices: Any = None
        kinds: Any = None
        profiles: Any = None
        weapons: Any = None
        abilities: Any = None
        granted_abilities: Any = None
        departures: Any = None


_ALL_FIELDS = tuple(Datasheet.model_fields)
#: What :meth:`LightDatasheet.from_facts` reads: every field but the heavy ones.
FACT_FIELDS = tuple(name for name in _ALL_FIELDS if name not in _HEAVY)
_FACT_SET = frozenset(FACT_FIELDS)


@cache
def facts_type() -> type[msgspec.Struct]:
    """A struct of :data:`FACT_FIELDS`, each required and typed as :class:`Datasheet` types it.

    The store decodes every row's facts as these before it keeps them: facts
    that lack a field (or hold a value of another type) fail to decode, and
    that datasheet is kept to be read whole.
    """
    fields = [(f.name, f.type) for f in msgspec.structs.fields(Datasheet) if f.name in _FACT_SET]
    return msgspec.defstruct("Facts", fields, kw_only=True, forbid_unknown_fields=True)


@cache
def compact_facts_type() -> type[msgspec.Struct]:
    """:func:`facts_type` with :class:`Datasheet`'s defaults, encoded without the fields that hold them.

    Facts known complete (decoded as :func:`facts_type`) converted to these
    and encoded are a quarter shorter (``omit_defaults``); decoded as
    :class:`LightDatasheet`, the fields left out take the same defaults
    back. A field the datasheet works out when the data leaves it out
    (``wounds``, ``points_per_model``, ``linked_character``) has no plain
    default: always written.
    """
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for f in msgspec.structs.fields(Datasheet):
        if f.name not in _FACT_SET:
            continue
        if f.default_factory is not msgspec.NODEFAULT:
            fields.append((f.name, f.type, msgspec.field(default_factory=f.default_factory)))
        elif f.default is not msgspec.NODEFAULT and f.default is not _AUTO:
            fields.append((f.name, f.type, f.default))
        else:
            fields.append((f.name, f.type))
    return msgspec.defstruct("CompactFacts", fields, kw_only=True, forbid_unknown_fields=True, omit_defaults=True)


def facts_signature() -> str:
    """The names, declared types and defaults of :data:`FACT_FIELDS`: facts kept under another signature are not read.

    The defaults are part of it because the kept facts leave out the fields
    that hold theirs (:func:`compact_facts_type`): kept under another default,
    a field left out would be read back as the new one.
    """
    declared = Datasheet.__annotations__
    parts: list[str] = []
    for f in msgspec.structs.fields(Datasheet):
        if f.name not in _FACT_SET:
            continue
        if f.default_factory is not msgspec.NODEFAULT:
            default = f"={f.default_factory()!r}"
        elif f.default is not msgspec.NODEFAULT:
            default = f"={f.default!r}"
        else:
            default = ""
        parts.append(f"{f.name}:{declared.get(f.name, '')}{default}")
    return ";".join(parts)


class RoleLimit(_Model, kw_only=True):
    """One cell of the band table: ``min``–``max`` units, ``per_sheet`` per datasheet."""

    min: Annotated[int, Meta(ge=0)] = 0
    max: Annotated[int, Meta(ge=0)] | None = None
    per_sheet: Annotated[int, Meta(ge=0)] | None = None


class Band(_Model, kw_only=True):
    """A column of the points-band table."""

    label: str
    points_min: Annotated[int, Meta(ge=0)]
    points_max: Annotated[int, Meta(ge=0)]
    max_detachments: Annotated[int, Meta(ge=0)]
    limits: dict[Role, RoleLimit]

    def limit(self, role: Role) -> RoleLimit:
        return self.limits.get(role, _NO_LIMIT)


_NO_LIMIT = RoleLimit()


class BandTable(_Model, kw_only=True):
    """The points-band table of seed 000, as data a club can edit."""

    bands: list[Band]

    def __post_init__(self) -> None:
        ordered = sorted(self.bands, key=lambda b: b.points_min)
        for band in ordered:
            if band.points_max < band.points_min:
                raise ValueError(f"band {band.label}: points_max is below points_min")
        for before, after in itertools.pairwise(ordered):
            if after.points_min <= before.points_max:
                raise ValueError(f"bands {before.label} and {after.label} overlap")
        self.bands = ordered

    def band_for(self, points: int) -> Band | None:
        for band in self.bands:
            if band.points_min <= points <= band.points_max:
                return band
        return None

    @property
    def points_min(self) -> int:
        return self.bands[0].points_min if self.bands else 0

    @property
    def points_max(self) -> int:
        return self.bands[-1].points_max if self.bands else 0


class GlossaryEntry(_Model, kw_only=True):
    """A special ability of seed 001 with our own short summary."""

    key: str
    name_fr: str
    name_en: str
    kind: str = "unit"
    has_parameter: bool = False
    summary_fr: str
    summary_en: str

    def name(self, lang: str) -> str:
        return self.name_fr if lang == "fr" else self.name_en

    def summary(self, lang: str) -> str:
        return self.summary_fr if lang == "fr" else self.summary_en


class Faction(_Model, kw_only=True):
    id: Annotated[str, Meta(min_length=1)]
    name: str
    name_en: str | None = None
    source: str = ""
    revision: str | None = None
    #: Ids of the BattleScribe catalogues that hold the same faction (one faction name in the browser).
    counterparts: list[str] = []
    #: The BattleScribe catalogue id an imported faction comes from.
    source_id: str | None = None


SHIPPED_SOURCE = "ost"
#: Sources of imported BattleScribe catalogues are this prefix and the catalogue's id.
BSDATA_SOURCE_PREFIX = "bsdata:"

SourceKind = Literal["shipped", "bsdata", "other"]


def source_kind(source_id: str) -> SourceKind:
    """The kind of a source, told by its id."""
    if source_id == SHIPPED_SOURCE:
        return "shipped"
    if source_id.startswith(BSDATA_SOURCE_PREFIX):
        return "bsdata"
    return "other"


class CatalogueSource(_Model, kw_only=True):
    """Where datasheets come from: the shipped catalogue, or one BattleScribe import.

    ``id`` is the ``source`` of its datasheets and factions ("ost",
    "bsdata:<catalogue id>"). A source switched off stays in the database:
    lists that use its datasheets still read, but the browser, the readers'
    name matching and the exhaustion exception leave it out.
    """

    id: Annotated[str, Meta(min_length=1)]
    name: str = ""
    kind: SourceKind = "other"
    revision: str | None = None
    fingerprint: str | None = None
    enabled: bool = True


class Catalogue:
    """Datasheets, factions, band table and glossary, indexed for the validator."""

    def __init__(
        self,
        datasheets: Iterable[Datasheet],
        bands: BandTable,
        glossary: Iterable[GlossaryEntry] = (),
        factions: Iterable[Faction] = (),
        sources: Iterable[CatalogueSource] = (),
    ) -> None:
        self.bands = bands
        #: Known sources by id; a datasheet whose source is not listed counts as switched on.
        self.sources: dict[str, CatalogueSource] = {s.id: s for s in sources}
        self._by_id: dict[str, Datasheet] = {}
        for sheet in datasheets:
            self._by_id[sheet.id] = sheet
        self.factions: dict[str, Faction] = {f.id: f for f in factions}
        self.glossary: dict[str, GlossaryEntry] = {}
        for entry in glossary:
            self.glossary[fold(entry.name_fr)] = entry
            self.glossary[fold(entry.name_en)] = entry
            self.glossary[fold(entry.key)] = entry
        self._by_bs_id: dict[str, list[Datasheet]] | None = None
        # Datasheets that may count as "available" per (role, legends), and answers per question.
        self._candidates: dict[tuple[Role, bool], list[Datasheet]] = {}
        self._joining_memo: dict[tuple[object, ...], dict[str, list[str]]] = {}
        self._transports: dict[tuple[bool, tuple[str, ...]], list[Datasheet]] = {}
        #: Transport datasheets that may join units of some faction keys, per (legends, switched off, keys).
        self._transports_joining: dict[tuple[Hashable, ...], list[Datasheet]] = {}
        self._memos: dict[str, dict[Hashable, Any]] = {}

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self) -> Iterator[Datasheet]:
        return iter(self._by_id.values())

    def __contains__(self, datasheet_id: object) -> bool:
        return datasheet_id in self._by_id

    def get(self, datasheet_id: str) -> Datasheet | None:
        return self._by_id.get(datasheet_id)

    def is_enabled(self, sheet: Datasheet) -> bool:
        """Whether ``sheet``'s source is switched on (unknown sources are)."""
        return self.source_enabled(sheet.source)

    def source_enabled(self, source_id: str) -> bool:
        """Whether the source ``source_id`` is switched on (unknown sources are)."""
        source = self.sources.get(source_id)
        return source is None or source.enabled

    def switched_off(self) -> tuple[str, ...]:
        """Ids of the sources switched off, sorted: part of the key of every remembered answer."""
        return tuple(sorted(s.id for s in self.sources.values() if not s.enabled))

    def enabled_sheets(self) -> Iterator[Datasheet]:
        """The datasheets of the sources switched on: what the browser shows and the readers match names against.

        Switched-off datasheets stay reachable by id (:meth:`get`), so a list
        that uses them still reads.
        """
        if all(s.enabled for s in self.sources.values()):
            return iter(self._by_id.values())
        return (s for s in self._by_id.values() if self.is_enabled(s))

    def all_by_bs_id(self, bs_id: str, *, enabled: bool = False) -> list[Datasheet]:
        """Every datasheet a BattleScribe entry id names, in :meth:`by_bs_id`'s order.

        Each imported catalogue holds its own copy of a shared entry (a Space
        Marine datasheet in every chapter's catalogue): a reader picks the copy
        of the army's own catalogue among them.
        """
        self.by_bs_id(bs_id)
        index = self._by_bs_id or {}
        return [s for s in index.get(bs_id, ()) if not enabled or self.is_enabled(s)]

    def by_bs_id(self, bs_id: str, *, enabled: bool = False) -> Datasheet | None:
        """The datasheet a BattleScribe entry id names; with ``enabled``, the first of a switched-on source.

        Datasheets that hold the id among their ``bs_ids`` (imported ones)
        come first; then shipped datasheets whose ``counterpart`` it is, so a
        roster still finds Ost's datasheet when no import holds the entry.
        """
        if self._by_bs_id is None:
            index: dict[str, list[Datasheet]] = {}
            for sheet in self._by_id.values():
                for known in sheet.bs_ids:
                    index.setdefault(known, []).append(sheet)
            for sheet in self._by_id.values():
                if sheet.counterpart and all(known is not sheet for known in index.get(sheet.counterpart, ())):
                    index.setdefault(sheet.counterpart, []).append(sheet)
            self._by_bs_id = index
        for sheet in self._by_bs_id.get(bs_id, ()):
            if not enabled or self.is_enabled(sheet):
                return sheet
        return None

    def ability(self, name: str) -> GlossaryEntry | None:
        return self.glossary.get(fold(name))

    def identities_joining(
        self,
        role: Role,
        common_keys: frozenset[str] | None,
        values: Mapping[str, frozenset[str]],
        *,
        include_legends: bool = False,
    ) -> dict[str, list[str]]:
        """Identity keys of ``role`` whose datasheets could join a detachment as it stands.

        A datasheet could join when its faction keywords include every key of
        ``common_keys`` (the faction keywords all the detachment's units share),
        a placeholder faction keyword (``<CHAPITRE>``) counting as any value the
        detachment gives it (``values``: placeholder key -> value keys). An
        unaligned datasheet joins any detachment; with ``common_keys`` None (no
        faction in particular), only unaligned datasheets count. Hidden
        datasheets never count, Legends ones only with ``include_legends``, and
        datasheets of switched-off sources never. The value lists the names
        behind each identity, for messages; callers must not change it.
        """
        disabled = self.switched_off()
        frozen_values = frozenset((k, v) for k, v in values.items())
        memo_key = (role, common_keys, frozen_values, include_legends, disabled)
        memo = self._joining_memo.get(memo_key)
        if memo is not None:
            return memo
        candidates = self._candidates.get((role, include_legends))
        if candidates is None:
            # Shipped datasheets first, so that messages name an identity by its French name when Ost has one.
            candidates = sorted(
                (
                    sheet
                    for sheet in self._by_id.values()
                    if sheet.role is role and not sheet.hidden and (include_legends or not sheet.legends)
                ),
                key=lambda sheet: source_kind(sheet.source) != "shipped",
            )
            self._candidates[(role, include_legends)] = candidates
        result: dict[str, list[str]] = {}
        for sheet in candidates:
            joins = sheet.is_unaligned if common_keys is None else sheet.has_faction_keys(common_keys, values)
            if not joins or not self.is_enabled(sheet):
                continue
            names = result.setdefault(sheet.identity_key, [])
            if sheet.name not in names:
                names.append(sheet.name)
        if len(self._joining_memo) > 256:  # armies of many factions: keep the memo small
            self._joining_memo.clear()
        self._joining_memo[memo_key] = result
        return result

    def memo(self, name: str) -> dict[Hashable, Any]:
        """A scratch memo for answers derived from this catalogue alone (emptied when it grows large).

        Validations of many lists against one catalogue ask the same questions
        (which transports could carry these Intercessors?); callers key their
        answers by everything the answer depends on, sources switched off included.
        """
        memo = self._memos.setdefault(name, {})
        if len(memo) > 4096:
            memo.clear()
        return memo

    def transport_sheets(self, *, include_legends: bool = False) -> list[Datasheet]:
        """Switched-on datasheets with a known transport capacity, Transport Assigné first, then by points.

        Fix suggestions ("choose an Impulsor or a Repulsor") look here; the
        answer is remembered until a source is switched on or off.
        """
        disabled = self.switched_off()
        key = (include_legends, disabled)
        found = self._transports.get(key)
        if found is None:
            found = [
                sheet
                for sheet in self._by_id.values()
                if sheet.transport is not None
                and sheet.transport.capacity
                and sheet.transport.verified
                and not sheet.hidden
                and (include_legends or not sheet.legends)
                and self.is_enabled(sheet)
            ]
            found.sort(key=lambda s: (s.role is not Role.DEDICATED_TRANSPORT, s.points, s.name))
            self._transports = {key: found}
            self._transports_joining = {}
        return found

    def transport_sheets_joining(
        self, required: frozenset[str], values: Mapping[str, tuple[str, ...]], *, include_legends: bool = False
    ) -> list[Datasheet]:
        """:meth:`transport_sheets` that could join units of faction keys ``required``, in the same order.

        ``values`` fill the transports' placeholders as in
        :meth:`Datasheet.has_faction_keys`. Fix suggestions ("choose a Rhino")
        scan these rather than every transport of every faction of a large
        catalogue; the answer is remembered with the transport list.
        """
        every = self.transport_sheets(include_legends=include_legends)
        key = (include_legends, self.switched_off(), required, tuple(sorted(values.items())))
        found = self._transports_joining.get(key)
        if found is None:
            found = [s for s in every if s.has_faction_keys(required, values)]
            if len(self._transports_joining) > 256:  # armies of many factions: keep it small
                self._transports_joining.clear()
            self._transports_joining[key] = found
        return found

    def search(self, query: str, *, limit: int | None = None) -> list[Datasheet]:
        """Datasheets whose name, alias, faction or keywords contain every word of ``query``.

        Accents and case are ignored ("necron" finds "Nécrons"). Datasheets of
        switched-off sources are left out.
        """
        words = fold(query).split()
        found: list[Datasheet] = []
        for sheet in self.enabled_sheets():
            faction = self.factions.get(sheet.faction)
            haystack = fold(
                " ".join(
                    [
                        sheet.name,
                        *sheet.aliases,
                        sheet.faction,
                        faction.name if faction else "",
                        (faction.name_en or "") if faction else "",
                        *sheet.keywords,
                        *sheet.faction_keywords,
                    ]
                )
            )
            if all(word in haystack for word in words):
                found.append(sheet)
        found.sort(key=lambda s: (s.faction, s.role.value, fold(s.name)))
        return found if limit is None else found[:limit]
