"""The fonts of Ost's PDFs: DejaVu, shipped in ``resources/fonts`` and embedded in every PDF.

reportlab's built-in fonts only know Latin-1 and are not embedded; DejaVu
prints every French accent, ligatures (œ), typographic quotes and the symbols
the sheets use (★ × ÷ ≤ ≥ ✓ ✗). reportlab embeds a subset of each TrueType
font it draws with, so the PDF prints the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from ost.core.resources import resource

#: Names under which the fonts are registered with reportlab.
SANS = "OstSans"
SANS_BOLD = "OstSans-Bold"
CONDENSED = "OstSansCond"
CONDENSED_BOLD = "OstSansCond-Bold"
CONDENSED_ITALIC = "OstSansCond-Oblique"

_FILES = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    CONDENSED: "DejaVuSansCondensed.ttf",
    CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
    CONDENSED_ITALIC: "DejaVuSansCondensed-Oblique.ttf",
}


class FontError(RuntimeError):
    """A shipped font file is missing or unreadable (a broken installation)."""


@dataclass(frozen=True)
class Fonts:
    """The registered font names, by use."""

    regular: str = SANS
    bold: str = SANS_BOLD
    condensed: str = CONDENSED
    condensed_bold: str = CONDENSED_BOLD
    condensed_italic: str = CONDENSED_ITALIC


def register_fonts() -> Fonts:
    """Register the shipped fonts with reportlab (once per process; later calls are free).

    reportlab keeps registered fonts in its own process-wide table; this
    function only fills it. Raises :class:`FontError` naming the file when a
    font cannot be read.
    """
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, file_name in _FILES.items():
        if name in registered:
            continue
        path = resource("fonts", file_name)
        try:
            pdfmetrics.registerFont(TTFont(name, str(path)))
        except (OSError, TTFError) as exc:
            raise FontError(f"{path}: cannot load the font ({exc})") from None
    # <b> and <i> inside paragraphs pick the right face.
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, CONDENSED_ITALIC)
    addMapping(SANS, 1, 1, SANS_BOLD)
    addMapping(CONDENSED, 0, 0, CONDENSED)
    addMapping(CONDENSED, 1, 0, CONDENSED_BOLD)
    addMapping(CONDENSED, 0, 1, CONDENSED_ITALIC)
    addMapping(CONDENSED, 1, 1, CONDENSED_BOLD)
    return Fonts()
