"""Schema and print agree: a printed text field filled to its schema limit with long,
realistic words still prints at 6 pt or larger, so the schema never promises what the print
cannot honour."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.games.frothy_races.model import Vehicle as FrothyVehicle
from generator.games.joyride.model import Car, Item
from generator.games.outrider.model import Vehicle as OutriderVehicle
from generator.input.findings import Severity
from generator.input.schema import Text
from generator.tracks.model import Track
from tests.conftest import VEHICLES, check_file

# Long words with wide letters (M, W, m, w), the hard case for a name: "Metronome" once
# passed the schema and then failed the Joyride initiative token.
WORDS = ("Mammoth Wheelhouse Marauder Wanderer Metronome Windmill Gramophone Hammerhead "
         "Monowheel Waggonmaster Moonwalker Wolfhound ") * 10


def limit(model: type, name: str) -> int:
    """The schema's max_length for a text field of ``model``."""
    spec = next(f for f in dataclasses.fields(model) if f.name == name).metadata["spec"]
    assert isinstance(spec, Text) and spec.max_length is not None
    return spec.max_length


def text_of(length: int) -> str:
    return WORDS[:length].rstrip().ljust(length, "m")


CASES: list[tuple[str, tuple[str, ...], type, str]] = [
    ("frothy-races/basic-chariot.yaml", ("name",), FrothyVehicle, "name"),
    ("joyride/sunburst.yaml", ("name",), Car, "name"),
    ("joyride/sunburst.yaml", ("driver",), Car, "driver"),
    ("joyride/sunburst.yaml", ("flavour",), Car, "flavour"),
    ("joyride/items/spike-strip.yaml", ("name",), Item, "name"),
    ("joyride/items/spike-strip.yaml", ("effect",), Item, "effect"),
    ("joyride/items/spike-strip.yaml", ("footnote",), Item, "footnote"),
    ("outrider/big-horn.yaml", ("name",), OutriderVehicle, "name"),
    ("outrider/big-horn.yaml", ("flavour",), OutriderVehicle, "flavour"),
    ("tracks/tin-plate-loop.yaml", ("name",), Track, "name"),
    ("tracks/tin-plate-loop.yaml", ("location",), Track, "location"),
]


@pytest.mark.parametrize(("file", "path", "model", "field"), CASES,
                         ids=[f"{c[0].split('/')[0]}-{c[3]}" for c in CASES])
def test_a_field_at_its_schema_limit_prints(tmp_path: Path, file: str, path: tuple[str, ...],
                                            model: type, field: str) -> None:
    data: dict[str, Any] = yaml.safe_load((VEHICLES / file).read_text(encoding="utf-8"))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = text_of(limit(model, field))
    written = tmp_path / "full.yaml"
    written.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                       encoding="utf-8")
    errors = [f for f in check_file(written).findings if f.severity is Severity.ERROR]
    assert errors == []


def test_metronome_fits_the_initiative_token(tmp_path: Path) -> None:
    data = yaml.safe_load((VEHICLES / "joyride" / "sunburst.yaml").read_text(encoding="utf-8"))
    data["name"] = "Metronome"
    written = tmp_path / "metronome.yaml"
    written.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert check_file(written).findings == []
