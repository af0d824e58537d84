"""Read BattleScribe's free-text transport capacity into a :class:`TransportCapacity`.

BattleScribe stores a transport's capacity as one English sentence or a few
("This model has a transport capacity of 12 FLASH GITZ or <CLAN> INFANTRY
models. Each MEGA ARMOUR or JUMP PACK model takes up the space of 2 models.").
This module splits the text into clauses and understands four kinds:

* the capacity: "has a transport capacity of N …", "can transport N …",
  "… N INFANTRY units, up to a total of M models", or a bare number;
* what may not embark: "It cannot / may not transport A, B or C models";
* space rules: "Each A or B model takes (up) the space of N (other) models",
  also "a PRIMARIS JUMP PACK model takes up the space of 3 models instead";
* limits that do not matter when one unit rides ("No more than two units…").

Keyword lists ("FLASH GITZ, SPECIALIST MOB INFANTRY or INFANTRY") become
alternatives, each a list of keywords the rider needs. Splitting "SPECIALIST
MOB INFANTRY" into keywords needs to know which keywords exist: pass the
catalogue's keyword names as ``vocabulary`` (longest match wins). A few core
keywords (INFANTRY, CHARACTER…) are always split off; what is left of a run of
words is one keyword. The vocabulary only helps splitting: BattleScribe
catalogues lack many keywords as categories, so an unknown word is not an
error. Placeholders keep their brackets: ``<CLAN>``,
``< CRAFTWORLD >`` and ``<LEGION<`` become ``<CRAFTWORLD>`` and ``<LEGION>``;
``(ORDER)`` and a leading bare ``CHAPTER`` become ``<ORDER>`` and ``<CHAPTER>``.

Anything not understood (a second count, "one of the following", wounds
conditions, "any number of", a clause of another kind) gives
``verified=False`` and keeps the text, so the validator reports ``TRANSPORT-UNVERIFIED`` rather than guessing.
The text is dropped when everything was understood: Ost stores the facts, not
the rules text. The parser never raises on any input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ost.core.catalogue import SpaceRule, TransportCapacity

__all__ = ["CORE_KEYWORDS", "KNOWN_PLACEHOLDERS", "Vocabulary", "parse_transport"]

#: Longer texts are not parsed (kept as text, unverified): real ones stay under 1,000 characters.
MAX_TEXT = 2000

#: Split off a run of unknown words when no vocabulary says better.
CORE_KEYWORDS = frozenset(
    {"INFANTRY", "CHARACTER", "VEHICLE", "MONSTER", "BIKER", "CAVALRY", "WALKER", "CORE", "PRIMARIS"}
)
#: Placeholder names that BattleScribe texts sometimes write without brackets.
KNOWN_PLACEHOLDERS = frozenset(
    {
        "CHAPTER",
        "LEGION",
        "CLAN",
        "DYNASTY",
        "SEPT",
        "HIVE FLEET",
        "REGIMENT",
        "FORGE WORLD",
        "ORDER",
        "ORDO",
        "CRAFTWORLD",
        "KABAL",
        "WYCH CULT",
        "HAEMONCULUS COVEN",
        "MASQUE",
        "HOUSEHOLD",
        "PLAGUE COMPANY",
        "CULT",
        "KIN",
        "MECHANICUS",
    }
)
_BARE_PLACEHOLDERS = frozenset({"CHAPTER"})

_NUMBERS = {
    "ONE": 1,
    "TWO": 2,
    "THREE": 3,
    "FOUR": 4,
    "FIVE": 5,
    "SIX": 6,
    "SEVEN": 7,
    "EIGHT": 8,
    "NINE": 9,
    "TEN": 10,
    "ELEVEN": 11,
    "TWELVE": 12,
}
_NUMBER = r"(\d{1,4}|" + "|".join(_NUMBERS) + r")"
_SEPARATORS = frozenset({",", "/", "OR", "AND", ";"})
_FILLER = frozenset({"MODELS", "MODEL", "FRIENDLY", "INSTEAD", "OTHER", "THE", "A", "AN"})
_ODD_WORDS = frozenset(
    {"WITH", "THAT", "WHICH", "WHO", "WOUNDS", "CHARACTERISTIC", "LESS", "MORE", "UNLESS", "IF", "EXCEPT", "NUMBER"}
)

_CAPACITY = re.compile(
    r"^(?:[A-Z0-9'’ -]{0,60}?\s)?(?:HAS\s+A\s+TRANSPORT\s+CAPACITY(?:\s+OF)?|CAN\s+TRANSPORT|CAN\s+CARRY)\s+"
    + _NUMBER
    + r"\s+(.+)$"
)
_UNITS_UP_TO = re.compile(r"^(.*?)(?<!\s)\s+UNITS?\s*,?\s+UP\s+TO\s+A\s+TOTAL\s+OF\s+" + _NUMBER + r"\s+MODELS?$")
_SECOND_COUNT = re.compile(r"\b(?:AND|PLUS)\s+" + _NUMBER + r"\s")
_FORBID = re.compile(
    r"^(?:IT|THIS\s+[A-Z]+|THE\s+[A-Z ]{1,40}?)?\s*(?:CANNOT|CAN\s+NOT|CAN'T|MAY\s+NOT)\s+"
    r"(?:TRANSPORT|CARRY|EMBARK)\s+(.+)$"
)
_SPACE = re.compile(
    r"^(?:AND\s+)?(?:(?:EACH|A|AN)\s+)?(.+?)(?<!\s)\s+(?:MODEL\s+)?(?:THAT\s+)?TAKES?\s+(?:UP\s+)?(?:THE\s+)?(?:SPACE|PLACE)\s+"
    r"OF\s+" + _NUMBER + r"(?:\s+OTHER)?(?:\s+[A-Z]+)?\s+MODELS?(?:\s+INSTEAD)?$"
)
# Linear time on any text (tests/test_patterns_linear.py): a run of spaces is entered only at
# its start ("(?<!\s)"), and pieces are trimmed after splitting rather than by the split.
_HARMLESS = (re.compile(r"^NO\s+MORE\s+THAN\s+\w+\s+UNITS?\s+CAN\s+BE\s+EMBARKED\b.*$"),)
_BARE = re.compile(r"^" + _NUMBER + r"$")
_SPLIT_EACH = re.compile(r"(?:,|(?<!\s))\s+AND\s+(?=EACH\s)")
_SENTENCE = re.compile(r"(?<=[.;])\s+|\n+|[•·]\s*|^\s*-\s+|(?<=\s)-\s+(?=\d)", re.MULTILINE)
_PARENS = re.compile(r"\(([^()]*)\)")
_PLACEHOLDER_TYPO = re.compile(r"<\s*([A-Z][A-Z' -]*?)\s*[<>]")
_PAREN_PLACEHOLDER = re.compile(r"\(\s*(" + "|".join(sorted(KNOWN_PLACEHOLDERS)) + r")\s*\)")
_TOKEN = re.compile(r"<[^<>]{1,40}>|[,/;]|[^\s,/;<>]+")
_SPACES = re.compile(r"[ \t\r\f\v]+")


class Vocabulary:
    """Keyword names a catalogue knows, for splitting runs of words into keywords.

    Names are compared upper-cased, and a plural "S" is forgiven both ways: the
    texts say "OGRYN" where the datasheets' keyword is "OGRYNS", and
    "TERMINATORS" where it is "TERMINATOR". The catalogue's spelling is returned.
    """

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.names: set[str] = set()
        self.longest = 1
        for name in names:
            key = " ".join(name.upper().split())
            if key:
                self.names.add(key)
                self.longest = max(self.longest, min(8, key.count(" ") + 1))

    def __bool__(self) -> bool:
        return bool(self.names)

    def find(self, words: list[str]) -> str | None:
        key = " ".join(words)
        if key in self.names:
            return key
        if key.endswith("S") and key[:-1] in self.names:
            return key[:-1]
        if key + "S" in self.names:
            return key + "S"
        return None


_EMPTY = Vocabulary()


def _number(text: str) -> int:
    return int(text) if text.isdigit() else _NUMBERS[text]


class _Reader:
    """The state of one parse: what was found and whether everything was understood."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        self.capacity: int | None = None
        self.capacities = 0
        self.allowed: list[list[str]] = []
        self.forbidden: list[str] = []
        self.space: list[SpaceRule] = []
        self.understood = True

    # -- keyword lists ---------------------------------------------------------------------------------------------

    def alternatives(self, phrase: str) -> list[list[str]]:
        """``"FLASH GITZ, SPECIALIST MOB INFANTRY OR INFANTRY"`` -> one keyword list per alternative."""
        tokens = _TOKEN.findall(phrase)
        groups: list[list[str]] = [[]]
        index = 0
        while index < len(tokens):
            # A vocabulary keyword may contain "AND"/"OR" ("RENEGADES AND HERETICS"): try it first.
            match_end = self._vocabulary_match(tokens, index)
            if match_end:
                groups[-1].append(" ".join(tokens[index:match_end]))
                index = match_end
                continue
            token = tokens[index]
            if token in _SEPARATORS:
                if groups[-1]:
                    groups.append([])
            else:
                groups[-1].append(token)
            index += 1
        result: list[list[str]] = []
        for group in groups:
            keywords = self._keywords(group)
            if keywords:
                result.append(keywords)
        return result

    def _vocabulary_match(self, tokens: list[str], start: int) -> int:
        if not self.vocabulary or tokens[start].startswith("<") or tokens[start] in {",", "/", ";"}:
            return 0
        stop = min(len(tokens), start + self.vocabulary.longest)
        for end in range(stop, start + 1, -1):  # multi-word names only; single words are handled below
            words = tokens[start:end]
            if any(w in {",", "/", ";"} or w.startswith("<") for w in words):
                continue
            if self.vocabulary.find(words):
                return end
        return 0

    def _keywords(self, words: list[str]) -> list[str]:
        """One alternative's words -> keywords: placeholders, vocabulary names, then runs of other words.

        A group with a condition in it ("models with a Wounds characteristic
        of 4 or more") gives no keyword and marks the text as not understood.
        """
        if any(w in _ODD_WORDS or w.startswith("NON-") or w.isdigit() for w in words):
            self.understood = False
            return []
        keywords: list[str] = []
        run: list[str] = []

        def flush() -> None:
            if run and run[0] in _BARE_PLACEHOLDERS and not keywords:
                keywords.append(f"<{run.pop(0)}>")  # "CHAPTER INFANTRY" means <CHAPTER> INFANTRY
            if run:
                keywords.append(" ".join(run))
            run.clear()

        for word in words:
            if word.startswith("<"):
                flush()
                keywords.append("<" + " ".join(word[1:-1].split()) + ">")
                continue
            if word in _FILLER:
                continue
            starts_bare = word in _BARE_PLACEHOLDERS and not keywords and not run
            known = self.vocabulary.find([word]) if self.vocabulary and not starts_bare else None
            if known is None and word in CORE_KEYWORDS:
                known = word
            if known is None:
                run.append(word)
            else:
                flush()
                keywords.append(known)
        flush()
        unique: list[str] = []
        for keyword in keywords:
            if keyword not in unique:
                unique.append(keyword)
        return unique

    # -- clauses ----------------------------------------------------------------------------------------------------

    def clause(self, clause: str) -> None:
        clause = clause.strip(" .;:-")
        if not clause:
            return
        if any(pattern.match(clause) for pattern in _HARMLESS):
            return
        bare = _BARE.match(clause)
        if bare:
            self._set_capacity(_number(bare.group(1)))
            return
        for part in _SPLIT_EACH.split(clause):
            self._clause(part.strip(" ,"))

    def _clause(self, clause: str) -> None:
        capacity = _CAPACITY.match(clause)
        if capacity:
            self._capacity(_number(capacity.group(1)), capacity.group(2))
            return
        forbid = _FORBID.match(clause) if "NOT" in clause or "CAN'T" in clause else None
        if forbid:
            for alternative in self.alternatives(forbid.group(1)):
                if len(alternative) == 1:
                    if alternative[0] not in self.forbidden:
                        self.forbidden.append(alternative[0])
                else:
                    self.understood = False  # "no <CHAPTER> DREADNOUGHT" is not a single keyword
            return
        space = _SPACE.match(clause) if "SPACE" in clause or "PLACE" in clause else None
        if space:
            who, places = space.group(1), _number(space.group(2))
            alternatives = self.alternatives(who)
            if not alternatives:
                self.understood = False  # "each model with a Wounds characteristic of 3…"
            for alternative in alternatives:
                self.space.append(SpaceRule(keywords=alternative, space=places))
            return
        self.understood = False

    def _capacity(self, count: int, rest: str) -> None:
        rest = rest.strip()
        units = _UNITS_UP_TO.match(rest)
        if units:
            rest, count = units.group(1), _number(units.group(2))
        second = _SECOND_COUNT.search(rest)
        if second:
            self.understood = False  # "12 INFANTRY models and 1 RECON DRONE model": two limits in one
            rest = rest[: second.start()]
        self._set_capacity(count)
        for alternative in self.alternatives(rest):
            if alternative not in self.allowed:
                self.allowed.append(alternative)

    def _set_capacity(self, count: int) -> None:
        self.capacities += 1
        if self.capacity is None:
            self.capacity = count
        else:
            self.understood = False  # two capacities ("if equipped with…, 12 instead")

    def result(self, text: str) -> TransportCapacity:
        if self.capacities != 1:
            self.understood = False
        allowed = _simplest(self.allowed)
        # The validator uses the first space rule a model matches: the most specific first.
        space = sorted(self.space, key=lambda rule: -len(rule.keywords))
        return TransportCapacity(
            capacity=self.capacity,
            allowed=allowed,
            forbidden=self.forbidden,
            space=space,
            text=None if self.understood else text,
            verified=self.understood,
        )


