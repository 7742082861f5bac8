"""The Frothy Races balance profile: what a Driving Licence implies, measured exactly.

The guide refuses a points system and asks instead for strengths and weaknesses that balance
out, tested against the basic chariot. A profile measures a vehicle from its licence with
the exact engine (``generator.probability``): movement per Speed, Control rolls at each Speed
with 0-3 control-loss points and 0-2 cards, Stamina drain, rounds to reach each Speed and to
stop (Markov chains over the boxes), hits of each kind to wipe out, the card economy, and
attack odds. The axes compared with the baseline are data (``data/balance_axes.yaml``), each
measured by one function in ``balance_axes``; the verdicts are rules (``balance_rules.yaml``).

Where the parts live: ``balance_axes`` (the axes and settings), ``balance_measures`` (the
exact numbers of one vehicle), ``balance_rolls`` (trait values, objectives, cached rolls),
``balance_chains`` (the speed-marker and Damage-track chains shared between vehicles); this
module holds the verdict rules and the profile the balance hook reads.

Readings of the guide, each used where its function says:

- A trait's '#' may be a roll (d3): it is rolled each time it is used, so every number
  below mixes over the roll exactly.
- Tireless and Anchor replace the roll: the marker moves up to # boxes, and the player
  takes as many as get closer to the goal without over-whipping. Accelerating still needs
  a card (or Champing at the Bit): the trait removes the roll, not the rule.
- With no card played the guide forces a deceleration, so '0 Whip cards' never leaves a
  standstill unless the vehicle is Champing at the Bit (which, in turn, cannot stop
  without a card).
- The Stamina trait returns # cards "from the Spent box at the start of each round"; at
  that moment the Spent box has just been emptied into Recovery, so we read it as # cards
  coming back one round early.
- Durability counts the Damage roll of each hit and the damage affects that change what
  later rolls do (-# Resilience, # Damage, Random among them, uniformly); not the Control
  roll a hit forces, nor '# Damage / Round', which depend on play rather than on the hit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path

from generator.balance.axes import Value
from generator.balance.hook import Matchup, Profile
from generator.balance.verdicts import register_race_verdicts, register_verdicts
from generator.games.frothy_races.balance_axes import AXES
from generator.games.frothy_races.balance_measures import FrothyMeasures
from generator.games.frothy_races.catalogues import frothy_data, resolve
from generator.games.frothy_races.model import Vehicle
from generator.input.findings import RuleBook

RULES: RuleBook[Matchup] = RuleBook(Path(__file__).parent / "balance_rules.yaml")
EQUAL_WITHIN = register_verdicts(RULES, dominates="FR-BAL-DOMINATES",
                                 dominated="FR-BAL-DOMINATED", tradeoffs="FR-BAL-TRADEOFFS")
register_race_verdicts(RULES, overpowered="FR-BAL-RACE-OVERPOWERED",
                       underpowered="FR-BAL-RACE-UNDERPOWERED", style="FR-BAL-RACE-STYLE")


# Traits the measures (``balance_measures``) read. Anything else (Flyer, Lash, custom traits...) is
# reported as not measured; so is one of these whose removal changes no axis value.
MODELLED_TRAITS = frozenset({
    "Champing at the Bit", "Tireless", "Long Legs", "Cautious", "Hyperactive", "Anchor",
    "Rubber Shoes", "Reckless", "Lazy", "Driver", "Failsafes", "Jerry Rigged", "B.S.H.",
    "Stamina", "Blades", "Tank", "Cat O' Nine", "Whiplash", "Armoured", "Shield", "Flimsy",
    "Thin Skin", "Lady Luck", "Ill Fate", "Fortune Smiles", "Unlucky Charm"})



def unmeasured(vehicle: Vehicle, values: Mapping[str, Value]) -> tuple[str, ...]:
    """Traits and special cards no axis reflects: traits the calculations never read, and
    modelled traits whose removal leaves every axis value unchanged (Champing at the Bit
    only shows with no card; Ill Fate only changes the size of a tie's loss)."""
    data = frothy_data()
    missing = []
    for i, ref in enumerate(vehicle.traits):
        entry = None if ref.custom else data.traits.find(ref.name)
        label = resolve(ref, data.traits).label
        if entry is None or entry.name not in MODELLED_TRAITS:
            missing.append(label)
            continue
        without = dataclasses.replace(vehicle, traits=vehicle.traits[:i] + vehicle.traits[i + 1:])
        if AXES.values(FrothyMeasures(without)) == values:
            missing.append(label)
    missing += [resolve(card, data.special_cards).label for card in vehicle.cards.special]
    return tuple(missing)


def profile(vehicle: Vehicle) -> Profile:
    """Measure ``vehicle`` on every axis; the report reads the tables from ``detail``."""
    measures = FrothyMeasures(vehicle)
    values = AXES.values(measures)
    return Profile(vehicle.name, values, measures, unmeasured(vehicle, values))


def search_values(vehicle: Vehicle) -> list[Mapping[str, Value]]:
    """The axis values alone (what ``--suggest`` compares), without the unmeasured list."""
    return [AXES.values(FrothyMeasures(vehicle))]


# The Damage affects the measures read (balance_measures.FrothyMeasures._effect).
MEASURED_DAMAGE_AFFECTS = ("-# Resilience", "# Damage")


def swaps(path: tuple[str | int, ...], name: str) -> list[str]:
    """What ``--suggest`` tries in place of a trait or a Damage affect: the traits and
    affects the axes read (any other only takes the old one's effect away, as removing it
    does), each but the one written."""
    keys = [p for p in path if isinstance(p, str)]
    if keys[:1] == ["traits"]:
        pool: Sequence[str] = sorted(MODELLED_TRAITS)
    elif keys[:2] == ["damage", "affects"]:
        pool = MEASURED_DAMAGE_AFFECTS
    else:
        return []
    data = frothy_data()
    catalogue = data.traits if keys[0] == "traits" else data.damage_affects
    now = catalogue.find(name)
    return [other for other in pool if now is None or other != now.name]
