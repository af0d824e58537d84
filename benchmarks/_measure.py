"""What every benchmark shares: interleaved rounds, medians, the goal said and whether it is met.

Each benchmark times what a user waits for against its floor *in the same
run*: the rounds alternate (Ost, floor, Ost, floor…) so that a busy machine
slows both alike, and the figure kept is the median of at least five rounds.
Whole commands run as subprocesses, start-up and exit included, with this
tree's bytecode compiled first (:func:`compiled`) as an installed Ost has it:
without, every run would compile Ost's modules from source again (a quarter
of a second and more when ``PYTHONDONTWRITEBYTECODE`` is set), which no user
waits for.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app"
#: The full 9th-edition release when present, else the 13-file sample.
FULL_RELEASE = ROOT.parent / "shared" / "bsdata-9e-full"
SAMPLE = ROOT.parent / "shared" / "bsdata-9e"
ROUNDS = int(os.environ.get("OST_BENCH_ROUNDS", "5"))


def bsdata_folder(argv: Sequence[str] = ()) -> Path:
    """The folder named on the command line, else the full release when present, else the sample."""
    if argv:
        return Path(argv[0])
    return FULL_RELEASE if FULL_RELEASE.is_dir() else SAMPLE


def compiled() -> None:
    """Compile this tree's modules to bytecode (``__pycache__``, as ``pip install`` does), once per benchmark."""
    compileall.compile_dir(APP, quiet=1)


def native_reader() -> str:
    """Build the compiled BattleScribe reader as ``./dev.sh`` does (``tools/native.py``); say which reader runs.

    The commands the benchmarks start read with it when the build is of this tree's source (else with the
    Python source: ``OST_NATIVE=`` asks for that).
    """
    if os.environ.get("OST_NATIVE") == "":
        return "the BattleScribe reader: its Python source (OST_NATIVE= is set)"
    tool = [sys.executable, str(ROOT / "tools" / "native.py")]
    subprocess.run([*tool, "--quiet"], check=False)
    if subprocess.run([*tool, "--check"], check=False).returncode == 0:  # (as the commands will find it)
        return "the BattleScribe reader: compiled"
    return "the BattleScribe reader: its Python source (no build of it: see tools/native.py)"


def env(**extra: str) -> dict[str, str]:
    """The environment for a subprocess running this tree's Ost (its bytecode compiled: see :func:`compiled`)."""
    found = dict(os.environ)
    found["PYTHONPATH"] = os.pathsep.join([str(APP), *filter(None, [found.get("PYTHONPATH")])])
    found.update(extra)
    return found


def wall(command: Sequence[str | Path], environment: dict[str, str] | None = None) -> float:
    """Wall seconds of one subprocess, from spawn to exit (its output thrown away)."""
    start = time.perf_counter()
    subprocess.run(
        [str(c) for c in command],
        env=environ if (environ := environment) else env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    return time.perf_counter() - start


def ost(*words: str | Path) -> list[str]:
    return [sys.executable, "-m", "ost", *[str(w) for w in words]]


def interleaved(actions: dict[str, Callable[[], float]], rounds: int = ROUNDS) -> dict[str, list[float]]:
    """Every action once per round, in turn; each returns its own seconds."""
    times: dict[str, list[float]] = {name: [] for name in actions}
    for _ in range(rounds):
        for name, action in actions.items():
            times[name].append(action())
    return times


def median(values: list[float]) -> float:
    return statistics.median(values)


def spread(values: list[float]) -> str:
    return f"{min(values):.3f}–{max(values):.3f}"


def verdict(label: str, ours: list[float], floor: list[float], goal: float, floor_label: str) -> bool:
    """Print one row (median, floor, ratio, goal, PASS/MISS); True when the goal is met."""
    ratio = median(ours) / median(floor)
    met = ratio <= goal
    print(
        f"{label}: {median(ours):.3f} s ({spread(ours)}) | {floor_label}: {median(floor):.3f} s ({spread(floor)}) | "
        f"{ratio:.2f}× | goal ≤ {goal:g}× | {'PASS' if met else 'MISS'}"
    )
    return met
