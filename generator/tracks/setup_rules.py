"""Checks for a race's set-up: who races, how the grid stands, laps, ratings and items.

These read what the race needs at the start (the game's player count, a circuit for the race
types run on one, the Fox's space ahead of the pack), laps only a loop can give, ratings only
a hazard or obstacle can carry, and items the gates hand out. Registered on the same rule
book as the map's rules (``rules.py``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from generator.input.findings import Finding, Violation
from generator.input.schema import did_you_mean
from generator.tracks.analysis import Slot
from generator.tracks.analysis import course_of as course
from generator.tracks.game import TrackGame, item_key
from generator.tracks.hexgrid import (
    Hex,
    HexLayout,
    distance,
    facing_angle,
    hex_to_offset,
    line,
    neighbours,
)
from generator.tracks.layout import components
from generator.tracks.lines import drawn_twice
from generator.tracks.model import Track
from generator.tracks.rules import RULES, drawable, raced_here

if TYPE_CHECKING:
    from generator.project.loading import Definition

__all__ = ["RULES", "items_known", "layout_given", "track_related"]

CIRCUIT_RACES = ("Pursuit", "Fox and Hounds")
# How far in front of the pack the Fox must stand, in hexes along the grid's facing: a hex
# straight ahead is 1, one of the two ahead of a corner-facing slot about 0.87.
FOX_LEAD = 0.8


@RULES.check("TRK-PLAYERS-RANGE")
def players_the_game_has(track: Track, context: TrackGame) -> Iterator[Violation]:
    if context.players is None:
        return
    low, high = context.players
    if track.players.low < low or track.players.high > high:
        yield Violation(("players",), {"game": context.title, "low": low, "high": high,
                                       "players": str(track.players)})


@RULES.check("TRK-RACE-NEEDS-CIRCUIT")
def circuit_for_the_chase(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not raced_here(track, context):
        return
    if track.race_type in CIRCUIT_RACES and drawable(track) and not course(track).is_circuit():
        yield Violation(("race_type",), {"race_type": track.race_type})


def advance(slot: Slot, facing: int, track: Track) -> float:
    """How far forward ``slot`` stands along ``facing``, in hexes."""
    x, y = HexLayout(track.orientation, 1.0).centre(slot.hex)
    angle = math.radians(facing_angle(facing, track.orientation))
    return x * math.cos(angle) + y * math.sin(angle)


def front_first(slots: list[Slot], track: Track) -> list[Slot]:
    """The grid slots furthest forward (along the grid's facing) first; ties by number."""
    facing = slots[0].facing
    return sorted(slots, key=lambda s: (-advance(s, facing, track), s.number))


@RULES.check("TRK-FOX-START")
def fox_ahead_of_the_pack(track: Track, context: TrackGame) -> Iterator[Violation]:
    if track.race_type != "Fox and Hounds" or not drawable(track) \
            or not raced_here(track, context):
        return
    slots = course(track).slots
    if len(slots) < 2:
        return
    fox, second = front_first(slots, track)[:2]
    facing = slots[0].facing
    if advance(fox, facing, track) - advance(second, facing, track) < FOX_LEAD:
        yield Violation(track.layout.where(fox.hex), {"slot": fox.number,
                                                      "other": second.number})


def turning(slot: Slot, centre: tuple[float, float], track: Track) -> float:
    """Which way round ``centre`` the slot's facing drives, as the sine of the angle between
    the way from the centre to the slot and the facing: above 0 counter-clockwise, below 0
    clockwise, near 0 straight at or away from the centre."""
    x, y = HexLayout(track.orientation, 1.0).centre(slot.hex)
    rx, ry = x - centre[0], y - centre[1]
    angle = math.radians(facing_angle(slot.facing, track.orientation))
    length = math.hypot(rx, ry)
    return (rx * math.sin(angle) - ry * math.cos(angle)) / length if length else 0.0


@RULES.check("TRK-PURSUIT-WAY")
def pursuit_one_way_round(track: Track, context: TrackGame) -> Iterator[Violation]:
    if track.race_type != "Pursuit" or not drawable(track) or not raced_here(track, context):
        return
    the_course = course(track)
    slots = sorted(the_course.slots, key=lambda s: s.number)[:2]
    if len(slots) < 2 or not the_course.is_circuit():
        return
    layout = HexLayout(track.orientation, 1.0)
    points = [layout.centre(h) for h in track.layout.passable]
    centre = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
    first, second = (turning(slot, centre, track) for slot in slots)
    if first * second < 0 and min(abs(first), abs(second)) > 0.25:  # round, and opposed
        yield Violation(track.layout.where(slots[1].hex), {
            "slot": slots[1].number, "other": slots[0].number,
            "way": "clockwise" if second < 0 else "counter-clockwise"})


# The most hexes between two neighbouring Hounds of one pack: one space left between them.
PACK_GAP = 2
# Hounds less than a space apart along the grid's facing stand abreast, on one start line.
ABREAST = 1.0


def lined_up(hound: Slot, other: Slot, track: Track, passable: frozenset[Hex]) -> bool:
    """Whether two Hounds stand together on the start: a space or less apart, or abreast
    across the track with only track between them (the guide lines the Hounds up on the
    start line, and a line may spread them across the whole width)."""
    if distance(hound.hex, other.hex) <= PACK_GAP:
        return True
    facing = hound.facing
    return abs(advance(hound, facing, track) - advance(other, facing, track)) < ABREAST \
        and all(h in passable for h in line(hound.hex, other.hex))


@RULES.check("TRK-FOX-PACK")
def hounds_in_one_pack(track: Track, context: TrackGame) -> Iterator[Violation]:
    if track.race_type != "Fox and Hounds" or not drawable(track) \
            or not raced_here(track, context):
        return
    slots = course(track).slots
    if len(slots) < 3:
        return
    hounds = front_first(slots, track)[1:]  # the first is the Fox
    passable = track.layout.passable
    packs: list[list[Slot]] = []
    for hound in sorted(hounds, key=lambda s: s.number):
        near = [p for p in packs if any(lined_up(hound, o, track, passable) for o in p)]
        merged = [hound] + [s for p in near for s in p]
        packs = [p for p in packs if p not in near] + [merged]
    pack = max(packs, key=lambda p: (len(p), -min(s.number for s in p)))
    numbers = sorted(s.number for s in pack)
    for stray in sorted((s for s in hounds if s not in pack), key=lambda s: s.number):
        yield Violation(track.layout.where(stray.hex), {"slot": stray.number, "pack": numbers})


@RULES.check("TRK-LAPS-NO-LOOP")
def laps_need_a_loop(track: Track, context: TrackGame) -> Iterator[Violation]:
    if (track.laps < 2 and not context.line_start) or not drawable(track):
        return
    if track.race_type in DECIDED_WITHOUT_LAPS:
        return  # laps decide nothing there: TRK-LAPS-UNUSED's warning says so
    the_course = course(track)
    if the_course.finish and not the_course.loops():
        yield Violation(("laps",), {"laps": track.laps, "line": context.line_start,
                                    "game": context.title})


# How each race type other than Fastest is decided (Race Types & Play Styles): not by laps.
DECIDED_WITHOUT_LAPS = {
    "Furthest": "the furthest after a set number of rounds wins",
    "Toughest": "the last vehicle not destroyed wins",
    "Pursuit": "the first to catch the other wins",
    "Fox and Hounds": "the first hound to catch or destroy the fox wins"}


@RULES.check("TRK-LAPS-UNUSED")
def laps_decide_the_race(track: Track, context: TrackGame) -> Iterator[Violation]:
    if track.laps > 1 and track.race_type in DECIDED_WITHOUT_LAPS \
            and raced_here(track, context):
        yield Violation(("laps",), {"race_type": track.race_type, "laps": track.laps,
                                    "decided": DECIDED_WITHOUT_LAPS[track.race_type]})


# How the rule names the terrains a game lets carry a rating, in the order it lists them.
RATED_NAMES = {"hazard": "hazards", "fragile": "fragile obstacles", "solid": "solid obstacles",
               "barrier": "walls (barriers)"}


@RULES.check("TRK-RATING-PLAIN")
def ratings_on_what_they_add_to(track: Track, context: TrackGame) -> Iterator[Violation]:
    """A rating only where the game adds it to something (Collisions: 'give any Hazard,
    Fragile Obstacle or Solid Obstacle a rating'; walls are solid obstacles)."""
    names = [RATED_NAMES[t] for t in RATED_NAMES if t in context.rated]
    rated = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1] \
        if names else ""
    for char, entry in track.legend.items():
        if entry.rating is not None and entry.terrain not in context.rated:
            yield Violation(("legend", char, "rating"), {
                "char": char, "terrain": entry.terrain, "rating": entry.rating,
                "rated": rated, "game": context.title})


