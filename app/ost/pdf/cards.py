"""Quick-reference cards, several per page with cut marks (SPEC.md §4).

Three kinds of cards:

- one per datasheet the list uses: profile, weapons, abilities, keywords,
  points, and for each unit of the list its PV value and control factor;
- one per special ability of the catalogue's glossary the army uses;
- the core rules of MAC HAMMER 40K, from ``resources/cards/`` (our own summaries).

Cards are 63×88 mm (poker size, 9 on an A4 or Letter page) or A6 (4 on A4).
Text never leaves its card: a card whose content is too long is first set in
smaller type, down to a floor that stays readable, then continues on a second
card ("suite" / "cont."). A single block taller than a whole card is shrunk
to fit.
"""

from __future__ import annotations

import io
import math
import re
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any

from reportlab.lib import colors
from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepInFrame, Paragraph, Table, TableStyle

from ost.core.armylist import ArmyList, Unit
from ost.core.catalogue import Catalogue, Datasheet, GlossaryEntry
from ost.core.presenter import DatasheetView, WeaponRow, label, present, unit_line
from ost.core.text import fold
from ost.core.validator import Report, validate
from ost.pdf import common
from ost.pdf.common import (
    ABILITY_ACCENT,
    INK,
    MUTED,
    RULE,
    RULE_ACCENT,
    SHEET_ACCENT,
    ZEBRA,
    CardSize,
    Paper,
    esc,
    rich,
)
from ost.pdf.fonts import Fonts, register_fonts
from ost.pdf.rulecards import AbilityText, CardBlock, RuleCard, load_ability_texts, load_rule_cards, wound_roll

#: Where a weapon's name may wrap: at a space, or after a hyphen ("Master-" / "crafted").
_WORDS = re.compile(r"(?<=-)|\s+")


def card_size(value: CardSize | str) -> CardSize:
    try:
        return CardSize(str(value).lower())
    except ValueError:
        raise ValueError(f"unknown card size {value!r} (accepted: poker, a6)") from None


class CardKind(StrEnum):
    DATASHEET = "datasheet"
    ABILITY = "ability"
    RULE = "rule"


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
#: No title is printed smaller than this.
TITLE_MIN = 6.5
CUT_MARK = 5 * mm
#: Printers leave up to a quarter of an inch unprinted at every edge: cut marks stay inside.
PRINTABLE_EDGE = 18.5


@dataclass(frozen=True)
class CardSpec:
    """What a card says: its title and a builder of its body at a given type size."""

    kind: CardKind
    title: str
    build: Callable[[float], list[Flowable]]
    key: str = ""
    #: Set when the card says the same for every list (a core rule card): its layout is kept for reuse.
    reuse: tuple[object, ...] | None = None
    #: A short card may share a physical card with the next short one of the same kind.
    pack: bool = False


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


# --- styles ------------------------------------------------------------------------


