"""Folding text for loose comparison (:func:`ost.core.text.fold`): ASCII text takes a short way that must fold alike."""

from __future__ import annotations

import re
import unicodedata

import pytest

from helpers import BSDATA_SAMPLE, ROOT
from ost.core.text import fold


def _long_way(text: str) -> str:
    """Folding as every text was folded before the ASCII short way: ligatures, NFKD, combining marks dropped."""
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae").replace("Æ", "AE")
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return re.sub(r"\s+", " ", stripped).strip().casefold()


def test_every_ascii_character_folds_as_the_long_way_folds() -> None:
    for code in range(128):
        text = f"{chr(code)} Space  MARINE\t{chr(code)}x"
        assert fold.__wrapped__(text) == _long_way(text), code


@pytest.mark.parametrize(
    ("text", "folded"),
    [("Nécrons", "necrons"), ("NECRONS", "necrons"), ("  Cœur  d'Acier ", "coeur d'acier"), ("Ōrk ﬁre", "ork fire")],
)
def test_accents_ligatures_and_spaces_fold_away(text: str, folded: str) -> None:
    assert fold(text) == folded


def test_the_real_catalogues_texts_fold_alike_both_ways() -> None:
    """Every quoted text of the shipped YAML (French) and of the BattleScribe sample (English)."""
    files = [*sorted((ROOT / "catalog").rglob("*.yaml")), *sorted(BSDATA_SAMPLE.glob("*.cat"))[:4]]
    texts = {t for path in files for t in re.findall(r"[^\n\"<>=:]{2,80}", path.read_text("utf-8"))}
    assert any(not t.isascii() for t in texts) and any(t.isascii() for t in texts)
    for text in texts:
        assert fold.__wrapped__(text) == _long_way(text), text
