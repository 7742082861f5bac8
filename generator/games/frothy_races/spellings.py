"""How a Frothy Races name or number may be written, as the guide prints it, and what it
reads as: a signed number in quotes ('+1'), an entry with its number where the guide prints
'#' ('-1 Speed'), 'Lose Flyer' for 'Lose "Named" Trait'; and the editor schema's patterns
for the same spellings. Kept apart from ``model`` (the fields) because these readings are
the guide's typography, shared by the reader and the editor rules."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

from generator.input.catalogue import Catalogue, name_key
from generator.input.validation import any_case
from generator.keep.data_yaml import read_data


class Named(Protocol):
    """A catalogue reference as ``model.Ref`` holds it."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> int | str | None: ...

    @property
    def custom(self) -> bool: ...


R = TypeVar("R", bound=Named)

# A whole number typed in quotes, as the guide prints a signed one ('+1', '-3', '2').
_QUOTED_NUMBER = re.compile(r"^\s*([+-]?)\s*(\d+)\s*$")
QUOTED_NUMBER_SCHEMA = {"type": "string", "pattern": r"^\s*[+-]?\s*\d+\s*$"}


def quoted_number(value: Any) -> int | None:
    """The whole number a quoted '+1', '-3' or '2' stands for; None for anything else."""
    typed = _QUOTED_NUMBER.match(value) if isinstance(value, str) else None
    return None if typed is None else int(typed.group(1) + typed.group(2))


# A Speed Check modifier named with the one sign it takes ('-# Speed Check Acceleration
# Modifier', value 1) where the guide writes '+/- #' for either (Permanent Damage Affects).
_SIGNED_MODIFIER = re.compile(
    r"^\s*([+-])\s*#\s*speed\s*check\s*(acceleration|deceleration)\s*modifier\s*$",
    re.IGNORECASE)


def signed_spelling(ref: R) -> R:
    """A modifier written with its sign in the name, as the guide's entry with the sign on
    its value: '-#' with 1 is -1 (and with -1 still -1), '+#' keeps the value as written."""
    spelled = _SIGNED_MODIFIER.match(ref.name)
    if spelled is None or not isinstance(ref.value, int):
        return ref
    sign, direction = spelled.groups()
    value = -abs(ref.value) if sign == "-" else ref.value
    return replace(ref, name=f"+/- # Speed Check {direction.capitalize()} Modifier",
                   value=value)


_NUMBER = re.compile(r"\d+")
_SIGNED_NUMBER = re.compile(r"(?:\+/-|[+-])?\s*(\d+)")


def numbered(name: str, entries: Catalogue) -> tuple[str, int] | None:
    """A name written with its number in place of the guide's '#', as the guide's examples
    print them ('-1 Speed', '+1 Control Loss Point', 'Maximum Speed 4', '-1 Speed Check
    Acceleration Modifier' for '+/- #', 'Blades +1' as the example licence lists it): the
    entry's name and the number (with its sign, for a +/- modifier)."""
    number = _NUMBER.search(name)
    if number is None:
        return None
    entry = entries.find(f"{name[:number.start()]}#{name[number.end():]}")
    if entry is not None and entry.takes_value:
        return entry.name, int(number.group())
    signed = _SIGNED_NUMBER.search(name)
    if not signed:
        return None
    entry = entries.find(f"{name[:signed.start()]}+/- #{name[signed.end():]}")
    if entry is not None and entry.takes_value and entry.extra.get("signed"):
        return entry.name, -int(signed.group(1)) if signed.group().startswith("-") else int(
            signed.group(1))
    # A '+' before the number of an entry whose name has no '#' ('Blades +1'): a '-' there
    # would make a negative '#', which no such entry takes, so it stays unknown.
    entry = entries.find(f"{name[:signed.start()]}#{name[signed.end():]}")
    if entry is not None and entry.takes_value and "#" not in entry.name and \
            signed.group().startswith("+"):
        return entry.name, int(signed.group(1))
    return None


# A hyphen joining two words ('Maximum-Speed 4', 'Long-Legs 1'), which the guide spells with
# a space; a hyphen before a number or '#' is a sign and stays.
_WORD_HYPHEN = re.compile(r"(?<=[A-Za-z])-(?=[A-Za-z])")


@lru_cache(maxsize=8)
def reader_catalogue(name: str) -> Catalogue:
    """Catalogue ``name`` (and those ``ALSO_NAMES`` adds), for reading a spelling into the
    guide's name while the file is read."""
    data = Path(__file__).with_name("data")
    loaded = Catalogue(data / f"{name}.yaml")
    for part in ALSO_NAMES.get(name, ()):
        loaded.adopt(Catalogue(data / f"{part}.yaml"))
    return loaded


