"""What ``ost catalogue`` shows a player: model kinds on a datasheet, messages in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import run_cli as run
from ost.cli.catalogue_cmd import datasheet_text
from ost.core.catalogue import Catalogue


def test_show_gives_each_model_kind_with_its_count_and_price(shipped: Catalogue) -> None:
    boyz = shipped.get("ork-boyz")
    assert boyz is not None
    fr = datasheet_text(boyz, shipped, "fr")
    en = datasheet_text(boyz, shipped, "en")
    assert "Types de figurines : Boss Nob 1 · Boy 9–29 (+8 pts par figurine en plus)" in fr
    assert "Model kinds: Boss Nob 1 · Boy 9–29 (+8 pts per extra model)" in en


def test_show_of_a_one_kind_datasheet_has_no_kind_line(shipped: Catalogue) -> None:
    sheet = next(s for s in shipped if len(s.kinds) == 1)
    assert "Types de figurines" not in datasheet_text(sheet, shipped, "fr")
    assert "Model kinds" not in datasheet_text(sheet, shipped, "en")


@pytest.mark.parametrize(
    ("args", "fr", "en"),
    [
        (["catalogue", "show", "nothing-such"], "aucune fiche 'nothing-such'", "no datasheet 'nothing-such'"),
        (["catalogue", "source", "disable", "zzz"], "aucune source ne correspond", "no such source"),
        (["catalogue", "override", "nothing-such", "points", "5"], "aucune fiche", "no datasheet"),
        (["catalogue", "override", "tactical", "points"], "donnez une VALEUR, ou --clear", "give a VALUE, or --clear"),
        (["catalogue", "override", "tactical", "points", "5", "--clear"], "--clear ne prend pas", "--clear takes no"),
    ],
)
def test_catalogue_errors_speak_the_users_language(
    capsys: pytest.CaptureFixture[str], mini_db: Path, args: list[str], fr: str, en: str
) -> None:
    code, _, err = run(capsys, "--db", str(mini_db), "--lang", "fr", *args)
    assert code != 0 and fr in err and en not in err
    code, _, err = run(capsys, "--db", str(mini_db), "--lang", "en", *args)
    assert code != 0 and en in err


def test_search_results_are_browse_entries_one_per_datasheet_whatever_its_sources() -> None:
    from helpers import two_sources
    from ost.core.browse import entries_of

    catalogue = two_sources()
    found = [catalogue.get(i) for i in ("bs-am-lr-entry", "am-leman-russ", "bs-am-hydra", "bs-am-hydra-2")]
    entries = entries_of(catalogue, [s for s in found if s is not None])
    assert [e.sheet.id for e in entries] == ["am-leman-russ", "bs-am-hydra", "bs-am-hydra-2"]
    assert entries[0].sources == ("ost", "bsdata:am-cat")
    assert {e.group for e in entries} == {"astra-militarum"}
    assert entries_of(catalogue, []) == []


def test_cli_search_shows_a_datasheet_of_two_sources_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from helpers import two_sources
    from ost.store import CatalogueStore

    db = tmp_path / "two.sqlite"
    with CatalogueStore(db) as store:
        store.replace_all(two_sources())
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "catalogue", "search", "leman", "russ")
    rows = [line for line in out.splitlines()[1:] if line.strip()]
    assert code == 0 and len(rows) == 1, out
    assert "am-leman-russ" in rows[0] and "ost + bsdata:am-cat" in rows[0] and "astra-militarum" in rows[0]


def test_an_unreadable_file_is_named_once(capsys: pytest.CaptureFixture[str], mini_db: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.ost"
    bad.write_text("{not json", encoding="utf-8")
    code, out, _ = run(capsys, "--db", str(mini_db), "--lang", "en", "check", str(bad))
    assert code == 2 and f"{bad}: unreadable — " in out and out.count(str(bad)) == 1, out
