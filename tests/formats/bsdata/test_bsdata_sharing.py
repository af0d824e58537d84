"""Drafts shared between catalogues (ost.formats.bsdata.reach): only where what they read is the same.

Three chapters offer one library unit through links. The unit's relics group is
a link the library leaves to each chapter (``grp-relics``): Chapter B defines
its own group with that id, so B's unit reads something A's does not. One relic
is hidden unless the roster's primary catalogue is Chapter A; Chapter E's link
renames the unit. A, B, C and E must each get their own answer (C and D share);
sharing must give exactly what reading each alone gives, on these files and on
the real releases.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import BSDATA_FULL, BSDATA_SAMPLE, NO_SAMPLE, read_release_files
from ost.core.catalogue import Datasheet
from ost.formats.bsdata import BsImport, read_bsdata
from ost.formats.bsdata.datasheets import _Drafter

#: They count and replace the reader's own functions (see tests/conftest.py).
pytestmark = pytest.mark.python_reader

SYSTEM = """<?xml version="1.0" encoding="UTF-8"?>
<gameSystem xmlns="http://www.battlescribe.net/schema/gameSystemSchema" id="sys" name="System" revision="1">
  <costTypes><costType id="points" name="pts" defaultCostLimit="-1.0"/></costTypes>
  <categoryEntries>
    <categoryEntry id="cat-troops" name="Troops"/>
    <categoryEntry id="cat-infantry" name="Infantry"/>
  </categoryEntries>
</gameSystem>
"""

LIBRARY = """<?xml version="1.0" encoding="UTF-8"?>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="lib" name="Library" revision="1"
    library="true" gameSystemId="sys">
  <sharedSelectionEntries>
    <selectionEntry id="squad" name="Squad" hidden="false" type="unit">
      <categoryLinks>
        <categoryLink id="squad-cl" targetId="cat-infantry" primary="false"/>
      </categoryLinks>
      <selectionEntries>
        <selectionEntry id="trooper" name="Trooper" hidden="false" type="model">
          <constraints>
            <constraint field="selections" scope="parent" value="5.0" id="trooper-min" type="min"/>
            <constraint field="selections" scope="parent" value="10.0" id="trooper-max" type="max"/>
          </constraints>
          <profiles>
            <profile id="trooper-profile" name="Trooper" hidden="false" typeId="pt-unit" typeName="Unit">
              <characteristics><characteristic name="W">1</characteristic></characteristics>
            </profile>
          </profiles>
          <costs><cost name="pts" typeId="points" value="10.0"/></costs>
        </selectionEntry>
      </selectionEntries>
      <entryLinks>
        <entryLink id="squad-relics" name="Relics" hidden="false" targetId="grp-relics" type="selectionEntryGroup"/>
      </entryLinks>
    </selectionEntry>
  </sharedSelectionEntries>
  <sharedSelectionEntryGroups>
    <selectionEntryGroup id="grp-relics" name="Relics" hidden="false">
      <constraints>
        <constraint field="selections" scope="parent" value="1.0" id="relics-max" type="max"/>
      </constraints>
      <selectionEntries>
        <selectionEntry id="relic-common" name="Common Relic" hidden="false" type="upgrade">
          <costs><cost name="pts" typeId="points" value="5.0"/></costs>
        </selectionEntry>
        <selectionEntry id="relic-of-a" name="Relic of A" hidden="false" type="upgrade">
          <modifiers>
            <modifier type="set" field="hidden" value="true">
              <conditions>
                <condition field="selections" scope="primary-catalogue" value="0.0" childId="chapter-a"
                    type="notInstanceOf"/>
              </conditions>
            </modifier>
          </modifiers>
          <costs><cost name="pts" typeId="points" value="5.0"/></costs>
        </selectionEntry>
      </selectionEntries>
    </selectionEntryGroup>
  </sharedSelectionEntryGroups>
