"""Linked characters (seed 001, Personnage Lié).

Besides the check, :func:`joining_problems` answers the window's question
"which units may this character join, and why not the others?".
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.findings import Code, Finding
from ost.core.i18n import Bilingual
from ost.core.roles import Role, UnitType
from ost.core.validator.context import Context, Entry, found
from ost.core.validator.words import FIX_NAMES, either, names

MAX_LINKED_CHARACTERS = 2
#: Unit types an infantry (class 1) linked character may join: mounted units count as
#: cavalry (seed 001 gives the character the unit's "mode de transport").
CLASS_1_JOINS = frozenset({UnitType.INFANTRY, UnitType.CAVALRY, UnitType.BIKE})


def check_characters(ctx: Context) -> list[Finding]:
    """Each linked character linked once, to a unit it may join; at most two on one unit."""
    findings: list[Finding] = []
    linked: dict[str, list[Entry]] = defaultdict(list)
    for entry in ctx.entries:
        target_id = entry.unit.linked_to
        can_link = entry.sheet.linked_character if entry.sheet is not None else None
        if target_id is None:
            if can_link:
                findings.append(
                    found(
                        Code.CHAR_UNLINKED,
                        Bilingual(
                            fr=f"{entry.name} a la capacité Personnage Lié mais n'est lié à aucune unité.",
                            en=f"{entry.name_en} has the Linked Character ability but is linked to no unit.",
                        ),
                        [entry],
                        Bilingual(
                            fr=f"Liez {entry.name} à une unité non-personnage de son détachement.",
                            en=f"Link {entry.name_en} to a non-character unit of its detachment.",
                        ),
                    )
                )
            continue
        if can_link is False:
            findings.append(
                found(
                    Code.CHAR_NOT_LINKABLE,
                    Bilingual(
                        fr=f"{entry.name} est lié à une unité sans avoir la capacité Personnage Lié.",
                        en=f"{entry.name_en} is linked to a unit without having the Linked Character ability.",
                    ),
                    [entry],
                    Bilingual(fr=f"Retirez le lien de {entry.name}.", en=f"Remove {entry.name_en}'s link."),
                )
            )
            continue
        target = ctx.by_id.get(target_id)
        if target is None:
            findings.append(
                found(
                    Code.CHAR_TARGET,
                    Bilingual(
                        fr=f"{entry.name} est lié à l'unité « {target_id} », absente de la liste.",
                        en=f"{entry.name_en} is linked to unit “{target_id}”, which is not in the list.",
                    ),
                    [entry],
                    Bilingual(
                        fr=f"Liez {entry.name} à une unité de la liste.",
                        en=f"Link {entry.name_en} to a unit of the list.",
                    ),
                )
            )
            continue
        linked[target.unit.id].append(entry)
        problem = link_problem(entry, target)
        if problem is not None:
            code, text = problem
            findings.append(found(code, text, [entry, target], _link_fix(ctx, entry)))
    for target_id, group in linked.items():
        if len(group) > MAX_LINKED_CHARACTERS:
            target = ctx.by_id[target_id]
            extra = len(group) - MAX_LINKED_CHARACTERS
            findings.append(
                found(
                    Code.CHAR_MAX,
                    Bilingual(
                        fr=f"{target.name} a {len(group)} personnages liés ({names(group)}) ; "
                        f"maximum {MAX_LINKED_CHARACTERS}.",
                        en=f"{target.name_en} has {len(group)} linked characters ({names(group, 'en')}); "
                        f"maximum {MAX_LINKED_CHARACTERS}.",
                    ),
                    [target, *group],
                    Bilingual(
                        fr=f"Liez {extra} de ces personnages à une autre unité.",
                        en=f"Link {extra} of these characters to another unit.",
                    ),
                )
            )
    return findings


def link_problem(entry: Entry, target: Entry) -> tuple[Code, Bilingual] | None:
    """Why ``entry`` may not join ``target`` (code and message), or None when it may."""
    reason: Bilingual | None = None
    target_sheet = target.sheet
    if target is entry:
        reason = Bilingual(fr="à lui-même", en="to itself")
    elif target_sheet is not None and target_sheet.is_character:
        reason = Bilingual(fr=f"à {target.name}, un personnage", en=f"to {target.name_en}, a character")
    elif target.role is Role.DEDICATED_TRANSPORT or (target_sheet is not None and target_sheet.is_transport):
        reason = Bilingual(fr=f"à {target.name}, un transport", en=f"to {target.name_en}, a transport")
    elif target.detachment is not entry.detachment:
        reason = Bilingual(
            fr=f"à {target.name}, d'un autre détachement", en=f"to {target.name_en}, from another detachment"
        )
    if reason is not None:
        return (
            Code.CHAR_TARGET,
            Bilingual(
                fr=f"{entry.name} est lié {reason.fr} ; un personnage lié rejoint une unité "
                f"non-personnage et non-transport de son détachement.",
                en=f"{entry.name_en} is linked {reason.en}; a linked character joins a non-character, "
                f"non-transport unit of its own detachment.",
            ),
        )
    sheet = entry.sheet
    if sheet is None or target_sheet is None:
        return None
    if sheet.unit_class <= 1:
        if target_sheet.unit_type not in CLASS_1_JOINS:
            kind = target_sheet.unit_type
            return (
                Code.CHAR_CLASS,
                Bilingual(
                    fr=f"{entry.name} (classe 1, infanterie) ne peut pas rejoindre {target.name} "
                    f"({kind.label_fr.lower()}) : il rejoint de l'infanterie, de la cavalerie ou des "
                    f"unités montées (motos, motos jet).",
                    en=f"{entry.name_en} (class 1, infantry) cannot join {target.name_en} "
                    f"({kind.label_en.lower()}): it joins infantry, cavalry or mounted units (bikes, jetbikes).",
                ),
            )
    elif target_sheet.unit_class != sheet.unit_class:
        return (
            Code.CHAR_CLASS,
            Bilingual(
                fr=f"{entry.name} (classe {sheet.unit_class}) ne peut pas rejoindre {target.name} "
                f"(classe {target_sheet.unit_class}) : un personnage de classe 2 ou plus rejoint "
                f"une unité de même classe.",
                en=f"{entry.name_en} (class {sheet.unit_class}) cannot join {target.name_en} "
                f"(class {target_sheet.unit_class}): a character of class 2 or more joins "
                f"a unit of the same class.",
            ),
        )
    return None


def _link_fix(ctx: Context, entry: Entry) -> Bilingual:
    """Name units of ``entry``'s detachment it could join."""
    joined: dict[str, int] = defaultdict(int)
    for other in ctx.entries:
        if other.unit.linked_to and other is not entry:
            joined[other.unit.linked_to] += 1
    choices = [
        other.label
        for other in ctx.members(entry.detachment)
        if other is not entry and joined[other.unit.id] < MAX_LINKED_CHARACTERS and link_problem(entry, other) is None
    ][:FIX_NAMES]
    if not choices:
        return Bilingual(
            fr=f"Retirez le lien de {entry.name}, ou ajoutez à son détachement une unité qu'il peut rejoindre.",
            en=f"Remove {entry.name_en}'s link, or add a unit it can join to its detachment.",
        )
    these = either(choices)
    return Bilingual(fr=f"Liez {entry.name} à {these.fr}.", en=f"Link {entry.name_en} to {these.en}.")


# -- the window's question ------------------------------------------------------


def joining_problems(
    catalogue: Catalogue, army: ArmyList, character_id: str, candidate_ids: Iterable[str]
) -> dict[str, Bilingual | None]:
    """For each candidate unit, why the linked character ``character_id`` may not join it (None: it may)."""
    ctx = Context(catalogue, army)
    character = ctx.by_id.get(character_id)
    answers: dict[str, Bilingual | None] = {}
    for candidate_id in candidate_ids:
        target = ctx.by_id.get(candidate_id)
        if character is None or target is None:
            answers[candidate_id] = Bilingual(fr="unité introuvable", en="unit not found")
            continue
        problem = link_problem(character, target)
        answers[candidate_id] = None if problem is None else problem[1]
    return answers
