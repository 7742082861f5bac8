"""``paddock balance --race``: the race verdict and its two rules."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from generator.balance.hook import Matchup
from generator.commands.cli import main
from generator.games.frothy_races.balance import RULES, profile
from generator.games.frothy_races.balance_axes import AXES
from generator.games.frothy_races.baseline import baseline
from generator.games.frothy_races.race.game import FrothyRace
from generator.games.frothy_races.race.styles import STYLES
from generator.games.frothy_races.race.verdict import (
    RaceVerdict,
    StyleResult,
    TrackResult,
    field_files,
    field_size,
    stopping_rule,
    style_result,
    track_mean,
)
from generator.input.source import Mark
from generator.race.calibration import stop_chance
from generator.race.stats import wilson
from generator.race.sweep import Field
from generator.race.verdict import Tally, false_flag_rate, verdict_shares
from tests.conftest import BASIC_CHARIOT, REPO

TRACK = REPO / "vehicles" / "tracks" / "tin-plate-loop.yaml"


def overpowered(data: dict[str, Any]) -> None:
    """Never a Control roll, Damage dice that rarely score, and half as many cards again."""
    data["name"] = "Thunder Wagon"
    data["speed_table"]["control"] = ["safe"] * 7
    data["damage"]["resilience"] = 2
    data["cards"] = {"whip": 6, "reins": 6, "dual": 0}


def race_findings(wins: int, races: int) -> set[str]:
    chariot = profile(baseline())
    verdict = RaceVerdict("Basic Chariot", "Tin-Plate Loop", ("Basic Chariot",) * 5, races,
                          wilson(wins, races), 1 / 6)
    matchup = Matchup(chariot, chariot, AXES, verdict)
    found = RULES.run(matchup, lambda path: Mark("chariot.yaml", 1, 1))
    return {f.rule for f in found if f.rule.startswith("FR-BAL-RACE")}


@pytest.mark.parametrize("wins, races, expected", [
    (100, 600, set()),                           # 17%, the fair share itself
    (160, 600, set()),                           # 27%: interval 23.3% to 30%, reaches the band
    (180, 600, {"FR-BAL-RACE-OVERPOWERED"}),     # 30%: interval 26.5% to 34%, above 25%
    (30, 600, {"FR-BAL-RACE-UNDERPOWERED"}),     # 5%: interval 3.5% to 7%, below 8.3%
    (9, 24, set()),                              # 38% but 24 races: interval reaches 21%
    (0, 24, set()),                              # none of 24: the interval still reaches 14%
])
def test_race_rules_fire_only_when_the_interval_clears_the_band(
        wins: int, races: int, expected: set[str]) -> None:
    interval = wilson(wins, races)
    above, below = interval.low > 0.25, interval.high < 1 / 12
    assert expected == ({"FR-BAL-RACE-OVERPOWERED"} if above else set()) | \
        ({"FR-BAL-RACE-UNDERPOWERED"} if below else set())
    assert race_findings(wins, races) == expected


def test_the_stopping_rule_is_the_one_rules_yaml_states() -> None:
    rule = stopping_rule()
    params = RULES["FR-BAL-RACE-STYLE"].params
    assert (rule.band, rule.alpha, rule.looks, rule.cycles) == (
        params["band"], params["alpha"], params["looks"], params["cycles"])
    assert rule.band == RULES["FR-BAL-RACE-OVERPOWERED"].params["band"]
    # The Bonferroni bounds: alpha 5% shared over 12 looks, both sides, Phi^-1(1 - 0.05 /
    # 24) = 2.865; for 'within', each edge one-sided, Phi^-1(1 - 0.05 / 12) = 2.638.
    assert abs(rule.bound_z - 2.865) < 0.001 and abs(rule.bound_z_within - 2.638) < 0.001
    # The quantiles used spend alpha exactly, never below a single look's 95% interval.
    assert 1.959 < rule.z <= rule.bound_z and 1.645 < rule.z_within <= rule.bound_z_within


@pytest.mark.parametrize("size", range(2, 7))
def test_the_exact_error_rates_of_the_stopping_rule_are_at_most_alpha(size: int) -> None:
    """Worked out exactly (every count of wins, look by look): a build at its fair share
    is flagged, and a build at the band's edge called within the band, at most alpha of
    the time; and the 'within' quantile is the least that does so (a little less would
    not)."""
    rule = stopping_rule()
    fair, batch = 1 / size, rule.batch(size)
    edges = (fair * (1 - rule.band), fair * (1 + rule.band))
    assert stop_chance(rule.z, fair, fair, rule.band, rule.looks, batch, False) <= rule.alpha
    assert all(stop_chance(rule.z_within, e, fair, rule.band, rule.looks, batch, True)
               <= rule.alpha for e in edges)
    worst = max(stop_chance(rule.z_within - 0.05, e, 1 / n, rule.band, rule.looks,
                            rule.batch(n), True)
                for n in range(2, 7) for e in ((1 - rule.band) / n, (1 + rule.band) / n))
    assert worst > rule.alpha
    assert stop_chance(rule.z_within, fair, fair, rule.band, rule.looks, batch, True) > 0.99


def test_the_stopping_rule_flags_a_build_as_good_as_its_field_at_most_alpha() -> None:
    """The false-flag rate, by simulation of a build that wins exactly its fair share
    (a vehicle against copies of itself), for a field of 4 and of 6."""
    rule = stopping_rule()
    for size in (4, 6):
        assert false_flag_rate(rule, 1 / size, size, trials=300) <= rule.alpha


def test_simulated_verdicts_agree_with_the_exact_error_rates() -> None:
    """Simulated verdicts (Bernoulli draws for races) of a build at the band's edge are
    called within the band about as often as the exact calculation says (within three
    standard errors), and a build at its fair share mostly is, and is not flagged."""
    rule = stopping_rule()
    trials = 400
    for size in (4, 6):
        fair = 1 / size
        for edge in (fair * (1 + rule.band), fair * (1 - rule.band)):
            exact = stop_chance(rule.z_within, edge, fair, rule.band, rule.looks,
                                rule.batch(size), True)
            simulated = verdict_shares(rule, edge, fair, size, trials=trials)[1]
            assert abs(simulated - exact) <= 3 * (exact * (1 - exact) / trials) ** 0.5
        flagged, within = verdict_shares(rule, fair, fair, size, trials=trials)
        assert flagged <= rule.alpha and within >= 0.9


def test_the_field_follows_the_track() -> None:
    from generator.games.frothy_races.race.api import load_race_inputs
    tin, _ = load_race_inputs(TRACK, [])
    bowl, _ = load_race_inputs(REPO / "vehicles" / "tracks" / "bogwater-bowl.yaml", [])
    assert field_size(tin) == 4 and field_size(bowl) == 6  # players 2-4 and 2-6


def test_default_field_is_baselines_and_a_folder_leaves_the_build_out() -> None:
    assert field_files(BASIC_CHARIOT, None, BASIC_CHARIOT, 5) == [BASIC_CHARIOT] * 5
    others = field_files(BASIC_CHARIOT, BASIC_CHARIOT.parent, BASIC_CHARIOT, 3)
    assert len(others) == 3 and BASIC_CHARIOT not in others


def style_verdict(flags: dict[str, str]) -> RaceVerdict:
    """A verdict whose styles flag as given (figures to match)."""
    rates = {"over": (60, 120), "under": (1, 120), "": (30, 120)}
    results = []
    for style, flag in flags.items():
        wins, races = rates[flag]
        interval = wilson(wins, races)
        row = TrackResult("Tin-Plate Loop", races, wins, interval, 0.25, 4, 3, "2-4")
        results.append(StyleResult(style, (row,), interval, 0.25, races, flag))
    first = results[0]
    return RaceVerdict("Basic Chariot", "Tin-Plate Loop", ("Basic Chariot",) * 3,
                       first.races, first.wins, 0.25, tuple(results),
                       len(set(flags.values())) > 1)


def test_styles_that_disagree_report_it_instead_of_a_flag() -> None:
    chariot = profile(baseline())
    for flags, expected in (({"careful": "over", "aggressive": ""}, {"FR-BAL-RACE-STYLE"}),
                            ({"careful": "over", "aggressive": "over"},
                             {"FR-BAL-RACE-OVERPOWERED"})):
        matchup = Matchup(chariot, chariot, AXES, style_verdict(flags))
        found = list(RULES.run(matchup, lambda path: Mark("chariot.yaml", 1, 1)))
        fired = {f.rule for f in found if f.rule.startswith("FR-BAL-RACE")}
        assert fired == expected
        if expected == {"FR-BAL-RACE-STYLE"}:
            message = [f.message for f in found if f.rule == "FR-BAL-RACE-STYLE"][0]
            assert "depends on driving style" in message
            assert all(style in message for style in STYLES)


def test_a_verdict_over_several_tracks_says_its_figure_is_their_mean() -> None:
    """The combined figure weighs each track alike: its message must not read as the share
    of the races pooled ('won 5% of 120 races'), nor give one track's field for all."""
    chariot = profile(baseline())
    rows = tuple(TrackResult(track, races, 1, wilson(1, races), 0.25, 4, 3, "2-4")
                 for track, races in (("Tin-Plate Loop", 32), ("Bogwater Bowl", 288)))
    combined = wilson(3, 120)
    styles = tuple(StyleResult(style, rows, combined, 0.25, 320, "under") for style in STYLES)
    verdict = RaceVerdict("Basic Chariot", "Tin-Plate Loop, Bogwater Bowl",
                          ("Basic Chariot",) * 3, 320, combined, 0.25, styles,
                          fields=(("Basic Chariot",) * 3, ("Basic Chariot",) * 5))
    found = list(RULES.run(Matchup(chariot, chariot, AXES, verdict),
                           lambda path: Mark("chariot.yaml", 1, 1)))
    message = [f.message for f in found if f.rule == "FR-BAL-RACE-UNDERPOWERED"][0]
    assert "of the races on each track on average (320 races over 2 tracks" in message
    assert "% of 320 races" not in message
    assert "against Basic Chariot x3-5 " in message  # each track's field as it was


