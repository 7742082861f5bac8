"""Imposition geometry, checked without drawing: grids, mirrored backs, crop marks."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import UsageError
from generator.paper.imposition import Component, SheetOptions, crop_mark_segments, plan_grid
from generator.paper.units import PAPERS, mm

POKER = Component(mm(63.5), mm(88.9), mm(3))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_block_of_pieces_and_its_marks_stay_inside_the_margin(paper: str) -> None:
    options = SheetOptions(PAPERS[paper])
    grid = plan_grid(POKER, options)
    assert grid.capacity >= 4
    block = grid.block().grown(options.mark_space)
    frame = mm(5)
    assert block.x >= frame and block.y >= frame
    assert block.right <= PAPERS[paper].width - frame
    assert block.top <= PAPERS[paper].height - frame


def test_trims_are_exact_and_bleeds_abut() -> None:
    grid = plan_grid(POKER, SheetOptions(PAPERS["a4"]))
    first, second = grid.trim(0, 0), grid.trim(0, 1)
    assert first.width == pytest.approx(mm(63.5), abs=1e-9)
    assert first.height == pytest.approx(mm(88.9), abs=1e-9)
    assert second.x - first.right == pytest.approx(2 * mm(3), abs=1e-9)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_mirror_so_they_land_behind_fronts(duplex: str) -> None:
    paper = PAPERS["a4"]
    grid = plan_grid(POKER, SheetOptions(paper))
    for row in range(grid.rows):
        for column in range(grid.columns):
            front, back = grid.trim(row, column), grid.back_trim(row, column, duplex)  # type: ignore[arg-type]
            if duplex == "long":
                assert back.x == pytest.approx(paper.width - front.right)
                assert back.y == pytest.approx(front.y)
            else:
                assert back.y == pytest.approx(paper.height - front.top)
                assert back.x == pytest.approx(front.x)


def test_crop_marks_never_touch_a_trim() -> None:
    options = SheetOptions(PAPERS["letter"])
    grid = plan_grid(POKER, options)
    trims = [grid.trim(r, c) for r in range(grid.rows) for c in range(grid.columns)]
    segments = list(crop_mark_segments(grid, options))
    assert len(segments) == 2 * len(grid.column_edges()) + 2 * len(grid.row_edges())
    for x1, y1, x2, y2 in segments:
        for t in trims:
            overlaps_x = min(x1, x2) < t.right and max(x1, x2) > t.x
            overlaps_y = min(y1, y2) < t.top and max(y1, y2) > t.y
            assert not (overlaps_x and overlaps_y)


def test_a_piece_too_big_for_the_paper_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="does not fit on a4"):
        plan_grid(Component(mm(300), mm(100), 0), SheetOptions(PAPERS["a4"]))


def test_writers_sharing_a_canvas_never_redefine_a_form(tmp_path: Path) -> None:
    """Two batches of keyed faces in one file: each form name is defined once."""
    from reportlab.lib.colors import red

    from generator.paper.imposition import Piece, SheetWriter
    from generator.paper.pdf import finish, new_canvas

    class Square:
        def __init__(self, key: str) -> None:
            self.key = key

        def draw(self, canvas: object, width: float, height: float, bleed: float) -> None:
            canvas.setFillColor(red)  # type: ignore[attr-defined]
            canvas.rect(0, 0, width, height, fill=1)  # type: ignore[attr-defined]

    paper = PAPERS["a4"]
    canvas = new_canvas(tmp_path / "two.pdf", "two batches", paper)
    for key in ("first", "second"):
        writer = SheetWriter(canvas, SheetOptions(paper))
        writer.impose(POKER, [Piece(Square(key)) for _ in range(3)])
    finish(canvas, 2, paper)
    import pdfplumber
    with pdfplumber.open(tmp_path / "two.pdf") as pdf:
        assert len(pdf.pages) == 2
        assert all(len(page.rects) >= 3 for page in pdf.pages)


@pytest.mark.parametrize("gutter", [0.0, 4.0, 10.0])
def test_grouped_pieces_with_a_gutter_fit_inside_the_frame(gutter: float) -> None:
    """Six stickers a die kept together: the gutter between groups counts too."""
    sticker = Component(mm(13), mm(13), mm(3))
    options = SheetOptions(PAPERS["a4"], gutter=mm(gutter), group=(3, 2), group_gap=mm(4))
    grid = plan_grid(sticker, options)
    block = grid.block().grown(options.mark_space)
    assert grid.columns % 3 == 0 and grid.rows % 2 == 0 and grid.capacity >= 6
    assert block.x >= mm(5) - 1e-6 and block.y >= mm(5) - 1e-6
    assert block.right <= PAPERS["a4"].width - mm(5) + 1e-6
    assert block.top <= PAPERS["a4"].height - mm(5) + 1e-6
