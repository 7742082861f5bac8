"""The centimetre templates Formula Ace is played with, printed at exact scale.

* Range rulers (17/, 19/): 30 cm and 50 cm, too long for A4 or Letter, so each is printed in
  parts of ``part_cm`` at most. Part one's top edge is 0; each part ends where the next
  begins, and the two ends that meet carry the same letter (A, B, ...), so the parts are
  butted end to end at matching letters and taped behind. Millimetre ticks run down the left
  edge, numbered every centimetre, the first and last included: the ruler's two ends have
  3 and 4 mm of strip beyond their ticks, and a join cuts half-way between two ticks (half a
  millimetre from each), so no tick lies on a cut.
* The straight-before-turn gauge (9/): a strip exactly 5 cm long, the straight a ship flies
  before each turn.
* The turn gauge (9/): a square whose diagonal is the 45 degree limit of one turn, with rays
  at 15 and 30 degrees from the pivot corner.

Lengths come from ``data/facts.yaml`` (the book's) and ``data/print.yaml`` (strip widths,
copies); a tick is drawn at exactly its distance from the trim, so the printed scale is the
PDF's, which is exact. Every word comes from ``templates/formula-ace/gauges-base.j2``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from string import ascii_uppercase
from typing import Any

from reportlab.lib.colors import white
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.games.formula_ace.catalogues import FormulaData
from generator.games.formula_ace.printing import PrintFacts, Ruler
from generator.paper.drawing import colour, draw_line
from generator.paper.imposition import Component, Piece
from generator.paper.layout import (
    INK,
    SAFE_SLACK,
    Blocks,
    Pen,
    Plan,
    Slot,
    cut_guides,
    cut_line,
    safe_zone,
)
from generator.paper.units import mm, to_mm
from generator.text.fonts import BOLD
from generator.text.templates import TextTemplates

TEMPLATE = "formula-ace/gauges.j2"
TINT = colour("#eef2f6")
ACCENT = colour("#1f4e79")
TICK_MM, TICK_HALF, TICK_CM = 1.6, 2.6, 4.0     # tick lengths in mm
NUMBER_AT = 4.6                                   # left of the numbers, from the edge
LABEL_AT = 10.5                                   # left of the rotated label
JOIN_ROOM = 13.0                                  # mm kept at a joined end for its letter
END_ROOM = 3.0                                    # mm of strip before the 0 tick
# mm after the last tick: 1 mm more than before the 0, since the parts after a join start at
# its next millimetre; so every part of a ruler is one strip length and they share sheets.
FINISH_ROOM = END_ROOM + 1.0
JOIN_GAP = 0.5                                    # mm from a join's cut to the ticks beside it
SHOP_JOIN_OFFSET = 5                              # mm past a centimetre a shop's join cuts
NUMBER_REACH = 1.3     # mm a number reaches above its tick (ascent over the 1.1 mm drop)


@dataclass(frozen=True)
class RulerPart:
    """One printed part of a range ruler: where it starts and ends, and its joins."""

    ruler: Ruler
    number: int
    of: int
    start_cm: int
    end_cm: int
    join_before: str = ""
    join_after: str = ""
    # Where each join cuts, in mm past its centimetre (half a mm more): 0 at home; 5 for a
    # print shop, so that no centimetre's number lies within the safe zone of the cut.
    join_offset: int = 0
    end_room: float = END_ROOM      # strip before the 0 tick (FINISH_ROOM after the last)
    # A print shop's safe zone (mm): every tick, number and arrow keeps this far from a cut,
    # so the ticks start ``inset`` mm in from the long edge and none lies this near a join.
    safe: float = 0.0

    @property
    def inset(self) -> float:
        """How far the ticks start from the strip's long edge: 0 at home, where the edge is
        the ruler's; past the safe zone for a print shop (the strip is that much wider)."""
        return self.safe + SAFE_SLACK if self.safe > 0 else 0.0

    @property
    def tail_mm(self) -> float:
        """Paper after the part's last tick: room at the ruler's end, half a mm at a join."""
        return JOIN_GAP if self.join_after else self.end_room + (FINISH_ROOM - END_ROOM)

    @property
    def last_tick(self) -> int:
        return self.end_cm * 10 + (self.join_offset if self.join_after else 0)

    @property
    def length_mm(self) -> float:
        """The strip's length: from its top edge (half a mm past the join's tick, or 3 mm
        before the 0) to its bottom edge."""
        return self.tick_y(self.last_tick) + self.tail_mm

    def ticks(self) -> list[int]:
        """The millimetres (from the ruler's 0) this part carries: every one whose tick lies
        on its strip. A join cuts half-way between two ticks, so the part after it starts
        at the next millimetre."""
        first = self.start_cm * 10 + (1 + self.join_offset if self.join_before else 0)
        ticks = range(first, self.last_tick + 1)
        if self.safe <= 0:
            return list(ticks)
        # A print shop's cut at a join: the millimetres within its safe zone go unmarked
        # (the ends have room enough already); the others keep their exact places.
        length = self.length_mm
        return [tick for tick in ticks
                if self.safe <= self.tick_y(tick) <= length - self.safe]

    def tick_y(self, tick: int) -> float:
        """How far ``tick`` lies from the strip's top edge, in mm."""
        top = (self.start_cm * 10 + self.join_offset + JOIN_GAP if self.join_before
               else -self.end_room)
        return tick - top


