"""Where cards sit on paper: the grid of cards on a page, and the printable area."""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.units import mm

from ost.pdf.common import CardSize, Paper

CUT_MARK = 5 * mm
#: Printers leave up to a quarter of an inch unprinted at every edge: cut marks stay inside.
PRINTABLE_EDGE = 18.5


@dataclass(frozen=True)
class PageGeometry:
    """Where the cards sit on a page: a grid of ``cols`` × ``rows`` cards, centred, touching each other."""

    page: tuple[float, float]
    card: tuple[float, float]
    cols: int
    rows: int
    x0: float
    y0: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def origin(self, slot: int) -> tuple[float, float]:
        """Bottom-left corner of the card in ``slot`` (left to right, top to bottom)."""
        col, row = slot % self.cols, slot // self.cols
        w, h = self.card
        return self.x0 + col * w, self.y0 + (self.rows - 1 - row) * h

    def rect(self, slot: int) -> tuple[float, float, float, float]:
        """x, y, width and height of the card in ``slot``."""
        x, y = self.origin(slot)
        return x, y, self.card[0], self.card[1]


def page_geometry(paper: Paper, size: CardSize) -> PageGeometry:
    """As many cards as fit on the page (9 poker cards on A4 or Letter, 4 A6 on A4, 2 on Letter)."""
    page_w, page_h = paper.size
    w, h = size.dimensions
    cols = max(1, math.floor(page_w / w + 1e-6))
    rows = max(1, math.floor(page_h / h + 1e-6))
    return PageGeometry((page_w, page_h), (w, h), cols, rows, (page_w - cols * w) / 2, (page_h - rows * h) / 2)


def card_size(value: CardSize | str) -> CardSize:
    """Read a card size name ("poker", "a6"); raises ValueError naming the accepted ones."""
    try:
        return CardSize(str(value).lower())
    except ValueError:
        raise ValueError(f"unknown card size {value!r} (accepted: poker, a6)") from None
