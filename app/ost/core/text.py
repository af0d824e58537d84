"""Text helpers shared by the core: accent folding and keyword keys."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_SPACES = re.compile(r"\s+")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Lower-case ``text`` and strip accents, for loose comparisons.

    "Nécrons" and "NECRONS" both fold to "necrons"; ligatures such as "œ"
    become "oe" so a search typed on an English keyboard still matches.
    """
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae").replace("Æ", "AE")
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SPACES.sub(" ", stripped).strip().casefold()


@lru_cache(maxsize=65536)
def keyword_key(keyword: str) -> str:
    """The comparison key of a keyword: folded, upper-case, single-spaced.

    Keywords are compared by this key everywhere, so "Véhicule", "VEHICULE"
    and "véhicule " are the same keyword, and "< Chapitre >" is "<CHAPITRE>".
    """
    key = fold(keyword).upper()
    if len(key) > 2 and key.startswith("<") and key.endswith(">"):
        return f"<{key[1:-1].strip()}>"
    return key


def is_placeholder(keyword: str) -> bool:
    """True for a placeholder keyword such as ``<CHAPITRE>`` or ``<Clan>``."""
    stripped = keyword.strip()
    return len(stripped) > 2 and stripped.startswith("<") and stripped.endswith(">")


def slug(text: str) -> str:
    """A lower-case ASCII identifier made from ``text`` ("Boyz Orks" -> "boyz-orks")."""
    folded = fold(text)
    return _NOT_SLUG.sub("-", folded).strip("-")
