"""Parsed data files are kept between runs, and never read once the file changes."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from generator.keep import data_yaml
from generator.keep.cache_folder import cache_folder
from generator.keep.data_yaml import read_data


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return cache_folder() / "data"


def stored(cache: Path) -> list[Path]:
    return sorted(cache.glob("*.marshal")) if cache.is_dir() else []


def test_a_second_read_comes_from_the_cache_and_an_edit_is_parsed_afresh(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "rules.yaml"
    data.write_text("book: First\nrules: {A: {severity: error}}\n", encoding="utf-8")
    assert read_data(data) == {"book": "First", "rules": {"A": {"severity": "error"}}}
    assert len(stored(cache)) == 1
    parses: list[str] = []
    real_load = data_yaml.yaml.load

    def counting_load(text: str, Loader: object) -> object:  # noqa: N803 (PyYAML's name)
        parses.append(text)
        return real_load(text, Loader=Loader)  # noqa: S506 (safe loader)

    monkeypatch.setattr(data_yaml.yaml, "load", counting_load)
    assert read_data(data)["book"] == "First"
    assert parses == []  # from the cache
    # The same size and even the same modification time: the bytes decide.
    data.write_text("book: Other\nrules: {A: {severity: error}}\n", encoding="utf-8")
    assert read_data(data)["book"] == "Other"
    assert len(parses) == 1
    assert len(stored(cache)) == 2


def test_a_damaged_cache_entry_is_parsed_afresh(tmp_path: Path, cache: Path) -> None:
    data = tmp_path / "legend.yaml"
    data.write_text("items: [1, 2, 3]\n", encoding="utf-8")
    read_data(data)
    (entry,) = stored(cache)
    entry.write_bytes(entry.read_bytes()[:3])
    assert read_data(data) == {"items": [1, 2, 3]}


def test_values_marshal_cannot_hold_are_parsed_every_time(tmp_path: Path,
                                                          cache: Path) -> None:
    data = tmp_path / "dates.yaml"
    data.write_text("when: 2026-11-25\n", encoding="utf-8")
    assert read_data(data) == {"when": datetime.date(2026, 11, 25)}
    assert stored(cache) == []
    assert read_data(data) == {"when": datetime.date(2026, 11, 25)}


def test_no_cache_folder_means_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would go\n")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    data = tmp_path / "plain.yaml"
    data.write_text("name: plain\n", encoding="utf-8")
    assert read_data(data) == {"name": "plain"}
    assert read_data(data) == {"name": "plain"}


def test_icons_come_back_from_the_cache_as_parsed_and_an_edit_is_seen(
        tmp_path: Path, cache: Path) -> None:
    from generator.errors import InputError
    from generator.paper import icons

    builtin = icons.IconSet().icons
    icons._load_icons.cache_clear()
    assert icons.IconSet().icons == builtin == icons._parse_icons(icons.BUILTIN_ICONS)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "icons.yaml").write_text("dot:\n  - circle: [50, 50, 10]\n    fill: ink\n")
    assert icons.IconSet(mine)["dot"].shapes[0].geometry == (50.0, 50.0, 10.0)
    icons._load_icons.cache_clear()
    (mine / "icons.yaml").write_text("dot:\n  - circle: [50, 50, 20]\n    fill: ink\n")
    assert icons.IconSet(mine)["dot"].shapes[0].geometry == (50.0, 50.0, 20.0)
    icons._load_icons.cache_clear()
    (mine / "icons.yaml").write_text("dot:\n  - circle: [50, 50]\n")
    for _ in range(2):  # a broken file is never kept: it fails every time
        icons._load_icons.cache_clear()
        with pytest.raises(InputError):
            icons.IconSet(mine)


SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="40">'
       '<rect width="{w}" height="40" fill="#c00"/></svg>')


def test_an_svg_is_read_once_kept_and_read_afresh_when_edited(tmp_path: Path,
                                                               cache: Path) -> None:
    from generator.paper import art

    picture = tmp_path / "car.svg"
    picture.write_text(SVG.format(w=80))
    art._read.cache_clear()
    assert art._read_svg(str(picture)).width == 60.0  # 80 px at 0.75 pt a pixel
    assert art._read_svg(str(picture)).width == 60.0  # 80 px at 0.75 pt a pixel
    picture.write_text(SVG.format(w=120))
    assert art._read_svg(str(picture)).width == 90.0
    drawing = art.svg_drawing(str(picture), picture.stat().st_mtime)
    assert (drawing.width, drawing.height) == (90.0, 30.0)
    art.svg_drawing.cache_clear()
    again = art.svg_drawing(str(picture), picture.stat().st_mtime)  # from the kept pickle
    assert again is not drawing and (again.width, again.height) == (90.0, 30.0)
    assert list((cache.parent / "art").glob("*.pickle"))


def test_a_broken_svg_is_reported_every_time(tmp_path: Path, cache: Path) -> None:
    from generator.paper import art

    picture = tmp_path / "broken.svg"
    picture.write_text("<svg xmlns='http://www.w3.org/2000/svg' width='10'")
    for _ in range(2):
        with pytest.raises(art.ArtUnreadable):
            art._read_svg(str(picture))
