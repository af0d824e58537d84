"""Reading Ost's PDFs back for the tests: texts, text positions and widths, fonts."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st
from pypdf import PdfReader
from pypdf.generic import DictionaryObject
from reportlab.pdfbase.pdfmetrics import stringWidth

from ost.pdf import fonts

#: File stem of each shipped font -> the name Ost registers it under.
_BY_STEM = {file_name.removesuffix(".ttf"): name for name, file_name in fonts._FILES.items()}
NBSP = "\u00a0"


def reader(data: bytes) -> PdfReader:
    assert data.startswith(b"%PDF-"), data[:20]
    return PdfReader(io.BytesIO(data))


def squash(text: str) -> str:
    """``text`` without any white space, to compare texts across line breaks."""
    return "".join(text.replace(NBSP, " ").split())


def page_texts(pdf: PdfReader) -> list[str]:
    return [(page.extract_text() or "").replace(NBSP, " ") for page in pdf.pages]


@dataclass(frozen=True)
class Run:
    """One line (or piece of line) of text as drawn: where it starts and how wide it is."""

    text: str
    x: float
    y: float
    width: float
    size: float
    font: str
    page: int
    #: The direction the text runs in (1, 0 for upright text; 0, 1 for a card turned a quarter).
    dx: float = 1.0
    dy: float = 0.0


def text_runs(pdf: PdfReader) -> list[Run]:
    """Every piece of text with its position and width, in page coordinates.

    pypdf reports each ``Tj`` with the text matrix of its line's start, so the
    pieces of one line (a bold word, then plain text) are joined and their
    widths added; widths come from the same fonts reportlab drew with.
    """
    runs: list[Run] = []
    for number, page in enumerate(pdf.pages):
        pending: list[tuple[str, tuple[float, ...], tuple[float, ...], str, float]] = []
        page.extract_text(visitor_text=_collector(pending))
        groups: list[list[tuple[str, tuple[float, ...], tuple[float, ...], str, float]]] = []
        for item in pending:
            if groups and groups[-1][0][1:3] == item[1:3]:
                groups[-1].append(item)
            else:
                groups.append([item])
        for group in groups:
            text = "".join(g[0] for g in group).replace("\n", "")
            if not text.strip():
                continue
            _, cm, tm, base, size = group[0]
            # The text's own x axis on the page: scale and direction (a turned card's text runs upwards).
            a = tm[0] * cm[0] + tm[1] * cm[2]
            b = tm[0] * cm[1] + tm[1] * cm[3]
            scale = math.hypot(a, b)
            width = sum(_width(g[0].replace("\n", ""), g[3], g[4]) for g in group) * scale
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            runs.append(Run(text, x, y, width, size * scale, base, number, a / scale, b / scale))
    return runs


def _collector(pending: list[Any]) -> Any:
    def visit(text: str, cm: Any, tm: Any, font: DictionaryObject | None, size: float) -> None:
        base = str(font.get("/BaseFont", "")) if font is not None else ""
        if not base and not text.strip():
            return  # a space pypdf adds between operations, not drawn text
        pending.append((text, tuple(cm), tuple(tm), base, float(size)))

    return visit


def _width(text: str, base_font: str, size: float) -> float:
    stem = base_font.lstrip("/").split("+", 1)[-1]
    name = _BY_STEM.get(stem)
    assert name is not None, f"text drawn with a font Ost does not ship: {base_font}"
    return float(stringWidth(text, name, size))


def fonts_used(pdf: PdfReader) -> dict[str, bool]:
    """Every font the pages use -> whether its program is embedded in the file."""
    found: dict[str, bool] = {}
    for page in pdf.pages:
        resources = page.get("/Resources")
        if resources is None:
            continue
        font_dict = resources.get_object().get("/Font")
        if font_dict is None:
            continue
        for ref in font_dict.get_object().values():
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            embedded = False
            if descriptor is not None:
                descriptor = descriptor.get_object()
                embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font.get("/BaseFont"))] = embedded
    return found


def outside(runs: list[Run], box: tuple[float, float, float, float], tolerance: float = 0.6) -> list[Run]:
    """Runs not wholly inside ``box`` (x, y, width, height); the baseline must sit inside too."""
    x0, y0, w, h = box

    def corners(r: Run) -> list[tuple[float, float]]:
        # Along the baseline by its width, and up (a quarter turn left of it) by the letters' height.
        up_x, up_y = -r.dy * r.size * 0.8, r.dx * r.size * 0.8
        end_x, end_y = r.x + r.dx * r.width, r.y + r.dy * r.width
        return [(r.x, r.y), (end_x, end_y), (r.x + up_x, r.y + up_y), (end_x + up_x, end_y + up_y)]

    return [
        r
        for r in runs
        if any(
            x < x0 - tolerance or x > x0 + w + tolerance or y < y0 - tolerance or y > y0 + h + tolerance
            for x, y in corners(r)
        )
    ]


def printed_words(*, long_word_repeats: int, max_words: int) -> st.SearchStrategy[str]:
    """Text a player might type, accents and markup characters included, with a word too long to fit."""
    return (
        st.lists(
            st.one_of(
                st.text(
                    alphabet=list("abcdefghijklmnopqrstuvwxyz ÉéèêàçôœÆ'«»&<>;:-/0123456789"), min_size=1, max_size=12
                ),
                st.just("Supercalifragilistiqueexpialidocieusement" * long_word_repeats),
            ),
            min_size=1,
            max_size=max_words,
        )
        .map(" ".join)
        .filter(lambda s: s.strip())
    )


def line_segments(pdf: PdfReader) -> list[tuple[int, float, float, float, float]]:
    """Every straight line drawn (``m`` then ``l``), as (page, x0, y0, x1, y1) in page coordinates.

    Follows ``cm`` and ``q``/``Q``, which is all Ost's pages use.
    """
    from pypdf.generic import ContentStream

    found: list[tuple[int, float, float, float, float]] = []
    for number, page in enumerate(pdf.pages):
        content = ContentStream(page.get_contents(), pdf)
        matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        stack: list[tuple[float, ...]] = []
        start: tuple[float, float] | None = None

        def apply(x: float, y: float, m: tuple[float, ...]) -> tuple[float, float]:
            return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]

        for operands, operator in content.operations:
            if operator == b"q":
                stack.append(matrix)
            elif operator == b"Q":
                matrix = stack.pop() if stack else matrix
            elif operator == b"cm":
                a, b, c, d, e, f = (float(v) for v in operands)
                m = matrix
                matrix = (
                    a * m[0] + b * m[2],
                    a * m[1] + b * m[3],
                    c * m[0] + d * m[2],
                    c * m[1] + d * m[3],
                    e * m[0] + f * m[2] + m[4],
                    e * m[1] + f * m[3] + m[5],
                )
            elif operator == b"m":
                start = apply(float(operands[0]), float(operands[1]), matrix)
            elif operator == b"l" and start is not None:
                end = apply(float(operands[0]), float(operands[1]), matrix)
                found.append((number, *start, *end))
                start = end
    return found
