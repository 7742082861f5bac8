"""Benchmark: the exact balance profile against a Monte Carlo estimate of the same numbers.

Times, in one run:
1. the exact profile of one vehicle (the basic chariot): every axis and every table of its
   report (Control rolls at each Speed with 0-3 control-loss points and 0-2 cards,
   rounds to each Speed and to stop, hits of each kind to wipe out, ...), from cold caches;
2. the exact profiles of all shipped vehicles, from cold caches;
3. a Monte Carlo estimate of the basic chariot's Control-roll table from one million
   simulated rolls in all, shared evenly between the table's cells. Each roll is resolved
   by trying every set of discards against the guide's 'Control Roll' steps restated here
   (not the engine's dynamic programme), the player ranking results as the profile does.
It prints median times (exact: several repeats; Monte Carlo: --mc-repeats) and the
largest difference between the exact table and the estimate, also in standard errors.

Then the same for Outrider:
4. the exact profile of the baseline Linebacker (Iron Curtain): every axis, every table of
   its report (control checks at each difficulty on both sides, chains, attacks, defence,
   collisions) and the axes of all 24 placements of its dice, from cold caches;
5. the same for every shipped Outrider vehicle;
6. a Monte Carlo estimate of the Linebacker's control-check table (difficulties 1-16, both
   sides) from one million simulated rounds in all: a field opponent's dice placed at
   random, the initiative duel rolled (and re-rolled on a full tie) for the Speedometer,
   then the DRIVER roll, restated here from the rulebook rather than from the engine.

Last, with --processes N (default 3), ``paddock balance FILE`` for the basic chariot and for
the Iron Curtain as a user runs it: whole processes, start-up, verdicts and the PDF report
included (medians of N).

    .venv/bin/python bench/balance_bench.py [--samples 1000000] [--repeats 5] [--seed 1]
                                            [--processes 3]
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from generator.games.frothy_races.balance import profile  # noqa: E402
from generator.games.frothy_races.balance_axes import HIT_KINDS, SETTINGS  # noqa: E402
from generator.games.frothy_races.balance_chains import clear_caches  # noqa: E402
from generator.games.frothy_races.balance_measures import FrothyMeasures  # noqa: E402
from generator.games.frothy_races.balance_rolls import OBJECTIVES  # noqa: E402
from generator.games.frothy_races.baseline import baseline  # noqa: E402
from generator.games.frothy_races.model import SPEEDS, Vehicle  # noqa: E402
from generator.games.outrider import balance as outrider  # noqa: E402
from generator.games.outrider import balance_odds as outrider_odds  # noqa: E402
from generator.games.outrider import balance_pages as outrider_pages  # noqa: E402
from generator.games.outrider.baseline import baseline as linebacker  # noqa: E402
from generator.games.outrider.model import SIDES  # noqa: E402
from generator.games.outrider.model import Vehicle as OutriderVehicle  # noqa: E402
from generator.probability import ControlIcon, ControlOutcome, dist  # noqa: E402
from generator.probability import frothy_control_odds as frothy  # noqa: E402
from generator.project.loading import load  # noqa: E402

ICONS = tuple(str(icon) for icon in ControlIcon)
VALUES = (0, 1, 2, 2, 3, 3)  # the Frothy die's numbers, for the Damage roll


def cold() -> None:
    """Forget every cached roll so each timed run starts from nothing."""
    clear_caches()
    frothy.clear_caches()
    dist._multiset_weights.cache_clear()
    outrider_odds.clear_caches()


def full_profile(vehicle: Vehicle) -> FrothyMeasures:
    """Every number the report shows for ``vehicle``: axes and all detailed tables."""
    measured = profile(vehicle).detail
    assert isinstance(measured, FrothyMeasures)
    s = SETTINGS
    for speed, points, cards in itertools.product(SPEEDS, s.control_points, s.cards):
        measured.control_cell(speed, points, cards)
    for whip, speed in itertools.product(s.whip_cards, SPEEDS[1:]):
        measured.rounds_to_speed(whip, speed)
    for reins in s.reins_cards:
        measured.rounds_to_stop(reins)
    for kind, speed in itertools.product(HIT_KINDS, s.hit_speeds):
        measured.hits(kind, speed)
    measured.standing_start(1, s.standing_start_rounds)
    return measured


def timed(run: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    """Median wall time of ``repeats`` cold runs, and the last run's result."""
    times, result = [], None
    for _ in range(repeats):
        cold()
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


