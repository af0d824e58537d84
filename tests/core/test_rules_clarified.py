"""SPEC §3 as clarified for issue 9: joined characters, reserves, prices, warlord advice, fixes, availability."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import EXAMPLES, ListBuilder, mini_catalogue, mini_sheets
from ost.core import listfile
from ost.core.catalogue import Catalogue, CatalogueSource, Datasheet
from ost.core.findings import Code, Severity
from ost.core.roles import Role, UnitType
from ost.core.validator import Report, ValidatorOptions, validate


def check(b: ListBuilder, **options: bool) -> Report:
    return validate(b.catalogue, b.army, ValidatorOptions(**options))


def codes(report: Report) -> set[str]:
    return {f.code.value for f in report.findings if f.severity is not Severity.INFO}


def base(mini: Catalogue, limit: int | None = 1000) -> ListBuilder:
    b = ListBuilder(mini, limit)
    b.add("captain", warlord=True)
    b.add("intercessors")
    b.add("tactical")
    return b


# --- a joined character and its unit are one unit for the set-up ------------------


def test_a_joined_character_with_a_transport_of_its_own_is_transport_invalid(mini: Catalogue) -> None:
    b = base(mini)
    b.add("lieutenant", linked_to="u3")
    rhino = b.add("rhino")
    b.unit("u4").transport = rhino
    report = check(b)
    assert "TRANSPORT-INVALID" in codes(report)
    finding = next(f for f in report.findings if f.code is Code.TRANSPORT_INVALID)
    assert "Lieutenant rejoint Escouade Tactique" in finding.message.fr
    assert "rides with its unit" in finding.message.en
    assert set(finding.units) == {"u4", rhino}
    # The Rhino is not reported a second time as an orphan.
    assert "TRANSPORT-ORPHAN" not in codes(report)
    assert "Escouade Tactique" in finding.fix.fr


def test_a_joined_character_riding_in_its_units_transport_is_legal(mini: Catalogue) -> None:
    b = base(mini)
    rhino = b.add("rhino")
    b.unit("u3").transport = rhino
    b.add("lieutenant", linked_to="u3", transport=rhino)
    report = check(b)
    assert report.legal, [f.message.en for f in report.findings]


@pytest.mark.parametrize(
    ("char_reserve", "unit_reserve", "split"),
    [(True, False, True), (False, True, True), (True, True, False), (False, False, False)],
)
def test_reserves_split(mini: Catalogue, char_reserve: bool, unit_reserve: bool, split: bool) -> None:
    b = base(mini, 3000)
    for _ in range(6):
        b.add("scouts")
    b.add("lieutenant", linked_to="u3", reserve=char_reserve)
    b.unit("u3").reserve = unit_reserve
    report = check(b)
    assert ("RESERVES-SPLIT" in codes(report)) is split
    if split:
        finding = next(f for f in report.findings if f.code is Code.RESERVES_SPLIT)
        assert set(finding.units) == {"u3", "u10"}
        assert finding.severity is Severity.ERROR
        assert "Lieutenant" in finding.message.fr and "Escouade Tactique" in finding.message.fr
        assert finding.fix.en.startswith("Put Lieutenant and Escouade Tactique both in reserve")


def test_a_joined_character_counts_in_the_reserve_total_with_its_unit(mini: Catalogue) -> None:
    # 80 + 100 + 90 + 60 = 330 points; the Tactical Squad (90) in reserve with its Lieutenant (60) is 150: legal.
    b = base(mini)
    b.add("lieutenant", linked_to="u3", reserve=True)
    b.unit("u3").reserve = True
    assert check(b).legal
    # With the Intercessors as well, 250 of 330 points are in reserve: too many, and the Lieutenant is named.
    b.unit("u2").reserve = True
    report = check(b)
    assert codes(report) == {"RESERVES-MAX"}
    finding = report.findings[0]
    assert "u4" in finding.units
    assert finding.message.fr.startswith("250 points en réserve")


def test_a_character_marked_alone_follows_its_unit_for_the_reserve_total(mini: Catalogue) -> None:
    b = base(mini)
    b.add("lieutenant", linked_to="u3", reserve=True)
    report = check(b)
    # Only the split is reported: the Lieutenant stays on the table with its unit.
    assert codes(report) == {"RESERVES-SPLIT"}


# --- class 1 characters join mounted units ----------------------------------------


def test_an_infantry_character_may_join_bikes_and_cavalry(mini: Catalogue) -> None:
    for target in ("bikers", "riders"):
        b = base(mini)
        unit = b.add(target)
        b.add("lieutenant", linked_to=unit)
        report = check(b)
        assert "CHAR-CLASS" not in codes(report), (target, [f.message.en for f in report.findings])


def test_an_infantry_character_may_not_join_a_walker(mini: Catalogue) -> None:
    b = base(mini)
    dread = b.add("dreadnought")
    b.add("lieutenant", linked_to=dread)
    report = check(b)
    assert "CHAR-CLASS" in codes(report)
    finding = next(f for f in report.findings if f.code is Code.CHAR_CLASS)
    assert "mounted units" in finding.message.en
    # The fix names the units it could join in its detachment.
    assert finding.fix.fr.startswith("Liez Lieutenant à ")
    assert "Intercessors" in finding.fix.fr


# --- warlord advice -----------------------------------------------------------------


def test_no_warlord_is_advice_naming_candidates(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    b.add("captain")
    b.add("intercessors")
    b.add("tactical")
    report = check(b)
    assert report.legal
    advice = [f for f in report.findings if f.code is Code.WARLORD_NONE]
    assert len(advice) == 1 and advice[0].severity is Severity.INFO
    assert "Capitaine" in advice[0].fix.fr and "Capitaine" in advice[0].fix.en


def test_a_chosen_warlord_or_an_empty_list_gets_no_advice(mini: Catalogue) -> None:
    assert Code.WARLORD_NONE not in {f.code for f in check(base(mini)).findings}
    empty = ListBuilder(mini, 1000)
    assert Code.WARLORD_NONE not in {f.code for f in check(empty).findings}


# --- prices stated by the list --------------------------------------------------------


def test_points_repriced_names_both_totals_and_the_units(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u2").stated_points = 120  # the catalogue says 100
    b.army.stated_total = 290
    report = check(b)
    assert codes(report) == {"POINTS-REPRICED"}
    finding = report.findings[0]
    assert finding.severity is Severity.WARNING
    assert finding.units == ("u2",)
    assert "290" in finding.message.fr and "270" in finding.message.fr
    assert "Intercessors 120 → 100" in finding.message.en
    assert "--as-priced" in finding.fix.en


def test_a_stated_total_alone_that_differs_is_reported(mini: Catalogue) -> None:
    b = base(mini)
    b.army.stated_total = 2000
    report = check(b)
    assert codes(report) == {"POINTS-REPRICED"}
    assert report.findings[0].units == ()


def test_matching_stated_prices_say_nothing(mini: Catalogue) -> None:
    b = base(mini)
    for unit_id, price in (("u1", 80), ("u2", 100), ("u3", 90)):
        b.unit(unit_id).stated_points = price
    b.army.stated_total = 270
    assert codes(check(b)) == set()


def test_as_priced_checks_with_the_lists_prices(mini: Catalogue) -> None:
    b = base(mini, 300)
    b.unit("u2").stated_points = 150  # 80 + 150 + 90 = 320 > 300 as priced; 270 by the catalogue
    assert codes(check(b)) == {"POINTS-REPRICED"}
    priced = check(b, as_priced=True)
    assert priced.total_points == 320
    assert codes(priced) == {"POINTS-OVER", "POINTS-REPRICED"}
    assert "list's prices" in next(f for f in priced.findings if f.code is Code.POINTS_REPRICED).message.en


def test_the_fix_does_not_ask_for_the_list_prices_when_the_check_already_uses_them(mini: Catalogue) -> None:
    b = base(mini, 300)
    b.unit("u2").stated_points = 150
    by_catalogue = next(f for f in check(b).findings if f.code is Code.POINTS_REPRICED)
    assert "--as-priced" in (by_catalogue.fix.en or "") and "--as-priced" in (by_catalogue.fix.fr or "")
    as_priced = next(f for f in check(b, as_priced=True).findings if f.code is Code.POINTS_REPRICED)
    assert "--as-priced" not in (as_priced.fix.en or "") and "--as-priced" not in (as_priced.fix.fr or "")
    assert "catalogue" in (as_priced.fix.en or "") and "catalogue" in (as_priced.fix.fr or "")


# --- the exhaustion exception counts what could join the detachments -----------------


def _factions_catalogue(mini: Catalogue, *, bsdata_enabled: bool = True) -> Catalogue:
    extra = [
        Datasheet(
            id="guardsmen",
            name="Gardes",
            role=Role.TROOPS,
            keywords=["INFANTERIE", "GARDES"],
            faction_keywords=["IMPERIUM", "ASTRA MILITARUM", "<RÉGIMENT>"],
            min_models=10,
            max_models=20,
            points=60,
        ),
        Datasheet(
            id="ba-troops",
            name="Escouade des Anges",
            role=Role.TROOPS,
            keywords=["INFANTERIE", "ANGES"],
            faction_keywords=["IMPERIUM", "ADEPTUS ASTARTES", "BLOOD ANGELS"],
            min_models=5,
            max_models=10,
            points=90,
        ),
        Datasheet(
            id="imported-troops",
            name="Imported Squad",
            role=Role.TROOPS,
            keywords=["INFANTRY", "IMPORTED"],
            faction_keywords=["IMPERIUM", "ADEPTUS ASTARTES", "<CHAPTER>", "<CHAPITRE>"],
            min_models=5,
            max_models=10,
            points=90,
            source="bsdata:x",
        ),
    ]
    return Catalogue(
        [*mini, *extra],
        mini.bands,
        factions=mini.factions.values(),
        sources=[CatalogueSource(id="bsdata:x", kind="bsdata", enabled=bsdata_enabled)],
    )


def _over_cap(catalogue: Catalogue) -> ListBuilder:
    b = ListBuilder(catalogue, 1500)
    b.add("captain", warlord=True)
    b.add("librarian")
    for _ in range(3):
        b.add("intercessors")
    b.add("tactical")
    b.add("scouts")
    return b


def test_an_ultramarines_list_is_not_told_to_take_other_armies_troops(mini: Catalogue) -> None:
    catalogue = _factions_catalogue(mini, bsdata_enabled=True)
    report = check(_over_cap(catalogue))
    assert codes(report) == {"SHEET-MAX"}
    message = report.findings[0].message.fr
    # The imported squad's <CHAPITRE> takes the detachment's value: it could join.
    assert "Imported Squad" in message
    assert "Gardes" not in message and "Escouade des Anges" not in message


def test_switched_off_sources_do_not_count_as_available(mini: Catalogue) -> None:
    catalogue = _factions_catalogue(mini, bsdata_enabled=False)
    report = check(_over_cap(catalogue))
    assert report.legal, [f.message.en for f in report.findings]


def test_a_detachment_sharing_only_imperium_makes_every_imperium_sheet_available(mini: Catalogue) -> None:
    catalogue = _factions_catalogue(mini)
    b = _over_cap(catalogue)
    b.add("knight")  # QUESTOR IMPERIALIS: the detachment now only shares IMPERIUM
    report = check(b)
    sheet_max = next(f for f in report.findings if f.code is Code.SHEET_MAX)
    assert "Gardes" in sheet_max.message.fr and "Escouade des Anges" in sheet_max.message.fr


# --- every finding carries a fix --------------------------------------------------------


def test_every_example_finding_says_how_to_fix_it(shipped: Catalogue) -> None:
    seen = set()
    for path in sorted((EXAMPLES / "illegal").glob("*.ost")):
        report = validate(shipped, listfile.load(path))
        for finding in report.findings:
            seen.add(finding.code)
            assert finding.fix.fr.strip() and finding.fix.en.strip(), (path.name, finding.code)
            assert finding.fix.fr != finding.fix.en or finding.code is Code.POINTS_REPRICED
    assert seen == set(Code)


def test_an_embark_error_suggests_transports_that_fit(mini: Catalogue) -> None:
    b = base(mini)
    rhino = b.add("rhino")
    b.unit("u2").transport = rhino  # Intercessors (PRIMARIS) may not board a Rhino
    report = check(b)
    finding = next(f for f in report.findings if f.code is Code.TRANSPORT_EMBARK)
    assert "Impulsor" in finding.fix.fr
    assert "Rhino" not in finding.fix.fr
    assert finding.fix.en.startswith("Choose a transport that can carry Intercessors")


@settings(max_examples=60, deadline=None)
@given(
    adds=st.lists(
        st.sampled_from(
            ["captain", "lieutenant", "intercessors", "tactical", "scouts", "rhino", "bikers", "dreadnought"]
        ),
        max_size=10,
    ),
    links=st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), max_size=5),
    flags=st.lists(st.tuples(st.integers(0, 12), st.booleans(), st.booleans()), max_size=6),
    limit=st.sampled_from([None, 500, 1000, 2500]),
)
def test_every_finding_of_any_list_has_a_fix(
    mini: Catalogue,
    adds: list[str],
    links: list[tuple[int, int]],
    flags: list[tuple[int, bool, bool]],
    limit: int | None,
) -> None:
    b = ListBuilder(mini, limit)
    ids = [b.add(sheet) for sheet in adds]
    if ids:
        for a, t in links:
            b.unit(ids[a % len(ids)]).linked_to = ids[t % len(ids)]
        for i, reserve, warlord in flags:
            unit = b.unit(ids[i % len(ids)])
            unit.reserve, unit.warlord = reserve, warlord
        for a, t in links:
            b.unit(ids[t % len(ids)]).transport = ids[a % len(ids)]
    report = check(b)
    for finding in report.findings:
        assert finding.fix.fr and finding.fix.en, finding.code


def test_mini_has_the_units_these_tests_need(mini: Catalogue) -> None:
    ids = {s.id for s in mini_sheets()}
    assert {"bikers", "riders", "dreadnought", "knight", "rhino", "impulsor"} <= ids
    assert mini.get("bikers") is not None and mini.get("bikers").unit_type is UnitType.BIKE  # type: ignore[union-attr]


def test_an_embark_fix_tells_room_from_keywords(mini: Catalogue) -> None:
    # Ten Tactical Marines in a Razorback (6 places): room is wanting; bigger transports are named.
    def fix(catalogue: Catalogue) -> str:
        b = ListBuilder(catalogue, 1000)
        b.add("captain", warlord=True)
        b.add("intercessors")
        b.add("tactical", models=10)
        b.unit("u3").transport = b.add("razorback")
        return next(f.fix.en for f in check(b).findings if f.code is Code.TRANSPORT_EMBARK)

    assert fix(mini) == "Choose a transport that can carry Escouade Tactique: Rhino or Land Raider."
    only_razorback = Catalogue(
        [s for s in mini_sheets() if s.id in {"captain", "intercessors", "tactical", "razorback"}], mini.bands
    )
    assert fix(only_razorback) == "Make Escouade Tactique small enough to fit in Razorback, or remove its transport."


def test_an_embark_fix_without_any_transport_says_so() -> None:
    # A catalogue whose only transport forbids PRIMARIS: nothing can carry Intercessors.
    only_rhino = Catalogue(
        [s for s in mini_sheets() if s.id in {"captain", "intercessors", "tactical", "rhino"}],
        mini_catalogue().bands,
    )
    b = ListBuilder(only_rhino, 1000)
    b.add("captain", warlord=True)
    b.add("intercessors")
    b.add("tactical")
    rhino = b.add("rhino")
    b.unit("u2").transport = rhino
    finding = next(f for f in check(b).findings if f.code is Code.TRANSPORT_EMBARK)
    assert finding.fix.fr == "Retirez son transport : aucun transport du catalogue ne peut emporter Intercessors."
