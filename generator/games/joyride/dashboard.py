"""The Joyride dashboard: one per car, on an A4 or Letter page turned landscape.

It holds the four elements every dashboard has (Player Components > The Dashboard): the gear
column (gear 1 at the bottom, the reverse marker on gear 1 and the bonus-steer marker on gear
2), the rear-view mirror with a place for each of five dice, four locked dice slots and two
item slots the size of an item pick-up. Every damage slot the car file names is drawn with a
red dashed outline, as the rulebook describes, and nothing else is: a damage token covers it.
A strip along the bottom repeats the five steps of a turn.

The layout is in millimetres from the top-left, for a car whose gears run up the left edge;
``layout: gears-right`` mirrors every element left to right (the title stays where it is).
Slots are sized from the parts they hold (components.yaml): 16 mm dice, 14 mm damage tokens
and the build's hex size for pick-ups, each with room to spare.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import Color, white

from generator.errors import UsageError
from generator.games.joyride.catalogues import JoyrideData
from generator.games.joyride.model import Car
from generator.paper.colour import canvas_inks, under_light_text
from generator.paper.drawing import colour, mix, polyline_path
from generator.paper.icons import IconSet
from generator.paper.imposition import Component
from generator.paper.layout import Blocks, Pen, Plan, Slot, cut_line
from generator.paper.units import to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "joyride/dashboard.j2"
INK_HEX, GREY_HEX = "#1d1d1b", "#5a5a5a"
INK, PANEL, GLASS = colour(INK_HEX), colour("#f4f1ea"), colour("#dde6eb")
FRAME, RULE = colour("#3b3f44"), colour("#8a8a8a")
DAMAGE_RED = colour("#c62828")
DAMAGE_DASH = (2.6, 1.4)            # points: the red dashed outline of a damage slot
DAMAGE_LINE = 1.3

EDGE = 8.0                          # left and right margin inside the trim
TITLE_TOP = 5.0
CONTENT_TOP = 25.0                  # labels of the elements
COLUMN_WIDTH = 42.0                 # the gear column
GEAR_HEIGHT, GEAR_GAP = 22.0, 2.5
BODY_GAP = 8.0                      # between the gear column and the rest
MIRROR_HEIGHT = 48.0
DIE_GAP = 8.0
LOCK_TOP = 78.0                     # label of the locked dice slots
LOCK_GAP = 8.0
ITEM_GAP = 3.0
STRIP_TOP, STRIP_HEIGHT = 156.0, 13.0
LABEL_HEIGHT = 4.0
MARKERS_SHOWN = 2                   # the info box explains reverse and bonus steer
TOP_GEAR = 5                        # gears 1-5 (JR-DASH-ELEMENTS refuses any other column),
                                    # so the mirror holds five dice at most


@dataclass(frozen=True)
class Box:
    """A rectangle in mm from the dashboard's top-left."""

    x: float
    y: float
    width: float
    height: float

    @property
    def cx(self) -> float:
        return self.x + self.width / 2

    @property
    def cy(self) -> float:
        return self.y + self.height / 2

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height


