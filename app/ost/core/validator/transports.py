"""Assigned transports (seed 000, COMPOSITION D'ARMÉE; seed 001, Transport (X)).

Besides the check, :func:`boarding_problems` answers the window's question
"which transports may this unit board, and why not the others?" with the
same reasons the check gives.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from ost.core.armylist import ArmyList, unit_composition
from ost.core.catalogue import CHARACTER_KEYWORDS, Catalogue, Datasheet, TransportCapacity
from ost.core.findings import Code, Finding
from ost.core.i18n import Bilingual
from ost.core.roles import Role, UnitType
from ost.core.text import is_placeholder, keyword_key
from ost.core.validator.context import Context, Entry, found
from ost.core.validator.words import FIX_NAMES, either, names

WALKER_MIN_CAPACITY = 6
#: A transport of this capacity or more carries one CHARACTER model free (seed 001, Transport (X)).
FREE_CHARACTER_MIN_CAPACITY = 6


def check_transports(ctx: Context) -> list[Finding]:
    """Orphan, shared and invalid transports, detachments, and whether each rider can embark."""
    findings: list[Finding] = []
    riders: dict[str, list[Entry]] = defaultdict(list)
    #: Transports named by a joined character: reported once, as TRANSPORT-INVALID.
    named_by_joined: set[str] = set()
    for entry in ctx.entries:
        if entry.unit.transport is None or _rides_with_its_unit(ctx, entry):
            continue
        joined = ctx.joined_unit(entry)
        if joined is not None:
            named_by_joined.add(entry.unit.transport)
            findings.append(_joined_transport(ctx, entry, joined))
            continue
        riders[entry.unit.transport].append(entry)
    for entry in ctx.entries:
        if entry.role is Role.DEDICATED_TRANSPORT and entry.unit.id not in riders:
            if entry.unit.id in named_by_joined:
                continue
            findings.append(
                found(
                    Code.TRANSPORT_ORPHAN,
                    Bilingual(
                        fr=f"{entry.name} est un Transport Assigné mais n'est assigné à aucune unité.",
                        en=f"{entry.name_en} is a Dedicated Transport but is assigned to no unit.",
                    ),
                    [entry],
                    Bilingual(
                        fr=f"Assignez {entry.name} à une unité de son détachement qui peut y embarquer, ou retirez-le.",
                        en=f"Assign {entry.name_en} to a unit of its detachment that can embark, or remove it.",
                    ),
                )
            )
    for transport_id, group in riders.items():
        transport = ctx.by_id.get(transport_id)
        if transport is not None and len(group) > 1:
            findings.append(
                found(
                    Code.TRANSPORT_SHARED,
                    Bilingual(
                        fr=f"{transport.name} est le transport assigné de {len(group)} unités ({names(group)}) ; "
                        f"un transport assigné va avec une seule unité.",
                        en=f"{transport.name_en} is the assigned transport of {len(group)} units "
                        f"({names(group, 'en')}); "
                        f"an assigned transport goes with one unit only.",
                    ),
                    [transport, *group],
                    Bilingual(
                        fr=f"Ne laissez {transport.name} qu'à une seule unité ; donnez aux autres leur propre "
                        f"transport.",
                        en=f"Leave {transport.name_en} to one unit only; give the others a transport of their own.",
                    ),
                )
            )
        for rider in group:
            findings.extend(_check_ride(ctx, rider, transport, transport_id))
    return findings


def _joined_transport(ctx: Context, entry: Entry, joined: Entry) -> Finding:
    """A joined character names a transport of its own: it rides with its unit instead (SPEC §3)."""
    transport = ctx.by_id.get(entry.unit.transport or "")
    shown = transport.name if transport is not None else entry.unit.transport
    if joined.unit.transport:
        fix = Bilingual(
            fr=f"Retirez son transport : il voyage avec {joined.name}.",
            en=f"Remove its transport: it rides with {joined.name_en}.",
        )
    else:
        fix = Bilingual(
            fr=f"Retirez son transport, ou assignez {shown} à {joined.name} s'il peut y embarquer.",
            en=f"Remove its transport, or assign {shown} to {joined.name_en} if it can embark.",
        )
    return found(
        Code.TRANSPORT_INVALID,
        Bilingual(
            fr=f"{entry.name} rejoint {joined.name} comme personnage lié et ne peut pas avoir son propre "
            f"transport assigné ({shown}) : il voyage avec son unité.",
            en=f"{entry.name_en} joins {joined.name_en} as a linked character and cannot have an assigned "
            f"transport of its own ({shown}): it rides with its unit.",
        ),
        [entry] if transport is None else [entry, transport],
        fix,
    )


def _rides_with_its_unit(ctx: Context, entry: Entry) -> bool:
    """A linked character in its unit's transport: it takes no space and shares nothing."""
    if entry.sheet is None or not entry.sheet.linked_character or entry.unit.linked_to is None:
        return False
    target = ctx.by_id.get(entry.unit.linked_to)
    return target is not None and target.unit.transport == entry.unit.transport


