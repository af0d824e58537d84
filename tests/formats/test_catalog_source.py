"""The YAML catalogue source: the shipped catalogue builds; bad files are refused precisely."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ost.core.catalogue import Catalogue, Datasheet, WargearGroup, WargearItem, WargearLimit
from ost.core.resources import shipped_catalogue_dir
from ost.core.roles import Role, UnitType
from ost.formats.catalog_source import (
    parse_ability,
    parse_cell,
    parse_models,
    read_catalogue,
    read_keyword_table,
    wargear_problem,
)
from ost.formats.yamltext import SourceError
from ost.services import build_catalogue
from ost.store import CatalogueStore

GOOD = """\
faction:
  name: Essai
datasheets:
  - id: t-boss
    name: Chef
    role: QG
    keywords: [INFANTERIE, PERSONNAGE, CHEF]
    factions: [ESSAI]
  - id: t-troop
    name: Troupiers
    role: Troupes
    models: 5-10
    points: 50
    per_model: 10
    keywords: [INFANTERIE, TROUPIERS]
    factions: [ESSAI]
"""


def source(tmp_path: Path, faction_text: str = GOOD, name: str = "essai.yaml") -> Path:
    folder = tmp_path / "catalog"
    (folder / "factions").mkdir(parents=True)
    shutil.copy(shipped_catalogue_dir() / "bands.yaml", folder)
    shutil.copy(shipped_catalogue_dir() / "glossary.yaml", folder)
    (folder / "factions" / name).write_text(faction_text, encoding="utf-8")
    return folder


def test_small_source_builds(tmp_path: Path) -> None:
    catalogue = read_catalogue(source(tmp_path))
    troop = catalogue.get("t-troop")
    assert troop is not None
    assert (troop.min_models, troop.max_models, troop.points, troop.points_per_model) == (5, 10, 50, 10)
    assert troop.role is Role.TROOPS
    assert troop.faction == "essai"
    assert catalogue.factions["essai"].name == "Essai"


@pytest.mark.parametrize(
    ("edit", "line", "field", "message"),
    [
        (lambda t: t.replace("role: Troupes", "role: Troop"), 11, "role", "unknown role 'Troop'"),
        (lambda t: t.replace("points: 50", "points: -5"), 13, "points", "greater than or equal to 0"),
        (lambda t: t.replace("id: t-troop", "id: t-boss"), 9, "id", "duplicate datasheet id 't-boss'"),
        (lambda t: t.replace("models: 5-10", "models: 10-5"), 12, "models", "below min_models"),
        (lambda t: t.replace("models: 5-10", "models: beaucoup"), 12, "models", "expected a model count"),
        (lambda t: t.replace("    per_model: 10\n", "    per_modle: 10\n"), 14, "per_modle", "unknown field"),
        (lambda t: t.replace("  - id: t-troop\n    name: Troupiers\n", "  - id: t-troop\n"), 9, "name", "required"),
        (
            lambda t: t.replace("keywords: [INFANTERIE, TROUPIERS]", "keywords: [INFANTERIE, TROUPIERS"),
            16,
            None,
            "bad YAML syntax",
        ),
        (lambda t: t.replace("    points: 50\n", "    points: 50\n    points: 60\n"), 14, "points", "duplicate key"),
        (lambda t: t.replace("type: x", "") + "    type: Tank\n", 17, "type", "unknown unit type 'Tank'"),
    ],
)
def test_malformed_source_names_file_line_and_field(
    tmp_path: Path, edit: object, line: int, field: str | None, message: str
) -> None:
    assert callable(edit)
    folder = source(tmp_path, edit(GOOD))
    with pytest.raises(SourceError) as info:
        read_catalogue(folder)
    error = info.value
    assert error.path.endswith("essai.yaml")
    assert error.line == line, str(error)
    assert error.field == field, str(error)
    assert message in str(error)
    assert str(error).startswith(f"{folder / 'factions' / 'essai.yaml'}, line {line}")


def test_duplicate_id_across_files(tmp_path: Path) -> None:
    folder = source(tmp_path)
    (folder / "factions" / "zautre.yaml").write_text(GOOD.replace("name: Essai", "name: Autre"), encoding="utf-8")
    with pytest.raises(SourceError) as info:
        read_catalogue(folder)
    assert "zautre.yaml" in str(info.value)
    assert "first defined in essai.yaml, line 4" in str(info.value)


def test_aliases_are_refused(tmp_path: Path) -> None:
    bomb = GOOD + "extra: &a [1, 2]\nmore: *a\n"
    with pytest.raises(SourceError, match="anchors and aliases"):
        read_catalogue(source(tmp_path, bomb))


@pytest.mark.parametrize(
    "nested",
    [
        "extra: " + "[" * 100_000 + "]" * 100_000 + "\n",  # flow lists
        "extra: " + "{a: " * 200 + "1" + "}" * 200 + "\n",  # flow mappings, under libyaml's own limit
        "".join(" " * i + f"k{i}:\n" for i in range(300)) + " " * 300 + "v: 1\n",  # block mappings
    ],
)
def test_deep_nesting_is_refused_with_its_line(tmp_path: Path, nested: str) -> None:
    with pytest.raises(SourceError, match=r"line \d+.*(nest deeper than 64 levels|nesting depth)"):
        read_catalogue(source(tmp_path, GOOD + nested))


def test_nesting_at_the_limit_is_read(tmp_path: Path) -> None:
    # 64 levels (the document, "extra" and 62 lists) pass the depth check and reach the schema check.
    with pytest.raises(SourceError, match="unknown section 'extra'"):
        read_catalogue(source(tmp_path, GOOD + "extra: " + "[" * 62 + "]" * 62 + "\n"))


def test_not_utf8(tmp_path: Path) -> None:
    folder = source(tmp_path)
    (folder / "factions" / "essai.yaml").write_bytes(GOOD.replace("Chef", "Ch\xe9f").encode("latin-1"))
    with pytest.raises(SourceError, match=r"line 5.*not UTF-8"):
        read_catalogue(folder)


def test_bad_band_cell(tmp_path: Path) -> None:
    folder = source(tmp_path)
    bands = folder / "bands.yaml"
    bands.write_text(bands.read_text(encoding="utf-8").replace("QG: 1-2 (1)", "QG: un ou deux"), encoding="utf-8")
    with pytest.raises(SourceError) as info:
        read_catalogue(folder)
    assert "bands.yaml" in str(info.value) and "field limits.QG" in str(info.value)


def test_failed_build_leaves_previous_database_intact(tmp_path: Path) -> None:
    folder = source(tmp_path)
    db = tmp_path / "c.sqlite"
    with CatalogueStore(db) as store:
        build_catalogue(store, folder)
        before = {s.id for s in store.load()}
        (folder / "factions" / "essai.yaml").write_text(GOOD.replace("points: 50", "points: -1"), encoding="utf-8")
        with pytest.raises(SourceError):
            build_catalogue(store, folder)
    with CatalogueStore(db) as store:
        assert {s.id for s in store.load()} == before == {"t-boss", "t-troop"}


def test_helpers() -> None:
    assert parse_models("5-10") == (5, 10)
    assert parse_models(3) == (3, 3)
    assert parse_models("1 – 3") == (1, 3)
    assert parse_ability("Transport (12)").parameter == "12"
    assert parse_ability("Personnage Lié").parameter is None
    cell = parse_cell("2-4 (2)")
    assert (cell.min, cell.max, cell.per_sheet) == (2, 4, 2)
    cell = parse_cell("(4)")
    assert (cell.min, cell.max, cell.per_sheet) == (0, None, 4)


# --- the shipped catalogue -----------------------------------------------------


def test_shipped_band_table_matches_the_rule_book(shipped: Catalogue) -> None:
    table = shipped.bands
    expected = {
        500: (1, {Role.HQ: (1, 2, 1), Role.TROOPS: (2, 4, 2), Role.ELITES: (0, 2, 1), Role.FLYER: (0, 1, 1)}),
        1500: (2, {Role.HQ: (2, 4, 1), Role.TROOPS: (4, 6, 2), Role.HEAVY_SUPPORT: (0, 4, 1)}),
        2500: (3, {Role.HQ: (3, 6, 2), Role.TROOPS: (6, 8, 4), Role.LORD_OF_WAR: (0, 3, 2)}),
        4000: (4, {Role.HQ: (4, 8, 2), Role.TROOPS: (8, 10, 4), Role.FAST_ATTACK: (0, 8, 2)}),
    }
    for points, (detachments, cells) in expected.items():
        band = table.band_for(points)
        assert band is not None
        assert band.max_detachments == detachments
        for role, (low, high, per_sheet) in cells.items():
            limit = band.limit(role)
            assert (limit.min, limit.max, limit.per_sheet) == (low, high, per_sheet)
    transport = table.band_for(3500)
    assert transport is not None and transport.limit(Role.DEDICATED_TRANSPORT).per_sheet == 4
    assert table.band_for(0) is None and table.band_for(4001) is None


def test_shipped_catalogue_has_what_the_issue_asks(shipped: Catalogue) -> None:
    assert {"space-marines", "orks", "necrons", "astra-militarum"} <= set(shipped.factions)
    for faction in shipped.factions:
        sheets = [s for s in shipped if s.faction == faction]
        roles = {s.role for s in sheets}
        assert {
            Role.HQ,
            Role.TROOPS,
            Role.ELITES,
            Role.FAST_ATTACK,
            Role.HEAVY_SUPPORT,
            Role.DEDICATED_TRANSPORT,
        } <= roles, faction
        # enough distinct datasheets to fill the 3001–4000 band within per-datasheet caps
        assert len({s.identity_key for s in sheets if s.role is Role.HQ}) >= 4, faction
        # the final 9th-edition codexes: Necrons have two Troops datasheets (Warriors, Immortals)
        troops = {s.identity_key for s in sheets if s.role is Role.TROOPS and not s.legends}
        assert len(troops) >= (2 if faction == "necrons" else 3), faction
    sheets = list(shipped)
    assert any(s.transport and s.transport.capacity and s.transport.forbidden for s in sheets)
    assert any(s.transport and s.transport.space for s in sheets)
    classes = {s.unit_class for s in sheets if s.linked_character}
    assert {1, 2, 3} <= classes
    assert any(s.unit_type is UnitType.WALKER for s in sheets)
    assert any(s.unit_type is UnitType.CAVALRY for s in sheets)
    assert any(s.never_holds_objectives for s in sheets)
    # Identity keys are the data's own (tests/catalog/test_catalogue_fidelity.py): no two shipped datasheets share
    # one now that the invented "Tactical Squad (Company Veterans)" is gone; the rule is tested on mini.
    identities = [s.identity_key for s in sheets]
    assert len(identities) == len(set(identities))


def test_shipped_glossary_covers_seed_001(shipped: Catalogue) -> None:
    for name in ("Transport", "Personnage Lié", "Régénération", "QG", "Elite", "Médecin", "Anti-Aérien (AA)"):
        entry = shipped.ability(name)
        assert entry is not None, name
        assert entry.summary_fr and entry.summary_en


def test_shipped_abilities_resolve(shipped: Catalogue) -> None:
    for sheet in shipped:
        for ability in sheet.abilities:
            assert ability.text or shipped.ability(ability.name), f"{sheet.id}: {ability.name}"


def test_keyword_table_reads_single_and_several_english_names(tmp_path: Path) -> None:
    path = tmp_path / "keywords.yaml"
    path.write_text(
        'keywords:\n  "INFANTERIE": "INFANTRY"\n'
        '  "équipe d\'armes lourdes": ["Heavy Weapons Team", "HEAVY WEAPON TEAM"]\n',
        encoding="utf-8",
    )
    assert read_keyword_table(path) == {
        "INFANTERIE": ("INFANTRY",),
        "ÉQUIPE D'ARMES LOURDES": ("HEAVY WEAPONS TEAM", "HEAVY WEAPON TEAM"),
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("keywords:\n  INFANTERIE: INFANTRY\n  infanterie: INFANTRY\n", "listed twice"),
        ("keywords:\n  INFANTERIE: []\n", "expected an English keyword"),
        ("keywords:\n  INFANTERIE: 12\n", "expected an English keyword"),
        ("mots: {}\n", "unknown section"),
        ("keywords: [INFANTERIE]\n", "expected a mapping"),
    ],
)
def test_keyword_table_refuses_bad_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "keywords.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError, match=message):
        read_keyword_table(path)


_WORD = st.text(alphabet="ABCDÉÈÎ'", min_size=1, max_size=8).map(lambda w: w.replace("''", "'"))


@given(st.dictionaries(_WORD, st.lists(_WORD, min_size=1, max_size=3), max_size=8))
def test_keyword_table_round_trips(words: dict[str, list[str]]) -> None:
    """Whatever French and English words a table holds, reading gives them back, upper case."""
    lines = ["keywords:"] + [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in words.items()]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "keywords.yaml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        table = read_keyword_table(path)
    assert table == {k: tuple(v) for k, v in words.items()}


def test_shipped_keyword_table_reads() -> None:
    table = read_keyword_table(shipped_catalogue_dir() / "keywords.yaml")
    assert table["INFANTERIE"] == ("INFANTRY",)
    assert len(table) > 50


UPGRADES = """\
upgrades:
  wargear:
    - {id: lame, name: Lame ancienne, name_en: Old Blade, kind: relic, text: "+1 F.", text_en: "+1 S.",
       replaces: [Épée, chainsword],
       profiles: [{nom: Lame ancienne, name_en: Old Blade, portée: Mêlée, type: Mêlée, F: "+1", PA: -2, D: 2,
                   capacités: Une attaque de plus, capacités_en: One extra attack}]}
    - {id: tome, name: Tome, name_en: Tome, kind: relic, for: [PSYKER], text: "Un pouvoir de plus."}
    - {id: ruse, name: Ruse, name_en: Cunning, kind: trait, text: "Relance une charge."}
  choices:
    - {id: relique, name: Relique, name_en: Relic, for: [PERSONNAGE], items: [lame, tome], limit: {max: 1, per: unit}}
    - {id: trait, name: Trait, for: [PERSONNAGE], items: [ruse], limit: {max: 1, per: unit}, max_per_sheet: {t-boss: 0}}