def numbered_spelling(ref: R, catalogue: str | None) -> R:
    """A name with its number where the guide prints '#' (numbered) reads as the guide's
    entry with that value. A name the catalogue knows as written ('-1 Safe Speed'), a
    custom one, or one that also gives 'value:' is kept as written (FR-*-UNKNOWN then tells
    a number given twice)."""
    if catalogue is None or ref.custom or ref.value is not None:
        return ref
    entries = reader_catalogue(catalogue)
    found = None if entries.find(ref.name) else numbered(_WORD_HYPHEN.sub(" ", ref.name), entries)
    return ref if found is None else replace(ref, name=found[0], value=found[1])


# 'Lose "Named" Trait' written with the trait in place of "Named", as the guide means it:
# 'Lose Flyer', 'Lose "Flyer" Trait' (Permanent Damage Affects, 5).
_LOSE_NAMED = re.compile(r"^\s*lose\s+[\"'\u201c\u2018]?(?P<trait>.*?\S)[\"'\u201d\u2019]?"
                         r"(?:\s+trait)?\s*$", re.IGNORECASE)
LOSE_NAMED_SCHEMA = {"type": "string", "pattern": r"^\s*[lL][oO][sS][eE]\s+\S"}


def book_spelling(ref: R, catalogue: str | None) -> R:
    """``ref`` as the guide's entry: its number read from the name (``numbered_spelling``),
    or the trait read from a 'Lose <trait>' damage affect."""
    ref = numbered_spelling(ref, catalogue)
    lost = _LOSE_NAMED.match(ref.name) if hasattr(ref, "trait") else None
    if lost is None or ref.custom or getattr(ref, "trait", None) is not None or \
            catalogue is None or reader_catalogue(catalogue).find(ref.name) is not None:
        return ref
    return replace(ref, name="Lose Named Trait", trait=lost.group("trait"))


# A trait may also name a special card's ability, as a limited-use trait (catalogues.py).
ALSO_NAMES = {"traits": ("special_cards",)}


@lru_cache(maxsize=8)
def catalogue_names(name: str) -> dict[str, Any]:
    """The JSON Schema of a name from catalogue ``name`` (data/<name>.yaml, and those
    ``ALSO_NAMES`` adds): its names and aliases offered for completion, and every spelling
    ``check`` matches them by (any case, without the '#' and punctuation:
    ``input.catalogue.name_key``)."""
    data = Path(__file__).with_name("data")
    entries = [entry for part in (name, *ALSO_NAMES.get(name, ()))
               for entry in read_data(data / f"{part}.yaml")["entries"]]
    spellings = list(dict.fromkeys(  # Lash and Shield are both
        s for entry in entries for s in (entry["name"], *entry.get("aliases", ()))))
    keys = sorted({name_key(s) for s in spellings if name_key(s)})
    numbered = sorted({key for entry in entries if entry.get("takes_value")
                       for s in (entry["name"], *entry.get("aliases", ()))
                       for key in numbered_keys(s)})
    lose = [LOSE_NAMED_SCHEMA] if name == "damage_affects" else []
    return {"anyOf": [{"enum": spellings}, {"type": "string", "pattern": key_pattern(keys)},
                      {"type": "string", "pattern": key_pattern(numbered)}, *lose]}


# In a key of ``numbered_keys``: where the number stands, and a number after a name with no
# '#' (which may carry a '+', as the example licence's 'Blades - +1').
NUMBER, PLUS_NUMBER = "\u00a7", "\u00a4"
_EITHER_SIGN = re.compile(r"\+/-\s*#")


def numbered_keys(spelling: str) -> list[str]:
    """The name keys of ``spelling`` written with its number where the guide prints '#'
    (``numbered`` reads them): '+# Control / Round' as '+1 Control / Round', '+/- # ...'
    with either sign, 'Blades' as 'Blades 1' or 'Blades +1'."""
    if "#" not in spelling:
        key = name_key(spelling)
        return [key + PLUS_NUMBER] if key else []
    texts = [_EITHER_SIGN.sub(sign + "#", spelling) for sign in ("+", "-", "")] \
        if _EITHER_SIGN.search(spelling) else [spelling]
    return [NUMBER.join(name_key(part) for part in text.split("#")) for text in texts]


def key_pattern(keys: Iterable[str]) -> str:
    """A pattern for the names whose ``name_key`` is one of ``keys``: any case, and any
    run of the characters the key leaves out between its own."""
    loose = r"[^A-Za-z0-9+/\-]*"
    number = {NUMBER: r"\d+", PLUS_NUMBER: r"\+?\d+"}

    def spelt(key: str) -> str:
        # Between two letters a hyphen may join words ('Long-Legs', catalogues.hyphenated);
        # elsewhere a hyphen is a sign ('-# Resilience') and must be written.
        out = ""
        for i, char in enumerate(key):
            if i:
                out += r"[^A-Za-z0-9+/]*" if key[i - 1].isalpha() and char.isalpha() else loose
            out += number.get(char) or (any_case(char) if char.isalpha() else re.escape(char))
        return out
    return "^" + loose + "(" + "|".join(spelt(key) for key in keys) + ")" + loose + "$"
