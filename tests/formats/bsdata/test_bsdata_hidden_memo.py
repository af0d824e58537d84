"""Hidden states read once per answer to what they ask of the unit (ost.formats.bsdata.conditions.hidden_now).

An element's ``set hidden`` conditions read the roster and its catalogue
(a chapter's relics: "shown once the roster has a warlord", "only in this
chapter's army") and the unit (its Warlord selection, its parent, its
ancestors). The element is read once per catalogue, legal-roster reading and
values of what it reads of the unit; every other unit that gives the same
values takes that answer. The answers must be exactly those of reading every
element each time, on the real files.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE
from ost.formats.bsdata import BsImport, conditions, read_bsdata, wargear
from ost.formats.bsdata.conditions import _unit_leaves, hidden_now
from ost.formats.bsdata.entries import _Raw
from ost.formats.bsdata.scope import Shared, _Context, _Scope

#: Replaces the reader's own functions, or makes its objects by hand: on its Python source (tests/conftest.py).
ON_SOURCE = pytest.mark.python_reader

FULL = Path(os.environ.get("OST_BSDATA_FULL", BSDATA_SAMPLE.parent / "bsdata-9e-full"))
#: Chapters and legions of the full release sharing their library's relics and warlord traits.
CHAPTERS = [
    "Warhammer 40,000.gst",
    "Imperium - Space Marines.cat",
    "Imperium - FW Adeptus Astartes.cat",
    "Imperium - Ultramarines.cat",
    "Imperium - Blood Angels.cat",
    "Chaos - Chaos Space Marines.cat",
    "Chaos - Death Guard.cat",
    "Chaos - FW Heretic Astartes.cat",
]
NS = "http://www.battlescribe.net/schema/catalogueSchema"


def _entry(*conditions_xml: str) -> ET.Element:
    """A selection entry hidden by one modifier holding ``conditions_xml`` (inside a condition group too)."""
    inner = "".join(conditions_xml)
    return ET.fromstring(
        f"""<selectionEntry xmlns="{NS}" id="relic" name="Relic" hidden="false" type="upgrade">
          <modifiers>
            <modifier type="set" field="hidden" value="true">
              <conditionGroups><conditionGroup type="or"><conditions>{inner}</conditions></conditionGroup>
              </conditionGroups>
            </modifier>
          </modifiers>
        </selectionEntry>"""
    )


def _condition(kind: str, scope: str, child: str, field: str = "selections", value: str = "0.0") -> str:
    return f'<condition field="{field}" scope="{scope}" value="{value}" childId="{child}" type="{kind}"/>'


ROSTER_ONLY = [
    _condition("notInstanceOf", "primary-catalogue", "cat-a"),
    _condition("equalTo", "roster", "warlord"),
    _condition("greaterThan", "force", "game-type"),
    _condition("atLeast", "force", "cat-hq"),
    _condition("equalTo", "roster", "points", field="limit::points"),
]
READS_THE_UNIT = [
    _condition("equalTo", "parent", "warlord"),
    _condition("equalTo", "self", "warlord"),
    _condition("atLeast", "unit-id", "warlord"),
    _condition("instanceOf", "ancestor", "cat-a"),
    _condition("notInstanceOf", "parent", "cat-a"),
    _condition("instanceOf", "self", "cat-a"),
]


@pytest.mark.parametrize("condition", ROSTER_ONLY)
def test_conditions_on_the_roster_and_its_catalogue_are_read_once_per_catalogue(condition: str) -> None:
    assert _unit_leaves(_entry(condition), frozenset({"cat-hq"})) == ()


@pytest.mark.parametrize("condition", READS_THE_UNIT)
def test_conditions_on_the_unit_are_read_for_each_unit(condition: str) -> None:
    # Among conditions on the roster, the one reading the unit is what each unit gives the answer's key.
    element = _entry(ROSTER_ONLY[0], condition, ROSTER_ONLY[1])
    leaves = _unit_leaves(element, frozenset({"cat-hq"}))
    assert [leaf.attrib for leaf in leaves] == [ET.fromstring(condition).attrib]


def test_an_element_without_hidden_modifiers_reads_nothing_of_the_unit() -> None:
    element = ET.fromstring(f'<selectionEntry xmlns="{NS}" id="e" name="E" hidden="true" type="upgrade"/>')
    assert _unit_leaves(element, frozenset()) == ()


@ON_SOURCE
def test_a_remembered_answer_counts_its_catalogue_conditions_as_asked() -> None:
    """A unit that takes a remembered answer has asked the catalogue as much as one that read it (reach)."""
    shared = Shared(by_id={}, points_ids=frozenset({"points"}), legends_toggles=frozenset())
    scope = _Scope.__new__(_Scope)
    scope.shared = shared
    scope._stack = shared.stack  # (what _Scope.__init__ holds of the shared state, as the walks read it)
    element = _entry(_condition("notInstanceOf", "primary-catalogue", "cat-a"))
    answers = []
    for catalogue in ("cat-a", "cat-b", "cat-a", "cat-b"):
        shared.context = _Context(key="k", catalogue=catalogue)
        asked = shared.catalogue_asked
        answers.append((hidden_now(scope, element, ()), shared.catalogue_asked - asked))
    assert answers == [(False, 1), (True, 1), (False, 1), (True, 1)]
    assert len(shared.hidden_answers) == 2
    # Read as a legal roster, the same element is one more answer, never the one above.
    shared.legal_roster = True
    assert hidden_now(scope, element, ()) is True
    assert len(shared.hidden_answers) == 3


def _same_as_reading_each_time(paths: list[Path], monkeypatch: pytest.MonkeyPatch) -> BsImport:
    remembered = read_bsdata(paths)
    with monkeypatch.context() as patch:
        # Every element reads something of the unit no other unit gives: no answer is ever taken again.
        patch.setattr(conditions, "_unit_leaves", lambda element, categories: (element,))
        patch.setattr(conditions, "_unit_value", lambda scope, element, own: object())
        each_time = read_bsdata(paths)
    assert [s.model_dump() for s in remembered.datasheets] == [s.model_dump() for s in each_time.datasheets]
    assert remembered.coverage == each_time.coverage
    assert remembered.warnings == each_time.warnings
    return remembered


@ON_SOURCE
@pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)
def test_remembered_answers_read_the_sample_as_reading_every_element_each_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found = _same_as_reading_each_time([BSDATA_SAMPLE], monkeypatch)
    captain = next(s for s in found.datasheets if s.name == "Captain" and "ultramarines" in s.faction)
    assert any(g.needs for g in captain.choices)  # its warlord traits, read through remembered answers


@ON_SOURCE
@pytest.mark.skipif(not FULL.is_dir(), reason=f"the full BattleScribe release is not present ({FULL})")
def test_remembered_answers_read_chapters_and_legions_as_reading_every_element_each_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Chapters share their library's relics, each shown in its own chapter only: one answer per catalogue."""
    found = _same_as_reading_each_time([FULL / name for name in CHAPTERS], monkeypatch)
    assert len({s.faction for s in found.datasheets}) >= 4