@dataclass(frozen=True)
class _CardStyles:
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
def _styles(size: float, fonts: Fonts, floor: float = 0.0) -> _CardStyles:
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
    return _CardStyles(
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


def _pad(st: _CardStyles) -> float:
    """Left and right padding of a table cell; tighter on a card set compact (body larger than the rest)."""
    compact = st.size < st.body.fontSize
    return float(max(1.0, st.size * (0.15 if compact else 0.22)))


def _grid_table(
    data: list[list[Any]],
    widths: Sequence[float],
    st: _CardStyles,
    *extra: tuple[Any, ...],
    header: bool = True,
    accent: Color = SHEET_ACCENT,
) -> Table:
    pad = _pad(st)
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


def _p(text: str, style: ParagraphStyle) -> Paragraph:
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


def _bullets(items: Iterable[str], st: _CardStyles) -> list[Flowable]:
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


# --- datasheet cards ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Group:
    """Units of one datasheet that carry the same weapons: they share a card."""

    sheet: Datasheet
    units: list[Unit]
    views: list[DatasheetView]


class _Deck:
    """Builds the card specs of one list."""

    def __init__(
        self, catalogue: Catalogue, army: ArmyList, lang: str, width: float, fonts: Fonts, floor: float = 0.0
    ) -> None:
        #: The smallest body text (see :func:`_styles`).
        self.floor = floor
        self.catalogue = catalogue
        self.army = army
        self.lang = lang
        self.width = width
        self.fonts = fonts

    def w(self, fr: str, en: str) -> str:
        return common.words(self.lang, fr, en)

    def cell(self, text: str, style: ParagraphStyle, width: float, *, marked: bool = False) -> Any:
        """Plain text when it fits on one line of ``width`` (much cheaper to lay out), else a paragraph.

        ``marked`` texts may hold ``**bold**``: those always become paragraphs.
        """
        text = common.typo(text) if marked else text
        if not (marked and "**" in text) and "\n" not in text:
            pad = 2 * max(1.0, style.fontSize * 0.24)
            if stringWidth(text, style.fontName, style.fontSize) + pad <= width:
                return text
        return _p(rich(text) if marked else esc(text), style)

    def labelled(self, label: str, text: str, style: ParagraphStyle) -> Paragraph:
        """``label`` in bold, a colon, then ``text`` (see :func:`labelled`)."""
        return labelled(label + self.w(" :", ":"), text, style, self.fonts.condensed_bold, self.width)

    # -- which datasheets and abilities ----------------------------------------------

    def used_sheets(self) -> list[tuple[Datasheet, list[Unit]]]:
        """Datasheets of the list in order of first use, each with its units."""
        found: dict[str, tuple[Datasheet, list[Unit]]] = {}
        for _, unit in self.army.units():
            sheet = self.catalogue.get(unit.datasheet)
            if sheet is None:
                continue
            found.setdefault(sheet.id, (sheet, []))[1].append(unit)
        return list(found.values())

    def groups(self) -> list[_Group]:
        """One group per datasheet and set of carried weapons, in order of first use."""
        out: list[_Group] = []
        for sheet, units in self.used_sheets():
            by_kit: dict[tuple[Any, ...], _Group] = {}
            for unit in units:
                view = present(sheet, self.catalogue, self.lang, unit)
                kit = (view.weapons, view.other_wargear, tuple(p.name for p in view.profiles))
                group = by_kit.get(kit)
                if group is None:
                    group = by_kit[kit] = _Group(sheet, [], [])
                    out.append(group)
                group.units.append(unit)
                group.views.append(view)
        return out

    def used_abilities(self, sheets: Sequence[Datasheet]) -> list[tuple[GlossaryEntry, list[str], list[str]]]:
        """Glossary abilities the datasheets have, with the datasheets and parameters that use them.

        A weapon ability counts when its glossary name appears in a weapon's
        abilities text.
        """
        users: dict[str, tuple[GlossaryEntry, list[str], list[str]]] = {}
        weapon_entries = {e.key: e for e in self.catalogue.glossary.values() if e.kind == "weapon"}
        for sheet in sheets:
            for ability in sheet.abilities:
                entry = self.catalogue.ability(ability.name)
                if entry is None:
                    continue
                _, names, parameters = users.setdefault(entry.key, (entry, [], []))
                if sheet.name not in names:
                    names.append(sheet.name)
                if ability.parameter and ability.parameter not in parameters:
                    parameters.append(ability.parameter)
            texts = [fold(w.abilities) for w in sheet.weapons if w.abilities]
            if not texts:
                continue
            for entry in weapon_entries.values():
                needles = {fold(entry.name_fr).split(" (")[0], fold(entry.name_en).split(" (")[0]}
                if any(needle and needle in text for needle in needles for text in texts):
                    _, names, _ = users.setdefault(entry.key, (entry, [], []))
                    if sheet.name not in names:
                        names.append(sheet.name)
        return sorted(users.values(), key=lambda item: fold(item[0].name(self.lang)))

    # -- specs ---------------------------------------------------------------------------

    def specs(self, kinds: Iterable[CardKind]) -> list[CardSpec]:
        wanted = set(kinds)
        out: list[CardSpec] = []
        if CardKind.DATASHEET in wanted:
            groups = self.groups()
            for group in groups:
                title = group.sheet.name
                if sum(1 for g in groups if g.sheet.id == group.sheet.id) > 1:
                    names = ", ".join(v.unit.name for v in group.views if v.unit is not None)
                    if names and names != group.sheet.name:
                        title = f"{group.sheet.name} — {names}"
                out.append(self.datasheet_spec(group, title))
        if CardKind.ABILITY in wanted:
            texts = load_ability_texts(self.lang)
            for entry, users, parameters in self.used_abilities([s for s, _ in self.used_sheets()]):
                out.append(self.ability_spec(entry, users, parameters, texts.get(entry.key)))
        if CardKind.RULE in wanted:
            for card in load_rule_cards(self.lang):
                out.append(self.rule_spec(card))
        return out

    def datasheet_spec(self, group: _Group, title: str) -> CardSpec:
        def build(size: float) -> list[Flowable]:
            return self.datasheet_body(group, _styles(size, self.fonts, self.floor))

        return CardSpec(CardKind.DATASHEET, title, build, key=group.sheet.id)

    def datasheet_body(self, group: _Group, st: _CardStyles) -> list[Flowable]:
        lang, w = self.lang, self.w
        view = group.views[0]
        out: list[Flowable] = []
        compact = st.size < self.floor
        meta = [
            view.role,
            w(f"{view.models} fig.", f"{view.models} model" + ("" if view.models == "1" else "s")),
            view.cost,
        ]
        if not compact:  # the wounds per kind are in the profile table and the unit's PV line too
            meta.append(view.wounds_note)
        out.append(_p(esc(" · ".join(_tie(m) for m in meta)), st.meta))
        for unit_view in group.views:
            facts = unit_view.unit
            if facts is None:
                continue
            text = " · ".join(_tie(part) for part in unit_line(unit_view).split(" · "))
            if facts.options:
                text += " · " + ", ".join(facts.options)
            name = facts.name if (facts.name != view.name or len(group.views) > 1) else label(lang, "in_list")
            if facts.warlord:
                name += " ★"
            out.append(self.labelled(name, text, st.small))
        if view.profiles:
            out.append(self.profile_table(view, st))
        if view.weapons:
            out.append(self.weapon_table(view, st))
        if view.other_wargear:
            out.append(self.labelled(label(lang, "wargear"), ", ".join(view.other_wargear), st.small))
        special: list[str] = []
        for ability in view.abilities:
            if ability.key is not None:
                special.append(ability.name)
            elif ability.summary:
                out.append(self.labelled(ability.name, ability.summary, st.body))
            else:
                special.append(ability.name)
        if special:
            out.append(self.labelled(label(lang, "special"), ", ".join(special), st.body))
        if view.transport is not None:
            out.append(self.labelled(label(lang, "transport"), view.transport, st.body))
        if view.independent_character:
            out.append(_p(esc(label(lang, "independent")), st.small))
        if view.non_operational:
            out.append(_p(esc(common.typo(label(lang, "non_operational"))), st.small))
        keywords = ", ".join(view.keywords)
        if view.faction_keywords:
            faction = ", ".join(view.faction_keywords)
            keywords = f"{keywords} · Faction{w(' :', ':')} {faction}" if keywords else faction
        if keywords:
            out.append(self.labelled(label(lang, "keywords"), keywords, st.small))
        return out

    def profile_table(self, view: DatasheetView, st: _CardStyles) -> Table:
        head = view.profile_head
        rows: list[list[Any]] = [list(head)]
        for p in view.profiles:
            rows.append([p.name, *p.values])
        widths, squeezed = self._stat_widths(rows, st)
        extra: list[tuple[Any, ...]] = []
        if widths[0] < self.width * 0.3:
            # Too narrow for the names: each name gets a full-width line above its figures.
            stat_widths = widths[1:]
            grow = self.width / sum(stat_widths)
            stat_widths = [x * grow for x in stat_widths]
            data: list[list[Any]] = [list(head[1:])]
            centred = ParagraphStyle(f"cell-c-{st.size}", parent=st.cell, alignment=TA_CENTER)
            for p in view.profiles:
                at = len(data)
                data.append([self.cell(p.name, st.cell_bold, self.width), *[""] * (len(head) - 2)])
                # Odd data (very long values) wraps inside its column.
                data.append([_p(esc(v), centred) for v in p.values] if squeezed else list(p.values))
                extra += [
                    ("SPAN", (0, at), (-1, at)),
                    ("ALIGN", (0, at), (-1, at), "LEFT"),
                    ("FONTNAME", (0, at), (-1, at), st.fonts.condensed_bold),
                    ("LINEBELOW", (0, at), (-1, at), 0, colors.white),
                    ("BOTTOMPADDING", (0, at), (-1, at), 0),
                    ("NOSPLIT", (0, at), (-1, at + 1)),
                ]
            return _grid_table(data, stat_widths, st, ("ALIGN", (0, 0), (-1, -1), "CENTER"), *extra)
        for row in rows[1:]:
            row[0] = self.cell(row[0], st.cell_bold, widths[0])
        if squeezed:  # odd data (very long values): let them wrap inside their columns
            centred = ParagraphStyle(f"cell-c-{st.size}", parent=st.cell, alignment=TA_CENTER)
            rows = [rows[0]] + [[r[0], *[_p(esc(v), centred) for v in r[1:]]] for r in rows[1:]]
        return _grid_table(
            rows,
            widths,
            st,
            ("ALIGN", (1, 0), (-1, -1), "CENTER"),
            ("FONTNAME", (0, 1), (0, -1), st.fonts.condensed_bold),
            *[("BACKGROUND", (0, r), (-1, r), ZEBRA) for r in range(2, len(rows), 2)],
        )

    def _stat_widths(self, rows: list[list[Any]], st: _CardStyles) -> tuple[list[float], bool]:
        """Column widths: each stat column as wide as its widest value ('20-60"', '2+'), the name takes the rest.

        Stats never take more than 82 % of the card; if they would, they share
        that room in proportion (the values are short, so this only happens
        with odd data) and the second value says so: the values must wrap.
        """
        pad = 2 * _pad(st)
        columns = len(rows[0]) - 1
        stats = []
        for col in range(1, columns + 1):
            widest = max(stringWidth(str(r[col]), st.fonts.condensed_bold, st.cell.fontSize) for r in rows)
            stats.append(max(widest + pad, st.size * 1.3))
        room = self.width * 0.82
        squeezed = sum(stats) > room
        if squeezed:
            # Narrow columns keep their width; the wide ones share what is left equally.
            fixed: dict[int, float] = {}
            while True:
                share = (room - sum(fixed.values())) / (len(stats) - len(fixed))
                narrow = {i: v for i, v in enumerate(stats) if i not in fixed and v <= share}
                if not narrow:
                    break
                fixed.update(narrow)
            stats = [fixed.get(i, share) for i in range(len(stats))]
        return [self.width - sum(stats), *stats], squeezed

    def weapon_table(self, view: DatasheetView, st: _CardStyles) -> Table:
        head = view.weapon_head
        weapons = view.weapons
        widths = self._weapon_widths(weapons, head, st)
        pad = 2 * _pad(st)
        centred = ParagraphStyle(f"cell-c-{st.size}", parent=st.cell, alignment=TA_CENTER)

        def stat(value: str, width: float) -> Any:
            # Plain text is cheaper; odd long values become paragraphs that wrap in their column.
            if stringWidth(value, st.fonts.condensed, st.cell.fontSize) + pad <= width:
                return value
            return _p(esc(value), centred)

        rows: list[list[Any]] = [list(head)]
        extra: list[tuple[Any, ...]] = []
        for weapon in weapons:
            rows.append(
                [
                    self.cell(weapon.label, st.cell_bold, widths[0]),
                    self.cell(weapon.range, st.cell, widths[1]),
                    self.cell(weapon.type, st.cell, widths[2]),
                    stat(weapon.s, widths[3]),
                    stat(weapon.ap, widths[4]),
                    stat(weapon.d, widths[5]),
                ]
            )
            notes = weapon.abilities
            if weapon.origin == "list":
                notes = f"{notes} ({label(self.lang, 'from_list')})" if notes else label(self.lang, "from_list")
            if notes:
                row = len(rows)
                rows.append([self.cell(notes, st.italic, self.width), "", "", "", "", ""])
                extra += [
                    ("FONTNAME", (0, row), (-1, row), st.fonts.condensed_italic),
                    ("FONTSIZE", (0, row), (-1, row), st.italic.fontSize),
                    ("TEXTCOLOR", (0, row), (-1, row), MUTED),
                    ("SPAN", (0, row), (-1, row)),
                    ("LINEABOVE", (0, row), (-1, row), 0, colors.white),
                    ("TOPPADDING", (0, row), (-1, row), 0),
                    ("NOSPLIT", (0, row - 1), (-1, row)),  # a weapon keeps its abilities on its card
                ]
        return _grid_table(
            rows,
            widths,
            st,
            ("ALIGN", (3, 0), (-1, -1), "CENTER"),
            ("FONTNAME", (0, 1), (0, -1), st.fonts.condensed_bold),
            *extra,
        )

    def _weapon_widths(self, weapons: Sequence[WeaponRow], head: Sequence[str], st: _CardStyles) -> list[float]:
        """Range, S, AP and D as wide as their longest value or header; type up to 28 %; the name the rest."""
        pad = 2 * _pad(st)
        size = st.cell.fontSize

        def widest(values: Iterable[str], header: str, floor: float = st.size * 1.9) -> float:
            content = max((stringWidth(v, st.fonts.condensed, size) for v in values), default=0.0)
            head_width = float(stringWidth(header, st.fonts.condensed_bold, size))
            return max(content + pad, head_width + pad, floor)

        rng = widest((x.range for x in weapons), head[1])
        kind = min(widest((x.type for x in weapons), head[2]), self.width * 0.28)
        stats = [
            min(widest((getattr(x, k) for x in weapons), head[i]), self.width * 0.12)
            for i, k in ((3, "s"), (4, "ap"), (5, "d"))
        ]
        rng = min(rng, self.width * 0.2)
        name = self.width - rng - kind - sum(stats)
        if name < self.width * 0.26:  # odd data: give the name its share, the type column wraps
            kind = max(self.width * 0.14, kind - (self.width * 0.26 - name))
            name = self.width - rng - kind - sum(stats)
        # The name's longest word ("disintegrator") fits whole: the type wraps at its spaces instead.
        bold, plain = st.fonts.condensed_bold, st.fonts.condensed
        word = max((stringWidth(w, bold, size) + pad for x in weapons for w in _WORDS.split(x.label) if w), default=0.0)
        type_word = max((stringWidth(w, plain, size) + pad for x in weapons for w in x.type.split()), default=0.0)
        if word > name and kind > type_word:
            kind -= min(word - name, kind - type_word)
            name = self.width - rng - kind - sum(stats)
        return [name, rng, kind, *stats]

    # -- ability cards ----------------------------------------------------------------------

    def ability_spec(
        self, entry: GlossaryEntry, names: list[str], parameters: list[str], text: AbilityText | None
    ) -> CardSpec:
        def build(size: float) -> list[Flowable]:
            st = _styles(size, self.fonts, self.floor)
            w = self.w
            kind = (
                w("Capacité d'arme", "Weapon ability")
                if entry.kind == "weapon"
                else w("Capacité d'unité", "Unit ability")
            )
            out: list[Flowable] = [_p(esc(kind), st.meta)]
            if parameters:
                shown = ", ".join(f"{entry.name(self.lang)} ({p})" for p in parameters)
                out.append(self.labelled(w("Dans l’armée", "In the army"), shown, st.small))
            if text is not None:
                out.extend(_p(rich(part), st.body) for part in text.text.split("\n\n"))
                out.append(self.labelled(w("Lecture d'Ost", "How Ost reads it"), text.reads, st.italic))
            else:
                out.append(_p(esc(common.typo(entry.summary(self.lang))), st.body))
            out.append(self.labelled(w("Utilisée par", "Used by"), ", ".join(names), st.small))
            return out

        return CardSpec(CardKind.ABILITY, entry.name(self.lang), build, key=entry.key, pack=True)

    # -- rule cards ----------------------------------------------------------------------------

    def rule_spec(self, card: RuleCard) -> CardSpec:
        def build(size: float) -> list[Flowable]:
            st = _styles(size, self.fonts, self.floor)
            out: list[Flowable] = []
            for block in card.blocks:
                out.extend(self.rule_block(block, st))
            return out

        reuse = ("rule", self.lang, self.width, self.floor, card.model_dump_json())  # equal content, equal key
        return CardSpec(CardKind.RULE, card.title, build, key=card.id, reuse=reuse, pack=True)

    def rule_block(self, block: CardBlock, st: _CardStyles) -> list[Flowable]:
        if block.text is not None:
            return [_p(rich(block.text), st.body)]
        if block.items is not None:
            return _bullets(block.items, st)
        if block.table is not None:
            table = block.table
            parts = table.widths or [1.0] * len(table.header)
            total = sum(parts)
            widths = [self.width * p / total for p in parts]
            rows: list[list[Any]] = [[_p(rich(h), st.head) for h in table.header]]
            rows += [[self.cell(c, st.cell, widths[i], marked=True) for i, c in enumerate(row)] for row in table.rows]
            zebra = [("BACKGROUND", (0, r), (-1, r), ZEBRA) for r in range(2, len(rows), 2)]
            return [_grid_table(rows, widths, st, *zebra, accent=RULE_ACCENT)]
        assert block.grid is not None
        return [self.wound_grid(block.grid.rows, block.grid.cols, st)]

    def wound_grid(self, row_label: str, col_label: str, st: _CardStyles) -> Table:
        n = 10
        rows: list[list[Any]] = [[f"{row_label}\\{col_label}", *[str(t) for t in range(1, n + 1)]]]
        for s in range(1, n + 1):
            rows.append([str(s), *[f"{wound_roll(s, t)}+" for t in range(1, n + 1)]])
        widths = [self.width / (n + 1)] * (n + 1)
        shade = {2: "#d9e8dc", 3: "#e8f0e9", 4: "#ffffff", 5: "#f6e9e9", 6: "#ecd5d6"}
        extra: list[tuple[Any, ...]] = [
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("FONTNAME", (0, 1), (0, -1), st.fonts.condensed_bold),
            ("BACKGROUND", (0, 1), (0, -1), ZEBRA),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ]
        for s in range(1, n + 1):
            for t in range(1, n + 1):
                extra.append(("BACKGROUND", (t, s), (t, s), colors.HexColor(shade[wound_roll(s, t)])))
        return _grid_table(rows, widths, st, *extra, accent=RULE_ACCENT)


def _tie(text: str) -> str:
    """A short phrase ("2 W/model", "1 W = 8") that must not break over two lines."""
    return text.replace(" ", common.NBSP) if len(text) <= 28 else text


# --- fitting -------------------------------------------------------------------------------


def _stack_height(flowables: Sequence[Flowable], width: float, height: float) -> tuple[float, list[float | None]]:
    """Total height of ``flowables`` one above the other, and the height of each."""
    total = 0.0
    heights: list[float | None] = []
    for index, flowable in enumerate(flowables):
        if index:
            total += flowable.getSpaceBefore()
        _, h = flowable.wrap(width, height)
        heights.append(h)
        total += h
        if index < len(flowables) - 1:
            total += flowable.getSpaceAfter()
    return total, heights


def _split(flowables: list[Flowable], width: float, height: float) -> list[tuple[list[Flowable], list[float | None]]]:
    """Share ``flowables`` out over as many card bodies of ``width`` × ``height`` as needed.

    Each card body comes with the heights its flowables were last wrapped to.
    """
    pages: list[tuple[list[Flowable], list[float | None]]] = []
    current: list[Flowable] = []
    heights: list[float | None] = []
    room = height
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
                current, heights, room = [], [], height
                queue.extendleft(reversed(parts[1:]))
                continue
        if current:
            pages.append((current, heights))
            current, heights, room = [], [], height
            queue.appendleft(flowable)
            continue
        # Alone on an empty card and still too tall, and it cannot be split: shrink it.
        pages.append(([KeepInFrame(width, height, [flowable], mode="shrink")], [None]))
        current, heights, room = [], [], height
    if current:
        pages.append((current, heights))
    return pages


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


def _title_height(placed: PlacedCard) -> float:
    return float(len(placed.title_lines) * placed.title_size * 1.12 + 2.2 * mm)


def _fit(
    spec: CardSpec, size: CardSize, width: float, body: float
) -> tuple[float, list[Flowable], list[float | None]] | None:
    """The largest body size (in steps of :data:`STEP`) at which ``spec`` fits one card, with its flowables.

    None when it does not fit even at :data:`BODY_MIN`. Text height grows
    between linearly (table rows) and as the square (wrapped paragraphs) of the
    type size: the first guess takes the middle (power 1.5), a miss falls back
    to the square root, which always fits. A card is built two or three times.
    """
    low, high = BODY_MIN[size], BODY_MAX[size]

    def attempt(points: float) -> tuple[float, list[Flowable], list[float | None]] | None:
        flowables = spec.build(points)
        total, heights = _stack_height(flowables, width, body)
        measured[points] = total
        return (points, flowables, heights) if total <= body else None

    def step(points: float) -> float:
        return float(min(high, math.floor(points / STEP + 1e-9) * STEP))

    measured: dict[float, float] = {}
    best = attempt(low)
    if best is None:
        # Almost fits: the body stays at its floor, tables and keywords get smaller (never under 6 pt).
        return attempt(low * COMPACT)
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
                ("BACKGROUND", (0, 0), (-1, -1), _ACCENTS[kind]),
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

    def build(size: float) -> list[Flowable]:
        return [*first.build(size), _heading_bar(second.title, second.kind, size, fonts, width), *second.build(size)]

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
            heights[at] = _stack_height(spec.build(BODY_MIN[size]), width, body)[0]
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


def layout_cards(specs: Sequence[CardSpec], size: CardSize, fonts: Fonts) -> list[PlacedCard]:
    """Fit every spec on one card in the largest type that fits, or continue it on more cards at the smallest.

    Two short ability or rule cards in a row share one card.
    """
    w, h = size.dimensions
    pad = size.padding
    inner = w - 2 * pad
    placed: list[PlacedCard] = []
    # The room of a card with a one-line title, to tell short cards.
    typical = h - 2 * pad - (9.5 * 1.12 + 2.2 * mm) - FOOTER - 1.2 * mm
    for spec in _packed(specs, size, fonts, inner, typical):
        memo = (*spec.reuse, size) if spec.reuse is not None else None
        if memo is not None and memo in _REUSED:
            placed.append(_REUSED[memo])
            continue
        title_size, title_lines = _title_layout(spec.title, inner - 2 * mm, fonts, size)
        probe = PlacedCard(spec, [], title_size=title_size, title_lines=title_lines)
        body = h - 2 * pad - _title_height(probe) - FOOTER - 1.2 * mm
        fitted = _fit(spec, size, inner, body)
        if fitted is not None:
            points, flowables, heights = fitted
            card = PlacedCard(
                spec,
                flowables,
                title_size=title_size,
                title_lines=title_lines,
                heights=heights,
                size=points,
                room=body,
            )
            placed.append(card)
            if memo is not None:
                if len(_REUSED) >= _REUSED_MAX:
                    _REUSED.clear()
                _REUSED[memo] = card
            continue
        pieces = _split(spec.build(BODY_MIN[size]), inner, body)
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
                    size=BODY_MIN[size],
                    room=body,
                )
            )
    return placed


