"""Browsing across sources (one faction name, one entry per datasheet) and what changed since a list was saved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import AM, BS_AM, BSDATA_SAMPLE, NO_SAMPLE, ListBuilder, two_sources
from helpers import run_cli as run
from ost.core import listfile
from ost.core.browse import browse_entries, faction_groups, plain_faction_name
from ost.core.catalogue import BandTable, Catalogue, CatalogueSource, Datasheet, Faction
from ost.core.changes import catalogue_changes
from ost.core.roles import Role
from ost.services import import_bsdata, open_catalogue

BS_AM2 = "bsdata:am-cat-2"


def _sheet(id: str, name: str, source: str, faction: str, **kw: object) -> Datasheet:
    return Datasheet.model_validate(
        {"id": id, "name": name, "role": "heavy_support", "faction_keywords": AM, "source": source, "faction": faction}
        | kw
    )


def test_one_faction_name_per_faction() -> None:
    catalogue = two_sources()
    groups = faction_groups(catalogue)
    assert len(groups) == 1
    group = groups[0]
    assert (group.id, group.name, group.label("en")) == ("astra-militarum", "Astra Militarum", "Astra Militarum")
    assert group.faction_ids == ("astra-militarum", "bs-am") and group.sources == ("ost", BS_AM)
    assert plain_faction_name("Imperium - Astra Militarum") == plain_faction_name("Astra Militarum")


def test_factions_named_otherwise_join_by_counterpart() -> None:
    factions = [
        Faction(id="garde", name="Garde Impériale", name_en="Imperial Guard", source="ost", counterparts=["am-cat"]),
        Faction(id="bs-am", name="Imperium - Astra Militarum", source=BS_AM),
        Faction(id="bs-am2", name="Astra Militarum (Legends)", source=BS_AM2, source_id="am-cat"),
        Faction(id="orks", name="Orks", source="ost"),
        Faction(id="bs-custodes", name="Imperium - Adeptus Custodes", source="bsdata:custodes-cat"),
    ]
    catalogue = Catalogue([], BandTable(bands=[]), factions=factions)
    groups = faction_groups(catalogue)
    assert [(g.name, g.faction_ids) for g in groups] == [
        ("Garde Impériale", ("garde", "bs-am2", "bs-am")),  # by source id, by the import's catalogue id
        ("Imperium - Adeptus Custodes", ("bs-custodes",)),
        ("Orks", ("orks",)),
    ]


def test_a_datasheet_in_two_sources_appears_once_shipped_first() -> None:
    entries = browse_entries(two_sources())
    by_name = {e.sheet.name: e for e in entries}
    assert set(by_name) == {"Char Leman Russ", "Chimère", "Basilisk", "Hydra"}
    assert len(entries) == 5  # the two Hydras of one source are two datasheets
    russ = by_name["Char Leman Russ"]  # by BattleScribe counterpart, names differ
    assert russ.sources == ("ost", BS_AM) and [s.id for s in russ.sheets] == ["am-leman-russ", "bs-am-lr-entry"]
    chimera = by_name["Chimère"]  # by alias
    assert chimera.sources == ("ost", BS_AM) and chimera.others[0].id == "bs-am-chimera"
    assert by_name["Basilisk"].sources == ("ost",)
    assert {e.group for e in entries} == {"astra-militarum"}
    assert [e.sheet.name for e in entries] == ["Basilisk", "Char Leman Russ", "Hydra", "Hydra", "Chimère"]  # role, name


def test_switched_off_sources_are_left_out_of_browsing() -> None:
    entries = browse_entries(two_sources(shipped_on=False))
    assert {e.sheet.source for e in entries} == {BS_AM}
    assert all(e.sources == (BS_AM,) for e in entries)
    russ = next(e for e in entries if e.sheet.id == "bs-am-lr-entry")
    assert russ.others == ()
    groups = faction_groups(two_sources(shipped_on=False))
    assert [g.name for g in groups] == ["Imperium - Astra Militarum"]
    assert {e.sheet.source for e in browse_entries(two_sources(imported_on=False))} == {"ost"}
    only = two_sources(imported_on=False)
    assert [s.id for s in only.enabled_sheets()] == ["am-leman-russ", "am-chimere", "am-basilisk"]
    assert only.get("bs-am-hydra") is not None  # still there for lists that use it


def test_browse_one_group() -> None:
    catalogue = two_sources()
    group = faction_groups(catalogue)[0]
    assert browse_entries(catalogue, group) == browse_entries(catalogue, "astra-militarum") == browse_entries(catalogue)
    assert browse_entries(catalogue, "orks") == []


@pytest.mark.bsdata
@pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)
def test_the_sample_beside_the_shipped_catalogue_gives_one_astra_militarum(tmp_path: Path) -> None:
    with open_catalogue(tmp_path / "c.sqlite").store as store:
        import_bsdata(store, [BSDATA_SAMPLE])
        catalogue = store.load()
    groups = [g for g in faction_groups(catalogue) if "astra militarum" in g.name.lower()]
    assert [g.name for g in groups] == ["Astra Militarum"]
    assert len(groups[0].faction_ids) == 2
    entries = browse_entries(catalogue, groups[0])
    commissar = [e for e in entries if "Commissar" in [s.name for s in e.sheets]]
    assert len(commissar) == 1 and commissar[0].sheet.source == "ost" and len(commissar[0].sources) == 2
    assert len(entries) < sum(1 for s in catalogue if s.faction in groups[0].faction_ids)


# --- changes since the list was saved ------------------------------------------------------------------------------


def _changed(mini: Catalogue, **updates: object) -> Catalogue:
    sheets = [s.model_copy(update=updates) if s.id == "tactical" else s for s in mini if s.id != "chaplain"]
    return Catalogue(sheets, mini.bands, mini.glossary.values(), mini.factions.values())


def test_changes_since_saved_points_size_role_and_gone(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    tactical = b.add("tactical", models=5)
    chaplain = b.add("chaplain")
    b.add("captain")
    army = b.army
    assert catalogue_changes(army, mini) == []
    changed = _changed(mini, points=95, min_models=5, max_models=5, role=Role.ELITES)
    found = catalogue_changes(army, changed)
    kinds = [(c.unit_id, c.kind) for c in found]
    assert kinds == [(tactical, "points"), (tactical, "size"), (tactical, "role"), (chaplain, "gone")]
    points, size, role, gone = found
    old_points = mini.get("tactical").points  # type: ignore[union-attr]
    assert (points.old, points.new) == (str(old_points), "95")
    assert "95 points" in points.message("fr") and f"{old_points} à l'enregistrement" in points.message.fr
    assert "95 points" in points.message("en") and "when the list was saved" in points.message.en
    assert size.new == "5" and "5 figurine(s)" in size.message.fr
    assert role.old == "troops" and role.new == "elites" and "Élite" in role.message.fr and "Elites" in role.message.en
    assert gone.new is None and "n'est plus dans le catalogue" in gone.message.fr and "no longer" in gone.message.en
    assert gone.to_data()["kind"] == "gone" and gone.to_data()["unit"] == chaplain


def test_check_prints_the_changes(mini: Catalogue, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ost.store import CatalogueStore

    b = ListBuilder(mini)
    b.add("captain")
    b.add("tactical", models=5)
    b.add("tactical", models=5)
    path = tmp_path / "l.ost"
    listfile.save(b.army, path)
    db = tmp_path / "changed.sqlite"
    with CatalogueStore(db) as store:
        store.replace_all(_changed(mini, points=95))
    code, out, _ = run(capsys, "--db", str(db), "--lang", "fr", "check", str(path))
    assert code in (0, 1)
    assert "Depuis l'enregistrement de la liste" in out and "↻" in out and "95 points" in out
    # The two Tactical Squads' change reads alike: said once, with how many units it concerns.
    lines = [line for line in out.splitlines() if "↻" in line]
    assert len(lines) == 1 and "(×2)" in lines[0]
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "check", "--format", "json", str(path))
    assert code in (0, 1)
    changes = json.loads(out)["results"][0]["changes"]
    assert [c["kind"] for c in changes] == ["points", "points"] and changes[0]["new"] == "95"
    assert set(changes[0]) == {"unit", "datasheet", "kind", "old", "new", "message_fr", "message_en"}
    with CatalogueStore(db) as store:
        store.replace_all(mini)
    _, out, _ = run(capsys, "--db", str(db), "check", "--format", "json", str(path))
    assert json.loads(out)["results"][0]["changes"] == []


# --- properties -----------------------------------------------------------------------------------------------------

_SOURCES = ["ost", "bsdata:a", "bsdata:b"]
_NAMES = ["Rhino", "Chimère", "Chimera", "Hydra", "Basilisk"]


@st.composite
def catalogues(draw: st.DrawFn) -> Catalogue:
    count = draw(st.integers(min_value=0, max_value=12))
    sheets = []
    for index in range(count):
        source = draw(st.sampled_from(_SOURCES))
        sheets.append(
            _sheet(
                f"s{index}",
                draw(st.sampled_from(_NAMES)),
                source,
                draw(st.sampled_from(["am", "bs-am"])),
                aliases=draw(st.lists(st.sampled_from(_NAMES), max_size=2)),
                bs_ids=draw(st.lists(st.sampled_from(["e1", "e2", "e3"]), max_size=2)),
                counterpart=draw(st.sampled_from([None, "e1", "e2"])),
            )
        )
    factions = [
        Faction(id="am", name="Astra Militarum", source="ost"),
        Faction(id="bs-am", name="Imperium - Astra Militarum", source="bsdata:a"),
    ]
    sources = [
        CatalogueSource(id=s, kind="shipped" if s == "ost" else "bsdata", enabled=draw(st.booleans())) for s in _SOURCES
    ]
    return Catalogue(sheets, BandTable(bands=[]), factions=factions, sources=sources)


@given(catalogues())
def test_every_switched_on_datasheet_is_listed_once(catalogue: Catalogue) -> None:
    entries = browse_entries(catalogue)
    listed = [s.id for e in entries for s in e.sheets]
    assert sorted(listed) == sorted(s.id for s in catalogue.enabled_sheets())
    for entry in entries:
        assert len(set(entry.sources)) == len(entry.sources)  # one datasheet per source in an entry
        if "ost" in entry.sources:
            assert entry.sheet.source == "ost"  # shipped preferred


def _repriced_per_model(mini: Catalogue, per_model: int) -> Catalogue:
    sheets = [
        Datasheet.model_validate({**s.model_dump(), "points_per_model": per_model}) if s.id == "tactical" else s
        for s in mini
    ]
    return Catalogue(sheets, mini.bands, mini.glossary.values(), mini.factions.values())


def test_a_new_price_per_extra_model_is_a_change(mini: Catalogue) -> None:
    # Ten Tactical Marines cost more when each model past the minimum does, though the minimum's price holds.
    b = ListBuilder(mini)
    tactical = b.add("tactical", models=10)
    old = mini.get("tactical").points_per_model  # type: ignore[union-attr]
    assert catalogue_changes(b.army, _repriced_per_model(mini, old)) == []
    found = catalogue_changes(b.army, _repriced_per_model(mini, old + 2))
    assert [(c.unit_id, c.kind, c.old, c.new) for c in found] == [(tactical, "model_points", str(old), str(old + 2))]
    assert f"{old + 2} points par figurine" in found[0].message.fr
    assert f"({old} à l'enregistrement" in found[0].message.fr
    assert f"{old + 2} points per extra model" in found[0].message.en


def test_a_list_saved_before_snapshots_knew_the_price_per_model_reports_no_such_change(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    unit = b.add("tactical", models=10)
    b.unit(unit).snapshot.points_per_model = None
    assert catalogue_changes(b.army, _repriced_per_model(mini, 30)) == []


@pytest.mark.parametrize("datasheet", ["bs:ffff-ffff-ffff-ffff", "text:canoptek-thing"])
def test_a_unit_no_catalogue_ever_held_is_not_reported_gone(mini: Catalogue, datasheet: str) -> None:
    # A roster's or a text's unit the catalogue lacked when read (UNIT-UNKNOWN says so): nothing changed since.
    b = ListBuilder(mini)
    unit = b.add("tactical", models=5)
    b.unit(unit).datasheet = datasheet
    b.unit(unit).source = None
    assert catalogue_changes(b.army, mini) == []


def test_a_catalogue_datasheet_gone_since_is_still_reported(mini: Catalogue) -> None:
    b = ListBuilder(mini)
    unit = b.add("chaplain")
    assert [(c.unit_id, c.kind) for c in catalogue_changes(b.army, _changed(mini))] == [(unit, "gone")]


def test_a_unit_from_a_switched_off_source_is_said(mini: Catalogue) -> None:
    imported = Datasheet(
        id="bs-guard",
        name="Guardsmen",
        role=Role.TROOPS,
        faction_keywords=AM,
        min_models=10,
        max_models=10,
        points=55,
        source=BS_AM,
    )
    sources = [CatalogueSource(id=BS_AM, kind="bsdata", name="Imperium - Astra Militarum", enabled=True)]
    on = Catalogue([*mini, imported], mini.bands, sources=sources)
    b = ListBuilder(on)
    guard = b.add("bs-guard")
    b.add("captain")
    assert catalogue_changes(b.army, on) == []
    off = Catalogue([*mini, imported], mini.bands, sources=[sources[0].model_copy(update={"enabled": False})])
    found = catalogue_changes(b.army, off)
    assert [(c.unit_id, c.kind, c.old) for c in found] == [(guard, "source_off", "Imperium - Astra Militarum")]
    assert "désactivée" in found[0].message.fr and "switched off" in found[0].message.en
