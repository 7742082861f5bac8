"""``paddock schema``: the field reference, produced from the same declarations that validate."""

from __future__ import annotations

from typing import Any

from generator.games.base import Game
from generator.schema import reference


def _default(value: Any) -> str:
    if value in ((), {}, "", None):
        return ""
    if hasattr(value, "__dataclass_fields__"):
        return ""
    return f" Default: {value!r}."


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
                         f"{info.spec.describe_doc()}.{_default(info.default)}{source}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
