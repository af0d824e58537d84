"""A datasheet as HTML for the detail pane: the core presenter's view (``ost.core.presenter``), rendered.

The pane may be narrow: the HTML lays out to its width. Short figures
("3+", '24"') never break; names and texts wrap at spaces only (the words
are tied with the width of the pane, not cut letter by letter); a weapon's
abilities go on their own line under it instead of a seventh column.
"""

from __future__ import annotations

from html import escape

from ost.core.catalogue import Catalogue, Datasheet
from ost.core.presenter import DatasheetView, label, present

_TABLE = "<table width='100%' border='0' cellspacing='0' cellpadding='3' style='border-collapse: collapse;'>"
_CELL = "style='white-space: nowrap;'"
_HEAD = "style='white-space: nowrap; background-color: #2f3b4c; color: white;'"


def _row(cells: list[str], *, head: bool = False, left: frozenset[int] = frozenset({0})) -> str:
    """One table row: the first cell wraps at spaces, the others never break; figures right-aligned."""
    out = []
    for index, cell in enumerate(cells):
        style = _HEAD if head else ("" if index == 0 else _CELL)
        align = " align='left'" if index in left else " align='right'"
        tag = "th" if head else "td"
        out.append(f"<{tag} {style}{align}>{escape(cell)}</{tag}>")
    return "<tr>" + "".join(out) + "</tr>"


def view_html(view: DatasheetView) -> str:
    """The HTML of a presenter view (no Qt needed: the tests read it as text)."""
    lang = view.lang
    colon = " :" if lang == "fr" else ":"
    parts = [
        f"<h2>{escape(view.name)}</h2>",
        f"<p><b>{escape(view.faction)}</b> · {escape(view.role)} · {escape(view.unit_type)}, "
        f"{label(lang, 'class')} {view.unit_class}</p>",
        f"<p>{label(lang, 'models')}{colon} {escape(view.models)} · {escape(view.cost)} · "
        f"{escape(view.wounds_note)} · {label(lang, 'control')}{colon} ×{view.control_factor}</p>",
    ]
    if view.profiles:
        rows = [_row(list(view.profile_head), head=True)]
        rows += [_row([p.name, *p.values]) for p in view.profiles]
        parts.append(_TABLE + "".join(rows) + "</table>")
    if view.weapons:
        head = list(view.weapon_head)
        text_columns = frozenset({0, 2})  # name and type read as words
        rows = [_row(head, head=True, left=text_columns)]
        option = label(lang, "option")
        for weapon in view.weapons:
            name = weapon.name + (f" ({option})" if weapon.origin == "option" else "")
            rows.append(_row([name, weapon.range, weapon.type, weapon.s, weapon.ap, weapon.d], left=text_columns))
            if weapon.abilities:
                rows.append(f"<tr><td colspan='{len(head)}'><i>{escape(weapon.abilities)}</i></td></tr>")
        parts.append(f"<h3>{label(lang, 'weapons')}</h3>" + _TABLE + "".join(rows) + "</table>")
    if view.abilities:
        items = [
            f"<li><b>{escape(a.name)}</b>" + (f" — {escape(a.summary)}" if a.summary else "") + "</li>"
            for a in view.abilities
        ]
        parts.append(f"<h3>{label(lang, 'abilities')}</h3><ul>" + "".join(items) + "</ul>")
    if view.transport is not None:
        parts.append(f"<p><b>{label(lang, 'transport')}</b>{colon} {escape(view.transport)}</p>")
    if view.options:
        parts.append(f"<p><b>{label(lang, 'options')}</b>{colon} {escape(', '.join(view.options))}</p>")
    parts.append(
        f"<p><b>{label(lang, 'keywords')}</b>{colon} {escape(', '.join(view.keywords))}<br>"
        f"<b>{label(lang, 'faction_keywords')}</b>{colon} {escape(', '.join(view.faction_keywords))}</p>"
    )
    notes = []
    if view.independent_character:
        notes.append(label(lang, "independent"))
    if view.non_operational:
        notes.append(label(lang, "non_operational"))
    if notes:
        parts.append("<p><i>" + "<br>".join(escape(n) for n in notes) + "</i></p>")
    return "".join(parts)


def datasheet_html(sheet: Datasheet, catalogue: Catalogue, lang: str) -> str:
    return view_html(present(sheet, catalogue, lang))
