"""What every list reader shares: the reading report, the read error and the name matcher.

A reader turns a file written by another program (a BattleScribe roster, a
pasted text) into an Ost :class:`~ost.core.armylist.ArmyList`. Such files name
units in their own words, so reading is a guess that must show its work: the
:class:`ReadingReport` lists every unit matched (with how sure Ost is), every
unit or line Ost could not match (with its line number or its place in the
roster), and warnings. Nothing is dropped silently.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import msgspec

from ost.core.armylist import ArmyList, unit_points
from ost.core.catalogue import Catalogue, Datasheet, ModelKind, WargearOption
from ost.core.i18n import Bilingual, pick
from ost.core.listfile import ListFileError
from ost.core.text import bounded, elide, fold

#: Below this score (0–100) a fuzzy name match is not accepted.
MATCH_THRESHOLD = 85.0
#: Below this score no "closest datasheet" is suggested for a name Ost could not match.
GUESS_THRESHOLD = 60.0
#: Below this score an accepted match is shown as uncertain.
SURE_THRESHOLD = 95.0
#: Two candidates closer than this are ambiguous; the faction hint decides.
TIE_MARGIN = 3.0
#: How many fuzzy candidates each scorer proposes.
_CANDIDATES = 12
#: Most look-ups a matcher remembers.
_MEMO_SIZE = 20_000


class ListReadError(ListFileError):
    """A file that is not a list Ost can read; ``str()`` names the file and the problem.

    It is a :class:`ListFileError`, so code that opens ``.ost`` files handles
    it the same way.
    """


# --- the reading report ------------------------------------------------------------

#: Lines of one kind (unknown units, prices, warnings…) a reading report shows before "and N more".
REPORT_LINES_PER_KIND = 20
#: Longest line of a reading report (a 1,600-character unit name is elided in the middle).
REPORT_LINE_CHARS = 300


def readable_report(lines: list[str], lang: str) -> list[str]:
    """Report lines bounded (harden), so 80 unknown units in one paste stay a readable report.

    Each kind of line (told by its first character) shows at most
    :data:`REPORT_LINES_PER_KIND` lines, then "and N more"; each line at most
    :data:`REPORT_LINE_CHARS` characters.
    """
    out: list[str] = []
    more = pick(lang, fr="  … et {count} autre(s) du même genre", en="  … and {count} more of the same kind")
    run: list[str] = []
    for line in [*lines, ""]:
        if run and (not line or line[:1] != run[0][:1]):
            out += bounded(run, REPORT_LINES_PER_KIND, more)
            run = []
        if line:
            run.append(elide(line, REPORT_LINE_CHARS))
    return out


class MatchedUnit(msgspec.Struct, frozen=True):
    """A unit of the source matched to a datasheet of the catalogue."""

    where: str
    text: str
    unit_id: str
    datasheet_id: str
    datasheet_name: str
    #: 0–1: 1 for an id or an exact name, the fuzzy score otherwise.
    confidence: float
    #: "bs-id", "name", "alias", "id" or "fuzzy".
    method: str
    line: int | None = None
    #: Points the source gave for the unit, when it gave any.
    points_read: int | None = None

    @property
    def uncertain(self) -> bool:
        return self.confidence * 100 < SURE_THRESHOLD


class UnknownEntry(msgspec.Struct, frozen=True):
    """Something Ost could not match.

    ``kind`` is ``"unit"`` when the source clearly names a unit: it is kept in
    the list with what the source says of it, and the validator reports it as
    ``UNIT-UNKNOWN``. ``kind`` is ``"line"`` for a line Ost did not understand
    at all: it is not in the list.
    """

    kind: str
    where: str
    text: str
    line: int | None = None
    unit_id: str | None = None
    guess: str | None = None
    guess_confidence: float | None = None


class ReadingMessage(msgspec.Struct, frozen=True):
    """A warning or a note of the reading report: ``message(lang)`` is its text, ``line`` its line, if any."""

    message: Bilingual
    line: int | None = None


class IgnoredEntry(msgspec.Struct, frozen=True):
    """A line or selection recognised as something other than a unit (a header, a setting, a footer)."""

    where: str
    text: str
    reason: str
    line: int | None = None


class PriceNote(msgspec.Struct, frozen=True):
    """A price the source states that differs from Ost's: a unit's, or one option's (``option``)."""

    where: str
    unit_id: str | None
    text: str
    stated: int
    priced: int
    option: bool = False


