"""How much the driving style moves the race verdict: ``python bench/style_effect.py
[--races N] [--seed S] [--workers W] [--builds NAME ...] [--sequential]``.

Every shipped Frothy Races build (``vehicles/frothy-races``) against copies of the basic
chariot on every shipped Frothy Races track, under every documented style
(``generator/games/frothy_races/race/styles.py``), with ``race_verdict`` as
``paddock balance BUILD --race all --races N --seed S`` runs it: N races per track and
style (a fixed count, so each style's figure on each track has the same weight), the field
following each track (its players, at most six; its laps). For each build, track and
style: the share of races won with its 95% Wilson interval and the fair share; over the
tracks, each style's combined share and flag (FR-BAL-RACE-STYLE's band), and whether the
styles' flags disagree ("depends on driving style"). Then the summary the README quotes:
the gap between the styles in points, per build and track (median and largest), and the
builds whose flags differ.

``--sequential`` races each build as ``paddock balance BUILD --race all --seed S`` does,
with no fixed count: the sequential rule stops each style on each track (FR-BAL-RACE-STYLE),
so the flags are the verdicts a designer is shown; each style's races are recorded.

Results go to bench/results/style-effect.json (style-effect-sequential.json; each build's
rows as they finish) and a Markdown table to stdout; docs/racing.md quotes them. CPU time
(this process and its workers) and wall time are recorded beside them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path
from typing import Any

from timing import save_results

from generator.games.frothy_races.race.styles import STYLES
from generator.games.frothy_races.race.verdict import RaceVerdict, race_verdict

REPO = Path(__file__).resolve().parents[1]
FROTHY = REPO / "vehicles" / "frothy-races"
TRACKS = REPO / "vehicles" / "tracks"
CHARIOT = FROTHY / "basic-chariot.yaml"
SHIPPED = ["bogwater-bowl", "tin-plate-loop", "tanners-twist"]


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def build_rows(verdict: RaceVerdict) -> dict[str, Any]:
    """One build's figures: per style, per track and combined, with intervals."""
    styles = {}
    for result in verdict.styles:
        styles[result.style] = {
            "tracks": [{"track": row.track, "races": row.races, "won": row.won,
                        "share": row.wins.rate, "low": row.wins.low,
                        "high": row.wins.high, "fair": row.fair_share,
                        "field": row.field_size, "laps": row.laps} for row in result.rows],
            "combined": {"races": result.races, "share": result.wins.rate,
                         "low": result.wins.low, "high": result.wins.high,
                         "fair": result.fair_share},
            "flag": result.flag}
    return {"name": verdict.name, "styles": styles,
            "depends_on_style": verdict.depends_on_style}


def gaps(builds: list[dict[str, Any]]) -> dict[str, Any]:
    """The styles' gap in points per build and track: median and largest, per track too."""
    names = list(STYLES)
    per_track: dict[str, list[float]] = {}
    combined = []
    for build in builds:
        styles = build["styles"]
        first, second = styles[names[0]], styles[names[1]]
        for a, b in zip(first["tracks"], second["tracks"], strict=True):
            per_track.setdefault(a["track"], []).append(100 * abs(a["share"] - b["share"]))
        combined.append(100 * abs(first["combined"]["share"] - second["combined"]["share"]))
    every = [g for values in per_track.values() for g in values]
    return {"pairs": len(every), "median_points": statistics.median(every),
            "largest_points": max(every),
            "per_track": {t: {"median": statistics.median(v), "largest": max(v)}
                          for t, v in per_track.items()},
            "combined_median_points": statistics.median(combined),
            "combined_largest_points": max(combined),
            "flags_differ": [b["name"] for b in builds if b["depends_on_style"]]}


def table(builds: list[dict[str, Any]]) -> str:
    """The Markdown table docs/racing.md shows."""
    names = list(STYLES)
    lines = ["| build | track | " + " | ".join(names) + " | moved by |",
             "| --- | --- | " + " | ".join("---" for _ in names) + " | --- |"]
    for build in builds:
        styles = build["styles"]
        for k, row in enumerate(styles[names[0]]["tracks"]):
            cells = []
            shares = []
            for name in names:
                r = styles[name]["tracks"][k]
                cells.append(f"{pct(r['share'])} ({100 * r['low']:.0f}-{100 * r['high']:.0f})")
                shares.append(r["share"])
            label = build["name"] if k == 0 else ""
            lines.append(f"| {label} | {row['track']} | " + " | ".join(cells)
                         + f" | {100 * abs(shares[0] - shares[-1]):.0f} |")
        cells, shares = [], []
        for name in names:
            c = styles[name]["combined"]
            flag = styles[name]["flag"]
            shown = "" if flag == "" else f" {flag}"
            cells.append(f"{pct(c['share'])} ({100 * c['low']:.0f}-{100 * c['high']:.0f})"
                         f"{shown}")
            shares.append(c["share"])
        fairs = " / ".join(pct(styles[n]["combined"]["fair"]) for n in names)
        lines.append(f"| | all three (fair {fairs}) | " + " | ".join(cells)
                     + f" | {100 * abs(shares[0] - shares[-1]):.0f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=96)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--builds", nargs="*", default=None)
    parser.add_argument("--sequential", action="store_true")
    args = parser.parse_args()
    races = None if args.sequential else args.races
    name = "style-effect-sequential" if args.sequential else "style-effect"
    tracks = [TRACKS / f"{name}.yaml" for name in SHIPPED]
    paths = sorted(FROTHY.glob("*.yaml"))
    if args.builds:
        paths = [p for p in paths if p.stem in args.builds]
    builds: list[dict[str, Any]] = []
    results: dict[str, Any] = {"races_per_track_and_style": races, "seed": args.seed,
                               "styles": list(STYLES), "tracks": SHIPPED, "builds": builds}
    before, start = os.times(), time.perf_counter()
    for path in paths:
        verdict = race_verdict(path, tracks, baseline=CHARIOT, races=races,
                               seed=args.seed, workers=args.workers)
        builds.append(build_rows(verdict))
        print(path.stem, {s: (r["flag"], round(r["combined"]["share"], 3),
                              r["combined"]["races"])
                          for s, r in builds[-1]["styles"].items()}, flush=True)
        save_results(name, results)
    after = os.times()
    results["wall_s"] = round(time.perf_counter() - start, 1)
    results["cpu_s"] = round(sum(getattr(after, f) - getattr(before, f) for f in
                                 ("user", "system", "children_user", "children_system")), 1)
    results["load_average"] = os.getloadavg()
    results["summary"] = gaps(builds)
    save_results(name, results)
    print(table(builds))
    print(results["summary"])
    print("wall", results["wall_s"], "s; CPU", results["cpu_s"], "s; load", results["load_average"])


if __name__ == "__main__":
    main()
