"""The largest numbers Ost accepts, in one place: every reader and every model field uses these.

A hostile or damaged file may state 10^300 models or a points limit of 2^31.
Python would carry such numbers happily and print them in full; the database
would overflow. So every count and price has a ceiling far above any real
game (a 4,000-point list has a few hundred models) yet small enough to print
and store: the list and catalogue models carry them as ``msgspec.Meta``
bounds (the types below), and the readers that build lists by hand check them
with :func:`over_bound` and refuse the file with a sentence naming the field
and the bound.
"""

from __future__ import annotations

from typing import Annotated, Final

import msgspec

from ost.core.i18n import Bilingual

__all__ = [
    "MAX_CATALOGUE",
    "MAX_COUNT",
    "MAX_DIGITS",
    "MAX_MODELS",
    "MAX_POINTS",
    "CatalogueNumber",
    "Count",
    "ModelCount",
    "OutOfBounds",
    "Points",
    "over_bound",
    "shown_number",
]

#: Most models in one unit (and of one model kind).
MAX_MODELS: Final = 1_000
#: Most points: a unit's or an option's price, a list's limit or its stated total.
MAX_POINTS: Final = 100_000
#: Most times one piece of wargear, option or upgrade is taken.
MAX_COUNT: Final = 1_000
#: Most of any price a catalogue states (a datasheet, a model kind, an option). Higher than the list bounds:
#: imported BattleScribe data is clamped to it (SQLite integers are 64-bit), and a list snapshots these.
MAX_CATALOGUE: Final = 1_000_000
#: Longest number (in digits) a text source (catalogue YAML) may write before it is refused unread.
MAX_DIGITS: Final = 15

ModelCount = Annotated[int, msgspec.Meta(ge=0, le=MAX_MODELS)]
Points = Annotated[int, msgspec.Meta(ge=0, le=MAX_POINTS)]
Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)]
CatalogueNumber = Annotated[int, msgspec.Meta(ge=0, le=MAX_CATALOGUE)]


class OutOfBounds(ValueError):
    """A number a reader met that is past every bound; ``message`` says which, in both languages."""

    def __init__(self, message: Bilingual) -> None:
        super().__init__(message.en)
        self.message = message


def shown_number(value: int) -> str:
    """``value`` for a message: in full when short, else by its order of magnitude ("~10^300").

    Never calls ``str()`` on a huge integer (Python refuses more than 4,300 digits).
    """
    if abs(value) < 10**12:
        return str(value)
    exponent = int((abs(value).bit_length() - 1) * 0.30103)  # the bit length gives it to within one
    if 10 ** (exponent + 1) <= abs(value):
        exponent += 1
    return f"{'-' if value < 0 else ''}~10^{exponent}"


_WHAT: dict[str, Bilingual] = {
    "models": Bilingual(fr="figurines", en="models"),
    "points": Bilingual(fr="points", en="points"),
    "count": Bilingual(fr="exemplaires", en="copies"),
}
_BOUNDS = {"models": MAX_MODELS, "points": MAX_POINTS, "count": MAX_COUNT}


def over_bound(value: int, kind: str) -> Bilingual | None:
    """None when ``value`` is within the bound of ``kind`` ("models", "points", "count"), else why not.

    The sentence names the value and the bound: "1000000 models: more than
    the 1000 Ost accepts".
    """
    bound = _BOUNDS[kind]
    if 0 <= value <= bound:
        return None
    what = _WHAT[kind]
    shown, limit = shown_number(value), shown_number(bound)
    if value < 0:
        return Bilingual(fr=f"{shown} {what.fr} : un nombre négatif", en=f"{shown} {what.en}: a negative number")
    return Bilingual(
        fr=f"{shown} {what.fr} : plus que les {limit} qu'Ost accepte",
        en=f"{shown} {what.en}: more than the {limit} Ost accepts",
    )
