"""Printing findings: compiler-style text for people, JSON for tools."""

from __future__ import annotations

import json
from collections.abc import Sequence

from generator.input.findings import Finding, Summary


def text_line(finding: Finding) -> str:
    """``file:line:col: severity RULE-ID: message [source]``"""
    m = finding.mark
    waived = f" (waived: {finding.waived})" if finding.waived is not None else ""
    return (f"{m.file}:{m.line}:{m.column}: {finding.severity.value} {finding.rule}: "
            f"{finding.message} [{finding.source}]{waived}")


def format_text(findings: Sequence[Finding], summary: Summary, hints: bool = True) -> str:
    """Every finding on its line (its hint indented below it), then a one-line summary. A
    hint already printed for the same rule is not printed again (the same explanation under
    every file that breaks a rule the same way is noise)."""
    lines = []
    explained: set[tuple[str, str]] = set()
    for finding in findings:
        lines.append(text_line(finding))
        if finding.excerpt:
            lines.append(finding.excerpt)
        if hints and finding.hint and (finding.rule, finding.hint) not in explained:
            explained.add((finding.rule, finding.hint))
            lines.append(f"    hint: {finding.hint}")
    lines.append(summary_line(summary))
    return "\n".join(lines)


def summary_line(summary: Summary) -> str:
    def count(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"
    waived = f" ({summary.waived} waived)" if summary.waived else ""
    return (f"{count(summary.errors, 'error')}, {count(summary.warnings, 'warning')}, "
            f"{summary.infos} info{waived} in {count(summary.files, 'file')}")


def format_json(findings: Sequence[Finding], summary: Summary) -> str:
    """``{"findings": [...], "summary": {...}}`` as documented for ``paddock check``."""
    return json.dumps({"findings": [f.as_dict() for f in findings],
                       "summary": summary.as_dict()}, indent=2, ensure_ascii=False)
