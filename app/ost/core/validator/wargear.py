"""Wargear choices within their groups' limits (``WARGEAR-LIMIT``); the rules live in :mod:`ost.core.wargear`."""

from __future__ import annotations

from ost.core.findings import Finding
from ost.core.validator.context import Context
from ost.core.wargear import unit_wargear_findings


def check_wargear(ctx: Context) -> list[Finding]:
    """Every unit's wargear against its datasheet's choice groups (worked out once per unit, with its points)."""
    out: list[Finding] = []
    for entry in ctx.entries:
        if entry.sheet is not None and entry.wargear is not None:
            out.extend(unit_wargear_findings(entry.unit, entry.sheet, entry.wargear))
    return out
