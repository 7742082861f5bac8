"""Effects that can never act on the vehicle they are given to, and entries that contradict.

The catalogues say, as data, what each entry acts on (``acts_on``: Reins cards, the Speed
Check roll to accelerate, the Resilience...), what a trait takes away (``takes_away``: Tireless
leaves no roll to accelerate) and which entries exclude which (``excludes``). The checks here
read that data against the vehicle: a trait that spends a card type the vehicle does not carry,
a damage affect lowering a Resilience that is blank by then, a value an affect cannot take.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from generator.games.frothy_races.catalogues import (
    FrothyData,
    RefSite,
    reference_sites,
    resolve,
)
from generator.games.frothy_races.model import Vehicle
from generator.games.frothy_races.rules import FROTHY_DIE_VALUES, RULES, playable_as
from generator.input.catalogue import Entry, name_key
from generator.input.findings import Violation

__all__ = ["RULES"]


@dataclass(frozen=True)
class Placed:
    """A catalogue reference found in the vehicle, with its entry."""

    site: RefSite
    entry: Entry
    level: int | None = None

    @property
    def rolled(self) -> bool:
        """One of a 'Random' affect's choices: it applies only if the roll picks it."""
        return "choices" in self.site.path

    def listed(self, key: str) -> tuple[str, ...]:
        """An entry's list-valued data (``acts_on``, ``takes_away``, ``excludes``)."""
        value = self.entry.extra.get(key, ())
        return tuple(value) if isinstance(value, list | tuple) else (str(value),)


def placed(vehicle: Vehicle, context: FrothyData, catalogue: str) -> list[Placed]:
    """The catalogue entries ``vehicle`` names from ``catalogue`` (custom ones skipped)."""
    found = []
    for site in reference_sites(vehicle):
        if site.catalogue != catalogue or site.ref.custom:
            continue
        entry = context.catalogue(catalogue).find(site.ref.name)
        if entry is not None:
            level = site.path[2] if site.path[0] == "damage" else None
            found.append(Placed(site, entry, level if isinstance(level, int) else None))
    return found


def lost_traits(vehicle: Vehicle, context: FrothyData, picks: bool = True
                ) -> dict[str, int]:
    """The traits a 'Lose Named Trait' takes away (one a Random may pick too, unless not
    ``picks``: then only the losses certain to come), by the lowest Damage level it does so
    at, keyed by the guide's name."""
    lost: dict[str, int] = {}
    for item in placed(vehicle, context, "damage_affects"):
        trait = getattr(item.site.ref, "trait", None)
        if trait and "trait" in item.entry.params and item.level is not None and (
                picks or not item.rolled):
            found = context.traits.find(trait)
            key = name_key(found.name if found else trait)
            lost[key] = min(item.level, lost.get(key, item.level))
    return lost


def taken_away(vehicle: Vehicle, context: FrothyData, at: int | None = None
               ) -> dict[str, str]:
    """What the vehicle's traits take away, and the trait that does: for the whole race, or
    (``at``) still at that Damage level. A trait a damage affect loses gives back what it
    took once lost (Tireless lost, the roll to accelerate is made again)."""
    lost = lost_traits(vehicle, context)
    gone: dict[str, str] = {}
    for trait in placed(vehicle, context, "traits"):
        level = lost.get(name_key(trait.entry.name))
        if level is not None and (at is None or level <= at):
            continue
        for what in trait.listed("takes_away"):
            gone.setdefault(what, trait.entry.label)
    return gone


# The card an attack is started with, and the other type (Rules & Game-play > Attacks).
ATTACK_CARDS = {"vehicle_attack": ("reins", "whip"), "personal_attack": ("whip", "reins")}


