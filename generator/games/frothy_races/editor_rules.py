"""The JSON Schema of the Frothy Races rules that judge one catalogue reference alone
(``RuleBook.editor_schema``): a trait, a special card, a damage or stamina affect, or one of
a 'Random' affect's choices, held to what its entry in the catalogue asks ('#' values, the
parameters an affect takes, a special card's face). Built from the same catalogues the
checks in ``rules``, ``affects`` and ``hand`` read, key by key as ``Catalogue.find`` matches
a name, so the editor and ``check`` agree on every spelling."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from generator.games.frothy_races.affects import AFFECT_PARAMS
from generator.games.frothy_races.catalogues import FrothyData
from generator.games.frothy_races.hand import RULES
from generator.games.frothy_races.model import ChoiceRef, Damage, StaminaTrack
from generator.games.frothy_races.spellings import LOSE_NAMED_SCHEMA, key_pattern, numbered_keys
from generator.input.catalogue import Entry, name_key
from generator.input.editor_schema import EACH_VALUE, EVERY, at, has, when
from generator.input.schema import Bool, Choice, Int, declared_fields

__all__ = ["RULES"]

AFFECTS = ("damage_affects", "stamina_affects")
CUSTOM = has(["custom"], Bool().spellings(True))
# An affect's parameter given: a trait or card written, a non-empty list of choices.
GIVEN = {"trait": {"required": ["trait"]}, "card": {"required": ["card"]},
         "choices": has(["choices"], {"minItems": 1})}


def card_choice() -> Choice:
    """The spellings of an affect's ``card:`` (whip, reins or either)."""
    card = next(info.spec for info in declared_fields(ChoiceRef) if info.name == "card")
    assert isinstance(card, Choice)
    return card


CARD = card_choice()

# A body for one reference: given its catalogue and whether it is a 'Random' affect's
# choice, the subschema it must fit, or None.
Body = Callable[[str, bool], "dict[str, Any] | None"]


def sites(body: Body) -> list[dict[str, Any]]:
    """``body`` placed at every reference of a vehicle file, as ``reference_sites`` walks
    them: traits, special cards, and each level's affect (one, or a list) and its choices."""
    parts = []
    for path, catalogue in ((["traits", EVERY], "traits"),
                            (["cards", "special", EVERY], "special_cards")):
        own = some(body(catalogue, False))
        if own is not None:
            parts.append(at(path, own))
    for track, catalogue in (("damage", "damage_affects"), ("stamina", "stamina_affects")):
        own, choice = some(body(catalogue, False)), some(body(catalogue, True))
        level = [*([own] if own else []), *([at(["choices", EVERY], choice)] if choice else [])]
        if level:  # a level holds one affect or a list of them
            one = level[0] if len(level) == 1 else {"allOf": level}
            parts.append(at([track, "affects", EACH_VALUE], {"allOf": [one, {"items": one}]}))
    return defined(parts)


def some(body: dict[str, Any] | None) -> dict[str, Any] | None:
    """``body``, or None where it holds nothing (an empty list of parts)."""
    return None if body is None or body.get("allOf") == [] else body


def keys(context: FrothyData, catalogue: str, which: Callable[[Entry, str], bool]
         ) -> list[str]:
    """The name keys of ``catalogue`` whose entry (and the key, a spelling of it) ``which``
    takes."""
    return sorted(key for key, entry in context.catalogue(catalogue).keys().items()
                  if key and which(entry, key))


def says(entry: Entry, key: str) -> dict[str, str]:
    """The parameters a spelling of the entry's name says itself (``catalogues.implied``)."""
    spelled: dict[str, dict[str, str]] = entry.extra.get("spelled", {})
    return next((said for spelling, said in spelled.items() if name_key(spelling) == key), {})


def written(names: list[str]) -> dict[str, Any]:
    """A reference written as a bare name of ``names`` (name keys): the pattern is kept once
    in the schema's ``$defs`` (``defined`` lists it with the rule's parts), as several rules
    and every place a reference is written use the same sets of names."""
    key = "frothy-names-" + hashlib.sha1("|".join(names).encode()).hexdigest()[:12]
    return shared(key, {"type": "string", "pattern": key_pattern(names)})


# The subschemas kept once under ``$defs`` (``shared``), by their key there.
SHARED: dict[str, dict[str, Any]] = {}


