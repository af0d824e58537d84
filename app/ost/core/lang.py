"""The languages Ost speaks, without the bilingual text type (:mod:`ost.core.i18n`).

What picks a language (the command line, the window before its first paint)
imports this module only: :class:`~ost.core.i18n.Bilingual` is a msgspec
struct, and importing msgspec costs a start about 14 ms (its C module pulls
``uuid``, ``platform``, ``decimal`` and ``typing_extensions``) that the
window's first paints do not need. :mod:`ost.core.i18n` gives the same names.
"""

from __future__ import annotations

from typing import Literal

Lang = Literal["fr", "en"]
LANGS: tuple[Lang, ...] = ("fr", "en")
DEFAULT_LANG: Lang = "fr"


def as_lang(value: str | None) -> Lang:
    """``value`` as a language Ost speaks: English when it names English, French otherwise."""
    return "en" if (value or "").strip().lower().startswith("en") else "fr"


def pick(lang: str, *, fr: str, en: str) -> str:
    """The text in ``lang``: for one-off choices where a :class:`~ost.core.i18n.Bilingual` would be made and dropped."""
    return en if lang == "en" else fr
