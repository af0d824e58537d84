"""Quick-reference cards, several per page with cut marks (SPEC.md §4).

Three kinds of cards:

- one per datasheet the list uses: profile, weapons, abilities, keywords,
  points, and for each unit of the list its PV value and control factor;
- one per special ability of the catalogue's glossary the army uses;
- the core rules of MAC HAMMER 40K, from ``resources/cards/`` (our own summaries).

Cards are 63×88 mm (poker size, 9 on an A4 or Letter page) or A6 (4 on A4).

The package has one module per job: :mod:`.content` says what each card holds
(from the core presenter), :mod:`.fit` lays that content onto card-sized frames,
:mod:`.paper` places cards on a page and :mod:`.draw` draws them with reportlab;
:mod:`.styles` holds the type shared by all three. The verdict a card prints is
the caller's: the window, the CLI and the services validate with the options
their user chose, and hand the :class:`~ost.core.validator.Report` in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.i18n import pick
from ost.core.validator import Report
from ost.pdf import common
from ost.pdf.cards.content import CardSpec, Deck
from ost.pdf.cards.draw import Stamp, footer_room, render_cards
from ost.pdf.cards.fit import BODY_MAX, BODY_MIN, COMPACT, STEP, PlacedCard, layout_cards, stack_height
from ost.pdf.cards.paper import PageGeometry, card_size, page_geometry
from ost.pdf.cards.styles import ALL_KINDS, CardKind, card_styles
from ost.pdf.common import CardSize, Paper
from ost.pdf.fonts import register_fonts

# The names tests and older callers use.
_stack_height = stack_height
_styles = card_styles

__all__ = [
    "ALL_KINDS",
    "BODY_MAX",
    "BODY_MIN",
    "COMPACT",
    "STEP",
    "CardKind",
    "CardSize",
    "CardSpec",
    "PageGeometry",
    "Paper",
    "PlacedCard",
    "Stamp",
    "card_size",
    "card_specs",
    "cards_pdf",
    "layout_cards",
    "page_geometry",
    "printed_cards",
    "render_cards",
]


def card_specs(
    catalogue: Catalogue,
    army: ArmyList,
    *,
    lang: str = "fr",
    size: CardSize | str = CardSize.POKER,
    kinds: Iterable[CardKind] = ALL_KINDS,
    keyword_names: Mapping[str, str] | None = None,
) -> list[CardSpec]:
    """The cards of ``army``: its datasheets, its special abilities, then the core rules.

    ``keyword_names`` (French keyword -> English, :func:`ost.services.keyword_names`)
    makes an English card's keywords, transport words and datasheet names English.
    """
    common.check_lang(lang)
    chosen = card_size(size)
    fonts = register_fonts()
    inner = chosen.dimensions[0] - 2 * chosen.padding
    return Deck(catalogue, army, lang, inner, fonts, BODY_MIN[chosen], keyword_names).specs(kinds)


def printed_cards(
    catalogue: Catalogue,
    army: ArmyList,
    report: Report,
    *,
    lang: str = "fr",
    size: CardSize | str = CardSize.POKER,
    kinds: Iterable[CardKind] = ALL_KINDS,
    keyword_names: Mapping[str, str] | None = None,
) -> tuple[Stamp, list[PlacedCard]]:
    """The cards :func:`cards_pdf` prints, laid out with the footers they print with.

    The footer holds the list's whole name, so a long name leaves less room to a
    card's body: tests that count cards carried over count these, as printed.
    """
    chosen = card_size(size)
    fonts = register_fonts()
    name = army.name or pick(lang, fr="liste sans nom", en="unnamed list")
    stamp = Stamp(name, report.legal)
    specs = card_specs(catalogue, army, lang=lang, size=chosen, kinds=kinds, keyword_names=keyword_names)
    whole = footer_room(stamp, chosen, fonts, lang, parted=False)
    return stamp, layout_cards(specs, chosen, fonts, whole, footer_room(stamp, chosen, fonts, lang))


def cards_pdf(
    catalogue: Catalogue,
    army: ArmyList,
    report: Report,
    *,
    lang: str = "fr",
    paper: Paper | str = Paper.A4,
    size: CardSize | str = CardSize.POKER,
    kinds: Iterable[CardKind] = ALL_KINDS,
    keyword_names: Mapping[str, str] | None = None,
) -> bytes:
    """The quick-reference cards of ``army`` as PDF bytes; each card names the list and ``report``'s verdict.

    ``report`` is the caller's: it was made with the options the user chose
    (list prices, Legends), so the cards say what the window and the sheet say.
    """
    chosen = card_size(size)
    stamp, placed = printed_cards(
        catalogue, army, report, lang=lang, size=chosen, kinds=kinds, keyword_names=keyword_names
    )
    title = pick(lang, fr=f"{stamp.list_name} — cartes de référence", en=f"{stamp.list_name} — reference cards")
    trace = common.Trace.of(catalogue, army, report)
    return render_cards(placed, common.paper(paper), chosen, lang, register_fonts(), title, stamp, trace)