# --- drawing ------------------------------------------------------------------------------------


_ACCENTS = {CardKind.DATASHEET: SHEET_ACCENT, CardKind.ABILITY: ABILITY_ACCENT, CardKind.RULE: RULE_ACCENT}


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
    accent = _ACCENTS[placed.spec.kind]
    # Title band.
    band_h = _title_height(placed)
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
    bottom = y + pad + FOOTER
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
    foot_size = FOOTER_SIZE[size]
    foot_y = y + pad + 0.4 * mm
    kind = ""
    if placed.parts > 1:
        kind = f"{placed.part}/{placed.parts}"
        if placed.part > 1:
            kind += common.words(lang, " (suite)", " (cont.)")
    canvas.setFillColor(MUTED)
    canvas.setFont(fonts.condensed, foot_size)
    kind_width = stringWidth(kind, fonts.condensed, foot_size)
    canvas.drawRightString(x + w - pad, foot_y, kind)
    verdict = ""
    if stamp.legal is not None:
        verdict = common.words(lang, "réglementaire", "legal") if stamp.legal else common.words(
            lang, "NON RÉGLEMENTAIRE", "NOT LEGAL"
        )
    room = inner - kind_width - 1.5 * mm
    font = fonts.condensed_bold
    verdict_text = f" · {verdict}" if verdict else ""
    verdict_width = stringWidth(verdict_text, font, foot_size)
    name = common.clip(stamp.list_name, font, foot_size, max(room - verdict_width, room * 0.4))
    canvas.setFillColor(INK)
    canvas.setFont(font, foot_size)
    canvas.drawString(x + pad, foot_y, name)
    if verdict:
        canvas.setFillColor(common.ILLEGAL if stamp.legal is False else common.LEGAL)
        text = common.clip(verdict_text, font, foot_size, room - stringWidth(name, font, foot_size))
        canvas.drawString(x + pad + stringWidth(name, font, foot_size), foot_y, text)


