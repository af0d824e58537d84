"""The army's make-up (seed 000, COMPOSITION D'ARMÉE): band, points, unit sizes, detachments, roles and caps."""

from __future__ import annotations

from collections import defaultdict

from ost.core.armylist import Unit, unfilled_placeholders, unit_composition
from ost.core.catalogue import Band, Datasheet
from ost.core.findings import Code, Finding
from ost.core.i18n import Bilingual
from ost.core.roles import Role
from ost.core.subfactions import placeholder_hint
from ost.core.text import fold, keyword_key
from ost.core.validator.context import Context, Entry, found
from ost.core.validator.report import RoleCount
from ost.core.validator.words import FIX_NAMES, band_text, detachment_name, either, names, plural

#: Roles the band table gives a minimum and maximum for.
COUNTED_ROLES: tuple[Role, ...] = (
    Role.HQ,
    Role.TROOPS,
    Role.ELITES,
    Role.FAST_ATTACK,
    Role.HEAVY_SUPPORT,
    Role.FLYER,
    Role.FORTIFICATION,
    Role.LORD_OF_WAR,
    Role.DEDICATED_TRANSPORT,
)

#: Per non-empty detachment: the faction keywords its units share and its placeholder values.
Joinable = list[tuple[frozenset[str], dict[str, frozenset[str]]]]


# -- points and band ----------------------------------------------------------


def check_band(ctx: Context) -> list[Finding]:
    """BAND-NONE when the limit (or the total) is outside the table."""
    if ctx.band is not None:
        return []
    basis = ctx.basis
    table = ctx.catalogue.bands
    lo, hi = table.points_min, table.points_max
    if ctx.army.points_limit is not None:
        text = Bilingual(
            fr=f"Aucune tranche de points : la limite de {basis} points est hors du tableau ({lo}–{hi}).",
            en=f"No points band: the limit of {basis} points is outside the table ({lo}–{hi}).",
        )
    else:
        text = Bilingual(
            fr=f"Aucune tranche de points : la liste n'a pas de limite et son total de {basis} points "
            f"est hors du tableau ({lo}–{hi}).",
            en=f"No points band: the list has no limit and its total of {basis} points "
            f"is outside the table ({lo}–{hi}).",
        )
    text += Bilingual(
        fr=" Effectifs par rôle et détachements non vérifiés.",
        en=" Role counts and detachments were not checked.",
    )
    fix = Bilingual(
        fr=f"Donnez à la liste une limite de points entre {lo} et {hi} (la taille de la partie).",
        en=f"Give the list a points limit between {lo} and {hi} (the game size).",
    )
    return [found(Code.BAND_NONE, text, (), fix)]


def check_points(ctx: Context) -> list[Finding]:
    """POINTS-OVER when the total is above the declared limit."""
    limit = ctx.army.points_limit
    if limit is None or ctx.total <= limit:
        return []
    over = ctx.total - limit
    return [
        found(
            Code.POINTS_OVER,
            Bilingual(
                fr=f"Total de {ctx.total} points pour une limite de {limit} points ({over} de trop).",
                en=f"Total of {ctx.total} points for a limit of {limit} points ({over} too many).",
            ),
            (),
            Bilingual(
                fr=f"Retirez au moins {over} points (unités, figurines ou options), ou relevez la limite.",
                en=f"Remove at least {over} points (units, models or options), or raise the limit.",
            ),
        )
    ]


# -- units ----------------------------------------------------------------------