def _check_ride(ctx: Context, rider: Entry, transport: Entry | None, transport_id: str) -> list[Finding]:
    if transport is None:
        return [
            found(
                Code.TRANSPORT_INVALID,
                Bilingual(
                    fr=f"{rider.name} a pour transport l'unité « {transport_id} », absente de la liste.",
                    en=f"{rider.name_en} has unit “{transport_id}” as transport, which is not in the list.",
                ),
                [rider],
                Bilingual(
                    fr="Choisissez un transport présent dans la liste, ou aucun.",
                    en="Choose a transport in the list, or none.",
                ),
            )
        ]
    if transport is rider:
        return [
            found(
                Code.TRANSPORT_INVALID,
                Bilingual(
                    fr=f"{rider.name} est assigné à lui-même comme transport.",
                    en=f"{rider.name_en} is assigned to itself as transport.",
                ),
                [rider],
                Bilingual(fr="Retirez ce transport.", en="Remove this transport."),
            )
        ]
    if (rider.sheet is not None and rider.sheet.is_transport) or rider.role is Role.DEDICATED_TRANSPORT:
        return [
            found(
                Code.TRANSPORT_INVALID,
                Bilingual(
                    fr=f"{rider.name} est lui-même un transport et ne peut pas être assigné à {transport.name}.",
                    en=f"{rider.name_en} is itself a transport and cannot be assigned to {transport.name_en}.",
                ),
                [rider, transport],
                Bilingual(fr=f"Retirez le transport de {rider.name}.", en=f"Remove {rider.name_en}'s transport."),
            )
        ]
    findings: list[Finding] = []
    if transport.detachment is not rider.detachment:
        theirs, ours = ctx.detachment_label(transport.detachment), ctx.detachment_label(rider.detachment)
        findings.append(
            found(
                Code.TRANSPORT_DETACHMENT,
                Bilingual(
                    fr=f"{transport.name} (détachement {theirs.fr}) et {rider.name} (détachement {ours.fr}) "
                    f"doivent être dans le même détachement.",
                    en=f"{transport.name_en} (detachment {theirs.en}) and {rider.name_en} (detachment {ours.en}) "
                    f"must be in the same detachment.",
                ),
                [rider, transport],
                Bilingual(
                    fr=f"Déplacez {transport.name} dans le détachement de {rider.name}.",
                    en=f"Move {transport.name_en} to {rider.name_en}'s detachment.",
                ),
            )
        )
    sheet = transport.sheet
    if sheet is None:
        if transport.role is not Role.DEDICATED_TRANSPORT:
            findings.append(_not_a_transport(rider, transport))
        else:
            findings.append(_unverified(rider, transport, None))
        return findings
    if not sheet.is_transport:
        findings.append(_not_a_transport(rider, transport))
        return findings
    capacity = sheet.transport
    if capacity is None or capacity.capacity is None or not capacity.verified:
        findings.append(_unverified(rider, transport, capacity))
        return findings
    if rider.sheet is None:
        return findings  # nothing known of the rider's models: UNIT-UNKNOWN already says so
    problems = embark_problems(rider, rider.sheet, transport, capacity)
    if problems:
        why = Bilingual.join("; ", problems)
        findings.append(
            found(
                Code.TRANSPORT_EMBARK,
                Bilingual(
                    fr=f"{rider.name} ne peut pas embarquer dans {transport.name} : {why.fr}.",
                    en=f"{rider.name_en} cannot embark in {transport.name_en}: {why.en}.",
                ),
                [rider, transport],
                _embark_fix(ctx, rider, transport),
            )
        )
    return findings


