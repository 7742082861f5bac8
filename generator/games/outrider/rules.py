"""Checks for the Outrider vehicle rules declared in ``rules.yaml``.

Each check receives the vehicle, its rule's ``params`` and (when it asks) the catalogues, and
yields a Violation per problem: the key path of the offending value and the numbers its
message needs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.games.outrider.catalogues import OutriderData
from generator.games.outrider.model import (
    CHARACTERISTICS,
    FACINGS,
    ROLLS,
    SIDES,
    SLOTS,
    Arc,
    Upgrade,
    Variant,
    Vehicle,
)
from generator.games.outrider.spelling import (
    SKILL_TRACK,
    TACHOMETER,
    slot_die_schema,
    slot_holds,
)
from generator.input.editor_schema import EVERY, at, has, when
from generator.input.findings import RuleBook, Violation
from generator.input.partial import FieldFailed, failed
from generator.input.schema import Choice, declared_fields

RULES: RuleBook[Vehicle] = RuleBook(Path(__file__).with_name("rules.yaml"))


def die_name(sides: int) -> str:
    return f"d{sides}"


def parsed_sides(vehicle: Vehicle) -> list[tuple[str, Variant]]:
    """The sides that parsed, for a rule that judges each side alone: a value that failed on
    one side (its own finding is the schema's) hides nothing on the other."""
    return [(side, variant) for side, variant in vehicle.variants.sides() if not failed(variant)]


@RULES.check("OR-EQUIPMENT-STANDARD")
def one_die_of_each_size(vehicle: Vehicle, context: OutriderData) -> Iterator[Violation]:
    """Every slot whose die breaks the set: a die outside it, or each slot holding a die
    another slot holds too (either of them may be the one to change, so both are shown).
    A slot whose die failed to read hides only what it could change: two readable slots
    holding one die, or a die outside the set, are wrong whatever it holds."""
    dice = readable_dice(vehicle)
    known = [sides for sides in dice.values() if sides is not None]
    if len(known) == len(SLOTS) and sorted(known) == sorted(context.standard_set):
        return
    missing = [die_name(s) for s in context.standard_set if s not in known]
    held = Counter(known)
    shown = ", ".join(f"{slot} {'(unreadable)' if d is None else die_name(d)}"
                      for slot, d in dice.items())
    wrong = [(slot, sides) for slot, sides in dice.items() if sides is not None
             and (sides not in context.standard_set or held[sides] > 1)]
    for slot, sides in wrong:
        yield Violation(("equipment", slot), {
            "dice": shown, "missing": " or ".join(missing) or "another die",
            "every": ", ".join(missing), "repeated": die_name(sides), "held": held[sides],
            "standard": sides in context.standard_set})
    if not wrong:  # a die that failed to read may be the one that breaks the set
        undecided(*(getattr(vehicle.equipment, slot) for slot in SLOTS))


def readable_dice(vehicle: Vehicle) -> dict[str, int | None]:
    """Each slot's die, None where it failed to read (its own finding is the schema's)."""
    equipment = vehicle.equipment
    return {slot: None if failed(getattr(equipment, slot)) else equipment.die(slot)
            for slot in SLOTS}


def undecided(*values: Any) -> None:
    """A check that found nothing in what it could read, but whose finding the values that
    failed could still change, is skipped naming the first of them (CHECK-SKIPPED)."""
    for value in values:
        if failed(value):
            raise FieldFailed(value.path)


def known_die(context: OutriderData, slot: str, sides: int) -> bool:
    """Whether the rulebook gives a die of ``sides`` a meaning in ``slot``; a die outside the
    standard set is OR-EQUIPMENT-STANDARD's finding, and no other rule reads it."""
    return sides in context.slots[slot].dice


@RULES.check("OR-ACTION-POINTS")
def tachometer_follows_engine(vehicle: Vehicle, context: OutriderData) -> Iterator[Violation]:
    stated, engine = vehicle.tachometer, vehicle.equipment.engine
    if not known_die(context, "engine", engine):
        return
    if stated is not None and stated != vehicle.action_points:
        yield Violation(("tachometer",), {
            "stated": stated, "engine": engine, "expected": vehicle.action_points,
            "engine_class": context.meaning("engine", engine).label})


def equipment_has(slot: str, sides: int) -> dict[str, Any]:
    """JSON Schema condition: the file's ``slot`` holds a die of ``sides``."""
    return {"type": "object", "required": ["equipment"],
            "properties": {"equipment": slot_holds(slot, slot_die_schema(slot, [sides]))}}


@RULES.editor_schema("OR-ACTION-POINTS")
def tachometer_follows_engine_schema(context: OutriderData) -> list[dict[str, Any]]:
    return [when(equipment_has("engine", sides),
                 at(["tachometer"], TACHOMETER.equal_to(context.action_points(sides))))
            for sides in context.slots["engine"].dice]


@RULES.check("OR-SKILL-POINTS")
def skill_track_follows_driver(vehicle: Vehicle, context: OutriderData) -> Iterator[Violation]:
    stated, driver = vehicle.skill_track, vehicle.equipment.driver
    if not known_die(context, "driver", driver):
        return
    if stated is not None and stated != vehicle.skill_points:
        yield Violation(("skill_track",), {
            "stated": stated, "driver": driver, "expected": vehicle.skill_points,
            "driver_class": context.meaning("driver", driver).label})


@RULES.editor_schema("OR-SKILL-POINTS")
def skill_track_follows_driver_schema(context: OutriderData) -> list[dict[str, Any]]:
    return [when(equipment_has("driver", sides),
                 at(["skill_track"], SKILL_TRACK.equal_to(context.skill_points(sides))))
            for sides in context.slots["driver"].dice]


@RULES.check("OR-BONUS-RANGE")
def bonuses_up_to_two(vehicle: Vehicle, limit: int) -> Iterator[Violation]:
    for side, variant in parsed_sides(vehicle):
        for characteristic in CHARACTERISTICS:
            value = None if failed(variant.bonuses) else variant.bonuses.of(characteristic)
            if value is not None and not failed(value) and not 0 <= value <= limit:
                yield Violation(("variants", side, "bonuses", characteristic), {
                    "side": side, "characteristic": characteristic, "value": value})


def capped_parts(vehicle: Vehicle, side: str, roll: str) -> list[tuple[str | int, int]]:
    """(what, bonus) of everything the rule of four counts for one side's ``roll``: the
    side's characteristic (its name) and each piece of equipment adding to the roll (its
    index in ``upgrades``), in the file's order. A bonus or piece of equipment that failed
    to read is left out: it can only add to the total, so a total over the cap stays over."""
    variant: Variant = getattr(vehicle.variants, side)
    characteristic = CHARACTERISTICS[ROLLS.index(roll)]
    own = None if failed(variant.bonuses) else variant.bonuses.of(characteristic)
    parts: list[tuple[str | int, int]] = [] if own is None or failed(own) else [
        (characteristic, own)]
    parts += [(index, upgrade.bonus) for index, upgrade in readable_upgrades(vehicle)
              if upgrade.roll == roll]
    return [(what, bonus) for what, bonus in parts if bonus]


def readable_upgrades(vehicle: Vehicle) -> list[tuple[int, Upgrade]]:
    """(index, upgrade) of each piece of expansion equipment whose roll and bonus read."""
    return [(index, upgrade) for index, upgrade in enumerate(vehicle.upgrades)
            if not (failed(upgrade) or failed(upgrade.roll) or failed(upgrade.bonus))]


def unread_bonuses(vehicle: Vehicle) -> list[Any]:
    """The values the rule of four could not count: a side's bonuses, an upgrade's roll or
    bonus that failed to read (the sides themselves are judged apart)."""
    values: list[Any] = []
    for _, variant in parsed_sides(vehicle):
        values += [variant.bonuses] if failed(variant.bonuses) else [
            variant.bonuses.of(c) for c in CHARACTERISTICS]
    for upgrade in vehicle.upgrades:
        values += [upgrade] if failed(upgrade) else [upgrade.roll, upgrade.bonus]
    return values


@RULES.check("OR-RULE-OF-FOUR")
def rule_of_four(vehicle: Vehicle, cap: int) -> Iterator[Violation]:
    found = False
    for side, _ in parsed_sides(vehicle):
        for roll in ROLLS:
            parts = capped_parts(vehicle, side, roll)
            total = sum(bonus for _, bonus in parts)
            if total > cap:
                found = True
                yield Violation(cap_breaker(side, parts, cap), {
                    "side": side, "roll": roll, "what": f"{roll} roll", "total": total,
                    "parts": ", ".join(f"{part_label(vehicle, what)} +{bonus}"
                                       for what, bonus in parts)})
    if not found:
        undecided(*unread_bonuses(vehicle))


def part_label(vehicle: Vehicle, what: str | int) -> str:
    """A counted bonus as the message names it: the characteristic, or the equipment's name
    (its place in the list when the name itself failed to read)."""
    if not isinstance(what, int):
        return what
    name = vehicle.upgrades[what].name
    return f"upgrade {what + 1}" if failed(name) else name


def cap_breaker(side: str, parts: list[tuple[str | int, int]], cap: int
                ) -> tuple[str | int, ...]:
    """Where a roll over the cap is reported: the bonus that takes the running total past
    the cap, the characteristic first and then the equipment in the file's order. A
    characteristic is at most +2, so in a legal build it is the equipment that breaks it."""
    total = 0
    for what, bonus in parts:
        total += bonus
        if total > cap:
            if isinstance(what, int):
                return ("upgrades", what, "bonus")
            return ("variants", side, "bonuses", what)
    raise AssertionError("cap_breaker is asked only about a total over the cap")


def bonus_lights(variant: Variant) -> tuple[int, list[Any]]:
    """A side's lights as far as they read, and the values that did not (the side itself,
    its bonuses or one bonus): a bonus that failed to read can only add lights."""
    if failed(variant) or failed(variant.bonuses):
        return 0, [variant if failed(variant) else variant.bonuses]
    values = [variant.bonuses.of(c) for c in CHARACTERISTICS]
    return sum(v for v in values if not failed(v)), [v for v in values if failed(v)]


@RULES.check("OR-VARIANT-BONUSES")
def narrow_side_has_more_bonuses(vehicle: Vehicle) -> Iterator[Violation]:
    """Shown at both sides' bonuses, for the designer may have lowered one or raised the
    other; not at a wide side without bonuses, which has none to give up. A bonus that
    failed to read can only raise its side's total, so a narrow side whose lights all read
    and are no more than those of the wide side that read is reported all the same."""
    narrow, narrow_unread = bonus_lights(vehicle.variants.narrow)
    wide, wide_unread = bonus_lights(vehicle.variants.wide)
    if narrow <= wide and not narrow_unread:
        for side in SIDES if wide else ("narrow",):
            yield Violation(("variants", side, "bonuses"),
                            {"narrow": narrow, "wide": wide, "wide_open": bool(wide_unread)})
    elif narrow <= wide or wide_unread:
        undecided(*narrow_unread, *wide_unread)


def readable_arcs(variant: Variant) -> tuple[list[Arc], list[Any]]:
    """A side's arcs whose facing and mount read, and the values that did not (the side,
    its arcs, an arc or its facing or mount): an arc that failed to read can only widen
    the side's cover."""
    if failed(variant) or failed(variant.arcs):
        return [], [variant if failed(variant) else variant.arcs]
    unread = [value for arc in variant.arcs
              for value in ([arc] if failed(arc) else [arc.facing, arc.mount]) if failed(value)]
    return [arc for arc in variant.arcs if not failed(arc) and not failed(arc.facing)
            and not failed(arc.mount)], unread


def arc_cover(arcs: list[Arc], fixed_degrees: int, articulated_degrees: int) -> int:
    """How much of the compass a side's arcs cover, for comparing the two sides: each edge
    with an arc counts once, at its widest mount (a second arc on the same edge fires down
    the same corridor, 7.2, and covers nothing more)."""
    widest: dict[str, int] = {}
    for arc in arcs:
        width = articulated_degrees if arc.mount == "articulated" else fixed_degrees
        widest[arc.facing] = max(widest.get(arc.facing, 0), width)
    return sum(widest.values())


@RULES.check("OR-VARIANT-ARCS")
def wide_side_has_wider_arcs(vehicle: Vehicle, fixed_degrees: int, articulated_degrees: int
                             ) -> Iterator[Violation]:
    """Arcs that failed to read can only widen their side, so a narrow side already as wide
    as every arc of the wide side is reported all the same."""
    narrow_arcs, narrow_unread = readable_arcs(vehicle.variants.narrow)
    wide_arcs, wide_unread = readable_arcs(vehicle.variants.wide)
    narrow = arc_cover(narrow_arcs, fixed_degrees, articulated_degrees)
    wide = arc_cover(wide_arcs, fixed_degrees, articulated_degrees)
    if narrow >= wide and not wide_unread:
        # at both sides' arcs, but a lone fixed arc cannot be narrower
        for side in SIDES if narrow > fixed_degrees else ("wide",):
            yield Violation(("variants", side, "arcs"), {
                "narrow": narrow, "wide": wide, "narrow_open": bool(narrow_unread)})
    elif narrow >= wide or narrow_unread:
        undecided(*narrow_unread, *wide_unread)


def arc_words(variant: Variant, key: str) -> tuple[list[str | None], list[Any]]:
    """Each arc's ``key`` (None where the arc or its value failed to read), and the values
    that failed (the side's whole arc list when that failed): a rule counting arcs reports
    a count those cannot change, and is skipped when they could."""
    if failed(variant.arcs):
        return [], [variant.arcs]
    values: list[Any] = [arc if failed(arc) else getattr(arc, key) for arc in variant.arcs]
    return [None if failed(v) else str(v) for v in values], [v for v in values if failed(v)]


def first_beyond(words: list[str | None], side: str, keep: int, key: str, value: str
                 ) -> tuple[str | int, ...]:
    """Where a finding about too many arcs points: the ``key`` of the first arc whose ``key``
    is ``value`` beyond the first ``keep`` of them, or the side's arc list if there is none."""
    matching = [i for i, word in enumerate(words) if word == value]
    if len(matching) > keep:
        return ("variants", side, "arcs", matching[keep], key)
    return ("variants", side, "arcs")


@RULES.check("OR-ARC-PRIMARY")
def one_primary_arc(vehicle: Vehicle) -> Iterator[Violation]:
    found, unread = [], []
    for side, variant in parsed_sides(vehicle):
        words, failed_words = arc_words(variant, "weapon")
        count = words.count("primary")
        if count > 1 or (count == 0 and not failed_words):
            found.append(Violation(first_beyond(words, side, 1, "weapon", "primary"),
                                   {"side": side, "count": count, "arcs": len(words)}))
        unread += failed_words
    yield from found
    if not found:
        undecided(*unread)


@RULES.check("OR-ARC-SECONDARY")
def few_secondary_arcs(vehicle: Vehicle, limit: int) -> Iterator[Violation]:
    found, unread = [], []
    for side, variant in parsed_sides(vehicle):
        words, failed_words = arc_words(variant, "weapon")
        count = words.count("secondary")
        if count > limit:
            found.append(Violation(first_beyond(words, side, limit, "weapon", "secondary"),
                                   {"side": side, "count": count}))
        unread += failed_words
    yield from found
    if not found:
        undecided(*unread)


ARC = {info.name: info.spec for info in declared_fields(Arc) if isinstance(info.spec, Choice)}


def arcs_schema(counted: str, option: str, least: int, most: int) -> list[dict[str, Any]]:
    """Each side's arcs hold from ``least`` to ``most`` arcs whose ``counted`` is ``option``
    (a side without arcs has none: at least one means the list is there)."""
    holds = [at(["variants", side, "arcs"], {
        "contains": has([counted], ARC[counted].spellings([option])),
        "minContains": least, "maxContains": most}) for side in SIDES]
    return holds + ([at(["variants", side], {"required": ["arcs"]}) for side in SIDES]
                    if least else [])


@RULES.editor_schema("OR-ARC-PRIMARY")
def one_primary_arc_schema() -> list[dict[str, Any]]:
    return arcs_schema("weapon", "primary", 1, 1)


@RULES.editor_schema("OR-ARC-SECONDARY")
def few_secondary_arcs_schema(limit: int) -> list[dict[str, Any]]:
    return arcs_schema("weapon", "secondary", 0, limit)


@RULES.check("OR-ARC-FIXED-FACING")
def fixed_arcs_face_ahead_or_behind(vehicle: Vehicle) -> Iterator[Violation]:
    for side, variant in parsed_sides(vehicle):
        for index, arc in enumerate(() if failed(variant.arcs) else variant.arcs):
            if failed(arc) or failed(arc.mount) or failed(arc.facing):
                continue
            if arc.mount == "fixed" and arc.facing not in ("front", "rear"):
                yield Violation(("variants", side, "arcs", index, "facing"),
                                {"side": side, "facing": arc.facing})


@RULES.editor_schema("OR-ARC-FIXED-FACING")
def fixed_arcs_face_ahead_or_behind_schema() -> list[dict[str, Any]]:
    return [at(["variants", side, "arcs", EVERY], when(
        has(["mount"], ARC["mount"].spellings(["fixed"])),
        at(["facing"], ARC["facing"].spellings(["front", "rear"])))) for side in SIDES]


@RULES.check("OR-CLASS-UNKNOWN")
def known_nickname(vehicle: Vehicle, context: OutriderData) -> Iterator[Violation]:
    if context.nickname_class(vehicle.nickname) is None:
        yield Violation(("nickname",), {
            "nickname": vehicle.nickname, "suggestion": context.suggest_class(vehicle.nickname),
            "known": ", ".join(c.name for c in context.classes)})


@RULES.check("OR-CLASS-EQUIPMENT")
def nickname_fits_its_dice(vehicle: Vehicle, context: OutriderData) -> Iterator[Violation]:
    """Each die that does not fit the build the book describes by the nickname; a die the
    book gives no meaning in its slot is OR-EQUIPMENT-STANDARD's, and not judged here."""
    named = context.nickname_class(vehicle.nickname)
    dice = readable_dice(vehicle)
    described = named.equipment if named else {}
    misfits = [(slot, held, sides) for slot, held in described.items()
               if (sides := dice[slot]) is not None and sides not in held.dice
               and known_die(context, slot, sides)]
    for slot, held, sides in misfits:
        yield Violation(("equipment", slot), {
            "nickname": named.name if named else "", "described": held.described,
            "slot": slot, "sides": sides, "class_name": context.meaning(slot, sides).label,
            "allowed": "a " + " or ".join(die_name(d) for d in held.dice)})
    if not misfits:  # a die that failed to read may be the one that does not fit
        undecided(*(getattr(vehicle.equipment, slot) for slot in described))


@RULES.check("OR-PRINT-ARCS")
def arcs_fit_their_edge(vehicle: Vehicle, limit: int) -> Iterator[Violation]:
    found, unread = [], []
    for side, variant in parsed_sides(vehicle):
        words, failed_words = arc_words(variant, "facing")
        for facing, count in Counter(w for w in words if w is not None).items():
            if count > limit and facing in FACINGS:
                found.append(Violation(first_beyond(words, side, limit, "facing", facing),
                                       {"side": side, "facing": facing, "count": count}))
        unread += failed_words
    yield from found
    if not found:
        undecided(*unread)


@RULES.editor_schema("OR-PRINT-ARCS")
def arcs_fit_their_edge_schema(limit: int) -> list[dict[str, Any]]:
    return [part for facing in FACINGS for part in arcs_schema("facing", facing, 0, limit)]
