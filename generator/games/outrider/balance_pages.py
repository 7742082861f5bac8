"""The Outrider pages of the balance report: the detailed profile as tables and charts.

Numbers come from :class:`~generator.games.outrider.balance.OutriderMeasures`; every word
comes from ``templates/outrider/balance-base.j2`` (blocks); this module only chooses what goes
in which table or chart. The shared pages (verdicts, the axes table and radar of each build)
are drawn by ``generator.balance``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from generator.balance.axes import Value, is_infinite
from generator.balance.compare import Standing
from generator.balance.hook import Profile
from generator.balance.report import Chart, Group, Section, Series, Table, Text, Words
from generator.games.outrider.balance import (
    ASSIGNMENT_EQUAL_WITHIN,
    AXES,
    SETTINGS,
    AssignmentStudy,
    OutriderMeasures,
)
from generator.games.outrider.balance_odds import die_name, field_dice
from generator.games.outrider.catalogues import outrider_data
from generator.games.outrider.model import SIDES, SLOTS
from generator.probability.outrider import ManeuverType
from generator.text.templates import TextTemplates, plain

TEMPLATE = "outrider/balance.j2"
MANEUVER_TYPES = (ManeuverType.STRAIGHT, ManeuverType.TURN, ManeuverType.STOP)
CHAIN_TYPES = ("straight", "turn")
# The placement table shows these axes beside AP and Skill: one of each kind, narrow side.
KEY_AXES = ("control_narrow_8", "attack_narrow_d8", "hits_narrow_d8", "collision_narrow")


def percent(value: Fraction) -> str:
    """A chance as a table shows it: one decimal place of a percentage."""
    return f"{float(value) * 100:.1f}%"


def number(value: Value, decimals: int, infinite: str) -> str:
    """A table cell: fixed decimals, or the template's word for infinity."""
    return infinite if is_infinite(value) else f"{float(value):.{decimals}f}"


def plot_value(value: Value | None) -> float | None:
    """A chart point: None breaks the line (a chain the engine cannot pay for)."""
    return None if value is None or is_infinite(value) else float(value)


def measures(profile: Profile) -> OutriderMeasures:
    """The detailed numbers behind an Outrider profile."""
    detail = profile.detail
    assert isinstance(detail, OutriderMeasures)
    return detail


def context(subject: str, baseline: str, m: OutriderMeasures | None = None) -> dict[str, Any]:
    """What the Outrider balance template may print."""
    data = outrider_data()
    faces = {kind: data.faces[face] for kind, face in SETTINGS.chains.items()}
    build: dict[str, Any] = {}
    if m is not None:
        build = {
            "dice": dict(zip(SLOTS, m.dice, strict=True)),
            "action_points": m.action_points, "skill_points": m.skill_points,
            "classes": {slot: data.meaning(slot, sides).label
                        for slot, sides in zip(SLOTS, m.dice, strict=True)},
            "sides": {name: {"bonuses": {roll: getattr(s, roll) for roll in
                                         ("initiative", "control", "defense", "attack")},
                             "fire_linked": s.fire_linked, "secondary": s.has_secondary,
                             "arcs": [{"weapon": a.weapon, "facing": a.facing,
                                       "mount": a.mount} for a in s.arcs],
                             "coverage": f"{float(m.arc_coverage(name)):g}"}
                      for name, s in m.sides.items()},
        }
    return {"subject": subject, "baseline": baseline, "build": build,
            "sides": list(SIDES), "slots": list(SLOTS),
            "field": [die_name(d) for d in field_dice()],
            "difficulties": list(SETTINGS.difficulties),
            "chain_cards": list(range(1, SETTINGS.chain_cards + 1)),
            "chains": {kind: {"title": f.title, "difficulty": f.difficulty}
                       for kind, f in faces.items()},
            "maneuver_types": [str(t) for t in MANEUVER_TYPES],
            "tokens": data.per_player["armor"], "secondary_weapon": SETTINGS.secondary_weapon,
            "tolerance": f"{ASSIGNMENT_EQUAL_WITHIN * 100:g}%",
            "axes_count": len(AXES.axes), "key_axes": [AXES[a].short for a in KEY_AXES]}


