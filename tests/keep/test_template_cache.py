"""Compiled templates are reused between runs, and never once their source changes."""

from __future__ import annotations

import os
import time
from pathlib import Path

import jinja2
import pytest

from generator.keep.cache_folder import cache_folder
from generator.keep.template_cache import bytecode_cache
from generator.text import templates as text
from generator.text.templates import TextTemplates

NAME = "frothy-races/licence.j2"


def user_licence(folder: Path, subtitle: str) -> Path:
    (folder / "frothy-races").mkdir(parents=True, exist_ok=True)
    (folder / NAME).write_text('{% extends "frothy-races/licence-base.j2" %}\n'
                               f"{{% block subtitle %}}{subtitle}{{% endblock %}}\n")
    return folder


def subtitle(templates: TextTemplates) -> str:
    context = {"vehicle": {"name": "Test"}}
    template = templates.env.get_template(NAME)
    ctx = template.new_context(context)
    return "".join(ctx.blocks["subtitle"][0](ctx))


def test_a_second_run_loads_compiled_templates_and_an_edit_is_compiled_afresh(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    users = user_licence(tmp_path / "mine", "First words")
    assert subtitle(TextTemplates(users)) == "First words"
    stored = list(cache_folder().rglob("*.cache"))
    assert stored
    assert subtitle(TextTemplates(users)) == "First words"
    user_licence(users, "Second words")
    assert subtitle(TextTemplates(users)) == "Second words"


def test_the_cache_folder_changes_with_the_environment_code(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    ours, edited = bytecode_cache(Path(text.__file__)), tmp_path / "text.py"
    edited.write_bytes(Path(text.__file__).read_bytes() + b"\n# changed\n")
    other = bytecode_cache(edited)
    assert ours is not None and other is not None
    assert ours.directory != other.directory  # type: ignore[attr-defined]


def test_no_cache_when_the_folder_cannot_be_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert bytecode_cache(Path(text.__file__)) is None
    templates = TextTemplates(user_licence(tmp_path / "mine", "Uncached"))
    assert templates.env.bytecode_cache is None
    assert subtitle(templates) == "Uncached"


def test_a_compiled_template_read_back_is_marked_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    users = user_licence(tmp_path / "mine", "Words")
    assert subtitle(TextTemplates(users)) == "Words"
    month_ago = time.time() - 31 * 24 * 3600
    stored = list(cache_folder().rglob("*.cache"))
    for path in stored:
        os.utime(path, (month_ago, month_ago))
    assert subtitle(TextTemplates(users)) == "Words"  # a new environment reads them back
    assert any(path.stat().st_mtime > month_ago + 3600 for path in stored)


def test_a_rule_message_is_compiled_once_and_kept_between_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    source = "{{ n }} hex{{ '' if n == 1 else 'es' }} wide, at least {{ least }}"
    for cached in (text._compiled_message, text._message_env):
        cached.cache_clear()
    assert text.render_message(source, {"n": 2, "least": 3}) == "2 hexes wide, at least 3"
    for cached in (text._compiled_message, text._message_env):
        cached.cache_clear()  # as a new run

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("a kept message was compiled again")

    monkeypatch.setattr(jinja2.Environment, "compile", no_compiling)
    assert text.render_message(source, {"n": 1, "least": 3}) == "1 hex wide, at least 3"
    for cached in (text._compiled_message, text._message_env):
        cached.cache_clear()  # owe later tests nothing of this cache folder


def test_a_rule_message_with_quotes_and_an_inline_if_renders() -> None:
    # Jinja writes a template's name into its compiled code: a message is named by a digest
    source = "{{ a }} \"quoted\" and 'single'{{ '; ' if not last }}{% if x %}!{% endif %}"
    assert text.render_message(source, {"a": 1, "last": False, "x": True}) == \
        "1 \"quoted\" and 'single'; !"


def test_a_compiled_template_that_cannot_be_kept_is_only_compiled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    users = user_licence(tmp_path / "mine", "Words")
    templates = TextTemplates(users)
    for folder in cache_folder().glob("templates-*"):
        folder.rmdir()  # swept away by another run after this one made it
    assert subtitle(templates) == "Words"
