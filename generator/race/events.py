"""The event log every racing game keeps, in one format: one JSON object an event with the
keys below, written one a line (JSON lines) so that a person or a tool can read it back.

``vehicle`` is the entrant's identity in that race ('Basic Chariot #2', 'Rattler #1'), or
null for an event of the whole race (a round's end, the result). What ``phase``, ``action``,
``dice`` and ``result`` hold is each game's own; the keys are the same for all.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

EVENT_KEYS = ("round", "phase", "vehicle", "action", "dice", "result")


def event(round_: int, phase: Any, vehicle: str | None, action: str, dice: Any,
          result: Any) -> dict[str, Any]:
    """One event of the log."""
    return {"round": round_, "phase": phase, "vehicle": vehicle, "action": action,
            "dice": dice, "result": result}


def event_lines(events: Iterable[dict[str, Any]]) -> list[str]:
    """The events as JSON lines (keys sorted, so a log compares line for line)."""
    return [json.dumps(item, sort_keys=True) for item in events]


def write_event_log(path: Path, events: Iterable[dict[str, Any]]) -> None:
    """The events to ``path``, one a line, written atomically (all or nothing)."""
    from generator.paper.output import write_atomically

    text = "".join(line + "\n" for line in event_lines(events))
    write_atomically(path, lambda temp: Path(temp).write_text(text, encoding="utf-8"))
