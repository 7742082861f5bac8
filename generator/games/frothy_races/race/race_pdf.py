"""The ``paddock race -o report.pdf`` report: the sweep's figures as tables and vector charts.

It reuses the balance report's document model and renderer (``generator.balance.report``,
``generator.balance.pdf``), so both reports look alike and charts are drawn the same way;
words come from ``templates/race/report.j2``.
"""

from __future__ import annotations

from pathlib import Path

from generator import __version__
from generator.balance.pdf import write_report
from generator.balance.report import Chart, Section, Series, Table, Text, Words
from generator.games.frothy_races.race.figures import SweepStats
from generator.games.frothy_races.race.race_report import sweep_context
from generator.paper.units import paper
from generator.race.sweep import Sweep
from generator.text.templates import TextTemplates, plain

REPORT_TEMPLATE = "race/report.j2"


def pct(x: float) -> str:
    return f"{x * 100:.0f}%"


def report_sections(sweep: Sweep, stats: SweepStats, words: Words) -> list[Section]:
    """The report's sections: setup and results with charts, costs, head to head."""
    names = tuple(f"#{i + 1}" for i in range(len(stats.entrants)))  # full names in the table
    fair = 1 / len(names)
    results = Table(
        header=tuple(words.lines("header_lines")),
        rows=tuple((f"#{i + 1} {e.name}", pct(e.wins.rate),
                    f"{pct(e.wins.low)} to {pct(e.wins.high)}",
                    f"{e.mean_place:.2f}", pct(e.finish_rate), pct(e.wipe_out_rate),
                    pct(e.out_of_rounds_rate),
                    "-" if e.mean_rounds is None else f"{e.mean_rounds:.1f}",
                    f"{e.damage_dealt:.1f}", f"{e.damage_taken:.1f}")
                   for i, e in enumerate(stats.entrants)),
        note=words["wins_note"], widths=(3, 1, 1.6, 1, 1, 1, 1, 1.1, 1, 1))
    win_names = words.lines("chart_wins_series")
    charts = (
        Chart("bars", words["chart_wins"], names, (
            Series(win_names[0], tuple(e.wins.rate * 100 for e in stats.entrants)),
            Series(win_names[1], tuple(fair * 100 for _ in names), baseline=True)),
            y_max=100),
        Chart("bars", words["chart_place"], names, (
            Series("place", tuple(e.mean_place for e in stats.entrants)),),
            y_max=float(len(names)), legend=False),
        Chart("bars", words["chart_rates"], names, tuple(
            Series(label, tuple(getattr(e, field) * 100 for e in stats.entrants))
            for label, field in zip(words.lines("chart_rates_series"),
                                    ("finish_rate", "wipe_out_rate", "out_of_rounds_rate"),
                                    strict=True)),
            y_max=100),
        Chart("bars", words["chart_damage"], names, tuple(
            Series(label, tuple(getattr(e, field) for e in stats.entrants))
            for label, field in zip(words.lines("chart_damage_series"),
                                    ("damage_dealt", "damage_taken"), strict=True))),
    )
    setup = [Text(words["setup"])]
    if words["not_simulated"]:
        setup.append(Text(words["not_simulated"]))
    return [
        Section(words["setup_title"], blocks=tuple(setup)),
        Section(words["why_title"], intro=words["why_intro"],
                blocks=(why_table(stats, words), why_chart(stats, words, names))),
        Section(words["table_title"], blocks=(results, *charts), charts_per_row=2),
        Section(words["costs_title"], intro=words["costs_intro"], new_page=True,
                blocks=(costs_table(stats, words, "rounds_lost", "{:.2f}"),)),
        Section(words["counts_title"], intro=words["counts_intro"],
                blocks=(costs_table(stats, words, "costs", "{:.1f}"),)),
        Section(words["h2h_title"], intro=words["h2h_intro"],
                blocks=(head_to_head_table(stats, words),)),
    ]


CAUSES = ("wall", "obstacle", "collision", "failed Control roll", "attack", "damage affect")


def why_table(stats: SweepStats, words: Words) -> Table:
    """How each vehicle's races ended when it did not win: finished behind the winner,
    wiped out (by cause), still racing at the round limit; and the rounds it lost most to."""
    rows = []
    for i, e in enumerate(stats.entrants):
        causes = dict(e.wipe_causes)
        lost = "; ".join(f"{k} {v:.2f}" for k, v in e.rounds_lost[:2]) or "-"
        rows.append((f"#{i + 1} {e.name}", pct(e.wins.rate),
                     pct(max(0.0, e.finish_rate - e.wins.rate)),
                     *(pct(causes.get(c, 0.0)) for c in CAUSES),
                     pct(e.out_of_rounds_rate), lost))
    return Table(header=tuple(words.lines("why_header")), rows=tuple(rows),
                 widths=(3, 0.9, 1.1, *(1 for _ in CAUSES), 1.1, 2.6), upright=1)


def why_chart(stats: SweepStats, words: Words, names: tuple[str, ...]) -> Chart:
    """The same as stacked shares: won, slower, wiped out, out of rounds."""
    labels = words.lines("why_series")
    figures = (lambda e: e.wins.rate, lambda e: max(0.0, e.finish_rate - e.wins.rate),
               lambda e: e.wipe_out_rate, lambda e: e.out_of_rounds_rate)
    return Chart("bars", words["why_chart"], names, tuple(
        Series(label, tuple(figure(e) * 100 for e in stats.entrants))
        for label, figure in zip(labels, figures, strict=True)), y_max=100)


def costs_table(stats: SweepStats, words: Words, figure: str, shown: str) -> Table:
    """Every mechanic any entrant paid for (``figure``: rounds_lost or costs), per race, one
    column each."""
    mechanics = sorted({k for e in stats.entrants for k, _ in getattr(e, figure)})
    rows: list[tuple[str, ...]] = []
    for e in stats.entrants:
        paid = dict(getattr(e, figure))
        rows.append((f"#{len(rows) + 1} {e.name}",
                     *(shown.format(paid.get(m, 0.0)) for m in mechanics)))
    return Table(header=(words["costs_header"], *mechanics), rows=tuple(rows),
                 widths=(3, *(1 for _ in mechanics)))


def head_to_head_table(stats: SweepStats, words: Words) -> Table:
    """Row beats column, as a share of races."""
    numbers = tuple(f"#{i + 1}" for i in range(len(stats.entrants)))
    rows = tuple((f"#{i + 1} {e.name}", *("-" if cell is None else pct(cell)
                                          for cell in stats.ahead[i]))
                 for i, e in enumerate(stats.entrants))
    return Table(header=(words["h2h_header"], *numbers), rows=rows,
                 widths=(3, *(1 for _ in numbers)))


def write_race_report(path: Path, sweep: Sweep, stats: SweepStats, templates: TextTemplates,
                      paper_name: str = "a4") -> None:
    """Write the report PDF to ``path``."""
    context = {**sweep_context(sweep, stats), "version": __version__}
    words = Words(templates.blocks(REPORT_TEMPLATE, context))
    write_report(path, words["title"], report_sections(sweep, stats, words), paper(paper_name),
                 plain(words["footer"]))
