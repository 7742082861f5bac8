"""Where a rule's finding points, for the rule-coverage tests: each game's table of minimal bad
cases (in its rules test) gives the file, and the coverage test says what each finding of the
rule must point at."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from generator.input.findings import Finding, Rule, Severity
from tests.conftest import rule_ids

# What a finding must point at: the text found at its line and column (the column is where
# that text starts), or a function giving it, for text known only when the test runs. With
# ``whole`` the text runs to the end of the line, for maps, whose columns are the hexes. A
# tuple: each finding points at one of its texts (a rule that fires at several places).
At = str | tuple[str, ...] | Callable[[], str]


def assert_points_at(findings: list[Finding], rule: Rule, path: Path, at: At,
                     whole: bool = False) -> None:
    """Every finding of ``rule`` is in ``path``, its line and column pointing at ``at``, with
    the rule's severity and its rulebook section, and a hint unless it is only information; at
    least one fired."""
    fired = [f for f in findings if f.rule == rule.id]
    assert fired, f"{rule.id} did not fire; got {sorted(rule_ids(findings))}"
    expected = (at(),) if callable(at) else at if isinstance(at, tuple) else (at,)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert rule.section and rule.source.endswith(rule.section)
    for finding in fired:
        assert Path(finding.mark.file).resolve() == path.resolve(), finding.mark
        assert 1 <= finding.mark.line <= len(lines), finding.mark
        line = lines[finding.mark.line - 1]
        assert 1 <= finding.mark.column <= len(line), finding.mark
        pointed = re.sub(r"^&\w+ ", "", line[finding.mark.column - 1:])  # a dump's anchor
        assert pointed in expected if whole else pointed.startswith(expected), \
            f"{finding.mark} points at {pointed!r}"
        assert finding.severity is rule.severity
        assert finding.source in (rule.source, *rule.sources.values())  # by entry kind
        assert finding.message and "{{" not in finding.message and "{%" not in finding.message
        if rule.severity is not Severity.INFO:  # an error or a warning says how to fix it
            assert finding.hint and "{{" not in finding.hint, f"{rule.id} gives no hint"
