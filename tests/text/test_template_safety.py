"""Templates and text stay in their box: only the markup we allow reaches ReportLab, bad
markup names its template file and line, renders are bounded in size, steps and time, and a
character the font cannot draw is reported where it was written."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import yaml
from reportlab.platypus import Paragraph

from generator.commands.cli import main
from generator.errors import TemplateError
from generator.paper.drawing import _style
from generator.text.fonts import register_fonts
from generator.text.markup import markup_problems, missing_glyphs, sanitise
from generator.text.templates import TextTemplates
from tests.conftest import VEHICLES, check_file
from tests.pdf_geometry import open_pdf

GREEN = VEHICLES / "circus-maximus" / "green-faction.yaml"
SHEET = "circus-maximus/record-sheet.j2"
BASE = '{% extends "circus-maximus/record-sheet-base.j2" %}\n'


def user_templates(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "templates"
    target = folder / SHEET
    target.parent.mkdir(parents=True)
    target.write_text(BASE + body, encoding="utf-8")
    return folder


def blocks(folder: Path, time_limit: float = 5.0) -> dict[str, str]:
    from generator.games.circus_maximus.baseline import baseline
    from generator.games.circus_maximus.catalogues import circus_data
    return TextTemplates(folder, time_limit=time_limit).blocks(
        SHEET, {"chariot": baseline(), "ram": [], "facts": circus_data()})


@pytest.mark.parametrize(("body", "line", "reason"), [
    ('{% block title %}\nRed <img src="/etc/passwd"/>{% endblock %}\n', 3,
     "<img> is not allowed"),
    ("{% block subtitle %}<b>open{% endblock %}\n", 2, "<b> is never closed"),
    ('{% block car %}<font face="Courier">x</font>{% endblock %}\n', 2,
     "may not have a 'face' attribute"),
    ("{% block ram %}a </i> b{% endblock %}\n", 2, "</i> closes nothing"),
])
def test_bad_markup_names_the_template_file_and_line(tmp_path: Path, body: str, line: int,
                                                     reason: str) -> None:
    folder = user_templates(tmp_path, body)
    with pytest.raises(TemplateError) as caught:
        blocks(folder)
    message = str(caught.value)
    assert message.startswith(f"{folder / SHEET}:{line}: block ")
    assert reason in message


def test_allowed_markup_passes(tmp_path: Path) -> None:
    folder = user_templates(tmp_path, '{% block title %}<b>A</b> <i>b</i><br/>'
                                      '<font color="#ff0000" size="9">c</font> &amp; &#183;'
                                      '{% endblock %}\n')
    assert blocks(folder)["title"].startswith("<b>A</b>")


def test_check_reports_bad_markup_with_exit_2_and_no_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = user_templates(tmp_path, '{% block title %}<img src="x.png"/>{% endblock %}\n')
    code = main(["check", str(GREEN), "--templates", str(folder)])
    _, err = capsys.readouterr()
    assert code == 2
    assert f"{folder / SHEET}:2:" in err and "<img> is not allowed" in err
    assert "Traceback" not in err


def test_yaml_markup_is_shown_as_typed_and_never_embeds_an_image(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    data = yaml.safe_load(GREEN.read_text())
    (tmp_path / "x.png").write_bytes(b"not a picture")
    data["name"] = '<img src="x.png"/> Red'
    data["horses"][0]["name"] = "<b>Bold & <i>"
    source = tmp_path / "kit" / "chariot.yaml"
    source.parent.mkdir()
    source.write_text(yaml.safe_dump(data))
    assert main(["build", str(source.parent), "-o", str(tmp_path / "out")]) == 0
    pdf = open_pdf(tmp_path / "out" / "circus-maximus" / "record-sheets.pdf")
    page = pdf.pages[0]
    assert page.images == []
    text = page.extract_text()
    assert '<img src="x.png"/> Red' in text and "<b>Bold & <i>" in text


@pytest.mark.parametrize("markup", [
    '<img src="/etc/passwd"/>', "<b>open", "</b>", "a & b < c > d", "<b><i>x</b></i>",
    '<font color="red" face="Courier">x</font>', "&bogus; &#0; &#99999999;", "<a href='x'>y</a>",
    '<para autoLeading="max">', "<br>", "<<b>>",
])
def test_sanitised_markup_always_parses_and_keeps_no_foreign_tag(markup: str) -> None:
    register_fonts()
    clean = sanitise(markup)
    assert markup_problems(clean) == []
    Paragraph(clean, _style("PaddockSans", 8.0, 1.2, "left", "#000000"))
    for tag in ("<img", "<a ", "<para"):
        assert tag not in clean


@pytest.mark.parametrize("expression", [
    "{{ 'x' * 10**9 }}",
    "{{ ['x'] * 10**9 }}",
    "{{ 9 ** 99999999 }}",
    "{{ 'x'.ljust(10**9) }}",
    "{{ 'x' | center(10**9) }}",
    "{{ '%999999999d' % 1 }}",
    "{{ ('x' * 100000).replace('x', 'y' * 100000) }}",
    "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "{% for i in range(100000) %}xxxxxxxxxx{% endfor %}",
])
def test_renders_are_bounded(tmp_path: Path, expression: str) -> None:
    folder = user_templates(tmp_path, "{% block title %}" + expression + "{% endblock %}\n")
    started = time.monotonic()
    with pytest.raises(TemplateError) as caught:
        blocks(folder)
    assert time.monotonic() - started < 3.0
    assert "template refused" in str(caught.value) and f"{folder / SHEET}:2" in str(caught.value)


def test_a_render_that_runs_too_long_is_stopped(tmp_path: Path) -> None:
    loop = "{% for a in s %}{% for b in s %}{% endfor %}{% endfor %}"
    folder = user_templates(tmp_path, "{% block title %}{% set s = 'x' * 100000 %}" + loop
                            + "{% endblock %}\n")
    started = time.monotonic()
    with pytest.raises(TemplateError) as caught:
        blocks(folder, time_limit=0.3)
    assert time.monotonic() - started < 2.0
    assert "rendering took more than 0.3 s" in str(caught.value)


def test_an_emoji_in_a_name_is_an_error_at_its_position(tmp_path: Path) -> None:
    data = yaml.safe_load(GREEN.read_text())
    data["horses"][1]["name"] = "Swift \U0001F40E"
    data["note"] = "a note is never printed \U0001F600"
    path = tmp_path / "chariot.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                    encoding="utf-8")
    findings = check_file(path).findings
    assert [f.rule for f in findings] == ["TEXT-GLYPH"]
    finding = findings[0]
    assert "horses[1].name: character 7 of the text, U+1F40E HORSE" in finding.message
    line = path.read_text(encoding="utf-8").splitlines()[finding.mark.line - 1]
    assert "Swift" in line


def test_an_emoji_in_a_user_template_is_an_error_at_its_line_and_column(
        tmp_path: Path) -> None:
    folder = user_templates(tmp_path, "{% block subtitle %}Go \u2728 go{% endblock %}\n")
    with pytest.raises(TemplateError) as caught:
        blocks(folder)
    assert str(caught.value).startswith(f"{folder / SHEET}:2:24: U+2728 SPARKLES")


def test_the_shipped_templates_and_kit_use_only_drawable_characters() -> None:
    from generator.text.templates import builtin_templates_dir
    for template in builtin_templates_dir().rglob("*.j2"):
        assert missing_glyphs(template.read_text(encoding="utf-8")) == [], template