@dataclass(frozen=True)
class Geometry:
    """Where everything goes on one dashboard, in mm; computed from the trim size, the
    sizes of the parts the slots hold and the car's layout."""

    width: float
    height: float
    mirrored: bool
    die: float
    play: float
    token: float
    pickup: float

    @property
    def slot(self) -> float:
        """A die's place: the die or a damage token, whichever is larger, with play."""
        return max(self.die, self.token) + 2 * self.play

    def place(self, x: float, y: float, width: float, height: float) -> Box:
        """A box given for gears-left, mirrored left to right for gears-right."""
        return Box(self.width - x - width if self.mirrored else x, y, width, height)

    @property
    def body_left(self) -> float:
        """Left edge of everything right of the gear column (gears-left)."""
        return EDGE + COLUMN_WIDTH + BODY_GAP

    @property
    def body_width(self) -> float:
        """Width of everything right of the gear column."""
        return self.width - EDGE - self.body_left

    def gears_label(self) -> Box:
        """The label above the gear column."""
        return self.place(EDGE, CONTENT_TOP, COLUMN_WIDTH, LABEL_HEIGHT)

    def gear(self, number: int) -> Box:
        """Gear ``number`` (1-5): gear 5 at the top of the column, gear 1 at the bottom."""
        top = CONTENT_TOP + LABEL_HEIGHT + 2.0
        return self.place(EDGE, top + (TOP_GEAR - number) * (GEAR_HEIGHT + GEAR_GAP),
                          COLUMN_WIDTH, GEAR_HEIGHT)

    def mirror(self) -> Box:
        """The rear-view mirror's frame."""
        return self.place(self.body_left, CONTENT_TOP, self.body_width, MIRROR_HEIGHT)

    def mirror_die(self, index: int, count: int) -> Box:
        """The place of die ``index`` of ``count`` on the mirror's glass."""
        row = count * self.slot + (count - 1) * DIE_GAP
        left = self.body_left + (self.body_width - row) / 2 + index * (self.slot + DIE_GAP)
        return self.place(left, CONTENT_TOP + 12.5, self.slot, self.slot)

    def locked_label(self) -> Box:
        """The label of the locked dice slots, as wide as their row."""
        return self.place(self.body_left, LOCK_TOP, 4 * self.lock_size + 3 * LOCK_GAP,
                          LABEL_HEIGHT)

    @property
    def lock_size(self) -> float:
        """Side of a locked dice slot: a die's place and a frame round it."""
        return self.slot + 4.0

    def locked(self, index: int) -> Box:
        """Locked slot ``index``, counted left to right whichever side the gears are on."""
        row = self.locked_label()
        return Box(row.x + index * (self.lock_size + LOCK_GAP), LOCK_TOP + LABEL_HEIGHT + 2.0,
                   self.lock_size, self.lock_size)

    def info(self) -> Box:
        """The box under the locked slots: damage and marker reminders."""
        top = LOCK_TOP + LABEL_HEIGHT + 2.0 + self.lock_size + 5.0
        return self.place(self.body_left, top, 4 * self.lock_size + 3 * LOCK_GAP,
                          STRIP_TOP - 4.0 - top)

    @property
    def item_column(self) -> tuple[float, float]:
        """(left, width) of the item column, right of the locked slots (gears-left)."""
        left = self.body_left + 4 * self.lock_size + 3 * LOCK_GAP + 6.0
        return left, self.width - EDGE - left

    def items_label(self) -> Box:
        """The label above the item slots."""
        left, width = self.item_column
        return self.place(left, LOCK_TOP, width, LABEL_HEIGHT)

    def item(self, index: int) -> Box:
        """The bounding box of item slot ``index`` (a flat-topped hexagon)."""
        left, width = self.item_column
        across = self.pickup + 2 * self.play
        corners = across * 2 / math.sqrt(3)
        top = LOCK_TOP + LABEL_HEIGHT + 2.0 + index * (across + ITEM_GAP)
        return self.place(left + (width - corners) / 2, top, corners, across)

    def strip(self, index: int, count: int) -> Box:
        """Step ``index`` of ``count`` in the turn strip along the bottom (never mirrored)."""
        step = (self.width - 2 * EDGE) / count
        return Box(EDGE + index * step, STRIP_TOP, step - 1.5, STRIP_HEIGHT)

    def items_fit(self) -> bool:
        """True when both item slots fit their column above the turn strip."""
        _, width = self.item_column
        last = self.item(1)
        return last.width <= width and last.bottom <= STRIP_TOP - 2.0


def geometry(car: Car, data: JoyrideData, hex_across: float) -> Geometry:
    """The dashboard's geometry for ``car``, with item slots for pick-ups ``hex_across``
    points across the flats."""
    size, sizes = data.sizes["dashboard"], data.geometry
    return Geometry(to_mm(size.width), to_mm(size.height),
                    car.dashboard.layout == "gears-right", sizes["die"], sizes["slot_play"],
                    sizes["damage_token"], to_mm(hex_across))


def check_geometry(found: Geometry) -> None:
    """Refuse a hex size the item slots cannot hold (a build-wide choice: bad usage)."""
    if not found.items_fit():
        raise UsageError(f"the dashboard's item slots hold pick-ups of at most "
                         f"{max_pickup(found):.1f} mm across the flats, not "
                         f"{found.pickup:.1f} mm; choose a smaller --hex")


def max_pickup(found: Geometry) -> float:
    """The largest hex (mm across the flats) whose pick-up fits an item slot."""
    _, width = found.item_column
    by_width = width * math.sqrt(3) / 2
    by_height = (STRIP_TOP - 2.0 - (LOCK_TOP + LABEL_HEIGHT + 2.0) - ITEM_GAP) / 2
    return min(by_width, by_height) - 2 * found.play


def dashboard_component(data: JoyrideData, bleed: float) -> Component:
    """The dashboard's trim (components.yaml) with the build's bleed."""
    size = data.sizes["dashboard"]
    return Component(size.width, size.height, bleed)


def dashboard_text(car: Car, data: JoyrideData, templates: TextTemplates) -> Blocks:
    """The template blocks of one car's dashboard."""
    context: dict[str, Any] = {
        "car": car, "elements": data.elements, "markers": data.markers,
        "steps": list(data.steps), "damage_summary": data.damage_summary,
        "damage_never": data.damage_never,
        "gears": list(range(1, len(car.dashboard.gears) + 1))}
    return Blocks(templates.blocks(TEMPLATE, context))