def _embark_fix(ctx: Context, rider: Entry, transport: Entry) -> Bilingual:
    """Name transports ``rider`` could board: free ones of its detachment first, then the catalogue's."""
    sheet = rider.sheet
    if sheet is None:
        return Bilingual(fr="Choisissez un autre transport.", en="Choose another transport.")
    taken = {e.unit.transport for e in ctx.entries if e.unit.transport and e is not rider}
    choices: list[Bilingual] = []
    for other in ctx.members(rider.detachment):
        capacity = other.sheet.transport if other.sheet is not None else None
        if (
            other is transport
            or other is rider
            or other.unit.id in taken
            or capacity is None
            or capacity.capacity is None
            or not capacity.verified
        ):
            continue
        if not embark_problems(rider, sheet, other, capacity) and other.label not in choices:
            choices.append(other.label)
    in_list = list(choices)
    memo_key = (
        sheet.id,
        rider.unit.models,
        tuple(sorted(rider.unit.composition.items())),
        tuple(sorted(rider.unit.placeholders.items())),
        rider.faction_keys,
        transport.unit.datasheet,
        ctx.options.legends_available,
        ctx.catalogue.switched_off(),
    )
    memo = ctx.catalogue.memo("transports-for")
    suggested: list[Bilingual] | None = memo.get(memo_key)
    if suggested is None:
        suggested = memo[memo_key] = _catalogue_transports_for(ctx, rider, sheet, transport)
    choices.extend(n for n in suggested if n not in choices)
    choices = choices[:FIX_NAMES]
    if not choices:
        capacity = transport.sheet.transport if transport.sheet is not None else None
        # Room is the only problem when the unit would board the same transport made huge.
        only_room = capacity is not None and not problems_boarding(
            rider, sheet, capacity.model_copy(update={"capacity": 10**6}), 1, transport.unit.placeholders
        )
        if only_room:
            return Bilingual(
                fr=f"Réduisez {rider.name} pour qu'elle tienne dans {transport.name}, ou retirez son transport.",
                en=f"Make {rider.name_en} small enough to fit in {transport.name_en}, or remove its transport.",
            )
        return Bilingual(
            fr=f"Retirez son transport : aucun transport du catalogue ne peut emporter {rider.name}.",
            en=f"Remove its transport: no transport of the catalogue can carry {rider.name_en}.",
        )
    these = either(choices)
    if in_list:
        return Bilingual(
            fr=f"Faites embarquer {rider.name} dans {these.fr}.",
            en=f"Let {rider.name_en} ride in {these.en}.",
        )
    return Bilingual(
        fr=f"Choisissez un transport qui peut emporter {rider.name} : {these.fr}.",
        en=f"Choose a transport that can carry {rider.name_en}: {these.en}.",
    )


def _catalogue_transports_for(ctx: Context, rider: Entry, sheet: Datasheet, transport: Entry) -> list[Bilingual]:
    """Names of catalogue transports of the rider's factions it could board (a few, cheapest first)."""
    choices: list[Bilingual] = []
    placeholders = rider.unit.placeholders
    values = {keyword_key(k): (keyword_key(v),) for k, v in placeholders.items() if v.strip()}
    # Those that could join the rider's detachment: every faction keyword of the rider,
    # their placeholders taking the rider's values.
    joining = ctx.catalogue.transport_sheets_joining(
        rider.faction_keys, values, include_legends=ctx.options.legends_available
    )
    for candidate in joining:
        if len(choices) >= FIX_NAMES:
            break
        if any(c.fr == candidate.name for c in choices) or candidate.id == transport.unit.datasheet:
            continue
        capacity = candidate.transport
        assert capacity is not None
        if not problems_boarding(rider, sheet, capacity, candidate.min_models, placeholders):
            choices.append(Bilingual(fr=candidate.name, en=candidate.label("en")))
    return choices


