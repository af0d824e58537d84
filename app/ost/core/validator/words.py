"""Small phrases the validator's messages share, in French and English."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from ost.core.armylist import Detachment
from ost.core.catalogue import Band
from ost.core.i18n import Bilingual

#: At most this many names in a fix suggestion ("choisissez un Impulsor ou un Repulsor").
FIX_NAMES = 4


class _Named(Protocol):
    @property
    def name(self) -> str: ...


def plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def names(entries: Iterable[_Named]) -> str:
    """The names of ``entries``, "A, B, C" of ``entries`` (the same in both languages)."""
    return ", ".join(e.name for e in entries)


def either(choices: list[str]) -> Bilingual:
    """The choices as "A, B ou C" / "A, B or C"."""
    if len(choices) <= 1:
        return Bilingual.same(choices[0] if choices else "")
    head = ", ".join(choices[:-1])
    return Bilingual(fr=f"{head} ou {choices[-1]}", en=f"{head} or {choices[-1]}")


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