@ON_SOURCE
def test_units_that_differ_in_what_is_read_of_them_each_get_their_answer() -> None:
    """A relic hidden outside a Terminator unit: one answer per value of "is an ancestor a Terminator"."""
    shared = Shared(by_id={}, points_ids=frozenset({"points"}), legends_toggles=frozenset())
    scope = _Scope.__new__(_Scope)
    scope.shared = shared
    scope._stack = shared.stack  # (what _Scope.__init__ holds of the shared state, as the walks read it)
    shared.context = _Context(key="k", catalogue="cat-a")
    element = _entry(_condition("notInstanceOf", "ancestor", "cat-terminator"))

    def unit(unit_id: str, category: str) -> tuple[_Raw, ...]:
        return (
            shared.raw(
                ET.fromstring(
                    f"""<selectionEntry xmlns="{NS}" id="{unit_id}" name="{unit_id}" type="unit"><categoryLinks>
                    <categoryLink id="{unit_id}-cl" targetId="{category}" primary="false"/></categoryLinks>
                    </selectionEntry>"""
                )
            ),
        )

    answers = []
    units = [unit("terminators", "cat-terminator"), unit("scouts", "cat-scout"), unit("chaplain", "cat-terminator")]
    for raws in units:
        shared.stack[:] = [raws]
        answers.append(hidden_now(scope, element, raws))
    assert answers == [False, True, False]
    assert len(shared.hidden_answers) == 2


def _warlords_level_by_level(reader: wargear._Reader) -> frozenset[str]:
    """The unit's "Warlord" selections found level by level, never entering an entry twice (the walk before)."""
    found: set[str] = set()
    pending = [(reader.unit_raws[0], reader.unit_raws[1] if len(reader.unit_raws) > 1 else None)]
    seen: set[tuple[int, int]] = set()
    for _ in range(wargear._WARLORD_LEVELS):
        following = []
        for raw, link_raw in pending:
            entries, groups = reader.scope.children(raw, link_raw)
            for item in (*entries, *groups):
                key = (id(item.raw), id(item.link_raw))
                if key in seen or item.raw.type == "model":
                    continue
                seen.add(key)
                if item.raw.kind == "entry" and " ".join(item.raw.name.split()).casefold() == "warlord":
                    found.update(item.ids)
                else:
                    following.append((item.raw, item.link_raw))
        pending = following
    return frozenset(found)


