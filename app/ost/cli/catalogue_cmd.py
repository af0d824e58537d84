"""``ost catalogue build|status|source|list|show|search|override``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ost.cli.common import EXIT_OK, EXIT_UNREADABLE, load_catalogue, open_catalogue, say
from ost.core.roles import Role
from ost.core.text import fold
from ost.services import build_catalogue, catalogue_status, open_store, parse_override, set_source_enabled
from ost.store import OVERRIDABLE_FIELDS, CatalogueStore, StoreError

if TYPE_CHECKING:  # `list` and `search` read the kept browse table: no datasheet model is imported for them
    from ost.core.catalogue import Catalogue, CatalogueSource, Datasheet
    from ost.store.browsing import BrowseRow


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cat = commands.add_parser("catalogue", aliases=["catalog"], help="build and browse the unit catalogue")
    cat.set_defaults(handler=run)
    cat_commands = cat.add_subparsers(dest="action", metavar="ACTION", required=True)
    build = cat_commands.add_parser("build", help="(re)build the catalogue from its YAML sources")
    build.add_argument("--source", type=Path, help="source folder (default: the shipped catalog/)")
    # Hidden (no help): a build step, run by the wheel's build hook and packaging/build.sh.
    seed = cat_commands.add_parser("seed", description="write the seed database a first start copies (ost.store.seed)")
    seed.add_argument("path", type=Path, nargs="?", help="where (default: where this Ost looks for its seed)")
    cat_commands.add_parser("status", help="the database, its schema and its sources (kind, revision, fingerprint)")
    source = cat_commands.add_parser("source", help="switch a source on or off (the browser and name matching skip it)")
    source.add_argument("switch", choices=("enable", "disable"))
    source.add_argument("source_id", metavar="ID", help="source id (see `ost catalogue status`) or a unique part")
    listing = cat_commands.add_parser("list", help="list datasheets (one line per datasheet over every source)")
    listing.add_argument("--faction", help="only this faction (id or name)")
    listing.add_argument("--role", help="only this role (QG, Troupes, HQ, Troops…)")
    show = cat_commands.add_parser("show", help="show one datasheet")
    show.add_argument("id", help="datasheet id")
    search = cat_commands.add_parser("search", help="search datasheets (accents and case ignored)")
    search.add_argument("query", nargs="+")
    search.add_argument("--limit", type=int, default=50)
    override = cat_commands.add_parser(
        "override",
        help="set your own value for a datasheet field (kept across rebuilds and imports)",
        description=(
            "Without FIELD, lists the datasheet's overrides. With FIELD VALUE, sets one; with FIELD --clear "
            f"(or only --clear), removes it (or all). Fields: {', '.join(OVERRIDABLE_FIELDS)}."
        ),
    )
    override.add_argument("id", help="datasheet id")
    override.add_argument("field", nargs="?", choices=OVERRIDABLE_FIELDS, metavar="FIELD")
    override.add_argument("value", nargs="?", metavar="VALUE")
    override.add_argument("--clear", action="store_true", help="remove the override (all of them without FIELD)")


def run(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    if args.action == "build":
        with open_store(args.db, build_if_empty=False, refresh=False) as store:
            result = build_catalogue(store, args.source)
        print(
            f"{result.datasheets} fiches, {result.factions} factions → {store.path}"
            if lang == "fr"
            else f"{result.datasheets} datasheets, {result.factions} factions → {store.path}",
            file=out,
        )
        return EXIT_OK
    if args.action == "seed":
        from ost.services import write_seed
        from ost.store.seed import shipped_seed

        written = write_seed(args.path or shipped_seed())
        print(written, file=out)
        return EXIT_OK
    with open_catalogue(args.db, lang) as store:
        if args.action == "status":
            _print_status(store, lang, out)
            return EXIT_OK
        if args.action == "source":
            return _switch_source(store, args.switch == "enable", args.source_id, lang, out)
        if args.action == "override":
            return _override(store, args, lang, out)
        if args.action == "show":
            sheet = store.datasheet(args.id)
            if sheet is None:
                found = store.search(args.id, limit=5)
                hint = ", ".join(s.id for s in found)
                print(
                    say(
                        lang,
                        f"ost: aucune fiche {args.id!r}" + (f" (vouliez-vous dire : {hint})" if hint else ""),
                        f"ost: no datasheet {args.id!r}" + (f" (did you mean: {hint})" if hint else ""),
                    ),
                    file=sys.stderr,
                )
                return EXIT_UNREADABLE
            catalogue = load_catalogue(store, one_shot=getattr(args, "one_shot", False))
            print(datasheet_text(sheet, catalogue, lang), file=out)
            overrides = store.overrides(sheet.id).get(sheet.id)
            if overrides:
                shown = ", ".join(f"{field}={value}" for field, value in overrides.items())
                print(say(lang, f"Valeurs personnelles : {shown}", f"Your own values: {shown}"), file=out)
            return EXIT_OK
        # One line per datasheet whatever the sources that hold it (the kept browse table: ost.store.browsing).
        if args.action == "search":
            keys = store.search_keys(" ".join(args.query), limit=args.limit)
            _print_entries(store.browse().holding(keys) if keys else [], lang, out)
        else:
            try:
                wanted_role = Role.parse(args.role) if args.role else None
            except ValueError:
                accepted = ", ".join(role.label(lang) for role in Role)
                print(
                    say(
                        lang,
                        f"ost: rôle inconnu {args.role!r} (rôles : {accepted})",
                        f"ost: unknown role {args.role!r} (roles: {accepted})",
                    ),
                    file=sys.stderr,
                )
                return EXIT_UNREADABLE
            _print_entries(store.browse().filtered(args.faction, wanted_role), lang, out)
        return EXIT_OK


_KIND_FR = {"shipped": "livrée", "bsdata": "BattleScribe", "other": "autre"}
_KIND_EN = {"shipped": "shipped", "bsdata": "BattleScribe", "other": "other"}


def _print_status(store: CatalogueStore, lang: str, out: TextIO) -> None:
    status = catalogue_status(store)
    fr = lang == "fr"
    print(f"{'Base' if fr else 'Database'}: {status.path}", file=out)
    print(f"{'Schéma' if fr else 'Schema'}: {status.schema or '-'}", file=out)
    if status.source_dir is not None:
        state = {
            True: say(lang, "à jour", "up to date"),
            False: say(lang, "sources modifiées depuis", "sources changed since"),
            None: say(lang, "dossier absent", "folder missing"),
        }[status.up_to_date]
        built = status.built_at or "?"
        where = f"{status.source_dir} ({state})"
        print(say(lang, f"Construit le {built} depuis {where}", f"Built {built} from {where}"), file=out)
    head = (
        "id",
        "type" if fr else "kind",
        "nom" if fr else "name",
        "révision" if fr else "revision",
        "empreinte" if fr else "fingerprint",
        "fiches" if fr else "sheets",
        "active" if fr else "enabled",
    )
    kinds = _KIND_FR if fr else _KIND_EN
    rows = [
        (
            s.source.id,
            kinds[s.source.kind],
            s.source.name,
            s.source.revision or "-",
            s.source.fingerprint or "-",
            str(s.datasheets),
            say(lang, "oui", "yes") if s.source.enabled else say(lang, "non", "no"),
        )
        for s in status.sources
    ]
    _print_rows(head, rows, out)


def _find_source(store: CatalogueStore, text: str, lang: str) -> CatalogueSource:
    """The source ``text`` names: its id, or the only source whose id or name contains it."""
    sources = store.sources()
    for source in sources:
        if source.id == text:
            return source
    key = fold(text)
    found = [s for s in sources if key in fold(s.id) or key in fold(s.name)]
    if len(found) == 1:
        return found[0]
    known = ", ".join(f"{s.id} ({s.name})" for s in (found or sources)) or "-"
    if found:
        what = say(lang, "plusieurs sources correspondent", "several sources match")
    else:
        what = say(lang, "aucune source ne correspond", "no such source")
    raise StoreError(say(lang, f"{what} : {text!r} (sources : {known})", f"{what}: {text!r} (sources: {known})"))


def _switch_source(store: CatalogueStore, on: bool, text: str, lang: str, out: TextIO) -> int:
    try:
        source = set_source_enabled(store, _find_source(store, text, lang).id, on)
    except StoreError as exc:
        print(f"ost: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    shown = f"{source.name} [{source.id}]"
    print(
        say(lang, f"Source {shown} activée.", f"Source {shown} switched on.")
        if on
        else say(lang, f"Source {shown} désactivée.", f"Source {shown} switched off."),
        file=out,
    )
    return EXIT_OK


def _override(store: CatalogueStore, args: argparse.Namespace, lang: str, out: TextIO) -> int:
    if store.datasheet(args.id) is None and not args.clear:
        print(say(lang, f"ost: aucune fiche {args.id!r}", f"ost: no datasheet {args.id!r}"), file=sys.stderr)
        return EXIT_UNREADABLE
    if args.clear:
        if args.value is not None:
            print(say(lang, "ost: --clear ne prend pas de VALEUR", "ost: --clear takes no VALUE"), file=sys.stderr)
            return EXIT_UNREADABLE
        removed = store.clear_override(args.id, args.field)
        print(
            say(lang, f"{removed} valeur(s) personnelle(s) retirée(s)", f"{removed} override(s) removed"),
            file=out,
        )
        return EXIT_OK
    if args.field is None:
        overrides = store.overrides(args.id).get(args.id, {})
        if not overrides:
            print(say(lang, "Aucune valeur personnelle.", "No override."), file=out)
        for field, value in overrides.items():
            print(f"{field} = {value}", file=out)
        return EXIT_OK
    if args.value is None:
        print(say(lang, "ost: donnez une VALEUR, ou --clear", "ost: give a VALUE, or --clear"), file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        value = parse_override(args.field, args.value)
        sheet = store.set_override(args.id, args.field, value)
    except (ValueError, StoreError) as exc:
        print(f"ost: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    shown = getattr(sheet, args.field)
    print(say(lang, f"{sheet.name} : {args.field} = {shown}", f"{sheet.name}: {args.field} = {shown}"), file=out)
    return EXIT_OK


def _print_entries(entries: list[BrowseRow], lang: str, out: TextIO) -> None:
    if not entries:
        print("Aucune fiche." if lang == "fr" else "No datasheet.", file=out)
        return
    head = _HEAD[lang == "fr"] + ("sources",)
    # The faction column names the faction group, so that a faction's lines read as one.
    rows = [
        (e.id, e.label(lang), e.role.label(lang), e.group, e.models, e.points, " + ".join(e.sources)) for e in entries
    ]
    _print_rows(head, rows, out)


_HEAD = {
    True: ("id", "nom", "rôle", "faction", "fig.", "points"),
    False: ("id", "name", "role", "faction", "models", "points"),
}


def _print_rows(head: tuple[str, ...], rows: Sequence[tuple[str, ...]], out: TextIO) -> None:
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    # One write of the whole table: the terminal-safe stream escapes it in one pass, not line by line.
    lines = ["  ".join(str(cell).ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in [head, *rows]]
    out.write("\n".join(lines) + "\n")


def _kinds_line(sheet: Datasheet, lang: str) -> list[str]:
    """The unit's model kinds (a Boss Nob and Boyz), each with its count and price; none for one kind."""
    if len(sheet.kinds) < 2:
        return []
    fr = lang == "fr"
    parts = []
    for kind in sheet.kinds:
        count = f"{kind.min}" if kind.min == kind.max else f"{kind.min}–{kind.max}"
        price = f" (+{kind.points} pts {'par figurine en plus' if fr else 'per extra model'})" if kind.points else ""
        parts.append(f"{kind.label(lang)} {count}{price}")
    return [f"{'Types de figurines :' if fr else 'Model kinds:'} {' · '.join(parts)}"]


