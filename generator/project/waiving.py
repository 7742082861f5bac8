"""Applying waivers: findings the designer accepts are marked waived, with the reason.

Waivers come from comments in the files read (:mod:`generator.input.waivers`) and from the
kit's ``waive:`` list (every file, or the files its glob names, relative to the kit file's
folder). A waiver waives findings of its rule at its line (or in its whole file); only
warnings and info are waived: a waiver of an error rule is a finding instead. A waiver that
waives nothing, names no known rule, or gives no reason is a finding (the WAIVER-* rules in
``kit_rules.yaml``). A kit waiver is reported unused only when the kit file was itself
read (a check of the whole folder), since a check of one file sees only its findings.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path, PurePath

from generator.errors import InputError
from generator.input.findings import Finding, Severity
from generator.input.schema import FORMAT_RULES, did_you_mean
from generator.input.waivers import Waiver, read_waivers
from generator.project.kit import KIT_RULES, LoadedKit
from generator.project.registry import GAMES


def known_rules() -> dict[str, Severity]:
    """Every rule id Paddock has, with its severity (loads the balance rules too: called
    only when there are waivers)."""
    books = [FORMAT_RULES, KIT_RULES, *(b for g in GAMES.values() for b in g.rule_books())]
    return {rule.id: rule.severity for book in books for rule in book.rules.values()}


def balance_rules() -> set[str]:
    """The verdict rules only ``paddock balance`` runs: a check never sees their findings,
    so a waiver of one is not reported unused there."""
    return {rule.id for game in GAMES.values() if game.balance is not None
            for rule in game.balance.rules.rules.values()}


def kit_waivers(kit: LoadedKit) -> list[Waiver]:
    """The kit's ``waive:`` entries as waivers, each at its ``rule:`` line."""
    return [Waiver(entry.rule.strip().upper(), entry.reason.strip(),
                   kit.locate(("waive", index, "rule")), kit.path, None,
                   entry.files.strip() or "*")
            for index, entry in enumerate(kit.kit.waive)]


def file_waivers(files: Iterable[str]) -> list[Waiver]:
    """The waivers written in the comments of each file read."""
    found: list[Waiver] = []
    for file in files:
        try:
            text = Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # an unreadable file is already a finding
        if "paddock:" in text:
            found += read_waivers(text, file)
    return found


def covers(waiver: Waiver, finding: Finding) -> bool:
    """Whether ``waiver`` waives ``finding``."""
    if waiver.rule != finding.rule:
        return False
    if waiver.pattern is not None:  # a kit waiver: files by glob, from the kit's folder
        folder = PurePath(waiver.file).parent
        try:
            relative = PurePath(finding.mark.file).relative_to(folder).as_posix()
        except ValueError:
            relative = PurePath(finding.mark.file).as_posix()
        return fnmatch.fnmatch(relative, waiver.pattern)
    return finding.mark.file == waiver.file and waiver.line in (None, finding.mark.line)


def apply_waivers(findings: Sequence[Finding], waivers: Sequence[Waiver],
                  report_unused_kit: bool, report: bool = True) -> list[Finding]:
    """The findings with those waived marked, and (``report``) a finding for each waiver
    that is unused, unknown, reasonless or aimed at an error."""
    if not waivers:
        return list(findings)
    rules = known_rules()
    usable = [w for w in waivers if rules.get(w.rule) not in (None, Severity.ERROR)]
    used: set[int] = set()
    result: list[Finding] = []
    for finding in findings:
        match = None
        if finding.severity is not Severity.ERROR:
            match = next((i for i, w in enumerate(usable) if covers(w, finding)), None)
        if match is None:
            result.append(finding)
            continue
        used.add(match)
        result.append(replace(finding, waived=usable[match].reason or "no reason given"))
    if report:
        unused_ok = {id(usable[i]) for i in used}
        unused_ok |= {id(w) for w in waivers if w.rule in balance_rules()}
        result += waiver_findings(waivers, rules, unused_ok, report_unused_kit)
    return result


def waiver_findings(waivers: Sequence[Waiver], rules: dict[str, Severity], used: set[int],
                    report_unused_kit: bool) -> list[Finding]:
    """The WAIVER-* findings: unknown rule, an error's rule, no reason, waives nothing."""
    found: list[Finding] = []
    for waiver in waivers:
        if waiver.pattern is not None and not report_unused_kit:
            continue  # the kit file was not itself read: it is reported when it is
        severity = rules.get(waiver.rule)
        if severity is None:
            found.append(KIT_RULES["WAIVER-UNKNOWN-RULE"].finding(
                waiver.mark, rule=waiver.rule,
                suggestion=did_you_mean(waiver.rule, list(rules))))
            continue
        if severity is Severity.ERROR:
            found.append(KIT_RULES["WAIVER-ERROR"].finding(waiver.mark, rule=waiver.rule))
            continue
        if not waiver.reason:
            found.append(KIT_RULES["WAIVER-NO-REASON"].finding(waiver.mark, rule=waiver.rule))
        if id(waiver) not in used:
            scope = (f"files matching {waiver.pattern}" if waiver.pattern not in (None, "*")
                     else "")
            found.append(KIT_RULES["WAIVER-UNUSED"].finding(waiver.mark, rule=waiver.rule,
                                                            scope=scope))
    return found


def project_waivers(loaded_kit: LoadedKit | None, files: Iterable[str],
                    kit_path: Path | None) -> list[Waiver]:
    """Every waiver of a run: the files' comments and the kit's list (the kit read, or the
    project's kit file when only single files were)."""
    waivers = file_waivers(files)
    if loaded_kit is not None:
        return waivers + kit_waivers(loaded_kit)
    if kit_path is None:
        return waivers
    from generator.input.source import load_document
    from generator.project.kit import read_kit

    try:
        kit, _ = read_kit(load_document(kit_path))
    except InputError:  # a broken kit is reported when it is itself checked
        return waivers
    return waivers + (kit_waivers(kit) if kit is not None else [])
