"""The command line's own mistakes in plain words: an argparse parser whose errors name the
nearest choice or option ('--bot carefull': did you mean 'careful'?), say what a number
option wants instead of 'invalid int value', and report an unknown option under the
command it was given to, with that command's usage."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import Any, NoReturn

from generator.input.schema import did_you_mean

_INVALID_CHOICE = re.compile(
    r"^(?P<head>argument (?P<arg>[^:]+): )invalid choice: (?P<value>'.*?'|\S+) "
    r"\(choose from (?P<choices>.*)\)$", re.DOTALL)
_INVALID_NUMBER = re.compile(
    r"^(?P<head>argument (?P<arg>[^:]+): )invalid (?P<kind>int|float) value: (?P<value>.*)$",
    re.DOTALL)
_OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")


def _unquote(text: str) -> str:
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == "'" else text


def plain_message(message: str) -> str:
    """argparse's message for a bad choice or number, with the nearest choice suggested
    and what to write instead; any other message unchanged."""
    choice = _INVALID_CHOICE.match(message)
    if choice:
        value = _unquote(choice["value"])
        choices = [_unquote(c) for c in re.findall(r"'[^']*'|[^\s,]+", choice["choices"])]
        guess = did_you_mean(value, choices)
        return (f"{choice['head']}unknown value {value!r}"
                + (f"; did you mean {guess!r}?" if guess else "")
                + f" (choose from {', '.join(choices)})")
    number = _INVALID_NUMBER.match(message)
    if number:
        wanted = "a whole number such as 7" if number["kind"] == "int" else "a number such as 2.5"
        return f"{number['head']}write {wanted}, not {number['value']}"
    return message


def options_of(parser: argparse.ArgumentParser) -> list[str]:
    """The option strings a parser accepts, read from its help (argparse has no public
    list of them)."""
    return sorted(set(_OPTION.findall(parser.format_help())))


def unrecognized_message(extras: Sequence[str], parser: argparse.ArgumentParser) -> str:
    """'unrecognized arguments', with the nearest option for each unknown one."""
    options = options_of(parser)
    words = []
    for word in extras:
        guess = did_you_mean(word.split("=", 1)[0], options) if word.startswith("-") else None
        words.append(f"{word!r}" + (f" (did you mean {guess!r}?)" if guess else ""))
    return (f"unrecognized arguments: {', '.join(words)}; "
            f"'{parser.prog} --help' lists what it takes")


class PaddockParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors suggest the nearest choice or option."""

    def error(self, message: str) -> NoReturn:
        super().error(plain_message(message))

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: Any = None) -> argparse.Namespace:
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            commands = dict(self.get_default("commands") or {})
            target = commands.get(getattr(parsed, "command", None) or "", self)
            target.error(unrecognized_message(extras, target))
        return parsed


def choose_from(option: str, value: str, choices: Sequence[str]) -> str:
    """'--scenario duell: unknown value; did you mean 'duel'? (choose from ...)': for a
    choice checked after parsing, in the same words argparse's choices get."""
    guess = did_you_mean(value, list(choices))
    return (f"{option}: unknown value {value!r}" + (f"; did you mean {guess!r}?" if guess else "")
            + f" (choose from {', '.join(choices)})")