</catalogue>
"""


def _chapter(letter: str, own_relics: bool = False, name: str = "Squad") -> str:
    relics = (
        f"""
  <sharedSelectionEntryGroups>
    <selectionEntryGroup id="grp-relics" name="Relics" hidden="false">
      <selectionEntries>
        <selectionEntry id="relic-{letter}-own" name="Relic of {letter.upper()}'s own" hidden="false" type="upgrade">
          <costs><cost name="pts" typeId="points" value="15.0"/></costs>
        </selectionEntry>
      </selectionEntries>
    </selectionEntryGroup>
  </sharedSelectionEntryGroups>"""
        if own_relics
        else ""
    )
    return _adding_chapter(letter, "", relics, name)


@pytest.fixture
def chapters(tmp_path: Path) -> Path:
    (tmp_path / "System.gst").write_text(SYSTEM, encoding="utf-8")
    (tmp_path / "Library.cat").write_text(LIBRARY, encoding="utf-8")
    (tmp_path / "Chapter A.cat").write_text(_chapter("a"), encoding="utf-8")
    (tmp_path / "Chapter B.cat").write_text(_chapter("b", own_relics=True), encoding="utf-8")
    (tmp_path / "Chapter C.cat").write_text(_chapter("c"), encoding="utf-8")
    (tmp_path / "Chapter D.cat").write_text(_chapter("d"), encoding="utf-8")
    (tmp_path / "Chapter E.cat").write_text(_chapter("e", name="Veteran Squad"), encoding="utf-8")
    return tmp_path


def _read(folder: Path, monkeypatch: pytest.MonkeyPatch, *, share: bool) -> tuple[BsImport, list[tuple[object, ...]]]:
    """The import, with the share keys it made (empty when sharing is off)."""
    keys: list[tuple[object, ...]] = []
    original = _Drafter._share_key

    def spy(self: _Drafter, *args: object) -> tuple[object, ...]:
        key = original(self, *args)  # type: ignore[arg-type]
        keys.append(key)
        return key

    with monkeypatch.context() as patched:
        patched.setattr(_Drafter, "share_drafts", share)
        patched.setattr(_Drafter, "_share_key", spy)
        return read_bsdata([folder]), keys


def _items(result: BsImport, chapter: str) -> list[str]:
    sheet = next(s for s in result.datasheets if s.faction == f"bs-chapter-{chapter}")
    return sorted(item.name for item in sheet.wargear)


def _dumped(result: BsImport) -> list[str]:
    return sorted(s.model_dump_json() for s in result.datasheets)


def test_each_chapter_reads_what_its_own_scope_and_catalogue_give(
    chapters: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared, keys = _read(chapters, monkeypatch, share=True)
    # A: the library's relics, its own shown (the condition asks for A); B: its own group of that id;
    # C and D: the library's relics, A's hidden.
    assert _items(shared, "a") == ["Common Relic", "Relic of A"]
    assert _items(shared, "b") == ["Relic of B's own"]
    assert _items(shared, "c") == _items(shared, "d") == ["Common Relic"]
    # C and D read the same: one key; A differs by the catalogue asked about; B reads its own file.
    assert keys[2] == keys[3] and keys[2][0] == "files" and keys[2][-1] == ""
    assert keys[0][0] == "files" and keys[0][-1] == "chapter-a" and keys[0] != keys[2]
    assert keys[1][0] == "root" and keys[1][1] == "chapter-b"
    # E's link names the unit otherwise: its content is part of the key.
    names = {s.faction: s.name for s in shared.datasheets}
    assert names["bs-chapter-e"] == "Veteran Squad" and names["bs-chapter-d"] == "Squad"
    assert keys[4][0] == "files" and keys[4] != keys[3]
    alone, none = _read(chapters, monkeypatch, share=False)
    assert not none
    assert _dumped(shared) == _dumped(alone)


def test_a_shared_draft_names_its_own_link(chapters: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared, _ = _read(chapters, monkeypatch, share=True)
    by_faction: dict[str, Datasheet] = {s.faction: s for s in shared.datasheets}
    assert by_faction["bs-chapter-c"].bs_ids == ["squad", "c-squad"]
    assert by_faction["bs-chapter-d"].bs_ids == ["squad", "d-squad"]
    assert {w.path for w in shared.warnings} == set()


@pytest.mark.bsdata
@pytest.mark.skipif(not BSDATA_SAMPLE.is_dir(), reason=NO_SAMPLE)
def test_the_sample_reads_the_same_with_drafts_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    shared, keys = _read(BSDATA_SAMPLE, monkeypatch, share=True)
    alone, _ = _read(BSDATA_SAMPLE, monkeypatch, share=False)
    assert sum(1 for k in keys if k[0] == "files") >= 100  # the Ultramarines' links to the Space Marines' units
    assert _dumped(shared) == _dumped(alone)
    assert [(w.path, w.text) for w in shared.warnings] == [(w.path, w.text) for w in alone.warnings]
    assert shared.coverage == alone.coverage


def _adding_chapter(letter: str, adds: str, shared: str = "", name: str = "Squad") -> str:
    """A chapter whose root link to the library's squad adds children of its own (``adds``, inside the link)."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" id="chapter-{letter}"
    name="Chapter {letter.upper()}" revision="1" library="false" gameSystemId="sys">
  <catalogueLinks>
    <catalogueLink id="{letter}-to-lib" name="Library" targetId="lib" type="catalogue" importRootEntries="false"/>
  </catalogueLinks>
  <entryLinks>
    <entryLink id="{letter}-squad" name="{name}" hidden="false" targetId="squad" type="selectionEntry">
      <categoryLinks>
        <categoryLink id="{letter}-squad-role" targetId="cat-troops" primary="true"/>
      </categoryLinks>
      {adds}
    </entryLink>
  </entryLinks>{shared}