@dataclass(frozen=True)
class Cell:
    """One Control-roll cell: dice rolled and discards allowed."""

    speed: int
    points: int
    cards: int
    dice: int
    discards: int


def table_cells(vehicle: Vehicle) -> list[Cell]:
    """Every cell of the vehicle's Control-roll table, with the dice the guide rolls."""
    base = vehicle.speed_table.control
    held = vehicle.control_loss.minimum
    return [Cell(speed, points, cards, base[speed] + max(points, held) + cards, cards)
            for speed, points, cards in itertools.product(SPEEDS, SETTINGS.control_points,
                                                          SETTINGS.cards)]


def resolve(kept: tuple[str, ...]) -> ControlOutcome:
    """'Control Roll' steps 2-5 on the dice kept, Stamina rules on: Left/Right Spin pairs
    go (+1 control loss each), then Slow/Haste pairs (-1 Stamina each); every icon tied for
    the most dice left applies, +1 control loss per distinct effect."""
    left = Counter(kept)
    spins = min(left["left_spin"], left["right_spin"])
    paces = min(left["slow"], left["haste"])
    for icon, pairs in (("left_spin", spins), ("right_spin", spins), ("slow", paces),
                        ("haste", paces)):
        left[icon] -= pairs
    most = max(left.values(), default=0)
    effects = frozenset(icon for icon, n in left.items() if n and n == most)
    return ControlOutcome(effects, most if effects else 0, spins, paces,
                          spins + len(effects), paces, most if "damage" in effects else 0)


@cache
def player_best(roll: tuple[str, ...], discards: int) -> tuple[bool, int, int]:
    """(success, control loss, damage dice) of the player's best discard, found by trying
    every way to drop at most ``discards`` dice (cached per sorted roll)."""
    objective = OBJECTIVES[SETTINGS.objective]
    kept_options = {tuple(die for i, die in enumerate(roll) if i not in drop)
                    for size in range(discards + 1)
                    for drop in itertools.combinations(range(len(roll)), size)}
    outcome = min((resolve(kept) for kept in kept_options),
                  key=lambda o: (objective(o), sorted(o.effects)))
    return (outcome.success, outcome.control_loss, outcome.damage_dice)


def monte_carlo(cells: list[Cell], samples: int, resilience: int | None, seed: int
                ) -> list[tuple[float, float, int]]:
    """Per cell: estimated P(success), mean control loss (with damage sustained), and the
    sample standard deviation of that loss; and the rolls simulated per cell."""
    rng = random.Random(seed)
    out = []
    for i, cell in enumerate(cells):
        each = samples // len(cells) + (i < samples % len(cells))
        wins = 0
        total = squares = 0.0
        for _ in range(each):
            roll = tuple(sorted(rng.choices(ICONS, k=cell.dice)))
            success, loss, damage_dice = player_best(roll, cell.discards)
            damage = sum(1 for v in rng.choices(VALUES, k=damage_dice)
                         if resilience is None or v > resilience)
            wins += success
            total += loss + damage
            squares += (loss + damage) ** 2
        mean = total / each
        out.append((wins / each, mean, math.sqrt(max(squares / each - mean * mean, 0.0)),
                    each))
    return out


def report(what: str, seconds: float, repeats: int) -> None:
    """One timing line."""
    print(f"{what:<72}{seconds:9.3f} s  (median of {repeats})")