def plan_dashboard(text: Blocks, found: Geometry, steps: int) -> Plan:
    """Fit every text of one dashboard."""
    width = found.width
    info = found.info()
    slots = [
        Slot("name", text["name"], EDGE + 5.0, TITLE_TOP, width * 0.55, 8.0, 17, BOLD, "left"),
        Slot("driver", text["driver_line"], EDGE + 5.0, TITLE_TOP + 8.5, width * 0.55, 4.0, 8,
             BOLD, "left", colour_hex=GREY_HEX),
        Slot("flavour", text["flavour"], EDGE + 5.0, TITLE_TOP + 12.6, width * 0.6, 4.5, 7,
             align="left", colour_hex=GREY_HEX),
        Slot("set label", text["set_label"], width * 0.66, TITLE_TOP + 1.0,
             width * 0.34 - EDGE - 14.0, 6.0, 8, BOLD, "right", colour_hex=GREY_HEX),
        Slot("gears label", text["gears_label"], *_xywh(found.gears_label()), 8, BOLD),
        Slot("mirror label", text["mirror_label"], found.mirror().x + 4.0, CONTENT_TOP + 2.5,
             found.mirror().width - 8.0, LABEL_HEIGHT, 8, BOLD, colour_hex="#ffffff"),
        Slot("mirror text", text["mirror_text"], found.mirror().x + 6.0,
             found.mirror_die(0, 1).bottom + 2.0, found.mirror().width - 12.0, 6.5, 7),
        Slot("locked label", text["locked_label"], *_xywh(found.locked_label()), 8, BOLD,
             "right" if found.mirrored else "left"),
        Slot("items label", text["items_label"], *_xywh(found.items_label()), 8, BOLD),
        Slot("damage text", text["damage_text"], info.x + 13.0, info.y + 2.0,
             info.width - 15.0, 9.5, 7, align="left"),
        Slot("never text", text["never_text"], info.x + 13.0, info.y + 11.5,
             info.width - 15.0, 6.5, 7, align="left"),
    ]
    for index, line in enumerate(text.lines("marker_lines")[:MARKERS_SHOWN]):
        slots.append(Slot(f"marker {index + 1}", line, info.x + 13.0, info.y + 19.0 + index * 7.5,
                          info.width - 15.0, 6.5, 7, align="left"))
    for index, line in enumerate(text.lines("gear_number_lines")[:TOP_GEAR]):
        box = found.gear(index + 1)
        slots.append(Slot(f"gear {index + 1}", line, box.x + 1.5, box.y + 1.0, 13.0,
                          GEAR_HEIGHT - 2.0, 20, BOLD))
    labels, words = text.lines("step_label_lines"), text.lines("step_text_lines")
    for index in range(steps):
        box = found.strip(index, steps)
        slots += [
            Slot(f"step {index + 1}", _item(labels, index), box.x + 5.0, box.y + 1.2,
                 box.width - 7.0, 4.6, 8.5, BOLD, "left", colour_hex="#ffffff"),
            Slot(f"step {index + 1} text", _item(words, index), box.x + 5.0, box.y + 6.2,
                 box.width - 7.0, box.height - 7.0, 7, align="left", valign="top",
                 colour_hex="#ffffff"),
        ]
    return Plan().place_all(slots)


def _xywh(box: Box) -> tuple[float, float, float, float]:
    return (box.x, box.y, box.width, box.height)


def _item(lines: Sequence[str], index: int) -> str:
    """Item ``index`` of a list block, or nothing if the template gave fewer lines."""
    return lines[index] if index < len(lines) else ""


