"""How long does the import's SQLite write take? ``.venv/bin/python benchmarks/store_write.py [FOLDER]``.

The BattleScribe folder (the full release when present) is read once; then,
interleaved, rounds of:

* **Ost**: :func:`ost.services.save_import` of that import into a fresh
  catalogue database (the shipped catalogue not built: only the import's own
  transaction is timed), the garbage collector paused as ``ost import bsdata``
  pauses it through read, build and write;
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
from ost.formats.bsdata import read_bsdata
from ost.services import save_import
from ost.store import CatalogueStore

GOAL = 3.0


def main() -> int:
    folder = bsdata_folder(sys.argv[1:])
    result = read_bsdata([folder])
    texts = [(s.id, s.model_dump_json()) for s in result.datasheets]
    print(f"{folder}: {len(texts)} datasheets, {sum(len(t) for _, t in texts) / 1e6:.1f} MB of JSON")
    with tempfile.TemporaryDirectory() as tmp:
        count = iter(range(1_000_000))

        def ost() -> float:
            store = CatalogueStore(Path(tmp) / f"ost{next(count)}.sqlite")
            with collector_paused():
                start = time.perf_counter()
                save_import(store, result)
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

        times = interleaved({"ost": ost, "floor": floor})
    met = verdict("SQLite write of the import", times["ost"], times["floor"], GOAL, "sqlite3 insert of the same JSON")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
