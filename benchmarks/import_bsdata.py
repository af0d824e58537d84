"""How fast is the BattleScribe import? Run by hand: ``.venv/bin/python benchmarks/import_bsdata.py [FOLDER]``.

Compares, in the same run and on the same files (default: the sample in
``../shared/bsdata-9e``):

* **raw parse**: ``xml.etree.ElementTree.parse`` of every ``.gst``/``.cat``,
  keeping the trees (as any importer must), with the garbage collector as
  Python leaves it;
* **raw parse, collector paused**: the same with ``gc`` disabled, the stricter
  baseline (the import pauses the collector itself, see ``ost.formats.bsdata``);
* **import**: ``ost.formats.bsdata.read_bsdata`` on the folder: safe reading,
  link resolution and every datasheet built and validated;
* **import + store**: the same written to a fresh SQLite catalogue in one
  transaction (``ost import bsdata`` without the printing).

Each figure is the median of several rounds, interleaved so that a busy
machine slows them alike. Goal: import ≤ 4 × raw parse.
"""

from __future__ import annotations

import gc
import statistics
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))

from ost.formats.bsdata import find_files, read_bsdata  # noqa: E402
from ost.services import import_bsdata  # noqa: E402
from ost.store import CatalogueStore  # noqa: E402

GOAL = 4.0
ROUNDS = 5


def raw_parse(files: list[Path]) -> None:
    trees = [ET.parse(path) for path in files]
    assert trees


def raw_parse_paused(files: list[Path]) -> None:
    gc.disable()
    try:
        raw_parse(files)
    finally:
        gc.enable()


def timed(action: Callable[[], object]) -> float:
    gc.collect()
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "bsdata-9e"
    if not folder.is_dir():
        print(f"no BattleScribe folder at {folder}", file=sys.stderr)
        return 2
    files = [p for p in find_files([folder]) if p.suffix.lower() in (".gst", ".cat")]
    size = sum(p.stat().st_size for p in files)
    print(f"{len(files)} files, {size / 1e6:.1f} MB in {folder}")
    result = read_bsdata([folder])  # warm-up, and the counts to print
    print(f"{len(result.datasheets)} datasheets in {len(result.factions)} factions")

    times: dict[str, list[float]] = {"raw": [], "raw_paused": [], "import": [], "store": []}
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(ROUNDS):
            times["raw"].append(timed(lambda: raw_parse(files)))
            times["raw_paused"].append(timed(lambda: raw_parse_paused(files)))
            times["import"].append(timed(lambda: read_bsdata([folder])))
            db = Path(tmp) / f"bench-{round_}.sqlite"
            with CatalogueStore(db) as store:
                times["store"].append(timed(lambda store=store: import_bsdata(store, [folder])))
    median = {key: statistics.median(values) for key, values in times.items()}
    print(f"raw xml.etree parse:             {median['raw']:.3f} s  (runs: {_runs(times['raw'])})")
    print(f"raw parse, collector paused:     {median['raw_paused']:.3f} s  (runs: {_runs(times['raw_paused'])})")
    print(f"import (read_bsdata):            {median['import']:.3f} s  (runs: {_runs(times['import'])})")
    print(f"import + store in SQLite:        {median['store']:.3f} s  (runs: {_runs(times['store'])})")
    ratio = median["import"] / median["raw"]
    strict = median["import"] / median["raw_paused"]
    print(f"ratio import / raw parse:        {ratio:.2f}  (goal ≤ {GOAL:g})")
    print(f"ratio import / paused raw parse: {strict:.2f}")
    return 0 if ratio <= GOAL else 1


def _runs(values: list[float]) -> str:
    return ", ".join(f"{v:.3f}" for v in values)


if __name__ == "__main__":
    sys.exit(main())
