"""Start-up stays lazy: a command loads only the game and the code it uses."""

from __future__ import annotations

import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from generator.project.registry import GAME_MODULES, GAMES

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game_id", list(GAME_MODULES))
def test_registry_id_names_the_game_its_module_defines(game_id: str) -> None:
    assert import_module(GAME_MODULES[game_id]).GAME.id == game_id
    assert GAMES[game_id].id == game_id


def test_unknown_game_is_not_in_the_registry() -> None:
    assert "frothy" not in GAMES
    with pytest.raises(KeyError):
        GAMES["frothy"]


def modules_after(argv: list[str]) -> set[str]:
    """The modules loaded by running the CLI with ``argv`` in a fresh interpreter."""
    script = ("import sys\nfrom generator.commands.cli import main\n"
              f"main({argv!r})\nprint('MODULES', *sorted(sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    line = [row for row in done.stderr.splitlines() if row.startswith("MODULES ")][-1]
    return set(line.split()[1:])


def test_check_of_one_vehicle_loads_only_its_game_and_no_balance_code() -> None:
    loaded = modules_after(["check", "vehicles/frothy-races/basic-chariot.yaml"])
    assert "generator.games.frothy_races" in loaded
    assert not {"generator.games.joyride", "generator.games.outrider",
                "generator.balance.hook", "generator.games.frothy_races.balance",
                "generator.probability", "generator.commands.build",
                "generator.commands.schema_docs",
                "generator.tracks.outputs", "generator.tracks.sheets"} & loaded


@pytest.mark.parametrize("game_id", [game for game in GAME_MODULES
                                     if GAMES[game].balance_loader is not None])
def test_each_game_loads_its_balance_profile_on_first_use(game_id: str) -> None:
    hook = GAMES[game_id].balance
    assert hook is not None and hook is GAMES[game_id].balance
    assert hook.rules in GAMES[game_id].rule_books()


def test_the_web_address_pattern_is_compiled_on_first_use_and_matches_as_reportlabs() -> None:
    script = ("import re, sys\nimport generator.text.platypus\n"
              "from reportlab.platypus import paragraph\n"
              "lazy = paragraph.uri_pat\n"
              "print('LAZY', type(lazy).__name__, lazy._compiled is None, file=sys.stderr)\n"
              "real = re.compile(*lazy._source)\n"
              "for text in ('https://example.com/a/b?c=1', 'mailto:x@y', 'not a uri',\n"
              "             'HTTP://EXAMPLE.ORG', 'ftp://10.0.0.1:21/x'):\n"
              "    a, b = lazy.match(text), real.match(text)\n"
              "    print('SAME', (a and a.groups()) == (b and b.groups()), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    rows = done.stderr.splitlines()
    assert "LAZY LazyPattern True" in rows, done.stderr[-2000:]
    assert [row for row in rows if row.startswith("SAME")] == ["SAME True"] * 5