def has(vehicle: Vehicle, context: FrothyData, need: str) -> bool:
    """Whether the vehicle carries what ``need`` names at the start of the race."""
    if need in ("whip_cards", "reins_cards"):
        return playable_as(vehicle, need.split("_")[0], context) > 0
    if need in ("whip_only_cards", "reins_only_cards"):  # a dual card already plays as both
        return playable_as(vehicle, need.split("_")[0], context) > vehicle.cards.dual
    if need == "single_cards":
        return playable_as(vehicle, "whip", context) + playable_as(
            vehicle, "reins", context) > 2 * vehicle.cards.dual
    if need == "resilience":
        return vehicle.damage.resilience is not None
    if need == "safe_speed":
        return 0 in vehicle.speed_table.control
    if need in ATTACK_CARDS:  # started with its own card type, or the other by a trait
        card, other = ATTACK_CARDS[need]
        return playable_as(vehicle, card, context) > 0 or (
            playable_as(vehicle, other, context) > 0 and any(
                trait.entry.extra.get("also_starts") == need
                for trait in placed(vehicle, context, "traits")))
    return True


def held_while_kept(vehicle: Vehicle, context: FrothyData, item: Placed,
                    lost: dict[str, int]) -> dict[str, str]:
    """What the vehicle's traits take away for as long as ``item`` is on the vehicle: for a
    trait a 'Lose Named Trait' takes at Damage level L, what is still taken at L - 1 (Lash
    lost at 2 never acts while a Tireless lost at 3 holds the roll until then); for anything
    kept all race, what is taken for the whole race (a lost Tireless gives the roll back)."""
    level = lost.get(name_key(item.entry.name)) if item.site.catalogue == "traits" else None
    return taken_away(vehicle, context) if level is None else \
        taken_away(vehicle, context, level - 1)


def lost_first(item: Placed, lost: dict[str, int], takers: Iterable[str]) -> str:
    """Why a trait never acts though what takes its need away is lost too: the takers hold
    it until their level, and the trait is lost by then ('' when no taker is lost)."""
    level = lost.get(name_key(item.entry.name)) if item.site.catalogue == "traits" else None
    keys = [name_key(taker) for taker in takers]
    if level is None or not keys or any(key not in lost for key in keys):
        return ""
    until = max(lost[key] for key in keys)
    return f" until Damage {until}, and '{item.entry.label}' is lost at Damage {level}"


@RULES.check("FR-TRAIT-NO-TARGET")
def traits_act_on_something(vehicle: Vehicle, context: FrothyData, lacks: object
                            ) -> Iterator[Violation]:
    del lacks  # the message's words, from the data
    lost = lost_traits(vehicle, context, picks=False)  # a trait surely lost, and when
    for catalogue, what in (("traits", "trait"), ("special_cards", "special card"),
                            ("stamina_affects", "stamina affect")):
        for item in placed(vehicle, context, catalogue):
            gone = held_while_kept(vehicle, context, item, lost)
            either = item.listed("acts_on_any")
            if either and all(need in gone for need in either):
                yield Violation(item.site.path, {
                    "what": what, "name": item.entry.name,
                    "need": "speed_check_roll" if len(either) > 1 else either[0],
                    "because": " and ".join(sorted({gone[n] for n in either})) + " take them away"
                               + lost_first(item, lost, (gone[n] for n in either))})
                continue
            for need in item.listed("acts_on"):
                if need in gone:
                    because = f"{gone[need]} takes it away{lost_first(item, lost, [gone[need]])}"
                elif not has(vehicle, context, need):
                    because = ""
                else:
                    continue
                yield Violation(item.site.path, {"what": what, "name": item.entry.name,
                                                 "need": need, "because": because})
                break


