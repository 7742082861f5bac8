"""Declarative schemas: each field is declared once, on the model dataclass itself.

``spec_field(Int(min=0), "Whip cards the vehicle starts with.")`` gives a dataclass field its
value spec and its one-line doc. :class:`Struct` reads those declarations to validate a YAML
mapping and build the frozen model; the same declarations produce the error messages and the
``paddock schema`` reference. Validation never stops at the first problem: every unknown key,
wrong type and out-of-range value becomes a finding at its own file:line:column.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import Any

from generator.input.findings import KeyPath
from generator.input.partial import Failed
from generator.input.source import Entry, Map, Mark, Node
from generator.input.validation import (
    FORMAT_RULES,
    INVALID,
    FieldInfo,
    Spec,
    Validation,
    did_you_mean,
    shared_path,
    show_path,
)
from generator.input.values import (
    COLOUR_SCHEMA,
    Bool,
    Choice,
    Custom,
    Either,
    Int,
    ListOf,
    MapOf,
    Nullable,
    OneOrMany,
    Text,
    colour_spec,
    loose_pattern,
    loose_word,
)

__all__ = ["COLOUR_SCHEMA", "FORMAT_RULES", "INVALID", "Bool", "Choice", "Custom", "Either",
           "FieldInfo", "Int", "ListOf", "MapOf", "Nullable", "OneOrMany", "Spec", "Struct",
           "Text", "Validation",
           "colour_spec", "declared_fields", "did_you_mean", "load_packaged", "locate",
           "loose_word", "reference", "shared_path", "show_path", "spec_field"]

_MISSING: Any = dataclasses.MISSING


def spec_field(spec: Spec, doc: str, *, default: Any = _MISSING,
               source: str | None = None) -> Any:
    """Declare a model field: its value spec, its one-line doc and, when the rulebook
    constrains it, the section that says so (used as the source of a finding)."""
    if source is not None and spec.source is None:
        spec.source = source
    metadata = {"spec": spec, "doc": doc, "source": source}
    if default is _MISSING:
        return field(metadata=metadata)
    if isinstance(default, list | dict | set):
        return field(default_factory=lambda: type(default)(default), metadata=metadata)
    return field(default=default, metadata=metadata)


class Struct(Spec):
    """A mapping validated against a dataclass whose fields were made with :func:`spec_field`."""

    shape = "mapping"

    def __init__(self, model: type, ignore: Sequence[str] = (), book: str = "",
                 loose_keys: bool = False) -> None:
        self.model = model
        self.ignore = tuple(ignore)
        self.book = book
        self.fields = list(declared_fields(model))
        self.expected = "a mapping"
        # ``loose_keys``: a key spelt as a rulebook writes the field ("G-Endurance" for
        # g_endurance), in any case, with spaces, hyphens or underscores, is that field.
        self.loose = {loose_word(f.name): f for f in self.fields} if loose_keys else {}

    def describe_doc(self) -> str:
        return "a mapping of the fields listed under it"

    def own_schema(self) -> dict[str, Any]:
        """A mapping with the model's declared fields, each with its one-line doc."""
        properties: dict[str, Any] = {}
        required = []
        for info in self.fields:
            properties[info.name] = {**info.spec.json_schema(), "description":
                                     f"{info.doc} Accepts {info.spec.describe_doc()}."}
            if info.required:
                required.append(info.name)
        body: dict[str, Any] = {"type": "object", "properties": properties,
                                "additionalProperties": False}
        if self.loose:
            return self.loose_schema(body, required)
        if required:
            body["required"] = required
        return body

    def loose_schema(self, body: dict[str, Any], required: list[str]) -> dict[str, Any]:
        """The mapping's schema where each field's key may be written loosely: a pattern
        per field, and each required field present under some spelling."""
        patterns = {f"^\\s*{loose_pattern(word)}\\s*$": info.name
                    for word, info in self.loose.items()}
        body["patternProperties"] = {pattern: body["properties"][name]
                                     for pattern, name in patterns.items()}
        present = [{"not": {"propertyNames": {"not": {"pattern": pattern}}}}
                   for pattern, name in patterns.items() if name in required]
        return {**body, "allOf": present} if present else body

    def field_for(self, key: Any, known: Mapping[str, FieldInfo]) -> FieldInfo | None:
        """The field a key stands for: its own name, or (loose keys) a spelling of it."""
        if not isinstance(key, str):
            return None
        return known.get(key) or self.loose.get(loose_word(key))

    def check(self, node: Node, path: KeyPath, v: Validation) -> Any:
        if not isinstance(node, Map):
            return self.wrong_type(node, path, v)
        known = {f.name: f for f in self.fields}
        values: dict[str, Any] = {}
        first: dict[str, Mark] = {}
        bad = False
        for key, entry in node.entries.items():
            if key in self.ignore:
                continue
            info = self.field_for(key, known)
            if info is not None and info.name in first:  # two spellings of one field
                v.findings.append(dataclasses.replace(
                    FORMAT_RULES["YAML-DUPLICATE-KEY"].finding(
                        entry.key_mark, key=info.name, first_line=first[info.name].line),
                    source=v.source))
                bad = True
                continue
            if info is None:
                guess = did_you_mean(str(key), list(known)) if isinstance(key, str) else None
                block = self.left_block(node, entry, path, v)
                home = nested_home(str(key), known) if not (block or guess) else None
                moved = self.outer_home(key, v) if not (block or guess or home) else None
                suggestion = (f"did you mean to indent '{key}' under '{block}'?" if block
                              else f"did you mean '{guess}'?" if guess
                              else f"did you mean to put it under '{home[0]}:'?"
                              if home and home[1] == key
                              else f"did you mean '{home[1]}' under '{home[0]}:'?" if home
                              else f"did you mean to put it outside '{moved[1]}:', one "
                                   "level up?" if moved and moved[0] == "out"
                              else f"did you mean to put it under '{moved[1]}:'?" if moved
                              else "")
                v.fail("SCHEMA-UNKNOWN-KEY", entry.key_mark, (*path, str(key)), None,
                       key=key, known=", ".join(known), suggestion=suggestion)
                bad = True
                continue
            first[info.name] = entry.key_mark
            v.enclosing.append((str(key), node, self))
            try:
                value = info.spec.validate(entry.value, (*path, key), v)
            finally:
                v.enclosing.pop()
            if key != info.name:  # findings about the field find it by its own name
                v.marks[shared_path((*path, info.name))] = v.marks[shared_path((*path, key))]
            bad = bad or value is INVALID
            values[info.name] = value
        for info in self.fields:
            if info.required and info.name not in first:
                v.missing[(*path, info.name)] = len(v.findings)
                v.fail("SCHEMA-MISSING-KEY", node.mark, (*path, info.name), info.source,
                       key=info.name, doc=info.doc)
                bad = True
        if bad:
            v.partials[shared_path(path)] = self.partial(values, path, v)
            return INVALID
        return self.model(**values)

    def partial(self, values: dict[str, Any], path: KeyPath, v: Validation) -> Any:
        """The model built without validation from what parsed: nested values as far as
        they could be kept, defaults for fields not written, Failed for the rest."""
        instance: Any = object.__new__(self.model)
        for item in dataclasses.fields(self.model):
            where = (*path, item.name)
            if item.name in values:
                value = v.salvage(where, values[item.name])
            elif item.default is not dataclasses.MISSING:
                value = item.default
            elif item.default_factory is not dataclasses.MISSING:
                value = item.default_factory()
            else:
                value = Failed(where)
            object.__setattr__(instance, item.name, value)
        return instance

    @staticmethod
    def outer_home(key: Any, v: Validation) -> tuple[str, str] | None:
        """Where an unknown key belongs when the mapping around its block has room for it:
        ("out", block) for a key of that mapping written inside the block (``ram_modifier:``
        under ``car:``), ("under", other) for a key of a neighbouring block (``cdm:`` under
        ``car:`` where ``driver:`` lacks it)."""
        if not v.enclosing or not isinstance(key, str):
            return None
        block, outer, spec = v.enclosing[-1]
        if any(f.name == key for f in spec.fields):
            return ("out", block) if key not in outer.entries else None
        for info in spec.fields:
            inner = info.spec.nested()
            there = outer.entries.get(info.name)
            if (info.name != block and inner is not None and there is not None
                    and isinstance(there.value, Map) and key not in there.value.entries
                    and any(f.name == key for f in inner.fields)):
                return "under", info.name
        return None

    def left_block(self, node: Map, unknown: Entry, path: KeyPath, v: Validation) -> str | None:
        """The block above an unknown key that misses a key of that name: the key was
        written one indentation too far out (``value:`` under ``damage:``, but dedented).
        Links the missing-key finding back to where the key is."""
        key = unknown.key
        blocks = [e for e in node.entries.values()
                  if e.key_mark < unknown.key_mark and isinstance(e.value, Map)
                  and key not in e.value.entries and isinstance(e.key, str)]
        for entry in reversed(blocks):
            info = next((f for f in self.fields if f.name == entry.key), None)
            inner = info.spec.nested() if info is not None else None
            if inner is None or not any(f.name == key for f in inner.fields):
                continue
            index = v.missing.get((*path, entry.key, key))
            if index is not None:
                missing = v.findings[index]
                v.findings[index] = dataclasses.replace(
                    missing, hint=f"'{key}:' is at line {unknown.key_mark.line}, outside "
                                  f"'{entry.key}': did you mean to indent it under "
                                  f"'{entry.key}'?")
            return str(entry.key)
        return None

    def nested(self) -> Struct | None:
        return self


