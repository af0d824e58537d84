"""What a card says: the card specs of a list, from the core presenter.

A :class:`CardSpec` is a title and a builder of the card's body at a given
type size; :mod:`ost.pdf.cards.fit` chooses that size and :mod:`ost.pdf.cards.draw`
puts the result on paper.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Table

from ost.core.armylist import ArmyList, Carried, StatedOption, Unit
from ost.core.catalogue import Catalogue, Datasheet, GlossaryEntry
from ost.core.i18n import Bilingual, pick
from ost.core.presenter import (
    DatasheetView,
    WeaponRow,
    has_ability,
    invulnerable_condition,
    label,
    options_switch_abilities,
    present,
    taken_ids,
    unit_line,
    weapon_head,
    weapon_type,
)
from ost.core.scoring import score_unit
from ost.core.text import KeywordNames, counted, fold
from ost.pdf import common
from ost.pdf.cards.styles import (
    SOLID,
    CardKind,
    CardStyles,
    bullets,
    card_styles,
    cell_pad,
    grid_table,
    labelled,
    para,
)
from ost.pdf.common import MUTED, RULE_ACCENT, ZEBRA, esc, rich
from ost.pdf.fonts import Fonts
from ost.pdf.rulecards import AbilityText, CardBlock, RuleCard, load_ability_texts, load_rule_cards, wound_roll

#: Space (in ems of the card's type) between the weapon's type and the centred S column beside it.
TYPE_GAP = 0.4
#: A weapon's strength "as its user's", in English.
_USER = {"Util.": "User", "Util": "User", "Utilisateur": "User"}

_NOT_IN_CATALOGUE = Bilingual(
    fr="Fiche absente du catalogue : cette carte dit ce que la liste sait de l'unité.",
    en="Datasheet not in the catalogue: this card says what the list knows of the unit.",
)

#: Where a weapon's name may wrap: at a space, or after a hyphen ("Master-" / "crafted").
_WORDS = re.compile(r"(?<=-)|\s+")


class Builder(Protocol):
    """Builds a card's body at a type size, set ``tight`` (0, or 1 and 2 for closer lines)."""

    def __call__(self, size: float, tight: int = 0) -> list[Flowable]: ...


@dataclass(frozen=True)
class CardSpec:
    """What a card says: its title and a builder of its body at a given type size."""

    kind: CardKind
    title: str
    build: Builder
    key: str = ""
    #: Set when the card says the same for every list (a core rule card): its layout is kept for reuse.
    reuse: tuple[object, ...] | None = None
    #: A short card may share a physical card with the next short one of the same kind.
    pack: bool = False


@dataclass(frozen=True)
class _Group:
    """Units of one datasheet that carry the same weapons: they share a card."""

    sheet: Datasheet
    units: list[Unit]
    views: list[DatasheetView]


