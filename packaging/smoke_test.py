"""Smoke test of the built program: what a player does first, with the frozen program alone.

    python packaging/smoke_test.py dist

It starts offscreen (``--version``), makes its catalogue (a copy of the seed
database shipped inside it: checked, since the database's build time must be
the seed's), reads a real
BattleScribe roster (from ``../shared/rosters-9e`` when that folder is there,
else one in ``tests/data``), imports BattleScribe files (those of
``tests/data/bsdata``: with the compiled reader it carries when the checkout
had one, see ``ost.formats.bsdata.native``, checked to be there), checks the
example lists with the right exit codes, exports a PDF army sheet and cards,
then opens the window on a list and closes it once the list is shown
(``gui --screenshot``). Every step runs in a
fresh catalogue database and a fresh home, never the user's.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REAL_ROSTER = ROOT.parent / "shared" / "rosters-9e" / "necrons-95-immortals.rosz"
SHIPPED_ROSTER = ROOT / "tests" / "data" / "readers" / "orks-waaagh.ros"
LIST = ROOT / "examples" / "legal" / "space-marines-2000.ost"
BSDATA = ROOT / "tests" / "data" / "bsdata"
OK, NOT_LEGAL = 0, 1


def program_in(dist: Path) -> Path | None:
    """The newest build in ``dist`` (``ost-<version>/ost``, ``ost.exe`` on Windows)."""
    builds = sorted(p for p in dist.glob("ost-*/ost*") if p.is_file() and p.name in ("ost", "ost.exe"))
    return builds[-1] if builds else None


def main() -> int:
    dist = Path(sys.argv[1] if len(sys.argv) > 1 else "dist")
    program = program_in(dist)
    if program is None:
        print(f"no build found in {dist}", file=sys.stderr)
        return 1
    roster = REAL_ROSTER if REAL_ROSTER.is_file() else SHIPPED_ROSTER
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        env = {
            **os.environ,
            "OST_DB": str(out / "c.sqlite"),
            "OST_LANG": "fr",
            "QT_QPA_PLATFORM": "offscreen",
            "HOME": str(out / "home"),  # the window's settings and autosaves land here, not in the user's
            "XDG_CONFIG_HOME": str(out / "home" / ".config"),
            "XDG_DATA_HOME": str(out / "home" / ".local" / "share"),
        }
        sheet, cards, shot = out / "sheet.pdf", out / "cards.pdf", out / "window.png"
        # (arguments, accepted exit codes, a file the step must write)
        steps: list[tuple[list[str], tuple[int, ...], Path | None]] = [
            (["--version"], (OK,), None),
            (["catalogue", "search", "necron"], (OK,), None),
            (["check", str(roster)], (OK, NOT_LEGAL), None),  # read, whatever its verdict
            (["import", "bsdata", "-q", str(BSDATA)], (OK,), None),
            (["check", str(ROOT / "examples" / "legal")], (OK,), None),
            (["check", str(ROOT / "examples" / "illegal" / "SHEET-MAX.ost")], (NOT_LEGAL,), None),
            (["export", "sheet", str(LIST), "-o", str(sheet)], (OK,), sheet),
            (["export", "cards", str(LIST), "-o", str(cards)], (OK,), cards),
            (["gui", str(LIST), "--screenshot", str(shot)], (OK,), shot),
        ]
        for words, accepted, written in steps:
            begun = time.perf_counter()
            result = subprocess.run([str(program), *words], env=env, capture_output=True, text=True, timeout=180)
            shown = " ".join(Path(w).name if os.sep in w else w for w in words)
            problem = _problem(result, accepted, written)
            took = time.perf_counter() - begun
            print(f"{'FAILED' if problem else 'ok'}: {shown} -> {result.returncode} ({took:.1f} s)")
            if problem:
                print(problem, result.stdout[-2000:], result.stderr[-3000:], sep="\n", file=sys.stderr)
                return 1
        problem = _not_seeded(program, out / "c.sqlite")
        print(f"{'FAILED' if problem else 'ok'}: the first start copied the seed database {problem}".rstrip())
        if problem:
            return 1
        problem = _native_left_out(program)
        print(f"{'FAILED' if problem else 'ok'}: the compiled reader travels with the program {problem}".rstrip())
        if problem:
            return 1
    size = sum(f.stat().st_size for f in program.parent.rglob("*") if f.is_file())
    print(f"build: {program.parent} ({size / 1e6:.0f} MB); smoke test {time.perf_counter() - started:.0f} s")
    return 0


def _native_left_out(program: Path) -> str:
    """Why the program lacks the checkout's compiled reader (its build current when the program was built), or ""."""
    record = ROOT / "build" / "native" / "native.json"
    if not record.is_file():
        return ""  # (none built in this checkout: the program reads with the Python source)
    shipped = list(program.parent.rglob("ost/_data/native/native.json"))
    if not shipped:
        return "(build/native/ is there but not in the program: was it stale? tools/native.py)"
    return "" if shipped[0].read_bytes() == record.read_bytes() else "(the program's build is not the checkout's)"


def _not_seeded(program: Path, db: Path) -> str:
    """Why the database ``db`` of the program's first start is not a copy of its seed ('' when it is).

    A copy keeps the seed's build time; a catalogue built from the YAML has the time of that first start.
    """
    seed = next(program.parent.rglob("catalogue-seed.sqlite"), None)
    if seed is None:
        return "(no seed database in the build)"

    def built_at(path: Path) -> str | None:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            row = con.execute("SELECT value FROM catalogue_meta WHERE key = 'built_at'").fetchone()
            return None if row is None else str(row[0])
        finally:
            con.close()

    made, found = built_at(seed), built_at(db)
    return "" if made == found else f"(the catalogue was built at the first start, {found}; the seed's: {made})"


def _problem(result: subprocess.CompletedProcess[str], accepted: tuple[int, ...], written: Path | None) -> str:
    if result.returncode not in accepted:
        return f"exit status {result.returncode}, expected {' or '.join(map(str, accepted))}"
    if "Traceback" in result.stderr:
        return "a traceback on stderr"
    if written is not None:
        if not written.is_file() or written.stat().st_size < 1000:
            return f"{written.name} not written"
        magic = b"%PDF-" if written.suffix == ".pdf" else b"\x89PNG"
        if not written.read_bytes().startswith(magic):
            return f"{written.name} is not a {written.suffix[1:].upper()}"
    return ""


if __name__ == "__main__":
    sys.exit(main())
