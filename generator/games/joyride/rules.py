"""Checks for the Joyride car rules (``rules.yaml``) and item rules (``item_rules.yaml``).

Each check receives the model, its rule's ``params`` and (when it asks) the catalogues, and
yields a Violation per problem: the key path of the offending value and the numbers its
message needs. Dashboards are checked element by element, so one slip is one finding.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.games.joyride.catalogues import JoyrideData
from generator.games.joyride.model import (
    STEPS,
    TIMING,
    Ability,
    AbilityFace,
    Car,
    Dashboard,
    Gear,
    Item,
    steps_text,
)
from generator.games.joyride.standard import (
    resolve,
    standard_abilities,
    standard_items,
    suggest_ability,
)
from generator.input.editor_schema import EVERY, at, has, same_letters, when
from generator.input.findings import RuleBook, Violation
from generator.input.schema import Bool, Choice, Nullable, Spec, declared_fields
from generator.paper.dice import DICE_DATA, load_dice_set

HERE = Path(__file__).parent
RULES: RuleBook[Car] = RuleBook(HERE / "rules.yaml")
ITEM_RULES: RuleBook[Item] = RuleBook(HERE / "item_rules.yaml")

DICE_FILE = DICE_DATA / "joyride.yaml"


def spec_of(model: type, name: str) -> Any:
    """The value spec of a model's field, whose spellings a rule's editor schema names."""
    spec: Spec = next(info.spec for info in declared_fields(model) if info.name == name)
    return spec


def as_choice(spec: Spec) -> Choice:
    """A spec that is a choice of words (whose spellings a schema names)."""
    assert isinstance(spec, Choice)
    return spec


SLOT = as_choice(spec_of(Dashboard, "locked_slots").item)
STEP = as_choice(TIMING.item)
DAMAGE = has(["damage"], Bool().spellings(True))


def gear_at(number: int, body: dict[str, Any]) -> dict[str, Any]:
    """Gear ``number`` (1 first) of the dashboard fits ``body``, when there is one."""
    return at(["dashboard", "gears"], {"prefixItems": [{}] * (number - 1) + [body]})


def steps_once_each() -> dict[str, Any]:
    """A timing list that lights no step twice (in any of the spellings of a step)."""
    return {"allOf": [{"contains": STEP.spellings([step]), "minContains": 0, "maxContains": 1}
                      for step in STEPS]}


@RULES.check("JR-DASH-ELEMENTS")
def four_elements(car: Car, counts: Mapping[str, int], labels: Mapping[str, str]
                  ) -> Iterator[Violation]:
    dashboard = car.dashboard
    for element, wanted in counts.items():
        found = len(getattr(dashboard, element))
        if found != wanted:  # too many: at the first past the limit, as the hint removes it
            where = ("dashboard", element, *((wanted,) if found > wanted else ()))
            yield Violation(where, {"element": element, "count": found})
    if not dashboard.mirror:
        yield Violation(("dashboard", "mirror"), {"element": "mirror", "count": 0})


@RULES.editor_schema("JR-DASH-ELEMENTS")
def four_elements_schema(counts: Mapping[str, int], labels: Mapping[str, str]
                         ) -> list[dict[str, Any]]:
    return [*(has(["dashboard", element], {"minItems": wanted, "maxItems": wanted})
              for element, wanted in counts.items()),
            at(["dashboard", "mirror"], Bool().spellings(True))]


@RULES.check("JR-DASH-MARKERS")
def markers_on_their_gears(car: Car, gears: Mapping[str, int]) -> Iterator[Violation]:
    column = car.dashboard.gears
    # Listed top first, as the dashboard draws the column: every marker one reversal away.
    upside_down = len(column) > 1 and all(
        [i + 1 for i, gear in enumerate(column[::-1]) if gear.marker == marker] == [home]
        for marker, home in gears.items())
    for marker, home in gears.items():
        carrying = [i + 1 for i, gear in enumerate(column) if gear.marker == marker]
        for found in carrying:
            if found != home:
                yield Violation(("dashboard", "gears", found - 1, "marker"),
                                {"marker": marker, "found": found, "elsewhere": [],
                                 "upside_down": upside_down})
        if home not in carrying and home <= len(column):  # a short column: JR-DASH-ELEMENTS
            yield Violation(("dashboard", "gears", home - 1),
                            {"marker": marker, "found": None, "elsewhere": carrying,
                             "upside_down": upside_down})


@RULES.editor_schema("JR-DASH-MARKERS")
def markers_on_their_gears_schema(gears: Mapping[str, int]) -> list[dict[str, Any]]:
    # The marker's home gear carries it and no other gear does; a column too short to
    # reach its home is JR-DASH-ELEMENTS's to report.
    marker = spec_of(Gear, "marker")
    assert isinstance(marker, Nullable) and isinstance(marker.inner, Choice)
    parts = []
    for name, home in gears.items():
        carries = has(["marker"], marker.inner.spellings([name]))
        parts += [has(["dashboard", "gears"], {"contains": carries, "minContains": 0,
                                               "maxContains": 1}),
                  gear_at(home, carries)]
    return parts


@RULES.check("JR-DAMAGE-SLOTS")
def damage_slots_where_the_rulebook_puts_them(car: Car, gears: Sequence[int], locked: int,
                                              total: int) -> Iterator[Violation]:
    """Each of ``gears`` and each item slot a damage slot, ``locked`` locked slots at least
    (more is JR-DAMAGE-PROTECTED's); ``total`` is for the hint."""
    dashboard = car.dashboard
    for number in gears:
        if number <= len(dashboard.gears) and not dashboard.gears[number - 1].damage:
            # at damage: false, or at the gear when it leaves damage out
            yield Violation(("dashboard", "gears", number - 1, "damage"),
                            {"place": "gear", "number": number})
    slots = dashboard.locked_slots
    damaged_locks = slots.count("damage")
    if damaged_locks < locked and slots:
        # at the first plain slot past the ones the count leaves plain, else the list
        plain = [i for i, kind in enumerate(slots) if kind != "damage"]
        spare = max(len(slots) - locked, 0)
        past = (plain[spare],) if spare and len(plain) > spare else ()
        where = ("dashboard", "locked_slots", *past)
        yield Violation(where, {"place": "locked", "number": damaged_locks})
    for index, kind in enumerate(dashboard.item_slots):
        if kind != "damage":
            yield Violation(("dashboard", "item_slots", index),
                            {"place": "item", "number": index + 1})


@RULES.editor_schema("JR-DAMAGE-SLOTS")
def damage_slots_schema(gears: Sequence[int], locked: int, total: int
                        ) -> list[dict[str, Any]]:
    return [*(gear_at(number, DAMAGE) for number in gears),
            at(["dashboard", "locked_slots"], when(
                {"minItems": 1},
                {"contains": SLOT.spellings(["damage"]), "minContains": locked})),
            at(["dashboard", "item_slots", EVERY], SLOT.spellings(["damage"]))]


@RULES.check("JR-DAMAGE-PROTECTED")
def protected_slots_stay_clear(car: Car, gears: Sequence[int], locked_free: int
                               ) -> Iterator[Violation]:
    dashboard = car.dashboard
    for number in gears:
        if number <= len(dashboard.gears) and dashboard.gears[number - 1].damage:
            yield Violation(("dashboard", "gears", number - 1, "damage"),
                            {"place": "gear", "number": number})
    slots = dashboard.locked_slots
    if slots and slots.count("plain") < locked_free:
        yield Violation(("dashboard", "locked_slots"), {"place": "locked", "count": len(slots)})


@RULES.editor_schema("JR-DAMAGE-PROTECTED")
def protected_slots_schema(gears: Sequence[int], locked_free: int) -> list[dict[str, Any]]:
    return [*(gear_at(number, {"not": DAMAGE}) for number in gears),
            at(["dashboard", "locked_slots"], when(
                {"minItems": 1},
                {"contains": SLOT.spellings(["plain"]), "minContains": locked_free}))]


@RULES.check("JR-ABILITY-SET")
def three_abilities(car: Car, count: int) -> Iterator[Violation]:
    if len(car.abilities) != count:  # too many: at the first ability past the set
        where = ("abilities", *((count,) if len(car.abilities) > count else ()))
        yield Violation(where, {"found": len(car.abilities)})


@RULES.editor_schema("JR-ABILITY-SET")
def three_abilities_schema(count: int) -> list[dict[str, Any]]:
    return [has(["abilities"], {"minItems": count, "maxItems": count})]


def described(car: Car) -> Iterator[tuple[tuple[str | int, ...], AbilityFace]]:
    """(key path, face) for every ability face the car file itself describes."""
    for index, ref in enumerate(car.abilities):
        if isinstance(ref, Ability):
            yield ("abilities", index), ref
            if ref.other_side is not None:
                yield ("abilities", index, "other_side"), ref.other_side


@RULES.check("JR-ABILITY-TIMING")
def lights_from_the_five_steps(car: Car) -> Iterator[Violation]:
    for path, face in described(car):
        repeated = sorted(step for step, n in Counter(face.timing).items() if n > 1)
        if not face.timing or repeated:
            yield Violation((*path, "timing"), {"name": face.name, "timing": face.timing,
                                                "repeated": [s.upper() for s in repeated]})


@RULES.editor_schema("JR-ABILITY-TIMING")
def lights_schema() -> list[dict[str, Any]]:
    lit = {"minItems": 1, **steps_once_each()}
    return [at(["abilities", EVERY, "timing"], lit),
            at(["abilities", EVERY, "other_side", "timing"], lit)]


@RULES.check("JR-ABILITY-UNKNOWN")
def named_abilities_are_standard(car: Car) -> Iterator[Violation]:
    known = ", ".join(a.name for a in standard_abilities())
    for index, ref in enumerate(car.abilities):
        if isinstance(ref, str) and resolve(ref) is None:
            yield Violation(("abilities", index), {
                "name": ref, "suggestion": suggest_ability(ref), "known": known})


@RULES.check("JR-ABILITY-MIX")
def unique_set_is_its_own(car: Car) -> Iterator[Violation]:
    """Every face of the set, a toggleable token's other side too: a standard ability named
    on either side of a unique token mixes the sets."""
    standard = {_standard_key(a.name): a.name for a in standard_abilities()}
    for path, name in set_names(car):
        if _standard_key(name) in standard:
            yield Violation(path, {"name": standard[_standard_key(name)]})


def set_names(car: Car) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """(key path of the name, name) for every ability face of the unique set: a bare name
    where it is written, a described face's ``name`` value, a toggleable token's back too."""
    for index, ref in enumerate(car.abilities):
        if isinstance(ref, str):
            named = resolve(ref)
            if named is not None:
                yield ("abilities", index), named.name
            continue
        for path, face in ((("abilities", index), ref),
                           (("abilities", index, "other_side"), ref.other_side)):
            if face is not None:
                yield (*path, "name"), face.name


def _alnum(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def _standard_key(name: str) -> str:
    """A name as it is compared with a standard one: its letters and digits, and a plural
    read as its singular ('Rockets' is the Rocket, 'Handbrake Turns' the Handbrake Turn)."""
    key = _alnum(name)
    return key[:-1] if len(key) > 1 and key.endswith("s") else key


@RULES.check("JR-ABILITY-TOGGLE")
def toggleable_tokens_have_two_sides(car: Car) -> Iterator[Violation]:
    for index, ref in enumerate(car.abilities):
        if not isinstance(ref, Ability):
            continue
        if ref.mode == "toggleable" and ref.other_side is None:
            yield Violation(("abilities", index, "mode"), {"name": ref.name, "mode": ref.mode})
        elif ref.mode != "toggleable" and ref.other_side is not None:
            yield Violation(("abilities", index, "other_side"),
                            {"name": ref.name, "mode": ref.mode})


@RULES.editor_schema("JR-ABILITY-TOGGLE")
def toggleable_schema() -> list[dict[str, Any]]:
    mode, other = spec_of(Ability, "mode"), spec_of(Ability, "other_side")
    assert isinstance(mode, Choice) and isinstance(other, Nullable)
    return [at(["abilities", EVERY], {
        "if": {"type": "object", **has(["mode"], mode.spellings(["toggleable"]))},
        "then": has(["other_side"], {"not": other.blank_schema()}),
        "else": at(["other_side"], other.blank_schema())})]


@RULES.check("JR-ABILITY-NAMES")
def one_name_per_token(car: Car) -> Iterator[Violation]:
    """No two faces of the set share a name: two tokens, or a toggleable token's two sides,
    or one token's back and another token."""
    seen: set[str] = set()
    for path, name in set_names(car):
        key = _alnum(name)
        if key in seen:
            yield Violation(path, {"name": name})
        seen.add(key)


@RULES.check("JR-ABILITY-MEASURE-STEP")
def measured_effects_can_act(car: Car, context: JoyrideData) -> Iterator[Violation]:
    for path, face in described(car):
        for number, measured in enumerate(face.balance):
            steps = context.effects[measured.effect].steps
            if face.timing and not set(steps) & set(face.timing):
                yield Violation((*path, "balance", number), {
                    "name": face.name, "effect": measured.effect, "steps": list(steps),
                    "timing": list(context.in_turn_order(face.timing))})


def amounts_past(car: Car, most: Mapping[str, int], why: Mapping[str, str]
                 ) -> Iterator[Violation]:
    """Each measured amount of an effect in ``most`` past its limit: the balance profile
    would count a gain the turn never has room for."""
    for path, face in described(car):
        for number, measured in enumerate(face.balance):
            limit = most.get(measured.effect)
            if limit is not None and measured.amount > limit:
                yield Violation((*path, "balance", number, "amount"), {
                    "name": face.name, "effect": measured.effect,
                    "amount": measured.amount, "reason": why[measured.effect]})


@RULES.check("JR-ABILITY-MEASURE-GEARS")
def measured_shifts_stay_in_the_gears(car: Car, most: Mapping[str, int],
                                      why: Mapping[str, str]) -> Iterator[Violation]:
    return amounts_past(car, most, why)


@RULES.check("JR-ABILITY-MEASURE-STEERS")
def measured_steers_fit_two_moves(car: Car, most: Mapping[str, int], counted: Mapping[str, str],
                                  why: Mapping[str, str]) -> Iterator[Violation]:
    return amounts_past(car, most, why)


@lru_cache(maxsize=1)
def driver_dice_colours(faces: tuple[int, ...]) -> tuple[str, ...]:
    """The colours the sticker sheet prints Joyride driver dice in (the dice whose faces are
    the driver die's), so a car's colour can be matched to a set of dice."""
    dice = load_dice_set(DICE_FILE)
    return tuple(colour for die in dice.dice
                 if tuple(face.value for face in die.faces) == faces
                 for colour in die.backgrounds)


@RULES.check("JR-DICE-COLOUR")
def dice_match_the_car(car: Car, context: JoyrideData) -> Iterator[Violation]:
    colours = driver_dice_colours(context.driver_die)
    if colours and car.colour not in colours:
        yield Violation(("colour",), {"colour": car.colour, "colours": list(colours)})


# --- items ----------------------------------------------------------------------------------


@ITEM_RULES.check("JR-ITEM-TIMING")
def items_are_used_when_their_type_says(item: Item, context: JoyrideData
                                        ) -> Iterator[Violation]:
    fixed = context.item_types[item.type].timing
    timing = item.timing or ()
    repeated = sorted(step for step, n in Counter(timing).items() if n > 1)
    values = {"name": item.name, "type": item.type, "timing": list(timing),
              "fixed": list(fixed or ()), "repeated": repeated,
              "extra": [s for s in timing if s not in (fixed or ())],
              "missing": [s for s in fixed or () if s not in timing]}
    if repeated:
        yield Violation(("timing",), {**values, "problem": "repeated"})
    elif fixed is None and not timing:  # at the empty list, or at the type without one
        yield Violation(("type",) if item.timing is None else ("timing",),
                        {**values, "problem": "missing"})
    elif fixed is not None and timing and set(timing) != set(fixed):
        yield Violation(("timing",), {**values, "problem": "fixed"})


@ITEM_RULES.editor_schema("JR-ITEM-TIMING")
def item_timing_schema(context: JoyrideData) -> list[dict[str, Any]]:
    kind = spec_of(Item, "type")
    assert isinstance(kind, Choice)
    parts = [at(["timing"], steps_once_each())]
    for name, item_type in context.item_types.items():
        fixed = item_type.timing
        parts.append(when(has(["type"], kind.spellings([name])), has(["timing"], {
            "minItems": 1}) if fixed is None else at(["timing"], {"anyOf": [
                {"type": "array", "maxItems": 0},
                {"type": "array", "items": STEP.spellings(fixed),
                 "allOf": [{"contains": STEP.spellings([step])} for step in fixed]},
                steps_text(fixed)]})))
    return parts


@ITEM_RULES.check("JR-ITEM-STANDARD-NAME")
def custom_items_have_names_of_their_own(item: Item, also_called: Mapping[str, str]
                                         ) -> Iterator[Violation]:
    names = [i.name for i in standard_items()]
    own = {_standard_key(name): name for name in names}
    aliases = {_standard_key(other): name for other, name in also_called.items()}
    key = _standard_key(item.name)
    standard = own.get(key) or aliases.get(key)
    if standard is not None:
        yield Violation(("name",), {"name": item.name.strip(), "standard": standard,
                                    "alias": key not in own, "names": names,
                                    "plural": key != _alnum(item.name)})


@ITEM_RULES.editor_schema("JR-ITEM-STANDARD-NAME")
def standard_name_schema(also_called: Mapping[str, str]) -> list[dict[str, Any]]:
    taken = [*(i.name for i in standard_items()), *also_called]
    return [at(["name"], {"not": {"type": "string", "pattern": same_letters(taken, plural=True)}})]
