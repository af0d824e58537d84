"""Transport rules that depend on wounds (read from BattleScribe texts), checked per kind of model."""

from __future__ import annotations

from helpers import ListBuilder
from ost.core.catalogue import Catalogue, SpaceRule, TransportCapacity, WoundLimit
from ost.core.findings import Code
from ost.core.validator import validate
from ost.formats.transport_text import parse_transport

STORMRAVEN = (
    "This model can transport 12 INFANTERIE models and 1 DREADNOUGHT. Each TERMINATOR model takes the space of two "
    "other infantry models. It cannot transport PRIMARIS models or a DREADNOUGHT with a wounds characteristic of 13 "
    "or more"
)
BUILDING = (
    "This building has a transport capacity of 10 INFANTERIE models. Each model with a Wounds characteristic of 3 "
    "or more takes up the space of 2 models. It cannot transport non-PERSONNAGE models with a Wounds characteristic "
    "of 4 or more."
)


def with_transport(mini: Catalogue, capacity: TransportCapacity, *tougher: tuple[str, int]) -> Catalogue:
    """``mini`` with the Land Raider carrying ``capacity``, and some datasheets given more wounds."""
    sheets = []
    wounds = dict(tougher)
    for sheet in mini:
        if sheet.id == "land-raider":
            sheet = sheet.model_copy(update={"transport": capacity})
        if sheet.id in wounds:
            kinds = [k.model_copy(update={"wounds": wounds[sheet.id]}) for k in sheet.kinds]
            sheet = sheet.model_copy(update={"kinds": kinds, "wounds": wounds[sheet.id]})
        sheets.append(sheet)
    return Catalogue(sheets, mini.bands, mini.glossary.values(), mini.factions.values())


def embark(catalogue: Catalogue, rider: str, models: int | None = None) -> list[str]:
    b = ListBuilder(catalogue)
    b.add("captain")
    b.add("tactical")
    raider = b.add("land-raider")
    unit = b.add(rider, models=models)
    b.unit(unit).transport = raider
    report = validate(catalogue, b.army)
    return [f.message.en for f in report.findings if f.code is Code.TRANSPORT_EMBARK]


def test_the_parsed_rules() -> None:
    raven = parse_transport(STORMRAVEN)
    assert raven.verified and raven.wound_limits == [WoundLimit(keywords=["DREADNOUGHT"], min_wounds=13)]
    building = parse_transport(BUILDING)
    assert building.verified
    assert building.space == [SpaceRule(keywords=[], space=2, min_wounds=3)]
    assert building.wound_limits == [WoundLimit(keywords=[], min_wounds=4, unless=["PERSONNAGE"])]


def test_a_dreadnought_with_too_many_wounds_cannot_embark(mini: Catalogue) -> None:
    raven = parse_transport(STORMRAVEN)
    # The mini Dreadnought has 8 wounds: it rides, taking no place of the 12 (one DREADNOUGHT on top).
    assert embark(with_transport(mini, raven), "dreadnought") == []
    heavy = with_transport(mini, raven, ("dreadnought", 13))
    assert embark(heavy, "dreadnought") == [
        "Dreadnought cannot embark in Land Raider: 13 wounds (Dreadnought), at most 12."
    ]


def test_wounds_set_the_space_and_tough_non_characters_stay_out(mini: Catalogue) -> None:
    building = parse_transport(BUILDING)
    catalogue = with_transport(mini, building)
    # Terminators have 3 wounds: each takes 2 places, so 5 fit in 10 and 6 do not.
    assert embark(catalogue, "terminators", 5) == []
    too_many = embark(catalogue, "terminators", 6)
    assert len(too_many) == 1 and "12 places, capacity 10" in too_many[0]
    # Four wounds: refused, unless a character.
    tough = with_transport(mini, building, ("terminators", 4), ("captain", 5))
    assert embark(tough, "terminators") == [
        "Terminators cannot embark in Land Raider: 4 wounds (Terminators), at most 3."
    ]
    b = ListBuilder(tough)
    captain = b.add("captain")
    b.add("tactical")
    raider = b.add("land-raider")
    b.unit(captain).transport = raider
    report = validate(tough, b.army)
    assert not [f for f in report.findings if f.code is Code.TRANSPORT_EMBARK]
