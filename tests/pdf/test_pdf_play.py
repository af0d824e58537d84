"""Sheets and cards a player can play a whole game from, read back from the PDFs (issue 12).

PV per model kind, only the weapons a unit carries, type sizes, cut marks in
the printable area, English cards in English, a 10-unit sheet on one page,
the list's name on every card, traceable footers.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.lib.units import mm

from helpers import ListBuilder
from ost.core.armylist import StatedOption
from ost.core.catalogue import (
    AbilityRef,
    Catalogue,
    CatalogueSource,
    Datasheet,
    ModelKind,
    ModelProfile,
    WargearOption,
    WeaponProfile,
)
from ost.core.i18n import pick
from ost.core.presenter import present, unit_line, weapon_type
from ost.core.roles import Role
from ost.core.validator import validate
from ost.pdf.cards import (
    BODY_MAX,
    BODY_MIN,
    COMPACT,
    CardKind,
    CardSize,
    _stack_height,
    _styles,
    card_specs,
    cards_pdf,
    layout_cards,
    page_geometry,
)
from ost.pdf.common import Paper, list_fingerprint
from ost.pdf.fonts import register_fonts
from ost.pdf.rulecards import RuleCardError, read_ability_texts
from ost.pdf.sheet import army_sheet_pdf, check_report_pdf
from pdfcheck import line_segments, outside, page_texts, reader, squash, text_runs

ORK = ["ORKS", "<CLAN>"]


def boyz() -> Datasheet:
    """Boyz as the final 9th-edition data has them: a Boss Nob with 2 wounds, then 9–29 Boyz."""
    return Datasheet(
        id="t-boyz",
        name="Boyz",
        faction="orks",
        role=Role.TROOPS,
        min_models=10,
        max_models=30,
        points=80,
        keywords=["INFANTERIE", "CORE", "BOYZ"],
        faction_keywords=ORK,
        kinds=[
            ModelKind(id="nob", name="Boss Nob", min=1, max=1, wounds=2, profile="Boss Nob"),
            ModelKind(id="boy", name="Boy", min=9, max=29, wounds=1, points=8, profile="Boy"),
        ],
        profiles=[
            ModelProfile(name="Boy", m='5"', ws="3+", bs="5+", s="4", t="5", w="1", a="2", ld="6", sv="6+"),
            ModelProfile(name="Boss Nob", m='5"', ws="3+", bs="5+", s="5", t="5", w="2", a="3", ld="7", sv="6+"),
        ],
        weapons=[
            WeaponProfile(name="Kikoup'", range="Mêlée", type="Mêlée", s="U", ap="-1", d="1"),
            WeaponProfile(name="Fling", range='12"', type="Pistolet 1", s="4", ap="0", d="1"),
            WeaponProfile(name="Gros fling", range='36"', type="Lourde 3", s="5", ap="0", d="1"),
            WeaponProfile(name="Lance-rokette", range='24"', type="Assaut 1", s="8", ap="-2", d="3"),
        ],
        options=[
            WargearOption(id="gros-fling", name="Gros fling", points=5, max=1),
            WargearOption(id="lance-rokette", name="Lance-rokette", points=10, max=1),
        ],
        abilities=[
            AbilityRef(name="Orks en masse", text="Relance les jets de charge quand l'unité compte 20 figurines.")
        ],
    )


def warboss() -> Datasheet:
    """A character whose option replaces his pistol; his ability gives an invulnerable save."""
    return Datasheet(
        id="t-boss",
        name="Big Boss",
        faction="orks",
        role=Role.HQ,
        points=80,
        wounds=6,
        keywords=["INFANTERIE", "PERSONNAGE", "BIG BOSS"],
        faction_keywords=ORK,
        profiles=[ModelProfile(name="Big Boss", m='5"', ws="2+", bs="5+", s="6", t="5", w="6", a="4", ld="8", sv="4+")],
        weapons=[
            WeaponProfile(name="Fling kustom", range='12"', type="Pistolet 2", s="4", ap="0", d="1"),
            WeaponProfile(name="Pince énergétique", range="Mêlée", type="Mêlée", s="x2", ap="-3", d="2"),
        ],
        options=[WargearOption(id="pince", name="Pince énergétique", points=10, replaces=["Fling kustom"])],
        abilities=[AbilityRef(name="Armure de fer", text="Sauvegarde invulnérable de 5+.")],
    )


def catalogue(mini: Catalogue) -> Catalogue:
    return Catalogue(
        [*mini, boyz(), warboss()],
        mini.bands,
        mini.glossary.values(),
        mini.factions.values(),
        [CatalogueSource(id="ost", name="Ost", kind="shipped", revision="r7")],
    )


def ork_list(cat: Catalogue, name: str = "Waaagh d'essai") -> ListBuilder:
    b = ListBuilder(cat, limit=1000, name=name)
    b.add("t-boss", options={"pince": 1}, warlord=True)
    b.add("t-boyz", models=10, options={"gros-fling": 1})
    return b


# --- the presenter ------------------------------------------------------------------------


def test_ten_boyz_are_eleven_pv(mini: Catalogue) -> None:
    cat = catalogue(mini)
    b = ork_list(cat)
    view = present(boyz(), cat, "fr", b.unit("u2"))
    assert view.unit is not None and view.unit.wounds == 11
    assert view.unit.pv_line("fr") == "9 × 1 + Boss Nob 2 = 11 PV"
    assert [(p.name, p.count) for p in view.profiles] == [("Boss Nob", 1), ("Boy", 9)]
    # 85 pts ÷ 10 models = 8,5 per model: a Boy's PV is worth 8,5, the Boss Nob's (2 PV) 4,25.
    assert "11 PV" in unit_line(view) and "1 PV = 8,5 (Boss Nob 4,3)" in unit_line(view)


def test_weapons_carried_only(mini: Catalogue) -> None:
    cat = catalogue(mini)
    b = ork_list(cat)
    boyz_view = present(boyz(), cat, "fr", b.unit("u2"))
    assert [w.name for w in boyz_view.weapons] == ["Kikoup'", "Fling", "Gros fling"]  # no rokkit: not taken
    boss = present(warboss(), cat, "fr", b.unit("u1"))
    assert [w.name for w in boss.weapons] == ["Pince énergétique"]  # the claw replaces the pistol
    assert boss.profile_head[-1] == "Inv" and boss.profiles[0].values[-1] == "5+"
    # Without the option the pistol is back and the claw is gone.
    b.unit("u1").options = {}
    assert [w.name for w in present(warboss(), cat, "fr", b.unit("u1")).weapons] == ["Fling kustom"]
    # The catalogue view lists every weapon, options marked.
    assert [(w.name, w.origin) for w in present(boyz(), cat, "fr").weapons][-1] == ("Lance-rokette", "option")


def test_options_the_catalogue_lacks_keep_the_lists_profiles(mini: Catalogue) -> None:
    cat = catalogue(mini)
    b = ork_list(cat)
    unit = b.unit("u2")
    unit.extra_options = [
        StatedOption(name="Kustom shoota", points=5, weapons=[WeaponProfile(name="Kustom shoota", type="Assaut 4")]),
        StatedOption(name="Bosspole", points=5),
    ]
    view = present(boyz(), cat, "en", unit)
    shoota = [w for w in view.weapons if w.name == "Kustom shoota"]
    assert shoota and shoota[0].origin == "list" and shoota[0].type == "Assault 4"
    assert view.other_wargear == ("Bosspole",)
    # The sheet's wargear column and the card name them too.
    sheet = squash(" ".join(page_texts(reader(army_sheet_pdf(cat, b.army, validate(cat, b.army))))))
    cards = squash(
        " ".join(page_texts(reader(cards_pdf(cat, b.army, validate(cat, b.army), kinds=[CardKind.DATASHEET]))))
    )
    for text in (sheet, cards):
        assert squash("Kustom shoota") in text and squash("Bosspole") in text


@pytest.mark.parametrize(
    ("text", "lang", "shown"),
    [
        ("Lourde D6", "en", "Heavy D6"),
        ("Assaut 2", "en", "Assault 2"),
        ("Mêlée", "en", "Melee"),
        ("Tir Rapide 1", "en", "Rapid Fire 1"),
        ("Heavy 1", "fr", "Lourde 1"),
        ("Melee", "fr", "Mêlée"),
        ("Grenade D6", "en", "Grenade D6"),
        ("Dakka 3", "en", "Dakka 3"),
    ],
)
def test_weapon_types_in_the_readers_language(text: str, lang: str, shown: str) -> None:
    assert weapon_type(text, lang) == shown


# --- the cards, read back -------------------------------------------------------------------


def test_cards_show_pv_per_kind_and_only_weapons_carried(mini: Catalogue) -> None:
    cat = catalogue(mini)
    b = ork_list(cat)
    whole = squash(
        " ".join(page_texts(reader(cards_pdf(cat, b.army, validate(cat, b.army), kinds=[CardKind.DATASHEET]))))
    )
    assert squash("9 × 1 + Boss Nob 2 = 11 PV") in whole
    assert squash("Gros fling") in whole and squash("Lance-rokette") not in whole
    assert squash("Pince énergétique") in whole and squash("Fling kustom") not in whole


def test_every_text_is_at_least_6_pt_and_body_text_7_5(mini: Catalogue) -> None:
    cat = catalogue(mini)
    b = ork_list(cat)
    b.add("tactical", options={"flamer": 1})
    for size in (CardSize.POKER, CardSize.A6):
        for lang in ("fr", "en"):
            runs = text_runs(reader(cards_pdf(cat, b.army, validate(cat, b.army), lang=lang, size=size)))
            small = sorted({round(r.size, 2) for r in runs if r.size < 6})
            assert small == [], (size, lang, small)
            # Rule and ability cards are mostly body text: most of their letters are at least 7.5 pt.
            prose = text_runs(
                reader(
                    cards_pdf(
                        cat,
                        b.army,
                        validate(cat, b.army),
                        lang=lang,
                        size=size,
                        kinds=[CardKind.RULE, CardKind.ABILITY],
                    )
                )
            )
            weight: Counter[float] = Counter()
            for run in prose:
                weight[round(run.size, 1)] += len(run.text)
            common = weight.most_common(1)[0][0]
            assert common >= 7.5, (size, lang, common)
    # The styles themselves: the body never under 7.5 pt, nothing under 6 pt, even on a card that almost fits.
    fonts = register_fonts()
    for floor in BODY_MIN.values():
        for styles in (_styles(floor, fonts, floor), _styles(floor * COMPACT, fonts, floor)):
            assert styles.body.fontSize >= 7.5
            for style in (styles.meta, styles.small, styles.cell, styles.cell_bold, styles.head, styles.italic):
                assert style.fontSize >= 6, style.name
    for make in (army_sheet_pdf, check_report_pdf):
        runs = text_runs(reader(make(cat, b.army, validate(cat, b.army))))
        assert min(r.size for r in runs) >= 6


@pytest.mark.parametrize(("paper", "size"), [(p, s) for p in Paper for s in CardSize])
def test_cut_marks_inside_the_printable_area(mini: Catalogue, paper: Paper, size: CardSize) -> None:
    cat = catalogue(mini)
    army = ork_list(cat).army
    pdf = reader(cards_pdf(cat, army, validate(cat, army), paper=paper, size=size))
    width, height = paper.size
    lines = line_segments(pdf)
    geo = page_geometry(paper, size)
    marks = [
        seg
        for seg in lines
        if min(seg[1], seg[3]) < geo.x0 - 0.5
        or max(seg[1], seg[3]) > width - geo.x0 + 0.5
        or min(seg[2], seg[4]) < geo.y0 - 0.5
        or max(seg[2], seg[4]) > height - geo.y0 + 0.5
    ]
    if size is CardSize.POKER:
        assert marks, "no cut mark at all"
    for _, x0, y0, x1, y1 in marks:
        for x in (x0, x1):
            assert 18 <= x <= width - 18, (paper, size, x)
        for y in (y0, y1):
            assert 18 <= y <= height - 18, (paper, size, y)


def test_cut_mark_check_is_not_blind(mini: Catalogue) -> None:
    """A4 poker cards leave room in every margin: both directions have marks."""
    cat = catalogue(mini)
    army = ork_list(cat).army
    lines = line_segments(reader(cards_pdf(cat, army, validate(cat, army))))
    assert any(y0 == y1 for _, _, y0, _, y1 in lines) and any(x0 == x1 for _, x0, _, x1, _ in lines)


def test_english_cards_are_english(mini: Catalogue) -> None:
    cat = catalogue(mini)
    b = ork_list(cat)
    b.add("tactical", models=7)
    text = " ".join(page_texts(reader(cards_pdf(cat, b.army, validate(cat, b.army), lang="en"))))
    for french in ("Lourde", "Assaut", "Mêlée", "Pistolet", "Capacités", "Mots-clefs", " fig.", "1 models"):
        assert french not in text, french
    assert "1 model" in squash(text) or "1 model" in text
    assert "Melee" in text and "Heavy 3" in text


def test_each_card_shows_the_lists_name_and_verdict(mini: Catalogue) -> None:
    cat = catalogue(mini)
    b = ork_list(cat, name="Waaagh du Nord")
    data = cards_pdf(cat, b.army, validate(cat, b.army))
    pdf = reader(data)
    runs = text_runs(pdf)
    geo = page_geometry(Paper.A4, CardSize.POKER)
    texts = page_texts(pdf)
    cards_seen = 0
    for number, _ in enumerate(pdf.pages):
        for slot in range(geo.per_page):
            inside = [r for r in runs if r.page == number and not outside([r], geo.rect(slot))]
            if not inside:
                continue
            cards_seen += 1
            names = [r for r in inside if "Waaagh du Nord" in r.text]
            assert names, (number, slot)
    assert cards_seen >= 10
    assert all("NON RÉGLEMENTAIRE" in t or "réglementaire" in t for t in texts)


def test_export_only_some_kinds_of_cards(mini: Catalogue) -> None:
    cat = catalogue(mini)
    b = ork_list(cat)
    rules = squash(" ".join(page_texts(reader(cards_pdf(cat, b.army, validate(cat, b.army), kinds=[CardKind.RULE])))))
    assert squash("Transport détruit") in rules and squash("Big Boss") not in rules
    sheets = squash(
        " ".join(page_texts(reader(cards_pdf(cat, b.army, validate(cat, b.army), kinds=[CardKind.DATASHEET]))))
    )
    assert squash("Big Boss") in sheets and squash("Transport détruit") not in sheets


# --- the sheet and the report -------------------------------------------------------------------


def test_a_ten_unit_list_fits_one_page(mini: Catalogue) -> None:
    cat = catalogue(mini)
    b = ListBuilder(cat, limit=2000, name="Dix unités")
    b.add("captain", warlord=True)
    tactical = b.add("tactical", models=10, options={"flamer": 1})
    b.add("lieutenant", linked_to=tactical)
    intercessors = b.add("intercessors", models=10)
    b.add("apothecary", linked_to=intercessors)
    b.add("scouts")
    b.add("terminators")
    b.det("Waaagh")
    b.add("t-boss", options={"pince": 1})
    b.add("t-boyz", models=20)
    b.add("t-boyz", models=10, options={"gros-fling": 1})
    assert b.army.unit_count() == 10
    report = validate(cat, b.army)
    assert report.legal, report.codes()
    for lang in ("fr", "en"):
        pdf = reader(army_sheet_pdf(cat, b.army, report, lang=lang))
        assert len(pdf.pages) == 1, lang


LONG_NAMES = [
    "Capitaine Aurelius Varro de la Troisième Compagnie, Gardien des Portes",
    "Escouade Tactique Titus — Les Inflexibles du Bastion de Macragge Nord",
    "Lieutenant Cassius Tarrak, Héraut de la Troisième Compagnie en Armes",
    "Escouade d'Intercessors Sergent Damocles, Fer de Lance de l'Ultramar",
    "Apothicaire Helios Vantor, Gardien des Graines Génétiques Sacrées",
    "Escouade de Scouts Vétérans de Telos, Chasseurs des Jungles de Baal",
    "Escouade Terminator Cataphractii de la Première Compagnie d'Honneur",
    "Big Boss Grukk Kasse-Tout d'la Tribu des Kikoupeurs Sanglants d'Armageddon",
    "Les Boyz à Grukk qui Kourent Vite Vers la Baston en Hurlant Waaagh",
    "Deuxième Bande de Boyz à Gros Flingues qui Tirent Partout Sans Viser",
]


def test_a_ten_unit_list_with_long_names_fits_one_page(mini: Catalogue) -> None:
    """Players' own names of 60 letters and more shrink and wrap in their cells; every unit stays on page one.

    The names make this list's share code 47 mm: it takes its own room beside the title block (it once
    covered the first table's header to keep one page), so the totals may follow on a second page.
    """
    from ost.pdf.sheet import NAME_FLOOR

    cat = catalogue(mini)
    b = ListBuilder(cat, limit=2000, name="Dix unités aux noms longs")
    b.add("captain", warlord=True)
    tactical = b.add("tactical", models=10, options={"flamer": 1})
    b.add("lieutenant", linked_to=tactical)
    intercessors = b.add("intercessors", models=10)
    b.add("apothecary", linked_to=intercessors)
    b.add("scouts")
    b.add("terminators")
    b.det("Waaagh")
    b.add("t-boss", options={"pince": 1})
    b.add("t-boyz", models=20)
    b.add("t-boyz", models=10, options={"gros-fling": 1})
    for (_, unit), name in zip(b.army.units(), LONG_NAMES, strict=True):
        assert len(name) >= 60
        unit.custom_name = name
    report = validate(cat, b.army)
    assert report.legal, report.codes()
    for lang in ("fr", "en"):
        pdf = reader(army_sheet_pdf(cat, b.army, report, lang=lang))
        assert len(pdf.pages) <= 2, lang
        text = squash(page_texts(pdf)[0])
        assert all(squash(name) in text for name in LONG_NAMES), lang  # whole, never cut, all on page one
        if len(pdf.pages) == 2:  # only the totals (naming the warlord) and the band table follow
            assert not any(squash(name) in squash(page_texts(pdf)[1]) for name in LONG_NAMES[1:]), lang
        assert min(r.size for r in text_runs(pdf)) >= min(NAME_FLOOR, 6)


def test_the_ten_unit_example_with_long_names_fits_one_page(shipped: Catalogue) -> None:
    """The shipped 10-unit example, every unit named at length by its player, prints on one page in both languages."""
    from ost.core import listfile

    army = listfile.load(Path(__file__).parents[2] / "examples" / "legal" / "orks-1000.ost")
    assert army.unit_count() == 10
    for (_, unit), name in zip(army.units(), LONG_NAMES, strict=True):
        unit.custom_name = name
    report = validate(shipped, army)
    for lang in ("fr", "en"):
        assert len(reader(army_sheet_pdf(shipped, army, report, lang=lang)).pages) == 1, lang


def test_footers_are_traceable(mini: Catalogue) -> None:
    cat = catalogue(mini)
    b = ork_list(cat)
    fingerprint = list_fingerprint(b.army)
    for make in (army_sheet_pdf, check_report_pdf):
        pdf = reader(make(cat, b.army, validate(cat, b.army)))
        for text in page_texts(pdf):
            assert "Ost 0." in text and "Ost r7" in text and fingerprint in text
        meta = pdf.metadata
        assert meta is not None and fingerprint in str(meta.get("/Keywords")) and "Waaagh" in str(meta.get("/Subject"))
    cards = reader(cards_pdf(cat, b.army, validate(cat, b.army)))
    assert cards.metadata is not None and fingerprint in str(cards.metadata.get("/Keywords"))
    # Another list, another fingerprint.
    b.add("t-boyz")
    assert list_fingerprint(b.army) != fingerprint


def test_header_keeps_a_long_name_whole_when_there_is_no_stamp(mini: Catalogue) -> None:
    cat = catalogue(mini)
    name = "Croisade de la Quatrième Compagnie des Ultramarines — 2000 points de tournoi"
    b = ListBuilder(cat, limit=1000, name=name)
    b.add("captain")
    b.add("tactical")
    b.add("intercessors")
    pdf = reader(army_sheet_pdf(cat, b.army, validate(cat, b.army)))
    header = [r for r in text_runs(pdf) if r.y > Paper.A4.size[1] - 40]
    assert any(name in r.text for r in header)
    assert outside(text_runs(pdf), (0, 0, *Paper.A4.size)) == []


def test_the_cli_and_the_window_render_the_same_view(mini: Catalogue) -> None:
    from ost.cli.catalogue_cmd import datasheet_text
    from ost.gui.datasheet_view import datasheet_html

    cat = catalogue(mini)
    for lang, melee in (("fr", "Mêlée"), ("en", "Melee")):
        html = datasheet_html(boyz(), cat, lang)
        text = datasheet_text(boyz(), cat, lang)
        for shown in (html, text):
            assert melee in shown and "Lance-rokette" in shown and "Boss Nob" in shown
        # Figures never break in the window; names wrap at spaces.
        assert "white-space: nowrap" in html and "width='100%'" in html
    assert "Mêlée" not in datasheet_html(boyz(), cat, "en")


def test_cards_fill_their_room(mini: Catalogue) -> None:
    """Short texts grow (up to BODY_MAX) or share a card; a card is never left mostly empty."""
    cat = catalogue(mini)
    b = ork_list(cat)
    b.add("tactical", options={"flamer": 1})
    fonts = register_fonts()
    for size in (CardSize.POKER, CardSize.A6):
        placed = layout_cards(card_specs(cat, b.army, size=size), size, fonts)
        for card in placed:
            if card.parts > 1 or card.size >= BODY_MAX[size]:
                continue
            used = _stack_height(card.flowables, size.dimensions[0] - 2 * size.padding, card.room)[0]
            assert used >= card.room * 0.55, (size, card.spec.title, round(used / card.room, 2))
        keys = [card.spec.key for card in placed]
        assert "stratagems+airborne" in keys, keys  # two short rule cards share one


_TYPE_TEXT = st.lists(
    st.sampled_from(
        ["Lourde", "Heavy", "Assaut", "Assault", "Tir Rapide", "Rapid Fire", "Mêlée", "Melee", "D6", "2", "*"]
    ),
    min_size=1,
    max_size=4,
).map(" ".join)


@given(text=_TYPE_TEXT)
def test_weapon_types_translate_both_ways(text: str) -> None:
    english = weapon_type(text, "en")
    french = weapon_type(text, "fr")
    assert weapon_type(english, "fr") == french and weapon_type(french, "en") == english
    for word in ("Lourde", "Assaut", "Mêlée", "Tir Rapide"):
        assert word not in english


def test_units_of_one_datasheet_with_different_weapons_get_a_card_each(mini: Catalogue) -> None:
    cat = catalogue(mini)
    b = ListBuilder(cat, limit=1000, name="Deux kits")
    b.add("t-boyz", options={"gros-fling": 1}, custom_name="Les Flingueurs")
    b.add("t-boyz", options={"lance-rokette": 1}, custom_name="Les Rokkeurs")
    b.add("t-boyz", options={"gros-fling": 1}, custom_name="Les Autres")
    titles = [s.title for s in card_specs(cat, b.army, kinds=[CardKind.DATASHEET])]
    assert titles == ["Boyz — Les Flingueurs, Les Autres", "Boyz — Les Rokkeurs"]


def test_broken_ability_text_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "abilities.fr.yaml"
    path.write_text("lang: fr\nabilities:\n  - key: qg\n    text: x\n", encoding="utf-8")
    with pytest.raises(RuleCardError, match=r"abilities\.fr\.yaml.*reads"):
        read_ability_texts(path)
    path.write_text("lang: fr\nabilities:\n  - {key: qg, text: a, reads: b}\n  - {key: qg, text: c, reads: d}\n")
    with pytest.raises(RuleCardError, match="duplicate ability key qg"):
        read_ability_texts(path)


def test_no_page_holds_only_the_legend(mini: Catalogue) -> None:
    """Lists of every length up to three pages: each page carries units, the totals or findings."""
    cat = catalogue(mini)
    names = ["intercessors", "tactical", "scouts", "captain", "t-boyz", "t-boss"]
    b = ListBuilder(cat, limit=4000, name="Longueurs")
    for count in range(1, 41):
        b.add(names[count % len(names)])
        if count % 3:
            continue
        for text in page_texts(reader(army_sheet_pdf(cat, b.army, validate(cat, b.army)))):
            assert any(mark in text for mark in ("Détachement", "Totaux", "Gravité")), (count, text[:200])


def test_transport_words_name_wound_rules() -> None:
    from ost.core.catalogue import Datasheet, SpaceRule, TransportCapacity, WoundLimit
    from ost.core.presenter import transport_words
    from ost.core.roles import Role

    bastion = Datasheet(
        id="b",
        name="Bastion",
        role=Role.FORTIFICATION,
        transport=TransportCapacity(
            capacity=15,
            allowed=[["INFANTERIE"]],
            space=[
                SpaceRule(keywords=[], space=2, min_wounds=3, max_wounds=3),
                SpaceRule(keywords=[], space=3, min_wounds=4),
            ],
            wound_limits=[WoundLimit(min_wounds=5, unless=["PERSONNAGE"])],
        ),
    )
    fr = transport_words(bastion, "fr")
    en = transport_words(bastion, "en")
    assert fr is not None and en is not None
    assert "figurines de 3 PV : 2 places chacune" in fr
    assert "figurines de 4 PV ou plus : 3 places chacune" in fr
    assert "pas de figurines de 5 PV ou plus (sauf PERSONNAGE)" in fr
    assert "models with 4 or more wounds: 3 places each" in en
    assert " : 2 places" not in fr.replace("PV : 2", "")


def test_the_share_code_never_covers_the_first_table(shipped: Catalogue) -> None:
    """Issue 21: a large share code (the 3,000-point example's is over 40 mm) stops above the first table's header.

    The code's lowest dark module and its caption are above the top of the first table's header text.
    """
    from ost.core import listfile
    from ost.pdf.sheet import share_code

    army = listfile.load(Path(__file__).parents[2] / "examples" / "legal" / "astra-militarum-3000.ost")
    code = share_code(shipped, army)
    assert code is not None and code.in_head and code.side > 40 * mm
    for lang in ("fr", "en"):
        pdf = reader(army_sheet_pdf(shipped, army, validate(shipped, army), lang=lang))
        runs = [r for r in text_runs(pdf) if r.page == 0]
        header = pick(lang, fr="Unité", en="Unit")
        table_top = max(r.y + r.size for r in runs if r.text.strip() == header)
        caption = next(r for r in runs if r.text.startswith(pick(lang, fr="Code de partage", en="Share code")))
        assert caption.y > table_top, lang  # the caption, under the code, is above the table
