"""Findings, and rules kept as data.

A rule is an id (``FR-MOVE-PHASE-MAX``), a severity, a message template, a hint and the
rulebook section it comes from, all read from a ``rules.yaml`` file. The Python side of a rule
is a *check*: a function that looks at a model and yields :class:`Violation` objects naming
the path of the offending value and the numbers for the message. The rule book turns them into
:class:`Finding` objects with file, line and column.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from generator.input.partial import FieldFailed
from generator.input.source import Mark
from generator.keep.data_yaml import read_data
from generator.text.templates import render_message

KeyPath = tuple[str | int, ...]


class Severity(enum.Enum):
    """Errors: what the rulebook forbids or what cannot be printed. Warnings: its 'should',
    'usually' and 'as a guide'. Info: advice."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing Paddock has to say about an input, pinned to where it is."""

    rule: str
    severity: Severity
    message: str
    mark: Mark
    source: str
    hint: str | None = None
    # The source line with a caret under the position, for input that could not be parsed.
    excerpt: str | None = None
    # Why the designer accepts it (a '# paddock: allow RULE -- reason' comment or the kit's
    # waive: list); a waived finding is shown but never fails a run, even with --strict.
    waived: str | None = None

    def sort_key(self) -> tuple[str, int, int, int, str]:
        return (self.mark.file, self.mark.line, self.mark.column, self.severity.rank, self.rule)

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape promised by ``paddock check --format json``."""
        data: dict[str, Any] = {
            "rule": self.rule,
            "severity": self.severity.value,
            "message": self.message,
            "file": self.mark.file,
            "line": self.mark.line,
            "column": self.mark.column,
            "source": self.source,
        }
        if self.hint:
            data["hint"] = self.hint
        if self.excerpt:
            data["excerpt"] = self.excerpt
        if self.waived is not None:
            data["waived"] = self.waived
        return data


@dataclass(frozen=True, slots=True)
class Violation:
    """What a check reports: where (a key path into the file) and the message's numbers."""

    path: KeyPath
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Rule:
    """A rule as the rules.yaml data declares it."""

    id: str
    severity: Severity
    message: str
    source: str
    hint: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    note: str | None = None
    checks: str = ""
    section: str = ""
    # Where the book says it for each kind of entry the rule checks, by the finding's 'what'
    # (a rule shared by traits, special cards and affects cites each one's own section).
    sources: Mapping[str, str] = field(default_factory=dict)

    @property
    def summary(self) -> str:
        """What the rule checks, in one line, with its numbers filled in from ``params``."""
        return render_message(self.checks, self.params) if self.checks else ""

    def finding(self, mark: Mark, **values: Any) -> Finding:
        """Build the finding for this rule at ``mark``; values fill the message template."""
        merged = {**self.params, **values}
        hint = render_message(self.hint, merged) if self.hint else None
        source = self.sources.get(str(values.get("what", "")), self.source)
        return Finding(self.id, self.severity, render_message(self.message, merged),
                       mark, source, hint)


Model = TypeVar("Model")
Check = Callable[..., Iterable[Violation]]


class RuleBookError(Exception):
    """A rules.yaml file or its checks disagree: a programming error, caught by the tests."""


