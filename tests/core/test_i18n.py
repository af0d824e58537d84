"""The bilingual text type: keywords only, both languages kept apart."""

from __future__ import annotations

import pytest

from ost.core.i18n import Bilingual, as_lang, pick


def test_languages_are_chosen_by_keyword_only() -> None:
    text = Bilingual(fr="Aucun seigneur de guerre", en="No warlord")
    assert text("fr") == "Aucun seigneur de guerre"
    assert text("en") == "No warlord"
    with pytest.raises(TypeError):
        Bilingual("a", "b")  # type: ignore[misc]


def test_format_join_and_add_apply_to_both_languages() -> None:
    unit = Bilingual(fr="{n} figurines", en="{n} models").format(n=5)
    assert (unit.fr, unit.en) == ("5 figurines", "5 models")
    joined = Bilingual.join(Bilingual(fr=" et ", en=" and "), [Bilingual.same("A"), Bilingual.same("B")])
    assert (joined.fr, joined.en) == ("A et B", "A and B")
    assert (Bilingual.same("x") + Bilingual(fr="y", en="z")).en == "xz"


def test_unknown_languages_read_french() -> None:
    assert as_lang("en_GB.UTF-8") == "en"
    assert as_lang("fr_FR") == "fr"
    assert as_lang("de") == "fr"
    assert as_lang(None) == "fr"
    assert pick("en", fr="oui", en="yes") == "yes"
    assert pick("fr", fr="oui", en="yes") == "oui"
