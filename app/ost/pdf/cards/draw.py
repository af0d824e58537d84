"""Drawing cards with reportlab: the title band, the body, the footer, the outlines and cut marks."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ost.core.i18n import Bilingual, pick
from ost.pdf import common
from ost.pdf.cards.fit import FOOTER, FOOTER_LINE, FOOTER_SIZE, PlacedCard, title_height
from ost.pdf.cards.paper import CUT_MARK, PRINTABLE_EDGE, PageGeometry, page_geometry
from ost.pdf.cards.styles import ACCENTS
from ost.pdf.common import INK, MUTED, CardSize, Paper
from ost.pdf.fonts import Fonts

_CONTINUED = Bilingual(fr=" (suite)", en=" (cont.)")
_LEGAL = Bilingual(fr="réglementaire", en="legal")
_NOT_LEGAL = Bilingual(fr="NON RÉGLEMENTAIRE", en="NOT LEGAL")


@dataclass(frozen=True)
class Stamp:
    """What every card of a list says at its foot, so that two players' cards never mix."""

    list_name: str
    legal: bool | None


def _draw_card(
    canvas: Canvas, placed: PlacedCard, x: float, y: float, size: CardSize, lang: str, fonts: Fonts, stamp: Stamp
) -> None:
    w, h = size.dimensions
    pad = size.padding
    inner = w - 2 * pad
    accent = ACCENTS[placed.spec.kind]
    # Title band.
    band_h = title_height(placed)
    top = y + h - pad
    canvas.setFillColor(accent)
    canvas.roundRect(x + pad, top - band_h, inner, band_h, 1.2 * mm, stroke=0, fill=1)
    canvas.setFillColor(colors.white)
    canvas.setFont(fonts.condensed_bold, placed.title_size)
    line_h = placed.title_size * 1.12
    text_y = top - 1.1 * mm - placed.title_size * 0.9
    for line in placed.title_lines:
        canvas.drawString(x + pad + 1 * mm, text_y, line)
        text_y -= line_h
    # Body.
    cursor = top - band_h - 1.2 * mm
    bottom = y + pad + placed.footer
    for index, flowable in enumerate(placed.flowables):
        if index:
            cursor -= flowable.getSpaceBefore()
        known = placed.heights[index] if index < len(placed.heights) else None
        if known is None:
            flowable.canv = canvas  # some flowables (KeepInFrame) measure with the canvas, as in a frame
            known = flowable.wrap(inner, cursor - bottom)[1]
        fh = known
        flowable.drawOn(canvas, x + pad, cursor - fh)
        cursor -= fh + flowable.getSpaceAfter()
    # Footer: the list's name and verdict on the left, the part of a card that goes on ("1/2") on the right.
    # (The kind of card is told by the colour of its title band.)
    foot_y = y + pad + 0.4 * mm
    kind = ""
    if placed.parts > 1:
        kind = f"{placed.part}/{placed.parts}"
        if placed.part > 1:
            kind += _CONTINUED(lang)
    points, lines, verdict = footer_lines(stamp, size, fonts, lang, parted=placed.parts > 1)
    canvas.setFillColor(MUTED)
    canvas.setFont(fonts.condensed, points)
    canvas.drawRightString(x + w - pad, foot_y, kind)
    font = fonts.condensed_bold
    canvas.setFont(font, points)
    for index, line in enumerate(lines):
        line_y = foot_y + (len(lines) - 1 - index) * points * 1.15
        canvas.setFillColor(INK)
        canvas.drawString(x + pad, line_y, line)
        if verdict and index == len(lines) - 1:
            canvas.setFillColor(common.ILLEGAL if stamp.legal is False else common.LEGAL)
            canvas.drawString(x + pad + stringWidth(line, font, points), line_y, verdict)


#: The most lines a list's name takes in a card's footer.
FOOTER_LINES = 4
#: The widest part label a footer keeps room for ("12/12 (suite)").
_PART_ROOM = "12/12 (suite)"


