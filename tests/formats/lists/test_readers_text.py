"""Pasted-text lists: each layout, matching with confidence, lines reported, and the text round trip."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import ListBuilder
from ost.core import listfile
from ost.core.armylist import ArmyList, StatedOption, Unit, total_points, unit_composition, unit_points
from ost.core.catalogue import Catalogue, Datasheet, Faction, ModelKind, WargearOption
from ost.core.roles import Role
from ost.core.validator import validate
from ost.formats.lists.listreader import read_list
from ost.formats.lists.reading import ListReadError, NameMatcher, ReadingReport
from ost.formats.lists.text import decode_text, export_text, parse_header, read_text
from readers_support import reader_catalogue, sample


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return reader_catalogue()


def kinds_catalogue() -> Catalogue:
    """The readers' catalogue where Boyz and Tactical Squads have model kinds, with a Dark Apostle and a Commander."""
    base = reader_catalogue()
    changed: dict[str, dict[str, object]] = {
        "ork-boyz": {
            "kinds": [
                ModelKind(id="nob", name="Boss Nob", min=1, max=1, wounds=2),
                ModelKind(id="boy", name="Ork Boy", min=9, max=29, points=8),
            ]
        },
        "tactical": {
            "kinds": [
                ModelKind(id="sergeant", name="Space Marine Sergeant", min=1, max=1, wounds=2),
                ModelKind(id="marine", name="Space Marine", min=4, max=9, points=18),
            ]
        },
    }
    sheets = [Datasheet.model_validate(s.model_dump() | changed[s.id]) if s.id in changed else s for s in base]
    sheets += [
        Datasheet(
            id="dark-apostle",
            name="Dark Apostle",
            faction="chaos",
            role=Role.HQ,
            points=75,
            min_models=1,
            max_models=3,
            keywords=["INFANTERIE", "PERSONNAGE", "DARK APOSTLE"],
            faction_keywords=["CHAOS", "<LÉGION>"],
            kinds=[
                ModelKind(id="apostle", name="Dark Apostle", min=1, max=1, wounds=5),
                ModelKind(id="disciple", name="Dark Disciple", min=0, max=2, points=8),
            ],
        ),
        Datasheet(
            id="tau-commander",
            name="T'au Commander",
            faction="tau",
            role=Role.HQ,
            points=90,
            wounds=6,
            keywords=["BATTLESUIT", "PERSONNAGE", "COMMANDER"],
            faction_keywords=["T'AU EMPIRE", "<SEPT>"],
            options=[WargearOption(id="cib", name="Cyclic ion blaster", points=15, max=4)],
        ),
    ]
    factions = [*base.factions.values(), Faction(id="chaos", name="Chaos"), Faction(id="tau", name="T'au Empire")]
    glossary = list({id(entry): entry for entry in base.glossary.values()}.values())
    return Catalogue(sheets, base.bands, glossary, factions)


def summary(army: ArmyList) -> list[tuple[str, int, dict[str, int]]]:
    return [(u.datasheet, u.models, u.options) for _, u in army.units()]


def test_battlescribe_export(cat: Catalogue) -> None:
    army, reading = read_text(sample("battlescribe-export.txt").decode(), cat, "bs.txt")
    assert reading.layout == "battlescribe"
    assert army.name == "Tournoi de Lyon"
    assert army.points_limit == 2000  # from "Battle Size: ... 1001-2000 Points"
    assert [d.name for d in army.detachments] == [
        "Patrol Detachment 0CP (Imperium - Adeptus Astartes - Ultramarines)",
        "Battalion Detachment -3CP (Xenos - Orks)",
    ]
    assert summary(army) == [
        ("captain", 1, {}),
        ("intercessors", 7, {}),
        ("tactical", 5, {"flamer": 1}),
        ("land-raider", 1, {}),
        ("rhino", 1, {}),
        ("apothecary", 1, {}),
        ("text:company-champion", 1, {}),
        ("ork-boss", 1, {"power-klaw": 1}),
        ("ork-boyz", 20, {"big-choppa": 1, "rokkit": 2}),
        ("ork-boyz", 10, {}),
        ("text:squighog-boyz", 3, {}),
        ("ork-trukk", 1, {}),
    ]
    captain = next(u for _, u in army.units())
    assert captain.warlord
    # Units the catalogue lacks keep the section's role and the line's points, with their line numbers.
    unknown = {u.text.split(" [")[0]: u for u in reading.unknown_units}
    assert set(unknown) == {"Company Champion", "Squighog Boyz"}
    assert unknown["Company Champion"].line == 35 and unknown["Squighog Boyz"].line == 55
    champion = army.unit(unknown["Company Champion"].unit_id or "")
    assert champion is not None and champion.snapshot.role.value == "elites" and champion.snapshot.points == 125
    assert not reading.unknown_lines
    assert not reading.warnings  # the stated total matches the units read
    # Configuration lines are accounted for, not silently dropped.
    reasons = Counter(i.reason for i in reading.ignored)
    assert reasons["points limit"] == 1 and reasons["detachment"] == 2 and reasons["footer"] == 1


