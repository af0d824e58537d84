"""The window's findings in the reader's language, keywords and placeholders included.

The validator writes keywords as the catalogue has them, in French ("<CHAPITRE>",
"VÉHICULE"); an English window says them as the English printouts do, from the
shipped keyword table (catalog/keywords.yaml, :func:`ost.services.keyword_names`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ost.core.findings import Finding
from ost.core.text import KeywordNames


class FindingWords:
    """Turns a finding's French keywords into the reader's language; French text is left as it is.

    The table is read at the first English text asked for, not when the window is
    built (reading it takes a tenth of a second, and a French window never needs it).
    One instance serves the findings pane and the list's tooltips of a window.
    """

    def __init__(self, lang: str, table: Callable[[], Mapping[str, str]] | None = None) -> None:
        self.lang = lang
        self._table = table
        self._names: KeywordNames | None = None

    def __call__(self, text: str) -> str:
        if self.lang != "en" or not text:
            return text
        if self._names is None:
            if self._table is None:
                from ost.services import keyword_names

                self._table = keyword_names
            self._names = KeywordNames(self._table())
        return self._names.text(text)

    def message(self, item: Finding) -> str:
        return self(item.message(self.lang))

    def fix(self, item: Finding) -> str:
        return self(item.fix(self.lang) or "")
