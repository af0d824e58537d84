"""The type of a card: kinds of card and their colours, paragraph and table styles at a given size."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from reportlab.lib import colors
from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from ost.pdf import common
from ost.pdf.common import ABILITY_ACCENT, INK, MUTED, RULE, RULE_ACCENT, SHEET_ACCENT, esc, rich
from ost.pdf.fonts import Fonts


class CardKind(StrEnum):
    DATASHEET = "datasheet"
    ABILITY = "ability"
    RULE = "rule"


ALL_KINDS = (CardKind.DATASHEET, CardKind.ABILITY, CardKind.RULE)

#: The colour of each kind's title band (the kind of a card is told by it).
ACCENTS = {CardKind.DATASHEET: SHEET_ACCENT, CardKind.ABILITY: ABILITY_ACCENT, CardKind.RULE: RULE_ACCENT}


@dataclass(frozen=True)
class CardStyles:
    size: float
    fonts: Fonts
    body: ParagraphStyle
    meta: ParagraphStyle
    small: ParagraphStyle
    cell: ParagraphStyle
    cell_bold: ParagraphStyle
    head: ParagraphStyle
    italic: ParagraphStyle


@lru_cache(maxsize=64)
def card_styles(size: float, fonts: Fonts, floor: float = 0.0) -> CardStyles:
    """Paragraph styles for a card set at ``size`` points (cached: styles are immutable in use).

    The body text never goes below ``floor``: a ``size`` under it (a card that
    almost fits) shrinks only the tables, keywords and notes.
    """
    body = max(size, floor)
    lead = body * 1.2
    base = ParagraphStyle(
        f"card-{size}-{floor}",
        fontName=fonts.condensed,
        fontSize=body,
        leading=lead,
        textColor=INK,
        spaceAfter=size * 0.3,
    )

    def style(name: str, **kw: Any) -> ParagraphStyle:
        return ParagraphStyle(f"{name}-{size}-{floor}", parent=base, **kw)

    # Tables and keywords are set smaller than the body: 6.4–6.6 pt under a 7.5 pt body.
    cell = size * 0.88
    return CardStyles(
        size=size,
        fonts=fonts,
        body=base,
        meta=style("meta", textColor=MUTED, fontSize=size * 0.9, leading=size * 1.06),
        small=style("small", fontSize=size * 0.86, leading=size * 1.02),
        cell=style("cell", fontSize=cell, leading=cell * 1.15, spaceAfter=0),
        # A long name ("Master-crafted boltgun") breaks after its hyphen, not inside a word.
        cell_bold=style(
            "cell-bold",
            fontName=fonts.condensed_bold,
            fontSize=cell,
            leading=cell * 1.15,
            spaceAfter=0,
            embeddedHyphenation=2,  # 2: try the hyphen before cutting a word too long for its line
        ),
        head=style(
            "head",
            fontName=fonts.condensed_bold,
            fontSize=cell,
            leading=cell * 1.15,
            spaceAfter=0,
            textColor=colors.white,
        ),
        italic=style(
            "italic",
            fontName=fonts.condensed_italic,
            fontSize=cell * 0.97,
            leading=cell * 1.08,
            spaceAfter=0,
            textColor=MUTED,
        ),
    )


def cell_pad(st: CardStyles) -> float:
    """Left and right padding of a table cell; tighter on a card set compact (body larger than the rest)."""
    compact = st.size < st.body.fontSize
    return float(max(1.0, st.size * (0.15 if compact else 0.22)))


def grid_table(
    data: list[list[Any]],
    widths: Sequence[float],
    st: CardStyles,
    *extra: tuple[Any, ...],
    header: bool = True,
    accent: Color = SHEET_ACCENT,
) -> Table:
    pad = cell_pad(st)
    commands: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), st.fonts.condensed),
        ("FONTSIZE", (0, 0), (-1, -1), st.cell.fontSize),
        ("LEADING", (0, 0), (-1, -1), st.cell.leading),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad),
        ("TOPPADDING", (0, 0), (-1, -1), pad * 0.4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.6),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
    ]
    if header:
        commands += [
            ("BACKGROUND", (0, 0), (-1, 0), accent),
            ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
            ("FONTNAME", (0, 0), (-1, 0), st.fonts.condensed_bold),
        ]
    commands.extend(extra)
    table = Table(
        data, colWidths=list(widths), repeatRows=1 if header else 0, style=TableStyle(commands), hAlign="LEFT"
    )
    table.spaceAfter = st.size * 0.5
    return table


def para(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(text, style)


def labelled(label: str, text: str, style: ParagraphStyle, bold: str, width: float) -> Paragraph:
    """A paragraph that starts with a bold run-in ``label`` ("Mots-clefs :") followed by plain ``text``.

    The label is drawn as the paragraph's bullet, with the first line indented
    past it, so the text stays one plain run: reportlab lays such paragraphs
    out several times faster than ones with inline bold. A label too wide for
    that falls back to inline markup (it then wraps like any text).
    """
    text = common.typo(text)
    label = common.typo(label)
    label_width = stringWidth(label, bold, style.fontSize)
    if label_width > width * 0.6:
        return Paragraph(f"<b>{esc(label)}</b> {esc(text)}", style)
    run_in = ParagraphStyle(
        f"{style.name}-label",
        parent=style,
        bulletFontName=bold,
        bulletFontSize=style.fontSize,
        bulletIndent=0,
        leftIndent=0,
        # reportlab puts 0.6 em between a bullet and the text.
        firstLineIndent=label_width + 0.6 * style.fontSize,
    )
    return Paragraph(esc(text), run_in, bulletText=label)


def bullets(items: Iterable[str], st: CardStyles) -> list[Flowable]:
    style = ParagraphStyle(
        f"bullet-{st.size}",
        parent=st.body,
        leftIndent=st.size * 1.0,
        bulletIndent=st.size * 0.15,
        bulletFontName=st.fonts.condensed,
        bulletFontSize=st.size,
        spaceAfter=st.size * 0.2,
    )
    return [Paragraph(rich(item), style, bulletText="•") for item in items]
