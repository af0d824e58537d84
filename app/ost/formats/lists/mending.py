"""What earlier Osts wrote differently in their own lists, put as this one holds it, each change said.

Ost's list file and its share code hold a list as the Ost that wrote it held
it; both are read through :func:`mend_units`, so a list opens the same from
either. (Foreign formats are read against today's datasheets from the start.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ost.core.armylist import ArmyList, Carried, Unit
from ost.core.catalogue import Catalogue, Datasheet
from ost.core.i18n import Bilingual
from ost.formats.lists.reading import ReadingReport

if TYPE_CHECKING:
    from ost.core.wargear import KindMove


def _joined(sheet: Datasheet, entries: Iterable[Carried], lang: str) -> str:
    """``entries`` named by the catalogue in ``lang``, one after another."""
    from ost.core.wargear import carried_name

    return ", ".join(carried_name(sheet, entry, lang) for entry in entries)


def _names(sheet: Datasheet, entries: list[Carried]) -> tuple[str, str]:
    return _joined(sheet, entries, "fr"), _joined(sheet, entries, "en")


def mend_upgrades(unit: Unit, sheet: Datasheet, report: ReadingReport) -> None:
    """The unit's upgrades as this Ost holds them, each change said in ``report``.

    The data's "Warlord" selection held as an upgrade is the warlord mark; an
    upgrade the datasheet now offers as a model's choice (a Captain's Chapter
    Master) goes onto a model; one a model carries already is counted once,
    on the model (a list that held it both ways priced it twice).
    """
    from ost.core.wargear import doubled_upgrades_folded, upgrades_onto_models, warlord_upgrade_as_mark

    if not unit.upgrades:
        return
    warlord_upgrade_as_mark(unit, sheet)
    moved = upgrades_onto_models(unit, sheet)
    if moved:
        fr, en = _names(sheet, moved)
        report.note(
            Bilingual(
                fr=f"{unit.display_name} : {fr} était pris pour l'unité ; sa fiche l'offre désormais à une "
                "figurine, qui le porte.",
                en=f"{unit.display_name}: {en} was taken for the unit; its datasheet now offers it to a "
                "model, which carries it.",
            )
        )
    folded = doubled_upgrades_folded(unit, sheet)
    if folded:
        fr, en = _names(sheet, folded)
        report.note(
            Bilingual(
                fr=f"{unit.display_name} : {fr} était pris deux fois, pour l'unité et par une figurine ; "
                "compté une fois, porté par la figurine.",
                en=f"{unit.display_name}: {en} was taken twice, for the unit and by a model; counted once, "
                "carried by the model.",
            )
        )


def kind_move_note(name: str, sheet: Datasheet, move: KindMove) -> Bilingual:
    """What :func:`~ost.core.wargear.models_onto_kinds` did to a unit's models, said to the player."""
    from ost.core.wargear import default_wargear

    def kind(kind_id: str, lang: str) -> str:
        found = sheet.kind_map.get(kind_id)
        return found.label(lang) if found is not None else kind_id

    def items(entries: Iterable[Carried], lang: str) -> str:
        return _joined(sheet, entries, lang)

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


