"""``paddock serve``: the page shows each file's pages, findings and balance; a save rebuilds
that file alone; a save with errors keeps the last good pages and puts the errors on top;
and, in a real headless Chromium, a saved file shows in the open page."""

from __future__ import annotations

import shutil
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.commands.serve.server import StudioServer, start, stop
from generator.commands.serve.studio import Studio
from generator.commands.watching import file_states, watch_builds
from tests.conftest import VEHICLES

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")


class Running:
    """A studio served on a free port, following saves, for one test."""

    def __init__(self, folder: Path) -> None:
        self.studio = Studio([folder])
        before = file_states([folder])
        self.studio.rebuild_all()
        self.server: StudioServer = start(self.studio, 0)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.watcher = threading.Thread(target=watch_builds, kwargs={
            "paths": [folder], "rebuild": self.studio.rebuild, "stop": self.stopping,
            "debounce": 40, "on_start": self.ready.set, "since": before}, daemon=True)
        self.watcher.start()
        assert self.ready.wait(30), "the watcher did not arm"  # called once it is armed

    def get(self, path: str = "") -> bytes:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return bytes(response.read())

    def close(self) -> None:
        self.stopping.set()
        stop(self.server)
        self.watcher.join(5)
        self.studio.close()


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "vehicles"
    folder.mkdir()
    for name in ("whisper-gig", "marsh-hopper"):
        shutil.copy(VEHICLES / "frothy-races" / f"{name}.yaml", folder / f"{name}.yaml")
    monkeypatch.chdir(tmp_path)
    return Path("vehicles")


@pytest.fixture
def running(project: Path) -> Iterator[Running]:
    served = Running(project)
    yield served
    served.close()


