"""How a card's content is laid onto card-sized frames.

Every spec is set in the largest type that fits one card; a card whose
content is too long is first set in smaller type, down to a floor that stays
readable, then continues on a second card ("suite" / "cont."). A single block
taller than a whole card is shrunk to fit. Two short ability or rule cards in
a row share one card.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepInFrame, Paragraph, Table, TableStyle

from ost.pdf import common
from ost.pdf.cards.content import CardSpec
from ost.pdf.cards.styles import ACCENTS, CardKind
from ost.pdf.common import CardSize, esc
from ost.pdf.fonts import Fonts

#: Body text sizes of a card: the smallest Ost prints (a card whose text does not
#: fit at that size continues on another card), and the largest a short text grows to.
BODY_MIN = {CardSize.POKER: 7.5, CardSize.A6: 9.0}
BODY_MAX = {CardSize.POKER: 12.5, CardSize.A6: 16.0}
#: A card that does not fit at BODY_MIN tries once more with its secondary text this much smaller.
COMPACT = 0.94
#: Type sizes step by this much while a card is fitted.
STEP = 0.25
#: Space kept at the bottom of a card for its footer line, and the footer's type size.
FOOTER = 3.8 * mm
FOOTER_SIZE = {CardSize.POKER: 6.0, CardSize.A6: 7.0}
#: The footer's second line, for a list name too long for one (at 6 pt).
FOOTER_LINE = 6.0 * 1.15
#: No title is printed smaller than this.
TITLE_MIN = 6.5
#: A card that continues another holds at least this many lines of its unit: never one word or two lines.
MIN_LINES = 3

#: A body laid out: type size, whether tight, the flowables and their heights.
Fitted = tuple[float, int, list[Flowable], list[float | None]]


@dataclass
class PlacedCard:
    """One physical card: a spec's body (or part of it) ready to draw."""

    spec: CardSpec
    flowables: list[Flowable]
    part: int = 1
    parts: int = 1
    title_size: float = 9.0
    title_lines: list[str] = field(default_factory=list)
    #: Height of each flowable, when it was last wrapped at the card's width (drawing then skips wrapping).
    heights: list[float | None] = field(default_factory=list)
    #: The type size the body was built at, and the height the body had to fill.
    size: float = 0.0
    room: float = 0.0
    #: How close the body's lines were set (see :func:`~ost.pdf.cards.styles.card_styles`).
    tight: int = 0
    #: Room kept at the bottom for the footer (taller when the list's name takes two lines).
    footer: float = FOOTER


def stack_height(flowables: Sequence[Flowable], width: float, height: float) -> tuple[float, list[float | None]]:
    """Total height of ``flowables`` one above the other, and the height of each."""
    total = 0.0
    heights: list[float | None] = []
    for index, flowable in enumerate(flowables):
        if index:
            total += flowable.getSpaceBefore()
        if isinstance(flowable, KeepInFrame):  # shrunk to its frame when drawn (wrapping it needs a canvas)
            h = float(min(flowable.maxHeight, height))
        else:
            _, h = flowable.wrap(width, height)
        heights.append(h)
        total += h
        if index < len(flowables) - 1:
            total += flowable.getSpaceAfter()
    return total, heights


