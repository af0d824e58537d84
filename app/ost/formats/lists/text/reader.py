"""The text reader: each line of a pasted list, in order, and what it means for the list.

Lines are tried in a fixed order (separators and footers, BattleScribe's HTML
export, fences and header fields, detail lines, lines under the unit, settings,
sub-faction choices, role sections, then unit lines). Unit lines wait as
:class:`~ost.formats.lists.text.models.Pending` until the whole text is read,
so that the army's faction (the majority of the exact matches) can settle the
close calls; :mod:`.models` then makes their units.
"""

from __future__ import annotations

from ost.core.armylist import ArmyList, Detachment, ListOrigin
from ost.core.catalogue import Catalogue
from ost.core.i18n import Bilingual
from ost.core.limits import OutOfBounds
from ost.core.listfile import check_bounds, validation_error
from ost.core.model import ValidationError, validated
from ost.core.roles import Role
from ost.core.subfactions import ANY_SUBFACTION, Subfaction
from ost.core.text import fold
from ost.formats.lists.reading import (
    GUESS_THRESHOLD,
    MATCH_THRESHOLD,
    IgnoredEntry,
    ListReadError,
    NameMatch,
    NameMatcher,
    ReadingReport,
    UnknownEntry,
    majority_faction,
    match_option,
    shorten,
)
from ost.formats.lists.text.decoding import html_to_text, is_html, looks_like_html_export
from ost.formats.lists.text.grammar import (
    BATTLE_SIZE_LINE,
    BRACKET,
    BULLET,
    BULLET_LEVEL,
    CONFIG_SECTIONS,
    DETAIL_KEYS,
    DOTS,
    FOOTER,
    LABEL,
    LIMIT_LINE,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_UNITS,
    OTHER_SECTIONS,
    PLURAL_S,
    POWER_LEVEL,
    SEPARATOR,
    TABLE_HEAD,
    TOTAL_LINE,
    UNSLOTTED_SECTIONS,
    as_int,
    fenced,
    header_field,
    number_in,
    parse_header,
    points_in,
    split_items,
    subfaction_of,
    title_of,
    trailing_paren,
)
from ost.formats.lists.text.models import (
    Item,
    Pending,
    SubfactionChoices,
    fill_subfactions,
    item_of,
    kind_named,
    record_unit,
    units_of,
)


