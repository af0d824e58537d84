"""Every finding code of SPEC.md §3, on its legal and its illegal side."""

from __future__ import annotations

import pytest

from helpers import ListBuilder
from ost.core.armylist import Detachment, Unit, UnitSnapshot
from ost.core.catalogue import Catalogue
from ost.core.findings import CODE_INFO, Code, Severity
from ost.core.roles import Role
from ost.core.validator import Report, ValidatorOptions, validate


def base(mini: Catalogue, limit: int | None = 1000) -> ListBuilder:
    """A legal list: a captain and two troops."""
    b = ListBuilder(mini, limit)
    b.add("captain")
    b.add("intercessors")
    b.add("tactical")
    return b


def check(b: ListBuilder, **options: bool) -> Report:
    return validate(b.catalogue, b.army, ValidatorOptions(**options))


def codes(report: Report, *, advice: bool = False) -> set[str]:
    """Codes of the findings; advice (info, such as WARLORD-NONE) only when asked."""
    return {f.code.value for f in report.findings if advice or f.severity is not Severity.INFO}


def only(report: Report, code: Code) -> list[str]:
    """Messages (French) of ``code``."""
    return [f.message.fr for f in report.findings if f.code is code]


def test_base_list_is_legal(mini: Catalogue) -> None:
    report = check(base(mini))
    assert report.legal, report.findings
    assert codes(report, advice=True) == {"WARLORD-NONE"}  # advice only: no warlord chosen yet
    assert report.total_points == 80 + 100 + 90
    assert report.band == "1–1000"


def test_every_spec_code_exists() -> None:
    spec = [
        "BAND-NONE",
        "POINTS-OVER",
        "ROLE-MIN",
        "ROLE-MAX",
        "SHEET-MAX",
        "DET-MAX",
        "DET-EMPTY",
        "DET-FACTION",
        "UNIT-UNDER",
        "UNIT-OVER",
        "UNIT-UNKNOWN",
        "TRANSPORT-ORPHAN",
        "TRANSPORT-SHARED",
        "TRANSPORT-INVALID",
        "TRANSPORT-EMBARK",
        "TRANSPORT-UNVERIFIED",
        "TRANSPORT-DETACHMENT",
        "CHAR-UNLINKED",
        "CHAR-TARGET",
        "CHAR-MAX",
        "CHAR-CLASS",
        "WARLORD-INELIGIBLE",
        "WARLORD-MANY",
        "RESERVES-MAX",
    ]
    known = {c.value for c in Code}
    assert set(spec) <= known
    assert set(CODE_INFO) == set(Code)
    assert CODE_INFO[Code.DET_EMPTY][0] is Severity.WARNING
    assert CODE_INFO[Code.TRANSPORT_UNVERIFIED][0] is Severity.WARNING


# --- band and points -----------------------------------------------------------


def test_band_none_when_limit_outside_table(mini: Catalogue) -> None:
    report = check(base(mini, limit=5000))
    assert codes(report) == {"BAND-NONE"}
    assert report.band is None
    assert "5000" in only(report, Code.BAND_NONE)[0]
    # checks that need a band are skipped: no ROLE-MIN although troops are short
    assert all(c.min is None for c in report.role_counts)


def test_band_from_total_when_no_limit(mini: Catalogue) -> None:
    report = check(base(mini, limit=None))
    assert report.legal
    assert report.band == "1–1000"


def test_band_none_for_empty_list_without_limit(mini: Catalogue) -> None:
    b = ListBuilder(mini, None)
    report = check(b)
    assert "BAND-NONE" in codes(report)
    assert "total de 0 points" in only(report, Code.BAND_NONE)[0]


def test_band_none_for_limit_zero(mini: Catalogue) -> None:
    assert "BAND-NONE" in codes(check(base(mini, limit=0)))


def test_points_over(mini: Catalogue) -> None:
    b = base(mini, limit=250)
    report = check(b)
    assert codes(report) == {"POINTS-OVER"}
    assert only(report, Code.POINTS_OVER) == ["Total de 270 points pour une limite de 250 points (20 de trop)."]


def test_points_exactly_at_limit_is_legal(mini: Catalogue) -> None:
    assert check(base(mini, limit=270)).legal


def test_points_include_extra_models_and_options(mini: Catalogue) -> None:
    b = base(mini)
    tactical = b.unit("u3")
    tactical.models = 7
    tactical.options = {"flamer": 2}
    report = check(b)
    assert report.total_points == 80 + 100 + (90 + 2 * 18 + 2 * 5)