def test_official_app_layout(cat: Catalogue) -> None:
    army, reading = read_text(sample("app-export.txt").decode(), cat, "app.txt")
    assert reading.layout == "app"
    assert army.name == "Dynastie de Sautekh"
    assert army.points_limit == 1000
    assert summary(army) == [
        ("nec-overlord", 1, {"orbe": 1}),
        ("nec-warriors", 12, {}),
        ("nec-warriors", 10, {}),
        ("nec-flayed", 7, {}),
        ("nec-flayed", 5, {}),
        ("text:hexmark-destroyer", 1, {}),
        ("text:lokhust-lord", 1, {}),
    ]
    lord = army.detachments[0].units[0]
    assert lord.warlord and "Voidscythe" in lord.notes
    # English alias and French name with accents both match, exactly.
    assert all(m.confidence == 1.0 for m in reading.matched)
    # The short line after the faction's is the sub-faction: it fills each unit's placeholder, and the report says so.
    assert not reading.unknown_lines
    assert [(w.line, w.message.en) for w in reading.warnings] == [(5, "“Sautekh” read as the army's sub-faction.")]
    assert {u.placeholders.get("<DYNASTIE>") for _, u in army.units() if not u.datasheet.startswith("text:")} == {
        "SAUTEKH"
    }
    assert [u.line for u in reading.unknown_units] == [32, 35]
    assert [u.text for u in reading.unknown_units][1] == "Lokhust Lord (121 points)"
    assert army.unit(reading.unknown_units[0].unit_id or "").snapshot.role.value == "elites"  # type: ignore[union-attr]


def test_wtc_compact_layout(cat: Catalogue) -> None:
    army, reading = read_text(sample("wtc-compact.txt").decode(), cat, "wtc.txt")
    assert reading.layout == "compact"
    assert [d.name for d in army.detachments] == ["Battalion"]
    assert summary(army) == [
        ("ork-boss", 1, {"power-klaw": 1}),
        ("ork-boyz", 20, {"rokkit": 2, "big-choppa": 1}),
        ("ork-boyz", 10, {}),
        ("ork-trukk", 1, {}),
    ]
    assert army.detachments[0].units[0].warlord  # "+ WARLORD: Char1: Warboss"
    assert not reading.unknown and not reading.warnings


def test_plain_layout_with_accents_and_custom_names(cat: Catalogue) -> None:
    army, reading = read_text(sample("plain.txt").decode(), cat, "plain.txt")
    assert reading.layout == "plain"
    assert army.name == "Liste « Les Fils de Guilliman » – Ultramarines"
    assert army.points_limit == 1000
    assert summary(army) == [
        ("captain", 1, {}),
        ("intercessors", 10, {}),
        ("tactical", 5, {"flamer": 1}),
        ("scouts", 5, {}),
        ("rhino", 1, {}),
        ("rhino", 1, {}),
        ("rhino", 1, {}),
        ("librarian", 1, {}),
        ("text:bibliothecaire-ezekiel", 1, {}),
    ]
    assert army.detachments[0].units[0].custom_name == "Titus"
    assert [(u.kind, u.line) for u in reading.unknown] == [("unit", 10), ("line", 11)]
    messages = " ".join(w.message.en for w in reading.warnings)
    assert "read as 3 units" in messages and "Ost counts the minimum (5)" in messages


def test_sections(cat: Catalogue) -> None:
    text = (
        "+ Agent of the Imperium +\nInquisitor Greyfax [55pts]\n"
        "+ Lords of War +\nChevalier Impérial [400pts]\n"
        "+ Stratagems +\nCaptain [-1CP]\n"
        "+ Mystery Slot +\nRhino [75pts]\n"
        "== Élite ==\nSomething New [30 pts]\n"
    )
    army, reading = read_text(text, cat)
    roles = [(u.snapshot.name, u.snapshot.role.value) for _, u in army.units()]
    assert roles == [
        ("Inquisitor Greyfax", "unslotted"),
        ("Chevalier Impérial", "lord_of_war"),
        ("Rhino", "dedicated_transport"),
        ("Something New", "elites"),
    ]
    assert [i.text for i in reading.ignored if i.reason == "configuration"] == ["Captain [-1CP]"]
    assert [w.line for w in reading.warnings] == [7]  # the unknown section


def test_fuzzy_match_reports_its_confidence(cat: Catalogue) -> None:
    army, reading = read_text("Intercesor Squad [100 pts]\nNecron Warrior (130 pts)\nWarbos (80pts)\n", cat)
    assert [u.datasheet for _, u in army.units()] == ["intercessors", "nec-warriors", "ork-boss"]
    assert all(m.method == "fuzzy" and 0.85 <= m.confidence < 1 for m in reading.matched)
    assert len(reading.uncertain) == sum(m.confidence < 0.95 for m in reading.matched)
    lines = "\n".join(reading.lines("fr"))
    for m in reading.uncertain:
        assert f"lu comme {m.datasheet_name}" in lines


def test_names_ignore_case_accents_and_punctuation(cat: Catalogue) -> None:
    matcher = NameMatcher(cat)
    for text, expected in [
        ("ÉCORCHEURS", "nec-flayed"),
        ("ecorcheurs", "nec-flayed"),
        ("guerriers necrons", "nec-warriors"),
        ("Garde d’Honneur", "honour-guard"),
        ("Intercessor Squad [Legends]", "intercessors"),
        ("terminator-squad", "terminators"),
    ]:
        found = matcher.match(text)
        assert found is not None and found.sheet.id == expected, text
    assert matcher.match("Squighog Boyz") is None
    assert matcher.match("Lord") is None
    assert matcher.faction_of("Xenos - Necrons") == "necrons"
    assert matcher.faction_of("Imperium - Adeptus Astartes") is None


