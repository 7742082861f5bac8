"""How an Outrider file's words are read: the book's names for arcs, rolls and equipment
dice, in the spellings the book and a player use, for ``check`` (parse functions) and for
the editor's JSON Schema (patterns), kept side by side so the two read the same words."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any

from generator.games.outrider.catalogues import BRITISH, COUNT_WORDS, outrider_data, unaccented
from generator.input.editor_schema import integer_is
from generator.input.findings import KeyPath
from generator.input.schema import Int, Struct, loose_word
from generator.input.source import Node, Scalar
from generator.input.validation import Validation, any_case
from generator.input.values import loose_pattern

# The book puts an article before the words a file may copy ('roll a six-sided (D6) ARMOR
# die', 2.5; 'The Lone Wolf is represented', 2.4; 'firing with the PRIMARY arc', 7.2; 'the
# attack roll', 7.4): one, apart from what follows, reads.
ARTICLES = ("a", "an", "the")


def with_articles(names: dict[str, str], options: Iterable[str]) -> dict[str, str]:
    """``names`` (name -> option), and each name and option also after an article."""
    plain = {option: option for option in options} | names
    return names | {f"{a} {name}": option for name, option in plain.items() for a in ARTICLES}


# 7.1 calls the primary weapon the vehicle's main weapon and the secondary ones backup
# weapons, each a 'Primary Weapon' or 'Secondary Weapon'; 7.2 has fixed weapons shoot
# straight forward or backward, and speaks of articulated and fixed weapons.
# 7.2 also fires with the PRIMARY arc or a secondary arc; each name singular or plural, as
# the book writes them ('Secondary Weapon(s)', 'Backup weapons', 'fixed weapons').
PLURALS = ("", "s", "(s)")  # 7.1's heading hedges its plural: 'Secondary Weapon(s)'
ARC_WEAPON_NAMES = {f"{name}{plural}": weapon for name, weapon in (
    ("main", "primary"), ("main weapon", "primary"), ("primary weapon", "primary"),
    ("primary arc", "primary"), ("backup", "secondary"), ("backup weapon", "secondary"),
    ("secondary weapon", "secondary"), ("secondary arc", "secondary"))
    for plural in PLURALS}
FACING_NAMES = {"forward": "front", "forwards": "front", "back": "rear", "backward": "rear",
                "backwards": "rear"}
# An edge also reads with the word after it: the 'front and rear facing' of 1.2's Facing
# Arrows, and 'edge' and 'side' as our own findings and cards name a card's edges.
FACING_NAMES |= {f"{facing}{gap}{word}": facing for facing in ("front", "rear", "left", "right")
                 for word in ("facing", "edge", "side") for gap in (" ", "-")}
MOUNT_NAMES = {f"{mount} weapon{plural}": mount for mount in ("fixed", "articulated")
               for plural in PLURALS}
# The book names each roll by its die (the DRIVER roll, 5.4) or by the characteristic added
# to it (1.3): those names, and the British spellings our own keys use, read as the roll,
# with or without 'roll' (the attack roll, 7.4), and the control check (5.4) and the
# defensive roll (7.4) as the book words them.
_ROLL_WORDS = {
    "initiative": "initiative", "engine": "initiative", "acceleration": "initiative",
    "control": "control", "driver": "control", "handling": "control",
    "defense": "defense", "armor": "defense", "armour": "defense", "defence": "defense",
    "defensive": "defense",
    "attack": "attack", "weapon": "attack", "firepower": "attack", "damage": "attack",
    # ...and by the icon 1.2 draws that characteristic as (a Shield roll)
    "piston": "initiative", "wheel": "control", "shield": "defense", "blast": "attack"}
# A roll is also named by its die (2.5: 'a six-sided (D6) ARMOR die for defense'), and any
# of these in the plural (1.3: 'when making control checks').
_DICE = ("engine", "driver", "armor", "armour", "weapon")
ROLL_NAMES = {name: roll for word, roll in _ROLL_WORDS.items()
              for name in (word, f"{word} roll", f"{word} rolls",
                           *((f"{word} die", f"{word} dice") if word in _DICE else ()))
              if name not in _ROLL_WORDS.values()} | {"control check": "control",
                                                      "control checks": "control"}
# 1.3 and 7.4 name each bonus with the word 'bonus' after it ('The acceleration bonus',
# 'Defensive Bonus', 'Firepower Bonus'): the key reads so too.
BONUS_KEYS = {f"{name} bonus": field for name, field in (
    ("acceleration", "acceleration"), ("handling", "handling"), ("defense", "defense"),
    ("defence", "defense"), ("defensive", "defense"), ("firepower", "firepower"))}
# ...and a roll by the bonus that adds to it (7.4: 'Defensive Bonus', 'Firepower Bonus')
ROLL_NAMES |= {name: _ROLL_WORDS[field] for name, field in BONUS_KEYS.items()}

ARC_WEAPON_NAMES = with_articles(ARC_WEAPON_NAMES, ("primary", "secondary"))
FACING_NAMES = with_articles(FACING_NAMES, ("front", "rear", "left", "right"))
MOUNT_NAMES = with_articles(MOUNT_NAMES, ("fixed", "articulated"))
ROLL_NAMES = with_articles(ROLL_NAMES, ("initiative", "control", "defense", "attack"))

_DIE = re.compile(r"^\s*[dD]\s*([0-9]+)\s*$")
# A die written beside its class, as the book pairs them ('D8 Small Block', 'Small Block
# (D8)'): the die first or last, apart from the name by a space or punctuation.
_GAP = r"[^A-Za-z0-9]"
_DIE_FIRST = re.compile(rf"^{_GAP}*[dD]\s*([0-9]+){_GAP}+(.*[A-Za-z0-9].*)$", re.S)
_DIE_LAST = re.compile(rf"^(.*?[A-Za-z0-9].*?){_GAP}+[dD]\s*([0-9]+){_GAP}*$", re.S)


def parse_die(value: Any) -> int:
    """An equipment die written 'd6', 'd12', 'd20'...; its number of sides. Any die reads:
    whether it is one of the standard set is a rule (OR-EQUIPMENT-STANDARD, 2.2), so a d20
    is reported with the rulebook's reason, not as a typo."""
    match = _DIE.match(value) if isinstance(value, str) else None
    if match and int(match.group(1)) >= 2:
        return int(match.group(1))
    if isinstance(value, int) and not isinstance(value, bool) and value >= 2:
        raise ValueError(f"write the die as d{value}")
    raise ValueError("")


