"""Compile the BattleScribe reader's modules with mypyc: ``.venv/bin/python tools/native.py [--force] [--quiet]``.

Builds :data:`ost.formats.bsdata.native.MODULES` into ``build/native/``
(git-ignored) with the record :mod:`ost.formats.bsdata.native` checks before
it uses them (see there). Does nothing when the build there is of this very
source already (``--force`` builds anyway). ``--check`` only says whether Ost
here reads compiled (exit 0) or from its source (1), ``$OST_NATIVE``
included. ``./dev.sh`` runs it after installing Ost. Needs mypy (its
``mypyc``, a development dependency), setuptools, a C compiler and Python's
headers; without them it says so and exits 0: Ost then reads with its Python
source, as it always can. The build takes about a minute (``-O3``, both cores).
Two builds at once wait for each other (a lock), and the new build replaces
the old one whole.
"""

from __future__ import annotations

import argparse
import fcntl
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
OUT = BUILD / "native"

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


def _native() -> ModuleType:
    """``ost.formats.bsdata.native`` alone (it imports only the standard library): not the reader it loads."""
    spec = importlib.util.spec_from_file_location("ost_native_build", ROOT / "app/ost/formats/bsdata/native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even when the build there is current")
    parser.add_argument("--quiet", action="store_true", help="say nothing when the build is current")
    parser.add_argument("--check", action="store_true", help="only say whether the build there is current")
    args = parser.parse_args(argv)
    native = _native()
    if args.check:
        where = native.folder()  # (as Ost would: $OST_NATIVE, else build/native)
        return 0 if where is not None and native.usable(where) else 1
    if not args.force and native.usable(OUT):
        if not args.quiet:
            print(f"{OUT}: current")
        return 0
    try:
        BUILD.mkdir(exist_ok=True)
        with open(BUILD / "native.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # (another build of this checkout finishes first)
            if not args.force and native.usable(OUT):
                return 0
            return _build(native)
    except OSError as exc:
        print(f"the reader stays in Python (slower imports, the same results): {exc}", file=sys.stderr)
        return 0


def _build(native: ModuleType) -> int:
    hashes = native.source_hashes(native.dependencies())  # (as compiled: an edit during the build makes it stale)
    paths = ",".join(f"app/{path}" for path in native.compiled_sources())
    print(f"compiling the reader's {len(native.MODULES)} modules with mypyc into {OUT} (about a minute)")
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
        made = Path(work) / "lib"
        missing = [name for name in native.built_files() if not (made / name).is_file()]
        if done.returncode != 0 or missing:
            print(
                "the reader stays in Python (slower imports, the same results): mypyc could not build it\n"
                + (done.stdout + done.stderr).strip()[-2000:],
                file=sys.stderr,
            )
            return 0
        built = {name: (made / name).stat().st_size for name in native.built_files()}
        (made / native.RECORD).write_text(
            json.dumps(native.record_for(hashes, built), indent=1) + "\n", encoding="utf-8"
        )
        # Made whole beside the old build, then swapped in: a start never sees half of one.
        fresh = Path(tempfile.mkdtemp(prefix="native.new-", dir=BUILD))
        old = Path(tempfile.mkdtemp(prefix="native.old-", dir=BUILD))
        try:
            shutil.copytree(made, fresh, dirs_exist_ok=True)
            if OUT.exists():
                OUT.rename(old / "native")
            fresh.rename(OUT)
        finally:
            shutil.rmtree(old, ignore_errors=True)
            shutil.rmtree(fresh, ignore_errors=True)
    if not native.usable(OUT):
        print(f"{OUT}: built, but not usable (a source changed meanwhile?)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