def check_units(ctx: Context) -> list[Finding]:
    """Unknown datasheets, model counts (per unit and per kind), options and unset placeholders."""
    findings: list[Finding] = []
    unset: dict[str, list[Entry]] = {}
    for entry in ctx.entries:
        unit, sheet = entry.unit, entry.sheet
        if sheet is None:
            findings.append(
                found(
                    Code.UNIT_UNKNOWN,
                    Bilingual(
                        fr=f"{entry.name} : la fiche « {unit.datasheet} » est absente du catalogue ; "
                        f"Ost utilise ce que le fichier en dit ({unit.snapshot.role.label_fr}, "
                        f"{unit.snapshot.points} points).",
                        en=f"{entry.name_en}: datasheet “{unit.datasheet}” is not in the catalogue; "
                        f"Ost uses what the file says of it ({unit.snapshot.role.label_en}, "
                        f"{unit.snapshot.points} points).",
                    ),
                    [entry],
                    _unknown_fix(ctx, unit),
                )
            )
            lo, hi = unit.snapshot.min_models, unit.snapshot.max_models
        else:
            lo, hi = sheet.min_models, sheet.max_models
            findings.extend(_check_options(entry, sheet))
        if lo is not None and unit.models < lo:
            findings.append(
                found(
                    Code.UNIT_UNDER,
                    Bilingual(
                        fr=f"{entry.name} : {unit.models} {plural(unit.models, 'figurine', 'figurines')}, "
                        f"minimum {lo} (unité en sous-effectif interdite).",
                        en=f"{entry.name_en}: {unit.models} {plural(unit.models, 'model', 'models')}, "
                        f"minimum {lo} (understrength units are not allowed).",
                    ),
                    [entry],
                    Bilingual(
                        fr=f"Portez {entry.name} à {lo} figurines au moins.",
                        en=f"Bring {entry.name_en} up to at least {lo} models.",
                    ),
                )
            )
        if hi is not None and unit.models > hi:
            findings.append(
                found(
                    Code.UNIT_OVER,
                    Bilingual(
                        fr=f"{entry.name} : {unit.models} figurines, maximum {hi}.",
                        en=f"{entry.name_en}: {unit.models} models, maximum {hi}.",
                    ),
                    [entry],
                    Bilingual(
                        fr=f"Ramenez {entry.name} à {hi} figurines, ou prenez une seconde unité.",
                        en=f"Bring {entry.name_en} down to {hi} models, or take a second unit.",
                    ),
                )
            )
        if sheet is not None and unit.composition and len(sheet.kinds) > 1:
            findings.extend(_check_kinds(entry, sheet))
        for placeholder in unfilled_placeholders(unit, sheet):
            unset.setdefault(placeholder.upper(), []).append(entry)
    for placeholder, entries in unset.items():
        findings.append(_placeholder_unset(placeholder, entries))
    return findings


def _placeholder_unset(placeholder: str, entries: list[Entry]) -> Finding:
    """One finding per keyword: a roster that never names its chapter would otherwise give one per unit."""
    example = placeholder_hint(placeholder)
    if len(entries) == 1:
        fr_who, en_who = f"{entries[0].name} :", f"{entries[0].name_en}:"
        fr_verb = "n'a pas de valeur ; il ne compte"
        en_verb = "has no value"
    else:
        fr_who, en_who = f"{names(entries)} —", f"{names(entries, 'en')} —"
        fr_verb = f"n'a pas de valeur pour ces {len(entries)} unités ; il ne compte"
        en_verb = f"has no value for these {len(entries)} units"
    return found(
        Code.PLACEHOLDER_UNSET,
        Bilingual(
            fr=f"{fr_who} le mot-clef {placeholder} {fr_verb} pas pour les mots-clefs de faction.",
            en=f"{en_who} keyword {placeholder} {en_verb}; it does not count as a faction keyword.",
        ),
        entries,
        Bilingual(
            fr=f"Donnez une valeur à {placeholder} dans la fiche de chaque unité ({example.fr}).",
            en=f"Give {placeholder} a value in each unit's form ({example.en}).",
        ),
    )


