"""The catalogue database on a real SQLite file: migrations, round trip, search."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ost.core.catalogue import (
    AbilityRef,
    Catalogue,
    Datasheet,
    ModelKind,
    ModelProfile,
    SpaceRule,
    TransportCapacity,
    WargearGroup,
    WargearItem,
    WargearLimit,
    WargearOption,
    WeaponProfile,
)
from ost.core.roles import Role, UnitType
from ost.store import CatalogueStore, StoreError
from ost.store.database import head_revision


def full_sheet() -> Datasheet:
    """A datasheet with every field set to something other than its default."""
    return Datasheet(
        id="x-every-field",
        name="Épreuve Complète",
        name_en="Full Trial",
        faction="sm",
        role=Role.ELITES,
        identity="ÉPREUVE",
        keywords=["INFANTERIE", "PERSONNAGE", "ÉPREUVE"],
        faction_keywords=["IMPERIUM", "<CHAPITRE>"],
        aliases=["Full Test", "Test complet"],
        min_models=2,
        max_models=7,
        points=123,
        points_per_model=17,
        options=[WargearOption(id="o1", name="Épée", points=5, per_model=True, max=3)],
        wargear=[
            WargearItem(id="bolter", name="Bolter", name_en="Boltgun", weapons=["Bolter"]),
            WargearItem(id="epee", name="Épée", kind="relic", points=5, text="Tranche.", bs_ids=["e-1"]),
        ],
        choices=[
            WargearGroup(
                id="g1",
                name="Remplacer le bolter",
                kinds=["garde"],
                items=["epee"],
                item_limits={"epee": WargearLimit(max=1, per="unit", every=5)},
                replaces=["bolter"],
                limit=WargearLimit(max=1),
            )
        ],
        wounds=4,
        unit_type=UnitType.CAVALRY,
        unit_class=2,
        transport_space=3,
        profiles=[
            ModelProfile(
                name="Chef",
                m='6"',
                ws="2+",
                bs="3+",
                s="4",
                t="4",
                w="4",
                a="3",
                ld="9",
                sv="3+",
                extra={"Bouclier": "5++"},
            )
        ],
        weapons=[WeaponProfile(name="Bolter", range='24"', type="Tir rapide 1", s="4", ap="0", d="1", abilities="-")],
        abilities=[
            AbilityRef(name="Régénération", parameter="5+"),
            AbilityRef(name="Ruse", text="Se cache.", removed_by=["epee"]),
        ],
        granted_abilities=[AbilityRef(name="Bannière", text_en="Aura.", granted_by=["epee"])],
        transport=TransportCapacity(
            capacity=6,
            allowed=[["INFANTERIE"], ["BÊTE", "<CHAPITRE>"]],
            forbidden=["TERMINATOR"],
            space=[SpaceRule(keywords=["OGRYN"], space=3)],
            text="six places",
            verified=False,
        ),
        linked_character=True,
        never_holds_objectives=True,
        legends=True,
        hidden=True,
        source="bsdata:abc",
        source_id="1234-5678",
        source_revision="42",
        bs_ids=["1234-5678", "aaaa-bbbb"],
        kinds=[
            ModelKind(id="chef", name="Chef", name_en="Chief", min=1, max=1, wounds=4, points=0, profile="Chef"),
            ModelKind(
                id="garde",
                name="Garde",
                min=1,
                max=6,
                wounds=2,
                points=17,
                space=2,
                keywords=["BOUCLIER"],
                loadout={"bolter": 1},
            ),
        ],
        counterpart="1234-5678",
        departures={"points": "prix du club"},
    )


def test_every_field_is_set_in_the_round_trip_sheet() -> None:
    sheet = full_sheet()
    defaults = Datasheet(id="d", name="d", role=Role.HQ)
    for field in Datasheet.model_fields:
        if field in ("id", "name"):
            continue
        assert getattr(sheet, field) != getattr(defaults, field), f"{field} is left at its default"


def test_head_revision_constant_matches_alembic() -> None:
    from ost.store.migrations import HEAD_REVISION

    assert head_revision() == HEAD_REVISION


def test_migrate_empty_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite"
    with CatalogueStore(path) as store:
        assert store.revision() == head_revision()
        assert store.is_empty()
    tables = {row[0] for row in sqlite3.connect(path).execute("select name from sqlite_master where type='table'")}
    assert {"datasheets", "factions", "bands", "band_limits", "glossary", "catalogue_meta", "alembic_version"} <= tables


def test_reopen_does_not_migrate_again(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    CatalogueStore(path).close()
    with CatalogueStore(path) as store:
        assert store.revision() == head_revision()


def test_round_trip_every_field(tmp_path: Path, mini: Catalogue) -> None:
    sheet = full_sheet()
    catalogue = Catalogue([*mini, sheet], mini.bands, mini.glossary.values(), mini.factions.values())
    with CatalogueStore(tmp_path / "c.sqlite") as store:
        store.replace_all(catalogue, {"source": "test"})
    with CatalogueStore(tmp_path / "c.sqlite") as store:
        loaded = store.load()
        assert loaded.get(sheet.id) == sheet
        assert {s.id: s for s in loaded} == {s.id: s for s in catalogue}
        assert loaded.bands == mini.bands
        assert loaded.factions == mini.factions
        assert set(loaded.glossary) == set(mini.glossary)
        assert store.meta()["source"] == "test"


def test_search_ignores_accents_and_case(tmp_path: Path, mini: Catalogue) -> None:
    with CatalogueStore(tmp_path / "c.sqlite") as store:
        store.replace_all(mini)
        assert [s.id for s in store.search("veterans")] == ["tactical-vets"]
        assert [s.id for s in store.search("ÉSCOUADE TACTIQUE")] == ["tactical"]
        assert {s.id for s in store.search("orks")} == {"ork-boss", "ork-boyz", "ork-trukk"}
        assert [s.id for s in store.search("big boss")] == ["ork-boss"]
        assert store.search("100%_") == []


def test_replace_is_all_or_nothing(tmp_path: Path, mini: Catalogue) -> None:
    path = tmp_path / "c.sqlite"
    with CatalogueStore(path) as store:
        store.replace_all(mini)
        twice = Catalogue([*mini], mini.bands)
        # Two rows with the same id make the insert fail half-way.
        twice._by_id["dup"] = next(iter(mini)).model_copy(update={"id": "captain"})
        with pytest.raises(StoreError):
            store.replace_all(twice)
        assert len(store.load()) == len(mini)


def test_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(StoreError, match="not a catalogue database"):
        CatalogueStore(path)


def test_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder"):
        CatalogueStore(tmp_path)


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite"
    CatalogueStore(path).close()
    with sqlite3.connect(path) as db:
        db.execute("update alembic_version set version_num = '9999'")
    with pytest.raises(StoreError, match="newer than this Ost"):
        CatalogueStore(path)


def test_a_failed_migration_leaves_the_database_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """DDL runs inside the migration's transaction: a failure rolls the whole step back."""
    from alembic import command
    from alembic.runtime.migration import HeadMaintainer

    from ost.store.database import _alembic_config

    path = tmp_path / "old.sqlite"
    store = CatalogueStore(path, migrate=False)
    with store.engine.begin() as connection:
        command.upgrade(_alembic_config(connection), "0001")
    store.close()

    def power_cut(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("power cut")  # after 0002's CREATE TABLE, before the version is written

    monkeypatch.setattr(HeadMaintainer, "update_to_step", power_cut)
    with pytest.raises((StoreError, RuntimeError)):
        CatalogueStore(path)
    tables = {r[0] for r in sqlite3.connect(path).execute("select name from sqlite_master where type='table'")}
    assert "datasheet_overrides" not in tables
    monkeypatch.undo()
    with CatalogueStore(path) as again:  # the next start migrates normally
        assert again.revision() == head_revision()


def test_linked_character_override_to_false_sticks(tmp_path: Path, mini: Catalogue) -> None:
    with CatalogueStore(tmp_path / "c.sqlite") as store:
        store.replace_all(mini)
        assert store.datasheet("lieutenant").linked_character  # type: ignore[union-attr]
        store.set_override("lieutenant", "linked_character", False)
        assert store.datasheet("lieutenant").linked_character is False  # type: ignore[union-attr]
        assert store.load().get("lieutenant").linked_character is False  # type: ignore[union-attr]


def test_repeated_datasheets_are_read_once_and_keep_their_own_ids(tmp_path: Path, mini: Catalogue) -> None:
    """A chapter catalogue repeats Space Marines datasheets: stored with one body, read back whole and apart."""
    first = full_sheet()
    copies = [
        first.model_copy(
            update={
                "id": f"copy-{n}",
                "faction": f"f{n}",
                "source": f"bsdata:{n}",
                "source_revision": str(n),
                "bs_ids": [str(n)],
            }
        )
        for n in range(3)
    ]
    other = first.model_copy(update={"id": "other", "name": "Autre"})
    catalogue = Catalogue([first, *copies, other], mini.bands)
    with CatalogueStore(tmp_path / "c.sqlite") as store:
        store.replace_all(catalogue)
        with sqlite3.connect(store.path) as connection:
            bodies = connection.execute("select count(distinct body) from datasheets").fetchone()[0]
        assert bodies == 2
        loaded = {s.id: s for s in store.load()}
    assert loaded == {s.id: s for s in catalogue}
    assert len({id(s) for s in loaded.values()}) == 5
    assert [loaded[f"copy-{n}"].source for n in range(3)] == ["bsdata:0", "bsdata:1", "bsdata:2"]
    assert loaded["copy-2"].bs_ids == ["2"] and loaded["copy-2"].identity_key == first.identity_key