@dataclass(frozen=True)
class DashboardFace:
    """One car's dashboard, planned and ready to draw."""

    car: Car
    geometry: Geometry
    plan: Plan
    steps: int
    marker_icons: dict[str, str]                 # marker id -> icon (dashboard.yaml)
    icons: IconSet = field(repr=False, compare=False)
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        # White text sits on it: deep enough for it as printed (CMYK, ink limit).
        accent = under_light_text(colour(self.car.colour), canvas_inks(canvas))
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=PANEL)
        pen.rect(EDGE, TITLE_TOP + 0.5, 2.5, 16.0, fill=accent)
        pen.icon("car_top", w - EDGE - 5.5, TITLE_TOP + 4.5, 11.0, accent)
        self._gears(pen, accent)
        self._mirror(pen)
        self._locked(pen)
        self._items(pen)
        self._info(pen)
        self._strip(pen, accent)
        pen.texts(self.plan)
        cut_line(canvas, width, height)

    def _gears(self, pen: Pen, accent: Color) -> None:
        found, gears = self.geometry, self.car.dashboard.gears
        for number, gear in enumerate(gears[:TOP_GEAR], start=1):
            box = found.gear(number)
            pen.rect(box.x, box.y, box.width, box.height, fill=mix(accent, white, 0.85),
                     stroke=None if gear.damage else INK, line=0.8, radius=2.5)
            if gear.damage:
                damage_outline(pen, box)
            for pip in range(number):
                pen.rect(box.x + 15.5 + pip * 4.2, box.bottom - 6.0, 3.2, 3.2, fill=INK,
                         radius=0.6)
            if gear.marker is not None:
                icon = self.marker_icons[gear.marker]
                pen.circle(box.right - 7.0, box.y + 7.5, 5.2, fill=white, stroke=INK, line=0.6)
                pen.icon(icon, box.right - 7.0, box.y + 7.5, 6.8)

    def _mirror(self, pen: Pen) -> None:
        found = self.geometry
        box = found.mirror()
        pen.rect(box.x, box.y, box.width, box.height, fill=FRAME, radius=10.0)
        pen.rect(box.x + 3.0, box.y + 8.0, box.width - 6.0, box.height - 11.0, fill=GLASS,
                 radius=7.0)
        for index in range(TOP_GEAR):
            die = found.mirror_die(index, TOP_GEAR)
            pen.rect(die.x, die.y, die.width, die.height, fill=white, stroke=RULE, line=0.6,
                     radius=2.0, dash=(2, 1.5))

    def _locked(self, pen: Pen) -> None:
        for index, kind in enumerate(self.car.dashboard.locked_slots[:4]):
            box = self.geometry.locked(index)
            pen.rect(box.x, box.y, box.width, box.height, fill=white,
                     stroke=None if kind == "damage" else INK, line=0.9, radius=2.5)
            pen.rect(box.x + 3.0, box.y + 3.0, box.width - 6.0, box.height - 6.0,
                     stroke=mix(INK, white, 0.7), line=0.4, radius=1.5)
            if kind == "damage":
                damage_outline(pen, box)

    def _items(self, pen: Pen) -> None:
        for index, kind in enumerate(self.car.dashboard.item_slots[:2]):
            box = self.geometry.item(index)
            corners = hexagon(box)
            pen.polygon(corners, fill=white, stroke=None if kind == "damage" else INK, line=0.9)
            if kind == "damage":
                damage_polygon(pen, corners)
            pen.icon("item", box.cx, box.cy, box.height * 0.35, mix(INK, white, 0.75))

    def _info(self, pen: Pen) -> None:
        box = self.geometry.info()
        pen.rect(box.x, box.y, box.width, box.height, fill=white, stroke=RULE, line=0.5,
                 radius=2.0)
        sample = Box(box.x + 3.0, box.y + 3.0, 7.0, 7.0)
        pen.rect(sample.x, sample.y, sample.width, sample.height, fill=white, stroke=INK,
                 line=0.2, radius=1.0)
        pen.icon("damage", sample.cx, sample.cy, 5.0, DAMAGE_RED)
        for index, icon in enumerate(self.marker_icons.values()):
            cy = box.y + 22.25 + index * 7.5
            pen.circle(box.x + 6.5, cy, 3.3, fill=white, stroke=INK, line=0.5)
            pen.icon(icon, box.x + 6.5, cy, 4.4)

    def _strip(self, pen: Pen, accent: Color) -> None:
        for index in range(self.steps):
            box = self.geometry.strip(index, self.steps)
            tip = 3.5
            points = [(box.x, box.y), (box.right, box.y), (box.right + tip, box.cy),
                      (box.right, box.bottom), (box.x, box.bottom), (box.x + tip, box.cy)]
            if index == 0:
                points[-1] = (box.x, box.cy)
            pen.polygon(points, fill=mix(accent, INK, 0.35))


def hexagon(box: Box) -> list[tuple[float, float]]:
    """The corners of a flat-topped hexagon filling ``box`` (mm, y down)."""
    quarter = box.width / 4
    return [(box.x, box.cy), (box.x + quarter, box.y), (box.right - quarter, box.y),
            (box.right, box.cy), (box.right - quarter, box.bottom),
            (box.x + quarter, box.bottom)]


def damage_outline(pen: Pen, box: Box) -> None:
    """The red dashed outline of a rectangular damage slot."""
    pen.rect(box.x, box.y, box.width, box.height, stroke=DAMAGE_RED, line=DAMAGE_LINE,
             radius=2.5, dash=DAMAGE_DASH)


def damage_polygon(pen: Pen, points: Sequence[tuple[float, float]]) -> None:
    """The red dashed outline of a hexagonal damage slot (an item slot)."""
    canvas = pen.canvas
    canvas.saveState()
    canvas.setStrokeColor(DAMAGE_RED)
    canvas.setLineWidth(DAMAGE_LINE)
    canvas.setDash(list(DAMAGE_DASH))
    path = polyline_path(canvas, [pen.point(x, y) for x, y in points])
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()