def _simplest(alternatives: list[list[str]]) -> list[list[str]]:
    """Drop an alternative that needs every keyword of another (it adds nothing)."""
    kept: list[list[str]] = []
    for alternative in alternatives:
        needs = set(alternative)
        if any(set(other) <= needs and other != alternative for other in alternatives):
            continue
        if alternative not in kept:
            kept.append(alternative)
    return kept


def _clauses(text: str) -> list[str]:
    """Sentences, list items and bracketed remarks of ``text``, upper-cased, one per entry."""
    upper = text.upper().replace("’", "'").replace("‘", "'")
    upper = _PAREN_PLACEHOLDER.sub(lambda m: f"<{m.group(1)}>", upper)
    upper = _PLACEHOLDER_TYPO.sub(lambda m: f"<{m.group(1).strip()}>", upper)
    remarks = _PARENS.findall(upper)
    upper = _PARENS.sub(" . ", upper)
    pieces = [*_SENTENCE.split(upper), *remarks]
    return [_SPACES.sub(" ", piece).strip() for piece in pieces if piece and piece.strip(" .;:-\n")]


def parse_transport(text: str, vocabulary: Vocabulary | Iterable[str] | None = None) -> TransportCapacity:
    """The capacity described by ``text``; ``verified`` is False when any part was not understood."""
    words = vocabulary if isinstance(vocabulary, Vocabulary) else Vocabulary(vocabulary or ())
    original = text.strip()
    if not original:
        return TransportCapacity(capacity=None, text=None, verified=False)
    if len(original) > MAX_TEXT:
        return TransportCapacity(capacity=None, text=original[:MAX_TEXT], verified=False)
    reader = _Reader(words or _EMPTY)
    for clause in _clauses(original):
        reader.clause(clause)
    return reader.result(original)
