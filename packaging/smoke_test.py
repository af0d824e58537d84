"""Smoke test of the built program: it starts, builds its catalogue and checks the examples.

    python packaging/smoke_test.py dist
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    dist = Path(sys.argv[1] if len(sys.argv) > 1 else "dist")
    builds = sorted(dist.glob("ost-*/ost"))
    if not builds:
        print(f"no build found in {dist}", file=sys.stderr)
        return 1
    program = builds[-1]
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "OST_DB": str(Path(tmp) / "c.sqlite"), "OST_LANG": "fr", "QT_QPA_PLATFORM": "offscreen"}
        steps = [
            ([str(program), "--version"], 0),
            ([str(program), "catalogue", "search", "necron"], 0),
            ([str(program), "check", str(ROOT / "examples" / "legal")], 0),
            ([str(program), "check", str(ROOT / "examples" / "illegal" / "SHEET-MAX.ost")], 1),
            ([str(program), "gui", "--screenshot", str(Path(tmp) / "shot.png")], 0),
        ]
        for command, expected in steps:
            result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
            status = "ok" if result.returncode == expected else "FAILED"
            print(f"{status}: {' '.join(command[1:])} -> {result.returncode}")
            if result.returncode != expected:
                print(result.stdout[-2000:], result.stderr[-2000:], sep="\n", file=sys.stderr)
                return 1
        size = sum(f.stat().st_size for f in program.parent.rglob("*") if f.is_file())
        print(f"build: {program.parent} ({size / 1e6:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