def test_every_line_is_accounted_for(cat: Catalogue) -> None:
    text = sample("battlescribe-export.txt").decode()
    _, reading = read_text(text, cat)
    accounted = (
        {i.line for i in reading.ignored}
        | {u.line for u in reading.unknown}
        | {m.line for m in reading.matched}
        | {w.line for w in reading.warnings}
    )
    nested = {n for n, line in enumerate(text.splitlines(), 1) if line.startswith(". ")}
    non_blank = {n for n, line in enumerate(text.splitlines(), 1) if line.strip()}
    assert non_blank - nested <= accounted


@pytest.mark.parametrize(
    ("line", "name", "count", "points", "gear"),
    [
        ("Boyz [9 PL, 170pts]: Tankbusta Bombs, Big Choppa", "Boyz", None, 170, ["Tankbusta Bombs", "Big Choppa"]),
        ("3x Rhino (225 pts)", "Rhino", 3, 225, []),
        ("Intercessors x10 - 200 pts", "Intercessors", 10, 200, []),
        ("Char1: 1x Warboss (85 pts): Pince, Kombi (rokkit)", "Warboss", 1, 85, ["Pince", "Kombi (rokkit)"]),
        ("Armée [2,000pts]", "Armée", None, 2000, []),
        ("Gretchin (55)", "Gretchin", None, 55, []),
        ("Tactical Squad: Flamer", "Tactical Squad", None, None, ["Flamer"]),
        ("Land Raider (10 PL) [280 pts]", "Land Raider", None, 280, []),
    ],
)
def test_parse_header(line: str, name: str, count: int | None, points: int | None, gear: list[str]) -> None:
    header = parse_header(line)
    assert header is not None
    assert (header.name, header.count, header.points, header.gear) == (name, count, points, gear)


def test_text_without_a_list_is_an_error(cat: Catalogue) -> None:
    with pytest.raises(ListReadError, match="no army list found"):
        read_text("Bonjour,\nvoici ma liste demain.\n", cat, "mail.txt")
    with pytest.raises(ListReadError, match="no army list found"):
        read_text("", cat, "vide.txt")
    with pytest.raises(ListReadError, match="too long"):
        read_text("Boyz (80 pts)\n" * 6000, cat, "long.txt")


def test_decoding(cat: Catalogue) -> None:
    text = "Écorcheurs (85 pts)\n"
    assert decode_text(text.encode("utf-8-sig"), "a") == text
    assert decode_text(text.encode("utf-16"), "a") == text
    assert decode_text(text.encode("cp1252"), "a") == text
    with pytest.raises(ListReadError, match="binary data"):
        decode_text(b"\x00\x01\x02\x03" * 10, "a")
    result = read_list(text.encode("utf-16"), "windows.txt", cat)
    assert [u.datasheet for _, u in result.army.units()] == ["nec-flayed"]


# --- round trip ------------------------------------------------------------------------


def _round_trip(army: ArmyList, catalogue: Catalogue, lang: str = "fr") -> ArmyList:
    """The list written as text with the prices it states (``as_priced``), read back."""
    text = export_text(army, catalogue, lang, as_priced=True)
    back, reading = read_text(text, catalogue, "export.txt")
    assert not reading.unknown_lines, (text, reading.unknown_lines)
    assert not reading.uncertain
    return back


def _shape(army: ArmyList) -> list[list[tuple[object, ...]]]:
    return [
        [
            (u.datasheet, u.models, u.options, u.custom_name, u.warlord, u.reserve, u.placeholders)
            for u in detachment.units
        ]
        for detachment in army.detachments
    ]


def test_round_trip_keeps_units_and_counts(cat: Catalogue) -> None:
    b = ListBuilder(cat, 2000, name="Aller-retour")
    b.add("captain", warlord=True, custom_name="Titus l'Ancien")
    b.add("tactical", models=8, options={"flamer": 2})
    b.add("intercessors", models=10, reserve=True)
    b.add("rhino")
    b.add("predator", models=2)  # more models than the datasheet allows: kept as it is
    b.det("Waaagh")
    b.add("ork-boyz", models=24, options={"rokkit": 3, "big-choppa": 1})
    b.add("ork-boss", options={"power-klaw": 1})
    b.det()
    b.add("nec-warriors", models=0)
    for lang in ("fr", "en"):
        back = _round_trip(b.army, cat, lang)
        assert _shape(back) == _shape(b.army)
        assert back.name == b.army.name and back.points_limit == 2000
        assert back.detachments[1].name == "Waaagh"


def test_round_trip_of_unknown_units(cat: Catalogue) -> None:
    army, _ = read_text(sample("battlescribe-export.txt").decode(), cat)
    back = _round_trip(army, cat)
    assert _shape(back) == _shape(army)
    assert [(u.snapshot.name, u.snapshot.role, u.snapshot.points) for _, u in back.units()] == [
        (u.snapshot.name, u.snapshot.role, u.snapshot.points) for _, u in army.units()
    ]


