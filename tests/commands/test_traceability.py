"""docs/rules/*.md: every constraint of the books with its rule, generated from rule data."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.commands.traceability import (
    DOCS_FOLDER,
    books_of,
    document_ids,
    load_document,
    render_document,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("doc_id", document_ids())
def test_the_committed_page_is_what_the_rule_data_renders(doc_id: str) -> None:
    committed = (ROOT / DOCS_FOLDER / f"{doc_id}.md").read_text(encoding="utf-8")
    assert committed == render_document(load_document(doc_id)), (
        f"docs/rules/{doc_id}.md is stale: run .venv/bin/python tools/rule_docs.py")


@pytest.mark.parametrize("doc_id", document_ids())
def test_every_rule_of_the_books_is_on_the_page_once_as_a_row_or_unlinked(doc_id: str) -> None:
    document = load_document(doc_id)
    named = {r.id for s in document.sections for c in s.constraints for r in c.rules}
    unlinked = {r.id for r in document.unlinked}
    every = {rule_id for book in books_of(doc_id) for rule_id in book.rules}
    assert named | unlinked == every and not named & unlinked
    assert all(c.rules or c.reason for s in document.sections for c in s.constraints)


def test_the_constraints_the_audit_found_are_traced_to_their_new_rules() -> None:
    traced = {r.id: c.says for doc_id in document_ids()
              for s in load_document(doc_id).sections for c in s.constraints for r in c.rules}
    for rule_id in ("FR-STAMINA-ROW", "FR-TRAIT-NONE", "FR-DMG-LOSE-CARD",
                    "FR-SPECIAL-WRONG-FACE", "FR-CONTROL-FLAT", "OR-VARIANT-BONUSES",
                    "TRK-CHECKPOINT-ORDER", "TRK-BARRIER-GAP", "TRK-RACE-GRID"):
        assert rule_id in traced


def test_a_row_shows_the_rule_severity_and_what_it_checks() -> None:
    page = render_document(load_document("frothy-races"))
    assert ("| As a guide, at most 6 spaces in a single movement phase. | "
            "`FR-MOVE-PHASE-MAX` (error): no Speed moves more than 6 spaces in one movement "
            "phase |") in page
    assert "| Encouragement is also noted on the vehicle's Reins cards. | no rule: " in page


def test_rules_prints_the_page_as_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "outrider", "--format", "markdown"]) == 0
    assert capsys.readouterr().out == render_document(load_document("outrider"))
    assert main(["rules", "--format", "markdown"]) == 2