def _check_kinds(entry: Entry, sheet: Datasheet) -> list[Finding]:
    """Each kind of model within its own limits (1 Boss Nob at most, 4 to 9 Marines…)."""
    findings: list[Finding] = []
    counts = unit_composition(entry.unit, sheet)
    for kind in sheet.kinds:
        n = counts.get(kind.id, 0)
        if n < kind.min:
            findings.append(
                found(
                    Code.UNIT_UNDER,
                    Bilingual(
                        fr=f"{entry.name} : {n} × {kind.name}, minimum {kind.min}.",
                        en=f"{entry.name_en}: {n} × {kind.label('en')}, minimum {kind.min}.",
                    ),
                    [entry],
                    Bilingual(
                        fr=f"Prenez au moins {kind.min} × {kind.name}.",
                        en=f"Take at least {kind.min} × {kind.label('en')}.",
                    ),
                )
            )
        elif n > kind.max:
            findings.append(
                found(
                    Code.UNIT_OVER,
                    Bilingual(
                        fr=f"{entry.name} : {n} × {kind.name}, maximum {kind.max}.",
                        en=f"{entry.name_en}: {n} × {kind.label('en')}, maximum {kind.max}.",
                    ),
                    [entry],
                    Bilingual(
                        fr=f"Prenez au plus {kind.max} × {kind.name}.",
                        en=f"Take at most {kind.max} × {kind.label('en')}.",
                    ),
                )
            )
    return findings


def _check_options(entry: Entry, sheet: Datasheet) -> list[Finding]:
    """Options the datasheet has, taken a sensible number of times (UNIT-OPTION)."""
    findings: list[Finding] = []
    known = sheet.option_map
    for option_id, count in entry.unit.options.items():
        option = known.get(option_id)
        if count < 0:
            findings.append(
                found(
                    Code.UNIT_OPTION,
                    Bilingual(
                        fr=f"{entry.name} : option « {option_id} » prise {count} fois ; un nombre négatif n'a pas "
                        f"de sens.",
                        en=f"{entry.name_en}: option “{option_id}” taken {count} times; "
                        f"a negative count makes no sense.",
                    ),
                    [entry],
                    Bilingual(fr="Retirez cette option.", en="Remove this option."),
                )
            )
            continue
        if option is None:
            findings.append(
                found(
                    Code.UNIT_OPTION,
                    Bilingual(
                        fr=f"{entry.name} : l'option « {option_id} » n'existe pas pour {sheet.name}.",
                        en=f"{entry.name_en}: option “{option_id}” does not exist for {sheet.label('en')}.",
                    ),
                    [entry],
                    Bilingual(
                        fr=f"Retirez cette option, ou choisissez une option de la fiche {sheet.name}.",
                        en=f"Remove this option, or choose one of {sheet.label('en')}'s options.",
                    ),
                )
            )
            continue
        cap = option.max if option.max is not None else (entry.unit.models if option.per_model else None)
        if cap is not None and count > cap:
            findings.append(
                found(
                    Code.UNIT_OPTION,
                    Bilingual(
                        fr=f"{entry.name} : option « {option.name} » prise {count} fois, maximum {cap}.",
                        en=f"{entry.name_en}: option “{option.name}” taken {count} times, maximum {cap}.",
                    ),
                    [entry],
                    Bilingual(
                        fr=f"Prenez « {option.name} » {cap} fois au plus.",
                        en=f"Take “{option.name}” at most {cap} times.",
                    ),
                )
            )
    return findings


def _unknown_fix(ctx: Context, unit: Unit) -> Bilingual:
    """How to replace a unit whose datasheet is not in the catalogue.

    A roster's unit read before its BattleScribe data was imported keeps
    the entry's id (``bs:<id>``): when the catalogue holds that entry now,
    the fix names the datasheet to take.
    """
    bs_id = unit.datasheet[3:] if unit.datasheet.startswith("bs:") else ""
    known = ctx.catalogue.by_bs_id(bs_id, enabled=True) if bs_id else None
    if known is not None:
        return Bilingual(
            fr=f"Remplacez-la par « {known.name} » ({known.id}), la fiche du catalogue pour cette entrée "
            f"BattleScribe, ou relisez le roster.",
            en=f"Replace it with “{known.label('en')}” ({known.id}), the catalogue's datasheet for this BattleScribe "
            f"entry, or read the roster again.",
        )
    return Bilingual(
        fr="Remplacez-la par une fiche du catalogue, ou importez les données BattleScribe qui la "
        "contiennent (Catalogue ▸ Importer).",
        en="Replace it with a catalogue datasheet, or import the BattleScribe data that holds it (Catalogue ▸ Import).",
    )


