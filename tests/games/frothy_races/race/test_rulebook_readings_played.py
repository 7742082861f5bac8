"""What the engine plays and what it names as not played (simulated.yaml; every race
result prints the names): the rules it leaves out are named, never silently skipped."""

from __future__ import annotations

from pathlib import Path

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.engine import Race
from tests.games.frothy_races.race.test_race_rules import BOWL, CHARIOT


def test_a_rolled_number_is_named_as_raced_at_its_average(tmp_path: Path) -> None:
    """Traits: 'in some cases this value may also be a random number rolled each time it is
    required'. The engine races a rolled '#' at its average and names it in the result."""
    text = CHARIOT.read_text().replace("{name: Blades, value: 1}", "{name: Blades, value: d3}")
    assert "value: d3" in text
    rolled = tmp_path / "rolled-chariot.yaml"
    rolled.write_text(text)
    track, vehicles = load_race_inputs(BOWL, [rolled])
    race = Race(track, vehicles, ["careful"], seed=1, options=RaceOptions(max_rounds=1))
    assert race.cars[0].spec.trait("Blades") == 2
    named = [n for n in race.result().not_simulated if "Blades" in n]
    assert named == ["trait Blades 1d3 rolled each time it is needed (raced as 2)"]


def test_every_optional_and_alternative_rule_left_out_is_named() -> None:
    """Optional & Alternative Rules, and Race Types & Play Styles: each one the engine does
    not play is named in every result (it prints them)."""
    track, vehicles = load_race_inputs(BOWL, [CHARIOT])
    race = Race(track, vehicles, ["careful"], seed=1, options=RaceOptions(max_rounds=1))
    named = race.result().not_simulated
    for rule in ("Jumps", "Drift options", "Friendly Race",
                 "Grandstanding to the Crowd", "The Whips of Shame", "Rolling Start",
                 "alternative Speed Check", "alternative Control Roll Discards",
                 "alternative Control Roll Damage", "Deliberate Collisions",
                 "Instant Wipe-Out", "Scoring and Tag Team", "Pursuit", "Fox and Hounds"):
        assert any(n.startswith("rule ") and rule in n for n in named), rule
