"""``ost export sheet|cards|report LIST -o FILE.pdf``: printable PDFs of a list.

- ``sheet``: the army sheet (SPEC.md §4);
- ``cards``: quick-reference cards, 63×88 mm (``--size poker``) or A6;
  ``--only datasheets|abilities|rules`` (repeated, or comma-separated) prints
  only those kinds of cards;
- ``report``: a check report for an opponent's list (verdict, findings, sheet);
  its exit status is that of ``ost check`` (1 when the list is not legal).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from ost.cli.common import EXIT_NOT_LEGAL, EXIT_OK, EXIT_UNREADABLE, LANGS, open_catalogue, write_failure
from ost.core import listfile
from ost.core.validator import ValidatorOptions, validate
from ost.pdf.common import CardSize, Paper
from ost.services import keyword_names, read_any

#: Default output name: next to the list, ``<list>.<what>.pdf``.
_SUFFIX = {"sheet": "sheet", "cards": "cards", "report": "report"}
#: ``--only`` words -> the kind of card (``ost.pdf.cards.CardKind`` values).
CARD_KINDS = {"datasheets": "datasheet", "abilities": "ability", "rules": "rule"}


def _card_kinds(text: str) -> list[str]:
    """``--only`` value: one or more of datasheets, abilities, rules, comma-separated."""
    kinds = []
    for word in text.split(","):
        key = word.strip().lower()
        if key not in CARD_KINDS:
            accepted = ", ".join(CARD_KINDS)
            raise argparse.ArgumentTypeError(f"unknown kind of card {word.strip()!r} (accepted: {accepted})")
        kinds.append(CARD_KINDS[key])
    return kinds


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    export = commands.add_parser("export", help="printable PDFs: army sheet, reference cards, check report")
    export.set_defaults(handler=run)
    actions = export.add_subparsers(dest="action", metavar="WHAT", required=True)
    helps = {
        "sheet": "the army sheet of a list",
        "cards": "quick-reference cards (datasheets, special abilities, core rules)",
        "report": "a check report for an opponent's list (exit status 1 when it is not legal)",
    }
    for action, text in helps.items():
        sub = actions.add_parser(action, help=text, description=text)
        sub.add_argument(
            "list", type=Path, metavar="LIST", help="the list: .ost, BattleScribe .ros/.rosz or pasted text"
        )
        sub.add_argument("-o", "--output", type=Path, help=f"PDF to write (default: LIST.{_SUFFIX[action]}.pdf)")
        sub.add_argument("--paper", choices=[p.value for p in Paper], default=Paper.A4.value, help="paper size")
        # Its own dest: a sub-parser default would otherwise hide `ost --lang en export …`.
        sub.add_argument("--lang", dest="export_lang", choices=LANGS, help="language of the PDF")
        sub.add_argument("--catalogue", "--catalog", dest="catalogue_db", type=Path, help="catalogue database")
        # The verdict printed is the one `ost check` gives with the same options.
        sub.add_argument(
            "--as-priced",
            action="store_true",
            help="check with the prices the list states instead of the catalogue's (as `ost check --as-priced`)",
        )
        sub.add_argument(
            "--legends", action="store_true", help="Legends datasheets count as available (as `ost check --legends`)"
        )
        if action == "cards":
            sub.add_argument(
                "--size",
                choices=[s.value for s in CardSize],
                default=CardSize.POKER.value,
                help="card size: poker (63×88 mm, the default) or a6",
            )
            sub.add_argument(
                "--only",
                type=_card_kinds,
                action="append",
                metavar="KINDS",
                help="only these cards: datasheets, abilities, rules (repeat or separate with commas; default: all)",
            )


def run(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    # The layout code is imported here, not at start-up: only this command needs it.
    from ost.pdf.cards import ALL_KINDS, cards_pdf
    from ost.pdf.fonts import FontError
    from ost.pdf.rulecards import RuleCardError
    from ost.pdf.sheet import army_sheet_pdf, check_report_pdf, write_pdf

    lang = args.export_lang or lang
    with open_catalogue(args.catalogue_db or args.db, lang) as store:
        catalogue = store.load()
    try:
        read = read_any(args.list, catalogue)
    except listfile.ListFileError as exc:
        print(f"ost: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    army = read.army
    reading = read.reading.lines(lang) if read.reading.format != "ost" else []
    for line in reading:
        print(line, file=sys.stderr)
    report = validate(catalogue, army, ValidatorOptions(as_priced=args.as_priced, legends_available=args.legends))
    try:
        if args.action == "sheet":
            data = army_sheet_pdf(catalogue, army, report, lang=lang, paper=args.paper, keyword_names=keyword_names())
        elif args.action == "cards":
            chosen = {kind for group in args.only or [] for kind in group}
            kinds = [k for k in ALL_KINDS if k.value in chosen] if chosen else list(ALL_KINDS)
            data = cards_pdf(
                catalogue,
                army,
                report,
                lang=lang,
                paper=args.paper,
                size=args.size,
                kinds=kinds,
                keyword_names=keyword_names(),
            )
        else:
            data = check_report_pdf(
                catalogue,
                army,
                report,
                lang=lang,
                paper=args.paper,
                source=args.list.name,
                reading=reading,
                keyword_names=keyword_names(),
            )
    except (FontError, RuleCardError) as exc:
        print(f"ost: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    target = args.output or args.list.with_name(f"{args.list.stem}.{_SUFFIX[args.action]}.pdf")
    try:
        write_pdf(data, target)
    except OSError as exc:
        print(f"ost: {write_failure(target, exc, lang)}", file=sys.stderr)
        return EXIT_UNREADABLE
    print(target, file=out)
    if args.action == "report" and not report.legal:
        return EXIT_NOT_LEGAL
    return EXIT_OK
