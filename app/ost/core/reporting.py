"""Reports as text and as JSON-ready data (the format of ``ost check --format json``).

The JSON layout is documented in ``docs/check-json.md``; its ``format_version``
changes whenever a field changes meaning or goes away.
"""

from __future__ import annotations

from typing import Any

from ost.core.armylist import ArmyList
from ost.core.findings import Severity
from ost.core.i18n import Bilingual, pick
from ost.core.text import elide
from ost.core.validator import Report

JSON_FORMAT_VERSION = 1

_MARK = {Severity.ERROR: "✗", Severity.WARNING: "!", Severity.INFO: "i"}


def _range(low: int | None, high: int | None) -> str:
    if low is None and high is None:
        return "–"
    if high is None:
        return f"{low}+"
    return f"{low}–{high}"


def summary_lines(army: ArmyList, report: Report, lang: str) -> list[str]:
    limit = f" / {report.points_limit}" if report.points_limit is not None else ""
    band = report.band or pick(lang, fr="aucune", en="none")
    det_max = f" (max {report.max_detachments})" if report.max_detachments is not None else ""
    head = Bilingual(
        fr="{total}{limit} points, tranche {band}, {n} détachement(s){det_max}",
        en="{total}{limit} points, band {band}, {n} detachment(s){det_max}",
    )
    lines = [
        head.format(total=report.total_points, limit=limit, band=band, n=report.detachments, det_max=det_max)(lang)
    ]
    cells = []
    for count in report.role_counts:
        if count.count == 0 and not count.min:
            continue
        cells.append(f"{count.role.label(lang)} {count.count} ({_range(count.min, count.max)})")
    if cells:
        lines.append(" · ".join(cells))
    return lines


def report_text(army: ArmyList, report: Report, lang: str, *, title: str | None = None) -> str:
    """A report for people: the verdict, the summary and every finding with its rule."""
    name = elide(army.name) or pick(lang, fr="(sans nom)", en="(unnamed)")
    head = f"{title} — " if title else ""
    verdict = report.verdict(lang)
    lines = [pick(lang, fr=f"{head}« {name} » : {verdict}", en=f"{head}“{name}”: {verdict}")]
    lines += [f"  {line}" for line in summary_lines(army, report, lang)]
    for item in report.findings:
        lines.append(f"  {_MARK[item.severity]} {item.code.value}  {item.message(lang)}  [{item.rule}]")
        fix = item.fix(lang)
        if fix:
            lines.append(f"      → {fix}")
    return "\n".join(lines)


def report_data(army: ArmyList, report: Report) -> dict[str, Any]:
    """The JSON form of one checked list."""
    return {
        "name": army.name,
        "legal": report.legal,
        "verdict_fr": report.verdict("fr"),
        "verdict_en": report.verdict("en"),
        "total_points": report.total_points,
        "points_limit": report.points_limit,
        "band": report.band,
        "detachments": report.detachments,
        "max_detachments": report.max_detachments,
        "errors": report.errors,
        "warnings": report.warnings,
        "role_counts": [
            {
                "role": c.role.value,
                "label_fr": c.role.label_fr,
                "label_en": c.role.label_en,
                "count": c.count,
                "min": c.min,
                "max": c.max,
                "per_sheet": c.per_sheet,
            }
            for c in report.role_counts
        ],
        "findings": [
            {
                "code": f.code.value,
                "severity": f.severity.value,
                "message_fr": f.message.fr,
                "message_en": f.message.en,
                "fix_fr": f.fix.fr,
                "fix_en": f.fix.en,
                "units": list(f.units),
                "rule": {"seed": f.rule.seed, "section": f.rule.section},
            }
            for f in report.findings
        ],
    }
