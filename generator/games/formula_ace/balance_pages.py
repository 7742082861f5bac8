"""The Formula Ace pages of the balance report: each ship and pilot's movement, risks, race
and what 1,000 credits buy, against the baseline.

Numbers come from :class:`~generator.games.formula_ace.balance.FormulaMeasures`; every word
comes from ``templates/formula-ace/balance-base.j2`` (blocks); this module only chooses what
goes in which table or chart. The shared pages (verdicts, side by side, the axes and a radar
per build) are drawn by ``generator.balance``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from generator.balance.compare import Standing
from generator.balance.hook import Profile
from generator.balance.report import Chart, Group, Section, Series, Table, Text, Words
from generator.games.formula_ace.balance import (
    AXES,
    FormulaMeasures,
    PurchaseRow,
    purchase_name,
)
from generator.games.formula_ace.balance_race import ENDINGS, race_model
from generator.text.templates import TextTemplates, plain

TEMPLATE = "formula-ace/balance.j2"
DASH = "-"


def measures(profile: Profile) -> FormulaMeasures:
    """The detailed numbers behind a Formula Ace profile."""
    detail = profile.detail
    assert isinstance(detail, FormulaMeasures)
    return detail


def cm(value: Fraction | None) -> str:
    """A distance or damage cell: one decimal, or a dash where there is none."""
    return DASH if value is None else f"{float(value):.1f}"


def damage(value: Fraction | None) -> str:
    """A damage cell: two decimals, or a dash."""
    return DASH if value is None else f"{float(value):.2f}"


def percent(value: Fraction | None) -> str:
    """A chance cell: one decimal of a percentage, or a dash."""
    return DASH if value is None else f"{float(value) * 100:.1f}%"


def plot(values: Sequence[Fraction | None], scale: float = 1.0) -> tuple[float | None, ...]:
    """Chart points; None leaves a gap (boosters the ship does not have)."""
    return tuple(None if v is None else float(v) * scale for v in values)


def rig_context(m: FormulaMeasures) -> dict[str, Any]:
    """What the template may say about one ship and pilot."""
    rig = m.rig
    return {"ship": rig.ship, "pilot": rig.pilot, "type": rig.type, "rank": rig.rank,
            "speed": rig.speed, "hit_points": rig.hit_points, "boosters": rig.boosters,
            "zaps": rig.zaps, "fins": rig.fins, "auto_start": rig.auto_start,
            "ramming": rig.ramming, "piloting": rig.piloting, "g_endurance": rig.g_endurance,
            "space_left": rig.space_left, "status": rig.status}


def model_context() -> dict[str, Any]:
    """The race model, as the template describes it."""
    model = race_model()
    return {"turns": model.turns, "boosters_per_turn": model.boosters_per_turn,
            "boost_on": model.boost_on, "start_face": model.start_face,
            "start_cm": 5 * model.start_face,
            "pivots": [{"pivots": p, "chance": percent(q)} for p, q in model.pivots.items()],
            "narrow_passage": percent(model.narrow_passage),
            "overtake": percent(model.overtake), "overtaken": percent(model.overtaken),
            "field_piloting": model.field_piloting, "quit_at_zero": model.quit_at_zero}


def words_for(templates: TextTemplates, subject: Profile | None, baseline: Profile) -> Words:
    """The template's blocks for one rig's pages (or the overview, without a subject)."""
    shown = subject if subject is not None else baseline
    return Words(templates.blocks(TEMPLATE, {
        "subject": subject.name if subject is not None else "", "baseline": baseline.name,
        "rig": rig_context(measures(shown)), "base": rig_context(measures(baseline)),
        "model": model_context(),
        "boosters": list(measures(baseline).settings.boosters),
        "endings": list(ENDINGS)}))


def pages(subject: Profile, baseline: Profile, templates: TextTemplates) -> list[Section]:
    """The detailed pages for one ship and pilot, the baseline alongside."""
    m, b = measures(subject), measures(baseline)
    words = words_for(templates, subject, baseline)
    return [
        Section(words["boost_title"], intro=words["boost_intro"], level=2, charts_per_row=2,
                new_page=True,
                blocks=(boost_table(m, b, words), move_chart(m, b, words),
                        damage_chart(m, b, words))),
        Section(words["race_title"], intro=words["race_intro"], level=2, charts_per_row=1,
                blocks=(race_table(m, b, words), racing_chart(m, b, words))),
        Section(words["buy_title"], intro=words["buy_intro"], level=2, new_page=True,
                blocks=(buy_table(m, words),)),
    ]


def boost_table(m: FormulaMeasures, b: FormulaMeasures, words: Words) -> Table:
    """By boosters fired: expected move, blackout chance and damage per narrow passage,
    this rig beside the baseline."""
    boosters = m.settings.boosters
    moves, base_moves = m.moves(), b.moves()
    blackouts, base_blackouts = m.blackouts(), b.blackouts()
    rows = tuple((str(n), cm(moves[i]), cm(base_moves[i]), percent(blackouts[i]),
                  percent(base_blackouts[i]), damage(m.passage_damage(n)),
                  damage(b.passage_damage(n)))
                 for i, n in enumerate(boosters))
    groups = tuple(Group(label, span) for label, span in
                   zip(words.lines("boost_group_lines"), (1, 2, 2, 2), strict=True))
    return Table(tuple(words.lines("boost_header_lines")), rows,
                 title=words["boost_table_title"], note=words["boost_note"], groups=groups,
                 widths=(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0))


def move_chart(m: FormulaMeasures, b: FormulaMeasures, words: Words) -> Chart:
    """Expected cm a turn with 0-4 boosters fired, bars beside the baseline's."""
    return Chart("bars", plain(words["move_chart_title"]),
                 tuple(str(n) for n in m.settings.boosters),
                 (Series(plain(words["subject_series"]), plot(m.moves())),
                  Series(plain(words["baseline_series"]), plot(b.moves()), baseline=True)),
                 x_label=plain(words["boosters_label"]), y_label=plain(words["cm_label"]),
                 height_mm=54)


