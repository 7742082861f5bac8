"""The Outrider rulebook catalogues, read from ``data/*.yaml`` once per process.

Equipment dice and what each means, the nickname classes, the twenty maneuver cards, the
loss-of-control charts and the facts and sizes of the printed set. Rules and components read
them from here; nothing in Python repeats a number the rulebook gives.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.input.catalogue import Listed
from generator.input.schema import did_you_mean
from generator.keep.data_yaml import read_data
from generator.paper.sizes import Size, sizes_from_data

DATA = Path(__file__).with_name("data")


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = read_data(DATA / name)
    return data


@dataclass(frozen=True)
class DieMeaning:
    """What one die means in one equipment slot: its class, and AP or Skill Points if any."""

    sides: int
    label: str
    power: str | None = None
    action_points: int | None = None
    skill_points: int | None = None
    also: tuple[str, ...] = ()  # other names the book gives the class (a heading's plural)

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the class goes by: its label first."""
        return (self.label, *self.also)


@dataclass(frozen=True)
class EquipmentSlot:
    """An equipment slot of the dashboard and the characteristic whose lights sit under it."""

    id: str
    label: str
    characteristic: str
    roll: str
    section: str
    summary: str
    dice: dict[int, DieMeaning]


@dataclass(frozen=True)
class Characteristic:
    """One of the four vehicle characteristics and the icon the cards show for it."""

    id: str
    label: str
    icon: str
    roll: str


@dataclass(frozen=True)
class ClassDice:
    """The dice one slot of a nickname class holds, as the book describes the class."""

    dice: tuple[int, ...]
    described: str  # the book's word for it, in a warning ('lightly armed')


@dataclass(frozen=True)
class NicknameClass:
    """A nickname class the rulebook names, with the silhouette we draw for it, and the dice
    it holds where the book describes the build (the Interceptor, 1.2)."""

    name: str
    icon: str
    summary: str
    source: str
    equipment: dict[str, ClassDice] = field(default_factory=dict)


@dataclass(frozen=True)
class Exit:
    """Where a maneuver ends: the red arrow's centre (mm from the card's top-left) and its
    heading in degrees clockwise from straight ahead."""

    x: float
    y: float
    heading: float


@dataclass(frozen=True)
class ManeuverFace:
    """One side of a maneuver card."""

    id: str
    title: str
    type: str
    turn: str
    difficulty: int
    difficulty_from: str
    exit: Exit


@dataclass(frozen=True)
class ManeuverCard:
    """A double-sided maneuver card: the face printed on each side."""

    front: ManeuverFace
    back: ManeuverFace


@dataclass(frozen=True)
class ChartRow:
    """A row of a loss-of-control chart: the driver rolls it covers and what happens."""

    low: int
    high: int | None
    name: str
    summary: str

    @property
    def rolls(self) -> str:
        """'1-3', '2' or '5+': how the chart writes its range."""
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class Chart:
    """A loss-of-control chart for one type of maneuver."""

    id: str
    title: str
    maneuvers: str
    rows: tuple[ChartRow, ...]