def wait_for(condition: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def test_the_page_shows_each_files_pages_findings_and_balance(running: Running) -> None:
    page = running.get().decode()
    assert "Whisper Gig" in page and "Marsh Hopper" in page
    assert "Balance against Basic Chariot" in page and "rounds</td><td>lower" in page
    url = page.split('<img src="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    image = running.get(url.lstrip("/"))
    assert image.startswith(b"\x89PNG")


def test_a_save_rebuilds_that_file_alone(running: Running, project: Path) -> None:
    views = running.studio.files
    gig = next(v for v in views.values() if v.name == "Whisper Gig")
    marsh = next(v for v in views.values() if v.name == "Marsh Hopper")
    marsh_folder, gig_folder = marsh.folder, gig.folder
    path = project / "whisper-gig.yaml"
    path.write_text(path.read_text().replace("name: Whisper Gig", "name: Whisper Gig Two"))
    wait_for(lambda: gig.name == "Whisper Gig Two" and gig.folder != gig_folder)
    assert gig.folder is not None
    assert marsh.folder == marsh_folder, "the other file was not built again"


def first_event(running: Running, query: str) -> str:
    """The first event the stream sends (its ``event:`` name), read off a raw connection."""
    with urllib.request.urlopen(running.url + "events" + query, timeout=10) as stream:
        for raw in stream:
            line = raw.decode().strip()
            if line.startswith("event:"):
                return line.split(":", 1)[1].strip()
    return ""


def test_a_page_older_than_the_studio_is_told_to_reload_at_once(
        running: Running, project: Path) -> None:
    """The page says which version it shows when it asks for events: a save rebuilt after
    the page was drawn but before its event stream opened (a slow browser, a busy machine)
    reloads it at once instead of never."""
    page = running.get().decode()
    shown = int(page.split("/events?since=", 1)[1].split('"', 1)[0])
    assert shown == running.studio.version
    gig = next(v for v in running.studio.files.values() if v.name == "Whisper Gig")
    path = project / "whisper-gig.yaml"
    path.write_text(path.read_text().replace("name: Whisper Gig", "name: Whisper Gig Two"))
    wait_for(lambda: gig.name == "Whisper Gig Two")
    assert settled_version(running) > shown
    assert first_event(running, f"?since={shown}") == "reload"
    assert event_at_current_version(running) == "hello"
    assert first_event(running, "") == "hello"  # a page that does not say: from now on


def settled_version(running: Running) -> int:
    """The studio's version once the rebuild in hand is done (a rebuild holds the studio's
    lock and bumps the version as it starts writing pages and again as it ends: read in
    between, the version is one the studio is about to leave)."""
    with running.studio.lock:
        return running.studio.version


def event_at_current_version(running: Running, tries: int = 5) -> str:
    """The first event for a page showing the studio's version, asked until the version
    stayed the same while asking (a late file event may start another rebuild, which
    rightly tells the page to reload)."""
    for _ in range(tries):
        version = settled_version(running)
        event = first_event(running, f"?since={version}")
        if running.studio.version == version:
            return event
    return event


def test_a_save_with_errors_keeps_the_last_good_pages_and_shows_errors_on_top(
        running: Running, project: Path) -> None:
    gig = next(v for v in running.studio.files.values() if v.name == "Whisper Gig")
    good = list(gig.pdfs)
    path = project / "whisper-gig.yaml"
    path.write_text(path.read_text().replace("  reins: 3", "  reins: [3"))
    wait_for(lambda: gig.stale)
    page = running.get().decode()
    assert page.index('id="errors"') < page.index('class="file"')
    assert "YAML-SYNTAX" in page and "the pages are from the last good save" in page
    assert gig.pdfs == good and all(p.is_file() for _, p, _ in gig.pdfs)


NEEDS_BROWSER = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="no Chromium and chromedriver installed (Debian: apt-get install chromium "
           "chromium-driver; .ci/run installs them)")


def headless_chromium(profile: Path) -> Any:
    """A headless Chromium driven through chromedriver (quit it when done)."""
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


@NEEDS_BROWSER
def test_a_saved_file_shows_in_a_real_browser(running: Running, project: Path,
                                              tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    browser = headless_chromium(tmp_path / "chromium-profile")
    try:
        browser.get(running.url)
        names = [e.get_attribute("data-name") for e in browser.find_elements(By.CSS_SELECTOR,
                                                                            "section.file")]
        assert "Whisper Gig" in names
        image = browser.find_element(By.CSS_SELECTOR, "section.file .pages img")
        wait_for(lambda: browser.execute_script(
            "return arguments[0].complete && arguments[0].naturalWidth", image))
        path = project / "whisper-gig.yaml"
        path.write_text(path.read_text().replace("name: Whisper Gig", "name: Whisper Gig Mk II"))
        wait_for(lambda: "Whisper Gig Mk II" in browser.page_source)
        section = browser.find_element(By.CSS_SELECTOR,
                                       'section.file[data-name="Whisper Gig Mk II"]')
        image = section.find_element(By.CSS_SELECTOR, ".pages img")
        browser.execute_script("arguments[0].scrollIntoView()", image)  # images load lazily
        wait_for(lambda: browser.execute_script(
            "return arguments[0].complete && arguments[0].naturalWidth > 100", image))
    finally:
        browser.quit()


def test_serve_refuses_a_port_it_cannot_use(project: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from generator.commands.cli import main

    blocker = start(Studio([project]), 0)
    try:
        port = blocker.server_address[1]
        assert main(["serve", str(project), "--port", str(port)]) == 2
        assert f"cannot serve on 127.0.0.1:{port}" in capsys.readouterr().err
    finally:
        stop(blocker)


ITEMS = ("name,type,explodes,icon,effect\n"
         "Grease Pot,dropped,false,spikes,Spins whoever drives over it.\n"
         "Flare,fired,maybe,spikes,Fire it ahead.\n"
         "Caltrops,dropped,false,spikes,Sharp.\n")


@pytest.fixture
def table_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project whose kit reads Joyride items from a CSV table, one cell of it bad (C3:
    'maybe' where a yes or no goes)."""
    folder = tmp_path / "vehicles"
    folder.mkdir()
    (folder / "kit.yaml").write_text(
        "kind: kit\ntables:\n  - {file: items.csv, game: joyride, kind: item}\n")
    (folder / "items.csv").write_text(ITEMS)
    monkeypatch.chdir(tmp_path)
    return Path("vehicles")


def test_a_tables_findings_are_shown_on_its_cells(table_project: Path) -> None:
    served = Running(table_project)
    try:
        page = served.get().decode()
        section = page.split('data-name="items.csv"', 1)[1].split("</section>", 1)[0]
        assert "vehicles/items.csv:3:3 error SCHEMA-TYPE" in section
        assert '<td class="error" data-cell="C3" title="C3: error SCHEMA-TYPE' in section
        assert "<td>Grease Pot</td>" in section and "<th>C</th>" in section
        view = served.studio.files["vehicles/items.csv"]
        assert view.pdfs, "the rows without errors are printed"
    finally:
        served.close()


@NEEDS_BROWSER
def test_a_saved_table_shows_its_new_findings_in_a_real_browser(table_project: Path,
                                                                tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    served = Running(table_project)
    browser = headless_chromium(tmp_path / "chromium-profile")
    try:
        browser.get(served.url)
        marked = browser.find_elements(By.CSS_SELECTOR, "table.sheet td.error")
        assert [cell.get_attribute("data-cell") for cell in marked] == ["C3"]
        assert marked[0].text == "maybe"
        (table_project / "items.csv").write_text(
            ITEMS.replace("maybe", "true").replace("Caltrops,dropped", "Caltrops,droped"))

        def moved() -> bool:
            # One script reads every marked cell at once: the page may reload between a
            # lookup and a read of the elements it found (a stale element).
            return bool(browser.execute_script(
                "return [...document.querySelectorAll('table.sheet td.error')]"
                ".map(cell => cell.dataset.cell)") == ["B4"])

        wait_for(moved, 30)  # a busy machine: the watcher, the rebuild and the reload
        finding = browser.find_element(By.CSS_SELECTOR, "section.file .finding.error")
        assert finding.text.startswith("vehicles/items.csv:4:2 error SCHEMA-VALUE")
        browser.set_window_size(1200, 1100)
        browser.save_screenshot(str(tmp_path / "table.png"))  # to look at
    finally:
        browser.quit()
        served.close()



def check_lines(folder: Path, name: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """What ``paddock check --format json`` finds in one file of ``folder``, each finding as
    the studio writes it beside the file: 'line:column severity RULE: message'."""
    import json

    from tests.conftest import run_cli

    code, out, _ = run_cli(["check", str(folder), "--format", "json"], capsys)
    assert code == 1
    return [f"{f['line']}:{f['column']} {f['severity']} {f['rule']}: {f['message']}"
            for f in json.loads(out)["findings"] if Path(f["file"]).name == name]


@NEEDS_BROWSER
def test_a_saved_file_shows_the_findings_check_finds_in_a_real_browser(
        running: Running, project: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    # A format error (and the rules it holds back), a rule's error and a warning: the page
    # lists each as `paddock check` does, at the same line and column, none more or fewer.
    from selenium.webdriver.common.by import By

    path = project / "whisper-gig.yaml"
    text = path.read_text()
    for old, new in (("  reins: 3", "  reins: 30"),                      # SCHEMA-VALUE
                     ("[0, 0, 1, 1, 2, 2, 3]", "[1, 0, 1, 1, 2, 2, 3]")):  # FR-SPEED-ZERO-MOVES
        assert old in text
        text = text.replace(old, new, 1)
    browser = headless_chromium(tmp_path / "chromium-profile")
    try:
        browser.get(running.url)
        path.write_text(text)
        wanted = check_lines(project, path.name, capsys)
        assert {"SCHEMA-VALUE", "CHECK-SKIPPED", "FR-SPEED-ZERO-MOVES"} <= {
            line.split()[2].rstrip(":") for line in wanted}

        def shown() -> list[str]:  # one script: the page may reload between two lookups
            return list(browser.execute_script(
                "const s = document.querySelector('section.file[data-name=\"Whisper Gig\"]');"
                "return s ? [...s.querySelectorAll('.finding')].map(f => f.innerText) : [];"))

        wait_for(lambda: shown() == wanted, 60)  # one save, shown (a busy machine: 60 s)
        assert browser.find_elements(By.CSS_SELECTOR, "#errors .finding.error")
    finally:
        browser.quit()