def declared_fields(model: type) -> Iterator[FieldInfo]:
    """The spec'd fields of a model dataclass, in declaration order."""
    for f in dataclasses.fields(model):
        if "spec" not in f.metadata:
            continue
        default: Any = None
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif callable(f.default_factory):
            default = f.default_factory()
        required = (f.default is dataclasses.MISSING
                    and f.default_factory is dataclasses.MISSING)
        yield FieldInfo(f.name, f.metadata["spec"], f.metadata["doc"], required, default,
                        f.metadata.get("source"))


def reference(model: type, prefix: str = "") -> Iterator[tuple[str, FieldInfo]]:
    """Walk a model's fields, nested structs included, for the generated schema reference."""
    for info in declared_fields(model):
        name = f"{prefix}{info.name}"
        yield name, info
        inner = info.spec.nested()
        if inner is not None:
            yield from reference(inner.model, f"{name}.")


def locate(marks: Mapping[KeyPath, Mark], path: KeyPath, fallback: Mark) -> Mark:
    """The position of ``path``, or of its nearest recorded ancestor."""
    for end in range(len(path), -1, -1):
        mark = marks.get(path[:end])
        if mark is not None:
            return mark
    return fallback


def load_packaged(path: Path, schema: Struct) -> Any:
    """A definition shipped inside the package (a game's baseline), validated.

    It is our own data, so any finding is a programming error and raises RuntimeError
    rather than reaching a person as input trouble."""
    from generator.input.source import load_document

    validation = Validation(source=f"packaged {path.name}")
    model = schema.validate(load_document(path).root, (), validation)
    if model is INVALID or validation.findings:
        raise RuntimeError(f"{path} is invalid: {validation.findings}")
    return model


def nested_home(key: str, known: dict[str, Any]) -> tuple[str, str] | None:
    """For a key unknown at its level, the block one level down that has it (or a close
    spelling of it): ``papr:`` at the top of a kit is ``paper`` under ``print:``."""
    for name, info in known.items():
        inner = getattr(info.spec, "fields", None)
        if not inner:
            continue
        guess = did_you_mean(key, [f.name for f in inner])
        if guess:
            return name, guess
    return None
