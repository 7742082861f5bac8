"""The Formula Ace balance profile: each ship of a team, flown by its pilot, measured exactly.

A team file holds several ships and pilots; what races is one ship with one pilot, so each
ship with its pilot is one build (a *rig*), measured as it stands after the season log
(upgrades and school bought so far), repaired. The baseline is the first ship of the shipped
baseline team: a stock Lambda with a Seasoned pilot (Piloting 3, G-Endurance 3).

The numbers come from the exact odds of ``generator.probability.formula_ace``: movement with
0-4 boosters, the G-Endurance and narrow-passage tests, crash damage at each speed, engine
starts, and a race (``data/race_model.yaml``) solved as a Markov chain over the turns: the
chance to finish, to survive, and the distance covered. Then every purchase the ship still
has room for is measured the same way, and what it changes on each axis is divided by its
price: what 1,000 credits buy. The axes are data (``data/balance_axes.yaml``); the verdicts
are rules (``balance_rules.yaml``).

Readings of the rulebook beyond those of the odds module and the race model's file:

- Zap o' Burns are fired before dice boosters (a sure 6 cm beats 1D's 3.5) and need the
  G-Endurance test like any booster (10/ says each booster used).
- A failed pass deals the lower of 2D to the ship passed and the higher to the one passing
  (11/); Ramming Edge adds 1 to the damage dealt either way (16/).
- The advanced school raises a skill up to 6 (the data's 'skill-after-school' gap).
- Damage per narrow passage counts a blackout from a booster fired through it as a crash,
  as the race model does (10/: no manoeuvre of any kind).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.balance.axes import AxisBook, Value
from generator.balance.hook import Addition, Matchup, Profile
from generator.balance.verdicts import register_verdicts
from generator.games.formula_ace.balance_race import (
    FINISHED,
    KILLED,
    RaceModel,
    RaceResult,
    race,
    race_model,
)
from generator.games.formula_ace.balance_rig import Purchase, Rig, bought, purchases, refusal
from generator.games.formula_ace.catalogues import formula_data
from generator.games.formula_ace.model import Team
from generator.games.formula_ace.season import replay
from generator.input.findings import RuleBook, Violation
from generator.probability.formula_ace import (
    crash_damage,
    engine_start,
    failed_pass_damage,
    skill_test,
)

HERE = Path(__file__).parent
AXES_FILE = HERE / "data" / "balance_axes.yaml"
AXES: AxisBook[FormulaMeasures] = AxisBook(AXES_FILE)
RULES: RuleBook[Matchup] = RuleBook(HERE / "balance_rules.yaml")
EQUAL_WITHIN = register_verdicts(RULES, dominates="FA-BAL-DOMINATES",
                                 dominated="FA-BAL-DOMINATED", tradeoffs="FA-BAL-TRADEOFFS")
# Upgrades are sold for credits (16/): a ship better than the baseline everywhere paid for it.
STRENGTH_IS_BOUGHT = True

@dataclass(frozen=True)
class Settings:
    """What the detailed profile tabulates (``settings`` in the axes file)."""

    boosters: tuple[int, ...]
    damage_moves: tuple[int, ...]


SETTINGS = Settings(tuple(AXES.settings["boosters"]), tuple(AXES.settings["damage_moves"]))




class FormulaMeasures:
    """Exact numbers about one rig: each axis and the tables of its report pages.

    Why a class with cached properties: the verdicts need the axes, the report every table,
    and the purchase table the axes of the rig after each purchase.
    """

    def __init__(self, rig: Rig, model: RaceModel | None = None,
                 settings: Settings = SETTINGS) -> None:
        self.rig = rig
        self.model = model or race_model()
        self.settings = settings

    def moves(self) -> list[Fraction | None]:
        """Expected cm a turn firing 0-4 boosters (None: not that many fitted)."""
        return [self.rig.move(b).mean() if b <= self.rig.boosters else None
                for b in self.settings.boosters]

    def blackouts(self) -> list[Fraction | None]:
        """Chance of a blackout firing 0-4 boosters (None: not that many fitted)."""
        g = skill_test(self.rig.g_endurance)
        return [1 - g**b if b <= self.rig.boosters else None for b in self.settings.boosters]

    @property
    def narrow_fail(self) -> Fraction:
        """Chance to fail a narrow passage's Piloting test (11/)."""
        return 1 - skill_test(self.rig.piloting)

    def crash_damage_at(self, move_cm: int) -> Fraction:
        """Expected damage of a boundary hit or failed passage after moving ``move_cm``."""
        return crash_damage(move_cm).mean()

    def passage_damage(self, boosters: int) -> Fraction | None:
        """Expected damage per narrow passage attempted firing ``boosters`` boosters: the
        Piloting test failed, or a blackout first (10/: no manoeuvre of any kind, so the
        ship goes straight on into the boundary, as the race model reads it), times 1D + 1
        per started 10 cm moved (11/)."""
        if boosters > self.rig.boosters:
            return None
        through = skill_test(self.rig.g_endurance) ** boosters * (1 - self.narrow_fail)
        return (1 - through) * self.rig.move(boosters).bind(crash_damage).mean()

    @property
    def fired(self) -> int:
        """Boosters fired through a narrow passage in the race model."""
        return min(self.model.fired(0, True), self.rig.boosters)

    @property
    def restart(self) -> Fraction:
        """Chance an engine start at the race model's face moves the ship."""
        return engine_start(self.model.start_face, self.rig.piloting,
                            self.rig.auto_start).p(lambda cm: cm > 0)

    @property
    def ramming(self) -> Fraction:
        """Expected damage dealt in a collision: the mean of the lower and the higher of 2D
        (one each way), + 1 per Ramming Edge."""
        hits = failed_pass_damage()
        return (hits.expectation(lambda h: h[0] + h[1]) / 2) + self.rig.ramming

    @cached_property
    def race(self) -> RaceResult:
        """The race model run by this rig."""
        return race(self.rig, self.model)

    @cached_property
    def values(self) -> dict[str, Value]:
        """Every axis."""
        return AXES.values(self)

    @cached_property
    def purchases(self) -> list[PurchaseRow]:
        """What each purchase would change on every axis, per 1,000 credits."""
        data = formula_data()
        rows = []
        for purchase in purchases(data):
            why = refusal(self.rig, purchase, data)
            if why is not None:
                rows.append(PurchaseRow(purchase, why, {}))
                continue
            after = FormulaMeasures(bought(self.rig, purchase, data), self.model,
                                    self.settings).values
            per = Fraction(1000, purchase.price)
            rows.append(PurchaseRow(purchase, None, {
                axis: (Fraction(after[axis]) - Fraction(self.values[axis])) * per
                for axis in self.values}))
        return rows

    def best_buy(self, axis_id: str) -> list[PurchaseRow]:
        """Purchases that improve ``axis_id``, the best per 1,000 credits first."""
        axis = AXES[axis_id]
        sign = 1 if axis.higher_is_better else -1
        gains = [row for row in self.purchases if row.refused is None
                 and sign * row.per_thousand[axis_id] > 0]
        return sorted(gains, key=lambda row: -sign * row.per_thousand[axis_id])


