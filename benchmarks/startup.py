"""How long do the commands that only read take, and the first start? ``.venv/bin/python benchmarks/startup.py``.

Whole commands as subprocesses (start-up, work, exit), interleaved with their
floors, medians of ``OST_BENCH_ROUNDS`` (5) rounds:

* ``ost catalogue list`` and ``ost check ROSTER`` on a catalogue that holds
  the full BattleScribe release (imported once beforehand; the sample when
  the release is absent), against ``python -c pass``: goal ≤ 10×;
* the first start (a new database, then listed) against a later start (the
  same command on the database a first start left): goal ≤ 1.3×. The first
  start copies the seed database made when Ost is built or installed
  (``ost.store.seed``; made here once, in the temporary folder, by
  ``ost catalogue seed``, whose time is printed: that work moved to the
  build); for information, the first start without a seed (``OST_SEED=``
  empty: the catalogue built from the shipped YAML, as a checkout without a
  seed or a stale seed does);
* for information, ``ost catalogue list`` and ``ost check ROSTER`` right
  after a write (the kept browse table and facts emptied, as any write does:
  ``ost.store.browsing``), when they are worked out again and kept. Each of
  those rounds ends with both kept again (untimed), so that the other rows
  measure the reads between writes.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _measure import ROOT, bsdata_folder, compiled, env, interleaved, median, ost, spread, verdict, wall

READ_GOAL = 10.0
FIRST_GOAL = 1.3
ROSTER = ROOT.parent / "shared" / "rosters-9e" / "bloodangels-150-libdread.rosz"


def built_at(db: Path) -> str | None:
    con = sqlite3.connect(db)
    try:
        row = con.execute("SELECT value FROM catalogue_meta WHERE key = 'built_at'").fetchone()
        return None if row is None else str(row[0])
    finally:
        con.close()


def main() -> int:
    compiled()
    folder = bsdata_folder(sys.argv[1:])
    roster = ROSTER if ROSTER.exists() else sorted((ROOT / "examples" / "legal").glob("*.ost"))[0]
    with tempfile.TemporaryDirectory() as tmp:
        full = env(OST_DB=str(Path(tmp) / "full.sqlite"), OST_LANG="en")
        subprocess.run(ost("import", "bsdata", "-q", folder), env=full, check=True, capture_output=True)
        seed = Path(tmp) / "seed" / "catalogue-seed.sqlite"
        seed_took = wall(ost("catalogue", "seed", seed))  # at build or install time, once
        if not seed.is_file():
            raise SystemExit(f"ost catalogue seed wrote no {seed}")
        later = env(OST_DB=str(Path(tmp) / "later.sqlite"), OST_LANG="en", OST_SEED="")
        subprocess.run(ost("catalogue", "list"), env=later, check=True, capture_output=True)
        fresh = iter(range(1_000))

        def forget() -> None:
            db = sqlite3.connect(Path(tmp) / "full.sqlite")
            with db:
                db.execute("DELETE FROM browse_cache")  # what every write of the store does
            db.close()

        def after_write(*words: str | Path) -> float:
            forget()
            took = wall(ost(*words), full)
            wall(ost("catalogue", "list"), full)  # untimed: the browse table and the facts kept again
            wall(ost("check", roster), full)
            return took

        seeded_dbs: list[Path] = []

        def first(seeded: Path | str) -> float:
            new = Path(tmp) / f"first{next(fresh)}" / "catalogue.sqlite"  # its folder made too, as for a user
            if seeded:
                seeded_dbs.append(new)
            return wall(ost("catalogue", "list"), env(OST_DB=str(new), OST_SEED=str(seeded), OST_LANG="en"))

        times = interleaved(
            {
                "pass": lambda: wall([sys.executable, "-c", "pass"]),
                "list": lambda: wall(ost("catalogue", "list"), full),
                "check": lambda: wall(ost("check", roster), full),
                "first": lambda: first(seed),
                "first without a seed": lambda: first(""),
                "later": lambda: wall(ost("catalogue", "list"), later),
                "after write": lambda: after_write("catalogue", "list"),
                "check after write": lambda: after_write("check", roster),
            }
        )
        # A copy keeps the seed's build time; a first start that built (a stale seed: this tree's code or
        # catalog/ edited during the run) has its own. Such rounds would time the build, not the copy: say so.
        built = [db for db in seeded_dbs if built_at(db) != built_at(seed)]
    print(f"catalogue: {folder}; roster: {roster.name}")
    if built:
        print(f"WARNING: {len(built)} of {len(seeded_dbs)} first starts built instead of copying the seed (stale)")
    met = [
        verdict("ost catalogue list", times["list"], times["pass"], READ_GOAL, "python -c pass"),
        verdict("ost check ROSTER", times["check"], times["pass"], READ_GOAL, "python -c pass"),
        verdict("first start (the seed copied)", times["first"], times["later"], FIRST_GOAL, "a later start"),
    ]
    print(
        f"first start without a seed (built from the YAML): {median(times['first without a seed']):.3f} s "
        f"({spread(times['first without a seed'])}) | "
        f"{median(times['first without a seed']) / median(times['later']):.1f}× a later start; "
        f"making the seed (ost catalogue seed, at build time): {seed_took:.2f} s"
    )
    print(
        f"ost catalogue list after a write (browse table worked out again): {median(times['after write']):.3f} s "
        f"({spread(times['after write'])}) | {median(times['after write']) / median(times['pass']):.1f}× python -c pass"
    )
    print(
        f"ost check ROSTER after a write (the facts kept again): {median(times['check after write']):.3f} s "
        f"({spread(times['check after write'])}) | "
        f"{median(times['check after write']) / median(times['pass']):.1f}× python -c pass"
    )
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