def main() -> None:
    """Run every timing and print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=5, help="exact timings: median of")
    parser.add_argument("--mc-repeats", type=int, default=1, help="Monte Carlo: median of")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=3,
                        help="whole `paddock balance` processes: median of (0: skip)")
    args = parser.parse_args()

    chariot = baseline()
    definitions = load([REPO / "vehicles"]).definitions
    shipped = [d.model for d in definitions
               if d.game.id == "frothy-races" and d.kind.name == "vehicle"]
    print(f"Paddock balance benchmark: Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, {platform.machine()}")

    one, measured = timed(lambda: full_profile(chariot), args.repeats)
    report(f"exact profile, {chariot.name}, every table (cold caches)", one, args.repeats)
    fleet_repeats = max(1, args.repeats // 2)
    fleet, _ = timed(lambda: [full_profile(v) for v in shipped], fleet_repeats)
    report(f"exact profiles, {len(shipped)} shipped vehicles (cold caches)", fleet,
           fleet_repeats)

    cells = table_cells(chariot)
    runs = []
    estimate: list[tuple[float, float, float, int]] = []
    for repeat in range(args.mc_repeats):
        player_best.cache_clear()
        start = time.perf_counter()
        estimate = monte_carlo(cells, args.samples, chariot.damage.resilience,
                               args.seed + repeat)
        runs.append(time.perf_counter() - start)
    report(f"Monte Carlo, {chariot.name} Control-roll table ({len(cells)} cells), "
           f"{args.samples:,} rolls", statistics.median(runs), args.mc_repeats)

    worst_p = worst_loss = worst_z = 0.0
    where_p = where_loss = ""
    for cell, (p, loss, loss_sd, each) in zip(cells, estimate, strict=True):
        exact = measured.control_cell(cell.speed, cell.points, cell.cards)
        label = f"Speed {cell.speed}, {cell.points} points, {cell.cards} cards"
        dp, dl = abs(float(exact.p_success) - p), abs(float(exact.control_loss) - loss)
        p_se = math.sqrt(float(exact.p_success) * (1 - float(exact.p_success)) / each)
        loss_se = loss_sd / math.sqrt(each)
        if dp > worst_p:
            worst_p, where_p = dp, label
        if dl > worst_loss:
            worst_loss, where_loss = dl, label
        for diff, se in ((dp, p_se), (dl, loss_se)):
            if se > 0:
                worst_z = max(worst_z, diff / se)
    print(f"largest difference, chance of success: {worst_p:.4f} ({where_p})")
    print(f"largest difference, control-loss points gained: {worst_loss:.4f} ({where_loss})")
    print(f"largest difference in standard errors: {worst_z:.2f} "
          f"(over {2 * len(cells)} estimates; above ~4.5 would point to a bug)")
    print(f"the estimate of one table took {statistics.median(runs) / one:.0f}x as long as "
          f"the exact profile with every table")
    print()
    outrider_bench(args, [d.model for d in definitions
                          if d.game.id == "outrider" and d.kind.name == "vehicle"])
    if args.processes:
        print()
        for path in (REPO / "vehicles" / "frothy-races" / "basic-chariot.yaml",
                     REPO / "vehicles" / "outrider" / "iron-curtain.yaml"):
            seconds = whole_balance(path, args.processes)
            report(f"paddock balance {path.name}, whole process (report PDF included)",
                   seconds, args.processes)


def whole_balance(path: Path, repeats: int) -> float:
    """Median seconds of ``paddock balance FILE`` run as its own process, as a user runs it
    (start-up, profile, verdicts, terminal text and the PDF report)."""
    times = []
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "generator", "balance", str(path),
                   "-o", str(Path(folder) / "balance.pdf")]
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run(command, cwd=REPO, capture_output=True, check=False)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


# -- Outrider ---------------------------------------------------------------------------------


def full_outrider_profile(vehicle: OutriderVehicle) -> outrider.OutriderMeasures:
    """Every number the Outrider report shows for ``vehicle``, its 24 placements included."""
    measured = outrider.profile(vehicle).detail
    assert isinstance(measured, outrider.OutriderMeasures)
    for side in SIDES:
        for difficulty in outrider.SETTINGS.difficulties:
            measured.control(side, difficulty)
        for kind, cards in itertools.product(outrider_pages.CHAIN_TYPES,
                                             range(1, outrider.SETTINGS.chain_cards + 1)):
            measured.chain(side, kind, cards)
        for die in outrider_odds.field_dice():
            measured.attack(side, die)
            measured.attack(side, die, secondary=True)
            measured.hits_to_wreck(side, die)
        measured.collisions(side)
    measured.assignments(outrider.AXES, outrider.ASSIGNMENT_EQUAL_WITHIN)
    return measured


def roll_until_decided(rng: random.Random, mine: int, add: int, tie: int, theirs: int) -> bool:
    """4.2: the higher total wins; a tie goes to the larger die, then the higher
    Acceleration; otherwise both roll again."""
    while True:
        a, b = rng.randint(1, mine) + add, rng.randint(1, theirs)
        if a != b:
            return a > b
        if mine != theirs:
            return mine > theirs
        if tie:
            return tie > 0


def outrider_monte_carlo(measured: outrider.OutriderMeasures, samples: int, seed: int
                         ) -> dict[tuple[str, int], tuple[float, int]]:
    """Per (side, difficulty): the estimated chance a control check succeeds, and the rounds
    simulated for it. Each round draws a field vehicle's dice in a random order, rolls the
    initiative duel, then the DRIVER roll with Handling (capped at +4) and the Speedometer."""
    rng = random.Random(seed)
    cells = list(itertools.product(SIDES, outrider.SETTINGS.difficulties))
    out = {}
    for i, (side, difficulty) in enumerate(cells):
        s = measured.sides[side]
        each = samples // len(cells) + (i < samples % len(cells))
        wins = 0
        for _ in range(each):
            engine = rng.sample(outrider_odds.field_dice(), 4)[0]
            won = roll_until_decided(rng, measured.engine, min(s.initiative, 4),
                                     s.acceleration, engine)
            wins += rng.randint(1, measured.driver) + min(s.control, 4) + won >= difficulty
        out[(side, difficulty)] = (wins / each, each)
    return out


def outrider_bench(args: argparse.Namespace, shipped: list[OutriderVehicle]) -> None:
    """Time the exact Outrider profiles against a Monte Carlo control-check table."""
    vehicle = linebacker()
    one, measured = timed(lambda: full_outrider_profile(vehicle), args.repeats)
    report(f"Outrider exact profile, {vehicle.name}, every table and 24 placements", one,
           args.repeats)
    fleet_repeats = max(1, args.repeats // 2)
    fleet, _ = timed(lambda: [full_outrider_profile(v) for v in shipped], fleet_repeats)
    report(f"Outrider exact profiles, {len(shipped)} shipped vehicles (cold caches)", fleet,
           fleet_repeats)

    runs = []
    estimate: dict[tuple[str, int], tuple[float, int]] = {}
    for repeat in range(args.mc_repeats):
        start = time.perf_counter()
        estimate = outrider_monte_carlo(measured, args.samples, args.seed + repeat)
        runs.append(time.perf_counter() - start)
    report(f"Monte Carlo, {vehicle.name} control-check table ({len(estimate)} cells), "
           f"{args.samples:,} rounds", statistics.median(runs), args.mc_repeats)

    worst = worst_z = 0.0
    where = ""
    for (side, difficulty), (p, each) in estimate.items():
        exact = float(measured.control(side, difficulty).success)
        diff, se = abs(exact - p), math.sqrt(exact * (1 - exact) / each)
        if diff > worst:
            worst, where = diff, f"{side} side, difficulty {difficulty}"
        if se > 0:
            worst_z = max(worst_z, diff / se)
    print(f"largest difference, chance a control check succeeds: {worst:.4f} ({where})")
    print(f"largest difference in standard errors: {worst_z:.2f} "
          f"(over {len(estimate)} estimates; above ~4.5 would point to a bug)")
    print(f"the estimate of one table took {statistics.median(runs) / one:.0f}x as long as "
          f"the exact profile with every table and placement")


if __name__ == "__main__":
    main()
