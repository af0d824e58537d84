"""Hatch build hook: make the seed database (``ost.store.seed``) while Ost is built or installed.

A wheel carries it in its package data (``ost/_data/seed/``); an editable
install (``pip install -e .``, as ``./dev.sh`` does) writes it into the
checkout's git-ignored ``build/seed/``, where a checkout's Ost looks. Either
way a first start then copies a ready database instead of building the
shipped catalogue from its YAML. The seed is made by this tree's own Ost
(``python -m ost catalogue seed``), in a subprocess of the build's Python:
``[build-system] requires`` lists what building the catalogue needs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SEED = "catalogue-seed.sqlite"
RECORD = "catalogue-seed.json"


class SeedHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        if version == "editable":
            try:
                self._make(root, root / "build" / "seed" / SEED)
            except subprocess.CalledProcessError as exc:  # the checkout still works: its first start builds
                self.app.display_warning(f"no seed database (the first start will build the catalogue): {exc}")
            return
        self._folder = tempfile.mkdtemp(prefix="ost-seed-")
        seed = Path(self._folder) / SEED
        self._make(root, seed)  # a wheel without its seed would be slower, not broken; still, say it loudly
        build_data["force_include"][str(seed)] = f"ost/_data/seed/{SEED}"
        build_data["force_include"][str(seed.with_name(RECORD))] = f"ost/_data/seed/{RECORD}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        folder = getattr(self, "_folder", None)
        if folder:
            shutil.rmtree(folder, ignore_errors=True)

    def _make(self, root: Path, seed: Path) -> None:
        path = os.pathsep.join(filter(None, [str(root / "app"), os.environ.get("PYTHONPATH")]))
        env = {**os.environ, "PYTHONPATH": path}
        env.pop("OST_SEED", None)
        self.app.display_info(f"making the seed database {seed}")
        # The tree's own ``app/`` first on the path, set in the child itself: pip's isolated build
        # environment rewrites sys.path at start-up, so PYTHONPATH alone does not reach ``ost``.
        run = (
            "import sys; sys.path.insert(0, sys.argv[1]); "
            "from ost.cli.main import main; raise SystemExit(main(sys.argv[2:]))"
        )
        command = [sys.executable, "-c", run, str(root / "app"), "catalogue", "seed", str(seed)]
        subprocess.run(command, env=env, check=True, cwd=root)
