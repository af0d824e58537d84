"""Lists as other writers give them: New Recruit's cumulative costs, configuration entries typed as
units, BattleScribe's HTML export copied as text or given as HTML (issue 17).

The rosters are small fixtures in the shapes those writers use, with the 9th-edition
data's entry ids for an Ork Boyz mob (as tests/formats/lists/test_readers_roster_units.py), read against
the shipped catalogue. tests/formats/lists/test_real_rosters.py reads the real rosters.
"""

from __future__ import annotations

from helpers import TEST_DATA, options_only
from ost.core.armylist import unit_points
from ost.core.catalogue import Catalogue
from ost.formats.lists.listreader import read_list
from ost.formats.lists.text import html_to_text

DATA = TEST_DATA / "readers"
_NS = "http://www.battlescribe.net/schema/rosterSchema"
_TROOPS = (
    '<categories><category id="c1" name="Troops" entryId="5d76b6f5-20ae-4d70-8f59-ade72a2add3a" primary="true"/>'
    "</categories>"
)
_CONFIG = (
    '<categories><category id="c9" name="Configuration" entryId="4ac9-fd30-1e3d-b249" primary="true"/></categories>'
)


def _cost(points: int) -> str:
    return f'<costs><cost name="pts" typeId="points" value="{points}.0"/></costs>'


def _boyz(*, cumulative: bool, extra: str = "") -> bytes:
    """Boyz: a Boss Nob with a Power Klaw (10) and 19 Boyz, as BattleScribe or as New Recruit states costs."""
    klaw = (
        '<selection id="s4" name="Power Klaw" entryId="5d19-15a5-9dd5-3536::fe00-451f-6735-6fd9" number="1" '
        f'type="upgrade">{_cost(10)}</selection>'
    )
    nob = (
        '<selection id="s3" name="Boss Nob" entryId="fffc-9253-282a-3f0f::b816-45d4-dcde-e771" number="1" '
        f'type="model"><selections>{klaw}</selections>{_cost(18 if cumulative else 8)}</selection>'
    )
    boys = (
        '<selection id="s5" name="Ork Boy w/ Slugga &amp; Choppa" entryId="c265-7969-10c0-0d77" number="19" '
        f'type="model">{_cost(152)}</selection>'
    )
    unit = (
        '<selection id="s2" name="Boyz" entryId="e891-db86-4983-2a05::4923-2dbf-7fd5-8828" number="1" type="unit">'
        f"<selections>{nob}{boys}</selections>{_cost(170 if cumulative else 0)}{_TROOPS}</selection>"
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><roster id="r" name="Goffs" generatedBy="test" '
        f'gameSystemId="28ec-711c-d87f-3aeb" xmlns="{_NS}">{_cost(170)}'
        '<forces><force id="f" name="Patrol Detachment -2CP" entryId="x" catalogueId="3bba-af85-a93c-6bdf" '
        f'catalogueName="Orks"><selections>{extra}{unit}</selections></force></forces></roster>'
    ).encode()


def test_new_recruit_cumulative_costs_are_counted_once(shipped: Catalogue) -> None:
    older = options_only(shipped, "ork-boyz")  # the klaw as an option counter; see below for the shipped choices
    for cumulative in (False, True):
        result = read_list(_boyz(cumulative=cumulative), "boyz.ros", older)
        (unit,) = [u for _, u in result.army.units()]
        assert unit.stated_points == 170, cumulative
        assert unit.options == {"boss-nob-power-klaw": 1} and unit.composition == {"boss-nob": 1, "boy": 19}
        assert unit_points(unit, older) == 170 and result.reading.prices == []
        now = read_list(_boyz(cumulative=cumulative), "boyz.ros", shipped)
        (carried,) = [u for _, u in now.army.units()]
        assert carried.options == {} and unit_points(carried, shipped) == 170 and now.reading.prices == []
        said = [n.message("en") for n in result.reading.notes]
        assert any("counts each cost once" in m for m in said) == cumulative
    fr = [n.message("fr") for n in read_list(_boyz(cumulative=True), "b.ros", shipped).reading.notes]
    assert any("compte chaque coût une fois" in m for m in fr)


def test_a_configuration_entry_typed_as_a_unit_is_not_a_unit(shipped: Catalogue) -> None:
    gametype = f'<selection id="g" name="Gametype" entryId="aa11-bb22" number="1" type="unit">{_CONFIG}</selection>'
    size = '<selection id="b" name="Battle Size" entryId="cc33-dd44" number="1" type="unit"></selection>'
    result = read_list(_boyz(cumulative=False, extra=gametype + size), "boyz.ros", shipped)
    assert [u.datasheet for _, u in result.army.units()] == ["ork-boyz"]
    assert result.reading.unknown == []
    assert {(i.text, i.reason) for i in result.reading.ignored} >= {
        ("Gametype", "configuration"),
        ("Battle Size", "configuration"),
    }


