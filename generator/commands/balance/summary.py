"""What ``paddock balance`` prints: a readable summary for people, JSON for tools.

Both read the same context, built here from a :class:`BalanceRun`. The people's version is a
plain-text template (``templates/balance/summary.txt.j2``) followed by the findings in the
exact shape ``paddock check`` prints them; the JSON has ``paddock check``'s ``findings`` and
``summary`` and adds ``profiles`` (every axis value, exact numbers as floats) and ``report``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.balance.axes import Value, is_infinite
from generator.balance.compare import Standing
from generator.balance.verdicts import race_params
from generator.commands.balance.run import BalanceRun, GameBalance, Measured
from generator.input.findings import Summary
from generator.input.report import format_text
from generator.text.templates import TextTemplates

SUMMARY_TEMPLATE = "balance/summary.txt.j2"
MARKS = {Standing.BETTER: "+", Standing.WORSE: "-", Standing.EQUAL: "="}


def build_context(measured: Measured, reasons: Mapping[str, str] | None = None
                  ) -> dict[str, Any]:
    """One build: its verdict and every axis, formatted, in axis order, each with its unit,
    which way is better, and the reason behind it where the row is a surprising one."""
    reasons = reasons or {}
    rows = [{"id": r.axis.id, "label": r.axis.label, "short": r.axis.short,
             "value": r.axis.format(r.value), "baseline": r.axis.format(r.baseline),
             "standing": r.standing.value, "mark": MARKS[r.standing],
             "better": r.axis.better_word, "unit": r.axis.unit,
             "why": reasons.get(r.axis.id)} for r in measured.comparison.results]
    return {"name": measured.profile.name, "path": measured.definition.path,
            "verdict": measured.verdict, "rows": rows,
            "better": [row for row in rows if row["standing"] == "better"],
            "worse": [row for row in rows if row["standing"] == "worse"],
            "equal": [row for row in rows if row["standing"] == "equal"],
            "unmeasured": list(measured.profile.unmeasured),
            "race": race_context(measured)}


def race_context(measured: Measured) -> dict[str, Any] | None:
    """The race verdict's numbers (percent), or None when the build was not raced."""
    race = measured.race
    if race is None:
        return None
    return race_params(measured.profile.name, race)


def game_context(game: GameBalance) -> dict[str, Any]:
    """One game's run: its baseline, tolerance, axes and builds."""
    return {
        "game": {"id": game.game.id, "title": game.game.title,
                 "raceable": game.hook.raceable, "bought": game.hook.bought},
        "baseline": {"name": game.baseline.name, "file": game.baseline_file},
        "tolerance": f"{game.hook.equal_within * 100:g}%",
        "axes": [{"id": a.id, "label": a.label, "short": a.short, "group": a.group,
                  "better": a.better_word, "how": a.how} for a in game.hook.axes],
        "builds": [build_context(m, game.hook.reasons(m.profile, game.baseline)
                                 if game.hook.reasons else None) for m in game.measured],
    }


def run_context(run: BalanceRun) -> dict[str, Any]:
    """Every game's context, and the files that were not measured."""
    return {"games": [game_context(g) for g in run.games],
            "skipped": [{"file": f, "reason": r} for f, r in run.skipped]}


def format_summary(run: BalanceRun, templates: TextTemplates, report: Path | None) -> str:
    """The readable summary, then the findings and count line as ``paddock check`` prints."""
    context = {**run_context(run), "report": str(report) if report else None}
    text = templates.render(SUMMARY_TEMPLATE, context).rstrip("\n")
    findings = format_text(run.findings, Summary.of(run.findings, len(run.files)))
    return f"{text}\n\n{findings}" if text else findings


def _number(value: Value) -> float | None:
    return None if is_infinite(value) else float(value)


def profile_json(game: GameBalance, measured: Measured) -> dict[str, Any]:
    """One build in the JSON output: its verdict and every axis."""
    return {
        "game": game.game.id, "name": measured.profile.name, "file": measured.definition.path,
        "baseline": game.baseline.name, "baseline_file": game.baseline_file,
        "verdict": measured.verdict, "unmeasured": list(measured.profile.unmeasured),
        "race": race_context(measured),
        "axes": {r.axis.id: {"value": _number(r.value), "baseline": _number(r.baseline),
                             "shown": r.axis.format(r.value), "better": r.axis.better_word,
                             "standing": r.standing.value}
                 for r in measured.comparison.results},
        **({"details": game.hook.details(measured.profile)} if game.hook.details else {}),
    }


def format_json(run: BalanceRun, report: Path | None) -> str:
    """``{"findings", "summary", "profiles", "report"}``; an infinite value is null (its
    ``shown`` text says never or no limit)."""
    data = {
        "findings": [f.as_dict() for f in run.findings],
        "summary": Summary.of(run.findings, len(run.files)).as_dict(),
        "profiles": [profile_json(g, m) for g in run.games for m in g.measured],
        "report": str(report) if report else None,
    }
    return json.dumps(data, indent=2, ensure_ascii=False)
