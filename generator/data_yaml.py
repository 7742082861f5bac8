"""Paddock's own packaged data files (rules, catalogues, axes, legends), read fast.

These files ship with the package and never carry user positions, so they go through
libyaml's C loader where PyYAML has it (several times faster than the pure-Python one, the
same values for our files) rather than ``source.py``'s position-keeping loader.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_data(path: Path) -> Any:
    """The plain values in one packaged YAML file."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)  # noqa: S506 (safe loader)