class ExtraOption(msgspec.Struct, frozen=True):
    """An option the catalogue lacks, kept in the list with the price the source gave it."""

    where: str
    unit_id: str
    text: str
    count: int
    points: int


class DataRevision(msgspec.Struct, frozen=True):
    """The data a source was made with (a BattleScribe game system or catalogue) beside the catalogue's."""

    what: str
    revision: str | None
    catalogue_revision: str | None


#: What the report calls the format it read, by format name.
FORMAT_LABELS = {
    "ost": Bilingual(fr="liste Ost (.ost)", en="Ost list (.ost)"),
    "ros": Bilingual(fr="roster BattleScribe (.ros)", en="BattleScribe roster (.ros)"),
    "rosz": Bilingual(fr="roster BattleScribe compressé (.rosz)", en="zipped BattleScribe roster (.rosz)"),
    "text": Bilingual(fr="texte", en="text"),
    "share": Bilingual(fr="code de partage Ost", en="Ost share code"),
}


class ReadingReport(msgspec.Struct):
    """How a file was read: what matched, what did not, and what Ost assumed."""

    source: str
    format: str
    #: The text layout recognised ("battlescribe", "app", "compact", "plain"), for texts.
    layout: str | None = None
    matched: list[MatchedUnit] = msgspec.field(default_factory=list)
    unknown: list[UnknownEntry] = msgspec.field(default_factory=list)
    warnings: list[ReadingMessage] = msgspec.field(default_factory=list)
    ignored: list[IgnoredEntry] = msgspec.field(default_factory=list)
    #: Prices the source states that differ from the catalogue's (units, options, the total).
    prices: list[PriceNote] = msgspec.field(default_factory=list)
    #: Options the catalogue lacks, kept with the source's price.
    extras: list[ExtraOption] = msgspec.field(default_factory=list)
    #: The data revisions the source was made with.
    data: list[DataRevision] = msgspec.field(default_factory=list)
    #: What Ost read that is worth knowing but is no problem (a sub-faction set from the configuration).
    notes: list[ReadingMessage] = msgspec.field(default_factory=list)

    def warn(self, message: Bilingual, line: int | None = None) -> None:
        """Add a warning: something Ost guessed or could not do, that the player should look at."""
        self.warnings.append(ReadingMessage(message, line))

    def note(self, message: Bilingual, line: int | None = None) -> None:
        """Add a note: something worth knowing that is no problem."""
        self.notes.append(ReadingMessage(message, line))

    @property
    def unknown_units(self) -> list[UnknownEntry]:
        return [u for u in self.unknown if u.kind == "unit"]

    @property
    def unknown_lines(self) -> list[UnknownEntry]:
        return [u for u in self.unknown if u.kind == "line"]

    @property
    def uncertain(self) -> list[MatchedUnit]:
        return [m for m in self.matched if m.uncertain]

    @property
    def problems(self) -> int:
        """Things a reader of the report should look at (prices that differ are the validator's to report)."""
        return len(self.unknown) + len(self.warnings) + len(self.uncertain) + len(self.extras)

    def format_label(self, lang: str) -> str:
        return FORMAT_LABELS.get(self.format, Bilingual.same(self.format))(lang)

    def summary(self, lang: str) -> str:
        n = len(self.matched)
        parts = [Bilingual(fr=f"{n} unité(s) reconnue(s)", en=f"{n} unit(s) recognised")]
        if self.uncertain:
            n = len(self.uncertain)
            parts.append(Bilingual(fr=f"{n} incertaine(s)", en=f"{n} uncertain"))
        if self.unknown_units:
            n = len(self.unknown_units)
            parts.append(Bilingual(fr=f"{n} absente(s) du catalogue", en=f"{n} not in the catalogue"))
        if self.unknown_lines:
            n = len(self.unknown_lines)
            parts.append(Bilingual(fr=f"{n} ligne(s) non comprise(s)", en=f"{n} line(s) not understood"))
        units_repriced = [p for p in self.prices if not p.option and p.unit_id is not None]
        if units_repriced:
            n = len(units_repriced)
            parts.append(Bilingual(fr=f"{n} prix différent(s)", en=f"{n} price(s) differ"))
        label = self.format_label(lang)
        head = Bilingual(fr=f"Lecture ({label}) : ", en=f"Reading ({label}): ")
        return (head + Bilingual.join(", ", parts))(lang)

    def lines(self, lang: str) -> list[str]:
        """The report for people: a summary, then each thing to look at."""
        return readable_report([self.summary(lang), *(line(lang) for line in self._lines())], lang)

    def _lines(self) -> list[Bilingual]:
        out: list[Bilingual] = []
        if self.data:
            out.append(self._data_line())
        for item in self.uncertain:
            place = _place(item.line, item.where)
            pct = round(item.confidence * 100)
            out.append(
                Bilingual(fr="~ ", en="~ ")
                + place
                + Bilingual(
                    fr=f"« {item.text} » lu comme {item.datasheet_name} ({pct} %)",
                    en=f"“{item.text}” read as {item.datasheet_name} ({pct}%)",
                )
            )
        for entry in self.unknown:
            place = _place(entry.line, entry.where)
            guess = Bilingual.same("")
            if entry.guess:
                pct = round((entry.guess_confidence or 0) * 100)
                guess = Bilingual(
                    fr=f" (le plus proche : {entry.guess}, {pct} %)", en=f" (closest: {entry.guess}, {pct}%)"
                )
            if entry.kind == "unit":
                what = Bilingual(
                    fr=f"« {entry.text} » : fiche absente du catalogue, gardée comme la liste la décrit",
                    en=f"“{entry.text}”: datasheet not in the catalogue, kept as the list gives it",
                )
            else:
                what = Bilingual(
                    fr=f"« {entry.text} » : ligne non comprise, ignorée",
                    en=f"“{entry.text}”: line not understood, left out",
                )
            out.append(Bilingual.same("? ") + place + what + guess)
        for extra in self.extras:
            place = _place(None, extra.where)
            times = f" ×{extra.count}" if extra.count > 1 else ""
            out.append(
                Bilingual.same("+ ")
                + place
                + Bilingual(
                    fr=f"« {extra.text} »{times} absent du catalogue, gardé au prix de la liste ({extra.points} pts)",
                    en=f"“{extra.text}”{times} not in the catalogue, kept at the list's price ({extra.points} pts)",
                )
            )
        for price in self.prices:
            if price.unit_id is None:
                out.append(
                    Bilingual(
                        fr=f"≠ total de la liste {price.stated} pts, Ost compte {price.priced} pts",
                        en=f"≠ the list's total is {price.stated} pts, Ost counts {price.priced} pts",
                    )
                )
            else:
                out.append(
                    Bilingual.same("≠ ")
                    + _place(None, price.where)
                    + Bilingual(
                        fr=f"{price.text} : {price.stated} pts selon la liste, {price.priced} pts au catalogue",
                        en=f"{price.text}: {price.stated} pts in the list, {price.priced} pts in the catalogue",
                    )
                )
        for message in self.warnings:
            out.append(Bilingual.same("! ") + _place(message.line, "") + message.message)
        for message in self.notes:
            out.append(Bilingual.same("· ") + _place(message.line, "") + message.message)
        return out

    def _data_line(self) -> Bilingual:
        parts = []
        for item in self.data:
            theirs = item.revision or "?"
            ours = item.catalogue_revision
            parts.append(
                Bilingual(
                    fr=f"{item.what} (rév. {theirs}" + (f", catalogue : rév. {ours}" if ours else "") + ")",
                    en=f"{item.what} (rev. {theirs}" + (f", catalogue: rev. {ours}" if ours else "") + ")",
                )
            )
        head = Bilingual(fr="Données de la liste : ", en="The list's data: ")
        return head + Bilingual.join(Bilingual(fr=" ; ", en="; "), parts)

    def to_data(self) -> dict[str, Any]:
        """The JSON form (``reading`` in ``ost check --format json``)."""
        return {
            "format": self.format,
            "layout": self.layout,
            "matched": [
                {
                    "line": m.line,
                    "where": m.where,
                    "text": m.text,
                    "unit": m.unit_id,
                    "datasheet": m.datasheet_id,
                    "datasheet_name": m.datasheet_name,
                    "confidence": round(m.confidence, 3),
                    "method": m.method,
                    "points_read": m.points_read,
                }
                for m in self.matched
            ],
            "unknown": [
                {
                    "kind": u.kind,
                    "line": u.line,
                    "where": u.where,
                    "text": u.text,
                    "unit": u.unit_id,
                    "guess": u.guess,
                    "guess_confidence": round(u.guess_confidence, 3) if u.guess_confidence is not None else None,
                }
                for u in self.unknown
            ],
            "warnings": [
                {"line": w.line, "message_fr": w.message.fr, "message_en": w.message.en} for w in self.warnings
            ],
            "ignored": [{"line": i.line, "where": i.where, "text": i.text, "reason": i.reason} for i in self.ignored],
            "prices": [
                {
                    "where": p.where,
                    "unit": p.unit_id,
                    "text": p.text,
                    "stated": p.stated,
                    "priced": p.priced,
                    "option": p.option,
                }
                for p in self.prices
            ],
            "extras": [
                {"where": e.where, "unit": e.unit_id, "text": e.text, "count": e.count, "points": e.points}
                for e in self.extras
            ],
            "data": [
                {"what": d.what, "revision": d.revision, "catalogue_revision": d.catalogue_revision} for d in self.data
            ],
            "notes": [{"line": n.line, "message_fr": n.message.fr, "message_en": n.message.en} for n in self.notes],
        }