def words_for(templates: TextTemplates, subject: str, baseline: str,
              m: OutriderMeasures | None = None, **extra: Any) -> Words:
    """The template's blocks for one page set."""
    return Words(templates.blocks(TEMPLATE, {**context(subject, baseline, m), **extra}))


# -- one build ----------------------------------------------------------------------------


def pages(subject: Profile, baseline: Profile, templates: TextTemplates) -> list[Section]:
    """The detailed pages for one vehicle, its baseline alongside."""
    m, b = measures(subject), measures(baseline)
    study = m.assignments(AXES, ASSIGNMENT_EQUAL_WITHIN)
    words = words_for(templates, subject.name, baseline.name, m,
                      study=study_context(study))
    return [
        Section(words["dice_title"], intro=words["dice_intro"], level=2,
                blocks=(dice_table(m, words), initiative_table(m, words),
                        sides_table(m, words))),
        Section(words["control_title"], intro=words["control_intro"], level=2,
                new_page=True, charts_per_row=2, blocks=(
                    control_chart(m, b, words), chain_chart(m, b, words),
                    control_table(m, words), loss_of_control_table(m, words))),
        Section(words["combat_title"], intro=words["combat_intro"], level=2,
                new_page=True, charts_per_row=2, blocks=(
                    attack_chart(m, b, words), hits_chart(m, b, words),
                    attack_table(m, words), defence_table(m, words),
                    collision_table(m, words))),
        Section(words["placements_title"], intro=words["placements_intro"], level=2,
                new_page=True, blocks=(placement_chart(study, words),
                                       placement_table(study, words))),
    ]


def side_series(words: Words, values: Callable[[str], Sequence[float | None]],
                baseline: Sequence[float | None]) -> tuple[Series, ...]:
    """One series per side of the build, then the baseline's narrow side, dashed."""
    names = words.lines("side_series_lines")
    return (*(Series(names[i], tuple(values(side))) for i, side in enumerate(SIDES)),
            Series(words["baseline_series"], tuple(baseline), baseline=True))


def dice_table(m: OutriderMeasures, words: Words) -> Table:
    """Each slot: its die, class, what it gives, and the bonus each side adds to its roll."""
    gives = words.lines("slot_gives_lines")
    rolls = ("initiative", "control", "defense", "attack")
    rows = tuple((plain(words.lines("slot_lines")[i]), die_name(sides),
                  outrider_data().meaning(slot, sides).label, plain(gives[i]),
                  *(f"+{getattr(m.sides[side], rolls[i])}" for side in SIDES))
                 for i, (slot, sides) in enumerate(zip(SLOTS, m.dice, strict=True)))
    return Table(tuple(words.lines("dice_header_lines")), rows, title=words["dice_table_title"],
                 note=words["dice_note"], widths=(1.0, 0.6, 1.8, 2.6, 1.0, 1.0))


def sides_table(m: OutriderMeasures, words: Words) -> Table:
    """Each side's arcs, fire-link and compass coverage."""
    arcs, linked = words.lines("arc_lines"), words.lines("fire_linked_lines")
    rows = tuple((plain(words.lines("side_series_lines")[i]), plain(arcs[i]), plain(linked[i]),
                  f"{float(m.arc_coverage(side)):g}")
                 for i, side in enumerate(SIDES))
    return Table(tuple(words.lines("sides_header_lines")), rows,
                 title=words["sides_table_title"], widths=(1.6, 4.0, 1.2, 1.0))


def control_chart(m: OutriderMeasures, b: OutriderMeasures, words: Words) -> Chart:
    """Chance of success at each difficulty, each side and the baseline's narrow side."""
    difficulties = SETTINGS.difficulties

    def success(x: OutriderMeasures, side: str) -> list[float | None]:
        return [float(x.control(side, d).success) for d in difficulties]

    return Chart("lines", plain(words["control_chart_title"]),
                 tuple(str(d) for d in difficulties),
                 side_series(words, lambda side: success(m, side), success(b, SIDES[0])),
                 x_label=plain(words["difficulty_label"]), y_label=plain(words["chance_label"]),
                 y_max=1.0, height_mm=68)


