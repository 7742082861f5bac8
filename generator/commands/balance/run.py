"""``paddock balance`` as a library call: measure every build a game can profile and judge
it against that game's baseline. Nothing here prints or writes; the CLI does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.balance.compare import Comparison
from generator.balance.hook import BalanceHook, Matchup, Profile
from generator.balance.verdicts import comparison
from generator.errors import UsageError
from generator.input.findings import Finding, Severity
from generator.project.game import Game
from generator.project.loading import Definition, Loaded
from generator.project.registry import GAMES


@dataclass(frozen=True)
class Measured:
    """One build measured and judged."""

    definition: Definition
    profile: Profile
    comparison: Comparison
    findings: tuple[Finding, ...]
    race: Any = None  # the race verdict, when --race raced this build

    @property
    def verdict(self) -> str:
        """'dominates', 'dominated', 'matches' (level everywhere) or 'trade-offs'."""
        if self.comparison.dominates:
            return "dominates"
        if self.comparison.dominated:
            return "dominated"
        if not self.comparison.better and not self.comparison.worse:
            return "matches"
        return "trade-offs"


@dataclass(frozen=True)
class GameBalance:
    """A game's builds against its baseline."""

    game: Game
    hook: BalanceHook
    baseline: Profile
    baseline_file: str | None  # the --against file, or None for the game's shipped baseline
    measured: tuple[Measured, ...]


@dataclass
class BalanceRun:
    """Everything ``paddock balance`` reports: per game, the builds measured; the findings
    (verdicts, and the errors that kept a build from being measured); what was skipped."""

    games: list[GameBalance] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (file, reason)

    @property
    def measured(self) -> list[Measured]:
        """Every build measured, game by game."""
        return [m for g in self.games for m in g.measured]


def baseline_profile(game: Game, against: Definition | None) -> tuple[Profile, str | None]:
    """The game's baseline profile: the ``--against`` build when it is of this game, else
    the shipped one."""
    hook = game.balance
    assert hook is not None
    if against is not None and against.game is game:
        return hook.profile(against.model), against.path
    return hook.profile(hook.baseline()), None


def check_against(against: Definition) -> None:
    """Refuse a baseline that cannot be measured (bad usage: exit 2)."""
    hook = against.game.balance
    if hook is None:
        raise UsageError(f"--against {against.path}: {against.game.title} has no balance "
                         "profile yet")
    if against.kind.name != hook.kind:
        raise UsageError(f"--against {against.path}: a {against.kind.name} cannot be a "
                         f"baseline; give a {hook.kind} file")


def judge(hook: BalanceHook, definition: Definition, subject: Profile, baseline: Profile,
          race: Any = None) -> Measured:
    """Run the game's verdict rules on one build against the baseline (and on its race
    verdict, when it was raced)."""
    matchup = Matchup(subject, baseline, hook.axes, race)
    found = tuple(hook.rules.run(matchup, definition.locate))
    return Measured(definition, subject, comparison(matchup, hook.equal_within), found, race)


def run_balance(loaded: Loaded, against: Definition | None = None,
                races: Mapping[str, Any] | None = None) -> BalanceRun:
    """Measure every clean definition whose game has a balance profile; ``races`` holds
    race verdicts by definition path (``paddock balance --race``)."""
    if against is not None:
        check_against(against)
    run = BalanceRun(files=list(loaded.files))
    run.findings += [f for f in loaded.findings if f.severity is Severity.ERROR]
    clean = loaded.clean()
    for definition in loaded.definitions:
        if definition not in clean:
            run.skipped.append((definition.path, "has rule errors"))
    for game in GAMES.values():
        mine = [d for d in clean if d.game is game]
        if mine:
            run.games += _measure_game(game, mine, against, run, races or {})
    run.findings.sort(key=Finding.sort_key)
    return run


def _measure_game(game: Game, definitions: Sequence[Definition], against: Definition | None,
                  run: BalanceRun, races: Mapping[str, Any]) -> list[GameBalance]:
    hook = game.balance
    if hook is None:
        reason = game.no_balance or f"{game.title} has no balance profile yet"
        run.skipped += [(d.path, reason) for d in definitions]
        return []
    measurable = [d for d in definitions if d.kind.name == hook.kind]
    run.skipped += [(d.path, f"{d.kind.name} files have no balance profile")
                    for d in definitions if d.kind.name != hook.kind]
    if not measurable:
        return []
    baseline, source = baseline_profile(game, against)
    measured = tuple(judge(hook, d, subject, baseline, races.get(d.path))
                     for d in measurable for subject in hook.builds(d.model))
    run.skipped += [(d.path, "no build to measure in it") for d in measurable
                    if all(m.definition is not d for m in measured)]
    for m in measured:
        run.findings += m.findings
    return [GameBalance(game, hook, baseline, source, measured)]
