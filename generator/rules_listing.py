"""``paddock rules``: every rule with its id, severity and source, as text or JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from generator.findings import Rule, RuleBook
from generator.games.base import Game
from generator.schema import FORMAT_RULES


def all_rules(games: Sequence[Game], include_format: bool) -> list[tuple[str, Rule]]:
    """(group, rule) pairs: the file-format rules first when asked, then each rule book once,
    grouped under every game that uses it (the track rules serve several games)."""
    rows: list[tuple[str, Rule]] = []
    if include_format:
        rows += [("file format", rule) for rule in FORMAT_RULES.rules.values()]
    books: list[RuleBook[Any]] = []
    users: dict[int, list[str]] = {}
    for game in games:
        for book in game.rule_books():
            if id(book) not in users:
                books.append(book)
                users[id(book)] = []
            users[id(book)].append(game.id)
    for book in books:
        group = ", ".join(users[id(book)])
        rows += [(group, rule) for rule in book.rules.values()]
    return rows


def format_rules(games: Sequence[Game], fmt: str, include_format: bool = True) -> str:
    rows = all_rules(games, include_format)
    if fmt == "json":
        data: list[dict[str, Any]] = [
            {"group": group, "rule": r.id, "severity": r.severity.value, "source": r.source,
             **({"params": dict(r.params)} if r.params else {})} for group, r in rows]
        return json.dumps({"rules": data}, indent=2)
    width = max(len(r.id) for _, r in rows)
    lines = [f"{r.id:<{width}}  {r.severity.value:<7}  {r.source}" for _, r in rows]
    return "\n".join(lines)