def damage_chart(m: FormulaMeasures, b: FormulaMeasures, words: Words) -> Chart:
    """Expected damage per narrow passage attempted after moving each distance: the chance
    to fail times 1D + 1 per started 10 cm."""
    moves = m.settings.damage_moves
    return Chart("lines", plain(words["damage_chart_title"]), tuple(str(d) for d in moves),
                 (Series(plain(words["subject_series"]),
                         plot([m.narrow_fail * m.crash_damage_at(d) for d in moves])),
                  Series(plain(words["baseline_series"]),
                         plot([b.narrow_fail * b.crash_damage_at(d) for d in moves]),
                         baseline=True)),
                 x_label=plain(words["moved_label"]), y_label=plain(words["damage_label"]),
                 height_mm=54)


def race_table(m: FormulaMeasures, b: FormulaMeasures, words: Words) -> Table:
    """How the race model ends, its distance and damage, this rig beside the baseline."""
    labels = words.lines("ending_lines")
    rows = [(labels[i], percent(m.race.endings[e]), percent(b.race.endings[e]))
            for i, e in enumerate(ENDINGS)]
    rows.append((plain(words["distance_row"]), cm(m.race.distance), cm(b.race.distance)))
    rows.append((plain(words["damage_row"]), cm(m.race.damage), cm(b.race.damage)))
    return Table(tuple(words.lines("race_header_lines")), tuple(rows),
                 title=words["race_table_title"], note=words["race_note"],
                 widths=(3.0, 1.2, 1.2))


def racing_chart(m: FormulaMeasures, b: FormulaMeasures, words: Words) -> Chart:
    """The chance to be still racing after each turn of the race model."""
    turns = tuple(str(t) for t in range(1, len(m.race.by_turn) + 1))
    return Chart("lines", plain(words["racing_chart_title"]), turns,
                 (Series(plain(words["subject_series"]), plot(m.race.by_turn)),
                  Series(plain(words["baseline_series"]), plot(b.race.by_turn), baseline=True)),
                 x_label=plain(words["turn_label"]), y_label=plain(words["chance_label"]),
                 y_max=1.0, height_mm=46)


def buy_cell(row: PurchaseRow, axis_id: str) -> tuple[str, Standing | None]:
    """One cell of the purchase table: the change per 1,000 credits, signed, and whether it
    is better or worse (equal left unshaded)."""
    axis = AXES[axis_id]
    value = row.per_thousand[axis_id]
    if value == 0:
        return "0", None
    shown = abs(value) * (100 if axis.percent else 1)
    decimals = axis.decimals + 1
    while float(f"{float(shown):.{decimals}f}") == 0 and decimals < 4:
        decimals += 1  # a small change shows its first figure, never '-0.0'
    text = f"{float(shown):.{decimals}f}"
    sign = "+" if value > 0 else "-"
    good = (value > 0) == axis.higher_is_better
    return sign + text, Standing.BETTER if good else Standing.WORSE


def buy_table(m: FormulaMeasures, words: Words) -> Table:
    """Every purchase down, every axis across: its change per 1,000 credits."""
    axes = [axis.id for axis in AXES]
    rows: list[tuple[str, ...]] = []
    tones: list[tuple[Standing | None, ...]] = []
    refusals = dict(zip(("no space", "at maximum", "fitted", "no booster left"),
                        words.lines("refusal_lines"), strict=True))
    for row in m.purchases:
        head = (purchase_name(row.purchase), f"{row.purchase.price}")
        if row.refused is not None:
            rows.append((*head, plain(refusals[row.refused]), *("" for _ in axes[1:])))
            tones.append((None,) * (len(axes) + 2))
            continue
        cells = [buy_cell(row, axis) for axis in axes]
        rows.append((*head, *(text for text, _ in cells)))
        tones.append((None, None, *(tone for _, tone in cells)))
    header = (*words.lines("buy_header_lines"), *(AXES[a].short for a in axes))
    return Table(header, tuple(rows), tones=tuple(tones), title=words["buy_table_title"],
                 note=words["buy_note"], widths=(2.6, 0.9, *(0.9 for _ in axes)), upright=2)


def overview(profiles: Sequence[Profile], baseline: Profile, templates: TextTemplates
             ) -> list[Section]:
    """The race model every ship runs, and how the numbers are made."""
    words = words_for(templates, None, baseline)
    model = Table(tuple(words.lines("model_header_lines")),
                  tuple(tuple(plain(c).strip() for c in line.split("|"))
                        for line in words.lines("model_row_lines")),
                  widths=(1.8, 1.6, 4.4))
    return [Section(words["method_title"], intro=words["method_intro"], new_page=True,
                    blocks=(model, *(Text(line) for line in words.lines("method_lines")
                                     if line)))]
