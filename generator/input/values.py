"""The kinds of value a field holds: numbers, text, choices, lists, mappings...

Each spec says what it expects in plain words, validates a node against it and records a
finding at the node's own position when it does not fit (``validation.Spec``). Mappings of
declared fields are ``schema.Struct``.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from generator.input.findings import KeyPath
from generator.input.source import Map, Mark, Node, Scalar, Seq, describe
from generator.input.validation import (
    FORMAT_RULES,
    INVALID,
    YAML_BOOL_WORDS,
    Mapped,
    Spec,
    Validation,
    any_case,
    did_you_mean,
    shared_path,
)


class Int(Spec):
    """A whole number, optionally bounded; ``true``/``false`` and decimals are refused."""

    shape = "whole number"

    def __init__(self, min: int | None = None, max: int | None = None,
                 source: str | None = None) -> None:
        self.min, self.max, self.source = min, max, source
        if min is not None and max is not None:
            self.expected = f"a whole number from {min} to {max}"
        elif min is not None:
            self.expected = f"a whole number of at least {min}"
        elif max is not None:
            self.expected = f"a whole number of at most {max}"
        else:
            self.expected = "a whole number"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        value = whole(node.value) if isinstance(node, Scalar) else None
        if isinstance(value, str) and _is_whole_number(value):
            return v.fail("SCHEMA-TYPE", node.mark, path, self.source, expected=self.expected,
                          found=f"{describe(node)}; remove the quotes to make it a number")
        if not isinstance(value, int) or isinstance(value, bool):
            return self.wrong_type(node, path, v)
        if (self.min is not None and value < self.min) or (
                self.max is not None and value > self.max):
            return self.out_of_range(node, path, v)
        return value

    def own_schema(self) -> dict[str, Any]:
        body: dict[str, Any] = {"type": "integer"}
        if self.min is not None:
            body["minimum"] = self.min
        if self.max is not None:
            body["maximum"] = self.max
        return body



def whole(value: Any) -> Any:
    """A decimal with nothing after the point (``1.0``) as the whole number it is, as JSON
    Schema and an editor take it; any other value as it is."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return value


def _is_whole_number(text: str) -> bool:
    stripped = text.strip()
    return stripped.lstrip("+-").isdigit() and stripped.isascii()


class Text(Spec):
    """A string; empty strings are refused unless ``allow_empty``."""

    shape = "text"

    def __init__(self, allow_empty: bool = False, max_length: int | None = None) -> None:
        self.allow_empty, self.max_length = allow_empty, max_length
        self.expected = "text" if max_length is None else f"text of at most {max_length} characters"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        value = node.value if isinstance(node, Scalar) else None
        if isinstance(value, bool):
            return v.fail("SCHEMA-TYPE", node.mark, path, self.source, expected=self.expected,
                          found=f"{describe(node)}{BOOL_WORD_ADVICE}")
        if not isinstance(value, str):
            hint = " (put it in quotes to make it text)" if isinstance(node, Scalar) else ""
            return v.fail("SCHEMA-TYPE", node.mark, path, self.source,
                          expected=self.expected + hint, found=describe(node))
        if value in YAML_BOOL_WORDS:
            # An editor's YAML 1.2 cannot tell 'yes' from yes, which YAML 1.1 reads as true.
            return v.fail("SCHEMA-VALUE", node.mark, path, self.source, expected=self.expected,
                          found=f"'{value}'", extra=BOOL_WORD_ADVICE)
        text = value.strip()
        if not text and not self.allow_empty:
            return v.fail("SCHEMA-VALUE", node.mark, path, self.source,
                          expected="some text", found="an empty string", extra="")
        if self.max_length is not None and len(text) > self.max_length:
            return v.fail("SCHEMA-VALUE", node.mark, path, self.source, expected=self.expected,
                          found=f"{len(text)} characters", extra="; shorten it")
        return text

    def own_schema(self) -> dict[str, Any]:
        # Surrounding spaces are stripped before the length is counted (YAML plain text
        # has none; a quoted text padded with spaces is the one case counted differently).
        body: dict[str, Any] = {"type": "string", "not": {"enum": list(YAML_BOOL_WORDS)}}
        if not self.allow_empty:
            body["pattern"] = r"\S"
        if self.max_length is not None:
            body["maxLength"] = self.max_length
        return body