def chain_chart(m: OutriderMeasures, b: OutriderMeasures, words: Words) -> Chart:
    """Chance to drive a chain of 1-6 straights or turns on the narrow side; a chain longer
    than the engine's Action Points has no point."""
    cards = range(1, SETTINGS.chain_cards + 1)
    names = words.lines("chain_series_lines")
    side = SIDES[0]
    series = [Series(names[i], tuple(plot_value(m.chain(side, kind, k)) for k in cards))
              for i, kind in enumerate(CHAIN_TYPES)]
    series.append(Series(words["baseline_turn_series"],
                         tuple(plot_value(b.chain(side, "turn", k)) for k in cards),
                         baseline=True))
    return Chart("lines", plain(words["chain_chart_title"]), tuple(str(k) for k in cards),
                 tuple(series), x_label=plain(words["cards_label"]),
                 y_label=plain(words["chance_label"]), y_max=1.0, height_mm=68)


def control_table(m: OutriderMeasures, words: Words) -> Table:
    """Success, cut short and loss of control at each difficulty, both sides."""
    groups = (Group("", 1), *(Group(label, 3) for label in words.lines("side_group_lines")))
    rows = []
    for d in SETTINGS.difficulties:
        cells = [str(d)]
        for side in SIDES:
            c = m.control(side, d)
            cells += [percent(c.success), percent(c.failure), percent(c.loss_of_control)]
        rows.append(tuple(cells))
    return Table(tuple(words.lines("control_header_lines")), tuple(rows),
                 title=words["control_table_title"], note=words["control_note"], groups=groups,
                 widths=(1.0,) + (1.0,) * 6)


def initiative_table(m: OutriderMeasures, words: Words) -> Table:
    """Initiative won against each field engine, and against the field."""
    names = words.lines("side_series_lines")
    rows = tuple((plain(names[i]), *(percent(m.initiative_against(side, e))
                                     for e in field_dice()),
                  percent(m.initiative(side)))
                 for i, side in enumerate(SIDES))
    return Table(tuple(words.lines("initiative_header_lines")), rows,
                 title=words["initiative_table_title"], note=words["initiative_note"],
                 widths=(1.6,) + (1.0,) * (len(field_dice()) + 1))


def loss_of_control_table(m: OutriderMeasures, words: Words) -> Table:
    """Each chart's results once control is lost, on this build's DRIVER die: one row per
    kind of maneuver."""
    charts = {c.id: c for c in outrider_data().charts}
    names = words.lines("maneuver_type_lines")
    rows = []
    for i, kind in enumerate(MANEUVER_TYPES):
        odds = m.loss_of_control(kind)
        results = [f"{row.name} ({row.rolls}) {percent(odds[row.name.lower().replace(' ', '_')])}"
                   for row in charts[str(kind)].rows]
        rows.append((plain(names[i]), ", ".join(results)))
    return Table(tuple(words.lines("loss_header_lines")), tuple(rows),
                 title=words["loss_table_title"], note=words["loss_note"], widths=(1.2, 6.0))


def attack_chart(m: OutriderMeasures, b: OutriderMeasures, words: Words) -> Chart:
    """Damage chance against each armour die."""
    dice = field_dice()
    return Chart("bars", plain(words["attack_chart_title"]), tuple(die_name(d) for d in dice),
                 side_series(words, lambda side: [float(m.attack(side, d)) for d in dice],
                             [float(b.attack(SIDES[0], d)) for d in dice]),
                 x_label=plain(words["armour_label"]), y_label=plain(words["chance_label"]),
                 y_max=1.0, height_mm=66)


def hits_chart(m: OutriderMeasures, b: OutriderMeasures, words: Words) -> Chart:
    """Hits to wreck from each weapon die."""
    dice = field_dice()
    return Chart("bars", plain(words["hits_chart_title"]), tuple(die_name(d) for d in dice),
                 side_series(words, lambda side: [plot_value(m.hits_to_wreck(side, d))
                                                  for d in dice],
                             [plot_value(b.hits_to_wreck(SIDES[0], d)) for d in dice]),
                 x_label=plain(words["weapon_label"]), y_label=plain(words["hits_label"]),
                 height_mm=66, missing=plain(words["never"]))


