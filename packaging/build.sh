#!/bin/sh
# Build the desktop program in dist/ost-<version>/ and smoke-test it.
#   ./packaging/build.sh               run the tests first (./dev.sh test), then build
#   ./packaging/build.sh --skip-tests  build only (.ci/run: it has just run them)
# Works from a clean clone: ./dev.sh creates .venv/ and installs Ost; this script
# adds PyInstaller to it from PyPI.
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--skip-tests" ]; then
    ./dev.sh run --version >/dev/null  # only installs .venv/ when it is missing or stale
else
    ./dev.sh test -q -x -k "not xvfb" >/dev/null 2>&1 || { echo "tests fail: fix them before packaging" >&2; exit 1; }
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check "pyinstaller>=6,<7"
started=$(date +%s)
# The seed database the frozen program's first start copies (ost.store.seed), made by this checkout's code.
rm -rf build/seed
PYTHONPATH="$PWD/app" .venv/bin/python -m ost catalogue seed build/seed/catalogue-seed.sqlite >/dev/null
.venv/bin/pyinstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller packaging/ost.spec
echo "built in $(( $(date +%s) - started )) s"
# The Linux desktop integration travels with the program: ./install-desktop.sh in its folder.
for built in dist/ost-*/; do
    if [ "$(uname -s)" = Linux ]; then
        cp packaging/install-desktop.sh packaging/ost.desktop packaging/ost-mime.xml packaging/ost.svg "$built"
    fi
done
exec .venv/bin/python packaging/smoke_test.py dist
