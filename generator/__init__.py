"""Paddock: print-and-play components and rule checks for tabletop racing games."""

__version__ = "0.1.0"