def _split(
    flowables: list[Flowable], width: float, height: float, limits: Sequence[float] = ()
) -> list[tuple[list[Flowable], list[float | None]]]:
    """Share ``flowables`` out over as many card bodies of ``width`` × ``height`` as needed.

    Each card body comes with the heights its flowables were last wrapped to.
    ``limits`` holds less room for the first cards (to carry more to the last one).
    """
    pages: list[tuple[list[Flowable], list[float | None]]] = []
    current: list[Flowable] = []
    heights: list[float | None] = []

    def room_of(card: int) -> float:
        return min(height, limits[card]) if card < len(limits) else height

    room = room_of(0)
    queue = deque(flowables)
    while queue:
        flowable = queue.popleft()
        before = flowable.getSpaceBefore() if current else 0.0
        _, h = flowable.wrap(width, room - before)
        if h + before <= room:
            current.append(flowable)
            heights.append(h)
            room -= h + before + flowable.getSpaceAfter()
            continue
        parts = flowable.split(width, room - before) if room - before > 0 else []
        if len(parts) > 1:
            _, first = parts[0].wrap(width, room - before)
            if first + before <= room:
                pages.append(([*current, parts[0]], [*heights, first]))
                current, heights, room = [], [], room_of(len(pages))
                queue.extendleft(reversed(parts[1:]))
                continue
        if current:
            pages.append((current, heights))
            current, heights, room = [], [], room_of(len(pages))
            queue.appendleft(flowable)
            continue
        if h <= height:  # alone on a card given less room (see ``limits``), and it fits the card: keep it whole
            pages.append(([flowable], [h]))
            current, heights, room = [], [], room_of(len(pages))
            continue
        # Alone on an empty card and still too tall, and it cannot be split: shrink it.
        pages.append(([KeepInFrame(width, height, [flowable], mode="shrink")], [None]))
        current, heights, room = [], [], room_of(len(pages))
    if current:
        pages.append((current, heights))
    return pages


def _used(piece: Sequence[Flowable], heights: Sequence[float | None], width: float, height: float) -> float:
    """The height a card body's flowables take, spaces between them included."""
    if any(h is None for h in heights):
        return stack_height(piece, width, height)[0]
    spaces = sum(f.getSpaceBefore() for f in piece[1:]) + sum(f.getSpaceAfter() for f in piece[:-1])
    return float(sum(h for h in heights if h is not None) + spaces)


def _balanced_split(
    spec: CardSpec, points: float, width: float, height: float
) -> list[tuple[list[Flowable], list[float | None]]]:
    """``spec`` set tight at ``points`` over as many cards as needed, the last holding at least :data:`MIN_LINES`.

    When the last card would hold a line or two, the card before it keeps one
    line less at a time, until the last holds enough (or the one before would
    be left half empty).
    """
    pieces = _split(spec.build(points, 2), width, height)
    line = points * 1.05
    limits: list[float] = []
    while len(pieces) > 1:
        last, last_heights = pieces[-1]
        if _used(last, last_heights, width, height) >= MIN_LINES * line - 0.5:
            break
        before, before_heights = pieces[-2]
        used = _used(before, before_heights, width, height)
        if limits and used - line >= limits[-1]:
            break  # the card before gave nothing up (a block that cannot split): keep what there is
        limits = [height] * (len(pieces) - 2) + [used - line]
        if limits[-1] < height * 0.5:
            break
        again = _split(spec.build(points, 2), width, height, limits)
        if len(again) != len(pieces):
            break
        pieces = again
    return pieces


