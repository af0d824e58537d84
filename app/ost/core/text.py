"""Text helpers shared by the core: accent folding and keyword keys."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from functools import cache, lru_cache

_SPACES = re.compile(r"\s+")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Lower-case ``text`` and strip accents, for loose comparisons.

    "Nécrons" and "NECRONS" both fold to "necrons"; ligatures such as "œ"
    become "oe" so a search typed on an English keyboard still matches.
    """
    if text.isascii():  # no accent, ligature or compatibility form: nothing to decompose (most BattleScribe text)
        return _SPACES.sub(" ", text).strip().casefold()
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


#: Longest name shown whole in a message or a line of output; longer ones are elided in the middle.
SHOWN_NAME = 80


def elide(text: str, limit: int = SHOWN_NAME) -> str:
    """``text`` cut to at most ``limit`` characters, its start and end kept around an ellipsis.

    A unit named with 1,600 characters would otherwise fill a terminal (or a
    finding) with one word; both ends stay so two long names remain told apart.
    """
    if len(text) <= limit:
        return text
    head = (limit - 1) * 2 // 3
    tail = limit - 1 - head
    return f"{text[:head]}…{text[-tail:] if tail else ''}"


def bounded(lines: list[str], keep: int, more: str) -> list[str]:
    """At most ``keep`` of ``lines``, then ``more`` formatted with ``{count}`` (how many were left out)."""
    if len(lines) <= keep:
        return lines
    return [*lines[:keep], more.format(count=len(lines) - keep)]


@cache
def _says_count() -> re.Pattern[str]:
    """A name that already says how many it is: "Two Carnifex Scything Talons", "2 × Lance-flammes", "Paire de…".

    Compiled when first asked (0.3 ms): a command that never counts a name (most checks) never compiles it.
    """
    return re.compile(
        r"^\s*(?:\d+\s*[x×]\s|\d+\s+(?=[^\W\d])|(?:two|three|four|five|six|seven|eight|nine|ten|twelve|pair of|"
        r"deux|trois|quatre|cinq|sept|huit|neuf|dix|douze|paire de)\s)",
        re.IGNORECASE,
    )


def says_count(name: str) -> bool:
    """Whether ``name`` starts with a number (a word or digits): the name says how many it is."""
    return _says_count().match(name) is not None


def counted(count: int, name: str, mark: str = "× ") -> str:
    """``name`` taken ``count`` times as a player reads it: "2× Bolter", or "Bolter" for one.

    A name that already says its number ("Two Carnifex Scything Talons", the data's one
    entry for a pair) is shown as it is: "2× Two Carnifex Scything Talons" would read as four.
    """
    return f"{count}{mark}{name}" if count > 1 and not says_count(name) else name


class KeywordNames:
    """French keywords in English, from the shipped catalogue's keyword table (nothing changes without one).

    The table is :func:`ost.services.keyword_names` (catalog/keywords.yaml); printouts and
    the window's findings use this one reading of it, so both say "<CHAPTER>", "VEHICLE".

    A datasheet's own keyword is its name ("ESCOUADE D'INFANTERIE" -> "INFANTRY
    SQUAD"): an English card is titled with it ("Infantry Squad").
    """

    def __init__(self, table: Mapping[str, str] | None) -> None:
        self.table = {fold_keyword(k): v for k, v in (table or {}).items()}
        keys = sorted((k for k in (table or {})), key=len, reverse=True)
        self.pattern = (
            re.compile(r"(?<![\w<])(" + "|".join(re.escape(k) for k in keys) + r")(?![\w>])") if keys else None
        )

    def keyword(self, keyword: str) -> str:
        """One keyword; "<CHAPITRE> = ULTRAMARINES" keeps its value."""
        name, sep, value = keyword.partition(" = ")
        return self.table.get(fold_keyword(name), name) + sep + value

    def text(self, text: str) -> str:
        """Every keyword written in ``text`` (a transport's capacity) in English."""
        if self.pattern is None:
            return text
        return self.pattern.sub(lambda found: self.table.get(fold_keyword(found.group(1)), found.group(1)), text)

    def title(self, name: str) -> str:
        """A datasheet's name in English when its keyword has one ("Chimère" -> "Chimera")."""
        english = self.table.get(fold_keyword(name))
        return _title_case(english) if english else name


def fold_keyword(text: str) -> str:
    return text.strip().upper()


def _title_case(text: str) -> str:
    """A keyword as a title: "INFANTRY SQUAD" -> "Infantry Squad", "BIG MEK W/ SHOKK…" -> "Big Mek w/ Shokk…"."""
    words: list[str] = []
    for word in text.lower().split(" "):
        words.append(word if word in ("w/", "of", "the", "and", "on", "in", "with") and words else word.capitalize())
    return " ".join(words)
