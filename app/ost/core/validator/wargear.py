"""Wargear choices within their groups' limits (``WARGEAR-LIMIT``); the rules live in :mod:`ost.core.wargear`."""

from __future__ import annotations

from ost.core.findings import Finding
from ost.core.validator.context import Context
from ost.core.wargear import wargear_findings


def check_wargear(ctx: Context) -> list[Finding]:
    """Every unit's wargear against its datasheet's choice groups."""
    return wargear_findings(ctx.army, ctx.catalogue)
