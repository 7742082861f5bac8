"""The Joyride pages of the balance report: what each ability is measured as and changes, and
the exact-move chances behind the two control axes.

Numbers come from :class:`~generator.games.joyride.balance.JoyrideMeasures`; every word comes
from ``templates/joyride/balance-base.j2`` (blocks); this module only chooses what goes in
which table or chart. The shared pages (verdicts, side by side, the axes and a radar per car)
are drawn by ``generator.balance``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from generator.balance.hook import Profile
from generator.balance.report import Chart, Section, Series, Table, Text, Words
from generator.games.joyride.balance import AXES, JoyrideMeasures, changed_axes
from generator.games.joyride.catalogues import joyride_data
from generator.text.templates import TextTemplates, plain

TEMPLATE = "joyride/balance.j2"


def measures(profile: Profile) -> JoyrideMeasures:
    """The detailed numbers behind a Joyride profile."""
    detail = profile.detail
    assert isinstance(detail, JoyrideMeasures)
    return detail


def ability_rows(m: JoyrideMeasures) -> list[dict[str, Any]]:
    """Each ability of the set as the template describes it: name, mode, lights, what it is
    measured as and the axes it changes."""
    data = joyride_data()
    rows = []
    for index, ability in enumerate(m.abilities):
        changes = [AXES[axis].short for axis in changed_axes(m, index)]
        for side, face in enumerate(ability.faces()):
            rows.append({"name": face.name, "mode": ability.mode, "side": side,
                         "lights": [data.step(s).label for s in data.in_turn_order(face.timing)],
                         "measured": [{"effect": b.effect, "amount": b.amount}
                                      for b in face.balance],
                         "changes": changes if side == 0 else []})
    return rows


def words_for(templates: TextTemplates, subject: str, baseline: str,
              rows: Sequence[dict[str, Any]] = (), cars: Sequence[dict[str, Any]] = ()
              ) -> Words:
    """The template's blocks for one car's pages (or the overview, with ``cars``)."""
    lock, roll = AXES["exact_lock"].params, AXES["exact_roll"].params
    effects = [{"id": e.id, "summary": e.summary, "steps": list(e.steps)}
               for e in joyride_data().effects.values()]
    return Words(templates.blocks(TEMPLATE, {
        "subject": subject, "baseline": baseline, "abilities": list(rows), "cars": list(cars),
        "lock_gear": lock["gear"], "lock_targets": lock["targets"], "roll_gear": roll["gear"],
        "roll_targets": roll["targets"], "effects": effects}))


def pages(subject: Profile, baseline: Profile, templates: TextTemplates) -> list[Section]:
    """The detailed page for one car, the baseline alongside."""
    m, b = measures(subject), measures(baseline)
    words = words_for(templates, subject.name, baseline.name, ability_rows(m))
    return [Section(words["abilities_title"], intro=words["abilities_intro"], level=2,
                    charts_per_row=2, blocks=(
                        abilities_table(words, len(ability_rows(m))),
                        chance_chart(m, b, words, "lock"), chance_chart(m, b, words, "roll")))]


def cells(line: str) -> tuple[str, ...]:
    """A table row the template wrote as cells separated by '|', as plain text."""
    return tuple(plain(cell).strip() for cell in line.split("|"))


def abilities_table(words: Words, count: int) -> Table:
    """One row per ability face: lights, mode, what it is measured as, what it changes."""
    rows = tuple(cells(line) for line in words.lines("ability_row_lines")[:count])
    return Table(tuple(words.lines("ability_header_lines")), rows,
                 title=words["ability_table_title"], note=words["ability_table_note"],
                 widths=(2.0, 1.6, 1.1, 2.0, 2.0))


def chance_chart(m: JoyrideMeasures, b: JoyrideMeasures, words: Words, which: str) -> Chart:
    """The chance of an exact move for each target, locked (gear 3) or rolled (gear 2), the
    set used the best way, the baseline dashed."""
    axis = AXES["exact_lock" if which == "lock" else "exact_roll"]
    gear, targets, steps = axis.params["gear"], axis.params["targets"], axis.params["steps"]

    def chances(x: JoyrideMeasures) -> tuple[float | None, ...]:
        def at(loadout: Any) -> tuple[Fraction, ...]:
            return (x.lock_chances(gear, targets, steps, loadout) if which == "lock"
                    else x.roll_chances(gear, targets, steps, loadout))
        best = x.best_loadout(lambda loadout: sum(at(loadout), Fraction(0)))
        return tuple(float(c) for c in at(best))

    return Chart("bars", plain(words[f"{which}_chart_title"]), tuple(str(t) for t in targets),
                 (Series(plain(words["subject_series"]), chances(m)),
                  Series(plain(words["baseline_series"]), chances(b), baseline=True)),
                 x_label=plain(words["target_label"]), y_label=plain(words["chance_label"]),
                 y_max=1.0, height_mm=62)


def overview(profiles: Sequence[Profile], baseline: Profile, templates: TextTemplates
             ) -> list[Section]:
    """Every car's unique set in one table, and how the numbers are made."""
    cars = [{"name": p.name, "abilities": ability_rows(measures(p)),
             "unmeasured": list(p.unmeasured)} for p in profiles]
    words = words_for(templates, "", baseline.name, cars=cars)
    table = Table(tuple(words.lines("overview_header_lines")),
                  tuple(cells(line) for line in words.lines("overview_row_lines")),
                  widths=(1.6, 2.0, 1.3, 2.2, 2.2))
    return [
        Section(words["overview_title"], intro=words["overview_intro"], new_page=True,
                blocks=(table,)),
        Section(words["method_title"], intro=words["method_intro"], new_page=True,
                blocks=tuple(Text(line) for line in words.lines("method_lines") if line)),
    ]