def _draw_guides(canvas: Canvas, geo: PageGeometry, used: int) -> None:
    """Thin outlines of the ``used`` cards, and cut marks in the margins where there is room for them."""
    w, h = geo.card
    page_w, page_h = geo.page
    canvas.saveState()
    canvas.setStrokeColor(colors.HexColor("#c8c8c8"))
    canvas.setLineWidth(0.25)
    for slot in range(min(used, geo.per_page)):
        cx, cy = geo.origin(slot)
        canvas.rect(cx, cy, w, h, stroke=1, fill=0)
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(0.4)
    gap = 1 * mm
    # Marks run from just outside the grid towards the paper's edge, and stop
    # PRINTABLE_EDGE short of it; where that leaves less than 2 mm, none is drawn
    # (the card outlines still show the cut).
    x_len = min(CUT_MARK, geo.y0 - gap - PRINTABLE_EDGE)
    if x_len >= 2 * mm:
        top = geo.y0 + geo.rows * h
        for col in range(geo.cols + 1):
            x = geo.x0 + col * w
            if PRINTABLE_EDGE <= x <= page_w - PRINTABLE_EDGE:  # a cut on the paper's own edge needs no mark
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
        canvas.drawString(20 * mm, geo.page[1] - 25 * mm, common.words(lang, "Aucune carte.", "No card."))
        canvas.showPage()
    for start in range(0, len(placed), geo.per_page):
        _draw_guides(canvas, geo, len(placed) - start)
        for slot, card in enumerate(placed[start : start + geo.per_page]):
            x, y = geo.origin(slot)
            _draw_card(canvas, card, x, y, size, lang, fonts, stamp)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


