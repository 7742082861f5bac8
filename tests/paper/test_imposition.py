"""The imposition engine, read back from the PDFs it writes: trims exact to 0.01 mm on A4 and
Letter for several sizes, crop marks never inside a trim, bleed present, backs behind their
fronts for long- and short-edge duplex, print-shop pages, registration marks and groups."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path

import pytest
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from generator.paper.imposition import Component, Piece, SheetOptions, SheetWriter, plan_grid
from generator.paper.pdf import finish, new_canvas
from generator.paper.sizes import STANDARD_SIZES
from generator.paper.units import PAPERS, Paper, mm, to_mm
from tests.pdf_geometry import Box, open_pdf, page_box, segments, stroked_rects


@dataclass(frozen=True)
class Probe:
    """A face that fills its bleed in grey and strokes its trim in a colour naming it."""

    number: int
    side: int = 0

    @property
    def key(self) -> Hashable:
        return (self.number, self.side)

    @property
    def colour(self) -> tuple[float, float, float]:
        return (round(self.number / 255, 3), 0.5 if self.side == 0 else 0.25, 0.125)

    def draw(self, canvas: Canvas, width: float, height: float, bleed: float) -> None:
        canvas.setFillColor(Color(0.8, 0.8, 0.8))
        canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
        canvas.setStrokeColor(Color(*self.colour))
        canvas.setLineWidth(0.1)
        canvas.rect(0, 0, width, height, stroke=1, fill=0)


def write(path: Path, component: Component, pieces: list[Piece], options: SheetOptions
          ) -> None:
    canvas = new_canvas(path, "test", options.paper)
    writer = SheetWriter(canvas, options)
    writer.impose(component, pieces)
    finish(canvas, writer.pages, options.paper)


def pieces(count: int, backs: bool = True) -> list[Piece]:
    return [Piece(Probe(n), Probe(n, 1) if backs else None) for n in range(1, count + 1)]


def trims_on(page: object, count: int, side: int = 0) -> dict[int, Box]:
    found = {}
    for number in range(1, count + 1):
        rects = stroked_rects(page, Probe(number, side).colour)
        if rects:
            found[number] = rects[0]
    return found


SIZES = ["poker", "bridge", "mini-euro", "tarot", "square"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("butted", [True, False])
def test_every_trim_is_exact_and_no_crop_mark_touches_a_trim(tmp_path: Path, paper: str,
                                                             size: str, butted: bool) -> None:
    card = STANDARD_SIZES[size]
    component = Component(card.width, card.height, mm(3))
    options = SheetOptions(PAPERS[paper], butted=butted)
    count = plan_grid(component, options).capacity
    write(tmp_path / "sheet.pdf", component, pieces(count, backs=False), options)
    page = open_pdf(tmp_path / "sheet.pdf").pages[0]
    trims = trims_on(page, count)
    assert len(trims) == count
    for trim in trims.values():
        assert trim.width == pytest.approx(to_mm(card.width), abs=0.01)
        assert trim.height == pytest.approx(to_mm(card.height), abs=0.01)
        assert trim.x0 >= 5 and trim.y0 >= 5, "inside the printer's safe margin"
    marks = [s for s in segments(page)]
    assert marks, "crop marks drawn"
    for mark in marks:
        for trim in trims.values():
            for x, y in ((mark.x0, mark.y0), (mark.x1, mark.y1),
                         ((mark.x0 + mark.x1) / 2, (mark.y0 + mark.y1) / 2)):
                assert not trim.strictly_contains(x, y)


@pytest.mark.parametrize("butted", [True, False])
def test_crop_marks_start_outside_the_bleed(tmp_path: Path, butted: bool) -> None:
    component = Component(mm(63.5), mm(88.9), mm(3))
    options = SheetOptions(PAPERS["a4"], butted=butted)
    write(tmp_path / "sheet.pdf", component, pieces(9, backs=False), options)
    page = open_pdf(tmp_path / "sheet.pdf").pages[0]
    bleed, trim = page_box(page, "BleedBox"), page_box(page, "TrimBox")
    # Butted cards share their inner cuts; their outer art stops short of the marks, which
    # start 1 mm from the trim; cards with their own bleed keep it all (3 mm).
    assert trim.x0 - bleed.x0 == pytest.approx(0.75 if butted else 3, abs=0.01)
    marks = [s for s in segments(page) if s.width < 5 and s.height < 5]
    assert len(marks) >= 12
    for mark in marks:
        for x, y in ((mark.x0, mark.y0), (mark.x1, mark.y1)):
            assert not bleed.strictly_contains(x, y, tolerance=-0.2), \
                f"a crop mark within 0.2 mm of the bleed: {mark}"


def test_nine_poker_cards_fit_a4_when_butted() -> None:
    poker = STANDARD_SIZES["poker"]
    grid = plan_grid(Component(poker.width, poker.height, mm(3)),
                     SheetOptions(PAPERS["a4"], butted=True))
    assert (grid.columns, grid.rows) == (3, 3)


def test_bleed_and_trim_boxes_frame_the_pieces(tmp_path: Path) -> None:
    component = Component(mm(63.5), mm(88.9), mm(3))
    options = SheetOptions(PAPERS["a4"], gutter=mm(4))
    write(tmp_path / "sheet.pdf", component, pieces(4, backs=False), options)
    page = open_pdf(tmp_path / "sheet.pdf").pages[0]
    trims = list(trims_on(page, 4).values())
    trim_box, bleed_box = page_box(page, "TrimBox"), page_box(page, "BleedBox")
    assert trim_box.x0 == pytest.approx(min(t.x0 for t in trims), abs=0.01)
    assert trim_box.y1 == pytest.approx(max(t.y1 for t in trims), abs=0.01)
    assert bleed_box.x0 == pytest.approx(trim_box.x0 - 3, abs=0.01)
    assert bleed_box.y1 == pytest.approx(trim_box.y1 + 3, abs=0.01)
    fills = [r for r in page.rects if r.get("fill") and not r.get("stroke")]
    assert any(abs((r["x1"] - r["x0"]) * 25.4 / 72 - (63.5 + 6)) < 0.01 for r in fills), \
        "art runs 3 mm past the trim on every side"


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_back_lands_behind_its_front(tmp_path: Path, duplex: str, paper: str) -> None:
    component = Component(mm(63.5), mm(88.9), mm(3))
    options = SheetOptions(PAPERS[paper], duplex=duplex, butted=True)  # type: ignore[arg-type]
    count = plan_grid(component, options).capacity - 1  # a part-filled sheet
    write(tmp_path / "sheet.pdf", component, pieces(count), options)
    pdf = open_pdf(tmp_path / "sheet.pdf")
    assert len(pdf.pages) == 2
    width, height = pdf.pages[0].width * 25.4 / 72, pdf.pages[0].height * 25.4 / 72
    fronts, backs = trims_on(pdf.pages[0], count), trims_on(pdf.pages[1], count, side=1)
    assert set(fronts) == set(backs) == set(range(1, count + 1))
    for number, front in fronts.items():
        back = backs[number]
        # flipping the sheet about its long (vertical) or short (horizontal) axis
        flipped = (Box(width - back.x1, back.y0, width - back.x0, back.y1) if duplex == "long"
                   else Box(back.x0, height - back.y1, back.x1, height - back.y0))
        assert flipped.x0 == pytest.approx(front.x0, abs=0.01)
        assert flipped.y0 == pytest.approx(front.y0, abs=0.01)


def test_back_offset_nudges_the_backs(tmp_path: Path) -> None:
    component = Component(mm(63.5), mm(88.9), mm(3))
    plain, nudged = tmp_path / "plain.pdf", tmp_path / "nudged.pdf"
    write(plain, component, pieces(2), SheetOptions(PAPERS["a4"]))
    write(nudged, component, pieces(2), SheetOptions(PAPERS["a4"], back_offset=(mm(1), mm(-2))))
    before = trims_on(open_pdf(plain).pages[1], 2, side=1)[1]
    after = trims_on(open_pdf(nudged).pages[1], 2, side=1)[1]
    assert after.x0 - before.x0 == pytest.approx(1, abs=0.01)
    assert after.y0 - before.y0 == pytest.approx(-2, abs=0.01)


def test_duplex_sheets_carry_registration_marks_that_coincide(tmp_path: Path) -> None:
    component = Component(mm(63.5), mm(88.9), mm(3))
    write(tmp_path / "sheet.pdf", component, pieces(9), SheetOptions(PAPERS["a4"], butted=True))
    pdf = open_pdf(tmp_path / "sheet.pdf")
    width = pdf.pages[0].width * 25.4 / 72

    def targets(page: object) -> set[tuple[float, float]]:
        circles = [c for c in page.curves if abs((c["x1"] - c["x0"]) - mm(1.92)) < 0.05]
        return {(round((c["x0"] + c["x1"]) / 2 * 25.4 / 72, 2),
                 round((c["top"] + c["bottom"]) / 2, 1)) for c in circles}

    front, back = targets(pdf.pages[0]), targets(pdf.pages[1])
    assert len(front) == 4
    assert {(round(width - x, 2), y) for x, y in back} == front


def test_full_length_marks_run_the_sheet_without_entering_a_trim(tmp_path: Path) -> None:
    component = Component(mm(63.5), mm(88.9), mm(3))
    options = SheetOptions(PAPERS["a4"], mark_style="full", gutter=mm(4))
    grid = plan_grid(component, options)
    write(tmp_path / "sheet.pdf", component, pieces(grid.capacity, backs=False), options)
    page = open_pdf(tmp_path / "sheet.pdf").pages[0]
    trims = list(trims_on(page, grid.capacity).values())
    long_marks = [s for s in segments(page) if s.height >= 297 - 10.01 or s.width >= 200 - 0.01]
    assert len(long_marks) == 2 * (grid.columns + grid.rows)  # margin to margin, every cut
    for mark in long_marks:
        for trim in trims:
            if mark.width == 0:
                crosses = trim.x0 + 0.01 < mark.x0 < trim.x1 - 0.01
            else:
                crosses = trim.y0 + 0.01 < mark.y0 < trim.y1 - 0.01
            assert not crosses


def test_print_shop_gives_each_face_a_bleed_sized_page_with_its_trim_box(tmp_path: Path) -> None:
    component = Component(mm(63.5), mm(88.9), mm(3))
    write(tmp_path / "shop.pdf", component, pieces(3), SheetOptions(PAPERS["a4"],
                                                                    print_shop=True))
    pdf = open_pdf(tmp_path / "shop.pdf")
    assert len(pdf.pages) == 6
    for index, page in enumerate(pdf.pages):
        media, trim = page_box(page, "MediaBox"), page_box(page, "TrimBox")
        assert (media.width, media.height) == pytest.approx((69.5, 94.9), abs=0.01)
        assert (trim.x0, trim.y0, trim.width, trim.height) == pytest.approx(
            (3, 3, 63.5, 88.9), abs=0.01)
        number, side = index // 2 + 1, index % 2
        assert stroked_rects(page, Probe(number, side).colour), "fronts and backs interleave"


def test_groups_keep_each_dies_stickers_together() -> None:
    sticker = Component(mm(13), mm(13), mm(3), shape="rounded", corner_radius=mm(2))
    grid = plan_grid(sticker, SheetOptions(PAPERS["a4"], group=(3, 2), group_gap=mm(4)))
    assert grid.columns % 3 == 0 and grid.rows % 2 == 0
    first_die = [grid.trim(*grid.slot(i)) for i in range(6)]
    second_die = grid.trim(*grid.slot(6))
    assert {grid.slot(i) for i in range(6)} == {(r, c) for r in (0, 1) for c in (0, 1, 2)}
    assert second_die.x - first_die[2].right == pytest.approx(mm(6) + mm(4))


def test_a_piece_too_large_for_the_paper_is_a_usage_error() -> None:
    from generator.errors import UsageError
    with pytest.raises(UsageError, match="does not fit on a4"):
        plan_grid(Component(mm(300), mm(400)), SheetOptions(PAPERS["a4"]))


def test_cmyk_writes_every_colour_as_cmyk(tmp_path: Path) -> None:
    path = tmp_path / "cmyk.pdf"
    paper = Paper("small", mm(100), mm(100))
    canvas = new_canvas(path, "test", paper, cmyk=True)
    writer = SheetWriter(canvas, SheetOptions(paper, margin=mm(2)))
    writer.impose(Component(mm(30), mm(30), mm(3)), pieces(1))
    finish(canvas, writer.pages, paper)
    page = open_pdf(path).pages[0]
    objects = page.rects + page.lines + page.curves
    colours = [o["non_stroking_color"] for o in objects if o.get("fill")] + [
        o["stroking_color"] for o in objects if o.get("stroke")]
    assert colours and all(c is not None and len(c) == 4 for c in colours)
