"""The validator's answer: its findings and the summary a sheet prints."""

from __future__ import annotations

from ost.core.findings import Finding, Severity
from ost.core.i18n import pick
from ost.core.model import FrozenModel
from ost.core.roles import Role


class RoleCount(FrozenModel, kw_only=True, frozen=True):
    """Units of one role in the list, against the band's minimum, maximum and per-datasheet cap."""

    role: Role
    count: int
    min: int | None
    max: int | None
    per_sheet: int | None


class Report(FrozenModel, kw_only=True, frozen=True):
    """The validator's answer: findings and the summary a sheet prints."""

    findings: tuple[Finding, ...]
    total_points: int
    points_limit: int | None
    band: str | None
    max_detachments: int | None
    detachments: int
    role_counts: tuple[RoleCount, ...]

    @property
    def legal(self) -> bool:
        return not any(f.severity is Severity.ERROR for f in self.findings)

    @property
    def errors(self) -> int:
        return sum(f.severity is Severity.ERROR for f in self.findings)

    @property
    def warnings(self) -> int:
        return sum(f.severity is Severity.WARNING for f in self.findings)

    def codes(self) -> list[str]:
        return [f.code.value for f in self.findings]

    def verdict(self, lang: str) -> str:
        if self.legal:
            return pick(lang, fr="RÉGLEMENTAIRE", en="LEGAL")
        return pick(lang, fr="NON RÉGLEMENTAIRE", en="NOT LEGAL")
