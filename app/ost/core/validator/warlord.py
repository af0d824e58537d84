"""The warlord (seed 000, DÉPLOIEMENT) and reserves (seed 000, RÉSERVES)."""

from __future__ import annotations

from ost.core.findings import Code, Finding
from ost.core.i18n import Bilingual
from ost.core.roles import Role
from ost.core.validator.context import Context, Entry, found
from ost.core.validator.words import FIX_NAMES, names


def check_warlord(ctx: Context) -> list[Finding]:
    """At most one warlord, from a single-model unit (or, with none in the army, from an HQ unit)."""
    findings: list[Finding] = []
    warlords = [e for e in ctx.entries if e.unit.warlord]
    if len(warlords) > 1:
        findings.append(
            found(
                Code.WARLORD_MANY,
                Bilingual(
                    fr=f"{len(warlords)} seigneurs de guerre désignés ({names(warlords)}) ; un seul est permis.",
                    en=f"{len(warlords)} warlords marked ({names(warlords, 'en')}); only one is allowed.",
                ),
                warlords,
                Bilingual(fr="Ne gardez qu'un seul seigneur de guerre.", en="Keep only one warlord."),
            )
        )
    singles = [e for e in ctx.entries if e.unit.models == 1]
    if not warlords:
        if ctx.entries:
            pool = singles or [e for e in ctx.entries if e.role is Role.HQ]
            choices = Bilingual(fr=f" : {names(pool[:FIX_NAMES])}", en=f": {names(pool[:FIX_NAMES], 'en')}")
            if not pool:
                choices = Bilingual.same("")
            findings.append(
                found(
                    Code.WARLORD_NONE,
                    Bilingual(fr="Aucun seigneur de guerre n'est désigné.", en="No warlord is chosen."),
                    (),
                    Bilingual(
                        fr=f"Désignez le seigneur de guerre parmi les unités d'une seule figurine (ou, à défaut, "
                        f"les QG){choices.fr}.",
                        en=f"Choose the warlord among the single-model units (or, failing that, the HQ units)"
                        f"{choices.en}.",
                    ),
                )
            )
        return findings
    for warlord in warlords:
        if singles and warlord.unit.models != 1:
            some = Bilingual(fr=names(singles[:8]), en=names(singles[:8], "en"))
            findings.append(
                found(
                    Code.WARLORD_INELIGIBLE,
                    Bilingual(
                        fr=f"{warlord.name} ({warlord.unit.models} figurines) ne peut pas fournir le seigneur de "
                        f"guerre : il vient d'une unité d'une seule figurine ({some.fr}).",
                        en=f"{warlord.name_en} ({warlord.unit.models} models) cannot provide the warlord: "
                        f"it comes from a single-model unit ({some.en}).",
                    ),
                    [warlord],
                    Bilingual(
                        fr=f"Choisissez le seigneur de guerre parmi {some.fr}.",
                        en=f"Choose the warlord among {some.en}.",
                    ),
                )
            )
        elif not singles and warlord.role is not Role.HQ:
            findings.append(
                found(
                    Code.WARLORD_INELIGIBLE,
                    Bilingual(
                        fr=f"{warlord.name} n'est pas une unité QG : sans unité d'une seule figurine, "
                        f"le seigneur de guerre vient d'une unité QG.",
                        en=f"{warlord.name_en} is not an HQ unit: with no single-model unit, the warlord comes from an "
                        f"HQ unit.",
                    ),
                    [warlord],
                    Bilingual(
                        fr="Choisissez le seigneur de guerre parmi les unités QG.",
                        en="Choose the warlord among the HQ units.",
                    ),
                )
            )
    return findings


def check_reserves(ctx: Context) -> list[Finding]:
    """Reserves cost at most half the army; a joined character is in reserve exactly when its unit is."""
    findings: list[Finding] = []
    in_reserve: list[Entry] = []
    for entry in ctx.entries:
        joined = ctx.joined_unit(entry)
        if joined is None:
            if entry.unit.reserve:
                in_reserve.append(entry)
            continue
        if entry.unit.reserve != joined.unit.reserve:
            findings.append(_reserves_split(entry, joined))
        # Joined, the two are one unit for the set-up: the character follows its unit.
        if joined.unit.reserve:
            in_reserve.append(entry)
    points = sum(e.points for e in in_reserve)
    if in_reserve and points * 2 > ctx.total:
        half_text = f"{ctx.total / 2:g}"
        excess = points - ctx.total // 2
        findings.append(
            found(
                Code.RESERVES_MAX,
                Bilingual(
                    fr=f"{points} points en réserve ({names(in_reserve)}), plus que la moitié de l'armée "
                    f"({half_text.replace('.', ',')} sur {ctx.total} points).",
                    en=f"{points} points in reserve ({names(in_reserve, 'en')}), more than half the army "
                    f"({half_text} of {ctx.total} points).",
                ),
                in_reserve,
                Bilingual(
                    fr=f"Placez sur la table des unités de réserve valant au moins {excess} points.",
                    en=f"Deploy reserve units worth at least {excess} points on the table instead.",
                ),
            )
        )
    return findings


def _reserves_split(character: Entry, unit: Entry) -> Finding:
    if character.unit.reserve:
        state = Bilingual(
            fr=f"{character.name} est en réserve mais pas {unit.name}",
            en=f"{character.name_en} is in reserve but {unit.name_en} is not",
        )
    else:
        state = Bilingual(
            fr=f"{unit.name} est en réserve mais pas {character.name}",
            en=f"{unit.name_en} is in reserve but {character.name_en} is not",
        )
    return found(
        Code.RESERVES_SPLIT,
        Bilingual(
            fr=f"{state.fr} : un personnage lié et l'unité qu'il rejoint sont en réserve ensemble ou sur la table "
            f"ensemble.",
            en=f"{state.en}: a linked character and the unit it joins are in reserve together or on the table "
            f"together.",
        ),
        [character, unit],
        Bilingual(
            fr=f"Mettez {character.name} et {unit.name} tous deux en réserve, ou tous deux sur la table.",
            en=f"Put {character.name_en} and {unit.name_en} both in reserve, or both on the table.",
        ),
    )