def attack_table(m: OutriderMeasures, words: Words) -> Table:
    """Damage chances against each armour die: the primary weapon when the duel is won,
    lost, and overall, and a secondary arc's d6."""
    labels = words.lines("attack_row_lines")
    dice = field_dice()
    rows = []
    for i, side in enumerate(SIDES):
        base = 4 * i
        rows += [(plain(labels[base]), *(percent(m.attack_when(side, d, True)) for d in dice)),
                 (plain(labels[base + 1]),
                  *(percent(m.attack_when(side, d, False)) for d in dice)),
                 (plain(labels[base + 2]), *(percent(m.attack(side, d)) for d in dice))]
        if m.sides[side].has_secondary:
            rows.append((plain(labels[base + 3]),
                         *(percent(m.attack(side, d, secondary=True)) for d in dice)))
    return Table(tuple(words.lines("attack_header_lines")), tuple(rows),
                 title=words["attack_table_title"], note=words["attack_note"],
                 widths=(3.6,) + (1.0,) * len(dice))


def defence_table(m: OutriderMeasures, words: Words) -> Table:
    """Chance a hit from each weapon die damages each side, and hits to wreck."""
    labels = words.lines("defence_row_lines")
    never = plain(words["never"])
    dice = field_dice()
    rows = []
    for i, side in enumerate(SIDES):
        rows += [(plain(labels[2 * i]), *(percent(m.damaged_by(side, d)) for d in dice)),
                 (plain(labels[2 * i + 1]),
                  *(number(m.hits_to_wreck(side, d), 1, never) for d in dice))]
    return Table(tuple(words.lines("defence_header_lines")), tuple(rows),
                 title=words["defence_table_title"], note=words["defence_note"],
                 widths=(3.6,) + (1.0,) * len(dice))


def collision_table(m: OutriderMeasures, words: Words) -> Table:
    """Collisions won against each armour die and the field; collisions to wreck."""
    names = words.lines("side_series_lines")
    never = plain(words["never"])
    rows = []
    for i, side in enumerate(SIDES):
        c = m.collisions(side)
        rows.append((plain(names[i]),
                     *(percent(m.collision_against(side, d)) for d in field_dice()),
                     percent(c.win), number(c.rams, 1, never), number(c.incidentals, 1, never)))
    return Table(tuple(words.lines("collision_header_lines")), tuple(rows),
                 title=words["collision_table_title"], note=words["collision_note"],
                 widths=(1.6,) + (1.0,) * (len(field_dice()) + 3))


# -- the 24 placements --------------------------------------------------------------------


def study_context(study: AssignmentStudy) -> dict[str, Any]:
    """What the template says about the placements: the front and the build's own."""
    return {"count": len(study.placements), "front": len(study.front), "own": study.own + 1,
            "own_dice": [die_name(d) for d in study.placements[study.own]],
            "own_on_front": study.own in study.front,
            "dominated_by": [i + 1 for i in study.dominated_by(study.own)],
            "pairs": len(study.pairs)}


def placement_chart(study: AssignmentStudy, words: Words) -> Chart:
    """For each placement, the axes it wins and loses against the build's own."""
    names = words.lines("placement_series_lines")
    better = tuple(float(len(c.better)) for c in study.versus_own)
    worse = tuple(float(len(c.worse)) for c in study.versus_own)
    return Chart("bars", plain(words["placement_chart_title"]),
                 tuple(str(i + 1) for i in range(len(study.placements))),
                 (Series(names[0], better, colour="#009e73"),
                  Series(names[1], worse, colour="#d55e00")),
                 x_label=plain(words["placement_label"]), y_label=plain(words["axes_label"]),
                 y_max=float(len(AXES.axes)), height_mm=62)


