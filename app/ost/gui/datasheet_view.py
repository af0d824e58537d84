"""A datasheet as HTML for the detail pane."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication

from ost.core.catalogue import Catalogue, Datasheet


def _t(text: str) -> str:
    return QCoreApplication.translate("DatasheetView", text)


def datasheet_html(sheet: Datasheet, catalogue: Catalogue, lang: str) -> str:
    faction = catalogue.factions.get(sheet.faction)
    size = str(sheet.min_models) if sheet.min_models == sheet.max_models else f"{sheet.min_models}–{sheet.max_models}"
    points = f"{sheet.points}"
    if sheet.points_per_model:
        points += " " + _t("(+%1 per extra model)").replace("%1", str(sheet.points_per_model))
    parts = [
        f"<h2>{escape(sheet.name)}</h2>",
        f"<p><b>{escape(faction.name if faction else sheet.faction)}</b> · {escape(sheet.role.label(lang))}"
        f" · {escape(sheet.unit_type.label(lang))}, {_t('class')} {sheet.unit_class}</p>",
        f"<p>{_t('Models')}: {size} · {_t('Points')}: {points} · {_t('Wounds per model')}: {sheet.wounds}</p>",
    ]
    if sheet.profiles:
        head = ["", "M", _t("WS"), _t("BS"), _t("S"), _t("T"), _t("W"), "A", _t("Ld"), _t("Sv")]
        rows = "".join(
            "<tr>"
            + "".join(f"<td>{escape(v)}</td>" for v in (p.name, p.m, p.ws, p.bs, p.s, p.t, p.w, p.a, p.ld, p.sv))
            + "</tr>"
            for p in sheet.profiles
        )
        parts.append(
            "<table border='1' cellspacing='0' cellpadding='3'><tr>"
            + "".join(f"<th>{escape(h)}</th>" for h in head)
            + f"</tr>{rows}</table>"
        )
    if sheet.weapons:
        head = [_t("Weapon"), _t("Range"), _t("Type"), _t("S"), _t("AP"), "D", _t("Abilities")]
        rows = "".join(
            "<tr>"
            + "".join(f"<td>{escape(v)}</td>" for v in (w.name, w.range, w.type, w.s, w.ap, w.d, w.abilities))
            + "</tr>"
            for w in sheet.weapons
        )
        parts.append(
            "<h3>"
            + _t("Weapons")
            + "</h3><table border='1' cellspacing='0' cellpadding='3'><tr>"
            + "".join(f"<th>{escape(h)}</th>" for h in head)
            + f"</tr>{rows}</table>"
        )
    if sheet.abilities:
        items = []
        for ability in sheet.abilities:
            entry = catalogue.ability(ability.name)
            name = entry.name(lang) if entry else ability.name
            shown = f"{name} ({ability.parameter})" if ability.parameter else name
            text = ability.text or (entry.summary(lang) if entry else "")
            items.append(f"<li><b>{escape(shown)}</b>" + (f" — {escape(text)}" if text else "") + "</li>")
        parts.append("<h3>" + _t("Abilities") + "</h3><ul>" + "".join(items) + "</ul>")
    if sheet.transport is not None and sheet.transport.capacity is not None:
        parts.append(
            "<p><b>"
            + _t("Transport capacity")
            + f"</b>: {sheet.transport.capacity}"
            + (
                f" ({escape(' | '.join(' '.join(a) for a in sheet.transport.allowed))})"
                if sheet.transport.allowed
                else ""
            )
            + "</p>"
        )
    parts.append(
        f"<p><b>{_t('Keywords')}</b>: {escape(', '.join(sheet.keywords))}<br>"
        f"<b>{_t('Faction keywords')}</b>: {escape(', '.join(sheet.faction_keywords))}</p>"
    )
    if sheet.never_holds_objectives:
        parts.append(f"<p><i>{_t('Never holds objectives (non-operational).')}</i></p>")
    return "".join(parts)