"""


def test_a_faction_s_upgrades_go_to_the_datasheets_whose_keywords_fit(tmp_path: Path) -> None:
    catalogue = read_catalogue(source(tmp_path, GOOD + UPGRADES))
    boss, troop = catalogue.get("t-boss"), catalogue.get("t-troop")
    assert boss is not None and troop is not None
    # The CHARACTER is offered the relic it may take (not the PSYKER's tome), each at most once;
    # its own maximum of 0 keeps the trait from it.
    assert [(g.id, g.items, g.limit.max) for g in boss.choices] == [("relique", ["lame"], 1)]
    assert boss.choice_map["relique"].item_limits["lame"].max == 1
    assert [i.id for i in boss.wargear] == ["lame"]
    assert boss.wargear_map["lame"].text_en == "+1 S."
    # A relic weapon's rows, written like a datasheet's weapons, and what it replaces.
    (blade,) = boss.wargear_map["lame"].profiles
    assert (blade.name, blade.name_en, blade.range, blade.s, blade.ap, blade.d) == (
        "Lame ancienne",
        "Old Blade",
        "Mêlée",
        "+1",
        "-2",
        "2",
    )
    assert (blade.note("fr"), blade.note("en")) == ("Une attaque de plus", "One extra attack")
    assert boss.wargear_map["lame"].replaces == ["Épée", "chainsword"]
    assert troop.choices == [] and troop.wargear == []


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("items: [lame, tome]", "items: [lame, epee]"), "'epee', which is not in upgrades.wargear"),
        (lambda t: t.replace("  choices:", "  choix:"), "unknown field"),
        (lambda t: t.replace('F: "+1", PA', 'Force: "+1", PA'), "unknown field 'Force'"),
        (
            lambda t: t.replace("profiles: [{nom", "profiles: {x: [{nom").replace(
                "One extra attack}]", "One extra attack}]}"
            ),
            "expected a list",
        ),
        (lambda t: t.replace("for: [PERSONNAGE], items: [ruse]", "kinds: [x], items: [ruse]"), "no kinds"),
    ],
)
def test_a_broken_upgrades_section_names_its_line(tmp_path: Path, edit: object, message: str) -> None:
    assert callable(edit)
    with pytest.raises(SourceError) as caught:
        read_catalogue(source(tmp_path, GOOD + edit(UPGRADES)))
    assert message in str(caught.value)
    assert "essai.yaml" in str(caught.value)


def test_a_relic_weapon_s_profiles_survive_the_store(tmp_path: Path) -> None:
    catalogue = read_catalogue(source(tmp_path, GOOD + UPGRADES))
    with CatalogueStore(tmp_path / "relics.sqlite") as store:
        store.replace_all(catalogue)
    with CatalogueStore(tmp_path / "relics.sqlite") as store:
        again = store.load()
    before, after = catalogue.get("t-boss"), again.get("t-boss")
    assert before is not None and after is not None
    assert after.wargear_map["lame"].profiles == before.wargear_map["lame"].profiles != []
    assert after.wargear_map["lame"].replaces == ["Épée", "chainsword"]


def test_a_choice_s_default_is_one_of_its_items() -> None:
    must = WargearLimit(min=1, max=1, per="unit")
    marks = [WargearItem(id="khorne", name="Marque de Khorne"), WargearItem(id="aucune", name="Chaos Indivisible")]
    good = Datasheet(
        id="lord",
        name="Seigneur",
        role=Role.HQ,
        wargear=marks,
        choices=[WargearGroup(id="marque", items=["khorne", "aucune"], limit=must, default="aucune")],
    )
    assert wargear_problem(good) is None
    bad = good.model_copy(update={"choices": [good.choices[0].model_copy(update={"items": ["khorne"]})]})
    assert wargear_problem(bad) == ("choices", "choice 'marque': its default 'aucune' is not one of its items")
