"""The army sheet and the check report, as PDF (SPEC.md §4).

The sheet shows the list name, its limit and band, the verdict in large type,
every detachment with its units (role, models, wargear, points, PV, value of
one PV, control factor, transport, linked characters, warlord and reserve
marks), the totals, the band table with the counts against their min–max and
every finding of the validator. A list that is not legal carries the words
"NON RÉGLEMENTAIRE" at the top of every page; every page has the list name and
its number. Tables that run over a page go on with their header row repeated.

The check report, for an organiser looking at an opponent's list, puts the
verdict and the findings first, then the same sheet.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from ost.core.armylist import ArmyList, Detachment, Unit, unit_label
from ost.core.catalogue import Catalogue, Datasheet
from ost.core.fileio import atomic_write
from ost.core.findings import Code, Finding, Severity
from ost.core.i18n import pick
from ost.core.presenter import option_labels
from ost.core.roles import Role
from ost.core.scoring import ArmyScore, UnitScore, format_value, pv_value_text, score_army
from ost.core.text import KeywordNames, is_placeholder, keyword_key
from ost.core.validator import Report
from ost.pdf import common
from ost.pdf.common import ILLEGAL, INK, LEGAL, MUTED, RULE, WARNING, ZEBRA, Paper, esc
from ost.pdf.fonts import Fonts, register_fonts

MARGIN_X = 12 * mm
MARGIN_TOP = 18 * mm
MARGIN_BOTTOM = 16 * mm
#: Room a section heading needs below it (heading, sub-heading, table header and two rows).
HEADING_ROOM = 32 * mm

#: The smallest type a unit's name (or a link naming units) shrinks to in its cell to keep to two lines.
NAME_FLOOR = 6.5

#: Relative widths of the unit table's columns.
_UNIT_COLUMNS = (40, 19, 9, 27, 10, 9, 11, 13, 33, 14)
#: The widest the name column grows for players' long names (its room taken from the wargear and link columns).
_NAME_COLUMN_MAX = 56
#: The narrowest the wargear column gets for long names: its heading and "Lance-flammes" keep whole.
_WARGEAR_MIN = 21
#: The wargear column, left out when no unit carries anything worth saying.
_WARGEAR = 3


def _right(style: ParagraphStyle) -> ParagraphStyle:
    """``style`` aligned right, for figures that wrap (a PV value per model kind)."""
    return ParagraphStyle(f"{style.name}-right", parent=style, alignment=TA_RIGHT)


@dataclass(frozen=True)
class _Styles:
    fonts: Fonts
    kind: ParagraphStyle
    title: ParagraphStyle
    summary: ParagraphStyle
    verdict: ParagraphStyle
    verdict_note: ParagraphStyle
    heading: ParagraphStyle
    subheading: ParagraphStyle
    body: ParagraphStyle
    cell: ParagraphStyle
    cell_bold: ParagraphStyle
    cell_small: ParagraphStyle
    head_cell: ParagraphStyle
    note: ParagraphStyle


def _styles(fonts: Fonts) -> _Styles:
    base = ParagraphStyle("ost-base", fontName=fonts.condensed, fontSize=8.5, leading=10.5, textColor=INK)

    def style(name: str, **kw: Any) -> ParagraphStyle:
        return ParagraphStyle(name, parent=base, **kw)

    return _Styles(
        fonts=fonts,
        kind=style("kind", fontName=fonts.condensed_bold, fontSize=8, leading=10, textColor=MUTED),
        title=style("title", fontName=fonts.bold, fontSize=16, leading=19, spaceAfter=1),
        summary=style("summary", fontSize=9.5, leading=11.5, spaceAfter=3),
        verdict=style("verdict", fontName=fonts.bold, fontSize=20, leading=23, spaceBefore=1, spaceAfter=1),
        verdict_note=style("verdict-note", fontSize=8.5, leading=10.5, spaceAfter=4, textColor=MUTED),
        heading=style("heading", fontName=fonts.bold, fontSize=11, leading=13, spaceBefore=7, spaceAfter=2),
        subheading=style("subheading", fontSize=7.5, leading=9, textColor=MUTED, spaceAfter=2),
        body=style("body"),
        cell=style("cell", fontSize=7.5, leading=9),
        cell_bold=style("cell-bold", fontName=fonts.condensed_bold, fontSize=7.5, leading=9),
        cell_small=style("cell-small", fontSize=6.5, leading=7.6, textColor=MUTED),
        head_cell=style("head-cell", fontName=fonts.condensed_bold, fontSize=7, leading=8.5, textColor=colors.white),
        note=style("note", fontSize=7, leading=8.5, textColor=MUTED, spaceBefore=4),
    )


def _table_style(
    fonts: Fonts, *extra: tuple[Any, ...], header: bool = True, zebra_from: int = 1, rows: int = 0
) -> TableStyle:
    commands: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), fonts.condensed),
        ("FONTSIZE", (0, 0), (-1, -1), 7.5),
        ("LEADING", (0, 0), (-1, -1), 9),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 1.6),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
    ]
    if header:
        commands += [
            ("BACKGROUND", (0, 0), (-1, 0), common.HEADER_BG),
            ("VALIGN", (0, 0), (-1, 0), "MIDDLE"),
        ]
    for row in range(zebra_from, rows, 2):
        commands.append(("BACKGROUND", (0, row), (-1, row), ZEBRA))
    commands.extend(extra)
    return TableStyle(commands)


def _frame_style(fonts: Fonts, *extra: tuple[Any, ...]) -> TableStyle:
    """A table used only to place blocks side by side: no padding, no rules, our font even for empty cells."""
    return TableStyle(
        [
            ("FONTNAME", (0, 0), (-1, -1), fonts.condensed),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            *extra,
        ]
    )


# --- page decoration -------------------------------------------------------------


@dataclass(frozen=True)
class _PageInfo:
    list_name: str
    kind: str
    footer_left: str
    legal: bool
    lang: str
    fonts: Fonts
    #: Date, Ost's version, the catalogue's sources and the list's fingerprint (second footer line).
    trace: str = ""


#: Room kept at the right of the title block of the first page for the list's share code (a QR code, 36 mm at most).
SHARE_CODE_ROOM = 38 * mm


def _decorate(canvas: Canvas, info: _PageInfo, page: int, pages: int) -> None:
    """Header and footer of one page: list name, verdict banner, page number."""
    width, height = canvas._pagesize
    fonts = info.fonts
    canvas.saveState()
    top = height - 11 * mm
    canvas.setFillColor(INK)
    canvas.setFont(fonts.bold, 9)
    kind_width = canvas.stringWidth(info.kind, fonts.condensed, 8)
    label = pick(info.lang, fr="NON RÉGLEMENTAIRE", en="NOT LEGAL")
    size = 10
    box_w = canvas.stringWidth(label, fonts.bold, size) + 8 * mm
    x = (width - box_w) / 2
    # The name takes the whole line but the kind of document; it is cut only where the stamp needs the room.
    room = (x - 3 * mm - MARGIN_X) if not info.legal else (width - 2 * MARGIN_X - kind_width - 6 * mm)
    name = _clip(info.list_name, fonts.bold, 9, room)
    canvas.drawString(MARGIN_X, top, name)
    canvas.setFont(fonts.condensed, 8)
    canvas.setFillColor(MUTED)
    canvas.drawRightString(width - MARGIN_X, top, info.kind)
    if not info.legal:
        box_h = 6 * mm
        canvas.setFillColor(ILLEGAL)
        canvas.roundRect(x, top - 1.8 * mm, box_w, box_h, 1.2 * mm, stroke=0, fill=1)
        canvas.setFillColor(colors.white)
        canvas.setFont(fonts.bold, size)
        canvas.drawCentredString(width / 2, top, label)
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.5)
    canvas.line(MARGIN_X, top - 3 * mm, width - MARGIN_X, top - 3 * mm)
    bottom = 10 * mm
    page_label = f"{pick(info.lang, fr='Page', en='Page')} {page} / {pages}"
    room = width - 2 * MARGIN_X - canvas.stringWidth(page_label, fonts.condensed, 7.5) - 6 * mm
    # The list's whole name: in smaller type, or on two lines (the rule above moves up for them).
    points, lines = common.fitted_lines(f"{info.list_name} · {info.footer_left}", fonts.condensed, 7.5, room)
    rule = bottom + 3.5 * mm + (len(lines) - 1) * points * 1.15
    canvas.line(MARGIN_X, rule, width - MARGIN_X, rule)
    canvas.setFillColor(MUTED)
    canvas.setFont(fonts.condensed, points)
    for index, line in enumerate(lines):
        canvas.drawString(MARGIN_X, bottom + (len(lines) - 1 - index) * points * 1.15, line)
    canvas.setFont(fonts.condensed, 7.5)
    canvas.drawRightString(width - MARGIN_X, bottom, page_label)
    if info.trace:
        canvas.setFont(fonts.condensed, 6.5)
        canvas.drawString(MARGIN_X, bottom - 3.2 * mm, _clip(info.trace, fonts.condensed, 6.5, width - 2 * MARGIN_X))
    canvas.restoreState()


_clip = common.clip


def _canvas_maker(decorate: Callable[[Canvas, int, int], None], font: str) -> type[Canvas]:
    """A canvas that holds its pages back until the end, so each can say "page n / N".

    Its initial font is ours, so the PDF names no font that is not embedded.
    """

    class _Numbered(Canvas):  # type: ignore[misc]  # reportlab has no type hints
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            if not kwargs.get("initialFontName"):
                kwargs["initialFontName"] = font
            super().__init__(*args, **kwargs)
            self._held: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._held)
            for number, state in enumerate(self._held, start=1):
                self.__dict__.update(state)
                decorate(self, number, total)
                Canvas.showPage(self)
            Canvas.save(self)

    return _Numbered


def _render(
    story: list[Flowable], paper: Paper, info: _PageInfo, title: str, trace: common.Trace | None = None
) -> bytes:
    buffer = io.BytesIO()
    width, height = paper.size
    doc = BaseDocTemplate(
        buffer,
        pagesize=(width, height),
        leftMargin=MARGIN_X,
        rightMargin=MARGIN_X,
        topMargin=MARGIN_TOP,
        bottomMargin=MARGIN_BOTTOM,
        title=title,
        author="Ost",
        creator="Ost",
        lang=info.lang,
        subject=trace.subject(info.lang) if trace else "",
        keywords=trace.keywords(info.lang) if trace else "",
    )
    frame = Frame(
        MARGIN_X, MARGIN_BOTTOM, width - 2 * MARGIN_X, height - MARGIN_TOP - MARGIN_BOTTOM, id="body", showBoundary=0
    )
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    maker = _canvas_maker(lambda c, n, total: _decorate(c, info, n, total), info.fonts.condensed)
    doc.build(story, canvasmaker=maker)
    return buffer.getvalue()


# --- content ---------------------------------------------------------------------


class _ContinuedTable(Table):  # type: ignore[misc]  # reportlab has no type hints
    """A table that, split over pages, opens each later part with a heading ("Détachement 1 (suite)")."""

    continued: Callable[[], Flowable] | None = None

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        parts: list[Flowable] = super().split(availWidth, availHeight)
        if len(parts) < 2 or self.continued is None:
            return parts
        out: list[Flowable] = [parts[0]]
        for part in parts[1:]:
            part.continued = self.continued
            label = self.continued()
            label.keepWithNext = 1
            out += [label, part]
        return out


class _Sheet:
    """Builds the story of a sheet; one instance per PDF."""

    def __init__(
        self,
        catalogue: Catalogue,
        army: ArmyList,
        report: Report,
        lang: str,
        paper: Paper,
        keyword_names: Mapping[str, str] | None = None,
    ) -> None:
        self.catalogue = catalogue
        self.army = army
        self.report = report
        self.lang = lang
        self.paper = paper
        self.fonts = register_fonts()
        self.s = _styles(self.fonts)
        #: French keywords in English; the findings say keywords ("<CHAPITRE>") as the catalogue writes them.
        self.words = KeywordNames(keyword_names if lang == "en" else None)
        self.score: ArmyScore = score_army(army, catalogue)
        self.trace = common.Trace.of(catalogue, army, report)
        #: The numbers of the findings (1, 2, …) that concern each unit, by unit id, to mark its row.
        self.marks: dict[str, list[tuple[int, Finding]]] = {}
        for number, item in enumerate(self.shown_findings, start=1):
            for unit_id in item.units:
                self.marks.setdefault(unit_id, []).append((number, item))
        self._has_wargear: bool | None = None
        self._smaller: dict[tuple[str, float], ParagraphStyle] = {}
        #: Read from a roster or a pasted text: the transports and characters' pairings are Ost's assumption.
        self.assumed_pairings = army.origin is not None and army.origin.format not in ("", "ost", "share")
        self.width = paper.size[0] - 2 * MARGIN_X
        self.units: dict[str, Unit] = {u.id: u for _, u in army.units()}
        self.carried_by: dict[str, list[Unit]] = {}
        self.linked_to: dict[str, list[Unit]] = {}
        for _, unit in army.units():
            if unit.transport:
                self.carried_by.setdefault(unit.transport, []).append(unit)
            if unit.linked_to:
                self.linked_to.setdefault(unit.linked_to, []).append(unit)

    @property
    def shown_findings(self) -> tuple[Finding, ...]:
        """The findings the table prints, in its order (their numbers mark the units' rows)."""
        return self.report.findings

    @property
    def name(self) -> str:
        return self.army.name or pick(self.lang, fr="(liste sans nom)", en="(unnamed list)")

    def p(self, text: str, style: ParagraphStyle) -> Paragraph:
        return Paragraph(text, style)

    def snug(self, text: str, style: ParagraphStyle, width: float, lines: int = 2) -> Paragraph:
        """``text`` in at most ``lines`` lines of the cell, in smaller type (down to NAME_FLOOR) if need be.

        Players name units at length ("Escouade Tactique Titus — Les Inflexibles
        du Bastion Nord"): at the cell's own size such a name takes three or four
        lines on every row that shows it, and a ten-unit list no longer fits its page.
        A name too long for ``lines`` lines at the floor wraps further, whole.
        """
        room = width - 6.5  # the cell's padding
        size = style.fontSize
        while size > NAME_FLOOR and len(simpleSplit(text, style.fontName, size, room)) > lines:
            size = max(NAME_FLOOR, size - 0.25)
        if size == style.fontSize:
            return self.p(esc(text), style)
        key = (style.name, size)
        smaller = self._smaller.get(key)
        if smaller is None:
            leading = style.leading * size / style.fontSize
            smaller = self._smaller[key] = ParagraphStyle(
                f"{style.name}-{size}", parent=style, fontSize=size, leading=leading
            )
        return self.p(esc(text), smaller)

    def heading(self, text: str) -> list[Flowable]:
        """A section heading that never ends a page alone.

        A page break comes first when less than a heading and a few table rows
        fit; ``keepWithNext`` would instead glue the heading to the whole table
        and push a long table to the next page, leaving a blank half page.
        """
        return [CondPageBreak(HEADING_ROOM), self.p(esc(text), self.s.heading)]

    # -- head -------------------------------------------------------------------

    def summary_line(self) -> str:
        report = self.report
        parts = [f"{report.total_points} pts"]
        if report.points_limit is not None:
            parts[0] = f"{report.total_points} / {report.points_limit} pts"
        else:
            parts.append(pick(self.lang, fr="sans limite déclarée", en="no declared limit"))
        if report.band:
            parts.append(pick(self.lang, fr=f"tranche {report.band}", en=f"band {report.band}"))
        else:
            parts.append(pick(self.lang, fr="aucune tranche", en="no band"))
        det_max = f" / {report.max_detachments}" if report.max_detachments is not None else ""
        parts.append(
            pick(
                self.lang,
                fr=f"{report.detachments}{det_max} détachement{'s' if report.detachments != 1 else ''}",
                en=f"{report.detachments}{det_max} detachment{'s' if report.detachments != 1 else ''}",
            )
        )
        return " · ".join(parts)

    def head(self, kind: str, *, share: bool = False) -> list[Flowable]:
        """Kind, name, summary and verdict; with ``share``, the list's share code (a QR code) at their right."""
        report = self.report
        colour = LEGAL if report.legal else ILLEGAL
        verdict_style = ParagraphStyle("verdict-c", parent=self.s.verdict, textColor=colour)
        notes = [
            pick(
                self.lang,
                fr=f"{report.errors} erreur{'s' if report.errors != 1 else ''}",
                en=f"{report.errors} error{'s' if report.errors != 1 else ''}",
            ),
            pick(
                self.lang,
                fr=f"{report.warnings} avertissement{'s' if report.warnings != 1 else ''}",
                en=f"{report.warnings} warning{'s' if report.warnings != 1 else ''}",
            ),
        ]
        if not report.findings:
            notes.append(
                pick(
                    self.lang,
                    fr="aucun constat : la liste respecte les règles vérifiées",
                    en="no finding: the list follows every rule checked",
                )
            )
        text: list[Flowable] = [
            self.p(esc(kind.upper()), self.s.kind),
            self.p(esc(self.name), self.s.title),
            self.p(esc(self.summary_line()), self.s.summary),
            self.p(esc(report.verdict(self.lang)), verdict_style),
            self.p(esc(common.typo(" · ".join(notes))), self.s.verdict_note),
        ]
        aside: Any = ""
        if share:
            code = self.share_code
            if code is not None and code.in_head:
                aside = [share_qr(code, self.lang, self.s.note, in_head=True, free=self.heading_room())]
            else:
                aside = [
                    self.p(
                        esc(
                            pick(
                                self.lang,
                                fr="Code de partage : en fin de feuille.",
                                en="Share code: at the end of the sheet.",
                            )
                            if code is not None
                            else pick(
                                self.lang,
                                fr="Liste trop longue pour un code QR : partagez le fichier .ost.",
                                en="List too long for a QR code: share the .ost file.",
                            )
                        ),
                        self.s.note,
                    )
                ]
        code = self.share_code if share else None
        room = max(SHARE_CODE_ROOM, code.side + 2 * mm) if code is not None and code.in_head else SHARE_CODE_ROOM
        block = Table(
            [[text, aside]],
            colWidths=[self.width - room, room],
            style=_frame_style(self.fonts, ("ALIGN", (1, 0), (1, 0), "RIGHT")),
            hAlign="LEFT",
        )
        return [block]

    def heading_room(self) -> float:
        """The height of the first detachment's heading and its line of figures, under the title block.

        The share code hangs into it at the right (the heading's words stay at the left), never further:
        below it starts the first table, whose header runs the whole width.
        """
        room = 0.0
        for style in (self.s.heading, self.s.subheading):
            _, height = self.p("Xg", style).wrap(self.width, 1000 * mm)
            room += height + style.spaceBefore + style.spaceAfter
        return room

    # -- detachments ------------------------------------------------------------------

    def detachments(self) -> list[Flowable]:
        story: list[Flowable] = []
        if not self.army.detachments:
            story.append(
                self.p(
                    esc(pick(self.lang, fr="La liste n'a aucun détachement.", en="The list has no detachment.")),
                    self.s.body,
                )
            )
        for index, detachment in enumerate(self.army.detachments):
            story.extend(self.detachment(index, detachment))
        return story

    def detachment(self, index: int, detachment: Detachment) -> list[Flowable]:
        label = pick(self.lang, fr=f"Détachement {index + 1}", en=f"Detachment {index + 1}")
        if detachment.name:
            label += f" — {detachment.name}"
        out: list[Flowable] = self.heading(label)
        scores = [self.score.unit(u.id) for u in detachment.units]
        units = len(detachment.units)
        points = sum(s.points for s in scores if s is not None)
        sub = pick(
            self.lang,
            fr=f"{units} unité{'s' if units != 1 else ''} · {points} pts",
            en=f"{units} unit{'s' if units != 1 else ''} · {points} pts",
        )
        shared = self.shared_values(detachment)
        if shared:
            sub += " · " + ", ".join(shared)
        out.append(self.p(esc(sub), self.s.subheading))
        if not detachment.units:
            out.append(self.p(esc(pick(self.lang, fr="Aucune unité.", en="No unit.")), self.s.body))
            return out
        table = self.unit_table(detachment, points, set(shared))
        suite = pick(self.lang, fr=f"{label} (suite)", en=f"{label} (continued)")
        table.continued = lambda: self.p(esc(suite), self.s.heading)
        out.append(table)
        return out

    def shared_values(self, detachment: Detachment) -> list[str]:
        """Placeholder values every unit of the detachment gives (ULTRAMARINES): said once, under the heading."""
        shared: list[str] | None = None
        for unit in detachment.units:
            sheet = self.catalogue.get(unit.datasheet)
            values = _placeholder_values(unit, sheet.faction_keywords if sheet else unit.snapshot.faction_keywords)
            if not values:
                continue
            shared = values if shared is None else [v for v in shared if v in values]
        return shared or []

    def unit_table(self, detachment: Detachment, points: int, shared: set[str] | frozenset[str] = frozenset()) -> Any:
        s = self.s
        header = [
            pick(self.lang, fr="Unité", en="Unit"),
            pick(self.lang, fr="Rôle", en="Role"),
            pick(self.lang, fr="Fig.", en="Mod."),
            pick(self.lang, fr="Équipement", en="Wargear"),
            "Pts",
            pick(self.lang, fr="PV", en="W"),
            pick(self.lang, fr="1 PV =", en="1 W ="),
            pick(self.lang, fr="Contrôle", en="Control"),
            pick(self.lang, fr="Transport et personnages", en="Transport and characters"),
            pick(self.lang, fr="Marques", en="Marks"),
        ]
        # Headers of number columns are plain text, right-aligned like their figures (same padding).
        numeric = {2, 4, 5, 6, 7}
        rows: list[list[Any]] = [[h if i in numeric else self.p(esc(h), s.head_cell) for i, h in enumerate(header)]]
        # The wargear column only when a unit of the list carries something worth saying.
        wargear = self.has_wargear
        columns = [c if wargear or i != _WARGEAR else 0 for i, c in enumerate(self.unit_columns)]
        total = sum(columns)
        widths = [self.width * c / total for c in columns]

        def col(index: int) -> int:
            return index if wargear or index < _WARGEAR else index - 1

        wounds_total = 0
        for unit in detachment.units:
            score = self.score.unit(unit.id)
            assert score is not None
            wounds_total += score.wounds or 0
            rows.append(self.unit_row(unit, score, widths, shared))
        rows.append(
            [
                self.p(esc(pick(self.lang, fr="Total du détachement", en="Detachment total")), s.cell_bold),
                "",
                "",
                "",
                self.p(str(points), ParagraphStyle("total-right", parent=s.cell_bold, alignment=TA_RIGHT)),
                self.p(str(wounds_total), ParagraphStyle("total-right", parent=s.cell_bold, alignment=TA_RIGHT)),
                "",
                "",
                "",
                "",
            ]
        )
        last = len(rows) - 1
        style = _table_style(
            self.fonts,
            ("SPAN", (0, last), (col(3), last)),
            ("LINEABOVE", (0, last), (-1, last), 0.8, INK),
            ("ALIGN", (2, 0), (2, -1), "RIGHT"),
            ("ALIGN", (col(4), 0), (col(7), -1), "RIGHT"),
            ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
            ("FONTNAME", (0, 0), (-1, 0), self.fonts.condensed_bold),
            ("FONTSIZE", (0, 0), (-1, 0), 7),
            ("FONTNAME", (col(9), 1), (col(9), -1), self.fonts.condensed_bold),
            *[("TEXTCOLOR", (col(9), r), (col(9), r), ILLEGAL) for r in self.marked_rows(detachment)],
            rows=last,
        )
        if not wargear:
            rows = [row[:_WARGEAR] + row[_WARGEAR + 1 :] for row in rows]
            widths = widths[:_WARGEAR] + widths[_WARGEAR + 1 :]
        return _ContinuedTable(rows, colWidths=widths, repeatRows=1, style=style, hAlign="LEFT")

    @cached_property
    def unit_columns(self) -> tuple[float, ...]:
        """Relative widths of the unit table's columns: the name's column wider when players' names need it.

        Wide enough (up to _NAME_COLUMN_MAX) for every unit's name to keep to two
        lines at NAME_FLOOR; the room comes from the wargear column, then the link column.
        """
        widths = list(_UNIT_COLUMNS)
        names = [self.unit_name(u) for _, u in self.army.units() if u.custom_name]
        if not names:
            return tuple(widths)
        font = self.s.cell_bold.fontName
        total = sum(c for i, c in enumerate(_UNIT_COLUMNS) if self.has_wargear or i != _WARGEAR)

        def fits(weight: float) -> bool:
            room = self.width * weight / total - 6.5
            return all(len(simpleSplit(name, font, NAME_FLOOR, room)) <= 2 for name in names)

        weight = widths[0]
        while weight < _NAME_COLUMN_MAX and not fits(weight):
            weight += 2
        extra = weight - widths[0]
        widths[0] = weight
        # The wargear column gives first (short entries, wrapped), the link column the rest.
        taken = min(extra, widths[_WARGEAR] - _WARGEAR_MIN) if self.has_wargear else 0
        widths[_WARGEAR] -= taken
        widths[8] -= extra - taken
        return tuple(widths)

    @property
    def has_wargear(self) -> bool:
        """Whether any unit of the list carries something the wargear column would say."""
        if self._has_wargear is None:
            self._has_wargear = any(self.carried(unit) for _, unit in self.army.units())
        return self._has_wargear

    def marked_rows(self, detachment: Detachment) -> list[int]:
        """Rows of the detachment's table whose unit an error concerns (their marks print in red)."""
        return [
            row
            for row, unit in enumerate(detachment.units, start=1)
            if any(item.severity is Severity.ERROR for _, item in self.marks.get(unit.id, []))
        ]

    def carried(self, unit: Unit) -> list[str]:
        return _carried_labels(unit, self.catalogue.get(unit.datasheet), self.lang)

    def cell(self, text: str, style: ParagraphStyle, width: float) -> Any:
        """Plain text when it fits on one line of the column (far cheaper to lay out), else a paragraph."""
        if stringWidth(text, style.fontName, style.fontSize) + 6.5 <= width:
            return text
        return self.p(esc(text), style)

    def unit_name(self, unit: Unit) -> str:
        """The unit's name as the sheet shows it: its own name, else its datasheet's in the sheet's language."""
        return unit_label(unit, self.catalogue.get(unit.datasheet), self.lang)

    def score_name(self, score: UnitScore) -> str:
        """:meth:`unit_name` of a scored unit."""
        unit = self.units.get(score.unit_id)
        return self.unit_name(unit) if unit is not None else score.name

    def unit_row(
        self, unit: Unit, score: UnitScore, widths: Sequence[float], shared: set[str] | frozenset[str] = frozenset()
    ) -> list[Any]:
        # Cells hold plain text or single-style paragraphs: inline markup would make
        # reportlab's line breaking several times slower on a 60-unit list.
        s = self.s
        sheet = self.catalogue.get(unit.datasheet)
        details: list[str] = []
        if unit.custom_name:
            details.append(sheet.label(self.lang) if sheet else unit.snapshot.name)
        if sheet is None:
            details.append(pick(self.lang, fr="fiche absente du catalogue", en="datasheet not in the catalogue"))
        if score.independent_character:
            details.append(pick(self.lang, fr="personnage indépendant", en="independent character"))
        if not score.operational:
            details.append(pick(self.lang, fr="non opérationnelle", en="non-operational"))
        values = _placeholder_values(unit, sheet.faction_keywords if sheet else unit.snapshot.faction_keywords)
        values = [v for v in values if v not in shared]
        if values:
            details.append(", ".join(values))
        name_cell: list[Flowable] = [self.snug(self.unit_name(unit), s.cell_bold, widths[0])]
        if details:
            name_cell.append(self.p(esc(" · ".join(details)), s.cell_small))
        wargear = self.carried(unit)
        links: list[str] = []
        assumed = pick(self.lang, fr=" (supposé)", en=" (assumed)") if self.assumed_pairings else ""
        if unit.transport:
            target = self.units.get(unit.transport)
            links.append(
                pick(self.lang, fr="Transport : ", en="Transport: ")
                + (self.unit_name(target) if target else unit.transport)
                + assumed
            )
        if unit.id in self.carried_by:
            carried = ", ".join(self.unit_name(u) for u in self.carried_by[unit.id])
            links.append(pick(self.lang, fr="Transporte : ", en="Carries: ") + carried)
        if unit.linked_to:
            target = self.units.get(unit.linked_to)
            links.append(
                pick(self.lang, fr="Lié à : ", en="Joins: ")
                + (self.unit_name(target) if target else unit.linked_to)
                + assumed
            )
        if unit.id in self.linked_to:
            characters = ", ".join(self.unit_name(u) for u in self.linked_to[unit.id])
            links.append(pick(self.lang, fr="Personnages : ", en="Characters: ") + characters)
        marks: list[str] = []
        for number, item in self.marks.get(unit.id, []):
            sign = "✗" if item.severity is Severity.ERROR else "!"
            marks.append(f"{sign}{number}")
        if unit.warlord:
            marks.append("★ " + pick(self.lang, fr="SG", en="WL"))
        if unit.reserve:
            marks.append(pick(self.lang, fr="Rés.", en="Res."))
        return [
            name_cell,
            self.cell(score.role.label(self.lang), s.cell, widths[1]),
            str(unit.models),
            self.cell(", ".join(wargear), s.cell, widths[3]) if wargear else "",
            str(score.points),
            str(score.wounds) if score.wounds is not None else "?",
            self.cell(pv_value_text(score, self.lang), _right(s.cell), widths[6]),
            f"×{score.control_factor}",
            [self.snug(common.typo(link), s.cell, widths[8]) for link in links] if links else "",
            " ".join(marks),
        ]

    # -- totals, band table, findings ---------------------------------------------------

    def totals(self, width: float) -> list[Flowable]:
        s, score, report = self.s, self.score, self.report
        limit = f" / {report.points_limit}" if report.points_limit is not None else ""
        reserve_points = sum(u.points for u in score.units if self.units[u.unit_id].reserve)
        half = report.total_points / 2
        warlords = [self.unit_name(u) for _, u in self.army.units() if u.warlord]
        rows: list[tuple[str, str]] = [
            (pick(self.lang, fr="Points", en="Points"), f"{report.total_points}{limit}"),
            (
                pick(self.lang, fr="Unités · figurines", en="Units · models"),
                f"{len(score.units)} · {score.total_models}",
            ),
            (pick(self.lang, fr="PV au total", en="Total wounds"), str(score.total_wounds)),
            (
                pick(self.lang, fr="Total de destruction", en="Destruction total"),
                pick(
                    self.lang,
                    fr=f"{score.destruction_total} pts (points comptés pour la note de destruction adverse)",
                    en=f"{score.destruction_total} pts (points the opponent's destruction score is measured against)",
                ),
            ),
        ]
        if score.non_operational:
            rows.append(
                (
                    pick(self.lang, fr="Non opérationnelles", en="Non-operational"),
                    ", ".join(f"{self.score_name(u)} ({u.points} pts)" for u in score.non_operational),
                )
            )
        if score.unknown_wounds:
            rows.append(
                (
                    pick(self.lang, fr="PV inconnus", en="Unknown wounds"),
                    ", ".join(self.score_name(u) for u in score.unknown_wounds),
                )
            )
        rows.append(
            (
                pick(self.lang, fr="En réserves", en="In reserve"),
                pick(
                    self.lang,
                    fr=f"{reserve_points} pts (au plus {format_value(half, 'fr')})",
                    en=f"{reserve_points} pts (at most {format_value(half, 'en')})",
                ),
            )
        )
        rows.append((pick(self.lang, fr="Seigneur de guerre", en="Warlord"), ", ".join(warlords) or "–"))
        widths = [width * 0.34, width * 0.66]
        data = [[self.cell(k, s.cell_bold, widths[0]), self.cell(v, s.cell, widths[1])] for k, v in rows]
        table = Table(
            data,
            colWidths=widths,
            style=_table_style(
                self.fonts,
                ("FONTNAME", (0, 0), (0, -1), self.fonts.condensed_bold),
                header=False,
                zebra_from=0,
                rows=len(data),
            ),
            hAlign="LEFT",
        )
        return [self.p(esc(pick(self.lang, fr="Totaux", en="Totals")), self.s.heading), table]

    def band_table(self, width: float) -> list[Flowable]:
        s, report = self.s, self.report
        title = pick(self.lang, fr="Tableau des tranches", en="Points-band table")
        if report.band:
            title += f" — {report.band}"
        out: list[Flowable] = [self.p(esc(title), self.s.heading)]
        if report.band is None:
            out.append(
                self.p(
                    esc(
                        pick(
                            self.lang,
                            fr="Aucune tranche ne s'applique : effectifs par rôle et détachements non vérifiés.",
                            en="No band applies: role counts and detachments were not checked.",
                        )
                    ),
                    s.body,
                )
            )
        header = [
            pick(self.lang, fr="Rôle", en="Role"),
            pick(self.lang, fr="Unités", en="Units"),
            pick(self.lang, fr="Min–max", en="Min–max"),
            pick(self.lang, fr="Par fiche", en="Per sheet"),
            pick(self.lang, fr="État", en="Status"),
        ]
        rows: list[list[Any]] = [list(header)]  # short words: plain text, never broken inside a word
        bad_rows: list[int] = []
        good_rows: list[int] = []
        checked = report.band is not None
        # A role with too many units of one datasheet is out of range too: the table says what the findings say.
        over_sheet = {
            score.role
            for item in report.findings
            if item.code is Code.SHEET_MAX and item.severity is Severity.ERROR
            for unit_id in item.units
            if (score := self.score.unit(unit_id)) is not None
        }
        for count in report.role_counts:
            if count.min is None and count.max is None and count.per_sheet is None and count.count == 0:
                continue
            span = _range(count.min, count.max)
            in_range = (count.min is None or count.count >= count.min) and (
                count.max is None or count.count <= count.max
            )
            ok = in_range and count.role not in over_sheet
            (good_rows if ok else bad_rows).append(len(rows))
            rows.append(
                [
                    count.role.label(self.lang),
                    str(count.count),
                    span,
                    f"({count.per_sheet})" if count.per_sheet is not None else "–",
                    self.status(ok, checked, per_sheet=in_range and not ok),
                ]
            )
        unslotted = sum(1 for u in self.score.units if u.role is Role.UNSLOTTED)
        if unslotted:
            rows.append([Role.UNSLOTTED.label(self.lang), str(unslotted), "–", "–", ""])
        det_ok = report.max_detachments is None or report.detachments <= report.max_detachments
        (good_rows if det_ok else bad_rows).append(len(rows))
        rows.append(
            [
                pick(self.lang, fr="Détachements", en="Detachments"),
                str(report.detachments),
                f"≤ {report.max_detachments}" if report.max_detachments is not None else "–",
                "–",
                self.status(det_ok, checked),
            ]
        )
        extra: list[tuple[Any, ...]] = [("FONTNAME", (0, len(rows) - 1), (0, len(rows) - 1), self.fonts.condensed_bold)]
        extra += [("TEXTCOLOR", (0, r), (-1, r), ILLEGAL) for r in bad_rows]
        if checked:
            extra += [("TEXTCOLOR", (4, r), (4, r), LEGAL) for r in good_rows]
            extra += [("FONTNAME", (4, 1), (4, -1), self.fonts.condensed_bold)]
        # "Per sheet" needs 14.1 mm with its padding: at 0.15 it ran into "Status" ("Per sheetStatus").
        widths = [0.28, 0.12, 0.16, 0.18, 0.26]
        table = Table(
            rows,
            colWidths=[width * w for w in widths],
            repeatRows=1,
            style=_table_style(
                self.fonts,
                ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
                ("FONTNAME", (0, 0), (-1, 0), self.fonts.condensed_bold),
                ("FONTSIZE", (0, 0), (-1, 0), 7),
                ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                ("ALIGN", (2, 0), (3, -1), "CENTER"),
                *extra,
                rows=len(rows),
            ),
            hAlign="LEFT",
        )
        out.append(table)
        return out

    def status(self, ok: bool, checked: bool, *, per_sheet: bool = False) -> str:
        """The state of one band-table row (its colour comes from the table style).

        ``per_sheet``: the count is in range, but one datasheet has too many units (SHEET-MAX).
        """
        if not checked:
            return pick(self.lang, fr="non vérifié", en="not checked")
        if per_sheet:
            return pick(self.lang, fr="✗ par fiche", en="✗ per sheet")
        return "✓ OK" if ok else pick(self.lang, fr="✗ hors limites", en="✗ out of range")

    def findings(self, title: str | None = None) -> list[Flowable]:
        s, report = self.s, self.report
        if not report.findings:
            return []  # the verdict's note says "aucun constat"
        title = title or pick(self.lang, fr="Constats", en="Findings")
        out: list[Flowable] = self.heading(title)
        header = [
            pick(self.lang, fr="Gravité", en="Severity"),
            "Code",
            pick(self.lang, fr="Constat", en="Finding"),
            pick(self.lang, fr="Règle", en="Rule"),
        ]
        rows: list[list[Any]] = [[self.p(esc(h), s.head_cell) for h in header]]
        colours = {Severity.ERROR: ILLEGAL, Severity.WARNING: WARNING, Severity.INFO: common.HEADER_BG}
        severity_styles: list[tuple[Any, ...]] = [("FONTNAME", (0, 1), (0, -1), self.fonts.condensed_bold)]
        fix_word = pick(self.lang, fr="Correction : ", en="Fix: ")
        for number, item in enumerate(self.shown_findings, start=1):
            rule = item.rule.name(self.lang)
            row = len(rows)
            if number % 2:  # every other finding shaded, its fix line with it
                severity_styles.append(("BACKGROUND", (0, row), (-1, row + (1 if item.fix(self.lang) else 0)), ZEBRA))
            severity_styles.append(("TEXTCOLOR", (0, row), (0, row), colours[item.severity]))
            rows.append(
                [
                    f"{number} · {item.severity.label(self.lang)}",
                    self.p(esc(item.code.value), s.cell_bold),
                    self.p(esc(common.typo(self.words.text(item.message(self.lang)))), s.cell),
                    self.p(esc(rule), s.cell_small),
                ]
            )
            if item.fix(self.lang):
                # The fix on a row of its own under the finding (a long one may then go on the next page).
                fix_row = len(rows)
                fix = fix_word + self.words.text(item.fix(self.lang))
                rows.append(["", "", self.p(esc(common.typo(fix)), s.cell_small), ""])
                severity_styles += [
                    ("SPAN", (2, fix_row), (3, fix_row)),
                    ("LINEABOVE", (0, fix_row), (-1, fix_row), 0, colors.white),
                    ("TOPPADDING", (0, fix_row), (-1, fix_row), 0),
                ]

        widths = [0.13, 0.21, 0.48, 0.18]  # the code column fits TRANSPORT-UNVERIFIED on one line
        table = _ContinuedTable(
            rows,
            colWidths=[self.width * w for w in widths],
            repeatRows=1,
            style=_table_style(self.fonts, *severity_styles),
            hAlign="LEFT",
        )
        suite = pick(self.lang, fr=f"{title} (suite)", en=f"{title} (continued)")
        table.continued = lambda: self.p(esc(suite), self.s.heading)
        out.append(table)
        return out

    def legend(self) -> list[Flowable]:
        text = pick(
            self.lang,
            fr="★ SG : seigneur de guerre · Rés. : prévue en réserves · 1 PV = coût de l'unité ÷ ses PV "
            "(valeur de destruction d'un PV) · Contrôle : points de contrôle par point de valeur des PV restants "
            "(Troupes ×4, Aéronef ×1, autres ×2, non opérationnelle ×0).",
            en="★ WL: warlord · Res.: planned in reserve · 1 W = the unit's cost ÷ its wounds (destruction value of "
            "one wound) · Control: control points per point of remaining wound value "
            "(Troops ×4, Flyer ×1, others ×2, non-operational ×0).",
        )
        if self.marks:
            text += pick(
                self.lang,
                fr=" · ✗1, !2 : l'unité est concernée par le constat n° 1 (erreur), n° 2 (avertissement).",
                en=" · ✗1, !2: the unit is concerned by finding no. 1 (error), no. 2 (warning).",
            )
        if self.assumed_pairings:
            text += pick(
                self.lang,
                fr=" · (supposé) : la liste lue ne dit pas qui monte dans quel transport ni qui rejoint quelle "
                "unité ; Ost l'a supposé à la lecture.",
                en=" · (assumed): the list read does not say who rides in which transport nor who joins which "
                "unit; Ost assumed it when reading.",
            )
        return [self.p(esc(common.typo(text)), self.s.note)]

    # -- whole documents ---------------------------------------------------------------

    def footer_left(self) -> str:
        limit = self.report.points_limit
        band = self.report.band or pick(self.lang, fr="aucune tranche", en="no band")
        limit_text = f"{limit} pts" if limit is not None else pick(self.lang, fr="sans limite", en="no limit")
        return f"{limit_text} · {band}"

    def summary(self) -> list[Flowable]:
        """Totals beside the band table, then the legend: one block that never breaks over a page."""
        gap = 5 * mm
        left = (self.width - gap) * 0.54
        right = self.width - gap - left
        block = Table(
            [[self.totals(left), "", self.band_table(right)]],
            colWidths=[left, gap, right],
            style=_frame_style(self.fonts),
            hAlign="LEFT",
        )
        return [Spacer(1, 3 * mm), KeepTogether([block, *self.legend()])]

    def sheet_story(self) -> list[Flowable]:
        story = self.head(pick(self.lang, fr="Feuille d'armée", en="Army sheet"), share=True)
        story += self.detachments()
        story += self.summary()
        story += self.findings()
        code = self.share_code
        if code is not None and not code.in_head:
            story += [Spacer(1, 4 * mm), share_qr(code, self.lang, self.s.note, in_head=False)]
        return story

    @cached_property
    def share_code(self) -> ShareCode | None:
        return share_code(self.catalogue, self.army)

    def report_story(self, source: str | None, reading: Sequence[str] = ()) -> list[Flowable]:
        story = self.head(pick(self.lang, fr="Rapport de vérification", en="Check report"))
        if source:
            story.append(self.p(esc(pick(self.lang, fr=f"Fichier : {source}", en=f"File: {source}")), self.s.note))
        story += self.findings(pick(self.lang, fr="Constats de la vérification", en="Findings of the check"))
        if reading:
            story.append(Spacer(1, 3 * mm))
            story += self.heading(pick(self.lang, fr="Lecture du fichier", en="Reading the file"))
            story += [self.p(esc(line), self.s.body) for line in reading]
        story += self.detachments()
        story += self.summary()
        return story


def _carried_labels(unit: Unit, sheet: Datasheet | None, lang: str) -> list[str]:
    """What the unit carries beyond its kinds' defaults ("2× Lance-flammes"), then its upgrades (powers, relics…).

    One reading with the cards and the window (:func:`~ost.core.presenter.option_labels`): items an upgrade
    replaces are gone, matched items named by the catalogue in ``lang``.
    """
    return option_labels(unit, sheet, lang)


def _range(low: int | None, high: int | None) -> str:
    if high is None:
        return f"{low}+" if low else "–"
    return f"{low or 0}–{high}"


def _placeholder_values(unit: Unit, faction_keywords: Sequence[str]) -> list[str]:
    """The values the unit gives to the placeholder keywords its datasheet has (<CHAPITRE> → ULTRAMARINES)."""
    wanted = {keyword_key(k) for k in faction_keywords if is_placeholder(k)}
    return [v for k, v in unit.placeholders.items() if v.strip() and keyword_key(k) in wanted]


def _page_info(sheet: _Sheet, kind: str) -> _PageInfo:
    return _PageInfo(
        list_name=sheet.name,
        kind=kind,
        footer_left=sheet.footer_left(),
        legal=sheet.report.legal,
        lang=sheet.lang,
        fonts=sheet.fonts,
        trace=sheet.trace.line(sheet.lang),
    )


#: A module (one square) of the share code's QR code is never smaller than this: 5 dots at 300 dpi.
QR_MODULE = 0.4 * mm
#: The largest QR code the title block holds (it hangs beside the title block into the first detachment's
#: heading, and the block grows by what passes them: a long list's own names make its code larger, and a
#: few millimetres here cost less than the code's own block at the end of the sheet); a larger one prints
#: at the end of the sheet, up to QR_MAX.
QR_HEAD_MAX = 50 * mm
QR_MAX = 90 * mm
QR_MIN = 20 * mm
#: Under the code, its caption: 2.5 mm to the baseline, and the letters' descent.
QR_CAPTION = 3.2 * mm


@dataclass(frozen=True)
class ShareCode:
    """The list's share code as a QR matrix, and the side it prints at (modules of QR_MODULE at least)."""

    matrix: Any
    count: int

    @property
    def side(self) -> float:
        return float(max(QR_MIN, self.count * QR_MODULE))

    @property
    def in_head(self) -> bool:
        return bool(self.side <= QR_HEAD_MAX)


def share_code(catalogue: Catalogue, army: ArmyList) -> ShareCode | None:
    """The list's share code (:mod:`ost.core.sharecode`) as a QR matrix; None when too long for a readable one."""
    from reportlab.graphics.barcode.qr import QrCodeWidget

    from ost.core import sharecode

    code = sharecode.encode(army, catalogue)
    if len(code) > 2800:  # a version-40 QR code holds about 2,900 bytes
        return None
    widget = QrCodeWidget(code, barLevel="L")
    matrix = widget.qr
    try:
        # Only the matrix: the widget's drawing would build one shape per dark run. Small codes
        # get the mask that scans best; from version 11 on, trying the eight masks costs a third
        # of a second, and any mask is a valid code, so the first one is taken.
        if matrix.version is None:
            matrix.version = matrix.calculate_version()  # refuses what it cannot fit
        if matrix.version <= 10:
            matrix.make()
        else:
            matrix.makeImpl(False, 0)
    except Exception:
        return None
    found = ShareCode(matrix, matrix.getModuleCount())
    return found if found.side <= QR_MAX else None


def share_qr(code: ShareCode, lang: str, style: ParagraphStyle, *, in_head: bool, free: float = 0.0) -> Flowable:
    """The share code as a QR code for an organiser to scan, with its caption.

    ``in_head``: a flowable in the column the title block keeps free at its
    right (:data:`SHARE_CODE_ROOM`, or the code's side), drawn downwards from
    the top of that column; it hangs ``free`` into what follows (the first
    detachment's heading, :meth:`heading_room`), never into the first table.
    Otherwise a block of its own
    (a long list's code, too large for that column), at the end of the sheet.
    """
    side, count, matrix = code.side, code.count, code.matrix
    caption = pick(lang, fr="Code de partage (ost check)", en="Share code (ost check)")
    # In the head, the code and its caption take the column's height less ``free``, the room it may hang into.
    height = max(0.0, side + QR_CAPTION - free) if in_head else side + 4 * mm

    class _Qr(Flowable):  # type: ignore[misc]  # reportlab has no type hints
        def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
            self.available = available_width
            return available_width, height

        def draw(self) -> None:
            canvas = self.canv
            module = side / count
            left = self.available - side if in_head else 0
            top = height if in_head else side + 4 * mm
            canvas.setFillColor(colors.black)
            for row in range(count):
                col = 0
                while col < count:
                    if not matrix.isDark(row, col):
                        col += 1
                        continue
                    start = col
                    while col < count and matrix.isDark(row, col):
                        col += 1
                    y = top - (row + 1) * module
                    canvas.rect(left + start * module, y, (col - start) * module, module, stroke=0, fill=1)
            canvas.setFillColor(MUTED)
            canvas.setFont(style.fontName, 6)
            if in_head:
                canvas.drawRightString(self.available, top - side - 2.5 * mm, caption)
            else:
                canvas.drawString(left, top - side - 2.5 * mm, caption)

    return _Qr()


def army_sheet_pdf(
    catalogue: Catalogue,
    army: ArmyList,
    report: Report,
    *,
    lang: str = "fr",
    paper: Paper | str = Paper.A4,
    keyword_names: Mapping[str, str] | None = None,
) -> bytes:
    """The army sheet of ``army`` as PDF bytes, with ``report``'s verdict and findings.

    ``report`` is the caller's, made with the options its user chose (list prices, Legends);
    ``keyword_names`` (French keyword -> English, :func:`ost.services.keyword_names`) puts the
    keywords its findings name in English on an English sheet.
    """
    common.check_lang(lang)
    size = common.paper(paper)
    sheet = _Sheet(catalogue, army, report, lang, size, keyword_names)
    kind = pick(sheet.lang, fr="Feuille d'armée · Ost", en="Army sheet · Ost")
    return _render(sheet.sheet_story(), size, _page_info(sheet, kind), f"{sheet.name} — {kind}", sheet.trace)


def check_report_pdf(
    catalogue: Catalogue,
    army: ArmyList,
    report: Report,
    *,
    lang: str = "fr",
    paper: Paper | str = Paper.A4,
    source: str | None = None,
    reading: Sequence[str] = (),
    keyword_names: Mapping[str, str] | None = None,
) -> bytes:
    """A check report for an opponent's list: the verdict, the findings, then the sheet.

    ``source`` (the file the list came from) is printed under the title when given;
    ``reading`` (lines saying how a roster or pasted list was read: unknown units,
    lines not understood, pairings assumed) follows the findings.
    """
    common.check_lang(lang)
    size = common.paper(paper)
    sheet = _Sheet(catalogue, army, report, lang, size, keyword_names)
    kind = pick(sheet.lang, fr="Rapport de vérification · Ost", en="Check report · Ost")
    story = sheet.report_story(source, reading)
    return _render(story, size, _page_info(sheet, kind), f"{sheet.name} — {kind}", sheet.trace)


def write_pdf(data: bytes, path: Path | str) -> None:
    """Write PDF bytes atomically (a crash leaves the previous file whole)."""
    atomic_write(Path(path), data)
