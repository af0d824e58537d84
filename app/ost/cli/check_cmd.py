"""``ost check FILE...``: validate lists, as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from ost.cli.common import EXIT_NOT_LEGAL, EXIT_OK, EXIT_UNREADABLE
from ost.core.reporting import JSON_FORMAT_VERSION, report_data, report_text
from ost.services import check_files, open_store


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    check = commands.add_parser("check", help="check army lists against the rules")
    check.set_defaults(handler=run)
    check.add_argument("files", nargs="+", type=Path, help="list files or folders")
    check.add_argument("--catalogue", "--catalog", dest="catalogue_db", type=Path, help="catalogue database")
    check.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    db = args.catalogue_db or args.db
    with open_store(db) as store:
        catalogue = store.load()
    worst = EXIT_OK
    results: list[dict[str, Any]] = []
    seen = 0
    for result in check_files(args.files, catalogue):
        seen += 1
        if result.error is not None or result.army is None or result.report is None:
            worst = EXIT_UNREADABLE
            if args.format == "json":
                results.append({"file": str(result.path), "error": result.error})
            else:
                print(f"{result.path}: {'illisible' if lang == 'fr' else 'unreadable'} — {result.error}", file=out)
            continue
        if not result.report.legal and worst == EXIT_OK:
            worst = EXIT_NOT_LEGAL
        if args.format == "json":
            results.append({"file": str(result.path), **report_data(result.army, result.report)})
        else:
            print(report_text(result.army, result.report, lang, title=str(result.path)), file=out)
    if args.format == "json":
        json.dump({"format_version": JSON_FORMAT_VERSION, "results": results}, out, ensure_ascii=False, indent=2)
        out.write("\n")
    if not seen:
        print("ost: aucun fichier de liste trouvé" if lang == "fr" else "ost: no list file found", file=sys.stderr)
        return EXIT_UNREADABLE
    return worst
