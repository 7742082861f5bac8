"""The item set: four hexagonal pick-ups and a description card for every item.

The standard items (Rocket, Mine, Oil Slick, Nitro) print in every build with Joyride cars,
followed by any custom item (``kind: item``) in the build. Each item's type shows in its
background, as the rulebook says (Items > Type Indicators): the ground for dropped items,
the sky for fired ones, a car's interior for activated ones; and the description card
carries the five timing lights with the steps it can be used in lit.

Pick-ups are flat-topped hexagons exactly the build's hex size across the flats (the kit's
``sizes.hex``, 25.4 mm unless changed), like the track tokens, so one sits in a board space;
the item shows on the front and a plain "face down" design on the back. Every word comes
from ``templates/joyride/items-base.j2``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import white

from generator.games.joyride.catalogues import JoyrideData
from generator.games.joyride.model import Item
from generator.paper.dice import readable_ink
from generator.paper.drawing import colour, mix
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Piece
from generator.paper.layout import (
    SAFE_SLACK,
    Blocks,
    Pen,
    Plan,
    Slot,
    cut_guides,
    cut_line,
    safe_zone,
)
from generator.paper.pieces import bleed_outline, grown_polygon
from generator.paper.units import mm, to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "joyride/items.j2"
INK_HEX = "#1d1d1b"
INK = colour(INK_HEX)
CARD_TONE = colour("#fbfaf6")
FACE_DOWN = colour("#3b3f44")
BACKGROUNDS = {"ground": ("#b08a5a", "#6f5232"), "sky": ("#9fd0f0", "#24689a"),
               "interior": ("#6a6d73", "#45484d")}
INKS = {"ground": "#1d1d1b", "sky": "#1d1d1b", "interior": "#ffffff"}
LIGHT_ON, LIGHT_OFF = colour("#f6c700"), colour("#d9d6cf")
DEFAULT_ICON = "item"
CARD_BAND = 16.0


def pickup_component(hex_across: float) -> Component:
    """A flat-topped hexagonal pick-up ``hex_across`` points across the flats, no bleed:
    it is cut along its outline."""
    return Component(hex_across * 2 / math.sqrt(3), hex_across, 0.0, shape="hexagon",
                     own_bleed=True)


def card_component(data: JoyrideData, bleed: float) -> Component:
    """The item description card (components.yaml) with the build's bleed."""
    size = data.sizes["item_card"]
    return Component(size.width, size.height, bleed)


def item_text(item: Item, data: JoyrideData, templates: TextTemplates) -> Blocks:
    """The template blocks of one item's pick-up and card."""
    kind = data.item_types[item.type]
    steps = item.steps()
    return Blocks(templates.blocks(TEMPLATE, {
        "item": item, "type": kind, "steps": list(data.steps),
        "used_at": [data.step(s) for s in data.in_turn_order(steps)],
        "explosion": data.explosion, "pickups": data.pickups_per_item}))


def hexagon(w: float, h: float) -> list[tuple[float, float]]:
    """The corners of a flat-topped hexagon filling a w x h box (mm, y down)."""
    return [(0.0, h / 2), (w / 4, 0.0), (3 * w / 4, 0.0), (w, h / 2), (3 * w / 4, h),
            (w / 4, h)]


# Where the dark band starts, as a share of the pick-up's height from its top: at home, and
# for a print shop, whose safe zone follows the hexagon's edges (the band higher, so that the
# name has room inside it, and the icon smaller above).
BAND_TOP, SHOP_BAND_TOP = 0.62, 0.5
NAME_LINES = 6.6   # mm: two lines of the name at 8 pt, in a print shop's layout


def span_at(polygon: Sequence[tuple[float, float]], y: float) -> tuple[float, float]:
    """Where the horizontal line ``y`` enters and leaves a convex ``polygon``."""
    xs = [x1 + (x2 - x1) * (y - y1) / (y2 - y1)
          for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]], strict=True)
          if min(y1, y2) <= y <= max(y1, y2) and y1 != y2]
    return (min(xs), max(xs)) if xs else (0.0, 0.0)


def inside_box(w: float, h: float, top: float, bottom: float, safe: float
               ) -> tuple[float, float, float, float]:
    """The widest box from ``top`` to ``bottom`` (mm down), centred, that lies ``safe`` mm
    (and a little slack) inside the pick-up's hexagon, the outline a print shop cuts: as
    x, y, width, height."""
    inner = grown_polygon(hexagon(w, h), -(safe + SAFE_SLACK))
    left = max(span_at(inner, top)[0], span_at(inner, bottom)[0])
    right = min(span_at(inner, top)[1], span_at(inner, bottom)[1])
    half = max(0.0, min(w / 2 - left, right - w / 2))
    return w / 2 - half, top, 2 * half, bottom - top