def _not_a_transport(rider: Entry, transport: Entry) -> Finding:
    return found(
        Code.TRANSPORT_INVALID,
        Bilingual(
            fr=f"{rider.name} a pour transport {transport.name}, qui n'a pas de capacité de transport.",
            en=f"{rider.name_en} has {transport.name_en} as transport, which has no transport capacity.",
        ),
        [rider, transport],
        Bilingual(
            fr=f"Retirez ce transport ou choisissez une unité de transport pour {rider.name}.",
            en=f"Remove this transport or choose a transport unit for {rider.name_en}.",
        ),
    )


def _unverified(rider: Entry, transport: Entry, capacity: TransportCapacity | None) -> Finding:
    text = capacity.text if capacity is not None and capacity.text else None
    if text:
        detail = Bilingual(fr=f" (texte non interprété : « {text} »)", en=f" (text not understood: “{text}”)")
    else:
        detail = Bilingual(fr=" (capacité inconnue du catalogue)", en=" (capacity unknown to the catalogue)")
    return found(
        Code.TRANSPORT_UNVERIFIED,
        Bilingual(
            fr=f"Embarquement de {rider.name} dans {transport.name} non vérifié{detail.fr}.",
            en=f"Could not verify that {rider.name_en} can embark in {transport.name_en}{detail.en}.",
        ),
        [rider, transport],
        Bilingual(
            fr=f"Vérifiez à la main la capacité de {transport.name}, ou corrigez-la dans le catalogue "
            f"(ost catalogue override).",
            en=f"Check {transport.name_en}'s capacity by hand, or correct it in the catalogue "
            f"(ost catalogue override).",
        ),
    )


def embark_problems(rider: Entry, sheet: Datasheet, transport: Entry, capacity: TransportCapacity) -> list[Bilingual]:
    """Why ``rider`` (of datasheet ``sheet``) cannot board ``transport`` of ``capacity`` (empty when it can)."""
    return problems_boarding(rider, sheet, capacity, transport.unit.models, transport.unit.placeholders)