def ruler_parts(rulers: tuple[Ruler, ...], safe: float = 0.0) -> list[list[RulerPart]]:
    """Each ruler's parts, the joins lettered A, B, ... across all of them in order. With a
    print shop's safe zone (``safe`` mm), the ends get room enough for their numbers and
    each join cuts half-way through a centimetre, clear of both its numbers."""
    letters = iter(ascii_uppercase)
    offset = SHOP_JOIN_OFFSET if safe > 0 else 0
    end_room = max(END_ROOM, safe + NUMBER_REACH)
    result = []
    for ruler in rulers:
        spans = ruler.parts
        joins = [next(letters) for _ in spans[1:]]
        result.append([RulerPart(ruler, n + 1, len(spans), start, end,
                                 joins[n - 1] if n > 0 else "",
                                 joins[n] if n < len(joins) else "", offset, end_room,
                                 safe)
                       for n, (start, end) in enumerate(spans)])
    return result


@dataclass(frozen=True)
class RulerFace:
    """A ruler part: ticks every mm down the left edge, the label along the strip."""

    part: RulerPart
    plan: Plan = field(compare=False)

    @property
    def key(self) -> tuple[str, int, int]:
        return ("ruler", self.part.ruler.length_cm, self.part.number)

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=TINT)
        part = self.part
        inset = part.inset
        pen.rect(inset + LABEL_AT - 1.0, -b, w - inset - LABEL_AT + 1.0 + b, h + 2 * b,
                 fill=white)
        last = part.last_tick
        safe = to_mm(safe_zone(canvas))
        for tick in part.ticks():
            y = part.tick_y(tick)
            cm_mark, half = tick % 10 == 0, tick % 5 == 0
            length = TICK_CM if cm_mark else TICK_HALF if half else TICK_MM
            pen.line(inset, y, inset + length, y, INK, 0.5 if cm_mark else 0.3)
            if cm_mark and not near_cut(y, h, safe):
                # Centred on its tick, but above it where a join's cut is half a mm below.
                below = 1.1 if tick < last or not part.join_after else -0.6
                cx, base = pen.point(inset + NUMBER_AT + 2.2, y + below)
                canvas.setFillColor(INK)
                draw_line(canvas, str(tick // 10), cx, base, 6, BOLD, "centre")
        for letter, y, direction in ((part.join_before, 0.0, 1), (part.join_after, h, -1)):
            if letter:
                join_mark(pen, canvas, letter, y, direction, w, safe, inset)
        pen.texts(self.plan)
        cut_line(canvas, width, height)


def near_cut(y: float, h: float, safe: float) -> bool:
    """Whether a number on the tick ``y`` mm down a strip ``h`` long would reach into a
    print shop's safe zone of ``safe`` mm (never at home): left unnumbered, the tick still
    measures. The print-shop layout (ruler_parts) keeps every number clear of 1/8 in."""
    return safe > 0 and (y - NUMBER_REACH < safe or y + NUMBER_REACH + 0.6 > h - safe)


def join_mark(pen: Pen, canvas: Any, letter: str, y: float, direction: int, w: float,
              safe: float = 0.0, inset: float = 0.0) -> None:
    """A triangle pointing at the joined edge and its letter, in the label band (the label
    band starting ``inset`` mm further in); both clear of a print shop's safe zone of
    ``safe`` mm."""
    left = inset + LABEL_AT
    cx = (left + w) / 2
    if safe > 0:
        # Clear of the long edge's zone; over the tick band if need be (a wide zone), where
        # no number lies this near a join.
        half = max(to_mm(stringWidth(letter, BOLD, 11)) / 2, 3.0)
        cx = min(cx, w - safe - SAFE_SLACK - half)
    # Pointing at the joined edge, its tip a millimetre short of the cut (beyond the safe
    # zone for a print shop, the letter moving in with it).
    away = max(1.0, safe + SAFE_SLACK if safe > 0 else 1.0) - 1.0
    tip, base = y + direction * (1.0 + away), y + direction * (5.0 + away)
    pen.polygon([(cx, tip), (cx - 3.0, base), (cx + 3.0, base)], fill=ACCENT)
    x, baseline = pen.point(cx, y + direction * (9.5 + away) + 1.6)
    canvas.setFillColor(ACCENT)
    draw_line(canvas, letter, x, baseline, 11, BOLD, "centre")


def ruler_text(part: RulerPart, data: FormulaData, templates: TextTemplates) -> Blocks:
    length = part.ruler.length_cm
    reach = [item.name for item in data.items.values() if item.range_cm == length]
    features = sum(1 for f in data.special_features if f.get("range_cm") == length)
    return Blocks(templates.blocks(TEMPLATE, {"ruler": part.ruler, "part": part,
                                              "reach": reach, "features": features,
                                              "facts": data}))


def plan_ruler(part: RulerPart, text: Blocks, w: float) -> Plan:
    """The label and the join note, both running down the strip (right of the ticks)."""
    room = JOIN_ROOM + (part.inset - 1.0 if part.safe > 0 else 0.0)
    top = room if part.join_before else 3.0
    bottom = room if part.join_after else 3.0
    along = part.length_mm - top - bottom
    left = part.inset + LABEL_AT
    label_w = w - left - 1.0
    return Plan().place_all([
        Slot("ruler label", text["ruler_label"], left, top, label_w * 0.6, along, 7,
             rotate=-90),
        Slot("join note", text["join_note"], left + label_w * 0.6, top, label_w * 0.4,
             along, 6, rotate=-90, colour_hex="#1f4e79"),
    ]).require(f"Formula Ace {part.ruler.length_cm} cm ruler")


@dataclass(frozen=True)
class StraightFace:
    """The straight-before-turn gauge: a strip exactly as long as the straight."""

    plan: Plan = field(compare=False)
    key: str = "straight"

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=TINT)
        # The strip's length is the gauge: its end ticks are on the cut, a guide for home
        # cutting only; a print shop cuts to the trim without lines on it, and its ticks
        # start past the safe zone (the strip taller by as much, see gauge_batches).
        ends = cut_guides(canvas)
        safe = to_mm(safe_zone(canvas))
        shop = safe > 0
        inset = safe + SAFE_SLACK if shop else 0.0
        for tenth in range(0 if ends else 1, round(w) + (1 if ends else 0)):
            x = float(tenth)
            if shop and not inset <= x <= w - inset:
                continue
            length = TICK_CM if tenth % 10 == 0 else TICK_HALF if tenth % 5 == 0 else TICK_MM
            pen.line(x, h - inset, x, h - inset - length, INK, 0.5 if tenth % 10 == 0 else 0.3)
        # Lower and slimmer where a print shop's safe zone moved the label down onto it.
        pen.arrow(w / 2, (h - inset) / 2 + (1.8 if shop else 1.0), 90.0, w - 14.0,
                  3.2 if shop else 4.0, ACCENT)
        pen.texts(self.plan)
        cut_line(canvas, width, height)


def plan_straight(text: Blocks, w: float) -> Plan:
    return Plan().place_all([
        Slot("straight label", text["straight_label"], 1.0, 0.8, w - 2.0, 4.5, 7),
    ]).require("Formula Ace straight-before-turn gauge")


@dataclass(frozen=True)
class TurnFace:
    """The 45 degree turn gauge: the square's diagonal from the pivot corner (lower left)
    is the limit of one turn; rays mark the angles on the way."""

    plan: Plan = field(compare=False)
    marks: tuple[int, ...] = ()
    limit: int = 45
    key: str = "turn"

    def draw(self, canvas: Any, width: float, height: float, bleed: float) -> None:
        w, h, b = to_mm(width), to_mm(height), to_mm(bleed)
        pen = Pen(canvas, h)
        pen.rect(-b, -b, w + 2 * b, h + 2 * b, fill=white)
        slope = math.tan(math.radians(self.limit))
        # The swept angle, run on into the bleed past the base and the far side.
        pen.polygon([(-b, h + b * slope), (-b, h + b), (w + b, h + b),
                     (w + b, h - (w + b) * slope)], fill=TINT)
        # A print shop's rays stop short of its safe zone at both ends: each still lies on
        # its angle through the pivot (the corner), which the cut itself marks.
        keep = to_mm(safe_zone(canvas)) + SAFE_SLACK if safe_zone(canvas) > 0 else 0.0
        for degrees in self.marks:
            pen.line(*ray_span(w, h, degrees, keep), INK, 0.4, dash=(2, 1.5))
            lx, ly = pen.point(*ray_point(h, degrees + 4.0, w * 0.9))
            canvas.setFillColor(INK)
            draw_line(canvas, f"{degrees}\N{DEGREE SIGN}", lx, ly + 1.0, 6, BOLD, "centre")
        pen.line(*ray_span(w, h, self.limit, keep), ACCENT, 1.0)
        pen.texts(self.plan)
        cut_line(canvas, width, height)


def ray_point(h: float, degrees: float, distance: float) -> tuple[float, float]:
    """The point ``distance`` mm from the pivot (lower-left corner) at ``degrees`` from the
    base, in mm from the top-left."""
    angle = math.radians(degrees)
    return distance * math.cos(angle), h - distance * math.sin(angle)


def ray_span(w: float, h: float, degrees: float, keep: float
             ) -> tuple[float, float, float, float]:
    """A ray from the pivot at ``degrees``, as a line in mm from the top-left, with both its
    ends ``keep`` mm clear of every edge (all of it, pivot to edge, when ``keep`` is 0)."""
    if keep <= 0:
        return (0.0, h, *ray_end(w, h, degrees))
    angle = math.radians(degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    start = keep / max(min(cos, sin), 1e-9)   # a ray along an edge lies in the zone
    end = min((w - keep) / cos, (h - keep) / sin)
    return (start * cos, h - start * sin, end * cos, h - end * sin)


def ray_end(w: float, h: float, degrees: float) -> tuple[float, float]:
    """Where a ray from the pivot at ``degrees`` leaves the square (right or top edge)."""
    angle = math.radians(degrees)
    if math.tan(angle) * w <= h:
        return w, h - w * math.tan(angle)
    return h / math.tan(angle), 0.0


def plan_turn(text: Blocks, w: float, h: float) -> Plan:
    """The label and note in the square's upper-left half, clear of the gauge's rays."""
    return Plan().place_all([
        Slot("turn label", text["turn_label"], 1.5, 1.5, w * 0.62, 5.0, 8, align="left"),
        Slot("turn note", text["turn_note"], 1.5, 7.5, w * 0.46, h * 0.3, 6, align="left",
             valign="top"),
    ]).require("Formula Ace turn gauge")


@dataclass(frozen=True)
class GaugeBatch:
    """One kind of template, its pieces and the size they are cut to."""

    name: str
    component: Component
    pieces: list[Piece]


def gauge_batches(data: FormulaData, facts: PrintFacts, templates: TextTemplates,
                  bleed: float, safe: float = 0.0) -> list[GaugeBatch]:
    """The rulers (a batch per ruler length), the straight gauges and the turn gauges;
    ``safe`` is a print shop's safe zone in mm (0 at home)."""
    batches = []
    for ruler, parts in zip(facts.rulers, ruler_parts(facts.rulers, safe), strict=True):
        # A print shop's strip is wider by the ticks' inset, so the label keeps its room.
        strip = facts.strip_width + parts[0].inset
        faces = [(part, plan_ruler(part, ruler_text(part, data, templates), strip))
                 for part in parts]
        lengths = sorted({part.length_mm for part in parts}, reverse=True)
        for length in lengths:
            pieces = [Piece(RulerFace(part, plan), label=f"{ruler.length_cm} cm ruler, part "
                            f"{part.number}")
                      for _ in range(ruler.copies) for part, plan in faces
                      if part.length_mm == length]
            numbers = ", ".join(str(part.number) for part in parts if part.length_mm == length)
            name = f"{ruler.length_cm} cm ruler" + (
                f", part {numbers}" if len(lengths) > 1 else "")
            batches.append(GaugeBatch(name, Component(mm(strip), mm(length), bleed), pieces))
    text = Blocks(templates.blocks(TEMPLATE, {
        "ruler": facts.rulers[0], "part": ruler_parts(facts.rulers)[0][0], "reach": [],
        "features": 0, "facts": data}))
    straight = float(data.movement["straight_before_turn_cm"]) * 10.0
    # A print shop's straight gauge is taller by the ticks' inset from the cut.
    tall = facts.straight_width + (safe + SAFE_SLACK if safe > 0 else 0.0)
    batches.append(GaugeBatch("straight gauge", Component(mm(straight), mm(tall), bleed),
                              [Piece(StraightFace(plan_straight(text, straight)),
                                     label="straight-before-turn gauge")] * facts.gauge_copies))
    side = facts.turn_side
    turn = TurnFace(plan_turn(text, side, side), facts.turn_marks,
                    int(data.movement["max_turn_degrees"]))
    batches.append(GaugeBatch("turn gauge", Component(mm(side), mm(side), bleed),
                              [Piece(turn, label="turn gauge")] * facts.gauge_copies))
    return batches
