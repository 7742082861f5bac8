"""Checks for the Frothy Races vehicle rules declared in ``rules.yaml``.

Each check receives the vehicle and its rule's ``params`` and yields a Violation per problem:
the key path of the offending value and the numbers its message needs. Checks that read the
speed table skip a table whose rows are not seven long; FR-SPEED-RATINGS reports that once.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from generator.games.frothy_races.catalogues import (
    FrothyData,
    implied,
    reference_sites,
    special_face,
)
from generator.games.frothy_races.model import PHASES, SPEEDS, Vehicle
from generator.games.frothy_races.spellings import numbered
from generator.input.catalogue import name_key
from generator.input.editor_schema import EVERY, at
from generator.input.findings import RuleBook, Violation

RULES: RuleBook[Vehicle] = RuleBook(Path(__file__).with_name("rules.yaml"))

FROTHY_DIE_VALUES = (0, 1, 2, 2, 3, 3)
SPEED_ROWS = ("acceleration", "deceleration", "move_1", "move_2", "move_3", "move_4", "control",
              "stamina")


def dice_label(dice: int) -> str:
    return "SAFE (no dice)" if dice == 0 else f"{dice} {'die' if dice == 1 else 'dice'}"


def suffix(moves: tuple[int, ...], after_phase: int) -> int:
    """Spaces moved in the phases after ``after_phase`` (1-based) of a round."""
    return sum(moves[after_phase:])


@RULES.check("FR-SPEED-RATINGS")
def seven_speed_ratings(vehicle: Vehicle) -> Iterator[Violation]:
    for row in SPEED_ROWS:
        values = getattr(vehicle.speed_table, row)
        if len(values) != len(SPEEDS):
            yield Violation(("speed_table", row), {"row": row, "found": len(values)})


@RULES.check("FR-SPEED-ZERO-MOVES")
def speed_zero_never_moves(vehicle: Vehicle) -> Iterator[Violation]:
    table = vehicle.speed_table
    if not table.complete:
        return
    for phase, spaces in zip(PHASES, table.moves(0), strict=True):
        if spaces:
            yield Violation(("speed_table", f"move_{phase}", 0),
                            {"phase": phase, "spaces": f"{spaces} space{'s' * (spaces != 1)}"})


@RULES.editor_schema("FR-SPEED-ZERO-MOVES")
def speed_zero_never_moves_schema() -> list[dict[str, Any]]:
    return [at(["speed_table", f"move_{phase}"], {"prefixItems": [{"maximum": 0}]})
            for phase in PHASES]


@RULES.check("FR-SPEED-BOXES")
def boxes_for_every_speed(vehicle: Vehicle) -> Iterator[Violation]:
    table = vehicle.speed_table
    for row in ("acceleration", "deceleration"):
        for speed, boxes in enumerate(getattr(table, row)):
            if boxes < 1 and speed in SPEEDS:
                yield Violation(("speed_table", row, speed), {"speed": speed, "row": row})


@RULES.editor_schema("FR-SPEED-BOXES")
def boxes_for_every_speed_schema() -> list[dict[str, Any]]:
    return [at(["speed_table", row, EVERY], {"minimum": 1})
            for row in ("acceleration", "deceleration")]


@RULES.check("FR-MOVE-PHASE-MAX")
def phase_limit(vehicle: Vehicle, limit: int) -> Iterator[Violation]:
    table = vehicle.speed_table
    if not table.complete:
        return
    for speed in SPEEDS:
        for phase, spaces in zip(PHASES, table.moves(speed), strict=True):
            if spaces > limit:
                yield Violation(("speed_table", f"move_{phase}", speed),
                                {"speed": speed, "phase": phase, "spaces": spaces})


@RULES.editor_schema("FR-MOVE-PHASE-MAX")
def phase_limit_schema(limit: int) -> list[dict[str, Any]]:
    return [at(["speed_table", f"move_{phase}", EVERY], {"maximum": limit})
            for phase in PHASES]


@RULES.check("FR-MOVE-ROUND-MAX")
def round_limit(vehicle: Vehicle, limit: int) -> Iterator[Violation]:
    table = vehicle.speed_table
    if not table.complete:
        return
    for speed in SPEEDS:
        if table.total(speed) > limit:
            yield Violation(("speed_table", "move_1", speed),
                            {"speed": speed, "total": table.total(speed)})


@RULES.check("FR-MOVE-TOTAL-FALLS")
def total_never_falls(vehicle: Vehicle) -> Iterator[Violation]:
    table = vehicle.speed_table
    if not table.complete:
        return
    for speed in SPEEDS[1:]:
        if table.total(speed) < table.total(speed - 1):
            yield Violation(("speed_table", "move_1", speed), {
                "speed": speed, "total": table.total(speed), "lower": speed - 1,
                "lower_total": table.total(speed - 1)})


@RULES.check("FR-MOVE-SPEED-DROP")
def no_gain_from_slowing(vehicle: Vehicle) -> Iterator[Violation]:
    """For each Speed and each lower Speed, report the first phase boundary where dropping
    to the lower Speed would move further in the rest of the round than keeping Speed."""
    table = vehicle.speed_table
    if not table.complete:
        return
    for speed in SPEEDS[1:]:
        kept_moves = table.moves(speed)
        for lower in range(speed):
            dropped_moves = table.moves(lower)
            for phase in (1, 2, 3):
                kept, dropped = suffix(kept_moves, phase), suffix(dropped_moves, phase)
                if dropped > kept:
                    yield Violation(("speed_table", f"move_{phase + 1}", lower), {
                        "speed": speed, "lower": lower, "phase": phase, "kept": kept,
                        "dropped": dropped})
                    break


@RULES.check("FR-MOVE-STEP-FALLS")
def step_never_falls(vehicle: Vehicle) -> Iterator[Violation]:
    table = vehicle.speed_table
    if not table.complete:
        return
    for speed in SPEEDS[2:]:  # Speed 0 moving at all is FR-SPEED-ZERO-MOVES's
        moves, lower = table.moves(speed), table.moves(speed - 1)
        if max(moves) < max(lower):
            phase = moves.index(max(moves)) + 1
            yield Violation(("speed_table", f"move_{phase}", speed), {
                "speed": speed, "step": max(moves), "lower": speed - 1,
                "lower_step": max(lower)})


def spread_problem(moves: tuple[int, ...], max_gap: int) -> str | None:
    """Why a round's moves are not spread evenly, or None if they are."""
    moving = [i for i, spaces in enumerate(moves) if spaces]
    total = sum(moves)
    if len(moving) == 1 and total >= 2:
        return f"all {total} spaces in phase {moving[0] + 1}"
    if len(moving) == 2 and (moving[1] - moving[0]) % 2 == 1:
        return f"it moves only in neighbouring phases {moving[0] + 1} and {moving[1] + 1}"
    if moving:
        values = [moves[i] for i in moving]
        if max(values) - min(values) > max_gap:
            return f"phase moves range from {min(values)} to {max(values)}"
    return None