def _wrap_line(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width``: at spaces, and inside words too long for a line."""
    from reportlab.lib.utils import simpleSplit

    lines: list[str] = []
    for line in simpleSplit(text, font, size, width):
        while stringWidth(line, font, size) > width and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and stringWidth(line[:cut], font, size) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return lines


def _title_layout(title: str, width: float, fonts: Fonts, size: CardSize) -> tuple[float, list[str]]:
    """Type size and lines of a card title: one line if it fits at 74 % of the full size, else up to three."""
    top = 9.5 if size is CardSize.POKER else 12.5
    floor = top * 0.74
    font = fonts.condensed_bold
    points = top
    while points >= floor:
        if stringWidth(title, font, points) <= width:
            return points, [title]
        points -= 0.5
    points = floor
    while True:
        lines = _wrap_line(title, font, points, width)
        if len(lines) <= 3 or points <= TITLE_MIN:
            break
        points -= 0.5
    if len(lines) > 3:  # absurdly long: keep three lines and say it goes on
        lines = lines[:3]
        while lines[-1] and stringWidth(lines[-1] + "…", font, points) > width:
            lines[-1] = lines[-1][:-1]
        lines[-1] += "…"
    return points, lines


def title_height(placed: PlacedCard) -> float:
    return float(len(placed.title_lines) * placed.title_size * 1.12 + 2.2 * mm)


def _fit(spec: CardSpec, size: CardSize, width: float, body: float) -> Fitted | None:
    """The largest body size (in steps of :data:`STEP`) at which ``spec`` fits one card, with its flowables.

    None when it does not fit even at :data:`BODY_MIN` set tight. Text height grows
    between linearly (table rows) and as the square (wrapped paragraphs) of the
    type size: the first guess takes the middle (power 1.5), a miss falls back
    to the square root, which always fits. A card is built two or three times.
    """
    low, high = BODY_MIN[size], BODY_MAX[size]

    def attempt(points: float, tight: int = 0) -> Fitted | None:
        flowables = spec.build(points, tight)
        total, heights = stack_height(flowables, width, body)
        if not tight:
            measured[points] = total
        return (points, tight, flowables, heights) if total <= body else None

    def step(points: float) -> float:
        return float(min(high, math.floor(points / STEP + 1e-9) * STEP))

    measured: dict[float, float] = {}
    best = attempt(low)
    if best is None:
        # Almost fits: closer lines, then smaller spaces and paddings; the type itself stays.
        # Last, the closest setting, before a continuation card (that would often hold only the keywords).
        return (
            attempt(low, tight=1)
            or attempt(low * COMPACT, tight=1)
            or attempt(low * COMPACT, tight=2)
            or attempt(low * COMPACT, tight=3)
            or attempt(low * COMPACT, tight=4)
        )
    room = body / max(measured[low], 1.0)
    if room < 1.08:
        return best
    bold = step(low * room ** (1 / 1.5))
    if bold <= low:
        return best
    fitted = attempt(bold)
    if fitted is None:
        safe = step(low * room**0.5)
        if not low < safe < bold:
            return best
        fitted = attempt(safe)
        if fitted is None:  # tables that wrap more in larger type: one step halfway
            half = step((low + safe) / 2)
            return (attempt(half) if low < half < safe else None) or best
        return fitted
    left = body / max(measured[bold], 1.0)
    if left < 1.12 or bold >= high:
        return fitted
    more = step(bold * left**0.5)
    return (attempt(more) if more > bold else None) or fitted


#: Layouts of cards that read the same for every list (core rules), by their ``reuse`` key and card size.
#: Flowables are drawn again as they are: the GUI exports the same rule cards for every list.
_REUSED: dict[tuple[object, ...], PlacedCard] = {}
_REUSED_MAX = 256
#: Heights at the smallest type of cards that read the same for every list, to tell short ones.
_HEIGHTS: dict[tuple[object, ...], float] = {}


#: Two short cards share one when both together take at most this much of a card at the smallest type.
PACK_SHARE = 0.9


def _heading_bar(title: str, kind: CardKind, size: float, fonts: Fonts, width: float) -> Flowable:
    """The title of the second card sharing a card: a band like the card's own, inside the body."""
    style = ParagraphStyle(
        f"bar-{size}", fontName=fonts.condensed_bold, fontSize=size * 1.05, leading=size * 1.25, textColor=colors.white
    )
    bar = Table(
        [[Paragraph(esc(common.typo(title)), style)]],
        colWidths=[width],
        style=TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), ACCENTS[kind]),
                ("FONTNAME", (0, 0), (-1, -1), fonts.condensed_bold),
                ("LEFTPADDING", (0, 0), (-1, -1), 1 * mm),
                ("TOPPADDING", (0, 0), (-1, -1), 0.6 * mm),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.9 * mm),
            ]
        ),
    )
    bar.spaceBefore = size * 0.6
    bar.spaceAfter = size * 0.4
    return bar