def test_an_overpowered_build_is_flagged_and_the_basic_chariot_is_not(
        write_vehicle: Callable[..., Path], capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    wagon = write_vehicle(overpowered, name="thunder-wagon.yaml")
    code = main(["balance", str(wagon), str(BASIC_CHARIOT), "--race", str(TRACK),
                 "--races", "12", "--workers", "1", "--format", "json",
                 "-o", str(tmp_path / "balance.pdf")])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    fired = {(f["file"].rsplit("/", 1)[-1], f["rule"]) for f in data["findings"]}
    # Overpowered under the careful style; with 12 races a style may not yet be sure, and
    # then the verdict says it depends on the style instead of flagging.
    assert fired & {("thunder-wagon.yaml", "FR-BAL-RACE-OVERPOWERED"),
                    ("thunder-wagon.yaml", "FR-BAL-RACE-STYLE")}
    assert not {rule for file, rule in fired
                if file == "basic-chariot.yaml" and rule.startswith("FR-BAL-RACE")}
    races = {p["name"]: p["race"] for p in data["profiles"]}
    assert [s["flag"] for s in races["Thunder Wagon"]["styles"]][0] == "over"
    assert all(not s["flag"] for s in races["Basic Chariot"]["styles"])
    assert races["Thunder Wagon"]["races"] == 12
    assert races["Thunder Wagon"]["field"] == ["Basic Chariot x3"]  # the track: 2-4 players
    assert races["Thunder Wagon"]["low"] > 37.5 > races["Basic Chariot"]["low"]
    assert races["Thunder Wagon"]["not_raced"] == races["Basic Chariot"]["not_raced"] == []
    # The report shows each build's wins by track and style with intervals.
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(tmp_path / "balance.pdf"))
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert text.count("Races won on each track") == 2
    assert "Tin-Plate Loop" in text and "careful" in text and "aggressive" in text


