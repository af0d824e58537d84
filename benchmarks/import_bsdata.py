"""How fast is the BattleScribe import? Run by hand: ``.venv/bin/python benchmarks/import_bsdata.py [FOLDER]``.

Compares, in the same run and on the same files:

* **raw parse**: ``xml.etree.ElementTree.parse`` of every ``.gst``/``.cat``,
  keeping the trees (as any importer must), with the garbage collector as
  Python leaves it;
* **raw parse, collector paused**: the same with ``gc`` disabled, the stricter
  baseline (the import pauses the collector itself, see ``ost.formats.bsdata``);
* **import**: ``ost.formats.bsdata.read_bsdata`` on the folder: safe reading,
  link resolution, model kinds, conditions, transport texts, every datasheet
  built and validated;
* **import + store**: the same written to a fresh SQLite catalogue in one
  transaction (``ost import bsdata`` without the printing), on the sample only.

Two data sets: the sample (default ``../shared/bsdata-9e``, 14 of the 53 files
of the final 9th-edition release), and the sample grown to the size of the
full release (about 34 MB): its catalogues copied again under new ids (every
id defined in a catalogue gets a suffix, everywhere it appears; the game
system is shared), written to a temporary folder. For information, a third
set has the release's shape: the Ultramarines copied as eleven more chapters
that all build on the one Space Marines library (no goal: each chapter's
datasheets are built again, only the library's entries are shared).

Each figure is the median of several rounds of CPU time of this process
(wall time on a shared machine says more about the neighbours), the rounds
interleaved so that a busy machine slows them alike. Goal: import ≤ 4 × the
paused raw parse, on both data sets.
"""

from __future__ import annotations

import gc
import re
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
LARGE_ROUNDS = 3
#: The final 9th-edition release: 53 files, 34.3 MB.
FULL_RELEASE_BYTES = 34_300_000
_ID = re.compile(r"\b[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}\b|\b[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b")
_DEFINED = re.compile(r'\bid="([^"]+)"')


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
    """CPU seconds of this process: the machine is shared, and both sides are single-threaded work."""
    gc.collect()
    start = time.process_time()
    action()
    return time.process_time() - start


def _renamed(text: str, ours: set[str], suffix: str) -> str:
    """A catalogue under new ids: ``suffix`` after each of ``ours`` wherever it appears, and before its name."""
    renamed = _ID.sub(lambda m: m.group(0) + suffix if m.group(0) in ours else m.group(0), text)
    return renamed.replace('name="', f'name="{suffix} ', 1)  # the catalogue's own name comes first


def grow(files: list[Path], into: Path, target: int) -> list[Path]:
    """The files, plus copies of the catalogues under new ids, until about ``target`` bytes."""
    system = [p for p in files if p.suffix == ".gst"]
    catalogues = [p for p in files if p.suffix == ".cat"]
    texts = {p: p.read_text(encoding="utf-8") for p in catalogues}
    system_ids = set(_DEFINED.findall(system[0].read_text(encoding="utf-8"))) if system else set()
    ours = {i for text in texts.values() for i in _DEFINED.findall(text)} - system_ids
    written: list[Path] = []
    for path in files:
        copy = into / path.name
        copy.write_bytes(path.read_bytes())
        written.append(copy)
    size = sum(p.stat().st_size for p in written)
    round_ = 1
    while size < target * 0.97:
        suffix = f"{round_:04x}"
        for path, text in texts.items():
            renamed = _renamed(text, ours, suffix)
            copy = into / f"{path.stem} {suffix}{path.suffix}"
            copy.write_text(renamed, encoding="utf-8")
            written.append(copy)
            size += copy.stat().st_size
        round_ += 1
    return written