@dataclass(frozen=True)
class OutriderData:
    """Every catalogue an Outrider check or component needs."""

    slots: dict[str, EquipmentSlot]
    characteristics: dict[str, Characteristic]
    standard_set: tuple[int, ...]
    classes: tuple[NicknameClass, ...]
    faces: dict[str, ManeuverFace]
    cards: tuple[ManeuverCard, ...]
    charts: tuple[Chart, ...]
    sizes: dict[str, Size]
    geometry: dict[str, float]
    counts: dict[str, int]
    per_player: dict[str, int]
    modifier_plus: tuple[int, ...]
    facts: dict[str, int]

    def meaning(self, slot: str, sides: int) -> DieMeaning:
        """What a die of ``sides`` means in ``slot``."""
        return self.slots[slot].dice[sides]

    def action_points(self, engine: int) -> int:
        """Action Points of an engine die (2.3)."""
        value = self.meaning("engine", engine).action_points
        assert value is not None, "every engine die lists its Action Points"
        return value

    def skill_points(self, driver: int) -> int:
        """Skill Points of a driver die (2.4)."""
        value = self.meaning("driver", driver).skill_points
        assert value is not None, "every driver die lists its Skill Points"
        return value

    def class_names(self, slot: str, sides: int) -> tuple[str, ...]:
        """Every name a die's class goes by in ``slot``: its names, and each one that holds
        the slot's own word also without it (2.5's 'Improvised Armor' is 'Improvised' in the
        armor slot, as 2.3's 'big block engine' is 'Big Block' in the engine slot)."""
        meaning = self.meaning(slot, sides)
        names = meaning.names
        stripped = (" ".join(w for w in name.split() if class_key(w) != class_key(slot))
                    for name in names)
        every = (*names, *(name for name in stripped if name and name not in names))
        return tuple(dict.fromkeys((*every, *with_count(every, counts_of(meaning)))))

    def die_named(self, slot: str, name: str) -> int | None:
        """The die of ``slot`` whose class is called ``name`` (as ``class_key`` compares
        names), or None."""
        key = class_key(name)
        return next((sides for sides in self.slots[slot].dice
                     if any(class_key(n) == key for n in self.class_names(slot, sides))), None)

    def slot_of_class(self, name: str) -> str | None:
        """The slot with a class called ``name``, for saying where a class belongs."""
        return next((slot for slot in self.slots if self.die_named(slot, name)), None)

    def nickname_class(self, name: str) -> NicknameClass | None:
        """The class called ``name`` (case, accents and spacing do not matter, nor the
        plural the book writes them in: 'are called Interceptors', 1.2), or None."""
        key = _name_key(name).removesuffix("s")
        return next((c for c in self.classes if _name_key(c.name).removesuffix("s") == key),
                    None)

    def suggest_class(self, name: str) -> str | None:
        """The nearest class name to a miss, for 'did you mean'."""
        return did_you_mean(name, [c.name for c in self.classes])

    def maneuver_cards(self) -> list[ManeuverCard]:
        """The twenty cards in print order."""
        return list(self.cards)


# The British spelling of a word of a class name, read as the book's ('Improvised Armour').
BRITISH = {"armour": "armor"}  # compared singular


# 2.4 writes each starting pool in words with the figure after it ('six (6) Skill Points');
# 1.6 and 7.6 count tokens and AP the same way ('three (3)', 'one (1) AP').
COUNT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
               "nine", "ten", "eleven", "twelve")


def counts_of(meaning: DieMeaning) -> tuple[str, ...]:
    """What a die gives, as 2.3 and 2.4 write it: its Action Points ('4 AP', '4 Action
    Points') or Skill Points ('10 Skill Points'), by figure, word or both ('ten (10)')."""
    units = (("AP", "Action Points") if meaning.action_points is not None
             else ("Skill Points",) if meaning.skill_points is not None else ())
    number = meaning.action_points if meaning.action_points is not None else meaning.skill_points
    if number is None:
        return ()
    word = COUNT_WORDS[number] if number < len(COUNT_WORDS) else str(number)
    return tuple(f"{figure} {unit}" for unit in units
                 for figure in (str(number), word, f"{word} ({number})"))


def with_count(names: tuple[str, ...], counts: tuple[str, ...]) -> tuple[str, ...]:
    """A die's count alone ('10 Skill Points', as '4 AP' reads), and each of its names
    that holds no count with the count in brackets after it ('Veteran (10 Skill Points)',
    '400+ HP Small Block (4 AP)', as 2.3 brackets an engine's AP after its power)."""
    units = {count.split()[-1].casefold() for count in counts}
    bare = [n for n in names if not units & set(re.findall(r"[a-z]+", n.casefold()))]
    return (*counts, *(f"{name} ({count})" for name in bare for count in counts))


def class_key(name: str) -> str:
    """An equipment class name as it is compared: case, accents, spaces and punctuation do
    not matter, '&' is 'and', 'armour' is 'armor', and each word's plural 's' is dropped
    ('Ablative and Applique' is 'Ablatives & Appliqu\u00e9s', 'Light Machine Gun' is 'Light
    Machine Guns')."""
    words = re.findall(r"[a-z0-9]+", unaccented(name).casefold().replace("&", " and "))
    singular = (word.removesuffix("s") for word in words)
    return "".join(BRITISH.get(word, word) for word in singular)


def unaccented(name: str) -> str:
    """``name`` with its accents dropped ('Appliqu\u00e9s' is 'Appliques')."""
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()


