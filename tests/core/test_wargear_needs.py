"""A choice open only with another pick (``WargearGroup.needs``): taken without it, a ``WARGEAR-LIMIT``."""

from __future__ import annotations

from ost.core import armylist as ops
from ost.core.armylist import ArmyList, Detachment
from ost.core.catalogue import BandTable, Catalogue, Datasheet, ModelKind, WargearGroup, WargearItem, WargearLimit
from ost.core.findings import Code
from ost.core.roles import Role
from ost.core.validator import validate
from ost.core.wargear import set_upgrade_count, upgrade_problems

ONCE = WargearLimit(max=1, per="unit")


def _sheet() -> Datasheet:
    """A chaplain whose "Litanies of the Skies" are open only once he takes his jump pack."""
    return Datasheet(
        id="chaplain",
        name="Chapelain",
        role=Role.HQ,
        points=70,
        kinds=[ModelKind(id="chaplain", name="Chapelain", max=1)],
        wargear=[
            WargearItem(id="warlord", name="Warlord", kind="trait"),
            WargearItem(id="jump", name="Réacteur dorsal", name_en="Jump pack", kind="upgrade"),
            WargearItem(id="dive", name="Piqué vengeur", name_en="Vengeful dive", kind="upgrade"),
        ],
        choices=[
            WargearGroup(id="g-warlord", name="Warlord", items=["warlord"], limit=ONCE),
            WargearGroup(id="g-jump", name="Réacteur", name_en="Jump", items=["jump"], limit=ONCE),
            WargearGroup(
                id="g-skies",
                name="Litanies du ciel",
                name_en="Litanies of the Skies",
                items=["dive"],
                limit=ONCE,
                needs=["jump"],
            ),
        ],
    )


def test_a_choice_taken_without_what_it_needs_is_flagged_in_both_languages() -> None:
    sheet = _sheet()
    army = ArmyList(detachments=[Detachment(id="d1")])
    unit = ops.add_unit(army, sheet, "d1")
    unit.warlord = True
    unit.upgrades = set_upgrade_count(unit.upgrades, sheet, "dive", 1)
    catalogue = Catalogue([sheet], BandTable(bands=[]))
    (finding,) = [f for f in validate(catalogue, army).findings if f.code is Code.WARGEAR_LIMIT]
    assert finding.message.fr == "Chapelain : « Litanies du ciel » : pris 1 fois ; seulement avec « Réacteur dorsal »."
    assert finding.message.en == "Chapelain: “Litanies of the Skies”: taken 1 time; only with “Jump pack”."
    assert finding.fix is not None and finding.fix.en == "Remove “Litanies of the Skies”."
    unit.upgrades = []
    (reason,) = upgrade_problems(unit, sheet, "dive", 1)
    assert reason.fr == "Litanies du ciel : seulement avec « Réacteur dorsal »"
    assert reason.en == "Litanies of the Skies: only with “Jump pack”"
    # With the jump pack, legal; the field is left out of a group's JSON when empty.
    unit.upgrades = set_upgrade_count(set_upgrade_count([], sheet, "jump", 1), sheet, "dive", 1)
    assert not [f for f in validate(catalogue, army).findings if f.code is Code.WARGEAR_LIMIT]
    assert upgrade_problems(unit, sheet, "dive", 1) == []
    assert "needs" not in sheet.choice_map["g-jump"].model_dump()
    assert sheet.choice_map["g-skies"].model_dump()["needs"] == ["jump"]
