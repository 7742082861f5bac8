"""Why a surprising row of the Frothy Races balance table is so, shown beside it.

A designer reads more Acceleration boxes as slower acceleration; but the guide's
over-whipping (a speed check that would carry the marker past the last box moves it back by
the difference) makes the boxes of the top Speeds a target to land in. A build with more
boxes in all can reach top Speed sooner, and one with fewer can take longer. The words are
the axis's ``surprise`` text in ``data/balance_axes.yaml``; this module only says when it
applies and with which numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.balance.axes import is_infinite
from generator.balance.hook import Profile
from generator.games.frothy_races.balance_axes import AXES
from generator.text.templates import render_message

AXIS = "rounds_to_top_speed"


def boxes(profile: Profile) -> tuple[int, ...]:
    """The profile's Acceleration row, boxes per Speed 0-6."""
    detail: Any = profile.detail
    return tuple(detail.vehicle.speed_table.acceleration)


def reasons(subject: Profile, baseline: Profile) -> Mapping[str, str]:
    """The reason behind 'Rounds to top' when it runs against the box count: more boxes
    yet sooner, or fewer boxes yet later."""
    mine, theirs = boxes(subject), boxes(baseline)
    rounds, base_rounds = subject.values.get(AXIS), baseline.values.get(AXIS)
    if rounds is None or base_rounds is None or is_infinite(rounds) or is_infinite(base_rounds):
        return {}
    more, sooner = sum(mine) - sum(theirs), float(rounds) < float(base_rounds)
    if not (more >= 0 and sooner and mine != theirs or more < 0 and not sooner):
        return {}
    text = AXES[AXIS].surprise
    if not text:
        return {}
    return {AXIS: render_message(str(text), {
        "boxes": sum(mine), "baseline_boxes": sum(theirs), "sooner": sooner,
        "near": sum(mine[-2:]), "baseline_near": sum(theirs[-2:]), "top": mine[-1],
        "baseline_top": theirs[-1]})}
