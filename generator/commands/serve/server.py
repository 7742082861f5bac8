"""The studio's web server: the page, its page images, and a stream that tells the browser
to reload (server-sent events). The standard library's threaded HTTP server on 127.0.0.1
is all it needs: one page, a few images, one event stream per open tab.
"""

from __future__ import annotations

import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

from generator.commands.serve.page import page_html, page_image
from generator.commands.serve.studio import Studio

KEEP_ALIVE = 15.0  # seconds between comments on an idle event stream


class StudioServer(ThreadingHTTPServer):
    """An HTTP server holding the studio it shows."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, studio: Studio, port: int) -> None:
        self.studio = studio
        self.stopping = threading.Event()
        super().__init__(("127.0.0.1", port), StudioHandler)


class StudioHandler(BaseHTTPRequestHandler):
    """``/``: the page; ``/pages/KEY/N.png``: a page image; ``/events``: reload events."""

    server: StudioServer

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        url = urlparse(self.path)
        route = url.path
        if route == "/":
            self.send(HTTPStatus.OK, "text/html; charset=utf-8",
                      page_html(self.server.studio).encode("utf-8"))
        elif route == "/events":
            self.stream_events(shown_version(url.query))
        elif route.startswith("/pages/") and route.endswith(".png"):
            key, _, number = unquote(route[len("/pages/"):-len(".png")]).rpartition("/")
            image = page_image(self.server.studio, key, number)
            if image is None:
                self.send(HTTPStatus.NOT_FOUND, "text/plain", b"no such page")
            else:
                self.send(HTTPStatus.OK, "image/png", image, cache=True)
        else:
            self.send(HTTPStatus.NOT_FOUND, "text/plain", b"not found")

    def send(self, status: HTTPStatus, kind: str, body: bytes, cache: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=3600" if cache else "no-store")
        self.end_headers()
        self.wfile.write(body)

    def stream_events(self, shown: int | None) -> None:
        """Send ``reload`` each time the studio changes, until the browser goes; at once
        when it changed after the version the page shows (``shown``: a save rebuilt while
        the page was loading, before it asked for events, would otherwise never show)."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        studio = self.server.studio
        seen = studio.version if shown is None else min(shown, studio.version)
        try:
            if studio.version > seen:
                seen = studio.version
                self.wfile.write(f"event: reload\ndata: {seen}\n\n".encode())
                self.wfile.flush()
            self.wfile.write(f"event: hello\ndata: {seen}\n\n".encode())
            self.wfile.flush()
            while not self.server.stopping.is_set():
                now = studio.wait_for_change(seen, KEEP_ALIVE)
                message = f"event: reload\ndata: {now}\n\n" if now > seen else ": idle\n\n"
                seen = now
                self.wfile.write(message.encode())
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - http.server's
        return  # quiet: the terminal shows what was rebuilt, not every request


def shown_version(query: str) -> int | None:
    """The studio version a page says it shows (``/events?since=N``), if it says."""
    values = parse_qs(query).get("since", [])
    return int(values[0]) if values and values[0].isdigit() else None


def start(studio: Studio, port: int) -> StudioServer:
    """Serve ``studio`` on 127.0.0.1:``port`` from a background thread."""
    server = StudioServer(studio, port)
    threading.Thread(target=server.serve_forever, name="paddock-serve", daemon=True).start()
    return server


def stop(server: StudioServer) -> None:
    """Stop serving: end the event streams, then the server."""
    server.stopping.set()
    with server.studio.changed:
        server.studio.changed.notify_all()
    server.shutdown()
    server.server_close()
