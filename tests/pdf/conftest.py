"""Fixtures of the printout tests: the shipped catalogue as the program reads it."""

from __future__ import annotations

import pytest

from ost.core.catalogue import Catalogue


@pytest.fixture(scope="session")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    """The shipped catalogue read back from a database built from catalog/, as ``ost export`` reads it.

    (The ``shipped`` fixture reads the YAML files directly; printouts are made from the database.)
    """
    from ost.services import build_catalogue
    from ost.store import CatalogueStore

    path = tmp_path_factory.mktemp("stored") / "catalogue.sqlite"
    with CatalogueStore(path) as store:
        build_catalogue(store)
        return store.load()


@pytest.fixture(params=["files", "store"])
def either(request: pytest.FixtureRequest) -> Catalogue:
    """The shipped catalogue read from its files, then from the database: cards must come out the same."""
    name = "shipped" if request.param == "files" else "stored"
    catalogue: Catalogue = request.getfixturevalue(name)
    return catalogue