# Said of a yes, no, on, off, true or false where text is expected, quoted or not.
BOOL_WORD_ADVICE = ("; YAML reads yes, no, on, off, true and false as true or false in one "
                    "version and as text in another, so write other text")


class Bool(Spec):
    """``true`` or ``false``; also YAML 1.1's words for them quoted (``'yes'``), which an
    editor's YAML 1.2 cannot tell from the bare word."""

    expected = "true or false"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        value = node.value if isinstance(node, Scalar) else None
        if isinstance(value, str) and value in YAML_BOOL_WORDS:
            return value.lower() in ("yes", "on", "true")
        if not isinstance(value, bool):
            return self.wrong_type(node, path, v)
        return value

    def own_schema(self) -> dict[str, Any]:
        return {"anyOf": [{"type": "boolean"}, {"enum": list(YAML_BOOL_WORDS)}]}

    def spellings(self, value: bool) -> dict[str, Any]:
        """JSON Schema of the spellings ``check`` reads as ``value``."""
        words = [w for w in YAML_BOOL_WORDS if (w.lower() in ("yes", "on", "true")) == value]
        return {"anyOf": [{"const": value}, {"enum": words}]}



def loose_word(text: str) -> str:
    """A name as ``Choice(loose=True)`` compares it: lower case, no apostrophes or dots, and
    spaces, underscores and hyphens all one hyphen ("Zap o' Burn" is "zap-o-burn")."""
    bare = text.strip().lower().replace("'", "").replace("\u2019", "").replace(".", "")
    return re.sub(r"[\s_-]+", "-", bare)


class Choice(Spec):
    """One word out of a fixed set, matched without regard to case; suggests the nearest.
    ``loose`` also takes an id spelt with spaces or capitals as a rulebook writes it
    ("Total Speed Way", "Zap o' Burn" for "total-speed-way", "zap-o-burn"), and ``aliases``
    (name -> option) the names the options stand for ("Electromagnetic web" for "web");
    ``elsewhere`` (word -> advice) says where a word of another field goes instead."""

    shape = "text"

    def __init__(self, options: Sequence[str], source: str | None = None,
                 loose: bool = False, aliases: Mapping[str, str] | None = None,
                 elsewhere: Mapping[str, str] | None = None) -> None:
        self.options = tuple(options)
        # Words that belong in another field, with where: said instead of a did-you-mean.
        self.elsewhere = {loose_word(word): where for word, where in (elsewhere or {}).items()}
        self.source = source
        self.loose = loose or bool(aliases)
        self.aliases = {name: o for name, o in (aliases or {}).items() if o in self.options}
        # Loose spelling -> option: the options themselves, then the names they stand for.
        self.words = {loose_word(name): option for name, option in (aliases or {}).items()
                      if option in self.options}
        self.words.update({loose_word(o): o for o in self.options})
        self.expected = "one of " + ", ".join(f"'{o}'" for o in self.options)

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        value = node.value if isinstance(node, Scalar) else None
        if not isinstance(value, str):
            return self.wrong_type(node, path, v)
        for option in self.options:
            if value.strip().lower() == option.lower():
                return option
        if self.loose and loose_word(value).strip("-") in self.words:
            return self.words[loose_word(value).strip("-")]
        return self.out_of_range(node, path, v, self.advice(value))

    def advice(self, value: str) -> str:
        """What follows 'found X' for a word that is none of the options: where it belongs
        instead, or the nearest option."""
        if loose_word(value) in self.elsewhere:
            return "; " + self.elsewhere[loose_word(value)]
        guess = did_you_mean(value, self.options)
        if guess is None and self.words:  # a name misspelt: suggest the id it stands for
            near = did_you_mean(loose_word(value), list(self.words))
            guess = self.words[near] if near else None
        return f"; did you mean '{guess}'?" if guess else ""

    def own_schema(self) -> dict[str, Any]:
        return self.spellings(self.options)

    def spellings(self, options: Sequence[str]) -> dict[str, Any]:
        """JSON Schema of the spellings ``check`` reads as one of ``options``: any case,
        surrounding spaces, and (loose) the book's spellings and names."""
        words = [any_case(o) for o in options]
        if self.loose:
            words = [loose_pattern(w) for w, o in self.words.items() if o in options]
        return {"anyOf": [{"enum": [*options, *(n for n, o in self.aliases.items()
                                                if o in options and n not in options)]},
                          {"type": "string",
                           "pattern": r"^\s*(" + "|".join(words) + r")\s*$"}]}



