"""A tile plan kept in the cache folder is the plan worked out afresh, and a second build
reads it instead of packing the tiles again."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.paper.units import mm
from generator.tracks import kept_tiles
from generator.tracks.hex_packing import Area
from generator.tracks.hexgrid import Hex, HexLayout
from generator.tracks.tiling import pack_tiles

GEOMETRY = HexLayout("pointy", mm(25.4))
AREA = Area(0.0, 0.0, mm(25.4) * 7.5, mm(25.4) * 3.9)
HEXES = [Hex(q, r) for q in range(12) for r in range(5) if (q + r) % 7 != 3]


def test_a_kept_plan_is_the_plan_and_is_read_back(fresh_store: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    afresh = pack_tiles(GEOMETRY, HEXES, [AREA])
    assert kept_tiles.kept_pack_tiles(GEOMETRY, HEXES, [AREA]) == afresh
    assert list((fresh_store / "data").iterdir()), "the plan was kept"

    def never(*_: object, **__: object) -> None:
        raise AssertionError("packed again although the plan was kept")
    monkeypatch.setattr(kept_tiles, "pack_tiles", never)
    assert kept_tiles.kept_pack_tiles(GEOMETRY, list(reversed(HEXES)), [AREA]) == afresh
    with pytest.raises(AssertionError):  # another map is a new question
        kept_tiles.kept_pack_tiles(GEOMETRY, HEXES[1:], [AREA])
