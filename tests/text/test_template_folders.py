"""A ``--templates`` folder from a stranger: no file outside it is ever read (a symbolic link
out of it is refused), only regular files of bounded size are read, text must be UTF-8, and
a render is bounded in the memory it builds, not only in time."""

from __future__ import annotations

import os
import time
import tracemalloc
from pathlib import Path

import pytest

from generator.errors import TemplateError
from generator.text.confined import MAX_FILE_BYTES, readable_files
from generator.text.templates import TextTemplates
from tests.text.test_template_safety import BASE, SHEET, blocks, user_templates


def test_a_link_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("PRIVATE KEY", encoding="utf-8")
    folder = user_templates(tmp_path, '{% block name %}{% include "leak.txt" %}{% endblock %}')
    (folder / "leak.txt").symlink_to(secret)
    with pytest.raises(TemplateError, match="symbolic link out of the templates folder"):
        blocks(folder)


def test_a_template_that_is_a_link_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside.j2"
    outside.write_text(BASE, encoding="utf-8")
    folder = tmp_path / "templates"
    (folder / SHEET).parent.mkdir(parents=True)
    (folder / SHEET).symlink_to(outside)
    with pytest.raises(TemplateError, match="out of the templates folder"):
        blocks(folder)


def test_a_link_inside_the_folder_is_followed(tmp_path: Path) -> None:
    folder = user_templates(tmp_path, '{% block name %}{% include "here.txt" %}{% endblock %}')
    (folder / "real.txt").write_text("Inside", encoding="utf-8")
    (folder / "here.txt").symlink_to(folder / "real.txt")
    assert blocks(folder)["name"] == "Inside"


def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    folder = user_templates(tmp_path, '{% block name %}{% include "pipe.txt" %}{% endblock %}')
    os.mkfifo(folder / "pipe.txt")
    started = time.monotonic()
    with pytest.raises(TemplateError, match="not a regular file"):
        blocks(folder)
    assert time.monotonic() - started < 3


def test_a_huge_file_is_refused_and_never_read_whole(tmp_path: Path) -> None:
    folder = user_templates(tmp_path, '{% block name %}{% include "big.txt" %}{% endblock %}')
    with open(folder / "big.txt", "wb") as big:  # sparse: 2 GB on paper, nothing on disk
        big.truncate(2 * 1024 ** 3)
    tracemalloc.start()
    with pytest.raises(TemplateError, match=f"at most {MAX_FILE_BYTES:,}"):
        blocks(folder)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 50 * 1024 ** 2


def test_a_template_not_in_utf8_is_an_error_at_its_line_and_column(tmp_path: Path) -> None:
    folder = user_templates(tmp_path, "{% block name %}ok{% endblock %}")
    (folder / SHEET).write_bytes(BASE.encode() + b"{% block name %}caf\xe9{% endblock %}\n")
    with pytest.raises(TemplateError, match=r"record-sheet\.j2:2:20: byte 0xe9 is not UTF-8"):
        blocks(folder)


def test_the_render_key_reads_only_files_the_loader_could_read(tmp_path: Path) -> None:
    folder = user_templates(tmp_path, "{% block name %}ok{% endblock %}")
    os.mkfifo(folder / "pipe")
    (folder / "away").symlink_to(tmp_path)
    assert blocks(folder)["name"] == "ok"  # neither hangs on the FIFO nor walks out


def test_a_linked_sub_folder_inside_the_folder_counts_in_the_render_key(tmp_path: Path) -> None:
    """The loader reads through a link to a sub-folder that stays inside the templates folder,
    so an edit there must change the key the renders are kept by (or an old render is reused)."""
    folder = user_templates(tmp_path, '{% block name %}{% include "linked/part.txt" %}'
                                      '{% endblock %}')
    (folder / "real").mkdir()
    part = folder / "real" / "part.txt"
    part.write_text("first", encoding="utf-8")
    (folder / "linked").symlink_to(folder / "real", target_is_directory=True)
    names = [name for name, _ in readable_files(folder)]
    assert os.path.join("linked", "part.txt") in names
    before = TextTemplates(folder)._templates_digest
    part.write_text("second", encoding="utf-8")
    assert TextTemplates(folder)._templates_digest != before


def test_a_folder_link_loop_or_out_of_the_folder_is_walked_once_and_never_out(
        tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("PRIVATE", encoding="utf-8")
    folder = user_templates(tmp_path, "{% block name %}ok{% endblock %}")
    (folder / "sub").mkdir()
    (folder / "sub" / "up").symlink_to(folder, target_is_directory=True)  # a loop
    (folder / "sub" / "out").symlink_to(outside, target_is_directory=True)
    names = [name for name, _ in readable_files(folder)]
    assert len(names) == len(set(names))
    assert not any("secret" in name for name in names)
    assert all(not name.startswith(os.path.join("sub", "up")) for name in names)


@pytest.mark.parametrize("body", [
    "{% set a = ['x'] %}{% for i in range(40) %}{{ a.extend(a) }}{% endfor %}",
    "{% set ns = namespace(a='x') %}{% for i in range(40) %}{% set ns.a = ns.a ~ ns.a %}"
    "{% endfor %}",
    "{% set a = [] %}{% set b = 'y' * 199000 %}{% for i in range(100000) %}"
    "{{ a.append(b ~ i) }}{% endfor %}",
    "{{ '{:>{}}'.format('x', 999999999) }}",
    "{{ '%*d' % (999999999, 1) }}",
    "{% set s = 'x' * 100000 %}{{ s|replace('x', s) }}",
    "{% set s = 'x' * 100000 %}{{ s.replace('x', s) }}",
    "{% set s = '\\n' * 100000 %}{{ s|indent('x' * 100000) }}",
    "{% set s = ['x' * 100000] * 1000 %}{{ s|join }}",
    "{{ [1]|batch(999999999, 'x')|list }}",
    "{% set ns = namespace(a=10) %}{% for i in range(40) %}{% set ns.a = ns.a * ns.a %}"
    "{% endfor %}",
    "{% set ns = namespace(a='x') %}{% for i in range(40) %}{% set b %}{{ ns.a }}{{ ns.a }}"
    "{% endset %}{% set ns.a = b %}{% endfor %}",
    "{{ lipsum(999999999) }}",
])
def test_hostile_renders_are_refused_in_little_memory(tmp_path: Path, body: str) -> None:
    folder = user_templates(tmp_path, "{% block name %}" + body + "{% endblock %}")
    tracemalloc.start()
    with pytest.raises(TemplateError):
        blocks(folder)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 100 * 1024 ** 2


@pytest.mark.parametrize("size", ["0", "5.9", "1"])
def test_text_under_the_6_pt_floor_is_refused(tmp_path: Path, size: str) -> None:
    folder = user_templates(tmp_path, f'{{% block name %}}<font size="{size}">x</font>'
                                      "{% endblock %}")
    with pytest.raises(TemplateError, match="under the 6 pt floor"):
        blocks(folder)


def test_six_points_and_over_pass(tmp_path: Path) -> None:
    folder = user_templates(tmp_path, '{% block name %}<font size="6">x</font>{% endblock %}')
    assert blocks(folder)["name"] == '<font size="6">x</font>'


def test_a_folder_that_is_not_there_is_a_template_error(tmp_path: Path) -> None:
    with pytest.raises(TemplateError, match="no such folder"):
        TextTemplates(tmp_path / "missing")
