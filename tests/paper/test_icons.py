"""Icons are data: SVG path data parsed exactly, drawn as vectors, replaceable by a user."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.errors import InputError
from generator.paper.icons import IconSet, parse_path


def test_relative_and_shorthand_commands_become_absolute() -> None:
    segments = parse_path("M10 10 h20 v5 l-5 5 Z")
    assert segments == [("M", (10.0, 10.0)), ("L", (30.0, 10.0)), ("L", (30.0, 15.0)),
                        ("L", (25.0, 20.0)), ("Z", ())]


def test_quadratics_become_cubics_with_the_same_end_points() -> None:
    (_, (x, y)), (command, args) = parse_path("M0 0 Q50 100 100 0")
    assert command == "C"
    assert args == pytest.approx((100 / 3, 200 / 3, 200 / 3, 200 / 3, 100.0, 0.0))


@pytest.mark.parametrize("bad", ["L 1 2", "M 1", "M1 2 C 3 4"])
def test_malformed_path_data_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_path(bad)


def test_every_builtin_icon_draws_as_vector_paths(tmp_path: Path) -> None:
    icons = IconSet()
    required = {"slide", "haste", "slow", "left_spin", "right_spin", "damage", "whip", "reins",
                "lightning", "arrow"}
    assert required <= set(icons.names())
    path = tmp_path / "icons.pdf"
    canvas = Canvas(str(path))
    for i, name in enumerate(sorted(required)):
        icons[name].draw(canvas, 20 + 50 * (i % 8), 700 - 60 * (i // 8), 40)
    canvas.save()
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        assert not page.images
        assert len(page.curves) + len(page.rects) + len(page.lines) >= len(required)


def test_a_user_icons_file_replaces_one_icon(tmp_path: Path) -> None:
    (tmp_path / "icons.yaml").write_text("whip:\n  - {circle: [50, 50, 40], fill: ink}\n")
    ours, theirs = IconSet(), IconSet(tmp_path)
    assert theirs["whip"] != ours["whip"]
    assert theirs["reins"] == ours["reins"]


def test_a_broken_user_icons_file_points_at_the_shape(tmp_path: Path) -> None:
    (tmp_path / "icons.yaml").write_text("whip:\n  - {path: 'L 0 0', fill: ink}\n")
    with pytest.raises(InputError) as info:
        IconSet(tmp_path)
    assert (info.value.line, info.value.column) == (2, 5)
    assert "must start with M" in str(info.value)