class RuleBook(Generic[Model]):
    """The rules of one game (or of the file format), loaded from YAML, with their checks."""

    def __init__(self, data_file: Path) -> None:
        raw = read_data(data_file)
        self.data_file = data_file
        self.book: str = raw["book"]
        self.rules: dict[str, Rule] = {}
        for rule_id, spec in raw["rules"].items():
            section = spec["section"]
            cited = {what: f"{self.book}, {where}" if self.book else where
                     for what, where in spec.get("sections", {}).items()}
            self.rules[rule_id] = Rule(
                id=rule_id,
                severity=Severity(spec["severity"]),
                message=spec["message"],
                source=f"{self.book}, {section}" if self.book else section,
                hint=spec.get("hint"),
                params=spec.get("params", {}),
                note=spec.get("note"),
                checks=spec.get("checks", ""),
                section=section,
                sources=cited,
            )
        self.checks: dict[str, Check] = {}
        # What an editor's JSON Schema holds of a rule (``editor_schema``), by rule id.
        self.editor_parts: dict[str, Callable[..., list[dict[str, Any]]]] = {}

    def __getitem__(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def check(self, rule_id: str) -> Callable[[Check], Check]:
        """Decorator registering the function that finds violations of ``rule_id``."""
        if rule_id not in self.rules:
            raise RuleBookError(f"{rule_id} has a check but no entry in rules.yaml")

        def register(func: Check) -> Check:
            self.checks[rule_id] = func
            return func

        return register

    def editor_schema(self, rule_id: str) -> Callable[[Callable[..., list[dict[str, Any]]]],
                                                       Callable[..., list[dict[str, Any]]]]:
        """Decorator registering the JSON Schema of ``rule_id``: a function given the rule's
        ``params`` (and ``context`` when it asks) that returns subschemas of the whole file,
        each rejecting exactly what the rule's check reports. Only a rule whose whole
        constraint a schema can say (one value or one mapping in isolation) has one."""
        if rule_id not in self.rules:
            raise RuleBookError(f"{rule_id} has an editor schema but no entry in rules.yaml")

        def register(func: Callable[..., list[dict[str, Any]]]
                     ) -> Callable[..., list[dict[str, Any]]]:
            self.editor_parts[rule_id] = func
            return func

        return register

    def editor_schemas(self, context: Any = None) -> dict[str, list[dict[str, Any]]]:
        """Each rule's subschemas (see ``editor_schema``), built from its params as data."""
        built = {}
        for rule_id, func in self.editor_parts.items():
            kwargs = dict(self.rules[rule_id].params)
            if "context" in func.__code__.co_varnames[: func.__code__.co_argcount]:
                kwargs["context"] = context
            built[rule_id] = func(**kwargs)
        return built

    def run(self, model: Model, locate: Callable[[KeyPath], Mark],
            context: Any = None) -> Iterator[Finding]:
        """Run every check on ``model``; ``locate`` turns key paths into file positions.

        Each check receives the model, the rule's ``params`` from the data as keyword
        arguments, and ``context`` (game data such as catalogues) when it asks for it.
        """
        for rule_id, func in self.checks.items():
            rule = self.rules[rule_id]
            kwargs = dict(rule.params)
            if "context" in func.__code__.co_varnames[: func.__code__.co_argcount]:
                kwargs["context"] = context
            for violation in func(model, **kwargs):
                yield rule.finding(locate(violation.path), **violation.params)

    def run_partial(self, model: Model, locate: Callable[[KeyPath], Mark],
                    context: Any = None) -> tuple[list[Finding], dict[str, KeyPath]]:
        """Run every check on a model some of whose fields failed validation (see
        ``partial``). A check that uses a failed field is skipped: its findings are dropped
        and its rule id is returned with the field it needed (() when it is not known)."""
        findings: list[Finding] = []
        skipped: dict[str, KeyPath] = {}
        for rule_id, func in self.checks.items():
            rule = self.rules[rule_id]
            kwargs = dict(rule.params)
            if "context" in func.__code__.co_varnames[: func.__code__.co_argcount]:
                kwargs["context"] = context
            try:
                found = [rule.finding(locate(violation.path), **violation.params)
                         for violation in func(model, **kwargs)]
            except FieldFailed as exc:
                skipped[rule_id] = exc.path
                continue
            except Exception:  # noqa: BLE001 - a half-built model may trip a check otherwise
                skipped[rule_id] = ()
                continue
            findings.extend(found)
        return findings, skipped

    def unchecked(self) -> list[str]:
        """Rules declared in data with no check: the tests keep this empty for game rules."""
        return [rule_id for rule_id in self.rules if rule_id not in self.checks]


@dataclass
class Summary:
    """Counts by severity, as ``paddock check`` reports them."""

    errors: int = 0
    warnings: int = 0
    infos: int = 0
    files: int = 0
    waived: int = 0  # counted apart: a waived warning is not among the warnings

    @classmethod
    def of(cls, findings: Iterable[Finding], files: int) -> Summary:
        summary = cls(files=files)
        for finding in findings:
            if finding.waived is not None:
                summary.waived += 1
            elif finding.severity is Severity.ERROR:
                summary.errors += 1
            elif finding.severity is Severity.WARNING:
                summary.warnings += 1
            else:
                summary.infos += 1
        return summary

    def as_dict(self) -> dict[str, int]:
        return {"errors": self.errors, "warnings": self.warnings, "info": self.infos,
                "waived": self.waived, "files": self.files}