class Nullable(Spec):
    """Either the inner spec, or blank: YAML null or one of ``blank_words``. Blank is None."""

    def __init__(self, inner: Spec, blank_words: Sequence[str] = ("blank",)) -> None:
        self.inner = inner
        self.blank_words = tuple(blank_words)
        self.source = inner.source
        words = " or ".join(f"'{w}'" for w in blank_words)
        self.expected = f"{inner.expected}, or blank ({words} or ~)"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        value = node.value if isinstance(node, Scalar) else INVALID
        if value is None or (isinstance(value, str) and value.strip().lower() in self.blank_words):
            return None
        probe = Validation(v.source)
        result = self.inner.check(node, path, probe)
        if result is INVALID:
            first = probe.findings[0].rule if probe.findings else "SCHEMA-VALUE"
            # Only a failure of the value itself (wrong kind, out of range) is restated as
            # 'expected X or blank'; a bad entry inside a mapping or list keeps its own place
            # and words ('season[0].buy.item: ... did you mean ...?').
            on_node = all(f.mark == node.mark for f in probe.findings)
            if first in ("SCHEMA-TYPE", "SCHEMA-VALUE") and on_node:
                found = describe(node)
                if isinstance(self.inner, Int) and isinstance(value, str) \
                        and _is_whole_number(value):
                    found += "; remove the quotes to make it a number"
                extra = (self.inner.advice(value) if isinstance(self.inner, Choice)
                         and isinstance(value, str) else "")
                return v.fail(first, node.mark, path, self.source,
                              expected=self.expected, found=found, extra=extra)
            # A mapping or list inside: its own findings say more than 'expected X'.
            v.findings.extend(probe.findings)
            v.marks.update(probe.marks)
            v.partials.update(probe.partials)
            return INVALID
        v.marks.update(probe.marks)
        return result

    def nested(self) -> Mapped | None:
        return self.inner.nested()

    def own_schema(self) -> dict[str, Any]:
        return {"anyOf": [self.inner.json_schema(), *self.blank_schema()["anyOf"]]}

    def blank_schema(self) -> dict[str, Any]:
        """JSON Schema of the spellings ``check`` reads as blank (None)."""
        blank = r"^\s*(" + "|".join(any_case(w) for w in self.blank_words) + r")\s*$"
        return {"anyOf": [{"type": "null"}, {"type": "string", "pattern": blank}]}