@RULES.check("FR-MOVE-EVEN-SPREAD")
def even_spread(vehicle: Vehicle, max_gap: int) -> Iterator[Violation]:
    table = vehicle.speed_table
    if not table.complete:
        return
    for speed in SPEEDS[1:]:
        moves = table.moves(speed)
        reason = spread_problem(moves, max_gap)
        if reason:
            yield Violation(("speed_table", "move_1", speed), {
                "speed": speed, "moves": "-".join(str(m) for m in moves), "reason": reason,
                "total": sum(moves)})


@RULES.check("FR-CONTROL-RISING")
def control_rises(vehicle: Vehicle) -> Iterator[Violation]:
    table = vehicle.speed_table
    if not table.complete:
        return
    for speed in SPEEDS[1:]:
        dice, lower_dice = table.control[speed], table.control[speed - 1]
        if dice < lower_dice:
            yield Violation(("speed_table", "control", speed), {
                "speed": speed, "dice": dice_label(dice), "lower": speed - 1,
                "lower_dice": dice_label(lower_dice)})


@RULES.check("FR-DMG-RESILIENCE")
def resilience_range(vehicle: Vehicle) -> Iterator[Violation]:
    value = vehicle.damage.resilience
    if value is not None and value not in (0, 1, 2):
        yield Violation(("damage", "resilience"), {"value": value})


