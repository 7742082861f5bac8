"""From save to browser: how long an edited vehicle takes to show in ``paddock serve``'s page.

    .venv/bin/python bench/serve.py              # 15 saves on a copy of the default kit
    .venv/bin/python bench/serve.py --saves 30

Runs ``paddock serve`` as a user does (its own process, on a copy of vehicles/), opens the
page in headless Chromium (Debian's chromium and chromedriver, driven by selenium), then
saves a vehicle again and again with a new name and times each save from the write to the
moment the page in the browser holds the new name and its first page image has loaded. The
goal (issue 23) is 0.5 s. Prints the median, the 90th percentile and the slowest, and the
server's own rebuild times from its log.
"""

from __future__ import annotations

import argparse
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import save_results  # noqa: E402  (bench/ is on the path when run as a script)

SHOWN = """
const section = document.querySelector(`section.file[data-name="${arguments[0]}"]`);
if (!section) return false;
const image = section.querySelector('.pages img');
if (!image) return false;
image.loading = 'eager';
return image.complete && image.naturalWidth > 0;
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def browser(profile: Path):  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or ""), options=options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--saves", type=int, default=15)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    shutil.copytree(ROOT / "vehicles", work / "vehicles")
    target = work / "vehicles" / "frothy-races" / "whisper-gig.yaml"
    original = target.read_text()
    port = free_port()
    log = (work / "serve.log").open("w")
    server = subprocess.Popen([str(ROOT / ".venv" / "bin" / "paddock"), "serve", "--port",
                               str(port)], cwd=work, stdout=log, stderr=subprocess.STDOUT)
    page = browser(work / "profile")
    times = []
    try:
        deadline = time.monotonic() + 60
        while "serving" not in (work / "serve.log").read_text():
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("paddock serve did not start:\n"
                                 + (work / "serve.log").read_text())
            time.sleep(0.1)
        page.get(f"http://127.0.0.1:{port}/")
        time.sleep(1.0)
        for number in range(1, args.saves + 1):
            name = f"Whisper Gig {number}"
            started = time.perf_counter()
            target.write_text(original.replace("name: Whisper Gig", f"name: {name}"))
            while not page.execute_script(SHOWN, name):
                if time.perf_counter() - started > 20:
                    raise SystemExit(f"save {number} did not show within 20 s")
                time.sleep(0.005)
            times.append(time.perf_counter() - started)
            time.sleep(0.3)
    finally:
        page.quit()
        server.send_signal(signal.SIGINT)
        server.wait(10)
        log.close()
    rebuilds = [int(ms) for ms in re.findall(r"page updated in (\d+) ms",
                                             (work / "serve.log").read_text())]
    times.sort()
    results = {"saves": len(times), "median_s": statistics.median(times),
               "p90_s": times[int(0.9 * (len(times) - 1))], "max_s": times[-1],
               "server_rebuild_median_ms": statistics.median(rebuilds) if rebuilds else None}
    print(f"save to browser, {len(times)} saves of one Frothy Races vehicle in the default kit:")
    print(f"  median {results['median_s']:.3f} s, 90th percentile {results['p90_s']:.3f} s, "
          f"slowest {results['max_s']:.3f} s (goal: 0.5 s)")
    print(f"  the server's own rebuild: median {results['server_rebuild_median_ms']} ms")
    print(f"results: {save_results('serve', results)}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
