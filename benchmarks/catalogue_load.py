"""How fast does a large catalogue load? Run by hand: ``.venv/bin/python benchmarks/catalogue_load.py [FOLDER]``.

Builds, in a temporary folder, a catalogue database of at least 4,000
datasheets: the shipped catalogue, the BattleScribe sample (default:
``../shared/bsdata-9e``) imported, and the imported datasheets copied under
new ids and sources until the count is reached (without the sample, the
shipped datasheets are copied instead). Then compares, in the same run and on
the same database:

* **baseline**: a raw ``sqlite3`` fetch of the datasheet rows the load reads
  (``data``, the JSON of each datasheet, and its own ids) and ``json.loads``
  of the JSON, with the garbage collector as
  Python leaves it: the least any loader of these rows must do;
* **baseline, collector paused**: the same with ``gc`` disabled, the stricter
  baseline (the load pauses the collector itself);
* **load**: ``CatalogueStore.load()``, the whole catalogue in memory as the
  CLI and the window get it (datasheets validated, overrides applied, bands,
  glossary, factions, sources).

Two databases are measured: one where no two datasheets are alike (the
worst case, on which the goal is judged), one where the copies repeat the
imported datasheets word for word, as chapter catalogues repeat the Space
Marines ones (the load validates a repeated datasheet once). Each figure is
the median of several rounds, interleaved so that a busy machine slows them
alike. Goal: load ≤ 0.3 s for 4,000 datasheets.
"""

from __future__ import annotations

import gc
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))

from ost.core.catalogue import Datasheet, Faction  # noqa: E402
from ost.services import build_catalogue  # noqa: E402
from ost.store import CatalogueStore  # noqa: E402

GOAL_SECONDS = 0.3
TARGET = 4000
ROUNDS = 7


def fill(store: CatalogueStore, sample: Path | None, *, repeats: bool) -> int:
    """The shipped catalogue, the sample imported, then copies under new ids up to ``TARGET`` datasheets.

    With ``repeats``, the copies repeat the imported datasheets word for word
    (as chapter catalogues repeat the Space Marines ones); without, each copy
    also gets its own name, so that no two datasheets are alike (the worst case).
    """
    build_catalogue(store)
    sheets: list[Datasheet]
    factions: list[Faction]
    if sample is not None:
        from ost.formats.bsdata import read_bsdata
        from ost.services import save_import

        result = read_bsdata([sample])
        save_import(store, result)
        sheets, factions = result.datasheets, result.factions
    else:
        catalogue = store.load()
        sheets, factions = list(catalogue), list(catalogue.factions.values())
    count = len(store.load())
    copy = 0
    while count < TARGET:
        copy += 1
        source = f"bench-copy-{copy}"
        copies = []
        for sheet in sheets:
            update = {"id": f"c{copy}-{sheet.id}", "faction": f"c{copy}-{sheet.faction}", "source": source}
            if not repeats:
                update["name"] = f"{sheet.name} #{copy}"
            copies.append(sheet.model_copy(update=update))
        store.replace_sources(
            [source], copies, [f.model_copy(update={"id": f"c{copy}-{f.id}", "source": source}) for f in factions]
        )
        count += len(sheets)
    return count


def baseline(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        query = "SELECT data, id, faction, source, source_revision, bs_ids FROM datasheets"
        rows = connection.execute(query).fetchall()
        return len([(json.loads(row[0]), json.loads(row[5])) for row in rows])
    finally:
        connection.close()


def baseline_paused(path: Path) -> int:
    gc.disable()
    try:
        return baseline(path)
    finally:
        gc.enable()


def timed(action: Callable[[], object]) -> float:
    gc.collect()
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main() -> int:
    sample: Path | None = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "bsdata-9e"
    if sample is not None and not sample.is_dir():
        print(f"no BattleScribe folder at {sample}: copying the shipped catalogue instead", file=sys.stderr)
        sample = None
    worst = measure(sample, repeats=False)
    print()
    measure(sample, repeats=True)
    return 0 if worst <= GOAL_SECONDS else 1


def measure(sample: Path | None, *, repeats: bool) -> float:
    """Print the figures for one database; returns the median load time."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite"
        with CatalogueStore(path) as store:
            count = fill(store, sample, repeats=repeats)
            size = path.stat().st_size
            loaded = len(store.load())  # warm-up
            assert loaded == count, (loaded, count)
            distinct = sqlite3.connect(path).execute("SELECT count(DISTINCT body) FROM datasheets").fetchone()[0]
            what = "copies repeat the imported datasheets" if repeats else "every datasheet different (worst case)"
            print(f"{count} datasheets ({distinct} different bodies; {what}), database {size / 1e6:.1f} MB")
            times: dict[str, list[float]] = {"baseline": [], "paused": [], "load": []}
            for _ in range(ROUNDS):
                times["baseline"].append(timed(lambda: baseline(path)))
                times["paused"].append(timed(lambda: baseline_paused(path)))
                times["load"].append(timed(store.load))
    median = {key: statistics.median(values) for key, values in times.items()}
    print(f"baseline (sqlite3 fetch + json.loads): {median['baseline']:.3f} s  (runs: {_runs(times['baseline'])})")
    print(f"baseline, collector paused:            {median['paused']:.3f} s  (runs: {_runs(times['paused'])})")
    print(f"load (CatalogueStore.load):            {median['load']:.3f} s  (runs: {_runs(times['load'])})")
    print(f"ratio load / baseline:                 {median['load'] / median['baseline']:.2f}")
    print(f"ratio load / paused baseline:          {median['load'] / median['paused']:.2f}")
    verdict = "PASS" if median["load"] <= GOAL_SECONDS else "MISS"
    print(f"goal: load ≤ {GOAL_SECONDS:g} s for {TARGET:,} datasheets: {verdict}")
    return median["load"]


def _runs(values: list[float]) -> str:
    return ", ".join(f"{v:.3f}" for v in values)


if __name__ == "__main__":
    sys.exit(main())
