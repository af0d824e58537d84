"""The composition validator: a pure function of (catalogue, list) -> report.

The rules are those of ``SPEC.md`` §2–§3 (seed 000, COMPOSITION D'ARMÉE;
seed 001, Transport (X) and Personnage Lié). Choices where the texts are
silent are written down in ``docs/rules.md`` and tested.

One module per group of rules, each a set of checks over one shared,
read-only :class:`~ost.core.validator.context.Context`:

- ``composition``: band, points, unit sizes and options, unknown datasheets,
  detachments and faction keywords, role counts and per-datasheet caps;
- ``transports``: assigned transports, and :func:`boarding_problems` for the window;
- ``characters``: linked characters, and :func:`joining_problems` for the window;
- ``warlord``: the warlord and reserves;
- ``prices``: a list's own prices against the catalogue's;
- ``pairing``: the transports and links a foreign list leaves unsaid.
"""

from __future__ import annotations

from ost.core.armylist import ArmyList
from ost.core.catalogue import Catalogue
from ost.core.findings import Code, Finding
from ost.core.validator.characters import CLASS_1_JOINS, MAX_LINKED_CHARACTERS, check_characters, joining_problems
from ost.core.validator.composition import (
    COUNTED_ROLES,
    check_band,
    check_detachments,
    check_points,
    check_roles,
    check_units,
    role_counts,
)
from ost.core.validator.context import Context, ValidatorOptions
from ost.core.validator.pairing import Assumption, assume_pairings
from ost.core.validator.prices import check_prices
from ost.core.validator.report import Report, RoleCount
from ost.core.validator.transports import WALKER_MIN_CAPACITY, boarding_problems, check_transports
from ost.core.validator.wargear import check_picks, check_wargear
from ost.core.validator.warlord import check_reserves, check_warlord
from ost.core.validator.words import FIX_NAMES

__all__ = [
    "CLASS_1_JOINS",
    "COUNTED_ROLES",
    "FIX_NAMES",
    "MAX_LINKED_CHARACTERS",
    "WALKER_MIN_CAPACITY",
    "Assumption",
    "Report",
    "RoleCount",
    "ValidatorOptions",
    "assume_pairings",
    "boarding_problems",
    "joining_problems",
    "validate",
]

#: The checks, in the order their findings are gathered (findings are then sorted by severity and code).
CHECKS = (
    check_units,
    check_wargear,
    check_picks,
    check_points,
    check_detachments,
    check_roles,
    check_transports,
    check_characters,
    check_warlord,
    check_reserves,
    check_prices,
    check_band,
)

_CODE_ORDER = {code: i for i, code in enumerate(Code)}


def validate(catalogue: Catalogue, army: ArmyList, options: ValidatorOptions | None = None) -> Report:
    """Check ``army`` against the rules and ``catalogue``; never raises on list content."""
    ctx = Context(catalogue, army, options)
    findings: list[Finding] = [item for check in CHECKS for item in check(ctx)]
    findings.sort(key=lambda f: (f.severity.rank, _CODE_ORDER[f.code]))
    band = ctx.band
    return Report(
        findings=tuple(findings),
        total_points=ctx.total,
        points_limit=army.points_limit,
        band=band.label if band else None,
        max_detachments=band.max_detachments if band else None,
        detachments=len(ctx.non_empty),
        role_counts=tuple(role_counts(ctx)),
    )
