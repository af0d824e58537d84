#!/bin/sh
# Ost's two commands on a fresh machine:
#   ./dev.sh run [ARGS]   install Ost in .venv/ and start it (arguments go to `ost`)
#   ./dev.sh test [ARGS]  install Ost with its test tools, then run the checks and the tests
#   ./dev.sh translations refresh and compile the French translation of the GUI
#   ./dev.sh seed         make build/seed/ again: the database a first start copies (installing makes it;
#                         after an edit of catalog/ or of the code it is stale, and a first start builds instead)
# Installing also compiles the BattleScribe reader with mypyc into build/native/ (tools/native.py; again after
# an edit of its modules): an import is then ~1.4x faster. Without a C compiler, Ost reads with the Python source.
set -eu
cd "$(dirname "$0")"
PYTHON=${PYTHON:-python3}
VENV=.venv

install() {
    if [ ! -x "$VENV/bin/python" ]; then
        "$PYTHON" -m venv "$VENV"
    fi
    stamp="$VENV/.ost-installed"
    if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e ".[dev]"
        touch "$stamp"
    fi
    "$VENV/bin/python" tools/native.py --quiet
}

command=${1:-run}
[ $# -gt 0 ] && shift
case "$command" in
    run)
        install
        exec "$VENV/bin/ost" "$@"
        ;;
    test)
        install
        echo "== ruff"
        "$VENV/bin/ruff" check app tests benchmarks examples tools hatch_build.py
        echo "== mypy (strict on ost.core)"
        "$VENV/bin/mypy"
        echo "== import contracts"
        "$VENV/bin/lint-imports"
        echo "== pytest"
        "$VENV/bin/python" -m pytest -n 2 "$@"
        if "$VENV/bin/python" tools/native.py --check; then
            # The reader ran compiled: the tests that replace its functions run on its Python source.
            echo "== pytest, the BattleScribe reader's Python source (the tests that replace its functions)"
            OST_NATIVE= OST_PYTHON_READER_ONLY=1 "$VENV/bin/python" -m pytest -n 2 "$@" || [ $? -eq 5 ]
        fi
        ;;
    translations)
        # Refresh resources/translations/ost_fr.ts from the GUI sources, then compile it.
        install
        "$VENV/bin/pyside6-lupdate" -no-obsolete app/ost/gui/*.py -ts resources/translations/ost_fr.ts -target-language fr_FR
        "$VENV/bin/pyside6-lrelease" resources/translations/ost_fr.ts -qm resources/translations/ost_fr.qm
        # Qt's own labels its French catalogue lacks (written by hand: lupdate never sees Qt's strings).
        "$VENV/bin/pyside6-lrelease" resources/translations/qtbase_extra_fr.ts -qm resources/translations/qtbase_extra_fr.qm
        ;;
    seed)
        install
        PYTHONPATH="$PWD/app" "$VENV/bin/python" -m ost catalogue seed build/seed/catalogue-seed.sqlite
        ;;
    *)
        echo "usage: ./dev.sh run [ARGS] | ./dev.sh test [PYTEST ARGS] | ./dev.sh translations | ./dev.sh seed" >&2
        exit 2
        ;;
esac
