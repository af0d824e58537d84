"""How long does the import's SQLite write take? ``.venv/bin/python benchmarks/store_write.py [FOLDER]``.

The BattleScribe folder (the full release when present) is read once as the
command reads it (``read_bsdata(for_store=True)``: each datasheet made into its
row by the process that read it, while reading) and once as the window reads
it (the datasheets themselves); then, interleaved, rounds of:

* **Ost**: :func:`ost.services.save_import` of the command's import into a
  fresh catalogue database (the shipped catalogue not built: only the
  import's own transaction is timed), the garbage collector paused as ``ost
  import bsdata`` pauses it through read, build and write: the write on its
  own (the command now writes while it reads: ``services.read_and_save_bsdata``);
* **rows**: the same for the window's import, whose rows are made in
  the write (the rows' making is the command's too, but spread over its two
  reading processes): for information;
* **floor**: the standard library's :mod:`sqlite3` inserting the same
  datasheets' JSON texts (made beforehand) into a two-column table in one
  transaction.

Goal (issue 22): the write within 3 × its floor.
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import APP, bsdata_folder, interleaved, verdict

sys.path.insert(0, str(APP))
from ost.core.collector import collector_paused
from ost.formats.bsdata import BsImport, read_bsdata
from ost.services import read_bsdata as read_for_store
from ost.services import save_import
from ost.store import CatalogueStore

GOAL = 3.0


def main() -> int:
    folder = bsdata_folder(sys.argv[1:])
    result = read_bsdata([folder])
    stored = read_for_store([folder], for_store=True)
    texts = [(s.id, s.model_dump_json()) for s in result.datasheets]
    print(f"{folder}: {len(texts)} datasheets, {sum(len(t) for _, t in texts) / 1e6:.1f} MB of JSON")
    with tempfile.TemporaryDirectory() as tmp:
        count = iter(range(1_000_000))

        def write(what: BsImport) -> float:
            store = CatalogueStore(Path(tmp) / f"ost{next(count)}.sqlite")
            with collector_paused():
                start = time.perf_counter()
                save_import(store, what)
                seconds = time.perf_counter() - start
            store.close()
            return seconds

        def floor() -> float:
            db = sqlite3.connect(Path(tmp) / f"floor{next(count)}.sqlite")
            db.execute("CREATE TABLE datasheets (id TEXT PRIMARY KEY, data TEXT)")
            db.commit()
            start = time.perf_counter()
            with db:
                db.executemany("INSERT INTO datasheets VALUES (?, ?)", texts)
            seconds = time.perf_counter() - start
            db.close()
            return seconds

        times = interleaved({"ost": lambda: write(stored), "rows": lambda: write(result), "floor": floor})
    met = verdict("SQLite write of the import", times["ost"], times["floor"], GOAL, "sqlite3 insert of the same JSON")
    verdict("rows made in the write (the window)", times["rows"], times["floor"], GOAL, "the same floor")
    print("  (information: the command makes those rows while reading, on its two processes)")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
