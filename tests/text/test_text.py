"""Templates: the user's folder first, one-block overrides, strict undefined, sandboxing."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import TemplateError
from generator.games.frothy_races.baseline import baseline
from generator.games.frothy_races.catalogues import frothy_data
from generator.games.frothy_races.licence import TEMPLATE, licence_context, render_text
from generator.text.templates import TextTemplates, builtin_templates_dir, plain, render_message


def user_folder(tmp_path: Path, body: str, name: str = TEMPLATE) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")
    return tmp_path


def test_our_templates_are_found_without_a_user_folder() -> None:
    templates = TextTemplates()
    assert templates.search_path == [builtin_templates_dir()]
    assert templates.origin(TEMPLATE).endswith("templates/frothy-races/licence.j2")


def test_the_user_folder_is_searched_before_ours(tmp_path: Path) -> None:
    folder = user_folder(tmp_path, '{% extends "frothy-races/licence-base.j2" %}'
                                   '{% block whip_label %}Throttle{% endblock %}')
    templates = TextTemplates(folder)
    assert templates.search_path[0] == folder
    assert templates.origin(TEMPLATE) == str(folder / TEMPLATE)


def test_overriding_one_block_keeps_every_other_block(tmp_path: Path) -> None:
    folder = user_folder(tmp_path, '{% extends "frothy-races/licence-base.j2" %}'
                                   '{% block acceleration_label %}THROTTLE{% endblock %}')
    ours = render_text(baseline(), frothy_data(), TextTemplates())
    theirs = render_text(baseline(), frothy_data(), TextTemplates(folder))
    assert theirs["acceleration_label"] == "THROTTLE"
    assert ours["acceleration_label"] == "Acceleration"
    changed = {k for k in ours.blocks if ours.blocks[k] != theirs.blocks[k]}
    assert changed == {"acceleration_label"}


def test_an_undefined_name_is_an_error_naming_the_template_and_line(tmp_path: Path) -> None:
    folder = user_folder(tmp_path, '{% extends "frothy-races/licence-base.j2" %}\n'
                                   '{% block title %}\n{{ vehicle.nmae }}{% endblock %}')
    with pytest.raises(TemplateError) as info:
        render_text(baseline(), frothy_data(), TextTemplates(folder))
    message = str(info.value)
    assert "undefined" in message and "nmae" in message
    assert f"{folder / TEMPLATE}:3" in message


def test_a_template_syntax_error_names_the_file_and_line(tmp_path: Path) -> None:
    folder = user_folder(tmp_path, '{% extends "frothy-races/licence-base.j2" %}\n'
                                   '{% block title %}{{ vehicle.name {% endblock %}')
    with pytest.raises(TemplateError, match=r"licence\.j2:2: template syntax error"):
        TextTemplates(folder).blocks(TEMPLATE, {})


def test_templates_run_sandboxed(tmp_path: Path) -> None:
    folder = user_folder(tmp_path, "{{ vehicle.__class__.__mro__ }}", "evil.j2")
    with pytest.raises(TemplateError):
        TextTemplates(folder).render("evil.j2", {"vehicle": baseline()})


def test_names_typed_by_a_person_are_escaped_but_template_markup_stays() -> None:
    context = licence_context(baseline(), frothy_data())
    context["vehicle"] = type("V", (), {"name": "Rock & <Roll>", "background": ""})()
    blocks = TextTemplates().blocks(TEMPLATE, context)
    assert blocks["title"] == "Rock &amp; &lt;Roll&gt;"
    assert plain(blocks["title"]) == "Rock & <Roll>"
    assert "<b>" in blocks["card_lines"]


def test_a_missing_templates_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(TemplateError, match="no such folder"):
        TextTemplates(tmp_path / "absent")


def test_rule_messages_are_strict_too() -> None:
    assert render_message("Speed {{ speed }}", {"speed": 3}) == "Speed 3"
    with pytest.raises(TemplateError):
        render_message("Speed {{ sped }}", {"speed": 3})