def die_pattern(sides: Iterable[int]) -> str:
    """The spellings ``parse_die`` reads for these dice, as a JSON Schema pattern."""
    return r"^\s*[dD]\s*0*(" + "|".join(str(s) for s in sides) + r")\s*$"


# No way of naming a die runs longer ('Ablatives & Appliqués (D10) ARMOR die' is 37): a
# longer value is no die, and is not searched for one.
LONGEST_NAME = 80


def parse_slot_die(slot: str, value: Any) -> int:
    """A die for ``slot``: written dN, or named by its class in that slot (engine: Small
    Block), or as the book words it (``slot_value_pattern``); a class of another slot is
    refused with where it belongs."""
    try:
        return parse_die(value)
    except ValueError:
        if not isinstance(value, str) or len(value) > LONGEST_NAME:
            raise
    data = outrider_data()
    sides = data.die_named(slot, value)
    if sides is not None:
        return sides
    written = {int(n) for n in re.findall(r"[dD]\s*0*([0-9]+)", value)}
    for sides in sorted(set(data.slots[slot].dice) | written):
        if sides >= 2 and slot_value_re(slot, sides).match(value):
            return sides
    die, name = die_beside_class(value)
    if die is not None:
        named = data.die_named(slot, name)
        if named == die:
            return die
        if named is not None:
            raise ValueError(f"d{die} and {name.strip()} (d{named}) are two different dice: "
                             "write one of them")
    home = data.slot_of_class(name)
    if home is not None:
        raise ValueError(f"{name.strip()} is {article(home)} {home} class "
                         f"(d{data.die_named(home, name)}), not {article(slot)} {slot}")
    raise ValueError("")


def die_beside_class(value: str) -> tuple[int | None, str]:
    """(sides, the rest) of a die written before or after a name ('d8 Small Block'), or
    (None, value) when the value is not so written."""
    first = _DIE_FIRST.match(value)
    if first:
        return int(first.group(1)), first.group(2)
    last = _DIE_LAST.match(value)
    if last:
        return int(last.group(2)), last.group(1)
    return None, value


def article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


# Letters a class name may carry accented (Ablatives & Appliqués).
_ACCENTED = {"e": "\u00e9\u00c9\u00e8\u00c8"}
# 2.2-2.6 word the dice ('a six-sided (D6) ARMOR die', 'twelve sided').
DIE_WORDS = {6: "six", 8: "eight", 10: "ten", 12: "twelve"}


def name_word(token: str) -> str:
    """A word of a name as ``class_key`` compares it, as a regular expression: any case,
    accents, 'armour' for 'armor', a plural 's'; '&' or 'and'."""
    if token == "and":
        return r"(&|[aA][nN][dD])"
    if token.isdigit():
        return token
    letters = "".join(f"[{c.lower()}{c.upper()}{_ACCENTED.get(c.lower(), '')}]"
                      for c in token.removesuffix("s").removesuffix("S"))
    if token.lower() in BRITISH.values():  # armor, or armour
        letters = letters.replace("[oO][rR]", "[oO][uU]?[rR]")
    return letters + "[sS]?"


