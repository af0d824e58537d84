"""The rules core: catalogue model, army lists, validator and the list file.

Nothing in this package imports Qt, SQLAlchemy or reportlab; an import-linter
contract in ``pyproject.toml`` keeps it that way.
"""
