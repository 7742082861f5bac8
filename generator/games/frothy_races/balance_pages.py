"""The Frothy Races pages of the balance report: the detailed profile as tables and charts.

Numbers come from :class:`~generator.games.frothy_races.balance_measures.FrothyMeasures`; every word
comes from ``templates/frothy-races/balance-base.j2`` (blocks); this module only chooses
what goes in which table or chart. The shared pages (verdicts, the axes table and radar of
each build) are drawn by ``generator.balance``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from generator.balance.axes import Value, is_infinite
from generator.balance.hook import Profile
from generator.balance.report import Chart, Group, Section, Series, Table, Text, Words
from generator.games.frothy_races.balance_axes import AXES, HIT_KINDS, SETTINGS
from generator.games.frothy_races.balance_measures import FrothyMeasures
from generator.games.frothy_races.model import SPEEDS
from generator.probability import ControlIcon
from generator.text.templates import TextTemplates, plain, signed

TEMPLATE = "frothy-races/balance.j2"
MOVING = SPEEDS[1:]
ICONS = tuple(str(icon) for icon in ControlIcon)


def number(value: Value, decimals: int, infinite: str) -> str:
    """A table cell: fixed decimals, or the template's word for infinity."""
    return infinite if is_infinite(value) else f"{float(value):.{decimals}f}"


def percent(value: Fraction) -> str:
    """A chance as a table shows it: one decimal place of a percentage."""
    return f"{float(value) * 100:.1f}%"


def plot_value(value: Value) -> float | None:
    """A chart point: None breaks the line where a value is infinite."""
    return None if is_infinite(value) else float(value)


def measures(profile: Profile) -> FrothyMeasures:
    """The detailed numbers behind a Frothy Races profile."""
    detail = profile.detail
    assert isinstance(detail, FrothyMeasures)
    return detail


def context(subject: str, baseline: str, unmeasured: Sequence[str] = (),
            control: Sequence[int] = ()) -> dict[str, Any]:
    """What the Frothy balance template may print."""
    s = SETTINGS
    return {"subject": subject, "baseline": baseline, "unmeasured": list(unmeasured),
            "control": list(control),
            "speeds": list(SPEEDS), "moving": list(MOVING), "points": list(s.control_points),
            "cards": list(s.cards), "whips": list(s.whip_cards), "reins": list(s.reins_cards),
            "rounds": s.standing_start_rounds, "hit_speeds": list(s.hit_speeds),
            "kinds": list(HIT_KINDS), "icons": list(ICONS), "objective": s.objective,
            "preference": [icon.replace("_", " ").title()
                           for icon in s.effect_preference if icon != "damage"],
            "attack_cards": s.attack_cards, "defence_cards": s.defence_cards}


# -- one build ----------------------------------------------------------------------------


def pages(subject: Profile, baseline: Profile, templates: TextTemplates) -> list[Section]:
    """The detailed pages for one vehicle, its baseline alongside."""
    m, b = measures(subject), measures(baseline)
    words = Words(templates.blocks(TEMPLATE, context(
        subject.name, baseline.name, subject.unmeasured, m.vehicle.speed_table.control)))
    return [
        Section(words["movement_title"], level=2, charts_per_row=2, blocks=(
            movement_chart(m, b, words), standing_chart(m, b, words), speed_table(m, words))),
        Section(words["control_title"], intro=words["control_intro"], level=2,
                charts_per_row=2, blocks=(
                    control_chart(m, b, words, "success"), control_chart(m, b, words, "loss"),
                    *control_tables(m, words), effects_table(m, words))),
        Section(words["speed_change_title"], intro=words["speed_change_intro"], level=2,
                charts_per_row=2, blocks=(
                    acceleration_chart(m, b, words), stop_chart(m, b, words),
                    acceleration_table(m, words))),
        Section(words["durability_title"], intro=words["durability_intro"], level=2,
                charts_per_row=2, blocks=(
                    durability_chart(m, b, words, "solid"), durability_chart(m, b, words,
                                                                             "attack"),
                    durability_table(m, words), cards_table(m, b, words))),
    ]


def pair(words: Words, m_values: list[float | None], b_values: list[float | None]
         ) -> tuple[Series, Series]:
    """The build's series and the baseline's, named by the template."""
    return (Series(words["subject_series"], tuple(m_values)),
            Series(words["baseline_series"], tuple(b_values), baseline=True))


def movement_chart(m: FrothyMeasures, b: FrothyMeasures, words: Words) -> Chart:
    """Spaces a round at each Speed, the build beside the baseline."""
    return Chart("bars", plain(words["movement_chart_title"]),
                 tuple(str(s) for s in SPEEDS),
                 pair(words, [float(r.total) for r in m.speeds],
                      [float(r.total) for r in b.speeds]),
                 x_label=plain(words["speed_label"]), y_label=plain(words["spaces_label"]),
                 height_mm=62)