# --- roles ---------------------------------------------------------------------


def test_role_min(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    b.add("captain")
    b.add("intercessors")
    report = check(b)
    assert codes(report) == {"ROLE-MIN"}
    assert only(report, Code.ROLE_MIN) == ["1 unité Troupes, minimum 2 à 1–1000 points."]
    assert report.findings[0].message.en == "1 Troops unit, minimum 2 at 1–1000 points."


def test_role_min_hq(mini: Catalogue) -> None:
    b = ListBuilder(mini, 2000)
    b.add("captain")
    for sheet in ("intercessors", "intercessors", "tactical", "scouts"):
        b.add(sheet)
    assert only(check(b), Code.ROLE_MIN) == ["1 unité QG, minimum 2 à 1001–2000 points."]


def test_role_max_names_the_units(mini: Catalogue) -> None:
    b = base(mini)
    b.add("librarian")
    b.add("chaplain")
    report = check(b)
    assert codes(report) == {"ROLE-MAX"}
    message = only(report, Code.ROLE_MAX)[0]
    assert message == "3 unités QG, maximum 2 à 1–1000 points : Capitaine, Archiviste, Chapelain."
    assert set(report.findings[0].units) == {"u1", "u4", "u5"}


def test_role_counts_in_summary(mini: Catalogue) -> None:
    report = check(base(mini))
    troops = next(c for c in report.role_counts if c.role is Role.TROOPS)
    assert (troops.count, troops.min, troops.max, troops.per_sheet) == (2, 2, 4, 2)


def test_grouped_roles_are_counted_separately(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1500)
    b.add("captain")
    b.add("librarian")
    for sheet in ("intercessors", "intercessors", "tactical", "scouts"):
        b.add(sheet)
    b.add("terminators")
    b.add("dreadnought")
    b.add("bikers")
    b.add("riders")
    b.add("predator")
    b.add("land-raider")
    report = check(b)
    assert "ROLE-MAX" not in codes(report)


# --- per-datasheet cap and the exhaustion exception --------------------------


def three_intercessors(mini: Catalogue) -> ListBuilder:
    """1500 points: three Intercessors (cap 2) and a Tactical squad; Scouts unused."""
    b = ListBuilder(mini, 1500)
    b.add("captain")
    b.add("librarian")
    for _ in range(3):
        b.add("intercessors")
    b.add("tactical")
    return b


def test_sheet_max_names_unused_datasheets(mini: Catalogue) -> None:
    b = three_intercessors(mini)
    report = check(b)
    assert codes(report) == {"SHEET-MAX"}
    assert only(report, Code.SHEET_MAX) == [
        "3 unités Intercessors en Troupes, maximum 2 par fiche à 1001–2000 points ; "
        "fiches Troupes encore inutilisées : Scouts."
    ]
    assert set(report.findings[0].units) == {"u3", "u4", "u5"}


def test_exhaustion_exception_allows_going_over(mini: Catalogue) -> None:
    b = three_intercessors(mini)
    b.add("scouts")
    report = check(b)
    assert report.legal, report.findings


def test_exhaustion_ignores_legends_unless_asked(mini: Catalogue) -> None:
    b = three_intercessors(mini)
    b.add("scouts")
    report = check(b, legends_available=True)
    assert codes(report) == {"SHEET-MAX"}
    assert "Vieille Garde" in only(report, Code.SHEET_MAX)[0]


def test_exhaustion_only_counts_datasheets_of_the_armys_factions(mini: Catalogue) -> None:
    # Orks Boyz are Troops too, but share no faction keyword with this army.
    b = three_intercessors(mini)
    b.add("scouts")
    assert "Boyz" not in str(check(b).findings)


def test_last_keyword_identity_counts_two_datasheets_as_one(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    b.add("captain")
    b.add("tactical")
    b.add("tactical")
    b.add("tactical-vets")
    report = check(b)
    assert codes(report) == {"SHEET-MAX"}
    message = only(report, Code.SHEET_MAX)[0]
    assert message.startswith("3 unités Escouade Tactique / Vétérans Tactiques en Troupes, maximum 2")
    assert "Intercessors" in message and "Scouts" in message


def test_same_identity_within_cap_is_legal(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    b.add("captain")
    b.add("tactical")
    b.add("tactical-vets")
    assert check(b).legal


def test_sheet_max_for_assigned_transports(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    b.add("captain")
    rhinos = [b.add("rhino") for _ in range(3)]
    for rhino, troops in zip(rhinos, ["tactical", "scouts", "tactical-vets"], strict=True):
        b.add(troops, transport=rhino)
    report = check(b)
    assert codes(report) == {"SHEET-MAX"}
    message = only(report, Code.SHEET_MAX)[0]
    assert message.startswith("3 unités Rhino en Transport Assigné, maximum 2 par fiche à 1–1000 points")
    assert "Impulsor" in message and "Razorback" in message


# --- detachments ---------------------------------------------------------------


def test_det_max(mini: Catalogue) -> None:
    b = base(mini)
    b.det("Deuxième")
    b.add("scouts")
    report = check(b)
    assert codes(report) == {"DET-MAX"}
    assert only(report, Code.DET_MAX) == ["2 détachements, maximum 1 à 1–1000 points."]


def test_two_detachments_at_1500_are_legal(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1500)
    b.add("captain")
    b.add("intercessors")
    b.add("tactical")
    b.det()
    b.add("librarian")
    b.add("scouts")
    b.add("intercessors")
    assert check(b).legal


def test_empty_detachment_is_a_warning_and_not_counted(mini: Catalogue) -> None:
    b = base(mini)
    b.det("Vide")
    report = check(b)
    assert codes(report) == {"DET-EMPTY"}
    assert report.legal
    assert report.detachments == 1
    assert only(report, Code.DET_EMPTY) == ["Le détachement « Vide » n'a aucune unité : il n'est pas compté."]


def test_det_faction(mini: Catalogue) -> None:
    b = base(mini)
    b.add("ork-boyz")
    report = check(b)
    assert "DET-FACTION" in codes(report)
    message = only(report, Code.DET_FACTION)[0]
    assert "aucun mot-clef de faction en commun" in message
    assert "Boyz" in message and "Capitaine" in message


def test_det_faction_shared_keyword_is_enough(mini: Catalogue) -> None:
    b = base(mini, 1500)
    b.add("librarian")
    b.add("scouts")
    b.add("intercessors")
    b.add("knight")  # IMPERIUM, QUESTOR IMPERIALIS: shares IMPERIUM
    assert "DET-FACTION" not in codes(check(b))


def test_unaligned_fortification_joins_any_detachment(mini: Catalogue) -> None:
    b = base(mini)
    b.add("bastion")
    assert check(b).legal


def test_placeholder_values_decide_faction(mini: Catalogue) -> None:
    b = base(mini)
    b.add("honour-guard", placeholders={"<CHAPITRE>": "ULTRAMARINES"})
    b.add("honour-guard", placeholders={"<CHAPITRE>": "BLOOD ANGELS"})
    report = check(b)
    assert "DET-FACTION" in codes(report)


def test_placeholder_same_value_is_legal(mini: Catalogue) -> None:
    b = base(mini)
    b.add("honour-guard", placeholders={"<CHAPITRE>": "Ultramarines"})
    assert "DET-FACTION" not in codes(check(b))


def test_placeholder_unset_is_one_warning_for_all_its_units(mini: Catalogue) -> None:
    b = base(mini)
    for unit_id in ("u1", "u2", "u3"):
        b.unit(unit_id).placeholders = {}
    report = check(b)
    assert codes(report) == {"PLACEHOLDER-UNSET"}
    assert only(report, Code.PLACEHOLDER_UNSET) == [
        "Capitaine, Intercessors, Escouade Tactique — le mot-clef <CHAPITRE> n'a pas de valeur pour ces "
        "3 unités ; il ne compte pas pour les mots-clefs de faction."
    ]
    assert report.findings[0].units == ("u1", "u2", "u3")


def test_placeholder_unset_is_a_warning(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u2").placeholders = {}
    report = check(b)
    assert codes(report) == {"PLACEHOLDER-UNSET"}
    assert report.legal
    assert only(report, Code.PLACEHOLDER_UNSET) == [
        "Intercessors : le mot-clef <CHAPITRE> n'a pas de valeur ; il ne compte pas pour les mots-clefs de faction."
    ]


# --- units ---------------------------------------------------------------------


def test_unit_under(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u2").models = 4
    report = check(b)
    assert codes(report) == {"UNIT-UNDER"}
    assert only(report, Code.UNIT_UNDER) == [
        "Intercessors : 4 figurines, minimum 5 (unité en sous-effectif interdite)."
    ]


def test_unit_over(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u2").models = 11
    report = check(b)
    assert codes(report) == {"UNIT-OVER"}
    assert only(report, Code.UNIT_OVER) == ["Intercessors : 11 figurines, maximum 10."]


def test_unit_at_both_ends_is_legal(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u2").models = 10
    b.unit("u3").models = 5
    assert check(b).legal


def test_unit_unknown_uses_snapshot(mini: Catalogue) -> None:
    b = base(mini)
    b.army.detachments[0].units.append(
        Unit(
            id="ghost",
            datasheet="sm-ghost-squad",
            snapshot=UnitSnapshot(name="Escouade Fantôme", role=Role.TROOPS, points=123, faction_keywords=["IMPERIUM"]),
            models=5,
        )
    )
    report = check(b)
    assert codes(report) == {"UNIT-UNKNOWN"}
    assert report.total_points == 270 + 123
    message = only(report, Code.UNIT_UNKNOWN)[0]
    assert "Escouade Fantôme" in message and "sm-ghost-squad" in message and "123 points" in message
    troops = next(c for c in report.role_counts if c.role is Role.TROOPS)
    assert troops.count == 3


def test_unit_option_unknown_and_over_max(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u3").options = {"flamer": 3, "plasma": 1}
    report = check(b)
    messages = only(report, Code.UNIT_OPTION)
    assert len(messages) == 2
    assert any("« plasma » n'existe pas" in m for m in messages)
    assert any("prise 3 fois, maximum 2" in m for m in messages)


# --- transports ----------------------------------------------------------------


def test_transport_assigned_is_legal(mini: Catalogue) -> None:
    b = base(mini)
    rhino = b.add("rhino")
    b.unit("u3").transport = rhino
    assert check(b).legal


def test_transport_orphan(mini: Catalogue) -> None:
    b = base(mini)
    b.add("rhino")
    report = check(b)
    assert codes(report) == {"TRANSPORT-ORPHAN"}
    assert only(report, Code.TRANSPORT_ORPHAN) == ["Rhino est un Transport Assigné mais n'est assigné à aucune unité."]


def test_transport_shared(mini: Catalogue) -> None:
    b = base(mini)
    b.add("scouts")
    rhino = b.add("rhino")
    b.unit("u3").transport = rhino
    b.unit("u4").transport = rhino
    report = check(b)
    assert codes(report) == {"TRANSPORT-SHARED"}
    assert (
        "Rhino est le transport assigné de 2 unités (Escouade Tactique, Scouts)"
        in only(report, Code.TRANSPORT_SHARED)[0]
    )


def test_transport_invalid_not_a_transport(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u3").transport = "u2"
    report = check(b)
    assert codes(report) == {"TRANSPORT-INVALID"}
    assert only(report, Code.TRANSPORT_INVALID) == [
        "Escouade Tactique a pour transport Intercessors, qui n'a pas de capacité de transport."
    ]


def test_transport_invalid_itself(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u3").transport = "u3"
    assert only(check(b), Code.TRANSPORT_INVALID) == ["Escouade Tactique est assigné à lui-même comme transport."]


def test_transport_invalid_transport_in_transport(mini: Catalogue) -> None:
    b = base(mini)
    rhino = b.add("rhino")
    b.unit("u3").transport = rhino
    b.add("land-raider")
    b.unit(rhino).transport = "u5"
    report = check(b)
    assert "TRANSPORT-INVALID" in codes(report)
    assert "Rhino est lui-même un transport" in only(report, Code.TRANSPORT_INVALID)[0]


def test_transport_embark_forbidden_keyword(mini: Catalogue) -> None:
    b = base(mini)
    rhino = b.add("rhino")
    b.unit("u2").transport = rhino  # Intercessors are PRIMARIS
    report = check(b)
    assert codes(report) == {"TRANSPORT-EMBARK"}
    assert only(report, Code.TRANSPORT_EMBARK) == [
        "Intercessors ne peut pas embarquer dans Rhino : mot-clef interdit (PRIMARIS)."
    ]


def test_transport_embark_capacity(mini: Catalogue) -> None:
    b = base(mini)
    razorback = b.add("razorback")
    b.unit("u3").models = 7
    b.unit("u3").transport = razorback
    report = check(b)
    assert only(report, Code.TRANSPORT_EMBARK) == [
        "Escouade Tactique ne peut pas embarquer dans Razorback : 7 figurines × 1 place(s) = 7 places, capacité 6."
    ]


def test_transport_embark_capacity_exactly_full_is_legal(mini: Catalogue) -> None:
    b = base(mini)
    razorback = b.add("razorback")
    b.unit("u3").models = 6
    b.unit("u3").transport = razorback
    assert check(b).legal


def test_transport_required_keywords(mini: Catalogue) -> None:
    b = base(mini)
    impulsor = b.add("impulsor")
    b.unit("u3").transport = impulsor
    assert "il faut être PRIMARIS INFANTERIE" in only(check(b), Code.TRANSPORT_EMBARK)[0]
    b.unit("u3").transport = None
    b.unit("u2").transport = impulsor
    assert check(b).legal


def test_transport_vehicles_and_bikes_cannot_embark(mini: Catalogue) -> None:
    b = base(mini)
    b.add("bikers")
    rhino = b.add("rhino")
    b.unit("u4").transport = rhino
    assert "seuls l'infanterie et les marcheurs embarquent (motard)" in only(check(b), Code.TRANSPORT_EMBARK)[0]


def test_walker_needs_capacity_six_and_takes_two(mini: Catalogue) -> None:
    b = base(mini)
    b.add("dreadnought")
    pod = b.add("pod")
    b.unit("u4").transport = pod
    message = only(check(b), Code.TRANSPORT_EMBARK)[0]
    assert "un marcheur n'embarque que dans une capacité de 6 ou plus (capacité 5)" in message


def test_walker_in_capacity_six_is_legal(mini: Catalogue) -> None:
    b = base(mini)
    b.add("dreadnought")
    razorback = b.add("razorback")
    b.unit("u4").transport = razorback
    report = check(b)
    assert report.legal, report.findings


def test_space_rules_of_the_transport(mini: Catalogue) -> None:
    b = base(mini, 1500)
    b.add("librarian")
    b.add("scouts")
    b.add("intercessors")
    terminators = b.add("terminators")
    raider = b.add("land-raider")
    b.unit(terminators).transport = raider
    assert check(b).legal  # 5 terminators x 2 = 10 places
    b.unit(terminators).models = 6
    assert "6 figurines × 2 place(s) = 12 places, capacité 10" in only(check(b), Code.TRANSPORT_EMBARK)[0]


def test_transport_placeholder_keyword(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    b.add("ork-boss")
    b.add("ork-boyz")
    boyz = b.add("ork-boyz")
    trukk = b.add("ork-trukk", placeholders={"<CLAN>": "GOFFS"})
    b.unit(boyz).transport = trukk
    assert check(b).legal
    b.unit(boyz).placeholders = {"<CLAN>": "EVIL SUNZ"}
    report = check(b)
    assert "il faut être GOFFS INFANTERIE" in only(report, Code.TRANSPORT_EMBARK)[0]


def test_linked_characters_take_no_transport_space(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u3").models = 10
    rhino = b.add("rhino")
    b.unit("u3").transport = rhino
    b.add("lieutenant", linked_to="u3")
    report = check(b)
    assert report.legal, report.findings


def test_transport_unverified_is_a_warning(mini: Catalogue) -> None:
    b = base(mini)
    mystery = b.add("mystery")
    b.unit("u3").transport = mystery
    report = check(b)
    assert codes(report) == {"TRANSPORT-UNVERIFIED"}
    assert report.legal
    assert "« Peut transporter des choses »" in only(report, Code.TRANSPORT_UNVERIFIED)[0]


def test_transport_detachment(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1500)
    b.add("captain")
    b.add("intercessors")
    tactical = b.add("tactical")
    second = b.det("Appui")
    b.add("librarian", det=second)
    b.add("scouts", det=second)
    b.add("intercessors", det=second)
    rhino = b.add("rhino", det=second)
    b.unit(tactical).transport = rhino
    report = check(b)
    assert codes(report) == {"TRANSPORT-DETACHMENT"}
    assert (
        "Rhino (détachement « Appui ») et Escouade Tactique (détachement n°1)"
        in only(report, Code.TRANSPORT_DETACHMENT)[0]
    )


# --- linked characters ---------------------------------------------------------


def test_linked_character_is_legal(mini: Catalogue) -> None:
    b = base(mini)
    b.add("lieutenant", linked_to="u3")
    assert check(b).legal


def test_char_unlinked(mini: Catalogue) -> None:
    b = base(mini)
    b.add("lieutenant")
    report = check(b)
    assert codes(report) == {"CHAR-UNLINKED"}
    assert only(report, Code.CHAR_UNLINKED) == [
        "Lieutenant a la capacité Personnage Lié mais n'est lié à aucune unité."
    ]


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("u1", "Lieutenant est lié à Capitaine, un personnage"),
        ("u4", "Lieutenant est lié à lui-même"),
        ("u5", "Lieutenant est lié à Rhino, un transport"),
    ],
)
def test_char_target(mini: Catalogue, target: str, expected: str) -> None:
    b = base(mini)
    b.add("lieutenant", linked_to=target)
    rhino = b.add("rhino")
    b.unit("u3").transport = rhino
    report = check(b)
    assert codes(report) == {"CHAR-TARGET"}
    assert only(report, Code.CHAR_TARGET)[0].startswith(expected)


def test_char_target_other_detachment(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1500)
    b.add("captain")
    b.add("intercessors")
    tactical = b.add("tactical")
    second = b.det()
    b.add("lieutenant", det=second, linked_to=tactical)
    b.add("scouts", det=second)
    b.add("intercessors", det=second)
    assert only(check(b), Code.CHAR_TARGET)[0].startswith(
        "Lieutenant est lié à Escouade Tactique, d'un autre détachement"
    )


def test_char_max(mini: Catalogue) -> None:
    b = ListBuilder(mini, 2000)
    b.add("captain")
    tactical = b.add("tactical")
    for sheet in ("intercessors", "scouts", "tactical-vets"):
        b.add(sheet)
    b.add("lieutenant", linked_to=tactical)
    b.add("ancient", linked_to=tactical)
    report = check(b)
    assert report.legal, report.findings
    b.add("apothecary", linked_to=tactical)
    report = check(b)
    assert codes(report) == {"CHAR-MAX"}
    assert only(report, Code.CHAR_MAX) == [
        "Escouade Tactique a 3 personnages liés (Lieutenant, Ancien, Apothicaire) ; maximum 2."
    ]


def test_char_class_infantry_joins_infantry_or_cavalry(mini: Catalogue) -> None:
    b = base(mini, 1500)
    b.add("librarian")
    b.add("scouts")
    b.add("intercessors")
    riders = b.add("riders")
    lieutenant = b.add("lieutenant", linked_to=riders)
    assert check(b).legal
    dread = b.add("dreadnought")
    b.unit(lieutenant).linked_to = dread
    report = check(b)
    assert codes(report) == {"CHAR-CLASS"}
    assert only(report, Code.CHAR_CLASS)[0].startswith(
        "Lieutenant (classe 1, infanterie) ne peut pas rejoindre Dreadnought (marcheur)"
    )


def test_char_class_two_joins_same_class(mini: Catalogue) -> None:
    b = base(mini, 1500)
    b.add("librarian")
    b.add("scouts")
    b.add("intercessors")
    bikers = b.add("bikers")
    captain = b.add("bike-captain", linked_to=bikers)
    assert check(b).legal
    b.unit(captain).linked_to = "u3"
    report = check(b)
    assert codes(report) == {"CHAR-CLASS"}
    assert (
        "Capitaine Motard (classe 2) ne peut pas rejoindre Escouade Tactique (classe 1)"
        in only(report, Code.CHAR_CLASS)[0]
    )


def test_char_class_three_walker(mini: Catalogue) -> None:
    b = base(mini, 1500)
    b.add("librarian")
    b.add("scouts")
    b.add("intercessors")
    dread = b.add("dreadnought")
    champion = b.add("dread-champion", linked_to=dread)
    assert check(b).legal
    b.unit(champion).linked_to = "u3"
    assert "CHAR-CLASS" in codes(check(b))


def test_linked_character_keeps_its_role(mini: Catalogue) -> None:
    b = base(mini)
    b.add("lieutenant", linked_to="u3")
    hq = next(c for c in check(b).role_counts if c.role is Role.HQ)
    assert hq.count == 2


def test_char_not_linkable(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u1").linked_to = "u3"
    report = check(b)
    assert codes(report) == {"CHAR-NOT-LINKABLE"}


# --- warlord and reserves ------------------------------------------------------


def test_warlord_single_model(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u1").warlord = True
    assert check(b).legal


def test_warlord_ineligible_when_single_model_units_exist(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u3").warlord = True
    report = check(b)
    assert codes(report) == {"WARLORD-INELIGIBLE"}
    assert only(report, Code.WARLORD_INELIGIBLE)[0].startswith(
        "Escouade Tactique (5 figurines) ne peut pas fournir le seigneur de guerre"
    )
    assert "(Capitaine)" in only(report, Code.WARLORD_INELIGIBLE)[0]


def test_warlord_from_hq_when_no_single_model_unit(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    squad = b.add("command-squad")
    b.add("intercessors")
    tactical = b.add("tactical")
    b.unit(squad).warlord = True
    assert check(b).legal
    b.unit(squad).warlord = False
    b.unit(tactical).warlord = True
    report = check(b)
    assert only(report, Code.WARLORD_INELIGIBLE) == [
        "Escouade Tactique n'est pas une unité QG : sans unité d'une seule figurine, "
        "le seigneur de guerre vient d'une unité QG."
    ]


def test_warlord_many(mini: Catalogue) -> None:
    b = base(mini)
    b.add("librarian")
    b.unit("u1").warlord = True
    b.unit("u4").warlord = True
    report = check(b)
    assert codes(report) == {"WARLORD-MANY"}
    assert only(report, Code.WARLORD_MANY) == [
        "2 seigneurs de guerre désignés (Capitaine, Archiviste) ; un seul est permis."
    ]


def test_reserves_up_to_half_are_legal(mini: Catalogue) -> None:
    b = base(mini)  # 80 + 100 + 90 = 270
    b.add("scouts")  # 70 -> 340 total
    b.unit("u2").reserve = True  # 100
    b.unit("u4").reserve = True  # 70 -> 170 = exactly half
    assert check(b).legal


def test_reserves_max(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u2").reserve = True
    b.unit("u3").reserve = True
    report = check(b)
    assert codes(report) == {"RESERVES-MAX"}
    assert only(report, Code.RESERVES_MAX) == [
        "190 points en réserve (Intercessors, Escouade Tactique), plus que la moitié de l'armée (135 sur 270 points)."
    ]


# --- general -------------------------------------------------------------------


def test_every_finding_has_both_languages_and_a_rule(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    b.add("ork-boyz")
    b.add("lieutenant")
    b.add("rhino")
    b.add("intercessors", models=2, warlord=True)
    b.det()
    report = check(b)
    assert len(report.findings) >= 5
    for item in report.findings:
        assert item.message.fr and item.message.en and item.message.fr != item.message.en
        assert item.rule.seed and item.rule.section


def test_findings_are_sorted_errors_first(mini: Catalogue) -> None:
    b = base(mini)
    b.det("Vide")
    b.add("rhino", det="d1")
    report = check(b)
    severities = [f.severity.rank for f in report.findings]
    assert severities == sorted(severities)


def test_empty_detachment_list(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1000)
    b.army.detachments = []
    report = check(b)
    assert {"ROLE-MIN"} <= codes(report)
    assert report.detachments == 0


def test_validate_does_not_change_the_list(mini: Catalogue) -> None:
    b = base(mini)
    b.add("rhino")
    before = b.army.model_dump()
    check(b)
    assert b.army.model_dump() == before


def test_detachment_model_roundtrip() -> None:
    assert Detachment(id="d1").units == []


# --- pairings assumed for lists read from other formats -----------------------


def test_assume_pairings_gives_transports_and_characters_a_unit(mini: Catalogue) -> None:
    from ost.core.validator import assume_pairings

    b = ListBuilder(mini, 1000)
    b.add("captain")
    b.add("intercessors")  # PRIMARIS: cannot ride a Rhino
    tactical = b.add("tactical")
    rhino = b.add("rhino")
    lieutenant = b.add("lieutenant")
    assert {"TRANSPORT-ORPHAN", "CHAR-UNLINKED"} <= codes(check(b))
    assumed = assume_pairings(mini, b.army)
    assert [(a.kind, a.unit_id, a.target_id) for a in assumed] == [
        ("transport", tactical, rhino),
        ("linked_to", lieutenant, tactical),
    ]
    assert "Escouade Tactique embarque dans Rhino" in assumed[0].message.fr
    assert check(b).legal


def test_assume_pairings_leaves_what_cannot_be_paired(mini: Catalogue) -> None:
    from ost.core.validator import assume_pairings

    b = ListBuilder(mini, 1000)
    b.add("intercessors")
    terminators = b.add("terminators")
    b.add("rhino")  # nobody may ride it: Primaris and Terminators are forbidden
    b.add("lieutenant")  # joins the nearest unit it may join: the Terminators
    assumed = assume_pairings(mini, b.army)
    assert [(a.kind, a.target_id) for a in assumed] == [("linked_to", terminators)]
    assert "TRANSPORT-ORPHAN" in codes(check(b))


def test_assume_pairings_keeps_existing_pairings(mini: Catalogue) -> None:
    from ost.core.validator import assume_pairings

    b = base(mini)
    rhino = b.add("rhino")
    b.unit("u3").transport = rhino
    b.add("lieutenant", linked_to="u3")
    before = b.army.model_dump()
    assert assume_pairings(mini, b.army) == []
    assert b.army.model_dump() == before


# --- found in review -------------------------------------------------------------


def test_negative_option_count_is_an_error(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u3").options = {"flamer": -20}
    report = check(b)
    assert "UNIT-OPTION" in codes(report)
    assert not report.legal


def test_unknown_units_are_told_apart_by_name_not_last_category(mini: Catalogue) -> None:
    b = base(mini)
    for number, name in enumerate(["Skorpekh Destroyers", "Lychguard"], start=1):
        b.army.detachments[0].units.append(
            Unit(
                id=f"x{number}",
                datasheet=f"bs-{number}",
                snapshot=UnitSnapshot(
                    name=name,
                    role=Role.ELITES,
                    points=100,
                    keywords=["INFANTRY", "CORE"],
                    faction_keywords=["IMPERIUM"],
                ),
                models=3,
            )
        )
    assert "SHEET-MAX" not in codes(check(b))


def test_duplicate_unit_ids_do_not_confuse_detachments(mini: Catalogue) -> None:
    b = ListBuilder(mini, 1500)
    b.add("captain")
    b.add("intercessors")
    b.add("tactical")
    b.det()
    b.add("ork-boss")
    b.add("ork-boyz")
    b.add("ork-boyz")
    b.army.detachments[1].units[0].id = "u1"  # the same id as the Captain, in memory only
    report = check(b)
    assert "DET-FACTION" not in codes(report)


def test_linked_character_may_ride_its_units_transport(mini: Catalogue) -> None:
    b = base(mini)
    rhino = b.add("rhino")
    b.unit("u3").transport = rhino
    b.add("lieutenant", linked_to="u3", transport=rhino)
    report = check(b)
    assert report.legal, report.findings


def test_placeholder_written_with_spaces(mini: Catalogue) -> None:
    b = base(mini)
    b.unit("u2").placeholders = {"< Chapitre >": "ULTRAMARINES"}
    assert check(b).legal


def test_reserves_message_uses_a_french_decimal_comma(mini: Catalogue) -> None:
    b = base(mini)  # 80 + 100 + 90
    b.add("scouts")  # + 70
    b.unit("u3").options = {"flamer": 1}  # + 5: 345 points, half is 172.5
    b.unit("u2").reserve = True
    b.unit("u3").reserve = True  # 100 + 95 = 195 in reserve
    report = check(b)
    assert "(172,5 sur 345 points)" in only(report, Code.RESERVES_MAX)[0]
    assert "(172.5 of 345 points)" in report.findings[0].message.en


def test_sheet_max_lists_a_name_once_per_language(mini: Catalogue) -> None:
    """Two datasheets one English name shares (Ost's own and an imported copy) are listed once in English."""
    scouts = mini.get("scouts")
    assert scouts is not None
    data = scouts.model_dump()
    # Another datasheet (its own identity), as an imported copy of the same unit would be.
    copy = type(scouts).model_validate(
        {**data, "id": "scouts-imported", "name": "Scouts", "name_en": "", "identity": "SCOUTS IMPORTÉS"}
    )
    renamed = type(scouts).model_validate({**data, "name": "Éclaireurs", "name_en": "Scouts"})
    catalogue = Catalogue(
        [renamed if s.id == "scouts" else s for s in mini] + [copy],
        mini.bands,
        mini.glossary.values(),
        mini.factions.values(),
    )
    report = check(three_intercessors(catalogue))
    assert codes(report) == {"SHEET-MAX"}
    finding = report.findings[0]
    assert finding.message("fr").endswith("fiches Troupes encore inutilisées : Éclaireurs, Scouts.")
    assert finding.message("en").endswith("Troops datasheets not yet used: Scouts.")
    assert finding.fix("en").endswith("for example Scouts.")
