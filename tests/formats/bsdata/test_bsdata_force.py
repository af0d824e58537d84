"""Counts of a category in the force, decided where the roster's catalogue cannot give it (see docs/bsdata-import.md).

On the real 13-file sample (../shared/bsdata-9e: the Space Marine library and the Ultramarines), with two small
chapters of our own beside it that link to the same library: one whose chapter selector gives the Blood Angels'
"PC: BA" category, one that gives nothing. The full release is tested in test_bsdata_full.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import BSDATA_SAMPLE, NO_SAMPLE
from ost.core.catalogue import BandTable, Catalogue, Datasheet
from ost.core.presenter import present
from ost.formats.bsdata import BsImport, read_bsdata
from ost.formats.bsdata.datasheets import _Drafter

SAMPLE = BSDATA_SAMPLE

pytestmark = [
    pytest.mark.bsdata,
    pytest.mark.skipif(not SAMPLE.is_dir(), reason=NO_SAMPLE),
]

LIBRARY = "846d-3c14-21fc-369f"
SYSTEM = "28ec-711c-d87f-3aeb"
PC_BA = "b83f-2210-adb8-d1fb"
HQ = "848a6ff2-0def-4c72-8433-ff7da70e6bc7"
CAPTAIN = "a0b8-6a5c-ea09-44f9"
LIEUTENANT = "e176-3548-2126-02c8"


def _chapter(key: str, *, gives: bool) -> str:
    """A chapter catalogue that offers the library's Captain and Lieutenant; ``gives``: its selector gives PC: BA."""
    selector = (
        f'<selectionEntry id="{key}-selector" name="Chapter Selector" hidden="false" type="upgrade">'
        f'<categoryLinks><categoryLink id="{key}-pc" name="PC" hidden="false" targetId="{PC_BA}" primary="false"/>'
        "</categoryLinks></selectionEntry>"
        if gives
        else ""
    )
    links = "".join(
        f'<entryLink id="{key}-{name}" name="{name.title()}" hidden="false" targetId="{target}" type="selectionEntry">'
        f'<categoryLinks><categoryLink id="{key}-{name}-hq" name="HQ" hidden="false" targetId="{HQ}" primary="true"/>'
        "</categoryLinks></entryLink>"
        for name, target in (("captain", CAPTAIN), ("lieutenant", LIEUTENANT))
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<catalogue id="chapter-{key}" name="Chapter {key.title()}" revision="1" battleScribeVersion="2.03" '
        f'library="false" gameSystemId="{SYSTEM}" xmlns="http://www.battlescribe.net/schema/catalogueSchema">'
        f'<catalogueLinks><catalogueLink id="{key}-lib" name="Imperium - Space Marines" targetId="{LIBRARY}" '
        'type="catalogue" importRootEntries="false"/></catalogueLinks>'
        f"<selectionEntries>{selector}</selectionEntries><entryLinks>{links}</entryLinks></catalogue>"
    )


@pytest.fixture(scope="module")
def chapters(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("chapters")
    for path in SAMPLE.iterdir():
        if path.suffix in (".cat", ".gst"):
            (folder / path.name).symlink_to(path)
    (folder / "Chapter Given.cat").write_text(_chapter("given", gives=True), encoding="utf-8")
    (folder / "Chapter Plain.cat").write_text(_chapter("plain", gives=False), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def read(chapters: Path) -> BsImport:
    return read_bsdata([chapters])


def _sheet(result: BsImport, faction_word: str, name: str) -> Datasheet:
    (found,) = [s for s in result.datasheets if faction_word in s.faction and s.name == name]
    return found


def _shown(sheet: Datasheet, lang: str) -> list[str]:
    return [row.name for row in present(sheet, Catalogue([sheet], BandTable(bands=[])), lang).abilities]


def _death_company(sheet: Datasheet) -> list[str]:
    """Every place the Death Company upgrade shows on a datasheet: option, choice item, granted rule."""
    found = [o.name for o in sheet.options if "Death Company" in o.name]
    found += [i.name for i in sheet.wargear if "Death Company" in i.name]
    found += [a.name for a in sheet.granted_abilities]
    return found


@pytest.mark.parametrize("name", ["Captain", "Lieutenant"])
def test_a_chapter_that_cannot_give_pc_ba_is_not_offered_the_death_company(read: BsImport, name: str) -> None:
    for word in ("ultramarines", "chapter-plain"):
        sheet = _sheet(read, word, name)
        assert _death_company(sheet) == [], (word, name)
        for lang in ("fr", "en"):
            shown = _shown(sheet, lang)
            assert not any("Black Rage" in s or "Death Company" in s for s in shown), (word, lang, shown)


@pytest.mark.parametrize(
    ("name", "upgrade"), [("Captain", "Death Company Captain"), ("Lieutenant", "Death Company Lieutenant")]
)
def test_a_chapter_whose_selector_gives_pc_ba_still_is(read: BsImport, name: str, upgrade: str) -> None:
    sheet = _sheet(read, "chapter-given", name)
    option = next(o for o in sheet.options if o.name == upgrade)
    granted = {a.name: a.granted_by for a in sheet.granted_abilities}
    assert granted["Black Rage"] == [option.id]
    assert f"Black Rage (avec {upgrade})" in _shown(sheet, "fr")
    assert f"Black Rage (with {upgrade})" in _shown(sheet, "en")
    # Everything else reads as the chapter that cannot give it (the two share the library's unit).
    plain = _sheet(read, "chapter-plain", name)
    assert [o.name for o in sheet.options if o.name != upgrade] == [o.name for o in plain.options]


def test_the_chapter_master_the_deathwatch_category_hides_is_a_choice_elsewhere(read: BsImport) -> None:
    """Hidden while the force holds "PC: DW" (more than 0): no chapter of the sample gives it, so a choice."""
    for word in ("ultramarines", "chapter-given", "chapter-plain"):
        captain = _sheet(read, word, "Captain")
        assert "Chapter Command: Chapter Master" in {i.name for i in captain.wargear}, word


@pytest.mark.python_reader
def test_the_chapters_read_the_same_with_drafts_shared(chapters: Path, read: BsImport) -> None:
    """A reading that met a count of the force is shared only between catalogues that decide it alike."""
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(_Drafter, "share_drafts", False)
        alone = read_bsdata([chapters])
    assert sorted(s.model_dump_json() for s in read.datasheets) == sorted(s.model_dump_json() for s in alone.datasheets)