# Where fragile obstacle markers may lie (Hazards and Fragile Obstacles): on a fragile
# obstacle (several in one space) or a hazard (a space with both).
MARKED = ("fragile", "hazard")


@RULES.check("TRK-MARKERS-PLACE")
def markers_on_what_holds_them(track: Track, context: TrackGame) -> Iterator[Violation]:
    allowed = " or ".join(f"a {t}" for t in MARKED) if "fragile" in context.terrains else ""
    for char, entry in track.legend.items():
        if entry.markers is not None and (not allowed or entry.terrain not in MARKED):
            yield Violation(("legend", char, "markers"), {
                "char": char, "terrain": entry.terrain, "markers": entry.markers,
                "allowed": allowed.replace("a fragile", "a fragile obstacle"),
                "game": context.title})


@RULES.check("TRK-ITEMS-NONE")
def gates_have_items_to_give(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not context.items or track.items or not drawable(track):
        return
    layout = track.layout
    pickups = [c.hex for c in layout.ordered() if c.symbol.item]
    gates = [h for n in sorted(layout.item_checkpoints()) for h in layout.checkpoints()[n]]
    for what, hexes in (("item checkpoints", gates), ("face-down item pick-ups", pickups)):
        if hexes:
            yield Violation(layout.where(hexes[0]), {"what": what})
            return


@RULES.check("TRK-ITEMS-UNUSED")
def items_can_be_gained(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not context.items or not track.items or not drawable(track):
        return
    layout = track.layout
    if not layout.item_checkpoints() and not any(c.symbol.item for c in layout.ordered()):
        yield Violation(("items",), {"count": len(track.items)})


@RULES.check("TRK-ITEMS-SPACE")
def pickups_on_spaces(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not context.items or not drawable(track):
        return  # a game without items: TRK-TERRAIN says so
    for cell in track.layout.ordered():
        if cell.symbol.item and not cell.passable:
            yield Violation(track.layout.where(cell.hex), {
                "char": cell.symbol.char, "terrain": cell.symbol.terrain})


PICKUPS_PER_ITEM = 4  # Special Effects > Items: "four hexagonal pick-up tokens" each


@RULES.check("TRK-ITEMS-TOKENS")
def pickups_have_tokens(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not context.items or not track.items or not drawable(track):
        return
    layout = track.layout
    pickups = [c.hex for c in layout.ordered() if c.symbol.item]
    kinds = len({_item_key(item, context) for item in track.items})
    tokens = kinds * PICKUPS_PER_ITEM
    gates = [h for n in sorted(layout.item_checkpoints()) for h in layout.checkpoints()[n]]
    values = {"pickups": len(pickups), "kinds": kinds, "tokens": tokens,
              "per": PICKUPS_PER_ITEM, "gates": bool(gates)}
    if len(pickups) > tokens:
        yield Violation(layout.where(pickups[tokens]), values)
    elif gates and pickups and len(pickups) == tokens:  # none left in the stack
        yield Violation(layout.where(gates[0]), values)


def _item_key(name: str, context: TrackGame) -> str:
    """One item however it is written: its letters and digits, another name as the item's."""
    aliases = {item_key(other): item_key(item) for other, item in context.item_aliases}
    return aliases.get(item_key(name), item_key(name))


@RULES.check("TRK-ITEMS-TWICE")
def each_item_listed_once(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not context.items:
        return  # a game without items: TRK-ITEMS-UNKNOWN says so
    seen: dict[str, str] = {}
    for index, name in enumerate(track.items):
        key = _item_key(name, context)
        if key in seen:
            yield Violation(("items", index), {"name": name.strip(), "first": seen[key],
                                               "per": PICKUPS_PER_ITEM})
        seen.setdefault(key, name.strip())


@RULES.check("TRK-ITEMS-OTHER-NAME")
def items_go_by_their_standard_names(track: Track, context: TrackGame
                                     ) -> Iterator[Violation]:
    aliases = {item_key(other): item for other, item in context.item_aliases}
    for index, name in enumerate(track.items):
        standard = aliases.get(item_key(name))
        if standard is not None:
            yield Violation(("items", index), {"name": name.strip(), "standard": standard})


# --- Recommended items: a check across files ----------------------------------------------

_NAME = re.compile(r"^name:\s*['\"]?(.+?)['\"]?\s*(#.*)?$", re.MULTILINE)
_KIND_ITEM = re.compile(r"^kind:\s*['\"]?item['\"]?\s*(#.*)?$", re.MULTILINE)
MAX_SCANNED = 2_000


def project_items(track_file: Path, game_id: str) -> set[str]:
    """Names of the custom items (``kind: item`` files of ``game_id``) in the project the
    track file belongs to: its ``vehicles/`` folder (the nearest above the track), else the
    track's own folder. Only there: the project root also holds virtual environments,
    output and git's files, which are no one's definitions and took most of a check."""
    start = track_file.resolve().parent
    root = next((f / "vehicles" for f in (start, *start.parents)
                 if (f / "vehicles").is_dir()), start)
    game_line = re.compile(rf"^game:\s*['\"]?{re.escape(game_id)}['\"]?\s*(#.*)?$",
                           re.MULTILINE)
    names: set[str] = set()
    for number, path in enumerate(sorted(root.rglob("*.y*ml"))):
        if number >= MAX_SCANNED:
            break
        try:
            text = path.read_text(encoding="utf-8")[:20_000]
        except (OSError, UnicodeDecodeError):
            continue
        found = _NAME.search(text)
        if found and _KIND_ITEM.search(text) and game_line.search(text):
            names.add(found.group(1).strip())
    return names


def items_known(definition: Definition, others: Sequence[Definition]) -> list[Finding]:
    """TRK-ITEMS-UNKNOWN for one track: its recommended items against the game's standard
    items and the custom items of the run and of its project."""
    track: Track = definition.model
    context: TrackGame = definition.kind.context
    if not track.items:
        return []
    known = list(context.standard_items)
    if context.items:  # a game without items has no item files either
        known += sorted(d.name for d in others
                        if d.game.id == definition.game.id and d.kind.name == "item")
        known += sorted(project_items(Path(definition.path), definition.game.id))
    # A custom item under a standard item's name, or under the rulebook's other name for
    # one (JR-ITEM-STANDARD-NAME's error), is that item: offered once, as the book writes it.
    aliases = {item_key(other) for other, _ in context.item_aliases}
    offered: dict[str, str] = {}
    for number, name in enumerate(known):
        if number < len(context.standard_items) or item_key(name) not in aliases:
            offered.setdefault(item_key(name), name)
    known = list(offered.values())
    # The rulebook's other name for an item is that item (TRK-ITEMS-OTHER-NAME advises).
    keys = {item_key(name) for name in known} | {
        item_key(other) for other, _ in context.item_aliases}
    rule = RULES["TRK-ITEMS-UNKNOWN"]
    return [rule.finding(definition.locate(("items", index)), name=name,
                         suggestion=did_you_mean(name, known) or "",
                         known=", ".join(dict.fromkeys(known)), game=context.title,
                         items=context.items)
            for index, name in enumerate(track.items) if item_key(name) not in keys]


def layout_given(definition: Definition) -> list[Finding]:
    """TRK-LAYOUT-FIELDS for one track: the fields its game's layouts give that the file
    leaves out (read from the file's own keys, since each has a default) or writes blank
    (`location: ""` prints as nothing, as a field left out does)."""
    context: TrackGame = definition.kind.context
    blank = [name for name in context.layout_fields if (name,) in definition.marks
             and isinstance(getattr(definition.model, name, None), str)
             and not getattr(definition.model, name).strip()]
    missing = [name for name in context.layout_fields
               if (name,) not in definition.marks or name in blank
               if name != "items" or not _gives_items(definition.model)]
    if not missing:
        return []
    where = (missing[0],) if missing[0] in blank else ()
    return [RULES["TRK-LAYOUT-FIELDS"].finding(definition.locate(where), missing=missing,
                                               game=context.title)]


def _gives_items(track: Track) -> bool:
    """True when the map has item checkpoints or face-down items: with no items listed, that
    is TRK-ITEMS-NONE's error, not a field left out as well."""
    if not drawable(track):
        return False
    layout = track.layout
    return bool(layout.item_checkpoints()) or any(c.symbol.item for c in layout.ordered())


def track_related(definition: Definition, others: Sequence[Definition]) -> list[Finding]:
    """The track checks that read more than the model: the recommended items against the
    project's item files, and the layout's fields as the file writes them."""
    return items_known(definition, others) + layout_given(definition)




# --- Checkpoints in order anywhere in the lap ------------------------------------------


def line_neighbours(track: Track, behind: int = 0) -> set[frozenset[str]]:
    """Pairs of lines (checkpoint numbers as text, 'finish') joined by track that crosses no
    other line that counts: a lap can go from one to the other directly.

    Checkpoints numbered below ``behind`` are crossed already this lap, and crossing one
    again does nothing: they join the track either side of them. So does a finish line whose
    two sides meet only through it (a there-and-back course): crossed on the way out, it
    counts for nothing until every checkpoint is crossed.
    """
    the_course = course(track)
    lines = {str(n): frozenset(h) for n, h in the_course.checkpoints.items() if n >= behind}
    if the_course.finish and the_course.is_circuit():
        lines["finish"] = frozenset(the_course.finish)
    on_a_line = frozenset(h for hexes in lines.values() for h in hexes)
    between = the_course.open - on_a_line
    pairs: set[frozenset[str]] = set()
    for region in components(between, between):
        edge = {n for h in region for n in neighbours(h)}
        touched = sorted(name for name, hexes in lines.items() if hexes & edge)
        pairs.update(frozenset((a, b)) for a in touched for b in touched if a != b)
    return pairs


@RULES.check("TRK-CHECKPOINT-SEQUENCE")
def each_checkpoint_leads_to_the_next(track: Track) -> Iterator[Violation]:
    if not drawable(track):
        return
    the_course = course(track)
    numbers = sorted(the_course.checkpoints)
    if len(numbers) < 3:
        return  # two checkpoints are in order or backwards: TRK-CHECKPOINT-ORDER
    for before, after in zip(numbers, numbers[1:], strict=False):
        pairs = line_neighbours(track, behind=before)
        if frozenset((str(before), str(after))) not in pairs:
            crossed = sorted(int(n) for p in pairs if str(before) in p for n in p
                             if n not in (str(before), "finish"))
            yield Violation(track.layout.where(the_course.checkpoints[after][0]), {
                "before": before, "after": after, "instead": crossed})
            return


def off_the_row(hexes: frozenset[Hex], track: Track) -> list[Hex]:
    """The hexes of a line that leave its longest straight row, in reading order.

    A straight row runs along one of the three hex axes (one q, one r or one s); a column of
    the text map (a row of flat-top hexes) counts too, since a map draws it as one straight
    stroke. Empty when the whole line is one such row.
    """
    axis = 0 if track.orientation == "pointy" else 1
    keys = (lambda h: ("q", h.q), lambda h: ("r", h.r), lambda h: ("s", -h.q - h.r),
            lambda h: ("map", hex_to_offset(h, track.orientation)[axis]))
    groups: dict[tuple[str, int], set[Hex]] = {}
    for key in keys:
        for hex_ in hexes:
            groups.setdefault(key(hex_), set()).add(hex_)
    row = max(groups.values(), key=len)
    return sorted(hexes - row, key=lambda h: hex_to_offset(h, track.orientation)[::-1])


@RULES.check("TRK-CHECKPOINT-STRAIGHT")
def lines_are_straight_rows(track: Track, context: TrackGame) -> Iterator[Violation]:
    if not context.straight_lines or not drawable(track):
        return
    for target in course(track).targets:
        astray = off_the_row(target.hexes, track)
        if astray and not drawn_twice(track, target, context):  # two lines: TRK-CHECKPOINT-NUMBERS
            yield Violation(track.layout.where(astray[0]), {
                "name": target.name, "count": len(astray)})


@RULES.check("TRK-SPECIAL-RULES")
def special_spaces_are_explained(track: Track) -> Iterator[Violation]:
    if not drawable(track) or track.special_rules.strip():
        return
    special = track.layout.with_terrain("special")
    if special:
        labels = sorted({c.symbol.label for c in track.layout.ordered()
                         if c.symbol.terrain == "special"})
        yield Violation(track.layout.where(special[0]), {
            "count": len(special), "labels": labels})