def _pair(first: CardSpec, second: CardSpec, fonts: Fonts, width: float) -> CardSpec:
    """One card holding two short ones: the first's title in the band, the second's as a bar in the body."""

    def build(size: float, tight: int = 0) -> list[Flowable]:
        bar = _heading_bar(second.title, second.kind, size, fonts, width)
        return [*first.build(size, tight), bar, *second.build(size, tight)]

    reuse = (*first.reuse, *second.reuse) if first.reuse is not None and second.reuse is not None else None
    return CardSpec(first.kind, first.title, build, key=f"{first.key}+{second.key}", reuse=reuse)


def _packed(specs: Sequence[CardSpec], size: CardSize, fonts: Fonts, width: float, body: float) -> list[CardSpec]:
    """``specs`` with each run of two short cards of one kind made into one card (abilities, core rules)."""
    out: list[CardSpec] = []
    index = 0
    heights: dict[int, float] = {}

    def height(at: int) -> float:
        spec = specs[at]
        memo = (*spec.reuse, size, "height") if spec.reuse is not None else None
        if memo is not None and memo in _HEIGHTS:
            return _HEIGHTS[memo]
        if at not in heights:
            heights[at] = stack_height(spec.build(BODY_MIN[size]), width, body)[0]
            if memo is not None:
                _HEIGHTS[memo] = heights[at]
        return heights[at]

    while index < len(specs):
        spec = specs[index]
        after = specs[index + 1] if index + 1 < len(specs) else None
        if (
            after is not None
            and spec.pack
            and after.pack
            and spec.kind is after.kind
            and height(index) + height(index + 1) + 3 * BODY_MIN[size] <= body * PACK_SHARE
        ):
            out.append(_pair(spec, after, fonts, width))
            index += 2
            continue
        out.append(spec)
        index += 1
    return out


def layout_cards(
    specs: Sequence[CardSpec], size: CardSize, fonts: Fonts, footer: float = FOOTER, parted_footer: float | None = None
) -> list[PlacedCard]:
    """Fit every spec on one card in the largest type that fits, or continue it on more cards at the smallest.

    Two short ability or rule cards in a row share one card. ``footer`` is the room a
    whole card keeps for its footer, ``parted_footer`` (``footer`` when not given) the
    room a card carried over keeps: its footer also holds the part label ("2/2 (suite)").
    """
    parted = footer if parted_footer is None else parted_footer
    w, h = size.dimensions
    pad = size.padding
    inner = w - 2 * pad
    placed: list[PlacedCard] = []
    # The room of a card with a one-line title, to tell short cards.
    typical = h - 2 * pad - (9.5 * 1.12 + 2.2 * mm) - footer - 1.2 * mm
    for spec in _packed(specs, size, fonts, inner, typical):
        memo = (*spec.reuse, size, footer, parted) if spec.reuse is not None else None
        if memo is not None and memo in _REUSED:
            placed.append(_REUSED[memo])
            continue
        title_size, title_lines = _title_layout(spec.title, inner - 2 * mm, fonts, size)
        probe = PlacedCard(spec, [], title_size=title_size, title_lines=title_lines)
        body = h - 2 * pad - title_height(probe) - footer - 1.2 * mm
        fitted = _fit(spec, size, inner, body)
        if fitted is not None:
            points, tight, flowables, heights = fitted
            card = PlacedCard(
                spec,
                flowables,
                title_size=title_size,
                title_lines=title_lines,
                heights=heights,
                size=points,
                room=body,
                tight=tight,
                footer=footer,
            )
            placed.append(card)
            if memo is not None:
                if len(_REUSED) >= _REUSED_MAX:
                    _REUSED.clear()
                _REUSED[memo] = card
            continue
        points = BODY_MIN[size] * COMPACT
        body -= parted - footer
        pieces = _balanced_split(spec, points, inner, body)
        for index, (piece, piece_heights) in enumerate(pieces, start=1):
            placed.append(
                PlacedCard(
                    spec,
                    piece,
                    part=index,
                    parts=len(pieces),
                    title_size=title_size,
                    title_lines=title_lines,
                    heights=piece_heights,
                    size=points,
                    room=body,
                    tight=2,
                    footer=parted,
                )
            )
    return placed
