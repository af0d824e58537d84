"""Four readings of the seeds (issue 20, SPEC §3): unaligned units, placeholder-only units, the free character seat.

(The fourth, the value of a PV per model, is in ``test_scoring.py`` and ``test_pdf_sheet.py``.)
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE, ListBuilder, mini_sheets
from ost.core.armylist import Unit, UnitSnapshot
from ost.core.catalogue import Catalogue, Datasheet, ModelKind
from ost.core.findings import Code, Finding
from ost.core.roles import Role, UnitType
from ost.core.validator import Report, boarding_problems, validate


def of(report: Report, code: Code) -> list[Finding]:
    return [f for f in report.findings if f.code is code]


def catalogue_with(mini: Catalogue, *extra: Datasheet, drop: tuple[str, ...] = ()) -> Catalogue:
    sheets = [s for s in mini_sheets() if s.id not in drop]
    return Catalogue([*sheets, *extra], mini.bands, mini.glossary.values(), mini.factions.values())


# --- unaligned units ---------------------------------------------------------------------------


def fortification(id: str, name: str, faction_keywords: list[str]) -> Datasheet:
    return Datasheet(
        id=id,
        name=name,
        role=Role.FORTIFICATION,
        points=100,
        wounds=20,
        unit_type=UnitType.FORTIFICATION,
        unit_class=5,
        keywords=["FORTIFICATION", name.upper()],
        faction_keywords=faction_keywords,
    )


BASTION = fortification("bastion", "Bastion", ["UNALIGNED"])
AEGIS = fortification("aegis", "Ligne de défense Aegis", ["Unaligned"])


def test_an_unaligned_fortification_joins_any_detachment(mini: Catalogue) -> None:
    catalogue = catalogue_with(mini, BASTION, drop=("bastion",))
    b = ListBuilder(catalogue, 1000)
    b.add("captain", warlord=True)
    b.add("tactical")
    b.add("intercessors")
    b.add("bastion")
    report = validate(catalogue, b.army)
    assert not of(report, Code.DET_FACTION), report.codes()
    assert report.legal, report.codes()


def test_units_of_two_factions_still_clash_beside_an_unaligned_one(mini: Catalogue) -> None:
    catalogue = catalogue_with(mini, BASTION, drop=("bastion",))
    b = ListBuilder(catalogue, 1000)
    b.add("captain")
    b.add("ork-boss")
    fort = b.add("bastion")
    [clash] = of(validate(catalogue, b.army), Code.DET_FACTION)
    assert fort not in clash.units  # the fortification is left out of the comparison
    assert "UNALIGNED" not in clash.message.fr and "UNALIGNED" not in clash.message.en


def test_a_unit_the_catalogue_lacks_is_unaligned_when_its_file_says_unaligned(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    b.add("captain")
    b.add("tactical")
    b.army.detachments[0].units.append(
        Unit(
            id="fort",
            datasheet="bs:gone-fortification",
            snapshot=UnitSnapshot(
                name="Bunker", role=Role.FORTIFICATION, points=90, faction_keywords=["Unaligned"], min_models=1
            ),
            models=1,
        )
    )
    assert not of(validate(mini, b.army), Code.DET_FACTION)


def test_two_bastions_with_an_aegis_line_unused_break_the_datasheet_cap(mini: Catalogue) -> None:
    """1500 points: 1 Fortification per datasheet; the Aegis line could join, so no exhaustion exception."""
    catalogue = catalogue_with(mini, BASTION, AEGIS, drop=("bastion",))
    b = ListBuilder(catalogue, 1500)
    b.add("captain")
    b.add("tactical")
    b.add("bastion")
    b.add("bastion")
    [cap] = of(validate(catalogue, b.army), Code.SHEET_MAX)
    assert "Ligne de défense Aegis" in cap.message.fr and "encore inutilisées" in cap.message.fr
    assert "Ligne de défense Aegis" in cap.message.en and "not yet used" in cap.message.en
    assert "Ligne de défense Aegis" in cap.fix.fr


def test_two_bastions_pass_when_no_other_fortification_is_available(mini: Catalogue) -> None:
    catalogue = catalogue_with(mini, BASTION, drop=("bastion",))
    b = ListBuilder(catalogue, 1500)
    b.add("captain")
    b.add("tactical")
    b.add("bastion")
    b.add("bastion")
    assert not of(validate(catalogue, b.army), Code.SHEET_MAX)


def test_a_list_of_fortifications_only_sees_the_unaligned_ones(mini: Catalogue) -> None:
    catalogue = catalogue_with(mini, BASTION, AEGIS, drop=("bastion",))
    b = ListBuilder(catalogue, 1500)
    b.add("bastion")
    b.add("bastion")
    [cap] = of(validate(catalogue, b.army), Code.SHEET_MAX)
    assert "Ligne de défense Aegis" in cap.message.fr


@pytest.fixture(scope="module")
def sample() -> Catalogue:
    if not BSDATA_SAMPLE.is_dir():
        pytest.skip(NO_SAMPLE)
    from helpers import mini_catalogue
    from ost.formats.bsdata import read_bsdata

    imported = read_bsdata([BSDATA_SAMPLE])
    return Catalogue(imported.datasheets, mini_catalogue().bands)


def _sample_id(catalogue: Catalogue, faction: str, name: str) -> str:
    [sheet] = [s for s in catalogue if s.faction == faction and s.name == name and not s.hidden]
    return sheet.id


@pytest.mark.bsdata
def test_the_game_systems_bastion_joins_an_ultramarines_detachment(sample: Catalogue) -> None:
    """The real files mark fortifications ``Faction: Unaligned``: no false DET-FACTION, and the cap holds."""
    marines = "bs-imperium-adeptus-astartes-ultramarines"
    bastion = _sample_id(sample, "bs-warhammer-40-000-9th-edition", "Bastion")
    assert sample.get(bastion).faction_keywords == ["UNALIGNED"]  # type: ignore[union-attr]
    b = ListBuilder(sample, 1500)
    b.add(_sample_id(sample, marines, "Captain"))
    b.add(_sample_id(sample, marines, "Intercessor Squad"))
    b.add(bastion)
    report = validate(sample, b.army)
    assert not of(report, Code.DET_FACTION), [f.message.en for f in report.findings]
    b.add(bastion)
    [cap] = of(validate(sample, b.army), Code.SHEET_MAX)
    # Other unaligned fortifications of the game system are available, as are the chapter's own.
    assert "Imperial Bunker" in cap.message.en and "Hammerfall Bunker" in cap.message.en


# --- units whose only faction keywords are unset placeholders -------------------------------------

LEGIONNAIRES = Datasheet(
    id="legionnaires",
    name="Légionnaires",
    role=Role.TROOPS,
    points=70,
    min_models=5,
    max_models=10,
    keywords=["INFANTERIE", "LÉGIONNAIRES"],
    faction_keywords=["<LÉGION>"],
)


def test_a_placeholder_only_unit_shares_nothing_with_an_ork_detachment(mini: Catalogue) -> None:
    catalogue = catalogue_with(mini, LEGIONNAIRES)
    b = ListBuilder(catalogue, 1000)
    b.add("ork-boss")
    b.add("ork-boyz")
    legion = b.add("legionnaires", placeholders={})
    report = validate(catalogue, b.army)
    [clash] = of(report, Code.DET_FACTION)
    assert legion in clash.units
    assert "Légionnaires : <LÉGION> sans valeur" in clash.message.fr
    assert "Légionnaires: <LÉGION> with no value" in clash.message.en
    assert of(report, Code.PLACEHOLDER_UNSET)  # besides the warning


def test_a_legion_chosen_still_shares_nothing_with_orks(mini: Catalogue) -> None:
    catalogue = catalogue_with(mini, LEGIONNAIRES)
    b = ListBuilder(catalogue, 1000)
    b.add("ork-boss")
    b.add("legionnaires", placeholders={"<LÉGION>": "BLACK LEGION"})
    report = validate(catalogue, b.army)
    [clash] = of(report, Code.DET_FACTION)
    assert "BLACK LEGION" in clash.message.en
    assert not of(report, Code.PLACEHOLDER_UNSET)


def test_a_placeholder_only_unit_alone_or_with_a_fortification_is_no_clash(mini: Catalogue) -> None:
    catalogue = catalogue_with(mini, LEGIONNAIRES, BASTION, drop=("bastion",))
    b = ListBuilder(catalogue, 1000)
    b.add("legionnaires", placeholders={})
    b.add("bastion")
    report = validate(catalogue, b.army)
    assert not of(report, Code.DET_FACTION)
    assert of(report, Code.PLACEHOLDER_UNSET)


def test_a_placeholder_only_snapshot_shares_nothing_either(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    b.add("ork-boss")
    b.army.detachments[0].units.append(
        Unit(
            id="gone",
            datasheet="bs:gone",
            snapshot=UnitSnapshot(name="Cultistes", role=Role.TROOPS, points=50, faction_keywords=["<Legion>"]),
            models=10,
        )
    )
    [clash] = of(validate(mini, b.army), Code.DET_FACTION)
    assert "gone" in clash.units


# --- one CHARACTER model rides free in a transport of capacity 6 or more ---------------------------


def squad(id: str = "command", *, character_leader: bool = True, all_characters: bool = False) -> Datasheet:
    """A squad led by a CHARACTER model (or made of characters only), 5 to 10 infantry models."""
    leader_keywords = ["PERSONNAGE"] if character_leader else []
    keywords = ["INFANTERIE", "ESCOUADE DE COMMANDEMENT"] + (["PERSONNAGE"] if all_characters else [])
    return Datasheet(
        id=id,
        name="Escouade de commandement",
        role=Role.ELITES,
        faction="sm",
        points=100,
        min_models=5,
        max_models=10,
        keywords=keywords,
        faction_keywords=["IMPERIUM", "ADEPTUS ASTARTES", "<CHAPITRE>"],
        kinds=[
            ModelKind(id="leader", name="Champion", min=1, max=1, keywords=leader_keywords),
            ModelKind(id="veteran", name="Vétéran", min=4, max=9, points=20),
        ],
    )


def ride(catalogue: Catalogue, transport: str, models: int, rider: str = "command") -> list[Finding]:
    b = ListBuilder(catalogue, 1000)
    b.add("captain")
    unit = b.add(rider, models=models)
    b.unit(unit).transport = b.add(transport)
    return of(validate(catalogue, b.army), Code.TRANSPORT_EMBARK)


def test_a_character_model_rides_free_in_a_razorback(mini: Catalogue) -> None:
    """Razorback, capacity 6: 7 models of which one CHARACTER fit (6 places), 8 do not."""
    catalogue = catalogue_with(mini, squad())
    assert ride(catalogue, "razorback", 7) == []
    [full] = ride(catalogue, "razorback", 8)
    assert "8 figurines × 1 place(s) − 1 (un personnage voyage gratuitement) = 7 places, capacité 6" in full.message.fr
    assert "8 models × 1 space − 1 (one character rides free) = 7 places, capacity 6" in full.message.en


def test_no_free_seat_without_a_character_model(mini: Catalogue) -> None:
    catalogue = catalogue_with(mini, squad(character_leader=False))
    [full] = ride(catalogue, "razorback", 7)
    assert "7 places, capacité 6" in full.message.fr and "gratuit" not in full.message.fr
    assert "7 places, capacity 6" in full.message.en and "free" not in full.message.en


def test_no_free_seat_in_a_transport_of_capacity_5(mini: Catalogue) -> None:
    catalogue = catalogue_with(mini, squad())
    assert ride(catalogue, "pod", 5) == []
    [full] = ride(catalogue, "pod", 6)
    assert "6 places, capacité 5" in full.message.fr and "gratuit" not in full.message.fr


def test_only_one_character_model_rides_free(mini: Catalogue) -> None:
    """A squad of characters only: one of them rides free, the others take their places."""
    catalogue = catalogue_with(mini, squad(all_characters=True))
    assert ride(catalogue, "razorback", 7) == []
    [full] = ride(catalogue, "razorback", 8)
    assert "= 7 places, capacity 6" in full.message.en


def test_the_free_seat_on_the_shipped_razorback(shipped: Catalogue) -> None:
    """The shipped Razorback (capacity 6, <CHAPITRE> INFANTERIE) takes a 7-model squad with a character."""
    catalogue = Catalogue([*shipped, squad()], shipped.bands, shipped.glossary.values(), shipped.factions.values())
    assert catalogue.get("sm-razorback") is not None
    b = ListBuilder(catalogue, 1000)
    unit = b.add("command", models=7)
    razorback = b.add("sm-razorback")
    assert boarding_problems(catalogue, b.army, unit, [razorback]) == {razorback: []}
    b.unit(unit).models = 8
    [why] = boarding_problems(catalogue, b.army, unit, [razorback])[razorback]
    assert "one character rides free" in why("en") and "personnage voyage gratuitement" in why("fr")


@pytest.fixture
def command_window(qtbot: object, mini: Catalogue, tmp_path: Path) -> Iterator[object]:
    from ost.gui.main_window import MainWindow
    from ost.gui.settings import Settings

    catalogue = catalogue_with(mini, squad())
    win = MainWindow(catalogue, lang="fr", settings=Settings(path=tmp_path / "s.json"), autosave_dir=tmp_path / "a")
    win.exec_dialog = lambda dialog: 0  # type: ignore[method-assign]
    win.show()
    yield win
    win.undo_stack.setClean()
    win.close()
    win.deleteLater()


@pytest.mark.gui
def test_the_transport_box_offers_the_free_seat(command_window: object, mini: Catalogue) -> None:
    from helpers import box_entries
    from ost.gui.main_window import MainWindow

    window = command_window
    assert isinstance(window, MainWindow)
    catalogue = window.catalogue
    b = ListBuilder(catalogue, 1000)
    b.add("captain")
    seven = b.add("command", models=7)
    razorback = b.add("razorback")
    eight = b.add("command", models=8)
    window.documents.show(b.army)
    window.select_units([seven])
    enabled, _ = box_entries(window.editor.transport_box)[razorback]
    assert enabled  # 7 models, one of them a character: 6 places
    window.select_units([eight])
    enabled, text = box_entries(window.editor.transport_box)[razorback]
    assert not enabled and "gratuitement" in text
