"""What the army sheet and the cards share: paper sizes, words, colours, text helpers."""

from __future__ import annotations

import re
from enum import StrEnum
from xml.sax.saxutils import escape

from reportlab.lib import colors

__all__ = ["colors"]
import datetime
import hashlib
from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from ost import __version__
from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.i18n import pick
from ost.core.validator import Report

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
        """Margin inside a card.

        A6 cards sit at the edge of an A4 sheet: theirs keeps the text out of the quarter inch printers leave blank.
        """
        return float(2.6 * mm if self is CardSize.POKER else 7 * mm)


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
_ITALIC = re.compile(r"(?<![*\w])\*(?!\*)(.+?)(?<!\*)\*(?![*\w])")


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
    """Escape ``text`` and turn ``**bold**`` and ``*italic*`` into paragraph markup (card texts use them)."""
    return _ITALIC.sub(r"<i>\1</i>", _BOLD.sub(r"<b>\1</b>", esc(typo(text))))


def clip(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` (for one-line headers and footers)."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fitted_lines(
    text: str, font: str, size: float, width: float, floor: float = 6.0, max_lines: int = 2
) -> tuple[float, list[str]]:
    """``text`` in one line of ``width``, in smaller type down to ``floor`` if need be, else on more lines.

    For names that must print whole (a list's name in a footer); only a text
    too long for ``max_lines`` lines at ``floor`` is cut, with an ellipsis.
    """
    from reportlab.lib.utils import simpleSplit

    points = size
    while points >= floor - 1e-9:
        if stringWidth(text, font, points) <= width:
            return points, [text]
        points -= 0.25
    lines = simpleSplit(text, font, floor, width)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], clip(" ".join(lines[max_lines - 1 :]), font, floor, width)]
    return floor, [clip(line, font, floor, width) for line in lines]


def list_fingerprint(army: ArmyList) -> str:
    """A short fingerprint of the list's content: two printouts of the same list show the same one."""
    return hashlib.sha256(army.model_dump_json().encode("utf-8")).hexdigest()[:10]


@dataclass(frozen=True)
class Trace:
    """Where a printout comes from: date, Ost's version, the catalogue's sources, the list's fingerprint."""

    date: str
    version: str
    sources: tuple[str, ...]
    fingerprint: str
    list_name: str
    legal: bool

    @classmethod
    def of(cls, catalogue: Catalogue, army: ArmyList, report: Report, today: datetime.date | None = None) -> Trace:
        used: list[str] = []
        for _, unit in army.units():
            sheet = catalogue.get(unit.datasheet)
            source = (sheet.source if sheet is not None else unit.source) or ""
            if source and source not in used:
                used.append(source)
        if not used:
            used = [s.id for s in catalogue.sources.values() if s.enabled]
        shown: list[str] = []
        for source_id in used:
            known = catalogue.sources.get(source_id)
            if known is None:
                shown.append(source_id)
                continue
            name = known.name or known.id
            shown.append(f"{name} {known.revision}" if known.revision else name)
        return cls(
            date=(today or datetime.date.today()).isoformat(),
            version=__version__,
            sources=tuple(shown),
            fingerprint=list_fingerprint(army),
            list_name=army.name,
            legal=report.legal,
        )

    def line(self, lang: str) -> str:
        """One footer line: "2026-11-24 · Ost 0.1.0 · catalogue : Ost r3 · empreinte 3fa2c9d1e0"."""
        sources = ", ".join(self.sources) or pick(lang, fr="inconnu", en="unknown")
        return " · ".join(
            [
                self.date,
                f"Ost {self.version}",
                pick(lang, fr=f"catalogue : {sources}", en=f"catalogue: {sources}"),
                pick(lang, fr=f"empreinte {self.fingerprint}", en=f"fingerprint {self.fingerprint}"),
            ]
        )

    def subject(self, lang: str) -> str:
        verdict = (
            pick(lang, fr="réglementaire", en="legal")
            if self.legal
            else pick(lang, fr="non réglementaire", en="not legal")
        )
        return f"{self.list_name or pick(lang, fr='liste sans nom', en='unnamed list')} — {verdict} — {self.line(lang)}"

    def keywords(self, lang: str) -> str:
        return ", ".join(
            ["MAC HAMMER 40K", "Ost", pick(lang, fr="liste d'armée", en="army list"), self.fingerprint, *self.sources]
        )
