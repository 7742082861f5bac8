"""``paddock balance --suggest``: the smallest edits that bring a build inside the band.

A build is outside the band when it dominates the baseline (as good on every axis, better on
some: likely overpowered; not so in a game where strength is bought) or is dominated by it;
with ``--race``, also when its race verdict flags it (wins above or below its fair share's
band). The search tries the edits a designer makes by hand, on the file's own text (see
:mod:`generator.commands.balance.edits`: numbers one up or down, one-line entries taken out,
names swapped for another of the game's catalogue, an Outrider die placement exchanged, an
entry the game's rules let a designer add, such as a Formula Ace purchase), each
measured on the game's exact axes (its quick ``search_values`` where it has them). The steps
that bring the build inside are checked as ``paddock check`` would (a step that breaks a
rule is never suggested), fewest steps first; when no single step is enough, pairs of the
most promising ones are tried (those that move the build towards the band). With ``--race``
the survivors are raced too, in that order, each against the same field as the build, and
only those whose race verdict is inside the band are suggested (at most :data:`RACED`
races verdicts per build: a verdict takes seconds). Each is shown as a diff with every
axis it moves, and why where the move runs against the numbers (the game's ``reasons``).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.balance.compare import Comparison
from generator.balance.hook import BalanceHook, Matchup, Profile
from generator.balance.verdicts import comparison
from generator.commands.balance.edits import (
    Edit,
    Step,
    addition_steps,
    apply,
    candidate_steps,
    edit_document,
)
from generator.commands.balance.run import BalanceRun, baseline_profile
from generator.errors import InputError
from generator.input.findings import Severity
from generator.input.source import Document, parse_document
from generator.project.loading import Definition, run_rules, validate
from generator.text.templates import TextTemplates

SUGGEST_TEMPLATE = "balance/suggest.txt.j2"
SHOWN = 5  # suggestions printed per build
PAIRED = 12  # one-step edits combined in pairs when none is enough alone
RACED = 8  # race verdicts at most per build, with --race
# A race verdict of an edited file (its text): anything with RaceVerdict's fields, or None
# when it cannot be raced.
RaceJudge = Callable[[str, Definition], Any]


@dataclass
class Trial:
    """Steps made and measured: the edited text and definition, its comparison with the
    baseline, whether it keeps every rule (asked only of the steps that could be shown or
    paired: the rules are most of a measurement's time), and its race verdict if raced."""

    steps: tuple[Step, ...]
    edited: Definition
    comparison: Comparison
    clean: bool | None = None
    race: Any = None
    text: str | None = None  # the edited file's text, made when it is to be shown or raced

    @property
    def edits(self) -> tuple[Edit, ...]:
        return tuple(edit for step in self.steps for edit in step.edits)

    def keeps_the_rules(self) -> bool:
        if self.clean is None:
            self.clean = not any(f.severity is Severity.ERROR for f in run_rules(self.edited))
        return self.clean


@dataclass(frozen=True)
class Suggestion:
    """Steps that bring one build inside the band, with what they change."""

    steps: tuple[Step, ...]
    diff: str
    comparison: Comparison
    verdict: str
    moved: tuple[dict[str, Any], ...] = ()  # every axis whose value moved (see moved_axes)
    race: Any = None

    @property
    def edits(self) -> tuple[Edit, ...]:
        return tuple(edit for step in self.steps for edit in step.edits)


def verdict_of(comparison: Comparison) -> str:
    if comparison.dominates:
        return "dominates"
    if comparison.dominated:
        return "dominated"
    return "matches" if not comparison.better and not comparison.worse else "trade-offs"


def outside(comparison: Comparison, hook: BalanceHook) -> bool:
    """Outside the band: dominated, or dominating where strength is not bought."""
    return comparison.dominated or (comparison.dominates and not hook.bought)


def race_flag(race: Any) -> str:
    """'over', 'under' or '' for a race verdict (any style that flags; both ways: 'mixed')."""
    flags = {style.flag for style in getattr(race, "styles", ()) if style.flag}
    return "" if not flags else flags.pop() if len(flags) == 1 else "mixed"


def measure(text: str, definition: Definition, hook: BalanceHook, baseline: Profile
            ) -> tuple[Definition, list[Comparison]] | None:
    """The edited file and each of its builds against the baseline, on the axes alone;
    None when the edit breaks the file or its schema (its rules are asked later)."""
    try:
        document = parse_document(text, definition.path)
    except InputError:  # an edit that breaks the file is simply not suggested
        return None
    return measure_document(document, hook, baseline)


def measure_document(document: Document, hook: BalanceHook, baseline: Profile
                     ) -> tuple[Definition, list[Comparison]] | None:
    """:func:`measure` of a file already read into nodes."""
    edited, findings = validate(document)
    if edited is None or any(f.severity is Severity.ERROR for f in findings):
        return None
    try:
        builds = hook.quick_builds(edited.model)
    except (ValueError, ArithmeticError):
        # Some files the schema takes cannot be measured (an Acceleration box count of 0):
        # those break a rule, and are not suggested. One that keeps every rule is a bug.
        if any(f.severity is Severity.ERROR for f in run_rules(edited)):
            return None
        raise
    return edited, [comparison(Matchup(subject, baseline, hook.axes), hook.equal_within)
                    for subject in builds]


@dataclass
class Search:
    """One build now, the edits measured, and the fewest-step ones that bring it inside."""

    now: Comparison
    tried: int
    suggestions: list[Suggestion]
    race_now: Any = None
    raced: int = 0
    notes: list[str] = field(default_factory=list)


def suggest(definition: Definition, text: str, index: int, against: Definition | None = None,
            race_now: Any = None, racer: RaceJudge | None = None) -> Search:
    """The build ``index`` of ``definition`` now, and the fewest-step edits bringing it
    inside the band (none when it is inside already). With ``racer`` (``--race``), the
    band includes the race verdict (``race_now`` is the file's own)."""
    hook = definition.game.balance
    assert hook is not None
    baseline, _ = baseline_profile(definition.game, against)
    measured = measure(text, definition, hook, baseline)
    if measured is None or index >= len(measured[1]):
        raise ValueError(f"{definition.path}: cannot measure build {index}")
    now = measured[1][index]
    flag = race_flag(race_now) if racer is not None else ""
    if not outside(now, hook) and not flag:
        return Search(now, 0, [], race_now)
    document = parse_document(text, definition.path)
    steps = candidate_steps(text, definition, hook.swaps)
    if hook.additions is not None:
        steps += addition_steps(text, definition, hook.additions(definition.model, index))
    trials = [t for step in steps
              if (t := trial(document, (step,), hook, baseline, index)) is not None]
    found = inside(trials, hook, now, flag)
    if not found:
        found = inside(pairs(document, trials, hook, baseline, index, now), hook, now, flag)
    found.sort(key=lambda t: (len(t.steps), changed_axes(t.comparison, now),
                              moved_values(t.comparison, now)))
    search = Search(now, len(trials), [], race_now)
    chosen = [t for t in varied(found) if as_written(t, text, definition, hook, baseline,
                                                    index)]
    if racer is not None:
        chosen = raced(chosen, racer, search)
    search.suggestions = [suggestion(text, t, definition, hook, baseline, index)
                          for t in chosen[:SHOWN]]
    return search


def as_written(t: Trial, text: str, definition: Definition, hook: BalanceHook,
               baseline: Profile, index: int) -> bool:
    """Whether the edit made on the file's text reads as the one made on its nodes (the
    same comparison): the text a suggestion shows is the text measured. Keeps the text."""
    t.text = apply(text, t.edits)
    again = measure(t.text, definition, hook, baseline) if t.text is not None else None
    return again is not None and index < len(again[1]) and again[1][index] == t.comparison


def trial(document: Document, steps: tuple[Step, ...], hook: BalanceHook, baseline: Profile,
          index: int) -> Trial | None:
    """The steps made (on the file's nodes) and measured; None when they cannot be made
    together or break the file's schema."""
    edits = [edit for step in steps for edit in step.edits]
    if len({(e.line, e.column) for e in edits}) != len(edits):
        return None
    edited = edit_document(document, edits)
    measured = measure_document(edited, hook, baseline) if edited is not None else None
    if measured is None or index >= len(measured[1]):
        return None
    return Trial(steps, measured[0], measured[1][index])


def inside(trials: Sequence[Trial], hook: BalanceHook, now: Comparison, flag: str
           ) -> list[Trial]:
    """The trials inside the band on the exact axes that keep every rule; for a build the
    race alone flags, those that also move it the way the race asks (weaker on some axis
    for 'over', stronger for 'under')."""
    kept = []
    for t in trials:
        if outside(t.comparison, hook) or not towards(t.comparison, now, flag, hook):
            continue
        if t.keeps_the_rules():
            kept.append(t)
    return kept


def towards(after: Comparison, before: Comparison, flag: str, hook: BalanceHook) -> bool:
    """Whether an edit moves a build its race alone flags the way the flag asks (weaker
    on some axis for 'over', stronger for 'under'); any edit, for a build the exact axes
    put outside (coming inside is the move)."""
    if not flag or outside(before, hook):
        return True
    weaker = len(after.worse) > len(before.worse) or len(after.better) < len(before.better)
    stronger = len(after.better) > len(before.better) or len(after.worse) < len(before.worse)
    return weaker if flag == "over" else stronger if flag == "under" else weaker or stronger


def pairs(document: Document, trials: Sequence[Trial], hook: BalanceHook, baseline: Profile,
          index: int, now: Comparison) -> list[Trial]:
    """Pairs of the most promising single steps that keep the rules."""
    ranked = sorted(trials, key=lambda t: closeness(t.comparison, now))
    promising = [t for t in ranked[:3 * PAIRED] if t.keeps_the_rules()][:PAIRED]
    made = []
    for first in range(len(promising)):
        for second in range(first + 1, len(promising)):
            steps = (*promising[first].steps, *promising[second].steps)
            made_trial = trial(document, steps, hook, baseline, index)
            if made_trial is not None:
                made.append(made_trial)
    return made


def raced(chosen: Sequence[Trial], racer: RaceJudge, search: Search) -> list[Trial]:
    """The trials whose race verdict is inside the band too, raced in order (at most
    :data:`RACED` of them)."""
    kept: list[Trial] = []
    for t in chosen:
        if len(kept) >= SHOWN or search.raced >= RACED:
            break
        t.race = racer(t.text or "", t.edited)
        search.raced += 1
        if t.race is not None and not race_flag(t.race):
            kept.append(t)
    return kept


def varied(found: Sequence[Trial]) -> list[Trial]:
    """One suggestion per place edited (a row, a card count, a trait): the first, in
    order, of those that edit the same places (deceleration[1], [2] and [3] are one)."""
    kept, seen = [], set()
    for t in found:
        places = frozenset((*(p for p in e.path if not isinstance(p, int)),
                            e.new if e.adds is not None else "") for e in t.edits)
        if places not in seen:
            seen.add(places)
            kept.append(t)
    return kept


def suggestion(text: str, t: Trial, definition: Definition, hook: BalanceHook,
               baseline: Profile, index: int) -> Suggestion:
    """A trial to show: its diff, verdict, and every axis it moves, with the reasons."""
    diff = "".join(difflib.unified_diff(text.splitlines(keepends=True),
                                        (t.text or "").splitlines(keepends=True),
                                        definition.path, definition.path, n=1))
    before = hook.builds(definition.model)[index]
    after = hook.builds(t.edited.model)[index]
    return Suggestion(t.steps, diff, t.comparison, verdict_of(t.comparison),
                      moved_axes(hook, before, after, baseline), t.race)


def moved_axes(hook: BalanceHook, before: Profile, after: Profile, baseline: Profile
               ) -> tuple[dict[str, Any], ...]:
    """Every axis whose value the edit moves (not only those whose standing against the
    baseline changes): value before and after, unit, which way is better, the standing
    now, and why where the game explains the row (a standing against the baseline that
    runs against the numbers, as the balance table explains it)."""
    was = comparison(Matchup(before, baseline, hook.axes), hook.equal_within)
    now = comparison(Matchup(after, baseline, hook.axes), hook.equal_within)
    reasons = dict(hook.reasons(after, baseline)) if hook.reasons is not None else {}
    moved = []
    for a, b in zip(now.results, was.results, strict=True):
        if a.axis.format(a.value) == a.axis.format(b.value) and a.standing is b.standing:
            continue
        moved.append({"short": a.axis.short, "before": a.axis.format(b.value),
                      "after": a.axis.format(a.value), "unit": a.axis.unit,
                      "better": a.axis.better_word, "standing": a.standing.value,
                      "changed": a.standing is not b.standing,
                      "reason": reasons.get(a.axis.id, "")})
    return tuple(moved)


def moved_values(after: Comparison, before: Comparison) -> int:
    """How many axis values an edit moves at all: the smaller its footprint, the better."""
    return sum(a.value != b.value for a, b in zip(after.results, before.results, strict=True))


def closeness(after: Comparison, before: Comparison) -> tuple[int, int]:
    """How near an edit leaves a build to the band (smaller is nearer): the axes still on
    the side it is outside, then how many axes it changed."""
    side = len(after.better) if before.dominates else len(after.worse)
    return side, changed_axes(after, before)


def changed_axes(after: Comparison, before: Comparison) -> int:
    """How many axes stand differently from before."""
    return sum(a.standing is not b.standing for a, b in zip(after.results, before.results,
                                                              strict=True))


def race_words(race: Any) -> list[str]:
    """A race verdict in short: each style's wins, interval and fair share."""
    return [f"{style.style}: won {style.wins.rate:.0%} of {style.races} races (interval "
            f"{style.wins.low:.0%} to {style.wins.high:.0%}; fair share {style.fair_share:.0%})"
            f"{' ' + style.flag.upper() if style.flag else ''}"
            for style in getattr(race, "styles", ())]


def suggestion_context(s: Suggestion) -> dict[str, Any]:
    """What the terminal shows of one suggestion: its steps, diff, verdict, every axis it
    moves, and its race verdict when raced."""
    return {"edits": [step.label for step in s.steps], "diff": s.diff, "verdict": s.verdict,
            "better": len(s.comparison.better), "worse": len(s.comparison.worse),
            "changes": list(s.moved), "race": race_words(s.race)}


def format_suggestions(run: BalanceRun, templates: TextTemplates,
                       against: Definition | None = None, racer: RaceJudge | None = None
                       ) -> str:
    """Every measured build's search, game by game (Frothy Races first: registry order).
    ``racer`` (``--race``) judges the Frothy Races edits on the race verdict too."""
    builds = []
    for game in run.games:
        seen: dict[str, int] = {}
        for measured in game.measured:
            definition = measured.definition
            index = seen.get(definition.path, 0)
            seen[definition.path] = index + 1
            text = Path(definition.path).read_text(encoding="utf-8")
            racing = racer if measured.race is not None and game.hook.raceable else None
            search = suggest(definition, text, index, against, measured.race, racing)
            builds.append({
                "name": measured.profile.name, "path": definition.path,
                "verdict": verdict_of(search.now), "tried": search.tried,
                "race_flag": race_flag(search.race_now) if racing else "",
                "raced": search.raced,
                "inside": not outside(search.now, game.hook) and not (
                    racing and race_flag(search.race_now)),
                "suggestions": [suggestion_context(s) for s in search.suggestions]})
    return templates.render(SUGGEST_TEMPLATE, {"builds": builds}).rstrip("\n")