</catalogue>
"""


def test_links_that_add_children_of_their_own_are_read_each_in_its_chapter(
    chapters: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F's link adds an entry of F's file through an entry link, G's one written inside the link: each its own."""
    (chapters / "Chapter F.cat").write_text(
        _adding_chapter(
            "f",
            '<entryLinks><entryLink id="f-adds" name="Gift of F" targetId="gift-f" type="selectionEntry"/>'
            "</entryLinks>",
            '<sharedSelectionEntries><selectionEntry id="gift-f" name="Gift of F" hidden="false" type="upgrade">'
            '<costs><cost name="pts" typeId="points" value="5.0"/></costs></selectionEntry>'
            "</sharedSelectionEntries>",
        ),
        encoding="utf-8",
    )
    (chapters / "Chapter G.cat").write_text(
        _adding_chapter(
            "g",
            '<selectionEntries><selectionEntry id="gift-g" name="Gift of G" hidden="false" type="upgrade">'
            '<costs><cost name="pts" typeId="points" value="5.0"/></costs></selectionEntry></selectionEntries>',
        ),
        encoding="utf-8",
    )
    shared, keys = _read(chapters, monkeypatch, share=True)
    assert _items(shared, "f") == ["Common Relic", "Gift of F"]
    assert _items(shared, "g") == ["Common Relic", "Gift of G"]
    assert _items(shared, "c") == ["Common Relic"]  # the chapters that add nothing read as before
    by_faction = {s.faction: s for s in shared.datasheets}
    assert "f-adds" in next(i for i in by_faction["bs-chapter-f"].wargear if i.name == "Gift of F").bs_ids
    assert [k[:2] for k in keys if k[0] == "root" and k[1] in ("chapter-f", "chapter-g")] == [
        ("root", "chapter-f"),
        ("root", "chapter-g"),
    ]
    alone, _ = _read(chapters, monkeypatch, share=False)
    assert _dumped(shared) == _dumped(alone)


#: Four real chapters on the Space Marine library (the full release): what one chapter reads may serve another.
_CHAPTERS = (
    "Warhammer 40,000.gst",
    "Imperium - Space Marines.cat",
    "Imperium - Ultramarines.cat",
    "Imperium - Blood Angels.cat",
    "Imperium - Dark Angels.cat",
)


def test_chapters_share_a_transport_parse_only_where_their_words_answer_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Real chapters: each library transport text parsed once for the chapters whose names answer its questions
    alike; the import is the one of each chapter parsing its texts with its own words."""
    from ost.formats.bsdata import datasheets

    parses: list[str] = []
    parse = datasheets.parse_transport

    def counted(text: str, vocabulary: object) -> object:
        parses.append(text)
        return parse(text, vocabulary)  # type: ignore[arg-type]

    with monkeypatch.context() as patch:
        patch.setattr(datasheets, "parse_transport", counted)
        shared = read_release_files(BSDATA_FULL, *_CHAPTERS)
        once = len(parses)
        patch.setattr(datasheets, "answers_alike", lambda asked, vocabulary: False)
        del parses[:]
        alone = read_release_files(BSDATA_FULL, *_CHAPTERS)
    assert len(parses) >= once + 20  # the chapters' Rhinos, Razorbacks, Land Raiders… read once, not per chapter
    assert _dumped(shared) == _dumped(alone)
    assert shared.coverage == alone.coverage
    assert sum(1 for s in shared.datasheets if s.transport is not None) >= 40


def test_chapters_share_the_kind_solver_answer_only_given_the_same_inputs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Real chapters: a library unit whose limits move with what it holds is solved once for every chapter
    that gives the solver the same inputs; the import is the one of each chapter solving its own."""
    from ost.formats.bsdata.solver import _Solver

    solved: list[object] = []
    ranges = _Solver.ranges

    def counted(self: _Solver, buckets: list[list[int]]) -> object:
        solved.append(self.scope)
        return ranges(self, buckets)

    with monkeypatch.context() as patch:
        patch.setattr(_Solver, "ranges", counted)
        shared = read_release_files(BSDATA_FULL, *_CHAPTERS)
        once = len(solved)
        patch.setattr(_Solver, "shared_ranges", counted)
        del solved[:]
        alone = read_release_files(BSDATA_FULL, *_CHAPTERS)
    assert len(solved) >= once + 10  # a dozen units solved again in each other chapter
    assert _dumped(shared) == _dumped(alone)
    assert shared.coverage == alone.coverage
