"""One way to say a text in two languages.

Ost speaks French first and English second. Every text a user reads that is
made in the core, the readers or the exporters is a :class:`Bilingual`: a small
frozen value built with keywords only, so the two languages can never be
swapped by argument order (``Bilingual("a", "b")`` is a type error)::

    Bilingual(fr="Aucun seigneur de guerre", en="No warlord")("en")

The GUI's own widget texts use Qt Linguist (``self.tr``); a ``Bilingual``
reaches the GUI already made and is shown with the window's language.
"""

from __future__ import annotations

import msgspec

from ost.core.lang import DEFAULT_LANG, LANGS, Lang, as_lang, pick

__all__ = ["DEFAULT_LANG", "LANGS", "Bilingual", "Lang", "as_lang", "pick"]


class Bilingual(msgspec.Struct, frozen=True, kw_only=True):
    """A text in French and English."""

    fr: str
    en: str

    def __call__(self, lang: str) -> str:
        """The text in ``lang`` (French for anything but English)."""
        return self.en if lang == "en" else self.fr

    def format(self, **values: object) -> Bilingual:
        """Both texts with ``str.format`` applied to the same named values."""
        return Bilingual(fr=self.fr.format(**values), en=self.en.format(**values))

    def __add__(self, other: Bilingual) -> Bilingual:
        return Bilingual(fr=self.fr + other.fr, en=self.en + other.en)

    @classmethod
    def same(cls, text: str) -> Bilingual:
        """A text that reads the same in both languages (a name, a number)."""
        return cls(fr=text, en=text)

    @classmethod
    def join(cls, separator: Bilingual | str, parts: list[Bilingual]) -> Bilingual:
        """``parts`` joined with ``separator`` in each language."""
        sep = separator if isinstance(separator, Bilingual) else cls.same(separator)
        return cls(fr=sep.fr.join(p.fr for p in parts), en=sep.en.join(p.en for p in parts))
