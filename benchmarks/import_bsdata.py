"""How long does ``ost import bsdata`` take? ``.venv/bin/python benchmarks/import_bsdata.py [FOLDER]``.

The whole command a user waits for, as a subprocess (start-up, reading,
building, writing, printing the report and exit), on the full 9th-edition
release in ``../shared/bsdata-9e-full`` when present (else the sample),
into a catalogue database that already holds the shipped catalogue (copied
afresh before each round, outside the clock). Its floor, in the same run and
interleaved: a subprocess that parses the same files with ``xml.etree`` and
keeps the trees, the garbage collector paused (the least any importer does).

Goal (issue 22): ≤ 4 × the floor. Medians of ``OST_BENCH_ROUNDS`` (5) rounds.
The BattleScribe reader is the compiled one, as ``./dev.sh`` installs Ost: the
benchmark builds it first when it can (``tools/native.py``, nothing to do when
current) and prints which reader ran; ``OST_NATIVE=`` measures its Python source.
The processes' CPU time (user + system) is printed too, for information: on
a machine shared with other jobs it moves less than the wall time.

Also timed in the same rounds: the same command again on a database that
holds this very import already (the files unchanged since: the catalogue's
record of the import stands in for reading them, see
:func:`ost.services.reused_import`). Goal: ≤ 0.25 × the first import.
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import bsdata_folder, compiled, env, interleaved, median, native_reader, ost, verdict, wall

GOAL = 4.0
#: A re-import of unchanged files against the first import of them.
AGAIN_GOAL = 0.25
FLOOR = """
import gc, sys, xml.etree.ElementTree as ET
gc.disable()
trees = [ET.parse(p) for p in sys.argv[1:]]
"""


def main() -> int:
    compiled()
    print(native_reader())
    folder = bsdata_folder(sys.argv[1:])
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".gst", ".cat"))
    size = sum(p.stat().st_size for p in files) / 1e6
    print(f"{folder}: {len(files)} files, {size:.1f} MB")
    with tempfile.TemporaryDirectory() as tmp:
        shipped = Path(tmp) / "shipped.sqlite"
        subprocess.run(ost("catalogue", "build"), env=env(OST_DB=str(shipped)), check=True, capture_output=True)
        db = Path(tmp) / "c.sqlite"
        imported = Path(tmp) / "imported.sqlite"
        shutil.copy(shipped, imported)
        subprocess.run(
            ost("import", "bsdata", "-q", folder), env=env(OST_DB=str(imported)), check=True, capture_output=True
        )

        cpu: dict[str, list[float]] = {"ost": [], "floor": [], "again": []}

        def timed(name: str, command: list[str], environment: dict[str, str] | None = None) -> float:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            seconds = wall(command, environment)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            return seconds

        def ours() -> float:
            shutil.copy(shipped, db)
            return timed("ost", ost("import", "bsdata", "-q", folder), env(OST_DB=str(db)))

        def floor() -> float:
            return timed("floor", [sys.executable, "-c", FLOOR, *map(str, files)])

        def again() -> float:
            shutil.copy(imported, db)
            return timed("again", ost("import", "bsdata", "-q", folder), env(OST_DB=str(db)))

        times = interleaved({"ost": ours, "floor": floor, "again": again})
    met = verdict("ost import bsdata (whole command)", times["ost"], times["floor"], GOAL, "xml.etree parse, gc paused")
    ratio = median(cpu["ost"]) / median(cpu["floor"])
    print(f"  CPU time: {median(cpu['ost']):.3f} s against {median(cpu['floor']):.3f} s: {ratio:.1f}× (information)")
    reused = verdict("the same files again (unchanged)", times["again"], times["ost"], AGAIN_GOAL, "first import")
    ratio = median(cpu["again"]) / median(cpu["ost"])
    print(f"  CPU time: {median(cpu['again']):.3f} s against {median(cpu['ost']):.3f} s: {ratio:.2f}× (information)")
    return 0 if met and reused else 1


if __name__ == "__main__":
    sys.exit(main())