def defaults_note(unit: Unit, sheet: Datasheet) -> Bilingual | None:
    """What a unit that records no wargear carries now, when its datasheet's defaults leave a kind's gear out.

    A list records no loadout for a unit whose models all carry their
    defaults; they carry their kinds' defaults as the datasheet gives them
    today. Where the unit's split of models fills a kind the datasheet does
    not require (none of its models need be there: 4 plain Devastators)
    while a kind it leaves empty carries by default what no model of the
    unit does (the Devastators with a heavy weapon and their missile
    launchers), a list written when the datasheet had one kind, each model
    with that weapon, opens without it: said, with what to do, rather than
    silently. Where the split only fills kinds the datasheet requires (an
    Infantry Squad's Guardsmen, a Bike Squad's Bikers), the list chose
    nothing: None, nothing to say.
    """
    from ost.core.armylist import unit_composition
    from ost.core.wargear import default_wargear

    if unit.loadout or len(sheet.kinds) < 2:
        return None
    composition = unit_composition(unit, sheet)
    present = [k for k in sheet.kinds if composition.get(k.id, 0) > 0]
    if all(k.min > 0 for k in present):
        return None
    held = {item_id for k in present for item_id in k.loadout}
    left = [(k, [c for c in default_wargear(sheet, k.id) if c.item not in held]) for k in sheet.kinds]
    left = [(k, own) for k, own in left if composition.get(k.id, 0) == 0 and own]
    if not left:
        return None

    def words(lang: str) -> tuple[str, str]:
        models = ", ".join(f"{composition[k.id]} × {k.label(lang)}" for k in present)
        missing = ", ".join(f"{k.label(lang)} ({_joined(sheet, own, lang)})" for k, own in left)
        return models, missing

    (models_fr, missing_fr), (models_en, missing_en) = words("fr"), words("en")
    return Bilingual(
        fr=f"{unit.display_name} : la liste n'écrit pas l'équipement de ses figurines ; elles portent celui que "
        f"la fiche leur donne par défaut ({models_fr}), sans {missing_fr} : si la liste en avait, "
        "choisissez-les dans la fiche de l'unité.",
        en=f"{unit.display_name}: the list records no wargear for its models; they carry their datasheet's "
        f"defaults ({models_en}), with no {missing_en}: if the list had any, choose them in the unit's form.",
    )


def mend_units(
    army: ArmyList, catalogue: Catalogue, report: ReadingReport, *, older: bool, before_kinds: bool = False
) -> None:
    """Every unit's models and upgrades mended; in a list ``older`` than version 5, its missing picks.

    Models the datasheet now splits into other kinds go to the kind that
    carries what they carry (:func:`~ost.core.wargear.models_onto_kinds`: a
    Devastator's heavy weapon); upgrades as :func:`mend_upgrades` says. In a
    list older than version 5, each unit gets the starting picks its choices
    lack. In a list written ``before_kinds`` (version 5 or older: the shipped
    Devastators, Servitors, Infantry Squads and Bike Squads took the data's
    model kinds after), a unit that records no wargear and whose defaults
    leave a kind's gear out is said (:func:`defaults_note`); it keeps the
    defaults. One pass, one datasheet lookup a unit; a unit without upgrades or
    model groups of a current list costs nothing more.
    """
    from ost.core.wargear import missing_starting_picks, models_onto_kinds, set_upgrade_count, without_warlord

    defaults: dict[Bilingual, int] = {}  # units alike said once, with how many they are
    for _, unit in army.units():
        sheet = catalogue.get(unit.datasheet)
        if sheet is None:
            continue
        for move in models_onto_kinds(unit, sheet):
            report.note(kind_move_note(unit.display_name, sheet, move))
        if before_kinds and (said := defaults_note(unit, sheet)) is not None:
            defaults[said] = defaults.get(said, 0) + 1
        mend_upgrades(unit, sheet, report)
        if not older:
            continue
        picks = missing_starting_picks(unit, sheet)
        upgrades, leads = without_warlord(picks, sheet)
        unit.warlord = unit.warlord or leads
        for pick in upgrades:
            assert pick.item is not None  # (a starting pick is always one of the datasheet's items)
            unit.upgrades = set_upgrade_count(unit.upgrades, sheet, pick.item, pick.count)
        if picks:
            fr, en = _names(sheet, picks)
            report.note(
                Bilingual(
                    fr=f"{unit.display_name} : liste écrite avant que les unités prennent d'office leurs choix "
                    f"obligatoires ; ajouté : {fr}.",
                    en=f"{unit.display_name}: list written before units took their required picks by themselves; "
                    f"added: {en}.",
                )
            )
    for said, times in defaults.items():
        report.note(said if times == 1 else said + Bilingual.same(f" (×{times})"))