class ListOf(Spec):
    """A list of items of one spec, with optional length limits."""

    shape = "list"

    def __init__(self, item: Spec, min_length: int = 0, max_length: int | None = None,
                 length_note: str = "", source: str | None = None) -> None:
        self.item, self.min_length, self.max_length = item, min_length, max_length
        self.length_note, self.source = length_note, source
        if min_length == max_length:
            count = f"exactly {min_length} entries"
        elif max_length is not None:
            count = f"{min_length} to {max_length} entries"
        else:
            count = f"at least {min_length} entries" if min_length else "entries"
        self.expected = f"a list of {count}{length_note}, each {item.expected}"

    @property
    def source(self) -> str | None:
        return self._source

    @source.setter
    def source(self, value: str | None) -> None:
        """An entry of the list is cited where the list is, unless its own spec says: an
        unknown locked slot kind is a dashboard finding, not a file-format one. The entry's
        spec is copied first, as it may be shared with other fields."""
        self._source = value
        if value is not None and self.item.source is None:
            self.item = copy.copy(self.item)
            self.item.source = value

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        if not isinstance(node, Seq):
            return self.wrong_type(node, path, v)
        items = [self.item.validate(child, (*path, i), v) for i, child in enumerate(node.items)]
        count = len(node.items)
        if count < self.min_length or (self.max_length is not None and count > self.max_length):
            wanted = (f"exactly {self.min_length}" if self.min_length == self.max_length
                      else f"{self.min_length} to {self.max_length}" if self.max_length is not None
                      else f"at least {self.min_length}")
            # Too many: point at the first entry past the limit, the one to remove.
            limit = self.max_length
            mark = node.items[limit].mark if limit is not None and count > limit else node.mark
            return v.fail("SCHEMA-LENGTH", mark, path, self.source,
                          wanted=wanted + self.length_note, found=count)
        if any(item is INVALID for item in items):
            v.partials[shared_path(path)] = tuple(
                v.salvage((*path, i), item) for i, item in enumerate(items))
            return INVALID
        return tuple(items)

    def nested(self) -> Mapped | None:
        return self.item.nested()

    def show_default(self, value: Any) -> str:
        """A default list as it is written in a file: [0, 0, 0]."""
        return "[" + ", ".join(self.item.show_default(item) for item in value) + "]"

    def own_schema(self) -> dict[str, Any]:
        body: dict[str, Any] = {"type": "array", "items": self.item.json_schema()}
        if self.min_length:
            body["minItems"] = self.min_length
        if self.max_length is not None:
            body["maxItems"] = self.max_length
        return body



class OneOrMany(ListOf):
    """A single item or a list of them; always gives a tuple."""

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        if isinstance(node, Seq):
            return super().check(node, path, v)
        item = self.item.validate(node, (*path, 0), v)
        if item is INVALID:
            v.partials[shared_path(path)] = (v.salvage((*path, 0), item),)
            return INVALID
        return (item,)

    def own_schema(self) -> dict[str, Any]:
        return {"anyOf": [self.item.json_schema(), super().own_schema()]}



class MapOf(Spec):
    """A mapping with keys of one spec and values of another, e.g. damage level -> affects."""

    shape = "mapping"

    def __init__(self, key: Spec, value: Spec) -> None:
        self.key, self.value = key, value
        self.expected = f"a mapping from {key.expected} to {value.expected}"

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        if not isinstance(node, Map):
            return self.wrong_type(node, path, v)
        result: dict[Any, Any] = {}
        first: dict[Any, Mark] = {}
        bad = keys_bad = False
        for entry in node.entries.values():
            key = self.key.validate(Scalar(entry.key_mark, entry.key), (*path, entry.key), v)
            value = self.value.validate(entry.value, (*path, entry.key), v)
            bad = bad or key is INVALID or value is INVALID
            if key is INVALID:
                keys_bad = True
                continue
            if key in first:  # two spellings of one key ('Booster' and 'booster')
                v.findings.append(dataclasses.replace(
                    FORMAT_RULES["YAML-DUPLICATE-KEY"].finding(
                        entry.key_mark, key=key, first_line=first[key].line),
                    source=v.source))
                bad = keys_bad = True
            first[key] = entry.key_mark
            if key != entry.key:  # findings about the key find it by the name it stands for
                v.marks[shared_path((*path, key))] = v.marks[shared_path((*path, entry.key))]
            result[key] = v.salvage((*path, entry.key), value)
        if bad and not keys_bad:  # a bad key leaves the mapping unknown as a whole
            v.partials[shared_path(path)] = result
        return INVALID if bad else result

    def nested(self) -> Mapped | None:
        return self.value.nested()

    def own_schema(self) -> dict[str, Any]:
        key = self.key.json_schema()
        names = {"pattern": key["pattern"]} if "pattern" in key else {}
        if key.get("type") == "integer":  # YAML keys that are whole numbers (2, or 2.0)
            names = {"pattern": r"^-?[0-9]+(\.0*)?$"}
        return {"type": "object", "additionalProperties": self.value.json_schema(),
                **({"propertyNames": names} if names else {})}



