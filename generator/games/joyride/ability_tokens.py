"""Driver ability tokens: a car's standard set and its unique set, three tokens each.

The front shows the ability's name on a band of the car's colour, its effect, and the row of
five timing lights (START, LOCK, SHIFT, ROLL, END) with the steps it can be used in lit
(Player Components > Timing Indicators). Standard tokens carry their grey icon in the
background, as the rulebook has them; a unique token shows its icon, if it names one, in a
tint of the car's colour. The back depends on the ability (Non-standard abilities):

* flip: the "low power" side, which says how tokens are powered up again after a lap;
* permanent (the infinity symbol): the same face again, since it is never turned over;
* toggleable (the circling arrow): the other side, itself an ability.

Every word comes from ``templates/joyride/ability-token-base.j2``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from reportlab.lib.colors import white
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.games.joyride.catalogues import JoyrideData
from generator.games.joyride.model import Ability, AbilityFace, Car
from generator.games.joyride.standard import resolved_set, standard_abilities
from generator.paper.colour import canvas_inks, deepened, legible_ground
from generator.paper.dice import readable_ink
from generator.paper.drawing import colour, mix
from generator.paper.icons import IconSet
from generator.paper.imposition import Component, Piece
from generator.paper.layout import (
    SAFE_SLACK,
    Blocks,
    Pen,
    PlacedText,
    Plan,
    Slot,
    cut_line,
    safe_area,
    safe_zone,
)
from generator.paper.units import to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "joyride/ability-token.j2"
INK_HEX = "#1d1d1b"
INK = colour(INK_HEX)
PAPER_TONE = colour("#fbfaf6")
LOW_POWER = colour("#4a4d52")
LIGHT_ON, LIGHT_OFF = colour("#f6c700"), colour("#d9d6cf")
STANDARD_GREY = colour("#e2e2e2")
BAND = 9.0                        # the name band at the top
LIGHT_Y, LIGHT_RADIUS = 34.5, 2.4
LABELS_Y = 38.0
LIGHT_MARGIN = 2.0                # the row of lights and labels, from each side
LABEL_SIZE = 6.0
MODE_ICONS = {"permanent": "permanent", "toggleable": "toggleable"}


def token_component(data: JoyrideData, bleed: float) -> Component:
    """The ability token (components.yaml) with the build's bleed."""
    size = data.sizes["ability_token"]
    return Component(size.width, size.height, bleed)


def token_text(face: AbilityFace, mode: str, data: JoyrideData, templates: TextTemplates
               ) -> Blocks:
    """The template blocks of one token face."""
    return Blocks(templates.blocks(TEMPLATE, {
        "ability": face, "mode": mode, "steps": list(data.steps),
        "lit": [step.id in face.timing for step in data.steps]}))


def plan_front(text: Blocks, width: float, steps: int, band_ink: str) -> Plan:
    """Fit the name (in ``band_ink`` on the car's colour), the effect and the light labels
    of a token's front."""
    slots = [
        Slot("name", text["name"], 3.0, 1.2, width - 11.0, BAND - 2.0, 9, BOLD, "left",
             colour_hex=band_ink),
        Slot("effect", text["effect"], 3.0, BAND + 1.5, width - 6.0, LIGHT_Y - BAND - 5.5,
             7.5),
    ]
    labels = text.lines("light_label_lines")[:steps]
    centres = light_centres(labels, steps, LIGHT_MARGIN, width - LIGHT_MARGIN)
    room = (width - 2 * LIGHT_MARGIN) / steps
    for index, label in enumerate(labels):
        slots.append(Slot(f"light {index + 1}", label, centres[index] - room / 2, LABELS_Y,
                          room, 3.2, LABEL_SIZE, BOLD))
    return Plan().place_all(slots)


def plan_low_power(text: Blocks, width: float, height: float) -> Plan:
    """Fit the text of a flip token's low-power side."""
    return Plan().place_all([
        Slot("name", text["name"], 3.0, 3.0, width - 6.0, 6.0, 8, BOLD, colour_hex="#bdbdbd"),
        Slot("low power title", text["low_power_title"], 3.0, 12.0, width - 6.0, 6.0, 10, BOLD,
             colour_hex="#f6c700"),
        Slot("low power text", text["low_power_text"], 3.5, 19.5, width - 7.0, height - 22.0,
             7, colour_hex="#ffffff", valign="top"),
    ])


@dataclass(frozen=True)
class AbilityFront:
    """The working side of a token: name, effect and timing lights."""

    face: AbilityFace
    mode: str
    accent: str
    standard: bool
    lit: tuple[bool, ...]
    plan: Plan = field(compare=False)
    icons: IconSet = field(repr=False, compare=False)
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        accent = colour(self.accent)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=PAPER_TONE)
        if self.face.icon is not None:
            tint = STANDARD_GREY if self.standard else mix(accent, white, 0.88)
            pen.icon(self.face.icon, w / 2, (BAND + LIGHT_Y) / 2, 24.0, tint)
        pen.rect(-b, -b, w + 2 * b, BAND + b, fill=accent)
        if self.mode in MODE_ICONS:
            inset, size = mode_icon_place(to_mm(safe_zone(canvas)))
            pen.icon(MODE_ICONS[self.mode], w - inset, inset, size,
                     colour(readable_ink(self.accent)))
        pen.texts(_lights(pen, self.lit, w, self.plan))
        cut_line(canvas, width, height)