def wearing(vehicle: Vehicle, affects: list[Placed], pick: Placed | None = None
            ) -> Iterator[tuple[Placed, str, str]]:
    """(affect, need, why) for each damage affect that finds nothing left to act on, taken
    in Damage-level order: each '-# Resilience' uses up # points of Resilience (0 is the
    last before blank), each '-1 Safe Speed' one Safe Speed. A Random's ``pick`` is taken
    in with the affects certain to come."""
    resilience = vehicle.damage.resilience
    safe = sum(1 for dice in vehicle.speed_table.control if dice == 0)
    chosen = [a for a in affects if not a.rolled or a is pick]
    for item in sorted(chosen, key=lambda a: level_then_limit(a)[::2]):
        needs = item.listed("acts_on")
        if "resilience" in needs:
            if resilience is None or resilience < 0:
                yield item, "resilience", ("" if vehicle.damage.resilience is None else
                                           "earlier affects have lowered it")
            elif isinstance(item.site.ref.value, int):
                resilience -= item.site.ref.value
        if "safe_speed" in needs:
            if safe <= 0:
                yield item, "safe_speed", ("" if 0 not in vehicle.speed_table.control else
                                           "earlier affects have taken them")
            safe -= 1


def level_then_limit(item: Placed) -> tuple[int, int, bool]:
    """Damage-level order; two limits of one kind at the same level ('Maximum Speed 5' and
    'Maximum Speed 4' at once) lowest first, so the one that never binds is the higher,
    whichever order the file lists them in; a Random's pick after the affects certain to
    come at its level."""
    value = item.site.ref.value
    limit = value if item.entry.extra.get("caps") and isinstance(value, int) else 0
    return (item.level if item.level is not None else 0, limit, item.rolled)


def repeated(affects: list[Placed], context: FrothyData, pick: Placed | None = None
             ) -> Iterator[tuple[Placed, str, str]]:
    """(affect, need, why) for each damage affect an earlier one has already made idle,
    in Damage-level order: a second copy of an affect that holds once (``once``: Haste, or
    losing the same trait), or a new limit (``caps``: Maximum Speed) no lower than an
    earlier one of the same affect. A Random's ``pick`` is taken in with the affects
    certain to come."""
    seen: dict[tuple[str, str], Placed] = {}
    chosen = sorted((a for a in affects if not a.rolled or a is pick), key=level_then_limit)
    for item in chosen:
        trait = getattr(item.site.ref, "trait", None) or ""
        if "trait" in item.entry.params and not trait:
            continue  # FR-AFFECT-PARAM asks for the trait first
        found = context.traits.find(trait) if trait else None
        key = (item.entry.name, name_key(found.name if found else trait))
        earlier = seen.get(key)
        value = item.site.ref.value
        before = earlier and resolve(earlier.site.ref, context.damage_affects).label
        if earlier is not None and item.entry.extra.get("once"):
            yield item, "repeat", f"{before} at level {earlier.level}"
        elif earlier is not None and item.entry.extra.get("caps") and isinstance(
                value, int) and isinstance(earlier.site.ref.value, int) and \
                value >= earlier.site.ref.value:
            yield item, "cap", f"{before} at level {earlier.level}"
            continue  # the lower, earlier limit stands
        seen[key] = item


def random_picks(affects: list[Placed]) -> list[Placed]:
    """The picks of each 'Random' (choices given to another affect are ignored, and
    FR-AFFECT-PARAM-UNEXPECTED says so)."""
    randoms = {a.site.path for a in affects if a.entry.name == "Random" and not a.rolled}
    return [a for a in affects if a.rolled and a.site.path[:4] in randoms]


def idle_picks(vehicle: Vehicle, affects: list[Placed], context: FrothyData
               ) -> Iterator[tuple[Placed, str, str]]:
    """(pick, need, why) for each Random's pick that the affects certain to come at its
    level or before leave nothing to do: a Haste already in force, a limit no lower than
    one already holding, a Resilience already blank, no Safe Speed left. Were it rolled it
    would change nothing, as a pick nothing on the vehicle can take (FR-DMG-NO-TARGET)."""
    for pick in random_picks(affects):
        if pick.level is None:
            continue
        before = [a for a in affects if a is pick or not a.rolled and a.level is not None
                  and a.level <= pick.level]
        for item, need, because in (*wearing(vehicle, before, pick),
                                    *repeated(before, context, pick)):
            if item is pick and has(vehicle, context, need):  # else reported as never had
                yield item, need, because


