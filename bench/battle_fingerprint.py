"""Seeded Outrider battles' fingerprints: ``python bench/battle_fingerprint.py [--save F]
[--against F]``.

Forty battles (four fields: a duel and last car standing, narrow and wide sides, seeds 1-10
each), every one played to its end by the expected-gain driver with its event log kept; a
battle's fingerprint is the SHA-256 of its events as JSON. ``--save`` writes them to a JSON
file; ``--against`` compares with a saved file and counts the battles whose events, winner
or rounds changed: what a rule fix did to seeded outcomes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from pathlib import Path

from generator.commands.battle import load_vehicle
from generator.games.outrider.battle.driver import ExpectedGainDriver
from generator.games.outrider.battle.engine import run_battle
from generator.games.outrider.battle.game import BEAM

KIT = Path(__file__).resolve().parents[1] / "vehicles" / "outrider"
FIELDS = {
    "duel rattler/big-horn": ("duel", [("rattler", "narrow"), ("big-horn", "narrow")]),
    "duel dust-devil/iron-curtain wide": ("duel", [("dust-devil", "wide"),
                                                    ("iron-curtain", "wide")]),
    "four narrow": ("last-car-standing", [("rattler", "narrow"), ("big-horn", "narrow"),
                                          ("dust-devil", "narrow"),
                                          ("iron-curtain", "narrow")]),
    "three mixed": ("last-car-standing", [("chrome-outlaw", "wide"), ("quick-draw", "narrow"),
                                          ("long-haul", "wide")]),
}
SEEDS = range(1, 11)


def fingerprints() -> dict[str, dict[str, object]]:
    """Each battle's fingerprint, winner and rounds, by 'field / seed'."""
    found: dict[str, dict[str, object]] = {}
    for name, (scenario, cars) in FIELDS.items():
        entrants = [(load_vehicle(KIT / f"{car}.yaml"), side) for car, side in cars]
        for seed in SEEDS:
            result = run_battle(entrants, seed, lambda car: ExpectedGainDriver(BEAM), scenario)
            events = json.dumps(result.events, sort_keys=True).encode()
            found[f"{name} / {seed}"] = {"events": hashlib.sha256(events).hexdigest(),
                                         "winner": result.winner, "rounds": result.rounds}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--save", type=Path)
    parser.add_argument("--against", type=Path)
    options = parser.parse_args()
    cpu = time.process_time()
    found = fingerprints()
    print(f"{len(found)} battles, {time.process_time() - cpu:.1f} s CPU")
    if options.save:
        options.save.write_text(json.dumps(found, indent=1, sort_keys=True))
    if options.against:
        before = json.loads(options.against.read_text())
        changed = [k for k in found if found[k]["events"] != before[k]["events"]]
        winners = [k for k in found if found[k]["winner"] != before[k]["winner"]]
        print(f"events changed in {len(changed)} of {len(found)}; "
              f"winner changed in {len(winners)}")
        for key in changed:
            print(f"  {key}: winner {before[key]['winner']} -> {found[key]['winner']}, "
                  f"rounds {before[key]['rounds']} -> {found[key]['rounds']}")


if __name__ == "__main__":
    main()
