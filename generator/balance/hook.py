"""What a game provides so that ``paddock balance`` can measure its builds.

A game opts in by setting ``Game.balance`` to a :class:`BalanceHook`. Everything game-specific
lives behind it: how a model is measured (the detailed profile and its axis values), the
default baseline, the verdict rules' data, and the report pages only that game can draw.
Everything shared -- comparing, verdicts, the terminal summary, the PDF layout -- lives in
``generator.balance`` and never imports a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.balance.axes import AxisBook, Value
from generator.balance.report import Section
from generator.input.findings import KeyPath, RuleBook
from generator.text.templates import TextTemplates


@dataclass(frozen=True)
class Profile:
    """A build measured: its axis values, the game's detailed numbers behind them, and the
    parts of the build no axis measures (so a verdict never claims more than it knows)."""

    name: str
    values: Mapping[str, Value]
    detail: Any = None
    unmeasured: tuple[str, ...] = ()
    path: KeyPath = ()  # where its verdicts point when a file holds several builds


@dataclass(frozen=True)
class Addition:
    """An entry a designer might add to a list of a file to change one build, as the game's
    rules let them (a Formula Ace purchase written into the season): the list's key path,
    the entry (plain data, written as one line of YAML) and what it is, in words."""

    list_path: KeyPath
    entry: Mapping[str, Any]
    label: str


@dataclass(frozen=True)
class Matchup:
    """What the verdict rules look at: one build's profile against the baseline's, and its
    race verdict when ``paddock balance --race`` raced it (``race``: anything with the
    fields of ``generator.games.frothy_races.race.verdict.RaceVerdict``; None otherwise)."""

    subject: Profile
    baseline: Profile
    axes: AxisBook[Any]
    race: Any = None


@dataclass(frozen=True)
class BalanceHook:
    """A game's balance profile: the entry point ``paddock balance`` calls.

    - ``kind``: the kind of definition measured (e.g. ``vehicle``).
    - ``axes``: the game's axes and their measures.
    - ``rules``: the verdict rules, as data, run on a :class:`Matchup`; ``equal_within``
      is their shared tolerance (values this close, relatively, count as equal).
    - ``baseline()``: the model every build is compared with unless ``--against`` says
      otherwise.
    - ``profile(model)``: measure one model.
    - ``pages(subject, baseline, templates)``: the report pages for one build.
    - ``overview(profiles, baseline, templates)``: pages showing every build side by side.
    - ``name_path``: where in a file a verdict finding points (the build's name).
    - ``profiles(model)``: every build one file holds (a Formula Ace team's ships, each with
      its pilot), each with its own ``path``; None when a file is one build (``profile``).
    - ``details(profile)``: extra numbers for the JSON output (``details`` of a profile).
    - ``reasons(subject, baseline)``: for rows that run against what the build's numbers
      suggest (more Acceleration boxes, yet top Speed sooner), the reason, by axis id.
    - ``raceable``: ``paddock balance --race`` can race this game's builds.
    - ``bought``: builds buy their strength (Formula Ace's credits), so one that dominates
      the baseline has paid for it rather than being likely overpowered.
    - ``search_values(model)``: each build's axis values alone, quicker than ``builds``
      (no report details, no list of what is unmeasured): ``--suggest`` measures hundreds
      of edited files with it.
    - ``swaps(path, name)``: the names a designer might write in place of ``name`` at
      ``path`` of a file (another trait, a Damage affect), those the axes can tell apart;
      ``--suggest`` tries each.
    - ``additions(model, index)``: the entries the game's own rules let a designer add to
      change build ``index`` of a file (Formula Ace: each purchase of 16/ the ship or its
      pilot can still take, as a season ``buy``); ``--suggest`` tries each.
    """

    kind: str
    axes: AxisBook[Any]
    rules: RuleBook[Matchup]
    equal_within: float
    baseline: Callable[[], Any]
    profile: Callable[[Any], Profile]
    pages: Callable[[Profile, Profile, TextTemplates], list[Section]]
    overview: Callable[[Sequence[Profile], Profile, TextTemplates], list[Section]] = \
        field(default=lambda profiles, baseline, templates: [])
    name_path: KeyPath = ("name",)
    profiles: Callable[[Any], Sequence[Profile]] | None = None
    details: Callable[[Profile], Mapping[str, Any]] | None = None
    reasons: Callable[[Profile, Profile], Mapping[str, str]] | None = None
    raceable: bool = False
    bought: bool = False
    search_values: Callable[[Any], Sequence[Mapping[str, Value]]] | None = None
    swaps: Callable[[KeyPath, str], Sequence[str]] | None = None
    additions: Callable[[Any, int], Sequence[Addition]] | None = None

    def builds(self, model: Any) -> Sequence[Profile]:
        """Every build ``model`` holds, measured."""
        return self.profiles(model) if self.profiles is not None else [self.profile(model)]

    def quick_builds(self, model: Any) -> Sequence[Profile]:
        """Every build ``model`` holds, measured on the axes only where the game can."""
        if self.search_values is None:
            return self.builds(model)
        name = str(getattr(model, "name", ""))
        return [Profile(name, values) for values in self.search_values(model)]