KINDS = kinds_catalogue()
SHEETS = list(KINDS)
_names = st.text(alphabet="abcdeéèàçÉ ’'-", min_size=1, max_size=20).map(lambda s: " ".join(s.split())).filter(bool)
#: Wargear no datasheet of the test catalogue has, for options the catalogue lacks.
EXTRA_GEAR = ["Fleshmower", "Relic Shield", "Wreckin' Ball", "Gun Drone", "Bosspole"]
SUBFACTIONS = ["ULTRAMARINES", "GOFFS", "WORD BEARERS", "VIOR'LA", "SAUTEKH"]


@st.composite
def compositions(draw: st.DrawFn, sheet: Datasheet) -> dict[str, int]:
    """Nothing (the default split), or a count of each kind within a little of its limits."""
    if len(sheet.kinds) == 1 or draw(st.booleans()):
        return {}
    return {k.id: draw(st.integers(0, k.max + 1)) for k in sheet.kinds}


@st.composite
def armies(draw: st.DrawFn) -> ArmyList:
    b = ListBuilder(KINDS, draw(st.sampled_from([None, 500, 1000, 2000])), name=draw(_names))
    for index in range(draw(st.integers(1, 3))):
        if index:
            b.det(draw(st.one_of(st.just(""), _names)))
        for _ in range(draw(st.integers(0, 5))):
            sheet = draw(st.sampled_from(SHEETS))
            options = {o.id: draw(st.integers(1, 3)) for o in sheet.options if draw(st.booleans())}
            composition = draw(compositions(sheet))
            extra = [
                StatedOption(name=name, count=draw(st.integers(1, 3)), points=draw(st.integers(0, 60)))
                for name in draw(st.lists(st.sampled_from(EXTRA_GEAR), max_size=2, unique=True))
            ]
            placeholders = {
                p: draw(st.sampled_from(SUBFACTIONS)) for p in sheet.faction_placeholders if draw(st.booleans())
            }
            b.add(
                sheet.id,
                models=sum(composition.values()) if composition else draw(st.integers(0, sheet.max_models + 2)),
                composition=composition,
                options=options,
                extra_options=extra,
                stated_points=draw(st.one_of(st.none(), st.integers(0, 500))),
                warlord=draw(st.booleans()),
                reserve=draw(st.booleans()),
                custom_name=draw(st.one_of(st.none(), _names)),
                placeholders=placeholders,
            )
    b.army.stated_total = draw(st.one_of(st.none(), st.integers(0, 3000)))
    return b.army


def _full_shape(army: ArmyList, catalogue: Catalogue) -> list[list[tuple[object, ...]]]:
    """What the text keeps of each unit: its size split over kinds, gear, marks and price."""
    out = []
    for detachment in army.detachments:
        rows = []
        for unit in detachment.units:
            sheet = catalogue.get(unit.datasheet)
            rows.append(
                (
                    unit.datasheet,
                    unit.models,
                    unit_composition(unit, sheet),
                    unit.options,
                    [(o.name, o.count, o.points) for o in unit.extra_options],
                    unit.custom_name,
                    unit.warlord,
                    unit.reserve,
                    unit.placeholders,
                    unit.stated_points if unit.stated_points is not None else unit_points(unit, catalogue),
                )
            )
        out.append(rows)
    return out


@settings(max_examples=60, deadline=None)
@given(armies(), st.sampled_from(["fr", "en"]))
def test_round_trip_property(army: ArmyList, lang: str) -> None:
    """Ost list -> text -> Ost list gives the same list.

    A text always states a price: a unit without a stated price comes back
    with Ost's price stated, and the list with the sum of its prices.
    """
    back = _round_trip(army, KINDS, lang)
    assert _full_shape(back, KINDS) == _full_shape(army, KINDS)
    prices = sum(row[-1] for rows in _full_shape(army, KINDS) for row in rows)  # type: ignore[misc]
    assert back.stated_total == (army.stated_total if army.stated_total is not None else prices)
    assert back.name == " ".join(army.name.split()) and back.points_limit == army.points_limit
    assert [u.composition for _, u in back.units()] == [
        {}
        if unit_composition(u, KINDS.get(u.datasheet)) == _default(u)
        else unit_composition(u, KINDS.get(u.datasheet))
        for _, u in army.units()
    ]


@settings(max_examples=40, deadline=None)
@given(armies(), st.sampled_from(["fr", "en"]))
def test_the_text_states_the_prices_ost_counts(army: ArmyList, lang: str) -> None:
    """Written as Ost prices it (the default), each unit states Ost's price, the title their sum.

    Whatever the list stated (a roster of older data): the text agrees with the check and the sheet.
    """
    text = export_text(army, KINDS, lang)
    back, _ = read_text(text, KINDS, "export.txt")
    assert [u.stated_points for _, u in back.units()] == [unit_points(u, KINDS) for _, u in army.units()]
    assert back.stated_total == total_points(army, KINDS)
    assert total_points(back, KINDS, as_priced=True) == total_points(army, KINDS)


def _default(unit: Unit) -> dict[str, int]:
    sheet = KINDS.get(unit.datasheet)
    assert sheet is not None
    return sheet.default_composition(unit.models)


