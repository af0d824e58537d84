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


#: No text of a card is smaller than this: tables, keywords and notes included.
SECONDARY_MIN = 7.0
#: Per level of tightness: leading of the body, of secondary lines, of table cells and of notes
#: (times the type size), and the space after a paragraph.
TIGHTNESS = {
    0: (1.2, 1.18, 1.15, 1.11, 0.3),
    1: (1.1, 1.1, 1.08, 1.05, 0.12),
    2: (1.05, 1.04, 1.0, 1.0, 0.06),
    # Keywords and notes set solid; table rows keep room for their descenders.
    3: (1.02, 0.98, 1.0, 0.98, 0.06),
    # The last try before a continuation card: as 3, table rows set solid too (:func:`descent_room`).
    4: (1.02, 0.98, 1.0, 0.98, 0.06),
}
#: The last setting before a continuation card: rows set solid, a weapon's type against its strength.
SOLID = 4


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
    #: How close lines and cells are set (0: at ease, 1 and 2: closer), to keep a datasheet on one card.
    tight: int = 0


@lru_cache(maxsize=128)
def card_styles(size: float, fonts: Fonts, floor: float = 0.0, tight: int = 0) -> CardStyles:
    """Paragraph styles for a card set at ``size`` points (cached: styles are immutable in use).

    The body text never goes below ``floor``: a ``size`` under it (a card that
    almost fits) shrinks only the spaces and paddings. Tables, keywords and
    notes are set a little smaller than the body, never under
    :data:`SECONDARY_MIN`. ``tight`` (1 to 4) sets lines and paragraphs closer: a
    datasheet that almost fits its card stays on it rather than start another
    card for a line or two.
    """
    body = max(size, floor)
    # Leading of the body, of secondary lines, of table cells and notes, and the space after a paragraph.
    ratio, second, cell_leading, note, after = TIGHTNESS[tight]
    base = ParagraphStyle(
        f"card-{size}-{floor}-{tight}",
        fontName=fonts.condensed,
        fontSize=body,
        leading=body * ratio,
        textColor=INK,
        spaceAfter=size * after,
        # A paragraph carried to the next card takes at least two of its lines along.
        allowWidows=0,
        allowOrphans=0,
    )

    def style(name: str, points: float, leading: float, **kw: Any) -> ParagraphStyle:
        points = max(points, SECONDARY_MIN)
        return ParagraphStyle(
            f"{name}-{size}-{floor}-{tight}", parent=base, fontSize=points, leading=points * leading, **kw
        )

    cell = max(size * 0.88, SECONDARY_MIN)
    return CardStyles(
        size=size,
        fonts=fonts,
        body=base,
        meta=style("meta", size * 0.9, second, textColor=MUTED),
        small=style("small", size * 0.86, second),
        cell=style("cell", cell, cell_leading, spaceAfter=0),
        # A long name ("Master-crafted boltgun") breaks after its hyphen, not inside a word.
        cell_bold=style(
            "cell-bold",
            cell,
            cell_leading,
            fontName=fonts.condensed_bold,
            spaceAfter=0,
            embeddedHyphenation=2,  # 2: try the hyphen before cutting a word too long for its line
        ),
        head=style("head", cell, cell_leading, fontName=fonts.condensed_bold, spaceAfter=0, textColor=colors.white),
        italic=style(
            "italic",
            cell * 0.97,
            note,
            fontName=fonts.condensed_italic,
            spaceAfter=0,
            textColor=MUTED,
        ),
        tight=tight,
    )


def cell_pad(st: CardStyles) -> float:
    """Left and right padding of a table cell; tighter on a card set compact or tight."""
    compact = st.size < st.body.fontSize or st.tight
    return float(max(1.0, st.size * (0.15 if compact else 0.22)))


#: How far a letter's descender ("g", "p", "ç") reaches below its line, in ems of the type.
DESCENT = 0.21


def descent_room(st: CardStyles) -> float:
    """Padding under a table row that keeps its last line's descenders inside the row.

    Cells set solid (leading = type size, on a card that must hold its
    datasheet) would otherwise let "Tempestor" or "Grenades frag" touch the
    next row's rule or shading.
    """
    # The last try before a continuation card sets rows solid: a whole datasheet on one card comes first.
    descent = DESCENT if st.tight < SOLID else 0.0
    return float(max(0.0, st.cell.fontSize * (1 + descent) - st.cell.leading))


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
        ("TOPPADDING", (0, 0), (-1, -1), pad * (0.4, 0.25, 0.1, 0.05, 0.05)[st.tight]),
        ("BOTTOMPADDING", (0, 0), (-1, -1), max(pad * (0.6, 0.45, 0.3, 0.25, 0.25)[st.tight], descent_room(st))),
        # Rows set solid let their descenders reach below the row: no rule under them, and no shading of
        # whole rows after the header (the next row's band would cut "g" and "p").
        ("LINEBELOW", (0, 0), (-1, -1 if st.tight < SOLID else 0), 0.25, RULE),
    ]
    if st.tight >= SOLID:
        extra = tuple(c for c in extra if not _row_shading(c))
    if header:
        commands += [
            ("BACKGROUND", (0, 0), (-1, 0), accent),
            ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
            ("FONTNAME", (0, 0), (-1, 0), st.fonts.condensed_bold),
            # The header's letters sit on a dark band: at the closest settings its descenders
            # ("Portée", "Type") would touch the band's edge, so the header keeps room below them.
            ("LEADING", (0, 0), (-1, 0), max(st.cell.leading, st.cell.fontSize * 1.12)),
            ("TOPPADDING", (0, 0), (-1, 0), max(pad * 0.25, 0.4)),
            ("BOTTOMPADDING", (0, 0), (-1, 0), max(pad * 0.45, st.cell.fontSize * 0.12)),
        ]
    commands.extend(extra)
    table = Table(
        data, colWidths=list(widths), repeatRows=1 if header else 0, style=TableStyle(commands), hAlign="LEFT"
    )
    table.spaceAfter = st.size * (0.5, 0.3, 0.2, 0.1, 0.1)[st.tight]
    if st.tight >= SOLID:  # the last row's descenders, out of the row, stay clear of what follows
        table.spaceAfter = max(table.spaceAfter, st.cell.fontSize * DESCENT)
    return table


def _row_shading(command: tuple[Any, ...]) -> bool:
    """Whether a table style command shades a whole row below the header (a zebra stripe)."""
    return bool(command[0] == "BACKGROUND" and command[1][0] == 0 and command[2][0] == -1 and command[1][1] >= 1)


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
