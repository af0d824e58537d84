"""Wargear and once-per-unit picks: limits, a warlord trait on the warlord, each relic once.

Choices within their groups' limits (``WARGEAR-LIMIT``), a warlord trait
only on the warlord (``WARGEAR-WARLORD``), each relic once in the army
(``WARGEAR-UNIQUE``). The per-unit rules live in :mod:`ost.core.wargear`; the two army-wide ones here.
"""

from __future__ import annotations

from ost.core.findings import Code, Finding
from ost.core.i18n import Bilingual
from ost.core.text import fold
from ost.core.validator.context import Context, Entry, found
from ost.core.validator.words import either
from ost.core.wargear import mark_alternatives, opened_without_mark, starting_upgrades, unit_wargear_findings

#: What a roster calls the warlord's own mark (an upgrade of kind "trait" in the data): not a trait.
_WARLORD_MARKS = frozenset({"warlord", "seigneur de guerre"})


def check_wargear(ctx: Context) -> list[Finding]:
    """Every unit's wargear against its datasheet's choice groups (worked out once per unit, with its points)."""
    out: list[Finding] = []
    for entry in ctx.entries:
        if entry.sheet is not None and entry.wargear is not None:
            out.extend(unit_wargear_findings(entry.unit, entry.sheet, entry.wargear))
    return out


def _picks(entry: Entry, kind: str) -> list[tuple[str, Bilingual, list[Bilingual]]]:
    """The unit's upgrades of ``kind`` ("trait", "relic"), as (key, name, what else opens it): the catalogue's.

    What the datasheet gives every unit with no alternative (a Judiciar's
    Executioner Relic Blade) is its own gear, not a pick of the army; nor is a
    trait the unit holds through what else opens its choice (a stratagem that
    lets a character who is not the warlord take one, :func:`opened_without_mark`).
    """
    if entry.sheet is None:
        return []
    out: list[tuple[str, Bilingual, list[Bilingual]]] = []
    forced: set[str | None] | None = None
    for taken in entry.unit.upgrades:
        item = entry.sheet.wargear_map.get(taken.item) if taken.item is not None else None
        if item is None or item.kind != kind or taken.count <= 0:
            continue
        key = fold(item.name_en or item.name)
        if key in _WARLORD_MARKS or fold(item.name) in _WARLORD_MARKS:
            continue
        if forced is None:
            forced = {c.item for c in starting_upgrades(entry.sheet, entry.unit.models, defaults=False)}
        if item.id in forced:
            continue
        if kind == "trait" and opened_without_mark(entry.unit, entry.sheet, item.id):
            continue
        others = (
            [entry.sheet.wargear_map[i] for i in mark_alternatives(entry.sheet, item.id)] if kind == "trait" else []
        )
        out.append((key, _name(item.name, item.name_en), [_name(o.name, o.name_en) for o in others]))
    return out


def _name(name: str, name_en: str | None) -> Bilingual:
    return Bilingual(fr=name, en=name_en or name)


def check_picks(ctx: Context) -> list[Finding]:
    """A warlord trait on a unit that is not the warlord; a relic taken by two units of the army."""
    out: list[Finding] = []
    for entry in ctx.entries:
        if entry.unit.warlord:
            continue
        for _, trait, others in _picks(entry, "trait"):
            name = entry.label
            fix = Bilingual(
                fr=f"Faites de {name.fr} le seigneur de guerre, ou retirez « {trait.fr} ».",
                en=f"Make {name.en} the warlord, or remove “{trait.en}”.",
            )
            if others:
                # What else opens the trait's choice (a stratagem that gives a trait to a unit not the warlord).
                names = Bilingual.join(Bilingual(fr=" ou ", en=" or "), others)
                fix = Bilingual(
                    fr=f"Faites de {name.fr} le seigneur de guerre, donnez-lui « {names.fr} », "
                    f"ou retirez « {trait.fr} ».",
                    en=f"Make {name.en} the warlord, give it “{names.en}”, or remove “{trait.en}”.",
                )
            out.append(
                found(
                    Code.WARGEAR_WARLORD,
                    Bilingual(
                        fr=f"{name.fr} prend le trait de seigneur de guerre « {trait.fr} » sans être le "
                        f"seigneur de guerre.",
                        en=f"{name.en} takes the warlord trait “{trait.en}” but is not the warlord.",
                    ),
                    [entry],
                    fix,
                )
            )
    holders: dict[str, tuple[Bilingual, list[Entry]]] = {}
    for entry in ctx.entries:
        for key, relic, _ in _picks(entry, "relic"):
            holders.setdefault(key, (relic, []))[1].append(entry)
    for relic, entries in holders.values():
        if len(entries) < 2:
            continue
        names = either([e.label for e in entries[1:]])
        everyone = Bilingual.join(Bilingual(fr=", ", en=", "), [e.label for e in entries])
        out.append(
            found(
                Code.WARGEAR_UNIQUE,
                Bilingual(
                    fr=f"La relique « {relic.fr} » est prise {len(entries)} fois ({everyone.fr}) : une relique "
                    f"ne se prend qu'une fois par armée.",
                    en=f"The relic “{relic.en}” is taken {len(entries)} times ({everyone.en}): a relic is taken "
                    f"once per army.",
                ),
                entries,
                Bilingual(fr=f"Retirez « {relic.fr} » de {names.fr}.", en=f"Remove “{relic.en}” from {names.en}."),
            )
        )
    return out
