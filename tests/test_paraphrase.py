"""Facts, numbers and names carry over from the rulebooks; their sentences do not. No text
Paddock ships (templates; the YAML under generator/: catalogues, rule messages, hints and
notes; the JSON Schemas' field descriptions; the docs; the text the default kit prints)
shares a run of ``paraphrase.RUN`` words with a rulebook, except a short quotation marked as
one in the docs. Across every layer, so here beside the architecture and code-quality
checks; see tests/paraphrase.py for the matching."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests import paraphrase
from tests.conftest import KitBuild

SEEDS = Path("/work/shared/seeds")
# Planted copies: one sentence of the Joyride rulebook (001, line 498), as a rule note might
# take it over, and the same with its numbers written as digits (the run after them is found).
COPIED = ("Each dashboard has eight slots where damage can be assigned: three on the gears, "
          "three on the locked dice slots and two on the item slots.")
RENUMBERED = COPIED.replace("eight", "8").replace("three on", "3 on")


@pytest.fixture(scope="module")
def fingerprint() -> frozenset[bytes]:
    return paraphrase.load_fingerprint()


def listing(found: list[tuple[str, str]]) -> str:
    return "\n".join(f"{where}: '{run}'" for where, run in found)


def copies(texts: list[tuple[str, str]], fingerprint: frozenset[bytes]
           ) -> list[tuple[str, str]]:
    return [(where, run) for where, text in texts
            for run in paraphrase.copied_runs(text, fingerprint)]


def test_templates_data_and_docs_copy_no_rulebook_sentence(
        fingerprint: frozenset[bytes]) -> None:
    found = copies(list(paraphrase.shipped_texts()), fingerprint)
    assert not found, ("copied from a rulebook; say it in our own words (facts, numbers and "
                       "names may stay):\n" + listing(found))


def test_the_printed_kit_copies_no_rulebook_sentence(
        kit_build: Callable[..., KitBuild], fingerprint: frozenset[bytes]) -> None:
    out, _ = kit_build("--no-pack")  # each component in its own file, every page once
    texts = list(paraphrase.pdf_texts(out))
    assert len(texts) > 100  # cards, licences, dashboards, items, sheets, tracks
    found = copies(texts, fingerprint)
    assert not found, "printed text copied from a rulebook:\n" + listing(found)


@pytest.mark.parametrize("text", [
    COPIED,
    RENUMBERED,
    f"note: >\n  {COPIED} Four damaged locked slots is JR-DAMAGE-PROTECTED's to report.",
    "<p>{{ car.name }}: " + COPIED.upper() + "</p>",
])
def test_a_planted_copy_is_found(text: str, fingerprint: frozenset[bytes]) -> None:
    runs = paraphrase.copied_runs(paraphrase.template_text(text), fingerprint)
    assert len(runs) == 1
    assert runs[0].endswith("on the locked dice slots and two on the item slots")


def test_a_planted_copy_in_each_kind_of_source_fails_the_check(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fingerprint: frozenset[bytes]
) -> None:
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "aid.j2").write_text(f"{{% block rule %}}{COPIED}{{% endblock %}}")
    (tmp_path / "generator" / "data").mkdir(parents=True)
    (tmp_path / "generator" / "data" / "rules.yaml").write_text(
        f"rules:\n  JR-X:\n    note: >\n      {COPIED}\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(f"We follow the book here. {COPIED}\n")
    (tmp_path / "README.md").write_text("Paddock.\n")
    monkeypatch.setattr(paraphrase, "REPO", tmp_path)
    found = copies(list(paraphrase.shipped_texts()), fingerprint)
    assert [where for where, _ in found] == [
        "templates/aid.j2", "generator/data/rules.yaml:.rules.JR-X.note", "docs/page.md"]


def test_a_marked_short_quotation_in_the_docs_is_allowed(fingerprint: frozenset[bytes]) -> None:
    short = COPIED.split(":")[0]  # "Each dashboard has eight slots where damage can be assigned"
    for quoted in (f'The reading follows "{short}".', f"the book's '{short}', read as",
                   f"\u201c{short}\u201d", f"\u2018{short}\u2019"):
        assert paraphrase.copied_runs(paraphrase.unquoted(quoted), fingerprint) == []
    assert paraphrase.copied_runs(paraphrase.unquoted(short), fingerprint)  # unmarked
    too_long = f'"{COPIED}"'  # 26 words: past a short quotation, so a copy
    assert paraphrase.copied_runs(paraphrase.unquoted(too_long), fingerprint)


@pytest.mark.parametrize("text", [
    # shared game terms, under the threshold: a paraphrase cannot avoid them
    "four locked dice slots, two item slots",
    "acceleration and deceleration boxes at each speed",
    # a licence's speed table: the book's labels laid out, few different words
    "Move 4 1 2 2 3 6 Control safe safe safe 1 dice 2 dice 3 dice 4 dice",
    # a Jinja tag breaks a run: what it prints is checked in the kit's text
    "each dashboard has eight slots {{ where }} damage can be assigned",
])
def test_terms_tables_and_tags_are_not_copies(text: str, fingerprint: frozenset[bytes]) -> None:
    assert paraphrase.copied_runs(paraphrase.template_text(text), fingerprint) == []


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebook texts are not on this machine")
def test_the_fingerprint_is_the_rulebooks_own() -> None:
    seeds = sorted(SEEDS.glob("*.txt"))
    written = paraphrase.fingerprint_of(p.read_text(errors="replace") for p in seeds)
    assert paraphrase.load_fingerprint() == written, "run tools/rulebook_fingerprint.py"