class Deck:
    """Builds the card specs of one list."""

    def __init__(
        self,
        catalogue: Catalogue,
        army: ArmyList,
        lang: str,
        width: float,
        fonts: Fonts,
        floor: float = 0.0,
        keyword_names: Mapping[str, str] | None = None,
    ) -> None:
        #: The smallest body text (see :func:`_styles`).
        self.floor = floor
        self.catalogue = catalogue
        self.army = army
        self.lang = lang
        self.width = width
        self.fonts = fonts
        #: Keywords (and the datasheet names they hold) in the card's language.
        self.words = KeywordNames(keyword_names if lang == "en" else None)

    def cell(self, text: str, style: ParagraphStyle, width: float, *, marked: bool = False) -> Any:
        """Plain text when it fits on one line of ``width`` (much cheaper to lay out), else a paragraph.

        ``marked`` texts may hold ``**bold**``: those always become paragraphs.
        """
        text = common.typo(text) if marked else text
        if not (marked and "**" in text) and "\n" not in text:
            pad = 2 * max(1.0, style.fontSize * 0.24)
            if stringWidth(text, style.fontName, style.fontSize) + pad <= width:
                return text
        return para(rich(text) if marked else esc(text), style)

    def labelled(self, label: str, text: str, style: ParagraphStyle) -> Paragraph:
        """``label`` in bold, a colon, then ``text`` (see :func:`labelled`)."""
        return labelled(label + pick(self.lang, fr=" :", en=":"), text, style, self.fonts.condensed_bold, self.width)

    def sheet_name(self, sheet: Datasheet) -> str:
        """The datasheet's name in the card's language: its ``name_en`` in English, else its keyword's English."""
        if self.lang == "en" and sheet.name_en:
            return sheet.name_en
        return self.words.title(sheet.name)

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
                # Abilities too: an option may grant one (a banner's aura) or take one away.
                kit = (view.weapons, view.other_wargear, tuple(p.name for p in view.profiles), view.abilities)
                group = by_kit.get(kit)
                if group is None:
                    group = by_kit[kit] = _Group(sheet, [], [])
                    out.append(group)
                group.units.append(unit)
                group.views.append(view)
        return out

    def used_abilities(
        self, used: Sequence[tuple[Datasheet, Sequence[Unit]]]
    ) -> list[tuple[GlossaryEntry, list[str], list[str]]]:
        """Glossary abilities the list's units have, with the datasheets and parameters that use them.

        An ability an option grants counts when one of the datasheet's units takes that option, one an
        option takes away when one of them does not. A weapon ability counts when its glossary name
        appears in a weapon's abilities text.
        """
        users: dict[str, tuple[GlossaryEntry, list[str], list[str]]] = {}
        weapon_entries = {e.key: e for e in self.catalogue.glossary.values() if e.kind == "weapon"}
        for sheet, units in used:
            switched = options_switch_abilities(sheet)
            takes = [taken_ids(unit, sheet) for unit in units] if switched else []
            for ability in (*sheet.abilities, *sheet.granted_abilities):
                if switched and not any(has_ability(ability, taken) for taken in takes):
                    continue
                entry = self.catalogue.ability(ability.name)
                if entry is None:
                    continue
                _, names, parameters = users.setdefault(entry.key, (entry, [], []))
                if self.sheet_name(sheet) not in names:
                    names.append(self.sheet_name(sheet))
                if ability.parameter and ability.parameter not in parameters:
                    parameters.append(ability.parameter)
            texts = [fold(w.abilities) for w in sheet.weapons if w.abilities]
            if not texts:
                continue
            for entry in weapon_entries.values():
                needles = {fold(entry.name_fr).split(" (")[0], fold(entry.name_en).split(" (")[0]}
                if any(needle and needle in text for needle in needles for text in texts):
                    _, names, _ = users.setdefault(entry.key, (entry, [], []))
                    if self.sheet_name(sheet) not in names:
                        names.append(self.sheet_name(sheet))
        return sorted(users.values(), key=lambda item: fold(item[0].name(self.lang)))

    # -- specs ---------------------------------------------------------------------------

    def specs(self, kinds: Iterable[CardKind]) -> list[CardSpec]:
        wanted = set(kinds)
        out: list[CardSpec] = []
        if CardKind.DATASHEET in wanted:
            order = {id(unit): index for index, (_, unit) in enumerate(self.army.units())}
            placed: list[tuple[int, CardSpec]] = []
            groups = self.groups()
            for group in groups:
                title = self.sheet_name(group.sheet)
                if sum(1 for g in groups if g.sheet.id == group.sheet.id) > 1:
                    names = ", ".join(v.unit.name for v in group.views if v.unit is not None)
                    if names and names not in (group.sheet.name, title):
                        title = f"{title} — {names}"
                placed.append((order[id(group.units[0])], self.datasheet_spec(group, title)))
            for _, unit in self.army.units():
                if self.catalogue.get(unit.datasheet) is None:
                    placed.append((order[id(unit)], self.listed_spec(unit)))
            out.extend(spec for _, spec in sorted(placed, key=lambda item: item[0]))
        if CardKind.ABILITY in wanted:
            texts = load_ability_texts(self.lang)
            for entry, users, parameters in self.used_abilities(self.used_sheets()):
                out.append(self.ability_spec(entry, users, parameters, texts.get(entry.key)))
        if CardKind.RULE in wanted:
            for card in load_rule_cards(self.lang):
                out.append(self.rule_spec(card))
        return out

    def datasheet_spec(self, group: _Group, title: str) -> CardSpec:
        def build(size: float, tight: int = 0) -> list[Flowable]:
            return self.datasheet_body(group, card_styles(size, self.fonts, self.floor, tight))

        return CardSpec(CardKind.DATASHEET, title, build, key=group.sheet.id)

    def datasheet_body(self, group: _Group, st: CardStyles) -> list[Flowable]:
        lang = self.lang
        view = group.views[0]
        out: list[Flowable] = []
        compact = st.size < self.floor
        meta = [
            view.role,
            pick(lang, fr=f"{view.models} fig.", en=f"{view.models} model" + ("" if view.models == "1" else "s")),
            view.cost,
        ]
        if not compact:  # the wounds per kind are in the profile table and the unit's PV line too
            meta.append(view.wounds_note)
        out.append(para(esc(" · ".join(_tie(m) for m in meta)), st.meta))
        for unit_view in group.views:
            facts = unit_view.unit
            if facts is None:
                continue
            text = " · ".join(_tie(part) for part in unit_line(unit_view).split(" · "))
            if facts.options:
                text += " · " + ", ".join(facts.options)
            name = (
                self.words.title(facts.name)
                if (facts.name != view.name or len(group.views) > 1)
                else label(lang, "in_list")
            )
            if facts.warlord:
                name += " ★"
            out.append(self.labelled(name, text, st.small))
        if view.profiles:
            # An invulnerable save that holds only against some attacks says so ("5+*", then the condition).
            condition = invulnerable_condition(group.sheet) if view.profile_head[-1] == "Inv" else None
            out.append(self.profile_table(view, st, marked=condition is not None))
            if condition is not None:
                note = pick(lang, fr=f"* Inv : seulement {condition(lang)}", en=f"* Inv: {condition(lang)} only")
                out.append(para(esc(common.typo(note)), st.small))
        if view.weapons:
            out.append(self.weapon_table(view.weapon_head, view.weapons, st))
        if view.other_wargear:
            out.append(self.labelled(label(lang, "wargear"), ", ".join(view.other_wargear), st.small))
        # What the units took once (relics, powers, a warlord trait), each once with its summary.
        chosen: dict[str, str] = {}
        for unit_view in group.views:
            for row in unit_view.chosen:
                chosen.setdefault(row.name, row.summary or "")
        for name, summary in chosen.items():
            out.append(self.labelled(name, summary, st.body))
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
            out.append(self.labelled(label(lang, "transport"), self.words.text(view.transport), st.body))
        if view.independent_character:
            out.append(para(esc(label(lang, "independent")), st.small))
        if view.non_operational:
            out.append(para(esc(common.typo(label(lang, "non_operational"))), st.small))
        keywords = ", ".join(self.words.keyword(k) for k in view.keywords)
        if view.faction_keywords:
            faction = ", ".join(self.words.keyword(k) for k in view.faction_keywords)
            keywords = f"{keywords} · Faction{pick(lang, fr=' :', en=':')} {faction}" if keywords else faction
        if keywords:
            out.append(self.labelled(label(lang, "keywords"), keywords, st.small))
        return out

    def listed_spec(self, unit: Unit) -> CardSpec:
        """The card of a unit whose datasheet the catalogue lacks: what the list knows of it, said as such."""

        def build(size: float, tight: int = 0) -> list[Flowable]:
            return self.listed_body(unit, card_styles(size, self.fonts, self.floor, tight))

        return CardSpec(CardKind.DATASHEET, unit.display_name, build, key=f"list:{unit.id}")

    def listed_body(self, unit: Unit, st: CardStyles) -> list[Flowable]:
        lang = self.lang
        snapshot = unit.snapshot
        score = score_unit(unit, self.catalogue)
        models = pick(lang, fr=f"{unit.models} fig.", en=f"{unit.models} model" + ("" if unit.models == 1 else "s"))
        meta = [snapshot.role.label(lang), models, f"{score.points} pts"]
        out: list[Flowable] = [para(esc(" · ".join(_tie(m) for m in meta)), st.meta)]
        out.append(para(esc(common.typo(_NOT_IN_CATALOGUE(lang))), st.italic))
        rows: list[WeaponRow] = []
        wargear: list[str] = []

        def take(item: Carried | StatedOption, each: int = 1) -> None:
            count = item.count * each
            if item.weapons:
                rows.extend(
                    WeaponRow(
                        name=w.label(lang),
                        range=weapon_type(w.range, lang),
                        type=weapon_type(w.type, lang),
                        s=w.s,
                        ap=w.ap,
                        d=w.d,
                        abilities=w.note(lang),
                        origin="list",
                        count=count if count > 1 else 0,
                    )
                    for w in item.weapons
                )
            else:
                wargear.append(counted(count, item.name))

        for group in unit.loadout:
            for carried in group.wargear:
                take(carried, group.count)
        for option in unit.extra_options:
            take(option)
        if rows:
            out.append(self.weapon_table(weapon_head(lang), rows, st))
        if wargear:
            out.append(self.labelled(label(lang, "wargear"), ", ".join(wargear), st.small))
        for upgrade in unit.upgrades:
            if upgrade.text:
                out.append(self.labelled(upgrade.name, upgrade.text, st.body))
        names = [u.name for u in unit.upgrades if not u.text]
        if names:
            out.append(self.labelled(pick(lang, fr="Améliorations", en="Upgrades"), ", ".join(names), st.small))
        keywords = ", ".join(self.words.keyword(k) for k in snapshot.keywords)
        if snapshot.faction_keywords:
            faction = ", ".join(self.words.keyword(k) for k in snapshot.faction_keywords)
            keywords = f"{keywords} · Faction{pick(lang, fr=' :', en=':')} {faction}" if keywords else faction
        if keywords:
            out.append(self.labelled(label(lang, "keywords"), keywords, st.small))
        return out

    def profile_table(self, view: DatasheetView, st: CardStyles, *, marked: bool = False) -> Table:
        """The profile table; ``marked``: the invulnerable save (last column) has a condition, told below."""
        head = view.profile_head
        rows: list[list[Any]] = [list(head)]
        for p in view.profiles:
            values = list(p.values)
            if marked and values[-1] not in ("", "-"):
                values[-1] += "*"
            rows.append([self.words.title(p.name), *values])
        widths, squeezed = self._stat_widths(rows, st)
        pad = 2 * cell_pad(st)
        extra: list[tuple[Any, ...]] = []
        # A name's longest word ("Bibliothécaire") is never cut: too long for its column, names get their own line.
        longest = max(_longest_word(r[0], st.fonts.condensed_bold, st.cell.fontSize) for r in rows[1:])
        if widths[0] < self.width * 0.3 or longest + 2 * cell_pad(st) > widths[0]:
            # Too narrow for the names: each name gets a full-width line above its figures.
            stat_widths = widths[1:]
            grow = self.width / sum(stat_widths)
            stat_widths = [x * grow for x in stat_widths]
            data: list[list[Any]] = [list(head[1:])]
            centred = _centred(st)
            for name, *values in rows[1:]:
                at = len(data)
                data.append([self.cell(name, st.cell_bold, self.width), *[""] * (len(head) - 2)])
                # Odd data (very long values) wraps inside its column.
                data.append(
                    [
                        para(esc(_breakable(v, st.fonts.condensed, st.cell.fontSize, stat_widths[i] - pad)), centred)
                        for i, v in enumerate(values)
                    ]
                    if squeezed
                    else values
                )
                extra += [
                    ("SPAN", (0, at), (-1, at)),
                    ("ALIGN", (0, at), (-1, at), "LEFT"),
                    ("FONTNAME", (0, at), (-1, at), st.fonts.condensed_bold),
                    ("LINEBELOW", (0, at), (-1, at), 0, colors.white),
                    ("BOTTOMPADDING", (0, at), (-1, at), 0),
                    ("NOSPLIT", (0, at), (-1, at + 1)),
                ]
            return grid_table(data, stat_widths, st, ("ALIGN", (0, 0), (-1, -1), "CENTER"), *extra)
        for row in rows[1:]:
            row[0] = self.cell(row[0], st.cell_bold, widths[0])
        if squeezed:  # odd data (very long values): let them wrap inside their columns
            centred = _centred(st)
            font, points = st.fonts.condensed, st.cell.fontSize
            rows = [rows[0]] + [
                [
                    r[0],
                    *[
                        para(esc(_breakable(v, font, points, widths[i + 1] - pad)), centred)
                        for i, v in enumerate(r[1:])
                    ],
                ]
                for r in rows[1:]
            ]
        return grid_table(
            rows,
            widths,
            st,
            ("ALIGN", (1, 0), (-1, -1), "CENTER"),
            ("FONTNAME", (0, 1), (0, -1), st.fonts.condensed_bold),
            *[("BACKGROUND", (0, r), (-1, r), ZEBRA) for r in range(2, len(rows), 2)],
        )

    def _stat_widths(self, rows: list[list[Any]], st: CardStyles) -> tuple[list[float], bool]:
        """Column widths: each stat column as wide as its widest value ('20-60"', '2+'), the name takes the rest.

        Stats never take more than 82 % of the card; if they would, they share
        that room in proportion (the values are short, so this only happens
        with odd data) and the second value says so: the values must wrap.
        """
        pad = 2 * cell_pad(st)
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

    def weapon_table(self, head: Sequence[str], weapons: Sequence[WeaponRow], st: CardStyles) -> Table:
        widths = self._weapon_widths(weapons, head, st)
        pad = 2 * cell_pad(st)
        centred = _centred(st)

        def stat(value: str, width: float) -> Any:
            # Plain text is cheaper; odd long values ("D6+D6+D6+D6+3", wider than any column may be)
            # become paragraphs that wrap in their column, after a "+" or "/" when they must.
            if stringWidth(value, st.fonts.condensed, st.cell.fontSize) + pad <= width:
                return value
            return para(esc(_breakable(value, st.fonts.condensed, st.cell.fontSize, width - pad)), centred)

        rows: list[list[Any]] = [list(head)]
        extra: list[tuple[Any, ...]] = []
        for weapon in weapons:
            rows.append(
                [
                    self.cell(weapon.label, st.cell_bold, widths[0]),
                    self.cell(weapon.range, st.cell, widths[1]),
                    self.cell(weapon.type, st.cell, widths[2]),
                    stat(_USER.get(weapon.s, weapon.s) if self.lang == "en" else weapon.s, widths[3]),
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
        return grid_table(
            rows,
            widths,
            st,
            ("ALIGN", (3, 0), (-1, -1), "CENTER"),
            ("FONTNAME", (0, 1), (0, -1), st.fonts.condensed_bold),
            *extra,
        )

    def _weapon_widths(self, weapons: Sequence[WeaponRow], head: Sequence[str], st: CardStyles) -> list[float]:
        """Range, S, AP and D as wide as their longest value or header; type up to 28 %; the name the rest."""
        pad = 2 * cell_pad(st)
        size = st.cell.fontSize

        def shown(weapon: WeaponRow, key: str) -> str:
            """A stat as the card prints it ("User" for "Util." on an English card)."""
            value: str = getattr(weapon, key)
            return _USER.get(value, value) if key == "s" and self.lang == "en" else value

        def widest(values: Iterable[str], header: str, floor: float = st.size * 1.9) -> float:
            content = max((stringWidth(v, st.fonts.condensed, size) for v in values), default=0.0)
            head_width = float(stringWidth(header, st.fonts.condensed_bold, size))
            return max(content + pad, head_width + pad, floor)

        rng = widest((x.range for x in weapons), head[1])
        # The type is set left beside centred figures: a little air keeps "Tir Rapide 1" off the S column's "3"
        # (but for the last try before a continuation card: a whole datasheet on one card comes first).
        gap = st.size * TYPE_GAP if st.tight < SOLID else 0.0
        kind = min(widest((x.type for x in weapons), head[2]) + gap, self.width * 0.28)
        stats = [
            # As wide as the value's longest token at least: "D3+3" never wraps as "D3+ / 3".
            max(
                min(widest((shown(x, k) for x in weapons), head[i]), self.width * 0.12),
                min(
                    max((_longest_word(shown(x, k), st.fonts.condensed, size) for x in weapons), default=0.0) + pad,
                    self.width * 0.2,  # odd data (a 24-character value) still wraps
                ),
            )
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
        # Still too narrow ("5× Désintégrateur synaptique" beside a wide type): the range gives what its values spare.
        range_word = max(
            stringWidth(head[1], bold, size) + pad,
            max((stringWidth(w, plain, size) + pad for x in weapons for w in x.range.split()), default=0.0),
        )
        if word > name and rng > range_word:
            rng -= min(word - name, rng - range_word)
            name = self.width - rng - kind - sum(stats)
        leasts = [
            max(
                [
                    widest((shown(x, k) for x in weapons), head[h], floor=0.0),
                    *(_longest_word(shown(x, k), plain, size) + pad for x in weapons),
                ]
            )
            for h, k in ((3, "s"), (4, "ap"), (5, "d"))
        ]
        spare = sum(max(0.0, stat - least) for stat, least in zip(stats, leasts, strict=True))
        if name < word <= name + spare:  # and S, AP and D, down to their values and headers (their floor is for looks)
            for i, least in enumerate(leasts):
                give = min(word - name, max(0.0, stats[i] - least))
                stats[i] -= give
                name += give
        # A name that still wraps ("5× Carabine bolter Marksman" on three lines) takes what the other
        # columns hold beyond their values and headers: the type's first, then S/AP/D's, then the range's.
        whole = max((stringWidth(x.label, bold, size) + pad for x in weapons), default=0.0)
        if whole > name:
            kind_least = max(
                stringWidth(head[2], bold, size) + pad,
                max((stringWidth(x.type, plain, size) + pad for x in weapons), default=0.0) + gap,
            )
            give = min(whole - name, max(0.0, kind - kind_least))
            kind -= give
            name += give
            for i, least in enumerate(leasts):
                if whole <= name:
                    break
                give = min(whole - name, max(0.0, stats[i] - least))
                stats[i] -= give
                name += give
            range_least = max(
                stringWidth(head[1], bold, size) + pad,
                max((stringWidth(x.range, plain, size) + pad for x in weapons), default=0.0),
            )
            give = max(0.0, min(whole - name, rng - range_least))
            rng -= give
            name += give
        return [name, rng, kind, *stats]

    # -- ability cards ----------------------------------------------------------------------

    def ability_spec(
        self, entry: GlossaryEntry, names: list[str], parameters: list[str], text: AbilityText | None
    ) -> CardSpec:
        def build(size: float, tight: int = 0) -> list[Flowable]:
            st = card_styles(size, self.fonts, self.floor, tight)
            lang = self.lang
            kind = (
                pick(lang, fr="Capacité d'arme", en="Weapon ability")
                if entry.kind == "weapon"
                else pick(lang, fr="Capacité d'unité", en="Unit ability")
            )
            out: list[Flowable] = [para(esc(kind), st.meta)]
            if parameters:
                shown = ", ".join(f"{entry.name(self.lang)} ({p})" for p in parameters)
                out.append(self.labelled(pick(lang, fr="Dans l’armée", en="In the army"), shown, st.small))
            if text is not None:
                out.extend(para(rich(part), st.body) for part in text.text.split("\n\n"))
                out.append(self.labelled(pick(lang, fr="Lecture d'Ost", en="How Ost reads it"), text.reads, st.italic))
            else:
                out.append(para(esc(common.typo(entry.summary(self.lang))), st.body))
            out.append(self.labelled(pick(lang, fr="Utilisée par", en="Used by"), ", ".join(names), st.small))
            return out

        return CardSpec(CardKind.ABILITY, entry.name(self.lang), build, key=entry.key, pack=True)

    # -- rule cards ----------------------------------------------------------------------------

    def rule_spec(self, card: RuleCard) -> CardSpec:
        def build(size: float, tight: int = 0) -> list[Flowable]:
            st = card_styles(size, self.fonts, self.floor, tight)
            out: list[Flowable] = []
            for block in card.blocks:
                out.extend(self.rule_block(block, st))
            return out

        reuse = ("rule", self.lang, self.width, self.floor, card.model_dump_json())  # equal content, equal key
        return CardSpec(CardKind.RULE, card.title, build, key=card.id, reuse=reuse, pack=True)

    def rule_block(self, block: CardBlock, st: CardStyles) -> list[Flowable]:
        if block.text is not None:
            return [para(rich(block.text), st.body)]
        if block.items is not None:
            return bullets(block.items, st)
        if block.table is not None:
            table = block.table
            parts = table.widths or [1.0] * len(table.header)
            total = sum(parts)
            widths = [self.width * p / total for p in parts]
            rows: list[list[Any]] = [[para(rich(h), st.head) for h in table.header]]
            rows += [[self.cell(c, st.cell, widths[i], marked=True) for i, c in enumerate(row)] for row in table.rows]
            zebra = [("BACKGROUND", (0, r), (-1, r), ZEBRA) for r in range(2, len(rows), 2)]
            return [grid_table(rows, widths, st, *zebra, accent=RULE_ACCENT)]
        assert block.grid is not None
        return [self.wound_grid(block.grid.rows, block.grid.cols, st)]

    def wound_grid(self, row_label: str, col_label: str, st: CardStyles) -> Table:
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
        return grid_table(rows, widths, st, *extra, accent=RULE_ACCENT)


def _centred(st: CardStyles) -> ParagraphStyle:
    """A table cell's style for values that wrap in their column: centred, and only at spaces."""
    return ParagraphStyle(f"cell-c-{st.size}-{st.tight}", parent=st.cell, alignment=TA_CENTER, splitLongWords=0)


def _breakable(text: str, font: str, size: float, width: float) -> str:
    """``text`` with its words too long for ``width`` cut into pieces that fit (odd data: "222222222").

    Real values ("D3+3", "2D6") fit their columns whole (see the column widths);
    only odd data wider than any column is cut, after a "+" or "/" where it can.
    """
    out: list[str] = []
    for word in text.split():
        while stringWidth(word, font, size) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and stringWidth(word[:cut], font, size) > width:
                cut -= 1
            signs = [i + 1 for i, c in enumerate(word[:cut]) if c in "+/"]
            cut = signs[-1] if signs and signs[-1] > 1 else cut
            out.append(word[:cut])
            word = word[cut:]
        out.append(word)
    return " ".join(out)


def _longest_word(text: str, font: str, size: float) -> float:
    """The width of the widest word of ``text`` (words never break inside)."""
    return max((float(stringWidth(word, font, size)) for word in text.split()), default=0.0)


def _tie(text: str) -> str:
    """A short phrase ("2 W/model", "1 W = 8") that must not break over two lines."""
    return text.replace(" ", common.NBSP) if len(text) <= 28 else text
