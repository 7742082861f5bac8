"""``paddock balance --suggest``: the smallest edits that bring a build inside the band.

A build is outside the band when it dominates the baseline (as good on every axis, better on
some: likely overpowered; not so in a game where strength is bought) or is dominated by it.
The search tries the edits a designer makes by hand, on the file's own text:

- every whole number in the file one up or one down (a card count, a trait's or an affect's
  value, an entry of a Speed table row, a Damage value), and
- every one-line entry of a ``traits`` list or an ``affects`` table taken out,

each checked as ``paddock check`` would (an edit that breaks a rule is never suggested) and
measured on the game's exact axes. The one-step edits that bring the build inside are
printed; when there are none, pairs of the most promising one-step edits are tried (those
that move the build towards the band: fewer axes on the side it is outside). Each is shown
as a diff of the file with its effect on the verdict and the axes it changes.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator.balance.compare import Comparison
from generator.balance.hook import BalanceHook, Profile
from generator.commands.balance.run import BalanceRun, baseline_profile, judge
from generator.errors import InputError
from generator.input.findings import Severity
from generator.input.source import parse_document
from generator.project.loading import Definition, run_rules, validate
from generator.text.templates import TextTemplates

KeyPath = tuple[str | int, ...]
SUGGEST_TEMPLATE = "balance/suggest.txt.j2"
FIXED_KEYS = {"game", "kind", "name", "colour", "background", "season", "credits"}
REMOVABLE = {"traits", "affects"}
SHOWN = 5  # suggestions printed per build
PAIRED = 12  # one-step edits combined in pairs when none is enough alone
_NUMBER = re.compile(r"-?\d+")


@dataclass(frozen=True)
class Edit:
    """One change to the file's text: a number replaced, or a one-line entry removed."""

    path: KeyPath
    line: int
    column: int
    old: str
    new: str | None  # None: the line is removed

    def describe(self) -> str:
        where = ".".join(map(str, self.path))
        return f"remove {where}" if self.new is None else f"{where} {self.old} -> {self.new}"


@dataclass(frozen=True)
class Suggestion:
    """Edits that bring one build inside the band, with what they change."""

    edits: tuple[Edit, ...]
    diff: str
    comparison: Comparison
    verdict: str


def verdict_of(comparison: Comparison) -> str:
    if comparison.dominates:
        return "dominates"
    if comparison.dominated:
        return "dominated"
    return "matches" if not comparison.better and not comparison.worse else "trade-offs"


def outside(comparison: Comparison, hook: BalanceHook) -> bool:
    """Outside the band: dominated, or dominating where strength is not bought."""
    return comparison.dominated or (comparison.dominates and not hook.bought)


def candidate_edits(text: str, definition: Definition) -> list[Edit]:
    """Every one-step edit of the file: numbers one up and one down, one-line entries of
    traits and affects taken out."""
    lines = text.splitlines()
    edits: list[Edit] = []
    for path, value in walk(yaml.safe_load(text), ()):
        if path and str(path[0]) in FIXED_KEYS:
            continue
        mark = definition.locate(path)
        if not 1 <= mark.line <= len(lines):
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            found = _NUMBER.match(lines[mark.line - 1], mark.column - 1)
            if found is None or int(found.group(0)) != value:
                continue
            for new in (value - 1, value + 1):
                edits.append(Edit(path, mark.line, mark.column, found.group(0), str(new)))
        elif len(path) >= 2 and str(path[-2]) in REMOVABLE and one_line(lines, mark.line):
            edits.append(Edit(path, mark.line, mark.column, lines[mark.line - 1], None))
    return edits


