"""A whole number that may be written with the unit a rulebook counts it in.

Books print counts with their unit ("30 endurance factors", "a 3 hit points blow"), and a
person copying a table types them so. ``Counted`` reads such a value as its number, and
keeps the refusal for any other unit (endurance is not counted in MFs, fins not in
boosters), so widening the reading lets no wrong value through. Shared by the games that
count this way; each names its own units.
"""

from __future__ import annotations

import re
from typing import Any

from generator.input.findings import KeyPath
from generator.input.source import Node, Scalar
from generator.input.validation import Validation, any_case
from generator.input.values import Int


class Counted(Int):
    """A whole number from ``low`` to ``high``, or one followed by one of ``units`` (case
    and spacing aside); ``example`` is the number the expected-value text shows."""

    def __init__(self, low: int, high: int, units: tuple[str, ...], example: int) -> None:
        super().__init__(low, high)
        self.units = units
        self.expected += f" ({example} or {example} {units[0]})"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        value = node.value if isinstance(node, Scalar) else None
        if isinstance(value, str):
            unit = "|".join(re.escape(u) for u in self.units)
            match = re.fullmatch(rf"\s*([0-9]+)\s*(?:{unit})\s*", value, re.IGNORECASE)
            if match is not None:
                node = Scalar(node.mark, int(match.group(1)))
        return super().check(node, path, v)

    def own_schema(self) -> dict[str, Any]:
        units = "|".join(any_case(u).replace(" ", r"\s+") for u in self.units)
        assert self.min is not None and self.max is not None
        counts = "|".join(str(n) for n in range(self.max, self.min - 1, -1))
        return {"anyOf": [super().own_schema(), {
            "type": "string", "pattern": rf"^\s*0*({counts})\s*({units})\s*$"}]}