@ON_SOURCE
@pytest.mark.skipif(not FULL.is_dir(), reason=f"the full BattleScribe release is not present ({FULL})")
def test_the_warlord_selections_read_once_per_scope_are_those_found_unit_by_unit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every character of a catalogue links the same relic and trait groups: walked once, same answer."""
    asked: list[frozenset[str]] = []
    shared_walk = wargear._Reader.unit_warlords

    def both(reader: wargear._Reader) -> frozenset[str]:
        found = shared_walk(reader)
        assert found == _warlords_level_by_level(reader)
        asked.append(found)
        return found

    monkeypatch.setattr(wargear._Reader, "unit_warlords", both)
    # The Genestealer Cults' characters have their Warlord selection below a group of the unit.
    read_bsdata([FULL / name for name in [*CHAPTERS, "Tyranids - Genestealer Cults.cat"]])
    assert sum(bool(found) for found in asked) >= 50  # characters with a Warlord selection
    assert any(not found for found in asked)  # and units without one


ON_THE_CATALOGUE = [ROSTER_ONLY[0], ROSTER_ONLY[2], ROSTER_ONLY[3]]
NOT_ON_THE_CATALOGUE = [ROSTER_ONLY[1], ROSTER_ONLY[4], *READS_THE_UNIT]


@pytest.mark.parametrize("condition", ON_THE_CATALOGUE)
def test_conditions_on_the_catalogue_or_its_force_are_read_per_catalogue(condition: str) -> None:
    assert conditions._asks_catalogue(_entry(ROSTER_ONLY[1], condition)) is True


@pytest.mark.parametrize("condition", NOT_ON_THE_CATALOGUE)
def test_conditions_on_neither_are_read_once_for_every_catalogue(condition: str) -> None:
    assert conditions._asks_catalogue(_entry(condition)) is False


def _unit(shared: Shared, unit_id: str, warlords: int) -> tuple[_Raw, ...]:
    """A unit whose minimum configuration holds ``warlords`` of the entry "warlord"."""
    child = (
        f'<selectionEntries><selectionEntry id="warlord" name="Warlord" type="upgrade"><constraints>'
        f'<constraint field="selections" scope="parent" value="{warlords}" type="min" id="{unit_id}-min"/>'
        "</constraints></selectionEntry></selectionEntries>"
        if warlords
        else ""
    )
    element = ET.fromstring(
        f'<selectionEntry xmlns="{NS}" id="{unit_id}" name="{unit_id}" type="unit">{child}</selectionEntry>'
    )
    return (shared.raw(element),)


def test_an_element_on_the_unit_alone_has_one_answer_in_every_catalogue() -> None:
    """No condition on the catalogue: the second catalogue takes the first one's answer, none asked."""
    shared = Shared(by_id={}, points_ids=frozenset({"points"}), legends_toggles=frozenset())
    # A scope of one file that holds nothing but the units below (their counts are read in it).
    scope = _Scope(shared, [SimpleNamespace(id="f", categories={}, shared={}, anywhere=lambda item_id: None)])
    element = _entry(_condition("equalTo", "self", "warlord"))
    answers = []
    for catalogue in ("cat-a", "cat-b"):
        for warlords in (0, 1):
            shared.context = _Context(key="k", catalogue=catalogue)
            own = _unit(shared, f"unit-{warlords}", warlords)
            asked = shared.catalogue_asked
            answers.append((hidden_now(scope, element, own), shared.catalogue_asked - asked))
    # Hidden while the unit holds no Warlord selection, shown with one, in both catalogues alike.
    assert answers == [(True, 0), (False, 0), (True, 0), (False, 0)]
    assert len(shared.hidden_answers) == 2
    # The same element on the catalogue as well: one answer per catalogue again.
    on_catalogue = _entry(_condition("equalTo", "self", "warlord"), ROSTER_ONLY[0])
    for catalogue in ("cat-a", "cat-b"):
        shared.context = _Context(key="k", catalogue=catalogue)
        hidden_now(scope, on_catalogue, _unit(shared, "unit-1", 1))
    assert len(shared.hidden_answers) == 4
