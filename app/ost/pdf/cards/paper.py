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
    """Where the cards sit on a page: a grid of cards, and a row of cards turned a quarter below it.

    The grid is ``cols`` × ``rows`` upright cards touching each other; under it,
    ``extra`` cards turned a quarter (A6 on Letter: 2 upright and 1 turned). The whole
    block is centred on the page; ``x0``, ``y0`` is the grid's bottom-left corner.
    """

    page: tuple[float, float]
    card: tuple[float, float]
    cols: int
    rows: int
    x0: float
    y0: float
    #: Cards turned a quarter below the grid, and the bottom-left corner of the first.
    extra: int = 0
    extra_x: float = 0.0
    extra_y: float = 0.0

    @property
    def per_page(self) -> int:
        return self.cols * self.rows + self.extra

    def turned(self, slot: int) -> bool:
        """Whether the card in ``slot`` is turned a quarter (its text reads upwards)."""
        return slot >= self.cols * self.rows

    def origin(self, slot: int) -> tuple[float, float]:
        """Bottom-left corner of the card in ``slot`` on the page (left to right, top to bottom)."""
        w, h = self.card
        if self.turned(slot):
            return self.extra_x + (slot - self.cols * self.rows) * h, self.extra_y
        col, row = slot % self.cols, slot // self.cols
        return self.x0 + col * w, self.y0 + (self.rows - 1 - row) * h

    def rect(self, slot: int) -> tuple[float, float, float, float]:
        """x, y, width and height of the card in ``slot``, on the page."""
        x, y = self.origin(slot)
        w, h = self.card
        return (x, y, h, w) if self.turned(slot) else (x, y, w, h)


def page_geometry(paper: Paper, size: CardSize) -> PageGeometry:
    """As many cards as fit on the page: 9 poker cards on A4 or Letter, 4 A6 on A4, 3 on Letter.

    Upright cards make a grid; where the paper left under it holds cards turned
    a quarter, a row of them goes there (A6 on Letter: 2 + 1, not 2).
    """
    page_w, page_h = paper.size
    w, h = size.dimensions
    cols = max(1, math.floor(page_w / w + 1e-6))
    rows = max(1, math.floor(page_h / h + 1e-6))
    extra = 0
    if page_h - rows * h >= w - 1e-6:
        extra = math.floor(page_w / h + 1e-6)
    block_h = rows * h + (w if extra else 0)
    bottom = (page_h - block_h) / 2
    return PageGeometry(
        (page_w, page_h),
        (w, h),
        cols,
        rows,
        (page_w - cols * w) / 2,
        bottom + (w if extra else 0),
        extra=extra,
        extra_x=(page_w - extra * h) / 2,
        extra_y=bottom,
    )


def card_size(value: CardSize | str) -> CardSize:
    """Read a card size name ("poker", "a6"); raises ValueError naming the accepted ones."""
    try:
        return CardSize(str(value).lower())
    except ValueError:
        raise ValueError(f"unknown card size {value!r} (accepted: poker, a6)") from None