class Either(Spec):
    """Picks an alternative by the shape of the node: a scalar, a mapping or a list."""

    def __init__(self, *alternatives: Spec, expected: str) -> None:
        self.alternatives = alternatives
        self.expected = expected

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        for alternative in self.alternatives:
            if _shape_fits(alternative, node):
                return alternative.check(node, path, v)
        return self.wrong_type(node, path, v)

    def nested(self) -> Mapped | None:
        return next((a.nested() for a in self.alternatives if a.nested()), None)

    def own_schema(self) -> dict[str, Any]:
        return {"anyOf": [a.json_schema() for a in self.alternatives]}



def _shape_fits(spec: Spec, node: Node) -> bool:
    if spec.shape == "mapping":
        return isinstance(node, Map)
    if spec.shape == "list":
        return isinstance(node, Seq)
    if spec.shape == "whole number":
        return isinstance(node, Scalar) and isinstance(node.value, int) and not isinstance(
            node.value, bool)
    if spec.shape == "text":
        return isinstance(node, Scalar) and isinstance(node.value, str)
    return isinstance(node, Scalar)


class Custom(Spec):
    """A scalar spec defined by a parse function that returns the value or raises ValueError."""

    def __init__(self, parse: Callable[[Any], Any], expected: str,
                 source: str | None = None, show: Callable[[Any], str] | None = None,
                 json: dict[str, Any] | None = None) -> None:
        self.parse, self.expected, self.source = parse, expected, source
        # The values ``parse`` takes, as JSON Schema for editors.
        self.json = json or {}
        self.show = show or repr

    def show_default(self, value: Any) -> str:
        """A default as a person writes it (a length in mm, not in points)."""
        return self.show(value)

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        if not isinstance(node, Scalar):
            return self.wrong_type(node, path, v)
        try:
            return self.parse(whole(node.value))
        except ValueError as exc:
            return self.out_of_range(node, path, v, f" ({exc})" if str(exc) else "")


    def own_schema(self) -> dict[str, Any]:
        return dict(self.json)


def loose_pattern(word: str) -> str:
    """A regular expression for the spellings ``Choice(loose=True)`` takes for ``word`` (a
    loose word): any case, apostrophes and dots anywhere, any run of spaces, underscores or
    hyphens where it has a hyphen."""
    skip = "['\u2019.]*"
    parts = [skip]
    for char in word:
        parts.append(r"[\s_-]+" if char == "-" else any_case(char))
        parts.append(skip)
    return "".join(parts)


# What every '#rrggbb' colour field takes (spaces around it are stripped).
COLOUR_SCHEMA: dict[str, Any] = {"type": "string", "pattern": r"^\s*#[0-9a-fA-F]{6}\s*$"}


def colour_spec(example: str) -> Custom:
    """A '#rrggbb' colour field (spaces round it stripped, letters lowered); the message for
    a bad one suggests ``example``, a colour of the game's own."""
    def parse_colour(value: Any) -> str:
        if isinstance(value, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", value.strip()):
            return value.strip().lower()
        raise ValueError(f"write a colour as #rrggbb, e.g. '{example}' (quoted)")
    return Custom(parse_colour, "a colour as #rrggbb", json=COLOUR_SCHEMA)
