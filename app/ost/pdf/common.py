"""What the army sheet and the cards share: paper sizes, words, colours, text helpers."""

from __future__ import annotations

import re
from enum import StrEnum
from xml.sax.saxutils import escape

from reportlab.lib import colors

__all__ = ["colors"]
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

from ost.core.armylist import Unit
from ost.core.catalogue import Datasheet

LANGS = ("fr", "en")


class Paper(StrEnum):
    A4 = "a4"
    LETTER = "letter"

    @property
    def size(self) -> tuple[float, float]:
        """Width and height in points, portrait."""
        width, height = A4 if self is Paper.A4 else LETTER
        return float(width), float(height)


class CardSize(StrEnum):
    POKER = "poker"
    A6 = "a6"

    @property
    def dimensions(self) -> tuple[float, float]:
        """Width and height of one card, in points."""
        return (63 * mm, 88 * mm) if self is CardSize.POKER else (105 * mm, 148 * mm)

    @property
    def padding(self) -> float:
        """Margin inside a card; A6 cards sit at the edge of an A4 sheet, so theirs is wider."""
        return float(2.6 * mm if self is CardSize.POKER else 5 * mm)

    @property
    def font_size(self) -> float:
        """Body text size at full scale."""
        return 6.8 if self is CardSize.POKER else 9.0


def paper(value: Paper | str) -> Paper:
    """Read a paper name ("a4", "letter"); raises ValueError naming the accepted ones."""
    try:
        return Paper(str(value).lower())
    except ValueError:
        raise ValueError(f"unknown paper {value!r} (accepted: a4, letter)") from None


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (accepted: fr, en)")
    return lang


# Colours: dark enough to read when printed in grey.
INK = colors.HexColor("#1a1a1a")
MUTED = colors.HexColor("#5c5c5c")
RULE = colors.HexColor("#b8b8b8")
HEADER_BG = colors.HexColor("#2f3b4c")
ZEBRA = colors.HexColor("#f1f3f6")
LEGAL = colors.HexColor("#1e6b34")
ILLEGAL = colors.HexColor("#b3141c")
WARNING = colors.HexColor("#9a5b00")
SHEET_ACCENT = colors.HexColor("#2f3b4c")
ABILITY_ACCENT = colors.HexColor("#2d5a3d")
RULE_ACCENT = colors.HexColor("#6b1f24")

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def esc(text: object) -> str:
    """``text`` made safe for a reportlab paragraph (which reads a small XML)."""
    return escape(str(text))


NBSP = "\u00a0"
_TYPO = (("« ", "«" + NBSP), (" »", NBSP + "»"), (" :", NBSP + ":"), (" ;", NBSP + ";"), (" ×", NBSP + "×"))


def typo(text: str) -> str:
    """French spacing that never breaks: no line starts with "»", ":" or ";"."""
    for plain, tied in _TYPO:
        text = text.replace(plain, tied)
    return text


def rich(text: str) -> str:
    """Escape ``text`` and turn ``**bold**`` into paragraph markup (card texts use it)."""
    return _BOLD.sub(r"<b>\1</b>", esc(typo(text)))


def words(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


def option_names(unit: Unit, sheet: Datasheet | None) -> list[str]:
    """The unit's chosen options as "2× Lance-flammes" (unknown options by their id)."""
    by_id = {o.id: o for o in sheet.options} if sheet is not None else {}
    shown: list[str] = []
    for option_id, count in unit.options.items():
        if count <= 0:
            continue
        option = by_id.get(option_id)
        name = option.name if option is not None else option_id
        shown.append(f"{count}× {name}" if count > 1 else name)
    return shown