@RULES.check("FR-DMG-AFFECT-LEVEL")
def damage_levels_on_track(vehicle: Vehicle) -> Iterator[Violation]:
    top = vehicle.damage.value
    for level in vehicle.damage.affects:
        if not 1 <= level <= top:
            yield Violation(("damage", "affects", level), {"level": level, "value": top})


def is_wipeout(name: str, data: FrothyData) -> bool:
    entry = data.damage_affects.find(name)
    return entry is not None and entry.name == "Wipe-out"


@RULES.check("FR-DMG-WIPEOUT")
def ends_in_wipeout(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    top = vehicle.damage.value
    affects = vehicle.damage.affects
    if not any(is_wipeout(ref.name, context) for ref in affects.get(top, ())):
        # at the maximum it belongs to: a raised value, like a lost Wipe-out, leaves none there
        yield Violation(("damage", "value"), {"level": None, "value": top})
    for level, refs in affects.items():
        if level < top and any(is_wipeout(ref.name, context) for ref in refs):
            yield Violation(("damage", "affects", level), {"level": level, "value": top})
            continue
        for j, ref in enumerate(refs):  # a roll that may pick Wipe-out before the top
            picks = [k for k, c in enumerate(getattr(ref, "choices", ()))
                     if is_wipeout(c.name, context)]
            if level < top and picks:
                yield Violation(("damage", "affects", level, j, "choices", picks[0]),
                                {"level": level, "value": top})


def scoring_chance(resilience: int | None) -> Fraction:
    """Chance one Frothy die scores damage: its value is higher than Resilience."""
    if resilience is None:
        return Fraction(1)
    higher = sum(1 for value in FROTHY_DIE_VALUES if value > resilience)
    return Fraction(higher, len(FROTHY_DIE_VALUES))


def dice_to_wipe_out(vehicle: Vehicle) -> Fraction | None:
    """Expected Damage dice that wipe the vehicle out; None if no die can ever score."""
    chance = scoring_chance(vehicle.damage.resilience)
    return Fraction(vehicle.damage.value) / chance if chance else None


def _toughness(vehicle: Vehicle) -> dict[str, object] | None:
    dice = dice_to_wipe_out(vehicle)
    if dice is None or vehicle.damage.resilience not in (None, 0, 1, 2):
        return None
    resilience = vehicle.damage.resilience
    return {"dice": round(float(dice), 1), "value": vehicle.damage.value,
            "resilience": "blank" if resilience is None else resilience}


@RULES.check("FR-DMG-INDESTRUCTIBLE")
def not_indestructible(vehicle: Vehicle, max_dice: int) -> Iterator[Violation]:
    toughness = _toughness(vehicle)
    if toughness and float(str(toughness["dice"])) > max_dice:
        yield Violation(("damage", "value"), toughness)


@RULES.check("FR-DMG-FRAGILE")
def not_fragile(vehicle: Vehicle, min_dice: int) -> Iterator[Violation]:
    toughness = _toughness(vehicle)
    if toughness and float(str(toughness["dice"])) < min_dice:
        yield Violation(("damage", "value"), toughness)


@RULES.check("FR-STAMINA-TRACK")
def stamina_track_order(vehicle: Vehicle) -> Iterator[Violation]:
    track = vehicle.stamina
    if track.minimum >= track.maximum:
        yield Violation(("stamina", "minimum"),
                        {"minimum": track.minimum, "maximum": track.maximum})


@RULES.check("FR-STAMINA-AFFECT-LEVEL")
def stamina_levels_on_track(vehicle: Vehicle) -> Iterator[Violation]:
    track = vehicle.stamina
    for level in track.affects:
        # 'Apply the Stamina effect for the Stamina value your vehicle is currently at, as
        # well as ... all higher Stamina values' once below the maximum: an affect at the
        # maximum applies as soon as any Stamina is lost.
        if not track.minimum <= level <= track.maximum:
            yield Violation(("stamina", "affects", level),
                            {"level": level, "minimum": track.minimum, "maximum": track.maximum})


def _unknown(vehicle: Vehicle, context: FrothyData, catalogue: str) -> Iterator[Violation]:
    entries = context.catalogue(catalogue)
    for site in reference_sites(vehicle):
        if site.catalogue == catalogue and not site.ref.custom and \
                entries.find(site.ref.name) is None:
            guide_name, value = numbered(site.ref.name, entries) or (None, None)
            yield Violation((*site.path, "name"), {
                "name": site.ref.name, "value": value,
                "twice": value is not None and site.ref.value is not None,
                "suggestion": guide_name or entries.suggest(site.ref.name) or ""})


for _rule_id in ("FR-TRAIT-UNKNOWN", "FR-SPECIAL-UNKNOWN", "FR-DMG-AFFECT-UNKNOWN",
                 "FR-STAMINA-AFFECT-UNKNOWN"):
    RULES.check(_rule_id)(_unknown)


@RULES.check("FR-CUSTOM-SUMMARY")
def custom_has_summary(vehicle: Vehicle) -> Iterator[Violation]:
    for site in reference_sites(vehicle):
        if site.ref.custom and not site.ref.summary:
            yield Violation(site.path, {"what": site.what, "name": site.ref.name})


@RULES.check("FR-CUSTOM-SHADOWS")
def custom_not_shadowing(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    for site in reference_sites(vehicle):
        entry = context.catalogue(site.catalogue).find(site.ref.name)
        if site.ref.custom and entry is not None:
            yield Violation((*site.path, "name"),
                            {"name": site.ref.name, "what": site.what, "entry": entry.name})


@RULES.check("FR-HASH-MISSING")
def hash_value_given(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    for site in reference_sites(vehicle):
        entry = None if site.ref.custom else context.catalogue(site.catalogue).find(site.ref.name)
        if entry is not None and entry.takes_value and site.ref.value is None:
            yield Violation(site.path, {"what": site.what, "name": entry.name})


@RULES.check("FR-HASH-UNEXPECTED")
def hash_value_not_given(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    for site in reference_sites(vehicle):
        entry = None if site.ref.custom else context.catalogue(site.catalogue).find(site.ref.name)
        if entry is not None and not entry.takes_value and site.ref.value is not None:
            yield Violation((*site.path, "value"),
                            {"what": site.what, "name": entry.name, "value": site.ref.value})


_PARAM_MEANING = {"trait": "the trait that is lost", "card": "whip, reins or either",
                  "choices": "the affects a roll picks from"}


@RULES.check("FR-AFFECT-PARAM")
def affect_params_given(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    for site in reference_sites(vehicle):
        entry = None if site.ref.custom else context.catalogue(site.catalogue).find(site.ref.name)
        for param in entry.params if entry else ():
            if param == "choices" and "choices" in site.path:
                continue  # a Random among a Random's picks: FR-DMG-RANDOM-CHOICES
            if not getattr(site.ref, param, None) and param not in implied(site.ref, entry):
                yield Violation(site.path, {"what": site.what, "name": entry.name if entry
                                            else site.ref.name, "param": param,
                                            "meaning": _PARAM_MEANING.get(param, param)})


@RULES.check("FR-TRAIT-COUNT")
def few_traits(vehicle: Vehicle, limit: int) -> Iterator[Violation]:
    if len(vehicle.traits) > limit:
        yield Violation(("traits", limit), {"count": len(vehicle.traits)})


@RULES.check("FR-TRAIT-DUPLICATE")
def traits_once(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    seen: dict[str, int] = {}
    for i, trait in enumerate(vehicle.traits):
        entry = None if trait.custom else context.traits.find(trait.name)
        key = name_key(entry.name if entry else trait.name)
        if key in seen:
            yield Violation(("traits", i), {"name": trait.name, "first": seen[key] + 1})
        else:
            seen[key] = i


@RULES.check("FR-PRINT-BOXES")
def boxes_printable(vehicle: Vehicle, limit: int) -> Iterator[Violation]:
    for row in ("acceleration", "deceleration"):
        for speed, boxes in enumerate(getattr(vehicle.speed_table, row)):
            if boxes > limit:
                yield Violation(("speed_table", row, speed),
                                {"speed": speed, "boxes": boxes, "row": row})


@RULES.editor_schema("FR-PRINT-BOXES")
def boxes_printable_schema(limit: int) -> list[dict[str, Any]]:
    return [at(["speed_table", row, EVERY], {"maximum": limit})
            for row in ("acceleration", "deceleration")]


@RULES.check("FR-PRINT-TRACK")
def tracks_printable(vehicle: Vehicle, limit: int) -> Iterator[Violation]:
    damage_rows = vehicle.damage.value + 1
    if damage_rows > limit + 1:
        yield Violation(("damage", "value"), {"track": "Damage", "rows": damage_rows})
    stamina_rows = vehicle.stamina.maximum - vehicle.stamina.minimum + 1
    if stamina_rows > limit + 1:
        yield Violation(("stamina", "maximum"), {"track": "Stamina", "rows": stamina_rows})


@RULES.check("FR-CONTROL-FLAT")
def control_rises_somewhere(vehicle: Vehicle) -> Iterator[Violation]:
    table = vehicle.speed_table
    if not table.complete:
        return
    top, bottom = table.control[SPEEDS[-1]], table.control[0]
    if top <= bottom:
        yield Violation(("speed_table", "control", SPEEDS[-1]),
                        {"top": dice_label(top), "bottom": dice_label(bottom)})


def playable_as(vehicle: Vehicle, kind: str, context: FrothyData) -> int:
    """Cards that can be played as ``kind`` (whip or reins): ordinary, dual, special faces."""
    cards = vehicle.cards
    faces = sum(card.count for card in cards.special
                if special_face(card, None if card.custom else context.special_cards.find(
                    card.name)) == kind)
    return int(getattr(cards, kind)) + cards.dual + faces


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


@RULES.check("FR-STAMINA-ROW")
def stamina_row_sense(vehicle: Vehicle) -> Iterator[Violation]:
    table = vehicle.speed_table
    if not table.complete:
        return
    row = table.stamina
    for speed in SPEEDS[1:]:
        if row[speed] > row[speed - 1]:
            yield Violation(("speed_table", "stamina", speed), {
                "problem": "rises", "speed": speed, "value": signed(row[speed]),
                "lower": speed - 1, "lower_value": signed(row[speed - 1])})
            return
    affects = any(vehicle.stamina.affects.values())
    if min(row) < 0 and max(row) <= 0:
        yield Violation(("speed_table", "stamina"), {"problem": "no-gain"})
    elif min(row) >= 0 and affects:
        yield Violation(("stamina", "affects"), {"problem": "never-applies"})
    if min(row) < 0 and not affects:  # the loss comes to nothing: no affect on the track
        yield Violation(("speed_table", "stamina"), {"problem": "no-affects"})


@RULES.check("FR-TRAIT-NONE")
def some_trait(vehicle: Vehicle) -> Iterator[Violation]:
    if not vehicle.traits:
        yield Violation(("traits",), {})  # the file's top when it has no traits: key
