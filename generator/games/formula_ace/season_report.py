"""``paddock season TEAMFILE``: the season's ledger step by step and the team at the end.

The replay is ``season.py``'s; this module only turns it into plain values (the same ones
for the text template ``formula-ace/season.txt.j2`` and for ``--format json``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from generator.games.formula_ace.catalogues import FormulaData, formula_data
from generator.games.formula_ace.model import Race, SeasonEntry, Team
from generator.games.formula_ace.season import (
    LedgerLine,
    PilotState,
    SeasonState,
    ShipState,
    replay,
)
from generator.input.findings import Finding, Summary
from generator.input.report import format_text
from generator.text.templates import TextTemplates

TEMPLATE = "formula-ace/season.txt.j2"


def _line(line: LedgerLine) -> dict[str, Any]:
    return {"kind": line.kind, **line.about, "amount": line.amount, "balance": line.balance}


def _race(race: Race, data: FormulaData) -> dict[str, Any]:
    bonus = data.aces_high_bonus
    results = []
    for result in race.results:
        features = race.features if result.place is not None else 0
        results.append({
            "pilot": result.pilot, "ship": result.ship, "place": result.place,
            "prize": data.prize(result.place, race.starters) + bonus["credits"] * features,
            "points": data.points(result.place) + bonus["points"] * features,
            "hit_points_lost": result.hit_points_lost,
            "damage": {key: count for key, count in (
                ("boosters_broken", result.boosters_broken),
                ("fins_broken", result.fins_broken),
                ("boosters_destroyed", result.boosters_destroyed),
                ("fins_destroyed", result.fins_destroyed)) if count},
            "pilot_outcome": result.pilot_outcome, "ship_destroyed": result.ship_destroyed,
            "weapons_used": [data.items[item].name for item in result.weapons_used],
            "options": [data.items[item].name for item in result.options]})
    return {"name": race.name, "category": race.category,
            "category_name": data.categories[race.category]["name"],
            "starters": race.starters, "special_features": race.features,
            "results": results}


def _detail(entry: SeasonEntry, data: FormulaData) -> dict[str, Any] | None:
    """What a step other than a race did, as values for the template to word."""
    if entry.buy is not None:
        return {"item": data.items[entry.buy.item].name, "count": entry.buy.count,
                "ship": entry.buy.ship, "pilot": entry.buy.pilot, "skill": entry.buy.skill,
                "mount": entry.buy.mount}
    if entry.repair is not None:
        repair = entry.repair
        return {"ship": repair.ship, "parts": {key: count for key, count in (
            ("hit_points", repair.hit_points), ("boosters", repair.boosters),
            ("fins", repair.fins), ("boosters_replaced", repair.boosters_replaced),
            ("fins_replaced", repair.fins_replaced)) if count}}
    if entry.new_ship is not None:
        return {"name": entry.new_ship.name, "type": entry.new_ship.type,
                "pilot": entry.new_ship.pilot}
    if entry.recruit is not None:
        return {"name": entry.recruit.name, "rank": entry.recruit.rank,
                "category": entry.recruit.category}
    amount = entry.borrow if entry.borrow is not None else entry.repay
    return {"amount": amount} if amount is not None else None


def _step(step: int, entry: SeasonEntry, lines: list[LedgerLine], balance: int,
          data: FormulaData) -> dict[str, Any]:
    kind = entry.kinds[0] if len(entry.kinds) == 1 else "invalid"
    return {"step": step, "kind": kind,
            "race": _race(entry.race, data) if entry.race is not None else None,
            "detail": _detail(entry, data) if entry.race is None else None,
            "amount": sum(line.amount for line in lines),
            "balance": lines[-1].balance if lines else balance,
            "lines": [_line(line) for line in lines]}


def _ship(ship: ShipState, data: FormulaData) -> dict[str, Any]:
    return {"name": ship.name, "type": ship.type, "pilot": ship.pilot, "speed": ship.speed,
            "hit_points": ship.hit_points, "hit_points_left": ship.hit_points_left,
            "boosters": ship.boosters, "working_boosters": ship.working_boosters,
            "fins": ship.fins, "working_fins": ship.working_fins,
            "space": ship.space, "space_used": ship.space_used,
            "upgrades": {data.items[k].name: v for k, v in ship.upgrades.items()
                         if v and k not in ("booster", "fin")},
            "weapons": [data.items[item].name + (f" ({mount})" if mount else "")
                        for item, mount in ship.weapons],
            "destroyed": ship.destroyed, "flying": ship.flying}


def _pilot(pilot: PilotState, data: FormulaData) -> dict[str, Any]:
    return {"name": pilot.name, "rank": pilot.rank, "category": pilot.category,
            "skills": {s: pilot.skills[s] for s in data.skills_of(pilot.category)},
            "status": pilot.status, "races_out": pilot.races_out, "races": pilot.races,
            "credits_won": pilot.credits_won, "points": pilot.points}


def _steps(steps: Sequence[SeasonEntry], by_step: dict[int, list[LedgerLine]],
           credits: int, data: FormulaData) -> list[dict[str, Any]]:
    balance = by_step[0][-1].balance if by_step.get(0) else credits
    shown = []
    for step, entry in enumerate(steps, start=1):
        shown.append(_step(step, entry, by_step.get(step, []), balance, data))
        balance = shown[-1]["balance"]
    return shown


def season_context(team: Team, path: str, upto: int | None = None,
                   data: FormulaData | None = None) -> dict[str, Any]:
    """The season up to step ``upto`` (all of it by default) as plain values."""
    data = data or formula_data()
    state: SeasonState = replay(team, upto, data)
    steps = team.season[:upto]
    by_step: dict[int, list[LedgerLine]] = {}
    for line in state.ledger:
        by_step.setdefault(line.step, []).append(line)
    return {
        "team": team.name, "file": path, "steps_total": len(team.season),
        "steps_shown": len(steps), "start_credits": team.credits,
        "start": [_line(line) for line in by_step.get(0, [])],
        "steps": _steps(steps, by_step, team.credits, data),
        "final": {"credits": state.credits, "debt": state.debt,
                  "team_points": state.team_points,
                  "ships": [_ship(s, data) for s in state.ships.values()],
                  "pilots": [_pilot(p, data) for p in state.pilots.values()]},
    }


def format_season(context: dict[str, Any], findings: Sequence[Finding], fmt: str,
                  templates: TextTemplates) -> str:
    """The season as text (the template, then the findings as ``paddock check`` prints
    them) or as JSON with the findings and their summary."""
    summary = Summary.of(findings, 1)
    if fmt == "json":
        return json.dumps({**context, "findings": [f.as_dict() for f in findings],
                           "summary": summary.as_dict()}, indent=2, ensure_ascii=False)
    text = templates.render(TEMPLATE, context).rstrip("\n")
    return f"{text}\n\n{format_text(list(findings), summary)}"