def icon_box(w: float, h: float, safe: float) -> tuple[float, float, float]:
    """The icon's centre (x, y) and size: above the band, inside the safe zone where a print
    shop's applies (``safe`` mm from the hexagon's edges)."""
    if safe <= 0:
        return w / 2, h * 0.34, h * 0.42
    top, bottom = safe + SAFE_SLACK, h * SHOP_BAND_TOP - 0.8
    size = bottom - top
    x, _, width, _ = inside_box(w, h, top, bottom, safe)
    size = min(size, width)
    return w / 2, (top + bottom) / 2, size


def plan_pickup(text: Blocks, w: float, h: float, ink: str, safe: float = 0.0) -> Plan:
    """Fit the item's name under its icon on the pick-up: inside the hexagon's safe zone
    where a print shop's applies (``safe`` mm, 0 at home)."""
    if safe <= 0:
        box = (w * 0.2, h * 0.64, w * 0.6, h * 0.26)
    else:
        box = inside_box(w, h, h * SHOP_BAND_TOP + 0.5, h * SHOP_BAND_TOP + 0.5 + NAME_LINES,
                         safe)
    return Plan().place_all([Slot("pick-up name", text["pickup_name"], *box, 8, BOLD,
                                  colour_hex=ink)])


@dataclass(frozen=True)
class PickupFront:
    """The face-up side of a pick-up: the item's icon and name on its type's background."""

    name: str
    icon: str
    background: str
    plan: Plan = field(compare=False)
    icons: IconSet = field(repr=False, compare=False)
    safe: float = 0.0   # a print shop's safe zone (mm) the plan keeps to; 0 at home

    @property
    def key(self) -> tuple[str, str, str, str, float]:
        return ("joyride-pickup", self.name, self.icon, self.background, self.safe)

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        light, dark = BACKGROUNDS[self.background]
        corners = hexagon(w, h)
        top = SHOP_BAND_TOP if self.safe > 0 else BAND_TOP
        if b > 0:  # a print shop's bleed: light above the band, dark below, past the cut
            pen.polygon(bleed_outline(corners, b, w, h), fill=colour(light))
            canvas.saveState()
            band = canvas.beginPath()
            band.rect(-bleed, -bleed, width + 2 * bleed, bleed + mm(h * (1 - top)))
            canvas.clipPath(band, stroke=0, fill=0)
            pen.polygon(bleed_outline(corners, b, w, h), fill=colour(dark))
            canvas.restoreState()
        pen.polygon(corners, fill=colour(light))
        # The band's top corners on the hexagon's slanted edges.
        inset = w / 4 * (top - 0.5) / 0.5
        pen.polygon([(inset, h * top), (w - inset, h * top), (w * 0.75, h),
                     (w * 0.25, h)], fill=colour(dark))
        pen.icon(self.icon, *icon_box(w, h, self.safe), colour(INKS[self.background]))
        pen.texts(self.plan)
        if cut_guides(canvas):
            pen.polygon(corners, stroke=INK, line=0.6)


@dataclass(frozen=True)
class PickupBack:
    """The face-down side every pick-up shares, so a stack gives nothing away."""

    icons: IconSet = field(repr=False, compare=False)

    @property
    def key(self) -> tuple[str]:
        return ("joyride-pickup-back",)

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        corners = hexagon(w, h)
        pen.polygon(bleed_outline(corners, b, w, h) if b > 0 else corners, fill=FACE_DOWN)
        pen.icon("item", w / 2, h / 2, h * 0.5, colour("#f6c700"))
        if cut_guides(canvas):
            pen.polygon(corners, stroke=INK, line=0.6)


def plan_card(text: Blocks, w: float, h: float, steps: int) -> Plan:
    """Fit every text of an item's description card."""
    column = (w - 8.0) / steps
    slots = [
        Slot("card name", text["card_name"], 4.0, 2.5, w - 22.0, 7.5, 13, BOLD, "left",
             colour_hex="#ffffff"),
        Slot("card type", text["card_type"], 4.0, 10.0, w - 22.0, 4.0, 7, BOLD, "left",
             colour_hex="#ffffff"),
        Slot("effect", text["effect"], 4.0, CARD_BAND + 3.0, w - 8.0, 28.0, 8, valign="top"),
        Slot("type rule", text["type_rule"], 4.0, CARD_BAND + 32.0, w - 8.0, 14.0, 6.5,
             valign="top", colour_hex="#4a4a4a"),
        Slot("explosion", text["explosion_rule"], 4.0, CARD_BAND + 47.0, w - 8.0, 11.0, 6.5,
             valign="top", colour_hex="#4a4a4a"),
        Slot("footnote", text["footnote"], 4.0, h - 20.5, w - 8.0, 6.0, 6, valign="top",
             colour_hex="#4a4a4a"),
        Slot("use at", text["use_at_label"], 4.0, h - 14.0, w - 8.0, 3.2, 6.5, BOLD),
    ]
    for index, label in enumerate(text.lines("light_label_lines")[:steps]):
        slots.append(Slot(f"light {index + 1}", label, 4.0 + index * column, h - 4.6, column,
                          3.0, 6, BOLD))
    return Plan().place_all(slots)