ALL_KINDS = (CardKind.DATASHEET, CardKind.ABILITY, CardKind.RULE)


def card_specs(
    catalogue: Catalogue,
    army: ArmyList,
    *,
    lang: str = "fr",
    size: CardSize | str = CardSize.POKER,
    kinds: Iterable[CardKind] = ALL_KINDS,
) -> list[CardSpec]:
    """The cards of ``army``: its datasheets, its special abilities, then the core rules."""
    common.check_lang(lang)
    chosen = card_size(size)
    fonts = register_fonts()
    inner = chosen.dimensions[0] - 2 * chosen.padding
    return _Deck(catalogue, army, lang, inner, fonts, BODY_MIN[chosen]).specs(kinds)


def cards_pdf(
    catalogue: Catalogue,
    army: ArmyList,
    report: Report | None = None,
    *,
    lang: str = "fr",
    paper: Paper | str = Paper.A4,
    size: CardSize | str = CardSize.POKER,
    kinds: Iterable[CardKind] = ALL_KINDS,
) -> bytes:
    """The quick-reference cards of ``army`` as PDF bytes; each card names the list and its verdict."""
    chosen = card_size(size)
    sheet_paper = common.paper(paper)
    fonts = register_fonts()
    specs = card_specs(catalogue, army, lang=lang, size=chosen, kinds=kinds)
    placed = layout_cards(specs, chosen, fonts)
    report = report or validate(catalogue, army)
    name = army.name or common.words(lang, "liste sans nom", "unnamed list")
    title = common.words(lang, f"{name} — cartes de référence", f"{name} — reference cards")
    trace = common.Trace.of(catalogue, army, report)
    return render_cards(placed, sheet_paper, chosen, lang, fonts, title, Stamp(name, report.legal), trace)
