"""A datasheet copied with other fields answers from its own fields, not the original's cached tables."""

from __future__ import annotations

from helpers import ListBuilder
from ost.core.catalogue import Catalogue
from ost.core.text import keyword_key
from ost.core.validator import validate


def test_a_copy_with_other_keywords_works_out_its_keys_again(mini: Catalogue) -> None:
    scouts = mini.get("scouts")
    assert scouts is not None
    assert scouts.identity_key == "SCOUTS" and "SCOUTS" in scouts.keyword_keys  # cached on the original
    copy = scouts.model_copy(update={"keywords": ["INFANTERIE", "ÉCLAIREURS"]})
    assert copy.identity_key == keyword_key("ÉCLAIREURS")
    assert "SCOUTS" not in copy.keyword_keys and keyword_key("ÉCLAIREURS") in copy.keyword_keys
    assert scouts.identity_key == "SCOUTS"  # the original keeps its own
    same = scouts.model_copy()
    assert same.identity_key == scouts.identity_key and same.keyword_keys == scouts.keyword_keys


def test_a_renamed_copy_counts_as_another_datasheet_in_the_checks(mini: Catalogue) -> None:
    """Three Intercessors over the cap of two; a copy under its own identity is another datasheet to use."""
    intercessors = mini.get("intercessors")
    assert intercessors is not None
    _ = intercessors.identity_key  # cached before the copy, as a check would have done
    other = intercessors.model_copy(update={"id": "other", "keywords": [*intercessors.keywords[:-1], "AUTRES"]})
    catalogue = Catalogue([*mini, other], mini.bands, mini.glossary.values(), mini.factions.values())
    b = ListBuilder(catalogue, 1500)
    b.add("captain")
    b.add("librarian")
    b.add("intercessors")
    b.add("intercessors")
    b.add("other")
    b.add("tactical")
    report = validate(catalogue, b.army)
    assert not [f for f in report.findings if f.code.value == "SHEET-MAX"], report.findings
