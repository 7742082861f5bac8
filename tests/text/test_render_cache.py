"""Template blocks are rendered once per (template, context): equal contexts share a render,
contexts that print differently never do, and mutable ones are rendered every time."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from generator.text import templates as text
from generator.text.templates import TextTemplates


@dataclass(frozen=True)
class Frozen:
    name: str
    rows: list[int] = field(default_factory=list)  # frozen, yet no hash: keyed by content


@dataclass
class Mutable:
    name: str


@pytest.fixture
def kept_renders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """An empty cache folder, and a render store that has read nothing yet."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    text.RENDERS.forget()
    yield text.RENDERS
    text.RENDERS.forget()  # owe the real cache folder nothing of this test's


@pytest.fixture
def templates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kept_renders: Any
              ) -> tuple[TextTemplates, list[Any]]:
    (tmp_path / "t.txt.j2").write_text("{% block a %}{{ x }}{% endblock %}", encoding="utf-8")
    made = TextTemplates(tmp_path)
    renders: list[Any] = []
    real = made._render_blocks

    def counting(name: str, context: Any) -> dict[str, str]:
        renders.append(context["x"])
        return real(name, context)

    monkeypatch.setattr(made, "_render_blocks", counting)
    return made, renders


def test_equal_contexts_render_once(templates: tuple[TextTemplates, list[Any]]) -> None:
    made, renders = templates
    first = made.blocks("t.txt.j2", {"x": Frozen("Gig", [1, 2])})
    first["a"] = "changed by a caller"
    again = made.blocks("t.txt.j2", {"x": Frozen("Gig", [1, 2])})
    assert again == {"a": "Frozen(name='Gig', rows=[1, 2])"}
    assert len(renders) == 1
    made.blocks("t.txt.j2", {"x": Frozen("Gig", [1, 3])})
    assert len(renders) == 2


@pytest.mark.parametrize("values", [(1, 1.0, True), (0.0, -0.0), ([1], (1,))])
def test_values_python_calls_equal_but_prints_differently_render_apart(
        templates: tuple[TextTemplates, list[Any]], values: tuple[Any, ...]) -> None:
    made, renders = templates
    texts = [made.blocks("t.txt.j2", {"x": value})["a"] for value in values]
    assert texts == [str(value) for value in values]
    assert len(renders) == len(values)


def test_a_changed_mutable_context_renders_afresh(
        templates: tuple[TextTemplates, list[Any]]) -> None:
    made, renders = templates
    value = Mutable("Gig")
    assert made.blocks("t.txt.j2", {"x": value})["a"] == "Mutable(name='Gig')"
    value.name = "Rig"
    assert made.blocks("t.txt.j2", {"x": value})["a"] == "Mutable(name='Rig')"
    assert len(renders) == 2


def counted(templates: TextTemplates) -> list[Any]:
    renders: list[Any] = []
    real = templates._render_blocks

    def counting(name: str, context: Any) -> dict[str, str]:
        renders.append(context["x"])
        return real(name, context)

    templates._render_blocks = counting  # type: ignore[method-assign]
    return renders


def test_a_later_run_reads_plain_renders_back_until_a_template_changes(
        tmp_path: Path, kept_renders: Any) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "t.txt.j2").write_text("{% block a %}{{ x }}!{% endblock %}", encoding="utf-8")
    first = TextTemplates(folder)
    renders = counted(first)
    assert first.blocks("t.txt.j2", {"x": Frozen("Gig")}) == {"a": "Frozen(name='Gig', rows=[])!"}
    assert len(renders) == 1
    kept_renders.save()
    kept_renders.forget()  # a new run: the store reads its file again
    later = TextTemplates(folder)
    renders = counted(later)
    assert later.blocks("t.txt.j2", {"x": Frozen("Gig")}) == {"a": "Frozen(name='Gig', rows=[])!"}
    assert renders == []
    # an object that compares by identity (a track) is kept by its fields: the same
    # fields in another run read the render back, other fields render afresh
    later.blocks("t.txt.j2", {"x": ByIdentity("Loop")})
    kept_renders.save()
    kept_renders.forget()
    again = TextTemplates(folder)
    renders = counted(again)
    again.blocks("t.txt.j2", {"x": ByIdentity("Loop")})
    assert renders == []
    again.blocks("t.txt.j2", {"x": ByIdentity("Bowl")})
    assert [r.name for r in renders] == ["Bowl"]
    # an edited template (any file in the folder) renders afresh
    (folder / "t.txt.j2").write_text("{% block a %}{{ x }}?{% endblock %}", encoding="utf-8")
    edited = TextTemplates(folder)
    renders = counted(edited)
    assert edited.blocks("t.txt.j2", {"x": Frozen("Gig")}) == {"a": "Frozen(name='Gig', rows=[])?"}
    assert len(renders) == 1


@dataclass(frozen=True, eq=False)
class ByIdentity:
    name: str
