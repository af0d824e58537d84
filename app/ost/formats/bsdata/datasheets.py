"""Datasheets from root entries: role, keywords, size, points, options, profiles, kinds (:class:`_Drafter`)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from ost.core.catalogue import (
    AbilityRef,
    Datasheet,
    ModelKind,
    ModelProfile,
    TransportCapacity,
    WargearGroup,
    WargearItem,
    WargearOption,
    WeaponProfile,
)
from ost.core.i18n import Bilingual
from ost.core.model import ValidationError
from ost.core.roles import Role
from ost.core.text import slug
from ost.formats.bsdata.conditions import hidden_now
from ost.formats.bsdata.entries import _blocked, _bounded, _Option, _Raw, add_new
from ost.formats.bsdata.files import _File
from ost.formats.bsdata.kinds import _KindDraft, kind_drafts
from ost.formats.bsdata.profiles import (
    Bracket,
    _characteristics,
    _closest_profile,
    _for_faction,
    _model_profile,
    _text_of,
    _weapon_profile,
    _words,
    _wounds,
    abilities_and_transports,
    ability_text,
    fold_bracket_profiles,
    invulnerable_column,
    invulnerable_grants,
    model_entries,
    top_bracket,
    unit_type_and_class,
)
from ost.formats.bsdata.reach import Reaches
from ost.formats.bsdata.report import BsDataError
from ost.formats.bsdata.schema import ROLE_BY_CATEGORY
from ost.formats.bsdata.scope import Shared, Switches, _Context, _Scope
from ost.formats.bsdata.shared_parts import offered_ids
from ost.formats.bsdata.summaries import summarise
from ost.formats.bsdata.walk import _Occurrence
from ost.formats.bsdata.wargear import Wargear, WargearCache, read_wargear
from ost.formats.transport_text import AskedVocabulary, Question, Vocabulary, answers_alike, parse_transport

_LEGENDS_NAME = re.compile(r"[\[(]\s*legends?\s*[\]})]", re.IGNORECASE)
_NEVER_OBJECTIVES = re.compile(
    r"(?:cannot|can ?not|can never|never|may not)\s+(?:control|hold|capture|contest)\s+objective", re.IGNORECASE
)


@dataclass
class _Draft:
    """A datasheet before it is given to a faction."""

    target_id: str
    link_ids: list[str]
    role: Role
    sheet: Datasheet
    has_points: bool
    has_size: bool
    has_transport: bool
    #: Model kinds whose wounds were read from their own profile (or the unit's profile of that name).
    kinds_with_wounds: int = 0
    #: Conditional cost modifiers met: evaluated for this datasheet, or kept aside (the price without them).
    modifiers_evaluated: int = 0
    modifiers_kept: int = 0
    kept_names: list[str] = field(default_factory=list)
    path: str = ""


class _Drafter:
    """The datasheets of one import: one draft per root entry and catalogue, memoised parses of profiles.

    Everything the scopes share is :attr:`shared`.
    """

    def __init__(self, files: list[_File], shared: Shared | None = None) -> None:
        """``shared``, when given, is made from every file's part already.

        (An import on two cores makes it so: each process parses only the files it reads, see
        :func:`.reader.read_bsdata`.)
        """
        self.files = files
        self.shared = shared if shared is not None else Shared.of(files)
        self._drafts: dict[tuple[str, str, Element], _Draft | None] = {}
        self._profiles: dict[Element, ModelProfile] = {}
        self._never: dict[Element, bool] = {}
        self._abilities: dict[tuple[str, str], AbilityRef] = {}
        self._ability_texts: dict[Element, str] = {}
        self._ability_grants: dict[str, list[tuple[int, str | None, str | None]]] = {}
        self._options: dict[tuple[str, str, int, bool, int | None], WargearOption] = {}
        self._weapons: dict[Element, WeaponProfile] = {}
        self._transports: dict[tuple[str, str], TransportCapacity] = {}
        #: Each capacity text's parses, with what each asked of its vocabulary (see :meth:`_parse`).
        self._transport_parses: dict[str, list[tuple[list[Question], TransportCapacity]]] = {}
        self._wargear_cache = WargearCache()
        self._wargear_read: dict[tuple[object, ...], Wargear] = {}
        self._reaches = Reaches()
        #: Drafts by what they read (see :meth:`draft`): the draft, the file and root it was read from, whether it
        #: met a transport.
        self._shared_drafts: dict[tuple[object, ...], tuple[_Draft | None, _File, bool, Element]] = {}

    #: Share drafts between producers and files whose differences they never read (off only to test that).
    share_drafts = True

    def close(self) -> None:
        """Drop the memoised trees so they are freed at once."""
        self.shared.close()
        self._drafts.clear()
        self._wargear_cache.warlords.clear()
        self._shared_drafts.clear()
        self._reaches = Reaches()

    def offered(self, file: _File) -> list[tuple[_File, Element]]:
        """Root entries ``file`` offers: its own, then those of catalogues it imports roots from."""
        by_id = self.shared.by_id
        return [(by_id[i], root) for i in offered_ids(file, by_id, self.shared.parts) for root in by_id[i].roots]

    def draft(self, file: _File, root: Element, producer: _File) -> _Draft | None:
        """The datasheet of a root entry of ``file`` as offered by ``producer`` (its catalogue is the roster's).

        Shared (see :mod:`.reach`) between the producers whose catalogue its conditions do not ask
        about, and between catalogue files whose own ids it never reads (twelve chapters' links to
        one library unit); a draft shared across files takes the root link's id and the file's path.
        """
        key = (producer.id, file.id, root)
        if key in self._drafts:
            return self._drafts[key]
        scope = self.shared.scope_of(file)
        self.shared.homes.setdefault(root, file)
        if not self.share_drafts:
            draft = self._draft(scope, file, root, producer)
            self._drafts[key] = draft
            return draft
        share = self._share_key(scope, file, root, producer)
        known = self._shared_drafts.get(share)
        if known is not None and known[2] and known[1] is not file:
            # A reading that met a transport is kept per file (its text is read with the scope's words).
            known = self._shared_drafts.get((*share, file.id))
        if known is None:
            draft = self._draft(scope, file, root, producer)
            stored = (draft, file, draft is not None and draft.has_transport, root)
            self._shared_drafts.setdefault(share, stored)
            if stored[2]:
                self._shared_drafts[(*share, file.id)] = stored
        else:
            draft = known[0]
            if draft is not None and known[3] is not root:
                draft = _moved(draft, self.shared.raw(known[3]).id, self.shared.raw(root).id, file)
        self._drafts[key] = draft
        return draft

    def _share_key(self, scope: _Scope, file: _File, root: Element, producer: _File) -> tuple[object, ...]:
        """Under what a draft is shared: see :mod:`.reach`."""
        raw = self.shared.raw(root)
        reaches = self._reaches
        if raw.kind == "link":
            target = scope.find(raw.target)
            # (The link's signature is read only where the target lives in another file.)
            if (
                target is not None
                and self.shared.homes.get(target) is not file
                and (signature := reaches.signature(root)) is not None
            ):
                asked = reaches.portable(scope, file, root)
                if asked is not None:
                    catalogue = producer.id if producer.id in asked.catalogues else ""
                    undecided = self._undecided(producer, asked.forced)
                    return ("files", tuple(f.id for f in scope.files[1:]), target, signature, undecided, catalogue)
        catalogue = ""
        forced: tuple[str, ...] = ()
        if self.shared.offered_by.get(file.id, 0) > 1:  # else no other producer ever asks for this key
            if producer.id in reaches.asked(scope.files) and producer.id in reaches.catalogues(scope, root).catalogues:
                catalogue = producer.id
            if reaches.forces(scope.files):
                forced = self._undecided(producer, reaches.catalogues(scope, root).forced)
        return ("root", file.id, root, forced, catalogue)

    def _undecided(self, producer: _File, counted: frozenset[str]) -> tuple[str, ...]:
        """The force-scoped counts among ``counted`` left to the roster in ``producer``'s forces: part of a share key.

        Two producers that leave the same ones undecided (and decide the others as 0) read the same.
        """
        return tuple(sorted(c for c in counted if not self.shared.force_decides(producer.id, c)))

    def _draft(self, scope: _Scope, file: _File, root: Element, producer: _File) -> _Draft | None:
        scope.context = _Context(key=f"{producer.id}:{file.id}:{root.get('id') or id(root)}", catalogue=producer.id)
        try:
            draft = self._make_draft(file, root)
        except ValidationError as exc:  # harden (fuzz): an entry no datasheet can be made of, e.g. with no name
            error = exc.errors()[0]
            field = ".".join(str(part) for part in error["loc"]) or "?"
            entry = (root.get("id") or "?")[:60]
            raise BsDataError(
                file.path,
                Bilingual(
                    fr=f"l'entrée {entry!r} ne peut pas devenir une fiche ({field} : {error['msg']})",
                    en=f"entry {entry!r} cannot become a datasheet ({field}: {error['msg']})",
                ),
            ) from None
        finally:
            scope.context = None
        return draft

    def _make_draft(self, file: _File, root: Element) -> _Draft | None:
        scope = self.shared.scope_of(file)
        raw = self.shared.raw(root)
        link_raw: _Raw | None = None
        link: Element | None = None
        element = root
        if raw.kind == "link":
            target = scope.find(raw.target)
            if target is None:
                self.shared.unresolved(file, raw)
                return None
            link, link_raw, element = root, raw, target
            raw = self.shared.raw(target)
            if raw.kind != "entry":
                return None
        raws: tuple[_Raw, ...] = (raw, link_raw) if link_raw is not None else (raw,)
        role = self._role(scope, raws)
        if role is None:
            return None
        name = (link_raw.display_name if link_raw else "") or raw.name or raw.id
        # "!TY7 Devilfish": a leading "!" only sorts the entry first in BattleScribe.
        name = name.lstrip("! ") or name
        name = " ".join(name.split()) or name  # "Gladiator Valiant ": a stray space, shown in lists and messages
        summary = summarise(scope, element, link)
        if summary.models_max == 0:
            summary = summarise(scope, element, link, loose=True)
        keywords, faction_keywords, legends_category = self._keywords(scope, raws)
        if not keywords:
            # Units of several named models (The Silent King, Rein and Raus) carry keywords on the models.
            for model_raws in model_entries(scope, raw, link_raw):
                more, more_factions, _ = self._keywords(scope, model_raws)
                add_new(keywords, more)
                add_new(faction_keywords, more_factions)
        profiles = [self._model(p) for p in summary.unit_profiles.values()]
        if any(v.strip() == "*" for p in profiles for v in _characteristic_values(p)):
            profiles = self._top_bracket(scope, raw, link_raw, raws, profiles)
        weapons = [self._weapon(p) for p in summary.weapons.values()]
        ability_elements, transport_elements, switches = abilities_and_transports(scope, raw, link_raw)
        if len(transport_elements) > 1:
            # Variants switched by conditions (the Astra Militarum and the Renegades Chimera): keep the ones
            # that are not hidden for this catalogue.
            scope.push(raws)
            try:
                shown = [e for e in transport_elements if hidden_now(scope, e, raws) is not True]
            finally:
                scope.pop()
            transport_elements = _for_faction(shown, scope)
        abilities: list[AbilityRef] = []
        never_holds = False
        seen_names: set[str] = set()
        grants: list[tuple[int, str | None, str | None]] = []
        for element_ in ability_elements:
            if switches.get(element_, (False, ()))[0]:
                continue  # shown only with an option: added once the unit's wargear is known
            ability_name = (element_.get("name") or "").strip()
            if ability_name and ability_name.casefold() not in seen_names:
                seen_names.add(ability_name.casefold())
                ability = self._ability(ability_name, element_)
                abilities.append(ability)
                grants.extend(self._grants(ability))
            if not never_holds and self._never_holds(element_):
                never_holds = True
        profiles = _with_invulnerable(profiles, grants)
        transport = self._transport(scope, transport_elements)
        wounds, most_wounds = _wounds(profiles)
        met: set[tuple[Element, bool, str]] = set(summary.met)
        drafts, wargear_models, kinds_min, kinds_max = kind_drafts(scope, raw, link_raw, element, link, met)
        unit_max = kinds_max if kinds_max is not None else max(1, kinds_min, summary.models_cap)
        kinds, kinds_with_wounds, walked = self._kinds(scope, drafts, profiles, keywords, unit_max)
        if kinds:
            wounds = max(k.wounds for k in kinds)
            most_wounds = max(wounds, most_wounds or 0)
        unit_type, unit_class = unit_type_and_class(keywords, most_wounds or 1)
        models_max: int | None
        if kinds:
            models_min = max(1, kinds_min)
            models_max = unit_max
            has_size = True
        else:
            models_min = summary.models_min
            models_max = summary.models_max
            has_size = models_min >= 1 and models_max is not None
            if models_max == 0 and summary.unit_profiles:
                models_min = models_max = 1  # a "unit" entry with its own profile and no model entries
                has_size = True
            if models_max is None:
                models_max = summary.models_cap  # a model entry without a maximum: count it at its minimum
        if models_min < 1:
            models_min = 1
        # Each kind is clamped on its own (hostile counts): the unit holds at least their sum.
        models_min = max(_bounded(models_min), sum(k.min for k in kinds))
        models_max = max(models_min, _bounded(models_max))
        points = _bounded(summary.price)
        per_model = _bounded(summary.grow) if summary.grow and models_max > models_min else 0
        found_options = dict(summary.options)
        for occurrence in wargear_models:
            # Drones, familiars, bodyguards: bought like wargear, so priced as options of the unit.
            if occurrence.option_id not in found_options:
                scope.push(raws)
                try:
                    bought = summarise(scope, occurrence.element, occurrence.link)
                    price = bought.price
                    met.update(bought.met)
                finally:
                    scope.pop()
                found_options[occurrence.option_id] = _Option(
                    occurrence.option_id, occurrence.name, price, False, occurrence.cap
                )
        wargear, choices, weapons = self._wargear(scope, raws, kinds, walked, wargear_models, models_min, weapons)
        if wargear:
            loadouts = {kind_id: loadout for kind_id, loadout in wargear.loadouts.items() if loadout}
            kinds = [k.model_copy(update={"loadout": loadouts[k.id]}) if k.id in loadouts else k for k in kinds]
        options = [
            self._option(o.id, o.name, _bounded(o.points), o.per_model, _bounded(o.max) if o.max else None)
            for o in found_options.values()
            if _bounded(o.points) > 0
        ]
        granted_abilities: list[AbilityRef] = []
        if switches:
            items = [self._wargear_cache.item(i) for i in wargear.items.values()] if wargear else []
            granting = _granting_ids(items, choices, options)
            for found_option in found_options.values():
                # A linked option answers to its entry's id too ("Death Company Captain" is a link).
                if found_option.entry and _bounded(found_option.points) > 0:
                    granting.setdefault(found_option.entry, []).append(found_option.id)
            abilities, granted_abilities = self._switched(ability_elements, switches, abilities, granting)
        legends = bool(
            _LEGENDS_NAME.search(name)
            or _LEGENDS_NAME.search(raw.name)
            or legends_category
            or raw.legends_hidden
            or (link_raw is not None and link_raw.legends_hidden)
        )
        hidden = raw.hidden or (link_raw is not None and link_raw.hidden) or _blocked(raws)
        identity = _identity(name, keywords)
        # Checked as the data's values (a name, sizes and prices in bounds): decoding copies the lists given.
        sheet = Datasheet.model_validate(
            dict(
                id=raw.id or "draft",
                name=name,
                role=role,
                identity=identity,
                keywords=keywords,
                faction_keywords=faction_keywords,
                min_models=models_min,
                max_models=models_max,
                points=points,
                **({} if kinds else {"points_per_model": per_model}),
                options=options,
                wounds=wounds if wounds is not None else 1,
                unit_type=unit_type,
                unit_class=unit_class,
                profiles=profiles,
                weapons=weapons,
                wargear=[self._wargear_cache.item(i) for i in wargear.items.values()] if wargear else [],
                choices=choices,
                abilities=abilities,
                granted_abilities=granted_abilities,
                transport=transport,
                never_holds_objectives=never_holds,
                legends=legends,
                hidden=hidden,
                source_id=raw.id,
                bs_ids=[raw.id, *([link_raw.id] if link_raw else [])],
                kinds=kinds,
            )
        )
        kept = {m for m, aside, _ in met if aside}
        return _Draft(
            target_id=raw.id,
            link_ids=[link_raw.id] if link_raw else [],
            role=role,
            sheet=sheet,
            has_points=points > 0,
            has_size=has_size,
            has_transport=bool(transport_elements),
            kinds_with_wounds=kinds_with_wounds,
            modifiers_evaluated=len({m for m, _, _ in met} - kept),
            modifiers_kept=len(kept),
            kept_names=sorted({name for m, aside, name in met if aside}),
            path=file.path,
        )

    def _kinds(
        self,
        scope: _Scope,
        drafts: list[_KindDraft],
        profiles: list[ModelProfile],
        keywords: list[str],
        unit_max: int,
    ) -> tuple[list[ModelKind], int, list[tuple[str, bool, list[_Occurrence]]]]:
        """Model kinds from their drafts: the unit's own model first, then leaders, then the rest in data order.

        Also returns how many kinds had their wounds from a profile (the others take the unit's first), and
        each kind's id with its model entries (for its wargear).
        """
        if not drafts:
            return [], 0, []
        read = 0
        fallback = _wounds(profiles)[0]
        by_name = {p.name.casefold(): p for p in profiles}
        taken: set[str] = set()
        found: list[tuple[int, int, ModelKind]] = []
        walked: list[tuple[str, bool, list[_Occurrence]]] = []
        own = set(keywords)
        for order, draft in enumerate(drafts):
            wounds = draft.wounds
            profile_name = draft.profile
            if wounds is None:
                same = by_name.get(draft.name.casefold()) or _closest_profile(draft.name, profiles)
                wounds = _wounds([same])[0] if same is not None else None
                if same is not None and wounds is not None:
                    profile_name = profile_name or same.name
            if wounds is None:
                wounds = fallback if fallback is not None else 1
            else:
                read += 1
            base = slug(draft.name) or "model"
            kind_id = base
            number = 2
            while kind_id in taken:
                kind_id = f"{base}-{number}"
                number += 1
            taken.add(kind_id)
            extra: list[str] = []
            for occurrence in draft.occurrences:
                more, _, _ = self._keywords(scope, occurrence.raws)
                add_new(extra, [k for k in more if k not in own])
            low = _bounded(draft.low)
            # No kind holds more than the unit less the other kinds' minimum.
            room = _bounded(unit_max) - sum(_bounded(other.low) for other in drafts if other is not draft)
            high = _bounded(draft.high) if draft.high is not None else room
            high = max(low, min(high, room))
            kind = ModelKind(
                id=kind_id,
                name=" ".join(draft.name.split()) or kind_id,
                min=low,
                max=high,
                wounds=_bounded(wounds),
                points=_bounded(draft.price) if high > low else 0,
                profile=profile_name,
                keywords=extra,
                bs_ids=draft.bs_ids,
            )
            rank = 0 if draft.is_self else (1 if low == high == 1 else 2)
            found.append((rank, order, kind))
            walked.append((kind_id, draft.is_self, draft.occurrences))
        found.sort(key=lambda item: (item[0], item[1]))
        return [kind for _, _, kind in found], read, walked

    def _role(self, scope: _Scope, raws: Sequence[_Raw]) -> Role | None:
        """The role from the link's primary category, else the entry's, else a set-primary modifier."""
        for raw in reversed(raws):  # the link (last) first
            for target, primary in raw.categories:
                if primary:
                    return ROLE_BY_CATEGORY.get(scope.categories.get(target, "").strip().casefold())
        for raw in reversed(raws):
            if raw.primary_modifier:
                return ROLE_BY_CATEGORY.get(scope.categories.get(raw.primary_modifier, "").strip().casefold())
        return None

    def _keywords(self, scope: _Scope, raws: Sequence[_Raw]) -> tuple[list[str], list[str], bool]:
        """Keywords and faction keywords (upper case, "Faction: " dropped, placeholders kept)."""
        removed = {target for raw in raws for target in raw.remove_categories}
        targets: list[str] = []
        for raw in raws:
            targets.extend(target for target, _ in raw.categories)
            targets.extend(raw.add_categories)
        keywords: list[str] = []
        factions: list[str] = []
        legends = False
        for target in targets:
            if target in removed:
                continue
            kind, value = scope.category_kind(target)
            if kind == "keyword":
                if value not in keywords:
                    keywords.append(value)
            elif kind == "faction":
                if value not in factions:
                    factions.append(value)
            elif kind == "legends":
                legends = True
        return _ordered_keywords(keywords), factions, legends

    def _ability(self, name: str, element: Element) -> AbilityRef:
        """One shared (validated once) ability reference per name and text: thousands of datasheets repeat them.

        The data's text is English: it goes to ``text_en`` only, ``text`` (our French) stays empty, so a
        French reader sees the English text (``AbilityRef.summary`` falls back to it) unless the glossary
        has the ability in French, and nothing takes the data's words for a French summary.
        """
        text = self._ability_texts.get(element)
        if text is None:
            text = self._ability_texts[element] = ability_text(element)
        key = (name, text)
        known = self._abilities.get(key)
        if known is None:
            known = self._abilities[key] = AbilityRef(name=name, text_en=text or None)
        return known

    def _switched(
        self,
        elements: list[Element],
        switches: Switches,
        abilities: list[AbilityRef],
        granting: dict[str, list[str]],
    ) -> tuple[list[AbilityRef], list[AbilityRef]]:
        """The datasheet's abilities, some marked as gone with an option, and those only an option grants.

        The entries that switch an ability are matched to the datasheet's wargear
        items, choice groups (all their items) and options; an ability no entry of
        the unit switches is as the minimum configuration reads it (a granted one
        left out). A granted ability of the same name as one always shown is that one.
        """
        result = list(abilities)
        index = {a.name.casefold(): i for i, a in enumerate(result)}
        first: dict[str, Element] = {}  # the element each ability always shown was read from
        for element in elements:
            if not switches.get(element, (False, ()))[0]:
                first.setdefault((element.get("name") or "").strip().casefold(), element)
        granted: dict[str, AbilityRef] = {}
        for element in elements:
            switch = switches.get(element)
            name = (element.get("name") or "").strip()
            if switch is None or not name:
                continue
            mapped = list(dict.fromkeys(g for i in switch[1] for g in granting.get(i, ())))
            if not mapped:
                continue
            key = name.casefold()
            at = index.get(key)
            if switch[0]:
                known = granted.get(key)
                if at is not None:
                    continue
                if known is None:
                    granted[key] = self._ability(name, element).model_copy(update={"granted_by": mapped})
                else:
                    more = [g for g in mapped if g not in known.granted_by]
                    granted[key] = known.model_copy(update={"granted_by": [*known.granted_by, *more]})
            elif at is not None and first.get(key) is element and not result[at].removed_by:
                result[at] = result[at].model_copy(update={"removed_by": mapped})
        return result, list(granted.values())

    def _grants(self, ability: AbilityRef) -> list[tuple[int, str | None, str | None]]:
        """The invulnerable saves an ability's text gives (memoised per text)."""
        text = ability.text_en or ""
        known = self._ability_grants.get(text)
        if known is None:
            known = self._ability_grants[text] = invulnerable_grants(text) if "nvulner" in text else []
        return known

    def _wargear(
        self,
        scope: _Scope,
        raws: tuple[_Raw, ...],
        kinds: list[ModelKind],
        walked: list[tuple[str, bool, list[_Occurrence]]],
        wargear_models: list[_Occurrence],
        models_min: int,
        weapons: list[WeaponProfile],
    ) -> tuple[Wargear | None, list[WargearGroup], list[WeaponProfile]]:
        """Items, choices and loadouts (see :mod:`.wargear`); the weapons without those of hidden entries, once each."""
        found: Wargear | None = None
        if walked:
            # Twelve chapters offer one library unit: read once, again per catalogue only when a condition
            # asked which catalogue is being read (another chapter's relic).
            memo = (id(scope), raws, tuple(k.id for k in kinds), models_min)
            catalogue = scope.context.catalogue if scope.context is not None else ""
            found = self._wargear_read.get(memo) or self._wargear_read.get((*memo, catalogue))
            if found is None:
                asked = scope.shared.catalogue_asked
                found = read_wargear(scope, raws, walked, wargear_models, models_min, self._wargear_cache)
                by_catalogue = scope.shared.catalogue_asked != asked
                self._wargear_read[(*memo, catalogue) if by_catalogue else memo] = found
        kept: list[WeaponProfile] = []
        seen: set[str] = set()
        shown = {w for item in found.items.values() for w in item.weapons} if found else set()
        hidden: set[str] = (found.hidden_weapons - shown) if found else set()
        for weapon in weapons:
            key = " ".join(weapon.name.split()).casefold()
            if key in seen or weapon.name in hidden:
                continue
            seen.add(key)
            kept.append(weapon)
        if found is None:
            return None, [], kept
        return found, list(found.groups), kept

    def _top_bracket(
        self,
        scope: _Scope,
        raw: _Raw,
        link_raw: _Raw | None,
        raws: tuple[_Raw, ...],
        profiles: list[ModelProfile],
    ) -> list[ModelProfile]:
        """Profiles whose "*" (M, BS, A…) take the top row of their damage table (MAC HAMMER 40K has none).

        The table is the one named like the profile (else the only one); a "*" no table gives stays.
        Brackets written as model profiles of their own ("Coronus Grav-Carrier 1 (9-18 wounds)") fill
        the "*" first and are not kept. The table is looked for on the unit, its models and their
        "Stat Damage" entries; only for a "*" that finds none there, deeper down (a model under an
        upgrade, as the Hydra under its platform).
        """
        profiles = fold_bracket_profiles(profiles)
        if not any(_starred(p) for p in profiles):
            return profiles
        found: list[Element] = []
        for owner in [raws, *model_entries(scope, raw, link_raw)]:
            found.extend(scope.profiles_of(owner))
            # The table may be an entry of its own under the unit ("Stat Damage (Chimera)").
            entries, _ = scope.children(owner[0], owner[1] if len(owner) > 1 else None)
            for child in entries:
                if child.raw.not_model:
                    child_raws = (child.raw, child.link_raw) if child.link_raw is not None else (child.raw,)
                    found.extend(scope.profiles_of(child_raws))
        profiles = _fill_stars(profiles, top_bracket(found))
        if any(_starred(p) for p in profiles):
            profiles = _fill_stars(profiles, top_bracket(_nested_profiles(scope, raw, link_raw)))
        return profiles

    def _option(self, option_id: str, name: str, points: int, per_model: bool, most: int | None) -> WargearOption:
        """One shared (validated once) option per value: chapters repeat their library's options."""
        key = (option_id, name, points, per_model, most)
        known = self._options.get(key)
        if known is None:
            known = WargearOption(id=option_id, name=name, points=points, per_model=per_model, max=most)
            self._options[key] = known
        return known

    def _never_holds(self, element: Element) -> bool:
        """Whether an ability says the unit cannot hold objectives (memoised: abilities are shared)."""
        known = self._never.get(element)
        if known is None:
            known = _NEVER_OBJECTIVES.search(_text_of(element)) is not None
            self._never[element] = known
        return known

    def _model(self, profile: Element) -> ModelProfile:
        known = self._profiles.get(profile)
        if known is None:
            known = _model_profile(profile)
            self._profiles[profile] = known
        return known

    def _weapon(self, profile: Element) -> WeaponProfile:
        known = self._weapons.get(profile)
        if known is None:
            known = _weapon_profile(profile)
            self._weapons[profile] = known
        return known

    def _parse(self, text: str, vocabulary: Vocabulary) -> TransportCapacity:
        """A capacity text parsed, or the parse of an earlier vocabulary that answers what it asked alike.

        The chapters each read their library's transports with the words of their own scope, which differ
        only in names those texts never ask about.
        """
        parses = self._transport_parses.setdefault(text, [])
        for asked, parsed in parses:
            if answers_alike(asked, vocabulary):
                return parsed
        asking = AskedVocabulary(vocabulary)
        parsed = parse_transport(text, asking)
        parses.append((asking.asked, parsed))
        return parsed

    def _transport(self, scope: _Scope, profiles: list[Element]) -> TransportCapacity | None:
        texts: list[str] = []
        for profile in profiles:
            values = _characteristics(profile)
            text = values.get("Capacity") or values.get("Description") or ""
            if text.strip() and text.strip() not in texts:
                texts.append(text.strip())
        if not texts:
            return None

        def read(text: str) -> TransportCapacity:
            key = (scope.owner.id, text)
            known = self._transports.get(key)
            if known is None:
                known = self._transports[key] = self._parse(text, scope.vocabulary)
            return known

        if len(texts) > 1:
            # A Transport profile that gives no load (the Anathema Psykana Rhino's "Do not follow a Detachment's
            # normal rules for Battlefield Role slots…" beside its capacity) is not a capacity: the others are.
            texts = [text for text in texts if read(text).capacity is not None] or texts
        parsed = read(texts[0])
        if len(texts) > 1 and parsed.verified:
            # Several capacities (variants switched by conditions Ost cannot evaluate): keep the first, unverified.
            parsed = parsed.model_copy(update={"verified": False, "text": " / ".join(texts)})
        return parsed


def _moved(draft: _Draft, old: str, new: str, file: _File) -> _Draft:
    """A draft shared from another root link (see :mod:`.reach`): its link id and file are the new link's.

    The reach proved nothing in the reading refers to the link's id: it is only where the draft names it
    (the datasheet's and its own model's BattleScribe ids).
    """

    def swap(ids: list[str]) -> list[str]:
        return [new if i == old else i for i in ids]

    sheet = draft.sheet
    update: dict[str, object] = {"bs_ids": swap(sheet.bs_ids)}
    if any(old in k.bs_ids for k in sheet.kinds):
        update["kinds"] = [
            k.model_copy(update={"bs_ids": swap(k.bs_ids)}) if old in k.bs_ids else k for k in sheet.kinds
        ]
    sheet = sheet.model_copy(update=update)
    return dataclasses.replace(draft, sheet=sheet, link_ids=swap(draft.link_ids), path=file.path)


def _granting_ids(
    items: list[WargearItem], choices: list[WargearGroup], options: list[WargearOption]
) -> dict[str, list[str]]:
    """BattleScribe id -> the datasheet's ids a unit takes it as: wargear items, a group's items, an option."""
    found: dict[str, list[str]] = {}
    for item in items:
        for bs_id in item.bs_ids or [item.id]:
            found.setdefault(bs_id, []).append(item.id)
    for group in choices:
        for bs_id in group.bs_ids or [group.id]:
            found.setdefault(bs_id, []).extend(group.items)
    for option in options:
        found.setdefault(option.id, []).append(option.id)
    return found


def _starred(profile: ModelProfile) -> list[str]:
    """The fields (in profile order) where ``profile`` says "*"."""
    return [f for f in _STAT_FIELDS if getattr(profile, f).strip() == "*"]


def _fill_stars(profiles: list[ModelProfile], tables: dict[str, Bracket]) -> list[ModelProfile]:
    """Each profile's "*" filled from the table named like it (or near it, or the only one)."""
    if not tables:
        return profiles
    result: list[ModelProfile] = []
    for profile in profiles:
        starred = _starred(profile)
        key = profile.name.strip().casefold()
        table = tables.get(key)
        if table is None:
            near = [t for name, t in tables.items() if name.startswith(key) or key.startswith(name)]
            table = near[0] if len(near) == 1 else (next(iter(tables.values())) if len(tables) == 1 else None)
        update = table.fill(starred) if table is not None and starred else {}
        result.append(profile.model_copy(update=update) if update else profile)
    return result


def _nested_profiles(
    scope: _Scope, raw: _Raw, link_raw: _Raw | None, depth: int = 0, seen: set[tuple[int, int]] | None = None
) -> list[Element]:
    """Profiles of every shown entry and group under a unit, a few levels down, each walked once."""
    seen = set() if seen is None else seen
    found: list[Element] = []
    if depth > 4:
        return found
    entries, groups = scope.children(raw, link_raw)
    for child in [*entries, *groups]:
        key = (id(child.raw), id(child.link_raw))
        if child.hidden or key in seen:
            continue
        seen.add(key)
        found.extend(scope.profiles_of((child.raw, child.link_raw) if child.link_raw is not None else (child.raw,)))
        found.extend(_nested_profiles(scope, child.raw, child.link_raw, depth + 1, seen))
    return found


_STAT_FIELDS = ("m", "ws", "bs", "s", "t", "a", "ld", "sv")  # a profile's order, for a table's numbered columns


def _characteristic_values(profile: ModelProfile) -> tuple[str, ...]:
    return tuple(getattr(profile, f) for f in _STAT_FIELDS)


def _with_invulnerable(
    profiles: list[ModelProfile], grants: list[tuple[int, str | None, str | None]]
) -> list[ModelProfile]:
    """The model profiles with an ``Inv`` column: the save the datasheet's abilities give each (see docs).

    Every profile of an imported datasheet gets the column, "-" when no ability gives it a save, so the
    presenter takes the importer's reading and does not search the English texts again (an aura's save
    is the aura's targets', not the model's). A grant naming a model ("This unit's RIPTIDE model") goes to
    the profiles of that name, else (the name is the unit's: "Mortarion has…") to every profile.
    """
    if not profiles:
        return profiles
    given: dict[int, list[tuple[int, str | None]]] = {i: [] for i in range(len(profiles))}
    named: set[int] = set()
    others: list[tuple[int, str | None]] = []
    for value, against, who in grants:
        if who == "*others":
            others.append((value, against))
            continue
        targets = range(len(profiles)) if who is None else _profiles_named(who, profiles)
        if who is not None and len(targets) < len(profiles):
            named.update(targets)
        for index in targets:
            given[index].append((value, against))
    for index in given:
        if index not in named:
            given[index].extend(others)
    result: list[ModelProfile] = []
    for index, profile in enumerate(profiles):
        column = invulnerable_column(given[index])
        result.append(profile.model_copy(update={"extra": {**profile.extra, "Inv": column}}))
    return result


def _profiles_named(who: str, profiles: list[ModelProfile]) -> list[int]:
    """Indexes of the profiles a grant names ("Khymerae", "Theyn"), all of them when none has that name."""
    wanted = set(_words(who))
    labels = [set(_words(profile.name)) for profile in profiles]
    holding = [i for i, label in enumerate(labels) if wanted and wanted <= label]
    if holding:
        return holding  # "Bearer Captain": not the Bearer
    held = [i for i, label in enumerate(labels) if label and label <= wanted]
    return held or list(range(len(profiles)))


def _ordered_keywords(keywords: list[str]) -> list[str]:
    """Unit-type keywords first, the rest in the data's order."""
    first = ("INFANTRY", "CAVALRY", "BIKER", "BEAST", "BEASTS", "SWARM", "VEHICLE", "MONSTER", "AIRCRAFT", "BUILDING")
    return [k for k in keywords if k in first] + [k for k in keywords if k not in first]


def _identity(name: str, keywords: list[str]) -> str:
    """The keyword naming the datasheet (its identity), else the name without "[Legends]"."""
    bare = _LEGENDS_NAME.sub("", name).strip()
    key = " ".join(bare.split()).casefold()
    for keyword in keywords:
        if keyword.casefold() == key:
            return keyword
    return " ".join(bare.split()).upper() or name.upper()
