"""Sub-factions a roster names, and the placeholder keywords they fill.

A force's configuration names its sub-faction ("Craftworld Selection" →
"Saim-Hann", "Dynasty Choice" → "Dynasty: Szarekhan"); the words are those of
the one table :mod:`ost.core.subfactions`, which the text reader reads its
sub-faction lines with too. A unit's own faction categories may name it
("Faction: Ultramarines"), and a value found on one unit of a force holds for
the force.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element

from ost.core.armylist import Detachment
from ost.core.catalogue import Catalogue
from ost.core.i18n import Bilingual
from ost.core.subfactions import Subfaction, placeholder_key, subfaction_named, subfaction_of_placeholder
from ost.core.text import fold, is_placeholder, keyword_key
from ost.formats.lists.reading import ReadingReport
from ost.formats.lists.roster.elements import items_in

#: The sub-faction choices of a force's configuration: sub-faction -> (value, the selection that names it).
Settings = dict[Subfaction, tuple[str, str]]


def placeholder_words(placeholder: str) -> frozenset[str]:
    """Every word naming ``placeholder`` ("<CHAPITRE>" -> {"chapter", "chapitre"})."""
    found = subfaction_of_placeholder(placeholder)
    if found is not None:
        return found.words
    key = placeholder_key(placeholder)
    return frozenset({key}) if key else frozenset()


def _config_value(name: str, subfaction: Subfaction) -> str | None:
    """The sub-faction a configuration choice names ("Dynasty: Szarekhan" -> "SZAREKHAN"); None for a custom one."""
    text = " ".join(name.split())
    head, colon, tail = text.partition(":")
    if colon and subfaction_named(head) is subfaction:
        text = tail.strip()
    if not text or "<" in text or fold(text) in {"custom", "personnalise", "personnalisee"}:
        return None
    return text.upper()


def read_settings(selection: Element, settings: Settings, depth: int = 0) -> None:
    """Sub-faction choices in a configuration selection ("Craftworld Selection" → "Saim-Hann")."""
    if depth > 3:
        return
    name = " ".join((selection.get("name") or "").split())
    head, colon, _ = name.partition(":")
    subfaction = subfaction_named(head if colon else name)
    if colon and subfaction is not None:
        value = _config_value(name, subfaction)
        if value is not None:
            settings.setdefault(subfaction, (value, name))
            return
    children = list(items_in(selection, "selections", "selection"))
    if subfaction is not None and children:
        chosen = " ".join((children[0].get("name") or "").split())
        value = _config_value(chosen, subfaction)
        if value is not None:
            settings.setdefault(subfaction, (value, name))
        return
    for child in children:
        read_settings(child, settings, depth + 1)


def apply_settings(catalogue: Catalogue, report: ReadingReport, detachment: Detachment, settings: Settings) -> None:
    """Give the units of the force the sub-faction its configuration names, for the placeholder it names."""
    used: dict[Subfaction, None] = {}  # in the order first used, so the notes come in a stable order
    for unit in detachment.units:
        sheet = catalogue.get(unit.datasheet)
        placeholders = sheet.faction_placeholders if sheet is not None else ()
        for placeholder in placeholders:
            for subfaction, (value, _where) in settings.items():
                if subfaction.fills(placeholder, placeholders) and placeholder not in unit.placeholders:
                    unit.placeholders[placeholder] = value
                    used[subfaction] = None
    for subfaction in used:
        value, where = settings[subfaction]
        report.note(
            Bilingual(
                fr=f"{detachment.name} : « {where} » donne {value} aux unités de la force.",
                en=f"{detachment.name}: “{where}” gives {value} to the force's units.",
            ),
        )


def share_placeholders(catalogue: Catalogue, detachment: Detachment) -> None:
    """Give a sub-faction read on one unit to the units of the same force that lack it.

    BattleScribe writes the sub-faction ("Faction: Ultramarines") on some
    selections only; a force has one, so a single value found in the force
    holds for all its units.
    """
    values: dict[str, set[str]] = {}
    for unit in detachment.units:
        for key, value in unit.placeholders.items():
            values.setdefault(key, set()).add(value)
    for unit in detachment.units:
        sheet = catalogue.get(unit.datasheet)
        if sheet is None:
            continue
        for keyword in sheet.faction_keywords:
            found = values.get(keyword, set())
            if is_placeholder(keyword) and keyword not in unit.placeholders and len(found) == 1:
                unit.placeholders[keyword] = next(iter(found))


def placeholders_of(faction_keywords: list[str], roster_factions: list[str]) -> dict[str, str]:
    """Values for the datasheet's placeholder keywords, from the roster's extra faction categories.

    The roster's faction categories that the datasheet does not already have
    ("Ultramarines" beside "Imperium" and "Adeptus Astartes") name the
    sub-faction. With one placeholder and one such name, the value is clear;
    otherwise Ost leaves it to the player (the validator warns).
    """
    holes = [k for k in faction_keywords if is_placeholder(k)]
    if len(holes) != 1:
        return {}
    known = {keyword_key(k) for k in faction_keywords if not is_placeholder(k)}
    # The data names some links of "Faction: Orks" "Faction: Ork": a plural's singular is that faction.
    known |= {k[:-1] for k in known if k.endswith("S")} | {f"{k}S" for k in known}
    extra = [f for f in roster_factions if not is_placeholder(f) and keyword_key(f) not in known]
    if len(extra) != 1:
        return {}
    return {holes[0]: extra[0].upper()}