def test_models_written_on_the_units_own_line(shipped: Catalogue) -> None:
    """BattleScribe writes childless models after the colon: "Boyz [..]: 10x Boy"."""
    text = (
        "++ Patrol Detachment (Xenos - Orks) [500pts] ++\n"
        "+ Troops +\n"
        "Boyz [85pts]: 10x Boy\n"
        ". Boss Nob: Big choppa, Slugga\n"
        "Boyz [85pts]: 2x Kikoup'\n"
        ". 10x Boy\n"
    )
    army, _report = read_text(text, shipped, "boyz.txt")
    models = [u.models for _, u in army.units()]
    assert models == [11, 10]  # "Kikoup'" is wargear, not models


@pytest.mark.parametrize(
    ("text", "points"),
    [("2 000 points", 2000), ("1 500 pts", 1500), ("2.000 pts", 2000), ("1\u202f995 points", 1995), ("90pts", 90)],
)
def test_thousands_separators(text: str, points: int) -> None:
    from ost.formats.lists.text import points_in

    assert points_in(text) == points


def test_french_header_with_thousands_separator(shipped: Catalogue) -> None:
    text = "Mon armée (1 995 points)\nLimite de points : 2 000 points\nCapitaine (80 pts)\n"
    army, report = read_text(text, shipped, "fr.txt")
    assert army.points_limit == 2000
    assert [u.snapshot.name for _, u in army.units()] == ["Capitaine"]
    assert report.unknown == []


def test_weapons_and_abilities_on_the_units_line_are_not_models(shipped: Catalogue) -> None:
    text = (
        "Écorcheurs [85 pts]: Griffes d'écorcheur\n. 7x Écorcheur\n"
        "Infiltrators [110 pts]: Infiltration\n. 5x Infiltrator\n"
    )
    army, _report = read_text(text, shipped, "t.txt")
    assert [u.models for _, u in army.units()] == [7, 5]


@pytest.mark.parametrize(
    "text",
    [
        "Intercessors [100 pts]: <CHAPITRE>: ULTRAMARINES\n",
        "Intercessors [100 pts]\n. 5x Intercessor\n. <CHAPITRE>: ULTRAMARINES\n",
        "Intercessors [100 pts]: <CHAPITRE> = ULTRAMARINES\n",
    ],
)
def test_placeholder_values_with_a_colon_or_equals(shipped: Catalogue, text: str) -> None:
    army, _report = read_text(text, shipped, "t.txt")
    (unit,) = [u for _, u in army.units()]
    assert unit.placeholders == {"<CHAPITRE>": "ULTRAMARINES"}
    assert unit.models == 5


def test_points_written_on_model_lines(cat: Catalogue) -> None:
    army, _report = read_text("1x Gizmo Squad\n. 5x Gizmo [100 pts]\n. Gizmo Boss [30 pts]\n", cat, "g.txt")
    (unit,) = [u for _, u in army.units()]
    assert unit.snapshot.points == 130


# --- the layouts of BattleScribe, New Recruit and the app, on a catalogue with model kinds -------------------


def detail(army: ArmyList) -> list[tuple[object, ...]]:
    return [(u.datasheet, u.models, u.composition, u.options, u.stated_points, u.placeholders) for _, u in army.units()]


def accounted_lines(reading: ReadingReport) -> set[int | None]:
    return (
        {i.line for i in reading.ignored}
        | {u.line for u in reading.unknown}
        | {m.line for m in reading.matched}
        | {w.line for w in reading.warnings}
    )


def test_battlescribe_full_export() -> None:
    """Selections, Categories and Rules lines; configuration choices on their own lines; models below units."""
    text = sample("battlescribe-full.txt").decode()
    army, reading = read_text(text, KINDS, "full.txt")
    assert reading.layout == "battlescribe"
    assert army.name == "Waaagh de Lyon" and army.points_limit == 2000 and army.stated_total == 656
    goffs, ultramarines = {"<CLAN>": "GOFFS"}, {"<CHAPITRE>": "ULTRAMARINES"}
    assert detail(army) == [
        ("ork-boss", 1, {}, {"power-klaw": 1}, 90, goffs),
        ("ork-boyz", 20, {}, {"big-choppa": 1, "rokkit": 2}, 170, goffs),
        ("ork-boyz", 10, {}, {}, 80, goffs),  # "Selections: Boss Nob, 9x Ork Boy" on the unit itself
        ("ork-trukk", 1, {}, {}, 70, goffs),
        ("captain", 1, {}, {}, 110, ultramarines),
        ("tactical", 10, {}, {"flamer": 1}, 136, ultramarines),
    ]
    warboss, trukk, captain = (army.detachments[0].units[0], army.detachments[0].units[3], army.detachments[1].units[0])
    assert warboss.warlord and "Kombi-weapon" in warboss.notes
    # Priced wargear the catalogue lacks keeps its price, and the report says so with the line.
    assert [(o.name, o.count, o.points) for o in trukk.extra_options] == [("Wreckin' Ball", 1, 10)]
    assert [(o.name, o.points) for o in captain.extra_options] == [("Relic Shield", 15)]
    assert [w.line for w in reading.warnings] == [46, 58]
    assert not reading.unknown
    reasons = Counter(i.reason for i in reading.ignored)
    assert reasons["sub-faction"] == 2 and reasons["details"] >= 10 and reasons["points limit"] == 1
    non_blank = {n for n, line in enumerate(text.splitlines(), 1) if line.strip() and not line.startswith(". ")}
    assert non_blank <= accounted_lines(reading)