def note_prices(report: ReadingReport, army: ArmyList, catalogue: Catalogue) -> None:
    """Add to ``report`` each unit whose stated price differs from the catalogue's, and the total.

    Units the catalogue lacks are priced as the list states them, so they
    never differ. The reader fills ``Unit.stated_points`` and
    ``ArmyList.stated_total``; the validator's ``POINTS-REPRICED`` gives the
    verdict, this gives the detail while reading.

    An option's own price note (the reader's) is kept only where it explains
    a unit whose price differs: the data prices some options as the
    difference from a default weapon the datasheet's price already holds
    (a Commander's Fusion Blaster: 15 points in the roster, 5 over the
    default), so the unit agrees while the option alone would not.
    """
    names = {m.unit_id: m.where for m in report.matched}
    total = 0
    agreeing: set[str] = set()
    for detachment, unit in army.units():
        priced = unit_points(unit, catalogue)
        total += priced
        if unit.stated_points is None or catalogue.get(unit.datasheet) is None:
            continue
        if priced == unit.stated_points:
            agreeing.add(unit.id)
        else:
            where = names.get(unit.id) or detachment.name
            report.prices.append(PriceNote(where, unit.id, unit.display_name, unit.stated_points, priced))
    report.prices[:] = [p for p in report.prices if not (p.option and p.unit_id in agreeing)]
    if army.stated_total is not None and total != army.stated_total:
        report.prices.append(PriceNote("", None, army.name, army.stated_total, total))


