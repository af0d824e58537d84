"""Compile the BattleScribe reader's modules with mypyc: ``.venv/bin/python tools/native.py [--force] [--quiet]``.

Builds :data:`ost.formats.bsdata.native.MODULES` into ``build/native/``
(git-ignored) with the record :mod:`ost.formats.bsdata.native` checks before
it uses them (see there). Does nothing when the build there is of this very
source already (``--force`` builds anyway). ``./dev.sh`` runs it after
installing Ost. Needs mypy (its ``mypyc``, a development dependency),
setuptools and a C compiler; without them it says so and exits 0: Ost then
reads with its Python source, as it always can. The build takes about a
minute (``-O3``, both cores).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))

from ost.formats.bsdata import native  # noqa: E402

#: Run in a child (setuptools' ``setup()`` exits and keeps state): mypyc's C, compiled by setuptools.
_SETUP = """
import os, sys
from mypyc.build import mypycify
from setuptools import setup
paths, group, work = sys.argv[1].split(","), sys.argv[2], sys.argv[3]
modules = mypycify(paths, opt_level="3", group_name=group, target_dir=work + "/c")
os.chdir(work)  # (mypy's settings read from the checkout; setuptools would read its pyproject.toml too)
setup(
    name="ost-native",
    ext_modules=modules,
    script_args=["-q", "build_ext", "--build-lib", work + "/lib", "--build-temp", work + "/t", "--parallel", "2"],
)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even when the build there is current")
    parser.add_argument("--quiet", action="store_true", help="say nothing when the build is current")
    args = parser.parse_args(argv)
    out = ROOT / "build" / "native"
    if not args.force and native.usable(out):
        if not args.quiet:
            print(f"{out}: current")
        return 0
    hashes = native.source_hashes()  # (the sources as compiled: an edit during the build makes it stale)
    paths = ",".join(f"app/ost/formats/bsdata/{name}.py" for name in native.MODULES)
    print(f"compiling the reader's {len(native.MODULES)} modules with mypyc into {out} (about a minute)")
    with tempfile.TemporaryDirectory(prefix="ost-native-") as work:
        try:
            done = subprocess.run(
                [sys.executable, "-c", _SETUP, paths, native.GROUP, work],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=False,
            )
        except OSError as exc:
            done = subprocess.CompletedProcess([], 1, "", str(exc))
        if done.returncode != 0:
            print(
                "the reader stays in Python (slower imports, the same results): mypyc could not build it\n"
                + (done.stdout + done.stderr).strip()[-2000:],
                file=sys.stderr,
            )
            return 0
        # Made whole beside the old build, then swapped in: a start never sees half of one.
        fresh, old = out.with_name("native.new"), out.with_name("native.old")
        shutil.rmtree(fresh, ignore_errors=True)
        shutil.copytree(Path(work) / "lib", fresh)
        (fresh / native.RECORD).write_text(json.dumps(native.record_for(hashes), indent=1) + "\n", encoding="utf-8")
        shutil.rmtree(old, ignore_errors=True)
        if out.exists():
            out.rename(old)
        fresh.rename(out)
        shutil.rmtree(old, ignore_errors=True)
    if not native.usable(out):
        print(f"{out}: built, but not usable (a source changed meanwhile?)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
