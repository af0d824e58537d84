"""Ost: army-list builder and validator for MAC HAMMER 40K."""

__version__ = "0.1.0"
