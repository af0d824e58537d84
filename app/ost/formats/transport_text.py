"""Read BattleScribe's free-text transport capacity into a :class:`TransportCapacity`.

BattleScribe stores a transport's capacity as one English sentence or a few
("This model has a transport capacity of 12 FLASH GITZ or <CLAN> INFANTRY
models. Each MEGA ARMOUR or JUMP PACK model takes up the space of 2 models.").
This module splits the text into clauses (sentences, list items, bracketed
remarks) and reads each with a small grammar::

    clause    := capacity | load | refusal | space | harmless | NUMBER
                 | "one of the following" ["transport capacities"] choice*
    choice    := N LIST [wounds]                                   (the list items after "one of the following")
    capacity  := [lead] ("has a transport capacity of" | "can transport" | "can carry") counts
                 | [lead] "can transport any number of" LIST ", but no more than" N "models in total"
                 | counts                                          (the text's first clause: the load alone)
    load      := [lead] "can transport" ["up to"] N LIST "models, which" ["each"] "take(s) up the space of" N
                 "models"                                          (after the capacity: another load)
    counts    := N LIST ["or" N LIST]* ["and" 1 LIST]      ("… units, up to a total of N models" too)
    refusal   := [lead] ("cannot" | "may not") ("transport" | "carry" | "embark") LIST [wounds]
    space     := ["each" | "a"] LIST [wounds] ["that"] "take(s) (up) (the) space of" N ["other"] [WORD] "models"
    wounds    := ("with" | "that have") "a Wounds characteristic of" ["more" | "less" "than"] N
                 ["or more" | "or less"]
    LIST      := keyword runs separated by "," "/" "or" "and"; "models with the X keyword" names X;
                 "non-X" exempts X from a wounds refusal

so a capacity gives the count and the alternatives that may embark; another
count joined by "or" ("1 TAUROS model or 2 DROP SENTINEL models") makes the
larger one the capacity and gives the smaller one its space; "and 1 RECON
DRONE model" lets one such model ride on top (space 0); "one of the
following" items are alternatives the same way, and so is a load said
after the capacity ("up to 2 DREADNOUGHT models, which each take up the
space of 10": one unit rides, so each takes the space that lets 2 and no
more fit, or the space said when that is more), a "16 or less" wounds bound
on one becoming a wound limit for it; a refusal gives
forbidden keywords, or a wound limit (:class:`WoundLimit`) when it names
wounds; a space rule gives :class:`SpaceRule` entries, bounded by wounds when
the text says so; counts of units ("no more than two units", "one other
unit") do not matter when one unit rides.

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

A sentence beginning "Each" after a comma is a clause of its own, and
"(including any models embarked upon it)" is read as nothing (a vehicle that
rides counts with its passengers). Anything not understood (several loads at
once, "as follows", a condition on equipment, a load said before any
capacity, a wounds condition on what may embark, a clause of another kind)
gives ``verified=False`` and keeps the text, so the validator reports
``TRANSPORT-UNVERIFIED`` rather than guessing. Clauses are upper-cased
with single spaces before the patterns run, and the patterns use single
spaces and bounded repeats only: each runs in time linear in its input.
The text is dropped when everything was understood: Ost stores the facts, not
the rules text. The parser never raises on any input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ost.core.catalogue import SpaceRule, TransportCapacity, WoundLimit

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

# Clauses are upper-cased with single spaces before these run (see _clauses), so the patterns use single
# spaces and bounded repeats only: every one runs in time linear in the clause.
#: "haas a transport capacity" (a typo of the Chaos Thunderhawk) reads as "has".
_CAPACITY_VERB = re.compile(r"\b(?:HAA?S A TRANSPORT CAPACITY(?: OF)?|CAN TRANSPORT|CAN CARRY)(?= |$)")
_COUNT_START = re.compile(_NUMBER + r"(?= |$)")
_MORE_COUNTS = re.compile(r",? (AND|OR|PLUS) (?=" + _NUMBER + r" )")
_IN_TOTAL = re.compile(r",? BUT NO MORE THAN " + _NUMBER + r" MODELS IN TOTAL$")
_UNIT_WORDS = re.compile(r"\b(?:AND )?(?:ONE|TWO|THREE|\d{1,2}) OTHER\b|\bUNITS?\b")
_UNITS_UP_TO = re.compile(r" UNITS?,? UP TO A TOTAL OF " + _NUMBER + r" MODELS?$")
_FORBID_VERB = re.compile(r"\b(?:CANNOT|CAN NOT|CAN'T|MAY NOT) (?:TRANSPORT|CARRY|EMBARK)(?= |$)")
_SPACE_VERB = re.compile(r"\bTAKES? (?:UP )?(?:THE )?(?:SPACES?|PLACES?) OF " + _NUMBER + r"(?= |$)")
_SPACE_TAIL = re.compile(r"(?: OTHER)?(?: [A-Z]{1,20})?(?: MODELS?)?(?: INSTEAD)?")
_SUBJECT_LEAD = re.compile(r"^(?:AND )?(?:EACH |A |AN |ANY )?")
_SUBJECT_TRAIL = re.compile(r" (?:THAT|WHICH)$")
#: "with a Wounds characteristic of 13 or more", "that have a wounds characteristic of more than one".
_WOUNDS = re.compile(
    r"(?:^| )(?:THAT HAVE|THAT HAS|WHICH HAVE|WITH) (?:AN? )?WOUNDS? CHARACTERISTIC OF (?:(MORE|LESS) THAN )?"
    + _NUMBER
    + r"(?: (?:OR|OF) (MORE|LESS|FEWER|HIGHER|LOWER))?(?= |$)"
)
#: "models with the ADEPTA SORORITAS keyword" names the keyword.
_WITH_KEYWORD = re.compile(r"\bMODELS? (?:WITH|THAT HAVE|THAT HAS|WHICH HAVE) THE ([A-Z<>' -]{1,60}?) KEYWORDS?\b")
_ONE_OF = re.compile(r"(?:[A-Z' ]{0,60} )?ONE OF THE FOLLOWING(?: TRANSPORT CAPACITIES)?:?")
_CONDITIONAL = re.compile(r"\b(?:IF|UNLESS|WHILE|WHEN)\b")
_HARMLESS = (re.compile(r"^NO MORE THAN \w{1,10} UNITS? CAN BE EMBARKED\b"),)
_BARE = re.compile(r"^" + _NUMBER + r"$")
_SPLIT_EACH = re.compile(r",? AND (?=EACH )|, (?=EACH )")
#: A text that is only a load ("6 ADEPTUS CUSTODES INFANTRY models"): the capacity without its verb.
#: "It can transport up to 2 DREADNOUGHT models, which each take up the space of 10 models": a load beside the capacity.
_EXTRA_LOAD = re.compile(
    r"^(?:UP TO )?"
    + _NUMBER
    + r" ([^,.;:]{1,200}?) MODELS?, WHICH (?:EACH )?TAKES? UP THE SPACE OF "
    + _NUMBER
    + r" MODELS?"
)
#: "(including any models embarked upon it)": a vehicle that rides counts with its own passengers; said inside
#: the sentence it would cut it in two (remarks are read as clauses of their own).
_WITH_PASSENGERS = re.compile(r" ?\((?:INCLUDING|INCULDING) ANY MODELS EMBARKED (?:UPON|WITHIN|IN|ON) (?:IT|THEM)\)")
_LOAD_ONLY = re.compile(r"^" + _NUMBER + r" [^.;:]{1,200} MODELS?$")
_SENTENCE = re.compile(r"(?<=[.;]) |\n|[•·]|^ ?- | - (?=\d)", re.MULTILINE)
_PARENS = re.compile(r"\(([^()]*)\)")
_PLACEHOLDER_TYPO = re.compile(r"< ?([A-Z][A-Z' -]{0,40}?) ?[<>]")
_PAREN_PLACEHOLDER = re.compile(r"\( ?(" + "|".join(sorted(KNOWN_PLACEHOLDERS)) + r") ?\)")
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

#: One question a parse asked its vocabulary, with the answer: ("bool", (), truth), ("longest", (), words) or
#: ("find", words, the name found or None). See :class:`AskedVocabulary`.
Question = tuple[str, tuple[str, ...], object]


class AskedVocabulary(Vocabulary):
    """A vocabulary that notes what a parse asks of another (``inner``), and its answers.

    A parse depends on its vocabulary only through those answers: a text parsed with one vocabulary is
    parsed the same with any other that gives them too (:func:`answers_alike`). Twelve Space Marine chapters
    read their library's transports, each with its own names: one parse serves them all.
    """

    def __init__(self, inner: Vocabulary) -> None:
        super().__init__()
        self.inner = inner
        self.longest = inner.longest
        self.asked: list[Question] = [("longest", (), inner.longest)]

    def __bool__(self) -> bool:
        answer = bool(self.inner)
        self.asked.append(("bool", (), answer))
        return answer

    def find(self, words: list[str]) -> str | None:
        answer = self.inner.find(words)
        self.asked.append(("find", tuple(words), answer))
        return answer


def answers_alike(asked: Sequence[Question], vocabulary: Vocabulary) -> bool:
    """Whether ``vocabulary`` gives every answer of ``asked`` (an :class:`AskedVocabulary`'s questions)."""
    for question, words, answer in asked:
        if question == "find":
            given: object = vocabulary.find(list(words))
        elif question == "bool":
            given = bool(vocabulary)
        else:
            given = vocabulary.longest
        if given != answer:
            return False
    return True


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
        self.wound_limits: list[WoundLimit] = []
        #: After "one of the following": the alternative loads (count, keyword alternatives, most wounds).
        self.choosing = False
        self.choices: list[tuple[int, list[list[str]], int | None]] = []
        self.understood = True
        #: Clauses read so far (a load alone is a capacity only as the first).
        self.clauses = 0

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
        first = not self.clauses
        self.clauses += 1
        if any(pattern.match(clause) for pattern in _HARMLESS):
            return
        bare = _BARE.match(clause)
        if bare:
            self._set_capacity(_number(bare.group(1)))
            return
        if _ONE_OF.fullmatch(clause):
            self.choosing = True  # the list items that follow are alternative loads
            return
        if self.choosing and _COUNT_START.match(clause):
            self._choice(clause)
            return
        if (
            first
            and _LOAD_ONLY.fullmatch(clause)
            and not any(verb.search(clause) for verb in (_CAPACITY_VERB, _FORBID_VERB, _SPACE_VERB))
        ):
            self._capacity(clause)  # "20 <HIVE FLEET> GARGOYLES models": the text opens with the load alone
            return
        for part in _SPLIT_EACH.split(clause):
            self._clause(part.strip(" ,"))

    def _choice(self, clause: str) -> None:
        """One item of "one of the following": ``N LIST [with a Wounds characteristic of M or less]``."""
        head = _COUNT_START.match(clause)
        if head is None:
            self.understood = False
            return
        phrase, low, high, _ = self._wounds(clause[head.end() :].strip())
        alternatives = self.alternatives(phrase)
        if not alternatives or low is not None:
            self.understood = False  # "models with 3 wounds or more may embark": not kept
            return
        self.choices.append((_number(head.group(1)), alternatives, high))

    def _clause(self, clause: str) -> None:
        """One clause: a capacity, a refusal or a space rule; anything else is not understood."""
        clause = _WITH_KEYWORD.sub(lambda m: f"{m.group(1)} MODELS", clause)
        capacity = _CAPACITY_VERB.search(clause)
        if capacity:
            lead, rest = clause[: capacity.start()], clause[capacity.end() :].strip()
            total = _IN_TOTAL.search(rest) if rest.startswith("ANY NUMBER OF ") else None
            if total and not _CONDITIONAL.search(lead):
                # "any number of A CHARACTERS and one other B unit, but no more than 10 models in total": the
                # count of units, like "no more than two units", does not matter when one unit rides.
                self._set_capacity(_number(total.group(1)))
                who = _UNIT_WORDS.sub(" OR ", rest[len("ANY NUMBER OF ") : total.start()])
                for alternative in self.alternatives(who):
                    if alternative not in self.allowed:
                        self.allowed.append(alternative)
                return
            extra = _EXTRA_LOAD.fullmatch(rest)
            if extra and self.capacity is not None and not _CONDITIONAL.search(lead):
                self._extra_load(_number(extra.group(1)), extra.group(2), _number(extra.group(3)))
                return
            count = _COUNT_START.match(rest)
            if _CONDITIONAL.search(lead) or count is None:
                self.understood = False  # "if equipped with…", "any number of…", "as follows:"
                return
            self._capacity(rest)
            return
        forbid = _FORBID_VERB.search(clause)
        if forbid:
            if _CONDITIONAL.search(clause[: forbid.start()]):
                self.understood = False
                return
            self._forbid(clause[forbid.end() :].strip())
            return
        space = _SPACE_VERB.search(clause)
        if space:
            subject = _SUBJECT_LEAD.sub("", clause[: space.start()].strip(), count=1)
            subject = _SUBJECT_TRAIL.sub("", subject, count=1)
            tail = clause[space.end() :]
            if not subject or _CONDITIONAL.search(subject) or not _SPACE_TAIL.fullmatch(tail):
                self.understood = False
                return
            self._space(subject, _number(space.group(1)))
            return
        self.understood = False

    def _wounds(self, phrase: str) -> tuple[str, int | None, int | None, bool]:
        """``phrase`` without its wounds condition, the bounds it sets (min, max), and whether it had one."""
        found = _WOUNDS.search(phrase)
        if found is None:
            return phrase, None, None, False
        value = _number(found.group(2))
        than, after = found.group(1), found.group(3)
        low: int | None = None
        high: int | None = None
        if than == "MORE":
            low = value + 1
        elif than == "LESS":
            high = value - 1
        elif after == "MORE" or after == "HIGHER":
            low = value
        elif after in ("LESS", "FEWER", "LOWER"):
            high = value
        else:
            low = high = value
        rest = (phrase[: found.start()] + " " + phrase[found.end() :]).strip()
        return rest, low, high, True

    def _capacity(self, rest: str) -> None:
        """``N A, B or C models``, maybe ``or M D models`` (another count) or ``and 1 E model`` (one more)."""
        units = _UNITS_UP_TO.search(rest)
        if units:
            rest = rest[: units.start()] + " MODELS"
            total = _number(units.group(1))
            head = _COUNT_START.match(rest)
            rest = f"{total}{rest[head.end() :]}" if head else rest
        parts: list[tuple[str, str]] = []
        joiner = ""
        position = 0
        for more in _MORE_COUNTS.finditer(rest):
            parts.append((joiner, rest[position : more.start()]))
            joiner, position = more.group(1), more.end()
        parts.append((joiner, rest[position:]))
        counted: list[tuple[str, int, list[list[str]]]] = []
        for how, part in parts:
            head = _COUNT_START.match(part.strip())
            if head is None:
                self.understood = False
                return
            phrase, _, _, has_wounds = self._wounds(part.strip()[head.end() :])
            if has_wounds:
                self.understood = False  # "1 MONSTER with a Wounds characteristic of 16 or less": not kept
            counted.append((how, _number(head.group(1)), self.alternatives(phrase)))
        # "1 TAUROS model or 2 DROP SENTINEL models": a capacity of 2 where a TAUROS takes the space of 2.
        self._loads([(count, alternatives, None) for how, count, alternatives in counted if how in ("", "OR")])
        for how, count, alternatives in counted:
            if how not in ("AND", "PLUS"):
                continue
            if count != 1 or not alternatives:
                self.understood = False
                continue
            # "and 1 RECON DRONE model": one such model rides on top of the capacity.
            for alternative in alternatives:
                self.allowed.append(alternative)
                self.space.append(SpaceRule(keywords=alternative, space=0))

    def _extra_load(self, count: int, phrase: str, places: int) -> None:
        """``N A or B models, which each take up the space of M models``, said after the capacity.

        One unit rides a dedicated transport (what the validator checks), so such a
        load is an alternative like those of "one of the following": each of its
        models takes the space that lets ``N`` and no more fit (a capacity of 40,
        "up to 2 DREADNOUGHT models, which each take up the space of 10": 20 each),
        or the space the text gives when that is more.
        """
        alternatives = self.alternatives(phrase)
        capacity = self.capacity
        if not alternatives or not count or capacity is None:
            self.understood = False
            return
        space = max(places, capacity // count)
        for alternative in alternatives:
            if alternative not in self.allowed:
                self.allowed.append(alternative)
            self.space.append(SpaceRule(keywords=alternative, space=space))

    def _forbid(self, phrase: str) -> None:
        """``A, B or C models``; the last may carry a wounds condition, and ``non-X`` exempts X."""
        phrase, low, high, has_wounds = self._wounds(phrase)
        words = phrase.split(" ")
        unless = [w.removeprefix("NON-") for w in words if w.startswith("NON-") and len(w) > 4]
        phrase = " ".join(w for w in words if not w.startswith("NON-"))
        alternatives = self.alternatives(phrase)
        if has_wounds:
            if low is None or high is not None:
                self.understood = False  # "cannot transport models with 3 wounds or less": not kept
                return
            last = alternatives.pop() if alternatives else []
            self.wound_limits.append(WoundLimit(keywords=last, min_wounds=low, unless=unless))
        elif unless or not alternatives:
            self.understood = False
            return
        for alternative in alternatives:
            if len(alternative) == 1:
                if alternative[0] not in self.forbidden:
                    self.forbidden.append(alternative[0])
            else:
                self.understood = False  # "no <CHAPTER> DREADNOUGHT" is not a single keyword

    def _space(self, subject: str, places: int) -> None:
        subject, low, high, has_wounds = self._wounds(subject)
        alternatives = self.alternatives(subject)
        if not alternatives and has_wounds:
            alternatives = [[]]  # "each model with a Wounds characteristic of 3 or more"
        if not alternatives:
            self.understood = False
        for alternative in alternatives:
            self.space.append(SpaceRule(keywords=alternative, space=places, min_wounds=low, max_wounds=high))

    def _set_capacity(self, count: int) -> None:
        self.capacities += 1
        if self.capacity is None:
            self.capacity = count
        else:
            self.understood = False  # two capacities ("if equipped with…, 12 instead")

    def _loads(self, loads: list[tuple[int, list[list[str]], int | None]]) -> None:
        """Alternative loads (count, who, most wounds).

        The largest count is the capacity; the others' riders take the space
        that makes them fit ("one of the following: 20 INFANTRY models; 1
        MONSTER": a MONSTER takes 20 places).
        """
        largest = max(count for count, _, _ in loads)
        self._set_capacity(largest)
        for count, alternatives, high in loads:
            if not alternatives or not count or largest % count:
                self.understood = False
                continue
            for alternative in alternatives:
                if alternative not in self.allowed:
                    self.allowed.append(alternative)
                if count != largest:
                    self.space.append(SpaceRule(keywords=alternative, space=largest // count))
                if high is not None:
                    # "1 MONSTER with a Wounds characteristic of 16 or less": a tougher one cannot embark.
                    self.wound_limits.append(WoundLimit(keywords=alternative, min_wounds=high + 1))

    def result(self, text: str) -> TransportCapacity:
        if self.choices:
            self._loads(self.choices)
        elif self.choosing:
            self.understood = False
        if self.capacities != 1:
            self.understood = False
        allowed = _simplest(self.allowed)
        # The validator uses the first space rule a model matches: the most specific first.
        space = sorted(self.space, key=lambda rule: (-len(rule.keywords), -(rule.min_wounds or 0)))
        return TransportCapacity(
            capacity=self.capacity,
            allowed=allowed,
            forbidden=self.forbidden,
            space=space,
            wound_limits=self.wound_limits,
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
    upper = _SPACES.sub(" ", text.upper().replace("’", "'").replace("‘", "'"))
    upper = _WITH_PASSENGERS.sub("", upper)
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
