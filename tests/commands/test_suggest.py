"""``paddock balance --suggest``: for a build outside the band, the fewest edits of its file
that bring it inside, each checked clean, measured on the exact axes and shown as a diff."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.commands.balance.suggest import apply, outside, suggest
from generator.commands.cli import main
from generator.project.loading import load
from tests.conftest import VEHICLES

CHARIOT = (VEHICLES / "frothy-races" / "basic-chariot.yaml").read_text()


def vehicle(tmp_path: Path, name: str, whip: int) -> Path:
    """The basic chariot renamed, with ``whip`` Whip cards (4 is the baseline's)."""
    path = tmp_path / f"{name.lower()}.yaml"
    text = CHARIOT.replace("name: Basic Chariot", f"name: {name}")
    path.write_text(re.sub(r"\n  whip: 4", f"\n  whip: {whip}", text))
    return path


@pytest.mark.parametrize(("whip", "side"), [(5, "dominates"), (3, "dominated")])
def test_every_suggestion_checks_clean_and_brings_the_build_inside(
        tmp_path: Path, whip: int, side: str) -> None:
    path = vehicle(tmp_path, "Trial", whip)
    definition = load([path]).definitions[0]
    hook = definition.game.balance
    assert hook is not None
    text = path.read_text()
    search = suggest(definition, text, 0)
    assert outside(search.now, hook) and getattr(search.now, side)
    assert search.suggestions and search.tried > 20
    assert all(len(s.edits) == 1 for s in search.suggestions), "one step is enough here"
    for number, found in enumerate(search.suggestions):
        edited = tmp_path / f"edited-{number}.yaml"
        edited.write_text(apply(text, found.edits) or "")
        loaded = load([edited])
        assert not [f for f in loaded.findings if f.severity.value == "error"]
        again = suggest(loaded.definitions[0], edited.read_text(), 0)
        assert not outside(again.now, hook), found.edits
    places = [tuple(p for p in s.edits[0].path if not isinstance(p, int))
              for s in search.suggestions]
    assert len(places) == len(set(places)), "one suggestion per place"


def test_suggest_prints_diffs_and_effects(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    over = vehicle(tmp_path, "Over", 5)
    assert main(["balance", str(over), str(VEHICLES / "frothy-races" / "whisper-gig.yaml"),
                 "-o", str(tmp_path / "b.pdf"), "--suggest"]) == 0
    out = capsys.readouterr().out
    assert f"Over ({over}): DOMINATES the baseline now" in out
    assert "  suggestion 1: " in out and "(1 change): now " in out
    assert f"    --- {over}\n    +++ {over}\n" in out
    assert re.search(r"\n    -  whip: 5\n    \+  whip: 4\n", out)
    assert re.search(r"\n    Cards a round: 4\.50 -> 4\.00 cards/round \(now equal; higher "
                     r"is better\)\n", out)
    assert ("Whisper Gig (vehicles/frothy-races/whisper-gig.yaml): trade-offs the baseline "
            "now; inside the band, nothing to change") in out.replace(str(VEHICLES.parent) + "/",
                                                                        "")


def test_suggest_with_json_is_bad_usage(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", str(vehicle(tmp_path, "Over", 5)), "--suggest", "--format",
                 "json", "-o", str(tmp_path / "b.pdf")]) == 2
    assert "--suggest prints text for people" in capsys.readouterr().err
