"""How long the army sheet and the cards of a big list take, against a minimal reportlab document.

The list: every Ork datasheet of the shipped catalogue once, then the four
cheapest again, up to 60 units (about 4000 points), in 4 detachments. Each figure is the
best of several runs in this process (fonts registered once, as in the GUI);
the first, cold run is printed apart. Goal: sheet plus cards under 0.5 s.

Wall-clock figures follow the machine's load (a shared machine runs slower
for reasons of its own), so each figure is given twice: wall time, and the
CPU time of this process (``time.process_time``), which counts the work
only. The goal is judged on CPU time; both are printed.

    .venv/bin/python benchmarks/pdf.py [--runs N] [--keep]

``--keep`` writes the PDFs to benchmarks/out/.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ost.core.armylist import ArmyList, Detachment, make_unit
from ost.core.catalogue import Catalogue
from ost.core.resources import shipped_catalogue_dir
from ost.core.validator import validate
from ost.formats.catalog_source import read_catalogue
from ost.pdf.cards import cards_pdf
from ost.pdf.sheet import army_sheet_pdf

GOAL_SECONDS = 0.5
UNITS, POINTS = 60, 4000


def big_list(catalogue: Catalogue) -> ArmyList:
    sheets = sorted((s for s in catalogue if s.faction == "orks"), key=lambda s: (s.points, s.id))
    army = ArmyList(name="Waaagh! de 4000 points", points_limit=POINTS)
    army.detachments = [Detachment(id=f"d{i + 1}", name=f"Détachement {i + 1}") for i in range(4)]
    order = sheets + sheets[:4] * UNITS  # every datasheet once, then the cheapest again
    for sheet in order[:UNITS]:
        unit = make_unit(army, sheet)
        unit.placeholders = {"<CLAN>": "GOFFS"}
        army.detachments[army.unit_count() % 4].units.append(unit)
    return army


def minimal_document() -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.drawString(72, 720, "Ost")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def best(runs: int, job: Callable[[], object]) -> tuple[float, float, float]:
    """Best wall time, median wall time and best CPU time of ``runs`` runs of ``job``."""
    times, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        job()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(times), statistics.median(times), min(cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keep", action="store_true", help="write the PDFs to benchmarks/out/")
    args = parser.parse_args()

    catalogue = read_catalogue(shipped_catalogue_dir())
    army = big_list(catalogue)
    report = validate(catalogue, army)
    sheets_used = len({u.datasheet for _, u in army.units()})
    print(f"list: {army.unit_count()} units, {report.total_points} points, {sheets_used} datasheets")

    start = time.perf_counter()
    sheet = army_sheet_pdf(catalogue, army, report)
    cards = cards_pdf(catalogue, army, report)
    cold = time.perf_counter() - start

    base_min, base_med, base_cpu = best(args.runs * 5, minimal_document)
    sheet_min, sheet_med, sheet_cpu = best(args.runs, lambda: army_sheet_pdf(catalogue, army, report))
    cards_min, cards_med, cards_cpu = best(args.runs, lambda: cards_pdf(catalogue, army, report))
    both_min, both_med, both_cpu = best(
        args.runs, lambda: (army_sheet_pdf(catalogue, army, report), cards_pdf(catalogue, army, report))
    )

    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(sheet)).pages), len(PdfReader(io.BytesIO(cards)).pages)
    sizes = len(sheet) // 1024, len(cards) // 1024
    print(f"pages: sheet {pages[0]}, cards {pages[1]}; sizes: sheet {sizes[0]} KiB, cards {sizes[1]} KiB")
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print("                            wall best  (median)   CPU best")
    for label, (wall, median, cpu) in (
        ("minimal reportlab document", (base_min, base_med, base_cpu)),
        ("army sheet", (sheet_min, sheet_med, sheet_cpu)),
        ("cards", (cards_min, cards_med, cards_cpu)),
        ("sheet + cards", (both_min, both_med, both_cpu)),
    ):
        print(f"{label:27} {wall * 1000:8.1f} ms ({median * 1000:7.1f}) {cpu * 1000:8.1f} ms")
    print(f"first run in the process (font loading included): {cold * 1000:.0f} ms")
    print(f"ratio sheet + cards / minimal document: {both_min / base_min:.0f}× (wall)")
    verdict = "met" if both_cpu < GOAL_SECONDS else "NOT met"
    print(f"goal (< {GOAL_SECONDS} s of CPU for sheet + cards): {verdict}; wall time {both_min:.2f} s")
    if args.keep:
        out = Path(__file__).resolve().parent / "out"
        out.mkdir(exist_ok=True)
        (out / "pdf-sheet.pdf").write_bytes(sheet)
        (out / "pdf-cards.pdf").write_bytes(cards)
        print(f"written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
