"""``paddock rules``: every rule with what it checks, its severity and source, as text or
JSON; one rule explained in full."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from typing import Any

from generator.errors import UsageError
from generator.input.findings import Rule, RuleBook
from generator.input.schema import FORMAT_RULES, did_you_mean
from generator.project.game import Game
from generator.project.kit import KIT_RULES
from generator.text.templates import sketch_message


def all_rules(games: Sequence[Game], include_format: bool) -> list[tuple[str, Rule]]:
    """(group, rule) pairs: the file-format and kit rules first when asked, then each rule
    book once, grouped under every game that uses it (the track rules serve several games)."""
    rows: list[tuple[str, Rule]] = []
    if include_format:
        rows += [("file format", rule) for rule in FORMAT_RULES.rules.values()]
        rows += [("kit file", rule) for rule in KIT_RULES.rules.values()]
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


def rule_data(group: str, rule: Rule) -> dict[str, Any]:
    """Everything the rule data says about one rule, as ``--format json`` shows it."""
    data: dict[str, Any] = {
        "group": group, "rule": rule.id, "severity": rule.severity.value,
        "checks": rule.summary, "source": rule.source, "message": rule.message,
    }
    if rule.sources:
        data["sources"] = dict(rule.sources)
    if rule.hint:
        data["hint"] = rule.hint
    if rule.params:
        data["params"] = dict(rule.params)
    if rule.note:
        data["note"] = " ".join(rule.note.split())
    return data


def format_rules(games: Sequence[Game], fmt: str, include_format: bool = True) -> str:
    """The listing: in text, each rule's id, severity and source, then what it checks."""
    rows = all_rules(games, include_format)
    if fmt == "json":
        return json.dumps({"rules": [rule_data(g, r) for g, r in rows]}, indent=2)
    width = max(len(r.id) for _, r in rows)
    lines: list[str] = []
    group = None
    for row_group, rule in rows:
        if row_group != group:
            lines += ([""] if lines else []) + [f"[{row_group}]"]
            group = row_group
        lines.append(f"{rule.id:<{width}}  {rule.severity.value:<7}  {rule.source}")
        lines.append(f"{'':<{width}}  checks: {rule.summary}")
    return "\n".join(lines)


def find_rule(games: Sequence[Game], name: str) -> tuple[str, Rule]:
    """The rule called ``name`` (any case) with its group; a usage error naming the nearest
    game or rule id otherwise."""
    by_id = {rule.id: (group, rule) for group, rule in all_rules(games, include_format=True)}
    if name.upper() in by_id:
        return by_id[name.upper()]
    guess = did_you_mean(name, [g.id for g in games] + list(by_id))
    raise UsageError(f"no game or rule called {name!r}"
                     + (f"; did you mean {guess}?" if guess else "")
                     + f" Games: {', '.join(g.id for g in games)}; 'paddock rules' lists "
                     "every rule id")


def explain_rule(group: str, rule: Rule, fmt: str) -> str:
    """One rule in full: what it checks, where the book says so, its numbers, message,
    hint and the note on how the book was read."""
    if fmt == "json":
        return json.dumps(rule_data(group, rule), indent=2)
    lines = [f"{rule.id} ({rule.severity.value}; {group})",
             f"  checks:  {rule.summary}",
             f"  source:  {rule.source}"]
    lines += [f"  source for {'an' if what[:1] in 'aeiou' else 'a'} {what}: {source}"
              for what, source in rule.sources.items()]
    if rule.params:
        shown = ", ".join(f"{k} = {json.dumps(v)}" for k, v in rule.params.items())
        lines.append(f"  params:  {shown}")
    lines.append(f"  message: {sketch_message(rule.message, rule.params)}")
    if rule.hint:
        lines.append(f"  hint:    {sketch_message(rule.hint, rule.params)}")
    if rule.note:
        lines.append("  note:")
        lines += textwrap.wrap(" ".join(rule.note.split()), 88, initial_indent="    ",
                               subsequent_indent="    ")
    return "\n".join(lines)
