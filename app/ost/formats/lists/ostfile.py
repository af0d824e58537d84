"""Ost's own list file (``.ost``, JSON) as a list format, read and written as it is."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ost.core import listfile
from ost.core.armylist import ArmyList, Carried
from ost.core.catalogue import Catalogue, Datasheet
from ost.core.i18n import Bilingual
from ost.formats.lists.reading import ListReadError, NameMatcher, ReadingReport
from ost.formats.lists.registry import ListFormat

if TYPE_CHECKING:
    from ost.core.wargear import KindMove
    from ost.formats.lists.registry import FormatRegistry


def _read(data: bytes, name: str, catalogue: Catalogue, matcher: NameMatcher | None) -> tuple[ArmyList, ReadingReport]:
    if len(data) > listfile.MAX_LIST_BYTES:
        raise ListReadError(name, f"file is larger than {listfile.MAX_LIST_BYTES // (1024 * 1024)} MB")
    repaired: list[Bilingual] = []
    version: list[int] = []
    army, notes = listfile.parse_noted(data, name, repaired=repaired, read_version=version)
    report = ReadingReport(source=name, format="ost")
    for warning in repaired:  # harden: text that was not text, replaced as it was read
        report.warn(warning)
    for note in notes:
        report.note(note)
    _mend_units(army, catalogue, report, older=bool(version) and version[0] < 5)
    return army, report


def _mend_units(army: ArmyList, catalogue: Catalogue, report: ReadingReport, *, older: bool) -> None:
    """What earlier Osts wrote differently, put as this one holds it, each change said in the report.

    The data's "Warlord" selection held as an upgrade is the warlord mark; an upgrade the datasheet now
    offers as a model's choice (a Captain's Chapter Master) goes onto a model; models the datasheet now
    splits into other kinds go to the kind that carries what they carry (a Devastator's heavy weapon);
    in a list ``older`` than version 5, each unit gets the starting picks its choices lack. One pass, one
    datasheet lookup a unit; a unit without upgrades or model groups of a current list costs nothing more.
    """
    from ost.core.wargear import (
        carried_name,
        missing_starting_picks,
        models_onto_kinds,
        set_upgrade_count,
        upgrades_onto_models,
        warlord_upgrade_as_mark,
        without_warlord,
    )

    for _, unit in army.units():
        sheet = catalogue.get(unit.datasheet)
        if sheet is None:
            continue
        for move in models_onto_kinds(unit, sheet):
            report.note(_kind_move_note(unit.display_name, sheet, move))
        if unit.upgrades:
            warlord_upgrade_as_mark(unit, sheet)
            moved = upgrades_onto_models(unit, sheet)
            if moved:
                fr, en = (", ".join(carried_name(sheet, entry, lang) for entry in moved) for lang in ("fr", "en"))
                report.note(
                    Bilingual(
                        fr=f"{unit.display_name} : {fr} était pris pour l'unité ; sa fiche l'offre désormais à une "
                        "figurine, qui le porte.",
                        en=f"{unit.display_name}: {en} was taken for the unit; its datasheet now offers it to a "
                        "model, which carries it.",
                    )
                )
        if not older:
            continue
        picks = missing_starting_picks(unit, sheet)
        upgrades, leads = without_warlord(picks, sheet)
        unit.warlord = unit.warlord or leads
        for pick in upgrades:
            assert pick.item is not None  # (a starting pick is always one of the datasheet's items)
            unit.upgrades = set_upgrade_count(unit.upgrades, sheet, pick.item, pick.count)
        if picks:
            fr, en = (", ".join(carried_name(sheet, pick, lang) for pick in picks) for lang in ("fr", "en"))
            report.note(
                Bilingual(
                    fr=f"{unit.display_name} : liste écrite avant que les unités prennent d'office leurs choix "
                    f"obligatoires ; ajouté : {fr}.",
                    en=f"{unit.display_name}: list written before units took their required picks by themselves; "
                    f"added: {en}.",
                )
            )


def _kind_move_note(name: str, sheet: Datasheet, move: KindMove) -> Bilingual:
    """What :func:`~ost.core.wargear.models_onto_kinds` did to a unit's models, said to the player."""
    from ost.core.wargear import carried_name, default_wargear

    def kind(kind_id: str, lang: str) -> str:
        found = sheet.kind_map.get(kind_id)
        return found.label(lang) if found is not None else kind_id

    def items(entries: Iterable[Carried], lang: str) -> str:
        return ", ".join(carried_name(sheet, entry, lang) for entry in entries)

    n, old, new = move.count, move.old_kind, move.new_kind
    one = n == 1
    if old == new:
        fr, en = items(default_wargear(sheet, new), "fr"), items(default_wargear(sheet, new), "en")
        return Bilingual(
            fr=f"{name} : {n} × {kind(new, 'fr')} ne {'portait' if one else 'portaient'} rien ; la fiche donne "
            f"désormais un équipement par défaut à ces figurines : {fr}.",
            en=f"{name}: {n} × {kind(new, 'en')} carried nothing; the datasheet now gives those models a default "
            f"loadout: {en}.",
        )
    if move.carried:
        return Bilingual(
            fr=f"{name} : {n} × {kind(old, 'fr')} avec {items(move.carried, 'fr')} "
            f"{'devient' if one else 'deviennent'} {kind(new, 'fr')} : la fiche ne donne cet équipement qu'à ces "
            "figurines.",
            en=f"{name}: {n} × {kind(old, 'en')} with {items(move.carried, 'en')} "
            f"{'becomes' if one else 'become'} {kind(new, 'en')}: the datasheet gives that wargear to those models "
            "only.",
        )
    return Bilingual(
        fr=f"{name} : la fiche n'a plus de figurines « {old} » ; {n} × {kind(new, 'fr')} à leur place.",
        en=f"{name}: the datasheet no longer has '{old}' models; {n} × {kind(new, 'en')} in their place.",
    )


def _write(army: ArmyList, catalogue: Catalogue, lang: str) -> bytes:
    return listfile.dumps(army).encode("utf-8")


OST = ListFormat(
    "ost",
    Bilingual(fr="liste Ost", en="Ost list"),
    (listfile.SUFFIX,),
    # A JSON object; a damaged file named .ost gets the list file's own message, not the text reader's.
    lambda head, name: head.startswith(b"{") or name.lower().endswith(listfile.SUFFIX),
    _read,
    _write,
    foreign=False,
)


def register(registry: FormatRegistry) -> None:
    """Add Ost's list file."""
    registry.register(OST)
