"""``paddock serve``: its options, and what it does once parsed."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator.commands.arguments import MAX_PORT, add_inputs, command, default_paths, positive
from generator.errors import UsageError
from generator.project.loading import find_files

DEFAULT_PORT = 8765
SERVE_DEBOUNCE_MS = 40  # an editor's save (write, rename) arrives within this


def add_serve_command(commands: argparse._SubParsersAction) -> None:
    """``paddock serve``: the studio page."""
    serve = command(
        commands, "serve", "a live page: pages, findings and balance, updated on every save",
        "Serve a local page (127.0.0.1 only) showing each definition's printed pages, its "
        "findings beside it and its balance against the baseline; the page reloads itself "
        "when a file is saved. What a save rebuilds: a definition saved, that file alone "
        "(checked, then its own pages and balance); the kit, a template or a picture "
        "saved, everything. A save with errors keeps the file's last good pages and puts "
        "its errors on top. Ctrl-C stops.",
        ["paddock serve", "paddock serve vehicles/frothy-races --port 8000"])
    add_inputs(serve)
    serve.add_argument("--port", type=positive("port", MAX_PORT), default=DEFAULT_PORT, metavar="N",
                       help=f"the port on 127.0.0.1 (default: {DEFAULT_PORT})")
    serve.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    """Build everything, serve it, rebuild on each save until Ctrl-C."""
    from generator.commands.serve.page import first_pages
    from generator.commands.serve.server import start, stop
    from generator.commands.serve.studio import Studio
    from generator.commands.watching import file_states, watch_builds

    paths = default_paths(args.paths)
    if args.port > 65535:
        raise UsageError(f"--port {args.port}: give a port from 1 to 65535")
    # A mistyped path is bad input, not an empty page waiting for it (an empty folder is
    # fine: files saved into it later are served).
    find_files([path for path in paths if not path.exists()])
    studio = Studio(paths, args.templates)
    started = time.perf_counter()
    # What is saved while the first build runs is built once the watcher is armed.
    before = file_states([p for p in studio.watched() if p.exists()])
    studio.rebuild_all()
    try:
        server = start(studio, args.port)
    except OSError as exc:
        studio.close()
        raise UsageError(f"--port {args.port}: cannot serve on 127.0.0.1:{args.port} "
                         f"({exc.strerror}); give another port") from exc
    print(f"serving {', '.join(map(str, paths))} at http://127.0.0.1:{args.port}/ "
          f"({len(studio.files)} files, ready in {time.perf_counter() - started:.1f} s); "
          "Ctrl-C stops", flush=True)

    def rebuild(changed: list[Path]) -> None:
        studio.rebuild(changed)
        first_pages(studio, changed)  # while the browser reloads the page
        errors = sum(len(view.errors) for view in studio.files.values())
        print(f"saved {', '.join(map(str, changed))}: page updated in "
              f"{studio.last_rebuild * 1000:.0f} ms"
              + (f"; {errors} error{'s' * (errors != 1)} shown on top" if errors else ""),
              flush=True)

    try:
        watch_builds(studio.watched(), rebuild, debounce=SERVE_DEBOUNCE_MS, since=before)
    finally:
        stop(server)
        studio.close()
    print("stopped", file=sys.stderr)
    return 0