# -- detachments ----------------------------------------------------------------


def check_detachments(ctx: Context) -> list[Finding]:
    """Empty detachments, detachments whose units share no faction keyword, too many detachments."""
    findings: list[Finding] = []
    for index, detachment in enumerate(ctx.army.detachments):
        label = detachment_name(detachment, index)
        if not detachment.units:
            findings.append(
                found(
                    Code.DET_EMPTY,
                    Bilingual(
                        fr=f"Le détachement {label.fr} n'a aucune unité : il n'est pas compté.",
                        en=f"Detachment {label.en} has no unit: it is not counted.",
                    ),
                    (),
                    Bilingual(
                        fr="Supprimez ce détachement ou ajoutez-y des unités.",
                        en="Delete this detachment or add units to it.",
                    ),
                )
            )
            continue
        # Unaligned units (fortifications) join any detachment: they are left out of the comparison.
        aligned = [e for e in ctx.members(detachment) if e.aligned]
        if len(aligned) < 2:
            continue  # nothing to compare
        common = frozenset.intersection(*(e.faction_keys for e in aligned))
        if not common:
            groups = Bilingual.join("; ", [_faction_words(e) for e in aligned])
            findings.append(
                found(
                    Code.DET_FACTION,
                    Bilingual(
                        fr=f"Les unités du détachement {label.fr} n'ont aucun mot-clef de faction en commun "
                        f"({groups.fr}).",
                        en=f"The units of detachment {label.en} share no faction keyword ({groups.en}).",
                    ),
                    aligned,
                    Bilingual(
                        fr="Placez les unités de factions différentes dans des détachements séparés.",
                        en="Put units of different factions in separate detachments.",
                    ),
                )
            )
    band = ctx.band
    if band is not None and len(ctx.non_empty) > band.max_detachments:
        n, most = len(ctx.non_empty), band.max_detachments
        at = band_text(band)
        findings.append(
            found(
                Code.DET_MAX,
                Bilingual(
                    fr=f"{n} détachements, maximum {most} {at.fr}.", en=f"{n} detachments, maximum {most} {at.en}."
                ),
                (),
                Bilingual(
                    fr=f"Regroupez les unités en {most} détachement(s) au plus, ou relevez la limite de points.",
                    en=f"Regroup the units into at most {most} detachment(s), or raise the points limit.",
                ),
            )
        )
    return findings


def _faction_words(entry: Entry) -> Bilingual:
    """A unit and its faction keywords ("Boyz : ORKS, GOFFS"), or its unset placeholders when it has no other."""
    if entry.faction_keys:
        keys = ", ".join(sorted(entry.faction_keys))
        return Bilingual(fr=f"{entry.name} : {keys}", en=f"{entry.name_en}: {keys}")
    unset = ", ".join(p.upper() for p in unfilled_placeholders(entry.unit, entry.sheet))
    return Bilingual(fr=f"{entry.name} : {unset} sans valeur", en=f"{entry.name_en}: {unset} with no value")


