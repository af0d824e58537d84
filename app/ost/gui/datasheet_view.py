"""A datasheet as HTML for the detail pane."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QObject

from ost.core.catalogue import Catalogue, Datasheet


class DatasheetView(QObject):
    """Owns the translatable words of the datasheet pane (Qt Linguist context)."""

    def words(self) -> dict[str, str]:
        return {
            "per_extra": self.tr("(+%1 per extra model)"),
            "class": self.tr("class"),
            "models": self.tr("Models"),
            "points": self.tr("Points"),
            "wounds": self.tr("Wounds per model"),
            "ws": self.tr("WS"),
            "bs": self.tr("BS"),
            "s": self.tr("S"),
            "t": self.tr("T"),
            "w": self.tr("W"),
            "ld": self.tr("Ld"),
            "sv": self.tr("Sv"),
            "weapon": self.tr("Weapon"),
            "range": self.tr("Range"),
            "type": self.tr("Type"),
            "ap": self.tr("AP"),
            "abilities": self.tr("Abilities"),
            "weapons": self.tr("Weapons"),
            "capacity": self.tr("Transport capacity"),
            "forbidden": self.tr("forbidden:"),
            "places": self.tr("%1 places"),
            "keywords": self.tr("Keywords"),
            "faction_keywords": self.tr("Faction keywords"),
            "never": self.tr("Never holds objectives (non-operational)."),
        }


def datasheet_html(sheet: Datasheet, catalogue: Catalogue, lang: str) -> str:
    words = DatasheetView().words()

    def _t(key: str) -> str:
        return words[key]

    faction = catalogue.factions.get(sheet.faction)
    size = str(sheet.min_models) if sheet.min_models == sheet.max_models else f"{sheet.min_models}–{sheet.max_models}"
    points = f"{sheet.points}"
    if sheet.points_per_model:
        points += " " + _t("per_extra").replace("%1", str(sheet.points_per_model))
    parts = [
        f"<h2>{escape(sheet.name)}</h2>",
        f"<p><b>{escape(faction.name if faction else sheet.faction)}</b> · {escape(sheet.role.label(lang))}"
        f" · {escape(sheet.unit_type.label(lang))}, {_t('class')} {sheet.unit_class}</p>",
        f"<p>{_t('models')}: {size} · {_t('points')}: {points} · {_t('wounds')}: {sheet.wounds}</p>",
    ]
    if sheet.profiles:
        head = ["", "M", _t("ws"), _t("bs"), _t("s"), _t("t"), _t("w"), "A", _t("ld"), _t("sv")]
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
        head = [_t("weapon"), _t("range"), _t("type"), _t("s"), _t("ap"), "D", _t("abilities")]
        rows = "".join(
            "<tr>"
            + "".join(f"<td>{escape(v)}</td>" for v in (w.name, w.range, w.type, w.s, w.ap, w.d, w.abilities))
            + "</tr>"
            for w in sheet.weapons
        )
        parts.append(
            "<h3>"
            + _t("weapons")
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
        parts.append("<h3>" + _t("abilities") + "</h3><ul>" + "".join(items) + "</ul>")
    transport = sheet.transport
    if transport is not None and transport.capacity is not None:
        details = []
        if transport.allowed:
            details.append(escape(" | ".join(" ".join(a) for a in transport.allowed)))
        if transport.forbidden:
            details.append(_t("forbidden") + " " + escape(", ".join(transport.forbidden)))
        details += [
            escape(" ".join(rule.keywords)) + " = " + _t("places").replace("%1", str(rule.space))
            for rule in transport.space
        ]
        extra = f" ({'; '.join(details)})" if details else ""
        parts.append(f"<p><b>{_t('capacity')}</b>: {transport.capacity}{extra}</p>")
    parts.append(
        f"<p><b>{_t('keywords')}</b>: {escape(', '.join(sheet.keywords))}<br>"
        f"<b>{_t('faction_keywords')}</b>: {escape(', '.join(sheet.faction_keywords))}</p>"
    )
    if sheet.never_holds_objectives:
        parts.append(f"<p><i>{_t('never')}</i></p>")
    return "".join(parts)