def spelled(name: str) -> str:
    """The spellings of a name ``class_key`` reads as it, as a regular expression."""
    tokens = re.findall(r"[A-Za-z0-9]+", unaccented(name).replace("&", " and "))
    return (_GAP + "*").join(name_word(t) for t in tokens)


def class_names(slot: str, sides: Iterable[int]) -> str:
    """The spellings ``class_key`` reads as a class name of these dice of ``slot``, as a
    regular expression without anchors: any case, any spaces or punctuation between words,
    '&' or 'and', 'armour' for 'armor', each word's plural 's', the slot's word or not."""
    data = outrider_data()
    names = [n for die in sides for n in data.class_names(slot, die)]
    return "(" + "|".join(spelled(n) for n in names) + ")"


def die_written(sides: int) -> str:
    """A die of ``sides`` as the book or a player writes it: d8, D8, 1d8, eight-sided, 8
    sided."""
    number = f"({any_case(DIE_WORDS[sides])}|{sides})" if sides in DIE_WORDS else str(sides)
    return rf"(1?[dD]\s*0*{sides}|{number}[\s-]*[sS][iI][dD][eE][dD])"


def slot_value_pattern(slot: str, sides: Iterable[int]) -> str:
    """The spellings ``parse_slot_die`` reads as one of these dice of ``slot``, as a JSON
    Schema pattern: the die or its class alone or the two side by side ('d8 Small Block',
    'Small Block (D8)', 'six-sided (D6)'), with the slot's own word or 'die' around them
    as the book writes them ('D12 Armor', 2.7; 'a six-sided (D6) ARMOR die', 2.5), after
    the article the book gives them ('The Lone Wolf', 2.4)."""
    gap, apart = _GAP + "*", _GAP + "+"
    article_first = "((" + "|".join(any_case(a) for a in ARTICLES) + r")\s+)?"
    extra = "(" + "|".join(name_word(w) for w in (slot, "die", "dice")) + ")"
    around = "(" + apart + extra + ")*"
    cores = []
    for die in sides:
        dice = die_written(die) + "(" + around + apart + die_written(die) + ")?"
        cores.append(dice)
        if die in outrider_data().slots[slot].dice:
            named = class_names(slot, [die])
            cores += [named, dice + around + apart + named, named + around + apart + dice]
    return ("^" + gap + article_first + "(" + extra + apart + ")*(" + "|".join(cores) + ")"
            + around + gap + "$")


@functools.cache
def slot_value_re(slot: str, sides: int) -> re.Pattern[str]:
    return re.compile(slot_value_pattern(slot, [sides]))


def slot_die_schema(slot: str, sides: Iterable[int]) -> dict[str, Any]:
    """A die of ``sides`` in ``slot``, in every spelling ``parse_slot_die`` reads."""
    dice = list(sides)
    return {"type": "string", "anyOf": [{"pattern": die_pattern(dice)},
                                        {"pattern": slot_value_pattern(slot, dice),
                                         "maxLength": LONGEST_NAME}]}


# Our own keys are British (colour, flavour): a key the book spells the American way also
# reads in the British spelling.
BRITISH_KEYS = {"armour": "armor", "defence": "defense"}
# 1.2 names each characteristic with the icon it is drawn as: ACCELERATION (Piston),
# HANDLING (Wheel), DEFENSE (Shield) and FIREPOWER (Blast).
ICON_KEYS = {"piston": "acceleration", "wheel": "handling", "shield": "defense",
             "blast": "firepower"}
# 2.7 shows each bonus beneath the equipment token of its slot: the bonus under the ARMOR
# token is the Defense bonus, so a bonus also reads by its slot's name.
SLOT_KEYS = {"engine": "acceleration", "driver": "handling", "armor": "defense",
             "armour": "defense", "weapon": "firepower"}
# 2.2's table heads each slot with its die ('Engine Die', 'Armor Die'): the key reads so too.
DIE_KEYS = {f"{slot} die": slot for slot in ("engine", "driver", "armor", "weapon")} | {
    "armour die": "armor"}


def book_key(name: str, others: dict[str, str] = BRITISH_KEYS) -> str:
    """The keys a ``BookKeys`` mapping reads as its field ``name``, as a JSON Schema
    pattern: any case, spaces or hyphens, and its other names (the British spelling)."""
    words = [name, *(other for other, field in others.items() if field == name)]
    return r"^\s*(" + "|".join(loose_pattern(loose_word(w)) for w in words) + r")\s*$"


