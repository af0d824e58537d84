"""Spot checks of the shipped catalogue through the validator: verdicts a player can check on the table.

Each case was wrong while the catalogue was written from memory; the facts
now come from the final 9th-edition data (tests/catalog/test_catalogue_fidelity.py).
"""

from __future__ import annotations

from helpers import ListBuilder
from ost.core.catalogue import Catalogue
from ost.core.findings import Code
from ost.core.roles import Role
from ost.core.scoring import score_unit
from ost.core.validator import validate


def codes(shipped: Catalogue, b: ListBuilder) -> set[Code]:
    return {f.code for f in validate(shipped, b.army).findings}


def embark_findings(shipped: Catalogue, b: ListBuilder, rider: str) -> list[str]:
    return [
        f.message.en
        for f in validate(shipped, b.army).findings
        if f.code in (Code.TRANSPORT_EMBARK, Code.TRANSPORT_INVALID) and rider in f.units
    ]


def test_ten_boyz_are_nine_boyz_and_a_boss_nob_with_eleven_wounds(shipped: Catalogue) -> None:
    b = ListBuilder(shipped)
    boyz = b.add("ork-boyz", models=10, placeholders={"<CLAN>": "GOFFS"})
    sheet = shipped.get("ork-boyz")
    assert sheet is not None
    composition = sheet.composition(10)
    by_name = {k.name: composition[k.id] for k in sheet.kinds}
    assert by_name == {"Boss Nob": 1, "Boy": 9}
    score = score_unit(b.unit(boyz), shipped)
    assert score.wounds == 11
    assert score.models == 10
    assert sheet.cost(10) == 80 and sheet.cost(11) == 88
    # 30 Boyz: still one Boss Nob, 29 Boyz, 31 wounds.
    assert sheet.unit_wounds(sheet.composition(30)) == 31


def test_a_commissar_is_one_model_and_elite(shipped: Catalogue) -> None:
    commissar = shipped.get("am-commissaire")
    assert commissar is not None
    assert commissar.role is Role.ELITES
    assert (commissar.min_models, commissar.max_models) == (1, 1)
    b = ListBuilder(shipped, limit=1000)
    b.add("am-escouade-commandement")
    b.add("am-escouade-infanterie")
    b.add("am-escouade-infanterie")
    unit = b.add("am-commissaire", models=2)
    assert Code.UNIT_OVER in codes(shipped, b)
    b.unit(unit).models = 1
    assert Code.UNIT_OVER not in codes(shipped, b)


def ride(shipped: Catalogue, transport: str, rider: str, models: int | None = None) -> list[str]:
    """Embarkation problems of ``models`` of ``rider`` in ``transport`` (a Captain keeps the list legal)."""
    b = ListBuilder(shipped, limit=2000)
    b.add("sm-capitaine")
    carrier = b.add(transport)
    return embark_findings(shipped, b, b.add(rider, models=models, transport=carrier))


def test_intercessors_cannot_board_a_land_raider(shipped: Catalogue) -> None:
    found = ride(shipped, "sm-land-raider", "sm-intercessors", 5)
    assert len(found) == 1 and "PRIMARIS" in found[0]


def test_five_assault_marines_with_jump_packs_board_a_land_raider(shipped: Catalogue) -> None:
    assert ride(shipped, "sm-land-raider", "sm-escouade-assaut", 5) == []
    # Each jump pack takes two places: six of them need 12 of the Land Raider's 10.
    found = ride(shipped, "sm-land-raider", "sm-escouade-assaut", 6)
    assert len(found) == 1 and "12" in found[0]


def test_a_rhino_refuses_jump_packs_and_the_drop_pod_any_dreadnought(shipped: Catalogue) -> None:
    assert ride(shipped, "sm-rhino", "sm-escouade-assaut")
    assert ride(shipped, "sm-module-atterrissage", "sm-dreadnought")
    assert ride(shipped, "sm-rhino", "sm-escouade-tactique", 10) == []


def test_meganobz_fit_in_a_stompa(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=2000)
    b.add("ork-big-boss")
    stompa = b.add("ork-stompa")
    meganobz = b.add("ork-meganobz", models=10, transport=stompa)
    assert embark_findings(shipped, b, meganobz) == []  # 10 × 2 places = 20, the Stompa's capacity
    trukk = b.add("ork-trukk")
    b.unit(meganobz).transport = trukk
    found = embark_findings(shipped, b, meganobz)
    assert len(found) == 1 and "20" in found[0]  # a Trukk has 12


def test_a_tactical_squad_cannot_board_a_chimera(shipped: Catalogue) -> None:
    found = ride(shipped, "am-chimere", "sm-escouade-tactique")
    assert len(found) == 1 and "ASTRA MILITARUM" in found[0]


def test_the_chimera_takes_guardsmen_and_ogryns_at_three_places(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=2000)
    chimera = b.add("am-chimere")
    squad = b.add("am-escouade-infanterie", models=10, transport=chimera)
    assert embark_findings(shipped, b, squad) == []
    other = b.add("am-chimere")
    ogryns = b.add("am-ogryns", models=4, transport=other)
    assert embark_findings(shipped, b, ogryns) == []  # 4 × 3 = 12
    b.unit(ogryns).models = 5
    assert embark_findings(shipped, b, ogryns)  # 15 places


def test_vendetta_and_night_scythe_carry_troops(shipped: Catalogue) -> None:
    vendetta = shipped.get("am-vendetta")
    scythe = shipped.get("nec-faucheur-nocturne")
    assert vendetta is not None and vendetta.transport is not None and vendetta.transport.capacity == 12
    assert scythe is not None and scythe.transport is not None and scythe.transport.capacity == 20


def test_flayed_ones_are_elite_and_only_real_tactical_squads_are_troops(shipped: Catalogue) -> None:
    flayed = shipped.get("nec-ecorcheurs")
    assert flayed is not None and flayed.role is Role.ELITES
    assert shipped.get("sm-escouade-tactique-veterans") is None
    veterans = shipped.get("sm-veterans-compagnie")
    assert veterans is not None and veterans.role is Role.ELITES


def test_a_stormraven_takes_a_dreadnought_but_not_a_redemptor(shipped: Catalogue) -> None:
    b = ListBuilder(shipped, limit=2000)
    b.add("sm-capitaine")
    raven = b.add("sm-stormraven")
    dread = b.add("sm-dreadnought", transport=raven)
    assert embark_findings(shipped, b, dread) == []
    b.unit(dread).transport = None
    other = b.add("sm-stormraven")
    redemptor = b.add("sm-dreadnought-redemptor", transport=other)
    found = embark_findings(shipped, b, redemptor)
    assert len(found) == 1 and "13" in found[0]


def test_every_transport_says_its_capacity_in_its_abilities(shipped: Catalogue) -> None:
    """The Transport (X) ability printed on cards is the capacity the validator uses."""
    for sheet in shipped:
        said = [a.parameter for a in sheet.abilities if a.name.casefold() == "transport"]
        capacity = sheet.transport.capacity if sheet.transport else None
        assert said == ([str(capacity)] if capacity is not None else []), sheet.id