class _TextReader:
    def __init__(self, catalogue: Catalogue, source: str, matcher: NameMatcher | None = None) -> None:
        self.catalogue = catalogue
        self.source = source
        self.matcher = matcher if matcher is not None and matcher.catalogue is catalogue else NameMatcher(catalogue)
        self.report = ReadingReport(source=source, format="text")
        self.army = ArmyList()
        self.pending: list[Pending] = []
        self.current: Pending | None = None
        self.section_role: Role | None = None
        self.section_kind = "units"
        self.document_hint: str | None = None
        self.detachment_hints: dict[str, str | None] = {}
        self.declared_total: int | None = None
        self.seen_content = False
        self.layouts: set[str] = set()
        self.warlord_hint: str | None = None
        #: The last nested line and its unit: a "Selections:" line below it gives its gear.
        self.last_item: tuple[Pending, Item] | None = None
        #: The configuration line a "Selections:" line gives the choice of ("Clan Kultur").
        self.config_key: tuple[int, str] | None = None
        #: The line naming the list's faction ("Necrons" in the app's heading), if any.
        self.faction_line: int | None = None
        #: The game system a BattleScribe title names ("Warhammer 40,000 9th Edition").
        self.game_system: str | None = None
        #: Sub-faction choices: detachment id ("" before any) -> [(sub-faction, value, line)].
        self.subfactions: SubfactionChoices = {}
        #: The text is BattleScribe's HTML export, copied as text or given as HTML.
        self.html = False

    # -- line by line -----------------------------------------------------------------

    def read(self, text: str) -> tuple[ArmyList, ReadingReport]:
        if is_html(text):
            text = html_to_text(text)
        lines = text.splitlines()
        if len(lines) > MAX_LINES:
            raise ListReadError(self.source, f"{len(lines)} lines: too long to be an army list (at most {MAX_LINES})")
        self.html = looks_like_html_export(lines)
        if self.html:
            self.layouts.add("battlescribe-html")
        for number, raw in enumerate(lines, 1):
            if self.html and raw.count("\t") >= 2:
                # A row of a profile table (the datasheet's, which Ost has): recognised, not read.
                self._ignore(number, " ".join(raw.split()), "profile")
                continue
            self._line(number, raw.replace("\t", "    ").rstrip())
        self._finish()
        return self.army, self.report

    def _html_line(self, number: int, text: str) -> bool:
        """A line of BattleScribe's HTML export copied as text (see :func:`looks_like_html_export`).

        Headings carry no fences there: the force ("Patrol Detachment -2CP
        (Orks) [costs]"), the sections ("HQ [5 PL, 95pts]", "Configuration"),
        each unit ("Warboss [5 PL, 95pts]", with a power level) and what each
        holds ("Boss Nob [18pts]", "Craftworlds Warlord", without one), then
        ``Selections:``, ``Categories:``… lines and profile tables.
        """
        if TABLE_HEAD.match(text):
            self._ignore(number, text, "profile")
            return True
        key, sep, _ = text.partition(":")
        if sep and fold(key) in DETAIL_KEYS and fold(key) != "selections" and self.section_kind != "config":
            self._ignore(number, text, "details")
            return True
        bracket = BRACKET.search(text)
        name = " ".join(BRACKET.sub(" ", text).split())
        head, paren = trailing_paren(name)
        if paren is not None and bracket is not None and self.seen_content and self._names_a_force(head, paren):
            self._new_detachment(name, self.matcher.faction_of(paren) or self.matcher.faction_of(name))
            self.section_role, self.section_kind = None, "units"
            self.current = None
            self._ignore(number, text, "detachment")
            return True
        if not sep and self.seen_content and len(name) <= 60 and self._set_section(name):
            self.current = None
            self._ignore(number, text, "section")
            return True
        current = self.current
        if current is None or self.section_kind == "config" or (sep and fold(key) == "selections"):
            return False
        powered = bracket is not None and POWER_LEVEL.search(bracket.group(1)) is not None
        if powered:
            return False  # a unit's heading
        item = item_of(number, 1, text)
        if item is None:
            return False
        current.add(item)
        self.last_item = (current, item)
        self._ignore(number, text, "model or upgrade")
        return True

    def _names_a_force(self, head: str, paren: str) -> bool:
        """Whether "head (paren)" names a force: a detachment, or a faction in brackets that no datasheet is."""
        if "detachment" in fold(head) or "detachement" in fold(head):
            return True
        if self.matcher.faction_of(paren) is None:
            return False
        found = self.matcher.best(head, None)
        return found is None or found.score < MATCH_THRESHOLD

    def _ignore(self, number: int, text: str, reason: str) -> None:
        self.report.ignored.append(IgnoredEntry(where="", text=shorten(text), reason=reason, line=number))

    def _not_understood(self, number: int, text: str, guess: NameMatch | None = None) -> None:
        self.report.unknown.append(
            UnknownEntry(
                kind="line",
                where="",
                text=shorten(text),
                line=number,
                guess=guess.sheet.name if guess is not None and guess.score >= GUESS_THRESHOLD else None,
                guess_confidence=guess.confidence if guess is not None and guess.score >= GUESS_THRESHOLD else None,
            )
        )

    def _line(self, number: int, line: str) -> None:
        stripped = line.strip()
        if not stripped:
            return
        if len(stripped) > MAX_LINE_CHARS:
            self._not_understood(number, stripped)
            return
        indent = len(line) - len(line.lstrip())
        if SEPARATOR.fullmatch(stripped):
            self._ignore(number, stripped, "separator")
            return
        if FOOTER.match(stripped):
            self._ignore(number, stripped, "footer")
            return
        if self.html and self._html_line(number, stripped):
            return
        if self._structure(number, stripped):
            return
        if self._details(number, stripped):
            return
        if self._child(number, stripped, indent):
            return
        if self._setting(number, stripped):
            return
        if self._subfaction_line(number, stripped):
            return
        if self._role_section(number, stripped):
            return
        self._unit_line(number, stripped, indent)

    def _details(self, number: int, text: str) -> bool:
        """``Selections:``, ``Categories:``, ``Rules:``… lines of BattleScribe's full export.

        The selections of a unit are read like the gear on its own line, those
        of a model line as that model's gear, those of a configuration line
        ("Clan Kultur" then "Selections: Goffs") as its choice. The rest
        describes the datasheet, which Ost has: recognised, not read.
        """
        key, sep, value = text.partition(":")
        if not sep or fold(key) not in DETAIL_KEYS:
            return False
        if fold(key) != "selections":
            # Only under a unit or a configuration line, and never with a price: "Transport: Rhino
            # (75 pts)" in a plain list is a unit.
            if (self.current is None and self.section_kind != "config") or points_in(value) is not None:
                return False
            self.layouts.add("battlescribe")
            self._ignore(number, text, "details")
            return True
        self.layouts.add("battlescribe")
        if self.section_kind == "config" and self.config_key is not None:
            self._config_choice(number, self.config_key[1], value)
            return True
        current = self.current
        if current is None:
            self._not_understood(number, text)
            return True
        target = self.last_item[1] if self.last_item is not None and self.last_item[0] is current else None
        for piece in split_items(value):
            if target is None:
                current.selections.append((number, piece))
            else:
                child = item_of(number, target.level + 1, piece)
                if child is not None:
                    target.children.append(child)
        self._ignore(number, text, "selections")
        return True

    def _subfaction_line(self, number: int, text: str) -> bool:
        """A sub-faction choice ("Chapter: Ultramarines", "Craftworld Selection: Saim-Hann").

        In a configuration section, a line without a colon names a choice that
        follows on a ``Selections:`` line ("Clan Kultur", then "Selections: Goffs").
        """
        key, sep, value = text.partition(":")
        subfaction = subfaction_of(key)
        if sep and subfaction is not None and value.strip():
            self._config_choice(number, key, value)
            return True
        if self.section_kind == "config" and not sep:
            self.config_key = (number, BRACKET.sub(" ", text).strip())
            self._ignore(number, text, "configuration")
            return True
        return False

    def _bare_subfaction(self, number: int, text: str) -> bool:
        """A sub-faction named alone in the app's heading ("Necrons", "Incursion (1000 points)", "Sautekh").

        Only before any unit, after the faction's line, and for a short name
        (three words at most, no digits): it fills each unit's only
        placeholder, and the report says so (and says when it fills none).
        """
        words = text.split()
        if self.pending or self.faction_line is None or not 1 <= len(words) <= 3:
            return False
        if any(not (ch.isalpha() or ch in " '’-") for ch in text):
            return False
        self._choose(ANY_SUBFACTION, text.strip(), number)
        self.report.warn(
            Bilingual(
                fr=f"« {text.strip()} » lu comme la sous-faction de l'armée.",
                en=f"“{text.strip()}” read as the army's sub-faction.",
            ),
            number,
        )
        self._ignore(number, text, "sub-faction")
        return True

    def _choose(self, subfaction: Subfaction, value: str, number: int) -> None:
        """Record a sub-faction choice for the current detachment (before any: for the whole list)."""
        where = self.army.detachments[-1].id if self.army.detachments else ""
        self.subfactions.setdefault(where, []).append((subfaction, value, number))

    def _config_choice(self, number: int, key: str, value: str) -> None:
        subfaction = subfaction_of(key)
        choice = " ".join(BRACKET.sub(" ", value).split()).strip(" .:")
        text = f"{' '.join(key.split())}: {choice}"
        if subfaction is not None and choice:
            self._choose(subfaction, choice, number)
            self._ignore(number, text, "sub-faction")
        elif LIMIT_LINE.match(key) and points_in(value) is not None:
            self.army.points_limit = points_in(value)
            self._ignore(number, text, "points limit")
        else:
            self._ignore(number, text, "configuration")

    def _structure(self, number: int, text: str) -> bool:
        """``+++ roster +++``, ``++ detachment ++``, ``+ Role +`` and ``+ KEY: value`` lines."""
        fence = fenced(text)
        if fence is not None and fence[0] >= 3:
            self.layouts.add("battlescribe")
            inner = fence[1]
            # "+++ Name (Game System) [costs] +++": the game system in brackets is the data the list was built with.
            name, system = trailing_paren(BRACKET.sub(" ", inner).strip())
            self.game_system = self.game_system or system
            if name and not self.army.name:
                self.army.name = " ".join(name.split())
            total = points_in(inner)
            if total is not None:
                self.declared_total = total
            self._ignore(number, text, "title")
            self.current = None
            return True
        if fence is not None and fence[0] == 2:
            self.layouts.add("battlescribe")
            inner = fence[1]
            self.current = None
            if fold(inner).startswith("total"):
                total = points_in(inner)
                if total is not None:
                    self.declared_total = total
                self._ignore(number, text, "total")
                return True
            name = " ".join(BRACKET.sub(" ", inner).split())
            self._new_detachment(name, self.matcher.faction_of(name))
            self.section_role, self.section_kind = None, "units"
            self._ignore(number, text, "detachment")
            return True
        header = header_field(text)
        if header is not None:
            self.layouts.add("compact")
            self._header_field(number, text, *header)
            return True
        if fence is not None and "+" not in fence[1]:
            self.current = None
            self.seen_content = True
            # "+ HQ [5 PL, 90pts] +": the costs of a section are not part of its name.
            title = " ".join(BRACKET.sub(" ", fence[1]).split())
            if not self._set_section(title):
                self.section_role, self.section_kind = None, "other"
                self.report.warn(
                    Bilingual(
                        fr=f"Section « {shorten(title, 60)} » inconnue : ses unités gardent le rôle de leur fiche.",
                        en=f"Unknown section “{shorten(title, 60)}”: its units keep their datasheet's role.",
                    ),
                    number,
                )
            self._ignore(number, text, "section")
            return True
        return False

    def _header_field(self, number: int, text: str, key: str, value: str) -> None:
        field_key = fold(key)
        if "point" in field_key or field_key.startswith("total"):
            total = points_in(value) if points_in(value) is not None else (as_int(value) if value.strip() else None)
            if total:
                self.declared_total = total
        elif "faction" in field_key:
            hint = self.matcher.faction_of(value)
            self.document_hint = hint or self.document_hint
        elif "detachment" in field_key or "detachement" in field_key:
            if not self.army.detachments:
                self._new_detachment(" ".join(value.split()), self.document_hint)
            elif not self.army.detachments[-1].name:
                self.army.detachments[-1].name = " ".join(value.split())
        elif "warlord" in field_key or "seigneur" in field_key:
            self.warlord_hint = value
        elif subfaction_of(key) is not None and value.strip():
            self._config_choice(number, key, value)
            return
        self._ignore(number, text, "header")

    def _set_section(self, title: str) -> bool:
        key = fold(title.strip(" :=#*-"))
        if key in CONFIG_SECTIONS:
            self.section_role, self.section_kind = None, "config"
            return True
        if key in OTHER_SECTIONS:
            self.section_role, self.section_kind = None, "units"
            return True
        if key in UNSLOTTED_SECTIONS:
            self.section_role, self.section_kind = Role.UNSLOTTED, "unslotted"
            return True
        for candidate in (title, title.rstrip("sS"), PLURAL_S.sub("", title)):
            try:
                role = Role.parse(candidate.strip(" :=#*-"))
            except ValueError:
                continue
            self.section_role = role
            self.section_kind = "unslotted" if role is Role.UNSLOTTED else "units"
            return True
        return False

    def _role_section(self, number: int, text: str) -> bool:
        """A line that is only a role name: "HQ", "TROUPES", "== Élite ==", "Fast Attack:"."""
        core = text.strip(" :=#*-_")
        if not core or len(core) > 40 or any(ch.isdigit() for ch in core) or "[" in core or "(" in core:
            return False
        if not self._set_section(core):
            return False
        if core.isupper():
            self.layouts.add("app")
        self.current = None
        self.seen_content = True
        self._ignore(number, text, "section")
        return True

    def _setting(self, number: int, text: str) -> bool:
        """Points limit, battle size and total lines."""
        value: int | None = None
        if LIMIT_LINE.match(text) or (BATTLE_SIZE_LINE.match(text) and points_in(text) is not None):
            # "Battle Size [12CP]" gives command points; its size follows on a "Selections:" line.
            sized = fold(text).startswith(("battle size", "taille de bataille"))
            value = points_in(text) if sized else number_in(text)
            if value:
                self.army.points_limit = value
                self._ignore(number, text, "points limit")
                return True
        if TOTAL_LINE.match(text):
            value = number_in(text)
            if value:
                self.declared_total = value
                self._ignore(number, text, "total")
                return True
        return False

    def _child(self, number: int, text: str, indent: int) -> bool:
        """A nested line (``. 3x Model: gear``, ``• 1x Model``, ``◦ gear``, an indented line)."""
        current = self.current
        dots = DOTS.match(text)
        bullet = BULLET.match(text)
        if dots is not None:
            if current is None:
                self._not_understood(number, text)
                return True
            level = len(dots.group(1))
            body = text[dots.end() :]
        elif bullet is not None:
            if current is None:
                return False  # a bulleted unit line
            mark = bullet.group(1)
            body = text[bullet.end() :]
            if indent <= current.indent and self._names_a_unit(body, current, plain_bullet=mark not in BULLET_LEVEL):
                return False
            level = BULLET_LEVEL.get(mark) or self._indent_level(current, indent)
        elif current is not None and indent > current.indent and points_in(text) is None:
            level = self._indent_level(current, indent)
            body = text
        else:
            return False
        item = item_of(number, level, body)
        if item is None:
            self._not_understood(number, text)
            return True
        self.layouts.add("battlescribe" if dots is not None else "app")
        current.add(item)
        self.last_item = (current, item)
        return True

    def _names_a_unit(self, body: str, current: Pending, *, plain_bullet: bool) -> bool:
        """Whether a bulleted line at the unit's margin starts a new unit rather than adding to it.

        A "•" line does when it names a datasheet and gives points; a "-" or
        "*" line (plain lists use them for units) when it names a datasheet.
        Neither does when it names a model kind or an option of the unit above.
        """
        header = parse_header(body)
        if header is None:
            return False
        if not plain_bullet and header.points is None:
            return False
        # "• 9x Boy [72 pts]" under Boyz is one of its models, however close "Boy" comes to a datasheet.
        own = self.matcher.match(current.header.name, current.hint)
        if own is not None and (kind_named(own.sheet, header.name) or match_option(own.sheet, header.name)):
            return False
        found = self.matcher.best(header.name, current.hint)
        return found is not None and found.score >= MATCH_THRESHOLD

    @staticmethod
    def _indent_level(current: Pending, indent: int) -> int:
        if current.child_indent is None:
            current.child_indent = indent
        return 1 + max(0, indent - current.child_indent) // 2

    def _unit_line(self, number: int, text: str, indent: int) -> None:
        body = text
        bullet = BULLET.match(text)
        if bullet is not None:
            body = text[bullet.end() :]
        header = parse_header(body)
        self.current = None
        if header is None:
            self._not_understood(number, text)
            return
        if header.label:
            self.layouts.add("compact")
        hint = self._hint()
        found = self.matcher.best(header.name, hint)
        matched = found is not None and found.score >= MATCH_THRESHOLD
        if not matched and ": " in header.name:
            # "HQ: Captain", "Transport: Rhino": a label before the datasheet's name.
            rest = header.name.partition(": ")[2].strip()
            after_label = self.matcher.best(rest, hint)
            if after_label is not None and after_label.score >= MATCH_THRESHOLD:
                header.name, found, matched = rest, after_label, True
        if self.section_kind == "config":
            self.config_key = (number, header.name)
            self._ignore(number, text, "configuration")
            return
        clearly_unit = header.points is not None or header.count is not None or header.label is not None
        if not matched and not self.seen_content and header.count is None and header.label is None:
            # The first line: a title ("My army (1995 points)") or the faction.
            if not self.army.name:
                self.army.name = title_of(text)
            if header.points is not None:
                self.declared_total = header.points
            faction = self.matcher.faction_of(text)
            self.document_hint = faction or self.document_hint
            if faction is not None and fold(header.name) == fold(text):
                self.faction_line = number  # the list is named after its faction
            self._ignore(number, text, "title")
            self.seen_content = True
            return
        if not matched and not clearly_unit:
            faction = self.matcher.faction_of(text)
            if faction is not None and fold(header.name) == fold(text):
                self.document_hint = faction
                self.faction_line = number
                self._ignore(number, text, "faction")
                return
            if self._bare_subfaction(number, text):
                return
            self._not_understood(number, text, found)
            return
        if not matched and self.section_kind == "unslotted" and header.points is None:
            self._not_understood(number, text, found)
            return
        self.seen_content = True
        detachment = self._detachment()
        pending = Pending(number, text, header, detachment, hint, self.section_role, indent)
        self.pending.append(pending)
        self.current = pending
        if len(self.pending) > MAX_UNITS:
            raise ListReadError(self.source, f"more than {MAX_UNITS} units: not an army list")

    # -- detachments and hints ----------------------------------------------------------

    def _new_detachment(self, name: str, hint: str | None) -> Detachment:
        detachment = Detachment(id=f"d{len(self.army.detachments) + 1}", name=name)
        self.army.detachments.append(detachment)
        self.detachment_hints[detachment.id] = hint
        self.seen_content = True
        return detachment

    def _detachment(self) -> Detachment:
        if not self.army.detachments:
            return self._new_detachment("", self.document_hint)
        return self.army.detachments[-1]

    def _hint(self) -> str | None:
        if self.army.detachments:
            hint = self.detachment_hints.get(self.army.detachments[-1].id)
            if hint:
                return hint
        return self.document_hint

    # -- resolving units ----------------------------------------------------------------

    def _finish(self) -> None:
        exact = [
            m.sheet
            for p in self.pending
            if (m := self.matcher.best(p.header.name, p.hint)) is not None and m.score >= 100
        ]
        fallback = majority_faction(exact)
        unit_number = 0
        for pending in self.pending:
            hint = pending.hint or fallback
            found = self.matcher.best(pending.header.name, hint)
            sheet = found.sheet if found is not None and found.score >= MATCH_THRESHOLD else None
            for unit in units_of(pending, sheet, self.report):
                unit_number += 1
                unit.id = f"u{unit_number}"
                pending.detachment.units.append(unit)
                pending.units.append(unit)
                record_unit(self.report, pending, unit, sheet, found)
        if self.warlord_hint:
            self._mark_warlord(self.warlord_hint)
        fill_subfactions(self.army, self.catalogue, self.subfactions, self.report)
        self.army.stated_total = self.declared_total
        self.army.origin = ListOrigin(format="text", data=self.game_system)
        if not self.army.detachments and not self.pending:
            first = next(iter(self.report.unknown_lines), None)
            detail = f" (line {first.line}: “{first.text}”)" if first is not None else ""
            raise ListReadError(self.source, f"no army list found in this text{detail}")
        self.report.layout = self._layout()
        self.report.unknown.sort(key=lambda u: u.line or 0)
        self._check_total()

    def _layout(self) -> str:
        for name in ("battlescribe", "app", "compact"):
            if name in self.layouts:
                return name
        return "plain"

    def _check_total(self) -> None:
        if self.declared_total is None:
            return
        read = sum(p.header.points or 0 for p in self.pending)
        if read and read != self.declared_total:
            self.report.warn(
                Bilingual(
                    fr=f"Le texte annonce {self.declared_total} points, les unités lues en font {read} : "
                    "une ligne a peut-être été mal lue.",
                    en=f"The text states {self.declared_total} points, the units read add up to {read}: "
                    "a line may have been misread.",
                ),
            )

    def _mark_warlord(self, text: str) -> None:
        label = LABEL.match(text.strip())
        name = text.strip()[label.end() :] if label else text.strip()
        for pending in self.pending:
            by_label = label is not None and pending.header.label is not None
            if (by_label and fold(pending.header.label or "") == fold(label.group(1) if label else "")) or (
                not by_label and fold(pending.header.name) == fold(name)
            ):
                if pending.units:
                    pending.units[0].warlord = True
                return


def read_text(
    text: str, catalogue: Catalogue, source: str = "text", *, matcher: NameMatcher | None = None
) -> tuple[ArmyList, ReadingReport]:
    """Read a pasted army list; raises :class:`ListReadError` when no list is found.

    ``matcher`` (for ``catalogue``) may be shared by the reads of a batch.
    """
    try:  # harden: numbers past ost.core.limits ("9999x Boyz"), with a sentence naming the field and the bound
        army, report = _TextReader(catalogue, source, matcher).read(text)
        army = validated(army)  # built field by field: checked as a file's list is (names, counts, bounds)
    except OutOfBounds as exc:
        raise ListReadError(source, exc.message.en, detail_fr=exc.message.fr) from None
    except ValidationError as exc:
        raise validation_error(exc, source, ListReadError) from None
    check_bounds(army, source, ListReadError)
    return army, report
