"""Property: every loader, fed random and mutated documents, ends in findings or an input
error with a position (exit 2), never another exception. bench/fuzz.py runs the same cases
for longer; failures found there and here are kept below as regression tests."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz_cases import (
    HOSTILE_DOCUMENTS,
    HOSTILE_VALUES,
    MUTATION_KINDS,
    TARGETS,
    Mutation,
    mutate,
    run_case,
    seed_text,
)

FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

mutations = st.lists(st.builds(Mutation, st.sampled_from(MUTATION_KINDS),
                               st.integers(0, 2**32 - 1)), min_size=1, max_size=4)


def run_in_folder(target: str, text: str) -> str:
    with tempfile.TemporaryDirectory() as folder:
        return run_case(target, text, Path(folder))


@pytest.mark.parametrize("target", TARGETS)
@FUZZ
@given(index=st.integers(0, 20), changes=mutations)
def test_mutated_shipped_files_end_in_findings_or_a_positioned_error(
        target: str, index: int, changes: list[Mutation]) -> None:
    text = seed_text(target, index)
    for change in changes:
        text = mutate(text, change)
    assert run_in_folder(target, text) in ("clean", "findings", "input-error")


@FUZZ
@given(target=st.sampled_from(TARGETS), text=st.text(max_size=300))
def test_random_text_ends_in_findings_or_a_positioned_error(target: str, text: str) -> None:
    assert run_in_folder(target, text) in ("clean", "findings", "input-error")


yaml_ish = st.recursive(
    st.sampled_from(HOSTILE_VALUES) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]")
    | st.dictionaries(st.sampled_from(["game", "kind", "name", "cards", "whip", "damage",
                                       "value", "print", "sizes", "hex"]), inner, max_size=4)
    .map(lambda d: "{" + ", ".join(f"{k}: {v}" for k, v in d.items()) + "}"),
    max_leaves=12)


@FUZZ
@given(game=st.sampled_from(["frothy-races", "joyride", "outrider"]),
       kind=st.sampled_from(["vehicle", "car", "item", "track", "kit"]),
       body=st.dictionaries(st.sampled_from(["name", "cards", "damage", "speed_table", "print",
                                             "sizes", "traits", "hexes", "stats", "colour"]),
                            yaml_ish, max_size=5))
def test_structured_hostile_documents_end_in_findings(
        game: str, kind: str, body: dict[str, str]) -> None:
    lines = [f"game: {game}", f"kind: {kind}"] + [f"{k}: {v}" for k, v in body.items()]
    assert run_in_folder("frothy-races", "\n".join(lines) + "\n") in (
        "clean", "findings", "input-error")


@pytest.mark.parametrize("target", ["frothy-races", "kit", "icons", "dice"])
@pytest.mark.parametrize("name", sorted(HOSTILE_DOCUMENTS))
def test_every_hostile_document_ends_in_findings_or_a_positioned_error(
        target: str, name: str) -> None:
    assert run_in_folder(target, HOSTILE_DOCUMENTS[name]) in ("findings", "input-error")


REPO = Path(__file__).resolve().parents[2]
VERDIGRIS = REPO / "vehicles" / "joyride" / "verdigris.yaml"
JOYRIDE_DICE = REPO / "generator" / "paper" / "data" / "dice" / "joyride.yaml"
ICONS = REPO / "generator" / "paper" / "icons.yaml"

# Shrunk failures the fuzzers found, as the smallest change to a shipped file that showed
# them, kept so they stay fixed: (target, file, text replaced, replacement).
REGRESSIONS = {
    # Nullable(Struct) re-rendered the inner missing-key or unknown-key finding with the
    # parameters of 'expected X, found Y': a TemplateError traceback ("'key' is undefined").
    "nullable-struct-missing-key": ("joyride", VERDIGRIS, "      timing: [roll]\n", ""),
    "nullable-struct-unknown-key": ("joyride", VERDIGRIS, "      timing: [roll]\n",
                                    "      timinq: [roll]\n"),
    # A user icon's stroke that is not a number: float() outside the shape's error handling
    # (bench/fuzz.py, 9 of 100,000 cases).
    "icon-stroke-not-a-number": ("icons", ICONS, "stroke: 12}", "stroke: 1\u1d5b}"),
    # A control character: PyYAML's ReaderError carried no line or column.
    "control-character": ("dice", JOYRIDE_DICE, "    count: 5\n", "    count: 5\x17\n"),
}


@pytest.mark.parametrize("name", sorted(REGRESSIONS))
def test_fuzz_regressions_stay_fixed(name: str) -> None:
    target, path, old, new = REGRESSIONS[name]
    text = path.read_text(encoding="utf-8")
    assert old in text
    assert run_in_folder(target, text.replace(old, new, 1)) in ("findings", "input-error")