def _read_html_text(shipped: Catalogue, data: bytes, name: str = "list.txt"):  # type: ignore[no-untyped-def]
    result = read_list(data, name, shipped)
    units = {u.datasheet: u for _, u in result.army.units()}
    return result, units


def test_battlescribe_html_export_copied_as_text(shipped: Catalogue) -> None:
    result, units = _read_html_text(shipped, (DATA / "battlescribe-html-as-text.txt").read_bytes())
    reading = result.reading
    # Its force, sections and configuration are headings, not units; every line is accounted for.
    assert [d.name for d in result.army.detachments] == ["Patrol Detachment -2CP (Orks)"]
    assert list(units) == ["ork-big-boss", "ork-boyz", "ork-gretchin"]
    assert reading.unknown == [] and reading.warnings == []
    assert reading.layout == "battlescribe" or "battlescribe-html" in (reading.layout or "")
    lines = (DATA / "battlescribe-html-as-text.txt").read_text().splitlines()
    accounted = {i.line for i in reading.ignored} | {m.line for m in reading.matched}
    assert accounted == set(range(1, len(lines) + 1))
    # What the unit lines and the lines under them say.
    boss = units["ork-big-boss"]
    assert boss.warlord and boss.options == {"attack-squig": 1, "power-klaw": 1} and boss.stated_points == 95
    boyz = units["ork-boyz"]
    assert boyz.models == 20 and boyz.options == {"boss-nob-power-klaw": 1}
    assert [(g.kind, g.count) for g in boyz.loadout] == [("boss-nob", 1), ("boy", 19)]
    assert units["ork-gretchin"].models == 10
    assert boss.placeholders == {"<CLAN>": "GOFFS"} and result.army.points_limit == 1000
    assert result.army.stated_total == 315 == sum(u.stated_points or 0 for u in units.values())
    assert "3 unité(s) reconnue(s)" in reading.summary("fr") and "3 unit(s) recognised" in reading.summary("en")


def test_battlescribe_html_export_given_as_html(shipped: Catalogue) -> None:
    page = (
        "<!DOCTYPE html><html><head><style>h4 { color: red }</style></head><body class='battlescribe'>"
        "<div class='battlescribe'><h1>Test (Warhammer 40,000 9th Edition) [8 PL, 170pts]</h1><ul>"
        "<li class='force'><h2>Patrol Detachment -2CP (Orks) [8 PL, 170pts]</h2><ul>"
        "<li class='category'><h3>Configuration</h3><ul><li class='rootselection'><h4>Detachment Command Cost</h4>"
        "<p><span class='bold'>Categories:</span> <span class='caps'>Configuration</span></p></li></ul></li>"
        "<li class='category'><h3>Troops [8 PL, 170pts]</h3><ul><li class='rootselection'>"
        "<h4>Boyz [8 PL, 170pts]</h4><p><span class='bold'>Categories:</span> Troops, Infantry</p><ul>"
        "<li><h4>Boss Nob [18pts]</h4><p><span class='bold'>Selections:</span> Power Klaw [10pts], Slugga</p></li>"
        "<li><h4>19x Ork Boy W/ Slugga &amp; Choppa [152pts]</h4></li></ul>"
        "<table><tr><th>Unit</th><th>M</th><th>WS</th></tr><tr><td>Ork Boy</td><td>5&quot;</td><td>3+</td></tr>"
        "</table></li></ul></li></ul></li></ul></div></body></html>"
    )
    text = html_to_text(page)
    assert "Boss Nob [18pts]" in text.splitlines() and 'Ork Boy\t5"\t3+' in text.splitlines()
    assert "color" not in text
    result, units = _read_html_text(shipped, page.encode(), "list.html")
    assert list(units) == ["ork-boyz"] and result.reading.unknown == []
    assert units["ork-boyz"].models == 20 and units["ork-boyz"].options == {"boss-nob-power-klaw": 1}


def test_a_text_export_with_fences_is_not_taken_for_the_html_one(shipped: Catalogue) -> None:
    text = (
        "+++ Goffs (Warhammer 40,000 9th Edition) [170pts] +++\n\n"
        "++ Patrol Detachment -2CP (Orks) [8 PL, 170pts] ++\n\n+ Troops [8 PL, 170pts] +\n\n"
        "Boyz [8 PL, 170pts]: Stikkbombs\n. Boss Nob [18pts]: Power Klaw [10pts]\n"
        ". 19x Ork Boy W/ Slugga & Choppa [152pts]\nCategories: Troops, Infantry\n"
    )
    result, units = _read_html_text(shipped, text.encode())
    assert result.reading.layout == "battlescribe"
    assert units["ork-boyz"].models == 20 and units["ork-boyz"].options == {"boss-nob-power-klaw": 1}