def walk(data: Any, path: KeyPath) -> Iterator[tuple[KeyPath, Any]]:
    """Every value in the file's data with its key path (entries before their insides)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*path, key), value
            yield from walk(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield (*path, index), value
            yield from walk(value, (*path, index))


def one_line(lines: Sequence[str], line: int) -> bool:
    """Whether the entry starting on ``line`` ends there (the next line is no deeper)."""
    indent = len(lines[line - 1]) - len(lines[line - 1].lstrip(" -"))
    following = next((t for t in lines[line:] if t.strip() and not t.lstrip().startswith("#")),
                      "")
    return len(following) - len(following.lstrip(" -")) <= indent or not following


def apply(text: str, edits: Sequence[Edit]) -> str | None:
    """The text with ``edits`` made; None when two of them touch one number or line."""
    lines = text.splitlines(keepends=True)
    if len({(e.line, e.column) for e in edits}) != len(edits):
        return None
    removed = {e.line for e in edits if e.new is None}
    for edit in sorted(edits, key=lambda e: (e.line, -e.column)):
        if edit.new is None:
            continue
        if edit.line in removed:
            return None
        row = lines[edit.line - 1]
        start = edit.column - 1
        lines[edit.line - 1] = row[:start] + edit.new + row[start + len(edit.old):]
    return "".join(t for n, t in enumerate(lines, start=1) if n not in removed)


def measure(text: str, definition: Definition, hook: BalanceHook, baseline: Profile
            ) -> list[Comparison] | None:
    """Each build of the edited file against the baseline; None when the edit breaks a
    rule or the file."""
    try:
        document = parse_document(text, definition.path)
    except InputError:  # an edit that breaks the file is simply not suggested
        return None
    edited, findings = validate(document)
    if edited is None or any(f.severity is Severity.ERROR for f in findings):
        return None
    if any(f.severity is Severity.ERROR for f in run_rules(edited)):
        return None
    return [judge(hook, edited, subject, baseline).comparison
            for subject in hook.builds(edited.model)]


@dataclass(frozen=True)
class Search:
    """One build now, the edits measured, and the fewest-step ones that bring it inside."""

    now: Comparison
    tried: int
    suggestions: list[Suggestion]


def suggest(definition: Definition, text: str, index: int, against: Definition | None = None
            ) -> Search:
    """The build ``index`` of ``definition`` now, and the fewest-step edits bringing it
    inside the band (none when it is inside already)."""
    hook = definition.game.balance
    assert hook is not None
    baseline, _ = baseline_profile(definition.game, against)
    now = measure(text, definition, hook, baseline)
    if now is None or index >= len(now):
        raise ValueError(f"{definition.path}: cannot measure build {index}")
    if not outside(now[index], hook):
        return Search(now[index], 0, [])
    tried: list[tuple[Edit, Comparison]] = []
    found = []
    for edit in candidate_edits(text, definition):
        result = try_edits(text, (edit,), definition, hook, baseline, index)
        if result is None:
            continue
        tried.append((edit, result.comparison))
        if not outside(result.comparison, hook):
            found.append(result)
    if not found:
        promising = sorted(tried, key=lambda pair: closeness(pair[1], now[index]))[:PAIRED]
        for first in range(len(promising)):
            for second in range(first + 1, len(promising)):
                pair = (promising[first][0], promising[second][0])
                result = try_edits(text, pair, definition, hook, baseline, index)
                if result is not None and not outside(result.comparison, hook):
                    found.append(result)
    found.sort(key=lambda s: (len(s.edits), changed_axes(s.comparison, now[index])))
    return Search(now[index], len(tried), varied(found)[:SHOWN])


def varied(found: Sequence[Suggestion]) -> list[Suggestion]:
    """One suggestion per place edited (a row, a card count, a trait): the first, in
    order, of those that edit the same places (deceleration[1], [2] and [3] are one)."""
    kept, seen = [], set()
    for suggestion in found:
        places = frozenset(tuple(p for p in e.path if not isinstance(p, int))
                           for e in suggestion.edits)
        if places not in seen:
            seen.add(places)
            kept.append(suggestion)
    return kept


def try_edits(text: str, edits: tuple[Edit, ...], definition: Definition, hook: BalanceHook,
              baseline: Profile, index: int) -> Suggestion | None:
    edited = apply(text, edits)
    if edited is None:
        return None
    measured = measure(edited, definition, hook, baseline)
    if measured is None or index >= len(measured):
        return None
    diff = "".join(difflib.unified_diff(text.splitlines(keepends=True),
                                        edited.splitlines(keepends=True),
                                        definition.path, definition.path, n=1))
    return Suggestion(edits, diff, measured[index], verdict_of(measured[index]))


def closeness(after: Comparison, before: Comparison) -> tuple[int, int]:
    """How near an edit leaves a build to the band (smaller is nearer): the axes still on
    the side it is outside, then how many axes it changed."""
    side = len(after.better) if before.dominates else len(after.worse)
    return side, changed_axes(after, before)


def changed_axes(after: Comparison, before: Comparison) -> int:
    """How many axes stand differently from before."""
    return sum(a.standing is not b.standing for a, b in zip(after.results, before.results,
                                                              strict=True))


def suggestion_context(now: Comparison, suggestion: Suggestion) -> dict[str, Any]:
    """What the terminal shows of one suggestion: its edits, diff, verdict and the axes
    whose standing it changes (value before and after, unit, which way is better)."""
    changes = [{"short": a.axis.short, "before": a.axis.format(b.value),
                "after": a.axis.format(a.value), "unit": a.axis.unit,
                "better": a.axis.better_word, "standing": a.standing.value}
               for a, b in zip(suggestion.comparison.results, now.results, strict=True)
               if a.standing is not b.standing]
    return {"edits": [e.describe() for e in suggestion.edits], "diff": suggestion.diff,
            "verdict": suggestion.verdict, "better": len(suggestion.comparison.better),
            "worse": len(suggestion.comparison.worse), "changes": changes}


def format_suggestions(run: BalanceRun, templates: TextTemplates,
                       against: Definition | None = None) -> str:
    """Every measured build's search, game by game (Frothy Races first: registry order)."""
    builds = []
    for game in run.games:
        seen: dict[str, int] = {}
        for measured in game.measured:
            definition = measured.definition
            index = seen.get(definition.path, 0)
            seen[definition.path] = index + 1
            text = Path(definition.path).read_text(encoding="utf-8")
            search = suggest(definition, text, index, against)
            builds.append({
                "name": measured.profile.name, "path": definition.path,
                "verdict": verdict_of(search.now), "tried": search.tried,
                "inside": not outside(search.now, game.hook),
                "suggestions": [suggestion_context(search.now, s)
                                for s in search.suggestions]})
    return templates.render(SUGGEST_TEMPLATE, {"builds": builds}).rstrip("\n")