def placement_table(study: AssignmentStudy, words: Words) -> Table:
    """The 24 placements: dice, key axes shaded against the build's own, wins and losses
    against it, and which placements dominate it."""
    front, own = study.front, study.own
    standing = words.lines("placement_standing_lines")
    key = [AXES[a] for a in KEY_AXES]
    rows, tones = [], []
    for i, dice in enumerate(study.placements):
        values = study.values[i]
        versus = study.versus_own[i]
        beaten_by = study.dominated_by(i)
        where = (plain(standing[1]) if i in front else
                 plain(standing[2]) + " " + ", ".join(str(b + 1) for b in beaten_by))
        status = f"{plain(standing[0])}; {where}" if i == own else where
        rows.append((str(i + 1), *(die_name(d) for d in dice),
                     f"{float(values['action_points']):g}", f"{float(values['skill_points']):g}",
                     *(a.format(values[a.id]) for a in key),
                     str(len(versus.better)), str(len(versus.worse)), status))
        by_id = {r.axis.id: r.standing for r in versus.results}
        own_row = Standing.EQUAL if i == own else None
        tones.append((own_row, *([own_row] * 4),
                      *(by_id[a] if i != own else own_row
                        for a in ("action_points", "skill_points", *KEY_AXES)),
                      own_row, own_row, Standing.WORSE if beaten_by else own_row))
    return Table(tuple(words.lines("placement_header_lines")), tuple(rows), tones=tuple(tones),
                 title=words["placement_table_title"], note=words["placement_note"],
                 widths=(0.45, 0.75, 0.75, 0.75, 0.8, 0.5, 0.6, 0.9, 0.9, 0.9, 0.9, 0.7, 0.7, 1.8))


# -- every build side by side ------------------------------------------------------------------


def overview(profiles: Sequence[Profile], baseline: Profile, templates: TextTemplates
             ) -> list[Section]:
    """Charts with every build on them, the placements of each, and how numbers are made."""
    words = words_for(templates, "", baseline.name, study=None)
    b = measures(baseline)
    side = SIDES[0]
    dice = field_dice()

    def lines(title: str, values: Callable[[OutriderMeasures, Any], float | None],
              categories: Sequence[Any], names: Sequence[str], x_label: str, y_label: str,
              y_max: float | None = None) -> Chart:
        series = [Series(p.name, tuple(values(measures(p), c) for c in categories))
                  for p in profiles]
        series.append(Series(words["baseline_series"], tuple(values(b, c) for c in categories),
                             baseline=True))
        return Chart("lines", plain(title), tuple(names), tuple(series),
                     x_label=plain(x_label), y_label=plain(y_label), y_max=y_max, height_mm=76)

    difficulties = SETTINGS.difficulties
    return [
        Section(words["overview_title"], intro=words["overview_intro"], new_page=True,
                blocks=(
                    lines(words["overview_control_title"],
                          lambda x, d: float(x.control(side, d).success), difficulties,
                          [str(d) for d in difficulties], words["difficulty_label"],
                          words["chance_label"], 1.0),
                    lines(words["overview_attack_title"],
                          lambda x, d: float(x.attack(side, d)), dice,
                          [die_name(d) for d in dice], words["armour_label"],
                          words["chance_label"], 1.0),
                    lines(words["overview_hits_title"],
                          lambda x, d: plot_value(x.hits_to_wreck(side, d)), dice,
                          [die_name(d) for d in dice], words["weapon_label"],
                          words["hits_label"]))),
        Section(words["overview_placements_title"], intro=words["overview_placements_intro"],
                blocks=(placements_overview(profiles, words),)),
        Section(words["method_title"], intro=words["method_intro"], new_page=True,
                blocks=tuple(Text(line) for line in words.lines("method_lines") if line)),
    ]


def placements_overview(profiles: Sequence[Profile], words: Words) -> Table:
    """Each build's own placement and where it sits among its 24."""
    standing = words.lines("placement_standing_lines")
    rows, tones = [], []
    for p in profiles:
        study = measures(p).assignments(AXES, ASSIGNMENT_EQUAL_WITHIN)
        beaten_by = study.dominated_by(study.own)
        where = plain(standing[1]) if not beaten_by else plain(standing[2]) + " " + ", ".join(
            "/".join(die_name(d) for d in study.placements[i]) for i in beaten_by)
        rows.append((p.name, *(die_name(d) for d in study.placements[study.own]),
                     str(study.own + 1), where, f"{len(study.front)} / {len(study.placements)}",
                     str(len(study.pairs))))
        tones.append((None,) * 6 + (Standing.WORSE if beaten_by else Standing.BETTER,
                                    None, None))
    return Table(tuple(words.lines("overview_placement_header_lines")), tuple(rows),
                 tones=tuple(tones), note=words["overview_placement_note"],
                 widths=(1.8, 0.7, 0.7, 0.7, 0.7, 0.6, 2.0, 1.0, 1.0))
