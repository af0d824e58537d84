"""Small phrases the validator's messages share, in French and English."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from ost.core.armylist import Detachment
from ost.core.catalogue import Band
from ost.core.i18n import Bilingual

#: At most this many names in a fix suggestion ("choisissez un Impulsor ou un Repulsor").
FIX_NAMES = 4


class _Named(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def name_en(self) -> str: ...


def plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def names(entries: Iterable[_Named], lang: str = "fr") -> str:
    """The names of ``entries`` as "A, B, C", for a reader of ``lang``."""
    return ", ".join(e.name_en if lang == "en" else e.name for e in entries)


def either(choices: Sequence[str | Bilingual]) -> Bilingual:
    """The choices as "A, B ou C" / "A, B or C" (a plain string reads the same in both languages)."""
    said = [c if isinstance(c, Bilingual) else Bilingual.same(c) for c in choices]
    if len(said) <= 1:
        return said[0] if said else Bilingual.same("")
    fr_head, en_head = ", ".join(c.fr for c in said[:-1]), ", ".join(c.en for c in said[:-1])
    return Bilingual(fr=f"{fr_head} ou {said[-1].fr}", en=f"{en_head} or {said[-1].en}")


def band_text(band: Band) -> Bilingual:
    """The band as "à 1–1000 points" / "at 1–1000 points"."""
    return Bilingual(
        fr=f"à {band.points_min}–{band.points_max} points",
        en=f"at {band.points_min}–{band.points_max} points",
    )


def detachment_name(detachment: Detachment, index: int) -> Bilingual:
    """The detachment's name in quotes, or its number in the list."""
    if detachment.name:
        return Bilingual(fr=f"« {detachment.name} »", en=f"“{detachment.name}”")
    return Bilingual(fr=f"n°{index + 1}", en=f"#{index + 1}")
