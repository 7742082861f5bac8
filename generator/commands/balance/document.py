"""The balance report's contents, game by game: the shared pages and each game's own.

For every game with builds measured: its verdicts, every build side by side (a table shaded
better/worse against the baseline), the game's overview pages, the axes explained, then for
each build its axes against the baseline (table and radar) followed by the game's detailed
pages. Words come from ``templates/balance/report-base.j2``; the game's own pages bring their
own template.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator import __version__
from generator.balance.report import Chart, Section, Series, Table, Words
from generator.commands.balance.run import BalanceRun, GameBalance, Measured
from generator.commands.balance.summary import game_context
from generator.text.templates import TextTemplates, plain

REPORT_TEMPLATE = "balance/report.j2"
RADAR_MAX = 2.0  # a radar spoke shows up to twice the baseline


@dataclass(frozen=True)
class ReportContent:
    """Everything the PDF shows: title, running footer and sections in order."""

    title: str
    footer: str
    sections: tuple[Section, ...]


def report_content(run: BalanceRun, templates: TextTemplates) -> ReportContent:
    """The whole report for a run (empty sections when nothing was measured)."""
    title = footer = ""
    sections: list[Section] = []
    for game in run.games:
        words = Words(templates.blocks(REPORT_TEMPLATE,
                                       {**game_context(game), "version": __version__}))
        title, footer = words["title"], plain(words["footer"])
        sections += game_sections(game, words, templates)
    return ReportContent(title, footer, tuple(sections))


def game_sections(game: GameBalance, words: Words, templates: TextTemplates) -> list[Section]:
    """One game's part of the report: verdicts, side by side, overview, axes, each build."""
    profiles = [m.profile for m in game.measured]
    sections = [
        Section(words["game_title"], intro=words["intro"], blocks=(verdict_table(game, words),)),
        Section(words["side_title"], intro=words["side_intro"], new_page=True,
                blocks=(side_by_side(game, words),)),
        *game.hook.overview(profiles, game.baseline, templates),
        Section(words["axes_title"], intro=words["axes_intro"], new_page=True,
                blocks=(axes_table(game, words),)),
    ]
    titles, intros = words.lines("build_title_lines"), words.lines("build_intro_lines")
    for i, measured in enumerate(game.measured):
        raced = race_chart(measured, words)
        sections.append(Section(titles[i], intro=intros[i], new_page=True, blocks=(
            build_table(measured, words), build_radar(measured, words),
            *((raced,) if raced else ()))))
        sections += game.hook.pages(measured.profile, game.baseline, templates)
    return sections


def verdict_table(game: GameBalance, words: Words) -> Table:
    """One row per build: verdict, axes better and worse, what is not measured."""
    verdicts = words.lines("verdict_lines")
    rows = tuple((m.profile.name, plain(verdicts[i]),
                  ", ".join(r.axis.short for r in m.comparison.better),
                  ", ".join(r.axis.short for r in m.comparison.worse),
                  ", ".join(m.profile.unmeasured))
                 for i, m in enumerate(game.measured))
    return Table(tuple(words.lines("verdict_header_lines")), rows,
                 widths=(1.4, 1.4, 2.4, 2.4, 1.4))


def side_by_side(game: GameBalance, words: Words) -> Table:
    """Axes down, builds across, each value shaded by where it stands to the baseline."""
    axes = game.hook.axes.axes
    names = [m.profile.name for m in game.measured]
    header = (words["axis_header"], words["baseline_header"], *names)
    rows, tones = [], []
    lower = plain(words["lower_is_better"])
    for a, axis in enumerate(axes):
        label = axis.short if axis.higher_is_better else f"{axis.short} {lower}"
        rows.append((label, axis.format(game.baseline.values[axis.id]),
                     *(m.comparison.results[a].axis.format(m.comparison.results[a].value)
                       for m in game.measured)))
        tones.append((None, None, *(m.comparison.results[a].standing for m in game.measured)))
    return Table(header, tuple(rows), tones=tuple(tones), note=words["side_note"],
                 widths=(2.4, 1.0, *(1.0 for _ in names)), upright=1)


def axes_table(game: GameBalance, words: Words) -> Table:
    """Every axis: its group, its name (the one the report and findings use), which way is
    better and how it is measured."""
    better = words.lines("better_lines")
    rows = tuple((axis.group, axis.short, better[0 if axis.higher_is_better else 1], axis.how)
                 for axis in game.hook.axes.axes)
    return Table(tuple(words.lines("axes_header_lines")), rows, widths=(1.0, 2.2, 0.8, 5.0))


def build_table(measured: Measured, words: Words) -> Table:
    """One build's axes against the baseline, shaded by standing."""
    standings = dict(zip(("better", "worse", "equal"), words.lines("standing_lines"),
                         strict=True))
    rows = tuple((r.axis.short, r.axis.format(r.value), r.axis.format(r.baseline),
                  standings[r.standing.value]) for r in measured.comparison.results)
    tones = tuple((None, r.standing, None, r.standing) for r in measured.comparison.results)
    return Table(tuple(words.lines("build_header_lines")), rows, tones=tones,
                 widths=(4.0, 1.2, 1.2, 1.2))


def build_radar(measured: Measured, words: Words) -> Chart:
    """Each axis as a score against the baseline (the dashed ring at 1; outwards is
    better), capped at twice the baseline."""
    results = measured.comparison.results
    return Chart("radar", plain(words["radar_title"]),
                 tuple(r.axis.short for r in results),
                 (Series(plain(words["radar_baseline"]), (1.0,) * len(results), baseline=True),
                  Series(measured.profile.name, tuple(min(r.score, RADAR_MAX)
                                                      for r in results))),
                 y_max=RADAR_MAX, ring=1.0, height_mm=118)



def race_chart(measured: Measured, words: Words) -> Chart | None:
    """The build's share of races won on each track (and over them all, for several), one
    bar and interval per driving style, beside the fair share; None when it was not
    raced by style (``paddock balance --race``)."""
    styles = getattr(measured.race, "styles", ())
    if not styles:
        return None
    rows = styles[0].rows
    several = len(rows) > 1
    names = tuple(r.track for r in rows) + ((plain(words["race_combined"]),) if several else ())

    def figures(style: object) -> tuple[list[float], list[tuple[float, float]]]:
        spans = [r.wins for r in style.rows] + ([style.wins] if several else [])  # type: ignore[attr-defined]
        return [w.rate * 100 for w in spans], [(w.low * 100, w.high * 100) for w in spans]

    series = [Series(style.style, tuple(values), intervals=tuple(spans))
              for style in styles for values, spans in (figures(style),)]
    fair = [r.fair_share * 100 for r in rows] + ([styles[0].fair_share * 100] if several else [])
    series.append(Series(plain(words["race_fair"]), tuple(fair), baseline=True))
    return Chart("bars", plain(words["race_chart_title"]), names, tuple(series),
                 y_label="%", y_max=100.0, height_mm=70)