@RULES.check("FR-DMG-NO-TARGET")
def affects_act_on_something(vehicle: Vehicle, context: FrothyData, lacks: object
                             ) -> Iterator[Violation]:
    del lacks  # the message's words, from the data
    affects = placed(vehicle, context, "damage_affects")
    for item, need, because in (*wearing(vehicle, affects), *repeated(affects, context),
                                *idle_picks(vehicle, affects, context)):
        yield Violation(item.site.path, {"name": item.entry.name, "need": need,
                                         "because": because})
    gone = taken_away(vehicle, context)  # an affect lasts: a trait lost later frees it
    for item in affects:
        for need in item.listed("acts_on"):
            if need in gone:
                yield Violation(item.site.path, {"name": item.entry.name, "need": need,
                                                 "because": f"its trait {gone[need]} "
                                                            "takes it away"})
            elif item.rolled and not has(vehicle, context, need):
                # a pick is checked against what the vehicle starts with: a roll may come
                # at any level, but a pick nothing on the vehicle can take never acts
                yield Violation(item.site.path, {
                    "name": item.entry.name, "need": need,
                    "because": "a Random's pick; the vehicle starts without it"})


def highest(value: int | str | None) -> int:
    """The most a '#' can come to: the number, or a roll ('2d3') with every die at its top."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and "d" in value:
        count, sides = value.split("d")
        return int(count or 1) * int(sides)
    return 0


def most_boxes(vehicle: Vehicle, context: FrothyData, roll: str) -> int | None:
    """The most boxes one Speed Check can move the marker in the direction of ``roll``
    (accelerate_roll or decelerate_roll), or None when a custom entry might change it.
    Two kept dice make at most 6 (Rules & Game-play > Speed Check); entries that add to the
    roll (``adds_to``: Hyperactive, the Lash card, a positive modifier) raise that, and one
    that moves the marker without it (``moves_instead``: Tireless, or Reckless turning a
    Speed Check to decelerate into acceleration) may move up to its '#'. A roll a trait
    takes away for the whole race (Tireless never lost) moves nothing itself."""
    sites = [site for site in reference_sites(vehicle) if site.catalogue != "stamina_affects"]
    if any(site.ref.custom for site in sites):
        return None
    rolled = 0 if roll in taken_away(vehicle, context) else 2 * max(FROTHY_DIE_VALUES)
    others = [0]
    for catalogue in ("traits", "special_cards", "damage_affects"):
        for item in placed(vehicle, context, catalogue):
            value = highest(item.site.ref.value) * getattr(item.site.ref, "count", 1)
            if roll in item.listed("adds_to"):
                rolled += max(value, 0)
            if roll in item.listed("moves_instead"):
                others.append(value)
    return max(rolled, *others)


def value_range(vehicle: Vehicle, context: FrothyData, entry: Entry) -> tuple[int, int]:
    """The values an affect's '#' can act with: its ``possible`` range, below the boxes of
    its ``below_row``, and below the most a Speed Check can move (``limits``)."""
    possible = entry.extra.get("possible")
    low, high = (int(n) for n in possible) if possible else (0, 10**6)
    row = entry.extra.get("below_row")
    if row:
        high = min(high, sum(getattr(vehicle.speed_table, str(row))) - 1)
    roll = entry.extra.get("limits")
    most = most_boxes(vehicle, context, str(roll)) if roll else None
    if most is not None:
        high = min(high, most - 1)
    return low, high


def taken_above(items: list[Placed], item: Placed) -> int:
    """What the stamina affects of ``item``'s kind that add up (``adds_up``: '-# Speed')
    take before it: at a Stamina Check every level at or above the Stamina applies, and
    the same affect more than once cumulatively, so the levels above it (and those listed
    before it at its own level) come first. A Random's pick is left out, and so is a value
    past the entry's ``possible`` range, reported for itself."""
    if not item.entry.extra.get("adds_up") or item.rolled:
        return 0
    low, high = (int(n) for n in item.entry.extra.get("possible", (0, 10**6)))
    same = [other for other in items if other.entry.name == item.entry.name
            and not other.rolled and isinstance(other.site.ref.value, int)
            and low <= other.site.ref.value <= high]
    same.sort(key=lambda other: (-int(other.site.path[2]), int(other.site.path[3])))
    index = same.index(item) if item in same else 0
    return sum(int(other.site.ref.value or 0) for other in same[:index])


