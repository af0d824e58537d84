"""Prices stated by the list (a roster's costs, a text's ``[N pts]``) against the catalogue's (SPEC §5)."""

from __future__ import annotations

from ost.core.armylist import unit_points
from ost.core.findings import Code, Finding
from ost.core.i18n import Bilingual
from ost.core.validator.context import Context, Entry, found


def check_prices(ctx: Context) -> list[Finding]:
    """POINTS-REPRICED: the list's own prices differ from the catalogue's (both totals, the units that differ)."""
    if ctx.army.stated_total is None and all(e.unit.stated_points is None for e in ctx.entries):
        return []  # priced by nobody but Ost
    differ: list[tuple[Entry, int, int]] = []
    catalogue_total = 0
    stated_sum = 0
    all_stated = bool(ctx.entries)
    for entry in ctx.entries:
        ours = unit_points(entry.unit, ctx.catalogue)
        catalogue_total += ours
        stated = entry.unit.stated_points
        if stated is None:
            all_stated = False
            stated_sum += ours
            continue
        stated_sum += stated
        if stated != ours and entry.sheet is not None:
            differ.append((entry, stated, ours))
    stated_total = ctx.army.stated_total
    if stated_total is None and all_stated:
        stated_total = stated_sum
    total_differs = stated_total is not None and stated_total != catalogue_total
    if not differ and not total_differs:
        return []
    shown = differ[:8]
    more = len(differ) - len(shown)
    units = Bilingual(
        fr=", ".join(f"{e.name} {stated} → {ours}" for e, stated, ours in shown),
        en=", ".join(f"{e.name_en} {stated} → {ours}" for e, stated, ours in shown),
    )
    listed = Bilingual(fr=f"{units.fr} (et {more} autres)", en=f"{units.en} (and {more} more)") if more else units
    if stated_total is not None:
        head = Bilingual(
            fr=f"La liste annonce {stated_total} points ; aux prix du catalogue d'Ost elle en vaut {catalogue_total}",
            en=f"The list states {stated_total} points; at the prices of Ost's catalogue it costs {catalogue_total}",
        )
    else:
        head = Bilingual(
            fr="Des prix annoncés par la liste diffèrent de ceux du catalogue d'Ost",
            en="Prices stated by the list differ from those of Ost's catalogue",
        )
    if ctx.options.as_priced:
        used = Bilingual(fr="les prix de la liste", en="the list's prices")
        fix = Bilingual(
            fr="Vérifiez que ces prix sont ceux du fichier de points du tournoi ; sinon, vérifiez la liste "
            "aux prix du catalogue.",
            en="Check that these prices are those of the tournament's points file; if not, check the list "
            "at the catalogue's prices.",
        )
    else:
        used = Bilingual(fr="les prix du catalogue", en="the catalogue's prices")
        fix = Bilingual(
            fr="Vérifiez les points avec l'auteur de la liste (données plus anciennes ?) ; si le tournoi a "
            "fixé ses points, vérifiez avec les prix de la liste (ost check --as-priced).",
            en="Check the points with the list's author (older data?); if the tournament fixed its points, "
            "check with the list's prices (ost check --as-priced).",
        )
    detail = (
        Bilingual(
            fr=f" ; unités au prix différent (liste → catalogue) : {listed.fr}",
            en=f"; units priced differently (list → catalogue): {listed.en}",
        )
        if differ
        else Bilingual.same("")
    )
    return [
        found(
            Code.POINTS_REPRICED,
            Bilingual(
                fr=f"{head.fr}{detail.fr}. La vérification utilise {used.fr}.",
                en=f"{head.en}{detail.en}. The check uses {used.en}.",
            ),
            [e for e, _, _ in differ],
            fix,
        )
    ]