def standing_chart(m: FrothyMeasures, b: FrothyMeasures, words: Words) -> Chart:
    """Spaces moved by the end of each round from a standstill."""
    rounds, whip = SETTINGS.standing_start_rounds, AXES["standing_start"].params["whip"]
    return Chart("lines", plain(words["standing_chart_title"]),
                 tuple(str(r) for r in range(1, rounds + 1)),
                 pair(words, [float(v) for v in m.standing_start(whip, rounds)],
                      [float(v) for v in b.standing_start(whip, rounds)]),
                 x_label=plain(words["round_label"]), y_label=plain(words["moved_label"]),
                 height_mm=62)


def speed_table(m: FrothyMeasures, words: Words) -> Table:
    """Moves, spaces, moving phases, Control and Stamina at each Speed."""
    control = words.lines("control_cell_lines")
    never = plain(words["no_limit"])
    rows = tuple((str(r.speed), *(str(x) if x else "-" for x in r.moves), str(r.total),
                  str(r.moving_phases), plain(control[r.speed]), signed(r.stamina),
                  number(r.stamina_rounds, 0, never)) for r in m.speeds)
    return Table(tuple(words.lines("speed_header_lines")), rows,
                 title=words["speed_table_title"], note=words["speed_table_note"],
                 widths=(0.7, 0.8, 0.8, 0.8, 0.8, 0.9, 1.0, 1.0, 0.9, 1.6))


def control_chart(m: FrothyMeasures, b: FrothyMeasures, words: Words, what: str) -> Chart:
    """Chance of success (or expected control loss) at each Speed with one card, one line
    per number of control-loss points held; the baseline with none, dashed."""
    cards = AXES["turn_success"].params["cards"]

    def values(x: FrothyMeasures, points: int) -> list[float | None]:
        cells = [x.control_cell(s, points, cards) for s in SPEEDS]
        return [float(c.p_success if what == "success" else c.control_loss) for c in cells]

    names = words.lines("points_series_lines")
    series = [Series(names[i], tuple(values(m, p)))
              for i, p in enumerate(SETTINGS.control_points)]
    series.append(Series(words["baseline_points_series"], tuple(values(b, 0)), baseline=True))
    title = words["control_chart_title" if what == "success" else "loss_chart_title"]
    y_label = words["chance_label" if what == "success" else "points_label"]
    return Chart("lines", plain(title), tuple(str(s) for s in SPEEDS), tuple(series),
                 x_label=plain(words["speed_label"]), y_label=plain(y_label),
                 y_max=1.0 if what == "success" else None, height_mm=70)


def control_tables(m: FrothyMeasures, words: Words) -> list[Table]:
    """Success, control loss and damage for every Speed x points x cards cell."""
    s = SETTINGS
    groups = (Group("", 1), *(Group(label, len(s.cards))
                              for label in words.lines("points_group_lines")))
    header = (words["speed_label"], *(str(k) for _ in s.control_points for k in s.cards))

    def table(title: str, cell: Any, note: str = "") -> Table:
        rows = tuple((str(speed), *(cell(m.control_cell(speed, p, k))
                                    for p in s.control_points for k in s.cards))
                     for speed in SPEEDS)
        return Table(header, rows, title=title, note=note, groups=groups,
                     widths=(1.2,) + (1.0,) * (len(header) - 1))

    return [
        table(words["success_table_title"], lambda c: percent(c.p_success)),
        table(words["loss_table_title"], lambda c: f"{float(c.control_loss):.2f}"),
        table(words["damage_table_title"], lambda c: f"{float(c.damage):.2f}",
              words["control_note"]),
    ]


def effects_table(m: FrothyMeasures, words: Words) -> Table:
    """The chance of each effect at each Speed, with the axis's points and cards."""
    params = AXES["turn_success"].params
    points, cards = params["control_points"], params["cards"]
    rows = tuple((str(s), percent(m.control_cell(s, points, cards).p_success),
                  *(percent(m.control_cell(s, points, cards).effects[i]) for i in ICONS))
                 for s in SPEEDS)
    return Table(tuple(words.lines("effects_header_lines")), rows,
                 title=words["effects_table_title"], note=words["effects_note"])


def acceleration_chart(m: FrothyMeasures, b: FrothyMeasures, words: Words) -> Chart:
    """Rounds to each Speed for every Whip count that can leave a standstill."""
    names = words.lines("whip_series_lines")
    series = [Series(names[i], tuple(plot_value(m.rounds_to_speed(w, s)) for s in MOVING))
              for i, w in enumerate(SETTINGS.whip_cards)
              if any(not is_infinite(m.rounds_to_speed(w, s)) for s in MOVING)]
    whip = AXES["rounds_to_top_speed"].params["whip"]
    series.append(Series(words["baseline_whip_series"],
                         tuple(plot_value(b.rounds_to_speed(whip, s)) for s in MOVING),
                         baseline=True))
    return Chart("lines", plain(words["acceleration_chart_title"]),
                 tuple(str(s) for s in MOVING), tuple(series),
                 x_label=plain(words["speed_label"]), y_label=plain(words["rounds_label"]),
                 height_mm=66)