def test_units_that_are_models_and_wargear_drones() -> None:
    army, reading = read_text(sample("battlescribe-bullets.txt").decode(), KINDS, "bullets.txt")
    apostle, commander, shielded, squad = (u for _, u in army.units())
    # The Dark Apostle's own line is a model beside his two Disciples.
    assert (apostle.models, unit_composition(apostle, KINDS.get("dark-apostle"))) == (3, {"apostle": 1, "disciple": 2})
    assert apostle.placeholders == {"<LÉGION>": "WORD BEARERS"} and apostle.warlord
    # Drones are the Commander's wargear, not more Commanders: priced, they are kept with their price.
    assert (commander.models, commander.options) == (1, {"cib": 1})
    assert [(o.name, o.count, o.points) for o in commander.extra_options] == [("Gun Drone", 2, 20)]
    assert shielded.models == 1 and "Shield Drone ×2" in shielded.notes and not shielded.extra_options
    assert commander.placeholders == {"<SEPT>": "VIOR'LA SEPT"}
    assert (squad.datasheet, squad.models) == ("tactical", 10)  # "Tactical Squad 10x"
    messages = [w.message.en for w in reading.warnings]
    assert any("own line counts as 1 “Dark Apostle”" in m for m in messages)
    assert any("“Gun Drone” (20 pts) is no option" in m for m in messages)
    assert army.stated_total == 391 and not reading.unknown


def test_new_recruit_compact_with_counts_after_names() -> None:
    army, reading = read_text(sample("newrecruit-compact.txt").decode(), KINDS, "nr.txt")
    assert reading.layout == "compact"
    evil_sunz = {"<CLAN>": "EVIL SUNZ"}  # "+ CLAN KULTUR: Evil Sunz"
    assert detail(army) == [
        ("ork-boss", 1, {}, {"power-klaw": 1}, 90, evil_sunz),
        ("ork-boyz", 20, {}, {"rokkit": 2, "big-choppa": 1}, 180, evil_sunz),
        ("ork-boyz", 10, {}, {}, 80, evil_sunz),
        ("ork-trukk", 1, {}, {}, 70, evil_sunz),
    ]
    assert army.detachments[0].units[0].warlord and army.stated_total == 420
    assert not reading.unknown and not reading.warnings


def test_official_app_with_model_bullets() -> None:
    army, reading = read_text(sample("app-boyz.txt").decode(), KINDS, "app.txt")
    assert reading.layout == "app"
    assert detail(army) == [
        ("ork-boss", 1, {}, {"power-klaw": 1}, 90, {"<CLAN>": "GOFFS"}),  # "• Clan Kultur: Goffs"
        ("ork-boyz", 20, {}, {"big-choppa": 1, "rokkit": 2}, 170, {}),
        ("tactical", 10, {}, {}, 160, {}),
    ]
    assert army.points_limit == 2000 and army.stated_total == 420
    assert not reading.unknown and not reading.warnings


@pytest.mark.parametrize(
    "line",
    [
        "10x Tactical Squad",
        "Tactical Squad 10x",
        "Tactical Squad x10",
        "Tactical Squad x 10",
        "Tactical Squad (10)",
        "Tactical Squad (x10)",
        "Tactical Squad 10x [180 pts]",
        "Tactical Squad (10) (180 pts)",
        "Tactical Squad x10 - 180 pts",
        "• Tactical Squad 10x (180 points)",
    ],
)
def test_counts_before_or_after_the_name(line: str) -> None:
    army, reading = read_text(line + "\n", KINDS, "t.txt")
    (unit,) = [u for _, u in army.units()]
    assert (unit.datasheet, unit.models) == ("tactical", 10)
    assert unit.stated_points == (180 if "180" in line else None)
    assert not reading.unknown


def test_a_bare_number_is_points_unless_it_fits_the_unit() -> None:
    army, reading = read_text("Tactical Squad (180)\nRhino (75)\nRhino 3x\n", KINDS, "t.txt")
    assert [(u.datasheet, u.models, u.stated_points) for _, u in army.units()] == [
        ("tactical", 5, 180),
        ("rhino", 1, 75),
        ("rhino", 1, None),
        ("rhino", 1, None),
        ("rhino", 1, None),
    ]
    assert any("read as 3 units" in w.message.en for w in reading.warnings)
    army, reading = read_text("Tactical Squad (8)\n", KINDS, "t.txt")
    assert [u.models for _, u in army.units()] == [8]
    assert [w.message.en for w in reading.warnings] == ["“Tactical Squad”: (8) read as a number of models."]