def _place(line: int | None, where: str) -> Bilingual:
    """Where a report line is: its line number, else its place in the list, else nothing."""
    if line is not None:
        return Bilingual(fr=f"ligne {line} : ", en=f"line {line}: ")
    if where:
        return Bilingual(fr=f"{where} : ", en=f"{where}: ")
    return Bilingual.same("")


def shorten(text: str, limit: int = 120) -> str:
    """``text`` on one line, cut to ``limit`` characters for messages."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


# --- matching names ---------------------------------------------------------------

_NOT_WORD = re.compile(r"[^0-9a-z]+")
# No leading or trailing "\s*": a search would retry it from every space of a run (name_key drops the spaces).
_DECORATION = re.compile(r"[\[(]\s*(?:legends?|legendes?)\s*[\])}]", re.IGNORECASE)


def name_key(text: str) -> str:
    """The comparison form of a name: folded, punctuation as spaces, "w/" as "with"."""
    text = _DECORATION.sub(" ", text)
    # Plain ASCII needs no accent folding (most names; folding is the slow part).
    folded = text.casefold() if text.isascii() else fold(text)
    folded = folded.replace("w/", "with ").replace("&", " and ")
    return " ".join(_NOT_WORD.sub(" ", folded).split())


class NameMatch(msgspec.Struct, frozen=True):
    sheet: Datasheet
    score: float
    method: str

    @property
    def confidence(self) -> float:
        return self.score / 100.0


class NameMatcher:
    """Finds the datasheet a name means: exact id, name or alias first, then fuzzy.

    Names and aliases are compared without case, accents or punctuation.
    ``faction_hint`` (a faction id) settles near-ties between factions.
    """

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        # The name index is built on the first look-up: a roster whose units
        # are all found by BattleScribe id never needs it.
        self._exact: dict[str, list[tuple[Datasheet, str]]] = {}
        #: Names and aliases for fuzzy matching (ids only match exactly), with their datasheets.
        self._keys: list[str] = []
        self._sheets: list[Datasheet] = []
        self._indexed = False
        #: Look-ups already made: name key -> the candidates at the top (a reader asks again at the end).
        self._memo: dict[str, list[NameMatch]] = {}
        self._faction_words = {
            fid: {name_key(f.name), name_key(f.name_en or f.name), name_key(fid)}
            for fid, f in catalogue.factions.items()
        }

    def build_index(self) -> None:
        """Index names and aliases (done on the first look-up; call it to pay the cost up front)."""
        if self._indexed:
            return
        for sheet in self.catalogue:
            if not self.catalogue.is_enabled(sheet):
                continue  # a switched-off source is never matched by name
            seen: set[str] = set()
            for text, method in ((sheet.name, "name"), *((a, "alias") for a in sheet.aliases), (sheet.id, "id")):
                key = name_key(text)
                if not key or key in seen:
                    continue
                seen.add(key)
                self._exact.setdefault(key, []).append((sheet, method))
                if method != "id":
                    self._keys.append(key)
                    self._sheets.append(sheet)
        self._indexed = True

    def faction_of(self, text: str) -> str | None:
        """The faction a free text names ("Xenos - Orks" -> "orks"), if any."""
        key = f" {name_key(text)} "
        best: tuple[int, str] | None = None
        for fid, words in self._faction_words.items():
            for word in words:
                if word and f" {word} " in key and (best is None or len(word) > best[0]):
                    best = (len(word), fid)
        return best[1] if best else None

    def match(self, text: str, faction_hint: str | None = None) -> NameMatch | None:
        """The best datasheet for ``text``, or None when nothing reaches the threshold."""
        best = self.best(text, faction_hint)
        return best if best is not None and best.score >= MATCH_THRESHOLD else None

    def best(self, text: str, faction_hint: str | None = None) -> NameMatch | None:
        """The closest datasheet for ``text`` (None for an empty name or nothing remotely close)."""
        key = name_key(text)
        if not key:
            return None
        near = self._memo.get(key)
        if near is None:
            if len(self._memo) > _MEMO_SIZE:
                self._memo.clear()
            near = self._look_up(key)
            self._memo[key] = near
        return self._prefer(near, faction_hint) if near else None

    def guess(self, text: str, faction_hint: str | None = None) -> NameMatch | None:
        """The closest datasheet to suggest for a name Ost could not match (None below :data:`GUESS_THRESHOLD`).

        An older or renamed unit ("Greater Possessed", "Chaos Cultists") is
        best explained by a datasheet of its own army: one of the hinted
        faction comes first when it is near the best of all.
        """
        best = self.best(text, faction_hint)
        if best is None or faction_hint is None or best.sheet.faction == faction_hint:
            return best if best is not None and best.score >= GUESS_THRESHOLD else None
        key = name_key(text)
        self.build_index()
        from rapidfuzz import fuzz, process  # here: a list read by BattleScribe ids never needs it

        scored = process.extract(
            key, self._keys, scorer=fuzz.WRatio, processor=None, limit=_CANDIDATES * 4, score_cutoff=GUESS_THRESHOLD
        )
        for _candidate, score, index in scored:
            sheet = self._sheets[index]
            if sheet.faction == faction_hint and float(score) >= best.score - 2 * TIE_MARGIN - 10:
                return NameMatch(sheet, max(best.score - 1, GUESS_THRESHOLD), "fuzzy")
        return best if best.score >= GUESS_THRESHOLD else None

    def _look_up(self, key: str) -> list[NameMatch]:
        """Every exact match of ``key``, else the fuzzy candidates within a tie of the best."""
        self.build_index()
        exact = self._exact.get(key)
        if exact:
            return [NameMatch(s, 100.0, m) for s, m in exact]
        scored: dict[str, NameMatch] = {}
        from rapidfuzz import fuzz, process

        # One pass in rapidfuzz over every name; the few candidates are refined in Python.
        candidates = process.extract(
            key,
            self._keys,
            scorer=fuzz.token_sort_ratio,
            processor=None,
            limit=_CANDIDATES,
            score_cutoff=GUESS_THRESHOLD,
        )
        for candidate, score, index in candidates:
            sheet = self._sheets[index]
            score = max(float(score), fuzz.ratio(key, candidate))
            known = scored.get(sheet.id)
            if known is None or score > known.score:
                scored[sheet.id] = NameMatch(sheet, score, "fuzzy")
        if not scored:
            return []
        top = max(m.score for m in scored.values())
        return [m for m in scored.values() if m.score >= top - TIE_MARGIN]

    @staticmethod
    def _prefer(candidates: list[NameMatch], faction_hint: str | None) -> NameMatch:
        def rank(m: NameMatch) -> tuple[bool, float, bool, bool, str]:
            return (
                faction_hint is not None and m.sheet.faction == faction_hint,
                m.score,
                m.method != "id",
                not m.sheet.legends and not m.sheet.hidden,
                m.sheet.id,
            )

        return max(candidates, key=rank)


def match_option(sheet: Datasheet, text: str) -> WargearOption | None:
    """The wargear option of ``sheet`` that ``text`` names (id, exact name, or close name)."""
    key = name_key(text)
    if not key or not sheet.options:
        return None
    from rapidfuzz import fuzz

    best: tuple[float, WargearOption] | None = None
    for option in sheet.options:
        for candidate in (name_key(option.name), name_key(option.id)):
            if candidate == key:
                return option
            score = max(fuzz.ratio(key, candidate), fuzz.token_sort_ratio(key, candidate))
            if score >= MATCH_THRESHOLD and (best is None or score > best[0]):
                best = (score, option)
    return best[1] if best else None


def names_match(sheet: Datasheet, text: str) -> bool:
    """Whether ``text`` is the datasheet's own name or one of its aliases (closely)."""
    from rapidfuzz import fuzz

    key = name_key(text)
    for candidate in (sheet.name, *sheet.aliases):
        other = name_key(candidate)
        if other == key or max(fuzz.ratio(key, other), fuzz.token_sort_ratio(key, other)) >= MATCH_THRESHOLD:
            return True
    return False


def variant_name(kind: ModelKind, name: str) -> str | None:
    """The list's name for models of ``kind`` when it names a variant of them, else None.

    A variant's name holds every word of the kind's name (in either language)
    and more: "Space Marine w/Eviscerator" of the kind "Space Marine",
    "Purgator (Psycannon)" of "Purgator". The kind's own name, another
    language's name for it ("Intercessor" for "Intercesseur") or a name sharing
    nothing with it keep the kind's name, so a list shows the catalogue's
    names except where the list says more.
    """
    words = set(name_key(name).split())
    for kind_name in (kind.name, kind.name_en):
        own = set(name_key(kind_name).split())
        if own and own < words:
            return shorten(name, 120)
    return None


def majority_faction(sheets: Iterable[Datasheet]) -> str | None:
    counts: dict[str, int] = {}
    for sheet in sheets:
        counts[sheet.faction] = counts.get(sheet.faction, 0) + 1
    if not counts:
        return None
    return max(sorted(counts), key=lambda f: counts[f])