@dataclass(frozen=True)
class PurchaseRow:
    """One purchase for one rig: why it cannot be made, or its change on each axis per
    1,000 credits (exact)."""

    purchase: Purchase
    refused: str | None
    per_thousand: Mapping[str, Fraction]


@AXES.measure("cruise")
def cruise(m: FormulaMeasures) -> Value:
    return Fraction(m.rig.speed)


@AXES.measure("boosted")
def boosted(m: FormulaMeasures) -> Value:
    return m.rig.move(m.rig.boosters).mean()


@AXES.measure("distance")
def distance(m: FormulaMeasures) -> Value:
    return m.race.distance


@AXES.measure("blackout")
def blackout(m: FormulaMeasures) -> Value:
    return 1 - skill_test(m.rig.g_endurance)


@AXES.measure("narrow")
def narrow(m: FormulaMeasures) -> Value:
    return m.narrow_fail


@AXES.measure("passage_damage")
def passage_damage(m: FormulaMeasures) -> Value:
    found = m.passage_damage(m.fired)
    assert found is not None
    return found


@AXES.measure("restart")
def restart(m: FormulaMeasures) -> Value:
    return m.restart


@AXES.measure("finish")
def finish(m: FormulaMeasures) -> Value:
    return m.race.endings[FINISHED]


@AXES.measure("survive")
def survive(m: FormulaMeasures) -> Value:
    return 1 - m.race.endings[KILLED]