def datasheet_text(sheet: Datasheet, catalogue: Catalogue, lang: str) -> str:
    """The datasheet as text for ``ost catalogue show``: the presenter's view (``ost.core.presenter``)."""
    from ost.core.presenter import label, present  # only `show` presents a datasheet: not on `list`'s path

    view = present(sheet, catalogue, lang)
    fr = lang == "fr"
    lines = [
        f"{view.name}  [{view.id}]",
        f"Faction: {view.faction}   {'Rôle' if fr else 'Role'}: {view.role}",
        f"{label(lang, 'models')}: {view.models}   Points: {sheet.points}"
        + (
            f" (+{sheet.points_per_model} {'par figurine en plus' if fr else 'per extra model'})"
            if sheet.points_per_model
            else ""
        )
        + f"   {label(lang, 'pv')}: {view.wounds_note}",
        *_kinds_line(sheet, lang),
        f"Type: {view.unit_type}, {label(lang, 'class')} {view.unit_class}"
        + f"   {label(lang, 'control')}: ×{view.control_factor}",
        f"{label(lang, 'keywords')}: {', '.join(view.keywords)}",
        f"{label(lang, 'faction_keywords')}: {', '.join(view.faction_keywords)}",
    ]

    def table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
        for row in [head, *rows]:
            lines.append("  ".join(c.ljust(widths[i]) for i, c in enumerate(row)).rstrip())

    if view.profiles:
        lines.append("")
        table(view.profile_head, [(p.name, *p.values) for p in view.profiles])
    if view.weapons:
        lines.append("")
        lines.append(label(lang, "weapons") + (" :" if fr else ":"))
        option = label(lang, "option")
        rows: list[tuple[str, ...]] = [
            (w.name + (f" ({option})" if w.origin == "option" else ""), w.range, w.type, w.s, w.ap, w.d, w.abilities)
            for w in view.weapons
        ]
        table(("", *view.weapon_head[1:], ""), rows)
    if view.abilities:
        lines.append("")
        lines.append(label(lang, "abilities") + (" :" if fr else ":"))
        for ability in view.abilities:
            lines.append(f"  {ability.name}" + (f": {ability.summary}" if ability.summary else ""))
    if view.transport is not None:
        lines.append("")
        lines.append(f"{label(lang, 'transport')}{' :' if fr else ':'} {view.transport}")
    if view.options:
        lines.append("")
        lines.append(label(lang, "options") + (" :" if fr else ":"))
        for option_id, offer in zip((o.id for o in sheet.options), view.options, strict=True):
            lines.append(f"  {offer} [{option_id}]")
    flags = []
    if view.linked_character:
        flags.append(label(lang, "linked"))
    if view.independent_character:
        flags.append(label(lang, "independent"))
    if view.non_operational:
        flags.append(label(lang, "non_operational"))
    if sheet.legends:
        flags.append("Legends")
    if sheet.hidden:
        flags.append("masquée par défaut" if fr else "hidden by default")
    if flags:
        lines.append("")
        lines.extend(flags)
    if sheet.source:
        lines.append(f"Source: {sheet.source}" + (f" ({sheet.source_id})" if sheet.source_id else ""))
    return "\n".join(lines)
