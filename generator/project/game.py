"""What every game subpackage provides, so the shared pipeline can drive any of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.input.findings import Finding, RuleBook
from generator.input.schema import Struct

if TYPE_CHECKING:
    from generator.balance.hook import BalanceHook
    from generator.input.catalogue import Listed
    from generator.paper.output import BuildContext, Output
    from generator.project.loading import Definition
    from generator.text.templates import TextTemplates


@dataclass(frozen=True)
class Kind:
    """One kind of definition a game reads (a vehicle, a track...)."""

    name: str
    schema: Struct
    rules: RuleBook[Any]
    context: Any = None
    print_check: Callable[[Definition, TextTemplates], list[Finding]] | None = None
    # Rules that read other definitions of the run too (a track's recommended items against
    # the item files): given the definition and every definition loaded.
    related: Callable[[Definition, Sequence[Definition]], list[Finding]] | None = None


@dataclass(frozen=True)
class Game:
    """A game's entry in the registry: its id, book, kinds, components and scaffolds, and
    its balance profile (``paddock balance``, loaded through ``balance_loader``) once the
    game has one, and the catalogues ``paddock catalogue`` lists."""

    id: str
    title: str
    book: str
    kinds: Mapping[str, Kind]
    outputs: Callable[[Sequence[Definition], BuildContext], list[Output]]
    scaffold: Callable[[str, TextTemplates, str], str] | None = None
    default_folder: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    balance_loader: Callable[[], BalanceHook] | None = None
    catalogues: Callable[[], Mapping[str, Sequence[Listed]]] | None = None
    kind_scaffolds: Mapping[str, Callable[[str, TextTemplates, str], str]] = field(
        default_factory=dict)
    # Why a game without a balance profile has none, for ``paddock balance`` to say.
    no_balance: str = ""
    # The module whose ``RACE_GAME`` races this game's vehicles on the race core
    # (``generator.race.game.RaceGame``), imported only when a race is asked for.
    race_module: str = ""

    def race_game(self) -> Any:
        """The game's races as the race core drives them, or None if it does not race."""
        if not self.race_module:
            return None
        from importlib import import_module
        return import_module(self.race_module).RACE_GAME

    @property
    def balance(self) -> BalanceHook | None:
        """The game's balance profile, if it has one. Its code is imported on first use
        (by ``paddock balance`` and ``paddock rules``), never by check or build."""
        return None if self.balance_loader is None else self.balance_loader()

    def scaffold_for(self, kind: str) -> Callable[[str, TextTemplates, str], str] | None:
        """The scaffold of ``kind``: the vehicle's is ``scaffold``, others are by kind."""
        return self.scaffold if kind == "vehicle" else self.kind_scaffolds.get(kind)

    def rule_books(self) -> list[RuleBook[Any]]:
        """Each distinct rule book of this game's kinds, in declaration order, then the
        balance verdicts' (listed by ``paddock rules``, run only by ``paddock balance``)."""
        books: list[RuleBook[Any]] = []
        for kind in self.kinds.values():
            if all(kind.rules is not b for b in books):
                books.append(kind.rules)
        if self.balance is not None:
            books.append(self.balance.rules)
        return books


def data_file(package_file: str, name: str) -> Path:
    """A data file that lives next to a game module."""
    return Path(package_file).with_name(name)


def lazy_balance(package: str, baseline: Callable[[], Any], *, kind: str = "vehicle",
                 raceable: bool = False) -> Callable[[], BalanceHook]:
    """A game's balance profile from ``<package>.balance`` and ``.balance_pages``, imported
    on first use (by ``paddock balance`` or ``rules``), never by check or build. The
    balance module may also define ``profiles`` (several builds in one file) and
    ``details`` (extra JSON numbers), ``search_values``, ``swaps`` and ``additions`` (for
    ``--suggest``);
    a ``.balance_reasons`` module, ``reasons`` (why a
    surprising row is so); ``raceable``: ``--race`` races its builds."""

    @cache
    def load() -> BalanceHook:
        from generator.balance.hook import BalanceHook

        balance = import_module(f"{package}.balance")
        pages = import_module(f"{package}.balance_pages")
        try:
            reasons = import_module(f"{package}.balance_reasons").reasons
        except ModuleNotFoundError:
            reasons = None
        return BalanceHook(
            kind=kind, axes=balance.AXES, rules=balance.RULES,
            equal_within=balance.EQUAL_WITHIN, baseline=baseline, profile=balance.profile,
            pages=pages.pages, overview=pages.overview,
            profiles=getattr(balance, "profiles", None),
            details=getattr(balance, "details", None), reasons=reasons, raceable=raceable,
            bought=getattr(balance, "STRENGTH_IS_BOUGHT", False),
            search_values=getattr(balance, "search_values", None),
            swaps=getattr(balance, "swaps", None),
            additions=getattr(balance, "additions", None))

    return load