def test_model_lines_give_the_composition() -> None:
    text = (
        "Boyz [80pts]\n. 10x Ork Boy\n"  # no Boss Nob: not the default split
        "Tactical Squad [100pts]\n. Space Marine Sergeant (Bolter)\n. 4x Space Marine (Sword)\n"
        "Tactical Squad [100pts]\n. 2x Veteran\n. 3x Space Marine\n"  # a name no kind has: the bulk kind
    )
    army, reading = read_text(text, KINDS, "t.txt")
    boyz, tactical, odd = (u for _, u in army.units())
    assert (boyz.models, boyz.composition) == (10, {"nob": 0, "boy": 10})
    assert (tactical.models, tactical.composition) == (5, {})
    assert (odd.models, odd.composition) == (5, {"sergeant": 0, "marine": 5})
    assert [w.line for w in reading.warnings] == [7]
    assert "“2x Veteran”" not in reading.warnings[0].message.en and "“Veteran”" in reading.warnings[0].message.en


def test_models_counted_whatever_the_lines_are_called(cat: Catalogue) -> None:
    """Troopers named after their weapons still count (a datasheet of one kind of model)."""
    text = "Intercessor Squad [100pts]\n. Intercessor Sergeant\n. 2x Intercessor (Bolt Rifle)\n. 2x Auto Bolt Rifle\n"
    army, _ = read_text(text, cat, "t.txt")
    assert [u.models for _, u in army.units()] == [5]


def test_lines_not_understood_keep_their_numbers() -> None:
    text = "Selections: Boss Nob\n+ HQ +\nWarboss [90pts]\nSelections: Warlord\n???\n. \u200b\nBoyz [80pts]\n"
    army, reading = read_text(text, KINDS, "t.txt")
    assert [u.line for u in reading.unknown_lines] == [1, 5, 6]
    assert army.detachments[0].units[0].warlord


def test_sub_faction_lines_fill_only_the_placeholders_they_name() -> None:
    text = (
        "++ Patrol Detachment (Imperium - Adeptus Astartes) ++\nChapter: Ultramarines\nCaptain [80pts]\n"
        "++ Patrol Detachment (Xenos - Orks) ++\nCraftworld Selection: Saim-Hann\nWarboss [80pts]\n"
    )
    army, reading = read_text(text, KINDS, "t.txt")
    captain, boss = (u for _, u in army.units())
    assert captain.placeholders == {"<CHAPITRE>": "ULTRAMARINES"}
    assert boss.placeholders == {}
    assert [(w.line, w.message.en) for w in reading.warnings] == [(5, "“Saim-Hann” fills no unit's keyword; left out.")]
    # Before any detachment, a choice holds for the whole list.
    army, reading = read_text("Chapter: Ultramarines\nCaptain [80pts]\nWarboss [80pts]\n", KINDS, "t.txt")
    assert [u.placeholders for _, u in army.units()] == [{"<CHAPITRE>": "ULTRAMARINES"}, {}]
    assert not reading.warnings and [i.reason for i in reading.ignored] == ["sub-faction"]
    _, reading = read_text("Dynasty: Sautekh\nCaptain [80pts]\n", KINDS, "t.txt")
    assert [(w.line, w.message.en) for w in reading.warnings] == [(1, "“Sautekh” fills no unit's keyword; left out.")]


def test_priced_model_bullets_stay_in_their_unit() -> None:
    """ "• 9x Boy [72 pts]" under Boyz is a model line, though "Boy" is close to the datasheet "Boyz"."""
    text = (
        "Boyz [9 PL, 85pts]\n• Boss Nob [10 pts]\n• 9x Ork Boy [72 pts]\nBoyz\n• Boss Nob [10 pts]\n• 9x Boy [72 pts]\n"
    )
    army, reading = read_text(text, KINDS, "t.txt")
    assert [(u.models, u.stated_points) for _, u in army.units()] == [(10, 85), (10, 82)]
    assert not reading.uncertain and not reading.warnings


_SAMPLE_LINES = sorted(
    {
        line
        for name in ("battlescribe-full.txt", "battlescribe-bullets.txt", "newrecruit-compact.txt", "app-boyz.txt")
        for line in sample(name).decode().splitlines()
    }
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(_SAMPLE_LINES),
            st.tuples(st.sampled_from(_SAMPLE_LINES), st.text(max_size=12)).map(lambda p: p[0][:20] + p[1]),
        ),
        max_size=40,
    )
)
def test_shuffled_sample_lines_read_or_fail_clearly(lines: list[str]) -> None:
    """Lines of every layout in any order, some cut and mended: a valid list or a clear error, never a crash."""
    try:
        army, reading = read_text("\n".join(lines), KINDS, "mix.txt")
    except ListReadError as error:
        message = str(error)
        assert message.startswith("mix.txt: ")
        return
    back = listfile.parse(listfile.dumps(army), "mix.ost")
    validate(KINDS, back)
    for _, unit in army.units():
        sheet = KINDS.get(unit.datasheet)
        assert unit.models >= 0 and (not unit.composition or sum(unit.composition.values()) == unit.models)
        assert sheet is None or not unit.composition or set(unit.composition) == set(sheet.kind_map)
    assert all(u.line is not None for u in reading.unknown_lines)