def problems_boarding(
    rider: Entry,
    sheet: Datasheet,
    capacity: TransportCapacity,
    transport_models: int,
    transport_placeholders: dict[str, str],
) -> list[Bilingual]:
    """Why ``rider`` cannot board a transport of ``capacity`` (empty when it can)."""
    problems: list[Bilingual] = []
    per_model = capacity.capacity or 0
    total_capacity = per_model * max(1, transport_models)
    transport_values = {keyword_key(k): keyword_key(v) for k, v in transport_placeholders.items() if v.strip()}
    transport_shown = {keyword_key(k): v.strip() for k, v in transport_placeholders.items() if v.strip()}

    def resolve(keyword: str) -> str | None:
        key = keyword_key(keyword)
        if is_placeholder(keyword):
            return transport_values.get(key)  # unknown value: not checked
        return key

    keys = rider.keys
    forbidden = [k for k in capacity.forbidden if (r := resolve(k)) is not None and r in keys]
    if forbidden:
        joined = ", ".join(forbidden)
        problems.append(Bilingual(fr=f"mot-clef interdit ({joined})", en=f"forbidden keyword ({joined})"))
    if capacity.allowed:
        fits = any(all((r := resolve(k)) is None or r in keys for k in alternative) for alternative in capacity.allowed)
        if not fits:

            def shown(keyword: str) -> str:
                # A placeholder the transport gives a value for is shown with that value.
                return transport_shown.get(keyword_key(keyword), keyword) if is_placeholder(keyword) else keyword

            wanted = [" ".join(shown(k) for k in a) for a in capacity.allowed]
            problems.append(Bilingual(fr=f"il faut être {' ou '.join(wanted)}", en=f"it must be {' or '.join(wanted)}"))
    else:
        kind = sheet.unit_type
        if kind is UnitType.WALKER:
            if per_model < WALKER_MIN_CAPACITY:
                problems.append(
                    Bilingual(
                        fr=f"un marcheur n'embarque que dans une capacité de {WALKER_MIN_CAPACITY} ou plus "
                        f"(capacité {per_model})",
                        en=f"a walker only embarks with a capacity of {WALKER_MIN_CAPACITY} or more "
                        f"(capacity {per_model})",
                    )
                )
        elif kind is not UnitType.INFANTRY:
            problems.append(
                Bilingual(
                    fr=f"seuls l'infanterie et les marcheurs embarquent ({kind.label_fr.lower()})",
                    en=f"only infantry and walkers embark ({kind.label_en.lower()})",
                )
            )
    # Places per kind of model: the transport's rules first (each JUMP PACK model takes 2),
    # else what the kind itself takes (1, a walker 2).
    counts = unit_composition(rider.unit, sheet)
    needed = 0
    parts: list[tuple[int, int]] = []
    #: Places of the one CHARACTER model that rides free, when the transport is big enough.
    free = 0
    for model_kind in sheet.kinds:
        count = counts.get(model_kind.id, 0)
        if not count:
            continue
        kind_keys = keys | {keyword_key(k) for k in model_kind.keywords} if model_kind.keywords else keys
        space = sheet.kind_space(model_kind)
        for rule in capacity.space:
            if rule.applies(model_kind.wounds) and all(
                (r := resolve(k)) is None or r in kind_keys for k in rule.keywords
            ):
                space = rule.space
                break
        for limit in capacity.wound_limits:
            if (
                model_kind.wounds >= limit.min_wounds
                and all((r := resolve(k)) is None or r in kind_keys for k in limit.keywords)
                and not any(resolve(k) in kind_keys for k in limit.unless)
            ):
                problems.append(
                    Bilingual(
                        fr=f"{model_kind.wounds} PV ({model_kind.name}), au plus {limit.min_wounds - 1}",
                        en=f"{model_kind.wounds} wounds ({model_kind.name}), at most {limit.min_wounds - 1}",
                    )
                )
        needed += space * count
        parts.append((count, space))
        if per_model >= FREE_CHARACTER_MIN_CAPACITY and not CHARACTER_KEYWORDS.isdisjoint(kind_keys):
            free = max(free, space)
    if needed - free > total_capacity:
        models = sum(c for c, _ in parts)
        if len({space for _, space in parts}) <= 1:
            space = parts[0][1] if parts else 0
            detail = Bilingual(fr=f"{models} figurines × {space} place(s)", en=f"{models} models × {space} space")
        else:
            detail = Bilingual.same(" + ".join(f"{c} × {sp}" for c, sp in parts))
        if free:
            detail += Bilingual(
                fr=f" − {free} (un personnage voyage gratuitement)", en=f" − {free} (one character rides free)"
            )
            needed -= free
        problems.append(
            Bilingual(
                fr=f"{detail.fr} = {needed} places, capacité {total_capacity}",
                en=f"{detail.en} = {needed} places, capacity {total_capacity}",
            )
        )
    return problems


# -- the window's question ------------------------------------------------------


def boarding_problems(
    catalogue: Catalogue, army: ArmyList, rider_id: str, candidate_ids: Iterable[str]
) -> dict[str, list[Bilingual]]:
    """For each candidate transport, why ``rider_id`` may not be assigned to it.

    An empty list means the validator would accept the assignment (a capacity
    it cannot read counts as accepted: TRANSPORT-UNVERIFIED is a warning).
    The window uses it to offer only the transports a unit can board.
    """
    ctx = Context(catalogue, army)
    rider = ctx.by_id.get(rider_id)
    answers: dict[str, list[Bilingual]] = {}
    for candidate_id in candidate_ids:
        transport = ctx.by_id.get(candidate_id)
        problems: list[Bilingual] = []
        if rider is None or transport is None or transport is rider:
            problems.append(Bilingual(fr="unité introuvable", en="unit not found"))
        elif transport.sheet is not None and not transport.sheet.is_transport:
            problems.append(Bilingual(fr="pas de capacité de transport", en="no transport capacity"))
        else:
            if transport.detachment is not rider.detachment:
                problems.append(Bilingual(fr="dans un autre détachement", en="in another detachment"))
            capacity = transport.sheet.transport if transport.sheet is not None else None
            verified = capacity is not None and capacity.capacity is not None and capacity.verified
            if rider.sheet is not None and capacity is not None and verified:
                problems.extend(embark_problems(rider, rider.sheet, transport, capacity))
        answers[candidate_id] = problems
    return answers