def stop_chart(m: FrothyMeasures, b: FrothyMeasures, words: Words) -> Chart:
    """Rounds to stop from top speed for each Reins count."""
    return Chart("bars", plain(words["stop_chart_title"]),
                 tuple(words.lines("reins_category_lines")),
                 pair(words, [plot_value(m.rounds_to_stop(r)) for r in SETTINGS.reins_cards],
                      [plot_value(b.rounds_to_stop(r)) for r in SETTINGS.reins_cards]),
                 y_label=plain(words["rounds_label"]), height_mm=66,
                 missing=plain(words["never"]))


def acceleration_table(m: FrothyMeasures, words: Words) -> Table:
    """Rounds to reach each Speed and to stop, for every card count."""
    never = plain(words["never"])
    labels = words.lines("whip_row_lines")
    rows = [(labels[i], *(number(m.rounds_to_speed(w, s), 2, never) for s in MOVING))
            for i, w in enumerate(SETTINGS.whip_cards)]
    stop = words.lines("stop_row_lines")
    rows += [(stop[i], *([""] * (len(MOVING) - 1)), number(m.rounds_to_stop(r), 2, never))
             for i, r in enumerate(SETTINGS.reins_cards)]
    return Table(tuple(words.lines("acceleration_header_lines")), tuple(rows),
                 title=words["acceleration_table_title"], note=words["acceleration_note"],
                 widths=(2.4,) + (1.0,) * len(MOVING))


def durability_chart(m: FrothyMeasures, b: FrothyMeasures, words: Words, kind: str) -> Chart:
    """Hits of one kind to wipe out at each Speed, the build beside the baseline."""
    speeds = SETTINGS.hit_speeds
    title = words["solid_chart_title" if kind == "solid" else "attack_chart_title"]
    return Chart("bars", plain(title), tuple(str(s) for s in speeds),
                 pair(words, [plot_value(m.hits(kind, s)) for s in speeds],
                      [plot_value(b.hits(kind, s)) for s in speeds]),
                 x_label=plain(words["speed_label"]), y_label=plain(words["hits_label"]),
                 height_mm=62, missing=plain(words["never"]))


def durability_table(m: FrothyMeasures, words: Words) -> Table:
    """Hits of every kind to wipe out at each Speed."""
    never = plain(words["never"])
    labels = words.lines("kind_lines")
    rows = tuple((labels[i], *(number(m.hits(kind, s), 2, never)
                               for s in SETTINGS.hit_speeds))
                 for i, kind in enumerate(HIT_KINDS))
    return Table(tuple(words.lines("durability_header_lines")), rows,
                 title=words["durability_table_title"], note=words["durability_note"],
                 widths=(2.6,) + (1.0,) * len(SETTINGS.hit_speeds))


def cards_table(m: FrothyMeasures, b: FrothyMeasures, words: Words) -> Table:
    """The hand and the cards a round it sustains, the build and the baseline."""
    def row(label: str, x: FrothyMeasures) -> tuple[str, ...]:
        c = x.cards
        return (label, str(c.whip), str(c.reins), str(c.dual), str(c.special), str(c.total),
                f"{float(c.early):g}", f"{float(c.per_round):.2f}")

    return Table(tuple(words.lines("cards_header_lines")),
                 (row(plain(words["subject_series"]), m), row(plain(words["baseline_series"]),
                                                               b)),
                 title=words["cards_table_title"], note=words["cards_note"],
                 widths=(2.6, 0.8, 0.8, 0.8, 0.8, 0.8, 1.1, 1.1))


# -- every build side by side ------------------------------------------------------------------


def overview(profiles: Sequence[Profile], baseline: Profile, templates: TextTemplates
             ) -> list[Section]:
    """Charts with every build on them, and how the numbers are made."""
    words = Words(templates.blocks(TEMPLATE, context("", baseline.name)))
    b = measures(baseline)
    whip = AXES["rounds_to_top_speed"].params["whip"]
    params = AXES["turn_success"].params

    def lines(title: str, values: Any, categories: Sequence[int], y_label: str,
              y_max: float | None = None) -> Chart:
        series = [Series(p.name, tuple(values(measures(p), s) for s in categories))
                  for p in profiles]
        series.append(Series(words["baseline_series"], tuple(values(b, s) for s in categories),
                             baseline=True))
        return Chart("lines", plain(title), tuple(str(s) for s in categories), tuple(series),
                     x_label=plain(words["speed_label"]), y_label=plain(y_label), y_max=y_max,
                     height_mm=78)

    return [
        Section(words["overview_title"], intro=words["overview_intro"], new_page=True,
                blocks=(
                    lines(words["overview_movement_title"],
                          lambda x, s: float(x.speeds[s].total), SPEEDS, words["spaces_label"]),
                    lines(words["overview_acceleration_title"],
                          lambda x, s: plot_value(x.rounds_to_speed(whip, s)), MOVING,
                          words["rounds_label"]),
                    lines(words["overview_control_title"],
                          lambda x, s: float(x.turn_success(s, params["control_points"],
                                                            params["cards"])),
                          MOVING, words["chance_label"], y_max=1.0))),
        Section(words["method_title"], intro=words["method_intro"], new_page=True,
                blocks=tuple(Text(line) for line in words.lines("method_lines") if line)),
    ]