def _name_key(name: str) -> str:
    return "".join(ch for ch in unaccented(name.casefold()) if ch.isalnum())


def _slots(raw: dict[str, Any]) -> dict[str, EquipmentSlot]:
    slots = {}
    for slot_id, spec in raw["slots"].items():
        dice = {int(sides): DieMeaning(int(sides), str(d["class"]), d.get("power"),
                                       d.get("action_points"), d.get("skill_points"),
                                       tuple(str(n) for n in d.get("also", ())))
                for sides, d in spec["dice"].items()}
        slots[slot_id] = EquipmentSlot(slot_id, spec["label"], spec["characteristic"],
                                       spec["roll"], spec["section"], spec["summary"], dice)
    return slots


def _faces(raw: dict[str, Any]) -> dict[str, ManeuverFace]:
    return {f["id"]: ManeuverFace(f["id"], f["title"], f["type"], f["turn"], int(f["difficulty"]),
                                  f["difficulty_from"], Exit(**f["exit"]))
            for f in raw["faces"]}


def _cards(raw: dict[str, Any], faces: dict[str, ManeuverFace]) -> tuple[ManeuverCard, ...]:
    cards: list[ManeuverCard] = []
    for spec in raw["cards"]:
        cards += [ManeuverCard(faces[spec["front"]], faces[spec["back"]])] * int(spec["count"])
    return tuple(cards)


def _charts(raw: dict[str, Any]) -> tuple[Chart, ...]:
    return tuple(Chart(c["id"], c["title"], c["maneuvers"],
                       tuple(ChartRow(int(r["from"]), r["to"], r["name"], r["summary"])
                             for r in c["results"]))
                 for c in raw["charts"])


@lru_cache(maxsize=1)
def outrider_data() -> OutriderData:
    """Load the catalogues once per process."""
    equipment, classes = _load("equipment.yaml"), _load("classes.yaml")
    maneuvers, charts = _load("maneuvers.yaml"), _load("loss_of_control.yaml")
    components = _load("components.yaml")
    faces = _faces(maneuvers)
    per_player = {k: int(v["count"]) for k, v in components["per_player"].items()
                  if "count" in v}
    return OutriderData(
        slots=_slots(equipment),
        characteristics={k: Characteristic(k, v["label"], v["icon"], v["roll"])
                         for k, v in equipment["characteristics"].items()},
        standard_set=tuple(equipment["standard_set"]),
        classes=tuple(NicknameClass(c["name"], c["icon"], c["summary"], c["from"], {
            slot: ClassDice(tuple(held["dice"]), held["described"])
            for slot, held in c.get("equipment", {}).items()}) for c in classes["entries"]),
        faces=faces,
        cards=_cards(maneuvers, faces),
        charts=_charts(charts),
        sizes=sizes_from_data(components["sizes"]),
        geometry={k: float(v) for k, v in components["geometry"].items()},
        counts={k: int(v["count"]) for k, v in components["counts"].items()},
        per_player=per_player,
        modifier_plus=tuple(components["per_player"]["modifier_plus"]["values"]),
        facts={k: int(v["value"]) for k, v in components["facts"].items()},
    )


def listings(book: str) -> dict[str, list[Listed]]:
    """The nickname classes, what each equipment die means in each slot, and the maneuver
    faces, as ``paddock catalogue outrider`` lists them."""
    data = outrider_data()
    classes = _load("classes.yaml")["section"]
    dice = [Listed(f"d{die.sides} {slot.id}", die.label
                   + "".join(f", {v}" for v in (die.power,) if v)
                   + (f", {die.action_points} AP" if die.action_points else "")
                   + (f", {die.skill_points} Skill Points" if die.skill_points else ""),
                   f"{book}, {slot.section}", category=slot.characteristic)
            for slot in data.slots.values() for die in slot.dice.values()]
    return {
        "classes": [Listed(c.name, c.summary, f"{book}, {classes}") for c in data.classes],
        "equipment": dice,
        "maneuvers": [Listed(f.title, ("straight" if f.turn == "none" else f"{f.turn} turn")
                             + f", difficulty {f.difficulty}",
                             f"{book}, 1.1 Maneuver Cards") for f in data.faces.values()],
    }