def typical_range(vehicle: Vehicle, context: FrothyData, entry: Entry) -> tuple[int, int]:
    """The guide's typical values for an entry's '#', no higher than the values it can act
    with on this vehicle (FR-DMG-VALUE-IMPOSSIBLE), so FR-HASH-RANGE's hint never offers one
    that error refuses: '# Maximum Acceleration 6' never limits two Speed dice (6 at most),
    but does once Hyperactive 1 lets a roll make 7."""
    low, high = entry.typical
    if "possible" in entry.extra or "below_row" in entry.extra:
        acting = value_range(vehicle, context, entry)[1]
        if acting >= low:  # else nothing typical can act: that error says so alone
            high = min(high, acting)
    return low, high


@RULES.check("FR-HASH-RANGE")
def hash_value_typical(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    for site in reference_sites(vehicle):
        entry = None if site.ref.custom else context.catalogue(site.catalogue).find(site.ref.name)
        value = site.ref.value
        if entry is None or not entry.takes_value or not isinstance(value, int):
            continue
        low, high = typical_range(vehicle, context, entry)
        if not low <= value <= high:
            yield Violation((*site.path, "value"), {
                "what": site.what, "name": entry.name, "value": value, "low": low,
                "high": high})


@RULES.check("FR-DMG-VALUE-IMPOSSIBLE")
def affect_values_possible(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    for catalogue in ("damage_affects", "stamina_affects"):
        items = placed(vehicle, context, catalogue)
        for item in items:
            value = item.site.ref.value
            extra = item.entry.extra
            if not isinstance(value, int) or not ("possible" in extra or "below_row" in extra):
                continue
            low, high = value_range(vehicle, context, item.entry)
            above = taken_above(items, item)
            if above and above >= high:  # all taken above it: this one never acts
                above, high = high, low - 1
            if not low <= value <= high:
                yield Violation((*item.site.path, "value"), {
                    "what": item.site.what, "name": item.entry.name, "value": value,
                    "low": low, "high": high, "above": above})


def conflicts(items: list[Placed]) -> Iterator[tuple[Placed, Placed]]:
    """(later, earlier) for each pair of entries where one excludes the other."""
    for index, item in enumerate(items):
        excluded = {name_key(name) for name in item.listed("excludes")}
        for earlier in items[:index]:
            if name_key(earlier.entry.name) in excluded or name_key(item.entry.name) in {
                    name_key(n) for n in earlier.listed("excludes")}:
                yield item, earlier


def cancel(item: Placed, other: Placed) -> bool:
    """Whether two entries undo each other exactly (``cancels``: Cautious 1 takes off what
    Hyperactive 1 adds; a +1 and a -1 Speed Check modifier): so neither changes anything.
    Signed modifiers cancel at opposite values, the other pairs at equal ones; a roll is
    made afresh each time, so two rolls never cancel for certain."""
    if name_key(other.entry.name) not in {name_key(n) for n in item.listed("cancels")}:
        return False
    mine, theirs = item.site.ref.value, other.site.ref.value
    if not isinstance(mine, int) or not isinstance(theirs, int) or not mine:
        return False
    signed = item.entry.extra.get("signed") and other.entry.extra.get("signed")
    return mine == -theirs if signed else mine == theirs


def cancelling(items: list[Placed]) -> Iterator[tuple[Placed, Placed]]:
    """(later, earlier) for each pair of entries that cancel each other exactly."""
    for index, item in enumerate(items):
        for earlier in items[:index]:
            if cancel(item, earlier):
                yield item, earlier


def freed(item: Placed, other: Placed, lost: dict[str, int], sure: dict[str, int]) -> bool:
    """Whether a damage affect ends the contradiction: the trait that leaves the other idle
    (``idles``: Whitey, no Jump for Leap to lengthen) is lost, so the other acts from then
    on, as a trait a lost Tireless gave its roll back to does (FR-TRAIT-NO-TARGET), unless
    the idle one is surely lost (``sure``: not a Random's pick) by then."""
    def frees(holder: Placed, idle: Placed) -> bool:
        gone, waiting = name_key(holder.entry.name), name_key(idle.entry.name)
        return gone in lost and waiting in {name_key(n) for n in holder.listed("idles")} \
            and lost[gone] < sure.get(waiting, lost[gone] + 1)  # the idle one outlasts it
    return frees(item, other) or frees(other, item)


def parted(item: Placed, other: Placed, lost: dict[str, int]) -> bool:
    """Whether a damage affect loses one of two cancelling traits before (or without) the
    other: from then on the one left acts (Hyperactive 1 held by Cautious 1 until Cautious is
    lost), so the pair no longer changes nothing together."""
    return lost.get(name_key(item.entry.name)) != lost.get(name_key(other.entry.name))


@RULES.check("FR-TRAIT-CONFLICT")
def traits_agree(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    traits = placed(vehicle, context, "traits")
    lost, sure = lost_traits(vehicle, context), lost_traits(vehicle, context, picks=False)
    for item, other in conflicts(traits):
        if not freed(item, other, lost, sure):
            yield Violation(item.site.path, {"name": item.entry.name, "other": other.entry.name,
                                             "value": None, "other_value": None})
    for item, other in cancelling(traits):
        if parted(item, other, lost):
            continue
        yield Violation(item.site.path, {
            "name": item.entry.name, "other": other.entry.name,
            "value": item.site.ref.value, "other_value": other.site.ref.value})


@RULES.check("FR-DMG-CONFLICT")
def affects_agree(vehicle: Vehicle, context: FrothyData) -> Iterator[Violation]:
    everything = placed(vehicle, context, "damage_affects")
    affects = [a for a in everything if not a.rolled]
    picks = [(pick, other) for pick in random_picks(everything) for other in affects]
    for item, other in (*conflicts(affects), *((pick, other) for pick, other in picks
                                               if any(conflicts([other, pick])))):
        yield Violation(item.site.path, {"name": item.entry.name, "other": other.entry.name,
                                         "other_level": other.level, "value": None,
                                         "other_value": None})
    for level in sorted({a.level for a in affects if a.level is not None}):
        at_level = [a for a in affects if a.level == level]
        pairs = list(cancelling(at_level))
        for item, other in pairs or summed_to_nothing(at_level):
            yield Violation(item.site.path, {
                "name": item.entry.name, "other": other.entry.name, "other_level": level,
                "value": item.site.ref.value, "other_value": other.site.ref.value})


def summed_to_nothing(items: list[Placed]) -> Iterator[tuple[Placed, Placed]]:
    """(last, first) for three or more signed modifiers of one kind at one level that add up
    to 0 (+2, -1, -1): together they change nothing, though no two of them cancel alone."""
    for name in {item.entry.name for item in items if item.entry.extra.get("signed") and
                 name_key(item.entry.name) in {name_key(n) for n in item.listed("cancels")}}:
        group = [item for item in items if item.entry.name == name]
        values = [item.site.ref.value for item in group]
        if len(group) > 2 and all(isinstance(v, int) for v in values) and sum(
                v for v in values if isinstance(v, int)) == 0:
            yield group[-1], group[0]