def test_a_verdict_names_what_its_races_leave_out(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    """A build with a trait the engine does not simulate (Leap: Jumps are not played) is
    judged on races that ignore it: the verdict says so, beside its figures."""
    leaping = tmp_path / "leaping-chariot.yaml"
    leaping.write_text(BASIC_CHARIOT.read_text().replace("traits:\n", "traits:\n  - Leap\n"))
    assert main(["balance", str(leaping), "--race", str(TRACK), "--races", "2",
                 "--workers", "1", "-o", str(tmp_path / "b.pdf")]) == 0
    out = capsys.readouterr().out
    assert "race verdict: leaves out trait Leap (not simulated" in out


def test_balance_without_race_has_no_race_verdict(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    assert main(["balance", str(BASIC_CHARIOT), "--format", "json",
                 "-o", str(tmp_path / "b.pdf")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["profiles"][0]["race"] is None


def test_a_bad_field_is_a_usage_error(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    assert main(["balance", str(BASIC_CHARIOT), "--race", str(TRACK), "--field",
                 str(tmp_path / "missing"), "-o", str(tmp_path / "b.pdf")]) == 2
    assert "--field" in capsys.readouterr().err


def test_race_options_without_race_are_refused(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    assert main(["balance", str(BASIC_CHARIOT), "--races", "10",
                 "-o", str(tmp_path / "b.pdf")]) == 2
    assert "--races only work with --race TRACK" in capsys.readouterr().err


def judged_on(counts: list[tuple[str, int, int, int]]) -> list[tuple[Field, Tally]]:
    """Fields on made-up tracks (name, field size), and the tallies their verdicts
    stopped at (won, races): every race had a winner."""
    found = []
    for name, size, won, races in counts:
        track = SimpleNamespace(name=name, players=SimpleNamespace(low=2, high=size))
        field = Field(track, ("car",) * size, FrothyRace("careful"), SimpleNamespace(laps=2))
        found.append((field, Tally(races, won, races)))
    return found


def test_the_combined_figure_weighs_each_track_the_same() -> None:
    """A track decided after 32 races counts as much as one that took 576: the combined
    rate is the mean of the tracks' rates (not the races pooled), against the mean of
    their fair shares, and its interval holds the mean."""
    rule = stopping_rule()
    judged = judged_on([("Tanner's Twist", 4, 22, 32), ("Bogwater Bowl", 6, 138, 576)])
    result = style_result("aggressive", judged, rule)
    assert result.wins.rate == pytest.approx((22 / 32 + 138 / 576) / 2)
    assert result.wins.rate > 0.45 > 160 / 608  # pooled, the short track all but vanished
    assert result.fair_share == pytest.approx((1 / 4 + 1 / 6) / 2)
    assert result.races == 608 and len(result.rows) == 2
    assert result.wins.low < result.wins.rate < result.wins.high
    # Wider than the long track's own interval (the short one weighs half), narrower
    # than the short one's.
    widths = [row.wins.half_width for row in result.rows]
    assert widths[1] < result.wins.half_width < widths[0]


def test_one_track_combined_is_its_own_interval() -> None:
    rule = stopping_rule()
    result = style_result("careful", judged_on([("Tin-Plate Loop", 4, 9, 96)]), rule)
    assert result.wins == result.rows[0].wins == wilson(9, 96, rule.z)


@pytest.mark.parametrize("rates, races", [
    ((0.10, 0.30, 0.50), (32, 96, 576)),   # tracks stopped at very different counts
    ((0.69, 0.24), (32, 576)),             # the Juggernaut's two tracks
    ((0.05, 0.15, 0.02), (48, 48, 96)),    # rates near 0
    ((0.17, 0.17, 0.17), (48, 96, 576)),   # a balanced build
])
def test_the_combined_interval_covers_the_mean_rate_at_its_stated_rate(
        rates: tuple[float, ...], races: tuple[int, ...]) -> None:
    """Simulated: the interval at the rule's z (95%) holds the tracks' true mean rate in
    about 95% of verdicts (within three standard errors of 1000 trials, and not so wide
    that it always does)."""
    import numpy as np

    z, trials = stopping_rule().z, 1000
    draws = np.random.default_rng(5).binomial(races, rates, size=(trials, len(rates)))
    truth = sum(rates) / len(rates)
    covered = 0
    for wins in draws:
        interval = track_mean([(int(w), n) for w, n in zip(wins, races, strict=True)], z)
        covered += interval.low <= truth <= interval.high
    nominal, spread = 0.95, 3 * (0.95 * 0.05 / trials) ** 0.5
    assert nominal - spread - 0.01 <= covered / trials <= 0.99
