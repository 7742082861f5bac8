"""A Frothy Races vehicle made ready for racing: plain ints and tuples the engine reads fast.

The Driving Licence (``generator.games.frothy_races.model.Vehicle``) is resolved once per
race into a :class:`RaceVehicle`: move rows, Control dice, the Speed table's boxes (the
marker arithmetic of ``generator.probability.frothy_speed_table.SpeedTable``), damage and
stamina affects by level, the deck, and the traits the engine simulates as numbers. Whatever
the licence names that ``simulated.yaml`` does not list is returned by name, for the race
result.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from generator.games.frothy_races.catalogues import frothy_data, param, special_face
from generator.games.frothy_races.model import AffectRef, Vehicle
from generator.input.catalogue import Catalogue
from generator.keep.data_yaml import read_data
from generator.keep.memo import ContentMemo
from generator.probability.frothy_speed_table import Marker, Row, SpeedTable

SIMULATED = Path(__file__).with_name("simulated.yaml")


@lru_cache(maxsize=1)
def simulated_names() -> dict[str, frozenset[str]]:
    """Catalogue name -> the canonical names of entries the engine simulates."""
    raw = read_data(SIMULATED)
    data = frothy_data()
    out: dict[str, frozenset[str]] = {}
    for key in ("traits", "damage_affects", "stamina_affects", "special_cards"):
        catalogue = data.catalogue(key)
        out[key] = frozenset(_canonical(catalogue, name) for name in raw.get(key) or ())
    return out


@lru_cache(maxsize=1)
def rules_not_simulated() -> tuple[str, ...]:
    """The rulebook's optional and alternative rules the engine does not play, by name."""
    raw = read_data(SIMULATED)
    return tuple(str(name) for name in raw.get("rules_not_simulated") or ())


def _canonical(catalogue: Catalogue, name: str) -> str:
    entry = catalogue.find(name)
    return entry.name if entry is not None else name


