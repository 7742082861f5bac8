"""``paddock schema``: the field reference, produced from the same declarations that validate."""

from __future__ import annotations

import json
from typing import Any

from generator.input.schema import Spec, reference
from generator.project.game import Game


def _default(value: Any, spec: Spec | None = None) -> str:
    if value in ((), {}, "", None):
        return ""
    if hasattr(value, "__dataclass_fields__"):
        return ""
    return f" Default: {spec.show_default(value) if spec else repr(value)}."


def format_schema(game: Game) -> str:
    """Markdown: one section per kind, one line per field with its doc and accepted values."""
    lines = [f"# {game.title} file reference", ""]
    for kind in game.kinds.values():
        lines += [f"## kind: {kind.name}", "",
                  f"Start the file with `game: {game.id}` and `kind: {kind.name}`.", ""]
        for name, info in reference(kind.schema.model):
            required = "required" if info.required else "optional"
            source = f" ({info.source})" if info.source else ""
            lines.append(f"- `{name}` ({required}): {info.doc} Accepts "
                         f"{info.spec.describe_doc()}.{_default(info.default, info.spec)}{source}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def format_schema_json(game: Game) -> str:
    """The same reference as JSON: per kind, each field's path, doc, what it accepts, whether
    it is required, its default and its rulebook source."""
    kinds = {}
    for kind in game.kinds.values():
        kinds[kind.name] = [
            {"field": name, "required": info.required, "doc": info.doc,
             "accepts": info.spec.describe_doc(),
             **({"default": info.spec.show_default(info.default)}
                if _default(info.default) else {}),
             **({"source": info.source} if info.source else {})}
            for name, info in reference(kind.schema.model)]
    return json.dumps({"game": game.id, "kinds": kinds}, indent=2, ensure_ascii=False,
                      default=str)