def _joinable(ctx: Context) -> Joinable:
    """Per non-empty detachment: the faction keywords its units share and its placeholder values.

    Detachments of unaligned units only, or whose units share nothing (already
    DET-FACTION), admit no aligned datasheet in particular and are left out
    (unaligned datasheets join any detachment: see :func:`_available`).
    """
    result: Joinable = []
    for detachment in ctx.non_empty:
        members = ctx.members(detachment)
        sets = [e.faction_keys for e in members if e.aligned]
        if not sets:
            continue
        common = frozenset.intersection(*sets)
        if not common:
            continue
        values: dict[str, set[str]] = defaultdict(set)
        for entry in members:
            for key, value in entry.unit.placeholders.items():
                if value.strip():
                    values[keyword_key(key)].add(keyword_key(value))
        result.append((common, {k: frozenset(v) for k, v in values.items()}))
    return result


def _available(ctx: Context, role: Role, joinable: Joinable) -> dict[str, list[str]]:
    """Identities of ``role`` that could join one of the list's detachments as it stands (SPEC §3)."""
    result: dict[str, list[str]] = {}
    # Unaligned datasheets could join any detachment: they are available as soon as the list has one.
    questions: list[tuple[frozenset[str] | None, dict[str, frozenset[str]]]] = [*joinable]
    if ctx.non_empty:
        questions.append((None, {}))
    for common, values in questions:
        found_here = ctx.catalogue.identities_joining(
            role, common, values, include_legends=ctx.options.legends_available
        )
        for identity, sheet_names in found_here.items():
            known = result.setdefault(identity, [])
            known.extend(n for n in sheet_names if n not in known)
    return result


# -- roles ----------------------------------------------------------------------


def _by_role(ctx: Context) -> dict[Role, list[Entry]]:
    by_role: dict[Role, list[Entry]] = defaultdict(list)
    for entry in ctx.entries:
        by_role[entry.role].append(entry)
    return by_role


def role_counts(ctx: Context) -> list[RoleCount]:
    """Units of each counted role against the band's limits (the band table a sheet prints)."""
    by_role = _by_role(ctx)
    counts: list[RoleCount] = []
    for role in COUNTED_ROLES:
        limit = ctx.band.limit(role) if ctx.band else None
        counts.append(
            RoleCount(
                role=role,
                count=len(by_role.get(role, [])),
                min=limit.min if limit else None,
                max=limit.max if limit else None,
                per_sheet=limit.per_sheet if limit else None,
            )
        )
    return counts


def check_roles(ctx: Context) -> list[Finding]:
    """Role counts within the band's min–max, and per-datasheet caps with the exhaustion exception."""
    band = ctx.band
    if band is None:
        return []
    findings: list[Finding] = []
    by_role = _by_role(ctx)
    at = band_text(band)
    joinable: Joinable | None = None
    for role in COUNTED_ROLES:
        entries = by_role.get(role, [])
        limit = band.limit(role)
        n = len(entries)
        label_fr, label_en = role.label_fr, role.label_en
        if n < limit.min:
            missing = limit.min - n
            findings.append(
                found(
                    Code.ROLE_MIN,
                    Bilingual(
                        fr=f"{n} {plural(n, 'unité', 'unités')} {label_fr}, minimum {limit.min} {at.fr}.",
                        en=f"{n} {label_en} {plural(n, 'unit', 'units')}, minimum {limit.min} {at.en}.",
                    ),
                    (),  # no unit is at fault: the missing ones are
                    Bilingual(
                        fr=f"Ajoutez {missing} unité(s) {label_fr}.",
                        en=f"Add {missing} {label_en} {plural(missing, 'unit', 'units')}.",
                    ),
                )
            )
        if limit.max is not None and n > limit.max:
            extra = n - limit.max
            findings.append(
                found(
                    Code.ROLE_MAX,
                    Bilingual(
                        fr=f"{n} unités {label_fr}, maximum {limit.max} {at.fr} : {names(entries)}.",
                        en=f"{n} {label_en} units, maximum {limit.max} {at.en}: {names(entries, 'en')}.",
                    ),
                    entries,
                    Bilingual(
                        fr=f"Retirez {extra} unité(s) {label_fr}, ou relevez la limite de points.",
                        en=f"Remove {extra} {label_en} {plural(extra, 'unit', 'units')}, or raise the points limit.",
                    ),
                )
            )
        if limit.per_sheet is None:
            continue
        per_identity: dict[str, list[Entry]] = defaultdict(list)
        for entry in entries:
            per_identity[entry.identity].append(entry)
        for identity, group in per_identity.items():
            if len(group) <= limit.per_sheet:
                continue
            if joinable is None:
                joinable = _joinable(ctx)
            available = _available(ctx, role, joinable)
            unused = sorted(
                (
                    name
                    for other, sheet_names in available.items()
                    if other != identity and other not in per_identity
                    for name in sheet_names[:1]
                ),
                key=_alphabetical,
            )
            if not unused:
                continue  # exhaustion exception: every other datasheet is used
            findings.append(_sheet_max(ctx, role, band, group, limit.per_sheet, unused))
    return findings