def mode_icon_place(safe: float) -> tuple[float, float]:
    """The mode icon's centre, in mm from the right cut and from the top, and its size:
    6 mm at 4.5 mm in (the band's middle) at home; inside a print shop's safe zone
    ``safe``, as large as the band and the name's room (it ends 8 mm from the right) allow."""
    if safe <= 0:
        return 4.5, 6.0
    edge = safe + SAFE_SLACK
    size = min(6.0, 8.0 - edge, BAND - edge - 0.5)
    return edge + size / 2, size


def light_centres(labels: Sequence[str], steps: int, left: float, right: float
                  ) -> list[float]:
    """Where each light and its label go (mm from the left) in a row from ``left`` to
    ``right``: the labels as wide as they are set (a light's width at least), with equal gaps
    between them; equal columns where there are no labels or they leave too little gap."""
    widths = [max(2 * LIGHT_RADIUS, to_mm(stringWidth(label, BOLD, LABEL_SIZE)))
              for label in labels]
    if len(widths) != steps or steps < 2:
        column = (right - left) / steps
        return [left + (index + 0.5) * column for index in range(steps)]
    gap = (right - left - sum(widths)) / (steps - 1)
    if gap < 1.0:
        column = (right - left) / steps
        return [left + (index + 0.5) * column for index in range(steps)]
    centres, x = [], left
    for width in widths:
        centres.append(x + width / 2)
        x += width + gap
    return centres


def _lights(pen: Pen, lit: Sequence[bool], w: float, plan: Plan) -> Plan:
    """Draw the lights under their labels, and return the plan with the labels moved into
    a print shop's safe zone, lights and all, if the row would reach into it."""
    labels = [placed for placed in plan.texts if placed.slot.part.startswith("light ")]
    home = light_centres([p.slot.markup for p in labels], len(lit), LIGHT_MARGIN,
                         w - LIGHT_MARGIN)
    area = safe_area(pen.canvas)
    centres = home if area is None else light_centres(
        [p.slot.markup for p in labels], len(lit), max(LIGHT_MARGIN, area[0]),
        min(w - LIGHT_MARGIN, area[2]))
    for cx, on in zip(centres, lit, strict=True):
        pen.circle(cx, LIGHT_Y, LIGHT_RADIUS, fill=LIGHT_ON if on else LIGHT_OFF, stroke=INK,
                   line=0.5)
    if centres == home:
        return plan
    moved = {id(placed): PlacedText(replace(placed.slot, x=placed.slot.x + new - old),
                                    placed.fitted)
             for placed, old, new in zip(labels, home, centres, strict=False)}
    return Plan([moved.get(id(placed), placed) for placed in plan.texts], plan.problems)


@dataclass(frozen=True)
class LowPowerBack:
    """The back of a flip token: used until a lap powers it up again."""

    accent: str
    plan: Plan = field(compare=False)
    icons: IconSet = field(repr=False, compare=False)
    key: None = None

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h, self.icons)
        # Deep enough under each of its texts' colours as printed (the yellow title's too).
        texts = tuple(colour(placed.slot.colour_hex) for placed in self.plan.texts)
        ground = deepened(LOW_POWER, texts, canvas_inks(canvas))
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=ground)
        pen.rect(-b, h - 2.5, w + 2 * b, 2.5 + b, fill=colour(self.accent))
        pen.texts(self.plan)
        cut_line(canvas, width, height)


def token_piece(ability: Ability, car: Car, standard: bool, data: JoyrideData,
                templates: TextTemplates, icons: IconSet, component: Component
                ) -> tuple[Piece, list[str]]:
    """One token (front and back) and the parts of its text that cannot fit."""
    w, h = to_mm(component.width), to_mm(component.height)
    steps = len(data.steps)
    accent = legible_ground(car.colour)  # its band carries text

    def front(face: AbilityFace) -> tuple[AbilityFront, list[str]]:
        text = token_text(face, ability.mode, data, templates)
        plan = plan_front(text, w, steps, readable_ink(accent))
        lit = tuple(step.id in face.timing for step in data.steps)
        return (AbilityFront(face, ability.mode, accent, standard, lit, plan, icons),
                plan.problems)

    first, problems = front(ability)
    back: AbilityFront | LowPowerBack
    if ability.mode == "toggleable" and ability.other_side is not None:
        back, more = front(ability.other_side)
        problems = problems + [f"other side {part}" for part in more]
    elif ability.mode == "permanent":
        back = first
    else:
        plan = plan_low_power(token_text(ability, ability.mode, data, templates), w, h)
        back = LowPowerBack(car.colour, plan, icons)
        problems = problems + [f"low-power side {part}" for part in plan.problems]
    return Piece(first, back, label=f"{car.name}: {ability.name}"), problems


def car_token_pieces(car: Car, data: JoyrideData, templates: TextTemplates, icons: IconSet,
                     component: Component) -> tuple[list[Piece], list[tuple[str, str]]]:
    """A car's six tokens, standard set first, and (ability, part) for text that cannot fit."""
    pieces, problems = [], []
    for standard, abilities in ((True, standard_abilities()),
                                (False, resolved_set(car.abilities))):
        for ability in abilities:
            piece, parts = token_piece(ability, car, standard, data, templates, icons,
                                       component)
            pieces.append(piece)
            problems += [(ability.name, part) for part in parts]
    return pieces, problems
