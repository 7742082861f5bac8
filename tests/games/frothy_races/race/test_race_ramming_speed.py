"""Ramming Speed, raced: a Whip special card 'played during a Movement phase to gain 1 extra
movement as normal and the vehicle may deliberately collide with another vehicle' (Whip &
Reins, Whip Special Cards). Otherwise a collision a vehicle can avoid it must avoid
(Movement & Collisions). The attacking planning driver rams where the collision costs the
rival more than itself (a build with B.S.H. 3 rolls no dice of its own); the careful one,
which never attacks, does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.frothy_races.race import RaceOptions, load_race_inputs
from generator.games.frothy_races.race.decisions import rammed
from generator.games.frothy_races.race.engine import Car, Race
from tests.games.frothy_races.race.test_race_rules import BOWL, CHARIOT, place

PHASE = 1  # the basic chariot moves 4 spaces in its second phase at Speed 5


def rammer(tmp_path: Path, card: bool = True, bsh: int = 3) -> Path:
    """The basic chariot, maybe with B.S.H. (its own collision dice fewer) and a Ramming
    Speed card."""
    text = CHARIOT.read_text()
    if card:
        text = text.replace("  dual: 0\n", "  dual: 0\n  special:\n    - Ramming Speed\n")
    if bsh:
        text = text.replace("traits:\n", f"traits:\n  - {{name: B.S.H., value: {bsh}}}\n")
    path = tmp_path / f"rammer-{card}-{bsh}.yaml"
    path.write_text(text)
    return path


def head_to_tail(path: Path, driver: str) -> tuple[Race, Car, Car]:
    """The rammer at Speed 5 on the straight, a basic chariot at Speed 2 two spaces ahead,
    side on (a T-collision), in round 3; the rammer's hand only its special card (or
    one Whip without it)."""
    track, vehicles = load_race_inputs(BOWL, [path, CHARIOT])
    race = Race(track, vehicles, [driver, "careful"], seed=1,
                options=RaceOptions(log_events=True))
    race.round = 3
    car, target = race.cars
    place(race, car, 13, 16, facing=0, speed=5)
    place(race, target, 15, 16, facing=2, speed=2)
    car.hand[:] = [0, 0, 0, 1] if len(car.hand) > 3 else [1, 0, 0]
    return race, car, target


def collisions(race: Race) -> list[dict[str, object]]:
    return [e for e in race.events if e["action"] == "collision"]


def test_only_a_whip_way_into_a_racing_vehicle_is_a_ram(tmp_path: Path) -> None:
    race, car, target = head_to_tail(rammer(tmp_path), "aggressive")
    options = race.options_for(car, PHASE)
    rams = [o for o in options if rammed(race, car, o) is not None]
    assert rams and all(o.card == "whip" and o.blocked >= 0 for o in rams)
    assert {getattr(rammed(race, car, o), "index", None) for o in rams} == {target.index}
    plain = [o for o in options if o.card is None and o.blocked >= 0]
    assert plain and all(rammed(race, car, o) is None for o in plain)  # no card: no ram
    place(race, car, -5, 13, facing=6, speed=5)  # facing the outer wall, one space off
    into_wall = [o for o in race.options_for(car, PHASE) if o.card == "whip" and o.blocked >= 0]
    assert into_wall and all(rammed(race, car, o) is None for o in into_wall)


def test_the_attacking_driver_rams_when_it_pays_and_plays_the_card(tmp_path: Path) -> None:
    race, car, target = head_to_tail(rammer(tmp_path), "aggressive")
    race.move(car, PHASE)
    hit = collisions(race)
    assert hit and hit[0]["vehicle"] == car.label and hit[0]["result"]["with"] == target.label
    played = [e for e in race.events if e["action"] == "special card"]
    assert played and played[0]["result"]["card"] == "Ramming Speed"
    assert car.hand[3] == 0 and car.spent[3] == 1


@pytest.mark.parametrize("driver, card, bsh", [
    ("careful", True, 3),      # never attacks: avoids the collision as the rules ask
    ("aggressive", False, 3),  # no card: may not collide on purpose
    ("aggressive", True, 0),   # rolls as many dice as it deals: ramming does not pay
])
def test_no_ram_without_the_card_the_style_or_the_gain(tmp_path: Path, driver: str,
                                                       card: bool, bsh: int) -> None:
    race, car, _ = head_to_tail(rammer(tmp_path, card, bsh), driver)
    race.move(car, PHASE)
    assert not collisions(race)


def test_ramming_speed_is_raced_not_named_as_left_out(tmp_path: Path) -> None:
    race, car, _ = head_to_tail(rammer(tmp_path), "aggressive")
    assert not [x for x in car.spec.not_simulated if "Ramming Speed" in x]