def _value(value: int | str | None, default: int = 1) -> int:
    """A '#' value as a number; a roll such as 'd3' counts as its average, rounded up."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and "d" in value:
        count, sides = value.split("d")
        return -(-int(count or 1) * (int(sides) + 1) // 2)
    return default


def _rolled(what: str, value: int | str | None, missing: list[str]) -> None:
    """A '#' given as a roll is to be rolled each time it is needed (Vehicle Creation
    Guide); the engine races it as its average, and says so by name."""
    if isinstance(value, str) and "d" in value:
        missing.append(f"{what} {value} rolled each time it is needed "
                       f"(raced as {_value(value)})")


@dataclass(frozen=True)
class Affect:
    """One damage or stamina affect: canonical name and its number."""

    name: str
    value: int
    card: str | None = None  # for '-1 Whip / Reins card': whip, reins or either
    choices: tuple[Affect, ...] = ()  # for 'Random': the affects a roll picks between
    trait: str | None = None  # for 'Lose Named Trait': the trait lost (catalogue name)


@dataclass(frozen=True)
class Special:
    """One copy of a special card: its ordinary face and, when simulated, its ability."""

    name: str
    value: int
    face: str  # whip, reins or dual (a card whose ability is 'either' with no face given)
    discard: bool
    simulated: bool


@dataclass(frozen=True)
class RaceVehicle:
    """Everything the engine reads about one vehicle, resolved once."""

    name: str
    moves: tuple[tuple[int, ...], ...]  # phase (0-3) -> Speed -> spaces
    control: tuple[int, ...]  # Speed -> basic Control dice (0 = Safe)
    stamina_row: tuple[int, ...]
    table: SpeedTable
    resilience: int | None
    max_damage: int
    damage_affects: tuple[tuple[int, Affect], ...]  # (level, affect), level ascending
    stamina_max: int
    stamina_min: int
    stamina_affects: tuple[tuple[int, Affect], ...]
    control_minimum: int
    whip: int
    reins: int
    dual: int
    specials: tuple[Special, ...]  # one per copy, in licence order
    traits: tuple[tuple[str, int], ...]  # simulated traits: canonical name, value
    not_simulated: tuple[str, ...]
    # Derived in __post_init__ (see there), left out of comparisons and the constructor.
    card_slots: dict[str, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    phase_moves: tuple[tuple[tuple[int, int, int], ...], ...] = field(
        init=False, repr=False, compare=False)
    # accelerating? -> (fixed value, extra dice, boxes added, dice re-rolled) of a Speed Check
    speed_traits: dict[bool, tuple[int, int, int, int]] = field(
        init=False, repr=False, compare=False)
    # on the Acceleration row? -> box -> the Speed it shows (SpeedTable.speed_of)
    box_speeds: dict[bool, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    _traits: dict[str, int] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Read many times a round, so worked out once here from the fields above. The hash
        # is kept because a frozen dataclass would otherwise hash every field again each
        # time a bot's cache key holds the vehicle.
        setattr_ = object.__setattr__
        setattr_(self, "_hash", hash(tuple(getattr(self, f) for f in _FIELDS)))
        setattr_(self, "_traits", dict(reversed(self.traits)))
        trait = self.trait
        setattr_(self, "box_speeds", {
            row is Row.ACCELERATION: tuple(self.table.speed_of(Marker(row, box))
                                           for box in range(sum(counts)))
            for row, counts in ((Row.ACCELERATION, self.table.acceleration),
                                (Row.DECELERATION, self.table.deceleration))})
        setattr_(self, "speed_traits", {
            True: (trait("Tireless"), trait("Long Legs"),
                   trait("Hyperactive") - trait("Cautious"), trait("Lash")),
            False: (trait("Anchor"), trait("Rubber Shoes"),
                    trait("Lazy") - trait("Reckless"), trait("Tight Leash"))})
        slots = {kind: (own, 2) + tuple(3 + i for i, card in enumerate(self.specials)
                                        if card.face in (kind, "dual"))
                 for kind, own in (("whip", 0), ("reins", 1))}
        # "spur": the cards that play as a Whip at the Speed Check and for a space more,
        # Reins last with Encouragement (its Reins cards, special ones included, play as
        # Whip cards there and only there: a Personal attack or a Control roll still
        # wants a Whip card).
        reins = tuple(s for s in slots["reins"] if s not in slots["whip"])
        slots["spur"] = slots["whip"] + (reins if trait("Encouragement") else ())
        # "stop": the Emergency Stop cards, played for their ability in a movement phase.
        slots["stop"] = tuple(3 + i for i, card in enumerate(self.specials)
                              if card.name == "Emergency Stop" and card.simulated)
        # "ram": the Ramming Speed cards, a Whip's space more that may collide on purpose.
        slots["ram"] = tuple(3 + i for i, card in enumerate(self.specials)
                             if card.name == "Ramming Speed" and card.simulated)
        setattr_(self, "card_slots", slots)
        # phase -> Speed -> (spaces this phase, the pace the rest of the round asks for,
        # phases still to drive this round plus one): what a bot's plan depends on.
        rows = self.moves
        phase_moves = []
        for phase in range(len(rows)):
            by_speed = []
            for speed in range(min((len(row) for row in rows), default=0)):
                later = [row[speed] for row in rows[phase + 1:]]
                pace = max(later, default=0) or max(row[speed] for row in rows) or 1
                by_speed.append((rows[phase][speed], pace, sum(1 for n in later if n) + 1))
            phase_moves.append(tuple(by_speed))
        setattr_(self, "phase_moves", tuple(phase_moves))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt from the fields, so the derived values (the hash above all: string hashes
        # differ between processes) are worked out afresh wherever it is unpickled.
        return (RaceVehicle, tuple(getattr(self, f) for f in _FIELDS))

    @property
    def deck(self) -> int:
        return self.whip + self.reins + self.dual + len(self.specials)

    @property
    def deck_slots(self) -> list[int]:
        """Cards in each pile slot: Whip, Reins, dual, then one slot per special card."""
        return [self.whip, self.reins, self.dual] + [1] * len(self.specials)

    @property
    def top_speed(self) -> int:
        return len(self.control) - 1

    def trait(self, name: str) -> int:
        """The value of a simulated trait (1 for one without a number), 0 when absent."""
        return self._traits.get(name, 0)

    def start_marker(self) -> Marker:
        return self.table.start


_FIELDS = tuple(name for name, f in RaceVehicle.__dataclass_fields__.items() if f.init)
def _resolve(vehicle: Vehicle) -> RaceVehicle:
    data = frothy_data()
    simulated = simulated_names()
    missing: list[str] = []
    traits: list[tuple[str, int]] = []
    for ref in vehicle.traits:
        name = ref.name if ref.custom else _canonical(data.traits, ref.name)
        if name in simulated["traits"] and not ref.custom:
            traits.append((name, _value(ref.value)))
            _rolled(f"trait {name}", ref.value, missing)
        else:
            missing.append(f"trait {name}")
    table = vehicle.speed_table
    specials: list[Special] = []
    for card in vehicle.cards.special:
        entry = None if card.custom else data.special_cards.find(card.name)
        name = entry.name if entry is not None else card.name
        face = special_face(card, entry) or "dual"
        known = name in simulated["special_cards"] and not card.custom
        specials.extend(Special(name, _value(card.value), face, card.discard, known)
                        for _ in range(card.count))
        if known:
            _rolled(f"special card {name}", card.value, missing)
        if not known:
            plays = "either card" if face == "dual" else f"an ordinary {face.title()} card"
            missing.append(f"special card {name} (played as {plays})")
    damage_affects = _affects(vehicle.damage.affects, data.damage_affects,
                              simulated["damage_affects"], "damage affect", missing)
    stamina_affects = _affects(vehicle.stamina.affects, data.stamina_affects,
                               simulated["stamina_affects"], "stamina affect", missing)
    return RaceVehicle(
        name=vehicle.name,
        moves=table.move_rows,
        control=table.control,
        stamina_row=table.stamina,
        table=SpeedTable(table.acceleration, table.deceleration),
        resilience=vehicle.damage.resilience,
        max_damage=vehicle.damage.value,
        damage_affects=damage_affects,
        stamina_max=vehicle.stamina.maximum,
        stamina_min=vehicle.stamina.minimum,
        stamina_affects=stamina_affects,
        control_minimum=vehicle.control_loss.minimum,
        whip=vehicle.cards.whip,
        reins=vehicle.cards.reins,
        dual=vehicle.cards.dual,
        specials=tuple(specials),
        traits=tuple(traits),
        not_simulated=tuple(dict.fromkeys(missing)),
    )


def _affects(levels: dict[int, tuple[AffectRef, ...]], catalogue: Catalogue,
             simulated: frozenset[str], what: str, missing: list[str]
             ) -> tuple[tuple[int, Affect], ...]:
    found: list[tuple[int, Affect]] = []
    for level in sorted(levels):
        for ref in levels[level]:
            affect = _affect(ref, catalogue, simulated, what, missing)
            if affect is not None:
                found.append((level, affect))
    return tuple(found)


def _affect(ref: AffectRef, catalogue: Catalogue, simulated: frozenset[str], what: str,
            missing: list[str]) -> Affect | None:
    """An affect as the engine plays it, or None (named in ``missing``). A 'Random' one is
    played when every affect it may pick is; a damage affect's only (a Stamina affect
    acts at every check, so a pick would have to be rolled at each: not simulated)."""
    name = ref.name if ref.custom else _canonical(catalogue, ref.name)
    if name == "Random" and not ref.custom and what == "damage affect":
        # A pick names its trait or card as any affect does (Lose Named Trait, -1 Whip /
        # Reins card).
        picks = [_affect(AffectRef(name=c.name, value=c.value, custom=c.custom,
                                   trait=getattr(c, "trait", None),
                                   card=getattr(c, "card", None)),
                         catalogue, simulated, what, missing) for c in ref.choices]
        if picks and all(p is not None for p in picks):
            return Affect(name, 0, choices=tuple(p for p in picks if p is not None))
        missing.append(f"{what} {name} (" + ("one of its picks is not simulated)" if picks
                                             else "no affects listed to pick from)"))
        return None
    if name == "Lose Named Trait" and not ref.custom and name in simulated:
        if not ref.trait:
            missing.append(f"{what} {name} (no trait named)")
            return None
        return Affect(name, 0, trait=_canonical(frothy_data().traits, ref.trait))
    if name in simulated and not ref.custom:
        _rolled(f"{what} {name}", ref.value, missing)
        # '-1 Reins card' names its card without a 'card:' (the catalogue's spellings).
        return Affect(name, _value(ref.value), param(ref, catalogue.find(ref.name), "card"))
    missing.append(f"{what} {name}")
    return None


@lru_cache(maxsize=256)
def without_trait(spec: RaceVehicle, name: str) -> RaceVehicle:
    """The vehicle as it races once it has lost trait ``name`` ('Lose Named Trait'): kept,
    so every race that loses it shares one vehicle (and its driver one value table)."""
    return replace(spec, traits=tuple(t for t in spec.traits if t[0] != name))


def speed_box(table: SpeedTable, speed: int, right_most: bool) -> Marker:
    """The marker placed on a Speed rating directly ('Speed Rating Changes'): its right-most
    box when the rating falls, its left-most when it rises."""
    start = sum(table.acceleration[:speed])
    if right_most:
        return Marker(Row.ACCELERATION, start + table.acceleration[speed] - 1)
    return Marker(Row.ACCELERATION, start)


# A licence resolved for racing, kept by content (a licence holds dicts, so it cannot be
# hashed; a sweep races the same licence many times, unpickled afresh in workers).
race_vehicle: ContentMemo[Vehicle, RaceVehicle] = ContentMemo(repr, _resolve, most=512)