_unit_names = st.text(alphabet="abcdefghijklmnopqrstuvwyzéèàç'-", min_size=2, max_size=12).filter(
    lambda s: any(c.isalpha() for c in s) and s[0].isalpha() and s[-1].isalpha()
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(_unit_names, min_size=1, max_size=3).map(" ".join),
    st.integers(1, 999),
    st.sampled_from(["{n}x {name}", "{name} {n}x", "{name} x{n}", "{name} (x{n})", "{name} ({n})", "{n} x {name}"]),
    st.one_of(st.none(), st.integers(0, 9999)),
    st.sampled_from([" [{p} pts]", " ({p} points)", " - {p} pts", " [5 PL, {p}pts]"]),
)
def test_counts_and_prices_in_any_form(name: str, count: int, form: str, points: int | None, price: str) -> None:
    line = form.format(n=count, name=name) + (price.format(p=points) if points is not None else "")
    header = parse_header(line)
    assert header is not None, line
    if form == "{name} ({n})" and points is None:
        # Alone, a bare number in brackets may be points: the datasheet decides later.
        assert (header.name, header.points, header.bare) == (name, count, True), line
    else:
        assert (header.name, header.count, header.points) == (name, count, points), line


def test_detail_words_do_not_hide_units() -> None:
    """ "Transport: Rhino (75 pts)" is a unit of a plain list; "Transport: …" under a unit is a detail."""
    army, reading = read_text("Captain [80pts]\nTransport: Rhino (75 pts)\nRules: Bolter Discipline\n", KINDS, "t")
    assert [u.datasheet for _, u in army.units()] == ["captain", "rhino"]
    assert [(i.line, i.reason) for i in reading.ignored] == [(3, "details")]


def test_origin_and_sources() -> None:
    army, _ = read_text(sample("battlescribe-full.txt").decode(), KINDS, "full.txt")
    assert army.origin is not None
    assert (army.origin.format, army.origin.data) == ("text", "Warhammer 40,000 9th Edition")
    army, _ = read_text("Captain [80pts]\nSomething [20pts]\n", KINDS, "t.txt")
    assert army.origin is not None and army.origin.data is None
    assert [u.source for _, u in army.units()] == [KINDS.get("captain").source or None, None]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "name",
    [
        "battlescribe-export.txt",
        "battlescribe-full.txt",
        "battlescribe-bullets.txt",
        "newrecruit-compact.txt",
        "app-export.txt",
        "app-boyz.txt",
        "wtc-compact.txt",
        "plain.txt",
    ],
)
def test_every_line_of_every_sample_is_accounted_for(name: str) -> None:
    """A unit, a model or gear line under one, a line recognised as something else, or a line reported."""
    text = sample(name).decode()
    _, reading = read_text(text, KINDS, name)
    nested = {
        n for n, line in enumerate(text.splitlines(), 1) if line.startswith((". ", "• ", "◦ ", "  ")) and line.strip()
    }
    non_blank = {n for n, line in enumerate(text.splitlines(), 1) if line.strip()}
    assert non_blank - nested <= accounted_lines(reading)


def test_a_bare_sub_faction_only_in_the_heading() -> None:
    text = "Orks\nStrike Force (2000 points)\nGoffs\n\nHQ\nWarboss (90 points)\nBad Moons\n"
    army, reading = read_text(text, KINDS, "t.txt")
    assert [u.placeholders for _, u in army.units()] == [{"<CLAN>": "GOFFS"}]
    assert [u.line for u in reading.unknown_lines] == [7]  # after a unit, a bare name is not a sub-faction
    # Without a faction line first, or with digits, or long: not a sub-faction either.
    _, reading = read_text("Goffs\nWarboss (90 points)\n", KINDS, "t.txt")
    assert [i.reason for i in reading.ignored] == ["title"]
    _, reading = read_text("Orks\nListe pour le tournoi de Lyon\nWarboss (90 points)\n", KINDS, "t.txt")
    assert [u.line for u in reading.unknown_lines] == [2] and not reading.warnings


def test_priced_model_lines_under_a_unit_are_models() -> None:
    """BattleScribe may price each model line: ". Intercessor Sergeant [20pts]" is still a model."""
    text = "Intercessor Squad [100pts]\n. Intercessor Sergeant [20pts]\n. 4x Intercessor [80pts]\n"
    army, _ = read_text(text, KINDS, "t")
    assert [(u.models, u.extra_options) for _, u in army.units()] == [(5, [])]


def test_english_model_lines_find_the_shipped_french_kinds(shipped: Catalogue) -> None:
    """The shipped catalogue names kinds in French: "Space Marine Sergeant" is its "Sergent"."""
    text = (
        "Tactical Squad [5 PL, 95pts]\n. Space Marine Sergeant: Bolt pistol\n. 3x Space Marine\n"
        ". Space Marine w/ Flamer: Flamer\n"
        "Intercessor Squad [10 PL, 140pts]\n. Intercessor Sergeant\n. 6x Intercessor W/ Bolt Rifle\n"
        "Boyz [9 PL, 80pts]\n. Boss Nob W/ Power Klaw\n. 9x Ork Boy W/ Slugga & Choppa\n"
        "Boyz [9 PL, 80pts]\n. 10x Ork Boy W/ Slugga & Choppa\n"
    )
    army, reading = read_text(text, shipped, "t.txt")
    assert [(u.models, u.composition) for _, u in army.units()] == [
        (5, {}),
        (7, {}),
        (10, {}),
        (10, {"boss-nob": 0, "boy": 10}),
    ]
    assert not reading.warnings and not reading.unknown