@AXES.measure("ramming")
def ramming(m: FormulaMeasures) -> Value:
    return m.ramming


# -- profiles ------------------------------------------------------------------------------


def rigs(team: Team) -> Iterator[tuple[int, Rig]]:
    """Each ship with a pilot, by its index in the file's ships, as the season left it."""
    state = replay(team)
    for index, ship in enumerate(team.ships):
        ship_now = state.ships.get(ship.name)
        pilot = state.pilots.get(ship.pilot or "")
        if ship_now is not None and pilot is not None:
            yield index, Rig.of(ship_now, pilot)


def unmeasured(rig: Rig) -> tuple[str, ...]:
    """What the axes cannot see: derby weapons and protections (17/)."""
    items = formula_data().items
    counts: dict[str, int] = {}
    for item in rig.weapons:
        counts[item] = counts.get(item, 0) + 1
    return tuple(items[i].name + (f" x{n}" if n > 1 else "") for i, n in counts.items())


def rig_profile(rig: Rig, path: tuple[Any, ...] = ()) -> Profile:
    """One rig measured."""
    measures = FormulaMeasures(rig)
    return Profile(rig.name, measures.values, measures, unmeasured(rig), path)


def profiles(team: Team) -> list[Profile]:
    """Every ship of the team with its pilot; a finding points at the ship's name."""
    return [rig_profile(rig, ("ships", index, "name")) for index, rig in rigs(team)]


def profile(team: Team) -> Profile:
    """The team's first ship with its pilot: the baseline, or the one ``--against`` gives."""
    found = profiles(team)
    if not found:
        raise ValueError(f"{team.name} has no ship with a pilot to measure")
    return found[0]


def details(profile: Profile) -> dict[str, Any]:
    """The per-1,000-credit table for the JSON output: each purchase, its price and its
    change on every axis (or why it cannot be bought)."""
    m = profile.detail
    assert isinstance(m, FormulaMeasures)
    return {"purchases": [
        {"item": row.purchase.id, "price": row.purchase.price, "refused": row.refused,
         "per_1000_credits": {axis: float(v) for axis, v in row.per_thousand.items()}}
        for row in m.purchases]}


@RULES.check("FA-BAL-BEST-BUY")
def best_buy(matchup: Matchup, axis: str) -> Iterator[Violation]:
    m = matchup.subject.detail
    assert isinstance(m, FormulaMeasures)
    ranked = m.best_buy(axis)
    if not ranked:
        return
    found = AXES[axis]

    def gain(row: PurchaseRow) -> str:
        value = row.per_thousand[axis]
        return f"{'+' if value > 0 else ''}{found.format(value)}"

    runner = ranked[1] if len(ranked) > 1 else None
    yield Violation(matchup.subject.path or ("name",), {
        "name": matchup.subject.name, "item": purchase_name(ranked[0].purchase),
        "price": ranked[0].purchase.price, "axis": found.short, "gain": gain(ranked[0]),
        "runner": purchase_name(runner.purchase) if runner else "",
        "runner_gain": gain(runner) if runner else ""})


def purchase_name(purchase: Purchase) -> str:
    """'+1 booster', 'Pilot advanced school (Piloting)'."""
    name = formula_data().items[purchase.item].name
    if purchase.skill is not None:
        return f"{name} ({purchase.skill.replace('_', '-').title()})"
    return name


def additions(team: Team, index: int) -> list[Addition]:
    """``--suggest``'s moves for build ``index`` (a ship with its pilot) beyond editing
    what is written: each purchase of 16/ the ship or its pilot can still take, written at
    the end of the season as a ``buy`` (the best-buy table's rows; the season's replay
    checks the team can pay)."""
    found = list(rigs(team))
    if index >= len(found):
        return []
    ship_index, rig = found[index]
    ship = team.ships[ship_index]
    data = formula_data()
    moves = []
    for purchase in purchases(data):
        if refusal(rig, purchase, data) is not None:
            continue
        entry: dict[str, Any] = {"item": purchase.item, "ship": ship.name}
        if purchase.skill is not None:
            entry = {"item": purchase.item, "pilot": ship.pilot, "skill": purchase.skill}
        moves.append(Addition(("season",), {"buy": entry},
                              f"buy {purchase_name(purchase)} ({purchase.price} credits)"))
    return moves

