"""Paddock: print-and-play components and rule checks for tabletop racing games."""

__version__ = "0.1.0"

# First, before any of Paddock's dataclasses is made: their methods' compiled code is kept
# between runs (see generator/keep/kept_code.py).
from generator.keep.kept_code import keep_compiled_dataclasses  # noqa: E402

keep_compiled_dataclasses()