class BookKeys(Struct):
    """A mapping whose keys read as the book writes them (ENGINE, Handling), and by their
    other names ``others`` (the British armour, defence), in check and in the editor's
    schema."""

    def __init__(self, model: type, others: dict[str, str] = BRITISH_KEYS) -> None:
        super().__init__(model, loose_keys=True)
        self.others = others
        self.loose.update({loose_word(other): self.loose[field]
                           for other, field in others.items() if field in self.loose})

    def loose_schema(self, body: dict[str, Any], required: list[str]) -> dict[str, Any]:
        body["patternProperties"] = {book_key(info.name, self.others):
                                     body["properties"][info.name] for info in self.fields}
        present = [{"not": {"propertyNames": {"not": {"pattern": book_key(name, self.others)}}}}
                   for name in required]
        return {**body, "allOf": present} if present else body


def slot_holds(slot: str, die: dict[str, Any]) -> dict[str, Any]:
    """JSON Schema of an equipment mapping with ``slot`` (its key in any spelling the check
    reads) holding a value that fits ``die``."""
    key = book_key(slot, BRITISH_KEYS | DIE_KEYS)
    return {"type": "object", "patternProperties": {key: die},
            "not": {"propertyNames": {"not": {"pattern": key}}}}




def count_pattern(number: int | None = None) -> str:
    """A pattern for a count as the book writes one: its figure ('10', '+10'), its word
    ('ten') or the word with the figure after it ('ten (10)'); ``number`` limits it to that
    count (a word and a figure that disagree, 'ten (12)', are no count)."""
    def figure(n: int | None) -> str:
        return r"\+?[0-9]+" if n is None else rf"\+?0*{n}"
    words = [(n, word) for n, word in enumerate(COUNT_WORDS) if number in (None, n)]
    spelt = "|".join(rf"{any_case(word)}(\s*\(\s*{figure(n)}\s*\))?" for n, word in words)
    return f"({figure(number)}|{spelt})" if spelt else figure(number)


def read_count(text: str) -> int:
    """The count of a text ``count_pattern()`` matched: its figure, else its word."""
    figure = re.search(r"[0-9]+", text)
    if figure:
        return int(figure.group())
    return COUNT_WORDS.index(text.strip().lstrip("+").casefold())


class Counted(Int):
    """A whole number, also written with the unit the book gives it ('4 AP' and '4 Action
    Points', 2.3; '10 Skill Points', 2.4), its figure in words as 2.4 writes a pool ('six (6)
    Skill Points', 'six Skill Points'): the number is what is read."""

    def __init__(self, units: Sequence[str], example: str) -> None:
        super().__init__()
        self.units = tuple(units)
        self.expected = f"a whole number, or one with its unit ('{example}')"

    def with_unit(self, number: str, brackets: bool = False) -> str:
        """A pattern for ``number`` (a regular expression) followed by one of the units;
        with ``brackets``, also the two in brackets as 2.3 writes an engine's AP ('(4 AP)')."""
        names = "|".join(r"\s+".join(any_case(word) for word in unit.split()) + "[sS]?"
                         for unit in self.units)
        if brackets:
            inner = rf"{number}\s*({names})"
            return rf"^\s*({inner}|\(\s*{inner}\s*\))\s*$"
        return rf"^\s*{number}\s*({names})\s*$"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        value = node.value if isinstance(node, Scalar) else None
        if isinstance(value, str) and re.match(r"^\s*\(.*\)\s*$", value, re.S):
            value = value.strip()[1:-1]  # 2.3's brackets: '(4 AP)'
        if isinstance(value, str):
            written = re.match(self.with_unit(count_pattern()), value)
            count = read_count(written.group(1)) if written else None
            if count is not None and re.match(self.with_unit(count_pattern(count)), value):
                return count
        return super().check(node, path, v)

    def own_schema(self) -> dict[str, Any]:
        return {"anyOf": [super().own_schema(), {
            "type": "string", "pattern": self.with_unit(count_pattern(), brackets=True)}]}

    def equal_to(self, number: int) -> dict[str, Any]:
        """JSON Schema: a value written as ``number``, with or without its unit; anything
        else is left to the field's own schema."""
        return {"allOf": [integer_is(number), {
            "if": {"type": "string", "pattern": self.with_unit(count_pattern(), brackets=True)},
            "then": {"pattern": self.with_unit(count_pattern(number), brackets=True)}}]}


TACHOMETER = Counted(("AP", "Action Point"), "4 AP")
SKILL_TRACK = Counted(("Skill Point",), "10 Skill Points")