def footer_lines(
    stamp: Stamp, size: CardSize, fonts: Fonts, lang: str, *, parted: bool = True
) -> tuple[float, list[str], str]:
    """Type size, lines of the list's name and the verdict (" · legal") of a card's footer.

    The name prints whole: in smaller type (6 pt at least), else on up to four lines
    (the card then keeps more room for its footer); the verdict follows the last line.
    Only a ``parted`` card (one of several of a unit) keeps room for its part label
    ("2/2 (suite)"): a whole card gives its name the footer's full width, so a name that
    needs the width of the label does not take a second line from every card's body.
    """
    w = size.dimensions[0]
    inner = w - 2 * size.padding
    font = fonts.condensed_bold
    verdict = ""
    if stamp.legal is not None:
        verdict = " · " + (_LEGAL if stamp.legal else _NOT_LEGAL)(lang)
    top = FOOTER_SIZE[size]
    room = inner - (stringWidth(_PART_ROOM, fonts.condensed, top) + 1.5 * mm if parted else 0.0)
    points, lines = common.fitted_lines(stamp.list_name + verdict, font, top, room)
    if len(lines) == 1:
        return points, [stamp.list_name], verdict
    # More lines: the name breaks where it must, over the card's whole width but for the last
    # line, which keeps room for the part label; the verdict ends it (or takes a line of its own).
    lines = common.fitted_lines(stamp.list_name, font, points, inner, max_lines=FOOTER_LINES)[1]
    if stringWidth(lines[-1] + verdict, font, points) > room:
        if len(lines) < FOOTER_LINES and stringWidth(lines[-1], font, points) <= inner:
            lines.append("")
            verdict = verdict.removeprefix(" · ")
        else:
            lines[-1] = common.clip(lines[-1], font, points, room - stringWidth(verdict, font, points))
    return points, lines, verdict


def footer_room(stamp: Stamp, size: CardSize, fonts: Fonts, lang: str, *, parted: bool = True) -> float:
    """The room a card keeps at its bottom for the footer of ``stamp`` (see :func:`footer_lines`)."""
    return float(FOOTER + (len(footer_lines(stamp, size, fonts, lang, parted=parted)[1]) - 1) * FOOTER_LINE)


def _draw_guides(canvas: Canvas, geo: PageGeometry, used: int) -> None:
    """Thin outlines of the ``used`` cards, and cut marks in the margins where there is room for them."""
    w, h = geo.card
    page_w, page_h = geo.page
    canvas.saveState()
    canvas.setStrokeColor(colors.HexColor("#c8c8c8"))
    canvas.setLineWidth(0.25)
    for slot in range(min(used, geo.per_page)):
        canvas.rect(*geo.rect(slot), stroke=1, fill=0)
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(0.4)
    gap = 1 * mm
    # Marks run from just outside the grid towards the paper's edge, and stop
    # PRINTABLE_EDGE short of it; where that leaves less than 2 mm, none is drawn
    # (the card outlines still show the cut).
    # Under the grid, turned cards (if any) take the place of the marks: their outlines show the cut.
    bottom = geo.extra_y if geo.extra else geo.y0
    x_len = min(CUT_MARK, bottom - gap - PRINTABLE_EDGE)
    if x_len >= 2 * mm:
        top = geo.y0 + geo.rows * h
        for col in range(geo.cols + 1):
            x = geo.x0 + col * w
            if PRINTABLE_EDGE <= x <= page_w - PRINTABLE_EDGE:  # a cut on the paper's own edge needs no mark
                if not geo.extra:
                    canvas.line(x, geo.y0 - gap - x_len, x, geo.y0 - gap)
                canvas.line(x, top + gap, x, top + gap + x_len)
    y_len = min(CUT_MARK, geo.x0 - gap - PRINTABLE_EDGE)
    if y_len >= 2 * mm:
        right = geo.x0 + geo.cols * w
        for row in range(geo.rows + 1):
            y = geo.y0 + row * h
            if PRINTABLE_EDGE <= y <= page_h - PRINTABLE_EDGE:
                canvas.line(geo.x0 - gap - y_len, y, geo.x0 - gap, y)
                canvas.line(right + gap, y, right + gap + y_len, y)
    canvas.restoreState()


def render_cards(
    placed: Sequence[PlacedCard],
    paper: Paper,
    size: CardSize,
    lang: str,
    fonts: Fonts,
    title: str,
    stamp: Stamp | None = None,
    trace: common.Trace | None = None,
) -> bytes:
    geo = page_geometry(paper, size)
    stamp = stamp or Stamp(title, None)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=geo.page, initialFontName=fonts.condensed, lang=lang)
    canvas.setTitle(title)
    canvas.setAuthor("Ost")
    canvas.setCreator("Ost")
    if trace is not None:
        canvas.setSubject(trace.subject(lang))
        canvas.setKeywords(trace.keywords(lang))
    if not placed:
        canvas.setFont(fonts.regular, 11)
        canvas.drawString(20 * mm, geo.page[1] - 25 * mm, pick(lang, fr="Aucune carte.", en="No card."))
        canvas.showPage()
    for start in range(0, len(placed), geo.per_page):
        _draw_guides(canvas, geo, len(placed) - start)
        for slot, card in enumerate(placed[start : start + geo.per_page]):
            x, y = geo.origin(slot)
            if geo.turned(slot):
                # Turned a quarter: drawn upright at the origin of a rotated frame.
                canvas.saveState()
                canvas.translate(x + geo.card[1], y)
                canvas.rotate(90)
                _draw_card(canvas, card, 0, 0, size, lang, fonts, stamp)
                canvas.restoreState()
            else:
                _draw_card(canvas, card, x, y, size, lang, fonts, stamp)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
