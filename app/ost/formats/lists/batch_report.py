"""The check report of a batch of lists, for tournament organisers: HTML or JSON.

One row per list file: the file, the list's name, the verdict, the points and
limit, the band, how many errors and warnings the validator found, how many
reading problems (unknown units, lines not understood) the reader reported,
and the finding codes. The HTML page is self-contained (no script, no
external file), every text is escaped, and it reads in French or English.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

import msgspec

from ost.core.i18n import Bilingual, pick

BATCH_FORMAT_VERSION = 1


class BatchRow(msgspec.Struct, frozen=True):
    """One list of the batch; ``error`` is set (and the rest empty) when it could not be read."""

    file: str
    name: str = ""
    legal: bool | None = None
    points: int | None = None
    points_limit: int | None = None
    band: str | None = None
    errors: int = 0
    warnings: int = 0
    reading_problems: int = 0
    reading_format: str | None = None
    codes: tuple[str, ...] = msgspec.field(default_factory=tuple)
    error: str | None = None

    def verdict(self, lang: str) -> str:
        if self.legal is None:
            return pick(lang, fr="ILLISIBLE", en="UNREADABLE")
        if self.legal:
            return pick(lang, fr="RÉGLEMENTAIRE", en="LEGAL")
        return pick(lang, fr="NON RÉGLEMENTAIRE", en="NOT LEGAL")


def _summary(rows: Sequence[BatchRow]) -> dict[str, int]:
    return {
        "lists": len(rows),
        "legal": sum(r.legal is True for r in rows),
        "not_legal": sum(r.legal is False for r in rows),
        "unreadable": sum(r.legal is None for r in rows),
    }


def batch_json(rows: Sequence[BatchRow], *, generated: str | None = None) -> str:
    """The report as a JSON document (layout in ``docs/check-json.md``)."""
    document: dict[str, Any] = {
        "format_version": BATCH_FORMAT_VERSION,
        "kind": "ost-batch-report",
        "generated": generated,
        "summary": _summary(rows),
        "lists": [
            {
                "file": r.file,
                "name": r.name,
                "legal": r.legal,
                "verdict_fr": r.verdict("fr"),
                "verdict_en": r.verdict("en"),
                "points": r.points,
                "points_limit": r.points_limit,
                "band": r.band,
                "errors": r.errors,
                "warnings": r.warnings,
                "reading_problems": r.reading_problems,
                "reading_format": r.reading_format,
                "codes": list(r.codes),
                "error": r.error,
            }
            for r in rows
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


#: The page's words, in both languages.
_TEXTS = {
    "title": Bilingual(fr="Contrôle des listes", en="List check"),
    "file": Bilingual(fr="Fichier", en="File"),
    "name": Bilingual(fr="Liste", en="List"),
    "verdict": Bilingual(fr="Verdict", en="Verdict"),
    "points": Bilingual(fr="Points", en="Points"),
    "band": Bilingual(fr="Tranche", en="Band"),
    "errors": Bilingual(fr="Erreurs", en="Errors"),
    "warnings": Bilingual(fr="Avert.", en="Warn."),
    "reading": Bilingual(fr="Lecture", en="Reading"),
    "codes": Bilingual(fr="Constats", en="Findings"),
    "summary": Bilingual(
        fr="{lists} liste(s) : {legal} réglementaire(s), {not_legal} non réglementaire(s), {unreadable} illisible(s).",
        en="{lists} list(s): {legal} legal, {not_legal} not legal, {unreadable} unreadable.",
    ),
    "generated": Bilingual(fr="Produit par Ost le {date}.", en="Made by Ost on {date}."),
    "reading_note": Bilingual(
        fr="« Lecture » compte les unités absentes du catalogue, les lignes non comprises et les doutes "
        "de lecture : à vérifier à la main.",
        en="“Reading” counts units missing from the catalogue, lines not understood and uncertain "
        "matches: check them by hand.",
    ),
    "none": Bilingual(fr="aucune", en="none"),
    "unnamed": Bilingual(fr="(sans nom)", en="(unnamed)"),
}

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 1.5rem; color: #1d1d1f; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
p { margin: .3rem 0; }
table { border-collapse: collapse; margin-top: 1rem; width: 100%; font-size: .92rem; }
th, td { border: 1px solid #c8c8cc; padding: .35rem .5rem; text-align: left; vertical-align: top; }
th { background: #ececf0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.legal td.verdict { background: #dff3e3; color: #145a24; font-weight: 600; }
tr.not-legal td.verdict { background: #fbe1e1; color: #8a1515; font-weight: 600; }
tr.unreadable td.verdict { background: #e6e6e6; color: #444; font-weight: 600; }
td.codes, td.file { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .85rem; }
.muted { color: #666; font-size: .85rem; }
@media print { body { margin: 0; } th { background: #eee !important; } }
"""


def batch_html(rows: Sequence[BatchRow], lang: str = "fr", *, generated: str | None = None) -> str:
    """The report as one self-contained HTML page in ``lang`` ("fr" or "en")."""
    t = {key: text(lang) for key, text in _TEXTS.items()}
    e = html.escape
    head = [t[k] for k in ("file", "name", "verdict", "points", "band", "errors", "warnings", "reading", "codes")]
    body: list[str] = []
    for row in rows:
        css = "unreadable" if row.legal is None else ("legal" if row.legal else "not-legal")
        if row.error is not None:
            cells = [
                f'<td class="file">{e(row.file)}</td>',
                f'<td colspan="1">{e(row.name or "")}</td>',
                f'<td class="verdict">{e(row.verdict(lang))}</td>',
                f'<td colspan="6">{e(row.error)}</td>',
            ]
        else:
            points = "" if row.points is None else str(row.points)
            if row.points_limit is not None:
                points += f" / {row.points_limit}"
            cells = [
                f'<td class="file">{e(row.file)}</td>',
                f"<td>{e(row.name or t['unnamed'])}</td>",
                f'<td class="verdict">{e(row.verdict(lang))}</td>',
                f'<td class="num">{e(points)}</td>',
                f"<td>{e(row.band or t['none'])}</td>",
                f'<td class="num">{row.errors}</td>',
                f'<td class="num">{row.warnings}</td>',
                f'<td class="num">{row.reading_problems}</td>',
                f'<td class="codes">{e(", ".join(row.codes))}</td>',
            ]
        body.append(f'<tr class="{css}">' + "".join(cells) + "</tr>")
    summary = t["summary"].format(**_summary(rows))
    made = f'<p class="muted">{e(t["generated"].format(date=generated))}</p>' if generated else ""
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{pick(lang, fr="fr", en="en")}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{e(t['title'])}</title>",
            f"<style>{_STYLE}</style>",
            "</head>",
            "<body>",
            f"<h1>{e(t['title'])}</h1>",
            f"<p>{e(summary)}</p>",
            made,
            "<table>",
            "<thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in head) + "</tr></thead>",
            "<tbody>",
            *body,
            "</tbody>",
            "</table>",
            f'<p class="muted">{e(t["reading_note"])}</p>',
            "</body>",
            "</html>",
            "",
        ]
    )