@dataclass(frozen=True)
class ItemCard:
    """An item's description: name, type, effect, how its type is used, timing lights."""

    item: Item
    icon: str
    background: str
    lit: tuple[bool, ...]
    plan: Plan = field(compare=False)
    icons: IconSet = field(repr=False, compare=False)
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        light, dark = BACKGROUNDS[self.background]
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=CARD_TONE)
        pen.rect(-b, -b, w + 2 * b, CARD_BAND + b, fill=colour(dark))
        inset, middle, radius = icon_disc(to_mm(safe_zone(canvas)))
        pen.circle(w - inset, middle, radius, fill=colour(light), stroke=white, line=0.8)
        pen.icon(self.icon, w - inset, middle, radius * 8.5 / 6.5, colour(INKS[self.background]))
        pen.line(4.0, CARD_BAND + 30.5, w - 4.0, CARD_BAND + 30.5, mix(INK, white, 0.7), 0.4)
        _lights(pen, self.lit, w, h - 8.5)
        pen.texts(self.plan)
        cut_line(canvas, width, height)


def icon_disc(safe: float) -> tuple[float, float, float]:
    """The item card's icon disc: its centre in mm from the right cut and from the top, and
    its radius. At home 9 mm in, in the band's middle, 6.5 mm; in a print shop the whole
    disc (its 0.8 pt rim too) stays out of the safe zone ``safe``, in the band and clear of
    the name, which ends 18 mm from the right cut."""
    if safe <= 0:
        return 9.0, CARD_BAND / 2 + 0.5, 6.5
    edge = safe + SAFE_SLACK + 0.4
    radius = min(6.5, (18.0 - edge) / 2, (CARD_BAND - edge) / 2)
    return edge + radius, edge + radius, radius


def _lights(pen: Pen, lit: Sequence[bool], w: float, y: float) -> None:
    column = (w - 8.0) / len(lit)
    for index, on in enumerate(lit):
        pen.circle(4.0 + (index + 0.5) * column, y, 2.2, fill=LIGHT_ON if on else LIGHT_OFF,
                   stroke=INK, line=0.5)


@dataclass(frozen=True)
class ItemPieces:
    """An item's four pick-ups and its card, with the parts of its text that cannot fit."""

    pickups: list[Piece]
    card: Piece
    problems: list[str]


def item_pieces(item: Item, data: JoyrideData, templates: TextTemplates, icons: IconSet,
                pickup: Component, card: Component, safe: float = 0.0) -> ItemPieces:
    """Plan one item's pick-ups and card (a print shop's safe zone ``safe`` mm)."""
    text = item_text(item, data, templates)
    background = data.item_types[item.type].background
    icon = item.icon or DEFAULT_ICON
    pw, ph = to_mm(pickup.width), to_mm(pickup.height)
    pickup_plan = plan_pickup(text, pw, ph, readable_ink(BACKGROUNDS[background][1]), safe)
    front = PickupFront(item.name, icon, background, pickup_plan, icons, safe)
    pickups = [Piece(front, PickupBack(icons), label=f"{item.name} pick-up")
               ] * data.pickups_per_item
    card_plan = plan_card(text, to_mm(card.width), to_mm(card.height), len(data.steps))
    steps = item.steps()
    lit = tuple(step.id in steps for step in data.steps)
    face = ItemCard(item, icon, background, lit, card_plan, icons)
    return ItemPieces(pickups, Piece(face, label=f"{item.name} description"),
                      [*pickup_plan.problems, *card_plan.problems])


def item_set(items: Sequence[Item], data: JoyrideData, templates: TextTemplates,
             icons: IconSet, pickup: Component, card: Component, safe: float = 0.0
             ) -> list[ItemPieces]:
    """Every item's pieces, in the order given (standard items first); ``safe`` is a print
    shop's safe zone in mm (0 at home)."""
    return [item_pieces(item, data, templates, icons, pickup, card, safe) for item in items]