def shared(key: str, body: dict[str, Any]) -> dict[str, Any]:
    """A reference to ``body``, kept once under ``$defs`` as ``key``."""
    SHARED[key] = body
    return {"$ref": f"#/$defs/{key}"}


def defined(parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A rule's parts, and the ``$defs`` they refer to, directly or through each other
    (lifted to the root by ``kind_schema``)."""
    used: dict[str, dict[str, Any]] = {}
    text = json.dumps(parts)
    while True:
        more = {key: body for key, body in SHARED.items()
                if key not in used and f"#/$defs/{key}" in text}
        if not more:
            return [*parts, {"$defs": used}] if used else parts
        used.update(more)
        text = json.dumps(list(more.values()))


def mapped(names: list[str]) -> dict[str, Any]:
    """A reference written as a mapping naming one of ``names``, not marked custom."""
    return {"allOf": [has(["name"], written(names)), {"not": CUSTOM}]}


def named(context: FrothyData, catalogue: str, which: Callable[[Entry, str], bool],
          then: dict[str, Any], bare: bool = False, read: bool = False
          ) -> list[dict[str, Any]]:
    """``then`` for a mapping that names an entry of ``catalogue`` that ``which`` takes (by
    a name key, see ``keys``); with ``bare``, a bare name of one is refused (it can give no
    value or parameter). Said the short way round: where those names are most of the
    catalogue, a mapping that is not ``then`` (or a bare name) must name one of the others;
    a name of no entry is refused by the catalogue's own names (``catalogue_names``) either
    way. With ``read``, those others include the names the reader gives a value ('-1
    Speed') or a trait ('Lose Flyer') to."""
    names = keys(context, catalogue, which)
    if not names:
        return []
    others = [key for key in keys(context, catalogue, any_entry) if key not in set(names)]
    if len(names) <= len(others):
        return [when(mapped(names), then), *([{"not": written(names)}] if bare else [])]
    fine = [written(others)] if others else []
    if read:  # the names a value is read from, for FR-HASH-MISSING (spellings.book_spelling)
        fine += [written(numbered)] if (numbered := numbered_names(context, catalogue)) else []
        fine += [LOSE_NAMED_SCHEMA] if catalogue == "damage_affects" else []
    elsewhere: dict[str, Any] = {"anyOf": fine} if fine else {"not": {}}
    return [when({"allOf": [{"type": "object"}, {"not": CUSTOM}, {"not": then}]},
                 has(["name"], elsewhere)),
            *([when({"type": "string"}, elsewhere)] if bare else [])]


def numbered_names(context: FrothyData, catalogue: str) -> list[str]:
    """The keys of ``catalogue``'s names written with their number in place of '#'
    (``spellings.numbered_keys``)."""
    entries = context.catalogue(catalogue).keys().values()  # with each hyphenated copy
    return sorted({key for entry in entries if entry.takes_value
                   for spelling in (entry.name, *entry.aliases) for key in numbered_keys(spelling)})


def any_entry(entry: Entry, key: str) -> bool:
    """Every entry, under every spelling."""
    return True


def takes_value(entry: Entry, key: str) -> bool:
    return entry.takes_value


@RULES.editor_schema("FR-HASH-MISSING")
def hash_value_given_schema(context: FrothyData) -> list[dict[str, Any]]:
    return sites(lambda catalogue, _: {"allOf": named(
        context, catalogue, takes_value, {"required": ["value"]}, bare=True, read=True)})


@RULES.editor_schema("FR-HASH-UNEXPECTED")
def hash_value_not_given_schema(context: FrothyData) -> list[dict[str, Any]]:
    return sites(lambda catalogue, _: {"allOf": named(
        context, catalogue, lambda entry, key: not entry.takes_value,
        {"not": {"required": ["value"]}})})


@RULES.editor_schema("FR-HASH-NO-EFFECT")
def hash_value_acts_schema(context: FrothyData) -> list[dict[str, Any]]:
    def counted(signed: bool) -> Callable[[Entry, str], bool]:
        return lambda entry, key: entry.takes_value and bool(entry.extra.get("signed")) == \
            signed and "possible" not in entry.extra and "below_row" not in entry.extra
    acts = {True: {"not": {"const": 0}}, False: {"minimum": 1}}  # affects.does_nothing
    return sites(lambda catalogue, _: {"allOf": [
        part for signed in (True, False) for part in named(
            context, catalogue, counted(signed),
            at(["value"], {"if": {"type": "integer"}, "then": acts[signed]}))]})


@RULES.editor_schema("FR-SPECIAL-FACE")
def special_face_schema(context: FrothyData) -> list[dict[str, Any]]:
    faced = {"required": ["face"]}
    return defined([at(["cards", "special", EVERY], {"allOf": [
        when(CUSTOM, faced), *named(
            context, "special_cards",
            lambda entry, key: entry.extra.get("type") not in ("whip", "reins"),
            faced, bare=True)]})])


@RULES.editor_schema("FR-DMG-RANDOM-CHOICES")
def random_choices_schema(context: FrothyData, minimum: int, maximum: int
                          ) -> list[dict[str, Any]]:
    def body(catalogue: str, in_choices: bool) -> dict[str, Any] | None:
        if catalogue not in AFFECTS:
            return None
        def rolls(entry: Entry, key: str) -> bool:
            return "choices" in entry.params
        names = keys(context, catalogue, rolls)
        if not names:
            return None
        if in_choices:  # a pick is one affect, not another roll
            return {"allOf": [{"not": written(names)}, {"not": mapped(names)}]}
        return {"allOf": named(context, catalogue, rolls, at(["choices"], {"anyOf": [
            {"maxItems": 0}, {"minItems": minimum, "maxItems": maximum}]}))}
    return sites(body)


@RULES.editor_schema("FR-AFFECT-PARAM")
def affect_params_given_schema(context: FrothyData) -> list[dict[str, Any]]:
    def body(catalogue: str, in_choices: bool) -> dict[str, Any]:
        parts = []
        for name in AFFECT_PARAMS:
            if name == "choices" and in_choices:
                continue  # FR-DMG-RANDOM-CHOICES's
            parts += named(context, catalogue, needs(name), GIVEN[name], bare=True)
        return {"allOf": parts}
    return sites(body)


@RULES.editor_schema("FR-AFFECT-PARAM-UNEXPECTED")
def affect_params_expected_schema(context: FrothyData) -> list[dict[str, Any]]:
    def body(catalogue: str, in_choices: bool) -> dict[str, Any] | None:
        if catalogue not in AFFECTS:
            return None
        parts = []
        for name in AFFECT_PARAMS:
            parts += named(context, catalogue, takes_no(name), {"not": GIVEN[name]})
        for key, said in spelled(context, catalogue):  # '-1 Reins card' is a Reins card
            bound = {name: value for name, value in said.items() if value != "either"}
            parts += named(context, catalogue, spelt_as(key), {"allOf": [
                at([name], CARD.spellings([value]) if name == "card" else {"const": value})
                for name, value in bound.items()]}) if bound else []
        return {"allOf": parts}
    return sites(body)


def spelt_as(spelling: str) -> Callable[[Entry, str], bool]:
    """The entry under one spelling (name key) alone."""
    return lambda entry, key: key == spelling


def needs(param: str) -> Callable[[Entry, str], bool]:
    """An entry that takes ``param``, under a spelling that does not say it."""
    return lambda entry, key: param in entry.params and param not in says(entry, key)


def takes_no(param: str) -> Callable[[Entry, str], bool]:
    """An entry that does not take ``param``."""
    return lambda entry, key: param not in entry.params


def spelled(context: FrothyData, catalogue: str) -> Iterator[tuple[str, dict[str, str]]]:
    """Each name key of the catalogue whose spelling says some of its parameters."""
    for key, entry in sorted(context.catalogue(catalogue).keys().items()):
        said = says(entry, key)
        if key and said:
            yield key, said


def stamina_bound(bound: Callable[[int], dict[str, Any]]) -> list[dict[str, Any]]:
    """The Stamina track's maximum held to ``bound(minimum)`` for each minimum the track can
    have: two whole numbers in small ranges, so a rule relating them is a list of cases. A
    value left out is its default (StaminaTrack)."""
    fields = {info.name: info for info in declared_fields(StaminaTrack)}
    low = fields["minimum"].spec
    assert isinstance(low, Int) and low.min is not None and low.max is not None
    parts = []
    for minimum in range(low.min, low.max + 1):
        written_as = has(["stamina", "minimum"], {"const": minimum})
        if minimum == fields["minimum"].default:  # or left out
            written_as = {"not": has(["stamina", "minimum"], {"not": {"const": minimum}})}
        ceiling = bound(minimum)
        default_fits = within(fields["maximum"].default, ceiling)
        then = (at(["stamina", "maximum"], {"if": {"type": "integer"}, "then": ceiling})
                if default_fits else has(["stamina", "maximum"], ceiling))
        parts.append(when(written_as, then))
    return parts


def within(value: int, bound: dict[str, Any]) -> bool:
    """Whether ``value`` lies within a bound of 'minimum' and 'maximum' only."""
    return bound.get("minimum", value) <= value <= bound.get("maximum", value)


@RULES.editor_schema("FR-STAMINA-TRACK")
def stamina_track_order_schema() -> list[dict[str, Any]]:
    return stamina_bound(lambda minimum: {"minimum": minimum + 1})


@RULES.editor_schema("FR-PRINT-TRACK")
def tracks_printable_schema(limit: int) -> list[dict[str, Any]]:
    return [at(["damage", "value"], {"maximum": limit}),
            *stamina_bound(lambda minimum: {"maximum": minimum + limit})]


def levels(numbers: Iterable[int], below: int | None = None) -> str:
    """A pattern for the level keys (whole numbers, as JSON keys: '3' or '3.0') among
    ``numbers``; with ``below``, any level under it (negative ones too)."""
    words = [str(n) for n in numbers if n >= 0]
    if below is not None:
        words = ["-[0-9]+", *(str(n) for n in range(below))]
    return "^(" + "|".join(words or ["(?!)"]) + r")(\.0*)?$"


def only_levels(numbers: Iterable[int]) -> dict[str, Any]:
    """A mapping by level whose levels are all among ``numbers``. (A pattern on the keys
    that refuses the rest: an editor reads a key '3' as a number, which 'propertyNames'
    does not hold to a pattern, but 'patternProperties' does.)"""
    return {"patternProperties": {"^(?!" + levels(numbers)[1:] + ")": False}}


def bounds(model: type, name: str) -> tuple[int, int, Any]:
    """The least and greatest whole number a field takes, and its default."""
    info = next(info for info in declared_fields(model) if info.name == name)
    assert isinstance(info.spec, Int) and info.spec.min is not None and info.spec.max is not None
    return info.spec.min, info.spec.max, info.default


@RULES.editor_schema("FR-DMG-AFFECT-LEVEL")
def damage_levels_schema() -> list[dict[str, Any]]:
    low, high, _ = bounds(Damage, "value")
    return [when(has(["damage", "value"], {"const": top}), at(
        ["damage", "affects"], only_levels(range(1, top + 1))))
        for top in range(low, high + 1)]


@RULES.editor_schema("FR-STAMINA-AFFECT-LEVEL")
def stamina_levels_schema() -> list[dict[str, Any]]:
    # Each level from the minimum to the maximum: the two bounds apart, each case by case
    # of its own value (a value left out is its default).
    parts = []
    for name, allowed in (("minimum", lambda low, high, n: range(n, high + 1)),
                          ("maximum", lambda low, high, n: range(0, n + 1))):
        low, high, default = bounds(StaminaTrack, name)
        for n in range(low, high + 1):
            written_as = has(["stamina", name], {"const": n})
            if n == default:
                written_as = {"not": has(["stamina", name], {"not": {"const": n}})}
            parts.append(when(written_as, at(["stamina", "affects"],
                                              only_levels(allowed(low, high, n)))))
    return parts


@RULES.editor_schema("FR-DMG-WIPEOUT")
def ends_in_wipeout_schema(context: FrothyData) -> list[dict[str, Any]]:
    wipeout = keys(context, "damage_affects", lambda entry, key: entry.name == "Wipe-out")
    ref = {"anyOf": [written(wipeout), has(["name"], written(wipeout))]}  # custom or not
    rolls_it = has(["choices"], {"type": "array", "contains": ref})
    at_level = shared("frothy-wipeout-at-level",
                      {"anyOf": [ref, {"type": "array", "contains": ref}]})
    before = shared("frothy-wipeout-before", {"not": {"anyOf": [
        at_level, rolls_it, {"type": "array", "contains": rolls_it}]}})
    low, high, _ = bounds(Damage, "value")
    return defined([when(has(["damage", "value"], {"const": top}), {"allOf": [
        has(["damage", "affects"], {"anyOf": [has([f"{top}{point}"], at_level)
                                              for point in ("", ".0")]}),
        at(["damage", "affects"], {"patternProperties": {
            levels((), below=top): before}})]})
        for top in range(low, high + 1)])
