"""Findings: what the validator says about a list, in French and English."""

from __future__ import annotations

from enum import StrEnum

from ost.core.i18n import Bilingual, pick
from ost.core.model import FrozenModel

#: The fix of a finding that has none.
NO_FIX = Bilingual.same("")


class Severity(StrEnum):
    """An error makes a list not legal; a warning flags what could not be verified."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]

    def label(self, lang: str) -> str:
        return _SEVERITY_LABELS[self.value](lang)


_SEVERITY_LABELS = {
    "error": Bilingual(fr="erreur", en="error"),
    "warning": Bilingual(fr="avertissement", en="warning"),
    "info": Bilingual.same("info"),
}


class RuleRef(FrozenModel, kw_only=True, frozen=True):
    """Where a rule comes from: a seed file (``000``…) and its section."""

    seed: str
    section: str

    def __str__(self) -> str:
        return f"seed {self.seed}, {self.section}"

    def name(self, lang: str) -> str:
        """Where the rule is, in words a player knows ("MAC HAMMER 40K · ARMY COMPOSITION"), not seed numbers.

        The printouts and the window's tooltips both say it this way.
        """
        book = {
            "000": "MAC HAMMER 40K",
            "001": pick(lang, fr="Capacités spéciales", en="Special abilities"),
        }.get(self.seed, "Ost")
        section = _SECTIONS_EN.get(self.section, self.section) if lang == "en" else self.section
        return f"{book} · {section}"


#: The rules' section names in English (the findings name them in French).
_SECTIONS_EN = {
    "COMPOSITION D'ARMÉE": "ARMY COMPOSITION",
    "DÉPLOIEMENT": "DEPLOYMENT",
    "RÉSERVES": "RESERVES",
    "Personnage Lié": "Linked Character",
    "§4 Équipement": "§4 Wargear",
}


COMPOSITION = RuleRef(seed="000", section="COMPOSITION D'ARMÉE")
DEPLOYMENT = RuleRef(seed="000", section="DÉPLOIEMENT")
RESERVES = RuleRef(seed="000", section="RÉSERVES")
TRANSPORT_X = RuleRef(seed="001", section="Transport (X)")
LINKED_CHARACTER = RuleRef(seed="001", section="Personnage Lié")
CATALOGUE = RuleRef(seed="SPEC", section="Catalogue")
WARGEAR = RuleRef(seed="SPEC", section="§4 Équipement")


class Code(StrEnum):
    """Every finding code of SPEC.md §3, plus the few Ost adds (documented in docs/rules.md)."""

    BAND_NONE = "BAND-NONE"
    POINTS_OVER = "POINTS-OVER"
    ROLE_MIN = "ROLE-MIN"
    ROLE_MAX = "ROLE-MAX"
    SHEET_MAX = "SHEET-MAX"
    DET_MAX = "DET-MAX"
    DET_EMPTY = "DET-EMPTY"
    DET_FACTION = "DET-FACTION"
    UNIT_UNDER = "UNIT-UNDER"
    UNIT_OVER = "UNIT-OVER"
    UNIT_UNKNOWN = "UNIT-UNKNOWN"
    TRANSPORT_ORPHAN = "TRANSPORT-ORPHAN"
    TRANSPORT_SHARED = "TRANSPORT-SHARED"
    TRANSPORT_INVALID = "TRANSPORT-INVALID"
    TRANSPORT_EMBARK = "TRANSPORT-EMBARK"
    TRANSPORT_UNVERIFIED = "TRANSPORT-UNVERIFIED"
    TRANSPORT_DETACHMENT = "TRANSPORT-DETACHMENT"
    CHAR_UNLINKED = "CHAR-UNLINKED"
    CHAR_TARGET = "CHAR-TARGET"
    CHAR_MAX = "CHAR-MAX"
    CHAR_CLASS = "CHAR-CLASS"
    WARLORD_INELIGIBLE = "WARLORD-INELIGIBLE"
    WARLORD_MANY = "WARLORD-MANY"
    RESERVES_MAX = "RESERVES-MAX"
    RESERVES_SPLIT = "RESERVES-SPLIT"
    POINTS_REPRICED = "POINTS-REPRICED"
    WARGEAR_LIMIT = "WARGEAR-LIMIT"
    # Ost's own additions.
    CHAR_NOT_LINKABLE = "CHAR-NOT-LINKABLE"
    PLACEHOLDER_UNSET = "PLACEHOLDER-UNSET"
    UNIT_OPTION = "UNIT-OPTION"
    WARLORD_NONE = "WARLORD-NONE"
    WARGEAR_WARLORD = "WARGEAR-WARLORD"
    WARGEAR_UNIQUE = "WARGEAR-UNIQUE"


#: Severity and rule reference of every code.
CODE_INFO: dict[Code, tuple[Severity, RuleRef]] = {
    Code.BAND_NONE: (Severity.ERROR, COMPOSITION),
    Code.POINTS_OVER: (Severity.ERROR, COMPOSITION),
    Code.ROLE_MIN: (Severity.ERROR, COMPOSITION),
    Code.ROLE_MAX: (Severity.ERROR, COMPOSITION),
    Code.SHEET_MAX: (Severity.ERROR, COMPOSITION),
    Code.DET_MAX: (Severity.ERROR, COMPOSITION),
    Code.DET_EMPTY: (Severity.WARNING, COMPOSITION),
    Code.DET_FACTION: (Severity.ERROR, COMPOSITION),
    Code.UNIT_UNDER: (Severity.ERROR, COMPOSITION),
    Code.UNIT_OVER: (Severity.ERROR, COMPOSITION),
    Code.UNIT_UNKNOWN: (Severity.ERROR, CATALOGUE),
    Code.TRANSPORT_ORPHAN: (Severity.ERROR, COMPOSITION),
    Code.TRANSPORT_SHARED: (Severity.ERROR, COMPOSITION),
    Code.TRANSPORT_INVALID: (Severity.ERROR, TRANSPORT_X),
    Code.TRANSPORT_EMBARK: (Severity.ERROR, TRANSPORT_X),
    Code.TRANSPORT_UNVERIFIED: (Severity.WARNING, TRANSPORT_X),
    Code.TRANSPORT_DETACHMENT: (Severity.ERROR, COMPOSITION),
    Code.CHAR_UNLINKED: (Severity.ERROR, LINKED_CHARACTER),
    Code.CHAR_TARGET: (Severity.ERROR, LINKED_CHARACTER),
    Code.CHAR_MAX: (Severity.ERROR, LINKED_CHARACTER),
    Code.CHAR_CLASS: (Severity.ERROR, LINKED_CHARACTER),
    Code.WARLORD_INELIGIBLE: (Severity.ERROR, DEPLOYMENT),
    Code.WARLORD_MANY: (Severity.ERROR, DEPLOYMENT),
    Code.RESERVES_MAX: (Severity.ERROR, RESERVES),
    Code.RESERVES_SPLIT: (Severity.ERROR, LINKED_CHARACTER),
    Code.POINTS_REPRICED: (Severity.WARNING, CATALOGUE),
    Code.WARGEAR_LIMIT: (Severity.ERROR, WARGEAR),
    Code.WARGEAR_WARLORD: (Severity.ERROR, WARGEAR),
    Code.WARGEAR_UNIQUE: (Severity.ERROR, WARGEAR),
    Code.CHAR_NOT_LINKABLE: (Severity.ERROR, LINKED_CHARACTER),
    Code.PLACEHOLDER_UNSET: (Severity.WARNING, COMPOSITION),
    Code.UNIT_OPTION: (Severity.ERROR, CATALOGUE),
    Code.WARLORD_NONE: (Severity.INFO, DEPLOYMENT),
}


class Finding(FrozenModel, kw_only=True, frozen=True):
    """One thing the validator found, with the units it concerns and the rule behind it.

    ``message`` and ``fix`` are :class:`~ost.core.i18n.Bilingual` texts: call
    them with a language (``finding.message("fr")``) or read ``.fr``/``.en``.
    """

    code: Code
    severity: Severity
    message: Bilingual
    units: tuple[str, ...] = ()
    rule: RuleRef
    #: How to put it right, in a sentence ("choisissez un Impulsor ou un Repulsor"); may be empty.
    fix: Bilingual = NO_FIX


def finding(
    code: Code,
    message: Bilingual,
    units: tuple[str, ...] | list[str] = (),
    fix: Bilingual | None = None,
) -> Finding:
    """A finding of ``code``, with the severity and rule every finding of that code has."""
    severity, rule = CODE_INFO[code]
    return Finding(
        code=code,
        severity=severity,
        message=message,
        units=tuple(units),
        rule=rule,
        fix=fix if fix is not None else NO_FIX,
    )