def _alphabetical(name: str) -> tuple[str, str]:
    """A name's place in a list a player reads: "Éclaireurs" among the E, not after Z."""
    return fold(name), name


def _english_names(ctx: Context, names: list[str]) -> list[str]:
    """Datasheet names (as :meth:`Catalogue.identities_joining` gives them) in English, for English messages."""
    memo = ctx.catalogue.memo("english-sheet-names")
    if not memo:
        for sheet in ctx.catalogue:
            memo.setdefault(sheet.name, sheet.label("en"))
    return [memo.get(name, name) for name in names]


def _sheet_max(ctx: Context, role: Role, band: Band, group: list[Entry], cap: int, unused: list[str]) -> Finding:
    n = len(group)
    titles = {
        Bilingual(fr=e.sheet.name, en=e.sheet.label("en")) if e.sheet else Bilingual.same(e.unit.snapshot.name)
        for e in group
    }
    title = Bilingual(fr=" / ".join(sorted(t.fr for t in titles)), en=" / ".join(sorted(t.en for t in titles)))
    # Two datasheets may carry one name in a language (Ost's "Escouade Devastator" and an imported
    # "Devastator Squad" are both "Devastator Squad" in English): each language lists a name once.
    pairs = list(zip(unused, _english_names(ctx, unused), strict=True))
    fr_names = list(dict.fromkeys(fr for fr, _ in pairs))
    en_names = sorted(dict.fromkeys(en for _, en in pairs), key=_alphabetical)
    shown = Bilingual(fr=", ".join(fr_names[:12]), en=", ".join(en_names[:12]))
    more_fr, more_en = len(fr_names) - min(len(fr_names), 12), len(en_names) - min(len(en_names), 12)
    tail = Bilingual(
        fr=f" (et {more_fr} autres)" if more_fr else "",
        en=f" (and {more_en} more)" if more_en else "",
    )
    first_of: dict[str, Bilingual] = {}
    for fr, en in pairs:
        first_of.setdefault(en, Bilingual(fr=fr, en=en))
    fixes = list(first_of.values())[:FIX_NAMES]
    at = band_text(band)
    example = either(fixes)
    return found(
        Code.SHEET_MAX,
        Bilingual(
            fr=f"{n} unités {title.fr} en {role.label_fr}, maximum {cap} par fiche {at.fr} ; "
            f"fiches {role.label_fr} encore inutilisées : {shown.fr}{tail.fr}.",
            en=f"{n} {title.en} units as {role.label_en}, maximum {cap} per datasheet {at.en}; "
            f"{role.label_en} datasheets not yet used: {shown.en}{tail.en}.",
        ),
        group,
        Bilingual(
            fr=f"Remplacez {n - cap} unité(s) {title.fr} par une autre fiche {role.label_fr}, "
            f"par exemple {example.fr}.",
            en=f"Replace {n - cap} {title.en} unit(s) with another {role.label_en} datasheet, "
            f"for example {example.en}.",
        ),
    )
