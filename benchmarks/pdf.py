"""How long the army sheet and the cards of a big list take, against reportlab writing the same text.

The list: every Ork datasheet of the shipped catalogue once, then the four
cheapest again, up to 60 units (about 4000 points), in 4 detachments. The
floor is reportlab's canvas drawing the very text of both PDFs (extracted
from them), line by line on as many pages, in a standard font: what any PDF
of this content costs, without Ost's layout (tables, wrapping, boxes). Each
figure is the median of several runs in this process, interleaved with the
floor (fonts registered once, as in the GUI); the first, cold run is printed
apart. Goal: sheet plus cards under 0.5 s; the ratio to the floor is said.

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


def same_text_document(pages: list[list[str]]) -> bytes:
    """The floor: every line of text of ``pages`` drawn with reportlab's canvas, one PDF page per page."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    for lines in pages:
        canvas.setFont("Helvetica", 7)
        y = 820.0
        for line in lines:
            canvas.drawString(20, y, line)
            y = y - 8 if y > 20 else 820.0
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def text_pages(*documents: bytes) -> list[list[str]]:
    from pypdf import PdfReader

    return [page.extract_text().splitlines() for pdf in documents for page in PdfReader(io.BytesIO(pdf)).pages]


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

    pages_text = text_pages(sheet, cards)
    jobs: dict[str, Callable[[], object]] = {
        "floor": lambda: same_text_document(pages_text),
        "sheet": lambda: army_sheet_pdf(catalogue, army, report),
        "cards": lambda: cards_pdf(catalogue, army, report),
        "both": lambda: (army_sheet_pdf(catalogue, army, report), cards_pdf(catalogue, army, report)),
    }
    wall_times: dict[str, list[float]] = {name: [] for name in jobs}
    cpu_times: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(args.runs):  # interleaved: a busy machine slows them alike
        for name, job in jobs.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            job()
            wall_times[name].append(time.perf_counter() - start)
            cpu_times[name].append(time.process_time() - start_cpu)

    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(sheet)).pages), len(PdfReader(io.BytesIO(cards)).pages)
    sizes = len(sheet) // 1024, len(cards) // 1024
    lines = sum(len(p) for p in pages_text)
    print(f"pages: sheet {pages[0]}, cards {pages[1]}; sizes {sizes[0]} / {sizes[1]} KiB; {lines} lines")
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; medians of {args.runs} interleaved runs")
    print("                                   wall median     CPU median")
    labels = {"floor": "floor: reportlab, same text", "sheet": "army sheet", "cards": "cards", "both": "sheet + cards"}
    for name, label in labels.items():
        wall, cpu = statistics.median(wall_times[name]), statistics.median(cpu_times[name])
        print(f"{label:34} {wall * 1000:8.1f} ms {cpu * 1000:11.1f} ms")
    print(f"first run in the process (font loading included): {cold * 1000:.0f} ms")
    both_cpu = statistics.median(cpu_times["both"])
    ratio = both_cpu / statistics.median(cpu_times["floor"])
    print(f"ratio sheet + cards / same text drawn by reportlab: {ratio:.1f}× (CPU)")
    verdict = "PASS" if both_cpu < GOAL_SECONDS else "MISS"
    print(f"goal: sheet + cards < {GOAL_SECONDS} s of CPU: {both_cpu:.2f} s | {verdict}")
    if args.keep:
        out = Path(__file__).resolve().parent / "out"
        out.mkdir(exist_ok=True)
        (out / "pdf-sheet.pdf").write_bytes(sheet)
        (out / "pdf-cards.pdf").write_bytes(cards)
        print(f"written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