def chapters(files: list[Path], into: Path, count: int) -> list[Path]:
    """The files, plus ``count`` copies of each chapter under new ids, all sharing one library.

    A chapter is a playable catalogue built on a library whose roots it does not import (the
    Ultramarines on the Space Marines library): the shape of the full release, where twelve
    chapters share the Space Marines library.
    """
    texts = {p: p.read_text(encoding="utf-8") for p in files}
    library = {i for p, t in texts.items() if 'library="true"' in t[:2000] for i in _DEFINED.findall(t)}
    system = {i for p, t in texts.items() if p.suffix == ".gst" for i in _DEFINED.findall(t)}
    written: list[Path] = []
    for path in files:
        copy = into / path.name
        copy.write_bytes(path.read_bytes())
        written.append(copy)
    for path, text in texts.items():
        if (
            path.suffix != ".cat"
            or 'library="true"' in text[:2000]
            or not (
                set(re.findall(r'catalogueLink [^>]*targetId="([^"]+)"[^>]*importRootEntries="false"', text)) & library
            )
        ):
            continue
        others = {i for p, t in texts.items() if p != path for i in _DEFINED.findall(t)} | library | system
        ours = set(_DEFINED.findall(text)) - others
        for number in range(1, count + 1):
            suffix = f"c{number:03x}"
            renamed = _renamed(text, ours, suffix)
            copy = into / f"{path.stem} {suffix}{path.suffix}"
            copy.write_text(renamed, encoding="utf-8")
            written.append(copy)
    return written


def measure(folder: Path, files: list[Path], rounds: int, *, store: bool, goal: bool = True) -> dict[str, float]:
    times: dict[str, list[float]] = {"raw": [], "raw_paused": [], "import": [], "store": []}
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(rounds):
            times["raw"].append(timed(lambda: raw_parse(files)))
            times["raw_paused"].append(timed(lambda: raw_parse_paused(files)))
            times["import"].append(timed(lambda: read_bsdata([folder])))
            if store:
                db = Path(tmp) / f"bench-{round_}.sqlite"
                with CatalogueStore(db) as catalogue:
                    times["store"].append(timed(lambda catalogue=catalogue: import_bsdata(catalogue, [folder])))
    median = {key: statistics.median(values) for key, values in times.items() if values}
    print(f"  raw xml.etree parse:             {median['raw']:.3f} s  (runs: {_runs(times['raw'])})")
    print(f"  raw parse, collector paused:     {median['raw_paused']:.3f} s  (runs: {_runs(times['raw_paused'])})")
    print(f"  import (read_bsdata):            {median['import']:.3f} s  (runs: {_runs(times['import'])})")
    if store:
        print(f"  import + store in SQLite:        {median['store']:.3f} s  (runs: {_runs(times['store'])})")
    print(f"  ratio import / raw parse:        {median['import'] / median['raw']:.2f}")
    shown = f"  (goal ≤ {GOAL:g})" if goal else ""
    print(f"  ratio import / paused raw parse: {median['import'] / median['raw_paused']:.2f}{shown}")
    return median


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "bsdata-9e"
    if not folder.is_dir():
        print(f"no BattleScribe folder at {folder}", file=sys.stderr)
        return 2
    files = [p for p in find_files([folder]) if p.suffix.lower() in (".gst", ".cat")]
    size = sum(p.stat().st_size for p in files)
    result = read_bsdata([folder])  # warm-up, and the counts to print
    print(f"sample: {len(files)} files, {size / 1e6:.1f} MB in {folder}")
    print(f"  {len(result.datasheets)} datasheets in {len(result.factions)} factions")
    sample = measure(folder, files, ROUNDS, store=True)
    with tempfile.TemporaryDirectory() as tmp:
        large = grow(files, Path(tmp), FULL_RELEASE_BYTES)
        large_size = sum(p.stat().st_size for p in large)
        result = read_bsdata([Path(tmp)])
        print(f"sample grown to the full release's size: {len(large)} files, {large_size / 1e6:.1f} MB")
        print(f"  {len(result.datasheets)} datasheets in {len(result.factions)} factions")
        grown = measure(Path(tmp), large, LARGE_ROUNDS, store=False)
    with tempfile.TemporaryDirectory() as tmp:
        shaped = chapters(files, Path(tmp), 11)
        shaped_size = sum(p.stat().st_size for p in shaped)
        result = read_bsdata([Path(tmp)])
        print(
            f"for information, twelve chapters on one library (the release's shape): {len(shaped)} files, "
            f"{shaped_size / 1e6:.1f} MB"
        )
        print(f"  {len(result.datasheets)} datasheets in {len(result.factions)} factions")
        measure(Path(tmp), shaped, LARGE_ROUNDS, store=False, goal=False)
    worst = max(sample["import"] / sample["raw_paused"], grown["import"] / grown["raw_paused"])
    return 0 if worst <= GOAL else 1


def _runs(values: list[float]) -> str:
    return ", ".join(f"{v:.3f}" for v in values)


if __name__ == "__main__":
    sys.exit(main())
